"""Pots, winners and shares: the one place they are made.

Pure functions over plain values (names, chip totals, cards), used by the replayer
to check a history, by the simulator to pay its hands and by the PHH reader to award
pots its format does not print. Nothing here knows about events or lines.

* :func:`side_pots`: the main pot and each side pot, with who may win each;
* :func:`best_hands`: the high and the low winners among shown hands;
* :func:`halves`: a pot split between high and low, the odd chip to the profile's half;
* :func:`highest_card`: the odd chip's order among tied players (highest card, then suit);
* :func:`split_shares`, :func:`award`: every winner's chips from one pot;
* :func:`shares`: a total split in proportion to weights (the rake per winner).
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import TypeVar

from stud_hh.rules.evaluate import bring_in_key_stud, high_rank, low8_rank, low27_rank, low_a5_rank
from stud_hh.rules.games import PotHalf, Ranking

K = TypeVar("K")

Winners = tuple[tuple[str, ...], tuple[str, ...]]
"""(high winners, low winners) of one pot; the low is empty when no low wins."""


def side_pots(totals: Mapping[str, int], live: Sequence[str], all_in: Collection[str]
              ) -> list[tuple[int, list[str]]]:
    """(amount, eligible players) for the main pot and each side pot.

    ``totals`` is what every player put in (folded players too, uncalled bets taken
    back); ``live`` the players still in, in seat order; ``all_in`` those of them who
    are all-in. A level no live player reaches (chips of folded players above every
    live total) joins the main pot. Only an all-in caps what a player may win: a live
    player with chips left who put in less than the others (after a fault of the
    history, never in a sound hand) still contends for every pot.

    >>> side_pots({"a": 10, "b": 30, "c": 30, "d": 5}, ["a", "b", "c"], {"a"})
    [(35, ['a', 'b', 'c']), (40, ['b', 'c'])]
    >>> side_pots({"a": 10, "b": 10}, ["a", "b"], set())
    [(20, ['a', 'b'])]
    >>> side_pots({"a": 8, "b": 10}, ["a", "b"], set())
    [(18, ['a', 'b'])]
    """
    levels = sorted({totals[p] for p in live if p in all_in}
                    | {max((totals[p] for p in live), default=0)})
    pots: list[tuple[int, list[str]]] = []
    below = 0
    for level in levels:
        amount = sum(min(t, level) - min(t, below) for t in totals.values())
        eligible = [p for p in live if totals[p] >= level or p not in all_in]
        if amount > 0:
            if pots and eligible == pots[-1][1]:
                pots[-1] = (pots[-1][0] + amount, eligible)
            else:
                pots.append((amount, eligible))
        below = level
    leftover = sum(totals.values()) - sum(a for a, _ in pots)
    if leftover and pots:
        pots[0] = (pots[0][0] + leftover, pots[0][1])
    return pots


def best_hands(ranking: Ranking, hands: Mapping[str, Sequence[str]]) -> Winners:
    """The winners among ``hands`` (player -> every card) under ``ranking``: ties share.

    Raises ``ValueError`` for cards the evaluator refuses (a card repeated).

    >>> best_hands(Ranking.HIGH, {"a": ["As", "Ad", "2c", "3h", "7s"],
    ...                           "b": ["Ks", "Kd", "2d", "3c", "7d"]})
    (('a',), ())
    >>> best_hands(Ranking.HIGH_LOW_8, {"a": ["As", "2d", "3c", "4h", "5s", "Kd", "Kc"],
    ...                                 "b": ["Qs", "Qd", "Qc", "9h", "9s", "Td", "Jc"]})
    (('b',), ('a',))
    """
    if ranking is Ranking.LOW_A5 or ranking is Ranking.LOW_27:
        rank = low_a5_rank if ranking is Ranking.LOW_A5 else low27_rank
        lowest = {p: rank(c) for p, c in hands.items()}
        best = min(lowest.values())
        return (tuple(p for p, r in lowest.items() if r == best), ())
    highs = {p: high_rank(c) for p, c in hands.items()}
    best_high = max(highs.values())
    high = tuple(p for p, r in highs.items() if r == best_high)
    if ranking is not Ranking.HIGH_LOW_8:
        return (high, ())
    lows = {p: low8_rank(c) for p, c in hands.items()}
    qualified = [r for r in lows.values() if r is not None]
    if not qualified:
        return (high, ())
    best_low = min(qualified)
    return (high, tuple(p for p, r in lows.items() if r == best_low))


def halves(amount: int, winners: Winners, odd_half: PotHalf = PotHalf.HIGH
           ) -> list[tuple[tuple[str, ...], int]]:
    """A pot's chips per half: all to the high without a low winner, else split, the odd
    chip to ``odd_half``.

    >>> halves(11, (("a",), ("b",)))
    [(('a',), 6), (('b',), 5)]
    >>> halves(11, (("a",), ("b",)), PotHalf.LOW)
    [(('a',), 5), (('b',), 6)]
    >>> halves(11, (("a",), ()))
    [(('a',), 11)]
    """
    high, low = winners
    if not low:
        return [(high, amount)]
    if odd_half is PotHalf.HIGH:
        return [(high, amount - amount // 2), (low, amount // 2)]
    return [(high, amount // 2), (low, amount - amount // 2)]


def highest_card(cards: Iterable[str | None]) -> tuple[int, int]:
    """A player's highest card as (rank, suit), for the odd chip among tied players;
    ``(-1, -1)`` with no card known.

    >>> highest_card(["Kh", "Ks", None, "2c"]) > highest_card(["Kd", "Qs"])
    True
    >>> highest_card([None])
    (-1, -1)
    """
    return max((bring_in_key_stud(c) for c in cards if c is not None), default=(-1, -1))


def split_shares(amount: int, winners: Winners, cards: Mapping[str, Iterable[str | None]],
                 odd_half: PotHalf = PotHalf.HIGH) -> list[tuple[str, int]]:
    """(player, chips) for each half of one pot and each of its winners, in the order the
    odd chips go (the high half first): a player who wins both halves is listed twice.

    >>> split_shares(11, (("a",), ("a", "b")), {"a": ["As"], "b": ["Ks"]})
    [('a', 6), ('a', 3), ('b', 2)]
    """
    out: list[tuple[str, int]] = []
    for players, half in halves(amount, winners, odd_half):
        base, odd = divmod(half, len(players))
        ordered = sorted(players, key=lambda p: highest_card(cards.get(p, ())), reverse=True)
        out.extend((p, base + (1 if i < odd else 0)) for i, p in enumerate(ordered))
    return out


def award(amount: int, winners: Winners, cards: Mapping[str, Iterable[str | None]],
          odd_half: PotHalf = PotHalf.HIGH) -> dict[str, int]:
    """Every winner's chips from one pot of ``amount``: halves for high and low, equal
    shares for ties, each odd chip to the tied player with the highest card.

    >>> award(10, (("a", "b"), ("c",)), {"a": ["As"], "b": ["Ks"], "c": ["2c"]})
    {'a': 3, 'b': 2, 'c': 5}
    >>> award(7, (("a", "b"), ()), {"a": ["2s"], "b": ["2h"]})
    {'a': 4, 'b': 3}
    """
    won: dict[str, int] = {}
    for player, chips in split_shares(amount, winners, cards, odd_half):
        won[player] = won.get(player, 0) + chips
    return won


def shares(total: int, weights: Mapping[K, int]) -> dict[K, int]:
    """Split ``total`` in proportion to ``weights`` (largest remainders get the odd units).

    >>> shares(10, {"a": 1, "b": 2})
    {'a': 3, 'b': 7}
    >>> shares(5, {"a": 0})
    {'a': 0}
    >>> shares(3, {0: 10, 1: 10, 2: 10, 3: 1})
    {0: 1, 1: 1, 2: 1, 3: 0}
    """
    weight = sum(weights.values())
    if not total or not weight:
        return dict.fromkeys(weights, 0)
    raw = {name: total * w // weight for name, w in weights.items()}
    rest = total - sum(raw.values())
    by_remainder = sorted(weights, key=lambda n: -(total * weights[n] % weight))
    for name in by_remainder[:rest]:
        raw[name] += 1
    return raw
