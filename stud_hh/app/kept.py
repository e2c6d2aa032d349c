"""The people's views and the kept sums of a connection, made again at each commit from
those of the connection before and only the parts it added.

The statistics' sums are kept per player (the person's name), site, game, stakes, money
level and UTC hour (:func:`stud_hh.analysis.duck.kept_sums_sql`) in the table
``people_players_sums``, so that a summary of a million player-hands adds up tens of
thousands of rows instead of reading the million (:func:`stud_hh.analysis.duck.partial_sums`
chooses). Parts never change once committed, and sums add up: when a commit only adds
parts (an import, the watch committing a hand at a time), the new connection's table is the
old one's rows and the sums of the added parts, read alone; rows of the same group are
added up once they have grown by a quarter since last (a summary adds them up anyway).
When a commit replaces parts (a compaction, a repair, a deduplication) the sums are made
again from every part.

The settings' people apply here too: ``people_players`` is ``players`` with each stored
name replaced by its person's (:meth:`stud_hh.store.people.People.label`, a function of the
site and the name alone), computed for the names the added parts bring.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pandas as pd

from stud_hh.analysis.duck import kept_sums_sql, kept_table, merged_sums_sql
from stud_hh.store.database import Database
from stud_hh.store.sql import view_sql

if TYPE_CHECKING:
    import duckdb

PEOPLE = "people_players"
"""The players view with the people applied (``players_sql.PLAYERS``)."""
SUMS = kept_table(PEOPLE)
"""Its kept sums."""
GROWTH = 1.25
"""The kept rows are added up per group once they are this many times those last added up."""


@dataclass(frozen=True, slots=True)
class Kept:
    """What a connection's kept sums and people's names were made of."""

    parts: frozenset[str]
    """The players parts the sums add up."""
    people: pd.DataFrame
    """The stored names the people rename: ``site``, ``stored``, ``label``."""
    rows: int
    """The rows of the table of sums."""
    merged: int
    """Its rows when last added up per group."""


def keep(con: duckdb.DuckDBPyConnection, db: Database, files: list[str],
         before: tuple[Kept, duckdb.DuckDBPyConnection] | None) -> Kept:
    """Make the people's views and the kept sums of ``con``, whose players parts are
    ``files``: from ``before`` (the last connection, and what its sums were made of) and
    the added parts when parts were only added, else from every part."""
    if before is not None and before[0].parts <= set(files):
        kept, old = before
        return _add(con, db, kept, old, [f for f in files if f not in kept.parts])
    con.execute(f"CREATE TABLE _stored_sums AS {kept_sums_sql('players')}")
    people = _labels(db, con, "_stored_sums", pd.DataFrame(columns=["site", "stored",
                                                                    "label"]))
    _views(con, people)
    con.execute(f"CREATE TABLE {SUMS} AS {merged_sums_sql(_relabel('_stored_sums', people))}")
    con.execute("DROP TABLE _stored_sums")
    rows = _count(con, SUMS)
    return Kept(frozenset(files), people, rows, rows)


def _add(con: duckdb.DuckDBPyConnection, db: Database, kept: Kept,
         old: duckdb.DuckDBPyConnection, added: list[str]) -> Kept:
    """The views and sums of ``con``: those of ``old`` and the sums of the ``added`` parts
    (only they are read)."""
    with old.cursor() as cur:
        rows = cur.sql(f"SELECT * FROM {SUMS}").to_arrow_table()
    con.register("_sums_before", rows)
    try:
        if not added:
            _views(con, kept.people)
            con.execute(f"CREATE TABLE {SUMS} AS SELECT * FROM _sums_before")
            return Kept(kept.parts | frozenset(added), kept.people, kept.rows, kept.merged)
        con.execute(view_sql("players", [db.storage.duckdb_path(p) for p in added],
                             name="_players_added"))
        people = _labels(db, con, "_players_added", kept.people)
        _views(con, people)
        con.execute(f"CREATE TEMP TABLE _sums_added AS "
                    f"{kept_sums_sql(_relabel('_players_added', people))}")
        con.execute("DROP VIEW _players_added")
        total = kept.rows + _count(con, "_sums_added")
        both = "(SELECT * FROM _sums_before UNION ALL BY NAME SELECT * FROM _sums_added)"
        merge = total >= kept.merged * GROWTH
        con.execute(f"CREATE TABLE {SUMS} AS "
                    f"{merged_sums_sql(both) if merge else 'SELECT * FROM ' + both}")
        con.execute("DROP TABLE _sums_added")
    finally:
        con.unregister("_sums_before")
    rows = _count(con, SUMS) if merge else total
    return Kept(kept.parts | frozenset(added), people, rows, rows if merge else kept.merged)


def _count(con: duckdb.DuckDBPyConnection, table: str) -> int:
    found = con.execute(f"SELECT count(*) FROM {table}").fetchone()
    return int(found[0]) if found else 0


def _labels(db: Database, con: duckdb.DuckDBPyConnection, table: str, known: pd.DataFrame
            ) -> pd.DataFrame:
    """``known`` and the names of ``table`` (with ``site`` and ``player`` columns) the
    people rename, each with its person's."""
    pairs = con.execute(f"SELECT DISTINCT CAST(site AS VARCHAR) AS site, player "
                        f"FROM {table}").df()
    labelled = db.people.label(pairs.astype({"site": "string", "player": "string"}))
    changed = labelled["player"].astype(object) != pairs["player"].astype(object)
    found = pd.DataFrame({"site": pairs["site"][changed].astype(object),
                          "stored": pairs["player"][changed].astype(object),
                          "label": labelled["player"][changed].astype(object)})
    if known.empty:
        return found.reset_index(drop=True)
    return pd.concat([known, found]).drop_duplicates(["site", "stored"]).reset_index(drop=True)


def _relabel(table: str, people: pd.DataFrame) -> str:
    """``table`` (players rows, or kept sums) with the people's names, as SQL."""
    if people.empty:
        return table
    return (f"(SELECT p.* REPLACE (coalesce(m.label, p.player) AS player) FROM {table} p "
            "LEFT JOIN _people m ON CAST(p.site AS VARCHAR) = m.site AND p.player = m.stored)")


def _views(con: duckdb.DuckDBPyConnection, people: pd.DataFrame) -> None:
    """The ``people_players`` view (and the ``_people`` table it reads)."""
    if not people.empty:
        con.register("_people_frame", people)
        con.execute("CREATE TABLE _people AS SELECT * FROM _people_frame")
        con.unregister("_people_frame")
    con.execute(f"CREATE VIEW {PEOPLE} AS SELECT * FROM {_relabel('players', people)}")
