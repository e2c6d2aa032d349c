"""The benchmark scripts still start: each answers ``--help`` (exit 0).

The benchmarks are run by hand, never timed here; but a script whose imports rot (a
module it takes from ``tests/`` moved when the tests were laid out like the package)
fails only when someone runs it, often long after. Starting each one with ``--help``
runs its module-level imports and its argument parser.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LIBRARIES = {"builds.py"}
"""Modules the scripts import, with no command line of their own."""
SCRIPTS = sorted(p.name for p in (ROOT / "benchmarks").glob("*.py") if p.name not in LIBRARIES)


def test_every_script_is_listed() -> None:
    assert {"import.py", "fuzz.py", "fingerprint.py", "instructions.py"} <= set(SCRIPTS)


@pytest.mark.parametrize("script", SCRIPTS)
def test_script_starts(script: str) -> None:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    env.pop("STUD_HH_BENCH_BUILD", None)
    run = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), "--help"],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=120,
                         check=False)
    assert run.returncode == 0, run.stderr[-2000:]
    assert "usage:" in run.stdout
    assert "Traceback" not in run.stderr
