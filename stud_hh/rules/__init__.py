"""The rules of the stud games, as data and small pure functions.

The engine (:mod:`stud_hh.engine`) is one generic machine over these values
(``docs/stud-rules.md``):

* :mod:`stud_hh.rules.games` -- the fixed rules of each game (streets, bet sizes,
  rankings, bring-in, the common card);
* :mod:`stud_hh.rules.profiles` -- the house-rule profiles, with the evidence each
  setting rests on;
* :mod:`stud_hh.rules.printing` -- what a site prints, apart from its house rules (an
  uncalled bet, the showing order), held by each profile as its ``prints``;
* :mod:`stud_hh.rules.play` -- the pure helpers the engine calls (bet size, cap,
  reopening, bring-in, first actor, clockwise order);
* :mod:`stud_hh.rules.evaluate` -- hand evaluation, high and low;
* :mod:`stud_hh.rules.classes` -- the evaluator's answers for every class of ranks, as
  tables many hands are looked up in at once (numpy: imported by the equity counts only);
* :mod:`stud_hh.rules.pots` -- pots, side pots, winners, hi/lo halves, odd chips;
* :mod:`stud_hh.rules.violations` -- the rule codes and the records a replay makes.

This package's namespace gathers the games, profiles and play helpers, so
``from stud_hh.rules import GAMES, profile, cap`` reads as one vocabulary.
"""

from stud_hh.rules.games import (
    GAMES,
    BetSize,
    BoardOrder,
    BringInRule,
    FirstActor,
    GameRules,
    PotHalf,
    Ranking,
    StreetRule,
)
from stud_hh.rules.play import (
    all_in_reopens,
    bet_size,
    big_bet_allowed,
    bring_in_player,
    cap,
    clockwise_from,
    first_actor,
    open_pair_big_bet,
)
from stud_hh.rules.printing import USUAL, Printing, UncalledBet
from stud_hh.rules.profiles import (
    CASINO,
    PROFILES,
    SITE,
    SITE_PROFILES,
    Evidence,
    OddChip,
    OddChipTie,
    Profile,
    ShowdownFirst,
    Support,
    TieBreak,
    UnknownProfileError,
    printing_of,
    profile,
    profile_for,
)

__all__ = [
    "CASINO", "GAMES", "PROFILES", "SITE", "SITE_PROFILES", "USUAL", "BetSize", "BoardOrder",
    "BringInRule", "Evidence", "FirstActor", "GameRules", "OddChip", "OddChipTie", "PotHalf",
    "Printing", "Profile", "Ranking", "ShowdownFirst", "StreetRule", "Support", "TieBreak",
    "UncalledBet", "UnknownProfileError", "all_in_reopens", "bet_size", "big_bet_allowed",
    "bring_in_player", "cap", "clockwise_from", "first_actor", "open_pair_big_bet",
    "printing_of", "profile", "profile_for",
]
