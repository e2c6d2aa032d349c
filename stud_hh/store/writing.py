"""Writing to a database: one writer at a time, each write a batch of Delta commits.

The writer holds the database's write lock (:meth:`Storage.lock`: an ``flock`` on
``.lock`` in a folder, a lock object on an object store) while it writes. On taking it,
it first finishes what a killed writer left: every table holding a commit of a batch past
the last complete one is restored to the version the last ``batches`` row names (a new
commit: nothing is lost, the rows of that batch come from files whose ``files`` rows
never committed, so the next import reads them again), and the data files that no
version of a log names (written by a killed writer before its commit) are deleted.

A batch (:meth:`BatchWriter.commit`) commits each table it changes in the order of
:data:`~stud_hh.store.schema.TABLES`, then its ``batches`` row
(:mod:`stud_hh.store.batches`): the batch is complete, and readers see it, once that row
is committed.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from stud_hh.store.batches import BATCH_SCHEMA, BATCHES, Batch, BatchLog
from stud_hh.store.delta import (
    RETENTION_HOURS,
    Added,
    ConcurrentWriterError,
    DeltaLogError,
    DeltaTables,
    LiveFile,
    log_name,
)
from stud_hh.store.parts import Part, PartWriter, checksum_of
from stud_hh.store.schema import TABLES, arrow_schema, conform

ALL_TABLES = (*TABLES, BATCHES)
"""Every Delta table of a database: the registry's, and the batches table."""


class BatchWriter:
    """The writing side of a database (see the module)."""

    def __init__(self, tables: DeltaTables, log: BatchLog, writer: PartWriter) -> None:
        self.tables = tables
        self.log = log
        self.writer = writer
        self.storage = writer.storage
        self._lock_check: Callable[[], None] | None = None
        self._next: int | None = None
        """The next batch's number, while the lock is held."""
        self.restored: list[str] = []
        """The tables restored on taking the lock (a killed writer's unfinished batch)."""

    @property
    def locked(self) -> bool:
        return self._lock_check is not None

    @contextmanager
    def writing(self, *, clean: bool = True) -> Iterator[None]:
        """Hold the write lock (one writer at a time), finish what a killed writer left,
        and, with ``clean``, delete the data files no log names.

        When the work inside fails (a full disk, a folder it may not write, a kill by
        Ctrl-C or SIGTERM), the tables it committed past the last complete batch are taken
        back and the data files it wrote and did not commit deleted before the error goes
        on (best effort: the next writer does what is left).
        """
        with self.storage.lock() as still_held:
            self._lock_check = still_held
            try:
                self.prepare()
                if clean:
                    self.remove_uncommitted()
                yield
            except BaseException as exc:
                if not isinstance(exc, ConcurrentWriterError):  # else what is there is theirs
                    with suppress(Exception):
                        self.take_back()
                    with suppress(Exception):
                        self.remove_uncommitted()
                raise
            finally:
                self._lock_check = None
                self._next = None

    def prepare(self) -> None:
        """Create the tables that have no log yet, and restore those a killed writer left
        past the last complete batch (:attr:`restored`)."""
        for table in ALL_TABLES:
            self.tables.ensure(table, BATCH_SCHEMA if table == BATCHES else arrow_schema(table))
        self.restored = []
        try:
            self.restored = self.take_back()
        except DeltaLogError:
            return  # a damaged batches log: nothing is committed until a repair
        last = self.log.last()
        self._next = (last.number if last is not None else 0) + 1

    def take_back(self) -> list[str]:
        """Restore each table holding a batch past the last complete one to the version
        that batch names, deleting the data files the versions undone added; returns those
        tables."""
        if self._lock_check is not None:
            self._lock_check()  # a lock taken over: the tables may be another writer's
        self.log.forget()
        last = self.log.last()
        number = last.number if last is not None else 0
        restored = []
        for table in self.unfinished(number):
            version = last.versions.get(table, 0) if last is not None else 0
            for path in self.tables.restore(table, version, number):
                self.storage.delete(path)
            restored.append(table)
        return restored

    def unfinished(self, number: int | None = None) -> dict[str, int]:
        """The tables holding a batch past the last complete one (or ``number``), with
        that batch (a table whose log cannot be read is left to ``check``)."""
        if number is None:
            last = self.log.last()
            number = last.number if last is not None else 0
        return {table: txn for table, txn in self._txns().items() if txn > number}

    def _txns(self) -> dict[str, int]:
        """The last batch each table's commits name (of the tables whose log reads)."""
        found = {}
        for table in TABLES:
            try:
                txn = self.tables.txn(table)
            except DeltaLogError:
                continue
            if txn is not None:
                found[table] = txn
        return found

    def remove_uncommitted(self, keep: Collection[str] = ()) -> int:
        """Delete the data files that no version of their table's log names (left by a
        killed writer), but those of ``keep`` (an import's parts waiting to be committed
        with others). Returns how many. A table whose log cannot be read wholly is left
        alone (``stud-hh repair`` sorts it out)."""
        if self._lock_check is not None:
            self._lock_check()  # a lock taken over: the files may be another writer's
        removed = 0
        storage = self.storage
        for table in ALL_TABLES:
            names = [n for n, folder in storage.listing(table)
                     if not folder and (n.endswith((".parquet", ".tmp")))]
            if not names:
                continue
            tracked = self.tables.tracked(table) if self.tables.exists(table) else set()
            if tracked is None:
                continue
            for name in names:
                path = f"{table}/{name}"
                if path not in tracked and path not in keep:
                    storage.delete(path)
                    removed += name.endswith(".parquet")
        return removed

    def vacuum(self, retention_hours: float = RETENTION_HOURS) -> list[str]:
        """Delete the data files that a later version removed longer than
        ``retention_hours`` ago (delta-rs's ``vacuum``, each table's); returns them
        (relative to the database). Time travel reaches back only that far since."""
        if self._lock_check is not None:
            self._lock_check()
        deleted: list[str] = []
        for table in ALL_TABLES:
            if not self.tables.exists(table):
                continue
            try:
                with self.tables.lock:
                    found = self.tables.latest(table).vacuum(
                        retention_hours=int(retention_hours), dry_run=False,
                        enforce_retention_duration=False)
            except DeltaLogError:
                continue
            deleted += [f"{table}/{path}" for path in found]
        return deleted

    def commit(self, parts: Sequence[Part], info: Mapping[str, Any] | None = None, *,
               replaces: Sequence[str] = (), operation: str = "import",
               data_change: bool = True,
               merged: Mapping[str, Sequence[str]] | None = None,
               sources: Mapping[str, Sequence[str]] | None = None,
               rebuilt: Sequence[str] = ()) -> int | None:
        """Make ``parts`` part of the database and take ``replaces`` (paths of committed
        parts) out of it, all or nothing: one batch (see the module). ``info`` says where
        the rows came from (``{"files": [paths]}``, kept in the batch's row: what
        ``stud-hh repair`` imports again when a part is damaged). ``rebuilt``: tables
        whose log a repair started anew (read at their new version from this batch on;
        the ``batches`` table among them: every table at its latest). Returns the batch's
        number (``None``: nothing to commit)."""
        if not parts and not replaces and not rebuilt and operation != "migrate":
            return None  # (a migration's batch is one, of an empty database too)
        if self._lock_check is not None:
            self._lock_check()  # an object store's lock taken over: commit nothing
        last = self.log.last()
        number = self._next or (last.number + 1 if last is not None else 1)
        if rebuilt or last is None:  # a batches log started anew: the numbers go on
            number = max([number, *(n + 1 for n in self._txns().values())])
        before = dict(last.versions) if last is not None else {}
        versions = dict(before)
        for table in TABLES:
            if table in rebuilt or (BATCHES in rebuilt and table not in versions):
                versions[table] = self.tables.version(table) or 0
        added: dict[str, int] = {}
        removed: dict[str, int] = {}
        for table in TABLES:
            adds = [Added(p.table, p.path, p.rows, p.size, p.checksum)
                    for p in parts if p.table == table]
            gone = [r for r in replaces if r.partition("/")[0] == table]
            if not adds and not gone:
                continue
            self.tables.ensure(table, arrow_schema(table))
            if table not in versions:
                versions[table] = 0
            removes: list[LiveFile] = []
            if gone:  # (an import's batch only adds: its tables' files are not listed)
                live = {f.path: f
                        for f in self.tables.files(table, self.tables.version(table) or 0)}
                removes = [live[p] for p in gone if p in live]
            versions[table] = self.tables.commit(table, arrow_schema(table), adds, removes,
                                                 number, data_change=data_change,
                                                 merged=merged, sources=sources)
            added[table] = sum(a.rows for a in adds)
            removed[table] = sum(r.rows or 0 for r in removes)
        files = tuple((info or {}).get("files") or ())
        batch = Batch(number, datetime.now(UTC), operation, versions, files, added, removed,
                      self._log_digests(before, versions, last), tuple(rebuilt))
        self.tables.ensure(BATCHES, BATCH_SCHEMA)
        row = self.writer.write_part(BATCHES, batch.arrow())
        self.log.append(batch, Added(BATCHES, row.path, 1, row.size, row.checksum,
                                     batch.stats()))
        self._next = number + 1
        return number

    def _log_digests(self, before: Mapping[str, int], after: Mapping[str, int],
                     last: Batch | None) -> tuple[tuple[str, int, str], ...]:
        """The digest of every log commit the batch made (each table's versions since the
        last batch), and of the ``batches`` table's commits since the last row's."""
        found: list[tuple[str, int, str]] = []
        for table in TABLES:
            if table in after and after[table] != before.get(table):
                start = before.get(table, -1) + 1
                found += self._digests_of(table, range(start, after[table] + 1))
        done = max((v for t, v, _ in (last.log if last else ()) if t == BATCHES), default=-1)
        latest = self.tables.version(BATCHES)
        if latest is not None:
            found += self._digests_of(BATCHES, range(done + 1, latest + 1))
        return tuple(found)

    def _digests_of(self, table: str, versions: range) -> list[tuple[str, int, str]]:
        found = []
        for version in versions:
            with suppress(FileNotFoundError):
                data = self.storage.read_bytes(f"{table}/_delta_log/{log_name(version)}")
                found.append((table, version, checksum_of(data)))
        return found

    def without_rows(self, live: Sequence[LiveFile] | Sequence[str], column: str,
                     keys: set[str], table: str) -> tuple[list[str], list[Part]]:
        """The parts ``live`` of ``table`` holding a row whose ``column`` is in ``keys``,
        and each rewritten without those rows (uncommitted; a part left empty is not
        written): commit the new parts with ``replaces=`` the old ones."""
        replaced: list[str] = []
        written: list[Part] = []
        if not keys:
            return replaced, written
        wanted = pa.array(sorted(keys), pa.string())
        for item in live:
            path = item if isinstance(item, str) else item.path
            data = self.writer.read_part(path)
            hit = pc.is_in(data.column(column).cast(pa.string()), value_set=wanted)
            if not pc.any(hit).as_py():
                continue
            kept = data.filter(pc.invert(hit))
            replaced.append(path)
            if kept.num_rows:
                written.append(self.writer.write_part(table, conform(table, kept)))
        return replaced, written
