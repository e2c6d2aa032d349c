"""How soon does `stud-hh watch` store a hand after the client writes it? Run by hand:

    python benchmarks/watch.py [--hands 40] [--pause 0.5] [--backlog 2000]

Starts ``stud-hh watch`` (no live table) on an empty folder whose database already holds
``--backlog`` hands (a player's history: the watch reads what is stored once), then
appends one sample hand every ``--pause`` seconds to a session file, as a client does,
and for each hand measures the time from its write to the moment its batch is complete
on disk (the ``batches`` table's log is watched: its row is committed last). Prints the
latency's median, 95th percentile and worst, the watch's processor time per hand, and its
peak memory.
"""

from __future__ import annotations

import argparse
import os
import re
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from options import count, positive, some

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

ID = re.compile(r"#\d+:")


def texts(count: int, first: int) -> list[str]:
    from helpers import sample_hand_texts

    stars = [t for t in sample_hand_texts() if t.startswith("PokerStars")]
    return [ID.sub(f"#{first + i}:", stars[i % len(stars)], count=1) + "\n\n"
            for i in range(count)]


def commits(db: Path) -> int:
    """Batches committed: the commits of the ``batches`` table's Delta log (a batch is in
    once its row is: every table of it committed before)."""
    folder = db / "batches" / "_delta_log"
    return len(list(folder.glob("*.json"))) if folder.is_dir() else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=count, default=40)
    parser.add_argument("--pause", type=positive, default=0.5)
    parser.add_argument("--backlog", type=some, default=2000)
    args = parser.parse_args()
    from stud_hh.store.ingest.run import import_paths

    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        folder, db, old = base / "HandHistory", base / "db", base / "old"
        folder.mkdir()
        old.mkdir()
        (old / "history.txt").write_text("".join(texts(args.backlog, 9_100_000_000)))
        import_paths([old], db, jobs=1)
        watch = subprocess.Popen(
            [sys.executable, "-m", "stud_hh.cli", "watch", str(folder), "--db", str(db),
             "--no-hud", "--interval", "0.25"], stdout=subprocess.PIPE, text=True,
            cwd=ROOT)
        assert watch.stdout is not None
        watch.stdout.readline()
        session = folder / "HH session.txt"
        latencies = []
        for hand in texts(args.hands, 9_200_000_000):
            before = commits(db)
            with session.open("a", encoding="utf-8") as out:
                out.write(hand)
            written = time.perf_counter()
            while commits(db) == before:
                time.sleep(0.005)
            latencies.append(time.perf_counter() - written)
            time.sleep(args.pause)
        usage = Path(f"/proc/{watch.pid}/status").read_text()
        peak = next((int(line.split()[1]) / 1024 for line in usage.splitlines()
                     if line.startswith("VmHWM:")), float("nan"))
        stat = Path(f"/proc/{watch.pid}/stat").read_text().split()
        cpu = (int(stat[13]) + int(stat[14])) / os.sysconf("SC_CLK_TCK")
        watch.send_signal(signal.SIGINT)
        watch.communicate(timeout=60)
    ordered = sorted(latencies)
    print(f"{args.hands} hands written {args.pause:g} s apart into a watched folder, "
          f"database of {args.backlog:,} hands")
    print(f"  write -> committed: median {statistics.median(ordered):.2f} s, "
          f"95th percentile {ordered[int(0.95 * (len(ordered) - 1))]:.2f} s, "
          f"worst {ordered[-1]:.2f} s")
    print(f"  watch process: {cpu:.1f} s of processor time in all "
          f"({cpu / args.hands * 1000:.0f} ms per hand, start-up included), "
          f"peak memory {peak:.0f} MiB")


if __name__ == "__main__":
    main()
