"""Why a hand's text does not read, in words: a Lark error turned into a
:class:`~stud_hh.model.errors.HandParseError` that names the file line and says what is
wrong with it, in the words of the site whose hand it is.

A site's grammar (``grammar/<site>.lark``) gives the words: what each part of a hand is
called (:data:`_ROLES`) and, where the grammar writes it out, the very text the site
prints for it (:func:`wording`); whether an action's verb is one the site writes at all.

>>> from stud_hh.read.sites import PARTYPOKER, POKERSTARS
>>> wording(PARTYPOKER.grammar).describe("STREET4")
"'** Dealing Fourth street **'"
>>> wording(POKERSTARS.grammar).describe("STREET4"), wording(POKERSTARS.grammar).describe("X_Y")
('the 4th street', 'x y')
>>> explain_line("Bob: dances", {"STREET4"}, wording(POKERSTARS.grammar))
"unknown action 'dances'"
>>> explain_line("Seat 3: al folded", {"SUMMARY"}, wording(POKERSTARS.grammar))
'unrecognised line (expected the summary)'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from lark.exceptions import UnexpectedEOF, UnexpectedInput, UnexpectedToken

from stud_hh.model.errors import HandParseError
from stud_hh.read.grammars import SHARED_GRAMMAR, grammar_text
from stud_hh.read.reader import RawHand

_ROLES = {
    "HEADER": "a hand header", "OPENING": "a hand's opening line", "GAME": "the game line",
    "TABLE": "the table line", "BUTTON": "the button line", "USER": "the user line",
    "PLAYERS": "the line of the number of players", "DATE": "the date line",
    "TOURNEY": "the tournament line", "SEATS": "a seat line", "SEAT": "a seat line",
    "PRE": "an ante line", "ANTE": "an ante line", "ANTES": "the antes",
    "STREET3": "the 3rd street", "STREET4": "the 4th street", "STREET5": "the 5th street",
    "STREET6": "the 6th street", "RIVER": "the 7th street", "STREET": "a street",
    "LINES": "a line of the street", "DEAL": "a dealt line", "SHOWDOWN": "the showdown",
    "SUMMARY": "the summary", "TOTAL_POT": "the total pot line", "POT": "the pot line",
    "POTS": "the pot line", "RAKE": "the rake line", "BOARD": "the board line",
    "SEAT_SUMMARIES": "a summary seat line", "SEAT_SUMMARY": "a summary seat line",
    "CANCELLED": "the line calling the hand off", "TAIL": "the next hand's first lines",
    "$END": "the end of the hand",
}
"""What each terminal of the sites' grammars is, in any site's words."""

_MISSING = ("SUMMARY", "TOTAL_POT", "TABLE", "SEATS", "SEAT", "STREET3", "STREET")
"""The parts a truncated hand is said to lack, the first the parser expects."""

_TERMINAL = re.compile(r"^([A-Z][A-Z0-9_]*)(?:\.-?\d+)?\s*:\s*(.*)$", re.M)
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')
_REGEX = re.compile(r"/((?:[^/\\\n]|\\.)+)/")
_WORD = re.compile(r"[a-z][a-z'\-]*")
_SEAT_LINE = re.compile(r"[Ss]eat ?\d+:")
"""A seat line (``Seat 3: Al ...``), whose number is no player's name."""
_ACTION_LINE = re.compile(r"(?P<name>.+?): (?P<verb>[a-z'\-]+(?: [a-z'\-]+)?)(?P<rest>.*)$")
_AMOUNT_VERBS = frozenset({"bets", "calls", "raises", "brings", "completes", "bring-ins"})
_ANTE_VERBS = frozenset({"posts", "antes"})


@dataclass(frozen=True, slots=True)
class Wording:
    """A site's words for the parts of a hand, from its grammar."""

    printed: dict[str, str]
    """The text the site prints for a terminal, where its grammar writes it out."""
    words: frozenset[str]
    """Every word the grammar's line shapes hold, lower case: the verbs the site writes."""

    def describe(self, terminal: str) -> str:
        """The text the site prints for ``terminal`` (quoted), else what the part is."""
        printed = self.printed.get(terminal)
        if printed:
            return repr(printed)
        return _ROLES.get(terminal, terminal.lower().replace("_", " "))

    def part(self, terminal: str) -> str:
        """What the part is, and the text the site prints for it when that is known."""
        role = _ROLES.get(terminal, terminal.lower().replace("_", " "))
        printed = self.printed.get(terminal)
        return f"{role} ({printed!r})" if printed else role


@cache
def wording(grammar: str) -> Wording:
    """The words of the site whose grammar file is ``grammar`` (built once per grammar)."""
    text = _without_comments(grammar_text(grammar))
    printed = {}
    for name, body in _TERMINAL.findall(text):
        shown = _printed(body)
        if shown:
            printed[name] = shown
    shapes = "\n".join(_STRING.findall(text) + _REGEX.findall(text))
    shared = _without_comments(grammar_text(SHARED_GRAMMAR))
    words = _WORD.findall(shapes.lower()) + _WORD.findall(shared.lower())
    return Wording(printed, frozenset(words))


def _without_comments(text: str) -> str:
    return "\n".join(line.split("//", 1)[0] for line in text.split("\n"))


def _printed(body: str) -> str | None:
    """The one line a terminal's definition stands for, when it opens with that line
    written out: a string, or a regular expression of fixed text (no alternatives).

    >>> _printed(r'"*** RIVER ***\\n"'), _printed(r"/\\*\\*\\* SHOW DOWN \\*\\*\\*\\n/ _LINE*")
    ('*** RIVER ***', '*** SHOW DOWN ***')
    >>> _printed(r"/\\*\\*\\* (?:3rd STREET|THIRD) \\*\\*\\*\\n/")  # which one is printed?
    >>> _printed(r'"Board " _CARDS "\\n"')  # the text of a piece of the line only
    """
    body = body.strip()
    string = _STRING.match(body)
    found = string or _REGEX.match(body)
    if found is None or not found.group(1).endswith("\\n"):
        return None
    line = found.group(1)[:-2]
    if string is None:
        if re.search(r"(?<!\\)[\[\](){}|?*+.^$]|\\[dDsSwWbBAZ]", line):
            return None
        line = re.sub(r"\\(.)", r"\1", line)
    return line.strip() or None


def explain_line(line: str, expected: Iterable[str], site: Wording) -> str:
    """A readable reason why ``line`` is not acceptable where it stands."""
    action = None if _SEAT_LINE.match(line) else _ACTION_LINE.match(line)
    if action:
        verb = action.group("verb")
        first = verb.split()[0]
        if first not in site.words:
            return f"unknown action {first!r}"
        if first in _AMOUNT_VERBS:
            rest = action.group("rest").strip()
            if not rest or not any(ch.isdigit() for ch in rest):
                return f"missing amount after {verb!r}"
            return f"unreadable amount in {verb!r} line"
        if first in _ANTE_VERBS:
            return "unreadable ante line"
    if line.startswith("Dealt to ") and "[" not in line:
        return "dealt line without cards"
    if line.startswith("**"):
        return f"street header {line.strip()!r} is out of order or unknown"
    wanted = sorted(site.describe(e) for e in expected)
    hint = f" (expected {', '.join(wanted[:6])}{', ...' if len(wanted) > 6 else ''})"
    return "unrecognised line" + (hint if wanted else "")


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


def _missing_part(expected: set[str], site: Wording) -> str:
    """Name the part of a hand that a truncated text lacks."""
    for terminal in _MISSING:
        if terminal in expected:
            return site.part(terminal)
    return "the rest of the hand"


def lark_failure(exc: UnexpectedInput, raw: RawHand, hand_id: str | None,
                 grammar: str) -> HandParseError:
    """Lark's error ``exc`` on ``raw`` (a hand of the site whose grammar file is
    ``grammar``) as our error, pointing at the file line."""
    site = wording(grammar)
    expected = _expected(exc)
    token_type = getattr(getattr(exc, "token", None), "type", None)
    if isinstance(exc, UnexpectedEOF) or token_type == "$END":
        last = raw.line_numbers[-1] if raw.line_numbers else raw.first_line
        reason = (f"truncated hand: the text ends after line {last} without "
                  f"{_missing_part(expected, site)}")
        return HandParseError(reason, path=raw.path, line=last, hand_id=hand_id,
                              text=raw.line_text(len(raw.line_numbers)))
    chunk_line = exc.line if isinstance(exc.line, int) and exc.line > 0 else 1
    column = exc.column if isinstance(exc.column, int) and exc.column > 0 else 1
    line_text = raw.line_text(chunk_line)
    reason = explain_line(line_text, expected, site)
    if isinstance(exc, UnexpectedToken) and token_type is not None:
        reason = f"{site.describe(str(token_type))} is out of place: " + reason.replace(
            "unrecognised line", "not allowed here")
    return HandParseError(reason, path=raw.path, line=raw.file_line(chunk_line),
                          column=column, hand_id=hand_id, text=line_text)
