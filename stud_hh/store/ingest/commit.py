"""Committing: each task's result taken into the database, in the order of the tasks.

The committing process takes each batch's result as it comes in (:class:`InOrder`: in
the order of the batches, so that what is stored does not depend on how many processes
read them), drops what the database or an earlier batch of the run already holds, adds
the conflicts, takes out the failures its new hands replace, writes its files' ``files``
rows and commits it all in one atomic step (:meth:`Committer.commit`; see
:mod:`stud_hh.store.database`). A file cut into chunks is committed with its last chunk:
no file is ever committed in part, so a killed import loses only the batches it had not
committed, whose files the next import reads again, whole.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stud_hh.store.database import Database, Part, to_arrow
from stud_hh.store.ingest.dedupe import Stored, drop_repeated, fill_stored_sources, run_conflicts
from stud_hh.store.ingest.summary import ImportSummary
from stud_hh.store.ingest.tasks import BatchResult, FileResult
from stud_hh.store.schema import TABLES


class InOrder:
    """Commits batch results in the order of their batches, whatever order they end in, so
    that what is stored is the same for any number of processes: of two copies of a hand
    (or two readings of a failure), the one first in the order the files are read is kept,
    the other is the repeat (or the conflict)."""

    def __init__(self, commit: Callable[[BatchResult], None]) -> None:
        self.commit = commit
        self.next = 0
        self.waiting: dict[int, BatchResult] = {}

    def done(self, index: int, result: BatchResult) -> None:
        """Batch ``index`` has ended: commit it, and the waiting ones it was holding back."""
        self.waiting[index] = result
        while self.next in self.waiting:
            self.commit(self.waiting.pop(self.next))
            self.next += 1

    def give_up(self) -> list[int]:
        """The batches that ended but still wait for an earlier one (their workers
        stopped): forgotten, to be read again; their parts are left uncommitted."""
        waiting = sorted(self.waiting)
        self.waiting.clear()
        return waiting


@dataclass(slots=True)
class _Pieces:
    """A file cut into chunks, as its chunks come in."""

    left: int
    """Chunks not in yet."""
    row: dict[str, Any]
    """Its ``files`` row, counted over the chunks in."""
    held_back: bool = False
    """Whether a chunk in held its last text back (the row's size is then the byte that
    text starts at)."""
    named: bool = False
    """Whether a chunk in stores rows that name the file."""


@dataclass(slots=True)
class _Pending:
    """What batches brought that is counted but not committed yet: the batches since a file
    cut into chunks was opened, committed in one step with its last chunk. No file is
    ever committed in part, so a killed import leaves a file's rows whole (its ``files`` row
    among them) or none of them, and the next import reads the file again, whole."""

    parts: list[Part] = field(default_factory=list)
    files: dict[str, None] = field(default_factory=dict)
    """The history files of the parts' rows, in order."""
    replaces: list[str] = field(default_factory=list)
    """Committed parts leaving the database with the pending ones (rewritten without the
    failures their hands replace)."""


def _named_files(batch: BatchResult, repeated: set[str], repeated_failures: set[str],
                 repeated_results: set[str], conflicts: list[dict[str, Any]]) -> set[str]:
    """The files that the rows ``batch`` stores name: its hands, failures and results not
    stored before (nor ``repeated`` in the run) and its conflicts."""
    named = {str(c["file"]) for c in conflicts}
    for result in batch.files:
        if any(k not in repeated for k in result.hand_keys) \
                or any(k not in repeated_failures for k in result.failure_keys) \
                or any(k not in repeated_results for k in result.result_keys):
            named.add(result.path)
    return named


@dataclass(slots=True)
class Committer:
    """The parent side of an import: commits each batch's parts as its result comes in,
    without what the database or an earlier batch of the run already holds, and counts
    each file."""

    db: Database
    summary: ImportSummary
    problems: list[tuple[Path, str]]
    stored: Stored
    """Every hand, failure, file and conflict stored or committed so far."""
    on_file: Callable[[FileResult], None] | None
    without_hands: list[Path] = field(default_factory=list)
    worker_cpu: dict[int, float] = field(default_factory=dict)
    read: int = 0
    pieces: dict[str, _Pieces] = field(default_factory=dict)
    """Files cut into chunks some of whose chunks are in (pending), by path."""
    pending: _Pending = field(default_factory=_Pending)

    def commit(self, batch: BatchResult) -> None:
        """Take one batch's parts in, repeats dropped, conflicts added, the failures its
        hands replace taken out and its files' rows written, and count its files; commit
        them at once, unless a file cut into chunks is open (some of its chunks still to
        come): then with that file's last chunk (:class:`_Pending`)."""
        repeated: set[str] = set()
        repeated_failures: set[str] = set()
        repeated_results: set[str] = set()
        conflicts: list[dict[str, Any]] = []
        seen = self.stored
        for result in batch.files:
            conflicts += result.conflicts
            in_file = {k for k, known in zip(result.hand_keys,
                                              seen.hands.contains_many(result.hand_keys),
                                              strict=True) if known}
            if in_file:
                conflicts += run_conflicts(result, in_file, seen.hands)
                repeated |= in_file
            repeated_failures |= {k for k in result.failure_keys if k in seen.failures}
            repeated_results |= {k for k in result.result_keys if k in seen.results}
        rows = self._files_rows(batch, repeated, _named_files(
            batch, repeated, repeated_failures, repeated_results, conflicts))
        parts = batch.parts
        if repeated or repeated_failures or repeated_results:
            parts = drop_repeated(self.db, parts, repeated, repeated_failures,
                                   repeated_results)
        conflicts = self._new_conflicts(conflicts, parts)
        self._replace_failures(batch, repeated, parts)
        if rows:
            parts.append(self.db.write_part("files", to_arrow("files", {
                name: [row[name] for row in rows] for name in TABLES["files"].names})))
        self.pending.parts += parts
        self.pending.files.update(dict.fromkeys(
            r.path for r in batch.files if r.mtime_ns is not None and not r.without_hands))
        if not self.pieces:
            self.flush()
        seen.files.update((row["file"], row["size"], row["mtime_ns"]) for row in rows)
        seen.conflicts.update(c["key"] for c in conflicts)
        self.summary.conflicts.extend(conflicts)
        self.summary.worker_peak_mib = max(self.summary.worker_peak_mib, batch.peak_rss_mib)
        if batch.pid != os.getpid():
            self.worker_cpu[batch.pid] = batch.cpu_seconds
        for result in batch.files:
            self._count(result, repeated, repeated_failures)
            self._count_results(result, repeated_results)
            if self.on_file is not None:
                self.on_file(result)

    def flush(self) -> None:
        """Commit what is pending, in one step."""
        pending, self.pending = self.pending, _Pending()
        self.db.commit(pending.parts, {"files": list(pending.files)},
                       replaces=pending.replaces)

    def pending_paths(self) -> set[str]:
        """The parts taken in and not committed yet (not to be removed as a dead worker's)."""
        return {p.path for p in self.pending.parts}

    def _files_rows(self, batch: BatchResult, repeated: set[str], named: set[str]
                    ) -> list[dict[str, Any]]:
        """The ``files`` rows ``batch`` completes: one per file read, and one per file cut
        into chunks whose last chunk to come in is in ``batch`` (each result's
        :attr:`FileResult.completes` set). A file's hands are those stored from it: not
        those ``repeated`` (stored before, or brought by an earlier batch of the run, which
        its worker could not know). A file whose last text was held back (still being
        written) gets a row only when the reading stores rows that name it (``named``), of
        the bytes before that text (:attr:`FileResult.read_to`): every file the database's
        rows name has a row, and the next import still reads that file again. No row is
        written twice."""
        rows = []
        for result in batch.files:
            row = self._row_of(result, repeated, result.path in named)
            if row is not None and \
                    (row["file"], row["size"], row["mtime_ns"]) not in self.stored.files:
                rows.append(row)
        return rows

    def _row_of(self, result: FileResult, repeated: set[str], named: bool
                ) -> dict[str, Any] | None:
        """The ``files`` row of one result (see :meth:`_files_rows`), if it has one."""
        row = result.files_row()
        row["hands"] = sum(k not in repeated for k in result.hand_keys)
        if result.chunk is not None:
            return self._pieces_row(result, row, named)
        if result.mtime_ns is None or result.without_hands or (result.held_back and not named):
            return None
        if result.held_back:
            row["size"] = result.read_to or 0
        return row

    def _pieces_row(self, result: FileResult, row: dict[str, Any], named: bool
                    ) -> dict[str, Any] | None:
        """The ``files`` row of a file cut into chunks, counted over them, once the last of
        them is in (``None`` before, or when a chunk held its last text back and none
        stores rows that name the file): the size and time the file had when it was cut,
        up to which its chunks read it (it may have grown since), or the byte a text held
        back starts at."""
        chunk = result.chunk
        assert chunk is not None
        pieces = self.pieces.get(result.path)
        if pieces is None:
            pieces = self.pieces[result.path] = _Pieces(chunk.count, {
                "file": result.path, "size": chunk.size, "mtime_ns": chunk.mtime_ns,
                "hands": 0, "skipped": 0, "failures": 0})
        pieces.left -= 1
        for name in ("hands", "skipped", "failures"):
            pieces.row[name] += row[name]
        pieces.named = pieces.named or named
        if result.held_back:
            pieces.held_back = True
            pieces.row["size"] = min(pieces.row["size"], result.read_to or 0)
        result.completes = pieces.left == 0
        if not result.completes:
            return None
        del self.pieces[result.path]
        return pieces.row if pieces.named or not pieces.held_back else None

    def _replace_failures(self, batch: BatchResult, repeated: set[str],
                          parts: list[Part]) -> None:
        """Take out the failures stored earlier that the batch's new hands replace: the
        parts holding them (committed, or pending) are rewritten without them, the new
        parts into ``parts``, the committed ones replaced when the pending ones commit."""
        keys: set[str] = set()
        for result in batch.files:
            keys |= self.stored.replaced_failures(result, repeated)
        if not keys:
            return
        pending = self.pending
        waiting = {p.path: p for p in pending.parts if p.table == "failures"}
        current = [p for p in self.db.parts()["failures"] if p not in pending.replaces]
        old, new = self.db.without_rows("failures", "key", keys, [*current, *waiting])
        for path in old:
            if path in waiting:  # never committed: gone for good
                pending.parts.remove(waiting[path])
                self.db.storage.delete(path)
            else:
                pending.replaces.append(path)
        parts += new
        self.stored.forget_failures(keys)
        self.summary.failures_replaced += len(keys)
        self.summary.replaced_keys |= keys

    def _new_conflicts(self, conflicts: list[dict[str, Any]], parts: list[Part]
                       ) -> list[dict[str, Any]]:
        """The conflicts not stored yet, written as a ``conflicts`` part into ``parts``."""
        conflicts = [c for c in conflicts if c["key"] not in self.stored.conflicts]
        if conflicts:
            fill_stored_sources(self.db, conflicts, [
                p.path for p in self.pending.parts if p.table == "hands"])
            parts.append(self.db.write_part("conflicts", to_arrow("conflicts", {
                name: [c[name] for c in conflicts] for name in TABLES["conflicts"].names})))
        return conflicts

    def _count_results(self, result: FileResult, repeated: set[str]) -> None:
        """One committed file's tournament summaries and results in the summary."""
        new = [k for k in result.result_keys if k not in repeated]
        self.stored.results.update(new)
        self.summary.results_new += len(new)
        self.summary.results_known += result.results_known + len(result.result_keys) - len(new)
        self.summary.summaries += result.summaries
        self.summary.summaries_skipped += result.summaries_skipped

    def _count(self, result: FileResult, repeated: set[str],
               repeated_failures: set[str]) -> None:
        """One committed file in the summary (and in what is known to be stored)."""
        summary = self.summary
        if result.without_hands or result.problem is not None:
            if result.problem is not None:
                self.problems.append((Path(result.path), result.problem))
            else:
                self.without_hands.append(Path(result.path))
            return
        self.read += result.completes
        summary.held_back += result.held_back
        if repeated:  # brought by an earlier batch: their rows were dropped, and so is their count
            kept = [(k, d, n, v, f) for k, d, n, v, f in zip(
                result.hand_keys, result.hand_digests, result.hand_lines,
                result.hand_violations, result.hand_following, strict=True)
                if k not in repeated]
            summary.duplicates += len(result.hand_keys) - len(kept)
            result.hand_keys = [k for k, *_ in kept]
            result.hand_digests = [d for _, d, *_ in kept]
            result.hand_lines = [n for _, _, n, _, _ in kept]
            result.hand_violations = [v for *_, v, _ in kept]
            result.hand_following = [f for *_, f in kept]
            result.violations = sum(result.hand_violations)
            result.violations_following = sum(result.hand_following)
            result.hands_with_violations = sum(v > 0 for v in result.hand_violations)
        self.stored.hands.update(zip(result.hand_keys, result.hand_digests, strict=True))
        again = 0
        for key, (first, line, reason, hand) in zip(result.failure_keys, result.failure_notes,
                                                    strict=True):
            if key in repeated_failures:
                again += 1
                continue
            site, _, hand_id = hand.partition("\x1f") if hand else (None, "", None)
            self.stored.add_failure({"key": key, "site": site, "hand_id": hand_id,
                                     "file": result.path, "first_line": first})
            summary.failures.append((result.path, line, result.unreadable or reason))
            summary.failure_keys.append(key)
            summary.hands_failed += key not in result.texts_failed
        summary.hands_new += len(result.hand_keys)
        summary.duplicates += result.duplicates
        summary.failures_new += len(result.failure_keys) - again
        summary.failures_known += result.failures_known + again
        summary.skipped += result.skipped
        summary.violations += result.violations
        summary.violations_following += result.violations_following
        summary.hands_with_violations += result.hands_with_violations
