"""The summary lines several sites print alike, read once for all of them.

PokerStars and Full Tilt end a hand with a line per seat that tells how the player's
hand ended, in the same words after the player's name: ``folded on the 3rd Street``
(Full Tilt: ``folded on 3rd Street``), ``showed [Ah Kd 5c] and won ($2.30) with a pair``,
``mucked [..]``, ``collected ($1)``. The name is the longest seated name the line starts
with (:func:`seated_name`; names may hold spaces), each site falling back its own way when
none is; :func:`seat_summary` reads the rest. The streets a player folded on are named alike
by more sites (:func:`folded_street`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from stud_hh.model.cards import MaybeCard
from stud_hh.model.events import SeatOutcome, SeatSummary, Street
from stud_hh.read.sites.common import SiteBuilder

FOLDED_STREETS: dict[str, Street] = {
    "3rd": Street.THIRD, "4th": Street.FOURTH, "5th": Street.FIFTH, "6th": Street.SIXTH,
    "7th": Street.SEVENTH, "river": Street.SEVENTH}
"""The streets of seven-card stud as the summary lines name them (``folded on the 3rd
Street``, ``Folded on the River``), by their first word in lower case."""


def folded_street(words: str) -> Street | None:
    """The street the words after ``folded on`` name, ``None`` for no street of
    :data:`FOLDED_STREETS`.

    >>> folded_street("the 3rd Street (didn't bet)"), folded_street("River")
    (<Street.THIRD: 3>, <Street.SEVENTH: 7>)
    """
    return FOLDED_STREETS.get(words.lower().removeprefix("the ").split(" ", 1)[0])


FOLDED = "folded on "
SHOWED = "showed ["
MUCKED = "mucked ["
COLLECTED = "collected ("
WON = "and won ("
LOST = "and lost"


def seated_name(rest: str, names: Iterable[str]) -> str:
    """The longest of ``names`` that ``rest`` starts with as whole words (names may hold
    spaces: ``Mr Fox folded`` is Mr Fox's line when Mr and Mr Fox both sit), else ``""``.

    >>> seated_name("Mr Fox folded on the River", {"Mr", "Mr Fox", "Fox"})
    'Mr Fox'
    """
    return max((n for n in names if rest == n or rest.startswith(n + " ")), key=len,
               default="")


def seat_summary(builder: SiteBuilder, value: str, n: int, name: str, seat: int, tail: str,
                 folded_on: Callable[[str], Street | None]) -> SeatSummary:
    """The summary line ``value`` (the hand's ``n``-th line) of ``name`` in ``seat``, whose
    words after the name are ``tail``. ``folded_on`` names the street of the words after
    ``folded on `` (``the 3rd Street (didn't bet)``), ``None`` when it knows none.

    Cards and amounts are read by the builder (its caches, its units): a line that shows
    cards and won is ``showed_won`` with the amount won, one that lost ``showed_lost``;
    the hand's description follows ``with`` (Full Tilt: ``-``).
    """
    outcome = SeatOutcome.OTHER
    street: Street | None = None
    cards: tuple[MaybeCard, ...] = ()
    won: int | None = None
    description: str | None = None
    if tail.startswith(FOLDED):
        outcome = SeatOutcome.FOLDED
        street = folded_on(tail[len(FOLDED):])
    elif tail.startswith((SHOWED, MUCKED)):
        outcome = SeatOutcome.MUCKED if tail.startswith(MUCKED) else SeatOutcome.SHOWED_LOST
        cards_text, _, after = tail[tail.index("[") + 1:].partition("]")
        cards = builder._cards(cards_text, n)
        after = after.strip()
        if after.startswith(WON):
            outcome = SeatOutcome.SHOWED_WON
            won_text, _, after = after[len(WON):].partition(")")
            won = builder._amount(won_text, n)
            after = after.strip()
        elif after.startswith(LOST):
            after = after[len(LOST):].strip()
        if after.startswith("with "):
            description = after[5:]
        elif after.startswith("- "):
            description = after[2:]
    elif tail.startswith(COLLECTED):
        outcome = SeatOutcome.COLLECTED
        won = builder._amount(tail[len(COLLECTED):].partition(")")[0], n)
    elif tail == "mucked":
        outcome = SeatOutcome.MUCKED
    return SeatSummary.make(line=builder._file_line(n), player=name, seat=seat,
                            outcome=outcome, street=street, cards=cards, won=won,
                            description=description, text=value)


__all__ = ["FOLDED_STREETS", "folded_street", "seat_summary", "seated_name"]
