"""Promise: `config set|unset|add|remove` changes one key of the settings file, keeping
its comments and its other keys as written, never writes a file that does not read back,
and refuses a damaged file or an edit the grammar does not allow with a clear error."""

from __future__ import annotations

from pathlib import Path

import pytest

from stud_hh.model.errors import SettingsError, UsageError
from stud_hh.settings import load_settings
from stud_hh.settings.edit import change

WRITTEN = """# written by hand
[hero]
PokerStars = ["Hero"]  # my main account

[aliases]
# the fish
Villain = ["PokerStars:VillainA"]
"""


@pytest.fixture
def path(tmp_path: Path) -> Path:
    p = tmp_path / "settings.toml"
    p.write_text(WRITTEN, encoding="utf-8")
    return p


def test_edits_keep_the_comments_and_the_other_keys(path: Path, tmp_path: Path) -> None:
    (tmp_path / "hh").mkdir()
    assert change(path, "add", "hero", ["pokerstars", "Hero2"]) == "hero: PokerStars = Hero, Hero2"
    assert change(path, "add", "alias", ["Villain", "Full Tilt Poker:VB"]) == \
        "aliases: Villain = PokerStars:VillainA, Full Tilt Poker:VB"
    change(path, "set", "database", [str(tmp_path / "db")])
    change(path, "add", "folders", [str(tmp_path / "hh")])
    text = path.read_text(encoding="utf-8")
    for kept in ("# written by hand", "# my main account", "# the fish"):
        assert kept in text
    s = load_settings(path)
    assert s.hero == (("PokerStars", ("Hero", "Hero2")),)
    assert s.aliases[0][1][-1] == ("Full Tilt Poker", "VB")
    assert s.database == str(tmp_path / "db")
    assert s.folders == (str(tmp_path / "hh"),)


def test_remove_and_unset_take_away_what_they_name(path: Path, tmp_path: Path) -> None:
    change(path, "add", "hero", ["Full Tilt Poker", "HeroFT"])
    change(path, "remove", "hero", ["PokerStars", "Hero"])
    assert load_settings(path).hero == (("Full Tilt Poker", ("HeroFT",)),)
    change(path, "remove", "alias", ["Villain"])
    assert load_settings(path).aliases == ()
    change(path, "add", "folders", [str(tmp_path), "~/hh"])
    change(path, "remove", "folders", [str(tmp_path)])
    assert load_settings(path).folders == ("~/hh",)
    change(path, "unset", "hero", [])
    assert load_settings(path).hero == ()


def test_a_relative_folder_is_kept_absolute(path: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    change(path, "add", "folders", ["hh"])
    assert load_settings(path).folders == (str(tmp_path / "hh"),)


@pytest.mark.parametrize(("args", "said"), [
    (("set", "colour", ["red"]), "no setting 'colour'"),
    (("add", "database", ["x"]), "database takes one folder or URL"),
    (("add", "hero", ["Poker Stars", "Hero"]), "no site 'Poker Stars'"),
    (("add", "hero", ["PokerStars"]), "add hero needs a site and names"),
    (("add", "alias", ["Villain", "VillainB"]), "is not SITE:NAME"),
    (("remove", "hero", ["PokerStars", "Nobody"]), "Nobody is not a hero name at PokerStars"),
    (("remove", "folders", ["/not/there"]), "/not/there is not among the folders"),
    (("remove", "alias", ["Nobody"]), "no alias 'Nobody'"),
    (("add", "alias", ["Other", "PokerStars:VillainA"]),
     "PokerStars:VillainA is in both 'Villain' and 'Other'"),
])
def test_an_edit_that_means_nothing_is_refused_and_the_file_kept(
        path: Path, args: tuple[str, str, list[str]], said: str) -> None:
    with pytest.raises((UsageError, SettingsError), match=said):
        change(path, *args)
    assert path.read_text(encoding="utf-8") == WRITTEN


def test_a_damaged_file_is_not_edited(path: Path) -> None:
    path.write_text("[hero\n", encoding="utf-8")
    with pytest.raises(SettingsError, match="not valid TOML") as caught:
        change(path, "add", "hero", ["PokerStars", "Hero"])
    assert caught.value.line == 1
    assert path.read_text(encoding="utf-8") == "[hero\n"


def test_a_new_file_is_made_in_a_new_folder(tmp_path: Path) -> None:
    path = tmp_path / "config" / "stud-hh" / "settings.toml"
    change(path, "set", "hero", ["Bovada", "[ME]"])
    assert load_settings(path).hero == (("Bovada", ("[ME]",)),)
