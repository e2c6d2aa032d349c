"""The app's view of its database: a DuckDB connection over the committed parts, made
again when an import commits, and the answers of the pages kept until then.

The database is one folder (or URL); the commit records say which parts are in it. The
source lists the commit records on each request (a folder listing: cheap), and when they
changed it makes its views again over the parts committed now and forgets what it had
answered. A folder of this machine keeps one connection (:func:`stud_hh.store.sql.connect`
with ``folder``: DuckDB may open the files under it, and keeps the Parquet footers it has
read), whose views of the tables that changed are replaced: while the app watches, a hand
costs the next page the footers of its new parts only. A URL gets a new connection per
version, allowed its committed parts only. Each request works on its own cursor of that
connection (DuckDB cursors may run in parallel threads).

The settings' people (the hero's names on several sites, aliases) are applied in SQL: the
``people_players`` view is ``players`` with each stored name replaced by its person's
(:meth:`stud_hh.store.people.People.label`, computed over the stored names it may change:
marked seats, and the names of the settings' persons, read once per part), so that the
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
from stud_hh.store.sql import connect, view_sql
from stud_hh.store.storage import LocalStorage

if TYPE_CHECKING:
    import duckdb

T = TypeVar("T")

CACHED = 256
"""How many answers a source keeps (the least recently used go first)."""
_NO_PAIRS = pd.DataFrame({"site": pd.Series([], dtype=object),
                          "player": pd.Series([], dtype=object)})


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
        self._pairs: dict[str, pd.DataFrame] = {}
        """Per ``players`` part, the stored names the people may show under another."""

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
                self._open()
                self._version = version
                self._answers.clear()
            assert self._con is not None
            return self._con, self.parts

    def _open(self) -> None:
        """Views over the parts committed now: the connection's own made again over them
        (a folder of this machine: only the tables that changed, their unchanged parts'
        footers kept), else a new connection (a URL: DuckDB may open the new parts only)."""
        parts = self.db.parts()
        storage = self.db.storage
        folder = storage.duckdb_path("") if isinstance(storage, LocalStorage) else None
        con = self._con
        if con is None or folder is None:
            if con is not None:
                con.close()
            self._con = con = connect(self.db, parts, folder=folder)
        else:
            for table, paths in parts.items():
                if paths != self.parts.get(table):
                    con.execute(view_sql(table, [self.db.storage.duckdb_path(p) for p in paths],
                                         replace=True))
        self.parts = parts
        self._label(con, parts.get("players", []))

    def _label(self, con: duckdb.DuckDBPyConnection, players: list[str]) -> None:
        """The ``people_players`` view: ``players`` with each stored name that the people
        show under another name replaced (``_people``: site, stored, label)."""
        pairs = pd.concat([self._named(con, p) for p in players] or [_NO_PAIRS]
                          ).drop_duplicates()
        labelled = self.db.people.label(pairs.astype({"site": "string", "player": "string"}))
        changed = labelled["player"].astype(object) != pairs["player"].astype(object)
        mapping = pd.DataFrame({"site": pairs["site"][changed].astype(object),
                                "stored": pairs["player"][changed].astype(object),
                                "label": labelled["player"][changed].astype(object)})
        if mapping.empty:
            con.execute("CREATE OR REPLACE VIEW people_players AS SELECT * FROM players")
            return
        con.register("_people_frame", mapping)
        con.execute("CREATE OR REPLACE TABLE _people AS SELECT * FROM _people_frame")
        con.unregister("_people_frame")
        con.execute(
            "CREATE OR REPLACE VIEW people_players AS SELECT p.* REPLACE "
            "(coalesce(m.label, p.player) AS player) FROM players p LEFT JOIN _people m "
            "ON CAST(p.site AS VARCHAR) = m.site AND p.player = m.stored")

    def _named(self, con: duckdb.DuckDBPyConnection, part: str) -> pd.DataFrame:
        """The stored ``(site, player)`` pairs of the ``players`` part ``part`` that the
        people may show under another name: the seats a site marks as the history's owner,
        and the names of the settings' persons and of their members (a name of no one,
        spelt like a person's, is shown with its site). Every other pair keeps its name,
        so only these are read, once per part (a part never changes)."""
        found = self._pairs.get(part)
        if found is not None:
            return found
        people = self.db.people
        names = sorted({name for p in people.persons for _, name in p.members}
                       | {p.name for p in people.persons})
        conditions = ["(CAST(site AS VARCHAR) = ? AND suffix(player, ?))"
                      for _ in HERO_MARKS]
        values: list[Any] = [self.db.storage.duckdb_path(part)]
        values += [v for site, (mark, _) in HERO_MARKS.items() for v in (site, mark)]
        if names:
            conditions.append("player IN (SELECT unnest(?))")
            values.append(names)
        found = con.execute(
            "SELECT DISTINCT CAST(site AS VARCHAR) AS site, player FROM read_parquet(?) "
            f"WHERE {' OR '.join(conditions) or 'false'}", values).df()
        self._pairs[part] = found
        return found

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
