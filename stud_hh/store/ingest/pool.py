"""Where an import's tasks run: this machine's worker processes, or another
:class:`Runner` (a Dask cluster: :mod:`stud_hh.store.distributed`).

A runner runs :func:`~stud_hh.store.ingest.worker.read_batch` on each batch with a
:class:`~stud_hh.store.ingest.worker.Worker` made once in each of its processes from the
import's :class:`~stud_hh.store.ingest.tasks.WorkerSettings`, and hands each result to the
committing process as it comes in. :class:`ProcessPool` is the local one: a
``ProcessPoolExecutor`` of forkserver processes that ignore Ctrl-C (the importing process
stops them), end with the importing process, and are killed at once when the import
stops. When its processes cannot start (or stop at once), it says which batches are left,
and the import reads them in its own process.
"""

from __future__ import annotations

import gc
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from contextlib import suppress
from typing import Any, Protocol

from stud_hh.store.ingest.plan import Piece
from stud_hh.store.ingest.tasks import BatchResult, WorkerSettings
from stud_hh.store.ingest.worker import Worker, read_batch

POOL_ERRORS = (BrokenProcessPool, OSError, EOFError, multiprocessing.ProcessError)
"""What a process pool raises when its processes cannot start, or stop at once."""


class Runner(Protocol):
    """Runs an import's tasks, committing each result as it comes in: this machine's
    worker processes (:class:`ProcessPool`), or a Dask cluster
    (:class:`stud_hh.store.distributed.DaskRunner`)."""

    workers: int
    """How many tasks it runs at once."""
    name: str
    """What runs them, for the summary (``"Dask workers"``)."""

    def __call__(self, batches: list[list[Piece]], settings: WorkerSettings,
                 done: Callable[[int, BatchResult], None]
                 ) -> tuple[list[int], BaseException | None]:
        """Run :func:`~stud_hh.store.ingest.worker.read_batch` on each batch, with a
        :class:`~stud_hh.store.ingest.worker.Worker` of ``settings`` made once in each
        process; hand each result to ``done`` in this process, with its batch's index.
        Returns the indexes of the batches left undone and why, when the workers stopped;
        raises what a task raised."""


class ProcessPool:
    """Runs an import's tasks on ``workers`` processes of this machine (:class:`Runner`)."""

    name = "worker processes"

    def __init__(self, workers: int) -> None:
        self.workers = workers

    def __call__(self, batches: list[list[Piece]], settings: WorkerSettings,
                 done: Callable[[int, BatchResult], None]
                 ) -> tuple[list[int], BaseException | None]:
        """Run ``batches`` on the processes, handing each result to ``done`` with its
        batch's index as it ends.

        Returns the indexes of the batches left undone and why, when the processes could
        not start or stopped at once (their parts, written or not, stay uncommitted);
        raises what a worker raised.
        """
        left = set(range(len(batches)))
        failure: BaseException | None = None
        try:
            pool = ProcessPoolExecutor(self.workers, mp_context=pool_context(),
                                       initializer=_start_process, initargs=(settings,))
        except POOL_ERRORS as exc:
            return sorted(left), exc
        try:
            futures: dict[Future[BatchResult], int] = {}
            try:
                for index, batch in enumerate(batches):
                    futures[pool.submit(_task, batch)] = index
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


_THIS_PROCESS: list[Worker] = []
"""The worker of a pool process, made by :func:`_start_process` as the process starts: a
``ProcessPoolExecutor`` hands its tasks nothing but their arguments, and the settings (the
stored keys among them: up to 128 MiB) are sent once per process, not with every task."""


def _start_process(settings: WorkerSettings) -> None:
    """A worker process: Ctrl-C and SIGTERM (sent to the whole process group: a terminal,
    a service manager) are the parent's to handle (it stops the pool), not a traceback
    per worker. What is alive once it is set up (modules, grammars, the stored
    keys) is frozen for the worker's life, so the collector never rescans it: once per
    process, not per task (a full collection costs tens of milliseconds, as much as
    reading a few dozen small files)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    _exit_with_parent()
    _THIS_PROCESS[:] = [Worker.of(settings)]
    gc.collect()
    gc.freeze()


def _task(batch: list[Piece]) -> BatchResult:
    """One task in a pool process, read by the process's worker."""
    return read_batch(_THIS_PROCESS[0], batch)


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


def _raised_by_worker(exc: BaseException) -> bool:
    """Whether ``exc`` was raised by the task in a worker (its traceback attached), rather
    than by the pool's own machinery."""
    return type(exc.__cause__).__name__ in ("_RemoteTraceback", "RemoteTraceback")


def pool_context() -> Any:
    """The start method of worker processes: forkserver, so that workers start clean (never
    inheriting a progress bar's thread) from a server that has imported stud-hh once."""
    context = multiprocessing.get_context("forkserver")
    with suppress(AttributeError, ValueError):
        context.set_forkserver_preload(["__main__", __name__])
    return context


def _stop_at_once(pool: ProcessPoolExecutor) -> None:
    """Stop ``pool`` without waiting for its tasks (the import is interrupted, or failed):
    the tasks not started are cancelled and the worker processes killed, then waited for,
    so that nothing writes once this returns (the parts they wrote are uncommitted, and
    removed: :meth:`stud_hh.store.database.Database.writing`). The pool's queues are
    closed as in any shutdown, leaving no semaphore behind."""
    processes = list(getattr(pool, "_processes", None) or {})  # pids; private, but stable
    pool.shutdown(wait=False, cancel_futures=True)
    for pid in processes:
        with suppress(OSError):
            os.kill(pid, signal.SIGKILL)
    pool.shutdown(wait=True)


def pool_note(exc: BaseException, done: int, workers: str) -> str:
    """The note of ``workers`` that stopped (after ``done`` batches) or could not start."""
    what = f"{type(exc).__name__}: {exc}".splitlines()[0] if str(exc) else type(exc).__name__
    started = "stopped" if done else "could not start"
    return (f"{workers} {started} ({what}): importing the rest in this process alone "
            "(or rerun with --jobs 1)")
