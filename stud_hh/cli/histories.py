"""The commands that read history files: ``parse``, ``audit``, ``show`` and ``export``."""

from __future__ import annotations

import argparse
import json
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from stud_hh.cli.common import (
    EXIT_FAILURES,
    EXIT_OK,
    EXIT_UNUSABLE,
    add_scheduler,
    add_selection,
    check_output,
    database_arg,
    no_hands,
    note_undated,
    progress,
    report_failure,
    selection_of,
    whole_number,
    write_page,
)
from stud_hh.model.errors import StudHHError

if TYPE_CHECKING:
    from stud_hh.model.hand import ParsedHand, ParseFailure

_BYTES_PER_LINE = 34  # a typical stud history line, for the progress estimate


def _summary(files: int, parsed: int, skipped: Counter[str], failed: int,
             scanned: str = "") -> str:
    games = ", ".join(f"{game} {n}" for game, n in skipped.most_common())
    skipped_text = f"{sum(skipped.values())} skipped as not stud"
    if skipped:
        skipped_text += f" ({games})"
    return (f"{files} file{'s' if files != 1 else ''}{scanned}: {parsed} hands parsed, "
            f"{skipped_text}, {failed} failed")


def cmd_parse(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.model.hand import ParsedHand, SkippedHand
    from stud_hh.read.collector import frozen_gc
    from stud_hh.read.parse import parse_file
    from stud_hh.read.scan import scan_paths

    scan = scan_paths(args.paths)  # a missing path: main() reports it, exit 2
    files = list(scan.files)
    total = sum(f.stat().st_size for f in files)
    bar = progress(total, not args.quiet and total > 2_000_000)
    parsed = failed = hands_failed = 0
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
                    hands_failed += result.site is not None
                    games["failed"] += 1
                    if not jsonl:
                        report_failure(result, err)
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
    if failed and not (parsed or sum(skipped.values()) or hands_failed):
        return EXIT_UNUSABLE  # no history in the input: unreadable files, no hand header
    return EXIT_FAILURES if failed else EXIT_OK


def _failure_record(path: str, line: int | None, hand_id: str | None, reason: str
                    ) -> dict[str, object]:
    return {"kind": "unreadable", "file": path, "line": line, "hand_id": hand_id,
            "reason": reason}


class _AuditTally:
    """What an audit found, hand by hand, and how it is written (text or JSON lines)."""

    def __init__(self, out: TextIO, err: TextIO, jsonl: bool) -> None:
        self.out, self.err, self.jsonl = out, err, jsonl
        self.audited = self.flagged = self.failed = self.skipped = 0
        self.hands_failed = 0  # unreadable texts that are hands of a known site
        self.roots: Counter[str] = Counter()  # violations per rule that follow from none
        self.following: Counter[str] = Counter()  # ... and those that follow from another
        self.unverifiable: Counter[str] = Counter()
        self.used: set[str] = set()

    def write(self, record: dict[str, object]) -> None:
        self.out.write(json.dumps(record, ensure_ascii=False) + "\n")

    def unreadable(self, failure: ParseFailure | None, error: StudHHError) -> None:
        self.failed += 1
        self.hands_failed += failure is None or failure.site is not None
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
            self.hands_failed += outcome.hand
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
        """1 whenever a violation was found or a hand could not be read (alone in a file
        or among others); 2 only when the input holds no history at all (files that cannot
        be read, text with no hand header)."""
        if self.failed and not (self.audited or self.skipped or self.hands_failed):
            return EXIT_UNUSABLE
        return EXIT_FAILURES if self.flagged or self.failed else EXIT_OK


def cmd_audit(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.analysis.report import rule_table
    from stud_hh.model.hand import ParseFailure, SkippedHand
    from stud_hh.read.collector import frozen_gc
    from stud_hh.read.parse import parse_file
    from stud_hh.read.scan import scan_paths
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
    from stud_hh.model.hand import ParsedHand, ParseFailure
    from stud_hh.read.parse import parse_file
    from stud_hh.read.scan import scan_paths

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
    hero = _hero_seat(args, hand)
    if args.html:
        from stud_hh.analysis.html.replayer import hand_page, hand_view

        target = args.output or Path(_page_name(hand.hand_id))
        check_output(target, "the page")
        write_page(target, hand_page(hand_view(replayed, hero=hero)))
        print(target, file=out)
        return EXIT_OK
    print(show_hand(replayed, hero=hero), file=out)
    return EXIT_OK


def _hero_seat(args: argparse.Namespace, hand: ParsedHand) -> str | None:
    """The seat ``show`` marks as the hero: ``--hero`` (a name in the hand, or a person of
    the settings), else the settings' hero; ``None`` leaves it to the hand (the player
    whose down cards it shows)."""
    names = [seat.name for seat in hand.header.seats]
    people = args.people
    if args.hero:
        seat: str | None = people.seat_of(args.hero, hand.site, names)
        if seat is None:  # the name as printed, whatever its case
            seat = next((n for n in names if n.casefold() == args.hero.casefold()), None)
        if seat is None:
            from stud_hh.model.errors import UsageError

            raise UsageError(f"--hero {args.hero!r} is no player of hand {hand.hand_id}: its "
                             f"players are {', '.join(names)}")
        return seat
    hero: str | None = people.hero_seat(hand.site, names)
    return hero


def _page_name(hand_id: str) -> str:
    """``hand-<id>.html``, with any character a file name may not hold made ``_``.

    >>> _page_name("2023_43_5 48/F7S8")
    'hand-2023_43_5_48_F7S8.html'
    """
    return "hand-" + "".join(c if c.isalnum() or c in "._-" else "_" for c in hand_id) + ".html"


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
    from stud_hh.model.hand import ParseFailure, SkippedHand
    from stud_hh.read.parse import parse_file
    from stud_hh.read.scan import scan_paths
    from stud_hh.store.stored import selected_hands, stored_hands

    found = _ToExport(selection_of(args))
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
                report_failure(result, err)
            elif not wanted or result.hand_id in wanted:
                found.hands.append(result)
    if found.selection.narrows_hands and found.hands:
        chosen = selected_hands(found.hands, found.selection)
        for problem in chosen.unplaced:
            print(f"error: {problem} (not placed by the filters)", file=err)
        note_undated(chosen.resolved, err)
        found.left_out = len(found.hands) - len(chosen.hands) - len(chosen.unplaced)
        found.hands, found.failed = chosen.hands, found.failed + len(chosen.unplaced)
    return found


def cmd_export(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.export.phh import ExportError, dumps, write_files

    check_output(args.output, "the hands", folder=args.output.suffix.lower() not in
                 (".phh", ".phhs"))
    found = _export_hands(args, err)
    if found is None:
        return EXIT_UNUSABLE
    selection, failed = found.selection, found.failed
    if not found.hands and selection.narrows_hands:
        return no_hands(args.db or ", ".join(str(p) for p in args.paths), selection, err)
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


def add_parse(p: argparse.ArgumentParser) -> None:
    p.description = ("Parse files and folders (recursively) of hand histories. Exit 0 "
                     "when every hand was read, 1 when some hand could not be read, 2 when "
                     "the input holds no hand history at all (a missing path, a file that "
                     "cannot be read, text with no hand header).")
    p.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    p.add_argument("--format", choices=("text", "jsonl"), default="text",
                   help="text: a summary and the failures; jsonl: one JSON object per hand")
    p.add_argument("-q", "--quiet", action="store_true", help="no progress bar")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="also print one line per file: hands by game, skipped, failed")
    p.set_defaults(func=cmd_parse)


def add_audit(a: argparse.ArgumentParser) -> None:
    from stud_hh.rules import PROFILES, SITE

    a.description = ("Parse and replay hands; print each broken rule with its "
                     "line. Exit 0 when every hand was read and is clean; 1 when any "
                     "violation was found or any hand could not be read (both are in the "
                     "summary, and in jsonl), whether the hand is alone in its file or "
                     "not; 2 only when the input holds no hand history at all (a missing "
                     "path, a file that cannot be read, text with no hand header) or the "
                     "arguments are wrong.")
    a.add_argument("paths", nargs="+", type=Path, metavar="PATH")
    a.add_argument("--profile", choices=[SITE, *sorted(PROFILES)], default=SITE,
                   help="house rules to audit against (default: site, each hand's own "
                   "site's profile)")
    a.add_argument("--format", choices=("text", "jsonl"), default="text",
                   help="text: violations grouped per hand and a table per rule; jsonl: one "
                   "JSON object per violation, per check the text cannot decide and per "
                   "unreadable hand, told apart by their \"kind\"")
    a.add_argument("--jobs", type=whole_number, default=None, metavar="N",
                   help="with --scheduler local: the local cluster's worker processes "
                   "(default: every core)")
    add_scheduler(a)
    a.set_defaults(func=cmd_audit)


def add_show(s: argparse.ArgumentParser) -> None:
    from stud_hh.rules import PROFILES, SITE

    s.description = ("Find a hand by id (in files, or stored in a database) and "
                     "print it replayed: each player's cards street by street (the down "
                     "cards the history shows: the hero's), actions with their meaning, "
                     "pots, showdown, violations inline. With --html, write it as a page "
                     "instead, that steps through the hand at a drawn table.")
    s.add_argument("hand_id", metavar="HAND_ID", help="the hand's number (#123 or 123)")
    s.add_argument("paths", nargs="*", type=Path, metavar="PATH")
    s.add_argument("--db", type=database_arg, metavar="DIR",
                   help="show a hand stored in this database (a folder or a URL; default "
                   "without PATHs: the settings' database)")
    s.add_argument("--hero", metavar="NAME", help="the player marked as the hero: a name in "
                   "the hand, or a person of the settings (default: the settings' hero, else "
                   "the one whose down cards the history shows)")
    s.add_argument("--profile", choices=[SITE, *sorted(PROFILES)], default=SITE)
    s.add_argument("--html", action="store_true",
                   help="write the hand as a page that replays it visually (seats, cards, "
                   "pot and stacks at each action, violations at their line) instead of "
                   "printing it; the page is self-contained and opens offline")
    s.add_argument("-o", "--output", type=Path, metavar="FILE",
                   help="with --html: the page to write (default: hand-HAND_ID.html)")
    s.set_defaults(func=cmd_show)


def add_export(x: argparse.ArgumentParser) -> None:
    x.description = ("Write hands from history files (PATH...) or from a database "
                     "(--db DIR, all hands or each --hand ID), narrowed by the filters "
                     "stats takes, in the PHH format. OUT is a "
                     "folder (created) that gets one .phh file per hand, or a .phhs file that "
                     "gets every hand (a [name] table each), or a .phh file for exactly one "
                     "hand. Exit 0, or 1 when some hand could not be read or written; 2 "
                     "when the filters select no hand.")
    x.add_argument("paths", nargs="*", type=Path, metavar="PATH")
    x.add_argument("--format", choices=("phh",), default="phh",
                   help="the output format (phh: PHH TOML, the only one so far)")
    x.add_argument("--db", type=database_arg, metavar="DIR",
                   help="export stored hands (read again from the files they came from; "
                   "default without PATHs: the settings' database)")
    x.add_argument("--hand", action="append", metavar="ID",
                   help="only this hand id (repeat for more)")
    x.add_argument("-o", "--output", required=True, type=Path, metavar="OUT",
                   help="a folder, a .phhs file or a .phh file")
    x.add_argument("--player", metavar="NAME",
                   help="only the hands this player was dealt into (case does not matter)")
    add_selection(x, summaries=False)
    x.set_defaults(func=cmd_export)


ARGUMENTS: dict[str, Callable[[argparse.ArgumentParser], None]] = {
    "parse": add_parse,
    "audit": add_audit,
    "show": add_show,
    "export": add_export,
}
"""Each command's arguments, by its name."""
