"""Hand-history formats that are documents, not streams of lines: XML sessions, PHH.

A text site (:mod:`stud_hh.read.sites`) is cut into hands at its header lines. A
*document format* is read differently: the whole file is decoded (encoding
from the bytes, line ends normalised, every line keeping its number, see
:func:`stud_hh.read.reader.read_document`), the format cuts it into
:class:`~stud_hh.read.reader.RawHand` values of its own ``kind`` (an XML ``<game>``
element, a PHH table), and reads each into a header and events. From there on
a hand of a document format is like any other: replayed, stored, audited.

Each raw hand's ``text`` must be enough to read the hand again on its own
(the importer's workers and the failure records only keep the raw hand), so
a format copies any session-wide part (an XML ``<general>`` block) into it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

from stud_hh.model.events import HandEvent, HandHeader
from stud_hh.read.reader import RawHand


@dataclass(frozen=True, slots=True)
class DocumentHand:
    """What a document format makes of one raw hand."""

    site: str
    hand_id: str
    game_text: str
    """The format's own words for the game (``7 Card Stud Hi-Lo``, ``F7S/8``)."""
    header: HandHeader | None
    """``None`` for a game stud-hh does not read: the hand is counted as skipped."""
    events: tuple[HandEvent, ...] = ()
    warnings: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class DocumentFormat:
    """One document format: how to recognise it, cut it into hands and read a hand."""

    name: str
    """The ``kind`` of the raw hands it makes (never ``"text"``)."""
    site: str
    """The site named in failure records of its hands."""
    sniff: Callable[[str, str], bool]
    """``sniff(path, head)``: whether a file is of this format, from its path and the
    first few thousand characters of its decoded text (BOM and leading blanks removed)."""
    split: Callable[[str, str, str], Iterator[RawHand]]
    """``split(text, path, encoding)``: the raw hands of a decoded file, in order. Text
    that belongs to no hand is yielded with ``is_hand=False``; nothing is dropped."""
    key: Callable[[RawHand], tuple[str, str] | None]
    """``(site, hand id)`` of a raw hand cheaply, or ``None`` if it cannot be told."""
    read: Callable[[RawHand], DocumentHand]
    """Read one raw hand. Raises :class:`~stud_hh.model.errors.HandParseError` naming the line."""
