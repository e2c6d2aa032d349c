"""The fuzz suite's machinery: mutants of the corpus files, an independent hand counter, and
the promises every mutant is held to.

A mutant is a corpus file (read in place, never copied into the project) changed by one
mutation of a named kind (:data:`KINDS`): bytes flipped, inserted or deleted, the file cut
short, lines duplicated, removed or swapped, a line of more than 8 MiB, other line ends,
other encodings, NUL bytes, numbers out of range, damaged headers, a player renamed to one
of 35 odd names, chat and table traffic at random places, impossible seating (two players
in one seat, more players than the table's seats), impossible dates, times, zones and
cards (:data:`FLAGGED_KINDS`). :func:`check_batch` runs a folder
of mutants through ``stud-hh parse``, ``audit`` and ``import`` (in this process, through
:func:`stud_hh.cli.main`) and returns every broken promise:

* no traceback and no exception escaping; exit code 0, 1 or 2; no failure whose reason is
  an internal error (a bug the reader caught);
* import: hands stored + failures + skipped = the hands in the input, counted here by the
  sites' header shapes (:func:`count_hands`, written apart from the project's splitter),
  and no failure holding the text of two hands;
* a re-import of the same files adds nothing;
* a mutant of :data:`FLAGGED_KINDS` (an impossible date or time, a damaged or unknown
  zone, a card that cannot exist, a repeated card that changed) is never stored clean: in
  the database, the failure holding its damaged line names that line, or the hand stored
  from it carries a warning or a violation at it (:func:`_judge_stored`; the same promise
  in memory, apart from the import: :func:`check_flagged`).

:func:`check_names` holds an odd-name mutant to its own promise: each hand reads as the
same hand (its events equal with the name mapped back), or fails with a named reason, and
is never split into several.

:func:`check_seating` holds an impossible-seating mutant to its own: imported alone, its
hand is never stored clean (the rule's violation or unverifiable note names it, or it
fails with a reason).

The same seed gives the same mutants (:func:`make_mutants`).
"""

from __future__ import annotations

import codecs
import contextlib
import dataclasses
import io
import json
import os
import random
import re
import traceback
from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

# ---------------------------------------------------------------------------
# Reading a file apart from the project: encoding, lines, format
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Source:
    """A corpus file as read here: its bytes, the codec they were decoded with and its text."""

    path: Path
    data: bytes
    codec: str
    text: str

    @property
    def format(self) -> str:
        """``"xml"``, ``"phh"``, ``"phhs"`` or ``"text"``."""
        return file_format(self.path.name, self.text)

    def encode(self, text: str) -> bytes:
        """``text`` in this file's own encoding (its byte-order mark kept)."""
        return encode(text, self.codec)


def decode(data: bytes) -> tuple[str, str]:
    """``(text, codec)``: a byte-order mark decides; UTF-16 without one is told by its NUL
    bytes; anything else is UTF-8 with undecodable bytes as cp1252 (as the README says)."""
    if data.startswith(codecs.BOM_UTF8):
        return data[3:].decode("utf-8", "replace"), "utf-8-sig"
    if data.startswith(codecs.BOM_UTF16_LE):
        return data[2:].decode("utf-16-le", "replace"), "utf-16-le-bom"
    if data.startswith(codecs.BOM_UTF16_BE):
        return data[2:].decode("utf-16-be", "replace"), "utf-16-be-bom"
    sample = data[:4096]
    half = len(sample) // 2
    if half >= 4:
        even, odd = sample[0::2].count(0), sample[1::2].count(0)
        if odd > 0.4 * half and even < 0.05 * half:
            return data.decode("utf-16-le", "replace"), "utf-16-le"
        if even > 0.4 * half and odd < 0.05 * half:
            return data.decode("utf-16-be", "replace"), "utf-16-be"
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("cp1252", "replace"), "cp1252"


def encode(text: str, codec: str) -> bytes:
    """``text`` in ``codec`` as :func:`decode` names it; characters it lacks become ``?``."""
    if codec == "utf-16-le-bom":
        return codecs.BOM_UTF16_LE + text.encode("utf-16-le", "surrogatepass")
    if codec == "utf-16-be-bom":
        return codecs.BOM_UTF16_BE + text.encode("utf-16-be", "surrogatepass")
    if codec == "utf-8-sig":
        return codecs.BOM_UTF8 + text.encode("utf-8", "surrogatepass")
    if codec == "cp1252":
        return text.encode("cp1252", "replace")
    return text.encode(codec, "surrogatepass")


def load(path: Path) -> Source:
    """Read ``path`` (a corpus file, in place)."""
    data = path.read_bytes()
    text, codec = decode(data)
    return Source(path, data, codec, text)


def file_format(name: str, text: str) -> str:
    """The format of a file from its name and text: XML and PHH documents, else text."""
    head = text[:4096].replace("\0", "").lstrip("\ufeff \t\r\n")
    if name.endswith(".phhs"):
        return "phhs"
    if name.endswith(".phh"):
        return "phh"
    if head.startswith("<") and re.search(r"<(?:session|game|description)\b", head):
        return "xml"
    return "text"


LINE_BREAKS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""The line ends besides CR and LF that docs/reading.md says end a text site's line: those
``str.splitlines`` knows (written here apart from the reader)."""
_LINE_END = re.compile(f"\r\n|\r|\n|[{LINE_BREAKS}]")


def lines_of(text: str) -> list[str]:
    """The lines of ``text`` as docs/reading.md says the reader sees them: CRLF, LF, CR and
    every other line boundary ``str.splitlines`` knows each end a line; NUL bytes and
    byte-order marks are dropped first."""
    text = text.replace("\0", "").replace("\ufeff", "")
    return _LINE_END.split(text)


# ---------------------------------------------------------------------------
# Counting hands by their headers, apart from the project's splitter
# ---------------------------------------------------------------------------

_SLASH_DATE = r"\d{4}/\d{1,2}/\d{1,2}"
_DASH_DATE = r"\d{4}-\d{1,2}-\d{1,2}"
_TIME = r"\d{1,2}:\d{1,2}(?::\d{1,2})?"

HEADER_SHAPES: dict[str, str] = {
    # docs/formats/<site>.md, the first line of each header form, whole
    "PokerStars": (r"(?i:pokerstars(?: home game)?(?: zoom)?(?: (?:game|hand))?) #\d+: .*"
                   rf" - {_SLASH_DATE}(?: - | ){_TIME}(?: \S{{1,8}})?(?: \[[^\]]*\])?|"
                   rf"Игра PokerStars #\d+: .* - {_SLASH_DATE} .*"),
    "Full Tilt": (r"(?:Full Tilt Poker|FullTiltPoker) (?:Game|Hand) #\d+: .* - "
                  rf"{_TIME} \S{{1,8}} - (?:{_SLASH_DATE}|\w+, \w+ \d{{1,2}}, \d{{4}})"
                  r"(?: \[[^\]]*\])?(?: \(partial\))?"),
    "PartyPoker": (r"Game #\d+ starts\.|#Game No : \d+|"
                   r"\*{5} Hand History [Ff]or Game \w+ \*{5}(?: \(.*\))?"),
    "Winamax": rf"Winamax Poker - .*HandId: #.* - {_SLASH_DATE} {_TIME}(?: \S{{1,8}})?",
    "Everleaf": r"Everleaf Gaming (?:- .+ - )?Game #\d+|Partouche Poker(?: [A-Za-z]+)?",
    "OnGame": r"\*{5} History for hand \S+ .*\*{5}",
    "Absolute": (rf"Stage #C?\d+:? .* - \d{{4}}[-/]\d{{1,2}}[-/]\d{{1,2}} {_TIME}"
                 r"(?: \(\S{1,8}\))?(?: \[[^\]]*\])?"),
    "Bovada": (r"(?:Bodog(?:\.com|\.eu| UK| Canada|88)?|Bovada|Ignition) Hand #C?\d+:? .*"
               rf" - {_DASH_DATE} {_TIME}(?: \S{{1,8}})?"),
    "Winning": rf"(?:Game )?Hand #\d+ - .*- {_SLASH_DATE} {_TIME}(?: \S{{1,8}})?",
    "Winning 2016": rf"Game started at: {_SLASH_DATE} {_TIME}",
    "KingsClub": r"#\d+: +(?:Limit|Pot Limit|No Limit) .* - [\d.,]+/[\d.,]+",
}
"""Each text site's first header line, as its format catalogue gives it (the whole line)."""

_HEADER = re.compile("|".join(f"(?P<s{i}>{shape})"
                              for i, shape in enumerate(HEADER_SHAPES.values())))
_SITE_OF_GROUP = {f"s{i}": site for i, site in enumerate(HEADER_SHAPES)}
_PARTY_OPENING = re.compile(r"Game #\d+ starts\.|#Game No : \d+")
_SPACES = " \t\xa0\u3000"


def header_site(line: str) -> str | None:
    """The site whose first header line ``line`` is (whole, spaces at its ends aside)."""
    found = _HEADER.fullmatch(line.strip(_SPACES))
    return _SITE_OF_GROUP[found.lastgroup] if found and found.lastgroup else None


def count_text_hands(text: str) -> int:
    """Hands in the text of a text site's file: a header line opens one.

    PartyPoker opens a hand over up to three lines (``Game #N starts.``, ``#Game No : N``,
    the banner): only the first of a run of them counts (lines that are not a hand's
    below the opening, such as blank and chat lines, do not end the run).
    """
    count = 0
    opening = False
    for line in lines_of(text):
        site = header_site(line)
        if site is None:
            if opening and line.strip(_SPACES) and not _looks_like_noise(line):
                opening = False
            continue
        if site == "PartyPoker":
            if not opening:
                count += 1
            opening = _PARTY_OPENING.fullmatch(line.strip(_SPACES)) is not None
            continue
        opening = False
        count += 1
    return count


def _looks_like_noise(line: str) -> bool:
    return re.search(r' said, "|: |has (?:joined|left)|is (?:connected|disconnected)',
                     line) is not None


_XML_GAME = re.compile(r"<game\b")
_PHHS_TABLE = re.compile(r"(?m)^[ \t]*\[[^\]\n]+\][ \t]*\r?$")


def count_hands(name: str, data: bytes) -> int:
    """The hands in a file's bytes, counted by header: text sites' header lines, an XML
    session's ``<game`` elements, a ``.phhs`` file's ``[name]`` tables, a ``.phh`` file's one
    hand (when it holds anything)."""
    text, _ = decode(data)
    kind = file_format(name, text)
    if kind == "xml":
        return len(_XML_GAME.findall(text))
    if kind == "phhs":
        return len(_PHHS_TABLE.findall(text.replace("\0", "")))
    if kind == "phh":
        return 1 if text.replace("\0", "").strip(" \t\r\n\ufeff") else 0
    return count_text_hands(text)


def count_text(name: str, text: str) -> int:
    """:func:`count_hands` of a text already decoded (a failure's stored text)."""
    return count_hands(name, text.encode("utf-8", "surrogatepass"))


# ---------------------------------------------------------------------------
# Mutations
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Mutant:
    """A corpus file changed by one mutation."""

    kind: str
    source: Path
    data: bytes
    note: str = ""
    """What the mutation did, for the report."""
    renamed: tuple[str, str] | None = None
    """For an odd-name mutant: (the player's name, the odd name that replaced it)."""
    inserted_line: int | None = None
    """For a long-line mutant: the line number the long line took (lines from it on moved
    down by one)."""
    flagged_line: int | None = None
    """For a mutant of :data:`FLAGGED_KINDS`: the file line it damaged, which the hand's
    failure, warning or violation must name (:func:`check_flagged`)."""
    hand_id: str | None = None
    """For a mutant that changes one hand (impossible seating): that hand's id."""

    def file_name(self, index: int) -> str:
        """A file name for this mutant that keeps the original's extension."""
        stem = re.sub(r"[^A-Za-z0-9._-]+", "_", self.source.name)
        return f"{index:04d}-{self.kind}-{stem}"


Mutator = Callable[[random.Random, Source], Mutant | None]
_MUTATORS: dict[str, Mutator] = {}


def mutation(kind: str) -> Callable[[Mutator], Mutator]:
    def register(fn: Mutator) -> Mutator:
        _MUTATORS[kind] = fn
        return fn
    return register


def _mutant(kind: str, source: Source, data: bytes, note: str = "", **more: Any) -> Mutant:
    return Mutant(kind, source.path, data, note, **more)


def _line_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) of each line of ``text``, its line end included."""
    return [(m.start(), m.end())
            for m in re.finditer(f"[^\r\n{LINE_BREAKS}]*(?:\r\n|\r|\n|[{LINE_BREAKS}]|$)", text)
            if m.end() > m.start()]


def _header_line_spans(source: Source) -> list[tuple[int, int]]:
    spans = _line_spans(source.text)
    if source.format == "text":
        return [s for s in spans if header_site(source.text[s[0]:s[1]].rstrip("\r\n"))]
    if source.format == "xml":
        return [s for s in spans if "<game " in source.text[s[0]:s[1]]
                or "<description" in source.text[s[0]:s[1]]]
    return [s for s in spans if re.match(r"\s*(?:variant|\[)", source.text[s[0]:s[1]])]


@mutation("byte-flip")
def _flip(rng: random.Random, source: Source) -> Mutant | None:
    data = bytearray(source.data)
    if not data:
        return None
    where = []
    for _ in range(rng.randint(1, 4)):
        i = rng.randrange(len(data))
        data[i] ^= rng.randint(1, 255)
        where.append(i)
    return _mutant("byte-flip", source, bytes(data), f"bytes {where} flipped")


@mutation("header-flip")
def _header_flip(rng: random.Random, source: Source) -> Mutant | None:
    """Item 6: a byte flipped inside a header line (the game's name, the time zone, ...)."""
    spans = _header_line_spans(source)
    if not spans:
        return None
    start, end = rng.choice(spans)
    line = source.text[start:end]
    body = line.rstrip("\r\n")
    if not body:
        return None
    i = rng.randrange(len(body))
    new = chr(rng.choice([ord(c) for c in "aZ\"'#:-/()$ 0"] + [rng.randint(33, 126)]))
    changed = body[:i] + new + body[i + 1:]
    text = source.text[:start] + changed + line[len(body):] + source.text[end:]
    return _mutant("header-flip", source, source.encode(text),
                   f"header {body!r} -> {changed!r}")


@mutation("byte-insert")
def _insert(rng: random.Random, source: Source) -> Mutant | None:
    data = source.data
    i = rng.randrange(len(data) + 1)
    junk = rng.choice([bytes(rng.randrange(256) for _ in range(rng.randint(1, 8))),
                       b"\x00", b"\r", b"\n", b"\xff\xfe", b"\xef\xbb\xbf", b"\x80", b"\xc3",
                       b"***", b"[", b"(", b": ", b'"', b"\x0b\x0c\x1c"])
    return _mutant("byte-insert", source, data[:i] + junk + data[i:], f"{junk!r} at {i}")


@mutation("byte-delete")
def _delete(rng: random.Random, source: Source) -> Mutant | None:
    data = source.data
    if not data:
        return None
    i = rng.randrange(len(data))
    n = rng.randint(1, 16)
    return _mutant("byte-delete", source, data[:i] + data[i + n:], f"{n} bytes at {i}")


@mutation("truncate")
def _truncate(rng: random.Random, source: Source) -> Mutant | None:
    if len(source.data) < 2:
        return None
    i = rng.randrange(1, len(source.data))
    return _mutant("truncate", source, source.data[:i], f"cut at byte {i}")


def _lines_mutant(kind: str, rng: random.Random, source: Source,
                  change: Callable[[list[str]], str | None]) -> Mutant | None:
    lines = [source.text[a:b] for a, b in _line_spans(source.text)]
    if len(lines) < 2:
        return None
    note = change(lines)
    if note is None:
        return None
    return _mutant(kind, source, source.encode("".join(lines)), note)


def _ended(line: str) -> str:
    return line if line.endswith(("\n", "\r")) else line + "\n"


@mutation("line-duplicate")
def _dup(rng: random.Random, source: Source) -> Mutant | None:
    def change(lines: list[str]) -> str:
        i = rng.randrange(len(lines))
        lines.insert(i + 1, _ended(lines[i]))
        lines[i] = _ended(lines[i])
        return f"line {i + 1} duplicated"
    return _lines_mutant("line-duplicate", rng, source, change)


@mutation("line-remove")
def _remove(rng: random.Random, source: Source) -> Mutant | None:
    def change(lines: list[str]) -> str:
        i = rng.randrange(len(lines))
        del lines[i]
        return f"line {i + 1} removed"
    return _lines_mutant("line-remove", rng, source, change)


@mutation("line-swap")
def _swap(rng: random.Random, source: Source) -> Mutant | None:
    def change(lines: list[str]) -> str:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        a, b = _ended(lines[i]), _ended(lines[j])
        lines[i], lines[j] = b, a
        return f"lines {i + 1} and {j + 1} swapped"
    return _lines_mutant("line-swap", rng, source, change)


LONG_LINE = 9 << 20
"""Characters of the long line a ``long-line`` mutant holds: more than the reader's 8 MiB."""


@mutation("long-line")
def _long_line(rng: random.Random, source: Source) -> Mutant | None:
    """Item 9: a line of more than 8 MiB; the lines after it must keep their numbers."""
    spans = _line_spans(source.text)
    if len(spans) < 2:
        return None
    i = rng.randrange(len(spans))
    eol = "\r\n" if "\r\n" in source.text else "\n"
    piece = "".join(rng.choice("abcdefgh $#:[]()0123456789") for _ in range(4096))
    junk = (piece * (LONG_LINE // len(piece) + 1))[:LONG_LINE]
    at = spans[i][0]
    text = source.text[:at] + junk + eol + source.text[at:]
    return _mutant("long-line", source, source.encode(text), f"{LONG_LINE} characters "
                   f"before line {i + 1}", inserted_line=i + 1)


def _line_ends(kind: str, ends: Callable[[random.Random], str]) -> Mutator:
    def mutate(rng: random.Random, source: Source) -> Mutant | None:
        lines = re.split(r"\r\n|\r|\n", source.text)
        text = "".join(line + ends(rng) for line in lines[:-1]) + lines[-1]
        return _mutant(kind, source, source.encode(text), "")
    return mutate


_MUTATORS["eol-crlf"] = _line_ends("eol-crlf", lambda rng: "\r\n")
_MUTATORS["eol-cr"] = _line_ends("eol-cr", lambda rng: "\r")
_MUTATORS["eol-lf"] = _line_ends("eol-lf", lambda rng: "\n")
_MUTATORS["eol-crcrlf"] = _line_ends("eol-crcrlf", lambda rng: "\r\r\n")


def _unicode_line_ends(kind: str, ends: Callable[[random.Random], str]) -> Mutator:
    """Line ends other than CR and LF (docs/reading.md: a text site's file written with
    them reads as lines); not in a cp1252 file, which cannot hold them."""
    mutate = _line_ends(kind, ends)

    def unicode_only(rng: random.Random, source: Source) -> Mutant | None:
        return None if source.codec == "cp1252" else mutate(rng, source)
    return unicode_only


_MUTATORS["eol-u2028"] = _unicode_line_ends("eol-u2028", lambda rng: "\u2028")
_MUTATORS["eol-u2029"] = _unicode_line_ends("eol-u2029", lambda rng: "\u2029")
_MUTATORS["eol-nel"] = _unicode_line_ends("eol-nel", lambda rng: "\x85")
_MUTATORS["eol-vt-ff"] = _unicode_line_ends("eol-vt-ff",
                                            lambda rng: rng.choice(["\x0b", "\x0c"]))
_MUTATORS["eol-mixed"] = _line_ends(
    "eol-mixed", lambda rng: rng.choice(["\r\n", "\n", "\r", "\r\r\n", "\n\r\n", "\r\n\r\n"]))


def _encoding(codec: str) -> Mutator:
    kind = f"enc-{codec}"

    def mutate(rng: random.Random, source: Source) -> Mutant | None:
        if source.codec == codec:
            return None
        text = source.text
        if codec == "cp1252" and source.format != "text":
            return None  # a document declaring utf-8 in cp1252 is a mutant of its own kind
        return _mutant(kind, source, encode(text, codec), f"{source.codec} -> {codec}")
    _MUTATORS[kind] = mutate
    return mutate


for _codec in ("utf-8", "utf-8-sig", "utf-16-le-bom", "utf-16-be-bom", "utf-16-le",
               "utf-16-be", "cp1252"):
    _encoding(_codec)


@mutation("nul-bytes")
def _nul(rng: random.Random, source: Source) -> Mutant | None:
    data = bytearray(source.data)
    for _ in range(rng.randint(1, 6)):
        i = rng.randrange(len(data) + 1)
        data[i:i] = b"\x00" * rng.randint(1, 3)
    return _mutant("nul-bytes", source, bytes(data), "")


def _substitute(kind: str, pattern: str, make: Callable[[random.Random, re.Match[str]], str],
                every: bool = False) -> Mutator:
    """A mutation replacing one match of ``pattern`` (or, with ``every``, each match with the
    same text as the one chosen) by ``make(rng, match)``."""
    compiled = re.compile(pattern)

    def mutate(rng: random.Random, source: Source) -> Mutant | None:
        found = list(compiled.finditer(source.text))
        if not found:
            return None
        chosen = rng.choice(found)
        new = make(rng, chosen)
        targets = [m for m in found if m.group(0) == chosen.group(0)] if every else [chosen]
        text = source.text
        for m in reversed(targets):
            text = text[:m.start()] + m.group(0)[:m.start(1) - m.start()] + new + \
                m.group(0)[m.end(1) - m.start():] + text[m.end():]
        return _mutant(kind, source, source.encode(text),
                       f"{chosen.group(0)!r}: {chosen.group(1)!r} -> {new!r}"
                       f"{f' ({len(targets)} times)' if every else ''}")
    _MUTATORS[kind] = mutate
    return mutate


_substitute("seat-300", r"(?i)(?:\bseat[ +#]?|seat=\")(\d+)\b", lambda rng, m: "300",
            every=True)
_substitute("max-300", r"(\d+(?=-max| Max\b|</tablesize>)|(?<=seat_count = )\d+|"
            r"(?<=seats=\")\d+)", lambda rng, m: "300")
_HUGE = ["92233720368547758080", "18446744073709551616", "99999999999999999999999",
         "9223372036854775807", "1e30", "340282366920938463463374607431768211456"]
_substitute("amount-huge",
            r"(?<![\w#.])[$€£]?\s?(\d[\d,]*(?:\.\d+)?)"
            r"(?=\s?(?:€|USD|EUR| in chips|\)|\]|$|\s|,|\"))",
            lambda rng, m: rng.choice(_HUGE))
_substitute("id-huge", r"(?:#|[Hh]and |gamecode=\"|game id=\"|ID: )(\d{3,})",
            lambda rng, m: "9" * rng.choice([19, 20, 40, 400]))
_substitute("zone-aEST", r" \d{1,2}:\d{2}(?::\d{2})? (\(?[A-Z]{2,5}\)?)(?=[ \]\n\r]|$)",
            lambda rng, m: rng.choice(["aEST", "aET", "(aEST)", "ZZZZ", "E T", "ET]"]))
_substitute("game-damaged",
            r"(?i)(razz|7 card stud(?: hi/lo| hi-lo)?|stud h/l|stud hi(?:/lo)?|seven card(?: stud)?"
            r"(?: hi[-/]lo)?|7card(?: hilo)?|7-card stud(?: hi/lo)?|7stud(?: h/l)?|stud|"
            r"seven_card_stud(?:_hi_lo)?|F7S(?:/8)?|\bFR\b)",
            lambda rng, m: rng.choice(['Raz"', m.group(1)[:-1] + '"', m.group(1)[:-1],
                                       m.group(1) + "x", m.group(1)[1:], "R" + "a" * 3 + "zz",
                                       m.group(1).replace(" ", "  ")]))


@mutation("header-truncated")
def _header_truncated(rng: random.Random, source: Source) -> Mutant | None:
    """A hand cut off in its header: its first line cut short, or nothing after it."""
    spans = _header_line_spans(source)
    if not spans:
        return None
    k = rng.randrange(len(spans))
    start, end = spans[k]
    after = spans[k + 1][0] if k + 1 < len(spans) else len(source.text)
    body = source.text[start:end].rstrip("\r\n")
    if rng.random() < 0.5 and len(body) > 2:
        cut = rng.randrange(1, len(body))
        text = source.text[:start] + body[:cut] + source.text[end - (end - start - len(body)):]
        note = f"header line cut to {body[:cut]!r}"
    else:
        lines = rng.randint(1, 3)
        stop = start
        for _ in range(lines):
            nl = source.text.find("\n", stop, after)
            stop = after if nl < 0 else nl + 1
        text = source.text[:stop] + source.text[after:]
        note = f"hand cut after its first {lines} line(s)"
    return _mutant("header-truncated", source, source.encode(text), note)


_CHAT = ['{n} said, "{t}"', "{n}: {t}", '{n} says: "{t}"', "{n} [observer]: {t}",
         "Dealer: {t}", "{n} has joined the table", "{n} joins the table at seat #3",
         "{n} leaves the table", "{n} is disconnected", "{n} is connected",
         "{n} has timed out", "{n} is sitting out", "{n} has returned",
         "{n} will be allowed to play after the button", "{n}: sits out",
         "{n} finished the tournament in 3rd place", "The tournament is on break.",
         "{n} has 15 seconds left to act", "Player {n} added to the table",
         "{n} was removed from the table for failing to post", "{n} (observer) said, \"{t}\""]
_CHAT_TEXT = ["gl", "nh", "ty :)", "lol", "*** SUMMARY ***", "bets $5", "Seat 1: x",
              "PokerStars Hand #1: lol", "raises to 9", "[Ah Kd]", "said, \"x\"", "", "??"]


@mutation("chat")
def _chat(rng: random.Random, source: Source) -> Mutant | None:
    """Chat and table traffic lines at random places (never before the first hand)."""
    if source.format != "text":
        return None
    spans = _line_spans(source.text)
    heads = _header_line_spans(source)
    if not heads or len(spans) < 3:
        return None
    names = list(_names(source)) or ["Bob"]
    text = source.text
    eol = "\r\n" if "\r\n" in text else "\n"
    inserted = []
    for _ in range(rng.randint(1, 4)):
        spans = _line_spans(text)
        first = next(i for i, s in enumerate(spans) if s[0] >= heads[0][0])
        i = rng.randrange(first + 1, len(spans) + 1)
        line = rng.choice(_CHAT).format(n=rng.choice(names), t=rng.choice(_CHAT_TEXT))
        at = spans[i][0] if i < len(spans) else len(text)
        if at == len(text) and not text.endswith(("\n", "\r")):
            text += eol
            at = len(text)
        text = text[:at] + line + eol + text[at:]
        inserted.append(line)
    return _mutant("chat", source, source.encode(text), f"{inserted}")


# ---------------------------------------------------------------------------
# Odd player names
# ---------------------------------------------------------------------------

ODD_NAMES: dict[str, Callable[[str, str, str], str]] = {
    # kind: (the name replaced, another player's name, the hand's header line) -> odd name
    "inner-space": lambda n, o, h: "Al Bo",
    "double-space": lambda n, o, h: "Al  Bo",
    "leading-space": lambda n, o, h: " Al",
    "trailing-space": lambda n, o, h: "Al ",
    "brackets": lambda n, o, h: "[Al]",
    "bracket-suffix": lambda n, o, h: "Al [ME]",
    "parentheses": lambda n, o, h: "(Al)",
    "stack-like": lambda n, o, h: "Al ($5 in chips)",
    "colon": lambda n, o, h: "Al:",
    "colon-space": lambda n, o, h: "Al: x",
    "said": lambda n, o, h: 'Al said, "hi"',
    "quotes": lambda n, o, h: '"Al"',
    "apostrophe": lambda n, o, h: "Al'o",
    "emoji": lambda n, o, h: "Al\U0001f600",
    "rtl": lambda n, o, h: "\u05d0\u05dc\u05d9",
    "rtl-override": lambda n, o, h: "\u202eAl",
    "action-like": lambda n, o, h: "Bob: bets",
    "action-words": lambda n, o, h: "Bob calls $1",
    "folds-like": lambda n, o, h: "folds",
    "header-prefix": lambda n, o, h: h[:max(8, h.find("#") + 2)] if "#" in h else h[:20],
    "header-like": lambda n, o, h: "PokerStars Hand #1:",
    "header-line": lambda n, o, h: h.strip(),
    "seat-like": lambda n, o, h: "Seat 1: Bob ($5 in chips)",
    "amount-like": lambda n, o, h: "$5.00",
    "digits": lambda n, o, h: "12345",
    "long": lambda n, o, h: "L" + "o" * 180 + "ng",
    "other-suffix": lambda n, o, h: o + "x",
    "other-space-suffix": lambda n, o, h: o + " 2",
    "other-prefix": lambda n, o, h: "x" + o,
    "zero-width": lambda n, o, h: "\u200b",
    "punctuation": lambda n, o, h: "-.-",
    "tab": lambda n, o, h: "Al\tBo",
    "nbsp": lambda n, o, h: "Al\xa0Bo",
    "stars": lambda n, o, h: "*** SUMMARY ***",
    "unicode": lambda n, o, h: "\u00c5l\u00e9 \u0418\u0433\u0440\u043e\u043a \u73a9\u5bb6",
}
"""35 kinds of odd player names."""


@cache
def _names(source: Source) -> tuple[str, ...]:
    """The seated players' names of a file's hands, as the project reads them (only to know
    which text to rename: the check compares the project with itself). Kept per source: a
    long run draws many odd names from each file."""
    from stud_hh.model.hand import ParsedHand
    from stud_hh.read.parse import parse_text

    names: list[str] = []
    for result in parse_text(source.text, str(source.path)):
        if isinstance(result, ParsedHand):
            names.extend(s.name for s in result.header.seats if s.name not in names)
    return tuple(names)


def _escape(name: str, kind: str) -> str:
    if kind == "xml":  # a tab stands as a character reference (attributes turn tabs to spaces)
        return (name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
                .replace('"', "&quot;").replace("\t", "&#9;"))
    if kind in ("phh", "phhs"):
        return json.dumps(name, ensure_ascii=False)[1:-1]
    return name


def rename(source: Source, old: str, new: str) -> str | None:
    """``source``'s text with the player ``old`` called ``new`` wherever the name stands
    alone (not inside a longer word), or ``None`` when it cannot be told apart."""
    kind = source.format
    pattern = re.compile(rf"(?<![\w]){re.escape(_escape(old, kind))}(?![\w])")
    if not pattern.search(source.text):
        return None
    escaped = _escape(new, kind)
    return pattern.sub(lambda m: escaped, source.text)


def _odd_name(kind: str) -> Mutator:
    def mutate(rng: random.Random, source: Source) -> Mutant | None:
        if "Bovada" in str(source.path) or "Bodog" in source.text[:200]:
            return None  # Bovada prints seats, never names
        names = [n for n in _names(source) if len(n) >= 3 and not n.isdigit()]
        if len(names) < 2:
            return None
        old = rng.choice(names)
        other = rng.choice([n for n in names if n != old])
        head = next((source.text[a:b].strip() for a, b in _header_line_spans(source)), "")
        new = ODD_NAMES[kind](old, other, head)
        if new in names or new == old or (new in source.text and not kind.startswith("header")):
            return None  # (a header's words are in no event's text: they map back safely)
        if source.codec == "cp1252":
            try:
                new.encode("cp1252")
            except UnicodeEncodeError:  # the file's encoding cannot hold the name
                return None
        text = rename(source, old, new)
        if text is None:
            return None
        return _mutant(f"name-{kind}", source, source.encode(text), f"{old!r} -> {new!r}",
                       renamed=(old, new))
    return mutate


for _kind in ODD_NAMES:
    _MUTATORS[f"name-{_kind}"] = _odd_name(_kind)


# ---------------------------------------------------------------------------
# Impossible times and cards: mutants that must never be stored clean
# ---------------------------------------------------------------------------
#
# Each of these kinds damages one line of one hand (its number in ``flagged_line``) so that
# the hand holds something no site prints: a date or time that cannot exist, a time zone
# no reader knows, a card that cannot exist, a card a deal line repeats differently from
# the one dealt. :func:`check_flagged` holds such a mutant to its promise: the hand is a
# failure, or carries a warning, or replays with a violation, naming that line; never
# stored clean.

FLAGGED_KINDS: tuple[str, ...] = ("date-impossible", "time-impossible", "zone-damaged",
                                  "zone-unknown", "card-impossible", "card-changed")
"""The kinds whose every mutant is held to :func:`check_flagged`."""

_MONTH = r"(?P<month>Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)(?P<more>[a-z]*)"
_DATE_FORMS: tuple[tuple[re.Pattern[str], Callable[[re.Match[str]], str]], ...] = (
    (re.compile(r"(?<![\d.])(?P<y>\d{4})(?P<s>[/-])\d{1,2}(?P=s)\d{1,2}(?![\d.])"),
     lambda m: f"{m['y']}{m['s']}02{m['s']}30"),
    (re.compile(r"(?<!\d)\d{1,2}-[A-Z][a-z]{2}-(?P<y>\d{4})(?!\d)"),
     lambda m: f"30-Feb-{m['y']}"),
    (re.compile(r"(?<![\d.])\d{1,2}(?P<s>[/.])\d{1,2}(?P=s)(?P<y>\d{4})(?!\d)"),
     lambda m: f"30{m['s']}02{m['s']}{m['y']}"),
    (re.compile(rf"\b{_MONTH}(?P<gap>,? ?)\d{{1,2}}\b"),
     lambda m: ("February" if m["more"] else "Feb") + m["gap"] + "30"),
    (re.compile(r'(?<=starttime=")(?P<y>\d{4})\d{4}(?=\d{6}")'), lambda m: f"{m['y']}0230"),
)
"""Every form of date the sites print (docs/formats/*.md), each with how to write the
30th of February in it."""
_CLOCK = re.compile(r"(?<![\d:])(?P<h>\d{1,2}):(?P<m>\d{2})(?::(?P<s>\d{1,2}))?(?![\d:])|"
                    r'(?<=starttime="\d{8})(?P<compact>\d{2})(?=\d{4}")')
_ZONE = re.compile(r"(?<=\d:\d\d) \(?(?P<zone>[A-Z]{2,5})\)?(?![\w+-])|"
                   r"(?<=\d:\d\d:\d\d) \(?(?P<zone2>[A-Z]{2,5})\)?(?![\w+-])")


def _line_of(text: str, at: int) -> int:
    """The file line (as the reader numbers them) of the character ``text[at]``."""
    return len(lines_of(text[:at]))


def _time_lines(source: Source) -> list[tuple[int, int]]:
    """The spans of the lines that print a hand's time: a text site's header line and the
    few lines after it (Everleaf, KingsClub, OnGame and PartyPoker print the time there),
    a 2016 Winning hand's ``Game ended at`` line, an XML hand's ``<startdate>`` and
    ``starttime``."""
    spans = _line_spans(source.text)
    if source.format == "xml":
        return [s for s in spans if re.search(r"<startdate>|starttime=\"",
                                              source.text[s[0]:s[1]])]
    if source.format != "text":
        return []
    heads = set(_header_line_spans(source))
    found: list[tuple[int, int]] = []
    for i, span in enumerate(spans):
        line = source.text[span[0]:span[1]]
        if line.startswith("Game ended at:"):
            found.append(span)
        elif span in heads:
            found += [s for s in spans[i:i + 6] if s == span or s not in heads]
    return found


def _time_mutant(kind: str, rng: random.Random, source: Source,
                 change: Callable[[str], tuple[str, str] | None]) -> Mutant | None:
    """A mutant with one time line changed by ``change`` (the new line and a note, or
    ``None`` when the line has nothing to change), its line number kept."""
    spans = [s for s in _time_lines(source) if change(source.text[s[0]:s[1]]) is not None]
    if not spans:
        return None
    start, end = rng.choice(spans)
    changed = change(source.text[start:end])
    assert changed is not None
    text = source.text[:start] + changed[0] + source.text[end:]
    return _mutant(kind, source, source.encode(text), changed[1],
                   flagged_line=_line_of(text, start))


@mutation("date-impossible")
def _date_impossible(rng: random.Random, source: Source) -> Mutant | None:
    """The 30th of February in a hand's printed date, whatever its form."""
    def change(line: str) -> tuple[str, str] | None:
        for form, write in _DATE_FORMS:
            found = form.search(line)
            if found:
                new = line[:found.start()] + write(found) + line[found.end():]
                return new, f"{found.group(0)!r} -> {write(found)!r}"
        return None
    return _time_mutant("date-impossible", rng, source, change)


@mutation("time-impossible")
def _time_impossible(rng: random.Random, source: Source) -> Mutant | None:
    """An hour, minute or second that cannot be, in a hand's printed time."""
    part = rng.choice(["h", "m", "s"])

    def change(line: str) -> tuple[str, str] | None:
        found = _CLOCK.search(line)
        if found is None:
            return None
        if found["compact"]:
            at, value = found.span("compact"), "25"
        else:
            which = part if found[part] else "h"
            at, value = found.span(which), "25" if which == "h" else "61"
        return line[:at[0]] + value + line[at[1]:], f"{found.group(0)!r}: {value}"
    return _time_mutant("time-impossible", rng, source, change)


def _zone_mutant(kind: str, make: Callable[[random.Random, str], str]) -> Mutator:
    def mutate(rng: random.Random, source: Source) -> Mutant | None:
        def change(line: str) -> tuple[str, str] | None:
            found = _ZONE.search(line)
            if found is None:
                return None
            group = "zone" if found["zone"] else "zone2"
            new = make(rng, found[group])
            at = found.span(group)
            return line[:at[0]] + new + line[at[1]:], f"{found[group]!r} -> {new!r}"
        return _time_mutant(kind, rng, source, change)
    _MUTATORS[kind] = mutate
    return mutate


_zone_mutant("zone-damaged", lambda rng, zone: rng.choice(
    ["a" + zone, zone.lower(), zone[0] + zone[1:].lower(), zone + "x"]))
_zone_mutant("zone-unknown", lambda rng, zone: rng.choice(["XYZT", "QQT", "ZZZZ"]))

_CARD = r"(?:10|[2-9TJQKA])[cdhs]"
_CARD_LINE = re.compile(r"Dealt to|Dealing to|[Ss]hows?\b|showed|[Mm]ucks?\b|mucked|Pocket|"
                        r"Showdown|Card dealt|received card|Board|<cards\b|cards=\"|"
                        r"^actions = |(?:won|collected) Total \(|HI:lost with ")
"""Lines that print cards the reader reads (not chat, which may quote any text); Absolute's
summary prints a showdown's cards after ``won Total (...)`` or ``HI:lost with``."""
_IMPOSSIBLE_CARDS = ("1x", "Zz", "Ay", "0h", "11c", "Kk")
_TENS_AS_10 = ("Absolute", "Winning 2016")
"""The sites that print a ten as ``10`` (docs/formats): elsewhere ``10h`` is no card."""


_READ_BRACKETS = re.compile(r"\[[^\]\n]*\](?: \[[^\]\n]*\])*")
"""A text line's first brackets holding cards, with a deal line's new card after them: the
cards the reader reads. What follows is the site's description of the hand (Winning's best
five, ``... [Jh Jd 8h 8d Qc]``), text kept as printed."""
_BEST = re.compile(r" - [^\]]*")
"""Absolute's best-five marks inside the cards' brackets (``[Kc ... 2s - B:Ks,P:Kc]``):
description too."""


def _cards_in(source: Source) -> list[tuple[int, int, str]]:
    """(start, end, text) of each card printed on a card line, as its site writes it and
    its reader reads it: in a text line's first brackets (not a description's), in a
    ``cards="..."`` list (Merge), as a ``<cards>`` element's text, suit first (iPoker), in a
    PHH deal or show action."""
    found = []
    for start, end in _line_spans(source.text):
        line = source.text[start:end]
        if not _CARD_LINE.search(line) or " said" in line:
            continue
        if source.format == "xml":
            places = [(m.start(1), m.group(1), rf"(?<![\w]){_CARD}(?![\w])")
                      for m in re.finditer(r'\bcards="([^"]*)"', line)]
            places += [(m.start(1), m.group(1), r"(?<![\w])[SHDC](?:10|[2-9JQKA])(?![\w])")
                       for m in re.finditer(r"<cards\b[^>]*>([^<]*)</cards>", line)]
        elif source.format in ("phh", "phhs"):
            places = [(0, line, r"(?<=[ '])(?:[2-9TJQKA][cdhs])+(?=')")]
        else:
            read = next((m for m in _READ_BRACKETS.finditer(line)  # not Bovada's "[ME]"
                         if re.search(rf"(?<![\w]){_CARD}(?![\w])", m.group(0))), None)
            if read is None:
                continue
            cards = _BEST.sub(lambda m: " " * len(m.group(0)), read.group(0))
            places = [(read.start(), cards, rf"(?<![\w]){_CARD}(?![\w])")]
        for offset, part, pattern in places:
            for m in re.finditer(pattern, part):
                at = start + offset + m.start()
                found.append((at, at + len(m.group(0)), m.group(0)))
    return found


@mutation("card-impossible")
def _card_impossible(rng: random.Random, source: Source) -> Mutant | None:
    """A card that cannot exist (``1x``, ``Zz``; ``10h`` at a site that prints tens as
    ``T``; iPoker's ``Z9``) in place of a printed card."""
    cards = _cards_in(source)
    if not cards:
        return None
    start, end, old = rng.choice(cards)
    if source.format == "xml" and old[0] in "SHDC":  # iPoker's suit-first card
        new = rng.choice(["Z9", "H1", "S11", "HT", "Dx"])
    elif source.format in ("phh", "phhs"):
        i = 2 * rng.randrange(len(old) // 2)
        new = old[:i] + rng.choice(["1x", "Zz", "0h"]) + old[i + 2:]
    else:
        heads = _header_line_spans(source)
        site = header_site(source.text[heads[0][0]:heads[0][1]].strip()) if heads else None
        tens = site in _TENS_AS_10 or re.search(r"(?<![\w])10[cdhs]", source.text) is not None
        new = rng.choice([*_IMPOSSIBLE_CARDS, *([] if tens else ["10" + old[-1]])])
    text = source.text[:start] + new + source.text[end:]
    return _mutant("card-impossible", source, source.encode(text), f"{old!r} -> {new!r}",
                   flagged_line=_line_of(text, start))


_REPEATS = re.compile(rf"\[(?P<known>(?:{_CARD}|[HX?]) (?:(?:{_CARD}|[HX?]) ?)*)\] \[{_CARD}")
"""A deal line that repeats earlier cards before the new one (``Dealt to Al [7s 7c Ah]
[Jh]``: PokerStars, Full Tilt, Winamax, Winning)."""


def _repeated_cards(source: Source) -> list[tuple[int, int, str]]:
    """(start, end, card) of each card a deal line repeats from an earlier street: in
    brackets before the new card's, in an Absolute pocket of four cards or more (all but
    the new last one), in a Merge ``DRAW_DRAWN_CARDS`` list (all but the last)."""
    found = []
    heads = set(_header_line_spans(source)) if source.format == "text" else set()
    dealt: set[str] = set()  # who was dealt in this hand so far (the first deal repeats none)
    for start, end in _line_spans(source.text):
        line = source.text[start:end]
        if (start, end) in heads:
            dealt = set()
        if source.format == "xml":
            m = re.search(r'cards="([^"]*)"', line)
            if m is None or "DRAW_DRAWN_CARDS" not in line:
                continue
            parts = m.group(1).split(",")
            at = start + m.start(1)
            for part in parts[:-1]:
                if re.fullmatch(_CARD, part.strip()):
                    found.append((at, at + len(part), part))
                at += len(part) + 1
            continue
        if not line.startswith("Dealt to") and " - Pocket [" not in line:
            continue
        who = line[:line.find("[")]
        if who not in dealt:  # Full Tilt's 3rd street is "[5s 2h] [Th]": nothing repeated
            dealt.add(who)
            continue
        m = _REPEATS.search(line)
        if m is not None:
            span, text = m.span("known"), m["known"]
        else:
            pocket = re.search(r" - Pocket \[([^\]]*)\]", line)
            if pocket is None or len(pocket.group(1).split()) < 4:
                continue
            text = pocket.group(1).rsplit(" ", 1)[0]
            span = (pocket.start(1), pocket.start(1) + len(text))
        for c in re.finditer(rf"(?<![\w]){_CARD}(?![\w])", text):
            found.append((start + span[0] + c.start(), start + span[0] + c.end(), c.group(0)))
    return found


@mutation("card-changed")
def _card_changed(rng: random.Random, source: Source) -> Mutant | None:
    """A card a deal line repeats from an earlier street, changed: to the card the line
    deals now (``[Jh 7c Ah] [Jh]`` after ``[7s 7c Ah]``), to another card it repeats, or
    to a card the line does not hold."""
    repeated = _repeated_cards(source)
    if not repeated:
        return None
    start, end, old = rng.choice(repeated)
    line_start = source.text.rfind("\n", 0, start) + 1
    line_end = source.text.find("\n", end)
    line = source.text[line_start:line_end if line_end >= 0 else len(source.text)]
    held = [c for c in re.findall(rf"(?<![\w]){_CARD}(?![\w])", line) if c != old]
    ten = "10" if old.startswith("10") else "T"
    deck = [r + s for r in "23456789" + ten + "JQKA" for s in "cdhs"]
    others = [c for c in deck if not re.search(rf"(?<![\w]){c}(?![\w])", line)]
    new = rng.choice(held) if held and rng.random() < 0.5 else rng.choice(others)
    text = source.text[:start] + new + source.text[end:]
    return _mutant("card-changed", source, source.encode(text), f"{old!r} -> {new!r}",
                   flagged_line=_line_of(text, start))


def check_flagged(mutant: Mutant) -> list[str]:
    """A mutant of a :data:`FLAGGED_KINDS` kind is never stored clean: the hand holding its
    damaged line is a failure (naming that line, unless the hand failed before the damage
    too), or carries a warning naming the line, or replays with a violation at it; a hand
    of another game (hold'em in an 8-Game file) is not read, so its damage is not judged."""
    line = mutant.flagged_line
    assert line is not None
    text, _ = decode(mutant.data)
    found = stored_clean(text, str(mutant.source), line)
    if found is None or (found.startswith("the failure") and _failed_before(mutant, line)):
        return []
    if found.startswith("the hand is SkippedHand") and _skipped_before(mutant, line):
        return []
    return [f"{mutant.kind} of {mutant.source.name} line {line} ({mutant.note[:200]}): {found}"]


def stored_clean(text: str, name: str, line: int) -> str | None:
    """How the hand of ``text`` holding ``line`` went unflagged (stored clean, skipped, a
    failure naming another line), or ``None`` when its failure, a warning or a violation
    names the line."""
    from stud_hh.model.hand import ParsedHand, ParseFailure
    from stud_hh.read.parse import parse_text
    from stud_hh.replay import replay

    results = list(parse_text(text, name))
    if any(isinstance(r, ParseFailure) and r.line == line for r in results):
        return None  # (an XML session's own start date fails each hand, naming its line)
    covering = [r for r in results if r.first_line <= line <= r.last_line]
    if not covering:
        return "no hand or failure holds the line"
    result = covering[0]
    if isinstance(result, ParseFailure):
        return f"the failure names line {result.line}: {result.reason[:200]}"
    if not isinstance(result, ParsedHand):
        return f"the hand is {type(result).__name__} ({getattr(result, 'game_text', '')!r})"
    if any(f"line {line}:" in w or f"line {line} " in w for w in result.warnings):
        return None
    if any(v.line == line for v in replay(result).violations):
        return None
    return f"stored clean (hand {result.hand_id})"


def _before(mutant: Mutant, line: int) -> list[Any]:
    """The original file's results holding ``line``."""
    from stud_hh.read.parse import parse_text

    source = _loaded(mutant.source)
    return [r for r in parse_text(source.text, str(mutant.source))
            if r.first_line <= line <= r.last_line]


def _failed_before(mutant: Mutant, line: int) -> bool:
    """Whether the original file's hand holding ``line`` failed already."""
    from stud_hh.model.hand import ParseFailure

    return any(isinstance(r, ParseFailure) for r in _before(mutant, line))


def _skipped_before(mutant: Mutant, line: int) -> bool:
    """Whether the original file's hand holding ``line`` was skipped as another game."""
    from stud_hh.model.hand import SkippedHand

    return any(isinstance(r, SkippedHand) for r in _before(mutant, line))


# ---------------------------------------------------------------------------
# Impossible seating: two players in one seat, more players than the table's seats
# ---------------------------------------------------------------------------

SEATING_RULES: dict[str, str] = {"seat-shared": "seat.shared",
                                 "table-over-full": "table.over-full"}
"""Each impossible-seating kind, with the rule that must name its hand wherever the hand is
stored (:func:`check_seating`)."""

_SEAT_NUMBER = re.compile(r'(?i)(?:\bseat[ +#]?|\bseat=")(\d+)')
"""A seat's number as the seat lines print it: ``Seat 3:``, ``Seat 3 -``, ``Seat+3``,
``seat="3"``."""


@cache
def _hands(source: Source) -> tuple[Any, ...]:
    """The hands of a file the project reads (only to know which lines seat whom)."""
    from stud_hh.model.hand import ParsedHand
    from stud_hh.read.parse import parse_text

    return tuple(r for r in parse_text(source.text, str(source.path))
                 if isinstance(r, ParsedHand))


def seat_moved(text: str, hand: Any, index: int, number: int) -> str | None:
    """``text`` with the ``index``-th player seated in ``hand`` (a parsed hand of it) moved
    to seat ``number``: on his seat line (the ``k``-th seat number of a line that seats
    several, as iPoker's does) and on every other line of the hand naming him with his
    seat (a summary's ``Seat 3: Bob ...``). ``None`` when the seat line prints no number."""
    lines = [text[a:b] for a, b in _line_spans(text)]
    seat = hand.header.seats[index]
    on_line = [s for s in hand.header.seats if s.line == seat.line]
    found = list(_SEAT_NUMBER.finditer(lines[seat.line - 1]))
    if len(found) != len(on_line):
        return None
    m = found[on_line.index(seat)]
    lines[seat.line - 1] = (lines[seat.line - 1][:m.start(1)] + str(number)
                            + lines[seat.line - 1][m.end(1):])
    old = re.compile(rf'(?i)(\bseat[ +#]?|\bseat="){seat.seat}\b')
    for i in range(hand.first_line - 1, min(hand.last_line, len(lines))):
        if i != seat.line - 1 and seat.name in lines[i]:
            lines[i] = old.sub(lambda found: f"{found.group(1)}{number}", lines[i])
    return "".join(lines)


def crowded(text: str, hand: Any, players: int, numbers: Sequence[int]) -> str | None:
    """``text`` with ``hand`` (a parsed hand of it) seating ``players``: each player added
    is a copy of its last seat line (or, in XML, of the last player's element) for
    ``Extra1``, ``Extra2``, ... in the seats ``numbers`` in turn. ``None`` when the seat line
    prints no number."""
    lines = [text[a:b] for a, b in _line_spans(text)]
    last = hand.header.seats[-1]
    line = lines[last.line - 1]
    body = line.rstrip("\r\n")
    xml_name = _escape(last.name, "xml")
    element = re.search(rf'<player\b[^>]*"{re.escape(xml_name)}"[^>]*/>', body)
    model = element.group(0) if element else body
    name = xml_name if element else last.name
    found = _SEAT_NUMBER.search(model)
    if found is None:
        return None
    added = []
    for k in range(players - len(hand.header.seats)):
        number = numbers[k % len(numbers)]
        rest = model[found.end(1):]
        if f"+{last.seat}" not in last.name:  # Bovada's players are named by their seat
            rest = rest.replace(name, f"Extra{k + 1}", 1)
        added.append(model[:found.start(1)] + str(number) + rest)
    if element:
        lines[last.line - 1] = line.replace(model, model + "".join(added), 1)
    else:
        eol = line[len(body):] or ("\r\n" if "\r\n" in text else "\n")
        lines[last.line - 1] = body + eol
        lines[last.line:last.line] = [a + eol for a in added]
    return "".join(lines)


@mutation("seat-shared")
def _seat_shared(rng: random.Random, source: Source) -> Mutant | None:
    """A player of one hand moved into another's seat (his summary line with him)."""
    if source.format not in ("text", "xml"):
        return None
    hands = [h for h in _hands(source) if len({s.seat for s in h.header.seats}) > 1]
    if not hands:
        return None
    hand = rng.choice(hands)
    seats = hand.header.seats
    target = rng.choice(seats)
    index = rng.choice([k for k, s in enumerate(seats) if s.seat != target.seat])
    text = seat_moved(source.text, hand, index, target.seat)
    if text is None:
        return None
    moved = seats[index]
    return _mutant("seat-shared", source, source.encode(text),
                   f"hand {hand.hand_id}: {moved.name} moved from seat {moved.seat} into "
                   f"{target.name}'s seat {target.seat}", hand_id=hand.hand_id)


@mutation("table-over-full")
def _table_over_full(rng: random.Random, source: Source) -> Mutant | None:
    """Players added to one hand until it seats more than its table (20 at an 8-max one):
    in the seats after the last, or in the seats already taken."""
    if source.format not in ("text", "xml"):
        return None
    hands = _hands(source)
    if not hands:
        return None
    hand = rng.choice(hands)
    seats = hand.header.seats
    size = hand.header.max_seats
    players = max(20, len(seats) + 1) if size is None or size < 20 else size + 1
    taken = sorted({s.seat for s in seats})
    after = list(range(taken[-1] + 1, taken[-1] + 1 + players))
    numbers = taken if rng.random() < 0.5 else after
    text = crowded(source.text, hand, players, numbers)
    if text is None:
        return None
    return _mutant("table-over-full", source, source.encode(text),
                   f"hand {hand.hand_id}: {players} players at a "
                   f"{f'{size}-max' if size else 'table of no printed size'}, the added in "
                   f"seats {numbers[0]}..{numbers[-1]}", hand_id=hand.hand_id)


def check_seating(mutant: Mutant, work: Path) -> list[str]:
    """An impossible-seating mutant imported alone: its hand is stored named by its kind's
    rule (a violation; for a table whose size is not printed, an unverifiable note), or it
    fails with a reason; never stored clean."""
    from stud_hh.store.database import open_db

    rule = SEATING_RULES[mutant.kind]
    where = f"{mutant.kind} of {mutant.source} ({mutant.note[:300]})"
    db = work / "db"
    write_batch([mutant], work / "in")
    run = run_cli("import", work / "in", "--db", db, "--jobs", "1", "-q")
    if run.problems():
        return [f"{where}: {p}" for p in run.problems()]
    database = open_db(db)
    hand = mutant.hand_id
    stored = hand in database.arrow("hands", ["hand_id"]).column("hand_id").to_pylist()
    if not stored:
        failed = [r for r in database.arrow("failures", ["hand_id", "reason"]).to_pylist()
                  if r["hand_id"] in (hand, None) and r["reason"]]
        return [] if failed else [f"{where}: hand {hand} neither stored nor failed"]
    named = {r["rule"] for table in ("violations", "unverifiable")
             for r in database.arrow(table, ["hand_id", "rule"]).to_pylist()
             if r["hand_id"] == hand}
    if rule in named:
        return []
    return [f"{where}: hand {hand} stored clean of {rule} (it names {sorted(named)})"]


KINDS: tuple[str, ...] = tuple(_MUTATORS)
"""Every mutation kind, by name."""


def mutate(kind: str, rng: random.Random, source: Source) -> Mutant | None:
    """One mutant of ``source`` of the given kind, or ``None`` when the kind does not apply."""
    return _MUTATORS[kind](rng, source)


def corpus_files(corpus: Path) -> list[Path]:
    """Every file of the corpus (its index aside), sorted."""
    return sorted(p for p in corpus.rglob("*") if p.is_file() and p.name != "INDEX.csv")


@cache
def _loaded(path: Path) -> Source:
    return load(path)


def make_mutants(corpus: Path, count: int, seed: int, *, kinds: Sequence[str] = (),
                 long_lines: bool = False) -> list[Mutant]:
    """``count`` mutants, each of a kind and a corpus file drawn with ``seed``: kinds in
    turn (so every kind is drawn), each on a file it applies to. ``long-line`` mutants (8 MiB
    each) only when ``long_lines``."""
    rng = random.Random(seed)
    files = corpus_files(corpus)
    with_hands = [p for p in files if count_hands(p.name, _loaded(p).data)]
    chosen = [k for k in (kinds or KINDS) if long_lines or k != "long-line"]
    mutants: list[Mutant] = []
    for turn in range(count * 3):
        if len(mutants) >= count:
            break
        kind = chosen[turn % len(chosen)]
        for _ in range(12):  # files until one the kind applies to
            pool = with_hands if rng.random() < 0.95 else files
            source = _loaded(rng.choice(pool))
            made = mutate(kind, rng, source)
            if made is not None and made.data != source.data:
                mutants.append(made)
                break
    return mutants


# ---------------------------------------------------------------------------
# Running the command line in this process
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Run:
    """One in-process run of ``stud-hh``."""

    args: tuple[str, ...]
    code: int | None
    out: str
    err: str
    escaped: str | None = None
    """The traceback of an exception that escaped :func:`stud_hh.cli.main`, if one did."""

    def problems(self) -> list[str]:
        """Each promise of the run that broke: no traceback, exit code 0, 1 or 2."""
        found = []
        command = " ".join(self.args[:1])
        if self.escaped:
            found.append(f"{command}: exception escaped main(): {self.escaped}")
        if "Traceback" in self.out or "Traceback" in self.err:
            found.append(f"{command}: a traceback in the output")
        if self.code not in (0, 1, 2):
            last = self.err.strip().splitlines()[-1:] or [""]
            found.append(f"{command}: exit code {self.code}: {last[0][:300]}")
        return found


def run_cli(*args: str | os.PathLike[str]) -> Run:
    """``stud-hh ARGS`` through :func:`stud_hh.cli.main`, standard output and error caught."""
    from stud_hh import cli

    argv = tuple(str(a) for a in args)
    out, err = io.StringIO(), io.StringIO()
    escaped = None
    code: int | None
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = cli.main(list(argv))
        except SystemExit as exc:  # argparse: a mistyped option
            code = exc.code if isinstance(exc.code, int) else 2
        except BaseException:  # the promise is that nothing escapes
            code, escaped = None, traceback.format_exc()
    return Run(argv, code, out.getvalue(), err.getvalue(), escaped)


_INTERNAL = re.compile(r"internal error|unreadable hand header \(")
"""Failure reasons that are a bug of the reader's, caught (``parse.parse_raw``)."""

_NOT_STUD = re.compile(r"(?i)hold.?em|omaha|draw|badugi|courchevel|pineapple")


def another_game(game_text: str) -> bool:
    """Whether a game's name is positively not a stud game's (the only games a hand may be
    skipped for: issue 15, item 6)."""
    return (_NOT_STUD.search(game_text) is not None
            and re.search(r"(?i)stud|razz", game_text) is None)


_SKIPPED = re.compile(r"\d+ skipped as not stud \((?P<games>.*)\), \d+ failed")


def _skipped_games(summary: str) -> list[str]:
    """The game names of ``stud-hh parse``'s summary line (``Hold'em Limit 24, ...``)."""
    found = _SKIPPED.search(summary)
    if found is None:
        return []
    return [re.sub(r" \d+$", "", g) for g in found["games"].split(", ")]


_IMPORT_LINE = re.compile(r"(\d+) hands new, (\d+) already stored or repeated.*?, "
                          r"(\d+) failures.*?, (\d+) skipped as not stud")


@dataclass
class Outcome:
    """What a batch of mutants did: the broken promises, and counts per kind."""

    violations: list[str] = field(default_factory=list)
    kinds: Counter[str] = field(default_factory=Counter)
    bad_kinds: Counter[str] = field(default_factory=Counter)
    counts: Counter[str] = field(default_factory=Counter)
    flagged: Counter[tuple[str, str, str]] = field(default_factory=Counter)
    """Mutants of :data:`FLAGGED_KINDS` by (kind, how the database holds the damaged line,
    the site of the hand holding it): :func:`_judge_stored`."""

    def add(self, other: Outcome) -> None:
        self.violations += other.violations
        self.kinds.update(other.kinds)
        self.bad_kinds.update(other.bad_kinds)
        self.counts.update(other.counts)
        self.flagged.update(other.flagged)


def write_batch(mutants: Sequence[Mutant], folder: Path, first: int = 0) -> dict[str, Mutant]:
    """Write each mutant into ``folder``; their absolute paths, each with its mutant."""
    folder.mkdir(parents=True, exist_ok=True)
    written = {}
    for i, mutant in enumerate(mutants, first):
        path = folder / mutant.file_name(i)
        path.write_bytes(mutant.data)
        written[str(path.resolve())] = mutant
    return written


def batches(mutants: Sequence[Mutant]) -> list[list[Mutant]]:
    """The mutants in batches that hold at most one mutant of each corpus file (so that one
    import's hands of a file are never another mutant's copies)."""
    out: list[list[Mutant]] = []
    for mutant in mutants:
        for batch in out:
            if all(m.source != mutant.source for m in batch):
                batch.append(mutant)
                break
        else:
            out.append([mutant])
    return out


def check_batch(mutants: Sequence[Mutant], work: Path, first: int = 0) -> Outcome:
    """Run a batch of mutants (at most one per corpus file) through parse, audit, import and
    a re-import; every broken promise, each naming the mutant where it can."""
    outcome = Outcome()
    folder = work / "in"
    written = write_batch(mutants, folder, first)
    outcome.kinds.update(m.kind for m in mutants)
    runs = [run_cli("parse", folder, "-q"), run_cli("audit", folder)]
    db = work / "db"
    imported = run_cli("import", folder, "--db", db, "--jobs", "1", "-q")
    runs.append(imported)
    problems = [p for r in runs for p in r.problems()]
    problems += [f"parse: a hand skipped as not stud for the game {game!r}"
                 for game in _skipped_games(runs[0].out) if not another_game(game)]
    if not problems:
        problems += _accounting(written, db, imported, outcome)
        for path in written:  # changed since: read again, not passed over as unchanged
            os.utime(path, ns=(os.stat(path).st_atime_ns, os.stat(path).st_mtime_ns + 10**9))
        again = run_cli("import", folder, "--db", db, "--jobs", "1", "-q")
        problems += again.problems()
        found = _IMPORT_LINE.search(again.out)
        if found is None:
            problems.append(f"re-import: no summary line in {again.out!r}")
        elif int(found.group(1)) or int(found.group(3)):
            problems.append(f"re-import added {found.group(1)} hands and {found.group(3)} "
                            f"failures: {found.group(0)}")
    if problems and len(mutants) > 1:  # find the mutants that break it, one by one
        for i, mutant in enumerate(mutants):
            alone = check_batch([mutant], work / f"m{first + i}", first + i)
            outcome.violations += alone.violations
            outcome.bad_kinds.update(alone.bad_kinds)
        if not outcome.violations:
            outcome.violations += [f"batch of {len(mutants)} only: {p}" for p in problems]
        return outcome
    if problems:
        (mutant,) = mutants
        outcome.bad_kinds[mutant.kind] += 1
        shown = problems[:3] + ([f"... and {len(problems) - 3} more"] if len(problems) > 3
                                else [])
        outcome.violations += [f"{mutant.kind} of {mutant.source} ({mutant.note[:300]}): {p}"
                               for p in shown]
    elif any(m.flagged_line is not None for m in mutants):
        _judge_stored(written, db, outcome)
    return outcome


def _accounting(written: dict[str, Mutant], db: Path, imported: Run,
                outcome: Outcome) -> list[str]:
    """Hands stored + failures + skipped = the hands in the input, file by file."""
    from stud_hh.store.database import open_db

    problems = []
    found = _IMPORT_LINE.search(imported.out)
    if found is None:
        return [f"import: no summary line in {imported.out!r}"]
    duplicates = int(found.group(2))
    database = open_db(db)
    hands = Counter(database.arrow("hands", ["file"]).column("file").to_pylist())
    failures = database.arrow("failures", ["file", "raw_text", "reason", "line", "site"]
                              ).to_pylist()
    files = {r["file"]: r for r in database.arrow("files", ["file", "skipped"]).to_pylist()}
    failed: Counter[str] = Counter()
    for row in failures:
        name = Path(row["file"]).name
        held = count_text(name, row["raw_text"] or "")
        if held > 1:
            problems.append(f"{name}: a failure holds {held} hands (line {row['line']}: "
                            f"{row['reason'][:200]})")
        failed[row["file"]] += min(held, 1)
        of_file = written.get(row["file"])  # the file's format, not its failure's fragment
        text_file = of_file is not None and file_format(name, decode(of_file.data)[0]) == "text"
        if held == 0 and row["site"] is not None and text_file:
            first = (row["raw_text"] or "").partition("\n")[0]
            problems.append(f"{name}: line {row['line']}: a hand started at a line that is no "
                            f"header: {first[:200]!r} ({row['reason'][:200]})")
        if _INTERNAL.search(row["reason"] or ""):
            problems.append(f"{name}: line {row['line']}: a bug caught as a failure: "
                            f"{row['reason'][:300]}")
    total_expected = total_got = 0
    per_file = []
    for path, mutant in written.items():
        expected = count_hands(path, mutant.data)
        skipped = files[path]["skipped"] if path in files else 0
        got = hands[path] + failed[path] + skipped
        outcome.counts["hands in the input"] += expected
        outcome.counts["stored"] += hands[path]
        outcome.counts["failures"] += failed[path]
        outcome.counts["skipped"] += skipped
        total_expected += expected
        total_got += got
        if got != expected:
            per_file.append(f"{Path(path).name}: {expected} hands by header, {hands[path]} "
                            f"stored + {failed[path]} failures + {skipped} skipped")
    if total_got + duplicates != total_expected or (per_file and not duplicates):
        problems += per_file or [f"{total_expected} hands by header, {total_got} stored, "
                                 f"failed or skipped, {duplicates} repeated"]
    return problems


FLAGS = ("failure", "warning", "violation")
"""How a damaged line is flagged in the database: a failure naming it, a warning on the
stored hand naming it, a violation of the stored hand at it."""
EXEMPT = ("failed before", "another game")
"""Flagged mutants not judged: the hand failed before the damage too (at another line), or
is of another game, skipped before and after."""


def _judge_stored(written: dict[str, Mutant], db: Path, outcome: Outcome) -> None:
    """Each flagged mutant of the batch, judged by what the import stored (its promise:
    never stored clean): the failure holding its damaged line names that line, or the hand
    stored from it carries a warning or a violation at the line. Counted in
    ``outcome.flagged``; a mutant stored clean (or not stored, or failed at another line,
    the original's hand having read) is a broken promise."""
    from stud_hh.store.database import open_db

    database = open_db(db)
    failures = database.arrow("failures", ["file", "line", "first_line", "last_line", "reason",
                                           "site"]).to_pylist()
    hands = database.arrow("hands", ["file", "site", "hand_id", "first_line", "last_line",
                                     "warnings"]).to_pylist()
    at_lines = {(r["site"], r["hand_id"], r["line"])
                for r in database.arrow("violations", ["site", "hand_id", "line"]).to_pylist()}
    for path, mutant in written.items():
        line = mutant.flagged_line
        if line is None:
            continue
        failed = [r for r in failures if r["file"] == path and (  # an XML session's own
            r["line"] == line or r["first_line"] <= line <= r["last_line"])]  # date: in none
        stored = [r for r in hands
                  if r["file"] == path and r["first_line"] <= line <= r["last_line"]]
        how, site, problem = _stored_how(mutant, line, failed, stored, at_lines)
        outcome.flagged[(mutant.kind, how, site)] += 1
        if problem is not None:
            outcome.bad_kinds[mutant.kind] += 1
            outcome.violations.append(f"{mutant.kind} of {mutant.source} line {line} "
                                      f"({mutant.note[:200]}): {problem}")


def _stored_how(mutant: Mutant, line: int, failed: list[dict[str, Any]],
                stored: list[dict[str, Any]], at_lines: set[tuple[str, str, int]]
                ) -> tuple[str, str, str | None]:
    """How the database holds a flagged mutant's damaged ``line``: one of :data:`FLAGS` or
    :data:`EXEMPT`, or ``"stored clean"`` (or another unflagged way) with the problem; and
    the site of the hand holding it."""
    for row in failed:
        if row["line"] == line:
            return "failure", row["site"] or "?", None
    for row in stored:
        site = row["site"]
        if any(f"line {line}:" in w or f"line {line} " in w for w in row["warnings"] or ()):
            return "warning", site, None
        if (site, row["hand_id"], line) in at_lines:
            return "violation", site, None
        return "stored clean", site, f"stored clean (hand {row['hand_id']})"
    if failed:
        row = failed[0]
        if _failed_before(mutant, line):
            return "failed before", row["site"] or "?", None
        return "failure elsewhere", row["site"] or "?", (
            f"the failure names line {row['line']}: {row['reason'][:200]}")
    if _skipped_before(mutant, line):
        return "another game", "?", None
    return "not stored", "?", "no hand or failure in the database holds the line"


def flagged_table(outcome: Outcome) -> str:
    """Flagged mutants per kind: how the database holds the damaged line, the mutants stored
    clean (broken) and the sites the kind was drawn at."""
    kinds = sorted({k for k, _, _ in outcome.flagged})
    heads = ["mutants", *FLAGS, *EXEMPT, "broken", "sites"]
    width = max((len(k) for k in kinds), default=4)
    rows = [f"{'kind':<{width}}  " + "  ".join(heads)]
    for kind in kinds:
        mine = {(how, site): n for (k, how, site), n in outcome.flagged.items() if k == kind}
        by_how: Counter[str] = Counter()
        for (how, _), n in mine.items():
            by_how[how] += n
        broken = sum(n for how, n in by_how.items() if how not in FLAGS + EXEMPT)
        sites = {site for how, site in mine if site != "?"}
        cells = [sum(by_how.values()), *(by_how[h] for h in FLAGS + EXEMPT), broken,
                 len(sites)]
        rows.append(f"{kind:<{width}}  " + "  ".join(f"{c:>{len(h)}}"
                                                      for c, h in zip(cells, heads, strict=True)))
    return "\n".join(rows)


# ---------------------------------------------------------------------------
# Odd names: the same hand, or a named failure, never several
# ---------------------------------------------------------------------------


def _map_names(value: Any, new: str, old: str, loose: bool = False) -> Any:
    """``value`` with the odd name ``new`` (which the original text never holds) back to
    ``old``, in every string of it (names, chat and summary texts). A name with spaces at
    its ends may lose them where no seat line tells them (a line's first or last word: the
    reader drops spaces there), so, with ``loose`` (for the chat and table traffic of
    players not seated), such a name without them maps back too: a seated player's name
    must read as his seat line's everywhere."""
    if isinstance(value, str):
        if new in value:
            return value.replace(new, old)
        bare = new.strip(_SPACES) if loose else new
        if bare != new and value == bare:
            return old
        if bare != new and new[:1] in _SPACES and value.startswith(bare + " "):
            return old + value[len(bare):]
        if bare != new and new[-1:] in _SPACES and value.endswith(" " + bare):
            return value[:-len(bare)] + old
        return value
    if isinstance(value, tuple):
        return tuple(_map_names(v, new, old, loose) for v in value)
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        loose = loose or type(value).__name__ in ("Chat", "TableEvent", "Announcement")
        changes = {f.name: _map_names(getattr(value, f.name), new, old, loose)
                   for f in dataclasses.fields(value)}
        return dataclasses.replace(value, **changes)
    return value


def check_names(mutant: Mutant) -> list[str]:
    """An odd-name mutant's hands read as the original's with the name mapped back, or fail
    with a named reason; there are as many of them as in the original."""
    from stud_hh.model.hand import ParsedHand, ParseFailure, SkippedHand
    from stud_hh.read.parse import parse_text

    assert mutant.renamed is not None
    old, new = mutant.renamed
    source = _loaded(mutant.source)
    name = str(mutant.source)
    before = [r for r in parse_text(source.text, name)
              if not (isinstance(r, ParseFailure) and r.hand_id is None and r.site is None)]
    text, _ = decode(mutant.data)
    after = [r for r in parse_text(text, name)
             if not (isinstance(r, ParseFailure) and r.hand_id is None and r.site is None)]
    where = f"{mutant.kind} of {mutant.source.name} ({old!r} -> {new!r})"
    if len(before) != len(after):
        return [f"{where}: {len(before)} hands became {len(after)}: "
                + "; ".join(str(r.error)[:200] for r in after if isinstance(r, ParseFailure))]
    problems = []
    for b, a in zip(before, after, strict=True):
        if isinstance(a, ParseFailure):
            if not a.reason:
                problems.append(f"{where}: a failure without a reason")
            elif _INTERNAL.search(a.reason):
                problems.append(f"{where}: a bug caught as a failure: {a.reason[:300]}")
            continue
        if isinstance(b, ParseFailure):
            continue
        if type(a) is not type(b):
            problems.append(f"{where}: hand {b.hand_id} was {type(b).__name__}, is "
                            f"{type(a).__name__}")
            continue
        if isinstance(b, SkippedHand):
            continue
        assert isinstance(a, ParsedHand)
        assert isinstance(b, ParsedHand)
        header = _map_names(a.header, new, old)
        events = _map_names(a.events, new, old)
        if header != b.header:
            diff = [f.name for f in dataclasses.fields(header)
                    if getattr(header, f.name) != getattr(b.header, f.name)]
            problems.append(f"{where}: hand {b.hand_id} header differs in {diff}")
        elif events != b.events:
            wrong = next(((x, y) for x, y in zip(b.events, events, strict=False) if x != y),
                         (len(b.events), len(events)))
            problems.append(f"{where}: hand {b.hand_id} events differ: {wrong}"[:600])
    return problems


def kinds_table(outcome: Outcome) -> str:
    """Mutants and broken ones per kind, a line each."""
    width = max((len(k) for k in outcome.kinds), default=4)
    rows = [f"{'kind':<{width}}  mutants  broken"]
    for kind in sorted(outcome.kinds):
        rows.append(f"{kind:<{width}}  {outcome.kinds[kind]:>7}  {outcome.bad_kinds[kind]:>6}")
    return "\n".join(rows)


def describe(mutants: Iterable[Mutant]) -> Counter[str]:
    """Mutants per kind."""
    return Counter(m.kind for m in mutants)
