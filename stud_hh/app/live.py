"""The app's watch: folders followed in a thread while the server runs, and the news of
each import sent to the pages that listen (server-sent events).

:class:`Watcher` runs a :class:`~stud_hh.live.watch.Watch` in a thread of its own (it holds
the database's write lock while it runs, as ``stud-hh watch`` does), polling every
:data:`INTERVAL` seconds so that a hand is stored within a second of its last line being
written (a hand whose file goes on with a blank line is read at the next poll). After
each poll that stored something it tells :class:`Hub`, which wakes every listening page
(``/live/events``): the page then asks for its panels again.
"""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

from stud_hh.app.web import AppState
from stud_hh.model.errors import StudHHError

INTERVAL = 0.25
"""Seconds between two looks at the watched folders."""


class Hub:
    """The pages listening for news: each an asyncio queue on the server's loop."""

    def __init__(self) -> None:
        self._queues: set[asyncio.Queue[str]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.Lock()
        self.sent = 0

    def listen(self) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=16)
        with self._lock:
            self._loop = asyncio.get_running_loop()
            self._queues.add(queue)
        return queue

    def leave(self, queue: asyncio.Queue[str]) -> None:
        with self._lock:
            self._queues.discard(queue)

    def publish(self, event: str) -> None:
        """Tell every listening page ``event`` (from any thread)."""
        with self._lock:
            loop, queues = self._loop, list(self._queues)
            self.sent += 1
        if loop is None or loop.is_closed():
            return
        for queue in queues:
            with suppress(RuntimeError):
                loop.call_soon_threadsafe(_offer, queue, event)


def _offer(queue: asyncio.Queue[str], event: str) -> None:
    with suppress(asyncio.QueueFull):  # a page that stopped reading misses nothing new
        queue.put_nowait(event)


class Watcher:
    """The watched folders of one app run (none: nothing happens)."""

    def __init__(self, folders: Sequence[str | os.PathLike[str]],
                 db_root: str | os.PathLike[str], *, settle: float = 2.0,
                 interval: float = INTERVAL) -> None:
        self.folders = [Path(f) for f in folders]
        self.db_root, self.settle, self.interval = db_root, settle, interval
        self.hub = Hub()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self.watch: Any = None
        self.error: str | None = None
        self.live: Any = None
        """The :class:`~stud_hh.store.importer.LiveImport` while watching: notes are written
        through its database, which holds the write lock."""

    def start(self, state: AppState) -> None:
        state.extras["watcher"] = self
        if not self.folders:
            return
        from stud_hh.live.watch import Watch

        self.watch = Watch(self.folders, self.db_root, interval=self.interval,
                           settle=self.settle)
        self._thread = threading.Thread(target=self._run, name="stud-hh watch", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            self.watch.run(self._polled, stop=self._stop.is_set, on_start=self._started)
        except StudHHError as exc:
            self.error = str(exc)
            self.hub.publish("error")
        finally:
            self.live = None

    def _started(self, live: Any) -> None:
        self.live = live

    def _polled(self, poll: Any) -> None:
        if poll.summary.hands_new or poll.summary.failures_new:
            self.hub.publish("hands")

    def stop(self, state: AppState | None = None) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join(timeout=30)

    def summary(self) -> str:
        if self.error is not None:
            return f"the watch stopped: {self.error}"
        if self.watch is None:
            return "no folder was watched"
        line: str = self.watch.totals.line()
        return line


__all__ = ["Callable", "Hub", "Watcher"]
