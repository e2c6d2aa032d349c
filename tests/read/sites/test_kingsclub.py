"""KingsClub: every corpus hand read, clean under the ``kingsclub`` profile, results as printed.

KingsClub's streets are shifted by one (3rd street has no header, ``*** 3RD
STREET ***`` opens 4th street) except in its later files; its amounts are
street totals; it returns a bet nobody called without a line and prints one
``wins pot`` line for all the pots. Each seat's printed result must be the
net the replay finds, except where the site prints no award for a side pot.
The corpus is read in place from ``../shared/corpus/KingsClub`` (never copied);
these tests skip with a message when it is absent.
"""

from __future__ import annotations

import csv
import dataclasses
import re
from pathlib import Path

import pytest
import test_rules
from conftest import CORPUS_DIR, CORPUS_MISSING
from lark import Lark
from test_parse_stars import GOLDEN, compact
from test_winning import assert_classifier_agrees, corpus_lines

from stud_hh import (
    ParsedHand,
    ParseFailure,
    SkippedHand,
    parse_file,
    parse_hand,
    parse_text,
    rules,
)
from stud_hh.model.events import (
    Collect,
    Game,
    Limit,
    SeatSummary,
    ShowdownStart,
    Street,
    StreetStart,
)
from stud_hh.model.money import parse_amount
from stud_hh.read.grammars import grammar_folder, grammar_text
from stud_hh.read.sites import KINGSCLUB, dialect_for
from stud_hh.read.sites import kingsclub as kc
from stud_hh.replay import replay
from stud_hh.rules import Support, TieBreak

KC = CORPUS_DIR / "KingsClub"
STUD = "7-Stud-USD-44-88-202010.txt"
FIXED = "7-StudHL-USD-44-88-202203.fixed.streets.txt"
RAZZ_POTS = "Razz-USD-500-100-202101.multi.pot.failure.txt"
RAZZ27_POTS = "2-7 Razz-USD-500-1000-202102.multi.pot.failure.txt"

UNPRINTED_AWARDS = {
    "3703449": ("Player1", 267450),
}
"""Hands where the site prints no ``wins`` line for a pot: the side pot Player1 takes
uncontested (Hero folded, Player2 all-in for less) shows only in the end stacks."""

DATA_FAULT = "3703449"
"""The 2-7 razz multi.pot.failure hand: its side pot is awarded in no printed line, so the
money put in is not what is collected, and the pot has no winner: the audit flags both."""


def _kc() -> Path:
    if not KC.is_dir():
        pytest.skip(CORPUS_MISSING)
    return KC


def _rows() -> list[dict[str, str]]:
    if not CORPUS_DIR.is_dir():
        return []
    with (CORPUS_DIR / "INDEX.csv").open(encoding="utf-8") as f:
        return [row for row in csv.DictReader(f) if row["file"].startswith("KingsClub/")]


def _hands() -> list[ParsedHand]:
    return [r for path in sorted(_kc().glob("*.txt")) for r in parse_file(path)
            if isinstance(r, ParsedHand)]


def _hand(name: str) -> ParsedHand:
    (hand,) = [r for r in parse_file(_kc() / name) if isinstance(r, ParsedHand)]
    return hand


def test_grammar_builds_with_strict_collision_checks() -> None:
    pytest.importorskip("interegular", reason="strict mode needs interegular (a dev dependency)")
    Lark(grammar_text("kingsclub.lark"), parser="lalr",
         import_paths=[grammar_folder()], lexer="contextual", strict=True)


_TERMINALS = {"DEAL": "_DEAL", "UNCALLED": "_UNCALLED", **{
    kind: f'_NAME " " _{kind} "\\n"'
    for kind in ("BRING_IN", "BET", "RAISE", "CALL", "CHECK", "FOLD", "SHOW")}}


def test_the_classifier_agrees_with_the_grammar_on_every_corpus_line() -> None:
    lines = corpus_lines(_kc())
    assert len(lines) > 300
    assert_classifier_agrees("kingsclub.lark", _TERMINALS, kc.SHAPES, kc.LINE_ORDER, lines)


def test_the_site_is_detected_from_its_first_line() -> None:
    assert dialect_for("#40091899: Limit 2-7 Razz - 22/44") is KINGSCLUB
    assert dialect_for("#Game No : 11792805420") is not KINGSCLUB
    assert dialect_for("#12 is not a hand") is None


@pytest.mark.parametrize("row", _rows(), ids=lambda r: r["file"])
def test_every_hand_of_each_file_is_read(row: dict[str, str]) -> None:
    results = list(parse_file(CORPUS_DIR / row["file"]))
    failures = [r for r in results if isinstance(r, ParseFailure)]
    assert not failures, "\n".join(str(f.error) for f in failures)
    assert not [r for r in results if isinstance(r, SkippedHand)]
    parsed = [r for r in results if isinstance(r, ParsedHand)]
    assert len(parsed) == len(results) == int(row["hands"])
    assert {h.header.site for h in parsed} == {"KingsClub"}
    assert all(h.warnings == () for h in parsed)


def test_every_hand_replays_clean_but_the_unprinted_side_pot() -> None:
    hands = _hands()
    assert len(hands) == 7
    problems = [f"{v.path}:{v.line} [hand {v.hand_id}] {v.rule}: {v.message}"
                for hand in hands if hand.hand_id != DATA_FAULT for v in replay(hand).violations]
    assert problems == []
    assert {replay(h).profile for h in hands} == {"kingsclub"}
    assert {h.hand_id for h in hands if h.header.game is Game.RAZZ_27} == {"40091899", DATA_FAULT}
    assert not any(u.rule == "game.not-audited" for h in hands for u in replay(h).unverifiable)


_RESULT = re.compile(r"\((?P<stack>[\d.,]+)\) (?P<net>[+-]?[\d.,]+)")


def _printed_results(hand: ParsedHand) -> dict[str, int]:
    """Each seat's result as the summary prints it (``Seat 1: X (2,086.96) +259.64``)."""
    found = {}
    for summary in (e for e in hand.events if isinstance(e, SeatSummary)):
        m = _RESULT.search(summary.text)
        assert m is not None, summary.text
        net = parse_amount(m["net"].lstrip("+-"), 100)
        found[summary.player] = -net if m["net"].startswith("-") else net
    return found


def test_each_seat_ends_with_the_result_the_site_prints() -> None:
    for hand in _hands():
        nets = replay(hand).nets
        printed = _printed_results(hand)
        if hand.hand_id in UNPRINTED_AWARDS:
            player, award = UNPRINTED_AWARDS[hand.hand_id]
            assert printed[player] - nets[player] == award
            nets = {**nets, player: nets[player] + award}
        assert nets == printed, hand.hand_id


def test_the_unprinted_side_pot_is_recorded_never_made_up() -> None:
    hand = _hand(RAZZ27_POTS)
    assert [(c.player, c.amount) for c in hand.events if isinstance(c, Collect)] == [
        ("Player2", 561325)]
    replayed = replay(hand)
    main, side = replayed.pots
    assert (main.amount, main.eligible) == (561325, ("Player1", "Player2"))
    assert (side.amount, side.eligible, side.winners_high) == (267450, ("Player1",), ("Player1",))
    assert replayed.uncalled == {"Player1": 100000}
    # one fault, the side pot paid in no line: the award is its root cause, the money that
    # does not balance its consequence (the balance is checked last, on what the award left)
    assert [(v.rule, v.line, v.message, v.follows_line, v.follows_rule)
            for v in replayed.violations] == [
        ("pot.wrong-winner", 54, "the pots went to Player2; the cards give one to Player1",
         None, None),
        ("pot.not-balanced", 54, "players put in 8,287.75 after uncalled bets; 5,613.25 was "
         "collected and the rake is 0", 54, "pot.wrong-winner")]


def test_one_wins_line_for_both_pots_and_a_bet_returned_without_a_line() -> None:
    hand = _hand(RAZZ_POTS)
    replayed = replay(hand)
    assert [(p.amount, p.eligible) for p in replayed.pots] == [
        (190000, ("Player3", "Player4")), (220000, ("Player4",))]
    assert replayed.uncalled == {"Player4": 100000}  # the 5th-street bet Player1 folded to
    assert replayed.collected == {"Player4": 410000}
    assert replayed.nets["Player4"] == 285000
    # the main pot's winner cannot be checked: Player3's 7th-street card is never shown;
    # nor the uncalled bet, which the site returns without a line
    # (and, the table's size not printed, whether it seats more than it holds)
    assert {u.rule for u in replayed.unverifiable} == {"pot.wrong-winner", "pot.uncalled-wrong",
                                                       "seat.beyond-table", "table.over-full"}


# -- the shifted streets --------------------------------------------------------------------


def test_streets_shifted_by_one_and_the_fixed_file() -> None:
    shifted = [(e.line, e.street) for e in _hand(STUD).events if isinstance(e, StreetStart)]
    # 3rd street opens at its first card (line 16); "*** 3RD STREET ***" (line 31) opens 4th
    assert shifted == [(16, Street.THIRD), (31, Street.FOURTH), (38, Street.FIFTH),
                       (43, Street.SIXTH), (48, Street.SEVENTH)]
    fixed = [(e.line, e.street) for e in _hand(FIXED).events if isinstance(e, StreetStart)]
    # the later file names its streets as they are, from "*** 3RD STREET ***" to 7TH
    assert fixed == [(18, Street.THIRD), (34, Street.FOURTH), (41, Street.FIFTH),
                     (46, Street.SIXTH), (51, Street.SEVENTH)]


_WRITTEN = """\
#1: Limit Seven Card Stud - 40/80
2021-01-02 15:52:36
Table 'Test'
Seat 1: Ann Lee (1,000)
Seat 6: Bob (1,000)
Ann Lee: posts ante 10
Bob: posts ante 10
Dealt to Ann Lee: [X X Td]
Dealt to Bob: [Qh 4s Qs]
Ann Lee brings in for 10
Bob bets 40
Ann Lee calls 40
*** 3RD STREET ***
Dealt to Ann Lee: [Ks]
Dealt to Bob: [3d]
Ann Lee checks
Bob checks
*** 4TH STREET ***
Dealt to Ann Lee: [5d]
Dealt to Bob: [6h]
Ann Lee checks
Bob checks
*** 5TH STREET ***
Dealt to Ann Lee: [6d]
Dealt to Bob: [As]
Bob checks
Ann Lee checks
*** 6TH STREET ***
Dealt to Ann Lee: [X]
Dealt to Bob: [Kd]
Bob bets 80
Ann Lee calls 80
Bob shows [4s Qh Qs 3d 6h As Kd]
Ann Lee shows [7s Ts Td Ks 5d 6d Kh]
*** SUMMARY ***
Seat 1: Ann Lee (1,129) +129
Seat 6: Bob (870) -130
Rake 1
Ann Lee wins pot (259)
"""


def test_a_written_hand_with_a_name_with_a_space() -> None:
    hand = parse_hand(_WRITTEN)
    replayed = replay(hand)
    assert replayed.violations == ()
    assert replayed.nets == _printed_results(hand) == {"Ann Lee": 12900, "Bob": -13000}
    assert [e.line for e in hand.events if isinstance(e, ShowdownStart)] == [33]


def test_the_showing_order_is_checked_from_the_first_hand_shown_on_7th() -> None:
    swapped = _WRITTEN.replace("Bob shows [4s Qh Qs 3d 6h As Kd]\nAnn Lee shows "
                               "[7s Ts Td Ks 5d 6d Kh]", "Ann Lee shows [7s Ts Td Ks 5d 6d Kh]\n"
                               "Bob shows [4s Qh Qs 3d 6h As Kd]")
    assert [(v.rule, v.line) for v in replay(parse_hand(swapped)).violations] == [
        ("showdown.wrong-order", 34)]


def test_a_7th_street_header_where_the_streets_are_shifted_is_a_named_failure() -> None:
    late = _WRITTEN.replace("Bob bets 80", "*** 7TH STREET ***\nBob bets 80")
    (failure,) = list(parse_text(late))
    assert isinstance(failure, ParseFailure)
    assert failure.reason == ("a 7th street header in a hand whose headers come one street "
                              "late: there is no street after 7th")
    assert failure.line == 31


# -- golden hand, headers -------------------------------------------------------------------


def test_golden_events_pot_and_winner() -> None:
    hand = _hand(STUD)
    expected = (GOLDEN / "kingsclub_stud_shifted_streets.events").read_text(encoding="utf-8")
    assert [hand.hand_id, *compact(hand)] == expected.splitlines()
    replayed = replay(hand)
    (pot,) = replayed.pots
    assert (pot.amount, pot.eligible, pot.winners_high) == (129960, ("Player3", "Player4"),
                                                            ("Player3",))
    assert (replayed.rake, replayed.collected) == (500, {"Player3": 129460})
    assert [(a.player, a.kind.value, a.total, a.level) for a in replayed.actions
            if a.street == 3] == [
        ("Player0", "bring_in", 3316, 0), ("Player1", "fold", 0, 0),
        ("Player2", "complete", 4400, 1), ("Player3", "raise", 7716, 2),
        ("Player4", "raise", 12116, 3), ("Hero", "fold", 0, 3), ("Player0", "fold", 3316, 3),
        ("Player2", "call", 12116, 3), ("Player3", "call", 12116, 3)]


def test_header_fields() -> None:
    h = _hand("2-7 Razz-USD-22-44-202101.txt").header
    assert (h.site, h.hand_id, h.game, h.game_text, h.limit) == (
        "KingsClub", "40091899", Game.RAZZ_27, "Limit 2-7 Razz", Limit.FIXED)
    # club chips: no currency; the amounts have cents (16.58), so a unit is a hundredth
    assert (h.small_bet, h.big_bet, h.currency, h.scale, h.play_money) == (
        2200, 4400, None, 100, False)
    assert (h.table, h.max_seats, h.started_at, h.started_local) == (
        "Crazy Anti-Nit Mix", None, None, "2021-01-06 07:03:50")
    assert h.seats[0].stack == 182732
    games = {_hand(name).header.game for name in (STUD, FIXED, "Razz-USD-40-80-202101.txt")}
    assert games == {Game.STUD, Game.STUD8, Game.RAZZ}
    assert _hand(RAZZ_POTS).header.small_bet == 50000


# -- the profile ---------------------------------------------------------------------------


def _flipped(**change: object) -> list[tuple[str, str]]:
    """(hand id, rule) of every violation with one ``kingsclub`` setting changed, but the
    data fault's own two."""
    name = "_kingsclub_flipped"
    rules.PROFILES[name] = dataclasses.replace(rules.PROFILES["kingsclub"], name=name, **change)
    fault = {(DATA_FAULT, "pot.not-balanced"), (DATA_FAULT, "pot.wrong-winner")}
    try:
        return sorted({(h.hand_id, v.rule) for h in _hands()
                       for v in replay(h, name).violations} - fault)
    finally:
        del rules.PROFILES[name]


def test_the_settings_the_evidence_calls_deciding_are_decided() -> None:
    kings = rules.profile("kingsclub")
    test_rules.test_site_evidence_names_real_fields_and_says_when_nothing_decides("kingsclub")
    assert _flipped() == []
    assert kings.support("bring_in_is_bet") is Support.DECIDES
    assert _flipped(bring_in_is_bet=False) == [
        ("3537921", "bet.wrong-size"), ("37581152", "bet.wrong-size"),
        ("40091899", "bet.wrong-size")]
    assert kings.support("prints.uncalled") is Support.DECIDES
    assert _flipped(prints=rules.USUAL) == [
        ("3537921", "pot.not-balanced"), ("3537921", "pot.uncalled-wrong"),
        ("3703449", "pot.uncalled-wrong"), ("39969356", "pot.not-balanced"),
        ("39969356", "pot.uncalled-wrong"), ("40091899", "pot.not-balanced"),
        ("40091899", "pot.uncalled-wrong")]
    assert kings.support("bring_in_tie_break") is Support.DECIDES
    assert _flipped(bring_in_tie_break=TieBreak.POSITION) == [
        ("49595550", "bring-in.wrong-player")]
    assert kings.support("open_pair_big_bet") is Support.DECIDES
    assert _flipped(open_pair_big_bet=frozenset()) == [("37581152", "bet.wrong-size")]
    assert kings.support("half_bet_reopens") is Support.OTHER_GAME
    assert _flipped(half_bet_reopens=False) == [("3703449", "bet.wrong-size")]
    assert kings.support("max_bets") is Support.CONSISTENT
    assert _flipped(max_bets=2) == [("3703449", "raise.over-cap"),
                                    ("37581152", "raise.over-cap")]
    assert _flipped(max_bets=3) == [("3703449", "raise.over-cap")]


def test_the_settings_no_hand_decides_say_so() -> None:
    kings = rules.profile("kingsclub")
    for setting, change in (("board_tie_break", {"board_tie_break": TieBreak.SUIT}),
                            ("heads_up_uncapped", {"heads_up_uncapped": False})):
        assert kings.support(setting) is Support.NONE, setting
        assert _flipped(**change) == [], setting
    assert kings.support("odd_chip") is Support.NONE
    assert kings.support("showdown_first") is Support.CONSISTENT
