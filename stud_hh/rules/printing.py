"""What a site prints, apart from its house rules.

A house rule (:class:`~stud_hh.rules.profiles.Profile`) decides what happens at the table;
how the site writes it down is another matter, and the engine must know it to check the
history: whether a bet nobody called is returned by a line, left in the printed pot or not
printed at all, whether the history records the order hands were shown in, and whether a
shown hand's cards stand in the order they were dealt; and to
report on it in the site's own words, how it prints an amount (``$1,500``, ``5€``).
docs/stud-rules.md lets a profile hold "anything else a site does differently": these are those
things, held by the profile as its own value (:attr:`Profile.prints`).

>>> Printing().showdown_order_recorded, Printing().money.format(3, 100, "USD")
(True, '$0.03')
>>> Printing().shown_in_deal_order
True
>>> Printing(uncalled=UncalledBet.IN_POT).unprinted(None)
False
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Final

from stud_hh.model.money import PLAIN_MONEY, MoneyStyle

__all__ = ["USUAL", "Printing", "UncalledBet"]


class UncalledBet(StrEnum):
    """How a site prints a bet nobody called."""

    RETURNED = "returned"
    """An ``Uncalled bet`` line returns it to its bettor (most sites)."""
    IN_POT = "in_pot"
    """No such line: the pot the site prints keeps it and the bettor collects it with
    the pot (Winamax)."""
    UNPRINTED = "unprinted"
    """No line returns it and the amounts the winners collect leave it out, as the next
    hand's stacks show (Everleaf, KingsClub, OnGame): the replayer returns it to its bettor
    as docs/stud-rules.md says (the part of the last round's highest total nobody matched) and
    reports the uncalled-bet check as unverifiable."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Printing:
    """What a site's histories print, where sites differ (not a house rule)."""

    uncalled: UncalledBet = UncalledBet.RETURNED
    """How a bet nobody called is printed; see :class:`UncalledBet`."""
    uncalled_unprinted_before: datetime | None = None
    """A client that printed no uncalled-bet line until a date (PokerStars before 2008):
    a hand that started before it and prints no such line is replayed as
    :attr:`UncalledBet.UNPRINTED` says; ``None``: the date plays no part."""
    showdown_order_recorded: bool = True
    """False: the history lists shown hands in an order of its own (Winamax: by seat,
    highest first, whoever bet; iPoker and OnGame: by seat), so the order they were shown
    in cannot be checked, whatever house rule the profile gives for it."""
    shown_in_deal_order: bool = True
    """True: a hand shown (or mucked with its cards printed) lists each card on its
    street, in dealing order: 3rd street's two down cards and door, the 4th to 6th street
    up cards, the 7th-street down card (Full Tilt and KingsClub may swap the two down
    cards of 3rd street, which leaves each card on its street). False: the hand's down
    cards stand in an order of their own (Everleaf: the up cards where they were dealt,
    the 7th-street card first or second in 2 of the corpus's 3 hands whose deal is
    known; Bovada: the best five cards), so no down card is put on a street from it: a
    player whose down cards the deal lines do not print is known only at the showdown,
    as the whole hand."""
    money: MoneyStyle = PLAIN_MONEY
    """How the site prints an amount (:class:`~stud_hh.model.money.MoneyStyle`): the
    audit's messages print theirs the same way (``$0.03``, ``1,500``, ``5€``)."""

    def unprinted(self, started: datetime | None) -> bool:
        """Whether a hand that started at ``started`` prints no uncalled-bet line.

        >>> from datetime import UTC
        >>> early = Printing(uncalled_unprinted_before=datetime(2008, 1, 1, tzinfo=UTC))
        >>> early.unprinted(datetime(2007, 10, 15, tzinfo=UTC)), early.unprinted(None)
        (True, False)
        """
        if self.uncalled is UncalledBet.UNPRINTED:
            return True
        before = self.uncalled_unprinted_before
        return before is not None and started is not None and started < before


USUAL: Final = Printing()
"""What most sites print: an uncalled-bet line returning the bet, the hands in the order
they were shown (the default of every profile)."""
