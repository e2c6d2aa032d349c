"""One import: files -> parsed, replayed hands -> Parquet parts -> committed to a database.

Incremental and idempotent: hands are keyed by site and hand id, failures by a digest of
their text, files by path, size and modification time. A file imported before and
unchanged since is passed over; a hand already stored is counted as a duplicate without
being parsed again; the same hand twice in one run is stored once
(:mod:`stud_hh.store.ingest.dedupe`).

:func:`import_paths` plans the work (:mod:`stud_hh.store.ingest.plan`: a batch of files per
task, or a chunk of a large one), runs the tasks on worker processes or a Dask cluster
(:mod:`stud_hh.store.ingest.pool`; each task :func:`~stud_hh.store.ingest.worker.read_batch`)
and commits each batch as its result comes in (:mod:`stud_hh.store.ingest.commit`): a
killed import loses only the batches it had not committed, whose files the next import
reads again, whole. When the worker processes cannot start (or stop at once), the import
says so and goes on in one process.

>>> summary = import_paths(["histories/"], "my.db")  # doctest: +SKIP
>>> summary.hands_new  # doctest: +SKIP
1234
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field, replace
from pathlib import Path

from stud_hh.read.collector import frozen_gc
from stud_hh.read.scan import Scan
from stud_hh.rules import profile as rule_profile
from stud_hh.store.database import Database
from stud_hh.store.ingest.commit import Committer, InOrder
from stud_hh.store.ingest.dedupe import Stored
from stud_hh.store.ingest.plan import (
    BATCH_FILES,
    BATCH_HANDS,
    Piece,
    candidates,
    changed_files,
    cut_large_files,
    default_processes,
    plan_batches,
)
from stud_hh.store.ingest.pool import ProcessPool, Runner, pool_note
from stud_hh.store.ingest.summary import ImportSummary
from stud_hh.store.ingest.tasks import FileResult, WorkerSettings
from stud_hh.store.ingest.worker import Worker, cpu_seconds, read_batch
from stud_hh.store.known import KnownHands
from stud_hh.store.storage import Storage

WORKER_KNOWN_HANDS = 4_000_000
"""Stored hands at most that worker processes are told of (32 bytes a hand each: 128 MiB
at most). A worker passes over a hand it knows is stored; past this many, workers know of
none, read every hand they are given, and this process drops the stored ones as it commits
(the same database either way: only work done twice on hands stored before, which the
``files`` table already spares for files read before)."""


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
    holds hands, as :func:`stud_hh.read.scan.scan_paths` finds them. A hand already stored, or
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
    With ``settle`` seconds, a file changed less than that long ago has its last text left
    for a later import unless a blank line follows it (see
    :attr:`~stud_hh.store.ingest.tasks.FileResult.held_back`). ``on_start(files,
    total_bytes)`` is called once the work is known and ``on_file(result)`` after each
    file is committed (for a progress bar); ``on_note(text)`` with what went otherwise
    than asked (worker processes that could not start: the import then goes on in this
    process), by default printed on standard error.
    """
    if profile != "site":  # each hand under its own site's profile
        rule_profile(profile)  # an unknown profile fails before any work
    started, cpu_started = time.perf_counter(), cpu_seconds()
    found, problems = candidates(paths)
    db = Database.create(db_root)
    run = Run(db, profile=profile, jobs=jobs, batch_hands=batch_hands,
              batch_files=batch_files, settle=settle, on_file=on_file, on_start=on_start,
              on_note=on_note, runner=runner, chunk_bytes=chunk_bytes)
    with db.writing():
        try:
            run.go(found, problems, Stored.of(db))
        except BaseException:
            with suppress(OSError):  # a fault mid-import: leave nothing half-written behind
                db.remove_uncommitted()
            raise
        db.compact()
    run.summary.seconds = time.perf_counter() - started
    run.summary.cpu_seconds += cpu_seconds() - cpu_started
    return run.summary


@dataclass(slots=True)
class Run:
    """One import's settings and summary (:func:`import_paths`,
    :class:`~stud_hh.store.ingest.live.LiveImport`)."""

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
        todo, summary.files_unchanged = changed_files(candidates, stored.files, problems)
        wanted = (runner.workers if runner else self.jobs if self.jobs else
                  default_processes(sum(size for _, size in todo)))
        pieces: Sequence[tuple[Piece, int]] = todo
        if wanted > 1 or runner:
            pieces = cut_large_files(todo, max(1, wanted), self.chunk_bytes)
        batches = plan_batches(pieces, wanted, max_files=self.batch_files)
        jobs = max(1, min(wanted, len(batches)))
        summary.jobs, summary.workers = jobs, runner.name if runner else ""
        if self.on_start is not None:
            self.on_start([p for (p, _), _ in todo], sum(size for _, size in todo))
        # the workers' own copy: what a batch commits is dropped from the next by the parent
        known = stored.hands.copy()
        told = known if len(known) <= WORKER_KNOWN_HANDS else KnownHands()
        settings = WorkerSettings(db.storage.for_workers(), self.profile, told,
                                  frozenset(stored.failures), self.batch_hands, self.settle,
                                  frozenset(stored.results))
        committer = Committer(db, summary, problems, stored, self.on_file)
        ordered = InOrder(committer.commit)
        left = list(range(len(batches)))
        pool = runner or (ProcessPool(jobs) if jobs > 1 else None)
        if pool is not None:
            left, failure = pool(batches, settings, ordered.done)
            if failure is not None:
                self.note(pool_note(failure, len(batches) - len(left), pool.name))
                summary.jobs, summary.workers = 1, ""
                left = sorted(left + ordered.give_up())
            if failure is not None or runner:
                # what stopped workers (or a task's dead try) wrote; not what waits to commit
                db.remove_uncommitted(keep=committer.pending_paths())
        if left:  # in this process, which holds every stored hand anyway
            worker = Worker.of(replace(settings, known_hands=known))
            with frozen_gc():  # once for the run, as a worker process does (pool.py)
                for index in left:
                    ordered.done(index, read_batch(worker, batches[index]))
        if committer.pieces:  # pragma: no cover - every batch ends, or the import stops
            raise RuntimeError(f"chunks of {', '.join(committer.pieces)} never came in")
        summary.files = summary.files_unchanged + committer.read
        summary.scan_note = Scan((), tuple(committer.without_hands), tuple(problems)).summary()
        summary.cpu_seconds = sum(committer.worker_cpu.values())
