"""Winning Poker Network (Americas Cardroom and its skins): two dialects, one site.

The network's clients have written two formats, each with its own grammar:

* ``grammar/winning.lark``, the client of 2019 on (:func:`read_header`,
  :class:`WinningBuilder`): PokerStars' layout in its own words. ``raises $0.20
  to $0.30`` prints the chips the raiser adds, then the new total: the event
  keeps the total, its ``by`` part comes from the street's totals, and an added
  amount that does not agree with them is kept as a warning. A completion is
  printed ``raises $0.04 to $0.04`` and stays a :class:`~stud_hh.events.Raise`
  (the replayer names it a completion). The running pot line each street opens
  with (``Main pot $2.12 | Rake $0.09``) is kept as an
  :class:`~stud_hh.events.Announcement`. When the body prints no ``collected``
  line (a hand nobody shows), the summary's ``did not show and won $0.36`` is
  the collection.
* ``grammar/winning_2016.lark``, the client of 2016 (:func:`read_header_2016`,
  :class:`Winning2016Builder`): one card per line, every amount the chips the
  action puts in (``Player X calls (0.60)``), and street headers one street late
  (:class:`~stud_hh.sites.common.ShiftedStreetsBuilder`). It prints no limit
  (its stud is fixed-limit: ``1/2`` is the small and big bet, and the hands bet
  1 and 2), no currency sign (the network's cash games are in US dollars, so
  ``USD``, as FPDB also reads them) and no time zone (``started_at`` stays
  ``None``; the local text is kept). There is no showdown section and no
  collection line: each summary line (``*Player X shows: Two pairs. Qs and 7s
  [Qc 10s ...]. Bets: 4.55. Collects: 8.95. Wins: 4.40.``) becomes a
  :class:`~stud_hh.events.Show` for the cards it turns over, a
  :class:`~stud_hh.events.Collect` for what it collects and a
  :class:`~stud_hh.events.SeatSummary`; a ``Bets`` total that disagrees with
  the player's actions is kept as a warning.

Both write the rake and the jackpot fee apart (``Rake 0.11. JP fee 0.04``,
``Rake $0.08 | JP Fee $0.02``); both are taken from the pot, so the
:class:`~stud_hh.events.PotSummary` rake is their sum. The pot total is kept as
printed: after rake, on this network.
"""

from __future__ import annotations

import re
from typing import Any

from stud_hh.cards import MaybeCard
from stud_hh.errors import HandParseError
from stud_hh.events import (
    Announcement,
    Collect,
    Deal,
    Game,
    HandEvent,
    Limit,
    PotKind,
    PotSummary,
    SeatOutcome,
    SeatSummary,
    Show,
    Street,
    UncalledReturned,
)
from stud_hh.money import CURRENCY_SYMBOLS, parse_amount
from stud_hh.sites.common import (
    PatternLinesBuilder,
    ShiftedStreetsBuilder,
    SiteBuilder,
    classify_line,
    header_fields,
    player_event,
    seated_name,
    verb_shape,
)
from stud_hh.sites.headers import to_utc
from stud_hh.sites.noise import NoiseShape
from stud_hh.sites.pokerstars import HeaderFields, LineError, _face_up

SITE: str = "Winning Poker Network"

NOISE: tuple[NoiseShape, ...] = ()
"""The shapes of this site's chat, table-traffic and notice lines (see
:mod:`stud_hh.sites.noise`); docs/formats/ catalogues them."""

HAND_START: re.Pattern[str] = re.compile(r"Hand #\d+ - ")
"""A line that opens a hand of the 2019+ client."""

HAND_START_2016: re.Pattern[str] = re.compile(r"Game started at: \d{4}/")
"""A line that opens a hand of the 2016 client."""

HEADER_LINES_2016: int = 2
"""Lines :func:`read_header_2016` needs: the start time, then the game line."""

_STREET_NAMES = {"3rd": Street.THIRD, "4th": Street.FOURTH, "5th": Street.FIFTH,
                 "6th": Street.SIXTH, "7th": Street.SEVENTH}


def _pot_summary(builder: SiteBuilder, token: Any, pattern: re.Pattern[str]) -> PotSummary:
    """The pot line of a summary: its ``total``, and as the rake its ``rake`` plus its
    jackpot ``fee``, both taken from the pot."""
    n: int = token.line
    m = pattern.fullmatch(token.value[:-1])
    if m is None:
        raise LineError("unreadable pot line", n)
    fee = builder._amount(m["fee"], n) if m["fee"] else 0
    return PotSummary(line=builder._file_line(n), total=builder._amount(m["total"], n),
                      main=None, sides=(), rake=builder._amount(m["rake"], n) + fee)


def _money(text: str, scale: int, line: str, hand_id: str) -> int:
    try:
        return parse_amount(text, scale)
    except ValueError as exc:
        raise HandParseError(f"unreadable amount in the header: {exc}", text=line,
                             hand_id=hand_id) from None


# ---------------------------------------------------------------------------------------
# The client of 2019 on
# ---------------------------------------------------------------------------------------

_HEAD = re.compile(
    r"Hand #(?P<id>\d+) - (?P<game>[^()\n]+?)\((?P<limit>Fixed Limit|Pot Limit|No Limit)\) - "
    r"(?P<sb>[$]?[\d.,]+)/(?P<bb>[$]?[\d.,]+) - (?P<date>\d{4}/\d{2}/\d{2}) "
    r"(?P<time>\d{1,2}:\d{2}:\d{2}) (?P<tz>[A-Z]{2,5})$")
STUD_GAMES: dict[str, Game] = {"7Stud": Game.STUD, "7Stud H/L": Game.STUD8}
_LIMITS = {"Fixed Limit": Limit.FIXED, "Pot Limit": Limit.POT, "No Limit": Limit.NO_LIMIT}


def read_header(line: str) -> HeaderFields:
    """Take apart the first line of a hand of the 2019+ client.

    >>> h = read_header("Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - "
    ...                 "2019/07/28 16:15:58 UTC")
    >>> h.hand_id, h.game, h.fields["small_bet"], h.fields["big_bet"], h.fields["currency"]
    ('85198832', <Game.STUD: 'stud'>, 4, 8, 'USD')
    >>> h.fields["started_at"].isoformat()
    '2019-07-28T16:15:58+00:00'
    >>> read_header("Hand #68217077 - Holdem(No Limit) - $0.05/$0.10 - "
    ...             "2019/06/28 02:38:17 UTC").game is None
    True
    """
    head = _HEAD.match(line)
    if head is None:
        raise HandParseError("unreadable Winning Poker hand header", text=line)
    hand_id = head["id"]
    game_text = f"{head['game']}({head['limit']})"
    game = STUD_GAMES.get(head["game"])
    fields = header_fields(SITE, hand_id, game_text, limit=_LIMITS[head["limit"]])
    if game is None:
        return HeaderFields(hand_id, game_text, None, fields)
    currency = next((c for s, c in CURRENCY_SYMBOLS.items() if s in head["sb"]), None)
    try:
        started = to_utc(head["date"], head["time"], head["tz"])
    except ValueError as exc:
        raise HandParseError(f"impossible start time in the header: {exc}", text=line,
                             hand_id=hand_id) from None
    # play money (no currency sign, as FPDB reads it) keeps its two decimals
    fields.update(game=game, small_bet=_money(head["sb"], 100, line, hand_id),
                  big_bet=_money(head["bb"], 100, line, hand_id), currency=currency,
                  scale=100, play_money=currency is None, started_at=started,
                  started_local=f"{head['date']} {head['time']} {head['tz']}")
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/winning.lark --------------------------------------
_AMT = r"\$?\d[\d.,]*"
_CARDS_RE = r"\[[^\[\]\n]*\]"
_ALLIN = r"(?P<all_in> and is all-in)?"
SHAPES: dict[str, re.Pattern[str]] = {
    "POT": re.compile(rf"(?:Main pot|Side pot\(\d+\)) {_AMT} \| Rake {_AMT}"),
    "DEAL": re.compile(
        rf"Dealt to (?P<name>[^\n]+?) (?P<cards>{_CARDS_RE})(?: (?P<more>{_CARDS_RE}))?"),
    "UNCALLED": re.compile(rf"Uncalled bet \((?P<amount>{_AMT})\) returned to (?P<name>[^\n]+)"),
    "BRING_IN": verb_shape("brings in", rf"(?P<amount>{_AMT}){_ALLIN}"),
    "BET": verb_shape("bets", rf"(?P<amount>{_AMT}){_ALLIN}"),
    "RAISE": verb_shape("raises", rf"(?P<added>{_AMT}) to (?P<amount>{_AMT}){_ALLIN}"),
    "CALL": verb_shape("calls", rf"(?P<amount>{_AMT}){_ALLIN}"),
    "CHECK": verb_shape("checks"),
    "FOLD": verb_shape("folds"),
    "SHOW": verb_shape("shows", rf"(?P<cards>{_CARDS_RE})(?: \((?P<description>[^\n]*)\))?"),
    "NO_SHOW": verb_shape("does not show"),
    "COLLECT": re.compile(rf"(?P<name>[^\n]+) collected (?P<amount>{_AMT}) from "
                          r"(?P<pot>main pot|side pot-(?P<index>\d+)|pot)"),
}
"""Every line shape of ``LINES`` in grammar/winning.lark, as Python regexes."""
LINE_ORDER: tuple[str, ...] = ("POT", "DEAL", "UNCALLED", "BRING_IN", "BET", "RAISE", "CALL",
                               "CHECK", "FOLD", "SHOW", "NO_SHOW", "COLLECT")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""
_ANTE = re.compile(rf"(?P<name>[^\n]+) posts ante (?P<amount>{_AMT}){_ALLIN}")
_SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>[^\n]+) \((?P<stack>{_AMT})\)")
_TABLE = re.compile(r"(?P<name>[^\n]+?) (?P<max>\d+)-max(?: [^\n]*)?")
_TOTAL = re.compile(rf"Total pot (?P<total>{_AMT}) \| Rake (?P<rake>{_AMT})"
                    rf"(?: \| JP Fee (?P<fee>{_AMT}))?")
_FOLDED = re.compile(r"folded on the (?P<street>[3-7]th|3rd) Street(?: and did not bet)?")
_SHOWED = re.compile(rf"showed (?P<cards>{_CARDS_RE}) and (?:won (?P<won>{_AMT})|lost)"
                     r"(?: with (?P<description>[^\n]*))?")
_NOT_SHOWN_WON = re.compile(rf"did not show and won (?P<won>{_AMT})")


def classify(line: str) -> tuple[str, re.Match[str]] | None:
    """The shape of a street's line as grammar/winning.lark decides it.

    >>> kind, m = classify("brady888 raises $0.20 to $0.30")
    >>> kind, m["added"], m["amount"]
    ('RAISE', '$0.20', '$0.30')
    >>> classify("Side pot(1) $0.60 | Rake $0.00")[0]
    'POT'
    """
    return classify_line(SHAPES, LINE_ORDER, line)


class WinningBuilder(PatternLinesBuilder):
    """The parser's callbacks for ``grammar/winning.lark``, appending events in order."""

    SHAPES = SHAPES
    LINE_ORDER = LINE_ORDER
    SEAT_LINE = _SEAT
    ANTE_LINE = _ANTE

    def reset(self) -> None:
        super().reset()
        self.collected = False
        """The body printed a ``collected`` line."""

    # -- terminals -----------------------------------------------------------------
    def TABLE(self, token: Any) -> None:
        m = _TABLE.fullmatch(token.value[:-1])
        if m is None:  # pragma: no cover - the terminal guarantees the shape
            raise LineError("unreadable table line", token.line)
        self.table_name = m["name"]
        self.max_seats = int(m["max"])

    def TOTAL_POT(self, token: Any) -> None:
        self.events.append(_pot_summary(self, token, _TOTAL))

    def SEAT_SUMMARIES(self, token: Any) -> None:
        for n, value in self._lines(token):
            self._seat_summary(value, n)

    def _seat_summary(self, value: str, n: int) -> None:
        number_text, _, rest = value[5:].partition(": ")
        name = seated_name(self.names, rest)
        if name is None:
            raise LineError("a summary line of a player who is not seated", n)
        tail = rest[len(name):].strip()
        line = self._file_line(n)
        outcome, street, won, description = SeatOutcome.OTHER, None, None, None
        cards: tuple[MaybeCard, ...] = ()
        folded, showed, not_shown = (_FOLDED.fullmatch(tail), _SHOWED.fullmatch(tail),
                                     _NOT_SHOWN_WON.fullmatch(tail))
        if folded:
            outcome, street = SeatOutcome.FOLDED, _STREET_NAMES[folded["street"]]
        elif showed:
            cards = self._cards(showed["cards"][1:-1], n)
            description = showed["description"]
            outcome = SeatOutcome.SHOWED_WON if showed["won"] else SeatOutcome.SHOWED_LOST
            won = self._amount(showed["won"], n) if showed["won"] else None
        elif not_shown:
            outcome, won = SeatOutcome.COLLECTED, self._amount(not_shown["won"], n)
        if won and not self.collected:  # the summary is the only word on who collected
            self.events.append(Collect(line=line, player=name, amount=won))
        self.events.append(SeatSummary(line=line, player=name, seat=int(number_text),
                                       outcome=outcome, street=street, cards=cards, won=won,
                                       description=description, text=value))

    # -- one event per line ------------------------------------------------------------
    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        line = self._file_line(n)
        if kind == "POT":
            self.events.append(Announcement(line=line, kind="other", text=m.group(0)))
            return
        name = m["name"]
        mine = self.totals.get(name, 0)
        event: HandEvent
        if kind == "DEAL":
            event = self._deal_match(m, n)
        elif kind == "UNCALLED":
            event = UncalledReturned(line=line, player=name, amount=self._amount(m["amount"], n))
        elif kind == "RAISE":  # "raises $0.20 to $0.30": the chips added, then the total
            added, to = self._amount(m["added"], n), self._amount(m["amount"], n)
            if added != to - mine:
                self.warnings.append(f"line {line}: {name} raises {m['added']} to "
                                     f"{m['amount']} with {to - mine} more than before: the "
                                     "total is kept")
            event = self._raise_to(name, to, line, m["all_in"] is not None)
        elif kind == "SHOW":
            event = Show(line=line, player=name, cards=self._cards(m["cards"][1:-1], n),
                         description=m["description"] or None)
        elif kind == "COLLECT":
            self.collected = True
            index = int(m["index"]) if m["index"] else None
            pot = PotKind.MAIN if m["pot"] == "main pot" else PotKind.SIDE if index else PotKind.POT
            event = Collect(line=line, player=name, amount=self._amount(m["amount"], n),
                            pot=pot, pot_index=index)
        elif "amount" in m.re.groupindex:  # BRING_IN, BET, CALL: the chips put in
            amount = self._amount(m["amount"], n)
            self._chips_in(name, mine + amount, kind == "CALL")
            event = player_event(kind, line, name, amount, m["all_in"] is not None)
        else:  # CHECK, FOLD, NO_SHOW
            event = player_event(kind, line, name)
        self.events.append(event)


# ---------------------------------------------------------------------------------------
# The client of 2016
# ---------------------------------------------------------------------------------------

_STARTED = re.compile(r"Game started at: (?P<date>\d{4}/\d{1,2}/\d{1,2}) "
                      r"(?P<time>\d{1,2}:\d{1,2}:\d{1,2})$")
_GAME_ID = re.compile(r"Game ID: (?P<id>\d+) (?P<sb>\d[\d.,]*)/(?P<bb>\d[\d.,]*) "
                      r"(?P<table>.+?) \((?P<game>[^()]+)\)(?: (?P<max>\d+)-max)?$")
STUD_GAMES_2016: dict[str, Game] = {"Seven Cards Stud": Game.STUD,
                                    "Seven Cards Stud HiLow": Game.STUD8}


def read_header_2016(text: str) -> HeaderFields:
    """Take apart the first two lines of a hand of the 2016 client.

    >>> h = read_header_2016("Game started at: 2016/8/2 11:17:19\\n"
    ...                      "Game ID: 693977667 1/2 (PRR) Leyak (Seven Cards Stud)")
    >>> h.hand_id, h.game, h.fields["small_bet"], h.fields["big_bet"], h.fields["table"]
    ('693977667', <Game.STUD: 'stud'>, 100, 200, '(PRR) Leyak')
    >>> h.fields["started_at"] is None, h.fields["started_local"]
    (True, '2016/8/2 11:17:19')
    """
    first, _, second = text.partition("\n")
    started, game_line = _STARTED.match(first), _GAME_ID.match(second)
    if started is None or game_line is None:
        raise HandParseError("unreadable Winning Poker (2016) hand header", text=text)
    hand_id = game_line["id"]
    game_text = game_line["game"]
    game = STUD_GAMES_2016.get(game_text)
    fields = header_fields(SITE, hand_id, game_text, table=game_line["table"],
                           max_seats=int(game_line["max"]) if game_line["max"] else None)
    if game is None:
        return HeaderFields(hand_id, game_text, None, fields)
    try:
        to_utc(started["date"], started["time"], "UTC")  # only to refuse an impossible time
    except ValueError as exc:
        raise HandParseError(f"impossible start time in the header: {exc}", text=first,
                             hand_id=hand_id) from None
    fields.update(game=game, limit=Limit.FIXED, currency="USD", scale=100,
                  small_bet=_money(game_line["sb"], 100, second, hand_id),
                  big_bet=_money(game_line["bb"], 100, second, hand_id),
                  started_local=f"{started['date']} {started['time']}")
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/winning_2016.lark ----------------------------------
_AMT_2016 = r"\d[\d.,]*"
SHAPES_2016: dict[str, re.Pattern[str]] = {
    "DEAL": re.compile(r"Player (?P<name>[^\n]+) received card: \[(?P<cards>[^\[\]\n]+)\]"),
    "HIDDEN": re.compile(r"Player (?P<name>[^\n]+) received a card\."),
    "UNCALLED": re.compile(
        rf"Uncalled bet \((?P<amount>{_AMT_2016})\) returned to (?P<name>[^\n]+)"),
    "BRING_IN": re.compile(rf"Player (?P<name>[^\n]+) bring in \((?P<amount>{_AMT_2016})\)"),
    "BET": re.compile(rf"Player (?P<name>[^\n]+) bets \((?P<amount>{_AMT_2016})\)"),
    "RAISE": re.compile(rf"Player (?P<name>[^\n]+) raises \((?P<amount>{_AMT_2016})\)"),
    "CALL": re.compile(rf"Player (?P<name>[^\n]+) calls \((?P<amount>{_AMT_2016})\)"),
    "CHECK": re.compile(r"Player (?P<name>[^\n]+) checks"),
    "FOLD": re.compile(r"Player (?P<name>[^\n]+) folds"),
    "MUCK": re.compile(r"Player (?P<name>[^\n]+) mucks cards"),
}
"""Every line shape of ``LINES`` in grammar/winning_2016.lark, as Python regexes."""
LINE_ORDER_2016: tuple[str, ...] = ("DEAL", "HIDDEN", "UNCALLED", "BRING_IN", "BET", "RAISE",
                                    "CALL", "CHECK", "FOLD", "MUCK")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""
_ANTE_2016 = re.compile(rf"Player (?P<name>[^\n]+) ante \((?P<amount>{_AMT_2016})\)")
_SEAT_2016 = re.compile(rf"Seat (?P<seat>\d+): (?P<name>[^\n]+) \((?P<stack>{_AMT_2016})\)\.")
_POT_2016 = re.compile(rf"Pot: (?P<total>{_AMT_2016})\. Rake (?P<rake>{_AMT_2016})"
                       rf"(?:\. JP fee (?P<fee>{_AMT_2016}))?")
_SUMMARY_2016 = re.compile(
    r"(?P<what>shows: (?P<description>[^\n]*?) ?\[(?P<cards>[^\[\]\n]*)\]"
    r"(?: (?P<low>Low hand \([^()\n]*\)))?|mucks \(does not show cards\)|does not show cards)"
    rf"\. ?Bets: (?P<bets>{_AMT_2016})\. Collects: (?P<collects>{_AMT_2016})\. "
    rf"(?:Wins|Loses): {_AMT_2016}\.?")
_STREETS_2016 = {"Third": Street.THIRD, "Fourth": Street.FOURTH, "Fifth": Street.FIFTH,
                 "Sixth": Street.SIXTH}


def classify_2016(line: str) -> tuple[str, re.Match[str]] | None:
    """The shape of a street's line as grammar/winning_2016.lark decides it.

    >>> kind, m = classify_2016("Player Nee received a card.")
    >>> kind, m["name"]
    ('HIDDEN', 'Nee')
    """
    return classify_line(SHAPES_2016, LINE_ORDER_2016, line)


class Winning2016Builder(ShiftedStreetsBuilder):
    """The parser's callbacks for ``grammar/winning_2016.lark``, appending events in order."""

    SHAPES = SHAPES_2016
    LINE_ORDER = LINE_ORDER_2016
    SEAT_LINE = _SEAT_2016

    def reset(self) -> None:
        super().reset()
        self.dealt: dict[str, int] = {}
        """Cards each player got on this street (one card per line)."""
        self.put_in: dict[str, int] = {}
        """Each player's chips in the pot, uncalled bets taken back: the summary's ``Bets``."""

    # -- terminals -----------------------------------------------------------------
    def PRE(self, token: Any) -> None:
        for ante in self._ante_run(token, _ANTE_2016):
            self._add(ante.player, ante.amount)

    def STREET(self, token: Any) -> None:
        self._named_street(_STREETS_2016[token.value.split()[1]], token.line)
        self.dealt = {}

    def POT(self, token: Any) -> None:
        self.events.append(_pot_summary(self, token, _POT_2016))

    def SEAT_SUMMARIES(self, token: Any) -> None:
        seats = {seat.name: seat.seat for seat in self.seats}
        for n, value in self._lines(token):
            rest = value[len("*Player "):] if value.startswith("*") else value[len("Player "):]
            name = seated_name(self.names, rest)
            if name is None:
                raise LineError("a summary line of a player who is not seated", n)
            m = _SUMMARY_2016.fullmatch(rest[len(name) + 1:])
            if m is None:
                raise LineError("unreadable summary line", n)
            self._summary_line(name, seats[name], m, value, n)

    def _summary_line(self, name: str, seat: int, m: re.Match[str], value: str, n: int) -> None:
        line = self._file_line(n)
        collects = self._amount(m["collects"], n)
        bets = self._amount(m["bets"], n)
        if bets != self.put_in.get(name, 0):
            self.warnings.append(f"line {line}: the summary says {name} bet {m['bets']}; the "
                                 f"actions put in {self.put_in.get(name, 0)} units")
        cards: tuple[MaybeCard, ...] = ()
        description: str | None = None
        if m["cards"] is not None:
            cards = self._cards(m["cards"], n)
            description = " ".join(p for p in (m["description"], m["low"]) if p) or None
            self.events.append(Show(line=line, player=name, cards=cards,
                                    description=description))
            outcome = SeatOutcome.SHOWED_WON if collects else SeatOutcome.SHOWED_LOST
        elif collects:
            outcome = SeatOutcome.COLLECTED
        else:
            outcome = SeatOutcome.MUCKED if m["what"].startswith("mucks") else SeatOutcome.OTHER
        if collects:
            self.events.append(Collect(line=line, player=name, amount=collects))
        self.events.append(SeatSummary(line=line, player=name, seat=seat, outcome=outcome,
                                       cards=cards, won=collects or None,
                                       description=description, text=value))

    def ENDED(self, token: Any) -> None:
        """``Game ended at: ...``: the end time, which the event model does not hold."""

    # -- one event per line ------------------------------------------------------------
    def _add(self, name: str, amount: int) -> None:
        self.put_in[name] = self.put_in.get(name, 0) + amount

    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        line = self._file_line(n)
        name = m["name"]
        mine = self.totals.get(name, 0)
        event: HandEvent
        if kind in ("DEAL", "HIDDEN"):
            count = self.dealt.get(name, 0)
            self.dealt[name] = count + 1
            if self.street is Street.THIRD:
                up = _face_up(self.game, Street.THIRD, 3)[min(count, 2)]
            else:
                up = _face_up(self.game, self.street, 1)[0]
            cards = self._cards(m["cards"], n) if kind == "DEAL" else (None,)
            event = Deal(line=line, player=name, street=self.street, cards=cards,
                         face_up=(up,))
        elif kind == "UNCALLED":
            amount = self._amount(m["amount"], n)
            self._add(name, -amount)
            event = UncalledReturned(line=line, player=name, amount=amount)
        elif kind == "RAISE":  # "raises (1)": the chips the raise puts in
            amount = self._amount(m["amount"], n)
            self._add(name, amount)
            event = self._raise_to(name, mine + amount, line)
        elif "amount" in m.re.groupindex:  # BRING_IN, BET, CALL: the chips put in
            amount = self._amount(m["amount"], n)
            self._add(name, amount)
            self._chips_in(name, mine + amount, kind == "CALL")
            event = player_event(kind, line, name, amount)
        else:  # CHECK, FOLD, MUCK (the history shows no card)
            event = player_event(kind, line, name)
        self.events.append(event)
