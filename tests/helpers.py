"""Small helpers shared by several test modules."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from stud_hh import ParsedHand


def relined(hand: ParsedHand, shift: int) -> tuple[object, tuple[object, ...]]:
    """The header and events of ``hand`` with every line number moved by ``shift``."""
    header = hand.header
    seats = tuple(dataclasses.replace(s, line=s.line + shift) for s in header.seats)
    header = dataclasses.replace(header, line=header.line + shift, seats=seats)
    events = tuple(dataclasses.replace(e, line=e.line + shift) for e in hand.events)
    return header, events


SAMPLES = Path(__file__).resolve().parent / "data" / "handwritten"


def sample_hand_texts() -> list[str]:
    """The normalised text of every stud hand in ``sample_histories/``."""
    from stud_hh.read import reader
    from stud_hh.read.parse import parse_raw, scan_paths
    from stud_hh.read.sites import starts_hand

    texts = []
    for path in scan_paths([SAMPLES]).files:
        for raw in reader.read_hands(path, starts_hand):
            if isinstance(parse_raw(raw), ParsedHand):
                texts.append(raw.text)
    return texts


def write_renumbered(path: Path, texts: list[str], count: int, first_id: int) -> None:
    """Write ``count`` hands cycling through ``texts``, numbered from ``first_id``."""
    id_re = re.compile(r"#\d+:")
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for i in range(count):
            out.write(id_re.sub(f"#{first_id + i}:", texts[i % len(texts)], count=1))
            out.write("\n\n")
