"""One large file, imported on one process, on two, and on a Dask LocalCluster of two.

    python benchmarks/cluster.py [--hands 200000] [--small 50000] [--workers 2]

(Not ``distributed.py``: run as a script, its folder comes first on the path, and the
name would hide Dask's own ``distributed`` package.)

Writes one history file of ``--hands`` hands (the sample histories' hands, repeated with
fresh ids), then imports it into a new database three ways, each in a fresh process:

* ``local 1``: ``--jobs 1``, the whole file in this process (a large file was one task
  before chunks, so this is also what ``--jobs 2`` gave then);
* ``local N``: ``--jobs N``, the file cut into chunks at hand boundaries, a task each;
* ``dask N``: ``--scheduler local`` with N worker processes (the cluster's start-up
  timed apart).

For each: seconds, hands/s, the speed-up over one process, the tasks, the peak memory of
the largest process that read hands, and the committing process's own processor time and
peak memory (what bounds the workers one client can keep busy). The same file of
``--small`` hands is imported by the parallel modes too, to show the workers' peak memory
does not grow with the input.
Last, Dask's own cost per task: the round trip of no-op tasks through the same
machinery (``stud_hh.store.distributed.run_tasks``).

The numbers depend on what else the machine runs: the load average is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from options import count

ROOT = Path(__file__).resolve().parent.parent


def build(path: Path, hands: int) -> None:
    """``hands`` hands of the sample histories in one file, every hand id unique."""
    from stud_hh.read.split import raw_hands

    texts = [raw.text for source in sorted((ROOT / "sample_histories").glob("*.txt"))
             for raw in raw_hands(source) if raw.is_hand]
    id_re = re.compile(r"#\d+:")
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for i in range(hands):
            out.write(id_re.sub(f"#{9_000_000_000 + i}:", texts[i % len(texts)], count=1))
            out.write("\n\n")


def measure(mode: str, workers: int, source: str, db: str) -> dict[str, Any]:
    """One import in this process (run by :func:`run` in a fresh one)."""
    from stud_hh.store.ingest.run import import_paths

    tasks = [0]
    client_cpu = time.process_time()

    def counted(result: Any) -> None:
        tasks[0] += 1

    if mode == "dask":
        from stud_hh.store.distributed import dask_runner

        started = time.perf_counter()
        with dask_runner("local", workers) as runner:
            up = time.perf_counter() - started
            summary = import_paths([source], db, runner=runner, on_file=counted)
    else:
        up = 0.0
        summary = import_paths([source], db, jobs=workers, on_file=counted)
    import resource

    return {"seconds": summary.seconds, "hands": summary.hands_new, "tasks": tasks[0],
            "peak_mib": summary.worker_peak_mib, "cpu": summary.cpu_seconds,
            "cluster_up": up, "client_cpu": time.process_time() - client_cpu,
            "client_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def run(mode: str, workers: int, source: Path, folder: Path) -> dict[str, Any]:
    db = folder / f"{mode}{workers}-{source.stem}.db"
    done = subprocess.run([sys.executable, __file__, "--measure", mode, str(workers),
                           str(source), str(db)], capture_output=True, text=True, check=False)
    if done.returncode:
        sys.exit(f"{mode} {workers} failed:\n{done.stderr}")
    return dict(json.loads(done.stdout.splitlines()[-1]))


def show(name: str, r: dict[str, Any], one: dict[str, Any]) -> None:
    up = f", cluster start {r['cluster_up']:.1f} s apart" if r["cluster_up"] else ""
    print(f"{name:>8}: {r['seconds']:7.1f} s, {r['hands'] / r['seconds']:7,.0f} hands/s, "
          f"x{one['seconds'] / r['seconds']:.2f}, {r['tasks']:4d} tasks, peak "
          f"{r['peak_mib']:5.0f} MiB a worker, CPU {r['cpu']:.0f} s; the committing process "
          f"{r['client_cpu']:.1f} s CPU, {r['client_mib']:.0f} MiB{up}", flush=True)


def _noop(shared: object, item: int) -> int:
    return item


def task_overhead(workers: int, count: int = 400) -> float:
    """Milliseconds of wall time per no-op task on a LocalCluster (results committed one by
    one, as an import's are)."""
    from stud_hh.store.distributed import dask_client, run_tasks

    with dask_client("local", workers) as client:
        run_tasks(client, _noop, list(range(20)), None, lambda i, r: None, "warm")
        started = time.perf_counter()
        run_tasks(client, _noop, list(range(count)), None, lambda i, r: None, "noop")
        return (time.perf_counter() - started) / count * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=count, default=200_000)
    parser.add_argument("--small", type=count, default=50_000)
    parser.add_argument("--workers", type=count, default=2)
    parser.add_argument("--measure", nargs=4, metavar=("MODE", "N", "FILE", "DB"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.measure:
        mode, workers, source, db = args.measure
        print(json.dumps(measure(mode, int(workers), source, db)))
        return
    n = args.workers
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        big, small = folder / "large.txt", folder / "small.txt"
        build(big, args.hands)
        build(small, args.small)
        print(f"{args.hands:,} hands, {big.stat().st_size / 2**20:,.0f} MiB in one file; "
              f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
        results: dict[str, dict[str, Any]] = {}
        for mode, workers in (("local", 1), ("local", n), ("dask", n)):
            results[f"{mode} {workers}"] = r = run(mode, workers, big, folder)
            show(f"{mode} {workers}", r, results["local 1"])
        for mode in ("local", "dask"):
            r = run(mode, n, small, folder)
            print(f"{mode} {n} on {args.small:,} hands: peak {r['peak_mib']:.0f} MiB a worker "
                  f"(on {args.hands:,}: {results[f'{mode} {n}']['peak_mib']:.0f} MiB)", flush=True)
        print(f"Dask's cost per task (no-op tasks, {n} workers): {task_overhead(n):.1f} ms; "
              f"load average now {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
