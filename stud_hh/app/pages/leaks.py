"""*Leaks*: where a player (the hero unless the filters name another) differs most from the
field, with both sample sizes and what each gap cost in big bets; each row opens the
hands behind it.

The leaks are :func:`stats.leak_costs <stud_hh.analysis.stats.leak_costs>` (the player
report's table) summed by DuckDB (:mod:`stud_hh.app.profile`): every percentage statistic
where the player and the field both have at least ``min_n`` opportunities (30 unless the
URL says), best supported first. A row links to ``/hands?player=NAME&spot=STAT`` with the
page's filters: the hands where the player had the opportunity of that statistic.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pandas as pd
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from stud_hh.analysis.html.player_report import MIN_N
from stud_hh.analysis.stats import BRANCH_MIN
from stud_hh.app import profile
from stud_hh.app.filters import PageFilters
from stud_hh.app.players_sql import hero
from stud_hh.app.web import guarded, page, state
from stud_hh.store.select import SelectionError

LEAKS_SHOWN = 10
"""The leaks a player's page lists (the leaks page lists them all)."""


def hands_href(name: str, stat: str, filters: PageFilters) -> str:
    """The hands page of the player's opportunities of ``stat``, with the filters."""
    return f"/hands?{filters.query(player=name)}&{urlencode([('spot', stat)])}"


def leak_rows(table: pd.DataFrame, name: str, filters: PageFilters) -> list[dict[str, Any]]:
    """The leaks as the template shows them, each with its hands' link."""
    rows = []
    for found in table.to_dict("records"):
        record = {str(k): (None if isinstance(v, float) and v != v else v)
                  for k, v in found.items()}
        record["href"] = hands_href(name, str(record["stat"]), filters)
        rows.append(record)
    return rows


def min_n_of(request: Request) -> int:
    text = request.query_params.get("min_n", "") or str(MIN_N)
    try:
        value = int(text)
    except ValueError:
        raise SelectionError(f"min_n: a whole number, not {text!r}") from None
    if value < 1:
        raise SelectionError(f"min_n: at least 1, not {value}")
    return value


@guarded
def leaks(request: Request) -> HTMLResponse:
    app = state(request)
    filters = PageFilters.of(request.query_params.multi_items())
    min_n = min_n_of(request)
    wanted = filters.player or hero(app.source)
    if wanted is None:
        raise SelectionError("the database holds no hands yet")
    name = profile.player_name(app.source, wanted)
    chosen = profile.everyone(filters)

    def compute(_: object) -> dict[str, Any]:
        found = profile.Profile.of(app.source, name, chosen)
        table = found.leaks(min_n) if found.hands else pd.DataFrame()
        return {"hands": found.hands, "field_hands": int(found.field["_rows"]),
                "leaks": leak_rows(table, name, chosen)}

    found = app.source.cached(("leaks", name, chosen, min_n), compute)
    return page(request, "leaks.html.j2", f"Leaks: {name}", player=name, min_n=min_n,
                default_min_n=MIN_N, branch_min=BRANCH_MIN,
                described=chosen.selection().describe(), **found)


ROUTES = [Route("/leaks", leaks)]
