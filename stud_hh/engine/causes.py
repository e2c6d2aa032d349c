"""Root causes and their consequences: which earlier violation of a hand a later one
follows from.

A replay goes on after a violation from what the history says happened; but a broken rule
puts in doubt part of what the replay keeps (the street's bet after a bet of the wrong
size, the pot after a call of the wrong amount). Each rule declares, as data
(:attr:`~stud_hh.rules.violations.Rule.reads`, :attr:`~stud_hh.rules.violations.Rule.breaks`),
the state its check reads and the state a violation of it leaves unreliable. A violation
whose check reads state an earlier violation left unreliable *follows from* that one: it
is a consequence, named with its root cause's line and rule and counted apart. One that
reads nothing put in doubt is a root cause, whatever came before (a card shown twice after
an ante of the wrong size).

Findings of one step (one event's move, or one end-of-hand check) are weighed against the
state before the step: two faults of one line are two root causes, neither follows from
the other. Street-scoped state (:attr:`~stud_hh.rules.violations.HandState.street_scoped`)
is sound again when the next street begins.

>>> causes = Causes()
>>> causes.step([(RuleCode.BET_WRONG_SIZE, 17)])
[None]
>>> causes.step([(RuleCode.CALL_WRONG_AMOUNT, 18), (RuleCode.CARD_DUPLICATE, 18)])
[Cause(line=17, rule=<RuleCode.BET_WRONG_SIZE: 'bet.wrong-size'>), None]
>>> causes.new_street()
>>> causes.step([(RuleCode.ACTION_OUT_OF_TURN, 21)])  # the turn is sound on a new street
[None]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stud_hh.rules.violations import RULES, HandState, RuleCode


@dataclass(frozen=True, slots=True)
class Cause:
    """The root cause a violation follows from: its line and rule."""

    line: int
    rule: RuleCode


class Causes:
    """The state each root cause of a hand has left unreliable so far (a plain slotted
    class: one is made per hand replayed)."""

    __slots__ = ("broken", "roots")

    def __init__(self) -> None:
        self.broken: dict[HandState, Cause] = {}
        """Each unreliable part of the state, with the root cause that broke it first."""
        self.roots: dict[Cause, int] = {}
        """Each root cause noted, with its place in the hand (the earliest is named when
        several broke what a check reads)."""

    def step(self, found: Sequence[tuple[RuleCode, int]]) -> list[Cause | None]:
        """The violations (rule, line) one step finds, in order: the root cause each
        follows from (``None``: a root cause itself). What they break is noted after."""
        broken, roots = self.broken, self.roots
        causes: list[Cause | None] = []
        for rule, _ in found:
            earliest: Cause | None = None
            for state in RULES[rule].reads:
                held = broken.get(state)
                if held is not None and (earliest is None or roots[held] < roots[earliest]):
                    earliest = held
            causes.append(earliest)
        for (rule, line), cause in zip(found, causes, strict=True):
            root = cause
            if root is None:
                root = Cause(line, rule)
                roots.setdefault(root, len(roots))
            for state in RULES[rule].breaks:
                if state not in broken:
                    broken[state] = root
        return causes

    def new_street(self) -> None:
        """A street begins: its betting is sound again, whatever broke the last street's."""
        for state in [s for s in self.broken if s.street_scoped]:
            del self.broken[state]
