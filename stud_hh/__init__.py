"""stud-hh: read, audit, store and analyse Seven Card Stud hand histories.

The pipeline runs one way: text (:mod:`stud_hh.read.reader`) -> events
(:mod:`stud_hh.read.parse`, :mod:`stud_hh.model.events`) -> replayed hands -> tables ->
statistics -> plots.

>>> from stud_hh import parse_text
>>> result = parse_text(SAMPLE)  # doctest: +SKIP
"""

from stud_hh._version import __version__
from stud_hh.model.errors import HandParseError, StudHHError
from stud_hh.read.parse import (
    ParsedHand,
    ParseFailure,
    SkippedHand,
    parse_file,
    parse_hand,
    parse_paths,
    parse_text,
)


def __getattr__(name: str) -> object:
    """``stud_hh.open_db`` and ``stud_hh.Selection`` without importing pandas and pyarrow
    for every other use."""
    if name == "open_db":
        from stud_hh.store.database import open_db

        return open_db
    if name == "Selection":
        from stud_hh.store.select import Selection

        return Selection
    raise AttributeError(f"module 'stud_hh' has no attribute {name!r}")


__all__ = [
    "HandParseError",
    "ParseFailure",
    "ParsedHand",
    "Selection",
    "SkippedHand",
    "StudHHError",
    "__version__",
    "open_db",
    "parse_file",
    "parse_hand",
    "parse_paths",
    "parse_text",
]
