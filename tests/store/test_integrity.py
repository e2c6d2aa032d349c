"""Promise: a damaged database is named as such, never a pyarrow traceback; `stud-hh check`
finds every kind of damage (and nothing in a sound database); `stud-hh repair` moves the
damage aside, imports its files again and leaves a database equal to a fresh import, which
a second repair leaves alone; a failed import leaves nothing half-written.

Each damage case of issue 15 is made on a copy of one small database: a truncated,
garbage or deleted part, an empty `players` part, a 4-byte flip inside a `players` part,
a corrupt commit record, a commit naming an unknown table or a part outside the folder.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from helpers import SAMPLES, batches_committed, sample_hand_texts, write_renumbered

from stud_hh.cli import main
from stud_hh.store import database as store
from stud_hh.store.database import DamagedDatabaseError, Database, open_db
from stud_hh.store.delta import Added
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.integrity import check_database
from stud_hh.store.repair import Provenance, repair_database
from stud_hh.store.schema import SCHEMA_VERSION, TABLES, arrow_schema


def counts(root: Path) -> dict[str, int]:
    db = open_db(root)
    return {t: db.count(t) for t in TABLES}


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("histories")
    for path in SAMPLES.iterdir():
        shutil.copy(path, folder / path.name)
    return folder


@pytest.fixture(scope="module")
def fresh(histories: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("fresh") / "db"
    summary = import_paths([histories], root, jobs=1)
    assert summary.hands_new == 23
    return root


@pytest.fixture
def db(fresh: Path, tmp_path: Path) -> Path:
    root = tmp_path / "db"
    shutil.copytree(fresh, root)
    return root


def _part(root: Path, table: str) -> Path:
    """The largest part of ``table`` (the one whose loss is felt most)."""
    return max((root / table).glob("*.parquet"), key=lambda p: p.stat().st_size)


def _log(root: Path, table: str = "hands", version: int = 1) -> Path:
    """A commit of ``table``'s Delta log (version 1: the first batch's)."""
    return root / table / "_delta_log" / f"{version:020d}.json"


def _rewrite_log(root: Path, change: Callable[[dict[str, object]], None],
                 table: str = "hands") -> Path:
    """Change the add action of a commit of ``table``'s log, as an editor would."""
    path = _log(root, table)
    actions = [json.loads(line) for line in path.read_text().splitlines() if line.strip()]
    for action in actions:
        if "add" in action:
            change(action["add"])
    path.write_text("\n".join(json.dumps(a) for a in actions))
    return path


def truncate(root: Path) -> str:
    part = _part(root, "hands")
    part.write_bytes(part.read_bytes()[: part.stat().st_size // 2])
    return str(part.relative_to(root))


def garbage_same_size(root: Path) -> str:
    part = _part(root, "players")
    part.write_bytes(os.urandom(part.stat().st_size))
    return str(part.relative_to(root))


def garbage(root: Path) -> str:
    part = _part(root, "actions")
    part.write_bytes(b"not parquet at all\n" * 7)
    return str(part.relative_to(root))


def delete(root: Path) -> str:
    part = _part(root, "hands")
    part.unlink()
    return str(part.relative_to(root))


def empty_players(root: Path) -> str:
    part = _part(root, "players")
    part.write_bytes(b"")
    return str(part.relative_to(root))


def corrupt_log(root: Path) -> str:
    path = _log(root)
    path.write_bytes(path.read_bytes()[:200])
    return str(path.relative_to(root))


def garbage_log(root: Path) -> str:
    path = _log(root, "players")
    path.write_bytes(b"\x00\xff" * 50)
    return str(path.relative_to(root))


def missing_log(root: Path) -> str:
    path = _log(root, "actions", 2)
    path.unlink()
    return str(path.relative_to(root))


def batches_log(root: Path) -> str:
    path = _log(root, "batches", 2)
    path.write_bytes(path.read_bytes()[:200])
    return str(path.relative_to(root))


def outside(root: Path) -> str:
    (root.parent / "elsewhere.parquet").write_bytes(b"PAR1" * 10)

    def change(add: dict[str, object]) -> None:
        add["path"] = "../elsewhere.parquet"
        add["size"] = 40

    return str(_rewrite_log(root, change).relative_to(root))


DAMAGE = [truncate, garbage_same_size, garbage, delete, empty_players, corrupt_log,
          garbage_log, missing_log, batches_log, outside]


def _one_line(err: str) -> str:
    lines = [line for line in err.splitlines() if line.strip()]
    assert len(lines) == 1, err
    assert "Traceback" not in err, err
    assert "pyarrow" not in err.lower(), err
    return lines[0]


@pytest.mark.parametrize("damage", DAMAGE, ids=lambda f: f.__name__)
def test_damage_is_named_checked_and_repaired(damage: Callable[[Path], str], db: Path,
                                              fresh: Path, histories: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    where = damage(db)
    with pytest.raises(DamagedDatabaseError, match="stud-hh repair --db") as caught:
        open_db(db)
    assert where in str(caught.value)
    for command in (["stats", "--db", str(db)],
                    ["import", str(histories), "--db", str(db), "--jobs", "1", "-q"],
                    ["export", "--db", str(db), "-o", str(tmp_path / "out")]):
        assert main(command) == 2, command
        line = _one_line(capsys.readouterr().err)
        assert where in line, line
        assert f"stud-hh repair --db {db}" in line, line

    assert main(["check", "--db", str(db)]) == 1
    out = capsys.readouterr().out
    assert where in out
    assert out.splitlines()[-1].endswith(f"run `stud-hh repair --db {db}`")

    assert main(["repair", "--db", str(db), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "moved aside to damaged/" in out, out
    assert "check: sound" in out, out
    if damage not in (delete, missing_log):  # what is gone cannot be kept
        assert list((db / "damaged").rglob(Path(where).name)), f"{where} not kept in damaged/"
    assert counts(db) == counts(fresh)
    assert check_database(db).sound
    assert main(["check", "--db", str(db)]) == 0
    assert main(["repair", "--db", str(db)]) == 0
    assert "nothing to repair" in capsys.readouterr().out


def test_a_log_entry_changed_that_still_reads_is_found_and_repaired(
        db: Path, fresh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Four digits of a log commit changed (its file's time): delta-rs reads it as it is and
    opening cannot tell; `check` finds it by the digest its batch recorded, and `repair`
    starts the log anew, importing its files again."""
    path = _log(db, "pots")
    text = path.read_text()
    at = text.index('"modificationTime":') + len('"modificationTime":') + 5
    path.write_text(text[:at] + "".join(str(9 - int(c)) for c in text[at:at + 4])
                    + text[at + 4:])
    where = str(path.relative_to(db))
    assert counts(db) == counts(fresh)  # opening cannot tell
    report = check_database(db)
    assert [(p.where, p.kind) for p in report.problems] == [(where, "log")]
    assert "changed after it was written" in report.problems[0].what
    assert main(["check", "--db", str(db)]) == 1
    assert where in capsys.readouterr().out
    assert main(["repair", "--db", str(db), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "pots: its log started anew" in out, out
    assert list((db / "damaged").rglob(path.name))
    assert counts(db) == counts(fresh)
    assert check_database(db).sound


def test_an_unfinished_batch_is_found_and_taken_back(
        db: Path, fresh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A writer killed between its commits: `hands` and `players` hold a batch whose row
    never committed. Readers see the last complete batch; `check` finds the database sound
    and notes both tables (the next writer takes them back); `repair` takes them back,
    deleting the batch's data files."""
    database = Database(db)
    last = database.history()[-1].number
    written = []
    for table in ("hands", "players"):
        part = database.write_part(table, database.arrow(table))  # every row again
        written.append(part.path)
        database.tables.commit(table, arrow_schema(table), [Added(
            table, part.path, part.rows, part.size, part.checksum)], [], last + 1)
    assert counts(db) == counts(fresh)  # readers read the last complete batch
    report = check_database(db)
    assert report.sound
    assert report.unfinished == {"hands": last + 1, "players": last + 1}
    assert main(["check", "--db", str(db)]) == 0
    assert f"hands, players hold batch {last + 1}, which a writer killed" in \
        capsys.readouterr().out
    assert main(["repair", "--db", str(db), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "hands: taken back to the last complete batch" in out, out
    assert "check: sound" in out, out
    assert not any((db / path).exists() for path in written)
    assert counts(db) == counts(fresh)
    assert [b.number for b in Database(db).history()][-1] == last  # nothing to commit
    assert main(["repair", "--db", str(db)]) == 0
    assert "nothing to repair" in capsys.readouterr().out


def test_a_sound_database_checks_clean_and_repair_does_nothing(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [out.splitlines()[-1]]  # only the summary
    assert "sound" in out
    assert "keys across tables verified" in out
    before = sorted(p.relative_to(db) for p in db.rglob("*"))
    assert main(["repair", "--db", str(db)]) == 0
    assert "nothing to repair" in capsys.readouterr().out
    assert sorted(p.relative_to(db) for p in db.rglob("*")) == before


def test_check_of_what_is_not_a_database(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "--db", str(tmp_path)]) == 2
    assert "not a stud-hh database" in _one_line(capsys.readouterr().err)
    assert main(["repair", "--db", str(tmp_path / "nothing")]) == 2
    capsys.readouterr()


def _flip_keys(part: Path) -> None:
    """Flip 4 bytes inside the hand-id column of ``part`` where the part still reads, with
    other hand ids: the damage issue 15 found going unnoticed."""
    data = part.read_bytes()
    before = pq.read_table(part, columns=["hand_id"])
    column = pq.ParquetFile(part).metadata.row_group(0).column(
        pq.ParquetFile(part).schema_arrow.get_field_index("hand_id"))
    start = column.dictionary_page_offset or column.data_page_offset
    for offset in range(start, start + column.total_compressed_size - 4):
        flipped = bytearray(data)
        flipped[offset:offset + 4] = bytes(b ^ 0xFF for b in flipped[offset:offset + 4])
        try:
            after = pq.read_table(pa.BufferReader(bytes(flipped)), columns=["hand_id"])
        except (OSError, pa.ArrowException):
            continue
        if after.num_rows == before.num_rows and not after.equals(before):
            part.write_bytes(bytes(flipped))
            return
    pytest.fail(f"no 4 bytes of {part} flip into other hand ids")


def test_a_four_byte_flip_is_found_with_the_rows_it_leaves_dangling(
        db: Path, fresh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    part = _part(db, "players")
    _flip_keys(part)
    where = str(part.relative_to(db))
    open_db(db)  # the size is right: the cheap check on opening cannot see it
    report = check_database(db)
    assert [p.where for p in report.problems] == [where]
    what = report.problems[0].what
    assert what.startswith("checksum mismatch")
    assert "rows name hands not stored" in what
    assert main(["check", "--db", str(db)]) == 1
    capsys.readouterr()
    assert main(["repair", "--db", str(db), "--jobs", "1"]) == 0
    assert counts(db) == counts(fresh)
    assert check_database(db).sound


def test_opening_checks_sizes_without_reading_parts(db: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    def no(*args: object, **kwargs: object) -> object:
        raise AssertionError("a part was read on opening")

    real = pq.read_table

    def batches_only(source: object, *args: object, **kwargs: object) -> object:
        if "/batches/" not in str(source):  # the last batch's row: one small file
            raise AssertionError(f"{source} was read on opening")
        return real(source, *args, **kwargs)  # type: ignore[arg-type]

    for name in ("ParquetFile", "read_metadata", "read_schema"):
        monkeypatch.setattr(pq, name, no)
    monkeypatch.setattr(pq, "read_table", batches_only)
    monkeypatch.setattr(store, "file_checksum", no)
    assert Database(db, verify=True).verify_open() == []
    part = _part(db, "pots")
    with part.open("ab") as handle:
        handle.write(b"\0")
    with pytest.raises(DamagedDatabaseError, match="not the"):
        open_db(db)


def _many_files(folder: Path, files: int, hands: int) -> Path:
    folder.mkdir()
    texts = sample_hand_texts()
    for i in range(files):
        write_renumbered(folder / f"s{i:02d}.txt", texts, hands, 6_000_000_000 + i * 100)
    return folder


def test_compaction_records_the_files_of_merged_parts(tmp_path: Path) -> None:
    folder = _many_files(tmp_path / "h", 20, 3)
    root = tmp_path / "db"
    import_paths([folder], root, jobs=1, batch_files=1)  # 20 batches, then a compaction
    before = counts(root)
    db = Database(root)
    history = db.history()
    assert [b.operation for b in history] == ["import"] * 20 + ["compact"]
    [merged] = db.part_paths("players")
    provenance = Provenance(db, history, set())
    assert provenance.files(merged) == {str(p) for p in folder.iterdir()}
    assert all(db.digest(p) for t in TABLES for p in db.part_paths(t))
    assert check_database(root).sound
    _part(root, "players").write_bytes(b"")
    report = repair_database(root, jobs=1)
    assert len(report.files) == 20
    assert not report.lost
    assert sum(f.reimported or 0 for f in report.files.values()) == 60
    assert counts(root) == before


def test_compaction_never_merges_a_damaged_part(tmp_path: Path) -> None:
    folder = _many_files(tmp_path / "h", 10, 2)
    root = tmp_path / "db"
    db = Database.create(root)
    for path in sorted(folder.iterdir()):
        import_paths([path], root, jobs=1)  # one commit each; too few parts to compact yet
    flipped = sorted((root / "pots").glob("*.parquet"))[3]
    data = bytearray(flipped.read_bytes())
    data[40:44] = b"\xde\xad\xbe\xef"
    flipped.write_bytes(bytes(data))
    batches = batches_committed(root)
    with pytest.raises(DamagedDatabaseError, match="checksum mismatch"):
        db.compact(min_parts=4)
    assert batches_committed(root) == batches  # nothing committed
    assert check_database(root).uncommitted == 0  # the half-merged part is gone


def test_a_failed_import_leaves_nothing_half_written(db: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    import errno

    def full(self: Database, parts: object, info: object = None, **_: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device", str(self.root / "hands"))

    monkeypatch.setattr(Database, "commit", full)
    more = _many_files(tmp_path / "more", 2, 5)
    before = sorted(p.relative_to(db) for p in db.rglob("*.parquet"))
    assert main(["import", str(more), "--db", str(db), "--jobs", "1", "-q"]) == 2
    assert "no space left on the device" in _one_line(capsys.readouterr().err)
    assert sorted(p.relative_to(db) for p in db.rglob("*.parquet")) == before
    assert not list(db.rglob("*.tmp"))


def test_a_repair_killed_before_importing_again_is_finished_by_the_next(
        db: Path, fresh: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import stud_hh.store.ingest.run

    delete(db)

    def killed(*args: object, **kwargs: object) -> object:
        raise KeyboardInterrupt

    monkeypatch.setattr(stud_hh.store.ingest.run, "import_paths", killed)
    with pytest.raises(KeyboardInterrupt):
        repair_database(db, jobs=1)
    monkeypatch.undo()
    assert check_database(db).sound  # consistent, without the damaged file's hands
    assert counts(db) != counts(fresh)
    report = repair_database(db, jobs=1)
    assert report.files
    assert not report.lost
    assert counts(db) == counts(fresh)
    assert "nothing to repair" in repair_database(db).lines()[-1]


def test_a_file_gone_since_import_is_named_and_its_rows_kept_aside(
        fresh: Path, histories: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    copied = tmp_path / "h"
    shutil.copytree(histories, copied)
    root = tmp_path / "db"
    import_paths([copied], root, jobs=1)
    gone = copied / "stud_cash_0.10-0.20.txt"
    db = Database(root)
    provenance = Provenance(db, db.history(), set())
    victim = next(root / p for p in db.part_paths("players")
                  if provenance.files(p) == {str(gone)})
    victim.write_bytes(b"")
    gone.unlink()
    assert main(["repair", "--db", str(root), "--jobs", "1"]) == 1
    out = capsys.readouterr().out
    assert f"{gone}: dropped hands" in out
    assert "could not be read again (the file is gone)" in out
    assert list((root / "damaged").glob("*/dropped/hands/*.parquet"))  # nothing deleted
    assert check_database(root).sound


@pytest.mark.skipif(sys.platform != "linux" or os.geteuid() != 0,
                    reason="mounting a small tmpfs needs root on Linux")
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_real_full_disk(tmp_path: Path, jobs: int,
                          capsys: pytest.CaptureFixture[str]) -> None:
    """A database on a 200 KiB tmpfs: the import stops with one line, exit 2, leaving every
    committed file whole and nothing half-written; with room again it completes."""
    folder = _many_files(tmp_path / "h", 3, 100)
    small = tmp_path / "small"
    small.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=200k", "tmpfs", str(small)],
                      capture_output=True, check=False).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        root = small / "db"
        assert main(["import", str(folder), "--db", str(root), "--jobs", str(jobs),
                     "-q"]) == 2
        line = _one_line(capsys.readouterr().err)
        assert "no space left on the device" in line
        assert str(root) in line
        report = check_database(root)
        assert report.sound, report.problems
        assert report.uncommitted == 0
        assert not list(root.rglob("*.tmp"))
        assert open_db(root).count("hands") % 100 == 0  # whole files only
        assert subprocess.run(["mount", "-o", "remount,size=64m", str(small)],
                              check=False).returncode == 0
        assert main(["import", str(folder), "--db", str(root), "--jobs", str(jobs),
                     "-q"]) == 0
        assert open_db(root).count("hands") == 300
        assert check_database(root).sound
    finally:
        if subprocess.run(["umount", str(small)], capture_output=True, check=False).returncode:
            # a file there still open (a failed run's): detach it now, or the mount outlives
            # the run and the next run's clean-up of its temporary folders dies on it
            subprocess.run(["umount", "-l", str(small)], capture_output=True, check=False)



def test_plot_and_the_notebooks_open_db_name_the_damage(db: Path, tmp_path: Path,
                                                        capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    where = empty_players(db)
    assert main(["plot", "winnings", "--db", str(db), "--player", "Hero",
                 "-o", str(tmp_path / "w.png")]) == 2
    assert where in _one_line(capsys.readouterr().err)
    import stud_hh

    with pytest.raises(DamagedDatabaseError, match=where):
        stud_hh.open_db(db)


def garbage_marker(root: Path) -> None:
    (root / "stud_hh.json").write_bytes(os.urandom(64) + b"\xff")


def empty_marker(root: Path) -> None:
    (root / "stud_hh.json").write_bytes(b"")


def marker_without_version(root: Path) -> None:
    (root / "stud_hh.json").write_text('{"format": "stud-hh database"}')


def marker_of_another_kind(root: Path) -> None:
    (root / "stud_hh.json").write_text('["stud-hh database", 4]')


def lost_marker(root: Path) -> None:
    (root / "stud_hh.json").unlink()


MARKER_DAMAGE = [garbage_marker, empty_marker, marker_without_version, marker_of_another_kind,
                 lost_marker]


@pytest.mark.parametrize("damage", MARKER_DAMAGE, ids=lambda f: f.__name__)
def test_a_damaged_stud_hh_json_is_one_problem_and_repair_rebuilds_it(
        damage: Callable[[Path], None], db: Path, fresh: Path, histories: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """Its commit records show the folder is a database: every command names the damage and
    the repair in one line (exit 2), ``check`` finds it a problem (exit 1) and checks the
    rest, and ``repair`` writes it again of the parts' schema version, keeping what was
    there aside."""
    damage(db)
    kept = (db / "stud_hh.json").read_bytes() if damage is not lost_marker else None
    with pytest.raises(DamagedDatabaseError, match="stud-hh repair --db"):
        open_db(db)
    for command in (["stats", "--db", str(db)],
                    ["import", str(histories), "--db", str(db), "--jobs", "1", "-q"]):
        assert main(command) == 2, command
        line = _one_line(capsys.readouterr().err)
        assert "its stud_hh.json is " in line, line
        assert f"stud-hh repair --db {db}" in line, line

    assert main(["check", "--db", str(db)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("stud_hh.json: "), out
    assert out[0].endswith("`stud-hh repair` writes it again from the parts"), out
    assert len(out) == 2, out  # that problem alone: the parts and keys are sound
    assert out[-1].endswith(f"run `stud-hh repair --db {db}`")

    assert main(["repair", "--db", str(db), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert f"rebuilt from the parts, schema version {SCHEMA_VERSION}" in out, out
    assert ("what was there is kept in damaged/" in out) == (kept is not None), out
    assert "check: sound" in out, out
    rebuilt = json.loads((db / "stud_hh.json").read_bytes())
    assert rebuilt == json.loads((fresh / "stud_hh.json").read_bytes())  # this version
    assert [p.read_bytes() for p in (db / "damaged").glob("*/stud_hh.json")] == (
        [kept] if kept is not None else [])
    assert counts(db) == counts(fresh)
    assert main(["check", "--db", str(db)]) == 0
    assert main(["repair", "--db", str(db)]) == 0
    assert "nothing to repair" in capsys.readouterr().out


def test_a_garbage_stud_hh_json_without_commit_records_is_no_database(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Nothing shows the folder is a database: not a problem to repair, but unusable input
    (exit 2), and an import refuses to write there."""
    garbage_marker(tmp_path)
    for command in (["check", "--db", str(tmp_path)], ["repair", "--db", str(tmp_path)]):
        assert main(command) == 2
        assert "unreadable stud_hh.json" in _one_line(capsys.readouterr().err)


def test_a_garbage_stud_hh_json_and_a_damaged_part_are_repaired_in_one_run(
        db: Path, fresh: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``check`` names both; one ``repair`` writes the marker again and sets the part aside
    (in the same folder of ``damaged/``), its files imported again."""
    part = truncate(db)
    garbage_marker(db)
    assert main(["check", "--db", str(db)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("stud_hh.json: unreadable"), out
    assert any(line.startswith(part) for line in out[1:]), out
    assert main(["repair", "--db", str(db), "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "stud_hh.json rebuilt, 1 damaged part moved aside" in out, out
    assert len(list((db / "damaged").iterdir())) == 1  # one folder for both
    assert counts(db) == counts(fresh)
    assert main(["check", "--db", str(db)]) == 0
