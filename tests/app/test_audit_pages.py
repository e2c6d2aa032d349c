"""The audit pages: every number the audit functions' for the filters in the URL, each count
a link to the findings it counts, the findings a page at a time with their root cause, the
export equal to the command line's violations, names never run as scripts, and each page
clean in the browser (no console error, no request outside the app)."""

from __future__ import annotations

import csv
import io
import json
import warnings
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import parse_qsl, urlencode, urlsplit

import pytest
from appserver import Running, open_app
from auditdata import PAYLOAD_NAME, PAYLOAD_TABLE
from pages import read_page

from stud_hh import __version__
from stud_hh.analysis import audit
from stud_hh.app.filters import PageFilters
from stud_hh.cli import main
from stud_hh.store.database import Database

FILTERS = ["", "game=razz", "site=PokerStars&type=cash", "player=hero",
           "site=KingsClub&site=Winamax", "since=2026-01-01", "type=tournament&min_hands=9"]


def _quiet(call: Any, *args: Any, **kwargs: Any) -> Any:
    """A pandas audit function's answer (a date filter warns of the undated hands)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return call(*args, **kwargs)


def _selection(query: str) -> Any:
    return PageFilters.of(parse_qsl(query)).selection()


def _ints(values: list[str | None]) -> list[int]:
    return [int(v or 0) for v in values]


def _links(html: str, prefix: str) -> list[str]:
    return [value for tag, name, value in read_page(html).addresses
            if tag == "a" and name == "href" and value.startswith(prefix)]


@pytest.mark.parametrize("query", FILTERS)
def test_the_audit_page_is_the_audit_functions(audit_app: Running, audit_db: Database,
                                               query: str) -> None:
    answer = audit_app.get(f"/audit?{query}")
    assert answer.status_code == 200
    page = read_page(answer.text)
    select = _selection(query)
    assert _quiet(audit.clean_bill, audit_db, select) in page.words()
    rules = _quiet(audit.violations_by_rule, audit_db, select)
    if len(rules):
        table = page.table("Violations per rule")
        assert table.column("rule") == [str(r) for r in rules.index]
        for head, column in (("violations", "violations"), ("root causes", "root_causes"),
                             ("following", "following"), ("hands", "hands")):
            assert _ints(table.column(head)) == rules[column].tolist()
    sites = _quiet(audit.violations_by_site, audit_db, select)
    assert page.table("Per site").column("site") == list(sites.index)
    assert _ints(page.table("Per site").column("violations")) == sites["violations"].tolist()
    units = _quiet(audit.money_by_unit, audit_db, select)
    assert _ints(page.table("Per money unit").column("hands")) == units["hands"].tolist()
    for link in _links(answer.text, "/audit/"):  # every drill-down keeps the filters
        kept = [pair for pair in parse_qsl(urlsplit(link).query) if pair[0] in
                ("since", "until", "game", "stakes", "type", "player", "min_hands")]
        assert kept == [pair for pair in parse_qsl(query) if pair[0] != "site"]


def _count_of(audit_app: Any, link: str) -> int:
    """How many findings a drill-down page says it lists."""
    answer = audit_app.get(link)
    assert answer.status_code == 200, link
    caption = next(t.caption for t in read_page(answer.text).tables)
    return int(caption.split()[0].replace(",", ""))


def test_each_count_links_to_what_it_counts(audit_app: Running) -> None:
    html = audit_app.get("/audit?type=cash").text
    page = read_page(html)
    counted = [int(v) for v in page.table("Violations per rule").column("violations")]
    links = _links(html, "/audit/violations?")
    assert len(links) > 3 * len(counted)  # violations, root causes, following, hands, ...
    by_rule = {dict(parse_qsl(urlsplit(link).query)).get("rule"): link for link in links
               if "kind" not in link and "period" not in link and "rule" in link}
    rules = page.table("Violations per rule").column("rule")
    for rule, count in zip(rules, counted, strict=True):
        assert _count_of(audit_app, by_rule[str(rule)]) == count
    periods = page.table("Violations per table and period")
    cells = [link for link in links if "period=" in link and "rule=" not in link and
             "kind=" not in link]
    assert [_count_of(audit_app, link) for link in cells] == _ints(periods.column("total"))
    unverifiable = _links(html, "/audit/unverifiable?")
    checks = _ints(page.table("Per rule").column("checks"))
    assert [_count_of(audit_app, link) for link in unverifiable] == checks


def test_a_finding_names_its_hand_line_player_and_root_cause(audit_app: Running) -> None:
    html = audit_app.get("/audit/violations?rule=pot.not-balanced&kind=following").text
    table = read_page(html).tables[0]
    assert table.column("hand") == ["3703449"]
    assert table.column("line") == ["54"]
    assert table.column("root cause or consequence") == \
        ["follows from line 54 (pot.wrong-winner)"]
    assert '<a class="hand" href="/hand/KingsClub/3703449">3703449</a>' in html
    assert audit_app.get("/hand/KingsClub/3703449").status_code == 200  # the replayer's page
    kept = audit_app.get("/audit/violations?type=cash&rule=ante.missing").text
    assert all(link.endswith("?type=cash") for link in _links(kept, "/hand/"))
    roots = read_page(audit_app.get("/audit/violations?kind=root&site=Winamax").text).tables[0]
    assert set(roots.column("root cause or consequence")) == {"root cause"}
    players = read_page(audit_app.get("/audit/violations?type=cash").text).tables[0]
    assert "Hero" in players.column("player")


def test_a_long_list_comes_a_page_at_a_time(audit_app: Running, audit_db: Database) -> None:
    total = len(audit_db.violations())
    assert total > 100
    first = audit_app.get("/audit/violations")
    rows = read_page(first.text).tables[0].rows
    assert len(rows) == 100
    assert f"1–100 of {total:,}" in read_page(first.text).words()
    assert "/audit/violations?page=2" in _links(first.text, "/audit/violations?page")
    last = (total - 1) // 100 + 1
    final = read_page(audit_app.get(f"/audit/violations?page={last}").text)
    assert len(final.tables[0].rows) == total - 100 * (last - 1)
    assert "Next" not in final.words()
    every = [r for n in range(1, last + 1)
             for r in read_page(audit_app.get(f"/audit/violations?page={n}").text).tables[0].rows]
    assert len(every) == total == len({tuple(r) for r in every})


def _csv(text: str) -> tuple[list[str], list[dict[str, str]]]:
    header = [line for line in text.splitlines() if line.startswith("#")]
    body = "\n".join(line for line in text.splitlines() if not line.startswith("#"))
    return header, list(csv.DictReader(io.StringIO(body)))


def _keys(rows: Any) -> list[tuple[str, ...]]:
    return sorted((str(r["site"]), str(r["hand_id"]), str(int(r["line"])), str(r["rule"]),
                   "" if r["follows_line"] in (None, "") or r["follows_line"] != r["follows_line"]
                   else str(int(r["follows_line"]))) for r in rows)


@pytest.mark.parametrize("query", FILTERS)
def test_the_exported_violations_are_the_selections(audit_app: Running, audit_db: Database,
                                                    query: str) -> None:
    _, rows = _csv(audit_app.get(f"/audit/findings.csv?{query}").text)
    found = json.loads(audit_app.get(f"/audit/findings.json?{query}").text)["findings"]
    expected = _quiet(audit_db.violations, select=_selection(query))
    violations = [r for r in rows if r["kind"] == "violation"]
    assert _keys(violations) == _keys(expected.to_dict("records"))
    assert _keys(f for f in found if f["kind"] == "violation") == _keys(violations)
    assert all(r["root_cause"] == ("False" if r["follows_line"] else "True")
               for r in violations)
    checks = _quiet(audit.unverifiable_checks, audit_db, quote=False, select=_selection(query))
    assert sum(r["kind"] == "unverifiable" for r in rows) == len(checks)
    balance = _quiet(audit.balance_checks, audit_db, _selection(query))
    assert sorted(r["hand_id"] for r in rows if r["kind"] == "unbalanced") == \
        sorted(balance["hand_id"])
    assert sum(r["kind"] == "unreadable" for r in rows) == audit_db.count("failures")


def test_the_export_is_what_stud_hh_audit_reports(audit_app: Running, audit_database: Path,
                                                  corpus: Path, capsys: Any) -> None:
    """Every hand replayed again by ``stud-hh audit --format jsonl``: the same violations,
    line for line, root causes and consequences alike."""
    capsys.readouterr()
    main(["audit", "--format", "jsonl", str(audit_database.parent / "sim"), str(corpus)])
    said = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    reported = sorted((str(Path(r["file"]).resolve()), r["line"], r["rule"], r["hand_id"],
                       r["follows_line"])
                      for r in said if r["kind"] == "violation")
    _, rows = _csv(audit_app.get("/audit/findings.csv").text)
    exported = sorted((str(Path(r["file"]).resolve()), int(r["line"]), r["rule"], r["hand_id"],
                       int(r["follows_line"]) if r["follows_line"] else None)
                      for r in rows if r["kind"] == "violation")
    assert exported == reported
    assert len(exported) > 100


def test_the_export_says_what_it_holds(audit_app: Running, audit_db: Database,
                                       audit_database: Path) -> None:
    answer = audit_app.get("/audit/findings.csv?game=razz&type=tournament")
    assert answer.headers["content-type"].startswith("text/csv")
    assert answer.headers["content-disposition"].startswith(
        'attachment; filename="stud-hh-findings-')
    header, _ = _csv(answer.text)
    said = dict(line[2:].split(": ", 1) for line in header[1:])
    assert said["database"] == str(audit_database)
    assert said["filters"] == "game=razz; type=tournament"
    assert said["stud-hh version"] == __version__
    moment = datetime.strptime(said["exported (UTC)"], "%Y-%m-%dT%H:%M:%SZ").replace(
        tzinfo=UTC)
    assert abs(datetime.now(UTC) - moment) < timedelta(minutes=10)
    select = _selection("game=razz&type=tournament")
    assert said["verdict"] == _quiet(audit.clean_bill, audit_db, select)
    export = json.loads(audit_app.get("/audit/findings.json?game=razz&type=tournament").text)
    assert export["export"]["filters"] == {"game": ["razz"], "type": ["tournament"]}
    assert export["export"]["verdict"] == said["verdict"]
    assert export["columns"] == list(export["findings"][0])


def test_a_drill_downs_export_holds_its_violations(audit_app: Running, audit_db: Database) -> None:
    rule = str(audit.violations_by_rule(audit_db).index[0])
    html = audit_app.get(f"/audit/violations?rule={rule}&kind=root&game=stud").text
    export = _links(html, "/audit/findings.csv?")[0]
    assert dict(parse_qsl(urlsplit(export).query)) == {"game": "stud", "rule": rule,
                                                       "kind": "root"}
    header, rows = _csv(audit_app.get(export).text)
    assert {r["rule"] for r in rows} == {rule}
    assert {r["kind"] for r in rows} == {"violation"}
    assert {r["root_cause"] for r in rows} == {"True"}
    assert len(rows) == int(read_page(html).tables[0].caption.split()[0])
    assert f"# narrowed to: rule {rule}, root causes" in header


@pytest.mark.parametrize(("path", "words"), [
    ("/audit?site=Nowhere", "no hands of site 'Nowhere'"),
    ("/audit?game=poker", "no game 'poker'"),
    ("/audit?player=Nobody", "Nobody"),
    ("/audit/violations?rule=bet.nonsense", "no rule 'bet.nonsense'"),
    ("/audit/violations?period=March", "period: a date"),
    ("/audit/violations?page=0", "page: a whole number from 1"),
    ("/audit/unverifiable?rule=nonsense", "no rule 'nonsense'"),
])
def test_a_mistake_in_the_url_is_said_on_the_page(audit_app: Running, path: str,
                                                  words: str) -> None:
    answer = audit_app.get(path)
    assert answer.status_code == 400
    assert words in read_page(answer.text).words()
    assert "Traceback" not in answer.text


def test_a_mistake_in_an_exports_url_is_said(audit_app: Running) -> None:
    answer = audit_app.get("/audit/findings.json?site=Nowhere")
    assert answer.status_code == 400
    assert "no hands of site 'Nowhere'" in answer.text


def test_names_from_the_histories_are_text(audit_app: Running) -> None:
    for path in ("/audit/violations?type=cash", "/audit/violations?type=tournament",
                 "/audit?type=cash"):
        html = audit_app.get(path).text
        assert PAYLOAD_NAME not in html
        assert PAYLOAD_TABLE not in html
    cash = audit_app.get("/audit/violations?type=cash").text
    assert "&lt;script&gt;window.pwned=2&lt;/script&gt;" in cash
    assert PAYLOAD_TABLE in read_page(cash).words()
    tournament = audit_app.get("/audit/violations?type=tournament").text
    assert PAYLOAD_NAME in read_page(tournament).words()


def test_the_filters_stay_in_the_url(audit_app: Running) -> None:
    html = audit_app.get("/audit/violations?game=stud&rule=ante.missing&kind=root").text
    page = read_page(html)
    nav = [link for link in page.nav if link.startswith("/")]
    assert "/tournaments?game=stud" in nav
    assert "/audit?game=stud" in _links(html, "/audit?")
    assert '<input type="hidden" name="rule" value="ante.missing">' in html
    assert '<input type="hidden" name="kind" value="root">' in html
    assert "<option selected>stud</option>" in html


PAGES = ["/audit", "/audit?game=razz&type=tournament", "/audit/violations?type=cash",
         "/audit/violations?rule=pot.not-balanced", "/audit/unverifiable",
         "/audit/violations?" + urlencode({"player": PAYLOAD_NAME})]


@pytest.mark.parametrize("path", PAGES)
def test_each_page_opens_clean_and_runs_no_name(browser: Any, audit_app: Running,
                                                path: str) -> None:
    with open_app(browser, audit_app, path) as opened:
        page = opened.page
        charts = page.locator("div.chart").count()
        if charts:
            page.wait_for_selector(f"div.chart[data-drawn=true] >> nth={charts - 1}")
        assert page.evaluate("typeof window.pwned") == "undefined"
        assert page.locator("img[onerror]").count() == 0
        assert page.locator("script:not([src]):not([type='application/json'])").count() == 0
        opened.assert_clean()


def test_a_name_a_spreadsheet_would_run_is_text_in_the_csv() -> None:
    import pandas as pd

    from stud_hh.analysis.audit_duck import FINDING_COLUMNS
    from stud_hh.app.pages.audit_export import csv_text, json_text

    row = dict.fromkeys(FINDING_COLUMNS)
    row.update(kind="violation", site="PokerStars", hand_id="7", line=3, rule="bet.wrong-size",
               player='=HYPERLINK("http://x")', message="@SUM(A1) bets $1", root_cause=True)
    header = {"title": "t", "database": "d", "filters": {}, "selection": "every hand",
              "narrowed_to": None, "stud_hh_version": "v", "exported_utc": "now",
              "verdict": "v", "undated_left_out": 0, "note": "n"}
    frame = pd.DataFrame([row])
    _, rows = _csv(csv_text(header, frame))
    assert rows[0]["player"] == "'=HYPERLINK(\"http://x\")"
    assert rows[0]["message"] == "'@SUM(A1) bets $1"
    assert rows[0]["line"] == "3"
    assert json.loads(json_text(header, frame))["findings"][0]["player"] == \
        '=HYPERLINK("http://x")'  # JSON keeps every text as stored
