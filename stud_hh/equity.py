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
hand judged by :mod:`stud_hh.rules.evaluate` once per distinct set of ranks and per
distinct flush, heads-up every pair of completions compared as a matrix), except in 2-7
razz and with a common card, which are dealt out one at a time.

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
from functools import cache, lru_cache
from itertools import combinations
from math import comb

import numpy as np

from stud_hh.model.cards import ALL_CARDS, RANKS, SUITS
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
    ranking = GAMES[game].ranking
    many = ranking is not Ranking.LOW_27 and not common
    if exact and many:
        _enumerate_many(ranking, known, unseen, needs, totals)
    elif many:
        _sampled_many(ranking, known, unseen, needs, totals, samples, seed)
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


# ---------------------------------------------------------------------------
# Many deals at once (numpy), for every game whose hands are judged by their ranks with
# suits mattering only through a flush: stud, stud hi/lo, razz, five-card stud. Each
# hand's strength comes from the evaluator of :mod:`stud_hh.rules.evaluate` itself, once
# per distinct set of ranks (and per distinct flush), so these counts are the same as
# :func:`_award`'s deal by deal; 2-7 razz (where a flush counts against a low) and the
# common card keep the paths above.

_ID: dict[str, int] = {rank + suit: 4 * r + s for r, rank in enumerate(RANKS)
                       for s, suit in enumerate(SUITS)}
"""A card's number: 4 x its rank (2 = 0 .. A = 12) + its suit (c, d, h, s = 0 .. 3)."""
_RANK_CODE = np.array([5 ** (i >> 2) for i in range(52)], dtype=np.int64)
"""Each card's part of a hand's rank code (base 5: how many of each rank)."""
_SUIT_CODE = np.array([8 ** (i & 3) for i in range(52)], dtype=np.int64)
"""Each card's part of a hand's suit code (base 8: how many of each suit)."""
_SUIT = np.array([i & 3 for i in range(52)], dtype=np.int64)
_BIT = np.array([1 << (i >> 2) for i in range(52)], dtype=np.int64)
_FLUSH_SUIT = np.array([next((s for s in range(4) if code // 8**s % 8 >= 5), -1)
                        for code in range(8**4)], dtype=np.int64)
"""The suit of five cards or more of each suit code (-1: none)."""
_CHUNK = 1 << 18
"""Deals (or pairs of completions) held at once: bounds the memory of a count."""
_KEPT_DRAWS = 1 << 20
"""Positions drawn with a seed are kept for the next hand up to this many bytes each (an
import's 5,000 deals are; the command line's 100,000 of many cards are drawn afresh)."""


def _representative(code: int) -> list[str]:
    """Cards with the ranks of ``code`` (base 5: how many of each rank) and no flush:
    the copies of the ``j``-th rank present take suits ``j, j+1, ...`` (mod 4), so no
    suit gets five of seven cards."""
    cards: list[str] = []
    present = 0
    for rank in range(13):
        count = code // 5**rank % 5
        if count:
            cards += [RANKS[rank] + SUITS[(present + k) % 4] for k in range(count)]
            present += 1
    return cards


def _by_ranks(ranking: Ranking, code: int) -> tuple[int, int]:
    """(high, low) of any hand of these ranks without a flush (``_NONE_*`` where the
    game counts no such half or the hand has none)."""
    cards = _representative(code)
    high = high_rank(cards) if ranking in (Ranking.HIGH, Ranking.HIGH_LOW_8) else _NONE_HIGH
    if ranking is Ranking.LOW_A5:
        return high, low_a5_rank(cards)
    low = low8_rank(cards) if ranking is Ranking.HIGH_LOW_8 else None
    return high, _NONE_LOW if low is None else low


class _RankValues:
    """:func:`_by_ranks` of one ranking, looked up many codes at once: a code not seen yet
    is judged once by the evaluator, then kept (in code order, for a binary search)."""

    def __init__(self, ranking: Ranking) -> None:
        self.ranking = ranking
        self.known = (np.empty(0, dtype=np.int64), np.empty((0, 2), dtype=np.int64))
        """(codes in order, their values): replaced whole, never changed in place."""

    def __call__(self, codes: np.ndarray) -> np.ndarray:
        known, values = self.known
        at = np.searchsorted(known, codes)
        found = at < len(known)
        found[found] = known[at[found]] == codes[found]
        if not found.all():
            new = np.unique(codes[~found])
            judged = np.array([_by_ranks(self.ranking, int(c)) for c in new], dtype=np.int64)
            where = np.searchsorted(known, new)  # both in order: merged without a sort
            known = np.insert(known, where, new)
            values = np.insert(values, where, judged, axis=0)
            self.known = (known, values)
            at = np.searchsorted(known, codes)
        result: np.ndarray = values[at]
        return result


_RANK_VALUES = {ranking: _RankValues(ranking) for ranking in Ranking}


@cache
def _flushes() -> np.ndarray:
    """The high strength of the cards of one suit whose ranks are the bits of a 13-bit
    mask, for every mask of five to seven (0 for the others)."""
    table = np.zeros(1 << 13, dtype=np.int64)
    for mask in range(1 << 13):
        if 5 <= mask.bit_count() <= 7:
            table[mask] = high_rank([RANKS[r] + "c" for r in range(13) if mask >> r & 1])
    return table


def _strengths(ranking: Ranking, hand: Sequence[str], ids: np.ndarray
               ) -> tuple[np.ndarray, np.ndarray]:
    """(high, low) of ``hand`` completed by each row of ``ids`` (card numbers)."""
    known = [_ID[c] for c in hand]
    columns = [ids[:, j] for j in range(ids.shape[1])]
    code = np.full(len(ids), sum(int(_RANK_CODE[k]) for k in known), dtype=np.int64)
    for column in columns:
        code += _RANK_CODE[column]
    values = _RANK_VALUES[ranking](code)
    high, low = values[:, 0], values[:, 1]
    held = [sum(1 for k in known if k & 3 == suit) for suit in range(4)]
    if ranking is Ranking.LOW_A5 or max(held) + len(columns) < 5:
        return high, low
    suits = np.full(len(ids), sum(8**suit * n for suit, n in enumerate(held)), dtype=np.int64)
    for column in columns:
        suits += _SUIT_CODE[column]
    flush_suit = _FLUSH_SUIT[suits]
    rows = np.flatnonzero(flush_suit >= 0)
    if len(rows):  # the rows with a flush: its suit's ranks as bits, distinct so summed
        suit = flush_suit[rows]
        bits = [sum(1 << (k >> 2) for k in known if k & 3 == s) for s in range(4)]
        mask = np.array(bits, dtype=np.int64)[suit]
        for column in columns:
            card = column[rows]
            mask += np.where(_SUIT[card] == suit, _BIT[card], 0)
        high[rows] = np.maximum(high[rows], _flushes()[mask])
    return high, low


def _settle_many(ranking: Ranking, highs: Sequence[np.ndarray], lows: Sequence[np.ndarray],
                 totals: _Totals) -> None:
    """Deals settled as :func:`_award` settles one: each player's high and low strength
    in a deal are the deal's entry of their arrays."""
    if ranking is not Ranking.HIGH_LOW_8:  # one part, the whole pot: the best high or low
        low = ranking is Ranking.LOW_A5
        parts = [-v for v in lows] if low else list(highs)
        best = parts[0]
        for part in parts[1:]:
            best = np.maximum(best, part)
        won = [part == best for part in parts]
        count = won[0].astype(np.int8)
        for mine in won[1:]:
            count += mine
        ways = [count == n for n in range(1, len(won) + 1)]  # deals split n ways
        for i, mine in enumerate(won):
            shared = [int(np.count_nonzero(mine & way)) for way in ways]
            units = sum(UNITS // n * deals for n, deals in enumerate(shared, 1))
            if low:
                totals.low[i] += units
            else:
                totals.high[i] += units
            totals.scoops[i] += shared[0]
        totals.deals += len(best)
        totals.no_low += 0 if low else len(best)
        return
    best_high, best_low = highs[0], lows[0]
    for high, lo in zip(highs[1:], lows[1:], strict=True):
        best_high, best_low = np.maximum(best_high, high), np.minimum(best_low, lo)
    high_won = [(h == best_high) & (h != _NONE_HIGH) for h in highs]
    low_won = [(lo == best_low) & (lo != _NONE_LOW) for lo in lows]
    high_winners = np.sum(high_won, axis=0)
    low_winners = np.sum(low_won, axis=0)
    any_high, any_low = high_winners > 0, low_winners > 0
    both = any_high & any_low
    high_part = np.where(both, UNITS // 2, np.where(any_high, UNITS, 0))
    low_part = np.where(both, UNITS // 2, np.where(any_low, UNITS, 0))
    high_each = high_part // np.maximum(high_winners, 1)
    low_each = low_part // np.maximum(low_winners, 1)
    totals.add_many(*((np.where(h, high_each, 0), np.where(lo, low_each, 0))
                      for h, lo in zip(high_won, low_won, strict=True)),
                    no_low=int(np.count_nonzero(~any_low)))


def _completions(size: int, need: int) -> np.ndarray:
    """Every choice of ``need`` of ``size`` cards, a row each (positions in the deck)."""
    if need == 0:
        return np.zeros((1, 0), dtype=np.int64)
    return np.array(list(combinations(range(size), need)), dtype=np.int64)


def _enumerate_many(ranking: Ranking, known: list[tuple[str, ...]], unseen: list[str],
                    needs: list[int], totals: _Totals) -> None:
    """Every deal: each player's completions judged once, then every choice of one
    completion per player with no card in two settled."""
    deck = np.array([_ID[c] for c in unseen], dtype=np.int64)
    options, picks = [], []
    for hand, need in zip(known, needs, strict=True):
        chosen = _completions(len(unseen), need)
        options.append((chosen, *_strengths(ranking, hand, deck[chosen])))
        picks.append(chosen.astype(np.int8))
    if len(options) == 2:  # heads-up: the completions' cards compared as a matrix
        first, second = ((picks[i], *options[i][1:]) for i in (0, 1))
        if ranking is Ranking.HIGH_LOW_8:
            _heads_up_many(first, second, totals)
        else:
            _heads_up_one_part(ranking, first, second, totals)
        return
    _several(ranking, [(picks[i], *options[i][1:]) for i in range(len(options))], totals)


def _several(ranking: Ranking, options: list[tuple[np.ndarray, np.ndarray, np.ndarray]],
             totals: _Totals) -> None:
    """Three players or more: every choice of one completion each as a cell of an array
    with an axis per player (the first player's completions a few at a time), the cells
    where two completions share a card left out, the others settled at once."""
    shape = [len(picks) for picks, _, _ in options]
    axes = len(shape)
    step = max(1, _CHUNK // int(np.prod(shape[1:])))

    def pair(i: int, j: int, first: np.ndarray) -> np.ndarray:
        """Players ``i`` and ``j`` share no card, on the axes of the array."""
        sizes = [len(first) if a == 0 == i else shape[a] if a in (i, j) else 1
                 for a in range(axes)]
        return _disjoint(first if i == 0 else options[i][0], options[j][0]).reshape(sizes)

    later = [pair(i, j, options[0][0]) for i in range(1, axes) for j in range(i + 1, axes)]
    for start in range(0, shape[0], step):
        first = options[0][0][start:start + step]
        ok = np.ones([len(first), *shape[1:]], dtype=bool)
        for j in range(1, axes):
            ok &= pair(0, j, first)
        for both in later:
            ok &= both
        cells = np.nonzero(ok)  # each player's completion in each deal
        mine = [(high[start:start + step], low[start:start + step]) if i == 0 else (high, low)
                for i, (_, high, low) in enumerate(options)]
        _settle_many(ranking, [high.take(at) for (high, _), at in zip(mine, cells, strict=True)],
                     [low.take(at) for (_, low), at in zip(mine, cells, strict=True)], totals)


def _heads_up_one_part(ranking: Ranking, first: tuple[np.ndarray, np.ndarray, np.ndarray],
                       second: tuple[np.ndarray, np.ndarray, np.ndarray], totals: _Totals
                       ) -> None:
    """Two players, one part to win (the best high, or the best low): each pair of
    completions with no card in common is a win, a tie (half the pot each) or a loss."""
    low = ranking is Ranking.LOW_A5
    mine, theirs = _dense(first[2 if low else 1], second[2 if low else 1], low)
    picks_a, picks_b = first[0], second[0]
    step = max(1, _CHUNK // len(picks_b))
    wins = ties = deals = 0
    for start in range(0, len(picks_a), step):
        ok = _disjoint(picks_a[start:start + step], picks_b)
        strength = mine[start:start + step, None]
        deals += int(np.count_nonzero(ok))
        wins += int(np.count_nonzero(ok & (strength > theirs)))
        ties += int(np.count_nonzero(ok & (strength == theirs)))
    losses = deals - wins - ties
    parts = totals.low if low else totals.high
    parts[0] += wins * UNITS + ties * (UNITS // 2)
    parts[1] += losses * UNITS + ties * (UNITS // 2)
    totals.scoops[0] += wins
    totals.scoops[1] += losses
    totals.deals += wins + ties + losses
    totals.no_low += 0 if low else wins + ties + losses


def _heads_up_many(first: tuple[np.ndarray, np.ndarray, np.ndarray],
                   second: tuple[np.ndarray, np.ndarray, np.ndarray], totals: _Totals) -> None:
    """Two players: every completion of the first against every completion of the second
    at once, rows of the first at a time, in the units of :func:`_award` (as
    :func:`_heads_up`, whose sums these are)."""
    picks_a, picks_b = first[0], second[0]
    (highs_a, high_b), (lows_a, low_b) = (_dense(first[i], second[i], i == 2)
                                            for i in (1, 2))
    has_high_b, has_low_b = high_b != 0, low_b != 0
    step = max(1, _CHUNK // len(picks_b))
    # in eighths of a pot: the first's high and low, both parts' whole; scoops; no lows
    first_high = first_low = high_parts = low_parts = scoops_a = scoops_b = no_low = deals = 0
    for start in range(0, len(picks_a), step):
        ok = _disjoint(picks_a[start:start + step], picks_b)
        high_a, low_a = highs_a[start:start + step, None], lows_a[start:start + step, None]
        any_high = ((high_a != 0) | has_high_b) & ok
        any_low = ((low_a != 0) | has_low_b) & ok
        both = any_high & any_low
        # quarters of a pot per part (4: the whole pot, 2: a half) x halves of it won
        # (2, 1 for a tie, 0): eighths of a pot; the second wins the rest of each part
        high_part = np.where(both, np.int8(2), np.where(any_high, np.int8(4), np.int8(0)))
        low_part = np.where(both, np.int8(2), np.where(any_low, np.int8(4), np.int8(0)))
        high_won = high_part * ((high_a > high_b).view(np.int8) * 2
                                + (high_a == high_b).view(np.int8))
        low_won = low_part * ((low_a > low_b).view(np.int8) * 2
                              + (low_a == low_b).view(np.int8))
        won = high_won + low_won
        first_high += int(high_won.sum(dtype=np.int64))
        first_low += int(low_won.sum(dtype=np.int64))
        high_parts += 2 * int(high_part.sum(dtype=np.int64))
        low_parts += 2 * int(low_part.sum(dtype=np.int64))
        scoops_a += int(np.count_nonzero(won == 8))
        scoops_b += int(np.count_nonzero((won == 0) & ok))
        no_low += int(np.count_nonzero(ok & ~any_low))
        deals += int(np.count_nonzero(ok))
    eighth = UNITS // 8
    totals.high[0] += first_high * eighth
    totals.low[0] += first_low * eighth
    totals.high[1] += (high_parts - first_high) * eighth
    totals.low[1] += (low_parts - first_low) * eighth
    totals.scoops[0] += scoops_a
    totals.scoops[1] += scoops_b
    totals.no_low += no_low
    totals.deals += deals


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


def _dense(first: np.ndarray, second: np.ndarray, low: bool
           ) -> tuple[np.ndarray, np.ndarray]:
    """Two players' strengths as small numbers, larger better and 0 for none (a high
    as it is, a low reversed), so that a heads-up count compares small integers."""
    values, at = np.unique(np.concatenate([first, second]), return_inverse=True)
    at = at.ravel()
    dense = len(values) - at if low else at + 1
    dense[values[at] == (_NONE_LOW if low else _NONE_HIGH)] = 0
    small = dense.astype(np.int16 if len(values) < 2**15 else np.int32)
    return small[:len(first)], small[len(first):][None, :]


def _sampled_many(ranking: Ranking, known: list[tuple[str, ...]], unseen: list[str],
                  needs: list[int], totals: _Totals, samples: int, seed: int | None) -> None:
    """``samples`` deals drawn at random (numpy's generator, seeded), settled at once."""
    deck = np.array([_ID[c] for c in unseen], dtype=np.int64)
    cards = sum(needs)
    draws = (_seeded_draws(len(unseen), cards, samples, seed)
             if seed is not None and samples * cards <= _KEPT_DRAWS
             else _drawn(np.random.default_rng(seed), len(unseen), cards, samples))
    for positions in draws:
        dealt = deck[positions]
        highs, lows, at = [], [], 0
        for hand, need in zip(known, needs, strict=True):
            high, low = _strengths(ranking, hand, dealt[:, at:at + need])
            highs.append(high)
            lows.append(low)
            at += need
        _settle_many(ranking, highs, lows, totals)


@lru_cache(maxsize=32)
def _seeded_draws(size: int, cards: int, samples: int, seed: int) -> tuple[np.ndarray, ...]:
    """The positions :func:`_drawn` draws with ``seed``: the same for every deal of that
    many cards from a deck of that size, so kept (read only) for the next hand to use."""
    drawn = _drawn(np.random.default_rng(seed), size, cards, samples)
    for positions in drawn:
        positions.flags.writeable = False
    return drawn


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
