"""PartyPoker: header reader and the transformer for ``grammar/partypoker.lark``.

The format is catalogued in ``docs/formats/partypoker.md``. PartyPoker's
histories leave out facts the other sites print:

* an opponent's cards are never dealt in the text, up cards included: only the
  hero gets :class:`~stud_hh.model.events.Deal` events, and the others' cards are
  known only if they are shown at the end. Nothing is made up: the replayer
  reports the checks that need the missing boards as *unverifiable*;
* there is no uncalled-bet line, no pot total, no rake and no summary: no
  :class:`~stud_hh.model.events.PotSummary` is made (a winner's ``wins`` amount
  includes a bet nobody called);
* there is no showdown header: the builder opens the showdown
  (:class:`~stud_hh.model.events.ShowdownStart`) at the first line that turns cards
  over (``shows [..]`` or ``doesn't show [..]``).

Amounts are the chips a player adds: ``raises [$2 USD]`` adds $2 to what the
player had in on the street; the builder turns that into the shared
``Raise(by, to)`` / ``Complete(to)`` from the street's printed amounts, and
tells what an ``is all-In [..]`` was (a call, bring-in, completion, bet or
raise) the same way.

A hand opens with up to three lines (``Game #N starts.``, ``#Game No : N``, the
banner), any of which may come first; the splitter joins them
(:func:`stud_hh.read.parse.join_openings`) and the hand's id is the banner's.
"""

from __future__ import annotations

import re
from typing import Any

from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
    Announcement,
    Collect,
    Game,
    Limit,
    Muck,
    PotKind,
    ShowdownStart,
    Street,
    TableEventKind,
)
from stud_hh.model.money import CURRENCY_SYMBOLS, parse_amount
from stud_hh.model.names import SeatNames, not_seated
from stud_hh.read.sites.common import (
    HeaderFields,
    LineError,
    SiteBuilder,
    classify_line,
    header_fields,
)
from stud_hh.read.sites.games import stud_name
from stud_hh.read.sites.headers import header_time
from stud_hh.read.sites.noise import NoiseShape

SITE: str = "PartyPoker"

_ACTION_TEXT = (r"(?:folds|checks|calls|bets|raises|completes|bring-ins|double bets|is all-In"
                r"|posts|shows|doesn't show|does not show|wins|opens|Forward Folds)\b")
"""How an action's text begins: a ``name: text`` line whose text begins so is no chat."""

_K = TableEventKind
NOISE: tuple[NoiseShape, ...] = (
    # chat: a name (never a seat line, the table line, a tournament's "Trny: N Level: N"
    # or the deal to a player whose name ends in a colon: "Dealt to Al: [ 4h ]") and what
    # was said
    NoiseShape(r"(?P<name>(?![Ss]eat ?\d|Table |Trny\b|#Game |Dealt to .* \[ [^\[\]\n]* \]$)"
               r"[^:\n]*[^: \n])(?<!Trny)(?<!Level): (?P<text>.*)", exclude=_ACTION_TEXT),
    NoiseShape(r"(?P<name>.+?) has joined the table\.?", _K.JOINS),
    NoiseShape(r"(?P<name>.+?) has left the table\.?", _K.LEAVES),
    NoiseShape(r"(?P<name>.+?) is sitting out", _K.SITTING_OUT),
    NoiseShape(r"(?P<name>.+?) has been reconnected", _K.CONNECTED),
    NoiseShape(r"(?P<name>.+?) did not respond in time", _K.TIMED_OUT),
    NoiseShape(r"(?P<name>.+?) could not respond in time\.\(disconnected\)", _K.DISCONNECTED),
    NoiseShape(r"(?P<name>.+?) is disconnected\. We will wait for .+ to reconnect for a "
               r"maximum of \d+ seconds\.", _K.DISCONNECTED),
    NoiseShape(r"(?P<name>.+?) will be using (?:his|her) time bank for this hand\.", _K.OTHER),
    NoiseShape(r"Your time bank will be activated in \d+ secs?\. If you do not want it to be "
               r"used, please act now\.", _K.OTHER),
    NoiseShape(r"Connection Lost due to some reason", _K.DISCONNECTED),
    NoiseShape(r"Table Closed", _K.OTHER),
    NoiseShape(r">You have options at Table .*!\.", _K.OTHER),
    NoiseShape(r"Player (?P<name>.+?) finished in \d[\d ]*"
               r"(?:\.| place and received [$€£]?[\d.,]+ [A-Z]{3})", _K.FINISHED),
    NoiseShape(r"Congratulations to player (?P<name>.+?) for winning tournament.*", _K.FINISHED),
    NoiseShape(r"(?P<name>.+?) Forward Folds", _K.OTHER),
)
"""The shapes of this site's chat, table-traffic and notice lines (see
:mod:`stud_hh.read.sites.noise`); docs/formats/partypoker.md catalogues them."""

HAND_START: re.Pattern[str] = re.compile(
    r"(?:Game #\d+ starts\.|#Game No : \d+|"
    r"\*{5} Hand History [Ff]or Game \w+ \*{5}(?: \([^()\n]*\))?)(?=\n|$)")
"""A line that opens a PartyPoker hand: ``Game #N starts.``, ``#Game No : N`` or the
``***** Hand History for Game N *****`` banner, whichever comes first (the first two
are :data:`OPENING` lines: the splitter joins them to the banner's hand). Each is the
whole line, so that no player called ``Game #1 starts.`` starts a hand with his actions.

>>> [bool(HAND_START.match(t)) for t in ("Game #9581478205 starts.", "#Game No : 9581478205",
...  "Game #1 starts. calls [$1 USD]")]
[True, True, False]
"""

OPENING: re.Pattern[str] = re.compile(r"(?:Game #\d+ starts\.|#Game No : \d+)(?=\n|$)")
"""The lines printed before a hand's banner (:attr:`~stud_hh.read.sites.Dialect.opening`)."""

HEADER_LINES: int = 32
"""Lines :func:`read_header` reads: the opening, the game line, the table and the seats
(up to ten), and a tournament's ``Trny:`` and ``Stakes-Antes(...)`` lines after them."""

_OPENING_ID = re.compile(r"Game #(?P<id>\d+) starts\.|#Game No : (?P<no>\d+)")
_BANNER = re.compile(r"\*{5} (?:(?P<brand>\S.*?) )?Hand History (?P<for>[Ff]or) Game "
                     r"(?P<id>\w+) \*{5}(?: \((?P<site>[^()]*)\))?")
_STUD = re.compile(r"(?:(?<=\s)|^)(?:(?P<limit>FL|NL|PL) +)?"
                   r"(?P<game>7 Card Stud Hi-Lo|7 Card Stud|Razz)(?=\s|-|$)")
_DATE = re.compile(r"\s*-\s*[A-Za-z]+,\s*(?P<month>[A-Za-z]+)\s+(?P<day>\d{1,2}),\s+"
                   r"(?P<time>\d{1,2}:\d{2}:\d{2})\s+(?:(?P<tz>[A-Z]{1,6})\s+)?(?P<year>\d{4})$")
_CASH = re.compile(r"(?P<sb>[$€£]?\d[\d.,]*)/(?P<bb>[$€£]?\d[\d.,]*) +(?:(?P<cur>[A-Z]{3}) +)?")
_BUY_IN = re.compile(r"(?P<buy>[$€£] ?\d[\d.,]*)(?: (?P<cur>[A-Z]{3}))? Buy-in"
                     r"(?: +\+ (?P<fee>[$€£]?\d[\d.,]*) Entry Fee)?")
_TRNY = re.compile(r"Trny: ?(?P<tid>\d+) +Level: ?(?P<level>\d+)")
_STAKES = re.compile(r"(?:Stakes|Blinds)(?:-Antes)?\((?P<sb>\d[\d., ]*?) ?/ ?(?P<bb>\d[\d., ]*?)"
                     r"(?: ?- ?(?P<ante>\d[\d., ]*?))?\)")
_TABLE = re.compile(r"Table (?P<name>.+?) (?:\(No DP\) )?\( ?(?P<money>Real|Play) Money ?\)")
_MONTHS = {m: i for i, m in enumerate(
    ("January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"), start=1)}
_MONTHS.update({m[:3]: i for m, i in list(_MONTHS.items())})
STUD_GAMES = {"7 Card Stud": Game.STUD, "7 Card Stud Hi-Lo": Game.STUD8, "Razz": Game.RAZZ}


def read_header(text: str) -> HeaderFields:
    """Take apart the opening lines of a PartyPoker hand (up to :data:`HEADER_LINES`).

    >>> h = read_header("Game #10399817763 starts.\\n#Game No : 10399817763\\n"
    ...                 "***** Hand History for Game 10399817763 *****\\n"
    ...                 "$0.50/$1 USD 7 Card Stud - Monday, April 25, 14:20:12 EDT 2011\\n"
    ...                 "Table Table  136419 (Real Money)")
    >>> h.hand_id, h.game, h.fields["small_bet"], h.fields["big_bet"], h.fields["currency"]
    ('10399817763', <Game.STUD: 'stud'>, 50, 100, 'USD')
    >>> h.fields["started_at"].isoformat()
    '2011-04-25T18:20:12+00:00'
    >>> t = read_header("#Game No : 1\\n***** Hand History for Game 1 *****\\n"
    ...                 "FL 7 Card Stud $6 USD Buy-in Trny:69784932 Level:2  "
    ...                 "Stakes-Antes(60/120-10) - Wednesday, May 30, 14:41:43 EDT 2012\\n"
    ...                 "Table Regular (2629813) Table #2"
    ...                 " (Real Money)\\nSeat 1: Hero ( 2,930 )\\nTrny:69784932 Level:3\\n"
    ...                 "Stakes-Antes(100/200-20)")
    >>> t.fields["tournament_id"], t.fields["level"], t.fields["small_bet"], t.fields["buy_in"]
    ('69784932', '3', 100, 600)
    >>> read_header("#Game No : 2\\n***** Hand History for Game 2 *****\\n"
    ...             "$4 USD NL Texas Hold'em - Tuesday, July 31, 21:08:37 EST 2012").game is None
    True

    Raises :class:`HandParseError` (without location: the caller adds it) for a
    header it cannot read, a stud hand of a format it does not read, or opening
    lines with no hand after them.
    """
    lines = text.split("\n")
    banner_at = next((i for i, line in enumerate(lines) if _BANNER.fullmatch(line)), None)
    if banner_at is None:
        opening = _OPENING_ID.fullmatch(lines[0])
        if opening is None:
            raise HandParseError("not a PartyPoker hand header", text=lines[0])
        raise HandParseError(
            "a hand announced but never written: no '***** Hand History for Game' line "
            "follows its opening", text=lines[0], hand_id=opening["id"] or opening["no"])
    banner = _BANNER.fullmatch(lines[banner_at])
    assert banner is not None
    hand_id = banner["id"]
    game_line = lines[banner_at + 1] if banner_at + 1 < len(lines) else ""
    fields = header_fields(SITE, hand_id, "", limit=Limit.FIXED)
    if banner["brand"]:  # 888poker's near-identical text: another site
        return HeaderFields(hand_id, f"{banner['brand']}: {game_line}", None, fields)
    other = _other_format(banner, game_line)
    if other is not None:
        if stud_name(game_line):
            raise HandParseError(f"{other} is not read for stud: no stud hand of it is known",
                                 text=lines[banner_at], hand_id=hand_id)
        return HeaderFields(hand_id, game_line, None, fields)
    stud = _STUD.search(game_line)
    if stud is None:  # another game (hold'em, Omaha), named by its line without the date
        return HeaderFields(hand_id, game_line.split(" - ")[0], None, fields)
    game_text = stud["game"]
    fields.update(game_text=game_text, game=STUD_GAMES[game_text])
    if stud["limit"] in ("NL", "PL"):
        raise HandParseError(f"{stud['limit']} {game_text}: PartyPoker is known to deal stud in "
                             "fixed limit only; not read", text=game_line, hand_id=hand_id)
    try:
        date = _read_game_line(game_line, lines[banner_at + 2:], fields)
    except (ValueError, KeyError) as exc:
        raise HandParseError(f"unreadable header: {exc}", text=game_line,
                             hand_id=hand_id) from None
    day = f"{date['year']}/{_MONTHS[date['month']]}/{date['day']}"
    zone = date["tz"] or ""
    fields["started_local"] = f"{day} {date['time']}" + (f" {zone}" if zone else "")
    fields["started_at"] = header_time(day, date["time"], zone, line=game_line, hand_id=hand_id)
    return HeaderFields(hand_id, game_text, STUD_GAMES[game_text], fields)


def _other_format(banner: re.Match[str], game_line: str) -> str | None:
    """What a hand in a text other than the classic one is (``None`` for the classic)."""
    if banner["for"] == "For":
        return ("PartyPoker's summary format ('***** Hand History For Game', hands e-mailed "
                "by support and the client of 2019 on)")
    if banner["site"]:
        return (f"a hand converted from {banner['site']} into PartyPoker's text by another "
                "tool (its hand id may be a placeholder)")
    return None


def _read_game_line(game_line: str, rest: list[str], fields: dict[str, Any]
                    ) -> re.Match[str]:
    """Stakes and tournament of a stud hand's game line into ``fields``, and its date's
    match; ``rest`` is the header's lines after it (the table, the seats, a tournament's
    level lines)."""
    date = _DATE.search(game_line)
    if date is None:
        raise ValueError(f"no date at the end of {game_line!r}")
    before = game_line[:date.start()]
    head = []
    for line in rest:
        if line.startswith("** "):
            break
        head.append(line)
    table = next((m for m in map(_TABLE.fullmatch, head) if m), None)
    play = table is not None and table["money"] == "Play"
    trny = next((m for m in map(_TRNY.fullmatch, head) if m), None) or _TRNY.search(before)
    stakes = next((m for m in map(_STAKES.fullmatch, head) if m), None) or _STAKES.search(before)
    buy_in = _BUY_IN.search(before)
    if trny is not None or buy_in is not None:
        if stakes is None:
            raise ValueError(f"a tournament hand with no stakes in {game_line!r}")
        fields.update(currency=None, scale=1, play_money=play,
                      small_bet=parse_amount(stakes["sb"], 1),
                      big_bet=parse_amount(stakes["bb"], 1),
                      tournament_id=trny["tid"] if trny else None,
                      level=trny["level"] if trny else None)
        if buy_in is not None:
            fields["buy_in"] = parse_amount(buy_in["buy"], 100)
            fields["buy_in_currency"] = buy_in["cur"] or CURRENCY_SYMBOLS[buy_in["buy"][0]]
            fields["fee"] = parse_amount(buy_in["fee"], 100) if buy_in["fee"] else None
        elif table is not None and "Freeroll" in table["name"]:
            fields["buy_in"] = 0
    else:
        cash = _CASH.match(before)
        if cash is None:
            raise ValueError(f"no stakes in {game_line!r}")
        symbol = cash["sb"][0]
        currency = cash["cur"] or CURRENCY_SYMBOLS.get(symbol)
        if currency is None and not play:
            raise ValueError(f"no currency in {game_line!r}")
        fields.update(currency=None if play else currency, scale=100, play_money=play,
                      small_bet=parse_amount(cash["sb"], 100),
                      big_bet=parse_amount(cash["bb"], 100))
    if date["month"] not in _MONTHS:
        raise ValueError(f"unknown month {date['month']!r}")
    return date


# -- line shapes: the same as grammar/partypoker.lark ----------------------------------
_AMT = r"[$€£]?\d[\d.,]*(?: {1,2}[A-Z]{3})?"
_PAID = rf"\[ ?(?P<amount>{_AMT}) ?\]\.?"
_CARDS_RE = r"\[ [^\[\]\n]* \]"
SHAPES: dict[str, re.Pattern[str]] = {
    "ANTE": re.compile(rf"(?P<name>[^\n]+) posts ante {_PAID}"),
    "DEAL": re.compile(r"Dealt to (?P<name>[^\n]+) \[ (?P<cards>[^\[\]\n]*) \]"),
    "OPENS": re.compile(r"(?P<name>[^\n]+) opens"),
    "BRING_IN": re.compile(rf"(?P<name>[^\n]+) bring-ins ?{_PAID}"),
    "COMPLETE": re.compile(rf"(?P<name>[^\n]+) completes ?{_PAID}"),
    "BET": re.compile(rf"(?P<name>[^\n]+) bets ?{_PAID}"),
    "DOUBLE_BET": re.compile(rf"(?P<name>[^\n]+) double bets ?{_PAID}"),
    "RAISE": re.compile(rf"(?P<name>[^\n]+) raises ?{_PAID}"),
    "CALL": re.compile(rf"(?P<name>[^\n]+) calls ?{_PAID}"),
    "ALL_IN": re.compile(rf"(?P<name>[^\n]+) is all-In {{1,2}}{_PAID}"),
    "CHECK": re.compile(r"(?P<name>[^\n]+) checks\.?"),
    "FOLD": re.compile(r"(?P<name>[^\n]+) folds\.?"),
    "SHOW": re.compile(
        rf"(?P<name>[^\n]+) shows {{1,2}}(?P<cards>{_CARDS_RE})(?P<description>[^\n]*)"),
    "SHOW_LOW": re.compile(r"(?P<name>[^\n]+) shows(?P<description>[^\[\n][^\n]* for low\.)"),
    "MUCK_SHOWN": re.compile(
        rf"(?P<name>[^\n]+) doesn't show {{1,2}}(?P<cards>{_CARDS_RE})(?P<description>[^\n]*)"),
    "NO_SHOW": re.compile(r"(?P<name>[^\n]+) does not show cards\."),
    "WIN": re.compile(
        rf"(?P<name>[^\n]+) wins (?:Lo \()?(?P<amount>{_AMT})(?: chips)?\)?"
        r"(?: from +(?:the )?(?P<pot>main|side) pot(?: #?(?P<index>\d+))?(?: +with [^\n]*)?)?"),
    "NO_LOW": re.compile(r"(?P<name>)There was no qualifying low hand"),
}
"""Every line shape of the grammar's runs of lines, as Python regexes."""

LINE_ORDER = ("DEAL", "OPENS", "BRING_IN", "COMPLETE", "DOUBLE_BET", "BET", "RAISE", "CALL",
              "ALL_IN", "CHECK", "FOLD", "SHOW", "SHOW_LOW", "MUCK_SHOWN", "NO_SHOW", "WIN",
              "NO_LOW")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""

_SEAT_LINE = re.compile(r"(?:Seat (?P<seat>\d+)|seat ?(?P<lower>\d+)): (?P<name>.+) "
                        r"\( ?(?P<stack>[$€£]? ?\d[\d.,]*(?: {1,2}[A-Z]{3})?) ?\)")


def classify(line: str, order: tuple[str, ...] = LINE_ORDER
             ) -> tuple[str, re.Match[str]] | None:
    """The first shape of ``order`` that ``line`` has.

    >>> classify("Player4 double bets [120]", LINE_ORDER)[0]
    'DOUBLE_BET'
    >>> classify("Player1 wins Lo ($90.50 USD) from the main pot with 8,5,3,2,A.")[1]["amount"]
    '$90.50 USD'
    >>> classify("Hero is all-In  [420]")[0], classify("Player3 raises[ $25 USD ]")[0]
    ('ALL_IN', 'RAISE')
    """
    return classify_line(SHAPES, order, line)


_POTS = {"main": PotKind.MAIN, "side": PotKind.SIDE}


class PartyPokerBuilder(SiteBuilder):
    """The parser's callbacks for ``grammar/partypoker.lark``, appending events in order."""

    SHAPES = SHAPES
    LINE_ORDER = LINE_ORDER

    # -- terminals -----------------------------------------------------------------
    def TABLE(self, token: Any) -> None:
        line: str = token.value[:-1]
        found = _TABLE.fullmatch(line)
        self.table_name = found["name"] if found else line[len("Table "):]

    def PLAYERS(self, token: Any) -> None:
        _, _, most = token.value[:-1].partition("/")
        self.max_seats = int(most) if most.strip() else None

    def SEATS(self, token: Any) -> None:
        for n, value in self._lines(token):
            m = _SEAT_LINE.fullmatch(value)
            if m is None:  # pragma: no cover - the terminal guarantees the shape
                raise LineError("unreadable seat line", n)
            self._seat(int(m["seat"] or m["lower"]), m["name"], m["stack"], n)

    def TAIL(self, token: Any) -> None:
        """The next hand's opening lines at the end of a file that never wrote that hand."""
        for n, value in self._lines(token):
            self.events.append(Announcement(line=self._file_line(n), kind="other", text=value))

    def start(self, children: list[Any]) -> None:
        """The whole hand is read: it must end by saying who wins."""
        if not any(isinstance(e, Collect) for e in self.events):
            raise LineError("truncated hand: it stops before any line says who wins",
                            len(self.lines))

    # -- one event per line ------------------------------------------------------------
    def PRE(self, token: Any) -> None:
        for n, value in self._lines(token):
            m = self._shape("ANTE", value, n)
            self._seated(m["name"], n)
            self._ante(m["name"], self._amount(m["amount"], n), n)

    def _seated(self, name: str, n: int) -> None:
        """A stud hand deals only the players seated before it: any other name is a
        damaged line (``Bob: completes [$1 USD]``), failed rather than guessed."""
        if name not in self.names and self._seat_name(name, n) is None:
            raise LineError(f"{not_seated(name, SeatNames(self.names))}: a damaged line, or "
                            "another hand's", n)

    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        name = m["name"]
        if kind != "NO_LOW":
            self._seated(name, n)
        if kind in ("OPENS", "SHOW_LOW", "NO_LOW"):
            self.events.append(Announcement(line=self._file_line(n),
                                            kind="no_low" if kind == "NO_LOW" else "other",
                                            text=m.group(0)))
        elif kind == "SHOW":
            self._show(name, self._cards(m["cards"][2:-2], n), n, m["description"])
        elif kind == "MUCK_SHOWN":
            cards = self._cards(m["cards"][2:-2], n)
            line = self._file_line(n)
            self._show_opened(line)
            self.events.append(Muck(line=line, player=name, cards=cards))
        elif kind == "WIN":
            index = int(m["index"]) if m["index"] else None
            self.events.append(Collect(line=self._file_line(n), player=name,
                                       amount=self._amount(m["amount"], n),
                                       pot=_POTS.get(m["pot"] or "", PotKind.POT),
                                       pot_index=index))
        elif kind == "DOUBLE_BET":
            self._added("BET", name, self._amount(m["amount"], n), n)
        elif kind == "ALL_IN":
            added = self._amount(m["amount"], n)
            self._added(self._all_in_kind(name, added), name, added, n, all_in=True)
        else:
            super()._make(kind, m, n)

    def _show_opened(self, line: int) -> None:
        """The showdown opens at the first hand turned over (no header says so)."""
        if not self.showdown_open:
            self.showdown_open = True
            self.events.append(ShowdownStart(line=line))

    def _all_in_kind(self, name: str, added: int) -> str:
        """What ``is all-In [added]`` was, from the street's totals: a call when it does not
        top the street's bet; else 3rd street's first chips (the bring-in), a completion
        while the bet is below the small bet, a bet on a street nobody bet yet, or a raise."""
        to = self.totals.get(name, 0) + added
        if to <= self.bet_to:
            return "CALL"
        if self.street is Street.THIRD:
            if self.bet_to == 0:
                return "BRING_IN"
            if self.bet_to < self.fields["small_bet"]:
                return "COMPLETE"
        return "BET" if self.bet_to == 0 else "RAISE"
