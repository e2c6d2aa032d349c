"""Stage 5b on a cluster: ``stud-hh audit PATH... --scheduler ADDRESS``.

The files to audit (a large one cut into chunks at hand boundaries,
:mod:`stud_hh.read.chunks`) are Dask tasks; each task parses and replays its hands and
sends back, per hand, what the audit prints of it (:class:`Outcome`): the counts, the
JSON records, the text block of a hand with violations. They are given out in the order
of the files and of their hands, so the report is the one a local audit prints.

>>> with dask_client("local", 2) as client:  # doctest: +SKIP
...     audit_on(client, files, tally.outcome, profile="site", jsonl=False)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from stud_hh.analysis.report import unverifiable_dict, violation_block, violation_dict
from stud_hh.model.errors import InputError, StudHHError
from stud_hh.model.hand import ParseFailure, ParseResult, SkippedHand
from stud_hh.read.chunks import Chunk, chunk_hands, chunks
from stud_hh.read.collector import frozen_gc
from stud_hh.read.parse import result_of
from stud_hh.read.split import raw_hands
from stud_hh.replay import replay
from stud_hh.store.distributed import TASK_LOCK, run_tasks, worker_count
from stud_hh.store.ingest.plan import BATCH_BYTES, plan_batches

CHUNK_BYTES = BATCH_BYTES
"""A file larger than this is audited in chunks of about this size, a task each."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """What an audit prints and counts of one hand (or of text it could not read)."""

    kind: str
    """``"replayed"``, ``"skipped"`` (a hand of another game) or ``"unreadable"``."""
    error: str = ""
    """The error of an unreadable text, as ``path:line [hand N]: reason``."""
    profile: str = ""
    rules: tuple[str, ...] = ()
    """The rule of each root cause of a replayed hand."""
    following: tuple[str, ...] = ()
    """The rule of each violation following from an earlier one of the hand."""
    unverifiable: tuple[str, ...] = ()
    """The rule of each check the text cannot decide."""
    records: tuple[dict[str, object], ...] = field(default=())
    """Its JSON records (``--format jsonl``)."""
    block: str = ""
    """The text block of a hand with violations (``--format text``)."""
    hand: bool = True
    """Whether an unreadable text is a hand of a known site (not a file that cannot be read,
    nor text with no hand header)."""


AuditPiece = tuple[str, Chunk | None]
"""A file to audit, or one chunk of it."""


def _results(piece: AuditPiece) -> Iterator[ParseResult]:
    path, chunk = piece
    try:
        for raw in chunk_hands(chunk) if chunk is not None else raw_hands(path):
            yield result_of(raw)
    except InputError as exc:  # as parse_file: a file that cannot be read is one failure
        yield ParseFailure(exc, "", path, 0, 0)


def unreadable(error: StudHHError, jsonl: bool, hand: bool = True) -> Outcome:
    records: tuple[dict[str, object], ...] = ()
    if jsonl:
        records = ({"kind": "unreadable", "file": error.path or "", "line": error.line,
                    "hand_id": error.hand_id, "reason": error.reason},)
    return Outcome("unreadable", error=str(error), records=records, hand=hand)


def audit_piece(piece: AuditPiece, profile: str, jsonl: bool) -> list[Outcome]:
    """The outcome of each hand of a file or chunk, in order."""
    found: list[Outcome] = []
    for result in _results(piece):
        if isinstance(result, SkippedHand):
            found.append(Outcome("skipped"))
            continue
        if isinstance(result, ParseFailure):
            found.append(unreadable(result.error, jsonl, hand=result.site is not None))
            continue
        try:
            replayed = replay(result, profile)
        except StudHHError as exc:
            found.append(unreadable(exc, jsonl))
            continue
        records: list[dict[str, object]] = []
        if jsonl:
            records += (violation_dict(v, replayed.profile) for v in replayed.violations)
            records += (unverifiable_dict(u, replayed.profile) for u in replayed.unverifiable)
        found.append(Outcome(
            "replayed", profile=replayed.profile,
            rules=tuple(v.rule for v in replayed.violations if v.follows_line is None),
            following=tuple(v.rule for v in replayed.violations if v.follows_line is not None),
            unverifiable=tuple(u.rule for u in replayed.unverifiable), records=tuple(records),
            block=violation_block(replayed) if replayed.violations and not jsonl else ""))
    return found


def _audit_task(shared: tuple[str, bool], batch: list[AuditPiece]) -> list[Outcome]:
    profile, jsonl = shared
    with TASK_LOCK, frozen_gc():
        return [o for piece in batch for o in audit_piece(piece, profile, jsonl)]


def audit_pieces(files: Sequence[Path], workers: int,
                 chunk_bytes: int | None = None) -> list[list[AuditPiece]]:
    """The tasks of an audit of ``files``: batches of small files, and each chunk (of
    ``chunk_bytes``, default :data:`CHUNK_BYTES`) of a large one alone."""
    chunk_bytes = chunk_bytes or CHUNK_BYTES
    pieces: list[tuple[AuditPiece, int]] = []
    for path in files:
        name = str(path)
        try:
            size = os.stat(name).st_size
            cut = chunks(name, chunk_bytes) if size > chunk_bytes else []
        except (OSError, InputError):
            size, cut = 0, []
        if len(cut) > 1:
            pieces += [((name, c), c.length) for c in cut]
        else:
            pieces.append(((name, None), size))
    return plan_batches(pieces, workers)


def audit_on(client: object, files: Sequence[Path], emit: Callable[[Outcome], None], *,
             profile: str, jsonl: bool) -> None:
    """``emit`` the outcome of every hand of ``files``, in order, as the cluster's workers
    (``client``: a Dask client, :func:`stud_hh.store.distributed.dask_client`) audit them.
    Tasks the cluster gives up on (workers that keep dying) are audited in this process."""
    batches = audit_pieces(files, worker_count(client))
    ready: dict[int, list[Outcome]] = {}
    following = 0

    def done(index: int, outcomes: list[Outcome]) -> None:
        nonlocal following
        ready[index] = outcomes
        while following in ready:
            for outcome in ready.pop(following):
                emit(outcome)
            following += 1

    shared = (profile, jsonl)
    left, _ = run_tasks(client, _audit_task, batches, shared, done, "audit")
    for index in left:
        done(index, _audit_task(shared, batches[index]))
