"""An import's work on a file's hands, done a group of hands at a time, stage by stage.

Parsing, replaying and building rows are each pure (a function of the hand alone), so an
import does them ahead of its bookkeeping: it reads :data:`GROUP` raw hands, parses them
all, replays them all, then builds all their rows (and text digests), and only then goes
through them in order, deciding what each is (stored already, a failure, new) exactly as
it would have one hand at a time. Each stage's code and tables stay in the processor's
caches for a whole group instead of being pushed out by the next stage after every hand:
measured on the compiled build (``benchmarks/import.py --split``), parse, replay and
rows together cost about an eighth less this way.

What is done ahead is only a guess at what the bookkeeping will need: a hand whose cheap
key says it is stored (or earlier in the group) is not parsed ahead, and when the guess
is wrong either way the bookkeeping parses or replays the hand itself
(:meth:`Prepared.parsed`, :meth:`Prepared.outcome`), so what is stored never depends on
the grouping.

While a task runs, the cyclic garbage collector is paused (:class:`collector_paused`):
a hand leaves almost no cyclic garbage, and the collector's automatic passes over every
young object (the buffered rows among them) cost about a tenth of an import's time. It
collects the young objects after each write of the buffered rows instead.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Final

from stud_hh.model.errors import InputError, StudHHError
from stud_hh.model.hand import ParsedHand, ParseResult
from stud_hh.read.keys import hand_key
from stud_hh.read.parse import result_of
from stud_hh.read.reader import RawHand
from stud_hh.replay import ReplayedHand, replay
from stud_hh.store.facts import hand_rows, text_digest

GROUP: Final = 32
"""Hands parsed, then replayed, then turned into rows together (a group holds this many
parsed and replayed hands at once: a few hundred kilobytes)."""
YOUNG_LIMIT: Final = 400_000
"""Young objects alive (made since the last collection, net of those freed) above which a
paused collector collects anyway: an import's buffer of
:data:`~stud_hh.store.ingest.plan.BATCH_HANDS` hands holds about 100,000 (23 rows a hand),
so this is met only when garbage in cycles piles up (a few hundred megabytes at most)."""

Rows = dict[str, list[dict[str, Any]]]


def key_text(site: str, hand_id: str) -> str:
    """A hand's key in an import: site and hand id, joined by a unit separator."""
    return f"{site}\x1f{hand_id}"


class Prepared:
    """One raw hand, with what was done ahead for it: its cheap key, and when it was
    worth doing, its parse, its replay (or the error that stopped it) and its rows."""

    __slots__ = ("_outcome", "_parsed", "digest", "key", "raw", "rows")

    def __init__(self, raw: RawHand, key: str | None) -> None:
        self.raw = raw
        self.key = key
        """``site\\x1fhand id`` read from the first line alone, or ``None``."""
        self._parsed: ParseResult | None = None
        self._outcome: ReplayedHand | StudHHError | None = None
        self.rows: Rows | None = None
        """The hand's rows (its ``hands`` row holding its text digest), when built ahead."""
        self.digest: str | None = None
        """The digest of the hand's text, when computed ahead."""

    def parsed(self) -> ParseResult:
        """The hand parsed (a record of why, when it cannot be)."""
        if self._parsed is None:
            self._parsed = result_of(self.raw)
        return self._parsed

    def outcome(self, profile: str) -> ReplayedHand | StudHHError:
        """The parsed hand replayed under ``profile``, or the error that stopped it."""
        if self._outcome is None:
            parsed = self.parsed()
            assert isinstance(parsed, ParsedHand)
            try:
                self._outcome = replay(parsed, profile)
            except StudHHError as exc:
                self._outcome = exc
        return self._outcome

    def text_digest(self) -> str:
        """The digest of the hand's text (:func:`~stud_hh.store.facts.text_digest`)."""
        if self.digest is None:
            self.digest = text_digest(self.raw.text)
        return self.digest

    def hand_rows(self, replayed: ReplayedHand) -> Rows:
        """The hand's rows, its ``hands`` row holding its text digest."""
        if self.rows is None:
            self.rows = hand_rows(replayed)
            self.rows["hands"][0]["text_digest"] = self.text_digest()
        return self.rows


def prepared(raws: Iterable[RawHand], profile: str, stored: Callable[[str], bool],
             group_size: int = GROUP) -> Iterator[Prepared]:
    """``raws`` in order, each with the work done ahead for it, ``group_size`` hands at a
    time (:data:`GROUP`).

    ``stored(key)`` says whether a hand of that cheap key is passed over (stored, or
    earlier in the task): such a hand is not worked on ahead. It is asked when a group
    is read, after every hand before the group went through the bookkeeping. A file
    that fails to read part-way gives the hands read before the failure, then raises.
    """
    hands = iter(raws)
    while True:
        group: list[RawHand] = []
        try:
            while len(group) < group_size:
                group.append(next(hands))
        except StopIteration:
            yield from _worked(group, profile, stored)
            return
        except (InputError, OSError):
            yield from _worked(group, profile, stored)
            raise
        yield from _worked(group, profile, stored)


def _worked(group: list[RawHand], profile: str, stored: Callable[[str], bool]
            ) -> list[Prepared]:
    """The group's hands with their parses, then replays, then rows done, stage by stage."""
    items = [_keyed(raw) for raw in group]
    todo = []
    earlier: set[str] = set()
    for item in items:
        key = item.key
        if key is None or not (key in earlier or stored(key)):
            todo.append(item)
        if key is not None:
            earlier.add(key)
    parsed = [item for item in todo if isinstance(item.parsed(), ParsedHand)]
    replayed = [(item, outcome) for item in parsed
                if isinstance(outcome := item.outcome(profile), ReplayedHand)]
    for item, outcome in replayed:
        item.hand_rows(outcome)
    return items


def _keyed(raw: RawHand) -> Prepared:
    key = hand_key(raw)
    return Prepared(raw, None if key is None else key_text(*key))


class collector_paused:
    """Pause the cyclic garbage collector's automatic passes for a block (an import's
    task); the block calls :meth:`collect` when it has just let go of what it held (an
    import, after writing its buffered rows), and :meth:`tick` once per hand, which
    collects only when more than :data:`YOUNG_LIMIT` young objects are alive (garbage
    in cycles piling up: a bound on the memory it holds).

    Collecting while the rows are buffered would walk every buffered row each time (a
    collection every 256 hands cost about 15 us a hand); collecting after a write finds
    them gone. Objects alive before the block are frozen by the import
    (:class:`~stud_hh.read.parse.frozen_gc`) and never walked. A collector that was
    disabled before the block stays disabled after it.
    """

    __slots__ = ("_was_enabled",)

    def __init__(self) -> None:
        self._was_enabled = False

    def __enter__(self) -> collector_paused:
        self._was_enabled = gc.isenabled()
        gc.disable()
        return self

    @staticmethod
    def collect() -> None:
        """Collect the young objects (those made since the last collection)."""
        gc.collect(0)

    @staticmethod
    def tick() -> None:
        """One hand done: collect if the young objects are more than :data:`YOUNG_LIMIT`."""
        if gc.get_count()[0] > YOUNG_LIMIT:
            gc.collect(0)

    def __exit__(self, *exc: object) -> None:
        if self._was_enabled:
            gc.enable()
