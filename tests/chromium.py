"""A real browser for the tests of the HTML pages: Debian's Chromium driven by Playwright.

``make test`` installs Chromium (``make browser``) where the machine allows it; Playwright is a
development dependency and never downloads a browser of its own. Where either is missing the
tests that use :func:`open_page` skip, saying which one and how to get it.

Every page is opened from a ``file://`` address with the network closed to it: any request to
anything but the page's own file (and ``data:``/``blob:`` addresses inside it) is refused and
recorded, as is every console error and uncaught exception, so a test can assert that a report
works offline and quietly (:meth:`Opened.assert_clean`). The app's pages (``tests/app``) are
guarded the same way by :func:`open_guarded`, the app's own address let through.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

CHROMIUM_FLAGS = (
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-dev-shm-usage",
)
"""Flags for a quiet headless start as root on a machine with no network: without the
background-networking ones Chromium keeps trying Google's hosts."""


GUARD_MS = 600_000
"""The longest any wait of a page may take: a guard against a hang, never a measure of speed
(Playwright's own default, 30 s, fails a loaded machine)."""


def chromium_path() -> str | None:
    """The Chromium to drive: ``$STUD_HH_CHROMIUM``, else Debian's, else one on the path."""
    for candidate in (os.environ.get("STUD_HH_CHROMIUM"), "/usr/bin/chromium"):
        if candidate and Path(candidate).is_file():
            return candidate
    return shutil.which("chromium") or shutil.which("chromium-browser")


@dataclass
class Opened:
    """A page opened in the browser, with what it asked for and complained about."""

    page: Any
    """The Playwright page."""
    address: str
    console_errors: list[str] = field(default_factory=list)
    page_errors: list[str] = field(default_factory=list)
    requests: list[str] = field(default_factory=list)
    """Every address the page requested and was refused (see :func:`open_guarded`)."""

    def assert_clean(self) -> None:
        """No console error, no uncaught exception, no request to the outside."""
        assert not self.page_errors, f"uncaught errors in {self.address}: {self.page_errors}"
        assert not self.console_errors, f"console errors in {self.address}: {self.console_errors}"
        assert not self.requests, f"{self.address} made network requests: {self.requests}"


@contextmanager
def browser_session() -> Iterator[Any]:
    """A headless Chromium for a whole test session (the ``browser`` fixture of conftest)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("Playwright is not installed: `make setup` installs it (a dev dependency)")
    executable = chromium_path()
    if executable is None:
        pytest.skip("no Chromium found (/usr/bin/chromium, or $STUD_HH_CHROMIUM): "
                    "`make browser` installs Debian's chromium package (as root)")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable,
                                             args=list(CHROMIUM_FLAGS), headless=True)
        try:
            yield browser
        finally:
            browser.close()


@contextmanager
def open_guarded(browser: Any, address: str, inside: Callable[[str], bool], *,
                 width: int = 1280, height: int = 900) -> Iterator[Opened]:
    """Open ``address`` in a new page of ``browser`` and wait until it has loaded: every request
    to an address ``inside`` refuses (other than ``data:`` and ``blob:`` ones) is refused and
    recorded, as is every console error and uncaught exception."""
    context = browser.new_context(viewport={"width": width, "height": height},
                                  service_workers="block")
    # no wait of a test depends on the machine's speed: ten minutes only guard against a hang
    context.set_default_timeout(GUARD_MS)
    context.set_default_navigation_timeout(GUARD_MS)
    page = context.new_page()
    opened = Opened(page, address)
    page.on("console", lambda m: m.type == "error" and opened.console_errors.append(m.text))
    page.on("pageerror", lambda e: opened.page_errors.append(str(e)))

    def route(r: Any) -> None:
        url = r.request.url
        if inside(url) or url.startswith(("data:", "blob:")):
            r.continue_()
        else:
            opened.requests.append(url)
            r.abort()

    page.route("**/*", route)
    try:
        page.goto(address, wait_until="load")
        yield opened
    finally:
        context.close()


@contextmanager
def open_page(browser: Any, path: Path, *, width: int = 1280, height: int = 900
              ) -> Iterator[Opened]:
    """Open the file ``path`` in a new page of ``browser``: no request but to the file itself."""
    address = path.resolve().as_uri()
    with open_guarded(browser, address, lambda url: url.split("#")[0] == address,
                      width=width, height=height) as opened:
        yield opened
