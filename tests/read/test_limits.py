"""Promise: a number no real table can have fails its hand when it is read, never later.

A seat 300, a ``300-max`` table, a stack or amount past 2^63, a street of more than a
hundred raises by one player: each is a failure of that hand naming its line, and an
import of a folder holding it stores every other hand (before, such a hand passed the
reader and crashed the import when its rows met the database's integer columns).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import SAMPLES

from stud_hh.model.hand import ParseFailure
from stud_hh.read.parse import parse_text
from stud_hh.store.database import open_db
from stud_hh.store.ingest.run import import_paths

HANDWRITTEN = SAMPLES / "stud_cash_0.10-0.20.txt"
HAND = HANDWRITTEN.read_text(encoding="utf-8").split("\n\n\n")[0].strip() + "\n"


@pytest.mark.parametrize(("old", "new", "reason", "line"), [
    ("Seat 7: tortuga_77", "Seat 300: tortuga_77", "impossible seat number 300", 9),
    ("8-max", "300-max", "impossible table size 300", 1),
    ("($8 in chips)", "($99999999999999999999 in chips)", "impossible stack", 3),
    ("Hero: raises $0.05 to $0.10", "Hero: raises $0.05 to $92233720368547758.08",
     "impossible amount", 26),
])
def test_an_impossible_number_fails_its_hand_at_its_line(old: str, new: str, reason: str,
                                                         line: int) -> None:
    assert old in HAND
    (failure,) = parse_text(HAND.replace(old, new, 1))
    assert isinstance(failure, ParseFailure)
    assert reason in failure.reason
    assert failure.line == line


def test_a_hundred_raises_by_one_player_on_a_street_fail_the_hand() -> None:
    from stud_hh.model.errors import HandParseError
    from stud_hh.model.events import Raise, Street, StreetStart
    from stud_hh.read.limits import MAX_ACTIONS, check_events

    events = [StreetStart(line=1, street=Street.THIRD)] + [
        Raise(line=2 + i, player="Ann", by=1, to=i + 1) for i in range(MAX_ACTIONS + 1)]
    with pytest.raises(HandParseError, match="more than 100 times"):
        check_events(events, "1")
    check_events(events[:-1], "1")


def test_an_import_stores_every_other_hand_of_the_folder(tmp_path: Path) -> None:
    folder = tmp_path / "histories"
    folder.mkdir()
    (folder / "a.txt").write_text(HAND, encoding="utf-8")
    (folder / "b.txt").write_text(HAND.replace("Seat 7: tortuga_77", "Seat 300: tortuga_77")
                                  .replace("#259114372218", "#259114372219"), encoding="utf-8")
    (folder / "c.txt").write_text(HAND.replace("#259114372218", "#259114372220"),
                                  encoding="utf-8")
    summary = import_paths([folder], tmp_path / "db", jobs=1)
    assert (summary.files, summary.hands_new, summary.failures_new) == (3, 2, 1)
    failures = open_db(tmp_path / "db").failures()
    assert list(failures["reason"]) == ["impossible seat number 300"]
    again = import_paths([folder], tmp_path / "db", jobs=1)
    assert (again.hands_new, again.failures_new) == (0, 0)
