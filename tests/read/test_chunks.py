"""Promise: a file cut into chunks (:mod:`stud_hh.read.chunks`) reads, chunk after chunk,
exactly as the whole file reads: the same raw hands with the same text and the same line
numbers of the whole file, so the same parse results, in every encoding and with every
line end the reader knows, for every site of the corpus (its files repeated into large
ones, read in place) and for generated hands written in many ways.

A cut falls only just before a hand (never between the pieces of PartyPoker's opening),
and files that must stay whole (documents, CR-only line ends, megabytes without a header)
are one chunk.
"""

from __future__ import annotations

import codecs
import itertools
import random
from pathlib import Path

import pytest
from helpers import sample_hand_texts, write_renumbered

from stud_hh.read import chunks as chunking
from stud_hh.read.chunks import Chunk, chunk_hands, chunks
from stud_hh.read.parse import result_of
from stud_hh.read.reader import RawHand, detect_encoding, tail_codec
from stud_hh.read.scan import scan_paths
from stud_hh.read.sites import document_format
from stud_hh.read.split import raw_hands

TARGET = 6000
"""Bytes per chunk in these tests: small, so that a file of a few hundred kilobytes is cut
in dozens of places."""


def seen(raw: RawHand) -> tuple[object, ...]:
    """What a raw hand is, but for the ``+cp1252`` note on its encoding (which says a
    cp1252 byte was met somewhere before it in the same read, however the file is cut)."""
    return (raw.path, raw.first_line, raw.text, tuple(raw.line_numbers), raw.is_hand,
            raw.kind, raw.encoding.removesuffix("+cp1252"))


def assert_same_as_whole(path: Path, target: int = TARGET, *, cut: bool = True) -> list[Chunk]:
    whole = [seen(r) for r in raw_hands(path)]
    pieces = chunks(path, target)
    assert pieces[0].start == 0
    assert pieces[-1].end == path.stat().st_size
    for before, after in itertools.pairwise(pieces):
        assert before.end == after.start
    split: list[tuple[object, ...]] = []
    for piece in pieces:
        raws = list(chunk_hands(piece))
        if piece.index:  # a cut opens a hand, on the line it says
            assert raws, piece
            assert raws[0].is_hand, piece
            assert raws[0].first_line == piece.first_line, piece
        split += (seen(r) for r in raws)
    assert split == whole, path
    if cut:
        assert len(pieces) > 1, path
    return pieces


def repeated(source: bytes, times: int) -> bytes:
    """A file of ``source``'s text ``times`` over, in its own encoding and byte-order mark."""
    encoding = detect_encoding(source[:4096])
    bom = next((b for b in (codecs.BOM_UTF8, codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)
                if source.startswith(b)), b"")
    body = source[len(bom):]
    codec = tail_codec(encoding, source[:4])
    return bom + (body + "\r\n\n".encode(codec)) * times


def corpus_files(corpus: Path) -> list[Path]:
    """The corpus's history files (not the expected results beside them)."""
    return list(scan_paths([corpus]).files)


def test_every_corpus_file_repeated_reads_the_same_cut(corpus: Path, tmp_path: Path) -> None:
    """Each corpus file (all its sites, encodings and line ends), repeated to about 120 kB,
    cut every few kilobytes; documents stay whole."""
    files = corpus_files(corpus)
    documents = 0
    for number, source in enumerate(corpus_files(corpus)):
        data = source.read_bytes()
        target = tmp_path / f"{number:03d}-{source.name}"
        target.write_bytes(repeated(data, max(2, 120_000 // max(1, len(data)))))
        document = document_format(str(target), target.read_text("latin-1")[:4096]) is not None
        pieces = assert_same_as_whole(target, cut=not document)
        if document:
            assert len(pieces) == 1
            documents += 1
    assert len(files) - documents > 40, documents


def write_variant(path: Path, text: str, codec: str, rng: random.Random, *, bom: bytes = b"",
                  line_ends: tuple[str, ...] = ("\n",), dirt: bool = False) -> None:
    """``text`` written in ``codec`` with line ends drawn from ``line_ends``; with ``dirt``,
    NULs, byte-order marks and spaces where the reader drops them."""
    out = []
    for line in text.split("\n"):
        if dirt and rng.random() < 0.1:
            line = rng.choice([" ", "\t", "\xa0", "\ufeff", "\0"]) + line
        if dirt and rng.random() < 0.1:
            line += rng.choice([" ", "\t ", "\u3000"])
        out.append(line + rng.choice(line_ends))
    path.write_bytes(bom + "".join(out).encode(codec, "replace"))


VARIANTS = {
    "utf-8 LF": ("utf-8", b"", ("\n",), False),
    "utf-8 CRLF": ("utf-8", b"", ("\r\n",), False),
    "utf-8-sig CRLF": ("utf-8", codecs.BOM_UTF8, ("\r\n",), False),
    "utf-16-le BOM CRLF": ("utf-16-le", codecs.BOM_UTF16_LE, ("\r\n",), False),
    "utf-16-be BOM LF": ("utf-16-be", codecs.BOM_UTF16_BE, ("\n",), False),
    "utf-16-le no BOM": ("utf-16-le", b"", ("\r\n",), False),
    "cp1252 CRLF": ("cp1252", b"", ("\r\n",), False),
    "mixed line ends, NULs and spaces": ("utf-8", b"", ("\n", "\r\n", "\r\0\n", "\r"), True),
    "utf-16 mixed and dirty": ("utf-16-le", codecs.BOM_UTF16_LE,
                               ("\n", "\r\n", "\r\0\n", "\r"), True),
}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> str:
    """600 generated hands (a few with a euro sign and a name out of ASCII), as text."""
    path = tmp_path_factory.mktemp("gen") / "hands.txt"
    write_renumbered(path, sample_hand_texts(), 600, 8_000_000_000)
    text = path.read_text(encoding="utf-8")
    return text.replace("Hero", "Héro€", 50)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_generated_hands_in_every_encoding_read_the_same_cut(
        tmp_path: Path, generated: str, variant: str) -> None:
    codec, bom, line_ends, dirt = VARIANTS[variant]
    path = tmp_path / "hands.txt"
    write_variant(path, generated, codec, random.Random(variant), bom=bom,
                  line_ends=line_ends, dirt=dirt)
    pieces = assert_same_as_whole(path, 20_000)
    assert len(pieces) > 20
    if variant.startswith("utf-8 LF"):  # and the hands parse alike, line numbers and all
        whole = [result_of(r) for r in raw_hands(path)]
        split = [result_of(r) for c in pieces for r in chunk_hands(c)]
        assert split == whole


def test_chunks_come_near_the_target(tmp_path: Path, generated: str) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(generated, encoding="utf-8")
    pieces = chunks(path, 50_000)
    assert [c.index for c in pieces] == list(range(len(pieces)))
    assert {c.count for c in pieces} == {len(pieces)}
    assert all(50_000 <= c.length < 55_000 for c in pieces[:-1])
    assert pieces[-1].last
    assert not pieces[0].last
    assert chunks(path, 10 << 20) == [Chunk(str(path), 0, path.stat().st_size, 1, 0, 1,
                                            path.stat().st_size, path.stat().st_mtime_ns)]


def test_what_must_stay_whole_is_one_chunk(tmp_path: Path, generated: str,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    cr_only = tmp_path / "cr.txt"  # no "\n" to end a block of the scan on
    cr_only.write_bytes(generated.replace("\n", "\r").encode("utf-8"))
    assert len(assert_same_as_whole(cr_only)) > 1  # held whole in memory: a few MB are cut
    monkeypatch.setattr(chunking, "LONGEST_LINE", 30_000)
    assert len(assert_same_as_whole(cr_only, cut=False)) == 1
    monkeypatch.undo()
    monkeypatch.setattr(chunking, "LONGEST_GAP", 30_000)  # a gap of 40 kB without a header
    gap = tmp_path / "gap.txt"
    gap.write_text(generated[:200_000] + "junk line\n" * 4000 + generated[200_000:],
                   encoding="utf-8")
    assert len(assert_same_as_whole(gap, cut=False)) == 1
    monkeypatch.setattr(chunking, "LONGEST_LINE", 30_000)
    long_line = tmp_path / "line.txt"
    long_line.write_text(generated[:100_000] + "x" * 40_000 + "\n" + generated[100_000:],
                         encoding="utf-8")
    assert len(assert_same_as_whole(long_line, cut=False)) == 1


def test_partypoker_openings_are_never_cut(corpus: Path, tmp_path: Path) -> None:
    """Each PartyPoker hand opens with up to three header lines: every cut is before the
    first of them."""
    for number, source in enumerate(sorted((corpus / "PartyPoker").glob("*.txt"))):
        path = tmp_path / f"{number}.txt"
        path.write_bytes(repeated(source.read_bytes(), 200))
        opening = next(iter(raw_hands(source))).text[:6]
        assert opening in ("Game #", "#Game ")
        for target in (TARGET, 1):  # 1: a cut wanted at every header line
            for piece in assert_same_as_whole(path, target)[1:]:
                first = next(iter(chunk_hands(piece)))
                assert first.text.startswith(opening), first.text[:60]


def assert_lines_start_where_read(path: Path) -> int:
    """Each raw hand of ``path`` starts at the byte :func:`line_start` gives for its first
    line: the file read from there (as a chunk) opens with it, and for a document (read
    whole) the bytes before it hold its line number less one. How many were looked at."""
    data = path.read_bytes()
    wide = detect_encoding(data[:4096]).startswith("utf-16")
    raws = list(raw_hands(path))
    for raw in raws:
        at = chunking.line_start(path, raw.first_line, breaks=raw.kind == "text")
        if raw.kind == "text":
            piece = Chunk(str(path), at, len(data), raw.first_line, 1, 2)
            first = next(iter(chunk_hands(piece)))
            assert (first.first_line, first.text) == (raw.first_line, raw.text), (path, at)
        else:
            before = data[:at].decode("latin-1").replace("\x00", "") if not wide else \
                data[:at].decode(tail_codec(detect_encoding(data[:4]), data[:4]), "replace")
            ends = len(chunking._LINE_END.findall(before.lstrip("\ufeff")))
            assert ends == raw.first_line - 1, (path, raw.first_line, at)
            if at:  # just past a line end, never between a CR and its LF
                assert before.endswith(("\n", "\r"))
                assert not before.endswith("\r") or \
                    data[at:at + (2 if wide else 1)].strip(b"\0") != b"\n"
    return len(raws)


def test_a_line_starts_where_the_reader_reads_it_in_every_corpus_file(corpus: Path) -> None:
    """:func:`line_start` (where an import that held a file's last text back stopped) for
    every hand of every corpus file: every site, encoding, line end and document."""
    assert sum(assert_lines_start_where_read(p) for p in corpus_files(corpus)) > 250


LINE_BREAK_VARIANTS = {
    "utf-8 every line end": ("utf-8", b"", ("\n", "\r\n", "\r", "\u2028", "\x85", "\x0c",
                                            "\r\u2028", "\r\0\n")),
    "utf-16-le every line end": ("utf-16-le", codecs.BOM_UTF16_LE,
                                 ("\n", "\r\n", "\r", "\u2029", "\x85", "\x1e", "\r\x85")),
    "utf-16-be without a BOM": ("utf-16-be", b"", ("\r\n", "\u2028")),
    "cp1252 CR": ("cp1252", b"", ("\r", "\r\n")),
}


@pytest.mark.parametrize("variant", sorted(LINE_BREAK_VARIANTS))
def test_a_line_starts_where_the_reader_reads_it_with_any_line_end(
        tmp_path: Path, generated: str, variant: str) -> None:
    """Generated hands with names out of the Basic Multilingual Plane (four bytes in
    UTF-16), dirt where the reader drops it and every line end in one file; and a line
    counted from a chunk's start."""
    codec, bom, line_ends = LINE_BREAK_VARIANTS[variant]
    text = generated[:60_000].replace("Héro€", "H𝄞ro😀") if codec != "cp1252" else \
        generated[:60_000]
    path = tmp_path / "hands.txt"
    write_variant(path, text, codec, random.Random(variant), bom=bom, line_ends=line_ends,
                  dirt=True)
    assert assert_lines_start_where_read(path) > 25
    last = list(raw_hands(path))[-1]
    middle = chunking.line_start(path, last.first_line - 40)
    assert chunking.line_start(path, last.first_line, start=middle,
                               start_line=last.first_line - 40) == \
        chunking.line_start(path, last.first_line)
