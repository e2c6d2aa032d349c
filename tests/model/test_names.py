"""Names that differ from their seat line's only in case (``PLAYER1`` seated, ``Player1``
acting): read as the seat's player when one seat alone is it, with a warning; else the
reader or the replay says what is wrong, naming the seats it could be. Every site's own
format, from the hands its catalogue test writes (tests/read/sites/forms_<site>.py)."""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path

import pytest

from stud_hh.model.errors import HandParseError
from stud_hh.model.events import Chat, PlayerEvent, TableEvent
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_hand
from stud_hh.replay import replay

sys.path.insert(0, str(Path(__file__).resolve().parent / "sites"))
from catalogue import SLUGS

NAMED_BY_SEAT = {
    "Bovada": "players are named by their seat (Seat+1) on every line",
    "Merge": "actions name the seat number; a name is printed again only in chat",
}
"""Sites whose lines after the seat list never print a player's name as the seat list does
(chat and table traffic keep the names they print)."""


def _recased(name: str) -> str:
    return name.upper() if name != name.upper() else name.lower()


def _varied(text: str, hand: ParsedHand) -> tuple[str, str, str] | None:
    """``text`` with one seated player's name in another case on every line after the first
    that prints it (his seat line): (text, seated name, the other spelling); ``None`` when
    no name is printed after its seat line."""
    lines = text.split("\n")
    for seat in hand.header.seats:
        pattern = re.compile(rf"(?<!\w){re.escape(seat.name)}(?!\w)")
        printed = [i for i, line in enumerate(lines) if pattern.search(line)]
        other = _recased(seat.name)
        if len(printed) < 2 or other == seat.name:
            continue
        first = printed[0]
        varied = [pattern.sub(other, line) if i > first else line
                  for i, line in enumerate(lines)]
        return "\n".join(varied), seat.name, other
    return None


def _site_hands(site: str) -> list[str]:
    return list(importlib.import_module(f"forms_{SLUGS[site]}").HANDS)


@pytest.mark.parametrize("site", sorted(set(SLUGS) - set(NAMED_BY_SEAT)))
def test_a_name_in_another_case_than_its_seat_line_is_the_seat_player(site: str) -> None:
    """Before: PokerStars, Full Tilt, Winamax, Everleaf, OnGame and iPoker replayed every
    line of the player as an action by someone not seated; Absolute, KingsClub, PartyPoker
    and Winning failed the hand (``seat 1 is PLAYER1's, not the line's``)."""
    found = None
    for text in _site_hands(site):
        original = parse_hand(text)
        found = _varied(text, original)
        if found is not None:
            break
    assert found is not None, f"{site}: no hand prints a name after its seat line"
    varied, seated, other = found
    hand = parse_hand(varied)
    players = {p for _, _, p in _who(hand)}
    assert other not in players
    assert seated in players
    assert _who(hand) == _who(original)
    notes = [w for w in hand.warnings if "differ only in case" in w]
    assert len(notes) == 1, hand.warnings
    assert f"{other!r} read as {seated}, seated under that name" in notes[0]
    assert replay(hand).violations == replay(original).violations
    assert replay(hand).nets == replay(original).nets


def _who(hand: ParsedHand) -> list[tuple[str, int, str]]:
    """Each player event's kind, line and player, chat and table traffic aside (they, and
    the texts events keep, print the name as printed)."""
    return [(type(e).__name__, e.line, e.player) for e in hand.events
            if isinstance(e, PlayerEvent) and not isinstance(e, Chat | TableEvent)]


AMBIGUOUS = """\
PokerStars Hand #300000000077:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/03/14 16:05:11 ET
Table 'Test' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: ANN ($10 in chips)
Seat 3: Cid ($10 in chips)
Ann: posts the ante $0.02
ANN: posts the ante $0.02
Cid: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [As Kd 9c]
Dealt to ANN [4h]
Dealt to Cid [2c]
Cid: brings in for $0.05
aNN: folds
ANN: folds
Uncalled bet ($0.05) returned to Cid
Cid collected $0.04 from pot
*** SUMMARY ***
Total pot $0.06 | Rake $0
Seat 1: Ann folded on the 3rd Street (didn't bet)
Seat 2: ANN folded on the 3rd Street (didn't bet)
Seat 3: Cid collected ($0.06)
"""


def test_a_name_two_seats_could_be_is_reported_naming_both() -> None:
    """Two seats whose names differ only in case: a line naming a third spelling is no
    one's, and the replay says which seats it could be."""
    hand = parse_hand(AMBIGUOUS)
    assert not any("differ only in case" in w for w in hand.warnings)
    (found,) = [v for v in replay(hand).violations if v.line == 14]
    assert found.rule == "action.unknown-player"
    assert found.message == ("aNN acts on 3rd street but is not seated: the seats of ANN "
                             "and Ann differ from it only in case, and which one it is "
                             "cannot be told")


def _first_hand(site: str, needle: str) -> str:
    return next(text for text in _site_hands(site) if needle in text)


def test_a_summary_line_naming_another_player_says_so() -> None:
    """Absolute's seat summary line must name the seat's player: the failure says so in
    words (it was ``seat 1 is Ann's, not the line's``)."""
    text = _first_hand("Absolute", "Seat 1: Ann ")
    with pytest.raises(HandParseError, match="the summary line of seat 1 does not name Ann, "
                                             "the player seated there"):
        parse_hand(text.replace("Seat 1: Ann ", "Seat 1: Bob ", 1))


def test_a_line_two_seats_could_be_fails_naming_both() -> None:
    """PartyPoker fails a line by a player not seated (a damaged line): when two seats'
    names differ from it only in case, the failure names them."""
    text = _first_hand("PartyPoker", "Hero posts ante")
    seat = re.search(r"Seat (\d+): Hero ", text)
    assert seat is not None
    doubled = text.replace(seat.group(0), seat.group(0) + "(x)\nSeat 9: HERO ", 1)
    doubled = re.sub(r"\(x\)\nSeat 9: HERO (\(.*?\))", r"\1\nSeat 9: HERO \1", doubled)
    with pytest.raises(HandParseError, match=r"'hERO' is not seated: the seats of HERO and "
                                             r"Hero differ from it only in case"):
        parse_hand(doubled.replace("Hero posts ante", "hERO posts ante", 1))
