"""The app's view of its database: a DuckDB connection over the committed parts, made
again when an import commits, and the answers of the pages kept until then.

The database is one folder (or URL) of Delta tables; its last complete batch says which
version of each table is read (:mod:`stud_hh.store.batches`). The source looks at the
``batches`` table's log on each request (a folder listing: cheap), and when a batch was
committed it makes its views again over the data files of the versions it names and forgets
what it had answered. A folder of this machine keeps one connection
(:func:`stud_hh.store.sql.connect` with ``folder``: DuckDB may open the files under it, and
keeps the Parquet footers it has read), whose views of the tables that changed are replaced:
while the app watches, a hand costs the next page the footers of its new parts only. A URL
gets a new connection per version, allowed its committed parts only. Each request works on
its own cursor of that connection (DuckDB cursors may run in parallel threads).

The settings' people (the hero's names on several sites, aliases) are applied in SQL: the
``people_players`` view is ``players`` with each stored name replaced by its person's
(:meth:`stud_hh.store.people.People.label`), so that the hero's hands under several names
are one player's on every page. Beside it, the connection keeps the statistics' sums per
player, game, stakes and hour (:mod:`stud_hh.app.kept`), from which
:func:`stud_hh.analysis.duck.summary` answers the pages without reading the rows; a commit
that only adds parts (the watch's, a hand at a time) has only those read.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

from stud_hh.app.kept import Kept, keep, register
from stud_hh.store.database import Database
from stud_hh.store.sql import connect, view_sql
from stud_hh.store.storage import LocalStorage

if TYPE_CHECKING:
    import duckdb

T = TypeVar("T")

CACHED = 256
"""How many answers a source keeps (the least recently used go first)."""
SEEN = 3000
"""Parts a kept connection may have read (their Parquet footers kept, a few kilobytes to
tens of them each) before a new one takes its place: a watch adds a part per table and
hand, so a long session does not keep the footers of every part it merged away."""


class Source:
    """A database as the pages read it (see the module)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._lock = threading.Lock()
        self._version: tuple[str, ...] | None = None
        self._con: duckdb.DuckDBPyConnection | None = None
        self._answers: OrderedDict[Hashable, Any] = OrderedDict()
        self._kept: Kept | None = None
        self._parts: dict[str, list[str]] = {}
        """The committed parts the connection's views read, per table."""
        self._seen: set[str] = set()
        """Every part the connection's views have read (their footers kept)."""
        self._closed = False

    def version(self) -> tuple[str, ...]:
        """The last complete batch and each table's version it names: they change exactly
        when the database does (the ``batches`` table's log, read on from where it was)."""
        batch = self.db.current()
        if batch is None:
            return ()
        return (str(batch.number), *(f"{t}={v}" for t, v in sorted(batch.versions.items())))

    def _current(self) -> tuple[duckdb.DuckDBPyConnection, Kept]:
        version = self.version()
        with self._lock:
            if self._closed:
                raise RuntimeError("the app's source is closed: the server stopped")
            if self._con is None or self._kept is None or version != self._version:
                old = self._con
                self._con, self._kept = self._connect()
                self._version = version
                self._answers.clear()
                if old is not None and old is not self._con:
                    old.close()
            return self._con, self._kept

    def _connect(self) -> tuple[duckdb.DuckDBPyConnection, Kept]:
        """A connection over the committed parts, with the people's views, and its kept
        sums (:mod:`stud_hh.app.kept`: the last connection's, brought up to date): the
        connection in use with the views of the tables that changed replaced (a folder of
        this machine), else a new one."""
        parts = self.db.parts()
        storage = self.db.storage
        folder = storage.duckdb_path("") if isinstance(storage, LocalStorage) else None
        con = self._con
        self._seen.update(p for paths in parts.values() for p in paths)
        if con is None or folder is None or len(self._seen) > SEEN:  # (the old one closed
            self._seen = {p for paths in parts.values() for p in paths}  # by _current)
            con = connect(self.db, parts, folder=folder)
        else:
            for table, paths in parts.items():
                if paths != self._parts.get(table):
                    con.execute(view_sql(table, [storage.duckdb_path(p) for p in paths],
                                         replace=True))
        try:
            kept = keep(con, self.db, parts.get("players", []), self._kept)
        except BaseException:
            con.close()
            self._con = None  # the next request starts again from a new connection
            raise
        self._parts = parts
        return con, kept

    def warm(self) -> None:
        """Make the connection and its kept sums now (the server starts this in a thread of
        its own, so that the first page does not wait for them: on a million
        player-hands, seconds). A database that cannot be read is left to the first page,
        which makes the connection again and says why."""
        try:
            self._current()
        except Exception:  # the first request makes it again and reports why
            return

    @contextmanager
    def snapshot(self) -> Iterator[tuple[duckdb.DuckDBPyConnection, list[str]]]:
        """A cursor of the current connection (as :meth:`cursor`), and the committed
        parts of ``players`` its views read (relative to the database): they never change
        once committed, so what was computed from one may be kept across versions."""
        con, kept = self._current()
        cur = con.cursor()
        try:
            register(cur, kept)
            yield cur, list(kept.parts)
        finally:
            cur.close()

    @contextmanager
    def cursor(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A cursor of the current connection, for one request's queries."""
        con, kept = self._current()
        cur = con.cursor()
        try:
            register(cur, kept)
            yield cur
        finally:
            cur.close()

    def cached(self, key: Hashable, compute: Callable[[duckdb.DuckDBPyConnection], T]) -> T:
        """``compute(cursor)``, or its answer kept from an earlier call with ``key`` since the
        database last changed."""
        self._current()
        with self._lock:
            if key in self._answers:
                self._answers.move_to_end(key)
                return self._answers[key]  # type: ignore[no-any-return]
        with self.cursor() as cur:
            answer = compute(cur)
        with self._lock:
            self._answers[key] = answer
            while len(self._answers) > CACHED:
                self._answers.popitem(last=False)
        return answer

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._con is not None:
                self._con.close()
                self._con = None
