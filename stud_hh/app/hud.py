"""The *Live* page's numbers: the hero's current tables, a panel per seat with the
player's stud statistics, and the hero's session, read from DuckDB over the parts.

The rules are the terminal HUD's (:mod:`stud_hh.live.hud`): the hero's *current tables*
are those of the hero's hands in the last :data:`~stud_hh.live.hud.CURRENT` before the
hero's latest hand (the last :data:`~stud_hh.live.hud.RECENT_HANDS` hands when the site
prints no time); the seats are those of each table's latest hand; a player's numbers are
over all their hands at that table's site, summed by the statistics' own SQL
(:func:`stud_hh.analysis.duck.sums_sql`) and divided as
:func:`stud_hh.analysis.stats.finish_sums` divides them, so that they are the numbers
``stud-hh stats`` gives. The hero's *session* is the hero's hands since the last pause of
over 30 minutes (``stats``' sessions), in each money unit and in big bets.

The page is asked again after every hand the watch stores, so it reads little:

* the hero's recent hands only: a hand being played is later than the history, and
  DuckDB skips the row groups of older hands by their time statistics (the whole history
  is read only when the session began before :data:`WINDOW`);
* a player's sums from the app's kept sums (:mod:`stud_hh.app.kept`), which a commit brings
  up to date by reading its new parts alone; the hero the app finds (the settings naming
  none) from down-card counts kept per part likewise (:class:`PartCounts`).
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import pandas as pd

from stud_hh.analysis.duck import kept_table, sums_sql
from stud_hh.analysis.stats import (
    SESSION_GAP,
    STREET_RATIOS,
    SUMMARY,
    Ratio,
    _columns_of,
    on_clock,
)
from stud_hh.app.players_sql import PLAYERS
from stud_hh.live.hud import CURRENT, RECENT_HANDS
from stud_hh.settings.hud import STATS, Hud, colour

if TYPE_CHECKING:
    import duckdb

_BY_NAME = {r.name: r for r in (*SUMMARY, *STREET_RATIOS)}
RATIOS: tuple[Ratio, ...] = tuple(_BY_NAME[name] for name in STATS)
"""The statistics of a seat's panel, in the HUD's order (:data:`stud_hh.settings.hud.STATS`)."""
SHORT = {"vpip": "VPIP", "cr3": "C/R 3rd", "steal": "Steal", "bring_in_fold_to_steal":
         "BI fold to steal", "threebet": "3-bet 3rd", "fold_to_bet_4th": "Fold to 4th bet",
         "af": "AF", "wtsd": "WTSD", "wsd": "W$SD"}
"""A statistic's heading in a panel (its full name is the cell's title)."""
WINDOW = timedelta(hours=12)
"""How far back from the database's latest hand the hero's session is looked for first."""
SUMS = ("_rows", *_columns_of(RATIOS))
"""The sums a player's numbers are made of: dealt hands and each ratio's columns."""
_UNIT = ("CASE WHEN p.currency IS NOT NULL THEN CAST(p.currency AS VARCHAR) "
         "WHEN coalesce(p.tournament, false) THEN 'tournament chips' ELSE 'chips' END")
_COLUMNS = (f"CAST(p.site AS VARCHAR) AS site, p.hand_id, h.\"table\", "
            f"CAST(h.game AS VARCHAR) AS game, CAST(h.stakes AS VARCHAR) AS stakes, "
            f"p.start_utc, p.net, p.scale, p.big_bet, {_UNIT} AS unit, h.file, h.first_line")
_NAMES = ("site", "hand_id", "table", "game", "stakes", "start_utc", "net", "scale", "big_bet",
          "unit", "file", "first_line")


@dataclass(frozen=True, slots=True)
class Stat:
    """One ratio of a panel: its value (``None``: no chance yet), sample and colour."""

    name: str
    label: str
    title: str
    value: float | None
    sample: int
    colour: str
    percent: bool

    @property
    def text(self) -> str:
        if self.value is None:
            return "–"
        return f"{self.value:.0f}" if self.percent else f"{self.value:.1f}"


@dataclass(frozen=True, slots=True)
class Seat:
    """A seat's panel: its player, hands at the site and statistics."""

    seat: int
    player: str
    hero: bool
    hands: int
    stats: tuple[Stat, ...]


@dataclass(frozen=True, slots=True)
class Result:
    """Hands and winnings in one money unit (``net`` ``None``: tournament chips, shown in
    big bets only)."""

    unit: str
    hands: int
    net: float | None
    net_bb: float


@dataclass(frozen=True, slots=True)
class Table:
    """One current table: its latest hand and its seats, and the hero's session there."""

    site: str
    table: str
    game: str
    stakes: str
    hand_id: str
    started: str | None
    seats: tuple[Seat, ...]
    results: tuple[Result, ...]


@dataclass(frozen=True, slots=True)
class LiveView:
    """What the *Live* page shows."""

    hero: str | None
    tables: tuple[Table, ...] = ()
    session: tuple[Result, ...] = ()
    session_start: str | None = None
    session_hands: int = 0
    latest: str | None = None
    """The hero's latest hand: site and id (the page's marker that a hand arrived)."""

    def players(self) -> list[tuple[str, str]]:
        """Site and name of every player seated at the tables."""
        return sorted({(t.site, s.player) for t in self.tables for s in t.seats})


Row = dict[str, Any]


def _rows(cur: duckdb.DuckDBPyConnection, sql: str, values: list[Any]) -> list[Row]:
    return [dict(zip(_NAMES, r, strict=True)) for r in cur.execute(sql, values).fetchall()]


def _since_last_pause(rows: list[Row]) -> int | None:
    """Where the last session of ``rows`` (dated, in time order) begins: the index after the
    last pause of over 30 minutes (``None``: no pause among them)."""
    for i in range(len(rows) - 1, 0, -1):
        if rows[i]["start_utc"] - rows[i - 1]["start_utc"] > SESSION_GAP:
            return i
    return None


def _session_start(cur: duckdb.DuckDBPyConnection, hero: str) -> datetime | None:
    """When the hero's last session began, over all the hero's dated hands (``None``:
    none is dated)."""
    gap = int(SESSION_GAP.total_seconds())
    found = cur.execute(f"""
        WITH mine AS (
            SELECT start_utc, lag(start_utc) OVER (ORDER BY start_utc) AS before
            FROM {PLAYERS} WHERE player = ? AND dealt AND start_utc IS NOT NULL)
        SELECT max(start_utc) FROM mine
        WHERE before IS NULL OR epoch(start_utc) - epoch(before) > {gap}""",
                        [hero]).fetchone()
    return None if found is None else found[0]


def session_hands(cur: duckdb.DuckDBPyConnection, hero: str) -> list[Row]:
    """The hero's hands of the current session, oldest first, with their table, game,
    stakes, money and where they were read: since the last pause of over 30 minutes when
    the site prints times, else the last :data:`RECENT_HANDS`."""
    mine = f"FROM {PLAYERS} p JOIN hands h USING (site, hand_id) WHERE p.player = ? AND p.dealt"
    order = "ORDER BY p.start_utc, h.file, h.first_line"
    found = cur.execute("SELECT max(start_utc) FROM hands").fetchone()
    last: datetime | None = None if found is None else found[0]
    if last is not None:
        since = last - WINDOW
        rows = _rows(cur, f"SELECT {_COLUMNS} {mine} AND p.start_utc >= ? "
                     f"AND h.start_utc >= ? {order}", [hero, since, since])
        start = _since_last_pause(rows)
        if start is not None or (rows and rows[0]["start_utc"] - since > SESSION_GAP):
            return rows[start or 0:]
        began = _session_start(cur, hero)
        if began is not None:
            return _rows(cur, f"SELECT {_COLUMNS} {mine} AND p.start_utc >= ? "
                         f"AND h.start_utc >= ? {order}", [hero, began, began])
    rows = _rows(cur, f"SELECT {_COLUMNS} {mine} ORDER BY h.file DESC, h.first_line DESC "
                 f"LIMIT {RECENT_HANDS}", [hero])
    return rows[::-1]


def results(hands: Sequence[Row]) -> tuple[Result, ...]:
    """The hero's hands and winnings per money unit (the most hands first)."""
    units: dict[str, list[Row]] = {}
    for row in hands:
        units.setdefault(row["unit"], []).append(row)
    out = []
    for unit, rows in units.items():
        net_bb = sum(r["net"] / r["big_bet"] for r in rows if r["big_bet"])
        net = None if unit == "tournament chips" else sum(r["net"] / r["scale"] for r in rows)
        out.append(Result(unit, len(rows), None if net is None else round(net, 4),
                          round(net_bb, 2)))
    return tuple(sorted(out, key=lambda r: (-r.hands, r.unit)))


def current_tables(hands: Sequence[Row]) -> list[Row]:
    """The latest hand of each current table (those with a hero's hand in the last
    :data:`CURRENT` before the latest), the latest played first."""
    dated = [r["start_utc"] for r in hands if r["start_utc"] is not None]
    recent = [r for r in hands if r["start_utc"] is not None and
              r["start_utc"] >= max(dated) - CURRENT] if dated else list(hands)
    latest: dict[tuple[str, str], tuple[int, Row]] = {}
    for place, row in enumerate(recent):
        latest[(row["site"], row["table"])] = (place, row)
    return [row for _, row in sorted(latest.values(), key=lambda found: -found[0])]


def seats(cur: duckdb.DuckDBPyConnection, latest: Sequence[Row]) -> list[Row]:
    """Site, hand, seat and player of everyone seated at the tables' latest hands."""
    marks = ", ".join("(?, ?)" for _ in latest)
    values: list[Any] = [v for row in latest for v in (row["site"], row["hand_id"])]
    dated = [r["start_utc"] for r in latest]
    when = ""
    if all(d is not None for d in dated):  # the older row groups are passed over
        when = "AND start_utc >= ? "
        values.append(min(dated))
    found = cur.execute(
        f"SELECT CAST(site AS VARCHAR), hand_id, seat, player FROM {PLAYERS} "
        f"WHERE (CAST(site AS VARCHAR), hand_id) IN (VALUES {marks}) {when}ORDER BY seat",
        values).fetchall()
    return [dict(zip(("site", "hand_id", "seat", "player"), r, strict=True)) for r in found]


def player_numbers(cur: duckdb.DuckDBPyConnection, pairs: Sequence[tuple[str, str]]
                   ) -> dict[tuple[str, str], dict[str, int]]:
    """Each of ``pairs``' sums (:data:`SUMS`) over all their hands at the site: added up
    from the app's kept sums (:mod:`stud_hh.app.kept`, brought up to date by each commit's
    new parts alone) when the cursor has them, else from the rows."""
    kept = kept_table(PLAYERS)
    found = cur.execute("SELECT count(*) FROM information_schema.tables WHERE table_name = ?",
                        [kept]).fetchone()
    table = kept if found and found[0] else PLAYERS
    marks = ", ".join("(?, ?)" for _ in pairs)
    sql = sums_sql(["site", "player"], RATIOS, with_money=False, table=table,
                   kept=table == kept,
                   where=f"(CAST(site AS VARCHAR), player) IN (VALUES {marks})")
    rows = cur.execute(sql, [v for pair in pairs for v in pair]).fetchall()
    columns = [d[0] for d in cur.description or ()]
    at = [columns.index(name) for name in SUMS]
    return {(str(r[0]), str(r[1])): {name: int(r[i] or 0) for name, i in zip(SUMS, at,
                                                                          strict=True)}
            for r in rows}


def _parts_read(cur: duckdb.DuckDBPyConnection, paths: Sequence[str]) -> str:
    """The rows of the part files ``paths`` (their values: ``paths``) with each one's
    ``filename``, each name as the pages show it (the ``people_players`` mapping)."""
    labelled = cur.execute("SELECT count(*) FROM duckdb_tables() WHERE table_name = '_people'"
                           ).fetchone()
    listed = ", ".join("?" for _ in paths)
    source = (f"read_parquet([{listed}], union_by_name = true, filename = true, "
              f"hive_partitioning = false)")
    if labelled and labelled[0]:
        return (f"(SELECT r.* REPLACE (coalesce(m.label, r.player) AS player) FROM {source} r "
                f"LEFT JOIN _people m ON CAST(r.site AS VARCHAR) = m.site "
                f"AND r.player = m.stored)")
    return f"(SELECT * FROM {source})"


class PartCounts:
    """Per committed part of ``players``, the hands each player's down cards show, kept
    across versions: the hero the app finds when the settings name none (the player whose
    down cards the most hands show, as :func:`stud_hh.app.players_sql.hero` finds) costs a
    hand only its new parts."""

    def __init__(self) -> None:
        self._counts: dict[str, dict[str, int]] = {}
        self._lock = threading.Lock()

    def hero(self, cur: duckdb.DuckDBPyConnection, parts: Sequence[str]) -> str | None:
        with self._lock:
            missing = [p for p in parts if p not in self._counts]
        if missing:
            rows = cur.execute(
                f"SELECT filename, player, count(*) FROM {_parts_read(cur, missing)} "
                "WHERE hole_cards IS NOT NULL AND dealt GROUP BY ALL", list(missing)).fetchall()
            found: dict[str, dict[str, int]] = {p: {} for p in missing}
            for path, player, n in rows:
                found[str(path)][str(player)] = int(n)
            with self._lock:
                self._counts.update(found)
        totals: dict[str, int] = {}
        with self._lock:
            for path in parts:
                for player, n in self._counts[path].items():
                    totals[player] = totals.get(player, 0) + n
            for gone in set(self._counts) - set(parts):
                del self._counts[gone]
        if not totals:
            return None
        return min(totals, key=lambda player: (-totals[player], player))


def ratios(sums: Mapping[str, int], hud: Hud) -> tuple[Stat, ...]:
    """A player's ratios from their sums, as :func:`stud_hh.analysis.stats.finish_sums`
    divides them, each coloured by ``hud``."""
    out = []
    for ratio in RATIOS:
        done = _total(sums, ratio.done)
        chances = _total(sums, ratio.opportunity)
        value = None if chances <= 0 else done / chances * (100 if ratio.percent else 1)
        out.append(Stat(ratio.name, SHORT[ratio.name], ratio.label, value, chances,
                        colour(hud, ratio.name, value, chances), ratio.percent))
    return tuple(out)


def _total(sums: Mapping[str, int], part: str | tuple[str, ...]) -> int:
    return sums[part] if isinstance(part, str) else sum(sums[c] for c in part)


def _when(value: Any, shape: str = "%H:%M:%S") -> str | None:
    """A moment on this machine's clock (as ``stats`` shows sessions)."""
    if value is None:
        return None
    return f"{on_clock(pd.Series([pd.Timestamp(value)]))[0]:{shape}}"


def _table(latest: Row, seated: list[Row], hands: Sequence[Row],
           numbers: Mapping[tuple[str, str], Mapping[str, int]], hero: str, hud: Hud) -> Table:
    """One current table's panels, from its latest hand ``latest``."""
    site, hand_id = latest["site"], latest["hand_id"]
    panels = []
    for s in seated:
        if s["site"] == site and s["hand_id"] == hand_id:
            player = str(s["player"])
            theirs = numbers.get((site, player), {})
            panels.append(Seat(int(s["seat"]), player, player == hero, theirs.get("_rows", 0),
                               () if player == hero or not theirs else ratios(theirs, hud)))
    mine = [r for r in hands if r["site"] == site and r["table"] == latest["table"]]
    return Table(site, str(latest["table"]), str(latest["game"]), str(latest["stakes"]),
                 str(hand_id), _when(latest["start_utc"]), tuple(panels), results(mine))


def live_view(cur: duckdb.DuckDBPyConnection, hero: str | None, hud: Hud) -> LiveView:
    """The *Live* page of ``hero`` (``None``: no hands yet)."""
    if hero is None:
        return LiveView(None)
    hands = session_hands(cur, hero)
    if not hands:
        return LiveView(hero)
    latest = current_tables(hands)
    seated = seats(cur, latest)
    pairs = sorted({(str(s["site"]), str(s["player"])) for s in seated if s["player"] != hero})
    numbers = player_numbers(cur, pairs) if pairs else {}
    tables = tuple(_table(row, seated, hands, numbers, hero, hud) for row in latest)
    dated = [r["start_utc"] for r in hands if r["start_utc"] is not None]
    return LiveView(hero, tables, results(hands),
                    _when(dated[0], "%Y-%m-%d %H:%M") if dated else None, len(hands),
                    f"{hands[-1]['site']} {hands[-1]['hand_id']}")
