"""What the tournament summary readers of every site share: the records they make, the
draft a reader fills line by line, amounts and their units, game names, start times, and
the run of a site's grammar over one summary.

A site's reader (``pokerstars``, ``fulltilt``, ``winamax``) is a :class:`SummaryFormat`: how
its summaries start, its grammar file and a function per kind of line that writes what
the line says into a :class:`Draft`. :func:`read_one` parses one summary with the grammar
(every line must have one of its shapes), hands each line to its function, and turns the
draft into a :class:`TournamentSummary` (a :class:`TournamentResult` per player), a
:class:`SkippedSummary` (a tournament of a game with no stud in it) or a
:class:`SummaryFailure` naming the line that could not be read.

>>> money("$1,234.50 USD"), money("0.46€"), money("100 FPP"), money("17000")
((123450, 'USD'), (46, 'EUR'), (10000, 'FPP'), (1700000, None))
>>> game_of("7 Card Stud Hi/Lo"), game_of("Triple Stud"), game_of("Razz Limit")
(<Game.STUD8: 'stud8'>, None, <Game.RAZZ: 'razz'>)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from functools import cache

from lark import Lark, Token
from lark.exceptions import UnexpectedEOF, UnexpectedInput

from stud_hh.model.errors import SummaryParseError
from stud_hh.model.events import Game
from stud_hh.model.hand import Failure
from stud_hh.model.money import parse_amount
from stud_hh.model.results import SCALE, ResultSource, TournamentResult
from stud_hh.read.grammars import grammar_text
from stud_hh.read.sites import games
from stud_hh.read.sites.headers import TimeFault, started
from stud_hh.rules.games import LIMIT_WORDS, MIXED_GAME

# ---------------------------------------------------------------------------
# What a summary file holds
# ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SummaryText:
    """One summary's lines as its grammar reads them: blank lines left out, every line
    with its number in the file."""

    path: str
    lines: tuple[str, ...]
    numbers: tuple[int, ...]
    mailed: bool = False
    """Cut from a mail (the text after its last summary may be the mail's signature)."""

    @property
    def text(self) -> str:
        return "".join(f"{line}\n" for line in self.lines)

    @property
    def first_line(self) -> int:
        return self.numbers[0] if self.numbers else 0

    @property
    def last_line(self) -> int:
        return self.numbers[-1] if self.numbers else 0

    def file_line(self, index: int) -> int:
        """The file line of the ``index``-th (1-based) line of :attr:`text`."""
        return self.numbers[min(max(index, 1), len(self.numbers)) - 1]


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentSummary:
    """A tournament summary read whole: the tournament and every player's result."""

    site: str
    tournament_id: str
    game: Game | None
    game_text: str
    results: tuple[TournamentResult, ...]
    """One per player, in the order of their places (the summary's own player first when
    it names no other)."""
    path: str
    first_line: int
    last_line: int


@dataclass(frozen=True, slots=True, kw_only=True)
class SkippedSummary:
    """A summary of a tournament of another game (hold'em, Omaha, draw): counted, not
    stored, as a hold'em hand is."""

    site: str
    tournament_id: str
    game_text: str
    path: str
    first_line: int
    last_line: int


# not slotted: its base is compiled by mypyc in the wheel, and slots of its own would hide
# the base's native attributes from the base's compiled properties
@dataclass(frozen=True)
class SummaryFailure(Failure):
    """A summary (or text in a summary file) that could not be read, kept whole with the
    reason: what a :class:`~stud_hh.model.hand.ParseFailure` is for a hand."""

    @property
    def hand_id(self) -> str | None:
        return None

    @property
    def tournament_id(self) -> str | None:
        return getattr(self.error, "tournament_id", None)


SummaryResult = TournamentSummary | SkippedSummary | SummaryFailure


class LineFault(ValueError):
    """Raised by a line's reader: the line has its shape but its values do not read. The
    runner turns it into a :class:`SummaryParseError` naming the file line."""


# ---------------------------------------------------------------------------
# Amounts, units, games, times
# ---------------------------------------------------------------------------

CODES = {"USD": "USD", "EUR": "EUR", "GBP": "GBP", "CAD": "CAD", "INR": "INR", "CNY": "CNY",
         "FPP": "FPP", "SC": "SC", "STARSCOIN": "SC", "FTP": "FTP", "T$": "T$",
         "PLAY CHIPS": "play", "PLAY CHIP": "play"}
"""Words after an amount, and the unit each names (``SC`` is PokerStars' StarsCoin, ``FTP``
Full Tilt Points, ``T$`` Full Tilt's tournament dollars)."""
SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP", "₹": "INR", "¥": "CNY", "Rs.": "INR",
           "Â£": "GBP", "â‚¬": "EUR", "â‚¹": "INR", "Â€": "EUR", "T$": "T$"}
"""Signs before (or after) an amount; the ``Â£`` forms are UTF-8 signs read as cp1252 by the
tool that copied the file, which FPDB's readers accept too."""
_AMOUNT = re.compile(
    r"^(?P<pre>T\$|Rs\.\s?|Â£|â‚¬|â‚¹|Â€|[$€£₹¥])?\s?(?P<number>\d[\d.,' ]*?)(?P<mult>[KMB])?"
    r"(?P<post>[€$£])?(?:\s(?P<code>[A-Za-z$ ]+))?$")
_MULTIPLIERS = {"K": 1_000, "M": 1_000_000, "B": 1_000_000_000}
MOST_MONEY = 10**15
"""The largest amount read (in hundredths): a larger one is damage, failed with its line
(the database's integers hold it, but nothing real is that large)."""
MOST_COUNT = 10**6
"""The largest place, number of entrants or of entries read."""
MOST_TIMES = 9_999
"""The most rebuys, add-ons or knockouts of one player read."""


def money(text: str) -> tuple[int, str | None]:
    """An amount as printed -> (hundredths, its unit or ``None`` when bare).

    Raises :class:`LineFault` when the text is no amount.

    >>> money("₹2,724.59"), money("Â£75.00 GBP"), money("$1.5K"), money("22,500 Play Chips")
    ((272459, 'INR'), (7500, 'GBP'), (150000, 'USD'), (2250000, 'play'))
    """
    found = _AMOUNT.match(text.strip())
    if found is None:
        raise LineFault(f"unreadable amount {text.strip()!r}")
    code = found["code"]
    unit = None
    if code is not None:
        unit = CODES.get(code.strip().upper())
        if unit is None:
            raise LineFault(f"unknown currency {code.strip()!r} in {text.strip()!r}")
    sign = (found["pre"] or found["post"] or "").strip()
    if unit is None and sign:
        unit = SYMBOLS[sign]
    try:
        value = parse_amount(found["number"].strip(), SCALE)
    except ValueError:
        raise LineFault(f"unreadable amount {text.strip()!r}") from None
    value *= _MULTIPLIERS.get(found["mult"] or "", 1)
    if value > MOST_MONEY:
        raise LineFault(f"amount {text.strip()!r} is out of range")
    return value, unit




def game_of(text: str) -> Game | None:
    """The stud game a summary's words name, or ``None`` (a mixed game, or no game named).

    >>> [game_of(t) for t in ("Stud H/L", "7 Stud", "5-Card Stud", "2-7 Razz", "8-Game")]
    [<Game.STUD8: 'stud8'>, <Game.STUD: 'stud'>, <Game.FIVE_STUD: 'five_stud'>, \
<Game.RAZZ_27: 'razz27'>, None]
    """
    words = LIMIT_WORDS.sub("", text).strip().lower()
    if MIXED_GAME.search(words):
        return None
    if "razz" in words:
        return Game.RAZZ_27 if re.search(r"2-?7", words) else Game.RAZZ
    if re.search(r"\b5[- ]?card stud|five[- ]card stud", words):
        return Game.FIVE_STUD
    if "stud" in words:
        return Game.STUD8 if re.search(r"hi[/-]?lo|h/l|\b8\b", words) else Game.STUD
    return None


def other_game(text: str) -> bool:
    """Whether a tournament's game is positively not stud (hold'em, Omaha, draw); a mixed
    game with stud in it, or words that name no game, are not."""
    return game_of(text) is None and not MIXED_GAME.search(text) and games.is_other_game(text, "")


_MOMENT = re.compile(r"(?P<d>\d{4}/\d{1,2}/\d{1,2})[ -]+(?P<t>\d{1,2}:\d{2}(?::\d{2})?)"
                     r"(?: (?P<tz>[A-Za-z]{1,5})\b)?")


def moment(text: str) -> datetime | None:
    """The moment a line gives, in UTC: the ET time in brackets when both are printed,
    else the printed one; ``None`` when it prints no zone. Raises :class:`LineFault`
    when the line holds no date and time, or one that cannot be read (an impossible date,
    a zone no reader knows: :func:`~stud_hh.read.sites.headers.started`).

    >>> moment("Tournament started 2016/05/16 0:00:00 EET [2016/05/15 17:00:00 ET]")
    datetime.datetime(2016, 5, 15, 21, 0, tzinfo=datetime.timezone.utc)
    """
    found = list(_MOMENT.finditer(text))
    if not found:
        raise LineFault("no date and time in the line")
    for candidate in (found[-1], found[0]):
        clock = candidate["t"] if candidate["t"].count(":") == 2 else candidate["t"] + ":00"
        try:
            when = started(candidate["d"], clock, candidate["tz"])
        except TimeFault as exc:
            raise LineFault(f"unreadable time: {exc}") from None
        if when is not None:
            return when
    return None


def count(text: str, most: int = MOST_COUNT) -> int:
    """A count as printed (``1,803``), at most ``most`` (a larger one is damage)."""
    try:
        value = int(text.replace(",", "").strip())
    except ValueError:
        raise LineFault(f"unreadable number {text.strip()!r}") from None
    if value > most:
        raise LineFault(f"number {text.strip()!r} is out of range (at most {most:,})")
    return value


_ORDINAL = re.compile(r"(\d+)(?:st|nd|rd|th)")


def place(text: str) -> int | None:
    """The place in ``28th place`` (``None`` for ``... place``)."""
    found = _ORDINAL.search(text)
    return count(found.group(1)) if found else None


# ---------------------------------------------------------------------------
# The draft a reader fills
# ---------------------------------------------------------------------------


@dataclass(slots=True)
class Entry:
    """One line of a summary's list of places: one entry of one player."""

    line: int
    finish: int | None = None
    prize: int | None = None
    unit: str | None = None
    ticket: str | None = None
    ticket_value: int | None = None
    still_playing: bool = False


@dataclass(slots=True)
class Extras:
    """What a summary says of one player beside the place: rebuys, add-ons, bounties."""

    rebuys: int | None = None
    addons: int | None = None
    rebuy_cost: int | None = None
    knockouts: int | None = None
    bounties_won: int | None = None


@dataclass(slots=True)
class Draft:
    """A summary being read: each line's reader writes what the line says here."""

    site: str
    path: str
    first_line: int
    tournament_id: str = ""
    game_text: str = ""
    tournament_name: str | None = None
    unit: str | None = None
    buy_in: int | None = None
    fee: int | None = None
    bounty: int | None = None
    entrants: int | None = None
    prize_pool: int | None = None
    started_at: datetime | None = None
    target_value: int | None = None
    """What a ticket to the target tournament is worth (its buy-in), when printed."""
    entries: dict[str, list[Entry]] = field(default_factory=dict)
    extras: dict[str, Extras] = field(default_factory=dict)
    rebuy_price: int | None = None
    """What one rebuy costs (fee included), where the summary prints it apart."""
    addon_price: int | None = None
    hero: str | None = None
    """The player the summary is written for, when it names them."""
    hero_finish: int | None = None
    hero_line: int | None = None
    hero_entry: Entry | None = None
    """The summary's own result (``You won 0.92€``) where no list of places gives it."""
    hero_extras: Extras = field(default_factory=Extras)
    """What the summary says of its own player (``You made 2 rebuys``) before it is
    known who that is."""

    def add_entry(self, name: str, entry: Entry) -> None:
        self.entries.setdefault(name, []).append(entry)

    def extras_of(self, name: str) -> Extras:
        return self.extras.setdefault(name, Extras())

    def set_unit(self, unit: str | None) -> None:
        """The tournament's unit, from the first amount that shows one."""
        if self.unit is None and unit is not None:
            self.unit = unit


LineReader = Callable[[Draft, str, int], None]
"""Reads one line (without its line end) into the draft; the int is its file line."""


@dataclass(frozen=True, slots=True, eq=False)
class SummaryFormat:
    """One site's tournament summaries."""

    name: str
    site: str
    """The site's name, as its hands are stored (``PokerStars``)."""
    grammar: str
    """The grammar file in ``grammar/``."""
    start: re.Pattern[str]
    """Matches (``match``) the first line of a summary."""
    readers: Mapping[str, LineReader]
    """A reader per terminal of the grammar; a run terminal's lines are read one by one."""
    runs: frozenset[str] = frozenset()
    """Terminals that are runs of lines."""
    finish: Callable[[Draft], None] | None = None
    """Called once every line is read: what the site's lines only say together."""


@cache
def _parser(grammar: str) -> Lark:
    return Lark(grammar_text(grammar), parser="lalr", lexer="contextual",
                maybe_placeholders=False)


# ---------------------------------------------------------------------------
# Reading one summary
# ---------------------------------------------------------------------------


def read_one(fmt: SummaryFormat, text: SummaryText) -> SummaryResult:
    """One summary's result: read whole, skipped (another game) or failed (naming the
    line). Never raises for bad text."""
    draft = Draft(fmt.site, text.path, text.first_line)
    try:
        tokens = _tokens(fmt, text)
        _read_tokens(fmt, draft, text, tokens)
        if fmt.finish is not None:
            fmt.finish(draft)
    except SummaryParseError as exc:
        return SummaryFailure(exc, text.text, text.path, text.first_line, text.last_line,
                              fmt.site)
    if other_game(draft.game_text):
        return SkippedSummary(site=draft.site, tournament_id=draft.tournament_id,
                              game_text=draft.game_text, path=text.path,
                              first_line=text.first_line, last_line=text.last_line)
    results = results_of(draft)
    return TournamentSummary(site=draft.site, tournament_id=draft.tournament_id,
                             game=game_of(draft.game_text), game_text=draft.game_text,
                             results=results, path=text.path, first_line=text.first_line,
                             last_line=text.last_line)


def _tokens(fmt: SummaryFormat, text: SummaryText) -> list[Token]:
    """The summary's lines as the grammar's terminals, in order; a mailed summary's
    trailing text that no summary line begins (the mail's signature) is left out."""
    try:
        tree = _parser(fmt.grammar).parse(text.text)
    except UnexpectedInput as exc:
        index = exc.line if isinstance(exc.line, int) and exc.line > 0 else len(text.lines)
        if text.mailed and isinstance(exc, UnexpectedInput) and 1 < index <= len(text.lines) \
                and text.numbers[index - 1] > text.numbers[index - 2] + 1:
            shorter = SummaryText(text.path, text.lines[:index - 1], text.numbers[:index - 1])
            return _tokens(fmt, shorter)
        raise _parse_error(fmt, exc, text) from None
    return [child for child in tree.children if isinstance(child, Token)]


def _parse_error(fmt: SummaryFormat, exc: UnexpectedInput, text: SummaryText
                 ) -> SummaryParseError:
    tournament = _tournament_id(fmt, text)
    if isinstance(exc, UnexpectedEOF) or getattr(getattr(exc, "token", None), "type",
                                                 None) == "$END":
        return SummaryParseError(
            "truncated: the summary ends before its 'Tournament started' line",
            path=text.path, line=text.last_line, tournament_id=tournament,
            text=text.lines[-1] if text.lines else None)
    index = exc.line if isinstance(exc.line, int) and exc.line > 0 else 1
    line = text.lines[index - 1] if index <= len(text.lines) else ""
    return SummaryParseError(f"unrecognised line (not one of a {fmt.site} summary's lines "
                             "where it stands)",
                             path=text.path, line=text.file_line(index), column=1,
                             tournament_id=tournament, text=line)


def _tournament_id(fmt: SummaryFormat, text: SummaryText) -> str | None:
    found = re.search(r"#(\d+)|\((\d+)\)", text.lines[0]) if text.lines else None
    return (found.group(1) or found.group(2)) if found else None


def _read_tokens(fmt: SummaryFormat, draft: Draft, text: SummaryText,
                 tokens: Sequence[Token]) -> None:
    """Each terminal's lines through its reader, a fault naming its file line."""
    for token in tokens:
        reader = fmt.readers[token.type]
        start = token.line if isinstance(token.line, int) else 1
        lines = str(token).rstrip("\n").split("\n") if token.type in fmt.runs else \
            [str(token).rstrip("\n")]
        for offset, line in enumerate(lines):
            number = text.file_line(start + offset)
            try:
                reader(draft, line, number)
            except LineFault as exc:
                raise SummaryParseError(str(exc), path=text.path, line=number,
                                        tournament_id=draft.tournament_id or None,
                                        text=line) from None


# ---------------------------------------------------------------------------
# The draft -> a result per player
# ---------------------------------------------------------------------------


def results_of(draft: Draft) -> tuple[TournamentResult, ...]:
    """A result per player of the draft: their entries (re-entries) taken together."""
    hero = draft.hero
    if hero is None and draft.hero_finish is not None:
        hero = next((name for name, entries in draft.entries.items()
                     if any(e.finish == draft.hero_finish for e in entries)), None)
    if hero is not None and hero not in draft.entries:
        draft.add_entry(hero, draft.hero_entry or Entry(draft.hero_line or draft.first_line,
                                                        finish=draft.hero_finish))
    if hero is not None:
        _merge_extras(draft.extras_of(hero), draft.hero_extras)
    players = sorted(draft.entries.items(), key=lambda kv: min(
        (e.finish for e in kv[1] if e.finish is not None), default=10**9))
    return tuple(_result(draft, name, entries, name == hero) for name, entries in players)


def _merge_extras(into: Extras, more: Extras) -> None:
    for name in ("rebuys", "addons", "rebuy_cost", "knockouts", "bounties_won"):
        if getattr(into, name) is None:
            setattr(into, name, getattr(more, name))


def _result(draft: Draft, name: str, entries: list[Entry], hero: bool) -> TournamentResult:
    finished = [e for e in entries if e.finish is not None]
    best = min(finished, key=lambda e: e.finish or 0) if finished else entries[0]
    still = any(e.still_playing for e in entries)
    prizes = [e.prize for e in entries if e.prize is not None]
    prize = sum(prizes) if prizes else (None if still or not finished else 0)
    if hero and draft.hero_finish is not None and best.finish is None:
        best = Entry(best.line, finish=draft.hero_finish)
    ticket = next((e.ticket for e in entries if e.ticket), None)
    worth = next((e.ticket_value for e in entries if e.ticket_value is not None), None)
    if worth is None and ticket is not None and ticket.startswith("target"):
        worth = draft.target_value
    extras = draft.extras.get(name, Extras())
    return TournamentResult(
        site=draft.site, tournament_id=draft.tournament_id, player=name,
        source=ResultSource.SUMMARY, game=game_of(draft.game_text),
        game_text=draft.game_text, tournament_name=draft.tournament_name,
        unit=draft.unit or next((e.unit for e in entries if e.unit), None),
        buy_in=draft.buy_in, fee=draft.fee, bounty=draft.bounty, entrants=draft.entrants,
        prize_pool=draft.prize_pool, started_at=draft.started_at, finish=best.finish,
        still_playing=still and best.finish is None, prize=prize, ticket=ticket,
        ticket_value=worth,
        entries=len(entries), rebuys=extras.rebuys, addons=extras.addons,
        rebuy_cost=extras.rebuy_cost, knockouts=extras.knockouts,
        bounties_won=extras.bounties_won, hero=hero, path=draft.path, line=best.line,
        first_line=draft.first_line)
