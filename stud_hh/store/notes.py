"""The user's notes and tags on players: the database's ``notes`` table.

A note is on a player at a site (``site`` null: the name at every site), under the name
the app shows (the settings' person, else the name as printed), with free text and tags.
Notes travel with the database: they are a table of it like the others (``stud-hh sql``
reads them, ``stud-hh check`` verifies them), written under its write lock. The table is
small, so each write commits it whole, in place of the data file it had (one Delta
commit adding the new file and removing the old, in a batch of its own): the table holds
one data file, and a write is all or nothing. An import of histories never writes it;
``stud-hh repair`` keeps it as it is.

:func:`write_notes` applies changes under a lock already held (an import's, or a watch's
through :class:`~stud_hh.store.ingest.live.LiveImport`); :func:`save_notes` takes the lock
for the write; :func:`notes_json` and :func:`parse_notes_json` are the file that
``stud-hh notes export`` writes and ``notes import`` reads.

>>> import tempfile
>>> from stud_hh.store.database import Database
>>> db = Database.create(tempfile.mkdtemp() + "/db")
>>> save_notes(db, [make_note("PokerStars", "Villain", "calls down light", ["fish"])])
1
>>> [(n.player, n.note, n.tags) for n in read_notes(db)]
[('Villain', 'calls down light', ('fish',))]
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from stud_hh.model.errors import InputError, UsageError
from stud_hh.settings.file import site_named, unknown_site
from stud_hh.store.database import Database, to_arrow
from stud_hh.store.schema import SCHEMA_VERSION, TABLES

__all__ = ["MAX_NOTE", "MAX_TAG", "MAX_TAGS", "Note", "clean_tags", "make_note",
           "notes_json", "parse_notes_json", "read_notes", "save_notes", "write_notes"]

MAX_NOTE = 10_000
"""The longest note, in characters."""
MAX_TAG = 40
"""The longest tag, in characters."""
MAX_TAGS = 20
"""The most tags on one player."""
FORMAT = "stud-hh notes"
"""What a notes file says it is (its ``format``)."""

_SPACE = re.compile(r"\s+")


@dataclass(frozen=True, slots=True)
class Note:
    """One player's note and tags."""

    site: str | None
    """The site, as stored (``PokerStars``); ``None``: the name at every site."""
    player: str
    note: str
    tags: tuple[str, ...]
    updated_utc: datetime | None = None

    @property
    def key(self) -> tuple[str | None, str]:
        return self.site, self.player

    @property
    def empty(self) -> bool:
        """Nothing written: saving it removes the player's note."""
        return not self.note.strip() and not self.tags

    def as_dict(self) -> dict[str, Any]:
        return {"site": self.site, "player": self.player, "note": self.note,
                "tags": list(self.tags),
                "updated_utc": None if self.updated_utc is None
                else self.updated_utc.isoformat().replace("+00:00", "Z")}


def clean_tags(tags: Iterable[str] | str) -> tuple[str, ...]:
    """Tags as stored: each trimmed, inner spaces made one, empty ones and repeats (in any
    case) left out, in the order given; a text is split at commas.

    >>> clean_tags(" fish, Reg ,fish,,  loose   passive ")
    ('fish', 'Reg', 'loose passive')
    """
    if isinstance(tags, str):
        tags = tags.split(",")
    elif not isinstance(tags, list | tuple):
        raise UsageError(f"tags are a list of texts, not {tags!r}")
    out: dict[str, str] = {}
    for tag in tags:
        if not isinstance(tag, str):
            raise UsageError(f"a tag is text, not {tag!r}")
        text = _SPACE.sub(" ", tag).strip()
        if not text:
            continue
        if len(text) > MAX_TAG:
            raise UsageError(f"a tag is at most {MAX_TAG} characters: {text[:MAX_TAG]}...")
        out.setdefault(text.casefold(), text)
    if len(out) > MAX_TAGS:
        raise UsageError(f"at most {MAX_TAGS} tags on a player, not {len(out)}")
    return tuple(out.values())


def make_note(site: str | None, player: str, note: str, tags: Iterable[str] | str,
              updated_utc: datetime | None = None) -> Note:
    """A note checked as a user gives it (:class:`UsageError` saying what is wrong): a
    site of stud-hh's in any case, or none; a player's name; text of at most
    :data:`MAX_NOTE` characters; tags (:func:`clean_tags`)."""
    if site is not None and not isinstance(site, str):
        raise UsageError(f"a site is text, not {site!r}")
    named: str | None = None
    if site is not None and site.strip():
        named = site_named(site)
        if named is None:
            raise UsageError(unknown_site(site))
    if not isinstance(player, str) or not player.strip():
        raise UsageError("a note needs the player's name")
    if not isinstance(note, str):
        raise UsageError(f"a note is text, not {note!r}")
    if len(note) > MAX_NOTE:
        raise UsageError(f"a note is at most {MAX_NOTE:,} characters, not {len(note):,}")
    return Note(named, player.strip(), note.replace("\r\n", "\n").strip(), clean_tags(tags),
                updated_utc)


def read_notes(db: Database) -> list[Note]:
    """Every note of the database, by player and site."""
    rows = db.arrow("notes").to_pylist()
    notes = [Note(None if r["site"] is None else str(r["site"]), r["player"], r["note"],
                  tuple(r["tags"] or ()), r["updated_utc"]) for r in rows]
    return sorted(notes, key=lambda n: (n.player.casefold(), n.player, n.site or ""))


def write_notes(db: Database, changes: Sequence[Note], *, replace_all: bool = False) -> int:
    """Apply ``changes`` to the notes of ``db``, whose write lock the caller holds: each
    note takes the place of the one on the same player and site (an empty one removes
    it); ``replace_all``: the notes are ``changes`` alone. One commit, the whole table in
    place of its previous part. Returns the notes the database holds after."""
    if db.schema_version < SCHEMA_VERSION:
        db._upgrade()  # a stud-hh older than the notes table must refuse the folder
    now = datetime.now(UTC)
    current = {} if replace_all else {n.key: n for n in read_notes(db)}
    for note in changes:
        if note.empty:
            current.pop(note.key, None)
        else:
            current[note.key] = note if note.updated_utc is not None else \
                replace(note, updated_utc=now)
    old = db.parts()["notes"]
    kept = sorted(current.values(), key=lambda n: (n.player, n.site or ""))
    parts = []
    if kept:
        columns = {name: [getattr(n, name) for n in kept] for name in TABLES["notes"].names}
        columns["tags"] = [list(n.tags) for n in kept]
        parts.append(db.write_part("notes", to_arrow("notes", columns)))
    db.commit(parts, replaces=old, operation="notes")
    return len(kept)


def save_notes(db: Database, changes: Sequence[Note], *, replace_all: bool = False) -> int:
    """:func:`write_notes` under the database's write lock, taken for the write
    (:class:`~stud_hh.model.errors.DatabaseError` when an import or a watch holds it)."""
    with db.writing(clean=False):
        return write_notes(db, changes, replace_all=replace_all)


def notes_json(notes: Sequence[Note]) -> str:
    """The notes as the file ``stud-hh notes export`` writes (JSON, UTF-8)."""
    body = {"format": FORMAT, "version": 1, "notes": [n.as_dict() for n in notes]}
    return json.dumps(body, indent=1, ensure_ascii=False) + "\n"


def parse_notes_json(text: str, path: str) -> list[Note]:
    """The notes of a file ``stud-hh notes export`` wrote (:class:`InputError` naming the
    file and the note when it is not one)."""
    try:
        body = json.loads(text)
    except ValueError as exc:
        raise InputError(f"not a notes file (not JSON: {exc})", path=path) from None
    if not isinstance(body, dict) or body.get("format") != FORMAT \
            or not isinstance(body.get("notes"), list):
        raise InputError(f"not a notes file (a JSON object with \"format\": \"{FORMAT}\" "
                         "and its \"notes\", as `stud-hh notes export` writes)", path=path)
    notes = []
    for number, item in enumerate(body["notes"], start=1):
        try:
            if not isinstance(item, dict):
                raise UsageError("not an object")
            notes.append(make_note(item.get("site"), item.get("player", ""),
                                   item.get("note", ""), item.get("tags", []),
                                   _when(item.get("updated_utc"))))
        except UsageError as exc:
            raise InputError(f"note {number}: {exc}", path=path) from None
    return notes


def _when(text: Any) -> datetime | None:
    if text is None:
        return None
    if not isinstance(text, str):
        raise UsageError(f"updated_utc is a time as text, not {text!r}")
    try:
        when = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        raise UsageError(f"updated_utc {text!r} is not an ISO time") from None
    return when.astimezone(UTC) if when.tzinfo else when.replace(tzinfo=UTC)
