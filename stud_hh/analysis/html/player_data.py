"""The numbers of the player report, from the statistics functions: nothing is counted here
that :mod:`stud_hh.analysis.stats` counts.

:func:`read_player` reads the selected hands (every dealt player: the field is the peer
baseline) and picks the player; the other functions turn those rows into the frames the
report's tables and charts show. Money stays in its unit (a currency, or ``chips``);
big bets (net / the hand's big bet) compare across units and stakes.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd

from stud_hh.analysis import stats
from stud_hh.analysis.html.charts import plain
from stud_hh.analysis.html.hands import hand_key
from stud_hh.analysis.tournament_report import money_text
from stud_hh.store.select import Selection, SelectionError, match_player

LUCK_COLUMN = "ev_net"
"""The ``players`` column of luck-adjusted net (all-in equity times the pot, in the
hand's money units; equal to ``net`` where no equity is known). A database imported
without all-in equity lacks it, and the report says so."""
EQUITY_COLUMN = "equity"
"""The ``players`` column of the player's all-in equity (a share of the pot), when stored."""
LUCK_MISSING = "luck-adjusted: needs a database imported with all-in equity"

THIRD_STREET = tuple(r for r in stats.SUMMARY if r.name in (
    "vpip", "cr3", "complete_first_in", "limp", "threebet", "fold_to_completion", "steal",
    "steal_success", "bring_in_fold_to_steal", "bring_in_resteal", "bring_in_completes"))
"""The 3rd-street ratios of the per-game tables."""
RANK_ORDER = {"razz": list("A23456789TJQK"), "razz27": list("23456789TJQKA")}
HIGH_ORDER = list("AKQJT98765432")


@dataclass(frozen=True, slots=True)
class PlayerData:
    """The selected rows of everyone dealt in (``rows``) and of the player (``mine``, in
    the order played), with what selected them."""

    player: str
    rows: pd.DataFrame
    mine: pd.DataFrame
    selection: Selection
    undated_note: str = ""

    @property
    def luck(self) -> bool:
        """Whether the database holds luck-adjusted results: the column, with values (a
        database imported before equity was stored reads it as all missing)."""
        return LUCK_COLUMN in self.rows.columns and bool(self.rows[LUCK_COLUMN].notna().any())

    @property
    def games(self) -> list[str]:
        """The player's games, most hands first."""
        counts = self.mine["game"].astype("string").value_counts(sort=True)
        return [str(g) for g in counts.index]


def read_player(db: Any, selection: Selection, player: str | None = None) -> PlayerData:
    """The hands ``selection`` picks (its ``player`` aside: the field is needed too) and
    ``player`` among them, matched as typed, else in any case (a "did you mean" when no
    one is); without ``player``, the one dealt the most hands (a history's owner)."""
    everyone = dataclasses.replace(selection, player=None)
    resolved = db.resolve(everyone)
    rows = db.read_resolved("players", resolved)
    rows = rows[rows["dealt"].fillna(False).astype(bool)]
    if rows.empty:
        where = f" ({everyone.describe()})" if not everyone.empty else ""
        raise SelectionError(f"no hands in {db.root}{where}")
    names = rows["player"].astype("string")
    name = match_player(names.dropna().unique(), player) if player else \
        str(names.value_counts().index[0])
    mine = rows[names == name].sort_values(["start_utc", "hand_id"], kind="stable")
    return PlayerData(name, rows, mine.reset_index(drop=True),
                      dataclasses.replace(everyone, player=name), resolved.note())


def hand_results(data: PlayerData) -> pd.DataFrame:
    """A row per hand of the player, in the order played: its key, date, unit, net in
    the unit and in big bets, whether it went to showdown, and (when stored) the
    luck-adjusted net in the unit and in big bets."""
    mine = data.mine
    big_bet = mine["big_bet"].astype("float64")
    per_bb = big_bet.where(big_bet > 0)
    scale = mine["scale"].astype("float64")
    unit = stats.money_unit(mine["currency"], mine.get("tournament"))
    out = pd.DataFrame({
        "site": mine["site"].astype("string"), "hand_id": mine["hand_id"].astype("string"),
        "start_utc": mine["start_utc"], "game": mine["game"].astype("string"),
        "stakes": mine["stakes"].astype("string"), "unit": unit,
        "net": mine["net"].astype("float64") / scale,
        "net_bb": (mine["net"].astype("float64") / per_bb).fillna(0.0),
        "showdown": mine["saw_showdown"].fillna(False).astype(bool),
        "all_in": mine["all_in"].fillna(False).astype(bool),
        "put_in": mine["put_in"].astype("float64") / scale,
        "collected": mine["collected"].astype("float64") / scale})
    if data.luck:
        luck = mine[LUCK_COLUMN].astype("float64").fillna(mine["net"].astype("float64"))
        out["luck_net"] = luck / scale
        out["luck_bb"] = (luck / per_bb).fillna(0.0)
    if EQUITY_COLUMN in mine.columns:
        out["equity"] = mine[EQUITY_COLUMN].astype("float64")
    out["key"] = [hand_key(s, h) for s, h in zip(out["site"], out["hand_id"], strict=True)]
    return out


def hover_rows(hands: pd.DataFrame) -> list[list[str]]:
    """Each hand's ``[key, hand id, date, net]`` for a curve's hover (the key as it is, for
    the replayer; the texts shown as Plotly shows them literally)."""
    dates = hands["start_utc"].dt.strftime("%Y-%m-%d %H:%M").fillna("undated")
    nets = [money_text(float(n), str(u)) for n, u in
            zip(hands["net"], hands["unit"], strict=True)]
    return [[str(k), plain(h), str(d), plain(f"{n} ({b:+.2f} BB)")] for k, h, d, n, b in
            zip(hands["key"], hands["hand_id"], dates, nets, hands["net_bb"], strict=True)]


def results_per_unit(data: PlayerData) -> pd.DataFrame:
    """:func:`stats.money` per unit, with the luck-adjusted net when stored."""
    table = stats.money(data.mine, by=["player", "unit"]).reset_index()
    if data.luck:
        # stats' own ``luck_bb`` is the luck itself (net minus expected): the page's columns
        # are the luck-adjusted results (empty where stats leave the net empty: chips of
        # several tournaments)
        table = table.drop(columns=["luck", "luck_bb"], errors="ignore")
        table["luck_net"] = table["ev_net"]
        table["luck_bb"] = table["ev_net_bb"]
    return table


def results_in_bb(data: PlayerData) -> dict[str, float]:
    """The player's whole results in big bets (every unit and stake together)."""
    table = stats.money(data.mine, by=["player"], per_unit=False)
    return {str(k): float(v) for k, v in zip(table.columns, table.iloc[0].to_numpy(dtype=float),
                                             strict=True)}


def sessions(data: PlayerData) -> pd.DataFrame:
    """:func:`stats.player_summary` per session, in the order played."""
    table = stats.player_summary(data.mine, by=["player", "session"], hilo=False)
    return table.reset_index()


def by_game_and_stakes(data: PlayerData) -> pd.DataFrame:
    """:func:`stats.player_summary` per game and stakes (a row per unit if mixed)."""
    return stats.player_summary(data.mine, by=["game", "stakes"], hilo=False).reset_index()


def _third_by(mine: pd.DataFrame, key: str) -> pd.DataFrame:
    """Big bets (every unit together: :func:`stats.money` with ``per_unit=False``) and the
    3rd-street ratios per ``key``."""
    money = stats.money(mine, by=[key], per_unit=False)
    ratios = stats.ratios(mine, THIRD_STREET, by=[key])
    return money.join(ratios).reset_index()


def door_cards(data: PlayerData, game: str) -> pd.DataFrame:
    """3rd street by door-card rank, in the game's order (the ace low in razz)."""
    table = _third_by(data.mine[data.mine["game"] == game], "door_rank")
    order = RANK_ORDER.get(game, HIGH_ORDER)
    rank = {r: i for i, r in enumerate(order)}
    table["door_rank"] = table["door_rank"].astype("string")
    table["_order"] = [rank.get(str(r), len(order)) for r in table["door_rank"]]
    return table.sort_values("_order", kind="stable").drop(columns="_order") \
        .reset_index(drop=True)


def door_groups(data: PlayerData, game: str) -> pd.DataFrame:
    """3rd street by door-card group (high, middle, low)."""
    return _third_by(data.mine[data.mine["game"] == game], "door_group")


def third_street(data: PlayerData, game: str) -> pd.DataFrame:
    """The 3rd-street ratios of the player beside the field's, in one game."""
    rows = data.rows[data.rows["game"] == game]
    return stats.versus_field(rows, data.player, THIRD_STREET).reset_index()


def versus_field(data: PlayerData) -> pd.DataFrame:
    """Every ratio of the summary and per street: the player beside the field."""
    ratios = (*stats.SUMMARY, *stats.STREET_RATIOS)
    return stats.versus_field(data.rows, data.player, ratios).reset_index()


def streets(data: PlayerData) -> pd.DataFrame:
    """:func:`stats.street_frequencies` of the player and of the field, per street."""
    who = data.rows.assign(who=np.where(data.rows["player"] == data.player, "player",
                                        "field"))
    return stats.street_frequencies(who, by=["who"]).reset_index()


def leak_table(data: PlayerData, min_n: int) -> pd.DataFrame:
    """:func:`stats.leak_costs`: the leaks best supported by the data, with their cost."""
    return stats.leak_costs(data.rows, data.player, min_n=min_n)


def biggest(hands: pd.DataFrame, n: int = 10) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The ``n`` hands the player won most in and lost most in (in big bets, so that
    stakes and units compare)."""
    won = hands[hands["net_bb"] > 0].sort_values("net_bb", ascending=False).head(n)
    lost = hands[hands["net_bb"] < 0].sort_values("net_bb").head(n)
    return won, lost


def all_ins(hands: pd.DataFrame, n: int = 100) -> pd.DataFrame:
    """The player's last ``n`` all-in hands."""
    return hands[hands["all_in"]].tail(n).iloc[::-1]
