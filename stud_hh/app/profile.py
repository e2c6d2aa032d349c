"""The numbers of a player's page and of the leaks page, kept until the database changes.

A player's page shows him against the field: everyone else in the same hands. Both come
from one aggregation per set of filters (:func:`stud_hh.analysis.duck_player.profile_sums`
per player: every statistic's flags, the money, the leaks' branches, the streets): the
player's rows of it are his sums, the rest added up are the field's. So the first player's
page with some filters sums the selection once, and every other player's page with the
same filters, and the leaks page, sum nothing.

That table is large (a row per player and money level, ~200 columns: some 20 MB for ten
thousand players), so it is not kept with the pages' small answers: :class:`Kept` holds the
last :data:`KEPT` of them per database version. It is computed once even when two requests
ask at once, and the players list starts computing it for its filters (:func:`warm`): the
click on a player that follows finds it ready, or being made.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable, Hashable
from contextlib import suppress
from dataclasses import dataclass, replace
from typing import Any

import duckdb
import pandas as pd

from stud_hh.analysis import duck_player, stats
from stud_hh.analysis.duck_player import ALL
from stud_hh.app.filters import PageFilters
from stud_hh.app.players_sql import PLAYERS
from stud_hh.app.source import Source
from stud_hh.model.errors import StudHHError

KEPT = 4
"""How many sets of filters' sums are kept per database (the least recently used go)."""


class Kept:
    """Large answers of one source, the last :data:`KEPT` per database version, each
    computed by one thread while others asking for it wait."""

    def __init__(self, source: Source) -> None:
        self.source = source
        self._lock = threading.Lock()
        self._answers: OrderedDict[Hashable, Any] = OrderedDict()
        self._busy: dict[Hashable, threading.Lock] = {}

    def ready(self, key: Hashable) -> bool:
        with self._lock:
            return (self.source.version(), key) in self._answers

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
    with _KEPT_LOCK:
        if source not in _KEPT:
            _KEPT[source] = Kept(source)
        return _KEPT[source]


@dataclass(frozen=True, slots=True)
class Profile:
    """A player's sums in the selection, and the field's."""

    name: str
    groups: pd.DataFrame
    """The player's sums per unit and money level (:func:`duck_player.profile_sums`)."""
    mine: pd.Series
    field: pd.Series

    @property
    def hands(self) -> int:
        return int(self.mine["_rows"])

    def summary(self) -> pd.DataFrame:
        """:func:`stats.player_summary` of the player (a row per unit), every statistic."""
        return stats.finish_sums(self.groups, ["player"], ALL, True)

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


def everyone(filters: PageFilters) -> PageFilters:
    """The filters that choose the field: all but the player and the minimum of hands."""
    return replace(filters, player="", min_hands="")


def player_name(source: Source, wanted: str) -> str:
    """The stored name ``wanted`` means (any case), or a "did you mean" error."""
    return source.cached(("player-name", wanted),
                         lambda cur: duck_player.player_name(cur, wanted, PLAYERS))


def _all_sums(filters: PageFilters) -> Callable[[duckdb.DuckDBPyConnection],
                                                tuple[pd.DataFrame, pd.Series]]:
    def compute(cur: duckdb.DuckDBPyConnection) -> tuple[pd.DataFrame, pd.Series]:
        sums = duck_player.profile_sums(cur, select=filters.selection(), table=PLAYERS,
                                        by_player=True)
        return sums, duck_player.totals(sums)

    return compute


def profile(source: Source, name: str, filters: PageFilters) -> Profile:
    """The sums of the player ``name`` (a stored name) and of the field in ``filters``."""
    chosen = everyone(filters)
    sums, total = kept(source).get(("all-sums", chosen), _all_sums(chosen))
    players = sums.index.get_level_values("player")
    groups = sums[players == name]
    mine = duck_player.totals(groups).reindex(total.index, fill_value=0)
    return Profile(name, groups, mine, duck_player.field_of(total, mine))


def warm(source: Source, filters: PageFilters) -> None:
    """Start summing the players of ``filters`` for their pages, unless done."""
    chosen = everyone(filters)
    store = kept(source)
    if store.ready(("all-sums", chosen)):
        return

    def run() -> None:
        with suppress(StudHHError, duckdb.Error):  # a filter naming nothing; the app stopping
            store.get(("all-sums", chosen), _all_sums(chosen))

    threading.Thread(target=run, name="stud-hh-warm", daemon=True).start()
