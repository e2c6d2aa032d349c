"""Row triage: what each text a task reads becomes.

A task's hands are read a group at a time (:func:`stud_hh.store.staging.prepared`); each,
in the file's order, is taken by :meth:`Triage.take`: passed over as a repeat, counted as
skipped, kept as a failure, or replayed and buffered as rows. The counts go into the
file's :class:`~stud_hh.store.ingest.tasks.FileResult`.
"""

from __future__ import annotations

from collections.abc import Iterable

from stud_hh.model.caches import keep
from stud_hh.model.errors import StudHHError
from stud_hh.model.hand import ParseFailure, SkippedHand
from stud_hh.model.results import TournamentResult
from stud_hh.read.finishes import hand_results, skipped_results
from stud_hh.read.parse import failure_of
from stud_hh.read.reader import RawHand
from stud_hh.read.summaries import SummaryFailure
from stud_hh.replay import ReplayedHand
from stud_hh.store.database import Database, Part
from stud_hh.store.facts import failure_row, text_digest
from stud_hh.store.ingest.dedupe import conflict_row
from stud_hh.store.ingest.rows import RowBuffer, Source
from stud_hh.store.ingest.tasks import FileResult, WorkerSettings
from stud_hh.store.staging import Prepared, collector_paused
from stud_hh.store.staging import key_text as _key
from stud_hh.store.tournaments import summary_failure_row, tournament_row

LOOKED_UP_MOST = 4096
"""Lookups of stored hands a task keeps for its bookkeeping at most (a group's are used
within the group)."""


class Triage:
    """What each text of one task is, in the order of its files: stored already or earlier
    in the task (a repeat, kept as a conflict too when its text differs), skipped as not
    stud, a failure, or a new hand whose rows are buffered (:class:`RowBuffer`).

    It keeps what the task has met so far, to tell a hand's second copy in the task; the
    keys the database holds are the worker's (:class:`WorkerSettings`), the same for
    every task.
    """

    def __init__(self, settings: WorkerSettings, db: Database) -> None:
        self.settings = settings
        self.buffer = RowBuffer(db, self._unstorable)
        self.collector = collector_paused()
        self.seen: dict[str, tuple[str, str, int]] = {}
        """Hands of this task so far: key -> (text digest, file, first line)."""
        self.failures_seen: set[str] = set()
        self.results_seen: set[str] = set()
        self.looked_up: dict[str, tuple[bool, str | None]] = {}
        """Stored hands asked of when a group was read (:meth:`passed_over`), kept for
        the bookkeeping to ask again (:meth:`repeated`): the worker's stored hands do not
        change during its task, and a lookup searches every sorted run of them."""

    def keep_results(self, results: Iterable[TournamentResult], result: FileResult) -> None:
        """Buffer the ``tournaments`` rows of results not stored yet."""
        for found in results:
            row = tournament_row(found)
            if row["key"] in self.settings.known_results or row["key"] in self.results_seen:
                result.results_known += 1
                continue
            self.results_seen.add(row["key"])
            result.result_keys.append(row["key"])
            self.buffer.add("tournaments", [row])

    def keep_failure(self, failure: ParseFailure | SummaryFailure, result: FileResult) -> None:
        row = (summary_failure_row(failure) if isinstance(failure, SummaryFailure)
               else failure_row(failure))
        if row["key"] in self.settings.known_failures or row["key"] in self.failures_seen:
            result.failures_known += 1
            return
        self.failures_seen.add(row["key"])
        result.failure_keys.append(row["key"])
        if row["site"] is None:
            result.texts_failed.add(row["key"])
        hand = (_key(row["site"], row["hand_id"]) if row["site"] is not None
                and row["hand_id"] is not None else None)
        result.failure_notes.append((row["first_line"], row["line"] or row["first_line"],
                                     row["reason"], hand))
        self.buffer.add("failures", [row])

    def _unstorable(self, source: Source, reason: str) -> None:
        """A buffered hand the database cannot take: kept as a failure instead."""
        result, raw = source.result, source.raw
        index = result.hand_keys.index(source.key)
        del result.hand_keys[index]
        del result.hand_digests[index]
        del result.hand_lines[index]
        del result.hand_violations[index]
        del result.hand_following[index]
        if source.violations:
            result.violations -= source.violations
            result.violations_following -= source.following
            result.hands_with_violations -= 1
        self.seen.pop(source.key, None)
        hand_id = source.key.partition("\x1f")[2]
        site = source.key.partition("\x1f")[0]
        for key in [k for k in result.result_keys
                    if k.startswith(f"{site}\x1f") and k.endswith(f"\x1fhand\x1f{hand_id}")]:
            result.result_keys.remove(key)
            self.results_seen.discard(key)
        self.keep_failure(failure_of(raw, StudHHError(
            reason, path=raw.path, line=raw.first_line, hand_id=hand_id)), result)

    def repeated(self, k: str, raw: RawHand, result: FileResult) -> bool:
        """Whether hand ``k`` is stored or earlier in the task; a copy whose text differs
        is also kept as a conflict."""
        found = self.looked_up.pop(k, None)
        known, stored = found if found is not None else self.settings.known_hands.lookup(k)
        if known:
            digest = text_digest(raw.text)
            if stored is not None and stored != digest:
                result.conflicts.append(conflict_row(k, raw, digest, stored))
        elif k in self.seen:
            digest = text_digest(raw.text)
            stored, path, line = self.seen[k]
            if stored != digest:
                result.conflicts.append(conflict_row(k, raw, digest, stored, path, line))
        else:
            return False
        result.duplicates += 1
        return True

    def passed_over(self, key: str) -> bool:
        """Whether a hand of this key is stored or earlier in the task (not worked on)."""
        if key in self.seen:
            return True
        # bounded: keys never asked again (hands passed over unread) would pile up
        found = keep(self.looked_up, key, self.settings.known_hands.lookup(key), LOOKED_UP_MOST)
        return found[0]

    def take(self, item: Prepared, path: str, result: FileResult) -> None:
        """Decide what one hand of a file is, in the file's order: stored already or
        earlier in the task, a failure, or new (its rows buffered)."""
        raw = item.raw
        if item.key is not None and self.repeated(item.key, raw, result):
            return
        parsed = item.parsed()
        if isinstance(parsed, SkippedHand):
            result.skipped += 1
            self.keep_results(skipped_results(raw), result)
            return
        if isinstance(parsed, ParseFailure):
            self.keep_failure(parsed, result)
            return
        replayed = item.outcome(self.settings.profile)
        if isinstance(replayed, StudHHError):
            self.keep_failure(failure_of(raw, replayed), result)
            return
        k = _key(parsed.site, parsed.hand_id)
        # a header our cheap key could not read (or read otherwise): asked again
        if k != item.key and self.repeated(k, raw, result):
            return
        digest = item.text_digest()
        self.seen[k] = (digest, path, raw.first_line)
        result.hand_keys.append(k)
        result.hand_digests.append(digest)
        result.hand_lines.append(raw.first_line)
        self._add_hand(replayed, item, result, k)
        self.keep_results(hand_results(parsed), result)
        if self.buffer.hands >= self.settings.batch_hands:
            self.buffer.flush()
            self.collector.collect()
        else:
            self.collector.tick()

    def _add_hand(self, replayed: ReplayedHand, item: Prepared, result: FileResult,
                  key: str) -> None:
        rows = item.hand_rows(replayed)
        violations = len(replayed.violations)
        following = sum(1 for v in replayed.violations if v.follows_line is not None)
        self.buffer.add_hand(rows, Source(key, item.raw, result, violations, following))
        result.hand_violations.append(violations)
        result.hand_following.append(following)
        if violations:
            result.violations += violations
            result.violations_following += following
            result.hands_with_violations += 1

    def finish(self) -> list[Part]:
        """Write what is buffered, and the parts of the whole task (the files' rows are
        the committing process's to write, once it has dropped what an earlier task
        brought)."""
        self.buffer.flush()
        return self.buffer.parts
