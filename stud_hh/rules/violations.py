"""The rules a replay checks: stable codes, what each means, and the records it makes.

Every check of ``../shared/docs/RULES.md`` is a named rule with a code that
never changes (reports, tests and stored audits refer to it). A check that the
text of a hand cannot decide (cards never shown) is recorded as
*unverifiable* for that hand, never as a violation.

>>> RULES["raise.over-cap"].title
'a bet or raise beyond the cap'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from stud_hh.model.events import Street, compiled_makers


class RuleCode(StrEnum):
    """Every rule's stable code: a typo in one is a type error, not a silent miss.

    >>> RuleCode.RAISE_OVER_CAP == "raise.over-cap"
    True
    """

    ANTE_WRONG_AMOUNT = "ante.wrong-amount"
    ANTE_MISSING = "ante.missing"
    BRING_IN_WRONG_PLAYER = "bring-in.wrong-player"
    BRING_IN_WRONG_AMOUNT = "bring-in.wrong-amount"
    BRING_IN_MISSING = "bring-in.missing"
    COMPLETE_WRONG_SIZE = "complete.wrong-size"
    BET_WRONG_SIZE = "bet.wrong-size"
    BET_BIG_WITHOUT_OPEN_PAIR = "bet.big-without-open-pair"
    BET_FACING_BET = "bet.facing-bet"
    RAISE_OVER_CAP = "raise.over-cap"
    RAISE_NOT_REOPENED = "raise.not-reopened"
    RAISE_WRONG_TOTAL = "raise.wrong-total"
    CALL_WRONG_AMOUNT = "call.wrong-amount"
    ACTION_OUT_OF_TURN = "action.out-of-turn"
    ACTION_AFTER_FOLD = "action.after-fold"
    ACTION_UNKNOWN_PLAYER = "action.unknown-player"
    ACTION_CHECK_FACING_BET = "action.check-facing-bet"
    ACTION_MISSING = "action.missing"
    STACK_EXCEEDED = "stack.exceeded"
    STACK_ALL_IN_MISMATCH = "stack.all-in-mismatch"
    CARD_DUPLICATE = "card.duplicate"
    CARD_WRONG_COUNT = "card.wrong-count"
    CARD_CHANGED = "card.changed"
    COMMON_CARD_WRONG = "common-card.wrong"
    SHOWDOWN_WRONG_ORDER = "showdown.wrong-order"
    POT_UNCALLED_WRONG = "pot.uncalled-wrong"
    POT_WRONG_WINNER = "pot.wrong-winner"
    POT_WRONG_SPLIT = "pot.wrong-split"
    POT_NOT_BALANCED = "pot.not-balanced"
    GAME_NOT_AUDITED = "game.not-audited"


@dataclass(frozen=True, slots=True)
class Rule:
    code: RuleCode
    title: str
    reference: str
    """Where RULES.md states it."""


_RULES = (
    Rule(RuleCode.ANTE_WRONG_AMOUNT, "antes of different amounts in one hand",
         "Structure of a hand"),
    Rule(RuleCode.ANTE_MISSING,
         "a player dealt in without posting the ante", "Structure of a hand"),
    Rule(RuleCode.BRING_IN_WRONG_PLAYER, "the bring-in posted by the wrong player",
         "3rd street: who brings in"),
    Rule(RuleCode.BRING_IN_WRONG_AMOUNT, "a bring-in not smaller than the small bet, or of nothing",
         "3rd street: bring-in and completion"),
    Rule(RuleCode.BRING_IN_MISSING, "3rd street betting without a bring-in",
         "3rd street: bring-in and completion"),
    Rule(RuleCode.COMPLETE_WRONG_SIZE, "a completion to other than the small bet",
         "3rd street: bring-in and completion"),
    Rule(RuleCode.BET_WRONG_SIZE, "a bet or raise of the wrong size for the street",
         "Structure of a hand: bet sizes"),
    Rule(RuleCode.BET_BIG_WITHOUT_OPEN_PAIR, "a big bet on 4th street with no open pair showing",
         "4th street open pair"),
    Rule(RuleCode.BET_FACING_BET, "a bet made when a bet was already made (should be a raise)",
         "Structure of a hand"),
    Rule(RuleCode.RAISE_OVER_CAP, "a bet or raise beyond the cap", "Raise cap"),
    Rule(RuleCode.RAISE_NOT_REOPENED, "a raise by a player whose option was not reopened",
         "Raise cap; All-in"),
    Rule(RuleCode.RAISE_WRONG_TOTAL, "a raise whose printed total is not the bet plus the raise",
         "Structure of a hand"),
    Rule(RuleCode.CALL_WRONG_AMOUNT, "a call of other than the amount owed", "All-in"),
    Rule(RuleCode.ACTION_OUT_OF_TURN,
         "a player acting out of turn", "Later streets: who acts first"),
    Rule(RuleCode.ACTION_AFTER_FOLD, "a player acting after folding", "Structure of a hand"),
    Rule(RuleCode.ACTION_UNKNOWN_PLAYER,
         "an action by a player not dealt in", "Structure of a hand"),
    Rule(RuleCode.ACTION_CHECK_FACING_BET,
         "a check when a bet is to be called", "Structure of a hand"),
    Rule(RuleCode.ACTION_MISSING, "a betting round that ends before every player has acted",
         "Structure of a hand"),
    Rule(RuleCode.STACK_EXCEEDED, "a player putting in more than their stack", "Accounting"),
    Rule(RuleCode.STACK_ALL_IN_MISMATCH,
         "'is all-in' printed when the stack is not empty, or missing "
         "when it is", "Accounting"),
    Rule(RuleCode.CARD_DUPLICATE, "one card dealt twice in a hand", "Accounting"),
    Rule(RuleCode.CARD_WRONG_COUNT, "a player with the wrong number of cards for the street",
         "Accounting"),
    Rule(RuleCode.CARD_CHANGED, "a card shown at showdown that differs from the one dealt",
         "Accounting"),
    Rule(RuleCode.COMMON_CARD_WRONG,
         "a common card dealt when the deck did not run out, or missing "
         "when it did", "Deck exhaustion: the common card"),
    Rule(RuleCode.SHOWDOWN_WRONG_ORDER, "hands shown in the wrong order", "Showdown"),
    Rule(RuleCode.POT_UNCALLED_WRONG, "an uncalled bet returned in the wrong amount or not at all",
         "All-in"),
    Rule(RuleCode.POT_WRONG_WINNER, "a pot awarded to a player who did not win it", "Showdown"),
    Rule(RuleCode.POT_WRONG_SPLIT, "a split pot divided wrongly (hi/lo halves, ties, odd chip)",
         "Showdown"),
    Rule(RuleCode.POT_NOT_BALANCED, "money put in differs from money collected plus rake",
         "Accounting that must always hold"),
    Rule(RuleCode.GAME_NOT_AUDITED, "a hand of a game whose rules the replayer does not check "
         "(five-card stud, 2-7 razz): recorded as unverifiable, never as a violation", "Games"),
)

RULES: dict[RuleCode, Rule] = {rule.code: rule for rule in _RULES}
"""Every rule a replay checks, by code."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Violation:
    """A broken rule, located: which hand, which line, which player."""

    rule: RuleCode
    hand_id: str
    path: str
    line: int
    street: Street | None
    player: str | None
    message: str

    def __post_init__(self) -> None:
        if self.rule not in RULES:  # pragma: no cover - a programming error of ours
            raise ValueError(f"unknown rule code {self.rule!r}")

    @staticmethod
    def make(rule: RuleCode, hand_id: str, path: str, line: int, street: Street | None,
             player: str | None, message: str) -> Violation:
        """Every field, in order (see :func:`~stud_hh.model.events.compiled_makers`)."""
        made = Violation.__new__(Violation)
        object.__setattr__(made, "rule", rule)
        object.__setattr__(made, "hand_id", hand_id)
        object.__setattr__(made, "path", path)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "street", street)
        object.__setattr__(made, "player", player)
        object.__setattr__(made, "message", message)
        return made


compiled_makers(Violation)

@dataclass(frozen=True, slots=True, kw_only=True)
class Unverifiable:
    """A rule the text of a hand cannot decide, and why."""

    rule: RuleCode
    hand_id: str
    path: str
    line: int
    reason: str

    @staticmethod
    def make(rule: RuleCode, hand_id: str, path: str, line: int, reason: str) -> Unverifiable:
        """Every field, in order (see :func:`~stud_hh.model.events.compiled_makers`)."""
        made = Unverifiable.__new__(Unverifiable)
        object.__setattr__(made, "rule", rule)
        object.__setattr__(made, "hand_id", hand_id)
        object.__setattr__(made, "path", path)
        object.__setattr__(made, "line", line)
        object.__setattr__(made, "reason", reason)
        return made


compiled_makers(Unverifiable)
