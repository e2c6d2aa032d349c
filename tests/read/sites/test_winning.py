"""Winning Poker Network / ACR: both formats read, clean under the ``winning`` profile.

The 2016 client (UTF-16, late street headers, amounts added, results only in
the summary) and the client of 2019 on (PokerStars-like) are two dialects of
one site. The corpus is read in place from ``../shared/corpus/Winning`` (never
copied); these tests skip with a message when it is absent. Golden files name
players by seat (``s5``).
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
from lark import lexer as lark_lexer
from test_parse_stars import GOLDEN, compact

from stud_hh import ParsedHand, ParseFailure, SkippedHand, parse_file, parse_hand, rules
from stud_hh.model.events import (
    Announcement,
    Collect,
    Deal,
    Game,
    Limit,
    Raise,
    SeatSummary,
    Show,
    Street,
    StreetStart,
)
from stud_hh.model.money import parse_amount
from stud_hh.read.grammars import grammar_folder, grammar_text
from stud_hh.read.parse import parse_text
from stud_hh.read.reader import read_hands
from stud_hh.read.sites import WINNING, WINNING_2016, dialect_for, starts_hand
from stud_hh.read.sites import winning as wpn
from stud_hh.replay import replay
from stud_hh.rules import OddChip, OddChipTie, PotHalf, ShowdownFirst, Support, TieBreak

WPN = CORPUS_DIR / "Winning"
OLD_STUD = "7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"
OLD_HL = "7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"
NEW_STUD = "7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt"
ACR_HL = "_other_repos/acr_HAND_7CARD_STUD_HILO.txt"

SITE_TRUNCATED = {
    (OLD_HL, 51): "the file ends after the seat lines of hand 693976187 (no ante, no card, "
                  "no summary): the site cut it short; FPDB reads 1 of the file's 2 hands",
}
"""Hands the site itself cut short, by file and last line: each must be a failure record."""


def _wpn() -> Path:
    if not WPN.is_dir():
        pytest.skip(CORPUS_MISSING)
    return WPN


def _rows() -> list[dict[str, str]]:
    if not CORPUS_DIR.is_dir():
        return []
    with (CORPUS_DIR / "INDEX.csv").open(encoding="utf-8") as f:
        return [row for row in csv.DictReader(f) if row["file"].startswith("Winning/")]


def _hands() -> list[ParsedHand]:
    return [r for path in sorted(_wpn().rglob("*.txt")) for r in parse_file(path)
            if isinstance(r, ParsedHand)]


def _hand(name: str, index: int = 0) -> ParsedHand:
    return [r for r in parse_file(_wpn() / name) if isinstance(r, ParsedHand)][index]


# -- grammars and line shapes ----------------------------------------------------------


@pytest.mark.parametrize("grammar", ["winning.lark", "winning_2016.lark"])
def test_grammar_builds_with_strict_collision_checks(grammar: str) -> None:
    pytest.importorskip("interegular", reason="strict mode needs interegular (a dev dependency)")
    Lark(grammar_text(grammar), parser="lalr",
         import_paths=[grammar_folder()], lexer="contextual", strict=True)


def grammar_shapes(grammar: str, terminals: dict[str, str]) -> dict[str, re.Pattern[str]]:
    """Each line shape as the grammar file itself compiles it: ``terminals`` maps a
    shape's name to its expression in the grammar (``_NAME " " _BET "\\n"``)."""
    probe = "probe: " + " | ".join(f"P_{kind}" for kind in terminals) + "\n"
    probe += "".join(f"P_{kind}.1: {expression}\n" for kind, expression in terminals.items())
    # only the compiled regexes are wanted: skip lark's slow overlap scan (PERFORMANCE.md)
    saved, lark_lexer.has_interegular = lark_lexer.has_interegular, False
    try:
        parser = Lark(grammar_text(grammar) + "\n" + probe, parser="lalr",
                      import_paths=[grammar_folder()], lexer="basic",
                      start="probe")
    finally:
        lark_lexer.has_interegular = saved
    found = {t.name[2:]: re.compile(t.pattern.to_regexp()) for t in parser.terminals
             if t.name.startswith("P_")}
    assert set(found) == set(terminals)
    return found


def corpus_lines(folder: Path) -> list[str]:
    """Every line of every hand of the history files in ``folder``, as the reader gives it."""
    return [line for path in sorted(folder.rglob("*.txt"))
            for raw in read_hands(path, starts_hand) for line in raw.text.splitlines()]


def assert_classifier_agrees(grammar: str, terminals: dict[str, str],
                             shapes: dict[str, re.Pattern[str]], order: tuple[str, ...],
                             lines: list[str]) -> None:
    """The site's classifier takes, on every line, the grammar's decision: the first
    shape of ``order`` that the grammar's own regex accepts (or none)."""
    assert set(shapes) == set(terminals) == set(order)
    compiled = grammar_shapes(grammar, terminals)
    for line in lines:
        ours = next((kind for kind in order if shapes[kind].fullmatch(line)), None)
        theirs = next((kind for kind in order if compiled[kind].fullmatch(line + "\n")), None)
        assert ours == theirs, line


_ACTIONS = ("BRING_IN", "BET", "RAISE", "CALL", "CHECK", "FOLD")
_TERMINALS = {"POT": "_POT", "DEAL": "_DEAL", "UNCALLED": "_UNCALLED", "COLLECT": "_COLLECT",
              **{kind: f'_NAME " " _{kind} "\\n"'
                 for kind in (*_ACTIONS, "SHOW", "NO_SHOW", "MUCK")}}
_TERMINALS_2016 = {"DEAL": "_DEAL", "HIDDEN": "_HIDDEN", "UNCALLED": "_UNCALLED",
                   **{kind: f'"Player " _NAME " " _{kind} "\\n"'
                      for kind in (*_ACTIONS, "CAPS", "ALLIN", "ALLIN_BARE", "MUCK")}}


def test_the_classifiers_agree_with_the_grammars_on_every_corpus_line() -> None:
    lines = corpus_lines(_wpn())
    assert len(lines) > 300
    assert_classifier_agrees("winning.lark", _TERMINALS, wpn.SHAPES, wpn.LINE_ORDER, lines)
    assert_classifier_agrees("winning_2016.lark", _TERMINALS_2016, wpn.SHAPES_2016,
                             wpn.LINE_ORDER_2016, lines)


def test_each_format_is_detected_from_its_first_line() -> None:
    assert dialect_for("Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 "
                       "16:15:58 UTC") is WINNING
    assert dialect_for("Game started at: 2016/8/2 11:17:19") is WINNING_2016
    assert dialect_for("Game ID: 693977667 1/2 (PRR) Leyak (Seven Cards Stud)") is None
    assert WINNING.name == WINNING_2016.name == "Winning Poker Network"
    (stray,) = list(parse_text("no hand here\n"))
    assert isinstance(stray, ParseFailure)
    assert stray.reason.count("Winning Poker Network") == 1  # one site, two dialects


# -- every corpus hand -------------------------------------------------------------------


@pytest.mark.parametrize("row", _rows(), ids=lambda r: r["file"])
def test_every_hand_of_each_file_is_read_or_a_named_failure(row: dict[str, str]) -> None:
    name = row["file"].removeprefix("Winning/")
    results = list(parse_file(CORPUS_DIR / row["file"]))
    assert not [r for r in results if isinstance(r, SkippedHand)]
    failures = {(name, r.last_line): r for r in results if isinstance(r, ParseFailure)}
    assert set(failures) == {key for key in SITE_TRUNCATED if key[0] == name}
    for failure in failures.values():
        assert failure.reason.startswith("truncated hand"), failure.reason
        assert failure.site == "Winning Poker Network"
    parsed = [r for r in results if isinstance(r, ParsedHand)]
    assert len(parsed) + len(failures) == int(row["hands"])
    assert {h.header.site for h in parsed} == {"Winning Poker Network"}
    assert all(h.warnings == () for h in parsed), [h.warnings for h in parsed]


def test_every_hand_replays_clean_under_the_winning_profile() -> None:
    hands = _hands()
    assert len(hands) == 7
    problems = [f"{v.path}:{v.line} [hand {v.hand_id}] {v.rule}: {v.message}"
                for hand in hands for v in replay(hand).violations]
    assert problems == []
    assert {replay(h).profile for h in hands} == {"winning"}
    # nothing unverifiable, but the table's size where the 2016 client prints none
    assert all({u.rule for u in replay(h).unverifiable}
               <= ({"seat.beyond-table", "table.over-full"} if h.header.max_seats is None
                   else set()) for h in hands)


_RESULT = re.compile(r"Bets: [\d.]+\. Collects: [\d.]+\. "
                     r"(?P<sign>Wins|Loses): (?P<net>\d+(?:\.\d+)?)")


def test_the_2016_summaries_print_the_results_the_replay_finds() -> None:
    hands = [h for h in _hands() if h.header.started_at is None]
    assert len(hands) == 5
    for hand in hands:
        printed = {}
        for summary in (e for e in hand.events if isinstance(e, SeatSummary)):
            m = _RESULT.search(summary.text)
            assert m is not None, summary.text
            net = parse_amount(m["net"], 100)
            printed[summary.player] = net if m["sign"] == "Wins" else -net
        assert replay(hand).nets == printed, hand.hand_id


# -- the late street headers of 2016 ---------------------------------------------------------


def test_the_2016_street_headers_open_the_street_after_the_one_they_name() -> None:
    hand = _hand(OLD_STUD, 2)
    starts = [(e.line, e.street) for e in hand.events if isinstance(e, StreetStart)]
    # 3rd street opens at its first card (line 72); "*** Third street ***" (line 80) stands
    # where 4th street's cards begin, ... "*** Sixth street ***" (line 96) opens 7th
    assert starts == [(72, Street.THIRD), (80, Street.FOURTH), (85, Street.FIFTH),
                      (91, Street.SIXTH), (96, Street.SEVENTH)]
    bets = [(e.line, e.player, e.by, e.to) for e in hand.events if isinstance(e, Raise)]
    assert bets == [(89, "Nee", 200, 400)]  # 5th street's big bet, raised: "raises (4)"
    seventh = [e for e in hand.events if isinstance(e, Deal) and e.street is Street.SEVENTH]
    assert [(d.player, d.cards, d.face_up) for d in seventh] == [
        ("ChazDazzle", ("7h",), (False,)), ("Nee", (None,), (False,))]


_WRITTEN_2016 = """\
Game started at: 2016/8/2 11:17:19
Game ID: 1 1/2 (PRR) Table (Seven Cards Stud)
Seat 1: Ann Lee (10).
Seat 5: Bob (50).
Player Ann Lee ante (0.15)
Player Bob ante (0.15)
Player Ann Lee received card: [5d]
Player Ann Lee received card: [Ah]
Player Bob received a card.
Player Bob received a card.
Player Ann Lee received card: [Jh]
Player Bob received card: [2d]
Player Bob bring in (0.40)
Player Ann Lee raises (1)
Player Bob calls (0.60)
*** Third street ***
Player Ann Lee received card: [10d]
Player Bob received card: [5c]
Player Ann Lee bets (1)
Player Bob folds
Uncalled bet (1) returned to Ann Lee
Player Ann Lee mucks cards
------ Summary ------
Pot: 2.30. Rake 0
*Player Ann Lee mucks (does not show cards). Bets: 1.15. Collects: 2.30. Wins: 1.15.
Player Bob does not show cards.Bets: 1.15. Collects: 0. Loses: 1.15.
Game ended at: 2016/8/2 11:17:41
"""


def test_a_written_2016_hand_with_a_name_with_a_space() -> None:
    hand = parse_hand(_WRITTEN_2016)
    assert replay(hand).violations == ()
    assert replay(hand).nets == {"Ann Lee": 115, "Bob": -115}
    completion = next(e for e in hand.events if isinstance(e, Raise))
    assert (completion.player, completion.by, completion.to) == ("Ann Lee", 60, 100)


def test_a_2016_header_out_of_place_is_a_named_failure() -> None:
    twice = _WRITTEN_2016.replace("Player Ann Lee bets (1)",
                                  "*** Third street ***\nPlayer Ann Lee bets (1)")
    (failure,) = list(parse_text(twice))
    assert isinstance(failure, ParseFailure)
    assert failure.reason == ("a header for 4th street where 5th street is due (its headers "
                              "come one street late)")
    assert failure.line == 19


def test_a_summary_bets_total_that_disagrees_is_a_warning_not_a_repair() -> None:
    hand = parse_hand(_WRITTEN_2016.replace("Bets: 1.15. Collects: 0.",
                                            "Bets: 1.25. Collects: 0."))
    assert hand.warnings == ("line 26: the summary says Bob bet 1.25; the actions put in "
                             "115 units",)


# -- golden hands, one per format --------------------------------------------------------------


def test_golden_2016_split_pot_with_its_odd_cent() -> None:
    hand = _hand(OLD_HL)
    expected = (GOLDEN / "winning_2016_stud8_split.events").read_text(encoding="utf-8")
    assert [hand.hand_id, *compact(hand)] == expected.splitlines()
    replayed = replay(hand)
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners_high, pot.winners_low) == (725, ("KickAzzJohnny",),
                                                               ("ChazDazzle",))
    assert (replayed.rake, replayed.collected) == (20, {"ChazDazzle": 353, "KickAzzJohnny": 352})
    assert replayed.nets == {"Diamonds4ever": -15, "ChazDazzle": -2, "KickAzzJohnny": -3}


def test_golden_2019_hand_won_without_a_showdown() -> None:
    hand = _hand(NEW_STUD)
    expected = (GOLDEN / "winning_2019_stud_no_showdown.events").read_text(encoding="utf-8")
    assert [hand.hand_id, *compact(hand)] == expected.splitlines()
    replayed = replay(hand)
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners_high) == (37, ("Player2",))
    assert (replayed.rake, replayed.uncalled, replayed.collected) == (1, {"Player2": 8},
                                                                     {"Player2": 36})
    assert replayed.nets == {"Hero": -13, "Player0": -5, "Player1": -5, "Player2": 23,
                             "Player3": -1}
    running = [e.text for e in hand.events if isinstance(e, Announcement)]
    assert running[:2] == ["Main pot $0.05 | Rake $0.00", "Main pot $0.21 | Rake $0.00"]
    assert len(running) == 5


def test_acr_2023_main_and_side_pot_split_high_and_low() -> None:
    hand = _hand(ACR_HL)
    replayed = replay(hand)
    main, side = replayed.pots
    assert (main.winners_high, main.winners_low) == (("KickShorty",), ("AzRic",))
    assert (side.eligible, side.winners_high, side.winners_low) == (
        ("AzRic", "fuggins", "KickShorty", "brady888"), ("KickShorty",), ("AzRic",))
    assert [(c.player, c.amount, c.pot.value, c.pot_index) for c in hand.events
            if isinstance(c, Collect)] == [("AzRic", 418, "main", None),
                                           ("KickShorty", 418, "main", None),
                                           ("AzRic", 30, "side", 1), ("KickShorty", 30, "side", 1)]
    assert replayed.rake == 10  # "Rake $0.08 | JP Fee $0.02"
    assert replayed.nets["AzRic"] == replayed.nets["KickShorty"] == 448 - 182
    assert [e.player for e in hand.events if isinstance(e, Show)] == [
        "AzRic", "MasterChief24", "fuggins", "KickShorty", "brady888"]


# -- headers -------------------------------------------------------------------------------


def test_header_fields_of_each_format() -> None:
    old = _hand(OLD_STUD).header
    assert (old.site, old.hand_id, old.game, old.game_text, old.limit) == (
        "Winning Poker Network", "693977667", Game.STUD, "Seven Cards Stud", Limit.FIXED)
    assert (old.small_bet, old.big_bet, old.currency, old.scale, old.play_money) == (
        100, 200, "USD", 100, False)
    assert (old.table, old.max_seats, old.started_at, old.started_local) == (
        "(PRR) Leyak", None, None, "2016/8/2 11:17:19")
    assert [(s.seat, s.name, s.stack) for s in old.seats] == [(1, "ChazDazzle", 1000),
                                                              (5, "Nee", 5000)]
    assert _hand(OLD_HL).header.game is Game.STUD8
    new = _hand(NEW_STUD).header
    assert (new.hand_id, new.game, new.game_text, new.small_bet, new.big_bet, new.currency) == (
        "85198832", Game.STUD, "7Stud(Fixed Limit)", 4, 8, "USD")
    assert (new.table, new.max_seats, new.started_local) == ("Gorham", 8,
                                                             "2019/07/28 16:15:58 UTC")
    assert new.started_at is not None
    assert new.started_at.isoformat() == "2019-07-28T16:15:58+00:00"
    acr = _hand(ACR_HL).header
    assert (acr.hand_id, acr.game, acr.small_bet, acr.big_bet, acr.table, acr.max_seats) == (
        "1903647457", Game.STUD8, 10, 20, "Crainville", 8)
    assert acr.started_at is not None
    assert acr.started_at.isoformat() == "2023-10-22T02:49:52+00:00"


# -- the profile --------------------------------------------------------------------------


def _flipped(**change: object) -> list[tuple[str, str]]:
    """(hand id, rule) of every violation with one ``winning`` setting changed."""
    name = "_winning_flipped"
    rules.PROFILES[name] = dataclasses.replace(rules.PROFILES["winning"], name=name, **change)
    try:
        return sorted({(h.hand_id, v.rule) for h in _hands() for v in replay(h, name).violations})
    finally:
        del rules.PROFILES[name]


def test_the_settings_the_evidence_calls_deciding_are_decided() -> None:
    wpn_profile = rules.profile("winning")
    test_rules.test_site_evidence_names_real_fields_and_says_when_nothing_decides("winning")
    assert wpn_profile.support("odd_chip") is Support.DECIDES
    assert _flipped(odd_chip=OddChip(split=PotHalf.HIGH)) == [("693975843", "pot.wrong-split")]
    assert wpn_profile.support("showdown_first") is Support.DECIDES
    assert _flipped(showdown_first=ShowdownFirst.RIVER_BETTOR) == [
        ("1903647457", "showdown.wrong-order")]
    assert wpn_profile.support("max_bets") is Support.CONSISTENT
    assert _flipped(max_bets=3) == [("1903647457", "raise.over-cap")]
    assert _flipped(max_bets=5) == []


def test_the_settings_no_hand_decides_say_so() -> None:
    wpn_profile = rules.profile("winning")
    for setting, change in (
            ("bring_in_tie_break", {"bring_in_tie_break": TieBreak.POSITION}),
            ("board_tie_break", {"board_tie_break": TieBreak.SUIT}),
            ("heads_up_uncapped", {"heads_up_uncapped": False}),
            ("half_bet_reopens", {"half_bet_reopens": False}),
            ("open_pair_big_bet", {"open_pair_big_bet": frozenset()}),
            ("bring_in_is_bet", {"bring_in_is_bet": True}),
            ("odd_chip", {"odd_chip": OddChip(split=PotHalf.LOW, tie=OddChipTie.POSITION)})):
        assert setting == "odd_chip" or wpn_profile.support(setting) is Support.NONE, setting
        assert _flipped(**change) == [], setting
