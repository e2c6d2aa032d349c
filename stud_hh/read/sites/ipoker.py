"""iPoker: XML sessions (``<session>`` with a ``<general>`` block and ``<game>`` elements).

What an iPoker hand prints, and how it becomes the shared events:

* the game, limit and stakes are the session's ``<gametype>``: ``7 Card Stud Hi-Lo L
  €0.05/€0.10`` is small bet / big bet (the corpus hands bet €0.05 on 3rd and 4th
  street and €0.10 later); the limit word is the skin's language's (:data:`LIMITS`);
  the ante and bring-in are only on the action lines. A tournament's ``<gametype>``
  (``7 Card Stud L``) has no stakes: the hand is read in chips and its small and
  big bet come from its own bets (:func:`~stud_hh.read.sites.xmldoc.stakes_of`); its id and
  buy-in come from the session's tournament elements or its table name. The docs'
  catalogue, ``docs/formats/ipoker.md``, lists every client version's forms;
* ``<round no="0">`` holds the antes (action type 15), round 1 is empty in stud,
  round 2 is the first deal (3rd street; *Second Street* in five-card stud, which
  the project labels 3rd too), then one round per street;
* **actions are numbered**, and the file does not print them in that order (each
  player's cards are followed by that player's actions): they are put in the
  order of their ``no`` attribute. Types (:data:`ACTION_TYPES`): 15 ante, 16
  bring-in, 5 bet, 23 raise to a total, 6 raise by the chips it adds, 3 call, 4
  check, 0 fold, 7 all-in (the chips it adds: a call, bet or raise as the amounts
  say), 8 and 9 sitting out; blinds and any other type are refused, named;
* cards are ``H8``, ``S10``; an opponent's hidden card is ``X`` and stays unknown
  (``None``). There is no showdown element: the cards of every player who reached
  the showdown are printed in full in their deal lines, so the reader opens the
  showdown after the last street and each player still in shows the cards dealt
  (a player whose cards stay hidden mucks). The order they were shown in is not
  recorded;
* each ``<player>`` has ``win`` (what they collected, a bet nobody called
  included) and ``bet`` (everything they put in): ``win`` becomes a
  :class:`~stud_hh.model.events.Collect`; ``bet`` is checked against the actions (a
  warning when they differ). There is no pot total, rake or uncalled-bet line:
  no :class:`~stud_hh.model.events.PotSummary` is made and the replayer derives the rake;
* the start date has no time zone: it is kept as printed (``started_local``) and
  ``started_at`` stays unknown.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterator
from datetime import datetime
from typing import Any

from stud_hh.model.cards import MaybeCard, impossible_card
from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
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
    TableEvent,
    TableEventKind,
)
from stud_hh.model.money import CURRENCY_SYMBOLS
from stud_hh.model.names import SeatNames, by_case, case_warning
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

SITE: str = "iPoker"

GAMES: dict[str, Game] = {
    "7 Card Stud": Game.STUD,
    "7 Card Stud Hi-Lo": Game.STUD8,
    "7 Card Stud HiLow": Game.STUD8,
    "5 Card Stud": Game.FIVE_STUD,
}
"""``<gametype>`` game names read as stud-family games (FPDB's iPokerToFpdb ``games``)."""

OTHER_GAMES: dict[str, str] = {
    "Holdem": "Hold'em",
    "Six Plus Holdem": "Six Plus Hold'em",
    "Omaha": "Omaha",
    "Omaha Hi-Lo": "Omaha Hi-Lo",
    "Omaha HiLow": "Omaha Hi-Lo",
    "LH": "Limit Hold'em",
}
"""Game names of the other games iPoker prints, in words (``LH`` is limit hold'em, whose
``<gametype>`` then reads ``LH 20/40 x2 Limit $10.00/$20.00``)."""

LIMITS: dict[str, Limit] = {
    "L": Limit.FIXED, "Limit": Limit.FIXED, "FL": Limit.FIXED,
    "NL": Limit.NO_LIMIT, "SL": Limit.NO_LIMIT, "БЛ": Limit.NO_LIMIT, "No limit": Limit.NO_LIMIT,
    "PL": Limit.POT, "LP": Limit.POT, "Pot limit": Limit.POT,
}
"""The limit words of ``<gametype>`` in every skin's language (``SL`` Spanish *sin límite*,
``LP`` *límite del bote*, ``БЛ`` Russian *без лимита*). ``LZ`` is refused: FPDB's hand
reader takes it as no limit and its summary reader as limit."""

_GAMETYPE: re.Pattern[str] = re.compile(
    r"(?P<name>.*?)\s*(?<!\S)(?P<limit>No limit|Pot limit|Limit|L|FL|NL|SL|БЛ|PL|LP|LZ)"
    r"(?:\s+(?P<small>[^\s/]+)/(?P<big>[^\s/]+))?(?:\s+Ante\s+(?P<ante>\S+))?")
"""``<gametype>``: the game's name (none in some 2021 files), the limit word, then the small
and big bet (none in tournaments) and, in some files, ``Ante $0.01``."""

_DATES: tuple[str, ...] = ("%Y-%m-%d %H:%M:%S", "%d-%b-%Y %H:%M:%S", "%d-%b-%Y %H:%M",
                           "%d/%m/%Y %H:%M:%S", "%d/%m/%Y %H:%M", "%d.%m.%Y %H:%M:%S",
                           "%d.%m.%Y %H:%M", "%Y/%m/%d %H:%M:%S", "%Y/%m/%d %H:%M")
"""``<startdate>`` as the client versions and skins print it (no time zone)."""

_STREET_NAMES: dict[Game, dict[Street, str]] = {
    Game.FIVE_STUD: {Street.THIRD: "Second Street", Street.FOURTH: "Third Street",
                     Street.FIFTH: "Fourth Street", Street.SIXTH: "River"},
}
_SEVEN_STREETS = {Street.THIRD: "Third Street", Street.FOURTH: "Fourth Street",
                  Street.FIFTH: "Fifth Street", Street.SIXTH: "Sixth Street",
                  Street.SEVENTH: "River"}
_HIDDEN = frozenset({"X", "XX", "x", "xx"})

ACTION_TYPES: dict[str, str] = {
    "0": "fold", "1": "small blind", "2": "big blind", "3": "call (chips added)",
    "4": "check", "5": "bet (chips added; on 3rd street the completion)",
    "6": "raise (chips added)", "7": "all-in (chips added)", "8": "sitting out",
    "9": "sitting out (folds)", "15": "ante", "16": "bring-in", "23": "raise to (street total)",
}
"""Every ``<action type>`` code (FPDB's iPokerToFpdb ``readAction``; HHSmithy's parser)."""

ANTE, CHECK, FOLD, RAISE_BY, SITS_OUT, SITS_OUT_FOLDS = "15", "4", "0", "6", "8", "9"
BLINDS = frozenset({"1", "2"})
_CHIP_ACTIONS: dict[str, Callable[[ChipTable, str, int, int], None]] = {
    "16": ChipTable.bring_in, "5": ChipTable.bet, "23": ChipTable.raise_to, "3": ChipTable.call,
    "7": ChipTable.all_in}
"""Action types that move chips (a raise by chips added, type 6, is turned into a total);
the ``sum`` is as each method takes it (see the top)."""

_TOURNAMENT_TAGS = ("tournamentcode", "tourcode", "tournamentname", "tournamentcurrency",
                    "place", "buyin", "totalbuyin", "rewarddrawn")
_PLAY_MODES = frozenset({"play", "fun"})


def sniff(path: str, head: str) -> bool:
    """An iPoker session: ``<session ...>`` with ``<game gamecode=...>`` or a ``<gametype>``."""
    return "<session" in head and ("<game gamecode=" in head or "<gametype>" in head)


def split(text: str, path: str, encoding: str) -> Iterator[RawHand]:
    """One raw hand per ``<game>``, each headed by its session's ``<general>`` block."""
    return split_session(text, path, encoding, kind=SITE, keep=("general",))


def key(raw: RawHand) -> tuple[str, str] | None:
    return game_key(raw, SITE, "gamecode")


_CARD_RANKS = {**{r: r for r in "23456789JQKA"}, "10": "T"}
"""iPoker's ranks as printed (``10`` for ten, never ``T``), to ours."""


def card(text: str) -> MaybeCard:
    """An iPoker card (suit first, ``10`` for ten) as ours; ``None`` when not readable.

    >>> card("H8"), card("S10"), card("DA"), card("X"), card("Z9"), card("HT")
    ('8h', 'Ts', 'Ad', None, None, None)
    """
    rank = _CARD_RANKS.get(text[1:])
    if rank is None or text[:1] not in ("S", "H", "D", "C"):
        return None
    return rank + text[0].lower()


def game_words(gametype: str) -> tuple[Game | None, str, re.Match[str] | None]:
    """The stud game a ``<gametype>`` names (``None`` for another game or none), its name
    as printed, and the match of :data:`_GAMETYPE`.

    >>> game_words("7 Card Stud Hi-Lo L €0.05/€0.10")[:2]
    (<Game.STUD8: 'stud8'>, '7 Card Stud Hi-Lo')
    >>> game_words("Holdem SL $0.01/$0.02")[:2]
    (None, 'Holdem')
    >>> game_words("7 Card Stud L")[2].group("small") is None
    True
    """
    m = _GAMETYPE.fullmatch(gametype.strip())
    name = m.group("name").strip() if m else gametype.strip()
    if m is None and gametype.startswith("LH "):
        return None, "LH", None
    return GAMES.get(name), name, m


def read(raw: RawHand) -> DocumentHand:
    """Read one iPoker ``<game>`` (with its session's ``<general>``) into events."""
    root, game, hand_id = parse_game(raw, "gamecode")
    general = root.find("general")
    if general is None:
        raise HandParseError("the session's <general> block is missing before this game",
                             line=game.line, hand_id=hand_id)
    gametype = general.findtext("gametype") or ""
    kind, name, m = game_words(gametype)
    if kind is None:
        return DocumentHand(SITE, hand_id, _other_game_text(gametype, name, game), None)
    with naming(hand_id):
        if m is None:
            raise fail(f"unreadable game type {gametype!r}", (general.find("gametype")
                                                               or general).line)
        return _Reader(raw, hand_id, general, game, name, m).read()


def _other_game_text(gametype: str, name: str, game: Element) -> str:
    """The words a skipped hand's game is given: iPoker's name spelled out, or, for a
    ``<gametype>`` with no game name (``PL €0.05/€0.10``), what the dealt cards show."""
    if name in OTHER_GAMES and name != "LH":
        return gametype  # the printed name says the game (``Holdem NL $0.02/$0.04``)
    if name == "LH" or name.startswith("LH "):
        return f"{OTHER_GAMES['LH']} ({gametype})"
    if not name and any(c.get("type") == "Pocket" for r in game.findall("round")
                        for c in r.findall("cards")):
        return f"a flop game such as Omaha: no game name, cards dealt as Pocket ({gametype})"
    return gametype


_TOURNAMENT_ID: re.Pattern[str] = re.compile(
    r"\(#(?P<id>\d+)\)|(?P<last>\d+)\s*$|,\s*(?P<first>\d+)\b[^,]*$")
"""The tournament id in a tournament's ``<tablename>`` or ``<tournamentname>``: ``(#16727068)``
(2016), the last number (``$5 Limit 7 Card Stud, 699476041, 699476041``) or the number
after the last comma (``..., 547028881 M2EFE101E4DDF2KD``, iPoker.it)."""

_PAIR: re.Pattern[str] = re.compile(
    r"(?P<a>[^+\[\]]*?\d[^+\[\]]*?)\s*\+\s*(?P<b>[^+\[\]]*?\d[\d.,]*)")
"""``buy-in + fee`` inside Italian ``<totalbuyin>Iscriviti[ €0,40 + €0,10 ...]``."""


def _tournament_id(*texts: str) -> str | None:
    """The tournament id that a table or tournament name ends with.

    >>> _tournament_id("Hyper Turbo (500 Chips) (#16727068)")
    '16727068'
    >>> _tournament_id("$5 Limit 7 Card Stud, 699476041, 699476041")
    '699476041'
    >>> _tournament_id("€0.50 NLH Double Up 6 Gioc., 547028881 M2EFE101E4DDF2KD")
    '547028881'
    """
    for text in texts:
        m = _TOURNAMENT_ID.search(text.strip())
        if m:
            return m.group("id") or m.group("last") or m.group("first")
    return None


def _buy_in(text: str, total: str, currency: str | None, line: int,
            warnings: list[str]) -> dict[str, Any]:
    """``buy_in``, ``fee`` and ``buy_in_currency`` from ``<buyin>`` (``$5+$0.50``,
    ``€0,50`` with ``<totalbuyin>Iscriviti[ €0,40 + €0,10 ...]``, ``Token``, ``Pts 100``).

    >>> _buy_in("$5+$0.50", "$5.50", "USD", 1, [])
    {'buy_in_currency': 'USD', 'buy_in': 500, 'fee': 50}
    >>> _buy_in("€0,50", "Iscriviti[ €0,40 + €0,10 N2EF ] <br/>", "EUR", 1, [])
    {'buy_in_currency': 'EUR', 'buy_in': 40, 'fee': 10}
    >>> _buy_in("Token", "", "USD", 1, [])
    {'buy_in_currency': 'Token'}
    """
    words = text.strip()
    if words.lower() == "token":
        return {"buy_in_currency": "Token"}
    fpp = words.startswith("Pts")
    symbol = next((s for s in CURRENCY_SYMBOLS if s in words), None)
    found: dict[str, Any] = {"buy_in_currency": "FPP" if fpp else (
        CURRENCY_SYMBOLS[symbol] if symbol else currency or None)}
    words = words.removeprefix("Pts").strip()
    parts = [p.strip() for p in words.split("+")]
    if len(parts) == 1:
        pair = _PAIR.search(total)
        if pair:
            parts = [pair.group("a").strip(), pair.group("b").strip()]
    if len(parts) > 2:
        warnings.append(f"line {line}: buy-in {text!r} has {len(parts)} parts: not read")
        return found
    found["buy_in"] = amount(parts[0], line)
    found["fee"] = amount(parts[1], line) if len(parts) == 2 else None
    return found


def _start_date(general: Element) -> str:
    """The ``<startdate>`` of a ``<general>`` block (the session's or the game's), ``""``
    when it has none; like every printed time, it must be readable: an impossible date or
    time, or a form no skin prints, fails the hand naming its line."""
    dated = general.find("startdate")
    started = dated.text.strip() if dated is not None else ""
    if dated is not None and started and not any(_parses(started, f) for f in _DATES):
        raise fail(f"unreadable start time: {started!r} (an impossible date or time, or a "
                   "form iPoker is not known to print: docs/formats/ipoker.md, Times)",
                   dated.line)
    return started


def _parses(text: str, form: str) -> bool:
    try:
        datetime.strptime(text.strip(), form)
    except ValueError:
        return False
    return True


class _Reader:
    """The state of one hand being read."""

    def __init__(self, raw: RawHand, hand_id: str, general: Element, game: Element,
                 name: str, gametype: re.Match[str]) -> None:
        self.raw = raw
        self.bets: dict[str, tuple[int, int]] = {}
        """Each player's printed ``bet`` and its line."""
        self.wins: list[tuple[str, int, int]] = []
        self.hand_id = hand_id
        self.general = general
        self.game = game
        self.name = name
        self.gametype = gametype
        self.kind = GAMES[name]
        self.warnings: list[str] = []
        self.scale = 100
        self.seat_names = SeatNames(())
        self.case_names: set[str] = set()
        """Names read as a seat's by their case alone, told once in the warnings."""

    def read(self) -> DocumentHand:
        general, game, m = self.general, self.game, self.gametype
        gametype = general.findtext("gametype") or ""
        gametype_line = (general.find("gametype") or general).line
        limit_word = m.group("limit")
        if limit_word not in LIMITS:
            raise fail(f"the limit word {limit_word!r} of game type {gametype!r} is read both "
                       "as limit and as no limit (FPDB): the limit is unknown", gametype_line)
        tournament = m.group("small") is None or any(
            general.find(tag) is not None for tag in _TOURNAMENT_TAGS)
        fields = self.tournament(gametype_line) if tournament else self.cash(gametype_line)
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
                              stack=self.money(player.get("chips"), player.line),
                              line=player.line))
            self.bets[player_name] = (self.money(player.get("bet") or "0", player.line),
                                      player.line)
            self.wins.append((player_name, self.money(player.get("win") or "0", player.line),
                              player.line))
        session_start = _start_date(general)  # checked even where the game has its own
        started = _start_date(hand_general) or session_start
        small, big = fields.pop("small_bet"), fields.pop("big_bet")
        size = general.findtext("tablesize") or ""
        header = HandHeader(
            site=SITE, hand_id=self.hand_id, game=self.kind, game_text=gametype,
            limit=LIMITS[limit_word], small_bet=small or 0, big_bet=big or 0,
            scale=self.scale, table=general.findtext("tablename") or "", started_at=None,
            max_seats=int(size) if size.isdigit() else None,
            started_local=started or None, seats=tuple(seats), line=game.line, **fields)
        events = self.events(header)
        if small is None:
            small, big = stakes_of(self.kind, events, gametype_line, self.warnings)
            header = dataclasses.replace(header, small_bet=small, big_bet=big)
        return DocumentHand(SITE, self.hand_id, gametype, header, tuple(events),
                            tuple(self.warnings))

    def money(self, text: str | None, line: int) -> int:
        return amount(text, line, self.scale)

    def cash(self, line: int) -> dict[str, Any]:
        """The header fields of a cash hand: stakes and currency from ``<gametype>``."""
        general, m = self.general, self.gametype
        small, big = m.group("small"), m.group("big")
        symbol = next((s for s in CURRENCY_SYMBOLS if small.startswith(s)), None)
        currency = (general.findtext("tablecurrency")
                    or (CURRENCY_SYMBOLS[symbol] if symbol else None)
                    or general.findtext("currency") or None)
        mode = general.findtext("mode") or "real"
        play = mode in _PLAY_MODES or currency in (None, "fun")
        if mode != "real" and mode not in _PLAY_MODES:
            raise fail(f"unknown iPoker mode {mode!r} (real or play money?)", line)
        return {"small_bet": amount(small, line), "big_bet": amount(big, line),
                "currency": None if play else currency, "play_money": play}

    def tournament(self, line: int) -> dict[str, Any]:
        """The header fields of a tournament hand: chips, the tournament's id and buy-in
        (the stakes come from the hand's bets, :func:`~stud_hh.read.sites.xmldoc.stakes_of`)."""
        general = self.general
        self.scale = 1
        table = general.findtext("tablename") or ""
        code = general.findtext("tournamentcode") or general.findtext("tourcode")
        name = general.findtext("tournamentname") or ""
        tournament_id = code or _tournament_id(table, name)
        if tournament_id is None:
            raise fail(f"a tournament hand whose table {table!r} names no tournament id",
                       line)
        fields: dict[str, Any] = {"small_bet": None, "big_bet": None, "currency": None,
                                  "tournament_id": tournament_id}
        if self.gametype.group("small") is not None:
            fields["small_bet"] = amount(self.gametype.group("small"), line, 1)
            fields["big_bet"] = amount(self.gametype.group("big"), line, 1)
        buyin = general.find("buyin")
        total = general.findtext("totalbuyin") or ""
        currency = general.findtext("tournamentcurrency") or general.findtext("currency")
        if buyin is not None:
            fields.update(_buy_in(buyin.text.strip(), total, currency, buyin.line,
                                  self.warnings))
        return fields

    def player(self, element: Element) -> str:
        """The player an element names, as the seat list names him (a name that differs
        from a seat's only in case is that seat's, told in the warnings once)."""
        name = element.need("player")
        seat = self.seat_names.find(name)
        if seat is None:
            return name  # not seated: the replayer reports it
        if by_case(seat, name) and name not in self.case_names:
            self.case_names.add(name)
            self.warnings.append(case_warning(name, seat, element.line))
        return seat

    def events(self, header: HandHeader) -> list[HandEvent]:
        table = ChipTable(self.kind, header.seats)
        self.seat_names = SeatNames(s.name for s in header.seats)
        rounds = sorted(self.game.findall("round"), key=lambda r: r.number("no"))
        for child in self.game.children:
            if child.tag not in ("general", "round"):
                self.unknown(child, self.game)
        for round_ in rounds:
            for child in round_.children:
                if child.tag not in ("cards", "action"):
                    self.unknown(child, round_)
        actions = [numbered(r.findall("action"), "no") for r in rounds]
        check_round_order(actions, "no")
        names = _STREET_NAMES.get(self.kind, _SEVEN_STREETS)
        first_cards: dict[str, int] = {}
        for round_, acts in zip(rounds, actions, strict=True):
            number = round_.number("no")
            cards = [c for c in round_.findall("cards") if c.text.strip()]
            if number <= 1:
                if cards:
                    raise fail(f"{cards[0].get('type')!r} cards in round {number}, before "
                               "the first deal of a stud hand", cards[0].line)
                for action in acts:
                    kind = action.need("type")
                    if kind == ANTE:
                        table.ante(self.player(action), self.money(action.get("sum"),
                                                                   action.line), action.line)
                    elif kind in (SITS_OUT, SITS_OUT_FOLDS):
                        self.sits_out(table, action)
                    elif kind in BLINDS:
                        raise fail(f"a {ACTION_TYPES[kind]} (action type {kind}) in a stud "
                                   "hand", action.line)
                    else:
                        raise fail(f"action type {kind!r} in round {number}: only antes come "
                                   "before the first deal", action.line)
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
                player = self.player(element)
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

    def unknown(self, child: Element, round_: Element) -> None:
        """An element of a round that is neither cards nor an action: it fails the hand when
        it carries a player, an amount, cards or an action code, else it is passed over."""
        carried = sorted(set(child.attrs) & {"player", "sum", "type", "no", "cards", "win",
                                               "bet", "amount"})
        if carried or child.text.strip():
            what = ", ".join(carried) if carried else f"the text {child.text.strip()!r}"
            where = f"round {round_.get('no')}" if round_.tag == "round" else "the game"
            raise fail(f"unknown element <{child.tag}> in {where} carrying {what}", child.line)

    def card(self, text: str, line: int) -> MaybeCard:
        """A card as printed; ``None`` for a hidden one; a text that is no card fails the
        hand (iPoker is known to print no corrupt card text)."""
        if text in _HIDDEN:
            return None
        found = card(text)
        if found is None:
            raise fail(impossible_card(text), line)
        return found

    def sits_out(self, table: ChipTable, action: Element) -> None:
        """Action types 8 and 9: the player sits out; one dealt in and still in folds."""
        player = self.player(action)
        if action.get("type") == SITS_OUT_FOLDS and player in table.live([player]):
            table.fold(player, action.line)
            return
        table.events.append(TableEvent(line=action.line, player=player,
                                       kind=TableEventKind.SITTING_OUT,
                                       text=f"action type {action.get('type')}"))

    def action(self, table: ChipTable, action: Element) -> None:
        kind = action.need("type")
        player = self.player(action)
        line = action.line
        if kind == FOLD:
            table.fold(player, line)
        elif kind == CHECK:
            table.check(player, line)
        elif kind == RAISE_BY:  # the chips the raise adds (the 2011 files' "Raise")
            table.raise_to(player, table.totals.get(player, 0) + self.money(action.get("sum"),
                                                                            line), line)
        elif kind in _CHIP_ACTIONS:
            _CHIP_ACTIONS[kind](table, player, self.money(action.get("sum"), line), line)
        elif kind in (SITS_OUT, SITS_OUT_FOLDS):
            self.sits_out(table, action)
        elif kind == ANTE:
            raise HandParseError(f"an ante (action no {action.get('no')}) after the first deal",
                                 line=line)
        elif kind in BLINDS:
            raise HandParseError(f"a {ACTION_TYPES[kind]} (action type {kind}) in a stud hand",
                                 line=line)
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
"""The iPoker XML format, as registered in :data:`stud_hh.read.sites.DOCUMENTS`."""
