"""A player summary (:func:`stud_hh.analysis.stats.player_summary`) as a table a person
reads in a terminal of 80 to 120 columns.

By default it shows the key stud statistics (:data:`KEY`): hands, money won in the unit's
money and in big bets, big bets per 100 hands and luck-adjusted, VPIP, complete/raise on
3rd, steal attempts and the bring-in's defence, 3-bets, folding to a 4th-street bet,
aggression, went to showdown and won at showdown, each ratio with its sample size.

- One player in a few groups (``--player``, or ``--by`` a key with a few values): a tall
  table, a line per statistic and a column per group, each ratio written ``50.9% (n=55)``.
- More rows, or more players: a row per group under short headings, each ratio's sample
  size on a line of its own under it (``n``, past 999 to two figures: ``1.9k``), then a
  line explaining the headings. A table wider than the terminal keeps its leading
  columns and says which it left out.

Money is printed in its unit (``$1,686.63``, ``€29.21``, ``1,500 chips``); big bets to a
tenth; a value that is not there (no opportunity) is ``-``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from stud_hh.analysis.stats import HILO, STREET_RATIOS, SUMMARY
from stud_hh.analysis.text_table import fitting, shorten, table, widths
from stud_hh.analysis.tournament_report import money_text
from stud_hh.model.money import SYMBOLS

KEY: tuple[str, ...] = (
    "hands", "net", "net_bb", "bb_per_100", "ev_bb_per_100", "vpip", "cr3", "steal",
    "bring_in_fold_to_steal", "threebet", "fold_to_bet_4th", "af", "wtsd", "wsd",
)
"""The statistics a summary shows unless asked for others (``stats --columns``)."""
HILO_KEY: tuple[str, ...] = ("scoop_whole",)
"""Shown after :data:`KEY` when the summary holds stud hi/lo hands."""

TALL_ROWS = 4
"""A summary of at most this many rows is printed tall (a column per row)."""
NAME_WIDTH = 18
"""A player's name (or another key) is cut to this many characters in a wide table."""


@dataclass(frozen=True, slots=True)
class Shown:
    """How one column of a summary is shown: ``kind`` decides the format (``count``,
    ``money``, ``bb``, ``percent``, ``factor``, ``time``, ``text``)."""

    label: str
    """Its line in the tall table."""
    head: str
    """Its heading in the wide table."""
    kind: str
    explained: str = ""
    """What a short heading stands for, for the line under the wide table."""


_MONEY: dict[str, Shown] = {
    "hands": Shown("Hands", "hands", "count"),
    "net": Shown("Net won", "net", "money"),
    "net_bb": Shown("Net won (big bets)", "BB", "bb", "BB: big bets won"),
    "net_bb_showdown": Shown("  at showdown (big bets)", "BB sd", "bb",
                             "BB sd: big bets won at showdown"),
    "net_bb_no_showdown": Shown("  without showdown (big bets)", "BB no sd", "bb",
                                "BB no sd: big bets won without showdown"),
    "rake_paid": Shown("Rake paid", "rake", "money"),
    "bb_per_100": Shown("Big bets / 100 hands", "BB/100", "bb"),
    "sb_per_100": Shown("Small bets / 100 hands", "SB/100", "bb"),
    "bb_left_out": Shown("  hands not in big bets (NL, PL, no stakes)", "no BB", "count",
                         "no BB: hands left out of the big bets (no-limit, pot-limit, no "
                         "stakes)"),
    "ev_net": Shown("Luck-adjusted net", "adj net", "money", "adj net: luck-adjusted net"),
    "luck": Shown("  luck (net - luck-adjusted)", "luck", "money"),
    "ev_net_bb": Shown("Luck-adjusted net (big bets)", "adj BB", "bb",
                       "adj BB: luck-adjusted big bets"),
    "luck_bb": Shown("  luck (big bets)", "luck BB", "bb"),
    "ev_bb_per_100": Shown("Luck-adjusted big bets / 100", "adj", "bb",
                           "adj: luck-adjusted BB/100"),
    "all_in_hands": Shown("All-in hands", "all-in", "count"),
    "equity_hands": Shown("Hands with an equity", "equity", "count"),
    "start": Shown("Start", "start", "time"),
    "end": Shown("End", "end", "time"),
    "minutes": Shown("Minutes", "min", "count"),
    "net_per_hour": Shown("Net won / hour", "net/h", "money"),
    "bb_per_hour": Shown("Big bets / hour", "BB/h", "bb"),
}
_HEADS: dict[str, tuple[str, str]] = {
    "vpip": ("VPIP", ""),
    "cr3": ("CR3", "CR3: complete/raise 3rd"),
    "steal": ("steal", ""),
    "bring_in_fold_to_steal": ("BI F", "BI F: the bring-in folds to a steal"),
    "threebet": ("3-bet", ""),
    "fold_to_bet_4th": ("F4", "F4: folds to a 4th-street bet"),
    "af": ("AF", ""),
    "wtsd": ("WTSD", ""),
    "wsd": ("W$SD", ""),
}


def shown(name: str) -> Shown:
    """How the summary column ``name`` is shown."""
    if name in _MONEY:
        return _MONEY[name]
    ratio = next((r for r in (*SUMMARY, *HILO, *STREET_RATIOS) if r.name == name), None)
    if ratio is None:
        return Shown(name, name, "text")
    head, explained = _HEADS.get(name, (name, ""))
    return Shown(ratio.label, head, "percent" if ratio.percent else "factor", explained)


def chosen_columns(summary: pd.DataFrame, columns: Sequence[str] | None) -> list[str]:
    """The statistics to show: ``columns`` (``["all"]``: every one), else :data:`KEY`
    and, when grouped by session, its start and length; never a ratio's ``_n`` column
    (it is shown with its ratio)."""
    if columns and list(columns) != ["all"]:
        wanted = list(columns)
    elif columns:
        wanted = [str(c) for c in summary.columns]
    else:
        wanted = [*(("start", "minutes") if "start" in summary else ()), *KEY, *HILO_KEY]
        if "bb_left_out" in summary and bool(summary["bb_left_out"].gt(0).any()):
            # the big bets leave hands out: say how many, beside them
            wanted.insert(wanted.index("bb_per_100") + 1, "bb_left_out")
    return [c for c in wanted if c in summary.columns and not str(c).endswith("_n")
            and c not in ("unit",)]


def summary_table(summary: pd.DataFrame, columns: Sequence[str] | None = None,
                  width: int = 120) -> str:
    """``summary`` as text: tall for a few rows, wide for many (see the module's text)."""
    chosen = chosen_columns(summary, columns)
    players: Sequence[object] = (summary.index.get_level_values("player").tolist()
                                 if "player" in _keys(summary) else [])
    if len(summary) <= TALL_ROWS and len(set(players)) <= 1:
        return _tall(summary, chosen)
    return _wide(summary, chosen, width)


def _keys(summary: pd.DataFrame) -> list[str]:
    return [str(n) for n in summary.index.names if n is not None]


def _unit(summary: pd.DataFrame, i: int) -> str:
    keys = _keys(summary)
    if "unit" in keys:
        key = summary.index[i]
        return str(key[keys.index("unit")] if isinstance(key, tuple) else key)
    if "unit" in summary.columns:
        return str(summary["unit"].iloc[i])
    return "chips"


def cell(summary: pd.DataFrame, i: int, name: str, tall: bool) -> str:
    """Row ``i``'s ``name`` as text (a ratio's sample size apart: :func:`sample`)."""
    value = summary[name].iloc[i]
    if value is None or value is pd.NA or (isinstance(value, float) and math.isnan(value)):
        return "-"
    kind = shown(name).kind
    if kind == "count":
        return f"{int(value):,}"
    if kind == "money":
        unit = _unit(summary, i)
        amount = _no_minus_zero(float(value), 2)
        if not tall and unit not in SYMBOLS:  # the unit column names it
            return f"{amount:,.2f}" if amount % 1 else f"{amount:,.0f}"
        return money_text(amount, unit)
    if kind == "bb":
        return f"{_no_minus_zero(float(value), 1):,.1f}"
    if kind == "percent":
        return f"{float(value):.1f}%" if tall else f"{float(value):.0f}%"
    if kind == "factor":
        return f"{float(value):.2f}"
    if kind == "time":
        return pd.Timestamp(value).strftime("%Y-%m-%d %H:%M")
    return str(value)


def sample(summary: pd.DataFrame, i: int, name: str, tall: bool = True) -> str | None:
    """Row ``i``'s sample size for the ratio ``name`` (``None``: not a ratio): exact in a
    tall table, to two figures past 999 in a wide one (``1.9k``, ``12k``)."""
    count = f"{name}_n"
    if count not in summary.columns:
        return None
    value = summary[count].iloc[i]
    n = 0 if value is None or value != value else int(value)
    return f"{n:,}" if tall else compact(n)


def compact(n: int) -> str:
    """A count in at most four characters.

    >>> compact(999), compact(1_900), compact(12_345), compact(2_500_000)
    ('999', '1.9k', '12k', '2.5M')
    """
    for size, mark in ((1_000_000, "M"), (1_000, "k")):
        if n >= size:
            scaled = n / size
            return f"{scaled:.1f}{mark}" if scaled < 10 else f"{scaled:.0f}{mark}"
    return str(n)


def _no_minus_zero(value: float, digits: int) -> float:
    """``value`` rounded to ``digits``, with a rounded-away loss shown as 0, not -0."""
    rounded = round(value, digits)
    return 0.0 if rounded == 0 else rounded


def _tall(summary: pd.DataFrame, chosen: Sequence[str]) -> str:
    keys = _keys(summary)
    heads = [" / ".join(str(k) for k in (key if isinstance(key, tuple) else (key,)))
             for key in summary.index] if keys else ["" for _ in range(len(summary))]
    rows = []
    for name in chosen:
        cells = []
        for i in range(len(summary)):
            text, n = cell(summary, i, name, tall=True), sample(summary, i, name)
            cells.append(text if n is None else f"{text} (n={n})")
        rows.append([shown(name).label, *cells])
    return table(["", *heads], rows)


def _wide(summary: pd.DataFrame, chosen: Sequence[str], width: int) -> str:
    keys = _keys(summary)
    flat = summary.reset_index()
    one = [k for k in keys if flat[k].nunique(dropna=False) == 1 and k != "unit"]
    shown_keys = [k for k in keys if k not in one] or keys[:1]
    heads = [*shown_keys, *(shown(c).head for c in chosen)]
    rows: list[list[str]] = []
    for i in range(len(summary)):
        rows.append([shorten(str(flat[k].iloc[i]), NAME_WIDTH) for k in shown_keys]
                    + [cell(summary, i, c, tall=False) for c in chosen])
        samples = [sample(summary, i, c, tall=False) for c in chosen]
        if any(n is not None for n in samples):
            rows.append(["  n", *[""] * (len(shown_keys) - 1),
                         *("" if n is None else n for n in samples)])
    count = fitting(widths(heads, rows), len(shown_keys) + 1, width)
    kept, left_out = chosen[:count - len(shown_keys)], chosen[count - len(shown_keys):]
    rows = [row[:count] for row in rows if row[0] != "  n" or any(row[len(shown_keys):count])]
    lines = []
    if one:
        lines.append(", ".join(f"{k}: {flat[k].iloc[0]}" for k in one))
    lines.append(table(heads[:count], rows, left=len(shown_keys)))
    lines.append(_legend(kept, left_out, width))
    return "\n".join(lines)


def _legend(kept: Sequence[str], left_out: Sequence[str], width: int) -> str:
    """The line under a wide table: what its short headings mean, and what did not fit."""
    parts = [e for e in (shown(c).explained for c in kept) if e]
    parts.append("n: each ratio's sample size")
    text = "; ".join(parts) + "; stud-hh explain TERM says more."
    if left_out:
        named = ", ".join(left_out[:6]) + (f" and {len(left_out) - 6} more"
                                            if len(left_out) > 6 else "")
        text += (f" Left out to fit {width} columns: {named} (a wider terminal, --columns, "
                 "or --format csv shows them).")
    words, lines, line = text.split(" "), [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)

