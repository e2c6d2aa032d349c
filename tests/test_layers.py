"""Promise: the package's layers import only downward and no package's modules import
each other in a cycle, and ``make lint`` (import-linter, contracts in pyproject.toml)
fails when either is broken.

Each case copies the package into a temporary folder, plants one import and runs
``lint-imports`` on the copy.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed "
                                "(make setup installs it)")


def _lint(tmp_path: Path, plant: tuple[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    shutil.copytree(ROOT / "stud_hh", tmp_path / "stud_hh",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    if plant is not None:
        module, line = plant
        path = tmp_path / "stud_hh" / module
        path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    return subprocess.run([str(LINT), "--no-cache"], cwd=tmp_path, capture_output=True,
                          text=True, env={"PYTHONPATH": str(tmp_path), "PATH": ""},
                          check=False)


def test_the_package_keeps_every_contract(tmp_path: Path) -> None:
    run = _lint(tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "BROKEN" not in run.stdout
    assert run.stdout.count("KEPT") >= 2


def test_a_lower_layer_importing_a_higher_one_breaks_the_build(tmp_path: Path) -> None:
    run = _lint(tmp_path, ("model/events.py", "import stud_hh.replay  # noqa"))
    assert run.returncode == 1, run.stdout
    assert "stud_hh.model is not allowed to import stud_hh.replay" in run.stdout


def test_the_engine_importing_the_readers_breaks_the_build(tmp_path: Path) -> None:
    run = _lint(tmp_path, ("engine/table.py", "import stud_hh.read.parse  # noqa"))
    assert run.returncode == 1, run.stdout
    assert "stud_hh.engine is not allowed to import stud_hh.read" in run.stdout


@pytest.mark.parametrize(("module", "line", "said"), [
    ("replay.py", "import stud_hh.read.parse  # noqa",
     "stud_hh.replay is not allowed to import stud_hh.read"),
    ("read/limits.py", "import stud_hh.replay  # noqa",
     "stud_hh.read is not allowed to import stud_hh.replay"),
])
def test_the_replay_and_the_readers_know_nothing_of_each_other(
        tmp_path: Path, module: str, line: str, said: str) -> None:
    """The hand records live in the model (:mod:`stud_hh.model.hand`): the replay takes
    a hand without the readers that make one, and no reader replays."""
    run = _lint(tmp_path, (module, line))
    assert run.returncode == 1, run.stdout
    assert said in run.stdout


def test_an_import_cycle_inside_a_package_breaks_the_build(tmp_path: Path) -> None:
    run = _lint(tmp_path, ("engine/findings.py", "import stud_hh.engine.settle  # noqa"))
    assert run.returncode == 1, run.stdout
    assert "No import cycles" in run.stdout
    assert "BROKEN" in run.stdout
