"""Promise: a database made before a schema change is migrated to Delta tables (`stud-hh
migrate`), every other command refusing it until then in one line that says so; migrated,
it reads, its old parts written again with the columns added since as nulls, everywhere a
table is read (pandas, SQL, Dask, statistics, ``check``); importing into it adds parts
with every column; a compaction merges old and new parts; a version this stud-hh does not
know is refused with a clear error, never a pyarrow traceback.

``tests/data/schema1.db`` is a real schema-1 database: the 8 hands of
``tests/data/handwritten/stud_cash_0.10-0.20.txt`` imported by stud-hh before the
equity columns (main at 65c55ed); it is copied before each use, never written.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from helpers import SAMPLES

from stud_hh.analysis import stats
from stud_hh.cli import main
from stud_hh.store.database import Database, DatabaseError, EarlierFormatError, open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.integrity import check_database
from stud_hh.store.migrate import migrate_database
from stud_hh.store.schema import ADDED, SCHEMA_VERSION, missing_columns

OLD = Path(__file__).resolve().parent.parent / "data" / "schema1.db"
NEW_PLAYER_COLUMNS = list(ADDED[2]["players"])


@pytest.fixture
def old(tmp_path: Path) -> Path:
    root = tmp_path / "old.db"
    shutil.copytree(OLD, root)
    return root


@pytest.fixture
def migrated(old: Path) -> Path:
    assert not migrate_database(old).damaged
    return old


def _stamp(root: Path) -> dict[str, object]:
    found: dict[str, object] = json.loads((root / "stud_hh.json").read_text())
    return found


def test_the_fixture_is_a_schema_1_database_without_the_new_columns() -> None:
    assert _stamp(OLD)["schema_version"] == 1
    part = next((OLD / "players").glob("*.parquet"))
    schema = pq.read_schema(part)
    assert schema.metadata[b"stud_hh.schema_version"] == b"1"
    assert not set(NEW_PLAYER_COLUMNS) & set(schema.names)
    assert missing_columns("players", 1) == (*NEW_PLAYER_COLUMNS, *ADDED[3]["players"])


def test_an_old_database_is_refused_until_migrated(old: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(EarlierFormatError, match=f"stud-hh migrate --db {old}"):
        open_db(old)
    for command in (["stats", "--db", str(old)], ["check", "--db", str(old)],
                    ["repair", "--db", str(old)], ["sql", "--db", str(old), "SELECT 1"],
                    ["import", str(SAMPLES), "--db", str(old), "-q"]):
        assert main(command) == 2, command
        err = capsys.readouterr().err.strip()
        assert err.count("\n") == 0, err
        assert "earlier format" in err, err
        assert f"`stud-hh migrate --db {old}`" in err, err
    assert main(["migrate", "--db", str(old)]) == 0
    out = capsys.readouterr().out
    assert f"schema 1 -> {SCHEMA_VERSION}" in out, out
    assert "5 of schema before 5 written again with the columns added since" in out, out
    [aside] = (old / "damaged").glob("migrated-*")
    assert [p.name for p in (aside / "commits").iterdir()] == \
        [p.name for p in (OLD / "commits").iterdir()]
    assert (aside / "stud_hh.json").read_bytes() == (OLD / "stud_hh.json").read_bytes()
    assert not (old / "commits").exists()
    kept = sorted(str(p.relative_to(aside)) for p in aside.glob("*/part-*.parquet"))
    assert kept == sorted(str(p.relative_to(OLD)) for p in OLD.glob("*/part-*.parquet"))
    assert (_stamp(old)["schema_version"], _stamp(old)["upgraded_from"]) == (SCHEMA_VERSION, 1)
    assert [(b.number, b.operation) for b in open_db(old).history()] == [(1, "migrate")]
    assert main(["migrate", "--db", str(old)]) == 0
    assert "nothing to migrate" in capsys.readouterr().out


def test_a_migrated_database_reads_with_the_new_columns_null(migrated: Path) -> None:
    db = open_db(migrated)
    assert db.schema_version == SCHEMA_VERSION
    players = db.players()
    assert len(players) > 8
    assert players[NEW_PLAYER_COLUMNS].isna().all().all()
    assert db.pots()["equity"].isna().all()
    summary = stats.player_summary(players)
    pd_net = summary["net"].to_numpy()
    assert (summary["ev_net"].to_numpy() == pd_net).all()  # no equity: the net itself
    assert (summary["luck"] == 0).all()
    assert (summary["all_in_hands"] == 0).all()
    assert (summary["equity_hands"] == 0).all()
    found = db.sql("SELECT count(*) AS n, count(ev_net) AS with_ev FROM players")
    assert (int(found["n"].iloc[0]), int(found["with_ev"].iloc[0])) == (len(players), 0)
    assert db.sql("SELECT count(equity) AS n FROM pots")["n"].iloc[0] == 0
    report = check_database(db)
    assert report.sound, report.problems
    before = {t: len(pq.read_table(next((OLD / t).glob("*.parquet")))) for t in
              ("hands", "players", "actions", "pots", "files")}
    assert {t: db.count(t) for t in before} == before


def test_importing_into_a_migrated_database_adds_every_column(migrated: Path) -> None:
    old = migrated
    import_paths([SAMPLES / "stud8_cash_0.25-0.50.txt"], old, jobs=1)
    stamp = _stamp(old)
    assert (stamp["schema_version"], stamp["upgraded_from"]) == (SCHEMA_VERSION, 1)
    db = open_db(old)
    players = db.players(columns=["hand_id", "game", "net", "ev_net", "equity"])
    before = players[players["game"] == "stud"]
    after = players[players["game"] == "stud8"]
    assert before["ev_net"].isna().all()
    assert after["ev_net"].notna().all()
    assert after["equity"].notna().any()
    mixed = db.sql("SELECT game, count(ev_net) AS n FROM players GROUP BY game ORDER BY game")
    assert mixed.set_index("game")["n"].to_dict() == {"stud": 0, "stud8": len(after)}
    assert check_database(db).sound
    # old and new parts merged into one: the old rows keep their nulls
    assert db.compact(min_parts=2) > 0
    merged = open_db(old)
    again = merged.players(columns=["hand_id", "game", "ev_net"])
    assert len(again) == len(players)
    assert again[again["game"] == "stud"]["ev_net"].isna().all()
    report = check_database(merged)
    assert report.sound, report.problems
    summary = stats.player_summary(merged.players(), by=["player", "game"])
    assert summary.loc[summary.index.get_level_values("game") == "stud", "luck"].eq(0).all()


def test_dask_reads_old_parts_with_the_new_columns_null(migrated: Path) -> None:
    pytest.importorskip("dask.dataframe", reason="Dask is an optional extra: stud-hh[dask]")
    frame = open_db(migrated).dask.players(columns=["player", "ev_net", "equity_all_in"])
    assert frame.compute()[["ev_net", "equity_all_in"]].isna().all().all()


@pytest.mark.parametrize(("version", "message"), [
    (SCHEMA_VERSION + 1, "written by a newer stud-hh: upgrade stud-hh"),
    ("two", r"its stud_hh.json is without a schema version \(1 to \d; it says 'two'\): run "
            "`stud-hh repair"),
])
def test_an_unknown_version_is_refused_clearly(migrated: Path, version: object, message: str
                                               ) -> None:
    stamp = _stamp(migrated)
    stamp["schema_version"] = version
    (migrated / "stud_hh.json").write_text(json.dumps(stamp))
    with pytest.raises(DatabaseError, match=message):
        Database(migrated)


@pytest.mark.parametrize(("version", "message"), [
    (SCHEMA_VERSION + 1, "written by a newer stud-hh: upgrade stud-hh"),
    ("two", "earlier format .*: convert it once with `stud-hh migrate"),
])
def test_an_old_database_of_an_unknown_version_is_refused_clearly(
        old: Path, version: object, message: str) -> None:
    stamp = _stamp(old)
    stamp["schema_version"] = version
    (old / "stud_hh.json").write_text(json.dumps(stamp))
    with pytest.raises(DatabaseError, match=message):
        Database(old)


def test_an_old_database_with_its_stud_hh_json_garbage_migrates_of_its_parts_version(
        old: Path) -> None:
    """The marker of a schema-1 database is garbage: its commit records still show the
    format, and its parts' footers the version (1): migrated as such."""
    (old / "stud_hh.json").write_bytes(b"\xff" * 40)
    with pytest.raises(EarlierFormatError):
        open_db(old)
    report = migrate_database(old)
    assert report.version == 1
    assert report.conformed == 5
    assert (_stamp(old)["schema_version"], _stamp(old)["upgraded_from"]) == (SCHEMA_VERSION, 1)
    assert check_database(old).sound
    assert open_db(old).count("hands") == 8


def test_hands_imported_before_schema_4_count_their_violations_as_root_causes(
        migrated: Path) -> None:
    """Schema 4 added which violation follows from which: the old rows read it as null, and
    the audit counts them as root causes; hands imported since carry it."""
    from test_audit import BAD

    from stud_hh.analysis import audit

    old = migrated
    db = open_db(old)
    assert db.hands(columns=["violations_following"])["violations_following"].isna().all()
    assert {"follows_line", "follows_rule"} <= set(db.violations().columns)
    (old.parent / "h").mkdir()
    (old.parent / "h" / "bad.txt").write_text(BAD, encoding="utf-8")
    import_paths([old.parent / "h"], old, jobs=1)
    db = open_db(old)
    hands = db.hands(columns=["hand_id", "violations", "violations_following"])
    assert hands.set_index("hand_id").loc["300000000009"].tolist() == [4, 3]
    assert hands["violations_following"].isna().sum() == 8  # the schema-1 hands
    assert "1 hand breaks 4 rules (1 root cause, 3 following from it)" in audit.clean_bill(db)
