"""Promise: `stud-hh notes` lists a database's notes and carries them to another database
through a JSON file (or standard output and input); a file that is not a notes file, a
path inside a database or a database another import holds is one line, exit 2."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from stud_hh.cli import main
from stud_hh.store.database import Database
from stud_hh.store.notes import make_note, read_notes, save_notes


@pytest.fixture
def databases(tmp_path: Path) -> tuple[Path, Path]:
    first, second = tmp_path / "a.db", tmp_path / "b.db"
    save_notes(Database.create(first), [
        make_note("PokerStars", "Villain", "bluffs 7th\nalways", ["fish", "loose"]),
        make_note(None, "Reg", "", ["reg"])])
    save_notes(Database.create(second), [make_note(None, "Other", "kept", [])])
    return first, second


def test_notes_go_from_one_database_to_another(databases: tuple[Path, Path], tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    first, second = databases
    assert main(["notes", "--db", str(first)]) == 0
    listed = capsys.readouterr().out
    assert "Villain (PokerStars)  [fish, loose]\n    bluffs 7th\n    always\n" in listed
    assert "Reg (every site)  [reg]" in listed
    exported = tmp_path / "notes.json"
    assert main(["notes", "export", str(exported), "--db", str(first)]) == 0
    assert capsys.readouterr().out.strip() == f"2 notes written to {exported}"
    assert json.loads(exported.read_text(encoding="utf-8"))["format"] == "stud-hh notes"
    assert main(["notes", "--db", str(second), "import", str(exported)]) == 0
    assert "2 notes imported; the database holds 3 notes" in capsys.readouterr().out
    assert {n.player for n in read_notes(Database(second))} == {"Villain", "Reg", "Other"}
    assert main(["notes", "import", str(exported), "--replace", "--db", str(second)]) == 0
    assert {n.player for n in read_notes(Database(second))} == {"Villain", "Reg"}


def test_standard_output_and_input_carry_the_notes(
        databases: tuple[Path, Path], capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    first, second = databases
    assert main(["notes", "export", "-", "--db", str(first)]) == 0
    text = capsys.readouterr().out
    monkeypatch.setattr("sys.stdin", io.StringIO(text))
    assert main(["notes", "import", "-", "--replace", "--db", str(second)]) == 0
    assert read_notes(Database(second)) == read_notes(Database(first))


def test_what_cannot_be_done_is_one_line(databases: tuple[Path, Path], tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    first, second = databases
    assert main(["notes", "export", str(first / "x.json"), "--db", str(first)]) == 2
    assert "inside the database" in capsys.readouterr().err
    wrong = tmp_path / "wrong.json"
    wrong.write_text('{"notes": []}', encoding="utf-8")
    assert main(["notes", "import", str(wrong), "--db", str(second)]) == 2
    err = capsys.readouterr().err
    assert f"{wrong}: not a notes file" in err
    assert "Traceback" not in err
    right = tmp_path / "right.json"
    assert main(["notes", "export", str(right), "--db", str(first)]) == 0
    with Database(second).writing():  # a watch or an import holds the lock
        assert main(["notes", "import", str(right), "--db", str(second)]) == 2
    assert "another import is writing" in capsys.readouterr().err
    assert [n.player for n in read_notes(Database(second))] == ["Other"]
