"""Promise: an import's task is a function of the worker it is given and its batch
(`stud_hh.store.ingest.worker.read_batch`): two workers of other settings read in one
process, one after the other, each as its own settings say, and a task leaves nothing
behind for the next. The import's modules hold no state of their own: the one process
slot is the pool's, where a ``ProcessPoolExecutor`` can hand its tasks nothing else.
"""

from __future__ import annotations

import ast
from pathlib import Path

from helpers import sample_hand_texts, write_renumbered

import stud_hh.store.ingest
from stud_hh.store.database import open_db
from stud_hh.store.ingest.dedupe import Stored
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.ingest.tasks import BatchResult, WorkerSettings
from stud_hh.store.ingest.worker import Worker, read_batch
from stud_hh.store.known import KnownHands

INGEST = Path(stud_hh.store.ingest.__file__).parent


def _counts(batch: BatchResult) -> tuple[int, int, bool]:
    """New hands, repeats, and whether the task wrote a ``hands`` part."""
    [result] = batch.files
    return len(result.hand_keys), result.duplicates, any(p.table == "hands" for p in batch.parts)


def test_two_workers_in_one_process_read_each_with_its_own_settings(tmp_path: Path) -> None:
    source = tmp_path / "a.txt"
    write_renumbered(source, sample_hand_texts(), 6, 8_100_000_000)
    root = tmp_path / "db"
    stored_hands = import_paths([source], root, jobs=1).hands_new
    assert stored_hands == 6
    db = open_db(root)
    stored = Stored.of(db)
    knowing = Worker.of(WorkerSettings(str(root), "site", stored.hands,
                                       frozenset(stored.failures), 4000))
    fresh = Worker.of(WorkerSettings(str(root), "site", KnownHands(), frozenset(), 4000))
    piece = (str(source), False)
    with db.writing():
        first = read_batch(knowing, [piece])
        second = read_batch(fresh, [piece])
        third = read_batch(knowing, [piece])
        fourth = read_batch(fresh, [piece])
        db.remove_uncommitted()
    assert _counts(first) == _counts(third) == (0, 6, False)  # all stored: passed over
    assert _counts(second) == _counts(fourth) == (6, 0, True)
    assert first.files == third.files  # the second task changed nothing of the first's
    assert second.files == fourth.files
    assert open_db(root).count("hands") == 6  # the tasks' parts were never committed


def _module_state(path: Path) -> list[str]:
    """The names a module binds at its top level to a mutable container, or changes
    with ``global``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = [f"{path.name}: global {', '.join(node.names)}"
             for node in ast.walk(tree) if isinstance(node, ast.Global)]
    mutable = (ast.List, ast.Dict, ast.Set, ast.ListComp, ast.DictComp, ast.SetComp)
    for node in tree.body:
        value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
        targets = (node.targets if isinstance(node, ast.Assign) else
                   [node.target] if isinstance(node, ast.AnnAssign) else [])
        if isinstance(value, mutable):
            found += [f"{path.name}: {ast.unparse(t)}" for t in targets]
    return found


def test_the_import_keeps_no_state_of_its_own_but_the_pool_process_slot() -> None:
    state = [found for path in sorted(INGEST.glob("*.py")) for found in _module_state(path)]
    assert state == ["pool.py: _THIS_PROCESS"]


def test_the_state_finder_sees_a_global_and_a_module_list(tmp_path: Path) -> None:
    module = tmp_path / "m.py"
    module.write_text("CACHE: dict[str, int] = {}\nSEEN = []\nLIMIT = 3\n"
                      "def f() -> None:\n    global LIMIT\n    LIMIT = 4\n", encoding="utf-8")
    assert _module_state(module) == ["m.py: global LIMIT", "m.py: CACHE", "m.py: SEEN"]
