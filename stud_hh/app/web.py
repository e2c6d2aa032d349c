"""What every page shares: the app's state, its templates, and a page's answer.

A page handler gets the request, reads its filters (:class:`~stud_hh.app.filters.PageFilters`),
asks the :class:`~stud_hh.app.source.Source` for its numbers and answers with
:func:`page`, which lays the page's template out inside ``base.html.j2``: the nav bar, the
filter bar (with the database's sites, games and stakes to pick from) and the CSRF token
the page's scripts send with a write. Templates autoescape: every name from a hand history
is escaped; the app writes no inline script (the content security policy forbids them), so
a page's data goes in ``<script type="application/json">`` blocks its script reads.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING, Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse

from stud_hh import __version__
from stud_hh.analysis.html.page import json_script
from stud_hh.app.filters import PageFilters
from stud_hh.app.security import Guard
from stud_hh.app.source import Source
from stud_hh.model.errors import StudHHError

if TYPE_CHECKING:
    import duckdb

NAV: tuple[tuple[str, str], ...] = (
    ("/", "Overview"), ("/players", "Players"), ("/hands", "Hands"), ("/leaks", "Leaks"),
    ("/tournaments", "Tournaments"), ("/audit", "Audit"), ("/live", "Live"),
)
"""The pages of the nav bar: path and label."""


@dataclass
class AppState:
    """What the handlers share: the database's source, the guard, and the live part."""

    source: Source
    guard: Guard
    extras: dict[str, Any] = field(default_factory=dict)
    """Parts other modules attach (the live hub: :mod:`stud_hh.app.live`)."""


def state(request: Request) -> AppState:
    found: AppState = request.app.state.stud_hh
    return found


@cache
def environment() -> Environment:
    env = Environment(loader=PackageLoader("stud_hh.app", "templates"),
                      autoescape=select_autoescape(default=True, default_for_string=True),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.globals["json_script"] = json_script
    env.filters["signed"] = signed
    env.filters["number"] = number
    return env


def signed(value: Any, digits: int = 2) -> str:
    """A money or big-bet figure with its sign (``+12.50``, ``-3.00``), or ``-`` for none."""
    if value is None or value != value:
        return "–"
    return f"{float(value):+,.{digits}f}"


def number(value: Any, digits: int = 0) -> str:
    """A count or ratio as a person reads it (``12,345``, ``23.4``), or ``-`` for none."""
    if value is None or value != value:
        return "–"
    return f"{float(value):,.{digits}f}"


def known_values(source: Source) -> dict[str, list[str]]:
    """The sites, games and stakes the database holds, for the filter bar's choices."""

    def compute(cur: duckdb.DuckDBPyConnection) -> dict[str, list[str]]:
        out: dict[str, list[str]] = {}
        for column in ("site", "game", "stakes"):
            out[column] = sorted(str(r[0]) for r in cur.execute(
                f"SELECT DISTINCT CAST({column} AS VARCHAR) FROM hands "
                f"WHERE {column} IS NOT NULL").fetchall())
        return out

    return source.cached(("known",), compute)


def page(request: Request, template: str, title: str, *, status: int = 200,
         **context: Any) -> HTMLResponse:
    """The page ``template`` (in ``templates/``) inside the shared layout."""
    app = state(request)
    filters = context.pop("filters", None) or PageFilters.of(request.query_params.multi_items())
    html = environment().get_template(template).render(
        title=title, nav=NAV, path=request.url.path, filters=filters,
        known=known_values(app.source), csrf=app.guard.csrf, version=__version__,
        Markup=Markup, **context)
    return HTMLResponse(html, status_code=status)


def guarded(handler: Callable[[Request], HTMLResponse]) -> Callable[[Request], HTMLResponse]:
    """``handler``, with a user's mistake (a filter naming nothing, a player not found)
    shown as the page's message instead of an error (status 400)."""

    def run(request: Request) -> HTMLResponse:
        try:
            return handler(request)
        except StudHHError as exc:
            return page(request, "message.html.j2", "Nothing to show", status=400,
                        message=str(exc))

    run.__name__ = handler.__name__
    run.__doc__ = handler.__doc__
    return run
