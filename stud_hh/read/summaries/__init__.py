"""Tournament summary files: a site's account of a tournament, read into a result per player.

The sites write a summary file beside the hand histories of each tournament (PokerStars,
Full Tilt Poker, Winamax; PokerStars also mails them): buy-in and fee, entrants, prize
pool, start, every player's place and prize, and which player the file is written for.
Each site's summaries have a grammar (``grammar/<site>_summary.lark``) and a reader module
here; ``docs/formats/summaries.md`` catalogues every form with where it is known from.

A file is a summary file when it opens with a summary's first line (``PokerStars
Tournament #N, ...``, ``Full Tilt Poker Tournament Summary ...``, ``Winamax Poker -
Tournament summary : ...``), or is a PokerStars mail of summaries; a hand history opens
with a hand's header, so neither is ever taken for the other
(:func:`summary_format`). A file may hold several summaries: each is read on its own, and
one that cannot be read is a :class:`SummaryFailure` naming its line while the others are
read.

>>> text = ("PokerStars Tournament #1, Razz\\nBuy-In: $1.80/$0.20 USD\\n2 players\\n"
...         "Total Prize Pool: $3.60 USD\\nTournament started 2013/01/05 20:00:00 ET\\n"
...         "  1: Ann (Peru), $3.60 (100%)\\n  2: Bob (Chile),\\n"
...         "You finished in 2nd place.\\n")
>>> [summary] = read_summary_text(text)
>>> [(r.player, r.finish, r.prize, r.hero) for r in summary.results]
[('Ann', 1, 360, False), ('Bob', 2, 0, True)]
"""

from __future__ import annotations

import os
from collections.abc import Iterator

from stud_hh.model.errors import InputError, SummaryParseError
from stud_hh.read import reader
from stud_hh.read.sites import starts_hand
from stud_hh.read.summaries import fulltilt, pokerstars, winamax
from stud_hh.read.summaries.common import (
    SkippedSummary,
    SummaryFailure,
    SummaryFormat,
    SummaryResult,
    SummaryText,
    TournamentSummary,
    read_one,
)
from stud_hh.read.summaries.text import decoded_lines, mail_head, request_head, split_summaries

__all__ = [
    "FORMATS",
    "SkippedSummary",
    "SummaryFailure",
    "SummaryFormat",
    "SummaryResult",
    "TournamentSummary",
    "read_summaries",
    "read_summary_text",
    "summary_format",
]

FORMATS: tuple[SummaryFormat, ...] = (pokerstars.FORMAT, fulltilt.FORMAT, winamax.FORMAT)
"""Every site's tournament summaries, tried in order on a file's first line."""


def summary_format(head: str) -> SummaryFormat | None:
    """The summary format of a file from its decoded head (BOM and leading blanks
    removed), or ``None`` when it is not a summary file.

    >>> summary_format("Winamax Poker - Tournament summary : Expresso(193493816)\\n").site
    'Winamax'
    >>> summary_format("PokerStars Hand #1: Tournament #2, $1+$0.10 USD Razz ...") is None
    True
    """
    first = head.lstrip("\ufeff \t\r\n").partition("\n")[0].strip()
    for fmt in FORMATS:
        if fmt.start.match(first):
            return fmt
    if mail_head(head) or request_head(head):  # a PokerStars mail of summaries
        lines = [line.strip() for line in head.split("\n")]
        if any(pokerstars.START.match(line) for line in lines) and not any(
                starts_hand(line) for line in lines):
            return pokerstars.FORMAT
    return None


def read_summary_text(text: str, path: str = "<text>",
                      fmt: SummaryFormat | None = None) -> Iterator[SummaryResult]:
    """Every summary of an in-memory text (never raises for bad text)."""
    fmt = fmt or summary_format(text[:4096])
    if fmt is None:
        yield SummaryFailure(SummaryParseError("not a tournament summary of a site stud-hh "
                                               "reads", path=path, line=1),
                             text, path, 1, max(1, text.count("\n")))
        return
    mailed = mail_head(text[:4096]) or request_head(text[:4096])
    lines = decoded_lines(text.replace("\r\n", "\n").replace("\r", "\n"))
    for part in split_summaries(lines, fmt.start, path, mailed):
        if isinstance(part, SummaryText):
            yield read_one(fmt, part)
        elif not mailed:
            first, before = part
            yield SummaryFailure(
                SummaryParseError("text before the first tournament summary of the file",
                                  path=path, line=first, text=before[0]),
                "".join(f"{line}\n" for line in before), path, first,
                first + len(before) - 1, fmt.site)


def read_summaries(path: str | os.PathLike[str]) -> Iterator[SummaryResult]:
    """Every summary of a summary file. Raises :class:`InputError` when the file cannot be
    read (then nothing of it is)."""
    name = str(path)
    text, _ = reader.read_document(path)
    fmt = summary_format(text[:4096])
    if fmt is None:
        raise InputError("not a tournament summary file", path=name)
    yield from read_summary_text(text, name, fmt)
