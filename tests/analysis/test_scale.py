"""Promise: a statistic over a Dask frame read from the database equals, to the last
digit, the same statistic over the pandas table: map-reduce over the partitions, never
the whole table in one process. Checked on the real corpus and on the samples (three
sites' worth of currencies and chips), with the rows split into several partitions.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from helpers import SAMPLES

from stud_hh.analysis import stats
from stud_hh.store.database import Database, open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.select import SelectionError

pytest.importorskip("dask.dataframe", reason="Dask is an optional extra: stud-hh[dask]")

GROUPINGS = [("player",), ("player", "game"), ("site",), ("game", "stakes"), ("month",),
             ("door_group",), ("currency",), ("unit",), ("player", "tournament")]


@pytest.fixture(scope="module", params=["samples", "corpus"])
def db(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Database:
    source = SAMPLES if request.param == "samples" else request.getfixturevalue("corpus")
    root = tmp_path_factory.mktemp(request.param) / "db"
    import_paths([source], root, jobs=1, batch_hands=300)  # several parts
    return open_db(root)


@pytest.fixture(scope="module")
def both(db: Database) -> tuple[pd.DataFrame, object]:
    players = db.players()
    dask_players = db.dask.players().repartition(npartitions=5)
    assert dask_players.npartitions == 5
    return players, dask_players


@pytest.mark.parametrize("by", GROUPINGS, ids="-".join)
def test_summaries_over_partitions_equal_the_pandas_ones(both: tuple[pd.DataFrame, object],
                                                         by: tuple[str, ...]) -> None:
    players, dask_players = both
    pd.testing.assert_frame_equal(stats.player_summary(players, by),
                                  stats.player_summary(dask_players, by))
    pd.testing.assert_frame_equal(stats.street_frequencies(players, by),
                                  stats.street_frequencies(dask_players, by))
    for per_unit in (True, False):
        pd.testing.assert_frame_equal(stats.money(players, by, per_unit),
                                      stats.money(dask_players, by, per_unit))


def test_the_peer_baseline_and_leaks_over_partitions(both: tuple[pd.DataFrame, object]
                                                     ) -> None:
    players, dask_players = both
    busiest = str(players["player"].value_counts().index[0])
    pd.testing.assert_frame_equal(stats.versus_field(players, busiest),
                                  stats.versus_field(dask_players, busiest))
    pd.testing.assert_frame_equal(stats.leaks(players, busiest, min_n=5),
                                  stats.leaks(dask_players, busiest, min_n=5))


def test_dask_tables_read_what_the_pandas_tables_read(db: Database) -> None:
    columns = ["site", "hand_id", "player", "net", "vpip", "currency", "start_utc"]
    some = str(db.players(columns=["player"])["player"].iloc[0])
    filters = [("player", "==", some)]
    wanted = db.players(columns=columns, filters=filters).reset_index(drop=True)
    got = db.dask.players(columns=columns, filters=filters).compute().reset_index(drop=True)
    # the same values and dtypes; a categorical's categories are those its partitions hold
    pd.testing.assert_frame_equal(wanted, got, check_categorical=False)
    assert db.dask.players().npartitions == len(db.parts()["players"])


def test_only_the_partial_sums_are_computed_per_partition(db: Database) -> None:
    """A partition's share of a summary is its groups' sums, not its rows."""
    dask_players = db.dask.players(columns=stats.required_columns())
    part = dask_players.get_partition(0).compute()
    sums = stats.partial_sums(part, ("player",), stats.SUMMARY, with_money=True)
    assert len(sums) <= part["player"].nunique() * 4  # units x scales x big bets at most
    assert len(sums) < len(part)


def test_sessions_need_the_rows_in_order(both: tuple[pd.DataFrame, object]) -> None:
    _, dask_players = both
    with pytest.raises(SelectionError, match="in the order played"):
        stats.player_summary(dask_players, ("player", "session"))


def test_an_empty_database_gives_empty_frames(tmp_path: Path) -> None:
    db = Database.create(tmp_path / "empty")
    players = db.dask.players(columns=stats.required_columns())
    assert len(players.compute()) == 0
    assert list(players.columns) == stats.required_columns()


def test_a_column_the_table_lacks_is_named(db: Database) -> None:
    from stud_hh.model.errors import UsageError

    with pytest.raises(UsageError, match="has no column 'colour'"):
        db.dask.players(columns=["player", "colour"])
