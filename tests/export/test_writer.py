"""The writer is the parser's inverse: parse -> write -> parse gives the same hand."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from stud_hh import parse_hand
from stud_hh.export.pokerstars import describe, write_hand
from stud_hh.model.events import HandHeader
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_file

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "handwritten"


def without_lines(hand: ParsedHand) -> tuple[HandHeader, list[object]]:
    header = dataclasses.replace(
        hand.header, line=0, seats=tuple(dataclasses.replace(s, line=0) for s in hand.header.seats))
    return header, [dataclasses.replace(e, line=0) for e in hand.events]


def assert_round_trip(hand: ParsedHand) -> None:
    again = parse_hand(write_hand(hand.header, hand.events))
    assert without_lines(again) == without_lines(hand), hand.hand_id


def test_every_real_stars_hand_round_trips(corpus: Path) -> None:
    hands = [r for f in sorted((corpus / "Stars").rglob("*.txt")) for r in parse_file(f)
             if isinstance(r, ParsedHand)]
    assert len(hands) >= 70
    for hand in hands:
        assert_round_trip(hand)


def test_sample_histories_round_trip() -> None:
    hands = [r for f in sorted(SAMPLES.glob("*.txt")) for r in parse_file(f)
             if isinstance(r, ParsedHand)]
    assert hands
    for hand in hands:
        assert_round_trip(hand)


def test_lines_are_pokerstars_lines(corpus: Path) -> None:
    """Line for line, the writer prints a real hand as PokerStars did (trailing spaces aside)."""
    path = corpus / "Stars" / "7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt"
    original = [line.rstrip() for line in path.read_text().splitlines() if line.strip()]
    (hand,) = [r for r in parse_file(path) if isinstance(r, ParsedHand)]
    written = [line.rstrip() for line in write_hand(hand.header, hand.events).splitlines()]
    # the 2009 header said "Game #" and no currency; every other line is the same
    assert written[1:] == original[1:]
    assert "*** RIVER *** [6h]" in written
    assert "Board [6h]" in written


@pytest.mark.parametrize(("game", "cards", "text"), [
    ("stud", ["7s", "Qs", "6c", "7h", "3s", "Qh", "6h"], "two pair, Queens and Sevens"),
    ("stud", ["Tc", "Kh", "As", "Jd", "Qd", "2s", "9c"], "a straight, Ten to Ace"),
    ("stud", ["5c", "5d", "5h", "Ac", "Ad", "2c", "7s"], "a full house, Fives full of Aces"),
    ("stud", ["4h", "3d", "5d", "Qd", "Jd", "9d", "6h"], "a flush, Queen high"),
    ("stud", ["2h", "2d", "9c", "Kd", "7c", "5s", "3h"], "a pair of Deuces"),
    ("stud", ["6h", "6d", "9c", "Kd", "7c", "5s", "3h"], "a pair of Sixes"),
    ("stud", ["Jh", "2d", "9c", "8d", "7c", "5s", "3h"], "high card Jack"),
    ("stud", ["9s", "Ts", "Js", "Qs", "Ks", "2d", "2c"], "a straight flush, Nine to King"),
    ("stud8", ["7c", "3s", "5h", "Qc", "Kc", "6d", "4d"],
     "HI: a straight, Three to Seven; LO: 7,6,5,4,3"),
    ("stud8", ["4h", "3d", "5d", "Qd", "Jd", "9d", "6h"], "HI: a flush, Queen high"),
    ("razz", ["Tc", "9h", "8s", "6d", "5c", "Kd", "Ks"], "Lo: T,9,8,6,5"),
])
def test_descriptions_as_pokerstars_prints_them(game: str, cards: list[str], text: str) -> None:
    assert describe(game, cards) == text
