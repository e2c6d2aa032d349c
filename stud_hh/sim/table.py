"""One hand at one table, played by bots on the one stud engine.

:func:`play_hand` deals and plays one hand of ``stud``, ``stud8`` or ``razz`` under the
``pokerstars`` profile on an :class:`~stud_hh.engine.table.Table`: the simulator holds no
rules of its own. The engine says who brings in and who acts (the next player when the
bring-in player is all-in on the ante, the best board after 3rd street), which
completions, bets and raises are legal (the street's size, the big bet on 4th street in
stud when a pair shows, the cap of four bet levels, heads-up too, the half-bet reopening
rule) -- the bots choose among those (:mod:`stud_hh.sim.rounds`) -- and applies every
ante, card and move; it gives the uncalled bets, the side pots, the winners, each share
with its odd chips (the high half first, then the highest card by suit) and the showing
order (:mod:`stud_hh.sim.showdown`). What the simulator adds: the deck and the common
card when it runs out, the bots, the chat and connection lines, and a PokerStars-like
rake (5 %, capped, none when the hand ends on 3rd street).

It returns the hand the way a PokerStars history prints it -- a
:class:`~stud_hh.model.events.HandHeader` and the events, as the parser would read them --
plus each player's stack afterwards. Everything random comes from the ``random.Random``
passed in.

A :class:`Fault` makes the table break one rule on purpose: at the first place the hand
offers, the table makes a move (or an ante, a deal, an award) that the engine rejects
with exactly that rule, and marks that event as the fault's line; the hand then goes on
consistently, so that a replay finds that rule broken and no other (see
:mod:`stud_hh.sim.inject`).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from random import Random

from stud_hh.model.events import Street
from stud_hh.rules.violations import RuleCode
from stud_hh.sim.hand import Hand
from stud_hh.sim.rounds import play_round
from stud_hh.sim.setup import Fault, HandResult, SeatPlayer, Stakes, TableSetup
from stud_hh.sim.showdown import finish, return_uncalled

__all__ = ["Fault", "HandResult", "SeatPlayer", "Stakes", "TableSetup", "play_hand"]

_STREETS = (Street.THIRD, Street.FOURTH, Street.FIFTH, Street.SIXTH, Street.SEVENTH)


def _play(hand: Hand) -> dict[str, int]:
    """The streets, each dealt and bet while two players are in (3rd street's bring-in
    even with one player left with chips), then the end; what each player won."""
    hand.antes()
    for street in _STREETS:
        live = hand.live()
        if len(live) < 2:
            break
        if street is Street.FOURTH:
            hand.reached_fourth = True
        hand.deal_street(street, live)
        if len(hand.able()) >= 2 or street is Street.THIRD:
            play_round(hand)
        return_uncalled(hand)
    return finish(hand)


def play_hand(setup: TableSetup, stakes: Stakes, players: Sequence[SeatPlayer], hand_id: str,
              started: datetime, rng: Random, fault: Fault | None = None) -> HandResult:
    """Play one hand; the players' stacks are not changed (see :attr:`HandResult.stacks`)."""
    hand = Hand(setup, stakes, players, hand_id, started, rng,
                RuleCode(fault.rule) if fault else None)
    won = _play(hand)
    stacks = {s.name: s.stack + hand.uncalled.get(s.name, 0) + won.get(s.name, 0)
              for s in hand.seats}
    return HandResult(header=hand.header, events=hand.events, stacks=stacks,
                      fault_index=hand.fault_index, went_to_showdown=hand.showdown,
                      reached_fourth=hand.reached_fourth, leaving=hand.leaving)
