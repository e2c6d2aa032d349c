"""A hand whose stakes are unknown (``small_bet == big_bet == 0``) has its sizes unverifiable.

Bovada prints no stakes; its reader takes them from the hand's own bets, and a
hand with no bet beyond the bring-in shows none. Such a hand is read with
stakes ``0``: the bring-in's amount and any short all-in bet cannot be checked
against a bet size, so the replayer reports them unverifiable instead of
flagging them, while the same hand with its stakes known is checked as always.
"""

from __future__ import annotations

import dataclasses

from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_hand
from stud_hh.replay import replay

# every player folds to the bring-in: no bet shows the stakes
WALK = """PokerStars Hand #7: 7 Card Stud Limit ($1/$2 USD) - 2026/01/02 03:04:05 ET
Table 'T' 8-max
Seat 1: A ($10 in chips)
Seat 2: B ($10 in chips)
A: posts the ante $0.10
B: posts the ante $0.10
*** 3rd STREET ***
Dealt to A [2d]
Dealt to B [Kc]
A: brings in for $0.50
B: folds
Uncalled bet ($0.50) returned to A
A collected $0.20 from pot
*** SUMMARY ***
Total pot $0.20 | Rake $0
Seat 1: A collected ($0.20)
Seat 2: B folded on the 3rd Street (didn't bet)
"""

# a short all-in completion: nor does it
SHORT = WALK.replace("Seat 2: B ($10 in chips)", "Seat 2: B ($0.70 in chips)").replace(
    "B: folds\nUncalled bet ($0.50) returned to A\nA collected $0.20 from pot",
    "B: raises $0.10 to $0.60 and is all-in\nA: calls $0.10\n*** 4th STREET ***\n"
    "Dealt to A [2d] [3d]\nDealt to B [Kc] [Ks]\n*** 5th STREET ***\n"
    "Dealt to A [2d 3d] [4d]\nDealt to B [Kc Ks] [Kh]\n*** 6th STREET ***\n"
    "Dealt to A [2d 3d 4d] [5d]\nDealt to B [Kc Ks Kh] [Kd]\n*** RIVER ***\n"
    "*** SHOW DOWN ***\nA: shows [6d 7d 2d 3d 4d 5d 8c] (a straight flush)\n"
    "B: shows [9c Tc Kc Ks Kh Kd 2c] (four of a kind, Kings)\n"
    "A collected $1.40 from pot").replace("Total pot $0.20", "Total pot $1.40").replace(
    "Seat 1: A collected ($0.20)", "Seat 1: A showed [6d 7d 2d 3d 4d 5d 8c] and won ($1.40)"
).replace("Seat 2: B folded on the 3rd Street (didn't bet)",
          "Seat 2: B showed [9c Tc Kc Ks Kh Kd 2c] and lost")


def _unknown(hand: ParsedHand) -> ParsedHand:
    header = dataclasses.replace(hand.header, small_bet=0, big_bet=0)
    return dataclasses.replace(hand, header=header)


def test_without_stakes_the_bring_in_amount_is_unverifiable() -> None:
    replayed = replay(_unknown(parse_hand(WALK)), "casino")
    assert replayed.violations == ()
    assert "bring-in.wrong-amount" in {u.rule for u in replayed.unverifiable}
    assert replayed.nets == {"A": 10, "B": -10}


def test_with_stakes_a_bring_in_of_the_small_bet_is_flagged() -> None:
    wrong = parse_hand(WALK.replace("brings in for $0.50", "brings in for $1").replace(
        "Uncalled bet ($0.50)", "Uncalled bet ($1)"))
    assert {v.rule for v in replay(wrong, "casino").violations} == {"bring-in.wrong-amount"}
    replayed = replay(_unknown(wrong), "casino")
    assert replayed.violations == ()
    assert "bring-in.wrong-amount" in {u.rule for u in replayed.unverifiable}


def test_without_stakes_a_short_all_in_completion_is_unverifiable() -> None:
    hand = parse_hand(SHORT)
    known = replay(hand, "casino")
    assert known.violations == ()
    replayed = replay(_unknown(hand), "casino")
    assert replayed.violations == ()
    assert {"bring-in.wrong-amount", "complete.wrong-size"} <= {
        u.rule for u in replayed.unverifiable}
    assert replayed.nets == known.nets
    # a completion to a wrong size is flagged when the stakes are known, never guessed
    wrong = parse_hand(SHORT.replace("Seat 2: B ($0.70 in chips)", "Seat 2: B ($5 in chips)")
                       .replace(" and is all-in", ""))
    assert "complete.wrong-size" in {v.rule for v in replay(wrong, "casino").violations}
