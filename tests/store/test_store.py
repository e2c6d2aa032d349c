"""The Parquet database: schemas, idempotent and incremental imports, atomic writes."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from helpers import (
    SAMPLES,
    batches_committed,
    data_files,
    sample_hand_texts,
    untracked,
    write_renumbered,
)

from stud_hh import __version__
from stud_hh.model.errors import InputError
from stud_hh.store.database import Database, DatabaseError, open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.schema import SCHEMA_VERSION, TABLES, to_pandas


def counts(db: Database) -> dict[str, int]:
    return {t: db.count(t) for t in TABLES}


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("db") / "samples.db"
    summary = import_paths([SAMPLES], root, jobs=1)
    assert summary.hands_new == 23
    assert summary.skipped == 2
    assert summary.failures_new == 0
    return root


def test_tables_load_with_declared_dtypes(sample_db: Path) -> None:
    db = open_db(sample_db)
    hands = db.hands()
    assert len(hands) == 23
    assert isinstance(hands["hand_id"].dtype, pd.StringDtype)
    assert isinstance(hands["game"].dtype, pd.CategoricalDtype)
    assert set(hands["game"].cat.categories) >= {"stud", "stud8", "razz"}
    assert hands["pot"].dtype == "int64"
    assert hands["rake"].dtype == "int64"
    assert str(hands["ante"].dtype) == "Int64"  # nullable integer money, never float
    assert str(hands["start_utc"].dtype) == "datetime64[us, UTC]"
    players = db.players()
    assert players["net"].dtype == "int64"
    assert players["vpip"].dtype == bool
    assert set(players.columns) == set(TABLES["players"].names)


def test_a_columns_categories_do_not_depend_on_the_order_parts_are_read() -> None:
    # a folder and a bucket can list the same parts in different orders, and Arrow names
    # a dictionary column's values in the order its parts met them
    first = pa.array(["stud8", "razz"]).dictionary_encode()
    second = pa.array(["stud", "stud8"]).dictionary_encode()
    read = [to_pandas("hands", pa.table({"game": pa.chunked_array(chunks)}))["game"]
            for chunks in ([first, second], [second, first])]
    assert list(read[0].cat.categories) == list(read[1].cat.categories) == [
        "razz", "stud", "stud8"]
    assert sorted(read[0]) == sorted(read[1])


def test_projection_and_filters_are_pushed_down(sample_db: Path) -> None:
    db = open_db(sample_db)
    hero = db.players(columns=["player", "net", "game"], filters=[("player", "==", "Hero")])
    assert list(hero.columns) == ["player", "net", "game"]
    assert len(hero) > 0
    assert set(hero["player"]) == {"Hero"}
    either = db.hands(columns=["game"], filters=[[("game", "==", "razz")],
                                                [("game", "==", "stud8")]])
    assert set(either["game"]) == {"razz", "stud8"}


def test_files_carry_schema_and_parser_versions(sample_db: Path) -> None:
    db = open_db(sample_db)
    for table, parts in db.parts().items():
        if table not in ("violations", "unverifiable", "failures", "conflicts",  # clean samples
                         "notes"):  # written by the user, never by an import
            assert parts, f"no part for {table}"
        for part in parts:
            meta = pq.read_schema(sample_db / part).metadata
            assert meta[b"stud_hh.schema_version"] == str(SCHEMA_VERSION).encode()
            assert meta[b"stud_hh.parser_version"] == __version__.encode()
            assert meta[b"stud_hh.table"] == table.encode()


def test_money_balances_for_every_hand(sample_db: Path) -> None:
    db = open_db(sample_db)
    hands = db.hands(columns=["hand_id", "pot", "rake"]).set_index("hand_id")
    players = db.players(columns=["hand_id", "put_in", "net", "rake_share"])
    by_hand = players.groupby("hand_id")[["put_in", "net", "rake_share"]].sum()
    joined = hands.join(by_hand)
    assert (joined["put_in"] == joined["pot"]).all()
    assert (joined["net"] == -joined["rake"]).all()
    assert (joined["rake_share"] == joined["rake"]).all()
    pots = db.pots(columns=["hand_id", "amount"]).groupby("hand_id")["amount"].sum()
    assert (pots.reindex(joined.index) == joined["pot"]).all()


def test_reimport_adds_nothing(sample_db: Path, tmp_path: Path) -> None:
    root = tmp_path / "again.db"
    shutil.copytree(sample_db, root)
    before = counts(open_db(root))
    summary = import_paths([SAMPLES], root, jobs=1)
    assert summary.hands_new == 0
    assert summary.files_unchanged == 4
    assert counts(open_db(root)) == before
    copies = shutil.copytree(SAMPLES, tmp_path / "copies")  # new paths: read again, all known
    summary = import_paths([copies], root, jobs=2)
    assert summary.hands_new == 0
    assert summary.duplicates == 23
    assert summary.files_unchanged == 0
    after = counts(open_db(root))
    assert {t: n for t, n in after.items() if t != "files"} == \
        {t: n for t, n in before.items() if t != "files"}


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_same_hand_twice_in_one_run_is_stored_once(tmp_path: Path, jobs: int) -> None:
    histories = tmp_path / "histories"
    histories.mkdir()
    source = SAMPLES / "stud_cash_0.10-0.20.txt"
    shutil.copy(source, histories / "a.txt")
    shutil.copy(source, histories / "b.txt")
    (histories / "c.txt").write_bytes(source.read_bytes() * 2)  # twice in one file
    summary = import_paths([histories], tmp_path / "db", jobs=jobs)
    db = open_db(tmp_path / "db")
    assert summary.hands_new == 8
    assert summary.duplicates == 24
    assert db.count("hands") == 8
    assert db.hands(columns=["hand_id"])["hand_id"].is_unique
    assert db.count("players") == len(db.players(columns=["hand_id", "player"])
                                      .drop_duplicates())


def test_a_folder_that_gained_hands_adds_only_those(tmp_path: Path) -> None:
    texts = sample_hand_texts()
    histories = tmp_path / "h"
    histories.mkdir()
    write_renumbered(histories / "session.txt", texts, 30, 7_000_000_000)
    assert import_paths([histories], tmp_path / "db", jobs=1).hands_new == 30
    write_renumbered(histories / "session.txt", texts, 45, 7_000_000_000)  # the file grew
    write_renumbered(histories / "next.txt", texts, 10, 7_100_000_000)
    summary = import_paths([histories], tmp_path / "db", jobs=2)
    assert (summary.hands_new, summary.duplicates) == (25, 30)
    assert open_db(tmp_path / "db").count("hands") == 55


def test_failures_are_kept_once_with_their_text(tmp_path: Path) -> None:
    histories = tmp_path / "h"
    histories.mkdir()
    good = (SAMPLES / "stud_cash_0.10-0.20.txt").read_text(encoding="utf-8")
    broken = good.replace(": calls ", ": juggles ", 1)
    (histories / "broken.txt").write_text(broken, encoding="utf-8")
    summary = import_paths([histories], tmp_path / "db", jobs=1)
    assert (summary.hands_new, summary.failures_new) == (7, 1)
    failures = open_db(tmp_path / "db").failures()
    assert len(failures) == 1
    row = failures.iloc[0]
    assert "juggles" in row["raw_text"]
    assert "juggles" in row["offending_text"]
    assert row["line"] > 0
    assert row["file"].endswith("broken.txt")
    assert row["hand_id"]
    os.utime(histories / "broken.txt")
    again = import_paths([histories], tmp_path / "db", jobs=1)
    assert (again.failures_new, again.failures_known) == (0, 1)
    assert open_db(tmp_path / "db").count("failures") == 1


def test_not_a_database(tmp_path: Path) -> None:
    with pytest.raises(DatabaseError, match="not a stud-hh database"):
        open_db(tmp_path)
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(DatabaseError, match="not empty"):
        import_paths([SAMPLES], tmp_path, jobs=1)
    with pytest.raises(InputError, match="no such file"):
        import_paths([tmp_path / "missing"], tmp_path / "db", jobs=1)


def test_uncommitted_parts_are_ignored_and_removed(sample_db: Path, tmp_path: Path) -> None:
    root = tmp_path / "db"
    shutil.copytree(sample_db, root)
    db = open_db(root)
    before = counts(db)
    stray = db.write_part("hands", db.arrow("hands"))  # written, never committed
    (root / "players" / "part-x.parquet.tmp").write_bytes(b"half a file")
    assert counts(open_db(root)) == before
    import_paths([SAMPLES], root, jobs=1)
    assert not (root / stray.path).exists()
    assert not (root / "players" / "part-x.parquet.tmp").exists()
    assert counts(open_db(root)) == before


def test_many_small_imports_are_compacted(tmp_path: Path) -> None:
    texts = sample_hand_texts()
    histories = tmp_path / "h"
    histories.mkdir()
    for i in range(20):
        write_renumbered(histories / f"s{i:02d}.txt", texts, 3, 6_000_000_000 + i * 100)
    root = tmp_path / "db"
    db = Database.create(root)
    import_paths([histories], root, jobs=1, batch_files=1)  # 20 batches, compacted at the end
    db = open_db(root)
    assert all(len(parts) <= 1 for parts in db.parts().values())
    assert [b.operation for b in db.history()] == ["import"] * 20 + ["compact"]
    assert db.count("hands") == 60
    assert db.count("files") == 20
    assert not untracked(root)  # the merged files stay for time travel, until vacuumed
    assert open_db(root, as_of=20).count("hands") == 60
    with db.writing():
        assert len(db.vacuum(0)) == 20 * 5  # the merged files of hands, players, actions,
        # pots and files
    live = {p for parts in db.parts().values() for p in parts}
    assert {p for p in data_files(root) if not p.startswith("batches/")} == live
    write_renumbered(histories / "s99.txt", texts, 3, 6_100_000_000)
    assert import_paths([histories], root, jobs=1).hands_new == 3
    assert open_db(root).count("hands") == 63
    assert open_db(root).hands(columns=["hand_id"])["hand_id"].is_unique


KILL_SCRIPT = """
import sys
from stud_hh.store.ingest.run import import_paths
import_paths([sys.argv[1]], sys.argv[2], jobs=1, batch_hands=200)
"""


def test_an_import_killed_mid_write_leaves_a_readable_database(tmp_path: Path) -> None:
    texts = sample_hand_texts()
    histories = tmp_path / "h"
    histories.mkdir()
    for i in range(5):
        write_renumbered(histories / f"s{i}.txt", texts, 600, 8_000_000_000 + i * 10_000)
    root = tmp_path / "db"
    process = subprocess.Popen([sys.executable, "-c", KILL_SCRIPT, str(histories), str(root)])
    # kill once a first file is committed and the next file's parts are being written (no
    # deadline: a loaded machine is only slower)
    while process.poll() is None:
        committed = batches_committed(root)
        if committed and len(list((root / "hands").glob("*.parquet"))) > committed:
            break
        time.sleep(0.02)
    assert process.poll() is None, "the import ended before it could be killed"
    process.send_signal(signal.SIGKILL)
    process.wait()
    db = open_db(root)
    stored = db.hands(columns=["hand_id"])
    assert 0 < len(stored) < 3000
    assert len(stored) % 600 == 0
    players = db.players(columns=["hand_id"])
    assert set(players["hand_id"]) == set(stored["hand_id"])  # consistent across tables
    summary = import_paths([histories], root, jobs=2)
    assert summary.hands_new == 3000 - len(stored)
    db = open_db(root)
    assert db.count("hands") == 3000
    assert db.hands(columns=["hand_id"])["hand_id"].is_unique
    assert set(db.players(columns=["hand_id"])["hand_id"]) == \
        set(db.hands(columns=["hand_id"])["hand_id"])
