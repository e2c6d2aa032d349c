"""How fast is the hand evaluator? Run by hand: ``python benchmarks/evaluate.py``.

Prints evaluations per second on one core for every public function of
:mod:`stud_hh.rules.evaluate`, then, for comparison, the raw speed of each candidate
high-hand library that is installed (eval7, phevaluator, treys, pokerkit).
Candidates that are missing are listed as such. Each figure is the best of a
few runs over the same random hands (fixed seed), so a busy machine
understates speeds rather than overstating them.

Options: ``--hands N`` (default 200,000), ``--repeat R`` (default 3).
"""

from __future__ import annotations

import argparse
import importlib
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from options import count

from stud_hh.model.cards import RANKS, SUITS
from stud_hh.rules import evaluate as ev

DECK = [rank + suit for rank in RANKS for suit in SUITS]
TARGETS = {"high_rank": 300_000, "low_a5_rank": 100_000, "low8_rank": 100_000}


def deal(count: int, size: int, seed: int) -> list[tuple[str, ...]]:
    rng = random.Random(seed)
    return [tuple(rng.sample(DECK, size)) for _ in range(count)]


def rate(function: Callable[[Any], object], items: Sequence[Any], repeat: int) -> float:
    """Best calls per second of ``function`` over ``items``."""
    best = 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            function(item)
        best = max(best, len(items) / (time.perf_counter() - start))
    return best


def rate_star(function: Callable[..., object], items: Sequence[Any], repeat: int) -> float:
    """Like :func:`rate` but calls ``function(*item)``."""
    best = 0.0
    for _ in range(repeat):
        start = time.perf_counter()
        for item in items:
            function(*item)
        best = max(best, len(items) / (time.perf_counter() - start))
    return best


def show(name: str, per_second: float, note: str = "") -> None:
    target = TARGETS.get(name.split(" ")[0])
    verdict = ""
    if target is not None:
        verdict = f"  (target {target:,}: {'ok' if per_second >= target else 'TOO SLOW'})"
    print(f"  {name:<48} {per_second:>12,.0f} /s{verdict}{note}")


def ours(hands: int, repeat: int) -> None:
    seven = deal(hands, 7, seed=1)
    five = deal(hands, 5, seed=2)
    boards = deal(hands, 4, seed=3)
    doors = [hand[0] for hand in seven]
    print("stud_hh.rules.evaluate (str cards in, validation included)")
    show("high_rank (7 cards)", rate(ev.high_rank, seven, repeat))
    show("high_rank (5 cards)", rate(ev.high_rank, five, repeat))
    show("high_category (7 cards)", rate(ev.high_category, seven, repeat))
    show("low_a5_rank (7 cards)", rate(ev.low_a5_rank, seven, repeat))
    show("low_a5_rank (5 cards)", rate(ev.low_a5_rank, five, repeat))
    show("low8_rank (7 cards)", rate(ev.low8_rank, seven, repeat))
    show("low_cards (7 cards, qualifier 8)", rate(lambda h: ev.low_cards(h, 8), seven, repeat))
    show("board_high_key (4 up cards)", rate(ev.board_high_key, boards, repeat))
    show("board_low_key (4 up cards)", rate(ev.board_low_key, boards, repeat))
    show("bring_in_key_stud", rate(ev.bring_in_key_stud, doors, repeat))
    show("bring_in_key_razz", rate(ev.bring_in_key_razz, doors, repeat))


def optional(module: str) -> Any:
    try:
        return importlib.import_module(module)
    except ImportError:
        print(f"  {module}: not installed")
        return None


def candidates(hands: int, repeat: int) -> None:
    seven = deal(hands, 7, seed=1)
    print("candidate libraries, 7-card high hands")
    eval7 = optional("eval7")
    if eval7 is not None:
        to_card = {card: eval7.Card(card) for card in DECK}
        converted = [[to_card[card] for card in hand] for hand in seven]
        show("eval7.evaluate, Card objects ready", rate(eval7.evaluate, converted, repeat))
        show(
            "eval7.evaluate, str -> Card by dict",
            rate(lambda h: eval7.evaluate([to_card[c] for c in h]), seven, repeat),
        )
    pheval = optional("phevaluator")
    if pheval is not None:
        native = importlib.import_module("phevaluator._pheval")
        ids = {card: RANKS.index(card[0]) * 4 + SUITS.index(card[1]) for card in DECK}
        as_ids = [[ids[card] for card in hand] for hand in seven]
        show(
            "phevaluator native evaluate_7cards, int ids",
            rate_star(native.evaluate_7cards, as_ids, repeat),
        )
        show(
            "phevaluator.evaluate_cards, int ids", rate_star(pheval.evaluate_cards, as_ids, repeat)
        )
        show(
            "phevaluator.evaluate_cards, str cards", rate_star(pheval.evaluate_cards, seven, repeat)
        )
    treys = optional("treys")
    if treys is not None:
        evaluator = treys.Evaluator()
        to_int = {card: treys.Card.new(card) for card in DECK}
        split = [([to_int[c] for c in h[:2]], [to_int[c] for c in h[2:]]) for h in seven]
        show("treys Evaluator.evaluate, int cards", rate_star(evaluator.evaluate, split, 1))
    pokerkit = optional("pokerkit")
    if pokerkit is not None:
        few = ["".join(hand) for hand in seven[: max(1, hands // 50)]]
        for name in ("StandardHighHand", "RegularLowHand", "EightOrBetterLowHand"):
            hand_class = getattr(pokerkit, name)
            show(f"pokerkit {name}.from_game_or_none", rate(hand_class.from_game_or_none, few, 1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--hands", type=count, default=200_000)
    parser.add_argument("--repeat", type=count, default=3)
    args = parser.parse_args()
    print(f"Python {sys.version.split()[0]}, {args.hands:,} random hands, best of {args.repeat}")
    ours(args.hands, args.repeat)
    candidates(args.hands, args.repeat)


if __name__ == "__main__":
    main()
