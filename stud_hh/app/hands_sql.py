"""The hands of a selection, a page at a time, newest first: the *Hands* page's queries.

Besides the command line's filters (:class:`~stud_hh.app.filters.PageFilters`) the page has
its own (:class:`HandFilters`, in the URL too): ``result=won|lost`` (the player's net),
``allin=1`` (someone went all in), ``showdown=1``, ``violations=1`` (the replay found a
broken rule), ``tag=TAG`` (a player carrying the tag sat in: the tags are the notes'),
``spot=NAME`` (the player had the opportunity of the statistic ``NAME`` of
:data:`~stud_hh.analysis.stats.SUMMARY`, ``HILO`` or ``STREET_RATIOS``: its ``opportunity``
columns), and ``page=N``.

Everything is counted by DuckDB over the committed parts, and only a page of rows comes
back: the page's keys in one query (``ORDER BY ... LIMIT ... OFFSET``) over ``hands``, or
over the player's rows of ``people_players`` when a player is filtered (with the player's
columns when the filters select at most :data:`WIDE` rows, else read for the page's hands
after); the count in another; then, for those hands only, the hands' columns
(``hand_id IN`` the page's ids, and ``BETWEEN`` their least and greatest so that DuckDB
skips the row groups that hold none). Kept per database version
(:meth:`~stud_hh.app.source.Source.cached`): each count, the filters' condition, the
players' names, and who won or went all in (:func:`outcomes`).

>>> HandFilters.of([("result", "won"), ("allin", "1"), ("page", "2")]).pairs()
[('result', 'won'), ('allin', '1'), ('page', '2')]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.compute as pc

from stud_hh.analysis.duck import _DERIVED_SQL
from stud_hh.analysis.stats import HILO, STREET_RATIOS, SUMMARY, Ratio
from stud_hh.app.filters import PageFilters
from stud_hh.app.players_sql import PLAYERS, where
from stud_hh.app.source import Source
from stud_hh.store.select import SelectionError, match_player

if TYPE_CHECKING:
    import duckdb

PAGE_SIZE = 50
"""Hands per page."""

SPOTS: dict[str, Ratio] = {ratio.name: ratio for ratio in SUMMARY + HILO + STREET_RATIOS}
"""The statistics whose opportunity ``spot=`` names, by name: every one a leak may be in
(the Leaks page links each leak to its hands)."""

_FLAGS = ("allin", "showdown", "violations")


@dataclass(frozen=True, slots=True)
class HandFilters:
    """The Hands page's own filters (see the module), read from the URL; a value that
    means nothing raises :class:`~stud_hh.store.select.SelectionError`."""

    result: str = ""
    allin: bool = False
    showdown: bool = False
    violations: bool = False
    tag: str = ""
    spot: str = ""
    page: int = 1

    @classmethod
    def of(cls, pairs: Iterable[tuple[str, str]]) -> HandFilters:
        given: dict[str, Any] = {}
        for name, value in pairs:
            value = value.strip()
            if name in _FLAGS:
                if value not in ("", "0", "1"):
                    raise SelectionError(f"{name}: 1 or nothing, not {value!r}")
                given[name] = value == "1"
            elif name in ("result", "tag", "spot"):
                given[name] = value
            elif name == "page":
                given[name] = _page(value)
        made = cls(**given)
        if made.result not in ("", "won", "lost"):
            raise SelectionError(f"result: won or lost, not {made.result!r}")
        if made.spot and made.spot not in SPOTS:
            raise SelectionError(f"spot: one of {', '.join(SPOTS)}, not {made.spot!r}")
        return made

    def pairs(self, **changes: Any) -> list[tuple[str, str]]:
        """The URL's pairs of these filters with ``changes``, empty ones left out."""
        f = replace(self, **changes)
        out: list[tuple[str, str]] = []
        for field in fields(f):
            value = getattr(f, field.name)
            if field.name == "page":
                if value != 1:
                    out.append(("page", str(value)))
            elif isinstance(value, bool):
                if value:
                    out.append((field.name, "1"))
            elif value:
                out.append((field.name, str(value)))
        return out

    @property
    def needs_player(self) -> str | None:
        """The filter that reads the player's own row (``None``: none does)."""
        return "result" if self.result else ("spot" if self.spot else None)


def _page(value: str) -> int:
    try:
        page = int(value or "1")
    except ValueError:
        page = 0
    if page < 1:
        raise SelectionError(f"page: a whole number from 1, not {value!r}")
    return page


def opportunity_sql(ratio: Ratio) -> str:
    """The SQL condition of a player-hand where ``ratio`` had its opportunity (its
    opportunity columns summed over the row are above 0, as the statistic counts them).

    >>> opportunity_sql(SPOTS["steal"])
    '(coalesce(CAST("steal_opp" AS BIGINT), 0)) > 0'
    """
    names = (ratio.opportunity,) if isinstance(ratio.opportunity, str) else ratio.opportunity
    terms = [f"coalesce(CAST({_DERIVED_SQL.get(n, _column(n))} AS BIGINT), 0)" for n in names]
    return f"({' + '.join(terms)}) > 0"


def _column(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


@dataclass(frozen=True, slots=True)
class Outcomes:
    """Who won each hand and which hands had an all-in: the rows of ``people_players`` of a
    player who collected chips or went all in (about one in seven), read once per database
    version, so that a page finds its winners in memory rather than in every player-hand."""

    table: pa.Table
    """``site``, ``hand_id``, ``player``, ``collected``, ``won``."""
    all_in: pa.Table
    """The hands where someone went all in: ``site``, ``hand_id`` (for SQL)."""
    all_in_keys: frozenset[tuple[str, str]]

    def winners(self, ids: Sequence[str]) -> dict[tuple[str, str], list[str]]:
        """The winners of the hands ``ids``, by hand, the most collected first."""
        rows = self.table.filter(pc.is_in(self.table.column("hand_id"),
                                          value_set=pa.array(list(ids), pa.string())))
        found = sorted((-int(collected or 0), str(name), (str(site), str(hand_id)))
                       for site, hand_id, name, collected, won in zip(
                           *(rows.column(c).to_pylist() for c in (
                               "site", "hand_id", "player", "collected", "won")), strict=True)
                       if won)
        out: dict[tuple[str, str], list[str]] = {}
        for _, name, key in found:
            out.setdefault(key, []).append(name)
        return out


def outcomes(source: Source) -> Outcomes:
    """The :class:`Outcomes` of the source's database (kept until it changes)."""

    def compute(cur: duckdb.DuckDBPyConnection) -> Outcomes:
        table: pa.Table = cur.sql(
            f"SELECT CAST(site AS VARCHAR) AS site, hand_id, player, collected, "
            f"coalesce(won, false) AS won, coalesce(all_in, false) AS all_in FROM {PLAYERS} "
            f"WHERE won OR all_in").to_arrow_table()
        went = table.filter(table.column("all_in")).select(["site", "hand_id"])
        keys = frozenset(zip(went.column("site").to_pylist(),
                             went.column("hand_id").to_pylist(), strict=True))
        ordered = sorted(keys)
        unique = pa.table({"site": pa.array([k[0] for k in ordered], pa.string()),
                           "hand_id": pa.array([k[1] for k in ordered], pa.string())})
        return Outcomes(table.select(["site", "hand_id", "player", "collected", "won"]),
                        unique, keys)

    return source.cached(("hands", "outcomes"), compute)


@dataclass(frozen=True, slots=True)
class Page:
    """One page of the list: its rows (newest first), how many hands the filters select,
    and the page's number among how many."""

    rows: list[dict[str, Any]]
    total: int
    page: int
    pages: int
    player: str | None
    """The stored name of the filtered player (``None``: no player filtered)."""
    note: str = ""
    """Why the list is empty when the reason is not the filters alone."""


_HAND_COLUMNS = ("site", "hand_id", "start_utc", "start_local", "table", "game", "limit",
                 "stakes", "currency", "scale", "tournament", "tournament_id", "pot",
                 "showdown", "violations")
_MINE = ("net", "hole_cards", "door_card", "cards_shown", "saw_showdown", "all_in")
"""The player's columns a row shows."""
WIDE = 2_000
"""Up to this many rows, the player's columns come with the page's keys."""


def _own(cur: duckdb.DuckDBPyConnection, own: HandFilters, tagged: Sequence[str] | None,
         source: Source, *, player: bool) -> tuple[list[str], list[Any]]:
    """The page filters as conditions on ``hands`` (no player) or on the player's rows,
    where the showdown and the all-in are the player's own."""
    conditions: list[str] = []
    values: list[Any] = []
    if own.showdown:
        conditions.append("saw_showdown" if player else "showdown")
    if own.violations:
        conditions.append("(site, hand_id) IN (SELECT CAST(site AS VARCHAR), hand_id FROM "
                          "hands WHERE violations > 0)" if player else "violations > 0")
    if own.allin and player:
        conditions.append("all_in")
    elif own.allin:
        cur.register("_all_in_hands", outcomes(source).all_in)
        conditions.append("(site, hand_id) IN (SELECT site, hand_id FROM _all_in_hands)")
    if tagged is not None:
        if not tagged:
            conditions.append("false")
        else:
            conditions.append(f"(site, hand_id) IN (SELECT CAST(site AS VARCHAR), hand_id "
                              f"FROM {PLAYERS} WHERE dealt AND player IN "
                              f"({', '.join('?' for _ in tagged)}))")
            values += list(tagged)
    if player and own.result:
        conditions.append("net > 0" if own.result == "won" else "net < 0")
    if player and own.spot:
        conditions.append(opportunity_sql(SPOTS[own.spot]))
    return conditions, values


@dataclass(frozen=True, slots=True)
class _Query:
    """The rows the filters select: a table (``hands``, or ``people_players`` with a
    player), its condition and values, and the player's stored name."""

    table: str
    condition: str
    values: tuple[Any, ...]
    player: str | None
    min_hands: int


def player_names(source: Source) -> list[str]:
    """Every player's name in ``people_players`` (kept per database version)."""
    return source.cached(("hands", "player names"), lambda cur: [str(r[0]) for r in cur.execute(
        f"SELECT DISTINCT player FROM {PLAYERS}").fetchall()])


def _query(source: Source, filters: PageFilters) -> _Query:
    """The command line's filters as a condition on ``hands`` or the player's rows: the
    sites and stakes matched to those ``hands`` holds (the columns are the same in
    ``people_players``), the player's name to the names kept per database version, as
    :func:`~stud_hh.analysis.duck.where_sql` matches them (kept too)."""
    selection = filters.selection(player=False)
    condition, values = source.cached(("hands", "where", selection),
                                      lambda cur: where(cur, selection, "hands"))
    if not filters.player:
        return _Query("hands", condition, tuple(values), None, selection.min_hands)
    name = match_player(player_names(source), filters.player)
    return _Query(PLAYERS, f"dealt AND {condition} AND player = ?", (*values, name), name,
                  selection.min_hands)


def hands_page(source: Source, filters: PageFilters, own: HandFilters,
               tagged: Sequence[str] | None) -> Page:
    """The page ``own.page`` of the hands ``filters`` and ``own`` select (``tagged``: the
    players carrying ``own.tag``, ``None`` without a tag filter)."""
    if own.needs_player and not filters.player:
        raise SelectionError(f"{own.needs_player}: name a player (the filter reads the "
                             "player's own hands)")
    query = _query(source, filters)
    if query.player is not None and query.min_hands:
        hands = source.cached(("hands", "count", query), lambda cur: _count(cur, query))
        if hands < query.min_hands:
            return Page([], 0, 1, 1, query.player, f"{query.player} has {hands:,} hands in "
                        f"this selection, fewer than the minimum of {query.min_hands:,}.")
    tags = None if tagged is None else tuple(tagged)
    total = source.cached(("hands", "count", query, replace(own, page=1), tags),
                          lambda cur: _count(cur, query, _own(cur, own, tags, source,
                                                              player=bool(query.player))))
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(own.page, pages)
    # the player's columns come with the page's keys when they are few; of many, the page
    # reads its keys alone and then the player's rows of those hands (sorting many wide
    # rows to skip most of them costs more than reading 50 again)
    mine = _MINE if query.player is not None and total <= WIDE else ()
    with source.cursor() as cur:
        conditions, more = _own(cur, own, tags, source, player=query.player is not None)
        found = cur.execute(
            f"SELECT {_columns(('site', 'hand_id', *mine))} FROM {query.table} "
            f"WHERE {' AND '.join([query.condition, *conditions])} "
            f"ORDER BY start_utc DESC NULLS LAST, site, hand_id DESC "
            f"LIMIT {PAGE_SIZE} OFFSET {(page - 1) * PAGE_SIZE}", [*query.values, *more]
        ).fetchall()
        keys = [(str(r[0]), str(r[1])) for r in found]
        theirs = {key: dict(zip(mine, r[2:], strict=True))
                  for key, r in zip(keys, found, strict=True)} if mine else {}
        if query.player is not None and not mine:
            theirs = _their_rows(cur, keys, query.player)
        rows = _rows(cur, source, keys, theirs)
    return Page(rows, total, page, pages, query.player)


def _count(cur: duckdb.DuckDBPyConnection, query: _Query,
           own: tuple[Sequence[str], Sequence[Any]] = ((), ())) -> int:
    """How many rows ``query`` selects, with the page's own conditions ``own``."""
    conditions, more = own
    found = cur.execute(f"SELECT count(*) FROM {query.table} WHERE "
                        f"{' AND '.join([query.condition, *conditions])}",
                        [*query.values, *more]).fetchone()
    return int(found[0]) if found else 0


def _columns(names: Sequence[str]) -> str:
    return ", ".join("CAST(site AS VARCHAR)" if n == "site" else _column(n) for n in names)


def _within(keys: list[tuple[str, str]]) -> tuple[str, list[str]]:
    """The condition of the rows of the hands ``keys``: ``hand_id IN`` theirs, and
    ``BETWEEN`` the least and the greatest so that DuckDB passes over the row groups that
    hold none of them."""
    ids = sorted({h for _, h in keys})
    return (f"hand_id BETWEEN ? AND ? AND hand_id IN ({', '.join('?' for _ in ids)})",
            [ids[0], ids[-1], *ids])


def _their_rows(cur: duckdb.DuckDBPyConnection, keys: list[tuple[str, str]], player: str
                ) -> dict[tuple[str, str], dict[str, Any]]:
    """The player's columns in each hand of ``keys``."""
    if not keys:
        return {}
    within, values = _within(keys)
    found = cur.execute(f"SELECT {_columns(('site', 'hand_id', *_MINE))} FROM {PLAYERS} "
                        f"WHERE {within} AND player = ?", [*values, player]).fetchall()
    return {(str(r[0]), str(r[1])): dict(zip(_MINE, r[2:], strict=True)) for r in found}


def _rows(cur: duckdb.DuckDBPyConnection, source: Source, keys: list[tuple[str, str]],
          theirs: dict[tuple[str, str], dict[str, Any]]) -> list[dict[str, Any]]:
    """The rows of the hands ``keys``, in order: each hand's columns, its winners (the
    most collected first) and whether someone went all in; with a player (``theirs``:
    their columns by hand), their cards and net, and the showdown and the all-in theirs."""
    if not keys:
        return []
    within, values = _within(keys)
    hands = {(str(r[0]), str(r[1])): dict(zip(_HAND_COLUMNS, r, strict=True))
             for r in cur.execute(f"SELECT {_columns(_HAND_COLUMNS)} FROM hands "
                                  f"WHERE {within}", values).fetchall()}
    known = outcomes(source)
    winners = known.winners(sorted({h for _, h in keys}))
    rows = []
    for key in keys:
        row = {**hands.get(key, {"site": key[0], "hand_id": key[1]}),
               "winners": winners.get(key, []), "all_in": key in known.all_in_keys}
        if key in theirs:
            mine = dict(theirs[key])
            row["showdown"] = mine.pop("saw_showdown")
            row.update(mine)
        rows.append(row)
    return rows
