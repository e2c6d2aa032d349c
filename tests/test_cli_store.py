"""stud-hh import, stats and plot: output, formats and exit codes."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
from helpers import SAMPLES

from stud_hh.cli import main


def test_import_then_reimport(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "db"
    assert main(["import", str(SAMPLES), "--db", str(db), "--jobs", "1", "-q"]) == 0
    out = capsys.readouterr().out
    assert "4 files: 23 hands new, 0 already stored or repeated, 0 failures" in out
    assert "2 skipped as not stud" in out
    assert main(["import", str(SAMPLES), "--db", str(db), "-q"]) == 0
    out = capsys.readouterr().out
    assert "4 files (4 unchanged, passed over): 0 hands new" in out
    assert "nothing new" in out


def test_import_keeps_failures_and_exits_one(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text((SAMPLES / "stud_cash_0.10-0.20.txt").read_text(encoding="utf-8")
                   .replace(": calls ", ": juggles ", 1), encoding="utf-8")
    assert main(["import", str(bad), "--db", str(tmp_path / "db"), "-q", "--jobs", "1"]) == 1
    captured = capsys.readouterr()
    assert "7 hands new" in captured.out
    assert "1 failures" in captured.out
    assert "bad.txt" in captured.err
    assert "bad.txt:84: unknown action 'juggles'" in captured.err
    assert "kept whole in the failures table" in captured.err


def test_failures_lists_each_unreadable_text(tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text((SAMPLES / "stud_cash_0.10-0.20.txt").read_text(encoding="utf-8")
                   .replace(": calls ", ": juggles ", 1), encoding="utf-8")
    db = tmp_path / "db"
    assert main(["import", str(bad), "--db", str(db), "-q", "--jobs", "1"]) == 1
    capsys.readouterr()
    assert main(["failures", "--db", str(db)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{bad}:")
    assert "juggles" in out[1]
    assert out[-1] == f"1 unreadable text in {db} (kept whole in the failures table)"
    assert main(["failures", "--db", str(db), "--format", "jsonl"]) == 0
    (record,) = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert record["kind"] == "unreadable"
    assert record["file"] == str(bad)
    assert isinstance(record["line"], int)
    assert record["reason"]


def test_import_of_a_missing_path_or_a_foreign_folder(tmp_path: Path,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import", str(tmp_path / "nope"), "--db", str(tmp_path / "db")]) == 2
    assert "no such file or folder" in capsys.readouterr().err
    (tmp_path / "mine").mkdir()
    (tmp_path / "mine" / "x.txt").write_text("x")
    assert main(["import", str(SAMPLES), "--db", str(tmp_path / "mine")]) == 2
    assert "not a stud-hh database" in capsys.readouterr().err


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("cli") / "db"
    assert main(["import", str(SAMPLES), "--db", str(root), "-q", "--jobs", "1"]) == 0
    return root


def test_stats_for_one_player(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--player", "Hero", "--by", "game"]) == 0
    out = capsys.readouterr().out
    for words in ("VPIP", "(n=", "Big bets / 100 hands", "WTSD", "Scoop (whole pot)",
                  "Hero / stud8 / USD", "Hero / razz / tournament chips"):
        assert words in out


def test_stats_as_json(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--format", "json", "--top", "0"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {"player", "hands", "vpip", "vpip_n"} <= set(rows[0])
    assert sum(r["hands"] for r in rows) > 23


def test_stats_for_an_unknown_player(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--player", "Nobody"]) == 2
    assert "no hands of 'Nobody'" in capsys.readouterr().err
    assert main(["stats", "--db", str(db), "--player", "Heroo"]) == 2
    assert capsys.readouterr().err == "stud-hh: no hands of 'Heroo'; did you mean 'Hero'?\n"


def test_stats_matches_a_name_whatever_its_case(db: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--player", "hero"]) == 0
    out = capsys.readouterr().out
    assert "Hero / USD" in out
    assert "VPIP" in out


def test_stats_by_a_grouping_that_does_not_exist(db: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    for wrong in ("nonsense", "file"):
        assert main(["stats", "--db", str(db), "--by", wrong]) == 2
        captured = capsys.readouterr()
        assert captured.err.startswith(f"stud-hh: cannot group by {wrong!r}")
        assert "group by player, site, game, stakes" in captured.err
        assert "Traceback" not in captured.err
        assert captured.out == ""
    assert main(["stats", "--db", str(db), "--by", "stake"]) == 2
    assert "did you mean 'stakes'" in capsys.readouterr().err


def _local_date(first: str) -> date:
    """The date, on this machine's clock, of a hand whose first line ends in ET."""
    when = re.findall(r"(\d{4}/\d\d/\d\d \d{1,2}:\d\d:\d\d) ET", first)[-1]
    eastern = datetime.strptime(when, "%Y/%m/%d %H:%M:%S").replace(
        tzinfo=ZoneInfo("America/New_York"))
    return eastern.astimezone().date()


def _hero_hands(where: Callable[[str], bool]) -> int:
    """Hands Hero was dealt into, counted from the text: the hand's first line decides."""
    count = 0
    for path in sorted(SAMPLES.glob("*.txt")):
        for hand in path.read_text(encoding="utf-8").split("\n\n\n"):
            first = hand.strip().partition("\n")[0]
            stud = "Stud" in first or "Razz" in first
            if stud and "Dealt to Hero" in hand and where(first):
                count += 1
    return count


@pytest.mark.parametrize(("options", "where"), [
    (["--game", "razz"], lambda first: "Razz" in first),
    (["--cash"], lambda first: "Tournament" not in first),
    (["--tournament"], lambda first: "Tournament" in first),
    (["--game", "stud", "stud8", "--cash"],
     lambda first: "7 Card Stud" in first and "Tournament" not in first),
    (["--stakes", "0.25/0.50"], lambda first: "$0.25/$0.50" in first),
    (["--since", "2026-03-13", "--until", "2026-03-13"],
     lambda first: _local_date(first) == date(2026, 3, 13)),
    (["--site", "pokerstars"], lambda first: True),
], ids=["game", "cash", "tournament", "games-cash", "stakes", "dates", "site"])
def test_stats_filters_agree_with_a_count_from_the_text(
        db: Path, options: list[str], where: Callable[[str], bool],
        capsys: pytest.CaptureFixture[str]) -> None:
    expected = _hero_hands(where)
    assert expected > 0
    assert main(["stats", "--db", str(db), "--player", "Hero", "--format", "json",
                 *options]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert sum(r["hands"] for r in rows) == expected


def test_stats_money_is_per_currency(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--player", "Hero", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert sorted(r["unit"] for r in rows) == ["USD", "tournament chips"]
    assert all(r["net"] == r["net"] and r["rake_paid"] == r["rake_paid"] for r in rows)
    assert main(["stats", "--db", str(db), "--player", "Hero"]) == 0
    assert "nan" not in capsys.readouterr().out.lower()


def test_stats_columns_and_minimum_hands(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--columns", "hands", "vpip", "--min-hands", "10",
                 "--format", "csv"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "player,unit,hands,vpip,vpip_n"
    assert all(int(line.split(",")[2]) >= 10 for line in lines[1:])
    assert main(["stats", "--db", str(db), "--columns", "vpipp"]) == 2
    assert "did you mean 'vpip'" in capsys.readouterr().err


@pytest.mark.parametrize("kind", ["winnings", "door-card", "streets", "violations"])
def test_plot_writes_a_png(db: Path, kind: str, tmp_path: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / f"{kind}.png"
    assert main(["plot", kind, "--db", str(db), "--player", "Hero", "-o", str(target)]) == 0
    assert target.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert target.stat().st_size > 5_000


def test_plot_needs_a_player(db: Path, tmp_path: Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["plot", "winnings", "--db", str(db), "-o", str(tmp_path / "x.png")]) == 2
    assert "needs --player" in capsys.readouterr().err


def test_plot_takes_filters_and_any_case(db: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "w.png"
    assert main(["plot", "winnings", "--db", str(db), "--player", "hero", "--unit", "money",
                 "--cash", "--game", "stud", "-o", str(target)]) == 0
    assert target.stat().st_size > 5_000
    assert main(["plot", "winnings", "--db", str(db), "--player", "Heroo",
                 "-o", str(target)]) == 2
    assert "did you mean 'Hero'" in capsys.readouterr().err
    assert main(["plot", "violations", "--db", str(db), "--since", "2026-03-13",
                 "-o", str(target)]) == 0


def test_stats_by_session(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--player", "Hero", "--by", "session",
                 "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert sum(r["hands"] for r in rows) == _hero_hands(lambda first: True)
    assert all({"start", "end", "minutes", "bb_per_hour"} <= set(r) for r in rows)
    assert main(["stats", "--db", str(db), "--player", "Hero", "--by", "session",
                 "--session-gap", "100000", "--format", "json"]) == 0
    fewer = json.loads(capsys.readouterr().out)
    assert len(fewer) < len(rows)


def test_stats_filters_naming_nothing_say_what_there_is(
        db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--site", "pokerstar"]) == 2
    assert capsys.readouterr().err == ("stud-hh: no hands of site 'pokerstar'; did you mean "
                                       "'PokerStars'?\n")
    assert main(["stats", "--db", str(db), "--game", "razz", "--stakes", "0.10/0.20"]) == 2
    assert capsys.readouterr().err == (f"stud-hh: no hands in {db} (game razz, stakes "
                                       "0.10/0.20)\n")


def test_stats_says_which_undated_hands_a_date_filter_left_out(
        corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    everleaf = corpus / "Everleaf"
    hands = len(re.findall(r"^Everleaf Gaming Game #", "".join(
        p.read_text(encoding="cp1252") for p in everleaf.glob("*.txt")), re.MULTILINE))
    stars = corpus / "Stars" / "7-Stud-USD-0.04-0.08-200911.txt"
    root = tmp_path / "db"
    assert main(["import", str(everleaf), str(stars), "--db", str(root), "-q",
                 "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["stats", "--db", str(root), "--since", "2009-01-01", "--format", "csv"]) == 0
    captured = capsys.readouterr()
    assert captured.err == (f"stud-hh: {hands} undated hands left out by the date filter "
                            "(their site printed no time zone)\n")
    assert main(["plot", "violations", "--db", str(root), "--until", "2030-01-01",
                 "-o", str(tmp_path / "v.png")]) == 0
    assert f"{hands} undated hands left out" in capsys.readouterr().err
