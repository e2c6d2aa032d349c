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
from stud_hh.store.ingest.run import import_paths
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


class _Reads:
    """The players parts the kept sums read, as the database names them."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, root: Path) -> None:
        self.read: set[str] = set()
        made = kept.view_sql

        def recording(table: str, files: list[str], name: str | None = None) -> str:
            if name == "_part_rows":
                self.read |= {str(Path(f).relative_to(root)) for f in files}
            return made(table, files, name)

        monkeypatch.setattr(kept, "view_sql", recording)

    def take(self) -> set[str]:
        read, self.read = self.read, set()
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


def test_a_commit_has_only_the_parts_it_brings_read(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    histories = tmp_path / "histories"
    histories.mkdir()
    root = tmp_path / "db"
    reads = _Reads(monkeypatch, root)
    first, *others = _imports(histories)
    import_paths([first], root, jobs=1)
    source = Source(open_db(root, people=PEOPLE))
    try:
        _check(source, ["player", "unit"], {}, from_kept=True)
        parts = set(open_db(root).parts()["players"])
        assert reads.take() == parts  # the first connection reads every part
        for path in others:  # an import commits parts: only they are read
            import_paths([path], root, jobs=1)
            _check(source, ["player", "game"], {}, from_kept=True)
            _check(source, ["unit"], {"player": "Hero", "since": "2026-03-01T00:00+00:00"},
                   from_kept=True)
            now = set(open_db(root).parts()["players"])
            assert now > parts
            assert reads.take() == now - parts
            parts = now
        assert open_db(root).compact(min_parts=2) > 0  # parts replaced by the merged one
        _check(source, ["player", "game"], {}, from_kept=True)
        now = set(open_db(root).parts()["players"])
        assert not now & parts
        assert reads.take() == now
        with source.cursor() as cur:  # the merged parts' sums are gone, not added twice
            numbers = {r[0] for r in cur.execute(f"SELECT DISTINCT {kept.PART} "
                                                 f"FROM {kept.SUMS}").fetchall()}
        assert source._kept is not None
        assert numbers == {source._kept.parts[p] for p in now}
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
