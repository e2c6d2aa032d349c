"""The Players, player and Leaks pages: their numbers are those of ``stud-hh stats`` (and of the
player report's statistics) with the same filters, the table is searched, sorted and paged
on the server, a mistake in the URL is a message, and every page opens in the browser with
no console error, no request outside the app and no script of a player's name run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest
from appserver import open_app, running
from players_html import PAYLOADS, Cell, payload_history, shown

from stud_hh.analysis import stats
from stud_hh.cli import main
from stud_hh.store.database import open_db


@pytest.fixture(scope="module")
def app(samples_database: Path):  # type: ignore[no-untyped-def]
    with running(samples_database) as served:
        yield served


def stats_json(capsys: pytest.CaptureFixture[str], db: Path, *args: str) -> list[dict[str, Any]]:
    """``stud-hh stats --format json --top 0`` (every player) with ``args``."""
    assert main(["stats", "--db", str(db), "--format", "json", "--top", "0", *args]) == 0
    found: list[dict[str, Any]] = json.loads(capsys.readouterr().out)
    return found


def same_number(cell: Cell, expected: Any) -> None:
    if expected is None:
        assert cell.value == "", cell
    else:
        assert float(cell.value) == pytest.approx(float(expected), rel=1e-8, abs=1e-8), cell


def assert_rows_equal(rows: list[dict[str, Cell]], expected: list[dict[str, Any]],
                      keys: tuple[str, ...]) -> None:
    """Each row of the page equals the record of ``stud-hh stats`` with the same keys: every
    number it shows, and every ratio's sample size."""
    by_key = {tuple(str(r.get(k)) for k in keys): r for r in expected}
    assert rows
    for row in rows:
        record = by_key[tuple(row[k].value if k in row else str(expected[0][k])
                              for k in keys)]
        numbers = [s for s in row if s not in keys]
        assert {"hands", "net", "net_bb", "bb_per_100", "vpip", "wtsd"} <= set(numbers)
        for stat in numbers:
            same_number(row[stat], record[stat])
            if row[stat].n is not None:
                assert int(row[stat].n) == record[f"{stat}_n"], (stat, row[stat])


LIST_CASES = [
    ("", ["--min-hands", "50"]),  # the page's default minimum
    ("game=razz&min_hands=20", ["--game", "razz", "--min-hands", "20"]),
    ("type=cash&site=PokerStars&min_hands=10", ["--cash", "--site", "PokerStars",
                                                "--min-hands", "10"]),
    ("since=2026-03-01&until=2026-05-31&min_hands=15",
     ["--since", "2026-03-01", "--until", "2026-05-31", "--min-hands", "15"]),
    ("stakes=%240.10%2F%240.20&game=stud&game=stud8&min_hands=5",
     ["--stakes", "$0.10/$0.20", "--game", "stud", "stud8", "--min-hands", "5"]),
    ("type=tournament&min_hands=1", ["--tournament", "--min-hands", "1"]),
    ("player=DRAWDEAD+FRED", ["--player", "DRAWDEAD FRED"]),
]


@pytest.mark.parametrize(("query", "options"), LIST_CASES, ids=[q or "default" for q, _ in
                                                                  LIST_CASES])
def test_the_players_table_is_stud_hh_stats_with_the_same_filters(
        app, samples_database: Path, capsys: pytest.CaptureFixture[str], query: str,  # type: ignore[no-untyped-def]
        options: list[str]) -> None:
    expected = stats_json(capsys, samples_database, *options)
    answer = app.get(f"/players?{query}")
    assert answer.status_code == 200
    page = shown(answer.text)
    rows = page.rows("players-table")
    assert len(rows) == min(len(expected), 100)
    assert f"of {len(expected):,}" in " ".join(page.text)
    assert_rows_equal(rows, expected, ("player", "unit"))
    # most hands first, as stats prints them
    assert [r["player"].value for r in rows] == [str(r["player"]) for r in expected][:100]


GROUP_CASES = [
    ("group=game&player=Hero", ["--player", "Hero", "--by", "game"], "game"),
    ("group=stakes&player=Hero&type=cash", ["--player", "Hero", "--by", "stakes", "--cash"],
     "stakes"),
    ("group=session&player=Hero&game=razz", ["--player", "Hero", "--by", "session", "--game",
                                             "razz"], "session"),
    ("group=game&player=drawdead+fred", ["--player", "drawdead fred", "--by", "game"], "game"),
    ("group=session", ["--player", "Hero", "--by", "session"], "session"),  # the hero
]


@pytest.mark.parametrize(("query", "options", "key"), GROUP_CASES,
                         ids=[q for q, _, _ in GROUP_CASES])
def test_one_player_by_game_stakes_or_session_is_stud_hh_stats_by_it(
        app, samples_database: Path, capsys: pytest.CaptureFixture[str], query: str,  # type: ignore[no-untyped-def]
        options: list[str], key: str) -> None:
    expected = stats_json(capsys, samples_database, *options)
    page = shown(app.get(f"/players?{query}").text)
    rows = page.rows("players-table")
    assert len(rows) == len(expected) > 1
    assert_rows_equal(rows, expected, (key, "unit"))


def test_search_sort_and_pages_are_made_on_the_server(app) -> None:  # type: ignore[no-untyped-def]
    every = shown(app.get("/players?min_hands=0").text)
    first = [(r["player"].value, r["unit"].value) for r in every.rows("players-table")]
    assert len(first) == 100
    assert "page 1 of" in " ".join(every.text)
    second = shown(app.get("/players?min_hands=0&page=2").text).rows("players-table")
    assert second
    assert not {(r["player"].value, r["unit"].value) for r in second} & set(first)
    found = shown(app.get("/players?min_hands=0&q=SNOW").text).rows("players-table")
    assert found
    assert all("snow" in r["player"].value.lower() for r in found)
    by_vpip = shown(app.get("/players?min_hands=100&sort=vpip").text).rows("players-table")
    values = [float(r["vpip"].value) for r in by_vpip]
    assert len(values) > 3
    assert values == sorted(values, reverse=True)
    rising = shown(app.get("/players?min_hands=100&sort=vpip&desc=0").text)
    assert [float(r["vpip"].value) for r in rising.rows("players-table")] == sorted(values)
    by_name = shown(app.get("/players?min_hands=100&sort=player&desc=0").text)
    names = [r["player"].value for r in by_name.rows("players-table")]
    assert names == sorted(names, key=str.casefold)


@pytest.mark.parametrize(("path", "message"), [
    ("/players?group=month", "group: one of player, game, stakes, session"),
    ("/players?sort=nothing", "sort: one of"),
    ("/players?page=two", "page: a whole number"),
    ("/players?game=chess", "chess"),
    ("/players/Heroo", "did you mean &#39;Hero&#39;"),
    ("/leaks?player=Nobody+At+All", "no hands of"),
    ("/leaks?min_n=many", "min_n: a whole number"),
    ("/players?group=game&player=Vilain", "no hands of"),
])
def test_a_mistake_in_the_url_is_a_message(app, path: str, message: str) -> None:  # type: ignore[no-untyped-def]
    answer = app.get(path)
    assert answer.status_code == 400
    assert message in answer.text
    assert "Traceback" not in answer.text


def test_the_players_page_is_his_profile_against_the_field(  # type: ignore[no-untyped-def]
        app, samples_database: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = shown(app.get("/players/hero?game=stud&game=razz").text)  # any case
    assert page.title.strip() == "Hero"
    expected = stats_json(capsys, samples_database, "--player", "Hero", "--game", "stud",
                          "razz")
    units = page.rows("player-units")
    assert len(units) == len(expected)
    for row in units:
        record = next(r for r in expected if r["unit"] == row["unit"].value)
        for stat in ("hands", "net", "net_bb", "bb_per_100", "rake_paid"):
            same_number(row[stat], record[stat])
    players = open_db(samples_database).players()
    versus = stats.versus_field(players, "Hero", (*stats.SUMMARY, *stats.STREET_RATIOS),
                                game=["stud", "razz"])
    shown_versus = page.rows("player-versus")
    assert len(shown_versus) == len(versus)
    for row, (_, record) in zip(shown_versus, versus.iterrows(), strict=True):
        assert row["label"].value == record["label"]
        same_number(row["player"], None if record["Hero"] != record["Hero"] else record["Hero"])
        assert int(row["field_n"].value) == record["field_n"]
    assert page.rows("player-streets")
    assert page.rows("player-key")
    hrefs = {text: href for href, text in page.links}
    assert hrefs["Leaks"] == "/leaks?game=stud&game=razz&player=Hero"
    assert hrefs["By session"].endswith("&group=session")
    assert page.rows("leak-table")
    assert "Tournaments" in " ".join(page.text)  # Hero played some


def test_the_leaks_are_the_player_reports_with_links_to_their_hands(app, samples_database: Path  # type: ignore[no-untyped-def]
                                                                    ) -> None:
    page = shown(app.get("/leaks?type=cash&min_n=20").text)
    assert page.title.strip() == "Leaks: Hero"
    expected = stats.leak_costs(open_db(samples_database).players(), "Hero", min_n=20,
                                cash=True)
    rows = page.tables["leak-table"][1:]
    assert len(rows) == len(expected) > 5
    links = [(href, text) for href, text in page.links if "spot=" in href]
    for row, (_, record), (href, text) in zip(rows, expected.iterrows(), links, strict=True):
        assert text == record["label"]
        assert href == f"/hands?type=cash&player=Hero&{urlencode([('spot', record['stat'])])}"
        values = [c.value for c in row]
        assert float(values[1]) == pytest.approx(record["player"])
        assert int(values[2]) == record["player_n"]
        assert int(values[4]) == record["field_n"]
        cost = record["cost_bb"]
        if cost != cost:  # not priced: a result, or counts
            assert values[9] == ""
        else:
            assert float(values[9]) == pytest.approx(cost)
    with app.client() as client:  # each link opens the hands behind the leak
        for href, _ in links:
            assert client.get(href).status_code == 200, href
    other = shown(app.get("/leaks?player=drawdead%20fred&min_n=10").text)
    assert other.title.strip() == "Leaks: drawdead fred"
    assert other.rows("leak-table")


PAGES = ["/players", "/players?group=session", "/players?group=game&player=drawdead+fred",
         "/players/Hero", "/players/drawdead%20fred?type=cash", "/leaks",
         "/leaks?player=pat%3A%20the%20hat&game=razz"]


@pytest.mark.parametrize("path", PAGES)
def test_each_page_opens_clean_in_the_browser(browser: Any, app, path: str) -> None:  # type: ignore[no-untyped-def]
    with open_app(browser, app, path) as opened:
        assert opened.page.locator("h1").count() == 1
        assert opened.page.locator("table").count() >= 1
        opened.assert_clean()


def test_a_filter_chosen_in_the_browser_gives_stud_hh_stats_numbers(  # type: ignore[no-untyped-def]
        browser: Any, app, samples_database: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with open_app(browser, app, "/players") as opened:
        page = opened.page
        page.select_option("form.filters select[name=game]", "razz")
        page.fill("form.filters input[name=min_hands]", "25")
        with page.expect_navigation():
            page.click("form.filters button[type=submit]")
        assert page.url.endswith("/players?game=razz&min_hands=25")
        razz = shown(page.content()).rows("players-table")
        assert_rows_equal(razz, stats_json(capsys, samples_database, "--game", "razz",
                                           "--min-hands", "25"), ("player", "unit"))
        page.select_option("form.filters select[name=type]", "cash")
        page.select_option("form.filters select[name=group]", "stakes")
        page.fill("form.filters input[name=player]", "hero")
        with page.expect_navigation():
            page.click("form.filters button[type=submit]")
        by_stakes = shown(page.content()).rows("players-table")
        assert_rows_equal(by_stakes, stats_json(
            capsys, samples_database, "--game", "razz", "--cash", "--player", "hero",
            "--by", "stakes", "--min-hands", "25"), ("stakes", "unit"))
        opened.assert_clean()


@pytest.fixture(scope="module")
def payload_app(tmp_path_factory: pytest.TempPathFactory):  # type: ignore[no-untyped-def]
    from stud_hh.store.ingest.run import import_paths

    folder = tmp_path_factory.mktemp("payloads")
    history = payload_history(folder)
    assert import_paths([history], folder / "db", jobs=1).hands_new == 200
    with running(folder / "db") as served:
        yield served


def test_script_payloads_in_names_show_as_text_and_never_run(browser: Any, payload_app  # type: ignore[no-untyped-def]
                                                            ) -> None:
    paths = ["/players?min_hands=0", "/leaks?min_n=5"]
    paths += [f"/players/{quote(name, safe='')}" for name in PAYLOADS]
    paths += [f"/leaks?{urlencode([('player', name), ('min_n', '5')])}" for name in PAYLOADS]
    paths += [f"/players?{urlencode([('player', PAYLOADS[0]), ('group', 'session')])}"]
    dialogs: list[str] = []
    for path in paths:
        with open_app(browser, payload_app, path) as opened:
            page = opened.page
            page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
            page.reload(wait_until="networkidle")  # loaded again with the dialogs watched
            assert page.locator("img[src=x], main b, main script").count() == 0, path
            text = page.text_content("main") or ""
            if path.startswith("/players?min_hands"):
                links = page.locator("#players-table td[data-stat=player] a")
                assert set(PAYLOADS) <= set(links.all_text_contents())
            elif not path.startswith("/leaks?min_n"):
                name = next(n for n in PAYLOADS if n in text)
                assert page.text_content("h1") in (name, f"Leaks: {name}", f"{name} by session")
            assert not dialogs, (path, dialogs)
            opened.assert_clean()
    profile = shown(payload_app.get(f"/players/{quote(PAYLOADS[2], safe='')}").text)
    assert profile.title.strip() == PAYLOADS[2]  # a name with / ? # & ' in the path


def test_the_first_url_keeps_an_encoded_name_when_it_drops_the_token(app) -> None:  # type: ignore[no-untyped-def]
    with app.client(signed_in=False) as client:
        path = f"/players/{quote('a/b?c#d Ü', safe='')}"
        answer = client.get(f"{path}?game=razz&token={app.guard.token}")
        assert answer.status_code == 303
        assert answer.headers["location"] == f"{path}?game=razz"


def test_every_players_tournaments_read_once_are_each_ones_report_section(
        samples_database: Path) -> None:
    from stud_hh.analysis.html.player_tournaments import (
        player_results,
        section_of,
        tournaments_section,
    )
    from stud_hh.analysis.tournaments import read_results
    from stud_hh.store.select import Selection

    db = open_db(samples_database)
    everyone = read_results(db)
    names = sorted(set(everyone["player"]))
    assert len(names) > 10
    for select in (Selection(), Selection().where(game=["razz"], since="2026-05-01")):
        for name in names:
            alone = tournaments_section(db, name, select)
            picked = section_of(player_results(everyone, name, select))
            assert (alone is None) == (picked is None)
            if alone is not None and picked is not None:
                assert str(picked.body) == str(alone.body)
