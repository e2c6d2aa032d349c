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


SILENT_UNCALLED = """\
PokerStars Hand #300000000102:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/03/14 16:07:00 ET
Table 'Test' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Ann: posts the ante $0.02
Bob: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [As Kd 9c]
Dealt to Bob [4h]
Bob: brings in for $0.05
Ann: raises $0.05 to $0.10
Bob: folds
Ann collected $0.14 from pot
*** SUMMARY ***
Total pot $0.14 | Rake $0
Seat 1: Ann collected ($0.14)
Seat 2: Bob folded on the 3rd Street
"""
"""Ann's $0.05 nobody called is neither returned in a line nor in the pot she collects."""


def test_a_site_that_returns_the_uncalled_bet_without_a_line() -> None:
    hand = parse_hand(SILENT_UNCALLED)
    # one fault: the bet nobody called not returned; the money that then does not balance
    # follows from it (the balance is checked last)
    assert [(v.rule, v.line, v.follows_line, v.follows_rule)
            for v in replay(hand, "pokerstars").violations] == [
        ("pot.uncalled-wrong", 15, None, None),
        ("pot.not-balanced", 15, 15, "pot.uncalled-wrong")]
    unprinted = rules.Printing(uncalled=rules.UncalledBet.UNPRINTED)
    with _profile(prints=unprinted) as silent:
        replayed = replay(hand, silent)
    assert _rules(replayed) == []
    assert replayed.uncalled == {"Ann": 5}
    assert replayed.nets == {"Ann": 7, "Bob": -7}
    with _profile(prints=unprinted) as silent:  # a printed line still counts as printed
        printed = SILENT_UNCALLED.replace("Ann collected $", "Uncalled bet ($0.04) returned to "
                                          "Ann\nAnn collected $")
        assert _rules(replay(parse_hand(printed), silent)) == [("pot.uncalled-wrong", 13),
                                                              ("pot.not-balanced", 16)]


BRING_IN_BET = """\
PokerStars Hand #300000000103:  7 Card Stud Limit ($0.40/$0.80 USD) - 2026/03/14 16:07:00 ET
Table 'Test' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cid ($10 in chips)
Ann: posts the ante $0.10
Bob: posts the ante $0.10
Cid: posts the ante $0.10
*** 3rd STREET ***
Dealt to Ann [As Kd 9c]
Dealt to Bob [Kh]
Dealt to Cid [2c]
Cid: brings in for $0.30
Ann: raises $0.10 to $0.40
Bob: raises $0.30 to $0.70
Cid: folds
Ann: raises $0.40 to $1.10
Bob: calls $0.40
*** 4th STREET ***
Dealt to Ann [As Kd 9c] [Jh]
Dealt to Bob [Kh] [4d]
Bob: checks
Ann: bets $0.40
Bob: folds
Uncalled bet ($0.40) returned to Ann
Ann collected $2.80 from pot
*** SUMMARY ***
Total pot $2.80 | Rake $0
Seat 1: Ann collected ($2.80)
Seat 2: Bob folded on the 4th Street
Seat 3: Cid folded on the 3rd Street
"""
"""A bring-in of $0.30 at $0.40/$0.80: the completion adds $0.10, less than half a bet,
so Bob's raise adds a bet to the bring-in ($0.70) and Ann's a bet to Bob's."""


def _edited(text: str, *edits: tuple[str, str]) -> str:
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    return text


def test_a_site_where_the_bring_in_is_the_opening_bet() -> None:
    hand = parse_hand(BRING_IN_BET)
    assert _rules(replay(hand, "pokerstars")) == [("bet.wrong-size", 15)]
    with _profile(bring_in_is_bet=True) as kings:
        replayed = replay(hand, kings)
        assert _rules(replayed) == []
        assert [a.level for a in replayed.actions if a.street == 3] == [0, 1, 2, 2, 3, 3]
        # a bring-in of half a bet: the completion is a full raise of it, as everywhere
        half = _edited(BRING_IN_BET, ("brings in for $0.30", "brings in for $0.20"),
                       ("Ann: raises $0.10 to $0.40", "Ann: raises $0.20 to $0.40"),
                       ("Bob: raises $0.30 to $0.70", "Bob: raises $0.40 to $0.80"),
                       ("Ann: raises $0.40 to $1.10", "Ann: raises $0.40 to $1.20"),
                       ("$2.80", "$2.90"))
        assert _rules(replay(parse_hand(half), kings)) == []
        assert _rules(replay(parse_hand(half), "pokerstars")) == []
        short = _edited(half, ("Bob: raises $0.40 to $0.80", "Bob: raises $0.30 to $0.70"),
                        ("Ann: raises $0.40 to $1.20", "Ann: raises $0.40 to $1.10"),
                        ("$2.90", "$2.70"))
        assert _rules(replay(parse_hand(short), kings)) == [("bet.wrong-size", 15)]


ONE_LINE_FOR_TWO_POTS = """\
PokerStars Hand #300000000104:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/03/14 16:07:00 ET
Table 'Test' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cid ($0.12 in chips)
Ann: posts the ante $0.02
Bob: posts the ante $0.02
Cid: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [As Kd 9c]
Dealt to Bob [Kh]
Dealt to Cid [2c]
Cid: brings in for $0.05
Ann: raises $0.05 to $0.10
Bob: calls $0.10
Cid: calls $0.05 and is all-in
*** 4th STREET ***
Dealt to Ann [As Kd 9c] [Jh]
Dealt to Bob [Kh] [4d]
Dealt to Cid [2c] [7s]
Bob: checks
Ann: bets $0.10
Bob: calls $0.10
*** 5th STREET ***
Dealt to Ann [As Kd 9c Jh] [3s]
Dealt to Bob [Kh 4d] [8c]
Dealt to Cid [2c 7s] [Qd]
Bob: checks
Ann: bets $0.20
Bob: folds
Uncalled bet ($0.20) returned to Ann
*** 6th STREET ***
Dealt to Ann [As Kd 9c Jh 3s] [Tc]
Dealt to Cid [2c 7s Qd] [6d]
*** RIVER ***
Dealt to Ann [As Kd 9c Jh 3s Tc] [Ad]
*** SHOW DOWN ***
Ann: shows [As Kd 9c Jh 3s Tc Ad] (a pair of Aces)
Cid: shows [8h 4h 2c 7s Qd 6d 3c] (high card Queen)
Ann collected $0.56 from pot
*** SUMMARY ***
Total pot $0.56 | Rake $0
Seat 1: Ann showed [As Kd 9c Jh 3s Tc Ad] and won ($0.56) with a pair of Aces
Seat 2: Bob folded on the 5th Street
Seat 3: Cid showed [8h 4h 2c 7s Qd 6d 3c] and lost with high card Queen
"""
"""Ann wins the main pot ($0.36, against Cid all-in) and the side pot ($0.20, Bob folded)
and the history prints one line, naming no pot, for both."""


def test_one_collection_naming_no_pot_for_several_pots() -> None:
    replayed = replay(parse_hand(ONE_LINE_FOR_TWO_POTS), "pokerstars")
    assert [(p.amount, p.eligible, p.winners_high) for p in replayed.pots] == [
        (36, ("Ann", "Cid"), ("Ann",)), (20, ("Ann",), ("Ann",))]
    assert _rules(replayed) == []
    assert replayed.nets == {"Ann": 56 - 22, "Bob": -22, "Cid": -12}
    wrong = ONE_LINE_FOR_TWO_POTS.replace("Ann collected $0.56", "Cid collected $0.56")
    (violation,) = replay(parse_hand(wrong), "pokerstars").violations
    assert (violation.rule, violation.line) == ("pot.wrong-winner", 40)
    assert violation.message == "the pots went to Cid; the cards give one to Ann"
    shared = ONE_LINE_FOR_TWO_POTS.replace("Ann collected $0.56 from pot\n",
                                           "Ann collected $0.38 from pot\n"
                                           "Cid collected $0.18 from pot\n")
    (violation,) = replay(parse_hand(shared), "pokerstars").violations
    assert (violation.rule, violation.line, violation.player) == ("pot.wrong-winner", 40, "Cid")
    assert violation.message == "the pots went to Ann, Cid; the cards give none to Cid"


SIDE_POT_SHOWDOWN = """\
PokerStars Hand #300000000102:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/03/14 16:19:00 ET
Table 'Test' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: Cid ($0.02 in chips)
Seat 3: Bob ($10 in chips)
Ann: posts the ante $0.02
Cid: posts the ante $0.02 and is all-in
Bob: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [As 7d Ah]
Dealt to Cid [Kc]
Dealt to Bob [2c]
Bob: brings in for $0.05
Ann: calls $0.05
*** 4th STREET ***
Dealt to Ann [As 7d Ah] [Kd]
Dealt to Cid [Kc] [Qh]
Dealt to Bob [2c] [4d]
Ann: checks
Bob: checks
*** 5th STREET ***
Dealt to Ann [As 7d Ah Kd] [8s]
Dealt to Cid [Kc Qh] [2h]
Dealt to Bob [2c 4d] [Jc]
Ann: checks
Bob: checks
*** 6th STREET ***
Dealt to Ann [As 7d Ah Kd 8s] [3c]
Dealt to Cid [Kc Qh 2h] [5d]
Dealt to Bob [2c 4d Jc] [6h]
Ann: checks
Bob: checks
*** RIVER ***
Dealt to Ann [As 7d Ah Kd 8s 3c] [9h]
Ann: bets $0.20
Bob: calls $0.20
*** SHOW DOWN ***
Ann: shows [As 7d Ah Kd 8s 3c 9h] (a pair of Aces)
Bob: shows [Td Ts 2c 4d Jc 6h 5s] (a pair of Tens)
Cid: shows [7c 8c Kc Qh 2h 5d 9d] (high card King)
Ann collected $0.50 from side pot
Ann collected $0.06 from main pot
*** SUMMARY ***
Total pot $0.56 Main pot $0.06. Side pot $0.50. | Rake $0
Seat 1: Ann showed [As 7d Ah Kd 8s 3c 9h] and won ($0.56) with a pair of Aces
Seat 2: Cid showed [7c 8c Kc Qh 2h 5d 9d] and lost with high card King
Seat 3: Bob showed [Td Ts 2c 4d Jc 6h 5s] and lost with a pair of Tens
"""
"""Cid is all-in on the ante; Ann bets 7th street and Bob calls. Shown Ann, Bob, then Cid:
the side pot's players first (Merge), where docs/stud-rules.md's one clockwise order from the
bettor has Cid (seat 2) show before Bob (seat 3)."""


def test_side_pots_shown_first_orders_the_showdown_by_pot() -> None:
    hand = parse_hand(SIDE_POT_SHOWDOWN)
    assert _rules(replay(hand, "pokerstars")) == [("showdown.wrong-order", 40)]
    with _profile(side_pots_shown_first=True) as by_pot:
        assert _rules(replay(hand, by_pot)) == []
        clockwise = SIDE_POT_SHOWDOWN.replace(
            "Bob: shows [Td Ts 2c 4d Jc 6h 5s] (a pair of Tens)\n"
            "Cid: shows [7c 8c Kc Qh 2h 5d 9d] (high card King)\n",
            "Cid: shows [7c 8c Kc Qh 2h 5d 9d] (high card King)\n"
            "Bob: shows [Td Ts 2c 4d Jc 6h 5s] (a pair of Tens)\n")
        assert _rules(replay(parse_hand(clockwise), by_pot)) == [("showdown.wrong-order", 40)]
        assert _rules(replay(parse_hand(clockwise), "pokerstars")) == []
