"""*Players*: every player's key statistics in one table, or one player's by game, stakes or
session; each ratio with its sample size.

The numbers are ``stud-hh stats``'s with the same filters: :func:`duck.summary
<stud_hh.analysis.duck.summary>` (added up from the kept sums), or :func:`stats.player_summary
<stud_hh.analysis.stats.player_summary>` over the player's rows for sessions; a test holds
the page equal to ``stud-hh stats --format json``. The table is made once per set of
filters; the search (by name, in any case), the order and the page are then picked from
it, so a click costs no sum. Without a minimum of hands in the filters, the table of every
player lists those of at least :data:`MIN_HANDS`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import quote, urlencode

import pandas as pd
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from stud_hh.analysis import duck, stats
from stud_hh.analysis.summary_text import HILO_KEY, KEY, shown
from stud_hh.analysis.tournament_report import money_text
from stud_hh.app import profile
from stud_hh.app.filters import PageFilters
from stud_hh.app.players_sql import PLAYERS, hero, where
from stud_hh.app.source import Source
from stud_hh.app.web import guarded, page, state
from stud_hh.store.schema import to_pandas
from stud_hh.store.select import Selection, SelectionError

if TYPE_CHECKING:
    import duckdb

MIN_HANDS = 50
"""The fewest hands a player of the whole table has when the filters give no minimum: the
ratios of a handful of hands say little, and thousands of such players bury the rest."""
PAGE_ROWS = 100
"""Rows per page of the table."""
GROUPS = {"player": "every player", "game": "game", "stakes": "stakes",
          "session": "session"}
"""What a row is: a player, or one player's game, stakes or session."""
RATIOS: tuple[stats.Ratio, ...] = tuple(
    next(r for r in (*stats.SUMMARY, *stats.HILO, *stats.STREET_RATIOS) if r.name == name)
    for name in (*KEY, *HILO_KEY) if name not in ("hands", "net", "net_bb", "bb_per_100",
                                                  "ev_bb_per_100"))
"""The key stud statistics (``stud-hh stats``'s default columns)."""
MONEY = (("hands", "Hands", "count"), ("net", "Net", "money"), ("net_bb", "Big bets", "bb"),
         ("bb_per_100", "BB/100", "bb"), ("ev_bb_per_100", "Luck-adj. BB/100", "bb"))


@dataclass(frozen=True, slots=True)
class Column:
    """A column of the table: its name in the summary, its heading and how it is shown
    (``text``, ``count``, ``money``, ``bb``, ``percent``, ``factor``, ``minutes``)."""

    name: str
    label: str
    kind: str
    title: str = ""


@dataclass(frozen=True, slots=True)
class View:
    """What the URL asks of the table besides the filters."""

    group: str = "player"
    search: str = ""
    sort: str = ""
    descending: bool = True
    number: int = 1

    @classmethod
    def of(cls, request: Request) -> View:
        params = request.query_params
        group = params.get("group", "player") or "player"
        if group not in GROUPS:
            raise SelectionError(f"group: one of {', '.join(GROUPS)}, not {group!r}")
        try:
            number = max(1, int(params.get("page", "1") or "1"))
        except ValueError:
            raise SelectionError(f"page: a whole number, not {params.get('page')!r}") from None
        return cls(group, params.get("q", "").strip(), params.get("sort", ""),
                   params.get("desc", "1") != "0", number)

    def link(self, filters: PageFilters, **changes: Any) -> str:
        """This view's URL with ``changes`` (and the filters)."""
        mine = {"group": self.group, "q": self.search, "sort": self.sort,
                "desc": "1" if self.descending else "0", "page": str(self.number)}
        mine.update({k: str(v) for k, v in changes.items()})
        defaults = {"group": "player", "q": "", "sort": "", "desc": "1", "page": "1"}
        own = [(k, v) for k, v in mine.items() if v != defaults[k]]
        query = "&".join(q for q in (filters.query(), urlencode(own)) if q)
        return "/players" + (f"?{query}" if query else "")


def player_href(name: str, filters: PageFilters) -> str:
    """The page of the player ``name``, with the filters but the player."""
    query = filters.query(player="")
    return f"/players/{quote(name, safe='')}" + (f"?{query}" if query else "")


def _minimum(filters: PageFilters, group: str) -> int:
    """The fewest hands of a row: the filters', else :data:`MIN_HANDS` in the table of
    every player."""
    if group == "player" and not filters.min_hands and not filters.player:
        return MIN_HANDS
    return filters.selection(player=False).min_hands


def _session_summary(cur: duckdb.DuckDBPyConnection, select: Selection) -> pd.DataFrame:
    """``stud-hh stats --by session`` of the one player of ``select``: his rows only, read
    into pandas (sessions follow his hands in the order played)."""
    by = ["player", "session"]
    columns = stats.required_columns(by, stats.SUMMARY + stats.HILO + stats.STREET_RATIOS)
    condition, values = where(cur, select)
    chosen = ", ".join(f'"{c}"' for c in dict.fromkeys(["dealt", *columns]))
    rows = to_pandas("players", cur.sql(
        f"SELECT {chosen} FROM {PLAYERS} WHERE {condition}", params=values).to_arrow_table())
    if rows.empty:
        return pd.DataFrame()
    return stats.player_summary(rows, by=by, streets=True, min_hands=select.min_hands)


def _by_key(cur: duckdb.DuckDBPyConnection, filters: PageFilters, group: str,
            player: str | None) -> pd.DataFrame:
    """``stud-hh stats``'s summary of every player (or of ``player`` by ``group``: game or
    stakes), added up by DuckDB from the kept sums (:func:`duck.summary
    <stud_hh.analysis.duck.summary>`)."""
    select = filters.selection(player=False).where(min_hands=_minimum(filters, group))
    if player is not None:
        select = select.where(player=player)
    by = ["player"] if group == "player" else ["player", group]
    return duck.summary(cur, RATIOS, by, select=select, table=PLAYERS)


def summary(source: Source, filters: PageFilters, group: str, player: str | None
            ) -> pd.DataFrame:
    """The table's rows, in ``stud-hh stats``'s order (kept until the database changes)."""

    def compute(cur: duckdb.DuckDBPyConnection) -> pd.DataFrame:
        if group == "session":
            assert player is not None
            select = filters.selection(player=False).where(player=player)
            found = _session_summary(cur, select)
        else:
            found = _by_key(cur, filters, group, player)
        return found.reset_index() if len(found) else pd.DataFrame()

    return source.cached(("players", filters, group, player), compute)


def columns_of(table: pd.DataFrame, group: str) -> list[Column]:
    """The columns shown: the group's keys, the money, the key ratios (hi/lo's scoop only
    when the selection holds stud hi/lo hands)."""
    cols = [Column("player", "Player", "text")] if group == "player" else []
    if group == "session":
        cols += [Column("session", "Session", "text", "its first hand, on this computer's "
                        "clock"), Column("minutes", "Minutes", "minutes")]
    elif group != "player":
        cols.append(Column(group, GROUPS[group].capitalize(), "text"))
    if "unit" in table.columns:
        cols.append(Column("unit", "Unit", "text"))
    cols += [Column(name, label, kind) for name, label, kind in MONEY]
    for ratio in RATIOS:
        if ratio.name in table.columns and (ratio.name not in HILO_KEY
                                            or bool(table[f"{ratio.name}_n"].gt(0).any())):
            head = shown(ratio.name).head
            cols.append(Column(ratio.name, ratio.label if head == ratio.name else head,
                               "percent" if ratio.percent else "factor", ratio.label))
    return [c for c in cols if c.name in table.columns]


def _cell(row: dict[str, Any], col: Column) -> dict[str, Any]:
    """A cell: its value (for sorting and the tests), its text, and its sample size."""
    value = row.get(col.name)
    missing = value is None or (isinstance(value, float) and value != value)
    cell: dict[str, Any] = {"value": None if missing else value, "text": None,
                            "n": row.get(f"{col.name}_n")}
    if col.kind == "money" and value is not None and not missing:
        cell["text"] = money_text(float(value), str(row.get("unit") or "chips"))
    return cell


def _ordered(table: pd.DataFrame, view: View, cols: list[Column]) -> pd.DataFrame:
    if view.search and "player" in table.columns:
        names = table["player"].astype(str)
        table = table[names.str.contains(view.search, case=False, regex=False)]
    if view.sort:
        if view.sort not in {c.name for c in cols}:
            raise SelectionError(f"sort: one of {', '.join(c.name for c in cols)}, "
                                 f"not {view.sort!r}")
        key = table[view.sort]
        if not pd.api.types.is_numeric_dtype(key):  # names, games, stakes: as a person reads
            key = key.astype(object).where(key.notna(), None).map(
                lambda v: None if v is None else str(v).casefold())
        order = key.sort_values(ascending=not view.descending, kind="stable",
                                na_position="last").index
        table = table.loc[order]
    return table


def _rows(table: pd.DataFrame, cols: list[Column], filters: PageFilters
          ) -> list[dict[str, Any]]:
    out = []
    for found in table.to_dict("records"):
        record = {str(k): v for k, v in found.items()}
        cells = {c.name: _cell(record, c) for c in cols}
        out.append({"href": player_href(str(record["player"]), filters), "cells": cells})
    return out


@guarded
def players(request: Request) -> HTMLResponse:
    app = state(request)
    filters = PageFilters.of(request.query_params.multi_items())
    view = View.of(request)
    wanted = filters.player or (hero(app.source) if view.group != "player" else None)
    if view.group != "player" and wanted is None:
        raise SelectionError("the database holds no hands yet")
    player = profile.player_name(app.source, wanted) if wanted else None
    table = summary(app.source, filters, view.group, player)
    cols = columns_of(table, view.group) if len(table) else []
    chosen = _ordered(table, view, cols) if len(table) else table
    pages = max(1, -(-len(chosen) // PAGE_ROWS))
    number = min(view.number, pages)
    shown = chosen.iloc[(number - 1) * PAGE_ROWS: number * PAGE_ROWS]
    minimum = _minimum(filters, view.group) if view.group == "player" else None
    title = f"{player} by {GROUPS[view.group]}" if view.group != "player" else "Players"
    return page(request, "players.html.j2", title, view=view, groups=GROUPS, player=player,
                cols=cols, rows=_rows(shown, cols, filters), total=len(table),
                found=len(chosen), number=number, pages=pages, page_rows=PAGE_ROWS,
                minimum=minimum, default_minimum=not filters.min_hands,
                described=filters.selection(player=False).describe(),
                link=lambda **c: view.link(filters, **c), filters=filters)


ROUTES = [Route("/players", players)]
