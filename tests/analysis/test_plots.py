"""Figures render: each helper draws on a given ax, and the saved images are not blank."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import matplotlib.image as mpimg
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
import pytest
from helpers import SAMPLES
from test_violations import BASE

from stud_hh.analysis import plots
from stud_hh.store.database import Database, open_db
from stud_hh.store.ingest.run import import_paths


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Database:
    root = tmp_path_factory.mktemp("plots")
    histories = root / "h"
    histories.mkdir()
    for path in SAMPLES.iterdir():
        (histories / path.name).write_bytes(path.read_bytes())
    # one hand with a violation, so the audit plot has something to draw
    (histories / "bad.txt").write_text(BASE.replace("Bob: bets $0.20", "Bob: bets $0.10")
                                       .replace("Cid: raises $0.20 to $0.40",
                                                "Cid: raises $0.30 to $0.40"),
                                       encoding="utf-8")
    import_paths([histories], root / "db", jobs=1)
    return open_db(root / "db")


def assert_drawn(path: Path) -> None:
    assert path.stat().st_size > 5_000
    image = mpimg.imread(path)
    assert image.shape[0] > 200
    assert image.shape[1] > 200
    assert np.std(image[..., :3]) > 0.05  # not a blank canvas


KINDS: dict[str, Callable[[Database], object]] = {
    "winnings": lambda db: plots.cumulative_winnings(db.players(), "Hero"),
    "winnings-money": lambda db: plots.cumulative_winnings(
        db.players(filters=[("currency", "==", "USD")]), "Hero", unit="money"),
    "door-card": lambda db: plots.win_rate_by_door_card(db.players(), "Hero"),
    "streets": lambda db: plots.streets_against_field(db.players(), "Hero"),
    "violations": lambda db: plots.violations_over_time(db.violations(), freq="D"),
}


@pytest.mark.parametrize("kind", KINDS)
def test_figures_render(db: Database, kind: str, tmp_path: Path) -> None:
    ax = KINDS[kind](db)
    target = tmp_path / f"{kind}.png"
    ax.figure.savefig(target)  # type: ignore[attr-defined]
    plt.close("all")
    assert_drawn(target)


def test_helpers_draw_on_the_given_ax(db: Database) -> None:
    figure, axes = plt.subplots(1, 2)
    assert plots.cumulative_winnings(db.players(), "Hero", ax=axes[0]) is axes[0]
    assert plots.violations_over_time(db.violations(), ax=axes[1]) is axes[1]
    assert len(axes[0].lines) == 4  # all, showdown, non-showdown, and the zero line
    assert db.count("violations") > 0
    assert axes[1].patches
    plt.close(figure)


def test_unknown_player_is_explained(db: Database) -> None:
    with pytest.raises(ValueError, match="no hands of 'Nobody'"):
        plots.cumulative_winnings(db.players(), "Nobody")
    with pytest.raises(ValueError, match="no hands of 'Heroo'; did you mean 'Hero'"):
        plots.streets_against_field(db.players(), "Heroo")
    ax = plots.win_rate_by_door_card(db.players(), "hero")  # any case: the stored name
    assert ax.get_title() == "Hero: win rate by door card"
    plt.close("all")


def test_no_violations_draws_a_note() -> None:
    empty = pd.DataFrame({"start_utc": pd.Series([], dtype="datetime64[us, UTC]"),
                          "rule": pd.Series([], dtype="string")})
    ax = plots.violations_over_time(empty)
    assert ax.texts[0].get_text() == "no violations"
    plt.close("all")


def test_money_winnings_draw_a_curve_per_currency(db: Database) -> None:
    """Hero has dollar hands and tournament hands: in money, dollars are one
    curve and each tournament's chips another (chips are never added across tournaments),
    never one sum; in big bets, one curve over every hand."""
    players = db.players()
    hero = players[(players["player"] == "Hero") & players["dealt"]]
    ax = plots.cumulative_winnings(players, "Hero", unit="money")
    curves = {line.get_label(): line for line in ax.get_lines() if line.get_label()[0] != "_"}
    usd = hero[hero["currency"] == "USD"]
    chips = hero[hero["currency"].isna()]
    per = chips.groupby(chips["tournament_id"].astype(str))["net"]
    assert len(per) >= 1
    assert set(curves) == {f"USD ({len(usd)} hands)", *(
        f"chips of tournament {t} ({n} hands)" for t, n in per.size().items())}
    final = curves[f"USD ({len(usd)} hands)"].get_ydata()[-1]
    assert final == pytest.approx((usd["net"] / usd["scale"]).sum())
    for tournament, net in per.sum().items():
        label = f"chips of tournament {tournament} ({per.size()[tournament]} hands)"
        assert curves[label].get_ydata()[-1] == pytest.approx(net)
    plt.close(ax.figure)
    ax = plots.cumulative_winnings(players, "Hero")
    (total,) = [line for line in ax.get_lines() if line.get_label() == "all winnings"]
    assert len(total.get_xdata()) == len(hero)
    plt.close(ax.figure)
