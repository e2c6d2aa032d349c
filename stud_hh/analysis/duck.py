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

>>> print(sums_sql(["player"], (), with_money=False))  # doctest: +ELLIPSIS
SELECT "player" AS "player", count(*) AS "_rows" FROM players WHERE dealt GROUP BY ALL
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pandas as pd

from stud_hh.analysis.stats import (
    _EXACT,
    DERIVED_FLAGS,
    SESSION_GAP,
    TOURNAMENT_CHIPS,
    Ratio,
    _columns_of,
    _most_hands_first,
    _unit_keys,
    finish_sums,
)
from stud_hh.rules.games import LIMIT_CODES
from stud_hh.store.select import Selection, SelectionError, match_player

if TYPE_CHECKING:
    import duckdb

__all__ = ["partial_sums", "summary", "sums_sql", "where_sql"]

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


def sums_sql(by: Sequence[str], stats: Sequence[Ratio], *, with_money: bool,
             where: str = "", table: str = "players", extra: Sequence[str] = ()) -> str:
    """The ``SELECT`` of the partial sums of ``stats`` (and the money, ``with_money``) per
    group of ``by``, over the dealt rows of ``table`` (``players``, or a view of it with the
    same columns) that also match ``where`` (a SQL condition; its values as ``?``
    parameters); ``extra``: more aggregates of the same groups (``sum(x) AS "name"``)."""
    keys = _unit_keys(by, with_money)
    for key in keys:
        if key in ("date", "month", "year", "session", "door_group"):
            raise SelectionError(f"grouping by {key} is computed in pandas "
                                 "(stats.player_summary)")
    select = [f"{_GROUPINGS_SQL.get(k, _column(k))} AS {_column(k)}" for k in keys]
    if with_money:
        select += ["scale AS _scale", "big_bet AS _big_bet"]
    select += [f"{_flag(c)} AS {_column(c)}" for c in _columns_of(stats)]
    select.append('count(*) AS "_rows"')
    if with_money:
        select += [
            "sum(net) AS _net",
            "sum(CASE WHEN saw_showdown THEN net ELSE 0 END) AS _net_showdown",
            "sum(rake_share) AS _rake",
            "sum(CAST(round_even(coalesce(ev_net, CAST(net AS DOUBLE)) * 1000000, 0) "
            "AS BIGINT)) AS _ev_net",
            "sum(CAST(coalesce(equity_all_in, false) AS BIGINT)) AS _all_in",
            "sum(CAST(equity IS NOT NULL AS BIGINT)) AS _equity",
        ]
    select += extra
    condition = "dealt" + (f" AND ({where})" if where else "")
    return f"SELECT {', '.join(select)} FROM {table} WHERE {condition} GROUP BY ALL"


def where_sql(con: duckdb.DuckDBPyConnection, select: Selection, table: str = "players",
              players: str = "players") -> tuple[str, list[Any]]:
    """The selection's filters as a SQL condition on ``table`` (``hands``, or ``players``
    or a view of it) and its parameters, the player looked up in ``players`` (a view);
    values are matched against those the database holds (a site in any case, stakes with
    or without currency signs, a player's name in any case)."""
    known: dict[str, list[str]] = {}
    for column, wanted in (("site", select.sites), ("stakes", select.stakes)):
        if wanted:
            known[column] = [str(r[0]) for r in con.execute(
                f"SELECT DISTINCT CAST({column} AS VARCHAR) FROM {table} "
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
            parts.append(f"{_column(column)} {'=' if op == '==' else op} ?")
            values.append(value.to_pydatetime() if isinstance(value, pd.Timestamp) else value)
    if select.player is not None:
        names = [str(r[0]) for r in con.execute(
            f"SELECT DISTINCT player FROM {players} WHERE lower(player) = lower(?)",
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
    levels) and the same integer columns."""
    where, values = where_sql(con, select or Selection(), table, table)
    frame = con.execute(sums_sql(by, stats, with_money=with_money, where=where, table=table),
                        values).df()
    keys = _unit_keys(by, with_money) + (_EXACT if with_money else [])
    for column in frame.columns:
        if column not in keys:
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
