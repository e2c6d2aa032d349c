"""PokerStars hands written from docs/formats/pokerstars.md, one or more for every form.

A hand is a header variant (every ``header.*`` form: cash in each currency, the
dated forms of 2005-2008, home games, Zoom, every tournament buy-in, mixed games,
the upper-case re-export) put on a body (a scripted deal of one game: its cards
fix who brings in, who acts first on each street and who wins; its amounts follow
the stakes). The bodies between them use every body and summary form; the noise
forms are put between lines of the bodies, each where the site prints it.
``tests/read/sites/test_forms.py`` parses every hand, replays it under the ``pokerstars``
profile with zero violations and checks that it balances.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

__all__ = ["HANDS", "Stakes"]


@dataclass(frozen=True)
class Stakes:
    """A table's money: units per printed whole, the sign, and the bets in units."""

    scale: int
    sign: str
    ante: int
    bring_in: int
    small: int
    big: int
    rake: int = 0

    def m(self, units: int) -> str:
        """``units`` as the site prints them: ``$0.04``, ``$1``, ``₹5``, ``Rs. 5``, ``250``."""
        if self.scale == 1:
            return f"{self.sign}{units}"
        whole, cents = divmod(units, self.scale)
        return f"{self.sign}{whole}" if cents == 0 else f"{self.sign}{whole}.{cents:02d}"

    def stakes(self, code: str = "") -> str:
        text = f"{self.m(self.small)}/{self.m(self.big)}"
        return f"{text} {code}" if code else text


USD = Stakes(100, "$", 2, 5, 10, 20, rake=3)
EUR = Stakes(100, "€", 2, 5, 10, 20, rake=3)
GBP = Stakes(100, "£", 2, 5, 10, 20)
INR = Stakes(100, "₹", 100, 200, 500, 1000, rake=100)
RUPEES = Stakes(100, "Rs. ", 100, 200, 500, 1000)
CAD = Stakes(100, "$", 10, 25, 100, 200, rake=20)
PLAY = Stakes(1, "", 10, 25, 100, 200)
CHIPS = Stakes(1, "", 10, 15, 50, 100)

Body = Callable[[Stakes], list[str]]


# ---------------------------------------------------------------------------
# Bodies: the lines after the header and the table line.
# ---------------------------------------------------------------------------


def stud_showdown(k: Stakes) -> list[str]:
    """Stud, four players: a completion by raise, a fold showing cards, an open pair and
    a big bet on 4th, a capped 5th, a river bet and a showdown won by the caller."""
    a, bi, s, b, m = k.ante, k.bring_in, k.small, k.big, k.m
    stack = 40 * b
    pot = 4 * a + 3 * s + 4 * b + 8 * b + 2 * b
    return [
        f"Seat 1: Ann ({m(stack)} in chips)",
        f"Seat 2: Bob Lee ({m(stack)} in chips)",
        f"Seat 3: Cy [7] ({m(stack)} in chips)",
        f"Seat 5: Mr: Fox ({m(stack)} in chips)",
        f"Ann: posts the ante {m(a)}",
        f"Bob Lee: posts the ante {m(a)}",
        f"Cy [7]: posts the ante {m(a)}",
        f"Mr: Fox: posts the ante {m(a)}",
        "*** 3rd STREET ***",
        "Dealt to Ann [As Kd 4h]",
        "Dealt to Bob Lee [2c]",
        "Dealt to Cy [7] [Qs]",
        "Dealt to Mr: Fox [9d]",
        f"Bob Lee: brings in for {m(bi)}",
        f"Cy [7]: raises {m(s - bi)} to {m(s)}",
        "Mr: Fox: folds [8c 3s 9d]",
        f"Ann: calls {m(s)}",
        f"Bob Lee: calls {m(s - bi)}",
        "*** 4th STREET ***",
        "Dealt to Ann [As Kd 4h] [4s]",
        "Dealt to Bob Lee [2c] [Jd]",
        "Dealt to Cy [7] [Qs] [7c]",
        "Pair on board - a double bet is allowed",
        f"Ann: bets {m(b)}",
        "Bob Lee: folds",
        f"Cy [7]: raises {m(b)} to {m(2 * b)}",
        f"Ann: calls {m(b)}",
        "*** 5th STREET ***",
        "Dealt to Ann [As Kd 4h 4s] [Kc]",
        "Dealt to Cy [7] [Qs 7c] [Qh]",
        f"Cy [7]: bets {m(b)}",
        f"Ann: raises {m(b)} to {m(2 * b)}",
        f"Cy [7]: raises {m(b)} to {m(3 * b)}",
        f"Ann: raises {m(b)} to {m(4 * b)}",
        "Betting is capped",
        f"Cy [7]: calls {m(b)}",
        "*** 6th STREET ***",
        "Dealt to Ann [As Kd 4h 4s Kc] [2d]",
        "Dealt to Cy [7] [Qs 7c Qh] [5s]",
        "Cy [7]: checks",
        "Ann: checks",
        "*** RIVER ***",
        "Dealt to Ann [As Kd 4h 4s Kc 2d] [Ks]",
        f"Cy [7]: bets {m(b)}",
        f"Ann: calls {m(b)}",
        "*** SHOW DOWN ***",
        "Cy [7]: shows [Jh Tc Qs 7c Qh 5s 3d] (a pair of Queens)",
        "Ann: shows [As Kd 4h 4s Kc 2d Ks] (a full house, Kings full of Fours)",
        f"Ann collected {m(pot - k.rake)} from pot",
        "*** SUMMARY ***",
        f"Total pot {m(pot)} | Rake {m(k.rake)}",
        f"Seat 1: Ann showed [As Kd 4h 4s Kc 2d Ks] and won ({m(pot - k.rake)}) with a full "
        "house, Kings full of Fours",
        "Seat 2: Bob Lee folded on the 4th Street",
        "Seat 3: Cy [7] showed [Jh Tc Qs 7c Qh 5s 3d] and lost with a pair of Queens",
        "Seat 5: Mr: Fox folded on the 3rd Street (didn't bet)",
    ]


def stud_side_pots(k: Stakes) -> list[str]:
    """Stud, four players: an all-in ante, an all-in bring-in, a main pot and two side
    pots, each won by another player; the rest checked down."""
    a, bi, s, m = k.ante, k.bring_in, k.small, k.m
    main, side1, side2 = 4 * a, 3 * bi, 2 * (s - bi)
    return [
        f"Seat 1: Wes ({m(a)} in chips)",
        f"Seat 2: Xi ({m(a + bi)} in chips)",
        f"Seat 3: Yan ({m(40 * s)} in chips)",
        f"Seat 4: Zoe ({m(40 * s)} in chips)",
        f"Wes: posts the ante {m(a)} and is all-in",
        f"Xi: posts the ante {m(a)}",
        f"Yan: posts the ante {m(a)}",
        f"Zoe: posts the ante {m(a)}",
        "*** 3rd STREET ***",
        "Dealt to Wes [3d]",
        "Dealt to Xi [2c]",
        "Dealt to Yan [Jc]",
        "Dealt to Zoe [Qs]",
        f"Xi: brings in for {m(bi)} and is all-in",
        f"Yan: raises {m(s - bi)} to {m(s)}",
        f"Zoe: calls {m(s)}",
        "*** 4th STREET ***",
        "Dealt to Wes [3d] [7c]",
        "Dealt to Xi [2c] [4h]",
        "Dealt to Yan [Jc] [8d]",
        "Dealt to Zoe [Qs] [Qh]",
        "Pair on board - a double bet is allowed",
        "Zoe: checks",
        "Yan: checks",
        "*** 5th STREET ***",
        "Dealt to Wes [3d 7c] [8h]",
        "Dealt to Xi [2c 4h] [9s]",
        "Dealt to Yan [Jc 8d] [5c]",
        "Dealt to Zoe [Qs Qh] [6d]",
        "Zoe: checks",
        "Yan: checks",
        "*** 6th STREET ***",
        "Dealt to Wes [3d 7c 8h] [Jd]",
        "Dealt to Xi [2c 4h 9s] [Tc]",
        "Dealt to Yan [Jc 8d 5c] [4d]",
        "Dealt to Zoe [Qs Qh 6d] [6h]",
        "Zoe: checks",
        "Yan: checks",
        "*** RIVER ***",
        "Zoe: checks",
        "Yan: checks",
        "*** SHOW DOWN ***",
        "Zoe: shows [2s 3h Qs Qh 6d 6h 9c] (two pair, Queens and Sixes)",
        "Yan: shows [7s 7h Jc 8d 5c 4d 2d] (a pair of Sevens)",
        f"Zoe collected {m(side2)} from side pot-2",
        "Xi: shows [Kh Ks 2c 4h 9s Tc Kd] (three of a kind, Kings)",
        f"Xi collected {m(side1)} from side pot-1",
        "Wes: shows [As Ah 3d 7c 8h Jd Ad] (three of a kind, Aces)",
        f"Wes collected {m(main)} from main pot",
        "*** SUMMARY ***",
        f"Total pot {m(main + side1 + side2)} Main pot {m(main)}. Side pot-1 {m(side1)}. "
        f"Side pot-2 {m(side2)}. | Rake {m(0)}",
        f"Seat 1: Wes showed [As Ah 3d 7c 8h Jd Ad] and won ({m(main)}) with three of a "
        "kind, Aces",
        f"Seat 2: Xi showed [Kh Ks 2c 4h 9s Tc Kd] and won ({m(side1)}) with three of a "
        "kind, Kings",
        "Seat 3: Yan showed [7s 7h Jc 8d 5c 4d 2d] and lost with a pair of Sevens",
        f"Seat 4: Zoe showed [2s 3h Qs Qh 6d 6h 9c] and won ({m(side2)}) with two pair, "
        "Queens and Sixes",
    ]


def stud_one_side_pot(k: Stakes) -> list[str]:
    """Stud, three players: a short stack all-in on 5th, a main pot and one side pot, an
    uncalled river bet, a loser who mucks showing his cards."""
    a, bi, s, b, m = k.ante, k.bring_in, k.small, k.big, k.m
    short = a + s + b
    main = 3 * a + 3 * s + 3 * b
    side = 2 * b
    return [
        f"Seat 1: Ann ({m(40 * b)} in chips)",
        f"Seat 4: Dee ({m(short)} in chips)",
        f"Seat 6: Eve ({m(40 * b)} in chips)",
        f"Ann: posts the ante {m(a)}",
        f"Dee: posts the ante {m(a)}",
        f"Eve: posts the ante {m(a)}",
        "*** 3rd STREET ***",
        "Dealt to Ann [Td 9c 8c]",
        "Dealt to Dee [Ah]",
        "Dealt to Eve [3h]",
        f"Eve: brings in for {m(bi)}",
        f"Ann: raises {m(s - bi)} to {m(s)}",
        f"Dee: calls {m(s)}",
        f"Eve: calls {m(s - bi)}",
        "*** 4th STREET ***",
        "Dealt to Ann [Td 9c 8c] [7d]",
        "Dealt to Dee [Ah] [Kh]",
        "Dealt to Eve [3h] [5d]",
        "Dee: checks",
        "Eve: checks",
        "Ann: checks",
        "*** 5th STREET ***",
        "Dealt to Ann [Td 9c 8c 7d] [6s]",
        "Dealt to Dee [Ah Kh] [2s]",
        "Dealt to Eve [3h 5d] [Jh]",
        f"Dee: bets {m(b)} and is all-in",
        f"Eve: calls {m(b)}",
        f"Ann: calls {m(b)}",
        "*** 6th STREET ***",
        "Dealt to Ann [Td 9c 8c 7d 6s] [Qc]",
        "Dealt to Dee [Ah Kh 2s] [3c]",
        "Dealt to Eve [3h 5d Jh] [Js]",
        "Eve: checks",
        f"Ann: bets {m(b)}",
        f"Eve: calls {m(b)}",
        "*** RIVER ***",
        "Dealt to Ann [Td 9c 8c 7d 6s Qc] [5c]",
        "Eve: checks",
        f"Ann: bets {m(b)}",
        "Eve: folds",
        f"Uncalled bet ({m(b)}) returned to Ann",
        "*** SHOW DOWN ***",
        "Ann: shows [Td 9c 8c 7d 6s Qc 5c] (a straight, Six to Ten)",
        f"Ann collected {m(side - k.rake)} from side pot",
        "Dee: mucks hand [4s 4c Ah Kh 2s 3c 8s]",
        f"Ann collected {m(main)} from main pot",
        "*** SUMMARY ***",
        f"Total pot {m(main + side)} Main pot {m(main)}. Side pot {m(side - k.rake)}. | "
        f"Rake {m(k.rake)}",
        f"Seat 1: Ann showed [Td 9c 8c 7d 6s Qc 5c] and won ({m(main + side - k.rake)}) with "
        "a straight, Six to Ten",
        "Seat 4: Dee mucked [4s 4c Ah Kh 2s 3c 8s]",
        "Seat 6: Eve folded on the River",
    ]


# door, 4th, 5th, 6th of each of eight players: P1 shows the best board on every street.
_COMMON_BOARDS = (
    ("Ah", "Kh", "Qh", "Jh"), ("Kc", "9d", "7s", "2d"), ("Qc", "8d", "6s", "3c"),
    ("Jc", "9s", "5d", "2h"), ("Tc", "8s", "4d", "3h"), ("9c", "7d", "5s", "2s"),
    ("8c", "6d", "4s", "3s"), ("2c", "6h", "4c", "3d"))
_COMMON = "Ad"
"""The common card pairs P1's door, so P1 still shows the best board on 7th street."""


def _unused(cards: Sequence[str]) -> list[str]:
    used = set(cards)
    return [r + s for r in "23456789TJQKA" for s in "cdhs" if r + s not in used]


def stud_common_card(k: Stakes) -> list[str]:
    """Stud, eight players to 7th street, every bet after the bring-in checked: the deck
    runs short and one card is dealt face up for all (``*** RIVER *** [Ad]``)."""
    a, bi, m = k.ante, k.bring_in, k.m
    names = [f"P{i}" for i in range(1, 9)]
    spare = _unused([c for board in _COMMON_BOARDS for c in board] + [_COMMON, "Th", "9h"])
    down = [("Th", "9h")] + [(spare[2 * i], spare[2 * i + 1]) for i in range(7)]
    hands = [list(d) + list(board) for d, board in zip(down, _COMMON_BOARDS, strict=True)]
    lines = [f"Seat {i}: {n} ({m(100 * bi)} in chips)" for i, n in enumerate(names, 1)]
    lines += [f"{n}: posts the ante {m(a)}" for n in names]
    lines.append("*** 3rd STREET ***")
    lines.append(f"Dealt to P1 [{hands[0][0]} {hands[0][1]} {hands[0][2]}]")
    lines += [f"Dealt to {n} [{h[2]}]" for n, h in zip(names[1:], hands[1:], strict=True)]
    lines.append(f"P8: brings in for {m(bi)}")
    lines += [f"{n}: calls {m(bi)}" for n in names[:7]]
    for street, count in (("4th", 3), ("5th", 4), ("6th", 5)):
        lines.append(f"*** {street} STREET ***")
        for n, h in zip(names, hands, strict=True):
            shown = h[:count] if n == "P1" else h[2:count]
            lines.append(f"Dealt to {n} [{' '.join(shown)}] [{h[count]}]")
        lines += [f"{n}: checks" for n in names]
    lines.append(f"*** RIVER *** [{_COMMON}]")
    lines += [f"{n}: checks" for n in names]
    lines.append("*** SHOW DOWN ***")
    pot = 8 * a + 8 * bi
    lines.append(f"P1: shows [{' '.join(hands[0])}] (a straight flush, Royal Flush)")
    lines += [f"{n}: mucks hand" for n in names[1:]]
    lines.append(f"P1 collected {m(pot - k.rake)} from pot")
    lines += ["*** SUMMARY ***", f"Total pot {m(pot)} | Rake {m(k.rake)}", f"Board [{_COMMON}]"]
    lines.append(f"Seat 1: P1 showed [{' '.join(hands[0])}] and won ({m(pot - k.rake)}) with a "
                 "straight flush, Royal Flush")
    lines += [f"Seat {i}: {n} mucked [{' '.join(h)}]"
              for i, (n, h) in enumerate(zip(names, hands, strict=True), 1) if i > 1]
    return lines


def stud8_split(k: Stakes) -> list[str]:
    """Stud hi/lo heads-up to a showdown: one player takes the high half, the other the
    low; a bet on every street, the river bettor shows first."""
    a, bi, s, b, m = k.ante, k.bring_in, k.small, k.big, k.m
    pot = 2 * a + 2 * s + 2 * s + 2 * b * 3
    net = pot - k.rake
    high, low = net - net // 2, net // 2
    return [
        f"Seat 2: Gus ({m(40 * b)} in chips)",
        f"Seat 7: Hal ({m(40 * b)} in chips)",
        f"Gus: posts the ante {m(a)}",
        f"Hal: posts the ante {m(a)}",
        "*** 3rd STREET ***",
        "Dealt to Gus [Kd Ks 9c]",
        "Dealt to Hal [3c]",
        f"Hal: brings in for {m(bi)}",
        f"Gus: raises {m(s - bi)} to {m(s)}",
        f"Hal: calls {m(s - bi)}",
        "*** 4th STREET ***",
        "Dealt to Gus [Kd Ks 9c] [9h]",
        "Dealt to Hal [3c] [4d]",
        f"Gus: bets {m(s)}",
        f"Hal: calls {m(s)}",
        "*** 5th STREET ***",
        "Dealt to Gus [Kd Ks 9c 9h] [Qc]",
        "Dealt to Hal [3c 4d] [7s]",
        f"Gus: bets {m(b)}",
        f"Hal: calls {m(b)}",
        "*** 6th STREET ***",
        "Dealt to Gus [Kd Ks 9c 9h Qc] [Jd]",
        "Dealt to Hal [3c 4d 7s] [8h]",
        f"Gus: bets {m(b)}",
        f"Hal: calls {m(b)}",
        "*** RIVER ***",
        "Dealt to Gus [Kd Ks 9c 9h Qc Jd] [2s]",
        f"Gus: bets {m(b)}",
        f"Hal: calls {m(b)}",
        "*** SHOW DOWN ***",
        "Gus: shows [Kd Ks 9c 9h Qc Jd 2s] (HI: two pair, Kings and Nines)",
        "Hal: shows [Ac 6c 3c 4d 7s 8h Th] (HI: high card Ace; LO: 7,6,4,3,A)",
        f"Gus collected {m(high)} from pot",
        f"Hal collected {m(low)} from pot",
        "*** SUMMARY ***",
        f"Total pot {m(pot)} | Rake {m(k.rake)}",
        f"Seat 2: Gus showed [Kd Ks 9c 9h Qc Jd 2s] and won ({m(high)}) with HI: two pair, "
        "Kings and Nines",
        f"Seat 7: Hal showed [Ac 6c 3c 4d 7s 8h Th] and won ({m(low)}) with HI: high card Ace; "
        "LO: 7,6,4,3,A",
    ]


def stud8_no_low(k: Stakes) -> list[str]:
    """Stud hi/lo, three players: a fold, a check-down, the winner collects all since no
    low qualifies; the loser mucks."""
    a, bi, s, m = k.ante, k.bring_in, k.small, k.m
    pot = 3 * a + 2 * s + bi
    return [
        f"Seat 1: Ivy ({m(100 * s)} in chips)",
        f"Seat 3: Jo ({m(100 * s)} in chips)",
        f"Seat 8: Kit ({m(100 * s)} in chips)",
        f"Ivy: posts the ante {m(a)}",
        f"Jo: posts the ante {m(a)}",
        f"Kit: posts the ante {m(a)}",
        "*** 3rd STREET ***",
        "Dealt to Ivy [Qd Qc Ts]",
        "Dealt to Jo [2d]",
        "Dealt to Kit [9s]",
        f"Jo: brings in for {m(bi)}",
        f"Kit: raises {m(s - bi)} to {m(s)}",
        f"Ivy: calls {m(s)}",
        "Jo: folds",
        "*** 4th STREET ***",
        "Dealt to Ivy [Qd Qc Ts] [Kh]",
        "Dealt to Kit [9s] [9d]",
        "Kit: checks",
        "Ivy: checks",
        "*** 5th STREET ***",
        "Dealt to Ivy [Qd Qc Ts Kh] [Jc]",
        "Dealt to Kit [9s 9d] [8c]",
        "Kit: checks",
        "Ivy: checks",
        "*** 6th STREET ***",
        "Dealt to Ivy [Qd Qc Ts Kh Jc] [5h]",
        "Dealt to Kit [9s 9d 8c] [Td]",
        "Kit: checks",
        "Ivy: checks",
        "*** RIVER ***",
        "Dealt to Ivy [Qd Qc Ts Kh Jc 5h] [Kd]",
        "Kit: checks",
        "Ivy: checks",
        "*** SHOW DOWN ***",
        "Ivy: shows [Qd Qc Ts Kh Jc 5h Kd] (HI: two pair, Kings and Queens)",
        "Kit: mucks hand",
        f"Ivy collected {m(pot - k.rake)} from pot",
        "No low hand qualified",
        "*** SUMMARY ***",
        f"Total pot {m(pot)} | Rake {m(k.rake)}",
        "Seat 1: Ivy showed [Qd Qc Ts Kh Jc 5h Kd] and won "
        f"({m(pot - k.rake)}) with HI: two pair, Kings and Queens",
        "Seat 3: Jo folded on the 3rd Street",
        "Seat 8: Kit mucked [Ks 2h 9s 9d 8c Td 7c]",
    ]


def razz_uncalled(k: Stakes) -> list[str]:
    """Razz, three players: the highest door brings in, a completion by raise takes it
    down, the unmatched part comes back, the winner does not show."""
    a, bi, s, m = k.ante, k.bring_in, k.small, k.m
    pot = 3 * a + 2 * bi
    return [
        f"Seat 1: Lou ({m(100 * s)} in chips)",
        f"Seat 2: Max ({m(100 * s)} in chips)",
        f"Seat 3: Ned ({m(100 * s)} in chips)",
        f"Lou: posts the ante {m(a)}",
        f"Max: posts the ante {m(a)}",
        f"Ned: posts the ante {m(a)}",
        "*** 3rd STREET ***",
        "Dealt to Lou [Kd]",
        "Dealt to Max [5c 2d 3c]",
        "Dealt to Ned [6h]",
        f"Lou: brings in for {m(bi)}",
        f"Max: raises {m(s - bi)} to {m(s)}",
        "Ned: folds",
        "Lou: folds",
        f"Uncalled bet ({m(s - bi)}) returned to Max",
        f"Max collected {m(pot - k.rake)} from pot",
        "Max: doesn't show hand",
        "*** SUMMARY ***",
        f"Total pot {m(pot)} | Rake {m(k.rake)}",
        "Seat 1: Lou folded on the 3rd Street",
        f"Seat 2: Max collected ({m(pot - k.rake)})",
        "Seat 3: Ned folded on the 3rd Street (didn't bet)",
    ]


def razz_showdown(k: Stakes) -> list[str]:
    """Razz heads-up: the bring-in completes at once (``bets``), the lowest board acts
    first, a bare show and a muck, the better low wins."""
    a, s, b, m = k.ante, k.small, k.big, k.m
    pot = 2 * a + 2 * s + 2 * s + 2 * b
    return [
        f"Seat 4: Oz ({m(40 * b)} in chips)",
        f"Seat 5: Pia ({m(40 * b)} in chips)",
        f"Oz: posts the ante {m(a)}",
        f"Pia: posts the ante {m(a)}",
        "*** 3rd STREET ***",
        "Dealt to Oz [Qc]",
        "Dealt to Pia [4s 2h 3d]",
        f"Oz: bets {m(s)}",
        f"Pia: calls {m(s)}",
        "*** 4th STREET ***",
        "Dealt to Oz [Qc] [Kc]",
        "Dealt to Pia [4s 2h 3d] [5h]",
        f"Pia: bets {m(s)}",
        f"Oz: calls {m(s)}",
        "*** 5th STREET ***",
        "Dealt to Oz [Qc Kc] [8d]",
        "Dealt to Pia [4s 2h 3d 5h] [Td]",
        f"Pia: bets {m(b)}",
        f"Oz: calls {m(b)}",
        "*** 6th STREET ***",
        "Dealt to Oz [Qc Kc 8d] [Jh]",
        "Dealt to Pia [4s 2h 3d 5h Td] [9c]",
        "Pia: checks",
        "Oz: checks",
        "*** RIVER ***",
        "Dealt to Pia [4s 2h 3d 5h Td 9c] [7c]",
        "Pia: checks",
        "Oz: checks",
        "*** SHOW DOWN ***",
        "Pia: shows [4s 2h 3d 5h Td 9c 7c]",
        "Oz: mucks hand",
        f"Pia collected {m(pot - k.rake)} from pot",
        "*** SUMMARY ***",
        f"Total pot {m(pot)} | Rake {m(k.rake)}",
        "Seat 4: Oz mucked [Kh Ks Qc Kc 8d Jh Qs]",
        f"Seat 5: Pia showed [4s 2h 3d 5h Td 9c 7c] and won ({m(pot - k.rake)}) with Lo: "
        "7,5,4,3,2",
    ]


# ---------------------------------------------------------------------------
# Headers: every header.* form, each on a body of its game.
# ---------------------------------------------------------------------------

_ET = "2020/05/01 21:14:09 CET [2020/05/01 15:14:09 ET]"


@dataclass(frozen=True)
class Variant:
    header: str
    """The header line, ``{id}`` where the hand number goes."""
    table: str
    stakes: Stakes
    body: Body


def _cash(game: str, k: Stakes, code: str = "USD", when: str = _ET, word: str = "Hand") -> str:
    return f"PokerStars {word} #{{id}}:  {game} Limit ({k.stakes(code)}) - {when}"


def _tour(buy_in: str, game: str, level: str = "Level IV (50/100)", word: str = "Hand",
          when: str = "2013/01/03 16:27:43 EET [2013/01/03 9:27:43 ET]") -> str:
    return f"PokerStars {word} #{{id}}: Tournament #664712833, {buy_in}{game} - {level} - {when}"


_T8 = "Table 'Atalante II' 8-max"
_TT = "Table '664712833 3' 8-max"
VARIANTS: tuple[Variant, ...] = (
    # cash
    Variant(_cash("7 Card Stud", USD, when="2009/11/26 10:08:43 ET", word="Game"), _T8, USD,
            stud_showdown),
    Variant(_cash("7 Card Stud Hi/Lo", EUR, "EUR"), _T8, EUR, stud8_split),
    Variant(_cash("7 Card Stud", GBP, "GBP"), _T8, GBP, stud_one_side_pot),
    Variant(_cash("Razz", INR, "INR", "2019/04/05 4:00:18 IST [2019/04/04 18:30:18 ET]"), _T8,
            INR, razz_showdown),
    Variant(_cash("Razz", RUPEES, "INR", "2019/04/05 4:02:18 IST [2019/04/04 18:32:18 ET]"), _T8,
            RUPEES, razz_uncalled),
    Variant(_cash("7 Card Stud Hi/Lo", CAD, "CAD"), _T8, CAD, stud8_no_low),
    Variant(_cash("7 Card Stud", USD, "", "2009/07/16 2:36:31 CET [2009/07/15 20:36:31 ET]",
                  "Game"), "Table 'Laomedon' 8-max", USD, stud_common_card),
    Variant("PokerStars Game #{id}:  7 Card Stud Hi/Lo Limit ($0.10/$0.20) - "
            "2008/02/03 - 22:04:15 (ET)", "Table 'Lydia' 8-max", USD, stud8_split),
    Variant("PokerStars Game #{id}:  Razz Limit ($0.10/$0.20) - 2008/09/26 14:36:50 ET",
            "Table 'Siwa III' 8-max", USD, razz_showdown),
    Variant("PokerStars Game #{id}:  Razz Limit ($0.10/$0.20 USD) - 2006/08/21 - 13:59:19 (ET)",
            "Table 'Sekanina'", USD, razz_showdown),
    Variant("PokerStars Hand #{id}:  8-Game (7 Card Stud Hi/Lo Limit, $0.10/$0.20 USD) - "
            "2017/01/21 16:58:03 ET", "Table 'Educatio' 8-max", USD, stud8_no_low),
    Variant("PokerStars Game #{id}:  HORSE (Razz Limit, $0.10/$0.20) - 2006/08/21 - 13:59:19 (ET)",
            "Table 'Hydra' 8-max", USD, razz_uncalled),
    Variant("PokerStars Hand #{id}:  7 Card Stud Limit (100/200) - 2012/01/01 13:19:41 ET",
            "Table 'Ariadne' 8-max (Play Money)", PLAY, stud_showdown),
    Variant("PokerStars Zoom Hand #{id}:  7 Card Stud Limit ($0.10/$0.20) - "
            "2013/01/08 22:28:42 CET [2013/01/08 16:28:42 ET]", "Table 'Halley' 8-max", USD,
            stud_one_side_pot),
    Variant("PokerStars Hand #{id}:  7 Card Stud Limit (€0.10/€0.20 EUR) [ADM ID: 4F2A9C] - "
            "2014/06/01 21:00:00 CET [2014/06/01 15:00:00 ET]", _T8, EUR, stud_showdown),
    Variant("PokerStars Home Game Hand #{id}: {{chipchipchip}}  7 Card Stud Limit (100/200) - "
            "2012/01/28 20:58:29 ET", "Table 'test_hu' 8-max (Play Money)", PLAY, stud_showdown),
    Variant("PokerStars Home Game #{id}: {{Kitchen}}  Razz Limit (100/200) - "
            "2010/02/02 20:00:00 ET", "Table 'Kitchen' 8-max (Play Money)", PLAY, razz_uncalled),
    # tournaments
    Variant(_tour("$200+$15 USD ", "Razz Limit"), _TT, CHIPS, razz_showdown),
    Variant(_tour("£5.00+£0.50 GBP ", "7 Card Stud Limit", word="Game"), _TT, CHIPS,
            stud_side_pots),
    Variant(_tour("300+20 ", "7 Card Stud Hi/Lo Limit"), _TT, CHIPS, stud8_split),
    Variant(_tour("$5.00+$0.50 ", "7 Card Stud Limit", "Level II (50/100)", "Game",
                  "2007/10/15 - 05:34:03 (ET)"), "Table '63858762 18' 8-max", CHIPS,
            stud_side_pots),
    Variant(_tour("$1.00+$0.25+$0.15 USD ", "Razz Limit"), _TT, CHIPS, razz_uncalled),
    Variant(_tour("$332.50+$332.50+$35.00 USD ", "7 Card Stud Limit"), _TT, CHIPS,
            stud_side_pots),
    Variant(_tour("Freeroll  ", "7 Card Stud Limit"), _TT, CHIPS, stud_showdown),
    Variant(_tour("50FPP ", "Razz Limit", word="Game"), _TT, CHIPS, razz_showdown),
    Variant(_tour("250 SC ", "7 Card Stud Hi/Lo Limit"), _TT, CHIPS, stud8_no_low),
    Variant(_tour("", "Razz Limit", "Match Round I, Level I (50/100)", "Hand",
                  "2006/11/03 9:33:53 ET"), _TT, CHIPS, razz_uncalled),
    Variant(_tour("$2.00+$0.20 USD ", "Triple Stud (7 Card Stud Limit)", "Level XXXI (50/100)"),
            _TT, CHIPS, stud_side_pots),
    Variant(_tour("$0.98+$0.12 USD ", "HORSE (7 Card Stud Hi/Lo Limit)", "Level V (50/100)",
                  when="2023/02/05 10:25:51 PT [2023/02/05 13:25:51 ET]"), _TT, CHIPS,
            stud8_split),
    Variant(_tour("$3.00+$0.30 USD ", "7 Card Stud Limit", "Level III (ante 10, 50/100)"),
            _TT, CHIPS, stud_showdown),
    Variant("PokerStars Home Game Hand #{id}: {{Dazzle's Room}} Tournament #743144019, 100+9 "
            "8-Game (Razz Limit) - Match Round I, Level IV (50/100) - 2013/06/06 0:00:10 ET",
            "Table '743144019 1' 8-max", CHIPS, razz_showdown),
    Variant("PokerStars Game #{id}: TOURNAMENT #169962475, $10+$1 7 CARD STUD HI/LO LIMIT - "
            "LEVEL I (50/100) - 2009/06/14 11:45:00 ET", "Table '169962475 2' 8-max", CHIPS,
            stud8_no_low),
)


# ---------------------------------------------------------------------------
# Noise: every noise.* example, put where the site prints such a line.
# ---------------------------------------------------------------------------

NOISE_LINES: dict[int, tuple[tuple[str, str], ...]] = {
    # variant index -> (line after which, noise line) pairs
    0: (("Seat 5: Mr: Fox", "railbird77 [observer] said, \"gl all\""),
        ("Mr: Fox: folds", "Mr: Fox leaves the table"),
        ("Mr: Fox leaves the table", "garnishgut joins the table at seat #4"),
        ("*** SHOW DOWN ***", "Bob Lee said, \"nh\""),
        ("Ann collected", "Cy [7] said, \"B: bets 5\"")),
    2: (("Eve: checks", "Dee is disconnected"), ("Dee: bets", "Dee is connected"),
        ("*** 6th STREET ***", "Eve has 15 seconds left to act"),
        ("Uncalled bet", "Eve has timed out"), ("*** SUMMARY ***", "Dee: sits out")),
    5: (("Jo: folds", "Jo sits out"), ("Kit: mucks hand", "Kit: is sitting out")),
    11: (("Ned: folds", "Ned has timed out while disconnected"),
         ("Lou: folds", "Ned has timed out while being disconnected"),
         ("Max: doesn't show", "Ned is sitting out"), ("Seat 3: Ned", "Ned has returned")),
    12: (("Seat 3: Cy [7]", "Villain5 was removed from the table for failing to post"),
         ("*** 3rd STREET ***", "Specks4016 will be allowed to play after the button")),
    18: (("Wes collected", "Wes wins the tournament and receives $230.36 - congratulations!"),
         ("Xi collected", "Xi finished the tournament in 2nd place and received $1.05."),
         ("Zoe collected", "Yan finished the tournament in 3rd place and received 50 FPP."),
         ("Zoe: checks", "Yan re-buys and receives 3000 chips for £5.00")),
    20: (("Zoe collected", "Wes finished the tournament in 273rd place"),
         ("Xi collected", "Xi finished the tournament"),
         ("Wes collected", "Hero wins the tournament - congratulations!"),
         ("Yan: raises", "s0rrow re-buys and receives 3000 chips for $10.00")),
    21: (("Max collected", "APTEM-89 wins the $0.27 bounty for eliminating Hero"),
         ("Max: doesn't show", "ChazDazzle wins the 22000 bounty for eliminating berkovich609"),
         ("Seat 1: Lou", "JKuzja, vecenta split the $50 bounty for eliminating ODYSSES")),
    22: (("Wes collected", "Amsterdam71 wins $19.90 for eliminating MuKoJla and their own "
          "bounty increases by $19.89 to $155.32"),
         ("Xi collected", "Amsterdam71 wins $4.60 for splitting the elimination of Frimble11 "
          "and their own bounty increases by $4.59 to $41.32")),
    24: (("Pia collected", "Hero wins an entry to tournament #1407056460"),
         ("*** 3rd STREET ***", "Player18 re-buys and receives 600 chips for 2 FPPs"),
         ("Oz: mucks hand", "Hero takes the add-on and receives 3000 chips for $1.00")),
    25: (("Ivy collected", "Player2 re-buys and receives 3000 chips for 250 StarsCoin"),
         ("Kit: checks", "Hero takes the add-on and receives 2000 chips for 100 StarsCoin"),
         ("Jo: folds", "Hero adds 1500 chips (1 stack(s) of 1500 chips). Hero has 2 stack(s) "
          "remaining.")),
    26: (("Max collected", "All players have agreed to skip the break. Game resuming."),
         ("Seat 2: Max", "The tournament is on break")),
    29: (("*** SUMMARY ***", "*********** # 1 **************"),),
    30: (("Pia: calls", "Oz said, \"LOL\""),),
}


def _with_noise(lines: list[str], pairs: Sequence[tuple[str, str]]) -> list[str]:
    out = list(lines)
    for after, noise in pairs:
        at = next(i for i, line in enumerate(out) if line.startswith(after))
        out.insert(at + 1, noise)
    return out


EXTRA_SEATS: dict[int, tuple[str, ...]] = {
    # seated, dealt no cards: a player sitting out, one moved in from another table
    23: ("Seat 7: Gil (1500 in chips) is sitting out",
         "Seat 8: Hob (1475 in chips) out of hand (moved from another table into small blind)"),
}
BOUNTIES = frozenset({22})
"""Progressive-knockout tournaments print each player's bounty in the seat line."""


def _seats(index: int, body: list[str]) -> list[str]:
    last = max(i for i, line in enumerate(body) if line.startswith("Seat ") and "in chips" in line)
    if index in BOUNTIES:
        body = [line.replace(" in chips)", " in chips, $332.50 bounty)") if i <= last else line
                for i, line in enumerate(body)]
    return body[: last + 1] + list(EXTRA_SEATS.get(index, ())) + body[last + 1:]


def hand(index: int, variant: Variant) -> str:
    """The text of one generated hand (lines end in a newline)."""
    header = variant.header.format(id=241600000000 + index)
    body = _seats(index, variant.body(variant.stakes))
    lines = _with_noise([header, variant.table, *body], NOISE_LINES.get(index, ()))
    return "\n".join(lines) + "\n"


HANDS: list[str] = [hand(i, v) for i, v in enumerate(VARIANTS)]
