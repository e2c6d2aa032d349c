"""One player against the field, summed by DuckDB: the twins of
:func:`stats.versus_field <stud_hh.analysis.stats.versus_field>`,
:func:`stats.leak_costs <stud_hh.analysis.stats.leak_costs>` and
:func:`stats.street_frequencies <stud_hh.analysis.stats.street_frequencies>` (player
and field) for a database too large to load into pandas.

Everything a player's page shows is made of sums over rows (:func:`profile_sums`): the
flags of every statistic, the money per unit, the hands and big bets won in each branch of
a leak's opportunity (taken, passed) and the actions per street. The field's sums are the
selection's minus the player's (:func:`field_of`): the selection's are summed once and serve
every player's page, the player's are a scan of his rows only. The arithmetic after the
sums is the pandas functions' own (:func:`stats.finish_sums
<stud_hh.analysis.stats.finish_sums>`, :func:`stats.leak_rows
<stud_hh.analysis.stats.leak_rows>`, :func:`stats.leak_cost
<stud_hh.analysis.stats.leak_cost>`, :func:`stats.street_ratios
<stud_hh.analysis.stats.street_ratios>`); a test holds each equal to its twin.

>>> sql = profile_sql(["player"], "player = ?", "players")
>>> '"fold_to_cbet@done_n"' in sql and '"bets_4th@street"' in sql
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from stud_hh.analysis import stats
from stud_hh.analysis.duck import _DERIVED_SQL, _column, sums_sql, where_sql
from stud_hh.analysis.stats import _EXACT, HILO, STREET_RATIOS, SUMMARY, Ratio
from stud_hh.store.schema import STREET_LABELS, STREETS
from stud_hh.store.select import Selection, SelectionError, match_player

if TYPE_CHECKING:
    import duckdb

__all__ = ["ALL", "field_of", "leak_costs", "leak_table", "player_name", "profile_sums",
           "street_frequencies", "streets", "totals", "versus", "versus_field"]

ALL: tuple[Ratio, ...] = SUMMARY + HILO + STREET_RATIOS
"""Every statistic a profile sums."""
PRICED = [r for r in stats.leak_stats(ALL) if stats.priceable(r)]
"""The statistics whose leaks are priced (:func:`stats.leak_cost`)."""
STREET_LABELS_ORDER = [STREET_LABELS[s] for s in STREETS]
_STREET_COUNTS = (("bets", "bets"), ("raises", "raises"), ("calls", "calls"),
                  ("checks", "checks"), ("folds", "folded"), ("faced_bet", "faced_bet"),
                  ("fold_to_bet", "fold_to_bet"))
"""The sums of :func:`stats.street_frequencies`, each with the column it is of."""
_WON = "coalesce(CAST(net AS DOUBLE) / CASE WHEN big_bet > 0 THEN big_bet END, 0.0)"
"""A row's big bets won (none without a big bet), as :func:`stats.leak_costs` counts them."""


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


def _flag(name: str) -> str:
    return f"coalesce({_DERIVED_SQL.get(name, _column(name))}, false)"


def _extra_sums() -> list[str]:
    """The aggregates beside the statistics' flags and the money: each priced statistic's
    branches (hands and big bets won when taken; big bets won when passed: the hands passed
    are the opportunities less those taken) and the actions per street."""
    parts: list[str] = []
    for ratio in PRICED:
        opportunity, done = _flag(str(ratio.opportunity)), _flag(str(ratio.done))
        parts += [f"sum(CAST({opportunity} AND {done} AS BIGINT)) AS "
                  f"{_column(f'{ratio.name}@done_n')}"]
        for branch, test in (("done", done), ("not", f"NOT {done}")):
            parts.append(f"sum(CASE WHEN {opportunity} AND {test} THEN _won ELSE 0 END) AS "
                         f"{_column(f'{ratio.name}@{branch}_sum')}")
    for s in STREET_LABELS_ORDER:
        columns = [*_STREET_COUNTS, ("saw", "vpip_opp" if s == "3rd" else f"saw_{s}")]
        parts += [f"sum(CAST({_column(c if name == 'saw' else f'{c}_{s}')} AS BIGINT)) AS "
                  f"{_column(f'{name}_{s}@street')}" for name, c in columns]
    return parts


def profile_sql(by: Sequence[str], where: str, table: str) -> str:
    """The ``SELECT`` of :func:`profile_sums`."""
    rows = f"(SELECT *, {_WON} AS _won FROM {table})"
    return sums_sql(by, ALL, with_money=True, where=where, table=rows, extra=_extra_sums())


def profile_sums(cur: duckdb.DuckDBPyConnection, *, select: Selection | None = None,
                 table: str = "players", player: str | None = None,
                 by_player: bool = False) -> pd.DataFrame:
    """The sums of a profile over the selection (without a player in it), per player
    (``by_player``), or over the rows of ``player`` (a stored name: :func:`player_name`) in
    it: per unit and exact money level (and player), every statistic's flags and the money
    as :func:`duck.partial_sums <stud_hh.analysis.duck.partial_sums>` gives them, and the
    extra sums of the leaks' branches (``<stat>@done_n``, ``<stat>@done_sum``,
    ``<stat>@not_sum``) and of the streets (``bets_4th@street``, ...)."""
    chosen = select or Selection()
    if chosen.player is not None:
        raise SelectionError("a player against the field: give the player apart, not as a "
                             "filter (which would leave no field)")
    where, values = where_sql(cur, chosen, table, table)
    by: list[str] = ["player"] if by_player or player is not None else []
    if player is not None:
        where = "player = ?" + (f" AND ({where})" if where else "")
        values = [player, *values]
    found = cur.execute(profile_sql(by, where, table), values).df()
    keys = [*by, "unit", *_EXACT]
    columns: dict[str, pd.Series] = {}
    for column in found.columns:
        values_of = found[column]
        if column in _EXACT:
            columns[column] = values_of
        elif column in keys:
            columns[column] = values_of.astype(object).where(values_of.notna(), None)
        elif column.endswith("_sum"):
            columns[column] = values_of.fillna(0.0).astype("float64")
        else:
            columns[column] = values_of.fillna(0).astype("int64")
    # the money sums last: finish_sums drops them, which would split the counts' block
    money = ["_net", "_net_showdown", "_rake", "_ev_net"]
    order = [c for c in columns if c not in money] + money
    return pd.DataFrame({c: columns[c] for c in order}).set_index(keys).sort_index()


def totals(sums: pd.DataFrame) -> pd.Series:
    """The sums of :func:`profile_sums` added over its groups (one value per column)."""
    return sums.sum(numeric_only=True) if len(sums) else pd.Series(
        0, index=sums.columns, dtype="int64")


def field_of(everyone: pd.Series, mine: pd.Series) -> pd.Series:
    """The field's sums: the selection's minus the player's."""
    return everyone - mine.reindex(everyone.index, fill_value=0)


def _who(mine: pd.Series, field: pd.Series, ratios: Sequence[Ratio]) -> pd.DataFrame:
    """:func:`stats.ratios` of ``ratios`` for ``who`` ``player`` and ``field``."""
    columns = [*stats._columns_of(ratios), "_rows"]
    frame = pd.DataFrame([mine[columns].astype("int64"), field[columns].astype("int64")],
                         index=pd.Index(["player", "field"], name="who"))
    return stats.finish_sums(frame, ["who"], ratios, False)


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


def _branch(sums: pd.Series, ratio: Ratio, branch: str) -> stats.Branch:
    taken = int(sums[f"{ratio.name}@done_n"])
    hands = taken if branch == "done" else int(sums[str(ratio.opportunity)]) - taken
    return hands, float(sums[f"{ratio.name}@{branch}_sum"]) / hands if hands else np.nan


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
        opportunities = int(mine[str(ratio.opportunity)])
        costs.append(stats.leak_cost(
            ratio, (_branch(mine, ratio, "done"), _branch(mine, ratio, "not")),
            (_branch(field, ratio, "done"), _branch(field, ratio, "not")),
            opportunities, gap))
    return stats.with_costs(found, costs, int(mine["_rows"]))


def streets(mine: pd.Series, field: pd.Series) -> pd.DataFrame:
    """:func:`stats.street_frequencies` by ``who`` from the sums of the player and the field
    (a group without hands left out, as pandas has no rows of it)."""
    rows: list[dict[str, Any]] = []
    for who, sums in (("field", field), ("player", mine)):
        if not int(sums["_rows"]):
            continue
        for s in STREET_LABELS_ORDER:
            row: dict[str, Any] = {"who": who, "street": s}
            for name in (*(n for n, _ in _STREET_COUNTS), "saw"):
                row[name] = int(sums[f"{name}_{s}@street"])
            row["_rows"] = int(sums["_rows"])
            rows.append(row)
    long = pd.DataFrame(rows, columns=["who", "street", "bets", "raises", "calls", "checks",
                                       "folds", "faced_bet", "fold_to_bet", "saw", "_rows"])
    long["street"] = pd.Categorical(long["street"], STREET_LABELS_ORDER, ordered=True)
    return stats.street_ratios(long.set_index(["who", "street"]).sort_index())


def _both(cur: duckdb.DuckDBPyConnection, player: str, select: Selection | None, table: str
          ) -> tuple[pd.Series, pd.Series]:
    everyone = totals(profile_sums(cur, select=select, table=table))
    mine = totals(profile_sums(cur, select=select, table=table, player=player))
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
