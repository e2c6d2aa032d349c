"""The audit computed by DuckDB equals the pandas audit functions, selection by selection,
on a database with every kind of finding: the corpus (many sites, undated hands, checks
the text cannot decide, a text that cannot be read, a hand that does not balance) and two
simulated sessions breaking a rule in a third of their hands (root causes and their
consequences)."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pandas as pd
import pytest

from stud_hh.analysis import audit
from stud_hh.analysis.audit_duck import UNBALANCED_SQL, DuckAudit, Narrow, keep_unbalanced
from stud_hh.analysis.html.audit_report import period_freq
from stud_hh.model.events import Game
from stud_hh.sim.session import SimConfig, write_session
from stud_hh.store.database import Database, open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.select import Selection, SelectionError
from stud_hh.store.sql import connect


def injected_histories(folder: Path) -> Path:
    """Two sessions breaking a rule in a third of their hands: cash stud, a razz
    tournament."""
    folder.mkdir(parents=True, exist_ok=True)
    write_session(SimConfig(game=Game.STUD, hands=240, players=7, seed=71, inject="all",
                            inject_rate=0.3), folder / "stud.txt")
    write_session(SimConfig(game=Game.RAZZ, hands=160, players=6, seed=72, tournament=True,
                            inject="all", inject_rate=0.3), folder / "razz.txt")
    return folder


@pytest.fixture(scope="module")
def db(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Database:
    root = tmp_path_factory.mktemp("audit-duck")
    import_paths([corpus, injected_histories(root / "sim")], root / "db", jobs=1)
    return open_db(root / "db")


@pytest.fixture(scope="module")
def con(db: Database) -> Iterator[Any]:
    with connect(db) as connection:
        yield connection


SELECTIONS = [
    {}, {"site": "PokerStars"}, {"game": "razz"}, {"cash": True}, {"tournament": True},
    {"player": "hero"}, {"site": ["KingsClub", "Winamax"]}, {"stakes": "$0.10/$0.20"},
    {"since": "2026-01-01"}, {"until": "2015-01-01", "site": "pokerstars"},
]


def _quiet(call: Any, *args: Any, **kwargs: Any) -> Any:
    """A pandas audit function's answer (a date filter warns of the undated hands)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return call(*args, **kwargs)


@pytest.mark.parametrize("given", SELECTIONS, ids=str)
def test_every_table_is_the_pandas_audits(db: Database, con: Any, given: dict[str, Any]
                                          ) -> None:
    select = Selection().where(**given)
    with DuckAudit(con.cursor(), select) as duck:
        units, sites, tally = duck.counts()
        expected_units = _quiet(audit.money_by_unit, db, select)
        pd.testing.assert_frame_equal(units, expected_units, check_exact=False, atol=0.011,
                                      check_index_type=False, check_names=False)
        pd.testing.assert_frame_equal(sites, _quiet(audit.violations_by_site, db, select),
                                      check_index_type=False, check_names=False)
        assert tally == _quiet(audit.tally, db, select)
        pd.testing.assert_frame_equal(duck.violations_by_rule(),
                                      _quiet(audit.violations_by_rule, db, select),
                                      check_index_type=False, check_names=False)
        starts = _quiet(db.violations, columns=["start_utc"], select=select)["start_utc"]
        freq = period_freq(starts)
        assert duck.period_freq() == freq
        by_table = duck.violations_by_table(freq)
        expected = _quiet(audit.violations_by_table, db, freq, select)
        if expected.empty:
            assert by_table.empty
        else:
            pd.testing.assert_frame_equal(by_table, expected, check_names=False,
                                          check_column_type=False, check_index_type=False)
        balance = duck.balance_checks()
        expected_balance = _quiet(audit.balance_checks, db, select)
        assert list(balance.columns) == list(expected_balance.columns)
        money = ["hand_id", "pot", "put_in", "net", "rake", "rake_share", "nets_ok"]
        assert balance[money].values.tolist() == expected_balance.sort_values(
            ["site", "hand_id"])[money].values.tolist()


@pytest.mark.parametrize("given", SELECTIONS, ids=str)
def test_the_rows_are_the_selections_own(db: Database, con: Any, given: dict[str, Any]
                                         ) -> None:
    select = Selection().where(**given)
    expected = _quiet(db.violations, select=select)
    with DuckAudit(con.cursor(), select) as duck:
        rows = duck.violations()
        assert duck.count_violations() == (len(expected),
                                           int(expected["follows_line"].notna().sum()))
        checks, total = duck.unverifiable()
        per_rule = duck.unverifiable_by_rule()
    key = ["site", "hand_id", "line", "rule"]
    mine = rows[key].astype(str).values.tolist()
    assert mine == sorted(mine)  # by site, hand, line and rule
    assert sorted(mine) == sorted(expected[key].astype(str).values.tolist())
    expected_checks = _quiet(audit.unverifiable_checks, db, quote=False, select=select)
    assert total == len(checks) == len(expected_checks)
    shown = ["site", "hand_id", "line", "rule", "reason", "file"]
    expected_checks = expected_checks.astype({"site": str, "rule": str}).sort_values(
        ["site", "hand_id", "line", "rule"])  # ties of a line by rule, as the query
    assert checks[shown].astype(str).values.tolist() == \
        expected_checks[shown].astype(str).values.tolist()
    assert per_rule["checks"].sum() == len(expected_checks)


def test_a_selection_narrows_and_the_simulated_sessions_break_rules(db: Database,
                                                                    con: Any) -> None:
    """The test above means something: these selections differ, and the sessions hold
    root causes and consequences, a hand that does not balance and undecidable checks."""
    with DuckAudit(con.cursor()) as everything:
        _, _, whole = everything.counts()
        assert whole.violations > 100
        assert whole.following >= 1
        assert whole.unbalanced >= 1
        assert whole.unverifiable >= 1
        assert whole.failures == 1
    with DuckAudit(con.cursor(), Selection().where(game="razz")) as razz:
        assert 0 < razz.tally().violations < whole.violations


def test_a_drill_down_lists_what_its_count_counts(db: Database, con: Any) -> None:
    with DuckAudit(con.cursor()) as duck:
        rules = duck.violations_by_rule()
        by_table = duck.violations_by_table("D")
        rule = str(rules.index[0])
        for each in (rule, str(rules[rules["following"] > 0].index[0])):
            for kind, column in (("", "violations"), ("root", "root_causes"),
                                 ("following", "following")):
                narrow = Narrow(rule=each, kind=kind)
                assert duck.count_violations(narrow)[0] == rules.loc[each, column]
                assert len(duck.violations(narrow)) == rules.loc[each, column]
        (table, period), row = next(iter(by_table.iterrows()))
        cell = Narrow(table=str(table), period=str(period), freq="D")
        assert duck.count_violations(cell)[0] == row.sum()
        roots = Narrow(table=str(table), period=str(period), rule=rule, kind="root")
        assert duck.count_violations(roots)[0] == row.get(rule, 0)
        page = duck.violations(Narrow(rule=rule), limit=3, offset=2)
        assert page.values.tolist() == duck.violations(Narrow(rule=rule)).iloc[2:5] \
            .values.tolist()


def test_undated_hands_and_periods(db: Database, con: Any) -> None:
    """The corpus's sites that print no time zone: their violations are in the period
    ``undated``, a date filter leaves their hands out and says how many."""
    with DuckAudit(con.cursor()) as duck:
        undated = duck.violations(Narrow(period="undated"))
        assert len(undated)
        assert undated["start_utc"].isna().all()
        for freq in ("W", "M"):
            by_table = duck.violations_by_table(freq)
            for (table, period), row in by_table.iterrows():
                cell = Narrow(table=str(table), period=str(period), freq=freq)
                assert duck.count_violations(cell)[0] == row.sum(), (freq, table, period)
    dated = Selection().where(since="2000-01-01")
    with DuckAudit(con.cursor(), dated) as duck:
        expected = db.hands(columns=["start_utc"])["start_utc"].isna().sum()
        assert duck.undated() == expected > 0


def test_the_kept_unbalanced_hands_are_the_querys(con: Any) -> None:
    cur = con.cursor()
    name = keep_unbalanced(cur)
    assert keep_unbalanced(cur) == name  # made once
    kept = cur.execute(f"SELECT * FROM {name} ORDER BY site, hand_id").df()
    fresh = cur.execute(f"SELECT * FROM ({UNBALANCED_SQL}) ORDER BY site, hand_id").df()
    pd.testing.assert_frame_equal(kept, fresh)
    with DuckAudit(cur, unbalanced=name) as duck:
        assert duck.tally().unbalanced == len(kept)


@pytest.mark.parametrize(("given", "words"), [
    ({"rule": "bet.nonsense"}, "no rule 'bet.nonsense'"),
    ({"kind": "roots"}, "kind: root or following"),
    ({"period": "March"}, "period: a date"),
    ({"freq": "Y"}, "freq: D, W or M"),
])
def test_a_drill_down_naming_nothing_says_so(given: dict[str, str], words: str) -> None:
    with pytest.raises(SelectionError, match=words):
        Narrow(**given)


def test_a_selection_naming_nothing_says_so(con: Any) -> None:
    with pytest.raises(SelectionError, match="Nowhere"):
        DuckAudit(con.cursor(), Selection().where(site="Nowhere"))
    with pytest.raises(SelectionError, match="Nobody"):
        DuckAudit(con.cursor(), Selection().where(player="Nobody"))
