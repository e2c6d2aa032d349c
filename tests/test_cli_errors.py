"""Promise: no bare traceback, ever; each environment fault is one line naming the path and
what to do, with exit code 2; a bug of ours is one line with exit code 3.

Disk full and a pipe to a worker closing are simulated here (the fault suite of
tests/test_faults.py makes real ones where the machine allows); a database folder the
user may not write is real (the test runs the command as another user when it runs as
root, who may write anywhere).
"""

from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest

from stud_hh.cli import histories, main
from stud_hh.store.database import open_db

HANDWRITTEN = Path(__file__).parent / "data" / "handwritten"
STARS = HANDWRITTEN / "stud_cash_0.10-0.20.txt"


def _one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err
    return lines[0]


def test_a_full_disk_is_one_line_and_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    from stud_hh.store.database import Database

    def full(self: Database, table: str, data: object) -> object:
        raise OSError(errno.ENOSPC, "No space left on device", str(self.root / table))

    monkeypatch.setattr(Database, "write_part", full)
    db = tmp_path / "db"
    assert main(["import", str(STARS), "--db", str(db), "--jobs", "1", "-q"]) == 2
    line = _one_line(capsys.readouterr().err)
    assert line.startswith(f"stud-hh: {db}")
    assert "no space left on the device: free some space" in line
    assert open_db(db).count("hands") == 0  # nothing half-written is visible


def test_a_bug_is_one_line_and_exit_3(monkeypatch: pytest.MonkeyPatch,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    def broken(*args: object) -> int:
        raise KeyError("oops")

    monkeypatch.setattr(histories, "cmd_parse", broken)
    monkeypatch.delenv("STUD_HH_DEBUG", raising=False)
    assert main(["parse", str(STARS)]) == 3
    line = _one_line(capsys.readouterr().err)
    assert "internal error" in line
    assert "STUD_HH_DEBUG=1" in line


def test_a_worker_pipe_closing_is_reported(monkeypatch: pytest.MonkeyPatch,
                                           capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    """A BrokenPipeError that does not come from standard output is not `| head`."""
    import stud_hh.store.ingest.run

    def gone(*args: object, **kwargs: object) -> object:
        raise BrokenPipeError(errno.EPIPE, "Broken pipe")

    monkeypatch.setattr(stud_hh.store.ingest.run, "import_paths", gone)
    assert main(["import", str(STARS), "--db", str(tmp_path / "db"), "-q"]) == 2
    line = _one_line(capsys.readouterr().err)
    assert "rerun with --jobs 1" in line


@pytest.mark.parametrize("command", [
    "parse --format jsonl {big}",
    "audit {big}",
    "stats --db {db} --format json",
    "stats --db {db}",
    "tournaments --db {db} --list",
    "--help",
])
def test_output_piped_to_head_ends_quietly(command: str, tmp_path: Path,
                                           samples_database: Path) -> None:
    """`stud-hh ... | head`: the reader has what it wanted; nothing on standard error,
    exit 0 (the pipeline's status with pipefail)."""
    big = tmp_path / "big.txt"
    big.write_text(STARS.read_text(encoding="utf-8") * 40, encoding="utf-8")
    stud_hh = Path(sys.executable).parent / "stud-hh"
    line = command.format(big=big, db=samples_database)
    done = subprocess.run(["bash", "-o", "pipefail", "-c", f"'{stud_hh}' {line} | head -c 1"],
                          capture_output=True, text=True, check=False)
    assert done.stderr == ""
    assert done.returncode == 0
    assert len(done.stdout) == 1


def test_a_full_standard_output_is_named_as_such(samples_database: Path) -> None:
    stud_hh = Path(sys.executable).parent / "stud-hh"
    done = subprocess.run(["bash", "-c", f"'{stud_hh}' stats --db '{samples_database}' "
                           "> /dev/full"], capture_output=True, text=True, check=False)
    assert done.returncode == 2
    line = _one_line(done.stderr)
    assert line.startswith("stud-hh: standard output: no space left on the device")


def _run(*args: str) -> bool:
    return subprocess.run(args, capture_output=True, check=False).returncode == 0


def _imported(tmp_path: Path) -> tuple[Path, Path, int]:
    """A database holding the handwritten hands, and a file with one more hand."""
    db = tmp_path / "db"
    assert main(["import", str(STARS), "--db", str(db), "--jobs", "1", "-q"]) == 0
    more = tmp_path / "h.txt"
    more.write_text(STARS.read_text(encoding="utf-8").replace("#259114372218", "#259114372299"),
                    encoding="utf-8")
    return db, more, open_db(db).count("hands")


@pytest.mark.skipif(sys.platform != "linux", reason="uses Linux file attributes")
def test_a_database_the_user_may_not_write(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """The database's files may not be changed: one line naming the path, exit 2, nothing
    changed. As root (who may write anywhere) the folder is made immutable; otherwise its
    permissions are taken away."""
    db, more, before = _imported(tmp_path)
    capsys.readouterr()
    if os.geteuid() == 0:
        if not _run("chattr", "-R", "+i", str(db)):
            pytest.skip("chattr +i is not available on this file system")
        undo = ["chattr", "-R", "-i", str(db)]
    else:
        for path in [db, *db.rglob("*")]:
            if path.is_dir():
                path.chmod(0o555)
        undo = ["chmod", "-R", "u+w", str(db)]
    try:
        code = main(["import", str(more), "--db", str(db), "--jobs", "1", "-q"])
    finally:
        assert _run(*undo)
    assert code == 2
    line = _one_line(capsys.readouterr().err)
    assert "not permitted" in line or "permission denied" in line
    assert str(db) in line
    assert open_db(db).count("hands") == before


@pytest.mark.skipif(sys.platform != "linux" or os.geteuid() != 0,
                    reason="a read-only bind mount needs root on Linux")
def test_a_read_only_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, more, before = _imported(tmp_path)
    capsys.readouterr()
    if not (_run("mount", "--bind", str(db), str(db))
            and _run("mount", "-o", "remount,ro,bind", str(db))):
        _run("umount", str(db))
        pytest.skip("bind mounts are not allowed here")
    try:
        code = main(["import", str(more), "--db", str(db), "--jobs", "1", "-q"])
        nothing = main(["import", str(STARS), "--db", str(db), "--jobs", "1", "-q"])
    finally:
        assert _run("umount", str(db))
    assert (code, nothing) == (2, 2)
    err = capsys.readouterr().err
    assert err.count("the file system is read-only") == 2
    assert "Traceback" not in err
    assert open_db(db).count("hands") == before


@pytest.mark.parametrize("command", ["parse", "audit", "import"])
def test_an_unreadable_hand_is_a_finding_alone_or_in_a_folder(
        command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One rule for every command and every way a file is named: a hand that cannot be
    read is a finding (1), whether it is its file's only hand or not, named or in a folder;
    2 is for input that holds no hand history at all."""
    folder = tmp_path / "histories"
    folder.mkdir()
    hand = STARS.read_text(encoding="utf-8").split("\n\n\n")[0]
    bad = folder / "bad.txt"
    bad.write_text(hand.replace("to $0.10", "to $abc", 1), encoding="utf-8")
    junk = tmp_path / "notes.txt"
    junk.write_text("a shopping list, not a hand history\n", encoding="utf-8")

    def run(path: Path, n: int) -> int:
        extra = ["--db", str(tmp_path / f"db{n}"), "-q"] if command == "import" else []
        code = main([command, str(path), *extra])
        capsys.readouterr()
        return code

    assert run(bad, 1) == 1
    assert run(folder, 2) == 1
    assert run(junk, 3) == 2
