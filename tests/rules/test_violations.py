"""Each rule both ways: a clean hand passes, and a hand edited to break exactly that rule is
flagged with exactly that rule's code, at the line of the edit.

The base hands are written for the project (3-handed stud to a showdown, and a short
heads-up hand), so these tests need no corpus.
"""

from __future__ import annotations

import pytest

from stud_hh import parse_hand
from stud_hh.replay import ActionKind, replay

BASE = """\
PokerStars Hand #300000000001:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/03/14 16:05:11 ET
Table 'Test' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cid ($10 in chips)
Ann: posts the ante $0.02
Bob: posts the ante $0.02
Cid: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [As Kd 9c]
Dealt to Bob [4h]
Dealt to Cid [2c]
Cid: brings in for $0.05
Ann: raises $0.05 to $0.10
Bob: calls $0.10
Cid: calls $0.05
*** 4th STREET ***
Dealt to Ann [As Kd 9c] [Jh]
Dealt to Bob [4h] [4d]
Dealt to Cid [2c] [7s]
Pair on board - a double bet is allowed
Bob: bets $0.10
Cid: calls $0.10
Ann: calls $0.10
*** 5th STREET ***
Dealt to Ann [As Kd 9c Jh] [3s]
Dealt to Bob [4h 4d] [8c]
Dealt to Cid [2c 7s] [Qd]
Bob: bets $0.20
Cid: raises $0.20 to $0.40
Ann: calls $0.40
Bob: calls $0.20
*** 6th STREET ***
Dealt to Ann [As Kd 9c Jh 3s] [Tc]
Dealt to Bob [4h 4d 8c] [5s]
Dealt to Cid [2c 7s Qd] [6d]
Bob: checks
Cid: bets $0.20
Ann: calls $0.20
Bob: folds
*** RIVER ***
Dealt to Ann [As Kd 9c Jh 3s Tc] [2d]
Cid: checks
Ann: bets $0.20
Cid: calls $0.20
*** SHOW DOWN ***
Ann: shows [As Kd 9c Jh 3s Tc 2d] (high card Ace)
Cid: shows [8h 8s 2c 7s Qd 6d 5c] (a pair of Eights)
Cid collected $2.53 from pot
*** SUMMARY ***
Total pot $2.66 | Rake $0.13
Seat 1: Ann showed [As Kd 9c Jh 3s Tc 2d] and lost with high card Ace
Seat 2: Bob folded on the 6th Street
Seat 3: Cid showed [8h 8s 2c 7s Qd 6d 5c] and won ($2.53) with a pair of Eights
"""

SHORT = """\
PokerStars Hand #300000000002:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/03/14 16:07:00 ET
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
Uncalled bet ($0.05) returned to Ann
Ann collected $0.14 from pot
*** SUMMARY ***
Total pot $0.14 | Rake $0
Seat 1: Ann collected ($0.14)
Seat 2: Bob folded on the 3rd Street
"""

SPLIT = """\
PokerStars Hand #300000000003:  7 Card Stud Hi/Lo Limit ($0.10/$0.20 USD) - 2026/03/14 16:09:00 ET
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
Ann collected $0.07 from pot
*** SUMMARY ***
Total pot $0.14 | Rake $0
Seat 1: Ann showed [As 2d Kc Kh Qs Jd 9s] and won ($0.07) with HI: a pair of Kings
Seat 2: Bob showed [Tc Td 3h 4h 7d 8s 5c] and won ($0.07) with HI: a pair of Tens; LO: 8,7,5,4,3
"""


ALLIN = """\
PokerStars Hand #300000000004:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/03/14 16:11:00 ET
Table 'Test' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($0.15 in chips)
Seat 3: Cid ($10 in chips)
Ann: posts the ante $0.02
Bob: posts the ante $0.02
Cid: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [As Kd 9c]
Dealt to Bob [4h]
Dealt to Cid [2c]
Cid: brings in for $0.05
Ann: raises $0.05 to $0.10
Bob: raises $0.03 to $0.13 and is all-in
Cid: folds
Ann: calls $0.03
*** 4th STREET ***
Dealt to Ann [As Kd 9c] [Jh]
Dealt to Bob [4h] [4d]
*** 5th STREET ***
Dealt to Ann [As Kd 9c Jh] [3s]
Dealt to Bob [4h 4d] [8c]
*** 6th STREET ***
Dealt to Ann [As Kd 9c Jh 3s] [Tc]
Dealt to Bob [4h 4d 8c] [5s]
*** RIVER ***
Dealt to Ann [As Kd 9c Jh 3s Tc] [2d]
*** SHOW DOWN ***
Ann: shows [As Kd 9c Jh 3s Tc 2d] (high card Ace)
Bob: shows [8h 8s 4h 4d 8c 5s 5c] (a full house, Eights full of Fives)
Bob collected $0.37 from pot
*** SUMMARY ***
Total pot $0.37 | Rake $0
Seat 1: Ann showed [As Kd 9c Jh 3s Tc 2d] and lost with high card Ace
Seat 2: Bob showed [8h 8s 4h 4d 8c 5s 5c] and won ($0.37) with a full house, Eights full of Fives
Seat 3: Cid folded on the 3rd Street
"""


def _edit(text: str, edits: dict[int, str | None]) -> str:
    """``text`` with line N (1-based) replaced, or removed for ``None``."""
    lines = text.splitlines()
    for number, new in edits.items():
        assert 1 <= number <= len(lines)
        lines[number - 1] = new  # type: ignore[call-overload]
    return "\n".join(line for line in lines if line is not None) + "\n"


def _flags(text: str) -> list[tuple[str, int]]:
    return [(v.rule, v.line) for v in replay(parse_hand(text), "pokerstars").violations]


@pytest.mark.parametrize("text", [BASE, SHORT, SPLIT, ALLIN],
                         ids=["base", "short", "split", "all-in"])
def test_the_base_hands_are_clean(text: str) -> None:
    assert _flags(text) == []


# Edits that make the base hands' money add up again after a changed amount.
def _base_money(total: str, collected: str) -> dict[int, str | None]:
    return {49: f"Cid collected ${collected} from pot",
            51: f"Total pot ${total} | Rake $0.13",
            54: f"Seat 3: Cid showed [8h 8s 2c 7s Qd 6d 5c] and won (${collected}) with a pair "
                "of Eights"}


_CID_HIGH_DOOR = {
    12: "Dealt to Cid [Kc]", 20: "Dealt to Cid [Kc] [7s]", 28: "Dealt to Cid [Kc 7s] [Qd]",
    36: "Dealt to Cid [Kc 7s Qd] [6d]",
    48: "Cid: shows [8h 8s Kc 7s Qd 6d 5c] (a pair of Eights)",
    54: "Seat 3: Cid showed [8h 8s Kc 7s Qd 6d 5c] and won ($2.53) with a pair of Eights",
}
_NO_OPEN_PAIR = {19: "Dealt to Bob [4h] [Ah]", 21: None, 27: "Dealt to Bob [4h Ah] [8c]",
                 35: "Dealt to Bob [4h Ah 8c] [5s]"}

CASES: list[tuple[str, str, dict[int, str | None], list[tuple[str, int]]]] = [
    # (name, base hand, edits by line, expected (rule, line) in the edited text)
    ("bring-in by the wrong player", BASE, _CID_HIGH_DOOR, [("bring-in.wrong-player", 13)]),
    ("bring-in of a full small bet", SHORT,
     {10: "Bob: brings in for $0.10", 11: "Ann: folds", 12: None,
      13: "Uncalled bet ($0.10) returned to Bob", 14: "Bob collected $0.04 from pot",
      16: "Total pot $0.04 | Rake $0", 17: "Seat 1: Ann folded on the 3rd Street",
      18: "Seat 2: Bob collected ($0.04)"},
     [("bring-in.wrong-amount", 10)]),
    ("completion to the wrong size", SHORT,
     {11: "Ann: raises $0.10 to $0.15", 13: "Uncalled bet ($0.10) returned to Ann"},
     [("complete.wrong-size", 11)]),
    ("3rd street raise of the wrong size", SHORT,
     {12: "Bob: raises $0.05 to $0.15\nAnn: folds", 13: "Uncalled bet ($0.05) returned to Bob",
      14: "Bob collected $0.24 from pot", 16: "Total pot $0.24 | Rake $0",
      17: "Seat 1: Ann folded on the 3rd Street", 18: "Seat 2: Bob collected ($0.24)"},
     [("bet.wrong-size", 12)]),
    ("4th street bet of neither size", BASE,
     {22: "Bob: bets $0.15", 23: "Cid: calls $0.15", 24: "Ann: calls $0.15",
      **_base_money("2.81", "2.68")},
     [("bet.wrong-size", 22)]),
    ("5th street small bet", BASE,
     {29: "Bob: bets $0.10", 30: "Cid: raises $0.20 to $0.30", 31: "Ann: calls $0.30",
      **_base_money("2.36", "2.23")},
     [("bet.wrong-size", 29)]),
    ("6th street small bet", BASE,
     {38: "Cid: bets $0.10", 39: "Ann: calls $0.10", **_base_money("2.46", "2.33")},
     [("bet.wrong-size", 38)]),
    ("7th street small bet", BASE,
     {44: "Ann: bets $0.10", 45: "Cid: calls $0.10", **_base_money("2.46", "2.33")},
     [("bet.wrong-size", 44)]),
    ("big bet on 4th street without an open pair", BASE,
     {**_NO_OPEN_PAIR, 22: "Bob: bets $0.20", 23: "Cid: calls $0.20", 24: "Ann: calls $0.20",
      **_base_money("2.96", "2.83")},
     [("bet.big-without-open-pair", 21)]),
    ("a fifth bet on 5th street", BASE,
     {31: "Ann: raises $0.20 to $0.60",
      32: "Bob: raises $0.20 to $0.80\nCid: raises $0.20 to $1\nAnn: calls $0.40\n"
          "Bob: calls $0.20",
      **_base_money("4.46", "4.33")},
     [("raise.over-cap", 33)]),
    ("out of turn on 3rd street", BASE,
     {15: "Cid: calls $0.05", 16: "Bob: calls $0.10"}, [("action.out-of-turn", 15)]),
    ("acting after the round closed", BASE, {24: "Ann: calls $0.10\nBob: checks"},
     [("action.out-of-turn", 25)]),
    ("out of turn on 4th street", BASE,
     {23: "Ann: calls $0.10", 24: "Cid: calls $0.10"}, [("action.out-of-turn", 23)]),
    ("acting after folding", BASE, {43: "Bob: checks\nCid: checks"},
     [("action.after-fold", 43)]),
    ("checking facing a bet", BASE, {39: "Ann: checks", **_base_money("2.46", "2.33")},
     [("action.check-facing-bet", 39)]),
    ("wrong showdown order", BASE,
     {47: "Cid: shows [8h 8s 2c 7s Qd 6d 5c] (a pair of Eights)",
      48: "Ann: shows [As Kd 9c Jh 3s Tc 2d] (high card Ace)"},
     [("showdown.wrong-order", 48)]),
    ("pot to the wrong player", BASE, {49: "Ann collected $2.53 from pot"},
     [("pot.wrong-winner", 49)]),
    ("wrong hi/lo split", SPLIT,
     {34: "Bob collected $0.10 from pot", 35: "Ann collected $0.04 from pot"},
     [("pot.wrong-split", 34)]),
    ("money not balanced", BASE, {49: "Cid collected $2.50 from pot"},
     [("pot.not-balanced", 51)]),
    ("duplicate card", BASE, {35: "Dealt to Bob [4h 4d 8c] [As]"}, [("card.duplicate", 35)]),
    ("more than a stack", BASE, {4: "Seat 2: Bob ($0.50 in chips)"}, [("stack.exceeded", 32)]),
    ("a raise when the betting was not reopened", ALLIN,
     {17: "Ann: raises $0.10 to $0.23\nUncalled bet ($0.10) returned to Ann"},
     [("raise.not-reopened", 17)]),
    ("a bet facing a bet", BASE, {30: "Cid: bets $0.40"}, [("bet.facing-bet", 30)]),
    ("a raise whose total does not add up", BASE, {30: "Cid: raises $0.25 to $0.40"},
     [("raise.wrong-total", 30)]),
    ("a call of the wrong amount", BASE,
     {15: "Bob: calls $0.08", **_base_money("2.64", "2.51")}, [("call.wrong-amount", 15)]),
    ("all-in with chips left", BASE, {15: "Bob: calls $0.10 and is all-in"},
     [("stack.all-in-mismatch", 15)]),
    ("a card that changes", BASE, {27: "Dealt to Bob [4h 4c] [8c]"}, [("card.changed", 27)]),
    ("two cards on 4th street", BASE, {19: "Dealt to Bob [4h] [4d 6c]"},
     [("card.wrong-count", 19)]),
    ("an action by a player not seated", BASE, {24: "Dan: calls $0.10\nAnn: calls $0.10"},
     [("action.unknown-player", 24)]),
    ("a player who never acts", SHORT, {12: None}, [("action.missing", 12)]),
    ("an uncalled bet returned wrong", SHORT,
     {13: "Uncalled bet ($0.04) returned to Ann", 14: "Ann collected $0.15 from pot",
      16: "Total pot $0.15 | Rake $0", 17: "Seat 1: Ann collected ($0.15)"},
     [("pot.uncalled-wrong", 13)]),
    ("an ante of another amount", BASE,
     {7: "Bob: posts the ante $0.03", **_base_money("2.67", "2.54")},
     [("ante.wrong-amount", 7)]),
    ("a player dealt in without an ante", BASE,
     {7: None, **_base_money("2.64", "2.51")}, [("ante.missing", 10)]),
    ("3rd street without a bring-in", SHORT,
     {10: "Bob: checks", 11: "Ann: bets $0.10", 13: "Uncalled bet ($0.10) returned to Ann",
      14: "Ann collected $0.04 from pot", 16: "Total pot $0.04 | Rake $0",
      17: "Seat 1: Ann collected ($0.04)"},
     [("bring-in.missing", 10)]),
    ("a common card with three players", BASE, {41: "*** RIVER *** [Qh]"},
     [("common-card.wrong", 41)]),
    ("two players in one seat", BASE, {4: "Seat 1: Bob ($10 in chips)"},
     [("seat.shared", 4)]),
    ("a seat beyond the table's size", BASE, {5: "Seat 9: Cid ($10 in chips)"},
     [("seat.beyond-table", 5)]),
    ("seats 0 and 8 at an 8-max table", BASE, {3: "Seat 0: Ann ($10 in chips)",
                                               5: "Seat 8: Cid ($10 in chips)"},
     [("seat.beyond-table", 5)]),
    # more players than seats always seats one of them in a seat taken or beyond the table
    ("three players at a heads-up table", BASE, {2: "Table 'Test' 2-max"},
     [("table.over-full", 5)]),  # (a heads-up table's seat numbers are not checked)
    ("four players at a 3-max table", BASE,
     {2: "Table 'Test' 3-max", 5: "Seat 3: Cid ($10 in chips)\nSeat 4: Dan ($10 in chips)"},
     [("seat.beyond-table", 6), ("table.over-full", 6)]),
    ("three players in two seats of a 2-max table", BASE,
     {2: "Table 'Test' 2-max", 5: "Seat 2: Cid ($10 in chips)"},
     [("seat.shared", 5), ("table.over-full", 5)]),
]


@pytest.mark.parametrize(("name", "base", "edits", "expected"), CASES,
                         ids=[c[0] for c in CASES])
def test_each_rule_is_flagged_alone_at_its_line(
    name: str, base: str, edits: dict[int, str | None], expected: list[tuple[str, int]]
) -> None:
    assert _flags(_edit(base, edits)) == expected, name


_CID_HIGH_DOOR_FIXED = {**_CID_HIGH_DOOR, 13: "Bob: brings in for $0.05",
                        14: "Cid: raises $0.05 to $0.10", 15: "Ann: calls $0.10",
                        16: "Bob: calls $0.05"}


@pytest.mark.parametrize("edits", [_CID_HIGH_DOOR_FIXED, _NO_OPEN_PAIR],
                         ids=["the lowest door brings in", "no open pair, small bet"])
def test_the_clean_variants_of_the_edited_hands_pass(edits: dict[int, str | None]) -> None:
    assert _flags(_edit(BASE, edits)) == []


def test_split_pot_hand_is_clean_and_splits() -> None:
    replayed = replay(parse_hand(SPLIT), "pokerstars")
    assert replayed.violations == ()
    (pot,) = replayed.pots
    assert (pot.winners_high, pot.winners_low) == (("Ann",), ("Bob",))


def test_every_rule_code_has_a_case() -> None:
    from stud_hh.rules.violations import RULES

    tested = {rule for *_, expected in CASES for rule, _ in expected}
    # game.not-audited is never a violation, only an unverifiable note (test_fulltilt.py)
    assert tested == set(RULES) - {"game.not-audited"}, sorted(set(RULES) - tested)


def test_completion_and_bring_in_are_named() -> None:
    kinds = [(a.player, a.kind) for a in replay(parse_hand(BASE)).actions if a.street == 3]
    assert kinds[:2] == [("Cid", ActionKind.BRING_IN), ("Ann", ActionKind.COMPLETE)]


SHORT_ALL_IN_RAISE = """\
PokerStars Hand #300000000009:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/03/14 16:20:00 ET
Table 'Test' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($0.15 in chips)
Seat 3: Cid ($10 in chips)
Seat 4: Dan ($10 in chips)
Ann: posts the ante $0.02
Bob: posts the ante $0.02
Cid: posts the ante $0.02
Dan: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [As Kd 9c]
Dealt to Bob [4h]
Dealt to Cid [2c]
Dealt to Dan [Qh]
Cid: brings in for $0.05
Dan: raises $0.05 to $0.10
Ann: calls $0.10
Bob: raises $0.03 to $0.13 and is all-in
{actions}
Uncalled bet ($0.10) returned to {hero}
{streets}*** SHOW DOWN ***
{hero}: shows [{all}] (high card)
Bob: shows [8h 8s 4h 4d 8c 5s 5c] (a full house, Eights full of Fives)
Bob collected ${pot} from pot
*** SUMMARY ***
Total pot ${pot} | Rake $0
"""

_RAISER_CARDS = {"Ann": "As Kd 9c Jh 3s Tc 2d", "Cid": "3d 3h 2c 7s Qd 6d Js"}


def _short_all_in_hand(raiser: str, actions: str, pot: str) -> str:
    """Ann is the hero (her hole cards are printed); Cid's are not until he shows."""
    cards = _RAISER_CARDS[raiser].split()
    seen = cards[:3] if raiser == "Ann" else cards[2:3]
    bob_seen, bob_new = ["4h"], ["4d", "8c", "5s"]
    streets = []
    for index, label in enumerate(("4th STREET", "5th STREET", "6th STREET", "RIVER")):
        streets.append(f"*** {label} ***")
        if index < 3 or raiser == "Ann":
            streets.append(f"Dealt to {raiser} [{' '.join(seen)}] [{cards[3 + index]}]")
            seen.append(cards[3 + index])
        if index < 3:
            streets.append(f"Dealt to Bob [{' '.join(bob_seen)}] [{bob_new[index]}]")
            bob_seen.append(bob_new[index])
    return SHORT_ALL_IN_RAISE.format(actions=actions, hero=raiser, pot=pot,
                                     all=" ".join(cards), streets="\n".join(streets) + "\n")


def test_a_caller_may_not_raise_over_a_short_all_in() -> None:
    """Not only the last full raiser: everyone who acted since the last full bet or
    raise may only call or fold over an all-in raise of less than half a bet (docs/stud-rules.md).
    Ann called Dan's completion, so Bob's $0.03 all-in reopens nothing for her."""
    text = _short_all_in_hand("Ann", "Cid: calls $0.08\nDan: calls $0.03\n"
                              "Ann: raises $0.10 to $0.23\nCid: folds\nDan: folds", "0.60")
    assert _flags(text) == [("raise.not-reopened", 22)]


def test_a_player_yet_to_act_may_raise_over_a_short_all_in() -> None:
    """Cid has only brought in since Dan's completion: the raise is his to make."""
    text = _short_all_in_hand("Cid", "Cid: raises $0.10 to $0.23\nDan: folds\nAnn: folds",
                              "0.54")
    assert _flags(text) == []
