"""Full Tilt Poker: the grammar, every corpus hand read and replayed clean, golden events.

The corpus is read in place from ``../shared/corpus/FTP`` (never copied); these
tests skip with a message when it is absent. Players appear in the golden file
by seat (``s5``), so no real name is stored in the project.
"""

from __future__ import annotations

import csv
import dataclasses
from pathlib import Path

import pytest
from conftest import CORPUS_DIR, CORPUS_MISSING
from lark import Lark
from test_parse_stars import GOLDEN, compact
from text_sites import check_classifier, corpus_lines

from stud_hh import ParsedHand, ParseFailure, SkippedHand, parse_file, parse_hand, rules
from stud_hh.model.events import Complete, Game, Raise
from stud_hh.read.grammars import grammar_folder, grammar_text
from stud_hh.read.parse import parse_text
from stud_hh.read.sites import FULL_TILT, dialect_for
from stud_hh.read.sites.fulltilt import LINE_ORDER, PRE_ORDER, SHAPES
from stud_hh.replay import replay
from stud_hh.rules import Support, TieBreak

FTP = CORPUS_DIR / "FTP"


def _ftp() -> Path:
    if not FTP.is_dir():
        pytest.skip(CORPUS_MISSING)
    return FTP


def _rows() -> list[dict[str, str]]:
    if not CORPUS_DIR.is_dir():
        return []
    with (CORPUS_DIR / "INDEX.csv").open(encoding="utf-8") as f:
        return [row for row in csv.DictReader(f) if row["file"].startswith("FTP/")]


def _hands() -> list[ParsedHand]:
    return [r for path in sorted(_ftp().rglob("*.txt")) for r in parse_file(path)
            if isinstance(r, ParsedHand)]


def test_grammar_builds_with_strict_collision_checks() -> None:
    pytest.importorskip("interegular", reason="strict mode needs interegular (a dev dependency)")
    Lark(grammar_text("fulltilt.lark"), parser="lalr",
         import_paths=[grammar_folder()], lexer="contextual", strict=True)

def test_the_classifier_agrees_with_the_grammar_on_every_corpus_line() -> None:
    """The builder classifies each line with ``SHAPES``/``LINE_ORDER``; the lexer has
    already matched it with the grammar's shapes: both must pick the same one."""
    lines = corpus_lines("FTP")
    assert len(lines) > 200
    check_classifier("fulltilt.lark", SHAPES, [LINE_ORDER, PRE_ORDER], lines,
                     actions=("BRING_IN", "COMPLETE", "BET", "RAISE", "CALL", "CHECK", "FOLD",
                              "SHOW", "MUCK"))



def test_the_site_is_detected_from_the_header_line() -> None:
    line = ("Full Tilt Poker Game #21536527525: Table Hagan - $3/$6 Ante $0.50 - Limit Stud Hi"
            " - 12:22:17 ET - 2010/06/11")
    assert dialect_for(line) is FULL_TILT
    assert dialect_for("PokerStars Hand #1: Razz Limit ($1/$2 USD)") is not FULL_TILT


@pytest.mark.parametrize("row", _rows(), ids=lambda r: r["file"])
def test_every_hand_of_each_ftp_file_is_read(row: dict[str, str]) -> None:
    results = list(parse_file(CORPUS_DIR / row["file"]))
    failures = [r for r in results if isinstance(r, ParseFailure)]
    assert not failures, "\n".join(str(f.error) for f in failures)
    assert not [r for r in results if isinstance(r, SkippedHand)]
    parsed = [r for r in results if isinstance(r, ParsedHand)]
    assert len(parsed) == int(row["hands"])
    assert {h.header.site for h in parsed} == {"Full Tilt Poker"}


def test_every_ftp_hand_replays_clean_under_its_site_profile() -> None:
    hands = _hands()
    assert len(hands) == 24
    problems = [f"{v.path}:{v.line} [hand {v.hand_id}] {v.rule}: {v.message}"
                for hand in hands for v in replay(hand).violations]
    assert problems == []
    assert {replay(h).profile for h in hands} == {"fulltilt"}


def test_five_card_stud_is_read_and_audited_under_its_own_rules() -> None:
    hand = next(iter(parse_file(_ftp() / "5-Stud-USD-MTT-100-201303.txt")))
    assert isinstance(hand, ParsedHand)
    assert hand.header.game is Game.FIVE_STUD
    replayed = replay(hand)
    assert replayed.violations == ()
    # nothing unverifiable but the checks that need the table's size (not printed here)
    assert {u.rule for u in replayed.unverifiable} == {"seat.beyond-table", "table.over-full"}
    # two cards each on the first deal, the 2c door brings in, a pair of aces wins
    # both pots over the mucked kings: 12,245 chips in, all collected, no rake
    assert replayed.first_actors[0].player == "Player5"
    assert [(p.amount, p.eligible, p.winners_high) for p in replayed.pots] == [
        (5335, ("Player0", "Player1", "Player4"), ("Player1",)),
        (6910, ("Player0", "Player1"), ("Player1",)),
    ]
    assert sum(replayed.nets.values()) == 0
    assert replayed.collected == {"Player1": 12245}


def test_five_card_stud_rules_are_checked_not_waved_through() -> None:
    path = _ftp() / "5-Stud-USD-MTT-100-201303.txt"
    text = path.read_text(encoding="utf-8")
    wrong_winner = text.replace("Player1 wins the main pot (5,335)",
                                "Player4 wins the main pot (5,335)")
    assert "pot.wrong-winner" in _rules_of(wrong_winner)
    wrong_bring_in = text.replace("Player5 brings in for 250", "Player5 folds").replace(
        "Player0 completes it to 800", "Player0 brings in for 250\nPlayer1 completes it to 800")
    assert "bring-in.wrong-player" in _rules_of(wrong_bring_in)


def _rules_of(text: str) -> set[str]:
    [result] = [r for r in parse_text(text) if not isinstance(r, SkippedHand)]
    assert isinstance(result, ParsedHand), result
    return {v.rule for v in replay(result).violations}


def test_money_balances_for_every_ftp_hand() -> None:
    for hand in _hands():
        replayed = replay(hand)
        assert sum(replayed.nets.values()) == -replayed.rake, hand.hand_id


def _flipped(**change: object) -> list[tuple[str, str]]:
    """(hand id, rule) of every violation with one fulltilt setting changed."""
    name = "_fulltilt_flipped"
    rules.PROFILES[name] = dataclasses.replace(rules.PROFILES["fulltilt"], name=name, **change)
    try:
        return sorted({(h.hand_id, v.rule) for h in _hands() for v in replay(h, name).violations}
                      | {(h.hand_id, u.rule) for h in _hands()
                         for u in replay(h, name).unverifiable if "raise." in u.rule})
    finally:
        del rules.PROFILES[name]


def test_the_profile_settings_the_evidence_calls_deciding_are_decided() -> None:
    ftp = rules.profile("fulltilt")
    assert ftp.support("bring_in_tie_break") is Support.DECIDES
    assert _flipped(bring_in_tie_break=TieBreak.POSITION) == [
        ("11111111813", "bring-in.wrong-player"), ("21536266313", "bring-in.wrong-player")]
    assert ftp.support("open_pair_big_bet") is Support.DECIDES
    assert _flipped(open_pair_big_bet=frozenset()) == [
        ("11111111813", "bet.wrong-size"), ("11111112277", "bet.wrong-size")]
    assert ftp.support("half_bet_reopens") is Support.OTHER_GAME
    assert _flipped(half_bet_reopens=False) == [("32412111030", "raise.not-reopened")]


def test_the_settings_no_hand_decides_say_so() -> None:
    ftp = rules.profile("fulltilt")
    for setting, change in (("board_tie_break", {"board_tie_break": TieBreak.SUIT}),
                            ("heads_up_uncapped", {"heads_up_uncapped": False}),
                            ("max_bets", {"max_bets": 3})):
        assert ftp.support(setting) is Support.NONE, setting
        assert _flipped(**change) == [], setting


def test_golden_events_pot_and_winner() -> None:
    path = _ftp() / "7-Stud-USD-3-6-20106.Steal.from.HJ.Failure-3bet.by.button.txt"
    hand = next(r for r in parse_file(path) if isinstance(r, ParsedHand))
    expected = (GOLDEN / "ftp_stud_3bet_showdown.events").read_text(encoding="utf-8")
    assert [hand.hand_id, *compact(hand)] == expected.splitlines()
    replayed = replay(hand)
    (pot,) = replayed.pots
    assert (pot.amount, pot.eligible, pot.winners_high) == (7550, ("Hero", "thebear666"),
                                                            ("Hero",))
    assert replayed.rake == 300
    assert replayed.nets["Hero"] == 7250 - 50 - 600 - 600 - 600 - 600 - 600
    assert replayed.nets["thebear666"] == -3050


def test_header_fields() -> None:
    path = _ftp() / "Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt"
    h = next(r for r in parse_file(path) if isinstance(r, ParsedHand)).header
    assert (h.site, h.game, h.small_bet, h.big_bet, h.currency, h.scale, h.table) == (
        "Full Tilt Poker", Game.RAZZ, 10, 20, "USD", 100, "Mart")
    assert h.started_local == "2010/12/07 17:10:10 CCT"
    assert h.started_at is not None
    assert h.started_at.isoformat() == "2010-12-07T09:10:10+00:00"
    tour = next(r for r in parse_file(_ftp() / "Razz-USD-HUSNG-2-201102.Villain.allin.on."
                                      "bringing.txt") if isinstance(r, ParsedHand)).header
    assert (tour.tournament_id, tour.buy_in, tour.fee, tour.currency, tour.scale) == (
        "220338000", 200, 10, None, 1)


_SMALL = """\
Full Tilt Poker Game #1: Table T - $2/$4 Ante $0.40 - Limit Stud H/L - 01:12:00 ET - 2011/03/28
Seat 1: Ann ($20)
Seat 2: Bob Two ($20)
Ann antes $0.40
Bob Two antes $0.40
*** 3RD STREET ***
Dealt to Ann [3c]
Dealt to Bob Two [5d Ah] [Ad]
Ann is low with [3c]
Ann brings in for $0.50
Bob Two completes it to $2
Ann raises to $4
Bob Two calls $2
Ann has 15 seconds left to act
*** 4TH STREET ***
Dealt to Ann [3c] [7c]
Dealt to Bob Two [5d Ah Ad] [6h]
Bob Two bets $2
Ann folds
Uncalled bet of $2 returned to Bob Two
Bob Two mucks
Bob Two wins the pot ($8.80)
*** SUMMARY ***
Total pot $8.80 | Rake $0
Seat 1: Ann folded on 4th St.
Seat 2: Bob Two collected ($8.80), mucked
"""


def test_a_written_hand_reads_names_with_spaces_and_raise_totals() -> None:
    hand = parse_hand(_SMALL)
    complete = next(e for e in hand.events if isinstance(e, Complete))
    raise_ = next(e for e in hand.events if isinstance(e, Raise))
    assert (complete.player, complete.to) == ("Bob Two", 200)
    assert (raise_.player, raise_.by, raise_.to) == ("Ann", 200, 400)
    assert replay(hand).violations == ()
    assert replay(hand).nets == {"Ann": -440, "Bob Two": 440}
