"""A betting round played by bots on the engine's table.

Who acts is the engine's (:attr:`~stud_hh.engine.table.Table.to_act`, opened by
:meth:`~stud_hh.engine.table.Table.open_round`: the bring-in on 3rd street, the best board
after); which bets and raises a player may make is asked of the engine with the candidate
moves themselves (:func:`~stud_hh.engine.betting.verify` of a bet of the small bet and of
the big bet, a raise, a completion: the sizes, the open pair, the cap and the reopening
rule are the engine's); the bot picks among them (:meth:`~stud_hh.sim.bots.Bot.act`) and
the move is applied by the engine (:meth:`~stud_hh.sim.hand.Hand.move`).

A fault of the betting is a move the engine rejects with exactly the fault's rule, made
at the first place the hand offers: the bring-in posted by the next player or at the size
of the small bet, a completion half a bet too big, the small bet on a big-bet street, the
big bet on 4th street with no open pair, a fifth bet level, the second player in the
order acting first, a check facing a bet that someone else has called.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from stud_hh.engine.betting import Move, Plan, bet_sizes, plan
from stud_hh.engine.table import Seat, Table
from stud_hh.model.events import (
    Announcement,
    Bet,
    BringIn,
    Call,
    Check,
    Fold,
    Raise,
    Street,
    TableEvent,
    TableEventKind,
)
from stud_hh.rules.violations import RuleCode
from stud_hh.sim.bots import Decision
from stud_hh.sim.hand import Hand

__all__ = ["play_round"]

_MONEY = frozenset({RuleCode.STACK_EXCEEDED, RuleCode.STACK_ALL_IN_MISMATCH})
"""What a nominal move (its full size, whatever the stack) may break and still be of a
legal size: the stack then makes it an all-in for less."""

# fast constructors of the moves a bot makes every turn (every field, in order)

_WRONG_UNIT = {RuleCode.BET_WRONG_SIZE: "small", RuleCode.BET_BIG_WITHOUT_OPEN_PAIR: "big"}
"""The bet a bet-size fault makes instead of the right one (an opening bet)."""


@dataclass(slots=True)
class _Round:
    """What the bots of one round perceive beyond the table."""

    bring_in: str | None = None
    steal_seats: set[str] = field(default_factory=set)
    limped: bool = False
    stealer: str | None = None
    out_of_turn: bool = False
    """The fault ``action.out-of-turn``: the second player in the order acts first."""


def play_round(hand: Hand) -> None:
    """The current street's betting, from the engine's first actor to the round's end."""
    table = hand.table
    table.open_round(len(hand.events) - 1, "")
    if table.street is Street.THIRD:
        _third(hand)
        return
    r = _Round()
    r.out_of_turn = hand.fault == RuleCode.ACTION_OUT_OF_TURN and len(table.to_act) >= 3
    _run(hand, r)


def _third(hand: Hand) -> None:
    """3rd street: the bring-in (or a completion), then the round."""
    table, small = hand.table, hand.table.small_bet
    actors = list(table.to_act)
    if not actors:
        return
    first, wrong = actors[0], False
    if hand.fault == RuleCode.BRING_IN_WRONG_PLAYER and len(actors) >= 3:
        first, wrong = actors[1], True
    seat = table.players[first]
    order = [n for n in (first, *table.after(first)) if not table.players[n].folded]
    r = _Round(bring_in=first, steal_seats=set(order[max(1, len(order) - 3):]))
    decision = hand.bots[first].act(hand.spot(first, 0, True, bring_in=True), hand.rng)
    complete = decision == "raise" and seat.stack > small and not wrong
    if (hand.fault == RuleCode.BRING_IN_WRONG_AMOUNT and not complete and not wrong
            and seat.stack > small):
        hand.move(BringIn(line=0, player=first, amount=small, all_in=False))
        _run(hand, _Round(bring_in=first))
        return
    if complete:
        to = small
        if hand.fault == RuleCode.COMPLETE_WRONG_SIZE and (
                small + max(1, small // 2) < seat.stack):
            to = small + max(1, small // 2)
        hand.move(Bet(line=0, player=first, amount=to, all_in=to >= seat.stack))
        hand.last_aggressor[Street.THIRD] = first
    else:
        amount = min(hand.stakes.bring_in, seat.stack)
        hand.move(BringIn(line=0, player=first, amount=amount, all_in=amount >= seat.stack))
    hand.noise(first)
    r.out_of_turn = hand.fault == RuleCode.ACTION_OUT_OF_TURN and len(_waiting(table)) >= 3
    _run(hand, r)


def _waiting(table: Table) -> list[str]:
    """The players the engine still has to act, in order, who can."""
    players = table.players
    return [n for n in table.to_act if players[n].live and not players[n].all_in]


def _run(hand: Hand, r: _Round) -> None:
    """Turns until the engine has nobody left to act or one player is left."""
    table = hand.table
    while True:
        waiting = _waiting(table)
        if not waiting:
            return
        name, early = waiting[0], frozenset[RuleCode]()
        if r.out_of_turn:
            r.out_of_turn = False
            name, early = waiting[1], frozenset({RuleCode.ACTION_OUT_OF_TURN})
        if len(hand.live()) < 2:
            return
        seat = table.players[name]
        owed = table.bet_to - seat.put_in.get(table.street, 0)
        able = len(hand.able())
        if owed == 0 and able < 2 and table.level > 0:
            table.close_round(None)  # nobody left to bet against
            return
        # a raise needs chips beyond the call and an opponent with chips to answer it
        raises = _Raises(hand, seat, early, able >= 2 and seat.stack > owed)
        decision = _decide(hand, r, name, owed, raises)
        if decision == "fold":
            _fold(hand, name)
        elif decision == "call":
            _call(hand, r, seat, owed)
        else:
            _raise(hand, r, seat, raises.options())


class _Raises:
    """The raises the engine allows ``seat`` now (:func:`_raise_units`), asked of it the
    first time a bot looks (its truth value: whether there is one), so that a bot that
    folds or calls without looking costs no plan; each comes with its plan, which a raise
    of that size applies."""

    __slots__ = ("_early", "_hand", "_options", "_possible", "_seat")

    def __init__(self, hand: Hand, seat: Seat, early: frozenset[RuleCode], possible: bool
                 ) -> None:
        self._hand, self._seat, self._early, self._possible = hand, seat, early, possible
        self._options: list[tuple[int, Plan]] | None = None

    def options(self) -> list[tuple[int, Plan]]:
        if self._options is None:
            self._options = (_raise_units(self._hand, self._seat, self._early)
                             if self._possible else [])
        return self._options

    def __bool__(self) -> bool:
        return bool(self.options())


def _decide(hand: Hand, r: _Round, name: str, owed: int, can_raise: _Raises) -> Decision:
    table = hand.table
    third = table.street is Street.THIRD
    decision: Decision
    if hand.fault == RuleCode.RAISE_OVER_CAP:  # everyone raises, to a level past the cap
        decision = "raise" if can_raise else "call"
        if table.players[name].stack < owed + 2 * table.big_bet * 6:
            decision = "call"
    else:
        spot = hand.spot(name, owed, can_raise,
                         unopened=third and table.level == 0 and not r.limped,
                         steal_seat=name in r.steal_seats,
                         facing_steal=(third and name == r.bring_in and table.level == 1
                                       and r.stealer is not None),
                         first_in=table.bet_to == 0)
        decision = hand.bots[name].act(spot, hand.rng)
    if decision == "raise" and not can_raise:
        decision = "call"
    if decision == "fold" and owed == 0:
        decision = "call"
    return decision


def _aggression(table: Table, seat: Seat, to: int) -> Move:
    """The bet or raise that takes ``seat``'s street total to ``to``, or all its stack
    (after the bring-in, a completion is a raise)."""
    mine = seat.put_in.get(table.street, 0)
    need = to - mine
    all_in = need >= seat.stack
    if all_in:
        need = seat.stack
        to = mine + need
    if table.bet_to == 0 and table.street is not Street.THIRD:
        return Bet.make(line=0, player=seat.name, amount=need, all_in=all_in)
    return Raise.make(line=0, player=seat.name, by=to - table.bet_to, to=to, all_in=all_in)


def _sized(table: Table, seat: Seat, to: int, allowed: frozenset[RuleCode] = frozenset()
           ) -> bool:
    """Whether the engine allows a move to ``to`` at its full size (a shorter stack makes
    it an all-in for less, which the engine allows too); ``allowed``: rules it may break."""
    return _planned(table, seat, to, allowed) is not None


def _planned(table: Table, seat: Seat, to: int, allowed: frozenset[RuleCode]) -> Plan | None:
    """The engine's plan of the move to ``to`` at its full size, if it allows it (see
    :func:`_sized`)."""
    mine = seat.put_in.get(table.street, 0)
    move: Move
    if table.bet_to == 0 and table.street is not Street.THIRD:
        move = Bet.make(line=0, player=seat.name, amount=to - mine, all_in=False)
    else:
        move = Raise.make(line=0, player=seat.name, by=to - table.bet_to, to=to, all_in=False)
    planned = plan(table, move)
    for f in planned.findings:
        if f.checked and f.rule not in _MONEY and f.rule not in allowed:
            return None
    return planned


def _raise_units(hand: Hand, seat: Seat, early: frozenset[RuleCode]
                 ) -> list[tuple[int, Plan]]:
    """The raises the engine allows ``seat``, as what each adds to the bet, with the
    engine's plan of each: the
    completion to the small bet on 3rd street, else the sizes the street and an open
    pair allow (:func:`~stud_hh.engine.betting.bet_sizes`) where the cap and the
    reopening rule allow a raise. A raise-over-cap fault allows a level
    past the cap; ``early``: the turn rule, for the player who acts out of turn on
    purpose."""
    table = hand.table
    allowed = (early | {RuleCode.RAISE_OVER_CAP} if hand.fault == RuleCode.RAISE_OVER_CAP
               else early)
    if table.street is Street.THIRD and table.level == 0:
        by = table.small_bet - table.bet_to
        planned = _planned(table, seat, table.small_bet, allowed) if by > 0 else None
        return [] if planned is None else [(by, planned)]
    found = []
    for unit in bet_sizes(table):
        planned = _planned(table, seat, table.bet_to + unit, allowed)
        if planned is not None:
            found.append((unit, planned))
    return found


def _fold(hand: Hand, name: str) -> None:
    hand.move(Fold.make(line=0, player=name))
    hand.folded_on[name] = hand.table.street or Street.THIRD
    if name != hand.hero and hand.rng.random() < 0.03:
        hand.leaving.append(name)
        hand.emit(TableEvent(line=0, player=name, kind=TableEventKind.LEAVES,
                             text=f"{name} leaves the table"))


def _call(hand: Hand, r: _Round, seat: Seat, owed: int) -> None:
    """A check, or a call of what is owed (all the stack when it is less). A
    check-facing-bet fault checks instead where another player has called the bet, so
    that nothing is left uncalled."""
    table, name = hand.table, seat.name
    called = owed > 0 and hand.fault == RuleCode.ACTION_CHECK_FACING_BET and any(
        s is not seat and not s.folded and s.put_in.get(table.street, 0) == table.bet_to
        and s.name != table.last_full_raiser for s in hand.seats)
    if owed == 0 or called:
        hand.move(Check.make(line=0, player=name))
    else:
        amount = min(owed, seat.stack)
        if table.street is Street.THIRD and table.level == 0:
            r.limped = True
        hand.move(Call.make(line=0, player=name, amount=amount, all_in=amount >= seat.stack))
    hand.noise(name)


def _raise(hand: Hand, r: _Round, seat: Seat, options: list[tuple[int, Plan]]) -> None:
    """A completion, bet or raise of one of the sizes the engine allows: with a choice
    (an open pair on 4th street), an opening bet is big six times in ten, a raise small.
    A bet-size fault bets the wrong size instead, where the engine rejects exactly that.
    The move the engine planned for the size is applied as planned when it is the move
    made (not all-in for less, no fault's size)."""
    table, name, rng = hand.table, seat.name, hand.rng
    completion = table.street is Street.THIRD and table.level == 0
    opening = table.bet_to == 0 and not completion
    unit, planned = options[0]
    if len(options) > 1 and opening:
        unit, planned = options[-1] if rng.random() < 0.6 else options[0]
    to = table.bet_to + unit
    fault = hand.fault
    if completion and fault == RuleCode.COMPLETE_WRONG_SIZE:
        to = table.small_bet + max(1, table.small_bet // 2)
    elif opening and fault in _WRONG_UNIT:
        wrong = table.small_bet if _WRONG_UNIT[fault] == "small" else table.big_bet
        if not _sized(table, seat, wrong) and _sized(table, seat, wrong, frozenset({fault})):
            to = wrong
    if completion and name in r.steal_seats and not r.limped:
        r.stealer = name
    move = _aggression(table, seat, to)
    action = hand.move(move, planned if move == planned.move else None)
    hand.last_aggressor[table.street or Street.THIRD] = name
    if action.capped:
        hand.emit(Announcement(line=0, kind="capped", text="Betting is capped"))
    hand.noise(name)
