"""The app under test: a real uvicorn server in a thread of the test process, and pages of it
opened in Chromium with every request outside the app refused and recorded.

>>> with running(db_root) as app:  # doctest: +SKIP
...     client = app.client()       # an httpx client holding the token's cookie
...     client.get("/players").status_code
200
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
from chromium import Opened, open_guarded

from stud_hh.app.live import Watcher
from stud_hh.app.security import COOKIE, Guard
from stud_hh.app.server import build, free_port
from stud_hh.store.database import Database, open_db
from stud_hh.store.people import People

GUARD_S = 600.0
"""The longest a start or a wait may take: a guard against a hang, never a measure of speed."""


@dataclass
class Running:
    """A server running the app of one database."""

    guard: Guard
    watcher: Watcher
    app: Any

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.guard.port}"

    def client(self, *, signed_in: bool = True) -> httpx.Client:
        """An HTTP client of the app (with the token's cookie, unless ``signed_in`` is off)."""
        cookies = {COOKIE: self.guard.token} if signed_in else {}
        return httpx.Client(base_url=self.base, cookies=cookies, timeout=GUARD_S,
                            follow_redirects=False)

    def get(self, path: str) -> httpx.Response:
        with self.client() as client:
            return client.get(path)


@contextmanager
def running(db_root: Path, *, watch: list[Path] | None = None,
            people: People | None = None, settle: float = 2.0) -> Iterator[Running]:
    """The app of the database at ``db_root`` served on a free port until the block ends."""
    import uvicorn

    Database.create(db_root)
    db = open_db(db_root, people=people)
    guard = Guard(port=free_port("127.0.0.1"))
    watcher = Watcher(watch or [], db_root, settle=settle)
    app = build(db, guard, on_startup=watcher.start, on_shutdown=watcher.stop)
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=guard.port,
                                           log_level="warning", lifespan="on"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + GUARD_S
    while not server.started:
        if not thread.is_alive() or time.monotonic() > deadline:
            raise RuntimeError("the app's server did not start")
        time.sleep(0.02)
    try:
        yield Running(guard, watcher, app)
    finally:
        watcher.hub.close()  # as Ctrl-C does (server.serve's on_exit): the streams end
        server.should_exit = True
        thread.join(GUARD_S)


@contextmanager
def open_app(browser: Any, app: Running, path: str = "/", *, width: int = 1400,
             height: int = 900) -> Iterator[Opened]:
    """``path`` of the app opened in a new browser context, signed in with the token: every
    request to anywhere but the app refused and recorded (:func:`chromium.open_guarded`)."""
    separator = "&" if "?" in path else "?"
    address = f"{app.base}{path}{separator}token={app.guard.token}"
    with open_guarded(browser, address,
                      lambda url: url == app.base or url.startswith(app.base + "/"),
                      width=width, height=height) as opened:
        opened.page.wait_for_load_state("networkidle")
        yield opened
