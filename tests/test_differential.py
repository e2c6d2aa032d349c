"""Differential test of the replayer against pokerkit (the rules-engine issue).

pokerkit (a test-only dependency) plays ``HANDS`` = 2,000 random legal hands of each
of ``stud``, ``stud8`` and ``razz``: 2 to 8 players, random stacks (an eighth of
them 1 to 4 chips, so all-ins on the ante and the bring-in, short all-in bets and
side pots are common), ante 1, bring-in 2, small bet 5, big bet 10. At each
decision a random legal action is taken among bring-in, fold, check/call and
complete/bet/raise; burning, dealing, showing, hand killing and pulling are
pokerkit's automations, pushes are made by hand so that the pots can be read
first. Each hand is converted to *our* events and replayed under ``pokerstars``;
both engines must agree on each action's legality, on the first actor of every
street and on the final stacks.

How a pokerkit hand becomes our events (``convert``)
----------------------------------------------------
Straight from ``state.operations``, no text. Seats 1..n in player-index order
(pokerkit's "position" is then our seat order from seat 1). One ``PostAnte`` per
ante; a ``StreetStart`` per street; one ``Deal`` per player per street (3rd street:
two down cards, then the door card up; 7th: one down); a ``StreetStart(common=...)``
when pokerkit deals a board card. Actions the way PokerStars prints them
(docs/reading.md): a completion by a player who has nothing in yet (the bring-in player,
or whoever acts first when the bring-in player is all-in on the ante) is
``Bet(5)``, any other completion ``Raise(by, to=5)``, a bet ``Bet(amount)``, a raise
``Raise(by=increment, to=street total)``, a call ``Call(chips added)``, ``all_in``
exactly when the stack reaches zero. When pokerkit collects a street's bets, the
top bet's excess over the second is an ``UncalledReturned`` (asserted equal to
pokerkit's own trimming). Every player who did not fold shows all their cards (the
last 7th-street bettor first, as PokerStars does); pokerkit's pushes become
``Collect`` events labelled with our main and side pots (``_collects``: pokerkit
merges pots whose eligible players differ only by hands it killed, so its pushes
are shared out over ours); a ``PotSummary`` with no rake ends the hand. Each event
gets its own increasing line.

The profile: ``pokerstars``
---------------------------
pokerkit allows four completions, bets or raises per round in every fixed-limit game
(``FixedLimitPokerMixin.max_completion_betting_or_raising_count = 4``), whatever the
number of players: it caps heads-up rounds. That is ``pokerstars``
(``heads_up_uncapped=False``); ``casino`` lifts the cap heads-up, so a fifth bet
heads-up, refused by pokerkit, would be legal for it. The other settings also match:
pokerkit breaks equal door cards by suit (clubs lowest; razz: spades bring in) and
equal boards by position from player 0 (``pokerstars``: ``TieBreak.SUIT`` and
``TieBreak.POSITION``); neither difference listed in the issue turned up.

What is compared
----------------
* Legality, pokerkit -> us: every converted hand replays without a violation, and our
  actions (bring-in, call, check, fold, aggression) are pokerkit's, one for one.
* Legality, us -> pokerkit: at sampled decision points an action pokerkit refuses --
  a raise over the cap, a raise over short all-ins, a raise without the chips, a
  check facing a bet, another player acting, an action after folding, a bet of the
  wrong size, a bring-in by the wrong player, folding or checking instead of the
  bring-in -- is inserted into the events; our replay must flag it, at its line,
  with the matching rule.
* First actors: our bring-in player is pokerkit's 3rd-street opener; on 4th to 7th
  street our first actor is pokerkit's first actor.
* Stacks: our net per player equals pokerkit's final minus starting stack, and our
  pots (amount, eligible players) equal docs/stud-rules.md's layering of what was put in, which
  pokerkit's pots are (asserted in ``_group``) once killed hands are left out. The
  nets come from pokerkit's pushes, so the independent part is the replayer's own
  award check from the shown cards (``pot.wrong-winner``, ``pot.wrong-split``,
  ``pot.not-balanced``, ``pot.uncalled-wrong``), which must pass.

Known deviations: excluded, documented and counted, never silently skipped
--------------------------------------------------------------------------
A hand is excused only for the named rules (on the named street where one is
given), and only when the test recognised the cause in that hand.
``EXPECTED_DEVIATIONS`` pins the count of each for the fixed seed, so any change in
either engine shows up.

``open_pair_big_bet`` (probes)
    stud only: pokerkit has no 4th-street open-pair option, so its random play never
    bets big on 4th street and every converted hand stays legal for our ``stud``
    rules, which allow it. The other direction shows it: a 4th-street big bet or
    raise with an open pair is refused by pokerkit and legal for us.
``stud8_low_half`` (hands)
    pokerkit splits *every* pot in a high and a low half when anyone at the showdown
    has a qualifying low, and pays the low half of a pot none of whose eligible
    players has one to all of them, as if "no low" tied. docs/stud-rules.md gives such a pot
    whole to its high hand. Excused: ``pot.wrong-winner``, ``pot.wrong-split``.
``merged_pots_odd_chips`` (hands)
    pokerkit kills hands that cannot win before it pushes, which merges pots, and
    splits the merged pot once: its odd chips can differ from splitting each pot
    (docs/stud-rules.md) by less than one chip per merged pot. Excused: ``pot.wrong-split``.
``odd_chips_to_one`` (hands)
    pokerkit gives all the odd chips of a share tied three or more ways to the first
    tied player; docs/stud-rules.md, one each. Excused: ``pot.wrong-split``.
``odd_chip_by_order`` (hands)
    pokerkit gives the odd chip of a tied share to a tied player by its own seat
    order (once for pots it merged); the ``casino`` profile (docs/stud-rules.md) gives each
    pot's odd chip to the tied player with the highest card by suit. Counted when
    pokerkit pays a tied share and our split check disagrees. Excused:
    ``pot.wrong-split``.
``reused_muck`` (hands)
    pokerkit burns a card before 4th to 7th street and, when the deck runs out, deals
    burned and folded cards again; it deals a common card only when those run out
    too. docs/stud-rules.md burns nothing and deals the common card when the deck cannot give
    every player a card. Excused: ``card.duplicate``, ``common-card.wrong``.
``common_card_first_actor`` (hands)
    with a common card, pokerkit still compares the 7th-street boards without it;
    docs/stud-rules.md adds it to every board. Excused on 7th street: ``action.out-of-turn``,
    ``action.missing``.
``all_in_best_board`` (hands), ``first_actor_probe`` (probes)
    on 4th to 7th street, pokerkit finds the best board among all players in the
    hand and, when that player is all-in, starts with the next player clockwise who
    can act; our replayer compares only the boards of players who can act (docs/stud-rules.md
    does not say). Excused on that street: ``action.out-of-turn``,
    ``action.missing``; an "out of turn" probe there is counted, not judged.
``short_all_in_cap``, ``short_all_in_reopen`` (probes)
    pokerkit counts an all-in raise of less than a full raise towards the cap, and
    never lets a player who already acted raise over such all-ins; our
    ``half_bet_reopens`` counts an all-in of half a bet or more as a full raise
    (a smaller one does not reopen: a raise over it by a player who had acted is
    ``raise.not-reopened``, where pokerkit agrees). Raises pokerkit refuses for
    those reasons and we allow.

``fold left of an all-in bring-in`` (probe)
    when the bring-in player is all-in on the ante, docs/stud-rules.md (seed 002 rule 8) lets
    the player on their left fold, bring in or complete; pokerkit refuses the fold.
    That probe expects no violation from us.

This test found one stud_hh bug, now fixed: when the bring-in player is all-in on
the ante, the player on their left may post the bring-in (docs/stud-rules.md) and pokerkit
lets them, but the replayer flagged ``bring-in.wrong-player``
(``test_bring_in_left_of_an_all_in_player_is_legal``). Such hands are still counted
(``EXPECTED_ALL_IN_BRING_IN``) so the situation stays covered.
"""

from __future__ import annotations

import random
import warnings
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from functools import partial
from typing import Any

import pytest

from stud_hh.model.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Collect,
    Deal,
    Fold,
    Game,
    HandEvent,
    HandHeader,
    Limit,
    PostAnte,
    PotKind,
    PotSummary,
    Raise,
    Seat,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    UncalledReturned,
)
from stud_hh.model.hand import ParsedHand
from stud_hh.replay import ActionKind, replay
from stud_hh.rules.evaluate import high_rank, low8_rank, low_a5_rank

pokerkit = pytest.importorskip("pokerkit")

HANDS = 2_000
SEED = 20_240_601
ANTE, BRING_IN, SMALL_BET, BIG_BET = 1, 2, 5, 10
PROFILE = "pokerstars"
RARE_PROBE_RATE = 0.08
"""Share of the decision points where a rarer refused action can be tried (a raise over
the cap or over short all-ins, a raise without the chips, anything about the bring-in,
a 4th-street big bet with an open pair) where one is tried..."""
PROBE_RATE = 0.012
"""...and of the others where any refused action is (in all about 900 a game)."""

GAME_CLASSES = {
    Game.STUD: "FixedLimitSevenCardStud",
    Game.STUD8: "FixedLimitSevenCardStudHighLowSplitEightOrBetter",
    Game.RAZZ: "FixedLimitRazz",
}
GAME_TEXT = {Game.STUD: "7 Card Stud Limit", Game.STUD8: "7 Card Stud Hi/Lo Limit",
             Game.RAZZ: "Razz Limit"}

CAP_REACHED = "No more completion, betting, or raising is permitted."
NOT_REOPENED = "The player already acted and hence cannot raise"
SHORT_ALL_IN = "Short all-in cannot be raised."
MUCK_WARNING = "Returning reserved (mucked, etc.) cards as dealable."


# ---------------------------------------------------------------------------
# pokerkit plays


@dataclass(frozen=True, slots=True)
class Probe:
    """An action pokerkit refuses at a decision point, as one of our events."""

    kind: str
    expected: frozenset[str]
    """Rules our replay may flag for it (one of them must be flagged at its line)."""
    make: Callable[..., HandEvent]
    """Called with ``line=``."""
    reason: str = ""
    """pokerkit's reason when it refuses a bet or raise."""


@dataclass
class Played:
    """One hand pokerkit played, with what the comparison needs."""

    game: Game
    number: int
    starting: list[int]
    ops: list[Any]
    final: list[int]
    openers: dict[int, tuple[int, int, bool]] = field(default_factory=dict)
    """street index -> (opener, first actor, opener all-in) when the betting began."""
    pots: list[tuple[int, tuple[int, ...]]] | None = None
    """pokerkit's pots (amount, eligible players) just before the first push."""
    probes: list[tuple[int, Probe]] = field(default_factory=list)
    """(number of operations before the decision, the illegal action)."""
    warned: list[str] = field(default_factory=list)

    @property
    def players(self) -> int:
        return len(self.starting)


def _name(index: int) -> str:
    return f"P{index + 1}"


def _card(card: Any) -> str:
    return f"{card.rank.value}{card.suit.value}"


def _automations() -> tuple[Any, ...]:
    a = pokerkit.Automation
    return (a.ANTE_POSTING, a.BET_COLLECTION, a.BLIND_OR_STRADDLE_POSTING, a.CARD_BURNING,
            a.HOLE_DEALING, a.BOARD_DEALING, a.HOLE_CARDS_SHOWING_OR_MUCKING,
            a.HAND_KILLING, a.CHIPS_PULLING)  # pushes by hand: the pots are read first


def _stack(rng: random.Random) -> int:
    roll = rng.random()
    if roll < 0.12:
        return rng.randint(1, 4)  # all-in on the ante or the bring-in
    if roll < 0.40:
        return rng.randint(5, 40)
    return rng.randint(41, 220)


@contextmanager
def _remembered_hands() -> Iterator[None]:
    """Remember pokerkit's hand evaluations (a pure function of the cards) while playing.

    pokerkit re-evaluates every 7-card hand each time it compares two (the hand
    killing step alone is quadratic); remembering the result gives the same answers
    more than twice as fast. The classes are restored afterwards.
    """
    classes = [pokerkit.StandardHighHand, pokerkit.EightOrBetterLowHand,
               pokerkit.RegularLowHand]
    saved = {cls: cls.__dict__.get("from_game") for cls in classes}
    for cls in classes:
        original = cls.from_game  # bound to cls
        memo: dict[tuple[Any, ...], Any] = {}

        def from_game(cls: Any, hole: Any, board: Any = (), *, _original: Any = original,
                      _memo: dict[tuple[Any, ...], Any] = memo) -> Any:
            key = (tuple(hole), tuple(board))
            if key not in _memo:
                try:
                    _memo[key] = _original(key[0], key[1])
                except ValueError:
                    _memo[key] = None
            found = _memo[key]
            if found is None:
                raise ValueError(f"no {cls.__name__} from {key}")
            return found

        cls.from_game = classmethod(from_game)
    try:
        yield
    finally:
        for cls, method in saved.items():
            if method is None:
                del cls.from_game
            else:
                cls.from_game = method


def play(game: Game, number: int, rng: random.Random) -> Played:
    """pokerkit plays one hand with random legal actions (ante trimming on: an ante is
    part of what a player put in, as in docs/stud-rules.md's side pots)."""
    players = rng.randint(2, 8)
    starting = [_stack(rng) for _ in range(players)]
    cls = getattr(pokerkit, GAME_CLASSES[game])
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        state = cls.create_state(_automations(), True, ANTE, BRING_IN, SMALL_BET, BIG_BET,
                                 starting, players)
        played = Played(game, number, starting, [], [])
        while state.status:
            actor = state.actor_index
            if actor is not None:
                street = state.street_index
                if street not in played.openers:
                    opener = state.opener_index
                    played.openers[street] = (opener, actor, state.stacks[opener] == 0)
                legal = _legal(state)
                probe = _probe(state, game, rng, legal)
                if probe is not None:
                    played.probes.append((len(state.operations), probe))
                _act(state, rng, legal)
            elif state.can_push_chips():
                if played.pots is None:
                    played.pots = [(p.amount, tuple(p.player_indices)) for p in state.pots]
                state.push_chips()
            else:  # pragma: no cover - every other step is automated
                raise AssertionError(f"pokerkit waits for a step the test does not take: "
                                     f"{state.operations[-1]!r}")
        played.warned = [str(w.message) for w in caught]
    played.ops = list(state.operations)
    played.final = list(state.stacks)
    return played


def _legal(state: Any) -> dict[str, bool]:
    """What pokerkit allows the player to act."""
    return {"bring_in": state.can_post_bring_in(), "fold": state.can_fold(),
            "check_call": state.can_check_or_call(), "raise": state.can_complete_bet_or_raise_to()}


ACTION_WEIGHTS = {"bring_in": 3, "fold": 1, "check_call": 4, "raise": 2}
"""A random legal action, folds rarer so that hands go on to showdowns and side pots."""


def _act(state: Any, rng: random.Random, legal: dict[str, bool]) -> None:
    options = [action for action, allowed in legal.items() if allowed]
    action = rng.choices(options, [ACTION_WEIGHTS[o] for o in options])[0]
    {"bring_in": state.post_bring_in, "fold": state.fold, "check_call": state.check_or_call,
     "raise": state.complete_bet_or_raise_to}[action]()


def _refusal(state: Any, amount: int | None = None) -> str:
    try:
        state.verify_completion_betting_or_raising_to(amount)
    except ValueError as error:
        return str(error)
    return ""


def _probe(state: Any, game: Game, rng: random.Random, legal: dict[str, bool]
           ) -> Probe | None:
    """An action pokerkit refuses at this decision point, or ``None`` (not sampled)."""
    actor = state.actor_index
    me = _name(actor)
    street = Street(3 + state.street_index)
    bets, stacks = state.bets, state.stacks
    bet_to, mine, stack = max(bets), bets[actor], stacks[actor]
    owed = bet_to - mine
    size = SMALL_BET if street <= Street.FOURTH else BIG_BET
    live = [i for i in range(len(bets)) if state.statuses[i]]
    others = [i for i in live if i != actor and stacks[i] > 0]

    def raise_by(by: int) -> Callable[..., HandEvent]:
        if bet_to == 0:
            return partial(Bet, player=me, amount=by)
        return partial(Raise, player=me, by=by, to=bet_to + by)

    rare: list[Probe] = []
    if legal["bring_in"]:
        # left of a bring-in player all-in on the ante docs/stud-rules.md allows this fold, pokerkit
        # does not: an empty set of rules means "we must flag nothing" (a deviation)
        fold_rules = frozenset() if stacks[state.opener_index] == 0 else frozenset(
            {"bring-in.missing"})
        rare.append(Probe("fold_instead_of_bring_in", fold_rules, partial(Fold, player=me)))
        rare.append(Probe("check_instead_of_bring_in", frozenset({"bring-in.missing"}),
                          partial(Check, player=me)))
        if others:
            other = rng.choice(others)
            amount = min(BRING_IN, stacks[other])
            rare.append(Probe("bring_in_wrong_player", frozenset({"bring-in.wrong-player"}),
                              partial(BringIn, player=_name(other), amount=amount,
                                      all_in=amount == stacks[other])))
    wrong_size: Probe | None = None
    if legal["raise"]:
        kind, expected = "wrong_size", {"bet.wrong-size"}
        if state.completion_status:  # the completion: to the big bet instead
            to, expected = BIG_BET, {"complete.wrong-size"}
        elif street <= Street.FOURTH:  # a big bet or raise
            to = bet_to + BIG_BET
            if street is Street.FOURTH and game is Game.STUD:
                up = [[c.rank for c in state.get_up_cards(i)] for i in live]
                if any(len(set(ranks)) < len(ranks) for ranks in up):
                    kind, expected = "open_pair_big_bet", set()
                else:
                    expected = {"bet.big-without-open-pair"}
        else:  # a small bet or raise
            to = bet_to + SMALL_BET
        if to - mine < stack and not state.can_complete_bet_or_raise_to(to):
            wrong_size = Probe(kind, frozenset(expected), raise_by(to - bet_to))
            if kind == "open_pair_big_bet":
                rare.append(wrong_size)
    else:
        reason = _refusal(state)
        if reason == CAP_REACHED and stack > owed + size:
            rare.append(Probe("over_cap", frozenset({"raise.over-cap"}), raise_by(size), reason))
        elif (reason.startswith(NOT_REOPENED) or reason == SHORT_ALL_IN) and (
                stack > owed + size):
            rare.append(Probe("short_all_in",
                              frozenset({"raise.not-reopened", "raise.over-cap"}),
                              raise_by(size), reason))
        elif reason.startswith("The player is already covered") and owed > 0:
            rare.append(Probe("raise_without_chips", frozenset({"stack.exceeded"}),
                              raise_by(size), reason))
    if rare and rng.random() < RARE_PROBE_RATE:
        return rng.choice(rare)
    if rng.random() >= PROBE_RATE:
        return None
    candidates = [*rare, *([wrong_size] if wrong_size else [])]
    if owed > 0:
        candidates.append(Probe("check_facing_bet", frozenset({"action.check-facing-bet"}),
                                partial(Check, player=me)))
    if others:
        other = rng.choice(others)
        due = min(bet_to - bets[other], stacks[other])
        made = (partial(Call, player=_name(other), amount=due, all_in=due == stacks[other])
                if due > 0 else partial(Check, player=_name(other)))
        candidates.append(Probe("out_of_turn", frozenset({"action.out-of-turn"}), made))
    folded = [i for i in range(len(bets)) if not state.statuses[i]]
    if folded:
        candidates.append(Probe("after_fold", frozenset({"action.after-fold"}),
                                partial(Check, player=_name(rng.choice(folded)))))
    return rng.choice(candidates) if candidates else None


# ---------------------------------------------------------------------------
# pokerkit's operations -> our events


@dataclass
class Converted:
    hand: ParsedHand
    positions: dict[int, int]
    """operation count at a probe -> index in ``hand.events`` where it goes."""
    cards: dict[int, list[str]]
    common: str | None
    live: list[int]
    all_in: set[int]
    totals: list[int]
    uncalled: dict[int, int]
    actions: int
    odd_chip_shift: list[tuple[int, int]]


class _Builder:
    def __init__(self, played: Played) -> None:
        self.played = played
        self.events: list[HandEvent] = []
        self.stacks = list(played.starting)
        self.street: Street | None = None
        self.street_bets = [0] * played.players
        self.put_in = [0] * played.players
        self.folded: set[int] = set()
        self.cards: dict[int, list[str]] = {i: [] for i in range(played.players)}
        self.pending: dict[int, list[tuple[str, bool]]] = {}
        self.common: str | None = None
        self.actions = 0
        self.uncalled: dict[int, int] = {}
        self.all_in: set[int] = set()
        self.odd_chip_shift: list[tuple[int, int]] = []
        """(chips moved, pots merged) where pokerkit's split of merged pots is not
        docs/stud-rules.md's (``_share``)."""

    def line(self) -> int:
        return 10 * (len(self.events) + 2)

    def add(self, factory: Callable[..., HandEvent], **kwargs: Any) -> None:
        self.events.append(factory(line=self.line(), **kwargs))

    def flush(self) -> None:
        for index in sorted(self.pending):
            dealt = self.pending[index]
            assert self.street is not None
            self.add(Deal, player=_name(index), street=self.street,
                     cards=tuple(c for c, _ in dealt), face_up=tuple(u for _, u in dealt))
        self.pending = {}

    def new_street(self, street: Street, common: str | None = None) -> None:
        self.flush()
        self.street = street
        self.street_bets = [0] * self.played.players
        if common is None:
            self.add(StreetStart, street=street)
        else:
            self.add(StreetStart, street=street, common=common, has_common=True)

    def collect(self, collected: tuple[int, ...]) -> None:
        """pokerkit ends a street: the top bet beyond the second is returned
        (docs/stud-rules.md)."""
        ranked = sorted(self.street_bets, reverse=True)
        top, second = ranked[0], ranked[1]
        if top > second:
            i = self.street_bets.index(top)
            assert not self.uncalled, "uncalled bets on two streets"
            self.uncalled[i] = top - second
            self.stacks[i] += top - second
            self.add(UncalledReturned, player=_name(i), amount=top - second)
        if len(self.folded) < self.played.players - 1:  # pokerkit trims the top bet too
            assert list(collected) == [min(bet, second) for bet in self.street_bets], (
                collected, self.street_bets)

    def pay(self, index: int, amount: int) -> bool:
        self.stacks[index] -= amount
        self.street_bets[index] += amount
        self.put_in[index] += amount
        assert self.stacks[index] >= 0
        if self.stacks[index] == 0:
            self.all_in.add(index)
        return self.stacks[index] == 0


def convert(played: Played) -> Converted:
    pk = pokerkit
    b = _Builder(played)
    marks = {count for count, _ in played.probes}
    positions: dict[int, int] = {}
    for count, op in enumerate(played.ops):
        if count in marks:
            b.flush()
            positions[count] = len(b.events)
        if isinstance(op, pk.HoleDealing):
            i = op.player_index
            for card, up in zip(op.cards, op.statuses, strict=True):
                b.cards[i].append(_card(card))
                street = Street(max(3, len(b.cards[i])))
                if street != b.street:
                    b.new_street(street)
                b.pending.setdefault(i, []).append((_card(card), up))
            continue
        if isinstance(op, pk.BoardDealing):
            assert len(op.cards) == 1
            assert b.common is None
            b.common = _card(op.cards[0])
            b.new_street(Street.SEVENTH, b.common)
            continue
        b.flush()
        if isinstance(op, pk.BetCollection) and b.street is not None:
            b.collect(op.bets)
            continue
        me = _name(getattr(op, "player_index", 0))
        if isinstance(op, pk.AntePosting):
            b.add(PostAnte, player=me, amount=op.amount, all_in=b.pay(op.player_index, op.amount))
        elif isinstance(op, pk.BringInPosting):
            b.actions += 1
            b.add(BringIn, player=me, amount=op.amount, all_in=b.pay(op.player_index, op.amount))
        elif isinstance(op, pk.CompletionBettingOrRaisingTo):
            b.actions += 1
            i = op.player_index
            bet_to = max(b.street_bets)
            added = op.amount - b.street_bets[i]
            all_in = b.pay(i, added)
            if bet_to == 0:
                b.add(Bet, player=me, amount=op.amount, all_in=all_in)
            else:
                b.add(Raise, player=me, by=op.amount - bet_to, to=op.amount, all_in=all_in)
        elif isinstance(op, pk.CheckingOrCalling):
            b.actions += 1
            if op.amount:
                b.add(Call, player=me, amount=op.amount, all_in=b.pay(op.player_index, op.amount))
            else:
                b.add(Check, player=me)
        elif isinstance(op, pk.Folding):
            b.actions += 1
            b.folded.add(op.player_index)
            b.add(Fold, player=me)
    b.flush()
    return _finish(played, b, positions)


def _finish(played: Played, b: _Builder, positions: dict[int, int]) -> Converted:
    n = played.players
    live = [i for i in range(n) if i not in b.folded]
    uncalled = b.uncalled
    totals = [b.put_in[i] - uncalled.get(i, 0) for i in range(n)]
    if len(live) > 1:
        b.add(ShowdownStart)
        for i in _show_order(b, live):
            b.add(Show, player=_name(i), cards=tuple(b.cards[i]))
    for index, player, amount in _collects(played, b, live, totals):
        if index is None:
            b.add(Collect, player=_name(player), amount=amount)
        elif index == 0:
            b.add(Collect, player=_name(player), amount=amount, pot=PotKind.MAIN)
        else:
            b.add(Collect, player=_name(player), amount=amount, pot=PotKind.SIDE,
                  pot_index=index)
    b.add(PotSummary, total=sum(totals), main=None, sides=(), rake=0)
    seats = tuple(Seat(seat=i + 1, name=_name(i), stack=played.starting[i], line=2 + i)
                  for i in range(n))
    header = HandHeader(site="pokerkit", hand_id=f"{played.game.value}-{played.number}",
                        game=played.game, game_text=GAME_TEXT[played.game], limit=Limit.FIXED,
                        small_bet=SMALL_BET, big_bet=BIG_BET, currency=None, scale=1,
                        table="pokerkit", max_seats=8, seats=seats, line=1)
    hand = ParsedHand(header=header, events=tuple(b.events), path="<pokerkit>", first_line=1,
                      last_line=b.events[-1].line)
    return Converted(hand, positions, b.cards, b.common, live, b.all_in, totals, uncalled,
                     b.actions, b.odd_chip_shift)


def _show_order(b: _Builder, live: list[int]) -> list[int]:
    """The last 7th-street bettor or raiser first, then clockwise (PokerStars)."""
    start = 0
    seventh = False
    for event in b.events:
        if isinstance(event, StreetStart):
            seventh = event.street is Street.SEVENTH
        elif seventh and isinstance(event, Bet | Raise):
            start = int(event.player[1:]) - 1
    n = len(b.cards)
    return [i for i in ((start + k) % n for k in range(n)) if i in live]


def layers(totals: list[int], live: list[int], all_in: set[int]
           ) -> list[tuple[int, tuple[int, ...]]]:
    """Main and side pots (amount, eligible) from what each player put in (docs/stud-rules.md)."""
    levels = sorted({totals[i] for i in live if i in all_in} | {max(totals[i] for i in live)})
    pots: list[tuple[int, tuple[int, ...]]] = []
    below = 0
    for level in levels:
        amount = sum(min(t, level) - min(t, below) for t in totals)
        eligible = tuple(i for i in live if totals[i] >= level)
        if amount:
            if pots and pots[-1][1] == eligible:
                pots[-1] = (pots[-1][0] + amount, eligible)
            else:
                pots.append((amount, eligible))
        below = level
    rest = sum(totals) - sum(a for a, _ in pots)
    if rest:
        pots[0] = (pots[0][0] + rest, pots[0][1])
    return pots


def _collects(played: Played, b: _Builder, live: list[int], totals: list[int]
              ) -> list[tuple[int | None, int, int]]:
    """(our pot index or None for a single pot, player, amount) from pokerkit's pushes.

    pokerkit kills hands that cannot win before it pushes, so pots whose eligible
    players differ only by killed hands are one pot to it. Such a pot is shared out
    over our pots so that each of ours is split as docs/stud-rules.md allows (``_share``); when
    no such split exists the whole of it is labelled with its first pot, and our
    replay flags it.
    """
    n = played.players
    if len(live) == 1:
        return [(None, live[0], sum(totals))]
    pushed: dict[int, list[int]] = {}
    for op in played.ops:
        if isinstance(op, pokerkit.ChipsPushing):
            row = pushed.setdefault(op.pot_index, [0] * n)
            for i, amount in enumerate(op.amounts):
                row[i] += amount
    assert played.pots is not None
    ours = layers(totals, live, b.all_in)
    single = len(ours) == 1
    groups = _group(ours, played.pots)
    result: list[tuple[int | None, int, int]] = []
    for kit_index, members in enumerate(groups):
        row = pushed.get(kit_index, [0] * n)
        shares = _share(played, b, [ours[j] for j in members], row, live)
        for j, share in zip(members, shares, strict=True):
            for i in range(n):
                if share[i]:
                    result.append((None if single else j, i, share[i]))
    return result


def _group(ours: list[tuple[int, tuple[int, ...]]], kit: list[tuple[int, tuple[int, ...]]]
           ) -> list[list[int]]:
    """For each pokerkit pot, the run of our pots it is made of (asserted)."""
    groups: list[list[int]] = []
    j = 0
    for amount, eligible in kit:
        members: list[int] = []
        total = 0
        while j < len(ours) and total < amount:
            assert set(eligible) <= set(ours[j][1]), (ours, kit)
            members.append(j)
            total += ours[j][0]
            j += 1
        assert total == amount, (ours, kit)
        groups.append(members)
    assert j == len(ours), (ours, kit)
    return groups


def _winners(played: Played, b: _Builder | Converted, eligible: tuple[int, ...]
             ) -> tuple[list[int], list[int]]:
    """docs/stud-rules.md's high and low winners of a pot among ``eligible``."""
    hands = {i: [*b.cards[i], *([b.common] if b.common else [])] for i in eligible}
    if played.game is Game.RAZZ:
        best = min(low_a5_rank(h) for h in hands.values())
        return [i for i, h in hands.items() if low_a5_rank(h) == best], []
    best_high = max(high_rank(h) for h in hands.values())
    high = [i for i, h in hands.items() if high_rank(h) == best_high]
    if played.game is not Game.STUD8:
        return high, []
    lows = {i: low8_rank(h) for i, h in hands.items()}
    qualified = [r for r in lows.values() if r is not None]
    if not qualified:
        return high, []
    return high, [i for i, r in lows.items() if r == min(qualified)]


def _ranges(played: Played, b: _Builder | Converted, amount: int, eligible: tuple[int, ...]
            ) -> dict[int, tuple[int, int]]:
    """What each winner of a pot may take under docs/stud-rules.md (least, most)."""
    high, low = _winners(played, b, eligible)
    halves = [(high, amount - amount // 2), (low, amount // 2)] if low else [(high, amount)]
    ranges: dict[int, tuple[int, int]] = {}
    for winners, half in halves:
        base, odd = divmod(half, len(winners))
        for i in winners:
            least, most = ranges.get(i, (0, 0))
            ranges[i] = (least + base, most + base + (1 if odd else 0))
    return ranges


def _share(played: Played, b: _Builder, pots: list[tuple[int, tuple[int, ...]]],
           row: list[int], live: list[int]) -> list[list[int]]:
    """Share pokerkit's pushes ``row`` from one of its pots over our ``pots`` it merges.

    Each of our pots gets a split docs/stud-rules.md allows (its halves, equal shares of ties,
    an odd chip each at most) when the totals allow one. pokerkit splits the merged
    pot once, so its odd chips can land differently: then each pot gets docs/stud-rules.md's
    split and the difference (recorded in ``b.odd_chip_shift``) goes to the pot where
    the player's share is largest, which our replay then calls a wrong split.
    """
    n = played.players
    if len(pots) == 1:
        return [list(row)]
    ranges = [_ranges(played, b, amount, eligible) for amount, eligible in pots]
    shares = [[ranges[j].get(i, (0, 0))[0] for i in range(n)] for j in range(len(pots))]
    left = [row[i] - sum(s[i] for s in shares) for i in range(n)]
    for j, (amount, _) in enumerate(pots):
        slack = amount - sum(shares[j])
        for i in range(n):
            while slack and left[i] > 0 and shares[j][i] < ranges[j].get(i, (0, 0))[1]:
                shares[j][i] += 1
                left[i] -= 1
                slack -= 1
    if not any(left) and all(sum(s) == a for s, (a, _) in zip(shares, pots, strict=True)):
        return shares
    for j, (amount, _) in enumerate(pots):  # docs/stud-rules.md's split, odd chips in seat order
        slack = amount - sum(shares[j])
        for i in range(n):
            if slack and shares[j][i] < ranges[j].get(i, (0, 0))[1]:
                shares[j][i] += 1
                slack -= 1
    for i in range(n):
        shift = row[i] - sum(s[i] for s in shares)
        if shift:
            b.odd_chip_shift.append((abs(shift), len(pots)))
            j = max(range(len(pots)), key=lambda j: shares[j][i])
            shares[j][i] += shift
            assert shares[j][i] >= 0, (pots, row)
    return shares


# ---------------------------------------------------------------------------
# The comparison


@dataclass
class Tally:
    """What one game's hands showed."""

    game: Game
    hands: int = 0
    seats: int = 0
    """Players over all hands: one stack comparison each."""
    actions: int = 0
    first_actors: int = 0
    stacks: int = 0
    pots: int = 0
    probes: Counter[str] = field(default_factory=Counter)
    deviations: Counter[str] = field(default_factory=Counter)
    failures: dict[str, list[str]] = field(default_factory=dict)
    """Disagreements by what was compared: ``legality``, ``actions``, ``first_actor``,
    ``stacks``, ``pots``, ``conversion``, ``probes``."""
    all_in_bring_in: list[str] = field(default_factory=list)
    """Hands where the player left of a bring-in player all-in on the ante brings in."""

    def fail(self, what: str, message: str) -> None:
        self.failures.setdefault(what, []).append(message)


COARSE = {ActionKind.COMPLETE: ActionKind.RAISE, ActionKind.BET: ActionKind.RAISE}
"""After an all-in for less than a bet, pokerkit's next raise can be our bet (it
completes the bet): aggression is compared as one kind."""
KIND_OF_OP = {"BringInPosting": ActionKind.BRING_IN, "Folding": ActionKind.FOLD}


def _kit_kinds(played: Played) -> list[ActionKind]:
    """pokerkit's actions as the rules name them (the first bet on 3rd is the completion)."""
    kinds: list[ActionKind] = []
    street, bet_made, dealing = -1, False, False
    for op in played.ops:
        name = type(op).__name__
        if name in ("HoleDealing", "BoardDealing", "CardBurning"):
            if not dealing:
                street, bet_made, dealing = street + 1, False, True
            continue
        dealing = False
        if name in KIND_OF_OP:
            kinds.append(KIND_OF_OP[name])
        elif name == "CheckingOrCalling":
            kinds.append(ActionKind.CALL if op.amount else ActionKind.CHECK)
        elif name == "CompletionBettingOrRaisingTo":
            if bet_made:
                kinds.append(ActionKind.RAISE)
            else:
                kinds.append(ActionKind.COMPLETE if street == 0 else ActionKind.BET)
            bet_made = True
    return kinds


def _low_half_cases(played: Played, conv: Converted) -> int:
    """Pots pokerkit splits in a high and a low half although no eligible player has a
    qualifying low, paying someone other than docs/stud-rules.md (the high hand takes it all)."""
    if played.game is not Game.STUD8 or played.pots is None or len(conv.live) < 2:
        return 0
    paid: dict[int, list[int]] = {}
    halves: set[int] = set()
    for op in played.ops:
        if isinstance(op, pokerkit.ChipsPushing) and op.hand_type_index is not None:
            row = paid.setdefault(op.pot_index, [0] * played.players)
            for i, amount in enumerate(op.amounts):
                row[i] += amount
            if op.hand_type_index == 1:
                halves.add(op.pot_index)
    found = 0
    for pot in halves:
        amount, eligible = played.pots[pot]
        hands = [[*conv.cards[i], *([conv.common] if conv.common else [])] for i in eligible]
        if any(low8_rank(h) is not None for h in hands):
            continue
        ranges = _ranges(played, conv, amount, eligible)
        if any(not ranges.get(i, (0, 0))[0] <= took <= ranges.get(i, (0, 0))[1]
               for i, took in enumerate(paid[pot])):
            found += 1
    return found


def _left_of_all_in_bring_in(played: Played, conv: Converted) -> bool:
    """The bring-in player is all-in on the ante and the next player posts the bring-in."""
    _, actor, opener_all_in = played.openers.get(0, (0, 0, False))
    return opener_all_in and any(
        isinstance(e, BringIn) and e.player == _name(actor) for e in conv.hand.events)


def _odd_chips_to_one(played: Played) -> bool:
    for op in played.ops:
        if isinstance(op, pokerkit.ChipsPushing) and op.hand_type_index is not None:
            won = [a for a in op.amounts if a]
            if len(won) >= 3 and max(won) - min(won) >= 2:
                return True
    return False


def _tied_share(played: Played) -> bool:
    """A share pokerkit pushes to two or more tied players."""
    for op in played.ops:
        if (isinstance(op, pokerkit.ChipsPushing) and op.hand_type_index is not None
                and sum(1 for a in op.amounts if a) >= 2):
            return True
    return False


def check_hand(played: Played, tally: Tally) -> None:
    conv = convert(played)
    replayed = replay(conv.hand, PROFILE)
    hand_id = conv.hand.hand_id
    excused: set[tuple[str, Street | None]] = set()

    def deviation(name: str, rules: set[str], street: Street | None = None) -> None:
        """Count a known deviation; excuse ``rules`` (on ``street`` only, if given)."""
        tally.deviations[name] += 1
        excused.update((rule, street) for rule in rules)

    if any(MUCK_WARNING in w for w in played.warned):
        deviation("reused_muck", {"card.duplicate", "common-card.wrong"})
    if _low_half_cases(played, conv):
        deviation("stud8_low_half", {"pot.wrong-winner", "pot.wrong-split"})
    if _odd_chips_to_one(played):
        deviation("odd_chips_to_one", {"pot.wrong-split"})
    elif _tied_share(played) and any(v.rule == "pot.wrong-split" for v in replayed.violations):
        deviation("odd_chip_by_order", {"pot.wrong-split"})
    if conv.odd_chip_shift and all(moved < merged for moved, merged in conv.odd_chip_shift):
        deviation("merged_pots_odd_chips", {"pot.wrong-split"})
    if _left_of_all_in_bring_in(played, conv):  # covered: see the test at the end
        tally.all_in_bring_in.append(hand_id)

    # first actors
    turned: set[Street] = set()
    """Streets where pokerkit starts with another player than we do (a deviation)."""
    ours = {f.street: f.player for f in replayed.first_actors}
    kit = {Street(3 + s): v for s, v in played.openers.items()}
    if set(ours) != set(kit):
        tally.fail("first_actor", f"{hand_id}: first actors on streets {sorted(ours)} for us, "
                              f"{sorted(kit)} for pokerkit")
    for street, (opener, actor, opener_all_in) in kit.items():
        # On 3rd street the bring-in player acts first, unless all-in on the ante: then
        # the player pokerkit lets act (on their left) is the first actor for both of us.
        theirs = _name(opener if street is Street.THIRD and not opener_all_in else actor)
        if street not in ours:
            continue
        tally.first_actors += 1
        if ours[street] == theirs:
            continue
        turned.add(street)
        if street is Street.SEVENTH and conv.common is not None:
            deviation("common_card_first_actor", {"action.out-of-turn", "action.missing"},
                      street)
        elif opener_all_in and street is not Street.THIRD:
            deviation("all_in_best_board", {"action.out-of-turn", "action.missing"}, street)
        else:
            tally.fail("first_actor", f"{hand_id}: {street.label} street: we start with "
                                  f"{ours[street]}, pokerkit with {theirs}")

    # legality pokerkit -> us
    for v in replayed.violations:
        if (v.rule, None) not in excused and (v.rule, v.street) not in excused:
            tally.fail("legality", f"{hand_id}: {v.rule} at line {v.line}: {v.message}")

    # actions (completions, bets and raises taken together: see COARSE)
    mine = [COARSE.get(a.kind, a.kind) for a in replayed.actions if a.kind is not ActionKind.ANTE]
    theirs_kinds = [COARSE.get(k, k) for k in _kit_kinds(played)]
    if mine != theirs_kinds:
        tally.fail("actions", f"{hand_id}: actions {mine} for us, {theirs_kinds} for pokerkit")
    tally.actions += len(mine)

    # stacks and pots
    for i in range(played.players):
        net = replayed.nets.get(_name(i))
        if net != played.final[i] - played.starting[i]:
            tally.fail("stacks", f"{hand_id}: {_name(i)} nets {net} for us, "
                                  f"{played.final[i] - played.starting[i]} for pokerkit")
        else:
            tally.stacks += 1
    if len(conv.live) > 1:
        expected = [(a, tuple(_name(i) for i in e))
                    for a, e in layers(conv.totals, conv.live, conv.all_in)]
        got = [(p.amount, p.eligible) for p in replayed.pots]
        if got != expected:
            tally.fail("pots", f"{hand_id}: pots {got} for us, {expected} expected")
        else:
            tally.pots += len(got)
    tally.hands += 1
    tally.seats += played.players
    _check_probes(played, conv, tally, turned)


def _check_probes(played: Played, conv: Converted, tally: Tally, turned: set[Street]
                  ) -> None:
    hand = conv.hand
    for count, probe in played.probes:
        at = conv.positions[count]
        line = hand.events[at - 1].line + 5
        event = probe.make(line=line)
        events = (*hand.events[:at], event, *hand.events[at:])
        probed = replay(ParsedHand(header=hand.header, events=events, path=hand.path,
                                   first_line=1, last_line=hand.last_line), PROFILE)
        flagged = {v.rule for v in probed.violations if v.line == line}
        tally.probes[probe.kind] += 1
        street = _street_at(events, line)
        if street in turned:  # pokerkit's turn order differs here already (a deviation)
            if probe.kind == "out_of_turn":
                tally.deviations["first_actor_probe"] += 1
                continue
            flagged.discard("action.out-of-turn")
        if probe.kind == "open_pair_big_bet":
            if flagged:
                tally.fail("probes", f"{hand.hand_id}: {event!r}: flagged {flagged}")
            else:
                tally.deviations["open_pair_big_bet"] += 1
            continue
        if not probe.expected:  # a deviation probe: docs/stud-rules.md allows what pokerkit refuses
            if flagged:
                tally.fail("probes", f"{hand.hand_id}: {event!r}: flagged {flagged}")
            else:
                tally.deviations["fold_left_of_all_in_bring_in"] += 1
            continue
        if probe.expected & flagged:
            continue
        short = any(a.all_in and a.street is street and a.line < line
                    and a.kind in (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)
                    for a in probed.actions)
        if probe.kind in ("over_cap", "short_all_in") and short and not flagged:
            cause = "short_all_in_cap" if probe.kind == "over_cap" else "short_all_in_reopen"
            tally.deviations[cause] += 1
            continue
        tally.fail(
            "probes", f"{hand.hand_id}: {probe.kind} {event!r} ({probe.reason or 'refused'}): "
            f"flagged {sorted(flagged) or 'nothing'}")


def _street_at(events: tuple[HandEvent, ...], line: int) -> Street | None:
    street = None
    for event in events:
        if event.line >= line:
            break
        if isinstance(event, StreetStart):
            street = event.street
    return street


_RESULTS: dict[Game, Tally] = {}


def results(game: Game) -> Tally:
    """Play and compare ``HANDS`` hands of ``game`` once per session (seeded)."""
    if game not in _RESULTS:
        rng = random.Random(f"{SEED}-{game.value}")
        saved = random.getstate()
        random.seed(f"{SEED}-{game.value}-deck")  # pokerkit shuffles with the random module
        try:
            tally = Tally(game)
            with _remembered_hands():
                for number in range(HANDS):
                    played = play(game, number, rng)
                    try:
                        check_hand(played, tally)
                    except AssertionError as error:
                        tally.fail("conversion", f"{game.value}-{number}: {error}")
        finally:
            random.setstate(saved)
        _RESULTS[game] = tally
    return _RESULTS[game]


# ---------------------------------------------------------------------------
# The tests

GAMES = (Game.STUD, Game.STUD8, Game.RAZZ)

EXPECTED_DEVIATIONS: dict[Game, dict[str, int]] = {
    Game.STUD: {"all_in_best_board": 772, "first_actor_probe": 11, "reused_muck": 64,
                "open_pair_big_bet": 159, "short_all_in_cap": 12, "short_all_in_reopen": 9},
    Game.STUD8: {"all_in_best_board": 742, "first_actor_probe": 12, "common_card_first_actor": 2,
                 "reused_muck": 57, "stud8_low_half": 38, "merged_pots_odd_chips": 45,
                 "short_all_in_cap": 10, "short_all_in_reopen": 11,
                 "fold_left_of_all_in_bring_in": 2, "odd_chip_by_order": 4},
    Game.RAZZ: {"all_in_best_board": 711, "first_actor_probe": 8, "reused_muck": 69,
                "short_all_in_cap": 4, "short_all_in_reopen": 7,
                "fold_left_of_all_in_bring_in": 3, "odd_chip_by_order": 2},
}
"""Hands (or, for the ``*_probe``, ``open_pair_*`` and ``short_all_in_*`` entries,
probes) each known deviation explains, for the fixed seed."""

EXPECTED_ALL_IN_BRING_IN: dict[Game, int] = {Game.STUD: 34, Game.STUD8: 37, Game.RAZZ: 27}
"""Hands where the player left of a bring-in player all-in on the ante brings in."""


@pytest.fixture(scope="module", params=GAMES, ids=[g.value for g in GAMES])
def tally(request: pytest.FixtureRequest) -> Tally:
    game: Game = request.param
    return results(game)


def _report(tally: Tally, what: str) -> str:
    found = tally.failures.get(what, [])
    return f"{len(found)} disagreements ({what}), e.g.:\n" + "\n".join(found[:10])


def test_pokerkit_plays_every_hand_to_the_end(tally: Tally) -> None:
    assert not tally.failures.get("conversion"), _report(tally, "conversion")
    assert tally.hands == HANDS
    assert tally.actions > 15 * HANDS


def test_every_action_pokerkit_allows_is_legal_for_us(tally: Tally) -> None:
    assert not tally.failures.get("legality"), _report(tally, "legality")
    assert not tally.failures.get("actions"), _report(tally, "actions")


def test_first_actor_of_every_street_agrees(tally: Tally) -> None:
    assert not tally.failures.get("first_actor"), _report(tally, "first_actor")
    assert tally.first_actors > 3 * HANDS


def test_final_stacks_and_pots_agree(tally: Tally) -> None:
    assert not tally.failures.get("stacks"), _report(tally, "stacks")
    assert not tally.failures.get("pots"), _report(tally, "pots")
    assert tally.stacks == tally.seats  # every player of every hand
    assert tally.pots > HANDS


def test_actions_pokerkit_refuses_are_violations_for_us(tally: Tally) -> None:
    assert not tally.failures.get("probes"), _report(tally, "probes")
    assert sum(tally.probes.values()) >= 300
    assert set(tally.probes) >= {"over_cap", "check_facing_bet", "out_of_turn", "wrong_size",
                                 "after_fold", "bring_in_wrong_player"}


def test_known_deviations_are_counted(tally: Tally) -> None:
    game = tally.game
    assert dict(tally.deviations) == EXPECTED_DEVIATIONS[game]
    assert len(tally.all_in_bring_in) == EXPECTED_ALL_IN_BRING_IN[game]


def _hand(game: Game, stacks: list[int], events: list[HandEvent]) -> ParsedHand:
    """A hand from events written with line 0: each gets its own line."""
    seats = tuple(Seat(seat=i + 1, name=_name(i), stack=stack, line=2 + i)
                  for i, stack in enumerate(stacks))
    header = HandHeader(site="pokerkit", hand_id="minimal", game=game,
                        game_text=GAME_TEXT[game], limit=Limit.FIXED, small_bet=SMALL_BET,
                        big_bet=BIG_BET, currency=None, scale=1, table="pokerkit",
                        max_seats=8, seats=seats, line=1)
    lined = tuple(replace(e, line=10 * (k + 2)) for k, e in enumerate(events))
    return ParsedHand(header=header, events=lined, path="<minimal>", first_line=1,
                      last_line=lined[-1].line)


def _deal(player: int, street: Street, *cards: str) -> Deal:
    up = (False, False, True) if street is Street.THIRD else (street is not Street.SEVENTH,)
    return Deal(line=0, player=_name(player), street=street, cards=cards, face_up=up)


def left_of_all_in_bring_in() -> ParsedHand:
    """P1 (door 2c, the lowest) is all-in on the ante; P2, on their left, brings in."""
    events: list[HandEvent] = [
        PostAnte(line=0, player="P1", amount=1, all_in=True),
        PostAnte(line=0, player="P2", amount=1),
        PostAnte(line=0, player="P3", amount=1),
        StreetStart(line=0, street=Street.THIRD),
        _deal(0, Street.THIRD, "Ah", "Ad", "2c"),
        _deal(1, Street.THIRD, "Ks", "Qs", "Kd"),
        _deal(2, Street.THIRD, "7h", "7d", "9h"),
        BringIn(line=0, player="P2", amount=BRING_IN),
        Fold(line=0, player="P3"),
        UncalledReturned(line=0, player="P2", amount=BRING_IN),
    ]
    for street, (mine, theirs) in zip(
            (Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH),
            (("3s", "8c"), ("4s", "9c"), ("5s", "Tc"), ("6d", "2d")), strict=True):
        events += [StreetStart(line=0, street=street), _deal(0, street, mine),
                   _deal(1, street, theirs)]
    events += [
        ShowdownStart(line=0),
        Show(line=0, player="P1", cards=("Ah", "Ad", "2c", "3s", "4s", "5s", "6d")),
        Show(line=0, player="P2", cards=("Ks", "Qs", "Kd", "8c", "9c", "Tc", "2d")),
        Collect(line=0, player="P1", amount=3),
        PotSummary(line=0, total=3, main=None, sides=(), rake=0),
    ]
    return _hand(Game.STUD, [1, 50, 50], events)


def test_pokerkit_lets_the_player_left_of_an_all_in_bring_in_post_it() -> None:
    """The situation of the xfail test below, as pokerkit plays it (docs/stud-rules.md agrees)."""
    a = pokerkit.Automation
    state = pokerkit.FixedLimitSevenCardStud.create_state(
        (a.ANTE_POSTING, a.BET_COLLECTION), True, ANTE, BRING_IN, SMALL_BET, BIG_BET,
        [1, 50, 50], 3)
    for card in ("Ah", "Ks", "7h", "Ad", "Qs", "7d", "2c", "Kd", "9h"):  # round by round
        state.deal_hole(card)
    assert state.stacks[0] == 0  # P1 is all-in on the ante...
    assert state.opener_index == 0  # ...has the lowest door card...
    assert state.actor_index == 1  # ...and P2, on their left, acts first
    assert state.can_post_bring_in()


def test_bring_in_left_of_an_all_in_player_is_legal() -> None:
    replayed = replay(left_of_all_in_bring_in(), PROFILE)
    assert [(v.rule, v.line, v.message) for v in replayed.violations] == []
