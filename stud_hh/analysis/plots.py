"""Stage 6: matplotlib figures over the database tables.

Each helper takes the tables it needs (pandas DataFrames as loaded by
:func:`stud_hh.open_db`), an optional ``ax`` to draw on, and returns the
``ax``; nothing is shown or saved here.

>>> db = open_db("my.db")  # doctest: +SKIP
>>> ax = cumulative_winnings(db.players(), "Hero")  # doctest: +SKIP
>>> ax.figure.savefig("winnings.png")  # doctest: +SKIP
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd

from stud_hh.analysis import stats
from stud_hh.store.schema import STREET_LABELS, STREETS
from stud_hh.store.select import match_player

if TYPE_CHECKING:
    from matplotlib.axes import Axes

_RANK_ORDER = list("AKQJT98765432")
_RAZZ_ORDER = list("A23456789TJQK")


def _axes(ax: Axes | None) -> Axes:
    if ax is not None:
        return ax
    import matplotlib.pyplot as plt

    _, new = plt.subplots(figsize=(9, 5), layout="constrained")
    return new


def _hero(players: pd.DataFrame, player: str) -> pd.DataFrame:
    """The player's dealt rows: a name as typed (any case), else a "did you mean"."""
    dealt = players[players["dealt"]]
    name = match_player(dealt["player"].astype("string").dropna().unique(), player)
    return dealt[dealt["player"] == name]


def _curve_units(mine: pd.DataFrame) -> pd.Series:
    """Each hand's money curve: its unit, and a tournament's chips per tournament (``chips
    of tournament 123``; a hand read before schema 3, with no tournament id, in
    ``tournament chips``)."""
    units = stats.money_unit(mine["currency"], mine.get("tournament"))
    if "tournament_id" not in mine:
        return units
    ids = mine["tournament_id"].astype("string")
    apart = (units == stats.TOURNAMENT_CHIPS) & ids.notna()
    return units.mask(apart, "chips of tournament " + ids.fillna(""))


def cumulative_winnings(players: pd.DataFrame, player: str, ax: Axes | None = None,
                        unit: str = "bb") -> Axes:
    """Winnings over the player's hands, with the showdown and non-showdown parts.

    ``unit`` is ``"bb"`` (big bets, comparable across stakes and currencies: the
    default) or ``"money"``: then each currency, and each tournament's chips (never
    added across tournaments), is its own curve, over its own hands, never added to
    another.
    """
    ax = _axes(ax)
    mine = _hero(players, player).sort_values(["start_utc", "hand_id"], kind="stable")
    player = str(mine["player"].iloc[0])  # the name as stored
    if unit == "bb":
        # a hand whose stakes nothing shows (big bet 0, Bovada) adds no big bets
        won = (mine["net"] / mine["big_bet"].where(mine["big_bet"] > 0)).fillna(0.0)
        _winnings_curves(ax, won.astype(float), mine["saw_showdown"].to_numpy(dtype=bool))
        label = "big bets"
    elif unit == "money":
        units = _curve_units(mine)
        if units.nunique() == 1:
            won = (mine["net"] / mine["scale"]).astype(float)
            _winnings_curves(ax, won, mine["saw_showdown"].to_numpy(dtype=bool))
            label = str(units.iloc[0])
        else:  # a curve per currency: dollars and chips are never added
            for name, rows in mine.groupby(units, observed=True, sort=True):
                won = (rows["net"] / rows["scale"]).astype(float)
                ax.plot(np.arange(1, len(won) + 1), np.cumsum(won), lw=1.6,
                        label=f"{name} ({len(won):,} hands)")
            label = "each in its own currency"
    else:
        raise ValueError(f"unit is 'bb' or 'money', not {unit!r}")
    ax.axhline(0, color="grey", lw=0.6)
    ax.set_xlabel("hands")
    ax.set_ylabel(f"cumulative winnings ({label})")
    ax.set_title(f"{player}: winnings over {len(mine):,} hands")
    ax.legend(loc="best")
    return ax


def _winnings_curves(ax: Axes, won: pd.Series, showdown: np.ndarray) -> None:
    x = np.arange(1, len(won) + 1)
    ax.plot(x, np.cumsum(won), color="black", lw=1.8, label="all winnings")
    ax.plot(x, np.cumsum(np.where(showdown, won, 0.0)), color="tab:blue", lw=1.2,
            label="at showdown")
    ax.plot(x, np.cumsum(np.where(showdown, 0.0, won)), color="tab:red", lw=1.2,
            label="without showdown")


def win_rate_by_door_card(players: pd.DataFrame, player: str, ax: Axes | None = None) -> Axes:
    """BB/100 by door-card rank, each bar labelled with its number of hands."""
    ax = _axes(ax)
    mine = _hero(players, player)
    player = str(mine["player"].iloc[0])  # the name as stored
    table = stats.money(mine, by=["door_rank"], per_unit=False)
    razz_only = set(mine["game"].astype("string").unique()) == {"razz"}
    order = [r for r in (_RAZZ_ORDER if razz_only else _RANK_ORDER) if r in table.index]
    table = table.reindex(order)
    colors = ["tab:green" if v >= 0 else "tab:red" for v in table["bb_per_100"]]
    bars = ax.bar(table.index.astype(str), table["bb_per_100"], color=colors)
    for bar, hands in zip(bars, table["hands"], strict=True):
        ax.annotate(f"{int(hands)}", (bar.get_x() + bar.get_width() / 2, bar.get_height()),
                    ha="center", va="bottom" if bar.get_height() >= 0 else "top", fontsize=8)
    ax.axhline(0, color="grey", lw=0.6)
    ax.set_xlabel("door card (numbers: hands)")
    ax.set_ylabel("BB/100")
    ax.set_title(f"{player}: win rate by door card")
    return ax


def streets_against_field(players: pd.DataFrame, player: str, ax: Axes | None = None) -> Axes:
    """VPIP on 3rd and aggression frequency by street: the player beside the field."""
    ax = _axes(ax)
    player = str(_hero(players, player)["player"].iloc[0])  # the name as stored
    frame = players.assign(who=np.where(players["player"] == player, player, "field"))
    freq = stats.street_frequencies(frame, by=["who"])["afq"].unstack("street")
    vpip = stats.ratios(frame, [r for r in stats.SUMMARY if r.name == "vpip"], by=["who"])
    labels = ["VPIP 3rd"] + [f"AFq {STREET_LABELS[s]}" for s in STREETS]
    x = np.arange(len(labels))
    width = 0.38
    for i, name in enumerate((player, "field")):
        afq = freq.loc[name].reindex([STREET_LABELS[s] for s in STREETS])
        values = np.concatenate([[vpip["vpip"].get(name, np.nan)], afq.to_numpy(dtype=float)])
        ax.bar(x + (i - 0.5) * width, values, width, label=name,
               color="tab:blue" if name == player else "tab:grey")
    ax.set_xticks(x, labels)
    ax.set_ylabel("%")
    ax.set_ylim(0, 100)
    ax.set_title(f"{player} against the field: VPIP and aggression frequency by street")
    ax.legend()
    return ax


_FOLLOWING = "following from an earlier violation"
"""The label of the violations that follow from an earlier one of their hand."""


def violations_over_time(violations: pd.DataFrame, ax: Axes | None = None,
                         freq: str = "W") -> Axes:
    """Violations per period (``freq``: ``D``, ``W``, ``M``), stacked: the root causes per
    rule, then in grey the violations following from an earlier one of their hand
    (``follows_line``; a frame without that column counts every violation a root cause)."""
    ax = _axes(ax)
    if violations.empty:
        ax.text(0.5, 0.5, "no violations", ha="center", va="center", transform=ax.transAxes)
        ax.set_title("violations per rule over time")
        return ax
    starts = violations["start_utc"].dt.tz_convert(None).dt.to_period(freq).dt.start_time
    # a hand whose site printed no time zone has no date: its own bar, never dropped
    rule = violations["rule"].astype("string")
    if "follows_line" in violations:
        rule = rule.where(violations["follows_line"].isna(), _FOLLOWING)
    frame = violations.assign(
        period=starts.dt.strftime("%Y-%m-%d").astype("string").fillna(stats.UNDATED),
        rule=rule)
    counts = frame.groupby(["period", "rule"]).size().unstack("rule", fill_value=0)
    counts = counts[[c for c in counts.columns if c != _FOLLOWING]
                    + ([_FOLLOWING] if _FOLLOWING in counts.columns else [])]
    dated = sorted(p for p in counts.index if p != stats.UNDATED)
    counts = counts.reindex(dated + ([stats.UNDATED] if stats.UNDATED in counts.index else []))
    bottom = np.zeros(len(counts))
    positions = np.arange(len(counts))
    for column in counts.columns:
        values = counts[column].to_numpy()
        if column == _FOLLOWING:  # grey and hatched: not faults of their own
            ax.bar(positions, values, bottom=bottom, label=column, color="0.7", hatch="//")
        else:
            ax.bar(positions, values, bottom=bottom, label=column)
        bottom += values
    step = max(1, len(counts) // 12)
    ticks = list(positions[::step])
    if len(counts) and ticks[-1] != positions[-1] and counts.index[-1] == stats.UNDATED:
        ticks.append(positions[-1])
    ax.set_xticks(ticks, [str(counts.index[i]) for i in ticks], rotation=30, ha="right")
    ax.set_ylabel("violations")
    ax.set_title("violations per rule over time")
    ax.legend(fontsize=8)
    return ax
