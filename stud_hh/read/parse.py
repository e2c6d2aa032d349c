"""Stage 2: one hand's text -> a header and its events, through the site's Lark grammar.

Strict for one hand, forgiving in bulk: :func:`parse_hand` raises
:class:`~stud_hh.model.errors.HandParseError`; :func:`parse_file` and
:func:`parse_paths` yield a :class:`ParseFailure` record for a bad hand and go
on with the rest, and a :class:`SkippedHand` for a hand of a game that is not
stud (the hold'em hands of a mixed-game file).

>>> text = open(SAMPLE_FILE).read()  # doctest: +SKIP
>>> [type(r).__name__ for r in parse_text(text)]  # doctest: +SKIP
['ParsedHand', 'ParsedHand', 'SkippedHand']
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import io
import os
import re
import sys
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, ClassVar, Final

import lark
from lark import Lark
from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken

from stud_hh.model.errors import HandParseError, InputError, StudHHError, UnsupportedFormatError
from stud_hh.model.events import HandEvent, HandHeader
from stud_hh.model.hand import ParsedHand, ParseFailure, ParseResult, SkippedHand
from stud_hh.model.names import SPACES, seated_names
from stud_hh.read import limits, reader
from stud_hh.read.documents import DocumentFormat, DocumentHand
from stud_hh.read.grammars import SHARED_GRAMMAR, grammar_folder, grammar_text
from stud_hh.read.reader import RawHand
from stud_hh.read.sites import (
    DIALECTS,
    Dialect,
    dialect_for,
    document_format,
    document_named,
    games,
    starts_hand,
)
from stud_hh.read.sites.common import HeaderFields, LineError
from stud_hh.read.sites.noise import NoiseLine
from stud_hh.read.sites.noise import merge as merge_noise
from stud_hh.read.summaries import summary_format

_PLUGINS: dict[str, Any] | None = None
if not os.environ.get("STUD_HH_PURE_LARK"):
    try:  # lark-cython runs the same LALR tables faster; plain lark is the fallback
        import lark_cython

        _PLUGINS = lark_cython.plugins
    except ImportError:  # pragma: no cover - depends on the platform
        _PLUGINS = None


# ---------------------------------------------------------------------------
# Grammars and parsers
# ---------------------------------------------------------------------------


def _cache_path(name: str) -> str:
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "stud_hh")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:  # read-only home: build the grammar every time instead
        return ""
    return folder


@dataclass
class _SiteParser:
    dialect: Dialect
    lark: Lark
    builder: Any


_HEADER_FIELDS = tuple(f.name for f in dataclasses.fields(HandHeader))


@cache
def site_parser(dialect: Dialect) -> _SiteParser:
    """The dialect's LALR parser with its builder wired in as the transformer.

    Built once per process. The grammar tables are cached on disk (:func:`cache_key`),
    which also keeps interegular's slow collision scan out of the runtime path;
    ``tests/read/test_grammar.py`` builds the grammar with ``strict=True`` instead.
    """
    builder = dialect.make_builder()
    text = grammar_text(dialect.grammar)
    folder = _cache_path(dialect.grammar)
    imports = grammar_folder()
    options: dict[str, Any] = {
        "parser": "lalr",
        "lexer": "contextual",
        "transformer": builder,
        "maybe_placeholders": False,
        "import_paths": [imports],
    }
    if _PLUGINS is not None:
        options["_plugins"] = _PLUGINS
    if folder:
        options["cache"] = os.path.join(
            folder, f"{dialect.grammar}.{cache_key(text, imports, _PLUGINS is not None)}.cache")
    try:
        parser = Lark(text, **options)
    except OSError:  # the cache file cannot be written: build without it
        options.pop("cache", None)
        parser = Lark(text, **options)
    return _SiteParser(dialect, parser, builder)


def cache_key(text: str, imports: str, plugins: bool) -> str:
    """The name of a grammar's cached tables: a hash of all that Lark checks a cache file
    against (the grammar, the ``common.lark`` it imports, the folder it imports from,
    Lark's and Python's versions, lark-cython or not).

    Lark rebuilds the tables (0.3-1 s a grammar) and writes the file again whenever one
    of these differs from the file's, so two installations (the source tree and the
    compiled wheel, two virtual environments) sharing one file name would rebuild it in
    turn, each process of each: each has a file of its own.

    >>> cache_key("g", "/a", True) == cache_key("g", "/b", True)
    False
    """
    return hashlib.sha256("\x1f".join((
        text, grammar_text(SHARED_GRAMMAR), imports, lark.__version__,
        str(sys.version_info[:2]), str(plugins))).encode()).hexdigest()[:16]


# ---------------------------------------------------------------------------
# One hand
# ---------------------------------------------------------------------------


_ACTION_LINE = re.compile(r"(?P<name>.+?): (?P<verb>[a-z'\-]+(?: [a-z'\-]+)?)(?P<rest>.*)$")
_KNOWN_VERBS = {
    "posts the": "ante",
    "brings in": "bring-in",
    "bets": "bet",
    "raises": "raise",
    "calls": "call",
    "checks": "check",
    "folds": "fold",
    "shows": "show",
    "mucks hand": "muck",
}


def _explain_line(line: str, expected: Iterable[str]) -> str:
    """A readable reason why ``line`` is not acceptable where it stands."""
    action = _ACTION_LINE.match(line)
    if action:
        verb = action.group("verb")
        known = next((k for k in _KNOWN_VERBS if verb.startswith(k.split()[0])), None)
        if known is None:
            return f"unknown action {verb.split()[0]!r}"
        if verb in ("bets", "calls", "raises") or verb.startswith("brings in"):
            rest = action.group("rest").strip()
            if not rest or not any(ch.isdigit() for ch in rest):
                return f"missing amount after {verb!r}"
            return f"unreadable amount in {verb!r} line"
        if verb.startswith("posts the"):
            return "unreadable ante line"
    if line.startswith("Dealt to ") and "[" not in line:
        return "dealt line without cards"
    if line.startswith("***"):
        return f"street header {line.strip()!r} is out of order or unknown"
    wanted = sorted(_friendly(e) for e in expected)
    hint = f" (expected {', '.join(wanted[:6])}{', ...' if len(wanted) > 6 else ''})"
    return "unrecognised line" + (hint if wanted else "")


_FRIENDLY = {
    "HEADER": "a hand header", "TABLE": "the table line", "SEAT": "a seat line",
    "ANTE": "an ante", "STREET3": "*** 3rd STREET ***", "STREET4": "*** 4th STREET ***",
    "STREET5": "*** 5th STREET ***", "STREET6": "*** 6th STREET ***", "RIVER": "*** RIVER ***",
    "SHOWDOWN": "*** SHOW DOWN ***", "SUMMARY": "*** SUMMARY ***", "DEAL": "a Dealt to line",
    "TOTAL_POT": "the Total pot line", "SEAT_SUMMARY": "a summary seat line",
    "$END": "the end of the hand",
}


def _friendly(terminal: str) -> str:
    return _FRIENDLY.get(terminal, terminal.lower().replace("_", " "))


def _expected(exc: UnexpectedInput) -> set[str]:
    """Terminals the parser would have taken; never raises (lark-cython lacks ``accepts``)."""
    for attribute in ("allowed", "expected"):
        try:
            value = getattr(exc, attribute, None)
        except Exception:
            continue
        if value:
            return {str(v) for v in value}
    return set()


def _missing_part(expected: set[str]) -> str:
    """Name the part of a hand that a truncated text lacks."""
    if "SUMMARY" in expected:
        return "the *** SUMMARY *** section"
    if "TOTAL_POT" in expected:
        return "the Total pot line of the summary"
    if "TABLE" in expected:
        return "the table line"
    if "SEAT" in expected:
        return "its seat lines"
    if "STREET3" in expected:
        return "*** 3rd STREET ***"
    return "the rest of the hand"


def _failure_from_lark(exc: UnexpectedInput, raw: RawHand, hand_id: str | None) -> HandParseError:
    """Turn a Lark error into our error, pointing at the file line."""
    expected = _expected(exc)
    token_type = getattr(getattr(exc, "token", None), "type", None)
    if isinstance(exc, UnexpectedEOF) or token_type == "$END":
        last = raw.line_numbers[-1] if raw.line_numbers else raw.first_line
        reason = (f"truncated hand: the text ends after line {last} without "
                  f"{_missing_part(expected)}")
        return HandParseError(reason, path=raw.path, line=last, hand_id=hand_id,
                              text=raw.line_text(len(raw.line_numbers)))
    chunk_line = exc.line if isinstance(exc.line, int) and exc.line > 0 else 1
    column = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
    line_text = raw.line_text(chunk_line)
    reason = _explain_line(line_text, expected)
    if isinstance(exc, UnexpectedToken) and token_type is not None:
        reason = f"{_friendly(str(token_type))} is out of place: " + reason.replace(
            "unrecognised line", "not allowed here")
    return HandParseError(reason, path=raw.path, line=raw.file_line(chunk_line),
                          column=column, hand_id=hand_id, text=line_text)


def parse_raw(raw: RawHand) -> ParsedHand | SkippedHand:
    """Parse one hand's normalised text. Raises :class:`HandParseError`."""
    last_line = raw.line_numbers[-1] if raw.line_numbers else raw.first_line
    if raw.kind != "text" and raw.is_hand:
        return _parse_document(raw, last_line)
    if not raw.is_hand:
        if raw.kind != "text":
            raise UnsupportedFormatError(
                f"text outside any hand of this {_document(raw).site} file",
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
    noise = dialect.noise
    taken: list[NoiseLine] = []
    if noise:
        text, lines, taken = noise.strip(raw.text, raw.line_numbers, colon_names)
        if taken:
            raw = RawHand(raw.path, raw.first_line, text, lines, raw.is_hand, raw.encoding,
                          raw.kind)
    header_text = _header_text(dialect, raw.text, first)
    try:
        head = _read_header(dialect, header_text)
    except HandParseError as exc:
        # the header line at fault (a header of several lines names the one it quotes)
        at = next((i for i, line in enumerate(header_text.split("\n"), 1)
                   if exc.text and line == exc.text), 1)
        raise HandParseError(exc.reason, path=raw.path, line=raw.file_line(at), column=1,
                             hand_id=exc.hand_id, text=raw.line_text(at)) from None
    except Exception as exc:  # a bug of ours must still name the hand, never escape bare
        raise HandParseError(f"unreadable hand header ({exc})", path=raw.path,
                             line=raw.first_line, column=1, text=first) from exc
    if head.game is None:
        return _skipped(dialect.name, head.hand_id, head.game_text, raw, last_line)
    site = site_parser(dialect)
    builder = site.builder
    builder.begin(head.fields, raw.line_numbers)
    try:
        site.lark.parse(raw.text)
    except UnexpectedInput as exc:
        raise _failure_from_lark(exc, raw, head.hand_id) from None
    except LineError as exc:
        raise HandParseError(exc.reason, path=raw.path, line=raw.file_line(exc.line), column=1,
                             hand_id=head.hand_id, text=raw.line_text(exc.line)) from None
    except StudHHError:
        raise
    except Exception as exc:  # a bug of ours must still name the hand, never escape bare
        raise HandParseError(f"internal error while reading the hand: {exc!r}", path=raw.path,
                             line=raw.first_line, hand_id=head.hand_id, text=first) from exc
    fields = head.fields
    fields["table"] = builder.table_name
    fields["max_seats"] = builder.max_seats
    fields["seats"] = tuple(builder.seats)
    fields["line"] = raw.first_line
    header = HandHeader.make(*[fields[name] for name in _HEADER_FIELDS])
    events: tuple[HandEvent, ...] = tuple(builder.events)
    if taken:
        events = merge_noise(events, noise.events(taken, (s.name for s in header.seats)))
    events, renamed = seated_names(header, events, builder.case_names)
    return _in_range(ParsedHand.make(header, events, raw.path, raw.first_line, last_line,
                                (*builder.warnings, *renamed)), raw)


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


def _document(raw: RawHand) -> DocumentFormat:
    document = document_named(raw.kind)
    if document is None:  # pragma: no cover - raw hands are only made by known formats
        raise UnsupportedFormatError(f"unknown document format {raw.kind!r}", path=raw.path,
                                     line=raw.first_line)
    return document


def _parse_document(raw: RawHand, last_line: int) -> ParsedHand | SkippedHand:
    document = _document(raw)
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
    return _in_range(ParsedHand(read.header, events, raw.path, raw.first_line, last_line,
                                (*read.warnings, *renamed)), raw)


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


def _header_text(dialect: Dialect, text: str, first: str) -> str:
    """The lines ``dialect.read_header`` reads: the first line, or the first few."""
    if dialect.header_lines == 1:
        return first
    return "\n".join(text.split("\n", dialect.header_lines)[:dialect.header_lines])


_HEADERS: dict[str, tuple[Dialect, HeaderFields]] = {}
"""Headers read lately, by their text: an import reads each hand's header twice (its cheap
key, :func:`hand_key`, for a group of hands, then each hand's parse), and the time in a
header (a regex, then the date into UTC) costs more than a lookup."""
_HEADERS_MOST: Final = 256


def _read_header(dialect: Dialect, text: str) -> HeaderFields:
    """``dialect.read_header(text)``, from :data:`_HEADERS` when it read this text lately;
    each call gets a ``fields`` of its own (the parse fills it in). A header that does not
    read is not kept: it raises each time."""
    known = _HEADERS.get(text)
    if known is None or known[0] is not dialect:
        known = (dialect, dialect.read_header(text))
        if len(_HEADERS) >= _HEADERS_MOST:
            _HEADERS.clear()
        _HEADERS[text] = known
    head = known[1]
    return HeaderFields(head.hand_id, head.game_text, head.game, dict(head.fields))


def text_header(raw: RawHand) -> tuple[Dialect, HeaderFields] | None:
    """The dialect of a raw hand of a text site and what its header says (its game
    ``None`` for a game stud-hh does not read), or ``None`` when the header does not read.

    Cheap (the header's static part is cached).
    """
    if not raw.is_hand or raw.kind != "text":
        return None
    first = raw.text.partition("\n")[0]
    dialect = dialect_for(first)
    if dialect is None:
        return None
    text = raw.text
    if dialect.header_lines > 1 and dialect.noise:
        text = dialect.noise.strip(text, raw.line_numbers)[0]
    try:
        return dialect, _read_header(dialect, _header_text(dialect, text, first))
    except Exception:  # an unreadable header: the full parse reports it
        return None


def hand_key(raw: RawHand) -> tuple[str, str] | None:
    """``(site, hand id)`` of a raw hand from its first line alone, or ``None``.

    Cheap (the header's static part is cached): an import uses it to pass over
    hands it already stored without parsing them again.
    """
    if not raw.is_hand:
        return None
    if raw.kind != "text":
        try:
            return _document(raw).key(raw)
        except Exception:  # an unreadable hand: the full parse reports it
            return None
    found = text_header(raw)
    return None if found is None else (found[0].name, found[1].hand_id)


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


# ---------------------------------------------------------------------------
# Many hands
# ---------------------------------------------------------------------------


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


def raw_hands(path: str | os.PathLike[str], head: str | None = None) -> Iterator[RawHand]:
    """The raw hands of one file, whatever its format.

    A document format (XML session, PHH) is recognised from the file's head and
    cut by its own splitter; anything else is streamed and cut at the header
    lines of the text sites. A tournament summary file holds no hands: it gives none
    (:mod:`stud_hh.read.summaries` reads it). ``head`` is the file's decoded head when
    the caller has read it already (:func:`stud_hh.read.reader.read_head`). Raises
    :class:`InputError` if the file cannot be read.
    """
    name = str(path)
    if head is None:
        head = reader.read_head(path)
    document = document_format(name, head)
    if document is None:
        if summary_format(head) is not None:
            return iter(())
        return text_hands(reader.read_hands(path, starts_hand))
    text, encoding = reader.read_document(path)
    return document.split(text, name, encoding)


def raw_text_hands(text: str, path: str = "<text>") -> Iterator[RawHand]:
    """The raw hands of an in-memory text, cut as :func:`raw_hands` cuts a file."""
    head = text[:4096].replace("\0", "").lstrip("\ufeff \t\r\n")
    document = document_format(path, head)
    if document is None:
        if summary_format(head) is not None:
            return iter(())
        return _without_stray_noise(join_openings(reader.read_text_hands(text, starts_hand,
                                                                         path)))
    normalised = "".join(reader.normalised_chunks(io.StringIO(text, newline=""), indent=True,
                                                  breaks=False))
    return document.split(normalised, path, "utf-8")


def text_hands(raws: Iterable[RawHand]) -> Iterator[RawHand]:
    """The raw hands of a text site's file from what its splitter cut (:func:`raw_hands`):
    the pieces of a hand's opening joined to it, stray noise before a hand dropped."""
    return _without_stray_noise(join_openings(raws))


def cuts_cleanly(before: RawHand, after: Sequence[RawHand]) -> bool:
    """Whether the text of a file can be cut between the splitter's raw hands ``before``
    and ``after[0]`` (``after``: the ones that follow, as many as are at hand), the two
    sides read on their own giving the raw hands that the whole text gives.

    :func:`join_openings` joins a raw hand to its neighbours only across the pieces of a
    hand's opening: the cut holds when ``before`` is no such piece and ``after[0]`` is a
    hand that is none either, or the first piece of an opening that its hand follows
    (among ``after``). A piece of ``after`` cut short (the text at hand ended) only makes
    the answer ``False`` where it could have been ``True``.

    >>> from stud_hh.read.reader import read_text_hands
    >>> raws = list(read_text_hands("Game #1 starts.\\n#Game No : 1\\n"
    ...     "***** Hand History for Game 1 *****\\nx\\nGame #2 starts.\\n#Game No : 2\\n"
    ...     "***** Hand History for Game 2 *****\\ny\\n", starts_hand))
    >>> [cuts_cleanly(raws[i - 1], raws[i:]) for i in range(1, len(raws))]
    [False, False, True, False, False]
    """
    if not after or not after[0].is_hand or _opening_of(before) is not None:
        return False
    site = _opening_of(after[0])
    if site is None:
        return True
    for raw in after[1:]:
        here = _opening_of(raw)
        if here is not site:
            return here is None and _dialect_of(raw) is site
    return False


def _without_stray_noise(raws: Iterable[RawHand]) -> Iterator[RawHand]:
    """``raws`` without text outside any hand that is nothing but lines some site prints
    as noise (a PokerStars archive's ``*********** # 1 **************`` border before its
    first hand, a chat line before the first header): such text carries nothing."""
    for raw in raws:
        if raw.is_hand or raw.kind != "text" or not _all_noise(raw.text):
            yield raw


def _all_noise(text: str) -> bool:
    lines = text[:-1].split("\n")
    return any(all(d.noise.shape_of(line) is not None for line in lines)
               for d in DIALECTS if d.noise)


def _dialect_of(raw: RawHand) -> Dialect | None:
    """The text dialect whose hand ``raw`` is, from its first line."""
    if not raw.is_hand or raw.kind != "text":
        return None
    return dialect_for(raw.text.partition("\n")[0])


def _opening_of(raw: RawHand) -> Dialect | None:
    """The dialect of a raw hand that is nothing but the first lines of a hand's opening
    (:attr:`~stud_hh.read.sites.Dialect.opening`, noise lines aside), else ``None``."""
    dialect = _dialect_of(raw)
    if dialect is None or dialect.opening is None:
        return None
    opening, noise = dialect.opening, dialect.noise
    for line in raw.text[:-1].split("\n"):
        if opening.fullmatch(line) is None and (not noise or noise.shape_of(line) is None):
            return None
    return dialect


def _joined(first: RawHand, second: RawHand) -> RawHand:
    return dataclasses.replace(first, text=first.text + second.text,
                               line_numbers=(*first.line_numbers, *second.line_numbers))


def _settled(held: RawHand | None, pending: RawHand | None) -> Iterator[RawHand]:
    """``held`` and then ``pending`` (opening lines no hand of their site follows), or
    ``held`` with ``pending`` as its tail when both are the same site's."""
    if held is not None and pending is not None and _dialect_of(held) is _opening_of(pending):
        yield _joined(held, pending)
        return
    if held is not None:
        yield held
    if pending is not None:
        yield pending


def join_openings(raws: Iterable[RawHand]) -> Iterator[RawHand]:
    """``raws`` with each piece of a hand's opening joined to its hand.

    A site may open a hand over several lines, each of which the splitter takes
    for the start of a hand (PartyPoker: ``Game #N starts.``, ``#Game No : N``,
    ``***** Hand History for Game N *****``, with blank lines or noise between
    them). A raw hand of nothing but such first lines is joined to the next raw
    hand when that is a hand of its site; with none after it (the file ends, or
    other text follows), to the one before it, whose grammar reads it as a
    trailing line; else it is left alone (and fails as the hand it is).

    >>> from stud_hh.read.reader import read_text_hands
    >>> text = ("Game #1 starts.\\r\\r\\n\\r\\r\\n#Game No : 1\\r\\r\\n"
    ...         "***** Hand History for Game 1 *****\\r\\r\\nx\\r\\r\\nGame #2 starts.\\r\\r\\n")
    >>> [(r.first_line, r.text.count("\\n")) for r in join_openings(
    ...     read_text_hands(text, starts_hand))]
    [(1, 5)]
    """
    pending: RawHand | None = None
    """Opening lines waiting for their hand."""
    held: RawHand | None = None
    """The last raw hand, kept back in case opening lines with no hand follow it."""
    for raw in raws:
        dialect = _opening_of(raw)
        if pending is not None:
            site = _opening_of(pending)
            if dialect is site:
                pending = _joined(pending, raw)
                continue
            if dialect is None and _dialect_of(raw) is site:
                raw, pending = _joined(pending, raw), None
            else:
                yield from _settled(held, pending)
                held = pending = None
        if dialect is not None:
            pending = raw
            continue
        if held is not None:
            yield held
        held = raw
    yield from _settled(held, pending)


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


@dataclass(frozen=True, slots=True)
class Scan:
    """What a scan of files and folders found: the files to read and what it passed over."""

    files: tuple[Path, ...]
    """Files named directly, and the files of folders that hold hands of a known format."""
    without_hands: tuple[Path, ...] = ()
    """Files met in folders that hold no hand of any format stud-hh reads."""
    problems: tuple[tuple[Path, str], ...] = ()
    """Entries of folders that could not be read or followed, each with why."""

    def summary(self) -> str:
        """``" (3 files held no hands; 1 entry could not be read)"``, or ``""``."""
        parts = []
        if self.without_hands:
            n = len(self.without_hands)
            parts.append(f"{n} file{'s' if n != 1 else ''} in folders held no hands")
        if self.problems:
            n = len(self.problems)
            first = ", ".join(f"{p} ({why})" for p, why in self.problems[:3])
            parts.append(f"{n} entr{'ies' if n != 1 else 'y'} could not be read: {first}"
                         + (", ..." if n > 3 else ""))
        return f" ({'; '.join(parts)})" if parts else ""


_SEAT_LINE = re.compile(r"(?im)^seat[ +#]?\d+\s*(?:\[[^\]\n]*\]\s*)?[:\-]")
_HISTORY_MARKS = (
    re.compile(r"(?i)\b(?:hand|game|stage)\s*(?:#|no\.?\s?|id:?\s?)\d"),
    re.compile(r"(?m)^\*{2,5} ?\S"),
    re.compile(r"(?i)\b(?:posts|antes|brings? in|bring-ins?|dealt to|calls|folds|checks)\b"),
)


def looks_like_history(head: str) -> bool:
    """Whether a text looks like a hand history of some site, known or not: seat lines and
    a hand number, a section marker or action words.

    >>> looks_like_history("Mystery Hand #26331: 7CARD Tournament\\nSeat+1: 1,500 in chips\\n"
    ...                    "Seat+4 [ME]: 1,500 in chips\\n")
    True
    >>> looks_like_history("Seat 1 was mine today; I folded a lot")
    False
    """
    return _SEAT_LINE.search(head) is not None and any(
        mark.search(head) for mark in _HISTORY_MARKS)


def holds_hands(path: str | os.PathLike[str]) -> bool:
    """Whether a file holds hands, judged by its content alone (never by its name): a
    document format's head, a line that opens a text site's hand, or, so that no history
    is passed over because its header is of a form the readers do not know, text that
    looks like a hand history (it is then read, and its hands fail with their reason).
    Raises :class:`InputError` when it cannot be read."""
    start = reader.read_start(path, 1 << 16)
    if reader.looks_binary(start):
        return False
    head = reader.read_head(path)
    if document_format(str(path), head) is not None:
        return True
    if reader.holds_line(path, starts_hand):
        return True
    encoding = reader.detect_encoding(start)
    return looks_like_history(start.decode(encoding, errors="replace").replace("\0", ""))


def scan_paths(paths: Iterable[str | os.PathLike[str]]) -> Scan:
    """The files to read under ``paths``: files named directly are always read; a folder's
    files (recursively) are read when their content holds hands, whatever their names.

    A path that does not exist raises :class:`~stud_hh.model.errors.InputError`.
    """
    files: list[Path] = []
    empty: list[Path] = []
    problems: list[tuple[Path, str]] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            for entry in reader.walk(path):
                if entry.problem is not None:
                    problems.append((entry.path, entry.problem))
                    continue
                try:
                    (files if holds_hands(entry.path) else empty).append(entry.path)
                except InputError as exc:
                    problems.append((entry.path, exc.reason))
        elif path.is_file():
            files.append(path)
        else:
            raise InputError(reader.not_readable(path), path=str(path))
    return Scan(tuple(files), tuple(empty), tuple(problems))


def parse_paths(paths: Iterable[str | os.PathLike[str]]) -> Iterator[ParseResult]:
    """Stream the results of files and folders (recursively, files by content: see
    :func:`scan_paths`).

    A path that does not exist raises :class:`~stud_hh.model.errors.InputError`
    before anything is parsed.
    """
    for path in scan_paths(paths).files:
        yield from parse_file(path)


class frozen_gc:
    """Freeze the objects alive now so bulk parsing does not rescan them.

    No full collection first: in a process holding pandas and pyarrow one costs about a
    tenth of a second, and an import enters this block once per file (garbage frozen with
    the rest is collected after the block). A block inside another keeps the outer freeze.
    """

    _depth: ClassVar[int] = 0

    def __enter__(self) -> None:
        if frozen_gc._depth == 0:
            gc.freeze()
        frozen_gc._depth += 1

    def __exit__(self, *exc: object) -> None:
        frozen_gc._depth -= 1
        if frozen_gc._depth == 0:
            gc.unfreeze()
