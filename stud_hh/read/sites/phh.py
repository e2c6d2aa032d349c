"""PHH, the open Poker Hand History format (TOML): its stud-family hands as events.

A ``.phh`` file holds one hand as TOML keys; a ``.phhs`` file holds several, one
TOML table each (``[1]``, ``[2]``, ... as pokerkit's ``HandHistory.dump_all``
writes them). Variants read: ``F7S`` (stud), ``F7S/8`` (stud hi/lo) and ``FR``
(razz); a hand of any other variant (hold'em, Omaha, draw) is a skipped hand.
See https://phh.readthedocs.io for the format.

How a PHH hand becomes the shared events
----------------------------------------
* **Site and id.** Every hand's site is ``PHH`` (its rules are the ``casino``
  profile: PHH hands are mostly live cardroom hands and the format names no
  house rules). The hand id is the ``hand`` field when the file has one, else
  the file name without its suffix, with ``#`` and the table's name for a hand of
  a ``.phhs`` file (``session#3``).
* **Players and seats.** PHH lists players from the dealer's left, clockwise:
  that order is our seat order. Names come from ``players`` (``p1``, ``p2``...
  where absent or empty); seat numbers from ``seats`` when they rise in player
  order or name a seat twice (the audit then names the shared seat), else 1, 2, ... .
* **Money.** PHH amounts are numbers in chips (or in the ``currency``). They are
  kept as integers: whole numbers as they are (``scale`` 1), amounts with
  decimals multiplied by a power of ten (``scale`` 100 for cents). A file written
  by :mod:`stud_hh.export.phh` says its own unit in ``_scale``.
* **Actions.** Each action string is one event at the file line of that string.
  Antes (PHH posts them implicitly) are ``PostAnte`` events at the ``antes``
  line; a street starts at its first ``d dh`` (or the ``d db`` common card of 7th
  street); ``d dh`` is a ``Deal`` with pokerkit's stud layout (3rd street: two
  down cards then the door card; 4th to 6th up; 7th down), ``????`` cards unknown;
  ``pb`` a ``BringIn``; ``cbr X`` (to ``X``) a ``Complete`` on 3rd street before
  any completion, a ``Bet`` on an unopened later street, else a ``Raise``; ``cc``
  a ``Check`` or ``Call``; ``f`` a ``Fold``; ``sm cards`` a ``Show`` (``sm -``:
  the cards dealt) and ``sm`` alone a ``Muck``. The showdown starts at the first
  show after the last deal or bet (earlier shows are all-in players' cards).
  Commentaries (``# ...``) and no-ops are not events.
* **What PHH leaves implicit.** A bet nobody called is returned
  (``UncalledReturned``, after the last action of the last round with money), as
  pokerkit returns it. PHH prints no collections, so the pots are awarded as
  follows, and the choice is written in the hand's warnings:

  - with ``winnings`` (or else ``finishing_stacks``) in the file, what each player
    collected comes from the data (``winnings``, or finishing stack - starting
    stack + what they put in - their uncalled bet), at that field's line, and
    a ``PotSummary`` gives the pot with the rake the data implies. When those
    amounts are the rules' award of the shown cards (less the rake), each is
    labelled with its main or side pot; when they are not, they are kept as the
    data says, so the replayer's ``pot.wrong-winner`` / ``pot.wrong-split`` /
    ``pot.not-balanced`` checks judge the data;
  - without them (the 36 WSOP corpus hands), each pot is awarded by the rules
    from the shown cards (the replayer's pots and winners under ``casino``; odd
    chips to the high half, then to the highest card by suit) at the line of the
    last action, with no ``PotSummary``: the replayer then checks nothing against
    itself it could not know (``pot.not-balanced`` and ``pot.uncalled-wrong`` are
    unverifiable) and the winner check holds by construction. pokerkit's replay
    of the same file is the independent check (``tests/read/sites/test_phh.py``). A hand
    whose winner cannot be told this way (actions that stop before the end,
    hidden cards at the showdown) is a failure.
"""

from __future__ import annotations

import itertools
import re
import tomllib
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from datetime import time as clock
from decimal import Decimal, InvalidOperation
from pathlib import PurePath
from typing import Any
from zoneinfo import ZoneInfo

from stud_hh.model.cards import RANKS, SUITS, MaybeCard
from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    Fold,
    Game,
    HandEvent,
    HandHeader,
    Limit,
    Muck,
    PostAnte,
    PotKind,
    PotSummary,
    Raise,
    Seat,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    UncalledReturned,
)
from stud_hh.read.documents import DocumentFormat, DocumentHand
from stud_hh.read.reader import RawHand
from stud_hh.read.sites.headers import zone
from stud_hh.rules import GAMES, Ranking
from stud_hh.rules.pots import Winners, award, best_hands, side_pots

SITE: str = "PHH"
"""The site of every PHH hand (mapped to the ``casino`` profile in :mod:`stud_hh.rules`)."""

KIND: str = "phh"
"""The ``kind`` of the raw hands this format makes."""

SUFFIXES: tuple[str, ...] = (".phh", ".phhs")

VARIANTS: dict[str, Game] = {"F7S": Game.STUD, "F7S/8": Game.STUD8, "FR": Game.RAZZ}
"""The PHH variant codes read, and their games."""

VARIANT_OF: dict[Game, str] = {game: code for code, game in VARIANTS.items()}

OTHER_VARIANTS: dict[str, str] = {
    "FT": "fixed-limit Texas hold'em", "NT": "no-limit Texas hold'em",
    "NS": "no-limit short-deck hold'em", "PO": "pot-limit Omaha hold'em",
    "FO/8": "fixed-limit Omaha hold'em hi/lo", "N2L1D": "no-limit 2-7 single draw",
    "F2L3D": "fixed-limit 2-7 triple draw", "FB": "fixed-limit badugi",
}
"""The PHH specification's other variant codes, in words (their hands are skipped)."""

RULE_AWARD = ("no winnings or finishing_stacks in the file: each pot is awarded by the rules "
              "from the shown cards")
"""The warning of a hand whose collections the reader derived (the file gives no result)."""

SCALE_FIELD = "_scale"
"""A user-defined field (PHH lets ``_`` fields through): units per printed whole."""

FACE_UP: tuple[bool, ...] = (False, False, True, True, True, True, False)
"""Whether the n-th card a stud player is dealt is face up (pokerkit's layout)."""

STREET_OF_CARD: tuple[Street, ...] = (Street.THIRD,) * 3 + (
    Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)
"""The street on which a stud player gets the n-th card."""

_KEY_LINE: re.Pattern[str] = re.compile(
    r"^[ \t]*(?:variant|actions|antes|starting_stacks)[ \t]*=", re.MULTILINE)
_TABLE_LINE: re.Pattern[str] = re.compile(r"^[ \t]*\[[ \t]*([^\[\]#]+?)[ \t]*\][ \t]*(?:#.*)?$")
_KEY: re.Pattern[str] = re.compile(r"^[ \t]*([A-Za-z0-9_-]+)[ \t]*=")
_TOML_WHERE: re.Pattern[str] = re.compile(
    r"\s*\((?:at line (?P<line>\d+), column (?P<column>\d+)|at end of document)\)$")
_PLAYER: re.Pattern[str] = re.compile(r"p([1-9][0-9]*)$")


# ---------------------------------------------------------------------------
# Recognising and cutting files


def sniff(path: str, head: str) -> bool:
    """A PHH file: a ``.phh`` or ``.phhs`` file whose head has a PHH key or a table header,
    or, whatever its name, one whose head sets both ``variant`` and ``actions``.

    >>> sniff("hand.txt", 'variant = "F7S"\\nantes = [1, 1]\\nactions = ["d dh p1 ????7h"]')
    True
    >>> sniff("notes.txt", 'variant = "F7S"')
    False
    """
    if PurePath(path).suffix.lower() not in SUFFIXES:
        return _VARIANT_LINE.search(head) is not None and _ACTIONS_LINE.search(head) is not None
    return bool(_KEY_LINE.search(head)) or any(
        _TABLE_LINE.match(line) for line in head.split("\n"))


_VARIANT_LINE: re.Pattern[str] = re.compile(r"^[ \t]*variant[ \t]*=[ \t]*[\"']", re.MULTILINE)
_ACTIONS_LINE: re.Pattern[str] = re.compile(r"^[ \t]*actions[ \t]*=[ \t]*\[", re.MULTILINE)


def _table_name(line: str) -> str | None:
    """The first part of a ``[name]`` / ``[name.sub]`` table header line, quotes removed."""
    found = _TABLE_LINE.match(line)
    if found is None:
        return None
    return found.group(1).split(".")[0].strip().strip("'\"")


def _hand_starts(lines: Sequence[str]) -> list[int]:
    """0-based lines that open a hand's table; empty for a file of one hand."""
    starts: list[int] = []
    current: str | None = None
    for i, line in enumerate(lines):
        name = _table_name(line)
        if name is None:
            key = _KEY.match(line)
            if key is not None and key.group(1) == "variant" and current is None:
                return []  # top-level PHH keys: the whole file is one hand
            continue
        if name != current:
            starts.append(i)
            current = name
    return starts


def split(text: str, path: str, encoding: str) -> Iterator[RawHand]:
    """The hands of a PHH file: the whole file, or each table of a ``.phhs`` file.

    Lines before the first table go with the first hand (comments; anything else
    there is reported by :func:`read`), so nothing is dropped.
    """
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    starts = _hand_starts(lines) or [0]
    starts[0] = 0
    for index, begin in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(lines)
        while end > begin and not lines[end - 1].strip():
            end -= 1
        if end == begin:
            continue
        chunk = "\n".join(lines[begin:end]) + "\n"
        yield RawHand(path, begin + 1, chunk, range(begin + 1, end + 1), True, encoding, KIND)


# ---------------------------------------------------------------------------
# TOML


@dataclass(frozen=True, slots=True)
class _Document:
    """One hand's TOML: its fields, the table it sits in and where each key is."""

    fields: dict[str, Any]
    table: str | None
    key_lines: dict[str, int]
    """1-based chunk line of each top-level key of the hand."""


def _toml_error(raw: RawHand, exc: tomllib.TOMLDecodeError) -> HandParseError:
    message = str(exc)
    where = _TOML_WHERE.search(message)
    reason = message[:where.start()] if where else message
    if where is not None and where.group("line"):
        chunk_line, column = int(where.group("line")), int(where.group("column"))
    else:
        chunk_line, column = len(raw.line_numbers), None
    return HandParseError(f"not valid TOML: {reason}", path=raw.path,
                          line=raw.file_line(chunk_line), column=column,
                          hand_id=PurePath(raw.path).stem, text=raw.line_text(chunk_line))


def _load(raw: RawHand) -> _Document:
    """Parse one hand's TOML. Raises :class:`HandParseError` with the file line."""
    try:
        parsed = tomllib.loads(raw.text, parse_float=Decimal)
    except tomllib.TOMLDecodeError as exc:
        raise _toml_error(raw, exc) from None
    lines = raw.text.split("\n")
    table: str | None = None
    fields = parsed
    if "variant" not in parsed:
        tables = [k for k, v in parsed.items() if isinstance(v, dict)]
        if len(tables) == 1:
            table = tables[0]
            fields = parsed[table]
            stray = [k for k in parsed if k != table]
            if stray:
                line = _first_key_line(lines, stray)
                raise HandParseError(f"keys outside the hand's table: {', '.join(stray)}",
                                     path=raw.path, line=raw.file_line(line),
                                     text=raw.line_text(line))
    key_lines: dict[str, int] = {}
    for i, text in enumerate(lines, start=1):
        key = _KEY.match(text)
        if key is not None:
            key_lines.setdefault(key.group(1), i)
    return _Document(fields, table, key_lines)


def _first_key_line(lines: Sequence[str], keys: Sequence[str]) -> int:
    for i, line in enumerate(lines, start=1):
        key = _KEY.match(line)
        if key is not None and key.group(1) in keys:
            return i
    return 1


def _skip_string(lines: Sequence[str], row: int, col: int) -> tuple[int, int]:
    """The position just after the TOML string that opens at ``(row, col)``."""
    line = lines[row]
    quote = line[col]
    delimiter = quote * 3 if line.startswith(quote * 3, col) else quote
    r, c = row, col + len(delimiter)
    while r < len(lines):
        text = lines[r]
        while c < len(text):
            if quote == '"' and text[c] == "\\":
                c += 2
                continue
            if text.startswith(delimiter, c):
                c += len(delimiter)
                while len(delimiter) == 3 and c < len(text) and text[c] == quote:
                    c += 1  # up to two quotes may close a multi-line string
                return r, c
            c += 1
        r, c = r + 1, 0
    return r, c


def _string_lines(lines: Sequence[str], row: int) -> list[int]:
    """1-based lines where each string of the array after ``key =`` on ``row`` begins."""
    found: list[int] = []
    depth = 0
    r = row
    c = lines[row].index("=") + 1
    while r < len(lines):
        text = lines[r]
        while c < len(text):
            ch = text[c]
            if ch == "#":
                break
            if ch in "'\"":
                found.append(r + 1)
                r, c = _skip_string(lines, r, c)
                if r >= len(lines):
                    return found
                text = lines[r]
                continue
            if ch == "[":
                depth += 1
            elif ch == "]":
                depth -= 1
                if depth == 0:
                    return found
            c += 1
        r, c = r + 1, 0
    return found


# ---------------------------------------------------------------------------
# Fields


def hand_id_of(raw: RawHand, document: _Document) -> str:
    """The ``hand`` field, else the file name (``#table`` for a table of a ``.phhs``)."""
    hand = document.fields.get("hand")
    if isinstance(hand, (str, int)) and not isinstance(hand, bool) and str(hand).strip():
        return str(hand).strip()
    stem = PurePath(raw.path).stem
    return stem if document.table is None else f"{stem}#{document.table}"


class _Fields:
    """Typed access to one hand's fields; every error names the field's line."""

    def __init__(self, raw: RawHand, document: _Document, hand_id: str) -> None:
        self.raw = raw
        self.document = document
        self.hand_id = hand_id

    def line(self, key: str) -> int:
        """The file line of ``key`` (the hand's first line when it is not on a line)."""
        chunk_line = self.document.key_lines.get(key)
        return self.raw.file_line(chunk_line) if chunk_line else self.raw.first_line

    def error(self, reason: str, key: str | None = None, line: int | None = None
              ) -> HandParseError:
        at = line if line is not None else (self.line(key) if key else self.raw.first_line)
        chunk = at - self.raw.first_line + 1
        return HandParseError(reason, path=self.raw.path, line=at, hand_id=self.hand_id,
                              text=self.raw.line_text(chunk))

    def get(self, key: str) -> Any:
        return self.document.fields.get(key)

    def number(self, key: str, *, required: bool = True) -> Decimal | None:
        value = self.get(key)
        if value is None and not required:
            return None
        if value is None:
            raise self.error(f"the {key!r} field is missing")
        return self._number(value, key)

    def _number(self, value: Any, key: str) -> Decimal:
        if isinstance(value, bool) or not isinstance(value, (int, Decimal)):
            raise self.error(f"{key!r} must be a number, not {value!r}", key)
        number = Decimal(value)
        if not number.is_finite():
            raise self.error(f"{key!r} is not a finite amount: {value!r}", key)
        if number < 0:
            raise self.error(f"{key!r} is negative: {value!r}", key)
        return number

    def numbers(self, key: str, count: int | None, *, required: bool = True
                ) -> list[Decimal] | None:
        value = self.get(key)
        if value is None:
            if required:
                raise self.error(f"the {key!r} field is missing")
            return None
        if not isinstance(value, list):
            raise self.error(f"{key!r} must be an array of numbers", key)
        if count is not None and len(value) != count:
            raise self.error(f"{key!r} has {len(value)} entries for {count} players", key)
        return [self._number(v, key) for v in value]


# ---------------------------------------------------------------------------
# Actions


@dataclass(frozen=True, slots=True)
class _Action:
    """One PHH action string, split: who, what, the rest, and its file line."""

    actor: str
    verb: str
    args: tuple[str, ...]
    line: int
    text: str


def _split_action(text: str, line: int) -> _Action | None:
    """``'p1 cbr 400 # raise'`` -> its parts; ``None`` for a no-op or a comment."""
    words = text.split("#", 1)[0].split()
    if not words:
        return None
    if len(words) < 2:
        return _Action(words[0], "", (), line, text)
    return _Action(words[0], words[1], tuple(words[2:]), line, text)


def _cards(text: str) -> tuple[MaybeCard, ...] | None:
    """``'As??Kd'`` -> ``('As', None, 'Kd')``; ``None`` when it is not card notation."""
    if len(text) % 2 or not text:
        return None
    found: list[MaybeCard] = []
    for i in range(0, len(text), 2):
        rank, suit = text[i], text[i + 1]
        if rank not in RANKS + "?" or suit not in SUITS + "?":
            return None
        found.append(rank + suit if rank != "?" and suit != "?" else None)
    return tuple(found)


class _Hand:
    """Walks the actions of one hand and makes its events."""

    def __init__(self, f: _Fields, names: list[str], stacks: list[int], bring_in: int) -> None:
        self.f = f
        self.names = names
        self.stack = dict(zip(names, stacks, strict=True))
        self.bring_in = bring_in
        self.events: list[HandEvent] = []
        self.street: Street | None = None
        self.put: dict[Street | None, dict[str, int]] = {}
        self.bet_to = 0
        self.opened = False
        """3rd street: completed (a bet level made); later streets: a bet made."""
        self.folded: set[str] = set()
        self.dealt: dict[str, list[MaybeCard]] = {name: [] for name in names}
        self.deal_at: dict[tuple[Street, str], int] = {}
        """(street, player) -> index in ``events`` of that player's ``Deal``."""
        self.shown: dict[str, tuple[MaybeCard, ...]] = {}
        self.mucked: set[str] = set()
        self.last_money: dict[Street | None, int] = {}
        """Per round: index in ``events`` just after its last action."""
        self.common: MaybeCard = None

    # -- helpers -----------------------------------------------------------------
    def player(self, action: _Action) -> str:
        found = _PLAYER.match(action.actor)
        if found is None or int(found.group(1)) > len(self.names):
            raise self.f.error(f"unknown player {action.actor!r} in {action.text!r} "
                               f"({len(self.names)} players)", line=action.line)
        return self.names[int(found.group(1)) - 1]

    def put_in(self, name: str, amount: int) -> None:
        round_put = self.put.setdefault(self.street, {})
        round_put[name] = round_put.get(name, 0) + amount
        self.stack[name] -= amount

    def live(self) -> list[str]:
        return [n for n in self.names if n not in self.folded]

    # -- the walk ------------------------------------------------------------------
    def antes(self, antes: list[int], line: int) -> None:
        for name, ante in zip(self.names, antes, strict=True):
            if ante <= 0:
                continue
            amount = min(ante, self.stack[name])
            self.events.append(PostAnte(line=line, player=name, amount=amount,
                                        all_in=amount >= self.stack[name]))
            self.put_in(name, amount)
        if self.put.get(None):
            self.last_money[None] = len(self.events)

    def act(self, action: _Action, amount: int | None) -> None:
        if action.actor == "d":
            self.deal(action)
            return
        name = self.player(action)
        verb = action.verb
        if verb == "sm":
            self.show(name, action)
            return
        if self.street is None:
            raise self.f.error(f"{action.text!r}: a player acts before any card is dealt",
                               line=action.line)
        line = action.line
        mine = self.put.get(self.street, {}).get(name, 0)
        stack = self.stack[name]
        event: HandEvent
        if verb == "f" and not action.args:
            event = Fold(line=line, player=name)
            self.folded.add(name)
        elif verb == "cc" and not action.args:
            owed = self.bet_to - mine
            if owed <= 0:
                event = Check(line=line, player=name)
            else:
                paid = min(owed, stack)
                event = Call(line=line, player=name, amount=paid, all_in=paid >= stack)
                self.put_in(name, paid)
        elif verb == "pb" and not action.args:
            paid = min(self.bring_in, stack)
            event = BringIn(line=line, player=name, amount=paid, all_in=paid >= stack)
            self.put_in(name, paid)
            self.bet_to = max(self.bet_to, mine + paid)
        elif verb == "cbr" and amount is not None:
            paid = amount - mine
            all_in = paid >= stack
            if self.street is Street.THIRD and not self.opened:
                event = Complete(line=line, player=name, to=amount, all_in=all_in)
            elif not self.opened and self.bet_to == 0:
                event = Bet(line=line, player=name, amount=paid, all_in=all_in)
            else:
                event = Raise(line=line, player=name, by=amount - self.bet_to, to=amount,
                              all_in=all_in)
            self.opened = True
            self.put_in(name, paid)
            self.bet_to = max(self.bet_to, amount)
        else:
            raise self.f.error(f"{action.text!r} is not a stud action (pb, cbr AMOUNT, cc, "
                               f"f, sm [CARDS])", line=action.line)
        self.events.append(event)
        self.last_money[self.street] = len(self.events)

    def start_street(self, street: Street, line: int, common: MaybeCard = None,
                     has_common: bool = False) -> None:
        self.street = street
        self.bet_to = 0
        self.opened = False
        self.events.append(StreetStart(line=line, street=street, common=common,
                                       has_common=has_common))

    def deal(self, action: _Action) -> None:
        if action.verb == "db" and len(action.args) == 1:
            cards = _cards(action.args[0])
            if cards is None or len(cards) != 1 or self.street is not Street.SIXTH:
                raise self.f.error(f"{action.text!r}: a stud board card is the one common "
                                   f"card of 7th street, dealt after 6th", line=action.line)
            self.common = cards[0]
            self.start_street(Street.SEVENTH, action.line, cards[0], True)
            return
        if action.verb != "dh" or len(action.args) != 2:
            raise self.f.error(f"{action.text!r} is not a deal (d dh pN CARDS, d db CARD)",
                               line=action.line)
        name = self.player(_Action(action.args[0], "", (), action.line, action.text))
        cards = _cards(action.args[1])
        if cards is None:
            raise self.f.error(f"{action.text!r}: unreadable cards {action.args[1]!r}",
                               line=action.line)
        held = self.dealt[name]
        if len(held) + len(cards) > len(FACE_UP):
            raise self.f.error(f"{action.text!r}: {name} would hold more than 7 cards",
                               line=action.line)
        streets = {STREET_OF_CARD[len(held) + i] for i in range(len(cards))}
        if len(streets) > 1:
            raise self.f.error(f"{action.text!r} deals cards of two streets at once",
                               line=action.line)
        street = streets.pop()
        if self.street is None or street > self.street:
            self.start_street(street, action.line)
        elif street < self.street:
            raise self.f.error(f"{action.text!r}: a {street.label}-street card dealt on "
                               f"{self.street.label} street", line=action.line)
        face_up = tuple(FACE_UP[len(held) + i] for i in range(len(cards)))
        held.extend(cards)
        at = self.deal_at.get((street, name))
        if at is None:
            self.deal_at[(street, name)] = len(self.events)
            self.events.append(Deal(line=action.line, player=name, street=street,
                                    cards=cards, face_up=face_up))
        else:  # the same street's cards in several actions: one Deal, at the first line
            before = self.events[at]
            assert isinstance(before, Deal)
            self.events[at] = replace(before, cards=before.cards + cards,
                                      face_up=before.face_up + face_up)

    def show(self, name: str, action: _Action) -> None:
        line = action.line
        if not action.args:
            self.mucked.add(name)
            self.events.append(Muck(line=line, player=name))
            return
        if action.args == ("-",):
            cards = tuple(self.dealt[name])
            if not cards or None in cards:
                raise self.f.error(f"{action.text!r}: '-' shows the cards dealt, but "
                                   f"{name}'s are not all known", line=line)
        else:
            found = _cards("".join(action.args))
            if found is None:
                raise self.f.error(f"{action.text!r}: unreadable cards", line=line)
            cards = found
        self.mucked.discard(name)
        self.shown[name] = cards
        self.events.append(Show(line=line, player=name, cards=cards))

    # -- after the last action -------------------------------------------------------
    def returns(self) -> dict[str, int]:
        """The bet nobody called, as an event after the last round with money."""
        rounds = [s for s in self.put if s is not None and any(self.put[s].values())]
        last: Street | None = max(rounds) if rounds else None
        amounts = sorted(self.put.get(last, {}).items(), key=lambda kv: -kv[1])
        if not amounts:
            return {}
        top_name, top = amounts[0]
        second = amounts[1][1] if len(amounts) > 1 else 0
        if top <= second:
            return {}
        at = self.last_money.get(last, len(self.events))
        line = self.events[at - 1].line if at else self.f.raw.first_line
        self.events.insert(at, UncalledReturned(line=line, player=top_name, amount=top - second))
        self.stack[top_name] += top - second
        for key, index in self.deal_at.items():  # keep the indices right (not used after)
            if index >= at:
                self.deal_at[key] = index + 1
        return {top_name: top - second}

    def showdown_at(self) -> int | None:
        """Index in ``events`` of the first show of the final showdown, if any."""
        first: int | None = None
        for i, event in enumerate(self.events):
            if isinstance(event, (Show, Muck)):
                if first is None:
                    first = i
            elif not isinstance(event, UncalledReturned):
                first = None
        return first


# ---------------------------------------------------------------------------
# Awards


def _award(hand: _Hand, header: HandHeader) -> list[tuple[int, list[tuple[str, int]]]] | None:
    """Each pot's (index, [(player, amount)]) by the rules (:mod:`stud_hh.rules.pots`), or
    ``None`` when a winner cannot be told from the cards."""
    returned: dict[str, int] = {}
    for event in hand.events:
        if isinstance(event, UncalledReturned):
            returned[event.player] = returned.get(event.player, 0) + event.amount
    totals = {n: sum(r.get(n, 0) for r in hand.put.values()) - returned.get(n, 0)
              for n in hand.names}
    live = hand.live()
    all_in = {e.player for e in hand.events
              if isinstance(e, PostAnte | BringIn | Complete | Bet | Raise | Call) and e.all_in}
    cards = {n: [*hand.dealt[n], *hand.shown.get(n, ()), hand.common] for n in hand.names}
    ranking = GAMES[header.game].ranking
    wanted = min(GAMES[header.game].cards_at_showdown, 7)
    awards: list[tuple[int, list[tuple[str, int]]]] = []
    for index, (amount, eligible) in enumerate(side_pots(totals, live, all_in)):
        winners = _winners(eligible, hand.shown, cards, wanted, ranking)
        if winners is None:
            return None
        won = award(amount, winners, cards)
        awards.append((index, [(p, won[p]) for p in hand.names if won.get(p)]))
    return awards


def _winners(eligible: list[str], shown: Mapping[str, object],
             cards: Mapping[str, list[MaybeCard]], wanted: int, ranking: Ranking
             ) -> Winners | None:
    """A pot's winners among the players who showed, or ``None`` if the cards cannot tell."""
    if len(eligible) == 1:
        return (tuple(eligible), ())
    hands: dict[str, list[str]] = {}
    for name in (p for p in eligible if p in shown):
        known = {c for c in cards[name] if c is not None}
        if len(known) != wanted:
            return None
        hands[name] = sorted(known)
    if not hands:
        return None
    try:
        return best_hands(ranking, hands)
    except ValueError:  # a card repeated: the evaluator cannot decide
        return None


def _collects(awards: list[tuple[int, list[tuple[str, int]]]], line: int) -> list[Collect]:
    single = len(awards) == 1
    out: list[Collect] = []
    for index, shares in awards:
        for player, amount in shares:
            if single:
                out.append(Collect(line=line, player=player, amount=amount))
            elif index == 0:
                out.append(Collect(line=line, player=player, amount=amount, pot=PotKind.MAIN))
            else:
                out.append(Collect(line=line, player=player, amount=amount, pot=PotKind.SIDE,
                                   pot_index=index))
    return out


# ---------------------------------------------------------------------------
# One hand


def _scale_of(values: Sequence[Decimal]) -> int:
    """The power of ten that makes every amount whole."""
    places = 0
    for value in values:
        exponent = value.normalize().as_tuple().exponent
        if isinstance(exponent, int) and exponent < 0:
            places = max(places, -exponent)
    return int(10 ** places)


def _started(f: _Fields) -> tuple[datetime | None, str | None]:
    """The hand's start (UTC) and its local text, from ``year``, ``month``, ``day``,
    ``time`` and ``time_zone`` / ``time_zone_abbreviation`` (UTC when neither is
    given and no city, region and country make it local time of an unknown zone)."""
    year, month, day, at = f.get("year"), f.get("month"), f.get("day"), f.get("time")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (year, month, day)):
        return None, None
    at = at if isinstance(at, clock) else clock(0, 0)
    try:
        naive = datetime(year, month, day, at.hour, at.minute, at.second)
    except ValueError as exc:
        raise f.error(f"unreadable start time: impossible date or time ({exc})",
                      "day") from None
    tz_name, abbreviation = f.get("time_zone"), f.get("time_zone_abbreviation")
    local = f"{naive:%Y/%m/%d %H:%M:%S}"
    tz: Any = None
    if isinstance(tz_name, str):
        try:
            tz = ZoneInfo(tz_name)
        except (ValueError, OSError, KeyError):  # KeyError: ZoneInfoNotFoundError
            raise f.error(f"unreadable start time: unknown time zone {tz_name!r}",
                          "time_zone") from None
        local += f" {tz_name}"
    elif isinstance(abbreviation, str):
        tz = zone(abbreviation)
        if tz is None:
            raise f.error(f"unreadable start time: unknown time zone {abbreviation!r}",
                          "time_zone_abbreviation")
        local += f" {abbreviation}"
    elif not all(isinstance(f.get(k), str) for k in ("city", "region", "country")):
        tz = UTC
    if tz is None:
        return None, local
    return naive.replace(tzinfo=tz).astimezone(UTC), local


def _players(f: _Fields, count: int) -> tuple[list[str], list[int]]:
    raw_names = f.get("players")
    names = [f"p{i + 1}" for i in range(count)]
    if raw_names is not None:
        if not isinstance(raw_names, list) or len(raw_names) != count or not all(
                isinstance(n, str) for n in raw_names):
            raise f.error(f"'players' must be {count} names", "players")
        names = [n.strip() or names[i] for i, n in enumerate(raw_names)]
        if len(set(names)) != count:
            raise f.error("two players have the same name", "players")
    seats = list(range(1, count + 1))
    raw_seats = f.get("seats")
    if (isinstance(raw_seats, list) and len(raw_seats) == count
            and all(isinstance(s, int) and not isinstance(s, bool) for s in raw_seats)
            and ((all(a < b for a, b in itertools.pairwise(raw_seats)) and raw_seats[0] >= 1)
                 or len(set(raw_seats)) < count)):
        # a seat listed twice is kept as listed: two players in one seat is the hand's
        # fault, which the audit names (seat.shared), not one to number away
        seats = list(raw_seats)
    return names, seats


def read(raw: RawHand) -> DocumentHand:
    """One PHH hand -> header and events (header ``None`` for a variant not read)."""
    document = _load(raw)
    hand_id = hand_id_of(raw, document)
    f = _Fields(raw, document, hand_id)
    variant = f.get("variant")
    if not isinstance(variant, str):
        raise f.error("the 'variant' field is missing" if variant is None
                      else f"'variant' must be a string, not {variant!r}", "variant")
    game = VARIANTS.get(variant)
    if game is None:
        words = OTHER_VARIANTS.get(variant)
        return DocumentHand(SITE, hand_id, f"{variant} ({words})" if words else variant, None)
    stacks_raw = f.numbers("starting_stacks", None)
    assert stacks_raw is not None
    count = len(stacks_raw)
    if count < 2:
        raise f.error("a hand needs at least two players", "starting_stacks")
    antes_raw = f.numbers("antes", count)
    assert antes_raw is not None
    single = {k: f.number(k) for k in ("bring_in", "small_bet", "big_bet")}
    winnings_raw = f.numbers("winnings", count, required=False)
    finishing_raw = f.numbers("finishing_stacks", count, required=False)
    actions, amounts = _actions(raw, document, f)
    own_scale = f.get(SCALE_FIELD)
    if own_scale is not None and (isinstance(own_scale, bool) or not isinstance(own_scale, int)
                                  or own_scale < 1):
        raise f.error(f"{SCALE_FIELD!r} must be a positive whole number", SCALE_FIELD)
    every = [*stacks_raw, *antes_raw, *single.values(), *amounts.values(),
             *(winnings_raw or ()), *(finishing_raw or ())]
    power = _scale_of([v for v in every if v is not None])
    if power > 10 ** 6:
        raise f.error("amounts finer than a millionth are not read")

    def units(value: Decimal) -> int:
        return int(value * power)

    stacks = [units(v) for v in stacks_raw]
    if any(s <= 0 for s in stacks):
        raise f.error("every starting stack must be more than nothing", "starting_stacks")
    names, seat_numbers = _players(f, count)
    bring_in, small_bet, big_bet = (units(single[k] or Decimal(0))
                                    for k in ("bring_in", "small_bet", "big_bet"))
    header = _header(raw, f, game, variant, power * (own_scale or 1), small_bet, big_bet,
                     tuple(Seat(seat=s, name=n, stack=st, line=f.line("starting_stacks"))
                           for s, n, st in zip(seat_numbers, names, stacks, strict=True)))
    hand = _Hand(f, names, stacks, bring_in)
    hand.antes([units(a) for a in antes_raw], f.line("antes"))
    for i, action in enumerate(actions):
        hand.act(action, units(amounts[i]) if i in amounts else None)
    hand.returns()
    live = hand.live()
    showdown = hand.showdown_at()
    if showdown is not None and len(live) > 1:
        hand.events.insert(showdown, ShowdownStart(line=hand.events[showdown].line))
    last_line = actions[-1].line if actions else raw.first_line
    warnings: list[str] = []
    data_key = "winnings" if winnings_raw is not None else (
        "finishing_stacks" if finishing_raw is not None else None)
    if data_key is not None:
        events, note = _data_awards(hand, header, raw.path, f, data_key,
                                    winnings_raw or finishing_raw or [], units)
        warnings.append(note)
    else:
        events = _rule_awards(hand, header, raw.path, f, live, last_line)
        warnings.append(RULE_AWARD)
    hand.events.extend(events)
    return DocumentHand(SITE, hand_id, variant, header, tuple(hand.events), tuple(warnings))


def _actions(raw: RawHand, document: _Document,
             f: _Fields) -> tuple[list[_Action], dict[int, Decimal]]:
    """The hand's ``actions``, each with its file line, and the amount of each that
    completes, bets or raises (``cbr``), by its index."""
    actions_value = f.get("actions")
    if not isinstance(actions_value, list) or not all(isinstance(a, str) for a in actions_value):
        raise f.error("'actions' must be an array of strings", "actions")
    lines = raw.text.split("\n")
    actions_row = document.key_lines.get("actions")
    string_lines = _string_lines(lines, actions_row - 1) if actions_row else []
    if len(string_lines) != len(actions_value):  # a layout the scan does not follow
        string_lines = [actions_row or 1] * len(actions_value)
    actions = [a for a in (_split_action(text, raw.file_line(at))
                           for text, at in zip(actions_value, string_lines, strict=True)) if a]
    amounts: dict[int, Decimal] = {}
    for i, action in enumerate(actions):
        if action.verb == "cbr" and len(action.args) == 1:
            try:
                amounts[i] = Decimal(action.args[0])
            except InvalidOperation:
                raise f.error(f"{action.text!r}: unreadable amount", line=action.line) from None
            if not amounts[i].is_finite() or amounts[i] <= 0:
                raise f.error(f"{action.text!r}: the amount must be positive", line=action.line)
    return actions, amounts


def _header(raw: RawHand, f: _Fields, game: Game, variant: str, scale: int, small_bet: int,
            big_bet: int, seats: tuple[Seat, ...]) -> HandHeader:
    """The hand's header: the fields read, and the optional ones the file may give."""
    started_at, started_local = _started(f)
    level, table, seat_count = f.get("level"), f.get("table"), f.get("seat_count")
    currency = f.get("currency")
    return HandHeader(
        site=SITE, hand_id=f.hand_id, game=game, game_text=variant, limit=Limit.FIXED,
        small_bet=small_bet, big_bet=big_bet,
        currency=currency if isinstance(currency, str) and currency else None,
        scale=scale,
        level=str(level) if isinstance(level, (int, str)) and not isinstance(level, bool)
        else None,
        table=str(table) if isinstance(table, (int, str)) and not isinstance(table, bool) else "",
        max_seats=seat_count if isinstance(seat_count, int) and not isinstance(seat_count, bool)
        else None,
        started_at=started_at, started_local=started_local,
        seats=seats, line=raw.first_line)


def _rule_awards(hand: _Hand, header: HandHeader, path: str, f: _Fields, live: list[str],
                 line: int) -> list[HandEvent]:
    if len(live) > 1:
        hidden = [p for p in live if p not in hand.shown and p not in hand.mucked]
        short = min(len(hand.dealt[p]) for p in live) < len(FACE_UP) and hand.common is None
        if short or hidden:
            why = (f"{', '.join(hidden)} neither show nor muck" if hidden
                   else "the actions stop before 7th street")
            raise f.error(f"the hand does not reach its end ({why}) and the file gives no "
                          f"winnings or finishing_stacks", line=line)
    awards = _award(hand, header)
    if awards is None:
        raise f.error("the cards shown do not tell who wins and the file gives no "
                      "winnings or finishing_stacks", line=line)
    return list(_collects(awards, line))


def _place(awards: list[tuple[int, list[tuple[str, int]]]], took: dict[str, int]
           ) -> list[tuple[int, list[tuple[str, int]]]] | None:
    """What each player collected (the data), spread over the pots the rules award them.

    ``None`` when the data is not the rules' award: other winners, or a player taking
    more than the rules give them. Taking less is the rake: each player's part of it
    comes off the pots they win alone first (a split pot keeps its halves even)."""
    derived: dict[str, int] = {}
    takers: dict[int, int] = {}
    for index, shares in awards:
        takers[index] = len(shares)
        for player, amount in shares:
            derived[player] = derived.get(player, 0) + amount
    if set(derived) != {p for p, t in took.items() if t} or any(
            took[p] > amount for p, amount in derived.items()):
        return None
    short = {p: amount - took[p] for p, amount in derived.items()}
    placed: list[tuple[int, list[tuple[str, int]]]] = []
    order = sorted(awards, key=lambda a: (takers[a[0]], -a[0]))
    kept: dict[int, list[tuple[str, int]]] = {}
    for index, shares in order:
        kept[index] = []
        for player, amount in shares:
            cut = min(short[player], amount)
            short[player] -= cut
            kept[index].append((player, amount - cut))
    for index, _ in awards:
        placed.append((index, [(p, a) for p, a in kept[index] if a]))
    return placed


def _data_awards(hand: _Hand, header: HandHeader, path: str, f: _Fields, key: str,
                 values: list[Decimal], units: Callable[[Decimal], int]
                 ) -> tuple[list[HandEvent], str]:
    """The collections ``winnings`` or ``finishing_stacks`` give, and a pot summary."""
    line = f.line(key)
    put = {n: sum(r.get(n, 0) for r in hand.put.values()) for n in hand.names}
    # hand.stack already has the uncalled bet back: a finishing stack is stack + collected
    if key == "winnings":
        took = {n: units(v) for n, v in zip(hand.names, values, strict=True)}
    else:
        took = {n: units(v) - hand.stack[n] for n, v in zip(hand.names, values, strict=True)}
        short = [n for n, t in took.items() if t < 0]
        if short:
            raise f.error(f"the finishing stack of {short[0]} is less than what they kept "
                          f"back ({hand.stack[short[0]]})", key)
    pot = sum(put.values()) - sum(
        e.amount for e in hand.events if isinstance(e, UncalledReturned))
    collected = sum(took.values())
    awards = _award(hand, header)
    placed = _place(awards, took) if awards is not None else None
    events: list[HandEvent]
    if placed is not None:
        events = list(_collects(placed, line))
        note = (f"each player's collection is taken from {key!r}; each is labelled with the "
                f"pot the rules award it from")
    else:
        events = [Collect(line=line, player=n, amount=t) for n, t in took.items() if t]
        why = ("the shown cards do not tell the winners" if awards is None
               else "it is not the rules' award of the shown cards")
        note = f"each player's collection is taken from {key!r}; {why}"
    events.append(PotSummary(line=line, total=pot, main=None, sides=(),
                             rake=max(pot - collected, 0)))
    return events, note


PHH: DocumentFormat = DocumentFormat(name=KIND, site=SITE, sniff=sniff, split=split,
                     key=lambda raw: (SITE, hand_id_of(raw, _load(raw))), read=read)
"""The PHH document format, registered in :data:`stud_hh.read.sites.DOCUMENTS`."""
