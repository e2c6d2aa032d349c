"""Promise: the PartyPoker reader reads the site's format, not only the corpus's sample.

What ``tests/read/sites/test_forms.py`` cannot see for PartyPoker: the header fields each
header form carries (tournament, buy-in, fee, level, the level in force when
the level changed, currency, stakes, the UTC time from the zone or none without
one, play money, freerolls); a hand's opening split over lines, blank lines and
noise (``\\r\\r\\n`` files, the banner-only files of 2011, a file ending on the
next hand's ``Game #N starts.``); the formats that look like PartyPoker's but
are not read for stud (the summary format, converted hands, 888poker), skipped
when they are another game and failed by name when they are stud; what an
``is all-In`` was; and a hand that stops before anyone wins. The hands below
are written by us from docs/formats/partypoker.md; none is copied from a file.
"""

from __future__ import annotations

import pytest
from forms_partypoker import HANDS
from text_sites import check_classifier

from stud_hh import ParsedHand, ParseFailure, SkippedHand, parse_hand
from stud_hh.model.events import (
    Announcement,
    BringIn,
    Chat,
    Complete,
    Game,
    Raise,
    TableEvent,
)
from stud_hh.read.parse import parse_text
from stud_hh.read.sites.partypoker import LINE_ORDER, SHAPES, read_header
from stud_hh.replay import replay


def _hand(hand_id: str) -> ParsedHand:
    return next(h for h in map(parse_hand, HANDS) if h.hand_id == hand_id)


def test_the_classifier_agrees_with_the_grammar_on_every_generated_line() -> None:
    lines = [line for text in HANDS for line in text.splitlines() if line]
    check_classifier("partypoker.lark", SHAPES, [LINE_ORDER], lines,
                     actions=("BRING_IN", "COMPLETE", "DOUBLE_BET", "BET", "RAISE", "CALL",
                              "ALL_IN", "CHECK", "FOLD"))


def test_cash_headers() -> None:
    h = _hand("20000000002").header
    assert (h.game, h.small_bet, h.big_bet, h.currency, h.scale, h.tournament_id) == (
        Game.STUD8, 1000, 2000, "USD", 100, None)
    assert h.started_at is not None
    assert h.started_at.isoformat() == "2012-02-08T04:01:18+00:00"
    euro = _hand("20000000003").header
    assert (euro.currency, euro.small_bet, euro.big_bet) == ("EUR", 100, 200)
    mac = _hand("20000000004").header  # decimal comma, another number on '#Game No'
    assert (mac.small_bet, mac.big_bet, mac.table) == (50, 100, "Ponce")
    assert mac.started_local == "2012/12/9 14:29:49 ICT"  # Indochina time, UTC+7
    assert mac.started_at is not None
    assert mac.started_at.isoformat() == "2012-12-09T07:29:49+00:00"
    assert [s.stack for s in mac.seats] == [2472] * 4
    spaced = _hand("20000000006").header
    assert (spaced.small_bet, spaced.max_seats, spaced.seats[0].stack) == (50, 8, 908)


def test_tournament_headers() -> None:
    mtt = _hand("20000000007").header
    assert (mtt.tournament_id, mtt.level, mtt.buy_in, mtt.fee, mtt.buy_in_currency) == (
        "69784932", "2", 600, None, "USD")
    assert (mtt.small_bet, mtt.big_bet, mtt.scale, mtt.currency) == (60, 120, 1, None)
    old = _hand("2621679197").header  # 2005: buy-in + entry fee, chips printed with "$"
    assert (old.buy_in, old.fee, old.max_seats, old.seats[0].stack) == (3000, 300, None, 1902)
    changed = _hand("20000000009").header  # the level after the seats is the one in force
    assert (changed.level, changed.small_bet, changed.big_bet) == ("2", 60, 120)
    assert (changed.buy_in, changed.buy_in_currency) == (100, "EUR")
    assert changed.started_at is None
    assert changed.started_local == "2012/11/28 13:05:32"
    freeroll = _hand("20000000010").header
    assert (freeroll.buy_in, freeroll.buy_in_currency, freeroll.tournament_id) == (
        0, None, "71487580")
    sng = _hand("20000000011").header  # the tournament is on the lines after the seats
    assert (sng.tournament_id, sng.level, sng.buy_in, sng.small_bet) == ("128487129", "1",
                                                                         100, 10)


def test_play_money_and_german_zone_names() -> None:
    head = read_header("#Game No : 3\n***** Hand History for Game 3 *****\n"
                       "$0.50/$1 USD FL 7 Card Stud - Wednesday,August 31, 01:41:34 MESZ 2016\n"
                       "Table Table  140117 (Play Money)\nSeat 0 is the button")
    assert head.fields["play_money"] is True
    assert head.fields["currency"] is None
    assert head.fields["started_at"].isoformat() == "2016-08-30T23:41:34+00:00"


_HAND = HANDS[2]  # the euro cash hand: "Game #N starts.", a blank line, "#Game No : N", ...


def test_three_or_more_blank_lines_in_the_opening_make_one_hand() -> None:
    """Files with \\r\\r\\n line ends: every line end is two, blank lines four."""
    second = _HAND.replace("20000000003", "20000000013")
    text = (_HAND + second).replace("\n", "\r\r\n")
    results = list(parse_text(text))
    assert [type(r) for r in results] == [ParsedHand, ParsedHand]
    assert [r.hand_id for r in results if isinstance(r, ParsedHand)] == ["20000000003",
                                                                         "20000000013"]


def test_noise_between_the_opening_lines_stays_in_the_hand() -> None:
    text = _HAND.replace("\n\n#Game No", "\nBob: hello\n#Game No").replace(
        "\n*****", "\nCid has joined the table.\n*****")
    hand = parse_hand(text)
    assert [type(e) for e in hand.events[:2]] == [Chat, TableEvent]
    assert hand.events[0].line == 2
    assert hand.events[1].line == 4


def test_the_banner_is_the_hand_and_the_first_opening_lines_only_announce_it() -> None:
    """2011 files: a stray 'Game #A starts.' / '#Game No : A' before another hand's banner."""
    text = _HAND.replace("#Game No : 20000000003", "#Game No : 10315957294\n\n").replace(
        "Game #20000000003 starts.", "Game #10315957294 starts.")
    (result,) = parse_text(text)
    assert isinstance(result, ParsedHand)
    assert result.hand_id == "20000000003"


def test_a_file_ending_on_the_next_hands_start_adds_nothing() -> None:
    hand = parse_hand(_HAND + "Game #20000000014 starts.\n\n#Game No : 20000000014\n")
    tail = [e for e in hand.events if isinstance(e, Announcement)][-2:]
    assert [e.text for e in tail] == ["Game #20000000014 starts.", "#Game No : 20000000014"]
    assert replay(hand).violations == ()


def test_a_hand_announced_and_never_written_fails_by_name() -> None:
    (result,) = parse_text("Game #20000000015 starts.\n\n#Game No : 20000000015\n")
    assert isinstance(result, ParseFailure)
    assert "announced but never written" in result.error.reason


_HOLDEM = """\
Game #11354414824 starts.

#Game No : 11354414824
***** Hand History for Game 11354414824 *****
$20/$40 USD FL Omaha Hi-Lo - Thursday, January 26, 18:13:53 EST 2012
Table Table  125516 (Real Money)
Seat 9 is the button
Total number of players : 2/10
Seat 10: Ann ( $200 USD )
Seat 9: Bob ( $300 USD )
Bob posts small blind [$10 USD].
Ann posts big blind [$20 USD].
** Dealing down cards **
Dealt to Ann [  7d Ah 6s 2h ]
Bob raises [$30 USD]
Ann calls [$20 USD]
** Dealing Flop ** [ Qh, Kd, 6d ]
Ann checks
Bob bets [$20 USD]
Ann folds
Bob does not show cards.
Bob wins $119 USD
"""


def test_a_flop_game_hand_is_skipped_not_failed() -> None:
    (result,) = parse_text(_HOLDEM)
    assert isinstance(result, SkippedHand)
    assert "Omaha Hi-Lo" in result.game_text


_SUMMARY = """\
***** Hand History For Game 7538093562 *****
800/1600 Tourney {game} Game Table (FL)  (MTT Tournament #42974198)  -  Fri Nov 14 21:05:24 EST 2008
Table Table 524881  (Real Money) -- Seat 1 is the button
Total number of players : 2
Seat 1: Ann (66829)
Seat 3: Bob (32543)
Ann posts ante (50)
Bob posts ante (50)
"""


@pytest.mark.parametrize(("banner", "reason"), [
    ("***** Hand History For Game 7538093562 *****", "summary format"),
    ("***** Hand History for Game 1111111111 ***** (Poker Stars)", "converted from Poker Stars"),
])
def test_the_formats_not_read_for_stud_skip_other_games_and_fail_stud_by_name(
        banner: str, reason: str) -> None:
    for game, kind in (("Texas Hold'em", SkippedHand), ("7 Card Stud", ParseFailure)):
        text = _SUMMARY.format(game=game).replace(_SUMMARY.partition("\n")[0], banner)
        (result,) = parse_text(text)
        assert isinstance(result, kind), (banner, game)
        if isinstance(result, ParseFailure):
            assert reason in result.error.reason


def test_an_888poker_hand_is_not_taken_for_partypoker_stud() -> None:
    text = _HOLDEM.replace("***** Hand History", "***** 888poker Hand History").replace(
        "$20/$40 USD FL Omaha Hi-Lo", "$0.05/$0.10 Blinds No Limit Holdem")
    (result,) = parse_text(text)
    assert isinstance(result, SkippedHand)
    assert result.game_text.startswith("888poker: ")


def test_no_limit_stud_fails_by_name() -> None:
    (result,) = parse_text(_HAND.replace("FL 7 Card Stud", "NL 7 Card Stud"))
    assert isinstance(result, ParseFailure)
    assert "fixed limit only" in result.error.reason


_ALL_IN = """\
#Game No : 20000000020
***** Hand History for Game 20000000020 *****
$0.50/$1 USD FL 7 Card Stud - Monday, April 25, 14:20:12 EDT 2011
Table Table  136419 (Real Money)
Seat 0 is the button
Total number of players : 4/8
Seat 1: Ann ( $0.15 USD )
Seat 3: Bob ( $0.40 USD )
Seat 5: Cid ( $1.40 USD )
Seat 7: Dan ( $20 USD )
Ann posts ante [$0.05 USD]
Bob posts ante [$0.05 USD]
Cid posts ante [$0.05 USD]
Dan posts ante [$0.05 USD]
** Dealing **
Dealt to Dan [  Ah Qh Tc ]
Ann opens
Ann is all-In  [$0.10 USD]
Bob is all-In  [$0.35 USD]
Cid calls [$0.35 USD]
Dan calls [$0.35 USD]
** Dealing Fourth street **
Dealt to Dan [  8d ]
Dan opens
Dan bets [$0.50 USD]
Cid is all-In  [$1 USD]
Dan calls [$0.50 USD]
** Dealing Fifth street **
Dealt to Dan [  6s ]
** Dealing Sixth street **
Dealt to Dan [  3s ]
** Dealing River **
Dealt to Dan [  7d ]
Ann shows [ Kd, Ks, 2h, Qs, Ts, 4s, 3h ]a pair of Kings.
Bob shows [ 2d, 3d, 4d, 6d, 8h, Jc, Th ]high card Jack.
Cid shows [ 2c, 3c, 4c, 5c, 7h, 9d, 9s ]a pair of Nines.
Dan doesn't show [ Ah, Qh, Tc, 8d, 6s, 3s, 7d ]high card Ace.
Cid wins $2 USD from the side pot 2 with a pair of Nines.
Cid wins $0.75 USD from the side pot 1 with a pair of Nines.
Ann wins $0.60 USD from the main pot with a pair of Kings.
"""


def test_what_an_all_in_was_comes_from_the_streets_totals() -> None:
    """A short bring-in, a short completion and a raise, each printed ``is all-In``; the
    pots they make replay clean."""
    hand = parse_hand(_ALL_IN)
    all_in = [e for e in hand.events if getattr(e, "all_in", False)]
    assert [type(e) for e in all_in] == [BringIn, Complete, Raise]
    bring_in, complete, raise_ = all_in
    assert isinstance(bring_in, BringIn)
    assert bring_in.amount == 10
    assert isinstance(complete, Complete)
    assert complete.to == 35
    assert isinstance(raise_, Raise)
    assert (raise_.by, raise_.to) == (50, 100)
    replayed = replay(hand)
    assert replayed.violations == ()
    assert [(p.amount, p.winners_high) for p in replayed.pots] == [
        (60, ("Ann",)), (75, ("Cid",)), (200, ("Cid",))]


def test_a_hand_that_stops_before_anyone_wins_fails_as_truncated() -> None:
    cut = _HAND[:_HAND.index("Bob does not show cards.")] + "Connection Lost due to some reason\n"
    (result,) = parse_text(cut)
    assert isinstance(result, ParseFailure)
    assert "truncated hand" in result.error.reason


def test_an_action_damaged_into_a_chat_shape_is_not_taken_for_chat() -> None:
    (result,) = parse_text(_HAND.replace("Bob completes [€1 EUR]", "Bob: completes [€1 EUR]"))
    assert isinstance(result, ParseFailure)
    assert result.error.line is not None
    assert "Bob: completes" in (result.error.text or "")


def test_a_table_or_tournament_line_with_a_colon_is_no_chat() -> None:
    text = HANDS[11].replace("Table $1,000 Gtd (105411156)", "Table Sunday: $1,000 Gtd (105411156)")
    hand = parse_hand(text)
    assert hand.header.table == "Sunday: $1,000 Gtd (105411156) Table #2"
    assert [e.text for e in hand.events if isinstance(e, Chat)] == ["u r getting boring"]
