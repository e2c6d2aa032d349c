"""PokerStars' line shapes, each written once: the grammar's terminals and the reader's
regular expressions are both made from :data:`LINES`.

A line of a street, the showdown or the antes has one of the shapes below. The grammar
(``grammar/pokerstars.lark``) checks every line against them in the lexer; the transformer
(:mod:`stud_hh.read.sites.pokerstars`) then classifies each line again, with Python
regular expressions whose named groups take it apart. Both come from one table: each
shape is a sequence of pieces (a text, a regular expression, a terminal, a field, an
optional part), which :func:`lark_terminals` writes in Lark's words (the part of the
grammar file between the ``generated`` markers, rewritten by ``make shapes``;
``tests/read/test_grammar.py`` fails while the file differs) and :data:`SHAPES` and
:data:`REST` in Python's.

>>> SHAPES["CALL"].fullmatch("Mr: Fox: calls $2 and is all-in").group("name", "amount", "all_in")
('Mr: Fox', '$2', ' and is all-in')
>>> REST["raises"][0], REST["raises"][1].fullmatch("raises 2 to 4")["to"]
('RAISE', '4')
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece of a line, as the grammar writes it and as a Python regex (whose named
    groups are the fields the transformer reads)."""

    lark: str
    regex: str
    words: str = ""
    """The words of a piece printed as they are (:func:`text`), else nothing."""


def text(words: str) -> Piece:
    """Words printed as they are."""
    return Piece('"' + words.replace("\\", "\\\\").replace('"', '\\"') + '"', re.escape(words),
                 words)


def pattern(regex: str) -> Piece:
    """A regular expression (no group of its own: see :func:`field`). One with alternatives
    is grouped: Lark and Python both write the pieces of a line one after another, and an
    alternative's ``|`` must not reach beyond its piece."""
    if "|" in regex:
        regex = f"(?:{regex})"
    return Piece(f"/{regex}/", regex)


def field(name: str, piece: Piece) -> Piece:
    """``piece``, read by the transformer as the group ``name``."""
    return Piece(piece.lark, f"(?P<{name}>{piece.regex})")


def optional(*pieces: Piece) -> Piece:
    """``pieces`` in a row, or nothing."""
    return Piece(f"({' '.join(p.lark for p in pieces)})?",
                 f"(?:{''.join(p.regex for p in pieces)})?")


def either(*words: str) -> Piece:
    """One of several texts."""
    return Piece(f"({' | '.join(text(w).lark for w in words)})",
                 f"(?:{'|'.join(re.escape(w) for w in words)})")


# -- the pieces several shapes use -----------------------------------------------------
# The grammar takes _NAME, _CARDS, _HAND and _ALL_IN from grammar/common.lark (this is how
# they read there; tests/read/test_grammar.py checks the two spellings agree), and writes
# _AMOUNT, this site's, from AMOUNT.
NAME = Piece("_NAME", r"[^\n]+")
CARDS = Piece("_CARDS", r"\[[^\[\]\n]*\]")
HAND = Piece("_HAND", r" \((?P<description>[^\n]*)\)")
ALL_IN = Piece("_ALL_IN", " and is all-in")
AMOUNT_REGEX = r"(?:[$€£¥₹]|Rs\. ?)?\d[\d.,]*"
"""An amount: digits with an optional currency sign (the rupee's ``Rs.`` and ``₹``, the
yuan's ``¥`` too)."""
AMOUNT = Piece("_AMOUNT", AMOUNT_REGEX)
COMMON = {"_NAME": NAME, "_CARDS": CARDS, "_HAND": HAND, "_ALL_IN": ALL_IN}
"""The pieces of ``grammar/common.lark`` the shapes use, by their name there."""

ANNOUNCEMENTS = {
    "Betting is capped": "capped",
    "Pair on board - a double bet is allowed": "pair_on_board",
    "No low hand qualified": "no_low",
}
"""The dealer's messages, and the :class:`~stud_hh.model.events.Announcement` kind of each."""


@dataclass(frozen=True, slots=True)
class Shape:
    """A line shape: ``kind`` (the transformer's name for it) and its pieces. An action
    (``acts``) is a player's name, ``": "`` and then its pieces, the first word of which
    (its verb) names it."""

    kind: str
    pieces: tuple[Piece, ...]
    acts: bool = False

    @property
    def verb(self) -> str:
        """The first word after the name, for an action."""
        return self.pieces[0].words.split(" ")[0]


def _action(kind: str, *pieces: Piece) -> Shape:
    return Shape(kind, pieces, acts=True)


_ALL_IN = optional(field("all_in", ALL_IN))
_AMOUNT = field("amount", AMOUNT)
_SHOWN = optional(text(" "), field("cards", CARDS))

LINES: tuple[Shape, ...] = (
    Shape("DEAL", (text("Dealt to "), field("name", NAME), text(" "), field("cards", CARDS))),
    Shape("UNCALLED", (text("Uncalled bet ("), field("amount", pattern(r"[^)\n]+")),
                       text(") returned to "), field("name", NAME))),
    Shape("ANNOUNCE", (either(*ANNOUNCEMENTS),)),
    _action("ANTE", text("posts "), optional(text("the ")), text("ante "), _AMOUNT, _ALL_IN),
    _action("BRING_IN", text("brings in for "), _AMOUNT, _ALL_IN),
    _action("BET", text("bets "), _AMOUNT, _ALL_IN),
    _action("RAISE", text("raises "), field("by", AMOUNT), text(" to "), field("to", AMOUNT),
            _ALL_IN),
    _action("CALL", text("calls "), _AMOUNT, _ALL_IN),
    _action("CHECK", text("checks")),
    _action("FOLD", text("folds"), _SHOWN),
    _action("SHOW", text("shows "), field("cards", CARDS), optional(HAND)),
    _action("MUCK", text("mucks hand"), _SHOWN),
    _action("NO_SHOW", text("doesn't show hand")),
    Shape("COLLECT", (field("name", NAME), text(" collected "), _AMOUNT, text(" from "),
                      optional(field("pot", pattern("main|side")), text(" ")), text("pot"),
                      optional(text("-"), field("index", pattern(r"\d+"))))),
)
"""Every shape of a line inside a section, in the order the grammar tries them (the first
that matches wins)."""

_BY_KIND = {shape.kind: shape for shape in LINES}
PRE_ORDER: tuple[str, ...] = ("ANTE",)
"""The shapes of the lines before the deal (the grammar's ``PRE``)."""
LINE_ORDER: tuple[str, ...] = tuple(s.kind for s in LINES if s.kind not in PRE_ORDER)
"""The shapes of a street's and the showdown's lines (the grammar's ``_LINE``), in order."""
ACTIONS: tuple[str, ...] = tuple(s.kind for s in LINES if s.acts and s.kind not in PRE_ORDER)
"""The actions of a street (the grammar's ``_ACTION``)."""


def _regex(shape: Shape) -> str:
    body = "".join(p.regex for p in shape.pieces)
    return f"(?P<name>{NAME.regex}): {body}" if shape.acts else body


SHAPES: dict[str, re.Pattern[str]] = {s.kind: re.compile(_regex(s)) for s in LINES}
"""Each shape as a whole line (without its line end), with named fields."""

PREFIXES: dict[str, str] = {s.kind: s.pieces[0].words for s in LINES
                           if not s.acts and s.pieces[0].words}
"""The words a line of a shape other than an action starts with, where it starts with words
(``Dealt to ``, ``Uncalled bet (``): a cheap test before the shape's regex."""

REST: dict[str, tuple[str, re.Pattern[str]]] = {
    s.verb: (s.kind, re.compile("".join(p.regex for p in s.pieces))) for s in LINES if s.acts}
"""Each action by its verb: its kind, and its shape after the name's ``": "``. The text after
the last ``": "`` of an action line holds no ``": "``, so the verb settles the shape."""


# -- the grammar -----------------------------------------------------------------------
def _terminal(shape: Shape) -> str:
    return "_" + shape.kind


def lark_terminals() -> str:
    """The grammar's line shapes: what stands between the ``generated`` markers of
    ``grammar/pokerstars.lark``."""
    def lark(pieces: tuple[Piece, ...]) -> str:
        return " ".join(p.lark for p in pieces)

    ante = _BY_KIND["ANTE"]
    actions = [_BY_KIND[kind] for kind in ACTIONS]
    line = []
    for kind in LINE_ORDER:  # the actions, contiguous in the order, as one alternative
        name = "_ACTION" if kind in ACTIONS else _terminal(_BY_KIND[kind])
        if name not in line:
            line.append(name)
    rows = [
        f"_AMOUNT: /{AMOUNT_REGEX}/",
        f"_LINE: {' | '.join(line)}",
        *(f"{_terminal(s)}: {lark(s.pieces)} \"\\n\"" for s in LINES
          if not s.acts),
        f'{_terminal(ante)}: _NAME ": " {lark(ante.pieces)} "\\n"',
        f'_ACTION: _NAME ": " ({" | ".join(_terminal(s) for s in actions)}) "\\n"',
        *(f"{_terminal(s)}: {lark(s.pieces)}" for s in actions),
    ]
    return "\n".join(rows) + "\n"


BEGIN = "// ---- generated: the shape of each line"
END = "// ---- end of the generated part"


def grammar_with_terminals(grammar: str) -> str:
    """``grammar`` with the part between its markers written anew by :func:`lark_terminals`."""
    start = grammar.index(BEGIN)
    start = grammar.index("\n", grammar.index("\n", start) + 1) + 1  # after the marker lines
    end = grammar.index(END)
    return grammar[:start] + lark_terminals() + grammar[end:]


def main() -> None:
    """Rewrite the generated part of ``grammar/pokerstars.lark`` in the source tree."""
    path = Path(__file__).resolve().parents[3] / "grammar" / "pokerstars.lark"
    old = path.read_text(encoding="utf-8")
    new = grammar_with_terminals(old)
    if new != old:
        path.write_text(new, encoding="utf-8")
    print(f"{path}: {'rewritten' if new != old else 'unchanged'}", file=sys.stderr)
