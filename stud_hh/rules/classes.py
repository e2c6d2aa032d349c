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

The tables of strengths (:func:`highs`, :func:`lows8`, :func:`lows_a5`, for hands of
five cards and of seven, and :func:`flush_highs`) hold, in the order of the places, what
the evaluator gives a hand of each class without a flush. They are shipped with the
package (``classes.npz``, 80 KB, loaded in a millisecond or two) and made by this
module's :func:`judged`, which asks the evaluator about every class and every flush
(``python -m stud_hh.rules.classes`` writes the file anew; ``tests/rules/test_classes.py``
holds every entry to the evaluator itself).

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

import io
import zipfile
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np

from stud_hh.model.cards import RANKS, SUITS
from stud_hh.rules.evaluate import high_rank, low8_rank, low_a5_rank

__all__ = ["HIGH_SHIFT", "NO_LOW", "SIZES", "SUIT_BITS", "SUIT_SHIFT", "WORDS",
           "classes", "flush_highs", "flush_suits", "highs", "judged", "lows8", "lows_a5",
           "places", "write"]

LOW_RANKS = 7
"""The ranks 2 to 8 (numbers 0 to 6) count in the word's first base-5 number."""
HIGH_SHIFT = 17
"""The ranks 9 to ace count in a base-5 number from this bit (5**7 < 2**17)."""
SUIT_SHIFT = 31
"""The suits count in 3-bit digits from this bit (5**6 < 2**14)."""
_LOW_PART = (1 << HIGH_SHIFT) - 1
_HIGH_PART = (1 << SUIT_SHIFT - HIGH_SHIFT) - 1
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
    sizes, rest = np.zeros_like(codes), codes.copy()
    for _ in range(ranks):
        rest, digit = np.divmod(rest, 5)
        sizes += digit
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


SIZES = (5, 7)
"""The hands the tables of strengths cover: five cards (five-card stud), seven (stud,
razz, stud hi/lo)."""
_FILE = "classes.npz"


@cache
def _shipped() -> dict[str, np.ndarray]:
    """The tables of the package's ``classes.npz``, as numpy's 64-bit integers (no low:
    :data:`NO_LOW`), read only."""
    with resources.files("stud_hh.rules").joinpath(_FILE).open("rb") as f, \
            np.load(f) as data:
        tables = {name: data[name].astype(np.int64) for name in data.files}
    for name, table in tables.items():
        if name.startswith("low"):
            table[table < 0] = NO_LOW
        table.flags.writeable = False
    return tables


def highs(n: int) -> np.ndarray:
    """The high (:func:`~stud_hh.rules.evaluate.high_rank`) of each class of ``n`` cards
    (one of :data:`SIZES`) without a flush, by place."""
    return _shipped()[f"highs{n}"]


def lows8(n: int) -> np.ndarray:
    """The 8-or-better low (:func:`~stud_hh.rules.evaluate.low8_rank`, :data:`NO_LOW` for
    none) of each class of ``n`` cards (one of :data:`SIZES`), by place."""
    return _shipped()[f"lows8_{n}"]


def lows_a5(n: int) -> np.ndarray:
    """The A-5 low (:func:`~stud_hh.rules.evaluate.low_a5_rank`) of each class of ``n``
    cards (one of :data:`SIZES`), by place."""
    return _shipped()[f"lows_a5_{n}"]


def flush_highs() -> np.ndarray:
    """By the 13 bits of a suit's field of summed :data:`SUIT_BITS`: the high of the flush
    its ranks make (five to seven of the suit), 0 below five."""
    return _shipped()["flushes"]


# ---------------------------------------------------------------------------
# Making the tables: the evaluator asked about every class (a few seconds).


def classes(n: int) -> np.ndarray:
    """The rank classes of ``n`` cards (5 to 7) in the order of their places: a row
    each, its ranks (numbers 0 to 12) from the lowest."""
    lows, low_sizes = _counts(LOW_RANKS)
    highs_, high_sizes = _counts(13 - LOW_RANKS)
    by_size = [highs_[high_sizes == size] for size in range(MOST + 1)]
    keep = low_sizes <= n
    low_codes = np.repeat(lows[keep], [len(by_size[n - s]) for s in low_sizes[keep]])
    high_codes = np.concatenate([by_size[n - s] for s in low_sizes[keep]])
    counts = np.concatenate([low_codes[:, None] // 5 ** np.arange(LOW_RANKS) % 5,
                             high_codes[:, None] // 5 ** np.arange(13 - LOW_RANKS) % 5],
                            axis=1)
    ranks: np.ndarray = np.repeat(np.tile(np.arange(13), len(counts)),
                                  counts.ravel()).reshape(len(counts), n)
    return ranks


def _representative(ranks: list[int]) -> list[str]:
    """Cards of these ranks (in order) without a flush: the ``i``-th of suit ``i`` mod 4,
    so a rank's copies are of distinct suits and no suit has more than two of seven."""
    return [RANKS[rank] + SUITS[i % 4] for i, rank in enumerate(ranks)]


def judged() -> dict[str, np.ndarray]:
    """The tables as the evaluator makes them: every class of each of :data:`SIZES`
    judged on cards of its ranks, and every set of five to seven ranks of one suit."""
    tables: dict[str, np.ndarray] = {}
    for n in SIZES:
        hands = [_representative(row) for row in classes(n).tolist()]
        tables[f"highs{n}"] = np.array([high_rank(h) for h in hands], dtype=np.int16)
        low8 = [low8_rank(h) for h in hands]
        tables[f"lows8_{n}"] = np.array([-1 if v is None else v for v in low8],
                                        dtype=np.int32)
        tables[f"lows_a5_{n}"] = np.array([low_a5_rank(h) for h in hands], dtype=np.int32)
    flushes = np.zeros(1 << 13, dtype=np.int16)
    for mask in range(1 << 13):
        if 5 <= mask.bit_count() <= MOST:
            flushes[mask] = high_rank([RANKS[r] + "c" for r in range(13) if mask >> r & 1])
    tables["flushes"] = flushes
    return tables


def write(path: Path) -> None:
    """The tables of :func:`judged` into ``path``, as numpy's ``.npz`` (the same bytes for
    the same tables)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as out:
        for name, table in judged().items():
            data = io.BytesIO()
            np.save(data, table, allow_pickle=False)
            out.writestr(zipfile.ZipInfo(f"{name}.npy", date_time=(1980, 1, 1, 0, 0, 0)),
                         data.getvalue(), compress_type=zipfile.ZIP_DEFLATED)


if __name__ == "__main__":
    write(Path(__file__).with_name(_FILE))
