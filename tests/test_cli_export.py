"""stud-hh export takes the filters stats takes, from files and from a database alike.

The hands it must write are found here from the text itself: each hand's header line
(game, stakes, tournament, date) and whether the player's cards are dealt to them, never
from the parser. A filter that matches nothing is one clear line and exit 2; a date
filter says which undated hands it left out.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from helpers import SAMPLES
from test_cli_store import _local_date

from stud_hh.cli import main

HEADER = re.compile(r"^\ufeff?PokerStars Hand #(\d+):(.*)$", re.MULTILINE)


def hands_in_text(where: Callable[[str, str], bool]) -> set[str]:
    """The ids of the stud hands of the sample files whose header line and text pass
    ``where(first_line, text)``."""
    ids = set()
    for path in sorted(SAMPLES.glob("*.txt")):
        text = path.read_text(encoding="utf-8")
        found = list(HEADER.finditer(text))
        for match, following in zip(found, [*found[1:], None], strict=True):
            hand = text[match.start():following.start() if following else len(text)]
            first = match.group(2)
            if ("Stud" in first or "Razz" in first) and where(first, hand):
                ids.add(match.group(1))
    return ids


def exported(folder: Path) -> set[str]:
    """The hand ids of the .phh files written to ``folder`` (named after their hand)."""
    return {p.stem.rpartition("-")[2] for p in folder.glob("*.phh")}


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("export") / "db"
    assert main(["import", str(SAMPLES), "--db", str(root), "-q", "--jobs", "1"]) == 0
    return root


CASES: list[tuple[list[str], Callable[[str, str], bool]]] = [
    (["--game", "razz"], lambda first, _: "Razz" in first),
    (["--cash"], lambda first, _: "Tournament" not in first),
    (["--tournament"], lambda first, _: "Tournament" in first),
    (["--game", "stud", "stud8", "--cash"],
     lambda first, _: "7 Card Stud" in first and "Tournament" not in first),
    (["--stakes", "0.25/0.50"], lambda first, _: "$0.25/$0.50" in first),
    (["--since", "2026-03-13", "--until", "2026-03-13"],
     lambda first, _: _local_date(first) == date(2026, 3, 13)),
    (["--site", "pokerstars", "--game", "stud8"], lambda first, _: "Hi/Lo" in first),
    (["--player", "hero", "--game", "razz"],
     lambda first, hand: "Razz" in first and "Dealt to Hero " in hand),
]
IDS = ["game", "cash", "tournament", "games-cash", "stakes", "dates", "site", "player"]


@pytest.mark.parametrize(("options", "where"), CASES, ids=IDS)
@pytest.mark.parametrize("source", ["files", "database"])
def test_export_writes_the_hands_the_text_says_match(
        db: Path, source: str, options: list[str], where: Callable[[str, str], bool],
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    expected = hands_in_text(where)
    every = hands_in_text(lambda first, hand: True)
    assert 0 < len(expected) < len(every)
    read = [str(SAMPLES)] if source == "files" else ["--db", str(db)]
    out = tmp_path / "out"
    assert main(["export", *read, *options, "-o", str(out)]) == 0
    assert exported(out) == expected
    line = capsys.readouterr().out
    assert line.startswith(f"wrote {len(expected)} hands as PHH to {out}")
    assert f"; {len(every) - len(expected)} left out by the filters (" in line


@pytest.mark.parametrize("source", ["files", "database"])
def test_a_filter_that_matches_nothing_is_one_line_and_exit_2(
        db: Path, source: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    read = [str(SAMPLES)] if source == "files" else ["--db", str(db)]
    where = str(SAMPLES) if source == "files" else str(db)
    out = tmp_path / "out"
    assert main(["export", *read, "--game", "razz", "--cash", "--stakes", "0.10/0.20",
                 "-o", str(out)]) == 2
    assert capsys.readouterr().err == (f"stud-hh: no hands in {where} (game razz, stakes "
                                       "0.10/0.20, cash games)\n")
    assert not out.exists()
    assert main(["export", *read, "--player", "Heroo", "-o", str(out)]) == 2
    assert capsys.readouterr().err == "stud-hh: no hands of 'Heroo'; did you mean 'Hero'?\n"
    assert main(["export", *read, "--site", "pokerstar", "-o", str(out)]) == 2
    assert "did you mean 'PokerStars'?" in capsys.readouterr().err
    assert main(["export", *read, "--game", "five_stud", "-o", str(out)]) == 2
    assert capsys.readouterr().err == ("stud-hh: no five_stud hands (the games stored: razz, "
                                       "stud, stud8)\n")
    assert not out.exists()


def test_min_hands_is_for_summaries_not_export(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        main(["export", str(SAMPLES), "--min-hands", "5", "-o", str(tmp_path / "out")])
    assert caught.value.code == 2
    assert "unrecognized arguments: --min-hands 5" in capsys.readouterr().err


EVERLEAF_HEADER = re.compile(r"^Everleaf Gaming Game #(\d+)$", re.MULTILINE)
STARS_FILE = "Stars/7-Stud-USD-0.04-0.08-200911.txt"


@pytest.mark.parametrize("source", ["files", "database"])
def test_a_date_filter_says_which_undated_hands_it_left_out(
        corpus: Path, source: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Everleaf prints no time zone: its hands have no date, and ``--since`` leaves them out
    with a line saying how many; the PokerStars hands of 2009 are all written."""
    everleaf = sorted((corpus / "Everleaf").glob("*.txt"))
    undated = {m.group(1) for p in everleaf
               for m in EVERLEAF_HEADER.finditer(p.read_text(encoding="cp1252"))}
    stars = set(re.findall(r"^PokerStars Game #(\d+):",
                           (corpus / STARS_FILE).read_text(encoding="utf-8"), re.MULTILINE))
    assert undated
    assert stars
    paths = [str(p) for p in everleaf] + [str(corpus / STARS_FILE)]
    if source == "database":
        assert main(["import", *paths, "--db", str(tmp_path / "db"), "-q", "--jobs", "1"]) == 0
        capsys.readouterr()
        paths = ["--db", str(tmp_path / "db")]
    out = tmp_path / "out"
    assert main(["export", *paths, "--since", "2009-01-01", "-o", str(out)]) == 0
    assert exported(out) == stars
    captured = capsys.readouterr()
    assert captured.err == (f"stud-hh: {len(undated)} undated hands left out by the date "
                            "filter (their site printed no time zone)\n")
    assert f"; {len(undated)} left out by the filters (from 2009-01-01" in captured.out
    assert main(["export", *paths, "--since", "2009-01-01", "--site", "everleaf",
                 "-o", str(tmp_path / "none")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0] == (f"stud-hh: {len(undated)} undated hands left out by the date filter "
                      "(their site printed no time zone)")
    assert err[1].startswith("stud-hh: no hands in ")
    assert "(undated hands left out), site everleaf)" in err[1]
