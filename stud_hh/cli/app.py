"""``stud-hh ui``: the app (:mod:`stud_hh.app`) on a local port until Ctrl-C."""

from __future__ import annotations

import argparse
import signal
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any, TextIO

from stud_hh.cli.common import (
    DB_HELP,
    EXIT_OK,
    check_output,
    database_arg,
    whole_number,
    write_whole,
)


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
                  say=lambda line: print(line, file=out, flush=True),
                  on_exit=watcher.hub.close)
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


def cmd_notes(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """List, export or import the notes and tags of a database (:mod:`stud_hh.store.notes`)."""
    import sys

    from stud_hh.model.errors import InputError
    from stud_hh.store.database import Database, open_db
    from stud_hh.store.notes import notes_json, parse_notes_json, read_notes, save_notes

    db = open_db(args.db)
    if args.action == "export":
        text = notes_json(read_notes(db))
        if str(args.file) == "-":
            out.write(text)
        else:
            check_output(args.file, "the notes")
            write_whole(args.file, text.encode("utf-8"))
            print(f"{_count(text)} written to {args.file}", file=out)
    elif args.action == "import":
        name = str(args.file)
        try:
            text = sys.stdin.read() if name == "-" else args.file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise InputError(f"cannot read the notes: {getattr(exc, 'strerror', None) or exc}",
                             path=name) from None
        notes = parse_notes_json(text, name)
        held = save_notes(Database.create(db.storage), notes, replace_all=args.replace)
        print(f"{_plural(len(notes))} imported{' in place of the others' if args.replace else ''}"
              f"; the database holds {_plural(held)}", file=out)
    else:
        _list_notes(read_notes(db), out)
    return EXIT_OK


def _plural(n: int) -> str:
    return f"{n:,} note{'' if n == 1 else 's'}"


def _count(text: str) -> str:
    import json

    return _plural(len(json.loads(text)["notes"]))


def _list_notes(notes: list[Any], out: TextIO) -> None:
    if not notes:
        print("no notes (write them on the app's pages: stud-hh ui)", file=out)
    for note in notes:
        where = note.site or "every site"
        tags = f"  [{', '.join(note.tags)}]" if note.tags else ""
        print(f"{note.player} ({where}){tags}", file=out)
        for line in note.note.splitlines():
            print(f"    {line}", file=out)


def add_notes(n: argparse.ArgumentParser) -> None:
    n.description = ("The notes and tags written on players in the app (stud-hh ui), kept "
                     "in the database's notes table: list them, write them to a JSON file, "
                     "or read such a file into a database (notes of the same player and "
                     "site are replaced; --replace: the file's notes take the place of all). "
                     "Exit 0, or 2 for a file that is not a notes file or a database another "
                     "import is writing.")
    n.add_argument("--db", type=database_arg, metavar="DIR", help=DB_HELP)
    actions = n.add_subparsers(dest="action", metavar="ACTION")
    listing = actions.add_parser("list", help="print every note")
    e = actions.add_parser("export", help="write every note to a JSON file")
    e.add_argument("file", type=Path, metavar="FILE", help="the file to write (- for "
                   "standard output)")
    i = actions.add_parser("import", help="read the notes of a JSON file into the database")
    i.add_argument("file", type=Path, metavar="FILE", help="a file `notes export` wrote (- "
                   "for standard input)")
    i.add_argument("--replace", action="store_true",
                   help="the file's notes replace all the database's (default: those of "
                   "the same player and site)")
    for parser in (listing, e, i):  # --db before or after the action
        parser.add_argument("--db", type=database_arg, metavar="DIR", help=DB_HELP,
                            default=argparse.SUPPRESS)
    n.set_defaults(func=cmd_notes, action="list")


ARGUMENTS: dict[str, Callable[[argparse.ArgumentParser], None]] = {"ui": add_ui,
                                                                  "notes": add_notes}
