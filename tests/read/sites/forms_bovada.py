"""Bovada hands written from docs/formats/bovada.md: every catalogued form, in consistent hands.

Each hand is built by :class:`Hand`, which prints the lines the catalogue lists
and keeps the money: what each player has in on the street (for ``Calls``,
``Raises A to B`` and the uncalled part), the pot, and the check that the
collections and the rake add up to it. The cards are chosen so the rules decide
every turn (the lowest door card brings in; the best board acts first) and every
pot (the winners' hands are clear). The header variants are the catalogue's:
Bodog 2012 without street headers, Bovada 2012-2014 with them, a Bodog.eu and an
Ignition header, and two 2012 multi-table tournaments (chips, ``Level N (0/0)``).

Nothing here is copied from a real history: names are seats, and the ids, stacks
and cards are made up.
"""

from __future__ import annotations

from collections.abc import Callable


def dollars(units: int) -> str:
    """``$0.25``, ``$5``, ``$1,500.25`` (Bovada prints no cents on whole dollars)."""
    whole, cents = divmod(units, 100)
    return f"${whole:,}" if cents == 0 else f"${whole:,}.{cents:02d}"


def chips(units: int) -> str:
    """A tournament amount on an action line: ``1054``."""
    return str(units)


def stack_chips(units: int) -> str:
    """A tournament stack on a seat line: ``1,500``."""
    return f"{units:,}"


class Hand:
    """One Bovada hand being written: lines, and the money each player puts in."""

    def __init__(self, header: str, seats: dict[str, int], money: Callable[[int], str],
                 stack_money: Callable[[int], str] | None = None) -> None:
        self.lines = [header]
        self.money = money
        self.put: dict[str, int] = dict.fromkeys(seats, 0)
        self.street: dict[str, int] = {}
        self.returned = 0
        self.collected = 0
        shown = stack_money or money
        for name, stack in seats.items():
            self.lines.append(f"{name}: {shown(stack)} in chips")

    # -- money -----------------------------------------------------------------------
    def _add(self, who: str, amount: int) -> None:
        self.put[who] += amount
        self.street[who] = self.street.get(who, 0) + amount

    @property
    def bet(self) -> int:
        return max(self.street.values(), default=0)

    def say(self, who: str, text: str) -> Hand:
        self.lines.append(f"{who} : {text}")
        return self

    def raw(self, *lines: str) -> Hand:
        self.lines.extend(lines)
        return self

    def ante(self, who: str, amount: int, all_in: bool = False) -> Hand:
        self.put[who] += amount
        return self.say(who, f"{'All-in' if all_in else 'Ante chip'} {self.money(amount)}")

    def new_street(self, header: str | None = None) -> Hand:
        self.street = {}
        if header:
            self.lines.append(f"*** {header} ***")
        return self

    def deal(self, who: str, cards: str) -> Hand:
        return self.say(who, f"Card dealt to a spot [{cards}]")

    def chips_in(self, who: str, verb: str, amount: int) -> Hand:
        """``verb`` and the chips ``who`` adds: a bring-in, bet, double bet or call."""
        self._add(who, amount)
        return self.say(who, f"{verb} {self.money(amount)}")

    def call(self, who: str, verb: str = "Calls") -> Hand:
        return self.chips_in(who, verb, self.bet - self.street.get(who, 0))

    def raise_to(self, who: str, to: int, style: str = "to") -> Hand:
        """``Raises A to B`` (``to``), ``Raises B`` (``total``), or an all-in raise reaching
        ``to``: ``All-in(raise) B`` (``all-in``), ``All-in(raise-timeout) B``
        (``all-in-timeout``), ``All-in(raise) A to B`` (``all-in-to``)."""
        added = to - self.street.get(who, 0)
        self._add(who, added)
        text = {"to": f"Raises {self.money(added)} to {self.money(to)}",
                "total": f"Raises {self.money(to)}",
                "all-in": f"All-in(raise) {self.money(to)}",
                "all-in-timeout": f"All-in(raise-timeout) {self.money(to)}",
                "all-in-to": f"All-in(raise) {self.money(added)} to {self.money(to)}"}[style]
        return self.say(who, text)

    def uncalled(self, who: str) -> Hand:
        others = max((v for k, v in self.street.items() if k != who), default=0)
        back = self.street[who] - others
        self.street[who] -= back
        self.put[who] -= back
        self.returned += back
        return self.say(who, f"Return uncalled portion of bet {self.money(back)}")

    def collect(self, who: str, amount: int, word: str = "Hand result") -> Hand:
        self.collected += amount
        return self.say(who, f"{word} {self.money(amount)}")

    @property
    def pot(self) -> int:
        return sum(self.put.values())

    def summary(self, seat_lines: list[str], rake: int | None) -> str:
        """The summary; the collections and the rake must make the pot."""
        keep = rake or 0
        assert self.collected + keep == self.pot, (self.lines[0], self.collected, keep, self.pot)
        pot = f"Total Pot({self.money(self.pot)})"
        self.lines += ["*** SUMMARY ***",
                       pot if rake is None else f"{pot} | Rake ({self.money(rake)})",
                       *seat_lines]
        return "\n".join(self.lines) + "\n"


def _a_stud_hand(header: str) -> str:
    """2014 cash, street headers: completion and raises as 'Raises A to B', a showdown with
    a muck, the summary's winner, folder and mucker; table traffic."""
    h = Hand(header, {"Seat+1": 2000, "Seat+3 [ME]": 2500, "Seat+5": 3000}, dollars)
    h.raw("Seat+5 : Table enter user", "Seat+1 : Seat sit down")
    for who in ("Seat+1", "Seat+3 [ME]", "Seat+5"):
        h.ante(who, 10)
    h.new_street("3RD STREET")
    h.deal("Seat+1", "9h Tc 2c").deal("Seat+3 [ME]", "As Ah Kd").deal("Seat+5", "Qc Qd Qs")
    h.chips_in("Seat+1", "Bring_in chip", 25)
    h.raise_to("Seat+3 [ME]", 100).raise_to("Seat+5", 200)
    h.say("Seat+1", "Folds").call("Seat+3 [ME]")
    h.new_street("4TH STREET").deal("Seat+3 [ME]", "Kh").deal("Seat+5", "7c")
    h.chips_in("Seat+3 [ME]", "Bets", 100).raise_to("Seat+5", 200).call("Seat+3 [ME]")
    h.raw("Seat+1 : Table deposit $1.70")
    h.new_street("5TH STREET").deal("Seat+3 [ME]", "8d").deal("Seat+5", "5d")
    h.say("Seat+3 [ME]", "Checks").chips_in("Seat+5", "Bets", 200)
    h.raise_to("Seat+3 [ME]", 400).call("Seat+5")
    h.new_street("6TH STREET").deal("Seat+3 [ME]", "8c").deal("Seat+5", "6d")
    h.chips_in("Seat+3 [ME]", "Bets", 200).call("Seat+5")
    h.new_street("RIVER").deal("Seat+3 [ME]", "Ac").deal("Seat+5", "Th")
    h.chips_in("Seat+3 [ME]", "Bets", 200).call("Seat+5")
    h.say("Seat+3 [ME]", "Showdown [As Ah Ac Kd Kh] (Full House)")
    h.say("Seat+5", "Mucks [Qc Qd Qs 7c 5d 6d Th] (Three of a kind)")
    rake = 50
    won = h.pot - rake
    h.collect("Seat+3 [ME]", won)
    h.raw("Seat+5 : Table leave user")
    return h.summary([
        "Seat+1:  Folded on the 3rd STREET",
        f"Seat+3:  {dollars(won)}  with Full House [As Ah Kd Kh 8d 8c Ac-As Ah Ac Kd Kh]",
        "Seat+5:   [Mucked] [Qc Qd Qs 7c 5d 6d Th ]",
    ], rake)


def _a_bodog_hand() -> str:
    """2012 cash, no street header after the hole cards: 'D bets', 'Raises $B', a timed-out
    fold, the uncalled bet and a winner who does not show."""
    h = Hand("Bodog Hand #2604290001 TBL#1178621 7CARD Fixed Limit - 2012-05-07 03:40:07",
             {"Seat+1": 57, "Seat+3 [ME]": 150, "Seat+5": 151}, dollars)
    for who in ("Seat+1", "Seat+5", "Seat+3 [ME]"):
        h.ante(who, 1)
    h.raw("Seat+1 : Seat stand", "Seat+1 : Seat re-join")
    h.new_street("HOLE CARDS")
    h.deal("Seat+1", "9h Tc 2c").deal("Seat+3 [ME]", "As Ah Kd").deal("Seat+5", "Qc Qd Qs")
    h.chips_in("Seat+1", "Bring_in chip", 2).call("Seat+3 [ME]").call("Seat+5")
    h.new_street().deal("Seat+1", "3d").deal("Seat+3 [ME]", "Kh").deal("Seat+5", "7c")
    h.chips_in("Seat+3 [ME]", "D bets", 10).raise_to("Seat+5", 20, "total")
    h.say("Seat+1", "Folds").call("Seat+3 [ME]")
    h.new_street().deal("Seat+3 [ME]", "8d").deal("Seat+5", "5d")
    h.chips_in("Seat+3 [ME]", "Bets", 10).raise_to("Seat+5", 20, "total")
    h.raise_to("Seat+3 [ME]", 30, "total").call("Seat+5")
    h.raw("Table deposit $0.26")
    h.new_street().deal("Seat+3 [ME]", "8c").deal("Seat+5", "6d")
    h.say("Seat+3 [ME]", "Checks").say("Seat+5", "Checks")
    h.new_street().deal("Seat+3 [ME]", "Ac").deal("Seat+5", "Th")
    h.chips_in("Seat+3 [ME]", "Bets", 10).say("Seat+5", "Folds(timeout)")
    h.uncalled("Seat+3 [ME]")
    h.say("Seat+3 [ME]", "Does not show [As Ah Kd Kh 8d 8c Ac] (Full House)")
    rake = 2
    won = h.pot - rake
    h.collect("Seat+3 [ME]", won)
    h.raw("Seat+5 : Seat sit out", "Seat+5 : Sitout(Auto)", "Seat+5 : Leave(Auto)")
    return h.summary([
        "Seat 1:  Folded on the 4TH STREET",
        f"Seat 3:  {dollars(won)} [Does not show]",
        "Seat 5:  Folded on the RIVER",
    ], rake)


def _a_tournament_side_pot() -> str:
    """A 2012 tournament: 'Big blind/Bring in', 'Call', 'Raises N', two players all in on
    4th street, a side pot and the main pot collected apart, rankings."""
    h = Hand("Bovada Hand #2633110001: 7CARD Tournament #1378659 TBL#1, Fixed Limit- Level 8 "
             "(0/0) - 2012-06-17 23:02:57",
             {"Seat+1": 1587, "Seat+2": 485, "Seat+4 [ME]": 1289, "Seat+5": 840}, chips,
             stack_chips)
    h.raw("Seat+4 [ME] : Enter(Auto)", "Enter(Auto)")
    for who in ("Seat+1", "Seat+2", "Seat+4 [ME]", "Seat+5"):
        h.ante(who, 40)
    h.new_street("HOLE CARDS")
    h.deal("Seat+1", "3c 4c 2s").deal("Seat+2", "8d 2c 9d").deal("Seat+4 [ME]", "Js Jc 9h")
    h.deal("Seat+5", "Jd Th Ts")
    h.chips_in("Seat+1", "Big blind/Bring in", 100).call("Seat+2", "Call")
    h.raise_to("Seat+4 [ME]", 200, "total").call("Seat+5", "Call")
    h.say("Seat+1", "Folds").call("Seat+2", "Call")
    h.new_street().deal("Seat+2", "Qd").deal("Seat+4 [ME]", "Kc").deal("Seat+5", "6s")
    h.chips_in("Seat+4 [ME]", "Bets", 200).raise_to("Seat+5", 400, "total")
    h.chips_in("Seat+2", "All-in", 245).raise_to("Seat+4 [ME]", 600, "total")
    h.chips_in("Seat+5", "All-in", 200)
    for cards in (("Qc", "Ks", "2h"), ("Qs", "2d", "7d"), ("6c", "Kh", "Tc")):
        h.new_street()
        for who, card in zip(("Seat+2", "Seat+4 [ME]", "Seat+5"), cards, strict=True):
            h.deal(who, card)
    h.say("Seat+2", "Showdown [Qs Qd Qc 9d 8d] (Three of a kind)")
    h.say("Seat+4 [ME]", "Showdown [Ks Kh Kc Js Jc] (Full House)")
    h.say("Seat+5", "Showdown [Ts Th Tc Jd 7d] (Three of a kind)")
    h.collect("Seat+4 [ME]", 710, "Hand Result-Side Pot").collect("Seat+4 [ME]", 1595,
                                                                 "Hand Result")
    h.raw("Seat+2 : Ranking 15", "Seat+5 : Ranking 14", "Seat+2 : Stand", "Seat+5 : Stand")
    return h.summary([
        "Seat 1:  Folded on the 3rd STREET",
        "Seat 2:   lose with Three of a kind [8d 2c 9d Qd Qc Qs 6c-Qs Qd Qc 9d 8d]",
        "Seat 4:  2305  with Full House [Js Jc 9h Kc Ks 2d Kh-Ks Kh Kc Js Jc]",
        "Seat 5:   lose with Three of a kind [Jd Th Ts 6s 2h 7d Tc-Ts Th Tc Jd 7d]",
    ], None)


def _a_hilo_split() -> str:
    """Stud hi/lo, 2012-09: the high and the low half, the summary's 'HI' and 'LO' lines."""
    h = Hand("Bovada Hand #2633952001 TBL#2027664 7CARD HiLo Fixed Limit - 2012-09-19 13:11:08",
             {"Seat+1": 503, "Seat+2 [ME]": 653, "Seat+4": 1216}, dollars)
    for who in ("Seat+1", "Seat+2 [ME]", "Seat+4"):
        h.ante(who, 5)
    h.new_street("3RD STREET")
    h.deal("Seat+1", "6d Ad 2s").deal("Seat+2 [ME]", "4d Qd Kc").deal("Seat+4", "7s As 4c")
    h.chips_in("Seat+1", "Bring_in chip", 10).say("Seat+2 [ME]", "Folds")
    h.raise_to("Seat+4", 25).call("Seat+1")
    h.new_street("4TH STREET").deal("Seat+1", "3s").deal("Seat+4", "5c")
    h.chips_in("Seat+4", "Bets", 25).call("Seat+1")
    h.new_street("5TH STREET").deal("Seat+1", "7h").deal("Seat+4", "Qh")
    h.say("Seat+4", "Checks").chips_in("Seat+1", "Bets", 50).call("Seat+4")
    h.new_street("6TH STREET").deal("Seat+1", "4h").deal("Seat+4", "9h")
    h.say("Seat+4", "Checks").say("Seat+1", "Checks")
    h.new_street("RIVER").deal("Seat+1", "Jh").deal("Seat+4", "Qs")
    h.chips_in("Seat+4", "Bets", 50).call("Seat+1")
    h.say("Seat+4", "Showdown [Qs Qh As 9h 7s] (One pair)")
    h.say("Seat+1", "Showdown [Ad Jh 7h 6d 4h Ad 2s 3s 4h 6d] (High Card)")
    rake = 20
    net = h.pot - rake
    low = net // 2
    high = net - low  # the odd chip goes to the high half
    h.collect("Seat+1", low).collect("Seat+4", high)
    return h.summary([
        f"Seat+1:   with High Card [6d Ad 2s 3s 7h 4h Jh-Ad Jh 7h 6d 4h] LO {dollars(low)} "
        "[6d Ad 2s 3s 7h 4h Jh-Ad 2s 3s 4h 6d]",
        "Seat+2:  Folded on the 3rd STREET",
        f"Seat+4:  HI {dollars(high)}  with One pair [7s As 4c 5c Qh 9h Qs-Qs Qh As 9h 7s]",
    ], rake)


def _a_tournament_all_ins() -> str:
    """A tournament hand: an ante that puts a player all in, a timed-out bring-in, a short
    all-in completion, a double bet called all in, two side pots (the collections then name
    no pot the reader can tell apart), a prize and a bounty."""
    h = Hand("Bovada Hand #2633110002: 7CARD Tournament #M-20120617003411 TBL#3, Fixed "
             "Limit- Level 4 (0/0) - 2012-06-17 22:41:18",
             {"Seat+1": 8, "Seat+2": 170, "Seat+3": 50, "Seat+6 [ME]": 1000}, chips,
             stack_chips)
    h.ante("Seat+1", 8, all_in=True)
    for who in ("Seat+2", "Seat+3", "Seat+6 [ME]"):
        h.ante(who, 12)
    h.new_street("HOLE CARDS")
    h.deal("Seat+1", "Kc Kd As").deal("Seat+2", "Tc 8s 3h").deal("Seat+3", "Jh Jd 6c")
    h.deal("Seat+6 [ME]", "Ad Ac 7d")
    h.chips_in("Seat+2", "Big blind/Bring in(timeout)", 30)
    h.raise_to("Seat+3", 38, "all-in-timeout").call("Seat+6 [ME]", "Call")
    h.call("Seat+2", "Call")
    h.new_street()
    for who, card in (("Seat+1", "5h"), ("Seat+2", "4d"), ("Seat+3", "6h"),
                      ("Seat+6 [ME]", "7s")):
        h.deal(who, card)
    h.chips_in("Seat+6 [ME]", "Double bets", 120).chips_in("Seat+2", "All-in(timeout)", 120)
    for cards in (("9c", "Td", "8c", "Qs"), ("Js", "3c", "Qc", "9h"), ("2d", "7h", "Ah", "2h")):
        h.new_street()
        for who, card in zip(("Seat+1", "Seat+2", "Seat+3", "Seat+6 [ME]"), cards, strict=True):
            h.deal(who, card)
    h.say("Seat+1", "Showdown [Kc Kd As Js 9c] (One pair)")
    h.say("Seat+2", "Showdown [Tc Td 3h 3c 8s] (Two pair)")
    h.say("Seat+3", "Showdown [Jh Jd 6c 6h Ah] (Two pair)")
    h.say("Seat+6 [ME]", "Showdown [Ad Ac 7d 7s Qs] (Two pair)")
    h.collect("Seat+6 [ME]", 240, "Hand result-Side pot")
    h.collect("Seat+6 [ME]", 126, "Hand result-Side pot").collect("Seat+6 [ME]", 32)
    h.raw("Seat+1 : Ranking 4", "Seat+3 : Ranking 3", "Seat+2 : Ranking 2",
          "Seat+2 : Prize Cash [$27]", "Seat+6 [ME] : BOUNTY PRIZE [$5]",
          "Seat+6 [ME] : Rebuyin 1,500", "Seat+6 [ME] : Addon 3,000")
    return h.summary([
        "Seat 1:   lose with One pair [Kc Kd As 5h 9c Js 2d-Kc Kd As Js 9c]",
        "Seat 2:   lose with Two pair [Tc 8s 3h 4d Td 3c 7h-Tc Td 3h 3c 8s]",
        "Seat 3:   lose with Two pair [Jh Jd 6c 6h 8c Qc Ah-Jh Jd 6c 6h Ah]",
        "Seat 6:  398  with Two pair [Ad Ac 7d 7s Qs 9h 2h-Ad Ac 7d 7s Qs]",
    ], None)


def _a_walk() -> str:
    """Every player folds to the bring-in: no bet shows the stakes (read as 0)."""
    h = Hand("Bodog.eu Hand #2633000003: TBL#2027665 7CARD HiLo Fixed Limit - "
             "2012-09-19 13:12:08", {"Seat+1": 503, "Seat+2": 653, "Seat+4 [ME]": 1216},
             dollars)
    for who in ("Seat+1", "Seat+2", "Seat+4 [ME]"):
        h.ante(who, 5)
    h.new_street("HOLE CARDS")
    h.deal("Seat+1", "6d Ad 2s").deal("Seat+2", "4d Qd Kc").deal("Seat+4 [ME]", "7s As 4c")
    h.chips_in("Seat+1", "Bring in", 10).say("Seat+2", "Fold(Blind Disconnected)")
    h.say("Seat+4 [ME]", "Folds")
    h.uncalled("Seat+1").say("Seat+1", "Does not show [6d Ad 2s] (High Card)")
    h.collect("Seat+1", h.pot)
    h.raw("Seat+2 : Sit out", "Seat+2 : Re-join")
    return h.summary([
        f"Seat+1:  {dollars(15)} [Does not show]",
        "Seat+2:  Folded on the 3rd STREET",
        "Seat+4:  Folded on the 3rd STREET",
    ], 0)


def _an_ignition_hand() -> str:
    """An Ignition stud hi/lo header with its UTC time; a fold that shows its cards."""
    h = Hand("Ignition Hand #3300000001 TBL#9000001 7CARD_HL Fixed Limit - "
             "2016-09-01 10:00:00 UTC", {"Seat+1": 1000, "Seat+2 [ME]": 1000, "Seat+4": 1000},
             dollars)
    for who in ("Seat+1", "Seat+2 [ME]", "Seat+4"):
        h.ante(who, 5)
    h.new_street("3RD STREET")
    h.deal("Seat+1", "6d Ad 2s").deal("Seat+2 [ME]", "4d Qd Kc").deal("Seat+4", "7s As 4c")
    h.chips_in("Seat+1", "Bring_in chip", 10).raise_to("Seat+2 [ME]", 25)
    h.say("Seat+4", "Folds & shows [7s As 4c]").say("Seat+1", "Folds")
    h.uncalled("Seat+2 [ME]").say("Seat+2 [ME]", "Does not show [4d Qd Kc] (High Card)")
    h.collect("Seat+2 [ME]", h.pot)
    h.raw("Seat+4 : Leave(Auto)")
    return h.summary([
        "Seat+1:  Folded on the 3rd STREET",
        f"Seat+2:  {dollars(h.pot)} [Does not show]",
        "Seat+4:  Folded on the 3rd STREET",
    ], 0)


HANDS: list[str] = [
    _a_stud_hand("Bovada Hand #2844000001 TBL#7794710 7CARD Fixed Limit - 2014-04-06 19:50:19"),
    _a_stud_hand("Bodog UK Hand #2844000002: TBL#7794711 7CARD Fixed Limit - "
                 "2014-04-06 19:52:19"),
    _a_bodog_hand(),
    _a_tournament_side_pot(),
    _a_hilo_split(),
    _a_tournament_all_ins(),
    _a_walk(),
    _an_ignition_hand(),
]
"""Complete Bovada hand texts, together using every form of docs/formats/bovada.md."""
