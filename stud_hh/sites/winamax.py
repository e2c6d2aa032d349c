"""Winamax: header reader and the transformer for ``grammar/winamax.lark``.

Same design as :mod:`stud_hh.sites.pokerstars`. What Winamax prints
differently, and how it becomes the shared events:

* amounts carry the currency after the number (``25€``); unknown cards are
  ``X`` and become ``None`` (unknown, never invented);
* the header's stakes are ante/small bet/big bet: ``(5€/25€/50€)``;
* in 2016 a completion by a player other than the bring-in is printed
  ``raises 25€ to 25€`` (the raise part equal to the total): that is the
  site's way of writing a completion and becomes a
  :class:`~stud_hh.events.Complete`; in 2022 it is ``raises 0.03€ to 0.05€``
  (from the bring-in), a :class:`~stud_hh.events.Raise` as PokerStars writes it;
* any other raise is kept exactly as printed, a negative one included (the
  ``negative.bet`` corpus file): the replayer flags it, nothing here repairs it;
* ``collected 114€ from pot(HI)`` / ``(LO)`` are collections from the pot.
"""

from __future__ import annotations

import re
from typing import Any

from stud_hh.cards import MaybeCard
from stud_hh.errors import HandParseError
from stud_hh.events import (
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
    PostAnte,
    PotSummary,
    Raise,
    SeatOutcome,
    SeatSummary,
    Show,
    Street,
)
from stud_hh.money import CURRENCY_SYMBOLS, parse_amount
from stud_hh.sites.common import SiteBuilder, classify_line, header_fields
from stud_hh.sites.headers import to_utc
from stud_hh.sites.noise import NoiseShape
from stud_hh.sites.pokerstars import HeaderFields, LineError, _face_up

SITE: str = "Winamax"

NOISE: tuple[NoiseShape, ...] = ()
"""The shapes of this site's chat, table-traffic and notice lines (see
:mod:`stud_hh.sites.noise`); docs/formats/ catalogues them."""

HAND_START: re.Pattern[str] = re.compile(r"Winamax Poker - [^\n]*HandId: #")
"""A line that opens a Winamax hand."""

_HEAD = re.compile(
    r"Winamax Poker - (?P<kind>[^-]+?) - HandId: #(?P<id>[\d-]+) - (?P<game>.+?) "
    r"(?P<limit>fixed limit|pot limit|no limit) \((?P<stakes>[^()]*)\) - "
    r"(?P<date>\d{4}/\d{2}/\d{2}) (?P<time>\d{1,2}:\d{2}:\d{2}) (?P<tz>[A-Z]{2,5})$")
_TABLE = re.compile(r"Table: '(?P<name>.*)' (?:(?P<max>\d+)-max)?")
STUD_GAMES = {"7-card stud": Game.STUD, "7stud": Game.STUD, "7-card stud hi/lo": Game.STUD8,
              "razz": Game.RAZZ}
_LIMITS = {"fixed limit": Limit.FIXED, "pot limit": Limit.POT, "no limit": Limit.NO_LIMIT}


def read_header(line: str) -> HeaderFields:
    """Take apart a Winamax header line.

    >>> h = read_header("Winamax Poker - CashGame - HandId: #9250793-470-1478990787 - 7-Card "
    ...                 "Stud fixed limit (5€/25€/50€) - 2016/11/12 22:46:27 UTC")
    >>> h.hand_id, h.game, h.fields["small_bet"], h.fields["big_bet"], h.fields["currency"]
    ('9250793-470-1478990787', <Game.STUD: 'stud'>, 2500, 5000, 'EUR')
    >>> read_header("Winamax Poker - CashGame - HandId: #1-2-3 - 7stud fixed limit "
    ...             "(0.01/0.05/0.10) - 2016/06/12 19:36:38 UTC").fields["play_money"]
    True
    """
    head = _HEAD.match(line)
    if head is None:
        raise HandParseError("unreadable Winamax hand header", text=line)
    hand_id = head.group("id")
    game_text = f"{head.group('game')} {head.group('limit')}"
    fields = header_fields(SITE, hand_id, game_text, limit=_LIMITS[head.group("limit")])
    game = STUD_GAMES.get(head.group("game").lower())
    if game is None:
        return HeaderFields(hand_id, game_text, None, fields)
    if head.group("kind") != "CashGame":
        raise HandParseError(f"Winamax {head.group('kind')} hands are not read yet "
                             "(no corpus hand shows their header)", text=line, hand_id=hand_id)
    fields["game"] = game
    stakes = head.group("stakes").split("/")
    if len(stakes) != 3:
        raise HandParseError(f"unreadable stakes {head.group('stakes')!r}", text=line,
                             hand_id=hand_id)
    currency = next((c for s, c in CURRENCY_SYMBOLS.items() if s in stakes[1]), None)
    try:
        fields["small_bet"] = parse_amount(stakes[1], 100)
        fields["big_bet"] = parse_amount(stakes[2], 100)
        fields["started_at"] = to_utc(head.group("date"), head.group("time"), head.group("tz"))
    except ValueError as exc:
        raise HandParseError(f"unreadable header: {exc}", text=line, hand_id=hand_id) from None
    # play money keeps its two decimals: cents of play chips
    fields.update(currency=currency, scale=100, play_money=currency is None,
                  started_local=f"{head.group('date')} {head.group('time')} {head.group('tz')}")
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/winamax.lark -------------------------------------
_AMT = r"-?\d[\d.,]*[€$£]?"
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
    "COLLECT": re.compile(
        rf"(?P<name>[^\n]+) collected (?P<amount>{_AMT}) from pot(?:\((?P<half>HI|LO)\))?"),
}
LINE_ORDER = ("DEAL", "BRING_IN", "BET", "RAISE", "CALL", "CHECK", "FOLD", "SHOW", "COLLECT")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""
_ANTE = re.compile(rf"(?P<name>[^\n]+) posts ante (?P<amount>{_AMT}){_ALLIN}")


def classify(line: str) -> tuple[str, re.Match[str]] | None:
    """The shape of a street's line as the grammar decides it.

    >>> kind, m = classify("Player0 raises -6.10€ to 18.90€")
    >>> kind, m["by"], m["amount"]
    ('RAISE', '-6.10€', '18.90€')
    """
    return classify_line(SHAPES, LINE_ORDER, line)


class WinamaxBuilder(SiteBuilder):
    """The parser's callbacks for ``grammar/winamax.lark``, appending events in order."""

    SHAPES = SHAPES
    LINE_ORDER = LINE_ORDER

    def reset(self) -> None:
        super().reset()
        self.completed = False

    # -- terminals -----------------------------------------------------------------
    def TABLE(self, token: Any) -> None:
        m = _TABLE.match(token.value[:-1])
        if m is None:  # pragma: no cover - the terminal guarantees the shape
            raise LineError("unreadable table line", token.line)
        self.table_name = m.group("name")
        self.max_seats = int(m.group("max")) if m.group("max") else None

    def SEATS(self, token: Any) -> None:
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            number_text, _, rest = value[5:].partition(": ")
            name, _, chips = rest.rpartition(" (")
            self._seat(int(number_text), name, chips[:-1], n)
            n += 1

    def PRE(self, token: Any) -> None:
        n: int = token.line
        for line in token.value[:-1].split("\n"):
            m = _ANTE.fullmatch(line)
            if m is None:  # pragma: no cover - the lexer accepted it
                raise LineError("unrecognised line", n)
            self.events.append(PostAnte(line=self._file_line(n), player=m["name"],
                                        amount=self._amount(m["amount"], n),
                                        all_in=m["all_in"] is not None))
            n += 1

    def TOTAL_POT(self, token: Any) -> None:
        n: int = token.line
        pots, _, rake_text = token.value[len("Total pot "):-1].partition("|")
        rake_text = rake_text.strip()
        rake = self._amount(rake_text[5:].split()[0], n) if rake_text.startswith("Rake ") else 0
        self.events.append(PotSummary(line=self._file_line(n),
                                      total=self._amount(pots.split()[0], n), main=None,
                                      sides=(), rake=rake))

    def SEAT_SUMMARIES(self, token: Any) -> None:
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            number_text, _, rest = value[5:].partition(": ")
            name = max((p for p in self.names if rest.startswith(p + " ")), key=len,
                       default=rest.split(" ")[0])
            tail = rest[len(name):].strip()
            outcome = SeatOutcome.OTHER
            cards: tuple[MaybeCard, ...] = ()
            won: int | None = None
            description: str | None = None
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
            self.events.append(SeatSummary(
                line=self._file_line(n), player=name, seat=int(number_text), outcome=outcome,
                cards=cards, won=won, description=description or None, text=value))
            n += 1


    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        line = self._file_line(n)
        name = m["name"]
        all_in = "all_in" in m.re.groupindex and m["all_in"] is not None
        event: HandEvent
        if kind == "DEAL":
            known: tuple[MaybeCard, ...] = ()
            if m["more"] is None:
                cards = self._cards(m["cards"][1:-1], n)
            else:
                known, cards = self._cards(m["cards"][1:-1], n), self._cards(m["more"][1:-1], n)
            event = Deal(line=line, player=name, street=self.street, cards=cards,
                         face_up=_face_up(self.game, self.street, len(cards)), known=known)
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
            event = Show(line=line, player=name, cards=self._cards(m["cards"][1:-1], n),
                         description=m["description"] or None)
        else:  # COLLECT: from the pot, or its high or low half
            event = Collect(line=line, player=name, amount=self._amount(m["amount"], n))
        if kind in ("BET", "RAISE") and self.street is Street.THIRD:
            self.completed = True
        self.events.append(event)

