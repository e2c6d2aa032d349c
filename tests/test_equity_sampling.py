"""Promise: sampled equities are unbiased over many hands, not only one at a time.

Above the exact limit an equity is drawn, and an import seeds each hand's draws by the
hand (:func:`stud_hh.store.luck.hand_seed`). Over 200 spots of one family (one pair of
hands, its suits permuted and other cards dead), each seeded as a hand of its own,
the sampled equities' errors, in standard errors of 2,000 deals, average 0 and spread 1
(each within 5 of its own standard errors), against the count of every deal. With one
seed for every spot (the import's seed 0 before) the spots share their draws, and so
most of their error: the average here is -0.53 and the spread 0.52, so luck summed over
such hands carries a bias that more hands do not shrink.
"""

from __future__ import annotations

import random

import pytest

from stud_hh import equity as module
from stud_hh.equity import equity
from stud_hh.model.cards import ALL_CARDS
from stud_hh.model.events import Game
from stud_hh.rules.games import GAMES
from stud_hh.store.luck import SAMPLES, hand_seed

FAMILY = [["As", "Kd", "Qc", "Jh", "9s"], ["5c", "5d", "3h", "8s", "2c"]]
"""High cards against a small pair on 5th street: spots alike in which cards help whom."""


def test_errors_of_many_sampled_spots_average_out() -> None:
    draw = random.Random(20261206)
    scores = []
    for number in range(200):
        suits = list("cdhs")
        draw.shuffle(suits)
        renamed = dict(zip("cdhs", suits, strict=True))
        hands = [[card[0] + renamed[card[1]] for card in hand] for hand in FAMILY]
        rest = sorted(ALL_CARDS - {card for hand in hands for card in hand})
        draw.shuffle(rest)
        dead = rest[:draw.randrange(6)]
        truth = equity(hands, "stud", dead)
        assert truth.exact
        sampled = equity(hands, "stud", dead, exact_limit=0, samples=SAMPLES,
                         seed=hand_seed("Simulated", f"spot-{number}"))
        assert not sampled.exact
        first = truth.shares[0]
        ties = 2 * (first.exact - first.scoop)  # a tie gives each half the pot
        spread = (float(first.scoop + ties / 4 - first.exact ** 2) / SAMPLES) ** 0.5
        scores.append((sampled.shares[0].equity - first.equity) / spread)
    mean = sum(scores) / len(scores)
    sd = (sum((z - mean) ** 2 for z in scores) / (len(scores) - 1)) ** 0.5
    assert abs(mean) < 0.35, (mean, sd)  # 5 standard errors of the mean (0.071)
    assert 0.7 < sd < 1.3, (mean, sd)  # 6 standard errors of the spread (0.05)


def test_the_seed_is_the_hands_own() -> None:
    seeds = {hand_seed(site, str(hand_id)) for site in ("PokerStars", "Full Tilt Poker")
             for hand_id in range(1000)}
    assert len(seeds) == 2000
    assert hand_seed("PokerStars", "7") == hand_seed("PokerStars", "7")


@pytest.mark.parametrize("game", [Game.STUD, Game.STUD8, Game.RAZZ])
def test_sampled_deals_with_a_common_card_agree_with_the_deal_by_deal_count(game: Game) -> None:
    """Eight players on 3rd street: the last card is a common card. The sampled count (all
    deals at once) and a deal-by-deal sample agree within 4.5 standard errors of their
    difference for every player, and with the common card alone to come (6th street)
    the sample is within 4.5 standard errors of the count of every deal."""
    deck = sorted(ALL_CARDS)
    random.Random(5).shuffle(deck)
    hands = [tuple(deck[3 * i:3 * i + 3]) for i in range(8)]
    fast = equity(hands, game, exact_limit=0, samples=20_000, seed=2)
    assert fast.deals == 20_000
    score = module._scorer(GAMES[game].ranking)
    totals = module._Totals(8)
    unseen = module._unseen(list(hands), (), 7)
    for completion in module._sampled(unseen, [4] * 8, True, 20_000, 9):
        scores = [score(hand + cards) for hand, cards in zip(hands, completion, strict=True)]
        totals.add(module._award([h for h, _ in scores], [lo for _, lo in scores]))
    slow = totals.result(game, list(hands), (), 1, False)
    for a, b in zip(fast.shares, slow.shares, strict=True):
        spread = (2 * max(a.equity * (1 - a.equity), 1e-4) / 20_000) ** 0.5
        assert abs(a.equity - b.equity) < 4.5 * spread, (a, b)
    sixth = [tuple(deck[6 * i:6 * i + 6]) for i in range(8)]
    truth, drawn = equity(sixth, game), equity(sixth, game, exact_limit=0, samples=20_000)
    assert truth.exact
    for a, b in zip(drawn.shares, truth.shares, strict=True):
        assert abs(a.equity - b.equity) < 4.5 * (b.equity * (1 - b.equity) / 20_000) ** 0.5 \
            + 1e-9, (a, b)
