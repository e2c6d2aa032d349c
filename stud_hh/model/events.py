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

from dataclasses import dataclass
from datetime import datetime
from enum import IntEnum, StrEnum

from stud_hh.model.cards import Card, MaybeCard
from stud_hh.model.records import Record


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
class Seat(Record):
    """A player seated when the hand starts."""

    seat: int
    name: str
    stack: int
    sitting_out: bool = False
    line: int


@dataclass(frozen=True, slots=True, kw_only=True)
class HandHeader(Record):
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


@dataclass(frozen=True, slots=True, kw_only=True)
class Event(Record):
    """Base of every in-hand event: the source line it came from."""

    line: int


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerEvent(Event):
    player: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PostAnte(PlayerEvent):
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class StreetStart(Event):
    """A street header. ``common`` is the shared card dealt face up, if any."""

    street: Street
    common: MaybeCard = None
    has_common: bool = False


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


@dataclass(frozen=True, slots=True, kw_only=True)
class BringIn(PlayerEvent):
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Complete(PlayerEvent):
    """A site that prints a completion as such (``completes it to``): total ``to``."""

    to: int
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Bet(PlayerEvent):
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Raise(PlayerEvent):
    """``raises BY to TO``: ``to`` is the player's total on this street."""

    by: int
    to: int
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Call(PlayerEvent):
    amount: int
    all_in: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class Check(PlayerEvent):
    """A player checks."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Fold(PlayerEvent):
    """A player folds."""


@dataclass(frozen=True, slots=True, kw_only=True)
class UncalledReturned(PlayerEvent):
    amount: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Collect(PlayerEvent):
    """``X collected A from [main|side] pot[-n]``."""

    amount: int
    pot: PotKind = PotKind.POT
    pot_index: int | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class ShowdownStart(Event):
    """The showdown's opening line."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Show(PlayerEvent):
    cards: tuple[MaybeCard, ...]
    description: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Muck(PlayerEvent):
    """A player mucks; ``cards`` when the site reveals them (summary lines)."""

    cards: tuple[MaybeCard, ...] = ()


@dataclass(frozen=True, slots=True, kw_only=True)
class NoShow(PlayerEvent):
    """``doesn't show hand``: a winner who did not have to show."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Chat(PlayerEvent):
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class TableEvent(PlayerEvent):
    """Table traffic: joins, leaves, connects, time-outs, finishing places."""

    kind: TableEventKind
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Announcement(Event):
    """A dealer message the site prints: ``Betting is capped``, ``Pair on board``..."""

    kind: str
    """``capped``, ``pair_on_board``, ``no_low`` or ``other``."""
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class SummaryStart(Event):
    """The summary's opening line."""


@dataclass(frozen=True, slots=True, kw_only=True)
class PotSummary(Event):
    """``Total pot T [Main pot M. Side pot S1. ...] | Rake R``."""

    total: int
    main: int | None
    sides: tuple[int, ...]
    rake: int


@dataclass(frozen=True, slots=True, kw_only=True)
class BoardSummary(Event):
    cards: tuple[MaybeCard, ...]


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
]
