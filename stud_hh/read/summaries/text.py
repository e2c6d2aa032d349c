"""A summary file's text -> the text of each summary in it, every line with its number.

A summary file holds one summary or several one after another (a site's export of many
tournaments; FPDB splits them the same way, at each summary's first line). PokerStars
also mails summaries on request: the mail's headers, a line saying what was requested,
the summaries, and the mail's signature; its body is often quoted-printable (``=20`` at a
line's end, ``=\\n`` joining a long line to the next, ``=C3=B6`` for the bytes of a
name). A mail's lines are decoded keeping each one's number in the file (a line joined
from several takes the number of its first), and its headers, the request line and the
signature are no summary's text.

>>> lines = decoded_lines("PokerStars Tournament #1, Razz\\n  1: Ann (Peru), $5\\n")
>>> [(number, line) for number, line in lines]
[(1, 'PokerStars Tournament #1, Razz'), (2, '1: Ann (Peru), $5')]
>>> qp = quoted_printable(["r=C3=B6mps=C3=A4 (Finland),=20", "a long na=", "me (Peru),"])
>>> [(n, line.strip()) for n, line in qp]
[(1, 'römpsä (Finland),'), (2, 'a long name (Peru),')]
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from stud_hh.read import reader as _reader  # noqa: F401 - registers the cp1252 fallback
from stud_hh.read.summaries.common import SummaryText

_MAIL_HEADER = re.compile(r"^[A-Za-z][A-Za-z0-9-]*: ")
_REQUEST = re.compile(r"^Tournament History for your (?:last \d+ tournaments?|tournaments?)")
"""The line a PokerStars mail opens its body with (``Tournament History for your last 3
tournaments requested by ...``)."""
_QP_BYTE = re.compile(r"=([0-9A-Fa-f]{2})")


def mail_head(head: str) -> bool:
    """Whether a file's head is a mail's headers (``Delivered-To: ...``)."""
    first = head.lstrip().partition("\n")[0]
    return _MAIL_HEADER.match(first) is not None


def request_head(head: str) -> bool:
    """Whether a file opens with the line of a PokerStars summary mail's body."""
    return _REQUEST.match(head.lstrip()) is not None


def _strip(line: str) -> str:
    return line.strip(" \t\xa0\u3000")


def decoded_lines(text: str) -> list[tuple[int, str]]:
    """The non-blank lines of a normalised text (line ends ``\\n``), each with its number
    and without the spaces around it; a mail's headers are left out and a
    quoted-printable body is decoded."""
    lines = text.split("\n")
    if lines and not lines[-1]:
        lines.pop()
    if not lines or not mail_head(lines[0]):
        return [(i, _strip(line)) for i, line in enumerate(lines, 1) if _strip(line)]
    body_start = next((i for i, line in enumerate(lines) if not line.strip()), len(lines))
    headers = "\n".join(lines[:body_start]).lower()
    body = lines[body_start:]
    if "content-transfer-encoding: quoted-printable" in headers:
        decoded = quoted_printable(body)
    else:
        decoded = [(i, line) for i, line in enumerate(body, 1)]
    return [(number + body_start, _strip(line)) for number, line in decoded if _strip(line)]


def quoted_printable(lines: Sequence[str]) -> list[tuple[int, str]]:
    """Quoted-printable lines decoded: a line ending in ``=`` goes on in the next; each
    ``=XX`` is a byte, the bytes read as UTF-8 where they are and as cp1252 where not
    (mails of PokerStars mix both). Each decoded line with the number of its first line."""
    out: list[tuple[int, str]] = []
    pending: list[str] = []
    first = 0
    for number, line in enumerate(lines, 1):
        if not pending:
            first = number
        line = line.rstrip(" \t")
        if line.endswith("="):
            pending.append(line[:-1])
            continue
        pending.append(line)
        out.append((first, _bytes_text("".join(pending))))
        pending = []
    if pending:
        out.append((first, _bytes_text("".join(pending))))
    return out


def _bytes_text(line: str) -> str:
    if "=" not in line:
        return line
    raw = _QP_BYTE.sub(lambda m: chr(int(m.group(1), 16)), line)
    data = b"".join(c.encode("latin-1") if ord(c) < 256 else c.encode("utf-8") for c in raw)
    return data.decode("utf-8", errors="stud_hh_cp1252")


def split_summaries(lines: Sequence[tuple[int, str]], start: re.Pattern[str], path: str,
                    mailed: bool) -> Iterator[SummaryText | tuple[int, list[str]]]:
    """The summaries of the lines, cut at each line ``start`` matches; the lines before the
    first summary come first as ``(first line, lines)`` (a mail's request line, or text of
    no summary)."""
    before: list[str] = []
    first = lines[0][0] if lines else 0
    current: tuple[list[str], list[int]] | None = None
    for number, line in lines:
        if start.match(line):
            if current is not None:
                yield SummaryText(path, tuple(current[0]), tuple(current[1]), mailed)
            elif before:
                yield first, before
            current = ([line], [number])
        elif current is None:
            before.append(line)
        else:
            current[0].append(line)
            current[1].append(number)
    if current is not None:
        yield SummaryText(path, tuple(current[0]), tuple(current[1]), mailed)
    elif before:
        yield first, before
