"""Statistics: each ratio is its done count over its opportunity count, by any grouping."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from helpers import SAMPLES

from stud_hh.analysis import stats
from stud_hh.store.database import Database, open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.schema import TABLES
from stud_hh.store.select import Selection, SelectionError, UnknownPlayerError


def frame(rows: list[dict[str, object]]) -> pd.DataFrame:
    """A players table of ``rows`` over all-false/zero defaults."""
    base: dict[str, object] = {}
    for c in TABLES["players"].columns:
        kind = str(c.type)
        base[c.name] = False if kind == "bool" else 0 if kind.startswith("int") else None
    base.update(dealt=True, game="stud", currency="USD", scale=100, big_bet=20, player="Ann")
    data = pd.DataFrame([{**base, **r} for r in rows])
    data["start_utc"] = pd.to_datetime(data["start_utc"], utc=True)
    return data


def test_vpip_counts_its_opportunities() -> None:
    players = frame([
        {"vpip_opp": True, "vpip": True},
        {"vpip_opp": True, "vpip": False},
        {"vpip_opp": True, "vpip": True},
        {"vpip_opp": False, "all_in_ante": True},  # no 3rd-street decision
        {"player": "Bob", "vpip_opp": True},
    ])
    result = stats.ratios(players, stats.SUMMARY, by=["player"])
    assert result.loc["Ann", "vpip"] == pytest.approx(200 / 3)
    assert result.loc["Ann", "vpip_n"] == 3
    assert result.loc["Bob", "vpip"] == 0
    assert result.loc["Bob", "vpip_n"] == 1


def test_a_ratio_without_opportunities_is_missing_not_zero() -> None:
    result = stats.ratios(frame([{"vpip_opp": True}]), stats.SUMMARY)
    assert np.isnan(result.loc["Ann", "steal"])
    assert result.loc["Ann", "steal_n"] == 0


def test_aggression_factor_and_frequency() -> None:
    players = frame([
        {"bets_later": 2, "raises_later": 1, "calls_later": 2, "folds_later": 1},
        {"bets_later": 1, "calls_later": 1},
    ])
    result = stats.ratios(players, stats.SUMMARY)
    assert result.loc["Ann", "af"] == pytest.approx(4 / 3)
    assert result.loc["Ann", "afq"] == pytest.approx(100 * 4 / 8)
    assert result.loc["Ann", "afq_n"] == 8


def test_money_in_big_bets_and_showdown_split() -> None:
    players = frame([
        {"net": 40, "saw_showdown": True, "rake_share": 2},
        {"net": -10},
        {"net": -10, "currency": None, "scale": 1, "big_bet": 200, "tournament": True},
    ])
    result = stats.money(players)  # dollars and tournament chips: a row per unit
    usd, chips = result.loc[("Ann", "USD")], result.loc[("Ann", "tournament chips")]
    assert (usd["hands"], chips["hands"]) == (2, 1)
    assert usd["net"] == pytest.approx(0.30)
    assert np.isnan(chips["net"])  # chips of no one tournament: in big bets only
    assert usd["rake_paid"] == pytest.approx(0.02)
    assert usd["net_bb"] == pytest.approx(2 - 0.5)
    assert chips["net_bb"] == pytest.approx(-0.05)
    assert usd["net_bb_showdown"] == pytest.approx(2)
    assert usd["net_bb_no_showdown"] == pytest.approx(-0.5)
    assert usd["bb_per_100"] == pytest.approx(100 * 1.5 / 2)
    assert not result.loc[("Ann", "USD")].isna().any()
    # big bets add up across units when asked for them alone
    whole = stats.money(players, per_unit=False).loc["Ann"]
    assert whole["hands"] == 3
    assert whole["net_bb"] == pytest.approx(2 - 0.5 - 0.05)
    assert "net" not in whole
    by_currency = stats.money(players, by=["player", "currency"])
    assert by_currency.loc[("Ann", "USD"), "net"] == pytest.approx(0.30)
    assert by_currency.loc[("Ann", "USD"), "rake_paid"] == pytest.approx(0.02)
    assert len(by_currency) == 2  # chips (no currency) keep their own row


def test_tournament_chips_are_never_added_across_tournaments() -> None:
    """Two tournaments' chips (1,500 won in one, 800 lost in the other) and play-money chips:
    the tournaments' net is given per tournament only, in big bets across them; play
    money is a unit apart from them and from real money."""
    players = frame([
        {"net": 1500, "currency": None, "scale": 1, "big_bet": 100, "tournament": True,
         "tournament_id": "1"},
        {"net": -800, "currency": None, "scale": 1, "big_bet": 400, "tournament": True,
         "tournament_id": "2"},
        {"net": 300, "currency": None, "scale": 1, "big_bet": 100},  # play money
        {"net": 40},
    ])
    result = stats.money(players)
    assert set(result.index.get_level_values("unit")) == {"tournament chips", "chips", "USD"}
    chips = result.loc[("Ann", "tournament chips")]
    assert np.isnan(chips["net"])
    assert np.isnan(chips["rake_paid"])
    assert np.isnan(chips["ev_net"])
    assert np.isnan(chips["luck"])
    assert chips["net_bb"] == pytest.approx(15 - 2)
    assert result.loc[("Ann", "chips"), "net"] == pytest.approx(300)
    apart = stats.money(players, by=["player", "tournament_id"])
    assert apart.loc[("Ann", "1", "tournament chips"), "net"] == pytest.approx(1500)
    assert apart.loc[("Ann", "2", "tournament chips"), "net"] == pytest.approx(-800)
    # a tournament hand read before schema 3 (no tournament_id) stays out of any one
    old = frame([{"net": 1500, "currency": None, "scale": 1, "tournament": True}])
    assert np.isnan(stats.money(old, by=["player", "tournament_id"])["net"]).all()


def test_no_limit_hands_are_left_out_of_big_bets_and_counted() -> None:
    """A no-limit hand (stored with no big bet) and a pot-limit one beside two fixed-limit
    hands: big bets and BB/100 over the two fixed-limit hands, the two others counted as
    left out; grouped by game, each limit apart; a row of no-limit hands only has no
    big-bet figures. A row read before schema 3 (no limit) keeps its big bet."""
    players = frame([
        {"net": 40}, {"net": -10},
        {"net": 500, "limit": "no_limit", "big_bet": 0, "stakes": "NL $0.10"},
        {"net": -90, "limit": "pot", "big_bet": 0},
        {"net": 20, "limit": None},
    ])
    whole = stats.player_summary(players).loc["Ann"]
    assert whole["hands"] == 5
    assert whole["bb_left_out"] == 2
    assert whole["net"] == pytest.approx(4.60)  # money is money, whatever the limit
    assert whole["net_bb"] == pytest.approx(2 - 0.5 + 1)
    assert whole["bb_per_100"] == pytest.approx(2.5 / 3 * 100)
    assert whole["ev_bb_per_100"] == pytest.approx(2.5 / 3 * 100)
    by_game = stats.player_summary(players, by=["player", "game"])
    assert sorted(by_game.index.get_level_values("game")) == ["stud", "stud NL", "stud PL"]
    nl = by_game.loc[("Ann", "stud NL")]
    assert (nl["hands"], nl["bb_left_out"], nl["net"]) == (1, 1, pytest.approx(5.0))
    for column in ("net_bb", "net_bb_showdown", "bb_per_100", "sb_per_100", "ev_net_bb",
                   "luck_bb", "ev_bb_per_100"):
        assert np.isnan(nl[column]), column
    assert by_game.loc[("Ann", "stud"), "bb_left_out"] == 0
    # the grouping labels; the flags that read the game still see its code
    hilo = frame([{"game": "stud8", "limit": "no_limit", "big_bet": 0, "saw_showdown": True,
                   "scoop_whole": True}])
    found = stats.player_summary(hilo, by=["player", "game"]).loc[("Ann", "stud8 NL")]
    assert (found["scoop_whole"], found["scoop_whole_n"]) == (100.0, 1)


def test_one_unit_keeps_one_row_per_group() -> None:
    result = stats.money(frame([{"net": 40}, {"net": -10}]))
    assert list(result.index) == ["Ann"]
    assert result.loc["Ann", "unit"] == "USD"
    assert result.loc["Ann", "net"] == pytest.approx(0.30)


def test_groupings_by_date_and_door_card() -> None:
    players = frame([
        {"start_utc": "2026-03-01T10:00Z", "door_rank": "A", "game": "razz", "vpip_opp": True},
        {"start_utc": "2026-03-01T23:00Z", "door_rank": "A", "game": "stud", "vpip_opp": True},
        {"start_utc": "2026-03-02T01:00Z", "door_rank": "7", "vpip_opp": True},
    ])
    by_date = stats.player_summary(players, by=["date"], hilo=False)
    assert dict(by_date["hands"]) == {"2026-03-01": 2, "2026-03-02": 1}
    groups = stats.door_group(players)
    assert list(groups) == ["low A-5", "high T-A", "middle 6-9"]


def test_sessions_split_at_long_pauses() -> None:
    players = frame([
        {"start_utc": "2026-03-01T10:00Z"},
        {"start_utc": "2026-03-01T10:20Z"},
        {"start_utc": "2026-03-01T11:30Z"},  # a pause of 70 minutes: a new session
        {"player": "Bob", "start_utc": "2026-03-01T10:10Z"},
    ])
    summary = stats.player_summary(players, by=["player", "session"], hilo=False)
    assert dict(summary["hands"]) == {("Ann", "2026-03-01 10:00"): 2,
                                      ("Ann", "2026-03-01 11:30"): 1,
                                      ("Bob", "2026-03-01 10:10"): 1}


def test_a_session_has_its_length_and_hourly_rates() -> None:
    players = frame([
        {"start_utc": "2026-03-01T10:00Z", "net": 300},
        {"start_utc": "2026-03-01T10:20Z", "net": -100},
        {"start_utc": "2026-03-01T10:30Z", "net": 100},
        {"start_utc": "2026-03-01T12:00Z", "net": 40},   # a new session of one hand
        {"start_utc": None, "net": 20},                  # undated: a session of its own
    ])
    summary = stats.player_summary(players, by=["player", "session"], hilo=False)
    assert list(summary.index.get_level_values("session")) == [
        "2026-03-01 10:00", "2026-03-01 12:00", stats.UNDATED]  # in the order played
    first = summary.loc[("Ann", "2026-03-01 10:00")]
    assert first["hands"] == 3
    assert first["minutes"] == 30
    assert first["net"] == pytest.approx(3.00)
    assert first["net_per_hour"] == pytest.approx(6.00)
    assert first["bb_per_hour"] == pytest.approx(15 / 0.5)
    single = summary.loc[("Ann", "2026-03-01 12:00")]
    assert single["minutes"] == 0
    assert np.isnan(single["net_per_hour"])  # no length, no rate
    assert np.isnan(summary.loc[("Ann", stats.UNDATED), "minutes"])


def test_hilo_block_uses_hilo_showdowns() -> None:
    players = frame([
        {"game": "stud8", "saw_showdown": True, "scoop_whole": True, "scoop_both": True},
        {"game": "stud8", "saw_showdown": True, "split": True, "quartered": True},
        {"game": "stud8", "saw_showdown": False},
        {"game": "stud", "saw_showdown": True},
    ])
    result = stats.hilo_summary(players)
    assert result.loc["Ann", "scoop_whole_n"] == 2
    assert result.loc["Ann", "scoop_whole"] == 50
    assert result.loc["Ann", "quartered"] == 50


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Database:
    root = tmp_path_factory.mktemp("stats") / "db"
    import_paths([SAMPLES], root, jobs=1)
    return open_db(root)


def test_summary_from_a_database_matches_the_flags(db: Database) -> None:
    players = db.players(columns=stats.required_columns(["player", "game", "unit"]))
    summary = stats.player_summary(players, by=["player", "game", "unit"])
    hero = db.players(filters=[("player", "==", "Hero"), ("dealt", "==", True)])
    hero["unit"] = stats.money_unit(hero["currency"], hero["tournament"])
    for (game, unit), rows in hero.groupby(["game", "unit"], observed=True):
        row = summary.loc[("Hero", game, unit)]
        assert row["hands"] == len(rows)
        assert row["vpip_n"] == rows["vpip_opp"].sum()
        assert row["vpip"] == pytest.approx(100 * rows["vpip"].sum() / rows["vpip_opp"].sum())
        assert row["net_bb"] == pytest.approx((rows["net"] / rows["big_bet"]).sum())
    every = stats.player_summary(db.players())
    assert every["hands"].sum() == db.players(columns=["dealt"])["dealt"].sum()


def test_street_frequencies_and_versus_field(db: Database) -> None:
    players = db.players()
    streets = stats.street_frequencies(players[players["player"] == "Hero"])
    hero = players[(players["player"] == "Hero") & players["dealt"]]
    assert streets.loc[("Hero", "5th"), "bets"] == hero["bets_5th"].sum()
    assert streets.loc[("Hero", "4th"), "saw"] == hero["saw_4th"].sum()
    versus = stats.versus_field(players, "hero")  # any case: the name as stored
    assert list(versus.columns) == ["label", "Hero", "Hero_n", "field", "field_n"]
    others = players[(players["player"] != "Hero") & players["dealt"]]
    assert versus.loc["vpip", "field_n"] == others["vpip_opp"].sum()
    assert versus.loc["vpip", "Hero"] == pytest.approx(
        100 * hero["vpip"].sum() / hero["vpip_opp"].sum())
    # the counts are whole numbers, not 3.0: a table of ratios keeps its counts apart
    assert str(versus["Hero_n"].dtype) == str(versus["field_n"].dtype) == "int64"


@pytest.mark.parametrize("ratio", stats.SUMMARY + stats.HILO + stats.STREET_RATIOS,
                         ids=lambda r: r.name)
def test_done_never_exceeds_its_opportunity(db: Database, ratio: stats.Ratio) -> None:
    """Per player-hand, every done flag implies its opportunity (percentages stay <= 100)."""
    players = db.players()
    players = players[players["dealt"]]
    for name, (_, derive) in stats.DERIVED_FLAGS.items():
        players[name] = derive(players)

    def total(part: str | tuple[str, ...]) -> pd.Series:
        columns = [part] if isinstance(part, str) else list(part)
        return players[columns].astype("int64").sum(axis=1)

    if ratio.percent:
        assert (total(ratio.done) <= total(ratio.opportunity)).all()


def test_unknown_grouping_is_explained() -> None:
    with pytest.raises(SelectionError, match="cannot group by 'colour': group by player, site, "
                       "game, stakes"):
        stats.player_summary(frame([{}]), by=["colour"])
    with pytest.raises(SelectionError, match="did you mean 'stakes'"):
        stats.check_by(["stake"])


def test_required_columns_are_enough(db: Database) -> None:
    columns = stats.required_columns(["player", "month", "door_group"])
    assert "start_utc" in columns
    players = db.players(columns=columns)
    summary = stats.player_summary(players, by=["player", "month", "door_group"])
    assert summary["hands"].sum() == players["dealt"].sum()


def test_empty_players_give_an_empty_summary(tmp_path: Path) -> None:
    summary = stats.player_summary(frame([{}]).iloc[0:0])
    assert summary.empty


def test_a_hand_whose_stakes_nothing_shows_adds_money_but_no_big_bets() -> None:
    """Bovada hands with no sized bet have big bet 0: no division by zero, no big bets."""
    players = frame([{"net": 40, "big_bet": 20}, {"net": 30, "big_bet": 0}])
    summary = stats.money(players)
    assert summary.loc["Ann", "net_bb"] == pytest.approx(2.0)
    assert summary.loc["Ann", "net"] == pytest.approx(0.7)
    assert summary.loc["Ann", "hands"] == 2


def test_statistics_take_the_filters_of_stats(db: Database) -> None:
    """The keywords (or a Selection) narrow the rows as the database readers do, and
    ``min_hands`` the summary's rows, as ``stud-hh stats`` does."""
    players = db.players()
    narrowed = stats.player_summary(players, player="hero", game="razz")
    read = stats.player_summary(db.players(player="Hero", game="razz"))
    pd.testing.assert_frame_equal(narrowed, read)
    assert narrowed["hands"].sum() == len(db.players(player="Hero", game="razz",
                                                     filters=[("dealt", "==", True)]))
    chosen = Selection(tournament=False, player="Hero")
    pd.testing.assert_frame_equal(stats.money(players, select=chosen),
                                  stats.money(db.players(select=chosen)))
    assert list(stats.money(players, cash=True).index.get_level_values("player")) == \
        list(stats.money(players, cash=True).index)  # one unit: no unit level
    every = stats.player_summary(players)
    big = stats.player_summary(players, min_hands=10)
    assert (big["hands"] >= 10).all()
    assert len(big) == (every["hands"] >= 10).sum() > 0
    ratios = stats.ratios(players, stats.SUMMARY[:1], min_hands=10)
    assert list(ratios.index) == sorted(big.index.get_level_values("player"))
    streets = stats.street_frequencies(players, min_hands=10)
    assert set(streets.index.get_level_values("player")) == \
        set(big.index.get_level_values("player"))
    with pytest.raises(SelectionError, match="no hands of site 'pokerstar'; did you mean"):
        stats.hilo_summary(players, site="pokerstar")


def test_a_player_against_the_field_is_matched_as_typed(db: Database) -> None:
    players = db.players()
    razz = stats.versus_field(players, "hero", game="razz")
    rows = players[players["dealt"] & (players["game"] == "razz")]
    assert razz.loc["vpip", "Hero_n"] == rows.loc[rows["player"] == "Hero", "vpip_opp"].sum()
    assert razz.loc["vpip", "field_n"] == rows.loc[rows["player"] != "Hero", "vpip_opp"].sum()
    with pytest.raises(UnknownPlayerError, match="no hands of 'Heroo'; did you mean 'Hero'"):
        stats.leaks(players, "Heroo")
    with pytest.raises(SelectionError, match="give the player as the argument"):
        stats.versus_field(players, "Hero", select=Selection(player="Hero"))
    assert not stats.leaks(players, "HERO", min_n=3, cash=True).empty


@pytest.mark.parametrize("by", [("player",), ("player", "game")])
def test_groups_with_as_many_hands_come_in_one_order(db: Database, by: tuple[str, ...]
                                                     ) -> None:
    """However the database's parts order the rows (two imports commit in whatever order
    their workers finish), ties in hands are listed by their keys."""
    players = db.players()
    summary = stats.player_summary(players, by=by)
    assert summary["hands"].duplicated().any()  # there are ties to order
    for seed in (1, 2):
        shuffled = players.sample(frac=1.0, random_state=seed).reset_index(drop=True)
        for column in shuffled.select_dtypes("category"):  # as read from other parts: the
            values = shuffled[column].astype(object)  # categories in first-seen order
            shuffled[column] = pd.Categorical(values, categories=pd.unique(values.dropna()))
        again = stats.player_summary(shuffled, by=by)
        assert list(again.index) == list(summary.index)
        pd.testing.assert_frame_equal(again.reset_index(), summary.reset_index(),
                                      check_categorical=False)
