"""Simulator speed: hands per second written (one core) and peak memory.

    .venv/bin/python benchmarks/simulate.py --hands 20000 [--game stud] [--players 8]

Plays and writes a session to a temporary file with ``write_session`` (what
``stud-hh simulate`` does) and prints hands/s, MB/s and the peak resident memory.
"""

from __future__ import annotations

import argparse
import os
import resource
import tempfile
import time

from stud_hh.events import Game
from stud_hh.simulate import SimConfig, write_session


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20000)
    parser.add_argument("--game", choices=("stud", "stud8", "razz"), default=None,
                        help="one game (default: each in turn)")
    parser.add_argument("--players", type=int, default=6)
    parser.add_argument("--tournament", action="store_true")
    args = parser.parse_args()
    games = [Game(args.game)] if args.game else [Game.STUD, Game.STUD8, Game.RAZZ]
    with tempfile.TemporaryDirectory() as folder:
        for game in games:
            path = os.path.join(folder, f"{game.value}.txt")
            config = SimConfig(game=game, hands=args.hands, players=args.players, seed=1,
                               tournament=args.tournament)
            start = time.perf_counter()
            summary = write_session(config, path)
            seconds = time.perf_counter() - start
            print(f"{game.value:6} {summary.hands} hands in {seconds:.1f} s: "
                  f"{summary.hands / seconds:,.0f} hands/s, "
                  f"{summary.bytes / seconds / 1e6:.1f} MB/s written")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MiB")


if __name__ == "__main__":
    main()
