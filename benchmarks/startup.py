"""How long the commands a person types take to answer, from the start of the process.

    python benchmarks/startup.py [--repeat 7] [--build pure|compiled|both]
                                 [--against COMMIT] [--source DIR]

Times, in fresh processes, what a newcomer meets first: ``--version``, ``--help``, an
argument error (``stats --bogus``), a first import of a few hundred hands (``--small``
hands of ``sample_histories/`` in five files, into a new database, the number of
processes left to the import), and on a database of ``--source`` (default: the shared
corpus, else ``sample_histories/``) ``show`` of a hand, ``stats`` of its busiest player,
``plot winnings`` and ``equity`` of a settled 7th-street spot. Each command runs
``--repeat`` times, the builds alternating (the pure source tree, the compiled wheel of
``build/compiled``, and with ``--against COMMIT`` the compiled wheel of another commit,
built into ``build/against/`` the first time), and the median and least wall-clock times
are printed per build. Every build imports its own database first (untimed): an older
build may not read a newer schema.

The first-hour issue asks for ``--help``, ``--version`` and argument errors under 0.3 s and
``show``, ``stats``, ``plot`` under 1.5 s on this machine when idle: a loaded machine
doubles these, so compare builds in one run, never against a figure of another hour.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import builds
from options import count

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
RUN = "import sys\nfrom stud_hh.cli import main\nsys.exit(main(sys.argv[1:]))\n"
SETTLED = ["equity", "As Ad Kc Qd 7h 2c 3s | 9s 9h 9d 3c 4d 5h 6s", "--game", "stud"]
"""Every card of both players dealt: one deal to settle, the cost is the start."""


def _stud_hh(where: Path, args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    """``stud-hh ARGS`` with the build installed at ``where`` (its folder on the path)."""
    env = {**os.environ, "PYTHONPATH": str(where), "OPENBLAS_NUM_THREADS": "1",
           "STUD_HH_CONFIG": str(cwd / "no-settings.toml")}
    return subprocess.run([sys.executable, "-c", RUN, *args], env=env, cwd=cwd,
                          capture_output=True, text=True, check=False)


def _small(folder: Path, hands: int) -> Path:
    """``hands`` hands of the bundled samples in five files (a player's first folder)."""
    small = folder / "small"
    small.mkdir()
    texts = [t for path in sorted((ROOT / "sample_histories").glob("*.txt"))
             for t in path.read_text(encoding="utf-8").split("\n\n\n") if t.strip()]
    share = -(-hands // 5)
    for i in range(5):
        chosen = texts[i * share:min(hands, (i + 1) * share)]
        (small / f"HH{i}.txt").write_text("\n\n\n".join(chosen) + "\n\n\n", encoding="utf-8")
    return small


def _commands(where: Path, source: Path, folder: Path, small: int) -> dict[str, list[str]]:
    """The commands timed, on a database of ``source`` imported by the build at ``where``."""
    db = folder / "db"
    done = _stud_hh(where, ["import", str(source), "--db", str(db), "-q"], folder)
    if done.returncode not in (0, 1):
        sys.exit(f"the import with {where} failed: {done.stderr}")
    query = "SELECT player, count(*) AS n FROM players GROUP BY player ORDER BY n DESC LIMIT 1"
    busiest = _stud_hh(where, ["sql", "--db", str(db), "--format", "csv", query], folder)
    player = busiest.stdout.splitlines()[1].rsplit(",", 1)[0]
    hand = _stud_hh(where, ["sql", "--db", str(db), "--format", "csv",
                            "SELECT hand_id FROM hands ORDER BY hand_id LIMIT 1"], folder)
    hand_id = hand.stdout.splitlines()[1]
    return {
        "--version": ["--version"],
        "--help": ["--help"],
        "stats --bogus": ["stats", "--bogus"],
        "show": ["show", hand_id, "--db", str(db)],
        "stats": ["stats", "--db", str(db), "--player", player],
        "plot winnings": ["plot", "winnings", "--db", str(db), "--player", player, "-o",
                          str(folder / "w.png")],
        "equity (7th street)": SETTLED,
        f"import {small} hands": ["import", str(_small(folder, small)), "--db",
                                  str(folder / "small.db"), "-q"],
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=count, default=7, help="runs of each command")
    parser.add_argument("--small", type=count, default=457,
                        help="hands of the first import timed (default 457)")
    builds.add_option(parser)
    parser.add_argument("--against", type=builds.against, metavar="COMMIT",
                        help="also time another commit's compiled wheel (or its folder)")
    parser.add_argument("--source", type=Path, default=CORPUS if CORPUS.is_dir()
                        else ROOT / "sample_histories", help="histories of the database")
    args = parser.parse_args()
    wanted = builds.BUILDS if args.build == "both" else (args.build,)
    if "compiled" in wanted:
        builds.ensure_compiled()
    places = {name: builds.COMPILED if name == "compiled" else ROOT for name in wanted}
    if args.against is not None:
        places[f"against {args.against.name}"] = args.against
    with tempfile.TemporaryDirectory() as tmp:
        commands = {}
        for name, where in places.items():
            folder = Path(tmp) / name.replace(" ", "-")
            folder.mkdir()
            commands[name] = (folder, _commands(where, args.source, folder, args.small))
        times: dict[tuple[str, str], list[float]] = {}
        for _ in range(args.repeat):
            for name, where in places.items():  # alternating: drift moves every build alike
                folder, todo = commands[name]
                for label, argv in todo.items():
                    if label.startswith("import"):  # a new database each time
                        shutil.rmtree(folder / "small.db", ignore_errors=True)
                    started = time.perf_counter()
                    _stud_hh(where, argv, folder)
                    times.setdefault((name, label), []).append(time.perf_counter() - started)
    labels = list(next(iter(commands.values()))[1])
    print(f"{args.source}: seconds from start to exit, median (least) of {args.repeat} runs; "
          f"load average {os.getloadavg()[0]:.2f}")
    print(f"{'command':22}" + "".join(f"{name:>24}" for name in places))
    for label in labels:
        cells = [f"{statistics.median(t):.3f} ({min(t):.3f})" for t in
                 (times[(name, label)] for name in places)]
        print(f"{label:22}" + "".join(f"{c:>24}" for c in cells))


if __name__ == "__main__":
    main()
