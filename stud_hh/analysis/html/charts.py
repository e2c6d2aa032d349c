"""Plotly figures of the pages, and each figure as a ``<div>`` the page draws.

Every chart is SVG (``go.Scatter``, ``go.Bar``: never WebGL, which a browser without a GPU
may not draw), in the colours of :data:`UNIT_COLORS`, :data:`GAME_COLORS` and
:data:`CURVE_COLORS`, the same on every page. A figure is written as an empty ``<div
class="chart">`` and its data as JSON beside it; ``assets/report.js`` draws it with the
Plotly library the page holds once (:func:`stud_hh.analysis.html.page.plotly_js`).

Per-hand curves carry, for each point, the hand's replayer key, id, date and net in
``customdata`` (hover shows them; a click opens the hand when the page holds it). A curve
of more than :data:`MAX_POINTS` hands is thinned by hand index (:func:`sample_points`):
in each run of hands its lowest and highest point, the first and last hands, and every hand
the page can replay are kept, so the curve's shape and every clickable hand stay.

>>> sample_points(np.arange(10.0), limit=100).tolist() == list(range(10))
True
>>> len(sample_points(np.sin(np.arange(100_000) / 500.0), limit=5_000)) <= 5_002
True
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import plotly.graph_objects as go
import plotly.io as pio
from markupsafe import Markup

from stud_hh.analysis.html.page import json_script

MAX_POINTS = 5_000
"""The most points a per-hand curve is drawn with."""

UNIT_COLORS = {"USD": "#2e7d32", "EUR": "#1565c0", "GBP": "#6a1b9a", "INR": "#00838f",
               "CNY": "#ad1457", "chips": "#e07b00", "play": "#757575", "FPP": "#5d4037"}
"""A colour per money unit, the same on every chart and table of a page."""
GAME_COLORS = {"stud": "#3465a4", "stud8": "#4e9a06", "razz": "#c4451c",
               "five_stud": "#75507b", "razz27": "#b08800"}
"""A colour per game."""
CURVE_COLORS = {"all": "#1f2a44", "showdown": "#2b6cb0", "no showdown": "#c0392b",
                "luck-adjusted": "#8e44ad", "player": "#2b6cb0", "field": "#9aa5b1",
                "positive": "#2e7d32", "negative": "#c0392b"}
"""Colours of the curves and bars that mean the same thing on every chart."""
_SPARE = ("#00897b", "#6d4c41", "#546e7a", "#c2185b", "#7cb342", "#5e35b1")
CONFIG = {"displaylogo": False, "responsive": True,
          "modeBarButtonsToRemove": ["lasso2d", "select2d", "autoScale2d"]}
"""Plotly's options for every chart: no logo link, resizing with the page."""


def plain(text: object) -> str:
    """``text`` from a hand history as Plotly shows it literally: Plotly reads a few HTML
    tags in titles, labels and hover texts (``<b>``, ``<a href>``), so ``<``, ``>`` and ``&``
    are written as entities, which it shows as the characters.

    >>> plain("<a href='x'>Bob & co</a>")
    "&lt;a href='x'&gt;Bob &amp; co&lt;/a&gt;"
    """
    return html.escape(str(text), quote=False)


def unit_color(unit: str) -> str:
    return UNIT_COLORS.get(unit, _SPARE[sum(map(ord, unit)) % len(_SPARE)])


def game_color(game: str) -> str:
    return GAME_COLORS.get(game, _SPARE[sum(map(ord, game)) % len(_SPARE)])


def layout(title: str, x_title: str, y_title: str, *, height: int = 380,
           **more: Any) -> dict[str, Any]:
    """The layout every chart shares: white, quiet grid, legend on top (no Plotly template:
    the few settings here, not the 7 kB of the default one, are written per chart)."""
    return {"template": "none",
            "title": {"text": title, "x": 0, "xanchor": "left", "font": {"size": 15}},
            "xaxis": {"title": {"text": x_title}, "gridcolor": "#eceff3", "zeroline": False},
            "yaxis": {"title": {"text": y_title}, "gridcolor": "#eceff3",
                      "zerolinecolor": "#9aa5b1"},
            "height": height, "margin": {"l": 64, "r": 20, "t": 56, "b": 52},
            "paper_bgcolor": "#ffffff", "plot_bgcolor": "#ffffff",
            "font": {"family": "system-ui, -apple-system, Segoe UI, Roboto, sans-serif",
                     "size": 12, "color": "#243040"},
            "legend": {"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 1,
                       "xanchor": "right"},
            "hoverlabel": {"bgcolor": "#ffffff", "font": {"size": 12}}, **more}


def figure_html(figure: go.Figure, chart_id: str) -> Markup:
    """``figure`` as an empty ``<div>`` and its JSON, drawn by the page's script."""
    spec = figure.to_plotly_json()
    payload = {"data": spec.get("data", []), "layout": spec.get("layout", {}),
               "config": CONFIG}
    # through Plotly's encoder (numpy values, dates), then into an escaped script element
    data = json.loads(pio.to_json(payload, validate=False, remove_uids=True))
    return Markup('<div class="chart" id="{}" role="img" aria-label="{}"></div>').format(
        chart_id, html.unescape(_title(figure))) + json_script(f"{chart_id}-data", data)


def _title(figure: go.Figure) -> str:
    text = figure.layout.title.text
    return str(text) if text else "chart"


def sample_points(y: np.ndarray, keep: Iterable[int] = (), limit: int = MAX_POINTS
                  ) -> np.ndarray:
    """The indices of ``y`` to draw: all of them up to ``limit``; else the lowest and the
    highest of each run of hands, the first and last, and ``keep``, in order."""
    n = len(y)
    if n <= limit:
        return np.arange(n)
    size = int(np.ceil(n / max(1, limit // 2)))
    runs = int(np.ceil(n / size))
    padded = np.full(runs * size, np.nan)
    padded[:n] = y
    shaped = padded.reshape(runs, size)
    starts = np.arange(runs) * size
    low = starts + np.nanargmin(shaped, axis=1)
    high = starts + np.nanargmax(shaped, axis=1)
    wanted = [i for i in keep if 0 <= i < n]
    chosen = np.concatenate([low, high, [0, n - 1], np.asarray(wanted, dtype=np.int64)])
    return np.unique(chosen.astype(np.int64))


@dataclass(frozen=True, slots=True)
class Curve:
    """One cumulative curve: its name (a key of :data:`CURVE_COLORS`, or a unit) and the
    amount each hand adds."""

    name: str
    amounts: np.ndarray
    color: str = ""
    dash: str = "solid"


def cumulative_figure(title: str, y_title: str, curves: Sequence[Curve],
                      hover: Sequence[Sequence[str]], keep: Iterable[int] = ()
                      ) -> go.Figure:
    """Cumulative curves over the hands (the x axis: hand number, 1 first), thinned
    together; ``hover`` holds each hand's ``[key, hand id, date, net]`` (the first curve
    carries it)."""
    main = np.cumsum(curves[0].amounts) if curves else np.zeros(0)
    picked = sample_points(main, keep)
    x = (picked + 1).tolist()
    figure = go.Figure()
    for number, curve in enumerate(curves):
        color = curve.color or CURVE_COLORS.get(curve.name, "#1f2a44")
        total = np.cumsum(curve.amounts.astype(float))[picked]
        trace: dict[str, Any] = {
            "x": x, "y": np.round(total, 4).tolist(), "mode": "lines", "name": curve.name,
            "line": {"color": color, "width": 2.2 if number == 0 else 1.4, "dash": curve.dash}}
        if number == 0:
            trace["customdata"] = [list(hover[i]) for i in picked]
            trace["hovertemplate"] = ("hand %{customdata[1]}<br>%{customdata[2]}<br>"
                                      "net %{customdata[3]}<br>" + curve.name +
                                      " so far %{y:,.2f}<extra></extra>")
        else:
            trace["hovertemplate"] = curve.name + " so far %{y:,.2f}<extra></extra>"
        figure.add_trace(go.Scatter(**trace))
    thinned = f" (drawn with {len(picked):,} of {len(main):,} points)" \
        if len(picked) < len(main) else ""
    figure.update_layout(**layout(title, f"hands{thinned}", y_title, hovermode="x unified"))
    return figure


def bar_figure(title: str, labels: Sequence[str], values: Sequence[float],
               label_title: str, value_title: str, *, hover: Sequence[str] | None = None,
               colors: Sequence[str] | None = None, text: Sequence[str] | None = None,
               horizontal: bool = False, height: int = 380) -> go.Figure:
    """One series of bars, a bar per label; without ``colors``, green at or above zero and
    red below; ``horizontal``: the labels down the side, first on top."""
    shown = [float(v) if v == v else None for v in values]
    fill = list(colors) if colors is not None else [
        CURVE_COLORS["positive"] if (v or 0) >= 0 else CURVE_COLORS["negative"]
        for v in shown]
    bar: dict[str, Any] = {"marker": {"color": fill}, "name": value_title}
    if horizontal:
        bar.update(x=shown, y=list(labels), orientation="h")
    else:
        bar.update(x=list(labels), y=shown)
    if text is not None:
        bar.update(text=list(text), textposition="outside", cliponaxis=False)
    if hover is not None:
        bar.update(hovertext=list(hover), hovertemplate="%{hovertext}<extra></extra>")
    figure = go.Figure(go.Bar(**bar))
    axes = (value_title, label_title) if horizontal else (label_title, value_title)
    figure.update_layout(**layout(title, *axes, height=height, showlegend=False))
    if horizontal:
        figure.update_yaxes(autorange="reversed", type="category", automargin=True)
    else:
        figure.update_xaxes(type="category")
    return figure


def grouped_bars(title: str, labels: Sequence[str], series: Sequence[tuple[str, Sequence[float],
                                                                         str]],
                 y_title: str, *, hover: Sequence[Sequence[str]] | None = None,
                 height: int = 380, stacked: bool = False) -> go.Figure:
    """Bars of several series side by side (or ``stacked``): ``(name, values, colour)``."""
    figure = go.Figure()
    for number, (name, values, color) in enumerate(series):
        bar: dict[str, Any] = {"x": list(labels), "y": [float(v) if v == v else None
                                                       for v in values],
                               "name": name, "marker": {"color": color}}
        if hover is not None:
            bar.update(hovertext=list(hover[number]),
                       hovertemplate="%{hovertext}<extra>" + name + "</extra>")
        figure.add_trace(go.Bar(**bar))
    figure.update_layout(**layout(title, "", y_title, height=height,
                                  barmode="stack" if stacked else "group"))
    figure.update_xaxes(type="category")
    return figure
