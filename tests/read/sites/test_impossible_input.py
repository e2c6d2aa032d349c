"""Promise: nothing impossible is stored clean, at any site; one rule for all of them.

* A file whose lines end in U+2028, U+2029, NEL, a vertical tab or a form feed reads as
  those lines (``stud_hh/read/reader.py``, ``LINE_BREAKS``).
"""

from __future__ import annotations

from pathlib import Path

import fuzzing
import pytest
from conftest import CORPUS_DIR, CORPUS_MISSING

from stud_hh import cli
from stud_hh.read.parse import parse_text

# -- the cases the issue names -------------------------------------------------------

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
