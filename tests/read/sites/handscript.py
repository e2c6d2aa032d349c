"""A scripted stud hand, played out by fixed-limit arithmetic, for the generated test hands.

The catalogues' test hands (``tests/read/sites/forms_winning.py``,
``tests/read/sites/forms_kingsclub.py``) are written from scripts: who sits where with what stack
and cards, and who does
what on each street (``"bring"``, ``"complete"``, ``"bet"``, ``"raise"``,
``"call"``, ``"check"``, ``"fold"``, ``"allin"``). :func:`play` works out every
amount from the stakes (a call matches the street's bet, a raise adds one bet, a
short stack goes all-in for what it has), the pots with their side pots, who
wins each (by :mod:`stud_hh.rules.evaluate`, high and low halves, the odd chip to the
low half) and the bet nobody called; each site's module renders the result in
its own words. So the text's amounts follow the stakes and balance by
construction, and the readers and the replay check everything else.

>>> hand = play(Script(game="stud", small_bet=4, big_bet=8, ante=1, bring_in=2,
...     seats=((1, "Ann", 100, ("Ah", "Kd", "2c", "3c", "4c", "5c", "6c")),
...            (2, "Bob", 100, ("Qh", "Qd", "9s", "9c", "Jd", "Jh", "8d"))),
...     streets=((("Ann", "bring"), ("Bob", "complete"), ("Ann", "fold")),)))
>>> hand.winners, hand.uncalled
({'Bob': 6}, {'Bob': 2})
>>> [(a.name, a.kind, a.added, a.total) for a in hand.actions if a.street == 3]
[('Ann', 'bring', 2, 2), ('Bob', 'complete', 4, 4), ('Ann', 'fold', 0, 2)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from stud_hh.rules.evaluate import high_rank, low8_rank, low27_rank, low_a5_rank

Seat = tuple[int, str, int, tuple[str, ...]]
"""Seat number, name, stack (in units) and the cards dealt, in the order dealt
(two down, the door card, 4th to 6th street up, 7th down)."""


@dataclass(frozen=True)
class Script:
    game: str
    """``stud``, ``stud8``, ``razz`` or ``razz27``."""
    small_bet: int
    big_bet: int
    ante: int
    bring_in: int
    seats: tuple[Seat, ...]
    streets: tuple[tuple[tuple[str, str], ...], ...]
    """For 3rd street on, each street's actions in order: (player, verb)."""
    rake: int = 0
    """Taken from the main pot."""
    hero: str | None = None
    """The player whose down cards the history shows (default: nobody's)."""
    short_antes: tuple[str, ...] = ()
    """Players all-in for their ante (their stack is smaller than it)."""


@dataclass(frozen=True)
class Action:
    street: int
    name: str
    kind: str
    """``ante``, ``bring``, ``complete``, ``bet``, ``raise``, ``call``, ``check``, ``fold``."""
    added: int
    total: int
    """The player's total on the street after the action."""
    all_in: bool = False


@dataclass(frozen=True)
class Pot:
    amount: int
    """After rake."""
    eligible: tuple[str, ...]
    shares: dict[str, int]
    high: tuple[str, ...]
    low: tuple[str, ...]


@dataclass
class Played:
    script: Script
    actions: list[Action] = field(default_factory=list)
    folded: list[str] = field(default_factory=list)
    fold_street: dict[str, int] = field(default_factory=dict)
    put_in: dict[str, int] = field(default_factory=dict)
    """Each player's chips in, antes included, before any bet comes back."""
    by_street: dict[str, dict[int, int]] = field(default_factory=dict)
    uncalled: dict[str, int] = field(default_factory=dict)
    pots: list[Pot] = field(default_factory=list)
    winners: dict[str, int] = field(default_factory=dict)
    """What each winner collects, all pots together."""
    last_street: int = 3
    showdown: bool = False
    show_order: list[str] = field(default_factory=list)

    @property
    def names(self) -> list[str]:
        return [s[1] for s in self.script.seats]

    def cards(self, name: str) -> tuple[str, ...]:
        return next(s[3] for s in self.script.seats if s[1] == name)

    def stack(self, name: str) -> int:
        return next(s[2] for s in self.script.seats if s[1] == name)

    def end_stack(self, name: str) -> int:
        return (self.stack(name) - self.put_in.get(name, 0) + self.uncalled.get(name, 0)
                + self.winners.get(name, 0))

    def net(self, name: str) -> int:
        return self.end_stack(name) - self.stack(name)

    def dealt(self, street: int) -> list[str]:
        """Players dealt a card on ``street``: everyone not folded before it."""
        return [n for n in self.names if self.fold_street.get(n, 99) >= street]

    def pot_before(self, street: int) -> int:
        """The chips in before ``street`` began (antes and earlier streets)."""
        return sum(self.by_street[n].get(s, 0) for n in self.names for s in self.by_street[n]
                   if s < street)


def play(script: Script) -> Played:
    """Every amount, pot and winner of ``script``."""
    hand = Played(script)
    stacks = {s[1]: s[2] for s in script.seats}
    hand.put_in = dict.fromkeys(stacks, 0)
    hand.by_street = {n: {} for n in stacks}

    def put(name: str, street: int, amount: int) -> None:
        stacks[name] -= amount
        hand.put_in[name] += amount
        hand.by_street[name][street] = hand.by_street[name].get(street, 0) + amount

    for _, name, _, _ in script.seats:
        amount = min(script.ante, stacks[name])
        put(name, 2, amount)  # street 2: the antes
        hand.actions.append(Action(2, name, "ante", amount, amount, stacks[name] == 0))
    for index, actions in enumerate(script.streets):
        street = 3 + index
        hand.last_street = street
        size = script.small_bet if street <= 4 else script.big_bet
        totals: dict[str, int] = {}
        bet_to = 0
        for name, verb in actions:
            mine = totals.get(name, 0)
            kind = verb
            if verb == "bring":
                to = script.bring_in
            elif verb == "complete":
                to = script.small_bet
            elif verb == "bet":
                to = size
            elif verb == "raise":
                to = bet_to + size
            elif verb == "call":
                to = bet_to
            elif verb == "allin":
                to = mine + stacks[name]
                kind = ("bring" if street == 3 and bet_to == 0 else "call" if to <= bet_to
                        else "bet" if bet_to == 0 else "raise")
            elif verb in ("check", "fold"):
                if verb == "fold":
                    hand.folded.append(name)
                    hand.fold_street[name] = street
                hand.actions.append(Action(street, name, verb, 0, mine))
                continue
            else:
                raise ValueError(f"unknown verb {verb!r}")
            added = min(to - mine, stacks[name])
            put(name, street, added)
            totals[name] = mine + added
            if kind != "call":
                bet_to = max(bet_to, totals[name])
            hand.actions.append(Action(street, name, kind, added, totals[name],
                                       stacks[name] == 0))
    _finish(hand)
    return hand


def _finish(hand: Played) -> None:
    script = hand.script
    live = [n for n in hand.names if n not in hand.folded]
    # the bet nobody called: the excess of the last round with money in it
    last = max((s for n in hand.names for s, v in hand.by_street[n].items() if v), default=2)
    on_last = sorted(((n, hand.by_street[n].get(last, 0)) for n in hand.names),
                     key=lambda kv: -kv[1])
    if len(on_last) > 1 and on_last[0][1] > on_last[1][1]:
        top, amount = on_last[0]
        hand.uncalled[top] = amount - on_last[1][1]
    totals = {n: hand.put_in[n] - hand.uncalled.get(n, 0) for n in hand.names}
    levels = sorted({totals[n] for n in live})
    previous = 0
    for level in levels:
        amount = sum(min(totals[n], level) - min(totals[n], previous) for n in hand.names)
        eligible = tuple(n for n in live if totals[n] >= level)
        previous = level
        if amount == 0:
            continue
        if not hand.pots:
            amount -= script.rake
        hand.pots.append(_award(script.game, amount, eligible, hand))
    hand.showdown = len(live) > 1
    for pot in hand.pots:
        for name, share in pot.shares.items():
            hand.winners[name] = hand.winners.get(name, 0) + share
    if hand.showdown:
        hand.show_order = _show_order(hand, live)


def _award(game: str, amount: int, eligible: Sequence[str], hand: Played) -> Pot:
    if len(eligible) == 1:
        return Pot(amount, tuple(eligible), {eligible[0]: amount}, tuple(eligible), ())
    cards = {n: list(hand.cards(n)) for n in eligible}
    if game == "razz":
        best = min(low_a5_rank(c) for c in cards.values())
        high = tuple(n for n in eligible if low_a5_rank(cards[n]) == best)
        return _split(amount, high, (), eligible)
    if game == "razz27":
        best = min(low27_rank(c) for c in cards.values())
        high = tuple(n for n in eligible if low27_rank(cards[n]) == best)
        return _split(amount, high, (), eligible)
    top = max(high_rank(c) for c in cards.values())
    high = tuple(n for n in eligible if high_rank(cards[n]) == top)
    low: tuple[str, ...] = ()
    if game == "stud8":
        lows = {n: low8_rank(cards[n]) for n in eligible}
        qualified = [v for v in lows.values() if v is not None]
        if qualified:
            best_low = min(qualified)
            low = tuple(n for n in eligible if lows[n] == best_low)
    return _split(amount, high, low, eligible)


def _split(amount: int, high: tuple[str, ...], low: tuple[str, ...],
           eligible: Sequence[str]) -> Pot:
    shares: dict[str, int] = {}
    halves: tuple[tuple[int, tuple[str, ...]], ...]
    if low:
        low_half = amount - amount // 2  # the odd chip to the low half
        halves = ((amount // 2, high), (low_half, low))
    else:
        halves = ((amount, high),)
    for half, who in halves:
        if len(who) != 1:
            raise ValueError(f"a tie for a half pot in a script: {who}")
        shares[who[0]] = shares.get(who[0], 0) + half
    return Pot(amount, tuple(eligible), shares, high, low)


def _show_order(hand: Played, live: list[str]) -> list[str]:
    """The last to bet or raise on the last street shows first, then clockwise; with no
    bet, the first to act there."""
    last = [a for a in hand.actions if a.street == hand.last_street]
    aggressive = [a.name for a in last if a.kind in ("bet", "raise", "complete", "bring")]
    start = aggressive[-1] if aggressive else (last[0].name if last else live[0])
    order = hand.names
    i = order.index(start)
    rotated = order[i:] + order[:i]
    return [n for n in rotated if n in live]
