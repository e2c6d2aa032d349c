"""Reading a database's tables as Arrow and pandas: the committed parts of each table,
projections and filters pushed down to Parquet, selections (:mod:`stud_hh.store.select`),
and each player shown as its person (:mod:`stud_hh.store.people`).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, TypeAlias, Unpack

import pandas as pd
import pyarrow as pa
import pyarrow.dataset as ds
import pyarrow.parquet as pq

from stud_hh.model.errors import UsageError
from stud_hh.store.damage import DamagedDatabaseError, Problem
from stud_hh.store.parts import is_damage
from stud_hh.store.people import LABELLED_TABLES, People
from stud_hh.store.schema import TABLES, arrow_schema, to_pandas
from stud_hh.store.select import Filters as SelectFilters
from stud_hh.store.select import Resolved, Selection, read_selected, resolve
from stud_hh.store.storage import Storage

Filter: TypeAlias = tuple[str, str, Any]
Filters: TypeAlias = Sequence[Filter] | Sequence[Sequence[Filter]] | ds.Expression


class TableReader:
    """Reading the committed parts of a table as Arrow or pandas, with projections and
    filters pushed down to Parquet; a damaged part raises :class:`DamagedDatabaseError`.
    The pandas readers show each ``players`` and ``tournaments`` row's player as its
    person (:attr:`people`); :meth:`arrow` and SQL read the names as stored."""

    root: Path | str
    storage: Storage
    people: People
    """Who is who (:mod:`stud_hh.store.people`): the settings' hero and aliases, and the
    seats a site marks as the history's owner."""

    def part_paths(self, table: str) -> list[str]:
        """The committed parts of ``table`` read (relative to the database)."""
        raise NotImplementedError

    def _unreadable(self, table: str, exc: BaseException) -> DamagedDatabaseError:
        what = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        if isinstance(exc, FileNotFoundError):
            what = f"a part is missing ({exc.filename or what})"
        return DamagedDatabaseError(self.root, [Problem(table, table, what)],
                                    f"damaged database: the {table} table could not be read "
                                    f"({what})")

    def dataset(self, table: str) -> ds.Dataset:
        """The committed parts of ``table`` as one Arrow dataset."""
        if table not in TABLES:
            raise KeyError(f"no table {table!r}; the tables are {', '.join(TABLES)}")
        storage = self.storage
        files = [storage.arrow_path(p) for p in self.part_paths(table)]
        try:
            return ds.dataset(files, schema=arrow_schema(table), format="parquet",
                              filesystem=storage.arrow_filesystem)
        except (OSError, pa.ArrowException) as exc:
            if is_damage(exc):
                raise self._unreadable(table, exc) from exc
            raise

    def arrow(self, table: str, columns: Sequence[str] | None = None,
              filters: Filters | None = None) -> pa.Table:
        """Read ``table`` as Arrow, projecting ``columns`` and pushing ``filters`` to Parquet.

        ``filters`` take the form of :func:`pandas.read_parquet`'s
        (``[("player", "==", "Hero"), ("game", "in", ["stud", "razz"])]``,
        or a list of such lists for OR) or a ``pyarrow.dataset`` expression.
        """
        if columns is not None and table in TABLES:
            unknown = [c for c in columns if c not in TABLES[table].names]
            if unknown:
                raise UsageError(f"the {table} table has no column {', '.join(map(repr, unknown))}"
                                 f"; its columns are {', '.join(TABLES[table].names)} (see "
                                 "docs/database.md)")
        expression = None
        if filters is not None:
            expression = (filters if isinstance(filters, ds.Expression)
                          else pq.filters_to_expression(filters))
        dataset = self.dataset(table)
        try:
            return dataset.to_table(columns=list(columns) if columns is not None else None,
                                    filter=expression)
        except (OSError, pa.ArrowException) as exc:
            if is_damage(exc):
                raise self._unreadable(table, exc) from exc
            raise

    def table(self, table: str, columns: Sequence[str] | None = None,
              filters: Filters | None = None, *, select: Selection | None = None,
              **where: Unpack[SelectFilters]) -> pd.DataFrame:
        """Read ``table`` as a pandas DataFrame with the declared dtypes.

        ``select`` (a :class:`~stud_hh.store.select.Selection`) and the keyword filters
        (``since``, ``until``, ``game``, ``stakes``, ``site``, ``cash``, ``tournament``,
        ``player``: the command line's options) keep the rows of the selected hands, as
        ``stud-hh stats`` selects them; see :func:`~stud_hh.store.select.read_selected`.
        A value that names nothing stored raises
        :class:`~stud_hh.store.select.SelectionError`; hands a date filter leaves out for
        having no date give an :class:`~stud_hh.store.select.UndatedHandsWarning`.
        """
        return self._selected(table, columns, filters, select, where)

    def resolve(self, select: Selection) -> Resolved:
        """``select`` matched to this database's values (see :func:`resolve`)."""
        return resolve(select, self._read, self.people.match)

    def read_resolved(self, table: str, resolved: Resolved,
                      columns: Sequence[str] | None = None, filters: Filters | None = None
                      ) -> pd.DataFrame:
        """The rows of ``table`` in a selection already resolved (:meth:`resolve`), with no
        warning: the caller says what the date filter left out (``resolved.note()``)."""
        return read_selected(resolved, self._read, table, columns, filters)

    def _read(self, table: str, columns: Sequence[str] | None, filters: Any) -> pd.DataFrame:
        """``table``'s rows as pandas, each player shown as its person (a filter on
        ``player`` names people too: :meth:`People.translate`)."""
        if table in LABELLED_TABLES:
            pushed, keep = self.people.translate(filters)
            if keep is not None or columns is None or "player" in columns:
                loaded = None if columns is None else \
                    list(dict.fromkeys([*columns, "site", "player"]))
                frame = self.people.label(to_pandas(table, self.arrow(table, loaded, pushed)))
                if keep is not None:
                    frame = frame[frame["player"].isin(keep).fillna(False).astype(bool)]
                    frame = frame.reset_index(drop=True)
                return frame if columns is None or loaded == list(columns) \
                    else frame[list(columns)]
        return to_pandas(table, self.arrow(table, columns, filters))

    def _selected(self, table: str, columns: Sequence[str] | None, filters: Filters | None,
                  select: Selection | None, where: SelectFilters) -> pd.DataFrame:
        chosen = (select or Selection()).where(**where)
        if not chosen.narrows_hands:
            return self._read(table, columns, filters)
        resolved = self.resolve(chosen)
        resolved.warn(stacklevel=3)  # at the line that called the reader
        return read_selected(resolved, self._read, table, columns, filters)

    def hands(self, columns: Sequence[str] | None = None, filters: Filters | None = None, *,
              select: Selection | None = None, **where: Unpack[SelectFilters]
              ) -> pd.DataFrame:
        """The hands (see :meth:`table` for ``select`` and the keyword filters)."""
        return self._selected("hands", columns, filters, select, where)

    def players(self, columns: Sequence[str] | None = None, filters: Filters | None = None, *,
                select: Selection | None = None, **where: Unpack[SelectFilters]
                ) -> pd.DataFrame:
        """A row per seated player and hand; with ``player``, that player's rows only."""
        return self._selected("players", columns, filters, select, where)

    def actions(self, columns: Sequence[str] | None = None, filters: Filters | None = None, *,
                select: Selection | None = None, **where: Unpack[SelectFilters]
                ) -> pd.DataFrame:
        """The actions; selected by their hand (``player``: the hands they were dealt)."""
        return self._selected("actions", columns, filters, select, where)

    def pots(self, columns: Sequence[str] | None = None, filters: Filters | None = None, *,
             select: Selection | None = None, **where: Unpack[SelectFilters]) -> pd.DataFrame:
        """The pots; selected by their hand."""
        return self._selected("pots", columns, filters, select, where)

    def violations(self, columns: Sequence[str] | None = None, filters: Filters | None = None,
                   *, select: Selection | None = None, **where: Unpack[SelectFilters]
                   ) -> pd.DataFrame:
        """The broken rules; selected by their hand."""
        return self._selected("violations", columns, filters, select, where)

    def unverifiable(self, columns: Sequence[str] | None = None,
                     filters: Filters | None = None, *, select: Selection | None = None,
                     **where: Unpack[SelectFilters]) -> pd.DataFrame:
        """The checks the text could not decide; selected by their hand."""
        return self._selected("unverifiable", columns, filters, select, where)

    def failures(self, columns: Sequence[str] | None = None,
                 filters: Filters | None = None) -> pd.DataFrame:
        return self.table("failures", columns, filters)

    def conflicts(self, columns: Sequence[str] | None = None,
                  filters: Filters | None = None) -> pd.DataFrame:
        """Second copies of stored hands whose text differs: each row names both sources
        (``file``/``first_line`` of the copy not stored, ``stored_file``/``stored_first_line``
        of the stored one) and holds the copy's whole text."""
        return self.table("conflicts", columns, filters)

    def tournaments(self, columns: Sequence[str] | None = None,
                    filters: Filters | None = None) -> pd.DataFrame:
        """Players' results in tournaments as read (a row per summary and per finishing
        line); :func:`stud_hh.analysis.tournaments.results` makes one row per player and
        tournament of them, a summary winning."""
        return self.table("tournaments", columns, filters)

    def files(self, columns: Sequence[str] | None = None,
              filters: Filters | None = None) -> pd.DataFrame:
        return self.table("files", columns, filters)

    def count(self, table: str) -> int:
        dataset = self.dataset(table)
        try:
            return int(dataset.count_rows())
        except (OSError, pa.ArrowException) as exc:
            if is_damage(exc):
                raise self._unreadable(table, exc) from exc
            raise

    def batches(self, table: str, columns: Sequence[str]) -> Iterator[pa.RecordBatch]:
        """``columns`` of ``table``, streamed a record batch at a time (memory: a batch,
        whatever the table's size)."""
        dataset = self.dataset(table)
        try:
            yield from dataset.to_batches(columns=list(columns))
        except (OSError, pa.ArrowException) as exc:
            if is_damage(exc):
                raise self._unreadable(table, exc) from exc
            raise
