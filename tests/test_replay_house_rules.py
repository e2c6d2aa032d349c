"""House-rule settings of a profile that change what the replayer expects.

Each setting is checked both ways on a hand written for the test: the hand is
clean under the value it was written for and flagged (with the setting's rule)
under the other.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from contextlib import contextmanager

from stud_hh import parse_hand, rules
from stud_hh.replay import ReplayedHand, replay
from stud_hh.rules import OddChip, PotHalf

ODD_SPLIT = """\
PokerStars Hand #300000000101:  7 Card Stud Hi/Lo Limit ($0.10/$0.20 USD) - 2026/03/14 16:09:00 ET
Table 'Test' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Ann: posts the ante $0.02
Bob: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [As 2d Kc]
Dealt to Bob [3h]
Bob: brings in for $0.05
Ann: calls $0.05
*** 4th STREET ***
Dealt to Ann [As 2d Kc] [Kh]
Dealt to Bob [3h] [4h]
Ann: checks
Bob: checks
*** 5th STREET ***
Dealt to Ann [As 2d Kc Kh] [Qs]
Dealt to Bob [3h 4h] [7d]
Ann: checks
Bob: checks
*** 6th STREET ***
Dealt to Ann [As 2d Kc Kh Qs] [Jd]
Dealt to Bob [3h 4h 7d] [8s]
Ann: checks
Bob: checks
*** RIVER ***
Dealt to Ann [As 2d Kc Kh Qs Jd] [9s]
Ann: checks
Bob: checks
*** SHOW DOWN ***
Ann: shows [As 2d Kc Kh Qs Jd 9s] (HI: a pair of Kings)
Bob: shows [Tc Td 3h 4h 7d 8s 5c] (HI: a pair of Tens; LO: 8,7,5,4,3)
Bob collected $0.07 from pot
Ann collected $0.06 from pot
*** SUMMARY ***
Total pot $0.14 | Rake $0.01
Seat 1: Ann showed [As 2d Kc Kh Qs Jd 9s] and won ($0.06) with HI: a pair of Kings
Seat 2: Bob showed [Tc Td 3h 4h 7d 8s 5c] and won ($0.07) with HI: a pair of Tens; LO: 8,7,5,4,3
"""
"""$0.13 after rake split in halves: the odd cent goes to Bob's low half."""


@contextmanager
def _profile(**change: object) -> Iterator[str]:
    """The ``pokerstars`` profile with ``change``, registered for the ``with`` block."""
    name = "_house_rule_test"
    rules.PROFILES[name] = dataclasses.replace(rules.PROFILES["pokerstars"], name=name, **change)
    try:
        yield name
    finally:
        del rules.PROFILES[name]


def _rules(replayed: ReplayedHand) -> list[tuple[str, int]]:
    return [(v.rule, v.line) for v in replayed.violations]


def test_the_odd_chip_goes_to_the_half_the_profile_names() -> None:
    hand = parse_hand(ODD_SPLIT)
    assert _rules(replay(hand, "pokerstars")) == [("pot.wrong-split", 34)]
    with _profile(odd_chip=OddChip(split=PotHalf.LOW)) as low_first:
        assert _rules(replay(hand, low_first)) == []
    high_first = ODD_SPLIT.replace("Bob collected $0.07", "Bob collected $0.06").replace(
        "Ann collected $0.06", "Ann collected $0.07")
    assert _rules(replay(parse_hand(high_first), "pokerstars")) == []
