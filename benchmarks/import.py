"""End-to-end import throughput: parse, replay, write Parquet; then the player summary.

    python benchmarks/import.py [--hands 200000] [--files 8] [--jobs N] [--source DIR ...]
                                [--repeat R]

Builds ``--files`` history files holding ``--hands`` real stud hands in all
(from ``tests/data/handwritten/`` and ``../shared/corpus/Stars``, or the ``--source``
folders, repeated with fresh ids), then imports them into a new database twice: once with one
process and once with ``--jobs`` processes (default: every core). Prints hands
per second for each, per core, and the peak memory of the parent and of the
largest worker. Last, loads the ``players`` table (only the columns the
summary needs) and times :func:`stud_hh.analysis.stats.player_summary` on it. With
``--repeat R`` each import is run ``R`` times (each in a fresh process, into a new
database) and the best, median and least rates are printed too: this machine's runs of
the same code drift by 5-20% within an hour, and the best of a few is the steadiest
figure (the scaling of several processes is against the best one-process run).

With ``--against COMMIT`` (with ``--build compiled`` or ``--build pure``) every import is
also run with the same build of another commit (or of a folder it is installed in), on
the same files, the two alternating, each in a fresh process: a change is judged by the
ratio of adjacent runs, which the machine's drift moves far less than either rate. The
other commit's wheel is built into ``build/against/`` the first time (a minute or two),
or its source written out there.

With ``--split`` it times, instead, one process doing an import's work stage by stage
on one file of ``--hands`` hands, as a worker does it (a group of hands at a time,
:mod:`stud_hh.store.staging`, into the import's own row buffer,
:class:`stud_hh.store.ingest.rows.RowBuffer`): reading and splitting, parsing,
replaying, building the rows and text digests (facts), and writing them (rows into
columns, Arrow tables, Parquet parts); microseconds per hand and the share of each.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import builds
import parse as parse_bench
from options import count

from stud_hh.analysis import stats
from stud_hh.store.database import open_db
from stud_hh.store.ingest.run import import_paths


def build(folder: Path, hands: int, files: int, sources: list[Path] | None = None,
          new_players: bool = False) -> None:
    """``files`` files of about ``hands / files`` hands each, every hand id unique (and,
    with ``new_players``, every copy's players its own: :class:`parse.HandCopies`).

    Streams: a big build in this process would inflate the peak memory the
    measuring child reports (Linux carries ``ru_maxrss`` across exec).
    """
    copy = parse_bench.HandCopies(sources or parse_bench.DEFAULT_SOURCES, new_players)
    if new_players:
        print(f"{copy.renamed} of {copy.distinct} source hands with new players in every copy")
    folder.mkdir()
    per = -(-hands // files)
    for f in range(files):
        with (folder / f"session{f:02d}.txt").open("w", encoding="utf-8", newline="\n") as out:
            for i in range(f * per, min(hands, (f + 1) * per)):
                out.write(copy(i))
                out.write("\n\n")


def own_peak_mib() -> float:
    """This process's peak resident memory (VmHWM: unlike ru_maxrss, not carried over exec)."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def measure(histories: Path, db: Path, jobs: int) -> dict[str, float]:
    """One import, in this (fresh) process: rate, and peak memory of parent and workers."""
    summary = import_paths([histories], db, jobs=jobs)
    return {"hands": summary.hands_new, "seconds": summary.seconds,
            "rate": summary.hands_per_second, "worker_mib": summary.worker_peak_mib,
            "parent_mib": own_peak_mib()}


_OTHER = """
import json, sys
from pathlib import Path
try:
    from stud_hh.store.ingest.run import import_paths
except ImportError:  # a commit from before the import was cut into stud_hh.store.ingest
    try:
        from stud_hh.store.importer import import_paths
    except ImportError:  # a commit from before the package was cut into layers
        from stud_hh.importer import import_paths
s = import_paths([sys.argv[1]], Path(sys.argv[2]), jobs=int(sys.argv[3]))
print(json.dumps({"hands": s.hands_new, "seconds": s.seconds, "rate": s.hands_per_second}))
"""
"""One import by another build (the ``stud_hh`` its ``PYTHONPATH`` names), in this
process: only what every commit's importer has."""


def run_other(folder: Path, histories: Path, db: Path, jobs: int) -> dict[str, float]:
    """One import by the build installed in ``folder``, in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(folder), "OPENBLAS_NUM_THREADS": "1"}
    env.pop("STUD_HH_BENCH_BUILD", None)
    run = subprocess.run([sys.executable, "-c", _OTHER, str(histories), str(db), str(jobs)],
                         env=env, cwd=db.parent, capture_output=True, text=True)
    if run.returncode:
        sys.exit(f"the import of {folder} failed (exit {run.returncode}):\n{run.stderr[-2000:]}")
    result: dict[str, float] = json.loads(run.stdout.splitlines()[-1])
    return result


def compared(histories: Path, tmp: Path, jobs: int, other: Path, rounds: int) -> None:
    """Imports by this build and by ``other``, alternating (which goes first alternates
    too), with each round's ratio and their median."""
    ratios, mine, theirs = [], [], []
    for run in range(rounds):
        order = ("this", "other") if run % 2 == 0 else ("other", "this")
        rates = {}
        for who in order:
            db = tmp / f"db-{who}-{jobs}-{run}"
            m = (run_measure(histories, db, jobs) if who == "this"
                 else run_other(other, histories, db, jobs))
            rates[who] = m["rate"]
        mine.append(rates["this"])
        theirs.append(rates["other"])
        ratios.append(rates["this"] / rates["other"])
        print(f"round {run + 1}, {jobs} process{'es' if jobs > 1 else ''}: this build "
              f"{rates['this']:,.0f} hands/s, {other.name} {rates['other']:,.0f}: "
              f"{ratios[-1]:.2f}x")
    print(f"{jobs} process{'es' if jobs > 1 else ''}, {rounds} rounds: this build median "
          f"{statistics.median(mine):,.0f} hands/s, {other.name} median "
          f"{statistics.median(theirs):,.0f}; ratio median {statistics.median(ratios):.2f}x "
          f"(least {min(ratios):.2f}, most {max(ratios):.2f})")


def run_measure(histories: Path, db: Path, jobs: int) -> dict[str, float]:
    out = subprocess.run([sys.executable, __file__, "--measure", str(histories), str(db),
                          str(jobs)], check=True, capture_output=True, text=True).stdout
    result: dict[str, float] = json.loads(out.splitlines()[-1])
    return result


def split(hands: int, sources: list[Path] | None = None, new_players: bool = False) -> None:
    """Processor time per hand of each stage of an import's work, in this process, done as
    a worker does it: a group of hands at a time (:mod:`stud_hh.store.staging`), each
    stage over the whole group, the collector paused."""
    from stud_hh.model.hand import ParsedHand
    from stud_hh.read.collector import frozen_gc
    from stud_hh.read.split import raw_hands
    from stud_hh.replay import ReplayedHand
    from stud_hh.store import staging
    from stud_hh.store.database import Database
    from stud_hh.store.ingest.plan import BATCH_HANDS
    from stud_hh.store.ingest.rows import RowBuffer

    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "big.txt"
        parse_bench.build_file(big, hands, sources or parse_bench.DEFAULT_SOURCES, new_players)
        db = Database.create(Path(tmp) / "db")
        clock = time.process_time
        spent = dict.fromkeys(("read + split", "parse", "replay", "facts", "write"), 0.0)
        count = 0
        with db.writing(), frozen_gc(), staging.collector_paused() as collector:
            buffer = RowBuffer(db, lambda source, why: None)
            t = clock()
            raws = list(raw_hands(big))
            spent["read + split"] += clock() - t
            for start in range(0, len(raws), staging.GROUP):
                t0 = clock()
                items = [staging.Prepared(raw, None) for raw in raws[start:start + staging.GROUP]]
                for item in items:
                    assert isinstance(item.parsed(), ParsedHand)
                t1 = clock()
                outcomes = [item.outcome("site") for item in items]
                t2 = clock()
                rows = []
                for item, outcome in zip(items, outcomes, strict=True):
                    assert isinstance(outcome, ReplayedHand)
                    rows.append(item.hand_rows(outcome))
                t3 = clock()
                for hand_rows in rows:
                    buffer.add_hand(hand_rows, None)  # type: ignore[arg-type]
                    if buffer.hands >= BATCH_HANDS:
                        buffer.flush()
                        collector.collect()
                    else:
                        collector.tick()
                t4 = clock()
                spent["parse"] += t1 - t0
                spent["replay"] += t2 - t1
                spent["facts"] += t3 - t2
                spent["write"] += t4 - t3
                count += len(items)
            t = clock()
            buffer.flush()
            spent["write"] += clock() - t
            db.remove_uncommitted()
    total = sum(spent.values())
    print(f"{count} hands, one process, processor time per stage")
    for stage, seconds in spent.items():
        print(f"{stage:14} {seconds / count * 1e6:8.1f} us/hand  {seconds / total:6.1%}  "
              f"({count / seconds:>9,.0f} hands/s alone)")
    print(f"{'all':14} {total / count * 1e6:8.1f} us/hand          "
          f"({count / total:>9,.0f} hands/s)")
    beyond = total - spent["parse"] - spent["read + split"]
    print(f"{'beyond parse':14} {beyond / count * 1e6:8.1f} us/hand          "
          f"({count / beyond:>9,.0f} hands/s)")


def _scaling(rate: float, single: float | None, jobs: int) -> str:
    """How many times the best one-process rate ``rate`` is, on ``jobs`` processes."""
    return f", {rate / single:.2f}x one process" if single and jobs > 1 else ""


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--measure":
        print(json.dumps(measure(Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]))))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=count, default=200_000)
    parser.add_argument("--files", type=count, default=8)
    parser.add_argument("--jobs", type=count, default=os.cpu_count() or 1)
    parser.add_argument("--skip-single", action="store_true",
                        help="only the run on --jobs processes")
    parser.add_argument("--source", type=Path, action="append",
                        help="a folder or file of stud histories to repeat (default: the "
                             "handwritten hands and the corpus's Stars files)")
    parser.add_argument("--new-players", action="store_true",
                        help="every copy of a hand with players of its own, as in a real "
                             "file of other tables (the readers remember lines they have "
                             "read: repeated hands flatter them)")
    parser.add_argument("--repeat", type=count, default=1,
                        help="imports of each kind, each in a fresh process and into a new "
                             "database; the best and the median are printed (this machine's "
                             "runs of the same code vary by 5-20%%)")
    parser.add_argument("--against", metavar="COMMIT",
                        help="alternate every import with the same build of COMMIT (or "
                             "of a folder it is installed in) on the same files, and print "
                             "the ratio of each pair (--build compiled or pure)")
    parser.add_argument("--split", action="store_true",
                        help="time each stage of the work (one process, --hands hands)")
    builds.add_option(parser)
    args = parser.parse_args()
    # a build's own run (builds.run_builds) is told its build by the environment
    this_build = os.environ.get("STUD_HH_BENCH_BUILD", args.build)
    if args.against and (this_build not in builds.BUILDS or args.split):
        parser.error("--against compares one build of two commits: give --build compiled "
                     "or --build pure, without --split")
    if builds.run_builds(__file__, sys.argv[1:], args.build):
        return
    if args.split:
        split(args.hands, args.source, args.new_players)
        return
    with tempfile.TemporaryDirectory() as tmp:
        histories = Path(tmp) / "histories"
        start = time.perf_counter()
        build(histories, args.hands, args.files, args.source, args.new_players)
        size = sum(p.stat().st_size for p in histories.iterdir()) / 2**20
        print(f"built {args.hands:,} hands in {args.files} files ({size:,.0f} MiB) "
              f"in {time.perf_counter() - start:.0f} s")
        runs = [args.jobs] if args.skip_single else [1, args.jobs]
        if args.against:
            other = builds.against(args.against, this_build)
            for jobs in dict.fromkeys(runs):
                compared(histories, Path(tmp), jobs, other, max(1, args.repeat))
            return
        db = Path(tmp) / "db"
        single = None
        for jobs in runs:
            rates = []
            for run in range(max(1, args.repeat)):
                db = Path(tmp) / f"db{jobs}-{run}"
                m = run_measure(histories, db, jobs)
                rate = m["rate"]
                rates.append(rate)
                print(f"import on {jobs} process{'es' if jobs > 1 else ''}: "
                      f"{int(m['hands']):,} hands in {m['seconds']:.1f} s = {rate:,.0f} "
                      f"hands/s ({rate / jobs:,.0f} per core{_scaling(rate, single, jobs)}); "
                      f"peak RSS parent {m['parent_mib']:.0f} MiB, largest worker "
                      f"{m['worker_mib']:.0f} MiB")
            best = max(rates)
            single = best if jobs == 1 else single
            if len(rates) > 1:
                print(f"import on {jobs} process{'es' if jobs > 1 else ''}, {len(rates)} runs: "
                      f"best {best:,.0f} hands/s, median {statistics.median(rates):,.0f}, "
                      f"least {min(rates):,.0f}")
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
