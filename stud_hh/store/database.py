"""Stage 4c: the Parquet database: a folder of tables, written atomically, read as pandas.

The folder is of this machine, or the same layout under an fsspec URL (``s3://bucket/db``);
every file is read and written through :mod:`stud_hh.store.storage`, which says how each
guarantee below is kept on an object store (no rename there: objects appear whole;
commit records created exclusively; a lock object in place of ``flock``).

Layout of a database folder::

    stud_hh.json                 what the folder is, and its schema version
    hands/part-<id>.parquet      one or more parts per table
    players/...  actions/...  pots/...  violations/...  unverifiable/...
    failures/...  conflicts/...  tournaments/...  files/...
    commits/<n>-<id>.json        which parts belong to the database
    locks/<n>.json               the write lock, on an object store (a folder: an flock on .lock)
    damaged/<when>/...           what ``stud-hh repair`` moved aside (never read)

A part becomes part of the database only when a commit record naming it
exists, and a commit record is written (to a temporary name, then renamed)
only after every part it names is complete on disk. An import killed at any
moment therefore leaves the committed parts readable and consistent; the
parts it left without a commit are ignored by readers and removed by the next
import, which then adds what is missing. An import that fails (a full disk, a
folder it may not write) removes the parts it wrote before it stops.

A commit record names each part with its size and a BLAKE2b checksum of its
bytes, taken as they were written, and carries a digest of itself. Opening a
database (:func:`open_db`) checks that every committed part is there with its
recorded size and Parquet's ``PAR1`` marks at both ends (cheap: a ``stat`` and 8
bytes per part) and that every commit record reads;
``stud-hh check`` reads everything (checksums, footers, schemas, keys across
tables, :mod:`stud_hh.store.integrity`). A damaged database raises
:class:`DamagedDatabaseError`, naming what is damaged, never a pyarrow error.
Records written before checksums (no size, no checksum) still read; their parts
are unverifiable, never taken as damaged for that.

>>> db = open_db("my.db")  # doctest: +SKIP
>>> db.players(columns=["player", "net"], filters=[("player", "==", "Hero")])  # doctest: +SKIP
>>> db.players(player="hero", game="razz", cash=True, since="2026-03-01")  # doctest: +SKIP
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import uuid
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO, TypeAlias, Unpack

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from stud_hh.model.errors import DatabaseError, UsageError
from stud_hh.store.people import LABELLED_TABLES, People
from stud_hh.store.schema import (
    ADDED,
    SCHEMA_VERSION,
    TABLES,
    arrow_schema,
    conform,
    to_pandas,
)
from stud_hh.store.select import Filters as SelectFilters
from stud_hh.store.select import Resolved, Selection, read_selected, resolve
from stud_hh.store.storage import (
    CHECKSUM,
    MARKER,
    FsspecStorage,
    LocalStorage,
    Storage,
    blocks_checksum,
    storage_of,
)

if TYPE_CHECKING:
    from stud_hh.store.partitions import DaskTables

DAMAGED = "damaged"
"""The folder of a database where ``stud-hh repair`` puts what it moved aside."""
MERGE_ROWS = 65_536
"""Rows a compaction holds before writing them as one row group: its memory bound."""
COMPACT_PARTS = 16
"""Small parts a table has before :meth:`Database.compact` merges them (by default)."""
_COALESCE = 64
"""Small tables a compaction holds before copying them into one."""
_MIN_PARQUET = 12  # "PAR1", a footer length and "PAR1": no Parquet file is shorter
_MAGIC = b"PAR1"
_RECORD_NAME = re.compile(r"^(\d{8})-[0-9a-zA-Z]+\.json$")
Filter: TypeAlias = tuple[str, str, Any]
Filters: TypeAlias = Sequence[Filter] | Sequence[Sequence[Filter]] | ds.Expression


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a database: where (a part or a commit record, relative to the
    database folder), the table concerned, and what.

    >>> str(Problem("players/part-1.parquet", "players", "missing", "part"))
    'players/part-1.parquet: missing'
    >>> str(Problem("commits/000007.json", "players", "unreadable", "record"))
    'commits/000007.json (players): unreadable'
    """

    where: str
    table: str | None
    what: str
    kind: str = "part"
    """``part`` (the part itself is damaged), ``record`` (a commit record is), ``keys``
    (rows of readable parts do not fit together across tables), ``marker``
    (``stud_hh.json`` is missing or says no schema version)."""

    def __str__(self) -> str:
        table = f" ({self.table})" if self.table and self.table not in self.where else ""
        return f"{self.where}{table}: {self.what}"


class DamagedDatabaseError(DatabaseError):
    """A database with damaged parts or commit records: ``problems`` says which."""

    def __init__(self, root: Path | str, problems: Sequence[Problem], reason: str | None = None,
                 repair: str = "it moves the damage aside and imports its files again") -> None:
        self.problems = list(problems)
        if reason is None:
            shown = ", ".join(f"{p.where} ({p.what})" for p in self.problems[:3])
            more = f" and {len(self.problems) - 3} more" if len(self.problems) > 3 else ""
            reason = f"damaged database: {shown}{more}"
        super().__init__(f"{reason}: run `stud-hh repair --db {root}` ({repair}; "
                         f"`stud-hh check --db {root}` lists every problem)", path=str(root))


class DamagedMarkerError(DamagedDatabaseError):
    """A database (its commit records say it is one) whose ``stud_hh.json`` is missing,
    unreadable or names no schema version: ``stud-hh repair`` rebuilds it from the parts."""


def marker_bytes(version: int) -> bytes:
    """What ``stud_hh.json`` holds for a database of schema ``version``."""
    return json.dumps({"format": "stud-hh database", "schema_version": version},
                      indent=2).encode()


def has_records(storage: Storage) -> bool:
    """Whether ``storage`` holds commit records: a database, whatever its marker says."""
    return any(not folder and _RECORD_NAME.match(name)
               for name, folder in storage.listing("commits"))


def plain_schema(table: str) -> pa.Schema:
    """The table's schema with dictionary columns as plain strings (fast to build from Python)."""
    schema = arrow_schema(table)
    return pa.schema([f.with_type(f.type.value_type) if pa.types.is_dictionary(f.type) else f
                      for f in schema], metadata=schema.metadata)


def to_arrow(table: str, columns: Mapping[str, Sequence[Any]]) -> pa.Table:
    """Columns of Python values -> an Arrow table of exactly the registry's schema."""
    built = pa.Table.from_pydict(columns, schema=plain_schema(table))
    return built.cast(arrow_schema(table))


def rows_to_arrow(table: str, rows: Sequence[Sequence[Any]]) -> pa.Table:
    """Rows of Python values, each in the registry's column order -> an Arrow table of
    exactly the registry's schema (what :func:`to_arrow` makes of the same columns).

    Converted in one pass, as one struct array: no column lists to build first, and
    about a third cheaper than :func:`to_arrow` (an import writes every hand this way).

    >>> rows_to_arrow("files", [("a.txt", 10, 0, 3, 0, 0)]).column("hands").to_pylist()
    [3]
    """
    array = pa.array(rows, type=pa.struct(plain_schema(table)))
    return pa.Table.from_struct_array(array).cast(arrow_schema(table))


def checksum_of(data: bytes) -> str:
    """The checksum a commit record gives a part whose bytes are ``data``.

    >>> checksum_of(b"PAR1")[:20]
    'blake2b-256:7a325470'
    """
    return f"{CHECKSUM}:{hashlib.blake2b(data, digest_size=32).hexdigest()}"


def file_checksum(path: Path) -> tuple[int, str]:
    """Size and checksum of the file at ``path``, read in blocks (memory: one block)."""
    with open(path, "rb") as handle:
        return blocks_checksum(handle)


def part_checksum(storage: Storage, path: str) -> tuple[int, str]:
    """Size and checksum of the part ``path`` (relative to the database), read in blocks:
    :func:`file_checksum` for a folder of this machine."""
    if isinstance(storage, LocalStorage):
        return file_checksum(storage.path(path))
    return storage.checksum(path)


class _HashingFile:
    """A file being written that hashes and counts its bytes as they go by."""

    closed = False

    def __init__(self, handle: BinaryIO) -> None:
        self.handle = handle
        self.digest = hashlib.blake2b(digest_size=32)
        self.size = 0

    def write(self, data: bytes) -> int:
        self.digest.update(data)
        self.size += len(data)
        return self.handle.write(data)

    def tell(self) -> int:
        return self.size

    def flush(self) -> None:
        self.handle.flush()

    def close(self) -> None:  # the real file is closed by its owner
        pass

    def checksum(self) -> str:
        return f"{CHECKSUM}:{self.digest.hexdigest()}"


def _record_digest(record: Mapping[str, Any]) -> str:
    body = {k: v for k, v in record.items() if k != "digest"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return checksum_of(text.encode("utf-8"))


@dataclass(frozen=True, slots=True)
class Part:
    """A Parquet file written for one table, not yet committed."""

    table: str
    path: str
    """Relative to the database folder."""
    rows: int
    size: int | None = None
    """Its size in bytes, as written (``None``: not known)."""
    checksum: str | None = None
    """``blake2b-256:<hex>`` of its bytes, taken as they were written."""


@dataclass(frozen=True, slots=True)
class Committed:
    """A part as a commit record names it: what it should be, and where its rows came from."""

    table: str
    path: str
    rows: int
    size: int | None
    checksum: str | None
    files: frozenset[str] | None
    """The history files its rows were read from (``None``: not recorded)."""
    record: str
    """The commit record naming it (``commits/...json``)."""

    @property
    def verifiable(self) -> bool:
        return self.size is not None and self.checksum is not None

    def entry(self) -> dict[str, Any]:
        found: dict[str, Any] = {"table": self.table, "path": self.path, "rows": self.rows}
        if self.size is not None:
            found["size"] = self.size
        if self.checksum is not None:
            found["checksum"] = self.checksum
        return found


@dataclass(frozen=True, slots=True)
class Record:
    """One commit record file: its contents, or why they cannot be trusted."""

    path: str
    """Relative to the database folder (``commits/00000001-ab12cd34.json``)."""
    record: Mapping[str, Any] | None
    """The record, ``None`` when it is damaged."""
    problem: str | None = None
    parts: tuple[Committed, ...] = ()
    files: tuple[str, ...] = ()
    """The history files the record says its parts came from, where it says so (also when
    the record is damaged but still reads as JSON)."""
    replaces: tuple[str, ...] = ()
    """Parts of earlier records that this one takes out of the database (each rewritten
    without some rows, the rewrite among ``parts``): see :meth:`_CommitRecords.commit`."""

    @property
    def checkpoint(self) -> bool:
        return bool(self.record and self.record.get("checkpoint"))


@dataclass(slots=True)
class CommitLog:
    """Every commit record of a database, replayed: the live parts and the damaged records."""

    records: list[Record] = field(default_factory=list)
    live: dict[str, list[Committed]] = field(default_factory=lambda: {t: [] for t in TABLES})
    damaged_in_force: list[Record] = field(default_factory=list)
    """Damaged records after the last sound checkpoint: what they named is not known, so
    the live set is not either."""

    @property
    def damaged(self) -> list[Record]:
        return [r for r in self.records if r.record is None]

    def live_parts(self) -> list[Committed]:
        return [c for parts in self.live.values() for c in parts]

    def problems(self, *, all_records: bool = False) -> list[Problem]:
        """The damaged records (in force, or all of them)."""
        records = self.damaged if all_records else self.damaged_in_force
        return [Problem(r.path, None, r.problem or "damaged", "record") for r in records]


def _as_files(value: Any) -> tuple[str, ...] | None:
    if isinstance(value, str):
        return (value,)
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return tuple(value)
    return None


def _parse_record(name: str, text: bytes) -> Record:
    """A commit record's bytes -> a :class:`Record` (damaged when anything does not fit)."""

    files: tuple[str, ...] | None = None

    def damaged(why: str) -> Record:
        return Record(name, None, why, (), files or ())

    if not _RECORD_NAME.match(name.rsplit("/", 1)[-1]):
        return damaged("not a commit record's name")
    try:
        record = json.loads(text.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        return damaged(f"unreadable commit record ({exc})")
    if not isinstance(record, dict) or not isinstance(record.get("parts"), list):
        return damaged("not a commit record (no list of parts)")
    files = _as_files(record.get("files", record.get("file")))
    replaces = record.get("replaces", [])
    if not isinstance(replaces, list) or not all(
            isinstance(r, str) and _inside(r.partition("/")[0], r) for r in replaces):
        return damaged("its replaced parts are not a list of part paths")
    digest = record.get("digest")
    if digest is not None and digest != _record_digest(record):
        return damaged("commit record changed after it was written (its digest differs)")
    index: tuple[str, ...] = files or ()
    checkpoint = bool(record.get("checkpoint"))
    parts: list[Committed] = []
    for entry in record["parts"]:
        if not isinstance(entry, dict):
            return damaged("a part entry is not an object")
        table, path, rows = entry.get("table"), entry.get("path"), entry.get("rows")
        if table not in TABLES:
            return damaged(f"names a table that does not exist: {table!r}")
        assert isinstance(table, str)
        if not isinstance(path, str) or not _inside(table, path):
            return damaged(f"names a part outside its table's folder: {path!r}")
        size, checksum = entry.get("size"), entry.get("checksum")
        if (not isinstance(rows, int) or rows < 0 or isinstance(rows, bool)
                or (size is not None and (not isinstance(size, int) or size < 0))
                or (checksum is not None and not isinstance(checksum, str))):
            return damaged(f"a part entry of {path} has a wrong type of rows, size or checksum")
        part_files: frozenset[str] | None
        if checkpoint:
            numbers = entry.get("files")
            if numbers is None:
                part_files = None
            elif (isinstance(numbers, list) and all(isinstance(n, int) and 0 <= n < len(index)
                                                    for n in numbers)):
                part_files = frozenset(index[n] for n in numbers)
            else:
                return damaged(f"the files of {path} are not numbers of the record's files")
        else:
            part_files = frozenset(files) if files is not None else None
        parts.append(Committed(table, path, rows, size, checksum, part_files, name))
    return Record(name, record, None, tuple(parts), files or (), tuple(replaces))


def _short(value: object, width: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def _inside(table: str, path: str) -> bool:
    """Whether ``path`` is a part file directly in ``table``'s folder (nothing outside it)."""
    folder, _, name = path.partition("/")
    return (folder == table and bool(name) and "/" not in name and "\\" not in name
            and name not in (".", "..") and name.endswith(".parquet"))


def is_damage(exc: BaseException) -> bool:
    """Whether an error reading a part means the part is damaged (not a fault of the
    machine: those have an errno, and are reported as such)."""
    if isinstance(exc, FileNotFoundError):
        return True
    if isinstance(exc, OSError):
        return exc.errno is None
    return isinstance(exc, pa.ArrowException)


class _RowGroups:
    """Rows gathered from many small tables into row groups of up to :data:`MERGE_ROWS`.

    Memory stays bounded whatever the number of tables: every :data:`_COALESCE` small
    tables are copied into one (a 7-row table of 170 columns costs far more than its
    rows), and a row group is written once it holds :data:`MERGE_ROWS` rows, or before a
    dictionary column would hold more values than its int8 indexes can number (a row
    group's dictionary is one for all its rows: 128 stakes in one would not read back).
    """

    def __init__(self, schema: pa.Schema, writer: pq.ParquetWriter) -> None:
        self.writer = writer
        self.enums = [f.name for f in schema if pa.types.is_dictionary(f.type)]
        self.limit = {f.name: 2 ** (f.type.index_type.bit_width - 1) - 1
                      for f in schema if pa.types.is_dictionary(f.type)}
        self.small: list[pa.Table] = []
        self.coalesced: list[pa.Table] = []
        self.held = 0
        self.values: dict[str, set[Any]] = {name: set() for name in self.enums}
        self.rows = 0

    def add(self, data: pa.Table) -> None:
        values = {}
        for name in self.enums:
            found = set(pc.unique(data.column(name).cast(pa.string())).to_pylist())
            if len(self.values[name] | found) > self.limit[name]:
                self.flush()
            values[name] = found
        for name, found in values.items():
            self.values[name] |= found
        self.small.append(data)
        self.held += data.num_rows
        if len(self.small) >= _COALESCE:
            self.coalesced.append(pa.concat_tables(self.small).combine_chunks())
            self.small = []
        if self.held >= MERGE_ROWS:
            self.flush()

    def flush(self) -> None:
        if not self.held:
            return
        self.writer.write_table(pa.concat_tables(self.coalesced + self.small).combine_chunks())
        self.rows += self.held
        self.small, self.coalesced, self.held = [], [], 0
        self.values = {name: set() for name in self.enums}


class _CommitRecords:
    """The commit records of a database folder: read (each once per :class:`Database`),
    replayed into the live parts, checked cheaply on opening, and written (numbered in
    order, atomically)."""

    root: Path | str
    """The database's folder, or its URL (:attr:`Storage.root`)."""
    storage: Storage
    """Where the database lives: every read and write of its files goes through it."""
    _records: dict[str, Record]
    """The sound records read so far, by path (records never change once written)."""
    _last_number: int | None
    """The last commit number written, while the write lock is held."""
    _locked: bool

    _lock_check: Callable[[], None] | None
    """While the write lock is held, what raises when it has been lost (an object store's
    lock taken over: :class:`~stud_hh.store.storage.ObjectLock`)."""

    def _commit_files(self) -> list[str]:
        """The commit records, relative to the database (``commits/...json``), in order."""
        return [f"commits/{name}" for name, folder in self.storage.listing("commits")
                if not folder and name.endswith(".json")]

    def commit_log(self) -> CommitLog:
        """Every commit record, read (damaged ones kept as such) and replayed in order.

        Records never change once written, so each is read once per :class:`Database`.
        """
        log = CommitLog()
        for name in self._commit_files():
            record = self._records.get(name)
            if record is None:
                record = _parse_record(name, self.storage.read_bytes(name))
                if record.record is not None:  # a damaged one may be replaced by repair
                    self._records[name] = record
            log.records.append(record)
            if record.record is None:
                log.damaged_in_force.append(record)
                continue
            if record.checkpoint:  # a compaction or repair: the whole live set from here on
                log.live = {t: [] for t in TABLES}
                log.damaged_in_force = []
            for replaced in record.replaces:
                table = replaced.partition("/")[0]
                log.live[table] = [p for p in log.live[table] if p.path != replaced]
            for part in record.parts:
                log.live[part.table].append(part)
        return log

    def _live(self) -> dict[str, list[Committed]]:
        """The committed parts per table (raises when a damaged commit record is in force)."""
        log = self.commit_log()
        if log.damaged_in_force:
            raise DamagedDatabaseError(self.root, log.problems())
        return log.live

    def verify_open(self) -> list[Problem]:
        """The cheap check made on opening: every commit record in force reads, and every
        live part exists with its recorded size and Parquet's marks at both ends (a
        ``stat`` and two 4-byte reads per part)."""
        log = self.commit_log()
        problems = log.problems()
        problems += [p for p in self.stat_problems(log.live_parts()).values() if p is not None]
        return problems

    def stat_problems(self, parts: Sequence[Committed]) -> dict[str, Problem | None]:
        """:meth:`stat_problem` of each of ``parts``, by path, their marks read together
        (on an object store, a listing per table and the ranges fetched at once)."""
        marks = self.storage.marks_many([p.path for p in parts])
        return {p.path: self.stat_problem(p, marks[p.path]) for p in parts}

    def stat_problem(self, part: Committed,
                     marks: tuple[int, bytes, bytes] | OSError | None = None
                     ) -> Problem | None:
        """What is wrong with ``part`` that its size and its first and last four bytes
        (``PAR1`` in every Parquet file) show (``marks``, when read already); ``None``:
        nothing."""
        try:
            if isinstance(marks, OSError):
                raise marks
            size, head, tail = marks or self.storage.marks(part.path)
            if part.size is not None and size != part.size:
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

    def parts(self) -> dict[str, list[str]]:
        """Committed part files per table, relative to the database folder."""
        return {table: [p.path for p in parts] for table, parts in self._live().items()}

    def commit(self, parts: Sequence[Part], info: dict[str, Any] | None = None, *,
               replaces: Sequence[str] = ()) -> None:
        """Make ``parts`` part of the database, all or nothing.

        ``info`` says where the parts' rows came from: ``{"file": path}`` or
        ``{"files": [paths]}`` (what ``stud-hh repair`` imports again when a part is
        damaged); it is kept in the commit record. ``replaces`` names committed parts
        that leave the database in the same step (a part rewritten without some rows,
        :meth:`~_PartWriting.without_rows`, is committed with the part it replaces): the
        database is never without both, nor with both. Their files are deleted by the
        next writer (:meth:`~_PartWriting.remove_uncommitted`).
        """
        if not parts and not replaces:
            return
        for table in {p.table for p in parts}:
            self.storage.sync(table)
        entries = []
        for p in parts:
            entry: dict[str, Any] = {"table": p.table, "path": p.path, "rows": p.rows}
            if p.size is not None:
                entry["size"] = p.size
            if p.checksum is not None:
                entry["checksum"] = p.checksum
            entries.append(entry)
        extra = {"replaces": list(replaces)} if replaces else {}
        self._write_commit({"parts": entries, **(info or {}), **extra})

    def write_checkpoint(self, parts: Sequence[Committed | Part],
                         files: Mapping[str, frozenset[str] | None] | None = None) -> str:
        """Commit ``parts`` as the whole live set from here on (earlier records no longer
        count). ``files`` gives the history files of each part's rows by path (a
        :class:`Committed` part carries its own)."""
        names: dict[str, int] = {}
        entries = []
        for part in parts:
            entry: dict[str, Any] = {"table": part.table, "path": part.path, "rows": part.rows}
            if part.size is not None:
                entry["size"] = part.size
            if part.checksum is not None:
                entry["checksum"] = part.checksum
            sources = part.files if isinstance(part, Committed) else (files or {}).get(part.path)
            if sources is not None:
                entry["files"] = sorted(names.setdefault(f, len(names)) for f in sources)
            entries.append(entry)
        for table in {p.table for p in parts}:
            if self.storage.is_dir(table):
                self.storage.sync(table)
        return self._write_commit({"checkpoint": True, "files": list(names), "parts": entries})

    def _write_commit(self, record: dict[str, Any]) -> str:
        """Write the next commit record; returns its path (relative to the database).

        On an object store the record's name is its number alone, created exclusively:
        when another writer took the number first, nothing is written and
        :class:`DatabaseError` says another import is writing.
        """
        storage = self.storage
        storage.mkdir("commits")
        if self._lock_check is not None:
            self._lock_check()  # an object store's lock taken over: commit nothing
        if self._last_number is None or not self._locked:
            numbers = [int(m.group(1)) for p in self._commit_files()
                       if (m := _RECORD_NAME.match(p.rpartition("/")[2]))]
            self._last_number = max(numbers, default=0)
        number = self._last_number + 1
        tag = "commit" if storage.record_names_numbered else uuid.uuid4().hex[:8]
        path = f"commits/{number:08d}-{tag}.json"
        record = {**record, "digest": _record_digest(record)}
        try:
            storage.create_exclusive(path, json.dumps(record, indent=1, ensure_ascii=False
                                                      ).encode("utf-8"))
        except FileExistsError:
            self._last_number = None
            raise DatabaseError(f"another import is writing to this database (it took commit "
                                f"number {number} first)", path=storage.location) from None
        storage.sync("commits")
        self._last_number = number
        return path


class _PartWriting(_CommitRecords):
    """Writing parts under the write lock: one import at a time, each part written
    durably with its size and checksum, and what a killed import left uncommitted cleared."""

    @contextmanager
    def writing(self, *, clean: bool = True) -> Iterator[None]:
        """Hold the write lock (one import at a time); clear what a killed import left.

        When the work inside fails (a full disk, a folder it may not write, a kill by
        Ctrl-C), the parts it wrote and did not commit are removed before the error goes
        on (best effort: the next import removes any left).
        """
        with self.storage.lock() as still_held:
            self._last_number = None
            self._locked = True  # the only writer: commit numbers may be counted here
            self._lock_check = still_held
            try:
                if clean:
                    self.remove_uncommitted()
                yield
            except BaseException:
                with suppress(Exception):
                    self.remove_uncommitted()
                raise
            finally:
                self._last_number = None
                self._locked = False
                self._lock_check = None

    def remove_uncommitted(self, keep: Collection[str] = ()) -> int:
        """Delete parts no commit names (left by a killed import), but those of ``keep``
        (an import's parts waiting to be committed with others). Returns how many.

        Nothing is deleted while a damaged commit record is in force (the parts it
        named are not known): ``stud-hh repair`` sorts those out.
        """
        if self._lock_check is not None:
            self._lock_check()  # a lock taken over: the parts may be another import's
        log = self.commit_log()
        if log.damaged_in_force:
            return 0
        known = {c.path for c in log.live_parts()} | set(keep)
        removed = 0
        storage = self.storage
        for table in TABLES:
            for name, folder in storage.listing(table):
                if f"{table}/{name}" not in known and not folder:
                    storage.delete(f"{table}/{name}")
                    removed += 1
        for name, folder in storage.listing("commits"):
            if name.endswith(".tmp") and not folder:
                storage.delete(f"commits/{name}")
        return removed

    def without_rows(self, table: str, column: str, keys: set[str],
                     parts: Sequence[str] | None = None) -> tuple[list[str], list[Part]]:
        """The committed parts of ``table`` (or the parts ``parts``) holding a row whose
        ``column`` is in ``keys``, and each rewritten without those rows (uncommitted; a
        part left empty is not written): commit the new parts with ``replaces=`` the old
        ones."""
        replaced: list[str] = []
        written: list[Part] = []
        if not keys:
            return replaced, written
        wanted = pa.array(sorted(keys), pa.string())
        paths = parts if parts is not None else [p.path for p in self._live()[table]]
        for path in paths:
            data = self.read_part(path)
            hit = pc.is_in(data.column(column).cast(pa.string()), value_set=wanted)
            if not pc.any(hit).as_py():
                continue
            kept = data.filter(pc.invert(hit))
            replaced.append(path)
            if kept.num_rows:
                written.append(self.write_part(table, conform(table, kept)))
        return replaced, written

    def new_part_path(self, table: str) -> str:
        """A new part's path (relative to the database), its table's folder made."""
        self.storage.mkdir(table)
        return f"{table}/part-{uuid.uuid4().hex}.parquet"

    def _write_new_part(self, table: str, write: Callable[[pa.NativeFile], int]) -> Part:
        """A new part of ``table`` written by ``write`` (which returns its rows), durably,
        with its size and checksum taken from the bytes as they are written."""
        path = self.new_part_path(table)
        with self.storage.new_file(path) as handle:
            hashing = _HashingFile(handle)
            rows = write(pa.PythonFile(hashing, mode="w"))
        return Part(table, path, rows, hashing.size, hashing.checksum())

    def read_part(self, path: str, columns: Sequence[str] | None = None) -> pa.Table:
        """A part's rows (``columns`` of them), read as they are stored."""
        storage = self.storage
        return pq.read_table(storage.arrow_path(path), filesystem=storage.arrow_filesystem,
                             columns=None if columns is None else list(columns))

    def write_part(self, table: str, data: pa.Table) -> Part:
        """Write one part (durably); it belongs to the database once committed."""

        def write(sink: pa.NativeFile) -> int:
            pq.write_table(data, sink, compression="zstd")
            return int(data.num_rows)

        return self._write_new_part(table, write)


class _Compaction(_PartWriting):
    """Merging small parts into large ones, streaming, each source checked against its
    record as it is read; the result committed as a checkpoint (see :meth:`compact`)."""

    def merge_parts(self, table: str, paths: Sequence[str]) -> Part:
        """Write the rows of ``paths`` into one new part, streaming (memory: one source
        part and :data:`MERGE_ROWS` rows, whatever the number and size of the parts).

        A committed source is checked against its recorded size and checksum as it is
        read, so a damaged part is never merged into a sound-looking one
        (:class:`DamagedDatabaseError`).
        """
        known = {c.path: c for c in self.commit_log().live_parts()}
        sources = [known.get(p) or Committed(table, p, 0, None, None, None, "") for p in paths]
        return self._merge(table, sources)

    def compact(self, target_rows: int = 500_000, min_parts: int | None = None) -> int:
        """Merge a table's small parts into parts of up to ``target_rows`` rows.

        Many small imports leave many small files, and reading slows with the
        number of files. A table with at least ``min_parts`` parts under a
        quarter of ``target_rows`` has them merged, streaming (memory: one part
        and :data:`MERGE_ROWS` rows); the result is committed as a checkpoint
        naming every live part (with the files its rows came from), after which
        the older commit records and the merged parts are deleted. A kill at
        any point leaves either the old set or the new one. Returns the number
        of parts merged. ``min_parts`` is :data:`COMPACT_PARTS` unless given.
        """
        if min_parts is None:
            min_parts = COMPACT_PARTS
        log = self.commit_log()
        if log.damaged_in_force:
            raise DamagedDatabaseError(self.root, log.problems())
        merged: list[str] = []
        result: list[Committed | Part] = []
        files: dict[str, frozenset[str] | None] = {}
        try:
            self._plan_merges(log, target_rows, min_parts, merged, result, files)
        except BaseException:
            for written in files:  # what was merged so far is not committed: remove it
                with suppress(OSError, DatabaseError):
                    self.storage.delete(written)
            raise
        if not merged:
            return 0
        older = self._commit_files()
        self.write_checkpoint(result, files)
        for record in older:
            self.storage.delete(record)
        for merged_path in merged:
            self.storage.delete(merged_path)
        return len(merged)

    def _plan_merges(self, log: CommitLog, target_rows: int, min_parts: int,
                     merged: list[str], result: list[Committed | Part],
                     files: dict[str, frozenset[str] | None]) -> None:
        """Merge the small parts of each table (see :meth:`compact`), filling ``merged``
        (the parts merged), ``result`` (the live set after) and ``files`` (each new part's
        history files)."""
        for table, parts in log.live.items():
            small = [p for p in parts if p.rows < target_rows // 4]
            if len(small) < min_parts:
                result += parts
                continue
            result += [p for p in parts if p.rows >= target_rows // 4]
            bins: list[list[Committed]] = [[]]
            held = 0
            for part in small:
                if bins[-1] and held + part.rows > target_rows:
                    bins.append([])
                    held = 0
                bins[-1].append(part)
                held += part.rows
            for group in bins:
                new = self._merge(table, group)
                result.append(new)
                sources = [p.files for p in group]
                files[new.path] = (None if any(s is None for s in sources)
                                   else frozenset().union(*(s for s in sources if s)))
                merged += [p.path for p in group]

    def _merge(self, table: str, sources: Sequence[Committed]) -> Part:
        schema = arrow_schema(table)

        def write(sink: pa.NativeFile) -> int:
            with pq.ParquetWriter(sink, schema, compression="zstd") as writer:
                groups = _RowGroups(schema, writer)
                for source in sources:
                    data = self._read_checked(source)
                    try:
                        parquet = pq.ParquetFile(pa.BufferReader(data))
                        for group in range(parquet.num_row_groups):
                            groups.add(conform(table, parquet.read_row_group(group)))
                    except (OSError, pa.ArrowException) as exc:
                        if not is_damage(exc):
                            raise
                        raise DamagedDatabaseError(self.root, [Problem(
                            source.path, table, f"unreadable: {exc}")]) from exc
                    del data, parquet
                groups.flush()
            return groups.rows

        return self._write_new_part(table, write)

    def _read_checked(self, part: Committed) -> bytes:
        """The bytes of a committed part, checked against its recorded size and checksum."""
        try:
            data = self.storage.read_bytes(part.path)
        except FileNotFoundError:
            raise DamagedDatabaseError(self.root, [Problem(part.path, part.table, "missing")]
                                       ) from None
        problem = None
        if part.size is not None and len(data) != part.size:
            problem = f"{len(data):,} bytes, not the {part.size:,} written"
        elif part.checksum is not None and checksum_of(data) != part.checksum:
            problem = "checksum mismatch: its bytes changed after they were written"
        if problem:
            raise DamagedDatabaseError(self.root, [Problem(part.path, part.table, problem)])
        return data


class _TableReading(_CommitRecords):
    """Reading the committed parts of a table as Arrow or pandas, with projections and
    filters pushed down to Parquet; a damaged part raises :class:`DamagedDatabaseError`.
    The pandas readers show each ``players`` and ``tournaments`` row's player as its
    person (:attr:`people`); :meth:`arrow` and SQL read the names as stored."""

    people: People
    """Who is who (:mod:`stud_hh.store.people`): the settings' hero and aliases, and the
    seats a site marks as the history's owner."""

    def _unreadable(self, table: str, exc: BaseException) -> DamagedDatabaseError:
        what = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if isinstance(exc, FileNotFoundError):
            what = f"a part is missing ({exc.filename or what})"
        return DamagedDatabaseError(self.root, [Problem(table, table, what)],
                                    f"damaged database: the {table} table could not be read "
                                    f"({what})")

    def dataset(self, table: str) -> ds.Dataset:
        """The committed parts of ``table`` as one Arrow dataset."""
        if table not in TABLES:
            raise KeyError(f"no table {table!r}; the tables are {', '.join(TABLES)}")
        storage = self.storage
        files = [storage.arrow_path(p) for p in self.parts()[table]]
        try:
            return ds.dataset(files, schema=arrow_schema(table), format="parquet",
                              filesystem=storage.arrow_filesystem)
        except (OSError, pa.ArrowException) as exc:
            if is_damage(exc):
                raise self._unreadable(table, exc) from exc
            raise

    def arrow(self, table: str, columns: Sequence[str] | None = None,
              filters: Filters | None = None) -> pa.Table:
        """Read ``table`` as Arrow, projecting ``columns`` and pushing ``filters`` to Parquet.

        ``filters`` take the form of :func:`pandas.read_parquet`'s
        (``[("player", "==", "Hero"), ("game", "in", ["stud", "razz"])]``,
        or a list of such lists for OR) or a ``pyarrow.dataset`` expression.
        """
        if columns is not None and table in TABLES:
            unknown = [c for c in columns if c not in TABLES[table].names]
            if unknown:
                raise UsageError(f"the {table} table has no column {', '.join(map(repr, unknown))}"
                                 f"; its columns are {', '.join(TABLES[table].names)} (see "
                                 "docs/database.md)")
        expression = None
        if filters is not None:
            expression = (filters if isinstance(filters, ds.Expression)
                          else pq.filters_to_expression(filters))
        dataset = self.dataset(table)
        try:
            return dataset.to_table(columns=list(columns) if columns is not None else None,
                                    filter=expression)
        except (OSError, pa.ArrowException) as exc:
            if is_damage(exc):
                raise self._unreadable(table, exc) from exc
            raise

    def table(self, table: str, columns: Sequence[str] | None = None,
              filters: Filters | None = None, *, select: Selection | None = None,
              **where: Unpack[SelectFilters]) -> pd.DataFrame:
        """Read ``table`` as a pandas DataFrame with the declared dtypes.

        ``select`` (a :class:`~stud_hh.store.select.Selection`) and the keyword filters
        (``since``, ``until``, ``game``, ``stakes``, ``site``, ``cash``, ``tournament``,
        ``player``: the command line's options) keep the rows of the selected hands, as
        ``stud-hh stats`` selects them; see :func:`~stud_hh.store.select.read_selected`.
        A value that names nothing stored raises
        :class:`~stud_hh.store.select.SelectionError`; hands a date filter leaves out for
        having no date give an :class:`~stud_hh.store.select.UndatedHandsWarning`.
        """
        return self._selected(table, columns, filters, select, where)

    def resolve(self, select: Selection) -> Resolved:
        """``select`` matched to this database's values (see :func:`resolve`)."""
        return resolve(select, self._read, self.people.match)

    def read_resolved(self, table: str, resolved: Resolved,
                      columns: Sequence[str] | None = None, filters: Filters | None = None
                      ) -> pd.DataFrame:
        """The rows of ``table`` in a selection already resolved (:meth:`resolve`), with no
        warning: the caller says what the date filter left out (``resolved.note()``)."""
        return read_selected(resolved, self._read, table, columns, filters)

    def _read(self, table: str, columns: Sequence[str] | None, filters: Any) -> pd.DataFrame:
        """``table``'s rows as pandas, each player shown as its person (a filter on
        ``player`` names people too: :meth:`People.translate`)."""
        if table in LABELLED_TABLES:
            pushed, keep = self.people.translate(filters)
            if keep is not None or columns is None or "player" in columns:
                loaded = None if columns is None else \
                    list(dict.fromkeys([*columns, "site", "player"]))
                frame = self.people.label(to_pandas(table, self.arrow(table, loaded, pushed)))
                if keep is not None:
                    frame = frame[frame["player"].isin(keep).fillna(False).astype(bool)]
                    frame = frame.reset_index(drop=True)
                return frame if columns is None or loaded == list(columns) \
                    else frame[list(columns)]
        return to_pandas(table, self.arrow(table, columns, filters))

    def _selected(self, table: str, columns: Sequence[str] | None, filters: Filters | None,
                  select: Selection | None, where: SelectFilters) -> pd.DataFrame:
        chosen = (select or Selection()).where(**where)
        if not chosen.narrows_hands:
            return self._read(table, columns, filters)
        resolved = self.resolve(chosen)
        resolved.warn(stacklevel=3)  # at the line that called the reader
        return read_selected(resolved, self._read, table, columns, filters)

    def hands(self, columns: Sequence[str] | None = None, filters: Filters | None = None, *,
              select: Selection | None = None, **where: Unpack[SelectFilters]
              ) -> pd.DataFrame:
        """The hands (see :meth:`table` for ``select`` and the keyword filters)."""
        return self._selected("hands", columns, filters, select, where)

    def players(self, columns: Sequence[str] | None = None, filters: Filters | None = None, *,
                select: Selection | None = None, **where: Unpack[SelectFilters]
                ) -> pd.DataFrame:
        """A row per seated player and hand; with ``player``, that player's rows only."""
        return self._selected("players", columns, filters, select, where)

    def actions(self, columns: Sequence[str] | None = None, filters: Filters | None = None, *,
                select: Selection | None = None, **where: Unpack[SelectFilters]
                ) -> pd.DataFrame:
        """The actions; selected by their hand (``player``: the hands they were dealt)."""
        return self._selected("actions", columns, filters, select, where)

    def pots(self, columns: Sequence[str] | None = None, filters: Filters | None = None, *,
             select: Selection | None = None, **where: Unpack[SelectFilters]) -> pd.DataFrame:
        """The pots; selected by their hand."""
        return self._selected("pots", columns, filters, select, where)

    def violations(self, columns: Sequence[str] | None = None, filters: Filters | None = None,
                   *, select: Selection | None = None, **where: Unpack[SelectFilters]
                   ) -> pd.DataFrame:
        """The broken rules; selected by their hand."""
        return self._selected("violations", columns, filters, select, where)

    def unverifiable(self, columns: Sequence[str] | None = None,
                     filters: Filters | None = None, *, select: Selection | None = None,
                     **where: Unpack[SelectFilters]) -> pd.DataFrame:
        """The checks the text could not decide; selected by their hand."""
        return self._selected("unverifiable", columns, filters, select, where)

    def failures(self, columns: Sequence[str] | None = None,
                 filters: Filters | None = None) -> pd.DataFrame:
        return self.table("failures", columns, filters)

    def conflicts(self, columns: Sequence[str] | None = None,
                  filters: Filters | None = None) -> pd.DataFrame:
        """Second copies of stored hands whose text differs: each row names both sources
        (``file``/``first_line`` of the copy not stored, ``stored_file``/``stored_first_line``
        of the stored one) and holds the copy's whole text."""
        return self.table("conflicts", columns, filters)

    def tournaments(self, columns: Sequence[str] | None = None,
                    filters: Filters | None = None) -> pd.DataFrame:
        """Players' results in tournaments as read (a row per summary and per finishing
        line); :func:`stud_hh.analysis.tournaments.results` makes one row per player and
        tournament of them, a summary winning."""
        return self.table("tournaments", columns, filters)

    def files(self, columns: Sequence[str] | None = None,
              filters: Filters | None = None) -> pd.DataFrame:
        return self.table("files", columns, filters)

    def count(self, table: str) -> int:
        dataset = self.dataset(table)
        try:
            return int(dataset.count_rows())
        except (OSError, pa.ArrowException) as exc:
            if is_damage(exc):
                raise self._unreadable(table, exc) from exc
            raise

    def batches(self, table: str, columns: Sequence[str]) -> Iterator[pa.RecordBatch]:
        """``columns`` of ``table``, streamed a record batch at a time (memory: a batch,
        whatever the table's size)."""
        dataset = self.dataset(table)
        try:
            yield from dataset.to_batches(columns=list(columns))
        except (OSError, pa.ArrowException) as exc:
            if is_damage(exc):
                raise self._unreadable(table, exc) from exc
            raise


class Database(_Compaction, _TableReading):
    """A stud-hh database folder. Tables load as pandas DataFrames with declared dtypes.

    Money columns are integers in the smallest unit (``scale`` per hand says
    100 for cents or 1 for chips), strings are Arrow-backed, enums are
    categoricals, nullable integers are pandas' nullable integer types.

    ``Database(root)`` opens without checking the parts (the import's workers do so);
    :func:`open_db` and :meth:`create` check them (``verify=True``).

    Its methods come from one class per responsibility: the commit records
    (:class:`_CommitRecords`), writing parts under the lock (:class:`_PartWriting`),
    compaction (:class:`_Compaction`) and reading tables (:class:`_TableReading`).
    """

    def __init__(self, root: str | os.PathLike[str] | Storage, *, verify: bool = False,
                 storage_options: Mapping[str, Any] | None = None,
                 people: People | None = None, despite_marker: bool = False) -> None:
        self.storage = storage_of(root, storage_options)
        self.people = people if people is not None else People()
        self.root = self.storage.root
        self._records = {}
        self._last_number = None
        self._locked = False
        self._lock_check = None
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
        # the folder's stamp: its parts are of this version or older (the columns added
        # since read as nulls: stud_hh.store.schema.ADDED)
        self.schema_version: int = found
        if verify:
            problems = self.verify_open()
            if problems:
                raise DamagedDatabaseError(self.root, problems)

    def _marker_version(self) -> int:
        """The schema version ``stud_hh.json`` names. :class:`DamagedMarkerError` when it is
        missing, unreadable or names none this stud-hh knows while commit records show a
        database; :class:`DatabaseError` when the folder is not a database, or one of a
        newer stud-hh."""
        storage = self.storage
        location = storage.location
        if not storage.is_file(MARKER):
            if isinstance(storage, FsspecStorage):
                storage.check_reachable()  # no bucket, or no answer: say that instead
            self._damaged_marker("missing (the commit records are there)")
            raise DatabaseError("not a stud-hh database (no stud_hh.json): create one with "
                                "`stud-hh import PATH --db DIR`", path=location)
        try:
            info = json.loads(storage.read_bytes(MARKER).decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as exc:
            self._damaged_marker(f"unreadable ({exc})")
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
            raise DatabaseError(f"schema version {found} is not one this stud-hh reads (1 to "
                                f"{SCHEMA_VERSION}): import the histories into a new "
                                "database", path=location)
        return found

    def _damaged_marker(self, what: str) -> None:
        """:class:`DamagedMarkerError` (``stud_hh.json`` is ``what``) when commit records
        show that the folder is a database."""
        if has_records(self.storage):
            raise DamagedMarkerError(self.root, [Problem(MARKER, None, what, "marker")],
                                     f"damaged database: its {MARKER} is {what}",
                                     "it rebuilds it from the parts")

    def parts_schema_version(self) -> int:
        """The newest schema version the committed parts' footers name (this stud-hh's
        when no part reads): the version ``stud_hh.json`` names, as every part is stamped
        with the version of the stud-hh that wrote it and the marker is upgraded before a
        part of a newer version is written (:meth:`_upgrade`)."""
        found = 0
        storage = self.storage
        for part in self.commit_log().live_parts():
            try:
                with pq.ParquetFile(storage.arrow_path(part.path),
                                    filesystem=storage.arrow_filesystem) as parquet:
                    meta = parquet.schema_arrow.metadata or {}
            except (OSError, pa.ArrowException):
                continue  # a damaged part: check names it
            version = meta.get(b"stud_hh.schema_version", b"")
            if version.isdigit():
                found = max(found, int(version))
        return found or SCHEMA_VERSION

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
        if not storage.exists(MARKER) and not has_records(storage):
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
        its parts stay as they are (the columns added since read as nulls, until the hands
        are imported into a new database), new parts have every column, and a stud-hh too
        old for them refuses the folder instead of misreading it."""
        info = json.loads(self.storage.read_bytes(MARKER).decode("utf-8"))
        info["schema_version"] = SCHEMA_VERSION
        info.setdefault("upgraded_from", self.schema_version)
        self.storage.write_atomic(MARKER, json.dumps(info, indent=2).encode())
        self.schema_version = SCHEMA_VERSION

    @property
    def dask(self) -> DaskTables:
        """The tables as Dask frames, a partition per part (:mod:`stud_hh.store.partitions`)."""
        from stud_hh.store.partitions import DaskTables

        return DaskTables(self)

    def sql(self, query: str) -> pd.DataFrame:
        """Run one read-only SQL query (DuckDB) over the committed parts of every table,
        each a view of its name: the result as pandas (see :mod:`stud_hh.store.sql`).

        >>> db.sql("SELECT game, count(*) AS hands FROM hands GROUP BY game")  # doctest: +SKIP
        """
        from stud_hh.store import sql

        return sql.frame(sql.query(self, query))

    def __repr__(self) -> str:
        return f"Database({str(self.root)!r})"


def open_db(root: str | os.PathLike[str] | Storage, *,
            storage_options: Mapping[str, Any] | None = None,
            people: People | None = None) -> Database:
    """Open an existing database (made by ``stud-hh import``): a folder, or an fsspec URL
    (``s3://bucket/db``, its filesystem opened with ``storage_options``), checking on the
    way that every committed part is there with its recorded size and that every commit
    record reads (:class:`DamagedDatabaseError` otherwise). ``people`` (the settings' hero
    and aliases: ``People.from_settings(load_settings())``) makes several names one
    player in what is read (:mod:`stud_hh.store.people`)."""
    return Database(root, verify=True, storage_options=storage_options, people=people)
