"""Parsing throughput: hands per second and peak memory, run by hand.

    python benchmarks/parse.py [--hands 50000] [--source DIR ...]

Builds one large file by repeating real stud hands (from ``tests/data/handwritten/``
and, when present, ``../shared/corpus/Stars``) with fresh hand ids, then times,
each in its own process so peak memory is its own:

* ``split``: reading, decoding and splitting into hands only (the floor);
* ``parse``: full parsing to events with lark-cython (the default);
* ``parse-pure-lark``: the same with plain lark (``STUD_HH_PURE_LARK=1``).

Hands are streamed and dropped as they are parsed, as the importer does.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import builds

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCES = [ROOT / "tests" / "data" / "handwritten",
                   ROOT.parent / "shared" / "corpus" / "Stars"]


def build_file(target: Path, hands: int, sources: list[Path]) -> int:
    from stud_hh.read import reader
    from stud_hh.read.parse import ParsedHand, parse_raw, scan_paths
    from stud_hh.read.sites import starts_hand

    texts: list[str] = []
    for path in scan_paths([s for s in sources if s.exists()]).files:
        for raw in reader.read_hands(path, starts_hand):
            try:
                if isinstance(parse_raw(raw), ParsedHand):
                    texts.append(raw.text)
            except Exception:
                continue
    if not texts:
        sys.exit("no source hands found: pass --source with PokerStars stud histories")
    id_re = re.compile(r"#\d+:")
    with target.open("w", encoding="utf-8", newline="\n") as out:
        for i in range(hands):
            text = texts[i % len(texts)]
            out.write(id_re.sub(f"#{9_000_000_000 + i}:", text, count=1))
            out.write("\n\n")
    return len(texts)


def measure(mode: str, path: str) -> dict[str, float]:
    from stud_hh.read import reader
    from stud_hh.read.parse import ParsedHand, frozen_gc, parse_file
    from stud_hh.read.sites import starts_hand

    start = time.perf_counter()
    count = 0
    with frozen_gc():
        if mode == "split":
            for _ in reader.read_hands(path, starts_hand):
                count += 1
        else:
            for result in parse_file(path):
                if not isinstance(result, ParsedHand):
                    raise SystemExit(f"unexpected result: {result}")
                count += 1
    seconds = time.perf_counter() - start
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"hands": count, "seconds": seconds, "per_second": count / seconds,
            "peak_mib": peak_mib}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=50_000)
    parser.add_argument("--source", type=Path, action="append")
    parser.add_argument("--measure", nargs=2, metavar=("MODE", "FILE"), help=argparse.SUPPRESS)
    builds.add_option(parser)
    args = parser.parse_args()
    if args.measure:
        print(json.dumps(measure(*args.measure)))
        return
    if builds.run_builds(__file__, sys.argv[1:], args.build):
        return
    with tempfile.TemporaryDirectory() as tmp:
        big = Path(tmp) / "big.txt"
        distinct = build_file(big, args.hands, args.source or DEFAULT_SOURCES)
        size_mb = big.stat().st_size / 1e6
        print(f"{args.hands} hands ({distinct} distinct), {size_mb:.1f} MB, one core")
        # warm the grammar cache so no run pays for building the parser
        subprocess.run([sys.executable, __file__, "--measure", "parse", str(big)],
                       check=True, capture_output=True, env={**os.environ, "X": "warm"})
        for mode, env in (("split", {}), ("parse", {}),
                          ("parse-pure-lark", {"STUD_HH_PURE_LARK": "1"})):
            run = subprocess.run(
                [sys.executable, __file__, "--measure", mode.split("-")[0], str(big)],
                check=True, capture_output=True, text=True, env={**os.environ, **env})
            r = json.loads(run.stdout)
            print(f"{mode:16} {r['per_second']:>10,.0f} hands/s  {r['seconds']:6.2f} s  "
                  f"peak RSS {r['peak_mib']:6.1f} MiB")


if __name__ == "__main__":
    main()
