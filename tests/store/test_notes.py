"""Promise: the user's notes and tags are a table of the database: written whole in one
commit under the write lock, seen by SQL, verified by check, kept by an import, a
compaction and a repair, and moved between databases by a file."""

from __future__ import annotations

import json
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from stud_hh.model.errors import DatabaseError, InputError, UsageError
from stud_hh.store.database import Database, open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.integrity import check_database
from stud_hh.store.notes import (
    MAX_TAG,
    clean_tags,
    make_note,
    notes_json,
    parse_notes_json,
    read_notes,
    save_notes,
)
from stud_hh.store.repair import repair_database
from stud_hh.store.schema import SCHEMA_VERSION

SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return Database.create(tmp_path / "db")


def test_a_note_is_written_read_replaced_and_removed(db: Database) -> None:
    assert save_notes(db, [make_note("pokerstars", "Villain", "  bluffs rivers ", "fish, x")]) == 1
    assert save_notes(db, [make_note(None, "Villain", "everywhere", ["reg"])]) == 2
    notes = {n.key: n for n in read_notes(db)}
    assert notes[("PokerStars", "Villain")].note == "bluffs rivers"
    assert notes[("PokerStars", "Villain")].tags == ("fish", "x")
    assert notes[(None, "Villain")].tags == ("reg",)
    assert all(n.updated_utc is not None and n.updated_utc.tzinfo for n in notes.values())
    save_notes(db, [make_note("PokerStars", "Villain", "calls", [])])
    assert {n.key: n.note for n in read_notes(db)}[("PokerStars", "Villain")] == "calls"
    assert save_notes(db, [make_note("PokerStars", "Villain", " ", [])]) == 1  # empty: removed
    assert [n.key for n in read_notes(db)] == [(None, "Villain")]
    assert save_notes(db, [make_note(None, "Villain", "", "")]) == 0
    assert read_notes(db) == []
    assert db.parts()["notes"] == []


def test_each_write_leaves_one_part_committed_in_place_of_the_last(db: Database) -> None:
    for i in range(4):
        save_notes(db, [make_note("PokerStars", f"P{i}", f"note {i}", [])])
        assert len(db.parts()["notes"]) == 1
    assert len(read_notes(db)) == 4
    last = db.history()[-1]
    assert (last.operation, last.added, last.removed) == ("notes", {"notes": 4}, {"notes": 3})


def test_sql_reads_the_notes_as_a_table(db: Database) -> None:
    save_notes(db, [make_note("PokerStars", "V", "x", ["fish", "loose"])])
    frame = db.sql("SELECT site, player, note, tags FROM notes")
    assert frame.to_dict("records")[0]["tags"].tolist() == ["fish", "loose"]
    assert frame["site"].tolist() == ["PokerStars"]


def test_a_write_needs_the_lock_another_holds_it(db: Database) -> None:
    other = Database(db.root)
    with other.writing(), pytest.raises(DatabaseError, match="another import is writing"):
        save_notes(db, [make_note(None, "V", "x", [])])
    assert read_notes(db) == []


def test_an_import_a_compaction_and_a_repair_keep_the_notes(tmp_path: Path) -> None:
    root = tmp_path / "db"
    histories = tmp_path / "h"
    histories.mkdir()
    shutil.copy(SAMPLES / "razz_cash_1-2.txt", histories)
    import_paths([histories], root, jobs=1)
    db = Database.create(root)
    save_notes(db, [make_note("PokerStars", "Hero", "me", ["hero"])])
    shutil.copy(SAMPLES / "stud_cash_0.10-0.20.txt", histories)
    import_paths([histories], root, jobs=1)
    db = open_db(root)
    assert db.compact(min_parts=1)
    assert [n.note for n in read_notes(open_db(root))] == ["me"]
    assert check_database(root).sound
    hands = open_db(root).parts()["hands"][0]
    (root / hands).write_bytes(b"damaged")
    repair_database(root, jobs=1)
    assert check_database(root).sound
    assert [n.note for n in read_notes(open_db(root))] == ["me"]


def test_a_repair_of_a_damaged_batches_log_keeps_the_notes(tmp_path: Path) -> None:
    """With the batches log damaged no table's version is known: a repair starts the
    tables anew from the history files, which cannot bring the notes back, so their table
    is kept at its latest version."""
    root = tmp_path / "db"
    histories = tmp_path / "h"
    histories.mkdir()
    shutil.copy(SAMPLES / "razz_cash_1-2.txt", histories)
    import_paths([histories], root, jobs=1)
    save_notes(Database.create(root), [make_note("PokerStars", "Hero", "me", ["hero"])])
    hands = open_db(root).count("hands")
    log = sorted((root / "batches" / "_delta_log").glob("*.json"))[-1]
    log.write_bytes(b"{")
    assert not check_database(root).sound
    repair_database(root, jobs=1)
    assert check_database(root).sound
    assert [n.note for n in read_notes(open_db(root))] == ["me"]
    assert open_db(root).count("hands") == hands


def test_a_database_with_notes_is_stamped_for_this_schema(tmp_path: Path) -> None:
    root = tmp_path / "db"
    Database.create(root)
    stamp = json.loads((root / "stud_hh.json").read_text())
    stamp["schema_version"] = 4  # a database made before the notes table
    (root / "stud_hh.json").write_text(json.dumps(stamp))
    db = Database(root)
    save_notes(db, [make_note(None, "V", "x", [])])
    assert json.loads((root / "stud_hh.json").read_text())["schema_version"] == SCHEMA_VERSION


def test_tags_are_trimmed_and_kept_once() -> None:
    assert clean_tags(["  a  b ", "A B", "", "c"]) == ("a b", "c")
    with pytest.raises(UsageError, match="at most"):
        clean_tags(["x" * (MAX_TAG + 1)])
    with pytest.raises(UsageError, match="list of texts"):
        clean_tags(3)  # type: ignore[arg-type]


def test_a_note_as_given_is_checked() -> None:
    with pytest.raises(UsageError, match="no site 'PokerStar'"):
        make_note("PokerStar", "V", "x", [])
    with pytest.raises(UsageError, match="player's name"):
        make_note(None, " ", "x", [])
    with pytest.raises(UsageError, match="at most"):
        make_note(None, "V", "x" * 10_001, [])
    assert make_note("", "V", "a\r\nb", []).site is None
    assert make_note("", "V", "a\r\nb", []).note == "a\nb"


def test_the_notes_file_carries_every_note_to_another_database(tmp_path: Path) -> None:
    first = Database.create(tmp_path / "a")
    when = datetime(2026, 5, 1, 12, 0, tzinfo=UTC)
    save_notes(first, [make_note("PokerStars", "<script>x</script>", "é\n\"q\"", ["t"], when),
                       make_note(None, "V", "v", [])])
    text = notes_json(read_notes(first))
    second = Database.create(tmp_path / "b")
    save_notes(second, [make_note(None, "V", "kept? no: replaced", []),
                        make_note(None, "W", "stays", [])])
    save_notes(second, parse_notes_json(text, "n.json"))
    assert {n.key: n.note for n in read_notes(second)} == {
        ("PokerStars", "<script>x</script>"): "é\n\"q\"", (None, "V"): "v", (None, "W"): "stays"}
    assert read_notes(second)[0].updated_utc == when
    save_notes(second, parse_notes_json(text, "n.json"), replace_all=True)
    assert read_notes(second) == read_notes(first)


@pytest.mark.parametrize(("text", "why"), [
    ("not json", "not JSON"),
    ('{"notes": []}', "not a notes file"),
    ('{"format": "stud-hh notes", "notes": [{"player": ""}]}', "note 1: a note needs"),
    ('{"format": "stud-hh notes", "notes": [{"player": "x", "updated_utc": "soon"}]}',
     "not an ISO time"),
])
def test_a_file_that_is_not_a_notes_file_is_named(text: str, why: str) -> None:
    with pytest.raises(InputError, match=why) as caught:
        parse_notes_json(text, "n.json")
    assert str(caught.value).startswith("n.json: ")
