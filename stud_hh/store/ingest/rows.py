"""A task's rows, buffered and written as Parquet parts, and what the database cannot take.

The rows of every table are held as tuples in the registry's column order and written as
one set of parts every :attr:`~stud_hh.store.ingest.tasks.WorkerSettings.batch_hands`
hands (:class:`RowBuffer`). A hand whose rows cannot be turned into Arrow is found
(:func:`failing_rows`), its rows dropped, and the hand handed back to be kept as a
failure with why (:func:`unstorable_reason`).
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import pyarrow as pa

from stud_hh.read.reader import RawHand
from stud_hh.store.database import Database, Part, plain_schema, rows_to_arrow, to_arrow
from stud_hh.store.ingest.tasks import FileResult
from stud_hh.store.schema import HAND_TABLES, TABLES

UNSTORABLE = (pa.ArrowInvalid, pa.ArrowTypeError, OverflowError)
"""What converting rows to Arrow raises for a value the database's columns cannot take."""


@dataclass(slots=True)
class Source:
    """Where a buffered hand came from, to keep it as a failure if its rows cannot be stored."""

    key: str
    raw: RawHand
    result: FileResult
    violations: int
    following: int
    """Of ``violations``, those following from an earlier one of the hand."""


def _short(value: object, width: int = 40) -> str:
    text = repr(value)
    return text if len(text) <= width else text[:width - 3] + "..."


def unstorable_reason(table: str, row: Sequence[Any]) -> str | None:
    """Why the database cannot take ``row`` (values in the column order of ``table``), or
    ``None`` when it can.

    >>> unstorable_reason("files", ["a.txt", 10, 0, 2**40, 0, 0])
    'a value the database cannot store: files.hands = 1099511627776 (Value 1099511627776 \
too large to fit in C integer type)'
    >>> unstorable_reason("files", ["a.txt", 10, 0, 1, 0, 0]) is None
    True
    """
    schema = plain_schema(table)
    for name, value in zip(TABLES[table].names, row, strict=True):
        try:
            pa.array([value], type=schema.field(name).type)
        except UNSTORABLE as exc:
            return (f"a value the database cannot store: {table}.{name} = {_short(value)} "
                    f"({str(exc).splitlines()[0]})")
    try:
        to_arrow(table, {n: [v] for n, v in zip(TABLES[table].names, row, strict=True)})
    except UNSTORABLE as exc:
        return f"the database cannot store its {table} row ({str(exc).splitlines()[0]})"
    return None


class RowBuffer:
    """Rows of every table, written out as parts every ``batch`` hands.

    A row is kept as a tuple in the registry's column order (taken from the
    row dict in C by ``itemgetter``; a hand's rows, built in that order, by their values),
    and the tuples are converted to Arrow in one
    pass when written (:func:`stud_hh.store.database.rows_to_arrow`): far cheaper than
    appending to a list per column.

    When a hand's rows cannot be turned into Arrow (a value too large for its
    column: :mod:`stud_hh.read.limits` should have failed the hand when it was read,
    so this is a second line of defence), that hand is handed to ``unstorable``
    with the reason, its rows are dropped, and every other hand is written.
    """

    def __init__(self, db: Database, unstorable: Callable[[Source, str], None]) -> None:
        self.db = db
        self.unstorable = unstorable
        self.getters = {t: operator.itemgetter(*TABLES[t].names) for t in TABLES}
        self.rows: dict[str, list[tuple[Any, ...]]] = {t: [] for t in TABLES}
        self.sources: list[Source] = []
        self.hands = 0
        self.parts: list[Part] = []

    def add(self, table: str, rows: Iterable[dict[str, Any]]) -> None:
        self.rows[table].extend(map(self.getters[table], rows))

    def add_hand(self, rows: dict[str, list[dict[str, Any]]], source: Source) -> None:
        """Buffer one hand's rows (:func:`~stud_hh.store.facts.hand_rows`), whose columns
        are in the registry's order already (a test holds facts to it): each row's values
        are its tuple, with no lookup by column name."""
        buffered = self.rows
        for table, table_rows in rows.items():
            buffered[table].extend(map(tuple, map(dict.values, table_rows)))
        self.sources.append(source)
        self.hands += 1

    def _arrow(self, table: str) -> pa.Table:
        return rows_to_arrow(table, self.rows[table])

    def flush(self) -> None:
        built: dict[str, pa.Table] = {}
        try:
            built = {t: self._arrow(t) for t in HAND_TABLES if self.rows[t]}
        except UNSTORABLE:
            self._drop_unstorable()
            built = {t: self._arrow(t) for t in HAND_TABLES if self.rows[t]}
        for table in TABLES:
            if table not in HAND_TABLES and self.rows[table]:
                built[table] = self._arrow_storable(table)
        for table, data in built.items():
            self.parts.append(self.db.write_part(table, data))
            self.rows[table].clear()
        self.sources.clear()
        self.hands = 0

    def _arrow_storable(self, table: str) -> pa.Table:
        """A table of rows that belong to no hand (failures, results, files) as Arrow; a row
        the database cannot take is left out (the readers range-check every value, so this
        is a second line of defence, as for a hand's rows)."""
        try:
            return self._arrow(table)
        except UNSTORABLE:
            self.rows[table] = [r for r in self.rows[table]
                                if unstorable_reason(table, r) is None]
            return self._arrow(table)

    def _drop_unstorable(self) -> None:
        """Find the hands whose rows fail, drop their rows, and hand them to ``unstorable``."""
        bad: dict[tuple[str, str], str] = {}
        for table in HAND_TABLES:
            names = TABLES[table].names
            site, hand_id = names.index("site"), names.index("hand_id")
            for row in failing_rows(table, self.rows[table]):
                reason = unstorable_reason(table, row) or f"its {table} row cannot be stored"
                bad.setdefault((row[site], row[hand_id]), reason)
        if not bad:
            raise RuntimeError("rows fail to convert together but not one by one")
        for table in (*HAND_TABLES, "tournaments"):  # a hand's finishing lines go with it
            names = TABLES[table].names
            site, hand_id = names.index("site"), names.index("hand_id")
            self.rows[table] = [r for r in self.rows[table] if (r[site], r[hand_id]) not in bad]
        for source in self.sources:
            source_site, _, source_id = source.key.partition("\x1f")
            why = bad.get((source_site, source_id))
            if why is not None:
                self.unstorable(source, why)


def failing_rows(table: str, rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The rows of ``rows`` that cannot be converted, found by halving."""
    if not rows:
        return []
    try:
        rows_to_arrow(table, rows)
    except UNSTORABLE:
        if len(rows) == 1:
            return rows
        middle = len(rows) // 2
        return failing_rows(table, rows[:middle]) + failing_rows(table, rows[middle:])
    return []
