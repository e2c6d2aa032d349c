"""Absolute Poker and UltimateBet: header reader and transformer for ``grammar/absolute.lark``.

Same design as :mod:`stud_hh.read.sites.winamax`; ``docs/formats/absolute.md`` catalogues
every form. What Absolute prints, what it leaves out, and how it becomes the shared
events:

* the header ``Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 -
  2009-03-18 19:10:00 (ET)``: game (``Seven Card Hi/Lo``, ``7 Card Stud``,
  ``Razz``, or ``HORSE`` with the game on a ``Game Type: Limit ...`` line),
  ``Normal`` (fixed limit), small bet / big bet, an ante, local time and zone; a
  tournament's ``Tourney ID N`` and chips without a sign. UltimateBet, Absolute's
  sister site, wrote the same text with ``Stage #C...`` ids (kept as printed). A
  stud hand prints no table line in the corpus (``table`` stays empty unless a
  ``Table: NAME (Real Money)`` line is printed) and no seat count (``max_seats``
  is ``None``);
* every street repeats each player's pocket so far: ``PLAYER1 - Pocket [H H Js
  10d]``. The builder deals the cards the line adds (``known`` holds the ones it
  repeats); ``H`` is a hidden card (``None``). A folded player's pocket is
  repeated unchanged: no deal, and a repeat that differs fails the hand, named;
* amounts are the chips a player adds: ``Raises $45 to $60`` adds $45 and reaches
  $60 on the street (checked), ``All-In $191.27`` adds its amount (a call, a bet or
  a raise by what it makes); ``X - returned ($50) : not called`` is the uncalled
  bet; ``X Collects $0.19 from main pot`` a :class:`~stud_hh.model.events.Collect` of
  the main pot (a collection from any other pot makes every collection of the
  hand name no pot: the side-pot wording is not known), ``Total Pot($0.43) | Rake
  ($0.04)`` the pot summary (UltimateBet prints no rake: none is made).
"""

from __future__ import annotations

import re
from typing import Any

from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
    Collect,
    Game,
    Limit,
    PostAnte,
    PotKind,
    PotSummary,
    SeatOutcome,
    TableEventKind,
    UncalledReturned,
)
from stud_hh.model.money import CURRENCY_SYMBOLS, parse_amount
from stud_hh.read.sites.common import (
    HeaderFields,
    LineError,
    SiteBuilder,
    classify_line,
    header_fields,
    player_event,
    total_pot,
)
from stud_hh.read.sites.headers import header_time
from stud_hh.read.sites.noise import NoiseShape
from stud_hh.read.sites.summary_lines import FOLDED_STREETS

SITE: str = "Absolute"

NOISE: tuple[NoiseShape, ...] = (
    NoiseShape(r"(?P<name>.+?) - sitout(?: \([^()]*\))?", TableEventKind.SITTING_OUT),
)
"""The shapes of this site's table-traffic lines (see :mod:`stud_hh.read.sites.noise`);
docs/formats/absolute.md catalogues them. The histories print no chat."""

HAND_START: re.Pattern[str] = re.compile(
    r"Stage #C?\d+:? [^\n]* - \d{4}[-/]\d{1,2}[-/]\d{1,2} \d{1,2}:\d{2}(?::\d{2})?"
    r"(?: \(\S{1,8}\))?(?: \[[^\]\n]*\])?(?=\n|$)")
"""A line that opens an Absolute or UltimateBet hand: the whole line's shape, up to its
date, time and zone, so that no player called ``Stage #1: x`` starts a hand.

>>> [bool(HAND_START.match(t)) for t in (
...  "Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 (ET)",
...  "Stage #1: x - Folds")]
[True, False]
"""

HEADER_LINES: int = 2
"""Lines :func:`read_header` needs: the header, and a HORSE hand's ``Game Type:`` line."""

_AMT = r"(?:[$€£] ?)?\d[\d.,]*"
_HEAD = re.compile(r"Stage #(?P<id>C?\d+):? (?P<rest>.*)$")
_REST = re.compile(
    r"(?:Tourney ID (?P<tid>\d+) +)?(?P<game>.+?) +"
    r"(?:(?P<heads_up>\(1 on 1\)|\(1 ON 1\))|Single Tournament|SINGLE TOURNAMENT|"
    r"Multi Normal Tournament|MULTI NORMAL TOURNAMENT)? *"
    r"(?P<limit>No Limit|NO LIMIT|Pot Limit|POT LIMIT|Normal|NORMAL)?"
    rf" ?(?P<sb>{_AMT})(?:/(?P<bb>{_AMT}))?(?:, (?P<ante>{_AMT}) ante)? +(?:Turbo +)?"
    r"(?:\(7-2\) )?- +(?P<date>\d{4}-\d\d-\d\d) (?P<time>\d\d:\d\d:\d\d)(?:\.\d+)?"
    r"(?: \((?P<tz>[A-Z]+)\))?(?: \[ [^\]]* \])?$")
_GAME_TYPE = re.compile(r"Game Type: (?P<limit>Limit) (?P<game>.+)$")
STUD_GAMES: dict[str, Game] = {"seven card hi/lo": Game.STUD8, "7 card stud": Game.STUD,
                               "razz": Game.RAZZ}
"""Absolute's stud-family game names, in lower case (printed in either case; FPDB
AbsoluteToFpdb ``games``): another stud-looking name fails the hand by name."""
_STUDLIKE = re.compile(r"(?i)seven|stud|razz")


def read_header(text: str) -> HeaderFields:
    """Take apart an Absolute or UltimateBet header (and a HORSE hand's ``Game Type:``).

    >>> h = read_header("Stage #1300000000: Seven Card Hi/Lo  Normal $0.02/$0.04 - "
    ...                 "2009-03-18 19:10:00 (ET)")
    >>> h.hand_id, h.game, h.fields["small_bet"], h.fields["big_bet"], h.fields["currency"]
    ('1300000000', <Game.STUD8: 'stud8'>, 2, 4, 'USD')
    >>> h.fields["started_at"].isoformat()
    '2009-03-18T23:10:00+00:00'
    >>> t = read_header("Stage #2: Tourney ID 9 Razz Multi Normal Tournament Normal 100/200, "
    ...                 "20 ante - 2009-05-01 20:00:00 (ET)")
    >>> t.game, t.fields["tournament_id"], t.fields["scale"], t.fields["currency"]
    (<Game.RAZZ: 'razz'>, '9', 1, None)
    >>> read_header("Stage #1571362962: Holdem  No Limit $0.02 - 2009-08-05 15:24:06 (ET)").game
    """
    lines = text.split("\n")
    line = lines[0]
    head = _HEAD.match(line)
    if head is None:
        raise HandParseError("not an Absolute hand header", text=line)
    hand_id = head["id"]
    m = _REST.match(head["rest"])
    if m is None:
        game_name = head["rest"].split(" - ")[0]
        if _STUDLIKE.search(game_name):
            raise HandParseError("unreadable Absolute header", text=line, hand_id=hand_id)
        return HeaderFields(hand_id, game_name, None, header_fields(SITE, hand_id, game_name))
    game_name, limit, mixed = m["game"], m["limit"] or "", None
    if game_name.upper() == "HORSE":  # the game of a HORSE hand is on the next line
        kind = _GAME_TYPE.match(lines[1]) if len(lines) > 1 else None
        if kind is None:
            raise HandParseError("a HORSE hand without its 'Game Type:' line", text=line,
                                 hand_id=hand_id)
        mixed, game_name, limit = "HORSE", kind["game"], kind["limit"]
    game_text = f"{game_name} {limit}".strip()
    game = STUD_GAMES.get(game_name.lower())
    if game is None:
        if _STUDLIKE.search(game_name):
            raise HandParseError(f"Absolute {game_name!r}: no source shows this game name, so "
                                 "its hands are not read", text=line, hand_id=hand_id)
        return HeaderFields(hand_id, game_text, None, header_fields(SITE, hand_id, game_text))
    if limit.lower() not in ("normal", "limit") or m["bb"] is None:
        raise HandParseError(f"an Absolute {game_name} hand headed {limit or 'without a limit'!r} "
                             "or with one stake: no source shows one, so it is not read",
                             text=line, hand_id=hand_id)
    sign = m["sb"].strip()[0]
    tournament = sign not in CURRENCY_SYMBOLS
    if tournament and m["tid"] is None:
        raise HandParseError("an Absolute hand in chips without its tourney id", text=line,
                             hand_id=hand_id)
    scale = 1 if tournament else 100
    try:
        small_bet, big_bet = parse_amount(m["sb"], scale), parse_amount(m["bb"], scale)
    except ValueError as exc:
        raise HandParseError(f"unreadable header: {exc}", text=line, hand_id=hand_id) from None
    started = header_time(m["date"], m["time"], m["tz"], line=line, hand_id=hand_id)
    fields = header_fields(
        SITE, hand_id, game_text, limit=Limit.FIXED, game=game, small_bet=small_bet,
        big_bet=big_bet, currency=None if tournament else CURRENCY_SYMBOLS[sign], scale=scale,
        tournament_id=m["tid"], mixed_game=mixed, started_at=started,
        max_seats=2 if m["heads_up"] else None,
        started_local=f"{m['date'].replace('-', '/')} {m['time']}"
        + (f" {m['tz']}" if m["tz"] else ""))
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/absolute.lark ------------------------------------
_CARDS_RE = r"\[(?P<cards>[^\[\]\n]*)\]"
_TO = rf"(?: to (?P<total>{_AMT}))?"
SHAPES: dict[str, re.Pattern[str]] = {
    "POCKET": re.compile(rf"(?P<name>[^\n]+) - Pocket {_CARDS_RE}"),
    "BRING_IN": re.compile(rf"(?P<name>[^\n]+) - Bring-In (?P<amount>{_AMT})"),
    "BET": re.compile(rf"(?P<name>[^\n]+) - Bets (?P<amount>{_AMT})"),
    "RAISE": re.compile(rf"(?P<name>[^\n]+) - Raises (?P<amount>{_AMT}){_TO}"),
    "ALL_IN_RAISE": re.compile(rf"(?P<name>[^\n]+) - All-In\(Raise\) (?P<amount>{_AMT}){_TO}"),
    "ALL_IN": re.compile(rf"(?P<name>[^\n]+) - All-In (?P<amount>{_AMT})"),
    "CALL": re.compile(rf"(?P<name>[^\n]+) - Calls (?P<amount>{_AMT})"),
    "CHECK": re.compile(r"(?P<name>[^\n]+) - Checks(?: \(Timeout\))?"),
    "FOLD": re.compile(r"(?P<name>[^\n]+) - Folds(?: \(Timeout\))?"),
    "UNCALLED": re.compile(rf"(?P<name>[^\n]+) - returned \((?P<amount>{_AMT})\) : not called"),
    "SHOW": re.compile(rf"(?P<name>[^\n]+) - Shows {_CARDS_RE}(?: \((?P<description>[^\n]*)\))?"),
    "MUCK": re.compile(r"(?P<name>[^\n]+) - Mucks"),
    "NO_SHOW": re.compile(r"(?P<name>[^\n]+) - Does not show"),
    "COLLECT": re.compile(rf"(?P<name>[^\n]+) Collects (?P<amount>{_AMT}) from (?P<pot>[^\n]+)"),
    "SEAT": re.compile(rf"Seat (?P<seat>\d+) - (?P<name>[^\n]+) \((?P<amount>{_AMT}) in chips\)"),
    "ANTE": re.compile(rf"(?P<name>[^\n]+) - Ante (?P<amount>{_AMT})"),
    "ANTE_ALL_IN": re.compile(rf"(?P<name>[^\n]+) - All-In (?P<amount>{_AMT})"),
    "SEAT_SUMMARY": re.compile(r"Seat (?P<seat>\d+): (?P<rest>[^\n]+)"),
}
"""Every line shape of the grammar, as Python regexes (``_KIND`` there is ``KIND`` here)."""

LINE_ORDER: tuple[str, ...] = ("POCKET", "BRING_IN", "BET", "RAISE", "ALL_IN_RAISE", "ALL_IN",
                               "CALL", "CHECK", "FOLD", "UNCALLED", "SHOW", "MUCK", "NO_SHOW",
                               "COLLECT")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""
PRE_ORDER: tuple[str, ...] = ("ANTE", "ANTE_ALL_IN")
"""The order of the alternatives of ``PRE``."""


def classify(line: str, order: tuple[str, ...] = LINE_ORDER
             ) -> tuple[str, re.Match[str]] | None:
    """The shape of a line as the grammar decides it.

    >>> kind, m = classify("PLAYER1 - Pocket [H H Js 10d]")
    >>> kind, m["name"], m["cards"]
    ('POCKET', 'PLAYER1', 'H H Js 10d')
    >>> classify("PLAYER3 Collects $0.19 from main pot")[0]
    'COLLECT'
    >>> kind, m = classify("Player0 - Raises $45 to $60")
    >>> kind, m["amount"], m["total"]
    ('RAISE', '$45', '$60')
    """
    return classify_line(SHAPES, order, line)


class AbsoluteBuilder(SiteBuilder):
    """The parser's callbacks for ``grammar/absolute.lark``, appending events in order."""

    SHAPES = SHAPES
    LINE_ORDER = LINE_ORDER
    UNKNOWN_CARDS = frozenset({"H"})
    TENS_AS_10 = True
    COLLECT_POT = PotKind.MAIN

    def reset(self) -> None:
        super().reset()
        self.pockets: dict[str, list[str]] = {}
        """Each player's pocket as last printed (the card texts)."""
        self.collects: list[int] = []
        self.other_pot = False
        """A collection names a pot other than the main pot."""

    # -- terminals -----------------------------------------------------------------
    def GAME_TYPE(self, token: Any) -> None:
        return None  # a HORSE hand's game: read by the header reader

    def TABLE(self, token: Any) -> None:
        name = re.match(r"Table: (?P<table>.+?) \((?:Real|Play) Money\)", token.value)
        if name is None:
            raise LineError("unreadable table line", token.line)
        self.table_name = name["table"]

    def PRE(self, token: Any) -> None:
        for n, value in self._lines(token):
            found = classify_line(SHAPES, PRE_ORDER, value)
            if found is None:  # pragma: no cover - the lexer accepted it
                raise LineError("unrecognised ante line", n)
            kind, m = found
            self.events.append(PostAnte(line=self._file_line(n), player=m["name"],
                                        amount=self._amount(m["amount"], n),
                                        all_in=kind == "ANTE_ALL_IN"))

    def TOTAL_POT(self, token: Any) -> None:
        n: int = token.line
        found = total_pot(token.value[:-1])
        if found is None:  # pragma: no cover - the lexer accepted it
            raise LineError("unreadable pot line", n)
        if found[1] is not None:  # UltimateBet prints none: the rake is then unverifiable
            self.events.append(PotSummary(line=self._file_line(n),
                                          total=self._amount(found[0], n), main=None, sides=(),
                                          rake=self._amount(found[1], n)))

    def _seat_line(self, name: str, seat: int, rest: str, value: str, n: int) -> None:
        if not rest.startswith(name + " "):
            printed = rest[:len(name)]
            if printed.casefold() != name.casefold() or rest[len(name):len(name) + 1] != " ":
                raise LineError(f"the summary line of seat {seat} does not name {name}, the "
                                "player seated there", n)
            self._case_name(printed, name, n)
        tail = re.sub(r"^(?:\((?:dealer|big blind|small blind)\) )+", "", rest[len(name) + 1:])
        won = re.match(rf"(?:won|collected) Total \((?P<amount>{_AMT})\)", tail)
        if tail.startswith("Folded on the "):
            self._summary(name, seat, SeatOutcome.FOLDED, value, n,
                          street=FOLDED_STREETS.get(tail.split()[3].lower()))
        elif won is not None:
            amount = self._amount(won["amount"], n)
            outcome = SeatOutcome.SHOWED_WON if "with" in tail else SeatOutcome.COLLECTED
            self._summary(name, seat, outcome, value, n, won=amount, shown=tail)
        elif "[Mucked]" in tail:
            self._summary(name, seat, SeatOutcome.MUCKED, value, n)
        else:
            outcome = SeatOutcome.SHOWED_LOST if "lost" in tail else SeatOutcome.OTHER
            self._summary(name, seat, outcome, value, n, shown=tail)

    # -- one event per line ------------------------------------------------------------
    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        name = m["name"]
        line = self._file_line(n)
        if kind == "POCKET":
            self._pocket(name, m["cards"], n)
        elif kind in ("MUCK", "NO_SHOW"):
            self.events.append(player_event(kind, line, name))
        elif kind == "UNCALLED":
            self.events.append(UncalledReturned(line=line, player=name,
                                                amount=self._amount(m["amount"], n)))
        elif kind == "COLLECT":
            if m["pot"] != "main pot":
                self.other_pot = True
            self.collects.append(len(self.events))
            self.events.append(Collect(line=line, player=name,
                                       amount=self._amount(m["amount"], n), pot=PotKind.MAIN))
        elif kind in ("BET", "RAISE", "ALL_IN", "ALL_IN_RAISE", "CALL", "BRING_IN"):
            self._money(kind, m, n)
        else:  # CHECK, FOLD, SHOW
            super()._make(kind, m, n)

    def _money(self, kind: str, m: re.Match[str], n: int) -> None:
        """Chips added; a ``to`` total is checked; an all-in is a call, bet or raise by
        what it makes."""
        name = m["name"]
        added = self._amount(m["amount"], n)
        mine = self.totals.get(name, 0)
        to = mine + added
        if kind in ("RAISE", "ALL_IN_RAISE") and m["total"] is not None \
                and self._amount(m["total"], n) != to:
            raise LineError(f"'{m.group(0).partition(' - ')[2]}': {name} had {mine} in on the "
                            "street", n)
        all_in = kind.startswith("ALL_IN")
        if all_in:
            shape = "CALL" if to <= self.bet_to else "BET" if self.bet_to == 0 else "RAISE"
        else:
            shape = kind
        self._added(shape, name, added, n, all_in=all_in)

    def _pocket(self, name: str, text: str, n: int) -> None:
        """A player's whole pocket so far: deal the cards it adds, with the ones it repeats
        as ``known`` (a repeated card that changed is the engine's ``card.changed``)."""
        printed = text.split()
        before = self.pockets.get(name, [])
        if len(printed) <= len(before):  # deals nothing: a folded player's pocket, repeated
            if printed != before:  # on each street; changed or shorter, no deal to check
                raise LineError(f"{name}'s pocket [{text}] does not repeat the cards printed "
                                f"before [{' '.join(before)}]", n)
            return
        self.pockets[name] = printed
        cards = self._cards(text, n)
        self._deal(name, cards[len(before):], n, known=cards[:len(before)])

    # -- the end of the hand ----------------------------------------------------------------
    def start(self, children: list[Any]) -> None:
        if self.other_pot:  # a pot other than the main one, in words nobody recorded
            for index in self.collects:
                c = self.events[index]
                assert isinstance(c, Collect)
                self.events[index] = Collect(line=c.line, player=c.player, amount=c.amount)
