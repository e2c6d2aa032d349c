"""The audit report made from the samples (planted rule breaks) and the corpus (real site
faults, unreadable and undecidable texts): every section there, each number the audit
functions' own (checked against them here), the worst hands with their source lines, every
check the text cannot decide, the clean bill and the profile used, and every hand id
printed a replay the page holds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from markupsafe import escape
from pages import SAMPLE_HISTORIES, read_page, replayer

from stud_hh.analysis import audit
from stud_hh.analysis.html.audit_report import audit_report, period_freq
from stud_hh.store.database import open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.select import SelectionError

SECTIONS = ["verdict", "money", "rules", "periods", "sites", "worst", "violations",
            "unverifiable", "balance", "unreadable", "profile"]


def _page(report_pages: Any, source: str) -> Any:
    return read_page(report_pages(source, "audit")[0].read_text(encoding="utf-8"))


@pytest.mark.parametrize("source", ["samples", "corpus"])
def test_every_section_is_there_with_the_clean_bill(report_pages: Any, source: str,
                                                    request: pytest.FixtureRequest) -> None:
    page = _page(report_pages, source)
    db = open_db(request.getfixturevalue(f"{source}_database"))
    assert page.sections == SECTIONS
    assert page.nav == [f"#{s}" for s in SECTIONS]
    assert len(page.ids) == len(set(page.ids)), "an id is used twice"
    assert audit.clean_bill(db) in page.words()
    assert "Not clean" in page.words()  # planted breaks; real site faults


@pytest.mark.parametrize("source", ["samples", "corpus"])
def test_the_counts_are_the_audit_functions(report_pages: Any, source: str,
                                            request: pytest.FixtureRequest) -> None:
    page = _page(report_pages, source)
    db = open_db(request.getfixturevalue(f"{source}_database"))
    rules = audit.violations_by_rule(db)
    table = page.table("Violations per rule")
    assert table.column("rule") == [str(r) for r in rules.index]
    assert [int(v or 0) for v in table.column("violations")] == rules["violations"].tolist()
    assert [int(v or 0) for v in table.column("root causes")] == rules["root_causes"].tolist()
    assert [int(v or 0) for v in table.column("following")] == rules["following"].tolist()
    roots, following = page.chart("chart-rules")["data"]
    assert (roots["x"], following["x"]) == (rules["root_causes"].tolist(),
                                            rules["following"].tolist())
    units = audit.money_by_unit(db)
    assert page.table("Per money unit").column("unit") == list(units.index)
    assert [int(v or 0) for v in page.table("Per money unit").column("hands")] == \
        units["hands"].tolist()
    checks = audit.unverifiable_checks(db, quote=False)
    if len(checks):
        assert len(page.table("Every check the text cannot decide").rows) == len(checks)
    else:  # the simulator prints every check's facts
        assert "Every check could be decided from the text." in page.words()
    assert len(page.table(f"{len(db.violations()):,} violations").rows) == len(db.violations())


def test_per_table_and_period(report_pages: Any, corpus_database: Path) -> None:
    page = _page(report_pages, "corpus")
    db = open_db(corpus_database)
    freq = period_freq(db.violations(columns=["start_utc"])["start_utc"])
    by_table = audit.violations_by_table(db, freq=freq)
    table = page.table("Violations per table and period")
    assert [int(v or 0) for v in table.column("total")] == by_table.sum(axis=1).tolist()
    assert table.column("period") == [p for _, p in by_table.index]
    stacked = page.chart("chart-periods")["data"]
    assert sum(sum(trace["y"]) for trace in stacked) == int(by_table.to_numpy().sum())
    assert "undated" in stacked[0]["x"]  # a site that prints no time zone: its own bar


@pytest.mark.parametrize("source", ["samples", "corpus"])
def test_per_site(report_pages: Any, source: str, request: pytest.FixtureRequest) -> None:
    page = _page(report_pages, source)
    db = open_db(request.getfixturevalue(f"{source}_database"))
    by_site = audit.violations_by_site(db)
    table = page.table("Per site")
    assert table.column("site") == list(by_site.index)
    for head, column in (("hands", "hands"), ("violations", "violations"),
                         ("root causes", "root_causes"), ("following", "following"),
                         ("not balancing", "hands_unbalanced")):
        assert [int(v or 0) for v in table.column(head)] == by_site[column].tolist(), head
    assert by_site["violations"].sum() == len(db.violations())
    assert by_site["hands"].sum() == len(db.hands(columns=["hand_id"]))
    assert by_site["hands_unbalanced"].sum() == len(audit.balance_checks(db))
    html = report_pages(source, "audit")[0].read_text(encoding="utf-8")
    assert 'href="/audit' not in html  # the static report has no drill-down: no links


def test_the_worst_hands_come_with_their_source_lines(report_pages: Any,
                                                      corpus_database: Path) -> None:
    html = report_pages("corpus", "audit")[0].read_text(encoding="utf-8")
    worst = audit.worst_hands(open_db(corpus_database))
    table = read_page(html).table("The hands with the most violations")
    assert table.column("hand") == worst["hand_id"].tolist()
    for line in worst["source"]:
        assert str(escape(line)) in html


def test_balance_failures_and_profiles(report_pages: Any, corpus_database: Path) -> None:
    page = _page(report_pages, "corpus")
    db = open_db(corpus_database)
    balance = audit.balance_checks(db)
    assert page.table("Hands that do not balance").column("hand") == \
        balance["hand_id"].tolist()
    failures = db.failures(columns=["hand_id", "reason"])
    unreadable = page.table(f"{len(failures)} unreadable text")
    assert len(unreadable.rows) == len(failures) >= 1
    assert all(reason in page.words() for reason in failures["reason"])
    profiles = page.table("The profile each hand was audited under")
    stored = db.hands(columns=["profile"])["profile"].astype(str).value_counts()
    counted = dict(zip(profiles.column("profile"),
                       (int(v or 0) for v in profiles.column("hands")), strict=True))
    assert counted == stored.to_dict()
    assert page.table("The house-rule settings of those profiles")
    assert "made under each hand's own site's profile" in page.words()


def test_the_profile_option_is_shown(samples_database: Path) -> None:
    with replayer():
        report = audit_report(open_db(samples_database), profile="casino")
    assert "made under the casino profile (--profile)" in read_page(report.html).words()


def test_a_clean_database_gets_a_clean_bill(tmp_path: Path) -> None:
    root = tmp_path / "db"
    import_paths([SAMPLE_HISTORIES / "stud8_heads-up_0.04-0.08.txt"], root, jobs=1)
    with replayer():
        page = read_page(audit_report(open_db(root)).html)
    assert "CLEAN: no rule broken" in page.words()
    assert "Not clean" not in page.words()
    assert "Every stored hand balances" in page.words()
    assert "Every text was read." in page.words()
    assert "No rule is broken in any hand." in page.words()


def test_an_empty_database_is_an_error(tmp_path: Path) -> None:
    from stud_hh.store.database import Database

    with pytest.raises(SelectionError, match="nothing to audit"):
        audit_report(Database.create(tmp_path / "db"))


@pytest.mark.parametrize("source", ["samples", "corpus"])
def test_every_hand_id_printed_is_a_replay_the_page_holds(report_pages: Any,
                                                          source: str) -> None:
    page = _page(report_pages, source)
    embedded = set(page.embedded())
    assert page.hands
    assert set(page.hands) <= embedded <= set(page.hands)
    assert len(embedded) <= 300


def test_the_balance_table_prints_each_sites_money(report_pages: Any) -> None:
    """The amounts of a hand that does not balance are the site's money (KingsClub's chips
    in hundredths: ``8,287.75``), never the integers stored (``828,775``)."""
    page = _page(report_pages, "corpus")
    table = page.table("Hands that do not balance")
    assert "3703449" in table.column("hand")
    assert "scale" not in [h for h, _ in table.headers]
    words = page.words()
    assert "8,287.75" in words
    assert "-2,674.50" in words
    assert "828,775" not in words
    assert "267,450" not in words


def test_a_consequence_names_its_root_cause_and_is_counted_apart(report_pages: Any,
                                                                 corpus_database: Path) -> None:
    """KingsClub's side pot paid in no line: the award is the root cause, the money that
    does not balance follows from it; the page says so in its tables and its chart."""
    page = _page(report_pages, "corpus")
    db = open_db(corpus_database)
    rules = audit.violations_by_rule(db)
    assert (rules.loc["pot.not-balanced", "root_causes"],
            rules.loc["pot.not-balanced", "following"]) == (0, 1)
    every = page.table(f"{len(db.violations()):,} violations")
    follows = dict(zip(every.column("rule"), every.column("follows from"), strict=True))
    assert follows["pot.not-balanced"] == "line 54: pot.wrong-winner"
    assert not follows["pot.wrong-winner"]
    assert "2 hands break 3 rules (2 root causes, 1 following from them)" in page.words()
    periods = page.chart("chart-periods")["data"]
    assert [trace["name"] for trace in periods][-1] == "following from an earlier violation"
