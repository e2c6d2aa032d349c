"""The statistics' sums in DuckDB equal the pandas ones, to the last digit."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from stud_hh.analysis import duck, stats
from stud_hh.store.database import open_db
from stud_hh.store.select import Selection
from stud_hh.store.sql import connect

ALL = stats.SUMMARY + stats.HILO + stats.STREET_RATIOS


def _plain(frame: pd.DataFrame) -> pd.DataFrame:
    out = frame.reset_index().astype(object)
    return out.where(out.notna(), None)


@pytest.mark.parametrize(("by", "filters"), [
    (["player"], {}),
    (["player", "game"], {}),
    (["site", "stakes"], {"game": "razz"}),
    (["player"], {"player": "hero"}),
    (["unit"], {"tournament": True}),
    (["player", "position"], {"cash": True, "since": "2026-05-01"}),
])
def test_duckdb_summary_equals_the_pandas_summary(samples_database: Path, by: list[str],
                                                   filters: dict[str, object]) -> None:
    db = open_db(samples_database)
    select = Selection().where(**filters)  # type: ignore[arg-type]
    with connect(db) as con:
        fast = duck.summary(con, ALL, by, select=select)
    players = db.players(columns=list(dict.fromkeys(
        [*stats.required_columns(by, ALL), "start_utc", "site", "stakes"])))
    slow = stats.player_summary(players, by, streets=True, select=select)
    assert len(slow) > 0
    pd.testing.assert_frame_equal(_plain(fast[slow.columns]), _plain(slow),
                                  check_dtype=False)


def test_the_derived_flags_in_sql_are_the_pandas_ones(samples_database: Path) -> None:
    db = open_db(samples_database)
    assert set(duck._DERIVED_SQL) == set(stats.DERIVED_FLAGS)
    players = db.players()
    with connect(db) as con:
        for name, expression in duck._DERIVED_SQL.items():
            sql = con.execute(f"SELECT sum(CAST(coalesce({expression}, false) AS BIGINT)) "
                              "FROM players WHERE dealt").fetchone()
            assert sql is not None
            dealt = players[players["dealt"]]
            assert int(sql[0]) == int(stats.DERIVED_FLAGS[name][1](dealt).sum()), name
