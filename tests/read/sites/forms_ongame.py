"""OnGame hands written from docs/formats/ongame.md: every catalogued form, in consistent hands.

Each hand is built by :class:`Hand`, which prints the lines the catalogue lists
and keeps the money: what each player has in on the street and in the hand (for
``raises $A to $B`` in both of its readings), what a bet nobody called gives back
(OnGame prints no line for it), each pot's winners, and each seat's final stack
and net in the summary. The cards are chosen so the rules decide every turn (the
bring-in by the door cards, the best board first; razz the other way round) and
every pot. Variants: 2010 and 2012 cash tables, dollars, euros and amounts
without a sign, a speed table, play money, a stud hi/lo split, razz, and a
tournament in chips with an all-in and a side pot.

Nothing here is copied from a real history: the names, ids, stacks and cards are
made up.
"""

from __future__ import annotations

from collections.abc import Callable


def money(sign: str) -> Callable[[int], str]:
    """Amounts as OnGame prints them: ``$0.25``, ``$2``, ``$1,500``, ``€0.05``, ``0.50``."""

    def show(units: int) -> str:
        whole, cents = divmod(abs(units), 100)
        text = f"{sign}{whole:,}" if cents == 0 else f"{sign}{whole:,}.{cents:02d}"
        return ("-" if units < 0 else "") + text
    return show


def chips(units: int) -> str:
    return ("-" if units < 0 else "") + str(abs(units))


class Hand:
    """One OnGame hand being written."""

    def __init__(self, head: tuple[str, str, str], seats: dict[str, tuple[int, int]],
                 show: Callable[[int], str], user: str = "Hero", button: int | None = None,
                 in_round: str | None = None) -> None:
        self.id = head[0].split()[4]
        self.lines = list(head)
        self.show = show
        self.seat = {name: seat for name, (seat, _) in seats.items()}
        self.stack = {name: stack for name, (_, stack) in seats.items()}
        self.put = dict.fromkeys(seats, 0)
        self.earlier = dict.fromkeys(seats, 0)
        self.street: dict[str, int] = {}
        self.won: dict[str, int] = {}
        self.pots: list[str] = []
        self.lines.append(f"User: {user}")
        if button is not None:
            self.lines.append(f"Button: seat {button}")
        self.lines.append(f"Players in round: {in_round or len(seats)}")
        for name, (seat, stack) in seats.items():
            self.lines.append(f"Seat {seat}: {name} ({show(stack)})")

    def raw(self, *lines: str) -> Hand:
        self.lines.extend(lines)
        return self

    def ante(self, who: str, amount: int, suffix: str = "") -> Hand:
        self.put[who] += amount
        return self.raw(f"{who} posts ante {self.show(amount)}{suffix}")

    def new_street(self, name: str, separators: int = 1) -> Hand:
        for who, amount in self.street.items():
            self.earlier[who] += amount
        self.street = {}
        return self.raw(*["---"] * separators, name)

    def deal(self, who: str, cards: str) -> Hand:
        return self.raw(f"Dealing to {who}: [{cards}]")

    def chips_in(self, who: str, verb: str, amount: int, suffix: str = "") -> Hand:
        self.put[who] += amount
        self.street[who] = self.street.get(who, 0) + amount
        return self.raw(f"{who} {verb} {self.show(amount)}{suffix}")

    def call(self, who: str, suffix: str = "", short: int | None = None) -> Hand:
        owed = max(self.street.values()) - self.street.get(who, 0)
        return self.chips_in(who, "calls", owed if short is None else short, suffix)

    def raise_to(self, who: str, to: int, hand_total: bool = False, suffix: str = "") -> Hand:
        """``raises $A to $B``: A added, B the street total (or, 2010, the hand's)."""
        added = to - self.street.get(who, 0)
        self.put[who] += added
        self.street[who] = to
        total = to + self.earlier[who] if hand_total else to
        return self.raw(f"{who} raises {self.show(added)} to {self.show(total)}{suffix}")

    def returned(self, who: str, amount: int) -> Hand:
        """A bet nobody called: back to its bettor, without a line."""
        self.put[who] -= amount
        return self

    def pot(self, label: str, total: int, winners: list[tuple[str, int, str]]) -> Hand:
        """``Main pot: $X won by A ($a), B ($b High)``: each winner's share (after rake)."""
        for who, amount, _ in winners:
            self.won[who] = self.won.get(who, 0) + amount
        listed = ", ".join(f"{w} ({self.show(a)}{' ' + h if h else ''})" for w, a, h in winners)
        self.pots.append(f"{label}: {self.show(total)} won by {listed}")
        return self

    def summary(self, rake: int | None, shown: dict[str, str], end_id: str | None = None,
                rake_text: str | None = None) -> str:
        assert sum(self.won.values()) + (rake or 0) == sum(self.put.values()), self.id
        self.lines += ["---", "Summary:", *self.pots]
        if rake is not None:
            self.lines.append(f"Rake taken: {rake_text or self.show(rake)}")
        for who in sorted(self.seat, key=lambda w: self.seat[w]):
            net = self.won.get(who, 0) - self.put[who]
            final = self.stack[who] + net
            sign = "+" if net > 0 else ""
            line = f"Seat {self.seat[who]}: {who} ({self.show(final)}), net: {sign}{self.show(net)}"
            if who in shown:
                line += f", {shown[who]}"
            self.lines.append(line)
        self.lines.append(f"***** End of hand {end_id or self.id} *****")
        return "\n".join(self.lines) + "\n"


def _stud_2010() -> str:
    """Stud, 2010, dollars and a GMT offset: the completion as 'bets', raises to street
    totals, a showdown read from the summary's cards."""
    usd = money("$")
    h = Hand(("***** History for hand R5-82086000-1 *****",
              "Start hand: Mon Sep 13 22:31:30 GMT+0100 2010",
              "Table: Milwaukee [82086000] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, "
              "Real money)"),
             {"Ann": (1, 653), "Hero": (2, 200), "Bob Lee": (3, 630)}, usd)
    for who in ("Ann", "Hero", "Bob Lee"):
        h.ante(who, 2)
    h.new_street("Dealing pocket cards")
    h.deal("Ann", "-, -, 2c").deal("Hero", "As, Ah, Kd").deal("Bob Lee", "-, -, Qs")
    h.chips_in("Ann", "small bring in", 5).chips_in("Hero", "bets", 10)
    h.raise_to("Bob Lee", 20).raw("Ann folds").call("Hero")
    h.new_street("Dealing 4th street").deal("Hero", "Kh").deal("Bob Lee", "7c")
    h.chips_in("Hero", "bets", 10).raise_to("Bob Lee", 20).raise_to("Hero", 30)
    h.call("Bob Lee")
    h.new_street("Dealing 5th street").deal("Hero", "8d").deal("Bob Lee", "5d")
    h.chips_in("Hero", "bets", 20).call("Bob Lee")
    h.new_street("Dealing 6th street").deal("Hero", "8c").deal("Bob Lee", "6d")
    h.raw("Hero checks", "Bob Lee checks")
    h.new_street("Dealing river").deal("Hero", "Ac")
    h.chips_in("Hero", "bets", 20).call("Bob Lee")
    rake = 10
    total = sum(h.put.values())
    h.pot("Main pot", total, [("Hero", total - rake, "")])
    return h.summary(rake, {"Hero": "[As, Ah, Kd, Kh, 8d, 8c, Ac] (FULL_HOUSE ACE, KING)",
                            "Bob Lee": "[Qc, Qd, Qs, 7c, 5d, 6d, Th] (THREE_OF_A_KIND QUEEN)"})


def _stud8_split() -> str:
    """Stud hi/lo at a speed table in euros: one pot split between a high and a low hand."""
    eur = money("€")
    h = Hand(("***** History for hand R5-22678800-36 *****",
              "Start hand: Sun Feb 13 14:14:04 CET 2011",
              "Table: [SPEED] Dijon [22678800] (LIMIT SEVEN_CARD_STUD_HI_LO €0.25/€0.50, "
              "ante: €0.05, Real money)"),
             {"Lo": (1, 503), "Hero": (2, 653), "Hi": (4, 1216)}, eur, button=4)
    for who in ("Lo", "Hero", "Hi"):
        h.ante(who, 5)
    h.new_street("Dealing pocket cards")
    h.deal("Lo", "-, -, 2s").deal("Hero", "4d, Qd, Kc").deal("Hi", "-, -, 4c")
    h.chips_in("Lo", "small bring in", 10).raw("Hero folds")
    h.chips_in("Hi", "bets", 25).call("Lo")
    h.new_street("Dealing 4th street").deal("Lo", "3s").deal("Hi", "5c")
    h.chips_in("Hi", "bets", 25).call("Lo")
    h.new_street("Dealing 5th street").deal("Lo", "7h").deal("Hi", "Qh")
    h.raw("Hi checks").chips_in("Lo", "bets", 50).call("Hi")
    h.new_street("Dealing 6th street").deal("Lo", "4h").deal("Hi", "9h")
    h.raw("Hi checks", "Lo checks")
    h.new_street("Dealing river")
    h.chips_in("Hi", "bets", 50).call("Lo")
    rake = 20
    total = sum(h.put.values())
    low = (total - rake) // 2
    h.pot("Main pot", total, [("Hi", total - rake - low, "High"), ("Lo", low, "Low")])
    return h.summary(rake, {"Lo": "[6d, Ad, 2s, 3s, 7h, 4h, Jh] (HIGH_CARD ACE)",
                            "Hi": "[7s, As, 4c, 5c, Qh, 9h, Qs] (PAIR QUEEN)"})


def _razz() -> str:
    """Razz (FPDB's game table): the highest door card brings in, the lowest board acts
    first; a bet nobody calls comes back without a line."""
    usd = money("$")
    h = Hand(("***** History for hand R5-30000000-1 *****",
              "Start hand: Tue Dec 04 19:48:34 CET 2012",
              "Table: Winnipeg [30000000] (Limit RAZZ $1/$2, ante: $0.10, Real money)"),
             {"Ann": (1, 2000), "Hero": (3, 2720), "Bob": (5, 7440)}, usd)
    for who in ("Ann", "Hero", "Bob"):
        h.ante(who, 10)
    h.new_street("Dealing pocket cards")
    h.deal("Ann", "-, -, Kc").deal("Hero", "As, 2d, 3h").deal("Bob", "-, -, 5s")
    h.chips_in("Ann", "small bring in", 50).chips_in("Hero", "bets", 100).call("Bob")
    h.raw("Ann folds")
    h.new_street("Dealing 4th street").deal("Hero", "4c").deal("Bob", "9d")
    h.chips_in("Hero", "bets", 100).raw("Bob folds").returned("Hero", 100)
    rake = 10
    total = sum(h.put.values())
    h.pot("Main pot", total, [("Hero", total - rake, "")])
    return h.summary(rake, {})


def _tournament() -> str:
    """A tournament in chips: two all-ins, a main and a side pot, a bet returned unprinted."""
    h = Hand(('***** History for hand T5-295703542-3 (TOURNAMENT: "Stud Turbo", S-6169-242, '
              'buy-in: $21) *****', "Start hand: Tue Dec 18 01:53:38 MSK 2012",
              "Table: Table #1 [295703542] (LIMIT SEVEN_CARD_STUD 100/200, ante: 20, Chips)"),
             {"Short": (1, 150), "Hero": (2, 2000), "Mid": (4, 700)}, chips, button=4,
             in_round="3 (6)")
    for who in ("Short", "Hero", "Mid"):
        h.ante(who, 20)
    h.new_street("Dealing pocket cards")
    h.deal("Short", "-, -, 2c").deal("Hero", "As, Ah, Kd").deal("Mid", "-, -, Qs")
    h.chips_in("Short", "small bring in", 50).chips_in("Hero", "bets", 100)
    h.raise_to("Mid", 200).call("Short", " [all in]", short=80).call("Hero")
    h.new_street("Dealing 4th street")
    h.deal("Short", "3d").deal("Hero", "Kh").deal("Mid", "7c")
    h.chips_in("Hero", "bets", 100).raise_to("Mid", 200).call("Hero")
    h.new_street("Dealing 5th street")
    h.deal("Short", "9s").deal("Hero", "8d").deal("Mid", "5d")
    h.chips_in("Hero", "bets", 200).call("Mid")
    h.new_street("Dealing 6th street")
    h.deal("Short", "Jd").deal("Hero", "8c").deal("Mid", "6d")
    h.chips_in("Hero", "bets", 200).call("Mid", " [all in]", short=80).returned("Hero", 120)
    h.new_street("Dealing river").deal("Hero", "Ac")
    h.pot("Main pot", 450, [("Hero", 450, "")]).pot("Side pot 1", 1100, [("Hero", 1100, "")])
    return h.summary(0, {"Short": "[9h, Tc, 2c, 3d, 9s, Jd, 4h] (PAIR NINE)",
                         "Hero": "[As, Ah, Kd, Kh, 8d, 8c, Ac] (FULL_HOUSE ACE, KING)",
                         "Mid": "[Qc, Qd, Qs, 7c, 5d, 6d, Th] (THREE_OF_A_KIND QUEEN)"},
                     rake_text="$0")


def _unsigned_2010() -> str:
    """A 2010 table that prints amounts without a sign (the rake line has one), the big
    bring-in, a raise whose 'to' is the hand's total, doubled separators and an end line
    numbered apart (a skin's export)."""
    plain = money("")
    h = Hand(("***** History for hand R5-70000684-6 *****",
              "Start hand: Wed Aug 11 03:21:00 GMT+0100 2010",
              "Table: Kassel [73910684] (LIMIT SEVEN_CARD_STUD 0.50/1, ante: 0.05, Real money)"),
             {"Hero": (1, 2720), "Bob": (6, 7440)}, plain, in_round="2 (5)")
    h.ante("Hero", 5).ante("Bob", 5)
    h.new_street("Dealing pocket cards")
    h.deal("Hero", "5c, 2h, 2s").deal("Bob", "-, -, 7d")
    h.chips_in("Hero", "big bring in", 50).raise_to("Bob", 100).call("Hero")
    h.new_street("Dealing 4th street", separators=2).deal("Hero", "Jc").deal("Bob", "6s")
    h.raw("Hero checks").chips_in("Bob", "bets", 50)
    h.raise_to("Hero", 100, hand_total=True).call("Bob")
    h.new_street("Dealing 5th street").deal("Hero", "Tc").deal("Bob", "8c")
    h.chips_in("Hero", "bets", 100).raw("Bob folds").returned("Hero", 100)
    rake = 10
    total = sum(h.put.values())
    h.pot("Main pot", total, [("Hero", total - rake, "")])
    return h.summary(rake, {}, end_id="R5-73910684-276", rake_text="$0.10")


def _play_money() -> str:
    """Play money: a bring-in all in ('and is all-in', FPDB's wording), the rest of the
    hand dealt out, a player who sits out."""
    usd = money("$")
    h = Hand(("***** History for hand R5-232794641-2 *****",
              "Start hand: Fri Apr 13 15:12:34 CEST 2012",
              "Table: Casablanca [232794641] (LIMIT SEVEN_CARD_STUD $0.25/$0.50, ante: $0.05, "
              "Play money)"),
             {"Ann": (4, 15), "Hero": (6, 5000), "Bob": (7, 5000)}, usd, button=7)
    for who in ("Ann", "Hero", "Bob"):
        h.ante(who, 5)
    h.new_street("Dealing pocket cards")
    h.deal("Ann", "-, -, 2c").deal("Hero", "As, 7h, Qd").deal("Bob", "-, -, 9s")
    h.chips_in("Ann", "small bring in", 10, " and is all-in").chips_in("Hero", "bets", 25)
    h.raw("Bob folds", "Bob sits out").returned("Hero", 15)
    for street, ann, hero in (("4th street", "Ks", "3c"), ("5th street", "4d", "8s"),
                              ("6th street", "5h", "Jc")):
        h.new_street(f"Dealing {street}").deal("Ann", ann).deal("Hero", hero)
    h.new_street("Dealing river").deal("Hero", "2d")
    total = sum(h.put.values())
    h.pot("Main pot", total, [("Ann", total, "")])
    return h.summary(0, {"Ann": "[Kc, Kd, 2c, Ks, 4d, 5h, 6c] (THREE_OF_A_KIND KING)",
                         "Hero": "[As, 7h, Qd, 3c, 8s, Jc, 2d] (HIGH_CARD ACE)"})


HANDS: list[str] = [_stud_2010(), _stud8_split(), _razz(), _tournament(), _unsigned_2010(),
                    _play_money()]
"""Complete OnGame hand texts, together using every form of docs/formats/ongame.md."""
