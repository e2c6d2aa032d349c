"""What an import's task is given and gives back.

A task reads a few pieces of files (:data:`stud_hh.store.ingest.plan.Piece`, grouped by
the plan) with the :class:`WorkerSettings` of its import (sent once to each process that
runs tasks), and gives back a :class:`BatchResult`: a :class:`FileResult` per file, saying
what the file held, and the Parquet parts its rows were written to, not yet committed
(:mod:`stud_hh.store.ingest.commit` commits them). Nothing heavy travels back.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stud_hh.read.chunks import Chunk
from stud_hh.store.database import Part
from stud_hh.store.known import KnownHands
from stud_hh.store.storage import Storage


@dataclass(frozen=True, slots=True)
class WorkerSettings:
    """What every task of one import reads with: where the database is, the rules, and
    the keys of what it holds, passed over when met again."""

    root: str | Storage
    """The database the tasks write their parts into (a folder, or its storage)."""
    profile: str
    known_hands: KnownHands
    """Every stored hand's key and text digest (``None`` for hands stored before digests)."""
    known_failures: frozenset[str]
    batch_hands: int
    """Hands a task holds before writing a part."""
    settle: float = 0.0
    """Seconds a file must have been left alone before its last text, not yet followed
    by a blank line, is read (0: always read)."""
    known_results: frozenset[str] = frozenset()
    """Every stored ``tournaments`` row's key."""


@dataclass(slots=True)
class FileResult:
    """What a worker did with one file: its hands and failures (written, not committed)."""

    path: str
    size: int
    mtime_ns: int | None = None
    """Its modification time when read (``None`` when it could not be read at all)."""
    hand_keys: list[str] = field(default_factory=list)
    hand_digests: list[str] = field(default_factory=list)
    """The text digest of each hand of ``hand_keys``, in the same order."""
    hand_lines: list[int] = field(default_factory=list)
    """The first line of each hand of ``hand_keys``, in the same order."""
    hand_violations: list[int] = field(default_factory=list)
    """The violations of each hand of ``hand_keys``, in the same order."""
    hand_following: list[int] = field(default_factory=list)
    """Of each hand's violations, those following from an earlier one of the hand."""
    failure_keys: list[str] = field(default_factory=list)
    failure_notes: list[tuple[int, int, str, str | None]] = field(default_factory=list)
    """(first line, line, reason, hand key or ``None``) of each failure of
    ``failure_keys``, in the same order."""
    texts_failed: set[str] = field(default_factory=set)
    """The keys of the failures of ``failure_keys`` that are no hand nor summary of a known
    site: a file that cannot be read, text with no hand header."""
    result_keys: list[str] = field(default_factory=list)
    """Keys of the ``tournaments`` rows written for this file (summaries, finishing lines)."""
    results_known: int = 0
    """Results of the file already stored (or met before in the batch)."""
    summaries: int = 0
    """Tournament summaries read from the file."""
    summaries_skipped: int = 0
    """Summaries of tournaments of another game (hold'em): counted, not stored."""
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    """``conflicts`` rows for copies of stored (or earlier) hands whose text differs; their
    stored source is filled in by the parent when the worker could not tell it."""
    duplicates: int = 0
    failures_known: int = 0
    skipped: int = 0
    violations: int = 0
    violations_following: int = 0
    """Of ``violations``, those following from an earlier one of their hand."""
    hands_with_violations: int = 0
    unreadable: str | None = None
    """Why the file itself could not be read, if it could not."""
    without_hands: bool = False
    """A file met in a folder whose content holds no hands: passed over, as the folder
    scan passes over it (see :func:`stud_hh.read.scan.scan_paths`)."""
    problem: str | None = None
    """Why a file met in a folder could not even be looked into (then passed over)."""
    held_back: bool = False
    """Its last text was left for a later import: the file changed less than the settling
    time ago and that text is not yet followed by a blank line (see
    :func:`~stud_hh.store.ingest.growing.settled`).
    Its ``files`` row (when the reading stores anything) has the size :attr:`read_to`, not
    the file's, so the next import reads the file again."""
    read_to: int | None = None
    """Of a file whose last text was held back: the byte that text starts at (the bytes
    before it are read; with :attr:`chunk`, the piece's bytes before it)."""
    chunk: Chunk | None = None
    """The piece of the file read, when the file was cut into several (the result is then
    that piece's: its ``files`` row is the parent's to write, once every piece is in)."""
    completes: bool = True
    """Whether the file is read through once this result is committed (``False`` for a
    piece of a file whose other pieces are not all committed yet)."""

    @property
    def bytes_read(self) -> int:
        """The bytes this result covers: the file's, or its piece's (for a progress bar)."""
        return self.chunk.length if self.chunk is not None else self.size

    def files_row(self) -> dict[str, Any]:
        return {"file": self.path, "size": self.size, "mtime_ns": self.mtime_ns,
                "hands": len(self.hand_keys), "skipped": self.skipped,
                "failures": len(self.failure_keys) + self.failures_known}


@dataclass(slots=True)
class BatchResult:
    """What a worker did with one batch of files: the parts written for all of them."""

    files: list[FileResult]
    parts: list[Part]
    peak_rss_mib: float = 0.0
    """The worker's peak memory so far."""
    pid: int = 0
    cpu_seconds: float = 0.0
    """The worker's processor time so far (user and system)."""
