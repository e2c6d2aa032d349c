"""The screenshots of the docs (``docs/images/app-*.png``), made here by the browser tests: the
app of the bundled samples, each page the tutorials show opened in Chromium at a fixed
viewport, checked clean and photographed.

Each run writes them to a temporary folder; with ``STUD_HH_SCREENSHOTS=DIR`` (``make
screenshots``: ``docs/images``) into ``DIR``, replacing the committed ones.
"""

from __future__ import annotations

import os
import struct
from pathlib import Path
from typing import Any

import pytest
from appserver import open_app, running

VIEWPORT = (1280, 800)
SHOTS = (
    ("overview", "/", "h1.page-title"),
    ("players", "/players", "h1.page-title"),
    ("player", "/players/Hero", "h1.page-title"),
    ("hands", "/hands?player=Hero&showdown=1", "a.hand-link"),
    ("replayer", "/hand/PokerStars/100101000042?player=Hero", ".stud-replayer"),
    ("leaks", "/leaks?player=Hero", "h1.page-title"),
    ("audit", "/audit", "h1.page-title"),
    ("live", "/live", "#live-panels .live-table"),
)
"""Each screenshot: its name (``app-NAME.png``), the app's page and what must be drawn first."""


@pytest.fixture(scope="module")
def app(samples_database: Path):  # type: ignore[no-untyped-def]
    with running(samples_database) as served:
        yield served


@pytest.fixture(scope="module")
def folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chosen = os.environ.get("STUD_HH_SCREENSHOTS")
    made = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    made.mkdir(parents=True, exist_ok=True)
    return made


def png_size(path: Path) -> tuple[int, int]:
    """A PNG's width and height, from its header."""
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is no PNG"
    width, height = struct.unpack(">II", head[16:24])
    return width, height


@pytest.mark.parametrize(("name", "path", "drawn"), SHOTS, ids=[s[0] for s in SHOTS])
def test_the_page_is_photographed(browser: Any, app: Any, folder: Path, name: str, path: str,
                                  drawn: str) -> None:
    width, height = VIEWPORT
    with open_app(browser, app, path, width=width, height=height) as opened:
        page = opened.page
        page.locator(drawn).first.wait_for()
        if name == "replayer":  # a few steps in: the cards of 3rd street and the first bets
            for _ in range(6):
                page.keyboard.press("ArrowRight")
        opened.assert_clean()
        shot = folder / f"app-{name}.png"
        page.screenshot(path=str(shot), full_page=False)
    assert png_size(shot) == VIEWPORT
    assert 10_000 < shot.stat().st_size < 400_000, f"{shot}: {shot.stat().st_size} bytes"
