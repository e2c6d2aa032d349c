"""Converting a database of stud-hh's earlier format to Delta tables (``stud-hh migrate``).

A database of schema 1 to 5 names its parts in commit records (``commits/``,
:mod:`stud_hh.store.legacy`). :func:`migrate_database` makes the live parts those records
name the first version of each table's Delta table, in one batch (operation ``migrate``):

- each live part is checked against its record (there, its size, its BLAKE2b digest when
  the record has one); a damaged part is committed as it is, with the size and digest its
  record names, and named: the database is then damaged as it was before, and ``stud-hh
  repair`` moves the part aside and imports its files again, as it repairs any damage;
- a part of schema 5 is committed as it is (its bytes, its digest, the history files its
  record names, in the commit's metadata); a part older than schema 5 lacks the columns
  added since: its rows are written again with every column (nulls), the new part
  committed in its place and the old one moved aside;
- once the ``batches`` row is committed, ``stud_hh.json`` says schema 6 (``upgraded_from``
  the old version), then the commit records move to ``damaged/migrated-<when>/``.

Until that row is committed every other command refuses the folder (an earlier format)
and a migration run again starts over: a kill at any point loses nothing. After it, a
migration run again finishes what is left (the marker, the records) or says there is
nothing to do.

>>> migrate_database("my.db").lines()  # doctest: +SKIP
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Mapping
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from stud_hh.model.errors import DatabaseError
from stud_hh.store.batches import BATCH_SCHEMA, BATCHES, BatchLog
from stud_hh.store.damage import DAMAGED, Problem
from stud_hh.store.database import DELTA_SCHEMA, FORMAT, has_tables, marker_bytes
from stud_hh.store.delta import LOG, DeltaTables
from stud_hh.store.legacy import COMMITS, Committed, commit_log, has_records
from stud_hh.store.parts import Part, PartWriter, is_damage, part_checksum
from stud_hh.store.schema import ADDED, SCHEMA_VERSION, TABLES, arrow_schema, conform
from stud_hh.store.storage import MARKER, LocalStorage, Storage, storage_of
from stud_hh.store.writing import ALL_TABLES, BatchWriter

CONFORMED_BEFORE = 5
"""Parts of a schema older than this are written again with every column (schema 5
added no column: its parts have the table's columns)."""


@dataclass(slots=True)
class MigrationReport:
    """What :func:`migrate_database` did."""

    root: Path | str
    version: int | None = None
    """The schema version the database was of (``None``: nothing to migrate)."""
    batch: int | None = None
    parts: Counter[str] = field(default_factory=Counter)
    """Data files committed per table."""
    rows: Counter[str] = field(default_factory=Counter)
    conformed: int = 0
    """Parts older than schema 5 written again with every column."""
    damaged: list[Problem] = field(default_factory=list)
    """Damaged parts, committed as they are (``stud-hh repair`` sets them aside)."""
    aside: str | None = None
    """Where the commit records (and the parts left out or written again) went."""
    finished: bool = False
    """A migration killed after its batch, finished by this run."""

    def lines(self) -> list[str]:
        """What ``stud-hh migrate`` prints."""
        if self.version is None:
            return [f"migrate: {self.root}: its tables are Delta tables already: nothing to "
                    "migrate"]
        out = [f"migrate: damaged, committed as it was: {p}" for p in self.damaged]
        rows = sum(self.rows.values())
        tables = sum(1 for t in TABLES if self.parts.get(t))
        what = (f"{sum(self.parts.values()):,} data files of {tables} tables ({rows:,} rows) "
                f"committed as batch {self.batch}") if not self.finished else \
            f"batch {self.batch} was committed by a migration killed since"
        conformed = (f"; {self.conformed:,} of schema before {CONFORMED_BEFORE} written "
                     "again with the columns added since" if self.conformed else "")
        out.append(f"migrate: {self.root}: schema {self.version} -> {SCHEMA_VERSION}, Delta "
                   f"tables: {what}{conformed}; the commit records are kept in "
                   f"{self.aside}/")
        if self.damaged:
            out.append(f"migrate: {len(self.damaged)} damaged data file(s), as before the "
                       f"migration: run `stud-hh repair --db {self.root}` (it moves them aside "
                       "and imports their files again)")
        return out


def migrate_database(root: str | os.PathLike[str] | Storage, *,
                     storage_options: Mapping[str, Any] | None = None) -> MigrationReport:
    """Convert the database at ``root`` from commit records to Delta tables (see the
    module). :class:`DatabaseError` when it is no stud-hh database, or its commit records
    are damaged (what they name is not known: repair it first with the stud-hh that wrote
    it)."""
    storage = storage_of(root, storage_options)
    report = MigrationReport(storage.root)
    if not has_records(storage):
        if has_tables(storage):
            return report
        raise DatabaseError("not a stud-hh database of the earlier format (no commit "
                            "records): nothing to migrate", path=storage.location)
    report.version = _old_version(storage)
    with storage.lock():
        tables = DeltaTables(storage)
        log = BatchLog(tables)
        done = _last_batch(tables, log)
        if done is None:
            _start_over(storage, tables)
            report.aside = _aside(storage)
            report.batch = _commit(storage, tables, log, report)
        else:
            report.finished, report.batch = True, done
            report.aside = _aside(storage)
        _finish(storage, report)
    return report


def _old_version(storage: Storage) -> int:
    """The schema version of the old database: its marker's, else its parts' footers'."""
    try:
        info = json.loads(storage.read_bytes(MARKER).decode("utf-8"))
        found = info.get("schema_version") if isinstance(info, dict) else None
    except (OSError, UnicodeDecodeError, ValueError):
        found = None
    if isinstance(found, int) and not isinstance(found, bool) and found in ADDED:
        if found >= DELTA_SCHEMA and isinstance(info, dict) and info.get("tables") == FORMAT:
            return found  # killed after the marker was written: the records are left
        if found < DELTA_SCHEMA:
            return found
    if isinstance(found, int) and found > SCHEMA_VERSION:
        raise DatabaseError(f"schema version {found} is not one this stud-hh reads: written "
                            "by a newer stud-hh: upgrade stud-hh", path=storage.location)
    versions = [_footer_version(storage, p.path) for p in commit_log(storage).live_parts()]
    return max([v for v in versions if v is not None] or [1])


def _footer_version(storage: Storage, path: str) -> int | None:
    try:
        with pq.ParquetFile(storage.arrow_path(path),
                            filesystem=storage.arrow_filesystem) as parquet:
            meta = parquet.schema_arrow.metadata or {}
    except (OSError, pa.ArrowException):
        return None
    version = meta.get(b"stud_hh.schema_version", b"")
    return int(version) if version.isdigit() else None


def _last_batch(tables: DeltaTables, log: BatchLog) -> int | None:
    """The migration's batch when a run killed since committed it (``None``: none)."""
    if not tables.exists(BATCHES):
        return None
    last = log.last()
    return last.number if last is not None else None


def _start_over(storage: Storage, tables: DeltaTables) -> None:
    """Remove what a migration killed before its batch left: the tables' logs (no other
    command writes a folder of commit records) and the data files no record names (those
    it wrote, and any an import of the earlier format left uncommitted)."""
    named = {p.path for r in commit_log(storage).records for p in r.parts}
    for table in ALL_TABLES:
        for name, folder in storage.listing(f"{table}/{LOG}"):
            if not folder:
                storage.delete(f"{table}/{LOG}/{name}")
        for name, folder in storage.listing(table):
            path = f"{table}/{name}"
            if not folder and name.endswith((".parquet", ".tmp")) and path not in named:
                storage.delete(path)
    tables.forget()


def _aside(storage: Storage) -> str:
    """The folder the commit records go to (one for every run of a migration)."""
    for name, folder in storage.listing(DAMAGED):
        if folder and name.startswith("migrated-"):
            return f"{DAMAGED}/{name}"
    return f"{DAMAGED}/migrated-{time.strftime('%Y%m%d-%H%M%S')}"


def _commit(storage: Storage, tables: DeltaTables, log: BatchLog,
            report: MigrationReport) -> int:
    """The live parts, checked, conformed where old, committed as one batch."""
    legacy = commit_log(storage)
    if legacy.damaged_in_force:
        shown = ", ".join(f"{p.where} ({p.what})" for p in legacy.problems()[:3])
        raise DatabaseError(f"its commit records are damaged ({shown}): what they name is not "
                            "known; repair it with the stud-hh that wrote it (before 6), then "
                            "migrate", path=storage.location)
    writer = PartWriter(storage)
    batches = BatchWriter(tables, log, writer)
    for table in ALL_TABLES:
        tables.ensure(table, BATCH_SCHEMA if table == BATCHES else arrow_schema(table))
    parts: list[Part] = []
    sources: dict[str, list[str]] = {}
    files: set[str] = set()
    for committed in legacy.live_parts():
        problem = _damage(storage, committed)
        if committed.files is not None:
            files |= committed.files
        if problem is not None:
            report.damaged.append(problem)
            part = Part(committed.table, committed.path, committed.rows,
                        committed.size or 0, committed.checksum)
        else:
            part = _as_part(storage, writer, committed, report)
        parts.append(part)
        if committed.files is not None:
            sources[part.path] = sorted(committed.files)
        report.parts[part.table] += 1
        report.rows[part.table] += part.rows
    for record in legacy.records:
        files.update(record.files)
    number = batches.commit(parts, {"files": sorted(files)}, operation="migrate",
                            sources=sources)
    assert number is not None
    return number


def _damage(storage: Storage, committed: Committed) -> Problem | None:
    """What is wrong with a live part that its record shows (``None``: nothing)."""
    try:
        size, digest = part_checksum(storage, committed.path)
    except FileNotFoundError:
        return Problem(committed.path, committed.table, "missing")
    except OSError as exc:
        if is_damage(exc):
            return Problem(committed.path, committed.table, f"unreadable ({exc})")
        raise
    if committed.size is not None and size != committed.size:
        return Problem(committed.path, committed.table,
                       f"{size:,} bytes, not the {committed.size:,} written")
    if committed.checksum is not None and digest != committed.checksum:
        return Problem(committed.path, committed.table,
                       "checksum mismatch: its bytes changed after they were written")
    version = _footer_version(storage, committed.path)
    if version is None:
        return Problem(committed.path, committed.table, "unreadable: not a Parquet file of "
                       "stud-hh's")
    return None


def _as_part(storage: Storage, writer: PartWriter, committed: Committed,
             report: MigrationReport) -> Part:
    """The part to commit for ``committed``: itself (schema 5), or its rows written again
    with every column (older)."""
    version = _footer_version(storage, committed.path) or 1
    if version >= CONFORMED_BEFORE:
        size = committed.size
        if size is None:
            size = part_checksum(storage, committed.path)[0]
        return Part(committed.table, committed.path, committed.rows, size, committed.checksum)
    data = writer.read_part(committed.path)
    report.conformed += 1
    return writer.write_part(committed.table, conform(committed.table, data))


def _finish(storage: Storage, report: MigrationReport) -> None:
    """After the batch: ``stud_hh.json`` of schema 6, then the commit records aside."""
    info: dict[str, Any] = json.loads(marker_bytes(SCHEMA_VERSION))
    if report.version is not None and report.version < DELTA_SCHEMA:
        info["upgraded_from"] = report.version
    try:
        old = json.loads(storage.read_bytes(MARKER).decode("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        old = None
    assert report.aside is not None
    if not (isinstance(old, dict) and old.get("tables") == FORMAT):  # not written yet
        if storage.is_file(MARKER):  # what the stud-hh before reads, kept with the records
            storage.mkdir(report.aside)
            storage.write_atomic(f"{report.aside}/{MARKER}", storage.read_bytes(MARKER))
        storage.write_atomic(MARKER, json.dumps(info, indent=2).encode())
    tables = DeltaTables(storage)
    tracked: set[str] = set()
    for table in TABLES:
        tracked |= tables.tracked(table) or set()
    for part in commit_log(storage).live_parts():  # written again with every column
        if part.path not in tracked and storage.exists(part.path):
            storage.move(part.path, f"{report.aside}/{part.path}")
    for name, folder in storage.listing(COMMITS):
        if not folder:
            storage.move(f"{COMMITS}/{name}", f"{report.aside}/{COMMITS}/{name}")
    if isinstance(storage, LocalStorage):
        with suppress(OSError):
            storage.path(COMMITS).rmdir()  # emptied (an object store has no folders)
