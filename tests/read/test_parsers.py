"""Promise: a parse is re-entrant. The sites' Lark parsers fill in a builder while they
read a hand; a parse that starts while another is under way, in another thread or from
inside a parse, reads with a parser of its own, and each gives what it gives alone."""

from __future__ import annotations

import itertools
import os
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from stud_hh.model.hand import ParseFailure
from stud_hh.read.parse import parse_hand, parse_text
from stud_hh.read.parsers import borrow, give_back
from stud_hh.read.sites import POKERSTARS
from stud_hh.read.split import raw_hands


@pytest.fixture
def switching() -> Iterator[None]:
    """Threads switched as often as the interpreter can: overlapping parses are certain."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def _read(text: str) -> list[object]:
    """What ``text`` reads as, failures by their error's words (an error is equal only
    to itself)."""
    return [(type(r.error).__name__, str(r.error), r.raw_text, r.first_line, r.site)
            if isinstance(r, ParseFailure) else r for r in parse_text(text)]


@pytest.fixture(scope="module")
def site_hand_texts(corpus: Path) -> list[str]:
    """The texts of up to 40 hands of each site of the corpus (its raw hands, as the
    splitter cuts them: those that fail are read too)."""
    texts = []
    for folder in sorted(p for p in corpus.iterdir() if p.is_dir()):
        raws = (raw for path in sorted(folder.rglob("*")) if path.is_file()
                for raw in raw_hands(path) if raw.is_hand and raw.kind == "text")
        texts += [raw.text for raw in itertools.islice(raws, 40)]
    return texts


def test_hands_read_in_threads_at_once_read_as_they_do_alone(
        site_hand_texts: list[str], switching: None) -> None:
    texts = site_hand_texts
    alone = [_read(text) for text in texts]
    assert any(isinstance(r, tuple) for read in alone for r in read)  # failures too
    found: dict[int, list[list[object]]] = {}
    errors: list[BaseException] = []

    def read(n: int) -> None:
        try:
            found[n] = [_read(text) for text in texts]
        except BaseException as exc:  # a bare error would end the thread unseen
            errors.append(exc)

    threads = [threading.Thread(target=read, args=(n,)) for n in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert not errors, errors[0]
    for n in range(4):
        different = [i for i, results in enumerate(found[n]) if results != alone[i]]
        assert not different, f"thread {n}: {len(different)} hands read otherwise than alone"


@pytest.mark.skipif(bool(os.environ.get("STUD_HH_EXPECT_COMPILED")),
                    reason="a compiled builder's methods cannot be replaced on an instance; "
                    "the pure build runs this test")
def test_a_hand_read_from_inside_a_parse_leaves_that_parse_whole(
        stars_hand_texts: list[tuple[str, str]]) -> None:
    (_, outer), (_, inner) = stars_hand_texts[0], stars_hand_texts[1]
    alone_outer, alone_inner = parse_hand(outer), parse_hand(inner)
    parser = borrow(POKERSTARS)
    begin = parser.builder.begin
    nested = []

    def begin_and_read_another(*args: object) -> None:
        begin(*args)
        nested.append(parse_hand(inner))  # a parse inside this parse: its own parser

    parser.builder.begin = begin_and_read_another
    give_back(parser)
    try:
        assert parse_hand(outer) == alone_outer
    finally:
        parser.builder.begin = begin
    assert nested == [alone_inner]
    assert alone_outer != alone_inner
