"""Players' tags, as the notes record them: the one seam between the *Hands* page and the
notes module (:mod:`stud_hh.app.notes`, another part of the app).

The Hands page lists the tags to filter by and, with ``tag=TAG``, the hands where a player
carrying it sat in. It asks for them here only: :func:`player_tags` calls the notes
module's ``player_tags(db)`` (each player's tags, by name) when the module is there, and
gives no tags while it is not, so that the page shows no tags and a ``tag`` filter selects
no hand.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from stud_hh.store.database import Database

NOTES = "stud_hh.app.notes"
"""The module that keeps the players' notes and tags."""


def player_tags(db: Database) -> dict[str, tuple[str, ...]]:
    """Each tagged player's tags (``{}`` without the notes module)."""
    try:
        from stud_hh.app.notes import player_tags as tags_of
    except ModuleNotFoundError as exc:
        if exc.name != NOTES:  # the module is there but its own import failed: say so
            raise
        return {}
    found: Mapping[str, Iterable[str]] = tags_of(db)
    return {str(player): tuple(sorted({str(t) for t in tags}))
            for player, tags in found.items() if tags}


def all_tags(tags: Mapping[str, Iterable[str]]) -> list[str]:
    """Every tag some player carries, in order.

    >>> all_tags({"Ann": ("fish", "loose"), "Bob": ("fish",)})
    ['fish', 'loose']
    """
    return sorted({t for carried in tags.values() for t in carried})


def carrying(tags: Mapping[str, Iterable[str]], tag: str) -> list[str]:
    """The players carrying ``tag``.

    >>> carrying({"Ann": ("fish", "loose"), "Bob": ("fish",)}, "loose")
    ['Ann']
    """
    return sorted(player for player, carried in tags.items() if tag in carried)
