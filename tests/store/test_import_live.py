"""Importing files a poker client is still writing.

Promise: a hand cut off because its file was being written is never stored for good as a
failure. A failure stored earlier is replaced, in one commit, when a later import reads
the hand whole; with a settling time (``settle``, what ``stud-hh watch`` uses), the last
text of a file changed a moment ago waits for a later import unless a blank line follows
it, so no failure is stored at all. Either way the database ends equal to a one-shot
import of the finished file.
"""

from __future__ import annotations

import os
import re
import time
from pathlib import Path
from typing import Any

import pytest
from helpers import sample_hand_texts

from stud_hh.store.database import open_db
from stud_hh.store.ingest.live import LiveImport
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.integrity import check_database
from stud_hh.store.schema import TABLES

ID = re.compile(r"#\d+:")


def session(count: int, first_id: int = 8_100_000_000) -> list[str]:
    """``count`` hand texts of a session file, renumbered, each with its blank lines."""
    texts = [t for t in sample_hand_texts() if t.startswith("PokerStars")]
    return [ID.sub(f"#{first_id + i}:", texts[i % len(texts)], count=1) + "\n\n"
            for i in range(count)]


def cut(text: str) -> tuple[str, str]:
    """A hand's text cut in the middle of its betting (a prefix no reader takes whole)."""
    lines = text.splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if line.startswith("*** 4th")) + 1
    return "".join(lines[:at]), "".join(lines[at:])


def rows(root: Path) -> dict[str, Any]:
    """Every table's rows, sorted; of the ``files`` table (one row per reading of a file,
    counting the hands new at that reading), each file's last size."""
    db = open_db(root)
    found: dict[str, Any] = {}
    for table in TABLES:
        frame = db.table(table)
        if table == "files":
            frame = frame.sort_values("size").groupby("file").tail(1)[["file", "size"]]
        frame = frame.astype(str)
        found[table] = sorted(map(tuple, frame.to_numpy().tolist()))
    return found


def test_a_failure_stored_while_the_file_was_written_is_replaced(tmp_path: Path) -> None:
    hands = session(4)
    head, tail = cut(hands[3])
    path = tmp_path / "HH live.txt"
    path.write_text("".join(hands[:3]) + head, encoding="utf-8")
    first = import_paths([path], tmp_path / "db", jobs=1)
    assert (first.hands_new, first.failures_new) == (3, 1)
    ((file, line, reason),) = first.failures
    assert file == str(path)
    assert line > 0
    assert reason
    with path.open("a", encoding="utf-8") as out:
        out.write(tail)
    second = import_paths([path], tmp_path / "db", jobs=1)
    assert (second.hands_new, second.failures_new, second.failures_replaced) == (1, 0, 1)
    assert "1 stored earlier now read whole: replaced" in second.line()
    db = open_db(tmp_path / "db")
    assert db.count("failures") == 0
    assert db.count("hands") == 4
    import_paths([path], tmp_path / "once", jobs=1)
    assert rows(tmp_path / "db") == rows(tmp_path / "once")
    report = check_database(tmp_path / "db")
    assert report.sound, report.problems
    again = import_paths([path], tmp_path / "db", jobs=1)  # nothing more, nothing less
    assert (again.hands_new, again.failures_new, again.failures_replaced) == (0, 0, 0)


def test_a_replaced_failure_leaves_the_other_failures_alone(tmp_path: Path) -> None:
    hands = session(3)
    broken = tmp_path / "broken.txt"
    broken.write_text(hands[0].replace(": folds", ": juggles", 1), encoding="utf-8")
    head, tail = cut(hands[2])
    path = tmp_path / "live.txt"
    path.write_text(hands[1] + head, encoding="utf-8")
    assert import_paths([broken, path], tmp_path / "db", jobs=1).failures_new == 2
    path.write_text(hands[1] + head + tail, encoding="utf-8")
    summary = import_paths([broken, path], tmp_path / "db", jobs=1)
    assert summary.failures_replaced == 1
    failures = open_db(tmp_path / "db").failures()
    assert list(failures["file"]) == [str(broken)]
    assert "juggles" in failures["reason"].iloc[0]


def test_with_a_settling_time_the_last_hand_waits_for_its_blank_line(tmp_path: Path) -> None:
    hands = session(3)
    head, tail = cut(hands[2])
    path = tmp_path / "live.txt"
    path.write_text(hands[0] + hands[1] + head, encoding="utf-8")
    summary = import_paths([path], tmp_path / "db", jobs=1, settle=60)
    assert (summary.hands_new, summary.failures_new, summary.held_back) == (2, 0, 1)
    assert "still being written waits" in summary.line()
    (size,) = open_db(tmp_path / "db").files()["size"]  # read up to the text that waits
    assert size == len((hands[0] + hands[1]).encode("utf-8"))
    path.write_text(hands[0] + hands[1] + head + tail.rstrip("\n") + "\n", encoding="utf-8")
    summary = import_paths([path], tmp_path / "db", jobs=1, settle=60)
    assert (summary.hands_new, summary.held_back) == (0, 1)  # whole, but no blank line yet
    with path.open("a", encoding="utf-8") as out:
        out.write("\n\n")
    summary = import_paths([path], tmp_path / "db", jobs=1, settle=60)
    assert (summary.hands_new, summary.failures_new, summary.held_back) == (1, 0, 0)


def test_a_file_left_alone_long_enough_is_read_to_its_end(tmp_path: Path) -> None:
    hands = session(2)
    head, _ = cut(hands[1])
    path = tmp_path / "left.txt"
    path.write_text(hands[0] + head, encoding="utf-8")
    assert import_paths([path], tmp_path / "db", jobs=1, settle=60).held_back == 1
    old = time.time() - 120
    os.utime(path, (old, old))  # the client stopped writing two minutes ago
    summary = import_paths([path], tmp_path / "db", jobs=1, settle=60)
    assert (summary.hands_new, summary.failures_new, summary.held_back) == (0, 1, 0)


def test_live_imports_keep_what_is_stored_up_to_date(tmp_path: Path) -> None:
    hands = session(5)
    path = tmp_path / "live.txt"
    written = ""
    with LiveImport(tmp_path / "db", settle=60) as live:
        for hand in hands:
            written += hand
            path.write_text(written, encoding="utf-8")
            summary = live.read([path])
            assert (summary.hands_new, summary.failures_new) == (1, 0)
        assert live.read([path]).hands_new == 0
    import_paths([path], tmp_path / "once", jobs=1)
    assert rows(tmp_path / "db") == rows(tmp_path / "once")


def test_check_finds_a_live_import_sound_while_a_hand_is_half_written(tmp_path: Path) -> None:
    """A file's hands committed before its last one is whole come with a ``files`` row of
    the bytes read, so ``stud-hh check`` finds the database sound at every moment; the
    file is still read again, and once whole its row is the whole file's."""
    hands = session(3)
    head, tail = cut(hands[2])
    path, root = tmp_path / "live.txt", tmp_path / "db"
    with LiveImport(root, settle=60) as live:
        path.write_text(hands[0] + hands[1] + head, encoding="utf-8")  # the last half written
        summary = live.read([path])
        assert (summary.hands_new, summary.held_back) == (2, 1)
        report = check_database(root)
        assert report.sound, report.problems
        read = len((hands[0] + hands[1]).encode("utf-8"))
        assert list(open_db(root).files()["size"]) == [read]  # up to the text that waits
        assert live.read([path]).hands_new == 0  # read again: the half waits still
        assert open_db(root).count("files") == 1
        with path.open("a", encoding="utf-8") as out:
            out.write(tail)  # the second half, a moment later
        summary = live.read([path])
        assert (summary.hands_new, summary.failures_new, summary.held_back) == (1, 0, 0)
        assert check_database(root).sound
    whole = path.stat()
    last = open_db(root).files().sort_values("size").iloc[-1]
    assert (last["size"], last["mtime_ns"], last["hands"]) == (whole.st_size,
                                                               whole.st_mtime_ns, 1)
    assert open_db(root).files()["hands"].sum() == open_db(root).count("hands") == 3
    again = import_paths([path], root, jobs=1)  # nothing more, nothing less
    assert (again.files_unchanged, again.hands_new, again.failures_new) == (1, 0, 0)
    assert open_db(root).count("files") == 2
    import_paths([path], tmp_path / "once", jobs=1)
    assert rows(root) == rows(tmp_path / "once")


def test_a_live_import_holds_the_write_lock(tmp_path: Path) -> None:
    from stud_hh.store.database import DatabaseError

    path = tmp_path / "live.txt"
    path.write_text("".join(session(1)), encoding="utf-8")
    with LiveImport(tmp_path / "db"), pytest.raises(DatabaseError, match="another import"):
        import_paths([path], tmp_path / "db", jobs=1)
