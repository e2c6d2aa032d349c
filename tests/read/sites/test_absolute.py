"""Absolute Poker: the corpus hand read and replayed clean under the ``absolute`` profile.

Absolute repeats each player's pocket on every street ("Pocket [H H Js 10d]"),
hides cards as "H" and prints no table line for stud. The corpus is read in
place from ``../shared/corpus/Absolute``; players appear in the golden file by
seat (``s3``).
"""

from __future__ import annotations

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
from stud_hh.model.events import Deal, Game, Limit, PotSummary
from stud_hh.read.sites import ABSOLUTE, dialect_for
from stud_hh.read.sites.absolute import LINE_ORDER, SHAPES
from stud_hh.replay import replay
from stud_hh.rules import ShowdownFirst, Support, TieBreak

SITE = "Absolute"


def test_grammar_builds_with_strict_collision_checks() -> None:
    strict_grammar("absolute.lark")


def test_the_classifier_agrees_with_the_grammar_on_every_corpus_line() -> None:
    lines = corpus_lines(SITE)
    assert len(lines) > 80
    check_classifier("absolute.lark", SHAPES,
                     [LINE_ORDER, ("SEAT",), ("ANTE",), ("SEAT_SUMMARY",)], lines)


def test_the_site_is_detected_from_the_header_line() -> None:
    assert dialect_for("Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - "
                       "2009-03-18 19:10:00 (ET)") is ABSOLUTE
    assert dialect_for("Seat 1 - PLAYER1 ($0.17 in chips)") is None


@pytest.mark.parametrize("row", index_rows(SITE), ids=lambda r: r["file"])
def test_every_hand_of_each_absolute_file_is_read(row: dict[str, str]) -> None:
    parsed = check_file_is_read(row, SITE)
    assert all(not h.warnings for h in parsed)


def test_every_absolute_hand_replays_clean_under_its_profile() -> None:
    parsed = hands(SITE)
    assert len(parsed) == 1
    (replayed,) = check_clean(parsed, "absolute")
    # every board is printed, and every contender shows: nothing is left unverifiable but
    # the checks that need the table's size, which Absolute prints in no stud hand
    assert {u.rule for u in replayed.unverifiable} == {"seat.beyond-table", "table.over-full"}


def test_a_repeated_pocket_deals_only_the_new_card() -> None:
    (hand,) = hands(SITE)
    deals = [e for e in hand.events if isinstance(e, Deal)]
    # Hero folds on 3rd street: its pocket, repeated on 4th to 7th street, deals nothing
    assert [d.street for d in deals if d.player == "Hero"] == [3]
    river = [d for d in deals if d.street == 7]
    assert {d.player for d in river} == {"PLAYER1", "PLAYER3", "PLAYER6", "PLAYER7"}
    assert all(d.cards == (None,) and len(d.known) == 6 for d in river)  # "[H H Js 10d Kh 2c H]"


def test_the_profile_evidence() -> None:
    parsed = hands(SITE)
    absolute = rules.profile("absolute")
    # the engine gives the odd chip of a high/low split to the high half; the hand does too
    assert absolute.support("odd_chip") is Support.DECIDES
    assert replay(parsed[0]).collected == {"PLAYER3": 19, "PLAYER6": 20}
    assert absolute.support("showdown_first") is Support.CONSISTENT
    for setting in ("bring_in_tie_break", "board_tie_break", "heads_up_uncapped", "max_bets",
                    "half_bet_reopens", "open_pair_big_bet"):
        assert absolute.support(setting) is Support.NONE, setting
    for change in ({"bring_in_tie_break": TieBreak.POSITION},
                   {"board_tie_break": TieBreak.SUIT},
                   {"heads_up_uncapped": False, "max_bets": 1}, {"half_bet_reopens": False},
                   {"showdown_first": ShowdownFirst.RIVER_BETTOR_ELSE_TOGETHER}):
        assert flipped("absolute", parsed, **change) == [], change


def test_golden_events_pots_and_split() -> None:
    (hand,) = hands(SITE)
    expected = (GOLDEN / "absolute_stud8_split.events").read_text(encoding="utf-8")
    assert [hand.hand_id, *compact(hand)] == expected.splitlines()
    replayed = replay(hand)
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners_high, pot.winners_low) == (43, ("PLAYER6",), ("PLAYER3",))
    assert pot.eligible == ("PLAYER1", "PLAYER3", "PLAYER6", "PLAYER7")
    assert replayed.rake == 4
    assert replayed.nets == {"PLAYER1": -10, "PLAYER2": -1, "PLAYER3": 9, "Hero": -1,
                             "PLAYER5": -1, "PLAYER6": 10, "PLAYER7": -10}
    assert next(e for e in hand.events if isinstance(e, PotSummary)).total == 43


def test_header_fields() -> None:
    (hand,) = hands(SITE)
    h = hand.header
    assert (h.site, h.hand_id, h.game, h.game_text, h.limit) == (
        "Absolute", "1300000000", Game.STUD8, "Seven Card Hi/Lo Normal", Limit.FIXED)
    assert (h.small_bet, h.big_bet, h.currency, h.scale) == (2, 4, "USD", 100)
    assert (h.table, h.max_seats) == ("", None)  # a stud hand prints neither
    assert h.started_local == "2009/03/18 19:10:00 ET"
    assert h.started_at is not None
    assert h.started_at.isoformat() == "2009-03-18T23:10:00+00:00"  # EDT that day
    assert len(h.seats) == 7


_SMALL = """\
Stage #1: Seven Card Hi/Lo  Normal $1/$2 - 2009-01-18 19:10:00 (ET)
Seat 1 - Ann ($20 in chips)
Seat 2 - Bob Two ($20 in chips)
Ann - Ante $0.10
Bob Two - Ante $0.10
*** 3rd STREET ***
Ann - Pocket [2c 3c 4c]
Bob Two - Pocket [H H Kd]
Ann - Bring-In $0.50
Bob Two - Calls $0.50
*** 4TH STREET ***
Ann - Pocket [2c 3c 4c 5d]
Bob Two - Pocket [H H Kd Ks]
Bob Two - Checks
Ann - Checks
*** 5TH STREET ***
Ann - Pocket [2c 3c 4c 5d 9h]
Bob Two - Pocket [H H Kd Ks 8s]
Bob Two - Checks
Ann - Checks
*** 6TH STREET ***
Ann - Pocket [2c 3c 4c 5d 9h 10h]
Bob Two - Pocket [H H Kd Ks 8s 7s]
Bob Two - Checks
Ann - Checks
*** RIVER ***
Ann - Pocket [2c 3c 4c 5d 9h 10h Ah]
Bob Two - Pocket [H H Kd Ks 8s 7s H]
Bob Two - Checks
Ann - Checks
*** SHOW DOWN ***
Bob Two - Shows [Qd Qh Kd Ks 8s 7s Jd] (Two Pair, kings and queens)
Ann - Shows [2c 3c 4c 5d 9h 10h Ah] (Straight, five high)
Ann Collects $1.20 from main pot
*** SUMMARY ***
Total Pot($1.20) | Rake ($0)
Seat 1: Ann won Total ($1.20) HI:with Straight, five high [2c 3c 4c 5d 9h 10h Ah - B:5d]
Seat 2: Bob Two HI:lost with Two Pair, kings and queens [Qd Qh Kd Ks 8s 7s Jd - B:Ks]
"""


def test_a_written_hand_with_a_name_with_spaces_and_a_scoop() -> None:
    hand = parse_hand(_SMALL)
    assert hand.header.started_at is not None
    assert hand.header.started_at.isoformat() == "2009-01-19T00:10:00+00:00"  # EST
    replayed = replay(hand)
    assert replayed.violations == ()
    (pot,) = replayed.pots
    assert (pot.winners_high, pot.winners_low) == (("Ann",), ("Ann",))  # the wheel scoops
    assert replayed.nets == {"Ann": 60, "Bob Two": -60}


def test_a_changed_pocket_is_card_changed_and_unknown_games_fail_by_name() -> None:
    """A pocket line that repeats earlier cards differently is the engine's card.changed at
    that line (as at every site whose deal lines repeat cards)."""
    changed = _SMALL.replace("[2c 3c 4c 5d 9h]", "[2c 3c 5c 6c 9h]")
    line = changed.split("\n").index("Ann - Pocket [2c 3c 5c 6c 9h]") + 1
    hand = next(iter(parse_text(changed)))
    assert isinstance(hand, ParsedHand)
    found = [(v.rule, v.line) for v in replay(hand).violations]
    assert found == [("card.changed", line), ("card.changed", line)]  # 4c and 5d
    shorter = next(iter(parse_text(_SMALL.replace("Ann - Pocket [2c 3c 4c 5d 9h]",
                                                  "Ann - Pocket [2c 3c 4c]"))))
    assert isinstance(shorter, ParseFailure)  # it deals nothing, so no deal to check
    assert "Ann's pocket [2c 3c 4c] does not repeat the cards printed before" in (
        shorter.reason)
    five = next(iter(parse_text(_SMALL.replace("Seven Card Hi/Lo", "Five Card Stud"))))
    assert isinstance(five, ParseFailure)
    assert "Absolute 'Five Card Stud': no source shows this game name" in five.reason
    holdem = ("Stage #2: Holdem  No Limit $0.02 - 2009-08-05 15:24:06 (ET)\n"
              "Seat 1 - A ($1 in chips)\n")
    assert isinstance(next(iter(parse_text(holdem))), SkippedHand)
