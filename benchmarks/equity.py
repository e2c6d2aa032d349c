"""How fast is the equity enumeration? Run by hand: ``python benchmarks/equity.py``.

Prints, for a few typical all-in spots, the deals settled per second by
:func:`stud_hh.equity.equity` (exact enumeration; each deal is every live player's
hand evaluated and the pot split), the time of the whole computation, and peak memory;
then the anchor it is compared with: the same spots settled by pokerkit's hand classes
(the independent brute force of ``tests/test_equity.py``), where pokerkit is installed.
Each figure is the best of ``--repeat`` runs (a busy machine understates speeds).

Options: ``--repeat R`` (default 2), ``--anchor-deals N`` (deals of each spot the anchor
settles, default 3,000: it is slow).
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from itertools import islice
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from stud_hh import equity as eq

SPOTS: list[tuple[str, str, list[list[str]], list[str]]] = [
    ("stud, heads-up, 6th street (1 card each)", "stud",
     [["As", "Ad", "Kc", "Qd", "7h", "2c"], ["9s", "9h", "9d", "3c", "4d", "5h"]], ["Qs", "3h"]),
    ("stud8, 3-way, 6th street", "stud8",
     [["As", "2d", "3c", "Kd", "7h", "8c"], ["Ks", "Kh", "9d", "9c", "Jd", "5h"],
      ["4s", "5d", "6c", "Th", "Tc", "2s"]], []),
    ("razz, heads-up, 5th street (2 cards each)", "razz",
     [["As", "2d", "3c", "Kd", "7h"], ["4s", "5d", "6c", "8h", "Tc"]], ["Qs", "Jh", "9c"]),
    ("stud, heads-up, 5th street (2 cards each)", "stud",
     [["As", "Ad", "Kc", "Qd", "7h"], ["9s", "9h", "9d", "3c", "4d"]], ["Ts", "2h"]),
]


def peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def ours(repeat: int) -> None:
    print("stud_hh.equity.equity (exact enumeration)")
    for label, game, hands, dead in SPOTS:
        best = float("inf")
        result: Any = None
        for _ in range(repeat):
            start = time.perf_counter()
            result = eq.equity(hands, game, dead, exact_limit=10**9)
            best = min(best, time.perf_counter() - start)
        shares = " / ".join(f"{s.equity:.2%}" for s in result.shares)
        print(f"  {label:<46} {result.deals:>9,} deals {best:7.2f} s "
              f"{result.deals / best:>10,.0f} deals/s   {shares}")
    print(f"  peak memory {peak_mib():.0f} MiB")


def anchor(deals: int) -> None:
    try:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
        from test_equity import judge
    except Exception as exc:  # pokerkit missing: the test module skips itself
        print(f"anchor: pokerkit brute force not available ({type(exc).__name__})")
        return
    print(f"anchor: the same deals settled by pokerkit's hand classes ({deals:,} per spot)")
    for label, game, hands, dead in SPOTS:
        unseen = sorted(set(eq.ALL_CARDS) - {*dead, *(c for h in hands for c in h)})
        needs = [eq._cards(eq._game(game)) - len(h) for h in hands]
        completions = list(islice(eq._every_deal(unseen, needs, False), deals))
        start = time.perf_counter()
        for completion in completions:
            judge(game, [h + list(c) for h, c in zip(hands, completion, strict=True)])
        took = time.perf_counter() - start
        print(f"  {label:<46} {len(completions) / took:>10,.0f} deals/s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--anchor-deals", type=int, default=3000)
    args = parser.parse_args()
    ours(args.repeat)
    anchor(args.anchor_deals)


if __name__ == "__main__":
    main()
