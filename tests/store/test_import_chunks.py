"""Promise: a large file imported on several processes is cut into chunks, a task each,
and the database is the one an import of the whole file in one process makes, row for
row (line numbers, failures, repeats and conflicts across chunks included); its `files`
row is committed with its last chunk only, so an import killed half-way through the file
leaves no row for it, and the next import reads it again and completes the database to
exactly the clean total.
"""

from __future__ import annotations

import hashlib
import signal
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from helpers import SAMPLES, sample_hand_texts, write_renumbered

from stud_hh.cli import main
from stud_hh.store import importer
from stud_hh.store.database import open_db
from stud_hh.store.importer import import_paths
from stud_hh.store.schema import TABLES

HAND = (SAMPLES / "stud_cash_0.10-0.20.txt").read_text(encoding="utf-8").split(
    "\n\n\n")[0].strip() + "\n"
CHUNK = 30_000
"""Bytes per chunk here: a file of a few megabytes is dozens of tasks."""


def rows(root: Path) -> dict[str, tuple[int, str]]:
    """Every table's rows, as their count and a digest of the sorted hashes of the rows
    (each value as text): two databases alike hold the same rows, in any order."""
    db = open_db(root)
    found = {}
    for table in TABLES:
        frame = db.table(table).astype(str)
        hashes = np.sort(pd.util.hash_pandas_object(frame, index=False).to_numpy())
        found[table] = (len(frame), hashlib.sha256(hashes.tobytes()).hexdigest()[:16])
    return found


def large_file(folder: Path, hands: int = 1500) -> Path:
    """``hands`` hands in one file, a broken one among them, a hand repeated further on and
    another repeated with a different text (a conflict), all in different chunks."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "large.txt"
    write_renumbered(path, sample_hand_texts(), hands, 6_000_000_000)
    text = path.read_text(encoding="utf-8")
    hands_text = text.split("\n\n")
    broken = HAND.replace(": folds", ": juggles", 1).replace("#", "#9", 1)
    changed = hands_text[10].replace("Table '", "Table 'Other ", 1)
    text = "\n\n".join([*hands_text[:hands // 2], broken, hands_text[5], *hands_text[hands // 2:],
                        changed])
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, importer.ImportSummary]:
    """The histories and the database a one-process import of them makes."""
    base = tmp_path_factory.mktemp("chunks")
    folder = base / "h"
    large_file(folder)
    write_renumbered(folder / "small.txt", sample_hand_texts(), 30, 6_100_000_000)
    summary = import_paths([folder], base / "whole.db", jobs=1)
    assert summary.failures_new == 1
    assert summary.duplicates == 2
    assert len(summary.conflicts) == 1
    return folder, base / "whole.db", summary


def test_a_large_file_in_chunks_imports_as_the_whole_file(
        tmp_path: Path, whole: tuple[Path, Path, importer.ImportSummary]) -> None:
    folder, expected, one = whole
    seen: list[importer.FileResult] = []
    summary = import_paths([folder], tmp_path / "db", jobs=2, chunk_bytes=CHUNK,
                           on_file=seen.append)
    assert sum(r.chunk is not None for r in seen) > 20  # the large file was many tasks
    assert sum(r.completes for r in seen) == 2
    assert sum(r.bytes_read for r in seen) == sum(p.stat().st_size for p in folder.iterdir())
    assert rows(tmp_path / "db") == rows(expected)
    assert (summary.files, summary.hands_new, summary.duplicates, summary.failures_new) == (
        one.files, one.hands_new, one.duplicates, one.failures_new)
    assert sorted(summary.failures) == sorted(one.failures)  # with their lines
    again = import_paths([folder], tmp_path / "db", jobs=2, chunk_bytes=CHUNK)
    assert (again.files_unchanged, again.hands_new) == (2, 0)


KILLER = r"""
import os, signal, sys
from stud_hh import cli
from stud_hh.store import importer

nth = int(sys.argv[1])
importer.CHUNK_BYTES_MIN = int(sys.argv[2])
importer.BATCH_BYTES = int(sys.argv[2])
real_commit = importer._Committer.commit
seen = 0
def commit(self, batch):
    global seen
    real_commit(self, batch)
    seen += 1
    if seen == nth:
        os.kill(os.getpid(), signal.SIGKILL)
importer._Committer.commit = commit
sys.exit(cli.main(sys.argv[3:]))
"""


@pytest.mark.parametrize("nth", [2, 5])
def test_an_import_killed_half_way_through_a_file_is_completed_by_the_next(
        tmp_path: Path, whole: tuple[Path, Path, importer.ImportSummary], nth: int) -> None:
    folder, expected, one = whole
    root = tmp_path / "db"
    done = subprocess.run(
        [sys.executable, "-c", KILLER, str(nth), str(CHUNK), "import", str(folder), "--db",
         str(root), "--jobs", "2", "-q"], capture_output=True, text=True,
        check=False)
    assert done.returncode == -signal.SIGKILL, done.stderr
    db = open_db(root)
    stored = db.count("hands")
    assert 0 < stored < one.hands_new
    assert str(folder / "large.txt") not in set(db.files(columns=["file"])["file"])
    summary = import_paths([folder], root, jobs=2, chunk_bytes=CHUNK)
    assert stored + summary.hands_new == one.hands_new
    got, want = rows(root), rows(expected)
    assert got["hands"] == want["hands"]
    assert {t: n for t, (n, _) in got.items()} == {t: n for t, (n, _) in want.items()}
    assert main(["check", "--db", str(root)]) == 0
