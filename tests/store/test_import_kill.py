"""Promise: a `stud-hh import` killed at any moment leaves a database that opens, that
`stud-hh check` finds sound, and that the next import completes to exactly what an
uninterrupted import stores: every table alike, the `files` rows and their counts included.
Killed by SIGKILL it stops on the spot (its worker processes end with it); by SIGTERM it
stops itself as Ctrl-C does: its workers stopped, the tables it committed past the last
complete batch taken back, nothing half-written left, one line (`stud-hh: interrupted`, no
warning of multiprocessing's) and exit 130.

Three imports are killed: twenty small files on one process (`--jobs 1`) and on two, and
one file cut into chunks on two (what a large file is), in processes forked from one that
has imported stud-hh (`import_killer.Forks`: each a command of its own, its own session,
worker processes and standard error). The kill points are drawn (seeded) among the events
an uninterrupted import goes through in the importing process (`import_killer.EVENTS`):
inside a data file's write, before and after each table's Delta commit of a batch (the
batch then half committed), before its `batches` row, just after a batch is taken in
(half-way through the file in chunks), before a batch is rewritten without repeated
hands, and in the end compaction (its merges, its commits); the import sends itself the
signal there. Then signals from outside, once the test sees a drawn number of batches (or
of the data files the workers write, half-way through the file in chunks) on disk, the
last to the `stud-hh` command itself. Every point is one of progress, never of time: a
loaded machine is only slower. A half-committed batch is read as the batch before it (the
database opens as it was, `check` notes it) and the next import takes it back.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from helpers import (
    BROKEN_HAND,
    batches_committed,
    large_file,
    sample_hand_texts,
    table_digests,
    untracked,
    write_renumbered,
)
from import_killer import Ended, Forks, Settings, environment, watch

from stud_hh.cli import main
from stud_hh.store.database import open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.integrity import check_database
from stud_hh.store.storage import MARKER

SEED = 15
INTERRUPTED = "stud-hh: interrupted"
"""All a SIGTERM-ed import prints (quiet: no progress bar)."""


@dataclass(frozen=True)
class Case:
    """What is imported (``files`` or ``chunked``), on how many processes, cut how."""

    folder: str
    jobs: int
    settings: Settings


CASES = {
    "files-1": Case("files", 1, Settings(tasks=8, compact_parts=4)),
    "files-2": Case("files", 2, Settings(tasks=4, compact_parts=4)),
    "chunked-2": Case("chunked", 2, Settings(tasks=4, chunk_min=1, compact_parts=4)),
}
"""Twenty small files on one process and on two, and a file of 100 hands (200 kB) cut into
8 chunks on two: 8 to 10 batches each, enough for the end compaction to merge (4 parts a table)."""


def many_files(folder: Path) -> Path:
    """18 files of 6 hands, a copy of one of them (its hands repeated in another batch) and
    a file with one unreadable hand: every table gets rows, and a part or two is rewritten."""
    texts = sample_hand_texts()
    folder.mkdir()
    for i in range(18):
        write_renumbered(folder / f"s{i:02d}.txt", texts[i % len(texts):], 6,
                         7_000_000_000 + i * 100)
    (folder / "s99-copy.txt").write_bytes((folder / "s03.txt").read_bytes())
    (folder / "s98-broken.txt").write_text(BROKEN_HAND, encoding="utf-8")
    return folder


def contents(root: Path) -> dict[str, Any]:
    """What a database holds: every table's rows (as digests), and its ``files`` rows."""
    files = open_db(root).files()
    return {"tables": table_digests(root),
            "files": sorted(zip(files["file"].map(lambda f: Path(f).name), files["hands"],
                                files["skipped"], files["failures"], strict=True))}


@dataclass
class Clean:
    """An uninterrupted import of a case: its histories, what it stores, and the events
    it went through (in the importing process)."""

    folder: Path
    expected: dict[str, Any]
    counts: Counter[str]


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> Callable[[str], Clean]:
    """The uninterrupted import of each case, made once when first asked for."""
    base = tmp_path_factory.mktemp("kill")
    made: dict[str, Clean] = {}

    def of(name: str) -> Clean:
        if name in made:
            return made[name]
        case = CASES[name]
        folder = base / case.folder
        if not folder.exists():
            if case.folder == "files":
                many_files(folder)
            else:
                large_file(folder, 100)
        counts: Counter[str] = Counter()
        with pytest.MonkeyPatch.context() as monkeypatch:
            case.settings.apply(monkeypatch.setattr)
            watch(monkeypatch.setattr, lambda kind: counts.update([kind]))
            summary = import_paths([folder], base / f"{name}.db", jobs=case.jobs)
        assert (summary.failures_new, summary.duplicates) == (
            1, 6 if case.folder == "files" else 2)
        assert counts["merge"] >= 1, counts
        assert counts["batch"] >= 8, counts
        assert counts["row"] >= 2, counts  # an import's batch or more, and the compaction
        assert counts["committed"] > counts["row"], counts
        made[name] = Clean(folder, contents(base / f"{name}.db"), counts)
        return made[name]

    return of


@pytest.fixture(scope="module")
def forks() -> Iterator[Forks]:
    server = Forks()
    yield server
    server.close()


def test_an_uninterrupted_import_stores_the_same_on_one_process_or_two(
        tmp_path: Path, clean: Callable[[str], Clean]) -> None:
    """What every kill is held to does not depend on the processes, nor on how the files
    are cut into batches: the copy of a file has no hand stored from it, and its ``files``
    row says 0 hands, whether its original is in its batch or in an earlier one."""
    assert clean("files-2").expected == clean("files-1").expected
    assert ("s99-copy.txt", 0, 0, 0) in clean("files-1").expected["files"]
    chunked = clean("chunked-2")
    import_paths([chunked.folder], tmp_path / "one.db", jobs=1)
    assert contents(tmp_path / "one.db") == chunked.expected


def _gone(group: int, seconds: float) -> bool:
    """Whether every process of ``group`` has ended within ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return True
        time.sleep(0.05)
    return False


def _committed(root: Path) -> set[str]:
    return {p for parts in open_db(root).parts().values() for p in parts}


def _stopped(root: Path, sig: str, ended: Ended) -> None:
    """How the import ended: on the spot (SIGKILL); or, SIGTERM-ed, by itself, in one line,
    exit 130, its workers stopped and what it wrote uncommitted removed."""
    if sig == "KILL":
        assert ended.returncode == -signal.SIGKILL, ended
        return
    assert (ended.returncode, ended.stderr.strip()) == (130, INTERRUPTED), ended
    if (root / MARKER).exists():
        assert not untracked(root)
        assert not check_database(root).unfinished  # taken back on the way out


def _after_kill(root: Path, clean: Clean, capsys: pytest.CaptureFixture[str]) -> None:
    """The database a kill left opens and is sound; the next import completes it."""
    if (root / MARKER).exists():
        before = open_db(root).count("hands")  # opens: no damage named
        capsys.readouterr()
        assert main(["check", "--db", str(root)]) == 0, capsys.readouterr().out
        assert ": sound:" in capsys.readouterr().out
    else:
        before = 0
    summary = import_paths([clean.folder], root, jobs=1)
    assert before + summary.hands_new == clean.expected["tables"]["hands"][0]
    assert contents(root) == clean.expected
    capsys.readouterr()
    assert main(["check", "--db", str(root)]) == 0, capsys.readouterr().out
    assert not untracked(root)
    assert not check_database(root).unfinished
    assert not list(root.glob("*/*.tmp"))


def _argv(case: Case, folder: Path, root: Path) -> list[str]:
    return ["import", str(folder), "--db", str(root), "--jobs", str(case.jobs), "-q"]


POINTS = [
    ("files-1", "part", "KILL"), ("files-1", "commit", "TERM"),
    ("files-1", "committed", "KILL"), ("files-1", "rewrite", "TERM"),
    ("files-1", "merge", "KILL"), ("files-1", "row", "TERM"), ("files-1", "row", "KILL"),
    ("files-1", "part", "TERM"), ("files-1", "committed", "TERM"),
    ("files-1", "commit", "KILL"),
    ("chunked-2", "batch", "KILL"), ("chunked-2", "batch", "TERM"),
    ("chunked-2", "committed", "KILL"), ("chunked-2", "merge", "TERM"),
    ("chunked-2", "row", "KILL"),
    ("files-2", "committed", "TERM"), ("files-2", "rewrite", "KILL"),
    ("files-2", "committed", "KILL"), ("files-2", "merge", "KILL"),
]
"""The case, the kind of event the kill is at (its number drawn, seeded, among those of an
uninterrupted import) and the signal."""


@pytest.mark.parametrize(("case", "kind", "sig"), POINTS)
def test_a_kill_at_a_drawn_point_leaves_a_sound_database_the_next_import_completes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], forks: Forks,
        clean: Callable[[str], Clean], case: str, kind: str, sig: str) -> None:
    reference = clean(case)
    nth = random.Random(f"{SEED}-{case}-{kind}-{sig}").randint(1, reference.counts[kind])
    root = tmp_path / "db"
    ended = forks.run(_argv(CASES[case], reference.folder, root), CASES[case].settings,
                      (kind, nth, sig))
    _stopped(root, sig, ended)
    if case == "chunked-2" and kind == "batch" and nth < reference.counts[kind]:
        assert not _committed(root)  # half-way through the file: none of it
    if sig == "KILL" and kind in ("committed", "row"):
        assert check_database(root).unfinished  # a batch half committed, read as before
    _after_kill(root, reference, capsys)


def _hands_parts(root: Path) -> int:
    return len(list((root / "hands").glob("*.parquet")))


OBSERVED = [("files-2", "KILL", batches_committed, 5), ("chunked-2", "KILL", _hands_parts, 5),
            ("chunked-2", "TERM", _hands_parts, 5)]
"""The case, the signal, the progress watched and the most of it waited for (of 8 batches
committed; of 8 chunks whose hands are written, none committed until the last is)."""


def _sent_when(pid: int, ready: Callable[[], bool], running: Callable[[], bool],
               sig: str) -> None:
    """Send ``sig`` to process ``pid`` once ``ready()`` (no deadline: a loaded machine is
    only slower), unless it has ended by then."""
    while running():
        if ready():
            os.kill(pid, getattr(signal, f"SIG{sig}"))
            return
        time.sleep(0.005)


@pytest.mark.parametrize(("case", "sig", "progress", "most"), OBSERVED,
                         ids=[f"{c}-{s}" for c, s, _, _ in OBSERVED])
def test_a_kill_from_outside_at_observed_progress_leaves_a_sound_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], forks: Forks,
        clean: Callable[[str], Clean], case: str, sig: str,
        progress: Callable[[Path], int], most: int) -> None:
    """The signal comes from outside (its worker processes go on until the import stops
    them, or dies), once a drawn amount of progress is on disk."""
    reference = clean(case)
    wanted = random.Random(f"{SEED}-{case}-{sig}-observed").randint(1, most)
    root = tmp_path / "db"
    pid = forks.start(_argv(CASES[case], reference.folder, root), CASES[case].settings)
    try:
        _sent_when(pid, lambda: progress(root) >= wanted, forks.running, sig)
    finally:
        ended = forks.wait()
    assert _gone(pid, 600), "worker processes outlived the killed import"
    assert ended.returncode not in (0, 1), "the import ended before it was killed"
    _stopped(root, sig, ended)
    _after_kill(root, reference, capsys)


def test_stud_hh_import_sigterm_ed_stops_its_workers_and_says_so_in_one_line(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        clean: Callable[[str], Clean]) -> None:
    """The `stud-hh` command itself, as a user runs it (its own interpreter), SIGTERM-ed
    once a drawn number of batches are committed: no multiprocessing warning (a
    semaphore leaked by the stopped pool) on its standard error, read to its end."""
    reference = clean("files-2")
    wanted = random.Random(f"{SEED}-stud-hh").randint(1, 4)  # of 8 batches
    root = tmp_path / "db"
    stud_hh = Path(sys.executable).with_name("stud-hh")
    process = subprocess.Popen([str(stud_hh), "import", str(reference.folder), "--db",
                                str(root), "--jobs", "2", "-q"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, start_new_session=True,
                               env=environment())
    try:
        _sent_when(process.pid, lambda: batches_committed(root) >= wanted,
                   lambda: process.poll() is None, "TERM")
        _, stderr = process.communicate()  # to its end: a warning printed at exit included
    finally:
        gone = _gone(process.pid, 600)
        if not gone:
            os.killpg(process.pid, signal.SIGKILL)
    assert gone, "worker processes outlived the import"
    _stopped(root, "TERM", Ended(process.returncode, stderr))
    _after_kill(root, reference, capsys)
