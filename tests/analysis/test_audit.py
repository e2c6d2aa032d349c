"""The compliance audit over a database, and the leak finder over the players table."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd
import pytest
from helpers import SAMPLES
from test_stats import frame
from test_violations import BASE

from stud_hh.analysis import audit, stats
from stud_hh.store.database import Database, open_db
from stud_hh.store.ingest.run import import_paths

BAD = (BASE.replace("#300000000001:", "#300000000009:")
       .replace("Bob: bets $0.20", "Bob: bets $0.10")
       .replace("Cid: raises $0.20 to $0.40", "Cid: raises $0.30 to $0.40"))


@pytest.fixture(scope="module")
def db(tmp_path_factory: pytest.TempPathFactory) -> Database:
    root = tmp_path_factory.mktemp("audit")
    (root / "h").mkdir()
    for path in SAMPLES.iterdir():
        (root / "h" / path.name).write_bytes(path.read_bytes())
    (root / "h" / "bad.txt").write_text(BAD, encoding="utf-8")
    import_paths([root / "h"], root / "db", jobs=1)
    return open_db(root / "db")


def test_violations_by_rule_and_worst_hands(db: Database) -> None:
    by_rule = audit.violations_by_rule(db)
    assert by_rule["violations"].sum() == db.count("violations") > 0
    # BAD's 5th-street bet of the wrong size is the root cause; the raise after it, the
    # call and the money that does not balance follow from it, counted apart
    assert by_rule.loc["bet.wrong-size", ["root_causes", "following"]].tolist() == [1, 1]
    assert by_rule.loc["pot.not-balanced", ["root_causes", "following"]].tolist() == [0, 1]
    assert (by_rule["root_causes"] + by_rule["following"] == by_rule["violations"]).all()
    worst = audit.worst_hands(db, n=1)
    assert set(worst["hand_id"]) == {"300000000009"}
    assert worst["source"].str.contains("Bob: bets \\$0.10").any()
    assert (worst["roots_in_hand"] == 1).all()
    assert worst["follows_line"].dropna().tolist() == [29, 29, 29]
    by_table = audit.violations_by_table(db)
    assert by_table.to_numpy().sum() == db.count("violations")
    assert by_table[audit.FOLLOWING].sum() == 3


def test_clean_bill(db: Database, tmp_path: Path) -> None:
    assert "NOT CLEAN" in audit.clean_bill(db)
    bill = audit.clean_bill(db)
    assert "1 hand breaks 4 rules (1 root cause, 3 following from it);" in bill
    assert not re.search(r"\b1 (hands|rules|texts)\b|\b1 hand (have|do) ", bill), bill
    import_paths([SAMPLES], tmp_path / "clean", jobs=1)
    bill = audit.clean_bill(open_db(tmp_path / "clean"))
    assert bill.startswith("23 hands audited under the pokerstars profile: 0 hands break 0")
    assert bill.endswith("CLEAN: no rule broken, every hand balances, every text was read.")


def test_balance_checks_list_exactly_the_unbalanced_hand(db: Database) -> None:
    bad = audit.balance_checks(db)
    assert list(bad["hand_id"]) == ["300000000009"]  # its bets shrank, the pot did not
    assert not bad["nets_ok"].iloc[0]
    rules = set(db.violations(filters=[("hand_id", "==", "300000000009")])["rule"])
    assert "pot.not-balanced" in rules


def test_hands_and_money_per_currency(db: Database) -> None:
    """A row per unit (dollars; tournament chips apart), money in the unit, counts whole."""
    units = audit.money_by_unit(db)
    hands = db.hands(columns=["currency", "scale", "pot", "rake", "violations"])
    assert list(units.index) == ["USD", "chips"]
    dollars = hands[hands["currency"] == "USD"]
    assert units.loc["USD", "hands"] == len(dollars)
    assert units.loc["USD", "pots"] == pytest.approx((dollars["pot"] / 100).sum())
    assert units.loc["USD", "rake"] == pytest.approx((dollars["rake"] / 100).sum())
    assert units.loc["chips", "pots"] == hands.loc[hands["currency"].isna(), "pot"].sum()
    assert units.loc["USD", "hands_flagged"] == units.loc["USD", "hands_unbalanced"] == 1
    assert units["hands"].sum() == len(hands)
    counts = [c for c in units.columns if c not in ("pots", "rake")]
    assert all(str(units[c].dtype) == "int64" for c in counts)
    assert not units[["pots", "rake"]].isna().any().any()
    assert list(audit.balance_checks(db)["unit"]) == ["USD"]


def test_every_unverifiable_check_is_listed_with_its_line_and_reason(
        db: Database, corpus: Path, tmp_path: Path) -> None:
    """Everleaf prints no uncalled bets and no pot total: checks the text cannot decide."""
    assert audit.unverifiable_checks(db).empty  # the samples print everything
    assert list(audit.unverifiable_checks(db).columns) == [
        "site", "hand_id", "line", "rule", "reason", "file", "source"]
    import_paths([corpus / "Everleaf"], tmp_path / "db", jobs=1)
    everleaf = open_db(tmp_path / "db")
    checks = audit.unverifiable_checks(everleaf)
    stored = everleaf.unverifiable(columns=["hand_id", "line", "message"])
    assert len(stored) > 0
    assert sorted(zip(checks["hand_id"], checks["line"], checks["reason"], strict=True)) == \
        sorted(stored.itertuples(index=False, name=None))
    for row in checks.itertuples(index=False):
        lines = Path(row.file).read_text(encoding="cp1252").splitlines()
        assert row.source == lines[row.line - 1].strip()


def test_leaks_rank_by_evidence() -> None:
    rows = []
    for i in range(200):  # Ann calls completions far more often than the field
        rows.append({"player": "Ann", "fold_to_completion_opp": True,
                     "fold_to_completion": i % 10 == 0, "vpip_opp": True, "vpip": i % 2 == 0})
        rows.append({"player": "Bob", "fold_to_completion_opp": True,
                     "fold_to_completion": i % 10 < 6, "vpip_opp": True, "vpip": i % 2 == 0})
    found = stats.leaks(frame(rows), "Ann")
    top = found.iloc[0]
    assert top["stat"] == "fold_to_completion"
    assert top["player"] == pytest.approx(10)
    assert top["field"] == pytest.approx(60)
    assert top["player_n"] == 200
    assert top["z"] < -5
    vpip = found.set_index("stat").loc["vpip"]
    assert abs(vpip["z"]) < 1e-9  # no gap, no leak


def test_leaks_need_enough_hands() -> None:
    rows = [{"player": p, "vpip_opp": True, "vpip": p == "Ann"} for p in ["Ann", "Bob"] * 10]
    assert stats.leaks(frame(rows), "Ann", min_n=30).empty
    assert not stats.leaks(frame(rows), "Ann", min_n=5).empty
    with pytest.raises(ValueError, match="no hands of 'Zed'"):
        stats.leaks(frame(rows), "Zed")
    assert isinstance(stats.leaks(frame(rows), "Ann", min_n=5), pd.DataFrame)


def test_violations_of_undated_hands_stay_in_every_table_and_plot(
        corpus: Path, tmp_path: Path) -> None:
    """Everleaf prints no time zone, so its hands have no start_utc: a violation there is
    counted in an 'undated' period, in the tables and in the plot."""
    import matplotlib

    matplotlib.use("Agg")
    from stud_hh.analysis import plots

    source = corpus / "Everleaf" / "7-Stud-EUR-0.05-0.10.201108-new-format.txt"
    text = source.read_bytes()
    broken = text.replace(b"MOURINHO_: bets [\x80 0.05 EURO]", b"MOURINHO_: bets [\x80 0.07 EURO]",
                          1)
    assert broken != text
    (tmp_path / "h").mkdir()
    (tmp_path / "h" / "everleaf.txt").write_bytes(broken)
    import_paths([tmp_path / "h"], tmp_path / "db", jobs=1)
    db = open_db(tmp_path / "db")
    violations = db.violations()
    assert len(violations) > 0
    assert violations["start_utc"].isna().all()
    by_table = audit.violations_by_table(db)
    assert by_table.to_numpy().sum() == len(violations)
    assert set(by_table.index.get_level_values("period")) == {stats.UNDATED}
    ax = plots.violations_over_time(violations)
    heights = sum(bar.get_height() for bar in ax.patches)
    assert heights == len(violations)
    assert [t.get_text() for t in ax.get_xticklabels()] == [stats.UNDATED]
