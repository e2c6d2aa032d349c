"""Small helpers shared by several test modules."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from stud_hh import ParsedHand


def relined(hand: ParsedHand, shift: int) -> tuple[object, tuple[object, ...]]:
    """The header and events of ``hand`` with every line number moved by ``shift``."""
    header = hand.header
    seats = tuple(dataclasses.replace(s, line=s.line + shift) for s in header.seats)
    header = dataclasses.replace(header, line=header.line + shift, seats=seats)
    events = tuple(dataclasses.replace(e, line=e.line + shift) for e in hand.events)
    return header, events


SAMPLES = Path(__file__).resolve().parent / "data" / "handwritten"


def sample_hand_texts() -> list[str]:
    """The normalised text of every stud hand in ``sample_histories/``."""
    from stud_hh.read import reader
    from stud_hh.read.parse import parse_raw
    from stud_hh.read.scan import scan_paths
    from stud_hh.read.sites import starts_hand

    texts = []
    for path in scan_paths([SAMPLES]).files:
        for raw in reader.read_hands(path, starts_hand):
            if isinstance(parse_raw(raw), ParsedHand):
                texts.append(raw.text)
    return texts


def write_renumbered(path: Path, texts: list[str], count: int, first_id: int) -> None:
    """Write ``count`` hands cycling through ``texts``, numbered from ``first_id``."""
    id_re = re.compile(r"#\d+:")
    with path.open("w", encoding="utf-8", newline="\n") as out:
        for i in range(count):
            out.write(id_re.sub(f"#{first_id + i}:", texts[i % len(texts)], count=1))
            out.write("\n\n")


def table_digests(root: Path | str) -> dict[str, tuple[int, str]]:
    """Every table of the database at ``root``: its row count and a digest of the sorted
    hashes of its rows (each value as text). Two databases alike hold the same rows in
    every table, in any order and any parts."""
    import hashlib

    import numpy as np
    import pandas as pd

    from stud_hh.store.database import open_db
    from stud_hh.store.schema import TABLES

    db = open_db(root)
    found = {}
    for table in TABLES:
        frame = db.table(table).astype(str)
        hashes = np.sort(pd.util.hash_pandas_object(frame, index=False).to_numpy())
        found[table] = (len(frame), hashlib.sha256(hashes.tobytes()).hexdigest()[:16])
    return found


BROKEN_HAND = (SAMPLES / "stud_cash_0.10-0.20.txt").read_text(encoding="utf-8").split(
    "\n\n\n")[0].strip().replace(": folds", ": juggles", 1).replace("#", "#9", 1) + "\n"
"""A Stars hand with an action no site prints: a failure."""


def large_file(folder: Path, hands: int = 1500, first_id: int = 6_000_000_000) -> Path:
    """``hands`` hands in one file ``large.txt``, a broken one among them, a hand repeated
    further on and another repeated with a different text (a conflict): cut into chunks,
    all in different ones."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "large.txt"
    write_renumbered(path, sample_hand_texts(), hands, first_id)
    text = path.read_text(encoding="utf-8")
    hands_text = text.split("\n\n")
    changed = hands_text[10].replace("Table '", "Table 'Other ", 1)
    text = "\n\n".join([*hands_text[:hands // 2], BROKEN_HAND, hands_text[5],
                        *hands_text[hands // 2:], changed])
    path.write_text(text, encoding="utf-8")
    return path


def batches_committed(root: Path) -> int:
    """How many batches the database at ``root`` holds: the commits of its ``batches``
    table's log but the one creating it (read from the folder, as a test watching a running
    import does)."""
    return max(0, len(list((root / "batches" / "_delta_log").glob("*.json"))) - 1)


def data_files(root: Path) -> set[str]:
    """Every data file in the tables' folders of the database at ``root``, relative to it."""
    return {str(p.relative_to(root)) for p in root.glob("*/part-*.parquet")}


def untracked(root: Path) -> set[str]:
    """The data files that no version of their table's log names (left by a killed
    writer): what the next writer deletes."""
    from stud_hh.store.database import Database

    db = Database(root)
    tracked: set[str] = set()
    for table in {p.split("/")[0] for p in data_files(root)}:
        tracked |= db.tables.tracked(table) or set()
    return data_files(root) - tracked


SMALL_HAND = """PokerStars Hand #7: Razz Limit ($1/$2 USD) - 2026/01/02 03:04:05 ET
Table 'T' 8-max
Seat 1: A ($10 in chips)
Seat 2: B ($10 in chips)
A: posts the ante $0.10
B: posts the ante $0.10
*** 3rd STREET ***
Dealt to A [Kd]
Dealt to B [2c]
A: brings in for $0.50
B: folds
Uncalled bet ($0.40) returned to A
A collected $0.30 from pot
*** SUMMARY ***
Total pot $0.30 | Rake $0
Seat 1: A collected ($0.30)
Seat 2: B folded on the 3rd Street (didn't bet)
"""
"""A small PokerStars hand: two players, the bring-in, a fold, the summary."""
