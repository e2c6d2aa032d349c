"""Stage 3: a parsed hand -> a replayed hand, checked against the rules.

One generic engine walks a hand's events with the game's rules and a house
rule profile (:mod:`stud_hh.rules`), and derives what each action *is*
(PokerStars prints a completion as ``bets`` or ``raises``), who was to act,
the bet level and cap, contributions per street, uncalled returns, main and
side pots with their eligible players, who should win each pot, and each
player's net result. Every broken rule becomes a :class:`Violation` with its
line; a rule the text cannot decide becomes :class:`Unverifiable`. A violation
never stops the replay: the engine records it and goes on from what the
history says happened.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from stud_hh.cards import MaybeCard
from stud_hh.errors import StudHHError
from stud_hh.evaluate import bring_in_key_stud, high_rank, low8_rank, low27_rank, low_a5_rank
from stud_hh.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    Fold,
    Game,
    HandEvent,
    Limit,
    PostAnte,
    PotKind,
    PotSummary,
    Raise,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    UncalledReturned,
    positional_constructor,
)
from stud_hh.parse import ParsedHand
from stud_hh.rules import (
    GAMES,
    SITE,
    BringInRule,
    OddChipTie,
    PotHalf,
    Profile,
    Ranking,
    ShowdownFirst,
    bet_size,
    bring_in_player,
    cap,
    first_actor,
    profile,
    profile_for,
)
from stud_hh.violations import Unverifiable, Violation

_FIXED_LIMIT_RULES = ("complete.wrong-size", "bet.wrong-size", "bet.big-without-open-pair",
                      "raise.over-cap")
"""Rules that hold for fixed-limit betting only."""

_DEALT_PER_STREET: dict[Game, dict[Street, int]] = {
    game: {rule.street: rule.cards for rule in rules.streets} for game, rules in GAMES.items()}

_DOOR_WORDS: dict[BringInRule, str] = {
    BringInRule.LOWEST_CARD_ACE_HIGH: "lowest",
    BringInRule.HIGHEST_CARD_ACE_LOW: "highest (ace low)",
    BringInRule.HIGHEST_CARD_ACE_HIGH: "highest (ace high)",
}


class ActionKind(StrEnum):
    ANTE = "ante"
    BRING_IN = "bring_in"
    COMPLETE = "complete"
    BET = "bet"
    RAISE = "raise"
    CALL = "call"
    CHECK = "check"
    FOLD = "fold"


@dataclass(frozen=True, slots=True, kw_only=True)
class Action:
    """One action as the rules see it."""

    line: int
    street: Street | None
    """``None`` for antes."""
    order: int
    player: str
    kind: ActionKind
    amount: int
    """Chips this action put in."""
    total: int
    """The player's total on this street after the action."""
    level: int
    """Bets made on this street after the action (the completion is the first on 3rd)."""
    all_in: bool
    capped: bool
    """This action reached the cap."""


_Action = positional_constructor(Action)

# The hot path compares with these, not with attribute lookups on the classes.
_THIRD = Street.THIRD
_FOURTH = Street.FOURTH
_FOLD, _CHECK, _CALL, _BRING_IN = (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL,
                                   ActionKind.BRING_IN)
_OPENING_EVENTS = frozenset({BringIn, Bet, Raise, Complete})
"""Events that may open 3rd street's betting."""


@dataclass(frozen=True, slots=True, kw_only=True)
class FirstActor:
    street: Street
    player: str
    reason: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Pot:
    """A main (index 0) or side pot: its chips before rake and who may win it."""

    index: int
    amount: int
    eligible: tuple[str, ...]
    winners_high: tuple[str, ...] = ()
    winners_low: tuple[str, ...] = ()
    collected: tuple[tuple[str, int], ...] = ()
    """What the history says each player collected from this pot."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplayedHand:
    """A hand replayed under a profile, with everything the rules derive from it."""

    hand: ParsedHand
    profile: str
    actions: tuple[Action, ...]
    first_actors: tuple[FirstActor, ...]
    contributions: dict[str, dict[Street | None, int]]
    uncalled: dict[str, int]
    collected: dict[str, int]
    pots: tuple[Pot, ...]
    rake: int
    showdown: tuple[str, ...]
    """Players who showed, in the order they showed."""
    nets: dict[str, int]
    rake_shares: dict[str, int]
    violations: tuple[Violation, ...]
    unverifiable: tuple[Unverifiable, ...]

    @property
    def hand_id(self) -> str:
        return self.hand.hand_id


# Positional constructors (see :func:`~stud_hh.events.positional_constructor`): every
# field, in order. A frozen dataclass's own ``__init__`` is several times slower.
_FirstActor = positional_constructor(FirstActor)
_Pot = positional_constructor(Pot)
_ReplayedHand = positional_constructor(ReplayedHand)


class _Player:
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


class _Replay:
    """The engine's state while one hand is walked."""

    def __init__(self, hand: ParsedHand, rules_profile: Profile) -> None:
        header = hand.header
        self.hand = hand
        self.profile = rules_profile
        self.game = GAMES[header.game]
        self.dealt_per_street = _DEALT_PER_STREET[header.game]
        """Cards each player gets per street (3 on 3rd in seven-card games, 2 in five-card)."""
        self.open_pair_big_bet = self.game.open_pair_big_bet(rules_profile)
        self.small_bet = header.small_bet
        self.big_bet = header.big_bet
        self.players = players = {s.name: _Player(s.name, s.seat, s.stack)
                                  for s in header.seats}
        self.seat_order = seat_order = [s.name for s in sorted(header.seats,
                                                               key=lambda s: s.seat)]
        self._seated = seated = [players[name] for name in seat_order]
        """The players in ``seat_order``."""
        n = len(seat_order)
        seated_twice = seated * 2
        self._clockwise_players = {name: seated_twice[i + 1:i + n]
                                   for i, name in enumerate(seat_order)}
        self.violations: list[Violation] = []
        self.unverifiable: list[Unverifiable] = []
        self.actions: list[Action] = []
        self.first_actors: list[FirstActor] = []
        self.uncalled: dict[str, int] = {}
        self.collected: dict[str, int] = {}
        self.collects: list[Collect] = []
        self.shows: list[str] = []
        self.uncalled_lines: list[int] = []
        self.ante_amount: int | None = None
        self.received: dict[str, int] = {}
        self.show_lines: list[tuple[str, int]] = []
        self.pot_summary: PotSummary | None = None
        self.cards_seen: dict[str, int] = {}
        self.street: Street | None = None
        self.street_players: list[_Player] = []
        """The players dealt into this street: live when it began, folded since or not."""
        self.common: MaybeCard = None
        self.in_showdown = False
        self.fixed_limit = header.limit is Limit.FIXED
        """No-limit and pot-limit hands: turns, money, pots and winners are checked; the
        bet sizes are not (RULES.md gives fixed-limit sizes only)."""
        self._reset_round()
        if not self.fixed_limit:
            for rule in _FIXED_LIMIT_RULES:
                self.cannot_check(rule, hand.first_line,
                                  f"a {header.limit.value.replace('_', '-')} hand: only "
                                  "fixed-limit bet sizes and caps are audited")

    # -- bookkeeping ---------------------------------------------------------------
    def flag(self, rule: str, line: int, player: str | None, message: str) -> None:
        self.violations.append(Violation(
            rule=rule, hand_id=self.hand.hand_id, path=self.hand.path, line=line,
            street=self.street, player=player, message=message))

    def cannot_check(self, rule: str, line: int, reason: str) -> None:
        self.unverifiable.append(Unverifiable(
            rule=rule, hand_id=self.hand.hand_id, path=self.hand.path, line=line, reason=reason))

    def _reset_round(self) -> None:
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
        self.order = 0
        self.street_line = 0

    def _actors_from(self, start: str) -> list[str]:
        """Live players with chips, clockwise from ``start`` (included)."""
        return [p.name for p in (self.players[start], *self._clockwise_players[start])
                if p.live and not p.all_in]

    def _after(self, name: str) -> list[str]:
        """The other players, clockwise from ``name``."""
        return [p.name for p in self._clockwise_players[name]]

    def _street_label(self) -> str:
        return self.street.label + " street" if self.street is not None else "the antes"

    # -- events --------------------------------------------------------------------
    def run(self) -> ReplayedHand:
        handlers = _HANDLERS
        for event in self.hand.events:
            handler = handlers.get(type(event))
            if handler is not None:
                handler(self, event)
        self._end_round(None)
        return self._finish()

    def event(self, event: HandEvent) -> None:
        handler = _HANDLERS.get(type(event))
        if handler is not None:
            handler(self, event)

    def _uncalled_event(self, event: UncalledReturned) -> None:
        self._end_round(event.line)
        self.uncalled[event.player] = self.uncalled.get(event.player, 0) + event.amount
        self.uncalled_lines.append(event.line)

    def _collect_event(self, event: Collect) -> None:
        self._end_round(event.line)
        self.collects.append(event)
        self.collected[event.player] = self.collected.get(event.player, 0) + event.amount

    def _showdown_event(self, event: ShowdownStart) -> None:
        self._end_round(event.line)
        self.in_showdown = True

    def _pot_summary_event(self, event: PotSummary) -> None:
        self.pot_summary = event

    def _player(self, name: str, line: int) -> _Player | None:
        player = self.players.get(name)
        if player is None:
            self.flag("action.unknown-player", line, name,
                      f"{name} acts on {self._street_label()} but is not seated")
        return player

    def _put(self, player: _Player, amount: int, line: int, all_in: bool) -> None:
        exceeded = amount > player.stack
        if exceeded:
            self.flag("stack.exceeded", line, player.name,
                      f"{player.name} puts in {amount} with only {max(player.stack, 0)} left")
        player.stack -= amount
        player.put_in[self.street] = player.put_in.get(self.street, 0) + amount
        if exceeded:  # the stack is wrong, not the history: go on as it says
            player.all_in = player.all_in or all_in
            return
        if all_in != (player.stack <= 0):
            said = "says all-in" if all_in else "does not say all-in"
            self.flag("stack.all-in-mismatch", line, player.name,
                      f"{player.name} {said} with {max(player.stack, 0)} left")
        if player.stack <= 0:
            player.all_in = True

    def _ante(self, event: PostAnte) -> None:
        player = self._player(event.player, event.line)
        if player is None:
            return
        player.deal_in()
        if self.ante_amount is None:
            # the hand's ante is what most players who could cover it posted (the first
            # such amount on a tie): a short stack all-in for less may post first
            posted = [(e.all_in, e.amount) for e in self.hand.events if type(e) is PostAnte]
            full = [amount for all_in, amount in posted if not all_in]
            if full:
                self.ante_amount = max(full, key=lambda a: (full.count(a), -full.index(a)))
            else:
                self.ante_amount = max(amount for _, amount in posted)
        if event.amount != self.ante_amount and not (event.all_in
                                                     and event.amount < self.ante_amount):
            self.flag("ante.wrong-amount", event.line, player.name,
                      f"{player.name} antes {event.amount}; the ante in this hand is "
                      f"{self.ante_amount}")
        player.antes = True
        self._put(player, event.amount, event.line, event.all_in)
        self.actions.append(_Action(event.line, None, len(self.actions), player.name,
                                    ActionKind.ANTE, event.amount, event.amount, 0,
                                    event.all_in, False))

    def _deal(self, event: Deal) -> None:
        line = event.line
        player = self.players.get(event.player)
        if player is None:
            self.flag("action.unknown-player", line, event.player,
                      f"cards dealt to {event.player}, who is not seated")
            return
        third = event.street is _THIRD
        if third and not player.antes and self.ante_amount and not player.dealt:
            self.flag("ante.missing", line, player.name,
                      f"{player.name} is dealt in without posting the ante")
        player.deal_in()
        cards, face_up, up_cards = event.cards, event.face_up, player.up
        if len(cards) not in ((1, self.dealt_per_street[_THIRD]) if third else (1,)) or (
                len(up_cards) + len(face_up) > 6 and len(up_cards) + sum(face_up) > 6):
            self.flag("card.wrong-count", line, player.name,
                      f"{player.name} gets {len(cards)} cards on "
                      f"{event.street.label} street")
        cards_seen, down_cards = self.cards_seen, player.down
        for card, up in zip(cards, face_up, strict=False):
            if card is not None:
                seen = cards_seen.get(card)
                if seen is not None and seen != line and card != self.common:
                    self.flag("card.duplicate", line, player.name,
                              f"{card} dealt to {player.name} was already dealt (line {seen})")
                cards_seen[card] = line
            (up_cards if up else down_cards).append(card)
        if event.known:
            # cards shown earlier (an all-in shows them before the showdown) are known too
            mine = [c for c in (*down_cards, *up_cards, *player.shown) if c is not None]
            for card in event.known:
                if card is not None and card not in mine:
                    self.flag("card.changed", line, player.name,
                              f"{player.name}'s line repeats {card}, which was not dealt to them")

    # -- streets and turns ------------------------------------------------------------
    def _street_start(self, event: StreetStart) -> None:
        self._end_round(event.line)
        self._reset_round()
        self.street = event.street
        self.street_line = event.line
        self.street_players = live = [p for p in self.players.values() if p.live]
        received, dealt = self.received, self.dealt_per_street.get(event.street, 1)
        for p in live:
            received[p.name] = received.get(p.name, 0) + dealt
        if event.street is Street.SEVENTH and self.game.common_card:
            left = 52 - sum(self.received.values()) + len(live)  # before the river card
            needed = left < len(live)
            if needed != event.has_common:
                self.flag("common-card.wrong", event.line, None,
                          f"{len(live)} players reach 7th street with {left} cards left: "
                          + ("a common card is needed" if needed else "no common card is due"))
        if event.has_common:
            self.common = event.common
            if event.common is not None:
                for player in self.players.values():
                    if player.live:
                        player.up.append(event.common)
        self.full_bet = bet_size(self.game, event.street, self.small_bet, self.big_bet)

    def _start_round(self, line: int, actor: str) -> None:
        """Work out who must act first, once the street's cards are known.

        ``actor`` is the first player the history shows acting: when the cards
        that decide who acts first are not in the history (PartyPoker prints no
        opponent's card), the order is taken from it and the check is
        unverifiable, never a violation."""
        if self.to_act or self.last_actor is not None or self.street is None:
            return
        live_players = [p for p in self._seated if p.live]
        live = [p.name for p in live_players]
        self.round_players = len(live)
        self.limit = cap(self.profile, self.round_players)
        if self.street is _THIRD:
            doors: dict[str, str] = {}
            for player in live_players:
                door = player.up[0] if player.up else None
                if door is not None:
                    doors[player.name] = door
            if len(doors) < len(live):
                self.cannot_check("bring-in.wrong-player", line,
                                  "a door card is not shown for every player")
                if actor in live:
                    self.first_actors.append(_FirstActor(
                        _THIRD, actor, "first to act in the history (door cards not shown)"))
                    self.to_act = self._actors_from(actor)
                    return
                first = live[0] if live else None
            else:
                try:
                    first = bring_in_player(self.game, self.profile, doors, self.seat_order)
                except ValueError as exc:  # a door card dealt twice: no order to check
                    self.cannot_check("bring-in.wrong-player", line, str(exc))
                    first = live[0] if live else None
            if first is not None:
                actors = self._actors_from(first)
                reason = "bring-in"
                if first not in actors and actors:
                    # all-in on the ante: the player to their left acts first and may
                    # bring in, complete or fold (RULES.md, seed 002 rule 8)
                    first, reason = actors[0], f"left of {first}, all-in on the ante"
                    self.bring_in_optional = True
                self.bring_in_expected = first
                self.first_actors.append(_FirstActor(_THIRD, first, reason))
                self.to_act = actors
        else:
            if len(live) < 2:
                return
            able_players = [p for p in live_players if not p.all_in]
            if not able_players:
                return
            able = [p.name for p in able_players]
            boards = {p.name: [c for c in p.up if c is not None] for p in able_players}
            if actor in able and (len({len(b) for b in boards.values()}) > 1
                                  or not all(boards.values())):
                self.cannot_check("action.out-of-turn", line,
                                  "not every board is shown: who acts first is unknown")
                self.first_actors.append(_FirstActor(
                    self.street, actor, "first to act in the history (boards not shown)"))
                self.to_act = self._actors_from(actor)
                return
            try:
                first = first_actor(self.game, self.profile, boards, self.seat_order)
            except ValueError as exc:  # a card dealt twice: no order to check
                self.cannot_check("action.out-of-turn", line, str(exc))
                first = able[0]
            self.first_actors.append(_FirstActor(self.street, first, "best board"))
            self.to_act = self._actors_from(first)

    def _end_round(self, line: int | None) -> None:
        """Close the betting round: anyone who still had to act is a missing action."""
        if self.street is None or self.in_showdown or not self.to_act:
            return
        waiting = [p for p in self.to_act if self.players[p].live and not self.players[p].all_in]
        live = [p for p in self.seat_order if self.players[p].live]
        if waiting and len(live) > 1 and line is not None and self.last_actor is not None:
            owed = [p for p in waiting
                    if self.players[p].put_in.get(self.street, 0) < self.bet_to
                    or self.bet_to == 0]
            able = [p for p in live if not self.players[p].all_in]
            if owed and len(able) > 1:
                self.flag("action.missing", line, owed[0],
                          f"{self._street_label()} ends before {', '.join(owed)} acted")
        self.to_act = []

    def _action(self, event: BringIn | Bet | Raise | Call | Check | Fold | Complete) -> None:
        line = event.line
        name = event.player
        player = self.players.get(name)
        if player is None:
            self.flag("action.unknown-player", line, name,
                      f"{name} acts on {self._street_label()} but is not seated")
            return
        if not self.to_act and self.last_actor is None and self.street is not None:
            self._start_round(line, name)
        street = self.street or _THIRD
        if player.folded:
            self.flag("action.after-fold", line, name,
                      f"{name} acts on {self._street_label()} after folding")
            return
        # exact types: the handlers are chosen by ``type(event)``
        cls = type(event)
        players = self.players
        for expected in self.to_act:
            if players[expected].live:
                if expected != name and cls is not BringIn:  # a wrong bring-in has its own rule
                    self.flag("action.out-of-turn", line, name,
                              f"{name} acts out of turn on {self._street_label()}; "
                              f"{expected} was to act")
                break
        else:
            if self.last_actor is not None and cls is not BringIn:
                self.flag("action.out-of-turn", line, name,
                          f"{name} acts on {self._street_label()} after the betting round "
                          "closed")
        if (street is _THIRD and not self.bring_in_posted and self.level == 0
                and cls not in _OPENING_EVENTS
                and not (self.bring_in_optional and cls is Fold)):
            # left of a player all-in on the ante, a fold is allowed too (seed 002 rule 8)
            self.flag("bring-in.missing", line, name,
                      f"3rd street opens with {cls.__name__.lower()} by "
                      f"{name}, without a bring-in")
            self.bring_in_posted = True
        put_in = player.put_in
        mine = put_in.get(street, 0)
        kind: ActionKind
        amount = 0
        aggressive = False
        if isinstance(event, Fold):
            kind = _FOLD
            player.fold()
        elif isinstance(event, Check):
            kind = _CHECK
            owed = self.bet_to - mine
            if owed > 0:
                self.flag("action.check-facing-bet", line, name,
                          f"{name} checks facing a bet of {owed} on {self._street_label()}")
        elif isinstance(event, Call):
            kind = _CALL
            amount = event.amount
            owed = self.bet_to - mine
            due = min(owed, player.stack)
            if amount != due and not (amount == owed and amount > player.stack):
                self.flag("call.wrong-amount", line, name,
                          f"{name} calls {amount} but owes {due}")
        elif isinstance(event, BringIn):
            kind = _BRING_IN
            amount = event.amount
            self._check_bring_in(name, amount, event)
            if self.profile.bring_in_is_bet:
                self.full_to = mine + amount
        else:
            kind, amount = self._aggression(player, event, mine, street)
            aggressive = True
        if amount:
            self._put(player, amount, line, getattr(event, "all_in", False))
        total = put_in.get(street, 0)
        if (aggressive or kind is _BRING_IN) and total > self.bet_to:
            self.bet_to = total
        limit = self.limit
        capped = aggressive and limit is not None and self.level == limit
        self.actions.append(_Action(line, street, len(self.actions), name, kind,
                                    amount, total, self.level, player.all_in, capped))
        self._advance(name, kind, aggressive)

    def _check_bring_in(self, name: str, amount: int, event: BringIn) -> None:
        if self.street is not Street.THIRD or self.bring_in_posted or self.level:
            self.flag("bring-in.wrong-player", event.line, name,
                      f"{name} brings in on {self._street_label()} after the betting opened")
        elif self.bring_in_expected is not None and name != self.bring_in_expected:
            self.flag("bring-in.wrong-player", event.line, name,
                      f"{name} brings in, but {self.bring_in_expected} has the "
                      f"{_DOOR_WORDS[self.game.bring_in]} door card")
        if not self.small_bet:  # a header without stakes, and no bet of the hand shows them
            self.cannot_check("bring-in.wrong-amount", event.line,
                              "the stakes are not printed and no bet of the hand shows them")
        elif amount <= 0 or (amount >= self.small_bet and not event.all_in):
            self.flag("bring-in.wrong-amount", event.line, name,
                      f"bring-in of {amount}: it must be more than nothing and less than the "
                      f"small bet {self.small_bet}")
        self.bring_in_posted = True

    def _aggression(self, player: _Player, event: Bet | Raise | Complete, mine: int,
                    street: Street) -> tuple[ActionKind, int]:
        """A bet, raise or completion: its kind and chips, with size and cap checks."""
        name = player.name
        if isinstance(event, Raise):
            to = event.to
            by = to - self.bet_to
            if event.by != by:
                self.flag("raise.wrong-total", event.line, name,
                          f"{name} raises {event.by} to {to}, but the bet was {self.bet_to}")
        elif isinstance(event, Complete):
            to = event.to
            by = to - self.bet_to
        else:
            to = mine + event.amount
            by = to - self.bet_to
            if self.bet_to and not (street is Street.THIRD and self.level == 0):
                self.flag("bet.facing-bet", event.line, name,
                          f"{name} bets facing a bet of {self.bet_to} on {self._street_label()}")
        amount = to - mine
        all_in = getattr(event, "all_in", False) or amount >= player.stack
        completing = street is Street.THIRD and self.level == 0
        if completing:
            kind = ActionKind.COMPLETE
            if not self.fixed_limit:
                self.last_increment = max(self.last_increment, to)
            elif not self.small_bet:
                self.cannot_check("complete.wrong-size", event.line,
                                  "the stakes are not printed and no bet of the hand shows them")
            elif to != self.small_bet and not (all_in and to < self.small_bet):
                self.flag("complete.wrong-size", event.line, name,
                          f"{name} completes to {to}; the completion is to the small bet "
                          f"{self.small_bet}")
            self.level = 1
            if self.profile.bring_in_is_bet:  # a raise of the bring-in: full if it adds a bet
                step = to - self.full_to
                full = reopens = step >= self.small_bet or (self.profile.half_bet_reopens
                                                            and 2 * step >= self.small_bet)
            else:
                full = to >= self.small_bet
                reopens = full or (self.profile.half_bet_reopens and 2 * to >= self.small_bet)
            if full:
                self.last_full_raiser = name
                self.full_to = to
            if reopens:
                self.acted_since_full = {name}  # a full completion reopens the betting
            else:
                self.acted_since_full.add(name)
            self.bring_in_posted = True
            return kind, amount
        kind = ActionKind.BET if self.level == 0 else ActionKind.RAISE
        if self.profile.bring_in_is_bet:
            by = to - self.full_to  # a raise adds a bet to the last full bet, not a short one
        size = self.full_bet
        if self.fixed_limit and not self.small_bet:
            self.cannot_check("bet.wrong-size", event.line,
                              "the stakes are not printed and no bet of the hand shows them")
        if not self.fixed_limit or not self.small_bet:
            return kind, self._unlimited(event.line, name, kind, by, amount, street, size)
        allowed = {size}
        pair = street is Street.FOURTH and self.open_pair_big_bet and self._open_pair()
        if pair is None and by == self.big_bet:
            self.cannot_check("bet.big-without-open-pair", event.line,
                              "not every board is shown: an open pair cannot be ruled out")
        if pair or pair is None:
            allowed = {self.big_bet} if self.big_bet_made else {self.small_bet, self.big_bet}
        if by not in allowed and not (all_in and by < max(allowed)):
            if (street is Street.FOURTH and by == self.big_bet
                    and self.open_pair_big_bet):
                self.flag("bet.big-without-open-pair", event.line, name,
                          f"{name} makes a big bet of {by} on 4th street with no open pair")
            else:
                sizes = " or ".join(str(s) for s in sorted(allowed))
                self.flag("bet.wrong-size", event.line, name,
                          f"{name} {'raises by' if kind is ActionKind.RAISE else 'bets'} {by} "
                          f"on {self._street_label()}; the bet is {sizes}")
        if by == self.big_bet and street is Street.FOURTH:
            self.big_bet_made = True
        full = by >= size or (self.profile.half_bet_reopens and 2 * by >= size)
        self._check_reopened(event.line, name, kind, street)
        limit = self.limit
        if full:
            self.level += 1
            self.full_to = to
            if limit is not None and self.level > limit:
                self.flag("raise.over-cap", event.line, name,
                          f"{kind.value} by {name} is bet number {self.level} on "
                          f"{self._street_label()}; the cap is {limit}")
        self._reopen(name, full)
        return kind, amount

    def _unlimited(self, line: int, name: str, kind: ActionKind, by: int, amount: int,
                   street: Street, size: int) -> int:
        """A no-limit or pot-limit bet or raise: no size or cap check; a raise smaller than
        the last full one (an all-in) does not reopen the betting."""
        self._check_reopened(line, name, kind, street)
        full = by >= max(size, self.last_increment)
        if full:
            self.level += 1
            self.last_increment = by
        self._reopen(name, full)
        return amount

    def _check_reopened(self, line: int, name: str, kind: ActionKind, street: Street) -> None:
        """Whoever acted since the last full bet or raise may only call or fold, unless a
        full raise has come since; on 3rd street, until a full completion, anyone may
        complete (only the bring-in and all-ins short of it are in)."""
        if (kind is ActionKind.RAISE and name in self.acted_since_full
                and not (street is Street.THIRD and self.bet_to < self.small_bet)):
            self.flag("raise.not-reopened", line, name,
                      f"{name} raises again though no one made a full raise after "
                      f"{'their bet' if self.last_full_raiser == name else 'they acted'}")

    def _reopen(self, name: str, full: bool) -> None:
        """After ``name``'s bet or raise: a full one reopens the betting for everyone else."""
        if full:
            self.last_full_raiser = name
            self.acted_since_full = {name}
        else:
            self.acted_since_full.add(name)

    def _open_pair(self) -> bool | None:
        """Whether a player dealt into this street shows an open pair; ``None`` when a
        board is unknown.

        A player who has folded since counts: the pair was shown on the street, which
        RULES.md makes the condition, and once a big bet is made every raise after it is
        big whoever folds (PokerStars says "a double bet is allowed" once, at the deal)."""
        unknown = False
        for player in self.street_players:
            ranks = [c[0] for c in player.up[:2] if c is not None]
            if len(ranks) == 2 and ranks[0] == ranks[1]:
                return True
            unknown = unknown or len(ranks) < 2
        return None if unknown else False

    def _advance(self, name: str, kind: ActionKind, aggressive: bool) -> None:
        """Who is still to act after ``name``'s action (``aggressive``: a completion,
        bet or raise)."""
        self.last_actor = name
        after = self._clockwise_players[name]
        if kind is _BRING_IN or (aggressive and self.last_full_raiser == name):
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


    # -- showdown and pots --------------------------------------------------------------
    def _show(self, event: Show) -> None:
        self._end_round(event.line)
        player = self.players.get(event.player)
        if player is None:
            return
        self.shows.append(player.name)
        if self.in_showdown:
            self.show_lines.append((player.name, event.line))
        known = [c for c in (*player.down, *player.up, *player.shown) if c is not None]
        player.shown = event.cards
        for card in event.cards:
            if card is not None and card not in known and card != self.common:
                seen = self.cards_seen.get(card)
                if seen is not None:
                    self.flag("card.duplicate", event.line, player.name,
                              f"{player.name} shows {card}, already dealt (line {seen})")
                self.cards_seen[card] = event.line

    def _cards_of(self, player: _Player) -> list[str] | None:
        """All seven cards of a player at showdown, or ``None`` when some are unknown."""
        cards = {c for c in player.down + player.up if c is not None}
        cards.update(c for c in player.shown if c is not None)
        if self.common is not None:
            cards.add(self.common)
        wanted = 7 if self.game.cards_at_showdown >= 7 else self.game.cards_at_showdown
        return sorted(cards) if len(cards) == wanted else None  # more than 7: a dead hand

    def _pots(self, put_in: dict[str, int]) -> list[tuple[int, list[str]]]:
        """(amount, eligible players) for the main pot and each side pot."""
        uncalled = self.uncalled
        totals = {name: total - uncalled.get(name, 0) for name, total in put_in.items()}
        live_players = [p for p in self._seated if p.live]
        live = [p.name for p in live_players]
        levels = sorted({totals[p.name] for p in live_players if p.all_in} | {
            max((totals[p] for p in live), default=0)})
        pots: list[tuple[int, list[str]]] = []
        below = 0
        for level in levels:
            amount = sum(min(t, level) - min(t, below) for t in totals.values())
            eligible = [p for p in live if totals[p] >= level]
            if amount > 0:
                if pots and eligible == pots[-1][1]:
                    pots[-1] = (pots[-1][0] + amount, eligible)
                else:
                    pots.append((amount, eligible))
            below = level
        leftover = sum(totals.values()) - sum(a for a, _ in pots)
        if leftover and pots:
            pots[0] = (pots[0][0] + leftover, pots[0][1])
        return pots

    def _winners(self, eligible: list[str]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """(high winners, low winners) of a pot, or ``None`` when the cards are unknown."""
        contenders = [p for p in eligible if self.players[p].shown or len(eligible) == 1]
        if len(eligible) == 1:
            return (tuple(eligible), ())
        if not contenders:
            return None
        hands: dict[str, list[str]] = {}
        for name in contenders:
            cards = self._cards_of(self.players[name])
            if cards is None:
                return None
            hands[name] = cards
        try:
            return self._rank(hands)
        except ValueError:  # cards the evaluator refuses (repeated ones): cannot be decided
            return None

    def _rank(self, hands: dict[str, list[str]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        ranking = self.game.ranking
        if ranking is Ranking.LOW_A5 or ranking is Ranking.LOW_27:
            rank = low_a5_rank if ranking is Ranking.LOW_A5 else low27_rank
            lowest = {p: rank(c) for p, c in hands.items()}
            best = min(lowest.values())
            return (tuple(p for p, r in lowest.items() if r == best), ())
        highs = {p: high_rank(c) for p, c in hands.items()}
        best_high = max(highs.values())
        high = tuple(p for p, r in highs.items() if r == best_high)
        if ranking is not Ranking.HIGH_LOW_8:
            return (high, ())
        lows = {p: low8_rank(c) for p, c in hands.items()}
        qualified = [r for r in lows.values() if r is not None]
        if not qualified:
            return (high, ())
        best_low = min(qualified)
        return (high, tuple(p for p, r in lows.items() if r == best_low))

    def _finish(self) -> ReplayedHand:
        rake = self.pot_summary.rake if self.pot_summary else 0
        line = self.pot_summary.line if self.pot_summary else self.hand.last_line
        if self._uncalled_unprinted() and not self.uncalled_lines:
            # the site returns a bet nobody called without a line: return it by the rules
            self.uncalled.update(self._uncalled_due())
            if self.pot_summary is not None:
                self.cannot_check("pot.uncalled-wrong", line,
                                  "the history prints no uncalled bets")
        totals = {name: sum(p.put_in.values()) for name, p in self.players.items()}
        """What each player put in, uncalled bets included."""
        put_in = sum(totals.values())
        returned = sum(self.uncalled.values())
        taken = sum(self.collected.values())
        if self.pot_summary is None:
            # a site that prints no pot total, rake or uncalled bet (PartyPoker: a
            # winner's amount includes a bet nobody called): the rake is what was put
            # in and not taken back, and neither rule can be checked
            rake = max(put_in - returned - taken, 0)
            self.cannot_check("pot.not-balanced", line,
                              "the history prints no pot total or rake")
            self.cannot_check("pot.uncalled-wrong", line,
                              "the history prints no uncalled bets")
        else:
            if put_in - returned != taken + rake:
                self.flag("pot.not-balanced", line, None,
                          f"players put in {put_in - returned} after uncalled bets; "
                          f"{taken} was collected and the rake is {rake}")
            self._check_uncalled(line)
        self._check_showdown_order()
        pots = self._award(rake, line, totals)
        collected, uncalled = self.collected, self.uncalled
        nets = {name: collected.get(name, 0) + uncalled.get(name, 0) - totals[name]
                for name, p in self.players.items() if p.dealt}
        rake_shares = _shares(rake, {p: self.collected.get(p, 0) for p in nets})
        contributions = {p.name: dict(p.put_in) for p in self.players.values() if p.dealt}
        return _ReplayedHand(
            self.hand, self.profile.name, tuple(self.actions), tuple(self.first_actors),
            contributions, dict(self.uncalled), dict(self.collected), tuple(pots), rake,
            tuple(self.shows), nets, rake_shares, tuple(self.violations),
            tuple(self.unverifiable))

    def _uncalled_unprinted(self) -> bool:
        """Whether the site prints no uncalled-bet line for this hand (the profile says so,
        or the hand is older than the client that began printing one)."""
        if self.profile.uncalled_unprinted:
            return True
        before = self.profile.uncalled_unprinted_before
        started = self.hand.header.started_at
        return before is not None and started is not None and started < before

    def _check_showdown_order(self) -> None:
        """Players show in the profile's order (see :class:`~stud_hh.rules.ShowdownFirst`),
        then clockwise; players who muck are skipped."""
        live = [p for p in self.seat_order if self.players[p].live]
        if len(live) < 2 or len(self.show_lines) < 2:
            return
        if self.profile.showdown_first is ShowdownFirst.NOT_RECORDED:
            self.cannot_check("showdown.wrong-order", self.show_lines[0][1],
                              "the site lists shown hands in an order of its own")
            return
        aggressive = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
        river = [a.player for a in self.actions
                 if a.street is Street.SEVENTH and a.kind in aggressive]
        firsts = [f.player for f in self.first_actors if f.street is Street.SEVENTH]
        if river:
            start = river[-1]
            rule = "the last to bet or raise on 7th street shows first"
        elif self.profile.showdown_first is ShowdownFirst.RIVER_BETTOR_ELSE_TOGETHER:
            return  # checked down: the hands go over together
        else:
            start = firsts[0] if firsts else live[0]
            rule = "with no bet on 7th street the first to act there shows first"
        if start not in live:
            start = next((p for p in self._after(start) if p in live), live[0])
        order = [start] + [p for p in self._after(start) if p in live]
        if self.profile.side_pots_shown_first:  # the deepest pot's players first
            order.sort(key=lambda p: -sum(self.players[p].put_in.values()))
            rule += ", the last side pot's players before those all-in for less"
        rank = {p: i for i, p in enumerate(order)}
        shown = [(p, n) for p, n in self.show_lines if p in rank]
        for (before, _), (after, line) in itertools.pairwise(shown):
            if rank[after] < rank[before]:
                self.flag("showdown.wrong-order", line, after,
                          f"{after} shows after {before}; {rule}: {', '.join(order)}")
                return

    def _uncalled_due(self) -> dict[str, int]:
        """What the rules return uncalled: the part of the last round's highest total that
        nobody matched, to whoever put it in."""
        players = self.players.values()
        expected: dict[str, int] = {}
        streets = {s for p in players for s in p.put_in}
        # the last round with money in it; the antes (key None) when no street has any
        # (an ante all-in for less than the others' leaves their excess uncalled)
        last_street = max((s for s in streets if s is not None), default=None)
        if last_street is not None or None in streets:
            amounts = sorted(((p.name, p.put_in[last_street]) for p in players
                              if last_street in p.put_in), key=lambda kv: -kv[1])
            if len(amounts) >= 1:
                top_name, top = amounts[0]
                second = amounts[1][1] if len(amounts) > 1 else 0
                if top > second:
                    expected[top_name] = top - second
        return expected

    def _check_uncalled(self, line: int) -> None:
        """The uncalled part of the last bet goes back to the bettor, exactly."""
        expected = self._uncalled_due()
        if self.profile.uncalled_in_pot and not self.uncalled_lines:
            # the site leaves the bet in the pot it prints: its bettor must collect it
            short = {p: a for p, a in expected.items() if self.collected.get(p, 0) < a}
            if short:
                self.flag("pot.uncalled-wrong", line, None,
                          f"the uncalled bet {short} stays in the pot, but its bettor "
                          f"collects less than it")
            return
        if expected != {k: v for k, v in self.uncalled.items() if v}:
            where = self.uncalled_lines[0] if self.uncalled_lines else line
            self.flag("pot.uncalled-wrong", where, None,
                      f"uncalled bets returned {self.uncalled or 'none'}; "
                      f"expected {expected or 'none'}")

    def _award(self, rake: int, line: int, totals: dict[str, int]) -> list[Pot]:
        pots = self._pots(totals)
        result: list[Pot] = []
        live = [p for p in self.seat_order if self.players[p].live]
        for index, (amount, eligible) in enumerate(pots):
            found = self._winners(eligible) if len(live) > 1 else (tuple(eligible), ())
            high, low = found if found is not None else ((), ())
            result.append(_Pot(index, amount, tuple(eligible), high, low, ()))
            if found is None:
                self.cannot_check("pot.wrong-winner", line,
                                  f"pot {index}: not every contender's cards are shown")
        self._check_awards(result, line)
        return result

    def _check_awards(self, pots: list[Pot], line: int) -> None:
        """Each pot must go to its winners, split as the game and the profile say."""
        if len(pots) > 1 and self.collects and all(c.pot is PotKind.POT for c in self.collects):
            self._check_unnamed_awards(pots)
            return
        by_pot: dict[int, list[Collect]] = {}
        for collect in self.collects:
            if collect.pot is PotKind.SIDE:
                index = collect.pot_index if collect.pot_index is not None else 1
            else:
                index = 0
            by_pot.setdefault(min(index, len(pots) - 1), []).append(collect)
        for pot in pots:
            if not pot.winners_high and not pot.winners_low:
                continue  # unverifiable: recorded already
            collects = by_pot.get(pot.index, [])
            where = collects[0].line if collects else line
            took: dict[str, int] = {}
            for c in collects:
                took[c.player] = took.get(c.player, 0) + c.amount
            winners = set(pot.winners_high) | set(pot.winners_low)
            name = "the pot" if len(pots) == 1 else ("the main pot" if pot.index == 0
                                                      else f"side pot {pot.index}")
            if {p for p, amount in took.items() if amount > 0} != winners:
                self.flag("pot.wrong-winner", where, next(iter(took), None),
                          f"{name} went to {', '.join(sorted(took)) or 'nobody'}; the cards "
                          f"give it to {', '.join(sorted(winners))}")
                continue
            self._check_split(pot, took, where, name)

    def _check_unnamed_awards(self, pots: list[Pot]) -> None:
        """Several pots, and collections that name none (one amount per player for all the
        pots together, as KingsClub prints them): who collected can be checked, how much
        of which pot each took cannot."""
        took: dict[str, int] = {}
        for c in self.collects:
            took[c.player] = took.get(c.player, 0) + c.amount
        takers = {p for p, amount in took.items() if amount > 0}
        must: set[str] = set()  # the winners of every pot the cards decide
        may: set[str] = set()  # and whoever may have won a pot they do not decide
        for pot in pots:
            winners = set(pot.winners_high) | set(pot.winners_low)
            must |= winners
            may |= winners or set(pot.eligible)
        where = self.collects[0].line
        if not must <= takers <= may:
            missing = ", ".join(sorted(must - takers))
            self.flag("pot.wrong-winner", where, next(iter(sorted(takers - may)), None),
                      f"the pots went to {', '.join(sorted(takers)) or 'nobody'}; "
                      + (f"the cards give one to {missing}" if missing else
                         f"the cards give none to {', '.join(sorted(takers - may))}"))
            return
        if len(takers) > 1:
            self.cannot_check("pot.wrong-split", where,
                              "the history names no pot in its collections: each player's "
                              "share of each pot cannot be told apart")

    def _check_split(self, pot: Pot, took: dict[str, int], line: int, name: str) -> None:
        """Halves for high and low, equal shares for ties, each odd chip where the profile's
        :attr:`~stud_hh.rules.Profile.odd_chip` says (to within a chip when the tied
        players' cards cannot order them)."""
        net = sum(took.values())
        if len(took) < 2:
            return
        odd_chip = self.profile.odd_chip
        if not pot.winners_low:
            halves = [(pot.winners_high, net)]
        elif odd_chip.split is PotHalf.HIGH:
            halves = [(pot.winners_high, net - net // 2), (pot.winners_low, net // 2)]
        else:
            halves = [(pot.winners_high, net // 2), (pot.winners_low, net - net // 2)]
        expected: dict[str, tuple[int, int]] = {}  # least and most a player may get
        for winners, half in halves:
            base, odd = divmod(half, len(winners))
            order = self._odd_chip_order(winners) if odd else list(winners)
            for rank, player in enumerate(order or winners):
                low, high = expected.get(player, (0, 0))
                if order is None:  # the order cannot be told: any of them may hold it
                    expected[player] = (low + base, high + base + 1)
                else:
                    extra = 1 if rank < odd else 0
                    expected[player] = (low + base + extra, high + base + extra)
        for player, amount in took.items():
            least, most = expected.get(player, (0, 0))
            if not least <= amount <= most:
                share = f"{least}" if least == most else f"{least} to {most}"
                self.flag("pot.wrong-split", line, player,
                          f"{player} took {amount} of {name} ({net} after rake); their share "
                          f"is {share} (odd chip: {odd_chip.split.value} half first, then "
                          f"{odd_chip.tie.value.replace('_', ' ')})")
                return

    def _odd_chip_order(self, winners: tuple[str, ...]) -> list[str] | None:
        """Tied winners in the order odd chips go to them, or ``None`` if it cannot be told."""
        if len(winners) == 1:
            return list(winners)
        if self.profile.odd_chip.tie is OddChipTie.POSITION:
            return sorted(winners, key=self.seat_order.index)
        highest: dict[str, tuple[int, int]] = {}
        for player in winners:
            cards = self._cards_of(self.players[player])
            if not cards:
                self.cannot_check("pot.wrong-split", self.hand.last_line,
                                  "the odd chip goes by the highest card, and a tied "
                                  "player's cards are not all shown")
                return None
            highest[player] = max(bring_in_key_stud(card) for card in cards)
        return sorted(winners, key=highest.__getitem__, reverse=True)


_HANDLERS: dict[type, Callable[[_Replay, Any], None]] = {
    PostAnte: _Replay._ante, StreetStart: _Replay._street_start, Deal: _Replay._deal,
    BringIn: _Replay._action, Bet: _Replay._action, Raise: _Replay._action,
    Call: _Replay._action, Check: _Replay._action, Fold: _Replay._action,
    Complete: _Replay._action, UncalledReturned: _Replay._uncalled_event,
    Collect: _Replay._collect_event, ShowdownStart: _Replay._showdown_event,
    Show: _Replay._show, PotSummary: _Replay._pot_summary_event,
}
"""The engine's handler of each event type (chosen by exact type); others are ignored."""


def _shares(total: int, weights: dict[str, int]) -> dict[str, int]:
    """Split ``total`` in proportion to ``weights`` (largest remainders get the odd units)."""
    weight = sum(weights.values())
    if not total or not weight:
        return dict.fromkeys(weights, 0)
    raw = {name: total * w // weight for name, w in weights.items()}
    rest = total - sum(raw.values())
    by_remainder = sorted(weights, key=lambda n: -(total * weights[n] % weight))
    for name in by_remainder[:rest]:
        raw[name] += 1
    return raw


class ReplayError(StudHHError):
    """A hand the engine could not replay at all (a bug of ours, reported with the hand)."""


def _run(hand: ParsedHand, rules_profile: Profile) -> ReplayedHand:
    try:
        replayed = _Replay(hand, rules_profile).run()
    except StudHHError:
        raise
    except Exception as exc:  # never a bare traceback on user data
        raise ReplayError(f"cannot replay this hand: {exc!r}", path=hand.path,
                          line=hand.first_line, hand_id=hand.hand_id) from exc
    if GAMES[hand.header.game].audited:
        return replayed
    # A game whose rules the engine does not check (none shipped today): the
    # money is still walked, but no finding can be a violation; each one is kept,
    # as unverifiable, saying why.
    game = hand.header.game.value
    unaudited = tuple(
        Unverifiable(rule=v.rule, hand_id=v.hand_id, path=v.path, line=v.line,
                     reason=f"game not audited ({game}): {v.message}")
        for v in replayed.violations)
    note = Unverifiable(rule="game.not-audited", hand_id=hand.hand_id, path=hand.path,
                        line=hand.first_line,
                        reason=f"game not audited: the replayer has no checked rules for {game}")
    return dataclasses.replace(replayed, violations=(),
                               unverifiable=(note, *replayed.unverifiable, *unaudited))


def replay(hand: ParsedHand, profile_name: str = SITE) -> ReplayedHand:
    """Replay ``hand`` under the named rule profile (``pokerstars``, ``casino``, ...);
    the default, ``site``, is the profile of the hand's own site.

    Raises :class:`ReplayError` only when the engine itself fails on the hand.
    """
    return _run(hand, profile_for(profile_name, hand.header.site))


def replay_all(hands: Iterable[ParsedHand], profile_name: str = SITE
               ) -> Iterator[ReplayedHand]:
    """Replay many hands under one profile (``site``: each under its site's)."""
    fixed = None if profile_name == SITE else profile(profile_name)
    for hand in hands:
        yield _run(hand, fixed or profile_for(SITE, hand.header.site))

