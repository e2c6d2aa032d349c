"""A tournament's result for one player: what a summary file or a hand history says.

One record per tournament and player, whichever text it came from: a site's tournament
summary file (:mod:`stud_hh.read.summaries`: buy-in, fee, entrants, prize pool, every
player's place and prize) or the finishing line of a hand history
(:mod:`stud_hh.read.finishes`: ``Bob finished the tournament in 28th place``, with the
buy-in of the hand's header). Money is an integer in hundredths of ``unit`` (``scale``
says so), never a float; a field the text does not give is ``None``, never made up.

>>> r = TournamentResult(site="PokerStars", tournament_id="664712833", player="Bob",
...                      source=ResultSource.HAND, game_text="Triple Stud", unit="USD",
...                      buy_in=200, fee=20, finish=28, prize=0, path="a.txt", line=51,
...                      first_line=1)
>>> r.cost, r.won, r.cashed
(220, 0, False)
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from stud_hh.model.events import Game

SCALE = 100
"""Units per printed whole of every amount of a result: hundredths, whatever the unit (a
play-chip prize may be printed with cents: ``receives 200.00``)."""


class ResultSource(StrEnum):
    """Where a result comes from; when several texts tell of one player's tournament, a
    summary wins over finishing lines, and finishing lines over hands merely played."""

    SUMMARY = "summary"
    """A site's tournament summary file."""
    HAND = "hand"
    """A finishing line of a hand history (``finished the tournament in 3rd place``)."""
    SEEN = "seen"
    """Dealt into the tournament's hands, no result printed (never stored: the analysis
    reads it from the ``hands`` and ``players`` tables)."""


@dataclass(frozen=True, slots=True, kw_only=True)
class TournamentResult:
    """One player's result in one tournament, as one text tells it."""

    site: str
    tournament_id: str
    player: str
    source: ResultSource
    game: Game | None = None
    """The stud game when the tournament deals one game; ``None`` for a mixed game
    (``game_text`` names it) or a game the text does not name."""
    game_text: str = ""
    """The site's words for the game (``Razz``, ``8-Game``), or the tournament's name when
    the site prints no game."""
    tournament_name: str | None = None
    unit: str | None = None
    """What buy-in, fee and prize are counted in: an ISO currency code (``USD``), ``play``
    for play chips, the site's points (``FPP``, ``SC``, ``FTP``, ``T$``); ``None`` when no
    amount shows it."""
    scale: int = SCALE
    buy_in: int | None = None
    """The prize-pool part of one entry."""
    fee: int | None = None
    bounty: int | None = None
    """The knockout part of one entry (``$2.00/$0.50/$0.20``: the $0.50)."""
    entrants: int | None = None
    prize_pool: int | None = None
    started_at: datetime | None = None
    """When the tournament started, in UTC."""
    finish: int | None = None
    """The place the player finished in; ``None`` when not printed or still playing."""
    still_playing: bool = False
    prize: int | None = None
    """The money prize for the place: 0 out of the money, ``None`` when not known."""
    ticket: str | None = None
    """A ticket won instead of (or beside) money, as printed (``Sunday Million ticket``)."""
    ticket_value: int | None = None
    """The ticket's worth when the text gives it (the target tournament's buy-in)."""
    entries: int = 1
    """Entries the player bought: 1, and one more per re-entry."""
    rebuys: int | None = None
    addons: int | None = None
    rebuy_cost: int | None = None
    """What the rebuys and add-ons cost in all (fees included)."""
    knockouts: int | None = None
    bounties_won: int | None = None
    hero: bool = False
    """The player the text is written for (a summary's ``You finished in 3rd place``)."""
    path: str
    line: int
    """The line that gives the player's result (the summary's first line when none does)."""
    first_line: int
    """The summary's (or the hand's) first line in the file."""
    hand_id: str | None = None
    """The hand whose finishing line this is (``None`` for a summary)."""

    @property
    def cost(self) -> int | None:
        """What the player paid: every entry's buy-in, bounty and fee, and the rebuys and
        add-ons; ``None`` when the buy-in is not known."""
        if self.buy_in is None:
            return None
        entry = self.buy_in + (self.fee or 0) + (self.bounty or 0)
        return entry * self.entries + (self.rebuy_cost or 0)

    @property
    def won(self) -> int | None:
        """Prize, ticket of known worth and bounties together; ``None`` when not known."""
        if self.prize is None and self.ticket_value is None and self.bounties_won is None:
            return None
        return (self.prize or 0) + (self.ticket_value or 0) + (self.bounties_won or 0)

    @property
    def cashed(self) -> bool:
        """In the money: a prize or a ticket for the place (bounties alone are not)."""
        return bool(self.prize) or self.ticket is not None
