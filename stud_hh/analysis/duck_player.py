"""One player against the field, from sums DuckDB adds up: the twins of
:func:`stats.versus_field <stud_hh.analysis.stats.versus_field>`,
:func:`stats.leak_costs <stud_hh.analysis.stats.leak_costs>` and
:func:`stats.street_frequencies <stud_hh.analysis.stats.street_frequencies>` (player
and field) for a database too large to load into pandas.

Everything a player's page shows of his play is a sum over rows (:func:`sums`): every
statistic's flags, the actions per street, and for each statistic whose leak is priced, the
hands and the big bets won where its opportunity was taken and where it was passed. Those
are among the kept sums (:data:`duck.KEPT_SUMS <stud_hh.analysis.duck.KEPT_SUMS>`), so a
connection that has them adds up their rows the selection keeps (tens of thousands, not the
million); without them, or for a date within an hour, the same sums are made from the
selected rows. The field's sums are the selection's less the player's (:func:`field_of`).
The ratios are each done over its opportunities; the arithmetic after them is the pandas
functions' own (:func:`stats.leak_rows <stud_hh.analysis.stats.leak_rows>`,
:func:`stats.leak_cost <stud_hh.analysis.stats.leak_cost>`, :func:`stats.street_ratios
<stud_hh.analysis.stats.street_ratios>`); a test holds each equal to its twin.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from stud_hh.analysis import duck, stats
from stud_hh.analysis.duck import KEPT_SUMS, _column, kept_sums_sql, kept_table
from stud_hh.analysis.stats import HILO, STREET_RATIOS, SUMMARY, Ratio
from stud_hh.store.schema import STREET_LABELS, STREETS
from stud_hh.store.select import Selection, SelectionError, match_player

if TYPE_CHECKING:
    import duckdb

__all__ = ["field_of", "leak_costs", "leak_table", "played", "player_name",
           "street_frequencies", "streets", "sums", "versus", "versus_field"]

ALL: tuple[Ratio, ...] = SUMMARY + HILO + STREET_RATIOS
"""Every statistic."""
PRICED = [r for r in stats.leak_stats(ALL) if stats.priceable(r)]
"""The statistics whose leaks are priced (:func:`stats.leak_cost`)."""
STREET_ORDER = [STREET_LABELS[s] for s in STREETS]
STREET_COUNTS = (("bets", "bets"), ("raises", "raises"), ("calls", "calls"),
                 ("checks", "checks"), ("folds", "folded"), ("faced_bet", "faced_bet"),
                 ("fold_to_bet", "fold_to_bet"))
"""The sums of :func:`stats.street_frequencies`, each with the column it is of."""


def player_name(cur: duckdb.DuckDBPyConnection, wanted: str, table: str = "players") -> str:
    """The stored name ``wanted`` means (itself, else the one name equal ignoring case);
    :class:`~stud_hh.store.select.UnknownPlayerError` with the closest names otherwise."""
    names = [str(r[0]) for r in cur.execute(
        f"SELECT DISTINCT player FROM {table} WHERE lower(player) = lower(?)",
        [wanted]).fetchall()]
    if names:
        return match_player(names, wanted)
    everyone = [str(r[0]) for r in cur.execute(
        f"SELECT DISTINCT player FROM {table} WHERE dealt AND player IS NOT NULL").fetchall()]
    return match_player(everyone, wanted)


def _source(cur: duckdb.DuckDBPyConnection, select: Selection | None, table: str
            ) -> tuple[str, str, list[Any]]:
    """The kept sums of the rows of ``table`` in ``select`` (its player aside): a table (or
    subquery) of them, a condition on it and its values."""
    chosen = dataclasses.replace(select or Selection(), player=None)
    kept = kept_table(table)
    if (duck._whole_hour(chosen.since) and duck._whole_hour(chosen.until)
            and duck._exists(cur, kept)):
        where, values = duck._where(cur, chosen, kept, kept, kept, kept, hour=True)
        return kept, where, values
    where, values = duck.where_sql(cur, chosen, table, table)
    rows = f"(SELECT * FROM {table} WHERE {where or 'true'})"
    return f"({kept_sums_sql(rows)})", "", values


def _conditions(where: str, player: str | None) -> str:
    parts = ["_dealt", *([f"({where})"] if where else []), *(["player = ?"] if player else [])]
    return " AND ".join(parts)


def sums(cur: duckdb.DuckDBPyConnection, *, select: Selection | None = None,
         table: str = "players", player: str | None = None) -> pd.Series:
    """The sums of the dealt rows of ``table`` in ``select`` (its player aside), or of the
    rows of ``player`` (a stored name) among them: every one of :data:`duck.KEPT_SUMS
    <stud_hh.analysis.duck.KEPT_SUMS>`, and per priced statistic the big bets won where its
    opportunity was taken (``<stat>@done_sum``) and passed (``<stat>@not_sum``)."""
    source, where, values = _source(cur, select, table)
    parts = [f"CAST(coalesce(sum({_column(c)}), 0) AS BIGINT) AS {_column(c)}"
             for c in KEPT_SUMS]
    for ratio in PRICED:
        for branch in ("done", "not"):
            net = _column(f"{ratio.name}@{branch}_net")
            parts.append(f"coalesce(sum(CASE WHEN big_bet > 0 THEN CAST({net} AS DOUBLE) / "
                         f"big_bet ELSE 0 END), 0) AS {_column(f'{ratio.name}@{branch}_sum')}")
    found = cur.execute(f"SELECT {', '.join(parts)} FROM {source} "
                        f"WHERE {_conditions(where, player)}",
                        [*values, *([player] if player else [])]).df()
    return found.iloc[0]


def played(cur: duckdb.DuckDBPyConnection, player: str, *, select: Selection | None = None,
           table: str = "players") -> pd.DataFrame:
    """Where and when ``player`` played in ``select``: his hands per site and game, the
    hours (UTC) of the first and last, and whether any were tournament hands."""
    source, where, values = _source(cur, select, table)
    return cur.execute(
        f"SELECT CAST(site AS VARCHAR) AS site, CAST(game AS VARCHAR) AS game, "
        f"CAST(sum(_rows) AS BIGINT) AS hands, min(hour) AS first, max(hour) AS last, "
        f"bool_or(coalesce(tournament, false)) AS tournament FROM {source} "
        f"WHERE {_conditions(where, player)} GROUP BY ALL ORDER BY hands DESC, site, game",
        [*values, player]).df()


def field_of(everyone: pd.Series, mine: pd.Series) -> pd.Series:
    """The field's sums: the selection's minus the player's."""
    return everyone - mine.reindex(everyone.index, fill_value=0)


def _part(found: pd.Series, part: str | tuple[str, ...]) -> int:
    return int(found[part]) if isinstance(part, str) else sum(int(found[p]) for p in part)


def _who(mine: pd.Series, field: pd.Series, ratios: Sequence[Ratio]) -> pd.DataFrame:
    """:func:`stats.ratios` of ``ratios`` for ``who`` ``player`` and ``field``: each done
    over its opportunities (a percentage but the AF), and the opportunities (``_n``)."""
    rows: dict[str, dict[str, float | int]] = {}
    for who, found in (("player", mine), ("field", field)):
        row: dict[str, float | int] = {}
        for ratio in ratios:
            done, opportunities = _part(found, ratio.done), _part(found, ratio.opportunity)
            value = done / opportunities if opportunities > 0 else np.nan
            row[ratio.name] = value * 100 if ratio.percent else value
            row[f"{ratio.name}_n"] = opportunities
        rows[who] = row
    out = pd.DataFrame.from_dict(rows, orient="index")
    out.index.name = "who"
    return out


def versus(mine: pd.Series, field: pd.Series, ratios: Sequence[Ratio], name: str
           ) -> pd.DataFrame:
    """:func:`stats.versus_field` from the sums of the player (``name``) and the field."""
    found = _who(mine, field, ratios)
    out = pd.DataFrame({"label": [r.label for r in ratios]},
                       index=pd.Index([r.name for r in ratios], name="stat"))
    for who, column in (("player", name), ("field", "field")):
        out[column] = found.loc[who, [r.name for r in ratios]].to_numpy(dtype=float)
        counts = found.loc[who, [f"{r.name}_n" for r in ratios]].fillna(0)
        out[f"{column}_n"] = counts.to_numpy(dtype="int64")
    return out


def _branch(found: pd.Series, ratio: Ratio, branch: str) -> stats.Branch:
    taken = int(found[f"{ratio.name}@done_n"])
    hands = taken if branch == "done" else int(found[str(ratio.opportunity)]) - taken
    return hands, float(found[f"{ratio.name}@{branch}_sum"]) / hands if hands else np.nan


def leak_table(mine: pd.Series, field: pd.Series, min_n: int = 30) -> pd.DataFrame:
    """:func:`stats.leak_costs` from the sums of the player and the field."""
    chosen = stats.leak_stats(ALL)
    found = stats.leak_rows(_who(mine, field, chosen), chosen, min_n)
    costs = []
    for ratio, gap in stats.leak_gaps(found):
        if not stats.priceable(ratio):
            nothing = (0, np.nan)
            costs.append(stats.leak_cost(ratio, (nothing, nothing), (nothing, nothing), 0,
                                         gap))
            continue
        costs.append(stats.leak_cost(
            ratio, (_branch(mine, ratio, "done"), _branch(mine, ratio, "not")),
            (_branch(field, ratio, "done"), _branch(field, ratio, "not")),
            int(mine[str(ratio.opportunity)]), gap))
    return stats.with_costs(found, costs, int(mine["_rows"]))


def streets(mine: pd.Series, field: pd.Series) -> pd.DataFrame:
    """:func:`stats.street_frequencies` by ``who`` from the sums of the player and the field
    (a group without hands left out, as pandas has no rows of it)."""
    rows: list[dict[str, Any]] = []
    for who, found in (("field", field), ("player", mine)):
        if not int(found["_rows"]):
            continue
        for s in STREET_ORDER:
            row: dict[str, Any] = {"who": who, "street": s}
            for name, column in STREET_COUNTS:
                row[name] = int(found[f"{column}_{s}"])
            row["saw"] = int(found["vpip_opp" if s == STREET_ORDER[0] else f"saw_{s}"])
            row["_rows"] = int(found["_rows"])
            rows.append(row)
    long = pd.DataFrame(rows, columns=["who", "street", "bets", "raises", "calls", "checks",
                                       "folds", "faced_bet", "fold_to_bet", "saw", "_rows"])
    long["street"] = pd.Categorical(long["street"], STREET_ORDER, ordered=True)
    return stats.street_ratios(long.set_index(["who", "street"]).sort_index())


def _both(cur: duckdb.DuckDBPyConnection, player: str, select: Selection | None, table: str
          ) -> tuple[pd.Series, pd.Series]:
    if select is not None and select.player is not None:
        raise SelectionError("a player against the field: give the player apart, not as a "
                             "filter (which would leave no field)")
    everyone = sums(cur, select=select, table=table)
    mine = sums(cur, select=select, table=table, player=player)
    return mine, field_of(everyone, mine)


def versus_field(cur: duckdb.DuckDBPyConnection, player: str,
                 ratios: Sequence[Ratio] = SUMMARY, *, select: Selection | None = None,
                 table: str = "players") -> pd.DataFrame:
    """:func:`stats.versus_field` of the rows of ``table`` in ``select``."""
    return versus(*_both(cur, player, select, table), ratios, player)


def leak_costs(cur: duckdb.DuckDBPyConnection, player: str, min_n: int = 30, *,
               select: Selection | None = None, table: str = "players") -> pd.DataFrame:
    """:func:`stats.leak_costs` of the rows of ``table`` in ``select``."""
    return leak_table(*_both(cur, player, select, table), min_n)


def street_frequencies(cur: duckdb.DuckDBPyConnection, player: str, *,
                       select: Selection | None = None, table: str = "players"
                       ) -> pd.DataFrame:
    """:func:`stats.street_frequencies` by ``who`` of the rows of ``table`` in ``select``."""
    return streets(*_both(cur, player, select, table))
