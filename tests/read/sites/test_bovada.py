"""Bovada (Bodog): every corpus hand read and replayed clean under the ``bovada`` profile.

Bovada prints no stakes and no time zone, names players by seat, and its 2012
histories print no street header after the hole cards. The stakes are read from
each hand's own bets; the streets from the cards dealt. The corpus is read in
place from ``../shared/corpus/Bovada`` (anonymous seats only: nobody's name).
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
    strict_grammar,
)

from stud_hh import ParsedHand, ParseFailure, SkippedHand, parse_hand, parse_text, rules
from stud_hh.model.events import (
    Deal,
    Game,
    Limit,
    PotSummary,
    Show,
    StreetStart,
    TableEvent,
    TableEventKind,
)
from stud_hh.read.sites import BOVADA, dialect_for
from stud_hh.read.sites.bovada import LINE_ORDER, PRE_ORDER, SHAPES
from stud_hh.replay import replay
from stud_hh.rules import ShowdownFirst, Support, TieBreak

SITE = "Bovada"


def _by_id() -> dict[str, ParsedHand]:
    return {h.hand_id: h for h in hands(SITE)}


def test_grammar_builds_with_strict_collision_checks() -> None:
    strict_grammar("bovada.lark")


def test_the_classifier_agrees_with_the_grammar_on_every_corpus_line() -> None:
    lines = corpus_lines(SITE)
    assert len(lines) > 200
    check_classifier("bovada.lark", SHAPES,
                     [LINE_ORDER, PRE_ORDER, ("SEAT",), ("SEAT_SUMMARY",)], lines)


def test_the_site_is_detected_from_the_header_line_of_either_brand() -> None:
    assert dialect_for("Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit - "
                       "2012-05-07 03:40:07") is BOVADA
    assert dialect_for("Bovada Hand #2844383701 TBL#7794710 7CARD HiLo Fixed Limit - "
                       "2014-04-06 19:50:19") is BOVADA
    assert dialect_for("Seat+1: $0.57 in chips") is None


@pytest.mark.parametrize("row", index_rows(SITE), ids=lambda r: r["file"])
def test_every_hand_of_each_bovada_file_is_read(row: dict[str, str]) -> None:
    parsed = check_file_is_read(row, SITE)
    assert all(not h.warnings for h in parsed)


def test_every_bovada_hand_replays_clean_under_its_profile() -> None:
    parsed = hands(SITE)
    assert len(parsed) == 6
    for replayed in check_clean(parsed, "bovada"):
        # every card is printed: who brings in and who acts first are always checked
        assert not {"bring-in.wrong-player", "action.out-of-turn"} & {
            u.rule for u in replayed.unverifiable}


def test_each_net_is_the_change_of_the_players_stack_in_the_next_hand() -> None:
    assert check_stacks_follow(hands(SITE)) == 9  # the four Bodog hands at one table


def test_the_stakes_come_from_each_hands_own_bets() -> None:
    stakes = {i: (h.header.small_bet, h.header.big_bet) for i, h in _by_id().items()}
    assert stakes == {
        "2604291510": (5, 10),  # a 5th-street bet of $0.10 only
        "2604291577": (5, 10),  # 'D bets $0.10' on 4th, then $0.10 bets
        "2604291699": (5, 10),  # a 4th-street bet of $0.05
        "2604291787": (5, 10),  # likewise
        "2844383701": (500, 1000),  # 'Raises $5 to $5' (the completion), a $10 bet on 5th
        "2633952287": (25, 50),  # the bring-in player completes: 'Bets $0.25'
    }


def test_without_street_headers_each_street_starts_at_its_first_card() -> None:
    hand = _by_id()["2604291699"]  # 2012: no header after *** HOLE CARDS ***
    starts = [(e.street, e.line) for e in hand.events if isinstance(e, StreetStart)]
    first_deals: dict[int, int] = {}
    for e in hand.events:
        if isinstance(e, Deal):
            first_deals.setdefault(e.street, e.line)
    assert starts == [(3, 88), *((s, line) for s, line in first_deals.items() if s > 3)]
    assert [s for s, _ in starts] == [3, 4, 5, 6, 7]


def test_every_players_cards_are_printed_and_read() -> None:
    for hand in hands(SITE):
        third = [e for e in hand.events if isinstance(e, Deal) and e.street == 3]
        assert all(len(d.cards) == 3 and None not in d.cards for d in third), hand.hand_id


def test_the_sitting_out_hero_is_seated_but_not_dealt() -> None:
    hand = _by_id()["2604291787"]
    traffic = [(e.player, e.kind) for e in hand.events if isinstance(e, TableEvent)]
    assert traffic == [("Seat+3 [ME]", TableEventKind.SITTING_OUT),
                       ("Seat+3 [ME]", TableEventKind.LEAVES),
                       ("Seat+3 [ME]", TableEventKind.LEAVES)]
    assert "Seat+3 [ME]" in {s.name for s in hand.header.seats}
    assert "Seat+3 [ME]" not in replay(hand).nets


def test_the_profile_evidence() -> None:
    parsed = hands(SITE)
    bovada = rules.profile("bovada")
    assert bovada.support("open_pair_big_bet") is Support.DECIDES
    assert flipped("bovada", parsed, open_pair_big_bet=frozenset()) == [
        ("2604291577", "bet.wrong-size")]
    # the engine gives the odd chip of a high/low split to the high half; the hand does too
    assert bovada.support("odd_chip") is Support.DECIDES
    assert replay(_by_id()["2633952287"]).collected == {"Seat+1": 232, "Seat+4": 233}
    assert bovada.support("showdown_first") is Support.CONSISTENT
    for setting in ("bring_in_tie_break", "board_tie_break", "heads_up_uncapped", "max_bets",
                    "half_bet_reopens"):
        assert bovada.support(setting) is Support.NONE, setting
    for change in ({"bring_in_tie_break": TieBreak.POSITION},
                   {"board_tie_break": TieBreak.SUIT},
                   {"heads_up_uncapped": False, "max_bets": 2}, {"half_bet_reopens": False},
                   {"showdown_first": ShowdownFirst.RIVER_BETTOR_ELSE_TOGETHER}):
        assert flipped("bovada", parsed, **change) == [], change


def test_golden_events_pot_and_winner() -> None:
    hand = _by_id()["2604291577"]
    expected = (GOLDEN / "bovada_stud_no_street_headers.events").read_text(encoding="utf-8")
    assert [hand.hand_id, *compact(hand)] == expected.splitlines()
    replayed = replay(hand)
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners_high) == (59, ("Seat+5",))
    assert (replayed.rake, replayed.collected, replayed.uncalled) == (2, {"Seat+5": 57},
                                                                     {"Seat+5": 10})
    assert replayed.nets == {"Seat+1": -13, "Seat+3 [ME]": -23, "Seat+5": 34}


def test_split_pots_and_a_pot_line_without_its_rake() -> None:
    by_id = _by_id()
    hilo = replay(by_id["2633952287"])
    (pot,) = hilo.pots
    assert (pot.amount, pot.winners_high, pot.winners_low) == (485, ("Seat+4",), ("Seat+1",))
    assert hilo.rake == 20
    # 2014: 'Total Pot($150)', no rake printed: no pot summary, the rake is what was put in
    # and not collected, and the printed total agrees with the chips put in (no warning)
    big = by_id["2844383701"]
    assert not any(isinstance(e, PotSummary) for e in big.events)
    assert big.warnings == ()
    replayed = replay(big)
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners_high, pot.winners_low) == (15000, ("Seat+5 [ME]",),
                                                               ("Seat+2",))
    assert (replayed.collected, replayed.rake) == ({"Seat+2": 7350, "Seat+5 [ME]": 7350}, 300)
    assert "pot.not-balanced" in {u.rule for u in replayed.unverifiable}
    # a hi/lo 'Showdown' lists the high five, then the low five
    shown = next(e for e in by_id["2633952287"].events if isinstance(e, Show))
    assert len(shown.cards) == 10


def test_header_fields() -> None:
    by_id = _by_id()
    h = by_id["2604291510"].header
    assert (h.site, h.hand_id, h.game, h.game_text, h.limit) == (
        "Bovada", "2604291510", Game.STUD, "7CARD Fixed Limit", Limit.FIXED)
    assert (h.currency, h.scale, h.table, h.max_seats) == ("USD", 100, "1178621", None)
    # no time zone is printed: the local time is kept, no UTC time is guessed
    assert (h.started_at, h.started_local) == (None, "2012/05/07 03:40:07")
    assert [(s.seat, s.name, s.stack) for s in h.seats] == [
        (1, "Seat+1", 57), (3, "Seat+3 [ME]", 50), (5, "Seat+5", 51)]
    hilo = by_id["2844383701"].header
    assert (hilo.site, hilo.game, hilo.game_text, hilo.table) == (
        "Bovada", Game.STUD8, "7CARD HiLo Fixed Limit", "7794710")


_SMALL = """\
Bovada Hand #1 TBL#2 7CARD Fixed Limit - 2014-04-06 19:50:19
Seat+1: $20 in chips
Seat+2 [ME]: $20 in chips
Seat+1 : Ante chip $0.25
Seat+2 [ME] : Ante chip $0.25
*** 3RD STREET ***
Seat+1 : Card dealt to a spot [Ad Kd 2c]
Seat+2 [ME] : Card dealt to a spot [5c 6c Ks]
Seat+1 : Bring_in chip $0.50
Seat+2 [ME] : Raises $2 to $2
Seat+1 : Raises $3.50 to $4
Seat+2 [ME] : Folds
Seat+1 : Return uncalled portion of bet $2
Seat+1 : Does not show [Ad Kd 2c] (High Card)
Seat+1 : Hand result $4.50
*** SUMMARY ***
Total Pot($4.50) | Rake ($0)
Seat+1:  $4.50 [Does not show]
Seat+2:  Folded on the 3rd STREET
"""


def test_a_written_hand_raises_add_chips_and_their_totals_are_checked() -> None:
    hand = parse_hand(_SMALL)
    assert (hand.header.small_bet, hand.header.big_bet) == (200, 400)
    replayed = replay(hand)
    assert replayed.violations == ()
    assert replayed.nets == {"Seat+1": 225, "Seat+2 [ME]": -225}
    wrong = next(iter(parse_text(_SMALL.replace("Raises $3.50 to $4", "Raises $3.50 to $3.50"))))
    assert isinstance(wrong, ParseFailure)
    assert "'Raises $3.50 to $3.50': Seat+1 had 50 in on the street" in wrong.reason


def test_a_hand_without_a_sized_bet_is_read_with_unknown_stakes_and_unknown_games_fail() -> None:
    walk = _SMALL.replace("Seat+2 [ME] : Raises $2 to $2\nSeat+1 : Raises $3.50 to $4\n", "")
    walk = walk.replace("Return uncalled portion of bet $2", "Return uncalled portion of bet $0.50")
    walk = walk.replace("$4.50", "$0.50")
    hand = parse_hand(walk)  # every player folds to the bring-in: no bet shows the stakes
    assert (hand.header.small_bet, hand.header.big_bet) == (0, 0)
    replayed = replay(hand)
    assert replayed.violations == ()
    assert "bring-in.wrong-amount" in {u.rule for u in replayed.unverifiable}
    razz = next(iter(parse_text(_SMALL.replace("7CARD Fixed", "RAZZ Fixed"))))
    assert isinstance(razz, ParseFailure)
    assert "Bovada 'RAZZ': no source shows this game code" in razz.reason
    # a stud-looking hand under a hold'em header is not skipped as another game
    looks = next(iter(parse_text(_SMALL.replace("7CARD Fixed Limit", "HOLDEM No Limit"))))
    assert isinstance(looks, ParseFailure)
    assert "looks like stud" in looks.reason
    holdem = next(iter(parse_text(_HOLDEM)))
    assert isinstance(holdem, SkippedHand)
    assert holdem.game_text == "HOLDEM Fixed Limit"


# a flop game's hand: its big blind is posted as "Big blind/Bring in", which is no bring-in
_HOLDEM = """\
Bodog Hand #3 TBL#4 HOLDEM Fixed Limit - 2012-05-22 14:54:12
Seat 1: Dealer ($40 in chips)
Seat 3: Small Blind ($85 in chips)
Seat 5: Big Blind [ME] ($250 in chips)
Dealer : Set dealer/Bring in spot [1]
Small Blind : Ante/Small Blind $1
Big Blind  [ME] : Big blind/Bring in $2
*** HOLE CARDS ***
Dealer : Card dealt to a spot [Kh 2d]
Small Blind : Card dealt to a spot [4d 4s]
Big Blind  [ME] : Card dealt to a spot [Ad 2h]
Dealer : Folds
Small Blind : Folds
Big Blind  [ME] : Return uncalled portion of bet $1
Big Blind  [ME] : Hand result $2
*** SUMMARY ***
Total Pot($2) | Rake ($0)
Seat 1: Dealer Folded on the POCKET CARDS
Seat 3: Small Blind Folded on the POCKET CARDS
Seat 5: Big Blind $2 [Does not show]
"""
