"""The table of the visual replayer at one moment: stacks, pot, cards, folds, hand names.

The replayer's steps (:mod:`stud_hh.analysis.html.replayer_steps`) move a :class:`TableState`
forward event by event with the amounts the replay computed, and take a
:meth:`~TableState.snapshot` after each step. Cards are kept per player as slots in
dealing order, each face up or down; a card the history never printed (another
player's down card) is a slot with no card, filled in when the player shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from contextlib import suppress
from typing import Any

from stud_hh.analysis.report import money
from stud_hh.model.cards import MaybeCard
from stud_hh.model.events import Deal, Street
from stud_hh.replay import ReplayedHand
from stud_hh.rules import GAMES, StreetRule
from stud_hh.rules.names import hand_names

Slot = list[Any]
"""``[card or None, face up]``: one card of a player's hand as the table sees it."""


class TableState:
    """Stacks, pot, cards, folds and hand names while a replayed hand is stepped through."""

    def __init__(self, replayed: ReplayedHand) -> None:
        header = replayed.hand.header
        self.replayed = replayed
        self.game = GAMES[header.game]
        self.stacks = {seat.name: seat.stack for seat in header.seats}
        self.pot = 0
        self.front = dict.fromkeys(self.stacks, 0)
        """Each player's chips in front of them: put in on this street's betting, not yet
        swept into the middle (the antes go straight in)."""
        self.folded: set[str] = set()
        self.cards: dict[str, list[Slot]] = {}
        self.common: MaybeCard = None
        self.names: dict[str, dict[str, str | None]] = {}
        self._money: dict[int, str] = {}
        self._marks: dict[str, int] = {}

    def money(self, units: int) -> str:
        """``units`` as the hand's site prints them (cached: a view prints many)."""
        text = self._money.get(units)
        if text is None:
            text = self._money[units] = money(self.replayed, units)
        return text

    # -- money -------------------------------------------------------------------------
    def put_in(self, player: str, amount: int) -> None:
        """``player`` puts ``amount`` into the pot (an ante, a bet, a call)."""
        if player in self.stacks:
            self.stacks[player] -= amount
            self.pot += amount

    def bet(self, player: str, amount: int) -> None:
        """``player`` puts ``amount`` in on the street's betting: in front of them."""
        if player in self.stacks:
            self.put_in(player, amount)
            self.front[player] += amount

    def sweep(self) -> None:
        """The chips in front of the players go into the middle (a street ends)."""
        self.front = dict.fromkeys(self.front, 0)

    def take_out(self, player: str, amount: int) -> None:
        """``amount`` leaves the pot for ``player`` (an uncalled bet, a collection)."""
        if player in self.stacks:
            self.stacks[player] += amount
            self.pot -= amount
            self.front[player] = max(self.front[player] - amount, 0)

    # -- cards -------------------------------------------------------------------------
    def rule(self, street: Street) -> StreetRule | None:
        try:
            return self.game.street(street)
        except ValueError:
            return None

    def begin_street(self) -> None:
        """A street's dealing begins: what each player holds so far is marked."""
        self._marks = {name: len(slots) for name, slots in self.cards.items()}

    def deal(self, event: Deal) -> None:
        """The cards ``event`` deals, as printed (face up or down, ``None`` unreadable)."""
        if event.player in self.stacks:
            self.cards.setdefault(event.player, []).extend(
                [card, up] for card, up in zip(event.cards, event.face_up, strict=False))

    def finish_street(self, street: Street, players: Iterable[str]) -> None:
        """The street's dealing is over: each of ``players`` still in gets, as unknown
        slots, the cards of the street the history did not print (another player's down
        cards; every card where the site prints no opponent's), down cards first."""
        rule = self.rule(street)
        if rule is None:
            return
        for name in players:
            if name not in self.stacks or name in self.folded:
                continue
            slots = self.cards.setdefault(name, [])
            mark = self._marks.get(name, 0)
            new = slots[mark:]
            downs = (rule.cards - rule.up_cards) - sum(not up for _, up in new)
            ups = rule.up_cards - sum(bool(up) for _, up in new)
            slots[mark:] = ([[None, False] for _ in range(max(downs, 0))] + new
                            + [[None, True] for _ in range(max(ups, 0))])

    def reveal(self, player: str, shown: Sequence[MaybeCard]) -> None:
        """``player`` shows ``shown``: each card not yet seen fills the next unknown slot
        (a player with no slots gets the game's dealing pattern)."""
        if player not in self.stacks:
            return
        slots = self.cards.setdefault(player, [])
        known = {card for card, _ in slots if card is not None}
        new = [c for c in shown if c is not None and c not in known and c != self.common]
        for slot in slots:
            if slot[0] is None and new:
                slot[0] = new.pop(0)
        pattern = [up for rule in self.game.streets for up in rule.face_up]
        for card in new:
            up = pattern[len(slots)] if len(slots) < len(pattern) else False
            slots.append([card, up])

    def name_hand(self, player: str, said: str | None = None) -> None:
        """Name ``player``'s best hands (high and low, as the game plays) when every card
        is known; ``said`` is the site's own description."""
        cards = [card for card, _ in self.cards.get(player, ())]
        if self.common is not None:
            cards.append(self.common)
        high = low = None
        known = [c for c in cards if c is not None]
        if len(known) == len(cards) and 5 <= len(set(known)) == len(known) <= 7:
            with suppress(ValueError):  # a card the evaluator refuses
                high, low = hand_names(self.game.ranking, known)
        if high or low or said:
            self.names[player] = {"high": high, "low": low, "said": said}

    # -- a moment ----------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The table after a step, as JSON-able values."""
        return {
            "pot": self.pot, "pot_text": self.money(self.pot),
            "stacks": dict(self.stacks),
            "stack_texts": {name: self.money(units) for name, units in self.stacks.items()},
            "front": dict(self.front),
            "front_texts": {name: self.money(units) for name, units in self.front.items()},
            "cards": {name: [{"card": card, "up": bool(up)} for card, up in slots]
                      for name, slots in self.cards.items()},
            "folded": sorted(self.folded),
            "common": self.common,
            "names": {name: dict(names) for name, names in self.names.items()},
        }
