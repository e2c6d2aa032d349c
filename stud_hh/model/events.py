"""The site-neutral event model: what a hand history says, in order.

Every site's grammar and transformer produce these same frozen values. An
event records what the site *printed*, not what it means under the rules: a
PokerStars completion is printed as ``bets`` or ``raises`` and stays a
:class:`Bet` or :class:`Raise` here; the replayer decides it is a completion.

Every event carries ``line``, the 1-based line in the source file it came
from; the file path and hand id live once on :class:`HandHeader` and
:class:`stud_hh.read.parse.ParsedHand`.

Money is an ``int`` in the table's smallest unit (see :mod:`stud_hh.model.money`).

>>> Fold(line=30, player="Bob")
Fold(line=30, player='Bob')
>>> Raise(line=31, player="Ann", by=2, to=4).to
4
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from datetime import datetime
from enum import IntEnum, StrEnum
from types import FunctionType
from typing import Any, TypeVar

from stud_hh.model.cards import Card, MaybeCard


class Game(StrEnum):
    """The stud-family games we read."""

    STUD = "stud"
    STUD8 = "stud8"
    RAZZ = "razz"
    FIVE_STUD = "five_stud"
    RAZZ_27 = "razz27"


class Limit(StrEnum):
    FIXED = "fixed"
    POT = "pot"
    NO_LIMIT = "no_limit"


class Street(IntEnum):
    """Betting rounds, numbered as players say them (3rd street = 3)."""

    THIRD = 3
    FOURTH = 4
    FIFTH = 5
    SIXTH = 6
    SEVENTH = 7

    @property
    def label(self) -> str:
        return {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}[int(self)]


class PotKind(StrEnum):
    """Which pot a collection names: ``pot`` when the site names none."""

    POT = "pot"
    MAIN = "main"
    SIDE = "side"


class TableEventKind(StrEnum):
    """Table traffic a site prints between actions; kept, never interpreted."""

    JOINS = "joins"
    LEAVES = "leaves"
    CONNECTED = "connected"
    DISCONNECTED = "disconnected"
    TIMED_OUT = "timed_out"
    SITTING_OUT = "sitting_out"
    RETURNED = "returned"
    REMOVED = "removed"
    FINISHED = "finished"
    OTHER = "other"


@dataclass(frozen=True, slots=True, kw_only=True)
class Seat:
    """A player seated when the hand starts."""

    seat: int
    name: str
    stack: int
    sitting_out: bool = False
    line: int

    @staticmethod
    def make(seat: int, name: str, stack: int, sitting_out: bool,
             line: int) -> Seat:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = Seat.__new__(Seat)
        object.__setattr__(made, "seat", seat)
        object.__setattr__(made, "name", name)
        object.__setattr__(made, "stack", stack)
        object.__setattr__(made, "sitting_out", sitting_out)
        object.__setattr__(made, "line", line)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class HandHeader:
    """Everything a hand says before the first ante: who, where, when, what stakes."""

    site: str
    hand_id: str
    game: Game
    game_text: str
    """The site's own words for the game, e.g. ``7 Card Stud Hi/Lo Limit``."""
    limit: Limit
    small_bet: int
    """The 3rd- and 4th-street bet; ``0`` (with ``big_bet``) when the site prints no
    stakes and no bet of the hand shows them (Bovada): bet sizes are then unverifiable."""
    big_bet: int
    currency: str | None
    """ISO code for real money (``USD``), ``None`` for chips."""
    scale: int
    """Units per printed whole: 100 for cents, 1 for chips."""
    play_money: bool = False
    mixed_game: str | None = None
    """The wrapper of a mixed game (``8-Game``, ``HORSE``, ``Triple Stud``)."""
    home_club: str | None = None
    tournament_id: str | None = None
    buy_in: int | None = None
    """Tournament buy-in (prize-pool part) in units of ``buy_in_currency``."""
    fee: int | None = None
    bounty: int | None = None
    buy_in_currency: str | None = None
    level: str | None = None
    """Tournament level as printed (``XXXI``), ``None`` for cash games."""
    match_round: str | None = None
    table: str
    max_seats: int | None = None
    started_at: datetime | None = None
    """Start time, timezone-aware, in UTC."""
    started_local: str | None = None
    """The local time text as printed, with its zone (``2013/01/03 16:27:43 EET``)."""
    seats: tuple[Seat, ...]
    line: int

    @property
    def is_tournament(self) -> bool:
        return self.tournament_id is not None

    @staticmethod
    def make(site: str, hand_id: str, game: Game, game_text: str,
             limit: Limit, small_bet: int, big_bet: int, currency: str | None, scale: int,
             play_money: bool, mixed_game: str | None, home_club: str | None,
             tournament_id: str | None, buy_in: int | None, fee: int | None,
             bounty: int | None, buy_in_currency: str | None, level: str | None,
             match_round: str | None, table: str, max_seats: int | None,
             started_at: datetime | None, started_local: str | None, seats: tuple[Seat, ...],
             line: int) -> HandHeader:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = HandHeader.__new__(HandHeader)
        object.__setattr__(made, "site", site)
        object.__setattr__(made, "hand_id", hand_id)
        object.__setattr__(made, "game", game)
        object.__setattr__(made, "game_text", game_text)
        object.__setattr__(made, "limit", limit)
        object.__setattr__(made, "small_bet", small_bet)
        object.__setattr__(made, "big_bet", big_bet)
        object.__setattr__(made, "currency", currency)
        object.__setattr__(made, "scale", scale)
        object.__setattr__(made, "play_money", play_money)
        object.__setattr__(made, "mixed_game", mixed_game)
        object.__setattr__(made, "home_club", home_club)
        object.__setattr__(made, "tournament_id", tournament_id)
        object.__setattr__(made, "buy_in", buy_in)
        object.__setattr__(made, "fee", fee)
        object.__setattr__(made, "bounty", bounty)
        object.__setattr__(made, "buy_in_currency", buy_in_currency)
        object.__setattr__(made, "level", level)
        object.__setattr__(made, "match_round", match_round)
        object.__setattr__(made, "table", table)
        object.__setattr__(made, "max_seats", max_seats)
        object.__setattr__(made, "started_at", started_at)
        object.__setattr__(made, "started_local", started_local)
        object.__setattr__(made, "seats", seats)
        object.__setattr__(made, "line", line)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base of every in-hand event: the source line it came from."""

    line: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerEvent(Event):
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PostAnte(PlayerEvent):
    amount: int
    all_in: bool = False

    @staticmethod
    def make(line: int, player: str, amount: int, all_in: bool) -> PostAnte:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = PostAnte.__new__(PostAnte)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "amount", amount)
        object.__setattr__(made, "all_in", all_in)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class StreetStart(Event):
    """A street header. ``common`` is the shared card dealt face up, if any."""

    street: Street
    common: MaybeCard = None
    has_common: bool = False

    @staticmethod
    def make(line: int, street: Street, common: MaybeCard,
             has_common: bool) -> StreetStart:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = StreetStart.__new__(StreetStart)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "street", street)
        object.__setattr__(made, "common", common)
        object.__setattr__(made, "has_common", has_common)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class Deal(PlayerEvent):
    """Cards a player receives on ``street``, as the site shows them.

    ``cards`` are the new cards; ``face_up`` says which of them are exposed;
    ``known`` are cards the line repeats from earlier streets. ``None`` in a
    card position is a card the site did not print readably.
    """

    street: Street
    cards: tuple[MaybeCard, ...]
    face_up: tuple[bool, ...]
    known: tuple[MaybeCard, ...] = ()

    @staticmethod
    def make(line: int, player: str, street: Street,
             cards: tuple[MaybeCard, ...], face_up: tuple[bool, ...],
             known: tuple[MaybeCard, ...]) -> Deal:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = Deal.__new__(Deal)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "street", street)
        object.__setattr__(made, "cards", cards)
        object.__setattr__(made, "face_up", face_up)
        object.__setattr__(made, "known", known)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class BringIn(PlayerEvent):
    amount: int
    all_in: bool = False

    @staticmethod
    def make(line: int, player: str, amount: int, all_in: bool) -> BringIn:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = BringIn.__new__(BringIn)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "amount", amount)
        object.__setattr__(made, "all_in", all_in)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class Complete(PlayerEvent):
    """A site that prints a completion as such (``completes it to``): total ``to``."""

    to: int
    all_in: bool = False

    @staticmethod
    def make(line: int, player: str, to: int, all_in: bool) -> Complete:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = Complete.__new__(Complete)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "to", to)
        object.__setattr__(made, "all_in", all_in)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class Bet(PlayerEvent):
    amount: int
    all_in: bool = False

    @staticmethod
    def make(line: int, player: str, amount: int, all_in: bool) -> Bet:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = Bet.__new__(Bet)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "amount", amount)
        object.__setattr__(made, "all_in", all_in)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class Raise(PlayerEvent):
    """``raises BY to TO``: ``to`` is the player's total on this street."""

    by: int
    to: int
    all_in: bool = False

    @staticmethod
    def make(line: int, player: str, by: int, to: int,
             all_in: bool) -> Raise:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = Raise.__new__(Raise)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "by", by)
        object.__setattr__(made, "to", to)
        object.__setattr__(made, "all_in", all_in)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class Call(PlayerEvent):
    amount: int
    all_in: bool = False

    @staticmethod
    def make(line: int, player: str, amount: int, all_in: bool) -> Call:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = Call.__new__(Call)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "amount", amount)
        object.__setattr__(made, "all_in", all_in)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class Check(PlayerEvent):

    @staticmethod
    def make(line: int, player: str) -> Check:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = Check.__new__(Check)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class Fold(PlayerEvent):

    @staticmethod
    def make(line: int, player: str) -> Fold:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = Fold.__new__(Fold)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class UncalledReturned(PlayerEvent):
    amount: int

    @staticmethod
    def make(line: int, player: str, amount: int) -> UncalledReturned:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = UncalledReturned.__new__(UncalledReturned)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "amount", amount)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class Collect(PlayerEvent):
    """``X collected A from [main|side] pot[-n]``."""

    amount: int
    pot: PotKind = PotKind.POT
    pot_index: int | None = None

    @staticmethod
    def make(line: int, player: str, amount: int, pot: PotKind,
             pot_index: int | None) -> Collect:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = Collect.__new__(Collect)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "amount", amount)
        object.__setattr__(made, "pot", pot)
        object.__setattr__(made, "pot_index", pot_index)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class ShowdownStart(Event):

    @staticmethod
    def make(line: int) -> ShowdownStart:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = ShowdownStart.__new__(ShowdownStart)
        object.__setattr__(made, "line", line)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class Show(PlayerEvent):
    cards: tuple[MaybeCard, ...]
    description: str | None = None

    @staticmethod
    def make(line: int, player: str, cards: tuple[MaybeCard, ...],
             description: str | None) -> Show:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = Show.__new__(Show)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "cards", cards)
        object.__setattr__(made, "description", description)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class Muck(PlayerEvent):
    """A player mucks; ``cards`` when the site reveals them (summary lines)."""

    cards: tuple[MaybeCard, ...] = ()

    @staticmethod
    def make(line: int, player: str, cards: tuple[MaybeCard, ...]) -> Muck:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = Muck.__new__(Muck)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "cards", cards)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class NoShow(PlayerEvent):
    """``doesn't show hand``: a winner who did not have to show."""

    @staticmethod
    def make(line: int, player: str) -> NoShow:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = NoShow.__new__(NoShow)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class Chat(PlayerEvent):
    text: str

    @staticmethod
    def make(line: int, player: str, text: str) -> Chat:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = Chat.__new__(Chat)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "text", text)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class TableEvent(PlayerEvent):
    """Table traffic: joins, leaves, connects, time-outs, finishing places."""

    kind: TableEventKind
    text: str

    @staticmethod
    def make(line: int, player: str, kind: TableEventKind,
             text: str) -> TableEvent:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = TableEvent.__new__(TableEvent)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "kind", kind)
        object.__setattr__(made, "text", text)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class Announcement(Event):
    """A dealer message the site prints: ``Betting is capped``, ``Pair on board``..."""

    kind: str
    """``capped``, ``pair_on_board``, ``no_low`` or ``other``."""
    text: str

    @staticmethod
    def make(line: int, kind: str, text: str) -> Announcement:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = Announcement.__new__(Announcement)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "kind", kind)
        object.__setattr__(made, "text", text)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class SummaryStart(Event):

    @staticmethod
    def make(line: int) -> SummaryStart:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = SummaryStart.__new__(SummaryStart)
        object.__setattr__(made, "line", line)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class PotSummary(Event):
    """``Total pot T [Main pot M. Side pot S1. ...] | Rake R``."""

    total: int
    main: int | None
    sides: tuple[int, ...]
    rake: int

    @staticmethod
    def make(line: int, total: int, main: int | None, sides: tuple[int, ...],
             rake: int) -> PotSummary:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = PotSummary.__new__(PotSummary)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "total", total)
        object.__setattr__(made, "main", main)
        object.__setattr__(made, "sides", sides)
        object.__setattr__(made, "rake", rake)
        return made


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardSummary(Event):
    cards: tuple[MaybeCard, ...]

    @staticmethod
    def make(line: int, cards: tuple[MaybeCard, ...]) -> BoardSummary:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = BoardSummary.__new__(BoardSummary)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "cards", cards)
        return made


class SeatOutcome(StrEnum):
    FOLDED = "folded"
    SHOWED_WON = "showed_won"
    SHOWED_LOST = "showed_lost"
    MUCKED = "mucked"
    COLLECTED = "collected"
    OTHER = "other"


@dataclass(frozen=True, slots=True, kw_only=True)
class SeatSummary(PlayerEvent):
    """A per-seat summary line: how the player's hand ended."""

    seat: int
    outcome: SeatOutcome
    street: Street | None = None
    """For ``folded``: the street the player folded on."""
    cards: tuple[MaybeCard, ...] = ()
    won: int | None = None
    description: str | None = None
    text: str

    @staticmethod
    def make(line: int, player: str, seat: int, outcome: SeatOutcome,
             street: Street | None, cards: tuple[MaybeCard, ...], won: int | None,
             description: str | None, text: str) -> SeatSummary:
        """Every field, in order (see :func:`compiled_makers`)."""
        made = SeatSummary.__new__(SeatSummary)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "seat", seat)
        object.__setattr__(made, "outcome", outcome)
        object.__setattr__(made, "street", street)
        object.__setattr__(made, "cards", cards)
        object.__setattr__(made, "won", won)
        object.__setattr__(made, "description", description)
        object.__setattr__(made, "text", text)
        return made


_E = TypeVar("_E")


def positional_constructor(cls: type[_E]) -> Callable[..., _E]:
    """A fast constructor for a frozen, slotted event class, taking every field in order.

    The generated ``__init__`` of a frozen dataclass goes through
    ``object.__setattr__`` once per field; a parser making a million events pays
    for that. This builds the same immutable object by setting the slots
    directly (about three times faster). Every field must be given.

    >>> make = positional_constructor(Fold)
    >>> make(30, "Bob") == Fold(line=30, player="Bob")
    True
    """
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    setters = {f"_s{i}": getattr(cls, name).__set__ for i, name in enumerate(names)}
    args = ", ".join(names)
    body = "".join(f"    _s{i}(o, {name})\n" for i, name in enumerate(names))
    source = f"def make({args}):\n    o = _new(_cls)\n{body}    return o\n"
    # cls.__new__ is object.__new__ for a plain class; a class compiled by mypyc has
    # its own (and refuses object.__new__), with slot setters that check types
    scope: dict[str, Any] = {"_new": cls.__new__, "_cls": cls, **setters}
    exec(source, scope)
    maker: Callable[..., _E] = scope["make"]
    return maker


COMPILED_MAKERS: dict[type, Callable[..., Any]] = {}
"""Each record class with a static ``make`` (see :func:`compiled_makers`), and that ``make``
as written (compiled or not: ``object.__setattr__`` works in both builds), for the tests."""


def compiled_makers(*classes: type) -> None:
    """Give each class's static ``make`` its fast form in this build.

    A record class built millions of times (an event, an action, a finding) has a static
    ``make`` that takes every field in declaration order and stores each one with
    ``object.__setattr__``. Compiled by mypyc, those are stores straight into the new
    object's native slots: about 0.1 us a record, against 1-4 us for the keyword
    ``__init__`` a frozen dataclass generates (interpreted even in the compiled build).
    Interpreted, ``object.__setattr__`` per field is slower than
    :func:`positional_constructor`, so ``make`` becomes that. Call it right after the
    class is defined.

    >>> Fold.make(30, "Bob") == Fold(line=30, player="Bob")  # doctest: +SKIP
    True
    """
    for cls in classes:
        written = cls.make  # type: ignore[attr-defined]
        COMPILED_MAKERS[cls] = written
        if isinstance(written, FunctionType):  # interpreted (compiled, it is a builtin)
            cls.make = staticmethod(positional_constructor(cls))  # type: ignore[attr-defined]


MAKES = (Seat, HandHeader, PostAnte, StreetStart, Deal, BringIn, Complete, Bet, Raise, Call,
         Check, Fold, UncalledReturned, Collect, ShowdownStart, Show, Muck, NoShow, Chat,
         TableEvent, Announcement, SummaryStart, PotSummary, BoardSummary, SeatSummary)
"""The classes a reader builds per line: each has a static ``make`` (see above)."""
compiled_makers(*MAKES)


HandEvent = (
    PostAnte
    | StreetStart
    | Deal
    | BringIn
    | Complete
    | Bet
    | Raise
    | Call
    | Check
    | Fold
    | UncalledReturned
    | Collect
    | ShowdownStart
    | Show
    | Muck
    | NoShow
    | Chat
    | TableEvent
    | Announcement
    | SummaryStart
    | PotSummary
    | BoardSummary
    | SeatSummary
)
"""Any event that can appear after a hand's header."""

__all__ = [
    "Announcement",
    "Bet",
    "BoardSummary",
    "BringIn",
    "Call",
    "Card",
    "Chat",
    "Check",
    "Collect",
    "Complete",
    "Deal",
    "Event",
    "Fold",
    "Game",
    "HandEvent",
    "HandHeader",
    "Limit",
    "MaybeCard",
    "Muck",
    "NoShow",
    "PlayerEvent",
    "PostAnte",
    "PotKind",
    "PotSummary",
    "Raise",
    "Seat",
    "SeatOutcome",
    "SeatSummary",
    "Show",
    "ShowdownStart",
    "Street",
    "StreetStart",
    "SummaryStart",
    "TableEvent",
    "TableEventKind",
    "UncalledReturned",
    "compiled_makers",
    "positional_constructor",
]
