"""Bovada's generated hands (tests/read/sites/forms_bovada.py): the header fields and readings the
generic form test cannot see.

The generic test (tests/read/sites/test_forms.py) checks that every catalogued form is
used, and that each hand parses, replays clean and balances. Here: the
tournament fields, the time zone, chips and play money, the stakes read from
the bets (0 when none shows them), the total a 'Raises N' reaches, an all-in
ante, and which pot each collection names.
"""

from __future__ import annotations

from datetime import UTC, datetime

from forms_bovada import HANDS

from stud_hh.model.events import Collect, Game, PostAnte, PotKind, Raise
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_hand
from stud_hh.replay import replay


def _by_id() -> dict[str, ParsedHand]:
    return {h.hand_id: h for h in map(parse_hand, HANDS)}


def test_tournament_headers() -> None:
    hands = _by_id()
    t = hands["2633110001"].header
    assert (t.tournament_id, t.table, t.level, t.currency, t.scale, t.play_money) == (
        "1378659", "1", "8", None, 1, False)
    assert (t.small_bet, t.big_bet) == (200, 400)  # the completion and the 4th-street bet
    m = hands["2633110002"].header
    assert (m.tournament_id, m.table, m.level) == ("M-20120617003411", "3", "4")
    assert (m.small_bet, m.big_bet) == (60, 120)  # the double bet: the short all-in shows none
    assert m.seats[0].stack == 8


def test_cash_headers_brands_and_times() -> None:
    hands = _by_id()
    cash = hands["2844000001"].header
    assert (cash.game, cash.currency, cash.scale, cash.table, cash.tournament_id) == (
        Game.STUD, "USD", 100, "7794710", None)
    assert (cash.started_local, cash.started_at) == ("2014/04/06 19:50:19", None)
    assert hands["2844000002"].header.table == "7794711"  # 'Bodog UK Hand #N: TBL#...'
    ignition = hands["3300000001"].header
    assert ignition.game is Game.STUD8
    assert ignition.started_at == datetime(2016, 9, 1, 10, 0, tzinfo=UTC)
    assert ignition.started_local == "2016/09/01 10:00:00 UTC"


def test_a_hand_whose_bets_show_no_stakes() -> None:
    walk = _by_id()["2633000003"]
    assert (walk.header.small_bet, walk.header.big_bet) == (0, 0)
    assert "bring-in.wrong-amount" in {u.rule for u in replay(walk).unverifiable}


def test_raises_n_reaches_n_on_the_street() -> None:
    bodog = _by_id()["2604290001"]  # 'Raises $0.20', 'Raises $0.30' after a bet of $0.10
    raises = [(e.player, e.by, e.to) for e in bodog.events if isinstance(e, Raise)]
    assert raises == [("Seat+5", 10, 20), ("Seat+5", 10, 20), ("Seat+3 [ME]", 10, 30)]
    assert (bodog.header.small_bet, bodog.header.big_bet) == (5, 10)


def test_an_all_in_ante_and_the_pots_collections_name() -> None:
    hands = _by_id()
    antes = [e for e in hands["2633110002"].events if isinstance(e, PostAnte)]
    assert (antes[0].player, antes[0].amount, antes[0].all_in) == ("Seat+1", 8, True)
    # one side-pot line: it names side pot 1, the plain line the main pot
    side = [(c.amount, c.pot) for c in hands["2633110001"].events if isinstance(c, Collect)]
    assert side == [(710, PotKind.SIDE), (1595, PotKind.MAIN)]
    replayed = replay(hands["2633110001"])
    assert [(p.amount, p.winners_high) for p in replayed.pots] == [
        (1595, ("Seat+4 [ME]",)), (710, ("Seat+4 [ME]",))]
    # two side-pot lines: which is which cannot be told, so no collection names a pot
    two = [c.pot for c in hands["2633110002"].events if isinstance(c, Collect)]
    assert two == [PotKind.POT] * 3
    assert [p.amount for p in replay(hands["2633110002"]).pots] == [32, 126, 240]


def test_a_cash_table_without_a_currency_sign_is_play_money() -> None:
    text = next(h for h in HANDS if "#2633110001" in h)
    play = parse_hand(text.replace(
        "Bovada Hand #2633110001: 7CARD Tournament #1378659 TBL#1, Fixed Limit- Level 8 "
        "(0/0) - 2012-06-17 23:02:57", "Bovada Hand #7 TBL#8 7CARD Fixed Limit - "
        "2012-06-17 23:02:57"))
    h = play.header
    assert (h.play_money, h.currency, h.scale, h.tournament_id) == (True, None, 1, None)
    assert replay(play).violations == ()
