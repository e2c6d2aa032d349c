"""Which hands a statistic, plot, export or table read looks at: filters and player names.

A :class:`Selection` is what a user narrows the database to: dates, games, stakes,
sites, cash or tournament, a player, a minimum sample. The command line's filter
options (``--since``, ``--game``, ``--cash``, ``--player`` ...), the Python API's keyword
filters of the same names (``db.players(game="razz", cash=True)``,
``stats.player_summary(players, since="2026-03-01")``) and a ``Selection`` itself are one
thing, checked the same way: a value that names nothing raises :class:`SelectionError`
(a player with a "did you mean"), never an empty result that looks like an answer.

Against a database, :func:`resolve` matches each value to what is stored (a site in any
case, stakes with or without currency signs, a player's name in any case) and the
selection becomes Parquet filters, so only the selected rows are read
(:func:`read_selected`); :meth:`Selection.apply` does the same to a table already in
memory. Hands whose site printed no time zone have no ``start_utc``: a date filter
cannot place them, so ``since``/``until`` leave them out and say so (the count in
:attr:`Resolved.undated`, an :class:`UndatedHandsWarning` from the Python API, a line
from the command line).

>>> s = Selection(games=("razz",), tournament=False, min_hands=50)
>>> s.parquet()
[('game', 'in', ['razz']), ('tournament', '==', False)]
>>> s.describe()
'game razz, cash games, groups of at least 50 hands'
>>> Selection().where(game="razz", cash=True, min_hands=50) == s
True
>>> Selection().where(games="razz")
Traceback (most recent call last):
...
stud_hh.store.select.SelectionError: no filter 'games'; did you mean 'game'?
>>> match_player(["Hero", "Villain"], "hero")
'Hero'
"""

from __future__ import annotations

import dataclasses
import difflib
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from typing import Any, TypedDict, Unpack

import pandas as pd
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from stud_hh.model.errors import UsageError
from stud_hh.model.events import Game
from stud_hh.rules.games import game_code

__all__ = ["Filters", "HandFilters", "Resolved", "Selection", "SelectionError",
           "UndatedHandsWarning", "UnknownPlayerError", "check_values", "hand_keys",
           "match_player", "parse_when", "read_selected", "resolve", "undated_note"]

Term = tuple[str, str, Any]
Read = Callable[[str, Sequence[str] | None, Any], pd.DataFrame]
"""``read(table, columns, filters)``: a table's rows as pandas (filters as
:meth:`Database.table` takes them: terms, or a ``pyarrow.dataset`` expression)."""

HAND_TABLES = ("hands", "players")
"""Tables that carry every filtered column (site, game, stakes, tournament, start)."""
KEYED_TABLES = ("actions", "pots", "violations", "unverifiable")
"""Tables of rows that belong to a stored hand: selected by their hand's key."""
GAMES = tuple(g.value for g in Game)


class SelectionError(UsageError):
    """A filter, grouping or player name that selects nothing or names nothing known."""


class UnknownPlayerError(SelectionError):
    """A player name found in no hand of the selection."""


class UndatedHandsWarning(UserWarning):
    """A date filter left out hands that have no date (their site printed no time zone)."""


class HandFilters(TypedDict, total=False):
    """The keyword filters of the Python API but ``player`` (see :class:`Filters`)."""

    since: str | date | datetime
    until: str | date | datetime
    game: str | Sequence[str]
    stakes: str | Sequence[str]
    site: str | Sequence[str]
    cash: bool
    tournament: bool
    min_hands: int


class Filters(HandFilters, total=False):
    """The keyword filters of the Python API: the command line's options, by their names.

    ``since`` and ``until`` take what ``--since``/``--until`` take (``"2026-03-14"``,
    ``"2026-03-14 18:30"``, a zone if wanted) or a ``date``/``datetime`` (without a zone:
    the machine's clock); ``until`` as a bare date includes that day. ``game``,
    ``stakes`` and ``site`` take one value or several; ``player`` a name in any case.
    """

    player: str


_FILTER_NAMES = tuple(Filters.__annotations__)  # HandFilters' names, then player


def _values(name: str, value: object) -> tuple[str, ...]:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, Iterable) and all(isinstance(v, str) for v in value):
        return tuple(value)
    raise SelectionError(f"{name}: give a text or a list of texts, not {value!r}")


def _close(wanted: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(wanted, list(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Selection:
    """The hands to look at. Every field left empty selects everything."""

    since: datetime | None = None
    """Hands that started at or after this moment (UTC; a naive one is the machine's clock)."""
    until: datetime | None = None
    """Hands that started before this moment."""
    games: tuple[str, ...] = ()
    """Game codes: ``stud``, ``stud8``, ``razz``, ``five_stud``, ``razz27`` (a game's name as
    reports print it, ``stud hi/lo``, is taken for its code)."""
    stakes: tuple[str, ...] = ()
    """Stakes as stored (``$0.10/$0.20``, ``20/40``); the currency sign may be left out."""
    sites: tuple[str, ...] = ()
    """Site names as stored (``PokerStars``); matched ignoring case."""
    tournament: bool | None = None
    """``True`` tournaments only, ``False`` cash games only, ``None`` both."""
    player: str | None = None
    """Only this player, a name as typed (exact, else ignoring case). In the ``players``
    table: the player's own rows; in the tables of hands, actions, pots, violations and
    unverifiable checks: the rows of the hands the player was dealt into."""
    min_hands: int = 0
    """A summary row (a player, a group) needs at least this many hands to be shown. It
    narrows summaries (the statistics functions, ``stud-hh stats``), not table rows."""

    def __post_init__(self) -> None:
        for name in ("games", "stakes", "sites"):
            object.__setattr__(self, name, _values(name, getattr(self, name)))
        games = tuple(game_code(g) or g.casefold() for g in self.games)
        for game in games:
            if game not in GAMES:
                raise SelectionError(f"no game {game!r}{_close(game, GAMES)} (the games are "
                                     f"{', '.join(GAMES)})")
        object.__setattr__(self, "games", games)
        for name in ("since", "until"):
            moment = getattr(self, name)
            if moment is not None and not isinstance(moment, datetime):
                raise SelectionError(f"{name}: a datetime, not {moment!r} (or use "
                                     "Selection().where(...), which reads dates as text)")
            if moment is not None:
                object.__setattr__(self, name, moment.astimezone(UTC))
        if self.since is not None and self.until is not None and self.since >= self.until:
            raise SelectionError(f"since ({self.since:%Y-%m-%d %H:%M}) is not before until "
                                 f"({self.until:%Y-%m-%d %H:%M} UTC): no hand is in between")
        if self.tournament not in (None, True, False):
            raise SelectionError(f"tournament: True, False or None, not {self.tournament!r}")
        if not isinstance(self.min_hands, int) or self.min_hands < 0:
            raise SelectionError(f"min_hands: a whole number from 0, not {self.min_hands!r}")
        if self.player is not None and (not isinstance(self.player, str) or not self.player):
            raise SelectionError(f"player: a name, not {self.player!r}")

    @property
    def empty(self) -> bool:
        return self == Selection()

    @property
    def narrows_hands(self) -> bool:
        """Whether it leaves any hand out (everything but ``min_hands`` does)."""
        return dataclasses.replace(self, min_hands=0) != Selection()

    @property
    def dated(self) -> bool:
        return self.since is not None or self.until is not None

    def where(self, **filters: Unpack[Filters]) -> Selection:
        """This selection narrowed by keyword filters, named as the command line's options.

        >>> Selection().where(game=["stud", "razz"], tournament=True).describe()
        'game stud, razz, tournaments'
        >>> Selection().where(cash=True, tournament=True)
        Traceback (most recent call last):
        ...
        stud_hh.store.select.SelectionError: cash and tournament exclude each other
        """
        changes: dict[str, Any] = {}
        for name, value in filters.items():
            if name not in _FILTER_NAMES:
                hint = _close(name, _FILTER_NAMES) or \
                    f" (the filters are {', '.join(_FILTER_NAMES)})"
                raise SelectionError(f"no filter {name!r}{hint}")
            if name in ("since", "until"):
                changes[name] = _moment(name, value, end=name == "until")
            elif name in ("game", "stakes", "site"):
                changes[{"game": "games", "site": "sites"}.get(name, name)] = \
                    _values(name, value)
            elif name != "cash":
                changes[name] = value
        if "cash" in filters:
            cash = filters["cash"]
            if not isinstance(cash, bool):
                raise SelectionError(f"cash: True or False, not {cash!r}")
            if "tournament" in filters and filters["tournament"] == cash:
                raise SelectionError("cash and tournament exclude each other")
            changes["tournament"] = not cash
        return dataclasses.replace(self, **changes)

    def parquet(self, sites: Iterable[str] = (), stakes: Iterable[str] = ()
                ) -> list[Term]:
        """The row filters, in :func:`pandas.read_parquet`'s form (an AND of terms).

        ``sites`` and ``stakes`` are the values the database holds, so that a site is
        matched ignoring case and stakes with or without currency signs (``0.10/0.20``
        is ``$0.10/$0.20``). The player is not among them (:func:`resolve` matches it).
        """
        terms: list[Term] = []
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

    def apply(self, frame: pd.DataFrame, *, warn: bool = True, stacklevel: int = 1
              ) -> pd.DataFrame:
        """The rows of ``frame`` (the players table, or any with the filtered columns) in
        the selection, matched as :func:`resolve` matches them against a database.

        A value naming nothing in ``frame`` raises :class:`SelectionError`; with
        ``warn``, undated hands a date filter leaves out give an
        :class:`UndatedHandsWarning` (``stacklevel`` 1: at the caller's line).
        """
        known = _known(self, lambda column: frame.get(column))
        terms = self.parquet(known.get("site", ()), known.get("stakes", ()))
        base = _mask(frame, [t for t in terms if t[0] != "start_utc"])
        dates = _mask(frame, [t for t in terms if t[0] == "start_utc"])
        if self.player is not None:
            if "player" not in frame:
                raise SelectionError("cannot select a player: these rows have no player column")
            name = match_player(frame.loc[base & dates, "player"].astype("string").unique(),
                                self.player)
            base &= (frame["player"] == name).fillna(False).astype(bool)
        if warn and self.dated:
            undated = frame[base & frame["start_utc"].isna()]
            count = (len(undated[["site", "hand_id"]].drop_duplicates())
                     if {"site", "hand_id"} <= set(frame) else len(undated))
            _warn(count, stacklevel + 1)
        return frame[base & dates]

    def describe(self, player: bool = True) -> str:
        """The selection in words, for a summary's heading ('' when it selects all)."""
        parts: list[str] = []
        if self.player is not None and player:
            parts.append(f"player {self.player}")
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


def _mask(frame: pd.DataFrame, terms: Iterable[Term]) -> pd.Series:
    """Which rows of ``frame`` pass every term (a missing value passes none)."""
    keep = pd.Series(True, index=frame.index)
    for column, op, value in terms:
        if column not in frame:
            raise SelectionError(f"cannot select by {column}: these rows lack it")
        values = frame[column]
        if op == "in":
            passed = values.isin(value)
        elif op == "==":
            passed = values == value
        elif op == ">=":
            passed = values >= value
        else:
            passed = values < value
        keep &= passed.fillna(False).astype(bool)
    return keep


def _moment(name: str, value: object, end: bool) -> datetime:
    if isinstance(value, datetime):
        return value
    if isinstance(value, date):
        return parse_when(value.isoformat(), end=end)
    if isinstance(value, str):
        return parse_when(value, end=end)
    raise SelectionError(f"{name}: a date as text (2026-03-14), a date or a datetime, "
                         f"not {value!r}")


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


_CHECKED = (("site", "sites", str.casefold, "no hands of site {!r}"),
            ("stakes", "stakes", _plain_stakes, "no hands at stakes {!r}"),
            ("game", "games", str.casefold, "no {} hands"))


def _known(selection: Selection, column: Callable[[str], pd.Series | None]
           ) -> dict[str, list[str]]:
    """The stored sites, stakes and games the selection's values are matched against;
    :class:`SelectionError` for a value that names none of them."""
    known: dict[str, list[str]] = {}
    for name, field, key, none in _CHECKED:
        wanted: tuple[str, ...] = getattr(selection, field)
        if not wanted:
            continue
        values = column(name)
        if values is None:
            raise SelectionError(f"cannot select by {name}: these rows lack it")
        stored = sorted(str(v) for v in values.astype("string").dropna().unique())
        known[name] = stored
        keys = {key(v) for v in stored}
        for value in wanted:
            if key(value) in keys:
                continue
            if not stored:
                raise SelectionError(none.format(value) + " (no hands are selected)")
            shown = ", ".join(stored[:12]) + (", ..." if len(stored) > 12 else "")
            plural = {"site": "sites", "game": "games"}.get(name, name)
            hint = ("" if name == "game" else _close(value, stored)) or \
                f" (the {plural} stored: {shown})"
            raise SelectionError(none.format(value) + hint)
    return known


def check_values(selection: Selection, stored: Callable[[str], Sequence[str]]) -> None:
    """:class:`SelectionError` for a site, stakes or game of ``selection`` that names none
    of the values stored (``stored(column)``: the distinct values of ``site``, ``stakes``
    or ``game``), as :func:`resolve` says it; for a reader that is not a :class:`Read`
    (a SQL connection).

    >>> check_values(Selection(sites=("Stars",)), lambda column: ["PokerStars"])
    Traceback (most recent call last):
    ...
    stud_hh.store.select.SelectionError: no hands of site 'Stars'; did you mean 'PokerStars'?
    """
    _known(selection, lambda column: pd.Series(list(stored(column)), dtype="string"))


def _warn(undated: int, stacklevel: int) -> None:
    """Warn of ``undated`` hands left out (``stacklevel`` 1: at the caller's line)."""
    if undated:
        warnings.warn(undated_note(undated), UndatedHandsWarning, stacklevel=stacklevel + 1)


def undated_note(undated: int) -> str:
    """What a date filter left out, in words.

    >>> undated_note(3)
    '3 undated hands left out by the date filter (their site printed no time zone)'
    """
    return (f"{undated:,} undated hand{'s' if undated != 1 else ''} left out by the date "
            "filter (their site printed no time zone)")


@dataclass(frozen=True, slots=True)
class Resolved:
    """A selection matched to one database's values: what :func:`read_selected` reads."""

    selection: Selection
    terms: tuple[Term, ...]
    """Filters on the columns every hand row has, with the values as stored."""
    player: str | None
    """The player's name as stored."""
    undated: int
    """Hands the other filters keep that the date filter leaves out, having no date."""

    def note(self) -> str:
        """'' or the sentence saying which hands the date filter left out."""
        return undated_note(self.undated) if self.undated else ""

    def warn(self, stacklevel: int = 1) -> None:
        """Say, as an :class:`UndatedHandsWarning`, which hands the date filter left out
        (``stacklevel`` 1: at the caller's line)."""
        _warn(self.undated, stacklevel + 1)


def resolve(selection: Selection, read: Read,
            match: Callable[[Iterable[str], str], str] | None = None) -> Resolved:
    """``selection`` matched against what a database holds (read through ``read``).

    Sites, stakes and games are checked against the stored values and the player's
    name against the names of the selected hands (with ``match``, default
    :func:`match_player`; a database's people match a person's other names too): one that
    names nothing raises :class:`SelectionError` (:class:`UnknownPlayerError`, with a "did
    you mean").
    """
    known = _known(selection, lambda column: read("hands", [column], None)[column])
    terms = selection.parquet(known.get("site", ()), known.get("stakes", ()))
    player = None
    if selection.player is not None:
        names = read("players", ["player"], terms or None)["player"]
        player = (match or match_player)(names.astype("string").dropna().unique(),
                                         selection.player)
    undated = 0
    if selection.dated:
        others = [t for t in terms if t[0] != "start_utc"]
        if player is not None:  # the player's own hands, as terms (a person is several names)
            dealt = read("players", ["start_utc"],
                         [*others, ("player", "==", player), ("dealt", "==", True)])
            undated = int(dealt["start_utc"].isna().sum())
        else:
            missing = ds.field("start_utc").is_null()
            expression = pq.filters_to_expression(others) & missing if others else missing
            undated = len(read("hands", ["hand_id"], expression))
    return Resolved(selection, tuple(terms), player, undated)


def _expression(filters: Any) -> Any:
    if filters is None:
        return None
    if isinstance(filters, ds.Expression):
        return filters
    return pq.filters_to_expression(filters) if len(filters) else None


def _and(*parts: Any) -> Any:
    found = [p for p in parts if p is not None]
    if not found:
        return None
    out = found[0]
    for part in found[1:]:
        out = out & part
    return out


def hand_keys(resolved: Resolved, read: Read) -> pd.DataFrame:
    """``site`` and ``hand_id`` of every selected hand (a player's: those they were dealt)."""
    terms = list(resolved.terms)
    if resolved.player is not None:
        terms += [("player", "==", resolved.player), ("dealt", "==", True)]
        return read("players", ["site", "hand_id"], terms).drop_duplicates()
    return read("hands", ["site", "hand_id"], terms or None)


def read_selected(resolved: Resolved, read: Read, table: str,
                  columns: Sequence[str] | None = None, filters: Any = None) -> pd.DataFrame:
    """The rows of ``table`` in the selection (and in ``filters``, when given).

    ``hands`` and ``players`` are filtered on their own columns (pushed down to Parquet);
    the rows of ``actions``, ``pots``, ``violations`` and ``unverifiable`` by their hand's
    key; ``failures``, ``conflicts`` and ``files`` hold no stored hands and take no
    selection (:class:`SelectionError`).
    """
    if not resolved.selection.narrows_hands:
        return read(table, columns, filters)
    if table not in HAND_TABLES + KEYED_TABLES:
        raise SelectionError(f"the {table} table holds no stored hands: a selection of "
                             "hands does not apply to it")
    terms = list(resolved.terms)
    if table == "players" and resolved.player is not None:
        terms.append(("player", "==", resolved.player))
    if table == "players" or (table == "hands" and resolved.player is None):
        if filters is None or (isinstance(filters, list)
                               and all(isinstance(t, tuple) for t in filters)):
            # as terms: a database with people reads a term on player as a person's names
            return read(table, columns, [*terms, *(filters or [])] or None)
        return read(table, columns, _and(_expression(terms), _expression(filters)))
    keys = hand_keys(resolved, read)
    ids = ds.field("hand_id").isin(pd.unique(keys["hand_id"].astype(str)).tolist())
    wanted = list(columns) if columns is not None else None
    loaded = None if wanted is None else list(dict.fromkeys([*wanted, "site", "hand_id"]))
    rows = read(table, loaded, _and(ids, _expression(filters)))
    pairs = pd.MultiIndex.from_frame(keys[["site", "hand_id"]].astype(str))
    inside = pd.MultiIndex.from_frame(rows[["site", "hand_id"]].astype(str)).isin(pairs)
    chosen = rows[inside].reset_index(drop=True)
    return chosen if wanted is None else chosen[wanted]


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
    stud_hh.store.select.SelectionError: not a date: '14/03/2026' (write 2026-03-14 or ...)
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
    stud_hh.store.select.UnknownPlayerError: no hands of 'Vilain'; did you mean 'Villain'?
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
