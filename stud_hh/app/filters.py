"""The command line's filters, kept in a page's URL.

``?since=2026-03-01&until=2026-03-31&site=PokerStars&game=razz&stakes=$0.10/$0.20
&type=cash&player=Hero&min_hands=50`` selects what ``stud-hh stats --since 2026-03-01
--until 2026-03-31 --site PokerStars --game razz --stakes '$0.10/$0.20' --cash --player
Hero --min-hands 50`` does: :func:`selection` reads them into the same
:class:`~stud_hh.store.select.Selection`, with the same errors. ``site``, ``game`` and
``stakes`` may be given more than once. A link from one page to another keeps them
(:meth:`PageFilters.query`).

>>> f = PageFilters.of([("game", "razz"), ("type", "cash"), ("min_hands", "5")])
>>> f.selection().describe()
'game razz, cash games, groups of at least 5 hands'
>>> f.query(player="Hero")
'game=razz&type=cash&player=Hero&min_hands=5'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlencode

from stud_hh.store.select import Filters, Selection, SelectionError

NAMES = ("since", "until", "site", "game", "stakes", "type", "player", "min_hands")
"""The filters a URL may hold, in the order a link writes them."""
TYPES = ("", "cash", "tournament")


@dataclass(frozen=True, slots=True)
class PageFilters:
    """The filters of one page's URL, as given (texts)."""

    since: str = ""
    until: str = ""
    site: tuple[str, ...] = ()
    game: tuple[str, ...] = ()
    stakes: tuple[str, ...] = ()
    type: str = ""
    player: str = ""
    min_hands: str = ""

    @classmethod
    def of(cls, pairs: Iterable[tuple[str, str]]) -> PageFilters:
        """The filters among a URL's query ``pairs`` (others are the page's own)."""
        single: dict[str, str] = {}
        many: dict[str, list[str]] = {"site": [], "game": [], "stakes": []}
        for name, value in pairs:
            value = value.strip()
            if name in many:
                if value:
                    many[name].append(value)
            elif name in NAMES:
                single[name] = value
        given: dict[str, Any] = {**single, **{k: tuple(v) for k, v in many.items()}}
        return cls(**given)

    def selection(self, *, player: bool = True) -> Selection:
        """The hands these filters select (without the player unless ``player``);
        :class:`SelectionError` says what is wrong with one."""
        given: dict[str, Any] = {}
        if self.since:
            given["since"] = self.since
        if self.until:
            given["until"] = self.until
        for name in ("site", "game", "stakes"):
            if getattr(self, name):
                given[name] = list(getattr(self, name))
        if self.type not in TYPES:
            raise SelectionError(f"type: cash or tournament, not {self.type!r}")
        if self.type:
            given[self.type] = True
        if self.player and player:
            given["player"] = self.player
        if self.min_hands:
            try:
                given["min_hands"] = int(self.min_hands)
            except ValueError:
                raise SelectionError(f"minimum hands: a whole number, not {self.min_hands!r}"
                                     ) from None
        filters: Filters = given  # type: ignore[assignment]
        return Selection().where(**filters)

    def pairs(self, **changes: str | Sequence[str]) -> list[tuple[str, str]]:
        """The query's pairs, with ``changes`` (a filter set to a new value, or ``""``)."""
        changed: dict[str, Any] = {k: tuple(v) if isinstance(v, list | tuple) else v
                                   for k, v in changes.items()}
        f = replace(self, **changed)
        out: list[tuple[str, str]] = []
        for name in NAMES:
            value = getattr(f, name)
            values = value if isinstance(value, tuple) else (value,)
            out += [(name, v) for v in values if v]
        return out

    def query(self, **changes: str | Sequence[str]) -> str:
        """The URL query of these filters with ``changes`` (no ``?``)."""
        return urlencode(self.pairs(**changes))

    @property
    def active(self) -> bool:
        return any(self.pairs())


__all__ = ["NAMES", "PageFilters", "SelectionError"]
