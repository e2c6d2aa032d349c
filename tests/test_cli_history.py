"""Promise: an audit can be reproduced as it was signed. `stud-hh history` lists every batch
(number, time, operation, files, rows added and removed); `--as-of BATCH|TIME` on `stats`,
`report --audit`, `sql`, `tournaments` and `plot` reads the database exactly as that batch
left it, whatever was imported, compacted or repaired since; a batch or time that names
nothing is one line and exit 2; `stud-hh vacuum` deletes what later batches replaced after
its retention, after which reading as of an earlier batch says so in one line.
"""

from __future__ import annotations

import json
import re
import shutil
from datetime import UTC
from pathlib import Path

import pytest
from helpers import SAMPLES

from stud_hh.cli import main
from stud_hh.store.database import Database, open_db
from stud_hh.store.integrity import check_database


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def _report(path: Path) -> str:
    """The audit report's page without the moment it was written."""
    return re.sub(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d)?( UTC)?", "<time>", path.read_text())


@pytest.fixture
def signed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> dict[str, object]:
    """A database of two files, and what stats, the audit report and a query said then
    (batch 2); then two more files, a compaction and a note."""
    histories = tmp_path / "h"
    histories.mkdir()
    files = sorted(SAMPLES.iterdir())
    for path in files[:2]:
        shutil.copy(path, histories / path.name)
    root = tmp_path / "db"
    assert main(["import", str(histories), "--db", str(root), "-q"]) == 0
    capsys.readouterr()
    then = {
        "stats": run(["stats", "--db", str(root), "--all-players"], capsys)[1],
        "sql": run(["sql", "--db", str(root), "SELECT game, count(*) AS n FROM hands "
                    "GROUP BY game ORDER BY game"], capsys)[1],
    }
    assert run(["report", "--db", str(root), "--audit", "-o", str(tmp_path / "then.html")],
               capsys)[0] == 0
    then["report"] = _report(tmp_path / "then.html")
    then["batch"] = open_db(root).history()[-1]
    for path in files[2:]:
        shutil.copy(path, histories / path.name)
    assert main(["import", str(histories), "--db", str(root), "-q"]) == 0
    with Database(root).writing():
        assert Database(root).compact(min_parts=2)
    from stud_hh.store.notes import make_note, save_notes

    save_notes(Database.create(root), [make_note("PokerStars", "Hero", "me", [])])
    capsys.readouterr()
    return {"root": root, **then}


def test_history_lists_every_batch(signed: dict[str, object],
                                   capsys: pytest.CaptureFixture[str]) -> None:
    root = signed["root"]
    code, out, _ = run(["history", "--db", str(root)], capsys)
    assert code == 0
    lines = out.splitlines()
    operations = [line.split()[5] for line in lines[:-1]]
    assert operations[-2:] == ["compact", "notes"], out
    assert set(operations[:-2]) == {"import"}, out
    assert "hands +" in lines[0], out
    assert "no row changed" in lines[-3], out
    assert lines[-1].endswith("`--as-of N` reads the database as batch N left it"), out
    code, out, _ = run(["history", "--db", str(root), "--format", "jsonl"], capsys)
    rows = [json.loads(line) for line in out.splitlines()]
    assert [r["batch"] for r in rows] == list(range(1, len(rows) + 1))
    assert rows[-1]["versions"] == open_db(root).versions()
    assert sum(r["added"].get("hands", 0) - r["removed"].get("hands", 0)
               for r in rows if r["operation"] != "compact") == open_db(root).count("hands")


def test_as_of_a_batch_reads_the_database_as_it_was_signed(
        signed: dict[str, object], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    root, batch = signed["root"], signed["batch"]
    number = str(batch.number)  # type: ignore[attr-defined]
    now = run(["stats", "--db", str(root), "--all-players"], capsys)[1]
    assert now != signed["stats"]  # more hands since
    assert run(["stats", "--db", str(root), "--all-players", "--as-of", number],
               capsys)[1] == signed["stats"]
    assert run(["sql", "--db", str(root), "--as-of", number, "SELECT game, count(*) AS n "
                "FROM hands GROUP BY game ORDER BY game"], capsys)[1] == signed["sql"]
    assert run(["report", "--db", str(root), "--audit", "--as-of", number, "-o",
                str(tmp_path / "again.html")], capsys)[0] == 0
    assert _report(tmp_path / "again.html") == signed["report"]
    assert run(["tournaments", "--db", str(root), "--as-of", number], capsys)[0] in (0, 1)


def test_as_of_a_time_is_the_last_batch_committed_by_then(
        signed: dict[str, object], capsys: pytest.CaptureFixture[str]) -> None:
    root, batch = signed["root"], signed["batch"]
    when = batch.time.astimezone(UTC)  # type: ignore[attr-defined]
    for given in (when.strftime("%Y-%m-%d %H:%M:%S.%f UTC"),  # as history prints, to the us
                  when.astimezone().replace(tzinfo=None).isoformat(),  # the machine's clock
                  when.isoformat()):
        assert run(["stats", "--db", str(root), "--all-players", "--as-of", given],
                   capsys)[1] == signed["stats"], given
    code, _, err = run(["stats", "--db", str(root), "--as-of", "2001-01-01T00:00"], capsys)
    assert code == 2
    assert err.count("\n") == 1
    assert "no batch was committed by then (the database holds batches 1 to" in err


def test_an_as_of_that_names_no_batch_is_one_line(signed: dict[str, object],
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["sql", "--db", str(signed["root"]), "--as-of", "999", "SELECT 1"],
                       capsys)
    assert code == 2
    assert err.count("\n") == 1
    assert "--as-of 999: no such batch" in err


@pytest.mark.parametrize(("given", "said"), [
    ("0", "must be 1 or more"), ("yesterday", "not a batch number nor a time"),
])
def test_a_mistyped_as_of_is_a_usage_error(given: str, said: str, tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:  # argparse's usage error
        main(["sql", "--db", str(tmp_path), "--as-of", given, "SELECT 1"])
    assert caught.value.code == 2
    err = capsys.readouterr().err
    assert said in err
    assert "Traceback" not in err


def test_vacuum_keeps_what_time_travel_reads_until_its_retention(
        signed: dict[str, object], capsys: pytest.CaptureFixture[str]) -> None:
    root, batch = signed["root"], signed["batch"]
    number = str(batch.number)  # type: ignore[attr-defined]
    code, out, _ = run(["vacuum", "--db", str(root)], capsys)
    assert code == 0
    assert "deleted 0 parts" in out
    assert run(["stats", "--db", str(root), "--all-players", "--as-of", number],
               capsys)[1] == signed["stats"]
    code, out, _ = run(["vacuum", "--db", str(root), "--keep", "0"], capsys)
    assert code == 0
    assert re.search(r"deleted [1-9]\d* parts", out), out
    code, _, err = run(["stats", "--db", str(root), "--as-of", number], capsys)
    assert code == 2
    assert "deleted by `stud-hh vacuum`" in err
    assert err.count("\n") == 1
    assert check_database(root).sound
    assert run(["stats", "--db", str(root), "--all-players"], capsys)[0] == 0
