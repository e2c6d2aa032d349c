"""Everleaf: every corpus hand read and replayed clean under the ``everleaf`` profile.

Everleaf prints no opponent's down card, no showdown header, no uncalled bet, no
pot total, no rake, no summary and no time zone. The hands are read as printed;
what they leave out is unverifiable or left empty, never made up. The corpus is
read in place from ``../shared/corpus/Everleaf``; players appear in the golden
file by seat (``s5``).
"""

from __future__ import annotations

import pytest
from test_parse_stars import GOLDEN, compact
from text_sites import (
    check_classifier,
    check_clean,
    check_file_is_read,
    check_stacks_follow,
    corpus_lines,
    flipped,
    hands,
    index_rows,
    nets_flipped,
    strict_grammar,
)

from stud_hh import ParsedHand, parse_hand, rules
from stud_hh.model.events import (
    Complete,
    Deal,
    Game,
    Limit,
    NoShow,
    PotSummary,
    Raise,
    ShowdownStart,
)
from stud_hh.read.sites import EVERLEAF, dialect_for
from stud_hh.read.sites.everleaf import LINE_ORDER, SHAPES
from stud_hh.replay import replay
from stud_hh.rules import ShowdownFirst, Support

SITE = "Everleaf"
FILE = "7-Stud-EUR-0.05-0.10.201108-new-format.txt"


def test_grammar_builds_with_strict_collision_checks() -> None:
    strict_grammar("everleaf.lark")


def test_the_classifier_agrees_with_the_grammar_on_every_corpus_line() -> None:
    lines = corpus_lines(SITE)
    assert len(lines) > 200
    check_classifier("everleaf.lark", SHAPES, [LINE_ORDER, ("SEAT",), ("ANTE",)], lines)


def test_the_site_is_detected_from_the_first_line() -> None:
    assert dialect_for("Everleaf Gaming Game #295679510") is EVERLEAF
    assert dialect_for("***** Hand history for game #295679510 *****") is None


@pytest.mark.parametrize("row", index_rows(SITE), ids=lambda r: r["file"])
def test_every_hand_of_each_everleaf_file_is_read(row: dict[str, str]) -> None:
    parsed = check_file_is_read(row, SITE)
    assert all(not h.warnings for h in parsed)


def test_every_everleaf_hand_replays_clean_under_its_profile() -> None:
    parsed = hands(SITE)
    assert len(parsed) == 6
    for replayed in check_clean(parsed, "everleaf"):
        # the site prints no pot total, rake or uncalled bet: those checks cannot be made
        assert {"pot.not-balanced", "pot.uncalled-wrong"} <= {
            u.rule for u in replayed.unverifiable}
        assert not any(isinstance(e, PotSummary) for e in replayed.hand.events)


def test_each_net_is_the_change_of_the_players_stack_in_the_next_hand() -> None:
    # what the site does print about money: the stacks at the next hand's start. The
    # returned uncalled bets (no line prints them) are what make these agree.
    assert check_stacks_follow(hands(SITE)) == 10


def test_an_opponents_down_cards_are_not_made_up() -> None:
    for hand in hands(SITE):
        third = [e for e in hand.events if isinstance(e, Deal) and e.street == 3]
        assert sorted(len(d.cards) for d in third) == [1, 3], hand.hand_id  # hero: all three
        assert all(None not in d.cards for d in third)


def test_no_showdown_header_the_showdown_opens_at_the_first_shown_hand() -> None:
    parsed = hands(SITE)
    shown = [h for h in parsed if any(isinstance(e, ShowdownStart) for e in h.events)]
    assert [h.hand_id for h in shown] == ["295679620", "295680165", "295680332"]
    folded = [h for h in parsed if h not in shown]
    assert all(any(isinstance(e, NoShow) for e in h.events) for h in folded)


def test_the_profile_evidence() -> None:
    parsed = hands(SITE)
    everleaf = rules.profile("everleaf")
    assert everleaf.support("open_pair_big_bet") is Support.DECIDES
    assert flipped("everleaf", parsed, open_pair_big_bet=frozenset()) == [
        ("295680332", "bet.wrong-size")]
    assert everleaf.support("prints.uncalled") is Support.DECIDES
    assert nets_flipped("everleaf", parsed, prints=rules.USUAL) == [
        "295679510", "295679820", "295679998"]
    # the four-level rounds are heads-up: they bear on the cap only if heads-up is capped
    assert flipped("everleaf", parsed, max_bets=3) == []
    assert flipped("everleaf", parsed, max_bets=3, heads_up_uncapped=False) == [
        ("295680332", "raise.over-cap")]
    assert everleaf.support("showdown_first") is Support.CONSISTENT
    for setting in ("bring_in_tie_break", "board_tie_break", "heads_up_uncapped", "max_bets",
                    "half_bet_reopens", "odd_chip"):
        assert everleaf.support(setting) is Support.NONE, setting
    for change in ({"bring_in_tie_break": rules.TieBreak.POSITION},
                   {"board_tie_break": rules.TieBreak.SUIT}, {"heads_up_uncapped": False},
                   {"half_bet_reopens": False},
                   {"showdown_first": ShowdownFirst.RIVER_BETTOR_ELSE_TOGETHER}):
        assert flipped("everleaf", parsed, **change) == [], change


def test_golden_events_pot_and_winner() -> None:
    hand = next(h for h in hands(SITE) if h.hand_id == "295680332")
    expected = (GOLDEN / "everleaf_stud_capped_showdown.events").read_text(encoding="utf-8")
    assert [hand.hand_id, *compact(hand)] == expected.splitlines()
    # "completes to €0.05." is a total; "raises [€ 0.15 EURO]" adds 15 to the 5 bet
    assert any(isinstance(e, Complete) and e.to == 5 for e in hand.events)
    assert next(e for e in hand.events if isinstance(e, Raise)).by == 10
    replayed = replay(hand)
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners_high) == (222, ("EricBlade",))
    assert (replayed.rake, replayed.collected) == (11, {"EricBlade": 211})
    assert replayed.nets == {"EricBlade": 211 - 111, "MOURINHO_": -111}


def test_header_fields() -> None:
    hand: ParsedHand = hands(SITE)[0]
    h = hand.header
    assert (h.site, h.hand_id, h.game, h.game_text, h.limit) == (
        "Everleaf", "295679510", Game.STUD, "7 Card Stud", Limit.FIXED)
    assert (h.small_bet, h.big_bet, h.currency, h.scale, h.play_money) == (5, 10, "EUR", 100,
                                                                          False)
    assert (h.table, h.max_seats) == ("Harjavalta", None)  # no seat count is printed
    # no time zone is printed: the local time is kept, no UTC time is guessed
    assert (h.started_at, h.started_local) == (None, "2011/08/12 13:09:06")
    assert [(s.seat, s.name, s.stack) for s in h.seats] == [(5, "MOURINHO_", 250),
                                                            (8, "EricBlade", 250)]


_SMALL = """\
Everleaf Gaming Game #1
***** Hand history for game #1 *****
$0.25/$0.50 7 Card Stud - 2011/08/12 - 13:09:06
Table Small
Total number of players: 3
Seat 1: Ann (  $ 5 USD )
Seat 2: Bob Two (  $ 5 USD )
Ann: posts ante [$ 0.05 USD]
Bob Two: posts ante [$ 0.05 USD]
** Dealing down cards **
Dealt to Ann [ 2c, 3c, 4c ].
Dealt to Bob Two [ Kd ].
Ann posts bring-in $0.10.
Bob Two raises [$ 0.25 USD]
Ann calls [$ 0.15 USD]
** Dealing 4th Street **
Dealt to Ann [ 5c ].
Dealt to Bob Two [ Ks ].
Bob Two: bets [$ 0.50 USD]
Ann folds
Bob Two does not show cards
Bob Two wins $ 0.60 USD from main pot
"""


def test_a_written_hand_with_dollars_a_name_with_a_space_and_a_miscount() -> None:
    hand = parse_hand(_SMALL)
    assert hand.header.currency == "USD"
    assert hand.warnings == ("line 5: 3 players announced, 2 seat lines",)
    complete = next(e for e in hand.events if isinstance(e, Raise))
    assert (complete.player, complete.by, complete.to) == ("Bob Two", 15, 25)
    replayed = replay(hand)
    assert replayed.violations == ()  # the 4th-street big bet: Bob Two's open kings
    assert replayed.uncalled == {"Bob Two": 50}
    assert replayed.nets == {"Ann": -30, "Bob Two": 30}
