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

from stud_hh.store.ingest.run import import_paths
from stud_hh.store.ingest.summary import ImportSummary
from stud_hh.store.ingest.tasks import FileResult

CHUNK = 30_000
"""Bytes per chunk here: a file of a few megabytes is dozens of tasks."""


@pytest.fixture(scope="module")
def whole(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, ImportSummary]:
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
        tmp_path: Path, whole: tuple[Path, Path, ImportSummary]) -> None:
    folder, expected, one = whole
    seen: list[FileResult] = []
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


def test_a_file_growing_while_its_chunks_are_read_leaves_a_sound_database(
        tmp_path: Path) -> None:
    """A client appending to a large file while its chunks are read: what the chunks read
    (the file as it was cut) comes with the ``files`` row of that size and time, so
    ``stud-hh check`` finds the database sound and the next import reads the file again,
    taking the new hand only."""
    from stud_hh.store.database import open_db
    from stud_hh.store.integrity import check_database

    path, extra, root = tmp_path / "big.txt", tmp_path / "extra.txt", tmp_path / "db"
    write_renumbered(path, sample_hand_texts(), 60, 6_200_000_000)
    write_renumbered(extra, sample_hand_texts(), 1, 6_300_000_000)
    cut = path.stat()

    def grow(files: list[str], total: int) -> None:  # once the file is cut
        with path.open("a", encoding="utf-8") as out:
            out.write(extra.read_text(encoding="utf-8"))

    first = import_paths([path], root, jobs=2, chunk_bytes=CHUNK, on_start=grow)
    assert first.hands_new == 60
    report = check_database(root)
    assert report.sound, report.problems
    (row,) = open_db(root).files().to_dict("records")
    assert (row["size"], row["mtime_ns"], row["hands"]) == (cut.st_size, cut.st_mtime_ns, 60)
    second = import_paths([path], root, jobs=2, chunk_bytes=CHUNK)
    assert (second.hands_new, second.files_unchanged) == (1, 0)
    assert check_database(root).sound
    assert import_paths([path], root, jobs=2, chunk_bytes=CHUNK).files_unchanged == 1


def test_a_large_file_whose_last_hand_is_half_written_is_read_up_to_it(
        tmp_path: Path) -> None:
    """With a settling time, the last chunk holds the half-written hand back: the chunks'
    hands come with a ``files`` row of the bytes before it (the database sound), and the
    next import, the hand whole, takes that hand only."""
    from stud_hh.store.database import open_db
    from stud_hh.store.integrity import check_database

    path, root = tmp_path / "big.txt", tmp_path / "db"
    write_renumbered(path, sample_hand_texts(), 61, 6_400_000_000)
    text = path.read_text(encoding="utf-8")
    last = text.rstrip("\n").rfind("\n\n") + 2
    half = text.index("\n", last + len(text[last:]) // 2) + 1
    path.write_text(text[:half], encoding="utf-8")
    seen: list[FileResult] = []
    first = import_paths([path], root, jobs=2, chunk_bytes=CHUNK, settle=60,
                         on_file=seen.append)
    assert (first.hands_new, first.held_back) == (60, 1)
    assert sum(r.chunk is not None for r in seen) > 2
    report = check_database(root)
    assert report.sound, report.problems
    assert list(open_db(root).files()["size"]) == [len(text[:last].encode("utf-8"))]
    path.write_text(text, encoding="utf-8")
    second = import_paths([path], root, jobs=2, chunk_bytes=CHUNK, settle=60)
    assert (second.hands_new, second.held_back, second.failures_new) == (1, 0, 0)
    assert check_database(root).sound
    assert import_paths([path], root, jobs=2, chunk_bytes=CHUNK).files_unchanged == 1
