"""Promise: one row per player and tournament, a summary's values winning over a finishing
line's and those over the hands' headers, each filling what the other leaves out; ROI, in
the money and places computed by hand agree; money is never added across units; the
filters choose tournaments by start, game and site.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pandas as pd
import pytest

from stud_hh.analysis import tournaments as tr
from stud_hh.model.events import Game
from stud_hh.model.results import ResultSource, TournamentResult
from stud_hh.store.select import Selection, SelectionError
from stud_hh.store.tournaments import tournament_row

START = datetime(2026, 3, 1, 18, 0, tzinfo=UTC)


def result(player: str = "Hero", tid: str = "1", source: ResultSource = ResultSource.SUMMARY,
           **values: object) -> TournamentResult:
    fields: dict[str, object] = {
        "site": "PokerStars", "tournament_id": tid, "player": player, "source": source,
        "game": Game.RAZZ, "game_text": "Razz", "unit": "USD", "buy_in": 1000, "fee": 100,
        "started_at": START, "path": "a.txt", "line": 1, "first_line": 1,
        "hand_id": "9" if source is ResultSource.HAND else None, **values}
    return TournamentResult(**fields)  # type: ignore[arg-type]


def stored(*results: TournamentResult) -> pd.DataFrame:
    return pd.DataFrame([tournament_row(r) for r in results])


def test_a_summary_wins_and_a_finishing_line_fills_what_it_leaves_out() -> None:
    rows = stored(
        result(finish=None, still_playing=True, prize=None, entrants=180),
        result(source=ResultSource.HAND, finish=12, prize=0, buy_in=999, line=77),
        result(player="Bob", source=ResultSource.HAND, finish=1, prize=5000))
    found = tr.results(rows).set_index("player")
    hero = found.loc["Hero"]
    assert (hero["source"], hero["finish"], hero["buy_in"], hero["entrants"]) == \
        ("summary", 12, 1000, 180)
    assert not hero["still_playing"]
    assert (hero["cost"], hero["won"]) == (1100, 0)
    assert found.loc["Bob", "source"] == "hand"


def test_the_more_complete_summary_is_taken() -> None:
    rows = stored(result(finish=None, still_playing=True, prize=None, line=3),
                  result(finish=2, prize=3000, line=5))
    [hero] = tr.results(rows).to_dict("records")
    assert (hero["finish"], hero["prize"], hero["line"]) == (2, 3000, 5)


def test_re_entries_of_finishing_lines_add_up() -> None:
    rows = stored(result(source=ResultSource.HAND, finish=40, prize=0, hand_id="1"),
                  result(source=ResultSource.HAND, finish=3, prize=2500, hand_id="2"))
    [hero] = tr.results(rows).to_dict("records")
    assert (hero["entries"], hero["finish"], hero["prize"], hero["cost"]) == (2, 3, 2500, 2200)


def test_hands_alone_say_who_played_and_what_it_cost() -> None:
    players = pd.DataFrame({"site": ["PokerStars"] * 3, "hand_id": ["1", "2", "3"],
                            "player": ["Hero", "Hero", "Hero"]})
    hands = pd.DataFrame({
        "site": ["PokerStars"] * 3, "hand_id": ["1", "2", "3"],
        "tournament_id": ["7", "7", "8"],
        "start_utc": [START, START + pd.Timedelta(hours=1), START],
        "game": ["stud", "razz", "razz"], "mixed_game": ["8-Game", "8-Game", None],
        "game_text": ["7 Card Stud Limit", "Razz Limit", "Razz Limit"],
        "buy_in": [100, 100, 500], "fee": [9, 9, 50],
        "buy_in_currency": [None, None, "USD"], "play_money": [True, True, False],
        "file": ["h.txt"] * 3})
    found = tr.results(stored(), tr.seen_rows(players, hands)).set_index("tournament_id")
    assert (found.loc["7", "unit"], found.loc["7", "buy_in"], found.loc["7", "game_text"]) \
        == ("play", 10000, "8-Game")  # play chips, whole, made hundredths
    assert pd.isna(found.loc["7", "game"])  # a mixed game is no one game
    assert (found.loc["8", "unit"], found.loc["8", "buy_in"], found.loc["8", "fee"]) == \
        ("USD", 500, 50)
    assert set(found["source"]) == {"seen"}
    assert found["won"].isna().all()


def test_roi_itm_and_places_by_hand_and_units_apart() -> None:
    rows = stored(
        result(tid="1", finish=3, prize=5400),               # paid 11.00, won 54.00
        result(tid="2", finish=28, prize=0),                 # paid 11.00
        result(tid="3", finish=None, still_playing=True),    # paid 11.00, result unknown
        result(tid="4", finish=1, prize=0, ticket="Sunday Million ticket"),  # unvalued
        result(tid="5", finish=2, prize=90, unit="EUR", buy_in=42, fee=8))
    summary = tr.summary(tr.results(rows))
    usd = summary.loc[("Hero", "USD")]
    assert (usd["tournaments"], usd["finished"], usd["place_unknown"]) == (4, 3, 1)
    assert usd["still_playing"] == 1
    assert (usd["paid"], usd["paid_n"]) == (44.0, 4)  # every buy-in known, the running one's
    assert (usd["won"], usd["won_n"]) == (54.0, 3)    # every result known
    assert usd["net"] == 21.0                         # 54.00 - 33.00: the 3 with both
    assert usd["roi"] == pytest.approx(21 / 33 * 100)
    assert (usd["roi_n"], usd["itm"], usd["best"], usd["places"]) == (3, 2, 1,
                                                                      "1st, 3rd, 28th")
    assert usd["itm_pct"] == pytest.approx(200 / 3)
    assert usd["average"] == pytest.approx(32 / 3)
    assert usd["tickets_unvalued"] == 1
    eur = summary.loc[("Hero", "EUR")]
    assert (eur["paid"], eur["won"], eur["roi"]) == (0.5, 0.9, pytest.approx(80.0))


def test_the_filters_choose_by_start_game_and_site() -> None:
    rows = tr.results(stored(
        result(tid="1", finish=1, prize=1),
        result(tid="2", finish=2, prize=0, started_at=START + pd.Timedelta(days=10),
               game=None, game_text="8-Game"),
        result(tid="3", finish=3, prize=0, site="Winamax", unit="EUR", started_at=None,
               game=Game.STUD, game_text="7-Card Stud")))
    ids = lambda s: sorted(tr.select(rows, s)["tournament_id"])  # noqa: E731
    assert ids(Selection()) == ["1", "2", "3"]
    assert ids(Selection(since=START + pd.Timedelta(days=1))) == ["2"]  # undated: out
    assert ids(Selection(until=START + pd.Timedelta(days=1))) == ["1"]
    assert ids(Selection(games=("razz",))) == ["1"]  # a mixed game is no one game's
    assert ids(Selection(sites=("winamax",))) == ["3"]
    assert ids(Selection(tournament=False)) == []
    with pytest.raises(SelectionError, match="stakes"):
        tr.select(rows, Selection(stakes=("10/20",)))
