"""Promise: the tables of :mod:`stud_hh.rules.classes` are the evaluator's own answers.

Every rank class of five and of seven cards (55,380 in all) is judged here by
:mod:`stud_hh.rules.evaluate` itself, on a hand of those ranks without a flush, and the
shipped tables must hold exactly that high, 8-or-better low and A-5 low at the class's
place; every set of five to seven ranks of one suit must have the flush's high; random
real hands (flushes included) looked up through their cards' words and suit bits must
get what the evaluator gives the hand itself; and the shipped file is, byte for byte,
what ``python -m stud_hh.rules.classes`` writes.
"""

from __future__ import annotations

import random
from itertools import combinations
from pathlib import Path

import numpy as np
import pytest

from stud_hh.model.cards import RANKS, SUITS
from stud_hh.rules import classes
from stud_hh.rules.evaluate import high_rank, low8_rank, low_a5_rank

DECK = [rank + suit for rank in RANKS for suit in SUITS]
"""Cards by their number in the tables (4 x rank + suit)."""


def _without_flush(ranks: list[int]) -> list[str]:
    """Cards of these ranks (numbers 0-12, in order), the ``i``-th of suit ``i`` mod 4: a
    rank's copies on distinct suits, and no suit with more than two of seven."""
    return [RANKS[rank] + SUITS[i % 4] for i, rank in enumerate(ranks)]


@pytest.mark.parametrize("n", [5, 7])
def test_every_class_has_its_place_and_the_evaluators_strengths(n: int) -> None:
    rows = classes.classes(n)
    assert len(rows) == {5: 6175, 7: 49205}[n]
    assert len({tuple(r) for r in rows.tolist()}) == len(rows)
    places = classes.places(classes.WORDS[rows * 4].sum(axis=1), n)
    assert (places == np.arange(len(rows))).all()
    highs, lows8, lows_a5 = classes.highs(n), classes.lows8(n), classes.lows_a5(n)
    for at, ranks in enumerate(rows.tolist()):
        cards = _without_flush(ranks)
        assert len(set(cards)) == n
        assert max(sum(c[1] == s for c in cards) for s in SUITS) < 5
        low8 = low8_rank(cards)
        assert (int(highs[at]), int(lows8[at]), int(lows_a5[at])) == (
            high_rank(cards), classes.NO_LOW if low8 is None else low8, low_a5_rank(cards)
        ), cards


def test_every_flush_has_the_evaluators_high() -> None:
    table = classes.flush_highs()
    for mask in range(1 << 13):
        ranks = [r for r in range(13) if mask >> r & 1]
        want = high_rank([RANKS[r] + "h" for r in ranks]) if 5 <= len(ranks) <= 7 else 0
        assert int(table[mask]) == want


@pytest.mark.parametrize("n", [5, 7])
def test_real_hands_looked_up_by_their_cards(n: int) -> None:
    draw = random.Random(f"classes-{n}")
    flushes = classes.flush_highs()
    for _ in range(3000):
        ids = draw.sample(range(52), n)
        cards = [DECK[i] for i in ids]
        word = classes.WORDS[ids].sum()
        at = int(classes.places(word, n))
        bits = int(classes.SUIT_BITS[ids].sum())
        flush = max(int(flushes[bits >> 16 * s & 0x1FFF]) for s in range(4))
        suit = int(classes.flush_suits(word))
        assert suit == next((s for s in range(4) if sum(i & 3 == s for i in ids) >= 5), -1)
        assert (flush > 0) == (suit >= 0)
        assert max(int(classes.highs(n)[at]), flush) == high_rank(cards)
        low8 = low8_rank(cards)
        assert int(classes.lows8(n)[at]) == (classes.NO_LOW if low8 is None else low8)
        assert int(classes.lows_a5(n)[at]) == low_a5_rank(cards)


def test_words_add_up_without_a_carry() -> None:
    """Seven cards at most: no rank's count (at most 4) nor suit's (at most 7) overflows."""
    hands = [[4 * r + s for r in ranks for s in range(4)][:7]
             for ranks in combinations(range(13), 2)]
    hands += [[4 * r + s for r in range(7)] for s in range(4)]
    for ids in hands:
        total = int(classes.WORDS[ids].sum())
        low = total & (1 << classes.HIGH_SHIFT) - 1
        high = total >> classes.HIGH_SHIFT & (1 << classes.SUIT_SHIFT - classes.HIGH_SHIFT) - 1
        counts = [low // 5**r % 5 for r in range(7)] + [high // 5**r % 5 for r in range(6)]
        assert counts == [sum(1 for i in ids if i >> 2 == r) for r in range(13)]
        suits = [total >> classes.SUIT_SHIFT + 3 * s & 7 for s in range(4)]
        assert suits == [sum(1 for i in ids if i & 3 == s) for s in range(4)]


def test_places_of_six_cards_are_a_numbering_too() -> None:
    rows = classes.classes(6)
    assert len(rows) == 18395
    places = classes.places(classes.WORDS[rows * 4].sum(axis=1), 6)
    assert (places == np.arange(len(rows))).all()


def test_the_shipped_file_is_what_the_module_writes(tmp_path: Path) -> None:
    classes.write(tmp_path / "classes.npz")
    shipped = Path(classes.__file__).with_name("classes.npz")
    assert (tmp_path / "classes.npz").read_bytes() == shipped.read_bytes()
