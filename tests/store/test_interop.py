"""Promise: every table of a database is a Delta table that other tools read without
stud-hh, at every version a batch left: delta-rs alone (``DeltaTable(...).to_pyarrow_table``),
Polars (``pl.read_delta``), DuckDB over the table's Arrow dataset (offline: no extension)
and Dask over the table's data files each give, at the version a batch names, exactly the
rows ``stud_hh.open_db(root, as_of=batch)`` gives, after imports, notes, a compaction and
a repair (rows removed, files replaced). Delta has no dictionary type: those columns come
back as plain strings, compared as such.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pyarrow as pa
import pytest
from helpers import SAMPLES

from stud_hh.model.errors import UsageError
from stud_hh.store.database import Database, open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.notes import make_note, save_notes
from stud_hh.store.parts import plain_schema
from stud_hh.store.repair import repair_database
from stud_hh.store.schema import TABLES


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two imports, a note, a compaction, a repair of a damaged part (its rows dropped and
    its file imported again), and a note rewritten."""
    base = tmp_path_factory.mktemp("interop")
    histories = base / "h"
    histories.mkdir()
    root = base / "db"
    files = sorted(SAMPLES.iterdir())
    for path in files[:2]:
        shutil.copy(path, histories / path.name)
    import_paths([histories], root, jobs=1, batch_files=1)
    save_notes(Database.create(root), [make_note("PokerStars", "Hero", "me", ["hero"])])
    for path in files[2:]:
        shutil.copy(path, histories / path.name)
    import_paths([histories], root, jobs=1, batch_files=1)
    with Database(root).writing():
        assert Database(root).compact(min_parts=2)
    part = root / open_db(root).parts()["players"][0]
    part.write_bytes(part.read_bytes()[:-10])
    assert repair_database(root, jobs=1).after is not None
    save_notes(Database.create(root), [make_note("PokerStars", "Hero", "still me", [])])
    operations = [b.operation for b in open_db(root).history()]
    assert {"import", "notes", "compact", "repair"} <= set(operations), operations
    return root


def rows(data: Any, table: str) -> list[str]:
    """The rows of ``data`` (Arrow), each with the table's columns as stored (dictionary
    columns as their strings), as sortable text."""
    if isinstance(data, pa.RecordBatchReader):
        data = data.read_all()
    schema = plain_schema(table)
    data = data.select(schema.names)
    data = pa.table([c.cast(f.type) for c, f in zip(data.columns, schema, strict=True)],
                    schema=schema)
    return sorted(repr(sorted(row.items())) for row in data.to_pylist())


def _readers(root: Path, table: str, version: int) -> dict[str, list[str]]:
    import dask.dataframe as dd
    import duckdb
    import polars as pl
    from deltalake import DeltaTable

    uri = str(root / table)
    delta = DeltaTable(uri, version=version)
    dataset = delta.to_pyarrow_dataset()  # noqa: F841 - DuckDB reads it by its name
    files = delta.file_uris()
    dask = (pa.Table.from_pandas(dd.read_parquet(files, dtype_backend="pyarrow").compute(),
                                 preserve_index=False) if files else pa.table({}))
    return {"deltalake": rows(delta.to_pyarrow_table(), table),
            "polars": rows(pl.read_delta(uri, version=version).to_arrow(), table),
            "duckdb": rows(duckdb.sql("SELECT * FROM dataset").arrow(), table),
            "dask": rows(dask, table) if files else []}


def _opened(db: Path, number: int) -> Database | UsageError:
    try:
        return open_db(db, as_of=number)
    except UsageError as exc:
        return exc


# dask's own read_parquet calls reset_index(inplace=True), which pandas 3.1 deprecates
@pytest.mark.filterwarnings("ignore:The inplace keyword in DataFrame.reset_index")
def test_every_table_at_every_batch_reads_alike_in_every_tool(db: Path) -> None:
    pytest.importorskip("dask.dataframe", reason="Dask is an optional extra: stud-hh[dask]")
    pytest.importorskip("polars", reason="the interop tests read the tables with Polars")
    checked, refused = 0, []
    history = open_db(db).history()
    repaired = next(b.number for b in history if b.operation == "repair")
    for batch in history:
        at = _opened(db, batch.number)
        if isinstance(at, UsageError):  # it read the damaged part, in damaged/ now
            assert batch.number < repaired, at
            assert "moved into damaged/ by a repair" in str(at)
            refused.append(batch.number)
            continue
        for table in TABLES:
            ours = rows(at.arrow(table), table)
            version = batch.versions.get(table, 0)
            for tool, found in _readers(db, table, version).items():
                assert found == ours, (batch.number, table, tool)
                checked += 1
    assert refused  # the batches from the damaged part's to the repair
    assert checked == 4 * len(TABLES) * (len(history) - len(refused))


def test_a_foreign_reader_of_the_latest_version_reads_the_last_batch(db: Path) -> None:
    """With no writer killed half-way, a table's latest version is the last batch's: what a
    tool opening the folder without stud-hh reads."""
    from deltalake import DeltaTable

    last = open_db(db).history()[-1]
    for table in TABLES:
        assert DeltaTable(str(db / table)).version() == last.versions.get(table, 0), table
    assert open_db(db).versions() == dict(last.versions)
