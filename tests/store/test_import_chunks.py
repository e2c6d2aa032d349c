"""Promise: a large file imported on several processes is cut into chunks, a task each,
and the database is the one an import of the whole file in one process makes, row for
row (line numbers, failures, repeats and conflicts across chunks included). Its chunks are
committed together, with its `files` row, once the last is in: an import killed half-way
through the file leaves none of its rows (the database checks sound), and the next import
reads it again and completes the database to exactly the clean one, every table alike.
"""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import large_file, sample_hand_texts, write_renumbered
from helpers import table_digests as rows

from stud_hh.cli import main
from stud_hh.store import importer
from stud_hh.store.database import open_db
from stud_hh.store.importer import import_paths

CHUNK = 30_000
"""Bytes per chunk here: a file of a few megabytes is dozens of tasks."""


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
def test_an_import_killed_half_way_through_a_file_leaves_none_of_it_and_the_next_completes_it(
        tmp_path: Path, whole: tuple[Path, Path, importer.ImportSummary], nth: int,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder, expected, one = whole
    root = tmp_path / "db"
    done = subprocess.run(
        [sys.executable, "-c", KILLER, str(nth), str(CHUNK), "import", str(folder), "--db",
         str(root), "--jobs", "2", "-q"], capture_output=True, text=True,
        check=False)
    assert done.returncode == -signal.SIGKILL, done.stderr
    db = open_db(root)
    assert db.count("hands") == 0  # its chunks in so far wait for its last: none committed
    assert str(folder / "large.txt") not in set(db.files(columns=["file"])["file"])
    assert main(["check", "--db", str(root)]) == 0, capsys.readouterr().out
    summary = import_paths([folder], root, jobs=2, chunk_bytes=CHUNK)
    assert summary.hands_new == one.hands_new
    assert rows(root) == rows(expected)  # every table, the files rows and their counts too
    assert main(["check", "--db", str(root)]) == 0
