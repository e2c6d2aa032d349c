"""Replay and audit throughput: hands per second and peak memory, run by hand.

    python benchmarks/replay.py [--hands 20000] [--profile pokerstars] [--build both]

Parses a large file built like benchmarks/parse.py's (real stud hands repeated
with fresh ids), keeps the parsed hands, then times replaying (which includes
every rule check) on one core. Also prints the share that reached a showdown. The pure
and the compiled build run side by side (``--build``, see ``benchmarks/builds.py``).
"""

from __future__ import annotations

import argparse
import gc
import resource
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import builds
import parse as parse_bench
from options import count

from stud_hh import ParsedHand, parse_file
from stud_hh.replay import replay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=count, default=20_000)
    parser.add_argument("--profile", default="pokerstars")
    parser.add_argument("--source", type=Path, action="append")
    builds.add_option(parser)
    args = parser.parse_args()
    if builds.run_builds(__file__, sys.argv[1:], args.build):
        return
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "big.txt"
        parse_bench.build_file(big, args.hands, args.source or parse_bench.DEFAULT_SOURCES)
        hands = [r for r in parse_file(big) if isinstance(r, ParsedHand)]
    gc.collect()
    gc.freeze()
    start = time.process_time()
    violations = showdowns = 0
    for hand in hands:
        replayed = replay(hand, args.profile)
        violations += len(replayed.violations)
        showdowns += bool(replayed.showdown)
    seconds = time.process_time() - start
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{len(hands)} hands ({showdowns} to a showdown), profile {args.profile}, one core")
    print(f"replay + audit  {len(hands) / seconds:>8,.0f} hands/s  {seconds:6.2f} s  "
          f"{violations} violations  peak RSS {peak:.0f} MiB (parsed hands held in memory)")


if __name__ == "__main__":
    main()
