"""Notes and tags on players, as every page of the app reads and writes them.

The notes are the database's ``notes`` table (:mod:`stud_hh.store.notes`), read here
through the page's DuckDB connection, so a page pays one small query. A note is on a
player at a site, or on the name at every site (``site`` null); for a player at a site
the note of that site wins, else the name's note at every site (:func:`notes_of`).
Names are those the pages show (the ``people_players`` view: the settings' persons).

What other pages call:

* :func:`notes_of` -- the notes of a list of ``(site, player)`` pairs (site ``None``: the
  name wherever it plays): the live panels, a player's page, the hands' seats;
* :func:`all_tags` -- every tag in use, with how many players carry it (a tag filter's
  choices);
* :func:`tagged_sql` -- a SQL condition on a row with ``site`` and ``player`` columns
  that holds for the players carrying a tag (a hand list's ``tag`` filter);
* :func:`save` -- write one note (the ``POST /api/notes`` of the pages);
* :func:`player_tags` -- each player's tags by name, whatever the site (the *Hands* page's
  tag filter, through :mod:`stud_hh.app.tags`);
* :func:`hand_notes` -- the notes of the players of one hand (the replayer's page).

A write needs the database's write lock. While the app watches folders, its watch holds
it: the note is written through the watch's database between two polls. Otherwise the
lock is taken for the write; when another process holds it (``stud-hh import``, a
``stud-hh watch`` in a terminal) the write is refused with :class:`NotesBusy` (the page
shows why, with a 409).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from stud_hh.app.players_sql import PLAYERS
from stud_hh.app.source import Source
from stud_hh.model.errors import DatabaseError
from stud_hh.store.database import Database
from stud_hh.store.notes import Note, read_notes, save_notes, write_notes

if TYPE_CHECKING:
    import duckdb

    from stud_hh.app.live import Watcher

__all__ = ["NotesBusy", "all_tags", "hand_notes", "notes_in", "notes_of", "player_tags",
           "save", "tagged_sql"]

Pair = tuple[str | None, str]


class NotesBusy(DatabaseError):
    """Another process holds the database's write lock: no note can be written now."""


def _rows(cur: duckdb.DuckDBPyConnection, names: list[str]) -> list[Note]:
    found = cur.execute(
        "SELECT CAST(site AS VARCHAR), player, note, tags, updated_utc FROM notes "
        "WHERE player IN (SELECT unnest(?))", [names]).fetchall()
    return [Note(site, player, note, tuple(tags or ()), updated)
            for site, player, note, tags, updated in found]


def notes_of(source: Source, pairs: Iterable[Pair]) -> dict[Pair, Note]:
    """The note of each ``(site, player)`` that has one: the note of the player at that
    site, else the name's note at every site; for ``(None, player)`` the name's note at
    every site, else the latest written of the player's notes at one site."""
    with source.cursor() as cur:
        return notes_in(cur, pairs)


def notes_in(cur: duckdb.DuckDBPyConnection, pairs: Iterable[Pair]) -> dict[Pair, Note]:
    """:func:`notes_of`, on a cursor of the page's connection."""
    wanted = sorted(set(pairs), key=lambda p: (p[1], p[0] or ""))
    if not wanted:
        return {}
    rows = _rows(cur, sorted({player for _, player in wanted}))
    by_key = {n.key: n for n in rows}
    latest: dict[str, Note] = {}
    for note in rows:
        if note.site is not None and (note.player not in latest or _newer(note, latest[
                note.player])):
            latest[note.player] = note
    out: dict[Pair, Note] = {}
    for site, player in wanted:
        found = by_key.get((site, player)) or by_key.get((None, player))
        if found is None and site is None:
            found = latest.get(player)
        if found is not None:
            out[(site, player)] = found
    return out


def player_tags(db: Database) -> dict[str, tuple[str, ...]]:
    """Each player's tags by name: those of their notes at every site, in the order given
    (a name's tags at one site count at every site: the *Hands* page filters by name)."""
    out: dict[str, dict[str, None]] = {}
    for note in read_notes(db):
        out.setdefault(note.player, {}).update(dict.fromkeys(note.tags))
    return {player: tuple(tags) for player, tags in out.items() if tags}


def hand_notes(source: Source, site: str, hand_id: str) -> list[tuple[int, Note]]:
    """The seat and note of each player of the hand who has one, by seat."""
    with source.cursor() as cur:
        seated = cur.execute(f"SELECT seat, player FROM {PLAYERS} WHERE hand_id = ? "
                             "AND CAST(site AS VARCHAR) = ? ORDER BY seat",
                             [hand_id, site]).fetchall()
        found = notes_in(cur, [(site, str(player)) for _, player in seated])
    return [(int(seat), found[(site, str(player))]) for seat, player in seated
            if (site, str(player)) in found]


def _newer(a: Note, b: Note) -> bool:
    if a.updated_utc is None or b.updated_utc is None:
        return b.updated_utc is None and a.updated_utc is not None
    return a.updated_utc > b.updated_utc


def all_tags(source: Source) -> list[tuple[str, int]]:
    """Every tag in use and how many players carry it, the most used first."""

    def compute(cur: duckdb.DuckDBPyConnection) -> list[tuple[str, int]]:
        rows = cur.execute("SELECT tag, count(*) AS n FROM (SELECT unnest(tags) AS tag "
                           "FROM notes) GROUP BY tag ORDER BY n DESC, lower(tag), tag"
                           ).fetchall()
        return [(str(tag), int(n)) for tag, n in rows]

    return source.cached(("notes", "tags"), compute)


def tagged_sql(alias: str = "p") -> str:
    """A SQL condition on the row ``alias`` (with ``site`` and ``player``, names as the
    pages show them: a ``people_players`` row) that holds when the player carries the tag
    given as its one ``?`` parameter (in any case): by the note of the player's site, else
    by the name's note at every site.

    >>> print(tagged_sql("p"))  # doctest: +ELLIPSIS
    EXISTS (SELECT 1 FROM notes n WHERE n.player = p.player AND ...
    """
    site = f"CAST({alias}.site AS VARCHAR)"
    return (f"EXISTS (SELECT 1 FROM notes n WHERE n.player = {alias}.player "
            f"AND lower(?) IN (SELECT lower(unnest(n.tags))) "
            f"AND (CAST(n.site AS VARCHAR) = {site} OR (n.site IS NULL AND NOT EXISTS "
            f"(SELECT 1 FROM notes m WHERE m.player = n.player "
            f"AND CAST(m.site AS VARCHAR) = {site}))))")


def save(source: Source, watcher: Watcher | None, note: Note) -> None:
    """Write ``note`` (an empty one removes the player's note at its site) into the
    database of ``source``: through the app's watch when it holds the write lock, else
    under the lock taken for the write (:class:`NotesBusy` when another process holds
    it). The pages listening are told (event ``notes``)."""
    done = False
    if watcher is not None:
        done, _ = watcher.through_watch(lambda db: write_notes(db, [note]))
    if not done:
        try:
            if watcher is not None:
                with watcher.lock:
                    save_notes(Database(source.db.storage), [note])
            else:
                save_notes(Database(source.db.storage), [note])
        except DatabaseError as exc:
            if "another import is writing" not in str(exc):
                raise
            raise NotesBusy(
                "another stud-hh (an import, or a watch in a terminal) is writing to this "
                "database, so the note is not saved: save it again once that ends (or "
                "watch from the app, stud-hh ui --watch FOLDER, which saves notes while it "
                "watches)", path=str(source.db.root)) from None
    if watcher is not None:
        watcher.hub.publish("notes")
