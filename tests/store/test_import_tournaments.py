"""Promise: an import stores every player's tournament result, from the summary files and
the hands' finishing lines it meets, in the ``tournaments`` table, in the same commits as
the rest; importing again (or another copy of a summary) adds nothing; a damaged summary is
a failure naming its file and line while everything else is stored; a summary file is
never counted as hands, nor as unreadable ones; the table is checked and repaired like the
others.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from stud_hh.store.database import open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.integrity import check_database
from stud_hh.store.repair import repair_database

ROOT = Path(__file__).resolve().parents[2]
SUMMARIES = ROOT / "tests" / "data" / "summaries"
SAMPLE = ROOT / "sample_histories" / "stud_tournament.txt"
TRIPLE_STUD = "Stars/Triple-Stud-USD-2.00-0.20-MTT-201301.txt"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    """Summary files, a copy of the project's simulated tournament, and no corpus file (the
    corpus is read in place, named on the command line)."""
    target = tmp_path / "histories"
    shutil.copytree(SUMMARIES, target / "summaries")
    shutil.copy(SAMPLE, target / "stud_tournament.txt")
    return target


def test_summaries_and_finishing_lines_are_stored_once(folder: Path, tmp_path: Path,
                                                       corpus: Path) -> None:
    db_path = tmp_path / "db"
    first = import_paths([folder, corpus / TRIPLE_STUD], db_path, jobs=1)
    assert first.summaries == 4, first.line()
    assert first.results_new > 0
    assert "tournament summaries" in first.line()
    assert "results new" in first.line()
    db = open_db(db_path)
    rows = db.tournaments()
    assert len(rows) == first.results_new
    by_source = rows.groupby(rows["source"].astype(str)).size().to_dict()
    assert set(by_source) == {"summary", "hand"}
    hero = rows[(rows["player"] == "Hero") & (rows["tournament_id"] == "664712833")]
    assert hero.iloc[0]["finish"] == 3
    assert hero.iloc[0]["prize"] == 4050
    assert hero.iloc[0]["file"].endswith("TS20130103 T664712833 Triple Stud.txt")
    # the summaries are files of no hand, and no failure but the damaged summary's
    assert first.hands_new == len(db.hands())
    failures = db.failures()
    assert len(failures) == 1
    failure = failures.iloc[0]
    assert failure["file"].endswith("damaged two summaries.txt")
    assert failure["line"] == 6
    assert "910000001" in failure["reason"]
    assert "$2.0x0" in failure["offending_text"]
    assert "910000002" in set(rows["tournament_id"])  # its neighbour is stored
    assert check_database(db_path).sound

    again = import_paths([folder, corpus / TRIPLE_STUD], db_path, jobs=1)
    assert (again.results_new, again.hands_new, again.failures_new) == (0, 0, 0)
    for path in folder.rglob("*.txt"):  # changed files are read again: still nothing new
        path.touch()
    shutil.copy(SUMMARIES / "Winamax razz 2017-04-12.txt", folder / "copy.txt")
    touched = import_paths([folder], db_path, jobs=2)
    assert touched.results_new == 0, touched.line()
    assert touched.results_known > 0
    assert len(open_db(db_path).tournaments()) == len(rows)


def test_a_later_summary_is_kept_beside_the_one_written_while_the_player_was_in(
        tmp_path: Path) -> None:
    running = (SUMMARIES / "TS20130103 T664712833 Triple Stud.txt").read_text(
        encoding="utf-8").replace("  4: Player2 [2] (Peru), $28.80 (8%)",
                                  "  4: Player2 [2] (Peru), still playing")
    (tmp_path / "a.txt").write_text(running, encoding="utf-8")
    import_paths([tmp_path / "a.txt"], tmp_path / "db", jobs=1)
    shutil.copy(SUMMARIES / "TS20130103 T664712833 Triple Stud.txt", tmp_path / "b.txt")
    later = import_paths([tmp_path / "b.txt"], tmp_path / "db", jobs=1)
    rows = open_db(tmp_path / "db").tournaments(filters=[("player", "==", "Player2")])
    assert later.results_new == 1  # Player2's changed result; everyone else's is known
    assert sorted(rows["prize"].astype("float").fillna(-1).tolist()) == [-1, 2880]


def test_a_damaged_tournaments_part_is_repaired(folder: Path, tmp_path: Path) -> None:
    db_path = tmp_path / "db"
    import_paths([folder / "summaries"], db_path, jobs=1)
    db = open_db(db_path)
    before = len(db.tournaments())
    part = db.parts()["tournaments"][0]
    (db_path / part).write_bytes(b"PAR1 garbage PAR1")
    report = check_database(db_path)
    assert not report.sound
    assert any(p.table == "tournaments" for p in report.problems)
    repaired = repair_database(db_path, jobs=1)
    assert repaired.after is not None
    assert repaired.after.sound
    assert len(open_db(db_path).tournaments()) == before


def test_two_processes_store_what_one_does(folder: Path, tmp_path: Path) -> None:
    one = import_paths([folder], tmp_path / "one", jobs=1)
    two = import_paths([folder], tmp_path / "two", jobs=2)
    assert (one.results_new, one.summaries) == (two.results_new, two.summaries)
    keys = [sorted(open_db(tmp_path / d).tournaments()["key"]) for d in ("one", "two")]
    assert keys[0] == keys[1]
