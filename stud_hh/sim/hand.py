"""One hand's state while the simulator plays it: the engine's table, the dealer's cards,
the events written so far.

:class:`Hand` holds an :class:`~stud_hh.engine.table.Table` (seats, stacks, street, who is
to act, the bet level, the cap: the engine's, never computed here), the dealer's cards
(every player's down cards, which the history shows for Hero only), the events, and what
the bots perceive (their hand's strength, who was the last aggressor). Every ante, card
and betting move is written as its event and applied by the engine
(:meth:`Hand.post`, :meth:`Hand.deal`, :meth:`Hand.move`), which says what it broke:
the hand's one fault is the event where the engine finds exactly the fault's rule and
nothing else (:meth:`Hand.record`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from itertools import pairwise
from random import Random
from typing import TYPE_CHECKING

from stud_hh.engine import betting, cards
from stud_hh.engine.betting import Action, Move
from stud_hh.engine.findings import Finding
from stud_hh.engine.table import Seat, Table
from stud_hh.model.cards import ALL_CARDS
from stud_hh.model.events import (
    Announcement,
    Chat,
    Deal,
    Game,
    HandEvent,
    HandHeader,
    Limit,
    PostAnte,
    Street,
    StreetStart,
    TableEvent,
    TableEventKind,
)
from stud_hh.model.events import Seat as SeatLine
from stud_hh.model.money import format_amount
from stud_hh.rules import profile
from stud_hh.rules.violations import RuleCode
from stud_hh.sim.bots import Bot, Flag, Spot, strength

if TYPE_CHECKING:
    from stud_hh.sim.setup import SeatPlayer, Stakes, TableSetup

PROFILE = profile("pokerstars")
_DECK = tuple(sorted(ALL_CARDS))  # a frozenset: its order changes with the hash seed

_PREVIOUS = {later: earlier for earlier, later in pairwise(Street)}
"""The street before each street but 3rd."""

_GAME_TEXT = {
    Game.STUD: "7 Card Stud Limit",
    Game.STUD8: "7 Card Stud Hi/Lo Limit",
    Game.RAZZ: "Razz Limit",
}

_CONNECTION = (
    (TableEventKind.DISCONNECTED, " is disconnected"),
    (TableEventKind.CONNECTED, " is connected"),
    (TableEventKind.TIMED_OUT, " has timed out"),
)

_CHAT = ("nh", "gg", "ty", "lol", "vnh", "ugh", "wp", "unreal", "gl all", "sick river",
         "how do you call that", "ship it", "nice hand", "ty sir", "every time")


class Hand:
    """One hand at one table: the engine's table and what the simulator adds to it."""

    def __init__(self, setup: TableSetup, stakes: Stakes, players: Sequence[SeatPlayer],
                 hand_id: str, started: datetime, rng: Random, fault: RuleCode | None) -> None:
        self.setup = setup
        self.stakes = stakes
        self.game = setup.game
        self.rng = rng
        self.fault = fault
        """The rule still to break (``None`` once broken, or in a clean hand)."""
        self.fault_index: int | None = None
        seated = sorted(players, key=lambda p: p.seat)
        self.bots: dict[str, Bot] = {p.name: p.bot for p in seated}
        self.hero = setup.hero
        self._symbol = {"USD": "$", "EUR": "€", "GBP": "£"}.get(setup.currency or "", "")
        self.header = HandHeader(
            site="PokerStars", hand_id=hand_id, game=setup.game,
            game_text=_GAME_TEXT[setup.game], limit=Limit.FIXED, small_bet=stakes.small_bet,
            big_bet=stakes.big_bet, currency=None if setup.tournament_id else setup.currency,
            scale=setup.scale, play_money=False, tournament_id=setup.tournament_id,
            buy_in=setup.buy_in, fee=setup.fee, buy_in_currency=setup.buy_in_currency,
            level=stakes.level, table=setup.table, max_seats=setup.max_seats,
            started_at=started, started_local=None,
            seats=tuple(SeatLine(seat=p.seat, name=p.name, stack=p.stack, line=0)
                        for p in seated),
            line=0)
        self.table = Table(self.header, PROFILE)
        self.seats: list[Seat] = self.table.seated
        self.down: dict[str, list[str]] = {p.name: [] for p in seated}
        """The dealer's record of each player's down cards."""
        self.up: dict[str, list[str]] = {p.name: [] for p in seated}
        self.events: list[HandEvent] = []
        self.actions: list[Action] = []
        self.cards_seen: dict[str, int] = {}
        self.deck = rng.sample(_DECK, 52)
        self.common: str | None = None
        self.uncalled: dict[str, int] = {}
        self.last_aggressor: dict[Street, str] = {}
        self.folded_on: dict[str, Street] = {}
        self.reached_fourth = False
        self.showdown = False
        self.leaving: list[str] = []
        self.strengths: dict[tuple[str, Street, int], float] = {}

    # -- events and the engine's word on them ---------------------------------------
    def money(self, units: int) -> str:
        return format_amount(units, self.setup.scale, self._symbol)

    def emit(self, event: HandEvent) -> None:
        self.events.append(event)

    def mark(self, index: int) -> None:
        """Event ``index`` is the one that breaks the fault's rule."""
        self.fault_index = index
        self.fault = None

    def record(self, found: list[Finding], index: int | None = None) -> None:
        """What the engine found in event ``index`` (the last one by default): when it
        is exactly the fault's rule, that event is the fault's line."""
        if self.fault is None or not found:
            return
        checked = [f for f in found if f.checked]
        if len(checked) == 1 and checked[0].rule == self.fault:
            self.mark(len(self.events) - 1 if index is None else index)

    def move(self, event: Move, planned: betting.Plan | None = None) -> Action:
        """Write a betting move and apply it on the engine's table (``planned``: the
        engine's plan of that very move on the table as it is, when the caller has it)."""
        plan = planned or betting.plan(self.table, event)
        self.emit(event)
        action = betting.apply(self.table, plan, len(self.actions))
        self.actions.append(action)
        self.record(plan.findings)
        return action

    def post(self, seat: Seat, amount: int) -> None:
        """``seat`` antes ``amount``."""
        event = PostAnte.make(line=0, player=seat.name, amount=amount, all_in=amount >= seat.stack)
        self.emit(event)
        action, found = cards.post_ante(self.table, seat, event, self.stakes.ante,
                                        len(self.actions))
        self.actions.append(action)
        self.record(found)

    def deal(self, seat: Seat, street: Street, dealt: tuple[str, ...], face_up: tuple[bool, ...],
             known: tuple[str, ...] = ()) -> None:
        """Cards dealt to ``seat``, as the history shows them (the engine's copy of the
        event has its index for a line: a card dealt twice is told by the line)."""
        index = len(self.events)
        self.emit(Deal.make(line=0, player=seat.name, street=street, cards=dealt,
                            face_up=face_up, known=known))
        event = Deal.make(line=index, player=seat.name, street=street, cards=dealt,
                          face_up=face_up, known=known)
        self.record(cards.deal(self.table, seat, event, self.stakes.ante, self.cards_seen))

    def live(self) -> list[Seat]:
        """The players who have not folded, in seat order."""
        return [s for s in self.seats if not s.folded]

    def able(self) -> list[Seat]:
        """The players who have not folded and have chips."""
        return [s for s in self.seats if not s.folded and not s.all_in]

    def noise(self, name: str) -> None:
        """Now and then a chat or connection line after ``name``'s action."""
        rng = self.rng
        roll = rng.random()
        if roll < self.setup.chat:
            self.emit(Chat(line=0, player=name, text=rng.choice(_CHAT)))
        elif roll < self.setup.chat + self.setup.noise:
            kind, text = rng.choice(_CONNECTION)
            self.emit(TableEvent(line=0, player=name, kind=kind, text=name + text))

    # -- antes and cards ----------------------------------------------------------------
    def antes(self) -> None:
        """Everyone antes (all-in when that is the whole stack); a fault of the antes
        leaves one player's out or makes another's one chip too many."""
        ante = self.stakes.ante
        seats = self.seats
        others = [s for s in seats if s.name != self.hero and s.stack > ante + 1]
        target = others[-1] if others else None
        for s in seats:
            amount = min(ante, s.stack)
            if self.fault == RuleCode.ANTE_MISSING and s is target:
                continue  # the engine finds it at the player's first cards
            if (self.fault == RuleCode.ANTE_WRONG_AMOUNT and s is seats[-1]
                    and s.stack > ante + 1 and len(seats) > 1):
                amount = ante + 1
            self.post(s, amount)

    def deal_street(self, street: Street, live: list[Seat]) -> None:
        """The street's cards; the common card when the deck cannot give every player one
        on 7th street. A card-duplicate fault deals one player a card another shows."""
        deck, table = self.deck, self.table
        if street is Street.SEVENTH and len(deck) < len(live):
            self.common = deck.pop()
            self.emit(StreetStart(line=0, street=street, common=self.common, has_common=True))
            self.record(table.start_street(street, len(self.events) - 1, True, self.common))
            return
        self.emit(StreetStart(line=0, street=street))
        self.record(table.start_street(street, len(self.events) - 1, False, None))
        duplicate = self.fault == RuleCode.CARD_DUPLICATE and street in (Street.FIFTH,
                                                                         Street.SIXTH)
        for s in live:
            name, down, up = s.name, self.down[s.name], self.up[s.name]
            hero = name == self.hero
            if street is Street.THIRD:
                dealt = (deck.pop(), deck.pop(), deck.pop())
                down.extend(dealt[:2])
                up.append(dealt[2])
                if hero:
                    self.deal(s, street, dealt, (False, False, True))
                else:
                    self.deal(s, street, (dealt[2],), (True,))
                continue
            known = tuple(down[:2] + up + down[2:]) if hero else tuple(up)
            card = deck.pop()
            if street is Street.SEVENTH:
                down.append(card)
                if hero:
                    self.deal(s, street, (card,), (False,), known)
                continue
            if duplicate and not hero:
                others = [c for q in live if q is not s for c in self.up[q.name]]
                if others:
                    card = self.rng.choice(others)
                    duplicate = False
            up.append(card)
            self.deal(s, street, (card,), (True,), known)
        if street is Street.FOURTH and table.open_pair_big_bet and table.open_pair():
            self.emit(Announcement(line=0, kind="pair_on_board",
                                   text="Pair on board - a double bet is allowed"))

    # -- what a bot sees ----------------------------------------------------------------
    def spot(self, name: str, owed: int, can_raise: Flag, *, bring_in: bool = False,
             unopened: bool = False, steal_seat: bool = False, facing_steal: bool = False,
             first_in: bool = False) -> Spot:
        """What ``name`` sees when it is their turn (the bet level is the table's)."""
        street = self.table.street or Street.THIRD
        previous = _PREVIOUS.get(street)
        common = (self.common,) if self.common else ()
        live = self.live()
        key = (name, street, len(live))
        up = tuple(self.up[name]) + common
        power = self.strengths.get(key)
        if power is None:
            boards = [self.up[q.name] for q in live if q.name != name]
            power = self.strengths[key] = strength(self.game.value, self.down[name], up,
                                                   boards)
        return Spot.make(
            street=int(street), down=tuple(self.down[name]), up=up, boards=(), owed=owed,
            level=self.table.level, can_raise=can_raise, bring_in=bring_in, unopened=unopened,
            steal_seat=steal_seat, facing_steal=facing_steal,
            aggressor_before=previous is not None and self.last_aggressor.get(previous) == name,
            first_in_round=first_in, players=len(live), game=self.game.value, power=power)

    def cards7(self, name: str) -> list[str]:
        """Every card ``name`` plays at showdown (the common card included)."""
        held = self.down[name] + self.up[name]
        return [*held, self.common] if self.common else held

    def shown(self, name: str) -> tuple[str, ...]:
        """``name``'s cards in the order a history shows them (down, up, the river)."""
        down = self.down[name]
        return tuple(down[:2] + self.up[name] + down[2:])
