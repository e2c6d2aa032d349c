"""*Tournaments*: a player's tournament results, per money unit and per tournament.

What ``stud-hh tournaments`` prints (:mod:`stud_hh.analysis.tournaments`): read from the
tournament summaries imported, else the hands' finishing lines and headers (a summary
wins); every player's results are read once by DuckDB until the database changes
(:mod:`stud_hh.analysis.tournaments_duck`). The totals are per money unit (a currency,
play money, the site's points, a currency unknown: never added across units); a tournament's
result is its buy-in and what it paid out, so tournament chips are never counted, let
alone added across tournaments. Each tournament: start, site, number, name, game, buy-in,
place (of how many), prize, net and ROI. The player is the filters' (any case), else the
hero when they played tournaments, else the player with the most; the players with the
most tournaments are listed to pick another. The dates, sites and games filter the
tournaments (a tournament's game however its site names it); stakes and the minimum number
of hands do not apply to tournaments, and cash games hold none.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

import pandas as pd
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from stud_hh.analysis import tournament_report, tournaments, tournaments_duck
from stud_hh.analysis.html.player_tournaments import SUMMARY_COLS
from stud_hh.analysis.html.tables import Col, table_html
from stud_hh.app.filters import PageFilters
from stud_hh.app.pages.audit import known, page_number, pager
from stud_hh.app.players_sql import PLAYERS, hero
from stud_hh.app.source import Source
from stud_hh.app.web import guarded, page, state
from stud_hh.model.results import SCALE
from stud_hh.store.select import Selection, UnknownPlayerError, match_player

if TYPE_CHECKING:
    import duckdb

PLAYERS_LISTED = 20
"""The players with the most tournaments listed to pick from."""
TOURNAMENTS_LISTED = 100
"""The tournaments a page of the list shows."""


def all_results(source: Source) -> pd.DataFrame:
    """Every player's tournament results (:func:`stud_hh.analysis.tournaments.results`),
    the people of the settings applied, kept until the database changes."""

    def compute(cur: duckdb.DuckDBPyConnection) -> pd.DataFrame:
        return tournaments_duck.read_results(cur, players=PLAYERS,
                                             label=source.db.people.label)

    return source.cached(("tournament-results",), compute)


def choose_player(source: Source, found: pd.DataFrame, wanted: str) -> str | None:
    """The player shown: ``wanted`` (any case: a player of the database with no
    tournament is shown with none; :class:`UnknownPlayerError` with a "did you mean" for a
    name of no player), else the hero when they played tournaments, else the player with
    the most; ``None`` when no one has a tournament."""
    names = found["player"].astype("string").dropna()
    if wanted:
        try:
            return match_player(names.unique(), wanted, "tournament results")
        except UnknownPlayerError:  # a player of the database who played none is shown so
            everyone = known(source)("player")
            if wanted not in everyone and wanted.casefold() not in {
                    n.casefold() for n in everyone}:
                raise
            return match_player(everyone, wanted)
    if names.empty:
        return None
    me = hero(source)
    if me is not None and (names == me).any():
        return me
    counts = names.value_counts()
    return str(counts[counts == counts.max()].sort_index().index[0])


def notes(filters: PageFilters, select: Selection) -> list[str]:
    """What the filters select among tournaments, and which of them do not apply."""
    applied = dataclasses.replace(select, stakes=(), min_hands=0)
    described = applied.describe(player=False)
    out = [f"Tournaments of this selection: {described}." if described else
           "Every tournament of the database (the filters above narrow them)."]
    if select.tournament is False:
        out.append("Cash games hold no tournaments: choose tournaments, or cash and "
                   "tournaments, as the type.")
    if filters.stakes:
        out.append("Stakes do not apply to tournaments (a tournament's stakes rise with its "
                   "levels): left out.")
    if filters.min_hands:
        out.append("The minimum number of hands does not apply to tournament results: left "
                   "out.")
    return out


def each_tournament(rows: pd.DataFrame) -> pd.DataFrame:
    """A row per tournament, the latest first: start, site, number, name, game, unit,
    buy-in, place (of how many), prize, net and ROI (money in the unit's wholes; net and
    ROI where both the buy-in and the result are known)."""
    out = rows.sort_values(["start_utc", "site", "tournament_id"], ascending=False,
                           kind="stable", na_position="last")
    cost = out["cost"].astype("Float64") / SCALE
    won = out["won"].astype("Float64") / SCALE
    net = won - cost
    status = pd.Series("", index=out.index, dtype="string")
    status = status.mask(out["finish"].isna(), "no finish seen")
    status = status.mask(out["still_playing"].astype(bool), "still playing")
    return pd.DataFrame({
        "start_utc": out["start_utc"], "site": out["site"].astype("string"),
        "tournament_id": out["tournament_id"].astype("string"),
        "name": out["tournament_name"].astype("string"),
        "game": out["game_label"].astype("string"),
        "unit": out["unit"].astype("string").map(tournament_report.unit_name),
        "unit_code": out["unit"].astype("string"),
        "buy_in": cost, "finish": out["finish"], "entrants": out["entrants"],
        "status": status, "prize": won, "net": net,
        "roi": (net / cost * 100).where(cost > 0), "source": out["source"].astype("string"),
    }).reset_index(drop=True)


EACH_COLS = [
    Col("start_utc", "start (UTC)", "date"), Col("site", "site"),
    Col("tournament_id", "tournament"), Col("name", "name"), Col("game", "game", "game"),
    Col("unit", "unit", "unit"),
    Col("buy_in", "buy-in", "money", "buy-in, fee and bounty of each entry, rebuys and "
        "add-ons", unit_column="unit_code", tone=0),
    Col("finish", "place", "int"), Col("entrants", "of", "int", "entrants"),
    Col("status", "", "text", "why the place is not known"),
    Col("prize", "prize", "money", "the prize, a ticket of known worth and the bounties won",
        unit_column="unit_code", tone=0),
    Col("net", "net", "money", "prize - buy-in", unit_column="unit_code"),
    Col("roi", "ROI %", "pct", "net over the buy-in"),
    Col("source", "from", "text", "summary: a tournament summary file; hand: a finishing "
        "line; seen: only the hands played"),
]


def player_links(found: pd.DataFrame) -> pd.DataFrame:
    """The players with the most tournaments, with the units they played in."""
    if found.empty:
        return pd.DataFrame(columns=["player", "tournaments", "units"])
    counts = found["player"].astype("string").value_counts().rename("tournaments")
    table = counts.rename_axis("player").reset_index().sort_values(
        ["tournaments", "player"], ascending=[False, True], kind="stable").head(PLAYERS_LISTED)
    mine = found[found["player"].isin(table["player"])]
    units = mine.groupby("player", observed=True)["unit"].unique()
    table["units"] = [", ".join(tournament_report.unit_name(str(u)) for u in sorted(units[p]))
                      for p in table["player"]]
    return table


def numbers(source: Source, filters: PageFilters, number: int) -> dict[str, Any]:
    """Everything the page shows for ``filters`` (page ``number`` of the tournaments)."""
    select = filters.selection(player=False)
    found = tournaments.select(all_results(source), dataclasses.replace(
        select, stakes=(), min_hands=0))
    player = choose_player(source, all_results(source), filters.player)
    mine = found[found["player"] == player] if player is not None else found.iloc[:0]
    summary = tournaments.summary(mine).reset_index() if len(mine) else pd.DataFrame()
    if len(summary):
        summary["unit_code"] = summary["unit"]
        summary["unit"] = summary["unit"].map(tournament_report.unit_name)
    link = Col("player", "player", link=lambda row: "/tournaments?" + filters.query(
        player=str(row["player"])))
    players = table_html(player_links(found), [
        link, Col("tournaments", "tournaments", "int"), Col("units", "units")],
        caption="The players with the most tournaments", empty="No tournament results.")
    totals = table_html(summary, [c for c in SUMMARY_COLS if c.name in summary.columns],
                        caption="Totals per unit", empty="No tournament results.")
    first = (number - 1) * TOURNAMENTS_LISTED
    listed = table_html(each_tournament(mine).iloc[first:first + TOURNAMENTS_LISTED],
                        EACH_COLS, empty="No tournament results." if not len(mine) else
                        "No tournament on this page.",
                        caption=f"{len(mine):,} tournament{'s' if len(mine) != 1 else ''}")
    return {"player": player, "count": len(mine), "notes": notes(filters, select),
            "totals": totals, "listed": listed, "players": players,
            "everyone": found["player"].nunique(), "most": PLAYERS_LISTED}


@guarded
def tournaments_page(request: Request) -> HTMLResponse:
    app = state(request)
    filters = PageFilters.of(request.query_params.multi_items())
    number = page_number(request)
    found = app.source.cached(("tournaments", filters, number),
                              lambda _: numbers(app.source, filters, number))
    if found["player"] is None:
        return page(request, "message.html.j2", "Tournaments", message=(
            " ".join(found["notes"]) + " No tournament results: import tournament hands or "
            "summaries (stud-hh import FOLDER --db DB)."))
    return page(request, "tournaments.html.j2", f"Tournaments: {found['player']}",
                pager=pager(request, number, found["count"], TOURNAMENTS_LISTED), **found)


ROUTES = [Route("/tournaments", tournaments_page)]
