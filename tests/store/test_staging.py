"""An import works on a group of hands at a time, stage by stage (stud_hh.store.staging):
what it stores never depends on the grouping, and its guesses are corrected."""

from __future__ import annotations

import functools
import gc
from collections.abc import Iterator
from pathlib import Path

import pandas as pd
import pytest

from stud_hh.model.errors import InputError
from stud_hh.model.hand import ParsedHand, ParseFailure
from stud_hh.read.reader import RawHand
from stud_hh.read.split import raw_text_hands
from stud_hh.replay import ReplayedHand
from stud_hh.store import staging
from stud_hh.store.database import open_db
from stud_hh.store.ingest import worker
from stud_hh.store.ingest.run import import_paths

STUD = Path(__file__).resolve().parents[2] / "sample_histories" / "stud_cash_0.10-0.20.txt"


def _hands(count: int) -> list[str]:
    texts = [r.text for r in raw_text_hands(STUD.read_text(encoding="utf-8"))]
    assert len(texts) >= count
    return texts[:count]


def _awkward_file(folder: Path) -> Path:
    """Forty hands, with copies inside one group and across groups, a copy whose text
    differs (a conflict), a damaged hand, and a copy of the damaged hand."""
    hands = _hands(40)
    damaged = hands[7].replace("*** 3rd STREET ***", "*** 3rd STRET ***")
    texts = [*hands[:4], hands[3], hands[5].replace("Hero", "Hera", 1), *hands[4:7],
             damaged, damaged, *hands[8:33], hands[10], hands[30], *hands[33:]]
    path = folder / "awkward.txt"
    path.write_text("\n\n".join(texts) + "\n", encoding="utf-8")
    return path


def _tables(db: Path) -> dict[str, pd.DataFrame]:
    database = open_db(db)
    out = {}
    for table in ("hands", "players", "actions", "pots", "failures", "conflicts"):
        data = database.table(table)
        order = [c for c in ("site", "hand_id", "order", "pot", "player", "first_line", "key")
                 if c in data.columns]
        out[table] = data.sort_values(order).reset_index(drop=True)
    return out


@pytest.mark.parametrize("group_size", [1, 3])
def test_what_an_import_stores_does_not_depend_on_the_group_size(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, group_size: int) -> None:
    source = _awkward_file(tmp_path)
    grouped = import_paths([source], tmp_path / "grouped.db", jobs=1)
    monkeypatch.setattr(worker, "prepared",
                        functools.partial(staging.prepared, group_size=group_size))
    alone = import_paths([source], tmp_path / "alone.db", jobs=1)
    counts = ("hands_new", "duplicates", "failures_new", "failures_known", "failures",
              "conflicts", "violations")
    assert [getattr(grouped, c) for c in counts] == [getattr(alone, c) for c in counts]
    assert (grouped.hands_new, grouped.duplicates, len(grouped.conflicts)) == (39, 4, 1)
    assert (grouped.failures_new, grouped.failures_known) == (1, 1)
    expected = _tables(tmp_path / "alone.db")
    for table, data in _tables(tmp_path / "grouped.db").items():
        assert len(data) > 0 or table == "conflicts", table
        pd.testing.assert_frame_equal(data, expected[table])


def test_a_second_import_of_the_same_file_stores_nothing_and_works_on_no_hand(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = _awkward_file(tmp_path)
    import_paths([source], tmp_path / "db", jobs=1)
    source.write_text(source.read_text(encoding="utf-8") + "\n", encoding="utf-8")  # read again
    worked: list[int] = []
    real = staging._worked

    def counting(group: list[RawHand], profile: str, stored: object) -> list[staging.Prepared]:
        items = real(group, profile, stored)  # type: ignore[arg-type]
        worked.append(sum(item._parsed is not None for item in items))
        return items

    monkeypatch.setattr(staging, "_worked", counting)
    again = import_paths([source], tmp_path / "db", jobs=1)
    assert (again.hands_new, again.duplicates, again.failures_known) == (0, 43, 2)
    assert sum(worked) == 1  # only the damaged hand, which no stored hand covers


def _raws(count: int) -> list[RawHand]:
    return [r for text in _hands(count) for r in raw_text_hands(text)]


def test_each_stage_is_done_ahead_for_the_hands_worth_it_and_in_order() -> None:
    raws = _raws(5)
    stored_key = staging.Prepared(raws[1], None).parsed()
    assert isinstance(stored_key, ParsedHand)
    stored = {staging.key_text(stored_key.site, stored_key.hand_id)}
    order = [raws[0], raws[1], raws[2], raws[2], raws[3], raws[4]]
    items = list(staging.prepared(order, "site", stored.__contains__, group_size=4))
    assert [item.raw for item in items] == order
    ahead = [item.rows is not None for item in items]
    # stored: not worked on; a copy later in its group: not worked on
    assert ahead == [True, False, True, False, True, True]
    assert items[3].key == items[2].key is not None
    assert all(item.digest is not None for item, done in zip(items, ahead, strict=True) if done)


def test_a_wrong_guess_is_made_good_when_the_hand_is_needed() -> None:
    raw = _raws(1)[0]
    [item] = staging.prepared([raw], "site", lambda key: True)
    assert item.rows is None  # guessed stored: nothing done ahead
    outcome = item.outcome("site")
    assert isinstance(item.parsed(), ParsedHand)
    assert isinstance(outcome, ReplayedHand)
    assert item.hand_rows(outcome)["hands"][0]["text_digest"] == item.text_digest()


def test_a_hand_that_cannot_be_read_is_kept_as_its_failure() -> None:
    raw = _raws(1)[0]
    broken = RawHand(**{**{f: getattr(raw, f) for f in raw.__dataclass_fields__},
                        "text": raw.text.replace("*** 3rd STREET ***", "*** 3rd STRET ***")})
    [item] = staging.prepared([broken], "site", lambda key: False)
    assert isinstance(item.parsed(), ParseFailure)
    assert item.rows is None


def test_a_file_failing_part_way_gives_the_hands_read_before_then_the_error() -> None:
    raws = _raws(5)

    def failing() -> Iterator[RawHand]:
        yield from raws[:3]
        raise InputError("the disk went away", path="f.txt")

    got: list[staging.Prepared] = []
    items = staging.prepared(failing(), "site", lambda key: False, group_size=2)
    with pytest.raises(InputError, match="went away"):
        got.extend(items)
    assert [item.raw for item in got] == raws[:3]
    assert all(item.rows is not None for item in got)


def test_the_paused_collector_collects_only_when_asked_or_past_its_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []
    monkeypatch.setattr(staging.gc, "collect", lambda generation=2: calls.append(generation))
    assert gc.isenabled()
    with staging.collector_paused() as collector:
        assert not gc.isenabled()
        collector.tick()
        assert calls == []
        collector.collect()
        assert calls == [0]
        monkeypatch.setattr(staging, "YOUNG_LIMIT", -1)
        collector.tick()
        assert calls == [0, 0]
    assert gc.isenabled()
    gc.disable()
    try:
        with staging.collector_paused():
            pass
        assert not gc.isenabled()  # disabled before: stays so
    finally:
        gc.enable()
