"""Promise: a database at an ``s3://`` URL (a local moto server) is the database a folder
holds, row for row: imported on a process pool or on Dask workers (``--scheduler
local``), each worker writing its parts to the bucket itself; a re-import adds nothing;
an import killed mid-way (uncommitted parts and its lock left behind) is completed by the
next to the exact total; and everything that reads a folder reads the URL alike: the
tables as pandas, the Dask frames and the statistics over them, ``stud-hh sql``, ``stats``,
and ``check``, which passes on a sound database and names a damaged part (an object
truncated or overwritten) as it names it in a folder.

Speed is measured by ``benchmarks/s3.py``, never here.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pytest
from helpers import table_digests as rows
from local_s3 import LocalS3

from stud_hh.analysis import stats
from stud_hh.cli import main
from stud_hh.store.database import Database, open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.integrity import check_database
from stud_hh.store.storage import FsspecStorage

pytest.importorskip("s3fs", reason="s3:// databases need s3fs: stud-hh[s3]")

SAMPLE_HISTORIES = Path(__file__).resolve().parents[2] / "sample_histories"
SMALL = [SAMPLE_HISTORIES / "stud8_heads-up_0.04-0.08.txt",
         SAMPLE_HISTORIES / "razz_tournament.txt"]
"""400 hands, a cash and a tournament file."""
ONE = SMALL[:1]
"""150 hands."""
QUERY = ("SELECT player, unit(currency, tournament) AS unit, count(*) AS hands, "
         "pct(vpip, vpip_opp) AS vpip, sum(money(net, scale)) AS net FROM players WHERE dealt "
         "GROUP BY ALL ORDER BY hands DESC, player, unit")


@pytest.fixture(scope="module")
def histories(corpus: Path) -> list[Path]:
    """The corpus (every site, its failures and repeats) and two sample files."""
    return [corpus, *SMALL]


@pytest.fixture(scope="module")
def samples_database(histories: list[Path], tmp_path_factory: pytest.TempPathFactory
                     ) -> Path:
    """``histories`` imported into a folder on two worker processes."""
    root = tmp_path_factory.mktemp("s3-local") / "db"
    assert import_paths(histories, root, jobs=2).jobs == 2
    return root


@pytest.fixture(scope="module")
def samples_s3(s3: LocalS3, histories: list[Path], samples_database: Path
               ) -> FsspecStorage:
    """``histories`` imported into a bucket on two worker processes, each opening the
    bucket from the storage options it was handed."""
    storage = FsspecStorage(f"s3://{s3.bucket()}/samples.db", s3.options)
    summary = import_paths(histories, storage, jobs=2)
    assert summary.jobs == 2
    assert summary.hands_new == open_db(samples_database).count("hands")
    return storage


def test_an_import_into_a_bucket_is_the_folder_import_row_for_row(
        samples_s3: FsspecStorage, samples_database: Path, histories: list[Path]) -> None:
    assert rows(samples_s3) == rows(samples_database)
    again = import_paths(histories, samples_s3, jobs=2)
    assert (again.hands_new, again.failures_new) == (0, 0)
    assert again.files_unchanged == again.files
    assert check_database(samples_s3).sound


def test_the_tables_frames_and_statistics_read_from_a_bucket_are_the_folders(
        samples_s3: FsspecStorage, samples_database: Path) -> None:
    remote, local = open_db(samples_s3), open_db(samples_database)
    columns = stats.required_columns(("player", "game"))
    pd.testing.assert_frame_equal(
        stats.player_summary(remote.players(columns=columns), ("player", "game")),
        stats.player_summary(local.players(columns=columns), ("player", "game")))
    frames = remote.dask.players(columns=columns, filters=[("game", "==", "razz")])
    assert frames.npartitions == len(remote.parts()["players"])
    pd.testing.assert_frame_equal(
        stats.player_summary(frames, ("player",)),
        stats.player_summary(local.players(columns=columns, game="razz"), ("player",)))
    pd.testing.assert_frame_equal(remote.sql(QUERY), local.sql(QUERY))


def test_the_command_line_reads_a_url_as_a_folder(
        samples_s3: FsspecStorage, samples_database: Path, s3_environ: LocalS3,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--db s3://...`` with the endpoint and keys from the environment."""
    for command in (["sql", QUERY], ["stats", "--player", "Hero", "--by", "game"],
                    ["sql", "--format", "csv", "SELECT count(*) AS n FROM violations"]):
        assert main([command[0], "--db", str(samples_database), *command[1:]]) == 0
        local = capsys.readouterr().out.replace(str(samples_database), "DB")
        assert main([command[0], "--db", samples_s3.url, *command[1:]]) == 0
        remote = capsys.readouterr().out.replace(samples_s3.url, "DB")
        # rows tied in the sort may come in either order: the two imports ran on two
        # processes each, and their parts were committed in the order the work ended
        assert sorted(remote.splitlines()) == sorted(local.splitlines())
    assert main(["check", "--db", samples_s3.url]) == 0
    assert capsys.readouterr().out.startswith(f"check: {samples_s3.url}: sound: ")


def _damage(where: Path | FsspecStorage, table: str, how: str) -> str:
    """Truncate or overwrite (same size) the first part of ``table``; returns its path."""
    db = open_db(where)
    part = db.parts()[table][0]
    data = db.storage.read_bytes(part)
    new = data[: len(data) // 2] if how == "truncated" else \
        data[:4] + bytes(len(data) - 8) + data[-4:]
    db.storage.write_atomic(part, new)
    return part


@pytest.mark.parametrize("how", ["truncated", "overwritten"])
def test_check_names_a_damaged_object_as_it_names_a_damaged_file(
        s3_environ: LocalS3, tmp_path: Path, how: str, capsys: pytest.CaptureFixture[str]) -> None:
    local = tmp_path / "db"
    url = f"s3://{s3_environ.bucket()}/db"
    for where in (str(local), url):
        assert main(["import", *map(str, ONE), "--db", where, "--jobs", "1", "-q"]) == 0
    found = []
    for where in (local, FsspecStorage(url)):
        part = _damage(where, "players", how)
        report = check_database(where)
        found.append([(str(p).replace(part, "PART"), p.kind) for p in report.problems])
    assert found[0] == found[1]
    assert found[0]
    capsys.readouterr()
    assert main(["check", "--db", url]) == 1
    out = capsys.readouterr().out
    assert f"run `stud-hh repair --db {url}`" in out
    for where in (url, str(local)):
        assert main(["repair", "--db", where, "--jobs", "1"]) == 0
    assert rows(FsspecStorage(url)) == rows(local)


KILL_SCRIPT = """
import sys
from stud_hh.store.ingest.run import import_paths
import_paths(sys.argv[1:-1], sys.argv[-1], jobs=1, batch_hands=50, batch_files=1)
"""


def _data_files(storage: FsspecStorage, table: str) -> set[str]:
    return {f"{table}/{name}" for name, folder in storage.listing(table)
            if not folder and name.endswith(".parquet")}


def test_an_import_killed_mid_way_is_completed_by_the_next(
        s3_environ: LocalS3, tmp_path: Path) -> None:
    """Killed once a batch is in and more parts are written (its lock object left, its
    process gone: the next import takes the lock over at once)."""
    url = f"s3://{s3_environ.bucket()}/db"
    storage = FsspecStorage(url)
    process = subprocess.Popen([sys.executable, "-c", KILL_SCRIPT, *map(str, SMALL), url])
    while process.poll() is None:  # no deadline: a loaded machine is only slower
        batches = len(storage.listing("batches/_delta_log")) - 1  # version 0 creates it
        if batches > 0 and len(_data_files(storage, "hands")) > batches:
            break
        time.sleep(0.05)
    assert process.poll() is None, "the import ended before it could be killed"
    process.send_signal(signal.SIGKILL)
    process.wait()
    assert [name for name, _ in storage.listing("locks")] == ["00000001.json"]
    stored = open_db(storage).count("hands")
    assert 0 < stored < 400
    summary = import_paths(SMALL, storage, jobs=1)
    assert summary.hands_new == 400 - stored
    assert storage.listing("locks") == []
    local = import_paths(SMALL, tmp_path / "db", jobs=1)
    assert local.hands_new == 400
    assert rows(storage) == rows(tmp_path / "db")
    on_store = {p for t in ("hands", "players", "actions") for p in _data_files(storage, t)}
    committed = open_db(storage).parts()
    assert on_store == {p for t in ("hands", "players", "actions") for p in committed[t]}


def test_an_import_on_dask_workers_into_a_bucket_is_the_folder_import(
        s3_environ: LocalS3, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--scheduler local``: a LocalCluster of 2 worker processes, started with the
    environment that points them at the server; each task writes its parts to the bucket."""
    pytest.importorskip("distributed")
    url = f"s3://{s3_environ.bucket()}/db"
    local = import_paths(SMALL, tmp_path / "db", jobs=1)
    assert main(["import", *map(str, SMALL), "--db", url, "--scheduler", "local",
                 "--jobs", "2", "-q"]) == 0
    out = capsys.readouterr().out
    assert "on 2 Dask workers" in out
    assert out.split(";")[0] == local.line().split(";")[0]
    assert rows(FsspecStorage(url)) == rows(tmp_path / "db")
    assert main(["import", *map(str, SMALL), "--db", url, "--jobs", "1"]) == 0
    assert "nothing new" in capsys.readouterr().out


def test_a_url_database_opens_with_its_storage_options(samples_s3: FsspecStorage) -> None:
    """``open_db(url, storage_options=...)`` (here without any environment)."""
    db = open_db(samples_s3.url, storage_options=samples_s3.options)
    assert isinstance(db, Database)
    assert db.root == samples_s3.url
    assert db.count("hands") == open_db(samples_s3).count("hands") > 500
    assert repr(db) == f"Database({samples_s3.url!r})"
