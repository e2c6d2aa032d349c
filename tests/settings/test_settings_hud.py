"""Promise: the live HUD's colour thresholds are settings like the others: a `[hud]` table
read and checked line by line, changed by `config set hud` or the app's form keeping the
rest of the file, and each statistic of the HUD is one the statistics define."""

from __future__ import annotations

from pathlib import Path

import pytest

from stud_hh.analysis.stats import STREET_RATIOS, SUMMARY
from stud_hh.model.errors import SettingsError, UsageError
from stud_hh.settings import load_settings
from stud_hh.settings.edit import change, set_hud
from stud_hh.settings.file import parse_settings
from stud_hh.settings.hud import DEFAULTS, STATS, colour
from stud_hh.settings.text import settings_text


def test_every_hud_statistic_is_a_statistic_of_the_summary() -> None:
    known = {r.name: r for r in (*SUMMARY, *STREET_RATIOS)}
    assert set(STATS) <= set(known)
    for name, (low, high) in STATS.items():
        assert low < high, name
        assert known[name].percent == (name != "af")


def test_the_file_sets_some_thresholds_and_the_rest_stay_default() -> None:
    settings = parse_settings("[hud]\nvpip = [18, 35.5]\nmin_sample = 4\n", Path("s.toml"))
    assert settings.hud.of("vpip") == (18.0, 35.5)
    assert settings.hud.of("af") == DEFAULTS.of("af")
    assert settings.hud.min_sample == 4
    assert colour(settings.hud, "vpip", 17.9, 4) == "low"
    assert colour(settings.hud, "vpip", 36.0, 4) == "high"
    assert colour(settings.hud, "vpip", 30.0, 4) == "mid"
    assert colour(settings.hud, "vpip", 30.0, 3) == "few"
    assert colour(settings.hud, "vpip", None, 0) == "none"
    assert "hud: vpip = [18, 35.5], min_sample = 4" in settings_text(settings)


@pytest.mark.parametrize(("text", "why"), [
    ("hud = 3\n", ":1: hud: a table of statistics"),
    ("[hud]\nvpipp = [1, 2]\n", ":2: hud: no statistic 'vpipp'; did you mean 'vpip'?"),
    ("[hud]\nvpip = [40, 20]\n", ":2: hud: vpip: the low threshold (40) is above the high"),
    ("[hud]\naf = 2\n", ":2: hud: af: two numbers, [LOW, HIGH], not 2"),
    ("[hud]\nwtsd = [1, true]\n", ":2: hud: wtsd: two numbers"),
    ("[hud]\nmin_sample = -1\n", ":2: hud: min_sample is a whole number"),
])
def test_a_wrong_hud_table_is_named_at_its_line(text: str, why: str) -> None:
    with pytest.raises(SettingsError) as caught:
        parse_settings(text, Path("s.toml"))
    assert why in str(caught.value)


def test_config_and_the_app_change_the_hud_keeping_the_rest(tmp_path: Path) -> None:
    path = tmp_path / "settings.toml"
    path.write_text('# mine\n[hero]\nPokerStars = ["Hero"]\n', encoding="utf-8")
    assert change(path, "set", "hud", ["vpip", "18", "33"]) == "hud: vpip = [18, 33]"
    assert change(path, "set", "hud", ["min_sample", "5"]) == "hud: min_sample = 5"
    assert set_hud(path, {"af": (1.25, 2.0), "vpip": (15.0, 30.0)}, 8) == \
        "hud: af = [1.25, 2]; hud: vpip = [15, 30]; hud: min_sample = 8"
    settings = load_settings(path)
    assert (settings.hud.of("vpip"), settings.hud.of("af"), settings.hud.min_sample) == \
        ((15.0, 30.0), (1.25, 2.0), 8)
    text = path.read_text(encoding="utf-8")
    assert "# mine" in text
    assert "vpip = [15, 30]" in text
    assert change(path, "unset", "hud", ["vpip"]) == "hud: vpip unset (its default)"
    assert load_settings(path).hud.of("vpip") == DEFAULTS.of("vpip")
    assert change(path, "unset", "hud", []).startswith("hud: unset")
    assert load_settings(path).hud == DEFAULTS
    assert load_settings(path).hero_pairs() == (("PokerStars", "Hero"),)


@pytest.mark.parametrize(("values", "why"), [
    (["colour", "1", "2"], "no HUD statistic 'colour'"),
    (["vpip", "40", "20"], "above the high"),
    (["vpip", "x", "20"], "two numbers"),
    (["min_sample", "-3"], "one whole number"),
])
def test_config_refuses_a_hud_edit_that_means_nothing(tmp_path: Path, values: list[str],
                                                      why: str) -> None:
    path = tmp_path / "settings.toml"
    with pytest.raises(UsageError, match=why):
        change(path, "set", "hud", values)
    assert not path.exists()
