"""Full Tilt Poker: header reader and the transformer for ``grammar/fulltilt.lark``.

Same design as :mod:`stud_hh.sites.pokerstars`: the grammar gives the
structure of a hand, one terminal per line or run of lines, and the callbacks
below take each line apart with regular expressions that mirror the grammar's
line shapes, producing the site-neutral events of :mod:`stud_hh.events`.

What Full Tilt prints differently, and how it becomes the shared events:

* ``completes it to $3`` is a :class:`~stud_hh.events.Complete`;
* ``raises to $6`` prints only the new total: the builder adds the ``by`` part
  from the street's totals so far (what was printed, summed; nothing decided);
* the first street of five-card stud is ``2ND STREET``: five-card stud streets
  are shifted so that its first deal is :attr:`Street.THIRD`, as the
  :mod:`stud_hh.rules` game table expects;
* ``Dealt to Hero [5s 2h] [Th]`` on the first street holds three new cards;
  later, ``Dealt to X [As] [3h]`` repeats the known cards, then the new one;
* ``X wins the pot ($9.50)`` / ``the main pot`` / ``the side pot`` / ``the
  high pot`` / ``the low pot`` are :class:`~stud_hh.events.Collect` events.
"""

from __future__ import annotations

import re
from typing import Any

from stud_hh.cards import MaybeCard
from stud_hh.errors import HandParseError
from stud_hh.events import (
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
    SeatOutcome,
    SeatSummary,
    Show,
    Street,
    TableEvent,
    TableEventKind,
    UncalledReturned,
)
from stud_hh.money import CURRENCY_SYMBOLS, parse_amount
from stud_hh.sites.common import SiteBuilder, classify_line, header_fields
from stud_hh.sites.headers import to_utc
from stud_hh.sites.noise import NoiseShape
from stud_hh.sites.pokerstars import HeaderFields, LineError, _face_up

SITE: str = "Full Tilt Poker"

NOISE: tuple[NoiseShape, ...] = ()
"""The shapes of this site's chat, table-traffic and notice lines (see
:mod:`stud_hh.sites.noise`); docs/formats/ catalogues them."""

HAND_START: re.Pattern[str] = re.compile(r"Full Tilt Poker (?:Game|Hand) #\d+")
"""A line that opens a Full Tilt hand."""

_HEAD = re.compile(r"Full Tilt Poker (?:Game|Hand) #(?P<id>\d+): (?P<rest>.*)$")
_BODY = re.compile(
    r"(?:(?P<tourney>.+) \((?P<tid>\d+)\), )?Table (?P<table>.+?)"
    r"(?: \((?P<note>[^()]*)\))? - (?P<sb>[$€£]?[\d.,]+)/(?P<bb>[$€£]?[\d.,]+)"
    r"(?: Ante (?P<ante>[$€£]?[\d.,]+))? - (?P<limit>Limit|Pot Limit|No Limit) (?P<game>.+?)"
    r" - (?P<time>\d{1,2}:\d{2}:\d{2}) (?P<tz>[A-Z]{2,5}) - (?P<date>\d{4}/\d{1,2}/\d{1,2})"
    r"(?: \[(?P<time2>\d{1,2}:\d{2}:\d{2}) (?P<tz2>[A-Z]{2,5}) - "
    r"(?P<date2>\d{4}/\d{1,2}/\d{1,2})\])?$"
)
_BUY_IN = re.compile(r"(?P<buy>[$€£][\d.,]+)(?: \+ (?P<fee>[$€£][\d.,]+))? ")

STUD_GAMES: dict[str, Game] = {
    "stud hi": Game.STUD,
    "stud h/l": Game.STUD8,
    "stud hi/lo": Game.STUD8,
    "razz": Game.RAZZ,
    "5 card stud": Game.FIVE_STUD,
}
_LIMITS = {"limit": Limit.FIXED, "pot limit": Limit.POT, "no limit": Limit.NO_LIMIT}

# The site's street names, per game: five-card stud deals its first cards on "2ND".
_STREETS_SEVEN = {"3RD": Street.THIRD, "4TH": Street.FOURTH, "5TH": Street.FIFTH,
                  "6TH": Street.SIXTH, "7TH": Street.SEVENTH}
_STREETS_FIVE = {"2ND": Street.THIRD, "3RD": Street.FOURTH, "4TH": Street.FIFTH,
                 "5TH": Street.SIXTH}
_FOLDED_SEVEN = {"3rd": Street.THIRD, "4th": Street.FOURTH, "5th": Street.FIFTH,
                 "6th": Street.SIXTH, "7th": Street.SEVENTH}
_FOLDED_FIVE = {"2nd": Street.THIRD, "3rd": Street.FOURTH, "4th": Street.FIFTH,
                "5th": Street.SIXTH}


def read_header(line: str) -> HeaderFields:
    """Take apart a Full Tilt header line.

    Raises :class:`HandParseError` (without location) when it is not one.

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
    >>> read_header("Full Tilt Poker Game #1: Table T - $1/$2 - No Limit Hold'em - "
    ...             "1:00:00 ET - 2010/01/01").game is None
    True
    """
    head = _HEAD.match(line)
    if head is None:
        raise HandParseError("not a Full Tilt Poker hand header", text=line)
    hand_id = head.group("id")
    body = _BODY.match(head.group("rest"))
    if body is None:
        raise HandParseError("unreadable Full Tilt Poker header", text=line, hand_id=hand_id)
    game_text = f"{body.group('limit')} {body.group('game')}"
    game = STUD_GAMES.get(body.group("game").lower())
    tournament = body.group("tid") is not None
    fields = header_fields(SITE, hand_id, game_text, limit=_LIMITS[body.group("limit").lower()],
                           tournament_id=body.group("tid"), table=body.group("table"))
    if game is None:
        return HeaderFields(hand_id, game_text, None, fields)
    fields["game"] = game
    sb_text, bb_text = body.group("sb"), body.group("bb")
    currency = None if tournament else next(
        (c for s, c in CURRENCY_SYMBOLS.items() if s in sb_text), None)
    scale = 100 if currency else 1
    try:
        fields["small_bet"] = parse_amount(sb_text, scale)
        fields["big_bet"] = parse_amount(bb_text, scale)
    except ValueError as exc:
        raise HandParseError(f"unreadable stakes: {exc}", text=line, hand_id=hand_id) from None
    fields["currency"] = currency
    fields["scale"] = scale
    fields["play_money"] = currency is None and not tournament
    if tournament:
        buy_in = _BUY_IN.match(body.group("tourney") + " ")
        if buy_in:
            buy_currency = next(c for s, c in CURRENCY_SYMBOLS.items() if s in buy_in["buy"])
            fields["buy_in_currency"] = buy_currency
            fields["buy_in"] = parse_amount(buy_in["buy"], 100)
            fields["fee"] = parse_amount(buy_in["fee"], 100) if buy_in["fee"] else 0
    fields["started_local"] = f"{body.group('date')} {body.group('time')} {body.group('tz')}"
    try:
        started = None
        if body.group("date2"):
            started = to_utc(body.group("date2"), body.group("time2"), body.group("tz2"))
        if started is None:
            started = to_utc(body.group("date"), body.group("time"), body.group("tz"))
    except ValueError as exc:
        raise HandParseError(f"impossible start time in the header: {exc}", text=line,
                             hand_id=hand_id) from None
    fields["started_at"] = started
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/fulltilt.lark ------------------------------------
_AMT = r"[$€£]?\d[\d.,]*"
_CARDS_RE = r"\[[^\[\]\n]*\]"
_ALLIN = r"(?P<all_in>, and is all in)?"
_TRAFFIC = (r"has \d+ seconds left to act|has timed out|is sitting out|stands up|sits down|"
            r"adds [^\n]+|has returned|has reconnected|is disconnected|has been disconnected|"
            r"is connected|has requested TIME|leaves the table|joins the table[^\n]*|"
            r"is feeling [^\n]+")

SHAPES: dict[str, re.Pattern[str]] = {
    "DEAL": re.compile(
        rf"Dealt to (?P<name>[^\n]+?) (?P<cards>{_CARDS_RE})(?: (?P<more>{_CARDS_RE}))?"),
    "UNCALLED": re.compile(rf"Uncalled bet of (?P<amount>{_AMT}) returned to (?P<name>[^\n]+)"),
    "ANNOUNCE": re.compile(rf"(?P<name>[^\n]+) is (?:low|high) with (?P<cards>{_CARDS_RE})"),
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
    "MUCK": re.compile(rf"(?P<name>[^\n]+) mucks(?: (?P<cards>{_CARDS_RE}))?"),
    "COLLECT": re.compile(
        rf"(?P<name>[^\n]+) (?:wins|ties for) the (?:(?P<pot>main|side|high|low) )?pot"
        rf"(?: #?(?P<index>\d+))? \((?P<amount>{_AMT})\)(?: with [^\n]*)?"),
    "TABLE_EVENT": re.compile(rf"(?P<name>[^\n]+) (?P<what>{_TRAFFIC})"),
    "TIMER": re.compile(r"(?P<name>)(?P<what>\d+ seconds left to act)"),
}
"""Every line shape the grammar accepts inside a section, as Python regexes."""

ACTIONS = ("BRING_IN", "COMPLETE", "BET", "RAISE", "CALL", "CHECK", "FOLD", "SHOW", "MUCK")
LINE_ORDER = ("DEAL", "UNCALLED", "ANNOUNCE", *ACTIONS, "COLLECT", "TABLE_EVENT",
              "TIMER")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""
PRE_ORDER = ("ANTE", "UNCALLED", "TABLE_EVENT", "TIMER")


def classify(line: str, order: tuple[str, ...] = LINE_ORDER
             ) -> tuple[str, re.Match[str]] | None:
    """The shape of ``line`` (no line end) as the grammar decides it.

    >>> kind, m = classify("Play er9 brings in for $5")
    >>> kind, m["name"], m["amount"]
    ('BRING_IN', 'Play er9', '$5')
    >>> classify("Player4 raises to 1,345, and is all in")[0]
    'RAISE'
    """
    return classify_line(SHAPES, order, line)


_TABLE_EVENT_KINDS: tuple[tuple[str, TableEventKind], ...] = (
    ("has timed out", TableEventKind.TIMED_OUT),
    ("is sitting out", TableEventKind.SITTING_OUT),
    ("stands up", TableEventKind.LEAVES),
    ("leaves the table", TableEventKind.LEAVES),
    ("sits down", TableEventKind.JOINS),
    ("joins the table", TableEventKind.JOINS),
    ("has returned", TableEventKind.RETURNED),
    ("has reconnected", TableEventKind.CONNECTED),
    ("is connected", TableEventKind.CONNECTED),
    ("is disconnected", TableEventKind.DISCONNECTED),
    ("has been disconnected", TableEventKind.DISCONNECTED),
)
_POTS = {"main": PotKind.MAIN, "side": PotKind.SIDE}


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

    def PRE(self, token: Any) -> None:
        self._run(token, PRE_ORDER)

    def STREET(self, token: Any) -> None:
        value: str = token.value
        label = value[4:7]
        streets = _STREETS_FIVE if self.game is Game.FIVE_STUD else _STREETS_SEVEN
        street = streets.get(label)
        if street is None:
            raise LineError(f"{label} STREET is not a street of {self.game.value}", token.line)
        if self.seen_street and street <= self.street:
            raise LineError(f"{label} STREET is out of order", token.line)
        self.first_street = not self.seen_street
        self.seen_street = True
        self._street(token, street)

    def TOTAL_POT(self, token: Any) -> None:
        n: int = token.line
        value: str = token.value[:-1]
        pots, _, rake_text = value[len("Total pot "):].partition("|")
        rake_text = rake_text.strip()
        rake = self._amount(rake_text[5:].split()[0], n) if rake_text.startswith("Rake ") else 0
        words = pots.split()
        total = self._amount(words[0], n)
        main: int | None = None
        sides: list[int] = []
        i = 1
        while i < len(words):
            word = words[i].lower()
            if word == "main" and i + 2 < len(words):
                main = self._amount(words[i + 2].rstrip("."), n)
                i += 3
            elif word.startswith("side") and i + 2 < len(words):
                sides.append(self._amount(words[i + 2].rstrip("."), n))
                i += 3
            else:
                i += 1
        self.events.append(PotSummary(line=self._file_line(n), total=total, main=main,
                                      sides=tuple(sides), rake=rake))

    def SEAT_SUMMARIES(self, token: Any) -> None:
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            self._seat_summary(value, n)
            n += 1

    def _seat_summary(self, value: str, n: int) -> None:
        number_text, _, rest = value[5:].partition(": ")
        name = max((p for p in self.names if rest.startswith(p + " ") or rest == p),
                   key=len, default=rest.split(" ")[0])
        tail = rest[len(name):].strip()
        outcome = SeatOutcome.OTHER
        street: Street | None = None
        cards: tuple[MaybeCard, ...] = ()
        won: int | None = None
        description: str | None = None
        if tail.startswith("folded on "):
            outcome = SeatOutcome.FOLDED
            where = tail[len("folded on "):].split(" ")[0]
            folded = _FOLDED_FIVE if self.game is Game.FIVE_STUD else _FOLDED_SEVEN
            street = folded.get(where)
        elif tail.startswith(("showed [", "mucked [")):
            outcome = SeatOutcome.MUCKED if tail.startswith("mucked") else SeatOutcome.SHOWED_LOST
            cards_text, _, after = tail[tail.index("[") + 1:].partition("]")
            cards = self._cards(cards_text, n)
            after = after.strip()
            if after.startswith("and won ("):
                outcome = SeatOutcome.SHOWED_WON
                won_text, _, after = after[len("and won ("):].partition(")")
                won = self._amount(won_text, n)
                after = after.strip()
            elif after.startswith("and lost"):
                after = after[len("and lost"):].strip()
            if after.startswith("with "):
                description = after[5:]
            elif after.startswith("- "):
                description = after[2:]
        elif tail.startswith("collected ("):
            outcome = SeatOutcome.COLLECTED
            won = self._amount(tail[len("collected ("):].partition(")")[0], n)
        elif tail == "mucked":
            outcome = SeatOutcome.MUCKED
        self.events.append(SeatSummary(line=self._file_line(n), player=name,
                                       seat=int(number_text), outcome=outcome, street=street,
                                       cards=cards, won=won, description=description,
                                       text=value))

    # -- one event per line ------------------------------------------------------------
    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        line = self._file_line(n)
        name = m["name"]
        all_in = "all_in" in m.re.groupindex and m["all_in"] is not None
        event: HandEvent
        if kind == "DEAL":
            first = self._cards(m["cards"][1:-1], n)
            known: tuple[MaybeCard, ...] = ()
            if m["more"] is None:
                cards = first
            elif self.first_street:  # "[down down] [up]": every card is new
                cards = first + self._cards(m["more"][1:-1], n)
            else:
                known, cards = first, self._cards(m["more"][1:-1], n)
            event = Deal(line=line, player=name, street=self.street, cards=cards,
                         face_up=_face_up(self.game, self.street, len(cards)), known=known)
        elif kind == "UNCALLED":
            event = UncalledReturned(line=line, player=name,
                                     amount=self._amount(m["amount"], n))
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
        elif kind == "MUCK":
            cards = self._cards(m["cards"][1:-1], n) if m["cards"] else ()
            event = Muck(line=line, player=name, cards=cards)
        elif kind == "COLLECT":
            index = int(m["index"]) if m["index"] else None
            event = Collect(line=line, player=name, amount=self._amount(m["amount"], n),
                            pot=_POTS.get(m["pot"] or "", PotKind.POT), pot_index=index)
        else:  # TABLE_EVENT, TIMER
            what = m["what"]
            event_kind = next((k for marker, k in _TABLE_EVENT_KINDS if what.startswith(marker)),
                              TableEventKind.OTHER)
            event = TableEvent(line=line, player=name, kind=event_kind, text=m.group(0))
        self.events.append(event)

    betting_round = SiteBuilder._nothing
