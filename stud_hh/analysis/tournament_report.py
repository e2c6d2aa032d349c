"""Text reports of tournament results: the summary of a player (or of many), the list of
their tournaments, and the short block ``stud-hh stats --player`` prints after the hands.

Money is printed in its unit, with its sign where it has one (``$4.40``, ``€0.90``), or
with the unit's name (``1,200 play``, ``100 FPP``); never added across units. What the
texts do not tell is said so: a buy-in or a result not known is ``unknown``, and a sum
says how many tournaments it counts (``$19.80 (n=6)``).

>>> money_text(-120.5, "USD"), money_text(0.9, "EUR"), money_text(200, "play")
('-$120.50', '€0.90', '200 play')
>>> money_text(11, "unknown"), unit_name("unknown"), unit_name("USD")
('11 (currency unknown)', 'currency unknown', 'USD')
"""

from __future__ import annotations

from typing import Any

import pandas as pd

from stud_hh.analysis.text_table import fitting, shorten, table, widths
from stud_hh.analysis.tournaments import SYMBOLS, UNKNOWN_UNIT, ordinal
from stud_hh.model.results import SCALE

_LABELS = {
    "tournaments": "Tournaments",
    "finished": "With a known place",
    "place_unknown": "Place unknown",
    "paid": "Paid (buy-ins, fees, rebuys)",
    "won": "Won (prizes, tickets, bounties)",
    "net": "Net (result and buy-in known)",
    "roi": "ROI",
    "itm": "In the money",
    "best": "Best finish",
    "average": "Average finish",
    "places": "Places",
    "tickets_unvalued": "Tickets of unknown worth",
}
_MONEY = ("paid", "won", "net")


def money_text(value: float, unit: str) -> str:
    """An amount in whole units of ``unit``, as a person writes it (``-`` for none: a
    sum the statistics do not make, such as chips of several tournaments)."""
    if value != value:  # NaN
        return "-"
    symbol = SYMBOLS.get(unit)
    sign = "-" if value < 0 else ""
    if symbol is not None:
        return f"{sign}{symbol}{abs(value):,.2f}"
    whole = f"{abs(value):,.0f}" if float(value).is_integer() else f"{abs(value):,.2f}"
    return f"{sign}{whole} ({unit_name(unit)})" if unit == UNKNOWN_UNIT else \
        f"{sign}{whole} {unit}"


def unit_name(unit: str) -> str:
    """A unit as a heading names it: its code, or ``currency unknown`` for a tournament
    whose buy-in does not show its currency."""
    return "currency unknown" if unit == UNKNOWN_UNIT else unit


def _counted(value: object, n: object, unit: str, none: str) -> str:
    """A sum over ``n`` tournaments with its count, or ``none`` when it counts none."""
    if _missing(value) or not int(str(n)):
        return none
    return f"{money_text(float(str(value)), unit)} (n={int(str(n))})"


def _why_unknown(row: pd.Series) -> str:
    """Why places are unknown: ``2 still playing, 1 no finish seen``; ``""`` when none is."""
    count = int(row["place_unknown"])
    still = int(row.get("still_playing", 0) or 0)
    why = [f"{still} still playing"] if still else []
    if count - still:
        why.append(f"{count - still} no finish seen")
    return ", ".join(why)


def _place_unknown(row: pd.Series) -> str:
    """How many places are unknown, and why: ``3 (1 still playing, 2 no finish seen)``,
    ``6 (no finish seen)``."""
    why = _why_unknown(row)
    if not why:
        return "0"
    if "," not in why:  # one reason: its count is the whole
        why = why.split(" ", 1)[1]
    return f"{int(row['place_unknown'])} ({why})"


def _missing(value: object) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and value != value)


def cell(name: str, row: pd.Series, unit: str) -> str:
    """One statistic of a summary row, as the tall table prints it."""
    value = row[name]
    if name == "paid":
        return _counted(value, row["paid_n"], unit, "unknown")
    if name == "won":
        return _counted(value, row["won_n"], unit, "unknown")
    if name == "net":
        return _counted(value, row["roi_n"], unit, "-")
    if name == "place_unknown":
        return _place_unknown(row)
    if name == "roi":
        return "-" if _missing(value) else f"{float(value):.1f}% (n={int(row['roi_n'])})"
    if name == "itm":
        if not int(row["finished"]):
            return "-"  # no place known: neither in the money nor out of it
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


def summary_text(summary: pd.DataFrame, wide: bool = False, width: int = 120) -> str:
    """A tournament summary (:func:`stud_hh.analysis.tournaments.summary`) for a terminal:
    a column per player and unit when there are a few, a row each when there are many (or
    with ``wide``), under short headings and within ``width`` columns (as ``stats`` prints:
    :mod:`stud_hh.analysis.text_table`)."""
    if wide or len(summary) > 4:
        return _wide_text(summary, width)
    heads = [" / ".join([*(str(k) for k in key[:-1]), unit_name(str(key[-1]))])
             for key in summary.index]
    units = [str(key[-1]) for key in summary.index]
    rows = [[_LABELS[name], *(cell(name, summary.iloc[i], units[i])
                              for i in range(len(summary)))] for name in _LABELS]
    return table(["", *heads], rows)


_WIDE = (("tournaments", "played"), ("finished", "placed"), ("paid", "paid"), ("won", "won"),
         ("net", "net"), ("roi", "ROI"), ("itm", "ITM"), ("best", "best"), ("average", "avg"))
"""The columns of the wide tournament table, with their headings."""


def _wide_text(summary: pd.DataFrame, width: int) -> str:
    """A row per player and unit: played, placed, paid, won and net (each in its unit),
    ROI with its n, in the money, best and average place."""
    keys = [str(n) for n in summary.index.names]
    rows = []
    for key, row in summary.iterrows():
        parts = key if isinstance(key, tuple) else (key,)
        unit = str(parts[-1])
        names = [shorten(str(v), 18) for v in parts[:-1]]
        cells = []
        for name, _ in _WIDE:
            if name in _MONEY:
                value = row[name]
                cells.append("-" if _missing(value) else money_text(float(value), unit))
            elif name == "roi":
                cells.append("-" if _missing(row["roi"]) else
                             f"{float(row['roi']):.1f}% ({int(row['roi_n'])})")
            elif name == "itm":
                cells.append(cell("itm", row, unit).split(" (")[0])
            else:
                cells.append(cell(name, row, unit))
        rows.append([*names, unit_name(unit), *cells])
    heads = [*keys[:-1], "unit", *(head for _, head in _WIDE)]
    count = fitting(widths(heads, rows), len(keys) + 1, width)
    text = table(heads[:count], [r[:count] for r in rows], left=len(keys))
    note = "ROI: net over paid, of the tournaments whose buy-in and result are known (n)"
    if count < len(heads):
        note += f"; left out to fit {width} columns: {', '.join(heads[count:])}"
    return f"{text}\n{note}"


def brief_lines(summary: pd.DataFrame) -> list[str]:
    """A line per unit of one player's summary: what ``stud-hh stats --player`` adds."""
    lines = []
    for key, row in summary.iterrows():
        unit = str(key[-1]) if isinstance(key, tuple) else str(key)
        known = int(row["finished"])
        places = f"{int(row['tournaments'])} played, {known} with a known place"
        if int(row["place_unknown"]):
            places += f" ({_why_unknown(row)})"
        money = (f"paid {_counted(row['paid'], row['paid_n'], unit, 'unknown')}, "
                 f"won {_counted(row['won'], row['won_n'], unit, 'unknown')}")
        if int(row["roi_n"]):
            money += f", net {_counted(row['net'], row['roi_n'], unit, '-')}"
        if not _missing(row["roi"]):
            money += f", ROI {float(row['roi']):.1f}% (n={int(row['roi_n'])})"
        itm = f", in the money {cell('itm', row, unit)}" if known else ""
        best = "" if _missing(row["best"]) else f", best {ordinal(int(row['best']))}"
        lines.append(f"Tournaments ({unit_name(unit)}): {places}; {money}{itm}{best}")
    return lines


def _amount(value: Any, unit: str) -> str:
    return "unknown" if _missing(value) else money_text(int(value) / SCALE, unit)


def _list_row(row: dict[Any, Any]) -> tuple[str, ...]:
    unit = str(row["unit"])
    start = row["start_utc"]
    when = "undated" if _missing(start) or pd.isna(start) else start.strftime("%Y-%m-%d %H:%M")
    place = "unknown" if _missing(row["finish"]) else ordinal(int(row["finish"]))
    if not _missing(row["entrants"]) and not _missing(row["finish"]):
        place += f" of {int(row['entrants']):,}"
    if row["still_playing"]:
        place = "still playing"
    game = row.get("game_label")
    return (when, str(row["site"]), str(row["tournament_id"]), str(row["player"]),
            str(row["game_text"] if _missing(game) else game), _amount(row["cost"], unit),
            place, _amount(row["won"], unit), str(row["source"]))


LIST_HEADS = ("start (UTC)", "site", "tournament", "player", "game", "paid", "place", "won",
              "from")
"""The columns of :func:`list_rows`."""


def list_rows(results: pd.DataFrame) -> list[tuple[str, ...]]:
    """A row of texts per tournament of :func:`stud_hh.analysis.tournaments.results` rows,
    oldest first (:data:`LIST_HEADS`): start, site, number, player, game, what was paid,
    the place (of how many), what was won (``unknown`` where the texts show no result),
    and where the result comes from."""
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
