"""The *Hands* page and the replayer page of the app: the list holds exactly the hands its
filters select (counted again here in pandas, over the whole tables), newest first, a page
at a time; its filters stay in the URL and in every link it writes; a filter that means
nothing is a message; tags come through their one seam; each hand opens in its replayer."""

from __future__ import annotations

import re
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from appserver import running

from stud_hh.app.filters import PageFilters
from stud_hh.app.hands_sql import PAGE_SIZE, SPOTS, HandFilters, hands_page
from stud_hh.app.source import Source
from stud_hh.store.database import open_db

Key = tuple[str, str]


@pytest.fixture(scope="module")
def source(samples_database: Path) -> Iterator[Source]:
    found = Source(open_db(samples_database))
    yield found
    found.close()


@pytest.fixture(scope="module")
def tables(samples_database: Path) -> dict[str, pd.DataFrame]:
    db = open_db(samples_database)
    return {"hands": db.hands(), "players": db.players()}


@pytest.fixture(scope="module")
def app(samples_database: Path):  # type: ignore[no-untyped-def]
    with running(samples_database) as served:
        yield served


def _listed(source: Source, filters: list[tuple[str, str]],
            tagged: tuple[str, ...] | None = None) -> list[Key]:
    """Every hand the list shows over all its pages, in order."""
    out: list[Key] = []
    own = HandFilters.of(filters)
    first = hands_page(source, PageFilters.of(filters), own, tagged)
    for number in range(1, first.pages + 1):
        found = hands_page(source, PageFilters.of(filters), HandFilters.of(
            [*filters, ("page", str(number))]), tagged)
        assert found.page == number
        assert found.total == first.total
        assert len(found.rows) == (PAGE_SIZE if number < first.pages
                                   else first.total - PAGE_SIZE * (first.pages - 1))
        out += [(str(r["site"]), str(r["hand_id"])) for r in found.rows]
    assert len(out) == first.total
    return out


def _newest_first(frame: pd.DataFrame) -> list[Key]:
    """The hands of ``frame`` as the list orders them: the latest start first (undated
    last), then by site, then by hand id from the highest."""
    keys = frame[["start_utc", "site", "hand_id"]].drop_duplicates(["site", "hand_id"])
    keys = keys.assign(site=keys["site"].astype(str), hand_id=keys["hand_id"].astype(str))
    keys = keys.sort_values("hand_id", ascending=False, kind="stable")
    keys = keys.sort_values("site", kind="stable")
    keys = keys.sort_values("start_utc", ascending=False, na_position="last", kind="stable")
    return list(zip(keys["site"], keys["hand_id"], strict=True))


def _opportunity(rows: pd.DataFrame, spot: str) -> pd.Series:
    ratio = SPOTS[spot]
    names = (ratio.opportunity,) if isinstance(ratio.opportunity, str) else ratio.opportunity
    total = pd.Series(0, index=rows.index)
    for name in names:
        column = rows["won"] & rows["saw_4th"] if name == "won_saw_4th" else rows[name]
        total = total + column.fillna(0).astype("int64")
    return total > 0


HAND_FILTERS: list[list[tuple[str, str]]] = [
    [], [("showdown", "1")], [("violations", "1")], [("allin", "1")],
    [("game", "razz"), ("showdown", "1")], [("type", "tournament")],
    [("site", "pokerstars"), ("since", "2026-03-18"), ("until", "2026-04-20")],
]


@pytest.mark.parametrize("filters", HAND_FILTERS, ids=lambda f: "&".join(map("=".join, f)) or
                         "all")
def test_the_list_holds_the_hands_the_filters_select_newest_first(
        source: Source, tables: dict[str, pd.DataFrame], filters: list[tuple[str, str]]
) -> None:
    hands, players = tables["hands"], tables["players"]
    chosen = PageFilters.of(filters).selection().apply(hands, warn=False)
    own = dict(filters)
    if own.get("showdown"):
        chosen = chosen[chosen["showdown"]]
    if own.get("violations"):
        chosen = chosen[chosen["violations"] > 0]
    if own.get("allin"):
        all_in = set(zip(players.loc[players["all_in"], "site"].astype(str),
                         players.loc[players["all_in"], "hand_id"], strict=True))
        chosen = chosen[[k in all_in for k in zip(chosen["site"].astype(str),
                                                  chosen["hand_id"], strict=True)]]
    assert len(chosen) > 0
    assert _listed(source, filters) == _newest_first(chosen)


PLAYER_FILTERS: list[list[tuple[str, str]]] = [
    [], [("showdown", "1")], [("allin", "1")], [("result", "won")],
    [("result", "lost"), ("showdown", "1")], [("violations", "1")],
    [("spot", "steal")], [("spot", "wwsf"), ("result", "lost")], [("spot", "afq")],
    [("game", "stud8"), ("spot", "fold_to_cbet")],
]


@pytest.mark.parametrize("wide", [True, False], ids=["with-the-keys", "after-the-keys"])
@pytest.mark.parametrize("filters", PLAYER_FILTERS, ids=lambda f: "&".join(map("=".join, f)) or
                         "none")
def test_a_players_list_holds_their_hands_the_filters_select(
        source: Source, tables: dict[str, pd.DataFrame], filters: list[tuple[str, str]],
        wide: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """With a player: their dealt hands; showdown and all-in their own, the result their
    net, a spot the hands where they had its statistic's opportunity; their columns read
    with the page's keys (a few rows) or after them (many)."""
    import stud_hh.app.hands_sql as hands_sql

    monkeypatch.setattr(hands_sql, "WIDE", 10**9 if wide else 0)
    hands, players = tables["hands"], tables["players"]
    given = [("player", "drawdead FRED"), *filters]  # a name in any case
    mine = PageFilters.of(given).selection().apply(players, warn=False)
    mine = mine[mine["dealt"]]
    own = dict(filters)
    if own.get("showdown"):
        mine = mine[mine["saw_showdown"]]
    if own.get("allin"):
        mine = mine[mine["all_in"]]
    if own.get("result"):
        mine = mine[mine["net"] > 0] if own["result"] == "won" else mine[mine["net"] < 0]
    if own.get("spot"):
        mine = mine[_opportunity(mine, own["spot"])]
    if own.get("violations"):
        broken = set(hands.loc[hands["violations"] > 0, "hand_id"])
        mine = mine[mine["hand_id"].isin(broken)]
    assert len(mine) > 0 or own.get("violations")
    assert _listed(source, given) == _newest_first(mine)
    shown = hands_page(source, PageFilters.of(given), HandFilters.of(given), None)
    for row in shown.rows:
        mine_row = mine[(mine["hand_id"] == row["hand_id"])].iloc[0]
        assert row["net"] == mine_row["net"]
        assert row["showdown"] == mine_row["saw_showdown"]
        assert row["all_in"] == mine_row["all_in"]
        assert row["hole_cards"] == (None if pd.isna(mine_row["hole_cards"])
                                     else mine_row["hole_cards"])


def test_each_row_names_the_hands_winners_and_its_all_in(
        source: Source, tables: dict[str, pd.DataFrame]) -> None:
    players = tables["players"]
    for filters in ([], [("allin", "1")], [("page", "7")]):
        for row in hands_page(source, PageFilters.of(filters), HandFilters.of(filters),
                              None).rows:
            seated = players[(players["site"].astype(str) == row["site"])
                             & (players["hand_id"] == row["hand_id"])]
            won = seated[seated["won"]].sort_values(["collected", "player"],
                                                    ascending=[False, True])
            assert row["winners"] == list(won["player"])
            assert row["all_in"] == bool(seated["all_in"].any())


def test_a_page_beyond_the_last_shows_the_last(source: Source) -> None:
    found = hands_page(source, PageFilters(), HandFilters.of([("page", "100000")]), None)
    assert found.page == found.pages == -(-2450 // PAGE_SIZE)
    assert found.rows


def test_too_few_hands_for_the_minimum_is_said(source: Source) -> None:
    found = hands_page(source, PageFilters.of([("player", "lucky_el853"), ("min_hands", "5")]),
                       HandFilters(), None)
    assert found.rows == []
    assert found.note == "lucky_el853 has 1 hands in this selection, fewer than the minimum of 5."
    assert hands_page(source, PageFilters.of([("player", "lucky_el853"), ("min_hands", "1")]),
                      HandFilters(), None).total == 1


def test_the_page_keeps_its_filters_in_the_url_and_its_links(app) -> None:  # type: ignore[no-untyped-def]
    query = ("player=Hero&game=stud&showdown=1&allin=1&result=won&spot=steal"
             "&since=2026-03-01")
    answer = app.get(f"/hands?{query}")
    assert answer.status_code == 200
    html = answer.text
    assert re.search(r'name="allin" value="1" checked', html)
    assert re.search(r'name="showdown" value="1" checked', html)
    assert not re.search(r'name="violations" value="1" checked', html)
    assert '<option value="won" selected>' in html
    assert '<option value="steal" selected>' in html
    assert 'name="player" value="Hero"' in html
    html = app.get("/hands?player=Hero&game=stud&showdown=1&since=2026-03-01").text
    links = re.findall(r'href="(/hand/[^"]+)"', html)
    assert len(links) == PAGE_SIZE
    assert all(link.endswith("?since=2026-03-01&amp;game=stud&amp;player=Hero")
               for link in links)
    older = re.search(r'href="\?([^"]+)" rel="next"', html).group(1).replace("&amp;", "&")
    assert dict(p.split("=") for p in older.split("&")) == {
        "since": "2026-03-01", "game": "stud", "player": "Hero", "showdown": "1",
        "page": "2"}
    assert 'href="/players?since=2026-03-01&amp;game=stud&amp;player=Hero"' in html  # the nav


@pytest.mark.parametrize(("query", "message"), [
    ("result=maybe", "result: won or lost, not &#39;maybe&#39;"),
    ("spot=nothing", "spot: one of vpip, cr3,"),
    ("page=0", "page: a whole number from 1, not &#39;0&#39;"),
    ("allin=yes", "allin: 1 or nothing, not &#39;yes&#39;"),
    ("result=won", "result: name a player"),
    ("spot=steal", "spot: name a player"),
    ("player=Nobody", "no hands of &#39;Nobody&#39;"),
    ("type=both", "type: cash or tournament"),
])
def test_a_filter_that_means_nothing_is_a_message(app, query: str, message: str) -> None:  # type: ignore[no-untyped-def]
    answer = app.get(f"/hands?{query}")
    assert answer.status_code == 400
    assert message in answer.text
    assert "Traceback" not in answer.text


def test_without_the_notes_no_tag_is_offered_and_a_tag_selects_nothing(app) -> None:  # type: ignore[no-untyped-def]
    from stud_hh.app.notes import player_tags

    assert player_tags(app.app.state.stud_hh.source.db) == {}  # no note written
    html = app.get("/hands").text
    assert re.search(r'<select name="tag" disabled', html)
    answer = app.get("/hands?tag=fish")
    assert answer.status_code == 200
    assert "No hand matches these filters." in answer.text
    assert "No player carries a tag yet" in answer.text


def test_a_tag_selects_the_hands_of_the_players_carrying_it(
        app, source: Source, tables: dict[str, pd.DataFrame],  # type: ignore[no-untyped-def]
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Through the seam (``stud_hh.app.tags``): the notes module's ``player_tags(db)``."""
    notes = types.ModuleType("stud_hh.app.notes")
    asked: list[Any] = []

    def player_tags(db: Any) -> dict[str, list[str]]:
        asked.append(db)
        return {"drrider87": ["fish", "loose"], "snowqueen": ["fish"], "Hero": []}

    notes.player_tags = player_tags  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "stud_hh.app.notes", notes)
    html = app.get("/hands?tag=loose&player=drawdead+fred").text
    assert "<option selected>loose</option>" in html
    assert "<option>fish</option>" in html
    assert asked
    players = tables["players"]
    for tag, carriers in (("fish", {"drrider87", "snowqueen"}), ("loose", {"drrider87"})):
        sat = players[players["dealt"] & players["player"].isin(carriers)]
        assert _listed(source, [("tag", tag)], tuple(sorted(carriers))) == _newest_first(
            tables["hands"].merge(sat[["site", "hand_id"]].drop_duplicates()))
    shown = app.get("/hands?tag=loose").text
    total = int(re.search(r"of ([\d,]+), the newest first", shown).group(1).replace(",", ""))
    assert total == players[players["dealt"] & (players["player"] == "drrider87")][
        "hand_id"].nunique()


def test_a_hand_opens_in_its_replayer_page(app, tables: dict[str, pd.DataFrame]) -> None:  # type: ignore[no-untyped-def]
    html = app.get("/hands?player=Hero&showdown=1").text
    link = re.search(r'href="(/hand/[^"]+)"', html).group(1).replace("&amp;", "&")
    site, hand_id = re.match(r"/hand/([^/]+)/([^?]+)\?", link).groups()
    answer = app.get(link)
    assert answer.status_code == 200
    assert f'data-replayer-mount="{site}#{hand_id}"' in answer.text
    assert '<script type="application/json" id="stud-hh-hands">' in answer.text
    assert '<script src="/static/replayer.js"></script>' in answer.text
    assert '"hero":"Hero"' in answer.text
    assert 'href="/hands?player=Hero"' in answer.text  # back to the list, filters kept
    theirs = app.get("/hands?player=drawdead+fred").text
    link = re.search(r'href="(/hand/[^"]+)"', theirs).group(1).replace("&amp;", "&")
    assert '"hero":"drawdead fred"' in app.get(link).text  # the player chosen is the hero


def test_a_hand_not_stored_is_a_message(app) -> None:  # type: ignore[no-untyped-def]
    answer = app.get("/hand/PokerStars/404")
    assert answer.status_code == 404
    assert "holds no hand 404 of PokerStars" in answer.text


def test_a_hand_whose_file_is_gone_says_so(tmp_path: Path) -> None:
    from stud_hh.store.ingest.run import import_paths

    sample = Path(__file__).resolve().parents[2] / "sample_histories" / "razz_cash_1-2.txt"
    source = tmp_path / "two.txt"
    source.write_text("\n\n\n".join(sample.read_text(encoding="utf-8").split("\n\n\n")[:2])
                      + "\n", encoding="utf-8")
    import_paths([source], tmp_path / "db", jobs=1)
    with running(tmp_path / "db") as served:
        first, second = re.findall(r'href="(/hand/[^"]+)"', served.get("/hands").text)
        assert served.get(first).status_code == 200
        source.unlink()
        assert served.get(first).status_code == 200  # kept while the database is the same
        answer = served.get(second)
        assert answer.status_code == 410
        assert "This hand cannot be replayed:" in answer.text
        assert "two.txt: the file of hand" in answer.text
        assert "is gone" in answer.text
