"""Winamax: header reader and the transformer for ``grammar/winamax.lark``.

Same design as :mod:`stud_hh.read.sites.pokerstars`; ``docs/formats/winamax.md`` is the
catalogue of every form read here. What Winamax prints differently, and how it
becomes the shared events:

* one header line for every kind of table: ``CashGame``, ``Tournament "Name"
  buyIn: 0.90€ + 0.10€ level: 3`` (sit-and-go, multi-table, freeroll and knockout
  tournaments alike), then the hand id, the game, the limit and the stakes
  ante/small bet/big bet ``(5€/25€/50€)``, and a time with its zone;
* amounts carry the currency after the number (``25€``); tournament chips and play
  money carry none; unknown cards are ``X`` and become ``None`` (never invented);
* in 2016 a completion by a player other than the bring-in is printed
  ``raises 25€ to 25€`` (the raise part equal to the total): that is the
  site's way of writing a completion and becomes a
  :class:`~stud_hh.model.events.Complete`; in 2022 it is ``raises 0.03€ to 0.05€``
  (from the bring-in), a :class:`~stud_hh.model.events.Raise` as PokerStars writes it;
* any other raise is kept exactly as printed, a negative one included (the
  ``negative.bet`` corpus file): the replayer flags it, nothing here repairs it;
* ``collected 114€ from pot(HI)`` / ``(LO)``, ``from main pot``, ``from side pot 1``
  are collections; a tournament's ``Total pot 6.02k`` is the rounded total the site
  prints (no check uses the total: the balance is checked from the rake).
"""

from __future__ import annotations

import re
from typing import Any

from stud_hh.model.cards import MaybeCard
from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
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
    PotKind,
    PotSummary,
    Raise,
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
    SiteBuilder,
    classify_line,
    face_up,
    header_fields,
)
from stud_hh.read.sites.headers import header_time
from stud_hh.read.sites.noise import NoiseShape
from stud_hh.read.sites.summary_lines import folded_street, seated_name

SITE: str = "Winamax"

NOISE: tuple[NoiseShape, ...] = (
    NoiseShape(r"(?P<name>.+?) (?:denies (?:big|small) blind|deny [SB]B)",
               TableEventKind.SITTING_OUT),
)
"""The shapes of this site's table-traffic lines (see :mod:`stud_hh.read.sites.noise`);
``docs/formats/winamax.md`` catalogues them. Winamax prints no chat in its histories:
the one notice known is a seated player refusing to post (``denies big blind``)."""

HAND_START: re.Pattern[str] = re.compile(
    r"Winamax Poker - [^\n]*HandId: #[^\n]* - \d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}(?::\d{2})?"
    r"(?: \S{1,8})?(?=\n|$)")
"""A line that opens a Winamax hand: the whole line's shape, up to its date, time and zone.

>>> [bool(HAND_START.match(t)) for t in ("Winamax Poker - CashGame - HandId: #9250793-444-"
...  "1478990340 - Razz fixed limit (5€/25€/50€) - 2016/11/12 22:39:00 UTC",
...  "Winamax Poker - HandId: # calls 5€")]
[True, False]
"""

_HEAD = re.compile(
    r"Winamax Poker - (?:(?P<cash>CashGame)"
    r"|Tournament \"(?P<tournament>.*?)\" buyIn: (?P<buyin>.*?)(?: level: (?P<level>\d+))?"
    r"|(?P<fast>Go Fast|HOLD-UP|ESCAPE) \"[^\"]*\")"
    r" - HandId: #(?P<id>\d+(?:-\d+)*) - (?P<game>.+?) "
    r"(?P<limit>fixed limit|pot limit|no limit) \((?P<stakes>[^()]*)\) - "
    r"(?P<date>\d{4}/\d{1,2}/\d{1,2}) (?P<time>\d{1,2}:\d{2}:\d{2})(?: (?P<tz>[A-Za-z]{2,5}))?$")
_TABLE = re.compile(
    r"Table:? '(?P<name>.*)'(?: (?P<max>\d+)-max)?(?: \((?P<money>real money|play money)\))?"
    r"(?: Seat #?(?P<button>\d+) is the button)?")
_TOURNAMENT_TABLE = re.compile(r"(?P<tournament>.*)\((?P<tid>\d+)\)#(?P<table>\d+)")
STUD_GAMES: dict[str, Game] = {
    "7-card stud": Game.STUD, "7stud": Game.STUD, "7-card stud hi/lo": Game.STUD8,
    "7stud8": Game.STUD8, "razz": Game.RAZZ}
"""The stud-family game names Winamax prints (lower case), the export variant's codes
(``7stud``, ``7stud8``) included."""
OTHER_GAMES: dict[str, str] = {
    "holdem": "Hold'em", "omaha": "Omaha", "omaha5": "5 Card Omaha", "5 card omaha":
    "5 Card Omaha", "5 card omaha hi/lo": "5 Card Omaha Hi/Lo", "omaha hi/lo": "Omaha Hi/Lo",
    "omaha8": "Omaha Hi/Lo", "2-7 triple draw": "2-7 Triple Draw",
    "lowball27": "2-7 Triple Draw"}
"""Winamax's names and export codes of its other games, in words (FPDB's games table)."""
_LIMITS = {"fixed limit": Limit.FIXED, "pot limit": Limit.POT, "no limit": Limit.NO_LIMIT}
_FREE_BUY_INS = ("free", "gratuit", "freeroll")
"""Buy-ins of a freeroll, in English and French."""
_TICKET_BUY_INS = ("ticket only", "ticket uniquement", "ticket")
"""Buy-ins paid with a ticket: no money is printed."""


def read_header(line: str) -> HeaderFields:
    """Take apart a Winamax header line.

    >>> h = read_header("Winamax Poker - CashGame - HandId: #9250793-470-1478990787 - 7-Card "
    ...                 "Stud fixed limit (5€/25€/50€) - 2016/11/12 22:46:27 UTC")
    >>> h.hand_id, h.game, h.fields["small_bet"], h.fields["big_bet"], h.fields["currency"]
    ('9250793-470-1478990787', <Game.STUD: 'stud'>, 2500, 5000, 'EUR')
    >>> read_header("Winamax Poker - CashGame - HandId: #1-2-3 - 7stud fixed limit "
    ...             "(0.01/0.05/0.10) - 2016/06/12 19:36:38 UTC").fields["play_money"]
    True
    >>> t = read_header('Winamax Poker - Tournament "Sit&Go Stud" buyIn: 0.90€ + 0.10€ '
    ...                 'level: 3 - HandId: #1-2-3 - Razz fixed limit (10/40/80) - '
    ...                 '2016/11/01 20:12:34 CET').fields
    >>> t["buy_in"], t["fee"], t["level"], t["scale"], t["small_bet"], t["started_at"].hour
    (90, 10, '3', 1, 40, 19)
    """
    head = _HEAD.match(line)
    if head is None:
        raise HandParseError("unreadable Winamax hand header", text=line)
    hand_id = head.group("id")
    game_name = head.group("game")
    game_text = f"{game_name} {head.group('limit')}"
    fields = header_fields(SITE, hand_id, game_text, limit=_LIMITS[head.group("limit")])
    game = STUD_GAMES.get(game_name.lower())
    if game is None:
        words = OTHER_GAMES.get(game_name.lower())
        if words is not None and words.lower() != game_name.lower():
            game_text = f"{game_text} ({words})"
        return HeaderFields(hand_id, game_text, None, fields)
    if head.group("fast"):
        raise HandParseError(f"a {game_name} hand at a Winamax {head.group('fast')} table: "
                             "the site runs those for hold'em and Omaha only, and no stud "
                             "hand of one is known", text=line, hand_id=hand_id)
    tournament = head.group("tournament")
    fields["game"] = game
    stakes = [s.strip() for s in head.group("stakes").split("/")]
    if len(stakes) not in (2, 3):
        raise HandParseError(f"unreadable stakes {head.group('stakes')!r}", text=line,
                             hand_id=hand_id)
    currency = next((c for s, c in CURRENCY_SYMBOLS.items() if s in head.group("stakes")), None)
    # cash tables play in cents (play money keeps its two decimals); tournament chips whole
    scale = 100 if currency is not None or tournament is None else 1
    try:
        fields["small_bet"] = parse_amount(stakes[-2], scale)
        fields["big_bet"] = parse_amount(stakes[-1], scale)
    except ValueError as exc:
        raise HandParseError(f"unreadable header: {exc}", text=line, hand_id=hand_id) from None
    fields["started_at"] = header_time(head.group("date"), head.group("time"), head.group("tz"),
                                       line=line, hand_id=hand_id)
    fields.update(currency=currency, scale=scale, play_money=currency is None and not tournament,
                  started_local=" ".join(x for x in (head.group("date"), head.group("time"),
                                                     head.group("tz")) if x))
    if tournament is not None:
        # the tournament's number is printed in the table line; until then its name
        fields.update(tournament_id=tournament, level=head.group("level"))
        _read_buy_in(head.group("buyin"), fields)
    return HeaderFields(hand_id, game_text, game, fields)


def _read_buy_in(text: str, fields: dict[str, Any]) -> None:
    """``0.90€ + 0.10€`` (buy-in + fee), ``4.50€ + 4.50€ + 1€`` (buy-in + bounty + fee, the
    order FPDB reads), ``Gratuit``/``Free`` (a freeroll), ``Ticket only`` (nothing printed).
    Any other text leaves the buy-in unknown."""
    words = text.strip().lower()
    if words in _FREE_BUY_INS:
        fields["buy_in"] = fields["fee"] = 0
        return
    if words in _TICKET_BUY_INS:
        return
    currency = next((c for s, c in CURRENCY_SYMBOLS.items() if s in text), None)
    try:
        amounts = [parse_amount(p.strip(), 100 if currency else 1) for p in text.split("+")]
    except ValueError:
        return
    if len(amounts) == 2:
        fields["buy_in"], fields["fee"] = amounts
    elif len(amounts) == 3:
        fields["buy_in"], fields["bounty"], fields["fee"] = amounts
    else:
        return
    fields["buy_in_currency"] = currency


# -- line shapes: the same as grammar/winamax.lark -------------------------------------
_AMT = r"-?[€$£]?\d[\d.,]*[€$£]?"
_CARDS_RE = r"\[[^\[\]\n]*\]"
_ALLIN = r"(?P<all_in> and is all-in)?"
SHAPES: dict[str, re.Pattern[str]] = {
    "DEAL": re.compile(
        rf"Dealt to (?P<name>[^\n]+?) (?P<cards>{_CARDS_RE})(?: (?P<more>{_CARDS_RE}))?"),
    "BRING_IN": re.compile(rf"(?P<name>[^\n]+) (?:brings in|bring-in) (?P<amount>{_AMT}){_ALLIN}"),
    "BET": re.compile(rf"(?P<name>[^\n]+) bets (?P<amount>{_AMT}){_ALLIN}"),
    "RAISE": re.compile(rf"(?P<name>[^\n]+) raises (?P<by>{_AMT}) to (?P<amount>{_AMT}){_ALLIN}"),
    "CALL": re.compile(rf"(?P<name>[^\n]+) calls (?P<amount>{_AMT}){_ALLIN}"),
    "CHECK": re.compile(r"(?P<name>[^\n]+) checks"),
    "FOLD": re.compile(r"(?P<name>[^\n]+) folds"),
    "SHOW": re.compile(
        rf"(?P<name>[^\n]+) shows (?P<cards>{_CARDS_RE})(?: \((?P<description>[^\n]*)\))?"),
    "UNCALLED": re.compile(rf"Uncalled bet of (?P<amount>{_AMT}) returned to (?P<name>[^\n]+)"),
    "COLLECT": re.compile(
        rf"(?P<name>[^\n]+) collected (?P<amount>{_AMT}) from "
        r"(?P<pot>pot|main pot|side pot (?P<index>\d+))(?:\((?P<half>HI|LO)\))?"),
}
LINE_ORDER = ("DEAL", "BRING_IN", "BET", "RAISE", "CALL", "CHECK", "FOLD", "SHOW", "UNCALLED",
              "COLLECT")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""
_ANTE = re.compile(rf"(?P<name>[^\n]+) posts ante (?P<amount>{_AMT}){_ALLIN}")
_SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>[^\n]+) \((?P<stack>{_AMT})"
                   rf"(?:, (?P<bounty>{_AMT}) bounty)?\)")
_TOTAL = re.compile(rf"Total pot (?P<total>{_AMT})(?P<k>k)? \| (?:No rake|Rake (?P<rake>{_AMT}))")
_POTS = {"pot": PotKind.POT, "main pot": PotKind.MAIN}


def classify(line: str) -> tuple[str, re.Match[str]] | None:
    """The shape of a street's line as the grammar decides it.

    >>> kind, m = classify("Player0 raises -6.10€ to 18.90€")
    >>> kind, m["by"], m["amount"]
    ('RAISE', '-6.10€', '18.90€')
    >>> kind, m = classify("Hero collected 4.34€ from side pot 1")
    >>> kind, m["pot"], m["index"]
    ('COLLECT', 'side pot 1', '1')
    """
    return classify_line(SHAPES, LINE_ORDER, line)


class WinamaxBuilder(SiteBuilder):
    """The parser's callbacks for ``grammar/winamax.lark``, appending events in order."""

    SHAPES = SHAPES
    LINE_ORDER = LINE_ORDER

    def reset(self) -> None:
        super().reset()
        self.completed = False
        self.shown: dict[str, tuple[MaybeCard, ...]] = {}

    # -- terminals -----------------------------------------------------------------
    def TABLE(self, token: Any) -> None:
        m = _TABLE.fullmatch(token.value[:-1].rstrip())
        if m is None:
            raise LineError("unreadable table line", token.line)
        name = m.group("name")
        self.table_name = name
        self.max_seats = int(m.group("max")) if m.group("max") else None
        fields = self.fields
        if fields.get("tournament_id") is not None:
            numbered = _TOURNAMENT_TABLE.fullmatch(name)
            if numbered is not None:  # 'Freeroll 150€(5142226)#784': tournament 5142226
                fields["tournament_id"] = numbered.group("tid")
        elif m.group("money") == "play money":
            fields["play_money"] = True
        elif m.group("money") == "real money" and fields.get("currency") is None:
            # a real-money table printing its stakes without a sign plays in euros (FPDB)
            fields.update(currency="EUR", play_money=False)

    def SEATS(self, token: Any) -> None:
        for n, value in self._lines(token):
            m = _SEAT.fullmatch(value)
            if m is None:  # pragma: no cover - the terminal guarantees the shape
                raise LineError("unreadable seat line", n)
            self._seat(int(m["seat"]), m["name"], m["stack"], n)

    def PRE(self, token: Any) -> None:
        self._ante_run(token, _ANTE)

    def TOTAL_POT(self, token: Any) -> None:
        n: int = token.line
        m = _TOTAL.fullmatch(token.value[:-1].rstrip())
        if m is None:
            raise LineError("unreadable pot total", n)
        # "6.02k": thousands of chips, as the site rounds a tournament's total
        total = self._amount(m["total"], n) if m["k"] is None else self._thousands(m["total"], n)
        rake = self._amount(m["rake"], n) if m["rake"] else 0
        self.events.append(PotSummary(line=self._file_line(n), total=total, main=None,
                                      sides=(), rake=rake))

    def _thousands(self, text: str, n: int) -> int:
        try:
            return parse_amount(text, self.scale * 1000)
        except ValueError as exc:
            raise LineError(str(exc), n) from None

    def SEAT_SUMMARIES(self, token: Any) -> None:
        for n, value in self._lines(token):
            number_text, _, rest = value[5:].partition(": ")
            name = seated_name(rest, self.names) or rest.split(" ")[0]
            tail = rest[len(name):].strip()
            outcome = SeatOutcome.OTHER
            cards: tuple[MaybeCard, ...] = ()
            won: int | None = None
            description: str | None = None
            street: Street | None = None
            if tail.startswith("showed ["):
                cards_text, _, after = tail[len("showed ["):].partition("]")
                cards = self._cards(cards_text, n)
                after = after.strip()
                outcome = SeatOutcome.SHOWED_LOST
                if after.startswith("and won "):
                    outcome = SeatOutcome.SHOWED_WON
                    won_text, _, description = after[len("and won "):].partition(" with ")
                    won = self._amount(won_text, n)
                elif after.startswith("and lost with "):
                    description = after[len("and lost with "):]
            elif tail.startswith("won "):
                outcome, won = SeatOutcome.COLLECTED, self._amount(tail[4:], n)
            elif tail == "mucked":
                outcome = SeatOutcome.MUCKED
            elif tail.startswith("folded"):
                outcome = SeatOutcome.FOLDED
                street = folded_street(tail[len("folded on "):])
            self.events.append(SeatSummary(
                line=self._file_line(n), player=name, seat=int(number_text), outcome=outcome,
                street=street, cards=cards, won=won, description=description or None,
                text=value))

    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        line = self._file_line(n)
        name = m["name"]
        all_in = "all_in" in m.re.groupindex and m["all_in"] is not None
        event: HandEvent
        if kind == "DEAL":
            name, m = self._seated_deal(m)
            known: tuple[MaybeCard, ...] = ()
            if m["more"] is None:
                cards = self._cards(m["cards"][1:-1], n)
            else:
                known, cards = self._cards(m["cards"][1:-1], n), self._cards(m["more"][1:-1], n)
            event = Deal(line=line, player=name, street=self.street, cards=cards,
                         face_up=face_up(self.game, self.street, len(cards)), known=known)
        elif kind == "BRING_IN":
            event = BringIn(line=line, player=name, amount=self._amount(m["amount"], n),
                            all_in=all_in)
        elif kind == "BET":
            event = Bet(line=line, player=name, amount=self._amount(m["amount"], n),
                        all_in=all_in)
        elif kind == "RAISE":
            by, to = self._amount(m["by"], n), self._amount(m["amount"], n)
            if self.street is Street.THIRD and not self.completed and by == to:
                event = Complete(line=line, player=name, to=to, all_in=all_in)
            else:
                event = Raise(line=line, player=name, by=by, to=to, all_in=all_in)
        elif kind == "CALL":
            event = Call(line=line, player=name, amount=self._amount(m["amount"], n),
                         all_in=all_in)
        elif kind == "CHECK":
            event = Check(line=line, player=name)
        elif kind == "FOLD":
            event = Fold(line=line, player=name)
        elif kind == "SHOW":
            cards = self._cards(m["cards"][1:-1], n)
            if self.shown.get(name) == cards:
                # a hi/lo hand is shown a second time for its low half: nothing new is seen
                return
            self.shown[name] = cards
            event = Show(line=line, player=name, cards=cards,
                         description=m["description"] or None)
        elif kind == "UNCALLED":
            event = UncalledReturned(line=line, player=name,
                                     amount=self._amount(m["amount"], n))
        else:  # COLLECT: from the pot, the main pot or a side pot, or a half of one
            index = m["index"]
            event = Collect(line=line, player=name, amount=self._amount(m["amount"], n),
                            pot=_POTS.get(m["pot"], PotKind.SIDE),
                            pot_index=int(index) if index else None)
        if kind in ("BET", "RAISE") and self.street is Street.THIRD:
            self.completed = True
        self.events.append(event)
