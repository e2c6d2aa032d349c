"""Files into hands: the raw hands of a file or a text, whatever its format, each piece of
a hand's opening joined to its hand.

A document format (XML session, PHH) is recognised from the file's head and cut by its
own splitter (:mod:`stud_hh.read.documents`); a text site's file is streamed and cut at
its hands' header lines (:mod:`stud_hh.read.reader`), then the pieces of a hand's
opening are joined to their hand (:func:`join_openings`) and stray noise before a hand is
dropped. :mod:`stud_hh.read.parse` reads each raw hand.

>>> text = "junk\\nPokerStars Hand #7: Razz Limit ($1/$2 USD) - 2026/01/02 03:04:05 ET\\nx\\n"
>>> [(r.first_line, r.is_hand) for r in raw_text_hands(text)]
[(1, False), (2, True)]
"""

from __future__ import annotations

import dataclasses
import io
import os
from collections.abc import Iterable, Iterator, Sequence

from stud_hh.read import reader
from stud_hh.read.reader import RawHand
from stud_hh.read.sites import DIALECTS, Dialect, dialect_for, document_format, starts_hand
from stud_hh.read.summaries import summary_format


def raw_hands(path: str | os.PathLike[str], head: str | None = None) -> Iterator[RawHand]:
    """The raw hands of one file, whatever its format.

    A document format (XML session, PHH) is recognised from the file's head and
    cut by its own splitter; anything else is streamed and cut at the header
    lines of the text sites. A tournament summary file holds no hands: it gives none
    (:mod:`stud_hh.read.summaries` reads it). ``head`` is the file's decoded head when
    the caller has read it already (:func:`stud_hh.read.reader.read_head`). Raises
    :class:`InputError` if the file cannot be read.
    """
    name = str(path)
    if head is None:
        head = reader.read_head(path)
    document = document_format(name, head)
    if document is None:
        if summary_format(head) is not None:
            return iter(())
        return text_hands(reader.read_hands(path, starts_hand))
    text, encoding = reader.read_document(path)
    return document.split(text, name, encoding)


def raw_text_hands(text: str, path: str = "<text>") -> Iterator[RawHand]:
    """The raw hands of an in-memory text, cut as :func:`raw_hands` cuts a file."""
    head = text[:4096].replace("\0", "").lstrip("\ufeff \t\r\n")
    document = document_format(path, head)
    if document is None:
        if summary_format(head) is not None:
            return iter(())
        return _without_stray_noise(join_openings(reader.read_text_hands(text, starts_hand,
                                                                         path)))
    normalised = "".join(reader.normalised_chunks(io.StringIO(text, newline=""), indent=True,
                                                  breaks=False))
    return document.split(normalised, path, "utf-8")


def text_hands(raws: Iterable[RawHand]) -> Iterator[RawHand]:
    """The raw hands of a text site's file from what its splitter cut (:func:`raw_hands`):
    the pieces of a hand's opening joined to it, stray noise before a hand dropped."""
    return _without_stray_noise(join_openings(raws))


def cuts_cleanly(before: RawHand, after: Sequence[RawHand]) -> bool:
    """Whether the text of a file can be cut between the splitter's raw hands ``before``
    and ``after[0]`` (``after``: the ones that follow, as many as are at hand), the two
    sides read on their own giving the raw hands that the whole text gives.

    :func:`join_openings` joins a raw hand to its neighbours only across the pieces of a
    hand's opening: the cut holds when ``before`` is no such piece and ``after[0]`` is a
    hand that is none either, or the first piece of an opening that its hand follows
    (among ``after``). A piece of ``after`` cut short (the text at hand ended) only makes
    the answer ``False`` where it could have been ``True``.

    >>> from stud_hh.read.reader import read_text_hands
    >>> raws = list(read_text_hands("Game #1 starts.\\n#Game No : 1\\n"
    ...     "***** Hand History for Game 1 *****\\nx\\nGame #2 starts.\\n#Game No : 2\\n"
    ...     "***** Hand History for Game 2 *****\\ny\\n", starts_hand))
    >>> [cuts_cleanly(raws[i - 1], raws[i:]) for i in range(1, len(raws))]
    [False, False, True, False, False]
    """
    if not after or not after[0].is_hand or _opening_of(before) is not None:
        return False
    site = _opening_of(after[0])
    if site is None:
        return True
    for raw in after[1:]:
        here = _opening_of(raw)
        if here is not site:
            return here is None and _dialect_of(raw) is site
    return False


def _without_stray_noise(raws: Iterable[RawHand]) -> Iterator[RawHand]:
    """``raws`` without text outside any hand that is nothing but lines some site prints
    as noise (a PokerStars archive's ``*********** # 1 **************`` border before its
    first hand, a chat line before the first header): such text carries nothing."""
    for raw in raws:
        if raw.is_hand or raw.kind != "text" or not _all_noise(raw.text):
            yield raw


def _all_noise(text: str) -> bool:
    lines = text[:-1].split("\n")
    return any(all(d.noise.shape_of(line) is not None for line in lines)
               for d in DIALECTS if d.noise)


def _dialect_of(raw: RawHand) -> Dialect | None:
    """The text dialect whose hand ``raw`` is, from its first line."""
    if not raw.is_hand or raw.kind != "text":
        return None
    return dialect_for(raw.text.partition("\n")[0])


def _opening_of(raw: RawHand) -> Dialect | None:
    """The dialect of a raw hand that is nothing but the first lines of a hand's opening
    (:attr:`~stud_hh.read.sites.Dialect.opening`, noise lines aside), else ``None``."""
    dialect = _dialect_of(raw)
    if dialect is None or dialect.opening is None:
        return None
    opening, noise = dialect.opening, dialect.noise
    for line in raw.text[:-1].split("\n"):
        if opening.fullmatch(line) is None and (not noise or noise.shape_of(line) is None):
            return None
    return dialect


def _joined(first: RawHand, second: RawHand) -> RawHand:
    return dataclasses.replace(first, text=first.text + second.text,
                               line_numbers=(*first.line_numbers, *second.line_numbers))


def _settled(held: RawHand | None, pending: RawHand | None) -> Iterator[RawHand]:
    """``held`` and then ``pending`` (opening lines no hand of their site follows), or
    ``held`` with ``pending`` as its tail when both are the same site's."""
    if held is not None and pending is not None and _dialect_of(held) is _opening_of(pending):
        yield _joined(held, pending)
        return
    if held is not None:
        yield held
    if pending is not None:
        yield pending


def join_openings(raws: Iterable[RawHand]) -> Iterator[RawHand]:
    """``raws`` with each piece of a hand's opening joined to its hand.

    A site may open a hand over several lines, each of which the splitter takes
    for the start of a hand (PartyPoker: ``Game #N starts.``, ``#Game No : N``,
    ``***** Hand History for Game N *****``, with blank lines or noise between
    them). A raw hand of nothing but such first lines is joined to the next raw
    hand when that is a hand of its site; with none after it (the file ends, or
    other text follows), to the one before it, whose grammar reads it as a
    trailing line; else it is left alone (and fails as the hand it is).

    >>> from stud_hh.read.reader import read_text_hands
    >>> text = ("Game #1 starts.\\r\\r\\n\\r\\r\\n#Game No : 1\\r\\r\\n"
    ...         "***** Hand History for Game 1 *****\\r\\r\\nx\\r\\r\\nGame #2 starts.\\r\\r\\n")
    >>> [(r.first_line, r.text.count("\\n")) for r in join_openings(
    ...     read_text_hands(text, starts_hand))]
    [(1, 5)]
    """
    pending: RawHand | None = None
    """Opening lines waiting for their hand."""
    held: RawHand | None = None
    """The last raw hand, kept back in case opening lines with no hand follow it."""
    for raw in raws:
        dialect = _opening_of(raw)
        if pending is not None:
            site = _opening_of(pending)
            if dialect is site:
                pending = _joined(pending, raw)
                continue
            if dialect is None and _dialect_of(raw) is site:
                raw, pending = _joined(pending, raw), None
            else:
                yield from _settled(held, pending)
                held = pending = None
        if dialect is not None:
            pending = raw
            continue
        if held is not None:
            yield held
        held = raw
    yield from _settled(held, pending)
