"""Standard output as the commands write it: a reader that has gone (``stud-hh ... | head``)
ends the command quietly, and any other fault of standard output is named as such.

A ``BrokenPipeError`` alone cannot tell ``| head`` from a pipe to a worker process that
closed; raised from a write to standard output, it is :class:`OutputClosed`.

>>> import io
>>> out = Output(io.StringIO())
>>> out.write("a line\\n"), out.getvalue()
(7, 'a line\\n')
"""

from __future__ import annotations

import errno
from typing import Any, TextIO

STANDARD_OUTPUT = "standard output"
"""The name faults of standard output are reported under (it has no path)."""


class OutputClosed(Exception):
    """Standard output's reader has gone: the command has been told all it needs."""


class Output:
    """A text stream that turns its faults into :class:`OutputClosed` (the reader has
    gone) or an ``OSError`` naming standard output (a full disk, an I/O error)."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        try:
            return self._stream.write(text)
        except OSError as exc:
            raise _fault(exc) from None

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as exc:
            raise _fault(exc) from None

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _fault(exc: OSError) -> Exception:
    if exc.errno in (errno.EPIPE, errno.ESHUTDOWN):
        return OutputClosed()
    return OSError(exc.errno, exc.strerror, exc.filename or STANDARD_OUTPUT)
