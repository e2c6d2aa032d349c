"""Hand names as players say them: ``a full house, Fives full of Aces``, ``8-6-4-2-A``.

:func:`describe_high` names the best high hand the way PokerStars prints it (the
exporter writes it into show lines; the replayer pages print it at the showdown);
:func:`low_name` names the best low of a razz, 2-7 razz or 8-or-better hand;
:func:`hand_names` gives both halves a game's ranking plays.

>>> hand_names(Ranking.HIGH_LOW_8, ["Ah", "2d", "3c", "4s", "5h", "Kd", "Kc"])
('a straight, Ace to Five', '5-4-3-2-A')
>>> hand_names(Ranking.HIGH_LOW_8, ["Ah", "Ad", "Kc", "Ks", "Qh", "9d", "9c"])
('two pair, Aces and Kings', 'no low')
>>> hand_names(Ranking.LOW_A5, ["Ah", "2d", "3c", "8s", "6h", "Kd", "Kc"])
(None, '8-6-3-2-A')
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from stud_hh.rules.evaluate import high_category, low27_rank, low_cards
from stud_hh.rules.games import Ranking

__all__ = ["describe_high", "hand_names", "low_name"]

_NAMES = {"2": "Deuce", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven",
          "8": "Eight", "9": "Nine", "T": "Ten", "J": "Jack", "Q": "Queen", "K": "King",
          "A": "Ace"}
_PLURAL = {rank: ("Sixes" if rank == "6" else name + "s") for rank, name in _NAMES.items()}
_ORDER = "23456789TJQKA"
_VALUE = {rank: index for index, rank in enumerate(_ORDER, start=2)}


def _straight_top(values: set[int]) -> int | None:
    """The top card value of the best straight among ``values`` (ace plays low too)."""
    if 14 in values:
        values = values | {1}
    for top in range(14, 4, -1):
        if all(v in values for v in range(top - 4, top + 1)):
            return top
    return None


def _rank_char(value: int) -> str:
    return _ORDER[(value - 2) % 13] if value >= 2 else "A"


def describe_high(cards: Sequence[str]) -> str:
    """The best high hand as PokerStars names it.

    >>> describe_high(["Ts", "Js", "Qs", "Ks", "As", "2c", "2d"])
    'a Royal Flush'
    >>> describe_high(["5c", "5d", "5h", "Ac", "Ad", "2c", "7s"])
    'a full house, Fives full of Aces'
    """
    category = high_category(cards)
    counts: dict[str, int] = {}
    for card in cards:
        counts[card[0]] = counts.get(card[0], 0) + 1
    by_count = sorted(counts, key=lambda r: (counts[r], _VALUE[r]), reverse=True)
    if category in ("straight flush", "flush"):
        suits: dict[str, list[int]] = {}
        for card in cards:
            suits.setdefault(card[1], []).append(_VALUE[card[0]])
        suited = max(suits.values(), key=len)
        if category == "flush":
            return f"a flush, {_NAMES[_rank_char(max(suited))]} high"
        top = _straight_top(set(suited))
        assert top is not None
        if top == 14:
            return "a Royal Flush"
        return (f"a straight flush, {_NAMES[_rank_char(top - 4)]} to "
                f"{_NAMES[_rank_char(top)]}")
    if category == "straight":
        top = _straight_top({_VALUE[c[0]] for c in cards})
        assert top is not None
        return f"a straight, {_NAMES[_rank_char(top - 4)]} to {_NAMES[_rank_char(top)]}"
    first = by_count[0]
    if category == "four of a kind":
        return f"four of a kind, {_PLURAL[first]}"
    if category == "full house":
        pair = max((r for r in counts if r != first and counts[r] >= 2), key=_VALUE.__getitem__)
        return f"a full house, {_PLURAL[first]} full of {_PLURAL[pair]}"
    if category == "three of a kind":
        return f"three of a kind, {_PLURAL[first]}"
    if category == "two pair":
        return f"two pair, {_PLURAL[by_count[0]]} and {_PLURAL[by_count[1]]}"
    if category == "pair":
        return f"a pair of {_PLURAL[first]}"
    return f"high card {_NAMES[max(counts, key=_VALUE.__getitem__)]}"


def low_name(ranking: Ranking, cards: Sequence[str]) -> str:
    """The best low of 5 to 7 cards under ``ranking``, highest rank first (``8-6-4-2-A``);
    ``no low`` when an 8-or-better low does not qualify.

    >>> low_name(Ranking.LOW_27, ["7c", "5d", "4h", "3s", "2c", "Kd", "Kh"])
    '7-5-4-3-2'
    >>> low_name(Ranking.LOW_A5, ["Ah", "Ad", "2c", "2s", "3h", "3d", "Kc"])
    'K-3-2-A-A'
    """
    if ranking is Ranking.LOW_27:
        best = min(combinations(cards, 5), key=low27_rank)
        ranks = sorted((card[0] for card in best), key=_VALUE.__getitem__, reverse=True)
    else:
        ranks = list(low_cards(cards, 8 if ranking is Ranking.HIGH_LOW_8 else None))
    return "-".join(ranks) if ranks else "no low"


def hand_names(ranking: Ranking, cards: Sequence[str]) -> tuple[str | None, str | None]:
    """``(high name, low name)`` of 5 to 7 cards: the halves ``ranking`` plays, ``None`` for
    the half it does not (razz has no high, stud no low). Raises ``ValueError`` for cards
    the evaluator refuses (too few, repeated)."""
    high = None if ranking in (Ranking.LOW_A5, Ranking.LOW_27) else describe_high(cards)
    low = None if ranking is Ranking.HIGH else low_name(ranking, cards)
    return high, low
