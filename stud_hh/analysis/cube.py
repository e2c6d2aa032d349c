"""Every statistic's sums per player and per value of every filter, made by DuckDB in one pass
over a players table, so that any filters' summary is then a few milliseconds of pandas.

A filter of ``stud-hh stats`` keeps or drops whole rows by their site, game, stakes, cash or
tournament, and date. :func:`cube` sums the rows per player, site, game (code and limit),
stakes, tournament or not and hour of play (and, for the money, per unit and exact money
level, as :func:`duck.partial_sums <stud_hh.analysis.duck.partial_sums>` does): sums of
flags and of integer money add up exactly, so the sums of the rows a selection keeps
(:meth:`Cube.select`, the selection's own :meth:`~stud_hh.store.select.Selection.apply`
on the groups' keys) are the sums of the selected rows, and :func:`grouped` adds them up
per player, game or stakes for :func:`stats.finish_sums
<stud_hh.analysis.stats.finish_sums>`. A date filter that does not fall on a whole hour
cannot be answered from hours: :meth:`Cube.select` says so (``None``) and the caller makes
a cube of the selected rows instead (``cube(cur, select=...)``).

Beside each statistic's flags and the money, a cube holds what a player's page needs: the
big bets won in each branch of a leak's opportunity (:func:`stud_hh.analysis.duck_player`),
the actions per street, and each group's first and last hand.

>>> print(", ".join(KEYS))
player, site, game_code, limit, stakes, tournament, hour
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from stud_hh.analysis import stats
from stud_hh.analysis.duck import _DERIVED_SQL, _column, sums_sql, where_sql
from stud_hh.analysis.stats import _EXACT, HILO, STREET_RATIOS, SUMMARY, Ratio
from stud_hh.store.schema import STREET_LABELS, STREETS
from stud_hh.store.select import Selection

if TYPE_CHECKING:
    import duckdb

__all__ = ["ALL", "KEYS", "Cube", "cube", "grouped"]

ALL: tuple[Ratio, ...] = SUMMARY + HILO + STREET_RATIOS
"""Every statistic a cube sums."""
KEYS = ("player", "site", "game_code", "limit", "stakes", "tournament", "hour")
"""What a cube's rows are told apart by (then the unit and money level)."""
PRICED = [r for r in stats.leak_stats(ALL) if stats.priceable(r)]
"""The statistics whose leaks are priced (:func:`stats.leak_cost`)."""
STREET_ORDER = [STREET_LABELS[s] for s in STREETS]
STREET_COUNTS = (("bets", "bets"), ("raises", "raises"), ("calls", "calls"),
                 ("checks", "checks"), ("folds", "folded"), ("faced_bet", "faced_bet"),
                 ("fold_to_bet", "fold_to_bet"))
"""The sums of :func:`stats.street_frequencies`, each with the column it is of."""
_WON = "coalesce(CAST(net AS DOUBLE) / CASE WHEN big_bet > 0 THEN big_bet END, 0.0)"
"""A row's big bets won (none without a big bet), as :func:`stats.leak_costs` counts them."""
_MONEY_LAST = ["_net", "_net_showdown", "_rake", "_ev_net"]


def _flag(name: str) -> str:
    return f"coalesce({_DERIVED_SQL.get(name, _column(name))}, false)"


def extra_sums() -> list[str]:
    """The aggregates beside the statistics' flags and the money: each priced statistic's
    branches (hands and big bets won when taken; big bets won when passed: the hands passed
    are the opportunities less those taken), the actions per street, the first and last
    hand."""
    parts: list[str] = []
    for ratio in PRICED:
        opportunity, done = _flag(str(ratio.opportunity)), _flag(str(ratio.done))
        parts += [f"sum(CAST({opportunity} AND {done} AS BIGINT)) AS "
                  f"{_column(f'{ratio.name}@done_n')}"]
        for branch, test in (("done", done), ("not", f"NOT {done}")):
            parts.append(f"sum(CASE WHEN {opportunity} AND {test} THEN _won ELSE 0 END) AS "
                         f"{_column(f'{ratio.name}@{branch}_sum')}")
    for s in STREET_ORDER:
        columns = [*STREET_COUNTS, ("saw", "vpip_opp" if s == "3rd" else f"saw_{s}")]
        parts += [f"sum(CAST({_column(c if name == 'saw' else f'{c}_{s}')} AS BIGINT)) AS "
                  f"{_column(f'{name}_{s}@street')}" for name, c in columns]
    return [*parts, 'min(start_utc) AS "_first"', 'max(start_utc) AS "_last"']


def cube_sql(where: str, table: str) -> str:
    """The ``SELECT`` of :func:`cube` (``where``: a condition on ``table``'s columns)."""
    rows = (f"(SELECT * REPLACE (CAST(site AS VARCHAR) AS site, CAST(stakes AS VARCHAR) AS "
            f"stakes, CAST(\"limit\" AS VARCHAR) AS \"limit\"), CAST(game AS VARCHAR) AS "
            f"game_code, date_trunc('hour', start_utc) AS hour, {_WON} AS _won FROM {table})")
    return sums_sql(list(KEYS), ALL, with_money=True, where=where, table=rows,
                    extra=extra_sums())


def cube(cur: duckdb.DuckDBPyConnection, *, select: Selection | None = None,
         table: str = "players") -> pd.DataFrame:
    """The sums of every statistic of the dealt rows of ``table`` (of the rows ``select``
    keeps, its player aside) per :data:`KEYS`, unit and money level: the flags and money of
    :func:`duck.partial_sums <stud_hh.analysis.duck.partial_sums>`, the leaks' branches
    (``<stat>@done_n``, ``<stat>@done_sum``, ``<stat>@not_sum``), the streets
    (``bets_4th@street``...) and the first and last hand (``_first``, ``_last``)."""
    chosen = dataclasses.replace(select or Selection(), player=None)
    where, values = where_sql(cur, chosen, table, table) if chosen.narrows_hands else ("", [])
    found = cur.execute(cube_sql(where, table), values).df()
    keys = [*KEYS, "unit", *_EXACT]
    columns: dict[str, pd.Series] = {}
    for column in found.columns:
        values_of = found[column]
        if column in _EXACT:
            columns[column] = values_of
        elif column in ("_first", "_last", "hour"):
            columns[column] = pd.to_datetime(values_of, utc=True)
        elif column in keys:
            columns[column] = values_of.astype(object).where(values_of.notna(), None)
        elif column.endswith("_sum"):
            columns[column] = values_of.fillna(0.0).astype("float64")
        else:
            columns[column] = values_of.fillna(0).astype("int64")
    # the money sums last: finish_sums drops them, which would split the counts' block
    order = [c for c in columns if c not in _MONEY_LAST] + _MONEY_LAST
    return pd.DataFrame({c: columns[c] for c in order}).set_index(keys).sort_index()


def _on_the_hour(moment: datetime | None) -> bool:
    return moment is None or pd.Timestamp(moment) == pd.Timestamp(moment).floor("h")


@dataclass(frozen=True, slots=True, eq=False)
class Cube:
    """A cube held as arrays, for picking and adding its rows fast: the keys of each row
    (:data:`KEYS`, unit and money level), its integer sums, its float sums (the leaks'
    branches) and its first and last hand."""

    keys: pd.DataFrame
    ints: np.ndarray
    floats: np.ndarray
    int_names: list[str]
    float_names: list[str]
    first: np.ndarray
    last: np.ndarray

    @classmethod
    def of(cls, sums: pd.DataFrame) -> Cube:
        """The cube of :func:`cube`'s frame."""
        floats = [c for c in sums.columns if str(c).endswith("_sum")]
        ints = [c for c in sums.columns if c not in floats and c not in ("_first", "_last")]
        return cls(sums.index.to_frame(index=False), sums[ints].to_numpy(dtype=np.int64),
                   sums[floats].to_numpy(dtype=np.float64), ints, floats,
                   sums["_first"].to_numpy(), sums["_last"].to_numpy())

    def __len__(self) -> int:
        return len(self.keys)

    def select(self, select: Selection) -> np.ndarray | None:
        """Which rows ``select`` keeps (its player and minimum of hands aside), as its
        filters keep rows of hands; ``None`` when a date of it is not a whole hour, which
        the cube's hours cannot tell."""
        if not (_on_the_hour(select.since) and _on_the_hour(select.until)):
            return None
        chosen = dataclasses.replace(select, player=None, min_hands=0)
        mask = np.zeros(len(self), dtype=bool)
        if not chosen.narrows_hands:
            mask[:] = True
            return mask
        keys = self.keys.rename(columns={"game_code": "game", "hour": "start_utc"})
        mask[chosen.apply(keys, warn=False).index.to_numpy()] = True
        return mask

    def of_player(self, name: str) -> np.ndarray:
        """Which rows are the player ``name``'s (a stored name)."""
        return (self.keys["player"] == name).to_numpy()

    def totals(self, mask: np.ndarray) -> pd.Series:
        """The sums of the rows ``mask`` keeps (one value per column)."""
        ints = np.sum(self.ints, axis=0, where=mask[:, None])
        floats = np.sum(self.floats, axis=0, where=mask[:, None])
        return pd.concat([pd.Series(ints, index=self.int_names, dtype="int64"),
                          pd.Series(floats, index=self.float_names, dtype="float64")])

    def rows(self, mask: np.ndarray, columns: Sequence[str] | None = None) -> pd.DataFrame:
        """The rows ``mask`` keeps, as :func:`cube` gives them (``columns``: those only)."""
        wanted = list(columns) if columns is not None else [*self.int_names,
                                                            *self.float_names]
        at = {name: i for i, name in enumerate(self.int_names)}
        floats = {name: i for i, name in enumerate(self.float_names)}
        data = {name: self.ints[mask, at[name]] if name in at else
                self.floats[mask, floats[name]] for name in wanted}
        if columns is None:
            data.update(_first=self.first[mask], _last=self.last[mask])
        index = pd.MultiIndex.from_frame(self.keys[mask])
        return pd.DataFrame(data, index=index)


def grouped(sums: pd.DataFrame, by: Sequence[str], columns: Sequence[str] | None = None
            ) -> pd.DataFrame:
    """The sums added up per ``by`` (``player``, ``game``: the code with ``NL`` or ``PL``
    as :func:`stats.game_with_limit` writes it, ``stakes``, ``site``), unit and money
    level: the partial sums :func:`stats.finish_sums` takes."""
    keys = sums.index.to_frame(index=False)
    levels = [stats.game_with_limit(keys.rename(columns={"game_code": "game"})).to_numpy(
        dtype=object) if key == "game" else keys[key].to_numpy(dtype=object) for key in by]
    levels += [keys[k].to_numpy() for k in ("unit", *_EXACT)]
    chosen = sums.drop(columns=["_first", "_last"], errors="ignore")
    if columns is not None:
        chosen = chosen[list(columns)]
    out = chosen.groupby(levels, sort=True, dropna=False).sum()
    out.index.names = [*by, "unit", *_EXACT]
    return out


def money_columns(ratios: Sequence[Ratio]) -> list[str]:
    """The columns a summary of ``ratios`` with money needs from a cube."""
    return [*stats._columns_of(ratios), "_rows", *_MONEY_LAST, "_all_in", "_equity"]
