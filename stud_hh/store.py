"""Stage 4c: the Parquet database: a folder of tables, written atomically, read as pandas.

Layout of a database folder::

    stud_hh.json                 what the folder is, and its schema version
    hands/part-<id>.parquet      one or more parts per table
    players/...  actions/...  pots/...  violations/...  unverifiable/...
    failures/...  files/...
    commits/<n>-<id>.json        which parts belong to the database

A part becomes part of the database only when a commit record naming it
exists, and a commit record is written (to a temporary name, then renamed)
only after every part it names is complete on disk. An import killed at any
moment therefore leaves the committed parts readable and consistent; the
parts it left without a commit are ignored by readers and removed by the next
import, which then adds what is missing.

>>> db = open_db("my.db")  # doctest: +SKIP
>>> db.players(columns=["player", "net"], filters=[("player", "==", "Hero")])  # doctest: +SKIP
"""

from __future__ import annotations

import fcntl
import json
import os
import uuid
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeAlias

import pandas as pd
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from stud_hh.errors import InputError
from stud_hh.schema import SCHEMA_VERSION, TABLES, arrow_schema

MARKER = "stud_hh.json"
Filter: TypeAlias = tuple[str, str, Any]
Filters: TypeAlias = Sequence[Filter] | Sequence[Sequence[Filter]] | ds.Expression


class DatabaseError(InputError):
    """A folder that is not a stud-hh database, or one of another schema version."""


def plain_schema(table: str) -> pa.Schema:
    """The table's schema with dictionary columns as plain strings (fast to build from Python)."""
    schema = arrow_schema(table)
    return pa.schema([f.with_type(f.type.value_type) if pa.types.is_dictionary(f.type) else f
                      for f in schema], metadata=schema.metadata)


def to_arrow(table: str, columns: Mapping[str, Sequence[Any]]) -> pa.Table:
    """Columns of Python values -> an Arrow table of exactly the registry's schema."""
    built = pa.Table.from_pydict(columns, schema=plain_schema(table))
    return built.cast(arrow_schema(table))


def _write_atomic(path: Path, data: bytes) -> None:
    tmp = path.with_name(path.name + ".tmp")
    with open(tmp, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(tmp, path)


def _fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory handles
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


@dataclass(frozen=True, slots=True)
class Part:
    """A Parquet file written for one table, not yet committed."""

    table: str
    path: str
    """Relative to the database folder."""
    rows: int


class Database:
    """A stud-hh database folder. Tables load as pandas DataFrames with declared dtypes.

    Money columns are integers in the smallest unit (``scale`` per hand says
    100 for cents or 1 for chips), strings are Arrow-backed, enums are
    categoricals, nullable integers are pandas' nullable integer types.
    """

    def __init__(self, root: str | os.PathLike[str]) -> None:
        self.root = Path(root)
        marker = self.root / MARKER
        if not marker.is_file():
            raise DatabaseError("not a stud-hh database (no stud_hh.json): create one with "
                                "`stud-hh import PATH --db DIR`", path=str(self.root))
        try:
            info = json.loads(marker.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise DatabaseError(f"unreadable {MARKER}: {exc}", path=str(marker)) from exc
        if info.get("schema_version") != SCHEMA_VERSION:
            raise DatabaseError(
                f"schema version {info.get('schema_version')} is not {SCHEMA_VERSION}, the one "
                "this stud-hh writes: import the histories into a new database",
                path=str(self.root))

    # -- creating and committing ------------------------------------------------

    @classmethod
    def create(cls, root: str | os.PathLike[str]) -> Database:
        """Open the database at ``root``, creating an empty one if the folder has none."""
        path = Path(root)
        if path.exists() and not path.is_dir():
            raise DatabaseError("exists and is not a folder", path=str(path))
        if not (path / MARKER).exists():
            if path.is_dir() and any(p for p in path.iterdir() if not p.name.startswith(".")):
                raise DatabaseError("the folder is not empty and is not a stud-hh database",
                                    path=str(path))
            path.mkdir(parents=True, exist_ok=True)
            _write_atomic(path / MARKER, json.dumps(
                {"format": "stud-hh database", "schema_version": SCHEMA_VERSION},
                indent=2).encode())
        return cls(path)

    @contextmanager
    def writing(self) -> Iterator[None]:
        """Hold the write lock (one import at a time); clear what a killed import left."""
        with open(self.root / ".lock", "w") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise DatabaseError("another import is writing to this database",
                                    path=str(self.root)) from None
            self.remove_uncommitted()
            yield

    def new_part_path(self, table: str) -> Path:
        folder = self.root / table
        folder.mkdir(exist_ok=True)
        return folder / f"part-{uuid.uuid4().hex}.parquet"

    def write_part(self, table: str, data: pa.Table) -> Part:
        """Write one part (durably); it belongs to the database once committed."""
        path = self.new_part_path(table)
        tmp = path.with_name(path.name + ".tmp")
        pq.write_table(data, tmp, compression="zstd")
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        return Part(table, str(path.relative_to(self.root)), data.num_rows)

    def merge_parts(self, table: str, paths: Sequence[str]) -> Part:
        """Write the rows of ``paths`` into one new part, a part at a time (memory: one part)."""
        path = self.new_part_path(table)
        tmp = path.with_name(path.name + ".tmp")
        rows = 0
        schema = arrow_schema(table)
        with pq.ParquetWriter(tmp, schema, compression="zstd") as writer:
            for source in paths:
                data = pq.read_table(self.root / source).cast(schema)
                writer.write_table(data)
                rows += data.num_rows
        with open(tmp, "rb+") as handle:
            os.fsync(handle.fileno())
        os.replace(tmp, path)
        return Part(table, str(path.relative_to(self.root)), rows)

    def commit(self, parts: Sequence[Part], info: dict[str, Any] | None = None) -> None:
        """Make ``parts`` part of the database, all or nothing."""
        if not parts:
            return
        for table in {p.table for p in parts}:
            _fsync_dir(self.root / table)
        record = {"parts": [{"table": p.table, "path": p.path, "rows": p.rows} for p in parts],
                  **(info or {})}
        self._write_commit(record)

    def _write_commit(self, record: dict[str, Any]) -> Path:
        commits = self.root / "commits"
        commits.mkdir(exist_ok=True)
        existing = self._commit_files()
        number = int(existing[-1].name[:8]) + 1 if existing else 1
        path = commits / f"{number:08d}-{uuid.uuid4().hex[:8]}.json"
        _write_atomic(path, json.dumps(record, indent=1).encode())
        _fsync_dir(commits)
        return path

    def compact(self, target_rows: int = 500_000, min_parts: int = 16) -> int:
        """Merge a table's small parts into parts of up to ``target_rows`` rows.

        Many small imports leave many small files, and reading slows with the
        number of files. A table with at least ``min_parts`` parts under a
        quarter of ``target_rows`` has them merged; the result is committed as
        a checkpoint naming every live part, after which the older commit
        records and the merged parts are deleted. A kill at any point leaves
        either the old set or the new one. Returns the number of parts merged.
        """
        live = self._live()
        merged: list[str] = []
        result: dict[str, list[dict[str, Any]]] = {}
        for table, parts in live.items():
            small = [p for p in parts if p["rows"] < target_rows // 4]
            if len(small) < min_parts:
                result[table] = parts
                continue
            keep = [p for p in parts if p["rows"] >= target_rows // 4]
            bins: list[list[dict[str, Any]]] = [[]]
            for part in small:
                if bins[-1] and sum(p["rows"] for p in bins[-1]) + part["rows"] > target_rows:
                    bins.append([])
                bins[-1].append(part)
            for group in bins:
                new = self.merge_parts(table, [p["path"] for p in group])
                keep.append({"table": table, "path": new.path, "rows": new.rows})
                merged += [p["path"] for p in group]
            result[table] = keep
        if not merged:
            return 0
        older = self._commit_files()
        self._write_commit({"checkpoint": True,
                            "parts": [p for parts in result.values() for p in parts]})
        for record in older:
            record.unlink()
        for merged_path in merged:
            (self.root / merged_path).unlink(missing_ok=True)
        return len(merged)

    def remove_uncommitted(self) -> int:
        """Delete parts no commit names (left by a killed import). Returns how many."""
        known = {p for paths in self.parts().values() for p in paths}
        removed = 0
        for table in TABLES:
            folder = self.root / table
            if not folder.is_dir():
                continue
            for path in folder.iterdir():
                if str(path.relative_to(self.root)) not in known:
                    path.unlink()
                    removed += 1
        for tmp in (self.root / "commits").glob("*.tmp"):
            tmp.unlink()
        return removed

    # -- reading -----------------------------------------------------------------

    def _commit_files(self) -> list[Path]:
        folder = self.root / "commits"
        return sorted(folder.glob("*.json")) if folder.is_dir() else []

    def _live(self) -> dict[str, list[dict[str, Any]]]:
        """The committed parts per table (path and rows), replaying the commit records."""
        found: dict[str, list[dict[str, Any]]] = {t: [] for t in TABLES}
        for path in self._commit_files():
            record = json.loads(path.read_text(encoding="utf-8"))
            if record.get("checkpoint"):  # a compaction: the whole live set from here on
                found = {t: [] for t in TABLES}
            for part in record["parts"]:
                found[part["table"]].append(part)
        return found

    def parts(self) -> dict[str, list[str]]:
        """Committed part files per table, relative to the database folder."""
        return {table: [p["path"] for p in parts] for table, parts in self._live().items()}

    def dataset(self, table: str) -> ds.Dataset:
        """The committed parts of ``table`` as one Arrow dataset."""
        if table not in TABLES:
            raise KeyError(f"no table {table!r}; the tables are {', '.join(TABLES)}")
        files = [str(self.root / p) for p in self.parts()[table]]
        return ds.dataset(files, schema=arrow_schema(table), format="parquet")

    def arrow(self, table: str, columns: Sequence[str] | None = None,
              filters: Filters | None = None) -> pa.Table:
        """Read ``table`` as Arrow, projecting ``columns`` and pushing ``filters`` to Parquet.

        ``filters`` take the form of :func:`pandas.read_parquet`'s
        (``[("player", "==", "Hero"), ("game", "in", ["stud", "razz"])]``,
        or a list of such lists for OR) or a ``pyarrow.dataset`` expression.
        """
        expression = None
        if filters is not None:
            expression = (filters if isinstance(filters, ds.Expression)
                          else pq.filters_to_expression(filters))
        return self.dataset(table).to_table(
            columns=list(columns) if columns is not None else None, filter=expression)

    def table(self, table: str, columns: Sequence[str] | None = None,
              filters: Filters | None = None) -> pd.DataFrame:
        """Read ``table`` as a pandas DataFrame with the declared dtypes."""
        return to_pandas(table, self.arrow(table, columns, filters))

    def hands(self, columns: Sequence[str] | None = None,
              filters: Filters | None = None) -> pd.DataFrame:
        return self.table("hands", columns, filters)

    def players(self, columns: Sequence[str] | None = None,
                filters: Filters | None = None) -> pd.DataFrame:
        return self.table("players", columns, filters)

    def actions(self, columns: Sequence[str] | None = None,
                filters: Filters | None = None) -> pd.DataFrame:
        return self.table("actions", columns, filters)

    def pots(self, columns: Sequence[str] | None = None,
             filters: Filters | None = None) -> pd.DataFrame:
        return self.table("pots", columns, filters)

    def violations(self, columns: Sequence[str] | None = None,
                   filters: Filters | None = None) -> pd.DataFrame:
        return self.table("violations", columns, filters)

    def unverifiable(self, columns: Sequence[str] | None = None,
                     filters: Filters | None = None) -> pd.DataFrame:
        return self.table("unverifiable", columns, filters)

    def failures(self, columns: Sequence[str] | None = None,
                 filters: Filters | None = None) -> pd.DataFrame:
        return self.table("failures", columns, filters)

    def conflicts(self, columns: Sequence[str] | None = None,
                  filters: Filters | None = None) -> pd.DataFrame:
        """Second copies of stored hands whose text differs: each row names both sources
        (``file``/``first_line`` of the copy not stored, ``stored_file``/``stored_first_line``
        of the stored one) and holds the copy's whole text."""
        return self.table("conflicts", columns, filters)

    def files(self, columns: Sequence[str] | None = None,
              filters: Filters | None = None) -> pd.DataFrame:
        return self.table("files", columns, filters)

    def count(self, table: str) -> int:
        return int(self.dataset(table).count_rows())

    def __repr__(self) -> str:
        return f"Database({str(self.root)!r})"


_NULLABLE_INTS: dict[pa.DataType, Any] = {
    pa.int8(): pd.Int8Dtype(), pa.int16(): pd.Int16Dtype(), pa.int32(): pd.Int32Dtype(),
    pa.int64(): pd.Int64Dtype(),
}


def to_pandas(table: str, data: pa.Table) -> pd.DataFrame:
    """Arrow -> pandas with the database's dtypes (see :class:`Database`)."""
    frame: pd.DataFrame = data.to_pandas(
        types_mapper={pa.string(): pd.StringDtype("pyarrow")}.get)
    spec = {c.name: c for c in TABLES[table].columns}
    for name in data.column_names:
        column = spec.get(name)
        if column is not None and column.nullable and column.type in _NULLABLE_INTS:
            frame[name] = data.column(name).to_pandas(types_mapper=_NULLABLE_INTS.get)
    return frame


def open_db(root: str | os.PathLike[str]) -> Database:
    """Open an existing database folder (made by ``stud-hh import``)."""
    return Database(root)
