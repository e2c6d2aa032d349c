"""How soon does the app's *Live* page show a hand after the poker client writes it? Run by
hand:

    python benchmarks/live.py [--db DB] [--hands 30] [--pause 1.0] [--hero NAME]

Copies ``--db`` (default: a new, empty database) into a temporary folder, starts
``stud-hh ui --watch FOLDER`` on it in a process of its own, listens to its
``/live/events`` as the page does, and appends the hands of a simulated stud session one
by one (every ``--pause`` seconds) to a history file in the watched folder, each dated
after everything the database holds, so that each is the hero's latest. For each hand it
measures the time from its write to the moment the panels the page fetches after the
event (``/live/panels``) show it, and the two steps of that: the write to the event, the
event to the panels. Prints the median, 95th percentile and worst of each. The issue
asks for the panels within 1 s of a hand's last line being written.
"""

from __future__ import annotations

import argparse
import os
import queue
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from options import count, positive

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "app"))

DATE = re.compile(r"\d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d ET")


def hands(count: int) -> list[str]:
    """A simulated session's hands, dated from 2031-01-01 10:00, a minute apart."""
    from livehands import session_hands

    texts = session_hands(seed=777_777, hands=count)
    return [DATE.sub(f"2031/01/01 {10 + i // 60:02d}:{i % 60:02d}:00 ET", t, count=1)
            for i, t in enumerate(texts)]


def start(db: Path, folder: Path, settings: Path) -> tuple[subprocess.Popen[str], str, str]:
    """``stud-hh ui`` watching ``folder``: the process, its address and its token."""
    env = {**os.environ, "STUD_HH_CONFIG": str(settings)}
    process = subprocess.Popen(
        [sys.executable, "-m", "stud_hh.cli", "ui", "--db", str(db), "--watch", str(folder),
         "--no-browser"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    assert process.stdout is not None
    line = process.stdout.readline()
    found = re.search(r"(http://[^/]+)/\?token=(\S+)", line)
    assert found, line + (process.stderr.read() if process.stderr else "")
    return process, found.group(1), found.group(2)


def listen(client: object, events: queue.Queue[float]) -> None:
    """Each ``hands`` event's arrival time, into ``events`` (until the stream ends)."""
    import httpx

    try:
        with client.stream("GET", "/live/events") as stream:  # type: ignore[attr-defined]
            for line in stream.iter_lines():
                if line == "event: hands":
                    events.put(time.monotonic())
                elif line == "event: stop":
                    return
    except httpx.HTTPError:  # the client closed at the end of the measure
        return


def measure(base: str, token: str, texts: list[str], history: Path, pause: float
            ) -> list[tuple[float, float, float]]:
    """For each hand: write -> panels, write -> event, event -> panels (seconds)."""
    import httpx
    from livehands import append, hand_id

    client = httpx.Client(base_url=base, cookies={"stud_hh_token": token}, timeout=600)
    events: queue.Queue[float] = queue.Queue()
    threading.Thread(target=listen, args=(client, events), daemon=True).start()
    started = time.monotonic()
    while client.get("/live/panels?format=json").json()["latest"] is None:
        time.sleep(0.2)  # the page is open: its first answer read the whole database
    print(f"the page's first answer: {time.monotonic() - started:.1f} s")
    out = []
    for text in texts:
        wanted = f"PokerStars {hand_id(text)}"
        written = time.monotonic()
        append(history, text)
        while True:
            event = events.get(timeout=600)
            latest = client.get("/live/panels?format=json").json()["latest"]
            if latest == wanted:
                break
        shown = time.monotonic()
        out.append((shown - written, event - written, shown - event))
        time.sleep(pause)
    client.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=None,
                        help="a database to copy first (default: an empty one)")
    parser.add_argument("--hands", type=count, default=30)
    parser.add_argument("--pause", type=positive, default=1.0)
    parser.add_argument("--hero", default=None, metavar="NAME",
                        help="the hero's name at PokerStars in the settings (default: none, "
                        "the app finds the hero)")
    args = parser.parse_args()
    texts = hands(args.hands + 3)
    with tempfile.TemporaryDirectory() as tmp:
        base_dir = Path(tmp)
        db, folder = base_dir / "db", base_dir / "HandHistory"
        folder.mkdir()
        if args.db is not None:
            shutil.copytree(args.db, db)
        history = folder / "HH20310101 Live.txt"
        history.write_text("".join(t + "\n\n\n" for t in texts[:3]), encoding="utf-8")
        settings = base_dir / "settings.toml"
        if args.hero is not None:
            settings.write_text(f'[hero]\nPokerStars = ["{args.hero}"]\n', encoding="utf-8")
        process, base, token = start(db, folder, settings)
        try:
            found = measure(base, token, texts[3:], history, args.pause)
        finally:
            process.send_signal(signal.SIGINT)
            process.wait(600)
    print(f"{len(found)} hands, database {args.db or 'new'}, hero "
          f"{args.hero or 'found by the app'}")
    for i, what in enumerate(("write -> panels", "write -> event", "event -> panels")):
        values = sorted(f[i] for f in found)
        p95 = values[min(len(values) - 1, round(0.95 * (len(values) - 1)))]
        print(f"{what:16} median {statistics.median(values) * 1000:6.0f} ms   "
              f"p95 {p95 * 1000:6.0f} ms   worst {values[-1] * 1000:6.0f} ms")


if __name__ == "__main__":
    main()
