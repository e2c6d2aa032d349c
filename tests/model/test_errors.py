"""Targeted damage to real hands: each failure names the right file line with a readable reason.

Every damaged hand sits between two good hands in one file, so each test also
checks that the file line is counted from the start of the file and that the
hands around the damaged one still read.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stud_hh.model.errors import HandParseError
from stud_hh.model.events import Deal, Street
from stud_hh.model.hand import ParsedHand, ParseFailure, ParseResult, SkippedHand
from stud_hh.read import reader
from stud_hh.read.parse import parse_file, parse_hand, parse_raw
from stud_hh.read.sites import starts_hand

MULTI = "7-Stud-USD-0.04-0.08-200911.txt"
MIXED = "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"


@pytest.fixture(scope="module")
def hands(stars_hand_texts: list[tuple[str, str]]) -> list[list[str]]:
    """The lines of the hands of the multi-hand file (first one: hand #35874004239)."""
    found = [text.splitlines() for name, text in stars_hand_texts if name == MULTI]
    if len(found) < 3:
        pytest.skip(f"{MULTI} not found in the corpus")
    return found


class File:
    """Hands written one after another with a blank line between them."""

    def __init__(self, folder: Path, hands: list[list[str]], name: str = "hands.txt") -> None:
        self.path = folder / name
        self.starts: list[int] = []
        lines: list[str] = []
        for hand in hands:
            if lines:
                lines.append("")
            self.starts.append(len(lines) + 1)
            lines.extend(hand)
        self.path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        self.results: list[ParseResult] = list(parse_file(self.path))

    def line(self, hand: int, index: int) -> int:
        """The file line of line ``index`` (0-based) of hand number ``hand``."""
        return self.starts[hand] + index


def _only_failure(file: File, around: list[list[str]]) -> ParseFailure:
    """The single failure of a file whose other hands (``around``) must read."""
    failures = [r for r in file.results if isinstance(r, ParseFailure)]
    assert len(failures) == 1, file.results
    parsed = [r for r in file.results if isinstance(r, ParsedHand)]
    want_ids = {hand[0].split("#", 1)[1].split(":", 1)[0] for hand in around}
    assert {r.hand_id for r in parsed} == want_ids
    failure = failures[0]
    assert failure.path == str(file.path)
    return failure


def _index(lines: list[str], start: str, after: int = 0) -> int:
    return next(i for i, line in enumerate(lines) if i >= after and line.startswith(start))


def _message_starts(failure: ParseFailure, path: Path, line: int) -> None:
    message = str(failure.error)
    assert message.startswith((f"{path}:{line}:", f"{path}:{line} ")), message


# ---------------------------------------------------------------------------
# Failures with a reason
# ---------------------------------------------------------------------------


def test_hand_truncated_before_summary(hands: list[list[str]], tmp_path: Path) -> None:
    bad = hands[0][: hands[0].index("*** SUMMARY ***")]
    file = File(tmp_path, [hands[1], bad, hands[2]])
    failure = _only_failure(file, [hands[1], hands[2]])
    last = file.line(1, len(bad) - 1)
    assert failure.line == last
    assert (failure.first_line, failure.last_line) == (file.starts[1], last)
    assert "truncated" in failure.reason
    assert failure.hand_id == "35874004239"
    _message_starts(failure, file.path, last)


def test_truncated_hand_names_what_is_missing(hands: list[list[str]], tmp_path: Path) -> None:
    bad = hands[0][: hands[0].index("*** SUMMARY ***")]
    file = File(tmp_path, [hands[1], bad, hands[2]])
    failure = _only_failure(file, [hands[1], hands[2]])
    assert failure.reason.endswith(" without the summary")
    assert "4th street" not in failure.reason


def test_bet_without_amount(hands: list[list[str]], tmp_path: Path) -> None:
    bad = list(hands[0])
    i = bad.index("MasterTrini1: bets $0.04")
    bad[i] = "MasterTrini1: bets"
    file = File(tmp_path, [hands[1], bad, hands[2]])
    failure = _only_failure(file, [hands[1], hands[2]])
    assert failure.line == file.line(1, i)
    assert "missing amount" in failure.reason
    assert "'bets'" in failure.reason
    assert failure.offending_text == "MasterTrini1: bets"
    assert failure.hand_id == "35874004239"
    _message_starts(failure, file.path, file.line(1, i))
    assert str(failure.error).endswith("\n    MasterTrini1: bets")


def test_unknown_action(hands: list[list[str]], tmp_path: Path) -> None:
    bad = list(hands[0])
    i = bad.index("Hero: calls $0.02")
    bad[i] = "Hero: completes to $0.04"
    file = File(tmp_path, [hands[1], bad, hands[2]])
    failure = _only_failure(file, [hands[1], hands[2]])
    assert failure.line == file.line(1, i)
    assert "unknown action 'completes'" in failure.reason
    assert failure.offending_text == "Hero: completes to $0.04"
    _message_starts(failure, file.path, file.line(1, i))


def test_corrupt_card_is_kept_as_unknown_with_a_warning(
    hands: list[list[str]], tmp_path: Path
) -> None:
    bad = list(hands[0])
    i = bad.index("Dealt to Nikolay Zem [9s]")
    bad[i] = "Dealt to Nikolay Zem [of]"
    file = File(tmp_path, [hands[1], bad, hands[2]])
    assert all(isinstance(r, ParsedHand) for r in file.results)
    hand = file.results[1]
    assert isinstance(hand, ParsedHand)
    line = file.line(1, i)
    deal = next(e for e in hand.events if e.line == line)
    assert isinstance(deal, Deal)
    assert (deal.player, deal.street, deal.cards) == ("Nikolay Zem", Street.THIRD, (None,))
    assert len(hand.warnings) == 1
    assert f"line {line}" in hand.warnings[0]
    assert "'of'" in hand.warnings[0]
    for other in (file.results[0], file.results[2]):
        assert isinstance(other, ParsedHand)
        assert other.warnings == ()


def test_street_out_of_order(hands: list[list[str]], tmp_path: Path) -> None:
    lines = hands[0]
    fourth = lines.index("*** 4th STREET ***")
    fifth = lines.index("*** 5th STREET ***")
    sixth = lines.index("*** 6th STREET ***")
    bad = lines[:fourth] + lines[fifth:sixth] + lines[fourth:fifth] + lines[sixth:]
    file = File(tmp_path, [hands[1], bad, hands[2]])
    failure = _only_failure(file, [hands[1], hands[2]])
    assert failure.line == file.line(1, fourth)  # where "*** 5th STREET ***" now stands
    assert failure.offending_text == "*** 5th STREET ***"
    assert "out of order" in failure.reason
    assert "5th STREET" in failure.reason
    _message_starts(failure, file.path, file.line(1, fourth))


def test_unreadable_stakes(hands: list[list[str]], tmp_path: Path) -> None:
    bad = list(hands[0])
    assert "($0.04/$0.08 USD)" in bad[0]
    bad[0] = bad[0].replace("($0.04/$0.08 USD)", "($0.04/$0.0.8 USD)")
    file = File(tmp_path, [hands[1], bad, hands[2]])
    failure = _only_failure(file, [hands[1], hands[2]])
    assert failure.line == file.starts[1]
    assert "unreadable stakes" in failure.reason
    assert "$0.0.8" in failure.reason
    assert failure.offending_text == bad[0]
    _message_starts(failure, file.path, file.starts[1])


@pytest.mark.parametrize("stakes", ["($0.04/$zz USD)", "($0.04-$0.08 USD)", "($0.04/ USD)"])
def test_stakes_without_numbers_are_a_failure_not_a_skip(
    stakes: str, hands: list[list[str]], tmp_path: Path
) -> None:
    bad = list(hands[0])
    bad[0] = bad[0].replace("($0.04/$0.08 USD)", stakes)
    file = File(tmp_path, [hands[1], bad, hands[2]])
    assert not [r for r in file.results if isinstance(r, SkippedHand)], file.results
    failure = _only_failure(file, [hands[1], hands[2]])
    assert failure.line == file.starts[1]
    assert "stakes" in failure.reason


def test_impossible_start_time(hands: list[list[str]], tmp_path: Path) -> None:
    bad = list(hands[0])
    assert "2009/11/26 10:08:43 ET" in bad[0]
    bad[0] = bad[0].replace("2009/11/26 10:08:43 ET", "2009/11/26 30:08:43 ET")
    file = File(tmp_path, [hands[1], bad, hands[2]])
    failure = _only_failure(file, [hands[1], hands[2]])
    assert failure.line == file.starts[1]
    assert "30:08:43" in failure.reason or "time" in failure.reason


# ---------------------------------------------------------------------------
# Not failures: a hand of another game
# ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def holdem_hand(corpus: Path) -> list[str]:
    """The first hold'em hand of the Stars mixed-game file."""
    path = corpus / "Stars" / MIXED
    if not path.is_file():
        pytest.skip(f"{path} not found in the corpus")
    for raw in reader.read_hands(path, starts_hand):
        result = parse_raw(raw)
        if isinstance(result, SkippedHand) and result.game_text.startswith("Hold'em"):
            return raw.text.splitlines()
    pytest.fail(f"no hold'em hand in {path}")


def test_holdem_hand_is_skipped_not_failed(
    hands: list[list[str]], holdem_hand: list[str], tmp_path: Path
) -> None:
    file = File(tmp_path, [hands[1], holdem_hand, hands[2]])
    assert [type(r) for r in file.results] == [ParsedHand, SkippedHand, ParsedHand]
    skipped = file.results[1]
    assert isinstance(skipped, SkippedHand)
    assert skipped.game_text == "Hold'em Limit"
    assert skipped.site == "PokerStars"
    assert skipped.hand_id == holdem_hand[0].split("#", 1)[1].split(":", 1)[0]
    assert skipped.path == str(file.path)
    assert (skipped.first_line, skipped.last_line) == (
        file.starts[1],
        file.starts[1] + len(holdem_hand) - 1,
    )


def test_parse_hand_refuses_a_holdem_hand(holdem_hand: list[str]) -> None:
    with pytest.raises(HandParseError, match="not a stud-family hand: Hold'em Limit"):
        parse_hand("\n".join(holdem_hand))


# ---------------------------------------------------------------------------
# parse_hand wants exactly one hand
# ---------------------------------------------------------------------------


def test_parse_hand_on_two_hands(hands: list[list[str]]) -> None:
    text = "\n".join(hands[0]) + "\n\n" + "\n".join(hands[1]) + "\n"
    with pytest.raises(HandParseError) as caught:
        parse_hand(text, path="two.txt")
    error = caught.value
    assert "exactly one hand" in error.reason
    assert "found 2" in error.reason
    assert error.path == "two.txt"
    assert error.line == 1
    assert str(error).startswith("two.txt:1: ")


def test_parse_hand_on_text_before_a_hand(hands: list[list[str]]) -> None:
    text = "exported by a tool\n" + "\n".join(hands[0]) + "\n"
    with pytest.raises(HandParseError, match="text outside any hand"):
        parse_hand(text, path="one.txt")


def test_parse_hand_on_one_hand(hands: list[list[str]]) -> None:
    hand = parse_hand("\n".join(hands[0]) + "\n", path="one.txt")
    assert hand.hand_id == "35874004239"
    assert hand.path == "one.txt"
    assert (hand.first_line, hand.last_line) == (1, len(hands[0]))
