"""The browser the HTML-report tests drive: it starts, opens a local page, and tells a clean
page from one that fails or reaches for the network (so those assertions can fail)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from chromium import open_guarded, open_page


def _page(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "page.html"
    path.write_text(f"<!doctype html><html><head><meta charset='utf-8'></head>"
                    f"<body>{body}</body></html>", encoding="utf-8")
    return path


def test_a_local_page_opens_clean(browser: Any, tmp_path: Path) -> None:
    path = _page(tmp_path, "<p id='x'>stud</p><script>document.getElementById('x')"
                 ".textContent = 'razz';</script>")
    with open_page(browser, path) as opened:
        assert opened.page.text_content("#x") == "razz"
        opened.assert_clean()


def test_an_error_and_a_request_are_caught(browser: Any, tmp_path: Path) -> None:
    path = _page(tmp_path, "<img src='https://example.com/x.png'>"
                 "<script>console.error('broken'); undefinedFunction();</script>")
    with open_page(browser, path) as opened:
        while not (opened.requests and opened.page_errors):  # however long a loaded machine takes
            opened.page.wait_for_timeout(50)
        assert opened.requests == ["https://example.com/x.png"]
        assert any("broken" in e for e in opened.console_errors)
        assert any("undefinedFunction" in e for e in opened.page_errors)
        with pytest.raises(AssertionError):
            opened.assert_clean()


def test_a_guard_lets_through_only_what_it_calls_inside(browser: Any, tmp_path: Path) -> None:
    (tmp_path / "inside.png").write_bytes(b"")
    path = _page(tmp_path, "<img src='inside.png'><img src='https://example.com/y.png'>")
    folder = tmp_path.resolve().as_uri() + "/"
    with open_guarded(browser, path.resolve().as_uri(), lambda url: url.startswith(folder)
                      ) as opened:
        opened.page.wait_for_function("[...document.images].every(i => i.complete)")
        assert opened.requests == ["https://example.com/y.png"]
