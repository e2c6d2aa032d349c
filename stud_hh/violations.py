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

from stud_hh.events import Street


@dataclass(frozen=True, slots=True)
class Rule:
    code: str
    title: str
    reference: str
    """Where RULES.md states it."""


_RULES = (
    Rule("ante.wrong-amount", "antes of different amounts in one hand",
         "Structure of a hand"),
    Rule("ante.missing", "a player dealt in without posting the ante", "Structure of a hand"),
    Rule("bring-in.wrong-player", "the bring-in posted by the wrong player",
         "3rd street: who brings in"),
    Rule("bring-in.wrong-amount", "a bring-in not smaller than the small bet, or of nothing",
         "3rd street: bring-in and completion"),
    Rule("bring-in.missing", "3rd street betting without a bring-in",
         "3rd street: bring-in and completion"),
    Rule("complete.wrong-size", "a completion to other than the small bet",
         "3rd street: bring-in and completion"),
    Rule("bet.wrong-size", "a bet or raise of the wrong size for the street",
         "Structure of a hand: bet sizes"),
    Rule("bet.big-without-open-pair", "a big bet on 4th street with no open pair showing",
         "4th street open pair"),
    Rule("bet.facing-bet", "a bet made when a bet was already made (should be a raise)",
         "Structure of a hand"),
    Rule("raise.over-cap", "a bet or raise beyond the cap", "Raise cap"),
    Rule("raise.not-reopened", "a raise by a player whose option was not reopened",
         "Raise cap; All-in"),
    Rule("raise.wrong-total", "a raise whose printed total is not the bet plus the raise",
         "Structure of a hand"),
    Rule("call.wrong-amount", "a call of other than the amount owed", "All-in"),
    Rule("action.out-of-turn", "a player acting out of turn", "Later streets: who acts first"),
    Rule("action.after-fold", "a player acting after folding", "Structure of a hand"),
    Rule("action.unknown-player", "an action by a player not dealt in", "Structure of a hand"),
    Rule("action.check-facing-bet", "a check when a bet is to be called", "Structure of a hand"),
    Rule("action.missing", "a betting round that ends before every player has acted",
         "Structure of a hand"),
    Rule("stack.exceeded", "a player putting in more than their stack", "Accounting"),
    Rule("stack.all-in-mismatch", "'is all-in' printed when the stack is not empty, or missing "
         "when it is", "Accounting"),
    Rule("card.duplicate", "one card dealt twice in a hand", "Accounting"),
    Rule("card.wrong-count", "a player with the wrong number of cards for the street",
         "Accounting"),
    Rule("card.changed", "a card shown at showdown that differs from the one dealt",
         "Accounting"),
    Rule("common-card.wrong", "a common card dealt when the deck did not run out, or missing "
         "when it did", "Deck exhaustion: the common card"),
    Rule("showdown.wrong-order", "hands shown in the wrong order", "Showdown"),
    Rule("pot.uncalled-wrong", "an uncalled bet returned in the wrong amount or not at all",
         "All-in"),
    Rule("pot.wrong-winner", "a pot awarded to a player who did not win it", "Showdown"),
    Rule("pot.wrong-split", "a split pot divided wrongly (hi/lo halves, ties, odd chip)",
         "Showdown"),
    Rule("pot.not-balanced", "money put in differs from money collected plus rake",
         "Accounting that must always hold"),
    Rule("game.not-audited", "a hand of a game whose rules the replayer does not check "
         "(five-card stud, 2-7 razz): recorded as unverifiable, never as a violation", "Games"),
)

RULES: dict[str, Rule] = {rule.code: rule for rule in _RULES}
"""Every rule a replay checks, by code."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Violation:
    """A broken rule, located: which hand, which line, which player."""

    rule: str
    hand_id: str
    path: str
    line: int
    street: Street | None
    player: str | None
    message: str

    def __post_init__(self) -> None:
        if self.rule not in RULES:  # pragma: no cover - a programming error of ours
            raise ValueError(f"unknown rule code {self.rule!r}")


@dataclass(frozen=True, slots=True, kw_only=True)
class Unverifiable:
    """A rule the text of a hand cannot decide, and why."""

    rule: str
    hand_id: str
    path: str
    line: int
    reason: str
