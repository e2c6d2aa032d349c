"""Per-player facts (the docs/statistics.md flags) on hands whose every action we know."""

from __future__ import annotations

import dataclasses
import hashlib
from pathlib import Path

import pytest
from conftest import CORPUS_DIR
from hypothesis import given, settings
from hypothesis import strategies as st
from test_violations import BASE, SPLIT

from stud_hh import ParsedHand, parse_file, parse_hand
from stud_hh.model.events import Collect
from stud_hh.model.hand import ParseFailure
from stud_hh.read.parse import parse_text
from stud_hh.replay import replay
from stud_hh.store.facts import failure_row, hand_rows, stakes_label, text_digest
from stud_hh.store.schema import TABLES


def rows_of(text: str) -> dict[str, dict[str, object]]:
    return {r["player"]: r for r in hand_rows(replay(parse_hand(text)))["players"]}


def test_every_row_has_exactly_the_registry_columns() -> None:
    rows = hand_rows(replay(parse_hand(BASE)))
    for table, table_rows in rows.items():
        assert table_rows or table in ("violations", "unverifiable")
        for row in table_rows:
            assert set(row) == set(TABLES[table].names)


def _every_hand() -> list[ParsedHand]:
    samples = Path(__file__).resolve().parents[2] / "sample_histories"
    paths = sorted(samples.rglob("*.txt"))
    if CORPUS_DIR.is_dir():
        paths += sorted(p for p in CORPUS_DIR.rglob("*") if p.is_file()
                        and p.suffix not in (".hp", ".hands", ".gt", ".csv"))
    return [h for p in paths for h in parse_file(p) if isinstance(h, ParsedHand)]


def test_every_row_holds_the_registry_columns_in_the_registry_order() -> None:
    """The import buffers a hand's rows by their values (stud_hh.store.ingest.rows.RowBuffer):
    a column out of place would store its value under another column's name."""
    seen: set[str] = set()
    for hand in _every_hand():
        for profile_name in ("site", "pokerstars"):
            for table, table_rows in hand_rows(replay(hand, profile_name)).items():
                for row in table_rows:
                    seen.add(table)
                    assert tuple(row) == TABLES[table].names, table
    assert seen >= {"hands", "players", "actions", "pots", "violations"}
    assert "unverifiable" in seen or not CORPUS_DIR.is_dir()  # the corpus has such checks


def test_third_street_flags_of_a_completed_pot() -> None:
    p = rows_of(BASE)
    ann, bob, cid = p["Ann"], p["Bob"], p["Cid"]
    # Cid brings in (position 0); Ann completes first in from a steal position
    assert cid["bring_in_player"]
    assert cid["position"] == 0
    assert (ann["position"], bob["position"]) == (1, 2)
    assert ann["unopened_opp"]
    assert ann["complete_first_in"]
    assert ann["steal"]
    assert ann["cr3"]
    assert ann["vpip"]
    assert ann["aggressor_3rd"]
    assert not ann["steal_success"]
    # Bob faces the completion and calls: a VPIP, a 3-bet chance not taken
    assert bob["vpip"]
    assert not bob["cr3"]
    assert bob["threebet_opp"]
    assert not bob["threebet"]
    assert bob["fold_to_completion_opp"]
    assert not bob["fold_to_completion"]
    # the bring-in faces Ann's steal and calls
    assert cid["bring_in_faced_steal"]
    assert not cid["bring_in_fold_to_steal"]
    assert not cid["bring_in_resteal"]
    assert cid["vpip"]
    assert not cid["bring_in_completed"]
    assert [x["door_card"] for x in (ann, bob, cid)] == ["9c", "4h", "2c"]
    assert ann["hole_cards"] == "As Kd"
    assert bob["hole_cards"] is None


def test_later_street_flags() -> None:
    p = rows_of(BASE)
    ann, bob, cid = p["Ann"], p["Bob"], p["Cid"]
    # 4th: Bob's open pair lets him bet big; he bets the small bet
    assert bob["double_bet_opp"]
    assert not bob["double_bet"]
    # Ann completed 3rd but Bob bet before her on 4th: no continuation-bet chance
    assert not ann["cbet_opp"]
    # 6th: Bob checks, then folds to Cid's bet; 7th: Cid checks and calls Ann
    assert bob["check_raise_opp_6th"]
    assert not bob["check_raise_6th"]
    assert bob["faced_bet_6th"]
    assert bob["fold_to_bet_6th"]
    assert bob["folded_6th"]
    assert cid["check_raise_opp_7th"]
    assert not cid["check_raise_7th"]
    assert (cid["bets_5th"], cid["raises_5th"]) == (0, 1)
    assert (ann["bets_later"], ann["raises_later"], ann["calls_later"]) == (1, 0, 3)
    assert [bob[f"saw_{s}"] for s in ("4th", "5th", "6th", "7th")] == [True, True, True, False]
    assert all(ann[f"saw_{s}"] for s in ("4th", "5th", "6th", "7th"))


def test_showdown_and_money() -> None:
    p = rows_of(BASE)
    ann, bob, cid = p["Ann"], p["Bob"], p["Cid"]
    assert ann["saw_showdown"]
    assert cid["saw_showdown"]
    assert not bob["saw_showdown"]
    assert cid["won_at_showdown"]
    assert cid["won_high"]
    assert not ann["won"]
    assert (ann["net"], bob["net"], cid["net"]) == (-102, -62, 151)
    assert cid["rake_share"] == 13
    assert ann["net"] + bob["net"] + cid["net"] == -13
    assert (ann["put_in_ante"], ann["put_in_3rd"], ann["put_in_5th"]) == (2, 10, 40)


def test_hilo_split() -> None:
    p = rows_of(SPLIT)
    ann, bob = p["Ann"], p["Bob"]
    assert ann["won_high"]
    assert not ann["won_low"]
    assert ann["high_only"]
    assert ann["split"]
    assert bob["won_low"]
    assert not bob["won_high"]
    assert bob["low_only"]
    assert bob["split"]
    assert not ann["scoop_both"]
    assert not ann["scoop_whole"]
    assert not ann["no_low"]


def test_hilo_on_a_real_stars_hand(corpus: Path) -> None:
    path = corpus / "Stars" / "7-StudHL-USD-0.04-0.08-200911.Cardtest.txt"
    hand = next(r for r in parse_file(path) if isinstance(r, ParsedHand))
    rows = {r["player"]: r for r in hand_rows(replay(hand))["players"]}
    assert rows["gashpor"]["high_only"]
    assert rows["Hero"]["low_only"]
    assert rows["Hero"]["net"] == 13
    assert rows["Hero"]["rake_share"] == 2
    assert sum(r["net"] for r in rows.values()) == -4  # the rake


def test_facts_a_site_does_not_print_stay_unknown(corpus: Path) -> None:
    """PartyPoker prints no opponent's up card: their door and start hand are unknown,
    and Hero's count of dead cards (opponents' doors of Hero's ranks) is not available
    rather than counted as if no door matched."""
    path = sorted((corpus / "PartyPoker").glob("*.txt"))[0]
    hand = next(r for r in parse_file(path) if isinstance(r, ParsedHand))
    rows = {r["player"]: r for r in hand_rows(replay(hand))["players"]}
    hero = rows.pop("Hero")
    assert hero["door_card"] is not None
    assert hero["start_hand"] is not None
    assert hero["dead_cards"] is None
    dealt = [r for r in rows.values() if r["dealt"]]
    assert dealt
    assert all(r["door_card"] is None and r["start_hand"] is None for r in dealt)
    assert all(r["position"] is not None for r in dealt)  # known from the order of action


def test_dead_cards_are_counted_when_every_door_is_seen(corpus: Path) -> None:
    path = corpus / "Stars" / "7-StudHL-USD-0.04-0.08-200911.Cardtest.txt"
    hand = next(r for r in parse_file(path) if isinstance(r, ParsedHand))
    rows = hand_rows(replay(hand))["players"]
    hero = next(r for r in rows if r["player"] == "Hero")
    assert hero["dead_cards"] is not None
    assert hero["dead_cards"] == sum(
        1 for r in rows if r["player"] != "Hero" and r["door_card"]
        and r["door_card"][0] in {c[0] for c in (*hero["hole_cards"].split(), hero["door_card"])})


@pytest.mark.parametrize("text", [BASE, SPLIT])
def test_rows_come_from_the_replay_alone(text: str) -> None:
    """Facts never walk the events again: what they need of the cards dealt and shown the
    replay gathered (``ReplayedHand.dealt``), so the rows are the same without events."""
    replayed = replay(parse_hand(text))
    without_events = dataclasses.replace(
        replayed, hand=dataclasses.replace(replayed.hand, events=()))
    assert hand_rows(without_events) == hand_rows(replayed)
    dealt = replayed.dealt
    assert dealt.door == {"Ann": "9c", "Bob": "4h", "Cid": "2c"} or text is SPLIT
    assert dealt.last_street in (3, 4, 5, 6, 7)
    assert list(dealt.collects) == [e for e in replayed.hand.events if isinstance(e, Collect)]


def test_hand_row() -> None:
    rows = hand_rows(replay(parse_hand(BASE)))
    hand = rows["hands"][0]
    assert (hand["pot"], hand["rake"], hand["players"], hand["showdown"]) == (266, 13, 3, True)
    assert (hand["ante"], hand["bring_in"], hand["stakes"]) == (2, 5, "$0.10/$0.20")
    assert hand["last_street"] == 7
    assert hand["violations"] == 0
    assert [a["kind"] for a in rows["actions"][3:5]] == ["bring_in", "complete"]
    assert rows["pots"][0]["collected_by"] == ["Cid"]
    assert rows["pots"][0]["collected"] == [253]


def test_stakes_label() -> None:
    assert stakes_label(10, 20, 100, "USD") == "$0.10/$0.20"
    assert stakes_label(200, 400, 1, None) == "200/400"


def test_failure_rows_keep_the_text() -> None:
    broken = BASE.replace("Bob: calls $0.10\n", "Bob: juggles $0.10\n")
    failure = next(r for r in parse_text(broken) if isinstance(r, ParseFailure))
    row = failure_row(failure)
    assert row["raw_text"] == failure.raw_text
    assert "juggles" in row["offending_text"]
    assert row["line"] == 15
    assert row["site"] == "PokerStars"
    assert row["hand_id"] == "300000000001"
    assert failure_row(failure)["key"] == row["key"]  # the same text, the same key


@pytest.mark.parametrize("text", [BASE, SPLIT])
def test_players_sum_to_the_pot(text: str) -> None:
    rows = hand_rows(replay(parse_hand(text)))
    assert sum(r["put_in"] for r in rows["players"]) == rows["hands"][0]["pot"]


def test_a_limp_opens_the_pot() -> None:
    limped = BASE.replace(
        "Ann: raises $0.05 to $0.10\nBob: calls $0.10\nCid: calls $0.05\n",
        "Ann: calls $0.05\nBob: raises $0.05 to $0.10\nCid: calls $0.05\nAnn: calls $0.05\n")
    assert not replay(parse_hand(limped)).violations
    p = rows_of(limped)
    ann, bob = p["Ann"], p["Bob"]
    assert ann["unopened_opp"]
    assert ann["limp"]
    assert not ann["complete_first_in"]
    # after Ann's limp the pot is open: Bob's completion is neither first in nor a steal
    assert not bob["unopened_opp"]
    assert not bob["steal_opp"]
    assert not bob["complete_first_in"]
    assert bob["cr3"]
    assert bob["aggressor_3rd"]
    assert ann["threebet_opp"]
    assert not ann["threebet"]


def test_continuation_bet_faced_after_checking() -> None:
    cbet = BASE.replace(
        "Bob: bets $0.10\nCid: calls $0.10\nAnn: calls $0.10\n",
        "Bob: checks\nCid: checks\nAnn: bets $0.10\nBob: calls $0.10\nCid: calls $0.10\n")
    assert not replay(parse_hand(cbet)).violations
    p = rows_of(cbet)
    assert p["Ann"]["cbet_opp"]
    assert p["Ann"]["cbet"]
    for name in ("Bob", "Cid"):  # both checked, then faced Ann's continuation bet
        assert p[name]["fold_to_cbet_opp"]
        assert not p[name]["fold_to_cbet"]
        assert p[name]["check_raise_opp_4th"]
    assert p["Bob"]["double_bet_opp"]  # the open pair, a check
    assert not p["Ann"]["fold_to_cbet_opp"]


_WHITESPACE = (" \n\t\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2003\u200a\u2028"
               "\u2029\u202f\u205f\u3000")
_NOT_SPACE = "\x01\u200b\ufeffé"  # a control character, zero-width ones: not whitespace


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(["Seat", "1:", "\ud800", *_WHITESPACE, *_NOT_SPACE, "  ", "\n\n"]),
                max_size=14).map("".join))
def test_a_texts_digest_ignores_its_whitespace_exactly_as_splitting_into_words_does(
        text: str) -> None:
    """The fast path (one space or line end between words) gives the reference digest:
    the blake2b of the words joined by single spaces, which stored databases hold."""
    words = " ".join(text.split()).encode("utf-8", "surrogatepass")
    assert text_digest(text) == hashlib.blake2b(words, digest_size=16).hexdigest()


def test_the_digest_of_a_hand_does_not_change_with_its_line_ends_or_spaces() -> None:
    crlf = BASE.replace("\n", "\r\n")
    spaced = BASE.replace(": ", ":  ").replace("\n", " \n")
    assert text_digest(BASE) == text_digest(crlf) == text_digest(spaced)
    assert text_digest(BASE) != text_digest(BASE.replace("Ann", "Anne"))


def test_two_players_in_one_seat_keep_their_own_rows_and_positions() -> None:
    """Bob moved into Cid's seat 3, printed before him: every player keeps his row, his
    seat as printed and the clean hand's position (Cid brought in: position 0, not his
    seat mate), and the hand its money."""
    lines = BASE.splitlines()
    lines[3] = "Seat 3: Bob ($10 in chips)"
    shared = replay(parse_hand("\n".join(lines) + "\n"))
    assert [v.rule for v in shared.violations] == ["seat.shared"]
    clean = hand_rows(replay(parse_hand(BASE)))["players"]
    rows = hand_rows(shared)["players"]
    assert [(r["player"], r["seat"]) for r in rows] == [("Ann", 1), ("Bob", 3), ("Cid", 3)]
    assert [(r["player"], r["position"], r["net"]) for r in rows] == [
        (r["player"], r["position"], r["net"]) for r in clean]
    assert [r["position"] for r in rows] == [1, 2, 0]
