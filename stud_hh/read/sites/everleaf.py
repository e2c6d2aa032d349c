"""Everleaf Gaming: header reader and the transformer for ``grammar/everleaf.lark``.

Same design as :mod:`stud_hh.read.sites.winamax`; ``docs/formats/everleaf.md`` is the
catalogue of every form read here. What Everleaf prints, what it leaves out, and
how it becomes the shared events:

* a hand opens with three lines: the hand id (``Everleaf Gaming Game #N``, a
  skin's ``Everleaf Gaming - Concord Gaming - Game #N``, or the Partouche skin's
  ``Partouche Poker Gibraltar``), the id again (``***** Hand history for game
  #N *****``, Partouche ``*** Historique des Mains pour la partie N ***``), and
  ``€0.05/€0.10 7 Card Stud - 2011/08/12 - 13:09:06``: small bet / big bet, the
  game, and a local time **without a time zone** (``started_at`` stays ``None``;
  the text is kept in ``started_local``). Stakes without a currency sign are
  chips: a tournament or a play-money table, which the hand does not say;
* amounts in brackets are the chips a player adds (``raises [€ 0.10 EURO]``),
  turned into ``Raise(by, to)`` from the street's totals;
  ``posts bring-in €0.02.`` is a bring-in, ``completes to €0.05.`` a
  :class:`~stud_hh.model.events.Complete` to that total; an ``ˆ`` stands for ``€``
  (a euro sign written in another code page);
* no action says all-in: an action that leaves its player's stack empty is
  all-in, by the printed amounts;
* an opponent's down cards are never printed: ``Dealt to X [ Ah ].`` deals the
  one up card on 3rd street (like PokerStars), nothing on the river; the cards
  are known only when shown. The files of July 2011 print no deal line at all;
* no showdown header (the showdown opens at the first ``shows``), no uncalled-bet
  line, no pot total, no rake and no summary. A bet nobody called is left out of
  the winner's amount and given back, as the next hand's stacks show: the
  ``everleaf`` profile says so (``prints.uncalled``, unprinted).
"""

from __future__ import annotations

import re
from typing import Any

from stud_hh.model.errors import HandParseError
from stud_hh.model.events import Collect, Game, Limit, Muck, PostAnte, PotKind, TableEventKind
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

SITE: str = "Everleaf"

NOISE: tuple[NoiseShape, ...] = (
    NoiseShape(r"(?P<name>.+?) has joined the table", TableEventKind.JOINS),
    NoiseShape(r"(?P<name>.+?) has left the table", TableEventKind.LEAVES),
    NoiseShape(r"(?P<name>.+?) sits out", TableEventKind.SITTING_OUT),
    NoiseShape(r"(?P<name>.+?) est déconnecté et dispose de \d+ secondes supplémentaires "
               r"pour agir", TableEventKind.DISCONNECTED),
)
"""The shapes of this site's table-traffic lines (see :mod:`stud_hh.read.sites.noise`);
``docs/formats/everleaf.md`` catalogues them. Everleaf prints no chat."""

HAND_START: re.Pattern[str] = re.compile(
    r"(?:Everleaf Gaming (?:- [^\n]+ - )?Game #\d+|Partouche Poker(?: [A-Za-z]+)?)(?=\n|$)")
"""A line that opens an Everleaf hand (or one of its skins'): the whole line's shape, so
no player called ``Partouche Poker fan`` or ``Everleaf Gaming Game #1`` can start a hand.

>>> [bool(HAND_START.match(t)) for t in ("Everleaf Gaming Game #295679510",
...  "Everleaf Gaming Game #1: calls [€ 0.05]", "Partouche Poker fan: folds")]
[True, False, False]
"""

HEADER_LINES: int = 3
"""Lines :func:`read_header` needs: the stakes and game are on the third."""

_ID = re.compile(r"Everleaf Gaming (?:- (?P<skin>.+) - )?Game #(?P<id>\d+)|"
                 r"(?P<partouche>Partouche Poker)(?: .*)?")
_SECOND = re.compile(r"\*{5} Hand history for game #(?P<id>\d+) \*{5}|"
                     r"\*{3} Historique des Mains pour la partie (?P<partie>\d+) \*{3}")
_SIGNS = "$€£ˆ"
_GAME = re.compile(
    rf"(?:Blinds +)?(?P<sb>[{_SIGNS}]? ?\d[\d.,]*) ?/ ?(?P<bb>[{_SIGNS}]? ?\d[\d.,]*) "
    r"(?:(?P<limit>NL|PL) )?(?P<game>.+?)(?: - (?P<max>\d+) Max)? - "
    r"(?P<date>\d{4}/\d{2}/\d{2}) - (?P<time>\d{1,2}:\d{2}:\d{2})")
STUD_GAMES: dict[str, Game] = {
    "7 Card Stud": Game.STUD, "Razz": Game.RAZZ, "7 Card Stud Hi/Lo": Game.STUD8,
    "7 Card Stud Hi-Lo": Game.STUD8}
"""The stud-family games: ``7 Card Stud`` (the corpus), ``Razz`` (FPDB's games table),
the hi/lo names by the site's ``Omaha Hi/Lo``. Another stud name fails by name."""
_LIMITS = {"NL": Limit.NO_LIMIT, "PL": Limit.POT, None: Limit.FIXED}
_TOURNAMENT = re.compile(r"Tournament #(?P<tid>\d+)")
_CODES = {"USD": "USD", "EUR": "EUR", "EURO": "EUR", "GBP": "GBP", "GEL": "GEL"}
"""Currency codes printed after amounts; ``Chips`` names none."""


def _euro(text: str) -> str:
    """``ˆ`` is the euro sign of another code page (FPDB's ``euro.caret`` file)."""
    return text.replace("ˆ", "€")


def read_header(text: str) -> HeaderFields:
    """Take apart the first three lines of an Everleaf hand.

    >>> h = read_header("Everleaf Gaming Game #295679510\\n"
    ...                 "***** Hand history for game #295679510 *****\\n"
    ...                 "€0.05/€0.10 7 Card Stud - 2011/08/12 - 13:09:06")
    >>> h.hand_id, h.game, h.fields["small_bet"], h.fields["big_bet"], h.fields["currency"]
    ('295679510', <Game.STUD: 'stud'>, 5, 10, 'EUR')
    >>> h.fields["started_at"] is None, h.fields["started_local"]
    (True, '2011/08/12 13:09:06')
    >>> read_header("Everleaf Gaming Game #1\\n***** Hand history for game #1 *****\\n"
    ...             "Blinds $0.05/$0.10 NL Hold'em - 2009/02/21 - 11:21:57").game is None
    True
    >>> t = read_header("Everleaf Gaming Game #7\\n***** Hand history for game #7 *****\\n"
    ...                 "10/20 Razz - 2009/02/25 - 17:30:32").fields
    >>> t["game"], t["scale"], t["currency"], t["small_bet"]
    (<Game.RAZZ: 'razz'>, 1, None, 10)
    """
    lines = text.split("\n")
    first = _ID.fullmatch(lines[0])
    if first is None:
        raise HandParseError("not an Everleaf hand header", text=lines[0])
    second = _SECOND.fullmatch(lines[1]) if len(lines) > 1 else None
    hand_id = first.group("id") or (second.group("partie") if second else None) or ""
    if second is None or (second.group("id") or second.group("partie")) != hand_id:
        raise HandParseError("the second line does not repeat the hand id",
                             text=lines[1] if len(lines) > 1 else lines[0],
                             hand_id=hand_id or None)
    head = _GAME.fullmatch(_euro(lines[2])) if len(lines) > 2 else None
    if head is None:
        raise HandParseError("unreadable stakes and game line", text=lines[-1], hand_id=hand_id)
    game_text = " ".join(x for x in (head.group("limit"), head.group("game")) if x)
    fields = header_fields(SITE, hand_id, game_text, limit=_LIMITS[head.group("limit")])
    game = STUD_GAMES.get(head.group("game"))
    if game is None:
        return HeaderFields(hand_id, game_text, None, fields)
    sb_text, bb_text = head.group("sb"), head.group("bb")
    currency = next((c for s, c in CURRENCY_SYMBOLS.items() if s in sb_text + bb_text), None)
    # stakes without a sign: chips, or (with decimals) a currency the line does not name
    scale = 100 if currency is not None or "." in sb_text + bb_text else 1
    try:
        small_bet = parse_amount(sb_text, scale)
        big_bet = parse_amount(bb_text, scale)
    except ValueError as exc:
        raise HandParseError(f"unreadable stakes: {exc}", text=lines[2], hand_id=hand_id) from None
    header_time(head.group("date"), head.group("time"), None, line=lines[2],  # no zone
                hand_id=hand_id)
    fields.update(game=game, small_bet=small_bet, big_bet=big_bet, currency=currency, scale=scale,
                  started_local=f"{head.group('date')} {head.group('time')}",
                  max_seats=int(head.group("max")) if head.group("max") else None)
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/everleaf.lark ------------------------------------
_MONEY = rf"[{_SIGNS}]? ?\d[\d.,]*"
_CODE = r"(?: (?:[A-Z]{3,4}|[Cc]hips))?"
_ADDED = rf"\[ ?(?P<amount>{_MONEY}){_CODE}\]"
_CARDS_RE = r"\[ (?P<cards>[^\[\]\n]*) \]"
SHAPES: dict[str, re.Pattern[str]] = {
    "DEAL": re.compile(rf"Dealt to (?P<name>[^\n]+) {_CARDS_RE}\.?"),
    "BRING_IN": re.compile(rf"(?P<name>[^\n]+) posts bring-in +(?P<amount>{_MONEY})\."),
    "COMPLETE": re.compile(rf"(?P<name>[^\n]+) completes to +(?P<amount>{_MONEY})\."),
    "BET": re.compile(rf"(?P<name>[^\n]+): bets {_ADDED}"),
    "RAISE": re.compile(rf"(?P<name>[^\n]+) raises {_ADDED}"),
    "CALL": re.compile(rf"(?P<name>[^\n]+) calls {_ADDED}"),
    "CHECK": re.compile(r"(?P<name>[^\n]+) checks"),
    "FOLD": re.compile(r"(?P<name>[^\n]+) folds"),
    "SHOW": re.compile(rf"(?P<name>[^\n]+) shows {_CARDS_RE} ?(?P<description>[^\n]*)"),
    "MUCK": re.compile(rf"(?P<name>[^\n]+) mucks {_CARDS_RE} ?(?P<description>[^\n]*)"),
    "NO_SHOW": re.compile(r"(?P<name>[^\n]+) does not show cards"),
    "COLLECT": re.compile(
        rf"(?P<name>[^\n]+) wins (?: ?(?P<amount>{_MONEY}){_CODE}| (?:high|low) "
        rf"\((?P<half>{_MONEY}){_CODE}\)) from (?P<pot>main pot|side pot(?: (?P<index>\d+))?)"
        r"(?: with (?P<with>[^\n]*))?"),
    "WRAPPED": re.compile(r"(?P<name>)[^\n\[\]]+ \[ [^\[\]\n]* \]"),
    "SEAT": re.compile(
        rf"Seat (?P<seat>\d+): (?P<name>[^\n]+) \(\s+(?:(?P<amount>{_MONEY})(?P<code>{_CODE})"
        r"|(?P<status>new player|All-in)) ?\)"),
    "ANTE": re.compile(rf"(?P<name>[^\n]+): posts ante {_ADDED}"),
}
"""Every line shape of the grammar, as Python regexes (``_KIND`` there is ``KIND`` here)."""

LINE_ORDER: tuple[str, ...] = ("DEAL", "BRING_IN", "COMPLETE", "BET", "RAISE", "CALL", "CHECK",
                               "FOLD", "SHOW", "MUCK", "NO_SHOW", "COLLECT", "WRAPPED")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""


def classify(line: str) -> tuple[str, re.Match[str]] | None:
    """The shape of a street's line as the grammar decides it.

    >>> kind, m = classify("MOURINHO_ raises [€ 0.10 EURO]")
    >>> kind, m["name"], m["amount"]
    ('RAISE', 'MOURINHO_', '€ 0.10')
    >>> classify("EricBlade posts bring-in €0.02.")[1]["amount"]
    '€0.02'
    >>> classify("Hero wins  low ($3.32) from main pot with 8, 7, 4, 3, A")[1]["half"]
    '$3.32'
    """
    return classify_line(SHAPES, LINE_ORDER, line)


class EverleafBuilder(SiteBuilder):
    """The parser's callbacks for ``grammar/everleaf.lark``, appending events in order."""

    SHAPES = SHAPES
    LINE_ORDER = LINE_ORDER
    COLLECT_POT = PotKind.MAIN

    def reset(self) -> None:
        super().reset()
        self.left: dict[str, int] = {}
        """Each player's stack, less what the lines so far put in (all-in is never printed)."""
        self.wrapped_ok = False
        """The last line was a collection whose description the next line may go on with."""

    def _amount(self, text: str, n: int) -> int:
        return super()._amount(_euro(text), n)

    # -- terminals -----------------------------------------------------------------
    def TABLE(self, token: Any) -> None:
        self.table_name = token.value[len("Table "):-1]
        tournament = _TOURNAMENT.search(self.table_name)
        if tournament is not None:
            self.fields["tournament_id"] = tournament.group("tid")

    def BUTTON(self, token: Any) -> None:
        """``Seat 1 is the button``: no button matters in stud."""

    def SEATS(self, token: Any) -> None:
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            m = self._shape("SEAT", value, n)
            name = m["name"]
            if m["status"] is not None:  # "( new player )", "( All-in )": nothing to play with
                self._seat(int(m["seat"]), name, "0", n, sitting_out=True)
            else:
                self._seat(int(m["seat"]), name, m["amount"], n)
                code = _CODES.get(m["code"].strip())
                if code is not None and self.fields.get("currency") is None:
                    self.fields["currency"] = code
            self.left[name] = self.seats[-1].stack
            n += 1
        if self.players_line is not None and self.players_line[0] != len(self.seats):
            count, line = self.players_line
            self.warnings.append(f"line {self._file_line(line)}: {count} players announced, "
                                 f"{len(self.seats)} seat lines")
        if self.fields.get("currency") is None and self.fields.get("tournament_id") is None:
            self.warnings.append(f"line {self._file_line(token.line)}: stakes in chips: a "
                                 "tournament or a play-money table, which the hand does not say")

    def _ante(self, name: str, amount: int, n: int) -> None:
        self.events.append(PostAnte(line=self._file_line(n), player=name, amount=amount,
                                    all_in=self._spend(name, amount)))

    def _spend(self, name: str, amount: int) -> bool:
        """Take ``amount`` from ``name``'s stack: whether that empties it (an all-in)."""
        if name not in self.left:
            return False
        self.left[name] -= amount
        return amount > 0 and self.left[name] <= 0

    def start(self, children: list[Any]) -> None:
        """The end of the hand: every Everleaf hand ends with who wins what."""
        if not any(isinstance(e, Collect) for e in self.events):
            raise LineError("truncated hand: it ends without a 'wins ... from main pot' line",
                            len(self.lines))

    # -- one event per line ------------------------------------------------------------
    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        wrapped_ok, self.wrapped_ok = self.wrapped_ok, False
        name = m["name"]
        if kind == "WRAPPED":  # the rest of a collection's "with ..." that the site wrapped
            if not wrapped_ok:
                raise LineError("unrecognised line: it continues no collection", n)
            return
        if kind in ("BRING_IN", "BET", "RAISE", "CALL", "COMPLETE"):
            amount = self._amount(m["amount"], n)
            if kind == "COMPLETE":  # "completes to": the total, not the chips added
                amount -= self.totals.get(name, 0)
            self._added(kind, name, amount, n, all_in=self._spend(name, amount))
        elif kind == "MUCK":
            self.events.append(Muck(line=self._file_line(n), player=name,
                                    cards=self._cards(m["cards"], n)))
        elif kind == "COLLECT":
            index = m["index"]
            side = m["pot"].startswith("side")
            self.events.append(Collect(
                line=self._file_line(n), player=name,
                amount=self._amount(m["amount"] or m["half"], n),
                pot=PotKind.SIDE if side else PotKind.MAIN,
                pot_index=int(index) if index else None))
            self.wrapped_ok = m["with"] is not None and "[" not in m["with"]
        else:
            super()._make(kind, m, n)
