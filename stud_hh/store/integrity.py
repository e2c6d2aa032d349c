"""Stage 4e: checking a database through and through (``stud-hh check``).

:func:`check_database` reads everything the cheap check on opening does not:

- every log: each commit of each table's Delta log since the batches began is the one
  its batch's row recorded (its BLAKE2b digest: a log entry changed after it was
  written is found even when it still reads), and reads;
- every table held past the last complete batch (a writer killed between its commits:
  not damage, noted: readers read the batch before, and the next import or ``repair``
  takes it back);
- every data file the last batch reads: there, its size as the log says, its digest as
  written (the commit's ``stud_hh.digests``), its Parquet footer and schema (the right
  table, a schema version this stud-hh reads, the rows the log counts);
- the keys across tables: every ``players``, ``actions``, ``pots``, ``violations`` and
  ``unverifiable`` row has its ``hands`` row; every ``hands``, ``failures``, ``conflicts``
  and ``tournaments`` row's file has its ``files`` row.

Each problem names the file (or log entry), its table and what is wrong. Repairing is
:mod:`stud_hh.store.repair`'s.

>>> report = check_database("my.db")  # doctest: +SKIP
>>> report.sound, [str(p) for p in report.problems]  # doctest: +SKIP
(False, ['players/part-3f...parquet (players): checksum mismatch: ...'])
"""

from __future__ import annotations

import os
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from stud_hh.store.batches import BATCHES, Batch
from stud_hh.store.damage import DamagedDatabaseError, Problem
from stud_hh.store.database import Database, is_damage, part_checksum
from stud_hh.store.delta import LOG, DeltaLogError, is_commit, log_name, log_paths
from stud_hh.store.parts import checksum_of
from stud_hh.store.schema import (
    ADDED,
    HAND_TABLES,
    SCHEMA_VERSION,
    TABLES,
    arrow_schema,
    missing_columns,
)
from stud_hh.store.writing import ALL_TABLES

FILE_TABLES = ("hands", "failures", "conflicts", "tournaments", "files")
"""Tables whose rows name the history file they were read from (``file``)."""
KEYED_TABLES = tuple(t for t in HAND_TABLES if t != "hands")
"""Tables whose rows belong to a ``hands`` row (by site and hand id)."""


@dataclass(frozen=True, slots=True)
class Entry:
    """A data file the last batch reads, with what the log says of it."""

    table: str
    path: str
    rows: int | None
    size: int
    checksum: str | None
    """Its digest as written (``None``: the log has none)."""


def _keys(data: pa.Table) -> pa.ChunkedArray:
    """``site \\x1f hand_id`` of every row, the key of its hand."""
    joined: pa.ChunkedArray = pc.binary_join_element_wise(
        data.column("site").cast(pa.string()), data.column("hand_id"), "\x1f")
    return joined


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__


def _plural(n: int, word: str) -> str:
    return f"{n:,} {word}{'' if n == 1 else 's'}"


@dataclass(slots=True)
class CheckReport:
    """What :func:`check_database` found."""

    root: Path | str
    problems: list[Problem] = field(default_factory=list)
    parts: int = 0
    unverifiable: int = 0
    """Data files with no digest in the log: read through, not verifiable."""
    rows: Counter[str] = field(default_factory=Counter)
    """Rows per table in the sound data files."""
    uncommitted: int = 0
    """Data files no log names (left by an interrupted import; the next import removes
    them)."""
    damaged_parts: set[str] = field(default_factory=set)
    """Paths of the live data files that are damaged themselves."""
    dangling_parts: set[str] = field(default_factory=set)
    """Paths of sound data files with rows that do not fit the other tables."""
    files_without_row: set[str] = field(default_factory=set)
    """History files named by rows that have no ``files`` row."""
    damaged_logs: set[str] = field(default_factory=set)
    """Tables whose log is damaged (what it names is not known)."""
    unfinished: dict[str, int] = field(default_factory=dict)
    """Tables holding a batch a writer did not finish, with that batch (not damage: read
    as the last complete batch left them, and taken back by the next writer)."""
    live: list[Entry] = field(default_factory=list)
    """The data files the last batch reads (of the tables whose log reads)."""
    batch: Batch | None = None
    """The last complete batch."""

    @property
    def sound(self) -> bool:
        return not self.problems

    def summary(self) -> str:
        """The closing line of ``stud-hh check``."""
        tables = sum(1 for t in TABLES if self.rows.get(t))
        what = (f"{_plural(self.parts, 'part')} of {_plural(tables, 'table')}, "
                f"{sum(self.rows.values()):,} rows")
        notes = []
        if self.unverifiable:
            notes.append(f"{_plural(self.unverifiable, 'part')} without a digest: read "
                         "through, unverifiable")
        if self.uncommitted:
            notes.append(f"{_plural(self.uncommitted, 'part')} no log names, left by an "
                         "interrupted import (the next import removes them)")
        if self.unfinished:
            held = ", ".join(sorted(self.unfinished, key=list(TABLES).index))
            notes.append(f"{held} {'holds' if len(self.unfinished) == 1 else 'hold'} batch "
                         f"{max(self.unfinished.values())}, which a writer killed between its "
                         "commits did not finish: read as the batch before, and taken back by "
                         "the next import or repair")
        note = f" ({'; '.join(notes)})" if notes else ""
        batch = f"batch {self.batch.number}: " if self.batch is not None else ""
        if self.sound:
            return (f"check: {self.root}: sound: {batch}every log entry and {what}; checksums, "
                    f"footers, schemas and keys across tables verified{note}")
        return (f"check: {self.root}: {_plural(len(self.problems), 'problem')} in {batch}"
                f"{what}{note}: run `stud-hh repair --db {self.root}`")


def _footer_problems(db: Database, part: Entry) -> list[str]:
    """What the part's Parquet footer and schema say is wrong (a part with no digest in
    the log is read through, every page, in place of its digest)."""
    expected = arrow_schema(part.table)
    storage = db.storage
    try:
        with pq.ParquetFile(storage.arrow_path(part.path),
                            filesystem=storage.arrow_filesystem) as parquet:
            schema = parquet.schema_arrow
            meta = schema.metadata or {}
            found: list[str] = []
            table = meta.get(b"stud_hh.table", b"").decode("utf-8", "replace")
            if table != part.table:
                found.append(f"a part of the {table or 'unnamed'} table, not {part.table}")
            version = meta.get(b"stud_hh.schema_version", b"").decode("utf-8", "replace")
            readable = version.isdigit() and int(version) in ADDED
            if not readable:
                found.append(f"schema version {version or 'none'}, not one of 1 to "
                             f"{SCHEMA_VERSION}")
            lacking = set(missing_columns(part.table, int(version))) if readable else set()
            fields = [(f.name, f.type) for f in schema]
            if fields != [(f.name, f.type) for f in expected if f.name not in lacking]:
                names = {f.name for f in schema}
                missing = [f.name for f in expected if f.name not in names]
                found.append("its columns are not the table's"
                             + (f" (missing {', '.join(missing[:3])})" if missing else ""))
            rows = parquet.metadata.num_rows
            if part.rows is not None and rows != part.rows:
                found.append(f"{rows:,} rows, not the {part.rows:,} committed")
            if part.checksum is None and not found:
                parquet.read().validate(full=True)  # every page, every string
            return found
    except (OSError, pa.ArrowException) as exc:
        if is_damage(exc):
            return [f"unreadable ({_first_line(exc)})"]
        raise


def _read(db: Database, part: Entry, columns: list[str]) -> pa.Table | None:
    """Columns of one part, or ``None`` when it cannot be read."""
    try:
        return db.read_part(part.path, columns)
    except (OSError, pa.ArrowException) as exc:
        if is_damage(exc):
            return None
        raise


def check_database(root: str | os.PathLike[str] | Database) -> CheckReport:
    """Check every log, data file and key across tables of the database at ``root`` (see
    the module), and its ``stud_hh.json`` (missing or unreadable in a folder of Delta
    tables: a problem, the rest checked as of the schema version the parts name).

    Raises :class:`~stud_hh.store.database.DatabaseError` when ``root`` is not a database.
    """
    db = root if isinstance(root, Database) else Database(root, despite_marker=True)
    report = CheckReport(db.root)
    if db.marker_problem is not None:
        marker = db.marker_problem
        report.problems.append(Problem(
            marker.where, None, f"{marker.what}: the other commands stop at it; `stud-hh "
            "repair` writes it again from the parts", "marker"))
    _check_logs(db, report)
    if BATCHES in report.damaged_logs:
        # no table's version is known: each but the notes (no history file brings them
        # back) is started anew by a repair
        report.damaged_logs |= {t for t in TABLES if t != "notes"}
    for table in TABLES:
        if table in report.damaged_logs or BATCHES in report.damaged_logs:
            continue
        try:
            live = db.live(table)
            digests = db.tables.digests(table)
        except (DamagedDatabaseError, DeltaLogError) as exc:
            if table not in report.damaged_logs:
                _log_problem(report, table, _where(exc, table), _what(exc))
            continue
        for f in live:
            digest = digests.get(f.path)
            report.live.append(Entry(table, f.path, f.rows, f.size,
                                     None if digest is None else digest[1]))
    messages, readable = _check_parts(db, report)
    sound = [p for p in readable if p.path not in messages]
    for part in sound:
        report.rows[part.table] += part.rows or 0
    _check_keys(db, readable, sound, messages, report)
    for path, found in messages.items():
        table = path.partition("/")[0]
        report.damaged_parts.add(path)
        report.problems.append(Problem(path, table, "; ".join(found), "part"))
    order = {"marker": -1, "log": 0, "part": 1, "keys": 2}
    report.problems.sort(key=lambda p: (order.get(p.kind, 4), p.where))
    if not report.damaged_logs:
        report.uncommitted = _uncommitted(db)
    return report


def _what(exc: BaseException) -> str:
    if isinstance(exc, DamagedDatabaseError) and exc.problems:
        return exc.problems[0].what
    return getattr(exc, "what", None) or _first_line(exc)


def _where(exc: BaseException, table: str) -> str:
    if isinstance(exc, DamagedDatabaseError) and exc.problems:
        return exc.problems[0].where
    return exc.where if isinstance(exc, DeltaLogError) else f"{table}/{LOG}"


def _log_problem(report: CheckReport, table: str, where: str, what: str) -> None:
    report.damaged_logs.add(table)
    report.problems.append(Problem(where, table, what, "log"))


def _check_logs(db: Database, report: CheckReport) -> None:
    """Every log commit against the digest its batch recorded, every commit readable, and
    the tables a writer left past the last batch."""
    try:
        batches = db.history()
        report.batch = db.log.last()
    except (DamagedDatabaseError, DeltaLogError) as exc:
        _log_problem(report, BATCHES, _where(exc, BATCHES), _what(exc))
        return
    storage = db.storage
    recorded: dict[tuple[str, int], str] = {}
    rebuilt_at: dict[str, int] = {}
    for batch in batches:
        for table in batch.rebuilt:
            rebuilt_at[table] = batch.number
    for batch in batches:
        for table, version, digest in batch.log:
            if batch.number >= rebuilt_at.get(table, 0):
                recorded[(table, version)] = digest
    for table in ALL_TABLES:
        for version, path in log_paths(storage, table):
            data = storage.read_bytes(path)
            expected = recorded.pop((table, version), "")
            if not is_commit(data):
                _log_problem(report, table, path, "unreadable: not a Delta log commit")
            elif expected and checksum_of(data) != expected:
                _log_problem(report, table, path, "changed after it was written (its "
                             "digest differs from the one its batch recorded)")
    for (table, version), _ in sorted(recorded.items()):
        _log_problem(report, table, f"{table}/{LOG}/{log_name(version)}",
                     "missing (its batch recorded it)")
    if report.damaged_logs:
        return
    report.unfinished = db.batch_writer.unfinished()


def _check_parts(db: Database, report: CheckReport
                 ) -> tuple[dict[str, list[str]], list[Entry]]:
    """Each live data file's size, marks, digest and footer: what is wrong per path, and
    the files whose rows can be read (damaged or not)."""
    from stud_hh.store.delta import LiveFile

    messages: dict[str, list[str]] = {}
    readable: list[Entry] = []
    stats = db.stat_problems([LiveFile(p.table, p.path, p.size, p.rows) for p in report.live])
    for part in report.live:
        report.parts += 1
        stat = stats[part.path]
        if stat is not None:
            messages[part.path] = [stat.what]
            continue
        found = []
        if part.checksum is None:
            report.unverifiable += 1
        elif part_checksum(db.storage, part.path)[1] != part.checksum:
            found.append("checksum mismatch: its bytes changed after they were written")
        footer = _footer_problems(db, part)
        found += footer
        if found:
            messages[part.path] = found
        if not footer:
            readable.append(part)
    return messages, readable


def _hand_keys(db: Database, sound: list[Entry]) -> pa.Array:
    """The key of every hand in the sound ``hands`` parts."""
    chunks: list[pa.Array] = []
    for part in sound:
        if part.table == "hands" and (t := _read(db, part, ["site", "hand_id"])) is not None:
            chunks += _keys(t).chunks
    return pa.chunked_array(chunks, pa.string()).combine_chunks()


def _known_files(db: Database, sound: list[Entry]) -> pa.Array:
    """Every history file with a row in the sound ``files`` parts."""
    known: set[str] = set()
    for part in sound:
        if part.table == "files" and (t := _read(db, part, ["file"])) is not None:
            known.update(t.column("file").to_pylist())
    return pa.array(sorted(known), pa.string())


def _check_keys(db: Database, readable: list[Entry], sound: list[Entry],
                messages: dict[str, list[str]], report: CheckReport) -> None:
    """The keys across tables: rows of hands not stored (noted on a damaged part's
    ``messages``, a ``keys`` problem otherwise), and rows of files with no ``files`` row."""
    hand_keys = _hand_keys(db, sound)
    file_set = _known_files(db, sound)
    for part in readable:
        damaged = part.path in messages
        if part.table in KEYED_TABLES and "hands" not in report.damaged_logs:
            what = _dangling_hands(db, part, hand_keys)
            if what is None:
                continue
            if damaged:
                messages[part.path].append(f"read as they are, {what}")
            else:
                report.dangling_parts.add(part.path)
                report.problems.append(Problem(part.path, part.table, what, "keys"))
        elif (part.table in ("hands", "failures", "conflicts", "tournaments") and not damaged
              and "files" not in report.damaged_logs):
            _check_files_named(db, part, file_set, report)


def _dangling_hands(db: Database, part: Entry, hand_keys: pa.Array) -> str | None:
    """What is wrong with the rows of ``part`` whose hand is not stored (``None``: none is,
    or the part cannot be read)."""
    data = _read(db, part, ["site", "hand_id"])
    if data is None:
        return None
    keys = _keys(data)
    dangling = pc.invert(pc.is_in(keys, value_set=hand_keys))
    count = pc.sum(dangling).as_py() or 0
    if not count:
        return None
    first = (keys.filter(dangling)[0].cast(pa.binary()).as_py() or b""
             ).decode("utf-8", "replace").replace("\x1f", " hand ")
    return f"{count:,} of its {data.num_rows:,} rows name hands not stored (first: {first})"


def _check_files_named(db: Database, part: Entry, file_set: pa.Array,
                       report: CheckReport) -> None:
    """A ``keys`` problem when rows of ``part`` name files with no ``files`` row."""
    data = _read(db, part, ["file"])
    if data is None:
        return
    column = data.column("file")
    missing = pc.invert(pc.is_in(column, value_set=file_set))
    count = pc.sum(missing).as_py() or 0
    if not count:
        return
    files = set(column.filter(missing).to_pylist())
    report.files_without_row |= files
    report.problems.append(Problem(
        part.path, part.table, f"{count:,} of its {data.num_rows:,} rows name files "
        f"with no files row (first: {min(files)})", "keys"))


def _uncommitted(db: Database) -> int:
    """Data files in the tables' folders that no version of their log names."""
    count = 0
    for table in ALL_TABLES:
        names = [n for n, folder in db.storage.listing(table)
                 if not folder and n.endswith(".parquet")]
        if not names:
            continue
        tracked = db.tables.tracked(table) if db.tables.exists(table) else set()
        if tracked is not None:
            count += sum(1 for n in names if f"{table}/{n}" not in tracked)
    return count

