"""Winamax hands written from the forms of docs/formats/winamax.md (``HANDS``).

A hand is a header variant (cash 2016, cash 2022, the export variant's play money,
a sit-and-go, a knockout and a freeroll tournament) times a body (a stud showdown,
a hi/lo split, a razz hand won without a showdown, a side pot, a returned bet, a
mucked loser). Every body takes its amounts from the table's stakes (ante,
bring-in, small and big bet), deals cards that make the bring-in, the first actor
on each street and the winners what the rules say, and balances: what the players
put in is what they collect plus the rake. Winamax's ``Total pot`` is after the
rake, and a bet nobody called stays in it (the ``winamax`` profile).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Table:
    """A header variant: its lines, the stakes in units and how amounts are printed."""

    header: str
    table: str
    ante: int
    bring_in: int
    small: int
    big: int
    scale: int
    sign: str
    era: str
    """``2016`` (completion ``raises X to X``), ``2022`` (``raises A to X``) or ``export``
    (no deal lines, ``bring-in``, ``*** THIRD ***``)."""
    rake: int
    bounty: bool = False

    def money(self, units: int) -> str:
        """``units`` as Winamax prints them: ``25€``, ``0.05€``, ``2.50€``, ``40``."""
        if self.scale == 1:
            return f"{units}{self.sign}"
        whole, cents = divmod(units, 100)
        return f"{whole}{self.sign}" if cents == 0 else f"{whole}.{cents:02d}{self.sign}"

    def total(self, units: int) -> str:
        """A ``Total pot``: a tournament rounds thousands of chips (``3.55k``)."""
        if self.scale == 1 and units >= 1000:
            text = f"{units / 1000:.2f}".rstrip("0").rstrip(".")
            return f"{text}k"
        return self.money(units)

    def seat(self, seat: int, name: str, stack: int) -> str:
        if self.bounty:
            return f"Seat {seat}: {name} ({stack}, 2.25€ bounty)"
        return f"Seat {seat}: {name} ({self.money(stack)})"

    def street(self, n: int) -> str:
        if self.era == "export":
            return f"*** {('THIRD', 'FOURTH', 'FIFTH', 'SIXTH', 'SEVENTH')[n - 3]} ***"
        return f"*** {n}th STREET ***" if n > 3 else "*** 3rd STREET ***"

    def deal(self, name: str, old: str, new: str = "") -> str | None:
        if self.era == "export":
            return None
        return f"Dealt to {name} [{old}]" + (f" [{new}]" if new else "")

    def bring(self, name: str) -> str:
        verb = "bring-in" if self.era == "export" else "brings in"
        return f"{name} {verb} {self.money(self.bring_in)}"

    def complete(self, name: str) -> str:
        """A completion of the bring-in by another player, as the client of the era prints."""
        if self.era == "2022":
            return f"{name} raises {self.money(self.small - self.bring_in)} to " \
                   f"{self.money(self.small)}"
        return f"{name} raises {self.money(self.small)} to {self.money(self.small)}"

    def pot_line(self, total: int) -> str:
        rake = f"Rake {self.money(self.rake)}" if self.rake else "No rake"
        return f"Total pot {self.total(total)} | {rake}"


CASH_2016 = Table(
    "Winamax Poker - CashGame - HandId: #9250793-{n}-1478990787 - {game} fixed limit "
    "(5€/25€/50€) - 2016/11/12 22:46:27 UTC",
    "Table: 'Pampelune' 6-max (real money)", 500, 1000, 2500, 5000, 100, "€", "2016", 200)
CASH_2022 = Table(
    "Winamax Poker - CashGame - HandId: #17032867-{n}-1646691396 - {game} fixed limit "
    "(0.01€/0.05€/0.10€) - 2022/03/07 22:16:36 CET",
    "Table 'Malmö' 6-max (real money)", 1, 2, 5, 10, 100, "€", "2022", 2)
EXPORT = Table(
    "Winamax Poker - CashGame - HandId: #8835086-{n}-1465760198 - {game} fixed limit "
    "(0.01/0.05/0.10) - 2016/06/12 19:36:38 UTC",
    "Table: 'Ceské Budejovice' 6-max (play money) Seat #0 is the button", 1, 2, 5, 10, 100,
    "", "export", 4)
SIT_AND_GO = Table(
    'Winamax Poker - Tournament "Sit&Go Stud" buyIn: 0.90€ + 0.10€ level: 3 - HandId: '
    "#1990367422120460289-{n}-1620779809 - {game} fixed limit (50/200/400) - "
    "2021/05/12 00:36:49 UTC",
    "Table: 'Sit&Go Stud(1124364443)#0' 6-max (real money)", 50, 100, 200, 400, 1, "",
    "2016", 0)
KNOCKOUT = Table(
    'Winamax Poker - Tournament "KO Stud" buyIn: 4.50€ + 4.50€ + 1€ level: 2 - HandId: '
    "#113666927963930625-{n}-1341268367 - {game} fixed limit (5/40/80) - "
    "2012/07/02 22:32:47 UTC",
    "Table: 'KO Stud(26465144)#3' 6-max (real money) Seat #3 is the button", 5, 10, 40, 80,
    1, "", "2016", 0, bounty=True)
FREEROLL = Table(
    'Winamax Poker - Tournament "Freeroll 150€" buyIn: Gratuit level: 0 - HandId: '
    "#22085692498641681-{n}-1299346216 - {game} fixed limit (5/40/80) - "
    "2011/03/05 18:30:16 UTC",
    "Table: 'Freeroll 150€(5142226)#784' 6-max (real money) Seat 3 is the button", 5, 10, 40,
    80, 1, "", "2016", 0)


def _hand(t: Table, n: int, game: str, seats: list[tuple[int, str, int]],
          lines: list[str | None]) -> str:
    head = [t.header.format(n=n, game=game), t.table,
            *(t.seat(s, name, stack) for s, name, stack in seats), "*** ANTE/BLINDS ***"]
    return "\n".join([*head, *(line for line in lines if line is not None)]) + "\n"


def stud_showdown(t: Table, n: int) -> str:
    """Three players: a bring-in, a completion, Hero's flush beats trip kings at the showdown;
    the bring-in folds on 4th street and is listed folded."""
    a, s, b, m = t.ante, t.small, t.big, t.money
    put = 3 * a + 5 * s + 6 * b
    won = put - t.rake
    return _hand(t, n, "7-Card Stud", [(1, "Hero", 200 * b), (3, "Player0", 100 * b),
                                       (5, "Ann Lee", 100 * b)], [
        f"Hero posts ante {m(a)}", f"Player0 posts ante {m(a)}", f"Ann Lee posts ante {m(a)}",
        t.street(3),
        t.deal("Hero", "4h Qd Ac"), t.deal("Player0", "X X 2c"), t.deal("Ann Lee", "X X Kh"),
        t.bring("Player0"), t.complete("Ann Lee"), f"Hero calls {m(s)}",
        f"Player0 calls {m(s - t.bring_in)}",
        t.street(4),
        t.deal("Hero", "4h Qd Ac", "3h"), t.deal("Player0", "X X 2c", "9d"),
        t.deal("Ann Lee", "X X Kh", "5s"),
        f"Hero bets {m(s)}", "Player0 folds", f"Ann Lee calls {m(s)}",
        t.street(5),
        t.deal("Hero", "4h Qd Ac 3h", "Qh"), t.deal("Ann Lee", "X X Kh 5s", "7d"),
        "Hero checks", f"Ann Lee bets {m(b)}", f"Hero calls {m(b)}",
        t.street(6),
        t.deal("Hero", "4h Qd Ac 3h Qh", "5h"), t.deal("Ann Lee", "X X Kh 5s 7d", "Js"),
        "Hero checks", "Ann Lee checks",
        t.street(7),
        t.deal("Hero", "4h Qd Ac 3h Qh 5h", "Th"), t.deal("Ann Lee", "X X Kh 5s 7d Js", "X"),
        f"Hero bets {m(b)}", f"Ann Lee raises {m(b)} to {m(2 * b)}", f"Hero calls {m(b)}",
        "*** SHOW DOWN ***",
        "Ann Lee shows [Kd Kc Kh 5s 7d Js 2d] (Three of a kind : Kings)",
        "Hero shows [4h Qd Ac 3h Qh 5h Th] (Flush Queen high)",
        f"Hero collected {m(won)} from pot",
        "*** SUMMARY ***", t.pot_line(won),
        f"Seat 1: Hero showed [4h Qd Ac 3h Qh 5h Th] and won {m(won)} with Flush Queen high",
        "Seat 3: Player0 folded on the 4th street",
        "Seat 5: Ann Lee showed [Kd Kc Kh 5s 7d Js 2d] and lost with Three of a kind : Kings"])


def stud8_split(t: Table, n: int) -> str:
    """Heads-up hi/lo: Player0's two pair takes the high half, Hero's 6-low the low half;
    Hero is shown twice (high, then low) and the halves are collected from pot(HI) and
    pot(LO). The bring-in Hero is completed by Player0."""
    a, s, b, m = t.ante, t.small, t.big, t.money
    put = 2 * a + 2 * s + 2 * s + 2 * b + 2 * b
    half = (put - t.rake) // 2
    rake = put - 2 * half
    assert rake == t.rake, "the stakes must leave an even pot after the rake"
    game = "7stud8" if t.era == "export" else "7-Card Stud Hi/Lo"
    return _hand(t, n, game, [(1, "Hero", 100 * b), (2, "Player0", 100 * b)], [
        "SatOutToo denies big blind" if t.era == "2016" else None,
        f"Hero posts ante {m(a)}", f"Player0 posts ante {m(a)}",
        t.street(3),
        t.deal("Hero", "Ah 3d 2c"), t.deal("Player0", "X X Kd"),
        t.bring("Hero"), t.complete("Player0"), f"Hero calls {m(s - t.bring_in)}",
        t.street(4),
        t.deal("Player0", "X X Kd", "Ks"), t.deal("Hero", "Ah 3d 2c", "5d"),
        f"Player0 bets {m(s)}", f"Hero calls {m(s)}",
        t.street(5),
        t.deal("Player0", "X X Kd Ks", "9h"), t.deal("Hero", "Ah 3d 2c 5d", "7s"),
        f"Player0 bets {m(b)}", f"Hero calls {m(b)}",
        t.street(6),
        t.deal("Player0", "X X Kd Ks 9h", "4c"), t.deal("Hero", "Ah 3d 2c 5d 7s", "8d"),
        "Player0 checks", "Hero checks",
        t.street(7),
        t.deal("Player0", "X X Kd Ks 9h 4c", "X"), t.deal("Hero", "Ah 3d 2c 5d 7s 8d", "6h"),
        "Player0 checks", f"Hero bets {m(b)}", f"Player0 calls {m(b)}",
        "*** SHOW DOWN ***",
        "Player0 shows [Qc Qh Kd Ks 9h 4c Jc] (Two pairs : Kings and Queens)",
        "Hero shows [Ah 3d 2c 5d 7s 8d 6h] (High card : Ace)",
        "Hero shows [Ah 3d 2c 5d 7s 8d 6h] (High card : 6)",
        f"Player0 collected {m(half)} from pot(HI)",
        f"Hero collected {m(half)} from pot(LO)",
        "*** SUMMARY ***", t.pot_line(2 * half),
        f"Seat 1: Hero showed [Ah 3d 2c 5d 7s 8d 6h] and won {m(half)} with LO : High card : 6",
        f"Seat 2: Player0 showed [Qc Qh Kd Ks 9h 4c Jc] and won {m(half)} with HI : Two pairs "
        ": Kings and Queens"])


def razz_no_showdown(t: Table, n: int, uncalled_line: bool = False) -> str:
    """Heads-up razz won on 6th street without a showdown. The bet nobody called stays in
    the pot the site prints, or, with ``uncalled_line``, comes back by its own line."""
    a, s, b, m = t.ante, t.small, t.big, t.money
    put = 2 * a + 2 * s + 2 * s + 2 * b + b
    returned = b if uncalled_line else 0
    won = put - returned - t.rake
    return _hand(t, n, "Razz", [(1, "Hero", 100 * b), (4, "Player0", 100 * b)], [
        f"Hero posts ante {m(a)}", f"Player0 posts ante {m(a)}",
        t.street(3),
        t.deal("Hero", "4s Ad Td"), t.deal("Player0", "X X 8h"),
        t.bring("Hero"), t.complete("Player0"), f"Hero calls {m(s - t.bring_in)}",
        t.street(4),
        t.deal("Player0", "X X 8h", "4h"), t.deal("Hero", "4s Ad Td", "Qh"),
        f"Player0 bets {m(s)}", f"Hero calls {m(s)}",
        t.street(5),
        t.deal("Player0", "X X 8h 4h", "5h"), t.deal("Hero", "4s Ad Td Qh", "3s"),
        f"Player0 bets {m(b)}", f"Hero calls {m(b)}",
        t.street(6),
        t.deal("Player0", "X X 8h 4h 5h", "4d"), t.deal("Hero", "4s Ad Td Qh 3s", "Qd"),
        f"Player0 bets {m(b)}", "Hero folds",
        f"Uncalled bet of {m(b)} returned to Player0" if uncalled_line else None,
        f"Player0 collected {m(won)} from pot",
        "*** SUMMARY ***", t.pot_line(won), f"Seat 4: Player0 won {m(won)}"])


def side_pot(t: Table, n: int) -> str:
    """Three players, the bring-in all-in on 5th street: Short's trips take the main pot,
    Villain's two pair the side pot over Hero's aces."""
    a, bi, s, b, m = t.ante, t.bring_in, t.small, t.big, t.money
    last = s // 2  # all-in on 5th street for less than the big bet
    short = a + s + s + last
    main = 3 * short
    side = 2 * ((b - last) + b)
    rake = t.rake
    return _hand(t, n, "7-Card Stud", [(2, "Short", short), (4, "Hero", 300 * b),
                                       (6, "Villain", 300 * b)], [
        f"Short posts ante {m(a)}", f"Hero posts ante {m(a)}", f"Villain posts ante {m(a)}",
        t.street(3),
        t.deal("Short", "X X 2s"), t.deal("Hero", "Ks 9h Ah"), t.deal("Villain", "X X Qs"),
        t.bring("Short"), t.complete("Hero"), f"Villain calls {m(s)}",
        f"Short calls {m(s - bi)}",
        t.street(4),
        t.deal("Short", "X X 2s", "7h"), t.deal("Hero", "Ks 9h Ah", "6c"),
        t.deal("Villain", "X X Qs", "Qd"),
        f"Villain bets {m(s)}", f"Short calls {m(s)}", f"Hero calls {m(s)}",
        t.street(5),
        t.deal("Short", "X X 2s 7h", "3s"), t.deal("Hero", "Ks 9h Ah 6c", "Ad"),
        t.deal("Villain", "X X Qs Qd", "5c"),
        f"Hero bets {m(b)}", f"Villain calls {m(b)}", f"Short calls {m(last)} and is all-in",
        t.street(6),
        t.deal("Short", "X X 2s 7h 3s", "9c"), t.deal("Hero", "Ks 9h Ah 6c Ad", "8c"),
        t.deal("Villain", "X X Qs Qd 5c", "Th"),
        "Hero checks", f"Villain bets {m(b)}", f"Hero calls {m(b)}",
        t.street(7),
        t.deal("Short", "X X 2s 7h 3s 9c", "X"), t.deal("Hero", "Ks 9h Ah 6c Ad 8c", "2d"),
        t.deal("Villain", "X X Qs Qd 5c Th", "X"),
        "Hero checks", "Villain checks",
        "*** SHOW DOWN ***",
        "Short shows [3c 3h 2s 7h 3s 9c 4d] (Three of a kind : 3)",
        "Hero shows [Ks 9h Ah 6c Ad 8c 2d] (One pair : Aces)",
        "Villain shows [Jd Jc Qs Qd 5c Th 6s] (Two pairs : Queens and Jacks)",
        f"Villain collected {m(side - rake)} from side pot 1",
        f"Short collected {m(main)} from main pot",
        "*** SUMMARY ***", t.pot_line(main + side - rake),
        f"Seat 2: Short showed [3c 3h 2s 7h 3s 9c 4d] and won {m(main)} with Three of a kind : 3",
        "Seat 4: Hero showed [Ks 9h Ah 6c Ad 8c 2d] and lost with One pair : Aces",
        f"Seat 6: Villain showed [Jd Jc Qs Qd 5c Th 6s] and won {m(side - rake)} with Two "
        "pairs : Queens and Jacks"])


def mucked_loser(t: Table, n: int) -> str:
    """Heads-up stud: the bring-in player completes with ``bets`` (2022), the loser at the
    showdown mucks and is listed ``mucked``."""
    a, s, b, m = t.ante, t.small, t.big, t.money
    put = 2 * a + 2 * s + 2 * b
    won = put - t.rake
    return _hand(t, n, "7-Card Stud", [(1, "jelachatte", 100 * b), (2, "Kurcias.", 100 * b)], [
        f"jelachatte posts ante {m(a)}", f"Kurcias. posts ante {m(a)}",
        t.street(3),
        t.deal("jelachatte", "Js 7h 6h"), t.deal("Kurcias.", "X X 5c"),
        f"Kurcias. bets {m(s)}", f"jelachatte calls {m(s)}",
        t.street(4),
        t.deal("jelachatte", "Js 7h 6h", "Qc"), t.deal("Kurcias.", "X X 5c", "6d"),
        "jelachatte checks", "Kurcias. checks",
        t.street(5),
        t.deal("jelachatte", "Js 7h 6h Qc", "8s"), t.deal("Kurcias.", "X X 5c 6d", "4c"),
        "jelachatte checks", "Kurcias. checks",
        t.street(6),
        t.deal("jelachatte", "Js 7h 6h Qc 8s", "Qs"), t.deal("Kurcias.", "X X 5c 6d 4c", "Jh"),
        f"jelachatte bets {m(b)}", f"Kurcias. calls {m(b)}",
        t.street(7),
        t.deal("jelachatte", "Js 7h 6h Qc 8s Qs", "8d"),
        t.deal("Kurcias.", "X X 5c 6d 4c Jh", "X"),
        "jelachatte checks", "Kurcias. checks",
        "*** SHOW DOWN ***",
        "jelachatte shows [Js 7h 6h Qc 8s Qs 8d] (Two pairs : Queens and 8)",
        f"jelachatte collected {m(won)} from pot",
        "*** SUMMARY ***", t.pot_line(won),
        f"Seat 1: jelachatte showed [Js 7h 6h Qc 8s Qs 8d] and won {m(won)} with Two pairs : "
        "Queens and 8",
        "Seat 2: Kurcias. mucked"])


_BODIES: tuple[tuple[Table, Callable[[Table, int], str]], ...] = (
    (CASH_2016, stud_showdown), (CASH_2016, stud8_split), (CASH_2016, razz_no_showdown),
    (CASH_2016, side_pot),
    (CASH_2022, stud_showdown), (CASH_2022, stud8_split), (CASH_2022, mucked_loser),
    (CASH_2022, lambda t, n: razz_no_showdown(t, n, uncalled_line=True)),
    (EXPORT, stud_showdown), (EXPORT, stud8_split), (EXPORT, razz_no_showdown),
    (SIT_AND_GO, stud_showdown), (SIT_AND_GO, side_pot),
    (KNOCKOUT, stud_showdown), (KNOCKOUT, razz_no_showdown),
    (FREEROLL, stud8_split), (FREEROLL, side_pot),
)

HANDS: list[str] = [body(table, n) for n, (table, body) in enumerate(_BODIES, 1)]
"""Complete Winamax hand texts, one per header variant and body."""
