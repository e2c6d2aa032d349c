"""*A player*: his profile in the filters: where and when he played, his results per unit,
the key stud statistics beside the field's, street by street, every statistic against the
field, his leaks and their cost, his tournaments, and the notes kept on him.

The field is everyone else in the same hands (the filters without the player). Its sums are
the selection's less the player's (:mod:`stud_hh.app.profile`), so a second player's page
with the same filters sums only his rows. The tables reuse the player report's columns
(:mod:`stud_hh.analysis.html.player_play`), written by its
:func:`~stud_hh.analysis.html.tables.table_html`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import pandas as pd
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from stud_hh.analysis import stats
from stud_hh.analysis.html.player_play import STREET_COLS, VERSUS_COLS
from stud_hh.analysis.html.player_report import MIN_N, MONEY_COLS, present
from stud_hh.analysis.html.player_tournaments import player_results, section_of
from stud_hh.analysis.html.tables import Col, table_html
from stud_hh.analysis.tournaments import read_results
from stud_hh.app import profile
from stud_hh.app.filters import PageFilters
from stud_hh.app.notes import notes_of
from stud_hh.app.pages.leaks import LEAKS_SHOWN, leak_rows
from stud_hh.app.pages.players import RATIOS
from stud_hh.app.players_sql import PLAYERS
from stud_hh.app.source import Source
from stud_hh.app.web import guarded, page, state

if TYPE_CHECKING:
    import duckdb

TOURNAMENTS_SHOWN = 20
"""The tournaments the page lists (the Tournaments page lists them all)."""
UNIT_COLS = [Col("unit", "unit", "unit"), *MONEY_COLS,
             Col("ev_bb_per_100", "luck-adj. BB/100", "num",
                 "big bets per 100 hands with each all-in at its equity")]


def _dates(frame: pd.DataFrame) -> str:
    first, last = frame["first"].min(), frame["last"].max()
    if pd.isna(first):
        return "undated hands"
    return f"{pd.Timestamp(first):%Y-%m-%d} to {pd.Timestamp(last):%Y-%m-%d} (UTC)"


def tournaments(source: Source, name: str, filters: PageFilters, hands: bool
                ) -> Markup | None:
    """The player report's tournament section of the player in the filters, or ``None``
    (when he played tournament ``hands`` or has results stored). Every player's results
    are read once per database version, then picked."""
    chosen = profile.everyone(filters)

    def everyone(_: duckdb.DuckDBPyConnection) -> pd.DataFrame:
        return read_results(source.db)

    def compute(cur: duckdb.DuckDBPyConnection) -> Markup | None:
        if not hands and cur.execute("SELECT 1 FROM tournaments WHERE player = ? LIMIT 1",
                                     [name]).fetchone() is None:
            return None
        results = source.cached(("tournament-results",), everyone)
        section = section_of(player_results(results, name, chosen.selection()),
                             limit=TOURNAMENTS_SHOWN)
        return None if section is None else section.body

    return source.cached(("tournaments", name, chosen), compute)


def sections(found: profile.Profile, hilo: bool) -> dict[str, Markup]:
    """The tables of the profile, as the player report writes them."""
    units = found.results.reset_index()
    key = found.versus(tuple(r for r in RATIOS if hilo or r not in stats.HILO))
    ratios = (*stats.SUMMARY, *(stats.HILO if hilo else ()), *stats.STREET_RATIOS)
    return {
        "units": table_html(units, present(units, UNIT_COLS), table_id="player-units",
                            caption="Results per money unit"),
        "key": table_html(key.reset_index(), VERSUS_COLS, table_id="player-key",
                          caption="The key stud statistics: the player and the field"),
        "streets": table_html(found.streets(), [Col("who", "who"), *STREET_COLS],
                              table_id="player-streets",
                              caption="Actions per street: the player and the field"),
        "versus": table_html(found.versus(ratios).reset_index(), VERSUS_COLS,
                             table_id="player-versus",
                             caption="Every statistic: the player against the field"),
    }


def links(name: str, filters: PageFilters) -> dict[str, str]:
    """The other pages of the player, with the filters."""
    query = filters.query(player=name)
    return {"Overview": f"/?{query}", "Hands": f"/hands?{query}",
            "Leaks": f"/leaks?{query}", "Tournaments": f"/tournaments?{query}",
            "By game": f"/players?{query}&group=game",
            "By stakes": f"/players?{query}&group=stakes",
            "By session": f"/players?{query}&group=session"}


def numbers(source: Source, name: str, filters: PageFilters) -> dict[str, Any]:
    """What the page shows of the player beside his links (kept until the database
    changes: the tables are written once)."""
    found = profile.Profile.of(source, name, filters)
    context: dict[str, Any] = {"hands": found.hands}
    if not found.hands:
        return context
    where_played = found.played
    hilo = bool(int(found.mine["hilo_showdown"]) or "stud8" in set(where_played["game"]))
    leaks = found.leaks(MIN_N)
    context.update(
        sections(found, hilo), played=where_played.to_dict("records"),
        dates=_dates(where_played), field_hands=int(found.field["_rows"]),
        leaks=leak_rows(leaks.head(LEAKS_SHOWN), name, filters), leaks_total=len(leaks),
        min_n=MIN_N, tournaments=tournaments(source, name, filters,
                                             bool(where_played["tournament"].any())))
    return context


@guarded
def player(request: Request) -> HTMLResponse:
    app = state(request)
    filters = PageFilters.of(request.query_params.multi_items())
    name = profile.player_name(app.source, str(request.path_params["name"]))
    chosen = profile.everyone(filters)
    context = app.source.cached(("player-page", name, chosen),
                                lambda _: numbers(app.source, name, chosen))
    return page(request, "player.html.j2", name, player=name, links=links(name, filters),
                described=chosen.selection().describe(),
                self_href=f"/players/{quote(name, safe='')}",
                tournaments_shown=TOURNAMENTS_SHOWN,
                notes=sorted(notes_of(app.source, _pairs(app.source, name)).values(),
                             key=lambda n: (n.site is not None, n.site or "")), **context)


def _pairs(source: Source, name: str) -> list[tuple[str | None, str]]:
    """The player at every site (``None``) and at each site he played."""
    sites = source.cached(("player-sites", name), lambda cur: [str(r[0]) for r in cur.execute(
        f"SELECT DISTINCT CAST(site AS VARCHAR) FROM {PLAYERS} WHERE player = ?",
        [name]).fetchall()])
    return [(None, name), *((site, name) for site in sites)]


ROUTES = [Route("/players/{name:path}", player)]
