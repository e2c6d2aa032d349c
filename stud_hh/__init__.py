"""stud-hh: read, audit, store and analyse Seven Card Stud hand histories.

The pipeline runs one way: text (:mod:`stud_hh.read.reader`) -> hands of events
(:mod:`stud_hh.read.parse` reads them into :mod:`stud_hh.model.hand` and
:mod:`stud_hh.model.events`) -> replayed hands -> tables -> statistics -> plots.

>>> from stud_hh import parse_text
>>> result = parse_text(SAMPLE)  # doctest: +SKIP
"""

from typing import TYPE_CHECKING

from stud_hh._version import __version__
from stud_hh.model.errors import HandParseError, StudHHError

# Every other name is imported when first used: `stud-hh --version`, `--help` and every
# command that needs no reader start without the readers, Lark, pandas or numpy.
_LAZY = {
    "ParsedHand": "stud_hh.model.hand",
    "ParseFailure": "stud_hh.model.hand",
    "SkippedHand": "stud_hh.model.hand",
    "parse_file": "stud_hh.read.parse",
    "parse_hand": "stud_hh.read.parse",
    "parse_paths": "stud_hh.read.parse",
    "parse_text": "stud_hh.read.parse",
    "open_db": "stud_hh.store.database",
    "Selection": "stud_hh.store.select",
}


def __getattr__(name: str) -> object:
    """The public names of :data:`_LAZY`, imported from their module on first use."""
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'stud_hh' has no attribute {name!r}")
    from importlib import import_module

    value = getattr(import_module(module), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from stud_hh.model.hand import ParsedHand, ParseFailure, SkippedHand
    from stud_hh.read.parse import parse_file, parse_hand, parse_paths, parse_text
    from stud_hh.store.database import open_db
    from stud_hh.store.select import Selection


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
