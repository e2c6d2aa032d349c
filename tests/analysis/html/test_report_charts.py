"""The charts: SVG traces only (a browser without a GPU draws them), the same colour for a
unit or a game everywhere, cumulative curves that add up each hand's amount, thinned past
5,000 hands without losing their extremes or a hand the page can replay, and written into
the page as JSON no history text can break out of."""

from __future__ import annotations

import json

import numpy as np
import pytest
from pages import read_page

from stud_hh.analysis.html import charts
from stud_hh.analysis.html.charts import Curve, cumulative_figure, sample_points


def _hover(n: int) -> list[list[str]]:
    return [[f"PokerStars#{i}", str(i), "2026-01-01 10:00", "$1.00"] for i in range(n)]


def test_a_curve_adds_up_each_hands_amount() -> None:
    won = np.array([1.0, -2.0, 0.5, 3.0])
    figure = cumulative_figure("t", "big bets", [Curve("all", won),
                                                 Curve("showdown", won * 0)], _hover(4))
    data = figure.to_plotly_json()["data"]
    assert list(data[0]["x"]) == [1, 2, 3, 4]
    assert list(data[0]["y"]) == pytest.approx(np.cumsum(won).tolist())
    assert [d["customdata"] for d in data[:1]] == [_hover(4)]
    assert "customdata" not in data[1]  # the hover of a hand is on the first curve only


def test_only_svg_traces_are_drawn() -> None:
    figures = [cumulative_figure("t", "y", [Curve("all", np.ones(20_000))], _hover(20_000)),
               charts.bar_figure("t", ["a"], [1.0], "x", "y"),
               charts.grouped_bars("t", ["a"], [("player", [1.0], "#000")], "y")]
    kinds = {trace["type"] for f in figures for trace in f.to_plotly_json()["data"]}
    assert kinds <= {"scatter", "bar"}


def test_a_long_curve_keeps_its_extremes_and_the_hands_the_page_holds() -> None:
    rng = np.random.default_rng(5)
    y = np.cumsum(rng.normal(size=60_000))
    keep = [17, 31_337, 59_998]
    picked = sample_points(y, keep)
    assert len(picked) <= charts.MAX_POINTS + len(keep) + 2
    assert {0, len(y) - 1, *keep} <= set(picked.tolist())
    assert int(np.argmax(y)) in picked
    assert int(np.argmin(y)) in picked
    assert list(picked) == sorted(set(picked.tolist()))
    figure = cumulative_figure("t", "y", [Curve("all", np.diff(y, prepend=0.0))],
                               _hover(len(y)), keep)
    trace = figure.to_plotly_json()["data"][0]
    assert len(trace["x"]) == len(picked)
    assert trace["y"][-1] == pytest.approx(y[-1])
    assert "drawn with" in figure.layout.xaxis.title.text


def test_units_and_games_keep_their_colours() -> None:
    assert charts.unit_color("USD") != charts.unit_color("EUR") != charts.unit_color("chips")
    assert charts.unit_color("XYZ") == charts.unit_color("XYZ")
    assert len({charts.game_color(g) for g in ("stud", "stud8", "razz")}) == 3


def test_the_json_of_a_chart_cannot_close_its_script() -> None:
    figure = charts.bar_figure("</script><script>alert(1)</script>", ["a"], [1.0], "x", "y")
    html = str(charts.figure_html(figure, "chart-x"))
    assert html.count("</script>") == 1
    page = read_page(html)
    assert page.charts == ["chart-x"]
    spec = page.chart("chart-x")
    assert spec["layout"]["title"]["text"] == "</script><script>alert(1)</script>"
    assert spec["config"]["displaylogo"] is False
    assert json.dumps(spec).count("http") == 0


def test_history_texts_are_shown_literally_on_a_chart() -> None:
    import pandas as pd

    from stud_hh.analysis.html.player_data import hover_rows

    hands = pd.DataFrame({"key": ["X#<a href='http://x'>1</a>"],
                          "hand_id": ["<a href='http://x'>1</a>"],
                          "start_utc": pd.to_datetime(["2026-01-02 03:04"], utc=True),
                          "unit": ["USD"], "net": [1.5], "net_bb": [0.75]})
    key, shown, date, net = hover_rows(hands)[0]
    assert key == "X#<a href='http://x'>1</a>"  # the replayer's key, as stored
    assert shown == "&lt;a href='http://x'&gt;1&lt;/a&gt;"  # Plotly shows the characters
    assert (date, net) == ("2026-01-02 03:04", "$1.50 (+0.75 BB)")
