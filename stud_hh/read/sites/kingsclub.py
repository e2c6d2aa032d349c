"""KingsClub: header reader and the transformer for ``grammar/kingsclub.lark``.

What KingsClub prints differently, and how it becomes the shared events:

* the header is three lines: ``#40091899: Limit 2-7 Razz - 22/44`` (the small
  and big bet), the local start time with no zone (kept as printed;
  ``started_at`` stays ``None``; FPDB assumes Eastern time), ``Table 'Name'``
  (``Table 'T1234 [2]'`` in a tournament: its number and table; ``(Play
  Money)`` after the name at a play-money table). The games are seven-card
  stud, stud hi/lo, razz and 2-7 razz (:attr:`~stud_hh.model.events.Game.RAZZ_27`);
  the club's other games (hold'em, Omaha, the draw games) are skipped, each
  named in words so the "positively another game" check can tell them;
* the stakes are club chips: no currency (``currency`` is ``None``), but the
  amounts carry cents (``posts ante 16.58``), so the unit is a hundredth of a
  chip (``scale`` 100) and nothing is rounded; they are not play money;
* every amount of an action is the player's total on the street: ``calls
  121.16`` after putting in 44 adds 77.16 (the summary's results agree only so),
  and ``raises to 77.16``; a ``bets`` is read the same way (every bettor of the
  corpus had nothing in yet, where both readings agree);
* the streets are shifted by one (:class:`~stud_hh.read.sites.common.ShiftedStreetsBuilder`):
  3rd street has no header and ``*** 3RD STREET ***`` opens 4th street, up to
  ``*** 6TH STREET ***`` for 7th, except in files that print ``*** 3RD STREET
  ***`` before the first cards and go on to ``*** 7TH STREET ***`` (the corpus's
  ``fixed.streets`` file);
* ``Dealt to X: [X X 4d]`` prints an unseen card as ``X``: it becomes ``None``;
* no showdown section: hands are shown among the actions. The builder opens the
  showdown (:class:`~stud_hh.model.events.ShowdownStart`) at the first hand shown on
  7th street, so the order they are shown in is checked; a hand shown earlier,
  by a player all-in before the last cards, is shown where it stands;
* no uncalled-bet line in the corpus: the bettor gets a bet nobody called back
  without a word (the profile says so, and the replayer returns it); an
  ``Uncalled bet (44) returned to X`` line, which FPDB also reads, is kept;
* the summary gives each seat's end stack and result (a
  :class:`~stud_hh.model.events.SeatSummary` keeps the line), ``Rake 5`` when there is
  a rake, and ``X wins pot (424.80)``, one line per winner for all the pots
  together (a :class:`~stud_hh.model.events.Collect` naming no pot). There is no pot
  total: the :class:`~stud_hh.model.events.PotSummary` holds the printed rake (0 when
  no ``Rake`` line is printed, as every seat's printed result then agrees) and,
  as its total, the amounts the ``wins`` lines award. In a hand where a side pot
  goes to someone who did not win the main pot, the site prints that award
  nowhere but in the end stacks: it stays unprinted here too, the money does not
  balance, and the audit flags it (never made up from the end stacks).
"""

from __future__ import annotations

import re
from typing import Any

from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
    Collect,
    Game,
    HandEvent,
    Limit,
    PotKind,
    PotSummary,
    SeatOutcome,
    SeatSummary,
    Show,
    ShowdownStart,
    Street,
    TableEventKind,
    UncalledReturned,
)
from stud_hh.model.money import parse_amount
from stud_hh.read.sites.common import (
    HeaderFields,
    LineError,
    ShiftedStreetsBuilder,
    classify_line,
    header_fields,
    player_event,
    verb_shape,
)
from stud_hh.read.sites.headers import header_time
from stud_hh.read.sites.noise import NoiseShape

SITE: str = "KingsClub"

NOISE: tuple[NoiseShape, ...] = (
    NoiseShape(r"(?P<name>.+?) sits out", TableEventKind.SITTING_OUT),
    NoiseShape(r"(?P<name>.+?) wins the tournament and receives \$?[\d.,]+ - congratulations!",
               TableEventKind.FINISHED),
    NoiseShape(r"(?P<name>.+?) finished the tournament in \d+(?:st|nd|rd|th) place"
               r"(?: and received \$?[\d.,]+\.)?", TableEventKind.FINISHED),
)
"""The shapes of this site's table notices (see :mod:`stud_hh.read.sites.noise`);
docs/formats/kingsclub.md catalogues them. No chat is written into the histories."""

HAND_START: re.Pattern[str] = re.compile(
    r"#\d+: +(?:Limit|Pot Limit|No Limit) [^\n]* - [\d.,]+/[\d.,]+(?=\n|$)")
"""A line that opens a KingsClub hand: the whole line's shape, up to its stakes.

>>> [bool(HAND_START.match(t)) for t in ("#39969356: Limit Razz - 40/80",
...  "#1: Limit x: calls 40")]
[True, False]
"""

HEADER_LINES: int = 3
"""Lines :func:`read_header` needs: the game line, the start time and the table."""

_HEAD = re.compile(r"#(?P<id>\d+): +(?P<limit>Limit|Pot Limit|No Limit) (?P<game>.+?) - "
                   r"(?P<sb>\d[\d.,]*)/(?P<bb>\d[\d.,]*)$")
_DATE = re.compile(r"(?P<date>\d{4}-\d{2}-\d{2}) (?P<time>\d{1,2}:\d{2}:\d{2})$")
_TABLE = re.compile(
    r"Table (?:ID )?'(?:T(?P<tournament>\d+) \[(?P<number>\d+)\]|(?P<name>[^\n]*?))'"
    r"(?: (?P<max>\d+)-max)?(?P<play> \(Play Money\))?(?: Seat #?(?P<button>\d+) is the button)?")
STUD_GAMES: dict[str, Game] = {"Seven Card Stud": Game.STUD,
                               "Seven Card Stud Hi-Lo": Game.STUD8,
                               "Razz": Game.RAZZ, "2-7 Razz": Game.RAZZ_27}
OTHER_GAMES: dict[str, str] = {
    "Holdem": "", "Short Deck Holdem": "", "Omaha": "", "Omaha Hi-Lo": "", "Big O": "",
    "Omaha 5 Card": "", "Omaha 6 Card": "", "Badugi": "", "2-7 Triple Draw": "",
    "2-7 Single Draw": "", "5 Card Draw": "", "A-5 Triple Draw": "", "A-5 Single Draw": "",
    "Badacey": "", "Badeucey": "a draw game", "2-7 Drawmaha": "a draw game with a flop",
    "Captain": "2-7 Drawmaha, a draw game with a flop",
}
"""The club's games that are not stud (FPDB's ``games`` table), with words saying what they
are where the name does not: the game text of a skipped hand says the game in words."""
_LIMITS = {"Limit": Limit.FIXED, "Pot Limit": Limit.POT, "No Limit": Limit.NO_LIMIT}


def read_header(text: str) -> HeaderFields:
    """Take apart the first three lines of a KingsClub hand.

    >>> h = read_header("#40091899: Limit 2-7 Razz - 22/44\\n2021-01-06 07:03:50\\n"
    ...                 "Table 'Crazy Anti-Nit Mix'")
    >>> h.hand_id, h.game, h.fields["small_bet"], h.fields["big_bet"], h.fields["currency"]
    ('40091899', <Game.RAZZ_27: 'razz27'>, 2200, 4400, None)
    >>> h.fields["started_at"] is None, h.fields["started_local"], h.fields["table"]
    (True, '2021-01-06 07:03:50', 'Crazy Anti-Nit Mix')
    >>> t = read_header("#2: Limit Razz - 40/80\\n2021-01-06 07:03:50\\nTable 'T4411 [2]'")
    >>> t.fields["tournament_id"], t.fields["table"]
    ('4411', '2')
    >>> read_header("#1: Limit Captain - 1/2\\n2021-01-06 07:03:50\\nTable 'A'").game_text
    'Limit Captain (2-7 Drawmaha, a draw game with a flop)'
    """
    first, second, third = [*text.split("\n"), "", ""][:3]
    head, date, table = _HEAD.match(first), _DATE.match(second), _TABLE.fullmatch(third)
    if head is None or date is None:
        raise HandParseError("unreadable KingsClub hand header", text=text)
    hand_id = head["id"]
    game_text = f"{head['limit']} {head['game']}"
    if OTHER_GAMES.get(head["game"]):
        game_text += f" ({OTHER_GAMES[head['game']]})"
    fields = header_fields(SITE, hand_id, game_text, limit=_LIMITS[head["limit"]])
    game = STUD_GAMES.get(head["game"])
    if game is None:  # hold'em, Omaha, draw: skipped, not read
        return HeaderFields(hand_id, game_text, None, fields)
    if table is None:
        raise HandParseError("unreadable KingsClub table line", text=third, hand_id=hand_id)
    header_time(date["date"], date["time"], None, line=second, hand_id=hand_id)  # no zone
    try:
        small_bet, big_bet = parse_amount(head["sb"], 100), parse_amount(head["bb"], 100)
    except ValueError as exc:
        raise HandParseError(f"unreadable header: {exc}", text=text, hand_id=hand_id) from None
    fields.update(game=game, small_bet=small_bet, big_bet=big_bet, currency=None, scale=100,
                  started_local=f"{date['date']} {date['time']}",
                  table=table["number"] if table["tournament"] else table["name"],
                  tournament_id=table["tournament"], play_money=bool(table["play"]),
                  max_seats=int(table["max"]) if table["max"] else None)
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/kingsclub.lark -------------------------------------
_AMT = r"\d[\d.,]*"
_CARDS_RE = r"\[[^\[\]\n]*\]"
_ALLIN = r"(?P<all_in>, and is all[ -]in)?"
_DISCONNECT = r"(?P<disconnect> \(disconnect\))?"
SHAPES: dict[str, re.Pattern[str]] = {
    "DEAL": re.compile(rf"Dealt to (?P<name>[^\n]+): (?P<cards>{_CARDS_RE})"),
    "UNCALLED": re.compile(rf"Uncalled bet \((?P<amount>{_AMT})\) returned to (?P<name>[^\n]+)"),
    "BRING_IN": re.compile(
        rf"(?P<name>[^\n]+) brings[ -]in(?: low)? for (?P<amount>{_AMT}){_ALLIN}{_DISCONNECT}"),
    "BET": verb_shape("bets", rf"(?P<amount>{_AMT}){_ALLIN}{_DISCONNECT}"),
    "RAISE": verb_shape("raises to", rf"(?P<amount>{_AMT}){_ALLIN}{_DISCONNECT}"),
    "CALL": verb_shape("calls", rf"(?P<amount>{_AMT}){_ALLIN}{_DISCONNECT}"),
    "CHECK": re.compile(rf"(?P<name>[^\n]+) checks{_DISCONNECT}"),
    "FOLD": re.compile(rf"(?P<name>[^\n]+) folds{_DISCONNECT}"),
    "SHOW": verb_shape("shows", rf"(?P<cards>{_CARDS_RE})"),
}
"""Every line shape of ``LINES`` in grammar/kingsclub.lark, as Python regexes."""
LINE_ORDER: tuple[str, ...] = ("DEAL", "UNCALLED", "BRING_IN", "BET", "RAISE", "CALL", "CHECK",
                               "FOLD", "SHOW")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""
_ANTE = re.compile(rf"(?P<name>[^\n]+): posts ante (?P<amount>{_AMT}){_ALLIN}")
_SEAT = re.compile(rf"Seat (?P<seat>\d+): (?P<name>[^\n]+) \((?P<stack>{_AMT})\)")
_SEAT_SUMMARY = re.compile(r"Seat (?P<seat>\d+): (?P<name>[^\n]+) \((?P<stack>\d[\d.,]*)\) "
                           r"(?P<net>[+-]?\d[\d.,]*)")
_WIN = re.compile(rf"(?P<name>[^\n]+?) wins (?:pot \((?P<pot>{_AMT})\)|side pot (?P<index>\d+) "
                  rf"\((?P<side>{_AMT})\)|\((?P<from>{_AMT})\) from pot)")


def classify(line: str) -> tuple[str, re.Match[str]] | None:
    """The shape of a street's line as grammar/kingsclub.lark decides it.

    >>> kind, m = classify("Player2 calls 1,662.75, and is all in")
    >>> kind, m["amount"], m["all_in"] is not None
    ('CALL', '1,662.75', True)
    """
    return classify_line(SHAPES, LINE_ORDER, line)


class KingsClubBuilder(ShiftedStreetsBuilder):
    """The parser's callbacks for ``grammar/kingsclub.lark``, appending events in order."""

    SEAT_LINE, ANTE_LINE = _SEAT, _ANTE
    SHAPES, LINE_ORDER = SHAPES, LINE_ORDER

    def reset(self) -> None:
        super().reset()
        self.shown_down = False
        self.rake: tuple[int, int] | None = None
        """The printed rake and its line."""

    # -- terminals -----------------------------------------------------------------
    def TABLE(self, token: Any) -> None:
        """The table line, which :func:`read_header` has read already."""

    def STREET(self, token: Any) -> None:
        self._named_street(Street(int(token.value[4])), token.line)

    def SEAT_SUMMARIES(self, token: Any) -> None:
        for n, value in self._lines(token):
            m = _SEAT_SUMMARY.fullmatch(value)
            if m is None:  # pragma: no cover - the terminal guarantees the shape
                raise LineError("unreadable summary line", n)
            name = self._seated_or_fail(m["name"], n, "a summary line")
            self.events.append(SeatSummary(line=self._file_line(n), player=name,
                                           seat=int(m["seat"]), outcome=SeatOutcome.OTHER,
                                           text=value))

    def RAKE(self, token: Any) -> None:
        self.rake = (self._amount(token.value[len("Rake "):-1], token.line), token.line)

    def WINS(self, token: Any) -> None:
        found: list[tuple[int, re.Match[str]]] = []
        for n, value in self._lines(token):
            m = _WIN.fullmatch(value)
            if m is None:  # pragma: no cover - the terminal guarantees the shape
                raise LineError("unreadable wins line", n)
            self._seated_or_fail(m["name"], n, "a winner of the pot")
            found.append((n, m))
        sides = any(m["index"] for _, m in found)  # pots printed apart: "wins pot" is the main
        wins: list[Collect] = []
        for n, m in found:
            line = self._file_line(n)
            if m["index"]:
                wins.append(Collect(line=line, player=m["name"], pot=PotKind.SIDE,
                                    amount=self._amount(m["side"], n), pot_index=int(m["index"])))
            else:
                wins.append(Collect(line=line, player=m["name"],
                                    amount=self._amount(m["pot"] or m["from"], n),
                                    pot=PotKind.MAIN if sides else PotKind.POT))
        rake, rake_line = self.rake or (0, token.line)
        self.events.append(PotSummary(line=self._file_line(rake_line),
                                      total=sum(c.amount for c in wins) + rake, main=None,
                                      sides=(), rake=rake))
        self.events.extend(wins)

    # -- one event per line ------------------------------------------------------------
    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        line = self._file_line(n)
        name = m["name"]
        event: HandEvent
        if kind == "DEAL":
            event = self._deal_match(m, n)
        elif kind == "UNCALLED":
            event = UncalledReturned(line=line, player=name, amount=self._amount(m["amount"], n))
        elif kind == "SHOW":
            if self.street is Street.SEVENTH and not self.shown_down:
                self.shown_down = True  # the hands go over after the last round: the showdown
                self.events.append(ShowdownStart(line=line))
            event = Show(line=line, player=name, cards=self._cards(m["cards"][1:-1], n))
        elif "amount" in m.re.groupindex:  # the player's total on the street
            to, all_in = self._amount(m["amount"], n), m["all_in"] is not None
            if kind == "RAISE":
                event = self._raise_to(name, to, line, all_in)
            else:  # BRING_IN, BET, CALL: what the total adds
                event = player_event(kind, line, name, to - self.totals.get(name, 0), all_in)
                self._chips_in(name, to, kind == "CALL")
        else:  # CHECK, FOLD
            event = player_event(kind, line, name)
        self.events.append(event)
