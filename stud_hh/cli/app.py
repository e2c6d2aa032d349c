"""``stud-hh ui``: the app (:mod:`stud_hh.app`) on a local port until Ctrl-C."""

from __future__ import annotations

import argparse
import signal
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TextIO

from stud_hh.cli.common import DB_HELP, EXIT_OK, database_arg, whole_number


def cmd_ui(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.app import live
    from stud_hh.app.security import Guard
    from stud_hh.app.server import build, free_port, serve
    from stud_hh.store.database import Database, open_db

    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print(f"stud-hh ui: warning: listening on {args.host}: anyone who can reach this "
              "computer and holds the address printed below can read your hands and write "
              "notes (the token is the only lock)", file=err)
    if args.watch:
        Database.create(args.db)  # a new one when watching into it for the first time
    db = open_db(args.db, people=args.people)
    port = args.port if args.port is not None else free_port(args.host)
    guard = Guard(port=port, host=args.host)
    watcher = live.Watcher(args.watch or [], args.db, settle=args.settle)
    app = build(db, guard, on_startup=watcher.start, on_shutdown=watcher.stop)
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        with suppress(KeyboardInterrupt):
            serve(app, guard, open_browser=not args.no_browser,
                  say=lambda line: print(line, file=out, flush=True))
    finally:
        signal.signal(signal.SIGTERM, previous)
    print(f"stopped: {watcher.summary()}", file=out)
    return EXIT_OK


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


def add_ui(u: argparse.ArgumentParser) -> None:
    from stud_hh.live.timing import SETTLE

    u.description = ("Start the app: a local web server on 127.0.0.1 that opens in your "
                     "browser (the address printed holds a token; no other page and no "
                     "other computer can use it). Pages: overview, players, hands with "
                     "their replayer, leaks, tournaments, the audit, and a live HUD of the "
                     "tables you are at, updated as the poker client writes each hand when "
                     "folders are watched (the settings' folders by default). Every file "
                     "it uses is served by the app itself: nothing leaves this computer. "
                     "Ctrl-C stops it. Exit 0 when stopped, 2 when the port is taken or "
                     "the database cannot be opened.")
    u.add_argument("--db", type=database_arg, metavar="DIR", help=DB_HELP)
    u.add_argument("--watch", type=Path, nargs="+", metavar="FOLDER", default=None,
                   help="folders to follow while the app runs (default: the settings' "
                   "folders)")
    u.add_argument("--no-watch", action="store_true",
                   help="follow no folder, not even the settings'")
    u.add_argument("--port", type=whole_number, default=None, metavar="N",
                   help="the port (default: a free one)")
    u.add_argument("--host", default="127.0.0.1", metavar="ADDRESS",
                   help="the address to listen on (default 127.0.0.1: this computer only; "
                   "another one warns)")
    u.add_argument("--no-browser", action="store_true", help="print the address only")
    u.add_argument("--settle", type=float, default=SETTLE, metavar="SECONDS",
                   help=f"as watch's --settle (default {SETTLE:g})")
    u.set_defaults(func=cmd_ui)


ARGUMENTS: dict[str, Callable[[argparse.ArgumentParser], None]] = {"ui": add_ui}
