"""Deduplication: what a database holds already, repeats dropped, and conflicts.

Hands are keyed by site and hand id, failures by a digest of their text, tournament
results by their key, files by path, size and modification time (:class:`Stored`, read
once per import). A task passes over what its worker was told is stored; the committing
process drops from a batch's parts what an earlier batch of the run brought
(:func:`drop_repeated`). A second copy of a hand whose text differs is kept as a
``conflicts`` row beside the stored copy (:func:`conflict_row`, :func:`run_conflicts`,
:func:`fill_stored_sources`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa
import pyarrow.compute as pc

from stud_hh.read.chunks import chunk_hands
from stud_hh.read.keys import hand_key
from stud_hh.read.reader import RawHand
from stud_hh.read.split import raw_hands
from stud_hh.store.database import Database, Part
from stud_hh.store.facts import text_digest
from stud_hh.store.ingest.tasks import FileResult
from stud_hh.store.known import KnownHands
from stud_hh.store.schema import HAND_TABLES, conform
from stud_hh.store.staging import key_text as _key


def conflict_row(key: str, raw: RawHand, digest: str, stored_digest: str,
                 stored_file: str | None = None,
                 stored_first_line: int | None = None) -> dict[str, Any]:
    """The ``conflicts`` row of ``raw``, a copy of the hand ``key`` whose text differs."""
    site, _, hand_id = key.partition("\x1f")
    return {"site": site, "hand_id": hand_id, "key": f"{key}\x1f{digest}", "file": raw.path,
            "first_line": raw.first_line,
            "last_line": raw.line_numbers[-1] if raw.line_numbers else raw.first_line,
            "text_digest": digest, "stored_file": stored_file,
            "stored_first_line": stored_first_line, "stored_digest": stored_digest,
            "text": raw.text}


@dataclass(slots=True)
class Stored:
    """What a database holds that an import must know: the keys it passes over.

    Read once per import (:meth:`of`); a watch keeps one up to date across its imports
    while it holds the write lock (:class:`~stud_hh.store.ingest.live.LiveImport`)."""

    hands: KnownHands
    """Stored hands: key -> text digest, kept compact (32 bytes a hand)."""
    failures: set[str]
    files: set[tuple[str, int, int]]
    """(file, size, modification time) of every reading of a file."""
    conflicts: set[str]
    failure_places: dict[tuple[str, int | str], set[str]]
    """Failure keys by (file, first line) and by (file, hand key): where a hand read whole
    later replaces a failure (see
    :attr:`~stud_hh.store.ingest.summary.ImportSummary.failures_replaced`)."""
    results: set[str] = field(default_factory=set)
    """Every stored ``tournaments`` row's key."""

    @classmethod
    def of(cls, db: Database) -> Stored:
        keys = KnownHands.of_batches(db.batches("hands", ["site", "hand_id", "text_digest"]))
        files = db.arrow("files", ["file", "size", "mtime_ns"])
        known_files = set(zip(files.column("file").to_pylist(),
                              files.column("size").to_pylist(),
                              files.column("mtime_ns").to_pylist(), strict=True))
        conflicts = set(db.arrow("conflicts", ["key"]).column("key").to_pylist())
        results = set(db.arrow("tournaments", ["key"]).column("key").to_pylist())
        stored = cls(keys, set(), known_files, conflicts, {}, results)
        for row in db.arrow("failures", ["key", "site", "hand_id", "file",
                                         "first_line"]).to_pylist():
            stored.add_failure(row)
        return stored

    def add_failure(self, row: dict[str, Any]) -> None:
        self.failures.add(row["key"])
        places = [(row["file"], row["first_line"])]
        if row["site"] is not None and row["hand_id"] is not None:
            places.append((row["file"], _key(row["site"], row["hand_id"])))
        for place in places:
            self.failure_places.setdefault(place, set()).add(row["key"])

    def replaced_failures(self, result: FileResult, repeated: set[str]) -> set[str]:
        """The stored failures that the new hands of ``result`` (those not in
        ``repeated``) replace."""
        found: set[str] = set()
        if not self.failure_places:
            return found
        for key, line in zip(result.hand_keys, result.hand_lines, strict=True):
            if key in repeated:
                continue
            found |= self.failure_places.get((result.path, line), set())
            found |= self.failure_places.get((result.path, key), set())
        return found

    def forget_failures(self, keys: set[str]) -> None:
        self.failures -= keys
        for place in [p for p, k in self.failure_places.items() if k & keys]:
            self.failure_places[place] -= keys
            if not self.failure_places[place]:
                del self.failure_places[place]


def drop_repeated(db: Database, parts: list[Part], hands: set[str],
                   failures: set[str], results: set[str] | None = None) -> list[Part]:
    """``parts`` rewritten without the hands, failures and results another batch already
    brought."""
    kept: list[Part] = []
    for part in parts:
        if part.table in HAND_TABLES and hands:
            repeated = hands
        elif part.table == "failures" and failures:
            repeated = failures
        elif part.table == "tournaments" and results:
            repeated = set(results)
        else:
            kept.append(part)
            continue
        data = db.read_part(part.path)
        if part.table in ("failures", "tournaments"):
            keys = data.column("key")
        else:
            keys = pc.binary_join_element_wise(data.column("site").cast(pa.string()),
                                               data.column("hand_id"), "\x1f")
        mask = pc.invert(pc.is_in(keys, value_set=pa.array(sorted(repeated), pa.string())))
        filtered = data.filter(mask)
        db.storage.delete(part.path)
        if filtered.num_rows:
            kept.append(db.write_part(part.table, conform(part.table, filtered)))
    return kept


def run_conflicts(result: FileResult, repeated: set[str],
                   seen: KnownHands) -> list[dict[str, Any]]:
    """Conflict rows for hands of ``result`` that an earlier batch of this run (or the
    database) brought with another text: their text is read again from the file."""
    different = {k: d for k, d in zip(result.hand_keys, result.hand_digests, strict=True)
                 if k in repeated and seen[k] is not None and seen[k] != d}
    if not different:
        return []
    rows = []
    for raw in chunk_hands(result.chunk) if result.chunk is not None else raw_hands(result.path):
        key = hand_key(raw)
        k = _key(*key) if key is not None else None
        if k in different:
            digest = text_digest(raw.text)
            if digest == different[k]:
                stored = seen[k]
                assert stored is not None
                rows.append(conflict_row(k, raw, digest, stored))
    return rows


def fill_stored_sources(db: Database, conflicts: list[dict[str, Any]],
                         pending: Sequence[str] = ()) -> None:
    """Fill in the stored copy's file and first line of conflicts that lack them, the
    stored copy being committed or in the ``hands`` parts ``pending`` (not committed yet)."""
    missing = [c for c in conflicts if c["stored_file"] is None]
    if not missing:
        return
    ids = sorted({c["hand_id"] for c in missing})
    columns = ["site", "hand_id", "file", "first_line"]
    found = [db.arrow("hands", columns, filters=[("hand_id", "in", ids)])]
    for path in pending:
        data = db.read_part(path, columns)
        found.append(data.filter(pc.is_in(data.column("hand_id"),
                                           value_set=pa.array(ids, pa.string()))))
    where = {(r["site"], r["hand_id"]): (r["file"], r["first_line"])
             for stored in found for r in stored.to_pylist()}
    for c in missing:
        c["stored_file"], c["stored_first_line"] = where.get((c["site"], c["hand_id"]),
                                                             (None, None))
