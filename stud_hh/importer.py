"""Stage 4d: files -> parsed, replayed hands -> Parquet parts -> committed to a database.

Incremental and idempotent: hands are keyed by site and hand id, failures by a
digest of their text, files by path, size and modification time. A file
imported before and unchanged since is passed over; a hand already stored is
counted as a duplicate without being parsed again; the same hand twice in one
run is stored once.

Work is spread over a process pool, a file per task. Each worker parses,
replays and writes its own Parquet parts (nothing heavy travels back); the
parent removes any hand another file of the same run already brought, and
commits each file's parts in one atomic step (see :mod:`stud_hh.store`).

>>> summary = import_paths(["histories/"], "my.db")  # doctest: +SKIP
>>> summary.hands_new  # doctest: +SKIP
1234
"""

from __future__ import annotations

import multiprocessing
import operator
import os
import resource
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from stud_hh.errors import InputError, StudHHError
from stud_hh.facts import failure_row, hand_rows, text_digest
from stud_hh.parse import (
    ParseFailure,
    SkippedHand,
    failure_of,
    frozen_gc,
    hand_key,
    raw_hands,
    result_of,
    scan_paths,
)
from stud_hh.reader import RawHand
from stud_hh.replay import ReplayedHand, replay
from stud_hh.rules import profile as rule_profile
from stud_hh.schema import HAND_TABLES, TABLES
from stud_hh.store import Database, Part, to_arrow

BATCH_HANDS = 4000
"""Hands a worker holds before writing a part: bounds memory whatever the file size."""


def _key(site: str, hand_id: str) -> str:
    return f"{site}\x1f{hand_id}"


@dataclass(slots=True)
class FileResult:
    """What one worker did with one file: parts written (not committed) and counts."""

    path: str
    size: int
    parts: list[Part] = field(default_factory=list)
    hand_keys: list[str] = field(default_factory=list)
    hand_digests: list[str] = field(default_factory=list)
    """The text digest of each hand of ``hand_keys``, in the same order."""
    failure_keys: list[str] = field(default_factory=list)
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    """``conflicts`` rows for copies of stored (or earlier) hands whose text differs; their
    stored source is filled in by the parent when the worker could not tell it."""
    duplicates: int = 0
    failures_known: int = 0
    skipped: int = 0
    violations: int = 0
    hands_with_violations: int = 0
    unreadable: str | None = None
    """Why the file itself could not be read, if it could not."""
    peak_rss_mib: float = 0.0
    """The worker's peak memory so far."""


@dataclass(slots=True)
class ImportSummary:
    """The outcome of one import."""

    files: int = 0
    files_unchanged: int = 0
    hands_new: int = 0
    duplicates: int = 0
    failures_new: int = 0
    failures_known: int = 0
    skipped: int = 0
    violations: int = 0
    hands_with_violations: int = 0
    seconds: float = 0.0
    jobs: int = 1
    worker_peak_mib: float = 0.0
    """The largest peak memory of a process that read files."""
    failures: list[tuple[str, str]] = field(default_factory=list)
    """(file, reason) for each new failure, for the report."""
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    """The ``conflicts`` rows stored by this import (a second copy of a hand, different)."""
    scan_note: str = ""
    """What the folder scan passed over (files without hands, unreadable entries)."""

    @property
    def hands_per_second(self) -> float:
        return self.hands_new / self.seconds if self.seconds else 0.0

    def line(self) -> str:
        """The one-line summary the CLI prints."""
        unchanged = f" ({self.files_unchanged} unchanged, passed over)" if self.files_unchanged \
            else ""
        known = f" ({self.failures_known} already stored)" if self.failures_known else ""
        conflicts = (f" ({len(self.conflicts)} with different text: conflicts)"
                     if self.conflicts else "")
        return (f"{self.files} files{unchanged}{self.scan_note}: {self.hands_new} hands new, "
                f"{self.duplicates} already stored or repeated{conflicts}, "
                f"{self.failures_new} failures"
                f"{known}, {self.skipped} skipped as not stud, {self.violations} violations "
                f"in {self.hands_with_violations} hands; {self.seconds:.1f} s, "
                f"{self.hands_per_second:,.0f} hands/s on {self.jobs} "
                f"{'process' if self.jobs == 1 else 'processes'}")


# ---------------------------------------------------------------------------
# The worker side
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class _Worker:
    db: Database
    profile: str
    known_hands: dict[str, str | None]
    """Every stored hand's key and text digest (``None`` for hands stored before digests)."""
    known_failures: frozenset[str]
    batch_hands: int


_WORKER: _Worker | None = None


def _init_worker(root: str, profile: str, known_hands: dict[str, str | None],
                 known_failures: frozenset[str], batch_hands: int) -> None:
    global _WORKER
    _WORKER = _Worker(Database(root), profile, known_hands, known_failures, batch_hands)


def _peak_mib() -> float:
    """This process's peak memory: VmHWM where Linux has it (ru_maxrss survives exec)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class _Buffer:
    """Rows of every table, written out as parts every ``batch`` hands.

    A row is kept as a tuple in the registry's column order (taken from the
    row dict in C by ``itemgetter``), and turned into columns by ``zip`` when
    written: far cheaper than appending to a list per column.
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        self.getters = {t: operator.itemgetter(*TABLES[t].names) for t in TABLES}
        self.rows: dict[str, list[tuple[Any, ...]]] = {t: [] for t in TABLES}
        self.hands = 0
        self.parts: list[Part] = []

    def add(self, table: str, rows: Iterable[dict[str, Any]]) -> None:
        self.rows[table].extend(map(self.getters[table], rows))

    def flush(self) -> None:
        for table, rows in self.rows.items():
            if rows:
                columns = dict(zip(TABLES[table].names, zip(*rows, strict=True), strict=True))
                self.parts.append(self.db.write_part(table, to_arrow(table, columns)))
                rows.clear()
        self.hands = 0


def conflict_row(key: str, raw: RawHand, digest: str, stored_digest: str,
                 stored_file: str | None = None,
                 stored_first_line: int | None = None) -> dict[str, Any]:
    """The ``conflicts`` row of ``raw``, a copy of the hand ``key`` whose text differs."""
    site, _, hand_id = key.partition("\x1f")
    return {"site": site, "hand_id": hand_id, "key": f"{key}\x1f{digest}", "file": raw.path,
            "first_line": raw.first_line,
            "last_line": raw.line_numbers[-1] if raw.line_numbers else raw.first_line,
            "text_digest": digest, "stored_file": stored_file,
            "stored_first_line": stored_first_line, "stored_digest": stored_digest,
            "text": raw.text}


def _import_file(path: str) -> FileResult:
    """Parse, replay and write one file's new hands as uncommitted parts."""
    worker = _WORKER
    assert worker is not None, "the worker was not initialised"
    stat = os.stat(path)
    result = FileResult(path, stat.st_size)
    buffer = _Buffer(worker.db)
    seen: dict[str, tuple[str, int]] = {}
    """Hands of this file so far: key -> (text digest, first line)."""
    failures_seen: set[str] = set()

    def keep_failure(failure: ParseFailure) -> None:
        row = failure_row(failure)
        if row["key"] in worker.known_failures or row["key"] in failures_seen:
            result.failures_known += 1
            return
        failures_seen.add(row["key"])
        result.failure_keys.append(row["key"])
        buffer.add("failures", [row])

    def repeated(k: str, raw: RawHand) -> bool:
        """Whether hand ``k`` is stored or earlier in the file; a copy whose text differs
        is also kept as a conflict."""
        if k in worker.known_hands:
            stored = worker.known_hands[k]
            digest = text_digest(raw.text)
            if stored is not None and stored != digest:
                result.conflicts.append(conflict_row(k, raw, digest, stored))
        elif k in seen:
            digest = text_digest(raw.text)
            stored, line = seen[k]
            if stored != digest:
                result.conflicts.append(conflict_row(k, raw, digest, stored, path, line))
        else:
            return False
        result.duplicates += 1
        return True

    try:
        with frozen_gc():
            for raw in raw_hands(path):
                key = hand_key(raw)
                if key is not None and repeated(_key(*key), raw):
                    continue
                parsed = result_of(raw)
                if isinstance(parsed, SkippedHand):
                    result.skipped += 1
                    continue
                if isinstance(parsed, ParseFailure):
                    keep_failure(parsed)
                    continue
                try:
                    replayed = replay(parsed, worker.profile)
                except StudHHError as exc:
                    keep_failure(failure_of(raw, exc))
                    continue
                k = _key(parsed.site, parsed.hand_id)
                if repeated(k, raw):  # a header our cheap key could not read, yet parsed
                    continue
                digest = text_digest(raw.text)
                seen[k] = (digest, raw.first_line)
                _add_hand(buffer, replayed, result, digest)
                result.hand_keys.append(k)
                result.hand_digests.append(digest)
                if buffer.hands >= worker.batch_hands:
                    buffer.flush()
    except InputError as exc:
        result.unreadable = exc.reason
        keep_failure(ParseFailure(exc, "", path, 0, 0))
    buffer.add("files", [{"file": path, "size": stat.st_size, "mtime_ns": stat.st_mtime_ns,
                          "hands": len(result.hand_keys), "skipped": result.skipped,
                          "failures": len(result.failure_keys) + result.failures_known}])
    buffer.flush()
    result.parts = buffer.parts
    result.peak_rss_mib = _peak_mib()
    return result


def _add_hand(buffer: _Buffer, replayed: ReplayedHand, result: FileResult,
              digest: str) -> None:
    rows = hand_rows(replayed)
    rows["hands"][0]["text_digest"] = digest
    for table, table_rows in rows.items():
        buffer.add(table, table_rows)
    buffer.hands += 1
    if replayed.violations:
        result.violations += len(replayed.violations)
        result.hands_with_violations += 1


# ---------------------------------------------------------------------------
# The parent side
# ---------------------------------------------------------------------------


def _stored_keys(db: Database) -> tuple[dict[str, str | None], set[str],
                                          set[tuple[str, int, int]], set[str]]:
    """Stored hands (key -> text digest), failure keys, files and conflict keys."""
    hands = db.arrow("hands", ["site", "hand_id", "text_digest"])
    keys = {_key(s, h): d for s, h, d in zip(hands.column("site").to_pylist(),
                                             hands.column("hand_id").to_pylist(),
                                             hands.column("text_digest").to_pylist(),
                                             strict=True)}
    failures = set(db.arrow("failures", ["key"]).column("key").to_pylist())
    files = db.arrow("files", ["file", "size", "mtime_ns"]).to_pylist()
    conflicts = set(db.arrow("conflicts", ["key"]).column("key").to_pylist())
    return keys, failures, {(f["file"], f["size"], f["mtime_ns"]) for f in files}, conflicts


def _drop_repeated(db: Database, result: FileResult, hands: set[str],
                   failures: set[str]) -> None:
    """Rewrite ``result``'s parts without what another file of this run already brought."""
    kept: list[Part] = []
    dropped = set(hands)
    result.hand_digests = [d for k, d in zip(result.hand_keys, result.hand_digests, strict=True)
                           if k not in dropped]
    result.hand_keys = [k for k in result.hand_keys if k not in dropped]
    for part in result.parts:
        if part.table in HAND_TABLES and hands:
            repeated = hands
        elif part.table == "failures" and failures:
            repeated = failures
        else:
            kept.append(part)
            continue
        path = db.root / part.path
        data = pq.read_table(path)
        if part.table == "failures":
            keys = data.column("key")
        else:
            keys = pc.binary_join_element_wise(data.column("site").cast(pa.string()),
                                               data.column("hand_id"), "\x1f")
        mask = pc.invert(pc.is_in(keys, value_set=pa.array(sorted(repeated), pa.string())))
        filtered = data.filter(mask)
        path.unlink()
        if filtered.num_rows:
            kept.append(db.write_part(part.table, filtered))
    result.parts = kept


def _run_conflicts(result: FileResult, repeated: set[str],
                   seen: dict[str, str | None]) -> list[dict[str, Any]]:
    """Conflict rows for hands of ``result`` that an earlier file of this run (or the
    database) brought with another text: their text is read again from the file."""
    different = {k: d for k, d in zip(result.hand_keys, result.hand_digests, strict=True)
                 if k in repeated and seen[k] is not None and seen[k] != d}
    if not different:
        return []
    rows = []
    for raw in raw_hands(result.path):
        key = hand_key(raw)
        k = _key(*key) if key is not None else None
        if k in different:
            digest = text_digest(raw.text)
            if digest == different[k]:
                stored = seen[k]
                assert stored is not None
                rows.append(conflict_row(k, raw, digest, stored))
    return rows


def _fill_stored_sources(db: Database, conflicts: list[dict[str, Any]]) -> None:
    """Fill in the stored copy's file and first line of conflicts that lack them."""
    missing = [c for c in conflicts if c["stored_file"] is None]
    if not missing:
        return
    stored = db.arrow("hands", ["site", "hand_id", "file", "first_line"],
                      filters=[("hand_id", "in", sorted({c["hand_id"] for c in missing}))])
    where = {(r["site"], r["hand_id"]): (r["file"], r["first_line"]) for r in stored.to_pylist()}
    for c in missing:
        c["stored_file"], c["stored_first_line"] = where.get((c["site"], c["hand_id"]),
                                                             (None, None))


def files_to_import(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """Every history file under ``paths``, as absolute paths (raises InputError when missing).

    Files named directly, and every file of a folder whose content holds hands (see
    :func:`stud_hh.parse.scan_paths`).
    """
    return [str(p.resolve()) for p in scan_paths(paths).files]


def _scan(paths: Iterable[str | os.PathLike[str]], summary: ImportSummary) -> list[str]:
    scan = scan_paths(paths)
    summary.scan_note = scan.summary()
    return [str(p.resolve()) for p in scan.files]


def import_paths(
    paths: Sequence[str | os.PathLike[str]],
    db_root: str | os.PathLike[str],
    *,
    profile: str = "site",
    jobs: int | None = None,
    batch_hands: int = BATCH_HANDS,
    on_file: Callable[[FileResult], None] | None = None,
    on_start: Callable[[list[str], int], None] | None = None,
) -> ImportSummary:
    """Import every history file under ``paths`` into the database at ``db_root``.

    A hand already stored, or brought twice by the run, is stored once; a copy whose text
    differs beyond whitespace (other names, other amounts) is also kept in the
    ``conflicts`` table with both sources, and listed in the summary.

    ``jobs`` worker processes (default: every core; 1 runs in this process).
    ``on_start(files, total_bytes)`` is called once the work is known and
    ``on_file(result)`` after each file is committed (for a progress bar).
    """
    if profile != "site":  # each hand under its own site's profile
        rule_profile(profile)  # an unknown profile fails before any work
    summary = ImportSummary(jobs=1)
    files = _scan(paths, summary)
    db = Database.create(db_root)
    started = time.perf_counter()
    with db.writing():
        known_hands, known_failures, known_files, known_conflicts = _stored_keys(db)
        todo = _changed_files(files, known_files, summary)
        jobs = max(1, min(jobs or os.cpu_count() or 1, len(todo) or 1))
        summary.jobs = jobs
        if on_start is not None:
            on_start(todo, sum(os.stat(p).st_size for p in todo))
        args = (str(db.root), profile, known_hands, frozenset(known_failures), batch_hands)
        run = _Run(db, summary, dict(known_hands), set(known_failures), set(known_conflicts),
                   on_file)
        if jobs == 1:
            _init_worker(*args)
            for path in todo:
                run.commit(_import_file(path))
        else:
            # forkserver: workers start clean, never inheriting a progress bar's thread
            context = multiprocessing.get_context("forkserver")
            with context.Pool(jobs, initializer=_init_worker, initargs=args) as pool:
                for result in pool.imap_unordered(_import_file, todo):
                    run.commit(result)
        db.compact()
    summary.seconds = time.perf_counter() - started
    return summary


def _changed_files(files: list[str], known_files: set[tuple[str, int, int]],
                   summary: ImportSummary) -> list[str]:
    """The files to read: each once, passing over those stored with the same size and
    modification time (counted in ``summary``)."""
    todo: list[str] = []
    for path in dict.fromkeys(files):
        stat = os.stat(path)
        if (path, stat.st_size, stat.st_mtime_ns) in known_files:
            summary.files_unchanged += 1
        else:
            todo.append(path)
    summary.files = len(dict.fromkeys(files))
    return todo


@dataclass(slots=True)
class _Run:
    """The parent side of an import: commits each file's parts as its result comes in,
    without what the database or an earlier file of the run already holds."""

    db: Database
    summary: ImportSummary
    seen_hands: dict[str, str | None]
    """Every hand stored or committed so far: key -> text digest."""
    seen_failures: set[str]
    seen_conflicts: set[str]
    on_file: Callable[[FileResult], None] | None

    def commit(self, result: FileResult) -> None:
        """Commit one file's parts, repeats dropped and conflicts added; count it."""
        repeated = {k for k in result.hand_keys if k in self.seen_hands}
        repeated_failures = {k for k in result.failure_keys if k in self.seen_failures}
        conflicts = list(result.conflicts)
        if repeated:
            conflicts += _run_conflicts(result, repeated, self.seen_hands)
        if repeated or repeated_failures:
            _drop_repeated(self.db, result, repeated, repeated_failures)
            self.summary.duplicates += len(repeated)
        self._add_conflicts(result, conflicts)
        self.db.commit(result.parts, {"file": result.path})
        self.seen_hands.update(zip(result.hand_keys, result.hand_digests, strict=True))
        self.seen_failures.update(result.failure_keys)
        self._count(result, repeated_failures)
        if self.on_file is not None:
            self.on_file(result)

    def _add_conflicts(self, result: FileResult, conflicts: list[dict[str, Any]]) -> None:
        """A ``conflicts`` part in ``result`` for the conflicts not already stored."""
        conflicts = [c for c in conflicts if c["key"] not in self.seen_conflicts]
        if not conflicts:
            return
        _fill_stored_sources(self.db, conflicts)
        self.seen_conflicts.update(c["key"] for c in conflicts)
        result.parts.append(self.db.write_part("conflicts", to_arrow("conflicts", {
            name: [c[name] for c in conflicts] for name in TABLES["conflicts"].names})))
        self.summary.conflicts.extend(conflicts)

    def _count(self, result: FileResult, repeated_failures: set[str]) -> None:
        summary = self.summary
        summary.hands_new += len(result.hand_keys)
        summary.duplicates += result.duplicates
        summary.failures_new += len(result.failure_keys) - len(repeated_failures)
        summary.failures_known += result.failures_known + len(repeated_failures)
        summary.skipped += result.skipped
        summary.worker_peak_mib = max(summary.worker_peak_mib, result.peak_rss_mib)
        summary.violations += result.violations
        summary.hands_with_violations += result.hands_with_violations
        if result.failure_keys:
            summary.failures.append((result.path, result.unreadable or
                                     f"{len(result.failure_keys)} unreadable hands"))

