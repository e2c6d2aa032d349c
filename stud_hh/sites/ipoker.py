"""iPoker: XML sessions (``<session>`` with a ``<general>`` block and ``<game>`` elements).

What an iPoker hand prints, and how it becomes the shared events:

* the game, limit and stakes are the session's ``<gametype>``: ``7 Card Stud Hi-Lo L
  €0.05/€0.10`` is small bet / big bet (the corpus hands bet €0.05 on 3rd and 4th
  street and €0.10 later); the ante and bring-in are only on the action lines;
* ``<round no="0">`` holds the antes (action type 15), round 1 is empty in stud,
  round 2 is the first deal (3rd street; *Second Street* in five-card stud, which
  the project labels 3rd too), then one round per street;
* **actions are numbered**, and the file does not print them in that order (each
  player's cards are followed by that player's actions): they are put in the
  order of their ``no`` attribute. Types: 15 ante, 16 bring-in, 5 bet, 23 raise to
  a total, 6 raise by, 3 call, 4 check, 0 fold, 7 all-in (the chips it adds: a
  call, bet or raise as the amounts say); any other type is refused, named;
* cards are ``H8``, ``S10``; an opponent's hidden card is ``X`` and stays unknown
  (``None``). There is no showdown element: the cards of every player who reached
  the showdown are printed in full in their deal lines, so the reader opens the
  showdown after the last street and each player still in shows the cards dealt
  (a player whose cards stay hidden mucks). The order they were shown in is not
  recorded;
* each ``<player>`` has ``win`` (what they collected, a bet nobody called
  included) and ``bet`` (everything they put in): ``win`` becomes a
  :class:`~stud_hh.events.Collect`; ``bet`` is checked against the actions (a
  warning when they differ). There is no pot total, rake or uncalled-bet line:
  no :class:`~stud_hh.events.PotSummary` is made and the replayer derives the rake;
* the start date has no time zone: it is kept as printed (``started_local``) and
  ``started_at`` stays unknown.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

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
    Seat,
    Show,
    ShowdownStart,
    Street,
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

SITE: str = "iPoker"

GAMES: dict[str, Game] = {
    "7 Card Stud": Game.STUD,
    "7 Card Stud Hi-Lo": Game.STUD8,
    "7 Card Stud HiLow": Game.STUD8,
    "5 Card Stud": Game.FIVE_STUD,
}
"""``<gametype>`` game names read as stud-family games; any other game is skipped."""

_LIMITS: dict[str, Limit] = {"L": Limit.FIXED, "NL": Limit.NO_LIMIT, "PL": Limit.POT}
_STAKES: re.Pattern[str] = re.compile(r"(?P<limit>[A-Z]{1,2}) (?P<small>\S+)/(?P<big>\S+)")
"""What follows the game's name in ``<gametype>``: ``L $0.05/$0.10``."""
_STREET_NAMES: dict[Game, dict[Street, str]] = {
    Game.FIVE_STUD: {Street.THIRD: "Second Street", Street.FOURTH: "Third Street",
                     Street.FIFTH: "Fourth Street", Street.SIXTH: "River"},
}
_SEVEN_STREETS = {Street.THIRD: "Third Street", Street.FOURTH: "Fourth Street",
                  Street.FIFTH: "Fifth Street", Street.SIXTH: "Sixth Street",
                  Street.SEVENTH: "River"}
_HIDDEN = frozenset({"X", "XX", "x"})

ANTE, RAISE_BY, CHECK, FOLD = "15", "6", "4", "0"
_CHIP_ACTIONS: dict[str, Callable[[ChipTable, str, int, int], None]] = {
    "16": ChipTable.bring_in, "5": ChipTable.bet, "23": ChipTable.raise_to, "3": ChipTable.call,
    "7": ChipTable.all_in}
"""Action types that move chips (a raise by an amount, type 6, is turned into a total);
the ``sum`` is as each method takes it (see the top)."""


def sniff(path: str, head: str) -> bool:
    """An iPoker session: ``<session ...>`` with ``<game gamecode=...>`` or a ``<gametype>``."""
    return "<session" in head and ("<game gamecode=" in head or "<gametype>" in head)


def split(text: str, path: str, encoding: str) -> Iterator[RawHand]:
    """One raw hand per ``<game>``, each headed by its session's ``<general>`` block."""
    return split_session(text, path, encoding, kind=SITE, keep=("general",))


def key(raw: RawHand) -> tuple[str, str] | None:
    return game_key(raw, SITE, "gamecode")


def card(text: str) -> MaybeCard:
    """An iPoker card (suit first, ``10`` for ten) as ours; ``None`` when not readable.

    >>> card("H8"), card("S10"), card("DA"), card("X"), card("Z9")
    ('8h', 'Ts', 'Ad', None, None)
    """
    if len(text) < 2:
        return None
    return normalise_card(text[1:].replace("10", "T") + text[0].lower())


def read(raw: RawHand) -> DocumentHand:
    """Read one iPoker ``<game>`` (with its session's ``<general>``) into events."""
    root, game, hand_id = parse_game(raw, "gamecode")
    general = root.find("general")
    if general is None:
        raise HandParseError("the session's <general> block is missing before this game",
                             line=game.line, hand_id=hand_id)
    gametype = general.findtext("gametype") or ""
    name = max((n for n in GAMES if gametype.startswith(n + " ")), key=len, default=None)
    if name is None:
        return DocumentHand(SITE, hand_id, gametype, None)
    with naming(hand_id):
        return _Reader(raw, hand_id, general, game, name).read()


class _Reader:
    """The state of one hand being read."""

    def __init__(self, raw: RawHand, hand_id: str, general: Element, game: Element,
                 name: str) -> None:
        self.raw = raw
        self.bets: dict[str, tuple[int, int]] = {}
        """Each player's printed ``bet`` and its line."""
        self.wins: list[tuple[str, int, int]] = []
        self.hand_id = hand_id
        self.general = general
        self.game = game
        self.name = name
        self.kind = GAMES[name]
        self.warnings: list[str] = []

    def read(self) -> DocumentHand:
        general, game = self.general, self.game
        gametype = general.findtext("gametype") or ""
        m = _STAKES.fullmatch(gametype[len(self.name):].strip())
        gametype_line = (general.find("gametype") or general).line
        if m is None or m.group("limit") not in _LIMITS:
            raise fail(f"unreadable game type {gametype!r}", gametype_line)
        for tag in ("tournamentcode", "tournamentname"):
            if general.find(tag) is not None:
                raise fail("iPoker tournament hands are not read yet (no corpus hand "
                           "shows their format)", gametype_line)
        mode = general.findtext("mode")
        if mode != "real":
            raise fail(f"iPoker {mode!r} mode hands are not read yet (every corpus hand "
                       "is real money)", gametype_line)
        small, big = m.group("small"), m.group("big")
        symbol = next((s for s in CURRENCY_SYMBOLS if small.startswith(s)), None)
        currency = (general.findtext("tablecurrency")
                    or (CURRENCY_SYMBOLS[symbol] if symbol else None)
                    or general.findtext("currency"))
        hand_general = game.find("general")
        if hand_general is None:
            raise fail("the game has no <general> block", game.line)
        players = hand_general.find("players")
        if players is None:
            raise fail("the game lists no players", hand_general.line)
        seats: list[Seat] = []
        for player in players.findall("player"):
            player_name = player.need("name")
            if not player_name:  # an empty seat
                continue
            if player_name in self.bets:
                raise fail(f"player {player_name!r} is seated twice", player.line)
            seats.append(Seat(seat=player.number("seat"), name=player_name,
                              stack=amount(player.get("chips"), player.line),
                              line=player.line))
            self.bets[player_name] = (amount(player.get("bet"), player.line), player.line)
            self.wins.append((player_name, amount(player.get("win"), player.line),
                              player.line))
        started = hand_general.findtext("startdate") or general.findtext("startdate")
        header = HandHeader(
            site=SITE, hand_id=self.hand_id, game=self.kind, game_text=gametype,
            limit=_LIMITS[m.group("limit")], small_bet=amount(small, gametype_line),
            big_bet=amount(big, gametype_line), currency=currency, scale=100,
            table=general.findtext("tablename") or "", started_at=None,
            started_local=started or None, seats=tuple(seats), line=game.line)
        events = self.events(header)
        return DocumentHand(SITE, self.hand_id, gametype, header, tuple(events),
                            tuple(self.warnings))

    def events(self, header: HandHeader) -> list[HandEvent]:
        table = ChipTable(self.kind, header.seats)
        rounds = sorted(self.game.findall("round"), key=lambda r: r.number("no"))
        actions = [numbered(r.findall("action"), "no") for r in rounds]
        check_round_order(actions, "no")
        names = _STREET_NAMES.get(self.kind, _SEVEN_STREETS)
        first_cards: dict[str, int] = {}
        for round_, acts in zip(rounds, actions, strict=True):
            number = round_.number("no")
            cards = round_.findall("cards")
            if number <= 1:
                if cards:
                    raise fail(f"cards in round {number}, before the first deal",
                               cards[0].line)
                for action in acts:
                    if action.get("type") != ANTE:
                        raise fail(f"action type {action.get('type')!r} in round {number}: "
                                   "only antes come before the first deal", action.line)
                    table.ante(action.need("player"), amount(action.get("sum"),
                                                                 action.line), action.line)
                continue
            if not cards and not acts:
                continue
            street = Street(number + 1) if number + 1 <= Street.SEVENTH else None
            if street is None or street not in names:
                raise fail(f"round {number}: {self.name} has no such street", round_.line)
            table.start_street(street, round_.line)
            for element in cards:
                if element.get("type") != names[street]:
                    raise fail(f"{element.get('type')!r} cards in round {number}, which is "
                               f"{names[street]!r}", element.line)
                player = element.need("player")
                dealt = tuple(self.card(c, element.line) for c in element.text.split())
                first_cards.setdefault(player, element.line)
                table.deal(player, dealt, element.line)
            for action in acts:
                self.action(table, action)
        self.check_bets(table, header.seats)
        self.showdown(table, header, first_cards)
        for player, won, line in self.wins:
            if won:
                table.events.append(Collect(line=line, player=player, amount=won))
        return table.events

    def card(self, text: str, line: int) -> MaybeCard:
        if text in _HIDDEN:
            return None
        found = card(text)
        if found is None:
            self.warnings.append(f"line {line}: unreadable card {text!r} kept as unknown")
        return found

    def action(self, table: ChipTable, action: Element) -> None:
        kind = action.need("type")
        player = action.need("player")
        line = action.line
        if kind == FOLD:
            table.fold(player, line)
        elif kind == CHECK:
            table.check(player, line)
        elif kind == RAISE_BY:
            table.raise_to(player, table.bet_to + amount(action.get("sum"), line), line)
        elif kind in _CHIP_ACTIONS:
            _CHIP_ACTIONS[kind](table, player, amount(action.get("sum"), line), line)
        else:
            raise HandParseError(f"unknown iPoker action type {kind!r} (action no "
                                 f"{action.get('no')})", line=line)

    def check_bets(self, table: ChipTable, seats: tuple[Seat, ...]) -> None:
        """Each player's ``bet`` attribute is what their actions put in."""
        for seat in seats:
            printed, line = self.bets[seat.name]
            put_in = seat.stack - table.stacks[seat.name]
            if put_in != printed:
                self.warnings.append(f"line {line}: {seat.name}'s bet is printed as {printed}, "
                                     f"the actions put in {put_in}")

    def showdown(self, table: ChipTable, header: HandHeader,
                 first_cards: dict[str, int]) -> None:
        """Players still in after the last street show what they were dealt (all known)
        or muck (some unknown)."""
        order = [s.name for s in sorted(header.seats, key=lambda s: s.seat)]
        live = table.live(order)
        if len(live) < 2:
            return
        last = table.events[-1].line if table.events else self.game.line
        table.events.append(ShowdownStart(line=last))
        for player in live:
            cards = table.cards[player]
            line = first_cards.get(player, last)
            if all(c is not None for c in cards):
                table.events.append(Show(line=line, player=player, cards=tuple(cards)))
            else:
                table.events.append(Muck(line=line, player=player))


IPOKER: DocumentFormat = DocumentFormat(name=SITE, site=SITE, sniff=sniff, split=split, key=key,
                                       read=read)
"""The iPoker XML format, as registered in :data:`stud_hh.sites.DOCUMENTS`."""
