"""Everleaf Gaming: header reader and the transformer for ``grammar/everleaf.lark``.

Same design as :mod:`stud_hh.sites.winamax`. What Everleaf prints, what it
leaves out, and how it becomes the shared events:

* the first three lines are the hand id twice and ``€0.05/€0.10 7 Card Stud -
  2011/08/12 - 13:09:06``: small bet / big bet, the game, and a local time
  **without a time zone** (``started_at`` stays ``None``; the text is kept in
  ``started_local``);
* amounts in brackets are the chips a player adds (``raises [€ 0.10 EURO]``),
  turned into ``Raise(by, to)`` from the street's totals;
  ``posts bring-in €0.02.`` is a bring-in, ``completes to €0.05.`` a
  :class:`~stud_hh.events.Complete` to that total;
* an opponent's down cards are never printed: ``Dealt to X [ Ah ].`` deals the
  one up card on 3rd street (like PokerStars), nothing on the river; the cards
  are known only when shown;
* no showdown header (the showdown opens at the first ``shows``), no uncalled-bet
  line, no pot total, no rake and no summary. A bet nobody called is left out of
  the winner's amount and given back, as the next hand's stacks show: the
  ``everleaf`` profile says so (``uncalled_unprinted``).
"""

from __future__ import annotations

import re
from typing import Any

from stud_hh.errors import HandParseError
from stud_hh.events import Game, Limit, PotKind
from stud_hh.money import CURRENCY_SYMBOLS, parse_amount
from stud_hh.sites.common import SiteBuilder, classify_line, header_fields
from stud_hh.sites.noise import NoiseShape
from stud_hh.sites.pokerstars import HeaderFields

SITE: str = "Everleaf"

NOISE: tuple[NoiseShape, ...] = ()
"""The shapes of this site's chat, table-traffic and notice lines (see
:mod:`stud_hh.sites.noise`); docs/formats/ catalogues them."""

HAND_START: re.Pattern[str] = re.compile(r"Everleaf Gaming Game #\d+")
"""A line that opens an Everleaf hand."""

HEADER_LINES: int = 3
"""Lines :func:`read_header` needs: the stakes and game are on the third."""

_ID = re.compile(r"Everleaf Gaming Game #(?P<id>\d+)$")
_SECOND = re.compile(r"\*{5} Hand history for game #(?P<id>\d+) \*{5}$")
_GAME = re.compile(
    r"(?:Blinds )?(?P<sb>[$€£]?[\d.,]+)/(?P<bb>[$€£]?[\d.,]+) (?P<game>.+?) - "
    r"(?P<date>\d{4}/\d{2}/\d{2}) - (?P<time>\d{1,2}:\d{2}:\d{2})$")
STUD_GAMES: dict[str, Game] = {"7 Card Stud": Game.STUD}
"""The stud-family games a corpus hand shows (only stud): another stud or razz
name fails the hand by name rather than being guessed."""


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
    """
    lines = text.split("\n")
    first = _ID.match(lines[0])
    if first is None:
        raise HandParseError("not an Everleaf hand header", text=lines[0])
    hand_id = first.group("id")
    second = _SECOND.match(lines[1]) if len(lines) > 1 else None
    if second is None or second.group("id") != hand_id:
        raise HandParseError("the second line does not repeat the hand id",
                             text=lines[1] if len(lines) > 1 else lines[0], hand_id=hand_id)
    head = _GAME.match(lines[2]) if len(lines) > 2 else None
    if head is None:
        raise HandParseError("unreadable stakes and game line", text=lines[-1], hand_id=hand_id)
    game_text = head.group("game")
    fields = header_fields(SITE, hand_id, game_text, limit=Limit.FIXED)
    game = STUD_GAMES.get(game_text)
    if game is None:
        if re.search(r"(?i)stud|razz", game_text):
            raise HandParseError(f"Everleaf {game_text!r} hands are not read yet (no corpus "
                                 "hand shows one)", text=lines[2], hand_id=hand_id)
        return HeaderFields(hand_id, game_text, None, fields)
    currency = next((c for s, c in CURRENCY_SYMBOLS.items() if s in head.group("sb")), None)
    if currency is None:
        raise HandParseError("Everleaf stakes without a currency (tournament or play money) are "
                             "not read yet", text=lines[2], hand_id=hand_id)
    try:
        small_bet = parse_amount(head.group("sb"), 100)
        big_bet = parse_amount(head.group("bb"), 100)
    except ValueError as exc:
        raise HandParseError(f"unreadable stakes: {exc}", text=lines[2], hand_id=hand_id) from None
    fields.update(game=game, small_bet=small_bet, big_bet=big_bet, currency=currency, scale=100,
                  started_local=f"{head.group('date')} {head.group('time')}")
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/everleaf.lark ------------------------------------
_MONEY = r"[$€£]? ?\d[\d.,]*"
_ADDED = rf"\[(?P<amount>{_MONEY})(?: [A-Z]{{3,4}})?\]"
_CARDS_RE = r"\[ (?P<cards>[^\[\]\n]*) \]"
SHAPES: dict[str, re.Pattern[str]] = {
    "DEAL": re.compile(rf"Dealt to (?P<name>[^\n]+) {_CARDS_RE}\."),
    "BRING_IN": re.compile(rf"(?P<name>[^\n]+) posts bring-in (?P<amount>{_MONEY})\."),
    "COMPLETE": re.compile(rf"(?P<name>[^\n]+) completes to (?P<amount>{_MONEY})\."),
    "BET": re.compile(rf"(?P<name>[^\n]+): bets {_ADDED}"),
    "RAISE": re.compile(rf"(?P<name>[^\n]+) raises {_ADDED}"),
    "CALL": re.compile(rf"(?P<name>[^\n]+) calls {_ADDED}"),
    "CHECK": re.compile(r"(?P<name>[^\n]+) checks"),
    "FOLD": re.compile(r"(?P<name>[^\n]+) folds"),
    "SHOW": re.compile(rf"(?P<name>[^\n]+) shows {_CARDS_RE}(?: (?P<description>[^\n]*))?"),
    "NO_SHOW": re.compile(r"(?P<name>[^\n]+) does not show cards"),
    "COLLECT": re.compile(
        rf"(?P<name>[^\n]+) wins (?P<amount>{_MONEY})(?: [A-Z]{{3,4}})? from main pot"
        r"(?: with [^\n]*)?"),
    "SEAT": re.compile(
        rf"Seat (?P<seat>\d+): (?P<name>[^\n]+) \(\s+(?P<amount>{_MONEY})(?: [A-Z]{{3,4}})? \)"),
    "ANTE": re.compile(rf"(?P<name>[^\n]+): posts ante {_ADDED}"),
}
"""Every line shape of the grammar, as Python regexes (``_KIND`` there is ``KIND`` here)."""

LINE_ORDER: tuple[str, ...] = ("DEAL", "BRING_IN", "COMPLETE", "BET", "RAISE", "CALL", "CHECK",
                               "FOLD", "SHOW", "NO_SHOW", "COLLECT")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""


def classify(line: str) -> tuple[str, re.Match[str]] | None:
    """The shape of a street's line as the grammar decides it.

    >>> kind, m = classify("MOURINHO_ raises [€ 0.10 EURO]")
    >>> kind, m["name"], m["amount"]
    ('RAISE', 'MOURINHO_', '€ 0.10')
    >>> classify("EricBlade posts bring-in €0.02.")[1]["amount"]
    '€0.02'
    """
    return classify_line(SHAPES, LINE_ORDER, line)


class EverleafBuilder(SiteBuilder):
    """The parser's callbacks for ``grammar/everleaf.lark``, appending events in order."""

    SHAPES = SHAPES
    LINE_ORDER = LINE_ORDER
    COLLECT_POT = PotKind.MAIN

    # -- terminals -----------------------------------------------------------------
    def TABLE(self, token: Any) -> None:
        self.table_name = token.value[len("Table "):-1]

    # -- one event per line ------------------------------------------------------------
    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        if kind == "COMPLETE":  # "completes to": the total, not the chips added
            name = m["name"]
            to = self._amount(m["amount"], n)
            self._added(kind, name, to - self.totals.get(name, 0), n)
        else:
            super()._make(kind, m, n)
