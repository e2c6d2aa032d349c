"""Promise: a database made before a schema change opens and reads, its parts with the
columns added since as nulls, everywhere a table is read (pandas, SQL, Dask, statistics,
``check``); importing into it stamps it with the new version and adds parts with every
column; a compaction merges old and new parts; a version this stud-hh does not know is
refused with a clear error, never a pyarrow traceback.

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
from stud_hh.store.database import Database, DatabaseError, open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.integrity import check_database
from stud_hh.store.schema import ADDED, SCHEMA_VERSION, missing_columns

OLD = Path(__file__).resolve().parent.parent / "data" / "schema1.db"
NEW_PLAYER_COLUMNS = list(ADDED[2]["players"])


@pytest.fixture
def old(tmp_path: Path) -> Path:
    root = tmp_path / "old.db"
    shutil.copytree(OLD, root)
    return root


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


def test_an_old_database_reads_with_the_new_columns_null(old: Path) -> None:
    db = open_db(old)
    assert db.schema_version == 1
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
    assert _stamp(old)["schema_version"] == 1  # reading changes nothing


def test_importing_into_an_old_database_upgrades_its_stamp(old: Path) -> None:
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


def test_dask_reads_old_parts_with_the_new_columns_null(old: Path) -> None:
    pytest.importorskip("dask.dataframe", reason="Dask is an optional extra: stud-hh[dask]")
    frame = open_db(old).dask.players(columns=["player", "ev_net", "equity_all_in"])
    assert frame.compute()[["ev_net", "equity_all_in"]].isna().all().all()


@pytest.mark.parametrize(("version", "message"), [
    (SCHEMA_VERSION + 1, "written by a newer stud-hh: upgrade stud-hh"),
    ("two", r"its stud_hh.json is without a schema version \(1 to \d; it says 'two'\): run "
            "`stud-hh repair"),
])
def test_an_unknown_version_is_refused_clearly(old: Path, version: object, message: str
                                               ) -> None:
    stamp = _stamp(old)
    stamp["schema_version"] = version
    (old / "stud_hh.json").write_text(json.dumps(stamp))
    with pytest.raises(DatabaseError, match=message):
        Database(old)


def test_hands_imported_before_schema_4_count_their_violations_as_root_causes(old: Path) -> None:
    """Schema 4 added which violation follows from which: the old rows read it as null, and
    the audit counts them as root causes; hands imported since carry it."""
    from test_audit import BAD

    from stud_hh.analysis import audit

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
