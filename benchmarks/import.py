"""End-to-end import throughput: parse, replay, write Parquet; then the player summary.

    python benchmarks/import.py [--hands 200000] [--files 8] [--jobs N]

Builds ``--files`` history files holding ``--hands`` real stud hands in all
(from ``tests/data/handwritten/`` and ``../shared/corpus/Stars``, repeated with
fresh ids), then imports them into a new database twice: once with one
process and once with ``--jobs`` processes (default: every core). Prints hands
per second for each, per core, and the peak memory of the parent and of the
largest worker. Last, loads the ``players`` table (only the columns the
summary needs) and times :func:`stud_hh.stats.player_summary` on it.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import parse as parse_bench

from stud_hh import stats
from stud_hh.importer import import_paths
from stud_hh.store import open_db


def build(folder: Path, hands: int, files: int) -> None:
    """``files`` files of about ``hands / files`` hands each, every hand id unique."""
    import re

    folder.mkdir()
    one = folder / "all.txt"
    parse_bench.build_file(one, hands, parse_bench.DEFAULT_SOURCES)
    text = one.read_text(encoding="utf-8")
    one.unlink()
    chunks = re.split(r"\n\n(?=PokerStars )", text)
    per = -(-len(chunks) // files)
    for i in range(files):
        part = chunks[i * per:(i + 1) * per]
        if part:
            (folder / f"session{i:02d}.txt").write_text("\n\n".join(part) + "\n\n",
                                                        encoding="utf-8")


def measure(histories: Path, db: Path, jobs: int) -> dict[str, float]:
    """One import, in this (fresh) process: rate, and peak memory of parent and workers."""
    summary = import_paths([histories], db, jobs=jobs)
    return {"hands": summary.hands_new, "seconds": summary.seconds,
            "rate": summary.hands_per_second, "worker_mib": summary.worker_peak_mib,
            "parent_mib": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def run_measure(histories: Path, db: Path, jobs: int) -> dict[str, float]:
    out = subprocess.run([sys.executable, __file__, "--measure", str(histories), str(db),
                          str(jobs)], check=True, capture_output=True, text=True).stdout
    result: dict[str, float] = json.loads(out.splitlines()[-1])
    return result


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--measure":
        print(json.dumps(measure(Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]))))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200_000)
    parser.add_argument("--files", type=int, default=8)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--skip-single", action="store_true",
                        help="only the run on --jobs processes")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        histories = Path(tmp) / "histories"
        start = time.perf_counter()
        build(histories, args.hands, args.files)
        size = sum(p.stat().st_size for p in histories.iterdir()) / 2**20
        print(f"built {args.hands:,} hands in {args.files} files ({size:,.0f} MiB) "
              f"in {time.perf_counter() - start:.0f} s")
        runs = [args.jobs] if args.skip_single else [1, args.jobs]
        db = Path(tmp) / "db"
        single = None
        for jobs in runs:
            db = Path(tmp) / f"db{jobs}"
            m = run_measure(histories, db, jobs)
            rate = m["rate"]
            single = rate if jobs == 1 else single
            scaling = f", {rate / single:.2f}x one process" if single and jobs > 1 else ""
            print(f"import on {jobs} process{'es' if jobs > 1 else ''}: {int(m['hands']):,} "
                  f"hands in {m['seconds']:.1f} s = {rate:,.0f} hands/s "
                  f"({rate / jobs:,.0f} per core{scaling}); peak RSS parent "
                  f"{m['parent_mib']:.0f} MiB, largest worker {m['worker_mib']:.0f} MiB")
        database = open_db(db)
        start = time.perf_counter()
        players = database.players(columns=stats.required_columns(["player"]))
        loaded = time.perf_counter() - start
        start = time.perf_counter()
        summary_table = stats.player_summary(players)
        computed = time.perf_counter() - start
        print(f"player summary over {len(players):,} player-hands ({len(summary_table):,} "
              f"players): load {loaded:.2f} s, compute {computed:.2f} s")
        disk = sum(p.stat().st_size for p in db.rglob("*") if p.is_file()) / 2**20
        print(f"database on disk: {disk:,.0f} MiB")


if __name__ == "__main__":
    main()
