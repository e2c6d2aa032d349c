"""Absolute and UltimateBet hands written from docs/formats/absolute.md: every catalogued
form, in consistent hands.

Each hand is built by :class:`Hand`, which prints the lines the catalogue lists
(every street repeats each player's whole pocket, hidden cards as ``H``) and keeps
the money: what each player has in on the street (for ``Calls``, ``Raises A to
B`` and the uncalled part), and the check that the collections and the rake make
the pot. The cards are chosen so the rules decide every turn and every pot.
Variants: a 2009 stud hi/lo cash hand with a table line, an UltimateBet heads-up
stud hand without rake, a razz tournament in chips with an all-in ante and two
side pots, and a HORSE hand whose game is on its ``Game Type:`` line.

Nothing here is copied from a real history: names, ids, stacks and cards are made
up.
"""

from __future__ import annotations

from collections.abc import Callable


def dollars(units: int) -> str:
    whole, cents = divmod(units, 100)
    return f"${whole:,}" if cents == 0 else f"${whole:,}.{cents:02d}"


def chips(units: int) -> str:
    return str(units)


class Hand:
    """One Absolute hand being written."""

    def __init__(self, head: list[str], seats: dict[str, tuple[int, int]],
                 money: Callable[[int], str], hero: str) -> None:
        self.lines = list(head)
        self.money = money
        self.hero = hero
        self.put = dict.fromkeys(seats, 0)
        self.street: dict[str, int] = {}
        self.pocket: dict[str, list[str]] = {name: [] for name in seats}
        self.collected = 0
        for name, (seat, stack) in seats.items():
            self.lines.append(f"Seat {seat} - {name} ({money(stack)} in chips)")

    def raw(self, *lines: str) -> Hand:
        self.lines.extend(lines)
        return self

    def say(self, who: str, text: str) -> Hand:
        return self.raw(f"{who} - {text}")

    def ante(self, who: str, amount: int, all_in: bool = False) -> Hand:
        self.put[who] += amount
        return self.say(who, f"{'All-In' if all_in else 'Ante'} {self.money(amount)}")

    def deal(self, header: str, cards: dict[str, str], down: bool = False,
             repeat: tuple[str, ...] = ()) -> Hand:
        """A street: its header, then each listed player's whole pocket so far (a down
        card hidden as ``H`` but for the hero); ``repeat`` players' pockets unchanged."""
        self.street = {}
        self.raw(f"*** {header} ***")
        for who in self.pocket:
            if who in cards:
                new = cards[who].split()
                if header.upper() == "3RD STREET":  # two down cards and the door card
                    hidden = ["H", "H", new[2]]
                else:
                    hidden = ["H"] * len(new) if down else new
                self.pocket[who] += new if who == self.hero else hidden
            elif who not in repeat:
                continue
            self.say(who, f"Pocket [{' '.join(self.pocket[who])}]")
        return self

    def chips_in(self, who: str, verb: str, amount: int) -> Hand:
        self.put[who] += amount
        self.street[who] = self.street.get(who, 0) + amount
        return self.say(who, f"{verb} {self.money(amount)}")

    def call(self, who: str) -> Hand:
        return self.chips_in(who, "Calls", max(self.street.values()) - self.street.get(who, 0))

    def raise_to(self, who: str, to: int, verb: str = "Raises", with_to: bool = True) -> Hand:
        added = to - self.street.get(who, 0)
        self.put[who] += added
        self.street[who] = to
        tail = f" to {self.money(to)}" if with_to else ""
        return self.say(who, f"{verb} {self.money(added)}{tail}")

    def uncalled(self, who: str) -> Hand:
        others = max((v for k, v in self.street.items() if k != who), default=0)
        back = self.street[who] - others
        self.street[who] -= back
        self.put[who] -= back
        return self.say(who, f"returned ({self.money(back)}) : not called")

    def collect(self, who: str, amount: int, pot: str = "main pot") -> Hand:
        self.collected += amount
        return self.raw(f"{who} Collects {self.money(amount)} from {pot}")

    @property
    def pot(self) -> int:
        return sum(self.put.values())

    def summary(self, seat_lines: list[str], rake: int | None) -> str:
        assert self.collected + (rake or 0) == self.pot, (self.lines[0], self.collected, self.pot)
        pot = f"Total Pot({self.money(self.pot)})"
        self.raw("*** SUMMARY ***", pot if rake is None else f"{pot} | Rake ({self.money(rake)})",
                 *seat_lines)
        return "\n".join(self.lines) + "\n"


def _stud8_cash() -> str:
    """2009 stud hi/lo with a table line: the completion as 'Raises A to B', a raise
    without its total, timeouts, the high and the low half collected apart."""
    h = Hand(["Stage #1300000101: Seven Card Hi/Lo  Normal $0.02/$0.04 - 2009-03-18 19:10:00 "
              "(ET)", "Table: TORONTO AVE (Real Money)"],
             {"Ann": (1, 200), "Hero": (2, 100), "Bob": (4, 300)}, dollars, "Hero")
    for who in ("Ann", "Bob", "Hero"):
        h.ante(who, 1)
    h.deal("3rd STREET", {"Ann": "6d Ad 2s", "Hero": "4d Qd Kc", "Bob": "7s As 4c"})
    h.chips_in("Ann", "Bring-In", 1).say("Hero", "Folds (Timeout)").raw("Hero - sitout")
    h.raise_to("Bob", 2).call("Ann")
    h.deal("4TH STREET", {"Ann": "3s", "Bob": "5c"}, repeat=("Hero",))
    h.chips_in("Bob", "Bets", 2).raise_to("Ann", 4).call("Bob")
    h.deal("5TH STREET", {"Ann": "7h", "Bob": "Qh"}, repeat=("Hero",))
    h.say("Bob", "Checks (Timeout)").chips_in("Ann", "Bets", 4)
    h.raise_to("Bob", 8, with_to=False).call("Ann")
    h.deal("6TH STREET", {"Ann": "4h", "Bob": "9h"}, repeat=("Hero",))
    h.say("Bob", "Checks").say("Ann", "Checks")
    h.deal("RIVER", {"Ann": "Jh", "Bob": "Qs"}, down=True, repeat=("Hero",))
    h.chips_in("Bob", "Bets", 4).call("Ann")
    h.raw("*** SHOW DOWN ***")
    h.say("Bob", "Shows [7s As 4c 5c Qh 9h Qs] (One pair, queens)")
    h.say("Ann", "Shows [6d Ad 2s 3s 7h 4h Jh] (High card, ace)")
    rake = 3
    half = (h.pot - rake) // 2
    high = h.pot - rake - half
    h.collect("Bob", high).collect("Ann", half)
    return h.summary([
        f"Seat 1: Ann won Total ({dollars(half)}) HI:with High card, ace [6d Ad 2s 3s 7h 4h Jh"
        f" - P:Ad,B:Jh,B:7h,P:6d,B:4h] LO:({dollars(half)}) [P:Ad,B:2s,B:3s,B:4h,P:6d]",
        "Seat 2: Hero Folded on the 3rd STREET",
        f"Seat 4: Bob won Total ({dollars(high)}) HI:({dollars(high)}) with One pair, queens "
        "[7s As 4c 5c Qh 9h Qs - B:Qs,B:Qh,P:As,B:9h,P:7s]",
    ], rake)


def _ultimatebet_heads_up() -> str:
    """UltimateBet, heads-up stud with the ante in the header: the completion as 'Bets', an
    all-in raise, a muck, a pot line without its rake."""
    h = Hand(["Stage #C241220001: 7 Card Stud (1 on 1)  Normal $1/$2, $0.10 ante - 2010-11-06 "
              "15:00:00 (ET)"], {"Hero": (1, 2000), "Villain": (2, 310)}, dollars, "Hero")
    h.ante("Hero", 10).ante("Villain", 10)
    h.deal("3rd STREET", {"Hero": "As Ah Kd", "Villain": "Qc Qd 2s"})
    h.chips_in("Villain", "Bring-In", 50).chips_in("Hero", "Bets", 100).call("Villain")
    h.deal("4TH STREET", {"Hero": "Kh", "Villain": "Qs"})
    h.chips_in("Hero", "Bets", 100).raise_to("Villain", 200, "All-In(Raise)").call("Hero")
    h.deal("5TH STREET", {"Hero": "8d", "Villain": "5d"})
    h.deal("6TH STREET", {"Hero": "8c", "Villain": "6d"})
    h.deal("RIVER", {"Hero": "Ac", "Villain": "Th"}, down=True)
    h.raw("*** SHOW DOWN ***")
    h.say("Hero", "Shows [As Ah Kd Kh 8d 8c Ac] (Full House, aces full of kings)")
    h.say("Villain", "Mucks").collect("Hero", h.pot)
    return h.summary([
        f"Seat 1: Hero won Total ({dollars(h.pot)}) HI:({dollars(h.pot)}) with Full House, aces "
        "full of kings [As Ah Kd Kh 8d 8c Ac - P:As,P:Ah,B:Ac,P:Kd,B:Kh]",
        "Seat 2: Villain HI: [Mucked] [Qc Qd 2s Qs 5d 6d Th]",
    ], None)


def _razz_tournament() -> str:
    """A razz tournament in chips: an ante that puts a player all in, an all-in raise,
    two side pots collected by words no source records, an uncalled bet."""
    h = Hand(["Stage #1400000001: Tourney ID 5001234 Razz Multi Normal Tournament Normal "
              "100/200, 20 ante - 2009-05-01 20:00:00 (ET)"],
             {"Tiny": (1, 15), "Hero": (2, 2000), "Mid": (3, 220), "Big": (5, 3000)}, chips,
             "Hero")
    h.ante("Tiny", 15, all_in=True)
    for who in ("Hero", "Mid", "Big"):
        h.ante(who, 20)
    h.deal("3rd STREET", {"Tiny": "Kc Kd 2c", "Hero": "As 2d 3h", "Mid": "9c Tc Jd",
                          "Big": "4s 5s Qh"})
    h.chips_in("Big", "Bring-In", 50).raise_to("Hero", 100).chips_in("Mid", "All-In", 200)
    h.call("Big").call("Hero")
    h.deal("4TH STREET", {"Tiny": "6h", "Hero": "4c", "Mid": "8h", "Big": "9d"})
    h.chips_in("Hero", "Bets", 100).call("Big")
    h.deal("5TH STREET", {"Tiny": "7c", "Hero": "5d", "Mid": "Qs", "Big": "Kh"})
    h.chips_in("Hero", "Bets", 200).say("Big", "Folds").uncalled("Hero")
    h.deal("6TH STREET", {"Tiny": "8d", "Hero": "6c", "Mid": "Ts"}, repeat=("Big",))
    h.deal("RIVER", {"Tiny": "Js", "Hero": "9s", "Mid": "3c"}, down=True, repeat=("Big",))
    h.raw("*** SHOW DOWN ***")
    h.say("Tiny", "Shows [Kc Kd 2c 6h 7c 8d Js] (Low: J,8,7,6,2)")
    h.say("Hero", "Shows [As 2d 3h 4c 5d 6c 9s] (Low: 5,4,3,2,A)")
    h.say("Mid", "Shows [9c Tc Jd 8h Qs Ts 3c] (Low: J,10,9,8,3)")
    h.collect("Hero", 60).collect("Hero", 615, "side pot-1").collect("Hero", 200, "side pot-2")
    return h.summary([
        "Seat 1: Tiny HI:lost with Low: J,8,7,6,2 [Kc Kd 2c 6h 7c 8d Js - B:2c,B:6h,B:7c,B:8d,"
        "P:Js]",
        f"Seat 2: Hero won Total ({h.pot}) HI:({h.pot}) with Low: 5,4,3,2,A [As 2d 3h 4c 5d 6c "
        "9s - P:As,P:2d,B:3h,B:4c,B:5d]",
        "Seat 3: Mid HI:lost with Low: J,10,9,8,3 [9c Tc Jd 8h Qs Ts 3c - B:8h,P:9c,P:Tc,P:Jd,"
        "P:3c]",
        "Seat 5: Big Folded on the 5TH STREET",
    ], 0)


def _horse() -> str:
    """A HORSE hand: its game on the 'Game Type:' line; every player folds to the bring-in,
    which comes back, and the winner does not show."""
    h = Hand(["Stage #1500000001: HORSE  Normal $2/$4, $0.20 ante - 2009-06-01 21:00:00 (ET)",
              "Game Type: Limit 7 Card Stud", "Table: JAPAN HWY (Real Money)"],
             {"Ann": (1, 5000), "Hero": (3, 4000), "Bob": (6, 6000)}, dollars, "Hero")
    for who in ("Ann", "Hero", "Bob"):
        h.ante(who, 20)
    h.deal("3RD STREET", {"Ann": "9h Tc 2c", "Hero": "As Ah Kd", "Bob": "Qc Qd Qs"})
    h.chips_in("Ann", "Bring-In", 100).say("Hero", "Folds").say("Bob", "Folds")
    h.uncalled("Ann").raw("*** SHOW DOWN ***").say("Ann", "Does not show")
    h.collect("Ann", h.pot)
    return h.summary([
        f"Seat 1: Ann collected Total ({dollars(h.pot)}) HI:({dollars(h.pot)})  [Does not show]",
        "Seat 3: Hero Folded on the 3rd STREET",
        "Seat 6: Bob Folded on the 3rd STREET",
    ], 0)


HANDS: list[str] = [_stud8_cash(), _ultimatebet_heads_up(), _razz_tournament(), _horse()]
"""Complete Absolute and UltimateBet hand texts, together using every form of
docs/formats/absolute.md."""
