"""Root causes and their consequences: a violation that follows from an earlier one of its
hand names it (line and rule) and is counted apart; one independent of every earlier one
stays a root cause. Shown on the real Winamax hand whose raise is printed below the bet,
on a copy of it the engine cannot read, and on hands written for the test."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_violations import BASE, _base_money, _edit

from stud_hh.analysis.html.replayer import hand_view
from stud_hh.analysis.report import show_hand, violation_block
from stud_hh.cli import main
from stud_hh.read.parse import parse_hand
from stud_hh.replay import replay
from stud_hh.rules.violations import RULES, HandState

NEGATIVE_BET = "Winamax/7-Stud-6max-EUR-25-50-201611._8games_.negative.bet.txt"
"""Line 17: ``Player0 raises -6.10€ to 18.90€``, Player0's last 18.90€ (an all-in)."""


def _found(text: str, profile: str = "site") -> list[tuple[str, int, int | None, str | None]]:
    return [(v.rule, v.line, v.follows_line, v.follows_rule)
            for v in replay(parse_hand(text), profile).violations]


def _negative_bet(corpus: Path, stack: str = "33.90€") -> str:
    text = (corpus / NEGATIVE_BET).read_text(encoding="utf-8")
    return text.replace("Seat 2: Player0 (33.90€)", f"Seat 2: Player0 ({stack})")


def test_the_negative_raise_is_one_fault_and_the_pot_never_goes_below_nothing(
        corpus: Path) -> None:
    """Before: six violations (a call out of turn, a call of the wrong amount, an uncalled
    bet kept, the pot given to the wrong winner, the money not balancing), and the
    replayer's pot at -7.50€ after the collection. The raise is read as the chips Player0
    had left, and the rest of the hand checks that reading."""
    replayed = replay(parse_hand(_negative_bet(corpus)))
    assert _found(_negative_bet(corpus)) == [("raise.wrong-total", 17, None, None)]
    view = hand_view(replayed)
    pots = [step["pot"] for step in view["steps"]]
    assert min(pots) >= 0
    assert pots[-1] == replayed.rake == 250  # what is left after the collection: the rake
    assert "Pot -" not in show_hand(replayed)
    assert "--- 4th street --- pot 72.80€" in show_hand(replayed)


def test_a_fault_the_engine_cannot_read_is_one_root_cause_and_its_consequences(
        corpus: Path) -> None:
    """The same hand with Player0 seated with 10€ less: the raise line cannot be read as
    his chips (he has 8.90€ left), so it is taken as printed, and the call, the uncalled
    bet, the award and the balance after it follow from it."""
    text = _negative_bet(corpus, "23.90€")
    cause = (17, "raise.wrong-total")
    assert _found(text) == [
        ("raise.wrong-total", 17, None, None), ("stack.all-in-mismatch", 17, None, None),
        ("action.out-of-turn", 18, *cause), ("call.wrong-amount", 18, *cause),
        ("pot.uncalled-wrong", 36, *cause), ("pot.wrong-winner", 34, *cause),
        ("pot.not-balanced", 36, *cause)]
    replayed = replay(parse_hand(text))
    block = violation_block(replayed)
    assert ": 7 violations (2 root causes, 5 following from them)" in block.splitlines()[0]
    assert ("line 18  call.wrong-amount: Player1 calls 3.90€ but owes 0€ (follows from line "
            "17: raise.wrong-total)") in block
    shown = show_hand(replayed)
    assert "(follows from line 17: raise.wrong-total)" in shown
    assert "7 violations: 2 root causes, 5 following from them" in shown
    (collect,) = [s for s in hand_view(replayed)["steps"] if s["kind"] == "collect"]
    assert collect["notes"] == ["7.50€ more than the pot holds: the money does not balance"]


def test_the_audit_counts_root_causes_and_consequences_apart(
        corpus: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "short.txt"
    path.write_text(_negative_bet(corpus, "23.90€"), encoding="utf-8")
    assert main(["audit", str(path)]) == 1
    out = capsys.readouterr().out
    assert ("1 hand audited under the 'winamax' profile: 1 with violations (7 in all: 2 root "
            "causes, 5 following from them)") in out
    table = out[out.index("rule  "):].splitlines()
    assert table[0].split() == ["rule", "root", "causes", "following", "unverifiable",
                                "meaning"]
    rows = {line.split()[0]: line.split()[1:3] for line in table[1:-1]}
    assert rows["raise.wrong-total"] == ["1", "0"]
    assert rows["call.wrong-amount"] == ["0", "1"]
    assert main(["audit", "--format", "jsonl", str(path)]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    found = [(r["rule"], r["follows_line"], r["follows_rule"]) for r in records
             if r["kind"] == "violation"]
    assert found[:3] == [("raise.wrong-total", None, None), ("stack.all-in-mismatch", None, None),
                         ("action.out-of-turn", 17, "raise.wrong-total")]


def test_a_raise_below_the_bet_written_for_the_test_cascades_and_is_counted_so() -> None:
    """Cid's 5th-street raise printed to a total below Bob's bet, in a PokerStars hand:
    Ann's call, Bob's call after the round closed and the money follow from it; the
    winner does not (Cid, who put in less than the others and is not all-in, still
    contends for the pot: it was given to Ann before)."""
    cause = (30, "raise.wrong-total")
    assert _found(_edit(BASE, {30: "Cid: raises $0.20 to $0.15"}), "pokerstars") == [
        ("raise.wrong-total", 30, None, None), ("call.wrong-amount", 31, *cause),
        ("action.out-of-turn", 32, *cause), ("call.wrong-amount", 32, *cause),
        ("pot.not-balanced", 51, *cause)]


def test_independent_faults_stay_root_causes() -> None:
    """An ante of the wrong size puts the pot in doubt; a card dealt twice later reads the
    cards, which it did not touch: two root causes."""
    text = _edit(BASE, {7: "Bob: posts the ante $0.03", **_base_money("2.67", "2.54"),
                        35: "Dealt to Bob [4h 4d 8c] [As]"})
    assert _found(text, "pokerstars") == [("ante.wrong-amount", 7, None, None),
                                          ("card.duplicate", 35, None, None)]


def test_a_street_begins_with_its_betting_sound_again() -> None:
    """A completion of the wrong size puts 3rd street's betting in doubt, not 6th's: a
    player acting out of turn there is a root cause; the money at the end follows from the
    completion (the pot it put in doubt is the whole hand's)."""
    text = _edit(BASE, {14: "Ann: raises $0.10 to $0.15", 15: "Bob: calls $0.15",
                        16: "Cid: calls $0.10", 38: "Ann: checks", 39: "Cid: bets $0.20",
                        40: "Ann: calls $0.20"})
    found = _found(text, "pokerstars")
    assert found[0] == ("complete.wrong-size", 14, None, None)
    assert ("action.out-of-turn", 38, None, None) in found
    assert ("pot.not-balanced", 51, 14, "complete.wrong-size") in found


def test_every_part_of_the_state_a_violation_puts_in_doubt_is_read_by_a_check() -> None:
    """Rules as data: what a rule breaks must be what some rule reads (else it could
    never make a consequence), and the end-of-hand checks put only the collections in
    doubt (nothing is replayed after them but other end checks)."""
    read = {state for rule in RULES.values() for state in rule.reads}
    broken = {state for rule in RULES.values() for state in rule.breaks}
    assert broken <= read == set(HandState)
    for code in ("pot.uncalled-wrong", "pot.wrong-winner", "pot.wrong-split",
                 "pot.not-balanced", "showdown.wrong-order"):
        assert RULES[code].breaks <= {HandState.COLLECTIONS}, code
