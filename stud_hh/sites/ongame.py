"""OnGame: header reader and the transformer for ``grammar/ongame.lark``.

Same design as :mod:`stud_hh.sites.winamax`. What OnGame prints, what it
leaves out, and how it becomes the shared events:

* the first three lines are the hand id, ``Start hand: Mon Sep 13 22:31:30
  GMT+0100 2010`` (a GMT offset or a zone name such as ``CET``) and ``Table:
  Milwaukee [82086688] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, Real
  money)``; no seat count is printed (``max_seats`` stays ``None``);
* an opponent's down cards are ``-`` (unknown, ``None``); opponents get no river
  line; amounts are the chips a player adds;
* ``small bring in $0.05`` is the bring-in; ``big bring in $1`` is the bring-in
  player completing to the small bet: a :class:`~stud_hh.events.Complete`;
* ``raises $A to $B``: ``A`` is the chips added and ``B`` the player's total in
  the hand so far, antes left out (``raises $1 to $1.37`` after $0.12 and $0.25
  on earlier streets). The event is made from ``A``; a ``B`` that disagrees fails
  the hand, named, rather than giving a wrong reading;
* no showdown, no uncalled-bet line: the summary prints the pot's winner (a
  :class:`~stud_hh.events.Collect`), the rake (a
  :class:`~stud_hh.events.PotSummary`) and each seat's stack and net, with the
  cards of those who showed: those become :class:`~stud_hh.events.Show` events
  (the showdown opens at the first), in seat order, which is not the order they
  were shown in (the ``ongame`` profile does not check that order).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from stud_hh.errors import HandParseError
from stud_hh.events import (
    Collect,
    Game,
    Limit,
    PotKind,
    PotSummary,
    SeatOutcome,
    SeatSummary,
    Street,
    SummaryStart,
)
from stud_hh.money import CURRENCY_SYMBOLS, parse_amount
from stud_hh.sites.common import SiteBuilder, classify_line, header_fields
from stud_hh.sites.headers import to_utc
from stud_hh.sites.noise import NoiseShape
from stud_hh.sites.pokerstars import HeaderFields, LineError

SITE: str = "OnGame"

NOISE: tuple[NoiseShape, ...] = ()
"""The shapes of this site's chat, table-traffic and notice lines (see
:mod:`stud_hh.sites.noise`); docs/formats/ catalogues them."""

HAND_START: re.Pattern[str] = re.compile(r"\*{5} History for hand \S+ \*{5}")
"""A line that opens an OnGame hand."""

HEADER_LINES: int = 3
"""Lines :func:`read_header` needs: the id, the start time and the table line."""

_ID = re.compile(r"\*{5} History for hand (?P<id>\S+) \*{5}$")
_START = re.compile(
    r"Start hand: \w{3} (?P<month>\w{3}) (?P<day>\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2}) "
    r"(?:GMT(?P<offset>[-+]\d{4})|(?P<tz>[A-Z]{2,5})) (?P<year>\d{4})$")
_TABLE = re.compile(r"Table: (?P<table>.+?) \[\d+\] \((?P<limit>[A-Z_]+) (?P<game>[A-Z_0-9]+)"
                    r"(?P<rest>[^()]*)\)$")
_STAKES = re.compile(r" (?P<sb>[$€£][\d.,]+)/(?P<bb>[$€£][\d.,]+), ante: (?P<ante>[$€£][\d.,]+), "
                     r"Real money$")
_MONTHS = {m: i for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), start=1)}
STUD_GAMES: dict[str, Game] = {"SEVEN_CARD_STUD": Game.STUD, "SEVEN_CARD_STUD_HI_LO": Game.STUD8}
"""The stud-family games corpus hands show: another stud or razz name fails the hand
by name rather than being guessed."""


def _started(line: str, hand_id: str) -> tuple[datetime | None, str]:
    """The start time in UTC (``None`` for an unknown zone name) and as printed."""
    m = _START.match(line)
    if m is None or m["month"] not in _MONTHS:
        raise HandParseError("unreadable start time", text=line, hand_id=hand_id)
    date = f"{m['year']}/{_MONTHS[m['month']]:02d}/{int(m['day']):02d}"
    zone = f"GMT{m['offset']}" if m["offset"] else m["tz"]
    try:
        if m["offset"] is None:
            return to_utc(date, m["time"], m["tz"]), f"{date} {m['time']} {zone}"
        sign = -1 if m["offset"][0] == "-" else 1
        offset = timedelta(hours=int(m["offset"][1:3]), minutes=int(m["offset"][3:]))
        local = datetime.strptime(f"{date} {m['time']}", "%Y/%m/%d %H:%M:%S")
    except ValueError as exc:
        raise HandParseError(f"impossible start time: {exc}", text=line,
                             hand_id=hand_id) from None
    return (local - sign * offset).replace(tzinfo=UTC), f"{date} {m['time']} {zone}"


def read_header(text: str) -> HeaderFields:
    """Take apart the first three lines of an OnGame hand.

    >>> h = read_header("***** History for hand R5-82086688-607 *****\\n"
    ...                 "Start hand: Mon Sep 13 22:31:30 GMT+0100 2010\\n"
    ...                 "Table: Milwaukee [82086688] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, "
    ...                 "ante: $0.02, Real money)")
    >>> h.hand_id, h.game, h.fields["small_bet"], h.fields["big_bet"], h.fields["table"]
    ('R5-82086688-607', <Game.STUD: 'stud'>, 10, 20, 'Milwaukee')
    >>> h.fields["started_at"].isoformat(), h.fields["started_local"]
    ('2010-09-13T21:31:30+00:00', '2010/09/13 22:31:30 GMT+0100')
    >>> read_header("***** History for hand R5-1-2 *****\\n"
    ...             "Start hand: Wed Aug 18 19:29:10 GMT+0100 2010\\n"
    ...             "Table: T [1] (LIMIT TEXAS_HOLDEM 0.50/1, Real money)").game is None
    True
    """
    lines = text.split("\n")
    first = _ID.match(lines[0])
    if first is None:
        raise HandParseError("not an OnGame hand header", text=lines[0])
    hand_id = first.group("id")
    table = _TABLE.match(lines[2]) if len(lines) > 2 else None
    if table is None:
        raise HandParseError("unreadable table line", text=lines[-1], hand_id=hand_id)
    game_text = f"{table['limit']} {table['game']}"
    fields = header_fields(SITE, hand_id, game_text, limit=Limit.FIXED, table=table["table"])
    game = STUD_GAMES.get(table["game"])
    if game is None:
        if re.search(r"STUD|RAZZ", table["game"]):
            raise HandParseError(f"OnGame {table['game']} hands are not read yet (no corpus hand "
                                 "shows one)", text=lines[2], hand_id=hand_id)
        return HeaderFields(hand_id, game_text, None, fields)
    stakes = _STAKES.fullmatch(table["rest"])
    if table["limit"] != "LIMIT" or stakes is None:
        raise HandParseError("unreadable stakes, or not a fixed-limit real-money table",
                             text=lines[2], hand_id=hand_id)
    started_at, started_local = _started(lines[1], hand_id)
    try:
        small_bet, big_bet = parse_amount(stakes["sb"], 100), parse_amount(stakes["bb"], 100)
    except ValueError as exc:
        raise HandParseError(f"unreadable stakes: {exc}", text=lines[2], hand_id=hand_id) from None
    fields.update(game=game, small_bet=small_bet, big_bet=big_bet, scale=100,
                  currency=CURRENCY_SYMBOLS[stakes["sb"][0]], started_at=started_at,
                  started_local=started_local)
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/ongame.lark --------------------------------------
_AMT = r"[$€£]\d[\d.,]*"
SHAPES: dict[str, re.Pattern[str]] = {
    "DEAL": re.compile(r"Dealing to (?P<name>[^\n]+): \[(?P<cards>[^\[\]\n]*)\]"),
    "BRING_IN": re.compile(rf"(?P<name>[^\n]+) small bring in (?P<amount>{_AMT})"),
    "BIG_BRING_IN": re.compile(rf"(?P<name>[^\n]+) big bring in (?P<amount>{_AMT})"),
    "BET": re.compile(rf"(?P<name>[^\n]+) bets (?P<amount>{_AMT})"),
    "RAISE": re.compile(rf"(?P<name>[^\n]+) raises (?P<amount>{_AMT}) to (?P<total>{_AMT})"),
    "CALL": re.compile(rf"(?P<name>[^\n]+) calls (?P<amount>{_AMT})"),
    "CHECK": re.compile(r"(?P<name>[^\n]+) checks"),
    "FOLD": re.compile(r"(?P<name>[^\n]+) folds"),
    "SEAT": re.compile(rf"Seat (?P<seat>\d+): (?P<name>[^\n]+) \((?P<amount>{_AMT})\)"),
    "ANTE": re.compile(rf"(?P<name>[^\n]+) posts ante (?P<amount>{_AMT})"),
    "POT": re.compile(rf"Main pot: (?P<total>{_AMT}) won by (?P<name>[^\n]+) "
                      rf"\((?P<amount>{_AMT})\)"),
    "SEAT_SUMMARY": re.compile(
        rf"Seat (?P<seat>\d+): (?P<name>[^\n]+) \((?P<stack>{_AMT})\), net: (?P<net>[-+]?{_AMT})"
        r"(?:, \[(?P<cards>[^\[\]\n]*)\] \((?P<description>[^\n]*)\))?"),
}
"""Every line shape of the grammar, as Python regexes (``_KIND`` there is ``KIND`` here)."""

LINE_ORDER: tuple[str, ...] = ("DEAL", "BRING_IN", "BIG_BRING_IN", "BET", "RAISE", "CALL",
                               "CHECK", "FOLD")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""


def classify(line: str) -> tuple[str, re.Match[str]] | None:
    """The shape of a street's line as the grammar decides it.

    >>> kind, m = classify("Hero raises $1 to $1.37")
    >>> kind, m["name"], m["amount"], m["total"]
    ('RAISE', 'Hero', '$1', '$1.37')
    >>> classify("Dealing to E6y Ko3y: [-, -, Ad]")[1]["name"]
    'E6y Ko3y'
    """
    return classify_line(SHAPES, LINE_ORDER, line)


class OnGameBuilder(SiteBuilder):
    """The parser's callbacks for ``grammar/ongame.lark``, appending events in order."""

    SHAPES = SHAPES
    LINE_ORDER = LINE_ORDER
    UNKNOWN_CARDS = frozenset({"-"})

    def reset(self) -> None:
        super().reset()
        self.ante: int | None = None
        self.earlier: dict[str, int] = {}
        """Each player's chips on the streets before this one (antes left out)."""
        self.pot_total = 0
        self.won: dict[str, int] = {}

    # -- terminals -----------------------------------------------------------------
    def HEADER(self, token: Any) -> None:
        ante = _STAKES.search(token.value.split("\n")[2].removesuffix(")"))
        self.ante = self._amount(ante["ante"], token.line + 2) if ante else None

    def USER(self, token: Any) -> None:
        return None  # the hero's name: every seat is read the same way

    BUTTON = USER  # no dealer button in stud: the seat is kept only in the text

    def _ante(self, name: str, amount: int, n: int) -> None:
        if amount != self.ante:
            self.warnings.append(f"line {self._file_line(n)}: {name} antes {amount}; "
                                 f"the table line says the ante is {self.ante}")
        super()._ante(name, amount, n)

    def _street(self, token: Any, street: Street) -> None:
        for name, amount in self.totals.items():
            self.earlier[name] = self.earlier.get(name, 0) + amount
        # the terminal is "---" and the street's line: the event is on the street's line
        self._open_street(street, token.line + 1)

    def SUMMARY(self, token: Any) -> None:
        self.events.append(SummaryStart(line=self._file_line(token.line + 1)))

    def POT(self, token: Any) -> None:
        n: int = token.line
        m = self._shape("POT", token.value[:-1], n)
        self.pot_total = self._amount(m["total"], n)
        amount = self._amount(m["amount"], n)
        self.won[m["name"]] = amount
        self.events.append(Collect(line=self._file_line(n), player=m["name"], amount=amount,
                                   pot=PotKind.MAIN))

    def RAKE(self, token: Any) -> None:
        n: int = token.line
        rake = self._amount(token.value[len("Rake taken: "):-1], n)
        self.events.append(PotSummary(line=self._file_line(n), total=self.pot_total,
                                      main=self.pot_total, sides=(), rake=rake))

    def SEAT_SUMMARIES(self, token: Any) -> None:
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            m = self._shape("SEAT_SUMMARY", value, n)
            name, description = m["name"], m["description"]
            won = self.won.get(name)
            cards = self._cards(m["cards"], n) if m["cards"] is not None else ()
            if cards:  # the cards of a player who showed: the only record of the showdown
                self._show(name, cards, n, description)
                outcome = SeatOutcome.SHOWED_WON if won else SeatOutcome.SHOWED_LOST
            else:
                outcome = SeatOutcome.COLLECTED if won else SeatOutcome.OTHER
            self.events.append(SeatSummary(line=self._file_line(n), player=name,
                                           seat=int(m["seat"]), outcome=outcome, cards=cards,
                                           won=won, description=description, text=value))
            n += 1

    def END(self, token: Any) -> None:
        hand_id = token.value[len("***** End of hand "):-len(" *****\n")]
        if hand_id != self.fields["hand_id"]:
            raise LineError(f"the hand ends as hand {hand_id}", token.line)

    # -- one event per line ------------------------------------------------------------
    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        name = m["name"]
        if kind == "BIG_BRING_IN":  # the bring-in player completes to the small bet
            self._added("COMPLETE", name, self._amount(m["amount"], n), n)
            return
        if kind == "RAISE":  # adds A, reaching B in the hand: B is checked
            total = self.earlier.get(name, 0) + self.totals.get(name, 0)
            total += self._amount(m["amount"], n)
            if self._amount(m["total"], n) != total:
                raise LineError(f"'raises {m['amount']} to {m['total']}': {name} would have "
                                f"{total} in the hand (antes left out), not {m['total']}", n)
        super()._make(kind, m, n)
