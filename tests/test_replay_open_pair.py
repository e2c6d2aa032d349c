"""The open pair on 4th street in stud (docs/stud-rules.md): when a player shows an open pair on 4th
street, any player may bet or raise the small or the big bet there, and once a big bet is
made every raise after it is big, even after the player with the pair has folded.

The replayer once looked for the pair among the players still in at each bet, so a big
raise after the pair's owner folded was flagged ``bet.big-without-open-pair`` (as one
simulated hand in 200,000 was) and a small one passed. Each hand here is clean under the
rule and flagged when one thing changes.
"""

from __future__ import annotations

from stud_hh import parse_hand
from stud_hh.replay import replay

HAND = """\
PokerStars Hand #100001000001:  7 Card Stud Limit ($0.04/$0.08 USD) - 2026/01/05 9:00:00 ET
Table 'Vesta I' 8-max
Seat 1: Ann ($4.00 in chips)
Seat 2: Bob ($4.00 in chips)
Seat 3: Cy ($4.00 in chips)
Ann: posts the ante $0.01
Bob: posts the ante $0.01
Cy: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [4h]
Dealt to Bob [2c]
Dealt to Cy [Qs]
Bob: brings in for $0.02
Cy: calls $0.02
Ann: calls $0.02
*** 4th STREET ***
Dealt to Ann [4h] [{ann4}]
Dealt to Bob [2c] [Jd]
Dealt to Cy [Qs] [7c]
{fourth}
*** 5th STREET ***
Dealt to Bob [2c Jd] [3h]
Dealt to Cy [Qs 7c] [Qh]
Cy: checks
Bob: checks
*** 6th STREET ***
Dealt to Bob [2c Jd 3h] [5s]
Dealt to Cy [Qs 7c Qh] [5d]
Cy: checks
Bob: checks
*** RIVER ***
Cy: checks
Bob: checks
*** SHOW DOWN ***
Cy: shows [Jh Tc Qs 7c Qh 5d 3d] (a pair of Queens)
Bob: mucks hand
Cy collected {pot} from pot
*** SUMMARY ***
Total pot {pot} | Rake $0
Seat 1: Ann folded on the 4th Street
Seat 2: Bob mucked
Seat 3: Cy showed [Jh Tc Qs 7c Qh 5d 3d] and won ({pot}) with a pair of Queens
"""


def _found(ann4: str, fourth: list[str], pot: str) -> list[tuple[str, int, str]]:
    text = HAND.format(ann4=ann4, fourth="\n".join(fourth), pot=pot)
    lines = text.splitlines()
    return [(v.rule, v.line, lines[v.line - 1]) for v in replay(parse_hand(text)).violations]


PAIR = "Pair on board - a double bet is allowed"


def test_a_big_raise_after_the_pair_folded_is_allowed() -> None:
    """Ann's pair of fours shows on 4th; Bob bets big, Cy raises, Ann folds, Bob raises big
    again: the raise after her fold is big, as every raise after a big bet must be."""
    assert _found("4s", [PAIR, "Ann: checks", "Bob: bets $0.08", "Cy: raises $0.08 to $0.16",
                         "Ann: folds", "Bob: raises $0.08 to $0.24", "Cy: calls $0.08"],
                  "$0.57") == []


def test_a_small_raise_after_a_big_bet_is_wrong_even_after_the_pair_folded() -> None:
    assert _found("4s", [PAIR, "Ann: checks", "Bob: bets $0.08", "Cy: raises $0.08 to $0.16",
                         "Ann: folds", "Bob: raises $0.04 to $0.20", "Cy: calls $0.04"],
                  "$0.49") == [("bet.wrong-size", 25, "Bob: raises $0.04 to $0.20")]


def test_a_big_bet_after_the_pair_folded_unasked_is_allowed() -> None:
    """Ann folds though she could check: her pair was shown on the street all the same."""
    assert _found("4s", [PAIR, "Ann: folds", "Bob: bets $0.08", "Cy: calls $0.08"],
                  "$0.25") == []


def test_a_big_bet_with_no_open_pair_is_flagged() -> None:
    """The same hand with Ann's fours unpaired (4h 9s): Cy, first with the queen, may only
    bet the small bet."""
    assert _found("9s", ["Cy: bets $0.08", "Ann: folds", "Bob: calls $0.08"],
                  "$0.25") == [("bet.big-without-open-pair", 20, "Cy: bets $0.08")]
