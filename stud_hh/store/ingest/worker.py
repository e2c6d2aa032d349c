"""An import's worker: a task's pieces of files read into rows, written as parts.

:func:`read_batch` is the whole of a task: given the :class:`Worker` of its process (the
import's :class:`~stud_hh.store.ingest.tasks.WorkerSettings` and the database they name,
made once per process) and a batch of pieces of files, it parses and replays each file's
hands, buffers the rows of new ones (:mod:`stud_hh.store.ingest.triage`) and writes them as
Parquet parts, uncommitted; it returns what it did (a
:class:`~stud_hh.store.ingest.tasks.BatchResult`) and keeps nothing between tasks. It works
a group of hands at a time, stage by stage, with the cyclic collector paused
(:mod:`stud_hh.store.staging`). Where a task runs is the pool's business
(:mod:`stud_hh.store.ingest.pool`, :mod:`stud_hh.store.distributed`) or this process's.

A file met in a folder is read only when its content holds hands (a small one is read at
once and looked into only if no hand turns up: :data:`LOOK_WHILE_READING`); a tournament
summary file gives tournament results; a file still being written keeps its last text
back (:mod:`stud_hh.store.ingest.growing`).
"""

from __future__ import annotations

import os
import resource
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from stud_hh.model.errors import InputError
from stud_hh.model.hand import ParseFailure
from stud_hh.read.chunks import Chunk, chunk_hands
from stud_hh.read.reader import RawHand, read_head
from stud_hh.read.scan import holds_hands
from stud_hh.read.split import raw_hands
from stud_hh.read.summaries import (
    SkippedSummary,
    TournamentSummary,
    read_summaries,
    summary_format,
)
from stud_hh.store.database import Database
from stud_hh.store.ingest.growing import recent, unless_unfinished
from stud_hh.store.ingest.plan import Piece
from stud_hh.store.ingest.tasks import BatchResult, FileResult, WorkerSettings
from stud_hh.store.ingest.triage import Triage
from stud_hh.store.staging import prepared

LOOK_WHILE_READING = 2**20
"""A file met in a folder up to this size is read at once and looked into only if no hand
turns up in it (see :func:`_if_it_holds_hands`); a larger one is looked into first."""


@dataclass(frozen=True, slots=True)
class Worker:
    """What one process reads tasks with: an import's settings and the database its parts
    go to. Made once per process (:meth:`of`) and handed to every task it runs."""

    settings: WorkerSettings
    db: Database

    @classmethod
    def of(cls, settings: WorkerSettings) -> Worker:
        return cls(settings, Database(settings.root))


def read_batch(worker: Worker, pieces: Sequence[Piece]) -> BatchResult:
    """Parse, replay and write one batch of pieces of files' new hands as uncommitted
    parts (each file with whether its content must be looked at first, and its chunk if it
    is one); what the files held comes back, one result per piece, in order."""
    triage = Triage(worker.settings, worker.db)
    with triage.collector:
        results = [read_piece(triage, path, look_first, chunk[0] if chunk else None)
                   for path, look_first, *chunk in pieces]
        return BatchResult(results, triage.finish(), peak_mib(), os.getpid(), cpu_seconds())


def read_piece(triage: Triage, path: str, look_first: bool, chunk: Chunk | None = None
               ) -> FileResult:
    """Parse, replay and buffer one file's new hands; with ``look_first`` (a file met in
    a folder), only if its content holds hands; with ``chunk``, only that piece's."""
    settings = triage.settings
    result = FileResult(path, 0, chunk=chunk)
    try:
        stat = os.stat(path)
    except OSError as exc:
        stat = None
        if look_first:  # gone or unreadable since the folder was listed: passed over
            result.problem = cannot_read(exc)
            return result
    head = _head(path, look_first, result)
    if head is None and look_first:
        return result
    if head is not None and summary_format(head) is not None:
        _read_summaries(triage, path, result)
        return result
    quick = look_first and stat is not None and stat.st_size <= LOOK_WHILE_READING
    if look_first and not quick:
        try:
            if not holds_hands(path):
                result.without_hands = True
                return result
        except InputError as exc:
            result.problem = exc.reason
            return result
    try:
        if stat is None:
            stat = os.stat(path)
        result.size, result.mtime_ns = stat.st_size, stat.st_mtime_ns
        raws = _raws(path, quick, stat, result, head, settings.settle)
        for item in prepared(raws, settings.profile, triage.passed_over):
            triage.take(item, path, result)
    except InputError as exc:
        if settings.settle > 0 and stat is not None and recent(stat, settings.settle):
            result.held_back = True  # a document still being written: read it later
            result.read_to = chunk.start if chunk is not None else 0
            return result
        result.unreadable = exc.reason
        triage.keep_failure(ParseFailure(exc, "", path, 0, 0), result)
    except OSError as exc:  # gone or unreadable since the folder was scanned
        result.unreadable = exc.strerror or str(exc)
        triage.keep_failure(ParseFailure(InputError(result.unreadable, path=path), "", path,
                                         0, 0), result)
    return result


def _raws(path: str, quick: bool, stat: os.stat_result, result: FileResult,
          head: str | None, settle: float) -> Iterator[RawHand]:
    """The raw hands to read of ``path`` (whose decoded head is ``head``, when read): a
    small file met in a folder only if it holds hands; a piece's only (its own bytes);
    the last text of a file still being written (``settle``) only once it is whole."""
    chunk = result.chunk
    raws = (chunk_hands(chunk) if chunk is not None else
            _if_it_holds_hands(path, result, head) if quick else raw_hands(path, head))
    if settle > 0 and recent(stat, settle) and (chunk is None or chunk.last):
        raws = unless_unfinished(raws, path, result)
    return raws


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


def _read_summaries(triage: Triage, path: str, result: FileResult) -> None:
    """Read one tournament summary file: a result per player of each summary, and each
    summary that cannot be read kept as a failure."""
    try:
        stat = os.stat(path)
        result.size, result.mtime_ns = stat.st_size, stat.st_mtime_ns
        for item in read_summaries(path):
            if isinstance(item, TournamentSummary):
                result.summaries += 1
                triage.keep_results(item.results, result)
            elif isinstance(item, SkippedSummary):
                result.summaries_skipped += 1
            else:
                triage.keep_failure(item, result)
    except (InputError, OSError) as exc:
        result.unreadable = cannot_read(exc)
        triage.keep_failure(ParseFailure(InputError(result.unreadable, path=path), "", path,
                                         0, 0), result)


def cannot_read(exc: InputError | OSError) -> str:
    if isinstance(exc, InputError):
        return exc.reason
    return f"cannot read: {exc.strerror or exc}"


def _if_it_holds_hands(path: str, result: FileResult, head: str | None = None
                       ) -> Iterator[RawHand]:
    """The raw hands of ``path``, a small file met in a folder, if the file holds hands.

    The file is read rather than first looked into: once a hand turns up (the text before
    it is held back until then), it holds hands; when none does, it is looked into as the
    folder scan looks (:func:`stud_hh.read.scan.holds_hands`: a document format, text that
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
            result.problem, result.mtime_ns = cannot_read(exc), None
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


def peak_mib() -> float:
    """This process's peak memory: VmHWM where Linux has it (ru_maxrss survives exec)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime
