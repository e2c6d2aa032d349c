"""The table's state while a hand is played or replayed: seats, street, turn, bet level.

:class:`Table` holds what the rules need to know at each moment (who is seated and
live, what each put in per street, who is to act, the bet level, the cap, the last full
bet) and the turn order: who acts first on each street (:meth:`Table.open_round`) and
who still must act (:meth:`Table.close_round`). The table itself is checked
before the first ante by :func:`verify_seating` (one player per seat, every seat within
the table, no more players than seats). The moves themselves are checked and
applied by :mod:`stud_hh.engine.betting`, cards by :mod:`stud_hh.engine.cards`, the end
of the hand by :mod:`stud_hh.engine.settle`. Nothing here records a finding: each
method returns what it found.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from stud_hh.engine.findings import Finding, broke, unknown
from stud_hh.model.cards import MaybeCard
from stud_hh.model.events import (
    Game,
    HandHeader,
    Limit,
    Street,
)
from stud_hh.model.events import Seat as SeatLine
from stud_hh.model.records import Record
from stud_hh.rules.games import GAMES
from stud_hh.rules.play import bet_size, bring_in_player, cap, first_actor, open_pair_big_bet
from stud_hh.rules.profiles import Profile
from stud_hh.rules.violations import RuleCode

THIRD: Final = Street.THIRD
FOURTH: Final = Street.FOURTH
SEVENTH: Final = Street.SEVENTH

DEALT_PER_STREET: dict[Game, dict[Street, int]] = {
    game: {rule.street: rule.cards for rule in rules.streets} for game, rules in GAMES.items()}
"""Cards each player gets per street (3 on 3rd in seven-card games, 2 in five-card)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstActor(Record):
    street: Street
    player: str
    reason: str


def verify_seating(seats: Sequence[SeatLine], max_seats: int | None, line: int
                   ) -> list[Finding]:
    """What the seat lines ``seats`` of a hand make impossible, whatever the house: two
    players in one seat (``seat.shared``), a seat beyond a table of ``max_seats``
    (``seat.beyond-table``), more players than it has seats (``table.over-full``). Where
    the site prints no table size (``max_seats`` ``None``), the last two are unverifiable
    for the hand (at ``line``, its first), never guessed.

    A table of N seats numbers them 1 to N, or 0 to N-1 (Merge): a seat above N is beyond
    it either way, and so is seat N at a table that also has a seat 0. A heads-up table
    (two seats) is the exception: its two players may keep the seat numbers of a larger
    table's layout (Absolute's ``(1 on 1)`` hands seat them 4 and 6, FPDB's regression file
    ``cash/Absolute/Flop/PLO8-2max-USD-30-60-200912.txt``), so there only the count of
    players is checked.

    >>> seats = [SeatLine(seat=n, name=name, stack=100, line=k)
    ...          for k, (n, name) in enumerate([(1, "Ann"), (4, "Bob"), (4, "Cid")], 3)]
    >>> for f in verify_seating(seats, 3, 1):
    ...     print(f.rule, f.line, f.player)
    seat.beyond-table 4 Bob
    seat.shared 5 Cid
    seat.beyond-table 5 Cid
    >>> print(verify_seating(seats, 8, 1)[0].text)
    Cid sits in seat 4, which Bob holds (line 4)
    >>> print(verify_seating(seats, 3, 1)[0].text)
    Bob sits in seat 4 of a 3-max table
    >>> [f.rule.value for f in verify_seating(seats[:2], 2, 1)]  # heads-up: seats 1 and 4
    []
    >>> [(f.rule.value, f.line) for f in verify_seating(seats, 2, 1)]
    [('seat.shared', 5), ('table.over-full', 5)]
    >>> [(f.rule.value, f.checked) for f in verify_seating(seats[:2], None, 1)]
    [('seat.beyond-table', False), ('table.over-full', False)]
    """
    found: list[Finding] = []
    holder: dict[int, SeatLine] = {}
    for seat in seats:
        first = holder.setdefault(seat.seat, seat)
        if first is not seat:
            found.append(broke(RuleCode.SEAT_SHARED, seat.line, seat.name,
                               f"{seat.name} sits in seat {seat.seat}, which {first.name} holds"
                               + (f" (line {first.line})" if first.line != seat.line else "")))
    if max_seats is None:
        why = "the table's size is not printed"
        return [*found, unknown(RuleCode.SEAT_BEYOND_TABLE, line, why),
                unknown(RuleCode.TABLE_OVER_FULL, line, why)]
    zero = holder.get(0)
    table = f"{'an' if str(max_seats)[0] == '8' or max_seats in (11, 18) else 'a'} " \
        f"{max_seats}-max table"
    for seat in seats if max_seats > 2 else ():
        if seat.seat > max_seats:
            found.append(broke(RuleCode.SEAT_BEYOND_TABLE, seat.line, seat.name,
                               f"{seat.name} sits in seat {seat.seat} of {table}"))
        elif seat.seat == max_seats and zero is not None:
            found.append(broke(
                RuleCode.SEAT_BEYOND_TABLE, seat.line, seat.name,
                f"{seat.name} sits in seat {seat.seat} and {zero.name} in seat 0 of {table}, "
                f"whose seats number 1 to {max_seats} or 0 to {max_seats - 1}"))
    if len(seats) > max_seats:
        found.append(broke(RuleCode.TABLE_OVER_FULL, seats[max_seats].line, None,
                           f"{len(seats)} players seated at {table}"))
    found.sort(key=lambda f: f.line)  # as the lines come
    return found


def can_seat(seats: Sequence[SeatLine], max_seats: int | None) -> bool:
    """Whether the seat lines ``seats`` break no rule at a table of ``max_seats``
    (:func:`verify_seating`).

    >>> can_seat([SeatLine(seat=1, name="Ann", stack=5, line=3),
    ...           SeatLine(seat=1, name="Bob", stack=5, line=4)], 8)
    False
    """
    return not any(f.checked for f in verify_seating(seats, max_seats, 0))


class Seat:
    """One seat's state while a hand is walked."""

    __slots__ = ("all_in", "antes", "dealt", "down", "folded", "live", "name", "put_in",
                 "seat", "shown", "stack", "up")

    def __init__(self, name: str, seat: int, stack: int) -> None:
        self.name = name
        self.seat = seat
        self.stack = stack
        self.dealt = False
        self.folded = False
        self.live = False
        """Dealt in and not folded: kept by :meth:`deal_in` and :meth:`fold`, read
        in every turn."""
        self.all_in = False
        self.up: list[MaybeCard] = []
        self.down: list[MaybeCard] = []
        self.shown: tuple[MaybeCard, ...] = ()
        self.put_in: dict[Street | None, int] = {}
        self.antes = False

    def deal_in(self) -> None:
        self.dealt = True
        self.live = not self.folded

    def fold(self) -> None:
        self.folded = True
        self.live = False


class Table:
    """The state of one hand at one moment, under a game's rules and a house profile."""

    def __init__(self, header: HandHeader, rules_profile: Profile) -> None:
        self.profile = rules_profile
        self.game = GAMES[header.game]
        self.dealt_per_street = DEALT_PER_STREET[header.game]
        self.open_pair_big_bet = open_pair_big_bet(self.game, rules_profile)
        self.small_bet = header.small_bet
        self.big_bet = header.big_bet
        self.scale = header.scale
        self.currency = header.currency
        self.money_style = rules_profile.prints.money
        """How the hand's site prints an amount: every message prints its amounts so
        (:meth:`money`)."""
        self.fixed_limit = header.limit is Limit.FIXED
        """No-limit and pot-limit hands: turns, money, pots and winners are checked; the
        bet sizes are not (docs/stud-rules.md gives fixed-limit sizes only)."""
        self.players = players = {s.name: Seat(s.name, s.seat, s.stack) for s in header.seats}
        self.seat_order = seat_order = [s.name for s in sorted(header.seats,
                                                               key=lambda s: s.seat)]
        self.seated = seated = [players[name] for name in seat_order]
        """The players in ``seat_order``."""
        n = len(seat_order)
        seated_twice = seated * 2
        self.clockwise = {name: seated_twice[i + 1:i + n] for i, name in enumerate(seat_order)}
        """Each player's opponents, clockwise from the next seat."""
        self.first_actors: list[FirstActor] = []
        self.street: Street | None = None
        self.street_players: list[Seat] = []
        """The players dealt into this street: live when it began, folded since or not."""
        self.common: MaybeCard = None
        self.received: dict[str, int] = {}
        """Cards each player received so far (for the common card's check)."""
        self.in_showdown = False
        self.reset_round()

    def reset_round(self) -> None:
        self.bet_to = 0
        self.level = 0
        self.full_to = 0
        """The street total of the last full bet or raise (with the profile's
        :attr:`~stud_hh.rules.Profile.bring_in_is_bet`, the bring-in's first)."""
        self.full_bet = 0
        self.big_bet_made = False
        self.to_act: list[str] = []
        self.last_actor: str | None = None
        self.last_full_raiser: str | None = None
        self.last_increment = 0
        """No-limit and pot-limit: the size of the last full bet or raise on this street."""
        self.acted_since_full: set[str] = set()
        """Players who acted since the last full bet or raise (its maker included): after
        an all-in too short to reopen the betting they may only call or fold."""
        self.round_players = 0
        self.limit = cap(self.profile, 0)
        """The cap of this round: :func:`~stud_hh.rules.cap` for ``round_players``."""
        self.bring_in_expected: str | None = None
        self.bring_in_posted = False
        self.bring_in_optional = False

    # -- who is where ---------------------------------------------------------------
    def actors_from(self, start: str) -> list[str]:
        """Live players with chips, clockwise from ``start`` (included)."""
        return [p.name for p in (self.players[start], *self.clockwise[start])
                if p.live and not p.all_in]

    def after(self, name: str) -> list[str]:
        """The other players, clockwise from ``name``."""
        return [p.name for p in self.clockwise[name]]

    def live(self) -> list[str]:
        """The players still in, in seat order."""
        return [p.name for p in self.seated if p.live]

    def money(self, amount: int) -> str:
        """``amount`` (in the hand's smallest unit) as the hand's site prints it: ``$0.03``,
        ``1,500``, ``5€``."""
        return self.money_style.format(amount, self.scale, self.currency)

    def street_label(self) -> str:
        return self.street.label + " street" if self.street is not None else "the antes"

    # -- streets and turns ------------------------------------------------------------
    def start_street(self, street: Street, line: int, has_common: bool, common: MaybeCard
                     ) -> list[Finding]:
        """A new street begins (the last one's round closed already); the common card is
        checked against the cards left in the deck."""
        self.reset_round()
        self.street = street
        self.street_players = live = [p for p in self.players.values() if p.live]
        received, dealt = self.received, self.dealt_per_street.get(street, 1)
        for p in live:
            received[p.name] = received.get(p.name, 0) + dealt
        found: list[Finding] = []
        if street is SEVENTH and self.game.common_card:
            left = 52 - sum(self.received.values()) + len(live)  # before the river card
            needed = left < len(live)
            if needed != has_common:
                found.append(broke(
                    RuleCode.COMMON_CARD_WRONG, line, None,
                    f"{len(live)} players reach 7th street with {left} cards left: "
                    + ("a common card is needed" if needed else "no common card is due")))
        if has_common:
            self.common = common
            if common is not None:
                for player in self.players.values():
                    if player.live:
                        player.up.append(common)
        self.full_bet = bet_size(self.game, street, self.small_bet, self.big_bet)
        return found

    def round_open(self) -> bool:
        """Whether the street's betting has not begun: who acts first is still to find."""
        return not self.to_act and self.last_actor is None and self.street is not None

    def open_round(self, line: int, actor: str) -> list[Finding]:
        """Work out who must act first, once the street's cards are known.

        ``actor`` is the first player the history shows acting: when the cards
        that decide who acts first are not in the history (PartyPoker prints no
        opponent's card), the order is taken from it and the check is
        unverifiable, never a violation."""
        if self.to_act or self.last_actor is not None or self.street is None:
            return []
        live_players = [p for p in self.seated if p.live]
        self.round_players = len(live_players)
        self.limit = cap(self.profile, self.round_players)
        if self.street is THIRD:
            return self._open_third(line, actor, live_players)
        return self._open_later(line, actor, live_players)

    def _open_third(self, line: int, actor: str, live_players: list[Seat]) -> list[Finding]:
        live = [p.name for p in live_players]
        found: list[Finding] = []
        doors: dict[str, str] = {}
        for player in live_players:
            door = player.up[0] if player.up else None
            if door is not None:
                doors[player.name] = door
        if len(doors) < len(live):
            found.append(unknown(RuleCode.BRING_IN_WRONG_PLAYER, line,
                                 "a door card is not shown for every player"))
            if actor in live:
                self.first_actors.append(FirstActor.make(
                    street=THIRD, player=actor,
                    reason="first to act in the history (door cards not shown)"))
                self.to_act = self.actors_from(actor)
                return found
            first = live[0] if live else None
        else:
            try:
                first = bring_in_player(self.game, self.profile, doors, self.seat_order)
            except ValueError:  # a door card the rules cannot rank: no order to check
                found.append(unknown(RuleCode.BRING_IN_WRONG_PLAYER, line,
                                     f"the door cards {' '.join(doors.values())} cannot be "
                                     "ranked: who brings in cannot be decided"))
                first = live[0] if live else None
        if first is not None:
            actors = self.actors_from(first)
            reason = "bring-in"
            if first not in actors and actors:
                # all-in on the ante: the player to their left acts first and may
                # bring in, complete or fold (docs/stud-rules.md, seed 002 rule 8)
                first, reason = actors[0], f"left of {first}, all-in on the ante"
                self.bring_in_optional = True
            self.bring_in_expected = first
            self.first_actors.append(FirstActor.make(street=THIRD, player=first, reason=reason))
            self.to_act = actors
        return found

    def _open_later(self, line: int, actor: str, live_players: list[Seat]) -> list[Finding]:
        if len(live_players) < 2:
            return []
        able_players = [p for p in live_players if not p.all_in]
        if not able_players:
            return []
        street = self.street
        assert street is not None
        able = [p.name for p in able_players]
        boards = {p.name: [c for c in p.up if c is not None] for p in able_players}
        if actor in able and (len({len(b) for b in boards.values()}) > 1
                              or not all(boards.values())):
            self.first_actors.append(FirstActor.make(
                street=street, player=actor,
                reason="first to act in the history (boards not shown)"))
            self.to_act = self.actors_from(actor)
            return [unknown(RuleCode.ACTION_OUT_OF_TURN, line,
                            "not every board is shown: who acts first is unknown")]
        found: list[Finding] = []
        try:
            first = first_actor(self.game, self.profile, boards, self.seat_order)
        except ValueError:  # a card dealt twice: no order to check
            found.append(unknown(RuleCode.ACTION_OUT_OF_TURN, line, _board_fault(boards)))
            first = able[0]
        self.first_actors.append(FirstActor.make(street=street, player=first, reason="best board"))
        self.to_act = self.actors_from(first)
        return found

    def close_round(self, line: int | None) -> list[Finding]:
        """Close the betting round: anyone who still had to act is a missing action."""
        if self.street is None or self.in_showdown or not self.to_act:
            return []
        players = self.players
        waiting = [p for p in self.to_act if players[p].live and not players[p].all_in]
        live = [p for p in self.seat_order if players[p].live]
        found: list[Finding] = []
        if waiting and len(live) > 1 and line is not None and self.last_actor is not None:
            owed = [p for p in waiting
                    if players[p].put_in.get(self.street, 0) < self.bet_to
                    or self.bet_to == 0]
            able = [p for p in live if not players[p].all_in]
            if owed and len(able) > 1:
                found.append(broke(RuleCode.ACTION_MISSING, line, owed[0],
                                   f"{self.street_label()} ends before {', '.join(owed)} "
                                   "acted"))
        self.to_act = []
        return found

    def advance(self, name: str, bring_in: bool, aggressive: bool) -> None:
        """Who is still to act after ``name``'s action (``aggressive``: a completion,
        bet or raise)."""
        self.last_actor = name
        after = self.clockwise[name]
        if bring_in or (aggressive and self.last_full_raiser == name):
            # everyone else must act again
            self.to_act = [p.name for p in after if p.live and not p.all_in]
        elif aggressive:
            # an all-in that does not reopen: whoever now owes chips must call or fold
            street, bet_to, to_act = self.street, self.bet_to, self.to_act
            self.to_act = [p.name for p in after if p.live and not p.all_in and (
                p.name in to_act or p.put_in.get(street, 0) < bet_to)]
        else:  # a call, check or fold: ``name`` has acted
            self.acted_since_full.add(name)
            to_act = self.to_act
            self.to_act = [p.name for p in after
                           if p.live and not p.all_in and p.name in to_act]

    def open_pair(self) -> bool | None:
        """Whether a player dealt into this street shows an open pair; ``None`` when a
        board is unknown.

        A player who has folded since counts: the pair was shown on the street, which
        docs/stud-rules.md makes the condition, and once a big bet is made every raise after it is
        big whoever folds (PokerStars says "a double bet is allowed" once, at the deal)."""
        unknown_board = False
        for player in self.street_players:
            ranks = [c[0] for c in player.up[:2] if c is not None]
            if len(ranks) == 2 and ranks[0] == ranks[1]:
                return True
            unknown_board = unknown_board or len(ranks) < 2
        return None if unknown_board else False


def _board_fault(boards: dict[str, list[str]]) -> str:
    """Why ``boards`` cannot be ranked, in words: a card shown twice, too many cards."""
    owners: dict[str, list[str]] = {}
    for name, board in boards.items():
        for card in board:
            owners.setdefault(card, []).append(name)
    where = ""
    for card, names in owners.items():
        if len(names) > 1:
            where = (f"{card} shows twice on {names[0]}'s board" if len(set(names)) == 1
                     else f"{card} shows on the boards of {' and '.join(dict.fromkeys(names))}")
            break
    for name, board in boards.items():
        if not where and not 1 <= len(board) <= 5:
            where = f"{name} shows {len(board)} up cards"
    return f"{where or 'a board cannot be ranked'}: who acts first cannot be decided"
