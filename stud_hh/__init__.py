"""stud-hh: read, audit, store and analyse Seven Card Stud hand histories.

The pipeline runs one way: text (:mod:`stud_hh.reader`) -> events
(:mod:`stud_hh.parse`, :mod:`stud_hh.events`) -> replayed hands -> tables ->
statistics -> plots.

>>> from stud_hh import parse_text
>>> result = parse_text(SAMPLE)  # doctest: +SKIP
"""

from stud_hh.errors import HandParseError, StudHHError
from stud_hh.parse import (
    ParsedHand,
    ParseFailure,
    SkippedHand,
    parse_file,
    parse_hand,
    parse_paths,
    parse_text,
)

__version__ = "0.1.0"

__all__ = [
    "HandParseError",
    "ParseFailure",
    "ParsedHand",
    "SkippedHand",
    "StudHHError",
    "__version__",
    "parse_file",
    "parse_hand",
    "parse_paths",
    "parse_text",
]
