"""Files still being written: a poker client appends a hand as it is played.

A file changed less than the settling time ago (:func:`recent`) has its last text held
back unless a blank line follows it (:func:`settled`): the client may be writing it still.
:func:`unless_unfinished` yields the whole texts and notes in the file's result the byte
the held-back text starts at; the file's ``files`` row then covers only the bytes before
it, so the next import reads the file again.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator

from stud_hh.model.errors import InputError
from stud_hh.read.chunks import line_start
from stud_hh.read.reader import RawHand
from stud_hh.store.ingest.tasks import FileResult

SETTLED_TAIL = 256
"""Bytes read at a file's end to see whether its last text is followed by a blank line."""


def recent(stat: os.stat_result, settle: float) -> bool:
    """Whether the file of ``stat`` changed less than ``settle`` seconds ago."""
    return time.time_ns() - stat.st_mtime_ns < settle * 1e9


def settled(path: str, encoding: str) -> bool:
    """Whether the file at ``path`` ends in a blank line: a poker client writes a hand and
    the blank lines after it together, so its last hand is whole. (A file whose site
    writes no blank line after the last hand waits for the settling time instead.)"""
    try:
        with open(path, "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            start = max(0, size - SETTLED_TAIL)
            if "16" in encoding:
                start -= start % 2  # a UTF-16 character starts at an even byte
            handle.seek(start)
            # "utf-8+cp1252" (UTF-8 where it decodes, cp1252 where not) is read as UTF-8:
            # only blank lines are looked for, and they read alike in both
            codec = encoding.split("+")[0].replace("-sig", "")
            tail = handle.read().decode(codec, errors="replace")
    except (OSError, LookupError):
        return False
    lines = tail.replace("\r", "").replace("\x00", "").split("\n")
    return len(lines) >= 3 and not lines[-1].strip() and not lines[-2].strip()


def unless_unfinished(raws: Iterable[RawHand], path: str,
                      result: FileResult) -> Iterator[RawHand]:
    """``raws`` of a file changed a moment ago, its last one held back (and
    ``result.held_back`` set, with the byte it starts at) unless the file ends in a blank
    line after it: the client may be writing it still. A text followed by another one is
    whole; so is the last one of a file that cannot be read again to find where it starts
    (gone a moment after it was read)."""
    last: RawHand | None = None
    for raw in raws:
        if last is not None:
            yield last
        last = raw
    if last is None:
        return
    if settled(path, last.encoding):
        yield last
        return
    chunk = result.chunk
    try:
        start = line_start(path, last.first_line, breaks=last.kind == "text",
                           start=chunk.start if chunk else 0,
                           start_line=chunk.first_line if chunk else 1)
    except InputError:
        yield last
        return
    # short of the size the file was read at, whatever the count: the next import reads it
    result.read_to = min(start, (chunk.size if chunk else result.size) - 1)
    result.held_back = True
