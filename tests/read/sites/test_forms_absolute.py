"""Absolute's generated hands (tests/read/sites/forms_absolute.py): the header fields and
readings the generic form test cannot see.

Here: UltimateBet's ids and its pot line without rake, a heads-up table's seat
count, the tournament fields, HORSE's game line, the table line, raises with and
without their total, an all-in ante, and collections from pots whose wording no
source records.
"""

from __future__ import annotations

from forms_absolute import HANDS

from stud_hh import ParseFailure, parse_text
from stud_hh.model.events import Collect, Game, PostAnte, PotKind, PotSummary, Raise
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_hand
from stud_hh.replay import replay


def _by_id() -> dict[str, ParsedHand]:
    return {h.hand_id: h for h in map(parse_hand, HANDS)}


def test_ultimatebet_and_heads_up() -> None:
    ub = _by_id()["C241220001"]
    assert (ub.header.game, ub.header.max_seats, ub.header.currency) == (Game.STUD, 2, "USD")
    assert not any(isinstance(e, PotSummary) for e in ub.events)
    assert "pot.not-balanced" in {u.rule for u in replay(ub).unverifiable}


def test_tournament_horse_and_table_lines() -> None:
    hands = _by_id()
    t = hands["1400000001"].header
    assert (t.game, t.tournament_id, t.scale, t.currency, t.small_bet) == (
        Game.RAZZ, "5001234", 1, None, 100)
    horse = hands["1500000001"].header
    assert (horse.game, horse.mixed_game, horse.game_text, horse.table) == (
        Game.STUD, "HORSE", "7 Card Stud Limit", "JAPAN HWY")
    cash = hands["1300000101"].header
    assert (cash.table, cash.game, cash.small_bet, cash.big_bet) == (
        "TORONTO AVE", Game.STUD8, 2, 4)


def test_raises_and_all_ins_are_chips_added() -> None:
    hands = _by_id()
    cash = [(e.player, e.by, e.to) for e in hands["1300000101"].events if isinstance(e, Raise)]
    assert cash == [("Bob", 1, 2), ("Ann", 2, 4), ("Bob", 4, 8)]  # 'Raises $0.08' adds $0.08
    razz = hands["1400000001"]
    antes = [(a.player, a.amount, a.all_in) for a in razz.events if isinstance(a, PostAnte)]
    assert antes[0] == ("Tiny", 15, True)
    assert ("Mid", 100, 200) in [(e.player, e.by, e.to) for e in razz.events
                                 if isinstance(e, Raise)]  # 'All-In 200' raises the 100
    text = next(h for h in HANDS if "#1300000101" in h)
    wrong = next(iter(parse_text(text.replace("Raises $0.02 to $0.02", "Raises $0.02 to $0.03"))))
    assert isinstance(wrong, ParseFailure)
    assert "'Raises $0.02 to $0.03': Bob had 0 in on the street" in wrong.reason


def test_collections_from_side_pots_name_no_pot() -> None:
    razz = _by_id()["1400000001"]
    pots = [(c.amount, c.pot) for c in razz.events if isinstance(c, Collect)]
    assert pots == [(60, PotKind.POT), (615, PotKind.POT), (200, PotKind.POT)]
    replayed = replay(razz)
    assert [(p.amount, p.winners_high) for p in replayed.pots] == [
        (60, ("Hero",)), (615, ("Hero",)), (200, ("Hero",))]
    assert replayed.uncalled == {"Hero": 200}
    main = [c.pot for c in _by_id()["1300000101"].events if isinstance(c, Collect)]
    assert main == [PotKind.MAIN, PotKind.MAIN]
