"""What the XML sites (iPoker, Merge) share: cutting a session file into hands, reading
one hand with a safe parser, and turning its chip movements into the shared events.

* **Cutting** (:func:`split_session`): a file is a run of ``<game>`` elements inside
  session-wide parts (an iPoker ``<session>`` with its ``<general>`` block, a Merge
  ``<description/>``). Each ``<game>`` becomes one :class:`~stud_hh.read.reader.RawHand`
  whose text is the session part the site needs, then the game, line by line, each
  line keeping its file number; so a raw hand reads again on its own and every
  error names a real file line. The cut is plain text search, never a parse: a
  truncated ``<game>`` still makes a raw hand of its own (which then fails to
  read, naming its line) and the next ``<game>`` starts cleanly.
* **Reading** (:func:`parse_hand`): the hand's text is parsed with ``defusedxml``,
  which refuses a document type declaration, entity declarations and external
  references instead of expanding them (a "billion laughs" file, an XXE probe).
  Every element keeps its file line. The text is parsed from a ``str``: what the
  file's XML declaration says about its encoding is never used (the reader took
  the encoding from the bytes).
* **Chips** (:class:`ChipTable`): the sites print actions as numbered elements
  with an amount; the table keeps each player's stack and street total so an
  amount becomes the shared :class:`~stud_hh.model.events.Bet`, ``Raise(by, to)``,
  ``Call``... and ``all_in`` is set when a stack runs out.

>>> text = ('<session><general><gametype>7 Card Stud L $1/$2</gametype></general>\\n'
...         '<game gamecode="7">\\n<round no="0"/>\\n</game></session>\\n')
>>> (raw,) = split_session(text, "x.xml", "utf-8", kind="demo", keep=("general",))
>>> raw.first_line, raw.text.splitlines()[0], list(raw.line_numbers)
(2, '<general><gametype>7 Card Stud L $1/$2</gametype></general>', [1, 2, 3, 4])
>>> hand = parse_hand(raw)
>>> [(e.tag, e.line) for e in hand.children]
[('general', 1), ('game', 2)]
>>> hand.find("game").find("round").line
3
"""

from __future__ import annotations

import bisect
import itertools
import re
import xml.sax
import xml.sax.handler
import xml.sax.xmlreader
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field

import defusedxml.sax
from defusedxml import DefusedXmlException, DTDForbidden, EntitiesForbidden

from stud_hh.model.cards import MaybeCard
from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Deal,
    Fold,
    Game,
    HandEvent,
    PostAnte,
    Raise,
    Seat,
    Street,
    StreetStart,
)
from stud_hh.model.money import parse_amount
from stud_hh.read.reader import RawHand
from stud_hh.read.sites.common import face_up

# ---------------------------------------------------------------------------
# Elements


@dataclass(slots=True)
class Element:
    """One XML element: its tag, attributes, text, children and the file line it starts on."""

    tag: str
    attrs: dict[str, str]
    line: int
    children: list[Element] = field(default_factory=list)
    text: str = ""

    def find(self, tag: str) -> Element | None:
        """The first child called ``tag``."""
        return next((c for c in self.children if c.tag == tag), None)

    def findall(self, tag: str) -> list[Element]:
        return [c for c in self.children if c.tag == tag]

    def findtext(self, tag: str) -> str | None:
        """The stripped text of the first child called ``tag``."""
        child = self.find(tag)
        return child.text.strip() if child is not None else None

    def get(self, name: str) -> str | None:
        return self.attrs.get(name)

    def need(self, name: str) -> str:
        """The attribute ``name``; a :class:`HandParseError` naming the line when it is missing."""
        value = self.attrs.get(name)
        if value is None:
            raise HandParseError(f"<{self.tag}> without its {name!r} attribute", line=self.line)
        return value

    def number(self, name: str) -> int:
        """The attribute ``name`` as an integer."""
        value = self.need(name)
        if not value.strip().isdigit():
            raise HandParseError(f"<{self.tag} {name}={value!r}>: not a number", line=self.line)
        return int(value)


# ---------------------------------------------------------------------------
# Reading one hand safely

ROOT = "stud-hh-hand"
"""The element the reader wraps around a hand's text (the session part and the game are
siblings, and XML wants one root)."""

_DOCTYPE: re.Pattern[str] = re.compile(r"<!DOCTYPE(?:[^\[>]|\[.*?\])*>", re.S)


class _Builder(xml.sax.handler.ContentHandler):
    """SAX callbacks that build :class:`Element` values with their file lines."""

    def __init__(self, raw: RawHand) -> None:
        super().__init__()
        self.raw = raw
        self.stack: list[Element] = []
        self.root: Element | None = None
        self.locator: xml.sax.xmlreader.Locator | None = None

    def setDocumentLocator(self, locator: xml.sax.xmlreader.Locator) -> None:
        self.locator = locator

    def file_line(self) -> int:
        line = self.locator.getLineNumber() if self.locator is not None else None
        return self.raw.file_line(line) if isinstance(line, int) else self.raw.first_line

    def startElement(self, name: str, attrs: xml.sax.xmlreader.AttributesImpl
                     ) -> None:
        element = Element(name, dict(attrs.items()), self.file_line())
        if self.stack:
            self.stack[-1].children.append(element)
        else:
            self.root = element
        self.stack.append(element)

    def endElement(self, name: str) -> None:
        self.stack.pop()

    def characters(self, content: str) -> None:
        if self.stack:
            self.stack[-1].text += content


def parse_hand(raw: RawHand, hand_id: str | None = None) -> Element:
    """The root element (:data:`ROOT`) of a raw hand's text, parsed with ``defusedxml``.

    Raises :class:`HandParseError` naming the file line and ``hand_id`` (read by
    the caller from the ``<game>`` tag): for text that is not well-formed XML (a
    truncated ``<game>``), and for a document type or entity declaration, which
    is refused, never expanded.
    """
    text = raw.text
    doctype = _DOCTYPE.match(text)
    cut = doctype.end() if doctype else 0
    # the wrapper goes inside the first line so that the lines stay the file's lines
    document = f"{text[:cut]}<{ROOT}>{text[cut:]}</{ROOT}>"
    builder = _Builder(raw)
    try:
        defusedxml.sax.parseString(document.encode("utf-8"), builder, forbid_dtd=True,
                                   forbid_entities=True, forbid_external=True)
    except DTDForbidden as exc:
        raise HandParseError(
            f"refused: the hand declares a document type (<!DOCTYPE {exc.name}>); XML entities "
            "are never expanded (billion laughs, external entities)",
            path=raw.path, line=builder.file_line(), hand_id=hand_id,
            text=raw.line_text(1)) from None
    except EntitiesForbidden as exc:  # pragma: no cover - a DTD is refused before its entities
        raise HandParseError(f"refused: the hand declares the XML entity {exc.name!r}",
                             path=raw.path, line=builder.file_line(), hand_id=hand_id) from None
    except DefusedXmlException as exc:  # pragma: no cover - an external reference needs a DTD
        raise HandParseError(f"refused: {exc}", path=raw.path, line=builder.file_line(),
                             hand_id=hand_id) from None
    except xml.sax.SAXParseException as exc:
        chunk_line = exc.getLineNumber()
        line = raw.file_line(chunk_line) if isinstance(chunk_line, int) else raw.first_line
        last = raw.line_numbers[-1] if raw.line_numbers else raw.first_line
        reason = f"not well-formed XML: {exc.getMessage()}"
        if "no element found" in exc.getMessage() or "mismatched tag" in exc.getMessage():
            reason += f" (the hand's XML is cut short: it ends at line {last})"
        raise HandParseError(reason, path=raw.path, line=line, hand_id=hand_id,
                             text=raw.line_text(chunk_line or 1)) from None
    if builder.root is None:  # pragma: no cover - expat reports an empty document itself
        raise HandParseError("empty XML hand", path=raw.path, line=raw.first_line)
    return builder.root


# ---------------------------------------------------------------------------
# Cutting a session file into hands

_GAME_OPEN: re.Pattern[str] = re.compile(r"<game[\s>]")
_GAME_CLOSE: re.Pattern[str] = re.compile(r"</game\s*>")
_SESSION_PART: re.Pattern[str] = re.compile(
    r"(?P<space>\s+)"
    r"|(?P<decl><\?xml[^>]*\?>)"
    r"|(?P<doctype><!DOCTYPE(?:[^\[>]|\[.*?\])*>)"
    r"|(?P<comment><!--.*?-->)"
    r"|(?P<session><session\b[^>]*>|</session\s*>)"
    r"|(?P<general><general\b[^>]*>.*?</general\s*>|<general\s*/>)"
    r"|(?P<description><description\b[^>]*/>)", re.S)
"""What may stand outside the ``<game>`` elements of a session file."""


class _Lines:
    """File line numbers of offsets in a text."""

    def __init__(self, text: str) -> None:
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def of(self, offset: int) -> int:
        return bisect.bisect_right(self.starts, offset)


def _piece(text: str, lines: _Lines, start: int, end: int) -> tuple[list[str], list[int]]:
    """The lines of ``text[start:end]`` and their file line numbers."""
    chunk = text[start:end].rstrip("\n")
    first = lines.of(start)
    parts = chunk.split("\n")
    return parts, list(range(first, first + len(parts)))


def split_session(text: str, path: str, encoding: str, *, kind: str,
                  keep: Sequence[str]) -> Iterator[RawHand]:
    """The raw hands of a decoded session file: one per ``<game>`` element, in order.

    ``keep`` names the session parts a hand needs (``"general"`` for iPoker,
    ``"description"`` for Merge): the latest of each seen before a game is copied
    at the head of its text. A document type declaration is copied too, so that
    reading the hand refuses it. The XML declaration, the ``<session>`` tags,
    comments and blank space are the session's frame; any other text between
    games is yielded as a raw hand with ``is_hand=False``.
    """
    lines = _Lines(text)
    kept: dict[str, tuple[int, int]] = {}
    opens = [m.start() for m in _GAME_OPEN.finditer(text)]
    position = 0
    for index, start in enumerate(opens):
        yield from _between(text, lines, position, start, kept, keep, path, encoding, kind)
        limit = opens[index + 1] if index + 1 < len(opens) else len(text)
        close = _GAME_CLOSE.search(text, start, limit)
        end = close.end() if close else len(text[:limit].rstrip())
        pieces = [kept[part] for part in ("doctype", *keep) if part in kept]
        body: list[str] = []
        numbers: list[int] = []
        for piece_start, piece_end in (*pieces, (start, end)):
            parts, found = _piece(text, lines, piece_start, piece_end)
            body.extend(parts)
            numbers.extend(found)
        yield RawHand(path, lines.of(start), "\n".join(body) + "\n", tuple(numbers), True,
                      encoding, kind)
        position = end
    yield from _between(text, lines, position, len(text), kept, keep, path, encoding, kind)


def _between(text: str, lines: _Lines, start: int, end: int, kept: dict[str, tuple[int, int]],
             keep: Sequence[str], path: str, encoding: str, kind: str) -> Iterator[RawHand]:
    """Read the session parts between two games; yield any other text as a non-hand."""
    position = start
    stray: list[tuple[int, int]] = []
    while position < end:
        m = _SESSION_PART.match(text, position, end)
        if m is None:
            following = _SESSION_PART.search(text, position + 1, end)
            stop = following.start() if following else end
            stray.append((position, stop))
            position = stop
            continue
        part = m.lastgroup
        if part == "doctype" or part in keep:
            kept[str(part)] = (m.start(), m.end())
        position = m.end()
    if stray:
        first, last = stray[0][0], stray[-1][1]
        parts, found = _piece(text, lines, first, last)
        yield RawHand(path, found[0], "\n".join(parts) + "\n", tuple(found), False, encoding,
                      kind)


def game_key(raw: RawHand, site: str, attribute: str) -> tuple[str, str] | None:
    """``(site, hand id)`` from the ``<game>`` tag's ``attribute``, without parsing the XML."""
    m = re.search(rf"<game\b[^>]*?\s{attribute}=\"([^\"]+)\"", raw.text)
    return (site, m.group(1)) if m else None


def parse_game(raw: RawHand, attribute: str) -> tuple[Element, Element, str]:
    """A raw hand parsed (:func:`parse_hand`): its root, its ``<game>`` and the game's id
    (the ``<game>`` tag's ``attribute``)."""
    found = game_key(raw, "", attribute)
    root = parse_hand(raw, found[1] if found else None)
    game = root.find("game")
    if game is None:
        raise HandParseError("no <game> element", path=raw.path, line=raw.first_line)
    return root, game, game.need(attribute)


def fail(reason: str, line: int) -> HandParseError:
    """The error for a damaged hand at a file line (:func:`naming` adds the hand)."""
    return HandParseError(reason, line=line)


# ---------------------------------------------------------------------------
# Numbers, amounts and order


@contextmanager
def naming(hand_id: str) -> Iterator[None]:
    """Name ``hand_id`` in the errors raised inside (the helpers here do not know it)."""
    try:
        yield
    except HandParseError as exc:
        if exc.hand_id is not None:
            raise
        raise HandParseError(exc.reason, path=exc.path, line=exc.line, column=exc.column,
                             hand_id=hand_id, text=exc.text) from None


def amount(text: str | None, line: int, scale: int = 100) -> int:
    """A printed amount (``$0.05``, ``€1``, ``0,05``, ``1,440`` chips) in units of ``scale``.

    The national forms are :func:`stud_hh.model.money.parse_amount`'s: a decimal comma
    (``€0,50``), thousands grouped by a comma or a point (``1,440``, ``1.500`` in
    chips), the currency before or after.

    >>> amount("€0.05", 1), amount("$1", 1), amount("0.91", 1), amount("€0,05", 1)
    (5, 100, 91, 5)
    >>> amount("1,440", 1, scale=1), amount("1.500", 1, scale=1), amount("$1000.00", 1, scale=1)
    (1440, 1500, 1000)
    """
    if text is None:
        raise HandParseError("missing amount", line=line)
    try:
        return parse_amount(text.strip(), scale)
    except (ValueError, IndexError) as exc:
        raise HandParseError(f"unreadable amount {text!r}: {exc}", line=line,
                             text=text) from None


def numbered(elements: Sequence[Element], attribute: str) -> list[Element]:
    """``elements`` in the order of their ``attribute`` number (the site's action
    number), not their document order. Raises on a repeated number."""
    keyed = sorted(((e.number(attribute), e) for e in elements), key=lambda p: p[0])
    for (a, first), (b, second) in itertools.pairwise(keyed):
        if a == b:
            raise HandParseError(f"{attribute} {a} is used twice (lines {first.line} and "
                                 f"{second.line})", line=second.line)
    return [e for _, e in keyed]


def check_round_order(rounds: Sequence[Sequence[Element]], attribute: str) -> None:
    """Every numbered element of a round comes after those of the rounds before it."""
    highest: Element | None = None
    for elements in rounds:
        if not elements:
            continue
        first = elements[0]
        if highest is not None and first.number(attribute) < highest.number(attribute):
            raise HandParseError(
                f"{attribute} {first.number(attribute)} (line {first.line}) comes before "
                f"{attribute} {highest.number(attribute)} of an earlier street (line "
                f"{highest.line}): the actions cannot be put in order",
                line=first.line)
        highest = elements[-1]


# ---------------------------------------------------------------------------
# Chips -> events


class ChipTable:
    """Stacks and street totals while a hand's numbered actions become events.

    Amounts go in as the site gives them (chips added, or a street total) and
    come out as the shared events; a player whose stack reaches zero is
    marked all-in whether or not the site's action says so (neither site
    prints an all-in flag on calls).
    """

    def __init__(self, game: Game, seats: Sequence[Seat]) -> None:
        self.game = game
        self.stacks = {s.name: s.stack for s in seats}
        self.events: list[HandEvent] = []
        self.street: Street | None = None
        self.totals: dict[str, int] = {}
        self.bet_to = 0
        self.cards: dict[str, list[MaybeCard]] = {}
        """Each player's cards so far, as the history shows them."""
        self.folded: set[str] = set()

    def _spend(self, player: str, chips: int, marked: bool = False) -> bool:
        """Take ``chips`` from ``player``'s stack; whether that leaves them all-in."""
        stack = self.stacks.get(player)
        if stack is None:  # not seated: the replayer reports it
            return marked
        self.stacks[player] = stack - chips
        self.totals[player] = self.totals.get(player, 0) + chips
        return marked or (chips > 0 and stack - chips <= 0)

    def _raised(self, player: str) -> None:
        self.bet_to = max(self.bet_to, self.totals.get(player, 0))

    def start_street(self, street: Street, line: int) -> None:
        self.street = street
        self.totals = {}
        self.bet_to = 0
        self.events.append(StreetStart(line=line, street=street))

    def deal(self, player: str, cards: Sequence[MaybeCard], line: int,
             known: Sequence[MaybeCard] = ()) -> None:
        """``cards`` newly dealt to ``player`` on this street (``known``: earlier ones repeated)."""
        street = self.street or Street.THIRD
        self.cards.setdefault(player, []).extend(cards)
        self.events.append(Deal(line=line, player=player, street=street, cards=tuple(cards),
                                face_up=face_up(self.game, street, len(cards)),
                                known=tuple(known)))

    def ante(self, player: str, chips: int, line: int) -> None:
        stack = self.stacks.get(player)
        if stack is not None:
            self.stacks[player] = stack - chips
        all_in = stack is not None and chips > 0 and stack - chips <= 0
        self.events.append(PostAnte(line=line, player=player, amount=chips, all_in=all_in))

    def bring_in(self, player: str, chips: int, line: int, marked: bool = False) -> None:
        all_in = self._spend(player, chips, marked)
        self._raised(player)
        self.events.append(BringIn(line=line, player=player, amount=chips, all_in=all_in))

    def complete(self, player: str, to: int, line: int, marked: bool = False) -> None:
        all_in = self._spend(player, to - self.totals.get(player, 0), marked)
        self._raised(player)
        self.events.append(Complete(line=line, player=player, to=to, all_in=all_in))

    def bet(self, player: str, chips: int, line: int, marked: bool = False) -> None:
        all_in = self._spend(player, chips, marked)
        self._raised(player)
        self.events.append(Bet(line=line, player=player, amount=chips, all_in=all_in))

    def raise_to(self, player: str, to: int, line: int, marked: bool = False) -> None:
        by = to - self.bet_to
        all_in = self._spend(player, to - self.totals.get(player, 0), marked)
        self._raised(player)
        self.events.append(Raise(line=line, player=player, by=by, to=to, all_in=all_in))

    def call(self, player: str, chips: int, line: int, marked: bool = False) -> None:
        all_in = self._spend(player, chips, marked)
        self.events.append(Call(line=line, player=player, amount=chips, all_in=all_in))

    def all_in(self, player: str, chips: int, line: int) -> None:
        """An action the site only calls "all-in", with the chips it adds: a call when it
        does not go past the bet, a bet when there is none, otherwise a raise."""
        to = self.totals.get(player, 0) + chips
        if to <= self.bet_to:
            self.call(player, chips, line, marked=True)
        elif self.bet_to == 0:
            self.bet(player, chips, line, marked=True)
        else:
            self.raise_to(player, to, line, marked=True)

    def check(self, player: str, line: int) -> None:
        self.events.append(Check(line=line, player=player))

    def fold(self, player: str, line: int) -> None:
        self.folded.add(player)
        self.events.append(Fold(line=line, player=player))

    def live(self, order: Sequence[str]) -> list[str]:
        """The players of ``order`` who were dealt in and have not folded."""
        return [p for p in order if p in self.cards and p not in self.folded]


# ---------------------------------------------------------------------------
# Stakes a hand's own bets show (tournament hands print none)


def stakes_shown(game: Game, events: Sequence[HandEvent]) -> tuple[int | None, int | None]:
    """The small and the big bet that a fixed-limit hand's own bets show.

    Tournament hands of both XML sites print no stakes (iPoker's ``<gametype>7 Card
    Stud L</gametype>``, Merge's ``stakes="Limit"``). A bet shows them: 3rd street's
    completion (the first full bet or raise of the street) is the small bet; the
    first full bet of another street is its street's size (small on 4th street,
    unless an open pair lets stud's 4th street bet the big bet; big from 5th
    street on, five-card stud's rounds as the rules give them). All-in bets show
    nothing (they may be short). Either value is ``None`` when no bet shows it.

    >>> from stud_hh.model.events import Bet, BringIn, Complete, StreetStart
    >>> events = [StreetStart(line=1, street=Street.THIRD), BringIn(line=2, player="A", amount=15),
    ...           Complete(line=3, player="B", to=60), StreetStart(line=4, street=Street.FIFTH),
    ...           Bet(line=5, player="B", amount=120)]
    >>> stakes_shown(Game.STUD, events)
    (60, 120)
    >>> stakes_shown(Game.STUD, events[:2])
    (None, None)
    """
    from stud_hh.rules import GAMES, BetSize

    rules = GAMES[game]
    small: int | None = None
    big: int | None = None
    street: Street | None = None
    opened = False
    totals: dict[str, int] = {}
    boards: dict[str, list[str]] = {}
    for event in events:
        if isinstance(event, StreetStart):
            street, opened, totals = event.street, False, {}
            continue
        if isinstance(event, Deal):
            boards.setdefault(event.player, []).extend(
                str(c)[0] for c, up in zip(event.cards, event.face_up, strict=False)
                if up and c is not None)
            continue
        if street is None or not isinstance(event, BringIn | Call | Bet | Raise | Complete):
            continue
        mine = totals.get(event.player, 0)
        to = event.to if isinstance(event, Raise | Complete) else mine + event.amount
        bet_to = max(totals.values(), default=0)
        totals[event.player] = to
        if isinstance(event, BringIn | Call) or opened:
            continue
        opened = True
        if event.all_in:
            continue
        if street is Street.THIRD:
            small = small if small is not None else to
            continue
        size = to - bet_to if isinstance(event, Raise) else to
        if rules.street(street).bet is BetSize.BIG:
            big = big if big is not None else size
        elif street is Street.FOURTH and game is Game.STUD and any(
                len(b) != len(set(b)) for b in boards.values()):
            continue  # an open pair: 4th street may bet the big bet
        else:
            small = small if small is not None else size
    return small, big


def stakes_of(game: Game, events: Sequence[HandEvent], line: int,
              warnings: list[str]) -> tuple[int, int]:
    """:func:`stakes_shown` with the one not shown taken as twice or half the other (the
    fixed-limit structure both sites use). A hand that shows neither (nothing was bet
    beyond the bring-in) has stakes 0/0, *unknown*: the replayer then reports the sizes it
    cannot check as unverifiable, and statistics count no big bets for it."""
    small, big = stakes_shown(game, events)
    if small is None and big is None:
        warnings.append(f"line {line}: the site prints no stakes for this (tournament) hand "
                        "and no bet of the hand shows them: the stakes are unknown (0/0)")
        return 0, 0
    if small is None:
        assert big is not None
        if big % 2:
            raise HandParseError(f"the hand's bets show a big bet of {big} and no small bet",
                                 line=line)
        small = big // 2
    big = big if big is not None else 2 * small
    if big != 2 * small:
        warnings.append(f"line {line}: the bets show a small bet of {small} and a big bet of "
                        f"{big}")
    return small, big
