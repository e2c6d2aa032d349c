"""Stage 5: statistics, as pure functions from database tables to tables.

Every statistic of ``docs/statistics.md`` is declared once as data: a
*done* count over an *opportunity* count, both summed per group from the
per-player-hand flags of the ``players`` table. Each ratio is returned with
its opportunity count (``vpip`` and ``vpip_n``) so the sample size is always in
view. Ratios are percentages, except the aggression factor (a ratio of counts)
and the win rates.

Every function takes the filters of ``stud-hh stats`` too, as a
:class:`~stud_hh.store.select.Selection` (``select=``) or by the options' names
(``game="razz"``, ``cash=True``, ``since="2026-03-01"``, ``player="hero"``,
``min_hands=50``), applied to the rows given, with the same errors and the same
warning for undated hands a date filter leaves out.

>>> players = open_db("my.db").players()  # doctest: +SKIP
>>> player_summary(players, by=["player", "game"])  # doctest: +SKIP
>>> player_summary(players, player="hero", game="razz", cash=True)  # doctest: +SKIP
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Unpack

import numpy as np
import pandas as pd

from stud_hh.analysis.scale import is_dask, summed, with_column
from stud_hh.rules.games import LIMIT_CODES
from stud_hh.store.schema import STREET_LABELS, STREETS
from stud_hh.store.select import Filters, HandFilters, Selection, SelectionError, match_player

LATER = [STREET_LABELS[s] for s in STREETS[1:]]


@dataclass(frozen=True, slots=True)
class Ratio:
    """A statistic: ``done`` over ``opportunity``, both columns (or sums of columns)."""

    name: str
    label: str
    done: str | tuple[str, ...]
    opportunity: str | tuple[str, ...]
    percent: bool = True


def _later(prefix: str) -> tuple[str, ...]:
    return tuple(f"{prefix}_{s}" for s in LATER)


SUMMARY: tuple[Ratio, ...] = (
    Ratio("vpip", "VPIP", "vpip", "vpip_opp"),
    Ratio("cr3", "Complete/raise 3rd", "cr3", "vpip_opp"),
    Ratio("complete_first_in", "Complete first in", "complete_first_in", "unopened_opp"),
    Ratio("limp", "Limp", "limp", "unopened_opp"),
    Ratio("threebet", "3-bet 3rd", "threebet", "threebet_opp"),
    Ratio("fold_to_completion", "Fold to completion", "fold_to_completion",
          "fold_to_completion_opp"),
    Ratio("steal", "Steal attempt", "steal", "steal_opp"),
    Ratio("steal_success", "Steal success", "steal_success", "steal"),
    Ratio("bring_in_fold_to_steal", "Bring-in folds to steal", "bring_in_fold_to_steal",
          "bring_in_faced_steal"),
    Ratio("bring_in_resteal", "Bring-in re-steals", "bring_in_resteal", "bring_in_faced_steal"),
    Ratio("bring_in_completes", "Bring-in completes", "bring_in_completed", "bring_in_player"),
    Ratio("saw_4th", "Saw 4th", "saw_4th", "dealt"),
    Ratio("saw_5th", "Saw 5th", "saw_5th", "dealt"),
    Ratio("saw_6th", "Saw 6th", "saw_6th", "dealt"),
    Ratio("saw_7th", "Saw 7th", "saw_7th", "dealt"),
    Ratio("cbet", "Continuation bet 4th", "cbet", "cbet_opp"),
    Ratio("fold_to_cbet", "Fold to continuation bet", "fold_to_cbet", "fold_to_cbet_opp"),
    Ratio("double_bet", "Double bet 4th", "double_bet", "double_bet_opp"),
    Ratio("af", "AF (4th-7th)", ("bets_later", "raises_later"), "calls_later", percent=False),
    Ratio("afq", "AFq (4th-7th)", ("bets_later", "raises_later"),
          ("bets_later", "raises_later", "calls_later", "folds_later")),
    Ratio("wtsd", "WTSD", "saw_showdown", "saw_4th"),
    Ratio("wsd", "W$SD", "won_at_showdown", "saw_showdown"),
    Ratio("wwsf", "W$WSF", "won_saw_4th", "saw_4th"),
)
"""The player summary's ratios, in the order they are shown."""

HILO: tuple[Ratio, ...] = (
    Ratio("scoop_both", "Scoop (both halves)", "scoop_both", "hilo_showdown"),
    Ratio("scoop_whole", "Scoop (whole pot)", "scoop_whole", "hilo_showdown"),
    Ratio("split", "Split", "split", "hilo_showdown"),
    Ratio("quartered", "Quartered", "quartered", "hilo_showdown"),
    Ratio("high_only", "High only", "high_only", "hilo_showdown"),
    Ratio("low_only", "Low only", "low_only", "hilo_showdown"),
    Ratio("no_low", "No qualifying low", "no_low", "hilo_showdown"),
)
"""The stud hi/lo block: each over showdowns in hi/lo hands."""


def _street_ratios() -> tuple[Ratio, ...]:
    out: list[Ratio] = []
    for s in (STREET_LABELS[x] for x in STREETS):
        out.append(Ratio(f"fold_to_bet_{s}", f"Fold to a {s}-street bet", f"fold_to_bet_{s}",
                         f"faced_bet_{s}"))
        if s != "3rd":
            out.append(Ratio(f"check_raise_{s}", f"Check-raise {s}", f"check_raise_{s}",
                             f"check_raise_opp_{s}"))
    return tuple(out)


STREET_RATIOS = _street_ratios()

Derived = Callable[[pd.DataFrame], pd.Series]
UNDATED = "undated"
"""The date, month, year or session of a hand whose site printed no time zone."""


def on_clock(moments: pd.Series) -> pd.Series:
    """UTC moments on this machine's clock (its time zone, summer time included): the
    clock the dates a user types are read on (:func:`stud_hh.store.select.parse_when`)."""
    from dateutil.tz import tzlocal

    local: pd.Series = moments.dt.tz_convert(tzlocal())
    return local


def _dated(labels: pd.Series) -> pd.Series:
    return labels.astype("string").fillna(UNDATED)

GROUPINGS: dict[str, tuple[tuple[str, ...], Derived]] = {
    "game": (("game", "limit"), lambda df: game_with_limit(df)),
    "date": (("start_utc",), lambda df: _dated(on_clock(df["start_utc"]).dt.strftime("%Y-%m-%d"))),
    "month": (("start_utc",), lambda df: _dated(on_clock(df["start_utc"]).dt.strftime("%Y-%m"))),
    "year": (("start_utc",), lambda df: _dated(on_clock(df["start_utc"]).dt.strftime("%Y"))),
    "door_group": (("door_rank", "game"), lambda df: door_group(df)),
    "session": (("player", "start_utc"), lambda df: sessions(df)),
    "unit": (("currency", "tournament"), lambda df: money_unit(df["currency"],
                                                                df["tournament"])),
}
"""Groupings computed from columns (``by=["date"]``), beside any ``players`` column.

Undated hands (a site that prints no time zone) fall into an ``undated`` date, month,
year or session rather than out of the table. A no-limit or pot-limit hand's ``game``
is its code with ``NL`` or ``PL`` (``stud8 NL``): never grouped with fixed-limit hands."""

OPTIONAL_SOURCES = ("limit", "tournament_id")
"""Columns a summary reads when the table has them (added in schema 3; a frame without
them: every hand fixed limit, no tournament told apart)."""

TOURNAMENT_CHIPS = "tournament chips"
"""The unit of a tournament hand's chips: worth nothing outside their tournament, so never
added across tournaments (``net`` is given per tournament only, ``--by tournament_id``)."""


def money_unit(currency: pd.Series, tournament: pd.Series | None = None) -> pd.Series:
    """Each row's money unit: its currency; else :data:`TOURNAMENT_CHIPS` in a tournament
    hand; else ``chips`` (play money, or chips of a currency the site does not name)."""
    unit = currency.astype("string")
    if tournament is not None:
        chips = tournament.fillna(False).astype(bool) & unit.isna()
        unit = unit.mask(chips, TOURNAMENT_CHIPS)
    return unit.fillna("chips")


def game_with_limit(df: pd.DataFrame) -> pd.Series:
    """Each row's game for grouping: the game's code, with ``NL`` or ``PL`` after it for a
    no-limit or pot-limit hand (a row without a limit, read before schema 3: fixed)."""
    game = df["game"].astype("string")
    if "limit" not in df:
        return game
    codes = {str(k): v for k, v in LIMIT_CODES.items() if v}
    suffix = df["limit"].astype("string").map(codes)
    return game.where(suffix.isna(), game + " " + suffix.fillna(""))


def groupings() -> list[str]:
    """Every key a summary can be grouped by: the derived ones, then ``players`` columns."""
    from stud_hh.store.schema import TABLES

    return [*GROUPINGS, *(c.name for c in TABLES["players"].columns)]


def check_by(by: Sequence[str]) -> list[str]:
    """``by`` if every key is a grouping; else :class:`SelectionError` listing the valid ones.

    >>> check_by(["game", "month"])
    ['game', 'month']
    >>> check_by(["file"])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    stud_hh.store.select.SelectionError: cannot group by 'file': group by player, site, ...
    """
    valid = groupings()
    for key in by:
        if key not in valid:
            close = difflib.get_close_matches(key, valid, n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise SelectionError(f"cannot group by {key!r}{hint}: group by "
                                 f"{', '.join(COMMON_GROUPINGS)}, or any other column of "
                                 "the players table (docs/database.md)")
    return list(by)


def check_columns(summary: pd.DataFrame, columns: Sequence[str]) -> list[str]:
    """``columns`` of ``summary`` (each ratio's ``_n`` kept beside it); else
    :class:`SelectionError` naming the columns there are."""
    out: list[str] = []
    for name in columns:
        if name not in summary.columns:
            close = difflib.get_close_matches(name, [str(c) for c in summary.columns], n=1)
            hint = f" (did you mean {close[0]!r}?)" if close else ""
            raise SelectionError(f"no column {name!r} in the summary{hint}: the columns are "
                                 f"{', '.join(str(c) for c in summary.columns)}")
        out.append(name)
        if f"{name}_n" in summary.columns and f"{name}_n" not in columns:
            out.append(f"{name}_n")
    return out


COMMON_GROUPINGS = ("player", "site", "game", "stakes", "currency", "unit", "tournament",
                    "date", "month", "year", "session", "door_rank", "door_group",
                    "door_card", "start_hand", "rolled_up", "players_3rd", "position",
                    "steal_position", "seat")
"""The groupings a ``--by`` error lists first (every ``players`` column also groups)."""


DERIVED_FLAGS: dict[str, tuple[tuple[str, ...], Derived]] = {
    "hilo_showdown": (("saw_showdown", "game"),
                      lambda df: df["saw_showdown"] & (df["game"] == "stud8")),
    "won_saw_4th": (("won", "saw_4th"), lambda df: df["won"] & df["saw_4th"]),
}
"""Flags computed from stored ones when a summary needs them."""


SESSION_GAP = pd.Timedelta(minutes=30)


def sessions(df: pd.DataFrame, gap: pd.Timedelta = SESSION_GAP) -> pd.Series:
    """Each row's session: a player's run of hands with no pause longer than ``gap``.

    Labelled by the session's first hand time (``2026-03-14 16:05``), so a
    multi-tabling player's tables fall into one session.
    """
    ordered = df[["player", "start_utc"]].sort_values(["player", "start_utc"], kind="stable")
    player = ordered["player"].to_numpy()
    start = ordered["start_utc"]
    new = np.ones(len(ordered), dtype=bool)
    if len(ordered) > 1:
        pause = (start.diff() > gap).to_numpy()
        new[1:] = (player[1:] != player[:-1]) | pause[1:]
    first = start.where(new).ffill()
    labels: pd.Series = on_clock(first).dt.strftime("%Y-%m-%d %H:%M").astype("string")
    labels[start.isna().to_numpy()] = UNDATED  # no time: no session to join
    return labels.reindex(df.index)


def door_group(df: pd.DataFrame) -> pd.Series:
    """Door cards in the buckets stud players think in.

    High (T-A), middle (6-9), low (A-5); in razz the ace is the lowest card,
    in stud and stud hi/lo the highest.
    """
    rank = df["door_rank"].astype("string")
    razz = (df["game"] == "razz") if "game" in df else pd.Series(False, index=df.index)
    ace = (rank == "A").fillna(False).to_numpy(dtype=bool)  # no door card: unknown
    low_ace = razz.to_numpy(dtype=bool)
    groups = np.select(
        [rank.isin(list("TJQK")).to_numpy(dtype=bool) | (ace & ~low_ace),
         rank.isin(list("6789")).to_numpy(dtype=bool),
         rank.isin(list("2345")).to_numpy(dtype=bool) | (ace & low_ace)],
        ["high T-A", "middle 6-9", "low A-5"], default="unknown")
    return pd.Series(groups, index=df.index, dtype="string")


def required_columns(by: Sequence[str] = ("player",),
                     ratios: Sequence[Ratio] = SUMMARY + HILO) -> list[str]:
    """The ``players`` columns a summary needs: load only these (``db.players(columns=...)``)."""
    needed: dict[str, None] = {}
    for key in by:
        for column in GROUPINGS[key][0] if key in GROUPINGS else (key,):
            needed[column] = None
    for ratio in ratios:
        for part in (ratio.done, ratio.opportunity):
            for column in (part,) if isinstance(part, str) else part:
                for source in DERIVED_FLAGS.get(column, ((column,), None))[0]:
                    needed[source] = None
    for column in ("dealt", "net", "big_bet", "scale", "rake_share", "saw_showdown", "game",
                   "currency", "tournament", "won_at_showdown", *_LUCK_SOURCES,
                   *OPTIONAL_SOURCES):
        needed[column] = None
    return list(needed)


def _columns_of(stats: Sequence[Ratio]) -> list[str]:
    needed: dict[str, None] = {}
    for ratio in stats:
        for part in (ratio.done, ratio.opportunity):
            for column in (part,) if isinstance(part, str) else part:
                needed[column] = None
    return list(needed)


def _prepare(players: pd.DataFrame, by: Sequence[str], columns: Sequence[str],
             session_gap: pd.Timedelta = SESSION_GAP) -> tuple[pd.DataFrame, list[str]]:
    """Dealt players' ``columns`` (derived flags computed) and the group keys (derived too)."""
    keys = list(by)
    sources: dict[str, None] = {}
    for key in keys:
        if key in GROUPINGS:
            sources.update(dict.fromkeys(GROUPINGS[key][0]))
        elif key in players:
            sources[key] = None
        else:
            check_by([key])
            raise SelectionError(f"cannot group by {key!r}: these tables lack it (load it: "
                                 "stats.required_columns(by) lists what a summary needs)")
    for column in columns:
        for source in DERIVED_FLAGS.get(column, ((column,), None))[0]:
            sources[source] = None
    missing = [c for c in sources if c not in players and c not in _LUCK_SOURCES
               and c not in OPTIONAL_SOURCES]
    if missing:
        raise KeyError(f"the players table lacks {', '.join(missing)}: load these columns "
                       "(stats.required_columns(by) lists them)")
    picked = [c for c in sources if c in players]
    frame = players.loc[players["dealt"], picked] if "dealt" in players \
        else players[picked].copy()
    for name in columns:
        if name in DERIVED_FLAGS:
            frame[name] = DERIVED_FLAGS[name][1](frame)
    labels = {key: sessions(frame, session_gap) if key == "session"
              else GROUPINGS[key][1](frame) for key in keys if key in GROUPINGS}
    for key, label in labels.items():  # each from the stored columns (``game`` among them)
        frame[key] = label
    return frame, keys


_LUCK_SOURCES = ("ev_net", "equity_all_in", "equity")
"""The luck-adjusted columns of the money: a table without them (read before schema 2,
or loaded without them) counts every hand's ``ev_net`` as its ``net``."""
_MONEY_SOURCES = ["net", "scale", "big_bet", "rake_share", "saw_showdown", "currency",
                  "tournament", *_LUCK_SOURCES, *OPTIONAL_SOURCES]
_MICRO = 1_000_000
"""``ev_net`` (a float) is summed as whole millionths of the smallest unit: exact in any
order, like the integer money, so that a summary is the same however its rows are split."""


def _chosen(players: pd.DataFrame, select: Selection | None, filters: HandFilters
            ) -> tuple[pd.DataFrame, Selection]:
    """The rows of ``players`` in the selection (``select`` narrowed by ``filters``), and
    the selection; an undated-hands warning points at the caller's caller."""
    chosen = (select or Selection()).where(**filters)
    if chosen.narrows_hands:
        if is_dask(players):
            raise SelectionError("filters on a Dask frame: give them to the reader "
                                 "(db.dask.players(filters=...)), which reads only those rows")
        players = chosen.apply(players, stacklevel=3)
    return players, chosen


def _dealt_names(players: pd.DataFrame) -> list[str]:
    if is_dask(players):  # the names only, computed partition by partition
        column = players[players["dealt"]]["player"] if "dealt" in players \
            else players["player"]
        return [str(n) for n in column.drop_duplicates().compute().dropna()]
    rows = players[players["dealt"].fillna(False).astype(bool)] if "dealt" in players \
        else players
    return [str(n) for n in rows["player"].astype("string").dropna().unique()]


def _summarise(players: pd.DataFrame, by: Sequence[str], stats: Sequence[Ratio],
               with_money: bool, per_unit: bool = True,
               session_gap: pd.Timedelta = SESSION_GAP, min_hands: int = 0) -> pd.DataFrame:
    """Money and ``stats`` per group: :func:`partial_sums` of the rows, then
    :func:`finish_sums` (a Dask frame takes the same two steps, partition by partition:
    :mod:`stud_hh.analysis.scale`); the groups of fewer than ``min_hands`` hands left out."""
    if is_dask(players):
        if "session" in by:
            raise SelectionError("grouping by session needs each player's hands in the order "
                                 "played: read that player's rows as pandas (db.players("
                                 "filters=[('player', '==', NAME)])) and group those")
        sums = summed(players, lambda part: partial_sums(part, by, stats, with_money,
                                                         session_gap))
        return finish_sums(sums, by, stats, with_money, per_unit, min_hands)
    if "session" not in by:
        sums = partial_sums(players, by, stats, with_money, session_gap)
        return finish_sums(sums, by, stats, with_money, per_unit, min_hands)
    needed = _columns_of(stats)
    frame, keys = _prepare(players, by, needed + (_MONEY_SOURCES if with_money else []),
                           session_gap)
    out = finish_sums(_group_sums(frame, keys, needed, with_money), by, stats, with_money,
                      per_unit, min_hands)
    if not with_money:
        return out
    times = _session_columns(out, frame, keys, per_unit)
    first = next((i for i, c in enumerate(out.columns) if stats and c == stats[0].name),
                 len(out.columns))
    return pd.concat([out.iloc[:, :first], times, out.iloc[:, first:]], axis=1)


def _unit_keys(keys: Sequence[str], with_money: bool) -> list[str]:
    """The group keys of partial sums: money is summed per unit (split or not later)."""
    if with_money and "unit" not in keys:
        return [*keys, "unit"]
    return list(keys)


_EXACT = ["_scale", "_big_bet"]
"""Partial sums with money are also grouped by scale and big bet: money is summed as the
integers it is stored as (exact, in any order), and divided only when the parts are put
together, so a summary is the same to the last digit however its rows were split."""


def _group_sums(frame: pd.DataFrame, keys: Sequence[str], needed: Sequence[str],
                with_money: bool) -> pd.DataFrame:
    """Per group (and unit, scale and big bet, with money): each ``needed`` flag summed,
    and the money sums, as integers."""
    columns: dict[str, Any] = {c: frame[c].to_numpy(dtype=np.int64) for c in needed}
    columns["_rows"] = np.ones(len(frame), dtype=np.int64)
    grouping = _unit_keys(keys, with_money)
    if with_money:
        net = frame["net"].to_numpy(dtype=np.int64)
        showdown = frame["saw_showdown"].to_numpy(dtype=bool)
        columns.update({"_net": net,
                        "_net_showdown": np.where(showdown, net, 0),
                        "_rake": frame["rake_share"].to_numpy(dtype=np.int64),
                        "_scale": frame["scale"].to_numpy(dtype=np.int64),
                        "_big_bet": frame["big_bet"].to_numpy(dtype=np.int64),
                        **_luck_sums(frame, net)})
        grouping += _EXACT
    data = pd.DataFrame(columns, index=frame.index)
    for key in grouping:
        if key not in data:
            data[key] = money_unit(frame["currency"], frame.get("tournament")) \
                if key == "unit" and key not in frame else frame[key]
    return data.groupby(grouping, observed=True, sort=True, dropna=False).sum()


def _luck_sums(frame: pd.DataFrame, net: np.ndarray) -> dict[str, np.ndarray]:
    """Per row: ``ev_net`` in millionths (``net`` where there is none), and whether the
    hand was an all-in and had an equity (``stud_hh.store.luck``)."""
    if "ev_net" in frame:
        expected = frame["ev_net"].to_numpy(dtype=np.float64, na_value=np.nan)
        expected = np.where(np.isnan(expected), net, expected)
    else:
        expected = net.astype(np.float64)
    all_in = (frame["equity_all_in"].eq(True).fillna(False).to_numpy(dtype=bool)
              if "equity_all_in" in frame else np.zeros(len(frame), dtype=bool))
    known = (frame["equity"].notna().to_numpy(dtype=bool) if "equity" in frame
             else np.zeros(len(frame), dtype=bool))
    return {"_ev_net": np.rint(expected * _MICRO).astype(np.int64),
            "_all_in": all_in.astype(np.int64), "_equity": known.astype(np.int64)}


def _columns(frame: pd.DataFrame) -> Iterator[tuple[str, pd.Series]]:
    """The columns of ``frame`` by name (each Series without the index: copying a
    grouped frame's index for each column costs more than the column)."""
    for name, column in frame.reset_index(drop=True).items():
        yield str(name), column


def _money_of(sums: pd.DataFrame) -> pd.DataFrame:
    """Partial sums with money -> the same per group and unit, money divided into units
    and big bets (a hand with no big bet, 0: no-limit, pot-limit or stakes unknown, adds
    no big bets and is counted in ``_no_bb``)."""
    scale = sums.index.get_level_values("_scale").to_numpy(dtype=np.float64)
    big_bet = sums.index.get_level_values("_big_bet").to_numpy(dtype=np.float64)
    net = sums["_net"].to_numpy(dtype=np.float64)
    shown = sums["_net_showdown"].to_numpy(dtype=np.float64)
    has_bb = big_bet > 0
    safe = np.where(has_bb, big_bet, 1.0)
    expected = sums["_ev_net"].to_numpy(dtype=np.float64) / _MICRO
    # One frame made of arrays (the integer sums in one block, the money in another): a
    # column added at a time costs a copy each, and a block per column a sum each.
    columns = {name: column.to_numpy() for name, column in _columns(sums)
               if name not in ("_net", "_net_showdown", "_rake", "_ev_net")}
    out = pd.DataFrame({
        **columns, "_no_bb": np.where(has_bb, 0, sums["_rows"].to_numpy(dtype=np.int64)),
        "_net": net / scale, "_net_bb": np.where(has_bb, net / safe, 0.0),
        "_net_bb_showdown": np.where(has_bb, shown / safe, 0.0),
        "_net_bb_no_showdown": np.where(has_bb, (net - shown) / safe, 0.0),
        "_rake": sums["_rake"].to_numpy(dtype=np.float64) / scale,
        "_ev_net": expected / scale, "_ev_net_bb": np.where(has_bb, expected / safe, 0.0)},
        index=sums.index)
    levels = [n for n in sums.index.names if n not in _EXACT]
    return out.groupby(level=levels, sort=True, dropna=False).sum()


def partial_sums(players: pd.DataFrame, by: Sequence[str], stats: Sequence[Ratio],
                 with_money: bool, session_gap: pd.Timedelta = SESSION_GAP) -> pd.DataFrame:
    """The sums a summary is made of, per group (and per unit with money): sums of two
    parts of the rows add up to the sums of all of them (``session`` aside)."""
    needed = _columns_of(stats)
    frame, keys = _prepare(players, by, needed + (_MONEY_SOURCES if with_money else []),
                           session_gap)
    return _group_sums(frame, keys, needed, with_money)


def finish_sums(sums: pd.DataFrame, by: Sequence[str], stats: Sequence[Ratio],
                with_money: bool, per_unit: bool = True, min_hands: int = 0) -> pd.DataFrame:
    """The summary from :func:`partial_sums` (added up over the parts of the rows); the
    groups of fewer than ``min_hands`` hands left out."""
    keys = list(by)
    grouping = _unit_keys(keys, with_money)
    if with_money:
        sums = _money_of(sums)
    if len(grouping) > len(keys):  # the unit level was added for the money
        outer = list(range(len(keys)))
        units = pd.Series(sums.index.get_level_values(len(keys)).astype(object),
                          index=sums.index)
        mixed = units.groupby(level=outer, sort=True, dropna=False).nunique().gt(1).any()
        if not (per_unit and mixed):
            first = units.groupby(level=outer, sort=True, dropna=False).first()
            sums = sums.groupby(level=outer, sort=True, dropna=False).sum()
            if per_unit:
                sums["_unit"] = first
    if min_hands:
        sums = sums[sums["_rows"] >= min_hands]
    # Column by column as arrays, the frame made once at the end: on thousands of groups
    # and dozens of statistics, a column set at a time into a frame costs more than all
    # the arithmetic.
    data = {name: column.to_numpy() for name, column in _columns(sums)}
    out = _money_columns(sums, data, per_unit) if with_money else {}
    for ratio in stats:
        done = _columns_sum(data, ratio.done)
        opp = _columns_sum(data, ratio.opportunity)
        value = done / np.where(opp > 0, opp, np.nan)
        out[ratio.name] = value * 100 if ratio.percent else value
        out[f"{ratio.name}_n"] = opp.astype("int64")
    return pd.DataFrame(out, index=sums.index)


def _money_columns(sums: pd.DataFrame, data: dict[str, np.ndarray], per_unit: bool
                   ) -> dict[str, np.ndarray]:
    """Hands, money (in the group's one unit), big bets and rates from ``sums`` (its
    columns as ``data``): big bets over the hands that have one (``bb_left_out`` says how
    many do not), tournament chips only per tournament."""
    out = {"hands": data["_rows"].astype("int64")}
    if "_unit" in data:
        out["unit"] = data["_unit"].astype(object)
    measured = (data["_rows"] - data["_no_bb"]).astype("int64")
    has = measured > 0  # no hand in big bets: every big-bet figure empty
    some = np.where(has, measured, np.nan)
    counted = _money_counted(sums).to_numpy(dtype=bool)

    def shown(values: np.ndarray, given: np.ndarray) -> np.ndarray:
        return np.where(given, np.round(values, 4), np.nan)

    if per_unit:
        out["net"] = shown(data["_net"], counted)
    out["net_bb"] = shown(data["_net_bb"], has)
    out["net_bb_showdown"] = shown(data["_net_bb_showdown"], has)
    out["net_bb_no_showdown"] = shown(data["_net_bb_no_showdown"], has)
    if per_unit:
        out["rake_paid"] = shown(data["_rake"], counted)
    out["bb_per_100"] = out["net_bb"] / some * 100
    out["sb_per_100"] = out["bb_per_100"] * 2
    out["bb_left_out"] = data["_no_bb"].astype("int64")
    if per_unit:
        out["ev_net"] = shown(data["_ev_net"], counted)
        out["luck"] = shown(data["_net"] - data["_ev_net"], counted)
    out["ev_net_bb"] = shown(data["_ev_net_bb"], has)
    out["luck_bb"] = shown(data["_net_bb"] - data["_ev_net_bb"], has)
    out["ev_bb_per_100"] = out["ev_net_bb"] / some * 100
    out["all_in_hands"] = data["_all_in"].astype("int64")
    out["equity_hands"] = data["_equity"].astype("int64")
    return out


def _money_counted(sums: pd.DataFrame) -> pd.Series:
    """Whether each group's money is given: any unit but :data:`TOURNAMENT_CHIPS`, and those
    of one tournament (a group keyed by a ``tournament_id``), never chips of several."""
    names = list(sums.index.names)
    if "unit" in names:
        units = pd.Series(sums.index.get_level_values("unit").astype(object), index=sums.index)
    elif "_unit" in sums:
        units = sums["_unit"].astype(object)
    else:
        return pd.Series(True, index=sums.index)
    one = pd.Series(False, index=sums.index)
    if "tournament_id" in names:
        one = pd.Series(sums.index.get_level_values("tournament_id").notna(), index=sums.index)
    return (units != TOURNAMENT_CHIPS) | one


def _session_columns(out: pd.DataFrame, frame: pd.DataFrame, keys: Sequence[str],
                     per_unit: bool) -> pd.DataFrame:
    """Each session's start, end, length in minutes and hourly rates (none when undated
    or a single hand long), for the rows of ``out``."""
    levels = [name for name in out.index.names if name is not None]
    groups = [money_unit(frame["currency"], frame.get("tournament"))
              if k == "unit" and k not in frame else frame[k] for k in levels]
    times = frame["start_utc"].groupby(groups, observed=True, sort=True, dropna=False
                                       ).agg(["min", "max"]).reindex(out.index)
    found = pd.DataFrame({"start": times["min"], "end": times["max"]}, index=out.index)
    minutes = (times["max"] - times["min"]).dt.total_seconds().to_numpy() / 60
    found["minutes"] = np.round(minutes, 1)
    hours = np.where(minutes > 0, minutes / 60, np.nan)
    if per_unit and "net" in out:
        found["net_per_hour"] = (out["net"] / hours).round(4)
    found["bb_per_hour"] = (out["net_bb"] / hours).round(4)
    return found


def ratios(players: pd.DataFrame, stats: Sequence[Ratio], by: Sequence[str] = ("player",),
           *, select: Selection | None = None, **filters: Unpack[Filters]) -> pd.DataFrame:
    """Each statistic per group: ``<name>`` (the ratio) and ``<name>_n`` (its opportunities)."""
    players, chosen = _chosen(players, select, filters)
    return _summarise(players, by, stats, with_money=False, min_hands=chosen.min_hands)


def _columns_sum(data: dict[str, np.ndarray], part: str | tuple[str, ...]) -> np.ndarray:
    if isinstance(part, str):
        return data[part]
    total = data[part[0]]
    for column in part[1:]:
        total = total + data[column]
    return total


def money(players: pd.DataFrame, by: Sequence[str] = ("player",), per_unit: bool = True,
          *, select: Selection | None = None, **filters: Unpack[Filters]) -> pd.DataFrame:
    """Hands, net won (money and big bets), BB/100, showdown and non-showdown winnings, rake.

    Money is per ``unit`` (a currency, or ``chips``: tournaments and play money), a
    level of the result's index unless ``by`` holds ``currency`` or ``unit``: cents and
    chips divided by ``scale``, never added across units. Big bets add up across
    stakes and units alike: with ``per_unit=False`` the groups are not split by unit and
    only the big-bet figures are given.
    """
    players, chosen = _chosen(players, select, filters)
    return _summarise(players, by, (), with_money=True, per_unit=per_unit,
                      min_hands=chosen.min_hands)


def player_summary(players: pd.DataFrame, by: Sequence[str] = ("player",),
                   hilo: bool = True, session_gap: pd.Timedelta = SESSION_GAP, *,
                   streets: bool = False, select: Selection | None = None,
                   **filters: Unpack[Filters]) -> pd.DataFrame:
    """The player summary of docs/statistics.md per group: money, then every ratio with its count.

    ``by`` takes ``players`` columns (``player``, ``game``, ``stakes``,
    ``door_rank``, ``players_3rd``, ``position`` ...) and the derived keys
    ``date``, ``month``, ``year``, ``session`` and ``door_group``. Grouped by
    ``session`` (a player's hands with no pause over ``session_gap``), each row also
    has its ``start``, ``end``, ``minutes`` and hourly rates, in the order played.
    With ``player`` (a filter), that player's rows only; with ``min_hands``, the groups
    of at least that many hands; with ``streets``, also the street-by-street ratios
    (:data:`STREET_RATIOS`: folding to a bet, check-raising).
    """
    players, chosen = _chosen(players, select, filters)
    stats = SUMMARY + (HILO if hilo else ()) + (STREET_RATIOS if streets else ())
    summary = _summarise(players, by, stats, with_money=True, session_gap=session_gap,
                         min_hands=chosen.min_hands)
    if "start" in summary:  # sessions: in the order they were played
        return summary.sort_values("start", kind="stable")
    return _most_hands_first(summary)


def _most_hands_first(summary: pd.DataFrame) -> pd.DataFrame:
    """``summary`` with the most hands first, and groups with as many by their keys' values:
    not in the order the database's parts happen to hold the rows, nor its categories'
    (two imports of the same files, whose workers commit in any order, print alike)."""
    index = summary.index
    levels = index.levels if isinstance(index, pd.MultiIndex) else [index]
    if index.is_monotonic_increasing and not any(
            isinstance(level.dtype, pd.CategoricalDtype) for level in levels):
        # in the keys' order already (a summary's groups are sorted): the hands decide
        return summary.iloc[np.argsort(-summary["hands"].to_numpy(), kind="stable")]
    keys = summary.index.to_frame(index=False)
    for column in keys.columns:
        if isinstance(keys[column].dtype, pd.CategoricalDtype):
            keys[column] = keys[column].astype(object)
    keys["_hands"] = -summary["hands"].to_numpy()
    order = keys.sort_values(["_hands", *keys.columns[:-1]], kind="stable",
                             na_position="last").index
    return summary.iloc[order]


def street_frequencies(players: pd.DataFrame, by: Sequence[str] = ("player",), *,
                       select: Selection | None = None, **filters: Unpack[Filters]
                       ) -> pd.DataFrame:
    """Per group and street: bets, raises, calls, checks, folds, fold to a bet, AF and AFq
    (the groups of fewer than ``min_hands`` hands left out)."""
    players, chosen = _chosen(players, select, filters)
    if is_dask(players):
        sums = summed(players, lambda part: _street_sums(part, by))
    else:
        sums = _street_sums(players, by)
    return street_ratios(sums, chosen.min_hands)


def street_ratios(sums: pd.DataFrame, min_hands: int = 0) -> pd.DataFrame:
    """:func:`street_frequencies` from its sums per group and street (bets, raises, calls,
    checks, folds, faced_bet, fold_to_bet, saw, ``_rows``), however they were summed."""
    if min_hands:
        sums = sums[sums["_rows"] >= min_hands]
    sums = sums.drop(columns="_rows")
    aggressive = sums["bets"] + sums["raises"]
    sums["af"] = aggressive / sums["calls"].where(sums["calls"] > 0)
    actions = aggressive + sums["calls"] + sums["folds"]
    sums["afq"] = aggressive / actions.where(actions > 0) * 100
    sums["afq_n"] = actions
    sums["fold_to_bet_pct"] = sums["fold_to_bet"] / sums["faced_bet"].where(
        sums["faced_bet"] > 0) * 100
    return sums


def _street_sums(players: pd.DataFrame, by: Sequence[str]) -> pd.DataFrame:
    """Per group and street, the counts :func:`street_frequencies` is made of (``_rows``:
    the group's hands)."""
    columns = [f"{k}_{s}" for s in (STREET_LABELS[x] for x in STREETS)
               for k in ("bets", "raises", "calls", "checks", "folded", "faced_bet",
                         "fold_to_bet")]
    columns += [f"saw_{s}" for s in LATER] + ["vpip_opp"]
    frame, keys = _prepare(players, by, columns)
    rows = []
    for s in (STREET_LABELS[x] for x in STREETS):
        cols = {k: f"{k}_{s}" for k in ("bets", "raises", "calls", "checks")}
        part = frame[keys].copy()
        for name, column in cols.items():
            part[name] = frame[column].astype("int64")
        part["folds"] = frame[f"folded_{s}"].astype("int64")
        part["faced_bet"] = frame[f"faced_bet_{s}"].astype("int64")
        part["fold_to_bet"] = frame[f"fold_to_bet_{s}"].astype("int64")
        part["saw"] = (frame[f"saw_{s}"] if s != "3rd" else frame["vpip_opp"]).astype("int64")
        part["_rows"] = 1
        part["street"] = s
        rows.append(part)
    long = pd.concat(rows, ignore_index=True)
    long["street"] = pd.Categorical(long["street"], [STREET_LABELS[x] for x in STREETS],
                                    ordered=True)
    return long.groupby([*keys, "street"], observed=True, sort=True, dropna=False).sum()


def _against_field(players: pd.DataFrame, player: str, select: Selection | None,
                   filters: HandFilters) -> tuple[pd.DataFrame, str]:
    """The rows of the selection, each marked ``who``: the player (matched as typed, with a
    "did you mean") or ``field``; and the player's stored name."""
    players, chosen = _chosen(players, select, filters)
    if chosen.player is not None:
        raise SelectionError("a player against the field: give the player as the argument, "
                             "not as a filter (which would leave no field)")
    name = match_player(_dealt_names(players), player)
    return with_column(players, "who",
                       lambda df: np.where(df["player"] == name, name, "field")), name


def versus_field(players: pd.DataFrame, player: str, stats: Sequence[Ratio] = SUMMARY, *,
                 select: Selection | None = None, **filters: Unpack[HandFilters]
                 ) -> pd.DataFrame:
    """One player's ratios beside everyone else's in the same data (the peer baseline).

    A row per statistic: its ``label``, the player's value and opportunities
    (``<player>``, ``<player>_n``) and the field's (``field``, ``field_n``); the counts
    are whole numbers, a ratio without opportunities is missing.
    """
    frame, name = _against_field(players, player, select, filters)
    table = ratios(frame, stats, by=["who"])
    out = pd.DataFrame({"label": [r.label for r in stats]},
                       index=pd.Index([r.name for r in stats], name="stat"))
    found = table.reindex([name, "field"])
    for who in (name, "field"):
        out[who] = found.loc[who, [r.name for r in stats]].to_numpy(dtype=float)
        counts = found.loc[who, [f"{r.name}_n" for r in stats]].fillna(0)
        out[f"{who}_n"] = counts.to_numpy(dtype="int64")
    return out


def hilo_summary(players: pd.DataFrame, by: Sequence[str] = ("player",), *,
                 select: Selection | None = None, **filters: Unpack[Filters]) -> pd.DataFrame:
    """The stud hi/lo block (both scoop definitions, split, quartered, high/low only, no low)."""
    return ratios(players, HILO, by, select=select, **filters)


def leak_stats(stats: Sequence[Ratio] | None = None) -> list[Ratio]:
    """The statistics a leak may be found in: the percentages of ``stats`` (by default of
    the summary, stud hi/lo and the streets)."""
    return [r for r in (stats if stats is not None else SUMMARY + HILO + STREET_RATIOS)
            if r.percent]


def leaks(players: pd.DataFrame, player: str, stats: Sequence[Ratio] | None = None,
          min_n: int = 30, *, select: Selection | None = None,
          **filters: Unpack[HandFilters]
          ) -> pd.DataFrame:
    """The player's ratios furthest from the field's, largest first, each with its sample size.

    For every percentage statistic with at least ``min_n`` opportunities for
    the player, the difference to everyone else in the same data and a
    two-proportion z-score (how unlikely the gap is by chance at these sample
    sizes). Sorted by the absolute z-score: the top rows are the leaks best
    supported by the data, not just the largest gaps on a handful of hands.
    """
    chosen = leak_stats(stats)
    frame, _ = _against_field(players, player, select, filters)
    frame = with_column(frame, "who",
                        lambda df: df["who"].where(df["who"] == "field", "player"))
    return leak_rows(ratios(frame, chosen, by=["who"]), chosen, min_n)


def leak_rows(table: pd.DataFrame, chosen: Sequence[Ratio], min_n: int) -> pd.DataFrame:
    """:func:`leaks` from the ratios of ``chosen`` per ``who`` (the rows ``player`` and
    ``field`` of ``table``), however they were summed."""
    if "field" not in table.index:
        table.loc["field"] = np.nan
    if "player" not in table.index:
        table.loc["player"] = np.nan
    values: dict[str, dict[str, float]] = {
        who: {str(k): float(v) for k, v in table.loc[who].to_dict().items()}
        for who in ("player", "field")}
    rows = []
    for ratio in chosen:
        mine_n = int(np.nan_to_num(values["player"][f"{ratio.name}_n"]))
        field_n = int(np.nan_to_num(values["field"][f"{ratio.name}_n"]))
        if mine_n < min_n or field_n < min_n:
            continue
        mine = values["player"][ratio.name] / 100
        field = values["field"][ratio.name] / 100
        pooled = (mine * mine_n + field * field_n) / (mine_n + field_n)
        spread = np.sqrt(pooled * (1 - pooled) * (1 / mine_n + 1 / field_n))
        z = (mine - field) / spread if spread > 0 else 0.0
        rows.append({"stat": ratio.name, "label": ratio.label, "player": mine * 100,
                     "field": field * 100, "difference": (mine - field) * 100,
                     "player_n": mine_n, "field_n": field_n, "z": z})
    out = pd.DataFrame(rows, columns=["stat", "label", "player", "field", "difference",
                                      "player_n", "field_n", "z"])
    return out.reindex(out["z"].abs().sort_values(ascending=False).index).reset_index(drop=True)


OUTCOMES = frozenset({"steal_success", "wsd", "wwsf", *(r.name for r in HILO)})
"""Statistics whose *done* is a result (a pot won), not a choice: no cost is estimated."""


def _boolean_column(frame: pd.DataFrame, name: str) -> pd.Series:
    if name in DERIVED_FLAGS:
        return DERIVED_FLAGS[name][1](frame).fillna(False).astype(bool)
    return frame[name].fillna(False).astype(bool)


BRANCH_MIN = 10
"""The fewest hands of the player's in a branch (did it, did not) for the player's own
result there to price a leak; with fewer, the field's result in that branch is used."""


def _branches(ratio: Ratio, rows: pd.DataFrame, won: pd.Series) -> tuple[pd.Series, ...]:
    opportunity = _boolean_column(rows, str(ratio.opportunity))
    done = _boolean_column(rows, str(ratio.done)) & opportunity
    return won[done], won[opportunity & ~done], opportunity


Branch = tuple[int, float]
"""A branch of an opportunity (taken, or passed): its hands, and the big bets won per hand
in them (``nan`` without hands)."""


def _branch(won: pd.Series) -> Branch:
    return len(won), float(won.mean()) if len(won) else np.nan


def priceable(ratio: Ratio) -> bool:
    """Whether a leak in ``ratio`` has a cost: a choice (not a result such as W$SD) of one
    flag over one flag."""
    return (ratio.name not in OUTCOMES and isinstance(ratio.done, str)
            and isinstance(ratio.opportunity, str))


def _cost_of(ratio: Ratio, mine: tuple[pd.DataFrame, pd.Series],
             field: tuple[pd.DataFrame, pd.Series], gap: float) -> dict[str, object]:
    """:func:`leak_cost` of the player's rows and results (``mine``) and the field's."""
    if not priceable(ratio):
        return leak_cost(ratio, ((0, np.nan), (0, np.nan)), ((0, np.nan), (0, np.nan)), 0,
                         gap)
    done, not_done, opportunity = _branches(ratio, *mine)
    field_done, field_not_done, _ = _branches(ratio, *field)
    return leak_cost(ratio, (_branch(done), _branch(not_done)),
                     (_branch(field_done), _branch(field_not_done)),
                     int(opportunity.sum()), gap)


def leak_cost(ratio: Ratio, mine: tuple[Branch, Branch], field: tuple[Branch, Branch],
              opportunities: int, gap: float) -> dict[str, object]:
    """The big bets won per opportunity when the player did it and when not (``mine``: the
    branches taken and passed; the field's when the player has fewer than
    :data:`BRANCH_MIN` hands there), and what ``gap`` (the field's rate minus the player's,
    as a share) is worth over the player's ``opportunities`` at those results."""
    none: dict[str, object] = {"done_bb": np.nan, "not_done_bb": np.nan, "cost_bb": np.nan,
                               "priced_by": "a result, not a choice"}
    if ratio.name in OUTCOMES:
        return none
    if not priceable(ratio):
        return {**none, "priced_by": "counts, not a choice"}
    results: list[float] = []
    basis: list[str] = []  # the branches priced at the field's results
    for own, other, what in ((mine[0], field[0], "done"), (mine[1], field[1], "not")):
        if own[0] >= BRANCH_MIN:
            results.append(own[1])
        elif other[0]:
            results.append(other[1])
            basis.append(f"field's when {what}")
        else:
            return {**none, "priced_by": "no hands to price it"}
    cost = float(opportunities) * gap * (results[0] - results[1])
    priced = ", ".join(basis) or "own results"
    return {"done_bb": results[0], "not_done_bb": results[1], "cost_bb": cost,
            "priced_by": priced}


def leak_costs(players: pd.DataFrame, player: str, min_n: int = 30, *,
               select: Selection | None = None, **filters: Unpack[HandFilters]
               ) -> pd.DataFrame:
    """:func:`leaks` with what each leak costs, in big bets (an estimate, ours).

    For a statistic the player chooses (not a result such as W$SD): the big bets the
    player won per opportunity when they did it (``done_bb``) and when they did not
    (``not_done_bb``), the field's in a branch where the player has fewer than
    :data:`BRANCH_MIN` hands (``priced_by`` says which); ``cost_bb`` is what playing at
    the field's rate would have changed, at those results, over the player's
    opportunities: ``n * (field - player) * (done_bb - not_done_bb)``, positive when the
    gap lost big bets. ``cost_bb_per_100`` spreads it over the player's hands. It puts
    results on one decision at a time: a guide to where to look, not a proof.
    """
    found = leaks(players, player, min_n=min_n, select=select, **filters)
    frame, name = _against_field(players, player, select, filters)
    dealt = frame[frame["dealt"].fillna(False).astype(bool)]
    big_bet = dealt["big_bet"].astype("float64")
    won = (dealt["net"].astype("float64") / big_bet.where(big_bet > 0)).fillna(0.0)
    is_mine = (dealt["who"] == name).to_numpy()
    mine, field = (dealt[is_mine], won[is_mine]), (dealt[~is_mine], won[~is_mine])
    costs = [_cost_of(ratio, mine, field, gap) for ratio, gap in leak_gaps(found)]
    return with_costs(found, costs, int(is_mine.sum()))


def leak_gaps(found: pd.DataFrame) -> list[tuple[Ratio, float]]:
    """Each leak's statistic and gap (the field's rate minus the player's, as a share)."""
    by_name = {r.name: r for r in (*SUMMARY, *HILO, *STREET_RATIOS)}
    gaps = (found["field"].to_numpy(dtype=float) - found["player"].to_numpy(dtype=float)) / 100
    return [(by_name[str(stat)], float(gap))
            for stat, gap in zip(found["stat"], gaps, strict=True)]


def with_costs(found: pd.DataFrame, costs: list[dict[str, object]], hands: int
               ) -> pd.DataFrame:
    """The leaks ``found`` with each one's cost (:func:`leak_cost`), and that cost per 100
    of the player's ``hands``."""
    out = pd.concat([found, pd.DataFrame(costs, index=found.index, columns=[
        "done_bb", "not_done_bb", "cost_bb", "priced_by"])], axis=1)
    out["cost_bb_per_100"] = out["cost_bb"].astype("float64") / max(hands, 1) * 100
    return out
