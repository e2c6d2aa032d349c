"""The stored hands an import passes over, kept compact (stud_hh.store.known).

A :class:`KnownHands` answers as the ``dict`` it replaces (key -> text digest, ``None``
for a hand stored before digests, the first digest kept): against a dict model under
random additions and lookups, across many sorted runs and their merges, after pickling
(as sent to worker processes), and built from the ``hands`` table's batches.
"""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import pyarrow as pa
import pytest
from helpers import sample_hand_texts, write_renumbered
from helpers import table_digests as rows
from hypothesis import given, settings
from hypothesis import strategies as st

from stud_hh.store import known as known_module
from stud_hh.store.ingest import run
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.known import KnownHands


def _digest(i: int) -> str | None:
    return None if i % 7 == 0 else f"{i:032x}"


@pytest.fixture
def small_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """Sort additions into a run every 5 hands: many runs, many merges."""
    monkeypatch.setattr(known_module, "PENDING", 5)


@settings(max_examples=80, deadline=None)
@given(st.lists(st.lists(st.tuples(st.integers(0, 60), st.integers(0, 1000)), max_size=14),
                max_size=12),
       st.lists(st.integers(0, 80), max_size=40))
def test_it_answers_as_a_dict(additions: list[list[tuple[int, int]]], probes: list[int]
                              ) -> None:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(known_module, "PENDING", 5)
        model: dict[str, str | None] = {}
        known = KnownHands()
        for group in additions:  # several at once, a key maybe twice in one group
            for n, d in group:
                model.setdefault(f"PokerStars\x1f{n}", _digest(d))  # the first digest stays
            known.update([(f"PokerStars\x1f{n}", _digest(d)) for n, d in group])
        keys = [f"PokerStars\x1f{n}" for n in probes]
        assert len(known) == len(model)
        assert known.contains_many(keys) == [k in model for k in keys]
        for key in keys:
            assert (key in known) == (key in model)
            assert known.lookup(key) == ((True, model[key]) if key in model else (False, None))
            if key in model:
                assert known[key] == model[key]
            else:
                with pytest.raises(KeyError):
                    known[key]


def test_many_runs_merge_and_still_answer(small_runs: None) -> None:
    rng = random.Random(3)
    model = {f"Site\x1f{rng.getrandbits(40)}": _digest(i) for i in range(400)}
    known = KnownHands.of(list(model)[:100], list(model.values())[:100])
    for key, digest in list(model.items())[100:]:
        known.update([(key, digest)])
    assert len(known._runs) < 10  # merged as they grow, not one run per five hands
    assert all(known[k] == d for k, d in model.items())
    assert not any(known.contains_many([f"Other\x1f{i}" for i in range(200)]))


def test_a_copy_is_a_snapshot(small_runs: None) -> None:
    known = KnownHands.of(["a\x1f1"], [None])
    snapshot = known.copy()
    known.update([(f"a\x1f{i}", None) for i in range(2, 40)])
    assert "a\x1f30" in known
    assert "a\x1f30" not in snapshot
    assert len(snapshot) == 1
    assert "a\x1f1" in snapshot


def test_it_pickles_as_sent_to_workers(small_runs: None) -> None:
    known = KnownHands.of([f"s\x1f{i}" for i in range(50)], [_digest(i) for i in range(50)])
    known.update([(f"t\x1f{i}", _digest(i)) for i in range(13)])  # runs and pending both
    again = pickle.loads(pickle.dumps(known, protocol=5))
    assert len(again) == 63
    assert all(again[f"s\x1f{i}"] == _digest(i) for i in range(50))
    assert all(again[f"t\x1f{i}"] == _digest(i) for i in range(13))


def test_built_from_the_hands_tables_batches() -> None:
    site = pa.array(["PokerStars", "Full Tilt Poker", "PokerStars"]).dictionary_encode()
    batch = pa.RecordBatch.from_arrays(
        [site, pa.array(["1", "1", "2"]), pa.array([_digest(1), None, _digest(3)])],
        names=["site", "hand_id", "text_digest"])
    known = KnownHands.of_batches([batch, batch.slice(0, 0)])
    assert len(known) == 3
    assert known["Full Tilt Poker\x1f1"] is None
    assert known["PokerStars\x1f2"] == _digest(3)
    assert "PokerStars\x1f3" not in known
    assert len(KnownHands.of_batches([])) == 0


def test_a_hand_takes_32_bytes() -> None:
    n = 20_000
    known = KnownHands.of([f"PokerStars\x1f{9_000_000_000 + i}" for i in range(n)],
                          [_digest(i) for i in range(n)])
    assert known.nbytes() == 32 * n


def test_workers_told_of_no_stored_hand_make_the_same_database(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Past :data:`~stud_hh.store.ingest.run.WORKER_KNOWN_HANDS` stored hands, the workers are
    told of none and the committing process drops the stored ones: the same rows, the same
    conflicts and the same summary as when the workers pass them over themselves."""
    texts = sample_hand_texts()
    first, second = tmp_path / "first.txt", tmp_path / "second.txt"
    write_renumbered(first, texts, 600, 7_000_000_000)
    shift = 300 % len(texts)  # ids 7e9+300.. hold the same texts in both files
    write_renumbered(second, texts[shift:] + texts[:shift], 600, 7_000_000_300)
    stored_copy = first.read_text(encoding="utf-8").split("\n\n")[5]
    with second.open("a", encoding="utf-8") as out:  # a stored hand with another text
        out.write(stored_copy.replace("Table '", "Table 'Other ", 1) + "\n\n")
    found = []
    for limit in (run.WORKER_KNOWN_HANDS, -1):
        monkeypatch.setattr(run, "WORKER_KNOWN_HANDS", limit)
        db = tmp_path / f"db{limit}"
        import_paths([first], db, jobs=1)
        summary = import_paths([second], db, jobs=2, chunk_bytes=64 * 1024)
        assert summary.jobs == 2  # worker processes, not this one (which knows every hand)
        found.append((rows(db), summary.hands_new, summary.duplicates, len(summary.conflicts)))
    assert found[0][1:] == (300, 301, 1)
    assert found[0] == found[1]
