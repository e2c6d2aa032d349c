"""All-in equity in stud games: each player's expected share of the pot.

Given each live player's known cards (down and up), the cards seen elsewhere (folded
players' up cards, burned or exposed cards: dead), and the game, every way the cards
still to come can fall is dealt out and each showdown settled as the rules settle it:
the best high takes the pot (stud, five-card stud), the best low (razz A-5, 2-7 razz),
or half each to the best high and the best 8-or-better low, the high taking all when no
low qualifies (stud hi/lo). Ties split. A player's equity is their share averaged over
the deals; in stud hi/lo it is also told apart into what the high and the low bring, with
the chance of scooping and of no low at all.

Counting is exact: shares are kept in whole units of 1/5040 of a pot (5040 = 2 x the
least common multiple of 1..10, so any split between up to ten players is whole) and
:attr:`Share.exact` is a :class:`~fractions.Fraction`. Up to :data:`EXACT_LIMIT` deals
every deal is enumerated; above it :data:`SAMPLES` deals are drawn at random (seeded),
and :attr:`Equity.exact` says which.

When more cards are still to come than the deck holds (eight players to seventh street),
the last card is one common card for all, as the rules deal it.

>>> result = equity([["As", "Ad", "Kc", "Qd", "7h", "2c"], ["9s", "9h", "9d", "3c", "4d", "5h"]])
>>> result.exact, [round(s.equity, 4) for s in result.shares]
(True, [0.0372, 0.9628])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

import numpy as np

from stud_hh.model.cards import ALL_CARDS
from stud_hh.model.errors import UsageError
from stud_hh.model.events import Game
from stud_hh.rules.evaluate import high_rank, low8_rank, low27_rank, low_a5_rank
from stud_hh.rules.games import GAMES, Ranking

EXACT_LIMIT = 1_000_000
"""Deals enumerated at most; more than this are sampled."""
SAMPLES = 100_000
"""Deals drawn when there are too many to enumerate (a share's standard error is then
at most 0.16 percentage points)."""
UNITS = 5040
"""Units per pot: 2 x lcm(1..10), so every split of a pot or a half is whole."""


class EquityError(UsageError):
    """Cards that cannot be dealt: repeated, unknown, too many, or too few players."""


@dataclass(frozen=True, slots=True)
class Share:
    """One player's expected share of the pot."""

    cards: tuple[str, ...]
    exact: Fraction
    """Share of the pot, as a fraction (over the deals counted)."""
    high: Fraction
    """What the high brings (the whole share in a high game)."""
    low: Fraction
    """What the low brings (the whole share in razz; half pots in stud hi/lo)."""
    scoop: Fraction
    """How often the player takes the whole pot alone."""

    @property
    def equity(self) -> float:
        return float(self.exact)


@dataclass(frozen=True, slots=True)
class Equity:
    """Every live player's share, and how it was counted."""

    game: Game
    shares: tuple[Share, ...]
    dead: tuple[str, ...]
    deals: int
    """Deals counted (all of them when exact, else the sample)."""
    possible: int
    """Deals there are."""
    exact: bool
    no_low: Fraction | None
    """Stud hi/lo: how often no low qualifies (``None`` in other games)."""

    def as_dict(self) -> dict[str, object]:
        """Plain values (shares as floats, and as exact ``"n/d"`` fractions)."""
        return {"game": self.game.value, "dead": list(self.dead), "deals": self.deals,
                "possible": self.possible, "exact": self.exact,
                "no_low": None if self.no_low is None else float(self.no_low),
                "players": [{"cards": list(s.cards), "equity": float(s.exact),
                             "high": float(s.high), "low": float(s.low),
                             "scoop": float(s.scoop), "fraction": str(s.exact)}
                            for s in self.shares]}


def equity_text(result: Equity) -> str:
    """The shares as a small table, with how they were counted.

    >>> print(equity_text(equity([["As", "Ad", "Kc", "Qd", "7h", "2c"],
    ...                           ["9s", "9h", "9d", "3c", "4d", "5h"]])))
    stud, 2 players: exact, every one of 1,560 deals
    player  cards               equity
    1       As Ad Kc Qd 7h 2c    3.72%
    2       9s 9h 9d 3c 4d 5h   96.28%
    """
    n = len(result.shares)
    how = (f"exact, every one of {result.deals:,} deals" if result.exact else
           f"sampled: {result.deals:,} of {result.possible:,} deals drawn at random "
           f"(a share's standard error at most "
           f"{50 / max(result.deals, 1) ** 0.5:.2f} points)")
    dead = f"; dead: {' '.join(result.dead)}" if result.dead else ""
    hilo = result.no_low is not None
    width = max(len(" ".join(s.cards)) for s in result.shares)
    head = f"{'player':<8}{'cards':<{width + 2}}{'equity':>7}"
    if hilo:
        head += f"{'high':>9}{'low':>9}{'scoop':>9}"
    lines = [f"{result.game.value}, {n} players: {how}{dead}", head]
    for i, s in enumerate(result.shares, 1):
        line = f"{i:<8}{' '.join(s.cards):<{width + 2}}{float(s.exact):>7.2%}"
        if hilo:
            line += f"{float(s.high):>9.2%}{float(s.low):>9.2%}{float(s.scoop):>9.2%}"
        lines.append(line)
    if result.no_low is not None:
        lines.append(f"no low qualifies in {float(result.no_low):.2%} of deals")
    return "\n".join(lines)


def _cards(game: Game) -> int:
    """How many cards a player holds at the last street."""
    return sum(len(street.face_up) for street in GAMES[game].streets)


def equity(hands: Sequence[Sequence[str]], game: Game | str = Game.STUD,
           dead: Sequence[str] = (), *, exact_limit: int = EXACT_LIMIT,
           samples: int = SAMPLES, seed: int | None = 0) -> Equity:
    """Each player's share of the pot from here on (see the module)."""
    game = _game(game)
    known = [tuple(h) for h in hands]
    dead = tuple(dead)
    unseen = _unseen(known, dead, _cards(game))
    needs = [_cards(game) - len(h) for h in known]
    common = sum(needs) > len(unseen)
    if common and (not GAMES[game].common_card
                   or sum(n - 1 for n in needs if n) + 1 > len(unseen)):
        raise EquityError(f"{sum(needs)} cards are still to come and only {len(unseen)} "
                              "are left in the deck")
    possible = _possible(len(unseen), needs, common)
    totals = _Totals(len(known))
    score = _scorer(GAMES[game].ranking)
    exact = possible <= exact_limit
    if exact and not common:
        _enumerate(known, unseen, needs, score, totals)
    else:
        deals = (_every_deal(unseen, needs, common) if exact
                 else _sampled(unseen, needs, common, samples, seed))
        for completion in deals:
            scores = [score(h + c) for h, c in zip(known, completion, strict=True)]
            totals.add(_award([h for h, _ in scores], [lo for _, lo in scores]))
    return totals.result(game, known, dead, possible, exact)


Score = tuple[int | None, int | None]
"""A hand's high strength (larger is better) and low strength (smaller is better), each
``None`` where the game does not count it or the hand has none (no 8-or-better low)."""


def _scorer(ranking: Ranking) -> Callable[[tuple[str, ...]], Score]:
    if ranking is Ranking.HIGH:
        return lambda cards: (high_rank(cards), None)
    if ranking is Ranking.LOW_A5:
        return lambda cards: (None, low_a5_rank(cards))
    if ranking is Ranking.LOW_27:
        return lambda cards: (None, low27_rank(cards))
    return lambda cards: (high_rank(cards), low8_rank(cards))


def _enumerate(known: list[tuple[str, ...]], unseen: list[str], needs: list[int],
               score: Callable[[tuple[str, ...]], Score], totals: _Totals) -> None:
    """Every deal, each player's completions scored once: a deal is a choice of one
    completion per player with no card in two of them (card sets as bit masks)."""
    options: list[list[tuple[int, int | None, int | None]]] = []
    for hand, need in zip(known, needs, strict=True):
        row = []
        for combo in combinations(range(len(unseen)), need):
            mask = 0
            for j in combo:
                mask |= 1 << j
            row.append((mask, *score(hand + tuple(unseen[j] for j in combo))))
        options.append(row)
    if len(options) == 2:
        _heads_up(options[0], options[1], totals)
        return
    highs: list[int | None] = [None] * len(known)
    lows: list[int | None] = [None] * len(known)

    def deal(player: int, used: int) -> None:
        if player == len(options):
            totals.add(_award(highs, lows))
            return
        for mask, high, low in options[player]:
            if mask & used:
                continue
            highs[player], lows[player] = high, low
            deal(player + 1, used | mask)

    deal(0, 0)


def _game(game: Game | str) -> Game:
    try:
        return Game(game)
    except ValueError:
        raise EquityError(f"no game {game!r}: the games are "
                          f"{', '.join(g.value for g in Game)}") from None


def _unseen(known: list[tuple[str, ...]], dead: tuple[str, ...], most: int) -> list[str]:
    if len(known) < 2:
        raise EquityError("equity needs at least two players")
    seen = [c for h in known for c in h] + list(dead)
    bad = [c for c in seen if c not in ALL_CARDS]
    if bad:
        raise EquityError(f"not a card: {bad[0]!r} (cards are written like As, Td, 7c)")
    repeated = sorted({c for c in seen if seen.count(c) > 1})
    if repeated:
        raise EquityError(f"a card cannot be dealt twice: {', '.join(repeated)}")
    for hand in known:
        if len(hand) > most:
            raise EquityError(f"{' '.join(hand)}: more than the {most} cards of the game")
    return sorted(ALL_CARDS.difference(seen))


def _possible(unseen: int, needs: list[int], common: bool) -> int:
    """How many deals there are: each player's cards to come, in turn, from what is left."""
    private = [n - 1 if common and n else n for n in needs]
    count, left = 1, unseen
    for n in private:
        count *= comb(left, n)
        left -= n
    return count * left if common else count


def _every_deal(unseen: list[str], needs: list[int], common: bool
                ) -> Iterator[list[tuple[str, ...]]]:
    private = [n - 1 if common and n else n for n in needs]

    def deal(player: int, left: list[str]) -> Iterator[list[tuple[str, ...]]]:
        if player == len(private):
            if common:
                for card in left:
                    yield [(card,) if n else () for n in needs]
            else:
                yield [() for _ in needs]
            return
        for cards in combinations(left, private[player]):
            rest = [c for c in left if c not in cards] if cards else left
            for others in deal(player + 1, rest):
                others[player] = cards + others[player]
                yield others

    return deal(0, unseen)


def _sampled(unseen: list[str], needs: list[int], common: bool, samples: int,
             seed: int | None) -> Iterator[list[tuple[str, ...]]]:
    draw = random.Random(seed)
    private = [n - 1 if common and n else n for n in needs]
    total = sum(private) + (1 if common else 0)
    for _ in range(samples):
        cards = draw.sample(unseen, total)
        out, at = [], 0
        for n in private:
            out.append(tuple(cards[at:at + n]))
            at += n
        if common:
            out = [(*c, cards[-1]) if n else c for c, n in zip(out, needs, strict=True)]
        yield out


Result = tuple[list[int], list[int]]
"""Units of the pot each player wins at one showdown: by the high, by the low."""


def _best(scores: Sequence[int | None], better: Callable[[int, int], bool]) -> list[int]:
    """The players with the best score (``None``: none to speak of)."""
    best: int | None = None
    who: list[int] = []
    for i, score in enumerate(scores):
        if score is None:
            continue
        if best is None or better(score, best):
            best, who = score, [i]
        elif score == best:
            who.append(i)
    return who


def _split(winners: list[int], units: int, players: int) -> list[int]:
    out = [0] * players
    for i in winners:
        out[i] = units // len(winners)
    return out


_NONE_HIGH = -1
_NONE_LOW = 2**40
"""Scores of a hand without a high / a low to count, in the arrays of :func:`_heads_up`."""


def _arrays(options: list[tuple[int, int | None, int | None]]
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    masks = np.array([m for m, _, _ in options], dtype=np.int64)
    highs = np.array([_NONE_HIGH if h is None else h for _, h, _ in options], dtype=np.int64)
    lows = np.array([_NONE_LOW if lo is None else lo for _, _, lo in options], dtype=np.int64)
    return masks, highs, lows


def _heads_up(first: list[tuple[int, int | None, int | None]],
              second: list[tuple[int, int | None, int | None]], totals: _Totals) -> None:
    """Two players: for each completion of the first, every disjoint completion of the
    second settled at once (numpy), with the units of :func:`_award`."""
    mb, hb, lb = _arrays(second)
    quarter = UNITS // 4
    for ma, ha, la in first:
        ok = (mb & ma) == 0
        high_a, low_a = (_NONE_HIGH if ha is None else ha), (_NONE_LOW if la is None else la)
        hi, lo_b = hb[ok], lb[ok]
        any_high = (high_a != _NONE_HIGH) | (hi != _NONE_HIGH)
        any_low = (low_a != _NONE_LOW) | (lo_b != _NONE_LOW)
        # each side's share of a part, in halves: 2 wins it, 1 ties, 0 loses
        high_share = np.where(high_a > hi, 2, np.where(high_a == hi, 1, 0))
        low_share = np.where(low_a < lo_b, 2, np.where(low_a == lo_b, 1, 0))
        both = any_high & any_low
        # quarters of a pot per part: 4 when it is the whole pot, 2 when a half
        high_part = np.where(both, 2, np.where(any_high, 4, 0))
        low_part = np.where(both, 2, np.where(any_low, 4, 0))
        a_high = high_share * high_part * quarter // 2
        a_low = low_share * low_part * quarter // 2
        b_high = (2 - high_share) * high_part * quarter // 2
        b_low = (2 - low_share) * low_part * quarter // 2
        totals.add_many((a_high, a_low), (b_high, b_low),
                        no_low=int(np.count_nonzero(~any_low)))


def _award(highs: Sequence[int | None], lows: Sequence[int | None]) -> Result:
    """One showdown: each player's units of the pot, by the high and by the low. With
    both (stud hi/lo) the pot is halved, the high taking all when no low qualifies."""
    n = len(highs)
    high = _best(highs, int.__gt__)
    low = _best(lows, int.__lt__)
    if not low:
        return _split(high, UNITS, n), [0] * n
    if not high:
        return [0] * n, _split(low, UNITS, n)
    return _split(high, UNITS // 2, n), _split(low, UNITS // 2, n)


class _Totals:
    """Units won per player, over the deals counted."""

    def __init__(self, players: int) -> None:
        self.high = [0] * players
        self.low = [0] * players
        self.scoops = [0] * players
        self.no_low = 0
        self.deals = 0

    def add(self, result: Result) -> None:
        high, low = result
        self.deals += 1
        if not any(low):
            self.no_low += 1
        for i, (h, lo) in enumerate(zip(high, low, strict=True)):
            self.high[i] += h
            self.low[i] += lo
            if h + lo == UNITS:
                self.scoops[i] += 1

    def add_many(self, *players: tuple[np.ndarray, np.ndarray], no_low: int) -> None:
        """Many deals at once: each player's units by high and by low, per deal."""
        for i, (high, low) in enumerate(players):
            self.high[i] += int(high.sum())
            self.low[i] += int(low.sum())
            self.scoops[i] += int(np.count_nonzero(high + low == UNITS))
        self.deals += len(players[0][0])
        self.no_low += no_low

    def result(self, game: Game, known: list[tuple[str, ...]], dead: tuple[str, ...],
               possible: int, exact: bool) -> Equity:
        pot = UNITS * max(self.deals, 1)
        shares = tuple(Share(cards, Fraction(h + lo, pot), Fraction(h, pot),
                             Fraction(lo, pot), Fraction(s, max(self.deals, 1)))
                       for cards, h, lo, s in zip(known, self.high, self.low, self.scoops,
                                                  strict=True))
        no_low = (Fraction(self.no_low, max(self.deals, 1))
                  if GAMES[game].ranking is Ranking.HIGH_LOW_8 else None)
        return Equity(game, shares, dead, self.deals, possible, exact, no_low)
