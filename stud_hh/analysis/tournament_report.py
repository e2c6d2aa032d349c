"""Text reports of tournament results: the summary of a player (or of many), the list of
their tournaments, and the short block ``stud-hh stats --player`` prints after the hands.

Money is printed in its unit, with its sign where it has one (``$4.40``, ``€0.90``), or
with the unit's name (``1,200 play``, ``100 FPP``); never added across units.

>>> money_text(-120.5, "USD"), money_text(0.9, "EUR"), money_text(200, "play")
('-$120.50', '€0.90', '200 play')
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from stud_hh.analysis.tournaments import SYMBOLS, ordinal
from stud_hh.model.results import SCALE

_LABELS = {
    "tournaments": "Tournaments",
    "finished": "With a known place",
    "place_unknown": "Still playing or no result",
    "paid": "Paid (buy-ins, fees, rebuys)",
    "won": "Won (prizes, tickets, bounties)",
    "net": "Net",
    "roi": "ROI",
    "itm": "In the money",
    "best": "Best finish",
    "average": "Average finish",
    "places": "Places",
    "tickets_unvalued": "Tickets of unknown worth",
}
_MONEY = ("paid", "won", "net")


def money_text(value: float, unit: str) -> str:
    """An amount in whole units of ``unit``, as a person writes it."""
    symbol = SYMBOLS.get(unit)
    sign = "-" if value < 0 else ""
    if symbol is not None:
        return f"{sign}{symbol}{abs(value):,.2f}"
    whole = f"{abs(value):,.0f}" if float(value).is_integer() else f"{abs(value):,.2f}"
    return f"{sign}{whole} {unit}"


def _missing(value: object) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and value != value)


def cell(name: str, row: pd.Series, unit: str) -> str:
    """One statistic of a summary row, as the tall table prints it."""
    value = row[name]
    if name in _MONEY:
        return money_text(float(value), unit)
    if name == "roi":
        return "-" if _missing(value) else f"{float(value):.1f}% (n={int(row['roi_n'])})"
    if name == "itm":
        pct = row["itm_pct"]
        share = "" if _missing(pct) else f" ({float(pct):.1f}% of {int(row['finished'])})"
        return f"{int(value)}{share}"
    if name == "best":
        return "-" if _missing(value) else ordinal(int(value))
    if name == "average":
        return "-" if _missing(value) else f"{float(value):.1f}"
    if name == "places":
        return str(value) or "-"
    return f"{int(value):,}"


def summary_text(summary: pd.DataFrame, wide: bool = False) -> str:
    """A tournament summary (:func:`stud_hh.analysis.tournaments.summary`) for a terminal:
    a column per player and unit when there are a few, a row each when there are many (or
    with ``wide``)."""
    if wide or len(summary) > 4:
        shown = summary.copy()
        for column in _MONEY:
            shown[column] = [money_text(float(v), str(k[-1])) for v, k in
                             zip(shown[column], shown.index, strict=True)]
        shown["roi"] = shown["roi"].map(lambda v: "-" if _missing(v) else f"{v:.1f}%")
        shown["itm_pct"] = shown["itm_pct"].map(lambda v: "-" if _missing(v) else f"{v:.1f}%")
        shown["average"] = shown["average"].map(lambda v: "-" if _missing(v) else f"{v:.1f}")
        shown["best"] = shown["best"].map(lambda v: "-" if _missing(v) else ordinal(int(v)))
        columns = ["tournaments", "finished", "paid", "won", "net", "roi", "roi_n", "itm",
                   "itm_pct", "best", "average"]
        with pd.option_context("display.width", 250, "display.max_columns", 40,
                               "display.max_rows", 500):
            return str(shown[columns])
    heads = [" / ".join(str(k) for k in key) for key in summary.index]
    units = [str(key[-1]) for key in summary.index]
    rows = [(_LABELS[name], [cell(name, summary.iloc[i], units[i])
                             for i in range(len(summary))]) for name in _LABELS]
    width = max(len(label) for label, _ in rows)
    widths = [max(len(heads[i]), *(len(cells[i]) for _, cells in rows))
              for i in range(len(heads))]
    lines = [" " * width + "  " + "  ".join(h.rjust(w) for h, w in zip(heads, widths,
                                                                      strict=True))]
    for label, cells in rows:
        lines.append(label.ljust(width) + "  " + "  ".join(
            c.rjust(w) for c, w in zip(cells, widths, strict=True)))
    return "\n".join(lines)


def brief_lines(summary: pd.DataFrame) -> list[str]:
    """A line per unit of one player's summary: what ``stud-hh stats --player`` adds."""
    lines = []
    for key, row in summary.iterrows():
        unit = str(key[-1]) if isinstance(key, tuple) else str(key)
        roi = "" if _missing(row["roi"]) else \
            f", ROI {float(row['roi']):.1f}% (n={int(row['roi_n'])})"
        best = "" if _missing(row["best"]) else f", best {ordinal(int(row['best']))}"
        lines.append(
            f"Tournaments ({unit}): {int(row['tournaments'])} played, "
            f"{int(row['finished'])} with a known place, paid {money_text(row['paid'], unit)}, "
            f"won {money_text(row['won'], unit)}, net {money_text(row['net'], unit)}{roi}, "
            f"in the money {cell('itm', row, unit)}{best}")
    return lines


def _amount(value: Any, unit: str) -> str:
    return "-" if _missing(value) else money_text(int(value) / SCALE, unit)


def _list_row(row: dict[Any, Any]) -> tuple[str, ...]:
    unit = str(row["unit"])
    start = row["start_utc"]
    when = "undated" if _missing(start) or pd.isna(start) else start.strftime("%Y-%m-%d %H:%M")
    place = "-" if _missing(row["finish"]) else ordinal(int(row["finish"]))
    if not _missing(row["entrants"]) and place != "-":
        place += f" of {int(row['entrants']):,}"
    if row["still_playing"]:
        place = "still playing"
    return (when, str(row["site"]), str(row["tournament_id"]), str(row["player"]),
            str(row["game_text"]), _amount(row["cost"], unit), place,
            _amount(row["won"], unit), str(row["source"]))


LIST_HEADS = ("start (UTC)", "site", "tournament", "player", "game", "paid", "place", "won",
              "from")
"""The columns of :func:`list_rows`."""


def list_rows(results: pd.DataFrame) -> list[tuple[str, ...]]:
    """A row of texts per tournament of :func:`stud_hh.analysis.tournaments.results` rows,
    oldest first (:data:`LIST_HEADS`): start, site, number, player, game, what was paid,
    the place (of how many), what was won, and where the result comes from."""
    rows = results.sort_values(["start_utc", "site", "tournament_id"], kind="stable",
                               na_position="last")
    return [_list_row(row) for row in rows.to_dict("records")]


def list_text(results: pd.DataFrame) -> str:
    """:func:`list_rows` as a table of text, a line per tournament."""
    table = list_rows(results)
    heads = LIST_HEADS
    widths = [max(len(h), *(len(r[i]) for r in table)) if table else len(h)
              for i, h in enumerate(heads)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(heads, widths, strict=True)).rstrip()]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
              for r in table]
    return "\n".join(lines)
