"""What a simulated table is made of: stakes, the table's settings, the seated players, a
fault to inject, and what a hand returns (used by :mod:`stud_hh.sim.hand` and
:mod:`stud_hh.sim.table`)."""

from __future__ import annotations

from dataclasses import dataclass, field

from stud_hh.model.events import Game, HandEvent, HandHeader
from stud_hh.sim.bots import Bot

__all__ = ["Fault", "HandResult", "SeatPlayer", "Stakes", "TableSetup"]


@dataclass(frozen=True, slots=True)
class Stakes:
    """Fixed-limit stakes in the table's smallest unit."""

    small_bet: int
    big_bet: int
    ante: int
    bring_in: int
    level: str | None = None
    """Tournament level as printed (``IV``)."""


@dataclass(frozen=True, slots=True)
class TableSetup:
    """What stays the same from hand to hand at a table."""

    game: Game
    table: str
    scale: int
    currency: str | None
    hero: str = "Hero"
    max_seats: int = 8
    tournament_id: str | None = None
    buy_in: int | None = None
    fee: int | None = None
    buy_in_currency: str | None = None
    rake_percent: int = 5
    rake_cap: int = 300
    chat: float = 0.02
    """Chance of a chat line after an action."""
    noise: float = 0.01
    """Chance of a connection line (disconnects, time-outs) after an action."""


@dataclass(slots=True)
class SeatPlayer:
    """A player sitting at the table between hands."""

    name: str
    seat: int
    stack: int
    bot: Bot


@dataclass(frozen=True, slots=True)
class Fault:
    """One rule to break in this hand: a rule code of :mod:`stud_hh.rules.violations`."""

    rule: str


@dataclass(slots=True)
class HandResult:
    header: HandHeader
    events: list[HandEvent]
    stacks: dict[str, int]
    """Each seated player's stack after the hand."""
    fault_index: int | None = None
    """Index in ``events`` of the line that breaks the fault's rule (``None``: not applied)."""
    fault_seat_line: str | None = None
    """A player whose seat line breaks the rule (``stack.exceeded``)."""
    went_to_showdown: bool = False
    reached_fourth: bool = False
    leaving: list[str] = field(default_factory=list)
