"""Stage 1 (bytes -> hand texts): encodings, line ends, stray bytes, splitting, streaming.

The same real PokerStars hands, saved in every encoding and with every kind
of line end a history file comes in, must give identical headers and events,
line numbers included (every variant keeps the line structure).
"""

from __future__ import annotations

import codecs
import random
import tracemalloc
from collections.abc import Callable
from itertools import cycle
from pathlib import Path

import pytest
from helpers import SAMPLES, relined

from stud_hh.model.events import Chat, Seat
from stud_hh.model.hand import ParsedHand, ParseFailure, ParseResult, SkippedHand
from stud_hh.read import reader
from stud_hh.read.parse import parse_file, parse_raw
from stud_hh.read.reader import detect_encoding
from stud_hh.read.sites import starts_hand

MULTI = "7-Stud-USD-0.04-0.08-200911.txt"
"""A real multi-hand Stars file (LF line ends, trailing spaces on many lines)."""

NON_ASCII_NAME = "Jürgen"
CHAT_TEXT = "5€ pot, schön"
NON_ASCII_ID = "99999000001"


# ---------------------------------------------------------------------------
# The text every variant is made of
# ---------------------------------------------------------------------------


def _non_ascii_hand(first_hand_lines: list[str]) -> list[str]:
    """A real hand with its hero renamed ``Jürgen`` and a chat line holding a euro sign."""
    header = first_hand_lines[0]
    old_id = header.split("#", 1)[1].split(":", 1)[0]
    lines = [header.replace(old_id, NON_ASCII_ID, 1)]
    for line in first_hand_lines[1:]:
        line = line.replace("Seat 1: Hero (", f"Seat 1: {NON_ASCII_NAME} (")
        line = line.replace("Dealt to Hero [", f"Dealt to {NON_ASCII_NAME} [")
        if line.startswith("Hero:"):
            line = NON_ASCII_NAME + line[len("Hero") :]
        if line.startswith("Seat 1: Hero "):
            line = line.replace("Hero", NON_ASCII_NAME, 1)
        lines.append(line)
        if ": brings in for " in line:
            lines.append(f'{NON_ASCII_NAME} said, "{CHAT_TEXT}"')
    assert all("Hero" not in line for line in lines), "the hero was not renamed everywhere"
    return lines


@pytest.fixture(scope="module")
def logical_lines(corpus: Path) -> list[str]:
    """The lines (without their ends) of the multi-hand file plus the non-ASCII hand."""
    path = corpus / "Stars" / MULTI
    if not path.is_file():
        pytest.skip(f"{path} not found in the corpus")
    lines = path.read_bytes().decode("utf-8").splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    starts = [i for i, line in enumerate(lines) if line.startswith("PokerStars ")]
    assert len(starts) > 1, f"{MULTI} should hold several hands"
    first_hand = [line.rstrip() for line in lines[starts[0] : starts[1]] if line.strip()]
    return [*lines, "", "", *_non_ascii_hand(first_hand)]


def _parse_bytes(tmp_path: Path, name: str, data: bytes) -> list[ParseResult]:
    path = tmp_path / name
    path.write_bytes(data)
    return list(parse_file(path))


def _key(results: list[ParseResult]) -> list[tuple[object, ...]]:
    """What must not change between variants: each hand's header and events."""
    out: list[tuple[object, ...]] = []
    for r in results:
        assert isinstance(r, ParsedHand), f"not parsed: {r!r}"
        out.append((r.header, r.events, r.first_line, r.last_line, r.warnings))
    return out


@pytest.fixture(scope="module")
def reference(
    logical_lines: list[str], tmp_path_factory: pytest.TempPathFactory
) -> list[ParseResult]:
    """The plain UTF-8, LF variant: the results every other variant must equal."""
    folder = tmp_path_factory.mktemp("reference")
    data = ("\n".join(logical_lines) + "\n").encode("utf-8")
    return _parse_bytes(folder, "reference.txt", data)


def test_reference_reads_every_hand(reference: list[ParseResult]) -> None:
    assert len(reference) == 12
    assert all(isinstance(r, ParsedHand) for r in reference)
    last = reference[-1]
    assert isinstance(last, ParsedHand)
    assert last.hand_id == NON_ASCII_ID
    assert NON_ASCII_NAME in [s.name for s in last.header.seats]
    chats = [e for e in last.events if isinstance(e, Chat)]
    assert [(c.player, c.text) for c in chats] == [(NON_ASCII_NAME, CHAT_TEXT)]


# ---------------------------------------------------------------------------
# Variants: encodings x line ends x noise
# ---------------------------------------------------------------------------


def _join(lines: list[str], ends: list[str]) -> str:
    return "".join(line + end for line, end in zip(lines, ends, strict=True))


def _mixed_ends(lines: list[str], seed: int = 7) -> list[str]:
    """A random mix of LF, CRLF and CR that never fuses two line ends into one CRLF."""
    rng = random.Random(seed)
    ends = [rng.choice(["\n", "\r\n", "\r"]) for _ in lines]
    for i in range(len(lines) - 1):
        # "X\r" then an empty line ended by "\n" would read as one CRLF: one line lost.
        if ends[i] == "\r" and lines[i + 1] == "" and ends[i + 1] == "\n":
            ends[i + 1] = "\r\n"
    assert {"\n", "\r\n", "\r"} <= set(ends)
    return ends


def _with_nuls(text: str, seed: int = 11, count: int = 60) -> str:
    rng = random.Random(seed)
    chars = list(text)
    for _ in range(count):
        at = rng.randrange(len(chars) + 1)
        if 0 < at < len(chars) and chars[at - 1] == "\r" and chars[at] == "\n":
            at -= 1  # a NUL between CR and LF would make two line ends of one
        chars.insert(at, "\x00")
    return "".join(chars)


def _trailing_blanks(lines: list[str], seed: int = 13) -> list[str]:
    rng = random.Random(seed)
    tails = [" ", "\t", "  ", " \t ", "\t\t", "   \t"]
    return [line + rng.choice(tails) if rng.random() < 0.6 else line for line in lines]


def _lf(lines: list[str]) -> str:
    return _join(lines, ["\n"] * len(lines))


def _crlf(lines: list[str]) -> str:
    return _join(lines, ["\r\n"] * len(lines))


VARIANTS: dict[str, Callable[[list[str]], bytes]] = {
    "utf8-lf": lambda ls: _lf(ls).encode("utf-8"),
    "utf8-bom": lambda ls: codecs.BOM_UTF8 + _lf(ls).encode("utf-8"),
    "utf8-bom-crlf": lambda ls: codecs.BOM_UTF8 + _crlf(ls).encode("utf-8"),
    "utf16le-bom": lambda ls: codecs.BOM_UTF16_LE + _lf(ls).encode("utf-16-le"),
    "utf16le-bom-crlf": lambda ls: codecs.BOM_UTF16_LE + _crlf(ls).encode("utf-16-le"),
    "utf16be-bom": lambda ls: codecs.BOM_UTF16_BE + _lf(ls).encode("utf-16-be"),
    "utf16le-no-bom": lambda ls: _lf(ls).encode("utf-16-le"),
    "utf16le-no-bom-crlf": lambda ls: _crlf(ls).encode("utf-16-le"),
    "utf16be-no-bom": lambda ls: _lf(ls).encode("utf-16-be"),
    "cp1252": lambda ls: _lf(ls).encode("cp1252"),
    "cp1252-crlf": lambda ls: _crlf(ls).encode("cp1252"),
    "crlf": lambda ls: _crlf(ls).encode("utf-8"),
    "cr-only": lambda ls: _join(ls, ["\r"] * len(ls)).encode("utf-8"),
    "mixed-ends": lambda ls: _join(ls, _mixed_ends(ls)).encode("utf-8"),
    "mixed-ends-utf16le-bom": lambda ls: (
        codecs.BOM_UTF16_LE + _join(ls, _mixed_ends(ls)).encode("utf-16-le")
    ),
    "nul-bytes": lambda ls: _with_nuls(_lf(ls)).encode("utf-8"),
    "nul-bytes-crlf": lambda ls: _with_nuls(_crlf(ls)).encode("utf-8"),
    "nul-chars-utf16le-bom": lambda ls: (
        codecs.BOM_UTF16_LE + _with_nuls(_lf(ls)).encode("utf-16-le")
    ),
    "trailing-blanks": lambda ls: _lf(_trailing_blanks(ls)).encode("utf-8"),
    "trailing-blanks-cr": lambda ls: _join(_trailing_blanks(ls), ["\r"] * len(ls)).encode("utf-8"),
    "everything-cp1252": lambda ls: _with_nuls(_join(_trailing_blanks(ls), _mixed_ends(ls))).encode(
        "cp1252"
    ),
}


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_every_variant_reads_the_same_hands(
    variant: str, logical_lines: list[str], reference: list[ParseResult], tmp_path: Path
) -> None:
    data = VARIANTS[variant](logical_lines)
    results = _parse_bytes(tmp_path, f"{variant}.txt", data)
    assert len(results) == len(reference)
    for got, want in zip(_key(results), _key(reference), strict=True):
        assert got == want


EXPECTED_CODEC = {
    "utf8-lf": "utf-8",
    "utf8-bom": "utf-8-sig",
    "utf16le-bom": "utf-16",
    "utf16be-bom": "utf-16",
    "utf16le-no-bom": "utf-16-le",
    "utf16be-no-bom": "utf-16-be",
    "cp1252": "utf-8",  # cp1252 is read as UTF-8 with a cp1252 fallback per bad byte
    "nul-bytes": "utf-8",
}


@pytest.mark.parametrize(("variant", "codec"), list(EXPECTED_CODEC.items()))
def test_open_text_picks_the_codec(
    variant: str, codec: str, logical_lines: list[str], tmp_path: Path
) -> None:
    path = tmp_path / f"{variant}.txt"
    path.write_bytes(VARIANTS[variant](logical_lines))
    stream, encoding = reader.open_text(path)
    stream.close()
    assert encoding == codec


def test_cp1252_file_marks_its_hands(logical_lines: list[str], tmp_path: Path) -> None:
    path = tmp_path / "cp1252.txt"
    path.write_bytes(VARIANTS["cp1252"](logical_lines))
    hands = list(reader.read_hands(path, starts_hand))
    assert hands[-1].encoding == "utf-8+cp1252"
    assert NON_ASCII_NAME in hands[-1].text
    assert CHAT_TEXT in hands[-1].text


def test_files_read_at_once_keep_their_own_encodings(logical_lines: list[str],
                                                     tmp_path: Path) -> None:
    """A UTF-8 file read while a cp1252 one is (two generators in turn, as two imports or
    an import and a scan do) stays UTF-8: the fallback is the stream's, not the process's."""
    clean, mixed = tmp_path / "utf8.txt", tmp_path / "cp1252.txt"
    clean.write_bytes(VARIANTS["utf8-lf"](logical_lines))
    mixed.write_bytes(VARIANTS["cp1252"](logical_lines))
    alone = [h.encoding for h in reader.read_hands(clean, starts_hand)]
    assert len(alone) > 1
    assert set(alone) == {"utf-8"}
    first = reader.read_hands(clean, starts_hand)
    at_once = [next(first).encoding]
    assert list(reader.read_hands(mixed, starts_hand))[-1].encoding == "utf-8+cp1252"
    at_once += [h.encoding for h in first]
    assert at_once == alone


# ---------------------------------------------------------------------------
# detect_encoding
# ---------------------------------------------------------------------------

HEAD = "PokerStars Hand #1: 7 Card Stud Limit ($0.04/$0.08 USD)\nSeat 1: Jürgen ($1 in chips)\n"


@pytest.mark.parametrize(
    ("head", "codec"),
    [
        pytest.param(codecs.BOM_UTF8 + HEAD.encode("utf-8"), "utf-8-sig", id="utf8-bom"),
        pytest.param(codecs.BOM_UTF16_LE + HEAD.encode("utf-16-le"), "utf-16", id="utf16le-bom"),
        pytest.param(codecs.BOM_UTF16_BE + HEAD.encode("utf-16-be"), "utf-16", id="utf16be-bom"),
        pytest.param(HEAD.encode("utf-16-le"), "utf-16-le", id="utf16le"),
        pytest.param(HEAD.encode("utf-16-be"), "utf-16-be", id="utf16be"),
        pytest.param(HEAD.encode("utf-8"), "utf-8", id="utf8"),
        pytest.param(HEAD.encode("cp1252") + b"\x80", "utf-8", id="cp1252"),
        pytest.param(b"", "utf-8", id="empty"),
        pytest.param(b"\x00PartyPoker", "utf-8", id="one-nul"),
        pytest.param(HEAD.replace(" ", "\x00 ").encode("utf-8"), "utf-8", id="utf8-some-nuls"),
        pytest.param(
            ("PokerStars Hand #1: Дмитрий Ёлкин\n" * 3).encode("utf-16-le"),
            "utf-16-le",
            id="utf16le-cyrillic",
        ),
        pytest.param(
            b"x" * 4096 + HEAD.encode("utf-16-le"), "utf-8", id="only-first-4096-bytes-count"
        ),
        pytest.param(codecs.BOM_UTF8, "utf-8-sig", id="bom-only"),
    ],
)
def test_detect_encoding(head: bytes, codec: str) -> None:
    assert detect_encoding(head) == codec


def test_detect_encoding_reads_the_utf16_it_detects() -> None:
    for codec in ("utf-16-le", "utf-16-be"):
        data = HEAD.encode(codec)
        assert data.decode(detect_encoding(data)) == HEAD


# ---------------------------------------------------------------------------
# Stray bytes, text outside hands, no hand at all
# ---------------------------------------------------------------------------


def test_stray_cp1252_euro_in_utf8_file(
    logical_lines: list[str], reference: list[ParseResult], tmp_path: Path
) -> None:
    # A valid UTF-8 file ("ü" is two bytes) with one cp1252 euro byte 0x80 in the chat line.
    data = _lf(logical_lines).encode("utf-8")
    euro = "€".encode()
    assert data.count(euro) == 1
    data = data.replace(euro, b"\x80")
    results = _parse_bytes(tmp_path, "stray.txt", data)
    assert _key(results) == _key(reference)
    last = results[-1]
    assert isinstance(last, ParsedHand)
    chat = next(e for e in last.events if isinstance(e, Chat))
    assert chat.text == CHAT_TEXT
    assert chat.player == NON_ASCII_NAME


def test_undecodable_bytes_never_stop_the_file(tmp_path: Path) -> None:
    # cp1252 has holes (0x81, 0x8d, 0x8f, 0x90, 0x9d): they must still decode to something.
    data = b"junk \x81\x8d\x8f\x90\x9d \xff\xfe end\n"
    results = _parse_bytes(tmp_path, "holes.txt", data)
    assert len(results) == 1
    assert isinstance(results[0], ParseFailure)
    assert results[0].raw_text.startswith("junk ")
    assert results[0].raw_text.rstrip().endswith(" end")




def test_text_before_the_first_hand(
    logical_lines: list[str], reference: list[ParseResult], tmp_path: Path
) -> None:
    preface = ["Hand histories exported by SomeTool 1.0", "Player: Jürgen", ""]
    data = _lf(preface + logical_lines).encode("utf-8")
    path = tmp_path / "preface.txt"
    path.write_bytes(data)
    results = list(parse_file(path))
    assert len(results) == len(reference) + 1
    first = results[0]
    assert isinstance(first, ParseFailure)
    assert first.path == str(path)
    assert (first.first_line, first.last_line, first.line) == (1, 2, 1)
    assert "no hand header of a supported site" in first.reason
    assert first.raw_text == "Hand histories exported by SomeTool 1.0\nPlayer: Jürgen\n"
    assert str(first.error).startswith(f"{path}:1")
    for got, want in zip(results[1:], reference, strict=True):
        assert isinstance(got, ParsedHand)
        assert isinstance(want, ParsedHand)
        assert got.hand_id == want.hand_id
        assert relined(got, -len(preface)) == relined(want, 0)


def test_file_without_any_hand(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(b"Nothing to see here\r\n\r\nJust notes \xe2\x82\xac\r\n")
    results = list(parse_file(path))
    assert len(results) == 1
    failure = results[0]
    assert isinstance(failure, ParseFailure)
    assert "no hand header of a supported site" in failure.reason
    assert (failure.path, failure.line, failure.first_line, failure.last_line) == (
        str(path),
        1,
        1,
        3,
    )
    assert failure.raw_text == "Nothing to see here\nJust notes €\n"
    assert str(failure.error).startswith(f"{path}:1: ")


def test_empty_file_gives_nothing(tmp_path: Path) -> None:
    path = tmp_path / "empty.txt"
    path.write_bytes(b"")
    assert list(parse_file(path)) == []


def test_line_numbers_count_blank_lines(tmp_path: Path, logical_lines: list[str]) -> None:
    # Three blank lines of three kinds before the first hand: the header is line 4.
    data = b"\r\n\n\r" + _lf(logical_lines).encode("utf-8")
    results = _parse_bytes(tmp_path, "blank-first.txt", data)
    first = results[0]
    assert isinstance(first, ParsedHand)
    assert first.first_line == 4
    assert first.header.line == 4
    assert all(isinstance(s, Seat) and s.line > 4 for s in first.header.seats)


# ---------------------------------------------------------------------------
# Streaming: memory does not grow with the file
# ---------------------------------------------------------------------------

STREAM_HANDS = 20_000
STUD_EVERY = 40
"""One hand in 40 of the big file is a stud hand; the rest are the corpus's hold'em hands.

Under tracemalloc the grammar parses a stud hand in several milliseconds on a
busy 2-core machine, so 20,000 stud hands would take minutes. Hold'em hands of
a mixed-game file still go through the whole reader and the header reader and
come out as SkippedHand results; the 500 stud hands (every corpus stud hand
about seven times) go through the grammar and the builder, so a leak in
either (events or hands kept from one hand to the next) still shows up.
"""


def _skipped_hand_texts(corpus: Path) -> list[str]:
    """The normalised text of every non-stud hand of the Stars corpus (8-Game hold'em)."""
    texts = []
    for path in sorted((corpus / "Stars").rglob("*.txt")):
        for raw in reader.read_hands(path, starts_hand):
            if raw.is_hand and isinstance(parse_raw(raw), SkippedHand):
                texts.append(raw.text)
    return texts


@pytest.mark.slow
def test_parse_file_streams_in_constant_memory(
    corpus: Path, stars_hand_texts: list[tuple[str, str]], tmp_path: Path
) -> None:
    stud = [text for _, text in stars_hand_texts]
    other = _skipped_hand_texts(corpus)
    assert other, "the Stars corpus should hold hold'em hands of a mixed-game file"
    stud_cycle, other_cycle = cycle(stud), cycle(other)
    path = tmp_path / "big.txt"
    studs = 0
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for i in range(STREAM_HANDS):
            if i % STUD_EVERY == 0:
                out.write(next(stud_cycle))
                studs += 1
            else:
                out.write(next(other_cycle))
            out.write("\n")
    size = path.stat().st_size
    assert size > 10_000_000

    # Build the parser (and its caches) before measuring.
    warm = tmp_path / "warm.txt"
    warm.write_text(stud[0], encoding="utf-8")
    assert all(isinstance(r, ParsedHand) for r in parse_file(warm))

    counts = {ParsedHand: 0, SkippedHand: 0}
    tracemalloc.start()
    try:
        for result in parse_file(path):
            assert isinstance(result, ParsedHand | SkippedHand), result
            counts[type(result)] += 1
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert counts == {ParsedHand: studs, SkippedHand: STREAM_HANDS - studs}
    assert peak < 0.25 * size, f"peak {peak} bytes while streaming a {size}-byte file"


def test_the_indented_archive_export_is_read(tmp_path: Path) -> None:
    """A PokerStars archive export puts a border line before every hand and one space before
    every line: the spaces are removed, the borders are noise (the first, before any hand,
    carries nothing and is passed over), and every hand reads as in the plain file."""
    plain = (SAMPLES / "stud_cash_0.10-0.20.txt")
    text = plain.read_text(encoding="utf-8")
    hands = [h.strip("\n") for h in text.split("\n\n\n") if h.strip()]
    archive = "".join(f"*********** # {i} **************\n"
                      + "".join(f" {line}\n" for line in hand.split("\n")) + "\n"
                      for i, hand in enumerate(hands, 1))
    path = tmp_path / "archive.txt"
    path.write_text(archive, encoding="utf-8")
    got = list(parse_file(path))
    want = [r for r in parse_file(plain) if isinstance(r, ParsedHand)]
    assert all(isinstance(r, ParsedHand) for r in got), [getattr(r, "error", r) for r in got]
    assert [r.hand_id for r in got] == [r.hand_id for r in want]
    assert [len([e for e in r.events if type(e).__name__ != "TableEvent"]) for r in got] == \
        [len([e for e in r.events if type(e).__name__ != "TableEvent"]) for r in want]
