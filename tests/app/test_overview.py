"""The overview: a player's results per unit, the curve, the sessions; the same numbers as
`stud-hh stats` with the same filters."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from appserver import open_app, running

from stud_hh.analysis import stats
from stud_hh.app.pages import overview
from stud_hh.store.database import open_db


@pytest.fixture(scope="module")
def app(samples_database: Path) -> Any:
    with running(samples_database) as served:
        yield served


def _results(html: str) -> list[tuple[str, int]]:
    """(unit, hands) of each row of the Results table."""
    table = html.split("<h2>Results</h2>")[1].split("</table>")[0]
    return [(unit, int(hands)) for unit, hands in re.findall(
        r'<tr><td>([^<]*)</td><td data-value="(\d+)">', table)]


@pytest.mark.parametrize("query", ["", "game=razz", "type=tournament", "since=2026-05-01",
                                   "game=stud&type=cash"])
def test_the_results_are_those_of_stats_with_the_same_filters(app: Any,
                                                              samples_database: Path,
                                                              query: str) -> None:
    answer = app.get(f"/?player=Hero&{query}")
    assert answer.status_code == 200
    filters: dict[str, Any] = dict(p.split("=") for p in query.split("&") if p)
    if "type" in filters:
        filters[filters.pop("type")] = True
    players = open_db(samples_database).players()
    summary = stats.money(players, by=["player", "unit"], player="Hero", **filters)
    expected = sorted((str(unit), int(row["hands"]))
                      for (_, unit), row in summary.iterrows())
    assert sorted(_results(answer.text)) == expected


def test_each_game_and_stakes_row_names_its_unit(app: Any, samples_database: Path) -> None:
    answer = app.get("/?player=Hero")
    table = answer.text.split("<h2>By game and stakes</h2>")[1].split("</table>")[0]
    rows = re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.S)
    units = [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)[4] for row in rows]
    players = open_db(samples_database).players()
    summary = stats.money(players, by=["player", "game", "stakes", "unit"], player="Hero")
    assert sorted(units) == sorted(str(unit) for *_, unit in summary.index)
    assert "" not in units


def test_a_group_of_several_units_is_a_row_per_unit_naming_it() -> None:
    # a game and stakes played for money and in tournaments: the summary splits it by unit
    # in its index instead of a unit column
    summary = pd.DataFrame(
        {"hands": [3, 2], "net": [1.5, float("nan")], "net_bb": [0.5, 1.0]},
        index=pd.MultiIndex.from_tuples([("stud", "40/80", "USD"),
                                         ("stud", "40/80", "tournament chips")],
                                        names=["game", "stakes", "unit"]))
    rows = overview._rows(summary)
    assert [(r["game"], r["stakes"], r["unit"], r["hands"]) for r in rows] == [
        ("stud", "40/80", "USD", 3), ("stud", "40/80", "tournament chips", 2)]


def test_a_filter_that_names_nothing_is_a_message_not_an_error(app: Any) -> None:
    answer = app.get("/?game=holdem")
    assert answer.status_code == 400
    assert "no game 'holdem'" in html.unescape(answer.text)
    assert app.get("/?player=Nobody%20At%20All").status_code == 400


def test_the_overview_opens_clean_and_draws_the_curve(app: Any, browser: Any) -> None:
    with open_app(browser, app, "/?player=Hero") as opened:
        opened.page.wait_for_selector("#curve .main-svg")
        assert opened.page.locator("#curve .scatterlayer .trace").count() == 4
        opened.assert_clean()
