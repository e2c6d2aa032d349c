"""The audit report (``stud-hh report --audit``): one HTML page a compliance team reads.

Every number is :mod:`stud_hh.analysis.audit`'s: the clean bill, the hands and money per
unit, violations per rule, per table and period and per site, the worst hands with their
source lines, every violation, every check the text cannot decide, the balance checks, the
texts that could not be read, and the house-rule profile each hand was audited under. The
page covers the whole database. Hand ids are replay buttons where the page holds the hand.

The app's audit page (``stud-hh ui``, :mod:`stud_hh.app.pages.audit`) lays out the same
sections for a selection of hands, each count a link to what it counts (a :data:`Drill`).

>>> page = audit_report(open_db("room.db"))  # doctest: +SKIP
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

import pandas as pd
import plotly.graph_objects as go
from markupsafe import Markup

from stud_hh.analysis import audit, reference
from stud_hh.analysis.audit import FOLLOWING, Tally
from stud_hh.analysis.html.audit_findings import (
    Drill,
    balance_section,
    unreadable_section,
    unverifiable_section,
    violations_section,
    worst_section,
)
from stud_hh.analysis.html.audit_findings import drill_link as _link
from stud_hh.analysis.html.charts import bar_figure, figure_html, grouped_bars
from stud_hh.analysis.html.hands import HandLinks, embed
from stud_hh.analysis.html.page import Report, Section, json_script, render, render_page
from stud_hh.analysis.html.tables import Col, table_html
from stud_hh.rules.violations import RULES, RuleCode, split_words
from stud_hh.store.select import SelectionError

RULE_COLORS = ("#c0392b", "#2b6cb0", "#e07b00", "#4e9a06", "#8e44ad", "#00838f", "#b08800",
               "#ad1457", "#5d4037", "#546e7a", "#7cb342", "#3465a4")
"""The colours of the rules on the charts, in the order the rules are listed."""


def rule_title(code: str) -> str:
    """What a rule code means, as ``docs/rules.md`` says."""
    try:
        return RULES[RuleCode(code)].title
    except ValueError:
        return ""


def period_freq(starts: pd.Series) -> str:
    """``D``, ``W`` or ``M``: days for up to two months of hands, weeks for two years,
    else months (so a chart has at most about sixty periods)."""
    dated = starts.dropna()
    if dated.empty:
        return "D"
    days = (dated.max() - dated.min()).days
    return "D" if days <= 62 else "W" if days <= 730 else "M"


def _verdict(bill: str, tiles: list[dict[str, str]]) -> Markup:
    clean = "NOT CLEAN" not in bill
    head = "Clean" if clean else "Not clean"
    banner = Markup('<div class="banner {}"><strong>{}</strong>{}</div>').format(
        "clean" if clean else "dirty", head, bill)
    return banner + render("tiles.html.j2", tiles=tiles)


def verdict_section(units: pd.DataFrame, rules: pd.DataFrame, tally: Tally) -> Section:
    """The clean bill (:func:`stud_hh.analysis.audit.bill`) and the counts behind it."""
    hands = int(units["hands"].sum())
    tiles = [
        {"label": "hands audited", "value": f"{hands:,}", "color": "#1f2a44",
         "sub": f"{int(units['tables'].sum()):,} tables, {len(units)} money unit(s)"},
        {"label": "hands breaking a rule", "value": f"{int(units['hands_flagged'].sum()):,}",
         "color": "#c0392b", "sub": f"{int(rules['violations'].sum()):,} violations of "
                                    f"{len(rules)} rule(s): " + split_words(
                                        int(rules['violations'].sum()),
                                        int(rules[FOLLOWING].sum()))},
        {"label": "hands with undecidable checks",
         "value": f"{int(units['hands_unverifiable'].sum()):,}", "color": "#e07b00",
         "sub": "listed with line and reason"},
        {"label": "hands that do not balance",
         "value": f"{int(units['hands_unbalanced'].sum()):,}", "color": "#8e44ad",
         "sub": "put in = pot; nets + rake = 0"},
        {"label": "unreadable texts", "value": f"{tally.failures:,}",
         "color": "#546e7a", "sub": "kept whole in the failures table"}]
    return Section("verdict", "Clean bill", _verdict(audit.bill(tally), tiles),
                   "What was audited and what was found, in a paragraph an officer can sign.")


UNIT_COLS = [
    Col("unit", "unit", "unit"), Col("hands", "hands", "int"), Col("tables", "tables", "int"),
    Col("pots", "through the pots", "money", "money through the pots", tone=0),
    Col("rake", "rake", "money", tone=0),
    Col("hands_flagged", "breaking a rule", "int", "hands that break a rule"),
    Col("hands_unverifiable", "undecidable checks", "int",
        "hands with checks the text cannot decide"),
    Col("hands_unbalanced", "not balancing", "int", "hands whose money does not balance"),
]


def money_section(units: pd.DataFrame) -> Section:
    return Section("money", "Hands and money per unit",
                   table_html(units.reset_index(), UNIT_COLS, caption="Per money unit"),
                   "A row per money unit (a currency, or chips for tournaments and play "
                   "money): never added across units.", nav="Money")


def sites_section(by_site: pd.DataFrame, drill: Drill | None = None) -> Section:
    """Per site (:func:`stud_hh.analysis.audit.violations_by_site`), each count of
    violations a link to them with ``drill``."""
    site = ("site",)
    cols = [Col("site", "site"), Col("hands", "hands", "int"),
            Col("hands_flagged", "breaking a rule", "int", "hands that break a rule"),
            Col("violations", "violations", "int", link=_link(drill, "violations", site)),
            Col("root_causes", "root causes", "int", "violations that follow from no "
                "earlier one of their hand", link=_link(drill, "root_causes", site,
                                                        kind="root")),
            Col(FOLLOWING, "following", "int", "violations that follow from an earlier one "
                "of their hand", link=_link(drill, FOLLOWING, site, kind="following")),
            Col("hands_unverifiable", "undecidable checks", "int",
                "hands with checks the text cannot decide"),
            Col("hands_unbalanced", "not balancing", "int",
                "hands whose money does not balance")]
    return Section("sites", "Per site", table_html(
        by_site.reset_index(), cols, caption="Per site, the most violations first",
        empty="No hands."), "Each site's hands, the hands that break a rule and their "
        "violations (root causes and those following from an earlier violation apart), the "
        "hands with checks the text cannot decide and those that do not balance.",
        nav="Per site")


FOLLOWING_COLOR = "#b9a46a"
"""The colour of the violations that follow from an earlier one of their hand."""
FOLLOWING_LABEL = "following from an earlier violation"


def rules_section(rules: pd.DataFrame, drill: Drill | None = None) -> Section:
    """Violations per rule (:func:`stud_hh.analysis.audit.violations_by_rule`), each count
    a link to its violations with ``drill``."""
    table = rules.reset_index()
    table["title"] = [rule_title(str(r)) for r in table["rule"]]
    by_rule = ("rule",)
    parts = [table_html(table, [Col("rule", "rule"), Col("title", "what it means"),
                                Col("violations", "violations", "int",
                                    link=_link(drill, "violations", by_rule)),
                                Col("root_causes", "root causes", "int",
                                    "violations that follow from no earlier one of their "
                                    "hand", link=_link(drill, "root_causes", by_rule,
                                                       kind="root")),
                                Col(FOLLOWING, "following", "int",
                                    "violations that follow from an earlier one of their hand "
                                    "(its consequences: counted apart)",
                                    link=_link(drill, FOLLOWING, by_rule, kind="following")),
                                Col("hands", "hands", "int",
                                    link=_link(drill, "hands", by_rule))],
                        caption="Violations per rule, most frequent first",
                        empty="No rule is broken in any hand.")]
    if len(table):
        parts.insert(0, figure_html(_rules_figure(table), "chart-rules"))
    return Section("rules", "Violations per rule", Markup("").join(parts),
                   "Each rule code (docs/rules.md, or stud-hh explain CODE) with its "
                   "violations and the hands they are in: the root causes, and apart the "
                   "violations that follow from an earlier one of their hand (a fault's "
                   "consequences, which the rule's check found in what that fault had put in "
                   "doubt).", nav="Per rule")


def _rules_figure(table: pd.DataFrame) -> Any:
    """The root causes per rule, each rule its colour, and the violations following from
    an earlier one stacked after them."""
    labels = table["rule"].astype(str).tolist()
    hover = [f"{r}: {t}<br>{int(v):,} root causes in {int(h):,} hands"
             for r, t, v, h in zip(table["rule"], table["title"], table["root_causes"],
                                   table["hands"], strict=True)]
    figure = bar_figure("Violations per rule", labels, table["root_causes"].tolist(), "rule",
                        "violations", hover=hover,
                        colors=[RULE_COLORS[i % len(RULE_COLORS)] for i in range(len(table))],
                        horizontal=True, height=max(260, 80 + 26 * len(table)))
    figure.data[0].name = "root causes"
    figure.add_trace(go.Bar(
        x=[float(v) for v in table[FOLLOWING]], y=labels, orientation="h",
        name=FOLLOWING_LABEL, marker={"color": FOLLOWING_COLOR},
        hovertext=[f"{r}: {int(v):,} following from an earlier violation"
                   for r, v in zip(table["rule"], table[FOLLOWING], strict=True)],
        hovertemplate="%{hovertext}<extra></extra>"))
    figure.update_layout(barmode="stack", showlegend=bool(table[FOLLOWING].sum()))
    return figure


def _period_chart(by_table: pd.DataFrame, rules: list[str], freq: str) -> Markup:
    per_period = by_table.groupby(level="period").sum()
    dated = sorted(p for p in per_period.index if p != "undated")
    order = dated + (["undated"] if "undated" in per_period.index else [])
    per_period = per_period.reindex(order).fillna(0)
    series = [(rule, per_period[rule].tolist(), RULE_COLORS[i % len(RULE_COLORS)])
              for i, rule in enumerate(rules) if rule in per_period]
    if FOLLOWING in per_period:
        series.append((FOLLOWING_LABEL, per_period[FOLLOWING].tolist(), FOLLOWING_COLOR))
    hover = [[f"{p}: {int(v):,} {rule}" for p, v in zip(order, values, strict=True)]
             for rule, values, _ in series]
    width = {"D": "day", "W": "week", "M": "month"}[freq]
    figure = grouped_bars(f"Violations per rule and {width}", order, series, "violations",
                          hover=hover, stacked=True)
    return figure_html(figure, "chart-periods")


def periods_section(by_table: pd.DataFrame, rules: pd.DataFrame, freq: str,
                    drill: Drill | None = None, limit: int | None = None,
                    per_rule: bool = True) -> Section:
    """Violations per table and period (:func:`stud_hh.analysis.audit.violations_by_table`
    at ``freq``, rules in the order of ``rules``), each count a link to its violations
    with ``drill``; the table's first ``limit`` rows, with a column per rule (``per_rule``)
    or only the root causes and those following apart (a narrow table: the drill-down
    names each violation's rule)."""
    if by_table.empty:
        return Section("periods", "Per table and period",
                       Markup('<p class="empty">No rule is broken in any hand.</p>'))
    ordered = [str(r) for r in rules.index if str(r) in by_table.columns]
    following = [FOLLOWING] if FOLLOWING in by_table.columns else []
    table = by_table[ordered + following].copy()
    table.insert(0, "total", table.sum(axis=1))
    table.insert(1, "root_causes", table[ordered].sum(axis=1))
    flat = table.reset_index()
    where = ("table", "period")
    each = [Col(r, r, "int", f"root causes: {rule_title(r)}",
                link=_link(drill, r, where, freq=freq, rule=r, kind="root"))
            for r in ordered] if per_rule else \
        [Col("root_causes", "root causes", "int", "violations that follow from no earlier "
             "one of their hand", link=_link(drill, "root_causes", where, freq=freq,
                                             kind="root"))]
    cols = [Col("table", "table"), Col("period", "period"),
            Col("total", "total", "int", link=_link(drill, "total", where, freq=freq)),
            *each,
            *(Col(FOLLOWING, "following", "int", "violations following from an earlier one "
                  "of their hand, whatever their rule",
                  link=_link(drill, FOLLOWING, where, freq=freq, kind="following"))
              for _ in following)]
    caption = "Violations per table and period" + (", by rule" if per_rule else "")
    body = _period_chart(by_table, ordered, freq) + table_html(flat, cols, caption=caption,
                                                               limit=limit)
    return Section("periods", "Per table and period", body,
                   "When and where rules were broken: per period (a hand without a date, its "
                   "site printing no time zone, counts in 'undated'), and per table; "
                   + ("each rule's column counts its root causes" if per_rule else
                      "the root causes") + ", and 'following' the violations "
                   "that follow from an earlier one of their hand.",
                   nav="Per table and period")


def _grouped(row: dict[str, str], names: list[str]) -> dict[str, str]:
    """A setting's values with the profiles that take each (``all`` when one value)."""
    by_value: dict[str, list[str]] = {}
    for name in names:
        by_value.setdefault(row[name], []).append(name)
    if len(by_value) == 1:
        text = f"{next(iter(by_value))} (all)"
    else:
        text = "; ".join(f"{value}: {', '.join(who)}" for value, who in by_value.items())
    return {"setting": row["setting"], "values": text, "meaning": _prose(row["meaning"])}


def _prose(docstring: str) -> str:
    """A field's docstring without its reStructuredText marks (``x``, :class:`X`).

    >>> _prose("see :class:`~stud_hh.rules.ShowdownFirst` and ``max_bets - 1``")
    'see ShowdownFirst and max_bets - 1'
    """
    named = re.sub(r":\w+:`~?(?:[\w.]*\.)?([^`.]+)`", r"\1", docstring)
    return named.replace("``", "")


def profile_section(db: Any, profile: str | None) -> Section:
    hands = db.hands(columns=["site", "profile"])
    used = hands.assign(profile=hands["profile"].astype("string"),
                        site=hands["site"].astype("string")).groupby(
        ["profile", "site"]).size().rename("hands").reset_index()
    names = sorted(str(n) for n in used["profile"].dropna().unique())
    settings = pd.DataFrame([_grouped(row, names) for row in
                             reference.profile_settings(names)])
    replays = (f"Replays in this page are made under the {profile} profile (--profile)."
               if profile else "Replays in this page are made under each hand's own site's "
               "profile.")
    body = Markup('<p class="explain">{}</p>').format(replays) + table_html(
        used, [Col("profile", "profile"), Col("site", "site"), Col("hands", "hands", "int")],
        caption="The profile each hand was audited under (stud-hh import --profile)")
    body += table_html(settings, [Col("setting", "setting"), Col("values", "value: profiles"),
                                  Col("meaning", "what it decides")],
                       caption="The house-rule settings of those profiles")
    return Section("profile", "Profile used", body,
                   "Where card rooms differ, a house-rule profile decides; each hand is stored "
                   "with the one it was audited under (docs/rules.md).", nav="Profile")


def _wanted(worst: pd.DataFrame, violations: pd.DataFrame, balance: pd.DataFrame,
            unverifiable: pd.DataFrame) -> Iterable[tuple[str, str]]:
    for frame in (worst, violations, balance, unverifiable):
        yield from zip(frame["site"].astype(str), frame["hand_id"].astype(str), strict=True)


def audit_report(db: Any, *, profile: str | None = None) -> Report:
    """The audit report of every hand of ``db`` (``profile``: the house rules the page's
    replays are made under, shown on the page; by default each hand's site's)."""
    units = audit.money_by_unit(db)
    if units.empty and db.count("failures") == 0:
        raise SelectionError(f"no hands in {db.root}: nothing to audit")
    rules = audit.violations_by_rule(db)
    worst = audit.worst_hands(db, n=10)
    violations = db.violations(columns=["site", "hand_id", "rule", "street", "player", "line",
                                        "message", "file", "follows_line", "follows_rule"])
    violations = violations.sort_values(["site", "hand_id", "line"], kind="stable")
    balance = audit.balance_checks(db)
    checks = audit.unverifiable_checks(db)
    embedded = embed(db, HandLinks.choose(_wanted(worst, violations, balance, checks)),
                     profile=profile)
    links = embedded.links
    freq = period_freq(db.violations(columns=["start_utc"])["start_utc"])
    sections = [verdict_section(units, rules, audit.tally(db)), money_section(units),
                rules_section(rules), periods_section(audit.violations_by_table(db, freq),
                                                      rules, freq),
                sites_section(audit.violations_by_site(db)), worst_section(worst, links),
                violations_section(violations, links), unverifiable_section(checks, links),
                balance_section(balance, links), unreadable_section(db),
                profile_section(db, profile)]
    notes = [links.note()]
    tail = embedded.tail + json_script("stud-hh-embedded", sorted(links.embedded))
    hands = int(units["hands"].sum())
    html = render_page("Compliance audit", f"{hands:,} hands in {db.root}", sections,
                       head=embedded.head, tail=tail, notes=notes)
    return Report(html, "", hands, len(links.embedded), tuple(notes))
