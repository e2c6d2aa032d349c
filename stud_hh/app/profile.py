"""The numbers of a player's page and of the leaks page, kept until the database changes.

A player's page shows him against the field: everyone else in the same hands. Both are sums
DuckDB adds up from the kept sums (:func:`stud_hh.analysis.duck_player.sums`: a few tens of
thousands of rows, whatever the database's size): the selection's once per set of filters,
serving every player's page, and the player's; the field's are the difference.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

import pandas as pd

from stud_hh.analysis import duck, duck_player, stats
from stud_hh.app.filters import PageFilters
from stud_hh.app.players_sql import PLAYERS
from stud_hh.app.source import Source

if TYPE_CHECKING:
    import duckdb


def everyone(filters: PageFilters) -> PageFilters:
    """The filters that choose the hands: all but the player and the minimum of hands."""
    return replace(filters, player="", min_hands="")


def player_name(source: Source, wanted: str) -> str:
    """The stored name ``wanted`` means (any case), or a "did you mean" error."""
    return source.cached(("player-name", wanted),
                         lambda cur: duck_player.player_name(cur, wanted, PLAYERS))


@dataclass(frozen=True, slots=True)
class Profile:
    """A player's sums in the selection and the field's, his results per unit, and where
    and when he played."""

    name: str
    mine: pd.Series
    field: pd.Series
    results: pd.DataFrame
    """:func:`stats.money` of the player: a row per unit."""
    played: pd.DataFrame
    """:func:`duck_player.played`."""

    @classmethod
    def of(cls, source: Source, name: str, filters: PageFilters) -> Profile:
        """The player ``name`` (a stored name) in ``filters``."""
        chosen = everyone(filters)
        select = chosen.selection()
        total = source.cached(("all-sums", chosen), lambda cur: duck_player.sums(
            cur, select=select, table=PLAYERS))

        def his(cur: duckdb.DuckDBPyConnection) -> tuple[pd.Series, pd.DataFrame,
                                                         pd.DataFrame]:
            mine = duck_player.sums(cur, select=select, table=PLAYERS, player=name)
            if not int(mine["_rows"]):
                return mine, pd.DataFrame(), pd.DataFrame()
            results = duck.summary(cur, (), ["player"], select=select.where(player=name),
                                   table=PLAYERS)
            return mine, results, duck_player.played(cur, name, select=select, table=PLAYERS)

        mine, results, where = source.cached(("player-sums", name, chosen), his)
        return cls(name, mine, duck_player.field_of(total, mine), results, where)

    @property
    def hands(self) -> int:
        return int(self.mine["_rows"])

    def versus(self, ratios: tuple[stats.Ratio, ...]) -> pd.DataFrame:
        """Each of ``ratios``: the player's value and sample beside the field's."""
        table = duck_player.versus(self.mine, self.field, ratios, self.name)
        return table.rename(columns={self.name: "player", f"{self.name}_n": "player_n"})

    def leaks(self, min_n: int) -> pd.DataFrame:
        """:func:`stats.leak_costs`: the leaks best supported by the data, with their cost."""
        return duck_player.leak_table(self.mine, self.field, min_n)

    def streets(self) -> pd.DataFrame:
        """Actions per street of the player and of the field."""
        return duck_player.streets(self.mine, self.field).reset_index()
