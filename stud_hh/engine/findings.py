"""What a check finds: a broken rule, or a rule the hand's text cannot decide.

The engine's checks return :class:`Finding` values and never record them: the replayer
turns each into a located :class:`~stud_hh.rules.violations.Violation` or
:class:`~stud_hh.rules.violations.Unverifiable`; the simulator asks only whether a move has
none (``can_X``).

>>> broke(RuleCode.CALL_WRONG_AMOUNT, 12, "Al", "Al calls 5 but owes 10").checked
True
>>> unknown(RuleCode.POT_WRONG_WINNER, 30, "the cards are not shown").player is None
True
"""

from __future__ import annotations

from dataclasses import dataclass

from stud_hh.model.records import Record
from stud_hh.rules.violations import RuleCode


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding(Record):
    """One check's result on one line: ``checked`` a violation, else an unverifiable rule
    (``text`` then says why it cannot be decided)."""

    rule: RuleCode
    line: int
    player: str | None
    text: str
    checked: bool


def broke(rule: RuleCode, line: int, player: str | None, message: str) -> Finding:
    """A violation of ``rule`` at ``line``."""
    return Finding.make(rule=rule, line=line, player=player, text=message, checked=True)


def unknown(rule: RuleCode, line: int, reason: str) -> Finding:
    """``rule`` cannot be checked at ``line``, for ``reason``."""
    return Finding.make(rule=rule, line=line, player=None, text=reason, checked=False)
