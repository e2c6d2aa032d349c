"""The play sections of the player report: the leaks, door cards and 3rd street per game,
street by street against the field, and the hands worth replaying."""

from __future__ import annotations

import pandas as pd
from markupsafe import Markup

from stud_hh.analysis import stats
from stud_hh.analysis.html import player_data as pd_
from stud_hh.analysis.html.charts import (
    CURVE_COLORS,
    bar_figure,
    figure_html,
    grouped_bars,
    plain,
)
from stud_hh.analysis.html.hands import HandLinks
from stud_hh.analysis.html.page import Section, render
from stud_hh.analysis.html.tables import Col, table_html
from stud_hh.store.schema import STREET_LABELS, STREETS

GAME_NAMES = {"stud": "Seven Card Stud", "stud8": "Stud Hi/Lo (8 or better)",
              "razz": "Razz", "five_stud": "Five Card Stud", "razz27": "2-7 Razz"}

LEAK_COLS = [
    Col("label", "statistic"),
    Col("player", "player %", "pct"), Col("player_n", "player n", "int",
                                          "the player's opportunities"),
    Col("field", "field %", "pct"), Col("field_n", "field n", "int",
                                        "the opportunities of everyone else"),
    Col("difference", "difference", "num", "player minus field, in points"),
    Col("z", "z", "ratio", "two-proportion z-score: how unlikely the gap is by chance"),
    Col("done_bb", "BB when done", "bb", "big bets won per opportunity taken"),
    Col("not_done_bb", "BB when not", "bb", "big bets won per opportunity passed"),
    Col("cost_bb", "cost (BB)", "bb", "big bets the gap to the field cost (positive) or won",
        tone=-1),
    Col("cost_bb_per_100", "cost BB/100", "num", "the cost per 100 of the player's hands"),
    Col("priced_by", "priced by"),
]


def leaks_section(data: pd_.PlayerData, min_n: int) -> Section:
    table = pd_.leak_table(data, min_n)
    body = table_html(table, LEAK_COLS, table_id="leak-table", caption="Leaks, best supported "
                      "first", empty=f"no statistic has {min_n} opportunities for both the "
                      "player and the field")
    return Section("leaks", "Leaks", body,
                   f"Every percentage statistic where both the player and the field have at "
                   f"least {min_n} opportunities, ordered by the z-score (how strongly the data "
                   "says the player differs), with both sample sizes. Cost: the big bets "
                   "playing at the field's rate would have changed over the player's "
                   "opportunities, at the player's own results when taking and when passing "
                   "the opportunity (the field's where the player has fewer than "
                   f"{stats.BRANCH_MIN} hands in a branch); positive means the gap cost "
                   "money. An estimate that puts results on one decision at a time: where to "
                   "look, not a proof.")


def _ratio_cols(names: list[tuple[str, str]]) -> list[Col]:
    cols: list[Col] = []
    for name, label in names:
        cols += [Col(name, f"{label} %", "pct"), Col(f"{name}_n", "n", "int")]
    return cols


THIRD_COLS = [
    Col("hands", "hands", "int"), Col("bb_per_100", "BB/100", "num"),
    Col("net_bb", "big bets", "bb"),
    *_ratio_cols([("vpip", "VPIP"), ("cr3", "complete/raise"),
                  ("complete_first_in", "complete first in"),
                  ("fold_to_completion", "fold to completion"), ("steal", "steal")]),
]
VERSUS_COLS = [Col("label", "statistic"), Col("player", "player", "num"),
               Col("player_n", "player n", "int"), Col("field", "field", "num"),
               Col("field_n", "field n", "int")]


def _versus(table: pd.DataFrame, player: str) -> pd.DataFrame:
    return table.rename(columns={player: "player", f"{player}_n": "player_n"})


def _game_block(data: pd_.PlayerData, game: str, number: int) -> Markup:
    doors = pd_.door_cards(data, game)
    hover = [f"door {plain(r)}: {int(h):,} hands<br>{float(b):+.1f} BB/100, VPIP "
             f"{'-' if v != v else f'{v:.0f}%'}" for r, h, b, v in
             zip(doors["door_rank"], doors["hands"], doors["bb_per_100"], doors["vpip"],
                 strict=True)]
    figure = bar_figure(f"{GAME_NAMES.get(game, game)}: BB/100 by door card",
                        [plain(r) for r in doors["door_rank"]], doors["bb_per_100"].tolist(),
                        "door card (above each bar: hands)", "BB/100", hover=hover,
                        text=[f"{int(h)}" for h in doors["hands"]], height=340)
    groups = pd_.door_groups(data, game)
    third = _versus(pd_.third_street(data, game), data.player)
    parts = [figure_html(figure, f"chart-door-{number}"),
             table_html(doors, [Col("door_rank", "door card"), *THIRD_COLS],
                        caption="By door-card rank"),
             table_html(groups, [Col("door_group", "door cards"), *THIRD_COLS],
                        caption="By door-card group (the ace low in razz)"),
             table_html(third, VERSUS_COLS, caption="3rd street: the player against the field")]
    hands = int((data.mine["game"] == game).sum())
    return render("block.html.j2", anchor=f"game-{game}", title=GAME_NAMES.get(game, game),
                  tag=f"{hands:,} hands", explain="", parts=parts)


def third_section(data: pd_.PlayerData) -> Section:
    blocks = [_game_block(data, game, n) for n, game in enumerate(data.games)]
    return Section("third", "Door cards and 3rd street", Markup("").join(blocks),
                   "Per game: the win rate and 3rd-street play by the card the player showed "
                   "(door card), by group of door cards, and the 3rd-street ratios beside the "
                   "field's (everyone else in the same hands' selection).",
                   nav="Door cards, 3rd street")


STREET_COLS = [
    Col("street", "street"), Col("saw", "saw", "int", "hands with a decision on the street"),
    Col("bets", "bets", "int"), Col("raises", "raises", "int"), Col("calls", "calls", "int"),
    Col("checks", "checks", "int"), Col("folds", "folds", "int"),
    Col("af", "AF", "ratio", "(bets + raises) / calls"),
    Col("afq", "AFq %", "pct", "(bets + raises) / (bets + raises + calls + folds)"),
    Col("afq_n", "n", "int"), Col("fold_to_bet_pct", "fold to bet %", "pct"),
    Col("faced_bet", "faced a bet", "int"),
]


def _street_chart(streets: pd.DataFrame, versus: pd.DataFrame) -> Markup:
    labels = ["VPIP 3rd"] + [f"AFq {STREET_LABELS[s]}" for s in STREETS] + \
        [f"fold to bet {STREET_LABELS[s]}" for s in STREETS]
    series = []
    hover = []
    for who in ("player", "field"):
        rows = streets[streets["who"] == who].set_index("street")
        order = [STREET_LABELS[s] for s in STREETS]
        afq = rows["afq"].reindex(order).tolist()
        fold = rows["fold_to_bet_pct"].reindex(order).tolist()
        ratios = versus.set_index("stat")
        values = [float(ratios[who].astype(float)["vpip"]), *afq, *fold]
        counts = [int(ratios[f"{who}_n"].astype(int)["vpip"]),
                  *rows["afq_n"].reindex(order).fillna(0).astype(int).tolist(),
                  *rows["faced_bet"].reindex(order).fillna(0).astype(int).tolist()]
        series.append((who, values, CURVE_COLORS[who]))
        hover.append([f"{label}: {'-' if v != v else f'{v:.1f}%'} (n={n:,})"
                      for label, v, n in zip(labels, values, counts, strict=True)])
    figure = grouped_bars("VPIP, aggression frequency and folding to a bet, by street",
                          labels, series, "%", hover=hover, height=400)
    return figure_html(figure, "chart-streets")


def streets_section(data: pd_.PlayerData) -> Section:
    streets = pd_.streets(data)
    versus = _versus(pd_.versus_field(data), data.player)
    body = _street_chart(streets, versus) + table_html(
        streets, [Col("who", "who"), *STREET_COLS],
        caption="Actions per street: the player and the field") + table_html(
        versus, VERSUS_COLS, caption="Every statistic: the player against the field")
    return Section("streets", "Street by street against the field", body,
                   "What the player does on each street beside everyone else in the same "
                   "hands (the peer baseline): how often a street is seen, bets, raises, calls "
                   "and folds, aggression and folding to a bet. Ratios are percentages except "
                   "AF (a ratio of counts); n is the number of opportunities.",
                   nav="Streets vs field")


def play_sections(data: pd_.PlayerData) -> list[Section]:
    """Door cards and 3rd street per game, then street by street."""
    return [third_section(data), streets_section(data)]


HAND_COLS = [
    Col("hand_id", "hand", "hand"), Col("site", "site"), Col("start_utc", "date (UTC)", "date"),
    Col("game", "game", "game"), Col("stakes", "stakes"), Col("unit", "unit", "unit"),
    Col("put_in", "put in", "money", tone=0), Col("collected", "collected", "money", tone=0),
    Col("net", "net", "money"), Col("net_bb", "big bets", "bb"),
    Col("showdown", "showdown"), Col("equity", "all-in equity", "pct"),
    Col("luck_net", "luck-adjusted net", "money"),
]


def hands_section(data: pd_.PlayerData, hands: pd.DataFrame, links: HandLinks) -> Section:
    won, lost = pd_.biggest(hands)
    allin = pd_.all_ins(hands).copy()
    if "equity" in allin:
        allin["equity"] = allin["equity"] * 100
    cols = [c for c in HAND_COLS if c.name in hands.columns]
    body = Markup("").join([
        table_html(won, cols, links=links, caption="Biggest pots won (in big bets)",
                   empty="no hand won"),
        table_html(lost, cols, links=links, caption="Biggest pots lost (in big bets)",
                   empty="no hand lost"),
        table_html(allin, cols, links=links, caption="All-in hands (the latest first)",
                   empty="no all-in hand")])
    if not data.luck:
        body += Markup('<p class="missing">{}: all-in equity and the luck-adjusted net are '
                       'not shown.</p>').format(pd_.LUCK_MISSING)
    return Section("hands", "Hands to replay", body, links.note(), nav="Hands")

