"""Promise: a hand that does not read is told in its own site's words. The part a hand
lacks or holds out of place is named as the site prints it, where its grammar writes
that out, else by what it is; never in another site's words (PokerStars' ``*** 5th
STREET ***`` for a PartyPoker hand, which prints ``** Dealing Fifth street **``)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from stud_hh.model.hand import ParsedHand, ParseFailure
from stud_hh.read.explain import explain_line, wording
from stud_hh.read.parse import parse_file, parse_text
from stud_hh.read.sites import EVERLEAF, POKERSTARS


def _first_hand(corpus: Path, site: str) -> list[str]:
    """The lines of the first stud hand of the site's first corpus file that holds one."""
    for path in sorted((corpus / site).rglob("*.txt")):
        hands = [r for r in parse_file(path) if isinstance(r, ParsedHand)]
        if hands:
            lines = path.read_text(encoding="utf-8", errors="replace").splitlines()
            return lines[hands[0].first_line - 1:hands[0].last_line]
    pytest.skip(f"no stud hand in the corpus's {site} folder")


def _failure(lines: list[str]) -> ParseFailure:
    results = list(parse_text("\n".join(lines) + "\n", "damaged.txt"))
    assert len(results) == 1
    failure = results[0]
    assert isinstance(failure, ParseFailure), failure
    return failure


def test_a_street_out_of_order_is_named_as_the_site_prints_it(corpus: Path) -> None:
    lines = _first_hand(corpus, "PartyPoker")
    assert "** Dealing Fourth street **" in lines
    failure = _failure([line for line in lines if line != "** Dealing Fourth street **"])
    assert failure.reason.startswith("'** Dealing Fifth street **' is out of place: ")
    assert "***" not in failure.reason


def test_a_hand_cut_short_names_what_it_lacks_by_what_it_is(corpus: Path) -> None:
    lines = _first_hand(corpus, "OnGame")
    end = lines.index("Summary:")
    while lines[end - 1] == "---":
        end -= 1
    failure = _failure(lines[:end])
    assert failure.reason.startswith("truncated hand: the text ends after line ")
    assert failure.reason.endswith(" without the summary")  # OnGame prints "Summary:"


def test_a_verb_the_site_writes_is_never_called_unknown() -> None:
    """PokerStars posts its antes, Everleaf too; neither writes ``antes``."""
    line = "Al: posts ante [$0.05]"
    assert explain_line(line, (), wording(EVERLEAF.grammar)) == "unreadable ante line"
    assert explain_line("Al: antes $0.05", (), wording(POKERSTARS.grammar)) == (
        "unknown action 'antes'")
    assert explain_line("Al: bets", (), wording(POKERSTARS.grammar)) == (
        "missing amount after 'bets'")


def test_a_seat_line_out_of_place_is_no_unknown_action(
        stars_hand_texts: list[tuple[str, str]]) -> None:
    """``Seat 3: al folded ...`` holds a colon, but ``Seat 3`` is no player and ``al`` no
    verb."""
    for _, text in stars_hand_texts:
        lines = text.rstrip("\n").split("\n")
        summary = lines.index("*** SUMMARY ***")
        seat = next((i for i in range(summary, len(lines))
                     if re.match(r"Seat \d+: [a-z]", lines[i])), None)
        if seat is not None:
            break
    else:
        pytest.skip("no summary seat line of a player whose name starts in lower case")
    moved = [*lines[:summary], lines[seat], *lines[summary:seat], *lines[seat + 1:]]
    failure = _failure(moved)
    assert failure.line == summary + 1
    assert "unknown action" not in failure.reason
    assert failure.reason.startswith("a summary seat line is out of place: ")
