"""*Live*: the hero's current tables, a panel per seat with the player's stud statistics
coloured by the user's thresholds, their notes and tags, and the hero's session; updated
in place as the watch stores each hand.

Routes:

* ``GET /live`` -- the page (its panels, the note editor, the colours' form);
* ``GET /live/panels`` -- the panels alone, as HTML (``?format=json``: as JSON), which
  ``static/page-live.js`` fetches on each event;
* ``GET /live/events`` -- server-sent events: ``hands`` after a poll of the watch stored
  hands, ``notes`` after a note was written, ``error`` when the watch stopped on an error,
  ``stop`` when the server stops (the stream then ends);
* ``POST /api/notes`` -- a player's note and tags: JSON ``{site?, player, note, tags}``
  (an empty note with no tags removes it); 409 when another process holds the write lock;
* ``POST /api/settings`` -- the HUD's thresholds into the settings file: JSON
  ``{thresholds: {STAT: [LOW, HIGH], ...}, min_sample?: N}``.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from stud_hh.app.hud import RATIOS, SHORT, LiveView, PartCounts, live_view
from stud_hh.app.live import STOP, Watcher
from stud_hh.app.notes import NotesBusy, all_tags, notes_in, save
from stud_hh.app.players_sql import PLAYERS
from stud_hh.app.web import AppState, environment, guarded, page, state
from stud_hh.model.errors import SettingsError, StudHHError
from stud_hh.model.money import SYMBOLS
from stud_hh.settings.hud import DEFAULTS, STATS, Hud
from stud_hh.store.notes import Note, make_note

if TYPE_CHECKING:
    import duckdb

KEEP_ALIVE = 15.0
"""Seconds between two comments on a quiet stream (a proxy or browser keeps it open)."""


def watcher_of(app: AppState) -> Watcher:
    """The app's watcher (an idle one when the app was built without)."""
    found = app.extras.get("watcher")
    if found is None:
        found = app.extras["watcher"] = Watcher([], app.source.db.root)
    assert isinstance(found, Watcher)
    return found


def hud_settings() -> tuple[Hud, str | None]:
    """The thresholds in force (the settings file's), and why the defaults are used
    instead when the file does not read."""
    from stud_hh.settings import load_settings

    try:
        return load_settings().hud, None
    except SettingsError as exc:
        return DEFAULTS, f"the settings file does not read ({exc}): the default colours"


def money(value: float | None, unit: str) -> str:
    """Winnings as the site prints them, signed: ``+$1.20``, ``-350 chips``."""
    if value is None:
        return ""
    sign = "+" if value > 0 else "-" if value < 0 else ""
    symbol = SYMBOLS.get(unit)
    if symbol is not None:
        return f"{sign}{symbol}{abs(value):,.2f}"
    return f"{sign}{abs(value):,.0f} {unit}" if float(value).is_integer() else \
        f"{sign}{abs(value):,.2f} {unit}"


def _hero(app: AppState, cur: duckdb.DuckDBPyConnection, paths: list[str]) -> str | None:
    """The hero, as :func:`stud_hh.app.players_sql.hero` finds it: the settings' when the
    database holds their hands, else the player whose down cards the most hands show
    (counted per part, kept: :class:`~stud_hh.app.hud.PartCounts`)."""
    person = app.source.db.people.hero
    if person is not None and cur.execute(f"SELECT 1 FROM {PLAYERS} WHERE player = ? LIMIT 1",
                                          [person.name]).fetchone():
        return person.name
    counts: PartCounts = app.extras.setdefault("live-counts", PartCounts())
    return counts.hero(cur, paths)


def _numbers(app: AppState, hud: Hud) -> tuple[LiveView, dict[tuple[str, str], Note]]:
    def compute(_: duckdb.DuckDBPyConnection
                ) -> tuple[LiveView, dict[tuple[str, str], Note]]:
        with app.source.snapshot() as (cur, parts):
            paths = [app.source.db.storage.duckdb_path(p) for p in parts]
            view = live_view(cur, _hero(app, cur, paths), hud)
            found = notes_in(cur, view.players())
        return view, {(str(k[0]), k[1]): v for k, v in found.items()}

    return app.source.cached(("live", hud), compute)


def _context(app: AppState) -> dict[str, Any]:
    hud, problem = hud_settings()
    view, notes = _numbers(app, hud)
    watcher = watcher_of(app)
    return {"view": view, "notes": notes, "hud": hud, "hud_problem": problem,
            "watcher": watcher, "folders": [str(f) for f in watcher.folders],
            "money": money}


@guarded
def live(request: Request) -> HTMLResponse:
    app = state(request)
    context = _context(app)
    return page(request, "live.html.j2", "Live", stats=[(r.name, SHORT[r.name], r.label)
                                                        for r in RATIOS],
                defaults=DEFAULTS, tags=all_tags(app.source), **context)


def panels(request: Request) -> Response:
    app = state(request)
    try:
        context = _context(app)
    except StudHHError as exc:
        return JSONResponse({"error": str(exc)}, status_code=400)
    if request.query_params.get("format") == "json":
        view, notes = context["view"], context["notes"]
        return JSONResponse({**asdict(view), "notes": [n.as_dict() for n in notes.values()],
                             "watch": context["watcher"].summary()})
    html = environment().get_template("live_panels.html.j2").render(**context)
    return HTMLResponse(html)


async def events(request: Request) -> Response:
    hub = watcher_of(state(request)).hub
    queue = hub.listen()

    async def stream() -> AsyncIterator[str]:
        try:
            yield "retry: 2000\n: stud-hh live\n\n"
            while True:
                try:
                    event = await asyncio.wait_for(queue.get(), KEEP_ALIVE)
                except TimeoutError:
                    yield ": still here\n\n"
                    continue
                if event == STOP:
                    yield "event: stop\ndata: the app stopped\n\n"
                    return
                yield f"event: {event}\ndata: {hub.sent}\n\n"
        finally:
            hub.leave(queue)

    return StreamingResponse(stream(), media_type="text/event-stream",
                             headers={"cache-control": "no-store",
                                      "x-accel-buffering": "no"})


async def _json(request: Request) -> dict[str, Any]:
    try:
        body = await request.json()
    except ValueError:
        raise StudHHError("the request's body is not JSON") from None
    if not isinstance(body, dict):
        raise StudHHError("the request's body is not a JSON object")
    return body


def _problem(exc: StudHHError, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": exc.reason}, status_code=status)


async def post_note(request: Request) -> Response:
    app = state(request)
    try:
        body = await _json(request)
        note = make_note(body.get("site"), body.get("player", ""), body.get("note", ""),
                         body.get("tags", []))
        await run_in_threadpool(save, app.source, watcher_of(app), note)
    except NotesBusy as exc:
        return _problem(exc, 409)
    except StudHHError as exc:
        return _problem(exc)
    return JSONResponse({"saved": note.as_dict(), "removed": note.empty})


async def post_settings(request: Request) -> Response:
    from stud_hh.settings import settings_path
    from stud_hh.settings.edit import set_hud
    from stud_hh.settings.file import thresholds_of

    try:
        body = await _json(request)
        given = body.get("thresholds", {})
        if not isinstance(given, dict):
            raise StudHHError("thresholds: an object of statistics, each [LOW, HIGH]")
        thresholds = {}
        for name, pair in given.items():
            if name not in STATS:
                raise StudHHError(f"no HUD statistic {name!r} (the HUD's: {', '.join(STATS)})")
            try:
                thresholds[name] = thresholds_of(pair)
            except ValueError as exc:
                raise StudHHError(f"{SHORT[name]}: {exc}") from None
        min_sample = body.get("min_sample")
        if min_sample is not None and (not isinstance(min_sample, int)
                                       or isinstance(min_sample, bool) or min_sample < 0):
            raise StudHHError(f"min_sample is a whole number of 0 or more, not {min_sample!r}")
        said = await run_in_threadpool(set_hud, settings_path(), thresholds, min_sample)
    except StudHHError as exc:
        return _problem(exc)
    watcher_of(state(request)).hub.publish("settings")
    return JSONResponse({"saved": said})


ROUTES = [Route("/live", live), Route("/live/panels", panels), Route("/live/events", events),
          Route("/api/notes", post_note, methods=["POST"]),
          Route("/api/settings", post_settings, methods=["POST"])]
