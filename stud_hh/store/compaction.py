"""Merging a table's small parts into large ones: compaction.

Many small imports (a watch's, a hand at a time) leave many small files, and reading slows
with the number of files. A table with at least ``min_parts`` parts under a quarter of
``target_rows`` has them merged, streaming (memory: one part and :data:`MERGE_ROWS` rows),
each source checked against its size and digest in the log as it is read (a damaged part
is never merged into a sound-looking one); the result is one batch (operation
``compact``): in each table, one Delta commit adding the merged parts and removing their
sources, both marked as no change of data (``dataChange`` false, as Delta's own
``OPTIMIZE`` commits). The sources stay on disk for time travel until vacuumed.

stud-hh merges with its own writer rather than delta-rs's ``optimize``: a merged part
keeps the registry's schema (dictionary columns, a row group never holding more values of
one than its indexes number), and its digest is taken from its bytes as they are written.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from contextlib import suppress
from typing import Any, Protocol

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from stud_hh.model.errors import DatabaseError
from stud_hh.store.damage import DamagedDatabaseError, Problem
from stud_hh.store.delta import LiveFile
from stud_hh.store.parts import Part, PartWriter, checksum_of, is_damage
from stud_hh.store.schema import TABLES, arrow_schema, conform

MERGE_ROWS = 65_536
"""Rows a compaction holds before writing them as one row group: its memory bound."""
COMPACT_PARTS = 16
"""Small parts a table has before :meth:`Compactor.compact` merges them (by default)."""
_COALESCE = 64
"""Small tables a compaction holds before copying them into one."""


class _Database(Protocol):
    """What a compaction needs of the database."""

    root: Any
    writer: PartWriter

    def live(self, table: str, versions: Mapping[str, int] | None = None
             ) -> list[LiveFile]: ...

    def versions(self) -> dict[str, int]: ...

    def digest(self, path: str) -> tuple[int, str] | None: ...

    def commit(self, parts: Sequence[Part], info: dict[str, Any] | None = None, *,
               replaces: Sequence[str] = (), operation: str = "import",
               data_change: bool = True,
               merged: Mapping[str, Sequence[str]] | None = None) -> int | None: ...


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


class Compactor:
    """Compaction of one database (see the module)."""

    def __init__(self, db: _Database) -> None:
        self.db = db

    def compact(self, target_rows: int = 500_000, min_parts: int | None = None) -> int:
        """Merge each table's small parts into parts of up to ``target_rows`` rows (see
        the module); returns the number of parts merged. ``min_parts`` is
        :data:`COMPACT_PARTS` unless given. A kill at any point leaves the tables as they
        were or as merged: the merged parts are one batch."""
        if min_parts is None:
            min_parts = COMPACT_PARTS
        written: list[Part] = []
        merged: dict[str, list[str]] = {}
        versions = self.db.versions()
        try:
            for table in TABLES:
                self._plan(self.db.live(table, versions), target_rows, min_parts, written,
                           merged)
        except BaseException:
            for part in written:  # merged so far, not committed: remove it
                with suppress(OSError, DatabaseError):
                    self.db.writer.storage.delete(part.path)
            raise
        if not merged:
            return 0
        sources = [p for paths in merged.values() for p in paths]
        self.db.commit(written, replaces=sources, operation="compact", data_change=False,
                       merged=merged)
        return len(sources)

    def _plan(self, live: Sequence[LiveFile], target_rows: int, min_parts: int,
              written: list[Part], merged: dict[str, list[str]]) -> None:
        small = [f for f in live if f.rows is not None and f.rows < target_rows // 4]
        if len(small) < min_parts:
            return
        bins: list[list[LiveFile]] = [[]]
        held = 0
        for part in small:
            assert part.rows is not None
            if bins[-1] and held + part.rows > target_rows:
                bins.append([])
                held = 0
            bins[-1].append(part)
            held += part.rows
        for group in bins:
            new = self.merge(group[0].table, group)
            written.append(new)
            merged[new.path] = [p.path for p in group]

    def merge_parts(self, table: str, paths: Sequence[str]) -> Part:
        """Write the rows of the parts ``paths`` of ``table`` into one new part (not
        committed), streaming, each committed source checked as it is read."""
        live = {f.path: f for f in self.db.live(table)}
        return self.merge(table, [live.get(p) or LiveFile(table, p, -1, None) for p in paths])

    def merge(self, table: str, sources: Sequence[LiveFile]) -> Part:
        schema = arrow_schema(table)
        root = self.db.root
        # the digests first: the log is not read while the new part is being written (an
        # object store's upload is open then)
        recorded = {source.path: self.db.digest(source.path) for source in sources}

        def write(sink: pa.NativeFile) -> int:
            with pq.ParquetWriter(sink, schema, compression="zstd") as writer:
                groups = _RowGroups(schema, writer)
                for source in sources:
                    data = self._read_checked(source, recorded[source.path])
                    try:
                        parquet = pq.ParquetFile(pa.BufferReader(data))
                        for group in range(parquet.num_row_groups):
                            groups.add(conform(table, parquet.read_row_group(group)))
                    except (OSError, pa.ArrowException) as exc:
                        if not is_damage(exc):
                            raise
                        raise DamagedDatabaseError(root, [Problem(
                            source.path, table, f"unreadable: {exc}")]) from exc
                    del data, parquet
                groups.flush()
            return groups.rows

        return self.db.writer.write_with(table, write)

    def _read_checked(self, part: LiveFile, recorded: tuple[int, str] | None) -> bytes:
        """The bytes of a committed part, checked against its size and ``recorded`` digest
        in the log."""
        root = self.db.root
        try:
            data = self.db.writer.storage.read_bytes(part.path)
        except FileNotFoundError:
            raise DamagedDatabaseError(root, [Problem(part.path, part.table, "missing")]
                                       ) from None
        problem = None
        if part.size >= 0 and len(data) != part.size:
            problem = f"{len(data):,} bytes, not the {part.size:,} written"
        elif recorded is not None and checksum_of(data) != recorded[1]:
            problem = "checksum mismatch: its bytes changed after they were written"
        if problem:
            raise DamagedDatabaseError(root, [Problem(part.path, part.table, problem)])
        return data
