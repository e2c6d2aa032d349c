"""Promise, in the browser: a hand appended to a watched file updates the *Live* panel by
itself (the time it takes is measured and printed, not asserted: the benchmark
``benchmarks/live.py`` holds the second); a note written on the page is in the database,
so that it is in the panel after the server restarts; names and notes that hold a script
are shown as text and never run; the page opens with no console error and asks nothing of
any other address."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from appserver import GUARD_S, open_app, running
from chromium import Opened
from livehands import append, hand_id, players_of, session_hands

FIRST = 6
SCRIPT_NAME = "<script>window.pwned=1</script>"
IMG_NAME = "<img src=x onerror=window.pwned=2>"
NOTE = "<img src=y onerror=window.pwned=3> check-raises <b>5th</b>"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    made = tmp_path / "HandHistory"
    made.mkdir()
    return made


def texts(names: dict[str, str] | None = None) -> list[str]:
    return session_hands(seed=4343, hands=FIRST + 4, names=names)


def begun(folder: Path, names: dict[str, str] | None = None) -> tuple[Path, list[str]]:
    """A history in ``folder`` holding the first :data:`FIRST` hands of :func:`texts`: the
    history and all the hands, the rest to append."""
    hands = texts(names)
    history = folder / "HH20260301 Table.txt"
    for text in hands[:FIRST]:
        append(history, text)
    return history, hands


@contextmanager
def live_page(browser: Any, folder: Path) -> Iterator[Opened]:
    """The Live page of the app watching ``folder``, its database beside it (kept from one
    call to the next)."""
    with running(folder.parent / "db", watch=[folder]) as app, \
            open_app(browser, app, "/live") as opened:
        yield opened


def shown(page: Any, text: str) -> None:
    page.wait_for_selector(f'#live-panels .live-state[data-latest="PokerStars {hand_id(text)}"]')


def test_a_hand_written_to_the_watched_file_updates_the_panel(
        browser: Any, folder: Path) -> None:
    history, hands = begun(folder)
    with live_page(browser, folder) as opened:
        page = opened.page
        page.wait_for_selector('#live-status[data-state="live"]')
        shown(page, hands[FIRST - 1])
        latencies = []
        for text in hands[FIRST:FIRST + 3]:
            started = time.monotonic()
            append(history, text)
            shown(page, text)
            latencies.append(time.monotonic() - started)
        seats = page.locator(".live-table article.seat")
        assert seats.count() == len(players_of(hands[FIRST + 2]))
        assert int(page.get_attribute("#live-panels", "data-updated") or 0) >= 3
        assert page.locator(".live-session").inner_text().startswith("Hero's session")
        opened.assert_clean()
    print("append -> panel in the browser: "
          + ", ".join(f"{s * 1000:.0f} ms" for s in latencies))


def _committed(app: Any, text: str) -> None:
    """Wait until the app's panels (asked without the page) show the hand ``text``."""
    deadline = time.monotonic() + GUARD_S
    while f'data-latest="PokerStars {hand_id(text)}"' not in app.get("/live/panels").text:
        assert time.monotonic() < deadline, "the watch never stored the hand"
        time.sleep(0.05)


def test_a_hand_stored_before_the_page_listens_is_shown_when_it_does(
        browser: Any, folder: Path) -> None:
    # the page's panels are drawn with the page; its event stream starts after: a hand
    # stored in between has no event of its own, and the page must not miss it
    history, hands = begun(folder)
    with running(folder.parent / "db", watch=[folder]) as app, \
            open_app(browser, app, "/hands") as opened:
        page = opened.page
        _committed(app, hands[FIRST - 1])
        held: list[Any] = []
        page.route("**/live/events", lambda route: held.append(route))  # held until released
        page.goto(f"{app.base}/live", wait_until="load")
        shown(page, hands[FIRST - 1])
        append(history, hands[FIRST])
        _committed(app, hands[FIRST])
        deadline = time.monotonic() + GUARD_S
        while not held:  # the page's request for the stream reaches the route
            assert time.monotonic() < deadline, "the page never asked for its events"
            page.wait_for_timeout(50)
        for route in held:
            route.fallback()  # on to the guard's route, which lets it through
        shown(page, hands[FIRST])
        opened.assert_clean()


def _write_note(page: Any, player: str, note: str, tags: str) -> None:
    seat = page.locator(f'article.seat[data-player="{_css(player)}"]')
    seat.locator("button.note-edit").click()
    dialog = page.locator("#note-editor")
    dialog.locator("textarea[name=note]").fill(note)
    dialog.locator("input[name=tags]").fill(tags)
    dialog.locator("button[value=save]").click()
    page.wait_for_function("() => !document.getElementById('note-editor').open")


def _css(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')


def test_a_note_written_on_the_page_is_in_the_panel_after_a_restart(
        browser: Any, folder: Path) -> None:
    _, hands = begun(folder)
    villain = next(p for p in players_of(hands[FIRST - 1]) if p != "Hero")
    with live_page(browser, folder) as opened:
        page = opened.page
        shown(page, hands[FIRST - 1])
        _write_note(page, villain, "slowplays trips\nfolds 6th", "trappy, Reg")
        seat = page.locator(f'article.seat[data-player="{_css(villain)}"]')
        seat.locator(".note-text", has_text="slowplays trips").wait_for()
        assert seat.locator(".tag").all_inner_texts() == ["trappy", "Reg"]
        opened.assert_clean()
    with live_page(browser, folder) as opened:  # a new server on the same database
        seat = opened.page.locator(f'article.seat[data-player="{_css(villain)}"]')
        assert seat.locator(".note-text").inner_text() == "slowplays trips\nfolds 6th"
        assert seat.locator(".tag").all_inner_texts() == ["trappy", "Reg"]
        assert seat.locator("button.note-edit").inner_text() == "Edit note"
        opened.assert_clean()


def test_scripts_in_names_and_notes_are_shown_as_text(browser: Any, folder: Path) -> None:
    first = players_of(texts()[0])
    others = [p for p in first if p != "Hero"]
    history, hands = begun(folder, {others[0]: SCRIPT_NAME, others[1]: IMG_NAME})
    with live_page(browser, folder) as opened:
        page = opened.page
        shown(page, hands[FIRST - 1])
        names = page.locator("article.seat .player").all_inner_texts()
        assert SCRIPT_NAME in names
        assert IMG_NAME in names
        _write_note(page, SCRIPT_NAME, NOTE, "<i>x</i>")
        seat = page.locator(f'article.seat[data-player="{_css(SCRIPT_NAME)}"]')
        seat.locator(".note-text", has_text="check-raises").wait_for()
        assert seat.locator(".note-text").inner_text() == NOTE
        assert seat.locator(".tag").all_inner_texts() == ["<i>x</i>"]
        append(history, hands[FIRST])  # a refresh of the panels after the note
        shown(page, hands[FIRST])
        assert page.evaluate("() => window.pwned") is None
        assert page.locator("#live-panels img, #live-panels script, #live-panels i").count() == 0
        opened.assert_clean()


def test_the_page_of_an_empty_database_is_clean(browser: Any, folder: Path) -> None:
    with live_page(browser, folder) as opened:
        opened.page.wait_for_selector('#live-status[data-state="live"]')
        assert "holds no hands yet" in opened.page.locator("#live-panels").inner_text()
        opened.assert_clean()
        opened.page.locator(".hud-colours summary").click()
        opened.page.fill("input[name=vpip-low]", "50")
        opened.page.fill("input[name=vpip-high]", "10")
        opened.page.locator(".hud-form button[type=submit]").click()
        opened.page.locator(".hud-form .form-error", has_text="above the high").wait_for()
        assert all("400" in e for e in opened.console_errors)  # the browser logs the refusal
        assert not opened.page_errors
        assert not opened.requests
