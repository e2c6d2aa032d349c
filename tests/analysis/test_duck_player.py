"""The sums of a cube (stud_hh.analysis.cube) and a player against the field from them
(stud_hh.analysis.duck_player) equal the pandas functions they stand in for, on the sample
histories, for a few selections and two players."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from stud_hh.analysis import cube, duck_player, stats
from stud_hh.store.database import open_db
from stud_hh.store.select import Selection, SelectionError, UnknownPlayerError
from stud_hh.store.sql import connect

SELECTIONS = [Selection(), Selection().where(game=["razz"]), Selection().where(cash=True),
              Selection().where(since="2026-03-14"),
              Selection().where(game=["stud8", "stud"], site=["PokerStars"])]


@pytest.fixture(scope="module")
def both(samples_database: Path):  # type: ignore[no-untyped-def]
    db = open_db(samples_database)
    con = connect(db)
    yield db.players(), con
    con.close()


@pytest.mark.parametrize("player", ["Hero", "drawdead fred"])
@pytest.mark.parametrize("select", SELECTIONS, ids=lambda s: s.describe() or "all")
def test_duckdb_sums_equal_the_pandas_statistics(both, player: str, select: Selection  # type: ignore[no-untyped-def]
                                                 ) -> None:
    players, con = both
    ratios = stats.SUMMARY + stats.HILO + stats.STREET_RATIOS
    pd.testing.assert_frame_equal(
        duck_player.versus_field(con, player, ratios, select=select),
        stats.versus_field(players, player, ratios, select=select))
    found = duck_player.leak_costs(con, player, min_n=10, select=select)
    if player == "Hero":  # leaks of every kind: priced, results, counts
        assert {"own results", "a result, not a choice", "counts, not a choice"} <= set(
            found["priced_by"])
    pd.testing.assert_frame_equal(found, stats.leak_costs(players, player, min_n=10,
                                                          select=select),
                                  check_exact=False, rtol=1e-9)
    who = players.assign(who=np.where(players["player"] == player, "player", "field"))
    pd.testing.assert_frame_equal(duck_player.street_frequencies(con, player, select=select),
                                  stats.street_frequencies(who, by=["who"], select=select))


def _plain(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with its keys as text (pandas keeps categories, DuckDB gives text)."""
    keys = frame.index.to_frame(index=False).astype(str)
    return frame.set_axis(pd.MultiIndex.from_frame(keys), axis=0)


@pytest.mark.parametrize("select", SELECTIONS, ids=lambda s: s.describe() or "all")
def test_the_cubes_rows_of_a_selection_give_its_summaries(both, select: Selection) -> None:  # type: ignore[no-untyped-def]
    players, con = both
    whole = cube.Cube.of(cube.cube(con))
    mask = whole.select(select)
    assert mask is not None
    rows = whole.rows(mask)
    made = cube.cube(con, select=select)  # the rows selected by DuckDB
    pd.testing.assert_frame_equal(rows, made[rows.columns], check_exact=False, rtol=1e-12)
    for by in (["player"], ["player", "game"], ["stakes"]):
        expected = stats.player_summary(players, by=by, select=select, streets=True)
        found = stats.finish_sums(cube.grouped(rows, by), by, cube.ALL, True)
        found = stats._most_hands_first(found)
        pd.testing.assert_frame_equal(_plain(found[expected.columns]), _plain(expected),
                                      check_exact=False, rtol=1e-12)
    hero = cube.grouped(whole.rows(mask & whole.of_player("Hero")), ["player"])
    pd.testing.assert_frame_equal(
        stats.finish_sums(hero, ["player"], cube.ALL, True, min_hands=10),
        stats.finish_sums(cube.grouped(rows, ["player"]), ["player"], cube.ALL, True,
                          min_hands=10).loc[["Hero"]])
    totals = whole.totals(mask)
    assert int(totals["_rows"]) == int(made["_rows"].sum())
    assert float(totals["limp@done_sum"]) == pytest.approx(float(made["limp@done_sum"].sum()))


def test_a_date_off_the_hour_is_left_to_a_cube_of_the_selected_rows(both) -> None:  # type: ignore[no-untyped-def]
    _, con = both
    whole = cube.Cube.of(cube.cube(con))
    assert whole.select(Selection().where(since="2026-03-14 18:30")) is None
    assert whole.select(Selection().where(since="2026-03-14 18:00")) is not None


def test_a_name_is_matched_in_any_case_and_a_typo_gets_a_hint(both) -> None:  # type: ignore[no-untyped-def]
    _, con = both
    assert duck_player.player_name(con, "HERO") == "Hero"
    with pytest.raises(UnknownPlayerError, match="did you mean 'Hero'"):
        duck_player.player_name(con, "Heroo")
    with pytest.raises(SelectionError, match="not as a filter"):
        duck_player.versus_field(con, "Hero", select=Selection().where(player="Hero"))
