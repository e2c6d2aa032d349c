"""Helpers for the tests of the HTML pages: what a page holds, read back with the standard
library's HTML parser (sections, tables and their cells' sort keys, chart data, addresses,
replay buttons), a stand-in for the hand replayer until it lands, and a PNG's colours."""

from __future__ import annotations

import json
import sys
import types
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[3]
SAMPLE_HISTORIES = ROOT / "sample_histories"
REPLAYER = "stud_hh.analysis.html.replayer"


@dataclass
class Table:
    """A table of a page: its caption, headers (with ``data-type``) and cells' sort keys."""

    caption: str = ""
    headers: list[tuple[str, str]] = field(default_factory=list)
    rows: list[list[str | None]] = field(default_factory=list)

    def column(self, label: str) -> list[str | None]:
        index = [h for h, _ in self.headers].index(label)
        return [row[index] for row in self.rows]


@dataclass
class Page(HTMLParser):
    """Everything the tests look at in a page's HTML."""

    sections: list[str] = field(default_factory=list)
    nav: list[str] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    addresses: list[tuple[str, str, str]] = field(default_factory=list)
    """``(tag, attribute, value)`` of every ``src`` and ``href``."""
    hands: list[str] = field(default_factory=list)
    """The ``data-hand`` of every replay button."""
    scripts: dict[str, str] = field(default_factory=dict)
    """The text of every ``<script>`` with an id, by id."""
    charts: list[str] = field(default_factory=list)
    ids: list[str] = field(default_factory=list)
    """The ``id`` of every element."""
    text: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        HTMLParser.__init__(self, convert_charrefs=True)
        self._script: str | None = None
        self._cell: list[str] | None = None
        self._value: str | None = None
        self._header: str = ""
        self._in_caption = False
        self._in_nav = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if a.get("id"):
            self.ids.append(str(a["id"]))
        for name in ("src", "href"):
            if a.get(name) is not None:
                self.addresses.append((tag, name, str(a[name])))
        if a.get("data-hand"):
            self.hands.append(str(a["data-hand"]))
        if tag == "section":
            self.sections.append(str(a.get("id")))
        elif tag == "nav":
            self._in_nav = True
        elif tag == "a" and self._in_nav:
            self.nav.append(str(a.get("href")))
        elif tag == "div" and "chart" in str(a.get("class", "")).split():
            self.charts.append(str(a.get("id")))
        elif tag == "script":
            self._script = a.get("id") or ""
        elif tag == "table":
            self.tables.append(Table())
        elif tag == "caption":
            self._in_caption = True
        elif tag == "th":
            self._header = str(a.get("data-type", ""))
            self._cell = []
        elif tag == "td":
            self._cell, self._value = [], a.get("data-value")

    def handle_endtag(self, tag: str) -> None:
        if tag == "nav":
            self._in_nav = False
        elif tag == "script":
            self._script = None
        elif tag == "caption":
            self._in_caption = False
        elif tag == "th" and self._cell is not None:
            self.tables[-1].headers.append(("".join(self._cell).strip(), self._header))
            self._cell = None
        elif tag == "td" and self._cell is not None:
            self.tables[-1].rows[-1].append(self._value)
            self._cell = None
        elif tag == "tr" and self.tables and self.tables[-1].rows and \
                not self.tables[-1].rows[-1]:
            self.tables[-1].rows.pop()

    def handle_data(self, data: str) -> None:
        if self._script is not None:
            if self._script:
                self.scripts[self._script] = self.scripts.get(self._script, "") + data
            return
        self.text.append(data)
        if self._in_caption and self.tables:
            self.tables[-1].caption += data
        if self._cell is not None:
            self._cell.append(data)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)

    def chart(self, chart_id: str) -> dict[str, Any]:
        """A chart's Plotly figure (``data``, ``layout``, ``config``)."""
        spec: dict[str, Any] = json.loads(self.scripts[f"{chart_id}-data"])
        return spec

    def table(self, caption: str) -> Table:
        found = [t for t in self.tables if t.caption.strip().startswith(caption)]
        assert found, f"no table {caption!r} among {[t.caption for t in self.tables]}"
        return found[0]

    def embedded(self) -> list[str]:
        return list(json.loads(self.scripts["stud-hh-embedded"]))

    def words(self) -> str:
        return " ".join(" ".join(self.text).split())


class _Rows(Page):
    """:class:`Page` that opens a row at every ``<tr>`` of a table body."""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "tr" and self.tables:
            self.tables[-1].rows.append([])
        super().handle_starttag(tag, attrs)


def read_page(html: str) -> Page:
    page = _Rows()
    page.feed(html)
    page.close()
    return page


def numbers(values: Iterable[str | None]) -> list[float]:
    """Sort keys as numbers (a missing one as NaN)."""
    return [float(v) if v not in (None, "") else float("nan") for v in values]


# -- a stand-in for the hand replayer (stud_hh.analysis.html.replayer), until it lands ---------

STUB_SCRIPT = """<script>
window.StudReplayer = {opened: [], open: function (key) { this.opened.push(key); }};
document.addEventListener("click", function (event) {
  var target = event.target.closest ? event.target.closest("[data-hand]") : null;
  if (target) { window.StudReplayer.open(target.getAttribute("data-hand")); }
});
</script>"""


def _stub() -> types.ModuleType:
    from stud_hh.analysis.html.page import json_script

    module = types.ModuleType(REPLAYER)
    module.calls = []  # type: ignore[attr-defined]

    def views_for_db(db: Any, keys: Iterable[tuple[str, str]], profile: str | None = None,
                     hero: str | None = None) -> dict[str, Any]:
        keys = list(keys)
        module.calls.append({"keys": keys, "profile": profile, "hero": hero})  # type: ignore[attr-defined]
        return {f"{s}#{h}": {"site": s, "hand_id": h} for s, h in keys}

    module.views_for_db = views_for_db  # type: ignore[attr-defined]
    module.assets = lambda: STUB_SCRIPT  # type: ignore[attr-defined]
    module.views_script = lambda views: str(json_script("stud-hh-views", views))  # type: ignore[attr-defined]
    return module


@contextmanager
def replayer() -> Iterator[types.ModuleType]:
    """The hand replayer: the real one when it is installed, else a stand-in that keeps its
    contract (views by ``<site>#<hand_id>``, assets with ``window.StudReplayer.open``)."""
    import importlib

    try:
        yield importlib.import_module(REPLAYER)
        return
    except ModuleNotFoundError as exc:
        if exc.name != REPLAYER:
            raise
    module = _stub()
    sys.modules[REPLAYER] = module
    try:
        yield module
    finally:
        sys.modules.pop(REPLAYER, None)


# -- a PNG's colours -----------------------------------------------------------------------------

def png_colours(data: bytes) -> int:
    """How many distinct colours a PNG (a browser's screenshot) holds, decoded by
    matplotlib's PNG reader."""
    from io import BytesIO

    import matplotlib.image

    pixels = matplotlib.image.imread(BytesIO(data), format="png")
    rgb = np.round(np.asarray(pixels)[..., :3] * 255).astype(np.uint32).reshape(-1, 3)
    return len(np.unique(rgb @ np.array([65536, 256, 1], dtype=np.uint32)))
