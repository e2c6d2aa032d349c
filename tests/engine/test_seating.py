"""Promise: a table no room could seat is named at its seat lines, on every site, and the
hand is replayed on; a table any room could seat is never flagged.

* two players in one seat break ``seat.shared`` at the second one's seat line; the rest of
  the hand replays as the clean hand did (every action, every pot, every player's net),
  nothing else is flagged but what follows from the shared seat, and the money balances;
* more players than the table's seats (20 at an 8-max table) break ``table.over-full``,
  and each seat numbered beyond the table ``seat.beyond-table``; where the site prints no
  table size, those two checks are unverifiable for the hand, never guessed;
* a reader either keeps both players of a shared seat (so that the engine sees it) or
  fails the hand naming the seat (Merge's events name players by seat, Bovada's players
  are their seats): none drops one of them silently;
* no corpus hand and no sample hand breaks any of the three rules.

The hands are each site's generated ones (``tests/read/sites/forms_<site>.py``: every site's
own wording), edited at their seat lines.
"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import fuzzing
import pytest
from catalogue import SLUGS

from stud_hh.model.hand import ParsedHand, ParseFailure
from stud_hh.read.parse import parse_file, parse_text
from stud_hh.replay import ReplayedHand, replay
from stud_hh.rules.violations import RuleCode

SEATING = {RuleCode.SEAT_SHARED, RuleCode.SEAT_BEYOND_TABLE, RuleCode.TABLE_OVER_FULL}
SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"

FAILED_BY_NAME = {
    "Merge": "is listed twice",  # its events name a player by seat: a seat is one player
    "Bovada": "has no player",  # a player is his seat (Seat+3): two in one are one name
}
"""Sites whose reader cannot keep two players in one seat, with the words of the failure
that names the seat instead."""

def _clean(site: str) -> tuple[str, ParsedHand]:
    """The first generated hand of ``site`` (it replays clean: ``test_forms.py``)."""
    text = importlib.import_module(f"forms_{SLUGS[site]}").HANDS[0]
    hand = next(iter(parse_text(text, "hand.txt")))
    assert isinstance(hand, ParsedHand), hand
    return text, hand


def _renumber(text: str, hand: ParsedHand, index: int, number: int) -> str:
    """``text`` with the ``index``-th seated player moved to seat ``number`` (his summary
    line with him): :func:`fuzzing.seat_moved`, the fuzz suite's own."""
    moved = fuzzing.seat_moved(text, hand, index, number)
    assert moved is not None
    return moved


def _crowd(text: str, hand: ParsedHand, players: int) -> str:
    """``text`` with seat lines added after the last one, each a copy of it for another
    player in the next seat, until ``players`` are seated (:func:`fuzzing.crowded`)."""
    last = hand.header.seats[-1].seat
    crowded = fuzzing.crowded(text, hand, players, range(last + 1, last + players + 1))
    assert crowded is not None
    return crowded


def _read(text: str) -> ParsedHand | ParseFailure:
    (result,) = list(parse_text(text, "hand.txt"))
    assert isinstance(result, ParsedHand | ParseFailure), result
    return result


def _balances(replayed: ReplayedHand) -> bool:
    return sum(replayed.nets.values()) == -replayed.rake


@pytest.mark.parametrize("site", sorted(SLUGS))
def test_two_players_in_one_seat_are_named_at_the_seat_line_and_the_hand_replays_on(
        site: str) -> None:
    text, hand = _clean(site)
    clean = replay(hand)
    seats = hand.header.seats
    index = next(i for i, s in enumerate(seats) if s.seat != seats[0].seat)
    moved = seats[index]
    shared = _read(_renumber(text, hand, index, seats[0].seat))
    if isinstance(shared, ParseFailure):
        assert site in FAILED_BY_NAME, shared.reason
        assert FAILED_BY_NAME[site] in shared.reason
        return
    assert site not in FAILED_BY_NAME
    assert [(s.name, s.seat) for s in shared.header.seats] == [
        (s.name, seats[0].seat if s is moved else s.seat) for s in seats]  # both kept
    replayed = replay(shared)
    first, *rest = replayed.violations
    assert (first.rule, first.line, first.player) == (RuleCode.SEAT_SHARED, moved.line,
                                                       moved.name)
    assert f"which {seats[0].name} holds" in first.message
    assert all(v.follows_line == moved.line for v in rest), rest
    assert [(a.player, a.kind, a.amount) for a in replayed.actions] == [
        (a.player, a.kind, a.amount) for a in clean.actions]
    assert [p.amount for p in replayed.pots] == [p.amount for p in clean.pots]
    assert replayed.nets == clean.nets
    assert _balances(replayed)


@pytest.mark.parametrize("site", sorted(SLUGS))
def test_twenty_players_at_a_smaller_table_are_named_or_unverifiable_never_clean(
        site: str) -> None:
    text, hand = _clean(site)
    clean = replay(hand)
    crowded = _read(_crowd(text, hand, 20))
    assert isinstance(crowded, ParsedHand), crowded.reason  # every reader lets them through
    assert len(crowded.header.seats) == 20
    replayed = replay(crowded)
    size = hand.header.max_seats
    found = {v.rule for v in replayed.violations}
    unverifiable = {u.rule for u in replayed.unverifiable}
    if size is None:
        assert {RuleCode.TABLE_OVER_FULL, RuleCode.SEAT_BEYOND_TABLE} <= unverifiable
        assert found == set()
    else:
        assert found == {RuleCode.TABLE_OVER_FULL, RuleCode.SEAT_BEYOND_TABLE}
        (over,) = [v for v in replayed.violations if v.rule == RuleCode.TABLE_OVER_FULL]
        table = {8: "an 8-max table", 6: "a 6-max table"}[size]
        assert over.message == f"20 players seated at {table}"
        assert over.line == crowded.header.seats[size].line
        beyond = [v.player for v in replayed.violations
                  if v.rule == RuleCode.SEAT_BEYOND_TABLE]
        assert beyond == [s.name for s in crowded.header.seats if s.seat > size]
    # the players added never play: the hand and its money are the clean hand's
    assert replayed.nets == clean.nets
    assert _balances(replayed)


@pytest.mark.parametrize("site", sorted(s for s in SLUGS if _clean(s)[1].header.max_seats))
def test_a_table_printed_smaller_than_its_players_is_over_full(site: str) -> None:
    text, hand = _clean(site)
    size = hand.header.max_seats
    players = len(hand.header.seats)
    printed = re.compile(rf"\b{size}(?=-max\b| Max\b|</tablesize>)|(?<=: \d/){size}\b")
    lines = text.split("\n")
    for i in range(hand.header.line - 1, hand.header.seats[0].line - 1):  # the header's lines
        lines[i] = printed.sub(str(players - 1), lines[i])
    shrunk = _read("\n".join(lines))
    assert isinstance(shrunk, ParsedHand), shrunk.reason
    assert shrunk.header.max_seats == players - 1
    found = [(v.rule, v.line) for v in replay(shrunk).violations
             if v.rule == RuleCode.TABLE_OVER_FULL]
    assert found == [(RuleCode.TABLE_OVER_FULL, hand.header.seats[-1].line)]


def test_a_heads_up_table_may_number_its_two_seats_from_a_larger_table() -> None:
    """Absolute's ``(1 on 1)`` hands seat their two players 4 and 6 (FPDB's regression file
    PLO8-2max-USD-30-60-200912.txt): not beyond the table; a third player is."""
    text = importlib.import_module("forms_absolute").HANDS[1]
    assert "(1 on 1)" in text
    hand = _read(text)
    assert isinstance(hand, ParsedHand)
    assert hand.header.max_seats == 2
    apart = _read(_renumber(_renumber(text, hand, 0, 4), hand, 1, 6))
    assert isinstance(apart, ParsedHand), apart.reason
    assert [s.seat for s in apart.header.seats] == [4, 6]
    assert [v for v in replay(apart).violations if v.rule in SEATING] == []
    third = _read(_crowd(text, hand, 3))
    assert isinstance(third, ParsedHand), third.reason
    assert [v.rule for v in replay(third).violations] == [RuleCode.TABLE_OVER_FULL]


def test_a_phh_seat_listed_twice_is_kept_and_named(corpus: Path) -> None:
    text = (corpus / "PHH" / "2023_43_5_10_00_34_43_F7S.phh").read_text(encoding="utf-8")
    listed = _read(text.rstrip("\n") + "\nseats = [1, 2, 2, 4, 5]\nseat_count = 8\n")
    assert isinstance(listed, ParsedHand), listed.reason
    assert [s.seat for s in listed.header.seats] == [1, 2, 2, 4, 5]
    (shared,) = [v for v in replay(listed).violations if v.rule in SEATING]
    assert (shared.rule, shared.player) == (RuleCode.SEAT_SHARED, "p3")
    small = _read(text.rstrip("\n") + "\nseat_count = 4\n")
    assert isinstance(small, ParsedHand)
    assert {v.rule for v in replay(small).violations} == {RuleCode.TABLE_OVER_FULL,
                                                          RuleCode.SEAT_BEYOND_TABLE}


def _flagged(paths: list[Path]) -> list[str]:
    return [f"{v.path}:{v.line} {v.rule}: {v.message}"
            for path in paths for result in parse_file(path)
            if isinstance(result, ParsedHand)
            for v in replay(result).violations if v.rule in SEATING]


def test_no_corpus_hand_breaks_a_seating_rule(corpus: Path) -> None:
    paths = sorted(p for p in corpus.rglob("*") if p.is_file() and p.name != "INDEX.csv")
    assert _flagged(paths) == []


def test_no_sample_hand_breaks_a_seating_rule() -> None:
    assert _flagged(sorted(SAMPLES.rglob("*.txt"))) == []
