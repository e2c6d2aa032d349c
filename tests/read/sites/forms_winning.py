"""Generated Winning Poker Network / ACR hands: every form of docs/formats/winning.md.

Each hand is a script (:mod:`handscript`: seats, cards, who does what) played
out by fixed-limit arithmetic and written in one of the network's two
formats, under one of its header forms: the client of 2019 on (cash in
dollars, play money, tournaments with and without a guarantee, the 2026
header with its ante) and the 2016 client (cash, play money, tournament,
one card per line, street headers one street late, results only in the
summary). ``tests/read/sites/test_forms.py`` checks that together they use every
catalogued form, parse, replay clean under the ``winning`` profile and
balance; ``tests/read/sites/test_forms_winning.py`` checks the header fields.
"""

from __future__ import annotations

from collections.abc import Callable

from handscript import Action, Played, Script, play

from stud_hh.rules.evaluate import high_category, low8_rank, low_cards

# ---------------------------------------------------------------------------------------
# The client of 2019 on
# ---------------------------------------------------------------------------------------

_STREET_HEADERS = {3: "*** 3rd STREET ***", 4: "*** 4th STREET ***", 5: "*** 5th STREET ***",
                   6: "*** 6th STREET ***", 7: "*** 7th STREET ***"}
_ORDINAL = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}


def dollars(units: int) -> str:
    return f"${units / 100:.2f}"


def plain(units: int) -> str:
    """Play money and tournament chips: the number without a sign."""
    return f"{units / 100:.2f}"


def _description(hand: Played, name: str) -> str:
    cards = list(hand.cards(name))
    high = f"a {high_category(cards)}" if high_category(cards) != "two pair" else "two pair"
    if hand.script.game != "stud8":
        return high
    low = low_cards(cards, 8)
    return f"HI - {high}" + (f" | LO - [{','.join(low)}]" if low else "")


def _running_pots(hand: Played, street: int, fmt: Callable[[int], str], raked: bool) -> list[str]:
    """The pot lines a street (or the showdown, ``street`` 8) opens with: the main pot and a
    side pot for each all-in level of a live player, after the rake taken so far."""
    names = hand.names
    upto = {n: sum(v for s, v in hand.by_street[n].items() if s < street) for n in names}
    if street == 8:
        upto = {n: upto[n] - hand.uncalled.get(n, 0) for n in names}
    all_in = {a.name for a in hand.actions if a.all_in and a.street < street}
    live = [n for n in names if hand.fold_street.get(n, 99) >= street]
    levels = sorted({upto[n] for n in live if n in all_in})
    if levels and levels[-1] < max(upto[n] for n in live):
        levels.append(max(upto[n] for n in live))
    levels = levels or [max(upto.values())]
    rake = hand.script.rake if street >= 5 else 0
    lines, previous = [], 0
    for index, level in enumerate(levels):
        amount = sum(min(upto[n], level) - min(upto[n], previous) for n in names)
        previous = level
        if index == 0:
            amount -= rake
            label = "Main pot"
        else:
            label = f"Side pot({index})"
        tail = f" | Rake {fmt(rake if index == 0 else 0)}" if raked else ""
        lines.append(f"{label} {fmt(amount)}{tail}")
    return lines


def _verb_new(action: Action, fmt: Callable[[int], str], bring_word: str) -> str:
    all_in = " and is all-in" if action.all_in else ""
    if action.kind == "bring":
        return f"{action.name} {bring_word} {fmt(action.added)}{all_in}"
    if action.kind in ("complete", "raise"):
        return f"{action.name} raises {fmt(action.added)} to {fmt(action.total)}{all_in}"
    if action.kind == "bet":
        return f"{action.name} bets {fmt(action.added)}{all_in}"
    if action.kind == "call":
        return f"{action.name} calls {fmt(action.added)}{all_in}"
    return f"{action.name} {action.kind}s"


def write_new(hand: Played, header: str, table: str, fmt: Callable[[int], str], *,
              raked: bool = True, jp_fee: int = 0, bring_word: str = "brings in",
              sitting_out: tuple[tuple[int, str, int], ...] = (),
              shows_after_fold: tuple[str, ...] = (), mucks: tuple[str, ...] = (),
              extra: dict[int, list[str]] | None = None) -> str:
    """``hand`` as the 2019+ client writes it. ``sitting_out`` seats that are dealt no cards;
    ``shows_after_fold`` players who turn their cards over after folding; ``mucks`` losers
    who muck at the showdown; ``extra`` lines (noise) put after the line of that index."""
    script = hand.script
    lines = [header, table]
    seats = sorted([(s[0], s[1], s[2], False) for s in script.seats]
                   + [(n, name, stack, True) for n, name, stack in sitting_out])
    for number, name, stack, out in seats:
        lines.append(f"Seat {number}: {name} ({fmt(stack)})" + (" is sitting out" if out else ""))
    for action in (a for a in hand.actions if a.kind == "ante"):
        all_in = " and is all-in" if action.all_in else ""
        lines.append(f"{action.name} posts ante {fmt(action.added)}{all_in}")
    hero = script.hero
    for street in range(3, hand.last_street + 1):
        lines.append(_STREET_HEADERS[street])
        lines.extend(_running_pots(hand, street, fmt, raked))
        for name in hand.dealt(street):
            cards = hand.cards(name)
            if street == 3:
                shown = cards[:3] if name == hero else cards[2:3]
                lines.append(f"Dealt to {name} [{' '.join(shown)}]")
            elif street == 7:
                if name == hero:
                    lines.append(f"Dealt to {name} [{' '.join(cards[:6])}] [{cards[6]}]")
            else:
                before = cards[:street - 1] if name == hero else cards[2:street - 1]
                lines.append(f"Dealt to {name} [{' '.join(before)}] [{cards[street - 1]}]")
        for action in (a for a in hand.actions if a.street == street):
            lines.append(_verb_new(action, fmt, bring_word))
            if action.kind == "fold" and action.name in shows_after_fold:
                lines.append(f"{action.name} shows [{' '.join(hand.cards(action.name)[:street])}]")
    for name, amount in hand.uncalled.items():
        lines.append(f"Uncalled bet ({fmt(amount)}) returned to {name}")
    if hand.showdown:
        lines.append("*** SHOW DOWN ***")
        lines.extend(_running_pots(hand, 8, fmt, raked))
        for name in hand.show_order:
            lines.append(f"{name} mucks hand" if name in mucks else
                         f"{name} shows [{' '.join(hand.cards(name))}] "
                         f"({_description(hand, name)})")
        for index, pot in enumerate(hand.pots):
            where = "main pot" if index == 0 else f"side pot-{index}"
            for name, share in pot.shares.items():
                lines.append(f"{name} collected {fmt(share)} from {where}")
    else:
        (winner,) = hand.winners
        lines.append(f"{winner} does not show")
    lines.append("*** SUMMARY ***")
    total = sum(p.amount for p in hand.pots)
    rake = script.rake
    if raked:
        fee = f" | JP Fee {fmt(jp_fee)}" if jp_fee else ""
        lines.append(f"Total pot {fmt(total)} | Rake {fmt(rake - jp_fee)}{fee}")
    else:
        lines.append(f"Total pot {fmt(total)}")
    for number, name, _, _ in script.seats:
        result = (f"mucked [{' '.join(hand.cards(name))}]" if name in mucks
                  else _seat_result_new(hand, name, fmt, name in shows_after_fold))
        lines.append(f"Seat {number}: {name} {result}")
    for index, extra_lines in sorted((extra or {}).items(), reverse=True):
        lines[index + 1:index + 1] = extra_lines
    return "\n".join(lines) + "\n"


def _seat_result_new(hand: Played, name: str, fmt: Callable[[int], str], shown: bool) -> str:
    if name in hand.fold_street:
        street = hand.fold_street[name]
        quiet = street == 3 and not any(a.name == name and a.street == 3 and a.kind in (
            "call", "complete", "raise", "bet") for a in hand.actions)
        showed = f"showed [{' '.join(hand.cards(name)[:street])}] and " if shown else ""
        return (f"{showed}folded on the {_ORDINAL[street]} Street"
                + (" and did not bet" if quiet else ""))
    won = hand.winners.get(name, 0)
    if not hand.showdown:
        return f"did not show and won {fmt(won)}"
    cards = " ".join(hand.cards(name))
    if won:
        return f"showed [{cards}] and won {fmt(won)} with {_description(hand, name)}"
    return f"showed [{cards}] and lost with {_description(hand, name)}"


# ---------------------------------------------------------------------------------------
# The client of 2016
# ---------------------------------------------------------------------------------------

_LATE_HEADERS = {4: "*** Third street ***", 5: "*** Fourth street ***",
                 6: "*** Fifth street ***", 7: "*** Sixth street ***"}


def amount_2016(units: int) -> str:
    """``10``, ``0.55``, ``4.40``: whole amounts without decimals."""
    return str(units // 100) if units % 100 == 0 else f"{units / 100:.2f}"


def _card_2016(card: str) -> str:
    return card.replace("T", "10")


def _verb_2016(action: Action, caps: bool) -> str:
    who = f"Player {action.name}"
    amount = amount_2016(action.added)
    if action.all_in and action.kind not in ("check", "fold"):
        return f"{who} allin ({amount})"
    if action.kind == "bring":
        return f"{who} bring in ({amount})"
    if action.kind in ("complete", "raise"):
        return f"{who} {'caps' if caps else 'raises'} ({amount})"
    if action.kind == "bet":
        return f"{who} bets ({amount})"
    if action.kind == "call":
        return f"{who} calls ({amount})"
    return f"{who} {action.kind}s"


def _hand_2016(hand: Played, name: str) -> str:
    cards = list(hand.cards(name))
    words = {"high card": "High card", "pair": "One pair", "two pair": "Two pairs",
             "three of a kind": "Three of a kind", "straight": "Straight", "flush": "Flush",
             "full house": "Full House", "four of a kind": "Four of a kind",
             "straight flush": "Straight flush"}[high_category(cards)]
    shown = " ".join(_card_2016(c) for c in cards)
    text = f"{words} [{shown}]"
    if hand.script.game == "stud8" and low8_rank(cards) is not None:
        low = " ".join(reversed(low_cards(cards, 8)))
        text += f" Low hand ({low} )"
    return text


def write_2016(hand: Played, started: str, game_line: str, *, ended: str,
               button: int | None = None, posts_ante: bool = False, spaced: bool = False,
               caps: tuple[tuple[int, str], ...] = (), mucks: tuple[str, ...] = (),
               raked: bool = True, jp_fee: int = 0,
               sitting_out: tuple[tuple[int, str, int], ...] = (),
               extra: dict[int, list[str]] | None = None) -> str:
    """``hand`` as the 2016 client writes it. ``caps`` (street, player): the raise printed
    ``caps``; ``mucks``: players whose ``mucks cards`` line closes the play; ``spaced``:
    summary lines with a space before ``Bets``."""
    script = hand.script
    lines = [f"Game started at: {started}", game_line]
    if button is not None:
        lines.append(f"Seat {button} is the button")
    seats = sorted([(s[0], s[1], s[2]) for s in script.seats] + list(sitting_out))
    lines.extend(f"Seat {n}: {name} ({amount_2016(stack)})." for n, name, stack in seats)
    verb = "posts ante" if posts_ante else "ante"
    lines.extend(f"Player {a.name} {verb} ({amount_2016(a.added)})"
                 for a in hand.actions if a.kind == "ante")
    hero = script.hero
    for street in range(3, hand.last_street + 1):
        if street in _LATE_HEADERS:
            lines.append(_LATE_HEADERS[street])
        dealt = hand.dealt(street)
        if street == 3:
            for name in dealt:
                for card in hand.cards(name)[:2]:
                    lines.append(f"Player {name} received card: [{_card_2016(card)}]"
                                 if name == hero else f"Player {name} received a card.")
            lines.extend(f"Player {n} received card: [{_card_2016(hand.cards(n)[2])}]"
                         for n in dealt)
        else:
            for name in dealt:
                card = hand.cards(name)[street - 1]
                lines.append(f"Player {name} received a card." if street == 7 and name != hero
                             else f"Player {name} received card: [{_card_2016(card)}]")
        for action in (a for a in hand.actions if a.street == street):
            lines.append(_verb_2016(action, (street, action.name) in caps
                                    and action.kind == "raise"))
    for name, amount in hand.uncalled.items():
        lines.append(f"Uncalled bet ({amount_2016(amount)}) returned to {name}")
    lines.extend(f"Player {name} mucks cards" for name in mucks)
    lines.append("------ Summary ------")
    total = sum(p.amount for p in hand.pots)
    if raked:
        fee = f". JP fee {amount_2016(jp_fee)}" if jp_fee else ""
        lines.append(f"Pot: {amount_2016(total)}. Rake {amount_2016(script.rake - jp_fee)}{fee}")
    else:
        lines.append(f"Pot: {amount_2016(total)}")
    gap = " " if spaced else ""
    for _, name, _ in seats:
        bets = hand.put_in.get(name, 0) - hand.uncalled.get(name, 0)
        collects = hand.winners.get(name, 0)
        result = (f"Wins: {amount_2016(collects - bets)}" if collects >= bets
                  else f"Loses: {amount_2016(bets - collects)}")
        star = "*" if collects else ""
        if hand.showdown and name in hand.show_order and name not in mucks:
            what = f"shows: {_hand_2016(hand, name)}"
            dot = "." if "Low hand" in what else ". "
        elif name in mucks or (collects and not hand.showdown):
            what, dot = "mucks (does not show cards)", ". "
        else:
            what, dot = "does not show cards", "." + gap
        lines.append(f"{star}Player {name} {what}{dot}Bets: {amount_2016(bets)}. "
                     f"Collects: {amount_2016(collects)}. {result}.")
    lines.append(f"Game ended at: {ended}")
    for index, extra_lines in sorted((extra or {}).items(), reverse=True):
        lines[index + 1:index + 1] = extra_lines
    return "\n".join(lines) + "\n"


# ---------------------------------------------------------------------------------------
# The hands
# ---------------------------------------------------------------------------------------

_CASH_STUD = play(Script(
    game="stud", small_bet=4, big_bet=8, ante=1, bring_in=2, rake=1, hero="Hero",
    seats=((1, "Hero", 39, ("As", "2s", "Qs", "3c", "8c", "5d", "Jc")),
           (4, "Player0", 544, ("Kh", "Kd", "7d", "6h", "4h", "5s", "2h")),
           (5, "Player1", 156, ("9d", "9h", "3h", "3d", "Jd", "8h", "Ts")),
           (7, "Player2", 411, ("4d", "4c", "Qd", "2d", "Ac", "Ad", "Th")),
           (8, "Player3", 224, ("6c", "6s", "Tc", "Js", "7s", "Kc", "9c"))),
    streets=((("Player1", "bring"), ("Player2", "call"), ("Player3", "fold"),
              ("Hero", "complete"), ("Player0", "call"), ("Player1", "call"),
              ("Player2", "call")),
             (("Player1", "check"), ("Player2", "check"), ("Hero", "check"),
              ("Player0", "check")),
             (("Player1", "check"), ("Player2", "check"), ("Hero", "check"),
              ("Player0", "check")),
             (("Player2", "bet"), ("Hero", "call"), ("Player0", "fold"), ("Player1", "fold")),
             (("Player2", "bet"), ("Hero", "fold")))))

_STUD8_SIDE_POT = play(Script(
    game="stud8", small_bet=10, big_bet=20, ante=2, bring_in=5, rake=10, hero="AzRic",
    seats=((1, "AzRic", 1447, ("3h", "2d", "8s", "5s", "7s", "Qh", "9h")),
           (3, "MasterChief24", 37, ("Jd", "Jh", "Qc", "6c", "8d", "8h", "2s")),
           (5, "cleaver52", 876, ("Kd", "Kc", "2h", "9s", "8c", "Js", "Qs")),
           (7, "KickShorty", 523, ("5d", "Td", "Tc", "Ts", "As", "9d", "4h"))),
    streets=((("cleaver52", "bring"), ("KickShorty", "complete"), ("AzRic", "call"),
              ("MasterChief24", "call"), ("cleaver52", "fold")),
             (("KickShorty", "bet"), ("AzRic", "call"), ("MasterChief24", "call")),
             (("KickShorty", "bet"), ("AzRic", "call"), ("MasterChief24", "allin")),
             (("KickShorty", "bet"), ("AzRic", "raise"), ("KickShorty", "call")),
             (("KickShorty", "check"), ("AzRic", "check")))))

_TOURNAMENT_STUD = play(Script(
    game="stud", small_bet=2000, big_bet=4000, ante=400, bring_in=600, hero="Hero",
    seats=((2, "Hero", 77600, ("Ah", "Ad", "9c", "9s", "2c", "3d", "Kc")),
           (3, "Shorty", 250, ("7c", "7h", "5h", "Jh", "Qd", "4s", "8s")),
           (5, "Rona123", 319545, ("Kh", "Qh", "3s", "Ks", "6d", "Td", "Jc")),
           (6, "Veteran84", 261166, ("2s", "4d", "Th", "5c", "8d", "6s", "3c"))),
    streets=((("Rona123", "bring"), ("Veteran84", "fold"), ("Hero", "complete"),
              ("Rona123", "call")),
             (("Hero", "bet"), ("Rona123", "call")),
             (("Hero", "bet"), ("Rona123", "call")),
             (("Hero", "check"), ("Rona123", "check")),
             (("Hero", "check"), ("Rona123", "check")))))

_PLAY_MONEY_STUD = play(Script(
    game="stud", small_bet=4, big_bet=8, ante=1, bring_in=2, hero="Hero",
    seats=((1, "Hero", 800, ("Kc", "Ks", "Ah", "3s", "4s", "5s", "6s")),
           (2, "Bob Lee", 12, ("9d", "Jh", "2c", "Td", "8c", "7c", "6c")),
           (6, "Sam", 500, ("Qc", "Jc", "5d", "4d", "9h", "8h", "7h"))),
    streets=((("Bob Lee", "bring"), ("Sam", "call"), ("Hero", "complete"),
              ("Bob Lee", "call"), ("Sam", "fold")),
             (("Hero", "bet"), ("Bob Lee", "allin"), ("Hero", "call")),
             (),
             (),
             ())))

_GTD_STUD8 = play(Script(
    game="stud8", small_bet=4000, big_bet=8000, ante=1000, bring_in=2000, hero="Nia",
    seats=((1, "Nia", 500000, ("Ah", "2h", "3c", "9d", "Kd", "5c", "7h")),
           (4, "Omar", 400000, ("Kc", "Qs", "Jd", "Js", "Tc", "Th", "4c")),
           (8, "Pia", 300000, ("8s", "8d", "6h", "Qh", "5h", "2c", "9c"))),
    streets=((("Nia", "bring"), ("Omar", "fold"), ("Pia", "complete"), ("Nia", "fold")),)))

_MUCKED_STUD = play(Script(
    game="stud", small_bet=200, big_bet=400, ante=25, bring_in=50, rake=60, hero="Hero",
    seats=((2, "Hero", 4000, ("Qs", "Jd", "9h", "9c", "4s", "Kd", "2c")),
           (6, "Lost It", 6150, ("Ac", "Ad", "3d", "Th", "Tc", "7s", "5h"))),
    streets=((("Lost It", "bring"), ("Hero", "complete"), ("Lost It", "call")),
             (("Hero", "bet"), ("Lost It", "call")),
             (("Lost It", "bet"), ("Hero", "call")),
             (("Lost It", "bet"), ("Hero", "call")),
             (("Lost It", "bet"), ("Hero", "call")))))

_HEADER = {
    "cash": "Hand #85198832 - 7Stud(Fixed Limit) - $0.04/$0.08 - 2019/07/28 16:15:58 UTC",
    "ante": "Hand #2672065780 - 7Stud H/L (Fixed Limit) - $0.10/$0.20, Ante $0.02 - "
            "2026/02/16 03:36:34 UTC",
    "tournament": "Game Hand #80586590 - Tournament #11182752 - 7Stud(Fixed Limit) - "
                  "Level 9 (20.00/40.00)- 2019/07/21 17:44:50 UTC",
    "mucked": "Hand #78708209 - 7Stud(Fixed Limit) - $2.00/$4.00 - 2019/07/18 15:13:01 UTC",
    "play": "Hand #85200001 - 7Stud(Fixed Limit) - 0.04/0.08 - 2019/07/28 18:02:11 UTC",
    "gtd": "Game Hand #2653060401 - $1,000 GTD Tournament #34375286 - 7Stud H/L (Fixed Limit) "
           "- Level 12 (40.00/80.00) - 2026/01/24 03:15:18 UTC",
}

NEW_HANDS: list[str] = [
    write_new(_CASH_STUD, _HEADER["cash"], "Gorham 8-max", dollars),
    write_new(_STUD8_SIDE_POT, _HEADER["ante"], "Crainville 8-max", dollars, jp_fee=2),
    write_new(_MUCKED_STUD, _HEADER["mucked"], "St. Lucie 8-max", dollars, mucks=("Hero",)),
    write_new(_TOURNAMENT_STUD, _HEADER["tournament"], "Table '36' 8-max", plain, raked=False,
              sitting_out=((8, "GraemeReaper", 43200),)),
    write_new(_PLAY_MONEY_STUD, _HEADER["play"], "Kappa 8-max (Play Money)", plain,
              raked=False, bring_word="brings in low", shows_after_fold=("Sam",),
              extra={5: ["Sam waits for big blind"]}),
    write_new(_GTD_STUD8, _HEADER["gtd"], "Table '7' 8-max Seat #4 is the button", plain,
              raked=False, bring_word="brings-in", shows_after_fold=("Nia",)),
]
"""Hands of the client of 2019 on, one per header form."""

_2016_STUD = play(Script(
    game="stud", small_bet=100, big_bet=200, ante=15, bring_in=40, rake=15, hero="ChazDazzle",
    seats=((1, "ChazDazzle", 1000, ("Qc", "Ts", "7d", "9c", "6c", "Qd", "7h")),
           (3, "Kim Lo", 2500, ("2d", "2s", "Kd", "4c", "Jh", "3h", "8c")),
           (5, "Nee", 5000, ("Ad", "4h", "3c", "4d", "5d", "Tc", "9s"))),
    streets=((("Nee", "bring"), ("ChazDazzle", "complete"), ("Kim Lo", "call"),
              ("Nee", "call")),
             (("Kim Lo", "bet"), ("Nee", "raise"), ("ChazDazzle", "raise"),
              ("Kim Lo", "raise"), ("Nee", "call"), ("ChazDazzle", "call")),
             (("Kim Lo", "check"), ("Nee", "check"), ("ChazDazzle", "bet"), ("Kim Lo", "fold"),
              ("Nee", "call")),
             (("ChazDazzle", "check"), ("Nee", "check")),
             (("ChazDazzle", "check"), ("Nee", "check")))))

_2016_STUD8 = play(Script(
    game="stud8", small_bet=100, big_bet=200, ante=15, bring_in=40, rake=20,
    hero="ChazDazzle",
    seats=((2, "Diamonds4ever", 1820, ("Kh", "Kc", "7h", "Qs", "Jc", "9h", "Ac")),
           (5, "ChazDazzle", 1000, ("6h", "Td", "2c", "As", "7d", "4d", "9s")),
           (8, "KickAzzJohnny", 2644, ("5d", "3d", "3s", "6s", "8s", "8h", "Ad"))),
    streets=((("ChazDazzle", "bring"), ("KickAzzJohnny", "call"), ("Diamonds4ever", "fold")),
             (("ChazDazzle", "bet"), ("KickAzzJohnny", "call")),
             (("ChazDazzle", "check"), ("KickAzzJohnny", "check")),
             (("KickAzzJohnny", "check"), ("ChazDazzle", "check")),
             (("KickAzzJohnny", "bet"), ("ChazDazzle", "call")))))

_2016_TOURNAMENT = play(Script(
    game="stud", small_bet=5000, big_bet=10000, ante=1000, bring_in=2000, hero="Hero",
    seats=((1, "Hero", 141000, ("Jd", "Js", "4h", "Jh", "9d", "2s", "5c")),
           (2, "Player0", 9000, ("Qd", "Qc", "Ks", "3s", "8d", "Tc", "6d")),
           (3, "Player1", 574500, ("7s", "6c", "2d", "Ah", "Ts", "4c", "3h"))),
    streets=((("Player1", "bring"), ("Hero", "complete"), ("Player0", "allin"),
              ("Player1", "fold"), ("Hero", "call")),
             (),
             (),
             (),
             ())))

_2016_PLAY = play(Script(
    game="stud8", small_bet=100, big_bet=200, ante=10, bring_in=20, hero="Hero",
    seats=((4, "Hero", 2000, ("Ac", "2d", "Kd", "4d", "Qd", "Jd", "Td")),
           (6, "Zed", 1500, ("9c", "9d", "3h", "5s", "Kh", "Qh", "Jh"))),
    streets=((("Zed", "bring"), ("Hero", "complete"), ("Zed", "fold")),)))

OLD_HANDS: list[str] = [
    write_2016(_2016_STUD, "2016/8/2 11:18:18",
               "Game ID: 693978063 1/2 (PRR) Leyak (Seven Cards Stud)", ended="2016/8/2 11:19:4",
               caps=((4, "Kim Lo"),), mucks=("Nee",), jp_fee=4),
    write_2016(_2016_STUD8, "2016/8/2 11:13:2",
               "Game ID: 693975843 1/2 (PRR) La Llorona - 3 (Seven Cards Stud HiLow) 8-max",
               ended="2016/8/2 11:13:46", jp_fee=6,
               sitting_out=((4, "Idle Ivan", 2000),), extra={6: ["Player Idle Ivan sitting out"]}),
    write_2016(_2016_TOURNAMENT, "2016/9/14 18:14:38",
               "Game ID: 727816656 50/100 $10 Freeroll - On Demand, Table 18 (Seven Cards Stud)",
               ended="2016/9/14 18:15:37", button=3, posts_ante=True, raked=False, spaced=True,
               extra={14: ["Player Player0 is disconnected and ALL IN."]}),
    write_2016(_2016_PLAY, "2016/8/12 21:41:37",
               "Game ID: 693990001 1/2 PM Leyak (Seven Cards Stud HiLow)",
               ended="2016/8/12 21:42:01", raked=False, mucks=("Hero",)),
]
"""Hands of the 2016 client: cash stud and stud hi/lo, a tournament, play money."""

HANDS: list[str] = NEW_HANDS + OLD_HANDS
