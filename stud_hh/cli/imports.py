"""The commands that write or check a database: ``import``, ``watch``, ``failures``,
``check`` and ``repair``."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from stud_hh.cli.common import (
    DB_HELP,
    EXIT_FAILURES,
    EXIT_OK,
    EXIT_UNUSABLE,
    add_scheduler,
    database_arg,
    non_negative_float,
    positive_float,
    terminate_interrupts,
    whole_number,
)

if TYPE_CHECKING:
    pass


@contextmanager
def _runner(args: argparse.Namespace) -> Iterator[Any]:
    """The Dask runner of ``--scheduler`` (``None`` without it: the local process pool)."""
    if args.scheduler is None:
        yield None
        return
    from stud_hh.store.distributed import dask_runner

    with dask_runner(args.scheduler, args.jobs) as runner:
        yield runner


FAILURES_SHOWN = 10
"""The failures an import prints one by one; the rest are counted (``stud-hh failures``)."""


def cmd_import(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from tqdm import tqdm

    from stud_hh.store.ingest.run import import_paths
    from stud_hh.store.ingest.tasks import FileResult

    bar: list[Any] = []
    done_files = done_hands = 0
    total_files = 0

    def counted() -> str:
        return f"{done_files:,}/{total_files:,} files, {done_hands:,} hands"

    def start(files: list[str], total: int) -> None:
        nonlocal total_files
        total_files = len(files)
        # the share done and the time left follow the bytes read; the postfix counts files
        # and hands: "importing: 45%|####5   | 6.8M/15.0M [00:09<00:11, 740kB/s, 4,512/10,000
        # files, 4,498 hands]"
        bar.append(tqdm(total=total, unit="B", unit_scale=True, unit_divisor=1024,
                        desc="importing", disable=args.quiet or None, leave=False,
                        file=sys.stderr, mininterval=0.5, postfix=counted()))

    def done(result: FileResult) -> None:
        nonlocal done_files, done_hands
        done_files += result.completes  # a file cut into chunks: once all are in
        done_hands += len(result.hand_keys)
        bar[0].set_postfix_str(counted(), refresh=False)
        bar[0].update(result.bytes_read)
        if result.unreadable:
            bar[0].write(f"error: {result.path}: {result.unreadable}", file=err)

    def note(text: str) -> None:
        tqdm.write(f"stud-hh: {text}", file=err)

    try:
        with terminate_interrupts(), _runner(args) as runner:
            summary = import_paths(args.paths, args.db, profile=args.profile, jobs=args.jobs,
                                   on_start=start, on_file=done, on_note=note, runner=runner)
    finally:
        if bar:
            bar[0].close()
    shown = summary.failures[:FAILURES_SHOWN]
    for path, line, reason in shown:
        print(f"failure: {path}:{line}: {reason}", file=err)
    if summary.failures:
        n, more = len(summary.failures), len(summary.failures) - len(shown)
        print(f"stud-hh: {n:,} {'text' if n == 1 else 'texts'} could not be read"
              f"{f' ({more:,} more than those above)' if more else ''}; each is kept whole in "
              f"the failures table (`stud-hh failures --db {args.db}` lists them)", file=err)
    if summary.conflicts:
        n = len(summary.conflicts)
        print(f"stud-hh: {n:,} {'hand' if n == 1 else 'hands'} came again with different "
              "text; the copy read first is stored, the other kept in the conflicts table "
              f"(`stud-hh conflicts --db {args.db}` lists them and where they differ)",
              file=err)
    print(summary.line(), file=out)
    if summary.hands_new == 0 and summary.failures_new == 0 and summary.results_new == 0 \
            and summary.files:
        if summary.duplicates:
            print("nothing new: every hand was already in the database", file=out)
        elif summary.files_unchanged == summary.files:
            print("nothing new: every file was imported before and has not changed", file=out)
        else:
            print("nothing new: the files hold no stud-family hands"
                  + (f" ({summary.skipped} of other games)" if summary.skipped else ""),
                  file=out)
    if summary.failures_new and not (summary.hands_new or summary.duplicates or summary.skipped
                                     or summary.failures_known or summary.hands_failed):
        return EXIT_UNUSABLE  # no history in the input: files that cannot be read, no header
    return EXIT_FAILURES if summary.failures_new else EXIT_OK


def cmd_watch(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.live.screen import Screen
    from stud_hh.live.watch import Watch

    watch = Watch(args.folders, args.db, profile=args.profile, interval=args.interval,
                  settle=args.settle)
    live = args.hud if args.hud is not None else out.isatty()
    # Ctrl-C (or SIGTERM) is the way a watch is stopped
    with terminate_interrupts(), Screen(watch, out, err, hero=args.hero, live=live,
                                        people=args.people) as screen, \
            suppress(KeyboardInterrupt):
        watch.run(screen.show)
    print(f"{chr(10) if live else ''}stopped: {watch.totals.line()}", file=out)
    if not live and watch.totals.hands:
        print(screen.final(), file=out)
    return EXIT_FAILURES if watch.totals.failures else EXIT_OK


def cmd_conflicts(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The second copies of stored hands whose text differs: where each is, where the stored
    copy is, and the first line where the two differ."""
    from stud_hh.analysis.audit import conflicts
    from stud_hh.store.database import open_db

    rows = conflicts(open_db(args.db))
    for row in rows.itertuples(index=False):
        stored = (f"{row.stored_file}:{row.stored_first_line}"
                  if isinstance(row.stored_file, str) else "the stored copy")
        if args.format == "jsonl":
            out.write(json.dumps({"kind": "conflict", "site": row.site, "hand_id": row.hand_id,
                                  "file": row.file, "first_line": _int_or_none(row.first_line),
                                  "stored_file": row.stored_file,
                                  "stored_first_line": _int_or_none(row.stored_first_line),
                                  "line": _int_or_none(row.line), "copy": row.copy,
                                  "stored": row.stored}, ensure_ascii=False) + "\n")
            continue
        print(f"{row.site} hand {row.hand_id}: {row.file}:{row.first_line} differs from "
              f"{stored} (stored)", file=out)
        if isinstance(row.copy, str) and (row.copy or row.stored):
            line = _int_or_none(row.line)
            where = f"line {line}:"
            print(f"    {where} {row.copy}\n    {'stored:'.ljust(len(where))} {row.stored}"
                  if line is not None else f"    stored only: {row.stored}", file=out)
    if args.format != "jsonl":
        print(f"{len(rows)} conflict{'s' if len(rows) != 1 else ''} in {args.db}: the copy "
              "read first is stored, each other copy is kept whole in the conflicts table",
              file=out)
    return EXIT_OK


def add_conflicts(c: argparse.ArgumentParser) -> None:
    c.description = ("Every hand that came again with different text (other names, "
                     "other amounts: an export edited by another tool, a site that rewrote "
                     "a hand): the copy not stored, the stored one, and the first line where "
                     "they differ. The copy read first (in the order the files are read) is "
                     "stored; the others are kept whole in the conflicts table.")
    c.add_argument("--db", type=database_arg, metavar="DIR", help=DB_HELP)
    c.add_argument("--format", choices=("text", "jsonl"), default="text")
    c.set_defaults(func=cmd_conflicts)


def cmd_failures(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The texts a database could not read: each with its file, line, hand and reason."""
    from stud_hh.store.database import open_db

    db = open_db(args.db)
    rows = db.failures(columns=["file", "line", "first_line", "hand_id", "reason",
                                "offending_text"])
    rows = rows.sort_values(["file", "first_line"], kind="stable")
    if args.format == "jsonl":
        for row in rows.itertuples(index=False):
            hand_id = row.hand_id if isinstance(row.hand_id, str) else None
            out.write(json.dumps({"kind": "unreadable", "file": row.file,
                                  "line": _int_or_none(row.line), "hand_id": hand_id,
                                  "reason": row.reason}, ensure_ascii=False) + "\n")
    else:
        for row in rows.itertuples(index=False):
            line = _int_or_none(row.line) or _int_or_none(row.first_line)
            hand = f" [hand {row.hand_id}]" if isinstance(row.hand_id, str) else ""
            print(f"{row.file}:{line}{hand}: {row.reason}", file=out)
            if isinstance(row.offending_text, str) and row.offending_text:
                print(f"    {row.offending_text}", file=out)
        print(f"{len(rows)} unreadable text{'s' if len(rows) != 1 else ''} in {args.db} "
              "(kept whole in the failures table)", file=out)
    return EXIT_OK


def _int_or_none(value: object) -> int | None:
    try:
        return int(str(value))
    except ValueError:
        return None


def cmd_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.store.integrity import check_database

    report = check_database(args.db)  # not a database: main() reports it, exit 2
    for problem in report.problems:
        print(problem, file=out)
    print(report.summary(), file=out)
    return EXIT_OK if report.sound else EXIT_FAILURES


def cmd_repair(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.store.repair import repair_database

    with terminate_interrupts():
        report = repair_database(args.db, jobs=args.jobs, profile=args.profile)
    for line in report.lines():
        print(line, file=out)
    if report.after is not None and not report.after.sound:
        for problem in report.after.problems:
            print(f"check: {problem}", file=err)
        return EXIT_FAILURES
    return EXIT_FAILURES if report.lost else EXIT_OK


def cmd_migrate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.store.migrate import migrate_database

    with terminate_interrupts():
        report = migrate_database(args.db)
    for line in report.lines():
        print(line, file=out)
    return EXIT_FAILURES if report.damaged else EXIT_OK


def cmd_history(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.store.database import open_db
    from stud_hh.store.history import history_lines, history_rows

    db = open_db(args.db)
    batches = db.history()
    if args.format == "jsonl":
        for row in history_rows(batches):
            print(json.dumps(row, ensure_ascii=False), file=out)
    else:
        for line in history_lines(batches, db.storage.location):
            print(line, file=out)
    return EXIT_OK


def cmd_vacuum(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.store.database import Database

    db = Database(args.db, verify=True)
    with terminate_interrupts(), db.writing():
        deleted = db.vacuum(args.keep * 24.0)
    kept = f"{args.keep:g} day{'' if args.keep == 1 else 's'}"
    print(f"vacuum: {db.storage.location}: deleted {len(deleted):,} part"
          f"{'' if len(deleted) == 1 else 's'} that later batches removed more than {kept} "
          f"ago; `--as-of` reaches back {kept} from now on", file=out)
    return EXIT_OK


def add_import(i: argparse.ArgumentParser) -> None:
    from stud_hh.rules import PROFILES, SITE

    i.description = ("Import files and folders into a database folder (created "
                     "if missing). Hands already stored and files unchanged since the last "
                     "import are passed over; hands that cannot be read are kept in the "
                     "failures table, each printed with its file, line and reason, and a "
                     "failure stored earlier is replaced when its hand is later read whole "
                     "(a file imported while the poker client was writing it). To follow "
                     "folders while playing, use `stud-hh watch`. Exit 0 when every text "
                     "was read, 1 when new failures were stored (a hand that could not be "
                     "read, alone in its file or not), 2 when the input holds no hand "
                     "history at all (a missing path, files that cannot be read, text with no "
                     "hand header) or the arguments are wrong.")
    i.add_argument("paths", nargs="*", type=Path, metavar="PATH",
                   help="files and folders (default: the settings' folders)")
    i.add_argument("--db", type=database_arg, metavar="DIR",
                   help=DB_HELP)
    i.add_argument("--jobs", type=whole_number, default=None, metavar="N",
                   help="worker processes (default: one per 6 MiB of files to read, at most "
                   "one per core: a few thousand hands are read in one process; with "
                   "--scheduler local, the local cluster's, every core)")
    add_scheduler(i)
    i.add_argument("--profile", choices=[SITE, *sorted(PROFILES)], default=SITE,
                   help="house rules to audit against (default: site, each hand's own "
                   "site's profile)")
    i.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    i.set_defaults(func=cmd_import)


def add_watch(w: argparse.ArgumentParser) -> None:
    from stud_hh.live.timing import INTERVAL, SETTLE
    from stud_hh.rules import PROFILES, SITE

    w.description = ("Follow FOLDERs (new and growing files, files rewritten "
                     "or rotated by the client) and import each hand within a second or two "
                     "of it being written. A hand the client is still writing waits: it is "
                     "read once a blank line follows it or the file has been left alone for "
                     "--settle seconds, so it is never stored as a failure; a failure an "
                     "earlier import stored for it is replaced. On a terminal a live table "
                     "shows each opponent at the hero's current tables: hands, VPIP, "
                     "complete/raise on 3rd, steal, fold to steal, aggression and went to "
                     "showdown, each with its sample size. Ctrl-C stops, leaving everything "
                     "committed and nothing half-written. Holds the database's write lock "
                     "while it runs. Exit 0 when stopped, 1 when texts that could not be "
                     "read were stored while watching, 2 for a missing folder or a database "
                     "another import is writing.")
    w.add_argument("folders", nargs="*", type=Path, metavar="FOLDER",
                   help="the folders to follow (default: the settings' folders)")
    w.add_argument("--db", type=database_arg, metavar="DIR",
                   help=DB_HELP)
    w.add_argument("--hero", metavar="NAME", help="whose tables to show (default: the "
                   "settings' hero, else the player whose down cards the most hands show)")
    w.add_argument("--interval", type=positive_float, default=INTERVAL, metavar="SECONDS",
                   help=f"seconds between two looks at the folders (default {INTERVAL:g})")
    w.add_argument("--settle", type=positive_float, default=SETTLE, metavar="SECONDS",
                   help="seconds a file must be left alone before its last hand, with no "
                   f"blank line after it, is read (default {SETTLE:g})")
    w.add_argument("--profile", choices=[SITE, *sorted(PROFILES)], default=SITE)
    w.add_argument("--hud", action=argparse.BooleanOptionalAction, default=None,
                   help="the live table (default: when standard output is a terminal; "
                   "--no-hud prints a line per import instead)")
    w.set_defaults(func=cmd_watch)


def add_failures(f: argparse.ArgumentParser) -> None:
    f.description = ("Every hand or text an import could not read, with its "
                     "file, line, hand id and reason (the whole text is kept in the "
                     "failures table).")
    f.add_argument("--db", type=database_arg, metavar="DIR", help=DB_HELP)
    f.add_argument("--format", choices=("text", "jsonl"), default="text")
    f.set_defaults(func=cmd_failures)


def add_check(c: argparse.ArgumentParser) -> None:
    c.description = ("Read every part of a database: its checksum, Parquet "
                     "footer and schema, every entry of its tables' Delta logs against the "
                     "digest its batch recorded, and the keys across tables (every player, action, "
                     "pot, violation and unverifiable row has its hand; every hand's file has "
                     "its files row). Prints each problem (part, table, what). Exit 0 when "
                     "sound, 1 when problems were found, 2 when DIR is not a database.")
    c.add_argument("--db", type=database_arg, metavar="DIR",
                   help=DB_HELP)
    c.set_defaults(func=cmd_check)


def add_repair(r: argparse.ArgumentParser) -> None:
    from stud_hh.rules import PROFILES, SITE

    r.description = ("Move damaged parts and log entries into DIR/damaged/ "
                     "(nothing is deleted; a damaged log is started anew), take back a batch "
                     "a killed writer left half committed, commit the rest without the rows "
                     "of the files the damage came from, and import those files again; "
                     "prints what was done per file and per table. Exit 0 when repaired (or "
                     "nothing to do), 1 when some file could not be read again, 2 when DIR "
                     "is not a database.")
    r.add_argument("--db", type=database_arg, metavar="DIR",
                   help=DB_HELP)
    r.add_argument("--jobs", type=whole_number, default=None, metavar="N",
                   help="worker processes for the import (default: as import chooses)")
    r.add_argument("--profile", choices=[SITE, *sorted(PROFILES)], default=SITE,
                   help="house rules to audit the imported-again hands against (default: "
                   "site)")
    r.set_defaults(func=cmd_repair)


def add_migrate(m: argparse.ArgumentParser) -> None:
    m.description = ("Convert a database of stud-hh's earlier format (schema 1 to 5: parts "
                     "named by commit records in DIR/commits/) to Delta tables, in place: "
                     "each live part, checked against its record, becomes part of its "
                     "table's first version (a part older than schema 5 written again with "
                     "the columns added since), in one batch; then stud_hh.json names the "
                     "schema of Delta tables and the commit records move to "
                     "DIR/damaged/migrated-<when>/. Every other command refuses a database "
                     "of the earlier format until it is migrated; a migration killed at any "
                     "point is finished (or started over) by running it again. Exit 0 when "
                     "migrated (or nothing to do), 1 when damaged parts were left out (`stud-hh "
                     "repair` imports their files again), 2 when DIR is not a database.")
    m.add_argument("--db", type=database_arg, metavar="DIR", help=DB_HELP)
    m.set_defaults(func=cmd_migrate)


def add_history(h: argparse.ArgumentParser) -> None:
    h.description = ("Every batch of a database, oldest first: its number, when it was "
                     "committed, in UTC, what did it (import, repair, compact, notes, "
                     "migrate), the history files it read and the rows it added and removed "
                     "per table; `--as-of BATCH` on stats, tournaments, plot, report and sql "
                     "reads the database as that batch left it. --format jsonl: a JSON "
                     "object per batch, with each table's Delta version.")
    h.add_argument("--db", type=database_arg, metavar="DIR", help=DB_HELP)
    h.add_argument("--format", choices=("text", "jsonl"), default="text")
    h.set_defaults(func=cmd_history)


def add_vacuum(v: argparse.ArgumentParser) -> None:
    v.description = ("Delete the data files that a later batch replaced (a compaction, a "
                     "repair, rewritten notes) more than --keep days ago, which only "
                     "`--as-of` an earlier batch still reads: time travel then reaches back "
                     "that far. The files a batch reads now are never deleted. Takes the "
                     "write lock.")
    v.add_argument("--db", type=database_arg, metavar="DIR", help=DB_HELP)
    v.add_argument("--keep", type=non_negative_float, default=7.0, metavar="DAYS",
                   help="keep what was replaced less than this long ago (default 7)")
    v.set_defaults(func=cmd_vacuum)


ARGUMENTS: dict[str, Callable[[argparse.ArgumentParser], None]] = {
    "import": add_import,
    "watch": add_watch,
    "failures": add_failures,
    "conflicts": add_conflicts,
    "check": add_check,
    "repair": add_repair,
    "migrate": add_migrate,
    "history": add_history,
    "vacuum": add_vacuum,
}
"""Each command's arguments, by its name."""
