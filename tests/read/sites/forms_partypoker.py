"""PartyPoker hands written from docs/formats/partypoker.md: every catalogued form, in
consistent hands.

Each hand is built by :class:`Hand`, which prints the lines the catalogue lists
in one client's style (:class:`Style`: how amounts, brackets, deals and periods
look) and keeps the money: what each player has in on the street (PartyPoker
prints the chips a player *adds*, so each amount is the new street total less
what the player had in), and the pot the winners share after the rake. The cards
are chosen so the rules decide every turn (the lowest door card brings in, the
best board opens) and every pot (the winners' hands are clear), for the players
whose cards the hand shows. Five bodies (:func:`aces_against_a_boat`,
:func:`split_hi_lo`, :func:`no_low`, :func:`uncontested`,
:func:`all_in_and_side_pot`) are dealt under the catalogue's header forms: cash
in dollars and euros, the Mac client, the 2013 client's doubled spaces, the
multi-table, freeroll, 2005, sit-and-go and banner-only tournaments. The chat and
table-traffic lines (``noise.*``) stand between their lines.

Nothing here is copied from a real history: names, ids, stacks and cards are
made up.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass


def usd(units: int, *, comma: bool = False, sign: str = "$", code: str = "USD",
        gap: str = " ") -> str:
    """``$0.50 USD``, ``$1 USD`` (no cents on whole amounts), ``$0,50 USD`` (Mac)."""
    whole, cents = divmod(units, 100)
    text = f"{sign}{whole}" if cents == 0 else f"{sign}{whole}{',' if comma else '.'}{cents:02d}"
    return f"{text}{gap}{code}"


def chips(units: int) -> str:
    """A tournament amount: ``2,560``."""
    return f"{units:,}"


@dataclass(frozen=True)
class Style:
    """How one client prints a hand's lines."""

    money: Callable[[int], str] = usd
    """An amount on an action line."""
    won: Callable[[int], str] | None = None
    """An amount on a ``wins`` line (default: :attr:`money`)."""
    stack: Callable[[int], str] | None = None
    """A stack on a seat line (default: :attr:`money`)."""
    paid: str = "[{}]"
    """The brackets around an amount."""
    verb_gap: str = " "
    """Between an action's verb and its bracket (the Mac client prints none for raises)."""
    period: str = ""
    """After an action (the 2005 and 2012 clients)."""
    deal: Callable[[list[str]], str] = lambda cards: f"[  {' '.join(cards)} ]"
    seat: str = "Seat {}: {} ( {} )"
    main_pot: str = "from the main pot with"
    side_pot: str = "from the side pot {} with"
    muck_gap: str = " "

    def win(self, units: int) -> str:
        return (self.won or self.money)(units)


CASH = Style()
EURO = Style(money=lambda u: usd(u, sign="€", code="EUR"))
MAC = Style(money=lambda u: usd(u, comma=True), paid="[ {} ]", seat="seat {}: {} ( {} )",
            deal=lambda cards: f"[ {', '.join(cards)} ]")
MAC_NO_SPACE = Style(money=lambda u: usd(u, comma=True), paid="[ {} ]", verb_gap="",
                     seat="seat{}: {} ( {} )", deal=lambda cards: f"[ {', '.join(cards)} ]")
SPACED = Style(money=lambda u: usd(u, gap="  "), period=".",
               deal=lambda cards: f"[ {' , '.join(cards)} ]", muck_gap="  ")
CHIPS = Style(money=chips, won=lambda u: f"{chips(u)} chips")
OLD = Style(money=str, won=lambda u: f"{u} chips", stack=lambda u: f"${u}", period=".",
            main_pot="from  the main pot  with", side_pot="from  side pot #{}  with")


class Hand:
    """One PartyPoker hand being written: its lines and the money each player puts in."""

    def __init__(self, head: list[str], seats: dict[str, tuple[int, int]], style: Style,
                 players: str | None = None, after_seats: tuple[str, ...] = ()) -> None:
        self.style = style
        self.lines = list(head)
        self.lines.append(players or f"Total number of players : {len(seats)}/8")
        shown = style.stack or style.money
        for name, (seat, stack) in seats.items():
            self.lines.append(style.seat.format(seat, name, shown(stack)))
        self.lines.extend(after_seats)
        self.put: dict[str, int] = dict.fromkeys(seats, 0)
        self.street: dict[str, int] = {}

    @property
    def pot(self) -> int:
        return sum(self.put.values())

    def raw(self, *lines: str) -> Hand:
        self.lines.extend(lines)
        return self

    def ante(self, who: str, amount: int) -> Hand:
        self.put[who] += amount
        return self.raw(f"{who} posts ante {self.style.paid.format(self.style.money(amount))}"
                        f"{self.style.period}")

    def new_street(self, header: str) -> Hand:
        self.street = {}
        return self.raw(f"** {header} **")

    def deal(self, who: str, *cards: str) -> Hand:
        return self.raw(f"Dealt to {who} {self.style.deal(list(cards))}")

    def opens(self, who: str) -> Hand:
        return self.raw(f"{who} opens")

    def act(self, who: str, verb: str, to: int | None = None) -> Hand:
        """``verb`` (``bring-ins``, ``completes``, ``bets``, ``double bets``, ``raises``,
        ``calls``, ``is all-In``) taking ``who`` to the street total ``to`` (a call: to the
        street's bet), printed as the chips it adds; ``checks`` and ``folds`` add none."""
        style = self.style
        if verb in ("checks", "folds"):
            return self.raw(f"{who} {verb}{style.period}")
        if to is None:
            to = max(self.street.values(), default=0)
        added = to - self.street.get(who, 0)
        self.street[who] = to
        self.put[who] += added
        paid = style.paid.format(style.money(added))
        gap = "  " if verb == "is all-In" else style.verb_gap
        period = "" if verb == "is all-In" else style.period
        return self.raw(f"{who} {verb}{gap}{paid}{period}")

    def shows(self, who: str, cards: list[str], what: str) -> Hand:
        return self.raw(f"{who} shows [ {', '.join(cards)} ]{what}")

    def mucks(self, who: str, cards: list[str], what: str) -> Hand:
        if self.style.muck_gap == "  ":  # the 2013 client: "doesn't show  [ 5c , 4h ]  a pair"
            return self.raw(f"{who} doesn't show  [ {' , '.join(cards)} ]  {what}")
        return self.raw(f"{who} doesn't show [ {', '.join(cards)} ]{what}")

    def wins(self, who: str, amount: int, how: str = "") -> Hand:
        return self.raw(f"{who} wins {self.style.win(amount)}{' ' + how if how else ''}")

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


# ---- the bodies: one deal each, printed in any style ----------------------------------


def aces_against_a_boat(hand: Hand, small: int, big: int, ante: int, bring: int,
                        rake: int) -> Hand:
    """Four players; Bob brings in and folds, Cid completes, the hero's open aces double-bet
    4th street and lose to Cid's full house at the showdown (the hero mucks)."""
    for who in ("Hero", "Ann", "Bob", "Cid"):
        hand.ante(who, ante)
    hand.new_street("Dealing").deal("Hero", "Kd", "9s", "Ah")
    hand.opens("Bob").act("Bob", "bring-ins", bring).act("Cid", "completes", small)
    hand.act("Hero", "calls").act("Ann", "folds").act("Bob", "folds")
    hand.new_street("Dealing Fourth street").deal("Hero", "Ad").opens("Hero")
    hand.act("Hero", "double bets", big).act("Cid", "raises", 2 * big).act("Hero", "calls")
    hand.new_street("Dealing Fifth street").deal("Hero", "5c").opens("Hero")
    hand.act("Hero", "checks").act("Cid", "bets", big).act("Hero", "raises", 2 * big)
    hand.act("Cid", "calls")
    hand.new_street("Dealing Sixth street").deal("Hero", "7h").opens("Hero")
    hand.act("Hero", "bets", big).act("Cid", "calls")
    hand.new_street("Dealing River").deal("Hero", "2d").opens("Hero")
    hand.act("Hero", "checks").act("Cid", "bets", big).act("Hero", "calls")
    hand.shows("Cid", ["8c", "8h", "Qs", "Js", "Qd", "3s", "8d"],
               "a full house, Eights full of Queens.")
    hand.mucks("Hero", ["Kd", "9s", "Ah", "Ad", "5c", "7h", "2d"], "a pair of Aces.")
    return hand.wins("Cid", hand.pot - rake,
                     f"{hand.style.main_pot} a full house, Eights full of Queens.")


def split_hi_lo(hand: Hand, small: int, big: int, ante: int, bring: int, rake: int) -> Hand:
    """Stud hi/lo heads-up: the hero's queens win the high half, Opp's 6-5-3-2-A the low."""
    hand.ante("Hero", ante).ante("Opp", ante)
    hand.new_street("Dealing").deal("Hero", "Ah", "4h", "2d").opens("Hero")
    hand.act("Hero", "bring-ins", bring).act("Opp", "completes", small)
    hand.act("Hero", "raises", 2 * small).act("Opp", "calls")
    hand.new_street("Dealing Fourth street").deal("Hero", "7s").opens("Opp")
    hand.act("Opp", "bets", small).act("Hero", "calls")
    hand.new_street("Dealing Fifth street").deal("Hero", "Qd").opens("Opp")
    hand.act("Opp", "bets", big).act("Hero", "raises", 2 * big).act("Opp", "calls")
    hand.new_street("Dealing Sixth street").deal("Hero", "9c").opens("Opp")
    hand.act("Opp", "checks").act("Hero", "bets", big).act("Opp", "calls")
    hand.new_street("Dealing River").deal("Hero", "Qs").opens("Opp")
    hand.act("Opp", "checks").act("Hero", "bets", big).act("Opp", "raises", 2 * big)
    hand.act("Hero", "calls")
    hand.shows("Opp", ["Qc", "3d", "Kc", "5h", "2s", "6s", "Ac"], "high card Ace.")
    hand.raw("Opp shows6,5,3,2,A  for low.")
    hand.shows("Hero", ["Ah", "4h", "2d", "7s", "Qd", "9c", "Qs"], "a pair of Queens.")
    half = (hand.pot - rake) // 2
    hand.wins("Hero", half, f"{hand.style.main_pot} a pair of Queens.")
    return hand.raw(f"Opp wins Lo ({hand.style.win(half)}) from the main pot with 6,5,3,2,A.")


def no_low(hand: Hand, small: int, big: int, ante: int, bring: int, rake: int) -> Hand:
    """Stud hi/lo, three players: Ann brings in and folds; Hero's kings beat Bob's queens and
    nobody has a low."""
    for who in ("Ann", "Bob", "Hero"):
        hand.ante(who, ante)
    hand.new_street("Dealing").deal("Hero", "Kd", "9s", "Kc").opens("Ann")
    hand.act("Ann", "bring-ins", bring).act("Bob", "completes", small).act("Hero", "calls")
    hand.act("Ann", "folds")
    hand.new_street("Dealing Fourth street").deal("Hero", "Th").opens("Hero")
    hand.act("Hero", "checks").act("Bob", "checks")
    hand.new_street("Dealing Fifth street").deal("Hero", "Jc").opens("Hero")
    hand.act("Hero", "bets", big).act("Bob", "calls")
    hand.new_street("Dealing Sixth street").deal("Hero", "Td").opens("Hero")
    hand.act("Hero", "bets", big).act("Bob", "calls")
    hand.new_street("Dealing River").deal("Hero", "3c").opens("Hero")
    hand.act("Hero", "bets", big).act("Bob", "calls")
    hand.shows("Hero", ["Kd", "9s", "Kc", "Th", "Jc", "Td", "3c"], "two pairs, Kings and Tens.")
    hand.shows("Bob", ["Qd", "Qh", "9c", "8s", "4s", "5s", "Jh"], "a pair of Queens.")
    hand.wins("Hero", hand.pot - rake, f"{hand.style.main_pot} two pairs, Kings and Tens.")
    return hand.raw("There was no qualifying low hand")


def uncontested(hand: Hand, small: int, big: int, ante: int, bring: int, rake: int) -> Hand:
    """Three players; the hero brings in, Bob completes and bets 5th street, nobody calls:
    his bet is in what he wins (PartyPoker prints no uncalled bet)."""
    for who in ("Hero", "Bob", "Cid"):
        hand.ante(who, ante)
    hand.new_street("Dealing").deal("Hero", "7c", "Jd", "2h").opens("Hero")
    hand.act("Hero", "bring-ins", bring).act("Bob", "completes", small).act("Cid", "calls")
    hand.act("Hero", "folds")
    hand.new_street("Dealing Fourth street").opens("Bob")
    hand.act("Bob", "bets", small).act("Cid", "calls")
    hand.new_street("Dealing Fifth street").opens("Bob")
    hand.act("Bob", "bets", big).act("Cid", "folds")
    hand.raw("Bob does not show cards.")
    return hand.wins("Bob", hand.pot - rake)


def all_in_and_side_pot(hand: Hand, small: int, big: int, ante: int, bring: int,
                        stack: int) -> Hand:
    """Four players; Ann brings in and calls the completion all-in (her ``stack``); Bob's
    open aces and Cid play on: Ann's full house takes the main pot, Cid's nines the side."""
    for who in ("Hero", "Ann", "Bob", "Cid"):
        hand.ante(who, ante)
    hand.new_street("Dealing").deal("Hero", "8d", "3c", "Kh").opens("Ann")
    hand.act("Ann", "bring-ins", bring).act("Bob", "completes", small).act("Cid", "calls")
    hand.act("Hero", "folds").act("Ann", "is all-In", stack - ante)
    hand.new_street("Dealing Fourth street").opens("Bob")
    hand.act("Bob", "bets", small).act("Cid", "raises", 2 * small).act("Bob", "calls")
    hand.new_street("Dealing Fifth street").opens("Bob")
    hand.act("Bob", "checks").act("Cid", "bets", big).act("Bob", "calls")
    hand.new_street("Dealing Sixth street").opens("Bob")
    hand.act("Bob", "checks").act("Cid", "checks")
    hand.new_street("Dealing River").opens("Bob")
    hand.act("Bob", "bets", big).act("Cid", "calls")
    hand.shows("Bob", ["Kd", "6s", "Ad", "Ac", "7h", "Jd", "2h"], "a pair of Aces.")
    hand.shows("Cid", ["9h", "9d", "9s", "4d", "3h", "Ts", "6c"], "three of a kind, Nines.")
    hand.shows("Ann", ["Qs", "Qc", "2c", "5d", "2d", "8c", "Qd"],
               "a full house, Queens full of Twos.")
    main = sum(min(put, stack) for put in hand.put.values())
    style = hand.style
    hand.wins("Cid", hand.pot - main, f"{style.side_pot.format(1)} three of a kind, Nines.")
    return hand.wins("Ann", main, f"{style.main_pot} a full house, Queens full of Twos.")


# ---- the headers ------------------------------------------------------------------------

_DATE = "Monday, April 25, 14:20:12 EDT 2011"


def _opening(hand_id: int, starts: bool = True, game_no: int | None = None) -> list[str]:
    lines = [f"Game #{hand_id} starts.", ""] if starts else []
    lines.append(f"#Game No : {game_no or hand_id}")
    lines.append(f"***** Hand History for Game {hand_id} *****")
    return lines


def _seats(*names: str, stack: int) -> dict[str, tuple[int, int]]:
    return {name: (seat, stack) for seat, name in zip((1, 3, 5, 7), names, strict=False)}


def _cash_stud() -> str:
    head = [*_opening(20000000001), "$0.50/$1 USD 7 Card Stud - " + _DATE,
            "Table Table  136419 (Real Money)", "Seat 0 is the button"]
    hand = Hand(head, _seats("Hero", "Ann", "Bob", "Cid", stack=2000), CASH,
                players="Total number of players : 4/8")
    hand.raw("Dan has joined the table.")
    aces_against_a_boat(hand, 50, 100, 5, 25, rake=65)
    return hand.raw("Ann: nh", "Ann has left the table.").text()


def _cash_hi_lo() -> str:
    head = [*_opening(20000000002), "$10/$20 USD FL 7 Card Stud Hi-Lo - Tuesday, February 07,"
            " 23:01:18 EST 2012", "Table Table  125524 (Real Money)", "Seat 0 is the button"]
    hand = Hand(head, {"Hero": (1, 39000), "Opp": (3, 51000)}, CASH,
                players="Total number of players : 2/8")
    hand.raw("Opp will be using his time bank for this hand.")
    split_hi_lo(hand, 1000, 2000, 100, 300, rake=100)
    return hand.text()


def _cash_euro() -> str:
    head = [*_opening(20000000003), "€1/€2 EUR FL 7 Card Stud - Sunday, November 21,"
            " 19:00:00 CET 2010", "Table Table  183347 (Real Money)", "Seat 0 is the button"]
    hand = Hand(head, {"Hero": (2, 5000), "Bob": (4, 7000), "Cid": (6, 4000)}, EURO,
                players="Total number of players : 3/8")
    hand.raw("Cid is sitting out", "Cid has been reconnected")
    return uncontested(hand, 100, 200, 10, 50, rake=10).text()


def _cash_mac() -> str:
    head = [*_opening(20000000004, starts=False, game_no=4491819184),
            "$0,50/$1 USD FL 7 Card Stud - Sunday,December 9, 14:29:49 ICT 2012",
            "Table Ponce ( Real Money )", "Seat 0 is the button"]
    hand = Hand(head, _seats("Hero", "Ann", "Bob", "Cid", stack=2472), MAC,
                players="Total number of players : 4/8")
    return aces_against_a_boat(hand, 50, 100, 5, 25, rake=65).text()


def _cash_mac_no_dp() -> str:
    head = [*_opening(20000000005, starts=False, game_no=4687559040),
            "$10/$20 USD FL 7 Card Stud Hi-Lo - Saturday,February 18, 01:10:59 EST 2012",
            "Table Table  167070 (No DP) ( Real Money )", "Seat 0 is the button"]
    hand = Hand(head, {"Hero": (1, 66425), "Opp": (2, 212750)}, MAC_NO_SPACE,
                players="Total number of players : 2/6")
    return split_hi_lo(hand, 1000, 2000, 100, 300, rake=100).text()


def _cash_spaced() -> str:
    head = [*_opening(20000000006), "$0.50/$1  USD  FL  7 Card Stud - Sunday, March 31,"
            " 09:30:36 CEST 2013", "Table Supersonic (Real Money)", "Seat 0 is the button"]
    hand = Hand(head, _seats("Hero", "Ann", "Bob", "Cid", stack=908), SPACED,
                players="Total number of players : 4 / 8")
    hand.raw("Hero Forward Folds")
    return aces_against_a_boat(hand, 50, 100, 5, 25, rake=45).text()


def _tournament() -> str:
    head = [*_opening(20000000007, starts=False),
            "FL 7 Card Stud $6 USD Buy-in Trny:69784932 Level:2  Stakes-Antes(60/120-10) - "
            "Wednesday, May 30, 14:41:43 EDT 2012",
            "Table Regular (2629813) Table #2 (Real Money)", "Seat 0 is the button"]
    seats = {"Hero": (1, 2930), "Ann": (2, 65), "Bob": (4, 3955), "Cid": (6, 3510)}
    hand = Hand(head, seats, CHIPS, players="Total number of players : 4/8",
                after_seats=("Trny:69784932 Level:2", "Stakes-Antes(60/120-10)"))
    hand.raw("Connection Lost due to some reason", "Bob could not respond in time.(disconnected)")
    all_in_and_side_pot(hand, 60, 120, 10, 20, stack=65)
    return hand.raw("Player Ann finished in 274.", "Game #20000000008 starts.").text()


def _tournament_old() -> str:
    head = ["#Game No : 2621679197", "***** Hand History for Game 2621679197 *****",
            "7 Card Stud $30 Buy-in  + $3 Entry Fee  Trny:15286975 Level:4 "
            "Stakes-Antes(50/100-10) - Tuesday, August 30, 00:26:01 EDT 2005",
            "Table Table  11277 (Real Money)", "Seat 0 is the button"]
    seats = {"Hero": (1, 1902), "Ann": (2, 55), "Bob": (4, 1255), "Cid": (6, 1260)}
    hand = Hand(head, seats, OLD, players="Total number of players : 4",
                after_seats=("Trny:15286975 Level:4", "Stakes-Antes(50/100-10)"))
    hand.raw(">You have options at Table  11531 Table!.")
    return all_in_and_side_pot(hand, 50, 100, 10, 20, stack=55).text()


def _tournament_euro_spaced() -> str:
    """The level changed between the game line and the deal (the later one counts), and
    the date has no zone."""
    head = [*_opening(20000000009), "FL 7 Card Stud Hi-Lo €1 EUR Buy-in Trny: 75582100 "
            "Level: 1  Stakes-Antes(20/40-5) - Wednesday, November 28, 13:05:32  2012",
            "Table Quitte ou Double Speed #2211127 (Real Money)", "Seat 0 is the button"]
    seats = {"Ann": (2, 1500), "Bob": (4, 1500), "Hero": (6, 1500)}
    hand = Hand(head, seats, CHIPS, players="Total number of players : 3/8",
                after_seats=("Trny: 75582100 Level: 2", "Stakes-Antes(60/120-10)"))
    hand.raw("Bob did not respond in time",
             "Bob is disconnected. We will wait for Bob to reconnect for a maximum of 30 "
             "seconds.")
    return no_low(hand, 60, 120, 10, 20, rake=0).text()


def _freeroll() -> str:
    head = [*_opening(20000000010), "FL 7 Card Stud  Trny: 71487580 Level: 1  "
            "Stakes-Antes(20/40-5) - Friday, July 27, 23:00:33 MSKS 2012",
            "Table $50 Freeroll (2695506) Table #173 (Real Money)", "Seat 0 is the button"]
    seats = {"Hero": (3, 3000), "Bob": (5, 3000), "Cid": (10, 3000)}
    hand = Hand(head, seats, CHIPS, players="Total number of players : 3/10",
                after_seats=("Trny: 71487580 Level: 1", "Stakes-Antes(20/40-5)"))
    hand.raw("Table Closed")
    return uncontested(hand, 20, 40, 5, 10, rake=0).text()


def _sit_and_go() -> str:
    head = [*_opening(20000000011), "FL 7 Card Stud $1 USD Buy-in  - Sunday, July 24,"
            " 19:32:00 CEST 2016", "Table $1 Sit & Go Hero (128487129) Table #1 (Real Money)",
            "Seat 0 is the button"]
    seats = {"Hero": (1, 500), "Bob": (2, 500), "Cid": (3, 500)}
    hand = Hand(head, seats, CHIPS, players="Total number of players : 3/4",
                after_seats=("Trny: 128487129 Level: 1", "Stakes(10/20)"))
    hand.raw("Your time bank will be activated in 6 secs. If you do not want it to be used,"
             " please act now.")
    uncontested(hand, 10, 20, 1, 5, rake=0)
    return hand.raw("Player Hero finished in 2 place and received $1.80 USD",
                    "Congratulations to player Bob for winning tournament 128487129").text()


def _banner_only() -> str:
    """The 2011 files that open each hand with the banner alone."""
    head = ["***** Hand History for Game 20000000012 *****",
            "FL 7 Card Stud Hi-Lo $22 USD Buy-in Trny: 105411156 Level: 2  "
            "Stakes-Antes(20/40-5) - Thursday, October 31, 16:04:15 EDT 2013",
            "Table $1,000 Gtd (105411156) Table #2 (Real Money)", "Seat 0 is the button"]
    seats = {"Hero": (1, 2000), "Opp": (3, 2000)}
    hand = Hand(head, seats, CHIPS, players="Total number of players : 2/10",
                after_seats=("Trny: 105411156 Level: 2", "Stakes-Antes(20/40-5)"))
    hand.raw("Opp: u r getting boring")
    return split_hi_lo(hand, 20, 40, 5, 10, rake=0).text()


HANDS: list[str] = [
    _cash_stud(), _cash_hi_lo(), _cash_euro(), _cash_mac(), _cash_mac_no_dp(), _cash_spaced(),
    _tournament(), _tournament_old(), _tournament_euro_spaced(), _freeroll(), _sit_and_go(),
    _banner_only(),
]
"""One hand per header form, each body dealt at least once, every line form used."""
