"""Merge Gaming (Carbon Poker): XML hands (a ``<description/>`` and ``<game>`` elements).

What a Merge hand prints, and how it becomes the shared events:

* ``<description type="7-Stud H/L8" stakes="Limit $0.25/$0.50"/>`` names the game
  and the small bet / big bet (the corpus hands bet $0.25 on 3rd and 4th street,
  $0.50 later). A mixed game (``HORSE``) names the game of each hand by its
  ``multigametype`` number; hands of other games are skipped. No-limit stakes are
  ante / bring-in / smallest bet (``No Limit ($0.01/$0.02/$0.10)``): the smallest
  bet is the header's small and big bet;
* players are named once, in ``<players>``, and every event refers to them by
  seat number (0-based, kept as printed); ``dealtin="false"`` is a seat sitting
  out;
* rounds (``BLINDS``, ``BRING_IN``, ``THIRD_STREET`` ... ``SEVENTH_STREET``,
  ``SHOWDOWN``, ``END_OF_GAME``) hold numbered events, put in the order of their
  ``sequence`` number; a round's cards are printed after its events but were dealt
  before them: deals come first. ``BRING_IN`` opens 3rd street;
* amounts: ``COMPLETE`` and ``RAISE`` give the player's total on the street (in
  the razz hand the bring-in player raises ``1.00`` over a ``0.50`` completion
  having ``0.10`` in); ``BET``, ``CALL`` and ``ALL_IN`` give the chips added
  (``CALL 0.45`` over ``0.05`` to ``0.50``);
* cards are cumulative: each round repeats a player's cards (``null`` or empty for
  a hidden one) and adds the new one; a shown hand is ``SHOWN``, a mucked hand
  that the site still reveals is ``MUCKED`` (kept on the
  :class:`~stud_hh.events.Muck`);
* ``<winner>`` elements become :class:`~stud_hh.events.Collect` (``potnumber`` 2
  and up are side pots); one marked ``uncalled="true"`` (the XML v2 files) is a
  bet returned (:class:`~stud_hh.events.UncalledReturned`). Older files mark no
  uncalled bet: the winner's amount includes it. No pot total or rake is printed:
  no :class:`~stud_hh.events.PotSummary` is made and the replayer derives the rake;
* ``starttime`` has no zone, but every event has a UTC timestamp in
  milliseconds: ``started_at`` is the start time with the whole-hour offset the
  hand's own first timestamp shows (−5 hours in every corpus hand, summer and
  winter); without a timestamp it stays unknown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta

from stud_hh.cards import MaybeCard, normalise_card
from stud_hh.documents import DocumentFormat, DocumentHand
from stud_hh.errors import HandParseError
from stud_hh.events import (
    Collect,
    Game,
    HandEvent,
    HandHeader,
    Limit,
    Muck,
    PotKind,
    Seat,
    Show,
    ShowdownStart,
    Street,
    TableEvent,
    TableEventKind,
    UncalledReturned,
)
from stud_hh.money import CURRENCY_SYMBOLS
from stud_hh.reader import RawHand
from stud_hh.sites.xmldoc import (
    ChipTable,
    Element,
    amount,
    check_round_order,
    fail,
    game_key,
    naming,
    numbered,
    parse_game,
    split_session,
)

SITE: str = "Merge"

GAMES: dict[str, Game] = {"7-Stud": Game.STUD, "7-Stud H/L8": Game.STUD8, "Razz": Game.RAZZ}
"""``<description type>`` of the stud-family games read."""

MIXES = frozenset({"HORSE", "HOSE", "RASH", "HA", "HO", "SHOE", "HAR"})
"""Mixed games: the game of each hand is its ``multigametype``."""

MULTIGAMETYPES: dict[str, Game | None] = {
    "38": Game.STUD, "39": Game.STUD, "41": Game.STUD, "42": Game.STUD,
    "43": Game.STUD8, "45": Game.STUD8, "46": Game.RAZZ, "47": Game.RAZZ, "49": Game.RAZZ,
    "1": None, "2": None, "4": None, "9": None, "23": None, "34": None, "35": None, "37": None,
}
"""The game of a mixed-game hand by ``multigametype`` (``None``: hold'em and Omaha,
skipped). 43 is seen in the corpus (HORSE); the others follow FPDB's Merge reader,
where 39 and 47 are also the corpus's single-game ``gametype`` of stud and razz."""

_LIMITS: dict[str, Limit] = {"Limit": Limit.FIXED, "No Limit": Limit.NO_LIMIT}
_STAKES: re.Pattern[str] = re.compile(
    r"(?P<limit>Limit|No Limit|Pot Limit|Half Pot Limit)\s*\(?(?P<amounts>[^()]*?)\)?")
_STREETS: dict[str, Street] = {
    "BRING_IN": Street.THIRD, "THIRD_STREET": Street.THIRD, "FOURTH_STREET": Street.FOURTH,
    "FIFTH_STREET": Street.FIFTH, "SIXTH_STREET": Street.SIXTH,
    "SEVENTH_STREET": Street.SEVENTH}
_ENDS = frozenset({"END_OF_FOLDED_GAME", "END_OF_GAME"})
_TABLE_EVENTS: dict[str, TableEventKind] = {
    "SIT_OUT": TableEventKind.SITTING_OUT, "DISCONNECTED": TableEventKind.DISCONNECTED,
    "RECONNECTED": TableEventKind.CONNECTED, "LEAVE": TableEventKind.LEAVES}
_HIDDEN = frozenset({"", "null"})
_CHIP_ACTIONS: dict[str, Callable[[ChipTable, str, int, int], None]] = {
    "ANTE": ChipTable.ante, "BRING_IN": ChipTable.bring_in, "COMPLETE": ChipTable.complete,
    "BET": ChipTable.bet, "RAISE": ChipTable.raise_to, "CALL": ChipTable.call,
    "ALL_IN": ChipTable.all_in}
"""Events that move chips, by type; the amount is as each method takes it (see the top)."""


def sniff(path: str, head: str) -> bool:
    """A Merge file: ``<description type=...>`` or a ``<game id=... starttime=...>``."""
    return "<description type=" in head or re.search(r"<game id=\"[^\"]*\" starttime=",
                                                     head) is not None


def split(text: str, path: str, encoding: str) -> Iterator[RawHand]:
    """One raw hand per ``<game>``, each headed by the file's ``<description/>``."""
    return split_session(text, path, encoding, kind=SITE, keep=("description",))


def key(raw: RawHand) -> tuple[str, str] | None:
    return game_key(raw, SITE, "id")


def read(raw: RawHand) -> DocumentHand:
    """Read one Merge ``<game>`` (with the file's ``<description/>``) into events."""
    root, game, hand_id = parse_game(raw, "id")
    description = root.find("description")
    if description is None:
        raise HandParseError("no <description/> before this game: its game and stakes are "
                             "unknown", line=game.line, hand_id=hand_id)
    with naming(hand_id):
        kind = description.need("type")
    game_text = f"{kind} {description.get('stakes') or ''}".strip()
    mixed = kind in MIXES
    if mixed:
        number = game.get("multigametype") or ""
        chosen = MULTIGAMETYPES.get(number)
        game_text += f" (multigametype {number})"
        if number not in MULTIGAMETYPES:
            raise HandParseError(f"{kind} hand of unknown multigametype {number!r}",
                                 line=game.line, hand_id=hand_id)
    else:
        chosen = GAMES.get(kind)
    if chosen is None:
        return DocumentHand(SITE, hand_id, game_text, None)
    with naming(hand_id):
        return _Reader(hand_id, description, game, chosen, kind if mixed else None,
                       game_text).read()


def card(text: str) -> MaybeCard:
    """A Merge card; ``None`` for a hidden one (``null``, empty) or an unreadable one.

    >>> card("Ts"), card("null"), card("")
    ('Ts', None, None)
    """
    return normalise_card(text.strip())


class _Reader:
    def __init__(self, hand_id: str, description: Element, game: Element, kind: Game,
                 mixed: str | None, game_text: str) -> None:
        self.hand_id = hand_id
        self.description = description
        self.game = game
        self.kind = kind
        self.mixed = mixed
        self.game_text = game_text
        self.warnings: list[str] = []
        self.names: dict[str, str] = {}
        """Player names by seat number as printed."""

    def player(self, element: Element) -> str:
        seat = element.need("player")
        name = self.names.get(seat)
        if name is None:
            raise fail(f"seat {seat} is not in the player list", element.line)
        return name

    def read(self) -> DocumentHand:
        description, game = self.description, self.game
        stakes_text = description.get("stakes") or ""
        m = _STAKES.fullmatch(stakes_text)
        if m is None or m.group("limit") not in _LIMITS:
            raise fail(f"unread stakes {stakes_text!r}", description.line)
        if "Tournament" in (description.get("type") or ""):
            raise fail("Merge tournament hands are not read yet", description.line)
        if game.get("realmoney") != "true":
            raise fail("Merge play-money hands are not read yet (every corpus hand is "
                       "real money)", game.line)
        limit = _LIMITS[m.group("limit")]
        parts = m.group("amounts").split("/")
        wanted = 2 if limit is Limit.FIXED else 3
        if len(parts) != wanted:
            raise fail(f"stakes {stakes_text!r}: {wanted} amounts expected",
                       description.line)
        small = amount(parts[-2 if limit is Limit.FIXED else -1], description.line)
        big = amount(parts[-1], description.line)
        symbol = next((s for s in CURRENCY_SYMBOLS if parts[0].strip().startswith(s)), None)
        players = game.find("players")
        if players is None:
            raise fail("the game lists no players", game.line)
        seats: list[Seat] = []
        for element in players.findall("player"):
            seat = element.need("seat")
            name = element.need("nickname")
            if seat in self.names or name in self.names.values():
                raise fail(f"seat {seat} ({name!r}) is listed twice", element.line)
            self.names[seat] = name
            seats.append(Seat(seat=element.number("seat"), name=name,
                              stack=amount(element.get("balance"), element.line),
                              sitting_out=element.get("dealtin") == "false",
                              line=element.line))
        data = (game.get("data") or "").split("|")
        started_local, started_at = self.start_time()
        seats_attr = game.get("seats")
        header = HandHeader(
            site=SITE, hand_id=self.hand_id, game=self.kind, game_text=self.game_text,
            limit=limit, small_bet=small, big_bet=big,
            currency=CURRENCY_SYMBOLS[symbol] if symbol else None, scale=100,
            mixed_game=self.mixed, table=data[1] if len(data) > 1 else "",
            max_seats=int(seats_attr) if seats_attr and seats_attr.isdigit() else None,
            started_at=started_at, started_local=started_local, seats=tuple(seats),
            line=game.line)
        events = self.events(header)
        return DocumentHand(SITE, self.hand_id, self.game_text, header, tuple(events),
                            tuple(self.warnings))

    def start_time(self) -> tuple[str | None, datetime | None]:
        """The printed start time, and in UTC with the offset the hand's own timestamps show."""
        text = self.game.get("starttime")
        if text is None:
            return None, None
        try:
            local = datetime.strptime(text, "%Y%m%d%H%M%S")
        except ValueError:
            raise fail(f"unreadable starttime {text!r}", self.game.line) from None
        printed = local.strftime("%Y/%m/%d %H:%M:%S")
        stamps = [int(e.attrs["timestamp"]) for r in self.game.findall("round")
                  for e in r.findall("event") if e.attrs.get("timestamp", "").isdigit()]
        if not stamps:
            return printed, None
        first = datetime.fromtimestamp(min(stamps) / 1000, UTC)
        hours = round((local.replace(tzinfo=UTC) - first) / timedelta(hours=1))
        started = (local - timedelta(hours=hours)).replace(tzinfo=UTC)
        if abs(started - first) > timedelta(minutes=15):  # pragma: no cover - no such hand
            self.warnings.append(f"line {self.game.line}: starttime {text} is not within a "
                                 "quarter-hour of any whole-hour offset from the first event")
            return printed, None
        return printed, started

    def events(self, header: HandHeader) -> list[HandEvent]:
        table = ChipTable(self.kind, header.seats)
        rounds = numbered(self.game.findall("round"), "sequence")
        actions = [numbered(r.findall("event"), "sequence") for r in rounds]
        check_round_order(actions, "sequence")
        for round_, events in zip(rounds, actions, strict=True):
            name = round_.need("id")
            cards = round_.findall("cards")
            if name == "BLINDS":
                for event in events:
                    if event.get("type") != "ANTE":
                        raise fail(f"{event.get('type')} in a stud hand's BLINDS round",
                                   event.line)
                    table.ante(self.player(event), amount(event.get("amount"), event.line),
                               event.line)
                continue
            street = _STREETS.get(name)
            if street is not None:
                if table.street is not street:
                    table.start_street(street, round_.line)
                self.deals(table, cards)
            elif name == "SHOWDOWN":
                table.events.append(ShowdownStart(line=round_.line))
            elif name not in _ENDS:
                raise fail(f"unknown round {name!r}", round_.line)
            revealed = {self.player(c): c for c in cards
                        if c.get("type") in ("SHOWN", "MUCKED")}
            for event in events:
                self.event(table, event, revealed)
            # a bet returned goes back before the pot is collected
            for winner in sorted(round_.findall("winner"),
                                 key=lambda w: w.get("uncalled") != "true"):
                self.winner(table, winner)
        return table.events

    def deals(self, table: ChipTable, cards: list[Element]) -> None:
        """New cards of each player: what a ``DRAW_DRAWN_CARDS`` or ``HOLE`` element adds to
        the cards the player already had."""
        for element in cards:
            kind = element.get("type")
            if kind in ("SHOWN", "MUCKED"):
                continue
            if kind not in ("DRAW_DRAWN_CARDS", "HOLE"):
                raise fail(f"unknown cards type {kind!r}", element.line)
            player = self.player(element)
            listed = [card(c) for c in element.need("cards").split(",")]
            for text, found in zip(element.need("cards").split(","), listed, strict=True):
                if found is None and text.strip() not in _HIDDEN:
                    self.warnings.append(f"line {element.line}: unreadable card {text!r} "
                                         "kept as unknown")
            had = table.cards.get(player, [])
            for old, new in zip(had, listed, strict=False):
                if old is not None and new is not None and old != new:
                    raise fail(f"{player}'s {old} is repeated as {new}", element.line)
            if len(listed) > len(had):
                known = tuple(c for c in listed[:len(had)] if c is not None)
                table.deal(player, listed[len(had):], element.line, known)

    def event(self, table: ChipTable, event: Element, revealed: dict[str, Element]) -> None:
        kind = event.need("type")
        line = event.line
        if kind in _TABLE_EVENTS:
            table.events.append(TableEvent(line=line, player=self.player(event),
                                           kind=_TABLE_EVENTS[kind], text=kind))
            return
        player = self.player(event)
        if kind == "FOLD":
            table.fold(player, line)
        elif kind == "CHECK":
            table.check(player, line)
        elif kind in ("SHOW", "MUCK"):
            element = revealed.get(player)
            cards = tuple(card(c) for c in element.need("cards").split(",")) if element else ()
            if kind == "SHOW":
                if not cards:
                    self.warnings.append(f"line {line}: {player} shows, but no SHOWN cards "
                                         "are printed")
                table.events.append(Show(line=line, player=player, cards=cards))
            else:
                table.events.append(Muck(line=line, player=player, cards=cards))
        elif kind in _CHIP_ACTIONS:
            _CHIP_ACTIONS[kind](table, player, amount(event.get("amount"), line), line)
        else:
            raise HandParseError(f"unknown event type {kind!r} (sequence "
                                 f"{event.get('sequence')})", line=line)

    def winner(self, table: ChipTable, winner: Element) -> None:
        player = self.player(winner)
        won = amount(winner.get("amount"), winner.line)
        if winner.get("uncalled") == "true":
            table.events.append(UncalledReturned(line=winner.line, player=player, amount=won))
            return
        number = winner.number("potnumber")
        pots = {w.get("potnumber") for r in self.game.findall("round")
                for w in r.findall("winner") if w.get("uncalled") != "true"}
        pot, index = ((PotKind.POT, None) if pots == {"1"} else (PotKind.MAIN, None)
                      if number <= 1 else (PotKind.SIDE, number - 1))
        table.events.append(Collect(line=winner.line, player=player, amount=won, pot=pot,
                                    pot_index=index))


MERGE: DocumentFormat = DocumentFormat(name=SITE, site=SITE, sniff=sniff, split=split, key=key,
                                      read=read)
"""The Merge XML format, as registered in :data:`stud_hh.sites.DOCUMENTS`."""
