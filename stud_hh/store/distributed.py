"""Stage 4d past one machine: an import's tasks run on a Dask cluster.

``stud-hh import PATH... --db DIR --scheduler ADDRESS`` (or ``--scheduler local``: a
``LocalCluster`` of worker processes on this machine) runs the same tasks as the local
process pool (:mod:`stud_hh.store.ingest.pool`): a batch of small files, or one chunk of a
large file (:mod:`stud_hh.read.chunks`), each parsed, replayed and written as Parquet
parts into the database folder by the worker. Only the small result of each task comes
back; this process commits it exactly as a local import does (repeats dropped, the same
batch of Delta commits, a chunked file's ``files`` row with its last chunk).

Dying workers: a task whose worker dies is run again on another (Dask's
``distributed.scheduler.allowed-failures``, three deaths by default), one that raises is
tried :data:`RETRIES` more times. A dead try's parts are never committed (only a result
that reaches this process is) and are removed as uncommitted when the import ends; a
hand brought by two tries is dropped as a repeat. When the cluster gives up, the rest is
imported in this process, as when local worker processes stop.

Workers' settings: :data:`WORKER_CONFIG` (``dask-workers.yaml`` beside this module) holds
the Dask settings the workers of an import should run with, each with why (chiefly: no
``MALLOC_TRIM_THRESHOLD_``, which cost a task about 10% of its time, and stud-hh imported
as a worker starts). ``--scheduler local`` starts its cluster with them; a cluster of your
own reads them from its Dask config folder.

Paths: every worker must see the history files at the same paths as this process (one
machine, or a network file system mounted alike), and the database at the same path, or
at its URL (``s3://bucket/db``: each worker opens the filesystem itself, from the URL and
the storage options the import hands it, credentials from its own environment otherwise;
see :mod:`stud_hh.store.storage`). Each worker process runs one task at a time (the
parsers are not re-entrant): start workers with ``--nthreads 1`` and as many processes as
cores.

>>> with dask_runner("local", workers=2) as runner:  # doctest: +SKIP
...     import_paths(["big.txt"], "my.db", runner=runner)
"""

from __future__ import annotations

import threading
import uuid
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from stud_hh.model.errors import UsageError
from stud_hh.read.collector import frozen_gc
from stud_hh.store.ingest.plan import Piece
from stud_hh.store.ingest.tasks import BatchResult, WorkerSettings
from stud_hh.store.ingest.worker import Worker, read_batch

RETRIES = 2
"""Tries of a task that raised, past the first (a worker's death is Dask's to count)."""
MISSING = ("--scheduler needs Dask's distributed scheduler, which is not installed: "
           "pip install 'stud-hh[dask]' (or pip install 'dask[distributed]')")

T = TypeVar("T")
R = TypeVar("R")

TASK_LOCK = threading.Lock()
"""One task at a time in a worker process: the site parsers are built once per process and
are not re-entrant."""
_WORKER: dict[str, Worker] = {}
"""The worker this worker process holds, by the import it was made for (see
:func:`_import_task`): one at most, made by the first task of an import to run here."""
WORKER_CONFIG = Path(__file__).with_name("dask-workers.yaml")
"""The Dask settings of an import's workers (a Dask config file; each setting says why)."""


def worker_settings() -> dict[str, Any]:
    """:data:`WORKER_CONFIG`'s settings as dotted keys, for ``dask.config.set`` (which
    replaces a whole mapping it is given: dotted keys change only the settings named)."""
    import dask.config

    flat: dict[str, Any] = {}

    def walk(prefix: str, node: Mapping[str, Any]) -> None:
        for key, value in node.items():
            if isinstance(value, Mapping) and value:
                walk(f"{prefix}{key}.", value)
            else:
                flat[prefix + key] = value

    for config in dask.config.collect_yaml([str(WORKER_CONFIG)]):
        walk("", config)
    return flat


def _distributed() -> Any:
    """The ``distributed`` package, or the :class:`UsageError` saying how to install it."""
    try:
        import distributed
    except ImportError as exc:
        raise UsageError(MISSING) from exc
    return distributed


@contextmanager
def dask_client(scheduler: str, workers: int | None = None) -> Iterator[Any]:
    """A Dask client of the scheduler at ``scheduler`` (``tcp://host:8786``), or of a
    ``LocalCluster`` of ``workers`` worker processes (default: every core) of one thread
    each when ``scheduler`` is ``"local"``; closed (the local cluster stopped) at the end."""
    distributed = _distributed()
    if scheduler != "local":
        with distributed.Client(scheduler) as client:
            yield client
        return
    import os
    import warnings

    import dask

    count = max(1, workers or os.cpu_count() or 1)
    # its scheduler serves HTTP on 8787 even with no dashboard, and warns when another
    # cluster holds the port (it takes a free one): nothing for the user to act on
    warnings.filterwarnings("ignore", message="Port 8787 is already in use")
    with dask.config.set(worker_settings()), \
            distributed.LocalCluster(n_workers=count, threads_per_worker=1, processes=True,
                                     dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        yield client


def worker_count(client: Any) -> int:
    """How many worker processes the client's cluster has (at least 1)."""
    return max(1, len(client.scheduler_info().get("workers", {})))


def run_tasks(client: Any, function: Callable[..., R], items: Sequence[T], shared: Any,
              done: Callable[[int, R], None], name: str
              ) -> tuple[list[int], BaseException | None]:
    """Run ``function(shared, item)`` for each of ``items`` on the cluster (``shared`` sent
    once to every worker), calling ``done(index, result)`` here as each result comes in.

    Returns the indexes of the items left undone and why, when the cluster gave up on them
    (a task whose workers kept dying, a scheduler gone); raises what a task raised, after
    its retries, with the other tasks cancelled.
    """
    distributed = _distributed()
    from distributed.comm.core import CommClosedError

    gave_up = (distributed.KilledWorker, distributed.CancelledError, CommClosedError,
               TimeoutError)
    run = uuid.uuid4().hex[:12]
    [everywhere] = client.scatter([shared], broadcast=True, hash=False)
    futures = {client.submit(function, everywhere, item, key=f"stud-hh-{name}-{run}-{i}",
                             retries=RETRIES, pure=False): i
               for i, item in enumerate(items)}
    left = set(futures.values())
    failure: BaseException | None = None
    try:
        for future in distributed.as_completed(list(futures)):
            try:
                result = future.result()
            except gave_up as exc:
                failure = failure or exc
                continue
            done(futures[future], result)
            left.discard(futures[future])
            future.release()
    except BaseException:
        client.cancel(list(futures))
        raise
    return sorted(left), failure


def _import_task(shared: tuple[str, WorkerSettings], batch: list[Piece]) -> BatchResult:
    """One import task in a worker process: its worker made once per import."""
    run, settings = shared
    with TASK_LOCK:
        worker = _WORKER.get(run)
        if worker is None:
            _WORKER.clear()
            worker = _WORKER[run] = Worker.of(settings)
        with frozen_gc():
            return read_batch(worker, batch)


class DaskRunner:
    """Runs an import's tasks on a Dask cluster (:class:`stud_hh.store.ingest.pool.Runner`)."""

    name = "Dask workers"

    def __init__(self, client: Any) -> None:
        self.client = client
        self.workers = worker_count(client)

    def __call__(self, batches: list[list[Piece]], settings: WorkerSettings,
                 done: Callable[[int, BatchResult], None]
                 ) -> tuple[list[int], BaseException | None]:
        shared = (uuid.uuid4().hex, settings)
        return run_tasks(self.client, _import_task, batches, shared, done, "import")


@contextmanager
def dask_runner(scheduler: str, workers: int | None = None) -> Iterator[DaskRunner]:
    """A :class:`DaskRunner` on the scheduler at ``scheduler`` (or ``"local"``: see
    :func:`dask_client`). Raises :class:`UsageError` when Dask is not installed."""
    with dask_client(scheduler, workers) as client:
        yield DaskRunner(client)


if __name__ == "__main__":  # where the workers' settings are, for a cluster of your own
    print(WORKER_CONFIG)
