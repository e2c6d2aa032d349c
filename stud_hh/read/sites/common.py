"""What every site's reader shares: the header's record, the line error, the dealing of
cards face up or down, header defaults, line classification and a base builder.

A site module (``fulltilt``, ``winamax``, ...) keeps only what its site prints
differently: its header reader, its line shapes (``SHAPES`` + ``LINE_ORDER``,
the same alternatives and order as its grammar) and the callbacks for its own
terminals. :class:`SiteBuilder` carries the state and the helpers they all need.

>>> shapes = {"FOLD": re.compile(r"(?P<name>.+) folds"),
...           "CHECK": re.compile(r"(?P<name>.+) checks")}
>>> kind, m = classify_line(shapes, ("FOLD", "CHECK"), "Bob checks")
>>> kind, m["name"]
('CHECK', 'Bob')
>>> classify_line(shapes, ("FOLD",), "Bob checks") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from mypy_extensions import mypyc_attr

from stud_hh.model.cards import MaybeCard, impossible_card, parse_cards
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
    Muck,
    NoShow,
    PostAnte,
    PotKind,
    Raise,
    Seat,
    SeatOutcome,
    SeatSummary,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    SummaryStart,
)
from stud_hh.model.money import parse_amount
from stud_hh.model.names import SeatNames, by_case, case_warning, not_seated, starting


@dataclass(frozen=True, slots=True)
class HeaderFields:
    """What the first line of a hand says, before the game is known to be stud: what every
    site's ``read_header`` returns (``game`` is ``None`` for a game that is not read)."""

    hand_id: str
    game_text: str
    game: Game | None
    fields: dict[str, Any]


class LineError(HandParseError):
    """Raised inside a builder's callback: a line matched the grammar but its fields do not
    read. ``line`` is the line's number in the hand's text as the parser saw it (noise taken
    out); :func:`stud_hh.read.parse.parse_raw` turns it into a :class:`HandParseError` naming the
    file, its line there and the hand.

    >>> err = LineError("unreadable seat line", 3)
    >>> err.reason, err.line, isinstance(err, HandParseError)
    ('unreadable seat line', 3, True)
    """

    line: int

    def __init__(self, reason: str, line: int) -> None:
        super().__init__(reason, line=line)


def face_up(game: Game, street: Street, count: int) -> tuple[bool, ...]:
    """Which of ``count`` newly dealt cards are face up, by the game's dealing rules.

    >>> face_up(Game.STUD, Street.THIRD, 3), face_up(Game.FIVE_STUD, Street.THIRD, 2)
    ((False, False, True), (False, True))
    """
    if game is Game.FIVE_STUD:
        if street is Street.THIRD and count == 2:
            return (False, True)
        return (True,) * count
    if street is Street.THIRD:
        if count == 3:
            return (False, False, True)
        return (True,) * count
    if street is Street.SEVENTH:
        return (False,) * count
    return (True,) * count

HEADER_DEFAULTS: dict[str, Any] = {
    "limit": None, "home_club": None, "tournament_id": None, "buy_in": None, "fee": None,
    "bounty": None, "buy_in_currency": None, "level": None, "match_round": None,
    "mixed_game": None, "play_money": False, "started_at": None, "started_local": None,
}
"""The header fields most sites never print (cash games without clubs or tournaments)."""


def header_fields(site: str, hand_id: str, game_text: str, **given: Any) -> dict[str, Any]:
    """A header's field dict: :data:`HEADER_DEFAULTS`, then the site's own values.

    >>> f = header_fields("Everleaf", "1", "7 Card Stud", currency="EUR")
    >>> f["site"], f["tournament_id"], f["currency"]
    ('Everleaf', None, 'EUR')
    """
    fields = dict(HEADER_DEFAULTS)
    fields.update(site=site, hand_id=hand_id, game_text=game_text)
    fields.update(given)
    return fields


_TOTAL_POT = re.compile(r"Total Pot\((?P<total>[^()\n]+)\)(?: \| Rake \((?P<rake>[^()\n]+)\))?")


def total_pot(line: str) -> tuple[str, str | None] | None:
    """The pot and rake texts of a ``Total Pot($0.43) | Rake ($0.04)`` line (Absolute,
    Bovada); the rake is ``None`` when the line prints none.

    >>> total_pot("Total Pot($0.43) | Rake ($0.04)"), total_pot("Total Pot($150)")
    (('$0.43', '$0.04'), ('$150', None))
    """
    m = _TOTAL_POT.fullmatch(line)
    return (m["total"], m["rake"]) if m else None

def seated_name(names: Iterable[str], text: str) -> str | None:
    """The longest of ``names`` that ``text`` starts with, as a whole word (or all of it).

    For lines that put a name before free text, where a name may hold spaces:

    >>> seated_name({"Ann", "Ann Lee"}, "Ann Lee folded on the 3rd Street")
    'Ann Lee'
    >>> seated_name({"Ann"}, "Anna showed [Ah]") is None
    True
    """
    return max((n for n in names if text == n or text.startswith(n + " ")), key=len,
               default=None)


def verb_shape(verb: str, rest: str = "") -> re.Pattern[str]:
    r"""The shape of an action line, ``<name> <verb>`` or ``<name> <verb> <rest>`` (the
    player in group ``name``, ``rest`` a regular expression).

    >>> verb_shape("folds").fullmatch("Ann Lee folds")["name"]
    'Ann Lee'
    >>> verb_shape("bets", r"(?P<amount>\d+)").fullmatch("Bob bets 40")["amount"]
    '40'
    """
    return re.compile(rf"(?P<name>[^\n]+) {verb}" + (f" {rest}" if rest else ""))


_CHIPS: dict[str, type[BringIn] | type[Bet] | type[Call]] = {
    "BRING_IN": BringIn, "BET": Bet, "CALL": Call}
_NO_CHIPS: dict[str, type[Check] | type[Fold] | type[Muck] | type[NoShow]] = {
    "CHECK": Check, "FOLD": Fold, "MUCK": Muck, "NO_SHOW": NoShow}


def player_event(kind: str, line: int, player: str, amount: int = 0,
                 all_in: bool = False) -> HandEvent:
    """The event of a line that names only its player and, for chips, what it puts in:
    ``BRING_IN``, ``BET``, ``CALL`` (``amount`` in), ``CHECK``, ``FOLD``, ``MUCK`` (no
    card shown) or ``NO_SHOW``.

    >>> player_event("CALL", 12, "Bob", 40)
    Call(line=12, player='Bob', amount=40, all_in=False)
    >>> player_event("FOLD", 13, "Ann")
    Fold(line=13, player='Ann')
    """
    chips = _CHIPS.get(kind)
    if chips is not None:
        return chips(line=line, player=player, amount=amount, all_in=all_in)
    return _NO_CHIPS[kind](line=line, player=player)


def classify_line(shapes: Mapping[str, re.Pattern[str]], order: tuple[str, ...],
                  line: str) -> tuple[str, re.Match[str]] | None:
    """The first shape in ``order`` that matches all of ``line``, as the grammar decides it."""
    for kind in order:
        m = shapes[kind].fullmatch(line)
        if m:
            return kind, m
    return None


@mypyc_attr(allow_interpreted_subclasses=True)
class StructureRules:
    """The callbacks of the grammars' structural rules (``start``, the streets, showdown,
    summary): they carry nothing, since every terminal's callback has recorded its events
    already. Written out one by one so that mypyc compiles them (it takes no ``a = b = f``
    in a class)."""

    def _nothing(self, children: list[Any]) -> None:
        return None

    def start(self, children: list[Any]) -> None:
        return None

    def third(self, children: list[Any]) -> None:
        return None

    def fourth(self, children: list[Any]) -> None:
        return None

    def fifth(self, children: list[Any]) -> None:
        return None

    def sixth(self, children: list[Any]) -> None:
        return None

    def river(self, children: list[Any]) -> None:
        return None

    def showdown(self, children: list[Any]) -> None:
        return None

    def summary(self, children: list[Any]) -> None:
        return None


def read_cards(texts: Sequence[str], hidden: frozenset[str], corrupt: frozenset[str],
               tens_as_10: bool, n: int) -> tuple[tuple[MaybeCard, ...], list[str]]:
    """The cards a line prints and the corrupt texts among them: the rule of every reader.

    A text in a card's place is a card, a hidden card (``hidden``: the site's ``X``), or a
    card written unknown (``??``, as PHH and stud-hh's own exports write one), or a
    corrupt text the site is known to print (``corrupt``: PokerStars' ``of``), kept as an
    unknown card with a warning on the hand, never invented. Any other text is a card that
    cannot exist (``1x``, ``Zz``, ``10h`` where the site prints a ten as ``T``): a
    :class:`LineError` at the line ``n`` with the reason, which fails the hand.

    >>> read_cards(["Ah", "X", "of"], frozenset({"X"}), frozenset({"of"}), False, 4)
    (('Ah', None, None), ['of'])
    >>> try:
    ...     read_cards(["1x"], frozenset(), frozenset(), False, 4)
    ... except LineError as exc:
    ...     print(exc.line, exc.reason)
    4 a card that cannot exist: '1x'
    """
    cards = parse_cards(" ".join(texts), tens_as_10=tens_as_10)
    if None not in cards:
        return cards, []
    bad = [c for c, ok in zip(texts, cards, strict=True)
           if ok is None and c not in hidden and c != UNKNOWN_CARD]
    impossible = [c for c in bad if c not in corrupt]
    if impossible:
        raise LineError(impossible_card(impossible[0], tens_as_10), n)
    return cards, bad


UNKNOWN_CARD = "??"
"""A card written as unknown: read as one, without a word."""


def _summary_cards(after: str) -> str:
    """The cards of a summary's ``[CARDS - BEST]`` (``after`` follows its ``[``); none in
    ``[Does not show]`` (Absolute, Bovada)."""
    inside = after.partition("]")[0]
    return "" if inside == "Does not show" else inside.partition("-")[0]


@mypyc_attr(allow_interpreted_subclasses=True)
class SiteBuilder(StructureRules):
    """Base of the text sites' builders: the parser's callbacks append events in line order.

    Subclasses set :attr:`SHAPES` and :attr:`LINE_ORDER`, implement
    :meth:`_make` (one classified line -> events) and add callbacks for their
    own terminals. ``begin`` resets the state for each hand; a subclass that
    keeps more state extends :meth:`reset`.
    """

    SHAPES: ClassVar[Mapping[str, re.Pattern[str]]] = {}
    LINE_ORDER: ClassVar[tuple[str, ...]] = ()
    UNKNOWN_CARDS: ClassVar[frozenset[str]] = frozenset({"X", "x", "?", "??", "Xx", "xx"})
    """Card texts that mean "not shown": read as unknown without a warning."""
    CORRUPT_CARDS: ClassVar[frozenset[str]] = frozenset()  # known corrupt texts: read_cards
    TENS_AS_10: ClassVar[bool] = False  # whether the site prints a ten as "10h", not "Th"
    COLLECT_POT: ClassVar[PotKind] = PotKind.POT
    """The pot a ``COLLECT`` line names (Everleaf and Absolute print the main pot)."""

    def __init__(self) -> None:
        self.events: list[HandEvent] = []
        self.seats: list[Seat] = []
        self.lines: Sequence[int] = ()
        self.scale = 100
        self.game = Game.STUD
        self.street = Street.THIRD
        self.names: set[str] = set()
        self.case_names: dict[str, str] = {}
        """Names read as a seat's by their case alone (``Player1`` for ``PLAYER1``), each
        told once in the warnings."""
        self.warnings: list[str] = []
        self.table_name = ""
        self.max_seats: int | None = None
        self.totals: dict[str, int] = {}
        """Each player's chips in on this street (for ``raises to`` arithmetic)."""
        self.bet_to = 0
        """The street's highest total so far."""
        self.showdown_open = False
        """A showdown header was printed, or the first hand was shown without one."""
        self.players_line: tuple[int, int] | None = None
        """A count of players the site prints before the seat lines, and its line."""
        self.fields: dict[str, Any] = {}

    def begin(self, fields: dict[str, Any], lines: Sequence[int]) -> None:
        """Start a hand: ``fields`` from the site's header reader, ``lines`` the file lines."""
        self.fields = fields
        self.lines = lines
        self.scale = fields["scale"]
        self.game = fields["game"]
        self.reset()

    def reset(self) -> None:
        self.events = []
        self.seats = []
        self.street = Street.THIRD
        self.names = set()
        self.case_names = {}
        self.warnings = []
        self.table_name = self.fields.get("table") or ""
        self.max_seats = self.fields.get("max_seats")
        self.totals = {}
        self.bet_to = 0
        self.showdown_open = False
        self.players_line = None

    # -- helpers -------------------------------------------------------------------
    def _file_line(self, n: int) -> int:
        lines = self.lines
        return lines[n - 1] if 0 < n <= len(lines) else n

    def _amount(self, text: str, n: int) -> int:
        try:
            return parse_amount(text, self.scale)
        except ValueError as exc:
            raise LineError(str(exc), n) from None

    def _cards(self, text: str, n: int) -> tuple[MaybeCard, ...]:
        """Cards as printed, read by the rule of every reader (:func:`read_cards`)."""
        cards, corrupt = read_cards(text.replace(",", " ").split(), self.UNKNOWN_CARDS,
                                    self.CORRUPT_CARDS, self.TENS_AS_10, n)
        if corrupt:
            self.warnings.append(f"line {self._file_line(n)}: unreadable card(s) "
                                 f"{' '.join(corrupt)!r} kept as unknown")
        return cards

    def _seat(self, number: int, name: str, stack_text: str, n: int,
              sitting_out: bool = False) -> None:
        if name in self.names:
            raise LineError(f"player {name!r} is seated twice", n)
        self.names.add(name)
        self.seats.append(Seat.make(seat=number, name=name, stack=self._amount(stack_text, n),
                                    sitting_out=sitting_out, line=self._file_line(n)))

    def _seat_name(self, name: str, n: int) -> str | None:
        """The seated name ``name`` is (:meth:`~stud_hh.read.names.SeatNames.find`; one read
        by its case alone told in the warnings once), or ``None``."""
        seat = name if name in self.names else SeatNames(self.names).find(name)
        if seat is not None and by_case(seat, name):
            self._case_name(name, seat, n)
        return seat

    def _case_name(self, name: str, seat: str, n: int) -> None:
        """``name`` is read as ``seat``'s by its case alone: told once in the warnings."""
        if name not in self.case_names:
            self.case_names[name] = seat
            self.warnings.append(case_warning(name, seat, self._file_line(n)))

    def _seated_or_fail(self, name: str, n: int, what: str) -> str:
        """The seated name ``name`` is; else the line fails, saying why after ``what``."""
        seat = self._seat_name(name, n)
        if seat is None:
            raise LineError(f"{what}: {not_seated(name, SeatNames(self.names))}", n)
        return seat

    def _name_starting(self, text: str, n: int, what: str) -> tuple[str, int]:
        """The seated player ``text`` starts with (:func:`~stud_hh.read.names.starting`) and
        the length of the name printed; else the line fails, saying why after ``what``."""
        found, why = starting(self.names, text)
        if found is None:
            raise LineError(f"{what}: {why}", n)
        printed = text[:len(found)]
        if printed != found:
            self._case_name(printed, found, n)
        return found, len(printed)

    def _put(self, name: str, to: int) -> None:
        """Record ``name``'s total on this street."""
        self.totals[name] = to
        self.bet_to = max(self.bet_to, to)

    # -- events that sites printing chips added, or no showdown header, share ---------------
    def _deal(self, name: str, cards: tuple[MaybeCard, ...], n: int,
              known: tuple[MaybeCard, ...] = ()) -> None:
        """New cards for ``name`` on this street, face up or down by the game's dealing rules."""
        self.events.append(Deal(line=self._file_line(n), player=name, street=self.street,
                                cards=cards, face_up=face_up(self.game, self.street, len(cards)),
                                known=known))

    def _added(self, kind: str, name: str, added: int, n: int, all_in: bool = False) -> None:
        """An action printed with the chips it adds (``BRING_IN``, ``COMPLETE``, ``BET``,
        ``RAISE`` or ``CALL``), as the shared event.

        A raise becomes ``Raise(by, to)`` from the street's totals: ``to`` is what the
        player now has in on the street, ``by`` its excess over the highest total before
        (arithmetic on printed amounts; nothing is decided here).
        """
        line = self._file_line(n)
        to = self.totals.get(name, 0) + added
        before = self.bet_to
        event: HandEvent
        if kind == "CALL":
            self.totals[name] = to
            event = Call(line=line, player=name, amount=added, all_in=all_in)
        else:
            self._put(name, to)
            if kind == "BRING_IN":
                event = BringIn(line=line, player=name, amount=added, all_in=all_in)
            elif kind == "COMPLETE":
                event = Complete(line=line, player=name, to=to, all_in=all_in)
            elif kind == "BET":
                event = Bet(line=line, player=name, amount=added, all_in=all_in)
            else:  # RAISE
                event = Raise(line=line, player=name, by=to - before, to=to, all_in=all_in)
        self.events.append(event)

    def _plain(self, kind: str, name: str, n: int) -> None:
        """``CHECK``, ``FOLD`` or ``NO_SHOW``: an event that carries its player only."""
        line = self._file_line(n)
        event: HandEvent
        if kind == "CHECK":
            event = Check(line=line, player=name)
        elif kind == "FOLD":
            event = Fold(line=line, player=name)
        else:  # NO_SHOW
            event = NoShow(line=line, player=name)
        self.events.append(event)

    def _show(self, name: str, cards: tuple[MaybeCard, ...], n: int,
              description: str | None) -> None:
        """Cards turned over. A site that prints no showdown header opens the showdown
        (:class:`~stud_hh.model.events.ShowdownStart`) at its first shown hand."""
        line = self._file_line(n)
        if not self.showdown_open:
            self.showdown_open = True
            self.events.append(ShowdownStart(line=line))
        self.events.append(Show(line=line, player=name, cards=cards,
                                description=description or None))

    @staticmethod
    def _lines(token: Any) -> Iterator[tuple[int, str]]:
        """The lines of a multi-line terminal, each with its line in the hand."""
        first: int = token.line
        for offset, value in enumerate(token.value[:-1].split("\n")):
            yield first + offset, value

    def _seat_run(self, token: Any, pattern: re.Pattern[str]) -> None:
        """Seat lines whose ``pattern`` names the groups ``seat``, ``name`` and ``stack``."""
        for n, value in self._lines(token):
            m = pattern.fullmatch(value)
            if m is None:  # pragma: no cover - the terminal guarantees the shape
                raise LineError("unreadable seat line", n)
            self._seat(int(m["seat"]), m["name"], m["stack"], n)

    def _ante_run(self, token: Any, pattern: re.Pattern[str]) -> list[PostAnte]:
        """Ante lines whose ``pattern`` names ``name``, ``amount`` and, optionally, ``all_in``;
        the antes are recorded and returned."""
        antes = []
        for n, value in self._lines(token):
            m = pattern.fullmatch(value)
            if m is None:  # pragma: no cover - the terminal guarantees the shape
                raise LineError("unreadable ante line", n)
            all_in = "all_in" in pattern.groupindex and m["all_in"] is not None
            antes.append(PostAnte(line=self._file_line(n), player=m["name"],
                                  amount=self._amount(m["amount"], n), all_in=all_in))
        self.events.extend(antes)
        return antes

    def _seated_deal(self, m: re.Match[str]) -> tuple[str, re.Match[str]]:
        r"""A deal line's player and match, the player a seated one where the line's lazy
        ``name`` group stopped short of him: ``Dealt to Al [ME] [5s]`` deals ``[5s]`` to a
        seated ``Al [ME]``, not ``[ME] [5s]`` to an ``Al`` nobody seated.

        >>> b = SiteBuilder()
        >>> b.names = {"Al [ME]"}
        >>> deal = re.compile(r"Dealt to (?P<name>.+?) (?P<cards>\[\w*\])(?: (?P<more>\[\w*\]))?")
        >>> name, m = b._seated_deal(deal.fullmatch("Dealt to Al [ME] [5s]"))
        >>> name, m["cards"], m["more"]
        ('Al [ME]', '[5s]', None)
        """
        name = m["name"]
        if name in self.names:
            return name, m
        line, at = m.string, m.start("name")
        for seated in sorted(self.names, key=len, reverse=True):
            if len(seated) <= len(name) or not line.startswith(seated + " ", at):
                continue
            again = m.re.fullmatch(f"{line[:at]}_{line[at + len(seated):]}")
            if again is not None and again["name"] == "_":
                return seated, again
        return name, m

    def _deal_match(self, m: re.Match[str], n: int) -> Deal:
        """A deal line: the ``cards`` it prints, or, with a group ``more``, the ``cards`` it
        repeats from earlier streets and the ``more`` it deals now."""
        player, m = self._seated_deal(m)
        first = self._cards(m["cards"][1:-1], n)
        more = m["more"] if "more" in m.re.groupindex else None
        known, cards = ((), first) if more is None else (first, self._cards(more[1:-1], n))
        return Deal(line=self._file_line(n), player=player, street=self.street, cards=cards,
                    face_up=face_up(self.game, self.street, len(cards)), known=known)

    def _raise_to(self, name: str, to: int, line: int, all_in: bool = False) -> Raise:
        """A raise to the street total ``to``: its ``by`` part is over the street's bet."""
        event = Raise(line=line, player=name, by=to - self.bet_to, to=to, all_in=all_in)
        self._put(name, to)
        return event

    def _chips_in(self, name: str, to: int, call: bool = False) -> None:
        """Record ``name``'s new total on this street; a call does not raise the bet."""
        if call:
            self.totals[name] = to
        else:
            self._put(name, to)

    def _run(self, token: Any, order: tuple[str, ...] | None = None) -> None:
        """Classify each line of a multi-line terminal and hand it to :meth:`_make`."""
        n: int = token.line
        shapes, order = self.SHAPES, order or self.LINE_ORDER
        for line in token.value[:-1].split("\n"):
            found = classify_line(shapes, order, line)
            if found is None:  # pragma: no cover - the lexer accepted it, so a shape matches
                raise LineError("unrecognised line", n)
            self._make(found[0], found[1], n)
            n += 1

    def _shape(self, kind: str, value: str, n: int) -> re.Match[str]:
        """``value`` taken apart by ``SHAPES[kind]``: a line the lexer accepted as that shape."""
        m = self.SHAPES[kind].fullmatch(value)
        if m is None:  # pragma: no cover - the lexer accepted it
            raise LineError(f"unrecognised {kind.lower().replace('_', ' ')} line", n)
        return m

    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        """One classified line -> its events, for the shapes most text sites share: ``DEAL``,
        ``CHECK``, ``FOLD``, ``NO_SHOW``, ``SHOW``, ``COLLECT`` and the actions printed with
        the chips they add. A builder handles its own shapes first and passes the rest on."""
        name = m["name"]
        if kind == "DEAL":
            self._deal(name, self._cards(m["cards"], n), n)
        elif kind in ("CHECK", "FOLD", "NO_SHOW"):
            self._plain(kind, name, n)
        elif kind == "SHOW":
            self._show(name, self._cards(m["cards"], n), n, m["description"])
        elif kind == "COLLECT":
            self.events.append(Collect(line=self._file_line(n), player=name,
                                       amount=self._amount(m["amount"], n), pot=self.COLLECT_POT))
        elif kind in ("BRING_IN", "COMPLETE", "BET", "RAISE", "CALL"):
            self._added(kind, name, self._amount(m["amount"], n), n)
        else:  # pragma: no cover - a shape of the site that its builder forgot
            raise LineError(f"no event for a {kind} line", n)

    def _ante(self, name: str, amount: int, n: int) -> None:
        self.events.append(PostAnte(line=self._file_line(n), player=name, amount=amount))

    def _summary(self, name: str, seat: int, outcome: SeatOutcome, value: str, n: int, *,
                 street: Street | None = None, won: int | None = None,
                 shown: str | None = None) -> None:
        """A summary seat line. ``shown`` is its part ``... with DESCRIPTION [CARDS - BEST]``
        (Absolute, Bovada): the cards before the ``-`` and the words after ``with``."""
        cards: tuple[MaybeCard, ...] = ()
        description: str | None = None
        if shown is not None and "[" in shown:
            before, _, after = shown.partition("[")
            cards = self._cards(_summary_cards(after), n)
            description = before.partition("with ")[2].strip() or None
        self.events.append(SeatSummary(line=self._file_line(n), player=name, seat=seat,
                                       outcome=outcome, street=street, cards=cards, won=won,
                                       description=description, text=value))

    def _seat_line(self, name: str, seat: int, rest: str, value: str, n: int) -> None:
        """A summary seat line of ``name``'s seat; ``rest`` follows ``Seat N:``."""
        raise NotImplementedError

    def _street(self, token: Any, street: Street) -> None:
        self._open_street(street, token.line)

    def _open_street(self, street: Street, n: int) -> None:
        """Start ``street`` at the hand's ``n``-th line; its totals start from nothing."""
        self.street = street
        self.totals = {}
        self.bet_to = 0
        self.events.append(StreetStart(line=self._file_line(n), street=street))

    # -- terminals most grammars share ---------------------------------------------------
    def STREET3(self, token: Any) -> None:
        self._street(token, Street.THIRD)

    def STREET4(self, token: Any) -> None:
        self._street(token, Street.FOURTH)

    def STREET5(self, token: Any) -> None:
        self._street(token, Street.FIFTH)

    def STREET6(self, token: Any) -> None:
        self._street(token, Street.SIXTH)

    def RIVER(self, token: Any) -> None:
        self._street(token, Street.SEVENTH)

    def SHOWDOWN(self, token: Any) -> None:
        self.showdown_open = True
        self.events.append(ShowdownStart.make(line=self._file_line(token.line)))

    def SUMMARY(self, token: Any) -> None:
        self.events.append(SummaryStart.make(line=self._file_line(token.line)))

    def LINES(self, token: Any) -> None:
        self._run(token)

    def PLAYERS(self, token: Any) -> None:
        """``Total number of players: 2`` (Everleaf), ``Players in round: 2 (5)`` (OnGame):
        the number of seat lines that follow."""
        count = re.search(r": (\d+)", token.value)
        self.players_line = (int(count[1]), token.line) if count else None

    def SEATS(self, token: Any) -> None:
        """Seat lines of the shape ``SHAPES["SEAT"]`` (groups ``seat``, ``name``, ``amount``)."""
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            m = self._shape("SEAT", value, n)
            self._seat(int(m["seat"]), m["name"], m["amount"], n)
            n += 1
        if self.players_line is not None and self.players_line[0] != len(self.seats):
            count, line = self.players_line
            self.warnings.append(f"line {self._file_line(line)}: {count} players announced, "
                                 f"{len(self.seats)} seat lines")

    def PRE(self, token: Any) -> None:
        """Ante lines of the shape ``SHAPES["ANTE"]`` (groups ``name``, ``amount``)."""
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            m = self._shape("ANTE", value, n)
            self._ante(m["name"], self._amount(m["amount"], n), n)
            n += 1

    def SEAT_SUMMARIES(self, token: Any) -> None:
        """Summary lines of the shape ``SHAPES["SEAT_SUMMARY"]`` (groups ``seat``, ``rest``),
        each named by its seat's player (of two in one seat, ``seat.shared``, the one whose
        name it starts with) and handed to :meth:`_seat_line`."""
        n: int = token.line
        by_seat: dict[int, list[str]] = {}
        for seat in self.seats:
            by_seat.setdefault(seat.seat, []).append(seat.name)
        for value in token.value[:-1].split("\n"):
            m = self._shape("SEAT_SUMMARY", value, n)
            names = by_seat.get(int(m["seat"]))
            if names is None:
                raise LineError(f"seat {m['seat']} has no player", n)
            name = names[0] if len(names) == 1 else _named(names, m["rest"])
            self._seat_line(name, int(m["seat"]), m["rest"], value, n)
            n += 1


@mypyc_attr(allow_interpreted_subclasses=True)
class PatternLinesBuilder(SiteBuilder):
    """A builder whose seat and ante lines each have one pattern (Winning, KingsClub)."""

    SEAT_LINE: ClassVar[re.Pattern[str]] = re.compile(r"(?!)")
    """The seat line read by :meth:`SEATS`: groups ``seat``, ``name``, ``stack``."""
    ANTE_LINE: ClassVar[re.Pattern[str]] = re.compile(r"(?!)")
    """The ante line read by :meth:`PRE`: groups ``name``, ``amount``, maybe ``all_in``."""

    def SEATS(self, token: Any) -> None:
        self._seat_run(token, self.SEAT_LINE)

    def PRE(self, token: Any) -> None:
        self._ante_run(token, self.ANTE_LINE)


@mypyc_attr(allow_interpreted_subclasses=True)
class ShiftedStreetsBuilder(PatternLinesBuilder):
    """A site whose street headers come one street late (Winning Poker 2016, KingsClub).

    3rd street's cards and actions come first, under no header. Each header then
    opens the next street but names the one before it: ``*** Third street ***``
    (``*** 3RD STREET ***``) stands where 4th street's cards begin, and the last
    one, named 6th, opens 7th street. So each header sits exactly where a street
    begins, one name behind; the street a hand ends on never gets a header of its
    own name. A hand whose first header comes before any card (KingsClub's later
    files) names its streets as they are. The builder tells the two apart by
    which comes first: the first line after the antes, or a header.

    Subclasses call :meth:`_named_street` from their header terminal.
    """

    def betting_round(self, children: list[Any]) -> None:
        return None

    def reset(self) -> None:
        super().reset()
        self.started = False
        """A street is open."""
        self.shifted = False
        """3rd street came without a header: every header names the street before."""

    def LINES(self, token: Any) -> None:
        if not self.started:  # cards before any header: 3rd street, headers one late
            self.started = self.shifted = True
            self._open_street(Street.THIRD, token.line)
        self._run(token)

    def _named_street(self, named: Street, n: int) -> None:
        """A street header at line ``n`` that names ``named``."""
        if self.shifted:
            if named is Street.SEVENTH:
                raise LineError("a 7th street header in a hand whose headers come one street "
                                "late: there is no street after 7th", n)
            street = Street(named + 1)
        else:
            street = named
        due: Street | None = Street.THIRD
        if self.started:
            due = None if self.street is Street.SEVENTH else Street(self.street + 1)
        if street != due:
            where = f"{due.label} street is due" if due else "7th street is already open"
            late = " (its headers come one street late)" if self.shifted else ""
            raise LineError(f"a header for {street.label} street where {where}{late}", n)
        self.started = True
        self._open_street(street, n)


def _named(names: list[str], rest: str) -> str:
    """Of the players ``names`` seated in one seat, the one ``rest`` (a summary line after
    ``Seat N:``) starts with, case aside (the longest, when one name begins another); the
    first when it starts with none of them.

    >>> _named(["Al", "Al Bo"], "al bo folded on the 3rd street")
    'Al Bo'
    """
    folded = rest.casefold()
    starting = [p for p in names if folded.startswith(p.casefold() + " ")]
    return max(starting, key=len) if starting else names[0]
