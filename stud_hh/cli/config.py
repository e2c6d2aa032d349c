"""``stud-hh config``, and the settings every other command reads for what its command
line leaves out (:func:`use_settings`): the database, the folders of ``import`` and
``watch``, the hero, and the people a database is read with (``docs/settings.md``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from stud_hh.cli.common import EXIT_OK, database_arg, selection_of


def cmd_config(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Show the settings file, change one key of it, or find the clients' folders."""
    from stud_hh.settings import load_settings, settings_path
    from stud_hh.settings.edit import change
    from stud_hh.settings.text import settings_text
    from stud_hh.store.people import People

    path = settings_path()
    if args.action == "path":
        print(path, file=out)
    elif args.action == "detect":
        _config_detect(args.add, path, out)
    elif args.action is not None:
        print(change(path, args.action, args.key, args.values), file=out)
        People.from_settings(load_settings(path))
    else:
        settings = load_settings(path)
        People.from_settings(settings)  # aliases that say the hero twice: exit 2
        print(settings_text(settings), file=out)
    return EXIT_OK


def _config_detect(add: bool, path: Path, out: TextIO) -> None:
    from stud_hh.settings.detect import detect, this_system
    from stud_hh.settings.edit import change
    from stud_hh.settings.text import detect_text

    found = detect()
    print(detect_text(found, this_system()), file=out)
    if not found:
        return
    if add:
        print(change(path, "add", "folders", [str(f.folder) for f in found]), file=out)
    else:
        print("(stud-hh config detect --add puts them into the settings' folders)", file=out)
    names = {(f.place.site, name) for f in found for name in f.accounts}
    for site, name in sorted(names):
        shown = [f"{w!r}" if " " in w else w for w in (site, name)]
        print(f"if {name} is you: stud-hh config add hero {' '.join(shown)}", file=out)


def add_config(c: argparse.ArgumentParser) -> None:
    from stud_hh.settings.edit import GRAMMAR

    c.description = ("The settings file (TOML, in your configuration folder, or "
                     "$STUD_HH_CONFIG): your screen names per site (the hero: the default "
                     "player of stats, report, tournaments, plot, show and watch), aliases "
                     "that make several names one person, the history folders import and "
                     "watch read when given none, and the database of every command given no "
                     "--db. Without ACTION, print the file's path and every setting. "
                     "docs/settings.md describes each key. Exit 0, or 2 for a settings file "
                     "that does not read or an edit that means nothing.")
    actions = c.add_subparsers(dest="action", metavar="ACTION")
    for action, what in (("set", "set a key (a list: replaced)"), ("unset", "remove a key"),
                         ("add", "add names or folders to a key"),
                         ("remove", "remove names or folders from a key")):
        a = actions.add_parser(action, help=what, description=f"{what}. The keys: "
                               + "; ".join(f"{k}: {g}" for k, g in GRAMMAR.items()) + ".")
        a.add_argument("key", metavar="KEY", help="database, folders, hero or alias")
        a.add_argument("values", nargs="*", metavar="VALUE")
    d = actions.add_parser("detect", help="list the history folders each client writes by "
                           "default that exist here",
                           description="Look where each supported poker client saves its "
                           "hand histories by default (Windows; macOS; on Linux and macOS, "
                           "inside the Wine prefix $WINEPREFIX or ~/.wine) and list those "
                           "that exist, with the screen names their sub-folders show. The "
                           "places and their sources are in docs/settings.md.")
    d.add_argument("--add", action="store_true",
                   help="also add the folders found to the settings' folders")
    actions.add_parser("path", help="print the settings file's path")
    c.set_defaults(func=cmd_config)


ARGUMENTS: dict[str, Callable[[argparse.ArgumentParser], None]] = {"config": add_config}

NEEDS_DB = ("import", "watch", "failures", "conflicts", "check", "repair", "migrate",
            "history", "vacuum", "stats", "tournaments", "plot", "report", "sql", "ui", "notes")
"""The commands that need a database: ``--db``, else the settings' database."""
HERO_DEFAULT = ("stats", "tournaments", "report", "plot")
"""The commands whose ``--player`` is the settings' hero by default (when the selection
holds their hands)."""
PEOPLE = ("stats", "tournaments", "report", "plot", "show", "watch", "ui")
"""The commands that read players as people (the settings' hero and aliases)."""


def use_settings(args: argparse.Namespace) -> None:
    """Fill what the command line left out from the settings file (``docs/settings.md``):
    the database, the folders of ``import`` and ``watch``, the hero; and the people the
    database is read with (``args.people``). A damaged settings file is a
    :class:`~stud_hh.model.errors.SettingsError` (exit 2) only for a command that reads
    it (one with a database)."""
    from stud_hh.model.errors import UsageError

    command = args.command
    if command == "config" or not hasattr(args, "db"):
        return
    from stud_hh.settings import load_settings

    settings = load_settings()
    where = "paths" if command == "import" else "folders"
    if command in ("import", "watch") and not getattr(args, where):
        if not settings.folders:
            raise UsageError(f"{command} needs {'PATHs' if command == 'import' else 'FOLDERs'} "
                             "(or folders in the settings: stud-hh config add folders DIR, or "
                             "stud-hh config detect --add)")
        setattr(args, where, settings.folder_paths())
    if command == "ui" and args.watch is None:  # the settings' folders, unless --no-watch
        args.watch = [] if args.no_watch else settings.folder_paths()
    configured = settings.database_location()
    if args.db is None and configured is not None and (
            command in NEEDS_DB or not getattr(args, "paths", None)):
        args.db = database_arg(configured)
    if args.db is None and command in NEEDS_DB:
        raise UsageError(f"{command} needs --db DIR (or a database in the settings: stud-hh "
                         "config set database DIR)")
    if command not in PEOPLE:
        return
    from stud_hh.store.people import People

    args.people = People.from_settings(settings)
    hero = args.people.hero
    if hero is None:
        return
    if command == "watch" and args.hero is None:
        args.hero = hero.name
    if command in HERO_DEFAULT and args.player is None and not getattr(args, "audit", False) \
            and not getattr(args, "all_players", False) and _hero_selected(args, hero.name):
        args.player = hero.name


def _hero_selected(args: argparse.Namespace, hero: str) -> bool:
    """Whether the hero has hands (tournaments: results) in the selection of ``args``."""
    from dataclasses import replace

    from stud_hh.store.database import open_db
    from stud_hh.store.people import holds
    from stud_hh.store.select import SelectionError

    db = open_db(args.db, people=args.people)
    if args.command == "tournaments":
        return holds(db, hero, tournaments=True)
    try:
        db.resolve(replace(selection_of(args, player=False), player=hero))
    except SelectionError:  # not the hero's: the command's own default (a bad filter: its error)
        return False
    return True
