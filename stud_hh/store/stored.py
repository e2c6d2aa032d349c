"""Stored hands read again, and hands chosen by a selection (``show --db``, ``export``).

The database keeps facts, not events, so a stored hand's events are read again from the
file and lines it was imported from (:func:`stored_hands`). Hands parsed from files are
chosen by a :class:`~stud_hh.store.select.Selection` on the very rows an import would
store for them (:func:`selected_hands`), so ``export PATH... --game razz`` and
``export --db DIR --game razz`` pick the same hands.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow.dataset as ds

from stud_hh.model.errors import StudHHError
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_file, result_of
from stud_hh.read.reader import read_hands, read_head
from stud_hh.read.sites import document_format, starts_hand
from stud_hh.read.split import raw_hands, text_hands
from stud_hh.replay import replay
from stud_hh.store.database import Database, open_db, to_arrow
from stud_hh.store.facts import columns, hand_rows, text_digest
from stud_hh.store.schema import to_pandas
from stud_hh.store.select import Resolved, Selection, hand_keys, resolve

__all__ = ["ChosenHands", "ReadAgain", "StoredHands", "StoredText", "read_again",
           "read_stored", "selected_hands", "stored_hands"]


@dataclass
class StoredHands:
    """Hands of a database read again from their files, and what could not be."""

    hands: list[ParsedHand] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    """Hand ids asked for that the database does not hold."""
    unreadable: list[str] = field(default_factory=list)
    """Why stored hands could not be read again (file gone or changed)."""
    left_out: int = 0
    """Hands the selection left out."""
    undated: int = 0
    """Hands the selection's date filter left out for having no date."""


def stored_hands(db_root: str | os.PathLike[str], hand_ids: Sequence[str] = (),
                 select: Selection | None = None) -> StoredHands:
    """The stored hands named ``hand_ids`` (all when empty) in the selection ``select``,
    parsed again from their files.

    The database keeps facts, not events: a hand is read again from the file and
    lines it was imported from. Raises :class:`~stud_hh.store.database.DatabaseError` when
    ``db_root`` is not a database, :class:`~stud_hh.store.select.SelectionError` when a
    filter names nothing stored.
    """
    db = open_db(db_root)
    filters = [("hand_id", "in", list(hand_ids))] if hand_ids else None
    rows = db.hands(columns=["site", "hand_id", "file", "first_line"], filters=filters)
    found = StoredHands()
    found.missing = sorted(set(hand_ids) - set(rows["hand_id"]))
    if select is not None and select.narrows_hands:
        resolved = db.resolve(select)
        chosen = _keys(db.read_resolved("hands", resolved, ["site", "hand_id"]))
        inside = [key in chosen for key in zip(rows["site"].astype(str),
                                               rows["hand_id"].astype(str), strict=True)]
        found.left_out, found.undated = len(rows) - sum(inside), resolved.undated
        rows = rows[inside]
    wanted: dict[str, set[tuple[str, str]]] = {}
    for site, hand_id, path in zip(rows["site"], rows["hand_id"], rows["file"], strict=True):
        wanted.setdefault(str(path), set()).add((str(site), str(hand_id)))
    for path, keys in sorted(wanted.items()):
        if not Path(path).is_file():
            found.unreadable.append(f"{path}: the file of {len(keys)} stored hands is gone")
            continue
        for result in parse_file(path):
            if isinstance(result, ParsedHand) and (result.site, result.hand_id) in keys:
                keys.discard((result.site, result.hand_id))
                found.hands.append(result)
        found.unreadable.extend(f"{path}: hand {hand_id} ({site}) is no longer in the file"
                                for site, hand_id in sorted(keys))
    return found


@dataclass
class ReadAgain:
    """Stored hands read again from their files, each with the profile it was stored under."""

    hands: list[tuple[ParsedHand, str]] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)
    """Why a stored hand asked for was left out: not stored, its file gone, or changed."""


@dataclass(frozen=True, slots=True)
class StoredText:
    """Where a stored hand's text is (the ``hands`` row's ``file``, ``first_line`` and
    ``last_line``), the profile it was stored under and the digest of its text."""

    site: str
    hand_id: str
    file: str
    first_line: int
    last_line: int
    profile: str
    digest: str | None


def read_again(db: Database, keys: Iterable[tuple[str, str]]) -> ReadAgain:
    """The stored hands ``keys`` (``(site, hand_id)``) parsed again from the file and lines
    they were imported from, with their stored profile. A hand is left out (and said why)
    when its file is gone, or no longer holds the text that was imported: another digest
    of the text (:func:`~stud_hh.store.facts.text_digest`), or other lines."""
    wanted = {(str(site), str(hand_id)) for site, hand_id in keys}
    if not wanted:
        return ReadAgain()
    rows = db.hands(columns=["site", "hand_id", "file", "first_line", "last_line", "profile",
                             "text_digest"],
                    filters=[("hand_id", "in", sorted({h for _, h in wanted}))])
    texts = []
    for site, hand_id, path, first, last, profile, digest in zip(
            rows["site"], rows["hand_id"], rows["file"], rows["first_line"], rows["last_line"],
            rows["profile"], rows["text_digest"], strict=True):
        key = (str(site), str(hand_id))
        if key in wanted:
            wanted.discard(key)
            texts.append(StoredText(*key, str(path), int(first), int(last), str(profile),
                                    None if pd.isna(digest) else str(digest)))
    found = read_stored(texts)
    found.left_out[:0] = [f"hand {h} ({s}) is not stored" for s, h in sorted(wanted)]
    return found


def read_stored(texts: Iterable[StoredText]) -> ReadAgain:
    """The hands of ``texts`` (rows a caller read from the ``hands`` table) parsed again
    from their files, as :func:`read_again` does."""
    found = ReadAgain()
    stored: dict[str, dict[tuple[str, str], tuple[int, int, str, Any]]] = {}
    for t in texts:
        stored.setdefault(t.file, {})[(t.site, t.hand_id)] = (t.first_line, t.last_line,
                                                               t.profile, t.digest)
    for path, keys_here in sorted(stored.items()):
        _read_file_again(path, keys_here, found)
    return found


def _read_file_again(path: str, stored: dict[tuple[str, str], tuple[int, int, str, Any]],
                     found: ReadAgain) -> None:
    if not Path(path).is_file():
        found.left_out.extend(f"{path}: the file of hand {h} ({s}) is gone"
                              for s, h in sorted(stored))
        return
    try:
        _read_lines_again(path, stored, found)
        if not stored:
            return
        raws = list(raw_hands(path))
    except StudHHError as exc:
        found.left_out.append(f"{path}: cannot be read again: {exc}")
        return
    for raw in raws:
        result = result_of(raw)
        if not isinstance(result, ParsedHand) or (result.site, result.hand_id) not in stored:
            continue
        first, last, profile, digest = stored.pop((result.site, result.hand_id))
        if (result.first_line, result.last_line) == (first, last) and (
                digest is None or digest == text_digest(raw.text)):
            found.hands.append((result, profile))
        else:
            found.left_out.append(f"{path}: hand {result.hand_id} ({result.site}) changed "
                                  "since it was imported")
    found.left_out.extend(f"{path}: hand {h} ({s}) is no longer in the file"
                          for s, h in sorted(stored))


def _read_lines_again(path: str, stored: dict[tuple[str, str], tuple[int, int, str, Any]],
                      found: ReadAgain) -> None:
    """The hands of ``stored`` read from their own lines only, each taken out of
    ``stored`` when found there with the text imported; the rest are left for the reading
    of the whole file (which says why one is not there). Only in a file of one byte per
    line end (``\n`` or ``\r\n``, no UTF-16), where a line's first byte is found by
    counting line ends; a document format (XML, PHH) is read whole."""
    if document_format(path, read_head(path)) is not None:
        return
    data = Path(path).read_bytes()
    if b"\0" in data[:4096] or data.count(b"\r") != data.count(b"\r\n"):
        return
    for key, (first, last, profile, digest) in sorted(stored.items()):
        start, end = _line_start(data, first), _line_start(data, last + 1)
        if start is None:
            continue
        raws = list(text_hands(read_hands(path, starts_hand, first_line=first,
                                          byte_range=(start, len(data) if end is None
                                                      else end))))
        if len(raws) != 1:
            continue
        result = result_of(raws[0])
        if (isinstance(result, ParsedHand) and (result.site, result.hand_id) == key
                and (result.first_line, result.last_line) == (first, last)
                and (digest is None or digest == text_digest(raws[0].text))):
            found.hands.append((result, profile))
            del stored[key]


def _line_start(data: bytes, line: int, block: int = 1 << 16) -> int | None:
    """The offset of the first byte of line ``line`` (1-based) of ``data``, lines ending
    in ``\n`` (``None``: past the end)."""
    pos, at = 0, 1
    while at < line:
        if pos >= len(data):
            return None
        upto = min(pos + block, len(data))
        ends = data.count(b"\n", pos, upto)
        if at + ends < line:
            at, pos = at + ends, upto
            continue
        while at < line:
            pos = data.index(b"\n", pos) + 1
            at += 1
    return pos if pos <= len(data) else None


def _keys(frame: pd.DataFrame) -> set[tuple[str, str]]:
    return set(zip(frame["site"].astype(str), frame["hand_id"].astype(str), strict=True))


@dataclass
class ChosenHands:
    """Parsed hands in a selection, and those that could not be placed."""

    hands: list[ParsedHand] = field(default_factory=list)
    unplaced: list[StudHHError] = field(default_factory=list)
    """Hands whose replay failed, so that no row (and no filter) could place them."""
    resolved: Resolved | None = None
    """The selection as matched to these hands (``undated``: left out for having no date)."""


def selected_hands(hands: Sequence[ParsedHand], select: Selection) -> ChosenHands:
    """The ``hands`` in the selection, decided on the ``hands`` and ``players`` rows an
    import would store for them (the same filters, matching and errors as a database's).
    """
    rows: dict[str, list[dict[str, Any]]] = {"hands": [], "players": []}
    chosen = ChosenHands()
    placed: list[ParsedHand] = []
    for hand in hands:
        try:
            tables = hand_rows(replay(hand))
        except StudHHError as exc:
            chosen.unplaced.append(exc)
            continue
        placed.append(hand)
        for table, found in rows.items():
            found.extend(tables[table])
    data = {table: ds.dataset(to_arrow(table, columns(table, found)))
            for table, found in rows.items()}

    def read(table: str, wanted: Sequence[str] | None, filters: Any) -> pd.DataFrame:
        expression = filters if filters is None or isinstance(filters, ds.Expression) \
            else _expression(filters)
        return to_pandas(table, data[table].to_table(
            columns=list(wanted) if wanted is not None else None, filter=expression))

    chosen.resolved = resolve(select, read)
    keys = _keys(hand_keys(chosen.resolved, read))
    chosen.hands = [h for h in placed if (h.site, h.hand_id) in keys]
    return chosen


def _expression(terms: Any) -> Any:
    import pyarrow.parquet as pq

    return pq.filters_to_expression(terms) if len(terms) else None
