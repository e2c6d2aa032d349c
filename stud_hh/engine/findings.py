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

from stud_hh.model.events import positional_constructor
from stud_hh.model.records import native_constructors
from stud_hh.rules.violations import RuleCode


@dataclass(frozen=True, slots=True, kw_only=True)
class Finding:
    """One check's result on one line: ``checked`` a violation, else an unverifiable rule
    (``text`` then says why it cannot be decided)."""

    rule: RuleCode
    line: int
    player: str | None
    text: str
    checked: bool


def _new_finding(
    rule: RuleCode, line: int, player: str | None, text: str, checked: bool
) -> Finding:
    o = Finding.__new__(Finding)
    o.rule = rule  # type: ignore[misc]
    o.line = line  # type: ignore[misc]
    o.player = player  # type: ignore[misc]
    o.text = text  # type: ignore[misc]
    o.checked = checked  # type: ignore[misc]
    return o


native_constructors({Finding: _new_finding})
_Finding = positional_constructor(Finding)


def broke(rule: RuleCode, line: int, player: str | None, message: str) -> Finding:
    """A violation of ``rule`` at ``line``."""
    return _Finding(rule, line, player, message, True)


def unknown(rule: RuleCode, line: int, reason: str) -> Finding:
    """``rule`` cannot be checked at ``line``, for ``reason``."""
    return _Finding(rule, line, None, reason, False)
