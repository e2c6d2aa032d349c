"""*Overview*: a player's results (the hero's unless the filters name another) per money
unit and per game and stakes, the curve in big bets with and without showdown and
luck-adjusted, and the sessions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pandas as pd
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from stud_hh.analysis import duck
from stud_hh.analysis.stats import SESSION_GAP, on_clock
from stud_hh.app.filters import PageFilters
from stud_hh.app.players_sql import PLAYERS, hero, where
from stud_hh.app.web import guarded, page, state

if TYPE_CHECKING:
    import duckdb

CURVE_POINTS = 1500
"""The curve is drawn through at most this many hands (every n-th, and the last)."""
SESSIONS = 30
"""The latest sessions listed."""
RESULT_COLUMNS = ("hands", "net", "rake_paid", "net_bb", "bb_per_100", "net_bb_showdown",
                  "net_bb_no_showdown", "ev_bb_per_100", "luck_bb")


def _rows(summary: pd.DataFrame) -> list[dict[str, Any]]:
    """Each row of ``summary`` with its groups by name and its unit (a group of the
    index when the rows hold several units, else a column)."""
    keys = [str(name) for name in summary.index.names]
    out = []
    for index, row in summary.iterrows():
        values = index if isinstance(index, tuple) else (index,)
        item = dict(zip(keys, values, strict=True))
        item.update({c: row.get(c) for c in RESULT_COLUMNS})
        item.setdefault("unit", row.get("unit"))
        item["hands"] = int(item["hands"])
        out.append(item)
    return out


def curve(cur: duckdb.DuckDBPyConnection, condition: str, values: list[Any]
          ) -> dict[str, Any]:
    """The player's running total in big bets, hand by hand in the order played: all,
    at showdown, without showdown, luck-adjusted (every n-th hand of at most
    :data:`CURVE_POINTS`)."""
    sql = f"""
        WITH mine AS (
            SELECT row_number() OVER w AS n,
                   sum(net / big_bet) OVER w AS total,
                   sum(CASE WHEN saw_showdown THEN net / big_bet ELSE 0 END) OVER w AS shown,
                   sum(coalesce(ev_net, net) / big_bet) OVER w AS adjusted,
                   count(*) OVER () AS hands
            FROM {PLAYERS} WHERE dealt AND big_bet > 0 AND {condition}
            WINDOW w AS (ORDER BY start_utc NULLS FIRST, site, hand_id
                         ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))
        SELECT n, total, shown, total - shown AS unshown, adjusted FROM mine
        WHERE n % greatest(1, hands // {CURVE_POINTS}) = 0 OR n = hands ORDER BY n"""
    frame = cur.execute(sql, values).df()
    return {column: [round(float(v), 3) for v in frame[column]] if column != "n"
            else [int(v) for v in frame[column]] for column in frame.columns}


def sessions(cur: duckdb.DuckDBPyConnection, condition: str, values: list[Any]
             ) -> list[dict[str, Any]]:
    """The player's latest sessions (hands with no pause over 30 minutes), the latest first,
    on this machine's clock."""
    gap = int(SESSION_GAP.total_seconds())
    sql = f"""
        WITH mine AS (
            SELECT start_utc, net, big_bet, scale,
                   CASE WHEN currency IS NOT NULL THEN CAST(currency AS VARCHAR)
                        WHEN coalesce(tournament, false) THEN 'tournament chips'
                        ELSE 'chips' END AS unit,
                   CASE WHEN lag(start_utc) OVER (ORDER BY start_utc) IS NULL
                          OR epoch(start_utc) - epoch(lag(start_utc) OVER (ORDER BY start_utc))
                             > {gap} THEN 1 ELSE 0 END AS fresh
            FROM {PLAYERS} WHERE dealt AND start_utc IS NOT NULL AND {condition}),
        numbered AS (SELECT *, sum(fresh) OVER (ORDER BY start_utc) AS session FROM mine)
        SELECT session, min(start_utc) AS start, max(start_utc) AS "end", count(*) AS hands,
               string_agg(DISTINCT unit, ', ') AS units,
               CASE WHEN count(DISTINCT unit) = 1 AND min(unit) <> 'tournament chips'
                    THEN sum(net / scale) END AS net,
               sum(CASE WHEN big_bet > 0 THEN net / big_bet ELSE 0 END) AS net_bb
        FROM numbered GROUP BY session ORDER BY session DESC LIMIT {SESSIONS}"""
    frame = cur.execute(sql, values).df()
    if frame.empty:
        return []
    for column in ("start", "end"):
        frame[column] = on_clock(pd.to_datetime(frame[column], utc=True))
    out = []
    for row in frame.to_dict("records"):
        start, end, net = row["start"], row["end"], row["net"]
        out.append({"start": f"{start:%Y-%m-%d %H:%M}", "end": f"{end:%H:%M}",
                    "minutes": round((end - start).total_seconds() / 60),
                    "hands": int(row["hands"]), "units": row["units"],
                    "net": None if pd.isna(net) else float(net),
                    "net_bb": float(row["net_bb"])})
    return out


def numbers(cur: duckdb.DuckDBPyConnection, player: str, filters: PageFilters
            ) -> dict[str, Any]:
    """Everything the overview shows of ``player`` in ``filters``."""
    select = filters.selection(player=False).where(player=player)
    by_unit = duck.summary(cur, (), ["unit"], select=select, table=PLAYERS)
    by_game = duck.summary(cur, (), ["game", "stakes"], select=select, table=PLAYERS)
    condition, values = where(cur, select)
    return {"units": _rows(by_unit), "games": _rows(by_game),
            "curve": curve(cur, condition, values),
            "sessions": sessions(cur, condition, values)}


@guarded
def overview(request: Request) -> HTMLResponse:
    app = state(request)
    filters = PageFilters.of(request.query_params.multi_items())
    player = filters.player or hero(app.source)
    if player is None:
        return page(request, "message.html.j2", "Overview", message=(
            "The database holds no hands yet: import some (stud-hh import FOLDER --db DB), "
            "or start the app with --watch FOLDER."))
    found = app.source.cached(("overview", player, filters),
                              lambda cur: numbers(cur, player, filters))
    return page(request, "overview.html.j2", f"Overview: {player}", player=player,
                **found)


ROUTES = [Route("/", overview)]
