"""What the cards are worth while a hand is replayed: each known player's equity on each
street, and the hero's live and dead cards at each step.

**Equity per street** (:func:`street_equities`). At the deal of each street, the players
still in (not folded on an earlier street) hold the cards dealt to them so far; a player
is *known* when every one of those cards is known: the hero's, and those of a player who
showed at the end, each card put back on the street it was dealt on
(:func:`stud_hh.store.luck.hands`). Each known player's equity is
:func:`stud_hh.equity.equity` over the cards still to come: every other player still in
takes part with the up cards the table saw and random down cards, and every other card
seen dealt by then (the folded players' up cards) is dead. So it is the share of the pot
a player could expect with what the table showed at that moment, from the known hands'
point of view; it says nothing of the betting to come, nor of side pots. Counted exactly
up to :data:`~stud_hh.store.luck.EXACT_LIMIT` deals, else over :data:`SAMPLES` deals drawn
with the hand's own seed (:func:`~stud_hh.store.luck.hand_seed`: the same figures each
time the hand is shown). A street with no known player, or fewer than two players in,
has none; nor has a 7th street dealt as one common card.

**The hero's live and dead cards** (:func:`hero_cards`). In stud, a card another player
shows is out of the deck: *dead* to the hero. At each step, from the cards on the table
then, for each rank the hero holds, how many of its other cards are dead and how many are
still *live* (not seen anywhere); the same for each suit they hold; in a low game
(razz, stud hi/lo) how many cards of the low ranks they do not hold yet are live.

>>> step = {"cards": {"Hero": [{"card": "Kd", "up": False}, {"card": "Ks", "up": False},
...                            {"card": "7h", "up": True}],
...                   "Bob": [{"card": None, "up": False}, {"card": "Kc", "up": True}]},
...         "folded": [], "common": None}
>>> hero_cards(step, "Hero", Ranking.HIGH)  # doctest: +NORMALIZE_WHITESPACE
{'dead': ['Kc'], 'ranks': [['K', 2, 1, 1], ['7', 1, 0, 3]],
 'suits': [['d', 1, 0, 12], ['h', 1, 0, 12], ['s', 1, 0, 12]], 'low': None}
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from stud_hh.equity import EquityError, equity
from stud_hh.model.cards import RANKS
from stud_hh.replay import ActionKind, ReplayedHand
from stud_hh.rules import GAMES
from stud_hh.rules.games import Ranking
from stud_hh.store.luck import EXACT_LIMIT, hand_seed, hands

__all__ = ["SAMPLES", "hero_cards", "street_equities"]

SAMPLES = 10_000
"""Deals drawn for a street's equity above :data:`~stud_hh.store.luck.EXACT_LIMIT` (a
share's standard error at most half a percentage point)."""

_LOW_RANKS = {Ranking.LOW_A5: "A2345678", Ranking.HIGH_LOW_8: "A2345678",
              Ranking.LOW_27: "2345678"}
"""The ranks that make a low in each low game (8 or lower; 2-7 razz counts the ace high)."""

_HIGH_FIRST = RANKS[::-1]


def street_equities(replayed: ReplayedHand) -> list[dict[str, Any]]:
    """Each street's equity of the known players (see the module): ``street`` (its label),
    ``players`` (name: ``equity``, and in stud hi/lo ``high`` and ``low``: shares of the
    pot, 0..1), ``unknown`` (the players still in whose down cards are not known),
    ``exact`` and ``deals`` (how it was counted)."""
    hand = replayed.hand
    rules = GAMES[hand.header.game]
    seated = [s.name for s in hand.header.seats if s.name in replayed.nets]
    slots = hands(replayed, rules, seated)
    folded: dict[str, int] = {}
    for action in replayed.actions:
        if action.kind is ActionKind.FOLD and action.player not in folded:
            folded[action.player] = 0 if action.street is None else int(action.street)
    last = int(rules.streets[-1].street)
    seed = hand_seed(hand.header.site, hand.hand_id)
    out = []
    for rule in rules.streets:
        street = int(rule.street)
        live = [p for p in seated if folded.get(p, last) >= street]
        if street > replayed.dealt.last_street or len(live) < 2:
            break
        if street == last and replayed.dealt.common is not None:
            break
        cards = {p: [c for s, _, c in slots[p] if s <= street] for p in live}
        known = [p for p in live if cards[p] and None not in cards[p]]
        if not known:
            continue
        dead = [c for p, dealt in replayed.dealt.deals.items() if p not in live
                for s, _, c in dealt if s <= street and c is not None]
        try:
            result = equity([[c for c in cards[p] if c is not None] for p in live],
                            rules.game, dead, exact_limit=EXACT_LIMIT, samples=SAMPLES,
                            seed=seed)
        except (EquityError, ValueError):  # a damaged hand: a card dealt twice
            continue
        shares = dict(zip(live, result.shares, strict=True))
        hilo = rules.ranking is Ranking.HIGH_LOW_8
        out.append({
            "street": rule.street.label, "exact": result.exact, "deals": result.deals,
            "unknown": [p for p in live if p not in known],
            "players": {p: {"equity": round(shares[p].equity, 4)} | (
                {"high": round(float(shares[p].high), 4),
                 "low": round(float(shares[p].low), 4)} if hilo else {})
                for p in known},
        })
    return out


def hero_cards(step: dict[str, Any], hero: str | None, ranking: Ranking
               ) -> dict[str, Any] | None:
    """The hero's live and dead cards at ``step`` (a step of the view, with the table's
    ``cards``, ``folded`` and ``common``): ``dead``, the cards seen outside the hero's
    hand, high ranks first; ``ranks`` and ``suits``, ``[rank or suit, held, dead, live]``
    for each the hero holds (the most held first); ``low``, in a low game,
    ``[live, of]``: the live cards of the low ranks the hero does not hold, of how many
    such cards there are. ``None`` when the hero holds no known card or has folded."""
    slots = step["cards"].get(hero) if hero is not None else None
    mine = [slot["card"] for slot in slots or () if slot["card"]]
    if not mine or hero in step["folded"]:
        return None
    if step["common"]:
        mine.append(step["common"])
    seen = sorted({slot["card"] for name, others in step["cards"].items() if name != hero
                   for slot in others if slot["card"] and slot["card"] not in mine},
                  key=lambda card: (_HIGH_FIRST.index(card[0]), card[1]))
    out: dict[str, Any] = {"dead": seen}
    for key, kinds, whole in (("ranks", 0, 4), ("suits", 1, 13)):
        held = Counter(card[kinds] for card in mine)
        dead = Counter(card[kinds] for card in seen)
        order = sorted(held, key=lambda k: (-held[k], _HIGH_FIRST.find(k), k))
        out[key] = [[k, held[k], dead[k], whole - held[k] - dead[k]] for k in order]
    lows = _LOW_RANKS.get(ranking)
    if lows is None:
        out["low"] = None
    else:
        wanted = [r for r in lows if r not in {card[0] for card in mine}]
        dead_low = sum(1 for card in seen if card[0] in wanted)
        out["low"] = [4 * len(wanted) - dead_low, 4 * len(wanted)]
    return out
