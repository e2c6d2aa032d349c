"""Promise: a second copy of a stored hand whose text differs is a finding, not a duplicate.

The same site and hand id met again with other text (other names, other amounts) is
stored once, as any duplicate, and is also kept in the ``conflicts`` table with both
sources and reported by ``import``; a copy that differs only in whitespace (spaces, line
ends, blank lines) stays a plain duplicate. Whether the copies come from two imports,
two files of one import or one file, and however often the files are imported again,
each conflict is stored once.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import SAMPLES

from stud_hh.cli import main
from stud_hh.store.database import open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.ingest.tasks import WorkerSettings
from stud_hh.store.ingest.worker import Worker, read_batch

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


def test_import_counts_the_conflicts_and_conflicts_lists_them(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "db"
    first = _write(tmp_path / "a.txt", HAND)
    assert main(["import", str(first), "--db", str(db), "-q"]) == 0
    other = _write(tmp_path / "b.txt", _changed(HAND), _changed(HAND.replace(
        "#259114372218", "#259114372219")))
    _write(tmp_path / "c.txt", HAND.replace("#259114372218", "#259114372219"))
    assert main(["import", str(tmp_path / "c.txt"), "--db", str(db), "-q"]) == 0
    capsys.readouterr()
    assert main(["import", str(other), "--db", str(db), "-q"]) == 0
    captured = capsys.readouterr()
    assert "2 with different text: conflicts" in captured.out
    # a count and a pointer, not a line per conflict
    assert captured.err == ("stud-hh: 2 hands came again with different text; the copy read "
                            "first is stored, the other kept in the conflicts table (`stud-hh "
                            f"conflicts --db {db}` lists them and where they differ)\n")
    assert main(["conflicts", "--db", str(db)]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed[0] == (f"PokerStars hand 259114372218: {other.resolve()}:1 differs from "
                         f"{first.resolve()}:1 (stored)")
    assert listed[1] == "    line 3: Seat 1: Hero ($8.50 in chips)"
    assert listed[2] == "    stored: Seat 1: Hero ($8 in chips)"
    assert listed[-1].startswith(f"2 conflicts in {db}")
    assert main(["conflicts", "--db", str(db), "--format", "jsonl"]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [r["hand_id"] for r in records] == ["259114372218", "259114372219"]
    assert records[0]["line"] == 3
    assert records[0]["stored"] == "Seat 1: Hero ($8 in chips)"


def test_an_import_prints_the_first_failures_and_counts_the_rest(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    broken = [HAND.replace("#259114372218", f"#2591143722{n:02d}").replace(
        "raises $0.05 to $0.10", "raises $0.05 to $abc") for n in range(30, 45)]
    path = _write(tmp_path / "a.txt", HAND, *broken)
    assert main(["import", str(path), "--db", str(tmp_path / "db"), "-q"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert sum(line.startswith("failure: ") for line in err) == 10
    assert err[-1].startswith("stud-hh: 15 texts could not be read (5 more than those above)")


class _Backwards:
    """An import's tasks run in this process, the last batch first: the order in which a
    pool's or a cluster's tasks may end."""

    workers = 2
    name = "tasks run backwards"

    def __call__(self, batches: list[Any], settings: WorkerSettings,
                 done: Callable[[int, Any], None]) -> tuple[list[int], BaseException | None]:
        worker = Worker.of(settings)
        for index in reversed(range(len(batches))):
            done(index, read_batch(worker, batches[index]))
        return [], None


def _stored(db: Path) -> tuple[set[tuple[str, int]], set[tuple[str, int]]]:
    hands = open_db(db).hands(columns=["file", "first_line"])
    conflicts = open_db(db).conflicts()
    return (set(zip(hands["file"], hands["first_line"], strict=True)),
            set(zip(conflicts["file"], conflicts["first_line"], strict=True)))


def test_the_copy_kept_is_the_first_read_however_the_tasks_end(tmp_path: Path) -> None:
    """Which of several copies is stored does not depend on the number of processes nor on
    the order their tasks end: the first in the order the files are read is kept."""
    first = _write(tmp_path / "a.txt", HAND)
    _write(tmp_path / "b.txt", _changed(HAND))
    _write(tmp_path / "c.txt", HAND.replace("($8 in chips)", "($9 in chips)", 1))
    paths = [tmp_path / name for name in ("a.txt", "b.txt", "c.txt")]
    found = []
    for jobs, runner in ((1, None), (2, None), (2, _Backwards())):
        db = tmp_path / f"db-{jobs}-{runner is not None}"
        summary = import_paths(paths, db, jobs=jobs, batch_files=1, runner=runner)
        assert (summary.hands_new, summary.duplicates, len(summary.conflicts)) == (1, 2, 2)
        found.append(_stored(db))
    assert found[0][0] == {(str(first.resolve()), 1)}
    assert found[0] == found[1] == found[2]


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_violations_of_a_copy_not_stored_are_not_counted(tmp_path: Path, jobs: int) -> None:
    """The summary counts the violations of the hands stored: a later copy that breaks a rule
    (here an ante of the wrong size) is a conflict, and its violation is not the database's."""
    broken = HAND.replace("Big Slick: posts the ante $0.02", "Big Slick: posts the ante $0.03")
    paths = [_write(tmp_path / "a.txt", HAND), _write(tmp_path / "b.txt", broken)]
    summary = import_paths(paths, tmp_path / "db", jobs=jobs, batch_files=1)
    assert (summary.hands_new, len(summary.conflicts)) == (1, 1)
    assert (summary.violations, summary.hands_with_violations) == (0, 0)
    assert open_db(tmp_path / "db").count("violations") == 0
