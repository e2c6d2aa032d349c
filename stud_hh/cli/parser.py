"""The command line's grammar: each command's name, one-line help and where its arguments
are.

Only the command being run has its arguments built, and only its module is imported:
``stud-hh --help``, ``--version`` and a mistyped command start without the readers,
pandas or numpy, and a command imports only what it needs.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from types import ModuleType

from stud_hh import __version__


def _histories() -> ModuleType:
    import stud_hh.cli.histories as histories

    return histories


def _imports() -> ModuleType:
    import stud_hh.cli.imports as imports

    return imports


def _analysis() -> ModuleType:
    import stud_hh.cli.analysis as analysis

    return analysis


def _config() -> ModuleType:
    import stud_hh.cli.config as config

    return config


def _app() -> ModuleType:
    import stud_hh.cli.app as app

    return app


def _tools() -> ModuleType:
    import stud_hh.cli.tools as tools

    return tools


@dataclass(frozen=True, slots=True)
class Command:
    """A subcommand: its name, the module that holds its arguments and its function (loaded
    only when it runs), and the line ``stud-hh --help`` prints for it."""

    name: str
    module: Callable[[], ModuleType]
    help: str

    def arguments(self) -> Callable[[argparse.ArgumentParser], None]:
        """The function that adds this command's arguments (and its function) to a parser."""
        adders: dict[str, Callable[[argparse.ArgumentParser], None]] = self.module().ARGUMENTS
        return adders[self.name]


COMMANDS: tuple[Command, ...] = (
    Command("config", _config,
            "show or change your settings: screen names, aliases, history folders, database"),
    Command("parse", _histories,
            "parse hand histories and report what was read"),
    Command("audit", _histories,
            "replay every hand against the rules and list violations"),
    Command("explain", _analysis,
            "what a statistic, column, rule code or house-rule setting means"),
    Command("show", _histories,
            "print one hand replayed street by street (--html: as a page that replays it "
            "visually)"),
    Command("equity", _tools,
            "each player's share of the pot from here on: exact, given every card seen"),
    Command("import", _imports,
            "parse, replay and store hands in a Parquet database"),
    Command("watch", _imports,
            "follow the folders a poker client writes into, importing each hand as it ends, "
            "with a live table of the opponents"),
    Command("failures", _imports,
            "list the texts a database could not read"),
    Command("conflicts", _imports,
            "list the hands that came again with different text, and where they differ"),
    Command("check", _imports,
            "check a database through: checksums, footers, keys"),
    Command("repair", _imports,
            "move a database's damage aside and import its files again"),
    Command("history", _imports,
            "list a database's batches: when, what did it, the rows each added (--as-of "
            "reads an earlier one)"),
    Command("vacuum", _imports,
            "delete the data files later batches replaced, after a retention (time travel "
            "reaches back that far)"),
    Command("migrate", _imports,
            "convert a database of stud-hh's earlier format (commit records) to Delta "
            "tables"),
    Command("export", _histories,
            "write hands as PHH files (the open format pokerkit reads)"),
    Command("stats", _analysis,
            "print the player summary from a database"),
    Command("tournaments", _analysis,
            "print players' tournament results from a database"),
    Command("plot", _analysis,
            "draw a figure from a database"),
    Command("report", _analysis,
            "write an HTML report of a player, or of an audit"),
    Command("ui", _app,
            "open the app in the browser: filters to click, players, hands and their "
            "replayer, leaks, the audit, and a live HUD while you play"),
    Command("notes", _app,
            "list, export or import the notes and tags written on players in the app"),
    Command("sql", _analysis,
            "run a SQL query (DuckDB) over a database's tables"),
    Command("simulate", _tools,
            "write simulated sessions as PokerStars histories"),
)
"""Every subcommand, in the order ``--help`` lists them."""

EPILOG = ("Every statistic, column, rule code and house-rule setting is described in "
          "docs/statistics.md, docs/database.md and docs/rules.md, and by `stud-hh explain "
          "TERM`. Exit codes: 0 done, nothing to report; 1 done, with findings (hands that "
          "could not be read, rule violations); 2 unusable input or environment (a missing "
          "path, a mistyped option, a damaged database, a full disk, no permission); 3 an "
          "internal error of stud-hh (a bug: please report it); 130 interrupted.")


def chosen_command(argv: Sequence[str]) -> str | None:
    """The command ``argv`` runs: its first word that is not an option (the top level takes
    no option with a value).

    >>> chosen_command(["--version"]), chosen_command(["stats", "--db", "x"])
    (None, 'stats')
    """
    return next((word for word in argv if not word.startswith("-")), None)


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The parser of ``stud-hh``, with the arguments of the command ``argv`` runs (every
    command's when ``argv`` is ``None``: for tools that list them all)."""
    chosen = chosen_command(argv) if argv is not None else None
    parser = argparse.ArgumentParser(
        prog="stud-hh",
        description="Read, audit, store and analyse Seven Card Stud hand histories.",
        epilog=EPILOG,
    )
    parser.add_argument("--version", action="version", version=f"stud-hh {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in COMMANDS:
        p = sub.add_parser(command.name, help=command.help)
        if argv is None or command.name == chosen:
            command.arguments()(p)
    return parser
