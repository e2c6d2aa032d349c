"""Two `stud-hh import` processes started at once into one database, in a folder and in a
bucket (moto's S3): one writes, the other is refused in one line while the first holds the
database (or runs after it, should the first be done before it starts); run again, the
refused one completes; the database is then what importing both one after the other
makes, and sound.

What happens inside a commit when a second writer goes round the lock is
``test_storage.py``'s (a Delta commit is never overwritten); here the two are whole
commands, as two users (or a user and a watch) start them.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from helpers import table_digests, write_renumbered
from import_killer import environment

from stud_hh.store.database import Database
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.integrity import check_database

pytestmark = pytest.mark.slow

REFUSED = 2
"""`stud-hh import`'s exit status when another import holds the database (an input error:
nothing was written)."""


def _files(tmp_path: Path) -> tuple[Path, Path]:
    """Two folders of hands of their own (the sample hands numbered apart), each enough
    for its import to last a while next to the other's."""
    from helpers import sample_hand_texts

    texts = sample_hand_texts()
    first, second = tmp_path / "first", tmp_path / "second"
    for n, folder in enumerate((first, second)):
        folder.mkdir()
        for f in range(3):
            write_renumbered(folder / f"s{f}.txt", texts, 400,
                             7_000_000_000 + n * 10_000 + f * 1_000)
    return first, second


def _start(folder: Path, db: str) -> subprocess.Popen[str]:
    stud_hh = Path(sys.executable).with_name("stud-hh")
    return subprocess.Popen([str(stud_hh), "import", str(folder), "--db", db, "--jobs", "1",
                             "-q"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            text=True, env=environment())


def _race(first: Path, second: Path, db: str) -> None:
    """Both imports at once; each refused one run again after."""
    processes = [(_start(folder, db), folder) for folder in (first, second)]
    again = []
    for process, folder in processes:
        _, err = process.communicate(timeout=900)
        assert process.returncode in (0, REFUSED), err
        if process.returncode == REFUSED:
            lines = err.strip().splitlines()
            assert len(lines) == 1, err
            assert "another import is writing to this database" in lines[0]
            assert "Traceback" not in err
            again.append(folder)
    assert len(again) < 2  # never both refused
    for folder in again:
        process = _start(folder, db)
        _, err = process.communicate(timeout=900)
        assert process.returncode == 0, err


@pytest.mark.parametrize("exists", [True, False], ids=["into-a-database", "creating-it"])
def test_two_imports_at_once_into_a_folder_store_what_one_after_the_other_does(
        tmp_path: Path, exists: bool) -> None:
    """Into a database made before (both race to write), or into a folder not there yet
    (both race to make the database too)."""
    first, second = _files(tmp_path)
    db = tmp_path / "db"
    if exists:
        Database.create(db)
    _race(first, second, str(db))
    alone = tmp_path / "alone"
    import_paths([first], alone, jobs=1)
    import_paths([second], alone, jobs=1)
    assert table_digests(db) == table_digests(alone)
    assert check_database(db).sound


def test_two_imports_at_once_into_a_bucket_store_what_one_after_the_other_does(
        tmp_path: Path, s3_environ: object) -> None:
    from local_s3 import LocalS3

    assert isinstance(s3_environ, LocalS3)
    first, second = _files(tmp_path)
    url = f"s3://{s3_environ.bucket()}/db"
    Database.create(url)
    _race(first, second, url)
    alone = tmp_path / "alone"
    import_paths([first], alone, jobs=1)
    import_paths([second], alone, jobs=1)
    assert table_digests(url) == table_digests(alone)
    assert check_database(url).sound
