"""`stud-hh equity` through the command line: shares printed, JSON, errors named (exit 2)."""

from __future__ import annotations

import json

import pytest

from stud_hh.cli import main


def test_equity_prints_each_players_share(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "As Ad | 9s 9h", "--up", "Kc Qd 7h 2c | 9d 3c 4d 5h"]) == 0
    out = capsys.readouterr().out
    assert "stud, 2 players: exact, every one of 1,560 deals" in out
    assert "3.72%" in out
    assert "96.28%" in out


def test_stud8_shows_the_halves_and_no_low(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "As 2d 3c 4h 5s Kd | Kc Kh Ks Qd Qh 9c", "--game", "stud8"]) == 0
    out = capsys.readouterr().out
    assert "high" in out
    assert "scoop" in out
    assert "no low qualifies in 0.00% of deals" in out


def test_equity_as_json_with_exact_fractions(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "As Ad Kc Qd 7h 2c | 9s 9h 9d 3c 4d 5h", "--dead", "Qs",
                 "--format", "json"]) == 0
    found = json.loads(capsys.readouterr().out)
    assert found["exact"] is True
    assert found["dead"] == ["Qs"]
    assert sum(p["equity"] for p in found["players"]) == pytest.approx(1)
    assert all("/" in p["fraction"] or p["fraction"] in "01" for p in found["players"])


def test_sampling_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["equity", "As Ad Kc | 9s 9h 2d", "--samples", "2000"]) == 0
    assert "sampled: 2,000 of" in capsys.readouterr().out


@pytest.mark.parametrize(("argv", "message"), [
    (["equity", "As Ad | As 9h"], "a card cannot be dealt twice: As"),
    (["equity", "As Xx | Kd 9h"], "not a card: 'Xx'"),
    (["equity", "As Ad | Kd 9h", "--up", "2c"], "--up names 1 players and CARDS 2"),
    (["equity", "As Ad"], "at least two players"),
])
def test_cards_that_cannot_be_dealt_exit_two(argv: list[str], message: str,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert "Traceback" not in err
