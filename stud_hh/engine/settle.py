"""The end of a hand: uncalled bets, the balance, the showdown order, pots and awards.

:func:`settle` takes the table after its last event and what the history says about
the money (:class:`Ledger`: uncalled bets returned, collections, shows, the pot summary)
and checks it against the rules: the uncalled bet goes back exactly, the money balances,
hands are shown in order, every pot goes to its winners, split as the game and the
house profile say. Pots, winners and shares come from :mod:`stud_hh.rules.pots`.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from stud_hh.engine.betting import Action, ActionKind
from stud_hh.engine.cards import cards_of
from stud_hh.engine.findings import Finding, broke, unknown
from stud_hh.engine.table import Table
from stud_hh.model.events import Collect, PotKind, PotSummary, Street
from stud_hh.model.records import Record
from stud_hh.rules.pots import best_hands, halves, highest_card, shares, side_pots
from stud_hh.rules.printing import UncalledBet
from stud_hh.rules.profiles import OddChipTie, ShowdownFirst
from stud_hh.rules.violations import RuleCode


@dataclass(frozen=True, slots=True, kw_only=True)
class Pot(Record):
    """A main (index 0) or side pot: its chips before rake and who may win it."""

    index: int
    amount: int
    eligible: tuple[str, ...]
    winners_high: tuple[str, ...] = ()
    winners_low: tuple[str, ...] = ()
    collected: tuple[tuple[str, int], ...] = ()
    """What the history says each player collected from this pot."""


class Ledger:
    """What a history says about the money after the bets (a plain slotted class, made once
    a hand: a dataclass's generated ``__init__`` stays interpreted in the compiled build)."""

    __slots__ = ("collected", "collects", "pot_summary", "show_lines", "shows", "uncalled",
                 "uncalled_lines")

    def __init__(self) -> None:
        self.uncalled: dict[str, int] = {}
        self.uncalled_lines: list[int] = []
        self.collects: list[Collect] = []
        self.collected: dict[str, int] = {}
        self.shows: list[str] = []
        """Players who showed, in the order they showed."""
        self.show_lines: list[tuple[str, int]] = []
        """Shows of the final showdown, with their lines."""
        self.pot_summary: PotSummary | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Settled(Record):
    """What :func:`settle` derives: pots, rake, nets and what it found."""

    pots: tuple[Pot, ...]
    rake: int
    uncalled: dict[str, int]
    nets: dict[str, int]
    rake_shares: dict[str, int]
    contributions: dict[str, dict[Street | None, int]]
    findings: list[Finding]


def settle(table: Table, ledger: Ledger, actions: list[Action], started_at: datetime | None,
           last_line: int) -> Settled:
    """Check the end of the hand; ``last_line`` is where a finding with no line of its
    own is placed."""
    return _Settlement(table, ledger, actions, started_at, last_line).run()


def uncalled_due(table: Table) -> dict[str, int]:
    """What the rules return uncalled: the part of the last round's highest total that
    nobody matched, to whoever put it in (the simulator returns it after each round)."""
    players = table.players.values()
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


def showdown_order(table: Table, actions: Sequence[Action]) -> tuple[list[str], str, bool]:
    """The live players in the order they show (``table`` has at least one): the last to
    bet or raise on 7th street first, else the first to act there (seed 001), then
    clockwise; with the profile's ``side_pots_shown_first`` the deepest pot's players
    first. Also the rule that gives the order, and whether anyone bet on 7th street
    (with :attr:`~stud_hh.rules.ShowdownFirst.RIVER_BETTOR_ELSE_TOGETHER`, no order
    is due without a bet)."""
    live = table.live()
    aggressive = (ActionKind.BET, ActionKind.RAISE, ActionKind.COMPLETE)
    river = [a.player for a in actions if a.street is Street.SEVENTH and a.kind in aggressive]
    if river:
        start = river[-1]
        rule = "the last to bet or raise on 7th street shows first"
    else:
        firsts = [f.player for f in table.first_actors if f.street is Street.SEVENTH]
        start = firsts[0] if firsts else live[0]
        rule = "with no bet on 7th street the first to act there shows first"
    if start not in live:
        start = next((p for p in table.after(start) if p in live), live[0])
    order = [start] + [p for p in table.after(start) if p in live]
    if table.profile.side_pots_shown_first:  # the deepest pot's players first
        order.sort(key=lambda p: -sum(table.players[p].put_in.values()))
        rule += ", the last side pot's players before those all-in for less"
    return order, rule, bool(river)


def _pot_name(index: int, pots: int) -> str:
    """``the pot`` of a hand with one, else ``the main pot`` or ``side pot 2``."""
    if pots == 1:
        return "the pot"
    return "the main pot" if index == 0 else f"side pot {index}"


class _Settlement:
    def __init__(self, table: Table, ledger: Ledger, actions: list[Action],
                 started_at: datetime | None, last_line: int) -> None:
        self.table = table
        self.ledger = ledger
        self.actions = actions
        self.started_at = started_at
        self.last_line = last_line
        self.found: list[Finding] = []

    def run(self) -> Settled:
        table, ledger, found = self.table, self.ledger, self.found
        summary = ledger.pot_summary
        rake = summary.rake if summary else 0
        line = summary.line if summary else self.last_line
        if self.table.profile.prints.unprinted(self.started_at) and not ledger.uncalled_lines:
            # the site returns a bet nobody called without a line: return it by the rules
            ledger.uncalled.update(uncalled_due(self.table))
            if summary is not None:
                found.append(unknown(RuleCode.POT_UNCALLED_WRONG, line,
                                     "the history prints no uncalled bets"))
        totals = {name: sum(p.put_in.values()) for name, p in table.players.items()}
        """What each player put in, uncalled bets included."""
        put_in = sum(totals.values())
        returned = sum(ledger.uncalled.values())
        taken = sum(ledger.collected.values())
        if summary is None:
            # a site that prints no pot total, rake or uncalled bet (PartyPoker: a
            # winner's amount includes a bet nobody called): the rake is what was put
            # in and not taken back, and neither rule can be checked
            rake = max(put_in - returned - taken, 0)
            found.append(unknown(RuleCode.POT_NOT_BALANCED, line,
                                 "the history prints no pot total or rake"))
            found.append(unknown(RuleCode.POT_UNCALLED_WRONG, line,
                                 "the history prints no uncalled bets"))
        else:
            self._check_uncalled(line)
        self._check_showdown_order()
        pots = self._award(line, totals)
        if summary is not None and put_in - returned != taken + rake:
            # the balance last: a finding above (an uncalled bet kept, a pot given to
            # another player) is the cause of money that does not add up, not its consequence
            money = table.money
            found.append(broke(RuleCode.POT_NOT_BALANCED, line, None,
                               f"players put in {money(put_in - returned)} after uncalled "
                               f"bets; {money(taken)} was collected and the rake is "
                               f"{money(rake)}"))
        collected, uncalled = ledger.collected, ledger.uncalled
        nets = {name: collected.get(name, 0) + uncalled.get(name, 0) - totals[name]
                for name, p in table.players.items() if p.dealt}
        return Settled.make(
            pots=tuple(pots), rake=rake, uncalled=dict(uncalled), nets=nets,
            rake_shares=shares(rake, {p: collected.get(p, 0) for p in nets}),
            contributions={p.name: dict(p.put_in) for p in table.players.values() if p.dealt},
            findings=found)

    def _check_showdown_order(self) -> None:
        """Players show in the profile's order (see :class:`~stud_hh.rules.ShowdownFirst`),
        then clockwise; players who muck are skipped. A site that records no showing order
        (:attr:`~stud_hh.rules.Printing.showdown_order_recorded`) leaves it unverifiable."""
        table, show_lines = self.table, self.ledger.show_lines
        profile = table.profile
        live = table.live()
        if len(live) < 2 or len(show_lines) < 2:
            return
        if not profile.prints.showdown_order_recorded:
            self.found.append(unknown(RuleCode.SHOWDOWN_WRONG_ORDER, show_lines[0][1],
                                      "the site lists shown hands in an order of its own"))
            return
        order, rule, river_bet = showdown_order(table, self.actions)
        if not river_bet and profile.showdown_first is ShowdownFirst.RIVER_BETTOR_ELSE_TOGETHER:
            return  # checked down: the hands go over together
        rank = {p: i for i, p in enumerate(order)}
        shown = [(p, n) for p, n in show_lines if p in rank]
        for (before, _), (after, line) in itertools.pairwise(shown):
            if rank[after] < rank[before]:
                self.found.append(broke(RuleCode.SHOWDOWN_WRONG_ORDER, line, after,
                                        f"{after} shows after {before}; {rule}: "
                                        f"{', '.join(order)}"))
                return

    def _check_uncalled(self, line: int) -> None:
        """The uncalled part of the last bet goes back to the bettor, exactly."""
        ledger = self.ledger
        expected = uncalled_due(self.table)
        if self.table.profile.prints.uncalled is UncalledBet.IN_POT and not ledger.uncalled_lines:
            # the site leaves the bet in the pot it prints: its bettor must collect it
            short = [(p, a) for p, a in expected.items() if ledger.collected.get(p, 0) < a]
            if short:
                money = self.table.money
                self.found.append(broke(RuleCode.POT_UNCALLED_WRONG, line, None, "; ".join(
                    f"{p}'s uncalled bet of {money(a)} stays in the pot, but {p} collects "
                    f"only {money(ledger.collected.get(p, 0))}" for p, a in short)))
            return
        returned = {k: v for k, v in ledger.uncalled.items() if v}
        if expected != returned:
            where = ledger.uncalled_lines[0] if ledger.uncalled_lines else line
            self.found.append(broke(RuleCode.POT_UNCALLED_WRONG, where, None,
                                    f"uncalled bets returned: {self._to_whom(returned)}; "
                                    f"the rules return {self._to_whom(expected)}"))

    def _to_whom(self, amounts: dict[str, int]) -> str:
        """``$0.10 to Bob, $0.05 to Cid``, or ``none``."""
        money = self.table.money
        return ", ".join(f"{money(a)} to {p}" for p, a in amounts.items()) or "none"

    def _award(self, line: int, totals: dict[str, int]) -> list[Pot]:
        table, uncalled = self.table, self.ledger.uncalled
        live_players = [p for p in table.seated if p.live]
        pots = side_pots({name: total - uncalled.get(name, 0) for name, total in totals.items()},
                         [p.name for p in live_players],
                         {p.name for p in live_players if p.all_in})
        result: list[Pot] = []
        for index, (amount, eligible) in enumerate(pots):
            found = (self._winners(eligible) if len(live_players) > 1
                     else (tuple(eligible), ()))
            high, low = found if found is not None else ((), ())
            result.append(Pot.make(index=index, amount=amount, eligible=tuple(eligible),
                                   winners_high=high, winners_low=low, collected=()))
            if found is None:
                self.found.append(unknown(RuleCode.POT_WRONG_WINNER, line,
                                          f"{_pot_name(index, len(pots))}: not every "
                                          "contender's cards are shown"))
        self._check_awards(result, line)
        return result

    def _winners(self, eligible: list[str]) -> tuple[tuple[str, ...], tuple[str, ...]] | None:
        """(high winners, low winners) of a pot, or ``None`` when the cards are unknown."""
        players = self.table.players
        contenders = [p for p in eligible if players[p].shown or len(eligible) == 1]
        if len(eligible) == 1:
            return (tuple(eligible), ())
        if not contenders:
            return None
        hands: dict[str, list[str]] = {}
        for name in contenders:
            cards = cards_of(self.table, players[name])
            if cards is None:
                return None
            hands[name] = cards
        try:
            return best_hands(self.table.game.ranking, hands)
        except ValueError:  # cards the evaluator refuses (repeated ones): cannot be decided
            return None

    def _check_awards(self, pots: list[Pot], line: int) -> None:
        """Each pot must go to its winners, split as the game and the profile say."""
        collects = self.ledger.collects
        if len(pots) > 1 and collects and all(c.pot is PotKind.POT for c in collects):
            self._check_unnamed_awards(pots)
            return
        by_pot: dict[int, list[Collect]] = {}
        for collect in collects:
            if collect.pot is PotKind.SIDE:
                index = collect.pot_index if collect.pot_index is not None else 1
            else:
                index = 0
            by_pot.setdefault(min(index, len(pots) - 1), []).append(collect)
        for pot in pots:
            if not pot.winners_high and not pot.winners_low:
                continue  # unverifiable: recorded already
            mine = by_pot.get(pot.index, [])
            where = mine[0].line if mine else line
            took: dict[str, int] = {}
            for c in mine:
                took[c.player] = took.get(c.player, 0) + c.amount
            winners = set(pot.winners_high) | set(pot.winners_low)
            name = _pot_name(pot.index, len(pots))
            if {p for p, amount in took.items() if amount > 0} != winners:
                self.found.append(broke(RuleCode.POT_WRONG_WINNER, where, next(iter(took), None),
                                        f"{name} went to {', '.join(sorted(took)) or 'nobody'}; "
                                        f"the cards give it to {', '.join(sorted(winners))}"))
                continue
            self._check_split(pot, took, where, name)

    def _check_unnamed_awards(self, pots: list[Pot]) -> None:
        """Several pots, and collections that name none (one amount per player for all the
        pots together, as KingsClub prints them): who collected can be checked, how much
        of which pot each took cannot."""
        collects = self.ledger.collects
        took: dict[str, int] = {}
        for c in collects:
            took[c.player] = took.get(c.player, 0) + c.amount
        takers = {p for p, amount in took.items() if amount > 0}
        must: set[str] = set()  # the winners of every pot the cards decide
        may: set[str] = set()  # and whoever may have won a pot they do not decide
        for pot in pots:
            winners = set(pot.winners_high) | set(pot.winners_low)
            must |= winners
            may |= winners or set(pot.eligible)
        where = collects[0].line
        if not must <= takers <= may:
            missing = ", ".join(sorted(must - takers))
            self.found.append(broke(
                RuleCode.POT_WRONG_WINNER, where, next(iter(sorted(takers - may)), None),
                f"the pots went to {', '.join(sorted(takers)) or 'nobody'}; "
                + (f"the cards give one to {missing}" if missing else
                   f"the cards give none to {', '.join(sorted(takers - may))}")))
            return
        if len(takers) > 1:
            self.found.append(unknown(RuleCode.POT_WRONG_SPLIT, where,
                                      "the history names no pot in its collections: each "
                                      "player's share of each pot cannot be told apart"))

    def _check_split(self, pot: Pot, took: dict[str, int], line: int, name: str) -> None:
        """Halves for high and low, equal shares for ties, each odd chip where the profile's
        :attr:`~stud_hh.rules.Profile.odd_chip` says (to within a chip when the tied
        players' cards cannot order them)."""
        net = sum(took.values())
        if len(took) < 2:
            return
        odd_chip = self.table.profile.odd_chip
        expected: dict[str, tuple[int, int]] = {}  # least and most a player may get
        for winners, half in halves(net, (pot.winners_high, pot.winners_low), odd_chip.split):
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
                money = self.table.money
                share = money(least) if least == most else f"{money(least)} to {money(most)}"
                self.found.append(broke(
                    RuleCode.POT_WRONG_SPLIT, line, player,
                    f"{player} took {money(amount)} of {name} ({money(net)} after rake); their "
                    f"share is {share} (odd chip: {odd_chip.split.value} half first, then "
                    f"{odd_chip.tie.value.replace('_', ' ')})"))
                return

    def _odd_chip_order(self, winners: tuple[str, ...]) -> list[str] | None:
        """Tied winners in the order odd chips go to them, or ``None`` if it cannot be told."""
        table = self.table
        if len(winners) == 1:
            return list(winners)
        if table.profile.odd_chip.tie is OddChipTie.POSITION:
            return sorted(winners, key=table.seat_order.index)
        highest: dict[str, tuple[int, int]] = {}
        for player in winners:
            cards = cards_of(table, table.players[player])
            if not cards:
                self.found.append(unknown(RuleCode.POT_WRONG_SPLIT, self.last_line,
                                          "the odd chip goes by the highest card, and a tied "
                                          "player's cards are not all shown"))
                return None
            highest[player] = highest_card(cards)
        return sorted(winners, key=highest.__getitem__, reverse=True)
