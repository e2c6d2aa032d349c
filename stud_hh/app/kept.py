"""The people's views and the kept sums of a connection, carried from the connection
before and brought up to date by reading only the parts a commit adds.

The statistics' sums are kept per player (the person's name), site, game, stakes, money
level and UTC hour (:func:`stud_hh.analysis.duck.kept_sums_sql`) in the table
``people_players_sums``, so that a summary of a million player-hands adds up tens of
thousands of rows instead of reading the million (:func:`stud_hh.analysis.duck.partial_sums`
chooses). They are an Arrow table held by the source and shown to each cursor, kept per
part of the players table (the column ``_part``): parts never change once committed, so a
commit is followed by dropping the sums of the parts it took out and adding those of the
parts it brought, read alone. The watch commits a hand at a
time (a part of a few rows) and merges its small parts every few dozen hands (a
compaction: the merged parts' sums go, the merged part's are read, a few hundred rows);
an import reads its own parts; a repair or a deduplication, the parts they rewrote. Only
the first connection reads every part.

The settings' people apply here too: ``people_players`` is ``players`` with each stored
name replaced by its person's (:meth:`stud_hh.store.people.People.label`, a function of the
site and the name alone), computed for the names each added part brings.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from stud_hh.analysis.duck import kept_sums_sql, kept_table, merged_sums_sql
from stud_hh.store.database import Database
from stud_hh.store.sql import view_sql

if TYPE_CHECKING:
    import duckdb

PEOPLE = "people_players"
"""The players view with the people applied (``players_sql.PLAYERS``)."""
SUMS = kept_table(PEOPLE)
"""Its kept sums."""
PART = "_part"
"""The column of the kept sums saying which players part they are of (a number)."""


@dataclass(frozen=True, slots=True)
class Kept:
    """A connection's kept sums, and what they and its people's names were made of."""

    parts: Mapping[str, int]
    """The players parts the sums are of, each with its number in :data:`PART`."""
    people: pd.DataFrame
    """The stored names the people rename: ``site``, ``stored``, ``label``."""
    sums: pa.Table
    """The kept sums: registered as :data:`SUMS` in each cursor (:func:`register`), never
    copied into a connection (carrying them into the next would cost as much as a
    summary of them, at every commit)."""


NO_ONE = pd.DataFrame({"site": pd.Series(dtype=object), "stored": pd.Series(dtype=object),
                       "label": pd.Series(dtype=object)})


def keep(con: duckdb.DuckDBPyConnection, db: Database, files: list[str],
         before: Kept | None) -> Kept:
    """Make the people's views of ``con``, whose players parts are ``files``, and its kept
    sums: those of ``before`` (the last connection's) of the parts still in, and those of
    the parts added, read alone."""
    parts = before.parts if before is not None else {}
    still = set(files)
    gone = [n for path, n in parts.items() if path not in still]
    added = {path: n for n, path in enumerate((f for f in files if f not in parts),
                                              start=max(parts.values(), default=0) + 1)}
    con.execute(view_sql("players", [], name="_no_rows"))  # the columns, typed
    con.execute(f"CREATE TEMP TABLE _sums_added AS SELECT CAST(0 AS INTEGER) AS {PART}, * "
                f"FROM ({kept_sums_sql('_no_rows')})")
    con.execute("DROP VIEW _no_rows")
    for path, number in added.items():
        con.execute(view_sql("players", [db.storage.duckdb_path(path)], name="_part_rows"))
        con.execute(f"INSERT INTO _sums_added BY NAME SELECT {number} AS {PART}, * "
                    f"FROM ({kept_sums_sql('_part_rows')})")
        con.execute("DROP VIEW _part_rows")
    people = _labels(db, con, before.people if before is not None else NO_ONE)
    _views(con, people)
    new = con.sql(merged_sums_sql(_relabel("_sums_added", people), [PART])
                  if not people.empty else "SELECT * FROM _sums_added").to_arrow_table()
    con.execute("DROP TABLE _sums_added")
    if before is None:
        return Kept(added, people, new)
    sums = before.sums
    if gone:
        sums = sums.filter(pc.invert(pc.is_in(sums[PART], pa.array(gone, sums[PART].type))))
    if added:
        sums = pa.concat_tables([sums, new.cast(sums.schema)])
    return Kept({p: n for p, n in parts.items() if p in still} | added, people,
                sums.combine_chunks() if gone or added else sums)


def register(cur: duckdb.DuckDBPyConnection, kept: Kept) -> None:
    """Make the kept sums :data:`SUMS` of a cursor (a view of the Arrow table, no copy)."""
    cur.register(SUMS, kept.sums)


def _labels(db: Database, con: duckdb.DuckDBPyConnection, known: pd.DataFrame
            ) -> pd.DataFrame:
    """``known`` and the names of the added parts' sums the people rename, each with its
    person's."""
    pairs = con.execute("SELECT DISTINCT CAST(site AS VARCHAR) AS site, player "
                        "FROM _sums_added").df()
    labelled = db.people.label(pairs.astype({"site": "string", "player": "string"}))
    changed = labelled["player"].astype(object) != pairs["player"].astype(object)
    found = pd.DataFrame({"site": pairs["site"][changed].astype(object),
                          "stored": pairs["player"][changed].astype(object),
                          "label": labelled["player"][changed].astype(object)})
    if found.empty:
        return known
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
        con.execute("CREATE OR REPLACE TABLE _people AS SELECT * FROM _people_frame")
        con.unregister("_people_frame")
    con.execute(f"CREATE OR REPLACE VIEW {PEOPLE} AS SELECT * FROM "
                f"{_relabel('players', people)}")
