"""What the commands share: exit codes, the ``--db`` and filter options, tables as text,
writing a page whole."""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:
    from stud_hh.model.hand import ParseFailure


EXIT_OK = 0


EXIT_FAILURES = 1


EXIT_UNUSABLE = 2


EXIT_INTERNAL = 3


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@contextmanager
def terminate_interrupts() -> Iterator[None]:
    """While the block runs, SIGTERM (``kill``, a service manager, ``timeout``) stops the
    command as Ctrl-C does: what was committed is kept, nothing half-written stays,
    ``stud-hh: interrupted`` and exit 130 (instead of Python's death on the spot, which
    cleans nothing up)."""
    try:
        previous = signal.signal(signal.SIGTERM, _interrupt)
    except ValueError:  # not the main thread: signals are not this thread's to handle
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


DB_HELP = ("database folder, or URL (s3://bucket/db: pip install 'stud-hh[s3]'); default: "
           "the settings' database (`stud-hh config`)")


def database_arg(text: str) -> str | Path:
    """A ``--db`` value: a folder, or a URL (``s3://bucket/db``) kept as text, which a
    ``Path`` would collapse to ``s3:/bucket/db``."""
    from stud_hh.store.storage import url_of

    return text if url_of(text) is not None else Path(text)


GAME_HELP = ("stud, stud8 (or 'stud hi/lo'), razz, five_stud ('five-card stud'), razz27 "
             "('2-7 razz')")


def game_arg(text: str) -> str:
    """A ``--game`` value: a game's code (``stud8``) or its name as reports print it
    (``stud hi/lo``, any case), as the code."""
    from stud_hh.rules.games import game_code

    code = game_code(text)
    if code is None:
        raise argparse.ArgumentTypeError(f"no game {text!r}: the games are {GAME_HELP}")
    return code


def progress(total_bytes: int, enabled: bool) -> object:
    """A tqdm bar over bytes on stderr, shown only on a terminal and for long work."""
    from tqdm import tqdm

    return tqdm(
        total=total_bytes, unit="B", unit_scale=True, unit_divisor=1024, desc="parsing",
        disable=not enabled or None, leave=False, file=sys.stderr, mininterval=0.5,
    )


def report_failure(failure: ParseFailure, err: TextIO) -> None:
    print(f"error: {failure.error}", file=err)


def frame_text(frame: object, fmt: str) -> str:
    import pandas as pd

    assert isinstance(frame, pd.DataFrame)
    if fmt == "csv":
        return str(frame.to_csv())
    if fmt == "json":
        return str(frame.reset_index().to_json(orient="records", indent=1, date_format="iso"))
    with pd.option_context("display.width", 200, "display.max_columns", 60,
                           "display.max_rows", 500, "display.float_format", "{:,.1f}".format):
        return str(frame)


def selection_of(args: argparse.Namespace, player: bool = True) -> Any:
    """The hands the filter options select (see :mod:`stud_hh.store.select`); with
    ``player``, only those of ``--player``."""
    from stud_hh.store.select import Selection, parse_when

    return Selection(
        since=parse_when(args.since) if args.since else None,
        until=parse_when(args.until, end=True) if args.until else None,
        games=tuple(args.game or ()), stakes=tuple(args.stakes or ()),
        sites=tuple(args.site or ()), tournament=args.tournament,
        player=(args.player or None) if player else None,
        min_hands=getattr(args, "min_hands", 0))


def note_undated(resolved: Any, err: TextIO) -> None:
    """Say which hands a date filter left out for having no date."""
    if resolved.undated:
        print(f"stud-hh: {resolved.note()}", file=err)


def selected_players(db: Any, args: argparse.Namespace, columns: list[str], err: TextIO,
                      player: bool = True) -> tuple[Any, Any]:
    """The ``players`` rows of the selection (with ``player``, only ``--player``'s) and the
    selection resolved against ``db``; :class:`SelectionError` when a filter or the name
    matches nothing stored."""
    resolved = db.resolve(selection_of(args, player))
    note_undated(resolved, err)
    return db.read_resolved("players", resolved, columns), resolved


def no_hands(where: object, selection: Any, err: TextIO) -> int:
    detail = f" ({selection.describe()})" if not selection.empty else ""
    print(f"stud-hh: no hands in {where}{detail}", file=err)
    return EXIT_UNUSABLE


WHEN = ("(2026-03-14, 2026-03-14 18:30: on this machine's clock, as the dates of --by date, "
        "month, year and session; or with a zone, 2026-03-14T18:30+01:00)")
"""What ``--since`` and ``--until`` take."""


def add_selection(parser: argparse.ArgumentParser, summaries: bool = True) -> None:
    """The filter options every command that reads hands takes (``--min-hands`` only
    where rows of a summary are shown: not for ``export``, which writes hands)."""
    f = parser.add_argument_group("which hands (filters)")
    f.add_argument("--since", metavar="WHEN", help=f"hands from this date or moment {WHEN}; "
                   "undated hands are left out")
    f.add_argument("--until", metavar="WHEN", help="hands up to this date (included) or "
                   "moment (excluded)")
    f.add_argument("--game", nargs="+", metavar="GAME", type=game_arg, help=GAME_HELP)
    f.add_argument("--stakes", nargs="+", metavar="SB/BB", help="as stored: 0.10/0.20, 20/40")
    f.add_argument("--site", nargs="+", metavar="SITE", help="PokerStars, Full Tilt Poker, ...")
    kind = f.add_mutually_exclusive_group()
    kind.add_argument("--cash", dest="tournament", action="store_const", const=False,
                      help="cash games only")
    kind.add_argument("--tournament", dest="tournament", action="store_const", const=True,
                      help="tournaments only")
    if summaries:
        f.add_argument("--min-hands", type=int, default=0, metavar="N",
                       help="show only rows (players, groups) with at least N hands")


def add_scheduler(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scheduler", metavar="ADDRESS", default=None,
                        help="run the work on a Dask cluster: the address of its scheduler "
                        "(tcp://host:8786), or `local` for a cluster of --jobs worker "
                        "processes on this machine. Workers must see the files (and the "
                        "database folder) at the same paths; needs stud-hh[dask]")


def positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value < 86_400:
        raise argparse.ArgumentTypeError(f"must be more than 0 and under a day: {text!r}")
    return value


def non_negative_float(text: str) -> float:
    """A number of 0 or more (``--keep DAYS``): anything else is a usage error, exit 2."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 or more: {text!r}")
    return value


def whole_number(text: str) -> int:
    """A count of 1 or more (``--jobs``): anything else is a usage error, exit 2."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be 1 or more: {text!r}")
    return value


AS_OF_HELP = ("read the database as a batch left it: its number (`stud-hh history` lists "
              "them) or a time, the last batch committed by then (2026-12-06T16:48 on the "
              "machine's clock; with an offset, or UTC as history prints them: "
              "'2026-12-06 16:48:15 UTC'); default: the last batch. Reaches back as far as "
              "`stud-hh vacuum` left the files (7 days by default)")


def as_of_arg(text: str) -> int | datetime:
    """``--as-of``: a batch number (1 or more), or a time (ISO 8601; on the machine's clock
    when it names no offset; ``UTC`` at its end as ``stud-hh history`` prints times).

    >>> as_of_arg("12"), as_of_arg("2026-12-06 16:48:15 UTC").isoformat()
    (12, '2026-12-06T16:48:15+00:00')
    """
    given = text.strip()
    if given.isdigit():
        return whole_number(given)
    utc = given.upper().endswith(" UTC")
    try:
        moment = datetime.fromisoformat(given[:-4] if utc else given)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"not a batch number nor a time: {text!r} (a batch: 12, as `stud-hh history` lists "
            "them; a time: 2026-12-06T16:48, on this machine's clock, or "
            "2026-12-06T16:48+01:00)") from None
    if utc:
        if moment.tzinfo is not None:
            raise argparse.ArgumentTypeError(f"a time with an offset and UTC: {text!r}")
        return moment.replace(tzinfo=UTC)
    return moment if moment.tzinfo is not None else moment.astimezone()


def add_as_of(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--as-of", type=as_of_arg, default=None, metavar="BATCH|TIME",
                        help=AS_OF_HELP)


def check_output(path: Path, what: str, *, folder: bool = False) -> None:
    """Refuse, before any work, to write ``what`` to ``path`` when it cannot be written
    there: a path inside a stud-hh database (a file there would be taken for a part, or
    damage it), anything that is not a regular file or a new path (a device, a pipe, a
    folder unless ``folder``), a folder that is not there, or no permission.
    :class:`UsageError` (one line, exit 2) says which."""
    from stud_hh.model.errors import UsageError
    from stud_hh.read.reader import not_readable
    from stud_hh.store.storage import MARKER

    where = path.resolve()
    database = next((p for p in (where, *where.parents) if (p / MARKER).is_file()), None)
    if database is not None:
        raise UsageError(f"{path}: cannot write {what} inside the database {database}: "
                         "choose a path outside it")
    if path.exists() or path.is_symlink():
        if path.is_dir() and not folder:
            raise UsageError(f"{path}: cannot write {what}: is a folder, not a file")
        if not (path.is_file() or path.is_dir()):
            raise UsageError(f"{path}: cannot write {what}: {not_readable(path)}")
        if not os.access(path, os.W_OK):
            raise UsageError(f"{path}: cannot write {what}: permission denied")
        return
    parent = path.parent if str(path.parent) else Path(".")
    if not parent.is_dir() and not folder:
        raise UsageError(f"{path}: cannot write {what}: no folder {parent}")
    if parent.is_dir() and not os.access(parent, os.W_OK):
        raise UsageError(f"{path}: cannot write {what}: permission denied")


def write_page(path: Path, html: str) -> int:
    """``html`` into ``path``, whole or not at all (a temporary file renamed); its bytes."""
    data = html.encode("utf-8")
    write_whole(path, data)
    return len(data)


def write_whole(path: Path, data: bytes) -> None:
    """``data`` into ``path``, whole or not at all: a temporary file beside it, renamed."""
    temporary = path.with_name(f".{path.name}.stud-hh-tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def terminal_width(out: TextIO) -> int:
    """The columns a table printed on ``out`` may take: the terminal's (at least 80), or 120
    when ``out`` is not a terminal (a file, a pipe)."""
    import shutil

    if not out.isatty():
        return 120
    return max(80, shutil.get_terminal_size((120, 24)).columns)
