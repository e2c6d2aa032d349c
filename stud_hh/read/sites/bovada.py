"""Bovada (Bodog, Ignition): header reader and the transformer for ``grammar/bovada.lark``.

Same design as :mod:`stud_hh.read.sites.winamax`; ``docs/formats/bovada.md`` catalogues
every form. What Bovada prints, what it leaves out, and how it becomes the shared
events:

* the header names the brand (``Bodog``, ``Bodog.eu``, ``Bovada``, ``Ignition``,
  ...), the hand, the table and the game code (``7CARD``, ``7CARD HiLo``,
  ``7CARD_HL``): ``Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit -
  2012-05-07 03:40:07``; a tournament ``Bovada Hand #2633115879: 7CARD Tournament
  #1378659 TBL#1, Fixed Limit- Level 1 (0/0) - 2012-06-17 22:21:03``. It prints
  **no stakes** (a stud level prints ``(0/0)``) and, before 2021, **no time zone**
  (``started_at`` stays ``None``; the local text is kept; a trailing ``UTC`` is
  read). The small and big bet are read from the hand's own bets, after the whole
  hand is read: the small bet from the 3rd-street completion, a later 3rd-street
  raise or a plain 4th-street bet, the big bet from a 5th- to 7th-street bet or
  raise or a 4th-street double bet, never from an all-in; the one the hand does
  not show is twice or half the other (fixed limit). The bets that fix them cannot
  be checked against them; every other bet is. A hand with no such bet (every
  player folds to the bring-in) is read with stakes ``0``: the replayer then
  reports its bring-in's size unverifiable;
* players are anonymous seats, named as printed: ``Seat+3``, the hero ``Seat+3
  [ME]``; a tournament's stacks are chips (no currency), a cash table's without
  a currency sign are play money;
* every player's cards are printed, folded hands too: 3rd street's three cards are
  two down and the door card (the dealing rules), 7th street's card is down;
* the 2012 cash hands and the tournaments print no street header after ``***
  HOLE CARDS ***``: a new street (:class:`~stud_hh.model.events.StreetStart`, on that
  line) starts at the card dealt to a player who already got one on the current
  street;
* ``Calls``, ``Bets`` and ``All-in`` print the chips a player adds (``All-in 245``
  is a call, a bet or a raise by what it makes); ``Raises $7.50 to $10`` adds
  $7.50 to the $2.50 bring-in, reaching $10 on the street (checked), and the
  older ``Raises 600`` and ``All-in(raise) 1054`` print only the total reached on
  the street;
* no showdown header (the first ``Showdown [..]`` opens it; a hi/lo ``Showdown``
  lists the high five and then the low five cards); ``Mucks [..]`` is a loser who
  did not show, ``Does not show [..]`` a winner who did not have to; ``Hand
  result $x`` a collection, ``Hand Result-Side Pot x`` one of a side pot (with
  two or more side-pot lines the pots they name cannot be told apart: every
  collection of the hand then names none);
* ``Total Pot($0.47) | Rake ($0.02)``; a pot line without its rake (2014, the
  tournaments) makes no :class:`~stud_hh.model.events.PotSummary` (the rake is then
  unverifiable), and its total is checked against the chips put in.
"""

from __future__ import annotations

import re
from typing import Any

from stud_hh.model.cards import MaybeCard
from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
    Collect,
    Game,
    Limit,
    PostAnte,
    PotKind,
    PotSummary,
    SeatOutcome,
    Street,
    TableEventKind,
    UncalledReturned,
)
from stud_hh.model.money import CURRENCY_SYMBOLS
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

SITE: str = "Bovada"
HERO_MARK: str = " [ME]"
"""What Bovada prints after the seat of the history's owner (``Seat+3 [ME]``): the hero,
whichever seat (:mod:`stud_hh.store.people` makes those seats one player)."""

_BRAND = r"(?:Ignition|Bovada|Bodog(?:\.com|\.eu| UK| Canada|88)?)"
_PLAYER = r"(?P<name>Seat\+\d+(?: \[ME\])?)"
_AMT = r"[$€£]?\d[\d.,]*"

NOISE: tuple[NoiseShape, ...] = (
    NoiseShape(rf"{_PLAYER} : (?:Table enter user|Seat sit down)", TableEventKind.JOINS),
    NoiseShape(rf"(?:{_PLAYER} : )?Enter\(Auto\)", TableEventKind.JOINS),
    NoiseShape(rf"{_PLAYER} : (?:Table leave user|Seat stand|Stand)", TableEventKind.LEAVES),
    NoiseShape(rf"(?:{_PLAYER} : )?Leave\(Auto\)", TableEventKind.LEAVES),
    NoiseShape(rf"{_PLAYER} : (?:Seat sit out|Sit out|Sitout\([^()]*\))",
               TableEventKind.SITTING_OUT),
    NoiseShape(rf"{_PLAYER} : (?:Seat re-join|Re-join)", TableEventKind.RETURNED),
    NoiseShape(rf"{_PLAYER} : (?:Ranking \d+|Prize Cash \[{_AMT}\])", TableEventKind.FINISHED),
    NoiseShape(rf"(?:{_PLAYER} : )?Table deposit {_AMT}", TableEventKind.OTHER),
    NoiseShape(rf"{_PLAYER} : (?:Addon|Rebuyin) {_AMT}", TableEventKind.OTHER),
    NoiseShape(rf"{_PLAYER} : BOUNTY PRIZE \[{_AMT}\]", TableEventKind.OTHER),
)
"""The shapes of this site's table-traffic and tournament lines (see
:mod:`stud_hh.read.sites.noise`); docs/formats/bovada.md catalogues them. Bovada prints no
chat. A ``Table deposit``, ``Addon`` or ``Rebuyin`` adds chips to the player's stack
for the next hand, not to this hand's pot."""

HAND_START: re.Pattern[str] = re.compile(
    rf"{_BRAND} Hand #C?\d+:? [^\n]* - \d{{4}}-\d{{1,2}}-\d{{1,2}} \d{{1,2}}:\d{{2}}(?::\d{{2}})?"
    r"(?: \S{1,8})?(?=\n|$)")
"""A line that opens a Bovada, Bodog or Ignition hand: the whole line's shape, up to its
date and time.

>>> [bool(HAND_START.match(t)) for t in (
...  "Bovada Hand #2633952287 TBL#2027664 7CARD HiLo Fixed Limit - 2012-09-19 13:11:08",
...  "Bovada Hand #1 : Chat")]
[True, False]
"""

_HEAD = re.compile(rf"(?P<brand>{_BRAND}) Hand #C?(?P<id>\d+):? (?P<rest>.*)$")
_REST = re.compile(
    r"(?:(?:Zone Poker ID|TBL)#(?P<table>\S+) )?(?P<game>.+?) "
    r"(?:Tournament #(?P<tid>(?:M-)?\d+) TBL#(?P<ttable>\d+), )?(?P<hu>1 on 1 )?"
    r"(?P<limit>Fixed Limit|No Limit|Pot Limit|Turbo)?(?: ?Normal ?)?"
    r"(?:- Level (?P<level>\d+) \((?P<sb>[$\d.,]+)/(?P<bb>[$\d.,]+)\))?(?: \[MVS\])?"
    r" - (?P<date>\d{4}-\d{2}-\d{2})[- ]+(?P<time>\d{1,2}:\d{2}:\d{2})(?: (?P<tz>[A-Z]{2,4}))?$")
STUD_GAMES: dict[str, Game] = {"7CARD": Game.STUD, "7CARD HiLo": Game.STUD8,
                               "7CARD_HL": Game.STUD8}
"""Bovada's stud game codes (FPDB BovadaToFpdb ``games``): another stud-looking code
(a razz, say, which no source shows) fails the hand by name rather than being guessed."""
_STUDLIKE = re.compile(r"(?i)7CARD|stud|razz|5CARD")
_AMOUNTS = re.compile(rf"(?<![\w/-]){_AMT}(?![\w/])")


def read_header(line: str) -> HeaderFields:
    """Take apart a Bovada, Bodog or Ignition header line (the stakes come from the bets).

    >>> h = read_header("Bodog Hand #2604291510 TBL#1178621 7CARD Fixed Limit - "
    ...                 "2012-05-07 03:40:07")
    >>> h.hand_id, h.game, h.fields["table"], h.fields["started_local"], h.fields["started_at"]
    ('2604291510', <Game.STUD: 'stud'>, '1178621', '2012/05/07 03:40:07', None)
    >>> t = read_header("Bovada Hand #2633115879: 7CARD Tournament #1378659 TBL#1, "
    ...                 "Fixed Limit- Level 4 (0/0) - 2012-06-17 22:21:03")
    >>> t.fields["tournament_id"], t.fields["table"], t.fields["level"], t.fields["scale"]
    ('1378659', '1', '4', 1)
    >>> read_header("Bovada Hand #1 TBL#2 HOLDEM No Limit - 2022-05-26 09:16:24").game is None
    True
    """
    head = _HEAD.match(line)
    if head is None:
        raise HandParseError("not a Bovada hand header", text=line)
    hand_id = head["id"]
    m = _REST.match(head["rest"])
    if m is None:
        game_name = head["rest"].split(" - ")[0]
        if _STUDLIKE.search(game_name):
            raise HandParseError("unreadable Bovada header", text=line, hand_id=hand_id)
        return HeaderFields(hand_id, game_name, None, header_fields(SITE, hand_id, game_name))
    game_name, limit = m["game"], m["limit"]
    game_text = f"{game_name} {limit}" if limit else game_name
    game = STUD_GAMES.get(game_name)
    if game is None:
        if _STUDLIKE.search(game_name):
            raise HandParseError(f"Bovada {game_name!r}: no source shows this game code, so "
                                 "its hands are not read", text=line, hand_id=hand_id)
        return HeaderFields(hand_id, game_text, None, header_fields(SITE, hand_id, game_text))
    if limit != "Fixed Limit":
        raise HandParseError(f"a Bovada stud hand headed {limit or 'without a limit'!r}: no "
                             "source shows one, so it is not read", text=line, hand_id=hand_id)
    tournament = m["tid"] is not None
    date, time, zone = m["date"].replace("-", "/"), m["time"], m["tz"]
    started = header_time(date, time, zone, line=line, hand_id=hand_id)
    fields = header_fields(
        SITE, hand_id, game_text, limit=Limit.FIXED, game=game,
        table=(m["ttable"] if tournament else m["table"]) or "", scale=1 if tournament else 100,
        currency=None, tournament_id=m["tid"], level=m["level"],
        max_seats=2 if m["hu"] else None, started_at=started,
        started_local=f"{date} {time}" + (f" {zone}" if zone else ""))
    return HeaderFields(hand_id, game_text, game, fields)


# -- line shapes: the same as grammar/bovada.lark --------------------------------------
_NAME = _PLAYER
_CARDS_RE = r"\[(?P<cards>[^\[\]\n]*)\]"
_HAND = r"(?: \((?P<description>[^\n]*)\))?"
_WHY = r"(?: ?\((?:timeout|disconnect|auth|Blind Disconnected)\))?"
SHAPES: dict[str, re.Pattern[str]] = {
    "DEAL": re.compile(rf"{_NAME} : Card dealt to a spot {_CARDS_RE}"),
    "BRING_IN": re.compile(rf"{_NAME} : (?:Bring_in chip|Big blind/Bring in|Bring in){_WHY} "
                           rf"(?P<amount>{_AMT})"),
    "DOUBLE_BET": re.compile(rf"{_NAME} : (?:D bets|Double bets) (?P<amount>{_AMT})"),
    "BET": re.compile(rf"{_NAME} : [Bb]ets (?P<amount>{_AMT})"),
    "RAISE": re.compile(rf"{_NAME} : [Rr]aises (?P<amount>{_AMT})(?: to (?P<total>{_AMT}))?"),
    "ALL_IN_RAISE": re.compile(rf"{_NAME} : All-in\((?:raise|raise-timeout)\) "
                               rf"(?P<amount>{_AMT})(?: to (?P<total>{_AMT}))?"),
    "ALL_IN": re.compile(rf"{_NAME} : All-in{_WHY} (?P<amount>{_AMT})"),
    "CALL": re.compile(rf"{_NAME} : Calls? (?P<amount>{_AMT})"),
    "CHECK": re.compile(rf"{_NAME} : Checks{_WHY}"),
    "FOLD": re.compile(rf"{_NAME} : (?:Folds?{_WHY}|Folds & shows {_CARDS_RE})"),
    "UNCALLED": re.compile(rf"{_NAME} : Return uncalled portion of bet (?P<amount>{_AMT})"),
    "SHOW": re.compile(rf"{_NAME} : Showdown {_CARDS_RE}{_HAND}"),
    "MUCK": re.compile(rf"{_NAME} : Mucks {_CARDS_RE}{_HAND}"),
    "NO_SHOW": re.compile(rf"{_NAME} : Does not show {_CARDS_RE}{_HAND}"),
    "COLLECT": re.compile(rf"{_NAME} : Hand [Rr]esult(?P<side>-Side [Pp]ot)? (?P<amount>{_AMT})"),
    "SEAT": re.compile(rf"{_NAME}: (?P<amount>{_AMT}) in chips"),
    "ANTE": re.compile(rf"{_NAME} : Ante chip (?P<amount>{_AMT})"),
    "ANTE_ALL_IN": re.compile(rf"{_NAME} : All-in (?P<amount>{_AMT})"),
    "SEAT_SUMMARY": re.compile(r"Seat[ +](?P<seat>\d+): (?P<rest>[^\n]*)"),
}
"""Every line shape of the grammar, as Python regexes (``_KIND`` there is ``KIND`` here)."""

LINE_ORDER: tuple[str, ...] = ("DEAL", "BRING_IN", "DOUBLE_BET", "BET", "RAISE", "ALL_IN_RAISE",
                               "ALL_IN", "CALL", "CHECK", "FOLD", "UNCALLED", "SHOW", "MUCK",
                               "NO_SHOW", "COLLECT")
"""The order of the alternatives of ``LINES`` in the grammar: the first that matches wins."""
PRE_ORDER: tuple[str, ...] = ("ANTE", "ANTE_ALL_IN")
"""The order of the alternatives of ``PRE``."""


def classify(line: str, order: tuple[str, ...] = LINE_ORDER
             ) -> tuple[str, re.Match[str]] | None:
    """The shape of a line as the grammar decides it.

    >>> kind, m = classify("Seat+5 [ME] : Raises $7.50 to $10")
    >>> kind, m["name"], m["amount"], m["total"]
    ('RAISE', 'Seat+5 [ME]', '$7.50', '$10')
    >>> classify("Seat+1 : All-in(raise) 1054")[0], classify("Seat+3 : Folds(timeout)")[0]
    ('ALL_IN_RAISE', 'FOLD')
    >>> classify("Seat+3 [ME] : All-in 2", PRE_ORDER)[0]
    'ANTE_ALL_IN'
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
        """The first bet size each kind of bet shows: ``small`` and ``big``."""
        self.pot = 0
        """Chips put in so far, less those returned uncalled."""
        self.opened = False
        """A bet or raise (not the bring-in) was made on this street."""
        self.short = False
        """An all-in bet or raise was made on this street."""
        self.collects: list[tuple[int, bool]] = []
        """Each collection: its index in :attr:`events`, and whether it names a side pot."""

    # -- terminals -----------------------------------------------------------------
    def SEATS(self, token: Any) -> None:
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            m = self._shape("SEAT", value, n)
            self._currency(m["amount"], n)
            self._seat(int(m["name"].split("+")[1].split()[0]), m["name"], m["amount"], n)
            n += 1

    def _currency(self, stack: str, n: int) -> None:
        """A stack's currency sign (or none): a tournament's chips, a cash table's dollars,
        or play money (a cash table without a sign)."""
        sign = stack[0] if not stack[0].isdigit() else ""
        currency = CURRENCY_SYMBOLS.get(sign) if sign else None
        fields = self.fields
        if fields["tournament_id"] is not None:
            if currency is not None:
                raise LineError("a tournament stack with a currency sign", n)
            return
        if self.seats and (currency is None) != fields["play_money"]:
            raise LineError("stacks with and without a currency sign", n)
        if currency is None:  # a cash table in play chips
            fields["play_money"] = True
            fields["scale"] = self.scale = 1
        fields["currency"] = currency

    def PRE(self, token: Any) -> None:
        self._run(token, PRE_ORDER)

    def _ante(self, name: str, amount: int, n: int, all_in: bool = False) -> None:
        self.pot += amount
        self.events.append(PostAnte(line=self._file_line(n), player=name, amount=amount,
                                    all_in=all_in))

    def _open_street(self, street: Street, n: int) -> None:
        self.dealt = set()
        self.opened = self.short = False
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
        amounts = [self._amount(a, n) for a in _AMOUNTS.findall(re.sub(r"\[[^\]]*\]", "", tail))]
        won = sum(amounts) if amounts else None
        if tail.startswith("Folded "):
            words = tail.split()
            self._summary(name, seat, SeatOutcome.FOLDED, value, n,
                          street=FOLDED_STREETS.get(words[3].lower()) if len(words) > 3 else None)
        elif tail.startswith("[Mucked]"):
            self._summary(name, seat, SeatOutcome.MUCKED, value, n)
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
            if name in self.dealt:  # no street header: a second card, a new street
                if self.street is Street.SEVENTH:
                    raise LineError(f"{name} is dealt a card after the river", n)
                self._open_street(Street(self.street + 1), n)
            self.dealt.add(name)
            cards = self._cards(m["cards"], n)
            self.cards_of.setdefault(name, set()).update(cards)
            self._deal(name, cards, n)
        elif kind in ("SHOW", "MUCK", "NO_SHOW"):
            cards = self._cards(m["cards"], n)
            unknown = set(cards) - self.cards_of.get(name, set())
            if unknown:  # reported, never repaired (the replayer sees a shown card too)
                self.warnings.append(f"line {line}: {name} turns over "
                                     f"{' '.join(sorted(map(str, unknown)))}, never dealt to them")
            if kind == "SHOW":
                self._show(name, cards, n, m["description"])
            else:  # a loser's or an unshown winner's cards, known from the deal: none shown
                self.events.append(player_event(kind, line, name))
        elif kind == "UNCALLED":
            amount = self._amount(m["amount"], n)
            self.pot -= amount
            self.events.append(UncalledReturned(line=line, player=name, amount=amount))
        elif kind == "COLLECT":
            self.collects.append((len(self.events), m["side"] is not None))
            self.events.append(Collect(line=line, player=name,
                                       amount=self._amount(m["amount"], n)))
        elif kind in ("ANTE", "ANTE_ALL_IN"):
            self._ante(name, self._amount(m["amount"], n), n, all_in=kind == "ANTE_ALL_IN")
        elif kind in ("BRING_IN", "DOUBLE_BET", "BET", "RAISE", "CALL", "ALL_IN",
                      "ALL_IN_RAISE"):
            self._money(kind, m, n)
        else:  # CHECK, FOLD
            self._plain(kind, name, n)

    def _money(self, kind: str, m: re.Match[str], n: int) -> None:
        name = m["name"]
        amount = self._amount(m["amount"], n)
        mine, before = self.totals.get(name, 0), self.bet_to
        all_in = kind.startswith("ALL_IN")
        if kind in ("RAISE", "ALL_IN_RAISE"):
            if m["total"] is not None:  # "Raises A to B": adds A, reaching B
                to = self._amount(m["total"], n)
                if to != mine + amount:
                    raise LineError(f"'{m.group(0).partition(' : ')[2]}': {name} had {mine} in "
                                    "on the street", n)
            else:  # "Raises B": reaching B on the street
                to = amount
            added = to - mine
            if added <= 0:
                raise LineError(f"a raise to {to} by {name}, who had {mine} in on the street", n)
        else:
            added = amount
            to = mine + added
        self.pot += added
        if kind == "ALL_IN":  # the chips added: a call, a bet or a raise by what they make
            shape = "CALL" if to <= before else "BET" if before == 0 else "RAISE"
        elif kind == "ALL_IN_RAISE":
            shape = "BET" if before == 0 else "RAISE"
        else:
            shape = "BET" if kind == "DOUBLE_BET" else kind
        self._added(shape, name, added, n, all_in=all_in)
        if all_in and shape != "CALL":
            self.short = True
        self._note_stakes(kind, to, before)
        if shape in ("BET", "RAISE"):
            self.opened = True

    def _note_stakes(self, kind: str, to: int, before: int) -> None:
        """Keep the first bet size each kind of bet shows (see the module's doc); a street
        with an all-in bet or raise in it shows none after it (a raise over a short one is
        no bet size)."""
        street, seen = self.street, self.sizes
        if kind in ("BRING_IN", "CALL", "ALL_IN", "ALL_IN_RAISE") or to <= before or self.short:
            return
        if street is Street.THIRD:  # the completion, then raises of the small bet
            seen.setdefault("small", to - before if self.opened else to)
        elif street is Street.FOURTH:
            if kind == "BET":
                seen.setdefault("small", to)
            elif kind == "DOUBLE_BET":
                seen.setdefault("big", to)
        else:
            seen.setdefault("big", to - before)

    # -- the end of the hand: the stakes its bets show, the pots its collections name -------
    def start(self, children: list[Any]) -> None:
        seen = self.sizes
        small, big = seen.get("small"), seen.get("big")
        if small is None and big is None:  # nothing shows them: sizes unverifiable
            small = big = 0
        small = small if small is not None else (big or 0) // 2
        big = big if big is not None else 2 * small
        if big != 2 * small:
            self.warnings.append(f"the bets show a small bet of {small} and a big bet of {big}")
        self.fields["small_bet"], self.fields["big_bet"] = small, big
        sides = sum(side for _, side in self.collects)
        if sides == 1:  # one side pot named: the other collections are of the main pot
            for index, side in self.collects:
                collect = self.events[index]
                assert isinstance(collect, Collect)
                self.events[index] = Collect(line=collect.line, player=collect.player,
                                             amount=collect.amount,
                                             pot=PotKind.SIDE if side else PotKind.MAIN)
