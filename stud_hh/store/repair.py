"""Stage 4e: repairing a database (``stud-hh repair``).

:func:`repair_database` takes back a batch a killed writer left unfinished (every table
restored to the last complete batch's version), moves damaged data files aside into the
database's ``damaged/`` folder (nothing is deleted), starts a damaged log anew (the old
one moved aside with the table's data files: what it named is not known), commits the
rest without the rows of the history files the damage came from, in one batch
(operation ``repair``), then imports those files again, and says what it did per file and
per table. Which history files a data file's rows came from is the log's: the batch that
added it (its ``batches`` row names the files), or the files merged into it. Repairing a
sound database does nothing.

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

from stud_hh.model.errors import DatabaseError
from stud_hh.store.batches import BATCH_SCHEMA, BATCHES, Batch
from stud_hh.store.damage import DAMAGED, Problem
from stud_hh.store.database import Database, marker_bytes
from stud_hh.store.delta import BATCH_KEY, DIGESTS_KEY, LOG, MERGED_KEY, SOURCES_KEY, DeltaLogError
from stud_hh.store.integrity import (
    FILE_TABLES,
    KEYED_TABLES,
    CheckReport,
    Entry,
    _keys,
    _plural,
    _read,
    check_database,
)
from stud_hh.store.parts import Part
from stud_hh.store.schema import SCHEMA_VERSION, TABLES, arrow_schema, conform
from stud_hh.store.storage import MARKER, Storage

REPAIR_NOTE = "repair.json"


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
    """Damaged data files and logs moved aside, with why."""
    unattributed: list[str] = field(default_factory=list)
    """Data files of a table whose log was damaged (what it named is not known), moved
    aside; their history files are imported again."""
    restored: list[str] = field(default_factory=list)
    """Tables taken back from a batch a killed writer did not finish."""
    rebuilt: list[str] = field(default_factory=list)
    """Tables whose damaged log was moved aside and started anew."""
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
                    or self.marker or self.restored)

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
        for table in self.restored:
            out.append(f"repair: {table}: taken back to the last complete batch (a writer "
                       "killed between its commits had left it a batch ahead)")
        for problem in self.moved:
            out.append(f"repair: moved aside to {self.aside}/: {problem}")
        for table in self.rebuilt:
            out.append(f"repair: {table}: its log started anew (the damaged one is kept in "
                       f"{self.aside}/; the batches before cannot be read as of for it)")
        if self.unattributed:
            names = ", ".join(self.unattributed[:3])
            more = f" and {len(self.unattributed) - 3} more" if len(self.unattributed) > 3 else ""
            out.append(f"repair: moved aside to {self.aside}/unattributed/: "
                       f"{_plural(len(self.unattributed), 'part')} of a damaged log (their "
                       f"history files are imported again): {names}{more}")
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
            out.append(f"repair: removed {_plural(self.removed_uncommitted, 'part')} no log "
                       "names, left by an interrupted import")
        if self.nothing_to_do:
            out.append(f"repair: {self.root}: nothing to repair, the database is sound")
            return out
        again = [f for f in self.files.values() if f.reimported is not None]
        hands = sum(f.reimported or 0 for f in again)
        parts = sum(1 for p in self.moved if p.kind == "part")
        counts = ((parts, "damaged part", ""), (len(self.moved) - parts, "damaged log", ""),
                  (len(self.unattributed), "part", " of a damaged log"))
        moved = [_plural(n, what) + tail for n, what, tail in counts if n] or ["nothing"]
        rebuilt = f"{MARKER} rebuilt, " if self.marker is not None else ""
        restored = (f"{_plural(len(self.restored), 'table')} taken back from an unfinished "
                    "batch, " if self.restored else "")
        summary = (f"repair: {self.root}: {rebuilt}{restored}{', '.join(moved)} moved aside; "
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


def _copy(storage: Storage, relative: str, aside: str, sub: str) -> None:
    """Copy ``relative`` to ``aside/sub/relative`` (a data file a later version removes
    stays for time travel; its copy stays after vacuum)."""
    if storage.exists(relative):
        target = "/".join((aside, sub, relative))
        storage.mkdir(target.rpartition("/")[0])
        storage.write_atomic(target, storage.read_bytes(relative))


class Provenance:
    """Which history files the rows of each data file came from, as the logs say: the
    files of the batch whose commit added it (its ``batches`` row), the files its commit
    named for it (a migration's), or those of the files merged into it."""

    def __init__(self, db: Database, batches: list[Batch], skip: set[str]) -> None:
        self.batch_files = {b.number: frozenset(b.files) for b in batches}
        self.migrated = {b.number for b in batches if b.operation == "migrate"}
        """Batches of a migration: a data file it committed without the history files
        of its rows (the migrated database's commit record named none) is of files not known."""
        self.added_in: dict[str, int] = {}
        self.sources: dict[str, frozenset[str]] = {}
        self.merged: dict[str, list[str]] = {}
        for table in TABLES:
            if table in skip:
                continue
            try:
                history = db.tables.history(table)
            except DeltaLogError:
                continue
            for info in history:
                batch = info.get(BATCH_KEY)
                number = int(batch) if isinstance(batch, str) and batch.isdigit() else None
                prefix = f"{table}/"
                for path in _loads(info.get(DIGESTS_KEY)):
                    if number is not None:
                        self.added_in.setdefault(prefix + path, number)
                for path, files in _loads(info.get(SOURCES_KEY)).items():
                    if isinstance(files, list):
                        self.sources[prefix + path] = frozenset(map(str, files))
                for path, old in _loads(info.get(MERGED_KEY)).items():
                    if isinstance(old, list):
                        self.merged[prefix + path] = [prefix + str(p) for p in old]

    def files(self, path: str, depth: int = 0) -> frozenset[str] | None:
        """The history files of the rows of ``path`` (``None``: not known)."""
        if path in self.sources:
            return self.sources[path]
        if path in self.merged and depth < 64:
            found = [self.files(p, depth + 1) for p in self.merged[path]]
            if any(f is None for f in found):
                return None
            return frozenset().union(*(f for f in found if f is not None))
        number = self.added_in.get(path)
        if number is None or number in self.migrated:
            return None
        return self.batch_files.get(number)


def _loads(text: Any) -> dict[str, Any]:
    if not isinstance(text, str):
        return {}
    try:
        found = json.loads(text)
    except ValueError:
        return {}
    return found if isinstance(found, dict) else {}


def _files_of(db: Database, parts: Iterable[Entry]) -> set[str]:
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
        report.restored = list(db.batch_writer.restored)
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
            stored = Database(storage).arrow("hands", ["file"], filters=[("file", "in", exists)])
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
    from, in one batch; returns those files (to import again). Runs under the write lock."""
    storage = db.storage
    aside = report.aside = report.aside or _stamp(storage)
    try:
        batches = db.history()
    except Exception:
        batches = []
    provenance = Provenance(db, batches, check.damaged_logs)
    affected: set[str] = set(check.files_without_row)
    if check.damaged_logs:
        affected |= _rebuild_logs(db, check, report, batches)
    kept = [p for p in check.live if p.path not in check.damaged_parts]
    suspect = [p for p in check.live
               if p.path in check.damaged_parts or p.path in check.dangling_parts]
    for part in suspect:
        files = provenance.files(part.path)
        if files is None:
            affected |= _files_of(db, kept)  # not known: every file is suspect
        else:
            affected |= files
    for path in affected:
        report.files.setdefault(path, FileRepair(path))
    wanted = pa.array(sorted(affected), pa.string())
    staying, gone = _staying_hands(db, kept, wanted)
    new_parts, rewritten = _drop_rows(db, kept, provenance, wanted, staying, gone, report)
    storage.mkdir(aside)
    lost = sorted(f for f in affected if not Path(f).is_file())
    _write_note(storage, f"{aside}/{REPAIR_NOTE}", {"reimport": sorted(affected),
                                                    "missing": lost, "done": False})
    damaged = [p for p in check.problems if p.kind == "part"]
    for problem in damaged:
        _move(storage, problem.where, aside)
        report.moved.append(problem)
    if lost:
        for path in rewritten:
            _copy(storage, path, aside, "dropped")
    db.commit(new_parts, {"files": sorted(affected)},
              replaces=[p.where for p in damaged] + rewritten, operation="repair",
              rebuilt=report.rebuilt)
    return affected


def _rebuild_logs(db: Database, check: CheckReport, report: RepairReport,
                  batches: list[Batch]) -> set[str]:
    """Move each damaged log aside with its table's data files, and start the table anew
    (empty); returns the history files its rows may have come from (to import again)."""
    storage = db.storage
    aside = report.aside
    assert aside is not None
    affected: set[str] = set()
    tables = sorted(check.damaged_logs, key=lambda t: t != BATCHES)
    everything = BATCHES in check.damaged_logs or not batches
    for table in tables:
        for problem in check.problems:
            if problem.kind == "log" and problem.table == table:
                report.moved.append(problem)
        for name, folder in storage.listing(f"{table}/{LOG}"):
            if not folder:
                _move(storage, f"{table}/{LOG}/{name}", aside)
        if table == BATCHES:
            for name, folder in storage.listing(table):
                if not folder and name.endswith(".parquet"):
                    _move(storage, f"{table}/{name}", aside)
        else:
            unattributed = [Entry(table, f"{table}/{name}", None, 0, None)
                            for name, folder in storage.listing(table)
                            if not folder and name.endswith(".parquet")]
            affected |= _files_of(db, unattributed)
            for entry in unattributed:
                _move(storage, entry.path, aside, "unattributed")
                report.unattributed.append(entry.path)
            if everything:
                affected |= _files_of(db, check.live)
            else:
                for batch in batches:
                    if batch.added.get(table) or batch.removed.get(table):
                        affected.update(batch.files)
        report.rebuilt.append(table)
    db.tables.forget()
    db.log.forget()
    for table in tables:
        db.tables.ensure(table, BATCH_SCHEMA if table == BATCHES else arrow_schema(table))
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


def _staying_hands(db: Database, kept: list[Entry], wanted: pa.Array
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


def _drop_rows(db: Database, kept: list[Entry], provenance: Provenance, wanted: pa.Array,
               staying: pa.Array, gone: dict[str, str], report: RepairReport
               ) -> tuple[list[Part], list[str]]:
    """Rewrite every sound data file that holds rows to drop (read whole only then),
    counting the rows dropped per history file: the new files, and those they replace."""
    new_parts: list[Part] = []
    rewritten: list[str] = []
    for part in kept:
        if part.table not in KEYED_TABLES and part.table not in FILE_TABLES:
            continue  # the user's notes: no history file's rows to drop
        drop, owners = _rows_to_drop(db, part, wanted, staying, gone)
        if not owners:
            continue
        files = provenance.files(part.path)
        single = next(iter(files)) if files and len(files) == 1 else None
        for owner in owners:
            owner = owner or single  # a hand whose part was lost: the part's one file
            if owner is None:
                report.orphans[part.table] += 1
            else:
                report.files.setdefault(owner, FileRepair(owner)).dropped[part.table] += 1
        rest = db.read_part(part.path).filter(pc.invert(drop))
        rewritten.append(part.path)
        if rest.num_rows:
            new_parts.append(db.write_part(part.table, conform(part.table, rest)))
        del rest
    return new_parts, rewritten


def _rows_to_drop(db: Database, part: Entry, wanted: pa.Array, staying: pa.Array,
                  gone: dict[str, str]) -> tuple[pa.ChunkedArray, list[str | None]]:
    """Which rows of ``part`` go (a mask), and the file of each (``None``: not known)."""
    if part.table in KEYED_TABLES:
        keys = _keys(db.read_part(part.path, ["site", "hand_id"]))
        drop = pc.invert(pc.is_in(keys, value_set=staying))
        return drop, [gone.get(k) for k in keys.filter(drop).to_pylist()]
    column = db.read_part(part.path, ["file"]).column("file")
    drop = pc.is_in(column, value_set=wanted)
    return drop, column.filter(drop).to_pylist()


