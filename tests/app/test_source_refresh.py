"""Promise: the app's view of a folder database follows each commit on one connection (the
views of the tables that changed replaced), shows each player as the settings' person
exactly as the pandas readers do, and opens no file outside the database's folder."""

from __future__ import annotations

import shutil
import time
from pathlib import Path

import duckdb
import pytest
from appserver import GUARD_S, running
from livehands import session_hands

from stud_hh.app.source import Source
from stud_hh.store.database import open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.people import People


def test_each_commit_is_seen_on_the_same_connection(tmp_path: Path) -> None:
    folder = tmp_path / "h"
    folder.mkdir()
    texts = session_hands(seed=99, hands=4)
    (folder / "a.txt").write_text("\n\n".join(texts[:2]) + "\n\n", encoding="utf-8")
    import_paths([folder], tmp_path / "db", jobs=1)
    source = Source(open_db(tmp_path / "db"))
    with source.cursor() as cur:
        assert cur.execute("SELECT count(*) FROM hands").fetchone() == (2,)
    first = source._current()[0]
    (folder / "b.txt").write_text("\n\n".join(texts[2:]) + "\n\n", encoding="utf-8")
    import_paths([folder], tmp_path / "db", jobs=1)
    with source.cursor() as cur:
        assert cur.execute("SELECT count(*) FROM hands").fetchone() == (4,)
        assert cur.execute("SELECT count(*) FROM people_players").fetchone() == \
            cur.execute("SELECT count(*) FROM players").fetchone()
        with pytest.raises(duckdb.PermissionException):
            cur.execute("SELECT * FROM read_text('/etc/hostname')").fetchall()
    assert source._current()[0] is first
    with source.snapshot() as (_, players):
        assert players == open_db(tmp_path / "db").parts()["players"]
    source.close()


def test_the_people_are_applied_as_the_pandas_readers_apply_them(
        samples_database: Path, tmp_path: Path) -> None:
    root = tmp_path / "db"
    shutil.copytree(samples_database, root)
    people = People.of(hero=[("PokerStars", "Hero")],
                       aliases=[("Fishes", [("PokerStars", "fishlicht"),
                                            ("PokerStars", "Hero2")])])
    db = open_db(root, people=people)
    expected = db.players(columns=["site", "hand_id", "player"])
    source = Source(db)
    with source.cursor() as cur:
        found = cur.execute("SELECT CAST(site AS VARCHAR) AS site, hand_id, player "
                            "FROM people_players").df()
    key = ["site", "hand_id", "player"]
    assert sorted(map(tuple, found[key].astype(str).to_numpy())) == \
        sorted(map(tuple, expected[key].astype(str).to_numpy()))
    assert "Fishes" in set(found["player"])
    source.close()


def test_a_connection_that_has_read_many_parts_gives_way_to_a_new_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from stud_hh.app import source as module

    folder = tmp_path / "h"
    folder.mkdir()
    texts = session_hands(seed=98, hands=2)
    (folder / "a.txt").write_text(texts[0] + "\n\n", encoding="utf-8")
    import_paths([folder], tmp_path / "db", jobs=1)
    source = Source(open_db(tmp_path / "db"))
    first = source._current()[0]
    monkeypatch.setattr(module, "SEEN", 1)  # every part's footer counts past the limit
    (folder / "b.txt").write_text(texts[1] + "\n\n", encoding="utf-8")
    import_paths([folder], tmp_path / "db", jobs=1)
    with source.cursor() as cur:
        assert cur.execute("SELECT count(*) FROM hands").fetchone() == (2,)
    assert source._current()[0] is not first
    source.close()


def test_the_server_makes_the_connection_before_the_first_page(samples_database: Path
                                                               ) -> None:
    # the kept sums of a large database take seconds: the server starts them at once, so
    # the first page finds them made (or being made) instead of starting them
    with running(samples_database) as app:
        source = app.app.state.stud_hh.source
        deadline = time.monotonic() + GUARD_S
        while source._kept is None:
            assert time.monotonic() < deadline, "no connection made without a request"
            time.sleep(0.05)
        assert app.get("/players").status_code == 200
    source.warm()  # after the server stopped: nothing made again, nothing raised
    assert source._con is None
