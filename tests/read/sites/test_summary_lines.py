"""The summary seat lines PokerStars and Full Tilt print alike, read by one reader
(:mod:`stud_hh.read.sites.summary_lines`): what either site's line says, the other's says
the same way."""

from __future__ import annotations

import pytest
from helpers import SMALL_HAND

from stud_hh.model.events import SeatOutcome, SeatSummary, Street
from stud_hh.read.parse import parse_hand
from stud_hh.read.sites.summary_lines import folded_street

SUMMARY = "Seat 1: A collected ($0.30)\nSeat 2: B folded on the 3rd Street (didn't bet)\n"
STARS = SMALL_HAND.replace(SUMMARY, "Seat 1: A (button) {a}\nSeat 2: B {b}\n")


def _summaries(a: str, b: str) -> list[SeatSummary]:
    hand = parse_hand(STARS.format(a=a, b=b))
    return [e for e in hand.events if isinstance(e, SeatSummary)]


@pytest.mark.parametrize(("tail", "outcome", "street", "won", "description"), [
    ("folded on the 3rd Street (didn't bet)", SeatOutcome.FOLDED, Street.THIRD, None, None),
    ("folded on the River", SeatOutcome.FOLDED, Street.SEVENTH, None, None),
    ("collected ($0.30)", SeatOutcome.COLLECTED, None, 30, None),
    ("showed [Kd 2c 3d] and won ($0.30) with a pair", SeatOutcome.SHOWED_WON, None, 30,
     "a pair"),
    ("showed [Kd 2c 3d] and lost with high card", SeatOutcome.SHOWED_LOST, None, None,
     "high card"),
    # Full Tilt's words, read alike on either site: a bare "mucked", a "- " description
    ("mucked", SeatOutcome.MUCKED, None, None, None),
    ("showed [Kd 2c 3d] and lost - high card", SeatOutcome.SHOWED_LOST, None, None,
     "high card"),
])
def test_a_summary_seat_line(tail: str, outcome: SeatOutcome, street: Street | None,
                             won: int | None, description: str | None) -> None:
    first, second = _summaries(tail, "folded on the 3rd Street (didn't bet)")
    assert (first.player, first.seat, second.player, second.seat) == ("A", 1, "B", 2)
    assert first.text == f"Seat 1: A (button) {tail}"
    assert (first.outcome, first.street, first.won, first.description) == (
        outcome, street, won, description)
    if "[" in tail:
        assert [str(c) for c in first.cards] == ["Kd", "2c", "3d"]


@pytest.mark.parametrize(("words", "street"), [
    ("the 3rd Street (didn't bet)", Street.THIRD), ("the 4th Street", Street.FOURTH),
    ("6th Street", Street.SIXTH), ("the 7th Street", Street.SEVENTH),
    ("the River", Street.SEVENTH), ("River (didn't bet)", Street.SEVENTH),
    ("the 2nd Street", None), ("", None),
])
def test_the_street_folded_on(words: str, street: Street | None) -> None:
    assert folded_street(words) is street
