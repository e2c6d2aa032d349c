"""Bovada (Bodog): header reader and the transformer for ``grammar/bovada.lark``.

Same design as :mod:`stud_hh.sites.winamax`. What Bovada prints, what it
leaves out, and how it becomes the shared events:

* the header ``Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit -
  2012-05-07 03:40:07`` (or ``Bovada Hand #...``, ``7CARD HiLo``) prints **no
  stakes** and **no time zone** (``started_at`` stays ``None``; the local text is
  kept). The small and big bet are read from the hand's own bets, after the whole
  hand is read: the small bet is the 3rd-street completion or a plain 4th-street
  bet, the big bet a 5th- to 7th-street bet or a 4th-street ``D bets`` (the double
  bet), the one the hand does not show being twice or half the other (fixed
  limit). The bets that fix them cannot be checked against them; every other bet
  is. A hand with no bet beyond the bring-in shows no stakes and fails, named;
* players are anonymous seats, named as printed: ``Seat+3``, the hero ``Seat+3
  [ME]``;
* every player's cards are printed, folded hands too: 3rd street's three cards are
  two down and the door card (the dealing rules), 7th street's card is down;
* the 2012 histories print no street header after ``*** HOLE CARDS ***``: a new
  street (:class:`~stud_hh.events.StreetStart`, on that line) starts at the card
  dealt to a player who already got one on the current street;
* amounts are the chips a player adds: ``Raises $7.50 to $10`` adds $7.50 to the
  $2.50 bring-in, reaching $10 on the street (checked); an older ``Raises $0.10``
  prints the chips added only;
* no showdown header (the first ``Showdown [..]`` opens it; a hi/lo ``Showdown``
  lists the high five and then the low five cards); ``Does not show [..]`` is a
  winner who did not have to show; ``Hand result $x`` a collection;
* ``Total Pot($0.47) | Rake ($0.02)``; a pot line without its rake (2014) makes no
  :class:`~stud_hh.events.PotSummary` (the rake is then unverifiable), and its
  total is checked against the chips put in.
"""

from __future__ import annotations

import re
from typing import Any

from stud_hh.cards import MaybeCard
from stud_hh.errors import HandParseError
from stud_hh.events import (
    Game,
    Limit,
    PotSummary,
    SeatOutcome,
    Street,
    TableEvent,
    TableEventKind,
    UncalledReturned,
)
from stud_hh.money import CURRENCY_SYMBOLS
from stud_hh.sites.common import SiteBuilder, classify_line, header_fields, total_pot
from stud_hh.sites.noise import NoiseShape
from stud_hh.sites.pokerstars import HeaderFields, LineError

SITE: str = "Bovada"

NOISE: tuple[NoiseShape, ...] = ()
"""The shapes of this site's chat, table-traffic and notice lines (see
:mod:`stud_hh.sites.noise`); docs/formats/ catalogues them."""

HAND_START: re.Pattern[str] = re.compile(r"(?:Bovada|Bodog) Hand #\d+ ")
"""A line that opens a Bovada or Bodog hand."""

_HEAD = re.compile(r"(?P<brand>Bovada|Bodog) Hand #(?P<id>\d+) (?P<rest>.*)$")
_CASH = re.compile(r"TBL#(?P<table>\d+) (?P<game>.+?) (?P<limit>Fixed Limit) - "
                   r"(?P<date>\d{4}-\d{2}-\d{2}) (?P<time>\d{1,2}:\d{2}:\d{2})$")
STUD_GAMES: dict[str, Game] = {"7CARD": Game.STUD, "7CARD HiLo": Game.STUD8}
"""The stud-family games corpus hands show: another stud or razz name fails the hand
by name rather than being guessed."""
_FOLDED = {"3rd": Street.THIRD, "4th": Street.FOURTH, "5th": Street.FIFTH,
           "6th": Street.SIXTH, "river": Street.SEVENTH}
_TRAFFIC = {"Seat sit out": TableEventKind.SITTING_OUT, "Seat stand": TableEventKind.LEAVES,
            "Table leave user": TableEventKind.LEAVES}
_DOLLARS = re.compile(r"[$€£][\d.,]+")


def read_header(line: str) -> HeaderFields:
    """Take apart a Bovada or Bodog header line (the stakes come from the hand's bets).

    >>> h = read_header("Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit - "
    ...                 "2012-05-07 03:40:07")
    >>> h.hand_id, h.game, h.fields["table"], h.fields["started_local"], h.fields["started_at"]
    ('2604291510', <Game.STUD: 'stud'>, '1178621', '2012/05/07 03:40:07', None)
    >>> read_header("Bovada Hand #1 TBL#2 HOLDEM No Limit - 2022-05-26 09:16:24").game is None
    True
    """
    head = _HEAD.match(line)
    if head is None:
        raise HandParseError("not a Bovada hand header", text=line)
    hand_id, rest = head["id"], head["rest"]
    cash = _CASH.match(rest)
    game_name = cash["game"] if cash else rest.split(" - ")[0]
    game = STUD_GAMES.get(game_name)
    if cash is None or game is None:
        fields = header_fields(SITE, hand_id, game_name)
        if re.search(r"(?i)7CARD|stud|razz", rest):
            raise HandParseError(f"Bovada {game_name!r} hands are not read yet (no corpus hand "
                                 "shows one)", text=line, hand_id=hand_id)
        return HeaderFields(hand_id, game_name, None, fields)
    game_text = f"{game_name} {cash['limit']}"
    fields = header_fields(SITE, hand_id, game_text, limit=Limit.FIXED, game=game,
                           table=cash["table"], scale=100,
                           started_local=f"{cash['date'].replace('-', '/')} {cash['time']}")
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/bovada.lark --------------------------------------
_NAME = r"(?P<name>Seat\+\d+(?: \[ME\])?)"
_AMT = r"[$€£]?\d[\d.,]*"
_CARDS_RE = r"\[(?P<cards>[^\[\]\n]*)\]"
_HAND = r"(?: \((?P<description>[^\n]*)\))?"
SHAPES: dict[str, re.Pattern[str]] = {
    "DEAL": re.compile(rf"{_NAME} : Card dealt to a spot {_CARDS_RE}"),
    "BRING_IN": re.compile(rf"{_NAME} : Bring_in chip (?P<amount>{_AMT})"),
    "DOUBLE_BET": re.compile(rf"{_NAME} : D bets (?P<amount>{_AMT})"),
    "BET": re.compile(rf"{_NAME} : Bets (?P<amount>{_AMT})"),
    "RAISE": re.compile(rf"{_NAME} : Raises (?P<amount>{_AMT})(?: to (?P<total>{_AMT}))?"),
    "CALL": re.compile(rf"{_NAME} : Calls (?P<amount>{_AMT})"),
    "CHECK": re.compile(rf"{_NAME} : Checks"),
    "FOLD": re.compile(rf"{_NAME} : Folds"),
    "UNCALLED": re.compile(rf"{_NAME} : Return uncalled portion of bet (?P<amount>{_AMT})"),
    "SHOW": re.compile(rf"{_NAME} : Showdown {_CARDS_RE}{_HAND}"),
    "NO_SHOW": re.compile(rf"{_NAME} : Does not show {_CARDS_RE}{_HAND}"),
    "COLLECT": re.compile(rf"{_NAME} : Hand result (?P<amount>{_AMT})"),
    "TABLE_EVENT": re.compile(rf"{_NAME} : (?P<what>Seat sit out|Seat stand|Table leave user)"),
    "SEAT": re.compile(rf"{_NAME}: (?P<amount>{_AMT}) in chips"),
    "ANTE": re.compile(rf"{_NAME} : Ante chip (?P<amount>{_AMT})"),
    "SEAT_SUMMARY": re.compile(r"Seat[ +](?P<seat>\d+): (?P<rest>[^\n]*)"),
}
"""Every line shape of the grammar, as Python regexes (``_KIND`` there is ``KIND`` here)."""

LINE_ORDER: tuple[str, ...] = ("DEAL", "BRING_IN", "DOUBLE_BET", "BET", "RAISE", "CALL", "CHECK",
                               "FOLD", "UNCALLED", "SHOW", "NO_SHOW", "COLLECT", "TABLE_EVENT")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""
PRE_ORDER: tuple[str, ...] = ("ANTE", "TABLE_EVENT")
"""The order of the alternatives of ``PRE``."""


def classify(line: str, order: tuple[str, ...] = LINE_ORDER
             ) -> tuple[str, re.Match[str]] | None:
    """The shape of a line as the grammar decides it.

    >>> kind, m = classify("Seat+5 [ME] : Raises $7.50 to $10")
    >>> kind, m["name"], m["amount"], m["total"]
    ('RAISE', 'Seat+5 [ME]', '$7.50', '$10')
    >>> classify("Seat+3 [ME] : Seat sit out", PRE_ORDER)[0]
    'TABLE_EVENT'
    """
    return classify_line(SHAPES, order, line)


class BovadaBuilder(SiteBuilder):
    """The parser's callbacks for ``grammar/bovada.lark``, appending events in order."""

    SHAPES = SHAPES
    LINE_ORDER = LINE_ORDER

    def reset(self) -> None:
        super().reset()
        self.dealt: set[str] = set()
        """Players dealt a card on the current street."""
        self.cards_of: dict[str, set[MaybeCard]] = {}
        self.sizes: dict[str, int] = {}
        """The first 3rd-street ``completion`` total, 4th-street ``BET`` and ``DOUBLE_BET``,
        and ``big`` bet or raise of a later street."""
        self.pot = 0
        """Chips put in so far, less those returned uncalled."""

    # -- terminals -----------------------------------------------------------------
    def SEATS(self, token: Any) -> None:
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            m = self._shape("SEAT", value, n)
            currency = CURRENCY_SYMBOLS.get(m["amount"][0])
            if currency is None:
                raise LineError("a stack without a currency sign (play money or a tournament): "
                                "not read yet, no corpus hand shows one", n)
            self.fields["currency"] = currency
            self._seat(int(m["name"].split("+")[1].split()[0]), m["name"], m["amount"], n)
            n += 1

    def PRE(self, token: Any) -> None:
        self._run(token, PRE_ORDER)

    def _ante(self, name: str, amount: int, n: int) -> None:
        self.pot += amount
        super()._ante(name, amount, n)

    def _open_street(self, street: Street, n: int) -> None:
        self.dealt = set()
        super()._open_street(street, n)

    def TOTAL_POT(self, token: Any) -> None:
        n: int = token.line
        found = total_pot(token.value[:-1])
        if found is None:  # pragma: no cover - the lexer accepted it
            raise LineError("unreadable pot line", n)
        total = self._amount(found[0], n)
        if found[1] is not None:
            self.events.append(PotSummary(line=self._file_line(n), total=total, main=None,
                                          sides=(), rake=self._amount(found[1], n)))
        elif total != self.pot:  # no rake printed: the total is still checked
            self.warnings.append(f"line {self._file_line(n)}: the pot is printed as {total}; "
                                 f"the chips put in make {self.pot}")

    def _seat_line(self, name: str, seat: int, rest: str, value: str, n: int) -> None:
        tail = rest.strip()
        amounts = [self._amount(a, n) for a in _DOLLARS.findall(re.sub(r"\[[^\]]*\]", "", tail))]
        won = sum(amounts) if amounts else None
        if tail.startswith("Folded on the "):
            self._summary(name, seat, SeatOutcome.FOLDED, value, n,
                          street=_FOLDED.get(tail.split()[3].lower()))
        elif "[Does not show]" in tail:
            self._summary(name, seat, SeatOutcome.COLLECTED, value, n, won=won)
        else:
            outcome = SeatOutcome.SHOWED_LOST if won is None else SeatOutcome.SHOWED_WON
            self._summary(name, seat, outcome, value, n, won=won, shown=tail)

    # -- one event per line ------------------------------------------------------------
    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        name = m["name"]
        line = self._file_line(n)
        if kind == "DEAL":
            if name in self.dealt:  # no street header (2012): a second card, a new street
                if self.street is Street.SEVENTH:
                    raise LineError(f"{name} is dealt a card after the river", n)
                self._open_street(Street(self.street + 1), n)
            self.dealt.add(name)
            cards = self._cards(m["cards"], n)
            self.cards_of.setdefault(name, set()).update(cards)
            self._deal(name, cards, n)
        elif kind in ("SHOW", "NO_SHOW"):
            cards = self._cards(m["cards"], n)
            unknown = set(cards) - self.cards_of.get(name, set())
            if unknown:  # reported, never repaired (the replayer sees a shown card too)
                self.warnings.append(f"line {line}: {name} turns over "
                                     f"{' '.join(sorted(map(str, unknown)))}, never dealt to them")
            if kind == "SHOW":
                self._show(name, cards, n, m["description"])
            else:  # the winner's cards, known from the deal: the event carries none
                self._plain(kind, name, n)
        elif kind == "UNCALLED":
            amount = self._amount(m["amount"], n)
            self.pot -= amount
            self.events.append(UncalledReturned(line=line, player=name, amount=amount))
        elif kind == "TABLE_EVENT":
            self.events.append(TableEvent(line=line, player=name, kind=_TRAFFIC[m["what"]],
                                          text=m.group(0)))
        elif kind == "ANTE":
            self._ante(name, self._amount(m["amount"], n), n)
        elif kind in ("BRING_IN", "DOUBLE_BET", "BET", "RAISE", "CALL"):
            self._money(kind, m, n)
        else:  # CHECK, FOLD, COLLECT
            super()._make(kind, m, n)

    def _money(self, kind: str, m: re.Match[str], n: int) -> None:
        name = m["name"]
        added = self._amount(m["amount"], n)
        mine, before = self.totals.get(name, 0), self.bet_to
        if kind == "RAISE" and m["total"] is not None:
            total = self._amount(m["total"], n)
            if total != mine + added:
                raise LineError(f"'Raises {m['amount']} to {m['total']}': {name} had {mine} in "
                                "on the street", n)
        self.pot += added
        self._added("BET" if kind == "DOUBLE_BET" else kind, name, added, n)
        self._note_stakes(kind, mine + added, before)

    def _note_stakes(self, kind: str, to: int, before: int) -> None:
        """Keep the first bet of each kind that shows a bet size (see the module's doc)."""
        street, seen = self.street, self.sizes
        if kind in ("BRING_IN", "CALL"):
            return
        if street is Street.THIRD:
            seen.setdefault("completion", to)  # the first bet or raise of 3rd street
        elif street is Street.FOURTH:
            if kind in ("BET", "DOUBLE_BET"):
                seen.setdefault(kind, to)
        elif to > before:
            seen.setdefault("big", to - before)

    # -- the end of the hand: the stakes its bets show -------------------------------------
    def start(self, children: list[Any]) -> None:
        seen = self.sizes
        small = seen.get("completion", seen.get("BET"))
        big = seen.get("big", seen.get("DOUBLE_BET"))
        if small is None and big is None:
            raise LineError("Bovada prints no stakes, and no bet in this hand shows them", 1)
        small = small if small is not None else (big or 0) // 2
        big = big if big is not None else 2 * small
        if big != 2 * small:
            self.warnings.append(f"the bets show a small bet of {small} and a big bet of {big}")
        self.fields["small_bet"], self.fields["big_bet"] = small, big
