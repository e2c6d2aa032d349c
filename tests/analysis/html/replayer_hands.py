"""The hands the replayer's tests step through, and the checks every view must pass.

Known hands: a corpus stud hand with a main and a side pot, a stud hi/lo hand split high
and low, the hand with a common card, a razz showdown; the simulated hands of
``sample_histories/injected/`` whose planted rule breaks are listed beside them.
:func:`assert_view_is_the_replay` checks a view against the replay's own numbers.
"""

from __future__ import annotations

import itertools
import json
from collections import Counter
from pathlib import Path
from typing import Any

from stud_hh.model.events import Collect, Deal, Muck, Show, UncalledReturned
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_file
from stud_hh.replay import ReplayedHand
from stud_hh.rules import GAMES

ROOT = Path(__file__).resolve().parents[3]
INJECTED = ROOT / "sample_histories" / "injected" / "stud_injected_0.10-0.20.txt"
SAMPLES = ROOT / "sample_histories"

KNOWN = {
    # name: (file under the corpus, hand id, what it shows)
    "side_pot": ("Stars/HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt",
                 "60974484959", "stud: a main and a side pot, all-in on 4th street"),
    "stud8": ("Stars/7-StudHL-USD-0.04-0.08-200911.Cardtest.txt", "35874676388",
              "stud hi/lo: a flush takes the high half, 7-6-5-4-3 the low"),
    "common": ("Stars/7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt", "30506593746",
               "stud: eight players, the common card 6h on 7th street"),
    "razz": ("Stars/_early2008/ps-studhilo-ring-showdown.txt", None, "razz, 2008 format"),
}


def find_hand(path: Path, hand_id: str | None = None, game: str | None = None) -> ParsedHand:
    """Hand ``hand_id`` of ``path`` (or its first hand of ``game``)."""
    for hand in parse_file(path):
        if isinstance(hand, ParsedHand) and (hand.hand_id == hand_id or (
                hand_id is None and hand.header.game.value == game)):
            return hand
    raise AssertionError(f"no hand {hand_id or game} in {path}")


def known_hand(corpus: Path, name: str) -> ParsedHand:
    file, hand_id, _ = KNOWN[name]
    return find_hand(corpus / file, hand_id, None if hand_id else name)


def planted() -> list[dict[str, Any]]:
    """The rule breaks planted in the injected sample: hand id, rule, line."""
    truth = INJECTED.with_name(INJECTED.name + ".truth.jsonl")
    return [json.loads(line) for line in truth.read_text(encoding="utf-8").splitlines()]


def last_line(step: dict[str, Any]) -> int:
    return max(step["lines"], default=0)


def assert_view_is_the_replay(replayed: ReplayedHand, view: dict[str, Any]) -> None:
    """Every step of ``view`` shows the replay's numbers: chips conserved, stacks per street
    as the replay's contributions, the pot after each step as the replay's actions so far,
    the final stacks as starting stack plus net, the cards as dealt, each violation once at
    its line, the chips in front of each player as the street's betting put them there;
    and the view is plain JSON."""
    assert json.loads(json.dumps(view, allow_nan=False)) == view
    steps = view["steps"]
    start = {s.name: s.stack for s in replayed.hand.header.seats}
    assert steps[0]["stacks"] == start
    assert steps[0]["pot"] == 0
    for step in steps:
        assert sum(start.values()) - sum(step["stacks"].values()) == step["pot"], step["label"]
    final = steps[-1]["stacks"]
    assert {p: final[p] - start[p] for p in replayed.nets if p in start} == {
        p: n for p, n in replayed.nets.items() if p in start}
    assert all(final[p] == start[p] for p in start if p not in replayed.nets)
    _assert_streets(replayed, steps, start)
    _assert_pots_as_actions(replayed, steps)
    _assert_cards(replayed, steps)
    _assert_violations(replayed, steps)
    _assert_fronts(steps)


def _assert_streets(replayed: ReplayedHand, steps: list[dict[str, Any]],
                    start: dict[str, int]) -> None:
    """What each player's stack loses on each street's actions is the replay's contribution."""
    lost: dict[str, Counter[str | None]] = {p: Counter() for p in start}
    before = steps[0]["stacks"]
    for step in steps:
        if step["kind"] in ("antes", "bring_in", "action"):
            for p in start:
                if before[p] != step["stacks"][p]:
                    lost[p][step["street"]] += before[p] - step["stacks"][p]
        before = step["stacks"]
    for p, streets in replayed.contributions.items():
        if p in start:
            expected = {(s.label if s is not None else None): a for s, a in streets.items() if a}
            assert {k: v for k, v in lost[p].items() if v} == expected, p


def _assert_pots_as_actions(replayed: ReplayedHand, steps: list[dict[str, Any]]) -> None:
    """What the pot gains or loses at each step is what the replay says the step's events
    moved: the antes' and each action's chips, an uncalled bet (printed or not), a
    collection; nothing at a deal or a show."""
    put: dict[tuple[int, str], list[int]] = {}
    for action in replayed.actions:
        put.setdefault((action.line, action.player), []).append(action.amount)
    back: dict[tuple[str, int, str], list[int]] = {}
    for e in replayed.hand.events:
        if isinstance(e, UncalledReturned | Collect):
            kind = "collect" if isinstance(e, Collect) else "uncalled"
            back.setdefault((kind, e.line, e.player), []).append(e.amount)
    antes = [a for a in replayed.actions if a.street is None]
    for before, step in itertools.pairwise(steps):
        kind, key = step["kind"], (step["line"], step["player"])
        if kind == "antes":
            moved = sum(a.amount for a in antes if a.line in step["lines"])
        elif kind in ("bring_in", "action"):
            moved = put[key].pop(0)
        elif kind in ("uncalled", "collect"):
            moved = -(back[(kind, *key)].pop(0) if step["line"] is not None
                      else replayed.uncalled[step["player"]])
        else:
            moved = 0
        assert step["pot"] - before["pot"] == moved, step["label"]
    assert not any(put.get((s["line"], s["player"])) for s in steps
                   if s["kind"] in ("bring_in", "action"))


def _assert_cards(replayed: ReplayedHand, steps: list[dict[str, Any]]) -> None:
    """Up cards as the deals print them, the door and 4th-street board as the replay noted,
    and a player still in holds every card the game deals by each street."""
    deals = [e for e in replayed.hand.events if isinstance(e, Deal)]
    rules = GAMES[replayed.hand.header.game]
    dealt_by: dict[str, int] = {}
    for rule in rules.streets:
        dealt_by[rule.street.label] = sum(r.cards for r in rules.streets
                                          if r.street <= rule.street)
    one_line = len({e.line for e in deals}) < len(deals)  # a PHH file: the deals share a line
    upto = 0
    for step in steps:
        upto = max(upto, last_line(step))  # a step of no line (an unprinted uncalled bet)
        if one_line and step is not steps[-1]:
            continue
        shown = {e.player for e in replayed.hand.events  # the cards a show reveals
                 if isinstance(e, Show | Muck) and e.line <= upto}
        for player, cards in step["cards"].items():
            ups = [c["card"] for c in cards if c["up"] and c["card"]]
            printed = [card for e in deals if e.player == player and e.line <= upto
                       for card, up in zip(e.cards, e.face_up, strict=False) if up and card]
            if player not in shown and step["kind"] != "result":
                assert ups == printed, (player, step["label"])
        if step["kind"] == "deal" and step["street"] in dealt_by:
            wanted = dealt_by[step["street"]] - (1 if step["common"] else 0)
            for player in replayed.nets:
                if player not in step["folded"] and player in step["cards"]:
                    assert len(step["cards"][player]) >= wanted, (player, step["label"])
    final = steps[-1]["cards"]
    for player, door in replayed.dealt.door.items():
        if door is not None and player in final:
            assert next(c["card"] for c in final[player] if c["up"]) == door


def _assert_violations(replayed: ReplayedHand, steps: list[dict[str, Any]]) -> None:
    """Each violation on one step: the one holding its line, else the last before it."""
    where: Counter[tuple[str, int, str]] = Counter()
    for step in steps:
        for v in step["violations"]:
            where[(v["rule"], v["line"], v["message"])] += 1
            holders = [s for s in steps if v["line"] in s["lines"]]
            assert step in holders if holders else (step["line"] or 0) <= v["line"]
    assert where == Counter((str(v.rule), v.line, v.message) for v in replayed.violations)


def _assert_fronts(steps: list[dict[str, Any]]) -> None:
    """The chips in front of a player are what the street's betting moved from their
    stack (an action's chips go there, the others' stay); an uncalled bet returned leaves
    the front; a deal, the showdown, a collection and the end sweep every front into the
    pot; nothing else moves them."""
    for before, step in itertools.pairwise(steps):
        front, was, player = step["front"], before["front"], step["player"]
        assert set(front) == set(step["stacks"]), step["label"]
        assert all(units >= 0 for units in front.values()), step["label"]
        kind = step["kind"]
        if kind in ("deal", "showdown", "collect", "result"):
            assert not any(front.values()), step["label"]
            continue
        changed = {p for p in front if front[p] != was[p]}
        if kind in ("bring_in", "action") and player in front:
            moved = before["stacks"][player] - step["stacks"][player]
            assert front[player] - was[player] == moved, step["label"]
            assert changed <= {player}, step["label"]
        elif kind == "uncalled" and player in front:
            back = step["stacks"][player] - before["stacks"][player]
            assert front[player] == max(was[player] - back, 0), step["label"]
            assert changed <= {player}, step["label"]
        else:
            assert not changed, step["label"]
