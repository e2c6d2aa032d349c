"""Which hands a statistic, plot or export looks at: filters, player names, groupings.

A :class:`Selection` is what a user narrows the database to (dates, games, stakes,
sites, cash or tournament, a minimum sample); it becomes Parquet filters, so only the
selected rows are read (:meth:`Selection.parquet`), or applies to a table already in
memory (:meth:`Selection.apply`). Player names are matched as a user types them
(:func:`match_player`): exactly, else ignoring case, else the error says which names
come close. Hands whose site printed no time zone have no ``start_utc``: a date
filter cannot place them, so ``since``/``until`` leave them out (and say so in
:meth:`Selection.describe`).

>>> s = Selection(games=("razz",), tournament=False, min_hands=50)
>>> s.parquet()
[('game', 'in', ['razz']), ('tournament', '==', False)]
>>> s.describe()
'game razz, cash games, groups of at least 50 hands'
>>> match_player(["Hero", "Villain"], "hero")
'Hero'
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pandas as pd

from stud_hh.model.errors import UsageError

__all__ = ["Selection", "SelectionError", "UnknownPlayerError", "match_player", "parse_when"]


class SelectionError(UsageError):
    """A filter, grouping or player name that selects nothing or names nothing known."""


class UnknownPlayerError(SelectionError):
    """A player name found in no hand of the selection."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Selection:
    """The hands to look at. Every field left empty selects everything."""

    since: datetime | None = None
    """Hands that started at or after this moment (UTC)."""
    until: datetime | None = None
    """Hands that started before this moment (UTC)."""
    games: tuple[str, ...] = ()
    """Game codes: ``stud``, ``stud8``, ``razz``, ``five_stud``, ``razz27``."""
    stakes: tuple[str, ...] = ()
    """Stakes as stored (``0.10/0.20``, ``20/40``)."""
    sites: tuple[str, ...] = ()
    """Site names as stored (``PokerStars``); matched ignoring case."""
    tournament: bool | None = None
    """``True`` tournaments only, ``False`` cash games only, ``None`` both."""
    min_hands: int = 0
    """A summary row (a player, a group) needs at least this many hands to be shown."""

    @property
    def empty(self) -> bool:
        return self == Selection()

    def parquet(self, sites: Iterable[str] = (), stakes: Iterable[str] = ()
                ) -> list[tuple[str, str, Any]]:
        """The row filters, in :func:`pandas.read_parquet`'s form (an AND of terms).

        ``sites`` and ``stakes`` are the values the database holds, so that a site is
        matched ignoring case and stakes with or without currency signs (``0.10/0.20``
        is ``$0.10/$0.20``).
        """
        terms: list[tuple[str, str, Any]] = []
        if self.since is not None:
            terms.append(("start_utc", ">=", pd.Timestamp(self.since)))
        if self.until is not None:
            terms.append(("start_utc", "<", pd.Timestamp(self.until)))
        if self.games:
            terms.append(("game", "in", list(self.games)))
        if self.stakes:
            terms.append(("stakes", "in", _matching(self.stakes, stakes, _plain_stakes)))
        if self.sites:
            terms.append(("site", "in", _matching(self.sites, sites, str.casefold)))
        if self.tournament is not None:
            terms.append(("tournament", "==", self.tournament))
        return terms

    def apply(self, frame: pd.DataFrame) -> pd.DataFrame:
        """The rows of ``frame`` (any table with the filtered columns) in the selection."""
        keep = pd.Series(True, index=frame.index)
        known = {c: frame[c].astype("string").dropna().unique() if c in frame else ()
                 for c in ("site", "stakes")}
        for column, op, value in self.parquet(known["site"], known["stakes"]):
            values = frame[column]
            if op == "in":
                keep &= values.isin(value).fillna(False).astype(bool)
            elif op == "==":
                keep &= (values == value).fillna(False).astype(bool)
            elif op == ">=":
                keep &= (values >= value).fillna(False).astype(bool)
            else:
                keep &= (values < value).fillna(False).astype(bool)
        return frame[keep]

    def describe(self) -> str:
        """The selection in words, for a summary's heading ('' when it selects all)."""
        parts: list[str] = []
        if self.since is not None or self.until is not None:
            since = self.since.strftime("%Y-%m-%d %H:%M") if self.since else "the start"
            until = self.until.strftime("%Y-%m-%d %H:%M") if self.until else "now"
            parts.append(f"from {since} to {until} UTC (undated hands left out)")
        for label, values in (("game", self.games), ("stakes", self.stakes),
                              ("site", self.sites)):
            if values:
                parts.append(f"{label} {', '.join(values)}")
        if self.tournament is not None:
            parts.append("tournaments" if self.tournament else "cash games")
        if self.min_hands:
            parts.append(f"groups of at least {self.min_hands} hands")
        return ", ".join(parts)


def _plain_stakes(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit() or ch in "./").strip("/")


def _matching(wanted: Iterable[str], known: Iterable[str], key: Any) -> list[str]:
    """The stored values each wanted value means (itself where none matches)."""
    by_key: dict[str, list[str]] = {}
    for value in known:
        by_key.setdefault(key(value), []).append(value)
    out: list[str] = []
    for value in wanted:
        out.extend(by_key.get(key(value), [value]))
    return list(dict.fromkeys(out))


def parse_when(text: str, end: bool = False) -> datetime:
    """A date or moment a user types (``2026-03-14``, ``2026-03-14 18:30``), as UTC.

    Written without a zone, it is the machine's local time (the user's clock); a zone
    may be given (``2026-03-14T18:30+01:00``). A bare date means that day's start, or
    with ``end`` the next day's start (so ``--until 2026-03-14`` includes the 14th).

    >>> parse_when("2026-03-14T00:00+00:00").isoformat()
    '2026-03-14T00:00:00+00:00'
    >>> parse_when("2026-03-14T00:00+00:00", end=True).isoformat()  # a moment: as it is
    '2026-03-14T00:00:00+00:00'
    >>> (parse_when("2026-03-14", end=True) - parse_when("2026-03-14")).days
    1
    >>> parse_when("14/03/2026")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    stud_hh.analysis.select.SelectionError: not a date: '14/03/2026' (write 2026-03-14 or ...)
    """
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise SelectionError(f"not a date: {text!r} (write 2026-03-14 or "
                             "2026-03-14 18:30)") from None
    if end and len(text.strip()) <= 10:  # a bare date: up to the next day's start
        moment += timedelta(days=1)
    if moment.tzinfo is None:
        moment = moment.astimezone()  # the machine's local time
    return moment.astimezone(UTC)


def match_player(names: Iterable[str], wanted: str, what: str = "hands") -> str:
    """The stored name ``wanted`` means: itself, else the one name equal ignoring case.

    >>> match_player(["Hero", "hero2"], "HERO")
    'Hero'
    >>> match_player(["Hero", "Villain"], "Vilain")
    Traceback (most recent call last):
    ...
    stud_hh.analysis.select.UnknownPlayerError: no hands of 'Vilain'; did you mean 'Villain'?
    """
    known = [n for n in dict.fromkeys(names) if isinstance(n, str)]
    if wanted in known:
        return wanted
    folded = [n for n in known if n.casefold() == wanted.casefold()]
    if len(folded) == 1:
        return folded[0]
    if folded:
        raise UnknownPlayerError(f"{wanted!r} matches {len(folded)} players that differ only "
                                 f"in case: {', '.join(sorted(folded))}; write one exactly")
    close = _close_names(known, wanted)
    hint = f"; did you mean {' or '.join(repr(n) for n in close)}?" if close else \
        f" among the {len(known):,} players of this selection"
    raise UnknownPlayerError(f"no {what} of {wanted!r}{hint}")


def _close_names(known: Sequence[str], wanted: str) -> list[str]:
    by_folded: dict[str, str] = {}
    for name in known:
        by_folded.setdefault(name.casefold(), name)
    close = difflib.get_close_matches(wanted.casefold(), list(by_folded), n=3, cutoff=0.6)
    starts = [f for f in by_folded if f.startswith(wanted.casefold()) and f not in close]
    return [by_folded[f] for f in (close + starts)[:3]]
