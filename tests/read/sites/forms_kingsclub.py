"""Generated KingsClub hands: every form of docs/formats/kingsclub.md.

Each hand is a script (:mod:`handscript`) played out by fixed-limit arithmetic and
written as KingsClub writes it: every action's amount the player's total on the
street, cards ``X`` where nobody sees them, the hands shown among the actions, the
summary's end stacks and results, ``Rake`` and ``wins`` lines. The bodies come
with both street layouts (3rd street without a header and each header one
street late, or every street named as it is) and under each table-line form
(plain, ``N-max``, ``Table ID``, play money, the button, a tournament's).
``tests/read/sites/test_forms.py`` checks that together they use every catalogued form,
parse, replay clean under the ``kingsclub`` profile and balance;
``tests/read/sites/test_forms_kingsclub.py`` checks the header fields.
"""

from __future__ import annotations

from handscript import Action, Played, Script, play

_GAMES = {"stud": "Seven Card Stud", "stud8": "Seven Card Stud Hi-Lo", "razz": "Razz",
          "razz27": "2-7 Razz"}


def chips(units: int) -> str:
    """``1,662.75``, ``424.80``, ``1,000``: thousands marked, decimals only where needed."""
    text = f"{units / 100:,.2f}"
    return text[:-3] if text.endswith(".00") else text


def _signed(units: int) -> str:
    return f"+{chips(units)}" if units > 0 else f"-{chips(-units)}"


def _verb(action: Action, all_in_word: str, disconnect: bool) -> str:
    tail = (f", and is {all_in_word}" if action.all_in else "") + (
        " (disconnect)" if disconnect else "")
    if action.kind == "bring":
        return f"{action.name} brings in for {chips(action.total)}{tail}"
    if action.kind in ("complete", "bet"):
        return f"{action.name} bets {chips(action.total)}{tail}"
    if action.kind == "raise":
        return f"{action.name} raises to {chips(action.total)}{tail}"
    if action.kind == "call":
        return f"{action.name} calls {chips(action.total)}{tail}"
    return f"{action.name} {action.kind}s{tail}"


def write(hand: Played, hand_id: int, started: str, table: str, *, fixed: bool = False,
          all_in_word: str = "all in", bring_word: str = "brings in",
          disconnect: tuple[tuple[int, str], ...] = (), print_uncalled: bool = False,
          side_pots_apart: bool = False, from_pot: bool = False,
          extra: dict[int, list[str]] | None = None) -> str:
    """``hand`` as KingsClub writes it. ``fixed``: every street named as it is (the later
    files); ``disconnect``: (street, player) whose action ends ``(disconnect)``;
    ``side_pots_apart``: one ``wins`` line per pot; ``extra`` lines put after the line of
    that index (-1: at the end)."""
    script = hand.script
    lines = [f"#{hand_id}: Limit {_GAMES[script.game]} - {chips(script.small_bet)}/"
             f"{chips(script.big_bet)}", started, table]
    lines.extend(f"Seat {n}: {name} ({chips(stack)})" for n, name, stack, _ in script.seats)
    for action in (a for a in hand.actions if a.kind == "ante"):
        all_in = f", and is {all_in_word}" if action.all_in else ""
        lines.append(f"{action.name}: posts ante {chips(action.added)}{all_in}")
    hero = script.hero
    for street in range(3, hand.last_street + 1):
        if fixed:
            lines.append(f"*** {street}{'RD' if street == 3 else 'TH'} STREET ***")
        elif street > 3:
            lines.append(f"*** {street - 1}{'RD' if street == 4 else 'TH'} STREET ***")
        for name in hand.dealt(street):
            cards = hand.cards(name)
            if street == 3:
                shown = cards[:3] if name == hero else ("X", "X", cards[2])
            elif street == 7 and name != hero:
                shown = ("X",)
            else:
                shown = (cards[street - 1],)
            lines.append(f"Dealt to {name}: [{' '.join(shown)}]")
        for action in (a for a in hand.actions if a.street == street):
            line = _verb(action, all_in_word, (street, action.name) in disconnect)
            if action.kind == "bring":
                line = line.replace(" brings in for ", f" {bring_word} for ")
            lines.append(line)
        if street == hand.last_street:
            if print_uncalled:
                lines.extend(f"Uncalled bet ({chips(a)}) returned to {n}"
                             for n, a in hand.uncalled.items())
            for name in hand.show_order:
                lines.append(f"{name} shows [{' '.join(hand.cards(name))}]")
    lines.append("*** SUMMARY ***")
    lines.extend(f"Seat {n}: {name} ({chips(hand.end_stack(name))}) {_signed(hand.net(name))}"
                 for n, name, _, _ in script.seats)
    if script.rake:
        lines.append(f"Rake {chips(script.rake)}")
    if side_pots_apart:
        for index, pot in enumerate(hand.pots):
            for name, share in pot.shares.items():
                where = "pot" if index == 0 else f"side pot {index}"
                lines.append(f"{name} wins {where} ({chips(share)})")
    else:
        for name, amount in hand.winners.items():
            lines.append(f"{name} wins ({chips(amount)}) from pot" if from_pot
                         else f"{name} wins pot ({chips(amount)})")
    for index, extra_lines in sorted((extra or {}).items(), reverse=True):
        at = len(lines) if index < 0 else index + 1
        lines[at:at] = extra_lines
    return "\n".join(lines) + "\n"


_STUD = play(Script(
    game="stud", small_bet=4400, big_bet=8800, ante=1000, bring_in=1500, rake=500, hero="Hero",
    seats=((1, "Player0", 214630, ("Kc", "8h", "2s", "Jd", "5c", "4d", "Th")),
           (3, "Player2", 216406, ("8c", "8d", "6h", "3h", "Ah", "2h", "Tc")),
           (4, "Player3", 200000, ("5s", "7s", "7c", "7d", "Qd", "Kh", "9h")),
           (5, "Player4", 558517, ("Js", "Jc", "4c", "Qc", "9d", "Ks", "As")),
           (7, "Hero", 248795, ("Td", "Ad", "4s", "6s", "3s", "2c", "9s"))),
    streets=((("Player0", "bring"), ("Player2", "complete"), ("Player3", "raise"),
              ("Player4", "call"), ("Hero", "fold"), ("Player0", "fold"), ("Player2", "call")),
             (("Player3", "bet"), ("Player4", "call"), ("Player2", "fold")),
             (("Player3", "bet"), ("Player4", "call")),
             (("Player3", "bet"), ("Player4", "call")),
             (("Player3", "bet"), ("Player4", "call")))))

_STUD8 = play(Script(
    game="stud8", small_bet=4400, big_bet=8800, ante=1000, bring_in=1500, rake=500, hero="Hero",
    seats=((1, "Player0", 311264, ("Kd", "Jc", "7h", "Qc", "Js", "Th", "9c")),
           (4, "Player3", 256864, ("2s", "2d", "5h", "Kc", "8c", "Ts", "Tc")),
           (5, "Hero", 476006, ("9d", "7s", "8s", "Ks", "Td", "9h", "Jh")),
           (7, "Player5", 107052, ("3d", "3s", "4d", "Ad", "6h", "3c", "6c"))),
    streets=((("Player5", "bring"), ("Player0", "fold"), ("Player3", "complete"),
              ("Hero", "call"), ("Player5", "call")),
             (("Player5", "bet"), ("Player3", "fold"), ("Hero", "call")),
             (("Player5", "bet"), ("Hero", "call")),
             (("Player5", "bet"), ("Hero", "call")),
             (("Player5", "bet"), ("Hero", "fold")))))

_RAZZ_SIDE_POT = play(Script(
    game="razz", small_bet=50000, big_bet=100000, ante=12500, bring_in=12500, hero="Hero",
    seats=((1, "Player0", 6515000, ("Qh", "Jh", "Kc", "Qs", "Jc", "Tc", "9c")),
           (3, "Player2", 1268625, ("9s", "8h", "7c", "Kd", "6d", "Qd", "5h")),
           (4, "Player3", 80000, ("As", "2c", "3h", "4h", "6s", "5s", "9d")),
           (6, "Hero", 1000000, ("Ts", "Td", "Ks", "Jd", "Th", "8d", "7d"))),
    streets=((("Hero", "bring"), ("Player0", "fold"), ("Player2", "complete"),
              ("Player3", "call"), ("Hero", "call")),
             (("Player3", "allin"), ("Hero", "call"), ("Player2", "call")),
             (("Player2", "bet"), ("Hero", "call")),
             (("Hero", "check"), ("Player2", "bet"), ("Hero", "call")),
             (("Hero", "check"), ("Player2", "bet"), ("Hero", "call")))))

_RAZZ27 = play(Script(
    game="razz27", small_bet=4000, big_bet=8000, ante=1000, bring_in=1000, hero="Hero",
    seats=((1, "Player0", 172559, ("7d", "5c", "Kh", "8d", "6c", "Tc", "4d")),
           (3, "Shorty", 600, ("2h", "3c", "Qs", "Jh", "9h", "8h", "7h")),
           (6, "Hero", 138419, ("2d", "3d", "4s", "5d", "7c", "8c", "Js"))),
    streets=((("Player0", "bring"), ("Hero", "complete"), ("Player0", "fold")), (), (), (), ())))

_TABLES = {
    "plain": "Table 'Real Deal Mix'",
    "max": "Table '8 Game Mix' 8-max",
    "id": "Table ID 'Crazy Anti-Nit Mix'",
    "play": "Table 'Penny Stud' 8-max (Play Money)",
    "button": "Table 'Bobbys Room Mix' Seat 1 is the button",
    "tournament": "Table 'T4411 [2]'",
}

HANDS: list[str] = [
    write(_STUD, 37581152, "2020-10-26 19:00:47", _TABLES["plain"]),
    write(_STUD8, 49595550, "2022-03-04 19:13:39", _TABLES["max"], fixed=True,
          bring_word="brings-in", print_uncalled=True),
    write(_RAZZ_SIDE_POT, 3537921, "2021-01-30 22:25:13", _TABLES["id"], side_pots_apart=True,
          disconnect=((7, "Hero"),), all_in_word="all-in"),
    write(_RAZZ27, 40091899, "2021-01-06 07:03:50", _TABLES["tournament"],
          bring_word="brings in low", from_pot=True,
          extra={4: ["Shorty sits out"],
                 -1: ["Shorty finished the tournament in 3rd place",
                      "Player0 finished the tournament in 2nd place and received $30.",
                      "Hero wins the tournament and receives $60 - congratulations!"]}),
    write(_STUD, 37581153, "2020-10-26 19:02:10", _TABLES["play"], fixed=True),
    write(_STUD8, 49595551, "2022-03-04 19:15:02", _TABLES["button"]),
]
"""Stud, stud hi/lo, razz and 2-7 razz, each street layout, every table-line form."""
