"""A pandas frame as an HTML table a reader can sort: each header a button, each cell its
value in ``data-value`` (numbers as plain numbers), sorted by ``assets/tables.js``.

Columns are declared with :class:`Col`: a label, a kind that says how a value is written
(counts, percentages, money in its unit, big bets, dates, hand ids, source lines) and an
optional explanation shown on the header. A hand id is written by :class:`HandLinks`
(an element with ``data-hand`` when the page holds its replay).

>>> import pandas as pd
>>> html = table_html(pd.DataFrame({"rule": ["a<b"], "n": [3]}),
...                   [Col("rule", "rule"), Col("n", "hands", "int")])
>>> 'data-type="num"' in html and "a&lt;b" in html and 'data-value="3"' in html
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np
import pandas as pd
from markupsafe import Markup, escape

from stud_hh.analysis.html.charts import game_color, unit_color
from stud_hh.analysis.tournament_report import money_text
from stud_hh.rules import printing_of

NUMERIC = ("int", "pct", "ratio", "money", "units", "bb", "num")
"""Kinds sorted as numbers."""
Row = Mapping[str, Any]
"""A row of the frame, by column name."""


class HandCells(Protocol):
    """What writes a hand id cell (see :class:`stud_hh.analysis.html.hands.HandLinks`)."""

    def cell(self, site: str, hand_id: str) -> Markup: ...


@dataclass(frozen=True, slots=True)
class Col:
    """A column of a table: ``name`` in the frame, its header, how values are written.

    Kinds: ``text``, ``code`` (a source line, monospaced), ``int``, ``pct`` (a percentage,
    one decimal), ``ratio`` (two decimals), ``num`` (one decimal), ``money`` (in the unit
    named by the row's ``unit_column``, or ``unit`` for every row), ``units`` (an amount as
    stored, in the hand's smallest unit: written as the row's ``site`` prints money, with
    the row's ``scale`` and ``currency``, and sorted in whole units), ``bb`` (big bets, two
    decimals, signed), ``date`` (a moment, UTC), ``hand`` (a hand id: the row's
    ``site`` column says whose), ``unit`` and ``game`` (a label in its colour).

    ``link`` makes a cell a link: the address it gives for the cell's row (``None``: no
    link), such as the app's list of what a count counts."""

    name: str
    label: str
    kind: str = "text"
    title: str = ""
    unit: str | None = None
    unit_column: str = "unit"
    tone: int = 1
    """Money and big bets in green when positive, red when negative (1); the other way
    round, for a cost (-1); in ink, for a rake (0)."""
    link: Callable[[Row], str | None] | None = None


def _missing(value: object) -> bool:
    if value is None or value is pd.NA or value is pd.NaT:
        return True
    return isinstance(value, float) and math.isnan(value)


def _number_text(value: float, kind: str) -> str:
    if kind == "int":
        return f"{int(value):,}"
    if kind == "pct":
        return f"{value:.1f}"
    if kind == "ratio":
        return f"{value:.2f}"
    if kind == "bb":
        return f"{value:+,.2f}" if value else "0.00"
    return f"{value:,.1f}"


def _sort_key(number: float) -> str:
    """A number as ``data-value`` holds it: whole numbers without a decimal point."""
    return str(int(number)) if number.is_integer() else repr(number)


def _sign_class(value: float, col: Col) -> str:
    if col.kind in ("money", "units", "bb") and value and col.tone:
        return " pos" if value * col.tone > 0 else " neg"
    return ""


def _cell(col: Col, row: Row, links: HandCells | None) -> str:
    """A cell's HTML: every value escaped (f-strings over ``escape``: a table of a thousand
    rows is written several times faster than with ``Markup.format``)."""
    value = row[col.name]
    if _missing(value):
        numeric = ' class="num"' if col.kind in NUMERIC else ""
        return f'<td{numeric} data-value="">&ndash;</td>'
    if col.kind in NUMERIC:
        number = float(value)
        if col.kind == "money":
            unit = col.unit or str(row.get(col.unit_column, "chips"))
            text = money_text(number, unit)
        elif col.kind == "units":
            text, number = _site_money(int(number), row)
        else:
            text = _number_text(number, col.kind)
        return (f'<td class="num{_sign_class(number, col)}" data-value="{_sort_key(number)}">'
                f'{_linked(col, row, text)}</td>')
    if col.kind == "date":
        moment = pd.Timestamp(value)
        return (f'<td data-value="{escape(moment.isoformat())}">'
                f'{escape(moment.strftime("%Y-%m-%d %H:%M"))}</td>')
    if col.kind == "hand":
        site, hand_id = str(row.get("site", "")), str(value)
        body = links.cell(site, hand_id) if links is not None else escape(hand_id)
        return f'<td data-value="{escape(hand_id)}">{body}</td>'
    if col.kind in ("unit", "game"):
        color = unit_color(str(value)) if col.kind == "unit" else game_color(str(value))
        text = escape(str(value))
        return (f'<td data-value="{text}"><span class="unit" style="background:'
                f'{escape(color)}">{text}</span></td>')
    if isinstance(value, bool | np.bool_):
        value = "yes" if value else "no"
    css = ' class="code"' if col.kind == "code" else ""
    return f'<td{css} data-value="{escape(str(value))}">{_linked(col, row, str(value))}</td>'


def _linked(col: Col, row: Row, text: str) -> Markup:
    """``text`` (escaped), inside a link when the column gives one for the row."""
    href = col.link(row) if col.link is not None else None
    if href is None:
        return escape(text)
    return Markup(f'<a href="{escape(href)}">{escape(text)}</a>')


def _site_money(units: int, row: Row) -> tuple[str, float]:
    """A stored amount as the row's site prints it (``8,287.75``, ``62.80€``), and its value
    in whole units (the sort key: rows of several scales sort together)."""
    scale = int(row["scale"])
    currency = row.get("currency")
    code = None if _missing(currency) else str(currency)
    return printing_of(str(row["site"])).money.format(units, scale, code), units / scale


def _header(col: Col) -> Markup:
    kind = "num" if col.kind in NUMERIC else "text"
    title = Markup(' title="{}"').format(col.title) if col.title else Markup("")
    return Markup('<th data-type="{}" data-column="{}"{}><button type="button">{}'
                  '</button></th>').format(kind, col.name, title, col.label)


def table_html(frame: pd.DataFrame, cols: Sequence[Col], *, links: HandCells | None = None,
               caption: str = "", table_id: str = "", empty: str = "nothing to show",
               limit: int | None = None) -> Markup:
    """``frame``'s ``cols`` as a sortable table (``limit``: its first rows, the rest
    counted under it); ``empty`` is said instead of an empty table."""
    if frame.empty:
        return Markup('<p class="empty">{}</p>').format(empty)
    shown = frame if limit is None else frame.head(limit)
    ident = Markup(' id="{}"').format(table_id) if table_id else Markup("")
    parts = [Markup('<div class="table-wrap"><table class="sortable"{}>').format(ident)]
    if caption:
        parts.append(Markup("<caption>{}</caption>").format(caption))
    parts.append(Markup("<thead><tr>") + Markup("").join(_header(c) for c in cols)
                 + Markup("</tr></thead><tbody>"))
    rows: list[Row] = shown.to_dict("records")  # type: ignore[assignment]
    for row in rows:
        parts.append(Markup("<tr>" + "".join(_cell(c, row, links) for c in cols) + "</tr>"))
    parts.append(Markup("</tbody></table></div>"))
    if len(shown) < len(frame):
        more = len(frame) - len(shown)
        parts.append(Markup('<p class="more">{:,} more row{} not shown (the first {:,} '
                            'are).</p>').format(more, "s" if more != 1 else "", len(shown)))
    return Markup("").join(parts)
