"""The hand-written histories in tests/data/handwritten: every hand must read cleanly."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from stud_hh import ParsedHand, ParseFailure, SkippedHand, parse_paths
from stud_hh.model.events import Game

SAMPLES = Path(__file__).resolve().parents[1] / "data" / "handwritten"


def test_samples_parse_without_failures() -> None:
    results = list(parse_paths([SAMPLES]))
    failures = [str(r.error) for r in results if isinstance(r, ParseFailure)]
    assert failures == []
    games = Counter(r.header.game for r in results if isinstance(r, ParsedHand))
    assert set(games) == {Game.STUD, Game.STUD8, Game.RAZZ}
    skipped = sorted(r.game_text for r in results if isinstance(r, SkippedHand))
    assert skipped == ["Hold'em Limit", "Omaha Hi/Lo Limit"]


def test_samples_cover_names_and_tournaments() -> None:
    hands = [r for r in parse_paths([SAMPLES]) if isinstance(r, ParsedHand)]
    names = {s.name for h in hands for s in h.header.seats}
    assert {"Ann [NL]", "Mr: Fox", "Jürgen", "Łucja", "Big Slick"} <= names
    assert any(h.header.is_tournament for h in hands)
    assert any(e.has_common for h in hands for e in h.events if hasattr(e, "has_common"))
    assert len({h.hand_id for h in hands}) == len(hands)
