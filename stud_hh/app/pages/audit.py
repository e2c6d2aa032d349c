"""*Audit*: the compliance audit of the hands the filters select, with a drill-down from
every count to the findings it counts, and their export.

``/audit`` lays out the audit report's sections (:mod:`stud_hh.analysis.html.audit_report`:
the clean bill, hands and money per unit, violations per rule, per table and period, per
site, the checks the text cannot decide, the balance checks, the texts that could not be
read) for the selection, computed by DuckDB (:class:`~stud_hh.analysis.audit_duck.DuckAudit`).
Each count links to ``/audit/violations?rule=...&kind=...&table=...&period=...`` (with the
filters), which lists each violation it counts a page at a time: hand (a link to the
replayer, ``/hand/{site}/{hand_id}``), line, player, what happened, and whether it is a root
cause or follows from an earlier violation of its hand. ``/audit/unverifiable?rule=...``
lists the checks the text cannot decide. ``/audit/findings.csv`` and
``/audit/findings.json`` export every finding of the selection (:mod:`stud_hh.app.pages.
audit_export`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from urllib.parse import urlencode

import pandas as pd
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from stud_hh.analysis.audit_duck import DuckAudit, Narrow, distinct, keep_unbalanced
from stud_hh.analysis.html.audit_findings import (
    UNVERIFIABLE_INTRO,
    Drill,
    balance_section,
    unreadable_section,
    unverifiable_rules,
)
from stud_hh.analysis.html.audit_report import (
    money_section,
    periods_section,
    rules_section,
    sites_section,
    verdict_section,
)
from stud_hh.analysis.html.page import Section
from stud_hh.analysis.html.tables import Col, table_html
from stud_hh.app.filters import PageFilters
from stud_hh.app.pages.hands import hand_link
from stud_hh.app.players_sql import PLAYERS
from stud_hh.app.source import Source
from stud_hh.app.web import guarded, page, state
from stud_hh.rules.violations import plural, split_words
from stud_hh.store.select import Selection, SelectionError, undated_note

if TYPE_CHECKING:
    import duckdb

PAGE_ROWS = 100
"""The findings a drill-down page lists."""
LISTED = 200
"""The most rows of the table per table and period and of the hands that do not balance
(the export holds them all)."""
NARROW = ("rule", "kind", "table", "period", "freq")
"""The query parameters of a drill-down beyond the filters."""


@dataclass(frozen=True, slots=True)
class HandPages:
    """Hand ids written as links to the app's hand page (the replayer), with the filters
    (:func:`stud_hh.app.pages.hands.hand_link`)."""

    filters: PageFilters

    def cell(self, site: str, hand_id: str) -> Markup:
        return Markup('<a class="hand" href="{}">{}</a>').format(
            hand_link(site, hand_id, self.filters), hand_id)


@contextmanager
def audited(cur: duckdb.DuckDBPyConnection, source: Source, select: Selection
            ) -> Iterator[DuckAudit]:
    """The audit of ``select`` over the app's views (the people applied to the player), the
    values the filters are matched against kept until the database changes."""
    with DuckAudit(cur, select, players=PLAYERS, unbalanced=keep_unbalanced(cur),
                   values=known(source)) as audit:
        yield audit


def known(source: Source) -> Callable[[str], list[str]]:
    """The distinct values of a column the filters are matched against (``site``,
    ``stakes``, ``game``; ``player``: the players' names, the people applied), each read
    once until the database changes."""

    def values(column: str) -> list[str]:
        return source.cached(("audit-values", column),
                             lambda fresh: distinct(fresh, column, PLAYERS))

    return values


def unreadable(source: Source) -> Section:
    """The texts that could not be read: the whole database's, whatever the filters."""
    return source.cached(("audit-unreadable",), lambda _: unreadable_section(source.db))


def narrow_of(request: Request) -> Narrow:
    """The drill-down's narrowing in the request's query (checked: a mistake is said)."""
    given = {name: request.query_params.get(name, "").strip() for name in NARROW}
    return Narrow(rule=given["rule"], kind=given["kind"], table=given["table"],
                  period=given["period"], freq=given["freq"] or "D")


def page_number(request: Request) -> int:
    text = request.query_params.get("page", "1").strip() or "1"
    if not text.isdigit() or int(text) < 1:
        raise SelectionError(f"page: a whole number from 1, not {text!r}")
    return int(text)


def drill_to(filters: PageFilters, path: str = "/audit/violations") -> Drill:
    """The drill-down of a count: ``path`` with the filters (a site given is the site
    filter) and the narrowing."""

    def href(given: dict[str, str]) -> str:
        site = given.pop("site", None)
        pairs = filters.pairs(**({"site": [site]} if site else {}))
        pairs += [(name, value) for name, value in given.items() if value]
        return f"{path}?{urlencode(pairs)}"

    return href


def scope_notes(filters: PageFilters, select: Selection, undated: int, failures: int
                ) -> list[str]:
    """What the page covers and leaves out, in sentences."""
    described = select.describe()
    notes = [f"The hands of this selection: {described}." if described else
             "Every hand of the database (the filters above narrow it)."]
    if undated:
        notes.append(undated_note(undated).capitalize() + ".")
    if filters.min_hands:
        notes.append("The minimum number of hands narrows summaries (players, groups), not "
                     "an audit: every selected hand is audited.")
    if failures and select.narrows_hands:
        notes.append(f"The {failures:,} text{'s' if failures != 1 else ''} that could not be "
                     "read are the whole database's: not being hands, the filters cannot "
                     "place them.")
    return notes


def overview_data(cur: duckdb.DuckDBPyConnection, source: Source, filters: PageFilters
                  ) -> dict[str, Any]:
    """The sections of ``/audit`` for ``filters``, and the notes above them."""
    select = filters.selection()
    drill = drill_to(filters)
    with audited(cur, source, select) as audit:
        units, sites, tally = audit.counts()
        rules = audit.violations_by_rule()
        freq = audit.period_freq()
        by_table = audit.violations_by_table(freq)
        balance = audit.balance_checks(limit=LISTED)
        per_rule = audit.unverifiable_by_rule()
        undated = audit.undated()
    notes = scope_notes(filters, select, undated, tally.failures)
    if tally.hands == 0 and tally.failures == 0:
        return {"empty": True, "notes": notes}
    unverifiable = Section(
        "unverifiable", "Checks the text cannot decide",
        unverifiable_rules(per_rule, drill_to(filters, "/audit/unverifiable")),
        UNVERIFIABLE_INTRO)
    balanced = balance_section(balance, HandPages(filters), empty=None if not select.narrows_hands
                               else "Every hand of this selection balances: chips put in "
                               "equal the pot, the players' nets and the rake add up to zero, "
                               "and the rake shares add up to the rake.")
    if tally.unbalanced > len(balance):
        balanced = Section(balanced.id, balanced.title, balanced.body + Markup(
            '<p class="more">The first {:,} of {:,} hands: the export lists them all.</p>'
        ).format(len(balance), tally.unbalanced), balanced.intro)
    sections = [verdict_section(units, rules, tally), money_section(units),
                rules_section(rules, drill),
                periods_section(by_table, rules, freq, drill, limit=LISTED, per_rule=False),
                sites_section(sites, drill), unverifiable, balanced,
                unreadable(source)]
    return {"empty": False, "notes": notes, "sections": sections}


@guarded
def audit_page(request: Request) -> HTMLResponse:
    app = state(request)
    filters = PageFilters.of(request.query_params.multi_items())
    found = app.source.cached(("audit", filters),
                              lambda cur: overview_data(cur, app.source, filters))
    if found["empty"]:
        return page(request, "message.html.j2", "Audit", message=(
            " ".join(found["notes"]) + " No hand is in this selection: nothing to audit."))
    return page(request, "audit.html.j2", "Audit", export=filters.query(), **found)


def _cause(row: pd.Series) -> str:
    if pd.isna(row["follows_line"]):
        return "root cause"
    return f"follows from line {int(row['follows_line'])} ({row['follows_rule']})"


def violation_cols(filters: PageFilters) -> list[Col]:
    """The columns of a drill-down's list: the rule a link to its violations."""
    drill = drill_to(filters)
    return [
        Col("hand_id", "hand", "hand"), Col("site", "site"),
        Col("start_utc", "start (UTC)", "date"), Col("table", "table"),
        Col("line", "line", "int", "the line of the history file"),
        Col("rule", "rule", link=lambda row: drill({"rule": str(row["rule"])})),
        Col("street", "street"), Col("player", "player"), Col("message", "what happened"),
        Col("cause", "root cause or consequence", "text",
            "a root cause follows from no earlier violation of its hand; a consequence names "
            "the line and rule of the one it follows from"),
        Col("file_name", "file", "text", "the history file (its name)"),
    ]


def violations_data(cur: duckdb.DuckDBPyConnection, source: Source, filters: PageFilters,
                    narrow: Narrow, number: int) -> dict[str, Any]:
    """One page of the violations the filters and ``narrow`` keep."""
    select = filters.selection()
    with audited(cur, source, select) as audit:
        total, following = audit.count_violations(narrow)
        rows = audit.violations(narrow, limit=PAGE_ROWS, offset=(number - 1) * PAGE_ROWS)
        undated = audit.undated()
    if len(rows):
        rows["cause"] = [_cause(r) for _, r in rows.iterrows()]
        rows["file_name"] = rows["file"].astype("string").str.rsplit("/", n=1).str[-1]
        rows["line"] = rows["line"].astype("int64")
    table = table_html(rows, violation_cols(filters), links=HandPages(filters),
                       caption=f"{plural(total, 'violation')}: {split_words(total, following)}",
                       empty="No violation in this selection.")
    return {"table": table, "total": total, "following": following, "shown": len(rows),
            "notes": scope_notes(filters, select, undated, 0)}


def pager(request: Request, number: int, total: int, rows: int = PAGE_ROWS
          ) -> dict[str, Any]:
    """The page's place among the pages of ``rows`` rows: rows first to last, links to the
    previous and next pages (keeping the rest of the query), for ``pager.html.j2``."""
    pairs = [(k, v) for k, v in request.query_params.multi_items() if k != "page"]

    def link(n: int) -> str:
        return f"{request.url.path}?{urlencode([*pairs, ('page', str(n))])}"

    first = (number - 1) * rows + 1
    return {"first": first if total else 0, "last": min(total, number * rows),
            "total": total, "previous": link(number - 1) if number > 1 else "",
            "next": link(number + 1) if number * rows < total else ""}


@guarded
def violations_page(request: Request) -> HTMLResponse:
    app = state(request)
    filters = PageFilters.of(request.query_params.multi_items())
    narrow, number = narrow_of(request), page_number(request)
    found = app.source.cached(("audit-violations", filters, narrow, number),
                              lambda cur: violations_data(cur, app.source, filters, narrow,
                                                          number))
    what = narrow.describe()
    query = urlencode([*filters.pairs(), *narrow.pairs()])
    return page(request, "audit_list.html.j2", "Violations" + (f": {what}" if what else ""),
                kind="violations", export=query, back=filters.query(), hidden=narrow.pairs(),
                pager=pager(request, number, found["total"]), **found)


CHECK_COLS = [
    Col("hand_id", "hand", "hand"), Col("site", "site"),
    Col("start_utc", "start (UTC)", "date"), Col("table", "table"),
    Col("line", "line", "int", "the line of the history file"), Col("rule", "rule"),
    Col("reason", "why the text cannot decide it"),
    Col("file_name", "file", "text", "the history file (its name)"),
]


def checks_data(cur: duckdb.DuckDBPyConnection, source: Source, filters: PageFilters,
                rule: str, number: int) -> dict[str, Any]:
    """One page of the checks the text cannot decide the filters keep (of ``rule``)."""
    select = filters.selection()
    with audited(cur, source, select) as audit:
        rows, total = audit.unverifiable(rule, limit=PAGE_ROWS,
                                         offset=(number - 1) * PAGE_ROWS)
        undated = audit.undated()
    if len(rows):
        rows["file_name"] = rows["file"].astype("string").str.rsplit("/", n=1).str[-1]
        rows["line"] = rows["line"].astype("int64")
    table = table_html(rows, CHECK_COLS, links=HandPages(filters),
                       caption=f"{plural(total, 'check')} the text cannot decide",
                       empty="Every check could be decided from the text.")
    return {"table": table, "total": total, "following": 0, "shown": len(rows),
            "notes": scope_notes(filters, select, undated, 0)}


@guarded
def unverifiable_page(request: Request) -> HTMLResponse:
    app = state(request)
    filters = PageFilters.of(request.query_params.multi_items())
    rule = Narrow(rule=request.query_params.get("rule", "").strip()).rule
    number = page_number(request)
    found = app.source.cached(("audit-unverifiable", filters, rule, number),
                              lambda cur: checks_data(cur, app.source, filters, rule,
                                                      number))
    title = "Checks the text cannot decide" + (f": rule {rule}" if rule else "")
    return page(request, "audit_list.html.j2", title, kind="checks", export="",
                back=filters.query(), hidden=[("rule", rule)] if rule else [],
                pager=pager(request, number, found["total"]), **found)


ROUTES = [Route("/audit", audit_page), Route("/audit/violations", violations_page),
          Route("/audit/unverifiable", unverifiable_page)]
