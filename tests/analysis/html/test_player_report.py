"""The player report made from the samples and the corpus: every section there, every chart
drawn from the numbers the statistics functions give (checked against them here), each unit's
money apart, the filters applied, luck-adjusted results where the database has them and a
sentence where it has not, and every hand id printed a replay the page holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from pages import read_page, replayer

from stud_hh.analysis import stats, tournaments
from stud_hh.analysis.html import player_data
from stud_hh.analysis.html.player_report import player_report
from stud_hh.store.database import open_db
from stud_hh.store.select import Selection, SelectionError, UnknownPlayerError

SECTIONS = ["overview", "results", "sessions", "games", "tournaments", "leaks", "third",
            "streets", "hands"]


def _hero(root: Path) -> tuple[pd.DataFrame, pd.DataFrame]:
    players = open_db(root).players()
    dealt = players[players["dealt"]]
    return dealt, dealt[dealt["player"] == "Hero"]


def _last(spec: dict[str, Any], name: str) -> float:
    trace = next(t for t in spec["data"] if t["name"] == name)
    return float(trace["y"][-1])


@pytest.mark.parametrize("source", ["samples", "corpus"])
def test_every_section_is_there(report_pages: Any, source: str) -> None:
    path, report = report_pages(source, "player")
    page = read_page(path.read_text(encoding="utf-8"))
    assert page.sections == SECTIONS
    assert page.nav == [f"#{s}" for s in SECTIONS]
    assert len(page.ids) == len(set(page.ids)), "an id is used twice"
    assert report.player == "Hero"  # the player dealt the most hands, without --player
    for caption in ("Results per money unit", "Sessions", "Results by game and stakes",
                    "Leaks", "By door-card rank", "Actions per street",
                    "Every statistic: the player against the field",
                    "Biggest pots won", "Biggest pots lost", "All-in hands"):
        assert page.table(caption)


def test_the_curves_end_at_the_players_results(report_pages: Any,
                                               samples_database: Path) -> None:
    page = read_page(report_pages("samples", "player")[0].read_text(encoding="utf-8"))
    _, hero = _hero(samples_database)
    total = stats.money(hero, by=["player"], per_unit=False).iloc[0]
    spec = page.chart("chart-winnings-bb")
    assert _last(spec, "all") == pytest.approx(total["net_bb"], abs=1e-3)
    assert _last(spec, "showdown") == pytest.approx(total["net_bb_showdown"], abs=1e-3)
    assert _last(spec, "no showdown") == pytest.approx(total["net_bb_no_showdown"], abs=1e-3)
    assert spec["data"][0]["x"][-1] == len(hero)
    assert {t["type"] for t in spec["data"]} == {"scatter"}


def test_each_unit_has_its_own_curve_and_row(report_pages: Any, corpus_database: Path
                                             ) -> None:
    page = read_page(report_pages("corpus", "player")[0].read_text(encoding="utf-8"))
    _, hero = _hero(corpus_database)
    money = stats.money(hero, by=["player", "unit"]).loc["Hero"]
    assert sorted(money.index) == ["EUR", "USD", "chips", "tournament chips"]
    unit_charts = [c for c in page.charts if c.startswith("chart-winnings-unit-")]
    assert len(unit_charts) == 4
    for chart_id, unit in zip(unit_charts, sorted(money.index), strict=True):
        spec = page.chart(chart_id)
        assert spec["layout"]["title"]["text"].startswith(f"{unit}:")
        if unit == "tournament chips":  # chips of several tournaments: in big bets only
            assert np.isnan(money.loc[unit, "net"])
            assert _last(spec, "all") == pytest.approx(money.loc[unit, "net_bb"], abs=0.01)
        else:
            assert _last(spec, "all") == pytest.approx(money.loc[unit, "net"], abs=0.01)
    table = page.table("Results per money unit")
    assert table.column("unit") == money.index.tolist()
    assert [float(v) if v else np.nan for v in table.column("net")] == \
        pytest.approx(money["net"].tolist(), abs=1e-6, nan_ok=True)


def test_sessions_games_and_door_cards_are_the_statistics(report_pages: Any,
                                                          samples_database: Path) -> None:
    page = read_page(report_pages("samples", "player")[0].read_text(encoding="utf-8"))
    _, hero = _hero(samples_database)
    sessions = stats.player_summary(hero, by=["player", "session"], hilo=False)
    assert page.chart("chart-sessions")["data"][0]["y"] == \
        pytest.approx(sessions["net_bb"].tolist())
    games = stats.player_summary(hero, by=["game", "stakes"], hilo=False)
    assert page.chart("chart-games")["data"][0]["x"] == \
        pytest.approx(games["bb_per_100"].tolist())
    order = hero["game"].astype("string").value_counts().index
    for number, game in enumerate(order):
        mine = hero[hero["game"] == game]
        doors = stats.money(mine, by=["door_rank"], per_unit=False)["bb_per_100"]
        spec = page.chart(f"chart-door-{number}")
        drawn = dict(zip(spec["data"][0]["x"], spec["data"][0]["y"], strict=True))
        assert drawn == pytest.approx({str(k): v for k, v in doors.items()})
        assert spec["layout"]["title"]["text"].endswith("BB/100 by door card")


def test_tournaments_are_what_stud_hh_tournaments_says(report_pages: Any,
                                                      samples_database: Path) -> None:
    page = read_page(report_pages("samples", "player")[0].read_text(encoding="utf-8"))
    db = open_db(samples_database)
    found = tournaments.select(tournaments.read_results(db, "Hero"), Selection())
    summary = tournaments.summary(found[found["player"] == "Hero"]).reset_index()
    table = page.table("Tournament results per unit")
    assert table.column("unit") == summary["unit"].tolist()
    assert [float(v or 0) for v in table.column("net")] == pytest.approx(summary["net"].tolist())
    assert len(page.table("Each tournament").rows) == int(summary["tournaments"].sum())
    cash = read_page(player_report(db, Selection(tournament=False), "Hero").html)
    assert "tournaments" not in cash.sections


def test_the_corpus_tournaments_are_paid_for_though_no_finish_shows(report_pages: Any
                                                                    ) -> None:
    """Hero's six dollar tournaments of the corpus show their buy-ins but no finish: paid
    for all six, won unknown, each place unknown; the tournament whose buy-in shows no
    currency is said so, not made a unit."""
    page = read_page(report_pages("corpus", "player")[0].read_text(encoding="utf-8"))
    table = page.table("Tournament results per unit")
    assert table.column("unit") == ["USD", "play", "currency unknown"]
    assert table.column("paid") == ["436.3", "109", ""]  # the cells' sort keys
    assert table.column("won") == ["", "200", ""]  # unknown, not 0
    assert table.column("place unknown") == ["6", "0", "1"]
    games = page.table("Each tournament").column("game")
    assert "stud hi/lo" in games
    assert "mixed: 8-Game" in games
    assert not any("Limit" in g or "CARD" in g for g in games)


def test_streets_and_leaks_are_the_statistics(report_pages: Any,
                                              samples_database: Path) -> None:
    page = read_page(report_pages("samples", "player")[0].read_text(encoding="utf-8"))
    dealt, _ = _hero(samples_database)
    who = dealt.assign(who=np.where(dealt["player"] == "Hero", "player", "field"))
    afq = stats.street_frequencies(who, by=["who"])["afq"]
    drawn = page.chart("chart-streets")["data"]
    player = dict(zip(drawn[0]["x"], drawn[0]["y"], strict=True))
    for street in ("3rd", "4th", "5th", "6th", "7th"):
        assert player[f"AFq {street}"] == pytest.approx(afq.loc[("player", street)])
    leaks = stats.leak_costs(dealt, "Hero", min_n=30)
    table = page.table("Leaks")
    assert [h for h, _ in table.headers][:5] == ["statistic", "player %", "player n",
                                                 "field %", "field n"]
    assert table.column("statistic") == leaks["label"].tolist()
    assert [int(v or 0) for v in table.column("player n")] == leaks["player_n"].tolist()
    costs = [float(v) if v else np.nan for v in table.column("cost (BB)")]
    assert costs == pytest.approx(leaks["cost_bb"].tolist(), nan_ok=True)
    assert table.column("statistic")[0] == "Continuation bet 4th"  # Hero's planted leak


def test_filters_choose_the_hands(samples_database: Path) -> None:
    _, hero = _hero(samples_database)
    db = open_db(samples_database)
    with replayer():
        razz = player_report(db, Selection(games=("razz",), tournament=False), "hero")
    assert razz.player == "Hero"
    assert razz.hands == int(((hero["game"] == "razz") & ~hero["tournament"]).sum())
    page = read_page(razz.html)
    assert page.table("Results by game and stakes").column("game") == ["razz"]
    assert page.table("Results per money unit").column("unit") == ["USD"]
    assert "selected: game razz, cash games" in page.words()


def test_a_player_or_filter_matching_nothing_is_an_error(samples_database: Path) -> None:
    db = open_db(samples_database)
    with pytest.raises(UnknownPlayerError, match="did you mean 'Hero'"):
        player_report(db, Selection(), "Heroo")
    with pytest.raises(SelectionError, match="no five_stud hands"):
        player_report(db, Selection(games=("five_stud",)))
    with pytest.raises(SelectionError, match=r"no hands in .* \(game razz, stakes 0.10/0.20\)"):
        player_report(db, Selection(games=("razz",), stakes=("0.10/0.20",)))


def test_without_equity_the_page_says_what_luck_adjusted_needs(
        samples_database: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A database imported before equity was stored reads with the column null."""
    read = player_data.read_player

    def schema_1(*args: Any, **kwargs: Any) -> player_data.PlayerData:
        data = read(*args, **kwargs)
        return player_data.PlayerData(
            data.player, data.rows.assign(**{player_data.LUCK_COLUMN: np.nan}),
            data.mine.assign(**{player_data.LUCK_COLUMN: np.nan}), data.selection)

    monkeypatch.setattr(player_data, "read_player", schema_1)
    html = player_report(open_db(samples_database), Selection(), "Hero").html
    assert player_data.LUCK_MISSING in html
    spec = read_page(html).chart("chart-winnings-bb")
    assert "luck-adjusted" not in [t["name"] for t in spec["data"]]


def test_the_stored_equity_draws_the_luck_adjusted_results(report_pages: Any,
                                                           samples_database: Path) -> None:
    """The samples database holds equity (imported by this version): the page's
    luck-adjusted curve ends at the sum of Hero's stored ev_net in big bets."""
    html = report_pages("samples", "player")[0].read_text(encoding="utf-8")
    assert player_data.LUCK_MISSING not in html
    hero = player_data.read_player(open_db(samples_database), Selection(), "Hero").mine
    assert hero[player_data.LUCK_COLUMN].notna().any()
    luck = hero[player_data.LUCK_COLUMN].astype(float).fillna(hero["net"].astype(float))
    expected = (luck / hero["big_bet"].astype(float)).sum()
    assert _last(read_page(html).chart("chart-winnings-bb"), "luck-adjusted") == \
        pytest.approx(expected, abs=1e-3)


def test_an_equity_column_without_values_is_no_equity(samples_database: Path) -> None:
    data = player_data.read_player(open_db(samples_database), Selection(), "Hero")
    empty = data.rows.assign(**{player_data.LUCK_COLUMN: np.nan})
    assert not player_data.PlayerData(data.player, empty, data.mine, data.selection).luck


def test_with_equity_the_luck_adjusted_curve_and_totals_are_shown(
        samples_database: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    read = player_data.read_player

    def with_equity(*args: Any, **kwargs: Any) -> player_data.PlayerData:
        data = read(*args, **kwargs)
        def luck(rows: pd.DataFrame) -> pd.DataFrame:  # an all-in hand counts half its net
            return rows.assign(**{player_data.LUCK_COLUMN: np.where(
                rows["all_in"], rows["net"] // 2, rows["net"])})
        return player_data.PlayerData(data.player, luck(data.rows), luck(data.mine),
                                      data.selection)

    monkeypatch.setattr(player_data, "read_player", with_equity)
    with replayer():
        report = player_report(open_db(samples_database), Selection(tournament=False), "Hero")
    page = read_page(report.html)
    assert player_data.LUCK_MISSING not in report.html
    hero = with_equity(open_db(samples_database), Selection(tournament=False), "Hero").mine
    expected = (hero[player_data.LUCK_COLUMN] / hero["big_bet"]).sum()
    assert _last(page.chart("chart-winnings-bb"), "luck-adjusted") == \
        pytest.approx(expected, abs=1e-3)
    table = page.table("Results per money unit")
    assert float(table.column("luck-adjusted BB")[0] or 0) == pytest.approx(expected, abs=1e-3)


@pytest.mark.parametrize("source", ["samples", "corpus"])
def test_every_hand_id_printed_is_a_replay_the_page_holds(report_pages: Any,
                                                          source: str) -> None:
    path, report = report_pages(source, "player")
    page = read_page(path.read_text(encoding="utf-8"))
    embedded = set(page.embedded())
    assert page.hands, "no hand id was printed as a replay button"
    assert set(page.hands) <= embedded
    assert report.embedded == len(embedded) <= 300
    for caption in ("Biggest pots won", "Biggest pots lost"):
        assert len(page.table(caption).rows) == 10
