"""Promise: a `stud-hh import` killed at any moment leaves a database that opens, that
`stud-hh check` finds sound, and that the next import completes to exactly what an
uninterrupted import stores: every table alike, the `files` rows and their counts included.
Killed by SIGKILL it stops on the spot (its worker processes end with it); by SIGTERM it
stops itself as Ctrl-C does: its workers stopped, nothing half-written left, one line
(`stud-hh: interrupted`, no warning of multiprocessing's) and exit 130.

The kill points are seeded and spread over the import, in the importing process: inside a
part's write (its bytes written, not yet renamed), inside a commit record's write, just
after a commit, while a repeated hand's parts are rewritten, just after a batch's result is
taken in (half-way through a file cut into chunks), inside the end compaction's merges,
just after its checkpoint and while it deletes the records the checkpoint replaces; with
`--jobs 1`, and with `--jobs 2` on one file cut into chunks and on many files. Then kills
of a real `stud-hh import --jobs 2` when a drawn number of commit records (or of parts
its workers wrote) are on disk.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from helpers import (
    BROKEN_HAND,
    large_file,
    sample_hand_texts,
    table_digests,
    write_renumbered,
)

from stud_hh.cli import main
from stud_hh.store import database as store
from stud_hh.store import importer
from stud_hh.store.database import open_db
from stud_hh.store.importer import import_paths

SEED = 15
INTERRUPTED = "stud-hh: interrupted"
"""All a SIGTERM-ed import prints (quiet: no progress bar)."""

# Run in a subprocess: the import of the CLI, which sends itself a signal at the n-th event
# of a kind in this (the importing) process; worker processes are left as they are.
KILLER = r"""
import os, signal, sys
from pathlib import Path
from stud_hh import cli
from stud_hh.store import importer
from stud_hh.store import database as store

kind, nth, sig = sys.argv[1], int(sys.argv[2]), getattr(signal, "SIG" + sys.argv[3])
importer.TASKS_PER_JOB = int(sys.argv[4])
importer.CHUNK_BYTES_MIN = int(sys.argv[5])
seen = 0
def hit(this):
    global seen
    if this == kind:
        seen += 1
        if seen == nth:
            os.kill(os.getpid(), sig)

real_replace = os.replace
def replace(src, dst, *args, **kwargs):
    dst_text = str(dst)
    hit("part" if dst_text.endswith(".parquet") else
        "record" if "/commits/" in dst_text else "other")
    real_replace(src, dst, *args, **kwargs)
    if "/commits/" in dst_text:
        hit("committed")
os.replace = replace

real_commit = importer._Committer.commit
def commit(self, batch):
    real_commit(self, batch)
    hit("batch")
importer._Committer.commit = commit

real_drop = importer._drop_repeated
def drop(*args, **kwargs):
    hit("rewrite")
    return real_drop(*args, **kwargs)
importer._drop_repeated = drop

real_merge = store.Database._merge
def merge(self, *args, **kwargs):
    hit("merge")
    return real_merge(self, *args, **kwargs)
store.Database._merge = merge

real_checkpoint = store.Database.write_checkpoint
def checkpoint(self, *args, **kwargs):
    path = real_checkpoint(self, *args, **kwargs)
    hit("checkpoint")
    return path
store.Database.write_checkpoint = checkpoint

real_unlink = Path.unlink
def unlink(self, *args, **kwargs):
    if self.parent.name == "commits" and self.suffix == ".json":
        hit("delete")
    return real_unlink(self, *args, **kwargs)
Path.unlink = unlink

sys.exit(cli.main(sys.argv[6:]))
"""


@dataclass(frozen=True)
class Case:
    """What is imported, and how: the folder, the processes, the tasks per process and the
    smallest chunk a file is cut into."""

    folder: str
    jobs: int
    tasks: int
    chunk_min: int = importer.CHUNK_BYTES_MIN


CASES = {
    "files-1": Case("files", 1, 18),
    "files-2": Case("files", 2, 9),
    "chunked-2": Case("chunked", 2, 12, 1),
}
"""Many small files on one process and on two (enough commits for the end compaction to
merge), and one file cut into about two dozen chunks on two."""


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


def counting(monkeypatch: pytest.MonkeyPatch) -> Counter[str]:
    """Count in this process the events the killer script can stop at."""
    counts: Counter[str] = Counter()

    def wrap(owner: Any, name: str, kind: str) -> None:
        real: Callable[..., Any] = getattr(owner, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            result = real(*args, **kwargs)
            counts[kind] += 1
            return result

        monkeypatch.setattr(owner, name, counted)

    real_replace = os.replace

    def replace(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
        text = str(dst)
        counts["part" if text.endswith(".parquet") else
               "record" if "/commits/" in text else "other"] += 1
        real_replace(src, dst, *args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)
    wrap(importer._Committer, "commit", "batch")
    wrap(importer, "_drop_repeated", "rewrite")
    wrap(store.Database, "_merge", "merge")
    wrap(store.Database, "write_checkpoint", "checkpoint")
    real_unlink = Path.unlink

    def unlink(self: Path, *args: Any, **kwargs: Any) -> None:
        if self.parent.name == "commits" and self.suffix == ".json":
            counts["delete"] += 1
        real_unlink(self, *args, **kwargs)

    monkeypatch.setattr(Path, "unlink", unlink)
    return counts


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
                large_file(folder, 600)
        with pytest.MonkeyPatch.context() as monkeypatch:
            monkeypatch.setattr(importer, "TASKS_PER_JOB", case.tasks)
            monkeypatch.setattr(importer, "CHUNK_BYTES_MIN", case.chunk_min)
            counts = counting(monkeypatch)
            summary = import_paths([folder], base / f"{name}.db", jobs=case.jobs)
        assert (summary.failures_new, summary.duplicates) == (1, 6 if case.folder == "files"
                                                              else 2)
        assert counts["merge"] >= 2, counts  # the end compaction merges
        assert counts["delete"] >= 1, counts
        counts["committed"] = counts["record"]
        made[name] = Clean(folder, contents(base / f"{name}.db"), counts)
        return made[name]

    return of


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


def _on_disk(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.glob("*/part-*")}


def _stopped(root: Path, sig: str, returncode: int, stderr: str) -> None:
    """How the import ended: on the spot (SIGKILL); or, SIGTERM-ed, by itself, in one line,
    exit 130, its workers stopped and what it wrote uncommitted removed."""
    if sig == "KILL":
        assert returncode == -signal.SIGKILL, (returncode, stderr)
        return
    assert (returncode, stderr.strip()) == (130, INTERRUPTED)
    if (root / store.MARKER).exists():
        assert _on_disk(root) == {p for ps in open_db(root).parts().values() for p in ps}


def _after_kill(root: Path, clean: Clean, capsys: pytest.CaptureFixture[str]) -> None:
    """The database a kill left opens and is sound; the next import completes it."""
    if (root / store.MARKER).exists():
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
    assert _on_disk(root) == {p for parts in open_db(root).parts().values() for p in parts}
    assert not list(root.glob("commits/*.tmp"))


POINTS = [
    *[("files-1", kind, "KILL") for kind in ("part", "record", "committed", "rewrite",
                                             "merge", "checkpoint", "delete")],
    ("files-1", "part", "TERM"), ("files-1", "rewrite", "TERM"), ("files-1", "delete", "TERM"),
    ("chunked-2", "batch", "KILL"), ("chunked-2", "batch", "TERM"),
    ("chunked-2", "record", "TERM"), ("chunked-2", "merge", "KILL"),
    ("chunked-2", "checkpoint", "TERM"), ("chunked-2", "delete", "KILL"),
    ("files-2", "committed", "TERM"), ("files-2", "merge", "KILL"),
]
"""The case, the kind of kill point (each drawn, seeded, among an uninterrupted import's
events of its kind) and the signal."""


@pytest.mark.parametrize(("case", "kind", "sig"), POINTS)
def test_a_kill_at_a_seeded_point_leaves_a_sound_database_the_next_import_completes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        clean: Callable[[str], Clean], case: str, kind: str, sig: str) -> None:
    reference = clean(case)
    rng = random.Random(f"{SEED}-{case}-{kind}-{sig}")
    nth = rng.randint(1, reference.counts[kind])
    root = tmp_path / "db"
    setup = CASES[case]
    done = subprocess.run(
        [sys.executable, "-c", KILLER, kind, str(nth), sig, str(setup.tasks),
         str(setup.chunk_min), "import", str(reference.folder), "--db", str(root),
         "--jobs", str(setup.jobs), "-q"],
        capture_output=True, text=True, check=False)
    _stopped(root, sig, done.returncode, done.stderr)
    _after_kill(root, reference, capsys)


def _real_import(path: Path, root: Path, sig: str, ready: Callable[[], bool],
                 delay: float) -> tuple[int, str]:
    """`stud-hh import PATH --jobs 2` itself (its workers too), sent ``sig`` once
    ``ready()`` (no deadline: a loaded machine is only slower), ``delay`` seconds later.
    Returns its exit status and what it printed on standard error, once every process it
    started has ended."""
    stud_hh = Path(sys.executable).with_name("stud-hh")
    process = subprocess.Popen([str(stud_hh), "import", str(path), "--db", str(root),
                                "--jobs", "2", "-q"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        while process.poll() is None and not ready():
            time.sleep(0.005)
        time.sleep(delay)
        process.send_signal(getattr(signal, f"SIG{sig}"))
        _, stderr = process.communicate()  # to its end: a warning printed at exit included
    finally:
        gone = _gone(process.pid, 600)  # its workers and their server end when it does
        if not gone:
            os.killpg(process.pid, signal.SIGKILL)
    assert gone, "worker processes outlived the killed import"
    assert process.returncode not in (0, 1), "the import ended before it was killed"
    return process.returncode, stderr


@pytest.mark.parametrize(("which", "sig"), [(0, "KILL"), (1, "KILL"), (2, "TERM")])
def test_a_real_import_killed_when_commits_are_on_disk(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        clean: Callable[[str], Clean], which: int, sig: str) -> None:
    """Many files, killed once a drawn number of commit records are on disk, a drawn
    instant later."""
    reference = clean("files-1")
    rng = random.Random(f"{SEED}-real-{which}")
    commits, delay = rng.randint(0, 5), rng.uniform(0, 0.05)  # of 8 tasks
    root = tmp_path / "db"
    returncode, stderr = _real_import(
        reference.folder, root, sig,
        lambda: len(list((root / "commits").glob("*.json"))) >= commits, delay)
    _stopped(root, sig, returncode, stderr)
    _after_kill(root, reference, capsys)


@pytest.mark.parametrize("sig", ["KILL", "TERM"])
def test_a_real_import_of_one_large_file_killed_half_way_through_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        clean: Callable[[str], Clean], sig: str) -> None:
    """One file of two chunks (a task each), killed once one of them is written (its
    parts on disk, not committed yet), a drawn instant later: the commit of the whole file
    comes before the kill or after it, never half of it."""
    reference = clean("chunked-2")
    delay = random.Random(f"{SEED}-real-chunks-{sig}").uniform(0, 0.2)
    root = tmp_path / "db"
    returncode, stderr = _real_import(reference.folder / "large.txt", root, sig,
                                      lambda: any((root / "hands").glob("*.parquet")), delay)
    _stopped(root, sig, returncode, stderr)
    _after_kill(root, reference, capsys)
