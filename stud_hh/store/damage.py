"""What is wrong in a database, and the errors that say so."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from stud_hh.model.errors import DatabaseError

DAMAGED = "damaged"
"""The folder of a database where ``stud-hh repair`` puts what it moved aside."""


@dataclass(frozen=True, slots=True)
class Problem:
    """One thing wrong in a database: where (a data file or a log entry, relative to the
    database folder), the table concerned, and what.

    >>> str(Problem("players/part-1.parquet", "players", "missing", "part"))
    'players/part-1.parquet: missing'
    >>> str(Problem("batches/_delta_log/00000000000000000007.json", "players", "changed", "log"))
    'batches/_delta_log/00000000000000000007.json (players): changed'
    """

    where: str
    table: str | None
    what: str
    kind: str = "part"
    """``part`` (the data file itself is damaged), ``log`` (an entry of a table's Delta
    log is), ``keys`` (rows of readable parts do not fit together across tables),
    ``marker`` (``stud_hh.json`` is missing or says no schema version)."""

    def __str__(self) -> str:
        table = f" ({self.table})" if self.table and self.table not in self.where else ""
        return f"{self.where}{table}: {self.what}"


class DamagedDatabaseError(DatabaseError):
    """A database with damaged data files or log entries: ``problems`` says which."""

    def __init__(self, root: Path | str, problems: Sequence[Problem], reason: str | None = None,
                 repair: str = "it moves the damage aside and imports its files again") -> None:
        self.problems = list(problems)
        if reason is None:
            shown = ", ".join(f"{p.where} ({p.what})" for p in self.problems[:3])
            more = f" and {len(self.problems) - 3} more" if len(self.problems) > 3 else ""
            reason = f"damaged database: {shown}{more}"
        super().__init__(f"{reason}: run `stud-hh repair --db {root}` ({repair}; "
                         f"`stud-hh check --db {root}` lists every problem)", path=str(root))


class DamagedMarkerError(DamagedDatabaseError):
    """A database (its tables say it is one) whose ``stud_hh.json`` is missing, unreadable
    or names no schema version: ``stud-hh repair`` rebuilds it from the parts."""

