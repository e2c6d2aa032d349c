"""One hand at one table, played by bots under the project's own rules.

:func:`play_hand` deals and plays one hand of ``stud``, ``stud8`` or ``razz``
with the rules of :mod:`stud_hh.rules` under the ``pokerstars`` profile: antes
(all-in on the ante when the stack is that small), the bring-in
(:func:`~stud_hh.rules.bring_in_player`, the next player when the bring-in
player is all-in on the ante), completing, bets and raises of the street's size
(the big bet on 4th street in stud when a pair shows), the cap of four bet
levels (heads-up too), all-ins with the half-bet reopening rule, uncalled bets,
the common card when the deck runs out, side pots, showdown in the profile's
order, hi/lo splits with the odd chip to the high half and among tied hands to
the highest card by suit, and a PokerStars-like rake (5 %, capped, none when the
hand ends on 3rd street).

It returns the hand the way a PokerStars history prints it -- a
:class:`~stud_hh.events.HandHeader` and the events, as the parser would read
them -- plus each player's stack afterwards. Everything random comes from the
``random.Random`` passed in.

A :class:`Fault` makes the table break one rule on purpose (a wrong bring-in
player, a completion of the wrong size, a raise beyond the cap...) and then go
on consistently, so that a replay of the hand finds that rule broken and no
other (see :mod:`stud_hh.sim.inject`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from random import Random

from stud_hh.cards import ALL_CARDS
from stud_hh.engine.pots import Winners, best_hands, shares, side_pots, split_shares
from stud_hh.events import (
    Announcement,
    Bet,
    BoardSummary,
    BringIn,
    Call,
    Check,
    Collect,
    Deal,
    Fold,
    Game,
    HandEvent,
    HandHeader,
    Limit,
    Muck,
    NoShow,
    PostAnte,
    PotKind,
    PotSummary,
    Raise,
    Seat,
    SeatOutcome,
    SeatSummary,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    SummaryStart,
    TableEvent,
    TableEventKind,
    UncalledReturned,
    positional_constructor,
)
from stud_hh.money import format_amount
from stud_hh.rules import GAMES, bet_size, bring_in_player, cap, first_actor, profile
from stud_hh.sim.bots import Bot, Spot, strength
from stud_hh.violations import RuleCode
from stud_hh.writer import describe

__all__ = ["Fault", "HandResult", "SeatPlayer", "Stakes", "TableSetup", "play_hand"]

PROFILE = profile("pokerstars")
_DECK = tuple(sorted(ALL_CARDS))  # a frozenset: its order changes with the hash seed
_STREETS = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)

_Deal = positional_constructor(Deal)
_Call = positional_constructor(Call)
_Check = positional_constructor(Check)
_Fold = positional_constructor(Fold)
_Bet = positional_constructor(Bet)
_Raise = positional_constructor(Raise)
_Ante = positional_constructor(PostAnte)


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
    """One rule to break in this hand: a rule code of :mod:`stud_hh.violations`."""

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


class _P:
    """A player during one hand."""

    __slots__ = ("acted", "all_in", "bot", "down", "folded", "name", "put", "seat", "shown",
                 "stack", "start", "street_put", "up")

    def __init__(self, seat: SeatPlayer) -> None:
        self.name = seat.name
        self.seat = seat.seat
        self.bot = seat.bot
        self.start = seat.stack
        self.stack = seat.stack
        self.down: list[str] = []
        self.up: list[str] = []
        self.folded = False
        self.all_in = False
        self.put = 0
        self.street_put = 0
        self.acted = False
        self.shown = False


class _Hand:
    def __init__(self, setup: TableSetup, stakes: Stakes, players: Sequence[SeatPlayer],
                 hand_id: str, started: datetime, rng: Random, fault: Fault | None) -> None:
        self.setup = setup
        self.stakes = stakes
        self.game = setup.game
        self.rules = GAMES[setup.game]
        self.rng = rng
        self.fault = fault.rule if fault else None
        self.fault_index: int | None = None
        self.players = [_P(p) for p in sorted(players, key=lambda p: p.seat)]
        self.by_name = {p.name: p for p in self.players}
        self.order = [p.name for p in self.players]
        self.events: list[HandEvent] = []
        self.deck = rng.sample(_DECK, 52)
        self.common: str | None = None
        self.street = Street.THIRD
        self.uncalled: dict[str, int] = {}
        self.last_aggressor: dict[Street, str] = {}
        self.first_actor: dict[Street, str] = {}
        self.folded_on: dict[str, Street] = {}
        self.put_on_third: dict[str, int] = {}
        self.reached_fourth = False
        self.showdown = False
        self.leaving: list[str] = []
        self.hero = setup.hero
        self.fault_missing_ante: str | None = None
        self.passive_third = False
        self.out_of_turn: str | None = None
        self.balance_fault = False
        self.strengths: dict[tuple[str, Street, int], float] = {}
        money_symbol = {"USD": "$", "EUR": "€", "GBP": "£"}.get(setup.currency or "", "")
        self._symbol = money_symbol
        self.header = HandHeader(
            site="PokerStars", hand_id=hand_id, game=setup.game,
            game_text=_GAME_TEXT[setup.game], limit=Limit.FIXED, small_bet=stakes.small_bet,
            big_bet=stakes.big_bet, currency=None if setup.tournament_id else setup.currency,
            scale=setup.scale, play_money=False, tournament_id=setup.tournament_id,
            buy_in=setup.buy_in, fee=setup.fee, buy_in_currency=setup.buy_in_currency,
            level=stakes.level, table=setup.table, max_seats=setup.max_seats,
            started_at=started, started_local=None,
            seats=tuple(Seat(seat=p.seat, name=p.name, stack=p.stack, line=0)
                        for p in self.players),
            line=0)

    # -- helpers ---------------------------------------------------------------------
    def money(self, units: int) -> str:
        return format_amount(units, self.setup.scale, self._symbol)

    def emit(self, event: HandEvent) -> None:
        self.events.append(event)

    def mark_fault(self) -> None:
        """The event just emitted is the one that breaks the fault's rule."""
        self.fault_index = len(self.events) - 1
        self.fault = None

    def live(self) -> list[_P]:
        return [p for p in self.players if not p.folded]

    def able(self) -> list[_P]:
        return [p for p in self.players if not p.folded and not p.all_in]

    def clockwise(self, start: _P) -> list[_P]:
        """Everyone from ``start`` (included) clockwise."""
        i = self.players.index(start)
        return self.players[i:] + self.players[:i]

    def put(self, p: _P, amount: int) -> bool:
        p.stack -= amount
        p.put += amount
        p.street_put += amount
        if p.stack == 0:
            p.all_in = True
        return p.all_in

    def noise(self, p: _P) -> None:
        rng = self.rng
        roll = rng.random()
        if roll < self.setup.chat:
            self.emit(_chat(p.name, rng))
        elif roll < self.setup.chat + self.setup.noise:
            kind, text = rng.choice(_CONNECTION)
            self.emit(TableEvent(line=0, player=p.name, kind=kind, text=p.name + text))

    # -- the hand ----------------------------------------------------------------------
    def play(self) -> None:
        self.antes()
        for street in _STREETS:
            self.street = street
            live = self.live()
            if len(live) < 2:
                break
            if street is Street.FOURTH:
                self.reached_fourth = True
            self.deal(street, live)
            for p in self.players:
                p.street_put = 0
                p.acted = False
            if len(self.able()) >= 2 or street is Street.THIRD:
                self.betting(street)
            self.return_uncalled()
            if street is Street.THIRD:
                self.put_on_third = {p.name: p.street_put for p in self.players}
        self.finish()

    def antes(self) -> None:
        ante = self.stakes.ante
        others = [p for p in self.players if p.name != self.hero and p.stack > ante + 1]
        target = others[-1] if others else None
        for p in self.players:
            amount = min(ante, p.stack)
            if self.fault == RuleCode.ANTE_MISSING and p is target:
                self.fault_missing_ante = p.name
                continue
            if (self.fault == RuleCode.ANTE_WRONG_AMOUNT and p is self.players[-1]
                    and p.stack > ante + 1 and len(self.players) > 1):
                amount = ante + 1
                self.emit(_Ante(0, p.name, amount, self.put(p, amount)))
                self.mark_fault()
                continue
            self.emit(_Ante(0, p.name, amount, self.put(p, amount)))

    def deal(self, street: Street, live: list[_P]) -> None:
        deck = self.deck
        hero = self.hero
        if street is Street.SEVENTH and len(deck) < len(live):
            self.common = deck.pop()
            self.emit(StreetStart(line=0, street=street, common=self.common, has_common=True))
            return
        self.emit(StreetStart(line=0, street=street))
        duplicate = self.fault == RuleCode.CARD_DUPLICATE and street in (Street.FIFTH, Street.SIXTH)
        for p in live:
            if street is Street.THIRD:
                cards = (deck.pop(), deck.pop(), deck.pop())
                p.down.extend(cards[:2])
                p.up.append(cards[2])
                if p.name == hero:
                    self.emit(_Deal(0, p.name, street, cards, (False, False, True), ()))
                else:
                    self.emit(_Deal(0, p.name, street, (cards[2],), (True,), ()))
                if p.name == self.fault_missing_ante:
                    self.mark_fault()
                continue
            known = tuple(p.down[:2] + p.up + p.down[2:]) if p.name == hero else tuple(p.up)
            if street is Street.SEVENTH:
                card = deck.pop()
                p.down.append(card)
                if p.name == hero:
                    self.emit(_Deal(0, p.name, street, (card,), (False,), known))
                continue
            card = deck.pop()
            if duplicate and p.name != hero:
                others = [c for q in live if q is not p for c in q.up]
                if others:
                    card = self.rng.choice(others)
                    duplicate = False
                    p.up.append(card)
                    self.emit(_Deal(0, p.name, street, (card,), (True,), known))
                    self.mark_fault()
                    continue
            p.up.append(card)
            self.emit(_Deal(0, p.name, street, (card,), (True,), known))
        if (street is Street.FOURTH and self.rules.open_pair_big_bet(PROFILE)
                and self.open_pair()):
            self.emit(Announcement(line=0, kind="pair_on_board",
                                   text="Pair on board - a double bet is allowed"))

    def open_pair(self) -> bool:
        return any(len(p.up) >= 2 and p.up[0][0] == p.up[1][0] for p in self.live())

    # -- betting -------------------------------------------------------------------------
    def spot(self, p: _P, owed: int, level: int, can_raise: bool, *, bring_in: bool = False,
             unopened: bool = False, steal_seat: bool = False, facing_steal: bool = False,
             first_in: bool = False) -> Spot:
        previous = Street(self.street - 1) if self.street > Street.THIRD else None
        common = (self.common,) if self.common else ()
        live = self.live()
        key = (p.name, self.street, len(live))
        power = self.strengths.get(key)
        up = tuple(p.up) + common
        if power is None:
            boards = [q.up for q in live if q is not p]
            power = self.strengths[key] = strength(self.game.value, p.down, up, boards)
        return Spot(
            street=int(self.street), down=tuple(p.down), up=up, boards=(),
            owed=owed, level=level, can_raise=can_raise, bring_in=bring_in, unopened=unopened,
            steal_seat=steal_seat, facing_steal=facing_steal,
            aggressor_before=previous is not None and self.last_aggressor.get(previous) == p.name,
            first_in_round=first_in, players=len(live), game=self.game.value, power=power)

    def betting(self, street: Street) -> None:
        rules, stakes = self.rules, self.stakes
        size = bet_size(rules, street, stakes.small_bet, stakes.big_bet)
        limit = cap(PROFILE, len(self.live())) or 99
        if self.fault == RuleCode.RAISE_OVER_CAP:
            limit += 1
        open_pair = (street is Street.FOURTH and rules.open_pair_big_bet(PROFILE)
                     and self.open_pair())
        big_made = False
        bet_to = 0
        level = 0
        last_full: _P | None = None
        live_order = [p.name for p in self.players]
        if street is Street.THIRD:
            doors = {p.name: p.up[0] for p in self.live()}
            name = bring_in_player(rules, PROFILE, doors, live_order)
            first = self.by_name[name]
            actors = [q for q in self.clockwise(first) if not q.folded and not q.all_in]
            if not actors:
                return
            first = actors[0]
            if self.fault == RuleCode.BRING_IN_WRONG_PLAYER and len(actors) >= 3:
                first = actors[1]
                actors = actors[1:] + actors[:1]
                wrong = True
            else:
                wrong = False
            self.first_actor[street] = first.name
            order_names = [q.name for q in self.clockwise(first) if not q.folded]
            steal_from = max(1, len(order_names) - 3)
            steal_seats = set(order_names[steal_from:])
            # the bring-in player's forced action
            decision = first.bot.act(self.spot(first, 0, 0, True, bring_in=True), self.rng)
            complete = decision == "raise" and first.stack > stakes.small_bet and not wrong
            if (self.fault == RuleCode.BRING_IN_WRONG_AMOUNT and not complete and not wrong
                    and first.stack > stakes.small_bet):
                amount = stakes.small_bet
                self.emit(BringIn(line=0, player=first.name, amount=amount,
                                  all_in=self.put(first, amount)))
                self.mark_fault()
                bet_to = amount
                self.passive_third = True
                to_act = [q for q in self.clockwise(first)[1:] if not q.folded
                          and not q.all_in]
                self.run_round(to_act, bet_to, level=0, size=size, limit=limit,
                               open_pair=False, last_full=None, big_made=False,
                               steal_seats=set(), bring_in_name=first.name)
                return
            if complete:
                to = stakes.small_bet
                if self.fault == RuleCode.COMPLETE_WRONG_SIZE:
                    to = stakes.small_bet + max(1, stakes.small_bet // 2)
                    if to >= first.stack:
                        to = stakes.small_bet
                self.emit(_Bet(0, first.name, to, self.put(first, to)))
                if to != stakes.small_bet:
                    self.mark_fault()
                bet_to, level, last_full = to, 1, first
                self.last_aggressor[street] = first.name
            else:
                amount = min(stakes.bring_in, first.stack)
                self.emit(BringIn(line=0, player=first.name, amount=amount,
                                  all_in=self.put(first, amount)))
                if wrong:
                    self.mark_fault()
                bet_to = amount
            self.noise(first)
            first.acted = True
            to_act = [q for q in self.clockwise(first)[1:] if not q.folded and not q.all_in]
            if self.fault == RuleCode.ACTION_OUT_OF_TURN and len(to_act) >= 3:
                to_act = to_act[1:] + to_act[:1]
                self.out_of_turn = to_act[0].name
            self.run_round(to_act, bet_to, level=level, size=size, limit=limit,
                           open_pair=False, last_full=last_full, big_made=False,
                           steal_seats=steal_seats, bring_in_name=first.name)
            return
        able = self.able()
        boards = {p.name: p.up + ([self.common] if self.common else []) for p in able}
        name = first_actor(rules, PROFILE, boards, live_order)
        first = self.by_name[name]
        self.first_actor[street] = name
        to_act = [q for q in self.clockwise(first) if not q.folded and not q.all_in]
        if self.fault == RuleCode.ACTION_OUT_OF_TURN and len(to_act) >= 3:
            to_act = to_act[1:] + to_act[:1]
            self.out_of_turn = to_act[0].name
        self.run_round(to_act, bet_to, level=level, size=size, limit=limit,
                       open_pair=open_pair, last_full=None, big_made=big_made,
                       steal_seats=set(), bring_in_name=None)

    def run_round(self, to_act: list[_P], bet_to: int, *, level: int, size: int, limit: int,
                  open_pair: bool, last_full: _P | None, big_made: bool,
                  steal_seats: set[str], bring_in_name: str | None) -> None:
        stakes = self.stakes
        street = self.street
        third = street is Street.THIRD
        limped = False
        stealer: str | None = None
        over_cap = self.fault == RuleCode.RAISE_OVER_CAP
        while to_act:
            p = to_act.pop(0)
            if p.folded or p.all_in:
                continue
            live = self.live()
            if len(live) < 2:
                return
            owed = bet_to - p.street_put
            if owed == 0 and len(self.able()) < 2 and level > 0:
                continue
            can_raise = level < limit and p is not last_full and p.stack > owed and not (
                third and self.passive_third)
            if len(self.able()) < 2:
                can_raise = False
            unopened = third and level == 0 and not limped
            facing_steal = (third and p.name == bring_in_name and level == 1
                            and stealer is not None)
            if over_cap:
                decision = "raise" if can_raise else "call"
                if p.stack < owed + 2 * stakes.big_bet * 6:
                    decision = "call"
            else:
                spot = self.spot(p, owed, level, can_raise, unopened=unopened,
                                 steal_seat=p.name in steal_seats, facing_steal=facing_steal,
                                 first_in=bet_to == 0)
                decision = p.bot.act(spot, self.rng)
            if decision == "raise" and not can_raise:
                decision = "call"
            if decision == "fold" and owed == 0:
                decision = "call"
            out_of_turn = self.out_of_turn == p.name
            if decision == "fold":
                p.folded = True
                self.folded_on[p.name] = street
                self.emit(_Fold(0, p.name))
                if out_of_turn:
                    self.mark_fault()
                    self.out_of_turn = None
                if p.name != self.hero and self.rng.random() < 0.03:
                    self.leaving.append(p.name)
                    self.emit(TableEvent(line=0, player=p.name, kind=TableEventKind.LEAVES,
                                         text=f"{p.name} leaves the table"))
                if len(self.live()) < 2:
                    return
                continue
            if decision == "call":
                if owed == 0:
                    self.emit(_Check(0, p.name))
                elif (self.fault == RuleCode.ACTION_CHECK_FACING_BET and not p.all_in
                      and any(q is not p and not q.folded and q.street_put == bet_to
                              and q is not last_full for q in self.players)):
                    self.emit(_Check(0, p.name))
                    self.mark_fault()
                else:
                    amount = min(owed, p.stack)
                    self.emit(_Call(0, p.name, amount, self.put(p, amount)))
                    if third and level == 0:
                        limped = True
                if out_of_turn:
                    self.mark_fault()
                    self.out_of_turn = None
                self.noise(p)
                continue
            # an aggressive action: complete, bet or raise
            if third and level == 0:
                by_size = stakes.small_bet - bet_to
                to = stakes.small_bet
                if self.fault == RuleCode.COMPLETE_WRONG_SIZE:
                    to = stakes.small_bet + max(1, stakes.small_bet // 2)
                    by_size = to - bet_to
            else:
                unit = size
                if open_pair:
                    unit = stakes.big_bet if big_made or (
                        bet_to == 0 and self.rng.random() < 0.6) else stakes.small_bet
                if (self.fault == RuleCode.BET_BIG_WITHOUT_OPEN_PAIR and street is Street.FOURTH
                        and self.rules.open_pair_big_bet(PROFILE) and not open_pair
                        and bet_to == 0):
                    unit = stakes.big_bet
                if (self.fault == RuleCode.BET_WRONG_SIZE and street >= Street.FIFTH
                        and bet_to == 0):
                    unit = stakes.small_bet
                by_size = unit
                to = bet_to + unit
            mine = p.street_put
            need = to - mine
            wrong_size = (third and level == 0 and to != stakes.small_bet) or (
                not third and street >= Street.FIFTH and by_size != size) or (
                street is Street.FOURTH and not open_pair and by_size != size)
            if need >= p.stack:
                need = p.stack
                to = mine + need
            by = to - bet_to
            all_in = self.put(p, need)
            if bet_to == 0 and not third:
                self.emit(_Bet(0, p.name, need, all_in))
            else:
                self.emit(_Raise(0, p.name, by, to, all_in))
            if wrong_size and not all_in:
                self.mark_fault()
            if out_of_turn:
                self.mark_fault()
                self.out_of_turn = None
            if by == stakes.big_bet and street is Street.FOURTH:
                big_made = True
            if third and level == 0 and p.name in steal_seats and not limped:
                stealer = p.name
            self.last_aggressor[street] = p.name
            if third and level == 0:  # a completion is the first bet level, even a short one
                level = 1
                full = to >= stakes.small_bet
            else:
                full = by >= size or 2 * by >= size
                if full:
                    level += 1
            if full:
                last_full = p
                to_act = [q for q in self.clockwise(p)[1:] if not q.folded and not q.all_in]
                if over_cap and level == limit:
                    self.mark_fault()
                    over_cap = False
            else:
                new_bet = max(bet_to, to)
                to_act = [q for q in self.clockwise(p)[1:] if not q.folded and not q.all_in
                          and (q in to_act or q.street_put < new_bet)]
            bet_to = max(bet_to, to)
            if level == cap(PROFILE, 3) and full:
                self.emit(Announcement(line=0, kind="capped", text="Betting is capped"))
            self.noise(p)

    def return_uncalled(self) -> None:
        puts = sorted(((p.street_put, p.seat, p) for p in self.players), reverse=True)
        if len(puts) < 2:
            return
        top, _, p = puts[0]
        second = puts[1][0]
        if top > second:
            amount = top - second
            p.stack += amount  # an all-in player stays all-in, as the replayer sees it
            self.uncalled[p.name] = self.uncalled.get(p.name, 0) + amount
            self.emit(UncalledReturned(line=0, player=p.name, amount=amount))

    # -- the end --------------------------------------------------------------------------
    def pots(self) -> list[tuple[int, list[_P]]]:
        """(amount, eligible) per pot (:func:`~stud_hh.engine.pots.side_pots`)."""
        totals = {p.name: p.put - self.uncalled.get(p.name, 0) for p in self.players}
        live = self.live()
        pots = side_pots(totals, [p.name for p in live], {p.name for p in live if p.all_in})
        return [(amount, [self.by_name[n] for n in eligible]) for amount, eligible in pots]

    def cards7(self, p: _P) -> list[str]:
        cards = p.down + p.up
        if self.common:
            cards = [*cards, self.common]
        return cards

    def winners(self, eligible: list[_P]) -> Winners:
        if len(eligible) == 1:
            return (eligible[0].name,), ()
        return best_hands(GAMES[self.game].ranking, {p.name: self.cards7(p) for p in eligible})

    def finish(self) -> None:
        live = self.live()
        total = sum(p.put for p in self.players) - sum(self.uncalled.values())
        rake = 0
        if self.reached_fourth and self.setup.tournament_id is None:
            rake = min(self.setup.rake_cap, total * self.setup.rake_percent // 100)
        pots = self.pots()
        amounts = [a for a, _ in pots]
        nets = _after_rake(amounts, rake)
        won: dict[str, int] = {}
        collects: list[tuple[str, int, int]] = []  # player, amount, pot index
        no_low = False
        if len(live) == 1:
            winner = live[0]
            for index, net in enumerate(nets):
                collects.append((winner.name, net, index))
        else:
            self.showdown = True
            for index, ((_, eligible), net) in enumerate(zip(pots, nets, strict=True)):
                winners = self.winners(eligible)
                if self.game is Game.STUD8 and not winners[1] and index == 0:
                    no_low = True
                held = {p.name: self.cards7(p) for p in eligible}
                collects.extend((name, chips, index)
                                for name, chips in split_shares(net, winners, held))
        pot_fault = self.fault if self.fault in (
            RuleCode.POT_WRONG_WINNER, RuleCode.POT_WRONG_SPLIT, RuleCode.POT_NOT_BALANCED,
            RuleCode.SHOWDOWN_WRONG_ORDER) else None
        if self.showdown:
            self.emit(ShowdownStart(line=0))
            winners_set = {name for name, amount, _ in collects if amount > 0}
            start = self.show_start(live)
            order = [p for p in self.clockwise(start) if not p.folded]
            shows: list[_P] = []
            for p in order:
                must = p.name in winners_set or not shows or pot_fault is not None
                if must or self.rng.random() < p.bot.style.show:
                    shows.append(p)
            if pot_fault == RuleCode.SHOWDOWN_WRONG_ORDER and len(shows) >= 2 and \
                    Street.SEVENTH in self.last_aggressor:
                shows[0], shows[1] = shows[1], shows[0]
            shown_lines: dict[str, int] = {}
            for p in shows:
                p.shown = True
                cards = p.down[:2] + p.up + p.down[2:]
                self.emit(Show(line=0, player=p.name, cards=tuple(cards),
                               description=describe(self.game, self.cards7(p))))
                shown_lines[p.name] = len(self.events) - 1
            if pot_fault == RuleCode.SHOWDOWN_WRONG_ORDER and len(shows) >= 2 and \
                    Street.SEVENTH in self.last_aggressor:
                self.fault_index = shown_lines[shows[1].name]
                self.fault = None
            for p in order:
                if not p.shown:
                    self.emit(Muck(line=0, player=p.name))
            if pot_fault == RuleCode.POT_WRONG_WINNER:
                losers = [p for p in shows if p.name not in winners_set]
                single = len(pots) == 1 and len({n for n, _, _ in collects}) == 1
                if losers and single:
                    collects = [(losers[0].name, a, i) for _, a, i in collects]
                    pot_fault = "marked"
            if pot_fault == RuleCode.POT_WRONG_SPLIT and len(pots) == 1:
                names = [n for n, _, _ in collects]
                if len(set(names)) == 2 and len(names) == 2 and collects[1][1] > 2:
                    shift = max(1, collects[1][1] // 3)
                    collects = [(collects[0][0], collects[0][1] + shift, 0),
                                (collects[1][0], collects[1][1] - shift, 0)]
                    pot_fault = "marked"
        elif pot_fault == RuleCode.SHOWDOWN_WRONG_ORDER:
            pot_fault = None
        if pot_fault == RuleCode.POT_NOT_BALANCED and len({n for n, _, _ in collects}) == 1 \
                and collects[-1][1] > 1:
            name, amount, index = collects[-1]
            collects[-1] = (name, amount - 1, index)
            self.fault = None
            self.balance_fault = True
        # collect lines: side pots (last first), then the main pot
        multi = len(pots) > 1
        first_collect: int | None = None
        for index in sorted({i for _, _, i in collects}, reverse=True):
            for name, amount, i in collects:
                if i != index:
                    continue
                won[name] = won.get(name, 0) + amount
                if multi:
                    kind = PotKind.MAIN if index == 0 else PotKind.SIDE
                    pot_index = None if index == 0 or len(pots) == 2 else index
                else:
                    kind, pot_index = PotKind.POT, None
                self.emit(Collect(line=0, player=name, amount=amount, pot=kind,
                                  pot_index=pot_index))
                if first_collect is None:
                    first_collect = len(self.events) - 1
        if pot_fault == "marked":
            self.fault_index = first_collect
            self.fault = None
        if no_low and self.showdown:
            self.emit(Announcement(line=0, kind="no_low", text="No low hand qualified"))
        if not self.showdown and self.rng.random() < 0.6:
            self.emit(NoShow(line=0, player=live[0].name))
        for name, amount in won.items():
            self.by_name[name].stack += amount
        self.finish_lines()
        self.emit(SummaryStart(line=0))
        after = _after_rake(amounts, rake)
        self.emit(PotSummary(line=0, total=total, main=after[0] if multi else None,
                             sides=tuple(after[1:]) if multi else (), rake=rake))
        if self.balance_fault:
            self.fault_index = len(self.events) - 1
        if self.common:
            self.emit(BoardSummary(line=0, cards=(self.common,)))
        self.seat_summaries(won)

    def finish_lines(self) -> None:
        """Tournament eliminations are printed by the session, after the collections."""

    def show_start(self, live: list[_P]) -> _P:
        bettor = self.last_aggressor.get(Street.SEVENTH)
        if bettor is not None and not self.by_name[bettor].folded:
            return self.by_name[bettor]
        first = self.first_actor.get(Street.SEVENTH)
        if first is not None and not self.by_name[first].folded:
            return self.by_name[first]
        return live[0]

    def seat_summaries(self, won: dict[str, int]) -> None:
        money = self.money
        for p in self.players:
            cards = " ".join(p.down[:2] + p.up + p.down[2:])
            outcome: SeatOutcome
            street: Street | None = None
            amount = won.get(p.name)
            description: str | None = None
            shown: tuple[str, ...] = ()
            if p.folded:
                street = self.folded_on[p.name]
                outcome = SeatOutcome.FOLDED
                where = "the River" if street is Street.SEVENTH else f"the {street.label} Street"
                text = f"folded on {where}"
                if street is Street.THIRD and not self.put_on_third.get(p.name, p.street_put):
                    text += " (didn't bet)"
            elif not self.showdown:
                outcome = SeatOutcome.COLLECTED
                text = f"collected ({money(amount or 0)})"
            elif p.shown:
                shown = tuple(p.down[:2] + p.up + p.down[2:])
                description = describe(self.game, self.cards7(p))
                if amount:
                    outcome = SeatOutcome.SHOWED_WON
                    text = f"showed [{cards}] and won ({money(amount)}) with {description}"
                else:
                    outcome = SeatOutcome.SHOWED_LOST
                    text = f"showed [{cards}] and lost with {description}"
                    amount = None
            else:
                outcome = SeatOutcome.MUCKED
                shown = tuple(p.down[:2] + p.up + p.down[2:])
                text = f"mucked [{cards}]"
                amount = None
            self.emit(SeatSummary(line=0, player=p.name, seat=p.seat, outcome=outcome,
                                  street=street, cards=shown, won=amount,
                                  description=description,
                                  text=f"Seat {p.seat}: {p.name} {text}"))


def _after_rake(amounts: list[int], rake: int) -> list[int]:
    """Each pot after its share of the rake (in proportion, largest remainders first)."""
    cut = shares(rake, dict(enumerate(amounts)))
    return [a - cut[i] for i, a in enumerate(amounts)]


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


def _chat(name: str, rng: Random) -> HandEvent:
    from stud_hh.events import Chat

    return Chat(line=0, player=name, text=rng.choice(_CHAT))


def play_hand(setup: TableSetup, stakes: Stakes, players: Sequence[SeatPlayer], hand_id: str,
              started: datetime, rng: Random, fault: Fault | None = None) -> HandResult:
    """Play one hand; the players' stacks are not changed (see :attr:`HandResult.stacks`)."""
    hand = _Hand(setup, stakes, players, hand_id, started, rng, fault)
    hand.play()
    return HandResult(header=hand.header, events=hand.events,
                      stacks={p.name: p.stack for p in hand.players},
                      fault_index=hand.fault_index, went_to_showdown=hand.showdown,
                      reached_fourth=hand.reached_fourth, leaving=hand.leaving)
