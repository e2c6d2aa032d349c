"""Hands for the live tests: a simulated session at one table (PokerStars text), split into
hands that a test writes into a watched folder one at a time, as a poker client does.

>>> texts = session_hands(seed=7, hands=3)  # doctest: +SKIP
>>> append(folder / "HH table.txt", texts[0])  # doctest: +SKIP
"""

from __future__ import annotations

import re
import tempfile
from collections.abc import Mapping
from pathlib import Path

from stud_hh.model.events import Game
from stud_hh.sim.session import SimConfig, write_session

_HAND = re.compile(r"\n\s*\n(?=PokerStars Hand #)")
_ID = re.compile(r"PokerStars Hand #(\d+):")


def session_hands(*, seed: int, hands: int, players: int = 6,
                  names: Mapping[str, str] | None = None) -> list[str]:
    """The hands of a simulated stud session (Hero at the table), each its whole text;
    ``names`` renames players (every occurrence of the name, whole words)."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "session.txt"
        write_session(SimConfig(Game("stud"), hands, players=players, seed=seed), path)
        text = path.read_text(encoding="utf-8")
    for old, new in (names or {}).items():
        text = re.sub(rf"(?<![\w]){re.escape(old)}(?![\w])", new.replace("\\", "\\\\"),
                      text)
    return [t.strip("\n") + "\n" for t in _HAND.split(text) if t.strip()]


def hand_id(text: str) -> str:
    found = _ID.match(text)
    assert found is not None, text[:80]
    return found.group(1)


def players_of(text: str) -> list[str]:
    """The players seated in a hand, by seat."""
    return re.findall(r"^Seat \d+: (.+) \([^()]*in chips\)", text, re.MULTILINE)


def append(path: Path, text: str) -> None:
    """Add one hand to a history file as a client does when the hand ends, with the blank
    lines that close it (the watch reads it at its next poll)."""
    with open(path, "a", encoding="utf-8", newline="\n") as handle:
        handle.write(text + "\n\n\n")
        handle.flush()
