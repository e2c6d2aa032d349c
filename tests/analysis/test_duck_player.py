"""A player against the field from the sums DuckDB adds up (stud_hh.analysis.duck_player)
equals the pandas functions it stands in for, on the sample histories, for a few selections
and two players: summed from the rows, and from the app's kept sums."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from stud_hh.analysis import duck_player, stats
from stud_hh.app.players_sql import PLAYERS
from stud_hh.app.source import Source
from stud_hh.store.database import open_db
from stud_hh.store.select import Selection, SelectionError, UnknownPlayerError
from stud_hh.store.sql import connect

SELECTIONS = [Selection(), Selection().where(game=["razz"]), Selection().where(cash=True),
              Selection().where(since="2026-03-14"),
              Selection().where(since="2026-03-14 18:30"),  # within an hour: from the rows
              Selection().where(game=["stud8", "stud"], site=["PokerStars"])]


@pytest.fixture(scope="module")
def database(samples_database: Path):  # type: ignore[no-untyped-def]
    db = open_db(samples_database)
    source = Source(db)
    yield db, source
    source.close()


@contextmanager
def cursor(database: Any, kept: bool) -> Iterator[tuple[Any, str]]:
    """A cursor with the app's kept sums (and its players view), or a bare connection."""
    db, source = database
    if kept:
        with source.cursor() as cur:
            yield cur, PLAYERS
    else:
        con = connect(db)
        try:
            yield con, "players"
        finally:
            con.close()


@pytest.mark.parametrize("kept", [True, False], ids=["kept sums", "rows"])
@pytest.mark.parametrize("player", ["Hero", "drawdead fred"])
@pytest.mark.parametrize("select", SELECTIONS, ids=lambda s: s.describe() or "all")
def test_duckdb_sums_equal_the_pandas_statistics(database, kept: bool, player: str,  # type: ignore[no-untyped-def]
                                                 select: Selection) -> None:
    players = database[0].players()
    ratios = stats.SUMMARY + stats.HILO + stats.STREET_RATIOS
    with cursor(database, kept) as (cur, table):
        versus = duck_player.versus_field(cur, player, ratios, select=select, table=table)
        found = duck_player.leak_costs(cur, player, min_n=10, select=select, table=table)
        streets = duck_player.street_frequencies(cur, player, select=select, table=table)
    pd.testing.assert_frame_equal(versus, stats.versus_field(players, player, ratios,
                                                             select=select))
    if player == "Hero":  # leaks of every kind: priced, results, counts
        assert {"own results", "a result, not a choice", "counts, not a choice"} <= set(
            found["priced_by"])
    pd.testing.assert_frame_equal(found, stats.leak_costs(players, player, min_n=10,
                                                          select=select),
                                  check_exact=False, rtol=1e-9)
    who = players.assign(who=np.where(players["player"] == player, "player", "field"))
    pd.testing.assert_frame_equal(streets, stats.street_frequencies(who, by=["who"],
                                                                    select=select))


@pytest.mark.parametrize("kept", [True, False], ids=["kept sums", "rows"])
def test_where_and_when_a_player_played(database, kept: bool) -> None:  # type: ignore[no-untyped-def]
    players = database[0].players()
    with cursor(database, kept) as (cur, table):
        found = duck_player.played(cur, "Hero", select=Selection().where(cash=True),
                                   table=table)
    mine = players[(players["player"] == "Hero") & players["dealt"]
                   & ~players["tournament"].fillna(False).astype(bool)]
    counts = mine.groupby([mine["site"].astype(str), mine["game"].astype(str)]).size()
    assert dict(zip(zip(found["site"], found["game"], strict=True), found["hands"],
                    strict=True)) == counts.to_dict()
    assert found["first"].min() == mine["start_utc"].min().floor("h")
    assert not found["tournament"].any()


def test_a_name_is_matched_in_any_case_and_a_typo_gets_a_hint(database) -> None:  # type: ignore[no-untyped-def]
    with cursor(database, False) as (cur, _):
        assert duck_player.player_name(cur, "HERO") == "Hero"
        with pytest.raises(UnknownPlayerError, match="did you mean 'Hero'"):
            duck_player.player_name(cur, "Heroo")
        with pytest.raises(SelectionError, match="not as a filter"):
            duck_player.versus_field(cur, "Hero", select=Selection().where(player="Hero"))
