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
and :attr:`Equity.exact` says which. Deals are counted many at once with numpy (each
hand looked up in the tables of :mod:`stud_hh.rules.classes`, the evaluator's answer for
every set of ranks and every flush; the deals counted by who wins the high and who the
low, each such outcome settled once; heads-up with many deals, every pair of completions
less those that share a card), except in 2-7 razz and in an exact count with a common
card, which are dealt out one at a time.

When more cards are still to come than the deck holds (eight players to seventh street),
the last card is one common card for all, as the rules deal it.

>>> result = equity([["As", "Ad", "Kc", "Qd", "7h", "2c"], ["9s", "9h", "9d", "3c", "4d", "5h"]])
>>> result.exact, [round(s.equity, 4) for s in result.shares]
(True, [0.0372, 0.9628])
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations
from math import comb
from typing import TypeAlias

import numpy as np

from stud_hh.model.cards import ALL_CARDS, RANKS, SUITS
from stud_hh.model.errors import UsageError
from stud_hh.model.events import Game
from stud_hh.rules import classes
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
    """Each player's share of the pot from here on (see the module). Above
    ``exact_limit`` deals, ``samples`` deals are drawn with ``seed``: the same seed draws
    the same deals (``None``: fresh ones each call), and different seeds independent
    ones. An import seeds each hand by its identity
    (:func:`stud_hh.store.luck.hand_seed`), so that the sampling errors of its hands are
    independent and do not add up."""
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
    ranking = GAMES[game].ranking
    many = ranking is not Ranking.LOW_27
    if exact and many and not common:
        _enumerate_many(ranking, _cards(game), known, unseen, needs, totals)
    elif many and not exact:
        _sampled_many(ranking, _cards(game), known, unseen, needs, totals, samples, seed,
                      common)
    elif exact and not common:
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
    distinct = set(seen)
    bad = [c for c in seen if c not in ALL_CARDS] if not distinct <= ALL_CARDS else []
    if bad:
        raise EquityError(f"not a card: {bad[0]!r} (cards are written like As, Td, 7c)")
    repeated = sorted({c for c in seen if seen.count(c) > 1}) if len(distinct) < len(seen) else []
    if repeated:
        raise EquityError(f"a card cannot be dealt twice: {', '.join(repeated)}")
    for hand in known:
        if len(hand) > most:
            raise EquityError(f"{' '.join(hand)}: more than the {most} cards of the game")
    return [c for c in _DECK if c not in distinct]


_DECK = sorted(ALL_CARDS)
"""The cards in the order the deck's unseen cards are dealt from (as text)."""


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

    def add(self, result: Result, times: int = 1) -> None:
        """One showdown's result, in ``times`` deals."""
        high, low = result
        self.deals += times
        if not any(low):
            self.no_low += times
        for i, (h, lo) in enumerate(zip(high, low, strict=True)):
            self.high[i] += h * times
            self.low[i] += lo * times
            if h + lo == UNITS:
                self.scoops[i] += times

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


# ---------------------------------------------------------------------------
# Many deals at once (numpy), for every game whose hands are judged by their ranks with
# suits mattering only through a flush: stud, stud hi/lo, razz, five-card stud. Each
# hand's strength is looked up in the tables of :mod:`stud_hh.rules.classes` (what the
# evaluator of :mod:`stud_hh.rules.evaluate` gives each class of ranks, and each flush),
# so these counts are the same as :func:`_award`'s deal by deal; 2-7 razz (where a flush
# counts against a low) and an exact count with a common card keep the paths above.

_ID: dict[str, int] = {rank + suit: 4 * r + s for r, rank in enumerate(RANKS)
                       for s, suit in enumerate(SUITS)}
"""A card's number: 4 x its rank (2 = 0 .. A = 12) + its suit (c, d, h, s = 0 .. 3)."""
_WORD: dict[str, int] = {card: int(classes.WORDS[i]) for card, i in _ID.items()}
_BITS: dict[str, int] = {card: int(classes.SUIT_BITS[i]) for card, i in _ID.items()}
_CHUNK = 1 << 18
"""Deals (or pairs of completions) held at once: bounds the memory of a count."""
_KEPT_DRAWS = 1 << 20
"""Positions drawn are kept for the next hand up to this many each (as bytes; as numpy's
indices up to :data:`_KEPT_INDICES`: an import's 2,000 deals are)."""
_KEPT_INDICES = 1 << 17
_FEW_DEALS = 1 << 16
"""Deals counted one by one up to this many; above it, heads-up in stud hi/lo, every pair
of completions less those sharing a card (:func:`_heads_up_many`), and with one card to
come for each player, the cards grouped by what they give each (:func:`_alike`)."""
_ALIKE_MOST = 1 << 22
"""Entries (one per player and choice of groups) :func:`_alike` holds at most."""
_KEPT_DEALS = 1 << 19
"""The deals of three players or more are kept for the next hand with as many cards
left and to come, up to this many entries (one per player and deal)."""

Strengths: TypeAlias = tuple[np.ndarray, np.ndarray | None]
"""Hands' strengths as a count compares them: in stud hi/lo (high, low), the high larger
and the low smaller the better; in the other games (value, ``None``), the larger the
better (a high, or a low negated)."""
Rows: TypeAlias = Sequence[np.ndarray] | np.ndarray
"""Each player's strengths in many deals: an array per player, or a row of one array."""


@dataclass(frozen=True, slots=True)
class _Known:
    """The players' known cards: their words and suit bits summed
    (:mod:`stud_hh.rules.classes`), and whether any player can still have a flush."""

    words: np.ndarray
    bits: np.ndarray
    flush: bool


def _known(hands: list[tuple[str, ...]], needs: list[int]) -> _Known:
    words, bits, flush = [], [], False
    for hand, need in zip(hands, needs, strict=True):
        words.append(sum(_WORD[c] for c in hand))
        bits.append(sum(_BITS[c] for c in hand))
        held = [0, 0, 0, 0]
        for c in hand:
            held[_ID[c] & 3] += 1
        flush = flush or max(held) + need >= 5
    return _Known(np.array(words, dtype=np.int64), np.array(bits, dtype=np.int64), flush)


def _judge(ranking: Ranking, n: int, words: np.ndarray,
           bits_at: Callable[[np.ndarray], np.ndarray] | None) -> Strengths:
    """The strengths of hands of ``n`` cards from their summed words; ``bits_at`` gives
    the summed suit bits of the hands at some places of ``words`` (flattened), where a
    flush is found (``None``: none can be)."""
    at = classes.places(words, n)
    if ranking is Ranking.LOW_A5:
        return -classes.lows_a5(n)[at], None
    high: np.ndarray = classes.highs(n)[at]
    if bits_at is not None:
        suits = classes.flush_suits(words).reshape(-1)
        flushed = np.flatnonzero(suits >= 0)
        if len(flushed):
            found = classes.flush_highs()[bits_at(flushed) >> 16 * suits[flushed] & 0x1FFF]
            every = high.reshape(-1)
            every[flushed] = np.maximum(every[flushed], found)
    return high, (classes.lows8(n)[at] if ranking is Ranking.HIGH_LOW_8 else None)


def _take(strengths: Strengths, at: np.ndarray | slice) -> Strengths:
    value, low = strengths
    return value[at], (None if low is None else low[at])


def _settle(ranking: Ranking, strengths: tuple[Rows, Rows | None], totals: _Totals,
            weights: np.ndarray | None = None, sign: int = 1) -> None:
    """Deals settled as :func:`_award` settles one: entry ``d`` of each player's array of
    strengths (an array per player, or the rows of one; arrays that broadcast together)
    is theirs in a deal, which stands for ``weights[d]`` deals (1 when ``None``; of the
    flattened entries), each counted ``sign`` times (-1: taken away). The deals are
    counted by who wins the high and who the low (a bit per player), and each such
    outcome settled by :func:`_award` itself."""
    value, low = strengths
    players = len(value)
    key = _winners(value, functools.reduce(np.maximum, value))
    if low is not None:
        best_low = functools.reduce(np.minimum, low)
        key |= _winners(low, best_low) * (best_low != classes.NO_LOW) << players
    counted = np.bincount(key.ravel(), weights)
    for outcome in np.flatnonzero(counted).tolist():
        totals.add(_outcome(ranking, players, outcome), sign * round(float(counted[outcome])))


@lru_cache(maxsize=4096)
def _outcome(ranking: Ranking, players: int, outcome: int) -> Result:
    """:func:`_award` of a deal where the players of the bits of ``outcome`` have the
    best high, and those of its bits from bit ``players`` on the best low."""
    high = [0 if outcome >> i & 1 else -1 for i in range(players)]
    lows = [0 if outcome >> players + i & 1 else 1 for i in range(players)]
    if ranking is Ranking.HIGH_LOW_8:
        return _award(high, lows if outcome >> players else [None] * players)
    if ranking is Ranking.LOW_A5:
        return _award([None] * players, [-h for h in high])
    return _award(high, [None] * players)


def _winners(value: Rows, best: np.ndarray) -> np.ndarray:
    """Who has ``best`` in each deal, a bit per player."""
    key: np.ndarray = (value[0] == best).astype(np.intp)
    for i in range(1, len(value)):
        key |= (value[i] == best).astype(np.intp) << i
    return key


@lru_cache(maxsize=64)
def _completions(size: int, need: int) -> np.ndarray:
    """Every choice of ``need`` of ``size`` cards, a row each (positions in the deck)."""
    chosen = (np.zeros((1, 0), dtype=np.intp) if need == 0 else
              np.array(list(combinations(range(size), need)), dtype=np.intp))
    chosen.flags.writeable = False
    return chosen


@lru_cache(maxsize=64)
def _containing(size: int, need: int, shared: int) -> np.ndarray:
    """For each choice of ``shared`` of ``size`` positions (in the order of
    :func:`_completions`), the completions of ``need`` cards that hold them all (their
    rows in :func:`_completions`)."""
    row = {chosen: i for i, chosen in enumerate(combinations(range(size), need))}
    found = np.array([[row[tuple(sorted((*common, *rest)))]
                       for rest in combinations([p for p in range(size) if p not in common],
                                                need - shared)]
                      for common in combinations(range(size), shared)], dtype=np.intp)
    found.flags.writeable = False
    return found


def _enumerate_many(ranking: Ranking, n: int, known: list[tuple[str, ...]],
                    unseen: list[str], needs: list[int], totals: _Totals) -> None:
    """Every deal: each player's completions judged once, then every choice of one
    completion per player with no card in two settled."""
    deck = np.array([_ID[c] for c in unseen], dtype=np.intp)
    words, bits = classes.WORDS[deck], classes.SUIT_BITS[deck]
    hands = _known(known, needs)
    strengths = []
    for i, need in enumerate(needs):
        chosen = _completions(len(deck), need)

        def bits_at(at: np.ndarray, chosen: np.ndarray = chosen, i: int = i) -> np.ndarray:
            summed: np.ndarray = bits[chosen[at]].sum(axis=1) + hands.bits[i]
            return summed

        strengths.append(_judge(ranking, n, words[chosen].sum(axis=1) + hands.words[i],
                                bits_at if hands.flush else None))
    deals = _possible(len(deck), needs, False)
    if set(needs) == {1} and deals > _FEW_DEALS and _alike(ranking, strengths, deals,
                                                           totals):
        return
    if len(strengths) == 2 and ranking is not Ranking.HIGH_LOW_8:
        _heads_up_one_part(ranking, len(deck), needs, strengths, totals)
    elif len(strengths) == 2 and deals > _FEW_DEALS:
        _heads_up_many(ranking, len(deck), needs, strengths, totals)
    else:
        _several(ranking, len(deck), needs, strengths, totals)


def _alike(ranking: Ranking, strengths: list[Strengths], deals: int, totals: _Totals
           ) -> bool:
    """One card to come for each player: the cards grouped by what they give each player
    (cards alike deal alike), every choice of a group per player settled once for as many
    deals as its cards can be dealt (a group of ``k`` cards to ``t`` players: ``k (k-1)
    ... (k-t+1)`` ways). False, counting nothing, when the choices would not be much
    fewer than the ``deals`` or too many to hold."""
    players = len(strengths)
    both = [v for v, _ in strengths] + [low for _, low in strengths if low is not None]
    kinds, many = np.unique(np.stack(both), axis=1, return_counts=True)
    choices = kinds.shape[1] ** players
    if choices * 2 > deals or choices * players > _ALIKE_MOST:
        return False
    chosen = np.indices((kinds.shape[1],) * players).reshape(players, -1)
    weights = many[chosen[0]]
    for i in range(1, players):
        earlier = sum((chosen[j] == chosen[i]).astype(np.int64) for j in range(i))
        weights = weights * (many[chosen[i]] - earlier)
    dealt = np.flatnonzero(weights > 0)
    chosen = chosen[:, dealt]
    value = np.take_along_axis(kinds[:players], chosen, axis=1)
    low = (np.take_along_axis(kinds[players:], chosen, axis=1) if len(both) > players
           else None)
    _settle(ranking, (value, low), totals, weights[dealt].astype(np.float64))
    return True


def _heads_up_one_part(ranking: Ranking, size: int, needs: list[int],
                       strengths: list[Strengths], totals: _Totals) -> None:
    """Two players, one part to win (the best high, or the best low): how many pairs of
    completions with no card in common the first wins, ties and loses, counted by sorting:
    every pair, less the pairs that share a card (inclusion and exclusion over the cards
    they share)."""
    mine, theirs = strengths[0][0], strengths[1][0]
    wins, ties = _beats(mine[None, :], theirs[None, :])
    pairs = len(mine) * len(theirs)
    for shared in range(1, min(needs) + 1):
        holding_a, holding_b = (_containing(size, need, shared) for need in needs)
        sign = -1 if shared % 2 else 1
        more_wins, more_ties = _beats(mine[holding_a], theirs[holding_b])
        wins, ties = wins + sign * more_wins, ties + sign * more_ties
        pairs += sign * holding_a.size * holding_b.shape[1]
    for outcome, times in ((0b01, wins), (0b11, ties), (0b10, pairs - wins - ties)):
        totals.add(_outcome(ranking, 2, outcome), times)


def _beats(mine: np.ndarray, theirs: np.ndarray) -> tuple[int, int]:
    """Over the pairs of an entry of a row of ``mine`` and one of the same row of
    ``theirs``: how many have the larger entry in ``mine``, and how many equal ones."""
    rows, each = theirs.shape
    if each == mine.shape[1] == 1:
        return int(np.count_nonzero(mine > theirs)), int(np.count_nonzero(mine == theirs))
    if rows == 1:
        sorted_keys, keys = np.sort(theirs[0]), mine[0]
    else:
        least = min(int(mine.min()), int(theirs.min()))
        span = max(int(mine.max()), int(theirs.max())) - least + 1
        offsets = np.arange(rows, dtype=np.int64)[:, None] * span - least
        sorted_keys = np.sort((theirs + offsets).ravel())  # each row's after the rows before
        keys = (mine + offsets).ravel()
    below = np.searchsorted(sorted_keys, keys, "left")
    upto = np.searchsorted(sorted_keys, keys, "right")
    earlier = mine.shape[1] * each * rows * (rows - 1) // 2  # the rows before, all below
    return int(below.sum()) - earlier, int(upto.sum() - below.sum())


def _heads_up_many(ranking: Ranking, size: int, needs: list[int],
                   strengths: list[Strengths], totals: _Totals) -> None:
    """Two players in stud hi/lo, every pair of completions with no card in common: every
    pair (each pair of distinct strengths settled once for all the pairs it stands for),
    less the pairs that share a card, by inclusion and exclusion over the cards they
    share (as arrays with an axis per player)."""
    (first, many_a), (second, many_b) = (_distinct(s) for s in strengths)
    step = max(1, _CHUNK // len(many_b))
    for start in range(0, len(many_a), step):
        part = slice(start, start + step)
        _settle(ranking, _across(_take(first, part), _take(second, slice(None))), totals,
                np.outer(many_a[part], many_b).ravel().astype(np.float64))
    for shared in range(1, min(needs) + 1):
        holding_a, holding_b = (_containing(size, need, shared) for need in needs)
        step = max(1, _CHUNK // (holding_a.shape[1] * holding_b.shape[1]))
        for start in range(0, len(holding_a), step):
            part = slice(start, start + step)
            _settle(ranking, _across(_take(strengths[0], holding_a[part]),
                                     _take(strengths[1], holding_b[part])),
                    totals, sign=-1 if shared % 2 else 1)


def _across(first: Strengths, second: Strengths) -> tuple[Rows, Rows | None]:
    """Two players' strengths (arrays of the same rows) as every entry of a row of the
    first against every entry of that row of the second: a new axis each."""
    value = [first[0][..., :, None], second[0][..., None, :]]
    if first[1] is None or second[1] is None:
        return value, None
    return value, [first[1][..., :, None], second[1][..., None, :]]


def _distinct(strengths: Strengths) -> tuple[Strengths, np.ndarray]:
    """The distinct strengths of a player's completions, and how many have each."""
    value, low = strengths
    if low is None:
        values, many = np.unique(value, return_counts=True)
        return (values, None), many
    keys, many = np.unique(value << 41 | low, return_counts=True)
    return (keys >> 41, keys & (1 << 41) - 1), many


def _several(ranking: Ranking, size: int, needs: list[int], strengths: list[Strengths],
             totals: _Totals) -> None:
    """Three players or more, or two with few deals: every choice of one completion each
    with no card in two (a row per player of their completions), settled at once."""
    offsets = np.cumsum([0] + [len(value) for value, _ in strengths[:-1]])[:, None]
    flat = (np.concatenate([value for value, _ in strengths]),
            None if strengths[0][1] is None else
            np.concatenate([low for _, low in strengths if low is not None]))
    for deals in _deals(size, tuple(needs)):
        _settle(ranking, _take(flat, deals + offsets), totals)


def _deals(size: int, needs: tuple[int, ...]) -> Iterable[np.ndarray]:
    """The choices of one completion per player with no card in two, a chunk at a time:
    a row per player, a column per deal (the player's row in :func:`_completions`)."""
    if _possible(size, list(needs), False) * len(needs) <= _KEPT_DEALS:
        return _kept_deals(size, needs)
    return _choices(size, needs)


@lru_cache(maxsize=16)
def _kept_deals(size: int, needs: tuple[int, ...]) -> tuple[np.ndarray, ...]:
    """:func:`_choices`, kept (read only) for the next hand with as many cards left and
    to come."""
    kept = tuple(deals.astype(np.int32) for deals in _choices(size, needs))
    for deals in kept:
        deals.flags.writeable = False
    return kept


def _choices(size: int, needs: tuple[int, ...]) -> Iterator[np.ndarray]:
    """Every choice of one completion each as a cell of an array with an axis per player
    (the first player's completions a few at a time), the cells where two completions
    share a card left out."""
    picks = [_completions(size, need) for need in needs]
    shape = [len(p) for p in picks]
    axes = len(shape)
    step = max(1, _CHUNK // int(np.prod(shape[1:])))

    def pair(i: int, j: int, first: np.ndarray) -> np.ndarray:
        """Players ``i`` and ``j`` share no card, on the axes of the array."""
        sizes = [len(first) if a == 0 == i else shape[a] if a in (i, j) else 1
                 for a in range(axes)]
        return _disjoint(first if i == 0 else picks[i], picks[j]).reshape(sizes)

    later = [pair(i, j, picks[0]) for i in range(1, axes) for j in range(i + 1, axes)]
    for start in range(0, shape[0], step):
        first = picks[0][start:start + step]
        ok = np.ones([len(first), *shape[1:]], dtype=bool)
        for j in range(1, axes):
            ok &= pair(0, j, first)
        for both in later:
            ok &= both
        cells = np.nonzero(ok)
        yield np.stack([cells[0] + start, *cells[1:]])


def _disjoint(first: np.ndarray, second: np.ndarray) -> np.ndarray:
    """Which pairs of a row of ``first`` and a row of ``second`` (deck positions) have no
    card in common, as a matrix."""
    ok = np.ones((len(first), len(second)), dtype=bool)
    theirs = [np.ascontiguousarray(second[:, j]) for j in range(second.shape[1])]
    for i in range(first.shape[1]):
        mine = np.ascontiguousarray(first[:, i])[:, None]
        for column in theirs:
            ok &= mine != column
    return ok


def _sampled_many(ranking: Ranking, n: int, known: list[tuple[str, ...]], unseen: list[str],
                  needs: list[int], totals: _Totals, samples: int, seed: int | None,
                  common: bool = False) -> None:
    """``samples`` deals drawn at random, settled at once: the unseen cards shuffled with
    ``seed`` (numpy's generator), then dealt at the positions of :func:`_seeded_draws`
    (drawn once for every spot with as many cards unseen and to come, and kept). Each
    deal is then every ordered choice of the cards alike, and two seeds' deals are
    independent: the positions are shared, the cards at them are not. With a ``common``
    card, each player still to get cards gets the deal's last one besides their own."""
    draw = np.random.default_rng(seed)
    deck = np.array([_ID[c] for c in unseen], dtype=np.intp)[draw.permutation(len(unseen))]
    private = [need - 1 if common and need else need for need in needs]
    cards = sum(private) + common
    rows = _dealt_rows(tuple(private), common)
    draws = (_seeded_draws(len(unseen), cards, samples)
             if samples * cards <= _KEPT_DRAWS
             else (p.T for p in _drawn(draw, len(unseen), cards, samples)))
    words, bits = classes.WORDS[deck], classes.SUIT_BITS[deck]
    hands = _known(known, needs)
    for drawn in draws:
        positions = drawn.astype(np.intp, copy=False)
        if rows is not None:
            positions = positions[rows]

        def bits_at(at: np.ndarray, positions: np.ndarray = positions) -> np.ndarray:
            """The suit bits of the players' hands at ``at`` (player x deals + deal)."""
            player, deal = np.divmod(at, positions.shape[1])
            summed: np.ndarray = (_by_player(bits.take(positions[:, deal]), needs)
                                  [player, np.arange(len(at))] + hands.bits[player])
            return summed

        _settle(ranking, _judge(ranking, n, _by_player(words.take(positions), needs)
                                + hands.words[:, None], bits_at if hands.flush else None),
                totals)


@lru_cache(maxsize=64)
def _dealt_rows(private: tuple[int, ...], common: bool) -> np.ndarray | None:
    """The rows of a deal's positions each player gets, player after player (their own,
    then the common card, the deal's last row, for each player getting cards); ``None``
    without a common card (the rows as they are)."""
    if not common:
        return None
    last = sum(private)
    rows: list[int] = []
    for i, mine in enumerate(private):
        first = sum(private[:i])
        rows += [*range(first, first + mine), last]
    return np.array(rows, dtype=np.intp)


def _by_player(cards: np.ndarray, needs: list[int]) -> np.ndarray:
    """Each player's sum over their rows of cards of deals (the first ``needs[0]`` rows,
    then the next ``needs[1]``, ...), a row per player."""
    if min(needs) == max(needs):
        summed: np.ndarray = cards.reshape(len(needs), needs[0], -1).sum(axis=1)
        return summed
    out = np.zeros((len(needs), cards.shape[1]), dtype=cards.dtype)
    at = 0
    for i, need in enumerate(needs):
        out[i] = cards[at:at + need].sum(axis=0)
        at += need
    return out


_DRAWS_SEED = 0
"""The seed of the positions every sampled count deals at (:func:`_seeded_draws`)."""


@lru_cache(maxsize=32)
def _seeded_draws(size: int, cards: int, samples: int) -> tuple[np.ndarray, ...]:
    """The positions :func:`_drawn` draws with :data:`_DRAWS_SEED`, a row per card and a
    column per deal: the same for every deal of that many cards from a deck of that size
    (each count deals them from its own shuffle of the deck), so kept (read only) for the
    next hand to use, as numpy's indices when they are few (an import's 2,000 deals are),
    else as bytes (:func:`_seeded_bytes`)."""
    kind = np.intp if samples * cards <= _KEPT_INDICES else np.int8
    drawn = tuple(np.ascontiguousarray(positions, dtype=kind)
                  for positions in _seeded_bytes(size, cards, samples))
    for positions in drawn:
        positions.flags.writeable = False
    return drawn


class _BytesKept:
    """Seeded draws as bytes, by deck size, cards and deals, up to
    :data:`_KEPT_BYTES` in all, the oldest let go first.

    An import meets far more shapes of spot than :func:`_seeded_draws` keeps as indices
    (3,000 fresh simulated stud hands: 66 pairs of deck size and cards to come, each drawn
    afresh in 0.5-1 ms each time it had been let go, against a few microseconds to widen
    the kept bytes); as bytes they all fit (2,000 deals of 12 cards: 24 KB)."""

    def __init__(self) -> None:
        self.kept: dict[tuple[int, int, int], tuple[np.ndarray, ...]] = {}
        self.size = 0

    def get(self, key: tuple[int, int, int]) -> tuple[np.ndarray, ...]:
        found = self.kept.get(key)
        if found is None:
            size, cards, samples = key
            found = tuple(np.ascontiguousarray(positions.T) for positions in
                          _drawn(np.random.default_rng(_DRAWS_SEED), size, cards, samples))
            for positions in found:
                positions.flags.writeable = False
            self.size += samples * cards
            while self.kept and self.size > _KEPT_BYTES:
                gone = self.kept.pop(next(iter(self.kept)))
                self.size -= sum(p.size for p in gone)
            self.kept[key] = found
        return found


_KEPT_BYTES = 16 << 20
"""Bytes of seeded draws kept at most (:class:`_BytesKept`)."""
_BYTES = _BytesKept()


def _seeded_bytes(size: int, cards: int, samples: int) -> tuple[np.ndarray, ...]:
    """The positions :func:`_drawn` draws with :data:`_DRAWS_SEED` as bytes (a row per
    card, a column per deal), kept while they fit (:class:`_BytesKept`)."""
    return _BYTES.get((size, cards, samples))


def _drawn(draw: np.random.Generator, size: int, cards: int, samples: int
           ) -> tuple[np.ndarray, ...]:
    """``samples`` rows of positions, in chunks of at most :data:`_CHUNK` rows."""
    return tuple(_draws(draw, size, cards, min(_CHUNK, samples - start)).astype(np.int8)
                 for start in range(0, samples, _CHUNK))


def _draws(draw: np.random.Generator, size: int, cards: int, count: int) -> np.ndarray:
    """``count`` rows of ``cards`` distinct positions of a deck of ``size``, each row
    every ordered choice alike: independent draws kept when no position repeats, or, when
    too few would be, the first ``cards`` steps of a shuffle (Fisher-Yates) of each row's
    deck, every row at once."""
    kept = 1.0
    for i in range(cards):
        kept *= 1 - i / size
    if kept >= 0.3:
        found: list[np.ndarray] = []
        have = 0
        while have < count:
            rows = draw.integers(0, size, (int((count - have) / kept * 1.1) + 16, cards),
                                 dtype=np.int64)
            ordered = np.sort(rows, axis=1)
            distinct = (ordered[:, 1:] != ordered[:, :-1]).all(axis=1)
            found.append(rows[distinct])
            have += int(np.count_nonzero(distinct))
        return np.concatenate(found)[:count]
    deck = np.tile(np.arange(size, dtype=np.int64), (count, 1))
    every = np.arange(count)
    for i in range(cards):
        pick = i + draw.integers(0, size - i, count)
        chosen = deck[every, pick]
        deck[every, pick] = deck[:, i]
        deck[:, i] = chosen
    return deck[:, :cards]
