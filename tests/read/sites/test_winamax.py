"""Winamax: every corpus hand read, clean under its profile but for the flagged data fault.

The ``negative.bet`` file holds a documented site data fault (``raises -6.10€ to
18.90€``): the hand is read exactly as printed and the audit must flag it.
The corpus is read in place from ``../shared/corpus``.
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

from stud_hh import ParsedHand, ParseFailure, parse_file, rules
from stud_hh.model.events import Complete, Game, Raise
from stud_hh.read.grammars import grammar_folder, grammar_text
from stud_hh.read.sites import WINAMAX, dialect_for
from stud_hh.read.sites.winamax import LINE_ORDER, SHAPES
from stud_hh.replay import replay
from stud_hh.rules import Support, UncalledBet

WMX = CORPUS_DIR / "Winamax"
DATA_FAULT = "9250793-1578-1479092164"
"""The negative.bet hand: Player0's all-in is printed as a raise of -6.10€ to 18.90€."""


def _wmx() -> Path:
    if not WMX.is_dir():
        pytest.skip(CORPUS_MISSING)
    return WMX


def _rows() -> list[dict[str, str]]:
    if not CORPUS_DIR.is_dir():
        return []
    with (CORPUS_DIR / "INDEX.csv").open(encoding="utf-8") as f:
        return [row for row in csv.DictReader(f) if row["file"].startswith("Winamax/")]


def _hands() -> list[ParsedHand]:
    return [r for path in sorted(_wmx().rglob("*.txt")) for r in parse_file(path)
            if isinstance(r, ParsedHand)]


def test_grammar_builds_with_strict_collision_checks() -> None:
    pytest.importorskip("interegular", reason="strict mode needs interegular (a dev dependency)")
    Lark(grammar_text("winamax.lark"), parser="lalr",
         import_paths=[grammar_folder()], lexer="contextual", strict=True)

def test_the_classifier_agrees_with_the_grammar_on_every_corpus_line() -> None:
    """The builder classifies each line with ``SHAPES``/``LINE_ORDER``; the lexer has
    already matched it with the grammar's shapes: both must pick the same one."""
    lines = corpus_lines("Winamax")
    assert len(lines) > 200
    check_classifier("winamax.lark", SHAPES, [LINE_ORDER], lines,
                     actions=("BRING_IN", "BET", "RAISE", "CALL", "CHECK", "FOLD", "SHOW"))



def test_the_site_is_detected_from_the_header_line() -> None:
    line = ("Winamax Poker - CashGame - HandId: #9250793-470-1478990787 - 7-Card Stud fixed "
            "limit (5€/25€/50€) - 2016/11/12 22:46:27 UTC")
    assert dialect_for(line) is WINAMAX


@pytest.mark.parametrize("row", _rows(), ids=lambda r: r["file"])
def test_every_hand_of_each_winamax_file_is_read(row: dict[str, str]) -> None:
    results = list(parse_file(CORPUS_DIR / row["file"]))
    failures = [r for r in results if isinstance(r, ParseFailure)]
    assert not failures, "\n".join(str(f.error) for f in failures)
    parsed = [r for r in results if isinstance(r, ParsedHand)]
    assert len(parsed) == len(results) == int(row["hands"])


def test_every_winamax_hand_replays_clean_but_the_data_fault() -> None:
    hands = _hands()
    assert len(hands) == 7
    flagged = {h.hand_id: sorted(v.rule for v in replay(h).violations) for h in hands}
    assert {h for h, rules_ in flagged.items() if rules_} == {DATA_FAULT}


def test_the_negative_bet_data_fault_is_flagged_not_hidden() -> None:
    """The raise is printed to a total below the bet it raises: flagged, and read as the
    chips Player0 had left (an all-in to 28.90€). The rest of the hand, checked from that
    reading, holds: the call of 3.90€ is what Player1 owed, the money balances, the pot goes
    to Player0's aces. Read as printed (a total of 18.90€) it made five more violations,
    one of them naming the wrong winner, and a pot that went below nothing."""
    hand = next(h for h in _hands() if h.hand_id == DATA_FAULT)
    fault = next(e for e in hand.events if isinstance(e, Raise))
    assert (fault.player, fault.by, fault.to) == ("Player0", -610, 1890)  # as printed
    replayed = replay(hand)
    assert [(v.rule, v.line, v.follows_line, v.message) for v in replayed.violations] == [
        ("raise.wrong-total", 17, None, "Player0 raises -6.10€ to 18.90€, a total below the "
         "bet of 25€: read as 18.90€ put in (all-in), a raise to 28.90€")]
    raise_, call = [a for a in replayed.actions if a.line in (17, 18)]
    assert (raise_.amount, raise_.total, raise_.all_in) == (1890, 2890, True)
    assert (call.amount, call.total) == (390, 2890)
    (pot,) = replayed.pots
    assert (pot.amount, pot.eligible, pot.winners_high) == (7280, ("Player0", "Player1"),
                                                            ("Player0",))
    assert replayed.nets == {"Player0": 3640, "Player1": -3390, "Hero": -500}
    assert sum(replayed.nets.values()) == -replayed.rake


def test_the_export_variant_without_dealt_lines() -> None:
    path = _wmx() / "7-Stud-6max-play-0.5-0.10-201606.export.txt"
    (hand,) = [r for r in parse_file(path) if isinstance(r, ParsedHand)]
    h = hand.header
    assert (h.game, h.play_money, h.currency, h.scale, h.small_bet, h.big_bet) == (
        Game.STUD, True, None, 100, 5, 10)
    replayed = replay(hand)
    assert replayed.violations == ()
    assert {"bring-in.wrong-player", "action.out-of-turn"} <= {
        u.rule for u in replayed.unverifiable}
    assert replayed.collected == {"Player0": 65}


def _flipped(**change: object) -> list[tuple[str, str]]:
    name = "_winamax_flipped"
    rules.PROFILES[name] = dataclasses.replace(rules.PROFILES["winamax"], name=name, **change)
    try:
        return sorted({(h.hand_id, v.rule) for h in _hands() if h.hand_id != DATA_FAULT
                       for v in replay(h, name).violations})
    finally:
        del rules.PROFILES[name]


def test_the_profile_evidence() -> None:
    wmx = rules.profile("winamax")
    assert wmx.support("prints.showdown_order_recorded") is Support.DECIDES
    assert _flipped(prints=dataclasses.replace(wmx.prints, showdown_order_recorded=True)) == [
        ("17032867-64-1646691396", "showdown.wrong-order"),
        ("9250793-470-1478990787", "showdown.wrong-order")]
    assert wmx.support("prints.uncalled") is Support.DECIDES
    assert _flipped(prints=dataclasses.replace(wmx.prints, uncalled=UncalledBet.RETURNED)) == [
        ("17032867-65-1646691450", "pot.uncalled-wrong"),
        ("9250793-444-1478990340", "pot.uncalled-wrong"),
        ("9250793-554-1478991850", "pot.uncalled-wrong")]
    for setting in ("bring_in_tie_break", "board_tie_break", "heads_up_uncapped", "max_bets",
                    "half_bet_reopens", "odd_chip", "open_pair_big_bet", "showdown_first"):
        assert wmx.support(setting) is Support.NONE, setting


def test_under_casino_a_winamax_hand_keeps_winamax_printing() -> None:
    """Casino's house rules are Winamax's; what Winamax prints (the uncalled bet left in
    the pot, no showing order) stays the site's under any profile the user names."""
    for h in _hands():
        mine = replay(h)
        assert dataclasses.replace(replay(h, "casino"), profile=mine.profile) == mine, h.hand_id


def test_golden_events_pot_and_winner() -> None:
    path = _wmx() / "7-Stud-6max-EUR-25-50-201611._8games_.txt"
    (hand,) = [r for r in parse_file(path) if isinstance(r, ParsedHand)]
    expected = (GOLDEN / "winamax_stud_showdown.events").read_text(encoding="utf-8")
    assert [hand.hand_id, *compact(hand)] == expected.splitlines()
    assert any(isinstance(e, Complete) and e.to == 2500 for e in hand.events)  # "raises 25€ to 25€"
    replayed = replay(hand)
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners_high) == (46000, ("Hero",))
    assert (replayed.rake, replayed.collected) == (200, {"Hero": 45800})
    assert replayed.nets == {"Hero": 45800 - 23000, "Player0": -23000}
