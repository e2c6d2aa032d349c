"""Promise: every betting move has the ``verify_X`` / ``can_X`` / ``X`` trio, and the three
agree: ``verify`` and ``can`` never change the table, ``can`` is true exactly when
``verify`` finds no broken rule, and ``X`` applies the move as the replayer does.

Checked at every betting move the replayer meets, in real hands of every site, in the
bundled samples (whose injected hands break every rule the simulator can plant), and on
hand-made moves at a known moment of a hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from stud_hh.engine import betting
from stud_hh.engine.table import Table
from stud_hh.model.events import Bet, BringIn, Call, Check, Complete, Fold, Raise, Street
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_file, parse_text
from stud_hh.replay import _HANDLERS, _Replay
from stud_hh.rules import SITE, profile_for
from stud_hh.rules.violations import RuleCode

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "sample_histories"
HANDWRITTEN = ROOT / "tests" / "data" / "handwritten"


def state(table: Table) -> tuple[Any, ...]:
    """Everything a move can change, as a value."""
    seats = tuple((s.name, s.stack, s.folded, s.live, s.all_in, tuple(sorted(
        (str(k), v) for k, v in s.put_in.items()))) for s in table.seated)
    return (seats, table.bet_to, table.level, table.full_to, table.full_bet,
            table.big_bet_made, tuple(table.to_act), table.last_actor,
            table.last_full_raiser, table.last_increment, frozenset(table.acted_since_full),
            table.bring_in_posted, table.street)


def hands(folder: Path) -> Iterator[ParsedHand]:
    for path in sorted(folder.rglob("*.txt")):
        for result in parse_file(path):
            if isinstance(result, ParsedHand):
                yield result


_MOVES = (BringIn, Complete, Bet, Raise, Call, Check, Fold)


def _walk(hand: ParsedHand, before_move: Callable[[Table, betting.Move], bool]) -> Table:
    """Replay ``hand`` through the replayer's own event handlers, calling ``before_move``
    with the table as the replayer plans each move; stop when it returns False.

    Works on the compiled build too (nothing of the replayer is patched)."""
    loop = _Replay(hand, profile_for(SITE, hand.header.site))
    table = loop.table
    for event in hand.events:
        handler = _HANDLERS.get(type(event))
        if isinstance(event, _MOVES) and event.player in table.players \
                and not table.players[event.player].folded:
            if not table.to_act and table.last_actor is None and table.street is not None:
                loop.record(table.open_round(event.line, event.player))  # as the replayer does
            if not before_move(table, event):
                return table
        if handler is not None:
            handler(loop, event)
    return table


def _check_trio(seen: list[tuple[str, frozenset[RuleCode]]]
                ) -> Callable[[Table, betting.Move], bool]:
    def check(table: Table, move: betting.Move) -> bool:
        before = state(table)
        found = betting.verify(table, move)
        legal = betting.can(table, move)
        assert state(table) == before, f"verify/can changed the table at line {move.line}"
        assert legal == (not any(f.checked for f in found)), move
        codes = frozenset(f.rule for f in found if f.checked)
        assert all(isinstance(code, RuleCode) for code in codes)
        planned = betting.plan(table, move)
        assert [f.rule for f in planned.findings] == [f.rule for f in found]
        assert state(table) == before
        seen.append((type(move).__name__, codes))
        return True

    return check


@pytest.mark.parametrize("folder", [HANDWRITTEN, SAMPLES], ids=["handwritten", "samples"])
def test_the_trio_agrees_at_every_move_the_replayer_meets(folder: Path) -> None:
    if not folder.exists():
        pytest.skip(f"{folder} is missing (make samples writes it)")
    seen: list[tuple[str, frozenset[RuleCode]]] = []
    for hand in hands(folder):
        _walk(hand, _check_trio(seen))
    kinds = {kind for kind, _ in seen}
    assert {"BringIn", "Bet", "Raise", "Call", "Check", "Fold"} <= kinds  # Stars: no Complete
    if folder is SAMPLES:  # the injected hands: moves the engine refuses, by rule
        refused = {code for _, codes in seen for code in codes}
        assert len(refused) >= 5, refused


def test_the_trio_agrees_on_the_corpus(corpus: Path) -> None:
    seen: list[tuple[str, frozenset[RuleCode]]] = []
    for hand in hands(corpus):
        _walk(hand, _check_trio(seen))
    assert len(seen) > 1000
    assert "Complete" in {kind for kind, _ in seen}  # sites that print "completes"


HAND = """\
PokerStars Hand #100: 7 Card Stud Limit ($0.10/$0.20) - 2020/01/01 12:00:00 ET
Table 'Trio' 8-max
Seat 1: Ann ($10 in chips)
Seat 2: Bob ($10 in chips)
Seat 3: Cid ($10 in chips)
Ann: posts the ante $0.02
Bob: posts the ante $0.02
Cid: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [9h Td 2c]
Dealt to Bob [Kd]
Dealt to Cid [As]
Ann: brings in for $0.05
Bob: calls $0.05
Cid: folds
*** 4th STREET ***
Dealt to Ann [9h Td 2c] [3d]
Dealt to Bob [Kd] [Kc]
Bob: checks
Ann: checks
*** 5th STREET ***
Dealt to Ann [9h Td 2c 3d] [4h]
Dealt to Bob [Kd Kc] [7s]
Bob: bets $0.20
Ann: folds
Uncalled bet ($0.20) returned to Bob
Bob collected $0.16 from pot
*** SUMMARY ***
Total pot $0.16 | Rake $0
Seat 1: Ann folded on the 5th Street
Seat 2: Bob collected ($0.16)
Seat 3: Cid folded on the 3rd Street (didn't bet)
"""


def _table_at_the_bring_in() -> Table:
    """The table as the replayer holds it when Ann's bring-in is planned."""
    (hand,) = [r for r in parse_text(HAND) if isinstance(r, ParsedHand)]
    return _walk(hand, lambda table, move: not isinstance(move, BringIn))


def test_each_move_at_a_known_moment() -> None:
    table = _table_at_the_bring_in()
    third, line = Street.THIRD, 99
    assert table.to_act[:1] == ["Ann"]
    # the lowest door card brings in, for the bring-in amount
    assert betting.can_bring_in(table, BringIn(player="Ann", amount=5, line=line))
    wrong = betting.verify_bring_in(table, BringIn(player="Bob", amount=5, line=line))
    assert RuleCode.BRING_IN_WRONG_PLAYER in {f.rule for f in wrong}
    # she may complete instead, to the small bet, not to any other size
    assert betting.can_complete(table, Complete(player="Ann", to=10, line=line))
    odd = betting.verify_complete(table, Complete(player="Ann", to=15, line=line))
    assert {f.rule for f in odd if f.checked} == {RuleCode.COMPLETE_WRONG_SIZE}
    # nobody else may act before her, and she may not check 3rd street open
    early = betting.verify_call(table, Call(player="Bob", amount=5, line=line))
    assert RuleCode.ACTION_OUT_OF_TURN in {f.rule for f in early}
    assert not betting.can_check(table, Check(player="Ann", line=line))
    assert not betting.can_bet(table, Bet(player="Ann", amount=20, line=line))
    # asking changed nothing; acting does, and hands the turn on
    before = state(table)
    betting.verify_raise(table, Raise(player="Ann", by=10, to=20, line=line))
    betting.can_fold(table, Fold(player="Ann", line=line))
    assert state(table) == before
    action = betting.bring_in(table, BringIn(player="Ann", amount=5, line=line))
    assert action.player == "Ann"
    assert table.players["Ann"].put_in[third] == 5
    assert table.to_act[:1] == ["Bob"]
    assert table.bet_to == 5
    assert betting.can_call(table, Call(player="Bob", amount=5, line=line))
    assert betting.can_complete(table, Complete(player="Bob", to=10, line=line))
    assert not betting.can_check(table, Check(player="Bob", line=line))
