"""Instructions a hand, counted by valgrind's callgrind: a figure no drift of the machine moves.

    python benchmarks/instructions.py [--hands 2000] [--stage import|parse]
                                      [--source DIR ...] [--new-players]
                                      [--build pure|compiled|both]

This machine's wall-clock rates drift by up to a fifth within an hour (a shared virtual
machine; the same import ran at 2,000 and at 2,600 hands/s on one evening), so a change
worth a few percent cannot be seen in them, even interleaved. Callgrind counts every
instruction the process executes instead: the same count, to a few in a million, for
every run of the same code on the same input, whatever else the machine does.

Two files are made of the source hands (``--source``, as ``import.py`` takes it, with
``--new-players`` giving every copy players of its own): the first ``--warm`` hands, and
those followed by ``--hands`` more. Each is imported (``--stage import``: one process
into a new database, as ``import.py`` does) or parsed (``--stage parse``) in its own
process under callgrind, both at once; the difference of the two counts over
``--hands`` is the cost of a hand, with the interpreter's start, the imports and the
grammars, and the first hands (the readers' memories filling), left out.

An instruction count is not time: a cache miss or a slow division costs more than its
instruction (the equity tables' lookups, the hash of a new string), so a change is
confirmed by interleaved timed runs too. Running under callgrind is about 50 times
slower: the default takes about a minute. To compare with another commit, install its
wheel into a folder (``pip install --no-deps --target DIR stud_hh-*.whl``) and run this
script with ``STUD_HH_BENCH_BUILD=compiled PYTHONPATH=DIR`` (``builds.build_of(commit)``
installs a commit's wheel into ``build/against/``; ``import.py --against`` does it too).
"""

from __future__ import annotations

import argparse
import importlib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import builds
import parse as parse_bench
from options import count as at_least_one

_REFS = re.compile(r"I\s+refs:\s+([\d,]+)")


def measure(stage: str, path: Path) -> None:
    """The work counted, in this process (run under callgrind by :func:`count`)."""
    if stage == "import":
        try:
            from stud_hh.store.ingest.run import import_paths
        except ImportError:  # a commit from before the import was cut into stud_hh.store.ingest
            try:
                import_paths = importlib.import_module("stud_hh.store.importer").import_paths
            except ImportError:  # a commit from before the package was cut into layers
                import_paths = importlib.import_module("stud_hh.importer").import_paths

        with tempfile.TemporaryDirectory() as tmp:
            import_paths([path], Path(tmp) / "db", jobs=1)
        return
    from stud_hh.model.hand import ParsedHand
    from stud_hh.read.parse import result_of
    from stud_hh.read.split import raw_hands

    for raw in raw_hands(path):
        if not isinstance(result_of(raw), ParsedHand):
            sys.exit(f"a hand of {path} does not parse (line {raw.first_line})")


def count(stage: str, path: Path, build: Path | None = None) -> subprocess.Popen[str]:
    """A process counting the instructions of :func:`measure` on ``path`` (started), with
    this process's ``stud_hh`` or the one installed in ``build``."""
    return subprocess.Popen(
        ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
         sys.executable, __file__, "--measure", stage, str(path)],
        env=_env(build, PYTHONHASHSEED="0"), stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)


def _env(build: Path | None, **more: str) -> dict[str, str]:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1", **more}
    if build is not None:
        env["PYTHONPATH"] = str(build)
        env.pop("STUD_HH_BENCH_BUILD", None)
    return env


def refs(run: subprocess.Popen[str]) -> int:
    """The instructions counted by a finished :func:`count`."""
    out, err = run.communicate()
    found = _REFS.search(err)
    if run.returncode or found is None:
        sys.exit(f"the counted run failed (exit {run.returncode}):\n{out}{err[-2000:]}")
    return int(found.group(1).replace(",", ""))


def write(path: Path, copy: parse_bench.HandCopies, hands: int) -> None:
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for i in range(hands):
            out.write(copy(i))
            out.write("\n\n")


def main() -> None:
    if len(sys.argv) == 4 and sys.argv[1] == "--measure":
        measure(sys.argv[2], Path(sys.argv[3]))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=at_least_one, default=2000,
                        help="hands counted, after the warm-up ones (default 2000)")
    parser.add_argument("--warm", type=at_least_one, default=500,
                        help="hands read first and left out of the count (default 500)")
    parser.add_argument("--stage", choices=("import", "parse"), default="import")
    parser.add_argument("--source", type=Path, action="append",
                        help="a folder or file of stud histories to repeat (default: the "
                             "handwritten hands and the corpus's Stars files)")
    parser.add_argument("--new-players", action="store_true",
                        help="every copy of a hand with players of its own")
    parser.add_argument("--against", metavar="COMMIT",
                        help="count the compiled wheel of COMMIT (or of a folder it is "
                             "installed in) on the same hands too, and the ratio")
    builds.add_option(parser)
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed: it counts the instructions "
                 "(Debian: apt-get install valgrind)")
    if builds.run_builds(__file__, sys.argv[1:], args.build):
        return
    copy = parse_bench.HandCopies(args.source or parse_bench.DEFAULT_SOURCES, args.new_players)
    other = None if args.against is None else builds.against(args.against)
    with tempfile.TemporaryDirectory() as tmp:
        small, large = Path(tmp) / "warm.txt", Path(tmp) / "counted.txt"
        write(small, copy, args.warm)
        write(large, copy, args.warm + args.hands)
        per_hand = counted(args.stage, small, large, args.hands, None)
        theirs = None if other is None else counted(args.stage, small, large, args.hands, other)
    print(f"{args.stage}: {per_hand / 1e6:.3f} million instructions a hand ({args.hands:,} "
          f"hands after {args.warm:,}; {copy.distinct} source hands"
          f"{', new players in every copy' if args.new_players else ''})")
    if other is not None and theirs is not None:
        print(f"{other.name}: {theirs / 1e6:.3f} million a hand; this build does "
              f"{per_hand / theirs:.3f} times its work")


def counted(stage: str, small: Path, large: Path, hands: int, build: Path | None) -> float:
    """Instructions a hand of ``stage``: the two files' counts, their difference over
    ``hands``, with this ``stud_hh`` or ``build``'s."""
    # once uncounted first, so that neither counted run builds a grammar's tables
    # (the first process after a grammar changes writes them to the cache)
    subprocess.run([sys.executable, __file__, "--measure", stage, str(small)],
                   check=True, env=_env(build))
    runs = [count(stage, small, build), count(stage, large, build)]
    before, after = (refs(run) for run in runs)
    return (after - before) / hands


if __name__ == "__main__":
    main()
