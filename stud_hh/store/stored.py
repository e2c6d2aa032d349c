"""Stored hands read again: the database keeps facts, not events, so a hand's events are
read again from the file and lines it was imported from (``show --db``, ``export --db``).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from stud_hh.read.parse import ParsedHand, parse_file
from stud_hh.store.database import open_db

__all__ = ["StoredHands", "stored_hands"]


@dataclass
class StoredHands:
    """Hands of a database read again from their files, and what could not be."""

    hands: list[ParsedHand] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    """Hand ids asked for that the database does not hold."""
    unreadable: list[str] = field(default_factory=list)
    """Why stored hands could not be read again (file gone or changed)."""


def stored_hands(db_root: str | os.PathLike[str], hand_ids: Sequence[str] = ()) -> StoredHands:
    """The stored hands named ``hand_ids`` (all when empty), parsed again from their files.

    The database keeps facts, not events: a hand is read again from the file and
    lines it was imported from. Raises :class:`~stud_hh.store.database.DatabaseError` when
    ``db_root`` is not a database.
    """
    db = open_db(db_root)
    filters = [("hand_id", "in", list(hand_ids))] if hand_ids else None
    rows = db.hands(columns=["site", "hand_id", "file", "first_line"], filters=filters)
    found = StoredHands()
    found.missing = sorted(set(hand_ids) - set(rows["hand_id"]))
    wanted: dict[str, set[tuple[str, str]]] = {}
    for site, hand_id, path in zip(rows["site"], rows["hand_id"], rows["file"], strict=True):
        wanted.setdefault(str(path), set()).add((str(site), str(hand_id)))
    for path, keys in sorted(wanted.items()):
        if not Path(path).is_file():
            found.unreadable.append(f"{path}: the file of {len(keys)} stored hands is gone")
            continue
        for result in parse_file(path):
            if isinstance(result, ParsedHand) and (result.site, result.hand_id) in keys:
                keys.discard((result.site, result.hand_id))
                found.hands.append(result)
        found.unreadable.extend(f"{path}: hand {hand_id} ({site}) is no longer in the file"
                                for site, hand_id in sorted(keys))
    return found
