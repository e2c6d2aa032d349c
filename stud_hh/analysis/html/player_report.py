"""The player report (``stud-hh report``): one HTML page of a player's results and play.

Sections, each from the statistics functions (:mod:`stud_hh.analysis.html.player_data`):
the overview (money per unit, big bets, luck-adjusted where stored), results over time
(cumulative curves in big bets and per unit, with and without showdown), sessions, results
by game and stakes, tournament results (when there are any), the leak table with both sample
sizes and what each leak costs, door cards and 3rd street per game, street by street against
the field, and the hands worth a look (biggest pots won and lost, all-ins), each a replay
button.

>>> report = player_report(open_db("my.db"), Selection(cash=True), "Hero")  # doctest: +SKIP
>>> Path("report.html").write_text(report.html, encoding="utf-8")  # doctest: +SKIP
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
from markupsafe import Markup

from stud_hh.analysis import stats
from stud_hh.analysis.html import player_data as pd_
from stud_hh.analysis.html.charts import (
    CURVE_COLORS,
    Curve,
    bar_figure,
    cumulative_figure,
    figure_html,
    game_color,
    plain,
    unit_color,
)
from stud_hh.analysis.html.hands import HandLinks, embed
from stud_hh.analysis.html.page import Report, Section, json_script, render, render_page
from stud_hh.analysis.html.player_play import hands_section, leaks_section, play_sections
from stud_hh.analysis.html.player_tournaments import tournaments_section
from stud_hh.analysis.html.tables import Col, table_html
from stud_hh.analysis.tournament_report import money_text
from stud_hh.store.select import Selection

MIN_N = 30
"""The fewest opportunities, for the player and for the field, for a leak to be listed."""


def present(frame: pd.DataFrame, cols: list[Col]) -> list[Col]:
    """The columns of ``cols`` that ``frame`` has."""
    return [c for c in cols if c.name in frame.columns]


MONEY_COLS = [
    Col("hands", "hands", "int"),
    Col("net", "net", "money", "won, in the unit"),
    Col("net_bb", "big bets", "bb", "net / the hand's big bet"),
    Col("net_bb_showdown", "BB at showdown", "bb", "big bets of hands that went to showdown"),
    Col("net_bb_no_showdown", "BB without showdown", "bb",
        "big bets of hands that ended before a showdown"),
    Col("bb_per_100", "BB/100", "num", "big bets won per 100 hands"),
    Col("rake_paid", "rake paid", "money", "the player's share of the rake", tone=0),
]


def _period(hands: pd.DataFrame) -> str:
    dated = hands["start_utc"].dropna()
    if dated.empty:
        return "undated hands"
    first, last = dated.min().strftime("%Y-%m-%d"), dated.max().strftime("%Y-%m-%d")
    undated = int(hands["start_utc"].isna().sum())
    return f"{first} to {last}" + (f" (and {undated:,} undated)" if undated else "")


def _tiles(data: pd_.PlayerData, hands: pd.DataFrame, units: pd.DataFrame) -> Markup:
    total = pd_.results_in_bb(data)
    tiles: list[dict[str, str]] = [
        {"label": "hands", "value": f"{len(hands):,}", "color": CURVE_COLORS["all"],
         "sub": f"{hands['site'].nunique()} site(s), {hands['game'].nunique()} game(s)"},
        {"label": "big bets won", "value": f"{total['net_bb']:+,.2f}",
         "color": CURVE_COLORS["all"], "sub": f"{total['bb_per_100']:+.2f} BB/100"},
        {"label": "BB at / without showdown",
         "value": f"{total['net_bb_showdown']:+,.1f} / {total['net_bb_no_showdown']:+,.1f}",
         "color": CURVE_COLORS["showdown"], "sub": "big bets"}]
    for unit, net, count, bb in zip(units["unit"].astype(str), units["net"].to_numpy(float),
                                    units["hands"].to_numpy(int),
                                    units["net_bb"].to_numpy(float), strict=True):
        tiles.append({"label": f"net ({unit})", "value": money_text(float(net), unit),
                      "color": unit_color(unit),
                      "sub": f"{int(count):,} hands, {float(bb):+,.2f} BB"})
    if data.luck:
        luck = float(hands["luck_bb"].sum())
        tiles.append({"label": "luck-adjusted", "value": f"{luck:+,.2f} BB",
                      "color": CURVE_COLORS["luck-adjusted"],
                      "sub": "all-in equity instead of the cards that came"})
    else:
        tiles.append({"label": "luck-adjusted", "value": "not stored",
                      "color": CURVE_COLORS["luck-adjusted"], "sub": pd_.LUCK_MISSING})
    return render("tiles.html.j2", tiles=tiles)


def overview_section(data: pd_.PlayerData, hands: pd.DataFrame) -> Section:
    units = pd_.results_per_unit(data)
    cols = [Col("unit", "unit", "unit"), *MONEY_COLS]
    if data.luck:
        cols += [Col("luck_net", "luck-adjusted net", "money"),
                 Col("luck_bb", "luck-adjusted BB", "bb")]
    body = _tiles(data, hands, units) + table_html(units, present(units, cols),
                                                   caption="Results per money unit")
    return Section("overview", "Overview", body,
                   "Money per unit (a currency; tournament chips, never added across "
                   "tournaments; chips of no named currency, play money or club chips: "
                   "never added across units) and big "
                   "bets (net divided by the hand's fixed-limit big bet), which compare "
                   "across stakes and units; a no-limit or pot-limit hand has none.")


def _curves(frame: pd.DataFrame, money: bool, luck: bool, color: str) -> list[Curve]:
    won = frame["net" if money else "net_bb"].to_numpy(dtype=float)
    shown = frame["showdown"].to_numpy(dtype=bool)
    curves = [Curve("all", won, color),
              Curve("showdown", np.where(shown, won, 0.0), CURVE_COLORS["showdown"], "dot"),
              Curve("no showdown", np.where(shown, 0.0, won), CURVE_COLORS["no showdown"],
                    "dot")]
    if luck:
        adjusted = frame["luck_net" if money else "luck_bb"].to_numpy(dtype=float)
        curves.append(Curve("luck-adjusted", adjusted, CURVE_COLORS["luck-adjusted"], "dash"))
    return curves


def _kept(frame: pd.DataFrame, links: HandLinks) -> list[int]:
    """Positions of the hands the page can replay (kept when a curve is thinned)."""
    held = frame["key"].isin(list(links.embedded)).to_numpy()
    return [int(i) for i in np.flatnonzero(held)]


def results_section(data: pd_.PlayerData, hands: pd.DataFrame, links: HandLinks) -> Section:
    hover = pd_.hover_rows(hands)
    parts = [figure_html(cumulative_figure(
        f"{plain(data.player)}: big bets won over {len(hands):,} hands", "big bets",
        _curves(hands, False, data.luck, CURVE_COLORS["all"]), hover, _kept(hands, links)),
        "chart-winnings-bb")]
    if not data.luck:
        parts.append(Markup('<p class="missing">{} (the luck-adjusted curve is not drawn).'
                            '</p>').format(pd_.LUCK_MISSING))
    charts = []
    for number, (unit, frame) in enumerate(hands.groupby("unit", sort=True)):
        frame = frame.reset_index(drop=True)
        rows = [hover[i] for i in hands.index[hands["unit"] == unit]]
        money = unit != stats.TOURNAMENT_CHIPS  # never added across tournaments: big bets
        charts.append(figure_html(cumulative_figure(
            f"{plain(unit)}: {'' if money else 'big bets '}won over {len(frame):,} hands",
            plain(unit) if money else "big bets",
            _curves(frame, money, data.luck, unit_color(str(unit))), rows,
            _kept(frame, links)), f"chart-winnings-unit-{number}"))
    parts.append(Markup('<div class="charts-2">') + Markup("").join(charts)
                 + Markup("</div>"))
    return Section("results", "Results over time", Markup("").join(parts),
                   "Cumulative winnings hand by hand, in the order played: all of it, the "
                   "part won or lost at showdown and the part without one; in big bets "
                   "(every stake and unit together), then in each unit's own money (tournament "
                   "chips in big bets: chips are never added across tournaments). Hover "
                   "a point for the hand; click it to replay the hand when this page holds it.")


SESSION_COLS = [
    Col("session", "start (UTC)", "text", "a run of hands with no pause over 30 minutes, "
        "by its first hand's time"),
    Col("unit", "unit", "unit"), Col("minutes", "minutes", "num"), *MONEY_COLS[:3],
    Col("bb_per_100", "BB/100", "num"), Col("net_per_hour", "net per hour", "money"),
    Col("bb_per_hour", "BB per hour", "num"), Col("vpip", "VPIP %", "pct"),
    Col("wtsd", "WTSD %", "pct"),
]


def sessions_section(data: pd_.PlayerData) -> Section:
    table = pd_.sessions(data)
    hover = [f"session {i + 1}: {s} UTC ({plain(u)})<br>{int(h):,} hands, {m:,.0f} min<br>"
             f"{plain(money_text(float(n), str(u)))}, {b:+.2f} BB"
             for i, (s, u, h, m, n, b) in enumerate(zip(
                 table["session"], table["unit"], table["hands"], table["minutes"].fillna(0),
                 table["net"], table["net_bb"], strict=True))]
    figure = bar_figure(f"Big bets won per session ({len(table):,} sessions)",
                        [str(i + 1) for i in range(len(table))], table["net_bb"].tolist(),
                        "session, in the order played (hover for its start)", "big bets",
                        hover=hover)
    body = figure_html(figure, "chart-sessions") + table_html(
        table, present(table, SESSION_COLS), caption="Sessions, in the order played")
    return Section("sessions", "Sessions", body,
                   "A session is a run of the player's hands with no pause longer than 30 "
                   "minutes (tables played at once fall into one); money per session in its "
                   "unit, big bets and hourly rates where the session lasted.")


GAME_COLS = [
    Col("game", "game", "game"), Col("stakes", "stakes"), Col("unit", "unit", "unit"),
    *MONEY_COLS, Col("vpip", "VPIP %", "pct"), Col("wtsd", "WTSD %", "pct"),
    Col("wsd", "W$SD %", "pct"),
]


def games_section(data: pd_.PlayerData) -> Section:
    table = pd_.by_game_and_stakes(data)
    labels = [plain(f"{g} {s}") for g, s in zip(table["game"], table["stakes"], strict=True)]
    hover = [f"{label}<br>{int(h):,} hands<br>{float(r):+.1f} BB/100 ({float(b):+.2f} BB)"
             for label, h, r, b in zip(labels, table["hands"], table["bb_per_100"],
                                       table["net_bb"], strict=True)]
    figure = bar_figure("BB/100 by game and stakes", labels, table["bb_per_100"].tolist(),
                        "game and stakes", "BB/100", hover=hover,
                        colors=[game_color(str(g)) for g in table["game"]],
                        text=[f"{int(h)}" for h in table["hands"]], horizontal=True,
                        height=max(300, 70 + 24 * len(table)))
    body = figure_html(figure, "chart-games") + table_html(
        table, present(table, GAME_COLS), caption="Results by game and stakes")
    return Section("games", "By game and stakes", body,
                   "Win rate per game and stakes (bars coloured by game; the number beside "
                   "each bar is its hands), and the money in each stake's unit.",
                   nav="Games and stakes")


def _subtitle(data: pd_.PlayerData, hands: pd.DataFrame) -> str:
    chosen = data.selection.describe(player=False)
    return (f"{len(hands):,} hands, {_period(hands)}; "
            + (f"selected: {chosen}" if chosen else "every hand in the database"))


def player_report(db: Any, selection: Selection | None = None, player: str | None = None,
                  *, profile: str | None = None, min_n: int = MIN_N) -> Report:
    """The report of ``player`` (without one: the player dealt the most hands) over the
    hands ``selection`` picks, from database ``db``."""
    data = pd_.read_player(db, selection or Selection(), player)
    hands = pd_.hand_results(data)
    won, lost = pd_.biggest(hands)
    allin = pd_.all_ins(hands)
    wanted = [*zip(won["site"], won["hand_id"], strict=True),
              *zip(lost["site"], lost["hand_id"], strict=True),
              *zip(allin["site"], allin["hand_id"], strict=True)]
    embedded = embed(db, HandLinks.choose(wanted), profile=profile, hero=data.player)
    links = embedded.links
    played = tournaments_section(db, data.player, data.selection)
    sections = [overview_section(data, hands), results_section(data, hands, links),
                sessions_section(data), games_section(data), *([played] if played else []),
                leaks_section(data, min_n), *play_sections(data),
                hands_section(data, hands, links)]
    notes = [n for n in (data.undated_note, links.note()) if n]
    tail = embedded.tail + json_script("stud-hh-embedded", sorted(links.embedded))
    html = render_page(f"{data.player}: results and play", _subtitle(data, hands), sections,
                       head=embedded.head, tail=tail, notes=notes)
    return Report(html, data.player, len(hands), len(links.embedded), tuple(notes),
                  tuple(n for n in (data.undated_note,) if n))
