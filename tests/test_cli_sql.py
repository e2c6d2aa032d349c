"""stud-hh sql: a query's result as a text table, CSV, JSON or Parquet; every error one
line (``stud-hh: ...``, exit 2), never a traceback."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from helpers import SAMPLES

from stud_hh.cli import main
from stud_hh.store.ingest.run import import_paths

QUERY = "SELECT game, count(*) AS hands FROM hands GROUP BY game ORDER BY game"


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cli-sql") / "db"
    assert import_paths([SAMPLES], root, jobs=1).hands_new == 23
    return root


def test_text_table(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sql", "--db", str(db), QUERY]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["game", "hands"]
    assert [line.split()[0] for line in lines[2:-1]] == ["razz", "stud", "stud8"]
    assert sum(int(line.split()[1]) for line in lines[2:-1]) == 23
    assert lines[-1] == "(3 rows)"


def test_csv_json_and_parquet(db: Path, tmp_path: Path,
                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sql", "--db", str(db), "--format", "csv", QUERY]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "game,hands"
    assert main(["sql", "--db", str(db), "--format", "json", QUERY]) == 0
    records = json.loads(capsys.readouterr().out)
    assert sum(r["hands"] for r in records) == 23
    out = tmp_path / "hands.parquet"
    assert main(["sql", "--db", str(db), "-o", str(out), QUERY]) == 0  # from the suffix
    assert capsys.readouterr().out == f"wrote 3 rows to {out}\n"
    assert pq.read_table(out).column("game").to_pylist() == ["razz", "stud", "stud8"]
    csv = tmp_path / "hands.txt"
    assert main(["sql", "--db", str(db), "--format", "csv", "-o", str(csv), QUERY]) == 0
    assert csv.read_text(encoding="utf-8").startswith("game,hands\n")


def test_the_query_from_standard_input(db: Path, capsys: pytest.CaptureFixture[str],
                                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("SELECT count(*) AS n\nFROM players;\n"))
    assert main(["sql", "--db", str(db), "--format", "csv", "-"]) == 0
    assert capsys.readouterr().out.splitlines()[1].isdigit()


@pytest.mark.parametrize(("args", "says"), [
    (["SELEC 1"], 'stud-hh: SQL: Parser Error: syntax error at or near "SELEC"'),
    (["SELECT * FROM handz"], 'Did you mean "hands"?'),
    (["SELECT colour FROM players"], 'Referenced column "colour" not found'),
    (["DROP VIEW hands"], "only a query that reads can run"),
    (["COPY hands TO 'x.csv'"], "this is a COPY statement"),
    (["SELECT * FROM read_csv('/etc/passwd')"], "no other file"),
    (["--format", "parquet", QUERY], "--format parquet writes a file: give -o FILE"),
])
def test_errors_are_one_line_exit_2(db: Path, capsys: pytest.CaptureFixture[str],
                                    args: list[str], says: str) -> None:
    assert main(["sql", "--db", str(db), *args]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    assert captured.err.startswith("stud-hh: ")
    assert says in captured.err


def test_no_result_inside_the_database_folder(db: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    target = db / "hands" / "part-result.parquet"
    assert main(["sql", "--db", str(db), "-o", str(target), QUERY]) == 2
    assert "inside the database" in capsys.readouterr().err
    assert not target.exists()


def test_not_a_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sql", "--db", str(tmp_path), QUERY]) == 2
    assert "not a stud-hh database" in capsys.readouterr().err
