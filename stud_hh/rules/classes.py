"""Every hand of five to seven cards judged once, by its ranks: tables that many hands are
looked up in at once (numpy), for the equity counts of :mod:`stud_hh.equity`.

A hand's high and low strengths (:mod:`stud_hh.rules.evaluate`) depend on its ranks
alone, except for a flush (which only the high counts: the A-5 and 8-or-better lows
ignore suits). The ranks of ``n`` cards, each rank at most four times, are a *rank
class*: 6,175 of five cards, 18,395 of six, 49,205 of seven. Each class has a place in
the table of its size, found from a sum over the hand's cards, so that numpy finds the
places of many hands with a few operations on whole arrays:

* a card's *word* (:data:`WORDS`) is its rank as a digit of one of two base-5 numbers
  (the ranks 2 to 8 from bit 0, 9 to ace from bit :data:`HIGH_SHIFT`) and its suit as a
  3-bit digit from bit :data:`SUIT_SHIFT`; the words of distinct cards add up, without a
  carry, to the hand's word: how many of each rank and of each suit;
* a class's place (:func:`places`) is where the block of its count of the ranks 2 to 8
  starts in the table of ``n`` cards (the classes in order of that count, then of the
  count of 9 to ace) plus the place of its count of 9 to ace among those of as many
  cards: two look-ups in tables of 78,125 and 15,625 entries.

The tables of strengths (:func:`highs`, :func:`lows8`, :func:`lows_a5`, each built the
first time it is asked for, in about a tenth of a second) hold, in the order of the
places, what the evaluator gives a hand of each class without a flush: the evaluator
judges one hand of every five-card class, and a class of six or seven cards is worth its
best five (the highest high, the smallest low), which is what each of the evaluator's
functions computes (``tests/rules/test_classes.py`` holds every entry of the tables to
the evaluator itself).

A hand's word tells whether it holds five cards of a suit, and which
(:func:`flush_suits`). A card's *suit bits* (:data:`SUIT_BITS`) are its rank as one of 13
bits in a 16-bit field of its suit: summed over distinct cards, each field holds the ranks
of that suit, and :func:`flush_highs` gives the high of the flush of every such set of
ranks (0 below five).

>>> hand = [4 * 12 + 3, 4 * 12 + 2, 4 * 11, 4 * 10, 4 * 9 + 1]  # As Ah Kc Qc Jd
>>> int(highs(5)[places(WORDS[hand].sum(), 5)]) == high_rank(["As", "Ah", "Kc", "Qc", "Jd"])
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations

import numpy as np

from stud_hh.model.cards import RANKS, SUITS
from stud_hh.rules.evaluate import high_rank, low8_rank, low_a5_rank

__all__ = ["HIGH_SHIFT", "NO_HIGH", "NO_LOW", "SUIT_BITS", "SUIT_SHIFT", "WORDS", "classes",
           "flush_highs", "flush_suits", "highs", "lows8", "lows_a5", "places"]

LOW_RANKS = 7
"""The ranks 2 to 8 (numbers 0 to 6) count in the word's first base-5 number."""
HIGH_SHIFT = 17
"""The ranks 9 to ace count in a base-5 number from this bit (5**7 < 2**17)."""
SUIT_SHIFT = 31
"""The suits count in 3-bit digits from this bit (5**6 < 2**14)."""
_LOW_PART = (1 << HIGH_SHIFT) - 1
_HIGH_PART = (1 << SUIT_SHIFT - HIGH_SHIFT) - 1
NO_HIGH = -1
"""The high of a hand whose game counts none."""
NO_LOW = 2**40
"""The low of a hand without one (no 8-or-better low), larger than every low."""
MOST = 7
"""The most cards of a hand the tables cover."""


def _rank_word(rank: int) -> int:
    digit: int = 5 ** (rank if rank < LOW_RANKS else rank - LOW_RANKS)
    return digit if rank < LOW_RANKS else digit << HIGH_SHIFT


WORDS = np.array([_rank_word(card >> 2) + (1 << SUIT_SHIFT + 3 * (card & 3))
                  for card in range(52)], dtype=np.int64)
"""A card's word, by card number (4 x rank + suit: 2c = 0, 2d = 1, ..., As = 51)."""
SUIT_BITS = np.array([1 << 16 * (card & 3) + (card >> 2) for card in range(52)],
                     dtype=np.int64)
"""A card's suit bits: its rank's bit in its suit's 16-bit field."""


def places(words: np.ndarray, n: int) -> np.ndarray:
    """The place of each hand of ``n`` cards in the tables, from its word."""
    found: np.ndarray = (_starts(n)[words & _LOW_PART]
                         + _within()[words >> HIGH_SHIFT & _HIGH_PART])
    return found


_FLUSH_SUIT = np.array([next((s for s in range(4) if code >> 3 * s & 7 >= 5), -1)
                        for code in range(1 << 12)], dtype=np.int64)


def flush_suits(words: np.ndarray) -> np.ndarray:
    """The suit (0 to 3: c, d, h, s) of five cards or more of each hand, from its word;
    -1 where there is none."""
    found: np.ndarray = _FLUSH_SUIT[words >> SUIT_SHIFT]
    return found


@cache
def _counts(ranks: int) -> tuple[np.ndarray, np.ndarray]:
    """Every count of ``ranks`` ranks (0 to 4 of each) of at most :data:`MOST` cards, as
    base-5 codes in order, and how many cards each is."""
    codes = np.arange(5**ranks, dtype=np.int64)
    sizes = (codes[:, None] // 5 ** np.arange(ranks) % 5).sum(axis=1)
    keep = sizes <= MOST
    return codes[keep], sizes[keep]


@cache
def _within() -> np.ndarray:
    """By a count of the ranks 9 to ace: its place among the counts of as many cards."""
    codes, sizes = _counts(13 - LOW_RANKS)
    within = np.zeros(5 ** (13 - LOW_RANKS), dtype=np.int64)
    for size in range(MOST + 1):
        mine = codes[sizes == size]
        within[mine] = np.arange(len(mine))
    return within


@cache
def _starts(n: int) -> np.ndarray:
    """By a count of the ranks 2 to 8 (of at most ``n`` cards): where its block starts in
    the table of ``n`` cards (a block per count, in code order, as long as there are
    counts of 9 to ace of the cards left)."""
    lows, low_sizes = _counts(LOW_RANKS)
    _, high_sizes = _counts(13 - LOW_RANKS)
    per_size = np.bincount(high_sizes, minlength=MOST + 1)
    keep = low_sizes <= n
    blocks = per_size[n - low_sizes[keep]]
    starts = np.zeros(5**LOW_RANKS, dtype=np.int64)
    starts[lows[keep]] = np.cumsum(blocks) - blocks
    return starts


@cache
def classes(n: int) -> np.ndarray:
    """The rank classes of ``n`` cards in the order of their places: a row each, its
    ranks (numbers 0 to 12) from the lowest."""
    lows, low_sizes = _counts(LOW_RANKS)
    highs_, high_sizes = _counts(13 - LOW_RANKS)
    by_size = [highs_[high_sizes == size] for size in range(MOST + 1)]
    keep = low_sizes <= n
    low_codes = np.repeat(lows[keep], [len(by_size[n - s]) for s in low_sizes[keep]])
    high_codes = np.concatenate([by_size[n - s] for s in low_sizes[keep]])
    counts = np.concatenate([low_codes[:, None] // 5 ** np.arange(LOW_RANKS) % 5,
                             high_codes[:, None] // 5 ** np.arange(13 - LOW_RANKS) % 5],
                            axis=1)
    ends = np.cumsum(counts, axis=1)
    ranks: np.ndarray = np.stack([(ends <= i).sum(axis=1) for i in range(n)], axis=1)
    return ranks


def _representative(ranks: list[int]) -> list[str]:
    """Cards of these ranks (in order) without a flush: the copies of the ``j``-th rank
    present take the suits ``j, j+1, ...`` (mod 4), so no suit gets five of seven."""
    cards: list[str] = []
    present, copy = -1, 0
    for i, rank in enumerate(ranks):
        if i == 0 or rank != ranks[i - 1]:
            present, copy = present + 1, 0
        else:
            copy += 1
        cards.append(RANKS[rank] + SUITS[(present + copy) % 4])
    return cards


def _best_of_five(n: int, five: np.ndarray, best: Callable[..., np.ndarray]) -> np.ndarray:
    """For each class of ``n`` cards, the best (``best``: ``np.maximum`` or
    ``np.minimum``) of ``five`` (a table of five-card classes) over its five cards."""
    words = WORDS[classes(n) * 4]
    out: np.ndarray | None = None
    for chosen in combinations(range(n), 5):
        value = five[places(words[:, list(chosen)].sum(axis=1), 5)]
        out = value if out is None else best(out, value)
    assert out is not None
    return out


def _table(n: int, judge: Callable[[list[str]], int | None], none: int,
           best: Callable[..., np.ndarray]) -> np.ndarray:
    if n == 5:
        values = [judge(_representative(row)) for row in classes(5).tolist()]
        return np.array([none if v is None else v for v in values], dtype=np.int64)
    return _best_of_five(n, _table(5, judge, none, best), best)


@cache
def highs(n: int) -> np.ndarray:
    """The high (:func:`~stud_hh.rules.evaluate.high_rank`) of each class of ``n`` cards
    without a flush, by place."""
    table = _table(n, high_rank, NO_HIGH, np.maximum)
    table.flags.writeable = False
    return table


@cache
def lows8(n: int) -> np.ndarray:
    """The 8-or-better low (:func:`~stud_hh.rules.evaluate.low8_rank`, :data:`NO_LOW` for
    none) of each class of ``n`` cards, by place."""
    table = _table(n, low8_rank, NO_LOW, np.minimum)
    table.flags.writeable = False
    return table


@cache
def lows_a5(n: int) -> np.ndarray:
    """The A-5 low (:func:`~stud_hh.rules.evaluate.low_a5_rank`) of each class of ``n``
    cards, by place."""
    table = _table(n, low_a5_rank, NO_LOW, np.minimum)
    table.flags.writeable = False
    return table


@cache
def flush_highs() -> np.ndarray:
    """By the 13 bits of a suit's field of summed :data:`SUIT_BITS`: the high of the flush
    its ranks make (five to seven of the suit), 0 below five."""
    table = np.zeros(1 << 13, dtype=np.int64)
    for mask in range(1 << 13):
        if 5 <= mask.bit_count() <= MOST:
            table[mask] = high_rank([RANKS[r] + "c" for r in range(13) if mask >> r & 1])
    table.flags.writeable = False
    return table
