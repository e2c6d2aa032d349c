"""What a database at a URL costs: the same import into a folder and into a local S3 server.

    python benchmarks/s3.py [--hands 20000] [--jobs 1 2] [--repeat 2]

Writes one history file of ``--hands`` hands (the sample histories' hands with fresh ids),
starts moto's S3 server in a process of its own on 127.0.0.1 (a free port), and imports
the file, each time into a new database, with each ``--jobs``: into a folder of this
machine, and into ``s3://bench/<n>`` on that server. Prints seconds and hands/s per run,
then, with the database imported, the seconds to open it (checked, as ``open_db`` does),
to read the ``players`` table and to run a SQL query, folder and URL.

The server runs on this machine and answers at once: the difference is the cost of the
storage layer, s3fs, HTTP and the server's own work (on the same two cores), not of a
network. A real store adds its round-trip time to each request (a part written, a
listing, a range read).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from options import count

ROOT = Path(__file__).resolve().parent.parent


def build(path: Path, hands: int) -> None:
    """``hands`` hands of the sample histories in one file, every hand id unique."""
    from stud_hh.read.split import raw_hands

    texts = [raw.text for source in sorted((ROOT / "sample_histories").glob("*.txt"))
             for raw in raw_hands(source) if raw.is_hand]
    id_re = re.compile(r"#\d+:")
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for i in range(hands):
            out.write(id_re.sub(f"#{9_300_000_000 + i}:", texts[i % len(texts)], count=1))
            out.write("\n\n")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def start_server() -> tuple[subprocess.Popen[bytes], dict[str, Any]]:
    """moto's S3 server in a process of its own, and the storage options to reach it."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1",
                               "-p", str(port)], stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    endpoint = f"http://127.0.0.1:{port}"
    options = {"key": "bench", "secret": "bench", "client_kwargs": {"endpoint_url": endpoint}}
    import s3fs

    fs = s3fs.S3FileSystem(skip_instance_cache=True, **options)
    deadline = time.monotonic() + 30
    while True:
        try:
            fs.mkdir("bench")
            return server, options
        except Exception:
            if time.monotonic() > deadline or server.poll() is not None:
                server.kill()
                raise
            time.sleep(0.2)


def timed_import(source: Path, where: Any, jobs: int) -> tuple[float, int]:
    from stud_hh.store.ingest.run import import_paths

    started = time.perf_counter()
    summary = import_paths([source], where, jobs=jobs)
    return time.perf_counter() - started, summary.hands_new


def reads(where: Any) -> dict[str, float]:
    """Seconds to open (checked), read ``players`` and run a query."""
    from stud_hh.store.database import open_db

    found = {}
    started = time.perf_counter()
    db = open_db(where)
    found["open"] = time.perf_counter() - started
    started = time.perf_counter()
    db.players(columns=["player", "net", "vpip", "vpip_opp"])
    found["players"] = time.perf_counter() - started
    started = time.perf_counter()
    db.sql("SELECT player, sum(net) AS net FROM players GROUP BY player")
    found["sql"] = time.perf_counter() - started
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=count, default=20_000)
    parser.add_argument("--jobs", type=count, nargs="+", default=[1, 2])
    parser.add_argument("--repeat", type=count, default=2)
    args = parser.parse_args()
    from stud_hh.store.storage import FsspecStorage

    base = Path(tempfile.mkdtemp(prefix="stud-hh-s3-"))
    server, options = start_server()
    try:
        source = base / "histories.txt"
        build(source, args.hands)
        print(f"{args.hands:,} hands, {source.stat().st_size / 2**20:.1f} MiB; load average "
              f"{os.getloadavg()[0]:.1f}; moto S3 on {options['client_kwargs']['endpoint_url']}")
        run = 0
        last: dict[str, Any] = {}
        for jobs in args.jobs:
            for _ in range(args.repeat):
                for kind in ("folder", "s3"):
                    run += 1
                    where: Any = (base / f"db{run}" if kind == "folder" else
                                  FsspecStorage(f"s3://bench/db{run}", options))
                    seconds, hands = timed_import(source, where, jobs)
                    last[kind] = where
                    print(f"import --jobs {jobs} into {kind:6}: {seconds:6.1f} s, "
                          f"{hands / seconds:6.0f} hands/s", flush=True)
        for kind, where in last.items():
            found = reads(where)
            print(f"{kind:6}: open {found['open']:.2f} s, players {found['players']:.2f} s, "
                  f"sql {found['sql']:.2f} s")
    finally:
        server.kill()
        server.wait()
        shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    main()
