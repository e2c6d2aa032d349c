"""PartyPoker: every corpus hand read and replayed clean, the missing facts unverifiable.

PartyPoker prints no opponent's card before the showdown, no uncalled bet, no
pot total and no rake. The hands are still read; the checks that need those
facts must come out as *unverifiable* for the hand, never as violations, and
no card is made up. The corpus is read in place from ``../shared/corpus``.
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

from stud_hh import ParsedHand, ParseFailure, parse_file, parse_hand, rules
from stud_hh.model.events import Deal, Game, PotSummary
from stud_hh.read.grammars import grammar_folder, grammar_text
from stud_hh.read.sites import PARTYPOKER, dialect_for
from stud_hh.read.sites.partypoker import LINE_ORDER, SHAPES
from stud_hh.replay import replay
from stud_hh.rules import Support

PARTY = CORPUS_DIR / "PartyPoker"


def _party() -> Path:
    if not PARTY.is_dir():
        pytest.skip(CORPUS_MISSING)
    return PARTY


def _rows() -> list[dict[str, str]]:
    if not CORPUS_DIR.is_dir():
        return []
    with (CORPUS_DIR / "INDEX.csv").open(encoding="utf-8") as f:
        return [row for row in csv.DictReader(f) if row["file"].startswith("PartyPoker/")]


def _hands() -> list[ParsedHand]:
    return [r for path in sorted(_party().glob("*.txt")) for r in parse_file(path)
            if isinstance(r, ParsedHand)]


def test_grammar_builds_with_strict_collision_checks() -> None:
    pytest.importorskip("interegular", reason="strict mode needs interegular (a dev dependency)")
    Lark(grammar_text("partypoker.lark"), parser="lalr",
         import_paths=[grammar_folder()], lexer="contextual", strict=True)

def test_the_classifier_agrees_with_the_grammar_on_every_corpus_line() -> None:
    """The builder classifies each line with ``SHAPES``/``LINE_ORDER``; the lexer has
    already matched it with the grammar's shapes: both must pick the same one."""
    lines = corpus_lines("PartyPoker")
    assert len(lines) > 200
    check_classifier("partypoker.lark", SHAPES, [LINE_ORDER], lines,
                     actions=("BRING_IN", "COMPLETE", "DOUBLE_BET", "BET", "RAISE", "CALL",
                              "CHECK", "FOLD"))



def test_the_site_is_detected_from_its_opening_lines() -> None:
    assert dialect_for("Game #10399817763 starts.") is PARTYPOKER
    assert dialect_for("#Game No : 11792805420") is PARTYPOKER
    assert dialect_for("Game #1: Table T") is None


@pytest.mark.parametrize("row", _rows(), ids=lambda r: r["file"])
def test_every_hand_of_each_party_file_is_read(row: dict[str, str]) -> None:
    results = list(parse_file(CORPUS_DIR / row["file"]))
    failures = [r for r in results if isinstance(r, ParseFailure)]
    assert not failures, "\n".join(str(f.error) for f in failures)
    parsed = [r for r in results if isinstance(r, ParsedHand)]
    assert len(parsed) == len(results) == int(row["hands"])  # "starts." is not a hand
    assert parsed[0].header.site == "PartyPoker"


def test_no_opponent_card_is_made_up() -> None:
    for hand in _hands():
        dealt = {e.player for e in hand.events if isinstance(e, Deal)}
        assert len(dealt) == 1, hand.hand_id  # the hero only
        assert not any(isinstance(e, PotSummary) for e in hand.events)


def test_every_party_hand_replays_clean_with_the_missing_facts_unverifiable() -> None:
    hands = _hands()
    assert len(hands) == 4
    for hand in hands:
        replayed = replay(hand)
        assert replayed.profile == "partypoker"
        assert replayed.violations == (), [v.message for v in replayed.violations]
        unverifiable = {u.rule for u in replayed.unverifiable}
        assert {"bring-in.wrong-player", "action.out-of-turn", "pot.not-balanced",
                "pot.uncalled-wrong"} <= unverifiable, hand.hand_id
        assert sum(replayed.nets.values()) == -replayed.rake, hand.hand_id


def test_the_open_pair_big_bet_is_unverifiable_when_boards_are_hidden() -> None:
    hand = next(h for h in _hands() if h.hand_id == "11792805420")
    replayed = replay(hand)
    assert "bet.big-without-open-pair" in {u.rule for u in replayed.unverifiable}
    assert replayed.collected == {"Player6": 2560}
    assert replayed.rake == 0


def test_a_winner_amount_with_the_uncalled_bet_in_it_gives_the_right_net() -> None:
    # Player8's last $1 bet is not called and no line returns it: 'wins $13.20'
    # holds it; the rake is what was put in and not collected ($0.60)
    hand = next(h for h in _hands() if h.hand_id == "10399817763")
    replayed = replay(hand)
    assert replayed.nets["Player8"] == 1320 - 705
    assert replayed.rake == 60


def _flipped(**change: object) -> list[tuple[str, str]]:
    name = "_partypoker_flipped"
    rules.PROFILES[name] = dataclasses.replace(rules.PROFILES["partypoker"], name=name, **change)
    try:
        return sorted({(h.hand_id, v.rule) for h in _hands() for v in replay(h, name).violations})
    finally:
        del rules.PROFILES[name]


def test_the_profile_evidence() -> None:
    party = rules.profile("partypoker")
    assert party.support("open_pair_big_bet") is Support.DECIDES
    assert _flipped(open_pair_big_bet=frozenset()) == [("11792805420", "bet.wrong-size")]
    # the one four-level round is heads-up: it bears on the cap only if heads-up is capped
    assert _flipped(max_bets=3) == []
    assert _flipped(max_bets=3, heads_up_uncapped=False) == [("11792805420", "raise.over-cap")]
    for setting in ("bring_in_tie_break", "board_tie_break", "heads_up_uncapped",
                    "half_bet_reopens", "max_bets"):
        assert party.support(setting) is Support.NONE, setting


def test_golden_events_pot_and_winners() -> None:
    path = _party() / "7-StudHL-USD-10-20.201202.wins.lo.pot.txt"
    hand = next(r for r in parse_file(path) if isinstance(r, ParsedHand))
    expected = (GOLDEN / "party_stud8_split.events").read_text(encoding="utf-8")
    assert [hand.hand_id, *compact(hand)] == expected.splitlines()
    h = hand.header
    assert (h.game, h.small_bet, h.big_bet, h.currency, h.table, h.max_seats) == (
        Game.STUD8, 1000, 2000, "USD", "Table  125524", 8)
    replayed = replay(hand)
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners_high, pot.winners_low) == (18200, ("Player0",),
                                                               ("Player1",))
    assert replayed.collected == {"Player0": 9050, "Player1": 9050}
    assert replayed.rake == 100


def test_tournament_header() -> None:
    hand = next(h for h in _hands() if h.hand_id == "11792805420")
    h = hand.header
    assert (h.tournament_id, h.level, h.small_bet, h.big_bet, h.scale, h.currency) == (
        "69784932", "2", 60, 120, 1, None)
    assert (h.buy_in, h.buy_in_currency) == (600, "USD")


_SMALL = """\
#Game No : 1
***** Hand History for Game 1 *****
$1/$2 USD 7 Card Stud - Monday, April 25, 14:20:12 EDT 2011
Table Table  1 (Real Money)
Seat 0 is the button
Total number of players : 2/8
Seat 1: Ann ( $20 USD )
Seat 2: Bob ( $20 USD )
Ann posts ante [$0.10 USD]
Bob posts ante [$0.10 USD]
** Dealing **
Dealt to Ann [  2c 3c 4c ]
Bob opens
Bob bring-ins [$0.50 USD]
Ann completes [$1 USD]
Bob raises [$1.50 USD]
Ann folds
Bob does not show cards.
Bob wins $2.20 USD
"""


def test_a_written_hand_turns_chips_added_into_totals() -> None:
    hand = parse_hand(_SMALL)
    replayed = replay(hand)
    assert replayed.violations == ()
    raise_ = next(a for a in replayed.actions if a.kind.value == "raise")
    assert (raise_.player, raise_.total) == ("Bob", 200)
    assert replayed.nets == {"Ann": -110, "Bob": 10}  # Bob's uncalled $1 is in his $2.20
