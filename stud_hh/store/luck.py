"""Stage 4b, luck: what each live player could expect of the pots when the last money
went in, and the luck-adjusted net it gives (columns of the ``players`` and ``pots``
rows that :mod:`stud_hh.store.facts` builds).

The definitions are :data:`DEFINITIONS` (the statistics page quotes them: a compiled
module keeps no docstring).

>>> from stud_hh import parse_hand
>>> from stud_hh.replay import replay
>>> r = replay(parse_hand(ALL_IN_ON_SIXTH))  # doctest: +SKIP
>>> moment(r)  # doctest: +SKIP
Moment(street=6, all_in=True, live=('Ann', 'Bob'))
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from stud_hh.equity import EquityError, equity
from stud_hh.model.cards import MaybeCard
from stud_hh.model.events import Game
from stud_hh.replay import ActionKind, Pot, ReplayedHand
from stud_hh.rules import GAMES, printing_of
from stud_hh.rules.games import GameRules, Ranking
from stud_hh.rules.pots import best_hands

EXACT_LIMIT = 1_000_000
"""Deals enumerated at most for a stored equity (heads-up from 5th street on, three-way
on 6th); above it the equity is sampled."""
SAMPLES = 2_000
"""Deals drawn for a stored equity above :data:`EXACT_LIMIT`, seeded by the hand
(:func:`hand_seed`): a share's standard error is then at most 1.1 percentage points. Far
fewer than :data:`stud_hh.equity.SAMPLES`: an import stores an equity for every all-in
and showdown, and luck summed over many hands averages the sampling errors out (100
all-ins of 10 big bets: about 1 big bet of sampling error against some 50 of luck), as
long as each hand's draws are its own."""


def hand_seed(site: str, hand_id: str) -> int:
    """The seed of a hand's sampled equities: a stable hash (BLAKE2b) of its site and id,
    so that every import of the hand draws the same deals (whatever the process, unlike
    Python's salted ``hash``) and different hands draw independent ones (a seed shared by
    every hand of one shape gives them one sampling error, which summing does not shrink).

    >>> hand_seed("PokerStars", "35874153086") == hand_seed("PokerStars", "35874153086")
    True
    >>> hand_seed("PokerStars", "35874153086") == hand_seed("Full Tilt Poker", "35874153086")
    False
    """
    digest = hashlib.blake2b(f"{site}\n{hand_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


Row = dict[str, Any]
_FOLD: Final = ActionKind.FOLD

DEFINITIONS: Final = """\
**The moment.** A hand that ends with two or more players still in (not folded) has
one: the last action that put chips in. After it no betting decision was left, either
because every player still in but at most one was all-in (an *all-in*: the cards still
to come were then dealt without a bet) or because the hand went to its showdown (a
*showdown*: any later street was checked through). Its street is the *equity street*
(3 to 7; 0 for the antes, when the last chips went in before any card was dealt).

**The cards known then.** Each live player's cards dealt up to and including that
street: the up cards as dealt, the down cards as dealt to the hero or, for anyone, from
the hand shown (shown, or mucked with the cards printed), taken street by street where
the site prints a shown hand in dealing order (two down and the door, the 4th to 6th
street up cards, the 7th-street down card; each card checked against the cards dealt
on its street). Where the site prints it in an order of its own (Everleaf, Bovada:
``shown_in_deal_order`` in ``docs/rules.md``), a shown hand puts no down card on a
street: an opponent's cards are then known only at the showdown, as the whole hand, and
an all-in before 7th street gets no equity. Dead: every other card the text shows
dealt by then (folded players' up cards, the hero's down cards after a fold). When some
live player's cards are not all known (a hand mucked unseen), no equity is computed and
every equity column stays null.

**Equity.** For each pot, among the players eligible for it (a player all-in for less
has no share of a side pot), with the other live players' known cards dead too:
:func:`stud_hh.equity.equity` over every way the cards to come can fall, exact up to a
million deals (:data:`EXACT_LIMIT`: heads-up from 5th street on, three-way on 6th) and
over 2,000 draws above it (:data:`SAMPLES`: a share's standard error at most 1.1
points; ``equity_exact`` says which). The draws are seeded by the hand's site and id: the
same at every import of the hand, and independent from one hand to the next, so that
the sampling errors of many hands do not add up to a bias. On the last
street nothing is to come: each share is the showdown's by the rules (1, 0, a half, a
quarter), whatever a player mucked. A player's ``equity`` is their expected share of
the pots they were eligible for, weighted by the pots' sizes; stud hi/lo tells it apart
into what the high and the low bring and gives the chance of scooping the main pot.

**Luck-adjusted net.** ``ev_net`` = what the live players collected in all, shared out
in proportion to each one's expected chips (their equity in each pot times its size:
the rake is then taken from each as the site took it from the pots), minus what the
player put in; ``net`` itself where no equity is known (folded players, unseen hands,
hands without a moment). Over a hand the players' ``ev_net`` add up to what their
``net`` add up to (minus the rake), so the luck (``net - ev_net``) adds up to zero.

One moment per hand: a player all-in on 4th whose opponents bet on to the river is
judged with the cards of the river, where the last chips went in.
"""
"""How the luck columns are defined, paragraph by paragraph (``docs/statistics.md``)."""


@dataclass(frozen=True, slots=True)
class Moment:
    """When the last chips of a hand went in (see the module)."""

    street: int
    """The street of that action: 3 to 7, 0 for the antes."""
    all_in: bool
    """Every live player but at most one was all-in then."""
    live: tuple[str, ...]
    """The players still in, in seat order."""


@dataclass(frozen=True, slots=True)
class Share:
    """One player's expected share of one pot."""

    equity: float
    high: float
    low: float
    scoop: float


def moment(r: ReplayedHand) -> Moment | None:
    """The hand's moment, or ``None`` when fewer than two players are left in (or the
    text stops before the showdown it should reach)."""
    folded, all_in = set(), set()
    last = None
    for action in r.actions:
        if action.kind is _FOLD:
            folded.add(action.player)
        elif action.amount > 0:
            last = action
        if action.all_in:
            all_in.add(action.player)
    live = tuple(s.name for s in r.hand.header.seats
                 if s.name in r.contributions and s.name not in folded)
    if len(live) < 2:
        return None
    street = 0 if last is None or last.street is None else int(last.street)
    closed = sum(1 for p in live if p not in all_in) <= 1
    rules = GAMES[r.hand.header.game]
    if not closed and r.dealt.last_street < int(rules.streets[-1].street):
        return None
    return Moment(street, closed, live)


Slot = list[Any]
"""One card of a player's hand in dealing order: ``[street, face up, card or None]``."""


def hands(r: ReplayedHand, rules: GameRules, players: Sequence[str]) -> dict[str, list[Slot]]:
    """The cards of ``players`` in dealing order, as far as the text shows them (the
    cards the replay gathered: :attr:`~stud_hh.replay.Dealt.deals`, and
    :attr:`~stud_hh.replay.Dealt.revealed` where the site prints a shown hand in dealing
    order: :attr:`~stud_hh.rules.printing.Printing.shown_in_deal_order`)."""
    in_order = printing_of(r.hand.header.site).shown_in_deal_order
    out = {}
    for name in players:
        by_street: dict[int, list[tuple[bool, MaybeCard]]] = {}
        for street, up, card in r.dealt.deals.get(name, ()):
            by_street.setdefault(street, []).append((up, card))
        slots = _slots(rules, by_street)
        whole = r.dealt.revealed.get(name, ())
        if in_order and len(whole) <= len(slots) and None not in whole:
            _complete(slots, whole)
        out[name] = slots
    return out


def _slots(rules: GameRules, dealt: Mapping[int, list[tuple[bool, MaybeCard]]]
           ) -> list[Slot]:
    """The game's cards for one player, filled with the deals' cards street by street
    (up cards in the up places, down cards in the down places, in order)."""
    slots: list[Slot] = []
    for rule in rules.streets:
        got = dealt.get(int(rule.street), [])
        ups = [c for up, c in got if up]
        downs = [c for up, c in got if not up]
        for up in rule.face_up:
            pool = ups if up else downs
            slots.append([int(rule.street), up, pool.pop(0) if pool else None])
    return slots


def _complete(slots: list[Slot], shown: Sequence[MaybeCard]) -> None:
    """The unknown cards of ``slots`` from a hand ``shown`` in dealing order (as many
    cards as were dealt when it was shown): each street's unknown places take that
    street's printed cards not dealt there already (in any order within the street:
    Full Tilt and KingsClub may swap the two down cards of 3rd street). Nothing when a
    card dealt is not printed on its street: the print does not square with the deal."""
    pairs = list(zip(slots, shown, strict=False))
    if all(slot[2] is None or slot[2] == card for slot, card in pairs):
        for slot, card in pairs:  # printed as dealt, card by card: place by place
            slot[2] = card
        return
    streets: dict[int, list[tuple[Slot, MaybeCard]]] = {}
    for slot, card in pairs:
        streets.setdefault(slot[0], []).append((slot, card))
    for placed in streets.values():
        printed = [card for _, card in placed]
        if any(slot[2] is not None and slot[2] not in printed for slot, _ in placed):
            return
    for placed in streets.values():
        known = {slot[2] for slot, _ in placed if slot[2] is not None}
        left = [card for _, card in placed if card not in known]
        for slot, _ in placed:
            if slot[2] is None and left:
                slot[2] = left.pop(0)


def _whole(r: ReplayedHand, rules: GameRules, name: str) -> list[str] | None:
    """``name``'s whole hand as shown at the end, whatever street each card came on, when
    every card is printed and the cards dealt are among them."""
    whole = r.dealt.revealed.get(name, ())
    dealt = {card for _, _, card in r.dealt.deals.get(name, ()) if card is not None}
    if len(whole) != rules.cards_per_player or None in whole or not dealt <= set(whole):
        return None
    return [card for card in whole if card is not None]


def fill(r: ReplayedHand, rows: dict[str, Row]) -> list[list[float] | None]:
    """Set the equity columns of ``rows`` (a row per seated player, ``net`` and
    ``put_in`` already counted); return each pot's shares, in the order of its
    eligible players (``None``: not known)."""
    for row in rows.values():
        row["ev_net"] = float(row["net"])
        row["equity_all_in"] = False
    nothing: list[list[float] | None] = [None] * len(r.pots)
    when = moment(r)
    if when is None:
        return nothing
    for name in when.live:
        rows[name]["equity_street"] = when.street
        rows[name]["equity_all_in"] = when.all_in
    rules = GAMES[r.hand.header.game]
    pots = [p for p in r.pots if p.amount > 0 and p.eligible]
    eligible = {name for pot in pots for name in pot.eligible}
    if eligible != set(when.live):  # pots the text does not square with (a damaged hand)
        return nothing
    try:
        counted = _pot_shares(r, rules, when, pots)
    except (EquityError, ValueError):  # a damaged hand: a card dealt twice
        return nothing
    if counted is None:
        return nothing
    shares, exact = counted
    _player_columns(rows, rules, when, pots, shares, exact)
    by_pot = {id(p): s for p, s in zip(pots, shares, strict=True)}
    return [[by_pot[id(p)][n].equity for n in p.eligible] if id(p) in by_pot else None
            for p in r.pots]


def _pot_shares(r: ReplayedHand, rules: GameRules, when: Moment, pots: list[Pot]
                ) -> tuple[list[dict[str, Share]], bool] | None:
    """Each pot's shares by player, and whether every one was counted exactly; ``None``
    when some live player's cards are not known."""
    slots = hands(r, rules, when.live)
    common = r.dealt.common
    last = when.street == int(rules.streets[-1].street)
    cards: dict[str, list[str]] = {}
    for name in when.live:
        mine: list[MaybeCard] = [c for street, _, c in slots[name] if street <= when.street]
        if common is not None and last:  # the 7th-street card is everyone's common card
            mine = [*mine[:-1], common]
        if None in mine and last:  # shown in an order of the site's own: known as a whole
            mine = list(_whole(r, rules, name) or mine)
        if None in mine:
            return None
        cards[name] = [c for c in mine if c is not None]
    live = set(when.live)
    dead = [c for name, dealt in r.dealt.deals.items() if name not in live
            for street, _, c in dealt if street <= when.street and c is not None]
    out, exact = [], True
    seed = hand_seed(r.hand.header.site, r.hand.hand_id)
    for pot in pots:
        if len(pot.eligible) == 1:
            out.append({pot.eligible[0]: Share(1.0, 1.0, 0.0, 1.0)})
        elif last:
            out.append(_showdown(rules.ranking, {n: cards[n] for n in pot.eligible}))
        else:
            others = [c for n in when.live if n not in pot.eligible for c in cards[n]]
            result = equity([cards[n] for n in pot.eligible], rules.game, [*dead, *others],
                            exact_limit=EXACT_LIMIT, samples=SAMPLES, seed=seed)
            exact = exact and result.exact
            out.append({n: Share(s.equity, float(s.high), float(s.low), float(s.scoop))
                        for n, s in zip(pot.eligible, result.shares, strict=True)})
    return out, exact


def _showdown(ranking: Ranking, cards: Mapping[str, Sequence[str]]) -> dict[str, Share]:
    """The shares of a showdown with every card dealt, as the rules split the pot."""
    high, low = best_hands(ranking, cards)
    shares = dict.fromkeys(cards, (0.0, 0.0))
    half = 0.5 if low else 1.0
    for name in high:
        shares[name] = (shares[name][0] + half / len(high), shares[name][1])
    for name in low:
        shares[name] = (shares[name][0], shares[name][1] + half / len(low))
    out = {}
    for name, (h, lo) in shares.items():
        if ranking is not Ranking.HIGH_LOW_8:  # one winner's part: razz's is its low
            h, lo = (0.0, h) if ranking in (Ranking.LOW_A5, Ranking.LOW_27) else (h, 0.0)
        out[name] = Share(h + lo, h, lo, 1.0 if h + lo == 1.0 else 0.0)
    return out


def _player_columns(rows: dict[str, Row], rules: GameRules, when: Moment, pots: list[Pot],
                    shares: list[dict[str, Share]], exact: bool) -> None:
    """Each live player's equity over their pots, and the luck-adjusted net."""
    total = sum(p.amount for p in pots)
    paid = sum(rows[n]["net"] + rows[n]["put_in"] for n in when.live)
    hilo = rules.game is Game.STUD8
    for name in when.live:
        row = rows[name]
        mine = [(p.amount, s[name]) for p, s in zip(pots, shares, strict=True) if name in s]
        size = sum(amount for amount, _ in mine)
        expected = sum(amount * share.equity for amount, share in mine)
        row["equity"] = expected / size
        row["equity_exact"] = exact
        row["ev_net"] = paid * expected / total - row["put_in"]
        if hilo:
            row["equity_high"] = sum(a * s.high for a, s in mine) / size
            row["equity_low"] = sum(a * s.low for a, s in mine) / size
            row["scoop_chance"] = mine[0][1].scoop
