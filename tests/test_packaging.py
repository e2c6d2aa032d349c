"""A wheel ships the grammar inside the package, and an installed copy can parse."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

HAND = """PokerStars Hand #7: Razz Limit ($1/$2 USD) - 2026/01/02 03:04:05 ET
Table 'T' 8-max
Seat 1: A ($10 in chips)
Seat 2: B ($10 in chips)
A: posts the ante $0.10
B: posts the ante $0.10
*** 3rd STREET ***
Dealt to A [Kd]
Dealt to B [2c]
A: brings in for $0.50
B: folds
Uncalled bet ($0.40) returned to A
A collected $0.30 from pot
*** SUMMARY ***
Total pot $0.30 | Rake $0
Seat 1: A collected ($0.30)
Seat 2: B folded on the 3rd Street (didn't bet)
"""


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("hatchling", reason="building the wheel needs hatchling (dev dependency)")
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(out), str(ROOT)],
        check=True, capture_output=True, timeout=300,
    )
    wheels = list(out.glob("stud_hh-*.whl"))
    assert len(wheels) == 1
    return wheels[0]


def test_wheel_contains_the_grammar(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "stud_hh/grammar/pokerstars.lark" in names
    assert "stud_hh/parse.py" in names


def test_installed_wheel_parses_from_its_own_grammar(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
         str(wheel)],
        check=True, capture_output=True, timeout=300,
    )
    (tmp_path / "hand.txt").write_text(HAND, encoding="utf-8")
    script = (
        "import stud_hh, stud_hh.parse as p\n"
        "from importlib import resources\n"
        f"assert stud_hh.__file__.startswith({str(target)!r}), stud_hh.__file__\n"
        "assert resources.files('stud_hh').joinpath('grammar', 'pokerstars.lark').is_file()\n"
        "h = p.parse_hand(open('hand.txt').read())\n"
        "print(h.header.game.value, len(h.events))\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["razz", "13"]
