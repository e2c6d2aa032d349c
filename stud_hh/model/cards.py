"""Cards as two-character strings (``"Ah"``, ``"Tc"``), validated once.

Ranks ``23456789TJQKA``, suits ``cdhs``. A text that is no card comes back as
``None``; what it means is the reader's to say (a hidden card, a corrupt text the
site is known to print, or a card that cannot exist: see
:class:`stud_hh.read.sites.common.SiteBuilder`).

>>> parse_cards("Ah 3c Ac")
('Ah', '3c', 'Ac')
>>> parse_cards("9s of")
('9s', None)
>>> is_card("Tx")
False
"""

from __future__ import annotations

from typing import TypeAlias

RANKS = "23456789TJQKA"
SUITS = "cdhs"

Card: TypeAlias = str
"""A valid two-character card, e.g. ``"Ah"``."""

MaybeCard: TypeAlias = Card | None
"""A card, or ``None`` where the history prints something unreadable or hidden."""

ALL_CARDS: frozenset[str] = frozenset(r + s for r in RANKS for s in SUITS)

# Sites write tens as "10" sometimes and upper-case suits in exports.
_ALIASES = {r + s.upper(): r + s for r in RANKS for s in SUITS}
_ALIASES.update({"10" + s: "T" + s for s in SUITS})
_ALIASES.update({"10" + s.upper(): "T" + s for s in SUITS})
_ALIASES.update({r.lower() + s: r + s for r in "TJQKA" for s in SUITS})
_READ: dict[str, str] = {**_ALIASES, **{card: card for card in ALL_CARDS}}
"""Every way a card is written, to the card."""
_READ_NO_TENS: dict[str, str] = {text: card for text, card in _READ.items()
                                 if not text.startswith("10")}
"""Every way a card is written by a site that prints ten as ``T``, never ``10``."""


def is_card(text: str) -> bool:
    """True when ``text`` is exactly one valid card."""
    return text in ALL_CARDS


def normalise_card(text: str) -> MaybeCard:
    """The canonical card for ``text``, or ``None`` when it is not a card."""
    if text in ALL_CARDS:
        return text
    return _ALIASES.get(text)


def parse_cards(text: str, *, tens_as_10: bool = True) -> tuple[MaybeCard, ...]:
    """Split a space-separated card list; unreadable entries become ``None``. Without
    ``tens_as_10`` (a site that prints tens as ``T``), ``10h`` is unreadable too.

    >>> parse_cards("10h Th"), parse_cards("10h Th", tens_as_10=False)
    (('Th', 'Th'), (None, 'Th'))
    """
    return tuple(map(_READ.get if tens_as_10 else _READ_NO_TENS.get, text.split()))


def impossible_card(text: str, tens_as_10: bool = True) -> str:
    """The reason a text in a card's place fails its hand: it is no card a deck holds, or
    (``10h`` where the site prints tens as ``T``) none the site writes.

    >>> impossible_card("1x")
    "a card that cannot exist: '1x'"
    >>> impossible_card("10h", tens_as_10=False)
    "a card that cannot exist: '10h' (this site prints a ten as 'T')"
    """
    reason = f"a card that cannot exist: {text!r}"
    if not tens_as_10 and text[:2] == "10" and parse_cards(text) != (None,):
        reason += " (this site prints a ten as 'T')"
    return reason
