"""The finding sections of the audit report: the worst hands, every violation, every check
the text cannot decide, the balance checks and the texts that could not be read, each row
with its file and line (and source line where there is one)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pandas as pd
from markupsafe import Markup

from stud_hh.analysis.html.hands import HandLinks
from stud_hh.analysis.html.page import Section
from stud_hh.analysis.html.tables import Col, HandCells, Row, table_html
from stud_hh.rules.violations import split_words

LISTED = 5_000
"""The most rows a list of findings shows (the rest are counted under it)."""

Drill = Callable[[dict[str, str]], str]
"""The address of the list of what a count counts, given what narrows it (``rule``,
``kind`` (``root`` or ``following``), ``table``, ``period`` and ``freq``, ``site``): the
app's drill-down. The static report has none: its counts are plain numbers."""


def drill_link(drill: Drill | None, count: str, columns: tuple[str, ...] = (), **fixed: str
               ) -> Callable[[Row], str | None] | None:
    """A column's link to the drill-down of a row's ``count`` (none for a count of 0): the
    row's ``columns`` and the ``fixed`` values narrow it."""
    if drill is None:
        return None
    chosen = drill

    def href(row: Row) -> str | None:
        if not row[count]:
            return None
        return chosen({**{c: str(row[c]) for c in columns}, **fixed})

    return href


def _file_name(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` with ``file_name``: the file's name without its folders (a whole path is
    long, and the same for most rows), ``line`` as a number, and for violations
    ``follows``: the root cause a consequence follows from (``line 17: bet.wrong-size``)."""
    names = frame["file"].astype("string").str.rsplit("/", n=1).str[-1]
    out = frame.assign(file_name=names.fillna("?"), line=frame["line"].astype("Int64"))
    if "follows_line" in frame:
        cause = ("line " + frame["follows_line"].astype("Int64").astype("string") + ": "
                 + frame["follows_rule"].astype("string"))
        out = out.assign(follows=cause)
    return out


FOLLOWS_COL = Col("follows", "follows from", "text",
                  "a consequence: the earlier violation of the hand it follows from (its root "
                  "cause); empty for a root cause")


FILE_COLS = [Col("file_name", "file", "text", "the history file (its name)"),
             Col("line", "line", "int", "the line of the file")]


WORST_COLS = [
    Col("hand_id", "hand", "hand"),
    Col("roots_in_hand", "root causes in the hand", "int",
        "the hand's violations that follow from no earlier one"),
    Col("in_hand", "violations in the hand", "int"),
    Col("rule", "rule"), Col("player", "player"), Col("message", "what happened"),
    FOLLOWS_COL, *FILE_COLS, Col("source", "source line", "code"),
]


def worst_section(worst: pd.DataFrame, links: HandLinks) -> Section:
    table = _file_name(worst) if len(worst) else worst
    return Section("worst", "The worst hands", table_html(
        table, WORST_COLS, links=links, caption="The hands with the most violations, a row "
        "per violation, with the offending source line", empty="No rule is broken in any "
        "hand."), "The ten hands with the most root causes (then the most violations): each "
        "violation, who broke it, what the rule says happened, the root cause it follows "
        "from when it is a consequence, and the line of the history that broke it.",
        nav="Worst hands")


VIOLATION_COLS = [
    Col("hand_id", "hand", "hand"), Col("site", "site"), Col("rule", "rule"),
    Col("street", "street"), Col("player", "player"), Col("message", "what happened"),
    FOLLOWS_COL, *FILE_COLS,
]


def violations_section(violations: pd.DataFrame, links: HandLinks) -> Section:
    table = _file_name(violations) if len(violations) else violations
    following = int(violations["follows_line"].notna().sum()) if len(violations) else 0
    return Section("violations", "Every violation", table_html(
        table, VIOLATION_COLS, links=links, caption=f"{len(violations):,} violations, by hand "
        f"and line ({split_words(len(violations), following)})",
        empty="No rule is broken in any hand.", limit=LISTED),
        "Every broken rule of every hand, by hand and line; a consequence names the earlier "
        "violation of its hand it follows from.", nav="Violations")


CHECK_COLS = [
    Col("hand_id", "hand", "hand"), Col("site", "site"), Col("rule", "rule"),
    Col("reason", "why the text cannot decide it"), *FILE_COLS,
    Col("source", "source line", "code"),
]


UNVERIFIABLE_INTRO = ("What the rules could not check from the text alone (the site does not "
                      "print it, or the cards were never shown): not violations, but what an "
                      "auditor checks by hand or against the site's records. Each with its "
                      "hand, line and reason.")


def unverifiable_rules(per_rule: pd.DataFrame, drill: Drill | None = None) -> Markup:
    """The checks the text cannot decide per rule (``rule``, ``checks``, ``hands``), each
    count a link to its checks with ``drill``."""
    rule = ("rule",)
    return table_html(per_rule, [Col("rule", "rule"),
                                 Col("checks", "checks", "int",
                                     link=drill_link(drill, "checks", rule)),
                                 Col("hands", "hands", "int")], caption="Per rule",
                      empty="Every check could be decided from the text.")


def unverifiable_section(checks: pd.DataFrame, links: HandLinks) -> Section:
    if checks.empty:
        body = Markup('<p class="empty">Every check could be decided from the text.</p>')
        return Section("unverifiable", "Checks the text cannot decide", body,
                       nav="Undecidable")
    per_rule = checks.groupby("rule", observed=True).agg(
        checks=("line", "size"), hands=("hand_id", "nunique")).reset_index() \
        .sort_values(["checks", "rule"], ascending=[False, True])
    body = unverifiable_rules(per_rule)
    body += table_html(_file_name(checks), CHECK_COLS, links=links,
                       caption=f"Every check the text cannot decide ({len(checks):,})",
                       limit=LISTED)
    return Section("unverifiable", "Checks the text cannot decide", body,
                   UNVERIFIABLE_INTRO.replace("line and reason.", "line, reason and source "
                                              "line."), nav="Undecidable")


BALANCE_COLS = [
    Col("hand_id", "hand", "hand"), Col("site", "site"), Col("unit", "unit", "unit"),
    Col("pot", "pot", "units", tone=0), Col("put_in", "put in", "units", tone=0),
    Col("rake", "rake", "units", tone=0), Col("net", "sum of nets", "units", tone=0),
    Col("rake_share", "rake shares", "units", tone=0),
    Col("put_in_ok", "put in = pot"), Col("nets_ok", "nets + rake = 0"),
    Col("rake_ok", "shares = rake"),
]


def balance_section(balance: pd.DataFrame, links: HandCells, empty: str | None = None
                    ) -> Section:
    """The hands that do not balance (``empty``: what to say when none is, if not that
    every stored hand balances)."""
    body = table_html(balance, BALANCE_COLS, links=links, caption="Hands that do not balance "
                      "(amounts as each hand's site prints them)",
                      empty=empty or "Every stored hand balances: chips put in equal the pot, "
                      "the players' nets and the rake add up to zero, and the rake shares add "
                      "up to the rake.", limit=LISTED)
    return Section("balance", "Balance checks", body,
                   "Three accounting checks every stored hand must pass: put in = pot; nets + "
                   "rake = 0; rake shares = rake.", nav="Balance")


FAILURE_COLS = [
    Col("hand_id", "hand"), *FILE_COLS, Col("reason", "reason"),
    Col("offending_text", "offending text", "code"),
]


def unreadable_section(db: Any) -> Section:
    failures = db.failures(columns=["file", "line", "first_line", "hand_id", "reason",
                                    "offending_text"])
    failures = failures.assign(line=failures["line"].fillna(failures["first_line"]))
    table = _file_name(failures).sort_values(["file_name", "line"], kind="stable") \
        if len(failures) else failures
    return Section("unreadable", "Texts that could not be read", table_html(
        table, FAILURE_COLS, caption=f"{len(failures):,} unreadable "
        f"text{'s' if len(failures) != 1 else ''} (kept whole in the failures table: stud-hh "
        "failures)", empty="Every text was read.", limit=LISTED),
        "Hands or texts an import could not read, with the file, line and reason; they are "
        "not stored as hands, so they cannot be replayed.", nav="Unreadable")
