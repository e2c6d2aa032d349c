"""One player against the field, from the sums of a cube (:mod:`stud_hh.analysis.cube`): the
twins of :func:`stats.versus_field <stud_hh.analysis.stats.versus_field>`,
:func:`stats.leak_costs <stud_hh.analysis.stats.leak_costs>` and
:func:`stats.street_frequencies <stud_hh.analysis.stats.street_frequencies>` (player
and field) for a database too large to load into pandas.

The player's sums are his rows of the cube added up (:meth:`Cube.totals
<stud_hh.analysis.cube.Cube.totals>`); the field's are every selected row's less his
(:func:`sides`). The ratios are each done over its opportunities; the arithmetic after them
is the pandas functions' own (:func:`stats.leak_rows
<stud_hh.analysis.stats.leak_rows>`, :func:`stats.leak_cost
<stud_hh.analysis.stats.leak_cost>`, :func:`stats.street_ratios
<stud_hh.analysis.stats.street_ratios>`); a test holds each equal to its twin.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from stud_hh.analysis import stats
from stud_hh.analysis.cube import ALL, STREET_COUNTS, STREET_ORDER, Cube, cube
from stud_hh.analysis.stats import SUMMARY, Ratio
from stud_hh.store.select import Selection, SelectionError, match_player

if TYPE_CHECKING:
    import duckdb

__all__ = ["field_of", "leak_costs", "leak_table", "player_name", "sides",
           "street_frequencies", "streets", "versus", "versus_field"]


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


def field_of(everyone: pd.Series, mine: pd.Series) -> pd.Series:
    """The field's sums: the selection's minus the player's."""
    return everyone - mine.reindex(everyone.index, fill_value=0)


def _part(sums: pd.Series, part: str | tuple[str, ...]) -> int:
    return int(sums[part]) if isinstance(part, str) else sum(int(sums[p]) for p in part)


def _who(mine: pd.Series, field: pd.Series, ratios: Sequence[Ratio]) -> pd.DataFrame:
    """:func:`stats.ratios` of ``ratios`` for ``who`` ``player`` and ``field``: each done
    over its opportunities (a percentage but the AF), and the opportunities (``_n``)."""
    rows: dict[str, dict[str, float | int]] = {}
    for who, sums in (("player", mine), ("field", field)):
        row: dict[str, float | int] = {}
        for ratio in ratios:
            done, opportunities = _part(sums, ratio.done), _part(sums, ratio.opportunity)
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
        for s in STREET_ORDER:
            row: dict[str, Any] = {"who": who, "street": s}
            for name in (*(n for n, _ in STREET_COUNTS), "saw"):
                row[name] = int(sums[f"{name}_{s}@street"])
            row["_rows"] = int(sums["_rows"])
            rows.append(row)
    long = pd.DataFrame(rows, columns=["who", "street", "bets", "raises", "calls", "checks",
                                       "folds", "faced_bet", "fold_to_bet", "saw", "_rows"])
    long["street"] = pd.Categorical(long["street"], STREET_ORDER, ordered=True)
    return stats.street_ratios(long.set_index(["who", "street"]).sort_index())


def sides(found: Cube, mask: np.ndarray, player: str) -> tuple[pd.Series, pd.Series]:
    """The sums of the player and of the field in the rows ``mask`` keeps of ``found``."""
    everyone = found.totals(mask)
    mine = found.totals(mask & found.of_player(player))
    return mine, field_of(everyone, mine)


def _both(cur: duckdb.DuckDBPyConnection, player: str, select: Selection | None, table: str
          ) -> tuple[pd.Series, pd.Series]:
    if select is not None and select.player is not None:
        raise SelectionError("a player against the field: give the player apart, not as a "
                             "filter (which would leave no field)")
    found = Cube.of(cube(cur, select=select, table=table))
    return sides(found, np.ones(len(found), dtype=bool), player)


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
