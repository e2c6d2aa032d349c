"""Promise: equity is counted exactly as the rules settle a showdown.

An independent brute force (every set of cards to come dealt out in another order, each
showdown judged by pokerkit's hand classes, shares added as fractions) agrees exactly
with :func:`stud_hh.equity.equity` on thousands of random deals per game (300 random
spots, half of them with a card to come: some 6,000 showdowns): stud, stud
hi/lo (half pots, no-low deals, quartering ties), razz and 2-7 razz, with dead cards.
Sampling above the exact limit is seeded and lands within four standard errors.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from typing import Any

import pytest

from stud_hh.equity import EquityError, equity
from stud_hh.model.cards import ALL_CARDS

pk = pytest.importorskip("pokerkit", reason="pokerkit (a test-only dependency) is the oracle")

DECK = sorted(ALL_CARDS)


def judge(game: str, hands: Sequence[Sequence[str]]) -> list[Fraction]:
    """Each player's share of one showdown, by pokerkit's hand order."""
    text = ["".join(h) for h in hands]
    n = len(hands)

    def best(cls: Any, allowed: list[int]) -> list[int]:
        scored = {}
        for i in allowed:
            try:
                scored[i] = cls.from_game(text[i])
            except ValueError:  # no such hand (no 8-or-better low)
                continue
        if not scored:
            return []
        top = max(scored.values())
        return [i for i, h in scored.items() if h == top]

    everyone = list(range(n))
    shares = [Fraction(0)] * n
    if game == "stud8":
        high, low = best(pk.StandardHighHand, everyone), best(pk.EightOrBetterLowHand, everyone)
        halves = [(high, Fraction(1, 2)), (low, Fraction(1, 2))] if low else [(high, Fraction(1))]
    else:
        cls = {"stud": pk.StandardHighHand, "razz": pk.RegularLowHand,
               "razz27": pk.StandardLowHand}[game]
        halves = [(best(cls, everyone), Fraction(1))]
    for winners, part in halves:
        for i in winners:
            shares[i] += part / len(winners)
    return shares


def brute_force(game: str, known: list[list[str]], dead: list[str], size: int = 7
                ) -> list[Fraction]:
    """Every set of cards to come, dealt to the players in every order it can be."""
    unseen = [c for c in DECK if c not in {*dead, *(c for h in known for c in h)}]
    needs = [size - len(h) for h in known]
    totals = [Fraction(0)] * len(known)
    deals = 0
    for cards in combinations(unseen, sum(needs)):
        for split in _splits(list(cards), needs):
            hands = [h + s for h, s in zip(known, split, strict=True)]
            for i, share in enumerate(judge(game, hands)):
                totals[i] += share
            deals += 1
    return [t / deals for t in totals]


def _splits(cards: list[str], needs: list[int]) -> list[list[list[str]]]:
    """Every way to give each player their number of ``cards`` (order within a hand aside)."""
    if not needs:
        return [[]]
    out = []
    for mine in combinations(cards, needs[0]):
        rest = [c for c in cards if c not in mine]
        out += [[list(mine), *others] for others in _splits(rest, needs[1:])]
    return out


def random_case(draw: random.Random, to_come: int, size: int = 7
                ) -> tuple[list[list[str]], list[str]]:
    players = draw.randint(2, 4)
    deck = DECK.copy()
    draw.shuffle(deck)
    known = []
    left = to_come
    for _ in range(players):
        need = draw.randint(0, left) if left else 0
        left -= need
        known.append([deck.pop() for _ in range(size - need)])
    dead = [deck.pop() for _ in range(draw.randint(0, 6))]
    return known, dead


@pytest.mark.parametrize(("game", "cases"), [("stud", 300), ("stud8", 300), ("razz", 300),
                                             ("razz27", 80)])
def test_equity_agrees_exactly_with_an_independent_brute_force(game: str, cases: int) -> None:
    draw = random.Random(f"equity-{game}")
    showdowns = 0
    for case in range(cases):
        known, dead = random_case(draw, 0 if case % 2 else 1)
        result = equity(known, game, dead)
        assert result.exact
        showdowns += result.deals
        wanted = brute_force(game, known, dead)
        assert [s.exact for s in result.shares] == wanted, (game, known, dead)
    assert showdowns > 10 * cases


@pytest.mark.parametrize("game", ["stud", "stud8", "razz"])
def test_equity_with_several_cards_to_come(game: str) -> None:
    draw = random.Random(f"more-{game}")
    for _ in range(5):
        known, dead = random_case(draw, 2)
        wanted = brute_force(game, known, dead)
        assert [s.exact for s in equity(known, game, dead).shares] == wanted


def test_five_card_stud() -> None:
    draw = random.Random("five")
    for case in range(200):
        known, dead = random_case(draw, case % 2, size=5)
        wanted = brute_force("stud", known, dead, size=5)
        assert [s.exact for s in equity(known, "five_stud", dead).shares] == wanted


def test_stud8_halves_scoops_and_no_low() -> None:
    # a made low against a made high, one card to come: every part adds up
    result = equity([["As", "2d", "3c", "4h", "5s", "Kd"], ["Kc", "Kh", "Ks", "Qd", "Qh", "9c"]],
                    "stud8")
    low, high = result.shares
    assert low.low == Fraction(1, 2)  # the wheel's low is made: half the pot, always
    assert low.high + low.low == low.exact
    assert sum(s.exact for s in result.shares) == 1
    assert result.no_low == 0
    assert high.scoop == 0


def test_a_common_card_when_the_deck_runs_out() -> None:
    deck = DECK.copy()
    random.Random(8).shuffle(deck)
    known = [[deck.pop() for _ in range(6)] for _ in range(8)]  # 48 cards out, 4 left
    result = equity(known, "stud")
    assert result.possible == 4
    assert result.exact
    brute = [Fraction(0)] * 8
    for card in deck:
        for i, share in enumerate(judge("stud", [[*h, card] for h in known])):
            brute[i] += share / 4
    assert [s.exact for s in result.shares] == brute


def test_sampling_above_the_limit_is_seeded_and_close() -> None:
    known = [["As", "Ad", "Kc", "7d", "2h", "9c"], ["9s", "9h", "2d", "Qh", "Jc", "3s"],
             ["Tc", "Jd", "Qs", "Kh", "4c", "5d"]]
    truth = equity(known, "stud")
    assert truth.exact
    assert truth.deals == truth.possible == 34 * 33 * 32
    first = equity(known, "stud", exact_limit=1000, samples=20_000, seed=3)
    again = equity(known, "stud", exact_limit=1000, samples=20_000, seed=3)
    assert not first.exact
    assert first.deals == 20_000
    assert first == again
    for sampled, exact in zip(first.shares, truth.shares, strict=True):
        spread = (exact.equity * (1 - exact.equity) / 20_000) ** 0.5
        assert abs(sampled.equity - exact.equity) < 4 * spread + 1e-9


def test_kept_draws_stay_within_their_bytes_and_give_the_same_equity(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The positions deals are drawn at are kept as bytes for later hands, the oldest let
    go past the budget: an equity is the same whether its draws were kept, let go or
    never kept."""
    from stud_hh import equity as module

    spots = [([["As", "Ad", "Kc"], ["9s", "9h", "9d"]], []),
             ([["As", "Ad", "Kc", "Qd"], ["9s", "9h", "9d", "3c"]], ["2c", "5h"]),
             ([["As", "Kd", "7c"], ["9s", "8h", "2d"], ["Tc", "Jh", "4s"]], ["3d"])]
    fresh = [equity(h, "stud", d, exact_limit=0, samples=2_000, seed=0) for h, d in spots]
    budget = 2_000 * 8 + 2_000 * 6  # the first two spots' draws (8 and 6 cards to come)
    monkeypatch.setattr(module, "_KEPT_BYTES", budget)
    monkeypatch.setattr(module, "_BYTES", module._BytesKept())
    module._seeded_draws.cache_clear()
    for _ in range(2):
        for (hands, dead), before in zip(spots, fresh, strict=True):
            module._seeded_draws.cache_clear()  # through the kept bytes each time
            assert equity(hands, "stud", dead, exact_limit=0, samples=2_000, seed=0) == before
            assert module._BYTES.size <= budget
            assert module._BYTES.size == sum(p.size for drawn in module._BYTES.kept.values()
                                             for p in drawn)
    assert len(module._BYTES.kept) == 1  # the third spot's 24,000 bytes let the others go
    module._seeded_draws.cache_clear()


@pytest.mark.parametrize(("hands", "dead", "match"), [
    ([["As", "Kd"], ["As", "Qc"]], [], "dealt twice: As"),
    ([["As", "Kd"], ["Qc", "Zz"]], [], "not a card: 'Zz'"),
    ([["As", "Kd"]], [], "at least two players"),
    ([["As", "Kd", "Qc", "Jd", "Th", "9s", "8c", "7d"], ["2c"]], [], "more than the 7 cards"),
    ([["As"], ["Kd"]], ["Ks"], None),
])
def test_cards_that_cannot_be_dealt_are_named(hands: list[list[str]], dead: list[str],
                                              match: str | None) -> None:
    if match is None:
        assert equity(hands, "stud", dead, exact_limit=0, samples=10).deals == 10
        return
    with pytest.raises(EquityError, match=match):
        equity(hands, "stud", dead)


def test_an_unknown_game_is_named() -> None:
    with pytest.raises(EquityError, match="no game 'holdem'"):
        equity([["As"], ["Kd"]], "holdem")


def _deal_by_deal(game: str, known: list[list[str]], dead: list[str]) -> Any:
    """The count of the module's first, deal-by-deal path (every deal dealt out in Python
    and settled by ``_award``), for the numpy counts to be held to, field for field."""
    from stud_hh import equity as eq
    from stud_hh.rules.games import GAMES

    rules = GAMES[eq._game(game)]
    hands = [tuple(h) for h in known]
    unseen = eq._unseen(hands, tuple(dead), eq._cards(rules.game))
    needs = [eq._cards(rules.game) - len(h) for h in hands]
    score = eq._scorer(rules.ranking)
    totals = eq._Totals(len(hands))
    for completion in eq._every_deal(unseen, needs, False):
        scores = [score(h + c) for h, c in zip(hands, completion, strict=True)]
        totals.add(eq._award([h for h, _ in scores], [lo for _, lo in scores]))
    return totals.result(rules.game, hands, tuple(dead), totals.deals, True)


@pytest.mark.parametrize("game", ["stud", "stud8", "razz", "five_stud"])
def test_the_numpy_counts_equal_the_deal_by_deal_count_in_every_field(game: str) -> None:
    """Shares, high and low parts, scoops and no-low deals: heads-up (the matrix count)
    and three- and four-way (the joined count), up to three cards to come in all."""
    draw = random.Random(f"numpy-{game}")
    size = 5 if game == "five_stud" else 7
    for case in range(30):
        known, dead = random_case(draw, 1 + case % 3, size)
        if case % 3 == 0:  # heads-up: two cards to come and one
            deck = [c for c in DECK if c not in dead]
            draw.shuffle(deck)
            known = [deck[:size - 2], deck[size - 2:2 * size - 3]]
        assert equity(known, game, dead) == _deal_by_deal(game, known, dead), (known, dead)


@pytest.mark.parametrize("game", ["stud8", "razz"])
def test_sampling_lands_near_the_exact_parts(game: str) -> None:
    known = [["As", "2d", "3c", "Kd"], ["4s", "5d", "Kc", "Kh"]]
    truth = equity(known, game)
    sampled = equity(known, game, exact_limit=0, samples=40_000, seed=11)
    assert not sampled.exact
    assert sampled == equity(known, game, exact_limit=0, samples=40_000, seed=11)
    for part in ("exact", "high", "low", "scoop"):
        for got, want in zip(sampled.shares, truth.shares, strict=True):
            p = float(getattr(want, part))
            assert abs(float(getattr(got, part)) - p) < 4 * (p * (1 - p) / 40_000) ** 0.5 + 1e-9


@pytest.mark.parametrize("game", ["stud", "stud8", "razz", "five_stud"])
@pytest.mark.parametrize("path", ["pairs less shared cards", "cards grouped alike"])
def test_each_way_of_counting_equals_the_deal_by_deal_count(
        game: str, path: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The counts an import reaches only with many deals (heads-up, two cards each: every
    pair less the pairs sharing a card, settled or, with one part to win, sorted; three
    or four players, a card each: the cards grouped by what they give), made to run on
    small decks (many cards dead)."""
    from stud_hh import equity as eq

    if not eq.__file__.endswith(".py"):
        pytest.skip("compiled, the module's limits and functions cannot be replaced")
    used: list[object] = []
    monkeypatch.setattr(eq, "_FEW_DEALS", 0)
    names = (["_heads_up_many", "_heads_up_one_part"] if path == "pairs less shared cards"
             else ["_alike"])
    for name in names:
        way = getattr(eq, name)
        monkeypatch.setattr(eq, name, lambda *args, way=way: used.append(way(*args)) or used[-1])
    draw = random.Random(f"paths-{game}-{path}")
    size = 5 if game == "five_stud" else 7
    for case in range(12):
        deck = DECK.copy()
        draw.shuffle(deck)
        if path == "pairs less shared cards":
            needs = [2, 2] if case % 3 else [2, 1]
        else:
            needs = [1] * (3 + case % 2)
        known = [[deck.pop() for _ in range(size - need)] for need in needs]
        dead = [deck.pop() for _ in range(len(deck) - draw.randint(8, 14))]
        assert equity(known, game, dead) == _deal_by_deal(game, known, dead), (known, dead)
    assert sum(1 for counted in used if counted is not False) >= 4
