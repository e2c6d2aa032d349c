"""Promise: every command that writes a file writes it only where a file belongs; every path
that is not a file or folder stud-hh can read is named for what it is.

A path inside a database (a file there would be taken for a part, or damage it), a
device, a pipe or a folder (where a file is asked for) is refused before any work: one
line naming the path and why, exit 2, nothing written, the database still sound. A path
read that is a device, a pipe, a loop of links or a link to nothing says so, not "no such
file or folder".
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from helpers import SAMPLES

from stud_hh.cli import main

HAND = "259114372218"
HISTORY = SAMPLES / "stud_cash_0.10-0.20.txt"

WRITERS = {
    "report": ["report", "--db", "{db}", "--player", "Hero", "-o", "{out}"],
    "report --audit": ["report", "--audit", "--db", "{db}", "-o", "{out}"],
    "show --html": ["show", HAND, "--db", "{db}", "--html", "-o", "{out}"],
    "plot": ["plot", "winnings", "--db", "{db}", "--player", "Hero", "-o", "{out}"],
    "sql": ["sql", "--db", "{db}", "-o", "{out}", "SELECT 1 AS one"],
    "export": ["export", "--db", "{db}", "--hand", HAND, "-o", "{out}"],
    "simulate": ["simulate", "--game", "stud", "--hands", "2", "-o", "{out}"],
}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("outputs") / "db"
    assert main(["import", str(HISTORY), "--db", str(root), "-q"]) == 0
    return root


def _targets(db: Path, tmp_path: Path) -> dict[str, Path]:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    (tmp_path / "folder").mkdir()
    return {"inside the database": db / "hands" / "_delta_log" / "x.json",
            "inside a table's folder": db / "hands" / "part-x.parquet",
            "a device": Path("/dev/null"), "a pipe": fifo,
            "a folder": tmp_path / "folder", "a folder that is not there": tmp_path / "no" / "x"}


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_file_is_written_only_where_a_file_belongs(
        command: str, db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    before = sorted(p.relative_to(db) for p in db.rglob("*"))
    for where, target in _targets(db, tmp_path).items():
        if command == "export" and where in ("a folder", "a folder that is not there"):
            continue  # export writes a folder of .phh files there
        argv = [a.format(db=db, out=target) for a in WRITERS[command]]
        code = main(argv)
        captured = capsys.readouterr()
        assert code == 2, (command, where, captured.out, captured.err)
        assert captured.out == "", (command, where)
        assert captured.err.startswith(f"stud-hh: {target}: cannot write"), captured.err
        assert captured.err.count("\n") == 1
    assert sorted(p.relative_to(db) for p in db.rglob("*")) == before
    assert not Path("/dev/null").is_file()  # still the device
    assert main(["check", "--db", str(db)]) == 0


@pytest.mark.parametrize("command", sorted(WRITERS))
def test_a_new_path_or_a_file_is_written(command: str, db: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    suffix = {"sql": ".csv", "plot": ".png", "export": ".phh", "simulate": ".txt"}.get(
        command, ".html")
    target = tmp_path / f"out{suffix}"
    argv = [a.format(db=db, out=target) for a in WRITERS[command]]
    assert main(argv) in (0, 1)
    assert target.is_file()
    capsys.readouterr()
    assert main(argv) in (0, 1)  # a file written before is written again
    assert target.is_file()


@pytest.mark.parametrize(("make", "said"), [
    (lambda tmp: Path("/dev/null"), "a device, not a file"),
    (lambda tmp: (os.mkfifo(tmp / "fifo"), tmp / "fifo")[1], "a pipe (FIFO), not a file"),
    (lambda tmp: ((tmp / "a").symlink_to(tmp / "b"), (tmp / "b").symlink_to(tmp / "a"),
                  tmp / "a")[2], "a loop of links"),
    (lambda tmp: ((tmp / "gone").symlink_to(tmp / "nowhere"), tmp / "gone")[1],
     "a link to nothing (dangling link)"),
    (lambda tmp: tmp / "missing", "no such file or folder"),
], ids=["device", "fifo", "link loop", "dangling link", "missing"])
@pytest.mark.parametrize("command", ["parse", "audit", "import"])
def test_a_path_that_cannot_be_read_is_named_for_what_it_is(
        make: object, said: str, command: str, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = make(tmp_path)  # type: ignore[operator]
    extra = ["--db", str(tmp_path / "db")] if command == "import" else []
    assert main([command, str(path), *extra]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"stud-hh: {path}: {said}"), err


def test_a_loop_met_in_a_folder_is_named_a_loop(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    folder = tmp_path / "histories"
    folder.mkdir()
    (folder / "a").symlink_to(folder / "b")
    (folder / "b").symlink_to(folder / "a")
    assert main(["parse", str(folder)]) == 0
    assert "a loop of links" in capsys.readouterr().out
