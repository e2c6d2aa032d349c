"""The app's view of its database: a DuckDB connection over the committed parts, made
again when an import commits, and the answers of the pages kept until then.

The database is one folder (or URL); the commit records say which parts are in it. The
source lists the commit records on each request (a folder listing: cheap), and when they
changed it opens a new connection (:func:`stud_hh.store.sql.connect`) and forgets what it
had answered. Each request works on its own cursor of that connection (DuckDB cursors may
run in parallel threads).

The settings' people (the hero's names on several sites, aliases) are applied in SQL: the
``people_players`` view is ``players`` with each stored name replaced by its person's
(:meth:`stud_hh.store.people.People.label`, computed once per connection over the stored
names it may change: marked seats, and the names of the settings' persons), so that the
hero's hands under several names are one player's on every page.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, TypeVar

import pandas as pd

from stud_hh.store.database import Database
from stud_hh.store.people import HERO_MARKS
from stud_hh.store.sql import connect

if TYPE_CHECKING:
    import duckdb

T = TypeVar("T")

CACHED = 256
"""How many answers a source keeps (the least recently used go first)."""


class Source:
    """A database as the pages read it (see the module)."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._lock = threading.Lock()
        self._version: tuple[str, ...] | None = None
        self._con: duckdb.DuckDBPyConnection | None = None
        self._answers: OrderedDict[Hashable, Any] = OrderedDict()
        self.parts: dict[str, list[str]] = {}
        """The committed parts the current connection's views read, per table (relative
        to the database): they never change once committed, so what was computed from one
        may be kept across versions."""

    def version(self) -> tuple[str, ...]:
        """The names of the commit records: they change exactly when the database does."""
        return tuple(sorted(name for name, folder in self.db.storage.listing("commits")
                            if not folder and name.endswith(".json")))

    def _current(self) -> duckdb.DuckDBPyConnection:
        return self._current_parts()[0]

    def _current_parts(self) -> tuple[duckdb.DuckDBPyConnection, dict[str, list[str]]]:
        version = self.version()
        with self._lock:
            if self._con is None or version != self._version:
                old, self._con = self._con, self._connect()
                self._version = version
                self._answers.clear()
                if old is not None:
                    old.close()
            return self._con, self.parts

    def _connect(self) -> duckdb.DuckDBPyConnection:
        self.parts = self.db.parts()
        con = connect(self.db, self.parts)
        pairs = self._named(con)
        labelled = self.db.people.label(pairs.astype({"site": "string", "player": "string"}))
        changed = labelled["player"].astype(object) != pairs["player"].astype(object)
        mapping = pd.DataFrame({"site": pairs["site"][changed].astype(object),
                                "stored": pairs["player"][changed].astype(object),
                                "label": labelled["player"][changed].astype(object)})
        if mapping.empty:
            con.execute("CREATE VIEW people_players AS SELECT * FROM players")
        else:
            con.register("_people_frame", mapping)
            con.execute("CREATE TABLE _people AS SELECT * FROM _people_frame")
            con.unregister("_people_frame")
            con.execute(
                "CREATE VIEW people_players AS SELECT p.* REPLACE "
                "(coalesce(m.label, p.player) AS player) FROM players p LEFT JOIN _people m "
                "ON CAST(p.site AS VARCHAR) = m.site AND p.player = m.stored")
        return con

    def _named(self, con: duckdb.DuckDBPyConnection) -> pd.DataFrame:
        """The stored ``(site, player)`` pairs the people may show under another name: the
        seats a site marks as the history's owner, and the names of the settings' persons
        and of their members (a name of no one, spelt like a person's, is shown with its
        site). Every other pair keeps its name, so only these are read."""
        people = self.db.people
        names = sorted({name for p in people.persons for _, name in p.members}
                       | {p.name for p in people.persons})
        conditions = ["(CAST(site AS VARCHAR) = ? AND suffix(player, ?))"
                      for _ in HERO_MARKS]
        values: list[Any] = [v for site, (mark, _) in HERO_MARKS.items() for v in (site, mark)]
        if names:
            conditions.append("player IN (SELECT unnest(?))")
            values.append(names)
        if not conditions:
            return pd.DataFrame({"site": [], "player": []})
        return con.execute("SELECT DISTINCT CAST(site AS VARCHAR) AS site, player FROM players "
                           f"WHERE {' OR '.join(conditions)}", values).df()

    @contextmanager
    def snapshot(self) -> Iterator[tuple[duckdb.DuckDBPyConnection, dict[str, list[str]]]]:
        """A cursor of the current connection, and the committed parts its views read."""
        con, parts = self._current_parts()
        cur = con.cursor()
        try:
            yield cur, parts
        finally:
            cur.close()

    @contextmanager
    def cursor(self) -> Iterator[duckdb.DuckDBPyConnection]:
        """A cursor of the current connection, for one request's queries."""
        cur = self._current().cursor()
        try:
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
            if self._con is not None:
                self._con.close()
                self._con = None
