"""The PokerStars grammar: strict, conflict-free, and the transformer reads lines its way.

The grammar's terminals are runs of lines; each line in a run must have one of
the line shapes defined in the grammar (``_BET``, ``_DEAL``, ...), the first
shape of the alternation winning. Those shapes are written into the grammar file from
the table the transformer's regular expressions are made from
(:mod:`stud_hh.read.sites.pokerstars_lines`): the file must hold what the table writes,
and the transformer's :func:`classify` must take exactly the same decision for every
line, which is checked here against regular expressions compiled by Lark from the
grammar file itself.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from lark import Lark
from lark import lexer as lark_lexer

from stud_hh.read.grammars import grammar_folder, grammar_text
from stud_hh.read.reader import read_hands
from stud_hh.read.sites import starts_hand
from stud_hh.read.sites.pokerstars import classify
from stud_hh.read.sites.pokerstars_lines import (
    ACTIONS,
    COMMON,
    LINE_ORDER,
    PRE_ORDER,
    grammar_with_terminals,
    lark_terminals,
)

ROOT = Path(__file__).resolve().parents[2]
CORPUS = ROOT.parent / "shared" / "corpus"

# Each line shape of the grammar as a terminal of its own.
_SHAPE_TERMINALS = {
    "DEAL": "_DEAL",
    "UNCALLED": "_UNCALLED",
    "ANNOUNCE": "_ANNOUNCE",
    "ANTE": "_ANTE",
    **{kind: f'_NAME ": " _{kind} "\\n"' for kind in ACTIONS},
    "COLLECT": "_COLLECT",
}
def _probe_grammar(kinds: list[str], priority: int = 1) -> str:
    """The grammar file plus a rule that lexes one line of any of ``kinds``."""
    rules = "probe: " + " | ".join(f"P_{k}" for k in kinds) + "\n"
    terminals = "".join(f"P_{k}.{priority}: {_SHAPE_TERMINALS[k]}\n" for k in kinds)
    return grammar_text("pokerstars.lark") + "\n" + rules + terminals


def _shape_regexes() -> dict[str, re.Pattern[str]]:
    kinds = list(_SHAPE_TERMINALS)
    # Only the compiled regexes are wanted: skip lark's interegular overlap scan, which
    # takes minutes on shapes that all start with "any text" (see PERFORMANCE.md).
    saved, lark_lexer.has_interegular = lark_lexer.has_interegular, False
    try:
        parser = Lark(_probe_grammar(kinds), parser="lalr",
                      import_paths=[grammar_folder()], lexer="basic", start="probe")
    finally:
        lark_lexer.has_interegular = saved
    found = {t.name[2:]: re.compile(t.pattern.to_regexp()) for t in parser.terminals
             if t.name.startswith("P_")}
    assert set(found) == set(kinds)
    return found


SHAPES = _shape_regexes()


def grammar_decision(line: str, order: tuple[str, ...]) -> str | None:
    """The first line shape of ``order`` that the grammar's own regex accepts."""
    return next((kind for kind in order if SHAPES[kind].fullmatch(line + "\n")), None)


def test_the_grammar_holds_the_line_shapes_the_table_writes() -> None:
    text = grammar_text("pokerstars.lark")
    assert lark_terminals() in text
    assert grammar_with_terminals(text) == text, (
        "grammar/pokerstars.lark differs from stud_hh/read/sites/pokerstars_lines.py: run "
        "make shapes")


def _common_regexes() -> dict[str, re.Pattern[str]]:
    """The pieces the shapes take from ``grammar/common.lark``, as Lark compiles them."""
    names = sorted(COMMON)
    grammar = (f"%import .common ({', '.join(names)})\nprobe: " + " | ".join(
        f"P{n}" for n in names) + "\n" + "".join(f"P{n}: {n}\n" for n in names))
    parser = Lark(grammar, parser="lalr", import_paths=[grammar_folder()], lexer="basic",
                  start="probe")
    return {t.name[1:]: re.compile(t.pattern.to_regexp()) for t in parser.terminals}


COMMON_REGEXES = _common_regexes()


@settings(max_examples=300, deadline=None)
@given(st.data())
def test_the_pieces_from_common_lark_read_there_as_the_table_says(data: st.DataObject) -> None:
    # the table spells _NAME, _CARDS, _HAND and _ALL_IN in Python as well: each spelling
    # accepts exactly what the other does
    name = data.draw(st.sampled_from(sorted(COMMON)))
    ours = re.compile(COMMON[name].regex)
    lark = COMMON_REGEXES[name]
    for regex in (ours, lark):
        sample = data.draw(st.from_regex(regex, fullmatch=True))
        assert bool(ours.fullmatch(sample)) == bool(lark.fullmatch(sample)), (name, sample)


def test_grammar_builds_with_strict_collision_checks() -> None:
    pytest.importorskip("interegular", reason="strict mode needs interegular (a dev dependency)")
    # Raises LexError on any collision between same-priority terminals in one parser state.
    Lark(grammar_text("pokerstars.lark"), parser="lalr",
         import_paths=[grammar_folder()], lexer="contextual", strict=True)


# A street terminal: its opening line, then ``_LINE*`` (every line of the street).
_STREET_TERMINAL = re.compile(r"^(STREET[3-6]|RIVER|SHOWDOWN)\.\d+: (.*?) _LINE\*$", re.M)
_SECTION_ENDS = ("STREET3", "STREET4", "STREET5", "STREET6", "RIVER", "SHOWDOWN", "SUMMARY",
                 "CANCELLED")
"""The terminals whose opening line ends the street before it."""


def _openers_grammar() -> str:
    """The grammar with each street terminal cut to its opening line, all at one priority:
    the check of :func:`test_grammar_builds_with_strict_collision_checks` then compares
    the streets too (each street has a priority of its own in the grammar, see there)."""
    text, count = _STREET_TERMINAL.subn(r"\1.4: \2", grammar_text("pokerstars.lark"))
    assert count == 6
    return text


def _opener_regexes() -> dict[str, str]:
    saved, lark_lexer.has_interegular = lark_lexer.has_interegular, False
    try:
        parser = Lark(_openers_grammar(), parser="lalr", import_paths=[grammar_folder()],
                      lexer="contextual")
    finally:
        lark_lexer.has_interegular = saved
    return {t.name: t.pattern.to_regexp() for t in parser.terminals if t.name in _SECTION_ENDS}


OPENERS = _opener_regexes()


def test_the_streets_opening_lines_never_collide() -> None:
    pytest.importorskip("interegular", reason="strict mode needs interegular (a dev dependency)")
    assert set(OPENERS) == set(_SECTION_ENDS)
    Lark(_openers_grammar(), parser="lalr", import_paths=[grammar_folder()],
         lexer="contextual", strict=True)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(sorted(OPENERS)).flatmap(
    lambda name: st.from_regex(OPENERS[name], fullmatch=True)))
def test_no_opening_line_is_a_line_of_the_street_before_it(opener: str) -> None:
    # A street's terminal takes every line after its opening line that has a line shape:
    # the next street's opening line (in any case the grammar accepts) must have none.
    assert not any(shape.fullmatch(opener) for shape in SHAPES.values()), opener


def test_grammar_is_lalr_without_conflicts() -> None:
    # Lark raises GrammarError on shift/reduce or reduce/reduce conflicts for LALR.
    parser = Lark(grammar_text("pokerstars.lark"), parser="lalr",
                  import_paths=[grammar_folder()], lexer="contextual")
    assert parser.options.parser == "lalr"


def _history_lines() -> list[str]:
    folders = [ROOT / "sample_histories"]
    if (CORPUS / "Stars").is_dir():
        folders.append(CORPUS / "Stars")
    lines: list[str] = []
    for folder in folders:
        for path in sorted(folder.rglob("*.txt")):
            for raw in read_hands(path, starts_hand):
                lines.extend(raw.text.splitlines())
    return lines


LINES = _history_lines()


def test_classifier_agrees_with_the_grammar_on_every_real_line() -> None:
    assert len(LINES) > 1000
    for order in (LINE_ORDER, PRE_ORDER):
        for line in LINES:
            found = classify(line, order)
            assert (found[0] if found else None) == grammar_decision(line, order), line


TRICKY = [
    "Mr: Fox: raises $0.05 to $0.10",
    "Dealt to Bob: folds [Ah]",
    "Uncalled bet ($1) returned to Ann: checks",
    "Bob has timed out: calls 5",
    "Bob has timed out: calls 5x",
    "A: folds [x: calls 5]",
    "A: shows [Ah Kd] (HI: a flush; LO: 8,7,5,3,2)",
    "A: shows [Ah] (b: folds [c])",
    'A said, "B: bets 5"',
    "A: posts the ante 5 and is all-in",
    "A: brings in for $0.02 and is all-in",
    "A collected $1 from side pot-2",
    "A: mucks hand [Ah Kd]",
    "Pair on board - a double bet is allowed",
    "A: is sitting out",
    ": checks",
    "A: checks ",
    "A: bets",
    "A: completes to $0.04",
]


@pytest.mark.parametrize("line", TRICKY)
def test_classifier_agrees_with_the_grammar_on_tricky_lines(line: str) -> None:
    for order in (LINE_ORDER, PRE_ORDER):
        found = classify(line, order)
        assert (found[0] if found else None) == grammar_decision(line, order)


_ALPHABET = st.sampled_from([*"ab :$.,[]()0123456789\"#-",
    ": calls ", ": bets ", ": raises ", " to ", ": checks", ": folds", ": shows ",
    " and is all-in", " collected ", " from pot", " said, \"", "Dealt to ", " has timed out",
    ": posts the ante ", ": brings in for ", ": mucks hand", "Uncalled bet (", ") returned to ",
])


@settings(max_examples=400, deadline=None)
@given(st.lists(_ALPHABET, min_size=1, max_size=12).map("".join),
       st.sampled_from(LINES[:2000] or ["Bob: calls $0.02"]))
def test_classifier_agrees_with_the_grammar_on_generated_lines(piece: str, real: str) -> None:
    for line in (piece, real + piece, piece + real):
        line = line.replace("\n", " ")
        for order in (LINE_ORDER, PRE_ORDER):
            found = classify(line, order)
            assert (found[0] if found else None) == grammar_decision(line, order), line


def test_each_installation_keeps_its_own_cached_grammar(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Lark checks a cached grammar against the folder it imports ``common.lark`` from,
    and rebuilds and rewrites the file when that differs: the source tree and the
    compiled wheel (or two environments) used in turn must not rebuild it in turn."""
    import shutil

    from stud_hh.read import parsers
    from stud_hh.read.sites import DIALECTS

    if not parsers.__file__.endswith(".py"):
        pytest.skip("compiled, the module's functions cannot be replaced")
    stars = next(d for d in DIALECTS if d.grammar.startswith("pokerstars"))
    folders = []
    for name in ("one", "two"):
        folder = tmp_path / name
        shutil.copytree(grammar_folder(), folder)
        folders.append(str(folder))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    written: dict[Path, int] = {}
    for folder in (*folders, *folders):
        monkeypatch.setattr(parsers, "grammar_folder", lambda folder=folder: folder)
        parsers.build(stars)
        for cached in (tmp_path / "cache" / "stud_hh").glob("*.cache"):
            written.setdefault(cached, cached.stat().st_mtime_ns)
            assert cached.stat().st_mtime_ns == written[cached], f"{cached.name} rebuilt"
    assert len(written) == 2
