"""Property tests: random damage to one hand of a real file never harms the others.

A file is made of several real PokerStars stud hands separated by blank
lines. One hand gets damaged at the byte level (a line deleted, duplicated,
truncated or swapped, a byte flipped, garbage inserted, the hand cut short).
Whatever the damage:

* no exception escapes ``parse_file``: only ParsedHand, SkippedHand and
  ParseFailure come out;
* every ParseFailure names the file, a line inside the failing text, and a
  non-empty reason, and its message starts with ``path:line``;
* every undamaged hand reads exactly as it does alone (same events, line
  numbers taken relative to the hand's first line).
"""

from __future__ import annotations

import dataclasses
import io
import traceback
from pathlib import Path
from typing import Any

import pytest
from helpers import relined
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from stud_hh.model.errors import HandParseError
from stud_hh.model.hand import ParsedHand, ParseFailure, SkippedHand
from stud_hh.read import reader
from stud_hh.read.parse import parse_file, parse_hand
from stud_hh.read.sites import starts_hand

SETTINGS = settings(
    max_examples=200,
    deadline=None,
    database=None,
    print_blob=True,
    phases=[Phase.explicit, Phase.generate, Phase.shrink],
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

NASTY = [
    b"\x00",
    b"\x00\x00\x00\x00",
    b"\r",
    b"\r\n",
    b"\n",
    b"\x80",  # cp1252 euro, invalid UTF-8
    b"\xff\xfe",  # a UTF-16 byte-order mark in the middle
    b"\xef\xbb\xbf",  # a UTF-8 byte-order mark in the middle
    b"\xc3",  # a truncated two-byte sequence
    b"\xe2\x82",  # a truncated three-byte sequence
    b"\xed\xa0\x80",  # an encoded surrogate (invalid UTF-8)
    b"\xf4\x90\x80\x80",  # beyond U+10FFFF
    b"\xe2\x80\xa8",  # U+2028 LINE SEPARATOR
    b"\xc2\x85",  # U+0085 NEXT LINE
    b"\x0b\x0c\x1c\x1d\x1e",  # characters str.splitlines() treats as line ends
    b"\t",
    b"***",
    b"[",
    b"]",
    b"(",
    b")",
    b": ",
    b' said, "',
    b"$",
    b"#",
    b"*** SUMMARY ***\n",
    b"*** 3rd STREET ***\n",
]

garbage = st.one_of(
    st.binary(min_size=1, max_size=12),
    st.sampled_from(NASTY),
    st.text(min_size=1, max_size=8).map(lambda s: s.encode("utf-8", "surrogatepass")),
)

OPERATIONS = ("delete", "duplicate", "truncate", "flip", "replace", "insert", "swap", "cut")


@dataclasses.dataclass(frozen=True)
class Damaged:
    """A damaged hand's bytes and what was done to them."""

    what: str
    data: bytes

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # Hypothesis' report
        printer.text(f"Damaged({self.what!r}, data={self.data[:160]!r}...)")


@st.composite
def damage(draw: st.DrawFn, data: bytes) -> Damaged:
    """One random damage to ``data`` (a hand's bytes, lines ending in ``\\n``)."""
    lines = data.splitlines(keepends=True)
    op = draw(st.sampled_from(OPERATIONS))
    if op == "delete":
        i = draw(st.integers(0, len(lines) - 1))
        return Damaged(f"delete line {i + 1}", b"".join(lines[:i] + lines[i + 1 :]))
    if op == "duplicate":
        i = draw(st.integers(0, len(lines) - 1))
        return Damaged(f"duplicate line {i + 1}", b"".join(lines[: i + 1] + lines[i:]))
    if op == "truncate":
        i = draw(st.integers(0, len(lines) - 1))
        body = lines[i].rstrip(b"\n")
        at = draw(st.integers(0, max(len(body) - 1, 0)))
        lines[i] = body[:at] + b"\n"
        return Damaged(f"truncate line {i + 1} at {at}", b"".join(lines))
    if op in ("flip", "replace"):
        at = draw(st.integers(0, len(data) - 1))
        if op == "flip":
            new = data[at] ^ draw(st.integers(1, 255))
        else:
            new = draw(st.integers(0, 255).filter(lambda b: b != data[at]))
        return Damaged(f"{op} byte {at} to {new:#04x}", data[:at] + bytes([new]) + data[at + 1 :])
    if op == "insert":
        at = draw(st.integers(0, len(data)))
        junk = draw(garbage)
        return Damaged(f"insert {junk!r} at byte {at}", data[:at] + junk + data[at:])
    if op == "swap":
        i = draw(st.integers(0, len(lines) - 2))
        j = draw(st.integers(i + 1, len(lines) - 1))
        lines[i], lines[j] = lines[j], lines[i]
        return Damaged(f"swap lines {i + 1} and {j + 1}", b"".join(lines))
    assert op == "cut"
    i = draw(st.integers(1, len(lines) - 1))
    return Damaged(f"cut after line {i}", b"".join(lines[:i]))


# ---------------------------------------------------------------------------
# The file: several real hands
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Sample:
    """One real hand: where it came from, its id and its bytes."""

    source: str
    hand_id: str
    data: bytes = dataclasses.field(repr=False)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:  # Hypothesis' report
        printer.text(repr(self))


ALONE: dict[str, ParsedHand] = {}
"""How each sample reads alone, by hand id.

Kept out of the fixture's value on purpose: with ParsedHand objects inside a
fixture argument, Hypothesis 6.170 reports FlakyStrategyDefinition instead of
the real failure when a test fails.
"""


@pytest.fixture(scope="module")
def samples(stars_hand_texts: list[tuple[str, str]]) -> list[Sample]:
    """The first stud hand of every Stars file: stud, stud hi/lo, razz, tournaments."""
    picked: dict[str, Sample] = {}
    for source, text in stars_hand_texts:
        if source not in picked:
            alone = parse_hand(text)
            ALONE[alone.hand_id] = alone
            picked[source] = Sample(source, alone.hand_id, text.encode("utf-8"))
    chosen = list(picked.values())
    ids = [s.hand_id for s in chosen]
    assert len(set(ids)) == len(ids) > 3
    return chosen


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("damage")




def _decode(data: bytes) -> str:
    """The bytes as the reader reads a UTF-8 file: bad bytes as cp1252, universal newlines."""
    text = data.decode("utf-8", errors="stud_hh_cp1252")
    return io.StringIO(text, newline=None).read()


def _decode_as(data: bytes, codec: str) -> str:
    return io.StringIO(data.decode(codec, errors="replace"), newline=None).read()


def _line_count(text: str) -> int:
    """The lines of a text after universal newlines, as the reader counts them: every one
    of ``reader.LINE_BREAKS`` (U+2028, NEL, a vertical tab, ...) ends a line too."""
    for mark in reader.LINE_BREAKS:
        text = text.replace(mark, "\n")
    return text.count("\n") + (0 if text.endswith("\n") else 1)


def _still_opens_a_hand(data: bytes) -> bool:
    """Whether the first non-blank line of the damaged bytes still opens a hand."""
    for line in reader.text_lines(io.StringIO(_decode(data), newline="")):
        if line:
            return starts_hand(line)
    return False


def _escaped(exc: BaseException) -> str:
    """A one-line account of an exception that escaped the library, with where it came from.

    Built inside the ``except`` block and raised after it, so that the report is
    one readable line: the escaped exception's context (a lark UnexpectedToken)
    cannot even be turned into a string when lark-cython is in use.
    """
    frames = traceback.extract_tb(exc.__traceback__)
    where = ", ".join(f"{Path(f.filename).name}:{f.lineno} {f.name}" for f in frames[-3:])
    return f"{type(exc).__name__} escaped: {exc} (at {where})"


def _check_failure(failure: ParseFailure, path: Path, n_lines: int) -> None:
    assert failure.path == str(path)
    assert failure.error.path == str(path)
    line = failure.line
    assert isinstance(line, int)
    assert 1 <= line <= n_lines, f"line {line} outside a file of {n_lines} lines"
    assert failure.first_line <= line <= failure.last_line, failure
    assert failure.reason.strip(), "empty reason"
    message = str(failure.error)
    where = f"{path}:{line}"
    assert message.startswith(where), message
    assert message[len(where)] in ": ", message
    assert failure.raw_text


def _check_parsed(hand: ParsedHand, n_lines: int) -> None:
    assert 1 <= hand.first_line <= hand.last_line <= n_lines
    lines = [e.line for e in hand.events]
    assert lines == sorted(lines)
    assert all(hand.first_line <= n <= hand.last_line for n in lines)


def _check_parse_hand(text: str) -> None:
    """``parse_hand`` gives a ParsedHand or raises HandParseError: nothing else."""
    escaped = None
    error: HandParseError | None = None
    result: ParsedHand | None = None
    try:
        result = parse_hand(text, path="damaged.txt")
    except HandParseError as exc:
        error = exc
    except Exception as exc:
        escaped = _escaped(exc)
    if escaped is not None:
        raise AssertionError(escaped)
    if error is not None:
        assert error.reason.strip(), "empty reason"
        assert str(error).startswith("damaged.txt"), str(error)
    else:
        assert isinstance(result, ParsedHand)
        lines = io.StringIO(text, newline=None).read()
        for mark in reader.LINE_BREAKS:  # a damaged byte may be a line end too (VT, NEL)
            lines = lines.replace(mark, "\n")
        _check_parsed(result, lines.count("\n") + 1)


# ---------------------------------------------------------------------------
# Properties
# ---------------------------------------------------------------------------


@SETTINGS
@given(data=st.data())
def test_damage_to_one_hand_spares_the_others(
    data: st.DataObject, samples: list[Sample], workdir: Path
) -> None:
    k = data.draw(st.integers(0, len(samples) - 1), label="damaged hand")
    damaged = data.draw(damage(samples[k].data), label="damage")
    what = damaged.what
    chunks = [s.data for s in samples]
    chunks[k] = damaged.data
    blob = b"\n".join(chunks)  # each hand ends in "\n": one blank line between hands
    path = workdir / "damaged.txt"
    path.write_bytes(blob)
    codec = reader.detect_encoding(blob[:4096])
    text = _decode(blob) if codec.startswith("utf-8") else _decode_as(blob, codec)
    n_lines = _line_count(text)

    escaped = None
    try:
        results = list(parse_file(path))
    except Exception as exc:
        escaped = _escaped(exc)
    if escaped is not None:
        raise AssertionError(f"{what} in hand {k}: {escaped}")

    for result in results:
        assert isinstance(result, ParsedHand | SkippedHand | ParseFailure), result
        if isinstance(result, ParseFailure):
            _check_failure(result, path, n_lines)
        elif isinstance(result, ParsedHand):
            _check_parsed(result, n_lines)

    if not codec.startswith("utf-8"):
        return  # a UTF-16 byte-order mark put at the start of the file rules the whole file
    spoiled = {k}
    if k > 0 and not _still_opens_a_hand(damaged.data):
        spoiled.add(k - 1)  # the damaged hand's first lines now end the hand before it
    for j, sample in enumerate(samples):
        if j in spoiled:
            continue
        same_id = [r for r in results if r.hand_id == sample.hand_id]
        assert len(same_id) == 1, f"{what} in hand {k}: hand {j} read as {same_id!r}"
        got = same_id[0]
        assert isinstance(got, ParsedHand), f"{what} in hand {k}: hand {j} read as {got!r}"
        assert relined(got, 1 - got.first_line) == relined(ALONE[sample.hand_id], 0), (
            f"{what} in hand {k} changed hand {j} ({sample.source})"
        )


@SETTINGS
@given(data=st.data())
def test_parse_hand_on_damaged_text_raises_only_hand_parse_error(
    data: st.DataObject, samples: list[Sample]
) -> None:
    k = data.draw(st.integers(0, len(samples) - 1), label="hand")
    damaged = data.draw(damage(samples[k].data), label="damage")
    text = damaged.data.decode("utf-8", errors="stud_hh_cp1252")
    _check_parse_hand(text)


@SETTINGS
@given(data=st.data())
def test_parse_hand_on_damaged_text_with_any_characters(
    data: st.DataObject, samples: list[Sample]
) -> None:
    """Text-level damage: any characters (line separators, controls, NULs) in one line."""
    k = data.draw(st.integers(0, len(samples) - 1), label="hand")
    lines = samples[k].data.decode("utf-8").split("\n")
    i = data.draw(st.integers(0, len(lines) - 1), label="line")
    at = data.draw(st.integers(0, len(lines[i])), label="column")
    junk = data.draw(st.text(min_size=1, max_size=10), label="junk")
    lines[i] = lines[i][:at] + junk + lines[i][at:]
    _check_parse_hand("\n".join(lines))
