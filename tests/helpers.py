"""Small helpers shared by several test modules."""

from __future__ import annotations

import dataclasses

from stud_hh import ParsedHand


def relined(hand: ParsedHand, shift: int) -> tuple[object, tuple[object, ...]]:
    """The header and events of ``hand`` with every line number moved by ``shift``."""
    header = hand.header
    seats = tuple(dataclasses.replace(s, line=s.line + shift) for s in header.seats)
    header = dataclasses.replace(header, line=header.line + shift, seats=seats)
    events = tuple(dataclasses.replace(e, line=e.line + shift) for e in hand.events)
    return header, events
