"""The tournament section of the player report: what ``stud-hh tournaments --player`` and
the block of ``stud-hh stats --player`` say (:mod:`stud_hh.analysis.tournaments`), per unit,
and each tournament."""

from __future__ import annotations

import dataclasses
from typing import Any

import pandas as pd
from markupsafe import Markup

from stud_hh.analysis import tournament_report, tournaments
from stud_hh.analysis.html.page import Section
from stud_hh.analysis.html.tables import Col, table_html
from stud_hh.store.select import Selection

SUMMARY_COLS = [
    Col("unit", "unit", "unit"), Col("tournaments", "tournaments", "int"),
    Col("finished", "with a known place", "int"),
    Col("place_unknown", "place unknown", "int",
        "still playing, or no finish in the texts (the hands stop before the end)"),
    Col("paid", "paid", "money", "buy-ins, fees, bounties, rebuys, add-ons of every "
        "tournament whose buy-in is known", unit_column="unit_code", tone=0),
    Col("paid_n", "n", "int", "tournaments whose buy-in is known"),
    Col("won", "won", "money", "prizes, tickets of known worth, bounties of every tournament "
        "whose result is known", unit_column="unit_code", tone=0),
    Col("won_n", "n", "int", "tournaments whose result is known"),
    Col("net", "net", "money", "won - paid, over the tournaments whose result and buy-in "
        "are both known", unit_column="unit_code"),
    Col("roi", "ROI %", "pct", "net / what those tournaments cost"),
    Col("roi_n", "n", "int", "tournaments whose result and buy-in are both known"),
    Col("itm", "in the money", "int"),
    Col("itm_pct", "ITM %", "pct"), Col("best", "best place", "int"),
    Col("average", "average place", "num"), Col("places", "places"),
]
LIST_COLS = [Col(head, head) for head in tournament_report.LIST_HEADS if head != "player"]


def player_results(results: pd.DataFrame, player: str, selection: Selection) -> pd.DataFrame:
    """The rows of :func:`tournaments.read_results <stud_hh.analysis.tournaments.read_results>`
    (of every player, or of ``player``) the section shows: the player's, in the selection
    (none for cash games or given stakes)."""
    if selection.tournament is False or selection.stakes:
        return pd.DataFrame()
    found = tournaments.select(results, dataclasses.replace(selection, player=None))
    return found[found["player"] == player] if len(found) else found


def tournaments_section(db: Any, player: str, selection: Selection) -> Section | None:
    """The player's tournament results in the selection, or ``None`` when there are none."""
    return section_of(player_results(tournaments.read_results(db, player), player, selection))


def section_of(found: pd.DataFrame, limit: int = 500) -> Section | None:
    """The section of a player's rows of :func:`player_results` (``limit``: the most
    tournaments listed), or ``None`` for none."""
    if found.empty:
        return None
    summary = tournaments.summary(found).reset_index()
    summary["unit_code"] = summary["unit"]  # what the money cells are written in
    summary["unit"] = summary["unit"].map(tournament_report.unit_name)
    listed = pd.DataFrame(tournament_report.list_rows(found),
                          columns=list(tournament_report.LIST_HEADS))
    body = Markup("").join([
        table_html(summary, [c for c in SUMMARY_COLS if c.name in summary.columns],
                   caption="Tournament results per unit"),
        table_html(listed, LIST_COLS, caption="Each tournament", limit=limit)])
    return Section("tournaments", "Tournaments", body,
                   "From the tournament summaries imported, else the hands' finishing lines "
                   "and headers (a summary wins), per unit (never added across units): paid "
                   "for every tournament whose buy-in is known, won for every one whose "
                   "result is known, net and ROI over those with both (each with its n); "
                   "a tournament whose texts show no finish is counted as place unknown. "
                   "Stakes do not apply to tournaments.")
