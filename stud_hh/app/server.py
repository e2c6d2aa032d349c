"""The app: Starlette routes behind the guard, run by uvicorn on 127.0.0.1.

:func:`build` makes the ASGI application of one database (the tests drive it through
Starlette's test client or a real server); :func:`serve` runs it until Ctrl-C, after
printing the address with its token and opening the browser.
"""

from __future__ import annotations

import mimetypes
import signal
import socket
import sys
import threading
import webbrowser
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager, closing
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from stud_hh.app.pages import ROUTES
from stud_hh.app.security import Guard, GuardMiddleware
from stud_hh.app.source import Source
from stud_hh.app.web import AppState
from stud_hh.model.errors import UsageError
from stud_hh.store.database import Database

_APP_STATIC = ("app.css", "app.js", "charts.js")
_REPORT_STATIC = ("report.css", "tables.js", "replayer.css", "replayer.js")


def _asset(name: str) -> bytes | None:
    """A file the app serves: its own (``static/``), the reports' (their stylesheet, table
    sorter and replayer) or Plotly's JavaScript, from the installed packages."""
    if name in _APP_STATIC or name.startswith("page-"):
        found = resources.files("stud_hh.app") / "static" / name
        return found.read_bytes() if found.is_file() else None
    if name in _REPORT_STATIC:
        return (resources.files("stud_hh.analysis.html") / "assets" / name).read_bytes()
    if name == "favicon.svg":
        return FAVICON
    if name == "plotly.min.js":
        return (resources.files("plotly") / "package_data" / "plotly.min.js").read_bytes()
    return None


FAVICON = (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" '
           b'height="16" rx="3" fill="#1f2a44"/><text x="8" y="12" font-size="10" '
           b'text-anchor="middle" fill="#fff" font-family="sans-serif">7</text></svg>')

_CACHE: dict[str, bytes | None] = {}


def static(request: Request) -> Response:
    name = str(request.path_params["name"])
    if name not in _CACHE:
        _CACHE[name] = _asset(name) if "/" not in name and ".." not in name else None
    body = _CACHE[name]
    if body is None:
        return PlainTextResponse("no such file", status_code=404)
    kind = mimetypes.guess_type(name)[0] or "application/octet-stream"
    return Response(body, media_type=kind,
                    headers={"cache-control": "private, max-age=3600"})


def build(db: Database, guard: Guard, *,
          on_startup: Callable[[AppState], None] | None = None,
          on_shutdown: Callable[[AppState], None] | None = None) -> Starlette:
    """The application of the database ``db``, behind ``guard``."""
    app_state = AppState(Source(db), guard)
    routes = [*ROUTES, Route("/static/{name}", static)]

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        if on_startup is not None:
            on_startup(app_state)
        threading.Thread(target=app_state.source.warm, name="stud-hh warm",
                         daemon=True).start()
        try:
            yield
        finally:
            if on_shutdown is not None:
                on_shutdown(app_state)
            app_state.source.close()

    app = Starlette(routes=routes, middleware=[Middleware(GuardMiddleware, guard=guard)],
                    lifespan=lifespan)
    app.state.stud_hh = app_state
    return app


def free_port(host: str) -> int:
    """A port nobody listens on at ``host``."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with closing(socket.socket(family, socket.SOCK_STREAM)) as probe:
        probe.bind((host, 0))
        return int(probe.getsockname()[1])


def serve(app: Any, guard: Guard, *, open_browser: bool,
          say: Callable[[str], None] = print,
          on_exit: Callable[[], None] | None = None) -> None:
    """Run ``app`` until Ctrl-C: print the address (with its token), open the browser.
    ``on_exit`` is called as soon as Ctrl-C (or SIGTERM) asks the server to stop, before
    it waits for the open connections: what streams to the pages ends there."""
    import uvicorn

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            super().handle_exit(sig, frame)
            if on_exit is not None:
                on_exit()

    config = uvicorn.Config(app, host=guard.host, port=guard.port, log_level="warning",
                            access_log=False, lifespan="on", server_header=False,
                            timeout_graceful_shutdown=2)
    server = Server(config)
    family = socket.AF_INET6 if ":" in guard.host else socket.AF_INET
    listening = socket.socket(family, socket.SOCK_STREAM)
    try:
        listening.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        listening.bind((guard.host, guard.port))
        listening.listen(128)
    except OSError as exc:
        listening.close()
        raise UsageError(f"cannot listen on {guard.host}:{guard.port}: "
                         f"{exc.strerror or exc} (--port N picks another port)") from None
    # a Ctrl-C (or SIGTERM) from the moment the address is printed stops the server, even
    # before uvicorn puts its own handlers in place (and after it gives them back)
    previous = {sig: signal.signal(sig, server.handle_exit)
                for sig in (signal.SIGINT, signal.SIGTERM)}
    try:
        url = guard.url()
        say(f"stud-hh ui: {url}")
        say("Ctrl-C stops it.")
        if open_browser:
            threading.Timer(0.5, lambda: webbrowser.open(url)).start()
        if not server.should_exit:
            server.run(sockets=[listening])
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        listening.close()
    sys.stdout.flush()


__all__ = ["Path", "build", "free_port", "serve"]
