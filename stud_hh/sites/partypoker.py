"""PartyPoker: header reader and the transformer for ``grammar/partypoker.lark``.

PartyPoker's histories leave out facts the other sites print:

* an opponent's cards are never dealt in the text, up cards included: only the
  hero gets :class:`~stud_hh.events.Deal` events, and the others' cards are
  known only if they are shown at the end. Nothing is made up: the replayer
  reports the checks that need the missing boards as *unverifiable*;
* there is no uncalled-bet line, no pot total, no rake and no summary: no
  :class:`~stud_hh.events.PotSummary` is made (a winner's ``wins`` amount
  includes a bet nobody called);
* there is no showdown header: the builder opens the showdown
  (:class:`~stud_hh.events.ShowdownStart`) at the first line that turns cards
  over (``shows [..]`` or ``doesn't show [..]``).

Amounts are the chips a player adds: ``raises [$2 USD]`` adds $2 to what the
player had in on the street; the builder turns that into the shared
``Raise(by, to)`` / ``Complete(to)`` from the street's printed amounts.
"""

from __future__ import annotations

import re
from typing import Any

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
    NoShow,
    PostAnte,
    PotKind,
    Raise,
    Show,
    ShowdownStart,
)
from stud_hh.money import parse_amount
from stud_hh.sites.common import SiteBuilder, classify_line, header_fields
from stud_hh.sites.headers import to_utc
from stud_hh.sites.noise import NoiseShape
from stud_hh.sites.pokerstars import HeaderFields, LineError, _face_up

SITE: str = "PartyPoker"

NOISE: tuple[NoiseShape, ...] = ()
"""The shapes of this site's chat, table-traffic and notice lines (see
:mod:`stud_hh.sites.noise`); docs/formats/ catalogues them."""

HAND_START: re.Pattern[str] = re.compile(
    r"Game #\d+ starts\.|#Game No : \d+|\*{5} Hand History [Ff]or Game \w+ \*{5}")
"""A line that opens a PartyPoker hand: ``Game #N starts.``, ``#Game No : N`` or the
``***** Hand History for Game N *****`` banner, whichever comes first (the first two
are :data:`OPENING` lines: the splitter joins them to the banner's hand)."""

OPENING: re.Pattern[str] = re.compile(r"Game #\d+ starts\.|#Game No : \d+")
"""The lines printed before a hand's banner (:attr:`~stud_hh.sites.Dialect.opening`)."""

HEADER_LINES: int = 4
"""Lines :func:`read_header` needs: the game line is the third or the fourth."""

_ID = re.compile(r"(?:Game #|#Game No : )(?P<id>\d+)")
_GAME = re.compile(
    r"(?P<stakes>.*?)\s*(?P<limit>FL |NL |PL )?(?P<game>7 Card Stud Hi-Lo|7 Card Stud|Razz)"
    r"(?P<after>.*?) - \w+, (?P<month>\w+) (?P<day>\d{1,2}), (?P<time>\d{1,2}:\d{2}:\d{2}) "
    r"(?P<tz>[A-Z]{2,5}) (?P<year>\d{4})$")
_CASH = re.compile(r"(?P<sb>[$€£][\d.,]+)/(?P<bb>[$€£][\d.,]+) (?P<cur>[A-Z]{3})")
_TOURNEY = re.compile(r"(?P<buy>[$€£][\d.,]+) (?P<cur>[A-Z]{3}) Buy-in Trny:(?P<tid>\d+) "
                      r"Level:(?P<level>\d+)\s+Stakes-Antes\((?P<sb>\d+)/(?P<bb>\d+)-\d+\)")
_MONTHS = {m: i for i, m in enumerate(
    ("January", "February", "March", "April", "May", "June", "July", "August", "September",
     "October", "November", "December"), start=1)}
STUD_GAMES = {"7 Card Stud": Game.STUD, "7 Card Stud Hi-Lo": Game.STUD8, "Razz": Game.RAZZ}


def read_header(text: str) -> HeaderFields:
    """Take apart the opening lines of a PartyPoker hand (up to :data:`HEADER_LINES`).

    >>> h = read_header("Game #10399817763 starts.\\n#Game No : 10399817763\\n"
    ...                 "***** Hand History for Game 10399817763 *****\\n"
    ...                 "$0.50/$1 USD 7 Card Stud - Monday, April 25, 14:20:12 EDT 2011")
    >>> h.hand_id, h.game, h.fields["small_bet"], h.fields["big_bet"], h.fields["currency"]
    ('10399817763', <Game.STUD: 'stud'>, 50, 100, 'USD')
    >>> h.fields["started_at"].isoformat()
    '2011-04-25T18:20:12+00:00'
    """
    lines = text.split("\n")
    found = _ID.match(lines[0])
    if found is None:
        raise HandParseError("not a PartyPoker hand header", text=lines[0])
    hand_id = found.group("id")
    game_line = next((lines[i + 1] for i, line in enumerate(lines[:-1])
                      if line.startswith("***** Hand History for Game ")), None)
    if game_line is None:
        raise HandParseError("no '***** Hand History for Game' line in the hand's first lines",
                             text=lines[0], hand_id=hand_id)
    game_match = _GAME.match(game_line)
    fields = header_fields(SITE, hand_id, "", limit=Limit.FIXED)
    if game_match is None:
        # not a stud-family game line (hold'em, Omaha): skipped, named by its line
        return HeaderFields(hand_id, game_line, None, fields)
    game_text = game_match.group("game")
    fields["game_text"] = game_text
    fields["game"] = game = STUD_GAMES[game_text]
    if game_match.group("limit") in ("NL ", "PL "):
        return HeaderFields(hand_id, game_line, None, fields)
    cash = _CASH.search(game_match.group("stakes"))
    tourney = _TOURNEY.search(game_match.group("after"))
    try:
        if cash:
            fields["currency"] = currency = cash.group("cur")
            fields["scale"] = 100
            fields["small_bet"] = parse_amount(cash.group("sb"), 100)
            fields["big_bet"] = parse_amount(cash.group("bb"), 100)
            fields["play_money"] = False
        elif tourney:
            currency = tourney.group("cur")
            fields.update(currency=None, scale=1, play_money=False,
                          small_bet=int(tourney.group("sb")), big_bet=int(tourney.group("bb")),
                          tournament_id=tourney.group("tid"), level=tourney.group("level"),
                          buy_in_currency=currency, buy_in=parse_amount(tourney.group("buy"), 100),
                          fee=None)
        else:
            raise HandParseError(f"unreadable stakes in {game_line!r}", text=game_line,
                                 hand_id=hand_id)
        month = _MONTHS[game_match.group("month")]
        date = f"{game_match.group('year')}/{month}/{game_match.group('day')}"
        fields["started_local"] = f"{date} {game_match.group('time')} {game_match.group('tz')}"
        fields["started_at"] = to_utc(date, game_match.group("time"), game_match.group("tz"))
    except (ValueError, KeyError) as exc:
        raise HandParseError(f"unreadable header: {exc}", text=game_line,
                             hand_id=hand_id) from None
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/partypoker.lark ----------------------------------
_AMT = r"[$€£]?\d[\d.,]*(?: [A-Z]{3})?"
_CARDS_RE = r"\[ [^\[\]\n]* \]"
SHAPES: dict[str, re.Pattern[str]] = {
    "ANTE": re.compile(rf"(?P<name>[^\n]+) posts ante \[(?P<amount>{_AMT})\]"),
    "DEAL": re.compile(r"Dealt to (?P<name>[^\n]+) \[  (?P<cards>[^\[\]\n]*) \]"),
    "OPENS": re.compile(r"(?P<name>[^\n]+) opens"),
    "BRING_IN": re.compile(rf"(?P<name>[^\n]+) bring-ins \[(?P<amount>{_AMT})\]"),
    "COMPLETE": re.compile(rf"(?P<name>[^\n]+) completes \[(?P<amount>{_AMT})\]"),
    "BET": re.compile(rf"(?P<name>[^\n]+) bets \[(?P<amount>{_AMT})\]"),
    "DOUBLE_BET": re.compile(rf"(?P<name>[^\n]+) double bets \[(?P<amount>{_AMT})\]"),
    "RAISE": re.compile(rf"(?P<name>[^\n]+) raises \[(?P<amount>{_AMT})\]"),
    "CALL": re.compile(rf"(?P<name>[^\n]+) calls \[(?P<amount>{_AMT})\]"),
    "CHECK": re.compile(r"(?P<name>[^\n]+) checks"),
    "FOLD": re.compile(r"(?P<name>[^\n]+) folds"),
    "SHOW": re.compile(rf"(?P<name>[^\n]+) shows (?P<cards>{_CARDS_RE})(?P<description>[^\n]*)"),
    "SHOW_LOW": re.compile(r"(?P<name>[^\n]+) shows(?P<description>[^\[\n][^\n]* for low\.)"),
    "MUCK_SHOWN": re.compile(
        rf"(?P<name>[^\n]+) doesn't show (?P<cards>{_CARDS_RE})(?P<description>[^\n]*)"),
    "NO_SHOW": re.compile(r"(?P<name>[^\n]+) does not show cards\."),
    "WIN": re.compile(
        rf"(?P<name>[^\n]+) wins (?:Lo \()?(?P<amount>{_AMT})(?: chips)?\)?"
        r"(?: from the (?P<pot>main|side) pot(?: (?P<index>\d+))?)?(?: with [^\n]*)?"),
    "NO_LOW": re.compile(r"(?P<name>)There was no qualifying low hand"),
}
"""Every line shape of the grammar's runs of lines, as Python regexes."""

LINE_ORDER = ("DEAL", "OPENS", "BRING_IN", "COMPLETE", "DOUBLE_BET", "BET", "RAISE", "CALL",
              "CHECK", "FOLD", "SHOW", "SHOW_LOW", "MUCK_SHOWN", "NO_SHOW", "WIN", "NO_LOW")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""


def classify(line: str, order: tuple[str, ...] = LINE_ORDER
             ) -> tuple[str, re.Match[str]] | None:
    """The first shape of ``order`` that ``line`` has.

    >>> classify("Player4 double bets [120]", LINE_ORDER)[0]
    'DOUBLE_BET'
    >>> classify("Player1 wins Lo ($90.50 USD) from the main pot with 8,5,3,2,A.")[1]["amount"]
    '$90.50 USD'
    """
    return classify_line(SHAPES, order, line)


_POTS = {"main": PotKind.MAIN, "side": PotKind.SIDE}


class PartyPokerBuilder(SiteBuilder):
    """The parser's callbacks for ``grammar/partypoker.lark``, appending events in order."""

    SHAPES = SHAPES
    LINE_ORDER = LINE_ORDER

    def reset(self) -> None:
        super().reset()
        self.showdown_seen = False

    def _amount(self, text: str, n: int) -> int:
        return super()._amount(text.split(" ")[0], n)  # "$10 USD": the number only

    # -- terminals -----------------------------------------------------------------
    def TABLE(self, token: Any) -> None:
        name: str = token.value[len("Table "):-1]
        self.table_name = name.removesuffix(" (Real Money)").removesuffix(" (Play Money)")

    def PLAYERS(self, token: Any) -> None:
        self.max_seats = int(token.value[:-1].rpartition("/")[2])

    def SEATS(self, token: Any) -> None:
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            number_text, _, rest = value[5:].partition(": ")
            name, _, chips = rest.rpartition(" ( ")
            self._seat(int(number_text), name, chips[:-2], n)
            n += 1

    def PRE(self, token: Any) -> None:
        n: int = token.line
        for line in token.value[:-1].split("\n"):
            m = SHAPES["ANTE"].fullmatch(line)
            if m is None:  # pragma: no cover - the lexer accepted it
                raise LineError("unrecognised line", n)
            self.events.append(PostAnte(line=self._file_line(n), player=m["name"],
                                        amount=self._amount(m["amount"], n)))
            n += 1

    # -- one event per line ------------------------------------------------------------
    def _make(self, kind: str, m: re.Match[str], n: int) -> None:
        line = self._file_line(n)
        name = m["name"]
        event: HandEvent
        if kind in ("SHOW", "MUCK_SHOWN") and not self.showdown_seen:
            # no showdown header: the showdown starts where the cards are turned over
            self.showdown_seen = True
            self.events.append(ShowdownStart(line=line))
        if kind == "DEAL":
            cards = self._cards(m["cards"], n)
            event = Deal(line=line, player=name, street=self.street, cards=cards,
                         face_up=_face_up(self.game, self.street, len(cards)))
        elif kind in ("OPENS", "SHOW_LOW", "NO_LOW"):
            event = Announcement(line=line, kind="no_low" if kind == "NO_LOW" else "other",
                                 text=m.group(0))
        elif kind == "CHECK":
            event = Check(line=line, player=name)
        elif kind == "FOLD":
            event = Fold(line=line, player=name)
        elif kind == "SHOW":
            event = Show(line=line, player=name, cards=self._cards(m["cards"][2:-2], n),
                         description=m["description"] or None)
        elif kind == "MUCK_SHOWN":
            event = Muck(line=line, player=name, cards=self._cards(m["cards"][2:-2], n))
        elif kind == "NO_SHOW":
            event = NoShow(line=line, player=name)
        elif kind == "WIN":
            index = int(m["index"]) if m["index"] else None
            event = Collect(line=line, player=name, amount=self._amount(m["amount"], n),
                            pot=_POTS.get(m["pot"] or "", PotKind.POT), pot_index=index)
        else:  # the chips a player adds
            added = self._amount(m["amount"], n)
            mine = self.totals.get(name, 0)
            to = mine + added
            self.totals[name] = to
            if kind == "BRING_IN":
                event = BringIn(line=line, player=name, amount=added)
            elif kind == "COMPLETE":
                event = Complete(line=line, player=name, to=to)
            elif kind in ("BET", "DOUBLE_BET"):
                event = Bet(line=line, player=name, amount=added)
            elif kind == "RAISE":
                event = Raise(line=line, player=name, by=to - self.bet_to, to=to)
            else:  # CALL
                event = Call(line=line, player=name, amount=added)
            if kind != "CALL":
                self.bet_to = max(self.bet_to, to)
        self.events.append(event)


