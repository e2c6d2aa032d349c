"""The bundled sample_histories/ are generated sessions: clean, reproducible, and honest.

They are the demo's input and the notebooks' default data: every hand reads
and replays with no violation except the planted ones in ``injected/``, which
are flagged exactly as their ground-truth file says. ``make samples``
regenerates them byte for byte.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from stud_hh import ParsedHand, ParseFailure, parse_paths
from stud_hh.model.events import Game
from stud_hh.replay import replay

ROOT = Path(__file__).resolve().parents[1]
SAMPLES = ROOT / "sample_histories"
INJECTED = SAMPLES / "injected"


def hands(folder: Path) -> list[ParsedHand]:
    results = list(parse_paths(sorted(folder.glob("*.txt"))))
    assert [str(r.error) for r in results if isinstance(r, ParseFailure)] == []
    return [r for r in results if isinstance(r, ParsedHand)]


def test_clean_samples_replay_without_violations() -> None:
    found = hands(SAMPLES)
    assert len(found) >= 2000
    assert set(Counter(h.header.game for h in found)) == {Game.STUD, Game.STUD8, Game.RAZZ}
    assert any(h.header.is_tournament for h in found)
    assert any(not h.header.is_tournament for h in found)
    broken = [(h.hand_id, v.rule, v.line) for h in found for v in replay(h).violations]
    assert broken == []
    assert len({h.hand_id for h in found}) == len(found)


def test_injected_samples_are_flagged_exactly_as_planted() -> None:
    truth = set()
    for path in INJECTED.glob("*.truth.jsonl"):
        for line in path.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            truth.add((row["hand_id"], row["rule"], row["line"]))
    assert len(truth) >= 10
    found = {(h.hand_id, v.rule, v.line) for h in hands(INJECTED) for v in replay(h).violations}
    assert found == truth


def test_samples_are_small_enough_for_the_repository() -> None:
    size = sum(p.stat().st_size for p in SAMPLES.rglob("*") if p.is_file())
    assert size < 5 * 2**20


def test_make_samples_regenerates_the_same_bytes(tmp_path: Path) -> None:
    """The smallest session of the Makefile's recipe, replayed, gives the committed bytes."""
    recipe = (ROOT / "Makefile").read_text(encoding="utf-8")
    line = next(m for m in re.findall(r"\$\(SIM\) (.*)", recipe) if "heads-up" in m)
    args = line.split()
    target = Path(args[args.index("-o") + 1])
    args[args.index("-o") + 1] = str(tmp_path / target.name)
    done = subprocess.run([sys.executable, "-m", "stud_hh.cli", "simulate", *args],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / target.name).read_bytes() == (ROOT / target).read_bytes()


@pytest.mark.parametrize("name", ["stud_cash_0.10-0.20.txt", "stud8_cash_0.25-0.50.txt"])
def test_samples_have_table_texture(name: str) -> None:
    text = (SAMPLES / name).read_text(encoding="utf-8")
    assert "joins the table" in text or "leaves the table" in text
    assert " said, \"" in text or "is disconnected" in text or "has timed out" in text
