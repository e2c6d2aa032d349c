"""Promise: a database lives at a folder or at an fsspec URL (here ``s3://`` on a local moto
server), and on an object store it keeps the folder's guarantees without rename or
``flock``: a commit of a table's Delta log is created exclusively, so an existing one is
never overwritten and two writers never share a version; the write lock is a lock object,
so a second import is refused with the folder's error; a lock left by a killed import is
taken over as documented (at once on its own machine when its process is gone, after the
lease from another machine), and a holder that was taken over commits and deletes nothing. A URL no
installed library reads, one of a process's memory, a bucket that is not there and
refused credentials are each one line and exit 2, never a traceback nor a local folder.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest
from local_s3 import LocalS3

from stud_hh.cli import main
from stud_hh.model.errors import DatabaseError, UsageError
from stud_hh.store import storage as storage_module
from stud_hh.store.database import Database, Part, open_db
from stud_hh.store.delta import Added
from stud_hh.store.schema import arrow_schema
from stud_hh.store.storage import (
    FsspecStorage,
    LocalStorage,
    ObjectLock,
    storage_of,
    this_machine,
)

ONE_FILE = Path(__file__).resolve().parents[2] / "sample_histories" / \
    "stud8_heads-up_0.04-0.08.txt"
"""150 hands."""


def _storage(s3: LocalS3) -> FsspecStorage:
    return FsspecStorage(f"s3://{s3.bucket()}/db", s3.options)


def _dead_pid() -> int:
    """The id of a process of this machine that has ended."""
    process = subprocess.Popen([sys.executable, "-c", "pass"])
    process.wait()
    return process.pid


def test_a_location_is_a_folder_or_a_url() -> None:
    assert storage_of("my.db") == LocalStorage(Path("my.db"))
    assert storage_of("C:/histories/db") == LocalStorage(Path("C:/histories/db"))
    assert storage_of("file:///tmp/x.db") == LocalStorage(Path("/tmp/x.db"))
    for given in ("s3://bucket/stud.db", Path("s3://bucket/stud.db"), "s3://bucket/stud.db/"):
        found = storage_of(given)
        assert isinstance(found, FsspecStorage)
        assert (found.url, found.base) == ("s3://bucket/stud.db", "bucket/stud.db")


def test_a_folder_named_like_a_scheme_is_a_folder_by_its_full_path(tmp_path: Path) -> None:
    local = tmp_path / "s3:" / "db"
    assert Database.create(local).root == local
    assert open_db(local).root == local


@pytest.mark.parametrize(("url", "said"), [
    ("memory://db", "one process's memory"),
    ("nosuchfs://bucket/db", "no filesystem library knows nosuchfs://"),
    ("gs://b/db", "gs:// needs its filesystem library, which is not installed"),
])
def test_a_url_no_library_serves_is_refused_and_never_becomes_a_local_folder(
        url: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--db s3://bucket/db`` once made a local folder ``s3:``: a URL is a URL, from the
    library and the command alike, given as text or as a ``Path`` that collapsed ``//``."""
    if url.startswith("gs:"):
        pytest.importorskip("fsspec")
        if _installed("gcsfs"):
            pytest.skip("gcsfs is installed here")
    monkeypatch.chdir(tmp_path)
    for given in (url, Path(url)):
        with pytest.raises(UsageError, match=said):
            Database.create(given)
        with pytest.raises(UsageError, match=said):
            open_db(given)
    assert main(["import", str(ONE_FILE), "--db", url, "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert said in err
    assert url in err
    assert list(tmp_path.iterdir()) == []


def _installed(module: str) -> bool:
    import importlib.util

    return importlib.util.find_spec(module) is not None


def test_s3_without_s3fs_says_what_to_install(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    fsspec_registry = pytest.importorskip("fsspec.registry")
    monkeypatch.setitem(sys.modules, "s3fs", None)  # import s3fs fails
    monkeypatch.delitem(fsspec_registry._registry, "s3", raising=False)
    with pytest.raises(UsageError, match=r"pip install 'stud-hh\[s3\]'"):
        open_db("s3://bucket/db")
    assert main(["stats", "--db", "s3://bucket/db"]) == 2
    assert "s3:// needs its filesystem library" in capsys.readouterr().err


def test_a_bucket_that_is_not_there_is_one_line(s3_environ: LocalS3,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    url = "s3://no-such-bucket/db"
    with pytest.raises(DatabaseError, match="no bucket 'no-such-bucket'"):
        open_db(url)
    assert main(["import", str(ONE_FILE), "--db", url, "--jobs", "1"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"stud-hh: {url}: no bucket 'no-such-bucket'")
    assert len(err.splitlines()) == 1


def test_refused_credentials_are_one_line(s3_environ: LocalS3,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    """moto checks the keys once asked to (its IAM has no user of the key ``testing``)."""
    url = f"s3://{s3_environ.bucket()}/db"
    assert main(["import", str(ONE_FILE), "--db", url, "--jobs", "1", "-q"]) == 0
    capsys.readouterr()
    with s3_environ.checking_keys():
        for command in (["stats", "--db", url], ["import", str(ONE_FILE), "--db", url]):
            assert main(command) == 2
            err = capsys.readouterr().err
            assert err.startswith(f"stud-hh: {url}: "), err
            assert "credentials" in err, err
            assert len(err.splitlines()) == 1, err


def test_a_commit_another_writer_made_first_is_never_overwritten(s3: LocalS3) -> None:
    """Two writers of one table: a commit of Delta's log is created exclusively (a
    conditional put on S3), and a writer finding a commit of its batch or a later one there
    before its own (another writing without the lock, or one that took it over) is refused
    with the lock's error, commits nothing more and takes nothing of the other's back."""
    storage = _storage(s3)
    db = Database.create(storage)
    storage.create_exclusive("x.json", b"first")
    with pytest.raises(FileExistsError):
        storage.create_exclusive("x.json", b"second")
    assert storage.read_bytes("x.json") == b"first"
    other = Database(storage)
    written = []

    def two_writers() -> None:
        with db.writing():
            db.commit([db.write_part("files", _files_rows())], {"files": ["a.txt"]})
            assert batches_committed_on(storage) == 1
            # the other writes batch 2 first, without the lock
            theirs = other.write_part("files", _files_rows("c.txt"))
            written.append(theirs.path)
            other.tables.commit("files", arrow_schema("files"), [Added(
                "files", theirs.path, theirs.rows, theirs.size, theirs.checksum)], [], 2)
            db.commit([db.write_part("files", _files_rows("b.txt"))], {"files": ["b.txt"]})

    with pytest.raises(DatabaseError, match="another import is writing to this database"):
        two_writers()
    assert batches_committed_on(storage) == 1
    assert Database(storage).tables.txn("files") == 2  # the other's commit is still there
    assert storage.exists(written[0])
    assert open_db(storage).files()["file"].tolist() == ["a.txt"]


def batches_committed_on(storage: FsspecStorage) -> int:
    return len(Database(storage).history())


def _files_rows(name: str = "a.txt") -> object:
    from stud_hh.store.database import to_arrow

    return to_arrow("files", {"file": [name], "size": [1], "mtime_ns": [1], "hands": [0],
                              "skipped": [0], "failures": [0]})


def test_a_second_writer_is_refused_as_in_a_folder(s3_environ: LocalS3,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    url = f"s3://{s3_environ.bucket()}/db"
    first = Database.create(url)
    with first.writing():
        with pytest.raises(DatabaseError, match="another import is writing to this database"), \
                Database(url).writing():
            pass
        assert main(["import", str(ONE_FILE), "--db", url, "--jobs", "1"]) == 2
        err = capsys.readouterr().err
        assert f"{url}: another import is writing to this database" in err
        assert f"process {os.getpid()}" in err
    assert FsspecStorage(url).listing("locks") == []  # released
    assert main(["import", str(ONE_FILE), "--db", url, "--jobs", "1", "-q"]) == 0


def _plant_lock(storage: FsspecStorage, number: int, **holder: object) -> None:
    storage.create_exclusive(ObjectLock.name(number), json.dumps(holder).encode())


def test_a_lock_left_by_a_killed_import_on_this_machine_is_taken_over_at_once(
        s3: LocalS3) -> None:
    storage = _storage(s3)
    db = Database.create(storage)
    _plant_lock(storage, 4, host=socket.gethostname(), machine=this_machine(), pid=_dead_pid(),
                renewed=time.time())
    with db.writing():
        assert storage.listing("locks") == [("00000005.json", False)]  # the old one deleted
    assert storage.listing("locks") == []


def test_a_lock_of_another_machine_is_taken_over_after_its_lease(s3: LocalS3) -> None:
    """Another machine, or another container of the same host name (its processes are not
    this one's to see): its lock is live until it goes unrenewed for the lease."""
    storage = _storage(s3)
    db = Database.create(storage)
    _plant_lock(storage, 1, host=socket.gethostname(), machine="another container",
                pid=_dead_pid(), renewed=time.time() - 30)
    busy = rf"another import is writing .* host {socket.gethostname()}, process"
    with pytest.raises(DatabaseError, match=busy), db.writing():
        pass
    storage.write_atomic(ObjectLock.name(1), json.dumps(
        {"host": "elsewhere", "pid": 1, "renewed": time.time() - 121}).encode())
    with db.writing():
        assert [name for name, _ in storage.listing("locks")] == ["00000002.json"]


def test_the_holder_renews_its_lock_and_a_holder_taken_over_commits_nothing(
        s3: LocalS3, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(storage_module, "LEASE_SECONDS", 0.4)
    storage = _storage(s3)
    db = Database.create(storage)
    with db.writing():
        first = json.loads(storage.read_bytes(ObjectLock.name(1)))["renewed"]
        # renewed every tenth of a second: wait for it, however long a loaded machine takes
        while json.loads(storage.read_bytes(ObjectLock.name(1)))["renewed"] == first:
            time.sleep(0.05)
        # live for another import (the lease long again: a loaded machine never lets it lapse)
        monkeypatch.setattr(storage_module, "LEASE_SECONDS", 3600.0)
        with pytest.raises(DatabaseError, match="another import is writing"), \
                Database(storage).writing():
            pass
        part = db.write_part("files", _files_rows())
        _plant_lock(storage, 2, host="elsewhere", pid=1, renewed=time.time())  # taken over
        with pytest.raises(DatabaseError, match="took this database's write lock over"):
            db.commit([part], {"files": ["a.txt"]})
        with pytest.raises(DatabaseError, match="took this database's write lock over"):
            db.remove_uncommitted()
    assert storage.is_file(part.path)  # the other import's to remove, not this one's
    assert [name for name, _ in storage.listing("locks")] == ["00000002.json"]
    assert db.parts()["files"] == []


def test_a_part_is_written_whole_or_not_at_all(s3: LocalS3) -> None:
    storage = _storage(s3)
    db = Database.create(storage)

    class Stop(Exception):
        pass

    def write(sink: object) -> int:
        sink.write(b"PAR1 half a part")  # type: ignore[attr-defined]
        raise Stop

    with db.writing(), pytest.raises(Stop):
        db.writer.write_with("files", write)
    assert [name for name, folder in storage.listing("files") if not folder] == []
    written: Part = db.write_part("files", _files_rows())
    assert storage.marks(written.path)[1:] == (b"PAR1", b"PAR1")
    assert storage.checksum(written.path) == (written.size, written.checksum)


def test_opening_finds_a_missing_emptied_or_garbled_object(s3: LocalS3) -> None:
    """The cheap check on opening, on an object store: a listing per table and the first
    and last four bytes of every part fetched together."""
    from stud_hh.store.database import DamagedDatabaseError
    from stud_hh.store.ingest.run import import_paths

    storage = _storage(s3)
    import_paths([ONE_FILE], storage, jobs=1)
    db = open_db(storage)
    assert db.verify_open() == []
    hands, players, actions = (db.parts()[t][0] for t in ("hands", "players", "actions"))
    storage.delete(hands)
    storage.write_atomic(players, b"")
    size = storage.marks(actions)[0]
    storage.write_atomic(actions, bytes(size))
    with pytest.raises(DamagedDatabaseError) as raised:
        open_db(storage)
    assert sorted((p.where, p.what) for p in raised.value.problems) == sorted([
        (hands, "missing"), (players, "empty (0 bytes)"),
        (actions, "not a Parquet file (no PAR1 marks)")])


def test_compaction_and_vacuum_on_an_object_store(s3: LocalS3) -> None:
    """Parts of 50 hands (3 per table) merged in one batch: the merged ones stay for time
    travel until a vacuum, after which every object under a table is a live part."""
    from stud_hh.store.ingest.run import import_paths

    storage = _storage(s3)
    assert import_paths([ONE_FILE], storage, jobs=1, batch_hands=50).hands_new == 150
    db = open_db(storage)
    assert len(db.parts()["hands"]) == 3
    with db.writing():
        assert db.compact(min_parts=2) >= 3
    db = open_db(storage)
    assert [b.operation for b in db.history()][-1] == "compact"
    assert all(len(parts) <= 1 for parts in db.parts().values())

    def on_store() -> set[str]:
        return {f"{table}/{name}" for table in db.parts()
                for name, folder in storage.listing(table) if not folder}

    live = {p for parts in db.parts().values() for p in parts}
    assert on_store() > live  # the merged parts, for time travel
    assert open_db(storage, as_of=1).count("hands") == 150
    with db.writing():
        assert db.vacuum(0)
    assert on_store() == live
    assert open_db(storage).count("hands") == 150
