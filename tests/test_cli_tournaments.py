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


def _unwrapped(out: str) -> str:
    """``stats`` output with the tournament lines it wrapped to the terminal made whole."""
    return out.replace("\n  ", " ")


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
    out = _unwrapped(capsys.readouterr().out)
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


CORPUS_TOURNAMENTS = ("Stars/7-StudHL-USD-10-1-200906.PT2.export.txt",
                      "Stars/Razz-8max-USD-200-15-201009.bracket.in.alias.txt",
                      "FTP/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt",
                      "PartyPoker/7-Stud-USD-MTT-6.00-201205.txt",
                      "FTP/Razz-USD-HUSNG-200-201211.all.in.ante.txt",
                      TRIPLE_STUD, "FTP/5-Stud-USD-MTT-100-201303.txt",
                      "Stars/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt")
"""The corpus's tournament hands: Hero's buy-ins $11.00, $215.00, $2.10, $6.00, $200.00 and
$2.20, none with a finish of Hero's; a Full Tilt tournament whose name gives no buy-in;
and a play-money 8-Game home game Hero won."""


@pytest.fixture
def corpus_db(tmp_path: Path, corpus: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    path = tmp_path / "db"
    assert main(["import", *(str(corpus / f) for f in CORPUS_TOURNAMENTS), "--db", str(path),
                 "--jobs", "1", "-q"]) == 0
    capsys.readouterr()
    return path


def _tall(out: str) -> tuple[list[str], dict[str, list[str]]]:
    """A tall table's column heads and each row's cells (cells are apart by 2+ spaces)."""
    import re

    head, *rows = out.splitlines()
    split = [re.split(r"\s{2,}", line.strip()) for line in rows]
    return re.split(r"\s{2,}", head.strip()), {r[0]: r[1:] for r in split}


def test_the_corpus_buy_ins_are_paid_though_no_finish_shows(
        corpus_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: 'paid $0.00' for the six dollar tournaments, and a unit called 'unknown'."""
    assert main(["tournaments", "--db", str(corpus_db), "--player", "Hero"]) == 0
    heads, rows = _tall(capsys.readouterr().out)
    assert heads == ["Hero / USD", "Hero / play", "Hero / currency unknown"]
    assert rows["Tournaments"] == ["6", "1", "1"]
    assert rows["Place unknown"] == ["6 (no finish seen)", "0", "1 (no finish seen)"]
    # 11.00 + 215.00 + 2.10 + 6.00 + 200.00 + 2.20
    assert rows["Paid (buy-ins, fees, rebuys)"] == ["$436.30 (n=6)", "109 play (n=1)",
                                                    "unknown"]
    assert rows["Won (prizes, tickets, bounties)"] == ["unknown", "200 play (n=1)", "unknown"]
    assert rows["Net (result and buy-in known)"] == ["-", "91 play (n=1)", "-"]
    assert rows["ROI"] == ["-", "83.5% (n=1)", "-"]
    assert rows["In the money"] == ["-", "1 (100.0% of 1)", "-"]
    assert main(["tournaments", "--db", str(corpus_db), "--player", "Hero", "--format",
                 "json"]) == 0
    usd = next(r for r in json.loads(capsys.readouterr().out) if r["unit"] == "USD")
    assert (usd["paid"], usd["paid_n"], usd["won"], usd["won_n"], usd["roi_n"]) == \
        (436.3, 6, None, 0, 0)
    assert main(["stats", "--db", str(corpus_db), "--player", "Hero"]) == 0
    out = _unwrapped(capsys.readouterr().out)
    assert ("Tournaments (USD): 6 played, 0 with a known place (6 no finish seen); paid "
            "$436.30 (n=6), won unknown\n") in out
    assert "Tournaments (currency unknown): 1 played" in out
    assert "Tournaments (unknown)" not in out


def test_the_corpus_tournaments_are_listed_with_their_games_named_one_way(
        corpus_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: the game column showed the sites' words (7 CARD STUD HI/LO LIMIT, Razz Limit,
    Limit Razz, Limit 5 Card Stud, 8-Game, Triple Stud)."""
    assert main(["tournaments", "--db", str(corpus_db), "--player", "Hero", "--list",
                 "--format", "csv"]) == 0
    import csv
    import io

    listed = {r["tournament_id"]: r for r in csv.DictReader(io.StringIO(
        capsys.readouterr().out))}
    assert {t: r["game_label"] for t, r in listed.items()} == {
        "169962475": "stud hi/lo", "2010090015": "razz", "220338000": "razz",
        "69784932": "stud", "243603038": "razz", "664712833": "mixed: Triple Stud",
        "251332389": "five-card stud", "743144019": "mixed: 8-Game"}
    assert main(["tournaments", "--db", str(corpus_db), "--player", "Hero", "--list"]) == 0
    text = capsys.readouterr().out.splitlines()
    line = next(t for t in text if "169962475" in t)
    assert line.split()[-5:] == ["hi/lo", "$11.00", "unknown", "unknown", "seen"]
    assert "CARD" not in "\n".join(text)
    assert "Limit" not in "\n".join(text)
    assert main(["tournaments", "--db", str(corpus_db), "--player", "Hero", "--list",
                 "--game", "Stud Hi/Lo", "five-card stud"]) == 0
    chosen = capsys.readouterr().out.splitlines()[1:]
    assert len(chosen) == 2
    assert "169962475" in chosen[0]
    assert "251332389" in chosen[1]
    with pytest.raises(SystemExit) as caught:  # argparse's usage error
        main(["tournaments", "--db", str(corpus_db), "--game", "holdem"])
    assert caught.value.code == 2
    assert "no game 'holdem'" in capsys.readouterr().err


def test_tournament_chips_are_not_added_across_tournaments(
        corpus_db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Before: 'Net won -3,389.48' chips, the chips of seven tournaments and of play money
    added up; now per tournament, and in big bets across them."""
    assert main(["stats", "--db", str(corpus_db), "--player", "Hero", "--format", "json"]) == 0
    [row] = json.loads(capsys.readouterr().out)
    assert row["unit"] == "tournament chips"
    assert row["net"] is None
    assert row["net_bb"] is not None
    assert main(["stats", "--db", str(corpus_db), "--player", "Hero", "--by", "tournament_id",
                 "--format", "json"]) == 0
    per = {r["tournament_id"]: r for r in json.loads(capsys.readouterr().out)}
    assert len(per) == 8
    assert per["743144019"]["hands"] == 53
    assert per["743144019"]["net"] is not None


def test_summaries_name_their_games_one_way(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    """PokerStars summaries written for this test, each naming its game as a site might."""
    games = ["7 CARD STUD HI/LO LIMIT", "Razz Pot Limit", "HORSE", "8-game",
             "Limit 5 Card Stud"]
    texts = [f"PokerStars Tournament #92000000{n}, {game}\nBuy-In: $1.00/$0.10 USD\n"
             "2 players\nTotal Prize Pool: $2.00 USD\n"
             f"Tournament started 2013/01/0{n + 1} 20:00:00 ET\n"
             "  1: Hero (Chile), $2.00 (100%)\n  2: Ann (Peru),\nYou finished in 1st place.\n"
             for n, game in enumerate(games)]
    folder = tmp_path / "summaries"
    folder.mkdir()
    (folder / "TS summaries.txt").write_text("\n".join(texts), encoding="utf-8")
    db_path = tmp_path / "db"
    assert main(["import", str(folder), "--db", str(db_path), "-q"]) == 0
    capsys.readouterr()
    assert main(["tournaments", "--db", str(db_path), "--player", "Hero", "--list"]) == 0
    listed = capsys.readouterr().out
    for label in ("stud hi/lo", "razz PL", "mixed: HORSE", "mixed: 8-Game", "five-card stud"):
        assert f"  {label}  " in listed, label
    assert main(["tournaments", "--db", str(db_path), "--player", "Hero", "--game", "razz",
                 "--format", "json"]) == 0
    [razz] = json.loads(capsys.readouterr().out)
    assert razz["tournaments"] == 1


def test_every_players_results_fit_a_terminal(corpus_db: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """Many players and units: a row each under short headings, no pandas frame."""
    assert main(["tournaments", "--db", str(corpus_db), "--top", "0"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split() == ["player", "unit", "played", "placed", "paid", "won", "net",
                                "ROI", "ITM", "best", "avg"]
    assert all(len(line) <= 120 for line in lines)
    hero = next(line for line in lines if line.startswith("Hero ") and " USD " in line)
    assert hero.split()[2:5] == ["6", "0", "$436.30"]
    assert lines[-1].startswith("ROI: net over paid")
