"""Stage 1, in pieces: one large text file -> byte ranges that each start at a hand.

A file of many hands can be read as many tasks (processes, Dask workers). A cheap scan
(:func:`chunks`) reads the bytes once, counts line ends and looks for the sites' hand
headers, cutting the file about every ``target_bytes`` bytes just before a header line;
:func:`chunk_hands` then reads one range on its own, every line numbered as in the whole
file. Read one after the other, the ranges give exactly the raw hands the whole file
gives (:func:`stud_hh.read.split.raw_hands`), in any encoding the reader knows (UTF-8
with or without a byte-order mark, cp1252 bytes, UTF-16 of either order) and with any
line ends. :func:`line_start` finds the byte a line of a file starts at (where an import
that left a file's last text for later stopped reading).

A cut is made only where it cannot change what is read:

* just before a line that opens a hand, never between the pieces of a hand's opening
  (PartyPoker prints three header lines: :func:`stud_hh.read.split.cuts_cleanly`);
* on a line end of the file's own encoding (a UTF-16 ``\\n`` at an even byte; never
  between the ``\\r`` and the ``\\n`` of a CRLF);
* never in a file whose reading depends on where the reader's buffers fall: a line or a
  stretch without a hand header of megabytes (binary junk), where the reader lets go
  of what it holds. Such a file, a document format (XML sessions, PHH: read whole), a
  tournament summary file (no hands), a file holding a line end besides CR and LF
  (U+2028, NEL, ...: :data:`~stud_hh.read.reader.LINE_BREAKS`), a
  file of CR-only line ends larger than :data:`LONGEST_LINE` (the scan cuts its blocks on
  ``\n``) and a file smaller than the target are one range.

>>> pieces = chunks("big.txt", 8 << 20)  # doctest: +SKIP
>>> [(c.start, c.first_line) for c in pieces][:2]  # doctest: +SKIP
[(0, 1), (8390001, 231475)]
>>> sum(1 for c in pieces for raw in chunk_hands(c))  # doctest: +SKIP
200000
"""

from __future__ import annotations

import io
import itertools
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from stud_hh.model.errors import InputError
from stud_hh.read import reader
from stud_hh.read.reader import RawHand
from stud_hh.read.sites import document_format, starts_hand
from stud_hh.read.split import cuts_cleanly, raw_hands, text_hands
from stud_hh.read.summaries import summary_format

BLOCK = 1 << 20
"""Bytes the scan reads at a time."""
LONGEST_LINE = 4 << 20
"""A file with a line longer than this (in bytes) is not cut: the reader gives such a line
out in pieces wherever its buffers fall."""
LONGEST_GAP = 4 << 20
"""A file with a stretch this long (in characters) without a hand header is not cut: the
reader lets go of such text wherever its buffers fall (its ``_MAX_BUFFER`` is twice this)."""
LOOK_AHEAD = 6
"""Raw hands after a candidate cut looked at to see that a hand's opening is whole."""
LOOK_BACK = 1 << 14
"""Bytes before a wanted cut decoded with it, to find the hand before the cut."""
WINDOW = 1 << 16
"""Bytes after a wanted cut decoded with it to find a clean cut."""

_LINE_END = re.compile(r"\r(?:\x00*\n)?|\n")
"""A line end as the reader counts them: NULs are dropped before lines are cut."""
_BREAK_BYTES = tuple(c.encode("utf-8") for c in reader.LINE_BREAKS)
""":data:`~stud_hh.read.reader.LINE_BREAKS` in UTF-8 (a cp1252 byte is none of them: its
0x85 is an ellipsis)."""
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")
"""A character UTF-16 writes in four bytes."""
_TEXT_LINE_END = re.compile(f"\r(?:\x00*[\n{reader.LINE_BREAKS}])?|[\n{reader.LINE_BREAKS}]")
"""A line end of a text site's history as the reader counts them (NULs are dropped and each
of :data:`~stud_hh.read.reader.LINE_BREAKS` made ``\\n`` before CRLFs are joined)."""
_UTF8_BREAK = rb"[\n\x0b\x0c\x1c-\x1e]|\xc2\x85|\xe2\x80[\xa8\xa9]"
_UTF8_TEXT_LINE_END = re.compile(rb"\r(?:\x00*(?:" + _UTF8_BREAK + rb"))?|" + _UTF8_BREAK)
""":data:`_TEXT_LINE_END` in the bytes of a UTF-8 file (a cp1252 byte the reader falls back
to is no line end: its 0x85 is an ellipsis)."""
_BYTES_LINE_END = re.compile(rb"\r(?:\x00*\n)?|\n")
""":data:`_LINE_END` in the bytes of a UTF-8 file: a document's line ends."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """Bytes ``[start, end)`` of a file that start at a hand (or at the file's start)."""

    path: str
    start: int
    end: int
    first_line: int
    """The file line number of the line at ``start``."""
    index: int = 0
    count: int = 1
    """How many chunks the file was cut into (``index`` is this one's, from 0)."""
    size: int = 0
    """The file's size when it was scanned: the last chunk ends there."""
    mtime_ns: int = 0
    """The file's modification time when it was scanned."""

    @property
    def whole(self) -> bool:
        """Whether the chunk is the whole file as it was scanned."""
        return self.count == 1

    @property
    def last(self) -> bool:
        return self.index == self.count - 1

    @property
    def length(self) -> int:
        return self.end - self.start


def chunk_hands(chunk: Chunk) -> Iterator[RawHand]:
    """The raw hands of one chunk, numbered as in the whole file: those the whole file
    gives from ``chunk.start`` to ``chunk.end`` (a whole chunk is the file read as
    :func:`~stud_hh.read.split.raw_hands` reads it, to its end). Raises
    :class:`InputError` if the file cannot be read."""
    if chunk.whole:
        return raw_hands(chunk.path)
    return text_hands(reader.read_hands(chunk.path, starts_hand,
                                        byte_range=(chunk.start, chunk.end),
                                        first_line=chunk.first_line))


def chunks(path: str | os.PathLike[str], target_bytes: int) -> list[Chunk]:
    """``path`` cut into chunks of about ``target_bytes`` bytes, each starting at a hand
    (see the module's notes for the files that stay whole). Raises :class:`InputError`
    when the file cannot be read."""
    name = str(path)
    try:
        stat = os.stat(name)
    except OSError as exc:
        raise InputError(f"cannot open: {exc.strerror or exc}", path=name) from exc
    whole = [Chunk(name, 0, stat.st_size, 1, 0, 1, stat.st_size, stat.st_mtime_ns)]
    if stat.st_size <= target_bytes:
        return whole
    head = reader.read_head(name)
    if document_format(name, head) or summary_format(head):
        return whole
    try:
        with open(name, "rb") as handle:
            cuts = _Scan(handle, stat.st_size, max(1, target_bytes)).cuts()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", path=name) from exc
    if cuts is None or len(cuts) == 1:
        return whole
    ends = [start for start, _ in cuts[1:]] + [stat.st_size]
    return [replace(whole[0], start=start, end=end, first_line=line, index=i,
                    count=len(cuts))
            for i, ((start, line), end) in enumerate(zip(cuts, ends, strict=True))]


def line_start(path: str | os.PathLike[str], line: int, *, breaks: bool = True,
               start: int = 0, start_line: int = 1) -> int:
    """The byte at which line ``line`` of the file at ``path`` starts, its lines numbered as
    the reader numbers them (with ``breaks``, those of a text site's history, where each of
    :data:`~stud_hh.read.reader.LINE_BREAKS` ends a line too; without, a document's),
    counting from byte ``start``, the first byte of line ``start_line`` (a chunk's start);
    the file's size when it has fewer lines. Raises :class:`InputError` when the file cannot
    be read.

    >>> import tempfile
    >>> from pathlib import Path
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = Path(folder) / "h.txt"
    ...     _ = path.write_bytes("a\\r\\nb\\u2028é\\rc\\n".encode("utf-8"))
    ...     [line_start(path, n) for n in (1, 2, 3, 4, 5, 6)]
    [0, 3, 7, 10, 12, 12]
    """
    name = str(path)
    try:
        with open(name, "rb") as handle:
            head = handle.read(4096)
            handle.seek(start)
            data = handle.read()
    except OSError as exc:
        raise InputError(f"cannot read: {exc.strerror or exc}", path=name) from exc
    wanted = line - start_line
    if wanted <= 0:
        return start
    encoding = reader.detect_encoding(head)
    if not encoding.startswith("utf-16"):
        found = _nth_end(_UTF8_TEXT_LINE_END if breaks else _BYTES_LINE_END, data, wanted)
        return start + (len(data) if found is None else found)
    text = data.decode(reader.tail_codec(encoding, head), "replace")  # a BOM: one character
    found = _nth_end(_TEXT_LINE_END if breaks else _LINE_END, text, wanted)
    if found is None:
        return start + len(data)
    return start + 2 * (found + len(_ASTRAL.findall(text, 0, found)))


def _nth_end(pattern: re.Pattern[Any], data: Any, n: int) -> int | None:
    """The offset just past the ``n``-th (from 1) match of ``pattern`` in ``data``."""
    found = next(itertools.islice(pattern.finditer(data), n - 1, None), None)
    return None if found is None else found.end()


class _Scan:
    """One pass over a file's bytes: where it can be cut, with each cut's line number.

    Cheap: a block's line ends are counted in its bytes, and only a few kilobytes of it
    are decoded to see that a hand header turns up often enough (:data:`LONGEST_GAP`);
    the text near each wanted cut is decoded and split as the reader splits it."""

    def __init__(self, handle: io.BufferedReader, size: int, target: int) -> None:
        self.handle, self.size, self.target = handle, size, target
        head = handle.peek(4096)[:4096]
        self.codec = reader.tail_codec(reader.detect_encoding(head), head)
        self.wide = self.codec.startswith("utf-16")
        self.errors = "replace" if self.wide else "stud_hh_cp1252"
        self.newline = (b"\n\x00" if self.codec == "utf-16-le" else b"\x00\n") if self.wide \
            else b"\n"
        self.header = 0
        """The byte of the last hand header seen (a block's first: see :meth:`_gaps`)."""

    def cuts(self) -> list[tuple[int, int]] | None:
        """``(byte, line)`` of each chunk's start, the first ``(0, 1)``; ``None`` when the
        file must not be cut."""
        found = [(0, 1)]
        goal = self.target  # the next cut: the first clean one at or after this byte
        base, line, carry = 0, 1, b""
        while True:
            data = self.handle.read(min(BLOCK, self.size - base - len(carry)))
            buffer = carry + data
            if not buffer:
                return found if self.size - self.header <= LONGEST_GAP else None
            cut = self._line_end_after(buffer, len(buffer) - 1, base, last=True) if data \
                else len(buffer)
            if not cut:
                if len(buffer) > LONGEST_LINE:
                    return None
                carry = buffer
                continue
            block, carry = buffer[:cut], buffer[cut:]
            if not self._gaps(block, base) or self._other_breaks(block):
                return None
            while base + len(block) > goal:
                at, at_line, goal = self._cut_near(block, base, goal)
                if at:
                    found.append((at, line + at_line))
            base += len(block)
            line += self._line_ends(block)

    def _gaps(self, block: bytes, base: int) -> bool:
        """Whether no stretch of :data:`LONGEST_GAP` bytes before the block's first hand
        header is without one (a block without a header only lengthens the stretch)."""
        first = self._first_header(block, base)
        if first is None:
            return base + len(block) - self.header <= LONGEST_GAP
        if base + first - self.header > LONGEST_GAP:
            return False
        self.header = base + first
        return True

    def _first_header(self, block: bytes, base: int) -> int | None:
        """About the byte of the first hand header of ``block`` (whole lines), decoding a
        few kilobytes of it when one is there, as it mostly is."""
        for size in (1 << 14, len(block)):
            end = self._line_end_after(block, min(size, len(block)) - 1, base) or len(block)
            first = starts_hand.first(reader.normalised_text(
                block[:end].decode(self.codec, self.errors)))
            if first is not None:  # a character of the normalised text: near enough
                return 2 * first if self.wide else first
            if end == len(block):
                break
        return None

    def _line_end_after(self, data: bytes, at: int, base: int, *, last: bool = False) -> int:
        """The offset just past the first line end of ``data`` at or after ``at`` (with
        ``last``, the last one at or before it); 0 when there is none. ``base`` is
        ``data``'s byte in the file, for UTF-16's even bytes."""
        mark = self.newline
        if at < 0:
            return 0
        while True:
            k = data.rfind(mark, 0, at + len(mark)) if last else data.find(mark, at)
            if k < 0:
                return 0
            if not self.wide or (base + k) % 2 == 0:
                return k + len(mark)
            at = k - 1 if last else k + 1

    def _other_breaks(self, block: bytes) -> bool:
        """Whether ``block`` holds a line end besides CR and LF
        (:data:`~stud_hh.read.reader.LINE_BREAKS`): such a file is read whole, its lines
        counted by the reader alone."""
        if self.wide:
            text = block.decode(self.codec, "replace")
            return any(c in text for c in reader.LINE_BREAKS)
        return any(mark in block for mark in _BREAK_BYTES)

    def _line_ends(self, block: bytes) -> int:
        """How many lines of ``block`` (whole lines) the reader counts."""
        if self.wide:
            text = block.decode(self.codec, "replace")
            if "\0" in text:
                return len(_LINE_END.findall(text))
            return text.count("\n") + text.count("\r") - text.count("\r\n")
        if b"\0" in block:
            return len(_LINE_END.findall(block.decode("latin-1")))
        if b"\r" not in block:
            return block.count(b"\n")
        return block.count(b"\n") + block.count(b"\r") - block.count(b"\r\n")

    def _cut_near(self, block: bytes, base: int, goal: int) -> tuple[int, int, int]:
        """``(byte, line in the block, next goal)`` of the first clean cut at or after
        byte ``goal`` in a window of ``block`` around it (byte 0 when there is none in the
        window: the next goal is then the window's end)."""
        begin = self._line_end_after(block, goal - base - LOOK_BACK - 1, base) \
            if goal - base > LOOK_BACK else 0
        end = self._line_end_after(block, goal - base + WINDOW, base) or len(block)
        window = block[begin:end]
        text = window.decode(self.codec, self.errors)
        normal = reader.normalised_text(text)
        starts = starts_hand.starts(normal)
        offsets: list[int] | None = None
        line = 0
        position = 0
        for i in range(1, len(starts)):
            line += normal.count("\n", position, starts[i])
            position = starts[i]
            offsets = offsets or self._line_offsets(window, text)
            at = base + begin + offsets[line]
            if at < goal:
                continue
            ahead = i + LOOK_AHEAD
            before = self._raws(normal, starts[i - 1], starts[i])
            after = self._raws(normal, starts[i],
                               starts[ahead] if ahead < len(starts) else len(normal))
            if before and cuts_cleanly(before[0], after):
                lines_before = self._line_ends(block[:begin])
                return at, lines_before + line, at + self.target
        return 0, 0, base + end

    @staticmethod
    def _raws(normal: str, begin: int, end: int) -> list[RawHand]:
        return list(reader.split_text([normal[begin:end]], starts_hand))

    def _line_offsets(self, block: bytes, text: str) -> list[int]:
        """The byte offset in ``block`` (whole lines, decoded as ``text``) of each of its
        lines' start."""
        if not self.wide:  # one character per byte
            found = [0]
            found += (m.end() for m in _LINE_END.finditer(block.decode("latin-1")))
            return found
        starts = [0] + [m.end() for m in _LINE_END.finditer(text)]
        if _ASTRAL.search(text) is None:
            return [2 * s for s in starts]  # two bytes a character
        found, done, at = [0], 0, 0
        for s in starts[1:]:
            at += len(text[done:s].encode(self.codec, "surrogatepass"))
            found.append(at)
            done = s
        return found
