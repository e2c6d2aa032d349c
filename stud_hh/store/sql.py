"""Stage 4e: SQL over a database, with DuckDB, read-only.

Each table of the registry (:data:`stud_hh.store.schema.TABLES`) is a view of the same
name and columns over exactly the data files of the table's version that the last
complete batch names (:mod:`stud_hh.store.batches`: never a file written without a
commit, nor one a later commit removed, nor one of an unfinished batch). A table with no
parts is a view with the same columns and no rows. The connection is in memory and
locked: DuckDB may open the committed parts and no other file (``allowed_paths``,
``enable_external_access`` off, then ``lock_configuration``), loads no extension, and a
query is one read-only statement (``SELECT``, ``WITH``, ``DESCRIBE``, ``SHOW``,
``SUMMARIZE``, ``EXPLAIN``), so nothing a query says can write a file or change the
database.

Money columns stay integers in the hand's smallest unit; :data:`MACROS` turn them into
printed units (``money(net, scale)``) and big bets, and give the statistics' ratio
(``pct(vpip, vpip_opp)``) and date groups, each written out in
``docs/database.md``. Every error (a syntax error, an unknown table or column, a query
that would write) is a one-line :class:`~stud_hh.model.errors.UsageError`.

>>> import tempfile
>>> from stud_hh.store.database import Database
>>> db = Database.create(tempfile.mkdtemp() + "/empty.db")
>>> db.sql("SELECT count(*) AS hands FROM hands")
   hands
0      0
>>> print(render(query(db, "SELECT money(1250, 100) AS dollars, unit(NULL, true) AS unit"),
...              "csv"))
dollars,unit
12.5,tournament chips
<BLANKLINE>
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from stud_hh.model.errors import InputError, UsageError
from stud_hh.store.schema import TABLES
from stud_hh.store.storage import Storage

if TYPE_CHECKING:
    import duckdb

FORMATS = ("text", "csv", "json", "parquet")
"""What :func:`render` and :func:`write` write."""

READ_ONLY = ("SELECT", "EXPLAIN")
"""The statement types a query may be (DuckDB parses ``WITH``, ``DESCRIBE``, ``SHOW`` and
``SUMMARIZE`` as ``SELECT``)."""

QUOTED = frozenset({"limit", "order", "table"})
"""Column names that are SQL keywords: a query writes them in double quotes
(``hands."table"``, ``actions."order"``)."""


@dataclass(frozen=True, slots=True)
class Macro:
    """A SQL macro every connection has: ``name(parameters)`` stands for ``body``."""

    name: str
    parameters: tuple[str, ...]
    body: str
    description: str

    @property
    def signature(self) -> str:
        return f"{self.name}({', '.join(self.parameters)})"


MACROS: tuple[Macro, ...] = (
    Macro("money", ("amount", "scale"), "amount / scale",
          "an amount in printed units (dollars, euros, chips), a double: the integer in the "
          "smallest unit divided by the hand's `scale`, as `stud-hh stats` does for `net` "
          "(`sum(money(net, scale))` grouped by `unit(currency, tournament)`: never add two "
          "units)"),
    Macro("unit", ("currency", "tournament"),
          "coalesce(currency, CASE WHEN tournament THEN 'tournament chips' ELSE 'chips' END)",
          "the money unit the statistics keep apart, as `stats.money_unit`: the currency "
          "code; else `tournament chips` in a tournament hand (worth nothing outside their "
          "tournament: add them up per `tournament_id` only), else `chips` (play money, or "
          "a currency the site does not name)"),
    Macro("big_bets", ("amount", "big_bet"),
          "CASE WHEN big_bet > 0 THEN amount / big_bet ELSE 0 END",
          "an amount in big bets of its hand (the `players` table's `big_bet`), a double; 0 "
          "for a hand with no big bet (no-limit, pot-limit, stakes unknown: big bet 0), which "
          "the statistics' `net_bb` leaves out, and their big bets per 100 hands count only "
          "`count_if(big_bet > 0)` hands; big bets add up across stakes and units"),
    Macro("pct", ("done", "opportunity"),
          "100 * sum(CAST(done AS BIGINT)) / nullif(sum(CAST(opportunity AS BIGINT)), 0)",
          "an aggregate: a statistic of docs/statistics.md, the *done* flags over the "
          "*opportunity* flags of the rows, in percent (NULL with no opportunity), as "
          "`stats.ratios`: `pct(vpip, vpip_opp)`; its sample size is "
          "`count_if(vpip_opp)`"),
    Macro("date_of", ("ts",), "coalesce(strftime(ts, '%Y-%m-%d'), 'undated')",
          "the UTC date of a time (`start_utc`) as `2026-03-14`, or `undated` when the site "
          "printed no time zone, as the statistics' `date` grouping"),
    Macro("month_of", ("ts",), "coalesce(strftime(ts, '%Y-%m'), 'undated')",
          "the UTC month of a time as `2026-03`, or `undated`, as the `month` grouping"),
    Macro("year_of", ("ts",), "coalesce(strftime(ts, '%Y'), 'undated')",
          "the UTC year of a time as `2026`, or `undated`, as the `year` grouping"),
)
"""The macros, in the order docs/database.md lists them."""


class CommittedParts(Protocol):
    """What a connection is made from: a database (a folder, or a URL whose filesystem is
    registered with DuckDB) and its committed parts
    (:class:`stud_hh.store.database.Database`)."""

    root: Path | str
    storage: Storage

    def parts(self) -> dict[str, list[str]]: ...


def _duck_type(type_: pa.DataType) -> str:
    """The DuckDB type a Parquet column of ``type_`` reads as."""
    if pa.types.is_dictionary(type_):
        return _duck_type(type_.value_type)
    if pa.types.is_list(type_):
        return f"{_duck_type(type_.value_type)}[]"
    if pa.types.is_timestamp(type_):
        return "TIMESTAMPTZ" if type_.tz else "TIMESTAMP"
    names = {pa.string(): "VARCHAR", pa.bool_(): "BOOLEAN", pa.int8(): "TINYINT",
             pa.int16(): "SMALLINT", pa.int32(): "INTEGER", pa.int64(): "BIGINT",
             pa.float64(): "DOUBLE"}
    return names[type_]


def _literal(text: str) -> str:
    return "'" + text.replace("'", "''") + "'"


def _name(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def view_sql(table: str, files: list[str], name: str | None = None, *,
             replace: bool = False) -> str:
    """The ``CREATE VIEW`` of ``table`` over ``files`` (absolute paths): the registry's
    columns in its order, typed from the registry when there is no file. Parts written
    before a column was added (an older schema version) read it as NULL: the files are
    read by column name, beside a typed row set of no rows that has every column. The
    view is named ``name`` (a view of some of the parts), else ``table``; ``replace``: it
    takes the place of the view of that name.

    >>> print(view_sql("files", []))  # doctest: +ELLIPSIS
    CREATE VIEW "files" AS SELECT CAST(NULL AS VARCHAR) AS "file", ... WHERE false
    """
    columns = TABLES[table].columns
    typed = ", ".join(f"CAST(NULL AS {_duck_type(c.type)}) AS {_name(c.name)}"
                      for c in columns)
    view = _name(name or table)
    create = "CREATE OR REPLACE VIEW" if replace else "CREATE VIEW"
    if not files:
        return f"{create} {view} AS SELECT {typed} WHERE false"
    listed = ", ".join(_literal(f) for f in files)
    return (f"{create} {view} AS SELECT {', '.join(_name(c.name) for c in columns)} "
            f"FROM (SELECT * FROM read_parquet([{listed}], hive_partitioning = false, "
            f"union_by_name = true) UNION ALL BY NAME SELECT {typed} WHERE false)")


def connect(db: CommittedParts, parts: Mapping[str, list[str]] | None = None, *,
            folder: str | None = None) -> duckdb.DuckDBPyConnection:
    """An in-memory DuckDB connection with a view per table over ``db``'s committed
    parts (or ``parts``, as :meth:`~CommittedParts.parts` gave them) and the
    :data:`MACROS`, locked so that it opens no other file.

    The views are made from the batch complete now: a later import is seen
    by a new connection. Close it when done (``with connect(db) as con: ...``). With
    ``folder`` (the database's folder on this machine), every file under it may be
    opened instead, and Parquet footers are kept once read: a connection whose views are
    made again over the parts of each new version (:func:`view_sql` with ``replace``),
    as the app's is; its queries are the app's own, never a user's.
    """
    import duckdb

    storage = db.storage
    files = {table: [storage.duckdb_path(p) for p in paths]
             for table, paths in (db.parts() if parts is None else parts).items()}
    con = duckdb.connect(":memory:", config={
        "autoinstall_known_extensions": False, "autoload_known_extensions": False,
        "allow_community_extensions": False, "python_enable_replacements": False})
    try:
        storage.register(con)  # a URL's filesystem (fsspec), never an extension
        con.execute("SET TimeZone = 'UTC'")
        for table in TABLES:
            con.execute(view_sql(table, files.get(table, [])))
        for macro in MACROS:
            con.execute(f"CREATE MACRO {macro.name}({', '.join(macro.parameters)}) AS "
                        f"{macro.body}")
        if folder is None:
            con.execute("SET allowed_paths = ?", [[p for paths in files.values() for p in paths]])
        else:  # a SET takes a literal list here, not a parameter
            con.execute("SET parquet_metadata_cache = true")
            con.execute(f"SET allowed_directories = [{_literal(folder.rstrip('/') + '/')}]")
        con.execute("SET enable_external_access = false")
        con.execute("SET lock_configuration = true")
    except BaseException:
        con.close()
        raise
    return con


def _statement(con: duckdb.DuckDBPyConnection, text: str) -> str:
    """``text`` if it is exactly one read-only statement; else :class:`UsageError`."""
    statements = con.extract_statements(text)
    if not statements:
        raise UsageError("no SQL query given: write one SELECT statement (docs/database.md "
                         "lists the tables and columns)")
    if len(statements) > 1:
        raise UsageError(f"one SQL query at a time: this text holds {len(statements)} "
                         "statements (separated by ';')")
    kind = str(statements[0].type).rsplit(".", 1)[-1].split(":")[0]
    if kind not in READ_ONLY:
        raise UsageError(f"SQL: only a query that reads can run (SELECT, WITH, DESCRIBE, "
                         f"SHOW, SUMMARIZE, EXPLAIN); this is a {kind} statement, and the "
                         "database is written by `stud-hh import` alone")
    return text


def _one_line(exc: BaseException) -> str:
    """DuckDB's message on one line: its first line and its "did you mean" hints."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    if not lines:
        return type(exc).__name__
    hints = [line for line in lines[1:] if line.startswith(("Did you mean", "Candidate"))]
    return "; ".join([lines[0], *hints])


def _usage(exc: BaseException, root: Path | str) -> BaseException:
    """The error to raise for a DuckDB error ``exc``."""
    import duckdb

    line = _one_line(exc)
    if isinstance(exc, duckdb.InterruptException):
        return KeyboardInterrupt()
    if isinstance(exc, duckdb.PermissionException):
        return UsageError(f"SQL: a query reads the database's tables ({', '.join(TABLES)}) "
                          f"and no other file ({line})")
    if isinstance(exc, duckdb.IOException):
        return InputError(f"a part could not be read ({line}): run `stud-hh check --db "
                          f"{root}`", path=str(root))
    if isinstance(exc, duckdb.CatalogException):
        return UsageError(f"SQL: {line} (the tables are {', '.join(TABLES)})")
    if isinstance(exc, duckdb.BinderException) and "not found" in line:
        return UsageError(f"SQL: {line} (docs/database.md lists every table's columns)")
    quoted = [w for w in sorted(QUOTED) if f'at or near "{w}"' in line.lower()]
    if quoted:
        return UsageError(f"SQL: {line} (a column named {quoted[0]} is written in double "
                          f'quotes: "{quoted[0]}")')
    return UsageError(f"SQL: {line}")


def query(db: CommittedParts, text: str) -> pa.Table:
    """Run one read-only SQL query over ``db``'s tables: the result as Arrow.

    Integer sums (DuckDB's 128-bit ``HUGEINT``, Arrow ``decimal128(38, 0)``) come back as
    int64 when they fit, other decimals as doubles (:func:`plain`). A part that goes
    while the query runs because an import committed meanwhile (a compaction deletes the
    parts it merged) makes the query run once more, over the parts committed then.
    """
    parts = db.parts()
    try:
        return _run(db, parts, text)
    except InputError:
        now = db.parts()
        if now == parts:
            raise
        return _run(db, now, text)


def _run(db: CommittedParts, parts: Mapping[str, list[str]], text: str) -> pa.Table:
    import duckdb

    try:
        con = connect(db, parts)
    except duckdb.Error as exc:
        raise _usage(exc, db.root) from None
    try:
        relation = con.sql(_statement(con, text))
        result = relation.to_arrow_table() if relation is not None else pa.table({})
    except duckdb.Error as exc:
        gone = [p for paths in parts.values() for p in paths if not db.storage.exists(p)]
        if gone:  # DuckDB says a part it may open is not there as "not permitted"
            raise InputError(f"a part is missing ({gone[0]}): run `stud-hh check --db "
                             f"{db.root}`", path=str(db.root)) from None
        raise _usage(exc, db.root) from None
    finally:
        con.close()
    return plain(result)


def plain(table: pa.Table) -> pa.Table:
    """``table`` with integer decimals as int64 (when they fit) and other decimals as
    doubles, the types pandas, CSV and JSON take without ``Decimal`` objects."""
    columns = []
    for field, column in zip(table.schema, table.columns, strict=True):
        if pa.types.is_decimal(field.type):
            try:
                column = column.cast(pa.int64() if field.type.scale == 0 else pa.float64())
            except pa.ArrowInvalid:  # over 2^63: as a double
                column = column.cast(pa.float64(), safe=False)
        columns.append(column)
    return pa.Table.from_arrays(columns, names=table.column_names)


_NULLABLE: Mapping[pa.DataType, Any] = {
    pa.int8(): pd.Int8Dtype(), pa.int16(): pd.Int16Dtype(), pa.int32(): pd.Int32Dtype(),
    pa.int64(): pd.Int64Dtype(), pa.uint8(): pd.UInt8Dtype(), pa.uint16(): pd.UInt16Dtype(),
    pa.uint32(): pd.UInt32Dtype(), pa.uint64(): pd.UInt64Dtype(), pa.bool_(): pd.BooleanDtype(),
}


def frame(table: pa.Table) -> pd.DataFrame:
    """A query's result as pandas: strings Arrow-backed, integers and booleans with nulls
    as pandas' nullable types (never floats), the rest as Arrow converts them."""
    strings = pd.StringDtype("pyarrow")
    out: pd.DataFrame = table.to_pandas(
        types_mapper={pa.string(): strings, pa.large_string(): strings}.get)
    for i, column in enumerate(table.columns):
        if column.null_count and column.type in _NULLABLE:
            out.isetitem(i, column.to_pandas(types_mapper=_NULLABLE.get))
    return out


def _cell(value: object) -> str:
    """A list or nested value of a CSV cell, as JSON."""
    return json.dumps(value, ensure_ascii=False, default=str)


TEXT_WIDTH = 60
"""The longest text a ``text`` table shows of a cell (CSV, JSON and Parquet keep all)."""


def _shown(value: object) -> str:
    """One cell of a ``text`` table."""
    if value is None:
        return "NULL"
    if isinstance(value, float):
        return "NaN" if value != value else f"{value:.4f}".rstrip("0").rstrip(".")
    if isinstance(value, list | dict | tuple):
        value = _cell(value)
    text = str(value).replace("\n", "\\n")
    return text if len(text) <= TEXT_WIDTH else text[:TEXT_WIDTH - 1] + "…"


def text_table(table: pa.Table) -> str:
    """A result as a table a person reads: a header, a rule, a line per row (numbers
    to the right, floats to 4 decimals, NULL for no value, long texts cut), a row count."""
    columns = [[_shown(v) for v in column.to_pylist()] for column in table.columns]
    right = [pa.types.is_integer(c.type) or pa.types.is_floating(c.type)
             or pa.types.is_decimal(c.type) for c in table.columns]
    widths = [max([len(name), *map(len, cells)])
              for name, cells in zip(table.column_names, columns, strict=True)]

    def line(cells: list[str]) -> str:
        return "  ".join(cell.rjust(width) if r else cell.ljust(width)
                         for cell, width, r in zip(cells, widths, right, strict=True)).rstrip()

    lines = [line(list(table.column_names)), line(["-" * w for w in widths])] \
        if table.num_columns else []
    lines += [line([cells[i] for cells in columns]) for i in range(table.num_rows)]
    rows = table.num_rows
    return "\n".join([*lines, f"({rows:,} row{'s' if rows != 1 else ''})"]) + "\n"


def render(table: pa.Table, fmt: str) -> str:
    """A result as ``text`` (:func:`text_table`), ``csv`` (lists as JSON arrays) or
    ``json`` (an array of objects, one a line; times in ISO 8601 UTC)."""
    if fmt == "text":
        return text_table(table)
    data = frame(table)
    if fmt == "csv":
        for i, column in enumerate(table.columns):
            if pa.types.is_nested(column.type):
                data.isetitem(i, [None if v is None else _cell(v) for v in column.to_pylist()])
        return str(data.to_csv(index=False))
    if fmt == "json":
        if not len(data):
            return "[]\n"
        records = str(data.to_json(orient="records", lines=True, date_format="iso",
                                   double_precision=15, force_ascii=False)).rstrip("\n").split("\n")
        return "[\n" + ",\n".join(records) + "\n]\n"
    raise UsageError(f"no format {fmt!r} to print: text, csv or json (parquet needs -o FILE)")


def output_format(fmt: str | None, output: Path | None, root: Path | str) -> str:
    """The format to write (``fmt``, else from ``output``'s suffix, else ``text``), after
    checking that ``output`` may be written: parquet needs a file, and no file inside the
    database folder (it could take a part's place)."""
    if fmt is None:
        suffix = output.suffix.lower().lstrip(".") if output is not None else ""
        fmt = suffix if suffix in FORMATS and suffix != "text" else "text"
    if fmt not in FORMATS:
        raise UsageError(f"no format {fmt!r}: {', '.join(FORMATS)}")
    if output is None:
        if fmt == "parquet":
            raise UsageError("--format parquet writes a file: give -o FILE")
        return fmt
    if isinstance(root, Path) and output.resolve().is_relative_to(root.resolve()):
        raise UsageError(f"{output}: a result is never written inside the database folder "
                         f"{root}: choose a file elsewhere")
    if output.is_dir():
        raise UsageError(f"{output}: is a folder: give a file name for the result")
    return fmt


def write(table: pa.Table, fmt: str, output: Path) -> None:
    """Write a result to ``output`` in ``fmt`` (``parquet`` keeps the result's Arrow
    types), whole or not at all (a temporary file renamed into place)."""
    tmp = output.with_name(f".{output.name}.tmp")
    try:
        if fmt == "parquet":
            pq.write_table(table, tmp, compression="zstd")
        else:
            tmp.write_text(render(table, fmt), encoding="utf-8")
        os.replace(tmp, output)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
