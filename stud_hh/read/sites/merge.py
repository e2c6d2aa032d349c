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
* a tournament (``HORSE Tournament``, ``stakes="Limit"``) prints no stakes: it is read
  in chips and its small and big bet come from its own bets
  (:func:`~stud_hh.read.sites.xmldoc.stakes_of`); its id is ``data``'s third field. Chat
  (``CHAT``, the speaker by name) and table traffic are kept as such, never as play.
  ``docs/formats/merge.md`` catalogues every form and code;
* amounts: ``COMPLETE`` and ``RAISE`` give the player's total on the street (in
  the razz hand the bring-in player raises ``1.00`` over a ``0.50`` completion
  having ``0.10`` in); ``BET``, ``CALL`` and ``ALL_IN`` give the chips added
  (``CALL 0.45`` over ``0.05`` to ``0.50``); before 2010-09-08 a ``RAISE`` gives the
  chips it adds (:data:`NEW_RAISE`);
* cards are cumulative: each round repeats a player's cards (``null`` or empty for
  a hidden one) and adds the new one; a shown hand is ``SHOWN``, a mucked hand
  that the site still reveals is ``MUCKED`` (kept on the
  :class:`~stud_hh.model.events.Muck`);
* ``<winner>`` elements become :class:`~stud_hh.model.events.Collect` (``potnumber`` 2
  and up are side pots); one marked ``uncalled="true"`` (the XML v2 files) is a
  bet returned (:class:`~stud_hh.model.events.UncalledReturned`). Older files mark no
  uncalled bet: the winner's amount includes it. No pot total or rake is printed:
  no :class:`~stud_hh.model.events.PotSummary` is made and the replayer derives the rake;
* ``starttime`` has no zone, but every event has a UTC timestamp in
  milliseconds: ``started_at`` is the start time with the whole-hour offset the
  hand's own first timestamp shows (−5 hours in every corpus hand, summer and
  winter); without a timestamp it stays unknown.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import unquote

from stud_hh.model.cards import MaybeCard, impossible_card, parse_cards
from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
    Bet,
    BringIn,
    Call,
    Chat,
    Check,
    Collect,
    Complete,
    Fold,
    Game,
    HandEvent,
    HandHeader,
    Limit,
    Muck,
    PostAnte,
    PotKind,
    Raise,
    Seat,
    Show,
    ShowdownStart,
    Street,
    TableEvent,
    TableEventKind,
    UncalledReturned,
)
from stud_hh.model.money import CURRENCY_SYMBOLS
from stud_hh.read.documents import DocumentFormat, DocumentHand
from stud_hh.read.reader import RawHand
from stud_hh.read.sites.xmldoc import (
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
    stakes_of,
)

SITE: str = "Merge"

GAMES: dict[str, Game] = {"7-Stud": Game.STUD, "7-Stud H/L8": Game.STUD8, "Razz": Game.RAZZ,
                          "5-Stud": Game.FIVE_STUD}
"""``<description type>`` of the stud-family games read (FPDB's MergeToFpdb ``games``)."""

OTHER_GAMES: dict[str, str] = {
    "Holdem": "Hold'em", "Omaha": "Omaha", "Omaha H/L8": "Omaha Hi/Lo",
    "2-7 Lowball": "2-7 Triple Draw", "A-5 Lowball": "A-5 Triple Draw", "Badugi": "Badugi",
    "5-Draw w/Joker": "5 Card Draw with a joker", "5-Draw": "5 Card Draw"}
"""The other games' ``<description type>``, in words (FPDB's MergeToFpdb ``games``)."""

MIXES = frozenset({"HORSE", "HOSE", "RASH", "HA", "HO", "SHOE", "HAR"})
"""Mixed games: the game of each hand is its ``multigametype``."""

MULTIGAMETYPES: dict[str, Game | None] = {
    "38": Game.STUD, "39": Game.STUD, "41": Game.STUD, "42": Game.STUD,
    "43": Game.STUD8, "45": Game.STUD8, "46": Game.RAZZ, "47": Game.RAZZ, "49": Game.RAZZ,
    "1": None, "2": None, "4": None, "9": None, "23": None, "34": None, "35": None, "37": None,
}
"""The game of a mixed-game hand by ``multigametype`` (``None``: hold'em and Omaha,
skipped). 43 is seen in the corpus (HORSE), 23 and 45 in FPDB's HORSE tournament file;
the others follow FPDB's Merge reader, where 39 and 47 are also the corpus's single-game
``gametype`` of stud and razz."""

CODE_WORDS: dict[str, str] = {
    "1": "Holdem", "2": "Holdem", "9": "Holdem", "23": "Holdem", "4": "Omaha",
    "34": "Omaha H/L8", "35": "Omaha H/L8", "37": "Omaha H/L8",
    "38": "7-Stud", "39": "7-Stud", "41": "7-Stud", "42": "7-Stud",
    "43": "7-Stud H/L8", "45": "7-Stud H/L8", "46": "Razz", "47": "Razz", "49": "Razz",
    "75": "HORSE", "77": "HORSE Tournament"}
"""Every game code known, ``gametype`` and ``multigametype`` alike (one numbering: 39, 43
and 47 are the corpus's stud, stud8 and razz ``gametype``; 75 and 77 the HORSE wrapper
of the corpus's cash file and of FPDB's tournament file)."""

NEW_RAISE = "20100908000000"
"""Hands started before this (Merge's clock) print a ``RAISE`` as the chips it adds; from
it on, as the raiser's street total (FPDB's MergeToFpdb ``newFormat``)."""

_LIMITS: dict[str, Limit] = {"Limit": Limit.FIXED, "No Limit": Limit.NO_LIMIT,
                             "Pot Limit": Limit.POT}
_STAKES: re.Pattern[str] = re.compile(
    r"(?P<limit>Limit|No Limit|Pot Limit|Half Pot Limit)\s*(?:Level\s+(?P<level>\d+)\b.*?)?"
    r"\s*\(?(?P<amounts>[^()]*?)\)?")
_STREETS: dict[str, Street] = {
    "BRING_IN": Street.THIRD, "THIRD_STREET": Street.THIRD, "FOURTH_STREET": Street.FOURTH,
    "FIFTH_STREET": Street.FIFTH, "SIXTH_STREET": Street.SIXTH,
    "SEVENTH_STREET": Street.SEVENTH}
_ENDS = frozenset({"END_OF_FOLDED_GAME", "END_OF_GAME"})
_TABLE_EVENTS: dict[str, TableEventKind] = {
    "SIT_OUT": TableEventKind.SITTING_OUT, "DISCONNECTED": TableEventKind.DISCONNECTED,
    "RECONNECTED": TableEventKind.CONNECTED, "LEAVE": TableEventKind.LEAVES,
    "PLAYER_OUT": TableEventKind.FINISHED}
_BLINDS = frozenset({"SMALL_BLIND", "BIG_BLIND", "INITIAL_BLIND", "RETURN_BLIND"})
_HIDDEN = frozenset({"", "null"})
_CHIP_ACTIONS: dict[str, Callable[[ChipTable, str, int, int], None]] = {
    "ANTE": ChipTable.ante, "BRING_IN": ChipTable.bring_in, "COMPLETE": ChipTable.complete,
    "BET": ChipTable.bet, "RAISE": ChipTable.raise_to, "CALL": ChipTable.call,
    "ALL_IN": ChipTable.all_in}
"""Events that move chips, by type; the amount is as each method takes it (see the top)."""

EVENT_TYPES: dict[str, str] = {
    "ANTE": "ante", "BRING_IN": "bring-in", "COMPLETE": "completion (street total)",
    "BET": "bet (chips added; in the BRING_IN round the bring-in player's completion)",
    "RAISE": "raise (street total; chips added before 2010-09-08)",
    "CALL": "call (chips added)", "ALL_IN": "all-in (chips added)", "CHECK": "check",
    "FOLD": "fold", "SHOW": "shows", "MUCK": "mucks", "SIT_OUT": "sits out (folds if in)",
    "DISCONNECTED": "table traffic", "RECONNECTED": "table traffic", "LEAVE": "table traffic",
    "PLAYER_OUT": "table traffic (a tournament elimination)", "CHAT": "chat (player by name)",
    "GAME_CANCELLED": "a failure", "SMALL_BLIND": "a failure in a stud hand",
    "BIG_BLIND": "a failure in a stud hand", "INITIAL_BLIND": "a failure in a stud hand",
    "RETURN_BLIND": "a failure in a stud hand", "DRAW": "a failure in a stud hand",
}
"""Every ``<event type>`` (FPDB's MergeToFpdb ``re_AllActions``, ``re_Connection``,
``re_Cancelled``, ``re_PlayerOut``; the chat event of FPDB's HORSE tournament file)."""


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
    base = kind.removesuffix(" Tournament")
    stakes = game.get("stakes") or description.get("stakes") or ""
    code = game.get("gametype") or ""
    game_text = f"{kind} {stakes}".strip()
    mixed = base in MIXES
    if mixed:
        number = game.get("multigametype") or ""
        if number not in MULTIGAMETYPES:
            raise HandParseError(f"{kind} hand of unknown multigametype {number!r}",
                                 line=game.line, hand_id=hand_id)
        chosen = MULTIGAMETYPES[number]
        game_text += (f" (multigametype {number})" if chosen is not None
                      else f": {CODE_WORDS[number]} (multigametype {number})")
    else:
        chosen = GAMES.get(base)
        coded = GAMES.get(CODE_WORDS.get(code, ""))
        if coded is not None and coded is not chosen:
            raise HandParseError(f"gametype {code} is {CODE_WORDS[code]}, but the description "
                                 f"says {kind!r}", line=game.line, hand_id=hand_id)
        if chosen is None:
            words = OTHER_GAMES.get(base)
            game_text = (f"{words}: {game_text} (gametype {code})" if words
                         else f"{game_text} (gametype {code})")
    if chosen is None:
        return DocumentHand(SITE, hand_id, game_text, None)
    with naming(hand_id):
        return _Reader(hand_id, description, game, chosen, base if mixed else None,
                       game_text, stakes, kind != base).read()


_ACTS = (BringIn, Complete, Bet, Raise, Call, Check, Fold)
"""The events of a player acting: none can come from a player all-in on the ante."""


def card(text: str, line: int) -> MaybeCard:
    """A Merge card; ``None`` for a hidden one (``null``, empty). Any other text that is no
    card (``1x``, ``10h``: Merge prints a ten as ``T``) fails the hand, naming the line.

    >>> card("Ts", 3), card("null", 3), card("", 3)
    ('Ts', None, None)
    """
    text = text.strip()
    if text in _HIDDEN:
        return None
    found = parse_cards(text, tens_as_10=False)
    if len(found) != 1 or found[0] is None:
        raise fail(impossible_card(text, tens_as_10=False), line)
    return found[0]


class _Reader:
    def __init__(self, hand_id: str, description: Element, game: Element, kind: Game,
                 mixed: str | None, game_text: str, stakes: str, tournament: bool) -> None:
        self.hand_id = hand_id
        self.description = description
        self.game = game
        self.kind = kind
        self.mixed = mixed
        self.game_text = game_text
        self.stakes = stakes
        self.tournament = tournament
        self.scale = 1 if tournament else 100
        self.warnings: list[str] = []
        self.names: dict[str, str] = {}
        """Player names by seat number as printed."""
        self.old_raise = (game.get("starttime") or NEW_RAISE)[:14] < NEW_RAISE
        self.stacks_left: dict[str, int] = {}
        """Each player's stack after the hand's chips went in, as the last ``events`` ran."""

    def player(self, element: Element) -> str:
        seat = element.need("player")
        name = self.names.get(seat)
        if name is None:
            raise fail(f"seat {seat} is not in the player list", element.line)
        return name

    def money(self, text: str | None, line: int) -> int:
        return amount(text, line, self.scale)

    def read(self) -> DocumentHand:
        description, game = self.description, self.game
        line = description.line
        m = _STAKES.fullmatch(self.stakes.strip())
        if m is None:
            raise fail(f"unread stakes {self.stakes!r}", line)
        if m.group("limit") not in _LIMITS:
            raise fail(f"{m.group('limit')} stakes {self.stakes!r}: half-pot-limit betting is "
                       "not audited", line)
        limit = _LIMITS[m.group("limit")]
        parts = [p for p in m.group("amounts").split("/") if p.strip()]
        small: int | None = None
        big: int | None = None
        if parts and not (self.tournament and m.group("level")):
            wanted = 2 if limit is Limit.FIXED else 3
            if len(parts) != wanted:
                raise fail(f"stakes {self.stakes!r}: {wanted} amounts expected", line)
            small = self.money(parts[-2 if limit is Limit.FIXED else -1], line)
            big = self.money(parts[-1], line)
        elif not self.tournament:
            raise fail(f"a cash hand whose stakes {self.stakes!r} print no amounts", line)
        symbol = next((s for s in CURRENCY_SYMBOLS if parts and parts[0].strip().startswith(s)),
                      None)
        play = game.get("realmoney") == "false"
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
                              stack=self.money(element.get("balance"), element.line),
                              sitting_out=element.get("dealtin") == "false",
                              line=element.line))
        data = re.split(r"[|:]", game.get("data") or "")
        started_local, started_at = self.start_time()
        seats_attr = game.get("seats")
        fields: dict[str, Any] = {}
        table = unquote(data[1]) if len(data) > 1 else ""
        currency = None if play else (CURRENCY_SYMBOLS[symbol] if symbol else "USD")
        if self.tournament:
            currency = None
            fields = self.tournament_fields(data, table, game.line)
        header = HandHeader(
            site=SITE, hand_id=self.hand_id, game=self.kind, game_text=self.game_text,
            limit=limit, small_bet=small or 0, big_bet=big or 0, currency=currency,
            scale=self.scale, play_money=play, mixed_game=self.mixed, table=table,
            max_seats=int(seats_attr) if seats_attr and seats_attr.isdigit() else None,
            started_at=started_at, started_local=started_local, seats=tuple(seats),
            line=game.line, **fields)
        events = self.events(header)
        if self.tournament:
            header, events = self.after_antes(header, events)
        if small is None:
            small, big = stakes_of(self.kind, events, line, self.warnings)
            header = dataclasses.replace(header, small_bet=small, big_bet=big)
        return DocumentHand(SITE, self.hand_id, self.game_text, header, tuple(events),
                            tuple(self.warnings))

    def after_antes(self, header: HandHeader, events: list[HandEvent]
                    ) -> tuple[HandHeader, list[HandEvent]]:
        """A tournament hand whose ``balance`` attributes are the stacks *after* the antes.

        The 2011 HORSE freeroll's every all-in puts in its player's balance plus their ante,
        a player with a balance of 0 posts an ante, and one whose balance equals the ante
        folds afterwards (FPDB tour/Merge/Mixed/HORSE-Tournament-Freeroll.201107.xml):
        there the balances are printed after the antes were taken. When the chips put in
        overrun some balance, or a player all-in on the ante acts later, and adding the
        antes back fits every player, the stacks are read so (with a warning); otherwise
        the balances stand and the replayer judges the hand.
        """
        over = {name: -left for name, left in self.stacks_left.items() if left < 0}
        antes: dict[str, int] = {}
        broke: set[str] = set()  # all-in on the ante, yet acting later
        for event in events:
            if isinstance(event, PostAnte):
                antes[event.player] = antes.get(event.player, 0) + event.amount
                if event.all_in:
                    broke.add(event.player)
            elif isinstance(event, _ACTS) and event.player in broke:
                over.setdefault(event.player, 0)
        if not over or any(short > antes.get(name, 0) for name, short in over.items()):
            return header, events
        seats = tuple(dataclasses.replace(s, stack=s.stack + antes.get(s.name, 0))
                      for s in header.seats)
        self.warnings.append(f"line {header.line}: the balances are the stacks after the antes "
                             f"({', '.join(sorted(over))} put in more than their balance, by "
                             "no more than their ante, or act after an all-in ante): the "
                             "antes are added back")
        header = dataclasses.replace(header, seats=seats)
        return header, self.events(header)

    def tournament_fields(self, data: list[str], table: str, line: int) -> dict[str, Any]:
        """The tournament's id (``data``'s third field, ``36447024-1``: tournament and
        table) and its buy-in (the v2.1 ``buyIn`` attribute; 0 for a freeroll)."""
        if len(data) < 3 or not data[2].split("-")[0].isdigit():
            raise fail(f"a tournament hand whose data {self.game.get('data')!r} names no "
                       "tournament", line)
        fields: dict[str, Any] = {"tournament_id": data[2].split("-")[0]}
        buy_in = self.game.get("buyIn")
        if buy_in is not None:
            fields.update(buy_in=amount(buy_in, line), buy_in_currency="USD")
            bounty = amount(self.game.get("bounty") or "0", line)
            if bounty:
                fields["bounty"] = bounty
        elif "freeroll" in table.lower():
            fields.update(buy_in=0, buy_in_currency="USD")
        return fields

    def start_time(self) -> tuple[str | None, datetime | None]:
        """The printed start time, and in UTC with the offset the hand's own timestamps show."""
        text = self.game.get("starttime")
        if text is None:
            return None, None
        try:
            local = datetime.strptime(text, "%Y%m%d%H%M%S")
        except ValueError:
            raise fail(f"unreadable start time: starttime {text!r} is no date and time",
                       self.game.line) from None
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
        if not any(r.get("id") in _ENDS for r in rounds):
            told = sorted({e.get("type") or "" for r in rounds for e in r.findall("event")}
                          & {"DISCONNECTED", "RECONNECTED", "LEAVE", "GAME_CANCELLED"})
            raise fail("the hand has no END_OF_GAME round: the site cut it short"
                       + (f" ({', '.join(told)} in the hand)" if told else ""), self.game.line)
        chats: list[list[Element]] = []
        for child in self.game.children:
            if child.tag not in ("players", "round"):
                self.unknown(child, self.game)
        for round_ in rounds:
            for child in round_.children:
                if child.tag not in ("event", "cards", "winner"):
                    self.unknown(child, round_)
            # chat events name the player and reuse the sequence numbers of the actions
            chats.append([e for e in round_.findall("event") if e.get("type") == "CHAT"])
        actions = [numbered([e for e in r.findall("event") if e.get("type") != "CHAT"],
                            "sequence") for r in rounds]
        check_round_order(actions, "sequence")
        for round_, events, said in zip(rounds, actions, chats, strict=True):
            name = round_.need("id")
            cards = round_.findall("cards")
            if name == "BLINDS":
                for event in events:
                    kind = event.get("type") or ""
                    if kind in _TABLE_EVENTS:
                        self.event(table, event, {})
                    elif kind != "ANTE":
                        raise fail(f"{kind} in a stud hand's BLINDS round", event.line)
                    else:
                        table.ante(self.player(event), self.money(event.get("amount"),
                                                                  event.line), event.line)
                table.events.extend(self.chat(e) for e in said)
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
            table.events.extend(self.chat(e) for e in said)
            # a bet returned goes back before the pot is collected
            for winner in sorted(round_.findall("winner"),
                                 key=lambda w: w.get("uncalled") != "true"):
                self.winner(table, winner)
        self.stacks_left = dict(table.stacks)
        return table.events

    def chat(self, event: Element) -> Chat:
        """A ``CHAT`` event: its ``player`` is the speaker's name (an observer's too)."""
        return Chat(line=event.line, player=event.get("player") or "",
                    text=event.get("text") or "")

    def unknown(self, child: Element, round_: Element) -> None:
        """An element of a round other than events, cards and winners: it fails the hand
        when it carries a player, an amount, cards or a type, else it is passed over."""
        carried = sorted(set(child.attrs) & {"player", "amount", "type", "sequence", "cards",
                                               "potnumber"})
        if carried or child.text.strip():
            what = ", ".join(carried) if carried else f"the text {child.text.strip()!r}"
            where = f"round {round_.get('id')}" if round_.tag == "round" else "the game"
            raise fail(f"unknown element <{child.tag}> in {where} carrying {what}", child.line)

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
            listed = [card(c, element.line) for c in element.need("cards").split(",")]
            had = table.cards.get(player, [])
            if len(listed) > len(had):  # a repeated card that changed: the engine's
                table.deal(player, listed[len(had):], element.line,
                           [c for c in listed[:len(had)] if c is not None])
                continue
            for old, new in zip(had, listed, strict=False):  # nothing dealt: no Deal to check
                if old is not None and new is not None and old != new:
                    raise fail(f"{player}'s {old} is repeated as {new}, and no card dealt",
                               element.line)

    def event(self, table: ChipTable, event: Element, revealed: dict[str, Element]) -> None:
        kind = event.need("type")
        line = event.line
        if kind == "SIT_OUT" and self.player(event) in table.live([self.player(event)]):
            table.fold(self.player(event), line)  # FPDB: a player in the hand sitting out folds
            return
        if kind in _TABLE_EVENTS:
            table.events.append(TableEvent(line=line, player=self.player(event),
                                           kind=_TABLE_EVENTS[kind], text=kind))
            return
        if kind == "GAME_CANCELLED":
            raise HandParseError("the site cancelled this hand (GAME_CANCELLED)", line=line)
        if kind in _BLINDS or kind == "DRAW":
            raise HandParseError(f"a {kind} event in a stud hand", line=line)
        player = self.player(event)
        if kind == "FOLD":
            table.fold(player, line)
        elif kind == "CHECK":
            table.check(player, line)
        elif kind in ("SHOW", "MUCK"):
            element = revealed.get(player)
            cards = (tuple(card(c, element.line) for c in element.need("cards").split(","))
                     if element else ())
            if kind == "SHOW":
                if not cards:
                    self.warnings.append(f"line {line}: {player} shows, but no SHOWN cards "
                                         "are printed")
                table.events.append(Show(line=line, player=player, cards=cards))
            else:
                table.events.append(Muck(line=line, player=player, cards=cards))
        elif kind == "RAISE" and self.old_raise:  # before 2010-09-08: the chips it adds
            table.raise_to(player, table.totals.get(player, 0)
                           + self.money(event.get("amount"), line), line)
        elif kind in _CHIP_ACTIONS:
            _CHIP_ACTIONS[kind](table, player, self.money(event.get("amount"), line), line)
        else:
            raise HandParseError(f"unknown event type {kind!r} (sequence "
                                 f"{event.get('sequence')})", line=line)

    def winner(self, table: ChipTable, winner: Element) -> None:
        player = self.player(winner)
        won = self.money(winner.get("amount"), winner.line)
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
"""The Merge XML format, as registered in :data:`stud_hh.read.sites.DOCUMENTS`."""
