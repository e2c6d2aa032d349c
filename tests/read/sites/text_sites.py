"""What the tests of the smaller text sites share (Everleaf, OnGame, Absolute, Bovada).

The corpus is read in place from ``../shared/corpus``; every helper that needs
it skips the test with a clear message when it is absent.
"""

from __future__ import annotations

import csv
import dataclasses
import itertools
import re
from collections.abc import Iterable, Mapping
from pathlib import Path

import pytest
from conftest import CORPUS_DIR, CORPUS_MISSING
from lark import Lark
from lark import lexer as lark_lexer

from stud_hh import ParsedHand, ParseFailure, SkippedHand, parse_file, rules
from stud_hh.read.grammars import grammar_folder, grammar_text
from stud_hh.read.reader import read_hands
from stud_hh.read.sites import starts_hand
from stud_hh.read.sites.common import classify_line
from stud_hh.replay import ReplayedHand, replay


def folder(name: str) -> Path:
    """``../shared/corpus/<name>``; skips the test when the corpus is absent."""
    path = CORPUS_DIR / name
    if not path.is_dir():
        pytest.skip(CORPUS_MISSING)
    return path


def index_rows(name: str) -> list[dict[str, str]]:
    """The INDEX.csv rows of the corpus folder ``name`` (none without the corpus)."""
    if not CORPUS_DIR.is_dir():
        return []
    with (CORPUS_DIR / "INDEX.csv").open(encoding="utf-8") as f:
        return [row for row in csv.DictReader(f) if row["file"].startswith(name + "/")]


def hands(name: str) -> list[ParsedHand]:
    """Every hand read from the corpus folder ``name``, files in name order."""
    return [r for path in sorted(folder(name).rglob("*.txt")) for r in parse_file(path)
            if isinstance(r, ParsedHand)]


def check_file_is_read(row: dict[str, str], site: str) -> list[ParsedHand]:
    """Every hand of one INDEX.csv row is read, none skipped or failed; returns them."""
    results = list(parse_file(CORPUS_DIR / row["file"]))
    failures = [r for r in results if isinstance(r, ParseFailure)]
    assert not failures, "\n".join(str(f.error) for f in failures)
    assert not [r for r in results if isinstance(r, SkippedHand)]
    parsed = [r for r in results if isinstance(r, ParsedHand)]
    assert len(parsed) == len(results) == int(row["hands"])
    assert {h.header.site for h in parsed} == {site}
    return parsed


def check_clean(parsed: list[ParsedHand], profile: str) -> list[ReplayedHand]:
    """Every hand replays under its site's profile (``profile``) with no violation and
    balanced money; returns the replayed hands."""
    replayed = [replay(h) for h in parsed]
    problems = [f"{v.path}:{v.line} [hand {v.hand_id}] {v.rule}: {v.message}"
                for r in replayed for v in r.violations]
    assert problems == []
    assert {r.profile for r in replayed} == {profile}
    for r in replayed:
        assert sum(r.nets.values()) == -r.rake, r.hand_id
        assert r.rake >= 0, r.hand_id
    return replayed


def check_stacks_follow(parsed: list[ParsedHand]) -> int:
    """Each player's net is the change of their stack from one hand to the next hand of the
    same table (the stacks are what a site prints about money even when it prints no
    pot, rake or uncalled bet). Returns how many stacks were compared."""
    compared = 0
    for hand, after in itertools.pairwise(parsed):
        if after.header.table != hand.header.table:
            continue
        nets = replay(hand).nets
        before = {s.name: s.stack for s in hand.header.seats}
        for seat in after.header.seats:
            if seat.name in before:
                assert before[seat.name] + nets.get(seat.name, 0) == seat.stack, (
                    hand.hand_id, seat.name)
                compared += 1
    return compared


def flipped(profile: str, parsed: Iterable[ParsedHand], **change: object
            ) -> list[tuple[str, str]]:
    """(hand id, rule) of every violation with one setting of ``profile`` changed."""
    name = f"_{profile}_flipped"
    rules.PROFILES[name] = dataclasses.replace(rules.PROFILES[profile], name=name, **change)
    try:
        return sorted({(h.hand_id, v.rule) for h in parsed for v in replay(h, name).violations})
    finally:
        del rules.PROFILES[name]


def nets_flipped(profile: str, parsed: Iterable[ParsedHand], **change: object) -> list[str]:
    """Hands whose nets change when one setting of ``profile`` is changed."""
    name = f"_{profile}_flipped"
    rules.PROFILES[name] = dataclasses.replace(rules.PROFILES[profile], name=name, **change)
    try:
        return sorted(h.hand_id for h in parsed if replay(h, name).nets != replay(h).nets)
    finally:
        del rules.PROFILES[name]


def strict_grammar(grammar: str) -> None:
    """The grammar builds with Lark's strict collision checks (needs interegular)."""
    pytest.importorskip("interegular", reason="strict mode needs interegular (a dev dependency)")
    Lark(grammar_text(grammar), parser="lalr",
         import_paths=[grammar_folder()], lexer="contextual", strict=True)


def shape_regexes(grammar: str, kinds: Iterable[str],
                  actions: Iterable[str] = ()) -> dict[str, re.Pattern[str]]:
    """Each line shape ``_KIND`` of ``grammar`` (a whole line, with its ``\\n``), compiled
    by Lark from the grammar file itself. ``actions`` are kinds the grammar writes as the
    tail of ``_NAME " " (...) "\\n"`` (Full Tilt, PartyPoker, Winamax): their whole line
    is built the same way."""
    kinds, tails = list(kinds), set(actions)
    probe = ("probe: " + " | ".join(f"P_{k}" for k in kinds) + "\n"
             + "".join(f'P_{k}: _NAME " " _{k} "\\n"\n' if k in tails else f"P_{k}: _{k}\n"
                       for k in kinds))
    # only the regexes are wanted: skip lark's slow interegular overlap scan
    saved, lark_lexer.has_interegular = lark_lexer.has_interegular, False
    try:
        parser = Lark(grammar_text(grammar) + "\n" + probe, parser="lalr",
                      import_paths=[grammar_folder()], lexer="basic",
                      start="probe")
    finally:
        lark_lexer.has_interegular = saved
    found = {t.name[2:]: re.compile(t.pattern.to_regexp()) for t in parser.terminals
             if t.name.startswith("P_")}
    assert set(found) == set(kinds)
    return found


def corpus_lines(name: str) -> list[str]:
    """Every line of every hand in the corpus folder ``name`` (the reader's text)."""
    lines: list[str] = []
    for path in sorted(folder(name).rglob("*.txt")):
        for raw in read_hands(path, starts_hand):
            lines.extend(raw.text.splitlines())
    return lines


def check_classifier(grammar: str, shapes: Mapping[str, re.Pattern[str]],
                     orders: Iterable[tuple[str, ...]], lines: list[str],
                     actions: Iterable[str] = ()) -> None:
    """For every line, the site module's classifier picks the shape the grammar picks."""
    orders = list(orders)
    kinds = {kind for order in orders for kind in order}
    compiled = shape_regexes(grammar, kinds, actions)
    for order in orders:
        for line in lines:
            found = classify_line(shapes, order, line)
            grammar_kind = next((k for k in order if compiled[k].fullmatch(line + "\n")), None)
            assert (found[0] if found else None) == grammar_kind, line
