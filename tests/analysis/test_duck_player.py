"""A player against the field summed by DuckDB (stud_hh.analysis.duck_player) equals the pandas
functions it stands in for, on the sample histories, for a few selections and two players."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from stud_hh.analysis import duck_player, stats
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


def test_the_players_sums_give_his_summary(both) -> None:  # type: ignore[no-untyped-def]
    players, con = both
    sums = duck_player.profile_sums(con, player="Hero", select=Selection().where(game=["razz"]))
    mine = stats.finish_sums(sums, ["player"], duck_player.ALL, True)
    expected = stats.player_summary(players, player="Hero", game="razz", streets=True)
    pd.testing.assert_frame_equal(mine[expected.columns], expected, check_exact=False,
                                  rtol=1e-12, check_index_type=False)


def test_a_name_is_matched_in_any_case_and_a_typo_gets_a_hint(both) -> None:  # type: ignore[no-untyped-def]
    _, con = both
    assert duck_player.player_name(con, "HERO") == "Hero"
    with pytest.raises(UnknownPlayerError, match="did you mean 'Hero'"):
        duck_player.player_name(con, "Heroo")
    with pytest.raises(SelectionError, match="not as a filter"):
        duck_player.profile_sums(con, select=Selection().where(player="Hero"))
