"""What a leak costs (stats.leak_costs): the big bets a gap to the field's rate is worth over
the player's opportunities, at the player's own results when taking and passing them (the
field's where the player has too few hands), worked out by hand here; results (W$SD) and
counts (AFq) are not priced, and say why."""

from __future__ import annotations

import pytest
from test_stats import frame

from stud_hh.analysis import stats


def _table() -> list[dict[str, object]]:
    """Ann limps 15 of 25 unopened pots (+2 BB each) and passes 10 (-1 BB each); Bob, the
    field, limps 5 of 20 (+1 BB each), passes 15 (0 BB each). The big bet is 20 cents."""
    rows: list[dict[str, object]] = []
    rows += [{"unopened_opp": True, "limp": True, "net": 40}] * 15
    rows += [{"unopened_opp": True, "limp": False, "net": -20}] * 10
    rows += [{"player": "Bob", "unopened_opp": True, "limp": True, "net": 20}] * 5
    rows += [{"player": "Bob", "unopened_opp": True, "limp": False, "net": 0}] * 15
    return rows


def test_the_cost_of_a_gap_at_the_players_own_results() -> None:
    found = stats.leak_costs(frame(_table()), "Ann", min_n=10).set_index("stat")
    limp = found.loc["limp"]
    assert limp["player"] == pytest.approx(60.0)
    assert limp["field"] == pytest.approx(25.0)
    assert (limp["player_n"], limp["field_n"]) == (25, 20)
    assert limp["done_bb"] == pytest.approx(2.0)
    assert limp["not_done_bb"] == pytest.approx(-1.0)
    # at the field's 25 %: 25 * (0.25 - 0.60) * (2 - (-1)) = -26.25 big bets: limping more
    # than the field won Ann big bets here, so the "cost" is negative
    assert limp["cost_bb"] == pytest.approx(-26.25)
    assert limp["cost_bb_per_100"] == pytest.approx(-26.25 / 25 * 100)
    assert limp["priced_by"] == "own results"


def test_a_branch_the_player_seldom_takes_is_priced_at_the_fields_results() -> None:
    rows = [{"unopened_opp": True, "limp": True, "net": 40}] * 2
    rows += [{"unopened_opp": True, "limp": False, "net": -20}] * 18
    rows += [{"player": "Bob", "unopened_opp": True, "limp": True, "net": 20}] * 10
    rows += [{"player": "Bob", "unopened_opp": True, "limp": False, "net": 0}] * 10
    limp = stats.leak_costs(frame(rows), "Ann", min_n=10).set_index("stat").loc["limp"]
    assert limp["done_bb"] == pytest.approx(1.0)  # Bob's: Ann limped twice only
    assert limp["not_done_bb"] == pytest.approx(-1.0)  # Ann's own, over 18 hands
    assert limp["cost_bb"] == pytest.approx(20 * (0.5 - 0.1) * 2.0)
    assert limp["priced_by"] == "field's when done"


def test_results_and_counts_are_not_priced() -> None:
    rows = [{"saw_4th": True, "saw_showdown": True, "won_at_showdown": i % 2 == 0,
             "bets_later": 1, "calls_later": 1, "net": 20} for i in range(40)]
    rows += [{"player": "Bob", **r, "won_at_showdown": False} for r in rows]
    found = stats.leak_costs(frame(rows), "Ann", min_n=10).set_index("stat")
    assert found.loc["wsd", "priced_by"] == "a result, not a choice"
    assert found.loc["afq", "priced_by"] == "counts, not a choice"
    assert found[["cost_bb", "done_bb"]].loc[["wsd", "afq"]].isna().all().all()


def test_the_columns_of_leaks_are_kept_in_their_order() -> None:
    players = frame(_table())
    assert list(stats.leak_costs(players, "Ann", min_n=10).columns[:8]) == \
        list(stats.leaks(players, "Ann", min_n=10).columns)
