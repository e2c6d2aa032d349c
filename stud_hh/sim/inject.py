"""Hands that break exactly one rule, with the line where they break it.

Two ways to break a rule:

* *table faults* (:data:`TABLE_FAULTS`): the table itself plays the hand wrongly
  at one point -- the wrong player brings in, a completion of the wrong size, a
  raise beyond the cap, a player acting before their turn -- with an ante, card,
  move or award that the engine rejects with exactly that rule, and then goes on
  consistently, so nothing else is wrong (see :class:`stud_hh.sim.table.Fault`);
* *edits* (:data:`EDITS`): a clean hand's events are changed afterwards -- a
  folded player acts again, a raise prints the wrong increment, a seat line shows
  a smaller stack than the player puts in.

Either way the hand is replayed (:func:`stud_hh.replay.replay`) before it is
accepted, and accepted only when the replay reports exactly that one rule at
exactly the recorded line: the ground truth is checked, not hoped for.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from random import Random

from stud_hh.export.pokerstars import first_event_line
from stud_hh.model.cards import ALL_CARDS
from stud_hh.model.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Deal,
    Fold,
    Game,
    HandEvent,
    HandHeader,
    PostAnte,
    Raise,
    StreetStart,
    UncalledReturned,
)
from stud_hh.model.hand import ParsedHand
from stud_hh.replay import replay
from stud_hh.rules.violations import RuleCode
from stud_hh.sim.faults import EDITED, INJECTABLE, TABLE_FAULTS

__all__ = ["EDITS", "INJECTABLE", "TABLE_FAULTS", "applicable", "check", "edit", "numbered"]

_Edited = tuple[HandHeader, list[HandEvent], int]
Edit = Callable[[HandHeader, list[HandEvent], Random], _Edited | None]

_ACTIONS = (BringIn, Bet, Raise, Call, Check, Fold)


def _street_of(events: Sequence[HandEvent]) -> list[int]:
    """The street number each event belongs to (0 before 3rd street)."""
    out: list[int] = []
    street = 0
    for event in events:
        if isinstance(event, StreetStart):
            street = int(event.street)
        out.append(street)
    return out


def _after_fold(header: HandHeader, events: list[HandEvent], rng: Random) -> _Edited | None:
    streets = _street_of(events)
    for i, event in enumerate(events):
        if not isinstance(event, Fold):
            continue
        for j in range(i + 1, len(events)):
            other = events[j]
            if streets[j] != streets[i] or not isinstance(other, _ACTIONS):
                if streets[j] != streets[i]:
                    break
                continue
            if other.player != event.player:
                new = Check(line=0, player=event.player) if rng.random() < 0.5 else Fold(
                    line=0, player=event.player)
                return header, [*events[:j + 1], new, *events[j + 1:]], j + 1
    return None


def _wrong_total(header: HandHeader, events: list[HandEvent], rng: Random) -> _Edited | None:
    raises = [i for i, e in enumerate(events) if isinstance(e, Raise)]
    if not raises:
        return None
    i = rng.choice(raises)
    event = events[i]
    assert isinstance(event, Raise)
    wrong = dataclasses.replace(event, by=event.by + header.small_bet)
    return header, [*events[:i], wrong, *events[i + 1:]], i


def _puts_by_street(events: Sequence[HandEvent]) -> list[int]:
    """For each event, the acting player's total on the street before it."""
    totals: dict[str, int] = {}
    before: list[int] = []
    for event in events:
        if isinstance(event, StreetStart):
            totals = {}
        player = getattr(event, "player", "")
        mine = totals.get(player, 0)
        before.append(mine)
        if isinstance(event, Bet | Call | BringIn):
            totals[player] = mine + event.amount
        elif isinstance(event, Raise):
            totals[player] = event.to
    return before


def _facing_bet(header: HandHeader, events: list[HandEvent], rng: Random) -> _Edited | None:
    streets = _street_of(events)
    before = _puts_by_street(events)
    raises = [i for i, e in enumerate(events) if isinstance(e, Raise) and streets[i] >= 4]
    if not raises:
        return None
    i = rng.choice(raises)
    event = events[i]
    assert isinstance(event, Raise)
    bet = Bet(line=0, player=event.player, amount=event.to - before[i], all_in=event.all_in)
    return header, [*events[:i], bet, *events[i + 1:]], i


def _all_in_mismatch(header: HandHeader, events: list[HandEvent], rng: Random
                     ) -> _Edited | None:
    found = [i for i, e in enumerate(events)
             if isinstance(e, Bet | Raise | Call | BringIn) and e.all_in]
    if found:
        i = rng.choice(found)
        event = events[i]
        assert isinstance(event, Bet | Raise | Call | BringIn)
        return header, [*events[:i], dataclasses.replace(event, all_in=False),
                        *events[i + 1:]], i
    # no all-in: print a stack that the player's last action empties, without saying so
    totals, last = _totals(events)
    acted_last = {getattr(e, "player", ""): i for i, e in enumerate(events)
                  if isinstance(e, _ACTIONS)}
    candidates = sorted((name, i) for name, i in last.items()
                        if acted_last.get(name) == i and not isinstance(events[i], PostAnte))
    if not candidates:
        return None
    name, i = rng.choice(candidates)
    seats = tuple(dataclasses.replace(s, stack=totals[name]) if s.name == name else s
                  for s in header.seats)
    return dataclasses.replace(header, seats=seats), events, i


def _totals(events: Sequence[HandEvent]) -> tuple[dict[str, int], dict[str, int]]:
    """Each player's chips put in over the hand, and the index of their last such event."""
    before = _puts_by_street(events)
    totals: dict[str, int] = {}
    last: dict[str, int] = {}
    for i, event in enumerate(events):
        if isinstance(event, PostAnte | BringIn | Bet | Call):
            totals[event.player] = totals.get(event.player, 0) + event.amount
            last[event.player] = i
        elif isinstance(event, Raise):
            totals[event.player] = totals.get(event.player, 0) + event.to - before[i]
            last[event.player] = i
    return totals, last


def _card_changed(header: HandHeader, events: list[HandEvent], rng: Random) -> _Edited | None:
    used = {c for e in events if isinstance(e, Deal) for c in (*e.cards, *e.known)}
    used |= {c for e in events for c in getattr(e, "cards", ()) or ()}
    unused = [c for c in sorted(ALL_CARDS) if c not in used]
    deals = [i for i, e in enumerate(events) if isinstance(e, Deal) and e.known]
    if not deals or not unused:
        return None
    i = rng.choice(deals)
    event = events[i]
    assert isinstance(event, Deal)
    k = rng.randrange(len(event.known))
    known = (*event.known[:k], rng.choice(unused), *event.known[k + 1:])
    return header, [*events[:i], dataclasses.replace(event, known=known), *events[i + 1:]], i


def _unknown_player(header: HandHeader, events: list[HandEvent], rng: Random
                    ) -> _Edited | None:
    actions = [i for i, e in enumerate(events) if isinstance(e, Call | Check)]
    if not actions:
        return None
    i = rng.choice(actions)
    names = {s.name for s in header.seats}
    ghost = next(n for n in ("railbird", "railbird_2", "ghost 77") if n not in names)
    new = Fold(line=0, player=ghost)
    return header, [*events[:i + 1], new, *events[i + 1:]], i + 1


def _uncalled_wrong(header: HandHeader, events: list[HandEvent], rng: Random
                    ) -> _Edited | None:
    for i, event in enumerate(events):
        if isinstance(event, UncalledReturned):
            for j in range(i + 1, len(events)):
                collect = events[j]
                if isinstance(collect, Collect) and collect.amount > 2:
                    out = list(events)
                    out[i] = dataclasses.replace(event, amount=event.amount + 1)
                    out[j] = dataclasses.replace(collect, amount=collect.amount - 1)
                    return header, out, i
    return None


def _stack_exceeded(header: HandHeader, events: list[HandEvent], rng: Random
                    ) -> _Edited | None:
    totals, last = _totals(events)
    before = _puts_by_street(events)
    candidates = []
    for name, i in last.items():
        event = events[i]
        amount = getattr(event, "amount", 0)
        if isinstance(event, Raise):
            amount = event.to - before[i]
        if amount >= 2 and not isinstance(event, PostAnte) and not getattr(event, "all_in", True):
            candidates.append((name, i))
    if not candidates:
        return None
    name, i = rng.choice(sorted(candidates))
    seats = tuple(dataclasses.replace(s, stack=totals[name] - 1) if s.name == name else s
                  for s in header.seats)
    return dataclasses.replace(header, seats=seats), events, i


EDITS: dict[RuleCode, Edit] = {
    RuleCode.ACTION_AFTER_FOLD: _after_fold,
    RuleCode.RAISE_WRONG_TOTAL: _wrong_total,
    RuleCode.BET_FACING_BET: _facing_bet,
    RuleCode.STACK_ALL_IN_MISMATCH: _all_in_mismatch,
    RuleCode.CARD_CHANGED: _card_changed,
    RuleCode.ACTION_UNKNOWN_PLAYER: _unknown_player,
    RuleCode.POT_UNCALLED_WRONG: _uncalled_wrong,
    RuleCode.STACK_EXCEEDED: _stack_exceeded,
}
"""Rules broken by editing a clean hand's events."""

if tuple(EDITS) != EDITED:  # pragma: no cover - the two lists are kept in step by hand
    raise ImportError("stud_hh.sim.inject.EDITS and stud_hh.sim.faults.EDITED differ")


def applicable(rule: RuleCode, game: Game) -> bool:
    """Whether ``rule`` can be broken in ``game`` (a big bet on 4th needs stud's open pair;
    a wrong split needs the two halves of stud hi/lo)."""
    if rule == RuleCode.BET_BIG_WITHOUT_OPEN_PAIR:
        return game is Game.STUD
    if rule == RuleCode.POT_WRONG_SPLIT:
        return game is Game.STUD8
    return rule in INJECTABLE


def edit(rule: RuleCode, header: HandHeader, events: list[HandEvent], rng: Random
         ) -> _Edited | None:
    """Apply the edit for ``rule``; ``None`` when this hand offers no place for it."""
    return EDITS[rule](header, events, rng)


def numbered(header: HandHeader, events: Sequence[HandEvent], first_line: int = 1
             ) -> ParsedHand:
    """The hand as the parser would give it from a file where it starts at ``first_line``."""
    seats = tuple(dataclasses.replace(s, line=first_line + 2 + k)
                  for k, s in enumerate(header.seats))
    start = first_line - 1 + first_event_line(header)
    numbered_events = tuple(dataclasses.replace(e, line=start + k) for k, e in enumerate(events))
    head = dataclasses.replace(header, seats=seats, line=first_line)
    last = start + len(events) - 1
    return ParsedHand(header=head, events=numbered_events, path="<simulated>",
                      first_line=first_line, last_line=last)


def check(rule: RuleCode, header: HandHeader, events: Sequence[HandEvent], index: int) -> bool:
    """True when replaying the hand reports exactly ``rule``, once, at event ``index``."""
    hand = numbered(header, events)
    found = replay(hand, "pokerstars").violations
    line = first_event_line(header) + index
    return len(found) == 1 and found[0].rule == rule and found[0].line == line


