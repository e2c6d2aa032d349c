"""The *Hands* page and the replayer page in a real browser (headless Chromium): each page
opens with no console error and no request outside the app; a hand's link opens its
replayer; player and table names that are script (``<script>alert(1)</script>``, an
attribute breaking out into an ``<img onerror>``) are shown as text and never run: no such
element is made (the policy would keep an inline script from running anyway), no dialog
opens."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from appserver import open_app, running

from stud_hh.store.ingest.run import import_paths

SCRIPT = "<script>alert(1)</script>"
TABLE = "<script>alert(2)</script>"
IMG = '"><img src=x onerror=alert(3)>'

PAYLOADS = f"""PokerStars Hand #1001: 7 Card Stud Limit ($0.10/$0.20 USD) - 2026/03/14 16:05:11 ET
Table '{TABLE}' 8-max
Seat 1: {SCRIPT} ($5 in chips)
Seat 2: Fox ($4.50 in chips)
Seat 3: {IMG} ($4 in chips)
{SCRIPT}: posts the ante $0.02
Fox: posts the ante $0.02
{IMG}: posts the ante $0.02
*** 3rd STREET ***
Dealt to {SCRIPT} [As Ah Kd]
Dealt to Fox [2c]
Dealt to {IMG} [3c]
Fox: brings in for $0.05
{SCRIPT}: raises $0.05 to $0.10
Fox: folds
{IMG}: folds
Uncalled bet ($0.05) returned to {SCRIPT}
{SCRIPT} collected $0.16 from pot
*** SUMMARY ***
Total pot $0.16 | Rake $0
Seat 1: {SCRIPT} collected ($0.16)
Seat 2: Fox folded on the 3rd Street
Seat 3: {IMG} folded on the 3rd Street
"""
"""A hand whose names are script; its player acts out of turn (a violation naming both)."""


@pytest.fixture(scope="module")
def app(samples_database: Path):  # type: ignore[no-untyped-def]
    with running(samples_database) as served:
        yield served


@pytest.mark.parametrize("path", [
    "/hands", "/hands?player=Hero&showdown=1&allin=1&page=2",
    "/hands?game=stud8&violations=1", "/hands?player=drawdead+fred&spot=steal&result=lost",
])
def test_each_page_opens_clean(browser: Any, app: Any, path: str) -> None:
    with open_app(browser, app, path) as opened:
        assert opened.page.locator("h1.page-title").count() == 1
        opened.assert_clean()


def test_a_hand_link_opens_its_replayer(browser: Any, app: Any) -> None:
    with open_app(browser, app, "/hands?player=Hero&allin=1") as opened:
        page = opened.page
        link = page.locator("a.hand-link").first
        hand_id = link.evaluate("a => a.closest('tr').dataset.handId")
        link.click()
        page.wait_for_url(f"**/hand/PokerStars/{hand_id}?player=Hero")
        replayer = page.locator(f'.stud-replayer[data-key="PokerStars#{hand_id}"]')
        replayer.wait_for()
        steps = int(replayer.get_attribute("data-steps"))
        assert steps > 5
        assert page.locator(".seat.hero .seat-name").text_content() == "Hero"
        page.keyboard.press("End")
        assert replayer.get_attribute("data-index") == str(steps - 1)
        page.click("text=‹ Hands")
        page.wait_for_url("**/hands?player=Hero")
        opened.assert_clean()


def _recorder(dialogs: list[str]) -> Any:
    def record(dialog: Any) -> None:
        dialogs.append(dialog.message)
        dialog.dismiss()

    return record


def test_script_in_names_is_shown_as_text_and_never_runs(browser: Any, tmp_path: Path) -> None:
    history = tmp_path / "payloads.txt"
    history.write_text(PAYLOADS, encoding="utf-8")
    import_paths([history], tmp_path / "db", jobs=1)
    with running(tmp_path / "db") as served:
        for path, name in (("/hands", SCRIPT), (f"/hands?player={quote(SCRIPT)}", SCRIPT),
                           (f"/hands?player={quote(IMG)}&violations=1", IMG),
                           ("/hand/PokerStars/1001", SCRIPT),
                           (f"/hand/PokerStars/1001?player={quote(IMG)}", IMG)):
            with open_app(browser, served, path) as opened:
                page = opened.page
                dialogs: list[str] = []
                page.on("dialog", _recorder(dialogs))
                page.reload(wait_until="load")
                page.wait_for_load_state("networkidle")
                if path.startswith("/hand/"):
                    page.locator(".stud-replayer").wait_for()
                    for _ in range(4):
                        page.keyboard.press("ArrowRight")
                    text = page.locator("main").inner_text()
                    assert TABLE in text
                    assert f"{name}'s cards live:" in text or name == IMG
                    assert IMG in text  # a seat's name, and the violation's message
                else:
                    text = page.locator("main").inner_text()
                assert name in text or page.input_value('input[name="player"]') == name
                if "player=" in path:
                    assert page.input_value('input[name="player"]') == name
                assert page.locator("img").count() == 0
                assert page.evaluate("() => document.querySelectorAll('script:not([src])"
                                     ":not([type=\"application/json\"])').length") == 0
                assert dialogs == []
                opened.assert_clean()
