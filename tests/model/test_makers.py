"""The static ``make`` of the records built millions of times (``compiled_makers``).

Each ``make`` as written takes exactly its class's fields, in order, and builds the record
the keyword constructor builds: equal, hashed and printed alike, and frozen; so does the
``make`` in use (in the pure build :func:`positional_constructor`'s, in the compiled one
the native code). Checked on records the readers and the replayer really built.
"""

from __future__ import annotations

import dataclasses
import inspect
import os
from collections.abc import Iterator
from pathlib import Path
from types import FunctionType
from typing import Any

import pytest

from stud_hh.engine.findings import broke, unknown
from stud_hh.engine.settle import Settled
from stud_hh.model.events import COMPILED_MAKERS
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_paths
from stud_hh.replay import ReplayedHand, replay
from stud_hh.rules.violations import RuleCode, Unverifiable

ROOT = Path(__file__).resolve().parents[2]
SOURCES = [ROOT / "tests" / "data" / "handwritten", ROOT / "sample_histories",
           ROOT.parent / "shared" / "corpus"]
"""Histories of every event the readers make: the corpus adds other sites' (Full Tilt's
completions, chat and table traffic) where it is present."""


def _records(value: Any, seen: set[int]) -> Iterator[Any]:
    """Every record of a declared class inside ``value`` (records, tuples, dicts)."""
    if id(value) in seen:
        return
    seen.add(id(value))
    if type(value) in COMPILED_MAKERS:
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
    """Records of every declared class, as the readers and the replayer built them."""
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


def test_every_make_takes_its_class_fields_in_order() -> None:
    assert len(COMPILED_MAKERS) >= 9
    for cls, make in COMPILED_MAKERS.items():
        if not isinstance(make, FunctionType):
            continue  # compiled: its signature is the source's, checked in the pure build
        names = [f.name for f in dataclasses.fields(cls)]
        assert list(inspect.signature(make).parameters) == names, cls.__name__


def test_the_records_built_positionally_equal_the_keyword_ones(
        examples: dict[type, list[Any]]) -> None:
    missing = {c.__name__ for c in COMPILED_MAKERS if c not in examples}
    # events only other sites print, when the corpus is not here
    assert missing <= {"Chat", "TableEvent", "Complete", "BoardSummary", "SummaryStart",
                       "Announcement"}, missing
    for cls, kept in examples.items():
        for make in (COMPILED_MAKERS[cls], cls.make):  # as written, and as in use
            for record in kept:
                values = [getattr(record, f.name) for f in dataclasses.fields(cls)]
                built = make(*values)
                by_keyword = cls(**{f.name: v for f, v in
                                    zip(dataclasses.fields(cls), values, strict=True)})
                assert type(built) is cls
                assert built == by_keyword == record
                assert repr(built) == repr(by_keyword)
                if cls.__hash__ is not None:
                    try:
                        expected = hash(by_keyword)
                    except TypeError:  # a field holds a dict: unhashable either way
                        continue
                    assert hash(built) == expected


def test_a_record_made_stays_frozen(examples: dict[type, list[Any]]) -> None:
    for cls, kept in examples.items():
        values = [getattr(kept[0], f.name) for f in dataclasses.fields(cls)]
        made = cls.make(*values)  # type: ignore[attr-defined]
        name = dataclasses.fields(cls)[0].name
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(made, name, values[0])


def test_the_compiled_build_uses_every_make_as_written() -> None:
    compiled = [c.__name__ for c, make in COMPILED_MAKERS.items()
                if not isinstance(make, FunctionType)]
    if os.environ.get("STUD_HH_EXPECT_COMPILED"):
        assert sorted(compiled) == sorted(c.__name__ for c in COMPILED_MAKERS)
        for cls, make in COMPILED_MAKERS.items():
            assert cls.make is make
    else:  # the pure build: positional_constructor's, faster interpreted
        assert compiled == []
        assert all(cls.make is not make for cls, make in COMPILED_MAKERS.items())
