"""The stud-hh command line: summary, jsonl, exit codes, no tracebacks on user data."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from stud_hh.cli import main

HAND = """PokerStars Hand #1001: 7 Card Stud Limit ($0.10/$0.20 USD) - 2026/03/14 16:05:11 ET
Table 'Test Table' 8-max
Seat 1: Ann [NL] ($5 in chips)
Seat 2: Mr: Fox ($4.50 in chips)
Ann [NL]: posts the ante $0.02
Mr: Fox: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [NL] [Kd]
Dealt to Mr: Fox [2c]
Mr: Fox: brings in for $0.05
Ann [NL]: raises $0.05 to $0.10
Mr: Fox: folds
Uncalled bet ($0.05) returned to Ann [NL]
Ann [NL] collected $0.14 from pot
*** SUMMARY ***
Total pot $0.14 | Rake $0
Seat 1: Ann [NL] collected ($0.14)
Seat 2: Mr: Fox folded on the 3rd Street
"""

HOLDEM = """PokerStars Hand #1002:  8-Game (Hold'em Limit, $2/$4 USD) - 2026/03/14 16:06:00 ET
Table 'Test Table' 8-max Seat #1 is the button
Seat 1: Ann [NL] ($5 in chips)
Seat 2: Mr: Fox ($4.50 in chips)
Ann [NL]: posts small blind $1
Mr: Fox: posts big blind $2
*** HOLE CARDS ***
Ann [NL]: folds
Uncalled bet ($1) returned to Mr: Fox
Mr: Fox collected $2 from pot
*** SUMMARY ***
Total pot $2 | Rake $0
"""


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_parse_summary_counts_parsed_skipped_and_failed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _write(tmp_path, "a.txt", HAND + "\n\n" + HOLDEM)
    sub = tmp_path / "deeper" / "folder"
    sub.mkdir(parents=True)
    _write(sub, "b.txt", HAND.replace("#1001", "#1003").replace("folds\n", "thinks\n"))
    code = main(["parse", "-q", str(tmp_path)])
    out, err = capsys.readouterr()
    assert code == 1
    assert out.strip().splitlines()[-1] == (
        "2 files: 1 hands parsed, 1 skipped as not stud (Hold'em Limit 1), 1 failed")
    assert "b.txt:12" in err
    assert "[hand 1003]" in err
    assert "unknown action 'thinks'" in err
    assert "Traceback" not in out + err


def test_parse_clean_input_exits_zero(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["parse", "-q", str(_write(tmp_path, "a.txt", HAND))])
    assert code == 0
    assert "1 hands parsed" in capsys.readouterr().out


def test_parse_jsonl_prints_one_object_per_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _write(tmp_path, "a.txt", HAND + "\n" + HOLDEM)
    assert main(["parse", "--format", "jsonl", str(path)]) == 0
    out, err = capsys.readouterr()
    objects = [json.loads(line) for line in out.splitlines()]
    assert [o["kind"] for o in objects] == ["hand", "skipped"]
    hand = objects[0]
    assert (hand["hand_id"], hand["game"], hand["small_bet"], hand["currency"]) == (
        "1001", "stud", 10, "USD")
    assert [s["name"] for s in hand["seats"]] == ["Ann [NL]", "Mr: Fox"]
    raise_ = next(e for e in hand["events"] if e["event"] == "Raise")
    assert raise_ == {"event": "Raise", "line": 11, "player": "Ann [NL]", "by": 5, "to": 10,
                      "all_in": False}
    assert "1 hands parsed" in err  # the summary goes to stderr, keeping stdout pure JSON


def test_missing_path_is_unusable_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["parse", "/definitely/not/here"]) == 2
    assert "no such file or folder" in capsys.readouterr().err


def test_verbose_prints_a_line_per_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _write(tmp_path, "a.txt", HAND + "\n\n" + HOLDEM)
    assert main(["parse", "-q", "-v", str(tmp_path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == f"{tmp_path / 'a.txt'}: 1 skipped, 1 stud"
    assert lines[-1].startswith("1 file: 1 hands parsed")


def test_unreadable_and_binary_files_are_failures_not_tracebacks(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good = _write(tmp_path, "good.txt", HAND)
    binary = tmp_path / "binary.txt"
    binary.write_bytes(bytes(range(256)) * 64)
    locked = _write(tmp_path, "locked.txt", HAND.replace("#1001", "#1009"))
    locked.chmod(0)
    try:
        code = main(["parse", "-q", str(good), str(binary), str(locked)])
    finally:
        locked.chmod(0o644)
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    assert "binary.txt:1" in err
    if os.geteuid() != 0:  # root reads a file whatever its mode
        assert "locked.txt" in err
    assert code == 1
    assert "1 failed" in out or "2 failed" in out


def test_show_refuses_a_hero_who_is_not_in_the_hand(tmp_path: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from helpers import SAMPLES

    path = str(SAMPLES / "stud_cash_0.10-0.20.txt")
    assert main(["show", "259114372218", path, "--hero", "nobody"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("stud-hh: --hero 'nobody' is no player of hand 259114372218: its "
                            "players are Hero, Big Slick, Ann [NL], Mr: Fox, Jürgen, Łucja, "
                            "tortuga_77\n")
    assert main(["show", "259114372218", path, "--hero", "big slick"]) == 0  # any case
    assert "Big Slick (hero)" in capsys.readouterr().out


def test_the_same_option_has_one_name_everywhere() -> None:
    """A leak's sample is --min-sample (the n of stats), rows of a summary --min-hands; the
    dates are on the machine's clock, as --help says."""
    from stud_hh.cli.parser import build_parser

    parser = build_parser()
    helps = {name: sub.format_help() for name, sub in
             parser._subparsers._group_actions[0].choices.items()}  # type: ignore[union-attr]
    assert "--min-sample" in helps["report"]
    assert "--min-n" not in helps["report"]
    for name, text in helps.items():
        assert "UTC)" not in text.replace("start (UTC)", ""), name
        if "--since" in text:
            assert "machine's clock" in " ".join(text.split()), name
