"""Site dialects: how to recognise a site's hands and turn them into events.

A dialect is a grammar file in ``grammar/`` plus a builder whose callbacks
make :mod:`stud_hh.model.events`. Adding a site adds a dialect here; nothing else
changes. Sites whose files are documents (XML sessions, PHH) are
:class:`~stud_hh.read.documents.DocumentFormat` values in :data:`DOCUMENTS`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from stud_hh.model.caches import keep
from stud_hh.read.documents import DocumentFormat
from stud_hh.read.reader import LineStart
from stud_hh.read.sites import (
    absolute,
    bovada,
    everleaf,
    fulltilt,
    ipoker,
    kingsclub,
    merge,
    ongame,
    partypoker,
    phh,
    pokerstars,
    winamax,
    winning,
)
from stud_hh.read.sites.common import HeaderFields
from stud_hh.read.sites.noise import Noise, NoiseShape


@dataclass(frozen=True, slots=True, eq=False)
class Dialect:
    """How one site writes hands.

    Compared and hashed by identity (each is a module constant): the parser cache is
    keyed by dialect on every hand, and hashing its noise shapes each time would cost
    more than reading them.
    """

    name: str
    grammar: str
    """File name of the grammar inside ``grammar/``."""
    hand_start: re.Pattern[str]
    """Matches (with ``match``) a line that opens a hand of this site."""
    read_header: Callable[[str], HeaderFields]
    """Reads the hand's first ``header_lines`` lines (joined by newlines)."""
    make_builder: Callable[[], Any]
    header_lines: int = 1
    """How many opening lines the header reader needs (PartyPoker puts the game on
    the third or fourth)."""
    noise_shapes: tuple[NoiseShape, ...] = ()
    """The shapes of the site's chat, table-traffic and notice lines (its ``NOISE``):
    taken out of a hand before its grammar reads it (:mod:`stud_hh.read.sites.noise`)."""
    opening: re.Pattern[str] | None = None
    """A line that opens a hand but is only the first part of its opening, printed
    before the line that names the game (PartyPoker's ``Game #N starts.`` and
    ``#Game No : N`` before ``***** Hand History for Game N *****``): the splitter
    cuts at each, so a raw hand of nothing but such lines (and noise) is joined to
    the hand after it, or, when none of the site follows, to the hand before it."""

    @property
    def noise(self) -> Noise:
        """The compiled :attr:`noise_shapes` (built once per dialect)."""
        return _noise(self.noise_shapes)


_NOISES: dict[int, tuple[tuple[NoiseShape, ...], Noise]] = {}
"""The compiled shapes by the identity of a dialect's tuple (hashing the shapes on every
hand costs more than a site's whole noise scan); the tuple is kept so its id stays its."""


def _noise(shapes: tuple[NoiseShape, ...]) -> Noise:
    found = _NOISES.get(id(shapes))
    if found is None or found[0] is not shapes:
        found = _NOISES[id(shapes)] = (shapes, Noise(shapes))
    return found[1]


POKERSTARS = Dialect(
    name=pokerstars.SITE,
    grammar="pokerstars.lark",
    hand_start=pokerstars.HAND_START,
    read_header=pokerstars.read_header,
    make_builder=pokerstars.PokerStarsBuilder,
    noise_shapes=pokerstars.NOISE,
)

FULL_TILT = Dialect(
    name=fulltilt.SITE,
    grammar="fulltilt.lark",
    hand_start=fulltilt.HAND_START,
    read_header=fulltilt.read_header,
    make_builder=fulltilt.FullTiltBuilder,
    noise_shapes=fulltilt.NOISE,
)

PARTYPOKER = Dialect(
    name=partypoker.SITE,
    grammar="partypoker.lark",
    hand_start=partypoker.HAND_START,
    read_header=partypoker.read_header,
    make_builder=partypoker.PartyPokerBuilder,
    header_lines=partypoker.HEADER_LINES,
    noise_shapes=partypoker.NOISE,
    opening=partypoker.OPENING,
)

WINAMAX = Dialect(
    name=winamax.SITE,
    grammar="winamax.lark",
    hand_start=winamax.HAND_START,
    read_header=winamax.read_header,
    make_builder=winamax.WinamaxBuilder,
    noise_shapes=winamax.NOISE,
)

EVERLEAF = Dialect(
    name=everleaf.SITE,
    grammar="everleaf.lark",
    hand_start=everleaf.HAND_START,
    read_header=everleaf.read_header,
    make_builder=everleaf.EverleafBuilder,
    header_lines=everleaf.HEADER_LINES,
    noise_shapes=everleaf.NOISE,
)

ONGAME = Dialect(
    name=ongame.SITE,
    grammar="ongame.lark",
    hand_start=ongame.HAND_START,
    read_header=ongame.read_header,
    make_builder=ongame.OnGameBuilder,
    header_lines=ongame.HEADER_LINES,
    noise_shapes=ongame.NOISE,
)

ABSOLUTE = Dialect(
    name=absolute.SITE,
    grammar="absolute.lark",
    hand_start=absolute.HAND_START,
    read_header=absolute.read_header,
    make_builder=absolute.AbsoluteBuilder,
    header_lines=absolute.HEADER_LINES,
    noise_shapes=absolute.NOISE,
)

BOVADA = Dialect(
    name=bovada.SITE,
    grammar="bovada.lark",
    hand_start=bovada.HAND_START,
    read_header=bovada.read_header,
    make_builder=bovada.BovadaBuilder,
    noise_shapes=bovada.NOISE,
)


WINNING = Dialect(
    name=winning.SITE,
    grammar="winning.lark",
    hand_start=winning.HAND_START,
    read_header=winning.read_header,
    make_builder=winning.WinningBuilder,
    noise_shapes=winning.NOISE,
)

WINNING_2016 = Dialect(
    name=winning.SITE,
    grammar="winning_2016.lark",
    hand_start=winning.HAND_START_2016,
    read_header=winning.read_header_2016,
    make_builder=winning.Winning2016Builder,
    header_lines=winning.HEADER_LINES_2016,
    noise_shapes=winning.NOISE,
)
"""The same site as :data:`WINNING`, written by its client of 2016."""

KINGSCLUB = Dialect(
    name=kingsclub.SITE,
    grammar="kingsclub.lark",
    hand_start=kingsclub.HAND_START,
    read_header=kingsclub.read_header,
    make_builder=kingsclub.KingsClubBuilder,
    header_lines=kingsclub.HEADER_LINES,
    noise_shapes=kingsclub.NOISE,
)

DIALECTS: tuple[Dialect, ...] = (POKERSTARS, FULL_TILT, PARTYPOKER, WINAMAX, EVERLEAF, ONGAME,
                                 ABSOLUTE, BOVADA, WINNING, WINNING_2016, KINGSCLUB)


_ASKED: dict[str, Dialect | None] = {}
"""The lines :func:`dialect_for` was asked about lately, with their answers: an import asks
about each hand's first line three times (joining openings, its cheap key, its parse), a
group of hands (:mod:`stud_hh.store.staging`) at a time."""
_ASKED_MOST = 1024


def dialect_for(line: str) -> Dialect | None:
    """The dialect whose hands start with ``line``, if any."""
    try:
        return _ASKED[line]
    except KeyError:
        pass
    found = None
    for dialect in DIALECTS:
        if dialect.hand_start.match(line):
            found = dialect
            break
    return keep(_ASKED, line, found, _ASKED_MOST)


starts_hand = LineStart("|".join(f"(?:{d.hand_start.pattern})" for d in DIALECTS))
"""Recognises a line that opens a hand of any known site (``starts_hand(line)``);
the reader uses its multi-line form to cut files into hands."""


DOCUMENTS: tuple[DocumentFormat, ...] = (ipoker.IPOKER, merge.MERGE, phh.PHH)
"""Document formats, tried in order on a file's head before the text dialects."""

_DOCUMENTS_BY_NAME = {d.name: d for d in DOCUMENTS}


def document_format(path: str, head: str) -> DocumentFormat | None:
    """The document format of a file, from its path and decoded head, if it is one."""
    for document in DOCUMENTS:
        if document.sniff(path, head):
            return document
    return None


def document_named(kind: str) -> DocumentFormat | None:
    """The document format whose raw hands have ``kind``."""
    return _DOCUMENTS_BY_NAME.get(kind)
