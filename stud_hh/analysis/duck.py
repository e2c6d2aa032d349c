"""The statistics' sums computed by DuckDB over the Parquet parts, for large databases.

:func:`stud_hh.analysis.stats.partial_sums` sums each statistic's flags per group in
pandas, from a players table loaded whole; on a million player-hands that is seconds and
a gigabyte. :func:`partial_sums` here is the same step written as one SQL aggregation
(:func:`sums_sql`), run by DuckDB over the committed parts (:func:`stud_hh.store.sql.connect`)
with the selection's filters as its ``WHERE``: only the group sums come back, and
:func:`stud_hh.analysis.stats.finish_sums` turns them into the summary exactly as it does
the pandas sums. The statistics stay declared once (:data:`~stud_hh.analysis.stats.SUMMARY`
and the rest); what SQL needs besides them is the few derived flags and groupings, written
here beside their pandas twins and tested equal to them on the corpus.

Sums of parts of the rows add up to the sums of all of them. A connection may hold the
*kept sums* of a players view (:func:`kept_sums_sql`: every statistic's flags and the
money summed per player, site, game, stakes, money level and UTC hour; the app keeps them
up to date as parts are committed, :mod:`stud_hh.app.kept`): then a summary whose groups,
statistics and filters they hold (dates on whole UTC hours) adds up those tens of
thousands of rows instead of the million, to the same integers (:func:`partial_sums`
chooses, and falls back to the rows for anything else).

>>> print(sums_sql(["player"], (), with_money=False))  # doctest: +ELLIPSIS
SELECT "player" AS "player", count(*) AS "_rows" FROM players WHERE dealt GROUP BY ALL
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

import pandas as pd

from stud_hh.analysis.stats import (
    _EXACT,
    DERIVED_FLAGS,
    HILO,
    SESSION_GAP,
    STREET_RATIOS,
    SUMMARY,
    TOURNAMENT_CHIPS,
    Ratio,
    _columns_of,
    _most_hands_first,
    _unit_keys,
    finish_sums,
    leak_stats,
    priceable,
)
from stud_hh.rules.games import LIMIT_CODES
from stud_hh.store.schema import STREET_LABELS, STREETS
from stud_hh.store.select import Selection, SelectionError, match_player

if TYPE_CHECKING:
    import duckdb

__all__ = ["KEPT_KEYS", "KEPT_SUMS", "kept_sums_sql", "kept_table", "merged_sums_sql",
           "partial_sums", "summary", "sums_sql", "where_sql"]

_DERIVED_SQL: dict[str, str] = {
    "hilo_showdown": "coalesce(saw_showdown, false) AND game = 'stud8'",
    "won_saw_4th": "coalesce(won, false) AND coalesce(saw_4th, false)",
}
""":data:`~stud_hh.analysis.stats.DERIVED_FLAGS` in SQL (a test holds them equal)."""


def _text(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _column(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def _limit_case() -> str:
    codes = {str(k): v for k, v in LIMIT_CODES.items() if v}
    arms = " ".join(f"WHEN {_text(k)} THEN CAST(game AS VARCHAR) || ' ' || {_text(v)}"
                    for k, v in sorted(codes.items()))
    return f"CASE CAST(\"limit\" AS VARCHAR) {arms} ELSE CAST(game AS VARCHAR) END"


_UNIT_SQL = (f"CASE WHEN currency IS NOT NULL THEN CAST(currency AS VARCHAR) "
             f"WHEN coalesce(tournament, false) THEN '{TOURNAMENT_CHIPS}' ELSE 'chips' END")
"""The money unit of :func:`~stud_hh.analysis.stats.money_unit`."""

_GROUPINGS_SQL: dict[str, str] = {
    "game": _limit_case(),
    "unit": _UNIT_SQL,
}
"""The derived groupings SQL computes (the rest are ``players`` columns); ``date``,
``month``, ``year`` and ``session`` are on the machine's clock and stay with pandas."""


def _flag(name: str) -> str:
    expression = _DERIVED_SQL.get(name, _column(name))
    return f"sum(CAST(coalesce({expression}, false) AS BIGINT))" \
        if name in _DERIVED_SQL else f"sum(CAST({expression} AS BIGINT))"


_MONEY_SQL: dict[str, str] = {
    "_net": "net",
    "_net_showdown": "CASE WHEN saw_showdown THEN net ELSE 0 END",
    "_rake": "rake_share",
    "_ev_net": "CAST(round_even(coalesce(ev_net, CAST(net AS DOUBLE)) * 1000000, 0) AS BIGINT)",
    "_all_in": "CAST(coalesce(equity_all_in, false) AS BIGINT)",
    "_equity": "CAST(equity IS NOT NULL AS BIGINT)",
}
"""The money a summary sums, per row (:func:`stud_hh.analysis.stats._group_sums`): integers
in the smallest unit (``ev_net`` in millionths of it), so that sums add up exactly."""


def sums_sql(by: Sequence[str], stats: Sequence[Ratio], *, with_money: bool,
             where: str = "", table: str = "players", kept: bool = False,
             extra: Sequence[str] = ()) -> str:
    """The ``SELECT`` of the partial sums of ``stats`` (and the money, ``with_money``) per
    group of ``by``, over the dealt rows of ``table`` (``players``, or a view of it with the
    same columns) that also match ``where`` (a SQL condition; its values as ``?``
    parameters). With ``kept``, ``table`` is a table of kept sums (:func:`kept_sums_sql`)
    and its sums are added up. ``extra``: more aggregates of the same groups
    (``sum(x) AS "name"``)."""
    keys = _unit_keys(by, with_money)
    for key in keys:
        if key in ("date", "month", "year", "session", "door_group"):
            raise SelectionError(f"grouping by {key} is computed in pandas "
                                 "(stats.player_summary)")
    select = [f"{_GROUPINGS_SQL.get(k, _column(k))} AS {_column(k)}" for k in keys]
    if with_money:
        select += ["scale AS _scale", "big_bet AS _big_bet"]
    if kept:
        summed = [*_columns_of(stats), "_rows", *(_MONEY_SQL if with_money else ())]
        select += [f"CAST(sum({_column(c)}) AS BIGINT) AS {_column(c)}" for c in summed]
    else:
        select += [f"{_flag(c)} AS {_column(c)}" for c in _columns_of(stats)]
        select.append('count(*) AS "_rows"')
        if with_money:
            select += [f"sum({sql}) AS {name}" for name, sql in _MONEY_SQL.items()]
    select += extra
    condition = ("_dealt" if kept else "dealt") + (f" AND ({where})" if where else "")
    return f"SELECT {', '.join(select)} FROM {table} WHERE {condition} GROUP BY ALL"


_KEPT_COMPUTED = {"_dealt": "dealt", "hour": "date_trunc('hour', start_utc)"}
KEPT_KEYS = ("player", "site", "game", "limit", "stakes", "tournament", "tournament_id",
             "currency", "scale", "big_bet", *_KEPT_COMPUTED)
"""The groups of the kept sums: the ``players`` columns a summary is grouped and filtered
by; ``_dealt``, whether the player was dealt in (rows of players sitting out are kept, so
that the names, sites and stakes the sums hold are every one the table holds; ``dealt``
is a flag they sum); and ``hour``, the hand's start truncated to the UTC hour (NULL when
undated)."""

STREET_ACTIONS = tuple(f"{action}_{STREET_LABELS[s]}" for s in STREETS
                       for action in ("bets", "raises", "calls", "checks", "folded"))
"""The actions per street a player's page shows (:func:`stats.street_frequencies`) besides
the statistics' flags."""


def _branch_sql() -> dict[str, str]:
    """Per statistic whose leak is priced (:func:`stats.leak_cost`): the hands where the
    opportunity was taken, and the money won where it was taken and where it was passed
    (in big bets once divided by the group's big bet: :mod:`stud_hh.analysis.duck_player`)."""
    out: dict[str, str] = {}
    for ratio in leak_stats(SUMMARY + HILO + STREET_RATIOS):
        if not priceable(ratio):
            continue
        opportunity, done = (f"coalesce({_DERIVED_SQL.get(str(c), _column(str(c)))}, false)"
                             for c in (ratio.opportunity, ratio.done))
        out[f"{ratio.name}@done_n"] = f"CAST({opportunity} AND {done} AS BIGINT)"
        out[f"{ratio.name}@done_net"] = f"net * CAST({opportunity} AND {done} AS BIGINT)"
        out[f"{ratio.name}@not_net"] = f"net * CAST({opportunity} AND NOT {done} AS BIGINT)"
    return out


_BRANCH_SQL = _branch_sql()
"""The sums a leak's cost is made of, per row."""

KEPT_SUMS = (*_columns_of(SUMMARY + HILO + STREET_RATIOS), *STREET_ACTIONS, "_rows",
             *_MONEY_SQL, *_BRANCH_SQL)
"""What the kept sums add up per group: every flag of the statistics, the actions per
street, the rows, the money, the branches of the leaks' opportunities."""

_KEPT_GROUPINGS = frozenset(KEPT_KEYS) - frozenset(_KEPT_COMPUTED) | frozenset(_GROUPINGS_SQL)
"""The groupings a summary can take from the kept sums."""


def kept_sums_sql(table: str) -> str:
    """The ``SELECT`` of the kept sums of ``table`` (``players`` or a view of it): per
    group of :data:`KEPT_KEYS`, each of :data:`KEPT_SUMS` summed.

    Sums of parts of the rows add up to the sums of all of them (:func:`merged_sums_sql`),
    so that a table of them can be kept up to date as parts are added, and a summary whose
    groups and filters are among the keys is answered from them exactly, never from the
    rows (:func:`partial_sums`)."""
    keys = [f"{_KEPT_COMPUTED.get(k, _column(k))} AS {_column(k)}" for k in KEPT_KEYS]
    flags = [f"CAST(coalesce({_flag(c)}, 0) AS BIGINT) AS {_column(c)}"
             for c in KEPT_SUMS if c != "_rows" and c not in _MONEY_SQL
             and c not in _BRANCH_SQL]
    money = [f"CAST(coalesce(sum({sql}), 0) AS BIGINT) AS {_column(name)}"
             for name, sql in (*_MONEY_SQL.items(), *_BRANCH_SQL.items())]
    return (f"SELECT {', '.join(keys)}, {', '.join(flags)}, count(*) AS _rows, "
            f"{', '.join(money)} FROM {table} GROUP BY ALL")


def merged_sums_sql(source: str, keys: Sequence[str] = ()) -> str:
    """The ``SELECT`` of the kept sums in ``source`` (a table, or a subquery in
    parentheses, with the columns of :func:`kept_sums_sql`) added up per group (and per
    ``keys`` besides): those of parts of the rows become those of all of them."""
    grouped = ", ".join(_column(k) for k in (*keys, *KEPT_KEYS))
    sums = ", ".join(f"CAST(sum({_column(c)}) AS BIGINT) AS {_column(c)}" for c in KEPT_SUMS)
    return f"SELECT {grouped}, {sums} FROM {source} GROUP BY {grouped}"


def kept_table(table: str) -> str:
    """The name of the kept sums of the view ``table`` (a table or view with the columns
    of :func:`kept_sums_sql`): summaries are answered from it when the connection has it
    (:mod:`stud_hh.app.kept` gives each cursor of the app's its own)."""
    return f"{table}_sums"


def _exists(con: duckdb.DuckDBPyConnection, name: str) -> bool:
    return con.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = ?",
                       [name]).fetchone() != (0,)


def _whole_hour(moment: datetime | None) -> bool:
    return moment is None or moment.minute == moment.second == moment.microsecond == 0


def _kept(con: duckdb.DuckDBPyConnection, table: str, by: Sequence[str],
          stats: Sequence[Ratio], select: Selection) -> str | None:
    """The kept sums of ``table`` when the summary can be made from them exactly (its
    groups and statistics among theirs, its dates on whole UTC hours), else ``None``."""
    if any(key not in _KEPT_GROUPINGS for key in _unit_keys(by, True)):
        return None
    if any(column not in KEPT_SUMS for column in _columns_of(stats)):
        return None
    if not (_whole_hour(select.since) and _whole_hour(select.until)):
        return None
    name = kept_table(table)
    return name if _exists(con, name) else None


def where_sql(con: duckdb.DuckDBPyConnection, select: Selection, table: str = "players",
              players: str = "players") -> tuple[str, list[Any]]:
    """The selection's filters as a SQL condition on ``table`` (``hands``, or ``players``
    or a view of it) and its parameters, the player looked up in ``players`` (a view);
    values are matched against those the database holds (a site in any case, stakes with
    or without currency signs, a player's name in any case), looked up in the kept sums
    of ``players`` when there are (:func:`kept_table`: the same values, fewer rows)."""
    kept = kept_table(players)
    names = kept if _exists(con, kept) else players
    known = names if table == players else table
    return _where(con, select, table, known, names, players)


def _where(con: duckdb.DuckDBPyConnection, select: Selection, table: str, known_in: str,
           names_in: str, players: str, hour: bool = False) -> tuple[str, list[Any]]:
    """:func:`where_sql` on ``table``, the sites and stakes stored looked up in
    ``known_in``, the player's names in ``names_in``; with ``hour``, the dates on the
    ``hour`` column of kept sums (the selection's dates on whole hours)."""
    known: dict[str, list[str]] = {}
    for column, wanted in (("site", select.sites), ("stakes", select.stakes)):
        if wanted:
            known[column] = [str(r[0]) for r in con.execute(
                f"SELECT DISTINCT CAST({column} AS VARCHAR) FROM {known_in} "
                f"WHERE {column} IS NOT NULL").fetchall()]
    parts: list[str] = []
    values: list[Any] = []
    for column, op, value in select.parquet(known.get("site", ()), known.get("stakes", ())):
        if op == "in":
            if not value:
                parts.append("false")
                continue
            parts.append(f"CAST({_column(column)} AS VARCHAR) IN "
                         f"({', '.join('?' for _ in value)})")
            values += [str(v) for v in value]
        else:
            name = "hour" if hour and column == "start_utc" else column
            parts.append(f"{_column(name)} {'=' if op == '==' else op} ?")
            values.append(value.to_pydatetime() if isinstance(value, pd.Timestamp) else value)
    if select.player is not None:
        names = [str(r[0]) for r in con.execute(
            f"SELECT DISTINCT player FROM {names_in} WHERE lower(player) = lower(?)",
            [select.player]).fetchall()]
        name = match_player(names, select.player) if names else match_player([], select.player)
        if table == players:
            parts.append("player = ?")
        else:
            parts.append(f"(site, hand_id) IN (SELECT site, hand_id FROM {players} "
                         "WHERE player = ?)")
        values.append(name)
    return " AND ".join(parts), values


def partial_sums(con: duckdb.DuckDBPyConnection, by: Sequence[str], stats: Sequence[Ratio],
                 *, with_money: bool, select: Selection | None = None,
                 table: str = "players") -> pd.DataFrame:
    """:func:`stud_hh.analysis.stats.partial_sums` of the ``players`` view of ``con`` in
    ``select``, computed by DuckDB: the same index (the groups, the unit, the exact money
    levels) and the same integer columns. Added up from the kept sums of ``table`` when
    there are and they hold the groups, statistics and dates asked (:func:`kept_table`),
    else from the rows."""
    chosen = select or Selection()
    kept = _kept(con, table, by, stats, chosen)
    if kept is None:
        where, values = where_sql(con, chosen, table, table)
    else:
        where, values = _where(con, chosen, kept, kept, kept, kept, hour=True)
    frame = con.execute(sums_sql(by, stats, with_money=with_money, where=where,
                                 table=kept or table, kept=kept is not None), values).df()
    keys = _unit_keys(by, with_money) + (_EXACT if with_money else [])
    for column in frame.columns:
        if column not in keys and frame[column].dtype != "int64":
            frame[column] = frame[column].fillna(0).astype("int64")
    for key in keys:
        if key not in _EXACT and frame[key].dtype != object:
            frame[key] = frame[key].astype(object).where(frame[key].notna(), None)
    return frame.set_index(keys).sort_index()


def summary(con: duckdb.DuckDBPyConnection, stats: Sequence[Ratio],
            by: Sequence[str] = ("player",), *, select: Selection | None = None,
            per_unit: bool = True, session_gap: pd.Timedelta = SESSION_GAP,
            table: str = "players") -> pd.DataFrame:
    """The summary :func:`stud_hh.analysis.stats.player_summary` gives (money, then each
    ratio of ``stats`` with its sample size, the most hands first), computed by DuckDB."""
    del session_gap  # sessions are grouped in pandas
    chosen = select or Selection()
    sums = partial_sums(con, by, stats, with_money=True, select=chosen, table=table)
    out = finish_sums(sums, by, stats, True, per_unit, chosen.min_hands)
    return _most_hands_first(out) if len(out) else out


_ = DERIVED_FLAGS  # the pandas twins of _DERIVED_SQL (tests hold them equal)
