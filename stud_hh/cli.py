"""The ``stud-hh`` command: a thin layer over the library.

Exit status: 0 when everything was read, 1 when some hand failed, 2 when the
input itself is unusable (a path that does not exist). Errors on user data are
reported with file, line and hand, never as a bare traceback.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import signal
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO, TypeAlias

from stud_hh import __version__
from stud_hh.model.errors import StudHHError
from stud_hh.read.parse import (
    ParsedHand,
    ParseFailure,
    SkippedHand,
    frozen_gc,
    parse_file,
    scan_paths,
)

EXIT_OK = 0
EXIT_FAILURES = 1
EXIT_UNUSABLE = 2
EXIT_INTERNAL = 3
_BYTES_PER_LINE = 34  # a typical stud history line, for the progress estimate


_DB_HELP = "database folder, or URL (s3://bucket/db: pip install 'stud-hh[s3]')"


def _database(text: str) -> str | Path:
    """A ``--db`` value: a folder, or a URL (``s3://bucket/db``) kept as text, which a
    ``Path`` would collapse to ``s3:/bucket/db``."""
    from stud_hh.store.storage import url_of

    return text if url_of(text) is not None else Path(text)


def _progress(total_bytes: int, enabled: bool) -> object:
    """A tqdm bar over bytes on stderr, shown only on a terminal and for long work."""
    from tqdm import tqdm

    return tqdm(
        total=total_bytes, unit="B", unit_scale=True, unit_divisor=1024, desc="parsing",
        disable=not enabled or None, leave=False, file=sys.stderr, mininterval=0.5,
    )


def _summary(files: int, parsed: int, skipped: Counter[str], failed: int,
             scanned: str = "") -> str:
    games = ", ".join(f"{game} {n}" for game, n in skipped.most_common())
    skipped_text = f"{sum(skipped.values())} skipped as not stud"
    if skipped:
        skipped_text += f" ({games})"
    return (f"{files} file{'s' if files != 1 else ''}{scanned}: {parsed} hands parsed, "
            f"{skipped_text}, {failed} failed")


def cmd_parse(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    scan = scan_paths(args.paths)  # a missing path: main() reports it, exit 2
    files = list(scan.files)
    total = sum(f.stat().st_size for f in files)
    bar = _progress(total, not args.quiet and total > 2_000_000)
    parsed = failed = 0
    skipped: Counter[str] = Counter()
    jsonl = args.format == "jsonl"
    if jsonl:
        from stud_hh.export.jsonl import result_dict
    with frozen_gc():
        for path in files:
            size = path.stat().st_size
            shown = 0  # bytes of this file already on the bar (estimated from line counts)
            games: Counter[str] = Counter()
            for result in parse_file(path):
                if isinstance(result, ParsedHand):
                    parsed += 1
                    games[result.header.game.value] += 1
                elif isinstance(result, SkippedHand):
                    skipped[result.game_text] += 1
                    games["skipped"] += 1
                else:
                    failed += 1
                    games["failed"] += 1
                    if not jsonl:
                        _report_failure(result, err)
                if jsonl:
                    out.write(json.dumps(result_dict(result), ensure_ascii=False))
                    out.write("\n")
                step = min((result.last_line - result.first_line + 1) * _BYTES_PER_LINE,
                           size - shown)
                shown += step
                bar.update(step)  # type: ignore[attr-defined]
            bar.update(size - shown)  # type: ignore[attr-defined]
            if args.verbose and not jsonl:
                detail = ", ".join(f"{n} {game}" for game, n in sorted(games.items()))
                bar.write(f"{path}: {detail or 'no hands'}", file=out)  # type: ignore[attr-defined]
    bar.close()  # type: ignore[attr-defined]
    print(_summary(len(files), parsed, skipped, failed, scan.summary()),
          file=err if jsonl else out)
    return EXIT_FAILURES if failed else EXIT_OK


def _report_failure(failure: ParseFailure, err: TextIO) -> None:
    print(f"error: {failure.error}", file=err)


def _failure_record(path: str, line: int | None, hand_id: str | None, reason: str
                    ) -> dict[str, object]:
    return {"kind": "unreadable", "file": path, "line": line, "hand_id": hand_id,
            "reason": reason}


class _AuditTally:
    """What an audit found, hand by hand, and how it is written (text or JSON lines)."""

    def __init__(self, out: TextIO, err: TextIO, jsonl: bool) -> None:
        self.out, self.err, self.jsonl = out, err, jsonl
        self.audited = self.flagged = self.failed = self.skipped = 0
        self.roots: Counter[str] = Counter()
        """Violations per rule that follow from no earlier one of their hand."""
        self.following: Counter[str] = Counter()
        """Violations per rule that follow from an earlier one (consequences)."""
        self.unverifiable: Counter[str] = Counter()
        self.used: set[str] = set()

    def write(self, record: dict[str, object]) -> None:
        self.out.write(json.dumps(record, ensure_ascii=False) + "\n")

    def unreadable(self, failure: ParseFailure | None, error: StudHHError) -> None:
        self.failed += 1
        print(f"error: {failure.error if failure else error}", file=self.err)
        if self.jsonl:
            self.write(_failure_record(error.path or "", error.line, error.hand_id,
                                       error.reason))

    def replayed(self, replayed: Any) -> None:
        from stud_hh.analysis.report import unverifiable_dict, violation_block, violation_dict

        self.audited += 1
        self.used.add(replayed.profile)
        for v in replayed.violations:
            (self.roots if v.follows_line is None else self.following)[v.rule] += 1
        self.unverifiable.update(u.rule for u in replayed.unverifiable)
        if self.jsonl:
            for v in replayed.violations:
                self.write(violation_dict(v, replayed.profile))
            for u in replayed.unverifiable:
                self.write(unverifiable_dict(u, replayed.profile))
        if replayed.violations:
            self.flagged += 1
            if not self.jsonl:
                print(violation_block(replayed), file=self.out)

    def outcome(self, outcome: Any) -> None:
        """One hand as a Dask worker audited it (:mod:`stud_hh.analysis.audit_tasks`):
        counted and written as :meth:`replayed` and :meth:`unreadable` do."""
        if outcome.kind == "skipped":
            self.skipped += 1
            return
        for record in outcome.records:
            self.write(record)
        if outcome.kind == "unreadable":
            self.failed += 1
            print(f"error: {outcome.error}", file=self.err)
            return
        self.audited += 1
        self.used.add(outcome.profile)
        self.roots.update(outcome.rules)
        self.following.update(outcome.following)
        self.unverifiable.update(outcome.unverifiable)
        if outcome.rules or outcome.following:
            self.flagged += 1
            if not self.jsonl:
                print(outcome.block, file=self.out)

    def exit_code(self) -> int:
        """1 whenever a violation was found or a hand could not be read; 2 only when
        nothing at all could be read."""
        if self.failed and not self.audited and not self.skipped:
            return EXIT_UNUSABLE
        return EXIT_FAILURES if self.flagged or self.failed else EXIT_OK


def cmd_audit(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.analysis.report import rule_table
    from stud_hh.replay import replay
    from stud_hh.rules import SITE, profile
    from stud_hh.rules.violations import plural, split_words

    if args.profile != SITE:
        profile(args.profile)  # an unknown name is unusable input
    scan = scan_paths(args.paths)  # a missing path: main() reports it, exit 2
    tally = _AuditTally(out, err, args.format == "jsonl")
    if args.scheduler is not None:
        from stud_hh.analysis.audit_tasks import audit_on
        from stud_hh.store.distributed import dask_client

        with dask_client(args.scheduler, args.jobs) as client:
            audit_on(client, scan.files, tally.outcome, profile=args.profile,
                     jsonl=tally.jsonl)
    with frozen_gc():
        for path in scan.files if args.scheduler is None else ():
            for result in parse_file(path):
                if isinstance(result, SkippedHand):
                    tally.skipped += 1
                elif isinstance(result, ParseFailure):
                    tally.unreadable(result, result.error)
                else:
                    try:
                        tally.replayed(replay(result, args.profile))
                    except StudHHError as exc:
                        tally.unreadable(None, exc)
    names = ", ".join(f"'{name}'" for name in sorted(tally.used)) or f"'{args.profile}'"
    noun = "profiles" if len(tally.used) > 1 else "profile"
    following = sum(tally.following.values())
    total = sum(tally.roots.values()) + following
    found = (f" ({total} in all: {split_words(total, following)})" if following else
             f" ({total} in all, none following from another)" if total else "")
    summary = (f"{plural(tally.audited, 'hand')} audited under the {names} {noun}: "
               f"{tally.flagged} with violations{found}, "
               f"{tally.skipped} skipped as not stud, {tally.failed} unreadable"
               f"{scan.summary()}")
    target = err if tally.jsonl else out
    if not tally.jsonl:
        print(rule_table(tally.roots, tally.following, tally.unverifiable), file=target)
    print(summary, file=target)
    return tally.exit_code()


def _found_hand(args: argparse.Namespace, hand_id: str, err: TextIO) -> ParsedHand | None:
    """The hand ``hand_id`` of ``--db`` or of the PATHs; ``None`` (said on ``err``) if none."""
    if args.db is not None:
        from stud_hh.store.stored import stored_hands

        stored = stored_hands(args.db, [hand_id])
        for problem in stored.unreadable:
            print(f"stud-hh: {problem}", file=err)
        if stored.hands:
            return stored.hands[0]
        if stored.missing:
            print(f"stud-hh: no hand {hand_id} in {args.db}", file=err)
        return None
    files = list(scan_paths(args.paths).files)  # a missing path: main() reports it, exit 2
    for path in files:
        for result in parse_file(path):
            if isinstance(result, ParsedHand) and result.hand_id == hand_id:
                return result
            if isinstance(result, ParseFailure) and result.hand_id == hand_id:
                print(f"error: {result.error}", file=err)
                return None
    print(f"stud-hh: hand {hand_id} not found in {len(files)} file(s)", file=err)
    return None


def cmd_show(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.analysis.report import show_hand
    from stud_hh.replay import replay

    if (args.db is None) == (not args.paths):
        print("stud-hh: show reads a hand from PATHs or from --db DIR (one of the two)",
              file=err)
        return EXIT_UNUSABLE
    if args.output is not None and not args.html:
        print("stud-hh: show -o FILE writes the page of --html (add --html)", file=err)
        return EXIT_UNUSABLE
    hand = _found_hand(args, args.hand_id.strip().lstrip("#"), err)
    if hand is None:
        return EXIT_UNUSABLE
    replayed = replay(hand, args.profile)
    if args.html:
        from stud_hh.analysis.html.replayer import hand_page, hand_view

        target = args.output or Path(_page_name(hand.hand_id))
        target.write_text(hand_page(hand_view(replayed, hero=args.hero)), encoding="utf-8")
        print(target, file=out)
        return EXIT_OK
    print(show_hand(replayed, hero=args.hero), file=out)
    return EXIT_OK


def _page_name(hand_id: str) -> str:
    """``hand-<id>.html``, with any character a file name may not hold made ``_``.

    >>> _page_name("2023_43_5 48/F7S8")
    'hand-2023_43_5_48_F7S8.html'
    """
    return "hand-" + "".join(c if c.isalnum() or c in "._-" else "_" for c in hand_id) + ".html"


@contextmanager
def _runner(args: argparse.Namespace) -> Iterator[Any]:
    """The Dask runner of ``--scheduler`` (``None`` without it: the local process pool)."""
    if args.scheduler is None:
        yield None
        return
    from stud_hh.store.distributed import dask_runner

    with dask_runner(args.scheduler, args.jobs) as runner:
        yield runner


def cmd_import(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from tqdm import tqdm

    from stud_hh.store.importer import FileResult, import_paths

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
        with _runner(args) as runner:
            summary = import_paths(args.paths, args.db, profile=args.profile, jobs=args.jobs,
                                   on_start=start, on_file=done, on_note=note, runner=runner)
    finally:
        if bar:
            bar[0].close()
    for path, line, reason in summary.failures:
        print(f"failure: {path}:{line}: {reason}", file=err)
    if summary.failures:
        n = len(summary.failures)
        print(f"stud-hh: {n:,} {'text' if n == 1 else 'texts'} could not be read; each is "
              f"kept whole in the failures table (`stud-hh failures --db {args.db}` lists "
              "them)", file=err)
    for c in summary.conflicts:
        stored = (f"{c['stored_file']}:{c['stored_first_line']}" if c["stored_file"]
                  else "the stored copy")
        print(f"conflict: {c['site']} hand {c['hand_id']} at {c['file']}:{c['first_line']} "
              f"differs from {stored} (kept in the conflicts table)", file=err)
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
    if summary.failures_new and not (summary.hands_new or summary.duplicates
                                     or summary.skipped or summary.failures_known):
        return EXIT_UNUSABLE  # nothing could be read
    return EXIT_FAILURES if summary.failures_new else EXIT_OK


@dataclass
class _ToExport:
    """The hands ``export`` writes, and what it passed over on the way."""

    selection: Any
    hands: list[ParsedHand] = field(default_factory=list)
    skipped: int = 0
    """Hands of other games."""
    failed: int = 0
    """Hands that could not be read (or, for the filters, replayed)."""
    left_out: int = 0
    """Hands the filters left out."""


def _export_hands(args: argparse.Namespace, err: TextIO) -> _ToExport | None:
    """The hands ``export`` writes: ``--db``'s or the PATHs', each ``--hand``, in the
    filters; ``None`` when the arguments are unusable (the reason is on ``err``)."""
    from stud_hh.store.stored import selected_hands, stored_hands

    found = _ToExport(_selection(args))
    if args.db is not None:
        if args.paths:
            print("stud-hh: export reads either PATHs or --db, not both", file=err)
            return None
        stored = stored_hands(args.db, args.hand or (), select=found.selection)
        if stored.missing:
            print(f"stud-hh: no hand {', '.join(stored.missing)} in {args.db}", file=err)
            return None
        for reason in stored.unreadable:
            print(f"error: {reason}", file=err)
        if stored.undated:
            from stud_hh.store.select import undated_note

            print(f"stud-hh: {undated_note(stored.undated)}", file=err)
        found.hands, found.failed = stored.hands, len(stored.unreadable)
        found.left_out = stored.left_out
        return found
    if not args.paths:
        print("stud-hh: export needs PATHs or --db DIR", file=err)
        return None
    wanted = set(args.hand or ())
    for path in scan_paths(args.paths).files:  # a missing path: main() reports it
        for result in parse_file(path):
            if isinstance(result, SkippedHand):
                found.skipped += 1
            elif isinstance(result, ParseFailure):
                found.failed += 1
                _report_failure(result, err)
            elif not wanted or result.hand_id in wanted:
                found.hands.append(result)
    if found.selection.narrows_hands and found.hands:
        chosen = selected_hands(found.hands, found.selection)
        for problem in chosen.unplaced:
            print(f"error: {problem} (not placed by the filters)", file=err)
        _note_undated(chosen.resolved, err)
        found.left_out = len(found.hands) - len(chosen.hands) - len(chosen.unplaced)
        found.hands, found.failed = chosen.hands, found.failed + len(chosen.unplaced)
    return found


def cmd_export(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.export.phh import ExportError, dumps, write_files

    found = _export_hands(args, err)
    if found is None:
        return EXIT_UNUSABLE
    selection, failed = found.selection, found.failed
    if not found.hands and selection.narrows_hands:
        return _no_hands(args.db or ", ".join(str(p) for p in args.paths), selection, err)
    writable: list[ParsedHand] = []
    for hand in found.hands:
        try:
            dumps(hand)
        except ExportError as exc:
            failed += 1
            print(f"error: {exc}", file=err)
        else:
            writable.append(hand)
    written = write_files(writable, args.output) if writable else []
    chosen = (f"; {found.left_out} left out by the filters ({selection.describe()})"
              if selection.narrows_hands else "")
    print(f"wrote {len(writable)} hands as PHH to {args.output} ({len(written)} "
          f"file{'s' if len(written) != 1 else ''}); {found.skipped} skipped as not stud, "
          f"{failed} failed{chosen}", file=out)
    return EXIT_FAILURES if failed else EXIT_OK


def cmd_check(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.store.integrity import check_database

    report = check_database(args.db)  # not a database: main() reports it, exit 2
    for problem in report.problems:
        print(problem, file=out)
    print(report.summary(), file=out)
    return EXIT_OK if report.sound else EXIT_FAILURES


def cmd_repair(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.store.integrity import repair_database

    report = repair_database(args.db, jobs=args.jobs, profile=args.profile)
    for line in report.lines():
        print(line, file=out)
    if report.after is not None and not report.after.sound:
        for problem in report.after.problems:
            print(f"check: {problem}", file=err)
        return EXIT_FAILURES
    return EXIT_FAILURES if report.lost else EXIT_OK


def _frame_text(frame: object, fmt: str) -> str:
    import pandas as pd

    assert isinstance(frame, pd.DataFrame)
    if fmt == "csv":
        return str(frame.to_csv())
    if fmt == "json":
        return str(frame.reset_index().to_json(orient="records", indent=1, date_format="iso"))
    with pd.option_context("display.width", 200, "display.max_columns", 60,
                           "display.max_rows", 500, "display.float_format", "{:,.1f}".format):
        return str(frame)


def _selection(args: argparse.Namespace, player: bool = True) -> Any:
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


def _note_undated(resolved: Any, err: TextIO) -> None:
    """Say which hands a date filter left out for having no date."""
    if resolved.undated:
        print(f"stud-hh: {resolved.note()}", file=err)


def _selected_players(db: Any, args: argparse.Namespace, columns: list[str], err: TextIO,
                      player: bool = True) -> tuple[Any, Any]:
    """The ``players`` rows of the selection (with ``player``, only ``--player``'s) and the
    selection resolved against ``db``; :class:`SelectionError` when a filter or the name
    matches nothing stored."""
    resolved = db.resolve(_selection(args, player))
    _note_undated(resolved, err)
    return db.read_resolved("players", resolved, columns), resolved


def _no_hands(where: object, selection: Any, err: TextIO) -> int:
    detail = f" ({selection.describe()})" if not selection.empty else ""
    print(f"stud-hh: no hands in {where}{detail}", file=err)
    return EXIT_UNUSABLE


def cmd_stats(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.analysis import report, stats
    from stud_hh.store.database import open_db

    db = open_db(args.db)
    by = stats.check_by(["player", *args.by] if "player" not in args.by else args.by)
    players, resolved = _selected_players(db, args, stats.required_columns(by), err)
    selection = resolved.selection
    if players.empty:
        return _no_hands(args.db, selection, err)
    import pandas as pd

    summary = stats.player_summary(players, by=by, hilo=bool((players["game"] == "stud8").any()),
                                   session_gap=pd.Timedelta(minutes=args.session_gap),
                                   min_hands=selection.min_hands)
    if args.top and not resolved.player:
        summary = summary.head(args.top)
    if args.columns:
        summary = summary[stats.check_columns(summary, args.columns)]
    if args.format == "text":
        heading = selection.describe(player=False)
        if heading:
            print(f"# {heading}", file=out)
        print(report.summary_text(summary, wide=args.columns is not None or len(summary) > 4),
              file=out)
    else:
        print(_frame_text(summary, args.format).rstrip("\n"), file=out)
    if resolved.player and args.format == "text":
        block = _tournament_block(db, args, resolved.player)
        if block:
            print("", file=out)
            print("\n".join(block), file=out)
    return EXIT_OK


def _tournament_block(db: Any, args: argparse.Namespace, player: str) -> list[str]:
    """The lines ``stats --player`` prints after the hands: the player's tournament
    results per unit, in the selection (none for cash games or given stakes)."""
    from stud_hh.analysis import tournament_report, tournaments

    selection = _selection(args)
    if selection.tournament is False or selection.stakes:
        return []
    found = tournaments.select(tournaments.read_results(db, player), selection)
    if found.empty:
        return []
    summary = tournaments.summary(found[found["player"] == player])
    return [*tournament_report.brief_lines(summary),
            f"(stud-hh tournaments --db {args.db} --player {player!r} for each place and "
            "tournament)"]


def _tournament_selection(args: argparse.Namespace) -> Any:
    from stud_hh.store.select import Selection, parse_when

    return Selection(
        since=parse_when(args.since) if args.since else None,
        until=parse_when(args.until, end=True) if args.until else None,
        games=tuple(args.game or ()), sites=tuple(args.site or ()))


def cmd_tournaments(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """Tournament results per player and unit: played, paid, won, net, ROI, in the money,
    places; ``--list`` each tournament."""
    from stud_hh.analysis import tournament_report, tournaments
    from stud_hh.store.database import open_db
    from stud_hh.store.select import match_player

    db = open_db(args.db)
    selection = _tournament_selection(args)
    player = (match_player(tournaments.player_names(db), args.player, "tournament results")
              if args.player else None)
    found = tournaments.select(tournaments.read_results(db, player), selection)
    if found.empty:
        where = f" ({selection.describe()})" if not selection.empty else ""
        who = f" of {player}" if player else ""
        print(f"stud-hh: no tournament results{who} in {args.db}{where}", file=err)
        return EXIT_UNUSABLE
    if args.list:
        if args.format == "text":
            print(tournament_report.list_text(found), file=out)
        else:
            columns = [c for c in found.columns if c not in ("hand_id", "line")]
            print(_frame_text(found[columns].set_index(tournaments.KEY), args.format
                              ).rstrip("\n"), file=out)
        return EXIT_OK
    summary = tournaments.summary(found)
    if args.top and not player:
        summary = summary.head(args.top)
    if args.format == "text":
        heading = selection.describe()
        if heading:
            print(f"# {heading}", file=out)
        print(tournament_report.summary_text(summary), file=out)
    else:
        print(_frame_text(summary, args.format).rstrip("\n"), file=out)
    return EXIT_OK


def _selected_violations(db: Any, args: argparse.Namespace, err: TextIO) -> Any:
    """The violations of the hands the filter options select."""
    resolved = db.resolve(_selection(args, player=False))
    _note_undated(resolved, err)
    return db.read_resolved("violations", resolved)


def cmd_plot(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    import matplotlib

    matplotlib.use("Agg")
    from stud_hh.analysis import plots
    from stud_hh.store.database import open_db
    from stud_hh.store.schema import TABLES

    db = open_db(args.db)
    if args.kind == "violations":
        ax = plots.violations_over_time(_selected_violations(db, args, err), freq=args.freq)
    else:
        if not args.player:
            print(f"stud-hh: plot {args.kind} needs --player NAME", file=err)
            return EXIT_UNUSABLE
        columns = [c.name for c in TABLES["players"].columns]
        # every player of the selection: the field too; the player matched by the plot
        players, resolved = _selected_players(db, args, columns, err, player=False)
        if players.empty:
            return _no_hands(args.db, resolved.selection, err)
        try:
            if args.kind == "winnings":
                ax = plots.cumulative_winnings(players, args.player, unit=args.unit)
            elif args.kind == "door-card":
                ax = plots.win_rate_by_door_card(players, args.player)
            else:
                ax = plots.streets_against_field(players, args.player)
        except ValueError as exc:
            print(f"stud-hh: {exc}", file=err)
            return EXIT_UNUSABLE
    figure: Any = ax.figure
    figure.savefig(args.output, dpi=args.dpi)
    print(f"wrote {args.output}", file=out)
    return EXIT_OK


def _unwritable(path: Path) -> str | None:
    """Why ``path`` cannot be written (checked before the work), or ``None``."""
    folder = path.parent if str(path.parent) else Path(".")
    if not folder.is_dir():
        return f"{path}: cannot write the report: no folder {folder}"
    if path.is_dir():
        return f"{path}: cannot write the report: is a folder, not a file"
    if not os.access(folder, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        return f"{path}: cannot write the report: permission denied"
    return None


def _write_page(path: Path, html: str) -> int:
    """``html`` into ``path``, whole or not at all (a temporary file renamed); its bytes."""
    data = html.encode("utf-8")
    temporary = path.with_name(f".{path.name}.stud-hh-tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
    return len(data)


def cmd_report(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    """The HTML report of a player (or, with ``--audit``, the audit report) of a database."""
    from stud_hh.store.database import open_db

    output: Path = args.output or Path("audit.html" if args.audit else "report.html")
    problem = _unwritable(output)
    if problem is not None:
        print(f"stud-hh: {problem}", file=err)
        return EXIT_UNUSABLE
    profile = None if args.profile == "site" else args.profile
    selection = _selection(args, player=False)
    if args.audit and (args.player or not selection.empty):
        print("stud-hh: report --audit covers the whole database: --player and the filters "
              "are for the player report", file=err)
        return EXIT_UNUSABLE
    db = open_db(args.db)  # not a database: main() reports it, exit 2
    if args.audit:
        from stud_hh.analysis.html.audit_report import audit_report

        report = audit_report(db, profile=profile)
    else:
        from stud_hh.analysis.html.player_report import player_report

        report = player_report(db, selection, args.player, profile=profile, min_n=args.min_n)
    for warning in report.warnings:
        print(f"stud-hh: {warning}", file=err)
    size = _write_page(output, report.html)
    who = f" of {report.player}" if report.player else ""
    print(f"wrote {output}: the {'audit' if args.audit else 'player'} report{who}, "
          f"{report.hands:,} hands, {report.embedded:,} replays, {size:,} bytes", file=out)
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.model.events import Game
    from stud_hh.sim.session import SimConfig, write_session

    config = SimConfig(game=Game(args.game), hands=args.hands, players=args.players,
                       seed=args.seed, stakes=args.stakes, ante=args.ante,
                       bring_in=args.bring_in, tournament=args.tournament, inject=args.inject,
                       inject_rate=args.inject_rate)
    summary = write_session(config, args.output)
    line = f"wrote {summary.hands} {args.game} hands to {args.output}"
    if config.inject:
        line += f"; {summary.injected} break a rule (truth in {args.output}.truth.jsonl)"
    print(line, file=out)
    return EXIT_OK


_Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def _add_parse(sub: _Subparsers) -> None:
    p = sub.add_parser("parse", help="parse hand histories and report what was read",
                       description="Parse files and folders (recursively) of hand histories.")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    p.add_argument("--format", choices=("text", "jsonl"), default="text",
                   help="text: a summary and the failures; jsonl: one JSON object per hand")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="also print one line per file: hands by game, skipped, failed")
    p.set_defaults(func=cmd_parse)


def _add_audit(sub: _Subparsers) -> None:
    from stud_hh.rules import PROFILES, SITE

    a = sub.add_parser("audit", help="replay every hand against the rules and list violations",
                       description="Parse and replay hands; print each broken rule with its "
                       "line. Exit 0 when every hand was read and is clean; 1 when any "
                       "violation was found or any hand could not be read (both are in the "
                       "summary, and in jsonl); 2 only when nothing could be read or the "
                       "arguments are wrong.")
    a.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    a.add_argument("--profile", choices=[SITE, *sorted(PROFILES)], default=SITE,
                   help="house rules to audit against (default: site, each hand's own "
                   "site's profile)")
    a.add_argument("--format", choices=("text", "jsonl"), default="text",
                   help="text: violations grouped per hand and a table per rule; jsonl: one "
                   "JSON object per violation, per check the text cannot decide and per "
                   "unreadable hand, told apart by their \"kind\"")
    a.add_argument("--jobs", type=int, default=None, metavar="N",
                   help="with --scheduler local: the local cluster's worker processes "
                   "(default: every core)")
    _add_scheduler(a)
    a.set_defaults(func=cmd_audit)


def _add_show(sub: _Subparsers) -> None:
    from stud_hh.rules import PROFILES, SITE

    s = sub.add_parser("show", help="print one hand replayed street by street (--html: as a "
                       "page that replays it visually)",
                       description="Find a hand by id (in files, or stored in a database) and "
                       "print it replayed: each player's cards street by street (the down "
                       "cards the history shows: the hero's), actions with their meaning, "
                       "pots, showdown, violations inline. With --html, write it as a page "
                       "instead, that steps through the hand at a drawn table.")
    s.add_argument("hand_id", metavar="HAND_ID", help="the hand's number (#123 or 123)")
    s.add_argument("paths", nargs="*", type=Path, metavar="PATH")
    s.add_argument("--db", type=_database, metavar="DIR",
                   help="show a hand stored in this database (a folder or a URL)")
    s.add_argument("--hero", metavar="NAME", help="the player marked as the hero (default: "
                   "the one whose down cards the history shows)")
    s.add_argument("--profile", choices=[SITE, *sorted(PROFILES)], default=SITE)
    s.add_argument("--html", action="store_true",
                   help="write the hand as a page that replays it visually (seats, cards, "
                   "pot and stacks at each action, violations at their line) instead of "
                   "printing it; the page is self-contained and opens offline")
    s.add_argument("-o", "--output", type=Path, metavar="FILE",
                   help="with --html: the page to write (default: hand-HAND_ID.html)")
    s.set_defaults(func=cmd_show)


def _add_scheduler(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--scheduler", metavar="ADDRESS", default=None,
                        help="run the work on a Dask cluster: the address of its scheduler "
                        "(tcp://host:8786), or `local` for a cluster of --jobs worker "
                        "processes on this machine. Workers must see the files (and the "
                        "database folder) at the same paths; needs stud-hh[dask]")


def _add_import(sub: _Subparsers) -> None:
    from stud_hh.rules import PROFILES, SITE

    i = sub.add_parser("import", help="parse, replay and store hands in a Parquet database",
                       description="Import files and folders into a database folder (created "
                       "if missing). Hands already stored and files unchanged since the last "
                       "import are passed over; hands that cannot be read are kept in the "
                       "failures table, each printed with its file, line and reason, and a "
                       "failure stored earlier is replaced when its hand is later read whole "
                       "(a file imported while the poker client was writing it). To follow "
                       "folders while playing, use `stud-hh watch`. Exit 0 when every text "
                       "was read, 1 when new failures were stored beside readable hands, 2 when "
                       "nothing could be read or the arguments are wrong.")
    i.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    i.add_argument("--db", required=True, type=_database, metavar="DIR",
                   help=_DB_HELP)
    i.add_argument("--jobs", type=int, default=None, metavar="N",
                   help="worker processes (default: every core; with --scheduler local, "
                   "the local cluster's)")
    _add_scheduler(i)
    i.add_argument("--profile", choices=[SITE, *sorted(PROFILES)], default=SITE,
                   help="house rules to audit against (default: site, each hand's own "
                   "site's profile)")
    i.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    i.set_defaults(func=cmd_import)


def _add_watch(sub: _Subparsers) -> None:
    from stud_hh.live.watch import INTERVAL, SETTLE
    from stud_hh.rules import PROFILES, SITE

    w = sub.add_parser("watch", help="follow the folders a poker client writes into, "
                       "importing each hand as it ends, with a live table of the opponents",
                       description="Follow FOLDERs (new and growing files, files rewritten "
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
    w.add_argument("folders", nargs="+", type=Path, metavar="FOLDER")
    w.add_argument("--db", required=True, type=_database, metavar="DIR",
                   help=_DB_HELP)
    w.add_argument("--hero", metavar="NAME", help="whose tables to show (default: the player "
                   "whose down cards the most hands show)")
    w.add_argument("--interval", type=_positive_float, default=INTERVAL, metavar="SECONDS",
                   help=f"seconds between two looks at the folders (default {INTERVAL:g})")
    w.add_argument("--settle", type=_positive_float, default=SETTLE, metavar="SECONDS",
                   help="seconds a file must be left alone before its last hand, with no "
                   f"blank line after it, is read (default {SETTLE:g})")
    w.add_argument("--profile", choices=[SITE, *sorted(PROFILES)], default=SITE)
    w.add_argument("--hud", action=argparse.BooleanOptionalAction, default=None,
                   help="the live table (default: when standard output is a terminal; "
                   "--no-hud prints a line per import instead)")
    w.set_defaults(func=cmd_watch)


def _positive_float(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value < 86_400:
        raise argparse.ArgumentTypeError(f"must be more than 0 and under a day: {text!r}")
    return value


def cmd_watch(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.live.screen import Screen
    from stud_hh.live.watch import Watch

    watch = Watch(args.folders, args.db, profile=args.profile, interval=args.interval,
                  settle=args.settle)
    live = args.hud if args.hud is not None else out.isatty()
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        # Ctrl-C is the way a watch is stopped
        with Screen(watch, out, err, hero=args.hero, live=live) as screen, \
                suppress(KeyboardInterrupt):
            watch.run(screen.show)
    finally:
        signal.signal(signal.SIGTERM, previous)
    print(f"{chr(10) if live else ''}stopped: {watch.totals.line()}", file=out)
    if not live and watch.totals.hands:
        print(screen.final(), file=out)
    return EXIT_FAILURES if watch.totals.failures else EXIT_OK


def _interrupt(signum: int, frame: object) -> None:
    """SIGTERM stops a watch as Ctrl-C does."""
    raise KeyboardInterrupt


def _add_equity(sub: _Subparsers) -> None:
    from stud_hh.equity import EXACT_LIMIT, SAMPLES

    e = sub.add_parser("equity", help="each player's share of the pot from here on: exact, "
                       "given every card seen",
                       description="Deal out every way the cards still to come can fall "
                       "and settle each showdown by the game's rules: each player's expected "
                       "share of the pot (stud hi/lo: what the high and the low bring, how "
                       "often each scoops, how often no low qualifies). Exact up to "
                       "--exact-limit deals, else --samples deals drawn at random (seeded). "
                       "Example: stud-hh equity \"Ah Kh | 7c 7d\" --up \"Qs 5d | 8h 2c\" "
                       "--dead \"Qd 3s\" --game stud. Exit 0, or 2 for cards that cannot "
                       "be dealt.")
    e.add_argument("down", metavar="CARDS", help="each player's down cards, players "
                   "separated by | (\"Ah Kh | 7c 7d\"); up cards may be given here too")
    e.add_argument("--up", metavar="CARDS", default="", help="each player's up cards, in "
                   "the same order (\"Qs 5d | 8h 2c\")")
    e.add_argument("--dead", metavar="CARDS", default="", help="cards seen elsewhere: folded "
                   "players' up cards, exposed cards")
    e.add_argument("--game", choices=["stud", "stud8", "razz", "razz27", "five_stud"],
                   default="stud")
    e.add_argument("--exact-limit", type=int, default=EXACT_LIMIT, metavar="N",
                   help=f"enumerate up to N deals (default {EXACT_LIMIT:,})")
    e.add_argument("--samples", type=int, default=SAMPLES, metavar="N",
                   help=f"deals drawn above the limit (default {SAMPLES:,})")
    e.add_argument("--seed", type=int, default=0, metavar="S")
    e.add_argument("--format", choices=["text", "json"], default="text")
    e.set_defaults(func=cmd_equity)


def cmd_equity(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.equity import EquityError, equity, equity_text

    down = [p.split() for p in args.down.split("|")]
    up = [p.split() for p in args.up.split("|")] if args.up.strip() else []
    if up and len(up) != len(down):
        raise EquityError(f"--up names {len(up)} players and CARDS {len(down)}: give each "
                          "player's up cards, separated by |, in the same order")
    hands = [d + (up[i] if up else []) for i, d in enumerate(down)]
    result = equity(hands, args.game, args.dead.split(), exact_limit=args.exact_limit,
                    samples=args.samples, seed=args.seed)
    if args.format == "json":
        print(json.dumps(result.as_dict(), indent=1), file=out)
    else:
        print(equity_text(result), file=out)
    return EXIT_OK


def _add_check(sub: _Subparsers) -> None:
    c = sub.add_parser("check", help="check a database through: checksums, footers, keys",
                       description="Read every part of a database: its checksum, Parquet "
                       "footer and schema, and the keys across tables (every player, action, "
                       "pot, violation and unverifiable row has its hand; every hand's file has "
                       "its files row). Prints each problem (part, table, what). Exit 0 when "
                       "sound, 1 when problems were found, 2 when DIR is not a database.")
    c.add_argument("--db", required=True, type=_database, metavar="DIR",
                   help=_DB_HELP)
    c.set_defaults(func=cmd_check)


def _add_repair(sub: _Subparsers) -> None:
    from stud_hh.rules import PROFILES, SITE

    r = sub.add_parser("repair", help="move a database's damage aside and import its files again",
                       description="Move damaged parts and commit records into DIR/damaged/ "
                       "(nothing is deleted), commit the rest without the rows of the files the "
                       "damage came from, and import those files again; prints what was done "
                       "per file and per table. Exit 0 when repaired (or nothing to do), 1 when "
                       "some file could not be read again, 2 when DIR is not a database.")
    r.add_argument("--db", required=True, type=_database, metavar="DIR",
                   help=_DB_HELP)
    r.add_argument("--jobs", type=int, default=None, metavar="N",
                   help="worker processes for the import (default: every core)")
    r.add_argument("--profile", choices=[SITE, *sorted(PROFILES)], default=SITE,
                   help="house rules to audit the imported-again hands against (default: "
                   "site)")
    r.set_defaults(func=cmd_repair)


def _add_export(sub: _Subparsers) -> None:
    x = sub.add_parser("export", help="write hands as PHH files (the open format pokerkit reads)",
                       description="Write hands from history files (PATH...) or from a database "
                       "(--db DIR, all hands or each --hand ID), narrowed by the filters "
                       "stats takes, in the PHH format. OUT is a "
                       "folder (created) that gets one .phh file per hand, or a .phhs file that "
                       "gets every hand (a [name] table each), or a .phh file for exactly one "
                       "hand. Exit 0, or 1 when some hand could not be read or written; 2 "
                       "when the filters select no hand.")
    x.add_argument("paths", nargs="*", type=Path, metavar="PATH")
    x.add_argument("--format", choices=("phh",), default="phh",
                   help="the output format (phh: PHH TOML, the only one so far)")
    x.add_argument("--db", type=_database, metavar="DIR",
                   help="export stored hands (read again from the files they came from)")
    x.add_argument("--hand", action="append", metavar="ID",
                   help="only this hand id (repeat for more)")
    x.add_argument("-o", "--output", required=True, type=Path, metavar="OUT",
                   help="a folder, a .phhs file or a .phh file")
    x.add_argument("--player", metavar="NAME",
                   help="only the hands this player was dealt into (case does not matter)")
    _add_selection(x, summaries=False)
    x.set_defaults(func=cmd_export)


def _add_selection(parser: argparse.ArgumentParser, summaries: bool = True) -> None:
    """The filter options every command that reads hands takes (``--min-hands`` only
    where rows of a summary are shown: not for ``export``, which writes hands)."""
    f = parser.add_argument_group("which hands (filters)")
    f.add_argument("--since", metavar="WHEN", help="hands from this date or moment "
                   "(2026-03-14, 2026-03-14 18:30; UTC); undated hands are left out")
    f.add_argument("--until", metavar="WHEN", help="hands up to this date (included) or "
                   "moment (excluded)")
    f.add_argument("--game", nargs="+", metavar="GAME",
                   choices=("stud", "stud8", "razz", "five_stud", "razz27"))
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


def _add_stats(sub: _Subparsers) -> None:
    t = sub.add_parser("stats", help="print the player summary from a database",
                       description="Player summary: hands, money won (per currency; chips "
                       "apart) and big bets won, BB/100, and every ratio of docs/statistics.md "
                       "with its opportunity count (_n).")
    t.add_argument("--db", required=True, type=_database, metavar="DIR")
    t.add_argument("--player", metavar="NAME", help="only this player (case does not matter)")
    t.add_argument("--by", nargs="+", default=[], metavar="COL",
                   help="group further: game, stakes, site, currency, tournament, date, "
                   "month, year, session, door_rank, door_group, players_3rd, position, ...")
    t.add_argument("--columns", nargs="+", metavar="COL",
                   help="only these columns (hands, net, net_bb, bb_per_100, vpip, vpip_n, "
                   "cr3, steal, wtsd, wsd, afq, ...)")
    t.add_argument("--session-gap", type=int, default=30, metavar="MINUTES",
                   help="--by session: a pause longer than this ends a session (default 30)")
    t.add_argument("--top", type=int, default=20, metavar="N",
                   help="without --player: the N players with most hands (default 20; 0: all)")
    t.add_argument("--format", choices=("text", "csv", "json"), default="text")
    _add_selection(t)
    t.set_defaults(func=cmd_stats)


def _add_tournaments(sub: _Subparsers) -> None:
    t = sub.add_parser("tournaments", help="print players' tournament results from a database",
                       description="Tournament results per player and money unit (never "
                       "added across units): tournaments played, with a known place, paid "
                       "(buy-ins, fees, bounties, rebuys, add-ons), won (prizes, tickets, "
                       "bounties), net, ROI, in the money, best and average place, every "
                       "place. Read from the tournament summary files imported, else from the "
                       "hands' finishing lines and headers (a summary wins). --list prints "
                       "each tournament.")
    t.add_argument("--db", required=True, type=_database, metavar="DIR")
    t.add_argument("--player", metavar="NAME", help="only this player (case does not matter)")
    t.add_argument("--list", action="store_true",
                   help="a line per tournament instead of the summary")
    t.add_argument("--top", type=int, default=20, metavar="N",
                   help="without --player: the N players with most tournaments (default 20; "
                   "0: all)")
    t.add_argument("--format", choices=("text", "csv", "json"), default="text")
    f = t.add_argument_group("which tournaments (filters)")
    f.add_argument("--since", metavar="WHEN", help="tournaments started from this date or "
                   "moment (2026-03-14, 2026-03-14 18:30; UTC); undated ones are left out")
    f.add_argument("--until", metavar="WHEN", help="started up to this date (included) or "
                   "moment (excluded)")
    f.add_argument("--game", nargs="+", metavar="GAME",
                   choices=("stud", "stud8", "razz", "five_stud", "razz27"),
                   help="tournaments of these games (a mixed game's are none of them)")
    f.add_argument("--site", nargs="+", metavar="SITE", help="PokerStars, Full Tilt Poker, ...")
    t.set_defaults(func=cmd_tournaments)


def _add_plot(sub: _Subparsers) -> None:
    from stud_hh.analysis.plots import KINDS

    g = sub.add_parser("plot", help="draw a figure from a database",
                       description="winnings: cumulative winnings with and without showdown; "
                       "door-card: BB/100 by door card; streets: VPIP and aggression by "
                       "street against the field; violations: violations per rule over time.")
    g.add_argument("kind", choices=KINDS, metavar="KIND", help=", ".join(KINDS))
    g.add_argument("--db", required=True, type=_database, metavar="DIR")
    g.add_argument("--player", metavar="NAME")
    g.add_argument("-o", "--output", required=True, type=Path, metavar="FILE")
    g.add_argument("--unit", choices=("bb", "money"), default="bb",
                   help="winnings in big bets (default: one curve across stakes and "
                   "currencies) or money (a curve per currency, chips apart)")
    g.add_argument("--freq", choices=("D", "W", "M"), default="W",
                   help="violations: per day, week or month")
    g.add_argument("--dpi", type=int, default=110)
    _add_selection(g)
    g.set_defaults(func=cmd_plot)


def _add_report(sub: _Subparsers) -> None:
    from stud_hh.rules import PROFILES, SITE

    r = sub.add_parser("report", help="write an HTML report of a player, or of an audit",
                       description="One self-contained HTML file (it works offline and asks "
                       "the network for nothing). The player report: results over time per "
                       "unit and in big bets (with and without showdown, luck-adjusted where "
                       "all-in equity is stored), sessions, results by game and stakes, the "
                       "leaks with both sample sizes and their cost, door cards and 3rd street "
                       "per game, street by street against the field, and hands to replay. "
                       "--audit: the audit report of the whole database (violations per "
                       "rule, table and period, the worst hands with their source lines, "
                       "every check the text cannot decide, balance checks, unreadable texts, "
                       "the clean bill and the profile used).")
    r.add_argument("--db", required=True, type=_database, metavar="DIR")
    r.add_argument("--audit", action="store_true", help="the audit report instead")
    r.add_argument("--player", metavar="NAME", help="whose report (case does not matter; "
                   "default: the player dealt the most hands, a history's owner)")
    r.add_argument("-o", "--output", type=Path, metavar="FILE",
                   help="the HTML file to write (default: report.html, or audit.html)")
    r.add_argument("--profile", choices=[SITE, *sorted(PROFILES)], default=SITE,
                   help="house rules the page's hand replays are made under (default: site, "
                   "each hand's own site's); named on the audit page")
    r.add_argument("--min-n", type=int, default=30, metavar="N",
                   help="a leak needs N opportunities for the player and the field "
                   "(default 30)")
    _add_selection(r, summaries=False)
    r.set_defaults(func=cmd_report)


def _add_simulate(sub: _Subparsers) -> None:
    from stud_hh.sim.session import INJECTABLE

    m = sub.add_parser("simulate", help="write simulated sessions as PokerStars histories",
                       description="Play a session at one table with bots of distinct styles "
                       "(and Hero, with planted leaks) and write it as PokerStars text. "
                       "--inject makes hands break one rule each, with the ground truth in "
                       "FILE.truth.jsonl. The same seed gives the same bytes.")
    m.add_argument("--game", choices=("stud", "stud8", "razz"), required=True)
    m.add_argument("--hands", type=int, required=True, metavar="N")
    m.add_argument("--players", type=int, default=6, metavar="N",
                   help="players at the table at the start, 2 to 8 (default 6)")
    m.add_argument("--seed", type=int, default=0, metavar="S",
                   help="0 to 899,999 (default 0); hand ids are made of the seed and the "
                   "hand's number, so sessions of different seeds can be imported together")
    m.add_argument("--stakes", metavar="SB/BB",
                   help="small/big bet: dollars for cash (default 0.10/0.20), chips for a "
                   "tournament's first level (default 20/40)")
    m.add_argument("--ante", metavar="X", help="default: PokerStars' for the stakes")
    m.add_argument("--bring-in", metavar="X", help="default: PokerStars' for the stakes")
    m.add_argument("--tournament", action="store_true",
                   help="a tournament: chips, rising levels, eliminations")
    m.add_argument("--inject", metavar="RULE", choices=(*INJECTABLE, "all"),
                   help="break this rule in each hand (or 'all' to cycle through: "
                   + ", ".join(INJECTABLE) + ")")
    m.add_argument("--inject-rate", type=float, metavar="R",
                   help="with --inject: break a rule in this share of the hands (e.g. 0.05)")
    m.add_argument("-o", "--output", required=True, type=Path, metavar="FILE")
    m.set_defaults(func=cmd_simulate)


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


def _add_failures(sub: _Subparsers) -> None:
    f = sub.add_parser("failures", help="list the texts a database could not read",
                       description="Every hand or text an import could not read, with its "
                       "file, line, hand id and reason (the whole text is kept in the "
                       "failures table).")
    f.add_argument("--db", required=True, type=_database, metavar="DIR")
    f.add_argument("--format", choices=("text", "jsonl"), default="text")
    f.set_defaults(func=cmd_failures)


def cmd_explain(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.analysis.reference import explain

    for term in args.terms:
        print(explain(term), file=out)
    return EXIT_OK


def _add_explain(sub: _Subparsers) -> None:
    e = sub.add_parser("explain", help="what a statistic, column, rule code or house-rule "
                       "setting means", description="Look up a term of stud-hh's output: a "
                       "statistic (cr3, afq, afq_n), a database column (position, "
                       "steal_opp), a rule code (raise.over-cap), a profile setting "
                       "(half_bet_reopens). The same text is in docs/statistics.md, "
                       "docs/database.md and docs/rules.md.")
    e.add_argument("terms", nargs="+", metavar="TERM")
    e.set_defaults(func=cmd_explain)


def cmd_sql(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.store import sql
    from stud_hh.store.database import open_db

    db = open_db(args.db)
    fmt = sql.output_format(args.format, args.output, db.root)
    result = sql.query(db, sys.stdin.read() if args.query == "-" else args.query)
    if args.output is None:
        out.write(sql.render(result, fmt))
    else:
        sql.write(result, fmt, args.output)
        print(f"wrote {result.num_rows:,} row{'s' if result.num_rows != 1 else ''} to "
              f"{args.output}", file=out)
    return EXIT_OK


def _add_sql(sub: _Subparsers) -> None:
    from stud_hh.store.sql import FORMATS

    q = sub.add_parser("sql", help="run a SQL query (DuckDB) over a database's tables",
                       description="Run one read-only SQL query (DuckDB's dialect) over a "
                       "database: each table (hands, players, actions, pots, violations, "
                       "unverifiable, failures, conflicts, files) is a view of its committed "
                       "parts. Money is in the smallest unit: money(amount, scale) gives "
                       "printed units, pct(done, opportunity) a statistic; docs/database.md "
                       "lists every column and macro. Nothing a query says can write: a "
                       "statement other than SELECT/WITH/DESCRIBE/SHOW/EXPLAIN, a SQL error "
                       "or an unknown table or column is a one-line error (exit 2).")
    q.add_argument("query", metavar="QUERY", help="the query, or - to read it from stdin")
    q.add_argument("--db", required=True, type=_database, metavar="DIR",
                   help=_DB_HELP)
    q.add_argument("--format", choices=FORMATS, default=None,
                   help="text (a table, the default), csv, json (an array of objects) or "
                   "parquet (needs -o); default: from -o FILE's suffix, else text")
    q.add_argument("-o", "--output", type=Path, metavar="FILE",
                   help="write the result to FILE (never inside the database folder)")
    q.set_defaults(func=cmd_sql)


_SUBCOMMANDS: tuple[Callable[[_Subparsers], None], ...] = (
    _add_parse,
    _add_audit,
    _add_explain,
    _add_show,
    _add_equity,
    _add_import,
    _add_watch,
    _add_failures,
    _add_check,
    _add_repair,
    _add_export,
    _add_stats,
    _add_tournaments,
    _add_plot,
    _add_report,
    _add_sql,
    _add_simulate,
)
"""A function per subcommand adding its parser, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="stud-hh",
        description="Read, audit, store and analyse Seven Card Stud hand histories.",
        epilog="Every statistic, column, rule code and house-rule setting is described in "
        "docs/statistics.md, docs/database.md and docs/rules.md, and by `stud-hh explain "
        "TERM`. Exit codes: 0 done, nothing to report; 1 done, with findings (hands that "
        "could not be read, rule violations); 2 unusable input or environment (a missing "
        "path, a mistyped option, a damaged database, a full disk, no permission); 3 an "
        "internal error of stud-hh (a bug: please report it); 130 interrupted.",
    )
    parser.add_argument("--version", action="version", version=f"stud-hh {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in _SUBCOMMANDS:
        add(sub)
    return parser


_OS_HINTS = {
    errno.ENOSPC: "no space left on the device: free some space and run the command again "
                  "(what was committed is kept, nothing half-written stays)",
    errno.EDQUOT: "the disk quota is used up: free some space and run the command again",
    errno.EROFS: "the file system is read-only: use a database folder you can write to",
    errno.EACCES: "permission denied: use files and a database folder you may read and write",
    errno.EPERM: "not permitted: use files and a database folder you may read and write",
    errno.ENOENT: "no such file or folder",
    errno.ENOTDIR: "a part of the path is not a folder",
    errno.EISDIR: "is a folder, not a file",
    errno.EMFILE: "too many open files: raise the limit (ulimit -n) or use fewer --jobs",
}


def describe_os_error(exc: OSError) -> str:
    """One line naming the path and what to do about an environment fault.

    >>> describe_os_error(OSError(errno.ENOSPC, "No space left on device", "/db/x.parquet"))
    '/db/x.parquet: no space left on the device: free some space and run the command again \
(what was committed is kept, nothing half-written stays)'
    """
    where = exc.filename if exc.filename is not None else "stud-hh"
    hint = _OS_HINTS.get(exc.errno or 0)
    what = hint if hint else (exc.strerror or str(exc))
    return f"{where}: {what}"


def _stdout_closed() -> bool:
    """Whether standard output is a pipe whose reader has gone (``stud-hh ... | head``)."""
    try:
        sys.stdout.flush()
    except BrokenPipeError:
        return True
    except (OSError, ValueError):
        return False
    return False


def main(argv: Sequence[str] | None = None) -> int:
    """The command line. Exit codes: 0 done (clean); 1 done, with findings (failures,
    violations); 2 unusable input or environment (a missing path, a mistyped option, a
    damaged database, a full disk, no permission); 3 an internal error of stud-hh (a bug:
    please report it); 130 interrupted."""
    # Before numpy is imported (by the equities): its OpenBLAS would start a thread per
    # core that spins for a tenth of a second of processor time, in this process and in
    # every worker; stud-hh multiplies no matrices.
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        args = build_parser().parse_args(argv)
        code: int = args.func(args, sys.stdout, sys.stderr)
    except StudHHError as exc:
        print(f"stud-hh: {exc}", file=sys.stderr)
        return EXIT_UNUSABLE
    except KeyboardInterrupt:
        print("stud-hh: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError as exc:
        if _stdout_closed():  # `stud-hh parse ... | head`: the reader has all it wanted
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
            return EXIT_OK
        print(f"stud-hh: {describe_os_error(exc)} (a pipe to a worker process closed: "
              "rerun with --jobs 1)", file=sys.stderr)
        return EXIT_UNUSABLE
    except OSError as exc:
        print(f"stud-hh: {describe_os_error(exc)}", file=sys.stderr)
        return EXIT_UNUSABLE
    except Exception as exc:  # a bug of ours: one line, never a bare traceback
        if os.environ.get("STUD_HH_DEBUG"):
            raise
        print(f"stud-hh: internal error (a bug in stud-hh, not in your files): {exc!r}; "
              "run again with STUD_HH_DEBUG=1 for the traceback, and please report it",
              file=sys.stderr)
        return EXIT_INTERNAL
    return code


if __name__ == "__main__":
    sys.exit(main())
