"""The commands that need no history: ``equity`` and ``simulate``."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from stud_hh.cli.common import EXIT_OK, check_output


def cmd_equity(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.equity import EquityError, equity, equity_text

    down = [p.split() for p in args.down.split("|")]
    up = [p.split() for p in args.up.split("|")] if args.up.strip() else []
    if up and len(up) != len(down):
        raise EquityError(f"--up names {len(up)} players and CARDS {len(down)}: give each "
                          "player's up cards, separated by |, in the same order")
    hands = [d + (up[i] if up else []) for i, d in enumerate(down)]
    result = equity(hands, args.game, args.dead.split(), exact_limit=args.exact_limit,
                    samples=args.samples, seed=args.seed)
    if args.format == "json":
        print(json.dumps(result.as_dict(), indent=1), file=out)
    else:
        print(equity_text(result), file=out)
    return EXIT_OK


def cmd_simulate(args: argparse.Namespace, out: TextIO, err: TextIO) -> int:
    from stud_hh.model.events import Game
    from stud_hh.sim.session import SimConfig, write_session

    config = SimConfig(game=Game(args.game), hands=args.hands, players=args.players,
                       seed=args.seed, stakes=args.stakes, ante=args.ante,
                       bring_in=args.bring_in, tournament=args.tournament, inject=args.inject,
                       inject_rate=args.inject_rate)
    check_output(args.output, "the histories")
    summary = write_session(config, args.output)
    line = f"wrote {summary.hands} {args.game} hands to {args.output}"
    if config.inject:
        line += f"; {summary.injected} break a rule (truth in {args.output}.truth.jsonl)"
    print(line, file=out)
    return EXIT_OK


def add_equity(e: argparse.ArgumentParser) -> None:
    from stud_hh.equity import EXACT_LIMIT, SAMPLES

    e.description = ("Deal out every way the cards still to come can fall "
                     "and settle each showdown by the game's rules: each player's expected "
                     "share of the pot (stud hi/lo: what the high and the low bring, how "
                     "often each scoops, how often no low qualifies). Exact up to "
                     "--exact-limit deals, else --samples deals drawn at random (seeded). "
                     "Example: stud-hh equity \"Ah Kh | 7c 7d\" --up \"Qs 5d | 8h 2c\" "
                     "--dead \"Qd 3s\" --game stud. Exit 0, or 2 for cards that cannot "
                     "be dealt.")
    e.add_argument("down", metavar="CARDS", help="each player's down cards, players "
                   "separated by | (\"Ah Kh | 7c 7d\"); up cards may be given here too")
    e.add_argument("--up", metavar="CARDS", default="", help="each player's up cards, in "
                   "the same order (\"Qs 5d | 8h 2c\")")
    e.add_argument("--dead", metavar="CARDS", default="", help="cards seen elsewhere: folded "
                   "players' up cards, exposed cards")
    e.add_argument("--game", choices=["stud", "stud8", "razz", "razz27", "five_stud"],
                   default="stud")
    e.add_argument("--exact-limit", type=int, default=EXACT_LIMIT, metavar="N",
                   help=f"enumerate up to N deals (default {EXACT_LIMIT:,})")
    e.add_argument("--samples", type=int, default=SAMPLES, metavar="N",
                   help=f"deals drawn above the limit (default {SAMPLES:,})")
    e.add_argument("--seed", type=int, default=0, metavar="S")
    e.add_argument("--format", choices=["text", "json"], default="text")
    e.set_defaults(func=cmd_equity)


def add_simulate(m: argparse.ArgumentParser) -> None:
    from stud_hh.sim.faults import INJECTABLE

    m.description = ("Play a session at one table with bots of distinct styles "
                     "(and Hero, with planted leaks) and write it as PokerStars text. "
                     "--inject makes hands break one rule each, with the ground truth in "
                     "FILE.truth.jsonl. The same seed gives the same bytes.")
    m.add_argument("--game", choices=("stud", "stud8", "razz"), required=True)
    m.add_argument("--hands", type=int, required=True, metavar="N")
    m.add_argument("--players", type=int, default=6, metavar="N",
                   help="players at the table at the start, 2 to 8 (default 6)")
    m.add_argument("--seed", type=int, default=0, metavar="S",
                   help="0 to 899,999 (default 0); hand ids are made of the seed and the "
                   "hand's number, so sessions of different seeds can be imported together")
    m.add_argument("--stakes", metavar="SB/BB",
                   help="small/big bet: dollars for cash (default 0.10/0.20), chips for a "
                   "tournament's first level (default 20/40)")
    m.add_argument("--ante", metavar="X", help="default: PokerStars' for the stakes")
    m.add_argument("--bring-in", metavar="X", help="default: PokerStars' for the stakes")
    m.add_argument("--tournament", action="store_true",
                   help="a tournament: chips, rising levels, eliminations")
    m.add_argument("--inject", metavar="RULE", choices=(*INJECTABLE, "all"),
                   help="break this rule in each hand (or 'all' to cycle through: "
                   + ", ".join(INJECTABLE) + ")")
    m.add_argument("--inject-rate", type=float, metavar="R",
                   help="with --inject: break a rule in this share of the hands (e.g. 0.05)")
    m.add_argument("-o", "--output", required=True, type=Path, metavar="FILE")
    m.set_defaults(func=cmd_simulate)


ARGUMENTS: dict[str, Callable[[argparse.ArgumentParser], None]] = {
    "equity": add_equity,
    "simulate": add_simulate,
}
"""Each command's arguments, by its name."""
