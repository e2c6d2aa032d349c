"""Promise: a folder's files are read by their content, never by their names.

Any file in a folder that holds hands of a known format is read, whatever it
is called; a file that holds none is counted as such, never stored as a
failure; entries that cannot be read or followed (a dangling link, a link
loop, a folder that cannot be listed) are reported by path and reason. A file
named directly is always read.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from stud_hh.cli import main
from stud_hh.model.hand import ParsedHand, ParseFailure
from stud_hh.read.parse import parse_paths
from stud_hh.read.scan import scan_paths
from stud_hh.store.database import open_db
from stud_hh.store.ingest.run import import_paths

HANDWRITTEN = Path(__file__).resolve().parents[1] / "data" / "handwritten"
STARS = HANDWRITTEN / "stud_cash_0.10-0.20.txt"
PNG = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06" * 20


def _folder(tmp_path: Path) -> Path:
    root = tmp_path / "histories"
    (root / "2024" / "march").mkdir(parents=True)
    shutil.copy(STARS, root / "2024" / "march" / "table Aldebaran.dat")  # odd name, hands
    shutil.copy(STARS, root / "HH20240312 no suffix")
    (root / "notes.txt").write_text("what I learnt today\n", encoding="utf-8")
    (root / "table.png").write_bytes(PNG)
    (root / "README").write_text("exported from my tracker\n", encoding="utf-8")
    return root


def test_files_are_read_by_content_whatever_their_names(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    scan = scan_paths([root])
    assert sorted(p.name for p in scan.files) == ["HH20240312 no suffix", "table Aldebaran.dat"]
    assert sorted(p.name for p in scan.without_hands) == ["README", "notes.txt", "table.png"]
    assert scan.problems == ()
    assert "3 files in folders held no hands" in scan.summary()
    results = list(parse_paths([root]))
    assert results
    assert not [r for r in results if isinstance(r, ParseFailure)]
    assert all(isinstance(r, ParsedHand) for r in results)


def test_a_history_of_an_unknown_header_form_is_read_and_fails(tmp_path: Path) -> None:
    """A folder file that looks like a hand history (seat lines, a hand number) but whose
    header no reader knows is read, so its hands fail with their reason: never passed over
    as a file without hands."""
    root = tmp_path / "h"
    root.mkdir()
    (root / "new client.txt").write_text(
        "Brand New Poker Hand #77: Seven Card Stud\nSeat 1: Ann (100)\nSeat 2: Bob (100)\n"
        "Ann: posts ante 5\n", encoding="utf-8")
    scan = scan_paths([root])
    assert [p.name for p in scan.files] == ["new client.txt"]
    (failure,) = parse_paths([root])
    assert isinstance(failure, ParseFailure)
    assert "no hand header of a supported site" in failure.reason


def test_a_file_named_directly_is_always_read(tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("what I learnt today\n", encoding="utf-8")
    scan = scan_paths([notes])
    assert scan.files == (notes,)
    assert [type(r) for r in parse_paths([notes])] == [ParseFailure]


def test_links_that_cannot_be_followed_are_reported(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    (root / "gone.txt").symlink_to(tmp_path / "nowhere.txt")
    (root / "2024" / "back").symlink_to(root, target_is_directory=True)
    scan = scan_paths([root])
    reasons = {p.name: why for p, why in scan.problems}
    assert "dangling" in reasons["gone.txt"]
    assert "loop" in reasons["back"]
    assert len(scan.files) == 2  # nothing read twice through the loop
    assert "2 entries could not be read" in scan.summary()


@pytest.mark.skipif(os.geteuid() == 0, reason="root can list any folder: no unreadable folder "
                    "can be made")
def test_a_folder_that_cannot_be_listed_is_reported(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    locked = root / "locked"
    locked.mkdir()
    locked.chmod(0)
    try:
        scan = scan_paths([root])
    finally:
        locked.chmod(0o755)
    assert [(p.name, "cannot list" in why) for p, why in scan.problems] == [("locked", True)]


def test_cli_summaries_count_the_files_without_hands(tmp_path: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    root = _folder(tmp_path)
    assert main(["parse", str(root)]) == 0
    out = capsys.readouterr().out
    assert "2 files (3 files in folders held no hands): " in out
    db = tmp_path / "db"
    assert main(["import", str(root), "--db", str(db), "--jobs", "1", "-q"]) == 0
    out = capsys.readouterr().out
    assert "3 files in folders held no hands" in out
    assert open_db(db).count("failures") == 0


def test_import_reads_the_same_files_the_scan_finds(tmp_path: Path) -> None:
    root = _folder(tmp_path)
    summary = import_paths([root], tmp_path / "db", jobs=1)
    assert summary.files == 2
    assert summary.failures_new == 0
    assert summary.hands_new > 0
    assert summary.duplicates == summary.hands_new  # the two files hold the same hands
