"""A note and tags written on a player's page are stored and shown there again."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from appserver import open_app, running


def test_a_note_written_on_a_players_page_is_there_after_a_restart(
        samples_database: Path, tmp_path: Path, browser: Any) -> None:
    db = tmp_path / "db"
    shutil.copytree(samples_database, db)  # the shared database is never written to
    with running(db) as app, open_app(browser, app, "/players/fishlicht") as opened:
        page = opened.page
        page.fill("form.player-note-form textarea", "calls down <b>light</b>")
        page.fill("form.player-note-form input[name=tags]", "station, loose")
        with page.expect_navigation():
            page.click("form.player-note-form button[type=submit]")
        page.wait_for_selector(".player-notes .note-text")
        opened.assert_clean()
    with running(db) as app:
        text = app.get("/players/fishlicht").text
    assert "calls down &lt;b&gt;light&lt;/b&gt;" in text
    assert '<span class="tag">station</span>' in text
    assert '<span class="tag">loose</span>' in text
