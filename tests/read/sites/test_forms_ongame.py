"""OnGame's generated hands (tests/read/sites/forms_ongame.py): the header fields and readings the
generic form test cannot see.

Here: the tournament id and buy-in, chips and play money, the currency of a table
that prints no sign, a speed table's name, razz, the pot each collection names and
the halves of a split, both readings of 'raises $A to $B', a bet returned without
a line, and an end line numbered apart.
"""

from __future__ import annotations

from forms_ongame import HANDS

from stud_hh.model.events import Collect, Game, PotKind, Raise, StreetStart
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_hand
from stud_hh.replay import replay


def _by_id() -> dict[str, ParsedHand]:
    return {h.hand_id: h for h in map(parse_hand, HANDS)}


def test_tournament_fields_and_side_pot() -> None:
    hand = _by_id()["T5-295703542-3"]
    h = hand.header
    assert (h.tournament_id, h.buy_in, h.buy_in_currency, h.currency, h.scale) == (
        "S-6169-242", 2100, "USD", None, 1)
    assert (h.small_bet, h.big_bet, h.table) == (100, 200, "Table #1")
    collects = [(c.amount, c.pot, c.pot_index) for c in hand.events if isinstance(c, Collect)]
    assert collects == [(450, PotKind.MAIN, None), (1100, PotKind.SIDE, 1)]
    replayed = replay(hand)
    assert [(p.amount, p.winners_high) for p in replayed.pots] == [(450, ("Hero",)),
                                                                   (1100, ("Hero",))]
    assert replayed.uncalled == {"Hero": 120}


def test_money_kinds_and_tables() -> None:
    hands = _by_id()
    play = hands["R5-232794641-2"].header
    assert (play.play_money, play.currency, play.scale) == (True, None, 100)
    unsigned = hands["R5-70000684-6"]
    assert (unsigned.header.currency, unsigned.header.small_bet) == ("USD", 50)
    assert unsigned.warnings == ("line 38: the hand ends as hand R5-73910684-276",)
    speed = hands["R5-22678800-36"].header
    assert (speed.table, speed.currency, speed.game) == ("Dijon", "EUR", Game.STUD8)
    assert speed.started_at is not None
    assert speed.started_at.isoformat() == "2011-02-13T13:14:04+00:00"
    assert hands["R5-30000000-1"].header.game is Game.RAZZ


def test_the_halves_of_a_split_pot() -> None:
    hand = _by_id()["R5-22678800-36"]
    collects = {c.player: c.amount for c in hand.events if isinstance(c, Collect)}
    assert collects == {"Hi": 148, "Lo": 147}  # the odd cent to the high half
    (pot,) = replay(hand).pots
    assert (pot.winners_high, pot.winners_low) == (("Hi",), ("Lo",))


def test_both_readings_of_raises_a_to_b_and_doubled_separators() -> None:
    hands = _by_id()
    street = [(e.by, e.to) for e in hands["R5-82086000-1"].events if isinstance(e, Raise)]
    assert street == [(10, 20), (10, 20), (10, 30)]  # 'raises $0.20 to $0.30' on 4th
    unsigned = hands["R5-70000684-6"]
    assert [(e.by, e.to) for e in unsigned.events if isinstance(e, Raise)] == [
        (50, 100), (50, 100)]  # 'raises 1 to 2': the hand's total, 1 on 3rd street
    starts = [e.line for e in unsigned.events if isinstance(e, StreetStart)]
    assert starts[1] == 19  # 'Dealing 4th street', after two '---' lines
    assert replay(unsigned).uncalled == {"Hero": 100}
