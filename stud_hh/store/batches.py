"""The ``batches`` table: which version of every table belongs to which batch.

Every write to a database (an import's batch, a repair, a compaction, the notes, a
migration) is a *batch*, numbered 1, 2, ... It commits each table it changes, in the
order of :data:`stud_hh.store.schema.TABLES`, one Delta commit per table, then a row of
this Delta table: the batch's number, time, operation, the history files whose rows it
brought, the rows it added and removed per table, each table's Delta version once the
batch is in (a table it did not change keeps the version of the batch before), and the
digest of every commit of every log since the batch before (``log``: ``stud-hh check``
finds a log entry changed after it was written).

A batch is complete when its row is committed. Readers read the tables at the versions
of the last row (or of the row ``--as-of`` chooses): never half a batch. A writer killed
between its commits leaves tables a version ahead of the last row, their commits naming
a batch past it (Delta's ``txn``); the next writer restores them first
(:meth:`stud_hh.store.database.Database.writing`).

>>> [f.name for f in BATCH_SCHEMA][:4]
['batch', 'time', 'operation', 'files']
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from stud_hh.store.delta import Added, DeltaTables
from stud_hh.store.schema import TABLES

BATCHES = "batches"
"""The folder (and name) of the batches table."""
_COUNTS = pa.struct([pa.field(t, pa.int64()) for t in TABLES])
LOG_ENTRY = pa.struct([pa.field("table", pa.string()), pa.field("version", pa.int64()),
                       pa.field("digest", pa.string())])


def _field(name: str, type_: pa.DataType, description: str, *, null: bool = False) -> pa.Field:
    return pa.field(name, type_, nullable=null, metadata={"description": description})


BATCH_SCHEMA = pa.schema([
    _field("batch", pa.int64(), "the batch's number (1, 2, ...): `--as-of N` reads the "
           "database as batch N left it"),
    _field("time", pa.timestamp("us", tz="UTC"), "when it was committed (UTC)"),
    _field("operation", pa.string(), "``import``, ``repair``, ``compact``, ``notes``, "
           "``migrate`` or ``restore``"),
    _field("files", pa.list_(pa.string()), "the history files whose rows it brought"),
    _field("added", _COUNTS, "rows added per table"),
    _field("removed", _COUNTS, "rows removed per table (failures replaced by whole hands, "
           "rows a repair set aside, the files a compaction merged)"),
    _field("versions", _COUNTS, "each table's Delta version once the batch is in"),
    _field("log", pa.list_(LOG_ENTRY), "the digest of every log commit since the batch "
           "before (table, version, ``blake2b-256:<hex>``)"),
    _field("rebuilt", pa.list_(pa.string()), "the tables whose log this batch started anew "
           "(a repair of a damaged log; the log before is kept in ``damaged/``): an "
           "earlier batch is not read as of for them"),
    _field("stud_hh", pa.string(), "the version of stud-hh that wrote it"),
], metadata={"stud_hh.table": BATCHES})


@dataclass(frozen=True, slots=True)
class Batch:
    """One row of the ``batches`` table."""

    number: int
    time: datetime
    operation: str
    versions: Mapping[str, int]
    files: tuple[str, ...] = ()
    added: Mapping[str, int] = field(default_factory=dict)
    removed: Mapping[str, int] = field(default_factory=dict)
    log: tuple[tuple[str, int, str], ...] = ()
    rebuilt: tuple[str, ...] = ()
    stud_hh: str = ""

    def row(self) -> dict[str, Any]:
        from stud_hh._version import __version__

        return {"batch": self.number, "time": self.time, "operation": self.operation,
                "files": list(self.files),
                "added": {t: int(self.added.get(t, 0)) for t in TABLES},
                "removed": {t: int(self.removed.get(t, 0)) for t in TABLES},
                "versions": {t: self.versions.get(t) for t in TABLES},
                "log": [{"table": t, "version": v, "digest": d} for t, v, d in self.log],
                "rebuilt": list(self.rebuilt), "stud_hh": self.stud_hh or __version__}

    @classmethod
    def of(cls, row: Mapping[str, Any]) -> Batch:
        versions = {t: int(v) for t, v in (row.get("versions") or {}).items() if v is not None}
        when = row["time"]
        if when.tzinfo is None:
            when = when.replace(tzinfo=UTC)
        return cls(int(row["batch"]), when, str(row["operation"]), versions,
                   tuple(row.get("files") or ()),
                   {t: int(n) for t, n in (row.get("added") or {}).items() if n},
                   {t: int(n) for t, n in (row.get("removed") or {}).items() if n},
                   tuple((str(e["table"]), int(e["version"]), str(e["digest"]))
                         for e in row.get("log") or ()),
                   tuple(row.get("rebuilt") or ()), str(row.get("stud_hh") or ""))

    def arrow(self) -> pa.Table:
        return pa.Table.from_pylist([self.row()], schema=BATCH_SCHEMA)

    def stats(self) -> str:
        """The Delta statistics of the file holding this row alone (its batch number as
        minimum and maximum: a reader finds the last batch's file from the log)."""
        stamp = self.time.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
        return json.dumps({"numRecords": 1,
                           "minValues": {"batch": self.number, "time": stamp},
                           "maxValues": {"batch": self.number, "time": stamp},
                           "nullCount": {"batch": 0, "time": 0}})


class BatchLog:
    """The ``batches`` table of a database: read (the last row cheaply: from the log's
    statistics and one small file) and appended to."""

    def __init__(self, tables: DeltaTables) -> None:
        self.tables = tables
        self._last: tuple[int, Batch | None] | None = None

    def last(self) -> Batch | None:
        """The last complete batch (``None``: nothing was ever committed)."""
        with self.tables.lock:
            return self._last_batch()

    def _last_batch(self) -> Batch | None:
        tables = self.tables
        version = tables.version(BATCHES)
        if version is None:
            return None
        if self._last is not None and self._last[0] == version:
            return self._last[1]
        files = tables.files(BATCHES, version)
        found: Batch | None = None
        if files:
            adds = pa.table(tables.latest(BATCHES).get_add_actions(flatten=True))
            path = None
            if "max.batch" in adds.column_names and adds.column("max.batch").null_count == 0:
                highest = max(zip(adds.column("max.batch").to_pylist(),
                                  adds.column("path").to_pylist(), strict=True))
                path = f"{BATCHES}/{highest[1]}"
            rows = self._read([f.path for f in files if path is None or f.path == path])
            found = max(rows, key=lambda b: b.number) if rows else None
        self._last = (version, found)
        return found

    def all(self) -> list[Batch]:
        """Every complete batch, in order."""
        version = self.tables.version(BATCHES)
        if version is None:
            return []
        rows = self._read([f.path for f in self.tables.files(BATCHES, version)])
        return sorted(rows, key=lambda b: b.number)

    def _read(self, paths: list[str]) -> list[Batch]:
        storage = self.tables.storage
        found: list[Batch] = []
        for path in paths:
            data = pq.read_table(storage.arrow_path(path), filesystem=storage.arrow_filesystem)
            found += [Batch.of(row) for row in data.to_pylist()]
        return found

    def append(self, batch: Batch, written: Added) -> int:
        """Commit ``written`` (the file holding ``batch``'s row) as batch ``batch``'s
        row: the batch is complete. Returns the table's new version."""
        version = self.tables.commit(BATCHES, BATCH_SCHEMA, [written], [], batch.number)
        self._last = (version, batch)
        return version

    def forget(self) -> None:
        self._last = None
