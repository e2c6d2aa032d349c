"""Every real PokerStars stud hand parses; golden events for chosen real hands.

The golden files in ``tests/golden/`` hold one event per line in a compact
form; players are written by seat (``s3``) so no real name is stored in the
project. They were produced by this parser and then checked line by line
against the source history; regenerate one with
``python tests/read/sites/test_parse_stars.py FILE INDEX`` and review the diff by eye.
"""

from __future__ import annotations

import csv
import dataclasses
import re
import sys
from datetime import UTC, datetime
from enum import Enum
from pathlib import Path
from typing import Any

import pytest

from stud_hh import ParsedHand, ParseFailure, SkippedHand, parse_file
from stud_hh.model.events import Deal, Game, Limit

GOLDEN = Path(__file__).resolve().parents[2] / "golden"
CORPUS = Path(__file__).resolve().parents[4] / "shared" / "corpus"


def _corpus() -> Path:
    if not CORPUS.is_dir():
        pytest.skip("../shared/corpus not found: corpus tests need the shared folder beside "
                    "the project")
    return CORPUS


def _index_rows(site: str) -> list[dict[str, str]]:
    with (_corpus() / "INDEX.csv").open(encoding="utf-8") as f:
        return [row for row in csv.DictReader(f) if row["file"].startswith(site + "/")]


def _fmt(value: Any) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, tuple):
        return "[" + " ".join("?" if c is None else _fmt(c) for c in value) + "]"
    return str(value)


def compact(hand: ParsedHand) -> list[str]:
    """One line per event: ``line Kind sN field=value ...`` (seat instead of name)."""
    seat_of = {s.name: f"s{s.seat}" for s in hand.header.seats}
    out = []
    for event in hand.events:
        parts = [str(event.line), type(event).__name__]
        for field in dataclasses.fields(event):
            name = field.name
            value = getattr(event, name)
            if name == "line" or (name == "text" and type(event).__name__ != "Chat"):
                continue
            if name == "player":
                parts.append(seat_of.get(value, "unseated"))
            elif value not in (None, False, ()):
                parts.append(f"{name}={_fmt(value)}")
        out.append(" ".join(parts))
    return out


def _hand(relative: str, index: int) -> ParsedHand:
    hands = [r for r in parse_file(_corpus() / "Stars" / relative) if isinstance(r, ParsedHand)]
    return hands[index]


# --------------------------------------------------------------------------------------
# Counts
# --------------------------------------------------------------------------------------


def _expected_counts(row: dict[str, str]) -> tuple[int, int]:
    """(stud hands, other hands) for an INDEX.csv row."""
    total = int(row["hands"])
    other = re.search(r"\+(\d+) other", row["game"])
    skipped = int(other.group(1)) if other else 0
    return total - skipped, skipped


def test_index_lists_the_stars_files() -> None:
    rows = _index_rows("Stars")
    assert len(rows) >= 10
    for row in rows:
        assert (_corpus() / row["file"]).is_file(), row["file"]


@pytest.mark.parametrize("row", _index_rows("Stars") if CORPUS.is_dir() else [],
                         ids=lambda r: r["file"])
def test_every_stud_hand_of_each_stars_file_parses(row: dict[str, str]) -> None:
    expected_stud, expected_skipped = _expected_counts(row)
    results = list(parse_file(_corpus() / row["file"]))
    failures = [r for r in results if isinstance(r, ParseFailure)]
    assert not failures, "\n".join(str(f.error) for f in failures)
    parsed = [r for r in results if isinstance(r, ParsedHand)]
    skipped = [r for r in results if isinstance(r, SkippedHand)]
    assert len(parsed) == expected_stud
    assert len(skipped) == expected_skipped
    assert all(h.header.game in (Game.STUD, Game.STUD8, Game.RAZZ) for h in parsed)
    assert len({h.hand_id for h in parsed}) == len(parsed)


def test_mixed_file_skips_exactly_the_non_stud_games() -> None:
    path = _corpus() / "Stars" / "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
    results = list(parse_file(path))
    games: dict[str, int] = {}
    for r in results:
        key = r.game_text if isinstance(r, SkippedHand) else r.header.game.value  # type: ignore[union-attr]
        games[key] = games.get(key, 0) + 1
    assert games == {
        "stud": 16, "stud8": 18, "razz": 19,
        "Hold'em Limit": 24, "Hold'em No Limit": 24, "Triple Draw 2-7 Lowball Limit": 18,
        "Omaha Hi/Lo Limit": 17, "Omaha Pot Limit": 1,
    }


# --------------------------------------------------------------------------------------
# Golden events
# --------------------------------------------------------------------------------------

GOLDEN_HANDS = [
    # (golden file, source file, index of the stud hand in the file, what it shows)
    ("split_pot_stud8", "7-StudHL-USD-0.04-0.08-200911.Cardtest.txt", 0, "hi/lo split"),
    ("side_pot", "HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt", 0,
     "main and side pot, all-in on 4th"),
    ("common_card", "7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt", 0,
     "common card on the river"),
    ("allin_corrupt_card", "Triple-Stud-USD-2.00-0.20-MTT-201301.txt", 0,
     "all-in call, uncalled bet, the corrupt [of] card"),
    ("razz_2008", "_early2008/ps-studhilo-ring-showdown.txt", 1, "a razz hand, 2008 format"),
]


@pytest.mark.parametrize(("golden", "source", "index", "what"), GOLDEN_HANDS,
                         ids=[g[0] for g in GOLDEN_HANDS])
def test_golden_events(golden: str, source: str, index: int, what: str) -> None:
    hand = _hand(source, index)
    expected = (GOLDEN / f"{golden}.events").read_text(encoding="utf-8").splitlines()
    assert [hand.hand_id, *compact(hand)] == expected, what


def test_split_pot_header_and_money() -> None:
    hand = _hand("7-StudHL-USD-0.04-0.08-200911.Cardtest.txt", 0)
    h = hand.header
    assert (h.site, h.hand_id, h.game, h.limit) == ("PokerStars", "35874676388", Game.STUD8,
                                                     Limit.FIXED)
    assert (h.small_bet, h.big_bet, h.currency, h.scale) == (4, 8, "USD", 100)
    assert (h.table, h.max_seats, len(h.seats)) == ("Dawn II", 8, 8)
    assert h.started_at == datetime(2009, 11, 26, 15, 27, 46, tzinfo=UTC)  # 10:27:46 EST
    assert h.seats[0].stack == 1117  # $11.17 held as cents
    assert not h.is_tournament


def test_tournament_header_with_two_time_zones() -> None:
    h = _hand("Triple-Stud-USD-2.00-0.20-MTT-201301.txt", 0).header
    assert (h.tournament_id, h.buy_in, h.fee, h.buy_in_currency) == ("664712833", 200, 20, "USD")
    assert (h.mixed_game, h.level, h.small_bet, h.big_bet) == ("Triple Stud", "XXXI", 250, 500)
    assert (h.currency, h.scale) == (None, 1)
    assert h.started_local == "2013/01/03 16:27:43 EET"
    assert h.started_at == datetime(2013, 1, 3, 14, 27, 43, tzinfo=UTC)  # from the ET time


def test_corrupt_card_is_unknown_and_warned() -> None:
    hand = _hand("Triple-Stud-USD-2.00-0.20-MTT-201301.txt", 0)
    assert any("line 46" in w and "'of'" in w for w in hand.warnings)


def test_upper_case_re_export_header() -> None:
    h = _hand("7-StudHL-USD-10-1-200906.PT2.export.txt", 0).header
    assert (h.game, h.tournament_id, h.level, h.small_bet, h.big_bet) == (
        Game.STUD8, "169962475", "I", 25, 50)
    assert (h.buy_in, h.fee, h.buy_in_currency) == (1000, 100, "USD")
    assert h.seats[6].sitting_out


def test_home_game_mixed_tournament_header() -> None:
    path = _corpus() / "Stars" / "8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
    razz = next(r for r in parse_file(path)
                if isinstance(r, ParsedHand) and r.header.game is Game.RAZZ)
    h = razz.header
    assert h.home_club == "Dazzle's Room"
    assert (h.mixed_game, h.match_round, h.buy_in, h.fee, h.play_money) == (
        "8-Game", "I", 100, 9, True)


def test_name_with_brackets_and_mixed_cash_header() -> None:
    hand = _hand("Razz-8max-USD-200-15-201009.bracket.in.alias.txt", 0)
    assert "PC [Mittel]" in {s.name for s in hand.header.seats}
    deals = [e for e in hand.events if isinstance(e, Deal) and e.player == "PC [Mittel]"]
    assert [(d.known, d.cards) for d in deals] == [
        ((), ("5c",)), (("5c",), ("9s",)), (("5c", "9s"), ("4s",)), (("5c", "9s", "4s"), ("9d",))]
    acts = [e for e in hand.events if getattr(e, "player", None) == "PC [Mittel]"]
    assert len(acts) == 16
    h = _hand("7-StudHL-USD-400-800-201701.3bet.fix.txt", 0).header
    assert (h.mixed_game, h.small_bet, h.big_bet) == ("8-Game", 40000, 80000)


if __name__ == "__main__":  # regenerate one golden listing for review
    hand = _hand(sys.argv[1], int(sys.argv[2]))
    print(hand.hand_id)
    print("\n".join(compact(hand)))


HANDWRITTEN = Path(__file__).resolve().parents[2] / "data" / "handwritten"


def test_lines_known_from_earlier_hands_read_as_when_first_seen(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The builder keeps the lines it classified (a session repeats its action lines): a
    hand read with every line already known, or with the store filling up and emptied
    mid-file, gives exactly the events it gives read afresh."""
    from stud_hh.read.sites import pokerstars

    paths = sorted(HANDWRITTEN.glob("*.txt"))

    def events() -> list[Any]:
        return [(r.header, r.events) if isinstance(r, ParsedHand) else r
                for path in paths for r in parse_file(path)]

    for known in pokerstars._KNOWN_LINES.values():
        known.clear()
    fresh = events()
    assert sum(map(len, pokerstars._KNOWN_LINES.values())) > 100
    assert events() == fresh  # every line known now
    monkeypatch.setattr(pokerstars, "_KNOWN_MOST", 7)
    for known in pokerstars._KNOWN_LINES.values():
        known.clear()
    assert events() == fresh  # emptied every seven lines
    assert all(len(known) <= 7 for known in pokerstars._KNOWN_LINES.values())
    assert not any(kind == "DEAL" for known in pokerstars._KNOWN_LINES.values()
                   for kind, _name, _m in known.values())
