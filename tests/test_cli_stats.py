"""Promise: every shape of `stud-hh stats` prints a table a person reads in a terminal of
80-120 columns: the key stud statistics, each ratio with its sample size, money in the
unit's money (never `-0.0`, never a pandas frame cut with `...`); `--columns` chooses
others; csv and json give every column; a damaged database fails before anything is
printed.
"""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import pytest

from stud_hh.analysis.summary_text import KEY, compact
from stud_hh.cli import main

SHAPES = [
    [],
    ["--top", "0"],
    ["--by", "game"],
    ["--by", "game", "stakes"],
    ["--player", "Hero"],
    ["--player", "Hero", "--by", "game"],
    ["--player", "Hero", "--by", "stakes"],
    ["--player", "Hero", "--by", "month"],
    ["--player", "Hero", "--by", "session"],
    ["--player", "Hero", "--by", "door_rank"],
]


def _stats(capsys: pytest.CaptureFixture[str], db: Path, *args: str) -> str:
    assert main(["stats", "--db", str(db), *args]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


def _readable(out: str, db: Path) -> None:
    for line in out.splitlines():  # a line naming the database is as long as its path
        assert len(line) <= 120 or str(db) in line, f"{len(line)} columns: {line!r}"
    assert "..." not in out  # a pandas frame cut short
    assert not re.search(r"(?<![\w.])-0\.0+(?!\d)", out), out  # a loss rounded to -0.0


@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: " ".join(s) or "every player")
def test_every_shape_fits_a_terminal(shape: list[str], samples_database: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    out = _stats(capsys, samples_database, *shape)
    _readable(out, samples_database)
    assert "VPIP" in out
    assert "W$SD" in out or "Left out to fit 120 columns" in out


@pytest.mark.parametrize("shape", SHAPES[:6], ids=lambda s: " ".join(s) or "every player")
def test_every_shape_fits_a_terminal_on_real_hands(shape: list[str], corpus_database: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    _readable(_stats(capsys, corpus_database, *shape), corpus_database)


def test_one_player_is_a_tall_table_of_the_key_statistics(
        samples_database: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _stats(capsys, samples_database, "--player", "Hero")
    lines = out.splitlines()
    assert lines[0].split() == ["Hero", "/", "USD", "Hero", "/", "tournament", "chips"]
    labels = [line.split("  ")[0] for line in lines[1:] if line and not line[0].isspace()]
    for label in ("Hands", "Net won", "Net won (big bets)", "Big bets / 100 hands",
                  "Luck-adjusted big bets / 100", "VPIP", "Complete/raise 3rd",
                  "Steal attempt", "Bring-in folds to steal", "3-bet 3rd",
                  "Fold to a 4th-street bet", "AF (4th-7th)", "WTSD", "W$SD"):
        assert label in labels
    vpip = next(line for line in lines if line.startswith("VPIP"))
    assert re.search(r"\d+\.\d% \(n=[\d,]+\)", vpip)  # each ratio with its sample size
    net = next(line for line in lines if line.startswith("Net won "))
    assert re.search(r"-?\$[\d,]+\.\d\d", net)  # the unit's money, to the cent
    assert "Limp" not in out  # the rest is for --columns


def test_many_players_are_rows_with_their_sample_sizes_under_them(
        samples_database: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = _stats(capsys, samples_database, "--top", "5")
    lines = out.splitlines()
    assert lines[0].split()[:4] == ["player", "unit", "hands", "net"]
    table = lines[1:next(i for i, line in enumerate(lines) if line.startswith("BB:"))]
    rows = [line for line in table if not line.startswith(" ")]
    samples = [line for line in table if line.startswith("  n ")]
    assert len(rows) == 5
    assert len(samples) == 5  # a line of sample sizes under each row
    assert "n: each ratio's sample size" in out


def test_a_sample_size_takes_at_most_four_characters() -> None:
    assert [compact(n) for n in (7, 999, 1_000, 1_949, 10_400, 999_999, 1_250_000)] == \
        ["7", "999", "1.0k", "1.9k", "10k", "1000k", "1.2M"]


def test_columns_chooses_the_statistics(samples_database: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    out = _stats(capsys, samples_database, "--player", "Hero", "--columns", "limp", "saw_5th")
    labels = [line.split("  ")[0] for line in out.splitlines()[1:] if line[:1].isalpha()]
    assert labels[:2] == ["Limp", "Saw 5th"]
    assert "VPIP" not in out
    everything = _stats(capsys, samples_database, "--player", "Hero", "--columns", "all")
    assert len(everything.splitlines()) > len(KEY) + 20


def test_a_mistyped_column_is_one_line(samples_database: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(samples_database), "--columns", "vpipp"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert "no column 'vpipp' in the summary (did you mean 'vpip'?)" in captured.err


def test_machines_get_every_column(samples_database: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    rows = list(csv.DictReader(io.StringIO(_stats(capsys, samples_database, "--format",
                                                  "csv"))))
    assert {"player", "unit", "hands", "net", "vpip", "vpip_n", "limp", "limp_n", "afq",
            "fold_to_bet_4th", "fold_to_bet_4th_n"} <= set(rows[0])
    chosen = json.loads(_stats(capsys, samples_database, "--format", "json", "--columns",
                               "vpip"))
    assert set(chosen[0]) == {"player", "unit", "vpip", "vpip_n"}


def test_a_damaged_database_fails_before_printing(samples_database: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The hands are readable, the tournament results (read last) are not: nothing printed."""
    import shutil

    db = tmp_path / "db"
    shutil.copytree(samples_database, db)
    part = next(p for p in (db / "tournaments").rglob("*.parquet"))
    part.write_bytes(part.read_bytes()[:-100])
    code = main(["stats", "--db", str(db), "--player", "Hero"])
    captured = capsys.readouterr()
    assert code == 2
    assert captured.out == ""
    assert "damaged" in captured.err
