"""Promise: the KingsClub reader takes every header form's fields as printed.

``tests/read/sites/test_forms.py`` checks that the generated hands (``forms_kingsclub``) use every
catalogued form, parse, replay clean and balance; this module checks what the generic
test cannot see: each table-line form's table, seats, play money and tournament number,
the pots the ``wins`` lines name, the uncalled-bet line, the notices kept as table
events, and the club's other games skipped by name.
"""

from __future__ import annotations

import pytest
from forms_kingsclub import HANDS

from stud_hh import ParseFailure, SkippedHand, parse_hand, parse_text
from stud_hh.model.events import (
    Call,
    Check,
    Collect,
    Game,
    PotKind,
    TableEvent,
    TableEventKind,
    UncalledReturned,
)
from stud_hh.read.sites import kingsclub as kc
from stud_hh.replay import replay


def _header(text: str) -> tuple[object, ...]:
    h = parse_hand(text).header
    return (h.game, h.small_bet, h.big_bet, h.currency, h.play_money, h.tournament_id,
            h.table, h.max_seats, h.started_local)


def test_each_table_form() -> None:
    plain, maxed, table_id, tournament, play, button = HANDS
    assert _header(plain) == (Game.STUD, 4400, 8800, None, False, None, "Real Deal Mix", None,
                              "2020-10-26 19:00:47")
    assert _header(maxed)[6:8] == ("8 Game Mix", 8)
    assert _header(table_id)[:1] + _header(table_id)[6:8] == (Game.RAZZ, "Crazy Anti-Nit Mix",
                                                               None)
    assert _header(tournament)[:7] == (Game.RAZZ_27, 4000, 8000, None, False, "4411", "2")
    assert _header(play)[4:8] == (True, None, "Penny Stud", 8)
    assert _header(button)[:1] + _header(button)[6:7] == (Game.STUD8, "Bobbys Room Mix")
    assert all(parse_hand(h).header.started_at is None for h in HANDS)


def test_side_pots_printed_apart_name_their_pots() -> None:
    hand = parse_hand(HANDS[2])
    assert [(c.player, c.pot, c.pot_index, c.amount) for c in hand.events
            if isinstance(c, Collect)] == [("Player3", PotKind.MAIN, None, 252500),
                                           ("Player2", PotKind.SIDE, 1, 600000)]
    main, side = replay(hand).pots
    assert (main.winners_high, side.winners_high) == (("Player3",), ("Player2",))
    one_line = [e for e in parse_hand(HANDS[0]).events if isinstance(e, Collect)]
    assert [c.pot for c in one_line] == [PotKind.POT]


def test_the_uncalled_line_and_the_disconnect_suffix_are_read() -> None:
    hand = parse_hand(HANDS[1])
    assert [(e.player, e.amount) for e in hand.events if isinstance(e, UncalledReturned)] == [
        ("Player5", 8800)]
    assert replay(hand).uncalled == {"Player5": 8800}
    razz = parse_hand(HANDS[2])
    last = [e for e in razz.events if isinstance(e, Check | Call) and e.player == "Hero"][-2:]
    assert [type(e).__name__ for e in last] == ["Check", "Call"]


def test_notices_are_table_events() -> None:
    hand = parse_hand(HANDS[3])
    assert [(e.player, e.kind) for e in hand.events if isinstance(e, TableEvent)] == [
        ("Shorty", TableEventKind.SITTING_OUT), ("Shorty", TableEventKind.FINISHED),
        ("Player0", TableEventKind.FINISHED), ("Hero", TableEventKind.FINISHED)]


_DRAW = """\
#45383178: No Limit {game} - 25/50
2021-08-04 06:55:50
Table 'The Zoo' Seat 5 is the button
Seat 2: Hero (1,200)
Seat 3: Player0 (1,200)
Player0: posts the small blind 25
Hero: posts the big blind 50
Dealt to Hero: [4c 9s 7h 2s As]
Dealt to Player0: [X X X X X]
Player0 folds
*** SUMMARY ***
Seat 2: Hero (1,225) +25
Seat 3: Player0 (1,175) -25
Hero wins pot (75)
"""


@pytest.mark.parametrize("game", ["Holdem", "2-7 Single Draw", "Badeucey", "2-7 Drawmaha",
                                  "Captain", "Big O"])
def test_the_club_s_other_games_are_skipped_by_name(game: str) -> None:
    (result,) = list(parse_text(_DRAW.format(game=game)))
    assert isinstance(result, SkippedHand), result
    assert result.game_text.startswith(f"No Limit {game}")


def test_an_unknown_stud_name_fails_and_a_damaged_table_line_too() -> None:
    (unknown,) = list(parse_text(HANDS[0].replace("Seven Card Stud", "Five Card Stud")))
    assert isinstance(unknown, ParseFailure)
    assert "not one stud-hh reads" in unknown.reason
    (damaged,) = list(parse_text(HANDS[0].replace("Table 'Real Deal Mix'", "Table Real")))
    assert isinstance(damaged, ParseFailure)
    assert damaged.reason == "unreadable KingsClub table line"


def test_the_hand_start_allows_the_spaces_fpdb_allows() -> None:
    assert kc.HAND_START.match("#40091899:  Limit 2-7 Razz - 22/44")
    head = kc.read_header("#40091899:  Limit 2-7 Razz - 22/44\n2021-01-06 07:03:50\nTable 'A'")
    assert head.game is Game.RAZZ_27
