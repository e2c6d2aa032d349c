"""Stage 2: one hand's text -> a header and its events, through the site's reader.

Strict for one hand, forgiving in bulk: :func:`parse_hand` raises
:class:`~stud_hh.model.errors.HandParseError`; :func:`parse_file` and
:func:`parse_paths` yield a :class:`~stud_hh.model.hand.ParseFailure` record for a bad
hand and go on with the rest, and a :class:`~stud_hh.model.hand.SkippedHand` for a hand
of a game that is not stud (the hold'em hands of a mixed-game file).

The work around it is in modules of its own: cutting files into raw hands
(:mod:`stud_hh.read.split`), choosing the files of folders (:mod:`stud_hh.read.scan`),
a hand's header and key (:mod:`stud_hh.read.keys`), the sites' Lark parsers
(:mod:`stud_hh.read.parsers`) and the words of a failure (:mod:`stud_hh.read.explain`).

>>> text = open(SAMPLE_FILE).read()  # doctest: +SKIP
>>> [type(r).__name__ for r in parse_text(text)]  # doctest: +SKIP
['ParsedHand', 'ParsedHand', 'SkippedHand']
"""

from __future__ import annotations

import dataclasses
import os
import re
from collections.abc import Iterable, Iterator

from lark.exceptions import UnexpectedInput

from stud_hh.model.errors import HandParseError, InputError, StudHHError, UnsupportedFormatError
from stud_hh.model.events import HandEvent, HandHeader
from stud_hh.model.hand import ParsedHand, ParseFailure, ParseResult, SkippedHand
from stud_hh.model.names import SPACES, seated_names
from stud_hh.read import limits
from stud_hh.read.documents import DocumentHand
from stud_hh.read.explain import lark_failure
from stud_hh.read.keys import document_of, header_text, read_header
from stud_hh.read.parsers import SiteParser, borrow, give_back
from stud_hh.read.reader import RawHand
from stud_hh.read.scan import scan_paths
from stud_hh.read.sites import DIALECTS, Dialect, dialect_for, document_named, games
from stud_hh.read.sites.common import HeaderFields, LineError
from stud_hh.read.sites.noise import NoiseLine
from stud_hh.read.sites.noise import merge as merge_noise
from stud_hh.read.split import raw_hands, raw_text_hands

_HEADER_FIELDS = tuple(f.name for f in dataclasses.fields(HandHeader))


def parse_raw(raw: RawHand) -> ParsedHand | SkippedHand:
    """Parse one hand's normalised text. Raises :class:`HandParseError`."""
    last_line = raw.line_numbers[-1] if raw.line_numbers else raw.first_line
    if raw.kind != "text" and raw.is_hand:
        return _parse_document(raw, last_line)
    if not raw.is_hand:
        if raw.kind != "text":
            raise UnsupportedFormatError(
                f"text outside any hand of this {document_of(raw).site} file",
                path=raw.path, line=raw.first_line, text=raw.line_text(1))
        raise UnsupportedFormatError(
            "text outside any hand: no hand header of a supported site "
            f"({', '.join(dict.fromkeys(d.name for d in DIALECTS))}) before it",
            path=raw.path, line=raw.first_line, text=raw.line_text(1))
    first = raw.text.partition("\n")[0]
    dialect = dialect_for(first)
    if dialect is None:  # pragma: no cover - the splitter only opens hands it recognises
        raise UnsupportedFormatError("unknown hand-history format", path=raw.path,
                                     line=raw.first_line, text=first)
    taken: list[NoiseLine] = []
    if dialect.noise:
        text, lines, taken = dialect.noise.strip(raw.text, raw.line_numbers, colon_names)
        if taken:
            raw = RawHand(raw.path, raw.first_line, text, lines, raw.is_hand, raw.encoding,
                          raw.kind)
    head = _header(dialect, raw, first)
    if head.game is None:
        return _skipped(dialect.name, head.hand_id, head.game_text, raw, last_line)
    parser = borrow(dialect)
    try:
        return _parse_text(parser, raw, head, taken, last_line)
    finally:
        give_back(parser)


def _header(dialect: Dialect, raw: RawHand, first: str) -> HeaderFields:
    """What the hand's header says, or the error naming the header line at fault."""
    text = header_text(dialect, raw.text, first)
    try:
        return read_header(dialect, text)
    except HandParseError as exc:
        # the header line at fault (a header of several lines names the one it quotes)
        at = next((i for i, line in enumerate(text.split("\n"), 1)
                   if exc.text and line == exc.text), 1)
        raise HandParseError(exc.reason, path=raw.path, line=raw.file_line(at), column=1,
                             hand_id=exc.hand_id, text=raw.line_text(at)) from None
    except Exception as exc:  # a bug of ours must still name the hand, never escape bare
        raise HandParseError(f"unreadable hand header ({exc})", path=raw.path,
                             line=raw.first_line, column=1, text=first) from exc


def _parse_text(parser: SiteParser, raw: RawHand, head: HeaderFields,
                taken: list[NoiseLine], last_line: int) -> ParsedHand:
    """The hand of a text site whose header is ``head``, read by ``parser`` (lent to this
    parse alone), its noise lines ``taken`` out before and merged back after."""
    builder = parser.builder
    builder.begin(head.fields, raw.line_numbers)
    try:
        parser.lark.parse(raw.text)
    except UnexpectedInput as exc:
        raise lark_failure(exc, raw, head.hand_id, parser.dialect.grammar) from None
    except LineError as exc:
        raise HandParseError(exc.reason, path=raw.path, line=raw.file_line(exc.line), column=1,
                             hand_id=head.hand_id, text=raw.line_text(exc.line)) from None
    except StudHHError:
        raise
    except Exception as exc:  # a bug of ours must still name the hand, never escape bare
        raise HandParseError(f"internal error while reading the hand: {exc!r}", path=raw.path,
                             line=raw.first_line, hand_id=head.hand_id,
                             text=raw.line_text(1)) from exc
    fields = head.fields
    fields["table"] = builder.table_name
    fields["max_seats"] = builder.max_seats
    fields["seats"] = tuple(builder.seats)
    fields["line"] = raw.first_line
    header = HandHeader.make(**{name: fields[name] for name in _HEADER_FIELDS})
    events: tuple[HandEvent, ...] = tuple(builder.events)
    if taken:
        noise = parser.dialect.noise
        events = merge_noise(events, noise.events(taken, (s.name for s in header.seats)))
    events, renamed = seated_names(header, events, builder.case_names)
    return _in_range(ParsedHand.make(header=header, events=events, path=raw.path,
                                     first_line=raw.first_line, last_line=last_line,
                                     warnings=(*builder.warnings, *renamed)), raw)


_COLON_SEAT = re.compile(r"\n[Ss]eat ?\d+: ([^\n]*:[^\n]*) \(")
_COLON_SEAT_SEEN = re.compile(r"\n[Ss]eat ?\d+: [^\n(]*:")
"""A seat line with a colon before its first parenthesis: the cheap test first. Both look
for the line end before a line (a literal first lets the regex engine skip ahead, several
times faster than a multi-line ``^``), in the text after a ``"\\n"``."""


def colon_names(text: str) -> tuple[str, ...]:
    """The names holding a colon on a hand's seat lines (``Seat 3: Al: x ($5)``): what a
    player is called up to the seat line's last parenthesis. Cheap when there is none.

    >>> colon_names("Seat 1: Bo ($5)\\nSeat 3: Al: x ($5 in chips)\\nBo: hi\\n")
    ('Al: x',)
    """
    lined = "\n" + text  # the first line, too, follows a line end
    if _COLON_SEAT_SEEN.search(lined) is None:
        return ()
    found = (m.group(1).strip(SPACES) for m in _COLON_SEAT.finditer(lined))
    return tuple(dict.fromkeys(n for n in found if ":" in n))


def _in_range(hand: ParsedHand, raw: RawHand) -> ParsedHand:
    """``hand``, if its numbers lie in the ranges of :mod:`stud_hh.read.limits`; else the
    failure naming the line."""
    try:
        limits.check_header(hand.header)
        limits.check_events(hand.events, hand.hand_id)
    except HandParseError as exc:
        line = exc.line or raw.first_line
        try:
            text = raw.line_text(list(raw.line_numbers).index(line) + 1)
        except ValueError:
            text = raw.line_text(1)
        raise HandParseError(exc.reason, path=raw.path, line=line, column=1,
                             hand_id=hand.hand_id, text=text) from None
    return hand


def _parse_document(raw: RawHand, last_line: int) -> ParsedHand | SkippedHand:
    document = document_of(raw)
    try:
        read: DocumentHand = document.read(raw)
    except HandParseError as exc:
        if exc.path is not None:
            raise
        line = exc.line if exc.line is not None else raw.first_line
        raise HandParseError(exc.reason, path=raw.path, line=line, column=exc.column,
                             hand_id=exc.hand_id, text=exc.text) from None
    except StudHHError:
        raise
    except Exception as exc:  # a bug of ours must still name the hand, never escape bare
        raise HandParseError(f"internal error while reading the hand: {exc!r}", path=raw.path,
                             line=raw.first_line, text=raw.line_text(1)) from exc
    if read.header is None:
        return _skipped(read.site, read.hand_id, read.game_text, raw, last_line)
    events, renamed = seated_names(read.header, read.events)
    return _in_range(ParsedHand(header=read.header, events=events, path=raw.path,
                                first_line=raw.first_line, last_line=last_line,
                                warnings=(*read.warnings, *renamed)), raw)


def _skipped(site: str, hand_id: str, game_text: str, raw: RawHand,
             last_line: int) -> SkippedHand:
    """A hand of another game, counted as skipped; a hand that is not positively of another
    game (or that looks like stud) fails instead, so no stud hand is ever passed over."""
    if not games.is_other_game(game_text, raw.text):
        looks = games.stud_signs(raw.text)
        reason = (f"the game {game_text!r} is not one stud-hh reads, but the hand looks like "
                  f"stud ({looks}): its reader does not know this game's name"
                  if looks else
                  f"the game {game_text!r} is neither a stud game stud-hh reads nor "
                  "positively another game")
        raise HandParseError(reason, path=raw.path, line=raw.first_line, column=1,
                             hand_id=hand_id, text=raw.line_text(1))
    return SkippedHand(site, hand_id, game_text, raw.path, raw.first_line, last_line)


def parse_hand(text: str, path: str = "<text>") -> ParsedHand:
    """Parse the text of exactly one stud hand.

    Raises :class:`HandParseError` when the text is not one readable stud hand
    (including a hand of another game, or several hands).
    """
    raws = list(raw_text_hands(text, path))
    hands = [r for r in raws if r.is_hand]
    if len(hands) != 1 or len(raws) != 1:
        raise HandParseError(f"expected exactly one hand, found {len(hands)}"
                             + (" and text outside any hand" if len(raws) > len(hands) else ""),
                             path=path, line=raws[0].first_line if raws else None)
    result = parse_raw(hands[0])
    if isinstance(result, SkippedHand):
        raise HandParseError(f"not a stud-family hand: {result.game_text}", path=path,
                             line=result.first_line, hand_id=result.hand_id)
    return result


def failure_of(raw: RawHand, error: StudHHError) -> ParseFailure:
    """The failure record that keeps ``raw`` whole with the reason it could not be used."""
    site: str | None
    if raw.kind != "text":
        document = document_named(raw.kind)
        site = document.site if document else None
    else:
        dialect = dialect_for(raw.text.partition("\n")[0]) if raw.is_hand else None
        site = dialect.name if dialect else None
    return ParseFailure(error, raw.text, raw.path, raw.first_line,
                        raw.line_numbers[-1] if raw.line_numbers else raw.first_line, site)


def result_of(raw: RawHand) -> ParseResult:
    """:func:`parse_raw`, with a bad hand returned as a :class:`ParseFailure` record."""
    try:
        return parse_raw(raw)
    except StudHHError as exc:
        return failure_of(raw, exc)


def _results(raws: Iterable[RawHand]) -> Iterator[ParseResult]:
    for raw in raws:
        yield result_of(raw)


def parse_text(text: str, path: str = "<text>") -> Iterator[ParseResult]:
    """Every hand in an in-memory text, as results (never raises for bad hands)."""
    return _results(raw_text_hands(text, path))


def parse_file(path: str | os.PathLike[str]) -> Iterator[ParseResult]:
    """Stream the results of one file, hand by hand.

    A file that cannot be opened yields one :class:`ParseFailure`.
    """
    try:
        yield from _results(raw_hands(path))
    except InputError as exc:
        yield ParseFailure(exc, "", str(path), 0, 0)


def parse_paths(paths: Iterable[str | os.PathLike[str]]) -> Iterator[ParseResult]:
    """Stream the results of files and folders (recursively, files by content: see
    :func:`scan_paths`).

    A path that does not exist raises :class:`~stud_hh.model.errors.InputError`
    before anything is parsed.
    """
    for path in scan_paths(paths).files:
        yield from parse_file(path)
