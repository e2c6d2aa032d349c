"""Stage 4d: files -> parsed, replayed hands -> Parquet parts -> committed to a database.

Incremental and idempotent: hands are keyed by site and hand id, failures by a
digest of their text, files by path, size and modification time. A file
imported before and unchanged since is passed over; a hand already stored is
counted as a duplicate without being parsed again; the same hand twice in one
run is stored once.

Work is spread over a process pool, a batch of files per task (up to
:data:`BATCH_FILES` files or :data:`BATCH_BYTES` bytes: a folder of ten thousand
one-hand files costs per hand what a few large files cost). A worker parses and
replays a batch's files and buffers their rows together, writing one set of
Parquet parts per batch (or per :data:`BATCH_HANDS` hands of a large file);
nothing heavy travels back. It works a group of hands at a time, stage by stage, with
the cyclic collector paused (:mod:`stud_hh.store.staging`). The parent removes any
hand another batch of the run already brought and commits each batch, its parts and its
files' rows, in one atomic step (see :mod:`stud_hh.store.database`): a killed import loses only the
batches it had not committed, whose files the next import reads again, whole.
When the worker processes cannot start (or stop at once), the import says so
and goes on in one process.

>>> summary = import_paths(["histories/"], "my.db")  # doctest: +SKIP
>>> summary.hands_new  # doctest: +SKIP
1234
"""

from __future__ import annotations

import gc
import multiprocessing
import multiprocessing.connection
import operator
import os
import resource
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

import pyarrow as pa
import pyarrow.compute as pc

from stud_hh.model.errors import InputError, StudHHError
from stud_hh.model.hand import ParseFailure, SkippedHand
from stud_hh.model.results import TournamentResult
from stud_hh.read.chunks import Chunk, chunk_hands, chunks, line_start
from stud_hh.read.collector import frozen_gc
from stud_hh.read.finishes import hand_results, skipped_results
from stud_hh.read.keys import hand_key
from stud_hh.read.parse import failure_of
from stud_hh.read.reader import RawHand, looks_binary, not_readable, read_head, read_start, walk
from stud_hh.read.scan import Scan, holds_hands, scan_paths
from stud_hh.read.split import raw_hands
from stud_hh.read.summaries import (
    SkippedSummary,
    SummaryFailure,
    TournamentSummary,
    read_summaries,
    summary_format,
)
from stud_hh.replay import ReplayedHand
from stud_hh.rules import profile as rule_profile
from stud_hh.rules.violations import split_words
from stud_hh.store.database import Database, Part, plain_schema, rows_to_arrow, to_arrow
from stud_hh.store.facts import failure_row, text_digest
from stud_hh.store.known import KnownHands
from stud_hh.store.schema import HAND_TABLES, TABLES, conform
from stud_hh.store.staging import Prepared, collector_paused, prepared
from stud_hh.store.staging import key_text as _key
from stud_hh.store.storage import Storage
from stud_hh.store.tournaments import summary_failure_row, tournament_row

BATCH_HANDS = 4000
"""Hands a worker holds before writing a part: bounds memory whatever the file size."""
BATCH_FILES = 1000
"""Files a worker reads per task at most; their rows share one set of parts and one commit."""
LOOKED_UP_MOST = 4096
"""Lookups of stored hands a task keeps for its bookkeeping at most (a group's are used
within the group)."""
WORKER_KNOWN_HANDS = 4_000_000
"""Stored hands at most that worker processes are told of (32 bytes a hand each: 128 MiB
at most). A worker passes over a hand it knows is stored; past this many, workers know of
none, read every hand they are given, and this process drops the stored ones as it commits
(the same database either way: only work done twice on hands stored before, which the
``files`` table already spares for files read before)."""
BATCH_BYTES = 4 * 2**20
"""Bytes of files per task at most (a larger file is a task of its own)."""
LOOK_WHILE_READING = 2**20
"""A file met in a folder up to this size is read at once and looked into only if no hand
turns up in it (see :func:`_if_it_holds_hands`); a larger one is looked into first."""
TASKS_PER_JOB = 4
"""Tasks per process at least, when there are files enough: the work stays balanced
between processes, the progress bar moves, and a kill loses little."""
PROCESS_BYTES = 6 * 2**20
"""Bytes of files to read per worker process, when the number of processes is not given:
starting a pool costs about a second, which a few thousand hands do not pay back (two
processes overtook one at about 2,000 hands, 3.5 MB, on 2 cores; see
:func:`default_processes`)."""
CHUNK_BYTES_MIN = 2**20
"""A file is cut into chunks (one task each, :mod:`stud_hh.read.chunks`) of the batch size
when it is larger, but never into chunks smaller than this."""

UNSTORABLE = (pa.ArrowInvalid, pa.ArrowTypeError, OverflowError)
"""What converting rows to Arrow raises for a value the database's columns cannot take."""
POOL_ERRORS = (BrokenProcessPool, OSError, EOFError, multiprocessing.ProcessError)
"""What a process pool raises when its processes cannot start, or stop at once."""


T = TypeVar("T")


@dataclass(slots=True)
class FileResult:
    """What a worker did with one file: its hands and failures (written, not committed)."""

    path: str
    size: int
    mtime_ns: int | None = None
    """Its modification time when read (``None`` when it could not be read at all)."""
    hand_keys: list[str] = field(default_factory=list)
    hand_digests: list[str] = field(default_factory=list)
    """The text digest of each hand of ``hand_keys``, in the same order."""
    hand_lines: list[int] = field(default_factory=list)
    """The first line of each hand of ``hand_keys``, in the same order."""
    hand_violations: list[int] = field(default_factory=list)
    """The violations of each hand of ``hand_keys``, in the same order."""
    hand_following: list[int] = field(default_factory=list)
    """Of each hand's violations, those following from an earlier one of the hand."""
    failure_keys: list[str] = field(default_factory=list)
    failure_notes: list[tuple[int, int, str, str | None]] = field(default_factory=list)
    """(first line, line, reason, hand key or ``None``) of each failure of
    ``failure_keys``, in the same order."""
    texts_failed: set[str] = field(default_factory=set)
    """The keys of the failures of ``failure_keys`` that are no hand nor summary of a known
    site: a file that cannot be read, text with no hand header."""
    result_keys: list[str] = field(default_factory=list)
    """Keys of the ``tournaments`` rows written for this file (summaries, finishing lines)."""
    results_known: int = 0
    """Results of the file already stored (or met before in the batch)."""
    summaries: int = 0
    """Tournament summaries read from the file."""
    summaries_skipped: int = 0
    """Summaries of tournaments of another game (hold'em): counted, not stored."""
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    """``conflicts`` rows for copies of stored (or earlier) hands whose text differs; their
    stored source is filled in by the parent when the worker could not tell it."""
    duplicates: int = 0
    failures_known: int = 0
    skipped: int = 0
    violations: int = 0
    violations_following: int = 0
    """Of ``violations``, those following from an earlier one of their hand."""
    hands_with_violations: int = 0
    unreadable: str | None = None
    """Why the file itself could not be read, if it could not."""
    without_hands: bool = False
    """A file met in a folder whose content holds no hands: passed over, as the folder
    scan passes over it (see :func:`stud_hh.read.parse.scan_paths`)."""
    problem: str | None = None
    """Why a file met in a folder could not even be looked into (then passed over)."""
    held_back: bool = False
    """Its last text was left for a later import: the file changed less than the settling
    time ago and that text is not yet followed by a blank line (see :func:`_settled`).
    Its ``files`` row (when the reading stores anything) has the size :attr:`read_to`, not
    the file's, so the next import reads the file again."""
    read_to: int | None = None
    """Of a file whose last text was held back: the byte that text starts at (the bytes
    before it are read; with :attr:`chunk`, the piece's bytes before it)."""
    chunk: Chunk | None = None
    """The piece of the file read, when the file was cut into several (the result is then
    that piece's: its ``files`` row is the parent's to write, once every piece is in)."""
    completes: bool = True
    """Whether the file is read through once this result is committed (``False`` for a
    piece of a file whose other pieces are not all committed yet)."""

    @property
    def bytes_read(self) -> int:
        """The bytes this result covers: the file's, or its piece's (for a progress bar)."""
        return self.chunk.length if self.chunk is not None else self.size

    def files_row(self) -> dict[str, Any]:
        return {"file": self.path, "size": self.size, "mtime_ns": self.mtime_ns,
                "hands": len(self.hand_keys), "skipped": self.skipped,
                "failures": len(self.failure_keys) + self.failures_known}


@dataclass(slots=True)
class BatchResult:
    """What a worker did with one batch of files: the parts written for all of them."""

    files: list[FileResult]
    parts: list[Part]
    peak_rss_mib: float = 0.0
    """The worker's peak memory so far."""
    pid: int = 0
    cpu_seconds: float = 0.0
    """The worker's processor time so far (user and system)."""


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
    violations_following: int = 0
    """Of ``violations``, those following from an earlier one of their hand."""
    hands_with_violations: int = 0
    seconds: float = 0.0
    jobs: int = 1
    workers: str = ""
    """What the ``jobs`` are when not this machine's processes (``"Dask workers"``)."""
    worker_peak_mib: float = 0.0
    """The largest peak memory of a process that read files."""
    cpu_seconds: float = 0.0
    """Processor time (user and system) of this process and of the worker processes, for
    the import: a measure of its cost that does not depend on what else the machine runs."""
    summaries: int = 0
    """Tournament summaries read."""
    summaries_skipped: int = 0
    """Summaries of tournaments of another game, passed over."""
    results_new: int = 0
    """``tournaments`` rows stored: players' results from summaries and finishing lines."""
    results_known: int = 0
    """Results read that the database already held."""
    failures: list[tuple[str, int, str]] = field(default_factory=list)
    """(file, line, reason) for each new failure, for the report."""
    failure_keys: list[str] = field(default_factory=list)
    """The key of each new failure, in the order of :attr:`failures`."""
    hands_failed: int = 0
    """New failures that are hands (or summaries) of a known site: the others are files
    that cannot be read, or text with no hand header."""
    replaced_keys: set[str] = field(default_factory=set)
    """The keys of the stored failures this import replaced (:attr:`failures_replaced`)."""
    failures_replaced: int = 0
    """Failures stored earlier that this import read whole (the same file and first line,
    or the same hand id in the same file: a hand cut off while its file was being
    written), taken out of the database as the hand went in."""
    held_back: int = 0
    """Files whose last text waits for a later import (still being written)."""
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    """The ``conflicts`` rows stored by this import (a second copy of a hand, different)."""
    scan_note: str = ""
    """What the folder scan passed over (files without hands, unreadable entries)."""
    notes: list[str] = field(default_factory=list)
    """What went otherwise than asked (worker processes that could not start)."""

    @property
    def hands_per_second(self) -> float:
        return self.hands_new / self.seconds if self.seconds else 0.0

    def _split(self) -> str:
        """`` (1 root cause, 5 following from it)``: the violations told apart, or nothing
        when there are none."""
        if not self.violations:
            return ""
        return f" ({split_words(self.violations, self.violations_following)})"

    def _tournaments(self) -> str:
        """``; 2 tournament summaries, 14 tournament results new (3 already stored)``, or
        nothing when the import met no tournament result."""
        if not (self.summaries or self.summaries_skipped or self.results_new
                or self.results_known):
            return ""
        parts = []
        if self.summaries or self.summaries_skipped:
            skipped = (f" ({self.summaries_skipped} skipped as not stud)"
                       if self.summaries_skipped else "")
            parts.append(f"{self.summaries} tournament "
                         f"summar{'y' if self.summaries == 1 else 'ies'}{skipped}")
        known = f" ({self.results_known} already stored)" if self.results_known else ""
        parts.append(f"{self.results_new} tournament results new{known}")
        return "; " + ", ".join(parts)

    def line(self) -> str:
        """The one-line summary the CLI prints."""
        unchanged = f" ({self.files_unchanged} unchanged, passed over)" if self.files_unchanged \
            else ""
        known = f" ({self.failures_known} already stored)" if self.failures_known else ""
        if self.failures_replaced:
            known += f" ({self.failures_replaced} stored earlier now read whole: replaced)"
        held = (f"; the last hand of {self.held_back} "
                f"{'file' if self.held_back == 1 else 'files'} still being written waits"
                if self.held_back else "")
        conflicts = (f" ({len(self.conflicts)} with different text: conflicts)"
                     if self.conflicts else "")
        return (f"{self.files} files{unchanged}{self.scan_note}: {self.hands_new} hands new, "
                f"{self.duplicates} already stored or repeated{conflicts}, "
                f"{self.failures_new} failures"
                f"{known}, {self.skipped} skipped as not stud, {self.violations} violations "
                f"in {self.hands_with_violations} hands{self._split()}{self._tournaments()}; "
                f"{self.seconds:.1f} s, "
                f"{self.hands_per_second:,.0f} hands/s on {self.jobs} "
                f"{self.workers or ('process' if self.jobs == 1 else 'processes')}{held}")


def plan_batches(files: Sequence[tuple[T, int]], jobs: int, *,
                 max_files: int = BATCH_FILES, max_bytes: int = BATCH_BYTES) -> list[list[T]]:
    """``(path, size)`` of the files to read, grouped in order into the tasks of ``jobs``
    processes: at most ``max_files`` files and ``max_bytes`` bytes each (a larger file is a
    task alone), and at least :data:`TASKS_PER_JOB` tasks per process when the files allow.

    >>> plan_batches([("a", 10), ("b", 10), ("big", 500)], jobs=1)
    [['a', 'b'], ['big']]
    >>> [len(b) for b in plan_batches([(f"{i}", 1500) for i in range(10_000)], jobs=2)]
    [1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]
    """
    total = sum(size for _, size in files)
    budget = max(1, min(max_bytes, total // (jobs * TASKS_PER_JOB)))
    batches: list[list[T]] = []
    size_of_last = 0
    for path, size in files:
        if not batches or len(batches[-1]) >= max_files or size_of_last + size > budget:
            batches.append([])
            size_of_last = 0
        batches[-1].append(path)
        size_of_last += size
    return batches


# ---------------------------------------------------------------------------
# The worker side
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class _Worker:
    db: Database
    profile: str
    known_hands: KnownHands
    """Every stored hand's key and text digest (``None`` for hands stored before digests)."""
    known_failures: frozenset[str]
    batch_hands: int
    settle: float = 0.0
    """Seconds a file must have been left alone before its last text, not yet followed
    by a blank line, is read (0: always read)."""
    known_results: frozenset[str] = frozenset()
    """Every stored ``tournaments`` row's key."""


_WORKER: _Worker | None = None


def _init_worker(root: str | Storage, profile: str, known_hands: KnownHands,
                 known_failures: frozenset[str], batch_hands: int, settle: float = 0.0,
                 known_results: frozenset[str] = frozenset()) -> None:
    global _WORKER
    _WORKER = _Worker(Database(root), profile, known_hands, known_failures, batch_hands,
                      settle, known_results)


def _init_pool_worker(*args: Any) -> None:
    """A worker process: Ctrl-C and SIGTERM (sent to the whole process group: a terminal,
    a service manager) are the parent's to handle (it stops the pool), not a traceback
    per worker. What is alive once it is set up (modules, grammars, the stored
    keys) is frozen for the worker's life, so the collector never rescans it: once per
    process, not per task (a full collection costs tens of milliseconds, as much as
    reading a few dozen small files)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    _exit_with_parent()
    _init_worker(*args)
    gc.collect()
    gc.freeze()


def _exit_with_parent() -> None:
    """End this worker process as soon as the importing process has ended.

    A killed import (SIGKILL, the machine's out-of-memory killer) cannot stop its pool, and a
    worker holds both ends of the pool's queues, so it would never see them close: it would
    read on, write parts nobody commits while the next import runs, and wait for a task for
    ever. Its parent's sentinel (the pipe the forkserver hands it) says when that happens.
    """
    parent = multiprocessing.parent_process()
    if parent is None:  # pragma: no cover - not started by multiprocessing
        return
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(1)

    threading.Thread(target=watch, name="stud-hh: exit with the import", daemon=True).start()


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


def _cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


@dataclass(slots=True)
class _Source:
    """Where a buffered hand came from, to keep it as a failure if its rows cannot be stored."""

    key: str
    raw: RawHand
    result: FileResult
    violations: int
    following: int
    """Of ``violations``, those following from an earlier one of the hand."""


def _short(value: object, width: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def unstorable_reason(table: str, row: Sequence[Any]) -> str | None:
    """Why the database cannot take ``row`` (values in the column order of ``table``), or
    ``None`` when it can.

    >>> unstorable_reason("files", ["a.txt", 10, 0, 2**40, 0, 0])
    'a value the database cannot store: files.hands = 1099511627776 (Value 1099511627776 \
too large to fit in C integer type)'
    >>> unstorable_reason("files", ["a.txt", 10, 0, 1, 0, 0]) is None
    True
    """
    schema = plain_schema(table)
    for name, value in zip(TABLES[table].names, row, strict=True):
        try:
            pa.array([value], type=schema.field(name).type)
        except UNSTORABLE as exc:
            return (f"a value the database cannot store: {table}.{name} = {_short(value)} "
                    f"({str(exc).splitlines()[0]})")
    try:
        to_arrow(table, {n: [v] for n, v in zip(TABLES[table].names, row, strict=True)})
    except UNSTORABLE as exc:
        return f"the database cannot store its {table} row ({str(exc).splitlines()[0]})"
    return None


class _Buffer:
    """Rows of every table, written out as parts every ``batch`` hands.

    A row is kept as a tuple in the registry's column order (taken from the
    row dict in C by ``itemgetter``; a hand's rows, built in that order, by their values),
    and the tuples are converted to Arrow in one
    pass when written (:func:`stud_hh.store.database.rows_to_arrow`): far cheaper than
    appending to a list per column.

    When a hand's rows cannot be turned into Arrow (a value too large for its
    column: :mod:`stud_hh.read.limits` should have failed the hand when it was read,
    so this is a second line of defence), that hand is handed to ``unstorable``
    with the reason, its rows are dropped, and every other hand is written.
    """

    def __init__(self, db: Database, unstorable: Callable[[_Source, str], None]) -> None:
        self.db = db
        self.unstorable = unstorable
        self.getters = {t: operator.itemgetter(*TABLES[t].names) for t in TABLES}
        self.rows: dict[str, list[tuple[Any, ...]]] = {t: [] for t in TABLES}
        self.sources: list[_Source] = []
        self.hands = 0
        self.parts: list[Part] = []

    def add(self, table: str, rows: Iterable[dict[str, Any]]) -> None:
        self.rows[table].extend(map(self.getters[table], rows))

    def add_hand(self, rows: dict[str, list[dict[str, Any]]], source: _Source) -> None:
        """Buffer one hand's rows (:func:`~stud_hh.store.facts.hand_rows`), whose columns
        are in the registry's order already (a test holds facts to it): each row's values
        are its tuple, with no lookup by column name."""
        buffered = self.rows
        for table, table_rows in rows.items():
            buffered[table].extend(map(tuple, map(dict.values, table_rows)))
        self.sources.append(source)
        self.hands += 1

    def _arrow(self, table: str) -> pa.Table:
        return rows_to_arrow(table, self.rows[table])

    def flush(self) -> None:
        built: dict[str, pa.Table] = {}
        try:
            built = {t: self._arrow(t) for t in HAND_TABLES if self.rows[t]}
        except UNSTORABLE:
            self._drop_unstorable()
            built = {t: self._arrow(t) for t in HAND_TABLES if self.rows[t]}
        for table in TABLES:
            if table not in HAND_TABLES and self.rows[table]:
                built[table] = self._arrow_storable(table)
        for table, data in built.items():
            self.parts.append(self.db.write_part(table, data))
            self.rows[table].clear()
        self.sources.clear()
        self.hands = 0

    def _arrow_storable(self, table: str) -> pa.Table:
        """A table of rows that belong to no hand (failures, results, files) as Arrow; a row
        the database cannot take is left out (the readers range-check every value, so this
        is a second line of defence, as for a hand's rows)."""
        try:
            return self._arrow(table)
        except UNSTORABLE:
            self.rows[table] = [r for r in self.rows[table]
                                if unstorable_reason(table, r) is None]
            return self._arrow(table)

    def _drop_unstorable(self) -> None:
        """Find the hands whose rows fail, drop their rows, and hand them to ``unstorable``."""
        bad: dict[tuple[str, str], str] = {}
        for table in HAND_TABLES:
            names = TABLES[table].names
            site, hand_id = names.index("site"), names.index("hand_id")
            for row in _failing_rows(table, self.rows[table]):
                reason = unstorable_reason(table, row) or f"its {table} row cannot be stored"
                bad.setdefault((row[site], row[hand_id]), reason)
        if not bad:
            raise RuntimeError("rows fail to convert together but not one by one")
        for table in (*HAND_TABLES, "tournaments"):  # a hand's finishing lines go with it
            names = TABLES[table].names
            site, hand_id = names.index("site"), names.index("hand_id")
            self.rows[table] = [r for r in self.rows[table] if (r[site], r[hand_id]) not in bad]
        for source in self.sources:
            source_site, _, source_id = source.key.partition("\x1f")
            why = bad.get((source_site, source_id))
            if why is not None:
                self.unstorable(source, why)


def _failing_rows(table: str, rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The rows of ``rows`` that cannot be converted, found by halving."""
    if not rows:
        return []
    try:
        rows_to_arrow(table, rows)
    except UNSTORABLE:
        if len(rows) == 1:
            return rows
        middle = len(rows) // 2
        return _failing_rows(table, rows[:middle]) + _failing_rows(table, rows[middle:])
    return []


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


def _cannot_read(exc: InputError | OSError) -> str:
    if isinstance(exc, InputError):
        return exc.reason
    return f"cannot read: {exc.strerror or exc}"


def _if_it_holds_hands(path: str, result: FileResult, head: str | None = None
                       ) -> Iterator[RawHand]:
    """The raw hands of ``path``, a small file met in a folder, if the file holds hands.

    The file is read rather than first looked into: once a hand turns up (the text before
    it is held back until then), it holds hands; when none does, it is looked into as the
    folder scan looks (:func:`stud_hh.read.parse.holds_hands`: a document format, text that
    looks like a history), and passed over unless it holds hands after all. Looking first
    would open and read every one of ten thousand one-hand files twice.
    """
    pending: list[RawHand] | None = []
    iterator: Iterator[RawHand] | None = None
    while True:
        try:
            if iterator is None:
                iterator = iter(raw_hands(path, head))
            raw = next(iterator)
        except StopIteration:
            break
        except (InputError, OSError) as exc:
            if pending is None:  # a history that cannot be read on: its failure
                raise
            # cannot be read at all: passed over and reported, as the folder scan does
            result.problem, result.mtime_ns = _cannot_read(exc), None
            return
        if pending is not None:
            if not raw.is_hand:
                pending.append(raw)
                continue
            yield from pending
            pending = None
        yield raw
    if pending is None:
        return
    try:
        holds = holds_hands(path)
    except InputError as exc:
        result.problem, result.mtime_ns = exc.reason, None
        return
    if holds:
        yield from pending
    else:
        result.without_hands = True


SETTLED_TAIL = 256
"""Bytes read at a file's end to see whether its last text is followed by a blank line."""


def _recent(stat: os.stat_result, settle: float) -> bool:
    """Whether the file of ``stat`` changed less than ``settle`` seconds ago."""
    return time.time_ns() - stat.st_mtime_ns < settle * 1e9


def _settled(path: str, encoding: str) -> bool:
    """Whether the file at ``path`` ends in a blank line: a poker client writes a hand and
    the blank lines after it together, so its last hand is whole. (A file whose site
    writes no blank line after the last hand waits for the settling time instead.)"""
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            start = max(0, size - SETTLED_TAIL)
            if "16" in encoding:
                start -= start % 2  # a UTF-16 character starts at an even byte
            handle.seek(start)
            tail = handle.read().decode(encoding.replace("-sig", ""), errors="replace")
    except (OSError, LookupError):
        return False
    lines = tail.replace("\r", "").replace("\x00", "").split("\n")
    return len(lines) >= 3 and not lines[-1].strip() and not lines[-2].strip()


def _unless_unfinished(raws: Iterable[RawHand], path: str,
                       result: FileResult) -> Iterator[RawHand]:
    """``raws`` of a file changed a moment ago, its last one held back (and
    ``result.held_back`` set, with the byte it starts at) unless the file ends in a blank
    line after it: the client may be writing it still. A text followed by another one is
    whole; so is the last one of a file that cannot be read again to find where it starts
    (gone a moment after it was read)."""
    last: RawHand | None = None
    for raw in raws:
        if last is not None:
            yield last
        last = raw
    if last is None:
        return
    if _settled(path, last.encoding):
        yield last
        return
    chunk = result.chunk
    try:
        start = line_start(path, last.first_line, breaks=last.kind == "text",
                           start=chunk.start if chunk else 0,
                           start_line=chunk.first_line if chunk else 1)
    except InputError:
        yield last
        return
    # short of the size the file was read at, whatever the count: the next import reads it
    result.read_to = min(start, (chunk.size if chunk else result.size) - 1)
    result.held_back = True


class _BatchReader:
    """One task of a worker: a batch of files read into one buffer of rows."""

    def __init__(self, worker: _Worker) -> None:
        self.worker = worker
        self.buffer = _Buffer(worker.db, self._unstorable)
        self.collector = collector_paused()
        self.results: list[FileResult] = []
        self.seen: dict[str, tuple[str, str, int]] = {}
        """Hands of this batch so far: key -> (text digest, file, first line)."""
        self.failures_seen: set[str] = set()
        self.results_seen: set[str] = set()
        self.looked_up: dict[str, tuple[bool, str | None]] = {}
        """Stored hands asked of when a group was read (:meth:`passed_over`), kept for
        the bookkeeping to ask again (:meth:`repeated`): the worker's stored hands do not
        change during its task, and a lookup searches every sorted run of them."""

    def keep_results(self, results: Iterable[TournamentResult], result: FileResult) -> None:
        """Buffer the ``tournaments`` rows of results not stored yet."""
        for found in results:
            row = tournament_row(found)
            if row["key"] in self.worker.known_results or row["key"] in self.results_seen:
                result.results_known += 1
                continue
            self.results_seen.add(row["key"])
            result.result_keys.append(row["key"])
            self.buffer.add("tournaments", [row])

    def keep_failure(self, failure: ParseFailure | SummaryFailure, result: FileResult) -> None:
        row = (summary_failure_row(failure) if isinstance(failure, SummaryFailure)
               else failure_row(failure))
        if row["key"] in self.worker.known_failures or row["key"] in self.failures_seen:
            result.failures_known += 1
            return
        self.failures_seen.add(row["key"])
        result.failure_keys.append(row["key"])
        if row["site"] is None:
            result.texts_failed.add(row["key"])
        hand = (_key(row["site"], row["hand_id"]) if row["site"] is not None
                and row["hand_id"] is not None else None)
        result.failure_notes.append((row["first_line"], row["line"] or row["first_line"],
                                     row["reason"], hand))
        self.buffer.add("failures", [row])

    def _unstorable(self, source: _Source, reason: str) -> None:
        """A buffered hand the database cannot take: kept as a failure instead."""
        result, raw = source.result, source.raw
        index = result.hand_keys.index(source.key)
        del result.hand_keys[index]
        del result.hand_digests[index]
        del result.hand_lines[index]
        del result.hand_violations[index]
        del result.hand_following[index]
        if source.violations:
            result.violations -= source.violations
            result.violations_following -= source.following
            result.hands_with_violations -= 1
        self.seen.pop(source.key, None)
        hand_id = source.key.partition("\x1f")[2]
        site = source.key.partition("\x1f")[0]
        for key in [k for k in result.result_keys
                    if k.startswith(f"{site}\x1f") and k.endswith(f"\x1fhand\x1f{hand_id}")]:
            result.result_keys.remove(key)
            self.results_seen.discard(key)
        self.keep_failure(failure_of(raw, StudHHError(
            reason, path=raw.path, line=raw.first_line, hand_id=hand_id)), result)

    def repeated(self, k: str, raw: RawHand, result: FileResult) -> bool:
        """Whether hand ``k`` is stored or earlier in the batch; a copy whose text differs
        is also kept as a conflict."""
        found = self.looked_up.pop(k, None)
        known, stored = found if found is not None else self.worker.known_hands.lookup(k)
        if known:
            digest = text_digest(raw.text)
            if stored is not None and stored != digest:
                result.conflicts.append(conflict_row(k, raw, digest, stored))
        elif k in self.seen:
            digest = text_digest(raw.text)
            stored, path, line = self.seen[k]
            if stored != digest:
                result.conflicts.append(conflict_row(k, raw, digest, stored, path, line))
        else:
            return False
        result.duplicates += 1
        return True

    def read(self, path: str, look_first: bool, chunk: Chunk | None = None) -> None:
        """Parse, replay and buffer one file's new hands; with ``look_first`` (a file met in
        a folder), only if its content holds hands; with ``chunk``, only that piece's."""
        worker = self.worker
        result = FileResult(path, 0, chunk=chunk)
        self.results.append(result)
        try:
            stat = os.stat(path)
        except OSError as exc:
            stat = None
            if look_first:  # gone or unreadable since the folder was listed: passed over
                result.problem = _cannot_read(exc)
                return
        head = self._head(path, look_first, result)
        if head is None and look_first:
            return
        if head is not None and summary_format(head) is not None:
            self.read_summaries(path, result)
            return
        quick = look_first and stat is not None and stat.st_size <= LOOK_WHILE_READING
        if look_first and not quick:
            try:
                if not holds_hands(path):
                    result.without_hands = True
                    return
            except InputError as exc:
                result.problem = exc.reason
                return
        try:
            if stat is None:
                stat = os.stat(path)
            result.size, result.mtime_ns = stat.st_size, stat.st_mtime_ns
            raws = self._raws(path, quick, stat, result, head)
            for item in prepared(raws, worker.profile, self.passed_over):
                self._take(item, path, result)
        except InputError as exc:
            if worker.settle > 0 and stat is not None and _recent(stat, worker.settle):
                result.held_back = True  # a document still being written: read it later
                result.read_to = chunk.start if chunk is not None else 0
                return
            result.unreadable = exc.reason
            self.keep_failure(ParseFailure(exc, "", path, 0, 0), result)
        except OSError as exc:  # gone or unreadable since the folder was scanned
            result.unreadable = exc.strerror or str(exc)
            self.keep_failure(ParseFailure(InputError(result.unreadable, path=path), "", path,
                                           0, 0), result)

    def passed_over(self, key: str) -> bool:
        """Whether a hand of this key is stored or earlier in the task (not worked on)."""
        if key in self.seen:
            return True
        found = self.worker.known_hands.lookup(key)
        if len(self.looked_up) >= LOOKED_UP_MOST:  # keys never asked again (unread hands)
            self.looked_up.clear()
        self.looked_up[key] = found
        return found[0]

    def _take(self, item: Prepared, path: str, result: FileResult) -> None:
        """Decide what one hand of a file is, in the file's order: stored already or
        earlier in the task, a failure, or new (its rows buffered)."""
        raw = item.raw
        if item.key is not None and self.repeated(item.key, raw, result):
            return
        parsed = item.parsed()
        if isinstance(parsed, SkippedHand):
            result.skipped += 1
            self.keep_results(skipped_results(raw), result)
            return
        if isinstance(parsed, ParseFailure):
            self.keep_failure(parsed, result)
            return
        replayed = item.outcome(self.worker.profile)
        if isinstance(replayed, StudHHError):
            self.keep_failure(failure_of(raw, replayed), result)
            return
        k = _key(parsed.site, parsed.hand_id)
        # a header our cheap key could not read (or read otherwise): asked again
        if k != item.key and self.repeated(k, raw, result):
            return
        digest = item.text_digest()
        self.seen[k] = (digest, path, raw.first_line)
        result.hand_keys.append(k)
        result.hand_digests.append(digest)
        result.hand_lines.append(raw.first_line)
        self._add_hand(replayed, item, result, k)
        self.keep_results(hand_results(parsed), result)
        if self.buffer.hands >= self.worker.batch_hands:
            self.buffer.flush()
            self.collector.collect()
        else:
            self.collector.tick()

    def _raws(self, path: str, quick: bool, stat: os.stat_result, result: FileResult,
              head: str | None) -> Iterator[RawHand]:
        """The raw hands to read of ``path`` (whose decoded head is ``head``, when read): a
        small file met in a folder only if it holds hands; a piece's only (its own bytes);
        the last text of a file still being written only once it is whole."""
        chunk = result.chunk
        raws = (chunk_hands(chunk) if chunk is not None else
                _if_it_holds_hands(path, result, head) if quick else raw_hands(path, head))
        settle = self.worker.settle
        if settle > 0 and _recent(stat, settle) and (chunk is None or chunk.last):
            raws = _unless_unfinished(raws, path, result)
        return raws
    @staticmethod
    def _head(path: str, look_first: bool, result: FileResult) -> str | None:
        """The file's decoded head, to tell a summary file; ``None`` when it cannot be read
        (a file met in a folder is then passed over with why; one named directly fails
        as the reading of its hands fails)."""
        try:
            return read_head(path)
        except InputError as exc:
            if look_first:
                result.problem, result.mtime_ns = exc.reason, None
            return None

    def read_summaries(self, path: str, result: FileResult) -> None:
        """Read one tournament summary file: a result per player of each summary, and each
        summary that cannot be read kept as a failure."""
        try:
            stat = os.stat(path)
            result.size, result.mtime_ns = stat.st_size, stat.st_mtime_ns
            for item in read_summaries(path):
                if isinstance(item, TournamentSummary):
                    result.summaries += 1
                    self.keep_results(item.results, result)
                elif isinstance(item, SkippedSummary):
                    result.summaries_skipped += 1
                else:
                    self.keep_failure(item, result)
        except (InputError, OSError) as exc:
            result.unreadable = _cannot_read(exc)
            self.keep_failure(ParseFailure(InputError(result.unreadable, path=path), "", path,
                                           0, 0), result)

    def _add_hand(self, replayed: ReplayedHand, item: Prepared, result: FileResult,
                  key: str) -> None:
        rows = item.hand_rows(replayed)
        violations = len(replayed.violations)
        following = sum(1 for v in replayed.violations if v.follows_line is not None)
        self.buffer.add_hand(rows, _Source(key, item.raw, result, violations, following))
        result.hand_violations.append(violations)
        result.hand_following.append(following)
        if violations:
            result.violations += violations
            result.violations_following += following
            result.hands_with_violations += 1

    def finish(self) -> BatchResult:
        """Write what is buffered (the files' rows are the parent's to write, once it has
        dropped what an earlier batch brought)."""
        self.buffer.flush()
        return BatchResult(self.results, self.buffer.parts, _peak_mib(), os.getpid(),
                           _cpu_seconds())


Piece = tuple[str, bool] | tuple[str, bool, Chunk]
"""What a task reads of one file: its path, whether its content must be looked at first,
and the chunk of it when the file was cut into several."""


def _import_batch(files: Sequence[Piece]) -> BatchResult:
    """Parse, replay and write one batch of files' new hands as uncommitted parts (each
    file with whether its content must be looked at first, and its chunk if it is one)."""
    worker = _WORKER
    assert worker is not None, "the worker was not initialised"
    batch = _BatchReader(worker)
    with batch.collector:
        for path, look_first, *chunk in files:
            batch.read(path, look_first, chunk[0] if chunk else None)
        return batch.finish()


# ---------------------------------------------------------------------------
# The parent side
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class Stored:
    """What a database holds that an import must know: the keys it passes over.

    Read once per import (:meth:`of`); a watch keeps one up to date across its imports
    while it holds the write lock (:class:`LiveImport`)."""

    hands: KnownHands
    """Stored hands: key -> text digest, kept compact (32 bytes a hand)."""
    failures: set[str]
    files: set[tuple[str, int, int]]
    """(file, size, modification time) of every reading of a file."""
    conflicts: set[str]
    failure_places: dict[tuple[str, int | str], set[str]]
    """Failure keys by (file, first line) and by (file, hand key): where a hand read whole
    later replaces a failure (see :attr:`ImportSummary.failures_replaced`)."""
    results: set[str] = field(default_factory=set)
    """Every stored ``tournaments`` row's key."""

    @classmethod
    def of(cls, db: Database) -> Stored:
        keys = KnownHands.of_batches(db.batches("hands", ["site", "hand_id", "text_digest"]))
        files = db.arrow("files", ["file", "size", "mtime_ns"])
        known_files = set(zip(files.column("file").to_pylist(),
                              files.column("size").to_pylist(),
                              files.column("mtime_ns").to_pylist(), strict=True))
        conflicts = set(db.arrow("conflicts", ["key"]).column("key").to_pylist())
        results = set(db.arrow("tournaments", ["key"]).column("key").to_pylist())
        stored = cls(keys, set(), known_files, conflicts, {}, results)
        for row in db.arrow("failures", ["key", "site", "hand_id", "file",
                                         "first_line"]).to_pylist():
            stored.add_failure(row)
        return stored

    def add_failure(self, row: dict[str, Any]) -> None:
        self.failures.add(row["key"])
        places = [(row["file"], row["first_line"])]
        if row["site"] is not None and row["hand_id"] is not None:
            places.append((row["file"], _key(row["site"], row["hand_id"])))
        for place in places:
            self.failure_places.setdefault(place, set()).add(row["key"])

    def replaced_failures(self, result: FileResult, repeated: set[str]) -> set[str]:
        """The stored failures that the new hands of ``result`` (those not in
        ``repeated``) replace."""
        found: set[str] = set()
        if not self.failure_places:
            return found
        for key, line in zip(result.hand_keys, result.hand_lines, strict=True):
            if key in repeated:
                continue
            found |= self.failure_places.get((result.path, line), set())
            found |= self.failure_places.get((result.path, key), set())
        return found

    def forget_failures(self, keys: set[str]) -> None:
        self.failures -= keys
        for place in [p for p, k in self.failure_places.items() if k & keys]:
            self.failure_places[place] -= keys
            if not self.failure_places[place]:
                del self.failure_places[place]


def _drop_repeated(db: Database, parts: list[Part], hands: set[str],
                   failures: set[str], results: set[str] | None = None) -> list[Part]:
    """``parts`` rewritten without the hands, failures and results another batch already
    brought."""
    kept: list[Part] = []
    for part in parts:
        if part.table in HAND_TABLES and hands:
            repeated = hands
        elif part.table == "failures" and failures:
            repeated = failures
        elif part.table == "tournaments" and results:
            repeated = set(results)
        else:
            kept.append(part)
            continue
        data = db.read_part(part.path)
        if part.table in ("failures", "tournaments"):
            keys = data.column("key")
        else:
            keys = pc.binary_join_element_wise(data.column("site").cast(pa.string()),
                                               data.column("hand_id"), "\x1f")
        mask = pc.invert(pc.is_in(keys, value_set=pa.array(sorted(repeated), pa.string())))
        filtered = data.filter(mask)
        db.storage.delete(part.path)
        if filtered.num_rows:
            kept.append(db.write_part(part.table, conform(part.table, filtered)))
    return kept


def _run_conflicts(result: FileResult, repeated: set[str],
                   seen: KnownHands) -> list[dict[str, Any]]:
    """Conflict rows for hands of ``result`` that an earlier batch of this run (or the
    database) brought with another text: their text is read again from the file."""
    different = {k: d for k, d in zip(result.hand_keys, result.hand_digests, strict=True)
                 if k in repeated and seen[k] is not None and seen[k] != d}
    if not different:
        return []
    rows = []
    for raw in chunk_hands(result.chunk) if result.chunk is not None else raw_hands(result.path):
        key = hand_key(raw)
        k = _key(*key) if key is not None else None
        if k in different:
            digest = text_digest(raw.text)
            if digest == different[k]:
                stored = seen[k]
                assert stored is not None
                rows.append(conflict_row(k, raw, digest, stored))
    return rows


def _fill_stored_sources(db: Database, conflicts: list[dict[str, Any]],
                         pending: Sequence[str] = ()) -> None:
    """Fill in the stored copy's file and first line of conflicts that lack them, the
    stored copy being committed or in the ``hands`` parts ``pending`` (not committed yet)."""
    missing = [c for c in conflicts if c["stored_file"] is None]
    if not missing:
        return
    ids = sorted({c["hand_id"] for c in missing})
    columns = ["site", "hand_id", "file", "first_line"]
    found = [db.arrow("hands", columns, filters=[("hand_id", "in", ids)])]
    for path in pending:
        data = db.read_part(path, columns)
        found.append(data.filter(pc.is_in(data.column("hand_id"),
                                           value_set=pa.array(ids, pa.string()))))
    where = {(r["site"], r["hand_id"]): (r["file"], r["first_line"])
             for stored in found for r in stored.to_pylist()}
    for c in missing:
        c["stored_file"], c["stored_first_line"] = where.get((c["site"], c["hand_id"]),
                                                             (None, None))


def files_to_import(paths: Iterable[str | os.PathLike[str]]) -> list[str]:
    """Every history file under ``paths``, as absolute paths (raises InputError when missing).

    Files named directly, and every file of a folder whose content holds hands (see
    :func:`stud_hh.read.parse.scan_paths`).
    """
    return [str(p.resolve()) for p in scan_paths(paths).files]


def _candidates(paths: Iterable[str | os.PathLike[str]]) -> tuple[dict[str, bool],
                                                                  list[tuple[Path, str]]]:
    """The files under ``paths`` (absolute path -> whether it was met in a folder, its
    content to be looked at before it is read), and the folder entries that could not be
    read. Raises :class:`InputError` for a path that does not exist.

    This is :func:`stud_hh.read.parse.scan_paths` with the look at each file's content left to
    the workers (in parallel, and never for a file imported before and unchanged since).
    """
    found: dict[str, bool] = {}
    problems: list[tuple[Path, str]] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            for entry in walk(path):
                if entry.problem is not None:
                    problems.append((entry.path, entry.problem))
                else:
                    name = str(entry.path.resolve())
                    found[name] = found.get(name, True)
        elif path.is_file():
            found[str(path.resolve())] = False  # named directly: always read
        else:
            raise InputError(not_readable(path), path=str(path))
    return found, problems


def _raised_by_worker(exc: BaseException) -> bool:
    """Whether ``exc`` was raised by the task in a worker (its traceback attached), rather
    than by the pool's own machinery."""
    return type(exc.__cause__).__name__ in ("_RemoteTraceback", "RemoteTraceback")


def _pool_context() -> Any:
    """The start method of worker processes: forkserver, so that workers start clean (never
    inheriting a progress bar's thread) from a server that has imported stud-hh once."""
    context = multiprocessing.get_context("forkserver")
    with suppress(AttributeError, ValueError):
        context.set_forkserver_preload(["__main__", __name__])
    return context


def _on_pool(batches: list[list[Piece]], jobs: int, initargs: tuple[Any, ...],
             done: Callable[[int, BatchResult], None],
             ) -> tuple[list[int], BaseException | None]:
    """Run ``batches`` on ``jobs`` worker processes, handing each result to ``done`` with
    its batch's index as it ends.

    Returns the indexes of the batches left undone and why, when the processes could not
    start or stopped at once (their parts, written or not, stay uncommitted); raises what a
    worker raised.
    """
    left = set(range(len(batches)))
    failure: BaseException | None = None
    try:
        pool = ProcessPoolExecutor(jobs, mp_context=_pool_context(), initializer=_init_pool_worker,
                                   initargs=initargs)
    except POOL_ERRORS as exc:
        return sorted(left), exc
    try:
        futures: dict[Future[BatchResult], int] = {}
        try:
            for index, batch in enumerate(batches):
                futures[pool.submit(_import_batch, batch)] = index
        except POOL_ERRORS as exc:
            failure = exc
        for future in as_completed(futures):
            try:
                result = future.result()
            except POOL_ERRORS as exc:
                if _raised_by_worker(exc) and not isinstance(exc, BrokenProcessPool):
                    raise
                failure = failure or exc
                continue
            done(futures[future], result)
            left.discard(futures[future])
    except BaseException:
        _stop_at_once(pool)
        raise
    pool.shutdown(wait=True, cancel_futures=True)
    return sorted(left), failure


def _stop_at_once(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` without waiting for its tasks (the import is interrupted, or failed):
    the tasks not started are cancelled and the worker processes killed, then waited for,
    so that nothing writes once this returns (the parts they wrote are uncommitted, and
    removed: :meth:`Database.writing`). The pool's queues are closed as in any shutdown,
    leaving no semaphore behind."""
    processes = list(getattr(pool, "_processes", None) or {})  # pids; private, but stable
    pool.shutdown(wait=False, cancel_futures=True)
    for pid in processes:
        with suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    pool.shutdown(wait=True)


class _InOrder:
    """Commits batch results in the order of their batches, whatever order they end in, so
    that what is stored is the same for any number of processes: of two copies of a hand
    (or two readings of a failure), the one first in the order the files are read is kept,
    the other is the repeat (or the conflict)."""

    def __init__(self, commit: Callable[[BatchResult], None]) -> None:
        self.commit = commit
        self.next = 0
        self.waiting: dict[int, BatchResult] = {}

    def done(self, index: int, result: BatchResult) -> None:
        """Batch ``index`` has ended: commit it, and the waiting ones it was holding back."""
        self.waiting[index] = result
        while self.next in self.waiting:
            self.commit(self.waiting.pop(self.next))
            self.next += 1

    def give_up(self) -> list[int]:
        """The batches that ended but still wait for an earlier one (their workers
        stopped): forgotten, to be read again; their parts are left uncommitted."""
        waiting = sorted(self.waiting)
        self.waiting.clear()
        return waiting


def _pool_note(exc: BaseException, done: int, workers: str = "worker processes") -> str:
    what = f"{type(exc).__name__}: {exc}".splitlines()[0] if str(exc) else type(exc).__name__
    started = "stopped" if done else "could not start"
    return (f"{workers} {started} ({what}): importing the rest in this process alone "
            "(or rerun with --jobs 1)")


class Runner(Protocol):
    """Runs an import's tasks somewhere else than this machine's process pool (a Dask
    cluster: :mod:`stud_hh.store.distributed`), committing each result as it comes in."""

    workers: int
    """How many tasks it runs at once."""
    name: str
    """What runs them, for the summary (``"Dask workers"``)."""

    def __call__(self, batches: list[list[Piece]], initargs: tuple[Any, ...],
                 done: Callable[[int, BatchResult], None]
                 ) -> tuple[list[int], BaseException | None]:
        """Run ``_import_batch`` on each batch, after ``_init_worker(*initargs)`` in each
        process; hand each result to ``done`` in this process, with its batch's index.
        Returns the indexes of the batches left undone and why, when the workers stopped;
        raises what a task raised."""


def default_processes(total_bytes: int, cores: int | None = None) -> int:
    """How many processes read ``total_bytes`` of files when the user does not say: one
    per :data:`PROCESS_BYTES`, at most one per core; a few thousand hands are read in this
    process alone.

    >>> default_processes(900_000, cores=8), default_processes(40 * 2**20, cores=8)
    (1, 7)
    >>> default_processes(10**10, cores=2)
    2
    """
    cores = cores or os.cpu_count() or 1
    return max(1, min(cores, 1 + total_bytes // PROCESS_BYTES))


def _cut_large_files(todo: Sequence[tuple[tuple[str, bool], int]], jobs: int,
                     chunk_bytes: int | None = None) -> list[tuple[Piece, int]]:
    """``todo`` with each file larger than the batch size (or ``chunk_bytes``) cut into
    chunks, a piece each (:func:`stud_hh.read.chunks.chunks`): one large file is many
    tasks. A binary file met in a folder, a document and a file that cannot be read stay
    whole (the worker deals with them as it does)."""
    total = sum(size for _, size in todo)
    target = chunk_bytes or max(CHUNK_BYTES_MIN,
                                min(BATCH_BYTES, total // (jobs * TASKS_PER_JOB)))
    pieces: list[tuple[Piece, int]] = []
    for (path, look_first), size in todo:
        cut: list[Chunk] = []
        if size > target:
            try:
                if not look_first or not looks_binary(read_start(path, 1 << 16)):
                    cut = chunks(path, target)
            except InputError:
                cut = []
        if len(cut) > 1:
            pieces += [((path, False, c), c.length) for c in cut]
        else:
            pieces.append(((path, look_first), size))
    return pieces


def import_paths(
    paths: Sequence[str | os.PathLike[str]],
    db_root: str | os.PathLike[str] | Storage,
    *,
    profile: str = "site",
    jobs: int | None = None,
    batch_hands: int = BATCH_HANDS,
    batch_files: int = BATCH_FILES,
    settle: float = 0.0,
    on_file: Callable[[FileResult], None] | None = None,
    on_start: Callable[[list[str], int], None] | None = None,
    on_note: Callable[[str], None] | None = None,
    runner: Runner | None = None,
    chunk_bytes: int | None = None,
) -> ImportSummary:
    """Import every history file under ``paths`` into the database at ``db_root`` (a
    folder, or a URL such as ``s3://bucket/db``: see :mod:`stud_hh.store.storage`).

    Files named directly are read; a folder's files (recursively) when their content
    holds hands, as :func:`stud_hh.read.parse.scan_paths` finds them. A hand already stored, or
    brought twice by the run, is stored once; a copy whose text differs beyond whitespace
    (other names, other amounts) is also kept in the ``conflicts`` table with both
    sources, and listed in the summary. A failure stored earlier whose hand is now read
    whole (a file imported while its last hand was being written) is replaced by it.

    ``jobs`` worker processes (default: :func:`default_processes`, by the size of the
    files; 1 runs in this process), each reading
    up to ``batch_files`` files per task; or the tasks run by ``runner`` (a Dask cluster,
    :mod:`stud_hh.store.distributed`). With several processes, a file larger than a task's
    share (or than ``chunk_bytes``) is cut into chunks at hand boundaries, a task each
    (:mod:`stud_hh.read.chunks`); its ``files`` row is committed with its last chunk, so
    a killed import reads a half-imported file again (its stored hands passed over).
    With ``settle`` seconds, a file changed less
    than that long ago has its last text left for a later import unless a blank line
    follows it (see :attr:`FileResult.held_back`). ``on_start(files, total_bytes)`` is
    called once the work is known and ``on_file(result)`` after each file is committed
    (for a progress bar); ``on_note(text)`` with what went otherwise than asked (worker
    processes that could not start: the import then goes on in this process), by
    default printed on standard error.
    """
    if profile != "site":  # each hand under its own site's profile
        rule_profile(profile)  # an unknown profile fails before any work
    started, cpu_started = time.perf_counter(), _cpu_seconds()
    candidates, problems = _candidates(paths)
    db = Database.create(db_root)
    run = _Run(db, profile=profile, jobs=jobs, batch_hands=batch_hands,
               batch_files=batch_files, settle=settle, on_file=on_file, on_start=on_start,
               on_note=on_note, runner=runner, chunk_bytes=chunk_bytes)
    with db.writing():
        try:
            run.go(candidates, problems, Stored.of(db))
        except BaseException:
            with suppress(OSError):  # a fault mid-import: leave nothing half-written behind
                db.remove_uncommitted()
            raise
        db.compact()
    run.summary.seconds = time.perf_counter() - started
    run.summary.cpu_seconds += _cpu_seconds() - cpu_started
    return run.summary


@dataclass(slots=True)
class _Run:
    """One import's settings and summary (:func:`import_paths`, :class:`LiveImport`)."""

    db: Database
    profile: str = "site"
    jobs: int | None = None
    batch_hands: int = BATCH_HANDS
    batch_files: int = BATCH_FILES
    settle: float = 0.0
    on_file: Callable[[FileResult], None] | None = None
    on_start: Callable[[list[str], int], None] | None = None
    on_note: Callable[[str], None] | None = None
    runner: Runner | None = None
    chunk_bytes: int | None = None
    summary: ImportSummary = field(default_factory=lambda: ImportSummary(jobs=1))

    def note(self, text: str) -> None:
        self.summary.notes.append(text)
        if self.on_note is not None:
            self.on_note(text)
        else:
            print(f"stud-hh: {text}", file=sys.stderr)

    def go(self, candidates: dict[str, bool], problems: list[tuple[Path, str]],
           stored: Stored) -> None:
        """Read the changed files of ``candidates`` and commit them, keeping ``stored``
        up to date with what is committed."""
        db, summary, runner = self.db, self.summary, self.runner
        todo = _changed_files(candidates, stored.files, problems, summary)
        wanted = (runner.workers if runner else self.jobs if self.jobs else
                  default_processes(sum(size for _, size in todo)))
        pieces: Sequence[tuple[Piece, int]] = todo
        if wanted > 1 or runner:
            pieces = _cut_large_files(todo, max(1, wanted), self.chunk_bytes)
        batches = plan_batches(pieces, wanted, max_files=self.batch_files)
        jobs = max(1, min(wanted, len(batches)))
        summary.jobs, summary.workers = jobs, runner.name if runner else ""
        if self.on_start is not None:
            self.on_start([p for (p, _), _ in todo], sum(size for _, size in todo))
        # the workers' own copy: what a batch commits is dropped from the next by the parent
        known = stored.hands.copy()
        told = known if len(known) <= WORKER_KNOWN_HANDS else KnownHands()
        args = (db.storage.for_workers(), self.profile, told,
                frozenset(stored.failures), self.batch_hands, self.settle,
                frozenset(stored.results))
        run = _Committer(db, summary, problems, stored, self.on_file)
        ordered = _InOrder(run.commit)
        left = list(range(len(batches)))
        if runner or jobs > 1:
            left, failure = (runner(batches, args, ordered.done) if runner else
                             _on_pool(batches, jobs, args, ordered.done))
            if failure is not None:
                self.note(_pool_note(failure, len(batches) - len(left),
                                     runner.name if runner else "worker processes"))
                summary.jobs, summary.workers = 1, ""
                left = sorted(left + ordered.give_up())
            if failure is not None or runner:
                # what stopped workers (or a task's dead try) wrote; not what waits to commit
                db.remove_uncommitted(keep=run.pending_paths())
        if left:  # in this process, which holds every stored hand anyway
            _init_worker(args[0], args[1], known, *args[3:])
            with frozen_gc():  # once for the run, as a worker process does (_init_pool_worker)
                for index in left:
                    ordered.done(index, _import_batch(batches[index]))
        if run.pieces:  # pragma: no cover - every batch ends, or the import stops
            raise RuntimeError(f"chunks of {', '.join(run.pieces)} never came in")
        summary.files = summary.files_unchanged + run.read
        summary.scan_note = Scan((), tuple(run.without_hands), tuple(problems)).summary()
        summary.cpu_seconds = sum(run.worker_cpu.values())


LIVE_COMPACT_PARTS = 64
"""Small parts per table before a watch merges them (each import of a watch adds a part
per table; the usual 16 would merge a large remainder part again every few hands); the
watch merges as usual when it stops."""


class LiveImport:
    """Imports one after another into one database, holding its write lock throughout (a
    watch, :mod:`stud_hh.live`): what is stored is read once, then kept up to date.

    >>> with LiveImport("my.db", settle=2.0) as live:  # doctest: +SKIP
    ...     summary = live.read(["HH20240101 Table.txt"])
    """

    def __init__(self, db_root: str | os.PathLike[str] | Storage, *, profile: str = "site",
                 settle: float = 2.0) -> None:
        if profile != "site":
            rule_profile(profile)
        self.db = Database.create(db_root)
        self.profile, self.settle = profile, settle
        self._stored: Stored | None = None
        self._lock: Any = None

    def __enter__(self) -> LiveImport:
        self._lock = self.db.writing()
        self._lock.__enter__()
        self._stored = Stored.of(self.db)
        return self

    def __exit__(self, *exc: object) -> None:
        lock, self._lock = self._lock, None
        if lock is None:
            return
        try:
            if exc[0] is None or exc[0] is KeyboardInterrupt:
                with suppress(StudHHError, OSError):  # merging is an optimisation only
                    self.db.compact()
        finally:
            lock.__exit__(*exc)

    def read(self, paths: Sequence[str | os.PathLike[str]], *, in_folder: bool = False,
             on_file: Callable[[FileResult], None] | None = None) -> ImportSummary:
        """Import the files ``paths`` (those unchanged since their last import are passed
        over) in this process; ``in_folder``: files met in a folder, read only when their
        content holds hands. ``on_file(result)`` after each file read. A fault or Ctrl-C
        leaves what was committed before it and nothing else."""
        assert self._stored is not None, "use LiveImport as a context manager"
        started = time.perf_counter()
        run = _Run(self.db, profile=self.profile, jobs=1, settle=self.settle, on_file=on_file)
        candidates = {str(Path(p).resolve()): in_folder for p in paths}
        try:
            run.go(candidates, [], self._stored)
            if self.db.compact(min_parts=LIVE_COMPACT_PARTS):
                self._stored = Stored.of(self.db)
        except BaseException:
            with suppress(OSError):
                self.db.remove_uncommitted()
            raise
        run.summary.seconds = time.perf_counter() - started
        return run.summary


def _changed_files(candidates: dict[str, bool], known_files: set[tuple[str, int, int]],
                   problems: list[tuple[Path, str]], summary: ImportSummary
                   ) -> list[tuple[tuple[str, bool], int]]:
    """The files to read, with their sizes: those stored with the same size and
    modification time are passed over (counted in ``summary``), those gone since the
    folder was listed are problems."""
    todo: list[tuple[tuple[str, bool], int]] = []
    for path, look_first in candidates.items():
        try:
            stat = os.stat(path)
        except OSError as exc:  # gone since the folder was listed
            problems.append((Path(path), f"cannot read: {exc.strerror or exc}"))
            continue
        if (path, stat.st_size, stat.st_mtime_ns) in known_files:
            summary.files_unchanged += 1
        else:
            todo.append(((path, look_first), stat.st_size))
    return todo


@dataclass(slots=True)
class _Pieces:
    """A file cut into chunks, as its chunks come in."""

    left: int
    """Chunks not in yet."""
    row: dict[str, Any]
    """Its ``files`` row, counted over the chunks in."""
    held_back: bool = False
    """Whether a chunk in held its last text back (the row's size is then the byte that
    text starts at)."""
    named: bool = False
    """Whether a chunk in stores rows that name the file."""


@dataclass(slots=True)
class _Pending:
    """What batches brought that is counted but not committed yet: the batches since a file
    cut into chunks was opened, committed in one step with its last chunk. No file is
    ever committed in part, so a killed import leaves a file's rows whole (its ``files`` row
    among them) or none of them, and the next import reads the file again, whole."""

    parts: list[Part] = field(default_factory=list)
    files: dict[str, None] = field(default_factory=dict)
    """The history files of the parts' rows, in order."""
    replaces: list[str] = field(default_factory=list)
    """Committed parts leaving the database with the pending ones (rewritten without the
    failures their hands replace)."""


def _named_files(batch: BatchResult, repeated: set[str], repeated_failures: set[str],
                 repeated_results: set[str], conflicts: list[dict[str, Any]]) -> set[str]:
    """The files that the rows ``batch`` stores name: its hands, failures and results not
    stored before (nor ``repeated`` in the run) and its conflicts."""
    named = {str(c["file"]) for c in conflicts}
    for result in batch.files:
        if any(k not in repeated for k in result.hand_keys) \
                or any(k not in repeated_failures for k in result.failure_keys) \
                or any(k not in repeated_results for k in result.result_keys):
            named.add(result.path)
    return named


@dataclass(slots=True)
class _Committer:
    """The parent side of an import: commits each batch's parts as its result comes in,
    without what the database or an earlier batch of the run already holds, and counts
    each file."""

    db: Database
    summary: ImportSummary
    problems: list[tuple[Path, str]]
    stored: Stored
    """Every hand, failure, file and conflict stored or committed so far."""
    on_file: Callable[[FileResult], None] | None
    without_hands: list[Path] = field(default_factory=list)
    worker_cpu: dict[int, float] = field(default_factory=dict)
    read: int = 0
    pieces: dict[str, _Pieces] = field(default_factory=dict)
    """Files cut into chunks some of whose chunks are in (pending), by path."""
    pending: _Pending = field(default_factory=_Pending)

    def commit(self, batch: BatchResult) -> None:
        """Take one batch's parts in, repeats dropped, conflicts added, the failures its
        hands replace taken out and its files' rows written, and count its files; commit
        them at once, unless a file cut into chunks is open (some of its chunks still to
        come): then with that file's last chunk (:class:`_Pending`)."""
        repeated: set[str] = set()
        repeated_failures: set[str] = set()
        repeated_results: set[str] = set()
        conflicts: list[dict[str, Any]] = []
        seen = self.stored
        for result in batch.files:
            conflicts += result.conflicts
            in_file = {k for k, known in zip(result.hand_keys,
                                              seen.hands.contains_many(result.hand_keys),
                                              strict=True) if known}
            if in_file:
                conflicts += _run_conflicts(result, in_file, seen.hands)
                repeated |= in_file
            repeated_failures |= {k for k in result.failure_keys if k in seen.failures}
            repeated_results |= {k for k in result.result_keys if k in seen.results}
        rows = self._files_rows(batch, repeated, _named_files(
            batch, repeated, repeated_failures, repeated_results, conflicts))
        parts = batch.parts
        if repeated or repeated_failures or repeated_results:
            parts = _drop_repeated(self.db, parts, repeated, repeated_failures,
                                   repeated_results)
        conflicts = self._new_conflicts(conflicts, parts)
        self._replace_failures(batch, repeated, parts)
        if rows:
            parts.append(self.db.write_part("files", to_arrow("files", {
                name: [row[name] for row in rows] for name in TABLES["files"].names})))
        self.pending.parts += parts
        self.pending.files.update(dict.fromkeys(
            r.path for r in batch.files if r.mtime_ns is not None and not r.without_hands))
        if not self.pieces:
            self.flush()
        seen.files.update((row["file"], row["size"], row["mtime_ns"]) for row in rows)
        seen.conflicts.update(c["key"] for c in conflicts)
        self.summary.conflicts.extend(conflicts)
        self.summary.worker_peak_mib = max(self.summary.worker_peak_mib, batch.peak_rss_mib)
        if batch.pid != os.getpid():
            self.worker_cpu[batch.pid] = batch.cpu_seconds
        for result in batch.files:
            self._count(result, repeated, repeated_failures)
            self._count_results(result, repeated_results)
            if self.on_file is not None:
                self.on_file(result)

    def flush(self) -> None:
        """Commit what is pending, in one step."""
        pending, self.pending = self.pending, _Pending()
        self.db.commit(pending.parts, {"files": list(pending.files)},
                       replaces=pending.replaces)

    def pending_paths(self) -> set[str]:
        """The parts taken in and not committed yet (not to be removed as a dead worker's)."""
        return {p.path for p in self.pending.parts}

    def _files_rows(self, batch: BatchResult, repeated: set[str], named: set[str]
                    ) -> list[dict[str, Any]]:
        """The ``files`` rows ``batch`` completes: one per file read, and one per file cut
        into chunks whose last chunk to come in is in ``batch`` (each result's
        :attr:`FileResult.completes` set). A file's hands are those stored from it: not
        those ``repeated`` (stored before, or brought by an earlier batch of the run, which
        its worker could not know). A file whose last text was held back (still being
        written) gets a row only when the reading stores rows that name it (``named``), of
        the bytes before that text (:attr:`FileResult.read_to`): every file the database's
        rows name has a row, and the next import still reads that file again. No row is
        written twice."""
        rows = []
        for result in batch.files:
            row = self._row_of(result, repeated, result.path in named)
            if row is not None and \
                    (row["file"], row["size"], row["mtime_ns"]) not in self.stored.files:
                rows.append(row)
        return rows

    def _row_of(self, result: FileResult, repeated: set[str], named: bool
                ) -> dict[str, Any] | None:
        """The ``files`` row of one result (see :meth:`_files_rows`), if it has one."""
        row = result.files_row()
        row["hands"] = sum(k not in repeated for k in result.hand_keys)
        if result.chunk is not None:
            return self._pieces_row(result, row, named)
        if result.mtime_ns is None or result.without_hands or (result.held_back and not named):
            return None
        if result.held_back:
            row["size"] = result.read_to or 0
        return row

    def _pieces_row(self, result: FileResult, row: dict[str, Any], named: bool
                    ) -> dict[str, Any] | None:
        """The ``files`` row of a file cut into chunks, counted over them, once the last of
        them is in (``None`` before, or when a chunk held its last text back and none
        stores rows that name the file): the size and time the file had when it was cut,
        up to which its chunks read it (it may have grown since), or the byte a text held
        back starts at."""
        chunk = result.chunk
        assert chunk is not None
        pieces = self.pieces.get(result.path)
        if pieces is None:
            pieces = self.pieces[result.path] = _Pieces(chunk.count, {
                "file": result.path, "size": chunk.size, "mtime_ns": chunk.mtime_ns,
                "hands": 0, "skipped": 0, "failures": 0})
        pieces.left -= 1
        for name in ("hands", "skipped", "failures"):
            pieces.row[name] += row[name]
        pieces.named = pieces.named or named
        if result.held_back:
            pieces.held_back = True
            pieces.row["size"] = min(pieces.row["size"], result.read_to or 0)
        result.completes = pieces.left == 0
        if not result.completes:
            return None
        del self.pieces[result.path]
        return pieces.row if pieces.named or not pieces.held_back else None

    def _replace_failures(self, batch: BatchResult, repeated: set[str],
                          parts: list[Part]) -> None:
        """Take out the failures stored earlier that the batch's new hands replace: the
        parts holding them (committed, or pending) are rewritten without them, the new
        parts into ``parts``, the committed ones replaced when the pending ones commit."""
        keys: set[str] = set()
        for result in batch.files:
            keys |= self.stored.replaced_failures(result, repeated)
        if not keys:
            return
        pending = self.pending
        waiting = {p.path: p for p in pending.parts if p.table == "failures"}
        current = [p for p in self.db.parts()["failures"] if p not in pending.replaces]
        old, new = self.db.without_rows("failures", "key", keys, [*current, *waiting])
        for path in old:
            if path in waiting:  # never committed: gone for good
                pending.parts.remove(waiting[path])
                self.db.storage.delete(path)
            else:
                pending.replaces.append(path)
        parts += new
        self.stored.forget_failures(keys)
        self.summary.failures_replaced += len(keys)
        self.summary.replaced_keys |= keys

    def _new_conflicts(self, conflicts: list[dict[str, Any]], parts: list[Part]
                       ) -> list[dict[str, Any]]:
        """The conflicts not stored yet, written as a ``conflicts`` part into ``parts``."""
        conflicts = [c for c in conflicts if c["key"] not in self.stored.conflicts]
        if conflicts:
            _fill_stored_sources(self.db, conflicts, [
                p.path for p in self.pending.parts if p.table == "hands"])
            parts.append(self.db.write_part("conflicts", to_arrow("conflicts", {
                name: [c[name] for c in conflicts] for name in TABLES["conflicts"].names})))
        return conflicts

    def _count_results(self, result: FileResult, repeated: set[str]) -> None:
        """One committed file's tournament summaries and results in the summary."""
        new = [k for k in result.result_keys if k not in repeated]
        self.stored.results.update(new)
        self.summary.results_new += len(new)
        self.summary.results_known += result.results_known + len(result.result_keys) - len(new)
        self.summary.summaries += result.summaries
        self.summary.summaries_skipped += result.summaries_skipped

    def _count(self, result: FileResult, repeated: set[str],
               repeated_failures: set[str]) -> None:
        """One committed file in the summary (and in what is known to be stored)."""
        summary = self.summary
        if result.without_hands or result.problem is not None:
            if result.problem is not None:
                self.problems.append((Path(result.path), result.problem))
            else:
                self.without_hands.append(Path(result.path))
            return
        self.read += result.completes
        summary.held_back += result.held_back
        if repeated:  # brought by an earlier batch: their rows were dropped, and so is their count
            kept = [(k, d, n, v, f) for k, d, n, v, f in zip(
                result.hand_keys, result.hand_digests, result.hand_lines,
                result.hand_violations, result.hand_following, strict=True)
                if k not in repeated]
            summary.duplicates += len(result.hand_keys) - len(kept)
            result.hand_keys = [k for k, *_ in kept]
            result.hand_digests = [d for _, d, *_ in kept]
            result.hand_lines = [n for _, _, n, _, _ in kept]
            result.hand_violations = [v for *_, v, _ in kept]
            result.hand_following = [f for *_, f in kept]
            result.violations = sum(result.hand_violations)
            result.violations_following = sum(result.hand_following)
            result.hands_with_violations = sum(v > 0 for v in result.hand_violations)
        self.stored.hands.update(zip(result.hand_keys, result.hand_digests, strict=True))
        again = 0
        for key, (first, line, reason, hand) in zip(result.failure_keys, result.failure_notes,
                                                    strict=True):
            if key in repeated_failures:
                again += 1
                continue
            site, _, hand_id = hand.partition("\x1f") if hand else (None, "", None)
            self.stored.add_failure({"key": key, "site": site, "hand_id": hand_id,
                                     "file": result.path, "first_line": first})
            summary.failures.append((result.path, line, result.unreadable or reason))
            summary.failure_keys.append(key)
            summary.hands_failed += key not in result.texts_failed
        summary.hands_new += len(result.hand_keys)
        summary.duplicates += result.duplicates
        summary.failures_new += len(result.failure_keys) - again
        summary.failures_known += result.failures_known + again
        summary.skipped += result.skipped
        summary.violations += result.violations
        summary.violations_following += result.violations_following
        summary.hands_with_violations += result.hands_with_violations
