"""Stage 4e: checking a database through and through, and repairing it.

:func:`check_database` reads everything the cheap check on opening does not: the
checksum of every part, its Parquet footer and schema (the right table, this
schema version, the rows its record names), and the keys across tables (every
``players``, ``actions``, ``pots``, ``violations`` and ``unverifiable`` row has its
``hands`` row; every ``hands``, ``failures``, ``conflicts`` and ``tournaments`` row's file
has its ``files`` row). Each problem names the part (or commit record), its table and what
is wrong.

:func:`repair_database` moves damaged parts and commit records aside into the
database's ``damaged/`` folder (nothing is deleted), commits the rest without the
rows of the history files the damage came from (the commit records and the
``files`` table know which), then imports those files again, and says what it did
per file and per table. Repairing a sound database does nothing.

>>> report = check_database("my.db")  # doctest: +SKIP
>>> report.sound, [str(p) for p in report.problems]  # doctest: +SKIP
(False, ['players/part-3f...parquet (players): checksum mismatch: ...'])
>>> repair_database("my.db").lines()  # doctest: +SKIP
"""

from __future__ import annotations

import json
import os
import time
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from stud_hh.model.errors import DatabaseError
from stud_hh.store.database import (
    DAMAGED,
    CommitLog,
    Committed,
    Database,
    Part,
    Problem,
    is_damage,
    marker_bytes,
    part_checksum,
)
from stud_hh.store.schema import (
    ADDED,
    HAND_TABLES,
    SCHEMA_VERSION,
    TABLES,
    arrow_schema,
    conform,
    missing_columns,
)
from stud_hh.store.storage import MARKER, Storage

FILE_TABLES = ("hands", "failures", "conflicts", "tournaments", "files")
"""Tables whose rows name the history file they were read from (``file``)."""
KEYED_TABLES = tuple(t for t in HAND_TABLES if t != "hands")
"""Tables whose rows belong to a ``hands`` row (by site and hand id)."""
REPAIR_NOTE = "repair.json"


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


# ---------------------------------------------------------------------------
# check
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class CheckReport:
    """What :func:`check_database` found."""

    root: Path | str
    problems: list[Problem] = field(default_factory=list)
    parts: int = 0
    unverifiable: int = 0
    """Parts named by records written before checksums: read through, not verifiable."""
    rows: Counter[str] = field(default_factory=Counter)
    """Rows per table in the sound parts."""
    uncommitted: int = 0
    """Parts no commit names (left by an interrupted import; the next import removes them)."""
    damaged_parts: set[str] = field(default_factory=set)
    """Paths of the live parts that are damaged themselves."""
    dangling_parts: set[str] = field(default_factory=set)
    """Paths of sound parts with rows that do not fit the other tables."""
    files_without_row: set[str] = field(default_factory=set)
    """History files named by rows that have no ``files`` row."""
    log: CommitLog = field(default_factory=CommitLog)

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
            notes.append(f"{_plural(self.unverifiable, 'part')} written before checksums: "
                         "read through, unverifiable")
        if self.uncommitted:
            notes.append(f"{_plural(self.uncommitted, 'uncommitted part')} left by an "
                         "interrupted import (the next import removes them)")
        note = f" ({'; '.join(notes)})" if notes else ""
        if self.sound:
            return (f"check: {self.root}: sound: {what}; checksums, footers, schemas and keys "
                    f"across tables verified{note}")
        return (f"check: {self.root}: {_plural(len(self.problems), 'problem')} in {what}"
                f"{note}: run `stud-hh repair --db {self.root}`")


def _footer_problems(db: Database, part: Committed) -> list[str]:
    """What the part's Parquet footer and schema say is wrong (a part written before
    checksums is read through, every page, in place of its checksum)."""
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
            if rows != part.rows:
                found.append(f"{rows:,} rows, not the {part.rows:,} committed")
            if part.checksum is None and not found:
                parquet.read().validate(full=True)  # every page, every string
            return found
    except (OSError, pa.ArrowException) as exc:
        if is_damage(exc):
            return [f"unreadable ({_first_line(exc)})"]
        raise


def _read(db: Database, part: Committed, columns: list[str]) -> pa.Table | None:
    """Columns of one part, or ``None`` when it cannot be read."""
    try:
        return db.read_part(part.path, columns)
    except (OSError, pa.ArrowException) as exc:
        if is_damage(exc):
            return None
        raise


def check_database(root: str | os.PathLike[str] | Database) -> CheckReport:
    """Check every part and commit record of the database at ``root`` (see the module),
    and its ``stud_hh.json`` (missing or unreadable in a folder of commit records: a
    problem, the rest checked as of the schema version the parts name).

    Raises :class:`~stud_hh.store.database.DatabaseError` when ``root`` is not a database.
    """
    db = root if isinstance(root, Database) else Database(root, despite_marker=True)
    log = db.commit_log()
    report = CheckReport(db.root, log=log)
    if db.marker_problem is not None:
        marker = db.marker_problem
        report.problems.append(Problem(
            marker.where, None, f"{marker.what}: the other commands stop at it; `stud-hh "
            "repair` writes it again from the parts", "marker"))
    _check_records(log, report)
    messages, readable = _check_parts(db, log, report)
    sound = [p for p in readable if p.path not in messages]
    for part in sound:
        report.rows[part.table] += part.rows
    _check_keys(db, readable, sound, messages, report)
    for path, found in messages.items():
        table = path.partition("/")[0]
        report.damaged_parts.add(path)
        report.problems.append(Problem(path, table, "; ".join(found), "part"))
    order = {"marker": -1, "record": 0, "part": 1, "keys": 2}
    report.problems.sort(key=lambda p: (order.get(p.kind, 3), p.where))
    if not log.damaged_in_force:
        report.uncommitted = _uncommitted(db, log)
    return report


def _check_records(log: CommitLog, report: CheckReport) -> None:
    """A problem per damaged commit record, in force or superseded."""
    in_force = {r.path for r in log.damaged_in_force}
    for record in log.damaged:
        note = "" if record.path in in_force else " (superseded by a later checkpoint)"
        report.problems.append(Problem(record.path, None, f"{record.problem}{note}", "record"))


def _check_parts(db: Database, log: CommitLog, report: CheckReport
                 ) -> tuple[dict[str, list[str]], list[Committed]]:
    """Each live part's size, marks, checksum and footer: what is wrong per part path, and
    the parts whose rows can be read (damaged or not)."""
    messages: dict[str, list[str]] = {}
    readable: list[Committed] = []
    stats = db.stat_problems(log.live_parts())
    for part in log.live_parts():
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


def _hand_keys(db: Database, sound: list[Committed]) -> pa.Array:
    """The key of every hand in the sound ``hands`` parts."""
    chunks: list[pa.Array] = []
    for part in sound:
        if part.table == "hands" and (t := _read(db, part, ["site", "hand_id"])) is not None:
            chunks += _keys(t).chunks
    return pa.chunked_array(chunks, pa.string()).combine_chunks()


def _known_files(db: Database, sound: list[Committed]) -> pa.Array:
    """Every history file with a row in the sound ``files`` parts."""
    known: set[str] = set()
    for part in sound:
        if part.table == "files" and (t := _read(db, part, ["file"])) is not None:
            known.update(t.column("file").to_pylist())
    return pa.array(sorted(known), pa.string())


def _check_keys(db: Database, readable: list[Committed], sound: list[Committed],
                messages: dict[str, list[str]], report: CheckReport) -> None:
    """The keys across tables: rows of hands not stored (noted on a damaged part's
    ``messages``, a ``keys`` problem otherwise), and rows of files with no ``files`` row."""
    hand_keys = _hand_keys(db, sound)
    file_set = _known_files(db, sound)
    for part in readable:
        damaged = part.path in messages
        if part.table in KEYED_TABLES:
            what = _dangling_hands(db, part, hand_keys)
            if what is None:
                continue
            if damaged:
                messages[part.path].append(f"read as they are, {what}")
            else:
                report.dangling_parts.add(part.path)
                report.problems.append(Problem(part.path, part.table, what, "keys"))
        elif part.table in ("hands", "failures", "conflicts", "tournaments") and not damaged:
            _check_files_named(db, part, file_set, report)


def _dangling_hands(db: Database, part: Committed, hand_keys: pa.Array) -> str | None:
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


def _check_files_named(db: Database, part: Committed, file_set: pa.Array,
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


def _uncommitted(db: Database, log: CommitLog) -> int:
    """Part files in the tables' folders that no commit record names."""
    known = {p.path for p in log.live_parts()}
    count = 0
    for table in TABLES:
        count += sum(1 for name, folder in db.storage.listing(table)
                     if not folder and f"{table}/{name}" not in known)
    return count


# ---------------------------------------------------------------------------
# repair
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class FileRepair:
    """What repair did with one history file."""

    file: str
    dropped: Counter[str] = field(default_factory=Counter)
    """Rows dropped per table (the rows of the file in sound parts)."""
    reimported: int | None = None
    """Hands stored from the file after it was imported again (``None``: not re-read)."""
    reason: str | None = None
    """Why it could not be read again."""


@dataclass(slots=True)
class RepairReport:
    """What :func:`repair_database` did."""

    root: Path | str
    aside: str | None = None
    """The folder (relative to the database) where damage was moved, if any was."""
    moved: list[Problem] = field(default_factory=list)
    """Damaged parts and commit records moved aside, with why."""
    unattributed: list[str] = field(default_factory=list)
    """Parts no sound record names, moved aside because a damaged record may have."""
    files: dict[str, FileRepair] = field(default_factory=dict)
    orphans: Counter[str] = field(default_factory=Counter)
    """Rows dropped whose hand is stored nowhere (their file unknown), per table."""
    removed_uncommitted: int = 0
    marker: tuple[Problem, int] | None = None
    """What was wrong with ``stud_hh.json``, and the schema version it was rebuilt with."""
    marker_kept: str | None = None
    """Where what was in its place is kept (none when it was missing)."""
    after: CheckReport | None = None
    """The check made after the repair."""

    @property
    def nothing_to_do(self) -> bool:
        return not (self.moved or self.unattributed or self.files or self.orphans
                    or self.marker)

    @property
    def lost(self) -> list[FileRepair]:
        return [f for f in self.files.values() if f.reimported is None]

    def lines(self) -> list[str]:
        """What ``stud-hh repair`` prints: a line per thing moved, per file, and a summary."""
        out = []
        if self.marker is not None:
            problem, version = self.marker
            kept = f" (what was there is kept in {self.marker_kept})" if self.marker_kept else ""
            out.append(f"repair: {problem}: rebuilt from the parts, schema version "
                       f"{version}{kept}")
        for problem in self.moved:
            out.append(f"repair: moved aside to {self.aside}/: {problem}")
        if self.unattributed:
            names = ", ".join(self.unattributed[:3])
            more = f" and {len(self.unattributed) - 3} more" if len(self.unattributed) > 3 else ""
            out.append(f"repair: moved aside to {self.aside}/unattributed/: "
                       f"{_plural(len(self.unattributed), 'part')} no sound commit record names "
                       f"(a damaged one may have; their files are imported again): {names}{more}")
        for item in sorted(self.files.values(), key=lambda f: f.file):
            dropped = ", ".join(f"{t} {n:,}" for t, n in sorted(
                item.dropped.items(), key=lambda kv: list(TABLES).index(kv[0])) if n)
            done = (f"imported again: {_plural(item.reimported, 'hand')} stored"
                    if item.reimported is not None else
                    f"could not be read again ({item.reason}); its dropped rows are kept in "
                    f"{self.aside}/dropped/")
            out.append(f"repair: {item.file}: dropped {dropped or 'no rows'}; {done}")
        if self.orphans:
            rows = ", ".join(f"{t} {n:,}" for t, n in self.orphans.items())
            out.append(f"repair: dropped rows whose hand is stored nowhere: {rows}")
        if self.removed_uncommitted:
            out.append(f"repair: removed {_plural(self.removed_uncommitted, 'uncommitted part')}"
                       " left by an interrupted import")
        if self.nothing_to_do:
            out.append(f"repair: {self.root}: nothing to repair, the database is sound")
            return out
        again = [f for f in self.files.values() if f.reimported is not None]
        hands = sum(f.reimported or 0 for f in again)
        parts = sum(1 for p in self.moved if p.kind == "part")
        counts = ((parts, "damaged part"), (len(self.moved) - parts, "damaged commit record"),
                  (len(self.unattributed), "unattributed part"))
        moved = [_plural(n, what) for n, what in counts if n] or ["nothing"]
        rebuilt = f"{MARKER} rebuilt, " if self.marker is not None else ""
        summary = (f"repair: {self.root}: {rebuilt}{', '.join(moved)} moved aside; "
                   f"{_plural(len(again), 'file')} imported again ({_plural(hands, 'hand')})")
        if self.lost:
            summary += f", {_plural(len(self.lost), 'file')} could not be read again"
        if self.after is not None:
            summary += ("; check: sound" if self.after.sound else
                        f"; check still finds {_plural(len(self.after.problems), 'problem')}")
        out.append(summary)
        return out


def _stamp(storage: Storage) -> str:
    """A new folder for what a repair moves aside (relative to the database)."""
    base = f"{DAMAGED}/{time.strftime('%Y%m%d-%H%M%S')}"
    folder, n = base, 1
    while storage.exists(folder):
        n += 1
        folder = f"{base}-{n}"
    return folder


def _move(storage: Storage, relative: str, aside: str, sub: str = "") -> None:
    """Move ``relative`` to ``aside/sub/relative`` (nothing deleted)."""
    if not storage.exists(relative):
        return
    storage.move(relative, "/".join(p for p in (aside, sub, relative) if p))


def _pending(storage: Storage) -> list[tuple[str, dict[str, Any]]]:
    """Notes of earlier repairs whose files were not all imported again (a kill)."""
    found = []
    for stamp, folder in storage.listing(DAMAGED):
        note = f"{DAMAGED}/{stamp}/{REPAIR_NOTE}"
        if not folder or not storage.is_file(note):
            continue
        try:
            data = json.loads(storage.read_bytes(note).decode("utf-8"))
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and not data.get("done"):
            found.append((note, data))
    return found


def _write_note(storage: Storage, path: str, data: dict[str, Any]) -> None:
    storage.write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False).encode("utf-8"))


def _files_of(db: Database, parts: Iterable[Committed]) -> set[str]:
    """Every history file named by a row of ``parts`` (those that can be read)."""
    found: set[str] = set()
    for part in parts:
        if part.table in FILE_TABLES and (t := _read(db, part, ["file"])) is not None:
            found.update(f for f in t.column("file").to_pylist() if f)
    return found


def repair_database(root: str | os.PathLike[str], *, jobs: int | None = None,
                    profile: str = "site") -> RepairReport:
    """Repair the database at ``root`` (see the module); returns what was done.

    The files are imported again with ``jobs`` processes under ``profile`` (as
    :func:`stud_hh.store.ingest.run.import_paths`).
    """
    from stud_hh.store.ingest.run import import_paths

    db = Database(root, despite_marker=True)
    storage = db.storage
    report = RepairReport(db.root)
    reimport: set[str] = set()
    notes: list[str] = []
    with db.writing(clean=False):
        if db.marker_problem is not None:
            _rebuild_marker(db, report)
        check = check_database(db)
        for note, data in _pending(storage):
            notes.append(note)
            for path in data.get("reimport", []):
                if isinstance(path, str):
                    reimport.add(path)
                    report.files.setdefault(path, FileRepair(path))
        if check.sound:
            report.removed_uncommitted = db.remove_uncommitted()
        else:
            reimport |= _set_aside(db, check, report)
    if report.aside:
        notes.append(f"{report.aside}/{REPAIR_NOTE}")
    if reimport:
        exists = sorted(f for f in reimport if Path(f).is_file())
        for path in reimport - set(exists):
            report.files[path].reason = "the file is gone"
        if exists:
            import_paths(exists, storage, jobs=jobs, profile=profile)
            stored = db.arrow("hands", ["file"], filters=[("file", "in", exists)])
            counts = Counter(stored.column("file").to_pylist())
            for path in exists:
                report.files[path].reimported = counts.get(path, 0)
    for note in notes:
        if storage.exists(note):
            data = json.loads(storage.read_bytes(note).decode("utf-8"))
            _write_note(storage, note, {**data, "done": True})
    report.after = check_database(Database(storage))
    return report


def _set_aside(db: Database, check: CheckReport, report: RepairReport) -> set[str]:
    """Move the damage aside and commit the rest without the rows of the files it came
    from; returns those files (to import again). Runs under the write lock."""
    storage = db.storage
    aside = report.aside = report.aside or _stamp(storage)
    affected, unattributed = _affected_files(db, check)
    kept = [p for p in check.log.live_parts() if p.path not in check.damaged_parts]
    if any(p.files is None and _suspect(p, check) for p in check.log.live_parts()):
        affected |= _files_of(db, kept)  # a part from before provenance: every file is suspect
    for path in affected:
        report.files.setdefault(path, FileRepair(path))
    wanted = pa.array(sorted(affected), pa.string())
    staying, gone = _staying_hands(db, kept, wanted)
    new_parts, sources, rewritten = _drop_rows(db, kept, affected, wanted, staying, gone,
                                               report)
    storage.mkdir(aside)
    lost = sorted(f for f in affected if not Path(f).is_file())
    _write_note(storage, f"{aside}/{REPAIR_NOTE}", {"reimport": sorted(affected),
                                                    "missing": lost, "done": False})
    _move_aside_and_commit(db, check, report, aside, unattributed, new_parts, sources)
    for path in rewritten:
        if lost:
            _move(storage, path, aside, "dropped")
        else:
            storage.delete(path)
    return affected


def _rebuild_marker(db: Database, report: RepairReport) -> None:
    """Write ``stud_hh.json`` again, of the schema version the parts name (what was there
    kept aside); runs under the write lock."""
    storage, problem = db.storage, db.marker_problem
    assert problem is not None
    version = db.schema_version  # the parts' (Database.parts_schema_version)
    if version > SCHEMA_VERSION:
        raise DatabaseError(f"its parts are of schema version {version}, written by a newer "
                            "stud-hh: upgrade stud-hh, then repair", path=storage.location)
    if storage.exists(MARKER):
        aside = report.aside = _stamp(storage)
        storage.mkdir(aside)
        if storage.is_file(MARKER):
            storage.write_atomic(f"{aside}/{MARKER}", storage.read_bytes(MARKER))
        else:  # a folder in its place
            _move(storage, MARKER, aside)
        report.marker_kept = f"{aside}/{MARKER}"
    storage.write_atomic(MARKER, marker_bytes(version))
    report.marker = (problem, version)
    db.marker_problem = None


def _suspect(part: Committed, check: CheckReport) -> bool:
    """Whether ``part`` is damaged itself or holds rows that do not fit the other tables."""
    return part.path in check.damaged_parts or part.path in check.dangling_parts


def _affected_files(db: Database, check: CheckReport) -> tuple[set[str], list[Committed]]:
    """The history files the damage came from (as far as the records say), and the parts
    no sound record names while a damaged record is in force (which may have named them)."""
    log = check.log
    live = log.live_parts()
    affected: set[str] = set(check.files_without_row)
    for part in live:
        if _suspect(part, check) and part.files is not None:
            affected |= part.files
    unattributed: list[Committed] = []
    if log.damaged_in_force:
        for record in log.damaged_in_force:
            affected.update(record.files)
        named = {p.path for p in live}
        for table in TABLES:
            unattributed += [Committed(table, f"{table}/{name}", 0, None, None, None, "")
                             for name, folder in db.storage.listing(table)
                             if not folder and name.endswith(".parquet")
                             and f"{table}/{name}" not in named]
        affected |= _files_of(db, unattributed)
    return affected, unattributed


def _staying_hands(db: Database, kept: list[Committed], wanted: pa.Array
                   ) -> tuple[pa.Array, dict[str, str]]:
    """The keys of the hands that stay, and the file of each hand that goes (a hand of a
    file in ``wanted``)."""
    keep_keys: list[pa.Array] = []
    gone: dict[str, str] = {}
    for part in kept:
        if part.table == "hands" and (t := _read(db, part, ["site", "hand_id", "file"])
                                      ) is not None:
            keys = _keys(t)
            drop = pc.is_in(t.column("file"), value_set=wanted)
            keep_keys += keys.filter(pc.invert(drop)).chunks
            gone.update(zip(keys.filter(drop).to_pylist(),
                            t.column("file").filter(drop).to_pylist(), strict=True))
    return pa.chunked_array(keep_keys, pa.string()).combine_chunks(), gone


def _drop_rows(db: Database, kept: list[Committed], affected: set[str], wanted: pa.Array,
               staying: pa.Array, gone: dict[str, str], report: RepairReport
               ) -> tuple[list[Committed | Part], dict[str, frozenset[str] | None], list[str]]:
    """Rewrite every sound part that holds rows to drop (read whole only then), counting
    the rows dropped per file: the live set after, each new part's files, and the parts
    rewritten."""
    new_parts: list[Committed | Part] = []
    sources: dict[str, frozenset[str] | None] = {}
    rewritten: list[str] = []
    for part in kept:
        if part.table not in KEYED_TABLES and part.table not in FILE_TABLES:
            new_parts.append(part)  # the user's notes: no history file's rows to drop
            continue
        drop, owners = _rows_to_drop(db, part, wanted, staying, gone)
        if not owners:
            new_parts.append(part)
            continue
        single = next(iter(part.files)) if part.files and len(part.files) == 1 else None
        for owner in owners:
            owner = owner or single  # a hand whose part was lost: the part's one file
            if owner is None:
                report.orphans[part.table] += 1
            else:
                report.files.setdefault(owner, FileRepair(owner)).dropped[part.table] += 1
        rest = db.read_part(part.path).filter(pc.invert(drop))
        rewritten.append(part.path)
        if rest.num_rows:
            new = db.write_part(part.table, conform(part.table, rest))
            new_parts.append(new)
            sources[new.path] = None if part.files is None else part.files - affected
        del rest
    return new_parts, sources, rewritten


def _rows_to_drop(db: Database, part: Committed, wanted: pa.Array, staying: pa.Array,
                  gone: dict[str, str]) -> tuple[pa.ChunkedArray, list[str | None]]:
    """Which rows of ``part`` go (a mask), and the file of each (``None``: not known)."""
    if part.table in KEYED_TABLES:
        keys = _keys(db.read_part(part.path, ["site", "hand_id"]))
        drop = pc.invert(pc.is_in(keys, value_set=staying))
        return drop, [gone.get(k) for k in keys.filter(drop).to_pylist()]
    column = db.read_part(part.path, ["file"]).column("file")
    drop = pc.is_in(column, value_set=wanted)
    return drop, column.filter(drop).to_pylist()


def _move_aside_and_commit(db: Database, check: CheckReport, report: RepairReport,
                           aside: str, unattributed: list[Committed],
                           new_parts: list[Committed | Part],
                           sources: dict[str, frozenset[str] | None]) -> None:
    """Move the damaged and unattributed parts aside, commit ``new_parts`` as the live set,
    then move the damaged records aside and delete the sound ones it replaces."""
    storage = db.storage
    for problem in check.problems:
        if problem.kind == "part":
            _move(storage, problem.where, aside)
            report.moved.append(problem)
    for part in unattributed:
        _move(storage, part.path, aside, "unattributed")
        report.unattributed.append(part.path)
    older = db._commit_files()
    db.write_checkpoint(new_parts, sources)
    for problem in check.problems:
        if problem.kind == "record":
            _move(storage, problem.where, aside)
            report.moved.append(problem)
    damaged_records = {p.where for p in check.problems if p.kind == "record"}
    for old in older:
        if old not in damaged_records:
            storage.delete(old)
