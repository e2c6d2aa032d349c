"""Promise: `stud-hh watch` follows a folder while a poker client writes into it.

A session file is written hand by hand while the watch runs, with a pause in the middle
of a hand (longer than a poll, shorter than the settling time) and the file rewritten
whole once (a new file renamed over it, as clients and sync tools do), and a second
table's file started: at the end the database equals a one-shot import of the final
files, with zero failures. A watch stopped (SIGINT, as Ctrl-C sends) while a large file
is being imported leaves a database that `check` finds sound and that a one-shot import
completes to the exact total.
"""

from __future__ import annotations

import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from helpers import sample_hand_texts

from stud_hh.store.database import open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.integrity import check_database
from stud_hh.store.schema import TABLES

ID = re.compile(r"#\d+:")
TABLE = re.compile(r"Table '[^']+'")


def hands(count: int, first_id: int, table: str) -> list[str]:
    texts = [t for t in sample_hand_texts() if t.startswith("PokerStars")]
    return [TABLE.sub(f"Table '{table}'", ID.sub(f"#{first_id + i}:", texts[i % len(texts)],
                                                 count=1), count=1) + "\n\n"
            for i in range(count)]


def start(folder: Path, db: Path, *extra: str) -> subprocess.Popen[str]:
    """A watch of ``folder``, once it says it is watching (its first line)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "stud_hh.cli", "watch", str(folder), "--db", str(db),
         "--no-hud", "--interval", "0.2", *extra],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert process.stdout is not None
    first = process.stdout.readline()
    assert first.startswith("watching "), first + process.stderr.read()
    return process


def wait_for(condition: Callable[[], bool], seconds: float = 600) -> None:
    """Until ``condition`` holds: ``seconds`` only guards against a hang (a loaded machine
    is slower, never failed)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "the watch did not import in time"
        time.sleep(0.1)


def hand_count(db: Path) -> int:
    if not (db / "batches" / "_delta_log").is_dir():
        return 0
    try:
        return open_db(db).count("hands")
    except Exception:  # a compaction between listing and reading: look again
        return -1


def stop(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=600)  # a guard against a hang only
    return process.returncode, out, err


def rows(root: Path) -> dict[str, Any]:
    """Every table's rows, sorted; of ``files`` (a row per reading), each file's last size."""
    db = open_db(root)
    found: dict[str, Any] = {}
    for table in TABLES:
        frame = db.table(table)
        if table == "files":
            frame = frame.sort_values("size").groupby("file").tail(1)[["file", "size"]]
        found[table] = sorted(map(tuple, frame.astype(str).to_numpy().tolist()))
    return found


@pytest.mark.slow
def test_a_session_written_hand_by_hand_is_imported_whole(tmp_path: Path) -> None:
    folder, db = tmp_path / "HandHistory", tmp_path / "db"
    folder.mkdir()
    session = folder / "HH20240101 Aludra.txt"
    first = hands(8, 8_200_000_000, "Aludra")
    watch = start(folder, db, "--settle", "1.5")
    try:
        written = ""
        for i, hand in enumerate(first):
            if i == 4:  # a pause in the middle of a hand: polls see it half-written
                half = len(hand) // 2
                with session.open("a", encoding="utf-8") as out:
                    out.write(hand[:half])
                time.sleep(0.9)
                hand = hand[half:]
                written += first[i][:half]
            with session.open("a", encoding="utf-8") as out:
                out.write(hand)
            written += hand
            time.sleep(0.25)
        wait_for(lambda: hand_count(db) == 8)
        more = hands(3, 8_200_000_100, "Aludra")
        rewrite = folder / ".tmp-rewrite"  # hidden: the watch passes it over
        rewrite.write_text(written + "".join(more), encoding="utf-8")
        os.replace(rewrite, session)
        other = folder / "HH20240101 Bellatrix.txt"
        other.write_text("".join(hands(2, 8_200_000_200, "Bellatrix")), encoding="utf-8")
        wait_for(lambda: hand_count(db) == 13)
    finally:
        code, out, err = stop(watch)
    assert code == 0, err
    # a loaded machine may catch the hand paused mid-way half-written (the pause outlasting
    # --settle): the next poll reads it whole and replaces the failure, so none is left
    assert "stopped: 13 hands imported, 0 failures" in out, out
    assert "Traceback" not in err, err
    import_paths([folder], tmp_path / "once", jobs=1)
    assert rows(db) == rows(tmp_path / "once")
    assert open_db(db).count("failures") == 0


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2])
def test_a_watch_stopped_mid_import_leaves_a_consistent_database(tmp_path: Path,
                                                                  seed: int) -> None:
    folder, db = tmp_path / "HandHistory", tmp_path / "db"
    folder.mkdir()
    big = folder / "HH20240102 Capella.txt"
    watch = start(folder, db)
    try:
        time.sleep(0.5)  # the watch has polled the empty folder
        big.write_text("".join(hands(1500, 8_300_000_000, "Capella")), encoding="utf-8")
        time.sleep(random.Random(seed).uniform(1.0, 3.0))
    finally:
        code, out, err = stop(watch)
    assert code == 0, err
    assert "Traceback" not in err, err
    report = check_database(db)
    assert report.sound, report.problems
    stored = open_db(db).count("hands")
    assert stored < 1500 or "stopped: 1,500 hands imported" in out
    summary = import_paths([folder], db, jobs=1)
    assert summary.hands_new == 1500 - stored
    assert open_db(db).count("hands") == 1500


def test_watch_names_a_missing_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str]
                                      ) -> None:
    from stud_hh.cli import main

    assert main(["watch", str(tmp_path / "nowhere"), "--db", str(tmp_path / "db")]) == 2
    err = capsys.readouterr().err
    assert "nowhere" in err
    assert "no such folder" in err


def test_watch_refuses_a_nonsense_interval(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    from stud_hh.cli import main

    with pytest.raises(SystemExit) as stopped:
        main(["watch", str(tmp_path), "--db", str(tmp_path / "db"), "--interval", "soon"])
    assert stopped.value.code == 2
    assert "not a number of seconds" in capsys.readouterr().err


def test_a_failure_later_read_whole_is_not_counted(tmp_path: Path) -> None:
    """A hand caught half-written (the client paused longer than --settle) is stored as a
    failure, then replaced when the rest arrives: the watch's totals, its closing line and
    its exit code count what is stored at the end, as `stud-hh failures` does."""
    from stud_hh.live.watch import Watch
    from stud_hh.store.ingest.live import LiveImport

    folder, db = tmp_path / "HandHistory", tmp_path / "db"
    folder.mkdir()
    session = folder / "HH20240103 Deneb.txt"
    first, second = hands(2, 8_400_000_000, "Deneb")
    half = len(second) // 2
    session.write_text(first + second[:half], encoding="utf-8")
    os.utime(session, (time.time() - 60, time.time() - 60))  # left alone: settled
    watch = Watch([folder], db, settle=2.0)
    with LiveImport(db, settle=2.0) as live:
        watch.poll(live)
        assert (watch.totals.hands, watch.totals.failures) == (1, 1)
        assert open_db(db).count("failures") == 1
        with session.open("a", encoding="utf-8") as out:
            out.write(second[half:])
        os.utime(session, (time.time() - 30, time.time() - 30))
        watch.poll(live)
    assert (watch.totals.hands, watch.totals.failures, watch.totals.replaced) == (2, 0, 0)
    assert open_db(db).count("failures") == 0
    assert watch.totals.line().startswith("2 hands imported, 0 failures in ")
