"""Promise: the settings file is read into a frozen value, its names checked (sites in any
case, aliases as SITE:NAME), and a damaged file is an error naming the file, the line and
what is wrong, never a traceback; with no ``STUD_HH_CONFIG`` the file is in the user's
configuration folder (platformdirs), which no test touches."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from stud_hh.model.errors import SettingsError
from stud_hh.settings import ENV, load_settings, settings_path

GOOD = """# my settings
database = "~/poker/stud.db"
folders = ["~/hh/stars", "/data/ftp"]

[hero]
pokerstars = ["Hero", "Hero2"]
"Full Tilt Poker" = "HeroFT"

[aliases]
Villain = ["PokerStars:VillainA", "full tilt poker:Villain:B"]
"""


def test_a_settings_file_reads_into_a_frozen_value(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(GOOD, encoding="utf-8")
    s = load_settings(path)
    assert s.exists
    assert s.path == path
    assert s.database == "~/poker/stud.db"
    assert s.database_location() == str(Path.home() / "poker" / "stud.db")
    assert s.folders == ("~/hh/stars", "/data/ftp")
    assert s.folder_paths()[0] == Path.home() / "hh" / "stars"
    assert s.hero == (("PokerStars", ("Hero", "Hero2")), ("Full Tilt Poker", ("HeroFT",)))
    assert s.hero_pairs()[-1] == ("Full Tilt Poker", "HeroFT")
    assert s.aliases == (("Villain", (("PokerStars", "VillainA"),
                                      ("Full Tilt Poker", "Villain:B"))),)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.database = "x"  # type: ignore[misc]


def test_a_missing_file_is_empty_settings(tmp_path: Path) -> None:
    s = load_settings(tmp_path / "none" / "settings.toml")
    assert not s.exists
    assert s.hero == ()
    assert s.database is None
    assert s.folders == ()


@pytest.mark.parametrize(("text", "line", "said"), [
    ("[hero]\nPokerStars = [\"Hero\"\n", 2, "not valid TOML"),
    ("databse = \"x\"\n", 1, "no setting 'databse'; did you mean 'database'?"),
    ("\n\n[hero]\n\"Poker Stars\" = \"Hero\"\n", 4, "hero: no site 'Poker Stars'; did you "
     "mean 'PokerStars'?"),
    ("[hero]\nFull Tilt Poker = \"Hero\"\n", 2, "a key with spaces is quoted"),
    ("[hero]\nPokerStars = 3\n", 2, "hero: PokerStars = a name or a list of names"),
    ("folders = [1, 2]\n", 1, "folders: a list of folders as text"),
    ("[aliases]\nVillain = [\"VillainA\"]\n", 2, "is not SITE:NAME"),
    ("[aliases]\nA = [\"PokerStars:X\"]\nB = [\"pokerstars:X\"]\n", 3,
     "PokerStars:X is in both 'A' and 'B': a name is one person"),
    ("hero = \"Hero\"\n", 1, "hero: a table of sites"),
])
def test_a_damaged_file_names_its_line_and_what_is_wrong(tmp_path: Path, text: str, line: int,
                                                         said: str) -> None:
    path = tmp_path / "settings.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SettingsError) as caught:
        load_settings(path)
    assert caught.value.path == str(path)
    assert caught.value.line == line
    assert said in caught.value.reason
    assert str(caught.value).startswith(f"{path}:{line}")


def test_a_file_that_is_not_utf8_or_is_a_folder_is_an_error(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_bytes(b"database = \"\xff\"\n")
    with pytest.raises(SettingsError, match="not UTF-8"):
        load_settings(path)
    with pytest.raises(SettingsError, match="is a folder"):
        load_settings(tmp_path)


def test_the_file_is_where_the_environment_says_else_in_the_config_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENV, str(tmp_path / "elsewhere.toml"))
    assert settings_path() == tmp_path / "elsewhere.toml"
    monkeypatch.delenv(ENV)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    from platformdirs import user_config_dir

    assert settings_path() == Path(user_config_dir("stud-hh", appauthor=False)) / \
        "settings.toml"
    assert str(settings_path()).startswith(str(tmp_path))


def test_the_session_never_points_at_the_real_settings_file() -> None:
    from platformdirs import user_config_dir

    assert not str(settings_path()).startswith(user_config_dir("stud-hh", appauthor=False))
    assert not settings_path().exists()
