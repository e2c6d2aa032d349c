"""Promise: nothing impossible is stored clean, at any site; one rule for all of them.

* A file whose lines end in U+2028, U+2029, NEL, a vertical tab or a form feed reads as
  those lines (``stud_hh/read/reader.py``, ``LINE_BREAKS``).
* A damaged game name in a Bovada tournament header is a failure, as at a cash table:
  "Big blind/Bring in" is Bovada's stud bring-in too, no sign of another game.
"""

from __future__ import annotations

import importlib
import random
from pathlib import Path

import fuzzing
import pytest
from conftest import CORPUS_DIR, CORPUS_MISSING

from stud_hh import cli
from stud_hh.read.parse import ParseFailure, SkippedHand, parse_text

SITES = ("absolute", "bovada", "everleaf", "fulltilt", "ipoker", "kingsclub", "merge",
         "ongame", "partypoker", "pokerstars", "winamax", "winning")


def _hands(site: str) -> list[str]:
    hands: list[str] = importlib.import_module(f"forms_{site}").HANDS
    return hands


def _source(site: str, text: str) -> fuzzing.Source:
    suffix = ".xml" if site in ("ipoker", "merge") else ".txt"
    return fuzzing.Source(Path(f"{site}{suffix}"), text.encode("utf-8"), "utf-8", text)


# -- the cases the issue names -------------------------------------------------------

def _forms_hand(site: str, first_line: str) -> str:
    return next(h for h in _hands(site) if h.startswith(first_line) or first_line in h[:400])


def _corpus_text(name: str) -> str:
    if not CORPUS_DIR.is_dir():
        pytest.skip(CORPUS_MISSING)
    return fuzzing.load(CORPUS_DIR / name).text


@pytest.mark.parametrize("end", ["\u2028", "\u2029", "\x85", "\x0b", "\x0c"],
                         ids=["U+2028", "U+2029", "NEL", "VT", "FF"])
def test_a_file_whose_lines_end_in_another_line_boundary_reads_as_its_lines(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], end: str) -> None:
    """Item 5: such a file was "no hands", exit 0, though it opens with a valid header."""
    text = _corpus_text("Stars/7-Stud-USD-0.04-0.08-200911.txt")
    folder = tmp_path / "histories"
    folder.mkdir()
    (folder / "odd.txt").write_text(text.replace("\n", end), encoding="utf-8")
    (tmp_path / "plain.txt").write_text(text, encoding="utf-8")
    assert cli.main(["parse", str(tmp_path / "plain.txt"), "-q"]) == 0
    plain = capsys.readouterr().out
    assert "11 hands parsed" in plain
    for target in (folder / "odd.txt", folder):  # named, and found in a folder
        assert cli.main(["parse", str(target), "-q"]) == 0
        assert capsys.readouterr().out.replace("files", "file") == plain
    lines = list(parse_text(text.replace("\n", end)))
    assert [(r.first_line, r.last_line) for r in lines] == [
        (r.first_line, r.last_line) for r in parse_text(text)]


def test_a_damaged_game_code_in_a_bovada_tournament_header_is_a_failure() -> None:
    """Item 8: ``7CRAD`` in a tournament header was "skipped as not stud" (its
    ``Big blind/Bring in`` read as hold'em's blind) where the cash header's failed."""
    for hand in ("Bovada Hand #2633110001", "Bovada Hand #2633110002", "Bovada Hand #2844000001"):
        text = _forms_hand("bovada", hand).replace("7CARD", "7CRAD", 1)
        (result,) = parse_text(text)
        assert isinstance(result, ParseFailure), hand
        assert (result.line, result.offending_text) == (1, text.split("\n")[0])
        assert "the game '7CRAD Fixed Limit' is " in result.reason, result.reason


@pytest.mark.parametrize("site", SITES)
def test_a_damaged_game_name_never_skips_a_generated_hand(site: str) -> None:
    """Cash and tournament headers alike (issue 15 item 6's rule, ``games.py``): a stud
    hand whose game name is damaged fails; it is never skipped as another game."""
    skipped = []
    for hand in _hands(site):
        for seed in range(4):
            mutant = fuzzing.mutate("game-damaged", random.Random(seed), _source(site, hand))
            if mutant is None:
                continue
            for result in parse_text(mutant.data.decode("utf-8"), site):
                if isinstance(result, SkippedHand):
                    skipped.append(f"{mutant.note}: skipped as {result.game_text!r}")
    assert not skipped, "\n".join(skipped[:10])
