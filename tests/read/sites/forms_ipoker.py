"""iPoker sessions written from the catalogue's forms (docs/formats/ipoker.md).

A small builder plays a scripted hand (who antes, brings in, completes, bets,
raises, calls, folds, sits out) with amounts that follow the stakes and keep
every stack and the pot in balance (what the players put in = what they win +
rake), then writes it in one client version's style: the session ``<general>``
block, the seats, the rounds with their cards and numbered actions, each in
that version's element forms and number format. ``HANDS`` holds one session
text per hand (header variant x body variant); every catalogued form appears
in some hand. Every player name, id and card here is invented.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

Money = Callable[[int], str]


def _decimal(symbol: str, mark: str = ".") -> Money:
    def money(units: int) -> str:
        whole, cents = divmod(units, 100)
        return f"{symbol}{whole}" if cents == 0 else f"{symbol}{whole}{mark}{cents:02d}"
    return money


def _chips(mark: str) -> Money:
    def money(units: int) -> str:
        return f"{units:,}".replace(",", mark)
    return money


USD, EUR, GBP = _decimal("$"), _decimal("€"), _decimal("£")
EUR_COMMA = _decimal("€", ",")
PLAIN = _decimal("")
CHIPS_COMMA, CHIPS_POINT = _chips(","), _chips(".")


@dataclass(frozen=True)
class Player:
    name: str
    seat: int
    stack: int
    cards: tuple[str, ...]
    """Seven (or five) cards in deal order; the first two (one) are down, the last down."""


@dataclass
class Script:
    """A hand as actions by street: ``(street, player, verb, amount)``.

    Verbs: ``bring`` (the bring-in), ``complete`` (a 3rd-street bet, type 5, to the
    small bet), ``bet``, ``raise`` (type 23 to a total), ``raise6`` (type 6, chips
    added), ``call`` (the amount is worked out), ``allin`` (type 7, the rest of the
    stack), ``check``, ``fold``, ``sit9`` (sits out: folds); ``sit8`` is a seated
    player who sits the hand out (round 0).
    """

    players: list[Player]
    ante: int
    actions: list[tuple[int, str, str, int]]
    winners: dict[str, int]
    five_card: bool = False
    sitting: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Style:
    """A client version: how the session and the game's elements are written."""

    general: list[str]
    money: Money
    seat: str = ('<player seat="{seat}" name="{name}" chips="{chips}" dealer="{dealer}" '
                 'win="{win}" bet="{bet}" rebuy="0" addon="0"/>')
    action: str = '<action no="{no}" player="{player}" type="{type}" sum="{sum}" cards="{c}"/>'
    cards: str = '<cards type="{type}" player="{player}">{cards}</cards>'
    one_line: bool = True
    """A round's cards and actions on one line (2010-2014), else one element a line."""
    declaration: bool = True
    hidden: str = "X"
    game_open: str = '<game gamecode="{code}">\n<general>\n<startdate>{date}</startdate>'
    date: str = "2010-09-05 13:00:46"
    hero_sees: bool = True


SEVEN = ("Third Street", "Fourth Street", "Fifth Street", "Sixth Street", "River")
FIVE = ("Second Street", "Third Street", "Fourth Street", "River")


def play(script: Script, hero: str) -> tuple[dict[str, int], list[list[tuple[str, str, int]]]]:
    """Each player's total put in, and per round (0 = antes, then the streets) the actions
    as ``(player, type code, sum)``; checks that the pot less the winnings is a rake >= 0."""
    put: dict[str, int] = {p.name: 0 for p in script.players}
    stacks = {p.name: p.stack for p in script.players}
    streets = 4 if script.five_card else 5
    rounds: list[list[tuple[str, str, int]]] = [[] for _ in range(streets + 1)]
    for name in script.sitting:
        rounds[0].append((name, "8", 0))
    for p in script.players:
        if p.name not in script.sitting:
            rounds[0].append((p.name, "15", script.ante))
            put[p.name] += script.ante
            stacks[p.name] -= script.ante
    totals: dict[str, int] = {}
    current = -1
    for street, name, verb, amount in script.actions:
        if street != current:
            current, totals = street, {}
        mine = totals.get(name, 0)
        bet_to = max(totals.values(), default=0)
        code, chips, to = {
            "bring": ("16", amount, amount), "complete": ("5", amount, amount),
            "bet": ("5", amount, amount), "raise": ("23", amount - mine, amount),
            "raise6": ("6", amount - mine, amount), "call": ("3", bet_to - mine, bet_to),
            "allin": ("7", stacks[name], mine + stacks[name]), "check": ("4", 0, mine),
            "fold": ("0", 0, mine), "sit9": ("9", 0, mine),
        }[verb]
        printed = amount if code == "23" else chips
        rounds[street].append((name, code, printed))
        totals[name] = to
        put[name] += chips
        stacks[name] -= chips
        assert stacks[name] >= 0, (name, verb)
    rake = sum(put.values()) - sum(script.winners.values())
    assert rake >= 0, rake
    return put, rounds


def write(script: Script, style: Style, code: int, hero: str) -> str:
    """One session holding the scripted hand, written in ``style``."""
    put, rounds = play(script, hero)
    money = style.money
    names = SEVEN if not script.five_card else FIVE
    lines: list[str] = []
    if style.declaration:
        lines.append('<?xml version="1.0" encoding="utf-8"?>')
    lines.append(f'<session sessioncode="{code + 9000}">')
    lines.append("<general>")
    lines.extend(style.general)
    lines.append("</general>")
    lines.append(style.game_open.format(code=code, date=style.date))
    lines.append("<players>")
    seats = [style.seat.format(seat=p.seat, name=p.name, chips=money(p.stack),
                               dealer=int(i == 0), win=money(script.winners.get(p.name, 0)),
                               bet=money(put[p.name]))
             for i, p in enumerate(script.players)]
    lines.append("".join(seats) if style.one_line else "\n".join(seats))
    lines.append("</players>")
    lines.append("</general>")
    folded = {name for street in rounds for name, c, _ in street if c in ("0", "9")}
    showdown = [p.name for p in script.players if p.name not in folded
                and p.name not in script.sitting]
    number = 0
    order: dict[tuple[int, int], int] = {}
    for r, acts in enumerate(rounds):
        for i in range(len(acts)):
            number += 1
            order[(r, i)] = number
    for r in range(len(rounds) + 1):
        lines.append(f'<round no="{r}">')
        body: list[str] = []
        if r == 0:
            body = [style.action.format(no=order[(0, i)], player=n, type=c, sum=money(s),
                                        c="[cards]") for i, (n, c, s) in enumerate(rounds[0])]
        elif r >= 2 and r - 1 < len(rounds) and rounds[r - 1]:
            street = r - 2
            acts = rounds[street + 1] if street + 1 < len(rounds) else []
            for p in script.players:
                if p.name in script.sitting or _out_before(rounds, p.name, street + 1):
                    continue
                shown = p.name in showdown or (p.name == hero and style.hero_sees)
                body.append(style.cards.format(type=names[street], player=p.name,
                                               cards=_dealt(p, street, shown, style,
                                                            script.five_card)))
                for i, (n, c, s) in enumerate(acts):
                    if n == p.name:
                        body.append(style.action.format(no=order[(street + 1, i)], player=n,
                                                        type=c, sum=money(s), c=""))
        if body:
            lines.append("".join(body) if style.one_line else "\n".join(body))
        lines.append("</round>")
    lines.append("</game>")
    lines.append("</session>")
    return "\n".join(lines) + "\n"


def _out_before(rounds: list[list[tuple[str, str, int]]], name: str, street: int) -> bool:
    """Whether ``name`` folded on a street before ``street`` (1 = the first deal)."""
    return any(n == name and c in ("0", "9") for r in rounds[1:street] for n, c, _ in r)


def _dealt(p: Player, street: int, shown: bool, style: Style, five: bool) -> str:
    down = 1 if five else 2
    last = 3 if five else 4
    if street == 0:
        hole = list(p.cards[:down]) if shown else [style.hidden] * down
        return " ".join([*hole, p.cards[down]])
    card = p.cards[down + street]
    if street == last and not five and not shown:
        return style.hidden
    return card


# ---------------------------------------------------------------------------
# Bodies: scripted hands of small bet S, big bet B, ante A, bring-in I


def main_hand(s: int, b: int, a: int, i: int, rake: int, *, low: bool = False,
              raise_code: str = "raise", sit9: bool = False, allin: bool = False,
              names: tuple[str, str, str] = ("Ann", "Bob", "Hero"),
              stacks: tuple[int, int, int] | None = None, split: bool = False) -> Script:
    """Three players: the first brings in, the second completes, all three see 4th street,
    where the third raises and the first folds; the second and third go to the showdown.
    The second holds aces; ``low`` gives the third an eight-low (stud8: a split)."""
    p1, p2, p3 = names
    river3 = "H2" if low else "HK"
    pot = 3 * a + 3 * s + 4 * s + 4 * b
    put3 = a + s + 2 * s + 2 * b
    stack3 = put3 if allin else (stacks[2] if stacks else 100 * b)
    players = [
        Player(p1, 1, stacks[0] if stacks else 50 * b, ("C9", "D10", "C2", "C3")),
        Player(p2, 4, stacks[1] if stacks else 60 * b,
               ("SA", "HA", "DK", "S7", "HQ", "CJ", "D5")),
        Player(p3, 7, stack3, ("C8", "D8", "H9", "D4", "S5", "C6", river3)),
    ]
    fold = "sit9" if sit9 else "fold"
    actions = [
        (1, p1, "bring", i), (1, p2, "complete", s), (1, p3, "call", 0), (1, p1, "call", 0),
        (2, p2, "bet", s), (2, p3, raise_code, 2 * s), (2, p1, fold, 0), (2, p2, "call", 0),
        (3, p2, "check", 0), (3, p3, "bet", b), (3, p2, "call", 0),
        (4, p2, "check", 0), (4, p3, "check", 0),
        (5, p2, "bet", b), (5, p3, "allin" if allin else "call", 0),
    ]
    won = pot - rake
    winners = {p2: won - won // 2, p3: won // 2} if split else {p2: won}
    return Script(players, a, actions, winners)


def five_card_hand(s: int, b: int, a: int, i: int, rake: int) -> Script:
    """Five-card stud heads-up: the second player brings in, the first completes; a pair
    of fours wins a king-high hand at the showdown."""
    players = [Player("Cleo", 1, 300, ("H8", "DJ", "C4", "S4", "DK")),
               Player("Hero", 4, 200, ("SQ", "C3", "C2", "CK", "C5"))]
    actions = [
        (1, "Hero", "bring", i), (1, "Cleo", "complete", s), (1, "Hero", "call", 0),
        (2, "Cleo", "bet", s), (2, "Hero", "call", 0),
        (3, "Cleo", "bet", b), (3, "Hero", "call", 0),
        (4, "Cleo", "check", 0), (4, "Hero", "check", 0),
    ]
    pot = 2 * a + 2 * s + 2 * s + 2 * b
    return Script(players, a, actions, {"Cleo": pot - rake}, five_card=True)


def sitting_hand(s: int, b: int, a: int, i: int) -> Script:
    """A seated player sits the hand out (type 8); the bring-in wins when both others fold
    to his completion."""
    players = [Player("Dora", 1, 500, ("C9", "D10", "C2")),
               Player("Hero", 4, 500, ("SA", "HA", "DK")),
               Player("Eve", 7, 500, ("C8", "D8", "H9")),
               Player("Finn", 9, 500, ())]
    actions = [(1, "Dora", "bring", i), (1, "Hero", "complete", s), (1, "Eve", "fold", 0),
               (1, "Dora", "fold", 0)]
    return Script(players, a, actions, {"Hero": 3 * a + i + s}, sitting=["Finn"])


# ---------------------------------------------------------------------------
# Headers: client versions


def _cash_general(gametype: str, *extra: str, table: str = "Labyrinth",
                  currency: str = "USD", nickname: str = "Hero") -> list[str]:
    return ["<mode>real</mode>", f"<gametype>{gametype}</gametype>",
            f"<tablename>{table}</tablename>", *extra, "<duration>00:04</duration>",
            "<gamecount>2</gamecount>", "<startdate>2010-09-05 13:00:46</startdate>",
            f"<currency>{currency}</currency>", f"<nickname>{nickname}</nickname>",
            "<bets>$0.04</bets>", "<wins>$0</wins>", "<chipsin>1</chipsin>",
            "<chipsout>0.88</chipsout>", "<ipoints>0.08</ipoints>"]


STUD_2010 = Style(general=_cash_general("7 Card Stud L $0.05/$0.10"), money=USD,
                  seat=('<player seat="{seat}" name="{name}" chips="{chips}" dealer="{dealer}" '
                        'win="{win}" bet="{bet}" />'))
EUR_2014 = Style(general=[*_cash_general("7 Card Stud Hi-Lo L €0.05/€0.10",
    "<tablecurrency>EUR</tablecurrency>", table="Beignon, 826907366"),
    "<statuspoints>1.70</statuspoints>", "<awardpoints>1.70</awardpoints>"],
    money=EUR, date="2014-05-10 18:02:19",
    seat=('<player seat="{seat}" name="{name}" chips="{chips}" dealer="{dealer}" '
          'win="{win}" bet="{bet}" rebuy="0" addon="0" reg_code="-"/>'))
FIVE_2011 = Style(general=_cash_general("5 Card Stud L $0.05/$0.10", table="Dundee, 637718441"),
                  money=USD, date="2011-11-02 18:10:00")
FLAT_2011 = Style(
    general=[*_cash_general("7 Card Stud Limit $0.10/$0.20", "<tablecurrency>USD</tablecurrency>",
        "<tablesize>8</tablesize>", table="Papamoa, 482578151"), "<is_asian>0</is_asian>"],
    money=USD, one_line=False, hidden="x", date="2011-03-20 20:02:47",
    game_open=('<game gamecode="{code}"><general><startdate>{date}</startdate>\n'
               '<servername>poker14.ipoker.com</servername>'),
    seat=('<player seat="{seat}" name="{name}" chips="{chips}" dealer="{dealer}" '
          'win="{win}" bet="{bet}" />'),
    action=('<action no="{no}" player="{player}" actiontxt="Act" turntime="20:02:58" '
            'type="{type}" sum="{sum}" />'))
GBP_2013 = Style(
    general=["<mode>real</mode>", "<gametype>7 Card Stud HiLow L £0.10/£0.20</gametype>",
             "<tablename>Gelofo, 754744691</tablename>", "<tablecurrency>GBP</tablecurrency>",
             "<duration>N/A</duration>", "<gamecount>N/A</gamecount>",
             "<startdate>2013-07-27 21:56:06</startdate>", "<currency>GBP</currency>",
             "<nickname>Hero</nickname>", "<bets>N/A</bets>", "<wins>N/A</wins>",
             "<chipsin>N/A</chipsin>", "<chipsout>N/A</chipsout>", "<ipoints>N/A</ipoints>",
             "<statuspoints>N/A</statuspoints>", "<awardpoints>N/A</awardpoints>",
             "<is_asian>[is_asian]</is_asian>"],
    money=GBP, one_line=False, declaration=False, date="2013-07-30 18:26:02",
    seat=('<player seat="{seat}" name="{name}" chips="{chips}" dealer="{dealer}" '
          'win="{win}" bet="{bet}" rebuy="0" addon="0" />'),
    action='<action no="{no}" player="{player}" type="{type}" sum="{sum}" cards="{c}" />')
CLIENT_2021 = Style(
    general=["<client_version>21.1.1.9</client_version>",
             "<uncalled_bet_enabled>true</uncalled_bet_enabled>", "<mode>real</mode>",
             "<gametype>7 Card Stud L €0.05/€0.10</gametype>",
             "<tablename>Vantaa 11, 488785164</tablename>",
             "<tablecurrency>EUR</tablecurrency>", "<duration>00:27:58</duration>",
             "<gamecount>31</gamecount>", "<startdate>18.05.2021 18:26:13</startdate>",
             "<currency>EUR</currency>", "<nickname>Hero</nickname>", "<bets>€17.18</bets>"],
    money=EUR, one_line=False, date="18.05.2021 18:26:13",
    seat=('<player seat="{seat}" win="{win}" name="{name}" bet="{bet}" dealer="{dealer}" '
          'chips="{chips}"/>'),
    action='<action no="{no}" player="{player}" type="{type}" cards="{c}" sum="{sum}"/>',
    cards='<cards player="{player}" type="{type}">{cards}</cards>')
ITALIAN_CASH = Style(general=[*_cash_general("7 Card Stud Limit €0,05/€0,10",
    "<tablecurrency>EUR</tablecurrency>", currency="EUR"), "<duration>N/D</duration>"],
    money=EUR_COMMA, date="30/01/2012 02:30")
ANTE_CASH = Style(general=_cash_general("7 Card Stud L $0.05/$0.10 Ante $0.01"), money=USD,
                  date="05-Sep-2010 13:00:46")
PLAIN_CASH = Style(general=_cash_general("7 Card Stud L 0.05/0.10"), money=PLAIN,
                   date="2012/01/30 02:30:00")
PLAY_MONEY = Style(general=["<mode>play</mode>", "<gametype>7 Card Stud L 10/20</gametype>",
                            "<tablename>Fun table</tablename>", "<duration>00:04</duration>",
                            "<gamecount>2</gamecount>",
                            "<startdate>2011-11-02 18:10:00</startdate>",
                            "<currency>fun</currency>", "<nickname>Hero</nickname>"],
                   money=PLAIN)


def _tournament_general(gametype: str, table: str, facts: str, *extra: str,
                        currency: str = "USD") -> list[str]:
    return ["<mode>real</mode>", f"<gametype>{gametype}</gametype>",
            f"<tablename>{table}</tablename>", *extra, "<duration>N/A</duration>",
            "<gamecount>117</gamecount>", "<startdate>2012-03-19 20:46:31</startdate>",
            f"<currency>{currency}</currency>", "<nickname>Hero</nickname>",
            "<bets>50,339</bets>", "<wins>48,524</wins>", "<chipsin>0</chipsin>",
            "<chipsout>0</chipsout>", "<ipoints>33</ipoints>", facts]


STT_2012 = Style(general=_tournament_general(
    "7 Card Stud L", "$5 Limit 7 Card Stud, 699476041, 699476041",
    "<tournamentname>$5 Limit 7 Card Stud</tournamentname><place>5</place>"
    "<buyin>$5+$0.50</buyin> <totalbuyin>$5.50</totalbuyin> <ipoints>33</ipoints> "
    "<win>$16.40</win> <statuspoints>11</statuspoints> <awardpoints>33</awardpoints>}"),
    money=CHIPS_COMMA, date="2012-03-19 20:46:31")
ITALIAN_SNG = Style(general=_tournament_general(
    "7 Card Stud Hi-Lo L", "€0.50 Stud Double Up 6 Gioc., 547028881 M2EFE101E4DDF2KD",
    "<tournamentname>€0.50 Stud Double Up 6 Gioc. M2EFE101E4DDF2KD</tournamentname>"
    "<place>1</place><buyin>€0,50</buyin> <totalbuyin>Iscriviti[ €0,40 + €0,10 "
    "N2EFE10CC57E3ATN ] <br/></totalbuyin> <ipoints>9</ipoints> <win>€0,80</win>}",
    currency="EUR"), money=CHIPS_POINT, date="30/01/2012 02:30")
TOURNAMENT_2016 = Style(
    general=[*_tournament_general("7 Card Stud Hi-Lo L", "Hyper Turbo Stud (500 Chips) (#16727068)",
        "<tournamentname>Hyper Turbo Stud (500 Chips) (#16727068)</tournamentname>",
        "<smallblind>10</smallblind>", "<bigblind>20</bigblind>"), "<place>0</place>",
        "<buyin>$100+$5</buyin>", "<totalbuyin>$105</totalbuyin>", "<win>0</win>"],
    money=CHIPS_COMMA, one_line=False, date="2016-10-24 00:01:08",
    seat=('<player seat="{seat}" name="{name}" chips="{chips}" dealer="{dealer}" '
          'win="{win}" bet="{bet}" rebuy="0" addon="0" />'),
    action='<action no="{no}" player="{player}" type="{type}" sum="{sum}" cards="{c}" />')
BETCLIC_MTT = Style(general=[*_tournament_general("7 Card Stud L", "Stud Sunday, 799557276",
    "<tournamentcode>799557276</tournamentcode>", "<tournamentcurrency></tournamentcurrency>",
    currency="EUR"), "<tournamentname>Stud Sunday</tournamentname>",
    "<rewarddrawn>€2.00</rewarddrawn>", "<place>N/A</place>", "<buyin>Token</buyin>",
    "<totalbuyin></totalbuyin>", "<win>€0.00</win>"],
    money=CHIPS_COMMA, date="2013-02-04 22:12:37")
FPP_MTT = Style(general=[*_tournament_general("7 Card Stud L", "FPP Stud, 812345678",
    "<tourcode>812345678</tourcode>", "<tournamentcurrency>GBP</tournamentcurrency>",
    currency="GBP"), "<tournamentname>FPP Stud</tournamentname>", "<buyin>Pts 100</buyin>",
    "<place>3</place>"], money=CHIPS_COMMA, date="2014-03-02 20:00:00")


def _hands() -> list[str]:
    out: list[str] = []
    add = out.append
    add(write(main_hand(5, 10, 1, 2, 3), STUD_2010, 1001, "Hero"))
    add(write(main_hand(5, 10, 1, 2, 2, low=True, split=True), EUR_2014, 1002, "Hero"))
    add(write(five_card_hand(5, 10, 2, 2, 2), FIVE_2011, 1003, "Hero"))
    add(write(main_hand(10, 20, 2, 5, 3, raise_code="raise6", sit9=True), FLAT_2011, 1004,
              "Hero"))
    add(write(main_hand(10, 20, 2, 5, 4, low=True, allin=True, split=True), GBP_2013, 1005,
              "Hero"))
    add(write(main_hand(5, 10, 1, 2, 3), CLIENT_2021, 1006, "Hero"))
    add(write(main_hand(5, 10, 1, 2, 3), ITALIAN_CASH, 1007, "Hero"))
    add(write(main_hand(5, 10, 1, 2, 3), ANTE_CASH, 1008, "Hero"))
    add(write(main_hand(5, 10, 1, 2, 3), PLAIN_CASH, 1009, "Hero"))
    add(write(main_hand(1000, 2000, 100, 500, 0), PLAY_MONEY, 1010, "Hero"))
    add(write(sitting_hand(5, 10, 1, 2), STUD_2010, 1011, "Hero"))
    add(write(main_hand(60, 120, 8, 15, 0, stacks=(1440, 1405, 1500)), STT_2012, 1012, "Hero"))
    add(write(main_hand(60, 120, 8, 15, 0, low=True, split=True,
                        stacks=(1500, 1500, 1500)), ITALIAN_SNG, 1013, "Hero"))
    add(write(main_hand(20, 40, 3, 5, 0, low=True, split=True, stacks=(500, 500, 500)),
              TOURNAMENT_2016, 1014, "Hero"))
    add(write(main_hand(100, 200, 10, 25, 0, stacks=(5350, 11454, 4500)), BETCLIC_MTT, 1015,
              "Hero"))
    add(write(main_hand(100, 200, 10, 25, 0, stacks=(2000, 2000, 2000)), FPP_MTT, 1016,
              "Hero"))
    return out


HANDS: list[str] = _hands()
