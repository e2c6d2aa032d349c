"""Live import: one import after another into one database, its write lock held
throughout (a watch, :mod:`stud_hh.live`; the app's live page).

What the database holds is read once (:class:`~stud_hh.store.ingest.dedupe.Stored`), then
kept up to date by each import, so that a hand written a moment ago is committed within a
second whatever the size of the player's history.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from pathlib import Path
from typing import Any

from stud_hh.model.errors import StudHHError
from stud_hh.rules import profile as rule_profile
from stud_hh.store.database import Database
from stud_hh.store.ingest.dedupe import Stored
from stud_hh.store.ingest.run import Run
from stud_hh.store.ingest.summary import ImportSummary
from stud_hh.store.ingest.tasks import FileResult
from stud_hh.store.storage import Storage

LIVE_COMPACT_PARTS = 64
"""Small parts per table before a watch merges them (each import of a watch adds a part
per table; the usual 16 would merge a large remainder part again every few hands); the
watch merges as usual when it stops."""


class LiveImport:
    """Imports one after another into one database, holding its write lock throughout (a
    watch, :mod:`stud_hh.live`): what is stored is read once, then kept up to date.

    >>> with LiveImport("my.db", settle=2.0) as live:  # doctest: +SKIP
    ...     summary = live.read(["HH20240101 Table.txt"])
    """

    def __init__(self, db_root: str | os.PathLike[str] | Storage, *, profile: str = "site",
                 settle: float = 2.0) -> None:
        if profile != "site":
            rule_profile(profile)
        self.db = Database.create(db_root)
        self.profile, self.settle = profile, settle
        self._stored: Stored | None = None
        self._lock: Any = None

    def __enter__(self) -> LiveImport:
        self._lock = self.db.writing()
        self._lock.__enter__()
        self._stored = Stored.of(self.db)
        return self

    def __exit__(self, *exc: object) -> None:
        lock, self._lock = self._lock, None
        if lock is None:
            return
        try:
            if exc[0] is None or exc[0] is KeyboardInterrupt:
                with suppress(StudHHError, OSError):  # merging is an optimisation only
                    self.db.compact()
        finally:
            lock.__exit__(*exc)

    def read(self, paths: Sequence[str | os.PathLike[str]], *, in_folder: bool = False,
             on_file: Callable[[FileResult], None] | None = None) -> ImportSummary:
        """Import the files ``paths`` (those unchanged since their last import are passed
        over) in this process; ``in_folder``: files met in a folder, read only when their
        content holds hands. ``on_file(result)`` after each file read. A fault or Ctrl-C
        leaves what was committed before it and nothing else."""
        assert self._stored is not None, "use LiveImport as a context manager"
        started = time.perf_counter()
        run = Run(self.db, profile=self.profile, jobs=1, settle=self.settle, on_file=on_file)
        candidates = {str(Path(p).resolve()): in_folder for p in paths}
        try:
            before = self.db.current()
            run.go(candidates, [], self._stored)
            # a poll that committed nothing (most of a watch's) has nothing new to merge
            if self.db.current() != before and self.db.compact(min_parts=LIVE_COMPACT_PARTS):
                self._stored = Stored.of(self.db)
        except BaseException:
            with suppress(OSError):
                self.db.remove_uncommitted()
            raise
        run.summary.seconds = time.perf_counter() - started
        return run.summary
