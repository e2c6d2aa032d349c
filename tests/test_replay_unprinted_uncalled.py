"""A site that returns a bet nobody called without printing it (``prints.uncalled``).

Everleaf prints no uncalled-bet line, and the winner's amount leaves the bet
out: the next hand's stacks show it back with its bettor. Under a profile that
says so, the replayer returns it by the rules; under one that does not, the
same text is a pot that does not balance.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from helpers import SMALL_HAND

from stud_hh import rules
from stud_hh.read.parse import parse_hand
from stud_hh.replay import replay

# A PokerStars hand with its "Uncalled bet ($0.50) returned to A" line left out.
HAND = SMALL_HAND.replace("Uncalled bet ($0.40) returned to A\n", "").replace("$0.30", "$0.20")


@pytest.fixture
def unprinted() -> Iterator[str]:
    name = "_uncalled_unprinted"
    stars = rules.PROFILES["pokerstars"]
    rules.PROFILES[name] = dataclasses.replace(
        stars, name=name,
        prints=dataclasses.replace(stars.prints, uncalled=rules.UncalledBet.UNPRINTED))
    yield name
    del rules.PROFILES[name]


def test_the_unprinted_uncalled_bet_is_returned_by_the_rules(unprinted: str) -> None:
    replayed = replay(parse_hand(HAND), unprinted)
    assert replayed.violations == ()
    assert replayed.uncalled == {"A": 50}
    assert replayed.nets == {"A": 10, "B": -10}
    assert replayed.rake == 0
    assert "pot.uncalled-wrong" in {u.rule for u in replayed.unverifiable}


def test_without_the_setting_the_same_text_does_not_balance() -> None:
    replayed = replay(parse_hand(HAND), "pokerstars")
    assert {v.rule for v in replayed.violations} == {"pot.not-balanced", "pot.uncalled-wrong"}
    assert replayed.uncalled == {}


# The same hand as PokerStars's client of 2005-2007 wrote it: the old date form, no
# uncalled-bet line, the bring-in's unmatched part left out of the pot.
HAND_2007 = HAND.replace("PokerStars Hand #7: Razz Limit ($1/$2 USD) - 2026/01/02 03:04:05 ET",
                         "PokerStars Game #7:  Razz Limit ($1/$2) - 2007/10/15 - 05:34:03 (ET)")


def test_a_stars_hand_before_2008_returns_the_uncalled_bet_by_the_rules() -> None:
    hand = parse_hand(HAND_2007)
    assert hand.header.started_at is not None
    assert hand.header.started_at.year == 2007
    replayed = replay(hand, "pokerstars")
    assert replayed.violations == ()
    assert replayed.uncalled == {"A": 50}
    assert replayed.nets == {"A": 10, "B": -10}
    assert "pot.uncalled-wrong" in {u.rule for u in replayed.unverifiable}


def test_a_later_stars_hand_without_the_line_is_still_a_violation() -> None:
    assert rules.profile("pokerstars").prints.uncalled_unprinted_before is not None
    later = HAND_2007.replace("2007/10/15", "2008/01/02")
    replayed = replay(parse_hand(later), "pokerstars")
    assert {v.rule for v in replayed.violations} == {"pot.not-balanced", "pot.uncalled-wrong"}


def test_a_printed_line_in_an_old_hand_is_checked_as_printed() -> None:
    printed = HAND_2007.replace("A collected $0.20 from pot",
                                "Uncalled bet ($0.40) returned to A\nA collected $0.20 from pot")
    replayed = replay(parse_hand(printed), "pokerstars")
    assert {v.rule for v in replayed.violations} == {"pot.not-balanced", "pot.uncalled-wrong"}
