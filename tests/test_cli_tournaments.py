"""stud-hh import of tournament summaries beside hands, stud-hh tournaments and the block of
stud-hh stats --player: the amounts and ROI they print are the ones the texts give, worked
out here by hand.

The folder: three summary files written for these tests (tests/data/summaries: a
PokerStars Triple Stud MTT, a Winamax razz sit-and-go, a Full Tilt razz heads-up) and a
file of two summaries, one damaged; the simulated tournament of sample_histories/; and the
corpus's Triple Stud hand (read in place) whose finishing line gives Player5's place.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from stud_hh.cli import main

ROOT = Path(__file__).resolve().parents[1]
SUMMARIES = ROOT / "tests" / "data" / "summaries"
SAMPLE = ROOT / "sample_histories" / "stud_tournament.txt"
TRIPLE_STUD = "Stars/Triple-Stud-USD-2.00-0.20-MTT-201301.txt"


@pytest.fixture
def db(tmp_path: Path, corpus: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    folder = tmp_path / "histories"
    shutil.copytree(SUMMARIES, folder)
    shutil.copy(SAMPLE, folder / "stud_tournament.txt")
    path = tmp_path / "db"
    code = main(["import", str(folder), str(corpus / TRIPLE_STUD), "--db", str(path),
                 "--jobs", "1", "-q"])
    captured = capsys.readouterr()
    assert code == 1  # the damaged summary is a failure, stored with its line
    assert "tournament summaries" in captured.out
    assert "damaged two summaries.txt" in captured.err
    return path


def test_the_pokerstars_results_by_hand(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Hero at PokerStars, in dollars:

    - Triple Stud MTT #664712833 (its summary): $2.00 + $0.20 paid, 3rd, won $40.50;
    - the simulated MTTs #3000104000001-4 ($5.00 + $0.50 each, their finishing lines):
      6th, 1st winning $9.00, 6th, and the fourth still running when the file ends;
    - #910000002 of the file with a damaged summary: $1.00 + $0.10, 1st, won $2.00
      (#910000001 could not be read: not counted).

    Paid $2.20 + 4 x $5.50 + $1.10 = $25.30 for the 6 (the running one was paid for too);
    won $40.50 + $9.00 + $2.00 = $51.50 in the 5 whose result is known; net over those 5
    $51.50 - $19.80 = $31.70; ROI 31.70 / 19.80 = 160.1%; in the money 3 of 5 places
    (60.0%); places 1st x2, 3rd, 6th x2.
    """
    assert main(["tournaments", "--db", str(db), "--player", "hero", "--site",
                 "PokerStars"]) == 0
    heading, head, *table = capsys.readouterr().out.splitlines()
    assert heading == "# site PokerStars"
    assert head.strip() == "Hero / USD"
    lines = {line.split("  ")[0].strip(): line.split("  ")[-1].strip() for line in table}
    assert lines["Tournaments"] == "6"
    assert lines["With a known place"] == "5"
    assert lines["Place unknown"] == "1 (no finish seen)"
    assert lines["Paid (buy-ins, fees, rebuys)"] == "$25.30 (n=6)"
    assert lines["Won (prizes, tickets, bounties)"] == "$51.50 (n=5)"
    assert lines["Net (result and buy-in known)"] == "$31.70 (n=5)"
    assert lines["ROI"] == "160.1% (n=5)"
    assert lines["In the money"] == "3 (60.0% of 5)"
    assert lines["Best finish"] == "1st"
    assert lines["Places"] == "1st x2, 3rd, 6th x2"


def test_every_unit_apart_and_each_tournament_listed(db: Path,
                                                     capsys: pytest.CaptureFixture[str]
                                                     ) -> None:
    """All sites: the Full Tilt heads-up adds $60.00 paid and nothing won to the dollars
    ($85.30 paid for 7, $51.50 won in 6, net -$28.30 and ROI -35.5% over those 6); the
    Winamax sit-and-go is in euros apart (4.50 + 0.50 paid, 2nd, won 7.20: net €2.20, ROI
    44.0%)."""
    assert main(["tournaments", "--db", str(db), "--player", "Hero"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].split() == ["Hero", "/", "USD", "Hero", "/", "EUR"]
    assert "$85.30 (n=7)" in out
    assert "$51.50 (n=6)" in out
    assert "-$28.30 (n=6)" in out
    assert "-35.5% (n=6)" in out
    assert "€5.00" in out
    assert "€7.20" in out
    assert "€2.20" in out
    assert "44.0% (n=1)" in out
    assert main(["tournaments", "--db", str(db), "--player", "Hero", "--list"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert listed[0].split()[:3] == ["start", "(UTC)", "site"]
    mtt = next(line for line in listed if "664712833" in line)
    assert "$2.20" in mtt
    assert "3rd of 180" in mtt
    assert "$40.50" in mtt
    assert "summary" in mtt
    running = next(line for line in listed if "3000104000004" in line)
    assert running.split()[-1] == "seen"
    assert running.split()[-4:-1] == ["$5.50", "unknown", "unknown"]  # paid; place, won
    assert sum("Winamax" in line for line in listed) == 1


def test_finishing_lines_alone_and_the_filters(db: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """Player5 has no summary of their own at 28th... the Triple Stud summary lists them,
    and its corpus hand says the same: one tournament, $2.20 paid, ROI -100.0%."""
    assert main(["tournaments", "--db", str(db), "--player", "player5", "--format",
                 "json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert (row["player"], row["unit"], row["tournaments"], row["paid"], row["won"]) == \
        ("Player5", "USD", 1, 2.2, 0.0)
    assert row["roi"] == -100.0
    assert row["places"] == "28th"
    assert main(["tournaments", "--db", str(db), "--player", "Hero", "--game", "razz",
                 "--format", "csv"]) == 0
    csv = capsys.readouterr().out.splitlines()
    assert csv[0].startswith("player,unit,tournaments,finished")
    assert {line.split(",")[1] for line in csv[1:]} == {"USD", "EUR"}  # FTP, damaged file, Winamax
    assert main(["tournaments", "--db", str(db), "--since", "2030-01-01"]) == 2
    assert "no tournament results" in capsys.readouterr().err
    assert main(["tournaments", "--db", str(db), "--player", "Nobody Here"]) == 2
    assert "no tournament results of 'Nobody Here'" in capsys.readouterr().err


def test_stats_of_a_player_tells_the_tournament_results_too(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--player", "Hero"]) == 0
    out = capsys.readouterr().out
    assert ("Tournaments (USD): 7 played, 6 with a known place (1 no finish seen); paid "
            "$85.30 (n=7), won $51.50 (n=6), net -$28.30 (n=6), ROI -35.5% (n=6), in the "
            "money 3 (50.0% of 6), best 1st") in out
    assert "Tournaments (EUR): 1 played" in out
    assert main(["stats", "--db", str(db), "--player", "Hero", "--cash"]) == 2  # no cash
    capsys.readouterr()


def test_the_installed_command_and_a_missing_database(tmp_path: Path) -> None:
    script = Path(sys.executable).with_name("stud-hh")
    run = subprocess.run([str(script), "tournaments", "--db", str(tmp_path / "none")],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert "not a stud-hh database" in run.stderr
