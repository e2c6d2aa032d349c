"""Promise: `config detect` lists the default history folders of each supported client
that exist on this machine, on Windows, macOS and Linux (inside Wine prefixes), with the
screen names their sub-folders show, and `--add` puts them into the settings. Each case
builds a fake home (and Windows environment) in a temporary folder."""

from __future__ import annotations

from pathlib import Path

import pytest

from stud_hh.cli import main
from stud_hh.settings import ENV, load_settings
from stud_hh.settings.detect import PLACES, detect


def _folder(path: Path, *accounts: str) -> Path:
    path.mkdir(parents=True)
    for account in accounts:
        (path / account).mkdir()
    return path


def test_wine_prefixes_are_searched_on_linux(tmp_path: Path) -> None:
    home = tmp_path / "home"
    drive = home / ".wine" / "drive_c"
    stars = _folder(drive / "Program Files" / "PokerStars" / "HandHistory", "Hero", "TournSummary")
    ftp = _folder(drive / "Program Files (x86)" / "Full Tilt Poker" / "HandHistory", "HeroFT")
    other = tmp_path / "games"  # a second prefix, named by $WINEPREFIX
    wmx = _folder(other / "drive_c" / "users" / "me" / "AppData" / "Roaming" / "Winamax" /
                  "accounts" / "HeroW" / "history")
    acr = _folder(drive / "ACR Poker" / "handHistory", "HeroACR")
    found = detect("linux", {"HOME": str(home), "WINEPREFIX": str(other)}, home)
    by_folder = {f.folder: f for f in found}
    assert set(by_folder) == {stars, ftp, wmx, acr}
    assert by_folder[stars].accounts == ("Hero",)  # TournSummary is no screen name
    assert by_folder[stars].place.site == "PokerStars"
    assert by_folder[ftp].place.site == "Full Tilt Poker"
    assert by_folder[wmx].accounts == ("HeroW",)
    assert by_folder[wmx].where == f"Wine ({other})"
    assert by_folder[acr].place.site == "Winning Poker Network"


def test_macos_places_are_under_the_home_folder(tmp_path: Path) -> None:
    support = tmp_path / "Library" / "Application Support"
    stars = _folder(support / "PokerStarsFR" / "HandHistory", "HeroFR")
    ipoker = _folder(support / "PMU Poker" / "data" / "1234" / "History" / "Data")
    ignition = _folder(tmp_path / "Ignition Casino Poker" / "Hand History")
    found = detect("macos", {"HOME": str(tmp_path)}, tmp_path)
    assert [(f.folder, f.place.client, f.accounts) for f in found] == [
        (stars, "PokerStars.FR", ("HeroFR",)), (ipoker, "PMU Poker", ("1234",)),
        (ignition, "Ignition Casino Poker", ())]
    assert {f.where for f in found} == {"macOS"}


def test_windows_places_come_from_the_environment(tmp_path: Path) -> None:
    local = tmp_path / "Users" / "me" / "AppData" / "Local"
    stars = _folder(local / "PokerStars" / "HandHistory", "Hero")
    party = _folder(tmp_path / "Programs" / "PartyGaming" / "PartyPoker" / "HandHistory",
                    "HeroP", "XMLHandHistory")
    env = {"LOCALAPPDATA": str(local), "APPDATA": str(tmp_path / "none"),
           "USERPROFILE": str(tmp_path / "Users" / "me"),
           "ProgramFiles": str(tmp_path / "Program Files"), "SystemDrive": str(tmp_path)}
    found = detect("windows", env, tmp_path)
    assert [(f.place.site, f.accounts) for f in found] == [("PokerStars", ("Hero",)),
                                                           ("PartyPoker", ("HeroP",))]
    assert found[1].folder.resolve() == party.resolve()
    assert found[0].folder == stars


def test_nothing_found_says_so(tmp_path: Path) -> None:
    assert detect("linux", {"HOME": str(tmp_path)}, tmp_path) == []


def test_every_place_names_its_source_and_a_known_site() -> None:
    from stud_hh.settings.file import SITES

    assert {p.site for p in PLACES} <= set(SITES)
    assert all(p.source for p in PLACES)
    assert {p.system for p in PLACES} == {"windows", "macos"}


def test_config_detect_add_puts_the_folders_into_the_settings(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    stars = _folder(home / ".wine" / "drive_c" / "Program Files" / "PokerStars" /
                    "HandHistory", "Hero")
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.delenv("WINEPREFIX", raising=False)
    monkeypatch.setattr("stud_hh.settings.detect.this_system", lambda: "linux")
    settings = tmp_path / "settings.toml"
    monkeypatch.setenv(ENV, str(settings))
    assert main(["config", "detect"]) == 0
    out = capsys.readouterr().out
    assert f"PokerStars (PokerStars, Wine ({home / '.wine'})): {stars}  (screen names: Hero)" \
        in out
    assert "if Hero is you: stud-hh config add hero PokerStars Hero" in out
    assert not settings.exists()  # detect alone changes nothing
    assert main(["config", "detect", "--add"]) == 0
    assert load_settings(settings).folders == (str(stars),)
    assert main(["config", "detect", "--add"]) == 0  # again: nothing added twice
    assert load_settings(settings).folders == (str(stars),)


def test_the_documented_places_are_the_ones_looked_for() -> None:
    from stud_hh.settings.detect import places_markdown

    doc = (Path(__file__).resolve().parents[2] / "docs" / "settings.md").read_text(
        encoding="utf-8")
    start = doc.index("<!-- the table is generated: python -m stud_hh.settings.detect -->\n")
    end = doc.index("<!-- end of the generated table -->")
    assert doc[doc.index("\n", start) + 1:end] == places_markdown(), (
        "docs/settings.md is stale: paste `python -m stud_hh.settings.detect` into it")
