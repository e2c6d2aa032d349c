"""PHH (the open Poker Hand History format, TOML): import, audit, export and pokerkit.

See :mod:`stud_hh.sites.phh` for how a PHH hand becomes events and
:mod:`stud_hh.phh_export` for the way back.
"""

from __future__ import annotations

from pathlib import Path

from stud_hh import reader


def test_a_folder_scan_finds_phh_and_phhs_files(tmp_path: Path) -> None:
    """A ``.phhs`` file (several hands, pokerkit's ``dump_all``) is a history file too."""
    for name in ("one.phh", "many.phhs", "MANY.PHHS", "notes.md"):
        (tmp_path / name).write_text("variant = 'FR'\n", encoding="utf-8")
    found = sorted(p.name for p in reader.iter_files([tmp_path]))
    assert found == ["MANY.PHHS", "many.phhs", "one.phh"]
