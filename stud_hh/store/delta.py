"""The Delta Lake tables of a database, through delta-rs (the ``deltalake`` package).

Each table of a database is a Delta table in its folder (``hands/``: its data files and
its log, ``hands/_delta_log/``), the same Parquet files stud-hh always wrote, so that
Spark, Polars, DuckDB, Trino or delta-rs itself read it without stud-hh. This module is
the only one that speaks to delta-rs:

- a table is created empty (version 0) with the registry's schema, dictionary columns as
  plain strings (Delta has no dictionary type: :func:`stud_hh.store.schema.conform` makes
  them dictionaries again on reading), the column descriptions as field metadata;
- a commit adds data files stud-hh wrote itself (first the files, then the commit that
  names them: a file no commit names is nobody's) and removes others, in one Delta
  transaction carrying the batch's number as Delta's application transaction
  (``txn``: ``stud-hh`` -> N) and in its commit metadata, with the size and BLAKE2b
  digest of every file it adds (``stud_hh.digests``), taken as the bytes were written:
  delta-rs checks no file's content, ``stud-hh check`` does;
- a table is read at a version (:meth:`DeltaTables.files`), restored to one (a killed
  writer's unfinished batch, :meth:`DeltaTables.restore`), and its log read for every
  data file any version names (:meth:`DeltaTables.tracked`).

The logs are kept whole (``delta.enableExpiredLogCleanup`` false): the digests and the
batch of every file live in the commits' metadata. The data files a later version
removed stay for time travel until ``stud-hh vacuum`` deletes them after the retention
(:data:`RETENTION_HOURS`).

Which version of each table belongs to which batch is the ``batches`` table's
(:mod:`stud_hh.store.batches`).
"""

from __future__ import annotations

import functools
import json
import threading
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from contextlib import suppress
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar
from urllib.parse import unquote

import pyarrow as pa
import pyarrow.parquet as pq

from stud_hh.model.errors import DatabaseError
from stud_hh.store.storage import FsspecStorage, LocalStorage, Storage

if TYPE_CHECKING:
    from deltalake import DeltaTable

APP = "stud-hh"
"""The application id of stud-hh's Delta transactions (``txn``): its version is the batch."""
BATCH_KEY = "stud_hh.batch"
DIGESTS_KEY = "stud_hh.digests"
"""Commit metadata: ``{path: [size, "blake2b-256:<hex>"]}`` of every file the commit adds."""
MERGED_KEY = "stud_hh.merged"
"""Commit metadata of a compaction: ``{new path: [the paths merged into it]}``."""
SOURCES_KEY = "stud_hh.sources"
"""Commit metadata of a migration: ``{path: [history files of its rows]}``."""
LOG = "_delta_log"
RETENTION_HOURS = 7 * 24
"""How long a data file a later version removed is kept (time travel reaches that far)."""
CONFIGURATION = {
    "delta.enableExpiredLogCleanup": "false",
    "delta.deletedFileRetentionDuration": f"interval {RETENTION_HOURS // 24} days",
}


@dataclass(frozen=True, slots=True)
class LiveFile:
    """A data file of a table at some version: its path relative to the database
    (``hands/part-....parquet``), its size and its rows, as the log says."""

    table: str
    path: str
    size: int
    rows: int | None


@dataclass(frozen=True, slots=True)
class Added:
    """A data file to add: where (relative to the database), its rows, size and digest."""

    table: str
    path: str
    rows: int
    size: int | None
    checksum: str | None
    stats: str | None = None
    """The Delta statistics of the file (JSON); ``{"numRecords": rows}`` when not given."""


class ConcurrentWriterError(DatabaseError):
    """Another writer committed to a table this writer was committing to (one writing
    without the lock, or that took a lock this one lost): this writer commits nothing more
    and takes nothing back (what is there is the other's)."""


class DeltaLogError(Exception):
    """A table's log could not be read (damaged, or a version that is not there):
    ``where`` is the log entry at fault when it is known, else the log's folder."""

    def __init__(self, table: str, what: str, where: str | None = None) -> None:
        super().__init__(what)
        self.table = table
        self.what = what
        self.where = where or f"{table}/{LOG}"


def delta_options(storage: Storage) -> dict[str, str] | None:
    """delta-rs's storage options for a database's storage: none for a folder; for an
    ``s3://`` URL the endpoint and credentials given to s3fs (its ``storage_options``),
    the rest taken by delta-rs from the environment (``AWS_*``) as s3fs takes them."""
    if not isinstance(storage, FsspecStorage):
        return None
    options = storage.options
    found: dict[str, str] = {}
    client = options.get("client_kwargs") or {}
    endpoint = client.get("endpoint_url") or options.get("endpoint_url")
    if endpoint:
        found["AWS_ENDPOINT_URL"] = str(endpoint)
    import os

    endpoint = found.get("AWS_ENDPOINT_URL") or os.environ.get("AWS_ENDPOINT_URL", "")
    if endpoint.startswith("http://"):
        found["AWS_ALLOW_HTTP"] = "true"
    for ours, theirs in (("key", "AWS_ACCESS_KEY_ID"), ("secret", "AWS_SECRET_ACCESS_KEY"),
                         ("token", "AWS_SESSION_TOKEN")):
        if options.get(ours):
            found[theirs] = str(options[ours])
    region = client.get("region_name") or os.environ.get("AWS_DEFAULT_REGION")
    if region:
        found.setdefault("AWS_REGION", str(region))
    if storage.scheme in ("s3", "s3a"):
        found.setdefault("AWS_REGION", os.environ.get("AWS_REGION", "us-east-1"))
        found["AWS_CONDITIONAL_PUT"] = "etag"
    for name, value in (options.get("delta_options") or {}).items():
        found[str(name)] = str(value)
    return found


def table_uri(storage: Storage, table: str) -> str:
    """Where delta-rs finds ``table`` of the database ``storage`` holds."""
    if isinstance(storage, LocalStorage):
        return str(storage.path(table).absolute())
    assert isinstance(storage, FsspecStorage)
    scheme = "s3" if storage.scheme == "s3a" else storage.scheme
    return f"{scheme}://{storage.base}/{table}"


def _delta_schema(schema: pa.Schema) -> pa.Schema:
    """``schema`` as Delta stores it: dictionary columns as their values' type."""
    return pa.schema([f.with_type(f.type.value_type) if pa.types.is_dictionary(f.type) else f
                      for f in schema], metadata=schema.metadata)


def _errors() -> tuple[type[BaseException], ...]:
    from deltalake.exceptions import DeltaError, DeltaProtocolError, TableNotFoundError

    return DeltaError, DeltaProtocolError, TableNotFoundError, OSError


def log_name(version: int) -> str:
    """The name of a version's commit in a table's log."""
    return f"{version:020d}.json"


P = ParamSpec("P")
R = TypeVar("R")


def _serialised(method: Callable[Concatenate[DeltaTables, P], R]
                ) -> Callable[Concatenate[DeltaTables, P], R]:
    """``method`` run holding the tables' lock: delta-rs's table objects kept here are not
    to be used by two threads at once (the app's pages and its watch share a database)."""

    def wrapper(self: DeltaTables, /, *args: P.args, **kwargs: P.kwargs) -> R:
        with self.lock:
            return method(self, *args, **kwargs)

    functools.update_wrapper(wrapper, method)
    return wrapper


class DeltaTables:
    """The Delta tables of one database (see the module). Safe to share between threads:
    each use of delta-rs's table objects holds :attr:`lock`."""

    def __init__(self, storage: Storage) -> None:
        self.lock = threading.RLock()
        self.storage = storage
        self.options = delta_options(storage)
        self._tables: dict[str, DeltaTable] = {}
        self._files: dict[tuple[str, int], list[LiveFile]] = {}
        self._digests: dict[str, tuple[int, dict[str, tuple[int, str]]]] = {}

    # -- tables ------------------------------------------------------------------------

    def exists(self, table: str) -> bool:
        """Whether ``table`` has a log (a table never written to has none: it is empty)."""
        return any(name.endswith(".json") and not folder
                   for name, folder in self.storage.listing(f"{table}/{LOG}"))

    @_serialised
    def ensure(self, table: str, schema: pa.Schema) -> None:
        """Create ``table`` (empty, version 0) when it has no log yet."""
        if self.exists(table):
            return
        from deltalake import DeltaTable

        self.storage.mkdir(table)
        try:
            DeltaTable.create(table_uri(self.storage, table), _delta_schema(schema),
                              mode="ignore", name=table, configuration=CONFIGURATION,
                              storage_options=self.options)
        except _errors() as exc:
            if not self.exists(table):
                raise DeltaLogError(table, f"cannot create the table: {_first_line(exc)}"
                                    ) from exc

    def _open(self, table: str, version: int | None = None) -> DeltaTable:
        from deltalake import DeltaTable

        try:
            return DeltaTable(table_uri(self.storage, table), version=version,
                              storage_options=self.options)
        except _errors() as exc:
            raise self._unreadable(table, exc, version) from exc

    @_serialised
    def latest(self, table: str) -> DeltaTable:
        """``table`` at its latest version (kept, brought up to date on each call)."""
        found = self._tables.get(table)
        if found is None:
            found = self._tables[table] = self._open(table)
        else:
            try:
                found.update_incremental()
            except _errors() as exc:
                del self._tables[table]
                raise self._unreadable(table, exc) from exc
        return found

    def _unreadable(self, table: str, exc: BaseException, version: int | None = None
                    ) -> DeltaLogError:
        """The error for a log delta-rs could not read, naming the entry at fault when one
        does not read as a Delta commit."""
        at = f" at version {version}" if version is not None else ""
        entries = sorted(log_paths(self.storage, table))
        for (number, _), (following, _) in pairwise(entries):
            if following != number + 1:  # a gap: the versions after it do not read
                return DeltaLogError(table, "missing (the log's later versions are there)",
                                     f"{table}/{LOG}/{log_name(number + 1)}")
        for _, path in entries:
            try:
                data = self.storage.read_bytes(path)
            except FileNotFoundError:
                continue
            if not is_commit(data):
                return DeltaLogError(table, "unreadable: not a Delta log commit", path)
        return DeltaLogError(table, f"its log cannot be read{at} ({_first_line(exc)})")

    @_serialised
    def version(self, table: str) -> int | None:
        """The latest version of ``table`` (``None``: no log)."""
        if not self.exists(table):
            return None
        return int(self.latest(table).version())

    @_serialised
    def txn(self, table: str) -> int | None:
        """The last batch a commit of ``table`` names (``None``: none)."""
        if not self.exists(table):
            return None
        found = self.latest(table).transaction_version(APP)
        return None if found is None else int(found)

    @_serialised
    def files(self, table: str, version: int) -> list[LiveFile]:
        """The data files of ``table`` at ``version`` (none at version 0 of an empty table)."""
        key = (table, version)
        if key not in self._files:
            if not self.exists(table):
                if version == 0:
                    return []
                raise DeltaLogError(table, f"its log is missing (version {version} is named)")
            latest = self.latest(table)
            if int(latest.version()) < version:
                raise DeltaLogError(table, f"version {version} is not in its log (its "
                                    f"latest is {latest.version()})")
            at = latest if int(latest.version()) == version else self._open(table, version)
            try:
                adds = pa.table(at.get_add_actions(flatten=True))
            except _errors() as exc:
                raise DeltaLogError(table, f"its log cannot be read at version {version} "
                                    f"({_first_line(exc)})") from exc
            rows = (adds.column("num_records").to_pylist() if "num_records" in adds.column_names
                    else [None] * adds.num_rows)
            paths = adds.column("path").to_pylist()
            for path in paths:
                if not _inside(unquote(path)):
                    raise DeltaLogError(table, "names a data file outside its table's folder "
                                        f"({path})", self.adding(table, path))
            # in the order they were committed (delta-rs lists them in an order of its own,
            # not the same for a table loaded whole and one brought up to date)
            times = adds.column("modification_time").cast(pa.int64()).to_pylist()
            found = sorted(zip(times, paths, adds.column("size_bytes").to_pylist(), rows,
                               strict=True))
            self._files[key] = [
                LiveFile(table, f"{table}/{unquote(path)}", int(size),
                         None if n is None else int(n))
                for _, path, size, n in found]
        return self._files[key]

    def adding(self, table: str, path: str) -> str | None:
        """The log entry (relative to the database) whose commit adds ``path`` (as the
        log spells it), ``None`` when no commit JSON does (a checkpoint's)."""
        for _, entry in sorted(log_paths(self.storage, table)):
            with suppress(OSError, ValueError):
                if path in _commit_paths(self.storage.read_bytes(entry)):
                    return entry
        return None

    # -- writing -----------------------------------------------------------------------

    @_serialised
    def commit(self, table: str, schema: pa.Schema, adds: Sequence[Added],
               removes: Sequence[LiveFile], batch: int, *, data_change: bool = True,
               merged: Mapping[str, Sequence[str]] | None = None,
               sources: Mapping[str, Sequence[str]] | None = None) -> int:
        """Add ``adds`` to ``table`` and remove ``removes``, in one Delta commit of batch
        ``batch``; returns the new version. ``merged``: the files merged into each new one
        (a compaction); ``sources``: the history files of each new one's rows."""
        from deltalake import CommitProperties, Transaction
        from deltalake.transaction import AddAction, RemoveAction

        now = int(time.time() * 1000)
        prefix = f"{table}/"
        actions: list[AddAction | RemoveAction] = [
            AddAction(path=a.path.removeprefix(prefix), size=int(a.size or 0),
                      partition_values={}, modification_time=now, data_change=data_change,
                      stats=a.stats or json.dumps({"numRecords": a.rows}))
            for a in adds]
        actions += [RemoveAction(path=r.path.removeprefix(prefix), data_change=data_change,
                                 deletion_timestamp=now, size=r.size, partition_values={})
                    for r in removes]
        metadata = {BATCH_KEY: str(batch), DIGESTS_KEY: json.dumps(
            {a.path.removeprefix(prefix): [a.size, a.checksum] for a in adds})}
        if merged:
            metadata[MERGED_KEY] = json.dumps(
                {new.removeprefix(prefix): [p.removeprefix(prefix) for p in old]
                 for new, old in merged.items() if new.startswith(prefix)})
        if sources:
            metadata[SOURCES_KEY] = json.dumps(
                {new.removeprefix(prefix): list(files) for new, files in sources.items()
                 if new.startswith(prefix)})
        dt = self.latest(table)
        found = dt.transaction_version(APP)
        if found is not None and int(found) >= batch:
            raise self._concurrent(table, f"its log holds batch {found} already")
        try:
            dt.create_write_transaction(
                actions, mode="append", schema=_delta_schema(schema),
                commit_properties=CommitProperties(custom_metadata=metadata,
                                                   app_transactions=[Transaction(APP, batch)]))
            dt.update_incremental()
        except _errors() as exc:
            self._tables.pop(table, None)
            if _concurrent_commit(exc):  # Delta's own check: a commit of stud-hh came first
                raise self._concurrent(table, _first_line(exc)) from exc
            raise DeltaLogError(table, f"the commit failed ({_first_line(exc)})") from exc
        return int(dt.version())

    def _concurrent(self, table: str, why: str) -> ConcurrentWriterError:
        return ConcurrentWriterError(f"another import is writing to this database (a commit "
                                     f"of its {table} table came first: {why})",
                                     path=self.storage.location)

    @_serialised
    def restore(self, table: str, version: int, batch: int) -> list[str]:
        """Take ``table`` back to ``version`` (a new commit, of batch ``batch``: the last
        complete one); returns the data files the versions undone had added (to delete:
        no batch names them)."""
        from deltalake import CommitProperties, Transaction

        before = {f.path for f in self.files(table, int(self.latest(table).version()))}
        keep = {f.path for f in self.files(table, version)}
        dt = self.latest(table)
        try:
            dt.restore(version, ignore_missing_files=True, commit_properties=CommitProperties(
                custom_metadata={BATCH_KEY: str(batch)},
                app_transactions=[Transaction(APP, batch)]))
            dt.update_incremental()
        except _errors() as exc:
            self._tables.pop(table, None)
            raise DeltaLogError(table, f"cannot restore version {version} "
                                f"({_first_line(exc)})") from exc
        return sorted(before - keep)

    # -- the log -----------------------------------------------------------------------

    @_serialised
    def history(self, table: str) -> list[dict[str, Any]]:
        """Every commit's information (``commitInfo``), newest first, each with its
        ``version``."""
        if not self.exists(table):
            return []
        try:
            return list(self.latest(table).history())
        except _errors() as exc:
            raise DeltaLogError(table, f"its history cannot be read ({_first_line(exc)})"
                                ) from exc

    @_serialised
    def digests(self, table: str) -> dict[str, tuple[int, str]]:
        """Size and digest of every data file a commit of stud-hh added to ``table``, by
        path relative to the database (from the commits' metadata; kept, read on as the
        table grows)."""
        version = self.version(table)
        if version is None:
            return {}
        seen, found = self._digests.get(table, (-1, {}))
        if version > seen:
            found = dict(found)
            for info in self.latest(table).history(version - seen if seen >= 0 else None):
                if int(info.get("version", -1)) <= seen:
                    continue
                for path, entry in _json(info.get(DIGESTS_KEY), {}).items():
                    if (isinstance(entry, list) and len(entry) == 2
                            and isinstance(entry[0], int) and isinstance(entry[1], str)):
                        found.setdefault(f"{table}/{path}", (entry[0], entry[1]))
            self._digests[table] = (version, found)
        return found

    def tracked(self, table: str) -> set[str] | None:
        """Every data file (relative to the database) that a version of ``table`` still
        in its log names, added or removed: what no version names was written by a
        writer killed before its commit. Read from the last checkpoint and the commits
        after it (a file removed longer than the retention ago, which only an earlier
        checkpoint names, is vacuum's). ``None`` when a commit or the checkpoint cannot
        be read wholly (a damaged log: what it names is not known)."""
        storage = self.storage
        folder = f"{table}/{LOG}"
        names = [name for name, is_folder in storage.listing(folder) if not is_folder]
        start = -1
        found: set[str] = set()
        try:
            if "_last_checkpoint" in names:
                start = int(json.loads(storage.read_bytes(f"{folder}/_last_checkpoint"))
                            ["version"])
                prefix = f"{start:020d}.checkpoint"
                for name in names:
                    if name.startswith(prefix) and name.endswith(".parquet"):
                        found |= self._checkpoint_paths(f"{folder}/{name}")
            for name in names:
                if name.endswith(".json") and name[:20].isdigit() and int(name[:20]) > start:
                    found |= _commit_paths(storage.read_bytes(f"{folder}/{name}"))
        except (OSError, ValueError, KeyError, TypeError, pa.ArrowException):
            return None
        return {f"{table}/{unquote(p)}" for p in found}

    def _checkpoint_paths(self, relative: str) -> set[str]:
        storage = self.storage
        data = pq.read_table(storage.arrow_path(relative), columns=["add", "remove"],
                             filesystem=storage.arrow_filesystem)
        found: set[str] = set()
        for column in ("add", "remove"):
            paths = data.column(column).combine_chunks().field("path")
            found.update(p for p in paths.to_pylist() if p)
        return found

    @_serialised
    def forget(self) -> None:
        """Drop what is kept of the tables (after their logs were changed aside)."""
        self._tables.clear()
        self._files.clear()
        self._digests.clear()


def _commit_paths(text: bytes) -> set[str]:
    """The data files a commit's JSON lines add or remove (:class:`ValueError` when a
    line is not JSON)."""
    found: set[str] = set()
    for line in text.splitlines():
        if not line.strip():
            continue
        action = json.loads(line)
        for kind in ("add", "remove"):
            path = action.get(kind, {}).get("path") if isinstance(action, dict) else None
            if isinstance(path, str):
                found.add(path)
    return found


def _concurrent_commit(exc: BaseException) -> bool:
    """Whether delta-rs refused a commit for another writer's (of the same application's
    transaction: Delta's ``ConcurrentTransaction``)."""
    from deltalake.exceptions import CommitFailedError

    return isinstance(exc, CommitFailedError) and "oncurrent" in str(exc)


def _inside(name: str) -> bool:
    """Whether a data file's path (relative to its table, unquoted) is a Parquet file
    directly in the table's folder, as stud-hh writes them: nothing outside it is read."""
    return (bool(name) and "/" not in name and "\\" not in name and ":" not in name
            and name not in (".", "..") and name.endswith(".parquet"))


def is_commit(data: bytes) -> bool:
    """Whether ``data`` reads as a Delta log commit: lines of JSON objects, each one
    action."""
    try:
        lines = [json.loads(line) for line in data.splitlines() if line.strip()]
    except (ValueError, UnicodeDecodeError):
        return False
    return bool(lines) and all(isinstance(a, dict) and len(a) == 1 for a in lines)


def _json(text: Any, default: Any) -> Any:
    if not isinstance(text, str):
        return default
    try:
        found = json.loads(text)
    except ValueError:
        return default
    return found if isinstance(found, type(default)) else default


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def log_paths(storage: Storage, table: str) -> Iterable[tuple[int, str]]:
    """``(version, path)`` of every commit of ``table``'s log, relative to the database."""
    for name, folder in storage.listing(f"{table}/{LOG}"):
        if not folder and name.endswith(".json") and name[:20].isdigit() and len(name) == 25:
            yield int(name[:20]), f"{table}/{LOG}/{name}"
