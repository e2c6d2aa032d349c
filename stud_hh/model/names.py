"""Players named as their seat lines name them.

A hand names each player on a seat line, then on every line of the hand. Two ways a
line's name may differ from the seat's and still be the seat's player:

* spaces at its ends: the reader drops spaces at the ends of lines, so a player called
  `` Al`` reads as ``Al`` on a line that starts with his name;
* case alone: a site that prints ``PLAYER1`` on the seat line and ``Player1`` on the action
  lines.

:class:`SeatNames` finds the seat a name is, when exactly one is (else the line is left as
it is: the replay then reports an action by a player who is not seated, naming the seats
the name could be). Each name read by case alone is told in the hand's warnings
(:func:`case_warning`): it is read, never silently.

>>> seats = SeatNames(["PLAYER1", "Bob"])
>>> seats.find("Player1"), seats.find("Bob"), seats.find("Cid")
('PLAYER1', 'Bob', None)
>>> not_seated("bob", SeatNames(["Bob", "BOB"]))
"'bob' is not seated: the seats of BOB and Bob differ from it only in case, and which one it \
is cannot be told"
"""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Iterable

from stud_hh.model.events import Chat, HandEvent, HandHeader, PlayerEvent, TableEvent

SPACES = " \t\xa0\u3000"
"""The spaces a line may start or end with (dropped by the reader)."""


def _key(name: str) -> str:
    """What two spellings of one player share: the name without spaces at its ends, in
    one case."""
    return name.strip(SPACES).casefold()


class SeatNames:
    """The names of a hand's seats, and which seat another spelling of a name is."""

    def __init__(self, names: Iterable[str]) -> None:
        self.names = frozenset(names)
        self.by_key: dict[str, list[str]] = {}
        for name in sorted(self.names):
            self.by_key.setdefault(_key(name), []).append(name)

    def find(self, name: str) -> str | None:
        """The seated name ``name`` is: itself; else the one seat whose name is it with
        spaces at its ends; else the one seat whose name differs from it only in case.
        ``None`` when no seat, or more than one, is it."""
        if name in self.names:
            return name
        alike = self.by_key.get(_key(name), [])
        stripped = name.strip(SPACES)
        spaced = [seat for seat in alike if seat.strip(SPACES) == stripped]
        if len(spaced) == 1:
            return spaced[0]
        return alike[0] if len(alike) == 1 and not spaced else None

    def rivals(self, name: str) -> list[str]:
        """The seated names ``name`` differs from only in case or spaces at its ends."""
        return [seat for seat in self.by_key.get(_key(name), []) if seat != name]


def starting(names: Collection[str], text: str) -> tuple[str | None, str]:
    """The seated name ``text`` starts with, as a whole word (or all of it): the longest,
    else the one it starts with but for case; ``None`` and why, when none or several.

    >>> starting({"Ann", "Ann Lee"}, "ANN LEE folded"), starting({"Bob"}, "Cid mucked")
    (('Ann Lee', ''), (None, 'it names no seated player'))
    """
    whole = [name for name in names if text[len(name):len(name) + 1] in ("", " ")]
    exact = [name for name in whole if text.startswith(name)]
    if exact:
        return max(exact, key=len), ""
    alike = [name for name in whole if text[:len(name)].casefold() == name.casefold()]
    longest = max((len(name) for name in alike), default=0)
    found = sorted(name for name in alike if len(name) == longest)
    if len(found) == 1:
        return found[0], ""
    if found:
        return None, (f"{' and '.join(found)} differ from it only in case, and which one "
                      "it is cannot be told")
    return None, "it names no seated player"


def by_case(seated: str, name: str) -> bool:
    """Whether ``name`` is read as ``seated`` by its case alone (not by its spaces).

    >>> by_case("PLAYER1", "Player1"), by_case(" Al", "Al")
    (True, False)
    """
    return seated.strip(SPACES) != name.strip(SPACES)


def case_warning(name: str, seated: str, line: int) -> str:
    """The warning that ``name`` (first at ``line``) was read as the seat of ``seated``.

    >>> case_warning("Player1", "PLAYER1", 12)
    "line 12: 'Player1' read as PLAYER1, seated under that name: the names differ only in case"
    """
    return (f"line {line}: {name!r} read as {seated}, seated under that name: the names "
            "differ only in case")


def not_seated(name: str, seats: SeatNames) -> str:
    """Why ``name`` is no seat's, in words: not seated at all, or like several seats'
    names, so that which one it is cannot be told (:func:`alike_seats`).

    >>> not_seated("Cid", SeatNames(["Bob"]))
    "'Cid' is not seated"
    """
    alike = alike_seats(name, seats)
    return f"{name!r} is not seated" + (f": {alike}" if alike else "")


def alike_seats(name: str, seats: SeatNames) -> str:
    """The seats ``name`` could be but for case, in words (empty when fewer than two).

    >>> alike_seats("aNN", SeatNames(["Ann", "ANN", "Bob"]))
    'the seats of ANN and Ann differ from it only in case, and which one it is cannot be told'
    """
    rivals = seats.rivals(name)
    if len(rivals) < 2:
        return ""
    return (f"the seats of {' and '.join(rivals)} differ from it only in case, and which one "
            "it is cannot be told")


def seated_names(header: HandHeader, events: tuple[HandEvent, ...],
                 noted: Iterable[str] = ()) -> tuple[tuple[HandEvent, ...], list[str]]:
    """``events`` with each player named as his seat line names him (:meth:`SeatNames.find`),
    and a warning (:func:`case_warning`) for each name read by its case alone, unless in
    ``noted`` (told already). Chat and table traffic keep the names they print.

    >>> from stud_hh.model.events import Fold, Game, Limit, Seat
    >>> header = HandHeader(site="x", hand_id="1", game=Game.STUD, game_text="",
    ...     limit=Limit.FIXED, small_bet=2, big_bet=4, currency=None, scale=1, table="t",
    ...     line=1, seats=(Seat(seat=1, name=" Al", stack=10, line=2),
    ...                    Seat(seat=2, name="BOB", stack=10, line=3)))
    >>> seated_names(header, (Fold(line=4, player="Al"), Fold(line=5, player="Bob")))
    ((Fold(line=4, player=' Al'), Fold(line=5, player='BOB')), ["line 5: 'Bob' read as BOB, \
seated under that name: the names differ only in case"])
    """
    names = {s.name for s in header.seats}
    if all(e.player in names for e in events if isinstance(e, PlayerEvent)):
        return events, []  # nearly every hand: each line names a seat as its line does
    strays = {e.player for e in events if isinstance(e, PlayerEvent)
              and e.player not in names and not isinstance(e, (Chat, TableEvent))}
    if not strays:
        return events, []
    seats = SeatNames(names)
    found = {name: seats.find(name) for name in strays}
    told = set(noted)
    warnings: list[str] = []
    out: list[HandEvent] = []
    for event in events:
        if isinstance(event, PlayerEvent) and not isinstance(event, (Chat, TableEvent)):
            seat = found.get(event.player)
            if seat is not None:
                if by_case(seat, event.player) and event.player not in told:
                    told.add(event.player)
                    warnings.append(case_warning(event.player, seat, event.line))
                event = dataclasses.replace(event, player=seat)
        out.append(event)
    return tuple(out), warnings
