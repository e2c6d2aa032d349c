"""The audit's findings exported for a sign-off: ``/audit/findings.csv`` and
``/audit/findings.json``.

The rows are :meth:`~stud_hh.analysis.audit_duck.DuckAudit.findings` of the hands the
filters in the URL select: every violation (a root cause, or following from an earlier
one of its hand), every check the text cannot decide, every hand that does not balance
and every text that could not be read (those are the whole database's: the filters cannot
place them); with a drill-down's narrowing (``rule``, ``kind``, ``table``, ``period``),
only the violations it keeps. A header says what was exported: the database, the
filters, stud-hh's version, the moment of the export (UTC) and the verdict. In the CSV the
header is lines starting with ``#`` before the column names (``pandas.read_csv(...,
comment="#")`` passes over them), and a text a spreadsheet would take for a formula (a name
starting with ``=``, ``+``, ``-`` or ``@``) starts with a ``'``; in the JSON the header is
the object ``export`` beside the ``findings``, and every text is as stored.
"""

from __future__ import annotations

import csv
import io
import json
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

import pandas as pd
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from stud_hh import __version__
from stud_hh.analysis.audit import bill
from stud_hh.analysis.audit_duck import FINDING_COLUMNS, Narrow
from stud_hh.app.filters import PageFilters
from stud_hh.app.pages.audit import audited, narrow_of
from stud_hh.app.web import state
from stud_hh.model.errors import StudHHError

if TYPE_CHECKING:
    import duckdb

    from stud_hh.app.source import Source


def findings(cur: duckdb.DuckDBPyConnection, source: Source, filters: PageFilters,
             narrow: Narrow) -> tuple[dict[str, Any], pd.DataFrame]:
    """The export's header (but the moment of the export) and rows."""
    select = filters.selection()
    with audited(cur, source, select) as audit:
        rows = audit.findings(narrow)
        tally = audit.tally()
        undated = audit.undated()
    described = select.describe()
    header: dict[str, Any] = {
        "title": "stud-hh audit findings",
        "database": str(source.db.root),
        "filters": {name: list(values) for name, values in _grouped(filters).items()},
        "selection": described or "every hand",
        "narrowed_to": narrow.describe() or None,
        "stud_hh_version": __version__,
        "exported_utc": "",
        "verdict": bill(tally),
        "undated_left_out": undated,
        "rows": len(rows),
        "note": ("Unreadable texts are the whole database's: not being hands, the filters "
                 "cannot place them." if narrow.empty else
                 "Only the violations the narrowing keeps."),
    }
    return header, rows


def _grouped(filters: PageFilters) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for name, value in filters.pairs():
        out.setdefault(name, []).append(value)
    return out


def _value(value: Any) -> Any:
    """A cell as JSON has it: missing values null, moments in ISO 8601 (UTC)."""
    if value is None or value is pd.NA or value is pd.NaT:
        return None
    if isinstance(value, float) and value != value:
        return None
    if isinstance(value, pd.Timestamp | datetime):
        return pd.Timestamp(value).tz_convert(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    if hasattr(value, "item"):  # a numpy scalar
        return value.item()
    return value


def _records(rows: pd.DataFrame) -> list[dict[str, Any]]:
    return [{c: _value(v) for c, v in zip(FINDING_COLUMNS, row, strict=True)}
            for row in rows.itertuples(index=False, name=None)]


def csv_text(header: dict[str, Any], rows: pd.DataFrame) -> str:
    """The export as CSV: the header as ``#`` lines, then the columns and a line a row."""
    out = io.StringIO()
    filters = "; ".join(f"{k}={','.join(v)}" for k, v in header["filters"].items())
    for label, value in (("", header["title"]), ("database", header["database"]),
                         ("filters", filters or "none"), ("selection", header["selection"]),
                         ("narrowed to", header["narrowed_to"]),
                         ("stud-hh version", header["stud_hh_version"]),
                         ("exported (UTC)", header["exported_utc"]),
                         ("verdict", header["verdict"]), ("note", header["note"])):
        if value:
            out.write(f"# {label + ': ' if label else ''}{value}\n")
    if header["undated_left_out"]:
        out.write(f"# undated hands left out by the date filter: "
                  f"{header['undated_left_out']}\n")
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FINDING_COLUMNS)
    for record in _records(rows):
        writer.writerow([_sheet_safe(v) for v in record.values()])
    return out.getvalue()


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""What a spreadsheet takes for the start of a formula in a cell."""


def _sheet_safe(value: Any) -> Any:
    """A CSV cell: empty for none; a text from a history that a spreadsheet would run as a
    formula (a player named ``=HYPERLINK(...)``) after a ``'``, which shows it as text.

    >>> [_sheet_safe(v) for v in (None, "=1+2", "-Rocket-", "Hero", 54)]
    ['', "'=1+2", "'-Rocket-", 'Hero', 54]
    """
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def json_text(header: dict[str, Any], rows: pd.DataFrame) -> str:
    """The export as one JSON object: ``export`` (the header), ``columns``, ``findings``."""
    return json.dumps({"export": header, "columns": list(FINDING_COLUMNS),
                       "findings": _records(rows)}, ensure_ascii=False, indent=1)


def _export(request: Request, kind: str) -> Response:
    app = state(request)
    try:
        filters = PageFilters.of(request.query_params.multi_items())
        narrow = narrow_of(request)
        header, rows = app.source.cached(
            ("audit-findings", filters, narrow),
            lambda cur: findings(cur, app.source, filters, narrow))
    except StudHHError as exc:  # a filter naming nothing: said, as on the pages
        return PlainTextResponse(f"stud-hh: {exc}\n", status_code=400)
    header = {**header, "exported_utc": datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")}
    stamp = header["exported_utc"].replace("-", "").replace(":", "")
    name = f"stud-hh-findings-{stamp}.{kind}"
    body = csv_text(header, rows) if kind == "csv" else json_text(header, rows)
    media = "text/csv; charset=utf-8" if kind == "csv" else "application/json"
    return Response(body, media_type=media,
                    headers={"content-disposition": f'attachment; filename="{name}"'})


def findings_csv(request: Request) -> Response:
    return _export(request, "csv")


def findings_json(request: Request) -> Response:
    return _export(request, "json")


ROUTES = [Route("/audit/findings.csv", findings_csv),
          Route("/audit/findings.json", findings_json)]
