"""The end of a simulated hand: uncalled bets, pots, the showdown, the collections and the
summary.

The money is the engine's: the uncalled bet (:func:`~stud_hh.engine.settle.uncalled_due`),
the main and side pots (:func:`~stud_hh.rules.pots.side_pots`), the winners and each
one's share with its odd chips (:func:`~stud_hh.rules.pots.best_hands`,
:func:`~stud_hh.rules.pots.split_shares`), the rake per pot
(:func:`~stud_hh.rules.pots.shares`), and the order hands are shown in
(:func:`~stud_hh.engine.settle.showdown_order`). A fault of the end (a pot to the wrong
player, a wrong split, a chip missing, hands shown out of order) changes what is printed,
and :func:`~stud_hh.engine.settle.settle` says where it broke the rule.
"""

from __future__ import annotations

import dataclasses

from stud_hh.engine import cards
from stud_hh.engine.settle import Ledger, settle, showdown_order, uncalled_due
from stud_hh.export.pokerstars import describe
from stud_hh.model.events import (
    Announcement,
    BoardSummary,
    Collect,
    Game,
    Muck,
    NoShow,
    PotKind,
    PotSummary,
    SeatOutcome,
    SeatSummary,
    Show,
    ShowdownStart,
    Street,
    SummaryStart,
    UncalledReturned,
)
from stud_hh.rules import GAMES
from stud_hh.rules.pots import Winners, best_hands, shares, side_pots, split_shares
from stud_hh.rules.violations import RuleCode
from stud_hh.sim.hand import Hand

__all__ = ["finish", "return_uncalled"]

_END_FAULTS = frozenset({RuleCode.POT_WRONG_WINNER, RuleCode.POT_WRONG_SPLIT,
                         RuleCode.POT_NOT_BALANCED, RuleCode.SHOWDOWN_WRONG_ORDER})

_Collects = list[tuple[str, int, int]]
"""(player, chips, pot index) of each collection."""


def return_uncalled(hand: Hand) -> None:
    """After a round with money in it, the part of its top bet nobody called goes back."""
    if not hand.table.bet_to:
        return
    for name, amount in uncalled_due(hand.table).items():
        hand.uncalled[name] = hand.uncalled.get(name, 0) + amount
        hand.emit(UncalledReturned(line=0, player=name, amount=amount))


def finish(hand: Hand) -> dict[str, int]:
    """Pay the pots and write the end of the hand; what each player won."""
    table, setup = hand.table, hand.setup
    live = [s.name for s in hand.live()]
    totals = {s.name: sum(s.put_in.values()) - hand.uncalled.get(s.name, 0)
              for s in hand.seats}
    total = sum(totals.values())
    rake = 0
    if hand.reached_fourth and setup.tournament_id is None:
        rake = min(setup.rake_cap, total * setup.rake_percent // 100)
    pots = side_pots(totals, live, {n for n in live if table.players[n].all_in})
    amounts = [a for a, _ in pots]
    nets = _after_rake(amounts, rake)
    collects: _Collects = []
    no_low = False
    fault = hand.fault if hand.fault in _END_FAULTS else None
    if len(live) == 1:
        collects = [(live[0], net, index) for index, net in enumerate(nets)]
    else:
        hand.showdown = True
        for index, ((_, eligible), net) in enumerate(zip(pots, nets, strict=True)):
            winners = _winners(hand, eligible)
            no_low = no_low or (hand.game is Game.STUD8 and not winners[1] and index == 0)
            held = {name: hand.cards7(name) for name in eligible}
            collects.extend((name, chips, index)
                            for name, chips in split_shares(net, winners, held))
        shows = _show_hands(hand, {name for name, amount, _ in collects if amount > 0},
                            fault)
        collects = _misaward(hand, fault, collects, len(pots), shows)
    if fault == RuleCode.POT_NOT_BALANCED and len({n for n, _, _ in collects}) == 1 \
            and collects[-1][1] > 1:
        name, amount, index = collects[-1]
        collects[-1] = (name, amount - 1, index)
    won = _collect_lines(hand, collects, len(pots))
    if no_low and hand.showdown:
        hand.emit(Announcement(line=0, kind="no_low", text="No low hand qualified"))
    if not hand.showdown and hand.rng.random() < 0.6:
        hand.emit(NoShow(line=0, player=live[0]))
    hand.emit(SummaryStart(line=0))
    multi = len(pots) > 1
    hand.emit(PotSummary(line=0, total=total, main=nets[0] if multi else None,
                         sides=tuple(nets[1:]) if multi else (), rake=rake))
    if hand.common:
        hand.emit(BoardSummary(line=0, cards=(hand.common,)))
    _seat_summaries(hand, won)
    if fault is not None and hand.fault is not None:
        _locate(hand)
    return won


def _winners(hand: Hand, eligible: list[str]) -> Winners:
    if len(eligible) == 1:
        return (eligible[0],), ()
    return best_hands(GAMES[hand.game].ranking,
                      {name: hand.cards7(name) for name in eligible})


def _show_hands(hand: Hand, winners: set[str], fault: RuleCode | None) -> list[str]:
    """The showdown in the engine's order: winners show, the first to show does, a loser
    shows or mucks by style (with an end fault pending, everyone shows). A wrong-order
    fault swaps the first two shows when someone bet on 7th street."""
    table = hand.table
    hand.emit(ShowdownStart(line=0))
    table.in_showdown = True
    order, _, river_bet = showdown_order(table, hand.actions)
    shows: list[str] = []
    for name in order:
        must = name in winners or not shows or fault is not None
        if must or hand.rng.random() < hand.bots[name].style.show:
            shows.append(name)
    if fault == RuleCode.SHOWDOWN_WRONG_ORDER and len(shows) >= 2 and river_bet:
        shows[0], shows[1] = shows[1], shows[0]
    for name in shows:
        event = Show(line=0, player=name, cards=hand.shown(name),
                     description=describe(hand.game, hand.cards7(name)))
        hand.emit(event)
        cards.show(table, table.players[name], event, hand.cards_seen)
    for name in order:
        if name not in shows:
            hand.emit(Muck(line=0, player=name))
    return shows


def _misaward(hand: Hand, fault: RuleCode | None, collects: _Collects, pots: int,
              shows: list[str]) -> _Collects:
    """A pot-winner fault gives a single pot to a loser who showed; a split fault moves
    a third of one half to the other."""
    if fault == RuleCode.POT_WRONG_WINNER:
        winners = {name for name, amount, _ in collects if amount > 0}
        losers = [name for name in shows if name not in winners]
        if losers and pots == 1 and len({n for n, _, _ in collects}) == 1:
            return [(losers[0], a, i) for _, a, i in collects]
    if fault == RuleCode.POT_WRONG_SPLIT and pots == 1:
        names = [n for n, _, _ in collects]
        if len(set(names)) == 2 and len(names) == 2 and collects[1][1] > 2:
            shift = max(1, collects[1][1] // 3)
            return [(collects[0][0], collects[0][1] + shift, 0),
                    (collects[1][0], collects[1][1] - shift, 0)]
    return collects


def _collect_lines(hand: Hand, collects: _Collects, pots: int) -> dict[str, int]:
    """The collections, side pots (the last first) before the main pot; what each won."""
    won: dict[str, int] = {}
    multi = pots > 1
    for index in sorted({i for _, _, i in collects}, reverse=True):
        for name, amount, i in collects:
            if i != index:
                continue
            won[name] = won.get(name, 0) + amount
            if multi:
                kind = PotKind.MAIN if index == 0 else PotKind.SIDE
                pot_index = None if index == 0 or pots == 2 else index
            else:
                kind, pot_index = PotKind.POT, None
            hand.emit(Collect(line=0, player=name, amount=amount, pot=kind,
                              pot_index=pot_index))
    return won


def _locate(hand: Hand) -> None:
    """The end fault's line: where the engine, settling the hand as printed, finds
    exactly the fault's rule (each event's line is its index)."""
    ledger = Ledger()
    for index, event in enumerate(hand.events):
        if isinstance(event, UncalledReturned):
            ledger.uncalled[event.player] = ledger.uncalled.get(event.player, 0) + event.amount
            ledger.uncalled_lines.append(index)
        elif isinstance(event, Collect):
            ledger.collects.append(dataclasses.replace(event, line=index))
            ledger.collected[event.player] = (ledger.collected.get(event.player, 0)
                                              + event.amount)
        elif isinstance(event, Show):
            ledger.shows.append(event.player)
            ledger.show_lines.append((event.player, index))
        elif isinstance(event, PotSummary):
            ledger.pot_summary = dataclasses.replace(event, line=index)
    done = settle(hand.table, ledger, hand.actions, hand.header.started_at,
                  len(hand.events) - 1)
    checked = [f for f in done.findings if f.checked]
    if len(checked) == 1 and checked[0].rule == hand.fault:
        hand.mark(checked[0].line)


def _seat_summaries(hand: Hand, won: dict[str, int]) -> None:
    table = hand.table
    for s in hand.seats:
        name = s.name
        shown_cards = hand.shown(name)
        cards_text = " ".join(shown_cards)
        outcome: SeatOutcome
        street: Street | None = None
        amount = won.get(name)
        description: str | None = None
        shown: tuple[str, ...] = ()
        if s.folded:
            street = hand.folded_on[name]
            outcome = SeatOutcome.FOLDED
            where = "the River" if street is Street.SEVENTH else f"the {street.label} Street"
            text = f"folded on {where}"
            if street is Street.THIRD and not s.put_in.get(Street.THIRD, 0):
                text += " (didn't bet)"
        elif not hand.showdown:
            outcome = SeatOutcome.COLLECTED
            text = f"collected ({hand.money(amount or 0)})"
        elif table.players[name].shown:
            shown = shown_cards
            description = describe(hand.game, hand.cards7(name))
            if amount:
                outcome = SeatOutcome.SHOWED_WON
                text = (f"showed [{cards_text}] and won ({hand.money(amount)}) with "
                        f"{description}")
            else:
                outcome = SeatOutcome.SHOWED_LOST
                text = f"showed [{cards_text}] and lost with {description}"
                amount = None
        else:
            outcome = SeatOutcome.MUCKED
            shown = shown_cards
            text = f"mucked [{cards_text}]"
            amount = None
        hand.emit(SeatSummary(line=0, player=name, seat=s.seat, outcome=outcome,
                              street=street, cards=shown, won=amount,
                              description=description, text=f"Seat {s.seat}: {name} {text}"))


def _after_rake(amounts: list[int], rake: int) -> list[int]:
    """Each pot after its share of the rake (in proportion, largest remainders first)."""
    cut = shares(rake, dict(enumerate(amounts)))
    return [a - cut[i] for i, a in enumerate(amounts)]
