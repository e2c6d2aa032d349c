"""Following the folders a poker client writes into, while the user plays.

Each poll (every :attr:`Watch.interval` seconds) lists the folders and imports the
files that are new or changed since they were last read whole: a client appends a hand
to a session file when it ends, starts a new file for a new table or day, and some
rewrite a file whole. The import holds the database's write lock for the whole watch
and keeps what is stored in memory (:class:`~stud_hh.store.ingest.live.LiveImport`), so a
poll costs what its new hands cost. A file changed a moment ago has its last text read
only once a blank line follows it, or once the file has been left alone for
:attr:`Watch.settle` seconds: a hand caught half-written is never stored as a failure
(and a failure an earlier import stored for it is replaced when it is read whole).

Polling rather than file-system events: it works the same on every system and network
folder, and a poll of a client's folder (a few hundred files) costs a few milliseconds.

>>> watch = Watch(["~/PokerStars/HandHistory"], "my.db")  # doctest: +SKIP
>>> watch.run(on_poll=print)  # doctest: +SKIP
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from stud_hh.live.timing import INTERVAL, SETTLE
from stud_hh.model.errors import InputError
from stud_hh.read.reader import walk
from stud_hh.store.ingest.live import LiveImport
from stud_hh.store.ingest.summary import ImportSummary
from stud_hh.store.ingest.tasks import FileResult


@dataclass(slots=True)
class Poll:
    """What one poll found and stored."""

    summary: ImportSummary
    files: list[FileResult]
    """The files read (those passed over as unchanged are not listed)."""

    @property
    def news(self) -> bool:
        s = self.summary
        return bool(s.hands_new or s.failures_new or s.failures_replaced or s.conflicts)


@dataclass(slots=True)
class Totals:
    """What a watch stored from its start, as it stands: a failure a later import replaced
    (a hand read while the client was still writing it, read whole later) is no failure."""

    polls: int = 0
    hands: int = 0
    replaced: int = 0
    """Failures stored before the watch started that it read whole."""
    conflicts: int = 0
    started: float = field(default_factory=time.monotonic)
    stored_failures: set[str] = field(default_factory=set)
    """The keys of the failures the watch stored and that are still stored."""

    @property
    def failures(self) -> int:
        """The texts the watch could not read that are still stored as failures."""
        return len(self.stored_failures)

    def add(self, summary: ImportSummary) -> None:
        self.polls += 1
        self.hands += summary.hands_new
        mine = summary.replaced_keys & self.stored_failures
        self.replaced += len(summary.replaced_keys) - len(mine)
        self.stored_failures -= summary.replaced_keys
        self.stored_failures.update(summary.failure_keys)
        self.conflicts += len(summary.conflicts)

    def line(self) -> str:
        minutes = (time.monotonic() - self.started) / 60
        extra = f", {self.replaced} earlier failures replaced" if self.replaced else ""
        extra += f", {self.conflicts} conflicts" if self.conflicts else ""
        return (f"{self.hands:,} hands imported, {self.failures:,} failures{extra} in "
                f"{minutes:.1f} min")


class Watch:
    """A watch of ``folders`` into the database at ``db_root`` (see the module)."""

    def __init__(self, folders: Sequence[str | os.PathLike[str]],
                 db_root: str | os.PathLike[str], *, profile: str = "site",
                 interval: float = INTERVAL, settle: float = SETTLE) -> None:
        self.folders = [Path(f).expanduser() for f in folders]
        for folder in self.folders:
            if not folder.is_dir():
                raise InputError("no such folder (watch follows folders: name the folder "
                                 "the poker client writes its hand histories into)",
                                 path=str(folder))
        self.db_root = Path(db_root)
        self.profile, self.interval, self.settle = profile, interval, settle
        self.read_whole: dict[str, tuple[int, int]] = {}
        """Each file read to its end: its size and modification time then."""
        self.waiting: set[str] = set()
        """Files whose last text waits (still being written)."""
        self.totals = Totals()

    def changed(self) -> dict[str, tuple[int, int]]:
        """The files of the folders to read now, with their size and modification time."""
        found: dict[str, tuple[int, int]] = {}
        for folder in self.folders:
            for entry in walk(folder):
                if entry.problem is not None:
                    continue  # a folder listed a moment ago, gone now: the next poll sees
                try:
                    stat = os.stat(entry.path)
                except OSError:
                    continue
                name = str(entry.path.resolve())
                now = (stat.st_size, stat.st_mtime_ns)
                if name in self.waiting or self.read_whole.get(name) != now:
                    found[name] = now
        return found

    def poll(self, live: LiveImport) -> Poll:
        """Import what changed since the last poll."""
        todo = self.changed()
        files: list[FileResult] = []
        summary = live.read(list(todo), in_folder=True, on_file=files.append)
        for result in files:
            if result.held_back:
                self.waiting.add(result.path)
            else:
                self.waiting.discard(result.path)
                if result.mtime_ns is not None:
                    self.read_whole[result.path] = (result.size, result.mtime_ns)
        for name, now in todo.items():  # passed over: unchanged since an earlier import
            if name not in self.waiting and name not in self.read_whole:
                self.read_whole[name] = now
        self.totals.add(summary)
        return Poll(summary, files)

    def run(self, on_poll: Callable[[Poll], None], *,
            stop: Callable[[], bool] = lambda: False,
            on_start: Callable[[LiveImport], None] | None = None) -> Totals:
        """Poll until ``stop()`` says so or Ctrl-C (``KeyboardInterrupt``, raised on after
        the lock is given back: what was committed stays, nothing half-written does).
        ``on_start`` is given the import once it holds the write lock."""
        with LiveImport(self.db_root, profile=self.profile, settle=self.settle) as live:
            if on_start is not None:
                on_start(live)
            while not stop():
                started = time.monotonic()
                on_poll(self.poll(live))
                time.sleep(max(0.0, self.interval - (time.monotonic() - started)))
        return self.totals
