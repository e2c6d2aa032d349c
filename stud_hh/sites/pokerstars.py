"""PokerStars: header reader and the transformer for ``grammar/pokerstars.lark``.

The grammar gives the structure of a hand, one terminal per line; the
callbacks below run inside the LALR parser (``Lark(transformer=...)``), in the
order of the lines, and take each line apart with ``str`` methods. Nothing
here decides what an action means under the rules: a completion stays the
``bets``/``raises`` the site printed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from stud_hh.cards import MaybeCard, parse_cards
from stud_hh.errors import HandParseError
from stud_hh.events import (
    Announcement,
    Bet,
    BoardSummary,
    BringIn,
    Call,
    Chat,
    Check,
    Collect,
    Deal,
    Fold,
    Game,
    HandEvent,
    Limit,
    Muck,
    NoShow,
    PostAnte,
    PotKind,
    PotSummary,
    Raise,
    Seat,
    SeatOutcome,
    SeatSummary,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    SummaryStart,
    TableEvent,
    TableEventKind,
    UncalledReturned,
)
from stud_hh.money import CURRENCY_SYMBOLS, parse_amount
from stud_hh.sites.headers import to_utc

SITE = "PokerStars"

HAND_START = re.compile(r"(?i:pokerstars)\b[^\n#]*#\d+")
"""A line that opens a PokerStars hand (also matches the upper-case re-export)."""

_HEAD = re.compile(
    r"(?i)(?P<site>pokerstars)(?P<home> home game)?(?: zoom)? (?:game|hand) #(?P<id>\d+):\s*"
)
_CLUB = re.compile(r"\{(?P<club>[^}]*)\}\s*")
_TOURNAMENT = re.compile(
    r"(?i)tournament #(?P<tid>\d+),\s*(?P<buyin>freeroll|\S+)(?:\s+(?P<cur>[A-Z]{3})(?=\s))?\s+"
)
_PAREN = re.compile(r"(?P<name>.*?)\s*\((?P<paren>[^()]*)\)$")
_STAKES = re.compile(
    r"(?P<sb>[^\s/]*\d[^\s/]*)/(?P<bb>[^\s/]*\d[^\s/]*)(?:\s+(?P<cur>[A-Za-z]{3}))?$"
)
_GAME_LIMIT = re.compile(r"(?i)(?P<game>.+?)\s+(?P<limit>fixed limit|pot limit|no limit|limit)$")
_LEVEL = re.compile(
    r"(?i)(?:match round (?P<round>\w+),\s*)?level (?P<level>[ivxlcdm\d]+)"
    r"(?:\s*\((?P<stakes>[^()]*)\))?"
)
_DATE = re.compile(
    r"(?P<d>\d{4}[/-]\d{1,2}[/-]\d{1,2})(?:\s+-\s+|\s+)(?P<t>\d{1,2}:\d{2}:\d{2})\s*"
    r"\(?(?P<tz>[A-Za-z]{2,5})?\)?"
    r"(?:\s*\[(?P<d2>\d{4}[/-]\d{1,2}[/-]\d{1,2})\s+(?P<t2>\d{1,2}:\d{2}:\d{2})\s+"
    r"(?P<tz2>[A-Za-z]{2,5})\])?"
)
_TABLE = re.compile(r"(?i)table '(?P<name>.*)'\s*(?:(?P<max>\d+)-max)?")

STUD_GAMES: dict[str, Game] = {
    "7 card stud": Game.STUD,
    "7 card stud hi/lo": Game.STUD8,
    "7 card stud hi-lo": Game.STUD8,
    "razz": Game.RAZZ,
    "5 card stud": Game.FIVE_STUD,
    "2-7 razz": Game.RAZZ_27,
}
_LIMITS = {
    "limit": Limit.FIXED,
    "fixed limit": Limit.FIXED,
    "pot limit": Limit.POT,
    "no limit": Limit.NO_LIMIT,
}


@dataclass(frozen=True, slots=True)
class HeaderFields:
    """What the first line of a hand says, before the game is known to be stud."""

    hand_id: str
    game_text: str
    game: Game | None
    fields: dict[str, Any]


def read_header(line: str) -> HeaderFields:
    """Take apart a PokerStars header line.

    Raises :class:`HandParseError` (without location: the caller adds it)
    when the line is not a PokerStars header.

    >>> h = read_header("PokerStars Hand #91733835979: Tournament #664712833, $2.00+$0.20 USD "
    ...                 "Triple Stud (7 Card Stud Limit) - Level XXXI (250/500) - "
    ...                 "2013/01/03 16:27:43 EET [2013/01/03 9:27:43 ET]")
    >>> h.hand_id, h.game, h.fields["mixed_game"], h.fields["small_bet"], h.fields["level"]
    ('91733835979', <Game.STUD: 'stud'>, 'Triple Stud', 250, 'XXXI')
    >>> h.fields["buy_in"], h.fields["fee"], h.fields["started_at"].isoformat()
    (200, 20, '2013-01-03T14:27:43+00:00')
    >>> read_header("PokerStars Hand #1: 8-Game (Hold'em Limit, $400/$800 USD) - "
    ...             "2017/01/21 16:58:03 ET").game is None
    True
    """
    head = _HEAD.match(line)
    if head is None:
        raise HandParseError("not a PokerStars hand header", text=line)
    hand_id = head.group("id")
    rest = line[head.end():]
    fields: dict[str, Any] = {
        "site": SITE,
        "hand_id": hand_id,
        "home_club": None,
        "tournament_id": None,
        "buy_in": None,
        "fee": None,
        "bounty": None,
        "buy_in_currency": None,
        "level": None,
        "match_round": None,
        "mixed_game": None,
    }
    club = _CLUB.match(rest)
    if club:
        fields["home_club"] = club.group("club")
        rest = rest[club.end():]
    tour = _TOURNAMENT.match(rest)
    buy_in_text = None
    if tour:
        fields["tournament_id"] = tour.group("tid")
        buy_in_text = tour.group("buyin")
        fields["buy_in_currency"] = tour.group("cur")
        rest = rest[tour.end():]
    parts = rest.split(" - ")
    game_part = parts[0].strip()
    level_text = None
    date_parts = []
    for part in parts[1:]:
        if level_text is None and _LEVEL.match(part.strip()):
            level_text = part.strip()
        else:
            date_parts.append(part)
    stakes_text = None
    game_name = game_part
    paren = _PAREN.match(game_part)
    if paren:
        inner = paren.group("paren")
        outer = paren.group("name")
        if "," in inner:  # 8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD)
            fields["mixed_game"] = outer
            game_name, _, stakes_text = (x.strip() for x in inner.partition(","))
        elif _STAKES.match(inner.strip()) or _GAME_LIMIT.match(outer):
            # 7 Card Stud Limit ($0.04/$0.08 USD); a game with a limit before the
            # brackets means the brackets hold stakes, readable or not
            game_name, stakes_text = outer, inner.strip()
        else:  # Triple Stud (7 Card Stud Limit)
            fields["mixed_game"] = outer
            game_name = inner.strip()
    game_limit = _GAME_LIMIT.match(game_name)
    if game_limit:
        base = game_limit.group("game").strip()
        limit = _LIMITS[game_limit.group("limit").lower()]
    else:
        base, limit = game_name, Limit.FIXED
    game = STUD_GAMES.get(base.lower())
    fields["game_text"] = game_name
    fields["limit"] = limit
    if game is None:
        return HeaderFields(hand_id, game_name, None, fields)
    fields["game"] = game

    if level_text is not None:
        level = _LEVEL.match(level_text)
        assert level is not None
        fields["level"] = level.group("level").upper()
        fields["match_round"] = level.group("round")
        if stakes_text is None:
            stakes_text = level.group("stakes")
    if stakes_text is None:
        raise HandParseError(f"no stakes in the header of game {game_name!r}", text=line,
                             hand_id=hand_id)
    stakes = _STAKES.match(stakes_text.strip())
    if stakes is None:
        raise HandParseError(f"unreadable stakes {stakes_text!r}", text=line, hand_id=hand_id)
    sb_text, bb_text = stakes.group("sb"), stakes.group("bb")
    currency = stakes.group("cur")
    if currency:
        currency = currency.upper()
    else:
        currency = next((c for s, c in CURRENCY_SYMBOLS.items() if s in sb_text), None)
    tournament = fields["tournament_id"] is not None
    if tournament:
        currency = None  # tournament stakes are chips
    scale = 100 if currency else 1
    try:
        fields["small_bet"] = parse_amount(sb_text, scale)
        fields["big_bet"] = parse_amount(bb_text, scale)
    except ValueError as exc:
        raise HandParseError(f"unreadable stakes {stakes_text!r}: {exc}", text=line,
                             hand_id=hand_id) from None
    fields["currency"] = currency
    fields["scale"] = scale
    fields["play_money"] = currency is None and not tournament

    if buy_in_text is not None:
        _read_buy_in(buy_in_text, fields)

    when = _DATE.search(" - ".join(date_parts))
    fields["started_at"] = None
    fields["started_local"] = None
    try:
        _read_time(when, fields)
    except ValueError as exc:
        raise HandParseError(f"impossible start time in the header: {exc}", text=line,
                             hand_id=hand_id) from None
    return HeaderFields(hand_id, game_name, game, fields)


def _read_time(when: re.Match[str] | None, fields: dict[str, Any]) -> None:
    """The printed local time, and the start in UTC (from the ET time when both are given)."""
    if when:
        fields["started_local"] = " ".join(
            x for x in (when.group("d"), when.group("t"), when.group("tz")) if x
        )
        if when.group("d2"):
            fields["started_at"] = to_utc(when.group("d2"), when.group("t2"), when.group("tz2"))
        if fields["started_at"] is None and when.group("tz"):
            fields["started_at"] = to_utc(when.group("d"), when.group("t"), when.group("tz"))


def _read_buy_in(text: str, fields: dict[str, Any]) -> None:
    """``$2.00+$0.20``, ``$10+$10+$2`` (bounty), ``100+9``, ``Freeroll``."""
    if text.lower() == "freeroll":
        fields["buy_in"] = fields["fee"] = 0
        return
    pieces = text.split("+")
    symbol_currency = next((c for s, c in CURRENCY_SYMBOLS.items() if s in text), None)
    currency = fields["buy_in_currency"] or symbol_currency
    fields["buy_in_currency"] = currency
    scale = 100 if currency else 1
    try:
        amounts = [parse_amount(p, scale) for p in pieces]
    except ValueError:
        return
    if currency is None:
        fields["play_money"] = True
    if len(amounts) == 1:
        fields["buy_in"], fields["fee"] = amounts[0], 0
    elif len(amounts) == 2:
        fields["buy_in"], fields["fee"] = amounts
    else:
        fields["buy_in"], fields["bounty"], fields["fee"] = amounts[0], amounts[1], amounts[-1]


_TABLE_EVENT_KINDS: tuple[tuple[str, TableEventKind], ...] = (
    (" joins the table at seat #", TableEventKind.JOINS),
    (" leaves the table", TableEventKind.LEAVES),
    (" is disconnected", TableEventKind.DISCONNECTED),
    (" is connected", TableEventKind.CONNECTED),
    (" has timed out", TableEventKind.TIMED_OUT),
    (" is sitting out", TableEventKind.SITTING_OUT),
    (" sits out", TableEventKind.SITTING_OUT),
    (" has returned", TableEventKind.RETURNED),
    (" was removed from the table", TableEventKind.REMOVED),
    (" finished the tournament", TableEventKind.FINISHED),
    (" wins the tournament", TableEventKind.FINISHED),
)

_FOLDED_ON = {
    "3rd street": Street.THIRD,
    "4th street": Street.FOURTH,
    "5th street": Street.FIFTH,
    "6th street": Street.SIXTH,
    "river": Street.SEVENTH,
    "7th street": Street.SEVENTH,
}

_ANNOUNCEMENTS = {
    "Betting is capped": "capped",
    "Pair on board - a double bet is allowed": "pair_on_board",
    "No low hand qualified": "no_low",
}


class LineError(Exception):
    """Raised inside a callback: a line matched the grammar but its fields do not read."""

    def __init__(self, reason: str, line: int) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line


class PokerStarsBuilder:
    """The parser's callbacks: one per grammar rule, appending events in line order.

    One builder serves one parser; :meth:`begin` resets it for each hand. Token
    values are read with ``.value`` so the same code runs on lark and
    lark-cython tokens.
    """

    def __init__(self) -> None:
        self.events: list[HandEvent] = []
        self.seats: list[Seat] = []
        self.lines: tuple[int, ...] = ()
        self.scale = 1
        self.game = Game.STUD
        self.street = Street.THIRD
        self.names: set[str] = set()
        self.warnings: list[str] = []
        self.header_fields: dict[str, Any] = {}
        self.table_line: int = 0
        self.table_name = ""
        self.max_seats: int | None = None

    def begin(self, fields: dict[str, Any], lines: tuple[int, ...]) -> None:
        self.events = []
        self.seats = []
        self.lines = lines
        self.scale = fields["scale"]
        self.game = fields["game"]
        self.street = Street.THIRD
        self.names = set()
        self.warnings = []
        self.header_fields = fields
        self.table_name = ""
        self.max_seats = None
        self.table_line = 0

    # -- helpers ---------------------------------------------------------------
    def _line(self, token: Any) -> int:
        n: int = token.line
        lines = self.lines
        return lines[n - 1] if 0 < n <= len(lines) else n

    def _amount(self, text: str, token: Any) -> int:
        try:
            return parse_amount(text, self.scale)
        except ValueError as exc:
            raise LineError(str(exc), token.line) from None

    def _cards(self, text: str, token: Any) -> tuple[MaybeCard, ...]:
        cards = parse_cards(text)
        if None in cards:
            bad = [c for c, ok in zip(text.split(), cards, strict=True) if ok is None]
            self.warnings.append(
                f"line {self._line(token)}: unreadable card(s) {' '.join(bad)!r} kept as unknown"
            )
        return cards

    @staticmethod
    def _split_all_in(text: str) -> tuple[str, bool]:
        if text.endswith(" and is all-in"):
            return text[: -len(" and is all-in")], True
        return text, False

    # -- header and seats --------------------------------------------------------
    def TABLE(self, table_token: Any) -> None:
        value = table_token.value.rstrip("\n")
        match = _TABLE.match(value)
        if match is None:  # pragma: no cover - the terminal guarantees the shape
            raise LineError("unreadable table line", table_token.line)
        self.table_name = match.group("name")
        self.max_seats = int(match.group("max")) if match.group("max") else None
        self.table_line = self._line(table_token)

    def SEAT(self, token: Any) -> None:
        value: str = token.value.rstrip("\n")
        number_text, _, rest = value[5:].partition(": ")
        name, sep, chips = rest.rpartition(" (")
        if not sep:
            raise LineError("unreadable seat line", token.line)
        # "($1.46 in chips)" possibly followed by "is sitting out" / "out of hand ..."
        chips_text, _, after = chips.partition(" in chips")
        chips_text = chips_text.strip()
        if "(" in name and name.count("(") > name.count(")"):
            raise LineError("unreadable seat line", token.line)
        stack = self._amount(chips_text, token)
        sitting_out = "sitting out" in after or "out of hand" in after
        seat = Seat(seat=int(number_text), name=name, stack=stack, sitting_out=sitting_out,
                    line=self._line(token))
        if name in self.names:
            raise LineError(f"player {name!r} is seated twice", token.line)
        self.names.add(name)
        self.seats.append(seat)

    # -- antes, streets, actions ------------------------------------------------
    def ANTE(self, token: Any) -> None:
        text, all_in = self._split_all_in(token.value.rstrip("\n"))
        name, _, amount = text.rpartition(": posts ")
        amount = amount.rpartition(" ")[2]
        self.events.append(PostAnte(line=self._line(token), player=name,
                                    amount=self._amount(amount, token), all_in=all_in))

    def _street(self, token: Any, street: Street) -> None:
        self.street = street
        value: str = token.value
        common: MaybeCard = None
        has_common = False
        if "[" in value:
            cards = self._cards(value[value.index("[") + 1 : value.rindex("]")], token)
            has_common = True
            common = cards[0] if len(cards) == 1 else None
            if len(cards) != 1:
                raise LineError("a common card line must show exactly one card", token.line)
        self.events.append(StreetStart(line=self._line(token), street=street, common=common,
                                       has_common=has_common))

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
        self.events.append(ShowdownStart(line=self._line(token)))

    def DEAL(self, token: Any) -> None:
        value: str = token.value[9:].rstrip("\n")  # after "Dealt to "
        # "NAME [new]" or "NAME [known] [new]"; a name may itself end in "]".
        head, _, new = value[:-1].rpartition(" [")
        known_text = None
        name = head
        if head not in self.names and head.endswith("]") and " [" in head:
            maybe_name, _, known = head[:-1].rpartition(" [")
            if maybe_name in self.names or head not in self.names:
                name, known_text = maybe_name, known
        cards = self._cards(new, token)
        known_cards = self._cards(known_text, token) if known_text is not None else ()
        face_up = _face_up(self.game, self.street, len(cards), len(known_cards))
        self.events.append(Deal(line=self._line(token), player=name, street=self.street,
                                cards=cards, face_up=face_up, known=known_cards))

    def BRING_IN(self, token: Any) -> None:
        text, all_in = self._split_all_in(token.value.rstrip("\n"))
        name, _, amount = text.rpartition(": brings in for ")
        self.events.append(BringIn(line=self._line(token), player=name,
                                   amount=self._amount(amount, token), all_in=all_in))

    def BET(self, token: Any) -> None:
        text, all_in = self._split_all_in(token.value.rstrip("\n"))
        name, _, amount = text.rpartition(": bets ")
        self.events.append(Bet(line=self._line(token), player=name,
                               amount=self._amount(amount, token), all_in=all_in))

    def RAISE(self, token: Any) -> None:
        text, all_in = self._split_all_in(token.value.rstrip("\n"))
        name, _, amounts = text.rpartition(": raises ")
        by, _, to = amounts.partition(" to ")
        self.events.append(Raise(line=self._line(token), player=name,
                                 by=self._amount(by, token), to=self._amount(to, token),
                                 all_in=all_in))

    def CALL(self, token: Any) -> None:
        text, all_in = self._split_all_in(token.value.rstrip("\n"))
        name, _, amount = text.rpartition(": calls ")
        self.events.append(Call(line=self._line(token), player=name,
                                amount=self._amount(amount, token), all_in=all_in))

    def CHECK(self, token: Any) -> None:
        self.events.append(Check(line=self._line(token), player=token.value[:-9]))

    def FOLD(self, token: Any) -> None:
        name = token.value.rstrip("\n").rpartition(": folds")[0]
        self.events.append(Fold(line=self._line(token), player=name))

    def UNCALLED(self, token: Any) -> None:
        value: str = token.value.rstrip("\n")
        amount, _, name = value[len("Uncalled bet ("):].partition(") returned to ")
        self.events.append(UncalledReturned(line=self._line(token), player=name,
                                            amount=self._amount(amount, token)))

    def COLLECT(self, token: Any) -> None:
        value: str = token.value.rstrip("\n")
        name, _, rest = value.rpartition(" collected ")
        amount, _, pot_text = rest.partition(" from ")
        pot = PotKind.POT
        index = None
        if pot_text.startswith("main"):
            pot = PotKind.MAIN
        elif pot_text.startswith("side"):
            pot = PotKind.SIDE
            if "-" in pot_text:
                index = int(pot_text.rpartition("-")[2])
        self.events.append(Collect(line=self._line(token), player=name,
                                   amount=self._amount(amount, token), pot=pot, pot_index=index))

    def SHOW(self, token: Any) -> None:
        value: str = token.value.rstrip("\n")
        name, _, rest = value.rpartition(": shows [")
        if name not in self.names and ": shows [" in name:
            # the description contained ": shows [" (never seen); keep the first split
            name, _, rest = value.partition(": shows [")
        cards_text, _, description = rest.partition("]")
        description = description.strip()
        if description.startswith("(") and description.endswith(")"):
            description = description[1:-1]
        self.events.append(Show(line=self._line(token), player=name,
                                cards=self._cards(cards_text, token),
                                description=description or None))

    def MUCK(self, token: Any) -> None:
        value: str = token.value.rstrip("\n")
        name, _, rest = value.rpartition(": mucks hand")
        cards = self._cards(rest.strip()[1:-1], token) if rest.strip() else ()
        self.events.append(Muck(line=self._line(token), player=name, cards=cards))

    def NO_SHOW(self, token: Any) -> None:
        name = token.value.rstrip("\n").rpartition(": doesn't show hand")[0]
        self.events.append(NoShow(line=self._line(token), player=name))

    # -- noise ------------------------------------------------------------------
    def CHAT(self, token: Any) -> None:
        value: str = token.value.rstrip("\n")
        name, _, said = value.partition(' said, "')
        if name not in self.names:  # a name containing ' said, "' (or an observer)
            for candidate in self.names:
                if value.startswith(candidate + ' said, "'):
                    name, said = candidate, value[len(candidate) + 8 :]
                    break
        self.events.append(Chat(line=self._line(token), player=name, text=said[:-1]))

    def TABLE_EVENT(self, token: Any) -> None:
        value: str = token.value.rstrip("\n")
        found = next(((value.find(marker), kind) for marker, kind in _TABLE_EVENT_KINDS
                      if value.find(marker) > 0), None)
        if found is None:
            name, kind = value.partition(" ")[0], TableEventKind.OTHER
        else:
            name, kind = value[: found[0]], found[1]
        if name.endswith(":"):
            name = name[:-1]
        self.events.append(TableEvent(line=self._line(token), player=name, kind=kind,
                                      text=value))

    def ANNOUNCE(self, token: Any) -> None:
        value: str = token.value.rstrip("\n")
        self.events.append(Announcement(line=self._line(token),
                                        kind=_ANNOUNCEMENTS.get(value, "other"), text=value))

    # -- summary ------------------------------------------------------------------
    def SUMMARY(self, token: Any) -> None:
        self.events.append(SummaryStart(line=self._line(token)))

    def TOTAL_POT(self, token: Any) -> None:
        value: str = token.value.rstrip("\n")
        pots, _, rake_text = value[len("Total pot "):].partition("|")
        rake_text = rake_text.strip()
        rake = 0
        if rake_text.startswith("Rake "):
            rake = self._amount(rake_text[5:].split()[0], token)
        words = pots.split()
        total = self._amount(words[0], token)
        main: int | None = None
        sides: list[int] = []
        i = 1
        while i < len(words):
            word = words[i].lower()
            if word == "main" and i + 2 < len(words):
                main = self._amount(words[i + 2].rstrip("."), token)
                i += 3
            elif word.startswith("side") and i + 2 < len(words):
                sides.append(self._amount(words[i + 2].rstrip("."), token))
                i += 3
            else:
                i += 1
        self.events.append(PotSummary(line=self._line(token), total=total, main=main,
                                      sides=tuple(sides), rake=rake))

    def BOARD(self, token: Any) -> None:
        value: str = token.value.rstrip("\n")
        self.events.append(BoardSummary(line=self._line(token),
                                        cards=self._cards(value[7:-1], token)))

    def SEAT_SUMMARY(self, token: Any) -> None:
        value: str = token.value.rstrip("\n")
        number_text, _, rest = value[5:].partition(": ")
        name = _summary_name(rest, self.names)
        tail = rest[len(name):].strip()
        # strip position notes like "(button)", "(bring-in)"
        while tail.startswith("("):
            tail = tail[tail.index(")") + 1 :].strip() if ")" in tail else ""
        outcome = SeatOutcome.OTHER
        street: Street | None = None
        cards: tuple[MaybeCard, ...] = ()
        won: int | None = None
        description: str | None = None
        if tail.startswith("folded on the "):
            outcome = SeatOutcome.FOLDED
            where = tail[len("folded on the "):].split(" (")[0].lower()
            street = _FOLDED_ON.get(where)
        elif tail.startswith(("showed [", "mucked [")):
            outcome = SeatOutcome.MUCKED if tail.startswith("mucked") else SeatOutcome.SHOWED_LOST
            cards_text, _, after = tail[tail.index("[") + 1 :].partition("]")
            cards = self._cards(cards_text, token)
            after = after.strip()
            if after.startswith("and won ("):
                outcome = SeatOutcome.SHOWED_WON
                won_text, _, after = after[len("and won ("):].partition(")")
                won = self._amount(won_text, token)
                after = after.strip()
            elif after.startswith("and lost"):
                after = after[len("and lost"):].strip()
            if after.startswith("with "):
                description = after[5:]
        elif tail.startswith("collected ("):
            outcome = SeatOutcome.COLLECTED
            won = self._amount(tail[len("collected ("):].partition(")")[0], token)
        self.events.append(SeatSummary(line=self._line(token), player=name,
                                       seat=int(number_text), outcome=outcome, street=street,
                                       cards=cards, won=won, description=description,
                                       text=value))

    # -- the structural rules carry nothing: events are already recorded ----------
    def _nothing(self, children: list[Any]) -> None:
        return None

    start = third = fourth = fifth = sixth = river = showdown = summary = body = _nothing


def _summary_name(rest: str, names: set[str]) -> str:
    """The longest seated name that ``rest`` starts with (names may hold spaces)."""
    best = ""
    for name in names:
        if rest.startswith(name) and len(name) > len(best):
            rest_after = rest[len(name):]
            if not rest_after or rest_after[0] == " ":
                best = name
    if best:
        return best
    for marker in (" folded on", " showed [", " mucked [", " collected (", " ("):
        at = rest.find(marker)
        if at > 0:
            return rest[:at]
    return rest


def _face_up(game: Game, street: Street, count: int, known: int) -> tuple[bool, ...]:
    """Which of ``count`` newly dealt cards are face up, by the game's dealing rules."""
    if game is Game.FIVE_STUD:
        if street is Street.THIRD and count == 2:
            return (False, True)
        return (True,) * count
    if street is Street.THIRD:
        if count == 3:
            return (False, False, True)
        return (True,) * count
    if street is Street.SEVENTH:
        return (False,) * count
    return (True,) * count
