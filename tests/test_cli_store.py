"""stud-hh import, stats and plot: output, formats and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import SAMPLES

from stud_hh.cli import main


def test_import_then_reimport(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "db"
    assert main(["import", str(SAMPLES), "--db", str(db), "--jobs", "1", "-q"]) == 0
    out = capsys.readouterr().out
    assert "4 files: 23 hands new, 0 already stored or repeated, 0 failures" in out
    assert "2 skipped as not stud" in out
    assert main(["import", str(SAMPLES), "--db", str(db), "-q"]) == 0
    out = capsys.readouterr().out
    assert "4 files (4 unchanged, passed over): 0 hands new" in out
    assert "nothing new" in out


def test_import_keeps_failures_and_exits_one(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text((SAMPLES / "stud_cash_0.10-0.20.txt").read_text(encoding="utf-8")
                   .replace(": calls ", ": juggles ", 1), encoding="utf-8")
    assert main(["import", str(bad), "--db", str(tmp_path / "db"), "-q", "--jobs", "1"]) == 1
    captured = capsys.readouterr()
    assert "7 hands new" in captured.out
    assert "1 failures" in captured.out
    assert "bad.txt" in captured.err
    assert "stored in the failures table" in captured.err


def test_import_of_a_missing_path_or_a_foreign_folder(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(tmp_path / "nope"), "--db", str(tmp_path / "db")]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "x.txt").write_text("x")
    assert main(["import", str(SAMPLES), "--db", str(tmp_path / "mine")]) == 2
    assert "not a stud-hh database" in capsys.readouterr().err


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cli") / "db"
    assert main(["import", str(SAMPLES), "--db", str(root), "-q", "--jobs", "1"]) == 0
    return root


def test_stats_for_one_player(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--player", "Hero", "--by", "game"]) == 0
    out = capsys.readouterr().out
    for word in ("vpip", "vpip_n", "bb_per_100", "wtsd", "scoop_whole", "stud8", "razz"):
        assert word in out


def test_stats_as_json(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--format", "json", "--top", "0"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"player", "hands", "vpip", "vpip_n"} <= set(rows[0])
    assert sum(r["hands"] for r in rows) > 23


def test_stats_for_an_unknown_player(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--player", "Nobody"]) == 2
    assert "no hands for 'Nobody'" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["winnings", "door-card", "streets", "violations"])
def test_plot_writes_a_png(db: Path, kind: str, tmp_path: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / f"{kind}.png"
    assert main(["plot", kind, "--db", str(db), "--player", "Hero", "-o", str(target)]) == 0
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert target.stat().st_size > 5_000


def test_plot_needs_a_player(db: Path, tmp_path: Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plot", "winnings", "--db", str(db), "-o", str(tmp_path / "x.png")]) == 2
    assert "needs --player" in capsys.readouterr().err
