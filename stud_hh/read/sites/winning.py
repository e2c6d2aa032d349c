"""Winning Poker Network (Americas Cardroom and its skins): two dialects, one site.

The network's clients have written two formats, each with its own grammar:

* ``grammar/winning.lark``, the client of 2019 on (:func:`read_header`,
  :class:`WinningBuilder`): PokerStars' layout in its own words. ``raises $0.20
  to $0.30`` prints the chips the raiser adds, then the new total: the event
  keeps the total, its ``by`` part comes from the street's totals, and an added
  amount that does not agree with them is kept as a warning. A completion is
  printed ``raises $0.04 to $0.04`` and stays a :class:`~stud_hh.model.events.Raise`
  (the replayer names it a completion). The running pot line each street opens
  with (``Main pot $2.12 | Rake $0.09``) is kept as an
  :class:`~stud_hh.model.events.Announcement`. When the body prints no ``collected``
  line (a hand nobody shows), the summary's ``did not show and won $0.36`` is
  the collection. Cash games print dollars (``$0.04/$0.08``), play money the
  same numbers without the sign (``play_money``), tournaments (``Game Hand #N
  - Tournament #T - 7Stud(Fixed Limit) - Level 3 (20.00/40.00) - ...``) chips
  with two decimals: ``tournament_id`` and ``level`` are read, the buy-in is
  printed only in the file name, so it stays ``None``.
* ``grammar/winning_2016.lark``, the client of 2016 (:func:`read_header_2016`,
  :class:`Winning2016Builder`): one card per line, every amount the chips the
  action puts in (``Player X calls (0.60)``), and street headers one street late
  (:class:`~stud_hh.read.sites.common.ShiftedStreetsBuilder`). It prints no limit
  (its stud is fixed-limit: ``1/2`` is the small and big bet, and the hands bet
  1 and 2), no currency sign (the network's cash games are in US dollars, so
  ``USD``, as FPDB also reads them; a table named ``PM ...`` is play money and
  one named ``..., Table 18`` a tournament's, in chips) and no time zone
  (``started_at`` stays ``None``; the local text is kept). Nor does it print a
  tournament's number (FPDB takes it from the file name): ``tournament_id``
  stays ``None``. ``allin (1480)`` and ``caps (2)`` print the chips added, as
  ``raises (1)`` does (FPDB's regression hand 727816656 settles it: the small
  blind ``raises (1250)``, gets 1200 back and ``Bets: 110``). A bare ``allin``
  (a disconnected player declared all-in with chips behind) fails the hand
  with that reason: the rules engine has no disconnect protection. There is
  no showdown section and no collection line: each summary line (``*Player X
  shows: Two pairs. Qs and 7s [Qc 10s ...]. Bets: 4.55. Collects: 8.95. Wins:
  4.40.``) becomes a :class:`~stud_hh.model.events.Show` for the cards it turns
  over, a :class:`~stud_hh.model.events.Collect` for what it collects and a
  :class:`~stud_hh.model.events.SeatSummary`; a ``Bets`` total that disagrees with
  the player's actions is kept as a warning.

Both write the rake and the jackpot fee apart (``Rake 0.11. JP fee 0.04``,
``Rake $0.08 | JP Fee $0.02``); both are taken from the pot, so the
:class:`~stud_hh.model.events.PotSummary` rake is their sum (0 where the line prints
none: tournaments, raked-nothing hands of later files). The pot total is kept
as printed: after rake, on this network. Chat is not written into either
client's histories; their table notices (``Player X sitting out``, ``X waits
for big blind``) are :data:`NOISE`. docs/formats/winning.md catalogues every
form with its source.
"""

from __future__ import annotations

import re
from typing import Any

from stud_hh.model.cards import MaybeCard
from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
    Announcement,
    Bet,
    BringIn,
    Call,
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
    TableEventKind,
    UncalledReturned,
)
from stud_hh.model.money import CURRENCY_SYMBOLS, parse_amount
from stud_hh.read.sites.common import (
    HeaderFields,
    LineError,
    PatternLinesBuilder,
    ShiftedStreetsBuilder,
    SiteBuilder,
    classify_line,
    face_up,
    header_fields,
    player_event,
    verb_shape,
)
from stud_hh.read.sites.headers import TimeFault, header_time, local_time
from stud_hh.read.sites.noise import NoiseShape

SITE: str = "Winning Poker Network"

NOISE: tuple[NoiseShape, ...] = (
    NoiseShape(r"Player (?P<name>.+?) sitting out", TableEventKind.SITTING_OUT),
    NoiseShape(r"Player (?P<name>.+?) is disconnected and ALL IN\.",
               TableEventKind.DISCONNECTED),
    NoiseShape(r"(?P<name>.+?) waits for big blind", TableEventKind.SITTING_OUT),
)
"""The shapes of this site's table notices, of both clients (see
:mod:`stud_hh.read.sites.noise`); docs/formats/winning.md catalogues them. Neither
client writes chat into its histories."""

HAND_START: re.Pattern[str] = re.compile(
    r"(?:Game )?Hand #\d+ - [^\n]*- \d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}(?::\d{2})?(?: \S{1,8})?"
    r"(?=\n|$)")
"""A line that opens a hand of the 2019+ client (``Game Hand #`` in tournaments): the
whole line's shape, up to its date, time and zone.

>>> [bool(HAND_START.match(t)) for t in (
...  "Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 16:15:58 UTC",
...  "Hand #1 - x calls $0.04")]
[True, False]
"""

HAND_START_2016: re.Pattern[str] = re.compile(
    r"Game started at: \d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{1,2}:\d{1,2}(?=\n|$)")
"""A line that opens a hand of the 2016 client: the whole line.

>>> [bool(HAND_START_2016.match(t)) for t in ("Game started at: 2016/8/2 11:13:2",
...  "Game started at: 2016/8/2 11:13:2 calls 1")]
[True, False]
"""

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
    rake = builder._amount(m["rake"], n) if m["rake"] else 0
    return PotSummary(line=builder._file_line(n), total=builder._amount(m["total"], n),
                      main=None, sides=(), rake=rake + fee)


def _money(text: str, scale: int, line: str, hand_id: str) -> int:
    try:
        return parse_amount(text, scale)
    except ValueError as exc:
        raise HandParseError(f"unreadable amount in the header: {exc}", text=line,
                             hand_id=hand_id) from None


# ---------------------------------------------------------------------------------------
# The client of 2019 on
# ---------------------------------------------------------------------------------------

_AMOUNT_TEXT = r"[$]?\d[\d.,]*"
_HEAD = re.compile(
    r"(?:Game )?Hand #(?P<id>\d+) - "
    r"(?:(?P<guarantee>[$]?[\d.,]+K? GTD )?Tournament #(?P<tournament>\d+) - )?"
    r"(?P<game>[^()\n]+?) ?\((?P<limit>Fixed Limit|Pot Limit|No Limit|All-in or Fold Limit)\)"
    r" - (?:Level (?P<level>[IVXLC\d]+) )?"
    rf"\(?(?P<sb>{_AMOUNT_TEXT})/(?P<bb>{_AMOUNT_TEXT})\)?(?:, Ante (?P<ante>{_AMOUNT_TEXT}))?"
    r" ?- (?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2})(?: (?P<tz>[A-Z]{2,5}))?$")
STUD_GAMES: dict[str, Game] = {"7Stud": Game.STUD, "7Stud H/L": Game.STUD8}
"""The stud-family games of the 2019+ client (FPDB's ``games2``): any other name that
looks like stud fails the hand by name rather than being guessed."""
_LIMITS = {"Fixed Limit": Limit.FIXED, "Pot Limit": Limit.POT, "No Limit": Limit.NO_LIMIT}


def read_header(line: str) -> HeaderFields:
    """Take apart the first line of a hand of the 2019+ client.

    >>> h = read_header("Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - "
    ...                 "2019/07/28 16:15:58 UTC")
    >>> h.hand_id, h.game, h.fields["small_bet"], h.fields["big_bet"], h.fields["currency"]
    ('85198832', <Game.STUD: 'stud'>, 4, 8, 'USD')
    >>> h.fields["started_at"].isoformat()
    '2019-07-28T16:15:58+00:00'
    >>> t = read_header("Game Hand #80586590 - Tournament #11182752 - 7Stud H/L(Fixed Limit) "
    ...                 "- Level 4 (40.00/80.00)- 2019/07/21 17:44:50 UTC")
    >>> t.fields["tournament_id"], t.fields["level"], t.fields["small_bet"], t.fields["currency"]
    ('11182752', '4', 4000, None)
    >>> read_header("Hand #68217077 - Holdem(No Limit) - $0.05/$0.10 - "
    ...             "2019/06/28 02:38:17 UTC").game is None
    True
    """
    head = _HEAD.match(line)
    if head is None:
        raise HandParseError("unreadable Winning Poker hand header", text=line)
    hand_id = head["id"]
    game_text = line[head.start("game"):head.end("limit") + 1]
    game = STUD_GAMES.get(head["game"])
    fields = header_fields(SITE, hand_id, game_text, limit=_LIMITS.get(head["limit"]))
    if game is None:
        return HeaderFields(hand_id, game_text, None, fields)
    tournament = head["tournament"]
    currency = None if tournament else next(
        (c for s, c in CURRENCY_SYMBOLS.items() if s in head["sb"]), None)
    started = header_time(head["date"], head["time"], head["tz"], line=line, hand_id=hand_id)
    # play money (no currency sign, as FPDB reads it) and tournament chips keep their
    # two decimals
    fields.update(game=game, small_bet=_money(head["sb"], 100, line, hand_id),
                  big_bet=_money(head["bb"], 100, line, hand_id), currency=currency,
                  scale=100, play_money=currency is None and tournament is None,
                  tournament_id=tournament, level=head["level"],
                  started_at=started,
                  started_local=" ".join(p for p in (head["date"], head["time"], head["tz"])
                                         if p))
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/winning.lark --------------------------------------
_AMT = r"\$?\d[\d.,]*"
_CARDS_RE = r"\[[^\[\]\n]*\]"
_ALLIN = r"(?P<all_in> and is all-in)?"
SHAPES: dict[str, re.Pattern[str]] = {
    "POT": re.compile(rf"(?:Main pot|Side pot\(\d+\)) {_AMT}(?: \| Rake {_AMT})?"),
    "DEAL": re.compile(
        rf"Dealt to (?P<name>[^\n]+?) (?P<cards>{_CARDS_RE})(?: (?P<more>{_CARDS_RE}))?"),
    "UNCALLED": re.compile(rf"Uncalled bet \((?P<amount>{_AMT})\) returned to (?P<name>[^\n]+)"),
    "BRING_IN": re.compile(
        rf"(?P<name>[^\n]+) brings[ -]in(?: low)? (?P<amount>{_AMT}){_ALLIN}"),
    "BET": verb_shape("bets", rf"(?P<amount>{_AMT}){_ALLIN}"),
    "RAISE": verb_shape("raises", rf"(?P<added>{_AMT}) to (?P<amount>{_AMT}){_ALLIN}"),
    "CALL": verb_shape("calls", rf"(?P<amount>{_AMT}){_ALLIN}"),
    "CHECK": verb_shape("checks"),
    "FOLD": verb_shape("folds"),
    "SHOW": verb_shape("shows", rf"(?P<cards>{_CARDS_RE})(?: \((?P<description>[^\n]*)\))?"),
    "NO_SHOW": verb_shape("does not show"),
    "MUCK": verb_shape("mucks hand"),
    "COLLECT": re.compile(rf"(?P<name>[^\n]+) collected (?P<amount>{_AMT}) from "
                          r"(?P<pot>main pot|side pot-(?P<index>\d+)|pot)"),
}
"""Every line shape of ``LINES`` in grammar/winning.lark, as Python regexes."""
LINE_ORDER: tuple[str, ...] = ("POT", "DEAL", "UNCALLED", "BRING_IN", "BET", "RAISE", "CALL",
                               "CHECK", "FOLD", "SHOW", "NO_SHOW", "MUCK", "COLLECT")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""
_ANTE = re.compile(rf"(?P<name>[^\n]+) posts ante (?P<amount>{_AMT}){_ALLIN}")
_SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>[^\n]+) \((?P<stack>{_AMT})\)"
                   r"(?P<out> is sitting out)?")
_TABLE = re.compile(r"(?:Table '(?P<number>[^'\n]+)'|(?P<name>[^\n]+?)) (?P<max>\d+)-max"
                    r"(?P<play> \(Play Money\))?(?: Seat #(?P<button>\d+) is the button)?")
_TOTAL = re.compile(rf"Total pot (?P<total>{_AMT})(?: \| Rake (?P<rake>{_AMT})"
                    rf"(?: \| JP Fee (?P<fee>{_AMT}))?)?")
_FOLDED = re.compile(r"(?:showed (?P<cards>\[[^\[\]\n]*\]) and )?"
                     r"folded on the (?P<street>[3-7]th|3rd) Street(?: and did not bet)?")
_SHOWED = re.compile(rf"showed (?P<cards>{_CARDS_RE}) and (?:won (?P<won>{_AMT})|lost)"
                     r"(?: with (?P<description>[^\n]*))?")
_NOT_SHOWN_WON = re.compile(rf"did not show and won (?P<won>{_AMT})")
_MUCKED = re.compile(rf"mucked (?P<cards>{_CARDS_RE})")


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
        if m is None:
            raise LineError("unreadable table line", token.line)
        self.table_name = m["number"] or m["name"]
        self.max_seats = int(m["max"])
        if m["play"]:  # the table line says it in words: play money, whatever the sign
            if self.fields["currency"] is not None:
                self.warnings.append(f"line {self._file_line(token.line)}: a play-money table "
                                     f"in a hand whose stakes are in {self.fields['currency']}: "
                                     "read as play money")
            self.fields.update(play_money=True, currency=None)

    def SEATS(self, token: Any) -> None:
        for n, value in self._lines(token):
            m = _SEAT.fullmatch(value)
            if m is None:  # pragma: no cover - the terminal guarantees the shape
                raise LineError("unreadable seat line", n)
            self._seat(int(m["seat"]), m["name"], m["stack"], n, sitting_out=bool(m["out"]))

    def TOTAL_POT(self, token: Any) -> None:
        self.events.append(_pot_summary(self, token, _TOTAL))

    def SEAT_SUMMARIES(self, token: Any) -> None:
        for n, value in self._lines(token):
            self._seat_summary(value, n)

    def _seat_summary(self, value: str, n: int) -> None:
        number_text, _, rest = value[5:].partition(": ")
        name, printed = self._name_starting(rest, n, "a summary line")
        tail = rest[printed:].strip()
        line = self._file_line(n)
        outcome, street, won, description = SeatOutcome.OTHER, None, None, None
        cards: tuple[MaybeCard, ...] = ()
        folded, showed, not_shown, mucked = (_FOLDED.fullmatch(tail), _SHOWED.fullmatch(tail),
                                             _NOT_SHOWN_WON.fullmatch(tail),
                                             _MUCKED.fullmatch(tail))
        if folded:
            outcome, street = SeatOutcome.FOLDED, _STREET_NAMES[folded["street"]]
            if folded["cards"]:  # shown after folding, as the body's "shows" line did
                cards = self._cards(folded["cards"][1:-1], n)
        elif showed:
            cards = self._cards(showed["cards"][1:-1], n)
            description = showed["description"]
            outcome = SeatOutcome.SHOWED_WON if showed["won"] else SeatOutcome.SHOWED_LOST
            won = self._amount(showed["won"], n) if showed["won"] else None
        elif not_shown:
            outcome, won = SeatOutcome.COLLECTED, self._amount(not_shown["won"], n)
        elif mucked:  # the hero's own cards, mucked at the showdown
            outcome, cards = SeatOutcome.MUCKED, self._cards(mucked["cards"][1:-1], n)
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
        else:  # CHECK, FOLD, NO_SHOW, MUCK
            event = player_event(kind, line, name)
        self.events.append(event)


# ---------------------------------------------------------------------------------------
# The client of 2016
# ---------------------------------------------------------------------------------------

_STARTED = re.compile(r"Game started at: (?P<date>\d{4}/\d{1,2}/\d{1,2}) "
                      r"(?P<time>\d{1,2}:\d{1,2}:\d{1,2})$")
_ENDED = re.compile(r"Game ended at: (?P<date>\d{4}/\d{1,2}/\d{1,2}) "
                    r"(?P<time>\d{1,2}:\d{1,2}:\d{1,2})")
_GAME_ID = re.compile(r"Game ID: (?P<id>\d+) (?P<sb>\d[\d.,]*)/(?P<bb>\d[\d.,]*) "
                      r"(?P<table>.+?) \((?P<game>[^()]+)\)(?: (?P<max>\d+)-max)?$")
_TOURNAMENT_TABLE = re.compile(r".+, Table \d+")
"""A tournament's table (``$10 Freeroll - On Demand, Table 18``): FPDB reads the
buy-in and speed from the name, the tournament number from the file name."""
STUD_GAMES_2016: dict[str, Game] = {"Seven Cards Stud": Game.STUD,
                                    "Seven Cards Stud HiLow": Game.STUD8}
"""The stud-family games of the 2016 client (FPDB's ``games1``)."""


def read_header_2016(text: str) -> HeaderFields:
    """Take apart the first two lines of a hand of the 2016 client.

    >>> h = read_header_2016("Game started at: 2016/8/2 11:17:19\\n"
    ...                      "Game ID: 693977667 1/2 (PRR) Leyak (Seven Cards Stud)")
    >>> h.hand_id, h.game, h.fields["small_bet"], h.fields["big_bet"], h.fields["table"]
    ('693977667', <Game.STUD: 'stud'>, 100, 200, '(PRR) Leyak')
    >>> h.fields["started_at"] is None, h.fields["started_local"]
    (True, '2016/8/2 11:17:19')
    >>> t = read_header_2016("Game started at: 2016/9/14 18:14:38\\n"
    ...     "Game ID: 727816656 50/100 $5 Regular 9-Max, Table 1 (Seven Cards Stud)")
    >>> t.fields["currency"], t.fields["play_money"], t.fields["small_bet"]
    (None, False, 5000)
    """
    first, _, second = text.partition("\n")
    started, game_line = _STARTED.match(first), _GAME_ID.match(second)
    if started is None or game_line is None:
        raise HandParseError("unreadable Winning Poker (2016) hand header", text=text)
    hand_id = game_line["id"]
    game_text = game_line["game"]
    game = STUD_GAMES_2016.get(game_text)
    table = game_line["table"]
    fields = header_fields(SITE, hand_id, game_text, table=table,
                           max_seats=int(game_line["max"]) if game_line["max"] else None)
    if game is None:
        return HeaderFields(hand_id, game_text, None, fields)
    header_time(started["date"], started["time"], None, line=first, hand_id=hand_id)  # no zone
    play = table.startswith("PM ")
    chips = play or _TOURNAMENT_TABLE.fullmatch(table) is not None
    fields.update(game=game, limit=Limit.FIXED, currency=None if chips else "USD", scale=100,
                  play_money=play, small_bet=_money(game_line["sb"], 100, second, hand_id),
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
    "CAPS": re.compile(rf"Player (?P<name>[^\n]+) caps? \((?P<amount>{_AMT_2016})\)"),
    "ALLIN": re.compile(rf"Player (?P<name>[^\n]+) allin \((?P<amount>{_AMT_2016})\)"),
    "ALLIN_BARE": re.compile(r"Player (?P<name>[^\n]+) allin"),
    "CALL": re.compile(rf"Player (?P<name>[^\n]+) calls \((?P<amount>{_AMT_2016})\)"),
    "CHECK": re.compile(r"Player (?P<name>[^\n]+) checks"),
    "FOLD": re.compile(r"Player (?P<name>[^\n]+) folds"),
    "MUCK": re.compile(r"Player (?P<name>[^\n]+) mucks cards"),
}
"""Every line shape of ``LINES`` in grammar/winning_2016.lark, as Python regexes."""
LINE_ORDER_2016: tuple[str, ...] = ("DEAL", "HIDDEN", "UNCALLED", "BRING_IN", "BET", "RAISE",
                                    "CAPS", "ALLIN", "ALLIN_BARE", "CALL", "CHECK", "FOLD",
                                    "MUCK")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""
_ANTE_2016 = re.compile(rf"Player (?P<name>[^\n]+?)(?: posts)? ante \((?P<amount>{_AMT_2016})\)")
_SEAT_2016 = re.compile(rf"Seat (?P<seat>\d+): (?P<name>[^\n]+) \((?P<stack>{_AMT_2016})\)\.")
_POT_2016 = re.compile(rf"Pot: (?P<total>{_AMT_2016})(?:\. Rake (?P<rake>{_AMT_2016})"
                       rf"(?:\. JP fee (?P<fee>{_AMT_2016}))?)?")
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
    TENS_AS_10 = True  # "Player Ann received card: [10d]"

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
            name, printed = self._name_starting(rest, n, "a summary line")
            m = _SUMMARY_2016.fullmatch(rest[printed + 1:])
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
        """``Game ended at: ...``: the end time, which the event model does not hold; like
        every printed time, it must be readable."""
        ended = _ENDED.fullmatch(token.value.rstrip("\n"))
        try:
            if ended is None:
                raise TimeFault(f"no date and time in {token.value.strip()!r}")
            local_time(ended["date"], ended["time"])
        except TimeFault as exc:
            raise LineError(f"unreadable end time: {exc}", token.line) from None

    def BUTTON(self, token: Any) -> None:
        """``Seat 1 is the button``: the dealer's seat, which stud does not use."""

    # -- one event per line ------------------------------------------------------------
    def _all_in(self, name: str, amount: int, line: int) -> HandEvent:
        """``allin (X)``: X more chips, all the player has. What it is follows from the
        street's bet so far, as FPDB reads it: the first chips of 3rd street are the
        bring-in; no more than the bet is a call, into no bet a bet, above it a raise."""
        self._add(name, amount)
        to = self.totals.get(name, 0) + amount
        if self.street is Street.THIRD and self.bet_to == 0:
            self._put(name, to)
            return BringIn(line=line, player=name, amount=amount, all_in=True)
        if to <= self.bet_to:
            self.totals[name] = to
            return Call(line=line, player=name, amount=amount, all_in=True)
        if self.bet_to == 0:
            self._put(name, to)
            return Bet(line=line, player=name, amount=amount, all_in=True)
        return self._raise_to(name, to, line, all_in=True)

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
                up = face_up(self.game, Street.THIRD, 3)[min(count, 2)]
            else:
                up = face_up(self.game, self.street, 1)[0]
            cards = self._cards(m["cards"], n) if kind == "DEAL" else (None,)
            event = Deal(line=line, player=name, street=self.street, cards=cards,
                         face_up=(up,))
        elif kind == "UNCALLED":
            amount = self._amount(m["amount"], n)
            self._add(name, -amount)
            event = UncalledReturned(line=line, player=name, amount=amount)
        elif kind in ("RAISE", "CAPS"):  # "raises (1)": the chips the raise puts in
            amount = self._amount(m["amount"], n)
            self._add(name, amount)
            event = self._raise_to(name, mine + amount, line)
        elif kind == "ALLIN":  # the chips put in: a bring-in, call, bet or raise by its size
            event = self._all_in(name, self._amount(m["amount"], n), line)
        elif kind == "ALLIN_BARE":
            raise LineError(f"{name} is declared all-in without an amount (the client's "
                            "disconnect protection: chips behind, nothing more put in), "
                            "which the rules engine does not model", n)
        elif "amount" in m.re.groupindex:  # BRING_IN, BET, CALL: the chips put in
            amount = self._amount(m["amount"], n)
            self._add(name, amount)
            self._chips_in(name, mine + amount, kind == "CALL")
            event = player_event(kind, line, name, amount)
        else:  # CHECK, FOLD, MUCK (the history shows no card)
            event = player_event(kind, line, name)
        self.events.append(event)
