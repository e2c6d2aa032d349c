"""Full Tilt Poker: header reader, noise shapes and the transformer for ``grammar/fulltilt.lark``.

Same design as :mod:`stud_hh.read.sites.pokerstars`: the grammar gives the
structure of a hand, one terminal per line or run of lines, and the callbacks
below take each line apart with regular expressions that mirror the grammar's
line shapes, producing the site-neutral events of :mod:`stud_hh.model.events`.
``docs/formats/fulltilt.md`` catalogues every form read here and where it is
known from.

What Full Tilt prints differently, and how it becomes the shared events:

* the header carries the table, the stakes and the game in one line, in two
  orders (``- $3/$6 Ante $0.50 - Limit Stud Hi -`` until 2013, ``- FL Razz -
  $1/$2 Ante $0.25 -`` after), with optional table notes (``(6 max, deep)``),
  a tournament's name and id before the table, and one or two times;
* ``completes it to $3`` is a :class:`~stud_hh.model.events.Complete`;
* ``raises to $6`` prints only the new total: the builder adds the ``by`` part
  from the street's totals so far (what was printed, summed; nothing decided);
* the first street of five-card stud is ``2ND STREET``: five-card stud streets
  are shifted so that its first deal is :attr:`Street.THIRD`, as the
  :mod:`stud_hh.rules` game table expects;
* ``Dealt to Hero [5s 2h] [Th]`` on the first street holds three new cards;
  later, ``Dealt to X [As] [3h]`` repeats the known cards, then the new one;
* ``X wins the pot ($9.50)`` / ``the main pot`` / ``the side pot #2`` / ``the
  high pot`` / ``the low side pot`` are :class:`~stud_hh.model.events.Collect`
  events; a hand the site closed without any such line (it happens, FPDB and
  other trackers met it) is awarded as its summary's ``collected`` /
  ``and won`` amounts say, with a warning;
* ``Ante of $0.40 returned to X``: X timed out before the deal and is not in
  the hand: the ante is taken back out of the events;
* chat (``X: text``, ``X (Observer): text``), timers, connection and seat
  traffic, emotes and notices are :data:`NOISE`, taken out before the grammar.
"""

from __future__ import annotations

import re
from typing import Any

import stud_hh.read.sites.games as games
from stud_hh.model.cards import MaybeCard
from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
    Announcement,
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    Fold,
    Game,
    HandEvent,
    Limit,
    Muck,
    PostAnte,
    PotKind,
    PotSummary,
    Raise,
    SeatSummary,
    Show,
    Street,
    TableEvent,
    TableEventKind,
    UncalledReturned,
)
from stud_hh.model.money import CURRENCY_SYMBOLS, parse_amount
from stud_hh.read.sites.common import (
    HeaderFields,
    LineError,
    SiteBuilder,
    classify_line,
    face_up,
    header_fields,
)
from stud_hh.read.sites.headers import header_time
from stud_hh.read.sites.noise import NoiseShape
from stud_hh.read.sites.summary_lines import folded_street, seat_summary

SITE: str = "Full Tilt Poker"

# -- noise: chat, table traffic, timers, notices ---------------------------------------
# A named shape never matches a line the grammar reads: the lines that start with
# "Seat N: ", "*** ", the header, "Dealt to", "Total pot", "Uncalled bet", "Ante of"
# are not noise, whatever follows ("Seat 1: Ann ($5), is sitting out" is a seat line).
_NOT_OURS = (r"(?!Seat \d+: |\*\*\* |Full ?Tilt ?Poker (?:Game|Hand) #|Dealt to |Total pot "
             r"|Uncalled bet of |Ante of |Hand #\d+ has been )")
_WHO = _NOT_OURS + r"(?P<name>.+?)"
_CHAT_ACTION = (r"(?:antes|brings in|completes it|bets|calls|raises to|shows|wins the"
                r"|ties for|is (?:low|high) with)(?: |$)|(?:checks|folds|mucks)$")
"""A chat text that begins like an action of the hand (``Bob: calls $2``, ``Bob: bets $x``):
not chat, so the line goes on to the grammar and a damaged action line fails the hand
with its reason (a chat that begins so, ``bets are off``, fails the hand too: the safe
side)."""

NOISE: tuple[NoiseShape, ...] = (
    NoiseShape(_WHO + r" \(Observer\): (?P<text>.*)"),
    NoiseShape(_NOT_OURS + r"(?P<name>[^:\n]+?): (?P<text>.*)", exclude=_CHAT_ACTION),
    NoiseShape(_WHO + r" has \d+ seconds? left to act", TableEventKind.OTHER),
    NoiseShape(r"\d+ seconds? left to act", TableEventKind.OTHER),
    NoiseShape(_WHO + r" has requested TIME", TableEventKind.OTHER),
    NoiseShape(_WHO + r" has timed out(?: while [a-z ]+)?", TableEventKind.TIMED_OUT),
    NoiseShape(r"Time has expired", TableEventKind.OTHER),
    NoiseShape(_WHO + r" is sitting out", TableEventKind.SITTING_OUT),
    NoiseShape(_WHO + r" sits out", TableEventKind.SITTING_OUT),
    NoiseShape(_WHO + r" has returned", TableEventKind.RETURNED),
    NoiseShape(_WHO + r" stands up", TableEventKind.LEAVES),
    NoiseShape(_WHO + r" sits down", TableEventKind.JOINS),
    NoiseShape(_WHO + r" adds [$€£]?\d[\d.,]*", TableEventKind.OTHER),
    NoiseShape(_WHO + r" has been disconnected", TableEventKind.DISCONNECTED),
    NoiseShape(_WHO + r" has reconnected", TableEventKind.CONNECTED),
    NoiseShape(_WHO + r" has \d+ seconds to reconnect", TableEventKind.DISCONNECTED),
    NoiseShape(_WHO + r" is feeling [a-z]+", TableEventKind.OTHER),
    NoiseShape(_WHO + r" has registered late for the tournament(?: [^\n]*)?",
               TableEventKind.JOINS),
    NoiseShape(r"The (?:blinds|antes|limits|stakes) are now [^\n]+", TableEventKind.OTHER),
    NoiseShape(r"Duration (?:\d+[hms] ?)+", TableEventKind.OTHER),
)
"""The shapes of this site's chat, table-traffic, timer and notice lines (see
:mod:`stud_hh.read.sites.noise`); ``docs/formats/fulltilt.md`` catalogues them (``noise.*``).
Two shapes take a little more than the catalogued lines, as the same notice in other
words can carry nothing else: ``has timed out while ...`` and a tournament's ``The
antes/limits are now ...`` beside ``The blinds are now ...``.

``X adds $40`` is noise too: chips added during a hand play from the next hand on (the
seat lines of the next hand show them; a player who sits down and adds chips in a hand
is not in it), so the line changes nothing in the hand it stands in."""

HAND_START: re.Pattern[str] = re.compile(
    r"(?:Full Tilt Poker|FullTiltPoker) (?:Game|Hand) #\d+: [^\n]* - "
    r"\d{1,2}:\d{2}(?::\d{2})? \S{1,8} - "
    r"(?:\d{4}/\d{1,2}/\d{1,2}|[A-Za-z]+, [A-Za-z]+ \d{1,2}, \d{4})"
    r"(?: \[[^\]\n]*\])?(?: \(partial\))?(?=\n|$)")
"""A line that opens a Full Tilt hand (``FullTiltPoker`` in 2006-2008 files and in the
exports of PokerTracker's stud version): the whole line's shape, up to its time, zone and
date (and the ET time in brackets, or ``(partial)``), so that no player called ``Full Tilt
Poker Game #2`` (nor one called by a whole header line) starts a hand with his actions.

>>> [bool(HAND_START.match(t)) for t in (
...  "Full Tilt Poker Game #1: Table A - $1/$2 Ante $0.20 - Limit Razz - 12:18:37 ET - 2010/06/11",
...  "Full Tilt Poker Game #2 bets $2")]
[True, False]
"""

# -- the header ---------------------------------------------------------------------
_AMT_RE = r"[$€£]?\d[\d.,]*[KMB]?"
_HEAD = re.compile(r"(?:Full Tilt Poker|FullTiltPoker) (?:Game|Hand) #(?P<id>\d+): (?P<rest>.*)$")
_TIME = re.compile(
    r" - (?:(?P<time>\d{1,2}:\d{2}:\d{2}) (?P<tz>[A-Za-z]{1,5}) - "
    r"(?P<date>\d{4}/\d{1,2}/\d{1,2})"
    r"(?: \[(?P<time2>\d{1,2}:\d{2}:\d{2}) (?P<tz2>[A-Za-z]{1,5}) - "
    r"(?P<date2>\d{4}/\d{1,2}/\d{1,2})\])?"
    r"|(?P<stime>\d{1,2}:\d{2}) (?P<stz>[A-Za-z]{1,5}) - [A-Za-z]{3,9}, "
    r"(?P<month>[A-Za-z]+) (?P<day>\d{1,2}), (?P<year>\d{4}))"
    r"(?P<partial> \(partial\))?$")
_STAKES_RE = (rf"(?P<sb{{n}}>{_AMT_RE})/(?P<bb{{n}}>{_AMT_RE})"
              rf"(?: Ante (?P<ante{{n}}>{_AMT_RE}))?")
_GAME_RE = (rf"(?:(?P<cap{{n}}>{_AMT_RE} )?(?:Cap|CAP) )?"
            r"(?P<limit{n}>No Limit|Pot Limit|Limit|NL|PL|FL) (?P<game{n}>[^\n]+?)")
_BODY = re.compile(
    r"(?:(?P<tourney>.+?) \((?P<tid>\d+)\), )?(?P<kind>Table|Match) (?P<table>.+?)"
    r"(?: \((?P<note>[^()]*)\))? - "
    r"(?:" + _STAKES_RE.format(n=1) + " - " + _GAME_RE.format(n=1)
    + "|" + _GAME_RE.format(n=2) + " - " + _STAKES_RE.format(n=2) + ")$")
_ENTRY = re.compile(r",? Entry #\d+$")
_MONTHS = {name: number for number, name in enumerate(
    ("january", "february", "march", "april", "may", "june", "july", "august",
     "september", "october", "november", "december"), 1)}
_BUY_IN_FEE = re.compile(r"(?:^| )(?P<buy>[$€£]\d[\d.,]*) ?\+ ?(?P<fee>[$€£]\d[\d.,]*)(?= |$)")
_PRICE = re.compile(r"^(?:(?:Super Turbo|Turbo|Escalator) )?(?P<buy>[$€£]\d[\d.,]*[KMB]?)(?= |$)")
_PLAY_BUY_IN = re.compile(r"^(?P<buy>\d[\d.,]*) Play Money\b")
_MIXED = re.compile(r"\b(?P<mix>\d+-Game|HORSE|HOSE|HEROS|HOE|HA|HO|OA|OE|SE)\b")
_MAX = re.compile(r"(?i)\b(?P<n>\d+) max\b|\b(?:deep|shallow) (?P<m>\d+)\b|(?P<hu>heads up)")
_HEADS_UP_TOURNEY = re.compile(r"(?i)\bhead'?s[ -]up\b")

GAME_NAMES: dict[str, Game] = {
    "stud hi": Game.STUD,
    "stud": Game.STUD,
    "7 card stud": Game.STUD,
    "7 card stud hi": Game.STUD,
    "7 stud": Game.STUD,
    "stud h/l": Game.STUD8,
    "stud hi/lo": Game.STUD8,
    "7 card stud h/l": Game.STUD8,
    "7 card stud hi/lo": Game.STUD8,
    "7 stud hi/lo": Game.STUD8,
    "razz": Game.RAZZ,
    "5 card stud": Game.FIVE_STUD,
    "5-card stud": Game.FIVE_STUD,
    "5 card stud hi": Game.FIVE_STUD,
    "5-card stud hi": Game.FIVE_STUD,
}
"""Every stud-family game name Full Tilt printed (lower case) and its game; the
catalogue's table "Game names" lists the same."""

_LIMITS = {"limit": Limit.FIXED, "fl": Limit.FIXED, "pot limit": Limit.POT, "pl": Limit.POT,
           "no limit": Limit.NO_LIMIT, "nl": Limit.NO_LIMIT}
_UNITS = {"K": 1_000, "M": 1_000_000, "B": 1_000_000_000}


def stakes_amount(text: str, scale: int) -> int:
    """A header amount in units; Full Tilt writes thousands, millions and billions of
    tournament chips as ``50K``, ``2M``, ``2B`` there (never on the action lines).

    >>> stakes_amount("$0.50", 100), stakes_amount("50K", 1), stakes_amount("1.5K", 1)
    (50, 50000, 1500)
    """
    unit = _UNITS.get(text[-1:])
    if unit is None:
        return parse_amount(text, scale)
    return parse_amount(text[:-1], unit * scale)


def read_header(line: str) -> HeaderFields:
    """Take apart a Full Tilt header line.

    Raises :class:`HandParseError` (without location) when it is not one, and for a
    hand the site marks ``(partial)`` (its history holds only part of the hand).

    >>> h = read_header("Full Tilt Poker Game #26190453000: Table Mart - $0.10/$0.20 Ante "
    ...                 "$0.02 - Limit Razz - 17:10:10 CCT - 2010/12/07 [04:10:10 ET - 2010/12/07]")
    >>> h.hand_id, h.game, h.fields["small_bet"], h.fields["table"], h.fields["currency"]
    ('26190453000', <Game.RAZZ: 'razz'>, 10, 'Mart', 'USD')
    >>> h.fields["started_at"].isoformat()
    '2010-12-07T09:10:10+00:00'
    >>> t = read_header("Full Tilt Poker Game #28333847000: $2 + $0.10 Heads Up Sit & Go "
    ...                 "(220338000), Table 1 - 80/160 Ante 15 - Limit Razz - 05:46:00 ET - "
    ...                 "2011/02/19")
    >>> t.fields["tournament_id"], t.fields["buy_in"], t.fields["fee"], t.fields["small_bet"]
    ('220338000', 200, 10, 80)
    >>> n = read_header("Full Tilt Poker Game #1: Table Vera (6 max) - FL Stud Hi - "
    ...                 "$1/$2 Ante $0.10 - 08:55:55 ET - 2013/05/08")
    >>> n.game, n.fields["big_bet"], n.fields["max_seats"]
    (<Game.STUD: 'stud'>, 200, 6)
    >>> read_header("Full Tilt Poker Game #1: Table T - $1/$2 - No Limit Hold'em - "
    ...             "1:00:00 ET - 2010/01/01").game is None
    True
    """
    head = _HEAD.match(line)
    if head is None:
        raise HandParseError("not a Full Tilt Poker hand header", text=line)
    hand_id, rest = head["id"], head["rest"]
    when = _TIME.search(rest)
    body = _BODY.fullmatch(rest[:when.start()]) if when else None
    if when is None or body is None:
        return _unreadable(hand_id, rest, line)
    if when["partial"]:
        raise HandParseError("the site marks this hand '(partial)': its history holds only "
                             "part of the hand", text=line, hand_id=hand_id)
    n = "1" if body["limit1"] else "2"
    limit_text, game_name = body["limit" + n], body["game" + n]
    game_text = f"{limit_text} {game_name}"
    game = GAME_NAMES.get(game_name.lower())
    tournament = body["tid"] is not None
    table = _ENTRY.sub("", body["table"])
    fields = header_fields(SITE, hand_id, game_text, limit=_LIMITS[limit_text.lower()],
                           tournament_id=body["tid"], table=table,
                           max_seats=_max_seats(body["note"], body["tourney"]))
    if game is None:
        return HeaderFields(hand_id, game_text, None, fields)
    fields["game"] = game
    sb_text, bb_text = body["sb" + n], body["bb" + n]
    currency = None if tournament else next(
        (c for s, c in CURRENCY_SYMBOLS.items() if s in sb_text), None)
    scale = 100 if currency else 1
    try:
        fields["small_bet"] = stakes_amount(sb_text, scale)
        fields["big_bet"] = stakes_amount(bb_text, scale)
    except ValueError as exc:
        raise HandParseError(f"unreadable stakes: {exc}", text=line, hand_id=hand_id) from None
    fields["currency"] = currency
    fields["scale"] = scale
    fields["play_money"] = currency is None and not tournament
    if body["kind"] == "Match":
        fields["match_round"] = table
    if tournament:
        _tournament_fields(body["tourney"], fields)
    _times(when, fields, line, hand_id)
    return HeaderFields(hand_id, game_text, game, fields)


def _unreadable(hand_id: str, rest: str, line: str) -> HeaderFields:
    """A header whose layout is not one of the catalogued ones: skipped when it names
    another game (a hold'em header of a form the catalogue does not list), else a failure."""
    if games.is_other_game(rest, ""):
        fields = header_fields(SITE, hand_id, rest, table="")
        return HeaderFields(hand_id, rest, None, fields)
    raise HandParseError("unreadable Full Tilt Poker header", text=line, hand_id=hand_id)


def _max_seats(note: str | None, tourney: str | None) -> int | None:
    """The seats of the table, where the header says them (``6 max``, ``deep 6``,
    ``heads up``, a heads-up sit-and-go); ``None`` otherwise."""
    if note:
        m = _MAX.search(note)
        if m:
            return 2 if m["hu"] else int(m["n"] or m["m"])
    if tourney and _HEADS_UP_TOURNEY.search(tourney):
        return 2
    return None


def _tournament_fields(name: str, fields: dict[str, Any]) -> None:
    """Buy-in, fee, play money and mixed game from a tournament's name.

    ``$2 + $0.10 Heads Up Sit & Go``: buy-in and fee (also inside a longer name, ``FTOPS
    XIV Event #5 - $200 + $16 Razz``); ``$200 Heads-Up Sit & Go``: one amount first, the
    whole price (fee not printed); ``$7,000 KO Guarantee``: the amount is
    the guarantee, not a price; ``Freeroll``: nothing paid; ``250 Play Money Sit & Go``:
    play chips. A name without an amount (``Big Game of the Week``) gives no buy-in.
    """
    guarantee = re.search(r"(?i)\bguar(?:antee)?\b|\bgtd\b", name) is not None
    with_fee = _BUY_IN_FEE.search(name)
    price = None if with_fee or guarantee else _PRICE.match(name)
    play = _PLAY_BUY_IN.match(name)
    if play:
        fields["play_money"] = True
        fields["buy_in"] = parse_amount(play["buy"], 1)
    elif re.search(r"(?i)\bfreeroll\b", name):
        fields["buy_in"], fields["fee"] = 0, 0
    elif with_fee or price:
        found = with_fee or price
        assert found is not None
        fields["buy_in_currency"] = next(c for s, c in CURRENCY_SYMBOLS.items()
                                         if s in found["buy"])
        fields["buy_in"] = stakes_amount(found["buy"], 100)
        fields["fee"] = parse_amount(with_fee["fee"], 100) if with_fee else None
    mixed = _MIXED.search(name)
    if mixed:
        fields["mixed_game"] = mixed["mix"]


def _times(when: re.Match[str], fields: dict[str, Any], line: str, hand_id: str) -> None:
    """``started_local`` as printed and ``started_at`` in UTC (from the bracketed ET time
    when there are two); every printed time must be readable
    (:func:`~stud_hh.read.sites.headers.header_time`)."""
    if when["stime"]:
        month = _MONTHS.get(when["month"].lower())
        if month is None:
            raise HandParseError(f"unreadable start time: unknown month {when['month']!r}",
                                 text=line, hand_id=hand_id)
        date = f"{when['year']}/{month:02d}/{int(when['day']):02d}"
        fields["started_local"] = f"{date} {when['stime']} {when['stz']}"
        fields["started_at"] = header_time(date, when["stime"] + ":00", when["stz"],
                                           line=line, hand_id=hand_id)
        return
    fields["started_local"] = f"{when['date']} {when['time']} {when['tz']}"
    started = header_time(when["date"], when["time"], when["tz"], line=line, hand_id=hand_id)
    if when["date2"]:
        started = header_time(when["date2"], when["time2"], when["tz2"], line=line,
                              hand_id=hand_id)
    fields["started_at"] = started


# -- line shapes: the same as grammar/fulltilt.lark ------------------------------------
_AMT = r"[$€£]?\d[\d.,]*"
_CARDS_RE = r"\[[^\[\]\n]*\]"
_ALLIN = r"(?P<all_in>, and is all in)?"

SHAPES: dict[str, re.Pattern[str]] = {
    "DEAL": re.compile(
        rf"Dealt to (?P<name>[^\n]+?) (?P<cards>{_CARDS_RE})(?: (?P<more>{_CARDS_RE}))?"),
    "UNCALLED": re.compile(rf"Uncalled bet of (?P<amount>{_AMT}) returned to (?P<name>[^\n]+)"),
    "ANTE_RETURNED": re.compile(rf"Ante of (?P<amount>{_AMT}) returned to (?P<name>[^\n]+)"),
    "ANNOUNCE": re.compile(rf"(?P<name>[^\n]+) is (?:low|high) with (?P<cards>{_CARDS_RE})"),
    "NO_LOW": re.compile(r"No low hand qualified"),
    "CANCELED": re.compile(r"Hand #(?P<id>\d+) has been cancell?ed"),
    "ANTE": re.compile(rf"(?P<name>[^\n]+) antes (?P<amount>{_AMT}){_ALLIN}"),
    "BRING_IN": re.compile(rf"(?P<name>[^\n]+) brings in for (?P<amount>{_AMT}){_ALLIN}"),
    "COMPLETE": re.compile(rf"(?P<name>[^\n]+) completes it to (?P<amount>{_AMT}){_ALLIN}"),
    "BET": re.compile(rf"(?P<name>[^\n]+) bets (?P<amount>{_AMT}){_ALLIN}"),
    "RAISE": re.compile(rf"(?P<name>[^\n]+) raises to (?P<amount>{_AMT}){_ALLIN}"),
    "CALL": re.compile(rf"(?P<name>[^\n]+) calls (?P<amount>{_AMT}){_ALLIN}"),
    "CHECK": re.compile(r"(?P<name>[^\n]+) checks"),
    "FOLD": re.compile(r"(?P<name>[^\n]+) folds"),
    "SHOW": re.compile(
        rf"(?P<name>[^\n]+) shows (?P<cards>{_CARDS_RE})(?: (?P<description>[^\n]*))?"),
    "SHOW_TEXT": re.compile(r"(?P<name>[^\n]+) shows (?P<description>[^\[\n][^\n]*)"),
    "MUCK": re.compile(rf"(?P<name>[^\n]+) mucks(?: (?P<cards>{_CARDS_RE}))?"),
    "COLLECT": re.compile(
        rf"(?P<name>[^\n]+) (?:wins|ties for) (?:the )?(?:(?P<half>high|low) )?"
        rf"(?:(?P<pot>main|side) )?pot(?: #?(?P<index>\d+))? \((?P<amount>{_AMT})\)"
        r"(?: with [^\n]*)?"),
    "LOW_TEXT": re.compile(r"[ ]?(?P<text>\([^\n]*\))"),
}
"""Every line shape the grammar accepts inside a section, as Python regexes."""

ACTIONS = ("BRING_IN", "COMPLETE", "BET", "RAISE", "CALL", "CHECK", "FOLD", "SHOW",
           "SHOW_TEXT", "MUCK")
LINE_ORDER = ("DEAL", "UNCALLED", "ANNOUNCE", "NO_LOW", "CANCELED", *ACTIONS, "COLLECT",
              "LOW_TEXT")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""
PRE_ORDER = ("ANTE", "ANTE_RETURNED", "UNCALLED")


def classify(line: str, order: tuple[str, ...] = LINE_ORDER
             ) -> tuple[str, re.Match[str]] | None:
    """The shape of ``line`` (no line end) as the grammar decides it.

    >>> kind, m = classify("Play er9 brings in for $5")
    >>> kind, m["name"], m["amount"]
    ('BRING_IN', 'Play er9', '$5')
    >>> classify("Player4 raises to 1,345, and is all in")[0]
    'RAISE'
    >>> classify("Hero shows a pair of Sevens")[0]
    'SHOW_TEXT'
    """
    return classify_line(SHAPES, order, line)


_POTS = {"main": PotKind.MAIN, "side": PotKind.SIDE}
_TOTAL_POT = re.compile(
    r"Total pot (?P<total>\S+)(?P<pots>(?: (?:Main|Side) pot(?: #?\d+)? \S+\.)*)"
    r"(?: \| Rake (?P<rake>\S+))?")
_POT_PART = re.compile(r" (?P<kind>Main|Side) pot(?: #?\d+)? (?P<amount>\S+)\.(?= |$)")


class FullTiltBuilder(SiteBuilder):
    """The parser's callbacks for ``grammar/fulltilt.lark``, appending events in line order."""

    SHAPES = SHAPES
    LINE_ORDER = LINE_ORDER

    def reset(self) -> None:
        super().reset()
        self.first_street = True
        self.seen_street = False

    # -- terminals ---------------------------------------------------------------
    def SEATS(self, token: Any) -> None:
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            number_text, _, rest = value[5:].partition(": ")
            sitting_out = rest.endswith(", is sitting out")
            if sitting_out:
                rest = rest[: -len(", is sitting out")]
            name, _, chips = rest.rpartition(" (")
            self._seat(int(number_text), name, chips[:-1], n, sitting_out)
            n += 1

    def _need_seats(self, n: int) -> None:
        if not self.seats:
            raise LineError("the hand has no seat lines: the site printed no players or "
                            "stacks (an observer's history), so it cannot be replayed", n)

    def PRE(self, token: Any) -> None:
        self._need_seats(token.line)
        self._run(token, PRE_ORDER)

    def STREET(self, token: Any) -> None:
        self._need_seats(token.line)
        value: str = token.value
        label = value[4:7]
        streets = _STREETS_FIVE if self.game is Game.FIVE_STUD else _STREETS_SEVEN
        street = streets.get(label)
        if street is None:
            raise LineError(f"{label} STREET is not a street of {self.game.value}", token.line)
        if not self.seen_street and street is not Street.THIRD:
            raise LineError(f"the hand starts at {label} STREET: the site printed only part "
                            "of it", token.line)
        if self.seen_street and street <= self.street:
            raise LineError(f"{label} STREET is out of order", token.line)
        self.first_street = not self.seen_street
        self.seen_street = True
        self._street(token, street)

    def SHOWDOWN(self, token: Any) -> None:
        if not self.showdown_open:  # the 2006 client printed the header twice
            super().SHOWDOWN(token)

    def TOTAL_POT(self, token: Any) -> None:
        n: int = token.line
        value: str = token.value[:-1]
        m = _TOTAL_POT.fullmatch(value)
        if m is None:
            raise LineError("unreadable Total pot line", n)
        main: int | None = None
        sides: list[int] = []
        for part in _POT_PART.finditer(m["pots"]):
            amount = self._amount(part["amount"], n)
            if part["kind"] == "Main":
                main = amount
            else:
                sides.append(amount)
        rake = self._amount(m["rake"], n) if m["rake"] else 0
        self.events.append(PotSummary(line=self._file_line(n), total=self._amount(m["total"], n),
                                      main=main, sides=tuple(sides), rake=rake))

    def SEAT_SUMMARIES(self, token: Any) -> None:
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            self._seat_summary(value, n)
            n += 1

    def _seat_summary(self, value: str, n: int) -> None:
        number_text, _, rest = value[5:].partition(": ")
        try:
            name, printed = self._name_starting(rest, n, "a summary line")
        except LineError:  # no seat's name: the first word, as printed
            name = rest.split(" ")[0]
            printed = len(name)
        self.events.append(seat_summary(self, value, n, name, int(number_text),
                                        rest[printed:].strip(), self._folded_on))

    def _folded_on(self, words: str) -> Street | None:
        """The street of ``folded on 3rd Street``: five-card stud's are one earlier."""
        if self.game is Game.FIVE_STUD:
            return _FOLDED_FIVE.get(words.split(" ")[0])
        return folded_street(words)

    def start(self, children: list[Any]) -> None:
        """The whole hand is read: a hand the site closed without any ``wins``/``ties
        for`` line is awarded as its summary says (``collected (...)``, ``and won
        (...)``), each such seat line a collection, with a warning."""
        events = self.events
        if any(type(e) is Collect for e in events):
            return
        awards = [e for e in events if type(e) is SeatSummary and e.won]
        for summary in awards:
            events.append(Collect(line=summary.line, player=summary.player,
                                  amount=summary.won or 0, pot=PotKind.POT))
        if awards:
            self.warnings.append(f"line {awards[0].line}: no line of the hand says who won the "
                                 "pot; the summary's amounts are taken as the collections")

    # -- one event per line ------------------------------------------------------------
    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        line = self._file_line(n)
        if kind == "CANCELED":
            raise LineError(f"the site canceled this hand (hand #{m['id']}): its bets were "
                            "returned and nothing it shows was played out", n)
        if kind == "NO_LOW":
            self.events.append(Announcement(line=line, kind="no_low", text=m.group(0)))
            return
        if kind == "LOW_TEXT":
            self.events.append(Announcement(line=line, kind="other", text=m.group(0).strip()))
            return
        name = m["name"]
        all_in = "all_in" in m.re.groupindex and m["all_in"] is not None
        event: HandEvent
        if kind == "DEAL":
            name, m = self._seated_deal(m)
            first = self._cards(m["cards"][1:-1], n)
            known: tuple[MaybeCard, ...] = ()
            if m["more"] is None:
                cards = first
            elif self.first_street:  # "[down down] [up]": every card is new
                cards = first + self._cards(m["more"][1:-1], n)
            else:
                known, cards = first, self._cards(m["more"][1:-1], n)
            event = Deal(line=line, player=name, street=self.street, cards=cards,
                         face_up=face_up(self.game, self.street, len(cards)), known=known)
        elif kind == "UNCALLED":
            event = UncalledReturned(line=line, player=name,
                                     amount=self._amount(m["amount"], n))
        elif kind == "ANTE_RETURNED":
            self._ante_returned(name, self._amount(m["amount"], n), m.group(0), n)
            return
        elif kind == "ANNOUNCE":
            event = Announcement(line=line, kind="other", text=m.group(0))
        elif kind == "ANTE":
            event = PostAnte(line=line, player=name, amount=self._amount(m["amount"], n),
                             all_in=all_in)
        elif kind == "BRING_IN":
            amount = self._amount(m["amount"], n)
            self._put(name, self.totals.get(name, 0) + amount)
            event = BringIn(line=line, player=name, amount=amount, all_in=all_in)
        elif kind == "COMPLETE":
            to = self._amount(m["amount"], n)
            self._put(name, to)
            event = Complete(line=line, player=name, to=to, all_in=all_in)
        elif kind == "BET":
            amount = self._amount(m["amount"], n)
            self._put(name, self.totals.get(name, 0) + amount)
            event = Bet(line=line, player=name, amount=amount, all_in=all_in)
        elif kind == "RAISE":
            to = self._amount(m["amount"], n)
            by = to - self.bet_to
            self._put(name, to)
            event = Raise(line=line, player=name, by=by, to=to, all_in=all_in)
        elif kind == "CALL":
            amount = self._amount(m["amount"], n)
            self.totals[name] = self.totals.get(name, 0) + amount
            event = Call(line=line, player=name, amount=amount, all_in=all_in)
        elif kind == "CHECK":
            event = Check(line=line, player=name)
        elif kind == "FOLD":
            event = Fold(line=line, player=name)
        elif kind == "SHOW":
            event = Show(line=line, player=name, cards=self._cards(m["cards"][1:-1], n),
                         description=m["description"] or None)
        elif kind == "SHOW_TEXT":  # cards shown before (an all-in), the hand named now
            event = Announcement(line=line, kind="other", text=m.group(0))
        elif kind == "MUCK":
            cards = self._cards(m["cards"][1:-1], n) if m["cards"] else ()
            event = Muck(line=line, player=name, cards=cards)
        else:  # COLLECT
            index = int(m["index"]) if m["index"] else None
            event = Collect(line=line, player=name, amount=self._amount(m["amount"], n),
                            pot=_POTS.get(m["pot"] or "", PotKind.POT), pot_index=index)
        self.events.append(event)

    def _ante_returned(self, name: str, amount: int, text: str, n: int) -> None:
        """``Ante of $0.40 returned to X``: X's ante comes out of the hand again; X sits out."""
        posted = next((i for i in range(len(self.events) - 1, -1, -1)
                       if type(e := self.events[i]) is PostAnte and e.player == name), None)
        if posted is None:
            raise LineError(f"an ante is returned to {name}, who posted none", n)
        ante = self.events[posted]
        assert isinstance(ante, PostAnte)
        if ante.amount != amount:
            raise LineError(f"{name} gets {amount} back of an ante of {ante.amount}", n)
        del self.events[posted]
        self.events.append(TableEvent(line=self._file_line(n), player=name,
                                      kind=TableEventKind.SITTING_OUT, text=text))

    betting_round = SiteBuilder._nothing


# The site's street names, per game: five-card stud deals its first cards on "2ND".
_STREETS_SEVEN = {"3RD": Street.THIRD, "4TH": Street.FOURTH, "5TH": Street.FIFTH,
                  "6TH": Street.SIXTH, "7TH": Street.SEVENTH}
_STREETS_FIVE = {"2ND": Street.THIRD, "3RD": Street.FOURTH, "4TH": Street.FIFTH,
                 "5TH": Street.SIXTH}
_FOLDED_FIVE = {"2nd": Street.THIRD, "3rd": Street.FOURTH, "4th": Street.FIFTH,
                "5th": Street.SIXTH}
