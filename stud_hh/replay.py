"""Stage 3: a parsed hand -> a replayed hand, checked against the rules.

A thin loop over the hand's events: each one goes to the one stud engine
(:mod:`stud_hh.engine`) in audit mode. Betting moves are planned and applied by
:mod:`stud_hh.engine.betting` (which derives what each action *is*: PokerStars prints a
completion as ``bets`` or ``raises``; who was to act, the bet level and cap), antes,
deals and shows by :mod:`stud_hh.engine.cards`, the end of the hand (uncalled bets,
main and side pots with their eligible players, who should win each, every player's
net) by :mod:`stud_hh.engine.settle`. Every finding becomes a :class:`Violation` with
its line, or an :class:`Unverifiable` when the text cannot decide the rule. A violation
never stops the replay: the engine applies what the history says happened and goes on.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from stud_hh.engine import betting, cards
from stud_hh.engine.betting import Action, ActionKind, Move
from stud_hh.engine.causes import Causes
from stud_hh.engine.findings import Finding, broke
from stud_hh.engine.settle import Ledger, Pot, settle
from stud_hh.engine.table import FirstActor, Table, verify_seating
from stud_hh.model.cards import MaybeCard
from stud_hh.model.errors import StudHHError
from stud_hh.model.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Complete,
    Deal,
    Fold,
    Limit,
    Muck,
    PostAnte,
    PotSummary,
    Raise,
    SeatSummary,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    UncalledReturned,
)
from stud_hh.model.hand import ParsedHand
from stud_hh.model.names import SeatNames, alike_seats
from stud_hh.model.records import Record
from stud_hh.rules import GAMES, SITE, Profile, profile, profile_for
from stud_hh.rules.violations import RuleCode, Unverifiable, Violation

__all__ = ["Action", "ActionKind", "Dealt", "FirstActor", "Pot", "ReplayError",
           "ReplayedHand", "replay", "replay_all"]

_FIXED_LIMIT_RULES = (RuleCode.COMPLETE_WRONG_SIZE, RuleCode.BET_WRONG_SIZE,
                      RuleCode.BET_BIG_WITHOUT_OPEN_PAIR, RuleCode.RAISE_OVER_CAP)
"""Rules that hold for fixed-limit betting only."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt(Record):
    """The cards the events deal and show, gathered as the hand is replayed, for the
    tables of :mod:`stud_hh.store.facts` (which then never walk the events again). Every player
    the events name is in, seated or not."""

    door: dict[str, MaybeCard]
    """Each player's first face-up card of 3rd street (``None``: not printed readably)."""
    hole: dict[str, list[MaybeCard]]
    """Each player's face-down cards of 3rd street."""
    board_4th: dict[str, list[str]]
    """Each player's readable face-up cards of 3rd and 4th street."""
    shown: dict[str, tuple[MaybeCard, ...]]
    """The cards each player showed (the last show of a player who showed twice)."""
    common: MaybeCard
    """The common card (7th street, when the deck runs out)."""
    last_street: int
    """The last street dealt or begun (3 when the hand ends on the antes)."""
    collects: tuple[Collect, ...]
    """Every collection, in the order of the history."""
    deals: dict[str, list[tuple[int, bool, MaybeCard]]]
    """Each player's cards of every street in the order dealt: (street, face up, card)."""
    revealed: dict[str, tuple[MaybeCard, ...]]
    """Each player's hand as the text reveals it at the end: shown, or mucked with its
    cards printed (a summary line); the longest print of it."""


@dataclass(frozen=True, slots=True, kw_only=True)
class ReplayedHand(Record):
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
    dealt: Dealt

    @property
    def hand_id(self) -> str:
        return self.hand.hand_id


class _Replay:
    """One hand walked through the engine, its findings recorded with their lines."""

    def __init__(self, hand: ParsedHand, rules_profile: Profile) -> None:
        header = hand.header
        self.hand = hand
        self.profile = rules_profile
        self.table = Table(header, rules_profile)
        self.ledger = Ledger()
        self.violations: list[Violation] = []
        self.unverifiable: list[Unverifiable] = []
        self.causes = Causes()
        self.actions: list[Action] = []
        self.ante: int | None = None
        self.antes_seen = False
        self.cards_seen: dict[str, int] = {}
        self.door: dict[str, MaybeCard] = {}
        self.hole: dict[str, list[MaybeCard]] = {}
        self.board_4th: dict[str, list[str]] = {}
        self.shown: dict[str, tuple[MaybeCard, ...]] = {}
        self.deals: dict[str, list[tuple[int, bool, MaybeCard]]] = {}
        self.revealed: dict[str, tuple[MaybeCard, ...]] = {}
        self.last_street = 3
        if header.limit is not Limit.FIXED:
            for rule in _FIXED_LIMIT_RULES:
                self.unverifiable.append(Unverifiable.make(
                    rule=rule, hand_id=hand.hand_id, path=hand.path, line=hand.first_line,
                    reason=f"a {header.limit.value.replace('_', '-')} hand: only fixed-limit "
                    "bet sizes and caps are audited"))
        # the table first: a seat shared or beyond the table is found at its seat line, and
        # the hand is replayed on (by name: each player keeps his own stack and cards)
        self.record(verify_seating(header.seats, header.max_seats, header.line))

    def record(self, found: list[Finding]) -> None:
        """Each finding of one step (an event, or one check of the hand's end), located in
        this hand (on the table's street at this moment); each violation with the earlier
        one it follows from, if any (:mod:`stud_hh.engine.causes`)."""
        hand, street = self.hand, self.table.street
        checked = [(f.rule, f.line) for f in found if f.checked]
        causes = iter(self.causes.step(checked) if checked else ())
        for f in found:
            if f.checked:
                cause = next(causes)
                self.violations.append(Violation.make(
                    rule=f.rule, hand_id=hand.hand_id, path=hand.path, line=f.line, street=street,
                    player=f.player, message=f.text,
                    follows_line=cause.line if cause is not None else None,
                    follows_rule=cause.rule if cause is not None else None))
            else:
                self.unverifiable.append(Unverifiable.make(rule=f.rule, hand_id=hand.hand_id,
                                                           path=hand.path, line=f.line,
                                                           reason=f.text))

    def unseated(self, name: str, line: int, what: str) -> None:
        """An event of a player who is not seated (``what`` says so): when seats' names
        differ from it only in case, the message names them."""
        alike = alike_seats(name, SeatNames(self.table.players))
        if alike:
            what += f": {alike}"
        self.record([broke(RuleCode.ACTION_UNKNOWN_PLAYER, line, name, what)])

    def close_round(self, line: int | None) -> None:
        found = self.table.close_round(line)
        if found:
            self.record(found)

    def run(self) -> ReplayedHand:
        handlers = _HANDLERS
        for event in self.hand.events:
            handler = handlers.get(type(event))
            if handler is not None:
                handler(self, event)
        self.close_round(None)
        return self._finish()

    # -- events --------------------------------------------------------------------
    def _ante(self, event: PostAnte) -> None:
        player = self.table.players.get(event.player)
        if player is None:
            self.unseated(event.player, event.line, f"{event.player} acts on "
                          f"{self.table.street_label()} but is not seated")
            return
        if not self.antes_seen:
            self.antes_seen = True
            self.ante = cards.hand_ante([e for e in self.hand.events if type(e) is PostAnte])
        action, found = cards.post_ante(self.table, player, event, self.ante,
                                        len(self.actions))
        self.record(found)
        self.actions.append(action)

    def _deal(self, event: Deal) -> None:
        street = event.street
        if street > self.last_street:
            self.last_street = int(street)
        if street <= 4:
            self._note_cards(event, street)
        dealt = self.deals.get(event.player)
        if dealt is None:
            dealt = self.deals[event.player] = []
        number, new_cards, face_up = int(street), event.cards, event.face_up
        for i in range(min(len(new_cards), len(face_up))):  # zip(strict=) is slow compiled
            dealt.append((number, face_up[i], new_cards[i]))
        player = self.table.players.get(event.player)
        if player is None:
            self.unseated(event.player, event.line,
                          f"cards dealt to {event.player}, who is not seated")
            return
        found = cards.deal(self.table, player, event, self.ante, self.cards_seen)
        if found:
            self.record(found)

    def _note_cards(self, event: Deal, street: Street) -> None:
        """A 3rd or 4th street deal into :class:`Dealt`: door, hole cards, board."""
        name = event.player
        board = self.board_4th.get(name)
        if board is None:
            board = self.board_4th[name] = []
        new_cards, face_up = event.cards, event.face_up
        for i in range(min(len(new_cards), len(face_up))):  # zip(strict=) is slow compiled
            card = new_cards[i]
            if face_up[i]:
                if street == 3 and name not in self.door:
                    self.door[name] = card
                if card is not None:
                    board.append(card)
            elif street == 3:
                hole = self.hole.get(name)
                if hole is None:
                    self.hole[name] = [card]
                else:
                    hole.append(card)

    def _street_start(self, event: StreetStart) -> None:
        if event.street > self.last_street:
            self.last_street = int(event.street)
        self.close_round(event.line)
        self.causes.new_street()
        found = self.table.start_street(event.street, event.line, event.has_common,
                                        event.common)
        if found:
            self.record(found)

    def _action(self, event: Move) -> None:
        table, name, line = self.table, event.player, event.line
        player = table.players.get(name)
        if player is None:
            self.unseated(name, line, f"{name} acts on {table.street_label()} but is not "
                          "seated")
            return
        if not table.to_act and table.last_actor is None and table.street is not None:
            found = table.open_round(line, name)
            if found:
                self.record(found)
        if player.folded:
            self.record([broke(RuleCode.ACTION_AFTER_FOLD, line, name,
                               f"{name} acts on {table.street_label()} after folding")])
            return
        plan = betting.plan(table, event)
        if plan.findings:
            self.record(plan.findings)
        self.actions.append(betting.apply(table, plan, len(self.actions)))

    def _uncalled(self, event: UncalledReturned) -> None:
        self.close_round(event.line)
        ledger = self.ledger
        ledger.uncalled[event.player] = ledger.uncalled.get(event.player, 0) + event.amount
        ledger.uncalled_lines.append(event.line)

    def _collect(self, event: Collect) -> None:
        self.close_round(event.line)
        ledger = self.ledger
        ledger.collects.append(event)
        ledger.collected[event.player] = ledger.collected.get(event.player, 0) + event.amount

    def _showdown(self, event: ShowdownStart) -> None:
        self.close_round(event.line)
        self.table.in_showdown = True

    def _reveal(self, event: Show | Muck | SeatSummary) -> None:
        """A hand the text prints at the end (nothing else is done with a muck or a
        summary line)."""
        if len(event.cards) > len(self.revealed.get(event.player, ())):
            self.revealed[event.player] = event.cards

    def _show(self, event: Show) -> None:
        self.shown[event.player] = event.cards
        self._reveal(event)
        self.close_round(event.line)
        player = self.table.players.get(event.player)
        if player is None:
            return
        self.ledger.shows.append(player.name)
        if self.table.in_showdown:
            self.ledger.show_lines.append((player.name, event.line))
        self.record(cards.show(self.table, player, event, self.cards_seen))

    def _pot_summary(self, event: PotSummary) -> None:
        self.ledger.pot_summary = event

    def _finish(self) -> ReplayedHand:
        hand, ledger = self.hand, self.ledger
        done = settle(self.table, ledger, self.actions, hand.header.started_at,
                      hand.last_line)
        for finding in done.findings:  # the end's checks run one after another
            self.record([finding])
        dealt = Dealt.make(
            door=self.door, hole=self.hole, board_4th=self.board_4th, shown=self.shown,
            common=self.table.common, last_street=self.last_street,
            collects=tuple(ledger.collects), deals=self.deals, revealed=self.revealed)
        return ReplayedHand.make(
            hand=hand, profile=self.profile.name, actions=tuple(self.actions),
            first_actors=tuple(self.table.first_actors), contributions=done.contributions,
            uncalled=done.uncalled, collected=dict(ledger.collected), pots=done.pots,
            rake=done.rake, showdown=tuple(ledger.shows), nets=done.nets,
            rake_shares=done.rake_shares, violations=tuple(self.violations),
            unverifiable=tuple(self.unverifiable), dealt=dealt)


_HANDLERS: dict[type, Callable[[_Replay, Any], None]] = {
    PostAnte: _Replay._ante, StreetStart: _Replay._street_start, Deal: _Replay._deal,
    BringIn: _Replay._action, Bet: _Replay._action, Raise: _Replay._action,
    Call: _Replay._action, Check: _Replay._action, Fold: _Replay._action,
    Complete: _Replay._action, UncalledReturned: _Replay._uncalled,
    Collect: _Replay._collect, ShowdownStart: _Replay._showdown,
    Show: _Replay._show, PotSummary: _Replay._pot_summary, Muck: _Replay._reveal,
    SeatSummary: _Replay._reveal,
}
"""The replayer's handler of each event type (chosen by exact type); others are ignored."""


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
    note = Unverifiable(rule=RuleCode.GAME_NOT_AUDITED, hand_id=hand.hand_id, path=hand.path,
                        line=hand.first_line,
                        reason=f"game not audited: the replayer has no checked rules for {game}")
    return dataclasses.replace(replayed, violations=(),
                               unverifiable=(note, *replayed.unverifiable, *unaudited))


def replay(hand: ParsedHand, profile_name: str = SITE) -> ReplayedHand:
    """Replay ``hand`` under the named rule profile (``pokerstars``, ``casino``, ...);
    the default, ``site``, is the profile of the hand's own site. A named profile
    lends its house rules; what the hand's site prints stays the site's
    (:func:`~stud_hh.rules.profile_for`).

    Raises :class:`ReplayError` only when the engine itself fails on the hand.
    """
    return _run(hand, profile_for(profile_name, hand.header.site))


def replay_all(hands: Iterable[ParsedHand], profile_name: str = SITE
               ) -> Iterator[ReplayedHand]:
    """Replay many hands under one profile (``site``: each under its site's)."""
    if profile_name != SITE:
        profile(profile_name)  # an unknown name fails before the first hand
    for hand in hands:
        yield _run(hand, profile_for(profile_name, hand.header.site))

