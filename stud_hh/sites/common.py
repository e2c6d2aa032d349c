"""What every text site's reader shares: header defaults, line classification, a base builder.

A site module (``fulltilt``, ``winamax``, ...) keeps only what its site prints
differently: its header reader, its line shapes (``SHAPES`` + ``LINE_ORDER``,
the same alternatives and order as its grammar) and the callbacks for its own
terminals. :class:`SiteBuilder` carries the state and the helpers they all need.

>>> shapes = {"FOLD": re.compile(r"(?P<name>.+) folds"),
...           "CHECK": re.compile(r"(?P<name>.+) checks")}
>>> kind, m = classify_line(shapes, ("FOLD", "CHECK"), "Bob checks")
>>> kind, m["name"]
('CHECK', 'Bob')
>>> classify_line(shapes, ("FOLD",), "Bob checks") is None
True
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from stud_hh.cards import MaybeCard, parse_cards
from stud_hh.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Deal,
    Fold,
    Game,
    HandEvent,
    NoShow,
    Raise,
    Seat,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    SummaryStart,
)
from stud_hh.money import parse_amount
from stud_hh.sites.pokerstars import LineError, _face_up

HEADER_DEFAULTS: dict[str, Any] = {
    "limit": None, "home_club": None, "tournament_id": None, "buy_in": None, "fee": None,
    "bounty": None, "buy_in_currency": None, "level": None, "match_round": None,
    "mixed_game": None, "play_money": False, "started_at": None, "started_local": None,
}
"""The header fields most sites never print (cash games without clubs or tournaments)."""


def header_fields(site: str, hand_id: str, game_text: str, **given: Any) -> dict[str, Any]:
    """A header's field dict: :data:`HEADER_DEFAULTS`, then the site's own values.

    >>> f = header_fields("Everleaf", "1", "7 Card Stud", currency="EUR")
    >>> f["site"], f["tournament_id"], f["currency"]
    ('Everleaf', None, 'EUR')
    """
    fields = dict(HEADER_DEFAULTS)
    fields.update(site=site, hand_id=hand_id, game_text=game_text)
    fields.update(given)
    return fields


_TOTAL_POT = re.compile(r"Total Pot\((?P<total>[^()\n]+)\)(?: \| Rake \((?P<rake>[^()\n]+)\))?")


def total_pot(line: str) -> tuple[str, str | None] | None:
    """The pot and rake texts of a ``Total Pot($0.43) | Rake ($0.04)`` line (Absolute,
    Bovada); the rake is ``None`` when the line prints none.

    >>> total_pot("Total Pot($0.43) | Rake ($0.04)"), total_pot("Total Pot($150)")
    (('$0.43', '$0.04'), ('$150', None))
    """
    m = _TOTAL_POT.fullmatch(line)
    return (m["total"], m["rake"]) if m else None


def classify_line(shapes: Mapping[str, re.Pattern[str]], order: tuple[str, ...],
                  line: str) -> tuple[str, re.Match[str]] | None:
    """The first shape in ``order`` that matches all of ``line``, as the grammar decides it."""
    for kind in order:
        m = shapes[kind].fullmatch(line)
        if m:
            return kind, m
    return None


class SiteBuilder:
    """Base of the text sites' builders: the parser's callbacks append events in line order.

    Subclasses set :attr:`SHAPES` and :attr:`LINE_ORDER`, implement
    :meth:`_make` (one classified line -> events) and add callbacks for their
    own terminals. ``begin`` resets the state for each hand; a subclass that
    keeps more state extends :meth:`reset`.
    """

    SHAPES: Mapping[str, re.Pattern[str]] = {}
    LINE_ORDER: tuple[str, ...] = ()
    UNKNOWN_CARDS: frozenset[str] = frozenset({"X", "x", "?", "??", "Xx", "xx"})
    """Card texts that mean "not shown": read as unknown without a warning."""

    def __init__(self) -> None:
        self.events: list[HandEvent] = []
        self.seats: list[Seat] = []
        self.lines: tuple[int, ...] = ()
        self.scale = 100
        self.game = Game.STUD
        self.street = Street.THIRD
        self.names: set[str] = set()
        self.warnings: list[str] = []
        self.table_name = ""
        self.max_seats: int | None = None
        self.totals: dict[str, int] = {}
        """Each player's chips in on this street (for ``raises to`` arithmetic)."""
        self.bet_to = 0
        """The street's highest total so far."""
        self.showdown_open = False
        """A showdown header was printed, or the first hand was shown without one."""
        self.fields: dict[str, Any] = {}

    def begin(self, fields: dict[str, Any], lines: tuple[int, ...]) -> None:
        """Start a hand: ``fields`` from the site's header reader, ``lines`` the file lines."""
        self.fields = fields
        self.lines = lines
        self.scale = fields["scale"]
        self.game = fields["game"]
        self.reset()

    def reset(self) -> None:
        self.events = []
        self.seats = []
        self.street = Street.THIRD
        self.names = set()
        self.warnings = []
        self.table_name = self.fields.get("table") or ""
        self.max_seats = self.fields.get("max_seats")
        self.totals = {}
        self.bet_to = 0
        self.showdown_open = False

    # -- helpers -------------------------------------------------------------------
    def _file_line(self, n: int) -> int:
        lines = self.lines
        return lines[n - 1] if 0 < n <= len(lines) else n

    def _amount(self, text: str, n: int) -> int:
        try:
            return parse_amount(text, self.scale)
        except ValueError as exc:
            raise LineError(str(exc), n) from None

    def _cards(self, text: str, n: int) -> tuple[MaybeCard, ...]:
        """Cards as printed; unknown ones (``X``) are ``None``, unreadable ones warned about."""
        parts = text.replace(",", " ").split()
        cards = parse_cards(" ".join(parts))
        bad = [c for c, ok in zip(parts, cards, strict=True)
               if ok is None and c not in self.UNKNOWN_CARDS]
        if bad:
            self.warnings.append(f"line {self._file_line(n)}: unreadable card(s) "
                                 f"{' '.join(bad)!r} kept as unknown")
        return cards

    def _seat(self, number: int, name: str, stack_text: str, n: int,
              sitting_out: bool = False) -> None:
        if name in self.names:
            raise LineError(f"player {name!r} is seated twice", n)
        self.names.add(name)
        self.seats.append(Seat(seat=number, name=name, stack=self._amount(stack_text, n),
                               sitting_out=sitting_out, line=self._file_line(n)))

    def _put(self, name: str, to: int) -> None:
        """Record ``name``'s total on this street."""
        self.totals[name] = to
        self.bet_to = max(self.bet_to, to)

    # -- events that sites printing chips added, or no showdown header, share ---------------
    def _deal(self, name: str, cards: tuple[MaybeCard, ...], n: int,
              known: tuple[MaybeCard, ...] = ()) -> None:
        """New cards for ``name`` on this street, face up or down by the game's dealing rules."""
        self.events.append(Deal(line=self._file_line(n), player=name, street=self.street,
                                cards=cards, face_up=_face_up(self.game, self.street, len(cards)),
                                known=known))

    def _added(self, kind: str, name: str, added: int, n: int, all_in: bool = False) -> None:
        """An action printed with the chips it adds (``BRING_IN``, ``COMPLETE``, ``BET``,
        ``RAISE`` or ``CALL``), as the shared event.

        A raise becomes ``Raise(by, to)`` from the street's totals: ``to`` is what the
        player now has in on the street, ``by`` its excess over the highest total before
        (arithmetic on printed amounts; nothing is decided here).
        """
        line = self._file_line(n)
        to = self.totals.get(name, 0) + added
        before = self.bet_to
        event: HandEvent
        if kind == "CALL":
            self.totals[name] = to
            event = Call(line=line, player=name, amount=added, all_in=all_in)
        else:
            self._put(name, to)
            if kind == "BRING_IN":
                event = BringIn(line=line, player=name, amount=added, all_in=all_in)
            elif kind == "COMPLETE":
                event = Complete(line=line, player=name, to=to, all_in=all_in)
            elif kind == "BET":
                event = Bet(line=line, player=name, amount=added, all_in=all_in)
            else:  # RAISE
                event = Raise(line=line, player=name, by=to - before, to=to, all_in=all_in)
        self.events.append(event)

    def _plain(self, kind: str, name: str, n: int) -> None:
        """``CHECK``, ``FOLD`` or ``NO_SHOW``: an event that carries its player only."""
        line = self._file_line(n)
        event: HandEvent
        if kind == "CHECK":
            event = Check(line=line, player=name)
        elif kind == "FOLD":
            event = Fold(line=line, player=name)
        else:  # NO_SHOW
            event = NoShow(line=line, player=name)
        self.events.append(event)

    def _show(self, name: str, cards: tuple[MaybeCard, ...], n: int,
              description: str | None) -> None:
        """Cards turned over. A site that prints no showdown header opens the showdown
        (:class:`~stud_hh.events.ShowdownStart`) at its first shown hand."""
        line = self._file_line(n)
        if not self.showdown_open:
            self.showdown_open = True
            self.events.append(ShowdownStart(line=line))
        self.events.append(Show(line=line, player=name, cards=cards,
                                description=description or None))

    def _run(self, token: Any, order: tuple[str, ...] | None = None) -> None:
        """Classify each line of a multi-line terminal and hand it to :meth:`_make`."""
        n: int = token.line
        shapes, order = self.SHAPES, order or self.LINE_ORDER
        for line in token.value[:-1].split("\n"):
            found = classify_line(shapes, order, line)
            if found is None:  # pragma: no cover - the lexer accepted it, so a shape matches
                raise LineError("unrecognised line", n)
            self._make(found[0], found[1], n)
            n += 1

    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        raise NotImplementedError

    def _street(self, token: Any, street: Street) -> None:
        self._open_street(street, token.line)

    def _open_street(self, street: Street, n: int) -> None:
        """Start ``street`` at the hand's ``n``-th line; its totals start from nothing."""
        self.street = street
        self.totals = {}
        self.bet_to = 0
        self.events.append(StreetStart(line=self._file_line(n), street=street))

    # -- terminals most grammars share ---------------------------------------------------
    def STREET3(self, token: Any) -> None:
        self._street(token, Street.THIRD)

    def STREET4(self, token: Any) -> None:
        self._street(token, Street.FOURTH)

    def STREET5(self, token: Any) -> None:
        self._street(token, Street.FIFTH)

    def STREET6(self, token: Any) -> None:
        self._street(token, Street.SIXTH)

    def RIVER(self, token: Any) -> None:
        self._street(token, Street.SEVENTH)

    def SHOWDOWN(self, token: Any) -> None:
        self.showdown_open = True
        self.events.append(ShowdownStart(line=self._file_line(token.line)))

    def SUMMARY(self, token: Any) -> None:
        self.events.append(SummaryStart(line=self._file_line(token.line)))

    def LINES(self, token: Any) -> None:
        self._run(token)

    def _nothing(self, children: list[Any]) -> None:
        return None

    start = third = fourth = fifth = sixth = river = showdown = summary = _nothing
