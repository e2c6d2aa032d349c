"""Promise: the reference documents in docs/ say what the code defines, and stay current;
`stud-hh explain` answers from the same declarations."""

from __future__ import annotations

from pathlib import Path

import pytest

from stud_hh.analysis import reference, stats
from stud_hh.cli import main
from stud_hh.rules.violations import RuleCode
from stud_hh.store.schema import TABLES

DOCS = Path(__file__).resolve().parents[2] / "docs"


@pytest.mark.parametrize("name", sorted(reference.DOCUMENTS))
def test_the_committed_documents_are_current(name: str) -> None:
    assert (DOCS / name).read_text(encoding="utf-8") == reference.render(name), (
        f"docs/{name} is stale: run `python -m stud_hh.analysis.reference docs`")


def test_every_statistic_column_and_rule_is_documented() -> None:
    statistics = reference.render("statistics.md")
    for ratio in (*stats.SUMMARY, *stats.HILO, *stats.STREET_RATIOS):
        assert f"### `{ratio.name}`: {ratio.label}" in statistics
    database = reference.render("database.md")
    for spec in TABLES.values():
        for column in spec.columns:
            assert f"| `{column.name}` |" in database
    rules = reference.render("rules.md")
    for code in RuleCode:
        assert f"| `{code.value}` |" in rules
    assert "| `half_bet_reopens` |" in rules


def test_explain_answers_what_a_user_meets(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "cr3", "afq_n", "position", "raise.over-cap"]) == 0
    out = capsys.readouterr().out
    assert "cr3 -- Complete/raise 3rd" in out
    assert "afq_n -- the sample size of afq" in out
    assert "(bring-in = 0)" in out
    assert "raise.over-cap -- a rule: a bet or raise beyond the cap" in out
    assert main(["explain", "vpipp"]) == 2
    assert "did you mean 'vpip'" in capsys.readouterr().err
