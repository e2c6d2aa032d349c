"""The live table of a watch: the hero's current tables and each opponent's numbers.

The hero's *current tables* are the tables of the hero's hands in the last
:data:`CURRENT` before the hero's latest hand (the last :data:`RECENT_HANDS` hands when
the site prints no time). The opponents are the players of each such table's latest
hand. Each opponent's numbers are over every hand of theirs in the database at the
site of that table (a sample is only worth its size: each ratio shows it):

>>> rows = opponents(open_db("my.db"), "Hero")  # doctest: +SKIP
>>> print(render_text(rows))  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd
import pyarrow.compute as pc

from stud_hh.analysis.stats import SUMMARY, ratios, required_columns
from stud_hh.store.database import Database
from stud_hh.store.people import HERO_MARKS, holds

CURRENT = pd.Timedelta(minutes=20)
"""How far back from the hero's latest hand a table still counts as being played."""
RECENT_HANDS = 50
"""The hero's hands looked at for the current tables when the site prints no time."""

HUD_STATS: tuple[tuple[str, str], ...] = (
    ("vpip", "VPIP"),
    ("cr3", "C/R 3rd"),
    ("steal", "Steal"),
    ("bring_in_fold_to_steal", "Fold to steal"),
    ("af", "AF"),
    ("wtsd", "WTSD"),
)
"""The ratios of the live table (names of :data:`stud_hh.analysis.stats.SUMMARY`), with
their headings: complete/raise on 3rd, steal attempts, the bring-in folding to a steal,
aggression on 4th-7th, went to showdown."""

_PERCENT = {r.name: r.percent for r in SUMMARY}
_RATIOS = tuple(r for r in SUMMARY if r.name in {name for name, _ in HUD_STATS})


@dataclass(frozen=True, slots=True)
class Opponent:
    """One line of the live table: an opponent at one of the hero's current tables."""

    site: str
    table: str
    seat: int
    player: str
    hands: int
    stats: tuple[tuple[float | None, int], ...]
    """Each of :data:`HUD_STATS`: its value (``None``: no chance yet) and sample size."""


def find_hero(db: Database) -> str | None:
    """The hero: the settings' (:attr:`Database.people`) when the database holds their
    hands; else a seat a site marks as the history's owner (Bovada's ``[ME]``, a site that
    shows every player's down cards); else the player whose down cards the most hands show
    (the one a client writes for)."""
    hero = db.people.hero
    if hero is not None and holds(db, hero.name):
        return hero.name
    known = db.players(columns=["player"], filters=pc.field("hole_cards").is_valid())
    if known.empty:
        return None
    counts = known["player"].value_counts()
    marked = [name for name in counts.index
              if name in {db.people.label_of(site, mark) for site, (_, mark) in
                          HERO_MARKS.items()}]
    return str(marked[0] if marked else counts.index[0])


def current_hands(db: Database, hero: str) -> pd.DataFrame:
    """Site, hand id and table of the latest hand of each of the hero's current tables."""
    own = db.players(columns=["site", "hand_id", "start_utc"], filters=[("player", "==", hero)])
    if own.empty:
        return pd.DataFrame(columns=["site", "hand_id", "table"])
    dated = own.dropna(subset=["start_utc"])
    if len(dated):
        own = dated[dated["start_utc"] >= dated["start_utc"].max() - CURRENT]
    else:
        own = own.tail(RECENT_HANDS)
    hands = db.hands(columns=["site", "hand_id", "table", "start_utc", "first_line", "file"],
                     filters=[("hand_id", "in", sorted(set(own["hand_id"])))])
    hands = hands.merge(own[["site", "hand_id"]], on=["site", "hand_id"])
    order = ["start_utc", "file", "first_line"] if len(dated) else ["file", "first_line"]
    last = hands.sort_values(order).groupby(["site", "table"], observed=True).tail(1)
    return last[["site", "hand_id", "table"]].reset_index(drop=True)


def opponents(db: Database, hero: str) -> list[Opponent]:
    """The live table's lines: every opponent at the hero's current tables, by table and
    seat, with their numbers over all their hands at that site."""
    latest = current_hands(db, hero)
    if latest.empty:
        return []
    seated = db.players(columns=["site", "hand_id", "player", "seat"],
                        filters=[("hand_id", "in", sorted(set(latest["hand_id"])))])
    seated = seated.merge(latest, on=["site", "hand_id"])
    seated = seated[seated["player"] != hero]
    if seated.empty:
        return []
    theirs = db.players(columns=[*required_columns(("player",), _RATIOS), "site"],
                        filters=[("player", "in", sorted(set(seated["player"])))])
    out: list[Opponent] = []
    for site, at_site in seated.groupby(seated["site"].astype(str), observed=True):
        mine = theirs[theirs["site"].astype(str) == site]
        numbers = ratios(mine, _RATIOS, by=("player",)).to_dict("index")
        dealt = mine[mine["dealt"]].groupby("player", observed=True).size().to_dict()
        for table, seat, player in zip(at_site["table"], at_site["seat"], at_site["player"],
                                       strict=True):
            theirs_here = numbers.get(player, {})
            out.append(Opponent(str(site), str(table), int(seat), str(player),
                                int(dealt.get(player, 0)), tuple(
                                    (_value(theirs_here.get(name)),
                                     int(theirs_here.get(f"{name}_n", 0)))
                                    for name, _ in HUD_STATS)))
    return sorted(out, key=lambda o: (o.site, o.table, o.seat))


def _value(value: Any) -> float | None:
    return None if value is None or pd.isna(value) else float(value)


def cell(name: str, value: float | None, sample: int) -> str:
    """One ratio as the live table shows it (percentages as the statistics give them,
    0-100): ``23% (112)``, ``1.4 (40)``, ``- (0)``.

    >>> cell("vpip", 23.4, 112), cell("af", 1.42, 40), cell("wtsd", None, 0)
    ('23% (112)', '1.4 (40)', '- (0)')
    """
    if value is None:
        return f"- ({sample})"
    shown = f"{value:.0f}%" if _PERCENT.get(name, True) else f"{value:.1f}"
    return f"{shown} ({sample})"


HEADINGS = ("Table", "Seat", "Player", "Hands", *(label for _, label in HUD_STATS))


def lines(rows: Sequence[Opponent]) -> list[tuple[str, ...]]:
    """The live table's cells, a tuple per opponent in the order of :data:`HEADINGS`."""
    return [(o.table, str(o.seat), o.player, f"{o.hands:,}",
             *(cell(name, v, n) for (name, _), (v, n) in zip(HUD_STATS, o.stats, strict=True)))
            for o in rows]


def render_text(rows: Sequence[Opponent]) -> str:
    """The live table as plain text (for a terminal without the live display, a log)."""
    if not rows:
        return "no opponents at the hero's current tables yet"
    cells = [HEADINGS, *lines(rows)]
    widths = [max(len(r[i]) for r in cells) for i in range(len(HEADINGS))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(r, widths, strict=True)).rstrip()
                     for r in cells)
