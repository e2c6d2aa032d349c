"""Promise: `stud-hh migrate` converts a database of the earlier format (parts named by
commit records, schema 1 to 5) to Delta tables holding what a fresh import stores, its
notes kept; a migration killed before or after its batch is started over or finished by
the next; a damaged part is named and stays damaged, and `stud-hh repair` then imports its
files again; records written before checksums or before provenance migrate (their parts
unverifiable, or of files not known: a repair imports every file).

``tests/data/schema5.db`` was made by stud-hh's main branch before the Delta tables (the
four files of ``tests/data/handwritten`` imported in three imports, a compaction between
them, and a note), with `stud_hh.store.ingest.run.import_paths` and `notes.save_notes`.
The other earlier-format databases are written here (:func:`legacy_db`), as that stud-hh
wrote its commit records (:mod:`stud_hh.store.legacy` reads them back).
"""

from __future__ import annotations

import json
import secrets
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from helpers import SAMPLES

from stud_hh.cli import main
from stud_hh.store import migrate
from stud_hh.store.batches import BatchLog
from stud_hh.store.database import Database, EarlierFormatError, open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.integrity import check_database
from stud_hh.store.legacy import _record_digest
from stud_hh.store.migrate import migrate_database
from stud_hh.store.notes import read_notes
from stud_hh.store.repair import Provenance, repair_database
from stud_hh.store.schema import TABLES

MAIN_DB = Path(__file__).resolve().parent.parent / "data" / "schema5.db"


def legacy_db(root: Path, histories: Sequence[Path], *, checksums: bool = True,
              provenance: bool = True) -> Path:
    """A database of the earlier format (schema 5) holding what importing ``histories`` one
    at a time stores: a commit record per import, naming its parts (table, path, rows, size,
    BLAKE2b digest), the history files of their rows, and a digest of itself. Without
    ``checksums`` the records name no size or digest (as before checksums were written);
    without ``provenance`` no history file."""
    work = root.with_name(root.name + "-made")
    for path in histories:
        import_paths([path], work, jobs=1)
    db = Database(work)
    known = Provenance(db, db.history(), set())
    groups: dict[frozenset[str], list[dict[str, Any]]] = {}
    for table in TABLES:
        for part in db.live(table):
            digest = db.digest(part.path)
            assert digest is not None
            entry: dict[str, Any] = {"table": table, "path": part.path, "rows": part.rows}
            if checksums:
                entry |= {"size": digest[0], "checksum": digest[1]}
            groups.setdefault(known.files(part.path) or frozenset(), []).append(entry)
            (root / table).mkdir(parents=True, exist_ok=True)
            shutil.copy(work / part.path, root / part.path)
    (root / "commits").mkdir()
    for number, (files, parts) in enumerate(sorted(groups.items(), key=lambda g: sorted(g[0])),
                                            1):
        record: dict[str, Any] = {"parts": parts}
        if provenance:
            record["files"] = sorted(files)
        if checksums:
            record["digest"] = _record_digest(record)
        name = f"{number:08d}-{secrets.token_hex(4)}.json"
        (root / "commits" / name).write_text(json.dumps(record, indent=1))
    (root / "stud_hh.json").write_text(json.dumps({"format": "stud-hh database",
                                                   "schema_version": 5}, indent=2))
    shutil.rmtree(work)
    return root


def rows(root: Path, *, files: Path | None = None) -> dict[str, list[tuple[str, ...]]]:
    """Every table's rows, sorted, each value as text; the history files named by name
    alone, and the files' times left out (those of the machine that imported them)."""
    db = open_db(root)
    found = {}
    for table in TABLES:
        if table == "notes":
            continue
        frame = db.table(table).astype(str)
        for column in ("file", "stored_file"):
            if column in frame:
                frame[column] = frame[column].map(lambda f: Path(f).name)
        frame = frame.drop(columns=["mtime_ns"], errors="ignore")
        found[table] = sorted(map(tuple, frame.to_numpy().tolist()))
    return found


@pytest.fixture
def histories(tmp_path: Path) -> list[Path]:
    folder = tmp_path / "h"
    folder.mkdir()
    names = ["stud_cash_0.10-0.20.txt", "razz_tournament.txt", "stud8_cash_0.25-0.50.txt"]
    for name in names:
        shutil.copy(SAMPLES / name, folder / name)
    return [folder / name for name in names]


@pytest.fixture
def fresh(histories: list[Path], tmp_path: Path) -> Path:
    root = tmp_path / "fresh.db"
    for path in histories:
        import_paths([path], root, jobs=1)
    return root


def test_a_database_made_by_the_stud_hh_before_migrates_to_what_a_fresh_import_stores(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root = tmp_path / "main.db"
    shutil.copytree(MAIN_DB, root)
    assert json.loads((root / "stud_hh.json").read_text())["schema_version"] == 5
    assert main(["migrate", "--db", str(root)]) == 0
    out = capsys.readouterr().out
    assert "schema 5 -> 6" in out, out
    assert "written again" not in out, out
    fresh = tmp_path / "fresh.db"
    import_paths(sorted(SAMPLES.iterdir()), fresh, jobs=1)
    assert rows(root) == rows(fresh)
    assert [n.note for n in read_notes(open_db(root))] == ["the fixture's note"]
    assert check_database(root).sound
    db = open_db(root)
    provenance = Provenance(db, db.history(), set())
    found = [provenance.files(p) for p in db.part_paths("hands")]
    assert all(found)  # each part's files, from its record
    assert {Path(f).name for files in found for f in files or ()} == \
        {p.name for p in SAMPLES.iterdir()}
    assert main(["stats", "--db", str(root)]) == 0


@pytest.mark.parametrize("killed_at", ["before_its_batch", "after_its_batch"])
def test_a_migration_killed_is_started_over_or_finished(
        histories: list[Path], fresh: Path, tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch, killed_at: str) -> None:
    """Killed with every table committed but not the batch's row: started over; killed with
    the batch in but not the marker: finished. Nothing reads the half-made database."""
    root = legacy_db(tmp_path / "old.db", histories)

    def killed(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    if killed_at == "before_its_batch":
        monkeypatch.setattr(BatchLog, "append", killed)  # every table committed, not the row
    else:
        monkeypatch.setattr(migrate, "_finish", killed)  # the batch in, the marker not
    with pytest.raises(KeyboardInterrupt):
        migrate_database(root)
    monkeypatch.undo()
    with pytest.raises(EarlierFormatError):
        open_db(root)  # nothing reads the half-made tables
    report = migrate_database(root)
    assert report.batch == 1
    if killed_at == "before_its_batch":
        assert not report.finished
        assert check_database(root).uncommitted == 0
    else:
        assert report.finished
        assert "committed by a migration killed since" in report.lines()[-1]
        assert not (root / "commits").exists()
        assert [b.number for b in open_db(root).history()] == [1]
    assert rows(root) == rows(fresh)
    assert check_database(root).sound


def test_a_damaged_part_is_named_and_repair_imports_its_files_again(
        histories: list[Path], fresh: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The part is committed as it was (what its record says it should be): the database is
    damaged as before, every command says so, and the repair of any damage mends it."""
    root = legacy_db(tmp_path / "old.db", histories)
    part = max((root / "players").glob("*.parquet"), key=lambda p: p.stat().st_size)
    part.write_bytes(part.read_bytes()[:100])
    where = str(part.relative_to(root))
    assert main(["migrate", "--db", str(root)]) == 1
    out = capsys.readouterr().out
    assert f"damaged, committed as it was: {where}" in out, out
    assert f"run `stud-hh repair --db {root}`" in out, out
    assert main(["stats", "--db", str(root)]) == 2
    assert where in capsys.readouterr().err
    assert [p.where for p in check_database(root).problems] == [where]
    assert main(["repair", "--db", str(root), "--jobs", "1"]) == 0
    capsys.readouterr()
    assert rows(root) == rows(fresh)
    assert check_database(root).sound


def test_records_written_before_checksums_migrate_unverifiable(
        histories: list[Path], fresh: Path, tmp_path: Path) -> None:
    root = legacy_db(tmp_path / "old.db", histories, checksums=False)
    migrate_database(root)
    report = check_database(root)
    assert report.sound
    assert report.unverifiable == report.parts > 0
    assert "unverifiable" in report.summary()
    assert rows(root) == rows(fresh)
    part = max((root / "players").glob("*.parquet"), key=lambda p: p.stat().st_size)
    data = part.read_bytes()
    part.write_bytes(data[:-100] + data[-4:])  # the PAR1 marks kept: its size tells
    with pytest.raises(Exception, match="not the"):
        open_db(root)
    assert not repair_database(root, jobs=1).lost
    assert rows(root) == rows(fresh)
    assert check_database(root).sound


def test_records_without_provenance_make_a_repair_import_every_file(
        histories: list[Path], fresh: Path, tmp_path: Path) -> None:
    root = legacy_db(tmp_path / "old.db", histories, provenance=False)
    migrate_database(root)
    part = max((root / "pots").glob("*.parquet"), key=lambda p: p.stat().st_size)
    part.write_bytes(b"")
    report = repair_database(root, jobs=1)
    assert sorted(report.files) == sorted(str(p) for p in histories)
    assert not report.lost
    assert rows(root) == rows(fresh)
    assert check_database(root).sound


def test_the_rows_compared_are_the_tables_rows(fresh: Path) -> None:
    found = rows(fresh)
    assert len(found["hands"]) == open_db(fresh).count("hands") > 0
    frame = pd.DataFrame(found["files"])
    assert len(frame.columns) == len(TABLES["files"].names) - 1  # mtime_ns left out
