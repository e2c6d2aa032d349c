"""Promise: a `stud-hh import` killed (SIGKILL) at any moment leaves a database that opens,
that `stud-hh check` finds sound, and that the next import completes to exactly what a
clean import stores.

The kill points are seeded and spread over the import: inside a part's write (its bytes
written, not yet renamed), inside a commit record's write, just after a commit, while a
repeated hand's parts are rewritten, inside the end compaction's merges, just after its
checkpoint and while it deletes the records the checkpoint replaces; then kills of a real
`stud-hh import --jobs 2` when a drawn number of commits are on disk.
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
from pathlib import Path
from typing import Any

import pytest
from helpers import SAMPLES, sample_hand_texts, write_renumbered

from stud_hh.cli import main
from stud_hh.store import database as store
from stud_hh.store import importer
from stud_hh.store.database import open_db
from stud_hh.store.importer import import_paths
from stud_hh.store.schema import TABLES

SEED = 15
TASKS = 18
"""Tasks per process in the killed imports: enough commits for the end compaction to merge."""

HAND = (SAMPLES / "stud_cash_0.10-0.20.txt").read_text(encoding="utf-8").split(
    "\n\n\n")[0].strip() + "\n"

# Run in a subprocess: the import of the CLI, killed by itself at the n-th event of a kind
# (every write happens in this process: --jobs 1).
KILLER = r"""
import os, signal, sys
from pathlib import Path
from stud_hh import cli
from stud_hh.store import importer
from stud_hh.store import database as store

kind, nth = sys.argv[1], int(sys.argv[2])
importer.TASKS_PER_JOB = int(sys.argv[3])
seen = 0
def hit(this):
    global seen
    if this == kind:
        seen += 1
        if seen == nth:
            os.kill(os.getpid(), signal.SIGKILL)

real_replace = os.replace
def replace(src, dst, *args, **kwargs):
    dst_text = str(dst)
    hit("part" if dst_text.endswith(".parquet") else
        "record" if "/commits/" in dst_text else "other")
    real_replace(src, dst, *args, **kwargs)
    if "/commits/" in dst_text:
        hit("committed")
os.replace = replace

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

sys.exit(cli.main(sys.argv[4:]))
"""


def histories(folder: Path) -> Path:
    """18 files of 6 hands, a copy of one of them (its hands repeated in another batch) and
    a file with one unreadable hand: every table gets rows, and a part or two is rewritten."""
    texts = sample_hand_texts()
    folder.mkdir()
    for i in range(18):
        write_renumbered(folder / f"s{i:02d}.txt", texts[i % len(texts):], 6,
                         7_000_000_000 + i * 100)
    (folder / "s99-copy.txt").write_bytes((folder / "s03.txt").read_bytes())
    broken = HAND.replace(": folds", ": juggles", 1).replace("#", "#9", 1)
    (folder / "s98-broken.txt").write_text(broken, encoding="utf-8")
    return folder


def contents(root: Path) -> dict[str, Any]:
    """What a database holds: rows per table, the hands' keys, the files' names."""
    db = open_db(root)
    hands = db.hands(columns=["site", "hand_id"])
    return {"rows": {table: db.count(table) for table in TABLES},
            "hands": sorted(zip(hands["site"].astype(str), hands["hand_id"], strict=True)),
            "files": sorted(Path(f).name for f in db.files(columns=["file"])["file"])}


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


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any],
                                                             Counter[str]]:
    """The histories, what a clean import stores, and the events it went through."""
    base = tmp_path_factory.mktemp("kill")
    folder = histories(base / "h")
    with pytest.MonkeyPatch.context() as monkeypatch:
        monkeypatch.setattr(importer, "TASKS_PER_JOB", TASKS)
        counts = counting(monkeypatch)
        summary = import_paths([folder], base / "clean.db", jobs=1)
    assert (summary.failures_new, summary.duplicates) == (1, 6)
    assert min(counts["merge"], counts["delete"]) >= 2, counts
    assert counts["rewrite"] >= 1, counts
    counts["committed"] = counts["record"]
    return folder, contents(base / "clean.db"), counts


POINTS = [("part", 0), ("record", 0), ("committed", 0), ("rewrite", 0), ("merge", 0),
          ("checkpoint", 0), ("delete", 0)]
"""The kinds of kill point, each drawn (seeded) among a clean import's events of its kind."""


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


def _after_kill(root: Path, folder: Path, expected: dict[str, Any],
                capsys: pytest.CaptureFixture[str]) -> None:
    """The database a kill left opens and is sound; the next import completes it."""
    if (root / store.MARKER).exists():
        before = open_db(root).count("hands")  # opens: no damage named
        capsys.readouterr()
        assert main(["check", "--db", str(root)]) == 0, capsys.readouterr().out
        assert ": sound:" in capsys.readouterr().out
    else:
        before = 0
    summary = import_paths([folder], root, jobs=1)
    assert before + summary.hands_new == len(expected["hands"])
    assert contents(root) == expected
    capsys.readouterr()
    assert main(["check", "--db", str(root)]) == 0, capsys.readouterr().out
    on_disk = {str(p.relative_to(root)) for p in root.glob("*/part-*")}
    assert on_disk == {p for parts in open_db(root).parts().values() for p in parts}
    assert not list(root.glob("commits/*.tmp"))


@pytest.mark.parametrize(("kind", "which"), POINTS)
def test_a_kill_at_a_seeded_point_leaves_a_sound_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        clean: tuple[Path, dict[str, Any], Counter[str]], kind: str, which: int) -> None:
    folder, expected, counts = clean
    rng = random.Random(f"{SEED}-{kind}-{which}")
    nth = rng.randint(1, counts[kind])
    root = tmp_path / "db"
    done = subprocess.run(
        [sys.executable, "-c", KILLER, kind, str(nth), str(TASKS),
         "import", str(folder), "--db", str(root), "--jobs", "1", "-q"],
        capture_output=True, text=True, check=False)
    assert done.returncode == -signal.SIGKILL, (kind, nth, done.returncode, done.stderr)
    _after_kill(root, folder, expected, capsys)


@pytest.mark.parametrize("which", range(2))
def test_a_real_import_killed_when_commits_are_on_disk(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        clean: tuple[Path, dict[str, Any], Counter[str]], which: int) -> None:
    """`stud-hh import --jobs 2` itself (its workers too), killed once a drawn number of
    commit records are on disk, a drawn instant later."""
    folder, expected, _ = clean
    rng = random.Random(f"{SEED}-real-{which}")
    commits, delay = rng.randint(0, 5), rng.uniform(0, 0.05)  # of 8 tasks
    root = tmp_path / "db"
    stud_hh = Path(sys.executable).with_name("stud-hh")
    process = subprocess.Popen([str(stud_hh), "import", str(folder), "--db", str(root),
                                "--jobs", "2", "-q"], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        while process.poll() is None:  # no deadline: a loaded machine is only slower
            if len(list((root / "commits").glob("*.json"))) >= commits:
                break
            time.sleep(0.005)
        time.sleep(delay)
        process.send_signal(signal.SIGKILL)
        process.wait()
    finally:
        gone = _gone(process.pid, 600)  # its workers and their server end when it does
        if not gone:
            os.killpg(process.pid, signal.SIGKILL)
    assert gone, "worker processes outlived the killed import"
    assert process.returncode == -signal.SIGKILL, "the import ended before it was killed"
    _after_kill(root, folder, expected, capsys)
