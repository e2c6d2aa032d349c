"""Every betting move, checked and applied: the ``verify_X`` / ``can_X`` / ``X`` trio.

A move is the event that records it (:class:`~stud_hh.model.events.BringIn`,
:class:`~stud_hh.model.events.Complete`, :class:`~stud_hh.model.events.Bet`,
:class:`~stud_hh.model.events.Raise`, :class:`~stud_hh.model.events.Call`,
:class:`~stud_hh.model.events.Check`, :class:`~stud_hh.model.events.Fold`). For each kind:

* ``verify_X(table, move)``: the findings the move would make (empty: legal);
* ``can_X(table, move)``: whether it breaks no rule;
* ``X(table, move)``: apply it, findings or not (an audit goes on from what the history
  says happened), and return its :class:`Action` record.

All three share one code path, :func:`plan` (what the move is and changes, and what it
breaks, without touching the table) and :func:`apply`. The replayer calls those two
directly, once per event; the simulator's bots ask ``can_X`` which moves are legal.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final

from stud_hh.engine.findings import Finding, broke, unknown
from stud_hh.engine.table import FOURTH, THIRD, Seat, Table
from stud_hh.model.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Fold,
    Raise,
    Street,
)
from stud_hh.model.records import Record
from stud_hh.rules.games import BringInRule
from stud_hh.rules.violations import RuleCode

Move = BringIn | Complete | Bet | Raise | Call | Check | Fold
"""A betting move, as the history records it."""

_OPENING = frozenset({BringIn, Bet, Raise, Complete})
"""Moves that may open 3rd street's betting."""

_DOOR_WORDS: dict[BringInRule, str] = {
    BringInRule.LOWEST_CARD_ACE_HIGH: "lowest",
    BringInRule.HIGHEST_CARD_ACE_LOW: "highest (ace low)",
    BringInRule.HIGHEST_CARD_ACE_HIGH: "highest (ace high)",
}


class ActionKind(StrEnum):
    ANTE = "ante"
    BRING_IN = "bring_in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"
    CALL = "call"
    CHECK = "check"
    FOLD = "fold"


@dataclass(frozen=True, slots=True, kw_only=True)
class Action(Record):
    """One action as the rules see it."""

    line: int
    street: Street | None
    """``None`` for antes."""
    order: int
    player: str
    kind: ActionKind
    amount: int
    """Chips this action put in."""
    total: int
    """The player's total on this street after the action."""
    level: int
    """Bets made on this street after the action (the completion is the first on 3rd)."""
    all_in: bool
    capped: bool
    """This action reached the cap."""


_FOLD: Final = ActionKind.FOLD
_CHECK: Final = ActionKind.CHECK
_CALL: Final = ActionKind.CALL
_BRING_IN: Final = ActionKind.BRING_IN
_COMPLETE: Final = ActionKind.COMPLETE
_BET: Final = ActionKind.BET
_RAISE: Final = ActionKind.RAISE


class Plan:
    """A move checked against the table: what it is and puts in, what it would change,
    and what it breaks. Made by :func:`plan`, used once by :func:`apply` (a plain slotted
    class: one is made per move replayed, and a dataclass's keyword ``__init__`` costs
    twice as much)."""

    __slots__ = ("aggressive", "all_in", "amount", "big_bet_made", "bring_in_posted",
                 "findings", "full_to", "kind", "last_increment", "level", "misprinted", "move",
                 "player", "raiser", "reopens", "street")

    def __init__(self, move: Move, player: Seat, street: Street, findings: list[Finding],
                 table: Table, bring_in_posted: bool) -> None:
        self.move = move
        self.player = player
        self.street = street
        """The street the move's chips count on (3rd before any street began)."""
        self.kind = _FOLD
        self.amount = 0
        self.aggressive = False
        self.all_in = False
        """What the move says: it puts the player all-in."""
        self.findings = findings
        self.level = table.level
        self.full_to = table.full_to
        self.last_increment = table.last_increment
        self.big_bet_made = table.big_bet_made
        self.bring_in_posted = bring_in_posted
        self.raiser = False
        """A full bet or raise: its maker is the last full raiser."""
        self.reopens: bool | None = None
        """A completion, bet or raise: whether it reopens the betting for everyone else."""
        self.misprinted = False
        """A raise whose printed amounts cannot be read as any raise: found as such, its size
        is not judged again."""


def plan(table: Table, move: Move) -> Plan:
    """``move`` checked against ``table`` (its player seated, and not folded)."""
    player = table.players[move.player]
    street = table.street or THIRD
    found = _turn_findings(table, move)
    cls = type(move)
    if (street is THIRD and not table.bring_in_posted and table.level == 0
            and cls not in _OPENING and not (table.bring_in_optional and cls is Fold)):
        # left of a player all-in on the ante, a fold is allowed too (seed 002 rule 8)
        found.append(broke(RuleCode.BRING_IN_MISSING, move.line, move.player,
                           f"3rd street opens with {cls.__name__.lower()} by "
                           f"{move.player}, without a bring-in"))
        posted = True
    else:
        posted = table.bring_in_posted
    p = Plan(move, player, street, found, table, posted)
    mine = player.put_in.get(street, 0)
    if isinstance(move, Fold):
        pass
    elif isinstance(move, Check):
        p.kind = _CHECK
        owed = table.bet_to - mine
        if owed > 0:
            found.append(broke(RuleCode.ACTION_CHECK_FACING_BET, move.line, move.player,
                               f"{move.player} checks facing a bet of {table.money(owed)} on "
                               f"{table.street_label()}"))
    elif isinstance(move, Call):
        _plan_call(table, p, move, mine)
    elif isinstance(move, BringIn):
        _plan_bring_in(table, p, move, mine)
    else:
        p.aggressive = True
        p.all_in = move.all_in
        _plan_aggression(table, p, move, mine)
    amount = p.amount
    if amount and (amount > player.stack or p.all_in != (player.stack - amount <= 0)):
        found += money_findings(table, player, amount, move.line, p.all_in)
    return p


def _turn_findings(table: Table, move: Move) -> list[Finding]:
    """Out of turn: someone else was to act, or the round had closed (a bring-in by the
    wrong player has its own rule)."""
    name, cls = move.player, type(move)
    players = table.players
    for expected in table.to_act:
        if players[expected].live:
            if expected != name and cls is not BringIn:
                return [broke(RuleCode.ACTION_OUT_OF_TURN, move.line, name,
                              f"{name} acts out of turn on {table.street_label()}; "
                              f"{expected} was to act")]
            return []
    if table.last_actor is not None and cls is not BringIn:
        return [broke(RuleCode.ACTION_OUT_OF_TURN, move.line, name,
                      f"{name} acts on {table.street_label()} after the betting round "
                      "closed")]
    return []


def _plan_call(table: Table, p: Plan, move: Call, mine: int) -> None:
    p.kind = _CALL
    p.amount = amount = move.amount
    p.all_in = move.all_in
    owed = table.bet_to - mine
    due = min(owed, p.player.stack)
    if amount != due and not (amount == owed and amount > p.player.stack):
        p.findings.append(broke(RuleCode.CALL_WRONG_AMOUNT, move.line, move.player,
                                f"{move.player} calls {table.money(amount)} but owes "
                                f"{table.money(due)}"))


def _plan_bring_in(table: Table, p: Plan, move: BringIn, mine: int) -> None:
    p.kind = _BRING_IN
    p.amount = amount = move.amount
    p.all_in = move.all_in
    name, line, found = move.player, move.line, p.findings
    if table.street is not THIRD or table.bring_in_posted or table.level:
        found.append(broke(RuleCode.BRING_IN_WRONG_PLAYER, line, name,
                           f"{name} brings in on {table.street_label()} after the betting "
                           "opened"))
    elif table.bring_in_expected is not None and name != table.bring_in_expected:
        found.append(broke(RuleCode.BRING_IN_WRONG_PLAYER, line, name,
                           f"{name} brings in, but {table.bring_in_expected} has the "
                           f"{_DOOR_WORDS[table.game.bring_in]} door card"))
    small = table.small_bet
    if not small:  # a header without stakes, and no bet of the hand shows them
        found.append(unknown(RuleCode.BRING_IN_WRONG_AMOUNT, line,
                             "the stakes are not printed and no bet of the hand shows them"))
    elif amount <= 0 or (amount >= small and not move.all_in):
        found.append(broke(RuleCode.BRING_IN_WRONG_AMOUNT, line, name,
                           f"bring-in of {table.money(amount)}: it must be more than nothing "
                           f"and less than the small bet {table.money(small)}"))
    p.bring_in_posted = True
    if table.profile.bring_in_is_bet:
        p.full_to = mine + amount


def _plan_aggression(table: Table, p: Plan, move: Bet | Raise | Complete, mine: int) -> None:
    """A bet, raise or completion: its kind and chips, with size and cap checks."""
    name, line = move.player, move.line
    if isinstance(move, Raise):
        to = move.to
        by = to - table.bet_to
        if to < table.bet_to:
            to = _impossible_raise(table, p, move, mine)
            by = to - table.bet_to
        elif move.by != by:
            p.findings.append(broke(RuleCode.RAISE_WRONG_TOTAL, line, name,
                                    f"{name} raises {table.money(move.by)} to "
                                    f"{table.money(to)}, but the bet was "
                                    f"{table.money(table.bet_to)}"))
    elif isinstance(move, Complete):
        to = move.to
        by = to - table.bet_to
    else:
        to = mine + move.amount
        by = to - table.bet_to
        if table.bet_to and not (p.street is THIRD and table.level == 0):
            p.findings.append(broke(RuleCode.BET_FACING_BET, line, name,
                                    f"{name} bets facing a bet of {table.money(table.bet_to)} "
                                    f"on {table.street_label()}"))
    p.amount = to - mine
    if p.street is THIRD and table.level == 0:
        _plan_completion(table, p, to)
        return
    p.kind = _BET if table.level == 0 else _RAISE
    if table.profile.bring_in_is_bet:
        by = to - table.full_to  # a raise adds a bet to the last full bet, not a short one
    if table.fixed_limit and not table.small_bet:
        p.findings.append(unknown(RuleCode.BET_WRONG_SIZE, line,
                                  "the stakes are not printed and no bet of the hand shows "
                                  "them"))
    if not table.fixed_limit or not table.small_bet:
        _plan_unlimited(table, p, by)
    else:
        _plan_fixed(table, p, to, by)


def _impossible_raise(table: Table, p: Plan, move: Raise, mine: int) -> int:
    """A raise to less than the bet it raises: its printed total cannot be the player's
    total on the street. The total it is read as is returned, the line's fault found.

    When the printed total, read as the chips the line puts in, makes a raise the player's
    stack can pay, that is the reading (a site that printed the chips of an all-in for its
    total: Winamax's ``raises -6.10€ to 18.90€`` of a player with 18.90€ left); the
    replay goes on from it, and what the history says next (the call, the pot, the
    collection) checks it. Otherwise the line is taken as printed, and what follows from it
    is counted as its consequence."""
    name, money, bet_to = move.player, table.money, table.bet_to
    printed = f"{name} raises {money(move.by)} to {money(move.to)}"
    chips, stack = move.to, p.player.stack
    if 0 < chips <= stack and mine + chips > bet_to:
        p.all_in = p.all_in or chips == stack
        p.findings.append(broke(RuleCode.RAISE_WRONG_TOTAL, move.line, name,
                                f"{printed}, a total below the bet of {money(bet_to)}: read "
                                f"as {money(chips)} put in"
                                + (" (all-in)" if p.all_in else "")
                                + f", a raise to {money(mine + chips)}"))
        return mine + chips
    p.misprinted = True
    p.findings.append(broke(RuleCode.RAISE_WRONG_TOTAL, move.line, name,
                            f"{printed}, a total below the bet of {money(bet_to)}: taken as "
                            "printed"))
    return move.to


def _plan_completion(table: Table, p: Plan, to: int) -> None:
    """The first bet of 3rd street: the completion to the small bet."""
    name, line, small, profile = p.move.player, p.move.line, table.small_bet, table.profile
    all_in = p.all_in or p.amount >= p.player.stack
    p.kind = _COMPLETE
    if not table.fixed_limit:
        p.last_increment = max(table.last_increment, to)
    elif not small:
        p.findings.append(unknown(RuleCode.COMPLETE_WRONG_SIZE, line,
                                  "the stakes are not printed and no bet of the hand shows "
                                  "them"))
    elif to != small and not (all_in and to < small):
        p.findings.append(broke(RuleCode.COMPLETE_WRONG_SIZE, line, name,
                                f"{name} completes to {table.money(to)}; the completion is "
                                f"to the small bet {table.money(small)}"))
    p.level = 1
    if profile.bring_in_is_bet:  # a raise of the bring-in: full if it adds a bet
        step = to - table.full_to
        full = reopens = step >= small or (profile.half_bet_reopens and 2 * step >= small)
    else:
        full = to >= small
        reopens = full or (profile.half_bet_reopens and 2 * to >= small)
    if full:
        p.raiser = True
        p.full_to = to
    p.reopens = reopens
    p.bring_in_posted = True


def _plan_fixed(table: Table, p: Plan, to: int, by: int) -> None:
    """A fixed-limit bet or raise: its size (small, big, the open pair's choice) and the
    cap."""
    name, line, street, size = p.move.player, p.move.line, p.street, table.full_bet
    all_in = p.all_in or p.amount >= p.player.stack
    big = table.big_bet
    allowed, pair = _sizes(table)
    if pair is None and by == big:
        p.findings.append(unknown(RuleCode.BET_BIG_WITHOUT_OPEN_PAIR, line,
                                  "not every board is shown: an open pair cannot be ruled "
                                  "out"))
    if by not in allowed and not (all_in and by < max(allowed)) and not p.misprinted:
        if street is FOURTH and by == big and table.open_pair_big_bet:
            p.findings.append(broke(RuleCode.BET_BIG_WITHOUT_OPEN_PAIR, line, name,
                                    f"{name} makes a big bet of {table.money(by)} on 4th "
                                    "street with no open pair"))
        else:
            sizes = " or ".join(table.money(s) for s in sorted(allowed))
            verb = "raises by" if p.kind is _RAISE else "bets"
            p.findings.append(broke(RuleCode.BET_WRONG_SIZE, line, name,
                                    f"{name} {verb} {table.money(by)} on "
                                    f"{table.street_label()}; the bet is {sizes}"))
    if by == big and street is FOURTH:
        p.big_bet_made = True
    full = by >= size or (table.profile.half_bet_reopens and 2 * by >= size)
    _check_reopened(table, p)
    limit = table.limit
    if full:
        p.level = table.level + 1
        p.full_to = to
        if limit is not None and p.level > limit:
            p.findings.append(broke(RuleCode.RAISE_OVER_CAP, line, name,
                                    f"{p.kind.value} by {name} is bet number {p.level} on "
                                    f"{table.street_label()}; the cap is {limit}"))
    p.raiser = p.reopens = full


def _sizes(table: Table) -> tuple[set[int], bool | None]:
    """The fixed-limit bet and raise sizes allowed now, and whether a pair shows on 4th
    street (``None``: a board is unknown, so the big bet cannot be ruled out)."""
    big = table.big_bet
    pair = table.street is FOURTH and table.open_pair_big_bet and table.open_pair()
    if pair or pair is None:
        return ({big} if table.big_bet_made else {table.small_bet, big}), pair
    return {table.full_bet}, pair


def bet_sizes(table: Table) -> list[int]:
    """What a fixed-limit bet or raise may add now, smallest first, whatever the stack
    (a player with less goes all-in for less): the street's bet, or on 4th street with an
    open pair (stud) the small or the big bet, only the big once a big bet was made. The
    cap and the reopening rule are checked by :func:`verify`.

    Not for 3rd street's completion, which is to the small bet."""
    return sorted(_sizes(table)[0])


def _plan_unlimited(table: Table, p: Plan, by: int) -> None:
    """A no-limit or pot-limit bet or raise: no size or cap check; a raise smaller than
    the last full one (an all-in) does not reopen the betting."""
    _check_reopened(table, p)
    full = by >= max(table.full_bet, table.last_increment)
    if full:
        p.level = table.level + 1
        p.last_increment = by
    p.raiser = p.reopens = full


def _check_reopened(table: Table, p: Plan) -> None:
    """Whoever acted since the last full bet or raise may only call or fold, unless a
    full raise has come since; on 3rd street, until a full completion, anyone may
    complete (only the bring-in and all-ins short of it are in)."""
    name = p.move.player
    if (p.kind is _RAISE and name in table.acted_since_full
            and not (p.street is THIRD and table.bet_to < table.small_bet)):
        whose = "their bet" if table.last_full_raiser == name else "they acted"
        p.findings.append(broke(RuleCode.RAISE_NOT_REOPENED, p.move.line, name,
                                f"{name} raises again though no one made a full raise "
                                f"after {whose}"))


def money_findings(table: Table, player: Seat, amount: int, line: int, all_in: bool
                   ) -> list[Finding]:
    """``amount`` put in against ``player``'s stack and what the line says (all-in or not)."""
    if amount > player.stack:
        return [broke(RuleCode.STACK_EXCEEDED, line, player.name,
                      f"{player.name} puts in {table.money(amount)} with only "
                      f"{table.money(max(player.stack, 0))} left")]
    if all_in != (player.stack - amount <= 0):
        said = "says all-in" if all_in else "does not say all-in"
        return [broke(RuleCode.STACK_ALL_IN_MISMATCH, line, player.name,
                      f"{player.name} {said} with {table.money(max(player.stack - amount, 0))} "
                      "left")]
    return []


def put(table: Table, player: Seat, amount: int, all_in: bool) -> None:
    """``player`` puts ``amount`` in on the table's street (a stack it exceeds is wrong,
    not the history: the move is applied as it says)."""
    exceeded = amount > player.stack
    player.stack -= amount
    player.put_in[table.street] = player.put_in.get(table.street, 0) + amount
    if exceeded:
        player.all_in = player.all_in or all_in
    elif player.stack <= 0:
        player.all_in = True


def apply(table: Table, p: Plan, order: int) -> Action:
    """Apply a planned move to ``table``; its :class:`Action` record (``order``: its
    number in the hand)."""
    player, kind, name = p.player, p.kind, p.player.name
    table.bring_in_posted = p.bring_in_posted
    if kind is _FOLD:
        player.fold()
    if p.aggressive or kind is _BRING_IN:
        table.level = p.level
        table.full_to = p.full_to
        table.last_increment = p.last_increment
        table.big_bet_made = p.big_bet_made
        if p.raiser:
            table.last_full_raiser = name
        if p.reopens is not None:
            if p.reopens:
                table.acted_since_full = {name}
            else:
                table.acted_since_full.add(name)
    if p.amount:
        put(table, player, p.amount, p.all_in)
    total = player.put_in.get(p.street, 0)
    if (p.aggressive or kind is _BRING_IN) and total > table.bet_to:
        table.bet_to = total
    limit = table.limit
    capped = p.aggressive and limit is not None and table.level == limit
    action = Action.make(line=p.move.line, street=p.street, order=order, player=name, kind=kind,
                         amount=p.amount, total=total, level=table.level,
                         all_in=player.all_in, capped=capped)
    table.advance(name, kind is _BRING_IN, p.aggressive)
    return action


# -- the trio, per move -------------------------------------------------------------------

def verify(table: Table, move: Move) -> list[Finding]:
    """What ``move`` would break (violations and checks the text cannot decide)."""
    return plan(table, move).findings


def can(table: Table, move: Move) -> bool:
    """Whether ``move`` breaks no rule."""
    return not any(f.checked for f in plan(table, move).findings)


def act(table: Table, move: Move, order: int = 0) -> Action:
    """Apply ``move``, legal or not."""
    return apply(table, plan(table, move), order)


verify_bring_in = verify_complete = verify_bet = verify_raise = verify
verify_call = verify_check = verify_fold = verify
can_bring_in = can_complete = can_bet = can_raise = can_call = can_check = can_fold = can
bring_in = complete = bet = raise_ = call = check = fold = act
