"""Merge Gaming hands written from the catalogue's forms (docs/formats/merge.md).

A small builder plays a scripted hand (antes, the bring-in, the completion, bets,
raises, calls, all-ins, folds, chat and table traffic) with amounts that follow the
stakes and balance (what the players put in = what they win + rake), then writes
it as one file version writes it: the ``<description/>``, the ``<game>`` with its
attributes, the players by seat number, the numbered rounds with their events,
cumulative cards and winners. ``HANDS`` holds one file text per hand; every
catalogued form appears in some hand. Every name, id and card is invented.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

STREET_ROUNDS = ("BRING_IN", "FOURTH_STREET", "FIFTH_STREET", "SIXTH_STREET", "SEVENTH_STREET")


def cents(units: int) -> str:
    """``0.05``, ``1.00``: Merge prints event amounts with two decimals."""
    return f"{units // 100}.{units % 100:02d}"


def dollars(units: int) -> str:
    """``$15.80``, ``$1``: the v1 files' balances."""
    whole, rest = divmod(units, 100)
    return f"${whole}" if rest == 0 else f"${whole}.{rest:02d}"


def chips(units: int) -> str:
    """``150.00``: tournament chips, printed like money."""
    return f"{units}.00"


def chips_dollar(units: int) -> str:
    """``$1000.00``: tournament chips in the 2011 files."""
    return f"${units}.00"


@dataclass(frozen=True)
class Player:
    name: str
    seat: int
    stack: int
    cards: tuple[str, ...]
    """Seven cards in deal order (two down, four up, one down); fewer for one who folds."""


@dataclass
class Script:
    """A hand as ``(street, player, verb, amount)``; streets 1 (3rd) to 5 (7th).

    Verbs: ``bring``, ``complete`` (to the amount), ``bring_bet`` (the bring-in player
    completes instead of bringing in: a ``BET`` in the BRING_IN round), ``bet``,
    ``raise`` (to the amount), ``call``, ``allin`` (the rest of the stack), ``check``,
    ``fold``, ``sit_out`` (a player in the hand sits out: a fold), and the traffic
    ``chat:TEXT``, ``DISCONNECTED``, ``RECONNECTED``, ``LEAVE``, ``PLAYER_OUT``.
    """

    players: list[Player]
    ante: int
    actions: list[tuple[int, str, str, int]]
    winners: list[tuple[str, int, int, str]]
    """``(player, amount, pot number, pot type)``; pot number 0 is a bet returned."""
    shows: list[tuple[str, bool]] = field(default_factory=list)
    """At the showdown, in order: who shows (True) or mucks (False)."""
    sitting: list[str] = field(default_factory=list)
    hero: str = "Hero"
    end_traffic: list[tuple[str, str]] = field(default_factory=list)


@dataclass(frozen=True)
class Version:
    description: str
    game: str
    """The ``<game ...>`` tag with ``{id}``, ``{start}``, ``{data}`` (and the code)."""
    balance: Callable[[int], str] = dollars
    amount: Callable[[int], str] = cents
    space: str = ""
    """``" "`` in the v2 files (before ``>`` and ``/>``)."""
    indent: str = "\t"
    timestamps: bool = True
    start: str = "20110204202244"
    data: str = "20110204|Hudson (31423297)|31423297|{id}|false"


def play(script: Script) -> tuple[dict[str, int], list[list[tuple[str, str, int]]]]:
    """Each player's total put in, and the events of each round (0 = antes) as
    ``(player, TYPE, amount)``; checks the winnings leave a rake >= 0."""
    put = {p.name: 0 for p in script.players}
    stacks = {p.name: p.stack for p in script.players}
    rounds: list[list[tuple[str, str, int]]] = [[] for _ in range(6)]
    for name in script.sitting:
        rounds[0].append((name, "SIT_OUT", 0))
    for p in script.players:
        if p.name not in script.sitting:
            rounds[0].append((p.name, "ANTE", script.ante))
            put[p.name] += script.ante
            stacks[p.name] -= script.ante
    totals: dict[str, int] = {}
    current = -1
    for street, name, verb, amount in script.actions:
        if street != current:
            current, totals = street, {}
        if verb.startswith("chat:") or verb in ("DISCONNECTED", "RECONNECTED", "LEAVE",
                                                 "PLAYER_OUT"):
            rounds[street].append((name, verb, 0))
            continue
        mine, bet_to = totals.get(name, 0), max(totals.values(), default=0)
        kind, added, to = {
            "bring": ("BRING_IN", amount, amount), "bring_bet": ("BET", amount, amount),
            "complete": ("COMPLETE", amount - mine, amount), "bet": ("BET", amount, amount),
            "raise": ("RAISE", amount - mine, amount), "call": ("CALL", bet_to - mine, bet_to),
            "allin": ("ALL_IN", stacks[name], mine + stacks[name]),
            "check": ("CHECK", 0, mine), "fold": ("FOLD", 0, mine),
            "sit_out": ("SIT_OUT", 0, mine),
        }[verb]
        printed = to if kind in ("COMPLETE", "RAISE") else added
        if verb == "raise" and amount < 0:  # the old files: the chips a raise adds
            added, to = -amount, mine - amount
            printed = added
        rounds[street].append((name, kind, printed))
        totals[name] = to
        put[name] += added
        stacks[name] -= added
        assert stacks[name] >= 0, (name, verb)
    rake = sum(put.values()) - sum(w[1] for w in script.winners)
    assert rake >= 0, rake
    return put, rounds


def write(script: Script, version: Version, hand: str, *, folded_end: bool = False) -> str:
    """One file holding the scripted hand, written as ``version`` writes it."""
    _, rounds = play(script)
    sp, ind = version.space, version.indent
    seat_of = {p.name: str(p.seat) for p in script.players}
    lines = [version.description, ""]
    lines.append(version.game.format(id=hand, start=version.start,
                                     data=version.data.format(id=hand)))
    dealer = max(p.seat for p in script.players)
    lines.append(f'{ind}<players dealer="{dealer}"{sp}>')
    for p in script.players:
        dealt = "false" if p.name in script.sitting else "true"
        lines.append(f'{ind * 2}<player seat="{p.seat}" nickname="{p.name}" '
                     f'balance="{version.balance(p.stack)}" dealtin="{dealt}" />')
    lines.append(f"{ind}</players>")
    sequence = 0
    # the events' UTC milliseconds: Merge's clock (the start time) is UTC-5
    started = datetime.strptime(version.start, "%Y%m%d%H%M%S").replace(tzinfo=UTC)
    stamp = int((started + timedelta(hours=5)).timestamp()) * 1000

    def event(name: str, kind: str, amount: int) -> str:
        nonlocal sequence, stamp
        stamp += 1000
        when = f' timestamp="{stamp}"' if version.timestamps else ""
        if kind.startswith("chat:"):  # a chat reuses the sequence number before it
            return (f'{ind * 2}<event sequence="{sequence}" type="CHAT"{when} '
                    f'player="{name}" text="{kind[5:]}"{sp}/>')
        sequence += 1
        money = f' amount="{version.amount(amount)}"' if kind in (
            "ANTE", "BRING_IN", "COMPLETE", "BET", "RAISE", "CALL", "ALL_IN") else ""
        return (f'{ind * 2}<event sequence="{sequence}" type="{kind}"{when} '
                f'player="{seat_of[name]}"{money}{sp}/>')

    number = 1
    lines.append(f'{ind}<round id="BLINDS" sequence="{number}"{sp}>')
    lines.extend(event(*e) for e in rounds[0])
    lines.append(f"{ind}</round>")
    out: set[str] = set(script.sitting)
    last = max(s for s, *_ in script.actions)
    for street in range(1, last + 1):
        acts = rounds[street]
        if street == 1:  # the bring-in round: the bring-in, then 3rd street's cards
            first = [e for e in acts if e[1] in ("BRING_IN", "BET")][:1]
            number += 1
            lines.append(f'{ind}<round id="BRING_IN" sequence="{number}"{sp}>')
            lines.extend(event(*e) for e in first)
            lines.extend(_cards(script, out, 3, ind, sp))
            lines.append(f"{ind}</round>")
            acts = acts[len(first):]
            number += 1
            lines.append(f'{ind}<round id="THIRD_STREET" sequence="{number}"{sp}>')
            lines.extend(event(*e) for e in acts)
            lines.append(f"{ind}</round>")
        else:
            number += 1
            lines.append(f'{ind}<round id="{STREET_ROUNDS[street - 1]}" '
                         f'sequence="{number}"{sp}>')
            lines.extend(event(*e) for e in acts)
            lines.extend(_cards(script, out, street + 2, ind, sp))
            lines.append(f"{ind}</round>")
        out |= {n for n, kind, _ in acts if kind in ("FOLD", "SIT_OUT")}
    if script.shows:
        number += 1
        lines.append(f'{ind}<round id="SHOWDOWN" sequence="{number}"{sp}>')
        lines.extend(event(n, "SHOW" if shown else "MUCK", 0) for n, shown in script.shows)
        for n, shown in script.shows:
            p = next(p for p in script.players if p.name == n)
            lines.append(f'{ind * 2}<cards type="{"SHOWN" if shown else "MUCKED"}" '
                         f'cards="{",".join(p.cards)}" player="{p.seat}"{sp}/>')
        lines.append(f"{ind}</round>")
    number += 1
    end = "END_OF_FOLDED_GAME" if folded_end else "END_OF_GAME"
    lines.append(f'{ind}<round id="{end}" sequence="{number}"{sp}>')
    if folded_end:
        lines.append(event(script.winners[-1][0], "MUCK", 0))
    lines.extend(event(n, kind, 0) for n, kind in script.end_traffic)
    for name, won, pot, kind in script.winners:
        uncalled = "true" if pot == 0 else "false"
        lines.append(f'{ind * 2}<winner amount="{version.amount(won)}" uncalled="{uncalled}" '
                     f'potnumber="{max(pot, 1)}" player="{seat_of[name]}" pottype="{kind}"{sp}/>')
    lines.append(f"{ind}</round>")
    if folded_end:
        number += 1
        lines.append(f'{ind}<round id="END_OF_GAME" sequence="{number}"{sp}>')
        lines.append(f"{ind}</round>")
    lines.append("</game>")
    return "\n".join(lines) + "\n"


def _cards(script: Script, out: set[str], count: int, ind: str, sp: str) -> list[str]:
    """Each player's cards after ``count`` are dealt: others' up cards (``null`` for the
    down ones), the hero's own (``HOLE``), as Merge repeats them every round."""
    found = []
    for p in script.players:
        if p.name in out:
            if p.name == script.hero and p.name not in script.sitting:
                held = ",".join(p.cards[:3])
                found.append(f'{ind * 2}<cards type="HOLE" cards="{held}" player="{p.seat}" '
                             f'hand="High Card"{sp}/>')
            continue
        shown = list(p.cards[:count])
        if p.name == script.hero:
            found.append(f'{ind * 2}<cards type="HOLE" cards="{",".join(shown)}" '
                         f'player="{p.seat}" hand="High Card"{sp}/>')
            continue
        visible = ["null" if i in (0, 1, 6) else c for i, c in enumerate(shown)]
        found.append(f'{ind * 2}<cards type="DRAW_DRAWN_CARDS" cards="{",".join(visible)}" '
                     f'player="{p.seat}"{sp}/>')
    return found


# ---------------------------------------------------------------------------
# Bodies

ANN = ("9c", "Td", "2c", "3c", "Js", "4s", "Kh")
BOB = ("As", "Ah", "Kd", "7s", "Qh", "Jc", "5d")
HERO = ("8c", "8d", "9h", "4d", "5s", "6c", "Kc")
HERO_LOW = ("8c", "8d", "9h", "4d", "5s", "6c", "2h")


def main_hand(s: int, b: int, a: int, i: int, rake: int, *, hero: tuple[str, ...] = HERO,
              split: bool = False, stacks: tuple[int, int, int] = (5000, 5000, 5000),
              old_raise: bool = False, extra: list[tuple[int, str, str, int]] | None = None,
              bring_bet: bool = False) -> Script:
    """Ann brings in (or completes), Bob completes, all three see 4th street, where Hero
    raises, Ann folds and Bob calls (re-raises, with ``old_raise``); Bob's aces beat Hero's
    eights at the showdown (``split``: Hero's eight-low takes half)."""
    players = [Player("Ann", 0, stacks[0], ANN[:4]), Player("Bob", 3, stacks[1], BOB),
               Player("Hero", 5, stacks[2], hero)]
    opening = ([(1, "Ann", "bring_bet", s), (1, "Bob", "call", 0), (1, "Hero", "call", 0)]
               if bring_bet else
               [(1, "Ann", "bring", i), (1, "Bob", "complete", s), (1, "Hero", "call", 0),
                (1, "Ann", "call", 0)])
    fourth = ([(2, "Bob", "bet", s), (2, "Hero", "raise", 2 * s), (2, "Ann", "fold", 0),
               (2, "Bob", "raise", -2 * s), (2, "Hero", "call", 0)] if old_raise else
              [(2, "Bob", "bet", s), (2, "Hero", "raise", 2 * s), (2, "Ann", "fold", 0),
               (2, "Bob", "call", 0)])
    actions = [*opening, *fourth, *(extra or []),
               (3, "Bob", "check", 0), (3, "Hero", "bet", b), (3, "Bob", "call", 0),
               (4, "Bob", "check", 0), (4, "Hero", "check", 0),
               (5, "Bob", "bet", b), (5, "Hero", "call", 0)]
    script = Script(players, a, actions, [])
    put, _ = play(Script(players, a, actions, []))
    won = sum(put.values()) - rake
    script.winners = ([("Bob", won - won // 2, 1, "h"), ("Hero", won // 2, 1, "l")] if split
                      else [("Bob", won, 1, "n")])
    script.shows = [("Bob", True), ("Hero", split)]
    return script


def razz_hand(s: int, b: int, a: int, i: int, rake: int) -> Script:
    """Razz: Cleo's king brings in; Hero's six-low beats Dan's nine-low."""
    players = [Player("Cleo", 1, 3000, ("9c", "Tc", "Kc", "Qs")),
               Player("Hero", 3, 3000, ("Ah", "4c", "2d", "5s", "6h", "7d", "8c")),
               Player("Dan", 6, 3000, ("9h", "8h", "4h", "Js", "Qh", "3c", "2h"))]
    actions = [(1, "Cleo", "bring", i), (1, "Hero", "complete", s), (1, "Dan", "call", 0),
               (1, "Cleo", "call", 0),
               (2, "Hero", "bet", s), (2, "Dan", "call", 0), (2, "Cleo", "fold", 0),
               (3, "Hero", "bet", b), (3, "Dan", "call", 0),
               (4, "Hero", "bet", b), (4, "Dan", "call", 0),
               (5, "Hero", "check", 0), (5, "Dan", "check", 0)]
    put, _ = play(Script(players, a, actions, []))
    return Script(players, a, actions, [("Hero", sum(put.values()) - rake, 1, "n")],
                  shows=[("Hero", True), ("Dan", True)])


def uncalled_hand(s: int, b: int, a: int, i: int, rake: int) -> Script:
    """Bob's 7th-street bet is not called: returned (``uncalled="true"``), the pot his."""
    script = main_hand(s, b, a, i, rake)
    script.actions[-1] = (5, "Hero", "fold", 0)
    put, _ = play(Script(script.players, a, script.actions, []))
    pot = sum(put.values()) - b - rake
    script.winners = [("Bob", b, 0, "n"), ("Bob", pot, 1, "n")]
    script.shows = []
    return script


def side_pot_hand(s: int, b: int, a: int, i: int) -> Script:
    """Ann is all-in on 3rd street for less than the completion: Bob wins the main pot and
    the side pot between him and Hero."""
    short = a + i + (s - i) // 2
    script = main_hand(s, b, a, i, 0)
    script.players[0] = Player("Ann", 0, short, ANN)
    script.actions[3] = (1, "Ann", "allin", 0)
    script.actions = [x for x in script.actions if not (x[1] == "Ann" and x[0] == 2)]
    put, _ = play(Script(script.players, a, script.actions, []))
    main = 3 * put["Ann"]
    side = sum(put.values()) - main
    script.winners = [("Bob", main, 1, "n"), ("Bob", side, 2, "n")]
    script.shows = [("Bob", True), ("Ann", True), ("Hero", False)]
    return script


# ---------------------------------------------------------------------------
# File versions

V1_STUD = Version('<description type="7-Stud" stakes="Limit $0.50/$1"/>',
                  '<game id="{id}" starttime="{start}" numholecards="7" gametype="39" '
                  'realmoney="true" data="{data}">')
V2_STUD8 = Version('<description type="7-Stud H/L8" stakes="Limit $0.25/$0.50" version="2"/>',
                   '<game id="{id}" starttime="{start}" numholecards="7" gametype="43" seats="8" '
                   'realmoney="true" data="{data}" version="2">', start="20130715213500",
                   data="20130715|Guatemala II|70969727|{id}|false")
V2_HORSE = Version('<description type="HORSE" stakes="Limit $0.25/$0.50" version="2" />',
                   '<game id="{id}" starttime="{start}" numholecards="7" gametype="75" seats="8" '
                   'realmoney="true" multigametype="43" data="{data}" version="2" >',
                   balance=cents, space=" ", indent="    ", start="20140911014441",
                   data="20140911|Pony II|78854953|{id}|false")
V1_RAZZ = Version('<description type="Razz" stakes="Limit $0.50/$1"/>',
                  '<game id="{id}" starttime="{start}" numholecards="7" gametype="47" '
                  'realmoney="true" data="{data}">', start="20111115223628",
                  data="20111115|Pinatubo (43618199)|43618199|{id}|false")
NL_STUD8 = Version('<description type="7-Stud H/L8" stakes="No Limit ($0.01/$0.02/$0.10)"/>',
                   '<game id="{id}" starttime="{start}" numholecards="7" gametype="43" seats="8" '
                   'realmoney="true" data="{data}">', start="20120422233118",
                   data="20120422|NL 7Stud HL|53828643|{id}|false")
OLD_2010 = Version('<description type="7-Stud" stakes="Limit $0.50/$1"/>',
                   '<game id="{id}" starttime="{start}" numholecards="7" gametype="39" '
                   'realmoney="true" data="{data}">', start="20100805202244",
                   timestamps=False, data="20100805:Hudson (31423297):31423297:{id}:false")
PLAY = Version('<description type="7-Stud" stakes="Limit $0.50/$1"/>',
               '<game id="{id}" starttime="{start}" numholecards="7" gametype="39" seats="8" '
               'realmoney="false" data="{data}">',
               data="20111230|Play Money (46154255)|46154255|{id}|false")
HORSE_TOURNAMENT = Version(
    '<description type="HORSE Tournament" stakes="Limit"/>',
    '<game id="{id}" starttime="{start}" numholecards="7" gametype="77" multigametype="45" '
    'realmoney="true" data="{data}">', balance=chips_dollar, amount=chips,
    start="20110622123311",
    data="20110622|$200 Freeroll - HORSE - 12%3A00|36447024-1|{id}|true")
STUD_TOURNAMENT_21 = Version(
    '<description type="7-Stud Tournament" stakes="Limit Level 3" version="2.1" />',
    '<game id="{id}" starttime="{start}" numholecards="7" gametype="39" stakes="Limit Level 3" '
    'seats="8" realmoney="true" data="{data}" buyIn="10.00" seatsPerTable="8" '
    'tableCount="4" startingStack="5000.00" rebuy="0.00" rebuyStack="0.00" addon="0.00" '
    'addonStack="0.00" bounty="1.00" version="2.1" >', balance=chips, amount=chips, space=" ",
    indent="    ", start="20150302194444",
    data="20150302|Stud Nightly $11 (81601090-1)|81601090-1|{id}|true")


def _hands() -> list[str]:
    traffic = [(2, "Ann", "DISCONNECTED", 0), (2, "Ann", "RECONNECTED", 0),
               (3, "Hero", "chat:nh", 0)]
    sitting = main_hand(50, 100, 5, 10, 5)
    sitting.players.append(Player("Finn", 7, 2000, ()))
    sitting.sitting = ["Finn"]
    sitting.end_traffic = [("Finn", "LEAVE")]
    sit_out = main_hand(50, 100, 5, 10, 5)
    sit_out.actions = [(x[0], x[1], "sit_out" if x[1:3] == ("Ann", "fold") else x[2], x[3])
                       for x in sit_out.actions]
    tournament = main_hand(150, 300, 15, 30, 0, stacks=(1000, 1340, 2000), bring_bet=True,
                           hero=HERO_LOW, split=True,
                           extra=[(2, "Ann", "chat:stupid low..", 0)])
    tournament.end_traffic = [("Ann", "PLAYER_OUT")]
    return [
        write(main_hand(50, 100, 5, 10, 5, extra=traffic), V1_STUD, "31423297-107"),
        write(main_hand(25, 50, 2, 5, 4, hero=HERO_LOW, split=True), V2_STUD8, "70969727-130"),
        write(main_hand(25, 50, 2, 5, 3), V2_HORSE, "78854953-355"),
        write(razz_hand(50, 100, 5, 10, 5), V1_RAZZ, "43618199-14"),
        write(main_hand(10, 20, 1, 2, 1), NL_STUD8, "53828643-2"),
        write(main_hand(50, 100, 5, 10, 5, old_raise=True), OLD_2010, "31423297-108"),
        write(main_hand(50, 100, 5, 10, 0), PLAY, "46154255-645"),
        write(sitting, V1_STUD, "31423297-109"),
        write(sit_out, V1_STUD, "31423297-110"),
        write(uncalled_hand(25, 50, 2, 5, 3), V2_STUD8, "70969727-131", folded_end=True),
        write(side_pot_hand(25, 50, 2, 5), V2_HORSE, "78854953-356"),
        write(tournament, HORSE_TOURNAMENT, "36487050-24"),
        write(main_hand(100, 200, 10, 25, 0, stacks=(4460, 9755, 5000)), STUD_TOURNAMENT_21,
              "81685504-28"),
    ]


HANDS: list[str] = _hands()
