"""Promise: the Winning Poker Network reader takes every header form's fields as printed.

``tests/read/sites/test_forms.py`` checks that the generated hands (``forms_winning``) use every
catalogued form, parse, replay clean and balance; this module checks what the generic
test cannot see: each header form's tournament number, level, currency, play money,
stakes, table, start time and seats, how the 2016 client's amounts are read, and the
hands that fail with a named reason.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from forms_winning import NEW_HANDS, OLD_HANDS

from stud_hh import ParseFailure, SkippedHand, parse_hand, parse_text
from stud_hh.model.events import (
    Game,
    Muck,
    Raise,
    SeatOutcome,
    SeatSummary,
    TableEvent,
    TableEventKind,
)
from stud_hh.read.sites import winning as wpn
from stud_hh.replay import replay


def _header(text: str) -> tuple[object, ...]:
    h = parse_hand(text).header
    return (h.game, h.small_bet, h.big_bet, h.currency, h.play_money, h.tournament_id,
            h.level, h.table, h.max_seats)


def test_each_header_form_of_the_2019_client() -> None:
    cash, ante, mucked, tournament, play, guaranteed = NEW_HANDS
    assert _header(cash) == (Game.STUD, 4, 8, "USD", False, None, None, "Gorham", 8)
    assert _header(ante) == (Game.STUD8, 10, 20, "USD", False, None, None, "Crainville", 8)
    assert _header(mucked) == (Game.STUD, 200, 400, "USD", False, None, None, "St. Lucie", 8)
    assert _header(tournament) == (Game.STUD, 2000, 4000, None, False, "11182752", "9", "36",
                                   8)
    assert _header(play) == (Game.STUD, 4, 8, None, True, None, None, "Kappa", 8)
    assert _header(guaranteed) == (Game.STUD8, 4000, 8000, None, False, "34375286", "12", "7",
                                   8)
    h = parse_hand(ante).header
    assert (h.game_text, h.started_at) == ("7Stud H/L (Fixed Limit)",
                                           datetime(2026, 2, 16, 3, 36, 34, tzinfo=UTC))
    assert h.started_local == "2026/02/16 03:36:34 UTC"


def test_each_header_form_of_the_2016_client() -> None:
    cash, split, tournament, play = OLD_HANDS
    assert _header(cash) == (Game.STUD, 100, 200, "USD", False, None, None, "(PRR) Leyak", None)
    assert _header(split) == (Game.STUD8, 100, 200, "USD", False, None, None,
                              "(PRR) La Llorona - 3", 8)
    # a tournament's table; the text prints no tournament number (only the file name does)
    assert _header(tournament) == (Game.STUD, 5000, 10000, None, False, None, None,
                                   "$10 Freeroll - On Demand, Table 18", None)
    assert _header(play) == (Game.STUD8, 100, 200, None, True, None, None, "PM Leyak", None)
    h = parse_hand(cash).header
    assert (h.started_at, h.started_local) == (None, "2016/8/2 11:18:18")


def test_a_seat_sitting_out_and_the_notices_kept_as_table_events() -> None:
    tournament = parse_hand(NEW_HANDS[3])
    assert [(s.name, s.sitting_out) for s in tournament.header.seats][-1] == (
        "GraemeReaper", True)
    play = parse_hand(NEW_HANDS[4])
    assert [(e.player, e.kind) for e in play.events if isinstance(e, TableEvent)] == [
        ("Sam", TableEventKind.SITTING_OUT)]
    split = parse_hand(OLD_HANDS[1])
    assert [(e.player, e.kind) for e in split.events if isinstance(e, TableEvent)] == [
        ("Idle Ivan", TableEventKind.SITTING_OUT)]
    old_tournament = parse_hand(OLD_HANDS[2])
    assert [(e.player, e.kind) for e in old_tournament.events
            if isinstance(e, TableEvent)] == [("Player0", TableEventKind.DISCONNECTED)]


def test_a_hand_mucked_at_the_showdown() -> None:
    hand = parse_hand(NEW_HANDS[2])
    (muck,) = [e for e in hand.events if isinstance(e, Muck)]
    (summary,) = [e for e in hand.events if isinstance(e, SeatSummary) and e.player == "Hero"]
    assert (muck.player, summary.outcome, len(summary.cards)) == ("Hero", SeatOutcome.MUCKED, 7)
    assert replay(hand).nets == {"Hero": -1625, "Lost It": 1625 - 60}


def test_2016_raises_caps_and_all_ins_print_the_chips_added() -> None:
    cash = parse_hand(OLD_HANDS[0])
    raises = [(e.player, e.by, e.to) for e in cash.events if isinstance(e, Raise)]
    # 3rd street: the completion over the 0.40 bring-in; 4th: bet 1, raise (2), raise (3) and
    # "caps (3)" by the first bettor, who had 1 in: 4 in all, not 3
    assert raises == [("ChazDazzle", 60, 100), ("Nee", 100, 200), ("ChazDazzle", 100, 300),
                      ("Kim Lo", 100, 400)]
    tournament = parse_hand(OLD_HANDS[2])
    (all_in,) = [e for e in tournament.events if isinstance(e, Raise) and e.all_in]
    assert (all_in.player, all_in.by, all_in.to) == ("Player0", 3000, 8000)
    assert replay(tournament).nets == {"Hero": 12000, "Player0": -9000, "Player1": -3000}


_2016 = OLD_HANDS[3]


def test_a_bare_allin_of_a_disconnected_player_fails_with_its_reason() -> None:
    text = _2016.replace("Player Hero raises (1)",
                         "Player Hero is disconnected and ALL IN.\nPlayer Hero allin")
    (failure,) = list(parse_text(text))
    assert isinstance(failure, ParseFailure)
    assert failure.reason.startswith("Hero is declared all-in without an amount (the "
                                     "client's disconnect protection")
    assert failure.offending_text == "Player Hero allin"


def test_an_unseated_player_acting_fails() -> None:
    (failure,) = list(parse_text(_2016.replace("Player Zed folds", "Player  folds")))
    assert isinstance(failure, ParseFailure)


_HOLDEM = """\
{header}
McCook 9-max Seat #9 is the button
Seat 1: Ann ($10.00)
Seat 2: Bob ($10.00)
Ann posts the small blind $0.05
Bob posts the big blind $0.10
*** HOLE CARDS ***
Ann folds
Uncalled bet ($0.05) returned to Bob
Bob does not show
*** SUMMARY ***
Total pot $0.10
Seat 1: Ann (small blind) folded on the Pre-Flop
Seat 2: Bob (big blind) did not show and won $0.10
"""


@pytest.mark.parametrize("line", [
    "Hand #68217077 - Holdem(No Limit) - $0.05/$0.10 - 2019/06/28 02:38:17 UTC",
    "Game Hand #82980175 - Tournament #11212445 - Omaha H/L(Pot Limit) - Level 1 "
    "(250.00/500.00)- 2019/07/25 02:31:33 UTC",
    "Hand #2672065483 - 5Card Omaha (Pot Limit) - $0.01/$0.02 - 2026/02/16 03:36:06 UTC",
])
def test_other_games_of_the_2019_client_are_skipped_by_name(line: str) -> None:
    assert wpn.read_header(line).game is None
    (result,) = list(parse_text(_HOLDEM.format(header=line)))
    assert isinstance(result, SkippedHand), result


_HOLDEM_2016 = """\
Game started at: 2016/6/21 21:6:22
Game ID: 665312038 1/2 (PRR) Longana (Short) - 2 ({game})
Seat 1 is the button
Seat 1: Ann (100).
Seat 2: Bob (123.94).
Player Bob has small blind (1)
Player Ann has big blind (2)
Player Bob folds
Uncalled bet (1) returned to Ann
Player Ann mucks cards
------ Summary ------
Pot: 2. Rake 0
*Player Ann mucks (does not show cards). Bets: 1. Collects: 2. Wins: 1.
Player Bob does not show cards.Bets: 1. Collects: 0. Loses: 1.
Game ended at: 2016/6/21 21:8:21
"""


def test_a_2016_hold_em_hand_is_skipped_and_an_unknown_stud_name_fails() -> None:
    (skipped,) = list(parse_text(_HOLDEM_2016.format(game="Hold'em")))
    assert isinstance(skipped, SkippedHand)
    (failed,) = list(parse_text(OLD_HANDS[0].replace("(Seven Cards Stud)", "(Five Card Stud)")))
    assert isinstance(failed, ParseFailure)
    assert "not one stud-hh reads" in failed.reason


def test_a_play_money_table_line_wins_over_a_dollar_sign_with_a_warning() -> None:
    text = NEW_HANDS[4].replace(" - 0.04/0.08 - ", " - $0.04/$0.08 - ")
    hand = parse_hand(text)
    assert (hand.header.play_money, hand.header.currency) == (True, None)
    assert hand.warnings == ("line 2: a play-money table in a hand whose stakes are in USD: "
                             "read as play money",)


def test_a_header_without_a_zone_keeps_no_start_time() -> None:
    head = wpn.read_header("Hand #1 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 16:15:58")
    assert (head.fields["started_at"], head.fields["started_local"]) == (
        None, "2019/07/28 16:15:58")
