"""The PokerStars grammar is strict: no two terminals of one priority overlap."""

from __future__ import annotations

import pytest
from lark import Lark

from stud_hh.parse import grammar_text


def test_grammar_builds_with_strict_collision_checks() -> None:
    pytest.importorskip("interegular", reason="strict mode needs interegular (a dev dependency)")
    # Raises LexError on any collision between same-priority terminals in one parser state.
    Lark(grammar_text("pokerstars.lark"), parser="lalr", lexer="contextual", strict=True)


def test_grammar_is_lalr_without_conflicts() -> None:
    # Lark raises GrammarError on shift/reduce or reduce/reduce conflicts for LALR.
    parser = Lark(grammar_text("pokerstars.lark"), parser="lalr", lexer="contextual")
    assert parser.options.parser == "lalr"
