"""SQL over a database: every table is a view of exactly its committed parts, with the
registry's columns (also with no parts); nothing a query says writes a file or reads one
outside the database; every error is one line; the macros mean what docs/database.md says.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import duckdb
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from helpers import SAMPLES

from stud_hh.model.errors import InputError, UsageError
from stud_hh.store import sql
from stud_hh.store.database import DamagedDatabaseError, Database, open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.schema import TABLES


@pytest.fixture(scope="module")
def sample_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("sql") / "samples.db"
    assert import_paths([SAMPLES], root, jobs=1).hands_new == 23
    return root


def _described(db: Database, table: str) -> list[tuple[str, str]]:
    shown = db.sql(f"DESCRIBE {table}")
    return list(zip(shown["column_name"], shown["column_type"], strict=True))


def _files(root: Path) -> dict[str, str]:
    """Every file of a database folder with a digest of its bytes."""
    return {str(p.relative_to(root)): hashlib.blake2b(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_every_table_is_a_view_with_the_registry_columns(sample_db: Path) -> None:
    db = open_db(sample_db)
    shown = db.sql("SHOW TABLES")
    assert sorted(shown["name"]) == sorted(TABLES)
    for table, spec in TABLES.items():
        assert [name for name, _ in _described(db, table)] == list(spec.names), table


def test_views_hold_the_same_rows_as_the_tables(sample_db: Path) -> None:
    db = open_db(sample_db)
    for table in TABLES:
        (count,) = db.sql(f"SELECT count(*) AS n FROM {table}")["n"]
        assert count == db.count(table), table
    got = db.sql("SELECT site, hand_id, player, net, vpip FROM players "
                 "ORDER BY site, hand_id, player")
    want = (db.players(columns=["site", "hand_id", "player", "net", "vpip"])
            .assign(site=lambda f: f["site"].astype("string"))
            .sort_values(["site", "hand_id", "player"]).reset_index(drop=True))
    pd.testing.assert_frame_equal(got, want, check_dtype=False)


def test_an_empty_database_has_every_view_typed_and_no_rows(sample_db: Path,
                                                            tmp_path: Path) -> None:
    empty = Database.create(tmp_path / "empty.db")
    full = open_db(sample_db)
    for table in TABLES:
        assert empty.sql(f"SELECT count(*) AS n FROM {table}")["n"].tolist() == [0]
        assert _described(empty, table) == _described(full, table), table
    assert empty.sql("SELECT * FROM players").columns.tolist() == list(TABLES["players"].names)


def test_only_committed_parts_are_read(sample_db: Path, tmp_path: Path) -> None:
    root = tmp_path / "db"
    shutil.copytree(sample_db, root)
    db = open_db(root)
    hands = db.count("hands")
    committed = db.parts()["hands"][0]
    stray = root / "hands" / "part-uncommitted.parquet"  # what a killed import leaves
    shutil.copy(root / committed, stray)
    assert db.sql("SELECT count(*) AS n FROM hands")["n"].tolist() == [hands]
    with pytest.raises(UsageError, match="no other file"):
        db.sql(f"SELECT count(*) FROM read_parquet('{stray}')")
    # a part rewritten without some rows replaces the old one in one commit
    gone = str(db.hands(columns=["hand_id"])["hand_id"].iloc[0])
    with db.writing(clean=False):
        replaced, written = db.without_rows("hands", "hand_id", {gone})
        db.commit(written, replaces=replaced)
    assert (root / replaced[0]).exists()  # deleted by the next writer, never read again
    assert db.sql("SELECT count(*) AS n FROM hands")["n"].tolist() == [hands - 1]
    assert db.sql(f"SELECT count(*) AS n FROM hands WHERE hand_id = '{gone}'"
                  )["n"].tolist() == [0]


WRITES = [
    "INSERT INTO hands (hand_id) VALUES ('1')",
    "UPDATE hands SET pot = 0",
    "DELETE FROM players",
    "CREATE TABLE t AS SELECT * FROM hands",
    "CREATE OR REPLACE VIEW hands AS SELECT 1 AS x",
    "DROP VIEW hands",
    "CREATE MACRO money(a, b) AS 0",
    "COPY hands TO '{root}/out.csv'",
    "COPY (SELECT * FROM hands) TO '{part}' (FORMAT parquet)",
    "EXPORT DATABASE '{root}/export'",
    "ATTACH '{root}/other.duckdb' AS other",
    "INSTALL httpfs",
    "LOAD httpfs",
    "SET enable_external_access = true",
    "RESET lock_configuration",
    "PRAGMA enable_profiling",
    "CHECKPOINT",
    "VACUUM",
    "SELECT 1; DROP VIEW hands",
]


@pytest.mark.parametrize("statement", WRITES)
def test_a_query_that_writes_is_refused_and_changes_nothing(
        sample_db: Path, tmp_path: Path, statement: str) -> None:
    root = tmp_path / "db"
    shutil.copytree(sample_db, root)
    db = open_db(root)
    before = _files(root)
    part = root / db.parts()["hands"][0]
    with pytest.raises(UsageError) as caught:
        db.sql(statement.format(root=root, part=part))
    assert "\n" not in str(caught.value)
    assert _files(root) == before
    assert db.sql("SELECT count(*) AS n FROM hands")["n"].tolist() == [db.count("hands")]


@pytest.mark.parametrize("statement", [
    "SELECT * FROM read_csv('/etc/passwd')",
    "SELECT * FROM read_text('/etc/hostname')",
    "SELECT * FROM glob('/*')",
    "SELECT * FROM read_parquet('{root}/hands/*.parquet')",
    "SELECT * FROM '{root}/stud_hh.json'",
])
def test_a_query_reads_no_file_but_the_committed_parts(sample_db: Path,
                                                       statement: str) -> None:
    with pytest.raises(UsageError, match="no other file"):
        open_db(sample_db).sql(statement.format(root=sample_db))


@pytest.mark.parametrize(("statement", "says"), [
    ("SELEC game FROM hands", 'syntax error at or near "SELEC"'),
    ("SELECT * FROM handz", 'Did you mean "hands"?'),
    ("SELECT colour FROM hands", 'Referenced column "colour" not found'),
    ("SELECT table FROM hands", 'written in double quotes: "table"'),
    ("SELECT sum(game) FROM hands", "No function matches"),
    ("SELECT CAST(hand_id AS DATE) FROM hands", "Conversion Error"),
    ("", "no SQL query given"),
    ("SELECT 1; SELECT 2", "one SQL query at a time"),
])
def test_each_error_is_one_line(sample_db: Path, statement: str, says: str) -> None:
    with pytest.raises(UsageError) as caught:
        open_db(sample_db).sql(statement)
    assert says in str(caught.value)
    assert "\n" not in str(caught.value)


def test_an_unknown_table_lists_the_tables(sample_db: Path) -> None:
    with pytest.raises(UsageError, match="the tables are hands, players, actions"):
        open_db(sample_db).sql("SELECT * FROM sessions")


@pytest.mark.parametrize("which", [0, -1])
def test_a_part_gone_after_opening_is_named(sample_db: Path, tmp_path: Path,
                                            which: int) -> None:
    root = tmp_path / "db"
    shutil.copytree(sample_db, root)
    db = open_db(root)
    (root / db.parts()["actions"][which]).unlink()  # DuckDB finds the first one gone at once
    with pytest.raises(InputError, match="stud-hh check") as caught:
        db.sql("SELECT count(*) FROM actions")
    assert "\n" not in str(caught.value)
    with pytest.raises(DamagedDatabaseError):
        open_db(root)


def test_quoted_names_are_the_columns_named_by_reserved_words() -> None:
    con = duckdb.connect()
    reserved = {name for (name,) in con.execute(
        "SELECT keyword_name FROM duckdb_keywords() WHERE keyword_category = 'reserved'"
    ).fetchall()}
    columns = {c.name for spec in TABLES.values() for c in spec.columns}
    assert columns & reserved == sql.QUOTED


def test_macros(tmp_path: Path) -> None:
    db = Database.create(tmp_path / "db")
    row = db.sql("""SELECT money(1250, 100) AS dollars, money(1250, 1) AS chips,
                           unit('USD', true) AS usd, unit(NULL, false) AS no_currency,
                           unit(NULL, true) AS tournament_chips,
                           big_bets(300, 20) AS bb, big_bets(300, 0) AS unknown_stakes,
                           date_of(TIMESTAMPTZ '2026-03-14 23:30:00+00') AS day,
                           month_of(TIMESTAMPTZ '2026-03-14 23:30:00-02') AS month,
                           year_of(NULL) AS year""").iloc[0].to_dict()
    assert row == {"dollars": 12.5, "chips": 1250.0, "usd": "USD", "no_currency": "chips",
                   "tournament_chips": "tournament chips", "bb": 15.0, "unknown_stakes": 0.0,
                   "day": "2026-03-14",
                   "month": "2026-03", "year": "undated"}
    ratio = db.sql("SELECT pct(x % 4 = 0, x % 2 = 0) AS p, pct(x < 0, x < 0) AS none "
                   "FROM range(10) t(x)").iloc[0]
    assert ratio["p"] == pytest.approx(60.0)  # 0, 4, 8 of 0, 2, 4, 6, 8
    assert pd.isna(ratio["none"])


def test_results_keep_integers_integers(sample_db: Path) -> None:
    db = open_db(sample_db)
    frame = db.sql("SELECT hand_id, ante, sum(pot) OVER () AS pots, count_if(showdown) "
                   "OVER () AS showdowns, pot FROM hands ORDER BY ante NULLS FIRST")
    assert str(frame["pots"].dtype) == "int64"  # a 128-bit sum, back as int64
    assert str(frame["showdowns"].dtype) == "int64"
    assert frame["ante"].dtype in (pd.Int64Dtype(), "int64")
    assert isinstance(frame["hand_id"].dtype, pd.StringDtype)
    assert frame["pots"].iloc[0] == db.hands()["pot"].sum()


def test_plain_turns_decimals_into_integers_or_doubles() -> None:
    table = pa.table({"n": pa.array([1, None], pa.decimal128(38, 0)),
                      "big": pa.array([2 ** 70], pa.decimal128(38, 0)).take([0, 0]),
                      "d": pa.array([1, 2], pa.decimal128(10, 2))})
    out = sql.plain(table)
    assert out.schema.types == [pa.int64(), pa.float64(), pa.float64()]
    assert sql.frame(out)["n"].dtype == pd.Int64Dtype()


def test_formats(sample_db: Path, tmp_path: Path) -> None:
    db = open_db(sample_db)
    result = sql.query(db, "SELECT game, count(*) AS hands, NULL AS nothing, "
                       "list(hand_id ORDER BY hand_id)[1:2] AS first FROM hands "
                       "GROUP BY game ORDER BY game")
    text = sql.render(result, "text").splitlines()
    assert text[0].split() == ["game", "hands", "nothing", "first"]
    assert set(text[1]) == {"-", " "}
    assert text[2].startswith("razz ")
    assert "NULL" in text[2]
    assert text[-1] == f"({result.num_rows} rows)"
    csv = sql.render(result, "csv").splitlines()
    assert csv[0] == "game,hands,nothing,first"
    assert csv[1].startswith("razz,")
    assert '"[""' in csv[1]  # a list as a JSON array, quoted
    records = json.loads(sql.render(result, "json"))
    assert [r["game"] for r in records] == ["razz", "stud", "stud8"]
    assert records[0]["nothing"] is None
    assert isinstance(records[0]["first"], list)
    out = tmp_path / "result.parquet"
    sql.write(result, "parquet", out)
    assert pq.read_table(out).equals(result)
    assert sql.render(sql.query(db, "SELECT * FROM hands WHERE false"), "json") == "[]\n"
    assert sql.render(sql.query(db, "SELECT 1 AS one WHERE false"), "text").splitlines()[-1] \
        == "(0 rows)"


def test_text_cuts_long_texts_and_shows_line_ends(tmp_path: Path) -> None:
    db = Database.create(tmp_path / "db")
    text = sql.render(sql.query(db, "SELECT repeat('x', 100) AS long, 'a' || chr(10) || 'b' "
                                "AS two, 1.0 / 3 AS third"), "text").splitlines()
    assert len(text) == 4
    assert text[2].split() == ["x" * (sql.TEXT_WIDTH - 1) + "…", "a\\nb", "0.3333"]


def test_output_format(tmp_path: Path) -> None:
    root = tmp_path / "db"
    root.mkdir()
    assert sql.output_format(None, None, root) == "text"
    assert sql.output_format(None, tmp_path / "x.parquet", root) == "parquet"
    assert sql.output_format(None, tmp_path / "x.CSV", root) == "csv"
    assert sql.output_format(None, tmp_path / "x.txt", root) == "text"
    assert sql.output_format("json", tmp_path / "x.txt", root) == "json"
    with pytest.raises(UsageError, match="give -o FILE"):
        sql.output_format("parquet", None, root)
    with pytest.raises(UsageError, match="inside the database folder"):
        sql.output_format("parquet", root / "hands" / "part-x.parquet", root)
    with pytest.raises(UsageError, match="is a folder"):
        sql.output_format("csv", tmp_path, root)


class _Moving:
    """A database whose parts change once, as when an import compacts while a query
    starts: the first list names a part that is gone."""

    def __init__(self, db: Database, gone: Path) -> None:
        self.root, self.db, self.gone, self.calls = db.root, db, gone, 0
        self.storage = db.storage

    def parts(self) -> dict[str, list[str]]:
        self.calls += 1
        found = self.db.parts()
        if self.calls == 1:
            found["hands"] = [*found["hands"], str(self.gone.relative_to(self.root))]
        return found


def test_parts_committed_meanwhile_are_read_again(sample_db: Path) -> None:
    db = open_db(sample_db)
    moving = _Moving(db, sample_db / "hands" / "part-merged-away.parquet")
    result = sql.query(moving, "SELECT count(*) AS n FROM hands")
    assert result.column("n").to_pylist() == [db.count("hands")]
    assert moving.calls == 2


@pytest.mark.parametrize("folder", ["it's [1] {x}", "st*r?"])
def test_a_folder_of_any_name(tmp_path: Path, folder: str) -> None:
    root = tmp_path / folder / "db"
    assert import_paths([SAMPLES / "stud_cash_0.10-0.20.txt"], root, jobs=1).hands_new
    db = open_db(root)
    assert db.sql("SELECT count(*) AS n FROM players")["n"].tolist() == [db.count("players")]
