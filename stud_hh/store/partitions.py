"""A database's tables as Dask frames: one partition per committed part, read lazily.

For databases larger than one process should hold: each partition is one Parquet part,
read with the same projection, filters and dtypes as :meth:`Database.table`, so a
statistic computed over the Dask frame (:mod:`stud_hh.analysis.stats` accepts one) equals
the same statistic over the pandas table. Dask is optional (``pip install
'stud-hh[dask]'``); on a cluster the database must be reachable from every worker (a
shared or network path, or a URL such as ``s3://bucket/db``: each task opens the
filesystem itself, from the URL and its storage options).

>>> db = open_db("lifetime.db")  # doctest: +SKIP
>>> players = db.dask.players(columns=required_columns(),  # doctest: +SKIP
...                           filters=[("game", "==", "razz")])
>>> player_summary(players)  # doctest: +SKIP
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from stud_hh.model.errors import UsageError
from stud_hh.store.people import LABELLED_TABLES, People
from stud_hh.store.schema import TABLES, arrow_schema, to_pandas
from stud_hh.store.storage import LocalStorage, Storage


class _Parts(Protocol):
    """What the Dask frames need of a database: where it is and its committed parts."""

    root: Path | str
    storage: Storage

    def parts(self) -> dict[str, list[str]]: ...


def dask_dataframe() -> Any:
    """The ``dask.dataframe`` module, or a clear error when Dask is not installed."""
    try:
        import dask.dataframe
    except ImportError:
        raise UsageError("Dask is not installed: pip install 'stud-hh[dask]' (or "
                         "'dask[dataframe,distributed]')") from None
    return dask.dataframe


def _read_part(where: str | Storage, path: str, table: str, columns: list[str] | None,
               filters: Any, people: People | None = None,
               keep: frozenset[str] | None = None, shown: list[str] | None = None) -> Any:
    """One partition: the part ``path`` of the database at ``where`` (a folder's path, or
    the storage of a URL, which the task opens itself), each player shown as its person
    (``people``: as :meth:`Database.table` shows them), only the persons ``keep`` names
    when it names some (:meth:`People.translate`), and the columns ``shown`` when the
    labelling needed more."""
    if isinstance(where, str):
        data = pq.read_table(Path(where) / path, columns=columns, filters=filters,
                             schema=arrow_schema(table))
    else:
        data = pq.read_table(where.arrow_path(path), columns=columns, filters=filters,
                             schema=arrow_schema(table), filesystem=where.arrow_filesystem)
    frame = to_pandas(table, data)
    if people is not None and table in LABELLED_TABLES:
        frame = people.label(frame)
        if keep is not None:
            frame = frame[frame["player"].isin(keep).fillna(False).astype(bool)]
    if shown is not None and list(frame.columns) != shown:
        frame = frame[shown]
    return _text_categories(frame)


def _text_categories(frame: Any) -> Any:
    """``frame`` with every categorical's categories of text, also when it has none (a
    part the filters leave empty): the partitions of a Dask frame then concatenate."""
    for name, dtype in frame.dtypes.items():
        categories = getattr(dtype, "categories", None)
        if categories is not None and len(categories) == 0:
            frame[name] = frame[name].cat.set_categories(pd.Index([], dtype="str"))
    return frame


class DaskTables:
    """``db.dask``: each table of the database as a Dask frame (see the module)."""

    def __init__(self, db: _Parts) -> None:
        self.db = db

    def table(self, table: str, columns: Sequence[str] | None = None,
              filters: Any = None) -> Any:
        """``table`` as a ``dask.dataframe.DataFrame``, a partition per committed part,
        ``columns`` projected and ``filters`` (as :meth:`Database.arrow` takes them)
        pushed down to each part."""
        dd = dask_dataframe()
        from dask import delayed

        wanted = list(columns) if columns is not None else None
        meta = _meta(table, wanted)
        storage = self.db.storage
        where = str(storage.root) if isinstance(storage, LocalStorage) else storage
        people: People | None = getattr(self.db, "people", None)
        keep = None
        loaded = wanted
        if people is not None and table in LABELLED_TABLES:  # players shown as persons
            filters, keep = people.translate(filters)
            if wanted is not None:
                loaded = list(dict.fromkeys([*wanted, "site", "player"]))
        parts = [delayed(_read_part)(where, path, table, loaded, filters, people, keep,
                                     wanted)
                 for path in self._parts(table)]
        if not parts:
            return dd.from_pandas(meta, npartitions=1)
        return dd.from_delayed(parts, meta=meta, verify_meta=False)

    def _parts(self, table: str) -> list[str]:
        if table not in TABLES:
            raise UsageError(f"no table {table!r}; the tables are {', '.join(TABLES)}")
        return self.db.parts()[table]

    def hands(self, columns: Sequence[str] | None = None,
              filters: Any = None) -> Any:
        return self.table("hands", columns, filters)

    def players(self, columns: Sequence[str] | None = None,
                filters: Any = None) -> Any:
        return self.table("players", columns, filters)

    def actions(self, columns: Sequence[str] | None = None,
                filters: Any = None) -> Any:
        return self.table("actions", columns, filters)

    def pots(self, columns: Sequence[str] | None = None,
             filters: Any = None) -> Any:
        return self.table("pots", columns, filters)

    def violations(self, columns: Sequence[str] | None = None,
                   filters: Any = None) -> Any:
        return self.table("violations", columns, filters)

    def unverifiable(self, columns: Sequence[str] | None = None,
                     filters: Any = None) -> Any:
        return self.table("unverifiable", columns, filters)

    def failures(self, columns: Sequence[str] | None = None,
                 filters: Any = None) -> Any:
        return self.table("failures", columns, filters)


def _meta(table: str, columns: list[str] | None) -> Any:
    """An empty frame with the columns and dtypes :meth:`Database.table` gives."""
    schema = arrow_schema(table)
    if columns is not None:
        unknown = [c for c in columns if c not in schema.names]
        if unknown:
            raise UsageError(f"the {table} table has no column "
                             f"{', '.join(map(repr, unknown))}; its columns are "
                             f"{', '.join(schema.names)} (see docs/database.md)")
        schema = pa.schema([schema.field(c) for c in columns])
    return _text_categories(to_pandas(table, schema.empty_table()))
