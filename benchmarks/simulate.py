"""Simulator speed, and a long check that simulated hands replay clean with unique ids.

    .venv-dev/bin/python benchmarks/simulate.py --hands 20000 [--game stud] [--players 8]
    .venv-dev/bin/python benchmarks/simulate.py --audit 200000 [--jobs 2] [--session 400]

The first form plays and writes a session to a temporary file with ``write_session``
(what ``stud-hh simulate`` does) and prints hands/s, MB/s and the peak resident memory.

``--audit N`` plays N hands in sessions of ``--session`` hands, each of its own seed,
going through every game, 2 to 8 players, cash and tournament, on ``--jobs`` processes;
writes each session to a file, reads it back and replays every hand as ``stud-hh audit``
does, and prints every violation (a hand the simulator made is clean unless injected, so
each one is a disagreement between the simulator and the replayer, or a bug of either),
every hand id seen twice, and hands/s. Exit 1 when it found any.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import sys
import tempfile
import time
from collections import Counter

from options import count

from stud_hh.model.events import Game
from stud_hh.model.hand import ParsedHand, ParseFailure
from stud_hh.read.parse import parse_file
from stud_hh.replay import replay
from stud_hh.sim.session import MAX_SEED, SimConfig, write_session

GAMES = (Game.STUD, Game.STUD8, Game.RAZZ)

Finding = tuple[str, str, int, str]
"""Hand id, rule, line in the session's file, message."""


def session_config(k: int, hands: int, first_seed: int) -> SimConfig:
    """The ``k``-th session of an audit run: every game, 2 to 8 players, cash and
    tournament, in turn."""
    return SimConfig(game=GAMES[k % 3], hands=hands, players=2 + (k // 3) % 7,
                     seed=first_seed + k, tournament=(k // 21) % 2 == 1)


def audit_session(task: tuple[int, int, int, str]) -> tuple[int, list[str], list[Finding]]:
    k, hands, first_seed, folder = task
    config = session_config(k, hands, first_seed)
    path = os.path.join(folder, f"session-{config.seed}.txt")
    write_session(config, path)
    ids: list[str] = []
    found: list[Finding] = []
    for result in parse_file(path):
        if isinstance(result, ParseFailure):
            found.append((result.hand_id or "?", "unreadable", result.first_line,
                          str(result.error)))
            continue
        if not isinstance(result, ParsedHand):
            found.append(("?", "skipped", 0, "a simulated hand skipped as not stud"))
            continue
        ids.append(result.hand_id)
        found.extend((result.hand_id, v.rule, v.line, v.message)
                     for v in replay(result).violations)
    if not found:
        os.remove(path)
    return k, ids, found


def run_audit(total: int, session: int, jobs: int, first_seed: int, keep: str | None) -> int:
    sessions = -(-total // session)
    if first_seed + sessions - 1 > MAX_SEED:
        sys.exit(f"seeds {first_seed}..{first_seed + sessions - 1} go past {MAX_SEED}")
    folder = keep or tempfile.mkdtemp(prefix="sim-audit-")
    os.makedirs(folder, exist_ok=True)
    tasks = [(k, min(session, total - k * session), first_seed, folder)
             for k in range(sessions)]
    seen: Counter[str] = Counter()
    rules: Counter[str] = Counter()
    hands = 0
    start = time.perf_counter()
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        for k, ids, found in pool.imap_unordered(audit_session, tasks):
            hands += len(ids)
            seen.update(ids)
            config = session_config(k, 1, first_seed)
            for hand_id, rule, line, message in found:
                rules[rule] += 1
                print(f"{rule}: hand {hand_id} (seed {config.seed}, {config.game.value}, "
                      f"{config.players} players{', tournament' if config.tournament else ''};"
                      f" {folder}/session-{config.seed}.txt:{line}): {message}", flush=True)
    seconds = time.perf_counter() - start
    repeated = {i: n for i, n in seen.items() if n > 1}
    for hand_id, n in sorted(repeated.items()):
        print(f"hand id {hand_id} seen {n} times")
    print(f"{hands} hands in {sessions} sessions (seeds {first_seed}-"
          f"{first_seed + sessions - 1}) in {seconds:.0f} s on {jobs} processes: "
          f"{hands / seconds:,.0f} hands/s; {sum(rules.values())} violations"
          f"{' (' + ', '.join(f'{r} {n}' for r, n in rules.most_common()) + ')' if rules else ''}"
          f", {len(repeated)} hand ids seen twice")
    if rules:
        print(f"sessions with violations kept in {folder}")
    elif not keep:
        os.rmdir(folder)
    return 1 if rules or repeated else 0


def run_speed(hands: int, game: str | None, players: int, tournament: bool) -> None:
    games = [Game(game)] if game else list(GAMES)
    with tempfile.TemporaryDirectory() as folder:
        for g in games:
            path = os.path.join(folder, f"{g.value}.txt")
            config = SimConfig(game=g, hands=hands, players=players, seed=1,
                               tournament=tournament)
            start = time.perf_counter()
            summary = write_session(config, path)
            seconds = time.perf_counter() - start
            print(f"{g.value:6} {summary.hands} hands in {seconds:.1f} s: "
                  f"{summary.hands / seconds:,.0f} hands/s, "
                  f"{summary.bytes / seconds / 1e6:.1f} MB/s written")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory {peak:.0f} MiB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=count, default=20000)
    parser.add_argument("--game", choices=("stud", "stud8", "razz"), default=None,
                        help="one game (default: each in turn)")
    parser.add_argument("--players", type=count, default=6)
    parser.add_argument("--tournament", action="store_true")
    parser.add_argument("--audit", type=count, metavar="N",
                        help="play N hands over many seeds and audit every one")
    parser.add_argument("--session", type=count, default=400, metavar="HANDS",
                        help="with --audit: hands per session (default 400)")
    parser.add_argument("--jobs", type=count, default=os.cpu_count() or 1)
    parser.add_argument("--first-seed", type=int, default=1000)
    parser.add_argument("--keep", metavar="DIR",
                        help="with --audit: write the sessions here (default: a temporary "
                        "folder, kept only when a session has violations)")
    args = parser.parse_args()
    if args.audit:
        sys.exit(run_audit(args.audit, args.session, args.jobs, args.first_seed, args.keep))
    run_speed(args.hands, args.game, args.players, args.tournament)


if __name__ == "__main__":
    main()
