"""The hands a page can replay, and how a hand id is written on it.

A page prints hand ids in its tables (the worst hands, the biggest pots, the all-ins, the
violations listed) and on its per-hand curves. The hand replayer
(:mod:`stud_hh.analysis.html.replayer`) opens a hand in an overlay when an element with
``data-hand="<site>#<hand_id>"`` is clicked, from the views the page embeds. So a page
picks at most :data:`MAX_EMBEDDED` hands, most wanted first (:meth:`HandLinks.choose`),
embeds their views (:func:`embed`, the one place that talks to the replayer), and writes
each of those hand ids as such an element; any other hand id is plain text, and the page
says how many hands it holds.

>>> links = HandLinks.choose([("PokerStars", "7"), ("PokerStars", "8")], limit=1)
>>> print(links.cell("PokerStars", "7"))  # doctest: +NORMALIZE_WHITESPACE
<span class="hand" data-hand="PokerStars#7" role="button" tabindex="0"
      title="replay hand 7">7</span>
>>> str(links.cell("PokerStars", "8"))
'<span class="hand-id">8</span>'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from markupsafe import Markup

REPLAYER = f"{__package__}.replayer"
"""The replayer's module, imported only when a page embeds replays."""

MAX_EMBEDDED = 300
"""The most hands one page embeds for the replayer (each view is a few kilobytes)."""


def hand_key(site: str, hand_id: str) -> str:
    """The key the replayer knows a hand by: ``<site>#<hand_id>``."""
    return f"{site}#{hand_id}"


@dataclass(frozen=True, slots=True)
class HandLinks:
    """The hands whose replay a page holds, in the order they were wanted."""

    keys: tuple[tuple[str, str], ...]
    wanted: int = 0
    """How many distinct hands were asked for (more than :attr:`keys` when cut)."""
    embedded: frozenset[str] = field(default_factory=frozenset)
    """The keys the replayer has a view of (filled by :func:`embed`)."""

    @classmethod
    def choose(cls, keys: Iterable[tuple[str, str]], limit: int = MAX_EMBEDDED
               ) -> HandLinks:
        """The first ``limit`` distinct ``(site, hand_id)`` of ``keys``, which come most
        wanted first; every key is taken as embedded until :func:`embed` says otherwise."""
        distinct = list(dict.fromkeys((str(s), str(h)) for s, h in keys))
        chosen = tuple(distinct[:limit])
        return cls(chosen, len(distinct), frozenset(hand_key(s, h) for s, h in chosen))

    def has(self, site: str, hand_id: str) -> bool:
        return hand_key(site, hand_id) in self.embedded

    def cell(self, site: str, hand_id: str) -> Markup:
        """The hand id: a replay button when the page holds the hand, else plain text."""
        if self.has(site, hand_id):
            return Markup('<span class="hand" data-hand="{}" role="button" tabindex="0" '
                          'title="replay hand {}">{}</span>').format(
                              hand_key(site, hand_id), hand_id, hand_id)
        return Markup('<span class="hand-id">{}</span>').format(hand_id)

    def note(self) -> str:
        """What the page holds, in a sentence."""
        if not self.embedded:
            return "No hand replays are embedded in this page (the hand replayer is not " \
                   "installed): hand ids are plain text."
        cut = (f" of the {self.wanted:,} its tables name (at most {MAX_EMBEDDED} per page: "
               "the others are plain text)") if self.wanted > len(self.embedded) else ""
        return (f"Click a blue hand id, or a point of a per-hand curve, to replay the hand: "
                f"this page holds {len(self.embedded):,} hands{cut}.")


@dataclass(frozen=True, slots=True)
class Embedded:
    """What a page writes for its replays: the replayer's styles and script (once, in the
    head), the views' JSON (at the end of the body), and the links that use them."""

    head: Markup
    tail: Markup
    links: HandLinks


def embed(db: Any, links: HandLinks, profile: str | None = None, hero: str | None = None
          ) -> Embedded:
    """The replayer's assets and the views of ``links``' hands: the one place a page
    talks to the replayer. Without the replayer (it is not installed yet) nothing is
    embedded and every hand id is plain text."""
    try:
        from stud_hh.analysis.html.replayer import assets, views_for_db, views_script
    except ModuleNotFoundError as exc:
        if exc.name != REPLAYER:  # the replayer is there but its own import failed: say so
            raise
        return Embedded(Markup(""), Markup(""), HandLinks(links.keys, links.wanted))
    views = views_for_db(db, links.keys, profile=profile, hero=hero) if links.keys else {}
    done = HandLinks(links.keys, links.wanted, frozenset(str(k) for k in views))
    return Embedded(Markup(assets()), Markup(views_script(views)), done)
