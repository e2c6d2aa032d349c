"""How fast is the equity enumeration? Run by hand: ``python benchmarks/equity.py``.

Prints, for a few typical all-in spots, the deals settled per second by
:func:`stud_hh.equity.equity` (exact enumeration; each deal is every live player's
hand evaluated and the pot split), the time of the whole computation, and peak memory;
then the anchor it is compared with: the same spots settled by pokerkit's hand classes
(the independent brute force of ``tests/test_equity.py``), where pokerkit is installed.
Each figure is the best of ``--repeat`` runs (a busy machine understates speeds).

Options: ``--repeat R`` (default 2), ``--anchor-deals N`` (deals of each spot the anchor
settles, default 3,000: it is slow).

With ``--import-calls N`` it times instead the equity counts an import makes: ``N`` hands
(the benchmarks' real hands, :func:`parse.build_file`: 96 distinct hands repeated; or,
with ``--simulate GAME``, fresh simulated hands, every one unique) are replayed and their
rows built, each :func:`stud_hh.equity.equity` call :mod:`stud_hh.store.luck` makes is
kept (through luck's source, which a compiled build ships too), then each is timed
again (processor time, best of ``--repeat``) and the calls are grouped by players, cards
each and exact or sampled: calls, milliseconds a call, and microseconds a hand over all
the hands. The first pass of the rows (cold: the first hands of a process) is reported
too. The cards of the spots are not cached anywhere, so the repeated hands cost what
fresh ones do, apart from the tables every process loads.
"""

from __future__ import annotations

import argparse
import importlib.util
import resource
import sys
import time
from itertools import islice
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from options import count

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
    if importlib.util.find_spec("pokerkit") is None:  # a test-only dependency
        print("anchor: pokerkit is not installed: no brute force to compare with")
        return
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
    from test_equity import judge  # a module that moved is an error, never a skip
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


def import_calls(hands: int, simulate: str | None, repeat: int) -> None:
    """The equity calls of an import of ``hands`` hands, timed by group."""
    import importlib.util
    import tempfile
    from collections import defaultdict

    import parse as parse_bench

    from stud_hh.model.events import Game
    from stud_hh.model.hand import ParsedHand
    from stud_hh.read.parse import result_of
    from stud_hh.read.split import raw_hands
    from stud_hh.replay import replay
    from stud_hh.sim.session import SimConfig, write_session
    from stud_hh.store import luck
    from stud_hh.store.facts import hand_rows

    calls: list[tuple[Any, ...]] = []
    counted = eq.equity

    def kept(*args: Any, **options: Any) -> Any:
        calls.append((args, options))
        return counted(*args, **options)

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.txt"
        if simulate:
            write_session(SimConfig(game=Game(simulate), hands=hands, seed=4242), path)
        else:
            parse_bench.build_file(path, hands, parse_bench.DEFAULT_SOURCES)
        replayed = [replay(p, "site") for p in map(result_of, raw_hands(path))
                    if isinstance(p, ParsedHand)]
    start = time.process_time()
    rows = [hand_rows(r) for r in replayed]
    first = time.process_time() - start
    # the calls, through luck's source run as Python (compiled, it calls equity directly)
    spec = importlib.util.spec_from_file_location(
        "luck_source", Path(luck.__file__).with_name("luck.py"))
    assert spec is not None
    assert spec.loader is not None
    source = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = source  # dataclasses look their module up
    spec.loader.exec_module(source)
    source.equity = kept
    for r, tables in zip(replayed, rows, strict=True):
        source.fill(r, {row["player"]: row for row in tables["players"]})
    groups: dict[tuple[int, int, bool], list[float]] = defaultdict(list)
    for args, options in calls:
        best = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            result = eq.equity(*args, **options)
            best = min(best, time.process_time() - start)
        groups[(len(args[0]), len(args[0][0]), result.exact)].append(best)
    source = f"simulated {simulate}" if simulate else "the benchmarks' real hands"
    total = sum(sum(v) for v in groups.values())
    print(f"{len(replayed):,} hands ({source}), {len(calls):,} equity calls: "
          f"{total / len(replayed) * 1e6:.1f} us a hand (best of {repeat}); the rows of "
          f"every hand, first pass, {first / len(replayed) * 1e6:.1f} us a hand")
    print("players  cards  exact    calls   ms a call: median (min-max)   us a hand")
    for (players, cards, exact), times in sorted(groups.items()):
        times.sort()
        median = times[len(times) // 2]
        print(f"{players:7}  {cards:5}  {exact!s:5}  {len(times):7}   {median * 1e3:6.3f}"
              f" ({times[0] * 1e3:.3f}-{times[-1] * 1e3:.3f})      "
              f"{sum(times) / len(replayed) * 1e6:8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=count, default=2)
    parser.add_argument("--anchor-deals", type=count, default=3000)
    parser.add_argument("--import-calls", type=count, metavar="N",
                        help="time the equity calls of an import of N hands instead")
    parser.add_argument("--simulate", choices=["stud", "stud8", "razz"],
                        help="with --import-calls: fresh simulated hands of this game")
    args = parser.parse_args()
    if args.import_calls:
        import_calls(args.import_calls, args.simulate, args.repeat)
        return
    ours(args.repeat)
    anchor(args.anchor_deals)


if __name__ == "__main__":
    main()
