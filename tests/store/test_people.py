"""Promise: a person is a set of (site, name) pairs, recognised once where rows are read,
so that statistics, reports, tournaments and the live table count a person once: the
seats Bovada marks ``[ME]`` are one player (an opponent printed ``Seat+3`` never merged
with them), the settings' hero names are one player across sites, and an alias makes
several names one person. The histories keep the names as printed.

The database: the corpus' Bovada files (the hero at three seats) and the handwritten
PokerStars session, its last four hands with the hero renamed ``HeroB`` and ``Big Slick``
renamed ``Slick2``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest
from helpers import SAMPLES

from stud_hh.analysis import stats, tournaments
from stud_hh.live.hud import find_hero, opponents
from stud_hh.store.database import open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.people import People, holds
from stud_hh.store.select import Selection, UnknownPlayerError

HERO = People.of(hero=[("PokerStars", "Hero"), ("PokerStars", "HeroB")],
                 aliases=[("Villain", [("PokerStars", "Big Slick"), ("PokerStars", "Slick2")])])


@pytest.fixture(scope="module")
def db_root(tmp_path_factory: pytest.TempPathFactory, corpus: Path) -> Path:
    folder = tmp_path_factory.mktemp("people")
    text = (SAMPLES / "stud_cash_0.10-0.20.txt").read_text(encoding="utf-8")
    hands = [h for h in re.split(r"\n\s*\n(?=PokerStars Hand)", text.strip()) if h]
    assert len(hands) == 8
    renamed = [re.sub(r"\bBig Slick\b", "Slick2", re.sub(r"\bHero\b", "HeroB", h))
               for h in hands[4:]]
    (folder / "stars.txt").write_text("\n\n".join(hands[:4] + renamed) + "\n\n",
                                      encoding="utf-8")
    root = folder / "db"
    import_paths([folder / "stars.txt", corpus / "Bovada"], root, jobs=1)
    return root


def _raw(root: Path) -> pd.DataFrame:
    """The stored rows, names as printed (what SQL reads)."""
    return open_db(root).sql("SELECT site, player, dealt, hand_id FROM players WHERE dealt")


def test_bovada_marked_seats_are_one_player_and_opponents_stay_apart(db_root: Path) -> None:
    raw = _raw(db_root)
    bovada = raw[raw["site"] == "Bovada"]
    marked = bovada[bovada["player"].str.endswith(" [ME]")]
    assert marked["player"].nunique() == 3  # Seat+3 [ME], Seat+2 [ME], Seat+5 [ME]
    summary = stats.player_summary(open_db(db_root).players())
    assert summary.loc["[ME]", "hands"] == len(marked)
    for seat in ("Seat+2", "Seat+3", "Seat+5"):  # the same seats' opponents, apart
        assert summary.loc[seat, "hands"] == (bovada["player"] == seat).sum()
    assert not any(name.endswith("[ME]") and name != "[ME]" for name in summary.index)


def test_the_settings_hero_is_one_player_across_names_and_sites(db_root: Path) -> None:
    raw = _raw(db_root)
    db = open_db(db_root, people=HERO)
    summary = stats.player_summary(db.players())
    mine = raw["player"].isin(["Hero", "HeroB"]) | raw["player"].str.endswith(" [ME]")
    assert summary.loc["Hero", "hands"] == mine.sum() == 5 + 8
    assert "HeroB" not in summary.index
    assert "[ME]" not in summary.index
    assert summary.loc["Villain", "hands"] == raw["player"].isin(["Big Slick", "Slick2"]).sum()
    # the selection of a player: the person's name, or any of their names
    for wanted in ("Hero", "heroB", "Seat+2 [ME]"):
        rows = db.players(player=wanted)
        assert set(rows["player"]) == {"Hero"}
        assert len(rows[rows["dealt"]]) == 13
    assert set(db.players(player="Villain", site="PokerStars")["hand_id"]) == \
        set(raw.loc[raw["player"].isin(["Big Slick", "Slick2"]), "hand_id"])


def test_a_name_of_another_site_is_not_taken_for_a_person(db_root: Path) -> None:
    people = People.of(hero=[("Bovada", "[ME]")],
                       aliases=[("Seat+1", [("PokerStars", "Ann [NL]")])])
    db = open_db(db_root, people=people)
    names = set(db.players(columns=["player"])["player"])
    assert "Seat+1 (Bovada)" in names  # Bovada's Seat+1 is not the alias Seat+1
    assert "Ann [NL]" not in names
    assert "Seat+1" in names


def test_without_people_the_names_are_as_stored(db_root: Path) -> None:
    names = set(open_db(db_root).players(columns=["player"])["player"])
    assert {"Hero", "HeroB", "Big Slick", "Slick2", "[ME]"} <= names
    with pytest.raises(UnknownPlayerError):
        open_db(db_root).resolve(Selection(player="Villain"))


def test_a_date_filter_counts_the_persons_undated_hands(db_root: Path) -> None:
    db = open_db(db_root, people=HERO)
    resolved = db.resolve(Selection().where(player="Hero", since="2000-01-01"))
    assert resolved.player == "Hero"
    assert resolved.undated == 5  # the Bovada hands print no time zone


def test_the_live_table_sees_persons(db_root: Path) -> None:
    db = open_db(db_root, people=HERO)
    rows = opponents(db, "Hero")
    assert rows, "the hero's current table has opponents"
    assert {o.player for o in rows}.isdisjoint({"Hero", "HeroB", "Slick2", "Big Slick"})
    raw = _raw(db_root)
    [villain] = [o for o in rows if o.player == "Villain"]  # Slick2 at the table: Villain
    assert villain.hands == raw["player"].isin(["Big Slick", "Slick2"]).sum()
    assert find_hero(db) == "Hero"
    assert find_hero(open_db(db_root)) == "[ME]"  # not Seat+1, whose cards Bovada shows too


def test_holds_and_tournaments_read_persons(db_root: Path) -> None:
    db = open_db(db_root, people=HERO)
    assert holds(db, "Hero")
    assert holds(db, "Villain")
    assert not holds(db, "Nobody")
    assert not holds(db, "Hero", tournaments=True)
    assert tournaments.read_results(db, "Hero").empty


def test_a_hands_hero_seat_is_found_by_person() -> None:
    assert HERO.seat_of("Hero", "PokerStars", ["Ann", "HeroB"]) == "HeroB"
    assert HERO.seat_of("Hero", "Bovada", ["Seat+1", "Seat+4 [ME]"]) == "Seat+4 [ME]"
    assert HERO.seat_of("HeroB", "PokerStars", ["Hero", "Ann"]) == "Hero"
    assert HERO.hero_seat("PokerStars", ["Ann", "Big Slick"]) is None
    assert People().hero_seat("Bovada", ["Seat+1", "Seat+2 [ME]"]) == "Seat+2 [ME]"
    assert People().hero_seat("PokerStars", ["Hero"]) is None


def test_two_aliases_that_both_name_the_hero_are_refused() -> None:
    from stud_hh.model.errors import SettingsError

    with pytest.raises(SettingsError, match="the hero is one person"):
        People.of(hero=[("PokerStars", "Hero")],
                  aliases=[("A", [("PokerStars", "Hero")]), ("B", [("Bovada", "[ME]")])])
    merged = People.of(hero=[("PokerStars", "Hero")], aliases=[("Me", [("iPoker", "H2")])])
    assert merged.hero is not None
    assert merged.hero.name == "Hero"
    joined = People.of(hero=[("PokerStars", "Hero")], aliases=[("Me", [("PokerStars", "Hero"),
                                                                      ("iPoker", "H2")])])
    assert joined.hero is not None
    assert joined.hero.name == "Me"
    assert ("iPoker", "H2") in joined.hero.members


def test_dask_frames_see_persons_as_pandas_frames_do(db_root: Path) -> None:
    """A database too large for one process reads the same persons: labelled in each
    partition, and a filter on a person's name keeps all of their names' rows."""
    pytest.importorskip("dask.dataframe", reason="Dask is an optional extra: stud-hh[dask]")
    db = open_db(db_root, people=HERO)
    frames = db.dask.players(columns=stats.required_columns(["player"]))
    pd.testing.assert_frame_equal(stats.player_summary(frames),
                                  stats.player_summary(db.players()))
    wanted = db.dask.players(columns=["hand_id", "player"],
                             filters=[("player", "==", "Hero")]).compute()
    assert set(wanted["player"]) == {"Hero"}
    assert set(wanted["hand_id"]) == set(db.players(player="Hero")["hand_id"])
