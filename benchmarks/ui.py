"""How fast does `stud-hh ui` answer on a large database? Run by hand:

    python benchmarks/ui.py [--db DIR] [--player-hands 1000000] [--requests 40]
                            [--live-hands 20]

Makes the database once if DIR holds none (simulated sessions of 8 players, stud, stud
hi/lo and razz, every seventh a tournament, until about ``--player-hands`` player-hands:
about 15 minutes on 2 cores), then serves the app on it in this process and asks each page
``--requests`` times, each time with other filters (another player, game, stakes, dates),
so that almost no answer comes from the app's cache: the figures are the server's work,
not a cache's. Prints per page the first answer (a new DuckDB connection's first query),
then p50 and p95 over the rest; the process's peak memory; and, with ``--live-hands``,
the live HUD's latency: from a hand written to a watched file to the server-sent event
that makes the live page ask for its panels (p50, p95).
"""

from __future__ import annotations

import argparse
import random
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from options import count, some

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "app"))

GAMES = ("stud", "stud8", "razz")
HANDS_PER_SESSION = 2000


def make_database(db: Path, player_hands: int) -> None:
    """Simulated sessions imported into ``db`` until it holds about ``player_hands``."""
    sessions = max(1, round(player_hands / (HANDS_PER_SESSION * 7.4)))
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(sessions):
            extra = ["--tournament"] if i % 7 == 6 else []
            subprocess.run([sys.executable, "-m", "stud_hh.cli", "simulate", "--game",
                            GAMES[i % 3], "--hands", str(HANDS_PER_SESSION), "--players", "8",
                            "--seed", str(5000 + i), *extra, "-o", f"{tmp}/s{i}.txt"],
                           check=True, stdout=subprocess.DEVNULL)
            print(f"\rsimulated {i + 1}/{sessions} sessions", end="", flush=True)
        print()
        subprocess.run([sys.executable, "-m", "stud_hh.cli", "import", tmp, "--db", str(db), "-q"],
                       check=True)


def _pages(client: object, players: list[str], stakes: list[str]) -> dict[str, list[str]]:
    """Each page's paths, each with other filters."""
    rng = random.Random(7)
    months = [f"2026-{m:02d}-01" for m in range(1, 13)]

    def filters() -> str:
        parts = [f"player={rng.choice(players)}"]
        if rng.random() < 0.5:
            parts.append(f"game={rng.choice(GAMES)}")
        if rng.random() < 0.3:
            parts.append(f"stakes={rng.choice(stakes)}")
        if rng.random() < 0.3:
            parts.append(f"since={rng.choice(months)}")
        return "&".join(parts)

    def plain() -> str:  # the pages of everyone: filters without a player
        return "&".join(p for p in filters().split("&") if not p.startswith("player="))

    return {
        "overview": [f"/?{filters()}" for _ in range(200)],
        "players": [f"/players?{plain()}" for _ in range(200)],
        "player": [f"/players/{rng.choice(players)}?{plain()}" for _ in range(200)],
        "hands": [f"/hands?{filters()}" for _ in range(200)],
        "leaks": [f"/leaks?{filters()}" for _ in range(200)],
        "tournaments": [f"/tournaments?{filters()}" for _ in range(200)],
        "audit": [f"/audit?{plain()}" for _ in range(200)],
        "live": ["/live"] * 200,
    }


def measure(app: object, requests: int) -> None:
    from stud_hh.app.source import Source

    source: Source = app.app.state.stud_hh.source  # type: ignore[attr-defined]
    with source.cursor() as cur:
        players = [str(r[0]) for r in cur.execute(
            "SELECT player FROM people_players GROUP BY player ORDER BY count(*) DESC "
            "LIMIT 60").fetchall()]
        stakes = [str(r[0]) for r in cur.execute(
            "SELECT DISTINCT CAST(stakes AS VARCHAR) FROM hands").fetchall()]
        rows = cur.execute("SELECT count(*) FROM players").fetchone()
    print(f"database: {rows[0] if rows else 0:,} player-hands, {len(players)} players asked "
          "about")
    print(f"{'page':<12} {'first':>8} {'p50':>8} {'p95':>8} {'worst':>8}  answers")
    with app.client() as client:  # type: ignore[attr-defined]
        for page, paths in _pages(client, players, stakes).items():
            times: list[float] = []
            codes: set[int] = set()
            for path in paths[:requests + 1]:
                started = time.perf_counter()
                answer = client.get(path)
                times.append(time.perf_counter() - started)
                codes.add(answer.status_code)
            if codes == {404}:
                print(f"{page:<12} not built")
                continue
            rest = sorted(times[1:])
            p95 = rest[min(len(rest) - 1, int(0.95 * len(rest)))]
            print(f"{page:<12} {times[0] * 1000:>6.0f}ms {statistics.median(rest) * 1000:>6.0f}ms"
                  f" {p95 * 1000:>6.0f}ms {rest[-1] * 1000:>6.0f}ms  {sorted(codes)}")


def live_latency(hands: int) -> None:
    """From a hand appended to a watched file to the live page's event (p50, p95)."""
    from appserver import running
    from helpers import sample_hand_texts

    stars = [t for t in sample_hand_texts() if t.startswith("PokerStars")]
    with tempfile.TemporaryDirectory() as tmp:
        folder, db = Path(tmp) / "HandHistory", Path(tmp) / "db"
        folder.mkdir()
        session = folder / "session.txt"
        session.write_text("")
        with running(db, watch=[folder]) as app:
            got: list[float] = []
            arrived = threading.Event()

            def listen() -> None:
                with app.client() as client, client.stream("GET", "/live/events",
                                                           timeout=None) as stream:
                    for line in stream.iter_lines():
                        if line.startswith("data:"):
                            got.append(time.perf_counter())
                            arrived.set()

            threading.Thread(target=listen, daemon=True).start()
            time.sleep(1.0)
            waits: list[float] = []
            for i in range(hands):
                arrived.clear()
                written = time.perf_counter()
                with session.open("a") as f:
                    f.write(stars[i % len(stars)] + "\n\n")
                if not arrived.wait(60):
                    print("no event came within 60 s: the live page is not built?")
                    return
                waits.append(got[-1] - written)
                time.sleep(0.3)
            waits.sort()
            print(f"live update: p50 {statistics.median(waits) * 1000:.0f} ms, p95 "
                  f"{waits[int(0.95 * (len(waits) - 1))] * 1000:.0f} ms over {hands} hands")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=Path(tempfile.gettempdir()) / "ui-bench-db")
    parser.add_argument("--player-hands", type=some, default=1_000_000)
    parser.add_argument("--requests", type=count, default=40)
    parser.add_argument("--live-hands", type=int, default=20)
    args = parser.parse_args()
    if not (args.db / "stud_hh.json").is_file():
        shutil.rmtree(args.db, ignore_errors=True)
        make_database(args.db, args.player_hands)
    from appserver import running

    with running(args.db) as app:
        measure(app, args.requests)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak memory: {peak:.0f} MiB")
    if args.live_hands:
        live_latency(args.live_hands)


if __name__ == "__main__":
    main()
