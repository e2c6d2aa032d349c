"""A raw hand's header and key, read without its parse: the cheap look an import takes at
each hand (:func:`hand_key`: is it stored already?) and the header the parse starts from.

An import reads each hand's header twice (its key, for a group of hands, then its parse):
the headers read lately are kept, by their text.
"""

from __future__ import annotations

from typing import Final

from stud_hh.model.caches import keep
from stud_hh.model.errors import UnsupportedFormatError
from stud_hh.read.documents import DocumentFormat
from stud_hh.read.reader import RawHand
from stud_hh.read.sites import Dialect, dialect_for, document_named
from stud_hh.read.sites.common import HeaderFields


def document_of(raw: RawHand) -> DocumentFormat:
    """The document format that made ``raw`` (a raw hand of a document: XML, PHH)."""
    document = document_named(raw.kind)
    if document is None:  # pragma: no cover - raw hands are only made by known formats
        raise UnsupportedFormatError(f"unknown document format {raw.kind!r}", path=raw.path,
                                     line=raw.first_line)
    return document


def header_text(dialect: Dialect, text: str, first: str) -> str:
    """The lines ``dialect.read_header`` reads: the first line, or the first few."""
    if dialect.header_lines == 1:
        return first
    return "\n".join(text.split("\n", dialect.header_lines)[:dialect.header_lines])


_HEADERS: dict[str, tuple[Dialect, HeaderFields]] = {}
"""Headers read lately, by their text: an import reads each hand's header twice (its cheap
key, :func:`hand_key`, for a group of hands, then each hand's parse), and the time in a
header (a regex, then the date into UTC) costs more than a lookup."""
_HEADERS_MOST: Final = 256


def read_header(dialect: Dialect, text: str) -> HeaderFields:
    """``dialect.read_header(text)``, from :data:`_HEADERS` when it read this text lately;
    each call gets a ``fields`` of its own (the parse fills it in). A header that does not
    read is not kept: it raises each time."""
    known = _HEADERS.get(text)
    if known is None or known[0] is not dialect:
        known = keep(_HEADERS, text, (dialect, dialect.read_header(text)), _HEADERS_MOST)
    head = known[1]
    return HeaderFields(head.hand_id, head.game_text, head.game, dict(head.fields))


def text_header(raw: RawHand) -> tuple[Dialect, HeaderFields] | None:
    """The dialect of a raw hand of a text site and what its header says (its game
    ``None`` for a game stud-hh does not read), or ``None`` when the header does not read.

    Cheap (the header's static part is cached).
    """
    if not raw.is_hand or raw.kind != "text":
        return None
    first = raw.text.partition("\n")[0]
    dialect = dialect_for(first)
    if dialect is None:
        return None
    text = raw.text
    if dialect.header_lines > 1 and dialect.noise:
        text = dialect.noise.strip(text, raw.line_numbers)[0]
    try:
        return dialect, read_header(dialect, header_text(dialect, text, first))
    except Exception:  # an unreadable header: the full parse reports it
        return None


def hand_key(raw: RawHand) -> tuple[str, str] | None:
    """``(site, hand id)`` of a raw hand from its first line alone, or ``None``.

    Cheap (the header's static part is cached): an import uses it to pass over
    hands it already stored without parsing them again.
    """
    if not raw.is_hand:
        return None
    if raw.kind != "text":
        try:
            return document_of(raw).key(raw)
        except Exception:  # an unreadable hand: the full parse reports it
            return None
    found = text_header(raw)
    return None if found is None else (found[0].name, found[1].hand_id)
