"""The rules a replay checks: stable codes, what each means, and the records it makes.

Every check of ``docs/stud-rules.md`` is a named rule with a code that
never changes (reports, tests and stored audits refer to it). A check that the
text of a hand cannot decide (cards never shown) is recorded as
*unverifiable* for that hand, never as a violation.

>>> RULES["raise.over-cap"].title
'a bet or raise beyond the cap'
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from stud_hh.model.events import Street
from stud_hh.model.records import Record


class RuleCode(StrEnum):
    """Every rule's stable code: a typo in one is a type error, not a silent miss.

    >>> RuleCode.RAISE_OVER_CAP == "raise.over-cap"
    True
    """

    SEAT_SHARED = "seat.shared"
    SEAT_BEYOND_TABLE = "seat.beyond-table"
    TABLE_OVER_FULL = "table.over-full"
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


class HandState(StrEnum):
    """A part of a hand's state as the replay keeps it: what a rule's check reads, and what
    a violation of a rule may leave unreliable for the checks after it (the replay goes on
    from what the history says, which a broken rule puts in doubt).

    >>> HandState.POT.street_scoped, HandState.TURN.street_scoped
    (False, True)
    """

    SEATS = "seats"
    """Who is dealt in, still in the hand and able to act (folded, all-in)."""
    ORDER = "order"
    """Who sits left of whom: the seats' clockwise order, which decides ties by position,
    who acts next and who shows first."""
    TURN = "turn"
    """Who is to act in the street's betting round."""
    BETS = "bets"
    """The street's bet to call, the bets made and the cap."""
    STACKS = "stacks"
    """The chips each player has behind."""
    POT = "pot"
    """What each player put in."""
    CARDS = "cards"
    """The cards each player holds."""
    COLLECTIONS = "collections"
    """What the history says each player took from the pot (and got back uncalled)."""

    @property
    def street_scoped(self) -> bool:
        """Begun afresh on each street: a violation leaves it unreliable only until the
        street ends."""
        return self in (HandState.TURN, HandState.BETS)


_S, _O, _T, _B, _K, _P, _C, _W = (HandState.SEATS, HandState.ORDER, HandState.TURN,
                                  HandState.BETS, HandState.STACKS, HandState.POT,
                                  HandState.CARDS, HandState.COLLECTIONS)
_MOVE = frozenset({_B, _T, _P, _K})
"""What a betting move changes: the bet, the turn, the pot and the mover's stack."""


@dataclass(frozen=True, slots=True)
class Rule:
    code: RuleCode
    title: str
    reference: str
    """Where docs/stud-rules.md states it."""
    reads: frozenset[HandState] = frozenset()
    """The state its check reads: a violation found while an earlier one of the hand has
    left any of it unreliable follows from that one (a consequence, counted apart)."""
    breaks: frozenset[HandState] = frozenset()
    """The state a violation of it leaves unreliable for the checks after it (until the
    street ends, for the street's betting: :attr:`HandState.street_scoped`)."""


def _rule(code: RuleCode, title: str, reference: str, reads: Iterable[HandState] = (),
          breaks: Iterable[HandState] = ()) -> Rule:
    return Rule(code, title, reference, frozenset(reads), frozenset(breaks))


_RULES = (
    _rule(RuleCode.SEAT_SHARED, "two players seated in one seat", "Structure of a hand",
          (_S,), (_O,)),
    _rule(RuleCode.SEAT_BEYOND_TABLE, "a seat numbered beyond the table's size (seat 9 at an "
          "8-max table)", "Structure of a hand", (_S,), (_O,)),
    _rule(RuleCode.TABLE_OVER_FULL, "more players seated than the table has seats",
          "Structure of a hand", (_S,), (_S, _O)),
    _rule(RuleCode.ANTE_WRONG_AMOUNT, "antes of different amounts in one hand",
          "Structure of a hand", (), (_P, _K)),
    _rule(RuleCode.ANTE_MISSING, "a player dealt in without posting the ante",
          "Structure of a hand", (_S,), (_P, _K)),
    _rule(RuleCode.BRING_IN_WRONG_PLAYER, "the bring-in posted by the wrong player",
          "3rd street: who brings in", (_C, _T, _O), (_T,)),
    _rule(RuleCode.BRING_IN_WRONG_AMOUNT,
          "a bring-in not smaller than the small bet, or of nothing",
          "3rd street: bring-in and completion", (_B,), (_B, _P, _K)),
    _rule(RuleCode.BRING_IN_MISSING, "3rd street betting without a bring-in",
          "3rd street: bring-in and completion", (_T, _B), (_T, _B)),
    _rule(RuleCode.COMPLETE_WRONG_SIZE, "a completion to other than the small bet",
          "3rd street: bring-in and completion", (_B,), _MOVE),
    _rule(RuleCode.BET_WRONG_SIZE, "a bet or raise of the wrong size for the street",
          "Structure of a hand: bet sizes", (_B, _C), _MOVE),
    _rule(RuleCode.BET_BIG_WITHOUT_OPEN_PAIR,
          "a big bet on 4th street with no open pair showing", "4th street open pair",
          (_B, _C), _MOVE),
    _rule(RuleCode.BET_FACING_BET,
          "a bet made when a bet was already made (should be a raise)",
          "Structure of a hand", (_B,), _MOVE),
    _rule(RuleCode.RAISE_OVER_CAP, "a bet or raise beyond the cap", "Raise cap",
          (_B, _S), _MOVE),
    _rule(RuleCode.RAISE_NOT_REOPENED, "a raise by a player whose option was not reopened",
          "Raise cap; All-in", (_B, _T), _MOVE),
    _rule(RuleCode.RAISE_WRONG_TOTAL, "a raise whose printed amounts cannot be: its total "
          "not the bet plus the raise, or below the bet", "Structure of a hand",
          (_B,), _MOVE),
    _rule(RuleCode.CALL_WRONG_AMOUNT, "a call of other than the amount owed", "All-in",
          (_B, _K), (_P, _K)),
    _rule(RuleCode.ACTION_OUT_OF_TURN, "a player acting out of turn",
          "Later streets: who acts first", (_T, _S, _O), (_T,)),
    _rule(RuleCode.ACTION_AFTER_FOLD, "a player acting after folding", "Structure of a hand",
          (_S,), (_T, _P, _K)),
    _rule(RuleCode.ACTION_UNKNOWN_PLAYER, "an action by a player not dealt in",
          "Structure of a hand", (_S,), (_T, _P, _C)),
    _rule(RuleCode.ACTION_CHECK_FACING_BET, "a check when a bet is to be called",
          "Structure of a hand", (_B,), (_T, _P, _K)),
    _rule(RuleCode.ACTION_MISSING, "a betting round that ends before every player has acted",
          "Structure of a hand", (_T, _S), (_S, _P)),
    _rule(RuleCode.STACK_EXCEEDED, "a player putting in more than their stack", "Accounting",
          (_K,), (_K, _S, _P)),
    _rule(RuleCode.STACK_ALL_IN_MISMATCH, "'is all-in' printed when the stack is not empty, "
          "or missing when it is", "Accounting", (_K,), (_K, _S)),
    _rule(RuleCode.CARD_DUPLICATE, "one card dealt twice in a hand", "Accounting",
          (_C,), (_C,)),
    _rule(RuleCode.CARD_WRONG_COUNT, "a player with the wrong number of cards for the street",
          "Accounting", (_C,), (_C,)),
    _rule(RuleCode.CARD_CHANGED, "a card a later deal line repeats, or a shown hand holds, "
          "that differs from the one dealt",
          "Accounting", (_C,), (_C,)),
    _rule(RuleCode.COMMON_CARD_WRONG, "a common card dealt when the deck did not run out, "
          "or missing when it did", "Deck exhaustion: the common card", (_S, _C), (_C,)),
    _rule(RuleCode.SHOWDOWN_WRONG_ORDER, "hands shown in the wrong order", "Showdown",
          (_S, _O, _T, _B)),
    _rule(RuleCode.POT_UNCALLED_WRONG,
          "an uncalled bet returned in the wrong amount or not at all", "All-in",
          (_P, _W), (_W,)),
    _rule(RuleCode.POT_WRONG_WINNER, "a pot awarded to a player who did not win it",
          "Showdown", (_S, _C, _P, _W), (_W,)),
    _rule(RuleCode.POT_WRONG_SPLIT,
          "a split pot divided wrongly (hi/lo halves, ties, odd chip)", "Showdown",
          (_S, _O, _C, _P, _W), (_W,)),
    _rule(RuleCode.POT_NOT_BALANCED, "money put in differs from money collected plus rake",
          "Accounting that must always hold", (_P, _W)),
    _rule(RuleCode.GAME_NOT_AUDITED, "a hand of a game whose rules the replayer does not "
          "check (five-card stud, 2-7 razz): recorded as unverifiable, never as a violation",
          "Games"),
)

RULES: dict[RuleCode, Rule] = {rule.code: rule for rule in _RULES}
"""Every rule a replay checks, by code."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Violation(Record):
    """A broken rule, located: which hand, which line, which player; and, for a consequence,
    the earlier violation of the hand it follows from (its root cause)."""

    rule: RuleCode
    hand_id: str
    path: str
    line: int
    street: Street | None
    player: str | None
    message: str
    follows_line: int | None = None
    """The line of the violation this one follows from (``None``: a root cause, found
    where no earlier violation of the hand had left what its check reads unreliable:
    :attr:`Rule.reads`, :attr:`Rule.breaks`)."""
    follows_rule: RuleCode | None = None
    """That violation's rule."""

    def __post_init__(self) -> None:
        if self.rule not in RULES:  # pragma: no cover - a programming error of ours
            raise ValueError(f"unknown rule code {self.rule!r}")

    @property
    def root(self) -> bool:
        """A root cause: it follows from no earlier violation of the hand."""
        return self.follows_line is None


@dataclass(frozen=True, slots=True, kw_only=True)
class Unverifiable(Record):
    """A rule the text of a hand cannot decide, and why."""

    rule: RuleCode
    hand_id: str
    path: str
    line: int
    reason: str


def plural(n: int, word: str) -> str:
    """``1 violation``, ``2 violations``."""
    return f"{n:,} {word}{'' if n == 1 else 's'}"


def split_words(total: int, following: int) -> str:
    """``total`` violations told apart: the root causes, and those following from them
    (:attr:`Violation.follows_line`).

    >>> split_words(6, 5), split_words(2, 0), split_words(1, 0)
    ('1 root cause, 5 following from it', '2 root causes, none following from another', \
'1 root cause')
    """
    roots = total - following
    if not following:
        return plural(roots, "root cause") + (", none following from another" if roots > 1
                                              else "")
    return (f"{plural(roots, 'root cause')}, {following:,} following from "
            f"{'it' if roots == 1 else 'them'}")
