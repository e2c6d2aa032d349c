"""Promise: `stud-hh config` shows and changes the settings file, and every command reads
it for what the command line leaves out: `--db` (the settings' database), the folders of
`import` and `watch`, and the player (the hero) of stats, tournaments, report, plot, show
and the live table, an alias counting as one player. A damaged settings file is one line
naming file and line (exit 2) for the commands that read it, never a traceback.

Every test points ``STUD_HH_CONFIG`` at a file in its own temporary folder.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from helpers import SAMPLES

from stud_hh.cli import build_parser, main
from stud_hh.cli.config import use_settings
from stud_hh.settings import ENV


@pytest.fixture
def settings(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "config" / "settings.toml"
    monkeypatch.setenv(ENV, str(path))
    return path


@pytest.fixture(scope="module")
def histories(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The handwritten PokerStars session (its last four hands: the hero as ``HeroB``,
    ``Big Slick`` as ``Slick2``) and its razz tournament."""
    folder = tmp_path_factory.mktemp("histories")
    text = (SAMPLES / "stud_cash_0.10-0.20.txt").read_text(encoding="utf-8")
    hands = [h for h in re.split(r"\n\s*\n(?=PokerStars Hand)", text.strip()) if h]
    renamed = [re.sub(r"\bBig Slick\b", "Slick2", re.sub(r"\bHero\b", "HeroB", h))
               for h in hands[4:]]
    (folder / "stars.txt").write_text("\n\n".join(hands[:4] + renamed) + "\n\n",
                                      encoding="utf-8")
    shutil.copy(SAMPLES / "razz_tournament.txt", folder)
    return folder


@pytest.fixture(scope="module")
def db(histories: Path, corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Those histories and the corpus' Bovada files (the hero at three seats)."""
    root = tmp_path_factory.mktemp("db") / "db"
    assert main(["import", str(histories), str(corpus / "Bovada"), "--db", str(root), "-q",
                 "--jobs", "1"]) == 0
    return root


def _config(*args: str) -> int:
    return main(["config", *args])


def test_config_shows_changes_and_shows_again(settings: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert _config() == 0
    out = capsys.readouterr().out
    assert f"settings file: {settings} (not written yet" in out
    assert "hero: not set" in out
    assert _config("add", "hero", "pokerstars", "Hero", "HeroB") == 0
    assert _config("add", "alias", "Villain", "PokerStars:Big Slick", "PokerStars:Slick2") == 0
    assert _config("set", "database", "~/poker/db") == 0
    capsys.readouterr()
    assert _config() == 0
    out = capsys.readouterr().out
    assert "hero: PokerStars: Hero, HeroB" in out
    assert "aliases: Villain = PokerStars:Big Slick, PokerStars:Slick2" in out
    assert f"database: ~/poker/db ({Path.home() / 'poker' / 'db'})" in out
    assert _config("path") == 0
    assert capsys.readouterr().out.strip() == str(settings)
    assert _config("remove", "hero", "PokerStars", "Nobody") == 2
    assert "Nobody is not a hero name at PokerStars" in capsys.readouterr().err


def test_a_damaged_settings_file_is_one_line_naming_file_and_line(
        settings: Path, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    settings.parent.mkdir(parents=True)
    settings.write_text("[hero]\nPokerStars = [\"Hero\"]\n\n[colour]\n", encoding="utf-8")
    for command in (["stats", "--db", str(db)], ["config"], ["import"]):
        assert main(command) == 2
        err = capsys.readouterr().err
        assert err.startswith(f"stud-hh: {settings}:4: no setting 'colour'"), err
        assert "Traceback" not in err
    assert main(["explain", "vpip"]) == 0  # a command that reads no settings is not stopped


def test_import_and_watch_take_the_settings_folders_and_database(
        settings: Path, corpus: Path, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["import"]) == 2
    assert "import needs PATHs (or folders in the settings" in capsys.readouterr().err
    root = tmp_path / "db"
    assert _config("add", "folders", str(corpus / "Bovada")) == 0
    assert main(["import", "-q", "--jobs", "1"]) == 2
    assert "import needs --db DIR (or a database in the settings" in capsys.readouterr().err
    assert _config("set", "database", str(root)) == 0
    capsys.readouterr()
    assert main(["import", "-q", "--jobs", "1"]) == 0
    assert "3 files: 6 hands new" in capsys.readouterr().out
    assert _config("add", "hero", "PokerStars", "Hero") == 0
    args = build_parser().parse_args(["watch"])
    use_settings(args)
    assert args.folders == [(corpus / "Bovada").resolve()]  # the corpus may be a link
    assert str(args.db) == str(root)
    assert args.hero == "Hero"


def test_stats_shows_the_settings_hero_as_one_player(
        settings: Path, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["stats", "--db", str(db), "--columns", "hands"]) == 0
    everyone = capsys.readouterr().out
    assert re.search(r"^\[ME\]\s+USD\s+5$", everyone, re.M)  # Bovada's hero: one player
    assert re.search(r"^HeroB\s+USD\s+4$", everyone, re.M)
    _config("add", "hero", "PokerStars", "Hero", "HeroB")
    _config("add", "alias", "Villain", "PokerStars:Big Slick", "PokerStars:Slick2")
    _config("set", "database", str(db))
    capsys.readouterr()
    assert main(["stats", "--columns", "hands", "--cash"]) == 0
    out = capsys.readouterr().out  # one player: a column
    assert re.search(r"^\s+Hero$", out, re.M)
    assert re.search(r"^Hands\s+13$", out, re.M)  # 4 + 4 at PokerStars, 5 at Bovada
    assert "Villain" not in out
    assert "[ME]" not in out
    assert main(["stats", "--all-players", "--columns", "hands", "--cash"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^Hero\s+13$", out, re.M)
    assert re.search(r"^Villain\s+8$", out, re.M)
    assert "HeroB" not in out
    assert "Slick2" not in out
    assert "[ME]" not in out
    assert main(["stats", "--player", "slick2", "--columns", "hands"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^\s+Villain$", out, re.M)
    assert re.search(r"^Hands\s+8$", out, re.M)


def test_a_hero_absent_from_the_database_leaves_every_player(
        settings: Path, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _config("add", "hero", "iPoker", "SomeoneElse")
    capsys.readouterr()
    assert main(["stats", "--db", str(db), "--columns", "hands", "--site", "PokerStars"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"^Hero\s+", out, re.M)
    assert re.search(r"^Big Slick\s+", out, re.M)


def test_tournaments_and_report_default_to_the_hero(
        settings: Path, db: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _config("add", "hero", "PokerStars", "Hero")
    capsys.readouterr()
    assert main(["tournaments", "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "Hero / USD" in out
    assert "Ines" not in out
    assert main(["tournaments", "--db", str(db), "--all-players"]) == 0
    assert "Ines" in capsys.readouterr().out
    page = tmp_path / "r.html"
    assert main(["report", "--db", str(db), "-o", str(page)]) == 0
    out = capsys.readouterr().out
    # 4 stud hands as Hero (HeroB is someone else until named), 6 at razz, 5 at Bovada
    assert "the player report of Hero, 15 hands" in out
    html = page.read_text(encoding="utf-8")
    assert '"hero":"Seat+3 [ME]"' in html  # the replays mark the person's seat in each hand
    assert '"hero":"Hero"' in html


def test_show_marks_the_settings_hero_or_a_person(
        settings: Path, db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _config("add", "alias", "Villain", "PokerStars:Slick2")
    _config("set", "database", str(db))
    capsys.readouterr()
    renamed = "259114633207"  # the fifth hand: Big Slick printed Slick2
    assert main(["show", renamed, "--hero", "Villain"]) == 0
    out = capsys.readouterr().out
    assert "Slick2 (hero)" in out
    _config("add", "hero", "PokerStars", "Big Slick")
    capsys.readouterr()
    first = "259114372218"
    assert main(["show", first]) == 0
    assert "Big Slick (hero)" in capsys.readouterr().out
