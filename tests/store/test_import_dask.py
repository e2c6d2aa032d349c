"""Promise: `stud-hh import --scheduler` (Dask, here a LocalCluster of 2 worker processes
started by the test) stores the database a one-process local import stores, row for row:
the corpus (read in place), the samples and 20,000 generated hands in one file, which the
workers read in chunks (so its line numbers are the whole file's too); `stud-hh audit
--scheduler` prints the local audit's report. A worker killed during an import has its
task run again: the database is sound and exact, and a rerun adds nothing.

Speed is measured by ``benchmarks/cluster.py``, never here.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import batches_committed, untracked, write_renumbered
from helpers import table_digests as rows

from stud_hh.cli import main
from stud_hh.read.split import raw_hands
from stud_hh.store.database import open_db
from stud_hh.store.distributed import DaskRunner, dask_client, worker_settings
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.ingest.summary import ImportSummary

distributed = pytest.importorskip("distributed")

ROOT = Path(__file__).resolve().parents[2]
SAMPLE_HISTORIES = ROOT / "sample_histories"
GENERATED = 20_000


@pytest.fixture(scope="module")
def cluster() -> Any:
    """A client of a LocalCluster of 2 worker processes of one thread, with the workers'
    settings (:data:`stud_hh.store.distributed.WORKER_CONFIG`), as ``--scheduler local``
    starts it."""
    with dask_client("local", 2) as client:
        yield client


def _worker_state() -> dict[str, Any]:
    """What a worker process runs with (run there by ``client.run``)."""
    import dask

    return {"malloc": os.environ.get("MALLOC_TRIM_THRESHOLD_"),
            "stud_hh imported": "stud_hh.store.ingest.worker" in sys.modules,
            "profiler": dask.config.get("distributed.worker.profile.enabled"),
            "memory checks": dask.config.get("distributed.worker.memory.monitor-interval"),
            "threads": os.environ.get("OMP_NUM_THREADS")}


def test_local_workers_run_with_the_workers_settings(cluster: Any) -> None:
    """No MALLOC_TRIM_THRESHOLD_ (Dask's other variables kept), stud-hh imported before any
    task, no profiler, memory checks every second: what dask-workers.yaml says."""
    import cloudpickle

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        states = list(cluster.run(_worker_state).values())
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    assert len(states) == 2
    assert all(state == {"malloc": None, "stud_hh imported": True, "profiler": False,
                         "memory checks": "1s", "threads": "1"} for state in states), states


def test_the_workers_settings_are_a_dask_config_file_of_known_keys() -> None:
    """Each setting of dask-workers.yaml names a setting Dask has (a misspelt key would be
    silently ignored by a worker that reads the file)."""
    import dask

    settings = worker_settings()
    assert settings["distributed.nanny.pre-spawn-environ.MALLOC_TRIM_THRESHOLD_"] is None
    for key in settings:
        dask.config.get(key)  # raises KeyError for a key Dask does not have


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory, corpus: Path
              ) -> tuple[list[Path], Path, ImportSummary]:
    """The paths to import (the corpus, the samples, a file of 20,000 generated hands) and
    the database a one-process import of them makes."""
    base = tmp_path_factory.mktemp("dask")
    texts = [raw.text for path in sorted(SAMPLE_HISTORIES.glob("*.txt"))
             for raw in raw_hands(path) if raw.is_hand]
    generated = base / "generated.txt"
    write_renumbered(generated, texts, GENERATED, 9_100_000_000)
    paths = [corpus, SAMPLE_HISTORIES, generated]
    summary = import_paths(paths, base / "local.db", jobs=1)
    assert summary.hands_new > GENERATED
    return paths, base / "local.db", summary


def test_an_import_on_dask_is_the_local_import_row_for_row(
        cluster: Any, histories: tuple[list[Path], Path, ImportSummary], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    paths, expected, local = histories
    address = cluster.scheduler.address
    code = main(["import", *map(str, paths), "--db", str(tmp_path / "db"), "--scheduler",
                 address, "-q"])
    out, err = capsys.readouterr()
    assert code == (1 if local.failures_new else 0), err
    assert rows(tmp_path / "db") == rows(expected)
    assert out.splitlines()[0].split(";")[0] == local.line().split(";")[0]
    assert "on 2 Dask workers" in out
    assert sorted(x for x in err.splitlines() if x.startswith("failure:")) == sorted(
        f"failure: {path}:{line}: {reason}" for path, line, reason in local.failures)
    again = import_paths(paths, tmp_path / "db", runner=DaskRunner(cluster))
    assert (again.hands_new, again.failures_new) == (0, 0)
    assert again.files_unchanged == local.files


@pytest.mark.parametrize("form", ["text", "jsonl"])
def test_an_audit_on_dask_prints_the_local_report(
        cluster: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        form: str) -> None:
    from stud_hh.analysis import audit_tasks

    monkeypatch.setattr(audit_tasks, "CHUNK_BYTES", 40_000)  # the injected file in chunks
    paths = [str(SAMPLE_HISTORIES / "injected"), str(SAMPLE_HISTORIES / "razz_cash_1-2.txt")]
    assert audit_tasks.audit_pieces([SAMPLE_HISTORIES / "injected" /
                                     "stud_injected_0.10-0.20.txt"], 2) != [[]]
    local_code = main(["audit", *paths, "--format", form])
    local = capsys.readouterr()
    code = main(["audit", *paths, "--format", form, "--scheduler", cluster.scheduler.address])
    remote = capsys.readouterr()
    assert (code, remote.out, sorted(remote.err.splitlines())) == (
        local_code, local.out, sorted(local.err.splitlines()))
    assert local_code == 1  # the injected file breaks rules


def test_without_dask_the_scheduler_option_says_what_to_install(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    code = main(["import", str(SAMPLE_HISTORIES), "--db", str(tmp_path / "db"),
                 "--scheduler", "local"])
    assert code == 2
    assert "pip install 'stud-hh[dask]'" in capsys.readouterr().err


def _kill_a_busy_worker(client: Any, root: Path, killed: list[int],
                        ended: threading.Event) -> None:
    """Once the import has committed something, kill a worker process that is running a
    task (SIGKILL: no goodbye to the scheduler); give up when the import has ended (no
    deadline: a loaded machine is only slower)."""
    while not ended.is_set():
        if batches_committed(root) >= 1:
            busy = [w for w, tasks in client.processing().items() if tasks]
            if busy:
                pid = client.run(os.getpid, workers=[busy[0]])[busy[0]]
                os.kill(pid, signal.SIGKILL)
                killed.append(pid)
                return
        time.sleep(0.05)


def test_a_worker_killed_during_an_import_loses_nothing_and_stores_nothing_twice(
        cluster: Any, corpus: Path, tmp_path: Path) -> None:
    """The corpus, the samples and 3,000 generated hands (cut into chunks): smaller than the
    other test's, so that this one's own local import stays cheap."""
    generated = tmp_path / "generated.txt"
    write_renumbered(generated, [raw.text for raw in raw_hands(
        SAMPLE_HISTORIES / "stud8_cash_0.25-0.50.txt")], 3000, 9_200_000_000)
    paths = [corpus, SAMPLE_HISTORIES, generated]
    expected = tmp_path / "local.db"
    local = import_paths(paths, expected, jobs=1)
    root = tmp_path / "db"
    killed: list[int] = []
    ended = threading.Event()
    killer = threading.Thread(target=_kill_a_busy_worker, args=(cluster, root, killed, ended))
    killer.start()
    try:
        summary = import_paths(paths, root, runner=DaskRunner(cluster))
    finally:
        ended.set()
        killer.join()
    assert killed, "no worker was busy to be killed"
    assert summary.hands_new == local.hands_new
    assert rows(root) == rows(expected)
    assert main(["check", "--db", str(root)]) == 0
    assert not untracked(root)  # nothing the killed worker wrote is left
    again = import_paths(paths, root, runner=DaskRunner(cluster))
    assert (again.hands_new, again.failures_new, again.files_unchanged) == (0, 0, local.files)
    assert open_db(root).count("hands") == local.hands_new
