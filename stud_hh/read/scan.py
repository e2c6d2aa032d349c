"""Files and folders into the files to read: a file named is read; a folder's files are
read when their content holds hands, whatever their names (:func:`scan_paths`).

:func:`holds_hands` judges a file by its content alone: a document format's head, a line
that opens a text site's hand, or text that looks like some site's hand history
(:func:`looks_like_history`), so that no history is passed over because its header is of
a form the readers do not know (its hands then fail with their reason).
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from stud_hh.model.errors import InputError
from stud_hh.read import reader
from stud_hh.read.sites import document_format, starts_hand


@dataclass(frozen=True, slots=True)
class Scan:
    """What a scan of files and folders found: the files to read and what it passed over."""

    files: tuple[Path, ...]
    """Files named directly, and the files of folders that hold hands of a known format."""
    without_hands: tuple[Path, ...] = ()
    """Files met in folders that hold no hand of any format stud-hh reads."""
    problems: tuple[tuple[Path, str], ...] = ()
    """Entries of folders that could not be read or followed, each with why."""

    def summary(self) -> str:
        """``" (3 files held no hands; 1 entry could not be read)"``, or ``""``."""
        parts = []
        if self.without_hands:
            n = len(self.without_hands)
            parts.append(f"{n} file{'s' if n != 1 else ''} in folders held no hands")
        if self.problems:
            n = len(self.problems)
            first = ", ".join(f"{p} ({why})" for p, why in self.problems[:3])
            parts.append(f"{n} entr{'ies' if n != 1 else 'y'} could not be read: {first}"
                         + (", ..." if n > 3 else ""))
        return f" ({'; '.join(parts)})" if parts else ""


_SEAT_LINE = re.compile(r"(?im)^seat[ +#]?\d+\s*(?:\[[^\]\n]*\]\s*)?[:\-]")


_HISTORY_MARKS = (
    re.compile(r"(?i)\b(?:hand|game|stage)\s*(?:#|no\.?\s?|id:?\s?)\d"),
    re.compile(r"(?m)^\*{2,5} ?\S"),
    re.compile(r"(?i)\b(?:posts|antes|brings? in|bring-ins?|dealt to|calls|folds|checks)\b"),
)


def looks_like_history(head: str) -> bool:
    """Whether a text looks like a hand history of some site, known or not: seat lines and
    a hand number, a section marker or action words.

    >>> looks_like_history("Mystery Hand #26331: 7CARD Tournament\\nSeat+1: 1,500 in chips\\n"
    ...                    "Seat+4 [ME]: 1,500 in chips\\n")
    True
    >>> looks_like_history("Seat 1 was mine today; I folded a lot")
    False
    """
    return _SEAT_LINE.search(head) is not None and any(
        mark.search(head) for mark in _HISTORY_MARKS)


def holds_hands(path: str | os.PathLike[str]) -> bool:
    """Whether a file holds hands, judged by its content alone (never by its name): a
    document format's head, a line that opens a text site's hand, or, so that no history
    is passed over because its header is of a form the readers do not know, text that
    looks like a hand history (it is then read, and its hands fail with their reason).
    Raises :class:`InputError` when it cannot be read."""
    start = reader.read_start(path, 1 << 16)
    if reader.looks_binary(start):
        return False
    head = reader.read_head(path)
    if document_format(str(path), head) is not None:
        return True
    if reader.holds_line(path, starts_hand):
        return True
    encoding = reader.detect_encoding(start)
    return looks_like_history(start.decode(encoding, errors="replace").replace("\0", ""))


def scan_paths(paths: Iterable[str | os.PathLike[str]]) -> Scan:
    """The files to read under ``paths``: files named directly are always read; a folder's
    files (recursively) are read when their content holds hands, whatever their names.

    A path that does not exist raises :class:`~stud_hh.model.errors.InputError`.
    """
    files: list[Path] = []
    empty: list[Path] = []
    problems: list[tuple[Path, str]] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            for entry in reader.walk(path):
                if entry.problem is not None:
                    problems.append((entry.path, entry.problem))
                    continue
                try:
                    (files if holds_hands(entry.path) else empty).append(entry.path)
                except InputError as exc:
                    problems.append((entry.path, exc.reason))
        elif path.is_file():
            files.append(path)
        else:
            raise InputError(reader.not_readable(path), path=str(path))
    return Scan(tuple(files), tuple(empty), tuple(problems))
