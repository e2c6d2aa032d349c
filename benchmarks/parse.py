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
from typing import Any

import builds
from options import count

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_SOURCES = [ROOT / "tests" / "data" / "handwritten",
                   ROOT.parent / "shared" / "corpus" / "Stars"]


def build_file(target: Path, hands: int, sources: list[Path], new_players: bool = False
               ) -> int:
    """One file of ``hands`` hands: the source hands repeated with fresh ids (and, with
    ``new_players``, players of their own: :class:`HandCopies`). The number of source hands."""
    copy = HandCopies(sources, new_players)
    with target.open("w", encoding="utf-8", newline="\n") as out:
        for i in range(hands):
            out.write(copy(i))
            out.write("\n\n")
    return copy.distinct


class HandCopies:
    """The ``i``-th copy of the source hands (repeated in turn): hand id ``9000000000 + i``;
    with ``new_players``, every seated player renamed ``p<i>s<seat>``, so that no line
    of a copy was seen before, as in a real file from tables the sources never saw
    (the readers keep what they read of lines they have met: a benchmark of repeated
    hands would flatter them). A source hand whose renamed copy does not read back as
    the same hand (a name that is also a word of its lines) is copied with its names."""

    def __init__(self, sources: list[Path], new_players: bool) -> None:
        from stud_hh.model.hand import ParsedHand
        from stud_hh.read import reader
        from stud_hh.read.parse import parse_raw
        from stud_hh.read.scan import scan_paths
        from stud_hh.read.sites import starts_hand

        self.parse_raw, self.parsed = parse_raw, ParsedHand
        self.hands: list[tuple[str, re.Pattern[str] | None, dict[str, int]]] = []
        for path in scan_paths([s for s in sources if s.exists()]).files:
            for raw in reader.read_hands(path, starts_hand):
                try:
                    hand = parse_raw(raw)
                except Exception:
                    continue
                if isinstance(hand, ParsedHand):
                    names = {seat.name: seat.seat for seat in hand.header.seats}
                    pattern = self._pattern(names) if new_players else None
                    self.hands.append((raw.text, pattern, names))
                    if pattern is not None and not self._same(raw, hand):
                        self.hands[-1] = (raw.text, None, names)
        if not self.hands:
            sys.exit("no source hands found: pass --source with PokerStars stud histories")
        self.distinct = len(self.hands)
        self.renamed = sum(pattern is not None for _, pattern, _ in self.hands)

    @staticmethod
    def _pattern(names: dict[str, int]) -> re.Pattern[str]:
        alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        return re.compile(f"(?:^|(?<= ))(?:{alternatives})(?=[: \\n]|$)", re.M)

    def __call__(self, i: int) -> str:
        text, pattern, names = self.hands[i % len(self.hands)]
        text = _ID.sub(f"#{9_000_000_000 + i}:", text, count=1)
        if pattern is None:
            return text
        return pattern.sub(lambda m: f"p{i}s{names[m.group(0)]}", text)

    def _same(self, raw: Any, hand: Any) -> bool:
        """Whether a renamed copy of ``raw`` reads back as ``hand`` does, but for names."""
        from dataclasses import replace

        index = len(self.hands) - 1
        try:
            again = self.parse_raw(replace(raw, text=self(index)))
        except Exception:
            return False
        return (isinstance(again, self.parsed)
                and [type(e).__name__ for e in again.events]
                == [type(e).__name__ for e in hand.events]
                and len(again.header.seats) == len(hand.header.seats))


_ID = re.compile(r"#\d+:")


def measure(mode: str, path: str) -> dict[str, float]:
    from stud_hh.model.hand import ParsedHand
    from stud_hh.read import reader
    from stud_hh.read.collector import frozen_gc
    from stud_hh.read.parse import parse_file
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
    parser.add_argument("--hands", type=count, default=50_000)
    parser.add_argument("--source", type=Path, action="append")
    parser.add_argument("--new-players", action="store_true",
                        help="every copy of a hand with players of its own (see HandCopies)")
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
        distinct = build_file(big, args.hands, args.source or DEFAULT_SOURCES,
                              args.new_players)
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
