"""Full Tilt Poker hands written from the forms of docs/formats/fulltilt.md.

``HANDS`` holds complete hand texts that together use every catalogued form:
every header form (cash in both header orders, the table notes, both time
forms and the short-lived date, euro and pound tables, play money, the old
``FullTiltPoker`` name, sit-and-gos with and without a fee, a speed in
parentheses, multi-table tournaments, a freeroll, a play-money sit-and-go, ``K``
stakes, a Matrix match, the 2013 tournament order and an entry number), each
over a body of its game, and every body (a 3rd-street steal, a showdown with
raises on every street, hi/lo splits, hi/lo main and side pots split by
halves, two numbered side pots, a razz tie, five-card stud with an all-in, an
ante all-in, a bring-in all-in, a returned ante, a hand with no qualifying low,
the 2006 hi/lo showdown) under some header. Every chat and traffic form is
written into some hand.

A body is written by :class:`Writer`, which keeps what each player put in on
each street: the amounts of ``calls``, ``raises to``, ``Uncalled bet`` and the
pots follow from the actions, and the collections are the pots less the rake,
so every hand balances. The cards are chosen so that the bring-in, the first
actor of every street and the winners are the ones the rules give (the
replay checks it).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

# -- money -------------------------------------------------------------------------


@dataclass(frozen=True)
class Money:
    """How a table prints amounts: ``$``/``€``/``£`` cents, or chips."""

    symbol: str
    scale: int

    def __call__(self, units: int, grouped: bool = True) -> str:
        """``$1,234.50``, ``$2``, ``1,345``; the header writes no thousands commas."""
        if self.scale == 1:
            return f"{units:,}" if grouped else str(units)
        whole, cents = divmod(units, self.scale)
        return (f"{self.symbol}{whole:,}" if grouped else f"{self.symbol}{whole}") + (
            f".{cents:02d}" if cents else "")


USD, EUR, GBP, CHIPS = Money("$", 100), Money("€", 100), Money("£", 100), Money("", 1)


@dataclass(frozen=True)
class Stakes:
    money: Money
    small: int
    big: int
    ante: int
    bring_in: int
    rake: int = 0
    """The most the house takes from a pot that reaches the showdown (5 % up to this; none
    in tournaments)."""

    def head(self) -> str:
        """``$3/$6 Ante $0.50``, ``800/1600 Ante 150`` as the header prints them."""
        m = self.money
        return f"{m(self.small, False)}/{m(self.big, False)} Ante {m(self.ante, False)}"


# -- writing a body ---------------------------------------------------------------------


@dataclass
class Writer:
    """Writes one hand's lines after its header, keeping the money straight."""

    st: Stakes
    lines: list[str] = field(default_factory=list)
    put: dict[str, int] = field(default_factory=dict)
    street_in: dict[str, int] = field(default_factory=dict)
    bet_to: int = 0

    def m(self, units: int) -> str:
        return self.st.money(units)

    def add(self, *lines: str) -> None:
        self.lines.extend(lines)

    def _in(self, name: str, amount: int) -> None:
        self.put[name] = self.put.get(name, 0) + amount
        self.street_in[name] = self.street_in.get(name, 0) + amount

    def seats(self, *seats: tuple[int, str, int, bool]) -> None:
        for number, name, stack, out in seats:
            self.add(f"Seat {number}: {name} ({self.m(stack)})"
                     + (", is sitting out" if out else ""))

    def ante(self, name: str, amount: int | None = None, all_in: bool = False) -> None:
        amount = self.st.ante if amount is None else amount
        self.put[name] = self.put.get(name, 0) + amount
        self.add(f"{name} antes {self.m(amount)}" + (", and is all in" if all_in else ""))

    def street(self, label: str, note: bool = False, players: int = 0, all_in: int = 0) -> None:
        self.street_in, self.bet_to = {}, 0
        text = f"*** {label} STREET ***"
        if note:
            text += f" (Total Pot: {self.m(self.pot)}, {players} Players" + (
                f", {all_in} All-In)" if all_in else ")")
        self.add(text)

    def bring_in(self, name: str, amount: int | None = None, all_in: bool = False) -> None:
        amount = self.st.bring_in if amount is None else amount
        self._in(name, amount)
        self.bet_to = amount
        self.add(f"{name} brings in for {self.m(amount)}" + (", and is all in" if all_in else ""))

    def complete(self, name: str, to: int | None = None, all_in: bool = False) -> None:
        to = self.st.small if to is None else to
        self._in(name, to - self.street_in.get(name, 0))
        self.bet_to = to
        self.add(f"{name} completes it to {self.m(to)}" + (", and is all in" if all_in else ""))

    def bet(self, name: str, amount: int, all_in: bool = False) -> None:
        self._in(name, amount)
        self.bet_to = amount
        self.add(f"{name} bets {self.m(amount)}" + (", and is all in" if all_in else ""))

    def raise_to(self, name: str, to: int, all_in: bool = False) -> None:
        self._in(name, to - self.street_in.get(name, 0))
        self.bet_to = to
        self.add(f"{name} raises to {self.m(to)}" + (", and is all in" if all_in else ""))

    def call(self, name: str, amount: int | None = None, all_in: bool = False) -> None:
        owed = self.bet_to - self.street_in.get(name, 0) if amount is None else amount
        self._in(name, owed)
        self.add(f"{name} calls {self.m(owed)}" + (", and is all in" if all_in else ""))

    def check(self, name: str) -> None:
        self.add(f"{name} checks")

    def fold(self, name: str) -> None:
        self.add(f"{name} folds")

    def uncalled(self, name: str, amount: int) -> None:
        self.put[name] -= amount
        self.street_in[name] = self.street_in.get(name, 0) - amount
        self.add(f"Uncalled bet of {self.m(amount)} returned to {name}")

    @property
    def pot(self) -> int:
        return sum(self.put.values())

    @property
    def rake(self) -> int:
        """5 % of the pot, in whole cents, up to the table's cap."""
        return min(self.st.rake, self.pot * 5 // 100)


# -- the names of the seated players (one with a space, one with an underscore) --------
ANN, BOB, CID, HERO, EVE = "Ann Lee", "Bob", "Cid_9", "Hero", "Eve"
DEEP = 200
"""Stacks of this many big bets: no one runs out by accident."""


def _split(w: Writer) -> tuple[int, int]:
    """(rake, half) of a pot split in two: a cash table's rake takes the odd cent; a
    tournament body is written so that its pot is even."""
    rake = w.rake + (w.pot - w.rake) % 2 if w.rake else 0
    assert (w.pot - rake) % 2 == 0, "a split pot of an odd number of chips"
    return rake, (w.pot - rake) // 2


def _summary_total(w: Writer, rake: int, parts: str = "") -> None:
    w.add("*** SUMMARY ***", f"Total pot {w.m(w.pot)}{parts} | Rake {w.m(rake)}")


# -- bodies -----------------------------------------------------------------------------
# Each takes the stakes and returns the lines after the header.


def stud_steal(st: Stakes) -> list[str]:
    """Stud: the bring-in, a completion nobody calls, an uncalled bet, a sitting-out seat."""
    w, big = Writer(st), st.big
    w.seats((1, ANN, DEEP * big, False), (2, BOB, DEEP * big, False),
            (4, CID, DEEP * big, False), (6, HERO, DEEP * big, False),
            (7, EVE, DEEP * big, True))
    for name in (ANN, BOB, CID, HERO):
        w.ante(name)
    w.street("3RD")
    w.add(f"Dealt to {ANN} [Kd]", f"Dealt to {BOB} [2c]", f"Dealt to {CID} [9s]",
          f"Dealt to {HERO} [As Ad] [7h]", f"{BOB} is low with [2c]")
    w.bring_in(BOB)
    w.fold(CID)
    w.complete(HERO)
    w.fold(ANN)
    w.fold(BOB)
    w.uncalled(HERO, st.small - st.bring_in)
    w.add(f"{HERO} mucks", f"{HERO} wins the pot ({w.m(w.pot)})")
    _summary_total(w, 0)
    w.add(f"Seat 1: {ANN} folded on 3rd St.", f"Seat 2: {BOB} folded on 3rd St.",
          f"Seat 4: {CID} folded on 3rd St.", f"Seat 6: {HERO} collected ({w.m(w.pot)}), mucked",
          f"Seat 7: {EVE} is sitting out")
    return w.lines


def stud_showdown(st: Stakes, loser_mucks: bool = False) -> list[str]:
    """Stud to the showdown: raises on 3rd, 4th and 5th street, checks, the river bettor shows
    first; the loser shows (or mucks, and the summary shows the cards)."""
    w, s, b = Writer(st), st.small, st.big
    w.seats((1, ANN, DEEP * b, False), (3, BOB, DEEP * b, False), (5, HERO, DEEP * b, False))
    for name in (ANN, BOB, HERO):
        w.ante(name)
    w.street("3RD")
    w.add(f"Dealt to {ANN} [3d]", f"Dealt to {BOB} [8c]", f"Dealt to {HERO} [Kh Kd] [Ks]",
          f"{ANN} is low with [3d]")
    w.bring_in(ANN)
    w.call(BOB)
    w.complete(HERO)
    w.raise_to(ANN, 2 * s)
    w.fold(BOB)
    w.call(HERO)
    w.street("4TH")
    w.add(f"Dealt to {ANN} [3d] [Jc]", f"Dealt to {HERO} [Kh Kd Ks] [7d]")
    w.check(HERO)
    w.bet(ANN, s)
    w.raise_to(HERO, 2 * s)
    w.call(ANN)
    w.street("5TH")
    w.add(f"Dealt to {ANN} [3d Jc] [Js]", f"Dealt to {HERO} [Kh Kd Ks 7d] [2h]")
    w.bet(ANN, b)
    w.raise_to(HERO, 2 * b)
    w.call(ANN)
    w.street("6TH")
    w.add(f"Dealt to {ANN} [3d Jc Js] [3s]", f"Dealt to {HERO} [Kh Kd Ks 7d 2h] [9c]")
    w.check(ANN)
    w.bet(HERO, b)
    w.call(ANN)
    w.street("7TH")
    w.add(f"Dealt to {HERO} [Kh Kd Ks 7d 2h 9c] [4s]")
    w.check(ANN)
    w.bet(HERO, b)
    w.call(ANN)
    hero, ann = "Kh Kd Ks 7d 2h 9c 4s", "Ah Qh 3d Jc Js 3s Td"
    won = w.pot - w.rake
    w.add("*** SHOW DOWN ***", f"{HERO} shows [{hero}] three of a kind, Kings")
    w.add(f"{ANN} mucks" if loser_mucks else f"{ANN} shows [{ann}] two pair, Jacks and Threes")
    w.add(f"{HERO} wins the pot ({w.m(won)}) with three of a kind, Kings")
    _summary_total(w, w.rake)
    w.add(f"Seat 1: {ANN} mucked [{ann}] - two pair, Jacks and Threes" if loser_mucks else
          f"Seat 1: {ANN} showed [{ann}] and lost with two pair, Jacks and Threes",
          f"Seat 3: {BOB} folded on 3rd St.",
          f"Seat 5: {HERO} showed [{hero}] and won ({w.m(won)}) with three of a kind, Kings")
    return w.lines


def stud_ante_returned(st: Stakes) -> list[str]:
    """Stud: a player's ante comes back (timed out before the deal); a 4th-street bet folds
    the field."""
    w, b = Writer(st), st.big
    w.seats((1, ANN, DEEP * b, False), (2, BOB, DEEP * b, False), (3, EVE, DEEP * b, False),
            (5, HERO, DEEP * b, False))
    for name in (ANN, BOB, EVE, HERO):
        w.ante(name)
    w.put[EVE] -= st.ante
    w.add(f"Ante of {w.m(st.ante)} returned to {EVE}")
    w.street("3RD")
    w.add(f"Dealt to {ANN} [Th]", f"Dealt to {BOB} [4c]", f"Dealt to {HERO} [9d 9c] [Qs]",
          f"{BOB} is low with [4c]")
    w.bring_in(BOB)
    w.call(HERO)
    w.fold(ANN)
    w.street("4TH")
    w.add(f"Dealt to {BOB} [4c] [8h]", f"Dealt to {HERO} [9d 9c Qs] [5s]")
    w.bet(HERO, st.small)
    w.fold(BOB)
    w.uncalled(HERO, st.small)
    w.add(f"{HERO} mucks", f"{HERO} wins the pot ({w.m(w.pot)})")
    _summary_total(w, 0)
    w.add(f"Seat 1: {ANN} folded on 3rd St.", f"Seat 2: {BOB} folded on 4th St.",
          f"Seat 3: {EVE} is sitting out", f"Seat 5: {HERO} collected ({w.m(w.pot)}), mucked")
    return w.lines


def stud_side_pots(st: Stakes) -> list[str]:
    """Stud: a completion all-in, a raise all-in, two callers who bet on: the main pot and
    side pots #1 and #2, each to its own winner, shown from the first actor of 7th street."""
    w, s = Writer(st), st.small
    short1, short2 = st.ante + s, st.ante + 2 * s
    w.seats((1, ANN, short1, False), (2, BOB, short2, False), (3, CID, DEEP * st.big, False),
            (4, HERO, DEEP * st.big, False))
    for name in (ANN, BOB, CID, HERO):
        w.ante(name)
    w.street("3RD")
    w.add(f"Dealt to {ANN} [As]", f"Dealt to {BOB} [Ks]", f"Dealt to {CID} [2d]",
          f"Dealt to {HERO} [Qh Qc] [7s]", f"{CID} is low with [2d]")
    w.bring_in(CID)
    w.call(HERO)
    w.complete(ANN, s, all_in=True)
    w.raise_to(BOB, 2 * s, all_in=True)
    w.call(CID)
    w.call(HERO)
    main = 4 * st.ante + 4 * s
    side1 = 3 * s
    w.street("4TH", note=True, players=4, all_in=2)
    w.add(f"Dealt to {ANN} [As] [2c]", f"Dealt to {BOB} [Ks] [3c]", f"Dealt to {CID} [2d] [Kc]",
          f"Dealt to {HERO} [Qh Qc 7s] [Td]")
    w.bet(CID, s)
    w.call(HERO)
    side2 = 2 * s
    boards = {ANN: ["As", "2c"], BOB: ["Ks", "3c"], CID: ["2d", "Kc"], HERO: ["Qh Qc 7s", "Td"]}
    for label, cards in (("5TH", {ANN: "7d", BOB: "8d", CID: "Jh", HERO: "4d"}),
                         ("6TH", {ANN: "9h", BOB: "Tc", CID: "9c", HERO: "6s"})):
        w.street(label, note=True, players=4, all_in=2)
        for name in (ANN, BOB, CID, HERO):
            w.add(f"Dealt to {name} [{' '.join(boards[name])}] [{cards[name]}]")
            boards[name].append(cards[name])
        w.check(CID)
        w.check(HERO)
    w.street("7TH", note=True, players=4, all_in=2)
    w.add(f"Dealt to {HERO} [{' '.join(boards[HERO])}] [5c]")
    w.check(CID)
    w.check(HERO)
    ann, bob = "Ah Ad As 2c 7d 9h Jc", "Kh Kd Ks 3c 8d Tc Qd"
    cid, hero = "5h 6h 2d Kc Jh 9c 8c", "Qh Qc 7s Td 4d 6s 5c"
    w.add("*** SHOW DOWN ***", f"{CID} shows [{cid}] King Jack high",
          f"{HERO} shows [{hero}] a pair of Queens",
          f"{HERO} wins side pot #2 ({w.m(side2)}) with a pair of Queens",
          f"{ANN} shows [{ann}] three of a kind, Aces",
          f"{BOB} shows [{bob}] three of a kind, Kings",
          f"{BOB} wins side pot #1 ({w.m(side1)}) with three of a kind, Kings",
          f"{ANN} wins the main pot ({w.m(main)}) with three of a kind, Aces")
    assert main + side1 + side2 == w.pot
    _summary_total(w, 0, f" Main pot {w.m(main)}. Side pot {w.m(side1)}. Side pot {w.m(side2)}.")
    w.add(f"Seat 1: {ANN} showed [{ann}] and won ({w.m(main)}) with three of a kind, Aces",
          f"Seat 2: {BOB} showed [{bob}] and won ({w.m(side1)}) with three of a kind, Kings",
          f"Seat 3: {CID} showed [{cid}] and lost with King Jack high",
          f"Seat 4: {HERO} showed [{hero}] and won ({w.m(side2)}) with a pair of Queens")
    return w.lines


def stud8_split(st: Stakes) -> list[str]:
    """Stud hi/lo: one player wins the high half, another the low half."""
    w, s, b = Writer(st), st.small, st.big
    w.seats((1, ANN, DEEP * b, False), (2, BOB, DEEP * b, False), (3, HERO, DEEP * b, False))
    for name in (ANN, BOB, HERO):
        w.ante(name)
    w.street("3RD")
    w.add(f"Dealt to {ANN} [6h]", f"Dealt to {BOB} [Ks]", f"Dealt to {HERO} [Ad 2d] [3h]",
          f"{HERO} is low with [3h]")
    w.bring_in(HERO)
    w.fold(ANN)
    w.complete(BOB)
    w.call(HERO)
    w.street("4TH")
    w.add(f"Dealt to {BOB} [Ks] [9d]", f"Dealt to {HERO} [Ad 2d 3h] [5c]")
    w.bet(BOB, s)
    w.call(HERO)
    w.street("5TH")
    w.add(f"Dealt to {BOB} [Ks 9d] [Qs]", f"Dealt to {HERO} [Ad 2d 3h 5c] [8s]")
    w.bet(BOB, b)
    w.call(HERO)
    w.street("6TH")
    w.add(f"Dealt to {BOB} [Ks 9d Qs] [4d]", f"Dealt to {HERO} [Ad 2d 3h 5c 8s] [Td]")
    w.check(BOB)
    w.check(HERO)
    w.street("7TH")
    w.add(f"Dealt to {HERO} [Ad 2d 3h 5c 8s Td] [Qc]")
    w.bet(BOB, b)
    w.call(HERO)
    bob, hero = "Kc Kh Ks 9d Qs 4d Jh", "Ad 2d 3h 5c 8s Td Qc"
    rake, half = _split(w)
    w.add("*** SHOW DOWN ***", f"{BOB} shows [{bob}] three of a kind, Kings",
          f"{HERO} shows [{hero}] Ace Queen high, for high and 8,5,3,2,A, for low",
          f"{BOB} wins the high pot ({w.m(half)}) with three of a kind, Kings",
          f"{HERO} wins the low pot ({w.m(half)}) with 8,5,3,2,A")
    _summary_total(w, rake)
    w.add(f"Seat 1: {ANN} folded on 3rd St.",
          f"Seat 2: {BOB} showed [{bob}] and won ({w.m(half)}) with three of a kind, Kings",
          f"Seat 3: {HERO} showed [{hero}] and won ({w.m(half)}) with HI: Ace Queen high; "
          "LO: 8,5,3,2,A")
    return w.lines


def stud8_no_low(st: Stakes) -> list[str]:
    """Stud hi/lo: nobody has a low; the high hand takes the whole pot, the loser mucks."""
    w, s, b = Writer(st), st.small, st.big
    w.seats((2, BOB, DEEP * b, False), (4, CID, DEEP * b, False), (6, HERO, DEEP * b, False))
    for name in (BOB, CID, HERO):
        w.ante(name)
    w.street("3RD")
    w.add(f"Dealt to {BOB} [Jd]", f"Dealt to {CID} [5c]", f"Dealt to {HERO} [Tc Th] [Ts]",
          f"{CID} is low with [5c]")
    w.bring_in(CID)
    w.complete(HERO)
    w.fold(BOB)
    w.call(CID)
    for label, cid_card, hero_card in (("4TH", "Kd", "9h"), ("5TH", "Qc", "8d"),
                                       ("6TH", "Js", "Kc")):
        w.street(label)
        cid = {"4TH": "5c", "5TH": "5c Kd", "6TH": "5c Kd Qc"}[label]
        hero = {"4TH": "Tc Th Ts", "5TH": "Tc Th Ts 9h", "6TH": "Tc Th Ts 9h 8d"}[label]
        w.add(f"Dealt to {CID} [{cid}] [{cid_card}]", f"Dealt to {HERO} [{hero}] [{hero_card}]")
        w.bet(CID, s if label == "4TH" else b)
        w.call(HERO)
    w.street("7TH")
    w.add(f"Dealt to {HERO} [Tc Th Ts 9h 8d Kc] [2s]")
    w.check(CID)
    w.check(HERO)
    hero = "Tc Th Ts 9h 8d Kc 2s"
    won = w.pot - w.rake
    w.add("*** SHOW DOWN ***", f"{CID} mucks", f"{HERO} shows [{hero}] three of a kind, Tens",
          "No low hand qualified",
          f"{HERO} wins the pot ({w.m(won)}) with three of a kind, Tens")
    _summary_total(w, w.rake)
    w.add(f"Seat 2: {BOB} folded on 3rd St.", f"Seat 4: {CID} mucked",
          f"Seat 6: {HERO} showed [{hero}] and won ({w.m(won)}) with three of a kind, Tens")
    return w.lines


def stud8_side_pots(st: Stakes) -> list[str]:
    """Stud hi/lo: a short stack calls all-in on 5th street; the main and the side pot are
    each split into a high and a low half, to different players."""
    w, s, b = Writer(st), st.small, st.big
    short = st.ante + 2 * s + b - s
    w.seats((1, ANN, short, False), (3, BOB, DEEP * b, False), (5, HERO, DEEP * b, False))
    for name in (ANN, BOB, HERO):
        w.ante(name)
    w.street("3RD")
    w.add(f"Dealt to {ANN} [4h]", f"Dealt to {BOB} [Ks]", f"Dealt to {HERO} [2h 3h] [5s]",
          f"{ANN} is low with [4h]")
    w.bring_in(ANN)
    w.complete(BOB)
    w.call(HERO)
    w.call(ANN)
    w.street("4TH")
    w.add(f"Dealt to {ANN} [4h] [6d]", f"Dealt to {BOB} [Ks] [Ts]",
          f"Dealt to {HERO} [2h 3h 5s] [7c]")
    w.bet(BOB, s)
    w.call(HERO)
    w.call(ANN)
    w.street("5TH")
    w.add(f"Dealt to {ANN} [4h 6d] [3c]", f"Dealt to {BOB} [Ks Ts] [9d]",
          f"Dealt to {HERO} [2h 3h 5s 7c] [8h]")
    w.bet(BOB, b)
    w.call(HERO)
    w.call(ANN, b - s, all_in=True)
    main = 3 * (st.ante + s + s + (b - s))
    w.street("6TH")
    w.add(f"Dealt to {ANN} [4h 6d 3c] [Kd]", f"Dealt to {BOB} [Ks Ts 9d] [Th]",
          f"Dealt to {HERO} [2h 3h 5s 7c 8h] [Qd]")
    w.bet(BOB, b)
    w.call(HERO)
    w.street("7TH")
    w.add(f"Dealt to {HERO} [2h 3h 5s 7c 8h Qd] [Jd]")
    w.bet(BOB, b)
    w.call(HERO)
    side = w.pot - main
    assert main % 2 == 0
    assert side % 2 == 0
    ann, bob, hero = "Ac 2c 4h 6d 3c Kd 9s", "Kc Kh Ks Ts 9d Th Qs", "2h 3h 5s 7c 8h Qd Jd"
    full = "a full house, Kings full of Tens"
    w.add("*** SHOW DOWN ***", f"{BOB} shows [{bob}] {full}",
          f"{HERO} shows [{hero}] Queen Jack high, for high and 8,7,5,3,2, for low",
          f"{BOB} wins the high side pot ({w.m(side // 2)}) with {full}",
          f"{HERO} wins the low side pot ({w.m(side // 2)}) with 8,7,5,3,2",
          f"{ANN} shows [{ann}] Ace King high, for high and 6,4,3,2,A, for low",
          f"{BOB} wins the high main pot ({w.m(main // 2)}) with {full}",
          f"{ANN} wins the low main pot ({w.m(main // 2)}) with 6,4,3,2,A")
    _summary_total(w, 0, f" Main pot {w.m(main)}. Side pot {w.m(side)}.")
    w.add(f"Seat 1: {ANN} showed [{ann}] and won ({w.m(main // 2)}) with HI: Ace King high; "
          "LO: 6,4,3,2,A",
          f"Seat 3: {BOB} showed [{bob}] and won ({w.m(main // 2 + side // 2)}) with {full}",
          f"Seat 5: {HERO} showed [{hero}] and won ({w.m(side // 2)}) with HI: Queen Jack high; "
          "LO: 8,7,5,3,2")
    return w.lines


def stud8_2006(st: Stakes) -> list[str]:
    """Stud hi/lo as the 2006 client wrote a split showdown: the hand in parentheses, a
    second ``*** SHOW DOWN ***`` and each low on a line of its own; the winner's summary
    line without ``mucked``."""
    w, b = Writer(st), st.big
    w.seats((1, ANN, DEEP * b, False), (4, HERO, DEEP * b, False))
    for name in (ANN, HERO):
        w.ante(name)
    w.street("3RD")
    w.add(f"Dealt to {ANN} [Qd]", f"Dealt to {HERO} [Ac 4c] [2h]", f"{HERO} is low with [2h]")
    w.bring_in(HERO)
    w.complete(ANN)
    w.call(HERO)
    for label, ann_card, hero_card in (("4TH", "Kd", "5c"), ("5TH", "9d", "Js"),
                                       ("6TH", "2d", "9h")):
        w.street(label)
        ann = {"4TH": "Qd", "5TH": "Qd Kd", "6TH": "Qd Kd 9d"}[label]
        hero = {"4TH": "Ac 4c 2h", "5TH": "Ac 4c 2h 5c", "6TH": "Ac 4c 2h 5c Js"}[label]
        w.add(f"Dealt to {ANN} [{ann}] [{ann_card}]", f"Dealt to {HERO} [{hero}] [{hero_card}]")
        w.check(ANN)
        w.check(HERO)
    w.street("7TH")
    w.add(f"Dealt to {HERO} [Ac 4c 2h 5c Js 9h] [7s]")
    w.bet(ANN, b)
    w.call(HERO)
    ann, hero = "3d 8d Qd Kd 9d 2d 5s", "Ac 4c 2h 5c Js 9h 7s"
    rake, half = _split(w)
    w.add("*** SHOW DOWN ***", f"{ANN} shows [{ann}] (a flush, King high)", "*** SHOW DOWN ***",
          " (8,5,4,3,2)", f"{HERO} shows [{hero}] (Ace Jack high)", " (7,5,4,2,A)",
          f"{ANN} wins the high pot ({w.m(half)}) with a flush, King high",
          f"{HERO} wins the low pot ({w.m(half)}) with 7,5,4,2,A")
    _summary_total(w, rake)
    w.add(f"Seat 1: {ANN} showed [{ann}] and won ({w.m(half)}) with HI: a flush, King high",
          f"Seat 4: {HERO} collected ({w.m(half)})")
    return w.lines


def razz_tie(st: Stakes) -> list[str]:
    """Razz: the highest door brings in, the lowest board acts first, two equal lows tie."""
    w, s, b = Writer(st), st.small, st.big
    w.seats((1, ANN, DEEP * b, False), (2, BOB, DEEP * b, False), (3, HERO, DEEP * b, False))
    for name in (ANN, BOB, HERO):
        w.ante(name)
    w.street("3RD")
    w.add(f"Dealt to {ANN} [3d]", f"Dealt to {BOB} [Kc]", f"Dealt to {HERO} [2h 5s] [4h]",
          f"{BOB} is high with [Kc]")
    w.bring_in(BOB)
    w.complete(HERO)
    w.call(ANN)
    w.call(BOB)
    w.street("4TH")
    w.add(f"Dealt to {ANN} [3d] [7c]", f"Dealt to {BOB} [Kc] [9d]",
          f"Dealt to {HERO} [2h 5s 4h] [3c]")
    w.bet(HERO, s)
    w.call(ANN)
    w.fold(BOB)
    w.street("5TH")
    w.add(f"Dealt to {ANN} [3d 7c] [4s]", f"Dealt to {HERO} [2h 5s 4h 3c] [Js]")
    w.bet(ANN, b)
    w.call(HERO)
    w.street("6TH")
    w.add(f"Dealt to {ANN} [3d 7c 4s] [Kd]", f"Dealt to {HERO} [2h 5s 4h 3c Js] [7h]")
    w.check(HERO)
    w.check(ANN)
    w.street("7TH")
    w.add(f"Dealt to {HERO} [2h 5s 4h 3c Js 7h] [Td]")
    w.check(HERO)
    w.bet(ANN, b)
    w.call(HERO)
    ann, hero = "2c 5d 3d 7c 4s Kd Qh", "2h 5s 4h 3c Js 7h Td"
    rake, half = _split(w)
    w.add("*** SHOW DOWN ***", f"{ANN} shows [{ann}] 7,5,4,3,2", f"{HERO} shows [{hero}] 7,5,4,3,2",
          f"{ANN} ties for the pot ({w.m(half)}) with 7,5,4,3,2",
          f"{HERO} ties for the pot ({w.m(half)}) with 7,5,4,3,2")
    _summary_total(w, rake)
    w.add(f"Seat 1: {ANN} showed [{ann}] and won ({w.m(half)}) with 7,5,4,3,2",
          f"Seat 2: {BOB} folded on 4th St.",
          f"Seat 3: {HERO} showed [{hero}] and won ({w.m(half)}) with 7,5,4,3,2")
    return w.lines


def razz_steal(st: Stakes) -> list[str]:
    """Razz: a completion and a call, a bet on 4th street that takes the pot."""
    w, s = Writer(st), st.small
    w.seats((1, HERO, DEEP * st.big, False), (2, ANN, DEEP * st.big, False),
            (3, BOB, DEEP * st.big, False))
    for name in (HERO, ANN, BOB):
        w.ante(name)
    w.street("3RD")
    w.add(f"Dealt to {HERO} [2s 3s] [6d]", f"Dealt to {ANN} [Qc]", f"Dealt to {BOB} [4d]",
          f"{ANN} is high with [Qc]")
    w.bring_in(ANN)
    w.call(BOB)
    w.complete(HERO)
    w.fold(ANN)
    w.call(BOB)
    w.street("4TH")
    w.add(f"Dealt to {HERO} [2s 3s 6d] [8h]", f"Dealt to {BOB} [4d] [Kh]")
    w.bet(HERO, s)
    w.fold(BOB)
    w.uncalled(HERO, s)
    w.add(f"{HERO} mucks", f"{HERO} wins the pot ({w.m(w.pot)})")
    _summary_total(w, 0)
    w.add(f"Seat 1: {HERO} collected ({w.m(w.pot)}), mucked", f"Seat 2: {ANN} folded on 3rd St.",
          f"Seat 3: {BOB} folded on 4th St.")
    return w.lines


def razz_ante_all_in(st: Stakes) -> list[str]:
    """Heads-up razz: an ante all-in for less than the ante; the excess comes back, both
    hands are turned up at once and dealt out under pot notes, the hands named again."""
    w = Writer(st)
    short = st.ante - 1
    w.seats((1, HERO, 150 * st.big, False), (2, ANN, short, False))
    w.ante(HERO)
    w.ante(ANN, short, all_in=True)
    w.uncalled(HERO, 1)
    w.street("3RD", note=True, players=2, all_in=1)
    w.add(f"Dealt to {HERO} [6c 9c] [8d]", f"Dealt to {ANN} [2c]", f"{HERO} is high with [8d]",
          f"{HERO} shows [6c 9c 8d]", f"{ANN} shows [Kd Ks 2c]")
    hero, ann = ["6c", "9c", "8d"], ["Kd", "Ks", "2c"]
    for label, h, a in (("4TH", "7s", "Qs"), ("5TH", "3s", "Td"), ("6TH", "Jd", "Jh"),
                        ("7TH", "5c", "2s")):
        w.street(label, note=True, players=2, all_in=1)
        w.add(f"Dealt to {HERO} [{' '.join(hero)}] [{h}]",
              f"Dealt to {ANN} [{' '.join(ann)}] [{a}]")
        hero.append(h)
        ann.append(a)
    w.add(f"{HERO} shows 8,7,6,5,3", f"{ANN} shows K,Q,J,T,2",
          f"{HERO} wins the pot ({w.m(w.pot)}) with 8,7,6,5,3")
    _summary_total(w, 0)
    w.add(f"Seat 1: {HERO} showed [{' '.join(hero)}] and won ({w.m(w.pot)}) with 8,7,6,5,3",
          f"Seat 2: {ANN} showed [{' '.join(ann)}] and lost with K,Q,J,T,2")
    return w.lines


def razz_bring_in_all_in(st: Stakes) -> list[str]:
    """Heads-up razz: a sitting-out short stack brings in all-in; the call shows both hands."""
    w = Writer(st)
    short = st.ante + st.bring_in - 1
    w.seats((1, ANN, short, True), (2, HERO, 150 * st.big, False))
    w.ante(ANN)
    w.ante(HERO)
    w.street("3RD")
    w.add(f"Dealt to {ANN} [Kc]", f"Dealt to {HERO} [5d 6s] [2s]", f"{ANN} is high with [Kc]")
    w.bring_in(ANN, st.bring_in - 1, all_in=True)
    w.call(HERO)
    ann, hero = ["As", "7c", "Kc"], ["5d", "6s", "2s"]
    w.add(f"{ANN} shows [{' '.join(ann)}]", f"{HERO} shows [{' '.join(hero)}]")
    for label, a, h in (("4TH", "Js", "Td"), ("5TH", "4s", "Jh"), ("6TH", "7d", "2h"),
                        ("7TH", "Tc", "Qc")):
        w.street(label)
        w.add(f"Dealt to {ANN} [{' '.join(ann)}] [{a}]",
              f"Dealt to {HERO} [{' '.join(hero)}] [{h}]")
        ann.append(a)
        hero.append(h)
    w.add(f"{ANN} shows [{' '.join(ann)}] J,T,7,4,A", f"{HERO} shows [{' '.join(hero)}] J,T,6,5,2",
          f"{HERO} wins the pot ({w.m(w.pot)}) with J,T,6,5,2")
    _summary_total(w, 0)
    w.add(f"Seat 1: {ANN} showed [{' '.join(ann)}] and lost with J,T,7,4,A",
          f"Seat 2: {HERO} showed [{' '.join(hero)}] and won ({w.m(w.pot)}) with J,T,6,5,2")
    return w.lines


def five_card_all_in(st: Stakes) -> list[str]:
    """Five-card stud from ``2ND STREET``: a bet all-in, a raise and a call behind it, a
    fold on the last street; the side pot to the raiser, the main pot to the all-in."""
    w, s, b = Writer(st), st.small, st.big
    w.seats((1, ANN, st.ante + 2 * s, False), (2, BOB, DEEP * b, False),
            (4, HERO, DEEP * b, False))
    for name in (ANN, BOB, HERO):
        w.ante(name)
    w.street("2ND", note=True, players=3)
    w.add(f"Dealt to {ANN} [Ah]", f"Dealt to {BOB} [Kc]", f"Dealt to {HERO} [Jd] [3h]",
          f"{HERO} is low with [3h]")
    w.bring_in(HERO)
    w.complete(ANN)
    w.call(BOB)
    w.call(HERO)
    w.street("3RD", note=True, players=3)
    w.add(f"Dealt to {ANN} [Ah] [7c]", f"Dealt to {BOB} [Kc] [Qs]", f"Dealt to {HERO} [Jd 3h] [Js]")
    w.bet(ANN, s, all_in=True)
    w.raise_to(BOB, 2 * s)
    w.call(HERO)
    main = 3 * (st.ante + 2 * s)
    w.street("4TH", note=True, players=3, all_in=1)
    w.add(f"Dealt to {ANN} [Ah 7c] [9d]", f"Dealt to {BOB} [Kc Qs] [8h]",
          f"Dealt to {HERO} [Jd 3h Js] [Th]")
    w.bet(BOB, b)
    w.call(HERO)
    w.street("5TH", note=True, players=3, all_in=1)
    w.add(f"Dealt to {ANN} [Ah 7c 9d] [2s]", f"Dealt to {BOB} [Kc Qs 8h] [4c]",
          f"Dealt to {HERO} [Jd 3h Js Th] [5d]")
    w.bet(BOB, b)
    w.fold(HERO)
    w.uncalled(BOB, b)
    side = w.pot - main
    w.add("*** SHOW DOWN ***", f"{ANN} shows [As Ah 7c 9d 2s] a pair of Aces", f"{BOB} mucks",
          f"{BOB} wins the side pot ({w.m(side)})",
          f"{ANN} wins the main pot ({w.m(main)}) with a pair of Aces")
    _summary_total(w, 0, f" Main pot {w.m(main)}. Side pot {w.m(side)}.")
    w.add(f"Seat 1: {ANN} showed [As Ah 7c 9d 2s] and won ({w.m(main)}) with a pair of Aces",
          f"Seat 2: {BOB} mucked [Kd Kc Qs 8h 4c] - a pair of Kings",
          f"Seat 4: {HERO} folded on 5th St.")
    return w.lines


# -- headers -----------------------------------------------------------------------------

ET = "- {time} ET - {date}"


@dataclass(frozen=True)
class Header:
    form: str
    text: str
    """The header with ``{id}`` for the hand number."""
    game: str
    """``stud``, ``stud8``, ``razz`` or ``five``."""
    stakes: Stakes


def _cash(form: str, table: str, st: Stakes, game: str, name: str, when: str = "",
          order: str = "old", site: str = "Full Tilt Poker") -> Header:
    when = when or "12:22:17 ET - 2010/06/11"
    middle = (f"{st.head()} - Limit {name}" if order == "old"
              else f"FL {name} - {st.head()}")
    return Header(form, f"{site} Game #{{id}}: Table {table} - {middle} - {when}", game, st)


def _tourney(form: str, tourney: str, table: str, st: Stakes, game: str, name: str,
             when: str = "", order: str = "old") -> Header:
    when = when or "20:05:33 ET - 2010/04/22"
    middle = (f"{st.head()} - Limit {name}" if order == "old"
              else f"FL {name} - {st.head()}")
    return Header(form, f"Full Tilt Poker Game #{{id}}: {tourney}, {table} - {middle} - {when}",
                  game, st)


CASH_3_6 = Stakes(USD, 300, 600, 50, 100, rake=300)
CASH_2_4 = Stakes(USD, 200, 400, 40, 50, rake=200)
CASH_010 = Stakes(USD, 10, 20, 2, 3, rake=6)
CASH_1_2 = Stakes(USD, 100, 200, 10, 25, rake=100)
EURO = Stakes(EUR, 100, 200, 20, 25, rake=100)
POUND = Stakes(GBP, 50, 100, 10, 15, rake=50)
PLAY = Stakes(CHIPS, 100, 200, 20, 30)
T_80 = Stakes(CHIPS, 80, 160, 15, 25)
T_40 = Stakes(CHIPS, 40, 80, 7, 10)
T_50 = Stakes(CHIPS, 50, 100, 10, 15)
T_800 = Stakes(CHIPS, 800, 1600, 150, 250)
T_50K = Stakes(CHIPS, 50_000, 100_000, 10_000, 15_000)
T_2K = Stakes(CHIPS, 2000, 4000, 400, 600)

HEADERS: list[Header] = [
    _cash("header.cash", "Hagan", CASH_3_6, "stud", "Stud Hi"),
    _cash("header.cash", "CR - tay", CASH_2_4, "stud8", "Stud H/L",
          when="9:40:20 ET - 2008/12/09"),
    _cash("header.cash-table-note", "Adornment (6 max, shallow)", CASH_2_4, "stud8", "Stud H/L"),
    _cash("header.cash-table-note", "Deerfly (deep 6)", CASH_1_2, "razz", "Razz"),
    _cash("header.cash-table-note", "Lint (heads up)", CASH_1_2, "stud8", "Stud H/L"),
    _cash("header.cash-dual-time", "Mart", CASH_010, "razz", "Razz",
          when="17:10:10 CCT - 2010/12/07 [04:10:10 ET - 2010/12/07]"),
    _cash("header.cash-dual-time", "Barre", CASH_1_2, "stud", "7 Card Stud",
          when="01:07:17 UTC - 2012/11/10 [20:07:17 ET - 2012/11/09]"),
    _cash("header.cash-2013", "Clackers (6 max)", CASH_010, "razz", "Razz",
          when="10:18:16 ET - 2013/05/08", order="2013"),
    _cash("header.cash-2013", "Vera", CASH_1_2, "stud8", "7 Card Stud Hi/Lo",
          when="08:55:55 ET - 2013/05/08", order="2013"),
    _cash("header.euro", "Lyon", EURO, "stud", "Stud Hi"),
    _cash("header.euro", "Leeds", POUND, "razz", "Razz"),
    _cash("header.play-money", ".COM Play 6118", PLAY, "razz", "Razz",
          when="14:39:50 ET - 2013/05/11"),
    _cash("header.play-money", "Play Chip Anchorage", PLAY, "stud", "Stud Hi"),
    _cash("header.old-site-name", "Cranwood", CASH_2_4, "stud8", "Stud H/L",
          when="10:17:28 ET - 2006/12/29", site="FullTiltPoker"),
    _cash("header.short-date", "Flash", CASH_1_2, "stud", "Stud Hi",
          when="15:13 ET - Wed, July 21, 2010"),
    _tourney("header.sng", "$2 + $0.10 Heads Up Sit & Go (220338000)", "Table 1", T_80,
             "razz", "Razz", when="05:46:00 ET - 2011/02/19"),
    _tourney("header.sng", "$3 + $0.30 KO Sit & Go (214713178)", "Table 1", T_50, "stud8",
             "Stud H/L", when="20:11:00 ET - 2011/01/26"),
    _tourney("header.sng-price", "$200 Heads-Up Sit & Go (243603038)", "Table 1", T_40, "razz",
             "Razz", when="19:53:37 ET - 2012/11/08"),
    _tourney("header.sng-speed", "$10 + $1 Sit & Go (Turbo) (123456789)", "Table 1", T_50,
             "stud", "Stud Hi"),
    _tourney("header.mtt", "Big Game of the Week (251332389)", "Table 1", T_800, "five",
             "5 Card Stud", when="18:30:57 ET - 2013/03/31"),
    _tourney("header.mtt", "$24 + $2 Rebuy (180000001)", "Table 12", T_50, "stud8", "Stud H/L"),
    _tourney("header.mtt", "$20 + $2 HORSE (180000002)", "Table 3", T_50, "razz", "Razz"),
    _tourney("header.freeroll", "Stud Freeroll (190000011)", "Table 4", T_50, "stud", "Stud Hi"),
    _tourney("header.play-money-sng", "250 Play Money Sit & Go (154480242)", "Table 1", T_50,
             "razz", "Razz"),
    _tourney("header.stakes-multiple", "$7,000 KO Guarantee (229436420)", "Table 11", T_50K,
             "stud", "Stud Hi", when="16:06:40 ET - 2011/04/01"),
    _tourney("header.matrix", "$26 Super Turbo Matrix (244669447)", "Match 1", T_50, "stud",
             "Stud Hi", when="09:20:06 EET - 2012/11/23 [02:20:06 ET - 2012/11/23]"),
    _tourney("header.tournament-2013", "$300 Flipout (272237051)", "Table 1", T_2K, "razz",
             "Razz", when="04:46:00 ET - 2014/08/07", order="2013"),
    _tourney("header.tournament-2013", "$5 + $0.50 Stud (255707037)", "Table 17", T_800, "five",
             "5-Card Stud Hi", when="19:12:58 ET - 2013/09/15", order="2013"),
    _tourney("header.tournament-entry", "$20 + $2 Razz (230000001)", "Table 5, Entry #2", T_50,
             "razz", "Razz", when="20:00:00 ET - 2013/01/20"),
]
"""A header of every header form (some twice: other games, zones and names)."""


def _k(st: Stakes) -> str:
    return f"{st.small // 1000}K/{st.big // 1000}K Ante {st.ante}"


# The ``K`` header prints its stakes in thousands.
HEADERS = [h if h.form != "header.stakes-multiple" else
           Header(h.form, h.text.replace(h.stakes.head(), _k(h.stakes)), h.game, h.stakes)
           for h in HEADERS]

Body = Callable[[Stakes], list[str]]
BODIES: dict[str, list[Body]] = {
    "stud": [stud_steal, stud_showdown, lambda st: stud_showdown(st, loser_mucks=True),
             stud_ante_returned, stud_side_pots],
    "stud8": [stud8_split, stud8_no_low, stud8_side_pots, stud8_2006],
    "razz": [razz_tie, razz_steal],
    "five": [five_card_all_in],
}
"""The bodies of each game, for a table of any size."""

HEADS_UP: list[Body] = [razz_ante_all_in, razz_bring_in_all_in]
"""Bodies for two seats (heads-up sit-and-gos)."""

NOISE_LINES: list[str] = [
    "{a}: nice hand", "Stacks987 (Observer):  why would he?", "{a} has 15 seconds left to act",
    "15 seconds left to act", "{b} has requested TIME", "Time has expired", "{a} has timed out",
    "{b} is sitting out", "{b} sits out", "{b} has returned", "Kibitzer stands up",
    "Kibitzer sits down", "Kibitzer adds $152", "{a} has been disconnected",
    "{a} has 90 seconds to reconnect", "{a} has reconnected", "{b} is feeling happy",
    "{a} is feeling angry", "Player9 has registered late for the tournament and will be dealt "
    "in on their big blind", "The blinds are now 15/30", "Duration 40s",
]
"""One line of every chat and traffic form; ``{a}``/``{b}`` are seated players."""


def _with_noise(lines: list[str], index: int, names: list[str]) -> list[str]:
    """``lines`` with two noise lines put among them (different ones for each hand), the
    duration line in the summary as the 2006 client put it."""
    out = list(lines)
    a, b = names[0], names[-1]
    picks = [NOISE_LINES[(2 * index) % len(NOISE_LINES)],
             NOISE_LINES[(2 * index + 1) % len(NOISE_LINES)]]
    for offset, pick in enumerate(picks):
        line = pick.format(a=a, b=b)
        if pick.startswith("Duration"):
            out.insert(out.index("*** SUMMARY ***") + 1, line)
        else:
            out.insert(min(len(out) - 1, 3 + 4 * offset + index % 5), line)
    return out


def _names(lines: list[str]) -> list[str]:
    """The players of a body's seat lines (its first lines)."""
    names = []
    for line in lines:
        if not line.startswith("Seat "):
            break
        names.append(line.split(": ", 1)[1].removesuffix(", is sitting out").rsplit(" (", 1)[0])
    return names


def _hands() -> list[str]:
    texts: list[str] = []
    number = 30_000_000_000
    pending = {game: list(bodies) for game, bodies in BODIES.items()}
    for i, header in enumerate(HEADERS):
        heads_up = "Heads" in header.text or "heads up" in header.text
        if heads_up:
            body = HEADS_UP[i % len(HEADS_UP)] if header.game == "razz" else None
            if body is None:  # a heads-up table of another game: its two-seat body
                body = stud8_2006
        else:
            queue = pending[header.game]
            body = queue.pop(0) if queue else BODIES[header.game][i % len(BODIES[header.game])]
        texts.append(_hand(header, body, number + i, i))
    for game, left in pending.items():  # bodies no header took: under the first of its game
        header = next(h for h in HEADERS if h.game == game and "Heads" not in h.text
                      and "heads up" not in h.text)
        for body in left:
            number += 100
            texts.append(_hand(header, body, number, len(texts)))
    for body in HEADS_UP:
        header = next(h for h in HEADERS if h.game == "razz" and "Heads" in h.text)
        number += 100
        texts.append(_hand(header, body, number, len(texts)))
    # one hand of each noise form, beyond the two a hand carries
    for pick in NOISE_LINES:
        header = HEADERS[0]
        lines = stud_steal(header.stakes)
        lines.insert(7, pick.format(a=ANN, b=HERO))
        number += 100
        texts.append(header.text.format(id=number) + "\n" + "\n".join(lines) + "\n")
    return texts


def _hand(header: Header, body: Body, hand_id: int, index: int) -> str:
    lines = body(header.stakes)
    names = _names(lines) or [HERO]
    return (header.text.format(id=hand_id) + "\n"
            + "\n".join(_with_noise(lines, index, names)) + "\n")


HANDS: list[str] = _hands()
