"""The text sites' Lark parsers: built from their grammars, cached on disk, lent to one
parse at a time.

A site's parser is its grammar's LALR tables with the site's builder
(:attr:`~stud_hh.read.sites.Dialect.make_builder`) wired in as the transformer: the
builder collects a hand's events while Lark reads it, so a parser holds the state of the
one hand it is reading. :func:`borrow` lends a parser no other parse is using and
:func:`give_back` returns it for the next hand: a parse that starts while another is
under way (in another thread, or from inside a parse) reads with a parser of its own,
never with one another parse is filling in.

>>> from stud_hh.read.sites import POKERSTARS
>>> first = borrow(POKERSTARS)
>>> second = borrow(POKERSTARS)  # while the first is out: another parser
>>> first is second, first.builder is second.builder
(False, False)
>>> give_back(second); give_back(first)
>>> again = borrow(POKERSTARS)
>>> again is first  # the last given back is lent again
True
>>> give_back(again)
"""

from __future__ import annotations

import hashlib
import os
import sys
from dataclasses import dataclass
from typing import Any

import lark
from lark import Lark

from stud_hh.read.grammars import SHARED_GRAMMAR, grammar_folder, grammar_text
from stud_hh.read.sites import Dialect

_PLUGINS: dict[str, Any] | None = None
if not os.environ.get("STUD_HH_PURE_LARK"):
    try:  # lark-cython runs the same LALR tables faster; plain lark is the fallback
        import lark_cython

        _PLUGINS = lark_cython.plugins
    except ImportError:  # pragma: no cover - depends on the platform
        _PLUGINS = None


@dataclass(frozen=True, slots=True)
class SiteParser:
    """A dialect's Lark parser and the builder it fills in while it reads a hand."""

    dialect: Dialect
    lark: Lark
    builder: Any


_FREE: dict[Dialect, list[SiteParser]] = {}
"""The parsers built so far and not lent out, by dialect: as many of a dialect as have
read hands of it at one time (one, unless parses overlap)."""


def borrow(dialect: Dialect) -> SiteParser:
    """A parser of ``dialect`` that no other parse holds: one given back earlier, or a new
    one (:func:`build`). Give it back (:func:`give_back`) when the hand is read, also when
    the reading failed."""
    free = _FREE.get(dialect)
    if free:
        try:
            return free.pop()
        except IndexError:  # another thread took the last one since the test
            pass
    return build(dialect)


def give_back(parser: SiteParser) -> None:
    """Make ``parser`` (from :func:`borrow`) free for the next hand of its dialect."""
    _FREE.setdefault(parser.dialect, []).append(parser)


def build(dialect: Dialect) -> SiteParser:
    """A new LALR parser of ``dialect``, with a builder of its own as the transformer.

    The grammar's tables are cached on disk (:func:`cache_key`), which also keeps
    interegular's slow collision scan out of the runtime path; a parser after the first
    costs the load of that file. ``tests/read/test_grammar.py`` builds each grammar with
    ``strict=True`` instead.
    """
    builder = dialect.make_builder()
    text = grammar_text(dialect.grammar)
    folder = _cache_folder()
    imports = grammar_folder()
    options: dict[str, Any] = {
        "parser": "lalr",
        "lexer": "contextual",
        "transformer": builder,
        "maybe_placeholders": False,
        "import_paths": [imports],
    }
    if _PLUGINS is not None:
        options["_plugins"] = _PLUGINS
    if folder:
        options["cache"] = os.path.join(
            folder, f"{dialect.grammar}.{cache_key(text, imports, _PLUGINS is not None)}.cache")
    try:
        parser = Lark(text, **options)
    except OSError:  # the cache file cannot be written: build without it
        options.pop("cache", None)
        parser = Lark(text, **options)
    return SiteParser(dialect, parser, builder)


def _cache_folder() -> str:
    """``$XDG_CACHE_HOME/stud_hh`` (or ``~/.cache/stud_hh``), made when missing; ``""``
    when it cannot be made (a read-only home: the grammar is then built every time)."""
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    folder = os.path.join(base, "stud_hh")
    try:
        os.makedirs(folder, exist_ok=True)
    except OSError:
        return ""
    return folder


def cache_key(text: str, imports: str, plugins: bool) -> str:
    """The name of a grammar's cached tables: a hash of all that Lark checks a cache file
    against (the grammar, the ``common.lark`` it imports, the folder it imports from,
    Lark's and Python's versions, lark-cython or not).

    Lark rebuilds the tables (0.3-1 s a grammar) and writes the file again whenever one
    of these differs from the file's, so two installations (the source tree and the
    compiled wheel, two virtual environments) sharing one file name would rebuild it in
    turn, each process of each: each has a file of its own.

    >>> cache_key("g", "/a", True) == cache_key("g", "/b", True)
    False
    """
    return hashlib.sha256("\x1f".join((
        text, grammar_text(SHARED_GRAMMAR), imports, lark.__version__,
        str(sys.version_info[:2]), str(plugins))).encode()).hexdigest()[:16]
