"""Stage 1: bytes on disk -> one hand's text at a time.

A file of any size is streamed hand by hand; memory does not grow with it.

* Encoding from the bytes: a UTF-8 or UTF-16 byte-order mark wins; UTF-16
  without a mark is recognised by its NUL bytes; everything else is read as
  UTF-8, and any byte that is not valid UTF-8 is read as cp1252 (so a cp1252
  file, or a UTF-8 file with a stray cp1252 euro sign, reads correctly).
* Line ends: CRLF, LF, CR-only and any mix of them, and every other line boundary
  Python's ``str.splitlines`` knows (:data:`LINE_BREAKS`: U+2028, U+2029, NEL, vertical
  tab, form feed, the file, group and record separators) in a text site's history. NUL
  bytes, byte-order marks inside the file and trailing spaces are dropped.
* Splitting: a hand starts at a line that a site recognises as a hand header;
  blank lines are dropped, but every line keeps its number in the file.

>>> text = "junk\\r\\n\\r\\nHAND 1 \\r\\na\\r\\n\\r\\nHAND 2\\nb\\n\\nc"
>>> hands = list(read_text_hands(text, LineStart("HAND"), path="x.txt"))
>>> [(h.first_line, h.text, h.is_hand) for h in hands]
[(1, 'junk\\n', False), (3, 'HAND 1\\na\\n', True), (6, 'HAND 2\\nb\\nc\\n', True)]
>>> list(hands[2].line_numbers)
[6, 7, 9]
"""

from __future__ import annotations

import codecs
import errno
import io
import os
import re
import stat
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from stud_hh.model.errors import InputError


def _as_cp1252(err: UnicodeError) -> tuple[str, int]:
    """Decode the bytes UTF-8 rejects as cp1252 (latin-1 for cp1252's holes)."""
    if not isinstance(err, UnicodeDecodeError):
        raise err
    bad = err.object[err.start : err.end]
    out = []
    for byte in bad:
        try:
            out.append(bytes([byte]).decode("cp1252"))
        except UnicodeDecodeError:
            out.append(chr(byte))
    return "".join(out), err.end


codecs.register_error("stud_hh_cp1252", _as_cp1252)


class Utf8Text(io.TextIOBase):
    """A UTF-8 file's text, read in pieces; the bytes UTF-8 rejects read as cp1252, and
    :attr:`fell_back` tells whether any did so far.

    Each stream knows this of itself: two files read at once, in one thread or two, never
    take each other's fallback.

    >>> text = Utf8Text(io.BytesIO(b"one\\ntwo \\x80 1\\n"))
    >>> text.read(4), text.fell_back, text.read(100), text.fell_back
    ('one\\n', False, 'two \u20ac 1\\n', True)
    """

    def __init__(self, raw: io.BufferedIOBase | io.RawIOBase) -> None:
        super().__init__()
        self._raw = raw
        self._decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self.fell_back = False

    def readable(self) -> bool:
        return True

    def read(self, size: int | None = -1) -> str:
        """Up to ``size`` bytes' worth of text (all that is left when ``size`` is negative);
        ``""`` only at the end."""
        whole = size is None or size < 0
        while True:
            data = self._raw.read(-1 if size is None or size < 0 else size) or b""
            final = whole or not data
            try:
                text: str = self._decoder.decode(data, final)
            except UnicodeDecodeError:  # read again from where the decoder stood, falling back
                self.fell_back = True
                self._decoder.errors = "stud_hh_cp1252"
                text = self._decoder.decode(data, final)
            if text or final:
                return text

    def close(self) -> None:
        self._raw.close()
        super().close()


@dataclass(frozen=True, slots=True)
class RawHand:
    """One hand's normalised text and where each of its lines came from.

    ``text`` has one line per entry of ``line_numbers``, each ending in
    ``"\\n"``, trailing spaces removed. ``is_hand`` is false for text that sits
    outside any hand header (kept so that nothing is dropped silently).
    """

    path: str
    first_line: int
    text: str
    line_numbers: Sequence[int]
    is_hand: bool = True
    encoding: str = "utf-8"
    kind: str = "text"
    """``"text"`` for a hand cut from a text site's file, else the name of the
    document format (:mod:`stud_hh.read.documents`) that made it."""

    def file_line(self, chunk_line: int) -> int:
        """The file line of the ``chunk_line``-th (1-based) line of ``text``."""
        if 1 <= chunk_line <= len(self.line_numbers):
            return self.line_numbers[chunk_line - 1]
        return self.line_numbers[-1] if self.line_numbers else self.first_line

    def line_text(self, chunk_line: int) -> str:
        """The text of the ``chunk_line``-th (1-based) line."""
        lines = self.text.split("\n")
        if 1 <= chunk_line <= len(lines):
            return lines[chunk_line - 1]
        return ""


def detect_encoding(head: bytes) -> str:
    """The codec to read a file whose first bytes are ``head``.

    >>> detect_encoding(codecs.BOM_UTF8 + b"PokerStars")
    'utf-8-sig'
    >>> detect_encoding("PokerStars".encode("utf-16-le"))
    'utf-16-le'
    >>> detect_encoding(codecs.BOM_UTF16_BE + "Poker".encode("utf-16-be"))
    'utf-16'
    >>> detect_encoding(b"\\x00PartyPoker")
    'utf-8'
    """
    if head.startswith(codecs.BOM_UTF8):
        return "utf-8-sig"
    if head.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"
    sample = head[:4096]
    half = len(sample) // 2
    if half >= 4:
        even_nul = sample[0::2].count(0)
        odd_nul = sample[1::2].count(0)
        if odd_nul > 0.4 * half and even_nul < 0.05 * half:
            return "utf-16-le"
        if even_nul > 0.4 * half and odd_nul < 0.05 * half:
            return "utf-16-be"
    return "utf-8"


def tail_codec(encoding: str, head: bytes) -> str:
    """The codec of a file's bytes after its start, for a file whose first bytes are
    ``head`` read with ``encoding`` (:func:`detect_encoding`): without the byte-order
    mark, which only the start of a file carries.

    >>> [tail_codec(e, codecs.BOM_UTF16_BE) for e in ("utf-16", "utf-8-sig", "utf-16-le")]
    ['utf-16-be', 'utf-8', 'utf-16-le']
    """
    if encoding == "utf-8-sig":
        return "utf-8"
    if encoding == "utf-16":
        return "utf-16-be" if head.startswith(codecs.BOM_UTF16_BE) else "utf-16-le"
    return encoding


class _Window(io.RawIOBase):
    """The bytes ``[start, end)`` of an open binary file, as a stream of their own."""

    def __init__(self, raw: io.BufferedReader, start: int, end: int) -> None:
        super().__init__()
        raw.seek(start)
        self._raw, self._left = raw, max(0, end - start)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        view = memoryview(buffer).cast("B")
        wanted = min(len(view), self._left)
        if wanted <= 0:
            return 0
        got = self._raw.readinto(view[:wanted])
        self._left -= got
        return got

    def close(self) -> None:
        self._raw.close()
        super().close()


def open_text(path: str | os.PathLike[str], byte_range: tuple[int, int] | None = None
              ) -> tuple[io.TextIOBase, str]:
    """Open ``path`` for streaming text, line ends untranslated; with ``byte_range``
    (``(start, end)``, ``start`` at a line's first byte), only those bytes, decoded as the
    whole file is.

    Returns the stream and the codec chosen for the file: a UTF-8 file's stream is a
    :class:`Utf8Text`, which tells whether it read bytes as cp1252. Raises
    :class:`InputError` when the file cannot be opened.
    """
    try:
        raw = open(path, "rb")  # noqa: SIM115 - handed to the wrapper, closed by the caller
    except OSError as exc:
        raise InputError(f"cannot open: {exc.strerror or exc}", path=str(path)) from exc
    head = raw.peek(4096)[:4096]
    encoding = detect_encoding(head)
    errors = "stud_hh_cp1252" if encoding.startswith("utf-8") else "replace"
    codec = encoding
    stream: io.BufferedReader = raw
    if byte_range is not None:
        start, end = byte_range
        if start > 0:
            codec = tail_codec(encoding, head)
        stream = io.BufferedReader(_Window(raw, start, end))
    if codec == "utf-8":
        return Utf8Text(stream), encoding
    return io.TextIOWrapper(stream, encoding=codec, errors=errors, newline=""), encoding


def _fell_back(stream: io.TextIOBase) -> bool:
    """Whether ``stream`` (from :func:`open_text`) read bytes of its UTF-8 as cp1252."""
    return isinstance(stream, Utf8Text) and stream.fell_back


class HandStart(Protocol):
    """How a splitter recognises the first line of a hand."""

    def __call__(self, line: str) -> bool:
        """Whether ``line`` opens a hand."""

    def starts(self, text: str) -> list[int]:
        """Offsets of the lines of ``text`` (which begins a line) that open a hand."""


class LineStart:
    """A :class:`HandStart` from a regular expression matched at the start of a line.

    >>> start = LineStart(r"HAND")
    >>> start("HAND 1"), start("xHAND")
    (True, False)
    >>> start.starts("HAND 1\\nx\\nHAND 2\\n")
    [0, 9]
    """

    def __init__(self, pattern: str) -> None:
        self.line = re.compile(pattern)
        # A literal "\n" first lets the regex engine skip ahead quickly (5x faster
        # than a multi-line "^" on large text).
        self._after_newline = re.compile(f"\n(?=(?:{pattern}))")

    def __call__(self, line: str) -> bool:
        return self.line.match(line) is not None

    def starts(self, text: str) -> list[int]:
        found = [m.start() + 1 for m in self._after_newline.finditer(text)]
        if self.line.match(text):
            found.insert(0, 0)
        return found

    def first(self, text: str) -> int | None:
        """The offset of the first line of ``text`` (which begins a line) that opens a
        hand, if any: what ``starts(text)[0]`` would be, at the cost of finding one.

        >>> LineStart(r"HAND").first("x\\nHAND 1\\nHAND 2\\n")
        2
        """
        if self.line.match(text):
            return 0
        found = self._after_newline.search(text)
        return found.start() + 1 if found else None


_SPACES = " \t\xa0\u3000"
_MAX_BUFFER = 8 << 20  # characters held while no hand header is seen
LINE_BREAKS = "\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029"
"""Line boundaries besides CR and LF, those ``str.splitlines`` knows: each ends a line of a
text site's history (a file written with U+2028 or NEL line ends reads as lines, the same
ones ``splitlines`` gives). XML and PHH documents keep their own formats' line ends (XML
1.0 and TOML know only CR and LF): there such a character is text."""
_BREAK = re.compile(f"[{LINE_BREAKS}]")


def _breaks_to_newlines(text: str) -> str:
    """``text`` with each of :data:`LINE_BREAKS` made ``"\\n"`` (cheap when it has none: one
    fast scan per character, none at all for ASCII text)."""
    if text.isascii():
        if "\x0b" not in text and "\x0c" not in text and "\x1c" not in text \
                and "\x1d" not in text and "\x1e" not in text:
            return text
    elif not any(c in text for c in LINE_BREAKS):
        return text
    return _BREAK.sub("\n", text)


def normalised_chunks(stream: io.TextIOBase, chunk_size: int = 1 << 18, *,
                      indent: bool = False, breaks: bool = True) -> Iterator[str]:
    r"""The stream's text in large pieces, each ending with a whole line.

    NUL bytes and byte-order marks are dropped *before* lines are cut (so
    ``\r\0\n`` is one line end); CRLF, LF and CR alone all become ``\n``;
    spaces at line ends are removed, and at line starts too unless ``indent`` (a
    PokerStars archive export indents every line, and no text site's line begins
    with a space that means anything; documents keep theirs, so that a TOML
    error's column stays right). Every piece ends in ``\n``, except a piece of a line
    longer than ``_MAX_BUFFER`` (binary junk, a damaged file): such a line is given out in
    pieces, the next one going on with it, and no line end is ever added, so the lines
    after it keep their numbers. With ``breaks`` (a text site's history, not a document),
    each of :data:`LINE_BREAKS` ends a line too.

    >>> list(normalised_chunks(io.StringIO("a \r\n b\rc\0\n\ufeffd\r\0\ne", newline="")))
    ['a\nb\nc\nd\n', 'e\n']
    >>> list(normalised_chunks(io.StringIO("a\u2028b\x85c", newline="")))
    ['a\nb\n', 'c\n']
    """
    pending = ""
    continued = False  # whether the next piece goes on with a line cut because it was long
    while True:
        chunk = stream.read(chunk_size)
        if not chunk:
            break
        if "\0" in chunk:
            chunk = chunk.replace("\0", "")
        if breaks:
            chunk = _breaks_to_newlines(chunk)
        text = pending + chunk
        keep_cr = text.endswith("\r")  # may be the first half of a CRLF cut by the chunk
        if keep_cr:
            text = text[:-1]
        if "\r" in text:
            text = text.replace("\r\n", "\n").replace("\r", "\n")
        cut = text.rfind("\n") + 1
        if not cut and len(text) > _MAX_BUFFER:  # no line end for megabytes: binary junk
            cut = len(text)
        pending = text[cut:] + ("\r" if keep_cr else "")
        body = text[:cut]
        if body:
            yield _clean(body, indent, continued)
            continued = not body.endswith("\n")
    if pending:
        yield _clean(pending.replace("\r", "\n") + "\n", indent, continued)


def _clean(body: str, indent: bool, continued: bool = False) -> str:
    if "\ufeff" in body:
        body = body.replace("\ufeff", "")
    # a space character the text lacks cannot be at a line end: one cheap scan for the
    # character spares two for the pairs (only " " is in every text)
    present = [space for space in _SPACES if space in body]
    trailing = [space + "\n" for space in present]
    leading = [] if indent else ["\n" + space for space in present]
    dirty = True
    while dirty:  # str.replace runs ~15x faster than a regex here; mixes need rounds
        dirty = False
        for pair in trailing:
            if pair in body:
                body = body.replace(pair, "\n")
                dirty = True
        for pair in leading:
            if pair in body:
                body = body.replace(pair, "\n")
                dirty = True
    if not indent and not continued and body[:1] in _SPACES and body:  # its first line
        body = body.lstrip(_SPACES)
    return body


def normalised_text(text: str) -> str:
    r"""Decoded text of whole lines, normalised as :func:`normalised_chunks` does (one
    ``\n`` per line end, so the lines keep their count).

    >>> normalised_text(" a \r\n\ufeffb\r\0\nc\r")
    'a\nb\nc\n'
    """
    if "\0" in text:
        text = text.replace("\0", "")
    text = _breaks_to_newlines(text)
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    return _clean(text, False)


def text_lines(stream: io.TextIOBase, chunk_size: int = 1 << 16) -> Iterator[str]:
    r"""Lines of a text stream, normalised as :func:`normalised_chunks` does.

    >>> list(text_lines(io.StringIO("a \r\nb\rc\0\n\ufeffd\r\0\ne", newline="")))
    ['a', 'b', 'c', 'd', 'e']
    """
    partial = ""  # the start of a line longer than a piece
    for chunk in normalised_chunks(stream, chunk_size):
        lines = (partial + chunk).split("\n")
        partial = lines.pop()
        yield from lines


def split_text(
    chunks: Iterable[str],
    start: HandStart,
    *,
    path: str = "<text>",
    encoding: str = "utf-8",
    first_line: int = 1,
) -> Iterator[RawHand]:
    r"""Cut normalised text into hands at the lines ``start`` recognises.

    Text before the first hand is yielded too (``is_hand=False``), so nothing
    is dropped; blank lines are dropped but every line keeps its file number
    (``first_line`` is the number of the text's first line: a piece of a file).

    >>> chunks = ["junk\n\nHAND 1\na\n\n", "HAND 2\nb\n"]
    >>> hands = list(split_text(chunks, LineStart("HAND"), path="x.txt"))
    >>> [(h.first_line, h.text, h.is_hand) for h in hands]
    [(1, 'junk\n', False), (3, 'HAND 1\na\n', True), (6, 'HAND 2\nb\n', True)]
    """
    buffer = ""
    base = first_line  # the file line of buffer[0]
    in_hand = False  # whether buffer[0] is inside a hand
    line_start = True  # whether buffer[0] starts a line (not the rest of a long one)
    for chunk in chunks:
        buffer += chunk
        cuts = start.starts(buffer)
        if cuts and cuts[0] == 0:
            cuts.pop(0)
            in_hand = in_hand or line_start
        if cuts:  # the buffer goes on from a hand's first line
            line_start = True
        elif len(buffer) > _MAX_BUFFER:  # no header for a long while: let go
            cuts = [len(buffer)]
            line_start = buffer.endswith("\n")
        begin = 0
        for cut in cuts:
            hand = _emit(buffer[begin:cut], base, in_hand, path, encoding)
            if hand is not None:
                yield hand
            base += buffer.count("\n", begin, cut)
            begin, in_hand = cut, cut < len(buffer)
        if begin:
            buffer = buffer[begin:]
    if buffer:
        hand = _emit(buffer, base, in_hand, path, encoding)
        if hand is not None:
            yield hand


def _emit(segment: str, base: int, in_hand: bool, path: str,
          encoding: str) -> RawHand | None:
    """The raw hand (or text outside any hand) of one segment, ``None`` when it is blank."""
    text = segment.lstrip("\n")
    first = base + len(segment) - len(text)
    text = text.rstrip("\n")
    if not text:
        return None
    numbers: Sequence[int]
    if "\n\n" in text:  # blank lines inside: keep each line's own number
        kept, found = [], []
        for i, line in enumerate(text.split("\n")):
            if line:
                kept.append(line)
                found.append(first + i)
        text, numbers = "\n".join(kept), tuple(found)
    else:
        numbers = range(first, first + text.count("\n") + 1)
    return RawHand(path, first, text + "\n", numbers, in_hand, encoding)


def read_hands(path: str | os.PathLike[str], start: HandStart, *,
               byte_range: tuple[int, int] | None = None, first_line: int = 1
               ) -> Iterator[RawHand]:
    """Stream the hands of one file. Raises :class:`InputError` if it cannot be read.

    With ``byte_range``, the hands of those bytes only: a piece of the file that starts at
    the first byte of its line ``first_line`` (see :mod:`stud_hh.read.chunks`), every line
    numbered as in the whole file.
    """
    stream, encoding = open_text(path, byte_range)
    name = str(path)
    try:
        for hand in split_text(normalised_chunks(stream), start, path=name, encoding=encoding,
                               first_line=first_line):
            if encoding == "utf-8" and _fell_back(stream):
                hand = RawHand(hand.path, hand.first_line, hand.text, hand.line_numbers,
                               hand.is_hand, "utf-8+cp1252")
            yield hand
    except OSError as exc:
        raise InputError(f"cannot read: {exc}", path=name) from exc
    finally:
        stream.close()


def read_document(path: str | os.PathLike[str]) -> tuple[str, str]:
    """The whole text of a file and the codec chosen, normalised as :func:`normalised_chunks`
    does: line ends are ``\\n`` and every line keeps its number (blank lines stay).

    For document formats (XML, PHH): the encoding comes from the bytes, never
    from what the document says about itself. Raises :class:`InputError`.
    """
    stream, encoding = open_text(path)
    try:
        text = "".join(normalised_chunks(stream, indent=True, breaks=False))
    except OSError as exc:
        raise InputError(f"cannot read: {exc}", path=str(path)) from exc
    finally:
        stream.close()
    if encoding == "utf-8" and _fell_back(stream):
        encoding = "utf-8+cp1252"
    return text, encoding


def read_head(path: str | os.PathLike[str], size: int = 4096) -> str:
    """The first ``size`` bytes of a file decoded (BOM, NULs and leading blanks removed),
    for telling its format. Raises :class:`InputError`.
    """
    try:
        with open(path, "rb") as f:
            head = f.read(size)
    except OSError as exc:
        raise InputError(f"cannot open: {exc.strerror or exc}", path=str(path)) from exc
    encoding = detect_encoding(head)
    text = head.decode(encoding, errors="replace")
    return text.replace("\0", "").lstrip("\ufeff \t\r\n")


def read_text_hands(text: str, start: HandStart, path: str = "<text>") -> Iterator[RawHand]:
    """Split an in-memory text the same way a file is split."""
    return split_text(normalised_chunks(io.StringIO(text, newline="")), start, path=path)


@dataclass(frozen=True, slots=True)
class FolderEntry:
    """A file met in a folder scan, or an entry the scan could not read or follow."""

    path: Path
    problem: str | None = None
    """Why the entry could not be read (a dangling link, a folder that cannot be listed, a
    link loop); ``None`` for a readable file."""


def walk(folder: Path) -> Iterator[FolderEntry]:
    """Every file under ``folder`` (recursively, sorted, hidden names left out), and every
    entry that could not be listed or followed, each with its problem.

    Links to folders are followed once: a link back to a folder already walked is a loop
    and reported as such, never walked again.
    """
    seen: set[tuple[int, int]] = set()
    problems: list[FolderEntry] = []

    def failed(exc: OSError) -> None:
        problems.append(FolderEntry(Path(exc.filename or folder),
                                    f"cannot list the folder: {exc.strerror or exc}"))

    for top, dirs, names in os.walk(folder, onerror=failed, followlinks=True):
        here = Path(top)
        try:
            info = os.stat(here)
        except OSError:
            dirs[:] = []
            continue
        if (info.st_dev, info.st_ino) in seen:
            dirs[:] = []
            problems.append(FolderEntry(here, "a link back to a folder already read (a loop)"))
            continue
        seen.add((info.st_dev, info.st_ino))
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(names):
            if name.startswith("."):
                continue
            path = here / name
            if path.is_file():
                yield FolderEntry(path)
            elif not path.is_dir():
                problems.append(FolderEntry(path, not_readable(path)))
    yield from problems


def not_readable(path: Path) -> str:
    """Why ``path``, neither a file nor a folder stud-hh can read, is not one: named as a
    person would name it (a device is not "no such file").

    >>> not_readable(Path("/nowhere/at/all")), not_readable(Path("/dev/null"))
    ('no such file or folder', 'a device, not a file')
    """
    try:
        mode = os.stat(path).st_mode
    except RuntimeError:  # pragma: no cover - os.stat raises OSError (ELOOP) for a loop
        return "a loop of links (a link that leads back to itself)"
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            return "a loop of links (a link that leads back to itself)"
        if os.path.islink(path):
            return "a link to nothing (dangling link)"
        if exc.errno in (errno.EACCES, errno.EPERM):
            return "permission denied"
        return "no such file or folder"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device, not a file"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO), not a file"
    if stat.S_ISSOCK(mode):
        return "a socket, not a file"
    return "not a regular file"


def iter_files(paths: Iterable[str | os.PathLike[str]]) -> Iterator[Path]:
    """Files named directly, and every readable file found recursively in folders.

    Which files of a folder hold hands is decided by their content
    (:func:`stud_hh.read.scan.scan_paths`), not here. Raises :class:`InputError` for a path
    that does not exist.
    """
    for item in paths:
        path = Path(item)
        if path.is_dir():
            yield from (e.path for e in walk(path) if e.problem is None)
        elif path.is_file():
            yield path
        else:
            raise InputError(not_readable(path), path=str(path))


def looks_binary(head: bytes) -> bool:
    """Whether a file's first bytes are not text in any encoding the reader knows.

    >>> looks_binary(b"\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR\\x00\\x00\\x01")
    True
    >>> looks_binary(b"PokerStars Hand #1")
    False
    >>> looks_binary("Full Tilt".encode("utf-16-le"))
    False
    """
    if not head:
        return False
    encoding = detect_encoding(head)
    if encoding.startswith("utf-16"):
        return False
    sample = head[:4096]
    control = sum(1 for b in sample if b < 32 and b not in (9, 10, 12, 13))
    return control > 0.05 * len(sample) or sample.count(0) > 0.2 * len(sample)


def holds_line(path: str | os.PathLike[str], start: HandStart) -> bool:
    """Whether some line of a text file is one ``start`` recognises (the file is read only
    until the first such line). Raises :class:`InputError`."""
    stream, _ = open_text(path)
    line_start = True  # whether the chunk starts a line (not the rest of a long one)
    try:
        for chunk in normalised_chunks(stream):
            if (line_start and start(chunk)) or start.starts(chunk):
                return True
            line_start = chunk.endswith("\n")
    except OSError as exc:
        raise InputError(f"cannot read: {exc}", path=str(path)) from exc
    finally:
        stream.close()
    return False


def read_start(path: str | os.PathLike[str], size: int = 4096) -> bytes:
    """The first ``size`` bytes of a file. Raises :class:`InputError`."""
    try:
        with open(path, "rb") as f:
            return f.read(size)
    except OSError as exc:
        raise InputError(f"cannot open: {exc.strerror or exc}", path=str(path)) from exc
