"""The app's kept sums: a summary answered from them is the pandas summary to the last
digit, with the settings' people applied; kept up to date by reading only the parts a
commit adds, and made again when a commit replaces parts."""

from __future__ import annotations

import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from stud_hh.analysis import duck, stats
from stud_hh.app import kept
from stud_hh.app.players_sql import PLAYERS
from stud_hh.app.source import Source
from stud_hh.store.database import open_db
from stud_hh.store.importer import import_paths
from stud_hh.store.people import People
from stud_hh.store.select import Selection, UndatedHandsWarning

ALL = stats.SUMMARY + stats.HILO + stats.STREET_RATIOS
SAMPLES = Path(__file__).resolve().parents[2] / "sample_histories"
PEOPLE = People.of(hero=[("PokerStars", "Hero")],
                   aliases=[("Regular", [("PokerStars", "drawdead fred"),
                                         ("PokerStars", "pat: the hat")])])
"""Two stored names one person: their sums are added up under one name."""


def _plain(frame: pd.DataFrame) -> pd.DataFrame:
    out = frame.reset_index().astype(object)
    return out.where(out.notna(), None)


def _check(source: Source, by: list[str], filters: dict[str, Any], *, from_kept: bool
           ) -> None:
    """The app's summary of ``by`` in ``filters`` is the pandas one of the same rows, and
    comes from the kept sums (``from_kept``) or from the rows."""
    select = Selection().where(**filters)
    with source.cursor() as cur:
        assert (duck._kept(cur, PLAYERS, by, ALL, select) is not None) is from_kept
        fast = duck.summary(cur, ALL, by, select=select, table=PLAYERS)
    slow = stats.player_summary(open_db(source.db.root, people=source.db.people).players(),
                                by, streets=True, select=select)
    assert len(slow) > 0
    pd.testing.assert_frame_equal(_plain(fast[slow.columns]), _plain(slow),
                                  check_dtype=False, check_exact=True)


@pytest.fixture(scope="module")
def source(samples_database: Path) -> Iterator[Source]:
    opened = Source(open_db(samples_database, people=PEOPLE))
    yield opened
    opened.close()


@pytest.mark.parametrize(("by", "filters"), [
    (["player"], {}),
    (["player", "game"], {}),
    (["site", "stakes"], {"game": "razz"}),
    (["player"], {"player": "hero"}),
    (["game", "stakes"], {"player": "Regular"}),
    (["unit"], {"tournament": True}),
    (["player", "tournament_id"], {"tournament": True, "min_hands": 20}),
    (["player", "unit"], {"site": "pokerstars", "stakes": "0.10/0.20"}),
    (["player"], {"since": "2026-05-16T02:00+00:00", "until": "2026-06-20T21:00+00:00"}),
])
def test_a_summary_from_the_kept_sums_is_the_pandas_summary(
        source: Source, by: list[str], filters: dict[str, Any]) -> None:
    _check(source, by, filters, from_kept=True)


@pytest.mark.parametrize(("by", "filters"), [
    (["player"], {"since": "2026-05-16T02:30+00:00"}),  # not a whole hour: the rows
    (["player", "position"], {"cash": True}),  # not a column the sums keep
    (["door_rank"], {"player": "Regular"}),
])
def test_what_the_kept_sums_cannot_answer_is_read_from_the_rows(
        source: Source, by: list[str], filters: dict[str, Any]) -> None:
    _check(source, by, filters, from_kept=False)


def test_the_kept_sums_hold_a_group_once_per_person(source: Source) -> None:
    with source.cursor() as cur:
        names = {r[0] for r in cur.execute(f"SELECT DISTINCT player FROM {kept.SUMS}")
                 .fetchall()}
    assert "Regular" in names
    assert not names & {"drawdead fred", "pat: the hat"}


class _Builds:
    """Which players rows each kept-sums scan read: ``players`` (every part) or only the
    parts a commit added."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.read: list[str] = []
        made = kept.kept_sums_sql

        def recording(table: str) -> str:
            self.read.append("added" if "_players_added" in table else table)
            return made(table)

        monkeypatch.setattr(kept, "kept_sums_sql", recording)

    def take(self) -> list[str]:
        read, self.read = self.read, []
        return read


def _imports(folder: Path) -> list[Path]:
    """History files to import one after the other; two are halves of one session, whose
    players' last hour of the first is the first hour of the second (a group of the kept
    sums that both add to)."""
    text = (SAMPLES / "stud8_heads-up_0.04-0.08.txt").read_text()
    hands = re.split(r"(?m)^(?=PokerStars Hand #)", text)[1:]
    halves = [hands[: len(hands) // 2], hands[len(hands) // 2:]]
    out = [folder / "razz_cash_1-2.txt"]
    shutil.copy(SAMPLES / out[0].name, out[0])
    for n, half in enumerate(halves):
        out.append(folder / f"heads-up-{n}.txt")
        out[-1].write_text("".join(half))
    out.append(folder / "stud_tournament.txt")
    shutil.copy(SAMPLES / out[-1].name, out[-1])
    return out


@pytest.mark.parametrize("growth", [1.0, 1000.0])  # added up at each commit, or never
def test_added_parts_are_summed_alone_and_replaced_parts_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, growth: float) -> None:
    monkeypatch.setattr(kept, "GROWTH", growth)
    builds = _Builds(monkeypatch)
    histories = tmp_path / "histories"
    histories.mkdir()
    root = tmp_path / "db"
    first, *others = _imports(histories)
    import_paths([first], root, jobs=1)
    source = Source(open_db(root, people=PEOPLE))
    try:
        _check(source, ["player", "unit"], {}, from_kept=True)
        assert builds.take() == ["players"]
        for path in others:  # each import commits its parts: they are read alone
            import_paths([path], root, jobs=1)
            _check(source, ["player", "game"], {}, from_kept=True)
            _check(source, ["unit"], {"player": "Hero", "since": "2026-03-01T00:00+00:00"},
                   from_kept=True)
            assert builds.take() == ["added"]
        keys = ", ".join(duck._column(k) for k in duck.KEPT_KEYS)
        with source.cursor() as cur:
            rows, groups = cur.execute(
                f"SELECT (SELECT count(*) FROM {kept.SUMS}), "
                f"(SELECT count(*) FROM (SELECT DISTINCT {keys} FROM {kept.SUMS}))"
            ).fetchone() or (0, 0)
        assert (rows == groups) is (growth == 1.0)  # else some groups twice, added up later
        assert open_db(root).compact(min_parts=2) > 0  # parts replaced: summed again
        _check(source, ["player", "game"], {}, from_kept=True)
        assert builds.take() == ["players"]
    finally:
        source.close()


def test_undated_hands_are_kept_and_a_date_filter_leaves_them_out(
        corpus: Path, tmp_path: Path) -> None:
    root = tmp_path / "db"
    import_paths([corpus / "Everleaf", SAMPLES / "stud_cash_0.10-0.20.txt"], root, jobs=1)
    source = Source(open_db(root))
    try:
        with source.cursor() as cur:
            undated = cur.execute(f"SELECT sum(_rows) FROM {kept.SUMS} WHERE hour IS NULL"
                                  ).fetchone()
        assert undated is not None
        assert undated[0] > 0
        _check(source, ["site", "player"], {}, from_kept=True)
        with pytest.warns(UndatedHandsWarning):  # stats says what it left out
            _check(source, ["site"], {"since": "2026-01-01T00:00+00:00"}, from_kept=True)
    finally:
        source.close()
