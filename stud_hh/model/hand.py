"""A hand as a reader gives it: read whole (:class:`ParsedHand`), passed over as another
game (:class:`SkippedHand`) or kept with the reason it could not be read
(:class:`ParseFailure`).

The records every later stage takes (the replay, the tables, the exports, the simulator),
apart from the readers that make them (:mod:`stud_hh.read.parse`): a stage that holds a
hand needs no reader, and no Lark.

>>> from stud_hh.model.errors import HandParseError
>>> failure = ParseFailure(HandParseError("unknown action 'dances'", path="a.txt", line=7,
...                                       hand_id="12"), "...", "a.txt", 3, 9, "PokerStars")
>>> failure.hand_id, failure.line, failure.reason
('12', 7, "unknown action 'dances'")
"""

from __future__ import annotations

from dataclasses import dataclass

from mypy_extensions import mypyc_attr

from stud_hh.model.errors import StudHHError
from stud_hh.model.events import HandEvent, HandHeader
from stud_hh.model.records import Record


@dataclass(frozen=True, slots=True, kw_only=True)
class ParsedHand(Record):
    """A hand read without error: its header and every event, in line order."""

    header: HandHeader
    events: tuple[HandEvent, ...]
    path: str
    first_line: int
    last_line: int
    warnings: tuple[str, ...] = ()

    @property
    def hand_id(self) -> str:
        return self.header.hand_id

    @property
    def site(self) -> str:
        return self.header.site



@dataclass(frozen=True, slots=True)
class SkippedHand:
    """A hand of a game stud-hh does not read (hold'em in an 8-Game file): counted, not an error."""

    site: str
    hand_id: str
    game_text: str
    path: str
    first_line: int
    last_line: int


@mypyc_attr(allow_interpreted_subclasses=True)  # SummaryFailure, of a module not compiled
@dataclass(frozen=True, slots=True)
class Failure:
    """A text that could not be read, kept whole with the reason: what a hand's and a
    tournament summary's failures have alike (the error's place and words)."""

    error: StudHHError
    raw_text: str
    path: str
    first_line: int
    last_line: int
    site: str | None = None

    @property
    def hand_id(self) -> str | None:
        return self.error.hand_id

    @property
    def line(self) -> int | None:
        return self.error.line

    @property
    def column(self) -> int | None:
        return self.error.column

    @property
    def reason(self) -> str:
        return self.error.reason

    @property
    def offending_text(self) -> str | None:
        return self.error.text


@dataclass(frozen=True, slots=True)
class ParseFailure(Failure):
    """A hand (or stray text) that could not be read, kept whole with the reason."""


ParseResult = ParsedHand | SkippedHand | ParseFailure
"""What a reader gives for each hand (or stray text) of a file."""
