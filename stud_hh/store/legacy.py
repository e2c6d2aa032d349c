"""The commit records of stud-hh's earlier database format, read for ``stud-hh migrate``.

Before its tables were Delta tables (schema versions 1 to 5), a database named its parts
in commit records (``commits/<n>-<id>.json``): each record a list of parts, each with its
table, rows, size and BLAKE2b checksum, the history files its rows came from, the parts it
took out (``replaces``), and a digest of itself; a *checkpoint* record named the whole
live set from there on. This module reads those records and replays them into the live
parts, nothing more: :mod:`stud_hh.store.migrate` makes each table's live parts the first
version of its Delta table.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from stud_hh.store.damage import Problem
from stud_hh.store.parts import checksum_of
from stud_hh.store.schema import TABLES
from stud_hh.store.storage import Storage

COMMITS = "commits"
"""The folder of the commit records."""
_RECORD_NAME = re.compile(r"^(\d{8})-[0-9a-zA-Z]+\.json$")


def has_records(storage: Storage) -> bool:
    """Whether ``storage`` holds commit records: a database of the earlier format."""
    return any(not folder and _RECORD_NAME.match(name)
               for name, folder in storage.listing(COMMITS))


def _record_digest(record: Mapping[str, Any]) -> str:
    body = {k: v for k, v in record.items() if k != "digest"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return checksum_of(text.encode("utf-8"))



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
    without some rows, the rewrite among ``parts``)."""

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


def commit_log(storage: Storage) -> CommitLog:
    """Every commit record of the database ``storage`` holds, read (damaged ones kept as
    such) and replayed in order into the live parts."""
    log = CommitLog()
    for name, folder in storage.listing(COMMITS):
        if folder or not name.endswith(".json"):
            continue
        path = f"{COMMITS}/{name}"
        record = _parse_record(path, storage.read_bytes(path))
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
