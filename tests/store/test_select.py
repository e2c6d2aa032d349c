"""Selections: the filters of ``stud-hh stats``, as a Selection or as keywords of the same
names, read the same rows from a database, from a table in memory and from parsed hands;
a value that names nothing is an error saying what there is; a date filter says which
undated hands it left out."""

from __future__ import annotations

import warnings
from collections.abc import Callable
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from helpers import SAMPLES

from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_file
from stud_hh.read.scan import scan_paths
from stud_hh.store.database import Database, open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.select import (
    Selection,
    SelectionError,
    UndatedHandsWarning,
    UnknownPlayerError,
    parse_when,
)
from stud_hh.store.stored import selected_hands


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Database:
    root = tmp_path_factory.mktemp("select") / "db"
    import_paths([SAMPLES], root, jobs=1)
    return open_db(root)


def test_keywords_are_the_options_by_name() -> None:
    chosen = Selection().where(game="Razz", cash=True, stakes="2/4", site="PokerStars",
                               since="2026-03-13", until="2026-03-13", player="hero",
                               min_hands=5)
    assert chosen == Selection(games=("razz",), tournament=False, stakes=("2/4",),
                               sites=("PokerStars",), since=parse_when("2026-03-13"),
                               until=parse_when("2026-03-13", end=True), player="hero",
                               min_hands=5)
    # a date is a day on the machine's clock, as on the command line; lists take many values
    assert Selection().where(since=date(2026, 3, 13), until=date(2026, 3, 13),
                             game=["stud", "stud8"]) == Selection(
        since=parse_when("2026-03-13"), until=parse_when("2026-03-13", end=True),
        games=("stud", "stud8"))
    moment = datetime(2026, 3, 13, 12, 0, tzinfo=UTC)
    assert Selection().where(since=moment).since == moment
    assert Selection().where(tournament=False) == Selection().where(cash=True)
    assert Selection().where(min_hands=50).narrows_hands is False


@pytest.mark.parametrize(("filters", "message"), [
    ({"games": "razz"}, "no filter 'games'; did you mean 'game'?"),
    ({"colour": "red"}, "no filter 'colour' (the filters are since, until, game, "),
    ({"game": "razzz"}, "no game 'razzz'; did you mean 'razz'?"),
    ({"cash": True, "tournament": True}, "cash and tournament exclude each other"),
    ({"since": "13/03/2026"}, "not a date: '13/03/2026'"),
    ({"since": "2026-03-14", "until": "2026-03-13"}, "is not before until"),
    ({"min_hands": -1}, "min_hands: a whole number from 0"),
    ({"game": 3}, "game: give a text or a list of texts"),
])
def test_a_filter_written_wrong_is_explained(filters: dict[str, Any], message: str) -> None:
    with pytest.raises(SelectionError) as caught:
        Selection().where(**filters)
    assert message in str(caught.value)


CASES: list[tuple[dict[str, Any], Callable[[pd.DataFrame], pd.Series]]] = [
    ({"game": "razz"}, lambda h: h["game"] == "razz"),
    ({"cash": True}, lambda h: ~h["tournament"]),
    ({"tournament": True}, lambda h: h["tournament"]),
    ({"game": ["stud", "stud8"], "cash": True},
     lambda h: h["game"].isin(["stud", "stud8"]) & ~h["tournament"]),
    ({"stakes": "0.25/0.50"}, lambda h: h["stakes"] == "$0.25/$0.50"),
    ({"site": "pokerstars", "game": "stud8"},  # every sample is a PokerStars hand
     lambda h: (h["site"] == "PokerStars") & (h["game"] == "stud8")),
    ({"since": "2026-03-13T00:00+00:00", "until": "2026-03-14T00:00+00:00"},
     lambda h: (h["start_utc"] >= pd.Timestamp("2026-03-13", tz="UTC"))
     & (h["start_utc"] < pd.Timestamp("2026-03-14", tz="UTC"))),
]
IDS = ["game", "cash", "tournament", "games-cash", "stakes", "site", "dates"]


@pytest.mark.parametrize(("filters", "where"), CASES, ids=IDS)
def test_readers_select_by_keywords_or_a_selection(
        db: Database, filters: dict[str, Any], where: Callable[[pd.DataFrame], pd.Series]
) -> None:
    hands = db.hands()
    expected = set(hands.loc[where(hands).to_numpy(dtype=bool), "hand_id"])
    assert expected
    assert len(expected) < len(hands)
    assert set(db.hands(**filters)["hand_id"]) == expected
    assert set(db.hands(select=Selection().where(**filters))["hand_id"]) == expected
    players = db.players(columns=["hand_id", "player"], **filters)
    assert set(players["hand_id"]) == expected
    # the rows of other tables come with their hands
    assert set(db.actions(columns=["hand_id"], **filters)["hand_id"]) == expected
    assert set(db.pots(**filters)["hand_id"]) == expected


def test_a_player_is_their_rows_and_the_hands_they_were_dealt(db: Database) -> None:
    players = db.players(columns=["site", "hand_id", "player", "dealt", "game"])
    mine = db.players(player="HERO")  # any case: the stored name
    assert set(mine["player"]) == {"Hero"}
    assert len(mine) == (players["player"] == "Hero").sum()
    dealt = players[(players["player"] == "Hero") & players["dealt"]]
    assert set(db.hands(player="hero")["hand_id"]) == set(dealt["hand_id"])
    razz = set(dealt.loc[dealt["game"] == "razz", "hand_id"])
    actions = db.actions(columns=["hand_id", "player", "kind"], player="hero", game="razz")
    assert list(actions.columns) == ["hand_id", "player", "kind"]
    every = db.actions(columns=["hand_id"])
    assert len(actions) == every["hand_id"].isin(razz).sum()  # every action of those hands
    assert set(actions["hand_id"]) == razz


def test_a_value_that_names_nothing_says_what_there_is(db: Database) -> None:
    with pytest.raises(SelectionError, match=r"^no hands of site 'pokerstar'; did you mean "
                                             r"'PokerStars'\?$"):
        db.hands(site="pokerstar")
    with pytest.raises(SelectionError, match=r"no hands at stakes '0.3/0.6' \(the stakes "
                                             r"stored: \$0.10/\$0.20, \$0.25/\$0.50"):
        db.players(stakes="0.3/0.6")
    with pytest.raises(SelectionError, match=r"^no five_stud hands \(the games stored: razz, "
                                             r"stud, stud8\)$"):
        db.actions(game="five_stud")
    with pytest.raises(UnknownPlayerError, match=r"^no hands of 'Heroo'; did you mean 'Hero'"):
        db.hands(player="Heroo")
    with pytest.raises(SelectionError, match="the failures table holds no stored hands"):
        db.table("failures", select=Selection(games=("razz",)))
    # values that each name something but select nothing together: an empty table
    assert db.hands(game="razz", stakes="0.10/0.20").empty


@pytest.mark.parametrize(("filters", "where"), CASES, ids=IDS)
def test_a_table_in_memory_is_selected_as_the_database_is(
        db: Database, filters: dict[str, Any], where: Callable[[pd.DataFrame], pd.Series]
) -> None:
    players = db.players()
    chosen = Selection().where(player="hero", **filters)
    in_memory = chosen.apply(players)
    stored = db.players(select=chosen)
    assert sorted(in_memory["hand_id"]) == sorted(stored["hand_id"])
    assert set(in_memory["player"]) == {"Hero"}


def _parsed(paths: list[Path]) -> list[ParsedHand]:
    return [r for p in scan_paths(paths).files for r in parse_file(p)
            if isinstance(r, ParsedHand)]


@pytest.mark.parametrize(("filters", "where"), CASES, ids=IDS)
def test_parsed_hands_are_selected_as_stored_ones(
        db: Database, filters: dict[str, Any], where: Callable[[pd.DataFrame], pd.Series]
) -> None:
    parsed = _parsed([SAMPLES])
    for chosen in (Selection().where(**filters), Selection().where(player="hero", **filters)):
        picked = selected_hands(parsed, chosen)
        assert not picked.unplaced
        assert sorted(h.hand_id for h in picked.hands) == \
            sorted(db.hands(select=chosen)["hand_id"])


@pytest.fixture(scope="module")
def mixed_db(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Database:
    """Everleaf hands (no time zone printed: no date) beside dated PokerStars hands."""
    root = tmp_path_factory.mktemp("undated") / "db"
    import_paths([corpus / "Everleaf", corpus / "Stars" / "7-Stud-USD-0.04-0.08-200911.txt"],
                 root, jobs=1)
    return open_db(root)


def test_a_date_filter_says_which_undated_hands_it_left_out(mixed_db: Database) -> None:
    hands = mixed_db.hands(columns=["site", "start_utc"])
    undated = int(hands["start_utc"].isna().sum())
    assert undated == (hands["site"] == "Everleaf").sum() > 0
    with pytest.warns(UndatedHandsWarning, match=f"^{undated} undated hands left out by the "
                                                 "date filter") as caught:
        dated = mixed_db.hands(since="2000-01-01")
    assert caught[0].filename == __file__  # at the line that asked, not inside stud-hh
    assert set(dated["site"]) == {"PokerStars"}
    assert mixed_db.resolve(Selection().where(until="2030-01-01")).undated == undated
    with pytest.warns(UndatedHandsWarning, match=f"^{undated} undated hands"):
        in_memory = Selection().where(since="2000-01-01").apply(mixed_db.players())
    assert set(in_memory["site"]) == {"PokerStars"}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no date filter, or no undated hand: nothing to say
        assert len(mixed_db.hands(site="everleaf")) == undated
        mixed_db.hands(site="PokerStars", since="2000-01-01")
