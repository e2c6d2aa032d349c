"""Promise: the equity columns hold each live player's expected share of the pots when the
hand's last chips went in, from the cards then known and every card seen dead, per pot
among its own players, and ``ev_net`` shares out what the live players collected by it.

Checked on handwritten hands whose equity is counted by hand (a flush draw against
aces, a low draw against a full house) or by a brute force written here (razz), on
hands where nothing is left to come (the showdown's 0, a half, 1), on side pots of
three players (against :func:`stud_hh.equity.equity`, itself held to a brute force in
``tests/test_equity.py``, on the cards each pot is played with), on hands the text
hides (no equity), and over the whole corpus (shares within 0..1 adding up to a pot,
``ev_net`` adding up to the hand's ``net``).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from itertools import combinations
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from test_violations import ALLIN, BASE

from stud_hh import parse_hand
from stud_hh.equity import equity
from stud_hh.model.cards import ALL_CARDS
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_file
from stud_hh.replay import replay
from stud_hh.store import luck
from stud_hh.store.database import Database, open_db
from stud_hh.store.facts import hand_rows
from stud_hh.store.ingest.run import import_paths

Rows = dict[str, dict[str, Any]]

# Ann's aces against Bob's four hearts, Bob all-in on 6th; Cid folded an up heart on 4th.
# Bob wins only with a heart: 13 - 4 (his) - 1 (Cid's, dead) = 8 of the 38 cards unseen.
SIXTH = """\
PokerStars Hand #300000000101:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/03/14 17:00:00 ET
Table 'Test' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($0.62 in chips)
Seat 3: Cid ($10 in chips)
Ann: posts the ante $0.02
Bob: posts the ante $0.02
Cid: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [As Ad Kc]
Dealt to Bob [Jh]
Dealt to Cid [8h]
Cid: brings in for $0.05
Ann: raises $0.05 to $0.10
Bob: calls $0.10
Cid: calls $0.05
*** 4th STREET ***
Dealt to Ann [As Ad Kc] [Qd]
Dealt to Bob [Jh] [9h]
Dealt to Cid [8h] [Tc]
Ann: bets $0.10
Bob: calls $0.10
Cid: folds
*** 5th STREET ***
Dealt to Ann [As Ad Kc Qd] [7s]
Dealt to Bob [Jh 9h] [6h]
Ann: bets $0.20
Bob: calls $0.20
*** 6th STREET ***
Dealt to Ann [As Ad Kc Qd 7s] [3c]
Dealt to Bob [Jh 9h 6h] [Ks]
Ann: bets $0.20
Bob: calls $0.20 and is all-in
*** RIVER ***
Dealt to Ann [As Ad Kc Qd 7s 3c] [5d]
*** SHOW DOWN ***
Ann: shows [As Ad Kc Qd 7s 3c 5d] (a pair of Aces)
Bob: shows [2h 4d Jh 9h 6h Ks 8c] (high card King)
Ann collected $1.30 from pot
*** SUMMARY ***
Total pot $1.36 | Rake $0.06
Seat 1: Ann showed [As Ad Kc Qd 7s 3c 5d] and won ($1.30) with a pair of Aces
Seat 2: Bob showed [2h 4d Jh 9h 6h Ks 8c] and lost with high card King
Seat 3: Cid folded on the 4th Street
"""

# The same draw in stud hi/lo where nobody can make a low: all to the high.
NO_LOW = (SIXTH.replace("7 Card Stud Limit", "7 Card Stud Hi/Lo Limit")
          .replace("7s", "Ts").replace("3c", "9c").replace("4d", "4c")
          .replace("(a pair of Aces)", "(HI: a pair of Aces)")
          .replace("(high card King)", "(HI: high card King)")
          .replace("with a pair of Aces", "with HI: a pair of Aces"))

# Stud hi/lo, Ann all-in on 5th with A-2-3-7 against Bob's full house: Ann gets half the
# pot when one of her two cards is a 4, 5, 6 or 8 (15 of the 40 unseen: Cid's 8d is
# dead), 1 - C(25, 2) / C(40, 2) = 8/13 of the time; Bob takes the high always.
FIFTH_HILO = """\
PokerStars Hand #300000000102:  7 Card Stud Hi/Lo Limit ($0.10/$0.20 USD) - 2026/03/14 17:05:00 ET
Table 'Test' 8-max
Seat 1: Ann ($0.42 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cid ($10 in chips)
Ann: posts the ante $0.02
Bob: posts the ante $0.02
Cid: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [As 2d 3c]
Dealt to Bob [Qc]
Dealt to Cid [8d]
Ann: brings in for $0.05
Bob: raises $0.05 to $0.10
Cid: calls $0.10
Ann: calls $0.05
*** 4th STREET ***
Dealt to Ann [As 2d 3c] [7h]
Dealt to Bob [Qc] [9d]
Dealt to Cid [8d] [Th]
Bob: bets $0.10
Cid: folds
Ann: calls $0.10
*** 5th STREET ***
Dealt to Ann [As 2d 3c 7h] [Kd]
Dealt to Bob [Qc 9d] [9s]
Bob: bets $0.20
Ann: calls $0.20 and is all-in
*** 6th STREET ***
Dealt to Ann [As 2d 3c 7h Kd] [5s]
Dealt to Bob [Qc 9d 9s] [2c]
*** RIVER ***
Dealt to Ann [As 2d 3c 7h Kd 5s] [6d]
*** SHOW DOWN ***
Ann: shows [As 2d 3c 7h Kd 5s 6d] (HI: high card Ace; LO: 6,5,3,2,A)
Bob: shows [Qs Qh Qc 9d 9s 2c Jc] (HI: a full house, Queens full of Nines)
Bob collected $0.46 from pot
Ann collected $0.46 from pot
*** SUMMARY ***
Total pot $0.96 | Rake $0.04
Seat 1: Ann showed [As 2d 3c 7h Kd 5s 6d] and won ($0.46) with HI: high card Ace; LO: 6,5,3,2,A
Seat 2: Bob showed [Qs Qh Qc 9d 9s 2c Jc] and won ($0.46) with HI: Queens full of Nines
Seat 3: Cid folded on the 4th Street
"""

# Stud hi/lo, a bet and a call on the river: the showdown's halves.
RIVER_SPLIT = """\
PokerStars Hand #300000000103:  7 Card Stud Hi/Lo Limit ($0.10/$0.20 USD) - 2026/03/14 17:09:00 ET
Table 'Test' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Ann: posts the ante $0.02
Bob: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [As 2d Kc]
Dealt to Bob [3h]
Bob: brings in for $0.05
Ann: calls $0.05
*** 4th STREET ***
Dealt to Ann [As 2d Kc] [Kh]
Dealt to Bob [3h] [4h]
Ann: checks
Bob: checks
*** 5th STREET ***
Dealt to Ann [As 2d Kc Kh] [Qs]
Dealt to Bob [3h 4h] [7d]
Ann: checks
Bob: checks
*** 6th STREET ***
Dealt to Ann [As 2d Kc Kh Qs] [Jd]
Dealt to Bob [3h 4h 7d] [8s]
Ann: checks
Bob: checks
*** RIVER ***
Dealt to Ann [As 2d Kc Kh Qs Jd] [9s]
Ann: bets $0.20
Bob: calls $0.20
*** SHOW DOWN ***
Ann: shows [As 2d Kc Kh Qs Jd 9s] (HI: a pair of Kings)
Bob: shows [Tc Td 3h 4h 7d 8s 5c] (HI: a pair of Tens; LO: 8,7,5,4,3)
Bob collected $0.27 from pot
Ann collected $0.27 from pot
*** SUMMARY ***
Total pot $0.54 | Rake $0
Seat 1: Ann showed [As 2d Kc Kh Qs Jd 9s] and won ($0.27) with HI: a pair of Kings
Seat 2: Bob showed [Tc Td 3h 4h 7d 8s 5c] and won ($0.27) with HI: a pair of Tens; LO: 8,7,5,4,3
"""

# Razz, Bob all-in on 6th: Ann's made 8-low against Bob's 10-low and his draw to a 7.
RAZZ_SIXTH = """\
PokerStars Hand #300000000104:  Razz Limit ($0.10/$0.20 USD) - 2026/03/14 17:12:00 ET
Table 'Test' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($0.62 in chips)
Seat 3: Cid ($10 in chips)
Ann: posts the ante $0.02
Bob: posts the ante $0.02
Cid: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [As 2d 3c]
Dealt to Bob [6c]
Dealt to Cid [Kh]
Cid: brings in for $0.05
Ann: raises $0.05 to $0.10
Bob: calls $0.10
Cid: calls $0.05
*** 4th STREET ***
Dealt to Ann [As 2d 3c] [8h]
Dealt to Bob [6c] [7h]
Dealt to Cid [Kh] [2s]
Bob: bets $0.10
Cid: folds
Ann: calls $0.10
*** 5th STREET ***
Dealt to Ann [As 2d 3c 8h] [Kd]
Dealt to Bob [6c 7h] [Ts]
Bob: bets $0.20
Ann: calls $0.20
*** 6th STREET ***
Dealt to Ann [As 2d 3c 8h Kd] [5h]
Dealt to Bob [6c 7h Ts] [Jc]
Bob: bets $0.20 and is all-in
Ann: calls $0.20
*** RIVER ***
Dealt to Ann [As 2d 3c 8h Kd 5h] [9d]
*** SHOW DOWN ***
Ann: shows [As 2d 3c 8h Kd 5h 9d] (Lo: 8,5,3,2,A)
Bob: shows [4s 5d 6c 7h Ts Jc 4d] (Lo: T,7,6,5,4)
Ann collected $1.30 from pot
*** SUMMARY ***
Total pot $1.36 | Rake $0.06
Seat 1: Ann showed [As 2d 3c 8h Kd 5h 9d] and won ($1.30) with Lo: 8,5,3,2,A
Seat 2: Bob showed [4s 5d 6c 7h Ts Jc 4d] and lost with Lo: T,7,6,5,4
Seat 3: Cid folded on the 4th Street
"""

# Razz, Bob all-in on 4th: three cards each to come, too many deals to count: sampled.
RAZZ_FOURTH = (RAZZ_SIXTH.replace("Bob ($0.62 in chips)", "Bob ($0.22 in chips)")
               .replace("Bob: bets $0.10\nCid: folds", "Bob: bets $0.10 and is all-in\nCid: folds")
               .replace("Bob: bets $0.20\nAnn: calls $0.20\n", "")
               .replace("Bob: bets $0.20 and is all-in\nAnn: calls $0.20\n", "")
               .replace("$1.30", "$0.50").replace("$1.36", "$0.56").replace("$0.06", "$0.06"))

# Three players all-in or covering on 6th: Bob all-in for least, Cid for more, Ann covers
# both; Dan folded his door card on 3rd. A main pot of three and a side pot of two.
SIDE_POTS = """\
PokerStars Hand #300000000105:  7 Card Stud Limit ($0.10/$0.20 USD) - 2026/03/14 17:15:00 ET
Table 'Test' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($0.52 in chips)
Seat 3: Cid ($0.62 in chips)
Seat 4: Dan ($10 in chips)
Ann: posts the ante $0.02
Bob: posts the ante $0.02
Cid: posts the ante $0.02
Dan: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [As Ad Kc]
Dealt to Bob [Jh]
Dealt to Cid [9s]
Dealt to Dan [2c]
Dan: brings in for $0.05
Ann: raises $0.05 to $0.10
Bob: calls $0.10
Cid: calls $0.10
Dan: folds
*** 4th STREET ***
Dealt to Ann [As Ad Kc] [Qd]
Dealt to Bob [Jh] [9h]
Dealt to Cid [9s] [Td]
Ann: bets $0.10
Bob: calls $0.10
Cid: calls $0.10
*** 5th STREET ***
Dealt to Ann [As Ad Kc Qd] [7s]
Dealt to Bob [Jh 9h] [6h]
Dealt to Cid [9s Td] [4s]
Ann: bets $0.20
Bob: calls $0.20
Cid: calls $0.20
*** 6th STREET ***
Dealt to Ann [As Ad Kc Qd 7s] [3c]
Dealt to Bob [Jh 9h 6h] [Ks]
Dealt to Cid [9s Td 4s] [2s]
Ann: bets $0.20
Bob: calls $0.10 and is all-in
Cid: calls $0.20 and is all-in
*** RIVER ***
Dealt to Ann [As Ad Kc Qd 7s 3c] [5d]
*** SHOW DOWN ***
Ann: shows [As Ad Kc Qd 7s 3c 5d] (a pair of Aces)
Cid: shows [Tc 8d 9s Td 4s 2s Qh] (a pair of Tens)
Ann collected $0.20 from side pot
Bob: shows [2h 4d Jh 9h 6h Ks 8c] (high card King)
Ann collected $1.55 from main pot
*** SUMMARY ***
Total pot $1.83 Main pot $1.55. Side pot $0.20. | Rake $0.08
Seat 1: Ann showed [As Ad Kc Qd 7s 3c 5d] and won ($1.75) with a pair of Aces
Seat 2: Bob showed [2h 4d Jh 9h 6h Ks 8c] and lost with high card King
Seat 3: Cid showed [Tc 8d 9s Td 4s 2s Qh] and lost with a pair of Tens
Seat 4: Dan folded on the 3rd Street (didn't bet)
"""


def rows_of(text: str) -> tuple[Rows, list[dict[str, Any]]]:
    rows = hand_rows(replay(parse_hand(text)))
    return {r["player"]: r for r in rows["players"]}, rows["pots"]


def test_the_hands_replay_clean() -> None:
    for text in (SIXTH, NO_LOW, FIFTH_HILO, RIVER_SPLIT, RAZZ_SIXTH, RAZZ_FOURTH, SIDE_POTS):
        replayed = replay(parse_hand(text))
        assert not replayed.violations, (text.splitlines()[0], replayed.violations)


def test_a_flush_draw_all_in_on_sixth_with_a_folded_card_dead() -> None:
    p, pots = rows_of(SIXTH)
    ann, bob, cid = p["Ann"], p["Bob"], p["Cid"]
    assert (ann["equity_street"], ann["equity_all_in"], ann["equity_exact"]) == (6, True, True)
    assert bob["equity"] == pytest.approx(float(Fraction(8, 38)), abs=1e-12)
    assert ann["equity"] == pytest.approx(float(Fraction(30, 38)), abs=1e-12)
    # not 9/39, as it would be with Cid's 8h back in the deck
    assert bob["equity"] != pytest.approx(9 / 39, abs=1e-3)
    assert pots[0]["eligible"] == ["Ann", "Bob"]
    assert pots[0]["equity"] == pytest.approx([30 / 38, 8 / 38])
    # the 130 cents collected, shared 30:8, less the 62 each put in
    assert ann["ev_net"] == pytest.approx(130 * 30 / 38 - 62)
    assert bob["ev_net"] == pytest.approx(130 * 8 / 38 - 62)
    assert cid["ev_net"] == cid["net"] == -12
    assert (cid["equity"], cid["equity_street"], cid["equity_all_in"]) == (None, None, False)
    assert sum(r["ev_net"] for r in p.values()) == pytest.approx(-6)  # the rake
    assert ann["equity_high"] is None  # a high game: no halves


def test_no_low_possible_in_stud_hi_lo_gives_the_high_the_pot() -> None:
    p, _ = rows_of(NO_LOW)
    ann, bob = p["Ann"], p["Bob"]
    assert bob["equity"] == pytest.approx(8 / 38, abs=1e-12)
    assert (ann["equity_low"], bob["equity_low"]) == (0.0, 0.0)
    assert ann["equity_high"] == pytest.approx(ann["equity"])
    assert ann["scoop_chance"] == pytest.approx(30 / 38)  # no low: the high scoops
    assert bob["scoop_chance"] == pytest.approx(8 / 38)


def test_a_low_draw_all_in_on_fifth_against_a_full_house() -> None:
    p, _ = rows_of(FIFTH_HILO)
    ann, bob = p["Ann"], p["Bob"]
    assert (ann["equity_street"], ann["equity_all_in"], ann["equity_exact"]) == (5, True, True)
    assert ann["equity"] == pytest.approx(4 / 13, abs=1e-12)  # half the pot, 8/13 of deals
    assert (ann["equity_high"], ann["equity_low"]) == (0.0, pytest.approx(4 / 13))
    assert bob["equity_high"] == pytest.approx(9 / 13)
    assert bob["scoop_chance"] == pytest.approx(5 / 13)  # when Ann makes no low
    assert ann["scoop_chance"] == 0.0
    assert ann["ev_net"] + bob["ev_net"] == pytest.approx(ann["net"] + bob["net"])


def test_nothing_to_come_gives_the_showdowns_shares() -> None:
    p, _ = rows_of(BASE)  # Cid's eights beat Ann's ace high on the river
    assert (p["Ann"]["equity"], p["Cid"]["equity"]) == (0.0, 1.0)
    assert (p["Ann"]["equity_street"], p["Ann"]["equity_all_in"]) == (7, False)
    assert p["Bob"]["equity"] is None  # folded on 6th
    for row in p.values():
        assert row["ev_net"] == row["net"]  # the cards were all out: no luck
    p, _ = rows_of(RIVER_SPLIT)
    ann, bob = p["Ann"], p["Bob"]
    assert (ann["equity"], bob["equity"]) == (0.5, 0.5)
    assert (ann["equity_high"], ann["equity_low"]) == (0.5, 0.0)
    assert (bob["equity_high"], bob["equity_low"]) == (0.0, 0.5)
    assert (ann["scoop_chance"], bob["scoop_chance"]) == (0.0, 0.0)


def _razz_key(cards: Sequence[str]) -> tuple[list[int], list[int]]:
    """A-5 lowball, written here: the best five cards' pattern (no pair, a pair, two pair,
    trips, full house, quads) then their ranks, paired first, high to low; smaller wins."""
    order = "A23456789TJQK"
    best: tuple[list[int], list[int]] | None = None
    for five in combinations(cards, 5):
        counts = Counter(order.index(c[0]) for c in five)
        groups = sorted(counts.items(), key=lambda kv: (-kv[1], -kv[0]))
        key = (sorted(counts.values(), reverse=True), [rank for rank, _ in groups])
        if best is None or key < best:
            best = key
    assert best is not None
    return best


def test_razz_all_in_on_sixth_against_a_brute_force() -> None:
    p, _ = rows_of(RAZZ_SIXTH)
    ann_cards = ["As", "2d", "3c", "8h", "Kd", "5h"]
    bob_cards = ["4s", "5d", "6c", "7h", "Ts", "Jc"]
    dead = ["Kh", "2s"]  # Cid's up cards
    unseen = sorted(ALL_CARDS - {*ann_cards, *bob_cards, *dead})
    share, deals = Fraction(0), 0
    for a in unseen:
        for b in unseen:
            if a == b:
                continue
            mine, theirs = _razz_key([*ann_cards, a]), _razz_key([*bob_cards, b])
            share += 1 if mine < theirs else Fraction(1, 2) if mine == theirs else 0
            deals += 1
    assert p["Ann"]["equity"] == pytest.approx(float(share / deals), abs=1e-12)
    assert p["Ann"]["equity_exact"]
    assert p["Ann"]["equity"] + p["Bob"]["equity"] == pytest.approx(1)


def test_razz_all_in_on_fourth_is_sampled_and_the_same_at_every_import() -> None:
    p, pots = rows_of(RAZZ_FOURTH)
    ann, bob = p["Ann"], p["Bob"]
    assert (bob["equity_street"], bob["equity_all_in"], bob["equity_exact"]) == (4, True, False)
    assert ann["equity"] + bob["equity"] == pytest.approx(1)
    again, _ = rows_of(RAZZ_FOURTH)
    assert again == p
    # within four standard errors of a count over forty times the deals
    wide = equity([["As", "2d", "3c", "8h"], ["4s", "5d", "6c", "7h"]], "razz",
                  ["Kh", "2s"], exact_limit=0, samples=400_000, seed=5)
    assert bob["equity"] == pytest.approx(wide.shares[1].equity, abs=4 * 0.0112 + 0.002)
    assert pots[0]["equity"] == [ann["equity"], bob["equity"]]


def _razz_fourth_as(hand_id: int) -> str:
    return RAZZ_FOURTH.replace("#300000000104:", f"#{hand_id}:")


def test_each_hand_draws_its_own_deals_and_the_same_at_every_import() -> None:
    """Sampled equities are seeded by the hand (its site and id): 80 copies of one spot
    under other ids spread around the count of every deal as 2,000 independent deals
    each say (a seed shared by every hand of a shape gives them all one error, which no
    number of hands shrinks), and a hand draws the same deals at every import, in any
    process (no salted ``hash``)."""
    truth = equity([["As", "2d", "3c", "8h"], ["4s", "5d", "6c", "7h"]], "razz", ["Kh", "2s"],
                   exact_limit=10**9)
    assert truth.exact
    bob = truth.shares[1]
    ties = 2 * (bob.exact - bob.scoop)  # a tie gives each half the pot
    spread = (float(bob.scoop + ties / 4 - bob.exact ** 2) / luck.SAMPLES) ** 0.5
    scores = []
    for hand_id in range(400_000_000_000, 400_000_000_080):
        p, _ = rows_of(_razz_fourth_as(hand_id))
        assert p["Bob"]["equity_exact"] is False
        scores.append((p["Bob"]["equity"] - bob.equity) / spread)
    mean = sum(scores) / len(scores)
    sd = (sum((z - mean) ** 2 for z in scores) / (len(scores) - 1)) ** 0.5
    # independent errors: mean 0 and spread 1, each here within 5 of its standard errors
    # (0.11 and 0.08); one error shared by every copy: spread 0
    assert abs(mean) < 0.56, scores
    assert 0.6 < sd < 1.4, scores
    first, _ = rows_of(_razz_fourth_as(400_000_000_000))
    assert rows_of(_razz_fourth_as(400_000_000_000))[0] == first
    script = ("import sys; from stud_hh import parse_hand; from stud_hh.replay import replay;"
              "from stud_hh.store.facts import hand_rows;"
              "rows = hand_rows(replay(parse_hand(sys.stdin.read())))['players'];"
              "print(repr([r['equity'] for r in rows]))")
    for salt in ("1", "2"):
        other = subprocess.run([sys.executable, "-c", script], input=_razz_fourth_as(
            400_000_000_000), capture_output=True, text=True, check=True,
            env={**os.environ, "PYTHONHASHSEED": salt})
        assert other.stdout.strip() == repr([first[n]["equity"] for n in ("Ann", "Bob", "Cid")])


def test_an_all_in_on_third_street() -> None:
    p, _ = rows_of(ALLIN)  # Bob all-in for $0.13 on 3rd, Ann calls, Cid folded his door
    ann, bob = p["Ann"], p["Bob"]
    assert (bob["equity_street"], bob["equity_all_in"], bob["equity_exact"]) == (3, True, False)
    assert 0 < bob["equity"] < 1
    assert ann["equity"] + bob["equity"] == pytest.approx(1)
    assert p["Cid"]["equity"] is None


def test_side_pots_are_shared_among_their_own_players() -> None:
    p, pots = rows_of(SIDE_POTS)
    ann_cards = ["As", "Ad", "Kc", "Qd", "7s", "3c"]
    bob_cards = ["2h", "4d", "Jh", "9h", "6h", "Ks"]
    cid_cards = ["Tc", "8d", "9s", "Td", "4s", "2s"]
    main, side = pots
    assert (main["eligible"], side["eligible"]) == (["Ann", "Bob", "Cid"], ["Ann", "Cid"])
    assert (main["amount"], side["amount"]) == (163, 20)
    three = equity([ann_cards, bob_cards, cid_cards], "stud", ["2c"])
    two = equity([ann_cards, cid_cards], "stud", ["2c", *bob_cards])  # Bob's cards are out
    assert three.exact
    assert two.exact
    assert main["equity"] == pytest.approx([s.equity for s in three.shares], abs=1e-12)
    assert side["equity"] == pytest.approx([s.equity for s in two.shares], abs=1e-12)
    assert sum(main["equity"]) == pytest.approx(1)
    assert sum(side["equity"]) == pytest.approx(1)
    a_main, b_main, c_main = main["equity"]
    a_side, c_side = side["equity"]
    assert p["Bob"]["equity"] == pytest.approx(b_main)  # no share of the side pot
    assert p["Ann"]["equity"] == pytest.approx((163 * a_main + 20 * a_side) / 183)
    assert p["Cid"]["equity"] == pytest.approx((163 * c_main + 20 * c_side) / 183)
    # 175 cents collected, shared by expected chips
    assert p["Ann"]["ev_net"] == pytest.approx(175 * (163 * a_main + 20 * a_side) / 183 - 62)
    assert p["Bob"]["ev_net"] == pytest.approx(175 * 163 * b_main / 183 - 52)
    assert sum(r["ev_net"] for r in p.values()) == pytest.approx(-8)  # the rake
    assert p["Dan"]["ev_net"] == p["Dan"]["net"] == -7


def test_a_hand_mucked_unseen_gives_no_equity() -> None:
    hidden = (SIXTH.replace("Bob: shows [2h 4d Jh 9h 6h Ks 8c] (high card King)",
                            "Bob: mucks hand")
              .replace("Seat 2: Bob showed [2h 4d Jh 9h 6h Ks 8c] and lost with high card King",
                       "Seat 2: Bob mucked"))
    p, pots = rows_of(hidden)
    ann, bob = p["Ann"], p["Bob"]
    assert (bob["equity_street"], bob["equity_all_in"]) == (6, True)  # the moment is known
    assert [ann["equity"], bob["equity"], ann["equity_exact"]] == [None, None, None]
    assert (ann["ev_net"], bob["ev_net"]) == (ann["net"], bob["net"])
    assert pots[0]["equity"] is None
    # the summary's "mucked [cards]" prints the hand: that is enough
    printed = SIXTH.replace("Bob: shows [2h 4d Jh 9h 6h Ks 8c] (high card King)",
                            "Bob: mucks hand").replace(
        "Seat 2: Bob showed [2h 4d Jh 9h 6h Ks 8c] and lost with high card King",
        "Seat 2: Bob mucked [2h 4d Jh 9h 6h Ks 8c]")
    assert rows_of(printed)[0]["Bob"]["equity"] == pytest.approx(8 / 38)


def test_a_hand_printed_out_of_dealing_order_is_not_guessed() -> None:
    """A site that prints a shown hand in dealing order (PokerStars) and a print that does
    not square with the cards dealt on each street: no down card is put on a street
    from it, so no equity before 7th street."""
    moved = SIXTH.replace("[2h 4d Jh 9h 6h Ks 8c]", "[Jh 9h 6h Ks 2h 4d 8c]")
    p, pots = rows_of(moved)
    assert [p["Ann"]["equity"], p["Bob"]["equity"], pots[0]["equity"]] == [None, None, None]
    swapped = SIXTH.replace("[2h 4d Jh 9h 6h Ks 8c]", "[4d 2h Jh 9h 6h Ks 8c]")
    assert rows_of(swapped)[0]["Bob"]["equity"] == pytest.approx(8 / 38)  # on its street


def _corpus_rows(path: Path) -> dict[str, Rows]:
    return {hand.hand_id: {row["player"]: row for row in hand_rows(replay(hand))["players"]}
            for hand in parse_file(path) if isinstance(hand, ParsedHand)}


def test_everleaf_shown_hands_put_no_down_card_on_a_street(corpus: Path) -> None:
    """Everleaf prints a shown hand's down cards in an order of its own (the 7th-street
    card first or second in 295679620 and 295680165, whose deal the hero's lines give):
    an opponent's 3rd-street down cards are not known from it, so hands whose last
    chips went in before 7th street get no equity (the guess gave MOURINHO_ 0.69 and
    0.11), while one whose last chips went in on 7th gets the showdown's shares from the
    whole hands. No opponent's hole cards or start hand are taken from a print."""
    hands = _corpus_rows(corpus / "Everleaf" / "7-Stud-EUR-0.05-0.10.201108-new-format.txt")
    for hand_id, street in (("295679620", 4), ("295680165", 6)):
        mourinho, eric = hands[hand_id]["MOURINHO_"], hands[hand_id]["EricBlade"]
        assert (mourinho["equity_street"], mourinho["equity"], eric["equity"]) == (
            street, None, None)
        assert eric["ev_net"] == eric["net"]
    river = hands["295680332"]
    assert river["MOURINHO_"]["equity_street"] == 7
    assert (river["MOURINHO_"]["equity"], river["EricBlade"]["equity"]) == (0.0, 1.0)
    for rows in hands.values():
        assert rows["EricBlade"]["hole_cards"] is not None  # the hero's, from his deal lines
        opponent = rows["MOURINHO_"]
        assert (opponent["hole_cards"], opponent["rolled_up"], opponent["start_hand"]) == (
            None, None, None)


def test_a_hand_shown_before_the_end_places_the_cards_dealt_so_far(corpus: Path) -> None:
    """A print of the cards dealt so far, in dealing order, places them: Merge's razz
    players show four cards each when all-in on 4th, PokerStars' players six at an
    8-handed river whose last card is the common card."""
    merge = _corpus_rows(corpus / "Merge" / "Razz-USD-0.50-1.00-201111.allIn.txt")
    hero, player1 = merge["43618199-14"]["Hero"], merge["43618199-14"]["Player1"]
    assert (player1["equity_street"], player1["equity_all_in"]) == (4, True)
    assert hero["equity"] + player1["equity"] == pytest.approx(1)
    assert 0.4 < player1["equity"] < 0.6  # 2-6 with a pair, against A-4-7 and a king
    stars = _corpus_rows(corpus / "Stars" / "7-Stud-USD-0.04-0.08-200907.Missing.Showdown.Card.txt")
    river = stars["30506593746"]
    assert [river[n]["equity"] for n in ("Player3", "Player5", "Player6", "Player8")] == [
        1.0, 0.0, 0.0, 0.0]


def test_the_moment() -> None:
    assert luck.moment(replay(parse_hand(SIXTH))) == luck.Moment(6, True, ("Ann", "Bob"))
    assert luck.moment(replay(parse_hand(RIVER_SPLIT))) == luck.Moment(7, False,
                                                                       ("Ann", "Bob"))
    folded = SIXTH.split("Bob: calls $0.20 and is all-in")[0] + (
        "Bob: folds\nUncalled bet ($0.20) returned to Ann\nAnn collected $0.96 from pot\n"
        "*** SUMMARY ***\nTotal pot $0.96 | Rake $0\nSeat 1: Ann collected ($0.96)\n"
        "Seat 2: Bob folded on the 6th Street\nSeat 3: Cid folded on the 4th Street\n")
    assert not replay(parse_hand(folded)).violations
    assert luck.moment(replay(parse_hand(folded))) is None  # won without a contest


# -- the corpus --------------------------------------------------------------------------

@pytest.fixture(scope="module")
def corpus_db(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Database:
    root = tmp_path_factory.mktemp("equity") / "db"
    import_paths([corpus], root, jobs=1)
    return open_db(root)


def test_corpus_equities_are_shares_that_add_up(corpus_db: Database) -> None:
    players = corpus_db.players()
    hands = corpus_db.hands(columns=["site", "hand_id", "rake"])
    pots = corpus_db.pots()
    known = players[players["equity"].notna()]
    assert len(known) > 20
    assert known["equity_all_in"].astype(bool).sum() >= 4
    assert known["equity"].between(0, 1).all()
    hilo = known[known["game"] == "stud8"]
    assert (hilo["equity_high"] + hilo["equity_low"] - hilo["equity"]).abs().max() < 1e-9
    assert hilo["scoop_chance"].between(0, 1).all()
    shared = pots[pots["equity"].notna()]
    assert len(shared) >= len(known.groupby(["site", "hand_id"]))
    for eligible, shares in zip(shared["eligible"], shared["equity"], strict=True):
        assert len(shares) == len(eligible)
        assert all(0 <= s <= 1 for s in shares)
        assert sum(shares) == pytest.approx(1, abs=1e-9)
    per_hand = players.groupby(["site", "hand_id"], observed=True)[["net", "ev_net"]].sum()
    per_hand = per_hand.join(hands.set_index(["site", "hand_id"]))
    luck_sum = per_hand["net"] - per_hand["ev_net"]
    assert luck_sum.abs().max() < 1e-6  # luck adds up to zero in every hand
    consistent = per_hand[per_hand["net"] == -per_hand["rake"]]
    assert len(consistent) > 0.9 * len(per_hand)
    assert (consistent["ev_net"] + consistent["rake"]).abs().max() < 1e-6
    assert (players.loc[players["equity"].isna(), "ev_net"]
            == players.loc[players["equity"].isna(), "net"]).all()


def test_corpus_player_equity_is_its_pots_weighted(corpus_db: Database) -> None:
    # the names as stored (as the pots name them), not as players() shows them: persons
    players = corpus_db.arrow("players", ["site", "hand_id", "player", "equity"]).to_pandas()
    pots = corpus_db.pots()
    pots = pots[pots["equity"].notna()]
    expected: dict[tuple[str, str, str], list[float]] = {}
    for site, hand, amount, eligible, shares in zip(
            pots["site"], pots["hand_id"], pots["amount"], pots["eligible"], pots["equity"],
            strict=True):
        for name, share in zip(eligible, shares, strict=True):
            got = expected.setdefault((str(site), str(hand), str(name)), [0.0, 0.0])
            got[0] += amount * share
            got[1] += amount
    known = players[players["equity"].notna()]
    assert len(known) == len(expected)
    for site, hand, name, value in zip(known["site"], known["hand_id"], known["player"],
                                       known["equity"], strict=True):
        weighted, size = expected[(str(site), str(hand), str(name))]
        assert value == pytest.approx(weighted / size, abs=1e-9)


def test_corpus_stats_luck_adds_up(corpus_db: Database) -> None:
    from stud_hh.analysis import stats

    summary = stats.player_summary(corpus_db.players(), by=["unit"])
    assert isinstance(summary, pd.DataFrame)
    assert (summary["net"] - summary["ev_net"] - summary["luck"]).abs().max() < 1e-3
    everyone = stats.money(corpus_db.players(), by=["unit"])
    assert everyone["all_in_hands"].sum() >= 4
