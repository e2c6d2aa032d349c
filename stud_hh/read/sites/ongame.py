"""OnGame: header reader and the transformer for ``grammar/ongame.lark``.

Same design as :mod:`stud_hh.read.sites.winamax`; ``docs/formats/ongame.md`` catalogues
every form. What OnGame prints, what it leaves out, and how it becomes the shared
events:

* the first three lines are the hand id (a tournament's adds ``(TOURNAMENT:
  "name", S-6169-242, buy-in: $21)``), ``Start hand: Mon Sep 13 22:31:30
  GMT+0100 2010`` (a GMT offset or a zone name such as ``CET``) and ``Table:
  Milwaukee [82086688] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, Real
  money)``: the game (``SEVEN_CARD_STUD``, ``SEVEN_CARD_STUD_HI_LO``, ``RAZZ``),
  small and big bet, ante, and ``Real money``, ``Play money``, ``TC`` or ``Chips``
  (tournament chips); no seat count is printed (``max_seats`` stays ``None``);
* an opponent's down cards are ``-`` (unknown, ``None``); opponents get no river
  line; amounts are the chips a player adds, with or without a currency sign
  (2010 tables print none; the currency then comes from the first signed amount);
  ``[all in]`` marks an all-in;
* ``small bring in $0.05`` is the bring-in; ``big bring in $1`` is the bring-in
  player completing to the small bet: a :class:`~stud_hh.model.events.Complete`;
* ``raises $A to $B``: ``A`` is the chips added; ``B`` is the player's total on the
  street (2011-2012 hands: ``raises $1.50 to $2`` after a $0.50 blind) or, in the
  2010 stud hi/lo hand, in the hand so far, antes left out (``raises $1 to $1.37``
  after $0.12 and $0.25 on earlier streets). The event is made from ``A``; a ``B``
  that is neither fails the hand, named, rather than giving a wrong reading;
* no showdown, no uncalled-bet line (the ``ongame`` profile returns such a bet by
  the rules): the summary prints each pot's winners (``Main pot: $2.35 won by Hero
  ($2.24)``, ``Side pot 1: ...``, several winners with ``, ``, a hi/lo half with
  ``High``/``Low``), as :class:`~stud_hh.model.events.Collect` events of that pot, the
  rake (a :class:`~stud_hh.model.events.PotSummary`) and each seat's stack and net, with
  the cards of those who showed: those become :class:`~stud_hh.model.events.Show` events
  (the showdown opens at the first), in seat order, which is not the order they
  were shown in (the ``ongame`` profile does not check that order).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from typing import Any

from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
    Collect,
    Game,
    Limit,
    PotKind,
    PotSummary,
    SeatOutcome,
    SeatSummary,
    Street,
    SummaryStart,
    TableEventKind,
)
from stud_hh.model.money import CURRENCY_SYMBOLS, parse_amount
from stud_hh.read.sites.common import (
    HeaderFields,
    LineError,
    SiteBuilder,
    classify_line,
    header_fields,
)
from stud_hh.read.sites.headers import header_time
from stud_hh.read.sites.noise import NoiseShape

SITE: str = "OnGame"

NOISE: tuple[NoiseShape, ...] = (
    NoiseShape(r"(?P<name>.+) sits out", TableEventKind.SITTING_OUT),
)
"""The shapes of this site's table-traffic lines (see :mod:`stud_hh.read.sites.noise`);
docs/formats/ongame.md catalogues them. OnGame's histories print no chat."""

HAND_START: re.Pattern[str] = re.compile(r"\*{5} History for hand \S+ [^\n]*\*{5}(?=\n|$)")
"""A line that opens an OnGame hand: the whole line, between its rows of stars.

>>> [bool(HAND_START.match(t)) for t in ("***** History for hand R5-78227816-62 *****",
...  "***** History for hand R5-1 posts ante $0.02")]
[True, False]
"""

HEADER_LINES: int = 3
"""Lines :func:`read_header` needs: the id, the start time and the table line."""

_ID = re.compile(r"\*{5} History for hand (?P<id>\S+)"
                 r"(?P<tour> \(TOURNAMENT: (?:\"(?P<name>.*)\", )?(?P<tid>[-A-Za-z\d]+)?"
                 r"(?:, buy-in: (?P<buyin>[^)]*))?\))? \*{5}$")
_START = re.compile(
    r"Start hand: \w{3} (?P<month>\w{3}) (?P<day>\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2}) "
    r"(?:GMT(?P<offset>[-+]\d{4})|(?P<tz>[A-Z]{2,5})) (?P<year>\d{4})$")
_AMT = r"[$€£]?\d[\d.,]*"
_TABLE = re.compile(
    r"Table: (?:\[SPEED\] )?(?P<table>.+?) \[\d+\] \((?P<limit>LIMIT|Limit|NO_LIMIT|POT_LIMIT|"
    r"Pot Limit) (?P<game>[A-Z_0-9]+) (?P<sb>[$€£]?[\d.,KM]+)/(?P<bb>[$€£]?[\d.,KM]+)"
    r"(?:, ante: (?P<ante>[$€£]?[\d.,KM]+))?(?:, (?P<money>Real money|Play money|TC|Chips))?"
    r"\)$")
_MONTHS = {m: i for i, m in enumerate(
    ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"), start=1)}
STUD_GAMES: dict[str, Game] = {"SEVEN_CARD_STUD": Game.STUD, "SEVEN_CARD_STUD_HI_LO": Game.STUD8,
                               "RAZZ": Game.RAZZ}
"""OnGame's stud-family game codes (FPDB OnGameToFpdb ``games``): another stud-looking
code fails the hand by name rather than being guessed."""


def _started(line: str, hand_id: str) -> tuple[datetime | None, str]:
    """The start time in UTC and as printed: a zone name, or a GMT offset."""
    m = _START.match(line)
    if m is None or m["month"] not in _MONTHS:
        raise HandParseError("unreadable start time", text=line, hand_id=hand_id)
    date = f"{m['year']}/{_MONTHS[m['month']]:02d}/{int(m['day']):02d}"
    zone = f"GMT{m['offset']}" if m["offset"] else m["tz"]
    if m["offset"] is None:
        return (header_time(date, m["time"], m["tz"], line=line, hand_id=hand_id),
                f"{date} {m['time']} {zone}")
    header_time(date, m["time"], None, line=line, hand_id=hand_id)  # checked, then offset
    sign = -1 if m["offset"][0] == "-" else 1
    hours, minutes = int(m["offset"][1:3]), int(m["offset"][3:])
    if hours > 14 or minutes > 59:  # no zone is further than 14 hours from UTC
        raise HandParseError(f"unreadable start time: impossible offset GMT{m['offset']}",
                             text=line, hand_id=hand_id)
    offset = timedelta(hours=hours, minutes=minutes)
    local = datetime.strptime(f"{date} {m['time']}", "%Y/%m/%d %H:%M:%S")
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
    >>> t = read_header('***** History for hand T5-1-2 (TOURNAMENT: "Stud", S-6-24, buy-in: '
    ...                 '$21) *****\\nStart hand: Tue Dec 18 01:53:38 MSK 2012\\n'
    ...                 'Table: Table #1 [1] (LIMIT SEVEN_CARD_STUD 100/200, ante: 20, Chips)')
    >>> t.fields["tournament_id"], t.fields["buy_in"], t.fields["scale"], t.fields["small_bet"]
    ('S-6-24', 2100, 1, 100)
    >>> read_header("***** History for hand R5-1-2 *****\\n"
    ...             "Start hand: Wed Aug 18 19:29:10 GMT+0100 2010\\n"
    ...             "Table: T [1] (LIMIT TEXAS_HOLDEM 0.50/1, Real money)").game_text
    'LIMIT TEXAS HOLDEM'
    """
    lines = text.split("\n")
    first = _ID.match(lines[0])
    if first is None:
        raise HandParseError("not an OnGame hand header", text=lines[0])
    hand_id = first.group("id")
    table = _TABLE.match(lines[2]) if len(lines) > 2 else None
    if table is None:
        raise HandParseError("unreadable table line", text=lines[-1], hand_id=hand_id)
    game_code = table["game"]
    game = STUD_GAMES.get(game_code)
    if game is None:
        game_text = f"{table['limit']} {game_code.replace('_', ' ')}"
        if re.search(r"STUD|RAZZ", game_code):
            raise HandParseError(f"OnGame {game_code}: no source shows this game code, so its "
                                 "hands are not read", text=lines[2], hand_id=hand_id)
        return HeaderFields(hand_id, game_text, None, header_fields(SITE, hand_id, game_text))
    game_text = f"{table['limit']} {game_code}"
    if table["limit"] not in ("LIMIT", "Limit"):
        raise HandParseError(f"an OnGame {game_code} table headed {table['limit']}: no source "
                             "shows one, so it is not read", text=lines[2], hand_id=hand_id)
    tournament = first["tour"] is not None
    if tournament and first["tid"] is None:
        raise HandParseError("an OnGame tournament hand without its tournament id (FPDB: a "
                             "partial hand)", text=lines[0], hand_id=hand_id)
    money = table["money"]
    chips = tournament or money in ("TC", "Chips")
    scale = 1 if chips else 100
    started_at, started_local = _started(lines[1], hand_id)
    try:
        small_bet, big_bet = parse_amount(table["sb"], scale), parse_amount(table["bb"], scale)
        buy_in = parse_amount(first["buyin"], 100) if first["buyin"] else None
    except ValueError as exc:
        raise HandParseError(f"unreadable stakes or buy-in: {exc}", text=lines[2],
                             hand_id=hand_id) from None
    sign = table["sb"][0]
    currency = None if chips or money == "Play money" else CURRENCY_SYMBOLS.get(sign)
    buy_sign = first["buyin"][0] if first["buyin"] else ""
    fields = header_fields(
        SITE, hand_id, game_text, limit=Limit.FIXED, table=table["table"], game=game,
        small_bet=small_bet, big_bet=big_bet, scale=scale, currency=currency,
        play_money=money == "Play money", started_at=started_at, started_local=started_local,
        tournament_id=first["tid"], buy_in=buy_in,
        buy_in_currency=CURRENCY_SYMBOLS.get(buy_sign) if buy_in is not None else None)
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/ongame.lark --------------------------------------
_ALL_IN = r"(?P<all_in> (?:\[all in\]|and is all-in))?"
SHAPES: dict[str, re.Pattern[str]] = {
    "DEAL": re.compile(r"Dealing to (?P<name>[^\n]+): \[(?P<cards>[^\[\]\n]*)\]"),
    "BRING_IN": re.compile(rf"(?P<name>[^\n]+) small bring in (?P<amount>{_AMT}){_ALL_IN}"),
    "BIG_BRING_IN": re.compile(rf"(?P<name>[^\n]+) big bring in (?P<amount>{_AMT}){_ALL_IN}"),
    "BET": re.compile(rf"(?P<name>[^\n]+) bets (?P<amount>{_AMT}){_ALL_IN}"),
    "RAISE": re.compile(rf"(?P<name>[^\n]+) raises (?P<amount>{_AMT}) to (?P<total>{_AMT})"
                        rf"{_ALL_IN}"),
    "CALL": re.compile(rf"(?P<name>[^\n]+) calls (?P<amount>{_AMT}){_ALL_IN}"),
    "CHECK": re.compile(r"(?P<name>[^\n]+) checks"),
    "FOLD": re.compile(r"(?P<name>[^\n]+) folds"),
    "SEAT": re.compile(rf"Seat (?P<seat>\d+): (?P<name>[^\n]+) \((?P<amount>{_AMT})\)"),
    "ANTE": re.compile(rf"(?P<name>[^\n]+) posts ante (?P<amount>{_AMT}){_ALL_IN}"),
    "POT": re.compile(rf"(?:Main pot|Side pot (?P<side>\d+)): (?P<total>{_AMT}) won by "
                      r"(?P<winners>[^\n]+)"),
    "SEAT_SUMMARY": re.compile(
        rf"Seat (?P<seat>\d+): (?P<name>[^\n]+) \((?P<stack>{_AMT})\)"
        rf"(?:, net: (?P<net>[-+]?{_AMT}))?"
        r"(?:, \[(?P<cards>[^\[\]\n]*)\] \((?P<description>[^\n]*)\))?"),
}
"""Every line shape of the grammar, as Python regexes (``_KIND`` there is ``KIND`` here)."""

LINE_ORDER: tuple[str, ...] = ("DEAL", "BRING_IN", "BIG_BRING_IN", "BET", "RAISE", "CALL",
                               "CHECK", "FOLD")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""

_WINNER = re.compile(rf"(?P<name>.+?) \((?P<amount>{_AMT})(?: (?P<half>High|Low))?\)"
                     r"(?:, |$)")


def classify(line: str) -> tuple[str, re.Match[str]] | None:
    """The shape of a street's line as the grammar decides it.

    >>> kind, m = classify("Hero raises $1 to $1.37")
    >>> kind, m["name"], m["amount"], m["total"]
    ('RAISE', 'Hero', '$1', '$1.37')
    >>> classify("Dealing to E6y Ko3y: [-, -, Ad]")[1]["name"]
    'E6y Ko3y'
    >>> classify("player5 raises 0.55 to 1.05 [all in]")[1]["all_in"]
    ' [all in]'
    """
    return classify_line(SHAPES, LINE_ORDER, line)


def winners(text: str) -> list[tuple[str, str, str | None]]:
    """The ``(name, amount, half)`` of each winner a pot line lists after ``won by``.

    >>> winners("maac_5 ($1.37 High), sagi 34 ($1.36 Low)")
    [('maac_5', '$1.37', 'High'), ('sagi 34', '$1.36', 'Low')]
    """
    found, at = [], 0
    for m in _WINNER.finditer(text):
        if m.start() != at:
            break
        found.append((m["name"], m["amount"], m["half"]))
        at = m.end()
    return found if at == len(text) else []


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
        self.pots: list[int] = []
        """Each pot's printed total: the main pot, then the side pots."""
        self.won: dict[str, int] = {}

    # -- terminals -----------------------------------------------------------------
    def HEADER(self, token: Any) -> None:
        table = _TABLE.match(token.value.split("\n")[2])
        ante = table["ante"] if table else None
        self.ante = self._amount(ante, token.line + 2) if ante else None

    def USER(self, token: Any) -> None:
        return None  # the hero's name: every seat is read the same way

    BUTTON = USER  # no dealer button in stud: the seat is kept only in the text

    def SEATS(self, token: Any) -> None:
        super().SEATS(token)
        self._currency(token.value)

    def _currency(self, text: str) -> None:
        """A real-money table whose header prints no currency sign (2010): the currency of
        the first amount that carries one."""
        fields = self.fields
        if fields["currency"] is None and not fields["play_money"] and self.scale == 100:
            sign = re.search(r"[$€£]", text)
            if sign:
                fields["currency"] = CURRENCY_SYMBOLS[sign.group(0)]

    def PRE(self, token: Any) -> None:
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            m = self._shape("ANTE", value, n)
            amount = self._amount(m["amount"], n)
            if self.ante is not None and amount != self.ante and m["all_in"] is None:
                self.warnings.append(f"line {self._file_line(n)}: {m['name']} antes {amount}; "
                                     f"the table line says the ante is {self.ante}")
            self._ante(m["name"], amount, n)
            n += 1

    def _street(self, token: Any, street: Street) -> None:
        for name, amount in self.totals.items():
            self.earlier[name] = self.earlier.get(name, 0) + amount
        # the terminal is the "---" lines and the street's line: the event is on the latter
        self._open_street(street, token.line + token.value.count("\n") - 1)

    def SUMMARY(self, token: Any) -> None:
        self.events.append(SummaryStart(line=self._file_line(
            token.line + token.value.count("\n") - 1)))

    def POTS(self, token: Any) -> None:
        for n, value in self._lines(token):
            m = self._shape("POT", value, n)
            self.pots.append(self._amount(m["total"], n))
            listed = winners(m["winners"])
            if not listed:
                raise LineError("unreadable winners of the pot", n)
            pot = PotKind.MAIN if m["side"] is None else PotKind.SIDE
            index = None if m["side"] is None else int(m["side"])
            for name, amount_text, _half in listed:
                self._seated_or_fail(name, n, "a winner of the pot")
                amount = self._amount(amount_text, n)
                self.won[name] = self.won.get(name, 0) + amount
                self.events.append(Collect(line=self._file_line(n), player=name, amount=amount,
                                           pot=pot, pot_index=index))
            self._currency(value)

    def RAKE(self, token: Any) -> None:
        n: int = token.line
        text = token.value[len("Rake taken: "):-1]
        rake = self._amount(text, n)  # a tournament's is "$0" or "€0"
        self._currency(text)
        main, *sides = self.pots or [0]
        self.events.append(PotSummary(line=self._file_line(n), total=sum(self.pots), main=main,
                                      sides=tuple(sides), rake=rake))

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
        if hand_id != self.fields["hand_id"]:  # a skin's export (Betfair) numbers it apart
            self.warnings.append(f"line {self._file_line(token.line)}: the hand ends as hand "
                                 f"{hand_id}")

    # -- one event per line ------------------------------------------------------------
    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        name = m["name"]
        if kind == "DEAL":
            super()._make(kind, m, n)
            return
        if kind in ("CHECK", "FOLD"):
            self._plain(kind, name, n)
            return
        amount = self._amount(m["amount"], n)
        all_in = m["all_in"] is not None
        if kind == "RAISE":  # adds A, reaching B on the street (or, in 2010, in the hand)
            street = self.totals.get(name, 0) + amount
            hand = self.earlier.get(name, 0) + street
            if self._amount(m["total"], n) not in (street, hand):
                raise LineError(f"'raises {m['amount']} to {m['total']}': {name} would have "
                                f"{street} in on the street and {hand} in the hand (antes left "
                                f"out), not {m['total']}", n)
        shape = {"BIG_BRING_IN": "COMPLETE"}.get(kind, kind)  # the bring-in player completes
        self._added(shape, name, amount, n, all_in=all_in)
