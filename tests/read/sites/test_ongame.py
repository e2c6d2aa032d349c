"""OnGame: every corpus hand read and replayed clean under the ``ongame`` profile.

OnGame prints each seat's net and final stack in the summary: every replayed net
must be the printed one. It prints no showdown (the cards shown are in the
summary, by seat) and no opponent's down card. The corpus is read in place from
``../shared/corpus/OnGame``; players appear in the golden file by seat (``s6``).
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from test_parse_stars import GOLDEN, compact
from text_sites import (
    check_classifier,
    check_clean,
    check_file_is_read,
    corpus_lines,
    flipped,
    hands,
    index_rows,
    strict_grammar,
)

from stud_hh import ParsedHand, ParseFailure, SkippedHand, parse_hand, parse_text, rules
from stud_hh.model.events import Complete, Deal, Game, Raise, SeatSummary, Show
from stud_hh.model.money import parse_amount
from stud_hh.read.sites import ONGAME, dialect_for
from stud_hh.read.sites.ongame import LINE_ORDER, SHAPES
from stud_hh.replay import replay
from stud_hh.rules import Support

SITE = "OnGame"


def test_grammar_builds_with_strict_collision_checks() -> None:
    strict_grammar("ongame.lark")


def test_the_classifier_agrees_with_the_grammar_on_every_corpus_line() -> None:
    lines = corpus_lines(SITE)
    assert len(lines) > 300
    check_classifier("ongame.lark", SHAPES,
                     [LINE_ORDER, ("SEAT",), ("ANTE",), ("POT",), ("SEAT_SUMMARY",)], lines)


def test_the_site_is_detected_from_the_first_line() -> None:
    assert dialect_for("***** History for hand R5-82086688-607 *****") is ONGAME
    assert dialect_for("***** End of hand R5-82086688-607 *****") is None


@pytest.mark.parametrize("row", index_rows(SITE), ids=lambda r: r["file"])
def test_every_hand_of_each_ongame_file_is_read(row: dict[str, str]) -> None:
    parsed = check_file_is_read(row, SITE)
    assert all(not h.warnings for h in parsed)


def test_every_ongame_hand_replays_clean_under_its_profile() -> None:
    parsed = hands(SITE)
    assert len(parsed) == 6
    check_clean(parsed, "ongame")


_SUMMARY = re.compile(r"Seat \d+: .+ \((?P<stack>\$[\d.]+)\), net: (?P<net>[-+]?\$[\d.]+)")


def test_every_net_and_final_stack_is_the_one_the_summary_prints() -> None:
    compared = 0
    for hand in hands(SITE):
        replayed = replay(hand)
        stacks = {s.name: s.stack for s in hand.header.seats}
        for line in (e for e in hand.events if isinstance(e, SeatSummary)):
            m = _SUMMARY.match(line.text)
            assert m is not None, line.text
            net = parse_amount(m["net"].replace("+", ""), 100)
            assert replayed.nets[line.player] == net, (hand.hand_id, line.player)
            assert stacks[line.player] + net == parse_amount(m["stack"], 100)
            compared += 1
    assert compared == 5 * 4 + 2 + 8


def test_an_opponents_down_cards_stay_unknown_and_the_shown_cards_come_from_the_summary() -> None:
    for hand in hands(SITE):
        doors = [e for e in hand.events if isinstance(e, Deal) and e.street == 3]
        hidden = [d for d in doors if d.cards[:2] == (None, None)]
        assert len(hidden) == len(doors) - 1, hand.hand_id  # all but the hero's
        summary = {e.player: e.cards for e in hand.events
                   if isinstance(e, SeatSummary) and e.cards}
        assert {e.player: e.cards for e in hand.events if isinstance(e, Show)} == summary


def test_the_big_bring_in_is_a_completion_and_raises_are_chips_added() -> None:
    by_id = {h.hand_id: h for h in hands(SITE)}
    big = by_id["R5-292493407-77"]  # "Hero big bring in $1", "Player0 raises $2 to $2"
    assert [(type(e).__name__, getattr(e, "to", None)) for e in big.events
            if isinstance(e, Complete | Raise)] == [("Complete", 100), ("Raise", 200)]
    hilo = by_id["R5-78227816-62"]  # 5th street: "Hero raises $1 to $1.37" over a $0.50 bet
    (raise_,) = [e for e in hilo.events if isinstance(e, Raise)]
    assert (raise_.player, raise_.by, raise_.to) == ("Hero", 50, 100)


def test_the_profile_evidence() -> None:
    parsed = hands(SITE)
    ongame = rules.profile("ongame")
    assert ongame.support("prints.showdown_order_recorded") is Support.DECIDES
    assert ongame.support("showdown_first") is Support.NONE
    assert flipped("ongame", parsed,
                   prints=dataclasses.replace(ongame.prints, showdown_order_recorded=True)) == [
        ("R5-82086688-610", "showdown.wrong-order")]
    for setting in ("bring_in_tie_break", "board_tie_break", "heads_up_uncapped", "max_bets",
                    "half_bet_reopens", "odd_chip", "open_pair_big_bet"):
        assert ongame.support(setting) is Support.NONE, setting
    for change in ({"bring_in_tie_break": rules.TieBreak.POSITION},
                   {"board_tie_break": rules.TieBreak.SUIT},
                   {"heads_up_uncapped": False, "max_bets": 2}, {"half_bet_reopens": False},
                   {"open_pair_big_bet": frozenset()}):
        assert flipped("ongame", parsed, **change) == [], change


def test_golden_events_pot_and_winner() -> None:
    hand = next(h for h in hands(SITE) if h.hand_id == "R5-292493407-77")
    expected = (GOLDEN / "ongame_stud_big_bring_in.events").read_text(encoding="utf-8")
    assert [hand.hand_id, *compact(hand)] == expected.splitlines()
    replayed = replay(hand)
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners_high) == (1020, ("Player0",))
    assert (replayed.rake, replayed.collected) == (50, {"Player0": 970})
    assert replayed.nets == {"Hero": -510, "Player0": 460}


def test_golden_stud8_pot_without_a_qualifying_low() -> None:
    hand = next(h for h in hands(SITE) if h.hand_id == "R5-78227816-62")
    replayed = replay(hand)
    (pot,) = replayed.pots
    # only Hero shows (mylonas77 mucks); eights full, no five low cards of 8 or under
    assert (pot.amount, pot.winners_high, pot.winners_low) == (514, ("Hero",), ())
    assert (replayed.rake, replayed.collected) == (25, {"Hero": 489})


def test_header_fields() -> None:
    by_id = {h.hand_id: h.header for h in hands(SITE)}
    h = by_id["R5-82086688-607"]
    assert (h.site, h.game, h.game_text, h.small_bet, h.big_bet, h.currency, h.scale) == (
        "OnGame", Game.STUD, "LIMIT SEVEN_CARD_STUD", 10, 20, "USD", 100)
    assert (h.table, h.max_seats) == ("Milwaukee", None)  # no seat count is printed
    assert h.started_local == "2010/09/13 22:31:30 GMT+0100"
    assert h.started_at is not None
    assert h.started_at.isoformat() == "2010-09-13T21:31:30+00:00"
    cet = by_id["R5-292493407-77"]
    assert cet.started_local == "2012/12/04 19:48:34 CET"
    assert cet.started_at is not None
    assert cet.started_at.isoformat() == "2012-12-04T18:48:34+00:00"
    hilo = by_id["R5-78227816-62"]
    assert (hilo.game, hilo.small_bet, hilo.big_bet, hilo.table) == (Game.STUD8, 25, 50, "Taegu")
    assert hilo.started_at is not None
    assert hilo.started_at.isoformat() == "2010-08-28T17:33:38+00:00"


_SMALL = """\
***** History for hand R5-1-1 *****
Start hand: Mon Sep 13 22:31:30 GMT-0500 2010
Table: Small [1] (LIMIT SEVEN_CARD_STUD $1/$2, ante: $0.10, Real money)
User: Ann
Players in round: 2
Seat 1: Ann ($20)
Seat 2: Bob Two ($20)
Ann posts ante $0.10
Bob Two posts ante $0.10
---
Dealing pocket cards
Dealing to Ann: [Ad, Kd, 2c]
Dealing to Bob Two: [-, -, Kh]
Ann small bring in $0.50
Bob Two bets $1
Ann raises $1.50 to $2
Bob Two calls $1
---
Summary:
Main pot: $4.20 won by Ann ($4)
Rake taken: $0.20
Seat 1: Ann ($21.90), net: +$1.90
Seat 2: Bob Two ($17.90), net: -$2.10
***** End of hand R5-1-1 *****
"""


def test_a_written_hand_raises_add_chips_and_the_total_is_checked() -> None:
    hand = parse_hand(_SMALL)
    assert hand.header.started_at is not None
    assert hand.header.started_at.isoformat() == "2010-09-14T03:31:30+00:00"
    raise_ = next(e for e in hand.events if isinstance(e, Raise))
    assert (raise_.player, raise_.by, raise_.to) == ("Ann", 100, 200)  # $0.50 + $1.50
    wrong = next(iter(parse_text(_SMALL.replace("raises $1.50 to $2", "raises $1.50 to $1.50"))))
    assert isinstance(wrong, ParseFailure)
    assert wrong.line == 16
    assert ("'raises $1.50 to $1.50': Ann would have 200 in on the street and 200 in the "
            "hand") in wrong.reason


_HOLDEM = """\
***** History for hand R5-1-3 *****
Start hand: Wed Aug 18 19:32:32 GMT+0100 2010
Table: someplace [2] (LIMIT TEXAS_HOLDEM 0.50/1, Real money)
User: Ann
Button: seat 1
Players in round: 2
Seat 1: Ann (20)
Seat 2: Bob (20)
Ann posts small blind (0.25)
Bob posts big blind (0.50)
---
Dealing pocket cards
Dealing to Ann: [Kd, Ks]
Ann folds
---
Summary:
Main pot: 0.75 won by Bob (0.75)
Rake taken: $0
Seat 1: Ann (19.75), net: -0.25
Seat 2: Bob (20.25), net: +0.25
***** End of hand R5-1-3 *****
"""


def test_other_games_are_skipped_and_unknown_stud_games_fail_by_name() -> None:
    skipped = next(iter(parse_text(_HOLDEM)))
    assert isinstance(skipped, SkippedHand)
    assert skipped.game_text == "LIMIT TEXAS HOLDEM"
    # a stud-looking hand under a hold'em header is not skipped as another game
    looks = _SMALL.replace("LIMIT SEVEN_CARD_STUD $1/$2, ante: $0.10,", "LIMIT TEXAS_HOLDEM 1/2,")
    failure = next(iter(parse_text(looks)))
    assert isinstance(failure, ParseFailure)
    assert "looks like stud" in failure.reason
    five = next(iter(parse_text(_SMALL.replace("SEVEN_CARD_STUD", "FIVE_CARD_STUD"))))
    assert isinstance(five, ParseFailure)
    assert "OnGame FIVE_CARD_STUD: no source shows this game code" in five.reason
    assert isinstance(next(iter(parse_text(_SMALL))), ParsedHand)


def test_a_bet_nobody_calls_is_returned_without_a_line() -> None:
    """The ``ongame`` profile's ``prints.uncalled``: the pot leaves the bet out."""
    walk = parse_hand(_SMALL.replace("Ann raises $1.50 to $2\nBob Two calls $1\n",
                                     "Ann folds\n").replace(
        "Main pot: $4.20 won by Ann ($4)", "Main pot: $1.20 won by Bob Two ($1.10)").replace(
        "Rake taken: $0.20", "Rake taken: $0.10").replace(
        "Seat 1: Ann ($21.90), net: +$1.90", "Seat 1: Ann ($19.40), net: -$0.60").replace(
        "Seat 2: Bob Two ($17.90), net: -$2.10", "Seat 2: Bob Two ($20.50), net: +$0.50"))
    replayed = replay(walk)
    assert replayed.violations == ()
    assert replayed.uncalled == {"Bob Two": 50}
    assert replayed.nets == {"Ann": -60, "Bob Two": 50}
    ongame = rules.profile("ongame")
    assert flipped("ongame", [walk], prints=dataclasses.replace(
        ongame.prints, uncalled=rules.UncalledBet.RETURNED)) == [
        ("R5-1-1", "pot.not-balanced"), ("R5-1-1", "pot.uncalled-wrong")]
