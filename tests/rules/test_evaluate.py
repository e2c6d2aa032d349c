"""Tests for :mod:`stud_hh.rules.evaluate`.

Three layers: hand-picked cases with known answers, properties that tie the
functions to each other, and pokerkit as an independent oracle for the order of
hands: high (100,000 uniformly random 7-card hands, plus sets rich in pairs and
in flushes, plus 40,000 hands of 5 and 6 cards), A-5 low and 8-or-better low
(the same 100,000, the pairs-rich and the 5- and 6-card sets, and 130,000
7-card hands of ranks ace to nine, so that over 100,000 hands qualify for
8-or-better). The seed is fixed. pokerkit is a test-only dependency: without
it only the oracle tests skip.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import pytest

from stud_hh.model.cards import RANKS, SUITS
from stud_hh.rules.evaluate import (
    HIGH_CATEGORIES,
    board_high_key,
    board_low_key,
    bring_in_key_razz,
    bring_in_key_stud,
    high_category,
    high_rank,
    low8_rank,
    low27_rank,
    low_a5_rank,
    low_cards,
    suit_order,
)

DECK = tuple(rank + suit for rank in RANKS for suit in SUITS)
SEED = 20240611


def cards(text: str) -> list[str]:
    return text.split()


def deal(count: int, size: int, seed: int, deck: Sequence[str] = DECK) -> list[tuple[str, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(deck, size)) for _ in range(count)]


def assert_same_order(
    hands: Sequence[Sequence[str]], ours: Sequence[Hashable], theirs: Sequence[Hashable]
) -> None:
    """``ours`` and ``theirs`` (strengths, larger is stronger) order ``hands`` alike.

    Same weak order means: equal on one side exactly when equal on the other,
    and where they differ, the same hand is stronger on both sides.
    """
    assert len(hands) == len(ours) == len(theirs)
    ours_of: dict[Any, tuple[Any, Sequence[str]]] = {}
    theirs_of: dict[Any, tuple[Any, Sequence[str]]] = {}
    for hand, mine, other in zip(hands, ours, theirs, strict=True):
        seen_mine, seen_hand = ours_of.setdefault(other, (mine, hand))
        assert seen_mine == mine, f"oracle ties {hand} and {seen_hand}, we do not"
        seen_other, seen_hand = theirs_of.setdefault(mine, (other, hand))
        assert seen_other == other, f"we tie {hand} and {seen_hand}, the oracle does not"
    ranked = sorted(ours_of.items())
    for (_, (weaker, weak_hand)), (_, (stronger, strong_hand)) in itertools.pairwise(ranked):
        assert weaker < stronger, f"oracle ranks {strong_hand} above {weak_hand}, we do not"


# --------------------------------------------------------------------------
# High hands


@pytest.mark.parametrize(
    ("hand", "category"),
    [
        ("Ah Kd 9c 7s 3h", "high card"),
        ("Ah Kd 9c 7s 3h 2d 4c", "high card"),
        ("Ah Ad 9c 7s 3h 2d 4c", "pair"),
        ("Ah Ad 9c 9s 3h 3d 4c", "two pair"),
        ("Ah Ad Ac 9s 3h 2d 4c", "three of a kind"),
        ("Ah 2d 3c 4s 5h", "straight"),
        ("Ah 2d 3c 4s 5h 5d 5c", "straight"),
        ("Th Jd Qc Ks Ah", "straight"),
        ("Ah 9h 7h 5h 3h Ad Ac", "flush"),
        ("Ah Ad Ac Ks Kh Kd 2c", "full house"),
        ("Ah Ad Ac As Kh Kd Kc", "four of a kind"),
        ("Ah 2h 3h 4h 5h", "straight flush"),
        ("9s Ts Js Qs Ks As Ah", "straight flush"),
    ],
)
def test_high_category(hand: str, category: str) -> None:
    assert high_category(cards(hand)) == category


@pytest.mark.parametrize(
    ("hand", "rank"),
    [
        ("7c 5d 4h 3s 2c", 1),  # worst hand of all
        ("Ac Kd Qh Js 9c", 1277),  # best high card
        ("2c 2d 5h 4s 3c", 1278),  # worst pair
        ("5c 4d 3h 2s Ac", 5854),  # the wheel is the lowest straight
        ("Ts Js Qs Ks As", 7462),  # royal flush
    ],
)
def test_high_rank_category_boundaries(hand: str, rank: int) -> None:
    assert high_rank(cards(hand)) == rank


def test_every_category_boundary_matches_its_neighbour() -> None:
    # Best and worst hand of each category, in order: each worst is one above the previous best.
    worst_and_best = [
        ("7c 5d 4h 3s 2c", "Ac Kd Qh Js 9c"),
        ("2c 2d 5h 4s 3c", "Ac Ad Kh Qs Jc"),
        ("3c 3d 2h 2s 4c", "Ac Ad Kh Ks Qc"),
        ("2c 2d 2h 4s 3c", "Ac Ad Ah Ks Qc"),
        ("5c 4d 3h 2s Ac", "Tc Jd Qh Ks Ac"),
        ("7c 5c 4c 3c 2c", "Ac Kc Qc Jc 9c"),
        ("2c 2d 2h 3s 3c", "Ac Ad Ah Ks Kc"),
        ("2c 2d 2h 2s 3c", "Ac Ad Ah As Kc"),
        ("5c 4c 3c 2c Ac", "Tc Jc Qc Kc Ac"),
    ]
    previous_best = 0
    for category, (worst, best) in zip(HIGH_CATEGORIES, worst_and_best, strict=True):
        assert high_rank(cards(worst)) == previous_best + 1, category
        assert high_category(cards(worst)) == high_category(cards(best)) == category
        previous_best = high_rank(cards(best))
    assert previous_best == 7462


def test_wheel_is_a_straight_below_six_high() -> None:
    wheel = high_rank(cards("Ah 2d 3c 4s 5h"))
    assert high_rank(cards("Ah Ad Ac Ks Qh")) < wheel < high_rank(cards("2d 3c 4s 5h 6h"))


def test_high_rank_picks_the_best_five() -> None:
    assert high_rank(cards("Ah Ad Kc Ks Qh Qd 2c")) == high_rank(cards("As Ac Kd Kh Qs"))
    assert high_rank(cards("Ah Kh 9h 7h 5h 3h 2h")) == high_rank(cards("As Ks 9s 7s 5s"))
    assert high_rank(cards("Ah Ad Ac Kd Ks Kh 2c")) == high_rank(cards("Ah Ad Ac Kd Ks"))
    assert high_rank(cards("Ah Kd 9c 7s 3h")) == high_rank(cards("As Kc 9d 7h 3s"))  # suits tie


def test_high_rank_ignores_card_order() -> None:
    hand = cards("Ah Kh 3h 4h 5h Ad 2h")
    values = {high_rank(permutation) for permutation in itertools.permutations(hand)}
    assert values == {high_rank(hand)}
    assert high_category(hand) == "straight flush"


# --------------------------------------------------------------------------
# A-5 lows (razz)


def test_wheel_is_the_best_low_whatever_the_suits() -> None:
    wheel = low_a5_rank(cards("5d 4c 3h 2s Ah"))
    assert low_a5_rank(cards("5s 4s 3s 2s As")) == wheel  # flush ignored
    others = [
        ranks for ranks in itertools.combinations("A23456789TJQK", 5) if ranks != tuple("A2345")
    ]
    assert len(others) == 1286
    assert all(wheel < low_a5_rank(synthesize(ranks)) for ranks in others)
    assert low_cards(cards("5d 4c 3h 2s Ah"), None) == ("5", "4", "3", "2", "A")


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("6d 4c 3h 2s Ah", "6d 5c 3h 2s Ah"),
        ("7c 6d 5h 4s 3c", "8c 4d 3h 2s Ac"),  # highest card first
        ("Ah 2d 3c 4s 6h", "2d 3c 4s 6h 7h"),  # the ace is low
        ("Kd Qc Jh Ts 9h", "Ad Ac 2h 3s 4h"),  # any five ranks beat a pair
        ("Ad Ac 4h 3s 2h", "2d 2c 5h 4s 3h"),  # pair of aces beats pair of deuces
        ("Ad Ac 2h 2s Kh", "Ad Ac Ah 2s 3h"),  # two pair beats trips
        ("Ad Ac Ah 2s 3h", "Ad Ac Ah 2s 2h"),  # trips beat a full house
        ("Kd Kc Kh Qs Qh", "Ad Ac Ah As 2h"),  # a full house beats quads
    ],
)
def test_low_a5_order(better: str, worse: str) -> None:
    assert low_a5_rank(cards(better)) < low_a5_rank(cards(worse))


@pytest.mark.parametrize(
    ("hand", "low"),
    [
        ("Ah Ad 2c 2s 3h 4d 5c", "5 4 3 2 A"),  # pairs avoided
        ("Kh Kd Ks Qc Jh Th 9d", "K Q J T 9"),
        ("8h 8d 8s 7c 2h 2d Ac", "8 7 2 2 A"),  # the lower pair, not the trips
        ("Ah Ad 2c 2s 3h 4d", "4 3 2 A A"),  # 6 cards, 4 ranks: one pair forced
        ("Ah Ad 2c 2s 3h 3d 4c", "4 3 2 A A"),
        ("Ah Ad Ac 2s 2h 3d 3c", "3 2 2 A A"),  # two pair (aces and deuces) beats trips
        ("Ah Ad Ac As 2h 3d", "3 2 A A A"),  # trips, not quads
        ("Ah Ad Ac 2s 3h", "3 2 A A A"),
        ("Ah Ad Ac As Kh Kd Kc", "K K A A A"),  # full house, not quads
        ("Kh Kd Kc Ks Ah", "K K K K A"),  # 5 cards: quads forced
        ("Qh Qd Qc Ks Kh Kd Kc", "K K Q Q Q"),  # lower trips
    ],
)
def test_low_a5_with_pairs(hand: str, low: str) -> None:
    assert low_cards(cards(hand), None) == tuple(low.split())
    assert low_a5_rank(cards(hand)) == low_a5_rank(synthesize(low.split()))


def synthesize(ranks: Sequence[str]) -> list[str]:
    """Distinct cards with these ranks (suits assigned in turn)."""
    used: dict[str, int] = {}
    made = []
    for rank in ranks:
        made.append(rank + SUITS[used.get(rank, 0)])
        used[rank] = used.get(rank, 0) + 1
    return made


def test_low_a5_ignores_card_order() -> None:
    hand = cards("Kh Ad 2c Ac 2s Kd 9c")
    values = {low_a5_rank(permutation) for permutation in itertools.permutations(hand)}
    assert values == {low_a5_rank(hand)}


# --------------------------------------------------------------------------
# 8-or-better lows


@pytest.mark.parametrize(
    "hand",
    [
        "9d 7c 6h 4s 2h",  # nine high
        "Ah 2d 3c 4s 4h Kd Qc",  # only four ranks of 8 or less
        "Ah Ad 2c 2s 3h 4d 9c",  # pairs do not make a fifth rank
        "8h 8d 7c 7s 6h 6d 9c",
        "Ts Js Qs Ks 9s 9h 9d",
    ],
)
def test_low8_no_qualifier(hand: str) -> None:
    assert low8_rank(cards(hand)) is None
    assert low_cards(cards(hand), 8) == ()


@pytest.mark.parametrize(
    ("hand", "low"),
    [
        ("8d 7c 6h 4s 2h", "8 7 6 4 2"),
        ("Ah Ad 2c 3s 4h 8d 9c", "8 4 3 2 A"),
        ("Ah 2d 3c 4s 5h 5d 5c", "5 4 3 2 A"),
        ("Kh 8d 7c 6s 5h 4d 3c", "7 6 5 4 3"),
    ],
)
def test_low8_qualifies(hand: str, low: str) -> None:
    value = low8_rank(cards(hand))
    assert value is not None
    assert value == low_a5_rank(cards(hand))
    assert low_cards(cards(hand), 8) == tuple(low.split())


def test_low8_order() -> None:
    eight_seven = low8_rank(cards("8d 7c 4h 3s 2h"))
    eight_six = low8_rank(cards("8d 6c 5h 4s 3h"))
    wheel = low8_rank(cards("5d 4c 3h 2s Ah"))
    assert wheel is not None
    assert eight_six is not None
    assert eight_seven is not None
    assert wheel < eight_six < eight_seven


def test_low8_is_the_a5_low_when_it_qualifies() -> None:
    for hand in deal(20_000, 7, SEED + 1):
        low8 = low8_rank(hand)
        assert low8 is None or low8 == low_a5_rank(hand)
        assert (low8 is None) == (low_cards(hand, 8) == ())


def test_low_cards_match_the_rank() -> None:
    for hand in deal(5_000, 7, SEED + 2):
        assert low_a5_rank(synthesize(low_cards(hand, None))) == low_a5_rank(hand)
        eight = low_cards(hand, 8)
        if eight:
            assert low8_rank(synthesize(eight)) == low8_rank(hand)


def test_low_cards_other_qualifiers() -> None:
    hand = cards("9h 7d 6c 3s 2h Kd Kc")
    assert low_cards(hand, 8) == ()
    assert low_cards(hand, 9) == ("9", "7", "6", "3", "2")
    assert low_cards(hand, 13) == low_cards(hand, None)


@pytest.mark.parametrize("qualifier", [4, 14, 0, -1, True])
def test_low_cards_rejects_bad_qualifier(qualifier: int) -> None:
    with pytest.raises(ValueError, match="qualifier"):
        low_cards(cards("8d 7c 6h 4s 2h"), qualifier)


# --------------------------------------------------------------------------
# Exposed boards: who acts first


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("2c 2d", "Ah Kh"),  # pair beats two high cards
        ("Ac", "Kc"),
        ("Ah Kh", "Ah Qh"),
        ("Ah 9c 8d 2s", "Ah 9c 7d 6s"),  # high cards rank by rank
        ("Kc Kd 7h", "Kh Ks 6c"),  # same pair: kicker
        ("3c 3d 2h 2s", "Ac Ad Kh Qs"),  # two pair beats pair
        ("5c 5d 5h 2s", "Ac Ad Kh Ks"),  # trips beat two pair
        ("3c 3d 3h 3s", "Ac Ad Ah Ks"),  # quads beat trips
        ("2c 3d 4h 4s", "9h Th Jh Qh"),  # straight flush draws count for nothing
        ("Ac Ad Ah 2c 2d", "As Kd Kh Ks Qc"),  # 5 cards with a common card
        ("2c 2d 2h 2s 3c", "Ac Ad Ah Kc Kd"),
    ],
)
def test_board_high_key_order(better: str, worse: str) -> None:
    assert board_high_key(cards(better)) > board_high_key(cards(worse))


def test_board_high_key_ignores_suits() -> None:
    assert board_high_key(cards("9h Th Jh Qh")) == board_high_key(cards("9c Td Jh Qs"))
    assert board_high_key(cards("Kd Ks")) == (1, 13, 13)


@pytest.mark.parametrize(
    ("better", "worse"),
    [
        ("Kd Qs", "2c 2d"),  # unpaired beats paired
        ("Ac", "2c"),  # the ace is low
        ("Qc", "Kc"),  # and the king is the worst card
        ("7c 4d 3h", "7s 5d Ah"),
        ("Ac Ad 2c", "2d 2h Ah"),  # pair of aces beats pair of deuces
        ("Ac Ad Kc Qc", "2c 2d 3c 3d"),  # pair beats two pair
        ("2c 2d 3c 3d", "Ac Ad Ah 2s"),  # two pair beats trips
        ("Kc Qc Jc Tc", "Ac Ad 2s 3s"),
    ],
)
def test_board_low_key_order(better: str, worse: str) -> None:
    assert board_low_key(cards(better)) < board_low_key(cards(worse))


def test_board_low_key_of_one_card() -> None:
    singles = sorted(DECK, key=lambda card: board_low_key([card]))
    assert singles[0][0] == "A"
    assert singles[-1][0] == "K"
    assert board_low_key(["Ac"]) == board_low_key(["As"]) == (0, 1)


def test_five_card_boards_order_like_hands() -> None:
    hands = deal(20_000, 5, SEED + 3)
    assert_same_order(
        hands,
        [tuple(-k for k in board_low_key(h)) for h in hands],
        [-low_a5_rank(h) for h in hands],
    )
    plain = [h for h in hands if high_category(h) not in ("straight", "flush", "straight flush")]
    assert_same_order(plain, [board_high_key(h) for h in plain], [high_rank(h) for h in plain])


# --------------------------------------------------------------------------
# Bring-in


def test_bring_in_stud_lowest_card_clubs_first() -> None:
    assert min(cards("2h 2c 2s 2d"), key=bring_in_key_stud) == "2c"
    assert min(cards("Ac 2s"), key=bring_in_key_stud) == "2s"  # ace high
    assert min(cards("3c 2s"), key=bring_in_key_stud) == "2s"  # rank before suit
    assert min(cards("Kh Kd As"), key=bring_in_key_stud) == "Kd"
    assert bring_in_key_stud("2c") == (2, 0)


def test_bring_in_razz_highest_card_spades_first() -> None:
    assert min(cards("Kc Ks Kh"), key=bring_in_key_razz) == "Ks"
    assert min(cards("Ac 2c"), key=bring_in_key_razz) == "2c"  # ace low
    assert min(cards("Qs Kc"), key=bring_in_key_razz) == "Kc"  # king is highest
    assert min(cards("Ts Td"), key=bring_in_key_razz) == "Ts"
    assert max(DECK, key=bring_in_key_razz) == "Ac"  # never brings in


def test_suit_order() -> None:
    assert [suit_order("9" + suit) for suit in "cdhs"] == [0, 1, 2, 3]


# --------------------------------------------------------------------------
# Invalid input

HAND_FUNCTIONS: list[Callable[[Sequence[str]], object]] = [
    high_rank,
    high_category,
    low_a5_rank,
    low8_rank,
    lambda hand: low_cards(hand, 8),
    lambda hand: low_cards(hand, None),
]


@pytest.mark.parametrize("function", HAND_FUNCTIONS)
@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (["Ah", "Kd", "Qc", "Js"], "expected 5 to 7 cards, got 4"),
        (["Ah", "Kd", "Qc", "Js", "Th", "9d", "8c", "7s"], "expected 5 to 7 cards, got 8"),
        ([], "expected 5 to 7 cards, got 0"),
        (["Ah", "Kd", "Qc", "Js", "Xx"], "not a card: 'Xx'"),
        (["Ah", "Kd", "Qc", "Js", "10h"], "not a card: '10h'"),
        (["Ah", "Kd", "Qc", "Js", "th"], "not a card: 'th'"),
        (["Ah", "Kd", "Qc", "Js", None], "not a card: None"),
        (["Ah", "Kd", "Qc", "Js", "Ah"], "'Ah' appears twice"),
        ("AhKdQcJsTh", "expected a sequence of cards"),
    ],
)
def test_hand_functions_reject_bad_cards(
    function: Callable[[Any], object], hand: Any, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        function(hand)


@pytest.mark.parametrize("function", [board_high_key, board_low_key])
@pytest.mark.parametrize(
    ("board", "message"),
    [
        ([], "expected 1 to 5 cards, got 0"),
        (["Ah", "Kd", "Qc", "Js", "Th", "9d"], "expected 1 to 5 cards, got 6"),
        (["Ah", "Zz"], "not a card: 'Zz'"),
        (["Ah", None], "not a card: None"),
        (["Ah", "Ah"], "'Ah' appears twice"),
        ("Ah", "expected a sequence of cards"),
    ],
)
def test_board_keys_reject_bad_cards(
    function: Callable[[Any], object], board: Any, message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        function(board)


@pytest.mark.parametrize("function", [bring_in_key_stud, bring_in_key_razz, suit_order])
@pytest.mark.parametrize("door", ["", "A", "1h", "Ahh", "AH", None])
def test_single_card_functions_reject_bad_cards(
    function: Callable[[Any], object], door: Any
) -> None:
    with pytest.raises(ValueError, match="not a card"):
        function(door)


def test_every_function_ignores_card_order() -> None:
    rng = random.Random(SEED + 4)
    for size in (5, 6, 7):
        for hand in deal(2_000, size, SEED + size):
            shuffled = rng.sample(hand, size)
            assert high_rank(shuffled) == high_rank(hand)
            assert low_a5_rank(shuffled) == low_a5_rank(hand)
            assert low8_rank(shuffled) == low8_rank(hand)
            assert low_cards(shuffled, None) == low_cards(hand, None)
            assert board_high_key(shuffled[:4]) == board_high_key(sorted(shuffled[:4]))
            assert board_low_key(shuffled[:4]) == board_low_key(sorted(shuffled[:4]))


# --------------------------------------------------------------------------
# pokerkit as an independent oracle

LABELS = {"One pair": "pair"}


def uniform_hands() -> list[tuple[str, ...]]:
    """100,000 uniform 7-card hands, 10,000 rich in pairs, trips and quads, and
    40,000 hands of 5 and 6 cards (half of them rich in pairs)."""
    pairs_rich = [rank + suit for rank in "A2345K" for suit in SUITS]
    return [
        *deal(100_000, 7, SEED + 10),
        *deal(10_000, 7, SEED + 11, pairs_rich),
        *deal(10_000, 5, SEED + 14),
        *deal(10_000, 6, SEED + 15),
        *deal(10_000, 5, SEED + 16, pairs_rich),
        *deal(10_000, 6, SEED + 17, pairs_rich),
    ]


@pytest.fixture(scope="module")
def pokerkit() -> Any:
    return pytest.importorskip(
        "pokerkit", reason="pokerkit (a test-only dependency) is the oracle for hand order"
    )


@pytest.fixture(scope="module")
def high_hands() -> list[tuple[str, ...]]:
    """Plus 5,000 hands from two suits: flushes and straight flushes are common."""
    flush_rich = [rank + suit for rank in RANKS for suit in "hs"]
    return [*uniform_hands(), *deal(5_000, 7, SEED + 12, flush_rich)]


@pytest.fixture(scope="module")
def low_hands() -> list[tuple[str, ...]]:
    """Plus 130,000 hands of ranks ace to nine: most qualify for 8-or-better."""
    low_rich = [rank + suit for rank in "A23456789" for suit in SUITS]
    return [*uniform_hands(), *deal(130_000, 7, SEED + 13, low_rich)]


def suit_blind(hand: Sequence[str]) -> Hashable:
    """What an A-5 low depends on: the ranks."""
    return tuple(sorted(card[0] for card in hand))


def flush_aware(hand: Sequence[str]) -> Hashable:
    """What a high hand depends on: the ranks, and which ranks make a flush."""
    flush: tuple[str, ...] = ()
    for suit in SUITS:
        suited = [card[0] for card in hand if card[1] == suit]
        if len(suited) >= 5:
            flush = tuple(sorted(suited))
    return suit_blind(hand), flush


def best_entries(
    pokerkit: Any, hand_class: Any, hands: Sequence[Sequence[str]], kind: Callable[..., Hashable]
) -> list[Any]:
    """pokerkit's lookup entry for the best five cards of each hand (None: no such hand).

    ``hand_class.from_game`` runs at ~2,000 hands/s here, too slow for 100,000s
    of hands, so this asks pokerkit's lookup for all 21 five-card subsets and
    keeps the best (pokerkit's own order: ``max`` for high, ``min`` for low).
    Hands that cannot differ (same ranks; for high hands also the same flush
    ranks) are looked up once. Our values are still computed for every hand, so
    any difference of ours inside such a group fails the test.
    :func:`check_hand_objects` ties this to ``from_game`` on a sample.
    """
    card_of = {card: pokerkit.Card.clean(card)[0] for card in DECK}
    lookup = hand_class.lookup
    best = min if hand_class.low else max
    found: dict[Hashable, Any] = {}
    answers = []
    for hand in hands:
        key = kind(hand)
        if key not in found:
            fives = itertools.combinations([card_of[card] for card in hand], 5)
            entries = [e for five in fives if (e := lookup.get_entry_or_none(five)) is not None]
            found[key] = best(entries) if entries else None
        answers.append(found[key])
    return answers


def strength(entry: Any, low: bool) -> int:
    """pokerkit's order as an int, larger is stronger (low hands: smaller index)."""
    index: int = entry.index
    return -index if low else index


def check_hand_objects(
    hand_class: Any,
    hands: Sequence[Sequence[str]],
    entries: Sequence[Any],
    ours: Sequence[int | None],
    sample: int = 3_000,
) -> None:
    """On a sample: ``from_game`` agrees with :func:`best_entries`, and the hand
    objects' own ``<`` and ``==`` agree with ours on random pairs and on every
    pair of hands we call tied."""
    made = [hand_class.from_game_or_none("".join(hand)) for hand in hands[:sample]]
    for hand, m, entry in zip(hands, made, entries, strict=False):
        assert (None if m is None else m.entry) == entry, hand
    scored = [
        (m, mine) for m, mine in zip(made, ours, strict=False) if m is not None and mine is not None
    ]
    rng = random.Random(SEED + 20)
    pairs = [(rng.choice(scored), rng.choice(scored)) for _ in range(sample)]
    first_with: dict[int, Any] = {}
    for item in scored:
        first = first_with.setdefault(item[1], item)
        if first is not item:
            pairs.append((first, item))
    ties = 0
    for (made_a, ours_a), (made_b, ours_b) in pairs:
        assert (made_a < made_b) == (ours_a < ours_b), (made_a, made_b)
        assert (made_a == made_b) == (ours_a == ours_b), (made_a, made_b)
        ties += ours_a == ours_b
    assert ties >= 500


@pytest.mark.slow
def test_high_rank_matches_pokerkit(pokerkit: Any, high_hands: list[tuple[str, ...]]) -> None:
    hands = high_hands
    entries = best_entries(pokerkit, pokerkit.StandardHighHand, hands, flush_aware)
    ours = [high_rank(hand) for hand in hands]
    assert_same_order(hands, ours, [strength(entry, low=False) for entry in entries])
    for hand, entry in zip(hands, entries, strict=True):
        label = entry.label.value
        assert high_category(hand) == LABELS.get(label, label.lower()), hand
    check_hand_objects(pokerkit.StandardHighHand, hands, entries, ours)


@pytest.mark.slow
def test_low_a5_rank_matches_pokerkit(pokerkit: Any, low_hands: list[tuple[str, ...]]) -> None:
    hands = low_hands
    entries = best_entries(pokerkit, pokerkit.RegularLowHand, hands, suit_blind)
    ours = [-low_a5_rank(hand) for hand in hands]
    assert_same_order(hands, ours, [strength(entry, low=True) for entry in entries])
    check_hand_objects(pokerkit.RegularLowHand, hands, entries, ours)


@pytest.mark.slow
def test_low8_rank_matches_pokerkit(pokerkit: Any, low_hands: list[tuple[str, ...]]) -> None:
    hands = low_hands
    entries = best_entries(pokerkit, pokerkit.EightOrBetterLowHand, hands, suit_blind)
    lows = [low8_rank(hand) for hand in hands]
    for hand, entry, low in zip(hands, entries, lows, strict=True):
        assert (entry is None) == (low is None), hand
    qualified = [i for i, low in enumerate(lows) if low is not None]
    assert len(qualified) >= 100_000
    assert_same_order(
        [hands[i] for i in qualified],
        [-low for low in lows if low is not None],
        [strength(entries[i], low=True) for i in qualified],
    )
    ours = [None if low is None else -low for low in lows]
    check_hand_objects(pokerkit.EightOrBetterLowHand, hands, entries, ours)


@pytest.mark.slow
def test_low27_rank_matches_pokerkit(pokerkit: Any, high_hands: list[tuple[str, ...]]) -> None:
    """2-7 lowball (2-7 razz) against pokerkit's StandardLowHand: aces high only,
    straights and flushes count against, on the high-hand set (flush-rich part included)."""
    hands = high_hands[::2]
    entries = best_entries(pokerkit, pokerkit.StandardLowHand, hands, flush_aware)
    ours = [-low27_rank(hand) for hand in hands]
    assert_same_order(hands, ours, [strength(entry, low=True) for entry in entries])
    check_hand_objects(pokerkit.StandardLowHand, hands, entries, ours)


@pytest.mark.parametrize(("better", "worse"), [
    ("7c 5d 4h 3s 2c", "7c 6d 4h 3s 2c"),
    ("8c 6d 4h 3s 2c", "6c 5d 4h 3s 2c"),   # a straight counts against
    ("Kc Qd Jh 9s 8c", "Ac 5d 4h 3s 2c"),   # A-5-4-3-2 is ace high, not a straight
    ("Ac 5d 4h 3s 2c", "Ac 6d 4h 3s 2c"),
    ("9c 7c 5c 4c 2d", "9c 7c 5c 4c 2c"),   # a flush counts against
    ("Ac Kd Qh Js 9c", "2c 2d 3h 4s 5c"),   # any pair is worse than no pair
])
def test_low27_order(better: str, worse: str) -> None:
    assert low27_rank(better.split()) < low27_rank(worse.split())


def test_low27_picks_the_best_five_of_seven() -> None:
    seven = ["7c", "5d", "4h", "3s", "2c", "Ah", "Ad"]
    assert low27_rank(seven) == low27_rank(seven[:5])
