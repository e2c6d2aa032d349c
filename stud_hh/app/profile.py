"""The sums behind the Players, player and Leaks pages, made once per database version.

Those pages read one table: the cube of :mod:`stud_hh.analysis.cube` (every statistic's
sums per player, site, game, stakes, cash or tournament, hour, unit and money level), made
by one DuckDB pass over the players when a page first needs it after the database changed.
Any filters' numbers are then its rows the filters keep, added up in pandas: the table of
every player, one player's by game or stakes, his profile against the field (the field is
every kept row less his), his leaks. A date that is not a whole hour cannot be picked from
hours: those filters get a cube of their own rows.

A cube is large (a row per player and hour of play: some 40,000 rows of 200 sums, 60 MB, on
a million player-hands), so it is not kept with the pages' small answers:
:class:`Kept` holds the last :data:`KEPT` per source, computed once even when two requests
ask for one at the same time.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from stud_hh.analysis import cube, duck_player, stats
from stud_hh.app.filters import PageFilters
from stud_hh.app.players_sql import PLAYERS
from stud_hh.app.source import Source

if TYPE_CHECKING:
    import duckdb

KEPT = 3
"""How many cubes a source keeps (the least recently used go)."""


class Kept:
    """Large answers of one source, the last :data:`KEPT` of the database's version, each
    computed by one thread while others asking for it wait."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self._lock = threading.Lock()
        self._answers: OrderedDict[Hashable, Any] = OrderedDict()
        self._busy: dict[Hashable, threading.Lock] = {}

    def get(self, key: Hashable, compute: Callable[[duckdb.DuckDBPyConnection], Any]) -> Any:
        full = (self.source.version(), key)
        with self._lock:
            if full in self._answers:
                self._answers.move_to_end(full)
                return self._answers[full]
            busy = self._busy.setdefault(full, threading.Lock())
        with busy:
            with self._lock:
                if full in self._answers:
                    return self._answers[full]
            with self.source.cursor() as cur:
                answer = compute(cur)
            with self._lock:
                self._answers[full] = answer
                self._busy.pop(full, None)
                while len(self._answers) > KEPT:
                    self._answers.popitem(last=False)
        return answer


_KEPT: weakref.WeakKeyDictionary[Source, Kept] = weakref.WeakKeyDictionary()
_KEPT_LOCK = threading.Lock()


def kept(source: Source) -> Kept:
    """The large answers kept for ``source``."""
    with _KEPT_LOCK:
        if source not in _KEPT:
            _KEPT[source] = Kept(source)
        return _KEPT[source]


def everyone(filters: PageFilters) -> PageFilters:
    """The filters that choose the hands: all but the player and the minimum of hands."""
    return replace(filters, player="", min_hands="")


def selected(source: Source, filters: PageFilters) -> tuple[cube.Cube, np.ndarray]:
    """The cube, and which of its rows are of the hands ``filters`` choose (their player
    aside)."""
    chosen = everyone(filters)
    select = chosen.selection()
    store = kept(source)
    whole: cube.Cube = store.get(("cube",), lambda cur: cube.Cube.of(
        cube.cube(cur, table=PLAYERS)))
    mask = whole.select(select)
    if mask is not None:
        return whole, mask
    own: cube.Cube = store.get(("cube", chosen), lambda cur: cube.Cube.of(  # a date within
        cube.cube(cur, select=select, table=PLAYERS)))                      # an hour
    return own, np.ones(len(own), dtype=bool)


def player_name(source: Source, wanted: str) -> str:
    """The stored name ``wanted`` means (any case), or a "did you mean" error."""
    return source.cached(("player-name", wanted),
                         lambda cur: duck_player.player_name(cur, wanted, PLAYERS))


@dataclass(frozen=True, slots=True)
class Profile:
    """A player's sums in the selection, and the field's."""

    name: str
    rows: pd.DataFrame
    """The player's rows of the cube."""
    mine: pd.Series
    field: pd.Series

    @classmethod
    def of(cls, source: Source, name: str, filters: PageFilters) -> Profile:
        """The player ``name`` (a stored name) in ``filters``."""
        found, mask = selected(source, filters)
        mine, field = duck_player.sides(found, mask, name)
        return cls(name, found.rows(mask & found.of_player(name)), mine, field)

    @property
    def hands(self) -> int:
        return int(self.mine["_rows"])

    def results(self) -> pd.DataFrame:
        """:func:`stats.money` of the player: a row per unit (the ratios are in
        :meth:`versus`)."""
        return stats.finish_sums(cube.grouped(self.rows, ["player"]), ["player"], (), True)

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

    def played(self) -> pd.DataFrame:
        """Where and when: hands per site and game, the first and last, and whether any
        were tournament hands."""
        keys = self.rows.index.to_frame(index=False)
        frame = pd.DataFrame({"site": keys["site"].to_numpy(dtype=object),
                              "game": keys["game_code"].to_numpy(dtype=object),
                              "tournament": keys["tournament"].eq(True).to_numpy(),
                              "hands": self.rows["_rows"].to_numpy(),
                              "first": self.rows["_first"].to_numpy(),
                              "last": self.rows["_last"].to_numpy()})
        out = frame.groupby(["site", "game"], sort=True).agg(
            hands=("hands", "sum"), first=("first", "min"), last=("last", "max"),
            tournament=("tournament", "any")).reset_index()
        return out.sort_values("hands", ascending=False, kind="stable")
