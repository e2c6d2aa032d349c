"""The fuzz suite: mutated corpus files never break the promises of parse, audit and import.

Bounded and seeded (the same mutants every run, a couple of minutes in all); the long run
is ``benchmarks/fuzz.py --mutants 3000 --seed S``. The machinery, the mutation kinds and
the independent hand counter are in ``tests/fuzzing.py``. For every mutant:

* ``stud-hh parse``, ``audit`` and ``import`` print no traceback and exit 0, 1 or 2, and no
  failure's reason is an internal error;
* import: hands stored + failures + skipped = the hands in the input, counted by header
  apart from the project's splitter; no failure holds two hands, and no hand starts at a
  line that is not a header;
* a re-import of the same files adds nothing;
* a hand skipped as not stud names a game that is positively not stud (issue 15, item 6);
* a player renamed to any of 35 odd names leaves each hand the same hand (its events equal
  with the name mapped back), or a failure with its reason; never several hands.

Besides, a test per defect the fuzzing found, each with its reproducer.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import fuzzing
import pytest

from stud_hh.parse import ParsedHand, ParseFailure, SkippedHand, parse_file, parse_text

SEED = 15
MUTANTS = 150
NAME_CHECKS = 120


# ---------------------------------------------------------------------------
# The independent counter and the promises themselves can fail
# ---------------------------------------------------------------------------


def test_the_counter_counts_the_corpus_as_the_readers_do(corpus: Path) -> None:
    for path in fuzzing.corpus_files(corpus):
        expected = fuzzing.count_hands(path.name, path.read_bytes())
        read = [r for r in parse_file(path)
                if not (isinstance(r, ParseFailure) and r.site is None and r.hand_id is None)]
        assert len(read) == expected, path


def test_the_counter_knows_a_header_from_a_player_called_like_one() -> None:
    header = "PokerStars Hand #1: Razz Limit ($1/$2 USD) - 2017/01/21 16:58:03 ET"
    assert fuzzing.header_site(header) == "PokerStars"
    assert fuzzing.header_site("PokerStars Hand #1:: bets $2") is None
    assert fuzzing.header_site(header + ": posts the ante $1") is None
    party = "Game #1 starts.\n\n#Game No : 1\n***** Hand History for Game 1 *****\nx\n"
    assert fuzzing.count_text_hands(party * 2) == 2


def test_a_broken_promise_is_reported(tmp_path: Path, corpus: Path) -> None:
    """The checks can fail: a run that exits 3, and a failure holding two hands."""
    assert fuzzing.Run(("parse",), 3, "", "stud-hh: internal error (a bug)").problems()
    assert fuzzing.Run(("parse",), 0, "Traceback (most recent call last)", "").problems()
    source = fuzzing.load(corpus / "Stars" / "7-Stud-USD-0.04-0.08-200911.txt")
    glued = source.text.replace("\nPokerStars Game #", "\nPokerStars Gxme #", 1)
    assert fuzzing.count_text("x.txt", glued) == fuzzing.count_text("x.txt", source.text) - 1
    damaged = fuzzing.Mutant("test", source.path, source.encode(glued))
    outcome = fuzzing.check_batch([damaged], tmp_path)
    assert not outcome.violations  # the damaged header is no header, for both counts
    assert fuzzing.count_text("x.txt", source.text) > 1


# ---------------------------------------------------------------------------
# Item 9: a line longer than 8 MiB leaves every later line its number
# ---------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["Stars/7-Stud-USD-0.04-0.08-200911.txt",
                                  "FTP/7-StudHL-USD-2-4-201006.Steal.examples.txt"])
def test_a_very_long_line_leaves_the_later_line_numbers_right(corpus: Path, name: str) -> None:
    source = fuzzing.load(corpus / name)
    lines = re.split(r"\r\n|\r|\n", source.text)
    # damage the last hand, so that a failure after the long line names its line too
    summary = max(i for i, line in enumerate(lines) if line.startswith("*** SUMMARY"))
    lines[summary] = "*** SUMMARX ***"
    eol = "\r\n" if "\r\n" in source.text else "\n"
    text = eol.join(lines)
    before = list(parse_text(text, "x.txt"))
    at = 3  # the long line goes before the third line: inside the first hand
    junk = "x" * fuzzing.LONG_LINE
    longer = eol.join([*lines[:at - 1], junk, *lines[at - 1:]])
    after = list(parse_text(longer, "x.txt"))
    def where(result: object, shift: int) -> tuple[object, ...]:
        line = result.line if isinstance(result, ParseFailure) else None
        assert isinstance(result, ParsedHand | ParseFailure | SkippedHand)
        return (result.first_line + shift, result.last_line + shift, type(result).__name__,
                None if line is None else line + shift)

    moved = [where(r, 0) for r in after if r.first_line > at]
    expected = [where(r, 1) for r in before if r.first_line >= at]
    assert moved == expected
    assert any(isinstance(r, ParseFailure) and r.first_line > at for r in after)


# ---------------------------------------------------------------------------
# Item 7: no player name starts a hand, at any site
# ---------------------------------------------------------------------------

_ONE_FILE_PER_SITE = [
    "Stars/7-Stud-USD-0.04-0.08-200911.txt",
    "FTP/7-StudHL-USD-2-4-201103.Underscore.in.tablename.txt",
    "PartyPoker/7-StudHL-USD-0.50-1.00-201008.txt",
    "Winamax/7-Stud-6max-EUR-25-50-201611._8games_.txt",
    "Everleaf/7-Stud-EUR-0.05-0.10.201108-new-format.txt",
    "OnGame/7-Stud-USD-0.10-0.20-201009.Sample.txt",
    "Absolute/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt",
    "Winning/7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt",
    "Winning/7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt",
    "KingsClub/7-StudHL-USD-40-80-202101.txt",
]


@pytest.mark.parametrize("kind", ["header-prefix", "header-like", "header-line"])
@pytest.mark.parametrize("name", _ONE_FILE_PER_SITE)
def test_a_player_called_like_a_header_starts_no_hand(corpus: Path, name: str,
                                                      kind: str) -> None:
    source = fuzzing.load(corpus / name)
    mutant = fuzzing.mutate(f"name-{kind}", random.Random(7), source)
    assert mutant is not None
    assert fuzzing.check_names(mutant) == []


@pytest.mark.parametrize("kind", ["leading-space", "trailing-space"])
@pytest.mark.parametrize("name", _ONE_FILE_PER_SITE)
def test_a_name_with_spaces_at_its_ends_is_one_player(corpus: Path, name: str,
                                                      kind: str) -> None:
    """The reader drops spaces at line ends: `` Al`` acting at a line's start is still the
    seated `` Al``, not another player ``Al``."""
    source = fuzzing.load(corpus / name)
    for seed in range(3):
        mutant = fuzzing.mutate(f"name-{kind}", random.Random(seed), source)
        assert mutant is not None
        assert fuzzing.check_names(mutant) == []


