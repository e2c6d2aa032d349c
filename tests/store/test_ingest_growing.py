"""Whether a file's last text is whole: :func:`stud_hh.store.ingest.growing.settled`, in
every encoding the reader names a file's text with."""

from __future__ import annotations

from pathlib import Path

import pytest

from stud_hh.store.ingest.growing import settled

HAND = "PokerStars Hand #1: Razz Limit (€1/€2 EUR) - Joueur Ã©lu\nSeat 1: A (€10 in chips)\n"


@pytest.mark.parametrize(("encoding", "written"), [
    ("utf-8", "utf-8"),
    ("utf-8-sig", "utf-8-sig"),
    ("utf-16", "utf-16"),
    ("cp1252", "cp1252"),
    ("utf-8+cp1252", "cp1252"),  # a file mostly UTF-8 with cp1252 lines: read as both
])
@pytest.mark.parametrize(("tail", "whole"), [("\n\n\n", True), ("", False), ("\n", False)])
def test_a_file_is_settled_when_a_blank_line_follows_its_last_text(
        tmp_path: Path, encoding: str, written: str, tail: str, whole: bool) -> None:
    path = tmp_path / "h.txt"
    path.write_bytes((HAND + "Seat 2: B folded" + tail).encode(written))
    assert settled(str(path), encoding) is whole


def test_a_file_gone_is_not_settled(tmp_path: Path) -> None:
    assert settled(str(tmp_path / "gone.txt"), "utf-8") is False
