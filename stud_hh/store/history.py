"""What ``stud-hh history`` prints: the batches of a database, oldest first.

>>> from datetime import UTC, datetime
>>> batch = Batch(3, datetime(2026, 12, 6, 16, 48, 15, tzinfo=UTC), "import",
...               {"hands": 2, "files": 2}, ("a.txt",), {"hands": 6, "files": 1})
>>> history_lines([batch], "my.db")[0]
'batch 3  2026-12-06 16:48:15 UTC  import   1 file: hands +6, files +1'
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import UTC
from typing import Any

from stud_hh.store.batches import Batch
from stud_hh.store.schema import TABLES


def _plural(n: int, word: str, words: str | None = None) -> str:
    return f"{n:,} {word if n == 1 else words or word + 's'}"


def _changes(batch: Batch) -> str:
    """The rows a batch added and removed, per table, in the tables' order."""
    if batch.operation == "compact":
        moved = sum(batch.added.values())
        return f"{moved:,} rows merged into fewer data files (no row changed)"
    found = []
    for table in TABLES:
        added, removed = batch.added.get(table, 0), batch.removed.get(table, 0)
        if added or removed:
            change = " ".join(f for f in (f"+{added:,}" if added else "",
                                          f"-{removed:,}" if removed else "") if f)
            found.append(f"{table} {change}")
    return ", ".join(found) or "no rows"


def history_lines(batches: Sequence[Batch], location: str) -> list[str]:
    """A line per batch: its number, time (UTC), operation, files read and rows changed;
    and a closing line."""
    if not batches:
        return [f"history: {location}: no batch yet"]
    width = len(str(batches[-1].number))
    out = []
    for batch in batches:
        when = batch.time.astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S UTC")
        files = f" {_plural(len(batch.files), 'file')}:" if batch.files else ""
        rebuilt = (f" (logs started anew: {', '.join(batch.rebuilt)})"
                   if batch.rebuilt else "")
        out.append(f"batch {batch.number:>{width}}  {when}  {batch.operation:<8}{files} "
                   f"{_changes(batch)}{rebuilt}")
    count = _plural(len(batches), "batch", "batches")
    out.append(f"history: {location}: {count}; `--as-of N` reads the database as batch N "
               "left it")
    return out


def history_rows(batches: Sequence[Batch]) -> list[dict[str, Any]]:
    """Each batch as JSON: its number, time (ISO 8601, UTC), operation, files, rows added
    and removed per table, and each table's Delta version once it was in."""
    return [{"batch": b.number, "time": b.time.astimezone(UTC).isoformat(),
             "operation": b.operation, "files": list(b.files), "added": dict(b.added),
             "removed": dict(b.removed), "versions": dict(b.versions),
             "rebuilt": list(b.rebuilt), "stud_hh": b.stud_hh} for b in batches]
