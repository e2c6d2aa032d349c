"""The ranges a hand's numbers must lie in: checked when the hand is read, never later.

A history can print any number (a seat 300, a ``300-max`` table, a stack of
2^64 chips, a street of a thousand raises), and each would fail somewhere far
from the text (the database's small integer columns, a sum past 2^63). A hand
whose numbers fall outside these ranges is a failure of that hand, naming the
line, when it is read; every value that passes fits every table of the database.

>>> MAX_AMOUNT > 10**12, MAX_SEAT, MAX_ACTIONS
(True, 99, 100)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter
from typing import Any, Final

from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    Fold,
    HandEvent,
    HandHeader,
    PlayerEvent,
    PostAnte,
    PotSummary,
    Raise,
    SeatSummary,
    StreetStart,
    UncalledReturned,
)

MAX_AMOUNT: Final = 10**15
"""The largest amount, in the table's units, any stack, bet or pot may be (ten trillion
dollars in cents): far beyond any real table, and small enough that a hand's sums stay
below 2^63."""
MAX_SEAT: Final = 99
"""Seat numbers run from 0 (some sites count from 0) to this."""
MAX_ACTIONS: Final = 100
"""The most actions one player may take on one street (the database counts them in a
small integer; a capped street allows a handful)."""
MAX_LINE: Final = 2**31 - 1
"""The largest file line number the database stores."""

_AMOUNTS: dict[type, tuple[str, ...]] = {
    PostAnte: ("amount",), BringIn: ("amount",), Bet: ("amount",), Call: ("amount",),
    Complete: ("to",), Raise: ("by", "to"), UncalledReturned: ("amount",),
    Collect: ("amount",), PotSummary: ("total", "rake"), SeatSummary: ("won",),
}
_ACTIONS = (BringIn, Complete, Bet, Raise, Call)
_NO_AMOUNT = (Deal, Fold, Check)
"""The most frequent events, none with an amount (a tuple made once: ``A | B`` is made
again at every call)."""
_ONE_AMOUNT: dict[type, Callable[[Any], int | None]] = {
    kind: attrgetter(fields[0]) for kind, fields in _AMOUNTS.items() if len(fields) == 1}
"""The events with one amount field, each with a getter of it (the others use _AMOUNTS)."""


def _fail(reason: str, line: int, hand_id: str) -> HandParseError:
    return HandParseError(reason, line=line, hand_id=hand_id)


def check_header(header: HandHeader) -> None:
    """Raise :class:`HandParseError` for a header number out of range."""
    hand_id, line = header.hand_id, header.line
    if header.max_seats is not None and not 1 <= header.max_seats <= MAX_SEAT:
        raise _fail(f"impossible table size {header.max_seats}", line, hand_id)
    if len(header.seats) > MAX_SEAT:
        raise _fail(f"impossible number of seats ({len(header.seats)})", line, hand_id)
    for name, value in (("small bet", header.small_bet), ("big bet", header.big_bet),
                        ("buy-in", header.buy_in), ("fee", header.fee),
                        ("bounty", header.bounty)):
        if value is not None and not 0 <= value <= MAX_AMOUNT:
            raise _fail(f"impossible {name} {value}", line, hand_id)
    if not 1 <= header.scale <= 10**6:
        raise _fail(f"impossible money scale {header.scale}", line, hand_id)
    if not 0 <= line <= MAX_LINE:
        raise _fail(f"line number {line} is past what the database stores", 0, hand_id)
    for seat in header.seats:
        if not 0 <= seat.seat <= MAX_SEAT:
            raise _fail(f"impossible seat number {seat.seat}", seat.line, hand_id)
        if not 0 <= seat.stack <= MAX_AMOUNT:
            raise _fail(f"impossible stack {seat.stack} for {seat.name!r}", seat.line, hand_id)


def check_events(events: Sequence[HandEvent], hand_id: str) -> None:
    """Raise :class:`HandParseError` for an event number out of range (the first one, in
    the order of the events)."""
    if len(events) > MAX_ACTIONS:
        _check_with_actions(events, hand_id)
        return
    # No player can act more than MAX_ACTIONS times in fewer events: lines and amounts only.
    for event in events:
        line = event.line
        if line < 0 or line > MAX_LINE:
            raise _fail(f"line number {line} is past what the database stores", 0, hand_id)
        if isinstance(event, _NO_AMOUNT):  # half the events: no amount, no lookup
            continue
        amount = _ONE_AMOUNT.get(type(event))
        if amount is not None:
            value = amount(event)
            if value is not None and (value > MAX_AMOUNT or value < -MAX_AMOUNT):
                raise _fail(f"impossible amount {value}", line, hand_id)
        else:
            fields = _AMOUNTS.get(type(event))
            if fields is not None:
                _check_amounts(event, fields, hand_id)


def _check_amounts(event: HandEvent, fields: tuple[str, ...], hand_id: str) -> None:
    for field in fields:
        value = getattr(event, field)
        if value is not None and not -MAX_AMOUNT <= value <= MAX_AMOUNT:
            raise _fail(f"impossible amount {value}", event.line, hand_id)


def _check_with_actions(events: Iterable[HandEvent], hand_id: str) -> None:
    """:func:`check_events` counting each player's actions on each street as well."""
    per_street: Counter[tuple[str, int]] = Counter()
    street = 0
    for event in events:
        if not 0 <= event.line <= MAX_LINE:
            raise _fail(f"line number {event.line} is past what the database stores", 0,
                        hand_id)
        if isinstance(event, StreetStart):
            street = int(event.street)
            continue
        fields = _AMOUNTS.get(type(event))
        if fields is not None:
            _check_amounts(event, fields, hand_id)
        if isinstance(event, _ACTIONS) and isinstance(event, PlayerEvent):
            key = (event.player, street)
            per_street[key] += 1
            if per_street[key] > MAX_ACTIONS:
                raise _fail(f"{event.player!r} acts more than {MAX_ACTIONS} times on one "
                            "street", event.line, hand_id)
