"""Queries every page shares: who the hero is, and a selection as SQL over the players.

The view ``people_players`` (:mod:`stud_hh.app.source`) is the players table with the
settings' people applied; every page reads it, never ``players``, so that the hero's names
on several sites are one player.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from stud_hh.analysis.duck import where_sql
from stud_hh.app.source import Source
from stud_hh.store.select import Selection

if TYPE_CHECKING:
    import duckdb

PLAYERS = "people_players"


def hero(source: Source) -> str | None:
    """The hero: the settings' (when the database holds their hands), else the player whose
    down cards the most hands show (the one the poker client writes for)."""

    def compute(cur: duckdb.DuckDBPyConnection) -> str | None:
        person = source.db.people.hero
        if person is not None:
            found = cur.execute(f"SELECT 1 FROM {PLAYERS} WHERE player = ? LIMIT 1",
                                [person.name]).fetchone()
            if found:
                return person.name
        row = cur.execute(f"SELECT player FROM {PLAYERS} WHERE hole_cards IS NOT NULL "
                          "AND dealt GROUP BY player ORDER BY count(*) DESC, player "
                          "LIMIT 1").fetchone()
        return None if row is None else str(row[0])

    return source.cached(("hero",), compute)


def where(cur: duckdb.DuckDBPyConnection, select: Selection, table: str = PLAYERS
          ) -> tuple[str, list[Any]]:
    """The selection as a condition on ``table`` (``people_players`` or ``hands``) and its
    values (``true`` when it selects everything)."""
    condition, values = where_sql(cur, select, table, PLAYERS)
    return condition or "true", values
