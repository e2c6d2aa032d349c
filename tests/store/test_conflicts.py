"""Promise: a second copy of a stored hand whose text differs is a finding, not a duplicate.

The same site and hand id met again with other text (other names, other amounts) is
stored once, as any duplicate, and is also kept in the ``conflicts`` table with both
sources and reported by ``import``; a copy that differs only in whitespace (spaces, line
ends, blank lines) stays a plain duplicate. Whether the copies come from two imports,
two files of one import or one file, and however often the files are imported again,
each conflict is stored once.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import SAMPLES

from stud_hh.cli import main
from stud_hh.store.database import open_db
from stud_hh.store.importer import import_paths

HAND = (SAMPLES / "stud_cash_0.10-0.20.txt").read_text(
    encoding="utf-8").split("\n\n\n")[0].strip() + "\n"


def _changed(text: str) -> str:
    """The same hand as another client would have it: one stack printed differently."""
    assert "($8 in chips)" in text
    return text.replace("($8 in chips)", "($8.50 in chips)", 1)


def _write(path: Path, *texts: str, crlf: bool = False) -> Path:
    body = "\n\n".join(texts)
    path.write_bytes(body.replace("\n", "\r\n").encode() if crlf else body.encode())
    return path


def test_a_different_copy_in_a_later_import_is_a_conflict(tmp_path: Path) -> None:
    first = _write(tmp_path / "a.txt", HAND)
    other = _write(tmp_path / "b.txt", _changed(HAND))
    db = tmp_path / "db"
    assert import_paths([first], db, jobs=1).hands_new == 1
    summary = import_paths([other], db, jobs=1)
    assert (summary.hands_new, summary.duplicates, len(summary.conflicts)) == (0, 1, 1)
    assert "1 with different text: conflicts" in summary.line()
    rows = open_db(db).conflicts()
    assert len(rows) == 1
    row = rows.iloc[0]
    assert (row["file"], row["first_line"]) == (str(other.resolve()), 1)
    assert (row["stored_file"], row["stored_first_line"]) == (str(first.resolve()), 1)
    assert "($8.50 in chips)" in row["text"]
    assert row["text_digest"] != row["stored_digest"]
    assert open_db(db).count("hands") == 1


def test_a_whitespace_only_copy_is_a_plain_duplicate(tmp_path: Path) -> None:
    db = tmp_path / "db"
    import_paths([_write(tmp_path / "a.txt", HAND)], db, jobs=1)
    spaced = HAND.replace(": ", ":  ").replace("\n", " \n\n")
    summary = import_paths([_write(tmp_path / "b.txt", spaced, crlf=True)], db, jobs=1)
    assert (summary.duplicates, summary.conflicts) == (1, [])
    assert open_db(db).count("conflicts") == 0


@pytest.mark.parametrize("jobs", [1, 2])
def test_two_files_of_one_import(tmp_path: Path, jobs: int) -> None:
    first = _write(tmp_path / "a.txt", HAND)
    _write(tmp_path / "b.txt", _changed(HAND))
    summary = import_paths([tmp_path / "a.txt", tmp_path / "b.txt"], tmp_path / "db", jobs=jobs)
    assert (summary.hands_new, summary.duplicates, len(summary.conflicts)) == (1, 1, 1)
    (row,) = open_db(tmp_path / "db").conflicts().to_dict("records")
    stored = {row["stored_file"], row["file"]}
    assert stored == {str(first.resolve()), str((tmp_path / "b.txt").resolve())}


def test_two_copies_in_one_file(tmp_path: Path) -> None:
    path = _write(tmp_path / "a.txt", HAND, _changed(HAND))
    summary = import_paths([path], tmp_path / "db", jobs=1)
    assert (summary.hands_new, summary.duplicates, len(summary.conflicts)) == (1, 1, 1)
    (row,) = open_db(tmp_path / "db").conflicts().to_dict("records")
    assert row["stored_file"] == row["file"] == str(path.resolve())
    assert row["stored_first_line"] == 1
    assert row["first_line"] > 1


def test_each_conflict_is_stored_once(tmp_path: Path) -> None:
    db = tmp_path / "db"
    import_paths([_write(tmp_path / "a.txt", HAND)], db, jobs=1)
    other = _write(tmp_path / "b.txt", _changed(HAND))
    import_paths([other], db, jobs=1)
    other.write_text(other.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # touched
    again = import_paths([other], db, jobs=1)
    assert again.conflicts == []
    assert open_db(db).count("conflicts") == 1


def test_import_reports_the_conflict(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "db"
    first = _write(tmp_path / "a.txt", HAND)
    assert main(["import", str(first), "--db", str(db), "-q"]) == 0
    other = _write(tmp_path / "b.txt", _changed(HAND))
    assert main(["import", str(other), "--db", str(db), "-q"]) == 0
    captured = capsys.readouterr()
    assert f"{other.resolve()}:1 differs from {first.resolve()}:1" in captured.err
    assert "1 with different text: conflicts" in captured.out
