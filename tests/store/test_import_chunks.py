"""Promise: a large file imported on several processes is cut into chunks, a task each,
and the database is the one an import of the whole file in one process makes, row for
row (line numbers, failures, repeats and conflicts across chunks included). Its chunks are
committed together, with its `files` row, once the last is in: what an import killed
half-way through it leaves is in `tests/store/test_import_kill.py`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import large_file, sample_hand_texts, write_renumbered
from helpers import table_digests as rows

from stud_hh.store import importer
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
