"""The benchmark scripts still start, and a mistyped count is a usage error.

The benchmarks are run by hand, never timed here; but a script whose imports rot (a
module it takes from ``tests/`` moved when the tests were laid out like the package)
fails only when someone runs it, often long after. Starting each one with ``--help``
runs its module-level imports and its argument parser. A count of nothing (``--hands
0``, ``--jobs 0``) is refused by the parser (``benchmarks/options.py``): one line, exit 2,
where it had gone on to a division by zero or a median of no runs.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIBRARIES = {"builds.py", "options.py"}
"""Modules the scripts import, with no command line of their own."""
SCRIPTS = sorted(p.name for p in (ROOT / "benchmarks").glob("*.py") if p.name not in LIBRARIES)
COUNTS = ("--hands", "--mutants", "--repeat", "--jobs", "--files", "--workers")
"""Options that count something there must be one of at least, wherever a script has one."""


def _run(script: str, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    env.pop("STUD_HH_BENCH_BUILD", None)
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args],
                          capture_output=True, text=True, env=env, cwd=ROOT,
                          check=False)


def test_every_script_is_listed() -> None:
    assert {"import.py", "fuzz.py", "fingerprint.py", "instructions.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_script_starts_and_refuses_a_count_of_nothing(script: str) -> None:
    helped = _run(script, "--help")
    assert helped.returncode == 0, helped.stderr[-2000:]
    assert "usage:" in helped.stdout
    assert "Traceback" not in helped.stderr
    counts = [o for o in COUNTS if re.search(rf"{o}\b", helped.stdout)]
    for option in counts[:2]:  # two at most: each run starts a process
        refused = _run(script, option, "0")
        assert refused.returncode == 2, (option, refused.stdout[-500:], refused.stderr[-2000:])
        assert f"argument {option}" in refused.stderr
        assert "Traceback" not in refused.stderr


def test_the_count_types() -> None:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import argparse

    import options

    assert options.count("1_000") == 1000
    assert options.some("0") == 0
    for bad, kind in (("0", options.count), ("-1", options.some), ("x", options.count),
                      ("0", options.positive), ("nan", options.positive)):
        with pytest.raises(argparse.ArgumentTypeError):
            kind(bad)


LAZY = """
import sys
sys.path.insert(0, "benchmarks")
import equity, fingerprint, watch
print("differential", sum(1 for _ in fingerprint.differential_hands(1)))
equity.anchor(5)
print("texts", len(watch.texts(2, 1)))
"""
"""What the scripts import from ``tests/`` only when they get there: the pokerkit
differential hands of the fingerprint, the equity anchor, the watch benchmark's hands."""


def test_what_the_scripts_import_late_is_there() -> None:
    pytest.importorskip("pokerkit")
    run = subprocess.run([sys.executable, "-c", LAZY], capture_output=True, text=True,
                         cwd=ROOT, check=False,
                         env={**os.environ, "OPENBLAS_NUM_THREADS": "1"})
    assert run.returncode == 0, run.stderr[-2000:]
    assert "differential 3" in run.stdout  # one hand of each game
    assert "anchor: the same deals settled by pokerkit" in run.stdout
    assert "texts 2" in run.stdout


def test_the_fuzz_runs_kinds_are_checked() -> None:
    """``benchmarks/fuzz.py --kinds``: ``flagged`` stands for the impossible dates, times,
    zones and cards; a mistyped kind is a usage error naming it."""
    sys.path[:0] = [str(ROOT / "benchmarks"), str(ROOT / "tests" / "read")]
    import argparse

    import fuzz
    import fuzzing

    assert fuzz._kinds("flagged,eol-nel") == (*fuzzing.FLAGGED_KINDS, "eol-nel")
    assert fuzz._kinds("card-changed, card-changed") == ("card-changed",)
    for bad in ("bogus", "card-changed,bogus", ","):
        with pytest.raises(argparse.ArgumentTypeError, match="unknown mutation kind"):
            fuzz._kinds(bad)
