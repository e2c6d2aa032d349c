"""Plain-JSON views of parse results, for ``stud-hh parse --format jsonl``.

>>> from stud_hh.model.events import Fold
>>> event_dict(Fold(line=3, player="Bob"))
{'event': 'Fold', 'line': 3, 'player': 'Bob'}
"""

from __future__ import annotations

import dataclasses
from datetime import datetime
from enum import Enum
from typing import Any

from stud_hh.model.hand import ParsedHand, ParseFailure, ParseResult, SkippedHand


def _plain(value: Any) -> Any:
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def event_dict(event: Any) -> dict[str, Any]:
    """An event as a flat dict, its class name under ``event``."""
    out: dict[str, Any] = {"event": type(event).__name__}
    for f in dataclasses.fields(event):
        out[f.name] = _plain(getattr(event, f.name))
    return out


def result_dict(result: ParseResult) -> dict[str, Any]:
    """One JSON object per hand: header fields and events, a skip, or a failure."""
    if isinstance(result, ParsedHand):
        header = _plain(result.header)
        return {
            "kind": "hand",
            "path": result.path,
            "first_line": result.first_line,
            "last_line": result.last_line,
            **header,
            "warnings": list(result.warnings),
            "events": [event_dict(e) for e in result.events],
        }
    if isinstance(result, SkippedHand):
        return {"kind": "skipped", **_plain(result)}
    assert isinstance(result, ParseFailure)
    return {
        "kind": "failure",
        "path": result.path,
        "first_line": result.first_line,
        "last_line": result.last_line,
        "site": result.site,
        "hand_id": result.hand_id,
        "line": result.line,
        "column": result.column,
        "reason": result.reason,
        "offending_text": result.offending_text,
        "message": str(result.error),
    }
