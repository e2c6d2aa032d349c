"""Cards as two-character strings (``"Ah"``, ``"Tc"``), validated once.

Ranks ``23456789TJQKA``, suits ``cdhs``. An unreadable card in a history (the
corrupt ``[of]`` PokerStars once wrote) is kept as ``None``: unknown, never
invented.

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


def is_card(text: str) -> bool:
    """True when ``text`` is exactly one valid card."""
    return text in ALL_CARDS


def normalise_card(text: str) -> MaybeCard:
    """The canonical card for ``text``, or ``None`` when it is not a card."""
    if text in ALL_CARDS:
        return text
    return _ALIASES.get(text)


def parse_cards(text: str) -> tuple[MaybeCard, ...]:
    """Split a space-separated card list; unreadable entries become ``None``."""
    return tuple(map(_READ.get, text.split()))
