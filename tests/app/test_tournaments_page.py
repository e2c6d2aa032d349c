"""The tournaments page: a player's totals per money unit (play money and an unknown
currency apart, never added) and each tournament, the numbers of ``stud-hh tournaments``
for the filters in the URL, names as text, clean in the browser."""

from __future__ import annotations

import dataclasses
from typing import Any
from urllib.parse import parse_qsl, urlencode

import pandas as pd
import pytest
from appserver import Running, open_app
from auditdata import PAYLOAD_NAME
from pages import read_page

from stud_hh.analysis import tournaments
from stud_hh.analysis.tournaments_duck import read_results
from stud_hh.app.filters import PageFilters
from stud_hh.store.database import Database
from stud_hh.store.sql import connect


def _expected(audit_db: Database, player: str, query: str) -> pd.DataFrame:
    """What ``stud-hh tournaments --player P --list`` selects for the URL's filters."""
    select = PageFilters.of(parse_qsl(query)).selection(player=False)
    select = dataclasses.replace(select, stakes=(), min_hands=0)
    found = tournaments.select(tournaments.read_results(audit_db, player), select)
    return found[found["player"] == player]


@pytest.mark.parametrize("query", ["", "game=stud", "site=PokerStars&since=2010-01-01",
                                   "until=2012-01-01", "stakes=$0.10/$0.20&min_hands=4"])
def test_a_players_totals_and_tournaments_are_stud_hh_tournaments(audit_app: Running,
                                                                  audit_db: Database,
                                                                  query: str) -> None:
    page = read_page(audit_app.get(f"/tournaments?player=hero&{query}").text)
    expected = _expected(audit_db, "Hero", query)
    summary = tournaments.summary(expected).reset_index()
    totals = page.table("Totals per unit") if len(expected) else None
    if totals is not None:
        assert totals.column("unit") == [u if u != "unknown" else "currency unknown"
                                         for u in summary["unit"]]
        assert _ints(totals.column("tournaments")) == summary["tournaments"].tolist()
        for head, column in (("paid", "paid"), ("won", "won"), ("net", "net")):
            assert _floats(totals.column(head)) == pytest.approx(
                [None if pd.isna(v) else float(v) for v in summary[column]]), head
    listed = page.table(f"{len(expected)} tournament")
    assert sorted(listed.column("tournament")) == sorted(expected["tournament_id"])
    for row in listed.rows:
        cells = dict(zip([h for h, _ in listed.headers], row, strict=True))
        if cells["net"]:
            assert float(cells["net"]) == pytest.approx(
                float(cells["prize"] or 0) - float(cells["buy-in"] or 0))
    if "stakes" in query:
        assert "Stakes do not apply to tournaments" in page.words()
        assert "The minimum number of hands does not apply" in page.words()


def _ints(values: list[str | None]) -> list[int]:
    return [int(v or 0) for v in values]


def _floats(values: list[str | None]) -> list[float | None]:
    return [float(v) if v else None for v in values]


def test_units_are_apart_and_chips_are_never_counted(audit_app: Running,
                                                     audit_db: Database) -> None:
    """The corpus's hero played for dollars, play money and in a tournament whose buy-in
    shows no currency: three rows, never one sum."""
    page = read_page(audit_app.get("/tournaments?player=Hero").text)
    units = page.table("Totals per unit").column("unit")
    assert units == ["USD", "play", "currency unknown"]
    listed = page.tables[1]  # each tournament
    assert set(listed.column("unit")) == {"USD", "play", "currency unknown"}
    assert "200 play" in page.words()  # a play-money prize, in its unit


def test_the_hero_is_shown_first_and_another_player_is_a_link(audit_app: Running,
                                                              audit_db: Database) -> None:
    answer = audit_app.get("/tournaments?game=razz")
    page = read_page(answer.text)
    assert "Tournaments: Hero" in page.words()
    players = page.table("The players with the most tournaments").column("player")
    with connect(audit_db) as con:
        everyone = tournaments.select(read_results(con), dataclasses.replace(
            PageFilters.of([("game", "razz")]).selection(), stakes=()))
    counts = everyone.groupby("player").size()
    assert len(players) == min(20, len(counts))
    assert set(players) <= set(counts.index)
    assert f"/tournaments?{urlencode({'game': 'razz', 'player': PAYLOAD_NAME})}" in \
        [v for _, _, v in page.addresses]


def test_the_duckdb_reading_is_the_pandas_one(audit_db: Database) -> None:
    with connect(audit_db) as con:
        fast = read_results(con)
    slow = tournaments.read_results(audit_db)
    key = ["site", "tournament_id", "player"]
    fast, slow = (f.sort_values(key).reset_index(drop=True) for f in (fast, slow))
    assert list(fast.columns) == list(slow.columns)
    assert len(fast) == len(slow) > 20
    for column in slow.columns:
        assert fast[column].astype(str).tolist() == slow[column].astype(str).tolist(), column


@pytest.mark.parametrize(("path", "words"), [
    ("/tournaments?player=Nobody", "no tournament results of 'Nobody'"),
    ("/tournaments?player=her0", "did you mean"),
    ("/tournaments?game=poker", "no game 'poker'"),
])
def test_a_mistake_in_the_url_is_said(audit_app: Running, path: str, words: str) -> None:
    answer = audit_app.get(path)
    assert answer.status_code == 400
    assert words in read_page(answer.text).words()


def test_cash_games_hold_no_tournaments(audit_app: Running) -> None:
    page = read_page(audit_app.get("/tournaments?type=cash").text)
    assert "Cash games hold no tournaments" in page.words()
    assert "No tournament results." in page.words()


def test_a_name_is_text(audit_app: Running) -> None:
    html = audit_app.get("/tournaments?" + urlencode({"player": PAYLOAD_NAME})).text
    assert PAYLOAD_NAME not in html
    assert f"Tournaments: {PAYLOAD_NAME}" in read_page(html).words()


@pytest.mark.parametrize("path", ["/tournaments", "/tournaments?player=Hero&site=PokerStars",
                                  "/tournaments?" + urlencode({"player": PAYLOAD_NAME})])
def test_the_page_opens_clean_and_runs_no_name(browser: Any, audit_app: Running, path: str) -> None:
    with open_app(browser, audit_app, path) as opened:
        assert opened.page.evaluate("typeof window.pwned") == "undefined"
        assert opened.page.locator("img[onerror]").count() == 0
        opened.assert_clean()


def test_a_long_list_comes_a_page_at_a_time(audit_app: Running, audit_db: Database,
                                            monkeypatch: Any) -> None:
    from stud_hh.app.pages import tournaments as page_module

    monkeypatch.setattr(page_module, "TOURNAMENTS_LISTED", 3)
    expected = _expected(audit_db, "Hero", "")
    pages = -(-len(expected) // 3)
    assert pages >= 3
    seen: list[str | None] = []
    query = "player=Hero&min_hands=3"  # filters no other test asks for: no page kept
    for number in range(1, pages + 1):
        page = read_page(audit_app.get(f"/tournaments?{query}&page={number}").text)
        seen += page.tables[1].column("tournament")
        links = [value for _, _, value in page.addresses]
        assert (f"/tournaments?{query}&page={number + 1}" in links) == (number < pages)
    assert sorted(seen) == sorted(expected["tournament_id"])
    assert len(seen) == len(set(seen))


def test_a_player_who_played_no_tournament_is_shown_with_none(audit_app: Running,
                                                              audit_db: Database) -> None:
    cash = set(audit_db.players(columns=["player"], cash=True)["player"].astype(str))
    played = set(tournaments.read_results(audit_db)["player"].astype(str))
    name = sorted(cash - played)[0]
    answer = audit_app.get("/tournaments?" + urlencode({"player": name.upper()}))
    assert answer.status_code == 200
    page = read_page(answer.text)
    assert f"Tournaments: {name}" in page.words()
    assert "0 tournaments in this selection" in page.words()
