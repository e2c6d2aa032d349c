"""Both reports made from the samples and from the corpus, opened in a real browser (headless
Chromium, network closed): no console error, no uncaught error, no request; every chart
drawn (its screenshot is not one flat colour); a table re-sorted by a click on its header, as
numbers; a hand id a replay button whose view the page holds, opened by a click, and a point
of a per-hand curve opening its hand."""

from __future__ import annotations

from typing import Any

import pytest
from chromium import open_page
from pages import png_colours

ALL_DRAWN = ("() => [...document.querySelectorAll('div.chart')]"
             ".every(d => d.getAttribute('data-drawn') === 'true')")
SORT_KEYS = """(args) => {
  const [tableIndex, column] = args;
  const table = document.querySelectorAll('table.sortable')[tableIndex];
  return [...table.tBodies[0].rows].map(r => r.cells[column].getAttribute('data-value'));
}"""
FIRST_SORTABLE = """() => {
  const tables = [...document.querySelectorAll('table.sortable')];
  for (let t = 0; t < tables.length; t++) {
    const heads = [...tables[t].tHead.rows[0].cells];
    for (let c = 0; c < heads.length; c++) {
      if (heads[c].getAttribute('data-type') !== 'num') continue;
      const values = [...tables[t].tBodies[0].rows].map(r => r.cells[c].getAttribute('data-value'))
        .filter(v => v !== '');
      if (new Set(values).size >= 3) return [t, c];
    }
  }
  return null;
}"""


def _numbers(values: list[str]) -> list[float]:
    return [float(v) for v in values if v != ""]


def _charts_drawn(page: Any) -> int:
    page.wait_for_function(ALL_DRAWN)
    charts = page.query_selector_all("div.chart")
    for chart in charts:
        assert chart.query_selector("svg.main-svg") is not None, chart.get_attribute("id")
        colours = png_colours(chart.screenshot(animations="disabled"))
        assert colours > 8, f"{chart.get_attribute('id')} looks blank ({colours} colours)"
    return len(charts)


def _sorts_on_a_click(page: Any) -> None:
    found = page.evaluate(FIRST_SORTABLE)
    assert found is not None, "no table with a numeric column of three values"
    table, column = found
    header = page.query_selector_all("table.sortable")[table].query_selector_all("th")[column]
    before = page.evaluate(SORT_KEYS, found)
    header.click()
    ascending = page.evaluate(SORT_KEYS, found)
    assert _numbers(ascending) == sorted(_numbers(before))
    assert ascending[len(_numbers(ascending)):] == [""] * (len(ascending)
                                                         - len(_numbers(ascending)))
    assert header.get_attribute("aria-sort") == "ascending"
    header.click()
    assert _numbers(page.evaluate(SORT_KEYS, found)) == sorted(_numbers(before), reverse=True)


def _opened(page: Any, key: str, stub: bool) -> None:
    """The replayer was asked to open ``key``: the stand-in records it; the real replayer
    shows its overlay (closed again with Esc)."""
    if stub:
        assert page.evaluate("() => window.StudReplayer.opened")[-1] == key
        return
    page.wait_for_selector(".stud-replayer-overlay")
    page.keyboard.press("Escape")
    page.wait_for_selector(".stud-replayer-overlay", state="detached")


def _hands_open(page: Any, kind: str) -> None:
    embedded = set(page.evaluate(
        "() => JSON.parse(document.getElementById('stud-hh-embedded').textContent)"))
    buttons = page.query_selector_all("[data-hand]")
    assert buttons, "no hand id is a replay button"
    keys = {b.get_attribute("data-hand") for b in buttons}
    assert keys <= embedded
    assert page.evaluate("() => typeof window.StudReplayer.open") == "function"
    stub = page.evaluate("() => Array.isArray(window.StudReplayer.opened)")
    first = buttons[0]
    first.scroll_into_view_if_needed()
    first.click()
    _opened(page, str(first.get_attribute("data-hand")), stub)
    if kind == "player":  # a point of the per-hand curve whose hand the page holds
        key = page.evaluate("""(held) => {
          const chart = document.getElementById('chart-winnings-bb');
          const point = chart.data[0].customdata.find(c => held.includes(c[0]));
          chart.emit('plotly_click', {points: [{customdata: point}]});
          return point[0];
        }""", sorted(embedded))
        _opened(page, key, stub)


@pytest.mark.parametrize("kind", ["player", "audit"])
@pytest.mark.parametrize("source", ["samples", "corpus"])
def test_the_report_works_in_a_browser(browser: Any, report_pages: Any, source: str,
                                       kind: str) -> None:
    path, _ = report_pages(source, kind)
    with open_page(browser, path) as opened:
        assert _charts_drawn(opened.page) >= (5 if kind == "player" else 2)
        _sorts_on_a_click(opened.page)
        _hands_open(opened.page, kind)
        opened.assert_clean()
