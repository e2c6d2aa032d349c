"""Simulated players: cheap hand strength and a few seeded styles.

Every bot sees what a player at the table sees (its own cards, every live
opponent's up cards, the bet it faces) and answers ``fold``, ``call`` (a check
when nothing is owed) or ``raise`` (a bet, completion or raise). Strength is a
number from 0 to 1 made of cheap heuristics -- pairs and trips, draws, low
cards, what the opponents' boards show -- never a Monte Carlo run, so a bot
decides in microseconds. Randomness comes only from the ``random.Random`` the
table passes in, so a session is the same for the same seed.

The styles (:data:`STYLES`):

* ``tight_passive`` -- enters with about the best fifth of starting hands,
  rarely completes or raises, calls when it has something, folds otherwise.
* ``loose_passive`` -- the calling station: enters with most hands, almost never
  raises, calls down with weak holdings.
* ``tight_aggressive`` -- few hands, played fast: completes and raises its good
  hands, continuation-bets 4th street most of the time.
* ``loose_aggressive`` -- many hands, lots of completions, raises and bluffs.
* ``stealer`` -- tight except when the pot is unopened and it sits in a steal
  position (one of the last three to act before the bring-in): then it
  completes almost any hand.
* ``hero`` -- the player called ``Hero`` whose down cards every history shows:
  a tight-aggressive player with three planted leaks (:data:`HERO_LEAKS`):

  1. calls completions far too often, even with weak door cards
     (``fold_to_completion`` low);
  2. never continuation-bets 4th street: after completing or raising 3rd it
     checks when first to act on 4th (``cbet`` near zero);
  3. folds the bring-in to a steal nearly always (``bring_in_fold_to_steal``
     high).

>>> import random
>>> bot = Bot(STYLES["tight_aggressive"])
>>> spot = Spot(street=3, down=("Ah", "Ad"), up=("As",), boards=(("7c",), ("Kd",)),
...             owed=0, level=0, can_raise=True, bring_in=False, unopened=True,
...             steal_seat=False, facing_steal=False, aggressor_before=False,
...             first_in_round=True, players=3)
>>> bot.act(spot, random.Random(1))
'raise'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from random import Random
from typing import Literal, Protocol

from stud_hh.model.records import Record

__all__ = [
    "HERO_LEAKS",
    "STYLES",
    "Bot",
    "Decision",
    "Flag",
    "Leak",
    "Spot",
    "Style",
    "strength",
]

Decision = Literal["fold", "call", "raise"]

_HIGH = {rank: value for value, rank in enumerate("23456789TJQKA", start=2)}
_LOW = {rank: value for value, rank in enumerate("A23456789TJQK", start=1)}


@dataclass(frozen=True, slots=True)
class Style:
    """The few numbers that make a style. Strengths are from :func:`strength` (0 to 1)."""

    name: str
    enter: float
    """3rd street: the strength needed to call the bring-in or a completion."""
    open: float
    """3rd street: the strength needed to complete or raise."""
    defend: float
    """3rd street: facing a completion, call with at least this strength."""
    call: float
    """4th to 7th street: call a bet with at least this strength."""
    bet: float
    """4th to 7th street: bet or raise with at least this strength."""
    bluff: float = 0.0
    """Chance of betting or raising without the strength for it."""
    cbet: float = 0.5
    """Chance to bet 4th street first in, after being the last aggressor on 3rd."""
    steal: float = 0.0
    """Chance to complete an unopened pot from a steal position, whatever the hand."""
    bring_in_complete: float = 0.1
    """Bring-in player: chance to complete a strong hand instead of posting the bring-in."""
    fold_bring_in_to_steal: float | None = None
    """Bring-in player facing a steal: fold with this chance (``None``: play by strength)."""
    show: float = 0.5
    """Chance to show a losing hand at showdown rather than muck it."""


STYLES: dict[str, Style] = {
    "tight_passive": Style("tight_passive", enter=0.52, open=0.85, defend=0.6, call=0.45,
                           bet=0.8, bluff=0.0, cbet=0.25, bring_in_complete=0.05, show=0.3),
    "loose_passive": Style("loose_passive", enter=0.15, open=0.9, defend=0.2, call=0.15,
                           bet=0.85, bluff=0.01, cbet=0.15, bring_in_complete=0.02, show=0.8),
    "tight_aggressive": Style("tight_aggressive", enter=0.5, open=0.58, defend=0.55,
                              call=0.4, bet=0.55, bluff=0.08, cbet=0.75, steal=0.35,
                              bring_in_complete=0.3, show=0.4),
    "loose_aggressive": Style("loose_aggressive", enter=0.25, open=0.4, defend=0.3, call=0.3,
                              bet=0.42, bluff=0.25, cbet=0.85, steal=0.6,
                              bring_in_complete=0.4, show=0.5),
    "stealer": Style("stealer", enter=0.5, open=0.6, defend=0.5, call=0.4, bet=0.55,
                     bluff=0.1, cbet=0.7, steal=0.9, bring_in_complete=0.3,
                     fold_bring_in_to_steal=0.3, show=0.3),
    "hero": Style("hero", enter=0.48, open=0.6, defend=0.12, call=0.38, bet=0.55, bluff=0.05,
                  cbet=0.0, steal=0.3, bring_in_complete=0.25, fold_bring_in_to_steal=0.95,
                  show=0.5),
}
"""Every bot style by name."""


@dataclass(frozen=True, slots=True)
class Leak:
    """A planted leak of ``Hero``: the statistic (a name of :data:`stud_hh.analysis.stats.SUMMARY`)
    and the direction it is off compared with a sound tight-aggressive player."""

    stat: str
    direction: Literal["high", "low"]
    description: str


HERO_LEAKS: dict[str, Leak] = {
    leak.stat: leak
    for leak in (
        Leak("fold_to_completion", "low",
             "calls completions far too often, even with weak door cards"),
        Leak("cbet", "low", "never continuation-bets 4th street"),
        Leak("bring_in_fold_to_steal", "high", "folds the bring-in to steals too often"),
    )
}
"""Hero's planted leaks by statistic name (see :mod:`stud_hh.analysis.stats`): ``high`` means
Hero's value is above a sound player's (the ``tight_aggressive`` bot's), ``low`` below."""


class Flag(Protocol):
    """A truth value that may be worked out only when first looked at (whether the engine
    allows a raise costs it a plan per size: a bot that never asks saves them)."""

    def __bool__(self) -> bool: ...


@dataclass(frozen=True, slots=True)
class Spot(Record):
    """What a player sees when it is their turn."""

    street: int
    down: tuple[str, ...]
    up: tuple[str, ...]
    boards: tuple[tuple[str, ...], ...]
    """The up cards of every other live player."""
    owed: int
    level: int
    can_raise: Flag
    """Whether the engine allows a raise (``True``, ``False`` or a :class:`Flag`)."""
    bring_in: bool
    """This is the bring-in player's forced first action."""
    unopened: bool
    """3rd street with only the bring-in in."""
    steal_seat: bool
    facing_steal: bool
    """The bring-in player faces a completion from a steal position, nobody else in."""
    aggressor_before: bool
    """This player made the last bet or raise on the previous street."""
    first_in_round: bool
    """No bet yet on this street (4th to 7th)."""
    players: int
    game: str = "stud"
    power: float | None = None
    """The hand's :func:`strength` when the table has it already (computed if ``None``)."""


# ---------------------------------------------------------------------------
# Strength


def _counts(ranks: Sequence[str]) -> dict[str, int]:
    counts: dict[str, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    return counts


def _high_strength(cards: Sequence[str], boards: Sequence[Sequence[str]], street: int) -> float:
    counts = _counts([c[0] for c in cards])
    best = max(counts.values())
    pairs = sorted((_HIGH[r] for r, n in counts.items() if n >= 2), reverse=True)
    top = max(_HIGH[c[0]] for c in cards)
    suits = _counts([c[1] for c in cards])
    flush = max(suits.values())
    values = sorted({_HIGH[c[0]] for c in cards} | ({1} if "A" in counts else set()))
    run = longest = 1
    for a, b in pairwise(values):
        run = run + 1 if b == a + 1 else 1
        longest = max(longest, run)
    if best >= 4:
        score = 1.0
    elif best == 3 and len(pairs) >= 2:
        score = 0.97
    elif flush >= 5:
        score = 0.9
    elif longest >= 5:
        score = 0.86
    elif best == 3:
        score = 0.8 if street > 3 else 1.0
    elif len(pairs) >= 2:
        score = 0.6 + pairs[0] / 100
    elif pairs:
        score = (0.45 if street > 3 else 0.55) + pairs[0] * 0.025
    else:
        score = 0.1 + (top - 2) * 0.025
    if street < 7:
        if flush == len(cards) == 3 or flush == 4:
            score = max(score, 0.5 if flush == 3 else 0.62)
        elif longest >= 4 or (street == 3 and longest == 3):
            score = max(score, 0.45 if street == 3 else 0.55)
    # a higher pair showing on an opponent's board
    threat = 0
    for board in boards:
        board_counts = _counts([c[0] for c in board])
        for rank, n in board_counts.items():
            if n >= 2:
                threat = max(threat, _HIGH[rank] + (20 if n >= 3 else 0))
    if threat and score < 0.8 and (not pairs or threat > pairs[0] or score < 0.6):
        score *= 0.6
    return min(score, 1.0)


def _low_strength(cards: Sequence[str], boards: Sequence[Sequence[str]], qualifier: int) -> float:
    lows = sorted({_LOW[c[0]] for c in cards if _LOW[c[0]] <= qualifier})
    need = min(5, len(cards))
    if len(lows) >= need:
        highest = lows[need - 1]
        score = 0.55 + (qualifier - highest) / qualifier * 0.45
        if need < 5:
            score -= (5 - need) * 0.05
    else:
        missing = need - len(lows)
        score = max(0.0, 0.45 - missing * 0.18 - (lows[-1] / 40 if lows else 0.2))
    # an opponent whose board is lower and smoother
    for board in boards:
        board_lows = {_LOW[c[0]] for c in board if _LOW[c[0]] <= qualifier}
        if len(board_lows) == len(board) and board and len(board) >= 2 and score < 0.75:
            score *= 0.8
            break
    return min(score, 1.0)


def strength(game: str, down: Sequence[str], up: Sequence[str],
             boards: Sequence[Sequence[str]]) -> float:
    """A rough 0..1 strength of a hand against the boards it sees.

    >>> strength("stud", ["Ah", "Ad"], ["As"], [["7c"]]) == 1.0
    True
    >>> strength("razz", ["Ah", "2d"], ["3s"], [["Kc"]]) > strength("razz", ["Kh", "Qd"],
    ...                                                             ["9s"], [["Ac"]])
    True
    """
    cards = [*down, *up]
    street = len(cards)
    if game == "razz":
        return _low_strength(cards, boards, 13 if street > 3 else 8)
    high = _high_strength(cards, boards, street)
    if game != "stud8":
        return high
    low = _low_strength(cards, boards, 8)
    return min(1.0, max(high, low * 0.95) + (0.15 if high > 0.5 and low > 0.5 else 0.0))


# ---------------------------------------------------------------------------
# Decisions


class Bot:
    """A player of one :class:`Style`."""

    __slots__ = ("style",)

    def __init__(self, style: Style) -> None:
        self.style = style

    def act(self, spot: Spot, rng: Random) -> Decision:
        """``fold``, ``call`` (or check) or ``raise`` (or bet, complete)."""
        style = self.style
        power = spot.power
        if power is None:
            power = strength(spot.game, spot.down, spot.up, spot.boards)
        if spot.street == 3:
            return self._third(spot, power, rng)
        if spot.owed == 0:
            if spot.aggressor_before and spot.first_in_round and spot.street == 4:
                if style.cbet <= 0.0:
                    return "call"  # Hero's leak: never a continuation bet
                if rng.random() < style.cbet:
                    return "raise"
            if spot.can_raise and (power >= style.bet or rng.random() < style.bluff):
                return "raise"
            return "call"
        if spot.can_raise and power >= style.bet + 0.12 * spot.level:
            return "raise"
        # calling gets harder on later streets and against raises
        if power >= style.call + 0.04 * (spot.street - 4) + 0.08 * (spot.level - 1) or (
                rng.random() < style.bluff / 2):
            return "call"
        return "fold"

    def _third(self, spot: Spot, power: float, rng: Random) -> Decision:
        style = self.style
        if spot.bring_in:
            if power >= style.open and rng.random() < style.bring_in_complete:
                return "raise"
            return "call"
        if spot.facing_steal:
            if style.fold_bring_in_to_steal is not None:
                if rng.random() < style.fold_bring_in_to_steal:
                    return "fold"
            elif power < style.defend - 0.3:  # a steal is wide and the price is good
                return "fold"
            return "raise" if spot.can_raise and power >= style.open + 0.15 else "call"
        if spot.unopened:
            if spot.steal_seat and rng.random() < style.steal:
                return "raise"
            if power >= style.open or rng.random() < style.bluff / 2:
                return "raise"
            return "call" if power >= style.enter else "fold"
        # facing a completion or raises
        if spot.can_raise and power >= style.open + 0.15 * spot.level:
            return "raise"
        if power >= style.defend + 0.05 * (spot.level - 1):
            return "call"
        return "fold"
