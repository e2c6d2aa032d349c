"""``make``, the fast constructor of the records built millions of times.

Each record class's ``make`` (:mod:`stud_hh.model.records`) is made from the dataclass's own
fields: it takes exactly the parameters of the class's ``__init__`` (names, order, defaults,
keyword-only where the class's are) and builds the record the class builds: equal, hashed
and printed alike, and frozen. Checked on records the readers and the replayer really
built, in whichever build runs the tests (the constructor is the same Python function in
the compiled one).
"""

from __future__ import annotations

import dataclasses
import inspect
import sys
from collections.abc import Iterator
from pathlib import Path
from types import FunctionType
from typing import Any

import pytest

import stud_hh.sim.bots
from stud_hh.engine.findings import broke, unknown
from stud_hh.engine.settle import Settled
from stud_hh.model.events import Fold, PlayerEvent, PostAnte, Raise
from stud_hh.model.hand import ParsedHand
from stud_hh.model.records import Record, constructor_source
from stud_hh.read.parse import parse_paths
from stud_hh.replay import ReplayedHand, replay
from stud_hh.rules.violations import RuleCode, Unverifiable

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "tests" / "data" / "handwritten", ROOT / "sample_histories",
           ROOT.parent / "shared" / "corpus"]
"""Histories of every event the readers make: the corpus adds other sites' (Full Tilt's
completions, chat and table traffic) where it is present."""

def _subclasses(cls: type) -> Iterator[type]:
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


RECORDS = sorted({c for c in _subclasses(Record) if c.__module__.startswith("stud_hh.")
                  and getattr(sys.modules[c.__module__], c.__qualname__, None) is c},
                 key=lambda c: c.__qualname__)
"""Every record class of the package (those of the modules imported above and by them; not
the first class a slotted dataclass's decorator replaces)."""


def test_the_records_of_every_hot_path_derive_from_record() -> None:
    assert stud_hh.sim.bots.Spot in RECORDS
    names = {c.__name__ for c in RECORDS}
    assert {"Seat", "Deal", "SeatSummary", "Action", "Finding", "Pot", "Settled", "FirstActor",
            "Violation", "Unverifiable", "Dealt", "ReplayedHand"} <= names


def _compiled(cls: type) -> bool:
    return not sys.modules[cls.__module__].__file__.endswith(".py")  # type: ignore[union-attr]


@pytest.mark.parametrize("cls", RECORDS, ids=lambda c: c.__name__)
def test_make_takes_the_parameters_of_the_class(cls: type) -> None:
    make = cls.make  # type: ignore[attr-defined]
    if _compiled(cls):  # the wheel's make, written from the same fields (hatch_build.py)
        assert not isinstance(make, FunctionType)
        assert "make" in cls.__dict__
        return
    assert isinstance(make, FunctionType)  # built from the fields when first used
    assert inspect.signature(make).parameters == inspect.signature(cls).parameters


def test_make_fills_in_the_defaults_and_checks_its_arguments() -> None:
    ante = PostAnte.make(line=3, player="Ann", amount=5)
    assert ante == PostAnte(line=3, player="Ann", amount=5)
    assert ante.all_in is False
    with pytest.raises(TypeError):
        Raise.make(line=3, player="Ann", by=2)  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        Fold.make(3, "Ann")  # type: ignore[misc]  # keyword-only, as the class


def test_each_class_has_its_own_make_whichever_is_used_first() -> None:
    @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
    class Base(Record):
        a: int

    @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
    class Sub(Base):
        b: int = 2

    assert type(Base.make(a=1)) is Base
    assert Sub.make(a=1) == Sub(a=1, b=2)
    assert type(Sub.make(a=1)) is Sub
    assert type(PlayerEvent.make(line=1, player="x")) is PlayerEvent
    assert type(Fold.make(line=1, player="x")) is Fold


def test_a_record_that_make_cannot_build_is_refused_by_name() -> None:
    @dataclasses.dataclass(frozen=True, kw_only=True)
    class Loose(Record):
        a: int

    @dataclasses.dataclass(frozen=True, slots=True, kw_only=True)
    class Listed(Record):
        a: list[int] = dataclasses.field(default_factory=list)

    with pytest.raises(TypeError, match="Loose is not a slotted dataclass"):
        constructor_source(Loose)
    with pytest.raises(TypeError, match=r"Listed\.a"):
        Listed.make()


def _records(value: Any, seen: set[int]) -> Iterator[Any]:
    """Every record of a class with a ``make`` inside ``value`` (records, tuples, dicts)."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if isinstance(value, Record):
        yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from _records(getattr(value, f.name), seen)
    elif isinstance(value, tuple | list):
        for item in value:
            yield from _records(item, seen)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _records(item, seen)


@pytest.fixture(scope="module")
def examples() -> dict[type, list[Any]]:
    """Records of every class, as the readers and the replayer built them."""
    found: dict[type, list[Any]] = {}
    replays: list[ReplayedHand] = []
    for result in parse_paths([s for s in SOURCES if s.exists()]):
        if isinstance(result, ParsedHand):
            replays.append(replay(result))
    # made by the engine but kept in no replay, or by no bundled history
    extra = [broke(RuleCode.ACTION_OUT_OF_TURN, 4, "Bob", "Bob acts out of turn"),
             unknown(RuleCode.BRING_IN_WRONG_AMOUNT, 5, "the stakes are not printed"),
             Unverifiable(rule=RuleCode.BRING_IN_WRONG_AMOUNT, hand_id="7", path="a.txt",
                          line=5, reason="the stakes are not printed"),
             Settled(pots=replays[0].pots, rake=replays[0].rake, uncalled=replays[0].uncalled,
                     nets=replays[0].nets, rake_shares=replays[0].rake_shares,
                     contributions=replays[0].contributions, findings=[])]
    seen: set[int] = set()
    for source in (*replays, *extra):
        for record in _records(source, seen):
            kept = found.setdefault(type(record), [])
            if len(kept) < 20:
                kept.append(record)
    return found


def _same(built: Any, by_keyword: Any, cls: type) -> None:
    assert type(built) is cls
    assert built == by_keyword
    assert repr(built) == repr(by_keyword)
    if cls.__hash__ is not None:
        try:
            expected = hash(by_keyword)
        except TypeError:  # a field holds a dict: unhashable either way
            return
        assert hash(built) == expected


def test_the_records_made_equal_the_ones_the_class_builds(
        examples: dict[type, list[Any]]) -> None:
    missing = {c.__name__ for c in RECORDS if c not in examples}
    # events only other sites print, when the corpus is not here; records of the simulator
    # and the bases no reader builds
    assert missing <= {"Chat", "TableEvent", "Complete", "BoardSummary", "SummaryStart",
                       "Announcement", "Spot", "Event", "PlayerEvent"}, missing
    for cls, kept in examples.items():
        for record in kept:
            values = {f.name: getattr(record, f.name) for f in dataclasses.fields(cls)}
            by_keyword = cls(**values)
            assert by_keyword == record
            built = cls.make(**values)  # type: ignore[attr-defined]
            _same(built, by_keyword, cls)


def test_a_record_made_stays_frozen(examples: dict[type, list[Any]]) -> None:
    for cls, kept in examples.items():
        values = {f.name: getattr(kept[0], f.name) for f in dataclasses.fields(cls)}
        made = cls.make(**values)  # type: ignore[attr-defined]
        name = next(iter(values))
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, name, values[name])
        assert not hasattr(made, "__dict__")


