"""Hand evaluation for stud, stud hi/lo 8-or-better, razz, 2-7 razz and five-card stud.

Cards are two-character strings (``"Ah"``, ``"Tc"``). Every function returns a
plain ``int`` or ``tuple`` that compares the way the hands do; equal values are
exact ties. Mind the direction:

* :func:`high_rank`: **larger** is better.
* :func:`low_a5_rank`, :func:`low8_rank`: **smaller** is better (A-5 lowball, ace
  low, straights and flushes ignored, pairs count against); :func:`low27_rank`:
  smaller is better (2-7 lowball: ace high, straights and flushes count against).
* :func:`board_high_key`: larger is better; :func:`board_low_key`: smaller is
  better (who acts first on 4th-7th street).
* :func:`bring_in_key_stud`, :func:`bring_in_key_razz`: the **lowest** key brings
  in.

High hands are ranked by phevaluator's native evaluator (fastest of the
libraries measured, see ``benchmarks/evaluate.py``); lows and boards are
computed here from rank bitmasks and small tables. Invalid cards, repeated
cards and wrong card counts raise :class:`ValueError`.

>>> wheel = ["5d", "4c", "3h", "2s", "Ah", "Kd", "Kc"]
>>> high_category(wheel), low_cards(wheel, 8)
('straight', ('5', '4', '3', '2', 'A'))
>>> high_rank(wheel) > high_rank(["Kd", "Kc", "Ks", "Qh", "Jh"])
True
>>> low8_rank(wheel) < low8_rank(["6d", "4c", "3h", "2s", "Ah"])
True
>>> low8_rank(["9d", "9c", "Th", "2s", "Ah", "3d", "4c"]) is None
True
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Sequence
from functools import cache
from itertools import accumulate, combinations

from phevaluator import _pheval

from stud_hh.model.cards import ALL_CARDS, RANKS, SUITS

__all__ = [
    "HIGH_CATEGORIES",
    "board_high_key",
    "board_low_key",
    "bring_in_key_razz",
    "bring_in_key_stud",
    "high_category",
    "high_rank",
    "low8_rank",
    "low27_rank",
    "low_a5_rank",
    "low_cards",
    "suit_order",
]

HIGH_CATEGORIES: tuple[str, ...] = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
)
"""The high-hand categories, worst first."""

# ---------------------------------------------------------------------------
# High hands: phevaluator.
#
# phevaluator numbers the 7,462 distinct five-card high hands 1 (royal flush) to
# 7462 (7-5-4-3-2 offsuit); its card id is rank_index * 4 + suit_index with ranks
# "23456789TJQKA" and suits "cdhs". The public ``evaluate_cards`` converts every
# argument through ``Card.to_id`` and runs at ~240k hands/s here; the native
# functions it wraps (``phevaluator._pheval``, a C extension) give ~500k/s with
# our validation included. ``_pheval`` is not public API: keep phevaluator
# pinned to a tested minor version (the pokerkit cross-check in
# tests/rules/test_evaluate.py catches any change in its numbering).

_PH_DISTINCT_HANDS = 7462
_PH_ID: dict[str, int] = {
    rank + suit: r * 4 + s for r, rank in enumerate(RANKS) for s, suit in enumerate(SUITS)
}
_PH_EVALUATE: dict[int, Callable[..., int]] = {
    5: _pheval.evaluate_5cards,
    6: _pheval.evaluate_6cards,
    7: _pheval.evaluate_7cards,
}
# How many distinct hands each category has, worst category first; the floors
# are the smallest high_rank of each category.
_CATEGORY_SIZES = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)
_CATEGORY_FLOORS: tuple[int, ...] = tuple(accumulate((1, *_CATEGORY_SIZES[:-1])))
assert sum(_CATEGORY_SIZES) == _PH_DISTINCT_HANDS


def high_rank(cards: Sequence[str]) -> int:
    """Strength of the best five-card high hand among 5 to 7 cards.

    A larger value is a better hand, equal values tie; values run from 1
    (7-5-4-3-2 offsuit) to 7462 (royal flush). The wheel A-2-3-4-5 is a straight.

    >>> high_rank(["As", "Ks", "Qs", "Js", "Ts"])
    7462
    >>> high_rank(["7c", "5d", "4h", "3s", "2c"])
    1
    >>> high_rank(["Ah", "2d", "3c", "4s", "5h"]) > high_rank(["Ah", "Ad", "Ac", "Ks", "Qh"])
    True
    >>> high_rank(["Ah", "Kh", "Ad", "Kd", "2c", "2s", "Qh"]) == high_rank(
    ...     ["Ac", "Kc", "As", "Ks", "Qd"])
    True
    """
    try:
        evaluate = _PH_EVALUATE[len(cards)]
        ids = [_PH_ID[card] for card in cards]
    except (KeyError, TypeError):
        raise _invalid(cards, 5, 7) from None
    if len(set(ids)) != len(ids):
        raise _invalid(cards, 5, 7)
    return _PH_DISTINCT_HANDS + 1 - evaluate(*ids)


def high_category(cards: Sequence[str]) -> str:
    """Name of the best high hand's category (one of :data:`HIGH_CATEGORIES`).

    >>> high_category(["Ah", "2d", "3c", "4s", "5h", "5d", "5c"])
    'straight'
    >>> high_category(["Ah", "Ad", "Kc", "Ks", "Qh", "Qd", "2c"])
    'two pair'
    >>> high_category(["9h", "Th", "Jh", "Qh", "Kh", "Ah", "As"])
    'straight flush'
    """
    return HIGH_CATEGORIES[bisect_right(_CATEGORY_FLOORS, high_rank(cards)) - 1]


# ---------------------------------------------------------------------------
# Low hands: rank bitmasks.
#
# Ranks count ace low: A=1, 2=2, ..., T=10, J=11, Q=12, K=13. Each card is one
# bit, ``1 << (16 * suit + rank - 1)``; distinct cards sum to distinct bits, so
# a repeated card shows as fewer set bits than cards. OR-ing the four 16-bit
# suit blocks gives the mask of ranks present. With five or more distinct ranks
# the best low is the five lowest (table _LOW5). Otherwise pairs are forced:
# a rarer, cached path keyed by the count of each rank (_LOW_COUNT: 3 bits per
# rank) picks the least-paired five.
#
# A low value packs a category (0 no pair, 1 pair, 2 two pair, 3 trips,
# 4 full house, 5 quads) above the five ranks as 4-bit digits, most significant
# first (see _grouped). Comparing the ints compares the hands: smaller is better.

_LOW_RANK: dict[str, int] = {rank: "A23456789TJQK".index(rank) + 1 for rank in RANKS}
_LOW_RANK_CHAR: dict[int, str] = {value: rank for rank, value in _LOW_RANK.items()}
_HIGH_RANK: dict[str, int] = {rank: index + 2 for index, rank in enumerate(RANKS)}
_SUIT_ORDER: dict[str, int] = {suit: index for index, suit in enumerate(SUITS)}
_LOW_BIT: dict[str, int] = {
    card: 1 << (16 * _SUIT_ORDER[card[1]] + _LOW_RANK[card[0]] - 1) for card in ALL_CARDS
}
_LOW_COUNT: dict[str, int] = {card: 1 << 3 * (_LOW_RANK[card[0]] - 1) for card in ALL_CARDS}
_RANK_MASK = (1 << 13) - 1
_EIGHT_OR_BETTER_MASK = (1 << 8) - 1  # A..8
_NO_LOW = -1

_PAIR, _TWO_PAIR, _TRIPS, _FULL_HOUSE, _QUADS = 1, 2, 3, 4, 5


def _grouped(ranks: Sequence[int]) -> tuple[int, ...]:
    """``(category, ranks...)``: ranks ordered by how many, then by rank, both descending.

    The category is 0 for no pair, then pair, two pair, trips, full house,
    quads (1 to 5); straights and flushes are not considered. For hands of the
    same size, comparing the tuples compares the hands rank by rank.

    >>> _grouped([1, 9, 9, 13])
    (1, 9, 9, 13, 1)
    """
    counts: dict[int, int] = {}
    for rank in ranks:
        counts[rank] = counts.get(rank, 0) + 1
    order = sorted(counts, key=lambda rank: (counts[rank], rank), reverse=True)
    most = counts[order[0]] if order else 0
    second = counts[order[1]] if len(order) > 1 else 0
    if most == 4:
        category = _QUADS
    elif most == 3:
        category = _FULL_HOUSE if second >= 2 else _TRIPS
    elif most == 2:
        category = _TWO_PAIR if second == 2 else _PAIR
    else:
        category = 0
    return (category, *(rank for rank in order for _ in range(counts[rank])))


def _pack(grouped: tuple[int, ...]) -> int:
    value = 0
    for digit in grouped:
        value = value << 4 | digit
    return value


def _lowest_five(mask: int) -> int:
    """The packed no-pair low of the five lowest ranks in ``mask``, or ``_NO_LOW``."""
    if mask.bit_count() < 5:
        return _NO_LOW
    ranks = [bit + 1 for bit in range(13) if mask >> bit & 1][:5]
    return _pack((0, *reversed(ranks)))


# Indexed by a 13-bit mask of ranks present (bit 0 = ace).
_LOW5: tuple[int, ...] = tuple(_lowest_five(mask) for mask in range(1 << 13))


@cache
def _paired_low(counts_key: int) -> int:
    """Best low of 5-7 cards with fewer than five distinct ranks (pairs forced).

    ``counts_key`` holds how many cards of each rank, 3 bits per rank (ace
    first). Fewest pairs first: one pair (the lowest pairable rank) beats two
    pair (the two lowest pairable ranks) beats trips beats a full house (lowest
    trips) beats quads. Cached: there are only a few thousand such rank sets.
    """
    counts = [0] + [counts_key >> 3 * (rank - 1) & 7 for rank in range(1, 14)]
    present = [rank for rank in range(1, 14) if counts[rank]]
    pairable = [rank for rank in present if counts[rank] >= 2]
    if len(present) == 4:
        chosen = [*present, pairable[0]]
    elif len(present) == 3:
        if len(pairable) >= 2:
            chosen = [*present, *pairable[:2]]
        else:
            chosen = [*present, pairable[0], pairable[0]]
    else:  # two ranks, at least 5 cards: a full house if possible, else quads
        low, high = present
        if counts[low] >= 3 and counts[high] >= 2:
            chosen = [low, low, low, high, high]
        elif counts[high] >= 3 and counts[low] >= 2:
            chosen = [high, high, high, low, low]
        else:
            quads, kicker = (low, high) if counts[low] == 4 else (high, low)
            chosen = [quads] * 4 + [kicker]
    return _pack(_grouped(chosen))


def _low_bits(cards: Sequence[str]) -> int:
    """The card bits of 5 to 7 valid, distinct cards; ValueError otherwise."""
    try:
        bits = sum(map(_LOW_BIT.__getitem__, cards))
    except (KeyError, TypeError):
        raise _invalid(cards, 5, 7) from None
    if bits.bit_count() != len(cards) or not 5 <= len(cards) <= 7:
        raise _invalid(cards, 5, 7)
    return bits


_WHEEL_RANKS = frozenset("A2345")
_WHEEL_STAND_INS = (("Ah", "6d", "4h", "3h", "2h"), ("Ah", "6h", "4h", "3h", "2h"))
"""A-6-4-3-2 offsuit and suited: the hands just above A-5-4-3-2 when aces are only high."""


def _low27_five(five: Sequence[str]) -> int:
    if {card[0] for card in five} == _WHEEL_RANKS:
        # Not a straight in 2-7: ace-high, ranked just below A-6-4-3-2 of the same
        # flushness. phevaluator has no slot for it, hence the doubled scale.
        suited = len({card[1] for card in five}) == 1
        return 2 * high_rank(_WHEEL_STAND_INS[suited]) - 1
    return 2 * high_rank(five)


def low27_rank(cards: Sequence[str]) -> int:
    """Strength of the best 2-7 (deuce-to-seven) low among 5 to 7 cards: **smaller** is better.

    Aces are high only, straights and flushes count against the hand, pairs too;
    the best hand is 7-5-4-3-2 of mixed suits (2-7 razz).

    >>> low27_rank(["7c", "5d", "4h", "3s", "2c", "Kd", "Kh"])
    2
    >>> low27_rank(["6c", "5d", "4h", "3s", "2c"]) > low27_rank(["8c", "6d", "4h", "3s", "2c"])
    True
    >>> wheel = low27_rank(["Ac", "5d", "4h", "3s", "2c"])
    >>> king_high, ace_six = ["Kc", "Qd", "Jh", "9s", "8c"], ["Ac", "6d", "4h", "3s", "2c"]
    >>> low27_rank(king_high) < wheel < low27_rank(ace_six)
    True
    """
    n = len(cards)
    if not 5 <= n <= 7 or len(set(cards)) != n or not ALL_CARDS.issuperset(cards):
        raise _invalid(cards, 5, 7)
    if n == 5:
        return _low27_five(cards)
    return min(_low27_five(five) for five in combinations(cards, 5))


def low_a5_rank(cards: Sequence[str]) -> int:
    """Razz (A-5 lowball) strength of the best five of 5 to 7 cards; smaller is better.

    Ace low, straights and flushes ignored, pairs count against: any hand with
    five distinct ranks beats every paired hand, a pair beats two pair, which
    beats trips, a full house, then quads. Equal values tie.

    >>> wheel = low_a5_rank(["5s", "4s", "3s", "2s", "As"])
    >>> wheel < low_a5_rank(["6d", "4c", "3h", "2s", "Ah"])
    True
    >>> low_a5_rank(["Kd", "Qc", "Jh", "Ts", "9h"]) < low_a5_rank(["Ad", "Ac", "2h", "3s", "4h"])
    True
    >>> low_a5_rank(["Ad", "Ac", "2h", "3s", "4h", "4d"]) == low_a5_rank(
    ...     ["As", "Ah", "2c", "3d", "4s"])
    True
    """
    bits = _low_bits(cards)
    value = _LOW5[(bits | bits >> 16 | bits >> 32 | bits >> 48) & _RANK_MASK]
    if value == _NO_LOW:
        return _paired_low(sum(map(_LOW_COUNT.__getitem__, cards)))
    return value


def low8_rank(cards: Sequence[str]) -> int | None:
    """The 8-or-better low of 5 to 7 cards (smaller is better), or ``None``.

    A qualifying low is five distinct ranks, all 8 or lower, ace low. Values are
    on the same scale as :func:`low_a5_rank`: when a hand qualifies, both agree.

    >>> low8_rank(["8d", "7c", "6h", "4s", "2h", "2d", "Kc"]) == low_a5_rank(
    ...     ["8d", "7c", "6h", "4s", "2h"])
    True
    >>> low8_rank(["8d", "7c", "6h", "6s", "Ah", "9d", "9c"]) is None
    True
    """
    bits = _low_bits(cards)
    value = _LOW5[(bits | bits >> 16 | bits >> 32 | bits >> 48) & _EIGHT_OR_BETTER_MASK]
    return None if value == _NO_LOW else value


def low_cards(cards: Sequence[str], qualifier: int | None) -> tuple[str, ...]:
    """The five ranks of the best low, highest first, as sites print them.

    ``qualifier=None`` gives the razz low (pairs allowed when unavoidable);
    ``qualifier=8`` the 8-or-better low (an empty tuple when none qualifies).
    Any qualifier from 5 (ace low, so 5 is a wheel only) to 13 (king) works.

    >>> low_cards(["7h", "6d", "5c", "3s", "Ah", "Kd", "Kc"], 8)
    ('7', '6', '5', '3', 'A')
    >>> low_cards(["9h", "6d", "5c", "3s", "Kh", "Kd", "Kc"], 8)
    ()
    >>> low_cards(["Ah", "Ad", "2c", "2s", "3h", "3d", "Kc"], None)
    ('K', '3', '2', 'A', 'A')
    """
    if qualifier is not None and (
        isinstance(qualifier, bool) or not isinstance(qualifier, int) or not 5 <= qualifier <= 13
    ):
        raise ValueError(f"qualifier must be None or a rank from 5 to 13, got {qualifier!r}")
    bits = _low_bits(cards)
    ranks = (bits | bits >> 16 | bits >> 32 | bits >> 48) & _RANK_MASK
    if qualifier is None:
        value = _LOW5[ranks]
        if value == _NO_LOW:
            value = _paired_low(sum(map(_LOW_COUNT.__getitem__, cards)))
    else:
        value = _LOW5[ranks & ((1 << qualifier) - 1)]
        if value == _NO_LOW:
            return ()
    digits = sorted((value >> shift & 15 for shift in range(0, 20, 4)), reverse=True)
    return tuple(_LOW_RANK_CHAR[digit] for digit in digits)


# ---------------------------------------------------------------------------
# Exposed boards and the bring-in.


def _board_ranks(up_cards: Sequence[str], rank_of: dict[str, int]) -> list[int]:
    if (
        isinstance(up_cards, str)
        or not 1 <= len(up_cards) <= 5
        or not all(card in ALL_CARDS for card in up_cards)
        or len(set(up_cards)) != len(up_cards)
    ):
        raise _invalid(up_cards, 1, 5)
    return [rank_of[card[0]] for card in up_cards]


def board_high_key(up_cards: Sequence[str]) -> tuple[int, ...]:
    """Rank 1 to 5 exposed cards for stud and stud8: the largest key acts first.

    ``(category, ranks...)`` with category 0 high cards, 1 pair, 2 two pair,
    3 trips, 4 full house (five cards only), 5 quads; the ranks (2 to 14, ace
    high) follow most significant first. Straights, flushes and suits do not
    count. Keys compare correctly between boards with the same number of cards.

    >>> board_high_key(["Kd", "Ks"])
    (1, 13, 13)
    >>> board_high_key(["2c", "2d"]) > board_high_key(["Ah", "Kh"])
    True
    >>> board_high_key(["5c", "5d", "5h", "2s"]) > board_high_key(["Ac", "Ad", "Kh", "Ks"])
    True
    >>> board_high_key(["Ah", "Kh", "Qh", "Jh"]) < board_high_key(["Ad", "Kc", "Qh", "Js"])
    False
    """
    return _grouped(_board_ranks(up_cards, _HIGH_RANK))


def board_low_key(up_cards: Sequence[str]) -> tuple[int, ...]:
    """Rank 1 to 5 exposed cards for razz: the smallest key (best low) acts first.

    ``(category, ranks...)`` like :func:`board_high_key` but with ranks ace low
    (A=1 ... K=13); every unpaired board beats every paired one. Keys compare
    correctly between boards with the same number of cards.

    >>> board_low_key(["Kd", "Qs"]) < board_low_key(["2c", "2d"])
    True
    >>> board_low_key(["7c", "4d", "3h"]) < board_low_key(["7s", "5d", "Ah"])
    True
    >>> board_low_key(["Ac", "5d"])
    (0, 5, 1)
    """
    return _grouped(_board_ranks(up_cards, _LOW_RANK))


def _one_card(card: str) -> str:
    if not isinstance(card, str) or card not in ALL_CARDS:
        raise ValueError(f"not a card: {card!r}")
    return card


def suit_order(card: str) -> int:
    """The suit's rank for tie-breaks: clubs 0, diamonds 1, hearts 2, spades 3.

    >>> [suit_order(card) for card in ("2c", "2d", "2h", "2s")]
    [0, 1, 2, 3]
    """
    return _SUIT_ORDER[_one_card(card)[1]]


def bring_in_key_stud(door: str) -> tuple[int, int]:
    """Stud and stud8 bring-in order: the player whose door card has the LOWEST key brings in.

    ``(rank, suit)`` with ranks 2 to 14 (ace high) and suits clubs < diamonds <
    hearts < spades, so the lowest card brings in, the lowest suit on a tie.

    >>> doors = ["2h", "Ac", "2c", "2s"]
    >>> min(doors, key=bring_in_key_stud)
    '2c'
    >>> bring_in_key_stud("As")
    (14, 3)
    """
    card = _one_card(door)
    return (_HIGH_RANK[card[0]], _SUIT_ORDER[card[1]])


def bring_in_key_razz(door: str) -> tuple[int, int]:
    """Razz bring-in order: the player whose door card has the LOWEST key brings in.

    ``(13 - rank, 3 - suit)`` with ranks ace low (A=1 ... K=13), so the highest
    card brings in (a king is highest, an ace lowest), the highest suit
    (spades) on a tie.

    >>> doors = ["Kc", "Ah", "Ks", "Qs"]
    >>> min(doors, key=bring_in_key_razz)
    'Ks'
    >>> bring_in_key_razz("Ks"), bring_in_key_razz("Ac")
    ((0, 0), (12, 3))
    """
    card = _one_card(door)
    return (13 - _LOW_RANK[card[0]], 3 - _SUIT_ORDER[card[1]])


# ---------------------------------------------------------------------------
# Errors.


def _invalid(cards: object, fewest: int, most: int) -> ValueError:
    """Describe what is wrong with ``cards`` (called only once something is)."""
    if isinstance(cards, str):
        return ValueError(f"expected a sequence of cards such as ['Ah', 'Kd'], got {cards!r}")
    if not isinstance(cards, Sequence):
        return ValueError(f"expected a sequence of cards, got {cards!r}")
    items = tuple(cards)
    for card in items:
        if not isinstance(card, str) or card not in ALL_CARDS:
            return ValueError(f"not a card: {card!r} in {items!r}")
    if not fewest <= len(items) <= most:
        return ValueError(f"expected {fewest} to {most} cards, got {len(items)}: {items!r}")
    seen: set[str] = set()
    for card in items:
        if card in seen:
            return ValueError(f"card {card!r} appears twice in {items!r}")
        seen.add(card)
    return ValueError(f"invalid cards: {items!r}")
