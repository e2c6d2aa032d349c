"""Promise: the notes and tags written on players show on the pages that list them: the
*Hands* page's tag filter selects the hands of the players carrying a tag and shows the
winners' tags, the replayer's page the notes of the hand's players (site-aware); every
name and note escaped."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from appserver import Running, running

from stud_hh.store.database import Database, open_db
from stud_hh.store.notes import make_note, save_notes

NOTE = "<script>window.pwned=1</script> calls\nany pair"


@pytest.fixture(scope="module")
def app(samples_database: Path, tmp_path_factory: pytest.TempPathFactory
        ) -> Iterator[Running]:
    root = tmp_path_factory.mktemp("notes-pages") / "db"
    shutil.copytree(samples_database, root)
    save_notes(Database.create(root), [
        make_note("PokerStars", "fishlicht", NOTE, ["fish", "<b>x</b>"]),
        make_note("iPoker", "fishlicht", "not this site", ["elsewhere"])])
    with running(root) as served:
        yield served


def test_the_tag_filter_selects_the_hands_of_the_players_carrying_it(app: Running) -> None:
    db = open_db(app.watcher.db_root)
    theirs = db.sql("SELECT count(DISTINCT hand_id) AS n FROM players "
                    "WHERE player = 'fishlicht' AND dealt")["n"][0]
    answer = app.get("/hands?tag=fish")
    assert answer.status_code == 200
    assert f"of {theirs:,}" in answer.text
    assert '<option selected>fish</option>' in answer.text
    assert '<span class="tag">fish</span>' in answer.text  # beside a winner
    assert "<b>x</b>" not in answer.text
    assert "&lt;b&gt;x&lt;/b&gt;" in answer.text


def test_the_replayer_page_shows_the_notes_of_the_hands_players(app: Running) -> None:
    db = open_db(app.watcher.db_root)
    hand = db.sql("SELECT hand_id FROM players WHERE player = 'fishlicht' LIMIT 1")
    other = db.sql("SELECT DISTINCT hand_id FROM hands WHERE hand_id NOT IN (SELECT hand_id "
                   "FROM players WHERE player = 'fishlicht') LIMIT 1")
    page = app.get(f"/hand/PokerStars/{hand['hand_id'][0]}").text
    assert "Notes on the players" in page
    assert "&lt;script&gt;window.pwned=1&lt;/script&gt; calls\nany pair" in page
    assert "<script>window.pwned" not in page
    assert "not this site" not in page  # the note of another site
    assert "Notes on the players" not in app.get(
        f"/hand/PokerStars/{other['hand_id'][0]}").text
