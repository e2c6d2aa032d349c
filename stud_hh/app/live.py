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
from typing import Any, TypeVar

from stud_hh.app.web import AppState
from stud_hh.live.watch import Poll, Watch
from stud_hh.model.errors import DatabaseError, StudHHError
from stud_hh.store.database import Database
from stud_hh.store.ingest.live import LiveImport

T = TypeVar("T")

INTERVAL = 0.25
"""Seconds between two looks at the watched folders."""
STOP = "stop"
"""The event that ends the pages' streams: the server is stopping."""


class Hub:
    """The pages listening for news: each an asyncio queue on the server's loop."""

    def __init__(self) -> None:
        self._queues: set[asyncio.Queue[str]] = set()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._lock = threading.RLock()  # reentrant: close() may run in a signal handler
        self.sent = 0
        self.closed = False
        """The server is stopping: every listener has been told :data:`STOP`."""

    def listen(self) -> asyncio.Queue[str]:
        queue: asyncio.Queue[str] = asyncio.Queue(maxsize=16)
        with self._lock:
            self._loop = asyncio.get_running_loop()
            self._queues.add(queue)
            if self.closed:
                queue.put_nowait(STOP)
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

    def close(self) -> None:
        """Tell every listening page that the server stops (their streams end at once,
        so that the server's shutdown waits for none of them)."""
        with self._lock:
            self.closed = True
        self.publish(STOP)


def _offer(queue: asyncio.Queue[str], event: str) -> None:
    if event == STOP:
        while not queue.empty():  # the end goes first, before news nobody will read
            queue.get_nowait()
    with suppress(asyncio.QueueFull):  # a page that stopped reading misses nothing new
        queue.put_nowait(event)


class _LockedWatch(Watch):
    """A watch whose polls hold the watcher's lock: a note is written between two polls,
    never during one (both commit through the same database)."""

    def __init__(self, lock: threading.RLock, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.lock = lock

    def poll(self, live: LiveImport) -> Poll:
        with self.lock:
            return super().poll(live)


class Watcher:
    """The watched folders of one app run (none: nothing happens)."""

    def __init__(self, folders: Sequence[str | os.PathLike[str]],
                 db_root: str | os.PathLike[str], *, settle: float = 2.0,
                 interval: float = INTERVAL) -> None:
        self.folders = [Path(f) for f in folders]
        self.db_root, self.settle, self.interval = db_root, settle, interval
        self.hub = Hub()
        self.lock = threading.RLock()
        """Held by each poll and each write of notes: one writer at a time in this app."""
        self._stop = threading.Event()
        self._ready = threading.Event()
        self._thread: threading.Thread | None = None
        self.watch: Watch | None = None
        self.error: str | None = None
        self.live: LiveImport | None = None
        """The import while watching: notes are written through its database, which holds
        the write lock (:meth:`through_watch`)."""

    def start(self, state: AppState) -> None:
        state.extras["watcher"] = self
        if not self.folders:
            return
        self.watch = _LockedWatch(self.lock, self.folders, self.db_root,
                                  interval=self.interval, settle=self.settle)
        self._thread = threading.Thread(target=self._run, name="stud-hh watch", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        assert self.watch is not None
        try:
            self.watch.run(self._polled, stop=self._stop.is_set, on_start=self._started)
        except StudHHError as exc:
            self.error = str(exc)
            self.hub.publish("error")
        finally:
            with self.lock:
                self.live = None
            self._ready.set()

    def _started(self, live: LiveImport) -> None:
        with self.lock:
            self.live = live
        self._ready.set()

    def _polled(self, poll: Poll) -> None:
        if poll.summary.hands_new or poll.summary.failures_new:
            self.hub.publish("hands")

    @property
    def watching(self) -> bool:
        """The watch runs (or is starting)."""
        return self._thread is not None and self._thread.is_alive()

    def through_watch(self, write: Callable[[Database], T], *, wait: float = 10.0
                      ) -> tuple[bool, T | None]:
        """``write(db)`` on the watch's database, between two polls, when a watch holds
        the write lock: ``(True, its answer)``; ``(False, None)`` when none does. A watch
        still starting is waited for, and a poll in progress (at most ``wait`` seconds
        each: :class:`DatabaseError` when a poll takes longer)."""
        if self.watching and not self._ready.is_set():
            self._ready.wait(wait)
        if not self.lock.acquire(timeout=wait):
            raise DatabaseError("the watch is importing a large batch of hands: write again "
                                "in a moment", path=str(self.db_root))
        try:
            if self.live is None:
                return False, None
            return True, write(self.live.db)
        finally:
            self.lock.release()

    def stop(self, state: AppState | None = None) -> None:
        self.hub.close()
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


__all__ = ["STOP", "Hub", "Watcher"]
