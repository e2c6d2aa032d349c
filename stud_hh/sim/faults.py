"""The rules the simulator can break on purpose (``stud-hh simulate --inject``), as data.

Kept apart from :mod:`stud_hh.sim.inject`, which breaks them, so that the command line
lists them without importing the readers and the engine.
"""

from __future__ import annotations

from stud_hh.rules.violations import RuleCode

TABLE_FAULTS: tuple[RuleCode, ...] = (
    RuleCode.ANTE_WRONG_AMOUNT,
    RuleCode.ANTE_MISSING,
    RuleCode.BRING_IN_WRONG_PLAYER,
    RuleCode.BRING_IN_WRONG_AMOUNT,
    RuleCode.COMPLETE_WRONG_SIZE,
    RuleCode.BET_WRONG_SIZE,
    RuleCode.BET_BIG_WITHOUT_OPEN_PAIR,
    RuleCode.RAISE_OVER_CAP,
    RuleCode.ACTION_OUT_OF_TURN,
    RuleCode.ACTION_CHECK_FACING_BET,
    RuleCode.CARD_DUPLICATE,
    RuleCode.SHOWDOWN_WRONG_ORDER,
    RuleCode.POT_WRONG_WINNER,
    RuleCode.POT_WRONG_SPLIT,
    RuleCode.POT_NOT_BALANCED,
)
"""Rules the table breaks while playing (:class:`stud_hh.sim.table.Fault`)."""

EDITED: tuple[RuleCode, ...] = (
    RuleCode.ACTION_AFTER_FOLD,
    RuleCode.RAISE_WRONG_TOTAL,
    RuleCode.BET_FACING_BET,
    RuleCode.STACK_ALL_IN_MISMATCH,
    RuleCode.CARD_CHANGED,
    RuleCode.ACTION_UNKNOWN_PLAYER,
    RuleCode.POT_UNCALLED_WRONG,
    RuleCode.STACK_EXCEEDED,
)
"""Rules broken by editing a clean hand's events (:data:`stud_hh.sim.inject.EDITS`, in
this order)."""

INJECTABLE: tuple[RuleCode, ...] = TABLE_FAULTS + EDITED
"""Every rule ``--inject`` can break, in the order ``--inject all`` cycles through them."""
