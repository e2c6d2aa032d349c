"""The replayer never raises on a parsed hand, whatever its events say."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from stud_hh import ParsedHand, parse_paths
from stud_hh.replay import replay

SAMPLES = Path(__file__).resolve().parent / "data" / "handwritten"
HANDS = [r for r in parse_paths([SAMPLES]) if isinstance(r, ParsedHand)]


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(HANDS), st.lists(st.tuples(st.sampled_from(["drop", "copy", "swap"]),
                                                  st.integers(0, 10_000)), max_size=4),
       st.sampled_from(["pokerstars", "casino"]))
def test_replay_survives_damaged_event_streams(hand: ParsedHand,
                                               damage: list[tuple[str, int]],
                                               profile: str) -> None:
    events = list(hand.events)
    for kind, where in damage:
        if not events:
            break
        i = where % len(events)
        if kind == "drop":
            events.pop(i)
        elif kind == "copy":
            events.insert(i, events[i])
        else:
            j = (i + 1) % len(events)
            events[i], events[j] = events[j], events[i]
    damaged = dataclasses.replace(hand, events=tuple(events))
    replayed = replay(damaged, profile)
    assert all(v.hand_id == hand.hand_id for v in replayed.violations)
