"""Tournament results read by DuckDB: :func:`stud_hh.analysis.tournaments.read_results`
without loading the players of every tournament hand into pandas.

A player's tournament that no summary or finishing line tells of is known from the hands
they were dealt in it (``seen``): :func:`seen_firsts` gathers those hands per player and
tournament in SQL (the first buy-in, game and start in the order played, how many games),
and :func:`stud_hh.analysis.tournaments.seen_from_firsts` makes the rows as the pandas
reader does. The stored results (the ``tournaments`` table) are few and read whole. A test
holds the results equal to the pandas reader's.

>>> with connect(db) as con:  # doctest: +SKIP
...     tournaments.summary(read_results(con, "Hero"))
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pandas as pd

from stud_hh.analysis.tournaments import KEY, SEEN_FIRST, results, seen_from_firsts

if TYPE_CHECKING:
    import duckdb

__all__ = ["player_names", "read_results", "seen_firsts"]

Label = Callable[[pd.DataFrame], pd.DataFrame]
"""The settings' people applied to rows with ``site`` and ``player`` (each stored name
replaced by its person's: :meth:`stud_hh.store.people.People.label`)."""

_TEXT = ("game", "mixed_game", "limit", "buy_in_currency")
"""The hands' columns stored as dictionaries: read as text."""


def _first(column: str) -> str:
    """The column's first value known, in the order the hands were played."""
    value = f'CAST(h."{column}" AS VARCHAR)' if column in _TEXT else f'h."{column}"'
    return (f'first({value} ORDER BY h.start_utc NULLS LAST, h.file, h.first_line) '
            f'FILTER (WHERE h."{column}" IS NOT NULL) AS "{column}"')


def seen_firsts(cur: duckdb.DuckDBPyConnection, player: str | None = None, *,
                players: str = "players") -> pd.DataFrame:
    """:func:`stud_hh.analysis.tournaments.seen_firsts` of the tournament hands (of
    ``player`` only, a name as the view ``players`` holds it)."""
    columns = [c for c in SEEN_FIRST if c != "tournament_id"]
    where, values = ("AND p.player = ?", [player]) if player is not None else ("", [])
    frame = cur.execute(f"""
        SELECT CAST(p.site AS VARCHAR) AS site, h.tournament_id, p.player,
               {", ".join(_first(c) for c in columns)},
               min(h.start_utc) AS first_start,
               count(DISTINCT h.game) AS games, count(DISTINCT h."limit") AS limits
        FROM {players} p JOIN hands h ON h.site = p.site AND h.hand_id = p.hand_id
        WHERE p.tournament AND h.tournament AND h.tournament_id IS NOT NULL {where}
        GROUP BY ALL""", values).df()
    frame["start_utc"] = pd.to_datetime(frame["start_utc"], utc=True)
    frame["first_start"] = pd.to_datetime(frame["first_start"], utc=True)
    return frame.set_index(KEY)


def stored(cur: duckdb.DuckDBPyConnection, label: Label | None = None) -> pd.DataFrame:
    """The ``tournaments`` table (a result per row: few), with the people applied."""
    frame = cur.execute("SELECT * FROM tournaments").df()
    return label(frame) if label is not None and len(frame) else frame


def read_results(cur: duckdb.DuckDBPyConnection, player: str | None = None, *,
                 players: str = "players", label: Label | None = None) -> pd.DataFrame:
    """:func:`stud_hh.analysis.tournaments.read_results` over a DuckDB connection's views:
    a row per player and tournament (one player's with ``player``, a name as stored, or
    as its person is named when ``players`` is a view with the people applied and
    ``label`` applies them to the stored results)."""
    found = stored(cur, label)
    if player is not None:
        found = found[found["player"] == player]
    return results(found, seen_from_firsts(seen_firsts(cur, player, players=players)))


def player_names(cur: duckdb.DuckDBPyConnection, *, players: str = "players",
                 label: Label | None = None) -> list[str]:
    """Every name with a tournament: in the results stored or in tournament hands."""
    dealt = [str(r[0]) for r in cur.execute(
        f"SELECT DISTINCT player FROM {players} WHERE tournament AND player IS NOT NULL "
        "ORDER BY player").fetchall()]
    names = stored(cur, label)["player"].astype("string").dropna().tolist()
    return list(dict.fromkeys([*names, *dealt]))
