"""Absolute Poker: header reader and the transformer for ``grammar/absolute.lark``.

Same design as :mod:`stud_hh.sites.winamax`. What Absolute prints, what it
leaves out, and how it becomes the shared events:

* the header ``Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 -
  2009-03-18 19:10:00 (ET)``: game, ``Normal`` (fixed limit), small bet / big
  bet, local time and zone; a stud hand prints **no table line** (``table`` is
  empty) and no seat count (``max_seats`` is ``None``);
* every street repeats each player's pocket so far: ``PLAYER1 - Pocket [H H Js
  10d]``. The builder deals the cards the line adds (``known`` holds the ones it
  repeats); ``H`` is a hidden card (``None``). A folded player's pocket is
  repeated unchanged: no deal, and a repeat that differs fails the hand, named;
* amounts are the chips a player adds; ``X Collects $0.19 from main pot`` is a
  :class:`~stud_hh.events.Collect`, ``Total Pot($0.43) | Rake ($0.04)`` the pot
  summary.

Only the line shapes the corpus hand shows are read (no raise, no all-in): a hand
with another shape fails with the line named, rather than being read by a guess.
"""

from __future__ import annotations

import re
from typing import Any

from stud_hh.errors import HandParseError
from stud_hh.events import Game, Limit, PotKind, PotSummary, SeatOutcome, Street
from stud_hh.money import CURRENCY_SYMBOLS, parse_amount
from stud_hh.sites.common import SiteBuilder, classify_line, header_fields, total_pot
from stud_hh.sites.headers import to_utc
from stud_hh.sites.noise import NoiseShape
from stud_hh.sites.pokerstars import HeaderFields, LineError

SITE: str = "Absolute"

NOISE: tuple[NoiseShape, ...] = ()
"""The shapes of this site's chat, table-traffic and notice lines (see
:mod:`stud_hh.sites.noise`); docs/formats/ catalogues them."""

HAND_START: re.Pattern[str] = re.compile(r"Stage #\d+: ")
"""A line that opens an Absolute hand."""

_HEAD = re.compile(r"Stage #(?P<id>\d+): (?P<rest>.*)$")
_STAKES = re.compile(
    r"(?P<game>.+?)\s+(?P<limit>Normal) (?P<sb>[$€£][\d.,]+)/(?P<bb>[$€£][\d.,]+) - "
    r"(?P<date>\d{4}-\d{2}-\d{2}) (?P<time>\d{1,2}:\d{2}:\d{2}) \((?P<tz>[A-Z]{2,5})\)$")
STUD_GAMES: dict[str, Game] = {"Seven Card Hi/Lo": Game.STUD8}
"""The stud-family games a corpus hand shows (stud8 only): another stud or razz name
fails the hand by name rather than being guessed."""
_FOLDED = {"3rd": Street.THIRD, "4th": Street.FOURTH, "5th": Street.FIFTH,
           "6th": Street.SIXTH, "river": Street.SEVENTH}


def read_header(line: str) -> HeaderFields:
    """Take apart an Absolute header line.

    >>> h = read_header("Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - "
    ...                 "2009-03-18 19:10:00 (ET)")
    >>> h.hand_id, h.game, h.fields["small_bet"], h.fields["big_bet"], h.fields["currency"]
    ('1300000000', <Game.STUD8: 'stud8'>, 2, 4, 'USD')
    >>> h.fields["started_at"].isoformat()
    '2009-03-18T23:10:00+00:00'
    >>> read_header("Stage #1571362962: Holdem  No Limit $0.02 - 2009-08-05 15:24:06 (ET)").game
    """
    head = _HEAD.match(line)
    if head is None:
        raise HandParseError("not an Absolute hand header", text=line)
    hand_id, rest = head["id"], head["rest"]
    stakes = _STAKES.match(rest)
    game_name = stakes["game"] if stakes else rest.split(" - ")[0]
    game = STUD_GAMES.get(game_name)
    if stakes is None or game is None:
        fields = header_fields(SITE, hand_id, game_name)
        if re.search(r"(?i)seven|stud|razz", rest):
            raise HandParseError(f"Absolute {game_name!r} hands are not read yet (no corpus "
                                 "hand shows one)", text=line, hand_id=hand_id)
        return HeaderFields(hand_id, game_name, None, fields)
    game_text = f"{game_name} {stakes['limit']}"
    try:
        small_bet, big_bet = parse_amount(stakes["sb"], 100), parse_amount(stakes["bb"], 100)
        started = to_utc(stakes["date"], stakes["time"], stakes["tz"])
    except ValueError as exc:
        raise HandParseError(f"unreadable header: {exc}", text=line, hand_id=hand_id) from None
    fields = header_fields(
        SITE, hand_id, game_text, limit=Limit.FIXED, game=game, small_bet=small_bet,
        big_bet=big_bet, currency=CURRENCY_SYMBOLS[stakes["sb"][0]], scale=100,
        started_at=started,
        started_local=f"{stakes['date'].replace('-', '/')} {stakes['time']} {stakes['tz']}")
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/absolute.lark ------------------------------------
_AMT = r"[$€£]?\d[\d.,]*"
_CARDS_RE = r"\[(?P<cards>[^\[\]\n]*)\]"
SHAPES: dict[str, re.Pattern[str]] = {
    "POCKET": re.compile(rf"(?P<name>[^\n]+) - Pocket {_CARDS_RE}"),
    "BRING_IN": re.compile(rf"(?P<name>[^\n]+) - Bring-In (?P<amount>{_AMT})"),
    "BET": re.compile(rf"(?P<name>[^\n]+) - Bets (?P<amount>{_AMT})"),
    "CALL": re.compile(rf"(?P<name>[^\n]+) - Calls (?P<amount>{_AMT})"),
    "CHECK": re.compile(r"(?P<name>[^\n]+) - Checks"),
    "FOLD": re.compile(r"(?P<name>[^\n]+) - Folds"),
    "SHOW": re.compile(rf"(?P<name>[^\n]+) - Shows {_CARDS_RE}(?: \((?P<description>[^\n]*)\))?"),
    "COLLECT": re.compile(rf"(?P<name>[^\n]+) Collects (?P<amount>{_AMT}) from main pot"),
    "SEAT": re.compile(rf"Seat (?P<seat>\d+) - (?P<name>[^\n]+) \((?P<amount>{_AMT}) in chips\)"),
    "ANTE": re.compile(rf"(?P<name>[^\n]+) - Ante (?P<amount>{_AMT})"),
    "SEAT_SUMMARY": re.compile(r"Seat (?P<seat>\d+): (?P<rest>[^\n]+)"),
}
"""Every line shape of the grammar, as Python regexes (``_KIND`` there is ``KIND`` here)."""

LINE_ORDER: tuple[str, ...] = ("POCKET", "BRING_IN", "BET", "CALL", "CHECK", "FOLD", "SHOW",
                               "COLLECT")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""


def classify(line: str) -> tuple[str, re.Match[str]] | None:
    """The shape of a street's line as the grammar decides it.

    >>> kind, m = classify("PLAYER1 - Pocket [H H Js 10d]")
    >>> kind, m["name"], m["cards"]
    ('POCKET', 'PLAYER1', 'H H Js 10d')
    >>> classify("PLAYER3 Collects $0.19 from main pot")[0]
    'COLLECT'
    """
    return classify_line(SHAPES, LINE_ORDER, line)


class AbsoluteBuilder(SiteBuilder):
    """The parser's callbacks for ``grammar/absolute.lark``, appending events in order."""

    SHAPES = SHAPES
    LINE_ORDER = LINE_ORDER
    UNKNOWN_CARDS = frozenset({"H"})
    COLLECT_POT = PotKind.MAIN

    def reset(self) -> None:
        super().reset()
        self.pockets: dict[str, list[str]] = {}
        """Each player's pocket as last printed (the card texts)."""

    # -- terminals -----------------------------------------------------------------
    def TOTAL_POT(self, token: Any) -> None:
        n: int = token.line
        found = total_pot(token.value[:-1])
        if found is None or found[1] is None:
            raise LineError("a pot line without its rake", n)
        total = self._amount(found[0], n)
        self.events.append(PotSummary(line=self._file_line(n), total=total, main=None,
                                      sides=(), rake=self._amount(found[1], n)))

    def _seat_line(self, name: str, seat: int, rest: str, value: str, n: int) -> None:
        if not rest.startswith(name + " "):
            raise LineError(f"seat {seat} is {name}'s, not the line's", n)
        tail = rest[len(name) + 1:]
        if tail.startswith("Folded on the "):
            self._summary(name, seat, SeatOutcome.FOLDED, value, n,
                          street=_FOLDED.get(tail.split()[3].lower()))
        elif tail.startswith("won Total ("):
            won = self._amount(tail[len("won Total ("):].partition(")")[0], n)
            outcome = SeatOutcome.SHOWED_WON if "[" in tail else SeatOutcome.COLLECTED
            self._summary(name, seat, outcome, value, n, won=won, shown=tail)
        else:
            outcome = SeatOutcome.SHOWED_LOST if "lost" in tail else SeatOutcome.OTHER
            self._summary(name, seat, outcome, value, n, shown=tail)

    # -- one event per line ------------------------------------------------------------
    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        if kind != "POCKET":
            super()._make(kind, m, n)
            return
        # a player's whole pocket so far: deal the cards it adds, check the ones it repeats
        name, text = m["name"], m["cards"]
        printed = text.split()
        before = self.pockets.get(name, [])
        if printed[:len(before)] != before:
            raise LineError(f"{name}'s pocket [{text}] does not repeat the cards printed before "
                            f"[{' '.join(before)}]", n)
        self.pockets[name] = printed
        if len(printed) == len(before):
            return  # a folded player's pocket, repeated on each street: nothing dealt
        cards = self._cards(text, n)
        self._deal(name, cards[len(before):], n, known=cards[:len(before)])
