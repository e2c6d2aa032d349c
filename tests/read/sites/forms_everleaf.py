"""Everleaf hands written from the forms of docs/formats/everleaf.md (``HANDS``).

A hand is a table variant (the August 2011 euro tables, the July 2011 dollar tables
that print no deal line, the Partouche skin, the 2012 skin with its ``ˆ`` euro sign,
a chip table) times a body (a stud showdown, a hand won without a showdown, a hi/lo
split, a side pot with an all-in nobody marks, a mucked loser). Every body takes its
amounts from the stakes (ante, bring-in, small and big bet), deals cards that make
the bring-in, the first actor on each street, the showing order and the winners
what the rules say, and balances: Everleaf prints no rake, so what the players put
in beyond what they collect is the rake; a bet nobody called is returned without a
line (the ``everleaf`` profile).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


@dataclass(frozen=True)
class Table:
    """A table variant: its opening lines, stakes in units and how amounts are printed."""

    first: str
    second: str
    stakes: str
    """The game line with ``{game}``."""
    table: str
    ante: int
    bring_in: int
    small: int
    big: int
    sign: str
    code: str
    era: str
    """``2011-08`` (deal lines with a period), ``2011-07`` (no deal line, ``****
    dealing 4th street ****``), ``partouche``, ``2012`` or ``chips``."""
    rake: int
    button: bool = False

    def number(self, units: int) -> str:
        if self.era == "chips":
            return str(units)
        whole, cents = divmod(units, 100)
        return str(whole) if cents == 0 else f"{whole}.{cents:02d}"

    def added(self, units: int) -> str:
        """``[€ 0.05 EURO]``, Partouche ``[ € 0.08 EUR]``, chips ``[10 Chips]``."""
        if self.era == "chips":
            return f"[{units} Chips]"
        lead = " " if self.era == "partouche" else ""
        return f"[{lead}{self.sign} {self.number(units)} {self.code}]"

    def total(self, units: int) -> str:
        """A bring-in's or completion's ``€0.02``."""
        lead = " " if self.era == "partouche" else ""
        return f"{lead}{self.sign}{self.number(units)}"

    def won(self, units: int) -> str:
        if self.era == "chips":
            return f"{units} chips"
        lead = " " if self.era == "partouche" else ""
        return f"{lead}{self.sign} {self.number(units)} {self.code}"

    def seat(self, seat: int, name: str, stack: int | str) -> str:
        if isinstance(stack, str):
            return f"Seat {seat}: {name} ( {stack} )"
        if self.era == "chips":
            return f"Seat {seat}: {name} (  {stack} Chips )"
        pad = "   " if self.era == "partouche" else "  "
        return f"Seat {seat}: {name} ({pad}{self.sign} {self.number(stack)} {self.code} )"

    def street(self, n: int) -> str:
        if n == 3:
            return "** Dealing down cards **"
        if self.era == "2011-07":
            return f"**** dealing {'river' if n == 7 else f'{n}th street'} ****"
        return f"** Dealing {'River' if n == 7 else f'{n}th Street'} **"

    def deal(self, name: str, cards: str) -> str | None:
        if self.era == "2011-07":
            return None
        end = "" if self.era == "partouche" else "."
        return f"Dealt to {name} [ {', '.join(cards.split())} ]{end}"

    def show(self, name: str, cards: str, description: str) -> str:
        space = "" if self.era == "partouche" else " "
        return f"{name} shows [ {', '.join(cards.split())} ]{space}{description}"


NEW_EUR = Table("Everleaf Gaming Game #{n}", "***** Hand history for game #{n} *****",
                "€0.05/€0.10 {game} - 2011/08/12 - 13:09:06", "Table Harjavalta",
                1, 2, 5, 10, "€", "EURO", "2011-08", 2)
OLD_USD = Table("Everleaf Gaming Game #{n}", "***** Hand history for game #{n} *****",
                "$0.05/$0.10 {game} - 2011/07/08 - 00:08:53", "Table Clarkdale 20",
                1, 2, 5, 10, "$", "USD", "2011-07", 2)
HI_LO_USD = Table("Everleaf Gaming Game #{n}", "***** Hand history for game #{n} *****",
                  "$0.50/$1 {game} - 2010/03/01 - 11:00:02", "Table Kentfield I",
                  10, 25, 50, 100, "$", "USD", "2011-08", 10)
PARTOUCHE = Table("Partouche Poker Gibraltar", "*** Historique des Mains pour la partie {n} ***",
                  "€0.05/ €0.10 {game} - 2009/10/27 - 19:04:57", "Table Andernos 2",
                  1, 2, 5, 10, "€", "EUR", "partouche", 4)
SKIN_2012 = Table("Everleaf Gaming - Concord Gaming - Game #{n}",
                  "***** Hand history for game #{n} *****",
                  "ˆ0.25/ˆ0.50 {game} - 6 Max - 2012/02/09 - 22:09:43", "Table Budapest",
                  5, 10, 25, 50, "ˆ", "EURO", "2012", 10, button=True)
CHIPS = Table("Everleaf Gaming Game #{n}", "***** Hand history for game #{n} *****",
              "40/80 {game} - 2009/02/25 - 17:30:32", "Table 2", 5, 10, 40, 80, "", "",
              "chips", 0)


def _hand(t: Table, n: int, game: str, seats: list[tuple[int, str, int | str]],
          lines: list[str | None], noise: tuple[str, ...] = ()) -> str:
    head = [t.first.format(n=n), t.second.format(n=n), t.stakes.format(game=game), t.table,
            "Seat 1 is the button" if t.button else None,
            f"Total number of players: {len(seats)}",
            *(t.seat(s, name, stack) for s, name, stack in seats)]
    opening = len([line for line in head if line is not None])
    body = [line for line in (*head, *lines) if line is not None]
    for index, line in enumerate(noise):  # table traffic between action lines
        body.insert(opening + 4 + 3 * index, line)
    return "\n".join(body) + "\n"


def _antes(t: Table, *names: str) -> list[str | None]:
    return [f"{name}: posts ante {t.added(t.ante)}" for name in names]


def stud_showdown(t: Table, n: int) -> str:
    """Three players: a bring-in, a completion, Hero's flush beats trip kings; the raiser on
    7th street shows first."""
    a, s, b, x = t.ante, t.small, t.big, t.added
    put = 3 * a + 5 * s + 6 * b
    won = put - t.rake
    return _hand(t, n, "7 Card Stud", [(1, "Hero", 200 * b), (3, "Player0", 100 * b),
                                       (5, "Ann Lee", 100 * b)], [
        *_antes(t, "Hero", "Player0", "Ann Lee"),
        t.street(3),
        t.deal("Hero", "4h Qd Ac"), t.deal("Player0", "2c"), t.deal("Ann Lee", "Kh"),
        f"Player0 posts bring-in {t.total(t.bring_in)}.", f"Ann Lee completes to {t.total(s)}.",
        f"Hero calls {x(s)}", f"Player0 calls {x(s - t.bring_in)}",
        t.street(4),
        t.deal("Hero", "3h"), t.deal("Player0", "9d"), t.deal("Ann Lee", "5s"),
        f"Hero: bets {x(s)}", "Player0 folds", f"Ann Lee calls {x(s)}",
        t.street(5),
        t.deal("Hero", "Qh"), t.deal("Ann Lee", "7d"),
        "Hero checks", f"Ann Lee: bets {x(b)}", f"Hero calls {x(b)}",
        t.street(6),
        t.deal("Hero", "5h"), t.deal("Ann Lee", "Js"),
        "Hero checks", "Ann Lee checks",
        t.street(7),
        t.deal("Hero", "Th"),
        f"Hero: bets {x(b)}", f"Ann Lee raises {x(2 * b)}", f"Hero calls {x(b)}",
        t.show("Ann Lee", "Kd Kc Kh 5s 7d Js 2d", "three of a kind, kings"),
        t.show("Hero", "4h Qd Ac 3h Qh 5h Th", "a flush, queen high"),
        f"Hero wins {t.won(won)} from main pot with a flush, queen high [ Qh, Th, 5h, 4h, 3h ]"])


def no_showdown(t: Table, n: int, game: str = "Razz") -> str:
    """Heads-up razz (or stud) won on 6th street: the last bet is returned without a line."""
    a, s, b, x = t.ante, t.small, t.big, t.added
    won = 2 * a + 2 * s + 2 * s + 2 * b - t.rake
    razz = game == "Razz"
    # razz: Hero's ten brings in, Player0's low board leads; stud: Hero's deuce brings in,
    # Player0's king-high board leads, then his open kings
    hero = ("4s Ad Td", "Qh", "3s", "Qd") if razz else ("4s Ad 2d", "3s", "4c", "5c")
    villain = ("8h", "4h", "5h", "4d") if razz else ("8h", "Kh", "9h", "Kd")
    return _hand(t, n, game, [(5, "Hero", 100 * b), (8, "Player0", 100 * b)], [
        *_antes(t, "Hero", "Player0"),
        t.street(3),
        t.deal("Hero", hero[0]), t.deal("Player0", villain[0]),
        f"Hero posts bring-in {t.total(t.bring_in)}.", f"Player0 completes to {t.total(s)}.",
        f"Hero calls {x(s - t.bring_in)}",
        t.street(4),
        t.deal("Hero", hero[1]), t.deal("Player0", villain[1]),
        f"Player0: bets {x(s)}", f"Hero calls {x(s)}",
        t.street(5),
        t.deal("Hero", hero[2]), t.deal("Player0", villain[2]),
        f"Player0: bets {x(b)}", f"Hero calls {x(b)}",
        t.street(6),
        t.deal("Hero", hero[3]), t.deal("Player0", villain[3]),
        f"Player0: bets {x(b)}", "Hero folds",
        "Player0 does not show cards", f"Player0 wins {t.won(won)} from main pot"],
        noise=("Miazza has joined the table", "Miazza sits out", "Miazza has left the table")
        if t.era == "2011-08" else ())


def hi_lo_split(t: Table, n: int) -> str:
    """Heads-up stud hi/lo: Player0's two pair takes the high half, Hero's 6-low the low half;
    Hero bet 7th street last and shows first."""
    a, s, b, x = t.ante, t.small, t.big, t.added
    put = 2 * a + 2 * s + 2 * s + 2 * b + 2 * b
    half = (put - t.rake) // 2
    assert put - t.rake == 2 * half, "the stakes must leave an even pot after the rake"
    low = f"${t.number(half)}"
    return _hand(t, n, "7 Card Stud Hi/Lo", [(6, "Player0", 100 * b), (10, "Hero", 100 * b)], [
        *_antes(t, "Player0", "Hero"),
        t.street(3),
        t.deal("Hero", "Ah 3d 2c"), t.deal("Player0", "Kd"),
        f"Hero posts bring-in {t.total(t.bring_in)}.", f"Player0 completes to {t.total(s)}.",
        f"Hero calls {x(s - t.bring_in)}",
        t.street(4),
        t.deal("Hero", "5d"), t.deal("Player0", "Ks"),
        f"Player0: bets {x(s)}", f"Hero calls {x(s)}",
        t.street(5),
        t.deal("Hero", "7s"), t.deal("Player0", "9h"),
        f"Player0: bets {x(b)}", f"Hero calls {x(b)}",
        t.street(6),
        t.deal("Hero", "8d"), t.deal("Player0", "4c"),
        "Player0 checks", "Hero checks",
        t.street(7),
        t.deal("Hero", "6h"),
        "Player0 checks", f"Hero: bets {x(b)}", f"Player0 calls {x(b)}",
        t.show("Hero", "Ah 3d 2c 5d 7s 8d 6h", "high card ace"),
        t.show("Player0", "Qc Qh Kd Ks 9h 4c Jc", "two pairs, kings and queens"),
        f"Player0 wins  high ({t.won(half)}) from main pot with two pairs, kings and queens "
        "[ Kd, Ks, Qc, Qh, Jc ]",
        f"Hero wins  low ({low}) from main pot with 6, 5, 3, 2, A [ 6h, 5d, 3d, 2c, Ah ]"])


def side_pot(t: Table, n: int) -> str:
    """Three players; the bring-in calls all-in on 5th street (nothing marks it): Short's trips
    take the main pot, Villain's two pair the side pot over Hero's aces. Checked down on
    7th street, the first to act there (Hero, aces up) shows first. The side pot's
    description is wrapped onto a line of its own."""
    a, bi, s, b, x = t.ante, t.bring_in, t.small, t.big, t.added
    last = s // 2
    short = a + s + s + last
    main = 3 * short
    side = 2 * ((b - last) + b)
    return _hand(t, n, "7 Card Stud", [(2, "Short", short), (4, "Hero", 300 * b),
                                       (6, "Villain", 300 * b)], [
        *_antes(t, "Short", "Hero", "Villain"),
        t.street(3),
        t.deal("Hero", "Ks 9h Ah"), t.deal("Short", "2s"), t.deal("Villain", "Qs"),
        f"Short posts bring-in {t.total(bi)}.", f"Hero completes to {t.total(s)}.",
        f"Villain calls {x(s)}", f"Short calls {x(s - bi)}",
        t.street(4),
        t.deal("Hero", "6c"), t.deal("Short", "7h"), t.deal("Villain", "Qd"),
        f"Villain: bets {x(s)}", f"Short calls {x(s)}", f"Hero calls {x(s)}",
        t.street(5),
        t.deal("Hero", "Ad"), t.deal("Short", "3s"), t.deal("Villain", "5c"),
        f"Hero: bets {x(b)}", f"Villain calls {x(b)}", f"Short calls {x(last)}",
        t.street(6),
        t.deal("Hero", "8c"), t.deal("Short", "9c"), t.deal("Villain", "Th"),
        "Hero checks", f"Villain: bets {x(b)}", f"Hero calls {x(b)}",
        t.street(7),
        t.deal("Hero", "2d"),
        "Hero checks", "Villain checks",
        t.show("Hero", "Ks 9h Ah 6c Ad 8c 2d", "a pair of aces"),
        t.show("Villain", "Jd Jc Qs Qd 5c Th 6s", "two pairs, queens and jacks"),
        t.show("Short", "3c 3h 2s 7h 3s 9c 4d", "three of a kind, threes"),
        f"Villain wins {t.won(side - t.rake)} from side pot with two pairs, queens and",
        "jacks [ Qs, Qd, Jd, Jc, Th ]",
        f"Short wins {t.won(main)} from main pot with three of a kind, threes "
        "[ 3c, 3h, 3s, 9c, 7h ]"])


def mucked_loser(t: Table, n: int) -> str:
    """Heads-up stud checked down: the first to act on 7th street shows and wins, the other
    mucks his cards; two seats hold nobody to play (a new player, an all-in)."""
    a, s, b, x = t.ante, t.small, t.big, t.added
    won = 2 * a + 2 * s + 2 * b - t.rake
    return _hand(t, n, "7 Card Stud", [(1, "Hero", 100 * b), (2, "Player0", 100 * b),
                                       (3, "Miazza", "new player"), (4, "Player4", "All-in")], [
        *_antes(t, "Hero", "Player0"),
        t.street(3),
        t.deal("Hero", "Js 7h 6h"), t.deal("Player0", "5c"),
        f"Player0: bets {x(s)}", f"Hero calls {x(s)}",
        t.street(4),
        t.deal("Hero", "Qc"), t.deal("Player0", "6d"),
        "Hero checks", "Player0 checks",
        t.street(5),
        t.deal("Hero", "8s"), t.deal("Player0", "4c"),
        "Hero checks", "Player0 checks",
        t.street(6),
        t.deal("Hero", "Qs"), t.deal("Player0", "Jh"),
        f"Hero: bets {x(b)}", f"Player0 calls {x(b)}",
        t.street(7),
        t.deal("Hero", "8d"),
        "Hero checks", "Player0 checks",
        t.show("Hero", "Js 7h 6h Qc 8s Qs 8d", "two pairs, queens and eights"),
        "Player0 mucks [ 9c, 4d, 5c, 6d, 4c, Jh, 2h ] a pair of fours",
        f"Hero wins {t.won(won)} from main pot with two pairs, queens and eights "
        "[ Qc, Qs, 8s, 8d, Js ]"],
        noise=("Player0 est déconnecté et dispose de 20 secondes supplémentaires pour agir",)
        if t.era == "partouche" else ())


_BODIES: tuple[tuple[Table, Callable[[Table, int], str]], ...] = (
    (NEW_EUR, stud_showdown), (NEW_EUR, no_showdown), (NEW_EUR, side_pot),
    (NEW_EUR, lambda t, n: no_showdown(t, n, "7 Card Stud Hi-Lo")),
    (OLD_USD, stud_showdown), (OLD_USD, lambda t, n: no_showdown(t, n, "7 Card Stud")),
    (HI_LO_USD, hi_lo_split),
    (PARTOUCHE, stud_showdown), (PARTOUCHE, mucked_loser),
    (SKIN_2012, stud_showdown), (SKIN_2012, mucked_loser),
    (CHIPS, side_pot), (CHIPS, no_showdown),
)

HANDS: list[str] = [body(table, 1000 + n) for n, (table, body) in enumerate(_BODIES, 1)]
"""Complete Everleaf hand texts, one per table variant and body."""
