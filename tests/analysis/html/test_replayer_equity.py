"""Each known player's equity on each street, and the hero's live and dead cards, as the
replayer's view gives them: checked on every corpus hand and a sample of the simulated
ones against what the hand itself says (who was still in, who won the showdown) and
against counts made card by card."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from replayer_hands import SAMPLES, known_hand

from stud_hh.analysis.html.replayer import hand_view
from stud_hh.analysis.html.replayer_equity import hero_cards, street_equities
from stud_hh.model.cards import ALL_CARDS
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_file
from stud_hh.replay import ActionKind, ReplayedHand, replay
from stud_hh.rules import GAMES
from stud_hh.rules.games import Ranking

STREETS = ("3rd", "4th", "5th", "6th", "7th")


def _hands(corpus: Path) -> Iterator[ParsedHand]:
    for path in sorted(p for p in corpus.rglob("*") if p.is_file()):
        yield from (h for h in parse_file(path) if isinstance(h, ParsedHand))
    for path in sorted(SAMPLES.glob("*.txt")):
        yield from [h for h in parse_file(path) if isinstance(h, ParsedHand)][::25]


@pytest.fixture(scope="module")
def replayed(corpus: Path) -> list[tuple[ReplayedHand, dict[str, Any]]]:
    out = []
    for hand in _hands(corpus):
        r = replay(hand)
        out.append((r, hand_view(r)))
    return out


def _folded_on(r: ReplayedHand) -> dict[str, int]:
    folded: dict[str, int] = {}
    for a in r.actions:
        if a.kind is ActionKind.FOLD and a.player not in folded:
            folded[a.player] = 0 if a.street is None else int(a.street)
    return folded


def test_each_street_gives_the_players_still_in_a_share_of_the_pot(
        replayed: list[tuple[ReplayedHand, dict[str, Any]]]) -> None:
    """Streets in order; only players still in at the street's deal, every live player
    either known or unknown; shares between 0 and 1, adding up to the whole pot when no
    player still in is unknown; hi/lo shares the sum of their halves."""
    with_equity = 0
    for r, view in replayed:
        folded = _folded_on(r)
        streets = [e["street"] for e in view["equity"]]
        assert streets == sorted(streets, key=STREETS.index), view["key"]
        for e in view["equity"]:
            street = STREETS.index(e["street"]) + 3
            live = {p for p in r.nets if folded.get(p, 7) >= street}
            assert set(e["players"]) | set(e["unknown"]) == live, (view["key"], e)
            assert not set(e["players"]) & set(e["unknown"])
            shares = [s["equity"] for s in e["players"].values()]
            assert all(0 <= s <= 1 for s in shares)
            assert sum(shares) <= 1.0005
            if not e["unknown"]:
                assert sum(shares) == pytest.approx(1, abs=5e-4), (view["key"], e)
            for s in e["players"].values():
                if "high" in s:
                    assert s["high"] + s["low"] == pytest.approx(s["equity"], abs=2e-4)
            with_equity += 1
    assert with_equity > 200


def test_the_last_street_of_a_showdown_is_the_showdowns_result(
        replayed: list[tuple[ReplayedHand, dict[str, Any]]]) -> None:
    """With every card known on 7th street, each share is what the showdown gave: the
    pot to its winners, halves in hi/lo (hands of one pot among every live player): the
    cards are put on the streets they were dealt on."""
    checked = 0
    for r, view in replayed:
        last = view["equity"][-1] if view["equity"] else None
        pots = [p for p in r.pots if p.amount > 0]
        if (last is None or last["street"] != "7th" or last["unknown"] or len(pots) != 1
                or set(pots[0].eligible) != set(last["players"])):
            continue
        high, low = pots[0].winners_high, pots[0].winners_low
        for name, share in last["players"].items():
            expected = ((name in high) / len(high) * (0.5 if low else 1.0) if high else 0.0)
            expected += (name in low) * 0.5 / len(low) if low else 0.0
            assert share["equity"] == pytest.approx(expected, abs=1e-4), (view["key"], name)
        checked += 1
    assert checked > 30


def test_the_same_hand_gives_the_same_figures(corpus: Path) -> None:
    hand = known_hand(corpus, "side_pot")
    first = street_equities(replay(hand))
    assert first == street_equities(replay(hand))
    assert [e["street"] for e in first][:2] == ["3rd", "4th"]
    assert first[0]["deals"] > 0


def _cards(slots: list[dict[str, Any]]) -> list[str]:
    return [s["card"] for s in slots if s["card"]]


def test_the_heros_live_and_dead_cards_count_every_card_seen(
        replayed: list[tuple[ReplayedHand, dict[str, Any]]]) -> None:
    """At every step, the dead cards are those seen in the other hands; a rank's or a
    suit's live cards are those of the deck neither the hero's nor seen; in a low game,
    the live cards of the low ranks the hero does not hold."""
    seen_steps = 0
    for r, view in replayed:
        hero = view["hero"]
        ranking = GAMES[r.hand.header.game].ranking
        for step in view["steps"]:
            live = step["hero_cards"]
            mine = _cards(step["cards"].get(hero, [])) + ([step["common"]]
                                                          if step["common"] else [])
            if hero is None or hero in step["folded"] or not _cards(step["cards"].get(hero, [])):
                assert live is None
                continue
            dead = {c for name, slots in step["cards"].items() if name != hero
                    for c in _cards(slots)} - set(mine)
            assert set(live["dead"]) == dead
            assert len(live["dead"]) == len(dead)
            unseen = ALL_CARDS - dead - set(mine)
            for kind, entries in ((0, live["ranks"]), (1, live["suits"])):
                assert {e[0] for e in entries} == {c[kind] for c in mine}
                for key, held, dead_n, live_n in entries:
                    assert held == sum(c[kind] == key for c in mine)
                    assert dead_n == sum(c[kind] == key for c in dead)
                    assert live_n == sum(c[kind] == key for c in unseen)
            lows = {Ranking.LOW_A5: "A2345678", Ranking.HIGH_LOW_8: "A2345678",
                    Ranking.LOW_27: "2345678"}.get(ranking)
            if lows is None:
                assert live["low"] is None
            else:
                wanted = set(lows) - {c[0] for c in mine}
                assert live["low"] == [sum(c[0] in wanted for c in unseen), 4 * len(wanted)]
            seen_steps += 1
    assert seen_steps > 1000


def test_a_hero_with_no_known_card_or_folded_has_none() -> None:
    step = {"cards": {"Ann": [{"card": None, "up": False}], "Bob": [{"card": "Kd", "up": True}]},
            "folded": ["Bob"], "common": None}
    assert hero_cards(step, "Ann", Ranking.HIGH) is None
    assert hero_cards(step, "Bob", Ranking.HIGH) is None
    assert hero_cards(step, None, Ranking.HIGH) is None
    assert hero_cards(step, "Zed", Ranking.HIGH) is None
