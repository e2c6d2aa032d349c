"""Promise: an import's cost per file does not grow with the folder, and nothing is lost on
the way: a batch of files shares one set of parts and one commit, yet every file keeps its
own row, every repeated hand is stored once (whether its copies fall in one batch or in
two), a hand whose rows the database cannot take is kept as a failure, and worker
processes that cannot start leave the import to one process, which says so.

Speed itself is measured by ``benchmarks/folders.py``, never here.
"""

from __future__ import annotations

import errno
import io
import multiprocessing
import os
from pathlib import Path
from typing import Any

import pytest
from conftest import SAMPLE_HISTORIES
from helpers import SAMPLES, data_files, sample_hand_texts, untracked, write_renumbered

from stud_hh.cli import main
from stud_hh.model.errors import InputError
from stud_hh.store import staging
from stud_hh.store.database import open_db
from stud_hh.store.ingest import plan, pool, worker
from stud_hh.store.ingest.rows import failing_rows
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.schema import HAND_TABLES

HAND = (SAMPLES / "stud_cash_0.10-0.20.txt").read_text(encoding="utf-8").split(
    "\n\n\n")[0].strip() + "\n"


def one_hand_files(folder: Path, count: int, first_id: int = 5_000_000_000) -> Path:
    texts = sample_hand_texts()
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        write_renumbered(folder / f"hand{i:04d}.txt", texts[i % len(texts):], 1, first_id + i)
    return folder


def assert_consistent(root: Path) -> None:
    """Every row of a hand's table has its hand; every hand's file has its files row."""
    db = open_db(root)
    hands = db.hands(columns=["site", "hand_id", "file"])
    keys = set(zip(hands["site"].astype(str), hands["hand_id"], strict=True))
    assert len(keys) == len(hands)
    for table in HAND_TABLES[1:]:
        rows = db.table(table, columns=["site", "hand_id"])
        assert set(zip(rows["site"].astype(str), rows["hand_id"], strict=True)) <= keys, table
    assert set(hands["file"]) <= set(db.files(columns=["file"])["file"])


@pytest.mark.parametrize("jobs", [1, 2])
def test_many_small_files_share_parts_and_commits(tmp_path: Path, jobs: int) -> None:
    histories = one_hand_files(tmp_path / "h", 120)
    summary = import_paths([histories], tmp_path / "db", jobs=jobs)
    assert (summary.files, summary.hands_new, summary.failures_new) == (120, 120, 0)
    db = open_db(tmp_path / "db")
    assert db.count("hands") == 120
    assert db.count("files") == 120  # one row per file read
    # a few batches per process, not a part per file
    most = plan.TASKS_PER_JOB * jobs + 1
    assert len(db.parts()["hands"]) <= most
    assert len(db.history()) <= most
    assert_consistent(tmp_path / "db")
    again = import_paths([histories], tmp_path / "db", jobs=jobs)
    assert (again.files_unchanged, again.hands_new) == (120, 0)


def test_batches_follow_sizes_and_processes() -> None:
    small = [(f"s{i}", 1_500) for i in range(40)]
    assert [len(b) for b in plan.plan_batches(small, 1)] == [10, 10, 10, 10]
    assert [len(b) for b in plan.plan_batches(small, 2)] == [5] * 8
    assert [len(b) for b in plan.plan_batches(small, 1, max_files=3)] == [3] * 13 + [1]
    big = [("a", 10 * 2**20), ("b", 10), ("c", 10)]
    assert plan.plan_batches(big, 1) == [["a"], ["b", "c"]]
    assert plan.plan_batches([], 2) == []


def test_a_few_thousand_hands_are_read_without_worker_processes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Unless --jobs says otherwise, a pool is started only for input that pays for it:
    the 2,450 sample hands (4.6 MB) are read in this process, on any machine."""
    monkeypatch.setattr(os, "cpu_count", lambda: 16)
    started: list[int] = []
    monkeypatch.setattr(pool.ProcessPool, "__call__", lambda *args: started.append(1))
    summary = import_paths([SAMPLE_HISTORIES], tmp_path / "db")
    assert started == []
    assert summary.jobs == 1
    assert summary.hands_new == 2450
    assert plan.default_processes(40 * 2**20, cores=16) == 7
    assert plan.default_processes(10**12, cores=16) == 16


def _write(path: Path, *texts: str) -> Path:
    path.write_text("\n\n".join(texts), encoding="utf-8")
    return path


@pytest.mark.parametrize(("jobs", "batch_files"), [(1, 1), (1, 2), (1, 1000), (2, 1)])
def test_repeats_are_found_within_and_across_batches(tmp_path: Path, batch_files: int,
                                                     jobs: int) -> None:
    """The same hand in two files, a different copy of it, and a failing text twice: stored
    once each, whether the copies fall in one batch or in two."""
    changed = HAND.replace("($8 in chips)", "($8.50 in chips)", 1)
    broken = HAND.replace(": folds", ": juggles", 1).replace("#", "#9", 1)
    folder = tmp_path / "h"
    folder.mkdir()
    _write(folder / "a.txt", HAND)
    _write(folder / "b.txt", HAND)
    _write(folder / "c.txt", changed)
    _write(folder / "d.txt", broken)
    _write(folder / "e.txt", broken)
    (folder / "notes.md").write_text("my notes, no hands\n", encoding="utf-8")
    summary = import_paths([folder], tmp_path / "db", jobs=jobs, batch_files=batch_files)
    assert (summary.files, summary.hands_new, summary.duplicates) == (5, 1, 2)
    assert (summary.failures_new, summary.failures_known) == (1, 1)
    assert len(summary.conflicts) == 1
    assert "1 file in folders held no hands" in summary.line()
    db = open_db(tmp_path / "db")
    assert db.count("hands") == 1
    assert db.count("failures") == 1
    conflict = db.conflicts().iloc[0]
    assert conflict["file"].endswith("c.txt")
    # the stored copy is the first committed (a.txt or b.txt, as the processes finish)
    stored = db.hands(columns=["file", "first_line"]).iloc[0]
    assert Path(stored["file"]).name in ("a.txt", "b.txt")
    assert (conflict["stored_file"], conflict["stored_first_line"]) == \
        (stored["file"], stored["first_line"])
    assert sorted(Path(f).name for f in db.files(columns=["file"])["file"]) == \
        ["a.txt", "b.txt", "c.txt", "d.txt", "e.txt"]
    assert_consistent(tmp_path / "db")


# -- a hand whose rows the database cannot take -----------------------------------------


def test_a_hand_whose_rows_cannot_be_stored_is_kept_as_a_failure(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    histories = tmp_path / "h"
    histories.mkdir()
    texts = sample_hand_texts()
    write_renumbered(histories / "a.txt", texts, 12, 4_000_000_000)
    write_renumbered(histories / "b.txt", texts, 3, 4_100_000_000)
    real = staging.hand_rows

    def overflowing(replayed: Any) -> dict[str, list[dict[str, Any]]]:
        rows = real(replayed)
        if replayed.hand.hand_id == "4000000005":  # passes the reader; its row overflows
            rows["players"][1]["net"] = 2**70
        return rows

    monkeypatch.setattr(staging, "hand_rows", overflowing)
    summary = import_paths([histories], tmp_path / "db", jobs=1)
    assert (summary.hands_new, summary.failures_new) == (14, 1)
    db = open_db(tmp_path / "db")
    assert db.count("hands") == 14
    assert "4000000005" not in set(db.hands(columns=["hand_id"])["hand_id"])
    failure = db.failures().iloc[0]
    assert failure["hand_id"] == "4000000005"
    assert failure["file"].endswith("a.txt")
    assert "players.net" in failure["reason"]
    assert "#4000000005:" in failure["raw_text"]
    assert failure["first_line"] > 1
    files = db.files().set_index(db.files()["file"].map(lambda f: Path(f).name))
    assert (files.loc["a.txt", "hands"], files.loc["a.txt", "failures"]) == (11, 1)
    assert_consistent(tmp_path / "db")


def test_every_hand_of_a_batch_is_stored_when_none_overflows(tmp_path: Path) -> None:
    """The other way round: the same files, nothing patched, nothing failed."""
    histories = tmp_path / "h"
    histories.mkdir()
    write_renumbered(histories / "a.txt", sample_hand_texts(), 12, 4_000_000_000)
    summary = import_paths([histories], tmp_path / "db", jobs=1)
    assert (summary.hands_new, summary.failures_new) == (12, 0)


def test_the_unstorable_row_is_found_among_many() -> None:
    rows = [("a.txt", 1, 1, 2, 0, 0)] * 50 + [("b.txt", 1, 1, 2**40, 0, 0)] + \
        [("c.txt", 1, 1, 2, 0, 0)] * 13
    assert failing_rows("files", rows) == [("b.txt", 1, 1, 2**40, 0, 0)]
    assert failing_rows("files", rows[:50]) == []


# -- worker processes that cannot start -------------------------------------------------


class _FailingStart(multiprocessing.get_context("forkserver").Process):
    error: OSError = BrokenPipeError(errno.EPIPE, "Broken pipe")

    def start(self) -> None:
        raise self.error


class _NotPermitted(_FailingStart):
    error = PermissionError(errno.EPERM, "Operation not permitted")


class _NoResources(_FailingStart):
    error = OSError(errno.EAGAIN, "Resource temporarily unavailable")


class _DyingAtOnce(multiprocessing.get_context("forkserver").Process):
    def run(self) -> None:
        os._exit(1)


def _context_with(process: type) -> Any:
    context = multiprocessing.get_context("forkserver")

    class Context(type(context)):
        Process = process

    return Context()


@pytest.mark.parametrize("process", [_FailingStart, _NotPermitted, _NoResources, _DyingAtOnce],
                         ids=["pipe", "permission", "resources", "die"])
def test_workers_that_cannot_start_leave_the_import_to_one_process(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, process: type) -> None:
    histories = one_hand_files(tmp_path / "h", 30)
    monkeypatch.setattr(pool, "pool_context", lambda: _context_with(process))
    notes: list[str] = []
    summary = import_paths([histories], tmp_path / "db", jobs=2, on_note=notes.append)
    assert (summary.hands_new, summary.jobs) == (30, 1)
    assert len(notes) == 1
    assert "worker processes could not start" in notes[0]
    assert "in this process alone" in notes[0]
    assert open_db(tmp_path / "db").count("hands") == 30
    assert_consistent(tmp_path / "db")
    on_disk = {p for p in data_files(tmp_path / "db") if not p.startswith("batches/")}
    assert on_disk == {p for parts in open_db(tmp_path / "db").parts().values() for p in parts}
    assert not untracked(tmp_path / "db")


@pytest.mark.parametrize("broken", [False, True], ids=["clean", "with-failure"])
def test_the_command_says_so_in_one_line_and_completes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str], broken: bool) -> None:
    histories = one_hand_files(tmp_path / "h", 6)
    if broken:
        _write(histories / "z.txt", HAND.replace(": folds", ": juggles", 1).replace("#", "#9", 1))
    monkeypatch.setattr(pool, "pool_context", lambda: _context_with(_FailingStart))
    code = main(["import", str(histories), "--db", str(tmp_path / "db"), "--jobs", "2", "-q"])
    captured = capsys.readouterr()
    assert code == (1 if broken else 0)  # the exit code of the import itself, as with --jobs 1
    errors = [line for line in captured.err.splitlines()
              if line.strip() and not line.startswith("failure: ")
                  and "could not be read; each is kept whole" not in line]
    assert len(errors) == 1, captured.err
    assert errors[0].startswith("stud-hh: worker processes could not start (BrokenPipeError")
    assert "6 hands new" in captured.out
    assert f"{1 if broken else 0} failures" in captured.out
    assert "on 1 process" in captured.out
    assert "Traceback" not in captured.err


def test_workers_that_start_say_nothing(tmp_path: Path) -> None:
    histories = one_hand_files(tmp_path / "h", 30)
    notes: list[str] = []
    summary = import_paths([histories], tmp_path / "db", jobs=2, on_note=notes.append)
    assert (summary.hands_new, summary.jobs, notes) == (30, 2, [])


# -- the progress bar ---------------------------------------------------------------------


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_counts_files_and_hands(tmp_path: Path,
                                                 monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    import tqdm

    histories = one_hand_files(tmp_path / "h", 8)
    terminal = _Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    real_init = tqdm.tqdm.__init__

    def eager(self: Any, *args: Any, **kwargs: Any) -> None:  # every update drawn
        kwargs.update(mininterval=0, miniters=1)
        real_init(self, *args, **kwargs)

    monkeypatch.setattr(tqdm.tqdm, "__init__", eager)
    assert main(["import", str(histories), "--db", str(tmp_path / "db"), "--jobs", "1"]) == 0
    drawn = terminal.getvalue()
    assert "importing" in drawn
    assert "0/8 files, 0 hands" in drawn
    assert "8/8 files, 8 hands" in drawn
    assert "8 hands new" in capsys.readouterr().out


# -- small files read at once, looked into only when no hand turns up ---------------------


def _mixed_folder(root: Path) -> Path:
    root.mkdir()
    _write(root / "hand.dat", HAND)
    _write(root / "after a note.txt", "exported from my tracker, March\n", HAND)
    (root / "notes.txt").write_text("what I learnt today\n", encoding="utf-8")
    (root / "table.png").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00" * 40)
    (root / "new client.txt").write_text(
        "Brand New Poker Hand #77: Seven Card Stud\nSeat 1: Ann (100)\nSeat 2: Bob (100)\n"
        "Ann: posts ante 5\n", encoding="utf-8")
    (root / "empty.txt").write_bytes(b"")
    return root


@pytest.mark.parametrize("threshold", [0, 2**20], ids=["look-first", "read-at-once"])
def test_small_files_are_passed_over_exactly_as_the_scan_passes_them(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, threshold: int) -> None:
    """Reading a small file at once (looking into it only when no hand turns up) passes
    over the same files the folder scan does, and stores the same rows as looking first."""
    from stud_hh.read.scan import scan_paths

    root = _mixed_folder(tmp_path / "h")
    monkeypatch.setattr(worker, "LOOK_WHILE_READING", threshold)
    scan = scan_paths([root])
    summary = import_paths([root], tmp_path / "db", jobs=1)
    db = open_db(tmp_path / "db")
    stored = sorted(Path(f).name for f in db.files(columns=["file"])["file"])
    assert stored == sorted(p.name for p in scan.files) == \
        ["after a note.txt", "hand.dat", "new client.txt"]
    assert "3 files in folders held no hands" in summary.line()
    # the note before a hand is text outside any hand, kept as a failure either way
    assert (summary.hands_new, summary.duplicates, summary.failures_new) == (1, 1, 2)
    assert sorted(Path(f).name for f in db.failures()["file"]) == \
        ["after a note.txt", "new client.txt"]


def test_a_small_file_gone_before_it_is_read_is_reported(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _mixed_folder(tmp_path / "h")
    real = worker.raw_hands

    def vanishing(path: str, *head: Any) -> Any:
        if path.endswith("hand.dat"):
            raise InputError("cannot open: No such file or directory", path=path)
        return real(path, *head)

    monkeypatch.setattr(worker, "raw_hands", vanishing)
    summary = import_paths([root], tmp_path / "db", jobs=1)
    assert "could not be read" in summary.scan_note, summary.line()
    db = open_db(tmp_path / "db")
    assert "hand.dat" not in {Path(f).name for f in db.files(columns=["file"])["file"]}
    assert sorted(Path(f).name for f in db.failures()["file"]) == \
        ["after a note.txt", "new client.txt"]  # passed over and reported, not a failure
