"""Big folders: the same hands as many one-hand files and as a few large files, run by hand.

    python benchmarks/folders.py [--hands 10000] [--large-files 10] [--jobs 1 2]
                                 [--grow-first 7415]

Writes ``--hands`` real stud hands (from ``tests/data/handwritten/`` and, when present,
``../shared/corpus/Stars``, repeated with fresh hand ids) twice: as ``--hands`` files of
one hand each, and as ``--large-files`` files holding them all. Each is imported into a
new database, once per ``--jobs`` value, each import in a fresh process so that its peak
memory is its own. Prints, per run, the hands per second over the whole command (folder
scan, workers, commits and the final compaction), the milliseconds per file, and the peak
memory of the parent and of the largest worker, and the processor time per hand of the
parent and its workers (user and system: unlike the rate, it hardly depends on what else
the machine runs; the forkserver's start, about a second, is not in it). Each import finds
its files in the page cache (see :func:`warm`).

Last, it completes a database: the first ``--grow-first`` one-hand files are imported,
then the others are added beside them and imported into the same database (on the last
``--jobs`` value); the second import's rate and memory show whether the cost of a file
depends on how much the database holds already.
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

sys.path.insert(0, str(Path(__file__).resolve().parent))

import parse as parse_bench
from options import count, some

from stud_hh.store.ingest.run import import_paths

ID_RE = re.compile(r"#\d+:")


def hand_texts() -> list[str]:
    """The text of every stud hand of the benchmark sources."""
    from stud_hh.model.errors import StudHHError
    from stud_hh.model.hand import ParsedHand
    from stud_hh.read import reader
    from stud_hh.read.parse import parse_raw
    from stud_hh.read.scan import scan_paths
    from stud_hh.read.sites import starts_hand

    texts = []
    for path in scan_paths([s for s in parse_bench.DEFAULT_SOURCES if s.exists()]).files:
        for raw in reader.read_hands(path, starts_hand):
            try:
                if raw.is_hand and isinstance(parse_raw(raw), ParsedHand):
                    texts.append(raw.text)
            except StudHHError:
                continue
    return texts


def write_hands(path: Path, texts: list[str], numbers: range) -> None:
    """Hands ``numbers`` (cycling through ``texts``, each with a hand id of its own)."""
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for i in numbers:
            out.write(ID_RE.sub(f"#{9_100_000_000 + i}:", texts[i % len(texts)], count=1))
            out.write("\n\n")


def own_peak_mib() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0


def measure(histories: Path, db: Path, jobs: int) -> dict[str, Any]:
    """One import, in this (fresh) process."""
    start = time.perf_counter()
    summary = import_paths([histories], db, jobs=jobs)
    seconds = time.perf_counter() - start
    return {"hands": summary.hands_new, "files": summary.files - summary.files_unchanged,
            "seconds": seconds, "cpu": summary.cpu_seconds, "worker_mib": summary.worker_peak_mib,
            "parent_mib": own_peak_mib()}


def warm(histories: Path) -> None:
    """Read every file once, so that each import finds its files in the page cache: the
    runs then compare the importer's costs, not the disk's (ten thousand small files read
    cold cost a random read each, about a millisecond on a virtual disk)."""
    for path in histories.iterdir():
        path.read_bytes()


def run_measure(histories: Path, db: Path, jobs: int) -> dict[str, Any]:
    warm(histories)
    out = subprocess.run([sys.executable, __file__, "--measure", str(histories), str(db),
                          str(jobs)], check=True, capture_output=True, text=True).stdout
    result: dict[str, Any] = json.loads(out.splitlines()[-1])
    return result


def report(label: str, m: dict[str, Any], jobs: int) -> str:
    rate = m["hands"] / m["seconds"] if m["seconds"] else 0.0
    per_file = 1000 * m["seconds"] / m["files"] if m["files"] else 0.0
    cpu = 1000 * m["cpu"] / m["hands"] if m["hands"] else 0.0
    return (f"{label:<29} --jobs {jobs}: {m['hands']:>6,} hands, {m['files']:>6,} files, "
            f"{m['seconds']:5.1f} s = {rate:5,.0f} hands/s ({per_file:6.1f} ms/file), "
            f"{cpu:4.2f} cpu-ms/hand; peak parent {m['parent_mib']:4.0f} MiB, "
            f"largest worker {m['worker_mib']:4.0f} MiB")


def main() -> None:
    if len(sys.argv) == 5 and sys.argv[1] == "--measure":
        print(json.dumps(measure(Path(sys.argv[2]), Path(sys.argv[3]), int(sys.argv[4]))))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=count, default=10_000)
    parser.add_argument("--large-files", type=count, default=10)
    parser.add_argument("--jobs", type=count, nargs="+", default=[1, 2])
    parser.add_argument("--grow-first", type=some, default=7_415,
                        help="one-hand files in the database before it is completed "
                             "(0: no completion run)")
    args = parser.parse_args()
    texts = hand_texts()
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        many, few = tmp / "many", tmp / "few"
        many.mkdir()
        few.mkdir()
        start = time.perf_counter()
        for i in range(args.hands):
            write_hands(many / f"hand{i:06d}.txt", texts, range(i, i + 1))
        per = -(-args.hands // args.large_files)
        for f in range(args.large_files):
            write_hands(few / f"session{f:03d}.txt", texts,
                        range(f * per, min(args.hands, (f + 1) * per)))
        print(f"built {args.hands:,} hands ({len(texts)} distinct texts) as {args.hands:,} "
              f"files and as {args.large_files} files in {time.perf_counter() - start:.0f} s")
        for jobs in args.jobs:
            for label, folder in ((f"{args.large_files} files", few),
                                  (f"{args.hands:,} one-hand files", many)):
                db = tmp / f"db-{folder.name}-{jobs}"
                print(report(label, run_measure(folder, db, jobs), jobs), flush=True)
        if 0 < args.grow_first < args.hands:
            jobs = args.jobs[-1]
            grow, db = tmp / "grow", tmp / "db-grow"
            grow.mkdir()
            names = sorted(p.name for p in many.iterdir())
            for name in names[:args.grow_first]:
                os.link(many / name, grow / name)
            first = run_measure(grow, db, jobs)
            print(report(f"{args.grow_first:,} one-hand files", first, jobs), flush=True)
            for name in names[args.grow_first:]:
                os.link(many / name, grow / name)
            rest = run_measure(grow, db, jobs)
            print(report(f"then {len(names) - args.grow_first:,} more into it", rest, jobs))


if __name__ == "__main__":
    main()
