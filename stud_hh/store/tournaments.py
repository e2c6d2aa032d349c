"""Stage 4b': tournament results -> rows of the ``tournaments`` table (and the ``failures``
rows of summaries that could not be read).

A result's row is keyed by site, tournament, player and source, with the hand's id for a
finishing line of a hand history (a player may go out twice, re-entering between) and a
digest of what the result says for a summary (the same summary imported from two files,
or twice, is stored once; a later summary of the same tournament that says more, a
finished one after one written while the player was still in, is kept beside it and
preferred when results are read: :mod:`stud_hh.analysis.tournaments`).

>>> from stud_hh.model.results import ResultSource, TournamentResult
>>> r = TournamentResult(site="PokerStars", tournament_id="7", player="Bob",
...                      source=ResultSource.HAND, hand_id="42", path="a.txt", line=3,
...                      first_line=1)
>>> result_key(r).split("\\x1f")
['PokerStars', '7', 'Bob', 'hand', '42']
>>> row = tournament_row(r)
>>> row["source"], row["entries"], row["scale"], row["file"]
('hand', 1, 100, 'a.txt')
"""

from __future__ import annotations

import hashlib
from typing import Any

from stud_hh.model.results import ResultSource, TournamentResult
from stud_hh.read.summaries import SummaryFailure
from stud_hh.store.facts import failure_key

Row = dict[str, Any]

_SAYS = ("game_text", "tournament_name", "unit", "buy_in", "fee", "bounty", "entrants",
         "prize_pool", "started_at", "finish", "still_playing", "prize", "ticket",
         "ticket_value", "entries", "rebuys", "addons", "rebuy_cost", "knockouts",
         "bounties_won", "hero")
"""What a result says, its digest's basis (not where it was read)."""


def result_key(result: TournamentResult) -> str:
    """The row's key: the same result read twice has one key."""
    if result.source is ResultSource.HAND and result.hand_id is not None:
        last = result.hand_id
    else:
        said = "\x1e".join(repr(getattr(result, name)) for name in _SAYS)
        last = hashlib.blake2b(said.encode("utf-8", "surrogatepass"),
                               digest_size=12).hexdigest()
    return "\x1f".join((result.site, result.tournament_id, result.player,
                        result.source.value, last))


def tournament_row(result: TournamentResult) -> Row:
    """The ``tournaments`` row of one result."""
    return {
        "key": result_key(result), "site": result.site,
        "tournament_id": result.tournament_id, "player": result.player,
        "source": result.source.value, "hero": result.hero,
        "game": result.game.value if result.game is not None else None,
        "game_text": result.game_text, "tournament_name": result.tournament_name,
        "unit": result.unit, "scale": result.scale, "buy_in": result.buy_in,
        "fee": result.fee, "bounty": result.bounty, "entrants": result.entrants,
        "prize_pool": result.prize_pool, "start_utc": result.started_at,
        "finish": result.finish, "still_playing": result.still_playing,
        "prize": result.prize, "ticket": result.ticket, "ticket_value": result.ticket_value,
        "entries": result.entries, "rebuys": result.rebuys, "addons": result.addons,
        "rebuy_cost": result.rebuy_cost, "knockouts": result.knockouts,
        "bounties_won": result.bounties_won, "hand_id": result.hand_id,
        "file": result.path, "first_line": result.first_line, "line": result.line,
    }


def summary_failure_row(failure: SummaryFailure) -> Row:
    """The ``failures`` row that keeps an unreadable summary whole, with its reason (the
    reason names the tournament; ``hand_id`` stays empty: no hand is concerned)."""
    tournament = f" {failure.tournament_id}" if failure.tournament_id else ""
    return {
        "key": failure_key(failure.raw_text, failure.path, failure.first_line),
        "site": failure.site, "hand_id": None, "file": failure.path, "line": failure.line,
        "first_line": failure.first_line, "last_line": failure.last_line,
        "reason": f"tournament summary{tournament}: {failure.reason}",
        "offending_text": failure.offending_text, "raw_text": failure.raw_text,
    }
