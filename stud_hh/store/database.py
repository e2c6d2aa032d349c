"""Stage 4c: the database: a folder of Delta Lake tables, written in batches, read as pandas.

The folder is of this machine, or the same layout under an fsspec URL (``s3://bucket/db``)::

    stud_hh.json                 what the folder is, and its schema version
    hands/                       a Delta table: hands/_delta_log/ and its Parquet files
    players/ actions/ pots/ violations/ unverifiable/
    failures/ conflicts/ tournaments/ files/ notes/
    batches/                     a Delta table: which version of each table each batch left
    .lock, or locks/<n>.json     the write lock (a folder: an flock; an object store: objects)
    damaged/<when>/...           what ``stud-hh repair`` moved aside (never read)

Every table is a Delta table (:mod:`stud_hh.store.delta`) that Spark, Polars, DuckDB or
delta-rs read without stud-hh. Every write is a *batch* (:mod:`stud_hh.store.batches`):
its Parquet files are written first (by an import's worker processes too), then each
table it changes is committed, one Delta commit per table in a fixed order, then a row of
the ``batches`` table naming each table's version: a reader (:func:`open_db`) reads the
tables at the versions of the last row, so it never sees half a batch, and ``as_of``
(``--as-of`` on the command line) reads them as an earlier batch left them. One writer at
a time holds the write lock (:mod:`stud_hh.store.writing`); a writer killed at any moment
leaves the last complete batch readable, and the next writer takes back what it left.

Each data file's size and BLAKE2b digest, taken as it was written, are in its commit's
metadata, and every log commit's digest is in a batches row. Opening a database checks
that every data file read is there with its size and Parquet's ``PAR1`` marks at both ends
(cheap: a ``stat`` and 8 bytes per file); ``stud-hh check`` reads everything
(:mod:`stud_hh.store.integrity`). A damaged database raises
:class:`DamagedDatabaseError`, naming what is damaged, never a pyarrow or delta-rs error.

>>> db = open_db("my.db")  # doctest: +SKIP
>>> db.players(columns=["player", "net"], filters=[("player", "==", "Hero")])  # doctest: +SKIP
>>> db.players(player="hero", game="razz", cash=True, since="2026-03-01")  # doctest: +SKIP
>>> open_db("my.db", as_of=12).hands()  # the hands as batch 12 left them  # doctest: +SKIP
"""

from __future__ import annotations

import json
import os
from collections.abc import Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import TYPE_CHECKING, Any

import pyarrow as pa
import pyarrow.parquet as pq

from stud_hh.model.errors import DatabaseError, UsageError
from stud_hh.store.batches import Batch, BatchLog
from stud_hh.store.compaction import COMPACT_PARTS, Compactor
from stud_hh.store.damage import DAMAGED, DamagedDatabaseError, DamagedMarkerError, Problem
from stud_hh.store.delta import LOG, RETENTION_HOURS, DeltaLogError, DeltaTables, LiveFile
from stud_hh.store.parts import (
    Part,
    PartWriter,
    checksum_of,
    file_checksum,
    is_damage,
    part_checksum,
    plain_schema,
    rows_to_arrow,
    to_arrow,
)
from stud_hh.store.people import People
from stud_hh.store.reading import Filter, Filters, TableReader
from stud_hh.store.schema import ADDED, SCHEMA_VERSION, TABLES
from stud_hh.store.storage import MARKER, FsspecStorage, Storage, storage_of
from stud_hh.store.writing import ALL_TABLES, BatchWriter

if TYPE_CHECKING:
    from stud_hh.store.partitions import DaskTables

__all__ = ["COMPACT_PARTS", "DAMAGED", "Batch", "DamagedDatabaseError", "DamagedMarkerError",
           "Database", "EarlierFormatError", "Filter", "Filters", "Part", "Problem",
           "checksum_of", "file_checksum", "is_damage", "open_db", "part_checksum",
           "plain_schema", "rows_to_arrow", "to_arrow"]

_MIN_PARQUET = 12  # "PAR1", a footer length and "PAR1": no Parquet file is shorter
_MAGIC = b"PAR1"
DELTA_SCHEMA = 6
"""The first schema version whose tables are Delta tables: a database of Delta tables is
of this version at least, whatever its data files' footers say (a migrated one keeps the
files of schema 5 as they were: a stud-hh before 6 would take the folder for empty)."""
FORMAT = "delta"
"""What ``stud_hh.json`` says the tables are (``"tables"``)."""


class EarlierFormatError(DatabaseError):
    """A database of stud-hh's earlier format (commit records, no Delta tables):
    ``stud-hh migrate`` converts it."""


def marker_bytes(version: int) -> bytes:
    """What ``stud_hh.json`` holds for a database of schema ``version``."""
    return json.dumps({"format": "stud-hh database", "schema_version": version,
                       "tables": FORMAT}, indent=2).encode()


def has_tables(storage: Storage) -> bool:
    """Whether ``storage`` holds a table's Delta log: a database, whatever its marker says."""
    return any(storage.is_dir(f"{table}/{LOG}") for table in ALL_TABLES)


def _earlier_format(storage: Storage) -> bool:
    from stud_hh.store.legacy import has_records

    return has_records(storage)


def _short(value: object, width: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


class Database(TableReader):
    """A stud-hh database. Tables load as pandas DataFrames with declared dtypes.

    Money columns are integers in the smallest unit (``scale`` per hand says
    100 for cents or 1 for chips), strings are Arrow-backed, enums are
    categoricals, nullable integers are pandas' nullable integer types.

    ``Database(root)`` opens without checking the data files (the import's workers do
    so); :func:`open_db` and :meth:`create` check them (``verify=True``). ``as_of`` (a
    batch number, or a time: the last batch committed then) reads the database as that
    batch left it.

    A small facade over the parts that do the work: the Delta tables
    (:attr:`tables`, :mod:`stud_hh.store.delta`), the batches log (:attr:`log`), the
    part writer (:attr:`writer`), the batch writer (:attr:`batch_writer`, holding the
    lock), the compactor, and the table reading it is (:class:`TableReader`).
    """

    def __init__(self, root: str | os.PathLike[str] | Storage, *, verify: bool = False,
                 storage_options: Mapping[str, Any] | None = None,
                 people: People | None = None, despite_marker: bool = False,
                 as_of: int | datetime | None = None) -> None:
        self.storage = storage_of(root, storage_options)
        self.people = people if people is not None else People()
        self.root = self.storage.root
        self.tables = DeltaTables(self.storage)
        self.log = BatchLog(self.tables)
        self.writer = PartWriter(self.storage)
        self.batch_writer = BatchWriter(self.tables, self.log, self.writer)
        self.compactor = Compactor(self)
        self._pinned: Batch | None = None
        self.marker_problem: Problem | None = None
        """What is wrong with ``stud_hh.json``, when opened ``despite_marker`` (``check``
        and ``repair``: the schema version is then the parts')."""
        try:
            found = self._marker_version()
        except DamagedMarkerError as exc:
            if not despite_marker:
                raise
            self.marker_problem = exc.problems[0]
            found = self.parts_schema_version()
        self.schema_version: int = found
        if as_of is not None:
            self._pinned = self.batch_at(as_of)
        if verify:
            problems = self.verify_open()
            if problems:
                self._vacuumed(problems)
                raise DamagedDatabaseError(self.root, problems)

    # -- what the folder is ----------------------------------------------------------

    def _marker_version(self) -> int:
        """The schema version ``stud_hh.json`` names. :class:`DamagedMarkerError` when it is
        missing, unreadable or names none this stud-hh knows while Delta logs show a
        database; :class:`EarlierFormatError` for a database of the earlier format;
        :class:`DatabaseError` when the folder is not a database, or one of a newer
        stud-hh."""
        storage = self.storage
        location = storage.location
        if not storage.is_file(MARKER):
            if isinstance(storage, FsspecStorage):
                storage.check_reachable()  # no bucket, or no answer: say that instead
            self._damaged_marker("missing (the tables' logs are there)")
            self._refuse_earlier_format()
            raise DatabaseError("not a stud-hh database (no stud_hh.json): create one with "
                                "`stud-hh import PATH --db DIR`", path=location)
        try:
            info = json.loads(storage.read_bytes(MARKER).decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            self._damaged_marker(f"unreadable ({exc})")
            self._refuse_earlier_format()
            raise DatabaseError(f"unreadable {MARKER}: {exc}",
                                path=f"{location}/{MARKER}") from exc
        found = info.get("schema_version") if isinstance(info, dict) else None
        if isinstance(found, int) and found > SCHEMA_VERSION:
            raise DatabaseError(f"schema version {found} is not one this stud-hh reads (1 to "
                                f"{SCHEMA_VERSION}): written by a newer stud-hh: upgrade "
                                "stud-hh", path=location)
        if found not in ADDED or not isinstance(found, int) or isinstance(found, bool):
            said = f"; it says {_short(found)}" if found is not None else ""
            self._damaged_marker(f"without a schema version (1 to {SCHEMA_VERSION}{said})")
            self._refuse_earlier_format()
            raise DatabaseError(f"schema version {found} is not one this stud-hh reads (1 to "
                                f"{SCHEMA_VERSION}): import the histories into a new "
                                "database", path=location)
        if info.get("tables") != FORMAT:
            self._refuse_earlier_format()
        return found

    def _vacuumed(self, problems: Sequence[Problem]) -> None:
        """:class:`UsageError` when the problems of a database read as of an earlier batch
        are data files missing that the last batch no longer reads: a vacuum deleted
        them (time travel reaches back as far as it kept them), not damage."""
        pinned = self._pinned
        if pinned is None or any(p.what != "missing" for p in problems):
            return
        try:
            last = self.log.last()
        except DeltaLogError:
            return
        if last is None or last.number == pinned.number:
            return
        now = {f.path for t in TABLES for f in self.tables.files(t, last.versions.get(t, 0))}
        if any(p.where in now for p in problems):
            return
        aside = {p.where for p in problems for name, folder in self.storage.listing(DAMAGED)
                 if folder and self.storage.exists(f"{DAMAGED}/{name}/{p.where}")}
        why = (f"{len(aside):,} moved into {DAMAGED}/ by a repair (they were damaged), "
               if aside else "")
        vacuumed = len(problems) - len(aside)
        why += (f"{vacuumed:,} deleted by `stud-hh vacuum` (time travel reaches back only as "
                "far as a vacuum keeps them)" if vacuumed else "")
        raise UsageError(f"--as-of {pinned.number}: data files batch {pinned.number} read are "
                         f"gone since later batches replaced them: {why.rstrip(', ')}")

    def _refuse_earlier_format(self) -> None:
        if _earlier_format(self.storage):
            raise EarlierFormatError(
                "a database of stud-hh's earlier format (commit records, before its tables "
                f"were Delta tables): convert it once with `stud-hh migrate --db "
                f"{self.storage.location}`", path=self.storage.location)

    def _damaged_marker(self, what: str) -> None:
        """:class:`DamagedMarkerError` (``stud_hh.json`` is ``what``) when Delta logs show
        that the folder is a database."""
        if has_tables(self.storage):
            raise DamagedMarkerError(self.root, [Problem(MARKER, None, what, "marker")],
                                     f"damaged database: its {MARKER} is {what}",
                                     "it rebuilds it from the parts")

    def parts_schema_version(self) -> int:
        """The newest schema version the live parts' footers name (this stud-hh's when no
        part reads), :data:`DELTA_SCHEMA` at least: the version ``stud_hh.json`` names, as
        every part is stamped with the version of the stud-hh that wrote it and the marker
        is upgraded before a part of a newer version is written (:meth:`_upgrade`)."""
        found = 0
        storage = self.storage
        for table in TABLES:
            try:
                live = self.live(table)
            except DamagedDatabaseError:
                continue
            for part in live:
                try:
                    with pq.ParquetFile(storage.arrow_path(part.path),
                                        filesystem=storage.arrow_filesystem) as parquet:
                        meta = parquet.schema_arrow.metadata or {}
                except (OSError, pa.ArrowException):
                    continue  # a damaged part: check names it
                version = meta.get(b"stud_hh.schema_version", b"")
                if version.isdigit():
                    found = max(found, int(version))
        return max(found, DELTA_SCHEMA) if found else SCHEMA_VERSION

    @classmethod
    def create(cls, root: str | os.PathLike[str] | Storage, *,
               storage_options: Mapping[str, Any] | None = None) -> Database:
        """Open the database at ``root`` (checked), creating an empty one if the folder (or
        the URL's prefix) has none."""
        storage = storage_of(root, storage_options)
        if isinstance(storage, FsspecStorage):
            storage.check_reachable()
        if storage.exists("") and not storage.is_dir(""):
            raise DatabaseError("exists and is not a folder", path=storage.location)
        if not storage.exists(MARKER) and not has_tables(storage) \
                and not _earlier_format(storage):
            if any(not name.startswith(".") for name, _ in storage.listing("")):
                raise DatabaseError("the folder is not empty and is not a stud-hh database",
                                    path=storage.location)
            storage.mkdir("")
            storage.write_atomic(MARKER, marker_bytes(SCHEMA_VERSION))
        db = cls(storage, verify=True)  # a marker lost from a database: DamagedMarkerError
        if db.schema_version < SCHEMA_VERSION:
            db._upgrade()
        return db

    def _upgrade(self) -> None:
        """Stamp an older database with this schema version before anything is written:
        its parts stay as they are (the columns added since read as nulls), new parts have
        every column, and a stud-hh too old for them refuses the folder instead of
        misreading it."""
        info = json.loads(self.storage.read_bytes(MARKER).decode("utf-8"))
        info["schema_version"] = SCHEMA_VERSION
        info["tables"] = FORMAT
        info.setdefault("upgraded_from", self.schema_version)
        self.storage.write_atomic(MARKER, json.dumps(info, indent=2).encode())
        self.schema_version = SCHEMA_VERSION

    # -- which versions are read -----------------------------------------------------

    def _damaged_log(self, exc: DeltaLogError) -> DamagedDatabaseError:
        problem = Problem(exc.where, exc.table, exc.what, "log")
        return DamagedDatabaseError(self.root, [problem])

    def current(self) -> Batch | None:
        """The batch read: the one ``as_of`` chose, else the last complete one (``None``:
        nothing committed yet)."""
        if self._pinned is not None:
            return self._pinned
        try:
            return self.log.last()
        except DeltaLogError as exc:
            raise self._damaged_log(exc) from exc

    def versions(self) -> dict[str, int]:
        """Each table's Delta version read (:meth:`current`'s)."""
        batch = self.current()
        return dict(batch.versions) if batch is not None else {}

    def history(self) -> list[Batch]:
        """Every complete batch, in order (``stud-hh history``)."""
        try:
            return self.log.all()
        except DeltaLogError as exc:
            raise self._damaged_log(exc) from exc

    def batch_at(self, as_of: int | datetime) -> Batch:
        """The batch ``as_of`` names: its number, or the last committed at or before a
        time (on this machine's clock when it names no offset, as ``--since`` is; a time
        to the second covers the batches committed in that second, as ``history`` prints
        them). :class:`UsageError` when there is none."""
        batches = self.history()
        if not batches:
            raise UsageError(f"--as-of {as_of}: {self.storage.location} holds no batch yet")
        span = f"batches 1 to {batches[-1].number}, committed {_when(batches[0].time)} to " \
               f"{_when(batches[-1].time)}"
        if isinstance(as_of, datetime):
            when = as_of if as_of.tzinfo is not None else as_of.astimezone()
            whole = when.microsecond == 0  # a time to the second covers that second
            found = [b for b in batches
                     if (b.time.replace(microsecond=0) if whole else b.time) <= when]
            if not found:
                raise UsageError(f"--as-of {as_of.isoformat()}: no batch was committed by "
                                 f"then (the database holds {span})")
            return found[-1]
        for batch in batches:
            if batch.number == as_of:
                return batch
        raise UsageError(f"--as-of {as_of}: no such batch (the database holds {span}; "
                         f"`stud-hh history --db {self.storage.location}` lists them)")

    def live(self, table: str, versions: Mapping[str, int] | None = None) -> list[LiveFile]:
        """The data files of ``table`` at the version read (or the version ``versions``
        names: :meth:`versions` taken once for several tables, which reads the
        ``batches`` log once)."""
        if table not in ALL_TABLES:
            raise KeyError(f"no table {table!r}; the tables are {', '.join(TABLES)}")
        if versions is None:
            versions = self.versions()
        try:
            return self.tables.files(table, versions.get(table, 0))
        except DeltaLogError as exc:
            raise self._damaged_log(exc) from exc

    def part_paths(self, table: str) -> list[str]:
        return [f.path for f in self.live(table)]

    def parts(self) -> dict[str, list[str]]:
        """The data files read per table, relative to the database folder."""
        versions = self.versions()
        return {table: [f.path for f in self.live(table, versions)] for table in TABLES}

    def digest(self, path: str) -> tuple[int, str] | None:
        """The size and digest the log recorded for the data file ``path``."""
        try:
            return self.tables.digests(path.partition("/")[0]).get(path)
        except DeltaLogError as exc:
            raise self._damaged_log(exc) from exc

    def read_part(self, path: str, columns: Sequence[str] | None = None) -> pa.Table:
        return self.writer.read_part(path, columns)

    # -- the cheap check on opening --------------------------------------------------

    def verify_open(self) -> list[Problem]:
        """The cheap check made on opening: every log read can be read, and every data file
        read exists with the size its log names and Parquet's marks at both ends (a
        ``stat`` and two 4-byte reads per file)."""
        problems: list[Problem] = []
        live: list[LiveFile] = []
        try:
            self.current()
        except DamagedDatabaseError as exc:
            return exc.problems
        versions = self.versions()
        for table in TABLES:
            try:
                live += self.live(table, versions)
            except DamagedDatabaseError as exc:
                problems += exc.problems
        problems += [p for p in self.stat_problems(live).values() if p is not None]
        return problems

    def stat_problems(self, parts: Sequence[LiveFile]) -> dict[str, Problem | None]:
        """:meth:`stat_problem` of each of ``parts``, by path, their marks read together
        (on an object store, a listing per table and the ranges fetched at once)."""
        marks = self.storage.marks_many([p.path for p in parts])
        return {p.path: self.stat_problem(p, marks[p.path]) for p in parts}

    def stat_problem(self, part: LiveFile,
                     marks: tuple[int, bytes, bytes] | OSError | None = None
                     ) -> Problem | None:
        """What is wrong with ``part`` that its size and its first and last four bytes
        show (``marks``, when read already); ``None``: nothing."""
        try:
            if isinstance(marks, OSError):
                raise marks
            size, head, tail = marks or self.storage.marks(part.path)
            if size != part.size:
                what = "empty (0 bytes)" if size == 0 else \
                    f"{size:,} bytes, not the {part.size:,} written"
                return Problem(part.path, part.table, what)
            if size < _MIN_PARQUET:
                return Problem(part.path, part.table,
                               f"{size} bytes: too short for a Parquet file")
            if head != _MAGIC or tail != _MAGIC:
                return Problem(part.path, part.table, "not a Parquet file (no PAR1 marks)")
        except FileNotFoundError:
            return Problem(part.path, part.table, "missing")
        except (NotADirectoryError, IsADirectoryError):
            return Problem(part.path, part.table, "missing (a folder is in its place)")
        return None

    # -- writing (the batch writer's) ------------------------------------------------

    @contextmanager
    def writing(self, *, clean: bool = True) -> Iterator[None]:
        """Hold the write lock; finish what a killed writer left (see
        :meth:`BatchWriter.writing`)."""
        if self._pinned is not None:
            raise UsageError("a database read as of an earlier batch is not written to")
        with self.batch_writer.writing(clean=clean):
            yield

    def write_part(self, table: str, data: pa.Table) -> Part:
        """Write one part (durably); it belongs to the database once committed."""
        return self.writer.write_part(table, data)

    def new_part_path(self, table: str) -> str:
        return self.writer.new_part_path(table)

    def commit(self, parts: Sequence[Part], info: dict[str, Any] | None = None, *,
               replaces: Sequence[str] = (), operation: str = "import",
               data_change: bool = True,
               merged: Mapping[str, Sequence[str]] | None = None,
               sources: Mapping[str, Sequence[str]] | None = None,
               rebuilt: Sequence[str] = ()) -> int | None:
        """Commit ``parts`` and take ``replaces`` out, all or nothing: one batch (see
        :meth:`BatchWriter.commit`)."""
        return self.batch_writer.commit(parts, info, replaces=replaces, operation=operation,
                                        data_change=data_change, merged=merged,
                                        sources=sources, rebuilt=rebuilt)

    def remove_uncommitted(self, keep: Collection[str] = ()) -> int:
        """Delete the data files no log names, but ``keep`` (see
        :meth:`BatchWriter.remove_uncommitted`)."""
        return self.batch_writer.remove_uncommitted(keep)

    def without_rows(self, table: str, column: str, keys: set[str],
                     parts: Sequence[str] | None = None) -> tuple[list[str], list[Part]]:
        """The live parts of ``table`` (or the parts ``parts``) holding a row whose
        ``column`` is in ``keys``, and each rewritten without those rows (uncommitted):
        commit the new parts with ``replaces=`` the old ones."""
        live = list(parts) if parts is not None else self.part_paths(table)
        return self.batch_writer.without_rows(live, column, keys, table)

    def vacuum(self, retention_hours: float = RETENTION_HOURS) -> list[str]:
        """Delete the data files a later version removed longer than ``retention_hours``
        ago (see :meth:`BatchWriter.vacuum`); under the write lock."""
        return self.batch_writer.vacuum(retention_hours)

    def compact(self, target_rows: int = 500_000, min_parts: int | None = None) -> int:
        """Merge small parts (see :class:`~stud_hh.store.compaction.Compactor`)."""
        return self.compactor.compact(target_rows, min_parts)

    def merge_parts(self, table: str, paths: Sequence[str]) -> Part:
        return self.compactor.merge_parts(table, paths)

    # -- other views -----------------------------------------------------------------

    @property
    def dask(self) -> DaskTables:
        """The tables as Dask frames, a partition per part (:mod:`stud_hh.store.partitions`)."""
        from stud_hh.store.partitions import DaskTables

        return DaskTables(self)

    def sql(self, query: str) -> Any:
        """Run one read-only SQL query (DuckDB) over the tables read, each a view of its
        name: the result as pandas (see :mod:`stud_hh.store.sql`).

        >>> db.sql("SELECT game, count(*) AS hands FROM hands GROUP BY game")  # doctest: +SKIP
        """
        from stud_hh.store import sql

        return sql.frame(sql.query(self, query))

    def __repr__(self) -> str:
        return f"Database({str(self.root)!r})"


def _when(moment: datetime) -> str:
    return moment.strftime("%Y-%m-%d %H:%M:%S UTC")


def open_db(root: str | os.PathLike[str] | Storage, *,
            storage_options: Mapping[str, Any] | None = None,
            people: People | None = None, as_of: int | datetime | None = None) -> Database:
    """Open an existing database (made by ``stud-hh import``): a folder, or an fsspec URL
    (``s3://bucket/db``, its filesystem opened with ``storage_options``), checking on the
    way that every data file read is there with its size and that every log read can be
    read (:class:`DamagedDatabaseError` otherwise). ``people`` (the settings' hero and
    aliases: ``People.from_settings(load_settings())``) makes several names one player in
    what is read (:mod:`stud_hh.store.people`). ``as_of``: a batch number, or a time (the
    last batch committed by then): the database as that batch left it."""
    return Database(root, verify=True, storage_options=storage_options, people=people,
                    as_of=as_of)
