"""Promise: the *Live* page shows a panel per seat of the hero's current tables with the
numbers `stud-hh stats` gives, the user's notes and colours, and the hero's session; a
hand the watch stores is announced on /live/events; notes and colours are the app's only
writes, each behind the CSRF token, and a note waits for no lock it cannot have."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from appserver import GUARD_S, Running, running
from livehands import append, hand_id, players_of, session_hands

from stud_hh.analysis.stats import player_summary
from stud_hh.app.notes import all_tags, notes_of, tagged_sql
from stud_hh.app.source import Source
from stud_hh.live.hud import HUD_STATS, opponents
from stud_hh.settings import ENV
from stud_hh.store.database import Database, open_db
from stud_hh.store.notes import make_note, read_notes, save_notes

FIRST = 12
"""Hands in the history file before the app starts."""


def wait_for(condition: Any, what: str) -> Any:
    """``condition()``'s first true answer; the guard only stops a hang."""
    deadline = time.monotonic() + GUARD_S
    while True:
        found = condition()
        if found:
            return found
        assert time.monotonic() < deadline, f"still waiting for {what}"
        time.sleep(0.05)


def panels(app: Running) -> dict[str, Any]:
    answer = app.get("/live/panels?format=json")
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


@pytest.fixture(scope="module")
def texts() -> list[str]:
    return session_hands(seed=4242, hands=FIRST + 6)


@pytest.fixture(scope="module")
def watched(texts: list[str], tmp_path_factory: pytest.TempPathFactory) -> Iterator[Running]:
    """The app watching a folder whose history file holds the first hands of a session."""
    folder = tmp_path_factory.mktemp("live-watched")
    history = folder / "HH20260301 Table.txt"
    for text in texts[:FIRST]:
        append(history, text)
    with running(folder.parent / f"{folder.name}.db", watch=[folder]) as app:
        wait_for(lambda: panels(app)["latest"] == f"PokerStars {hand_id(texts[FIRST - 1])}",
                 "the first hands")
        yield app


def test_a_panel_per_seat_of_the_latest_hand_with_the_stats_numbers(
        watched: Running, texts: list[str]) -> None:
    view = panels(watched)
    assert view["hero"] == "Hero"
    [table] = view["tables"]
    seated = players_of(texts[FIRST - 1])
    assert [s["player"] for s in table["seats"]] == seated
    assert table["hand_id"] == hand_id(texts[FIRST - 1])
    db = open_db(watched.watcher.db_root)
    expected = player_summary(db.players(), ("site", "player"), streets=True)
    for seat in table["seats"]:
        if seat["hero"]:
            assert seat["stats"] == []
            continue
        mine = expected.loc[("PokerStars", seat["player"])]
        assert seat["hands"] == mine["hands"]
        for stat in seat["stats"]:
            assert stat["sample"] == mine[f"{stat['name']}_n"], stat
            if stat["value"] is None:
                assert mine[stat["name"]] != mine[stat["name"]], stat
            else:
                assert stat["value"] == pytest.approx(mine[stat["name"]]), stat
    terminal = {o.player: o for o in opponents(db, "Hero")}
    assert set(terminal) == {s["player"] for s in table["seats"] if not s["hero"]}
    for seat in table["seats"]:
        if not seat["hero"]:
            ours = {s["name"]: (s["value"], s["sample"]) for s in seat["stats"]}
            for (name, _), (value, sample) in zip(HUD_STATS, terminal[seat["player"]].stats,
                                                  strict=True):
                assert ours[name][1] == sample
                assert ours[name][0] == pytest.approx(value)


def test_the_heros_session_is_every_hand_since_the_last_pause(watched: Running) -> None:
    view = panels(watched)
    db = open_db(watched.watcher.db_root)
    hero = db.players(columns=["net", "scale", "dealt"], filters=[("player", "==", "Hero")])
    hero = hero[hero["dealt"]]
    [usd] = view["session"]
    assert usd["unit"] == "USD"
    assert usd["hands"] == len(hero) == view["session_hands"]
    assert usd["net"] == pytest.approx(float((hero["net"] / hero["scale"]).sum()))
    assert view["tables"][0]["results"] == view["session"]


def test_each_hand_stored_is_announced_and_the_panels_follow(
        watched: Running, texts: list[str]) -> None:
    history = next(watched.watcher.folders[0].iterdir())
    latencies = []
    with watched.client() as client, client.stream("GET", "/live/events") as stream:
        assert stream.headers["content-type"].startswith("text/event-stream")
        lines = stream.iter_lines()
        assert next(lines).startswith("retry:")
        for text in texts[FIRST:FIRST + 3]:
            started = time.monotonic()
            append(history, text)
            while next(lines) != "event: hands":
                pass
            assert panels(watched)["latest"] == f"PokerStars {hand_id(text)}"
            latencies.append(time.monotonic() - started)
    print(f"append -> event -> panels: {', '.join(f'{s * 1000:.0f} ms' for s in latencies)}")


def test_a_note_is_written_through_the_watch_and_shown_in_the_panels(
        watched: Running, texts: list[str]) -> None:
    villain = next(p for p in players_of(texts[FIRST - 1]) if p != "Hero")
    with watched.client() as client:
        refused = client.post("/api/notes", json={"player": villain, "note": "x"})
        assert refused.status_code == 403
        answer = client.post("/api/notes", headers={"X-CSRF-Token": watched.guard.csrf},
                             json={"site": "PokerStars", "player": villain,
                                   "note": "check-raises 5th", "tags": ["Trappy", " reg "]})
    assert answer.status_code == 200, answer.text
    assert watched.watcher.live is not None  # the watch held the lock all along
    view = panels(watched)
    assert {(n["player"], n["note"], tuple(n["tags"])) for n in view["notes"]} == {
        (villain, "check-raises 5th", ("Trappy", "reg"))}
    html = watched.get("/live/panels").text
    assert "check-raises 5th" in html
    assert '<span class="tag">Trappy</span>' in html
    assert [n.note for n in read_notes(Database(watched.watcher.db_root))] == \
        ["check-raises 5th"]


@pytest.mark.parametrize(("body", "why"), [
    ({"player": "", "note": "x"}, "needs the player's name"),
    ({"site": "Stars", "player": "V", "note": "x"}, "no site 'Stars'"),
    ({"player": "V", "note": 3}, "a note is text"),
    ({"player": "V", "tags": "a" * 41}, "at most 40 characters"),
])
def test_a_note_that_means_nothing_is_a_message(watched: Running, body: dict[str, Any],
                                                why: str) -> None:
    with watched.client() as client:
        answer = client.post("/api/notes", headers={"X-CSRF-Token": watched.guard.csrf},
                             json=body)
    assert answer.status_code == 400
    assert why in answer.json()["error"]


def test_without_a_watch_a_note_takes_the_lock_and_waits_for_no_other(
        tmp_path: Path, samples_database: Path) -> None:
    import shutil

    root = tmp_path / "db"
    shutil.copytree(samples_database, root)
    with running(root) as app, app.client() as client:
        headers = {"X-CSRF-Token": app.guard.csrf}
        saved = client.post("/api/notes", headers=headers,
                            json={"player": "Hero", "note": "me", "tags": ["self"]})
        assert saved.status_code == 200, saved.text
        other = Database(root)
        with other.writing():  # as another process's import would
            busy = client.post("/api/notes", headers=headers,
                               json={"player": "Hero", "note": "lost"})
        assert busy.status_code == 409
        assert "another stud-hh" in busy.json()["error"]
        removed = client.post("/api/notes", headers=headers, json={"player": "Hero"})
        assert removed.json()["removed"] is True
    assert read_notes(Database(root)) == []


def test_the_colours_are_saved_in_the_settings_and_colour_the_panels(
        watched: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    settings = tmp_path / "settings.toml"
    monkeypatch.setenv(ENV, str(settings))
    with watched.client() as client:
        headers = {"X-CSRF-Token": watched.guard.csrf}
        wrong = client.post("/api/settings", headers=headers,
                            json={"thresholds": {"vpip": [50, 10]}})
        assert wrong.status_code == 400
        assert "above the high" in wrong.json()["error"]
        answer = client.post("/api/settings", headers=headers,
                             json={"thresholds": {"vpip": [-2, -1]}, "min_sample": 0})
    assert answer.status_code == 200, answer.text
    assert "vpip = [-2, -1]" in settings.read_text(encoding="utf-8")
    colours = {s["colour"] for t in panels(watched)["tables"] for seat in t["seats"]
               for s in seat["stats"] if s["name"] == "vpip" and s["value"] is not None}
    assert colours == {"high"}  # every VPIP is above -1


def test_the_stream_ends_when_the_server_stops(samples_database: Path) -> None:
    with running(samples_database) as app, app.client() as client, \
            client.stream("GET", "/live/events") as stream:
        lines = stream.iter_lines()
        assert next(lines).startswith("retry:")
        app.watcher.hub.close()  # what Ctrl-C does first (server.serve's on_exit)
        rest = list(lines)
    assert "event: stop" in rest


def test_the_page_without_hands_says_what_to_do(tmp_path: Path) -> None:
    with running(tmp_path / "empty.db") as app:
        answer = app.get("/live")
    assert answer.status_code == 200
    assert "holds no hands yet" in answer.text
    assert 'class="filters"' not in answer.text  # the live page has no filters


def test_notes_are_found_by_site_then_by_name_and_tags_select_players(
        samples_database: Path, tmp_path: Path) -> None:
    import shutil

    root = tmp_path / "db"
    shutil.copytree(samples_database, root)
    db = Database.create(root)
    save_notes(db, [make_note("PokerStars", "Hero", "at stars", ["Me"]),
                    make_note(None, "Hero", "anywhere", ["everywhere", "me"]),
                    make_note(None, "fishlicht", "fish", ["fish", "me"])])
    source = Source(open_db(root))
    found = notes_of(source, [("PokerStars", "Hero"), ("iPoker", "Hero"), (None, "Hero"),
                              ("PokerStars", "fishlicht"), ("PokerStars", "nobody")])
    assert {k: v.note for k, v in found.items()} == {
        ("PokerStars", "Hero"): "at stars", ("iPoker", "Hero"): "anywhere",
        (None, "Hero"): "anywhere", ("PokerStars", "fishlicht"): "fish"}
    assert all_tags(source) == [("me", 2), ("everywhere", 1), ("fish", 1), ("Me", 1)]
    with source.cursor() as cur:
        tagged = {r[0] for r in cur.execute(
            f"SELECT DISTINCT player FROM people_players p WHERE {tagged_sql('p')}",
            ["ME"]).fetchall()}
        everywhere = {r[0] for r in cur.execute(
            f"SELECT DISTINCT player FROM people_players p WHERE {tagged_sql('p')}",
            ["everywhere"]).fetchall()}
    assert tagged == {"Hero", "fishlicht"}
    assert everywhere == set()  # Hero plays at PokerStars only: that site's note wins
    source.close()


def test_ctrl_c_ends_the_pages_streams_and_the_server(samples_database: Path,
                                                       tmp_path: Path) -> None:
    import shutil
    import signal
    import subprocess
    import sys

    import httpx

    root = tmp_path / "db"
    shutil.copytree(samples_database, root)  # the watch holds and may write the database
    folder = tmp_path / "HandHistory"
    folder.mkdir()
    ui = subprocess.Popen([sys.executable, "-m", "stud_hh.cli", "ui", "--no-browser",
                           "--watch", str(folder), "--db", str(root)],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert ui.stdout is not None
        url = ui.stdout.readline().split(" ", 2)[2].strip()
        base, token = url.split("/?token=")
        with httpx.Client(base_url=base, cookies={"stud_hh_token": token},
                          timeout=GUARD_S) as client, \
                client.stream("GET", "/live/events") as stream:
            lines = stream.iter_lines()
            assert next(lines).startswith("retry:")
            ui.send_signal(signal.SIGINT)
            rest = list(lines)  # the stream ends: the server does not wait for it
        out, err = ui.communicate(timeout=GUARD_S)
    finally:
        ui.kill()
    assert "event: stop" in rest
    assert ui.returncode == 0, err
    assert "stopped: 0 hands imported" in out
    assert "Traceback" not in err
