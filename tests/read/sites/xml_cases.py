"""What the iPoker and Merge tests share: corpus rows, results by kind, flipped profiles,
and hand-made hostile XML (entity bombs, external entities).

The hostile documents are written by the tests into a temporary folder; nothing
here is a corpus file.
"""

from __future__ import annotations

import csv
import dataclasses
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest
from conftest import CORPUS_DIR, CORPUS_MISSING

from stud_hh import ParsedHand, ParseFailure, parse_file, rules
from stud_hh.model.events import HandEvent
from stud_hh.model.hand import SkippedHand
from stud_hh.replay import replay


def index_rows(folder: str) -> list[dict[str, str]]:
    """The INDEX.csv rows of one corpus folder (none when the corpus is absent)."""
    if not CORPUS_DIR.is_dir():
        return []
    with (CORPUS_DIR / "INDEX.csv").open(encoding="utf-8") as f:
        return [row for row in csv.DictReader(f) if row["file"].startswith(folder + "/")]


def results(path: Path) -> tuple[list[ParsedHand], list[ParseFailure], list[SkippedHand]]:
    """The hands, failures and skipped hands of one file."""
    found = list(parse_file(path))
    return ([r for r in found if isinstance(r, ParsedHand)],
            [r for r in found if isinstance(r, ParseFailure)],
            [r for r in found if isinstance(r, SkippedHand)])


def corpus_folder(name: str) -> Path:
    """``../shared/corpus/<name>``; skips the test when the corpus is absent."""
    folder = CORPUS_DIR / name
    if not folder.is_dir():
        pytest.skip(CORPUS_MISSING)
    return folder


def folder_hands(name: str) -> list[ParsedHand]:
    """Every hand read from the history files of one corpus folder."""
    paths = sorted(p for p in corpus_folder(name).iterdir() if p.suffix in (".xml", ".txt"))
    return [hand for path in paths for hand in results(path)[0]]


def flipped(base: str, hands: list[ParsedHand], **change: Any) -> list[tuple[str, str]]:
    """``(hand id, rule)`` of every violation when ``hands`` replay under profile ``base``
    with ``change`` applied."""
    name = f"_{base}_flipped"
    rules.PROFILES[name] = dataclasses.replace(rules.PROFILES[base], name=name, **change)
    try:
        return sorted({(h.hand_id, v.rule) for h in hands for v in replay(h, name).violations})
    finally:
        del rules.PROFILES[name]


def line_of(text: str, needle: str) -> int:
    """The line of ``text`` on which ``needle`` first stands."""
    return text.count("\n", 0, text.index(needle)) + 1


def without_lines(events: Iterable[HandEvent]) -> list[HandEvent]:
    """Events with their line numbers set to 0: what they say, not where."""
    return [dataclasses.replace(e, line=0) for e in events]


def billion_laughs(root: str) -> str:
    """A document type declaring ten nested entities: ``&lol9;`` is 10**9 times "lol"."""
    lines = [f"<!DOCTYPE {root} [", ' <!ENTITY lol0 "lol">']
    lines += [f' <!ENTITY lol{i} "{f"&lol{i - 1};" * 10}">' for i in range(1, 10)]
    return "\n".join([*lines, "]>"]) + "\n"


def external_entity(root: str) -> str:
    """A document type declaring an entity read from a local file (an XXE probe)."""
    return f'<!DOCTYPE {root} [<!ENTITY lol9 SYSTEM "file:///etc/passwd">]>\n'


def external_dtd(root: str) -> str:
    """A document type fetched from elsewhere (which would declare ``lol9``)."""
    return f'<!DOCTYPE {root} SYSTEM "http://127.0.0.1:9/laughs.dtd">\n'


HOSTILE = {"billion laughs": billion_laughs, "external entity": external_entity,
           "external DTD": external_dtd}
"""Hostile document type declarations by name; each makes ``&lol9;`` mean something."""


def assert_refused(path: Path, hand_id: str, line: int) -> None:
    """The hand in ``path`` is a failure that says its document type was refused."""
    hands, failures, skipped = results(path)
    assert hands == []
    assert skipped == []
    (failure,) = failures
    assert failure.reason.startswith("refused: the hand declares a document type"), failure.reason
    assert failure.path == str(path)
    assert failure.line == line
    assert failure.hand_id == hand_id
