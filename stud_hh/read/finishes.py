"""Tournament results from hand histories: the lines that say who finished where.

A tournament's hands print each elimination at the table (``Player5 finished the
tournament in 28th place``, ``... in 3rd place and received $5.40.``, ``Hero wins the
tournament and receives $200.00 - congratulations!``); the readers keep them as
``TableEvent`` events of kind ``finished`` (each site's ``noise.finished*`` forms in
``docs/formats/``). With the hand header's buy-in, fee and bounty they are a result per
player: a user with hand histories only still gets places and, where the buy-in and the
prize are printed, a return on investment. A summary file of the same tournament, when
there is one, is the better account and wins (see :mod:`stud_hh.analysis.tournaments`).

PokerStars and KingsClub print places and prizes, PartyPoker places (and prizes when
paid), Bovada a ranking and a prize line apart; Merge's ``PLAYER_OUT`` names no place and
gives nothing here.

>>> finish_of("finished the tournament in 3rd place and received $5.40.")
(3, '$5.40')
>>> finish_of("wins the tournament and receives 200.00 - congratulations!")
(1, '200.00')
>>> finish_of("finished in 4 169.")
(4169, None)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime

from stud_hh.model.events import Game, HandEvent, HandHeader, TableEvent, TableEventKind
from stud_hh.model.hand import ParsedHand
from stud_hh.model.results import SCALE, ResultSource, TournamentResult
from stud_hh.read.keys import text_header
from stud_hh.read.parse import colon_names
from stud_hh.read.reader import RawHand
from stud_hh.read.summaries.common import MOST_COUNT, LineFault, money

_FORMS: tuple[re.Pattern[str], ...] = (
    # PokerStars, KingsClub
    re.compile(r"finished the tournament(?: in (?P<place>\d+)(?:st|nd|rd|th) place"
               r"(?: and received (?P<prize>.+?)\.?)?)?$"),
    re.compile(r"wins the tournament(?: and receives (?P<prize>.+?))? - congratulations!$"),
    # PartyPoker
    re.compile(r"finished in (?P<place>\d[\d ]*?)(?:\.| place and received (?P<prize>.+))$"),
    re.compile(r"for winning tournament"),
    # Bovada
    re.compile(r": Ranking (?P<place>\d+)$"),
    re.compile(r": Prize Cash \[(?P<prize>[^\]]+)\]$"),
)
_WINS = ("wins the tournament", "for winning tournament")
_POINTS = ("FPP", "SC")


def finish_of(text: str) -> tuple[int | None, str | None] | None:
    """(place, prize as printed) of a finishing line's words after the player's name;
    ``None`` when the line gives neither (``PLAYER_OUT``)."""
    for form in _FORMS:
        found = form.search(text)
        if found is None:
            continue
        groups = found.groupdict()
        where = groups.get("place")
        finish = int(where.replace(" ", "")) if where else (
            1 if any(w in text for w in _WINS) else None)
        return finish, groups.get("prize")
    return None


@dataclass(frozen=True, slots=True)
class _Hand:
    """What a finishing line's result takes from its hand's header."""

    site: str
    tournament_id: str
    hand_id: str
    game: Game | None
    game_text: str
    buy_in: int | None
    fee: int | None
    bounty: int | None
    buy_in_currency: str | None
    play_money: bool
    started_at: datetime | None
    path: str
    first_line: int

    @classmethod
    def of(cls, header: HandHeader, path: str, first_line: int) -> _Hand | None:
        if header.tournament_id is None:
            return None
        return cls(header.site, header.tournament_id, header.hand_id,
                   None if header.mixed_game else header.game,
                   header.mixed_game or header.game_text, header.buy_in, header.fee,
                   header.bounty, header.buy_in_currency, header.play_money,
                   header.started_at, path, first_line)

    @property
    def unit(self) -> tuple[str | None, int]:
        """The unit of the buy-in and what its amounts are multiplied by to be in
        hundredths: a currency's are in cents; points and play chips are whole."""
        code = self.buy_in_currency
        if code and code not in _POINTS and len(code) == 3:
            return code, 1
        if code:
            return code, SCALE
        return ("play" if self.play_money else None), SCALE


def _times(value: int | None, factor: int) -> int | None:
    return None if value is None else value * factor


def hand_results(hand: ParsedHand) -> tuple[TournamentResult, ...]:
    """A result per player whose finish the hand prints (none for a cash hand)."""
    about = _Hand.of(hand.header, hand.path, hand.first_line)
    return () if about is None else _results(about, hand.events)


_MARKS = ("finished", "wins the tournament", "winning tournament", "Ranking", "Prize Cash")


def skipped_results(raw: RawHand) -> tuple[TournamentResult, ...]:
    """The results a tournament hand of another game prints (a mixed game's hold'em hand
    where a player went out): read from its header and its finishing lines alone, the
    hand's game left unread. Its header gives no buy-in: the stud hands of the tournament
    give it (:mod:`stud_hh.analysis.tournaments`)."""
    if not any(mark in raw.text for mark in _MARKS):
        return ()
    found = text_header(raw)
    if found is None or not found[0].noise:
        return ()
    dialect, head = found
    fields = head.fields
    if fields.get("tournament_id") is None:
        return ()
    about = _Hand(dialect.name, str(fields["tournament_id"]), head.hand_id, None,
                  fields.get("mixed_game") or head.game_text, fields.get("buy_in"),
                  fields.get("fee"), fields.get("bounty"), fields.get("buy_in_currency"),
                  bool(fields.get("play_money")), fields.get("started_at"), raw.path,
                  raw.first_line)
    _, _, taken = dialect.noise.strip(raw.text, raw.line_numbers, colon_names)
    return _results(about, dialect.noise.events(taken))


def _results(about: _Hand, events: Iterable[HandEvent]) -> tuple[TournamentResult, ...]:
    found: dict[str, tuple[int | None, int | None, str | None, int]] = {}
    for event in events:
        if not isinstance(event, TableEvent) or event.kind is not TableEventKind.FINISHED:
            continue
        words = event.text[len(event.player):] if event.text.startswith(event.player) \
            else event.text
        finish = finish_of(words)
        if finish is None:
            continue
        place, printed = finish
        if place is not None and place > MOST_COUNT:  # damage: no place of anyone's
            place = None
        prize, unit = None, None
        if printed is not None:
            try:
                prize, unit = money(printed)
            except LineFault:
                prize = None
        old = found.get(event.player)
        if old is not None:  # Bovada: the ranking and the prize on lines of their own
            place = place if place is not None else old[0]
            prize = prize if prize is not None else old[1]
            unit = unit or old[2]
        found[event.player] = (place, prize, unit, event.line if old is None else old[3])
    return tuple(_result(about, name, *what) for name, what in found.items())


def _result(about: _Hand, name: str, finish: int | None, prize: int | None,
            prize_unit: str | None, line: int) -> TournamentResult:
    unit, factor = about.unit
    if prize is None and finish is not None and finish > 1 and about.site != "Bovada":
        prize = 0  # a place printed without "and received": out of the money
    return TournamentResult(
        site=about.site, tournament_id=about.tournament_id, player=name,
        source=ResultSource.HAND, game=about.game, game_text=about.game_text,
        unit=unit or prize_unit, buy_in=_times(about.buy_in, factor),
        fee=_times(about.fee, factor), bounty=_times(about.bounty, factor),
        started_at=about.started_at, finish=finish, prize=prize, path=about.path,
        line=line, first_line=about.first_line, hand_id=about.hand_id)
