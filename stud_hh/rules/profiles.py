"""The house-rule profiles, as frozen data: what a card room may decide.

* :class:`Profile` -- a named house-rule set (tie-breaks, the cap, reopening,
  odd chips, the open-pair option), with the evidence each setting rests on and, apart
  from the house rules, what its site prints (:class:`~stud_hh.rules.printing.Printing`).
* :data:`PROFILES`, :data:`SITE_PROFILES`, :func:`profile` and :func:`profile_for`
  look them up.

>>> stars = profile("pokerstars")
>>> stars.name, profile_for("site", "Winamax").name
('pokerstars', 'winamax')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from stud_hh.model.errors import StudHHError
from stud_hh.model.events import Game
from stud_hh.model.money import PLAIN_MONEY, MoneyStyle
from stud_hh.rules.games import PotHalf
from stud_hh.rules.printing import USUAL, Printing, UncalledBet

__all__ = ["PROFILES", "SITE", "SITE_PROFILES", "Evidence", "OddChip", "OddChipTie", "Profile",
           "ShowdownFirst", "Support", "TieBreak", "UnknownProfileError", "printing_of",
           "profile", "profile_for"]


# ---------------------------------------------------------------------------
# Vocabulary


class TieBreak(StrEnum):
    """How a tie between equal cards or boards is broken."""

    SUIT = "suit"
    """By suit: clubs < diamonds < hearts < spades (see :func:`bring_in_player`,
    :func:`first_actor` for which end of the order wins)."""
    POSITION = "position"
    """The first of the tied players in ``seat_order`` (clockwise from the dealer)."""


class OddChipTie(StrEnum):
    """Who gets an odd chip among hands that tie for one pot or half."""

    HIGH_CARD_BY_SUIT = "high_card_by_suit"
    """The tied player holding the highest card, suits breaking equal ranks."""
    POSITION = "position"
    """The first tied player in ``seat_order`` (first seat left of the dealer)."""


class ShowdownFirst(StrEnum):
    """Who shows first at the showdown."""

    RIVER_BETTOR = "river_bettor"
    """The last to bet or raise on 7th street; if no one bet there, the first to act on
    7th street (docs/stud-rules.md, seed 001). Then clockwise."""
    RIVER_BETTOR_ELSE_TOGETHER = "river_bettor_else_together"
    """The last to bet or raise on 7th street, then clockwise; a showdown checked down
    on 7th street turns all hands over at once, so its order is not a rule."""


class Support(StrEnum):
    """How strongly a hand supports a profile setting."""

    DECIDES = "decides"
    """A stud-family hand of the site in ``../shared/corpus`` that the other value
    of the setting could not explain."""
    OTHER_GAME = "other_game"
    """A corpus hand of the site in another fixed-limit game decides it."""
    CONSISTENT = "consistent"
    """A corpus hand agrees with the value but would also agree with another."""
    OUTSIDE_CORPUS = "outside_corpus"
    """A public history of the site that is not in the corpus: noted, not counted."""
    NONE = "none"
    """No deciding hand: the value is what docs/stud-rules.md or the site's rules imply."""


# ---------------------------------------------------------------------------
# Profiles


@dataclass(frozen=True, slots=True, kw_only=True)
class OddChip:
    """Where the indivisible odd chip of a split goes.

    >>> OddChip()
    OddChip(split=<PotHalf.HIGH: 'high'>, tie=<OddChipTie.HIGH_CARD_BY_SUIT: 'high_card_by_suit'>)
    """

    split: PotHalf = PotHalf.HIGH
    """In ``stud8``, which half of an odd pot gets the extra chip."""
    tie: OddChipTie = OddChipTie.HIGH_CARD_BY_SUIT
    """Among hands tying for one pot or half, who gets the extra chip."""


@dataclass(frozen=True, slots=True, kw_only=True)
class Evidence:
    """A hand history that supports one setting of a profile.

    ``file`` is relative to ``../shared/corpus`` (``None`` when no hand was
    found); ``hand_id`` is the site's hand number.
    """

    setting: str
    """The :class:`Profile` field it bears on (``prints.FIELD`` for a field of its
    :class:`~stud_hh.rules.printing.Printing`)."""
    support: Support
    shows: str
    """What the hand shows, in a sentence."""
    file: str | None = None
    hand_id: str | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Profile:
    """A named house-rule set: every rule docs/stud-rules.md says differs between houses.

    >>> casino = profile("casino")
    >>> casino.board_tie_break, casino.heads_up_uncapped, casino.max_bets
    (<TieBreak.POSITION: 'position'>, True, 4)
    >>> sorted(game.value for game in casino.open_pair_big_bet)
    ['stud']
    """

    name: str
    description: str
    site: str | None = None
    """The site whose hands the profile was made for, as
    :attr:`~stud_hh.model.events.HandHeader.site` writes it (``None``: docs/stud-rules.md's own,
    :data:`CASINO`). Its :attr:`prints` are that site's; another site's hands replayed
    under this profile keep its house rules and take their own site's printing
    (:func:`profile_for`)."""
    bring_in_tie_break: TieBreak
    """Equal door cards on 3rd street: by suit (seeds 001, 003) or by position, the
    player nearest the dealer's left bringing in (seed 000)."""
    board_tie_break: TieBreak
    """Equal best exposed boards on 4th-7th street: by position, the first player
    clockwise from the dealer (seeds 000, 002), or by suit (seed 003)."""
    heads_up_uncapped: bool
    """True: no cap on raises in a round that starts with only two players."""
    max_bets: int = 4
    """Bet levels allowed per round: one bet (the completion on 3rd street) plus
    ``max_bets - 1`` raises."""
    half_bet_reopens: bool
    """True: an all-in of at least half a full bet or raise counts as a full one for
    reopening the betting; below that it never reopens. False: only a full bet or
    raise reopens."""
    odd_chip: OddChip = OddChip()
    """Where an odd chip of a split pot goes: to the ``split`` half (stud hi/lo's high or
    low half), and among tied hands by ``tie`` (the highest card by suit, or position)."""
    showdown_first: ShowdownFirst = ShowdownFirst.RIVER_BETTOR
    """Who shows first; see :class:`ShowdownFirst`."""
    side_pots_shown_first: bool = False
    """False (docs/stud-rules.md): one showing order for all, whoever is all-in. True (Merge): with
    side pots, the players of the last side pot show first, in that order, then those
    all-in for less, pot by pot back to the main pot (each pot is shown down as it is
    awarded, the last side pot first)."""
    bring_in_is_bet: bool = False
    """False (docs/stud-rules.md): the completion is 3rd street's bet and raises add a bet to
    the current total. True (KingsClub): the bring-in is the opening bet; a completion
    raises it, and is a full raise only if it adds a bet (or half a bet, with
    :attr:`half_bet_reopens`); every raise adds a bet to the last *full* bet or raise,
    not to a completion or all-in short of one. With a bring-in of 33.16 at 44/88,
    the completion to 44 is short, so the raises go to 77.16 and 121.16."""
    open_pair_big_bet: frozenset[Game] = frozenset({Game.STUD})
    """Games in which an open pair on the ``open_pair_option`` street (4th) lets any
    player bet or raise a big bet."""
    prints: Printing = USUAL
    """What the site prints where sites differ (an uncalled bet, the showing order): not
    a house rule, but what the replayer must know to check the history; see
    :class:`~stud_hh.rules.printing.Printing`."""
    evidence: tuple[Evidence, ...] = ()
    """The hands each setting rests on (empty for a profile taken from docs/stud-rules.md); a
    printing setting is named ``prints.FIELD``."""

    def support(self, setting: str) -> Support:
        """The strongest support the corpus gives ``setting`` (``NONE`` if none).

        Evidence from outside the corpus (:attr:`Support.OUTSIDE_CORPUS`) is kept
        for the record but not counted.

        >>> stars = profile("pokerstars")
        >>> stars.support("bring_in_tie_break"), stars.support("half_bet_reopens")
        (<Support.DECIDES: 'decides'>, <Support.NONE: 'none'>)
        """
        strength = list(Support)
        found = [e.support for e in self.evidence
                 if e.setting == setting and e.support is not Support.OUTSIDE_CORPUS]
        return min(found, key=strength.index, default=Support.NONE)


CASINO = Profile(
    name="casino",
    description="Robert's-rules style cardroom (docs/stud-rules.md): heads-up uncapped, board ties "
    "by position, half-bet reopen, odd chip to the high half then by suit",
    bring_in_tie_break=TieBreak.SUIT,
    board_tie_break=TieBreak.POSITION,
    heads_up_uncapped=True,
    max_bets=4,
    half_bet_reopens=True,
    odd_chip=OddChip(split=PotHalf.HIGH, tie=OddChipTie.HIGH_CARD_BY_SUIT),
    open_pair_big_bet=frozenset({Game.STUD}),
)



def _differing_from_casino(**settings: Any) -> Profile:
    """A site's profile: :data:`CASINO` with its name, description, evidence and the house
    rules in which the site differs (so each profile lists only what sets it apart)."""
    return dataclasses.replace(CASINO, **settings)


_STUD_1 = "Stars/7-Stud-USD-0.04-0.08-200911.txt"
_EIGHT_GAME = "Stars/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
_SALM = "Stars/HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt"
_RAZZ_MTT = "Stars/Razz-8max-USD-200-15-201009.bracket.in.alias.txt"
_EARLY = "Stars/_early2008/ps-studhilo-ring-showdown.txt"
_FPDB = "jejellyroll-fr/fpdb-3 regression-test-files/cash/Stars/Stud/"

# Every PokerStars stud, stud8 and razz hand of ../shared/corpus/Stars (73 hands,
# the _early2008 folder and the 8-Game file's stud hands included) was scanned for
# hands that decide each setting. Besides the evidence below: the first actor of
# every street of every one of those hands is the player rules.first_actor names
# (tests/rules/test_rules.py replays them all).
_SIDE_POTS_UNDECIDED = Evidence(
    setting="side_pots_shown_first", support=Support.NONE,
    shows="not confirmed by a corpus hand of the site: none has a player all-in for less "
    "turning over beside a side pot's players in an order only one value explains. "
    "docs/stud-rules.md's one showing order")
"""The ``side_pots_shown_first`` evidence of every profile no hand decides it for."""


def _money(support: Support, shows: str, file: str | None = None,
           hand_id: str | None = None) -> Evidence:
    """Evidence of how a site prints amounts (``prints.money``): what the audit's messages
    copy."""
    return Evidence(setting="prints.money", support=support, file=file, hand_id=hand_id,
                    shows=shows)

_STARS_EVIDENCE: tuple[Evidence, ...] = (
    # showdown_first: with a bet on 7th street the bettor shows first (every such
    # corpus hand agrees); checked down, the history lists hands in seat order from
    # the hero's seat, which no showing order explains: the hands go over together.
    # Found by the replayer's showdown-order check failing docs/stud-rules.md's rule on these.
    Evidence(setting="showdown_first", support=Support.DECIDES, file=_STUD_1,
             hand_id="35874153086",
             shows="7th street checked, no bet after the bring-in: shown by seat from seat 1 "
             "(the hero's), not from RoadDevil (seat 6), the first to act on 7th"),
    Evidence(setting="showdown_first", support=Support.DECIDES, file=_EIGHT_GAME,
             hand_id="99632307247",
             shows="razz, 7th street checked: Hero (seat 2) shows before Player0 (seat 1), "
             "the first to act on 7th"),
    Evidence(setting="showdown_first", support=Support.CONSISTENT, file=_STUD_1,
             hand_id="35874039554",
             shows="7th street checked, the 6th-street bettor mucks: seat order from seat 1"),
    # bring_in_tie_break = suit: decided.
    Evidence(setting="bring_in_tie_break", support=Support.DECIDES, file=_STUD_1,
             hand_id="35874039554",
             shows="doors 5h (seat 5) and 5d (seat 6) tie; seat 6 brings in: by suit, "
             "not by seat order"),
    Evidence(setting="bring_in_tie_break", support=Support.DECIDES, file=_STUD_1,
             hand_id="35874220204",
             shows="doors 2h (seat 1) and 2c (seat 4) tie; seat 4 (2c) brings in"),
    Evidence(setting="bring_in_tie_break", support=Support.DECIDES, file=_EIGHT_GAME,
             hand_id="99632503941",
             shows="stud: 2h (seat 1) and 2c (seat 2) tie; seat 2 (2c) brings in"),
    Evidence(setting="bring_in_tie_break", support=Support.DECIDES, file=_EIGHT_GAME,
             hand_id="99632627755",
             shows="stud8: 8s (seat 1) and 8h (seat 2) tie; seat 2 (8h) brings in"),
    Evidence(setting="bring_in_tie_break", support=Support.CONSISTENT, file=_EIGHT_GAME,
             hand_id="99632670986",
             shows="stud8: Jc (seat 1) and Js (seat 2) tie; seat 1 (Jc) completes first"),
    Evidence(setting="bring_in_tie_break", support=Support.CONSISTENT, file=_EARLY,
             hand_id="20711747191",
             shows="razz: Ts (seat 2) and Th (seat 7) tie; seat 2 (the spade) brings in; "
             "no razz tie in the corpus puts the spade in the later seat"),
    Evidence(setting="bring_in_tie_break", support=Support.CONSISTENT, file=_EIGHT_GAME,
             hand_id="99632317467",
             shows="razz: 8s (seat 1) and 8c (seat 2) tie; seat 1 (8s) completes first"),
    # board_tie_break = position: one razz hand only; no stud/stud8 tie in the corpus.
    Evidence(setting="board_tie_break", support=Support.DECIDES, file=_EIGHT_GAME,
             hand_id="99632365500",
             shows="razz 4th street: boards Qd-3d (seat 1) and 3h-Qc (seat 2) tie; seat 1 "
             "acts first, as position says; the suit rule (lowest suit of the highest "
             "card, the razz mirror of the bring-in) would pick seat 2's Qc. No 4th-7th "
             "street tie in any stud or stud8 hand of the corpus: for those games the "
             "value is not confirmed by a corpus hand"),
    Evidence(setting="board_tie_break", support=Support.OUTSIDE_CORPUS,
             file=_FPDB + "Razz-USD-0.04-0.08-200911.txt", hand_id="35874817957",
             shows="not in the corpus: razz 4th and 5th street, As-6s (seat 1) ties "
             "Ac-6h (seat 3); seat 1 acts first both times"),
    # heads_up_uncapped = False: decided on Omaha Hi/Lo limit hands of the same file.
    Evidence(setting="heads_up_uncapped", support=Support.OTHER_GAME, file=_EIGHT_GAME,
             hand_id="99632104898",
             shows="Omaha Hi/Lo Limit, 2-max: flop bet and three raises between two "
             "players, then 'Betting is capped'"),
    Evidence(setting="heads_up_uncapped", support=Support.OTHER_GAME, file=_EIGHT_GAME,
             hand_id="99632136884",
             shows="Omaha Hi/Lo Limit, 2-max: capped heads-up on the flop and the river"),
    Evidence(setting="heads_up_uncapped", support=Support.OTHER_GAME, file=_EIGHT_GAME,
             hand_id="99632163358",
             shows="Omaha Hi/Lo Limit, 2-max: capped heads-up before the flop. No "
             "stud-family round that starts heads-up reaches 4 bet levels in the corpus "
             "(at most 3, e.g. 99632474329, 99632480552)"),
    Evidence(setting="heads_up_uncapped", support=Support.CONSISTENT, file=_STUD_1,
             hand_id="35874289931",
             shows="stud 5th street: three players, one folds, the last two reach bet "
             "plus three raises and 'Betting is capped' is printed"),
    Evidence(setting="heads_up_uncapped", support=Support.OUTSIDE_CORPUS,
             file=_FPDB + "Razz-USD-0.04-0.08-200911.txt", hand_id="35874780027",
             shows="not in the corpus: razz river with two players from the start of "
             "6th street: bet, three raises, 'Betting is capped', call"),
    # max_bets = 4.
    Evidence(setting="max_bets", support=Support.DECIDES, file=_RAZZ_MTT,
             hand_id="49382949075",
             shows="razz 3rd street: completion plus three raises, 'Betting is capped', "
             "then only calls and folds"),
    Evidence(setting="max_bets", support=Support.DECIDES, file=_STUD_1,
             hand_id="35874289931",
             shows="stud 5th street: bet plus three raises, 'Betting is capped', call"),
    # half_bet_reopens: no deciding hand.
    Evidence(setting="half_bet_reopens", support=Support.NONE,
             shows="not confirmed by a corpus hand: the only all-ins in stud hands are a "
             "full big bet on 4th (Salm IX 60974484959) and calls (Triple Stud "
             "91733835979); no all-in for less than a full bet or raise is followed by "
             "action. True follows the half-bet rule of limit cardrooms (docs/stud-rules.md)"),
    # odd_chip: no odd split in the corpus.
    Evidence(setting="odd_chip", support=Support.NONE,
             shows="not confirmed by a corpus hand: every stud8 split in the corpus is "
             "even (7-StudHL-USD-0.04-0.08-200911.Cardtest 35874676388: 40/40; "
             "7-StudHL-USD-10-1-200906.PT2.export 29356803849: 220/220; 8-Game "
             "99632574289: 328/328) and no stud or razz pot is split between tied "
             "hands. Values from docs/stud-rules.md: high half first, then highest card by suit "
             "(PokerStars prints no dealer in stud, so 'left of the dealer' is undefined)"),
    Evidence(setting="odd_chip", support=Support.OUTSIDE_CORPUS,
             file=_FPDB + "7-StudHL-USD-0.04-0.08-200911.txt", hand_id="35874576282",
             shows="not in the corpus: $0.73 after rake split $0.37 to the high hand, "
             "$0.36 to the low: the high half gets the odd cent"),
    # open_pair_big_bet = {stud}.
    Evidence(setting="open_pair_big_bet", support=Support.DECIDES, file=_STUD_1,
             hand_id="35874334277",
             shows="stud: 5s-5c on 4th, 'Pair on board - a double bet is allowed', "
             "bets $0.08 (the big bet)"),
    Evidence(setting="open_pair_big_bet", support=Support.DECIDES, file=_EIGHT_GAME,
             hand_id="99632512109",
             shows="stud: Kd-Kc on 4th, the announcement, bets 80 (the big bet)"),
    Evidence(setting="open_pair_big_bet", support=Support.DECIDES, file=_SALM,
             hand_id="60974484959",
             shows="stud: Qh-Qs on 4th, the announcement, bets $0.08 all-in"),
    Evidence(setting="open_pair_big_bet", support=Support.CONSISTENT, file=_EIGHT_GAME,
             hand_id="99632554838",
             shows="stud8: Th-Ts on 4th, no announcement, bets 40 (small); likewise "
             "stud8 99632561862 and razz 99632379168 (7d-7h, bet 30); no big bet on "
             "4th in stud8 or razz anywhere in the corpus"),
    # prints.uncalled_unprinted_before: the client of 2005-2007 printed no "Uncalled bet" line
    # and left the bet out of the pot it awarded; the corpus's hands are all later.
    Evidence(setting="prints.uncalled_unprinted_before", support=Support.OUTSIDE_CORPUS,
             file="philroberts/FPDB-for-OSX pyfpdb/regression-test-files/tour/Stars/Flop/"
             "NLHE-USD-MTT-5r-200710.txt", hand_id="12637593243",
             shows="not in the corpus, 2007/10/15: J.R.66350 bets 30 on the turn and "
             "whitehot folds; no uncalled-bet line, 'J.R.66350 collected 240 from pot', "
             "'Total pot 240': the 30 went back unprinted"),
    Evidence(setting="prints.uncalled_unprinted_before", support=Support.OUTSIDE_CORPUS,
             file="jejellyroll-fr/fpdb-3 regression-test-files/cash/Stars/Flop/"
             "LHE-10max-USD-1.00-2.00-200508.hero.takes.a.walk.txt", hand_id="2467687491",
             shows="not in the corpus, 2005/08/31: everyone folds to the big blind; no "
             "uncalled-bet line, 'Hero collected $1 from pot', 'Total pot $1'"),
)

POKERSTARS = _differing_from_casino(
    name="pokerstars",
    site="PokerStars",
    description="PokerStars fixed-limit stud, stud8 and razz, checked on the corpus hands",
    heads_up_uncapped=False,
    showdown_first=ShowdownFirst.RIVER_BETTOR_ELSE_TOGETHER,
    prints=Printing(uncalled_unprinted_before=datetime(2008, 1, 1, tzinfo=UTC),
                    money=PLAIN_MONEY),
    evidence=(*_STARS_EVIDENCE, _SIDE_POTS_UNDECIDED,
              _money(Support.DECIDES, "'Hero ($51125.64 in chips)', 'posts the ante $60': no "
                     "thousands mark, no cents on a whole amount; tournament chips the same "
                     "('6920 in chips', 91733835979 of the Triple Stud file)",
                     "Stars/7-StudHL-USD-400-800-201701.3bet.fix.txt", "164954571644")),
)

_FTP_STEAL = "FTP/7-StudHL-USD-2-4-201006.Steal.examples.txt"
_FTP_CO = "FTP/7-Stud-USD-3-6-20106.Steal.from.CO.Success.txt"
_FTP_3BET = "FTP/7-Stud-USD-3-6-20106.Steal.from.HJ.Failure-3bet.by.button.txt"
_FTP_EARLY = "FTP/_early2008/ftp-stud-hilo-ring-001.txt"

# Every stud, stud8 and razz hand of ../shared/corpus/FTP (24 hands; the five-card
# stud hand is not audited) replays clean under this profile; each setting was
# flipped in turn and the corpus replayed again (tests/read/sites/test_fulltilt.py does it):
# only the settings marked DECIDES / OTHER_GAME change the result.
_FTP_EVIDENCE: tuple[Evidence, ...] = (
    Evidence(setting="bring_in_tie_break", support=Support.DECIDES, file=_FTP_CO,
             hand_id="21536266313",
             shows="stud: doors 2s (seat 3) and 2c (seat 4) tie; seat 4 (2c) brings in: by "
             "suit, not by seat order"),
    Evidence(setting="bring_in_tie_break", support=Support.DECIDES, file=_FTP_STEAL,
             hand_id="11111111813",
             shows="stud: doors 3s (seat 3) and 3c (seat 5) tie; seat 5 (3c) brings in"),
    Evidence(setting="open_pair_big_bet", support=Support.DECIDES, file=_FTP_STEAL,
             hand_id="11111111813",
             shows="stud: an open pair on 4th street and a bet of $4 (the big bet) there"),
    Evidence(setting="open_pair_big_bet", support=Support.DECIDES, file=_FTP_STEAL,
             hand_id="11111112277",
             shows="stud: an open pair on 4th street and a bet of $4 (the big bet) there; "
             "no big bet on 4th in the corpus's stud8 or razz hands"),
    Evidence(setting="showdown_first", support=Support.CONSISTENT, file=_FTP_3BET,
             hand_id="21536527525",
             shows="stud: Hero bets 7th street and shows first; no checked-down showdown "
             "among the corpus's FTP hands decides the order without a river bet"),
    Evidence(setting="board_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no two equal best boards on 4th-7th "
             "street in any FTP hand (position and suit both replay clean). Position "
             "follows docs/stud-rules.md's casino value"),
    Evidence(setting="heads_up_uncapped", support=Support.NONE,
             shows="not confirmed by a corpus hand: no FTP round reaches the cap, heads-up "
             "or not (max_bets 3 and 5 both replay clean). Uncapped heads-up follows "
             "docs/stud-rules.md's casino value"),
    Evidence(setting="max_bets", support=Support.NONE,
             shows="not confirmed by a corpus hand: no stud, stud8 or razz round of the FTP "
             "corpus goes past two bet levels. Four follows docs/stud-rules.md"),
    Evidence(setting="half_bet_reopens", support=Support.OTHER_GAME,
             file="FTP/5-Stud-USD-MTT-100-201303.txt", hand_id="32412111030",
             shows="five-card stud: Player0 completes to 800, Player4 raises all-in to 1,345 "
             "(545, more than half a bet), and Player0, who had acted, raises again to "
             "2,145: the short all-in reopened the betting. No seven-card hand decides it"),
    Evidence(setting="odd_chip", support=Support.NONE,
             shows="not confirmed by a corpus hand: the one stud8 split (_early2008 "
             "6367428246) is a scoop of $125 + $125 by one player. Values from docs/stud-rules.md"),
    Evidence(setting="odd_chip", support=Support.CONSISTENT, file=_FTP_EARLY,
             hand_id="6367428246",
             shows="stud8 scoop: 'wins the high pot ($125)' and 'wins the low pot ($125)'"),
)

FULL_TILT = _differing_from_casino(
    name="fulltilt",
    site="Full Tilt Poker",
    description="Full Tilt Poker fixed-limit stud, stud8 and razz, checked on the corpus "
    "hands (only the bring-in tie-break and the open pair are decided by them)",
    prints=Printing(money=MoneyStyle(grouped=True, chips_grouped=True)),
    evidence=(*_FTP_EVIDENCE, _SIDE_POTS_UNDECIDED,
              Evidence(setting="prints.shown_in_deal_order", support=Support.CONSISTENT,
                       file=_FTP_3BET, hand_id="21536527525",
                       shows="Hero, dealt Td Jd As, shows [Jd Td As Jc Js 7h 2s]: the two down "
                       "cards of 3rd street swapped, every card on its street (likewise "
                       "11111112961); the corpus's other five shown hands whose deal is "
                       "known print it in its order"),
              _money(Support.DECIDES, "tournament chips with thousands marked: 'Player0 "
                     "(4,950)', 'raises to 1,345'", "FTP/5-Stud-USD-MTT-100-201303.txt",
                     "32412111030"),
              _money(Support.CONSISTENT, "cash: 'antes $0.50', 'brings in for $1' (no cents "
                     "on a whole amount); no cash amount of the corpus reaches $1,000, which "
                     "the reader's tests write '$1,234.50' (tests/read/sites/forms_fulltilt.py)",
                     _FTP_CO, "21536266313")),
)

_PARTY_MTT = "PartyPoker/7-Stud-USD-MTT-6.00-201205.txt"
_PARTY_HL = "PartyPoker/7-StudHL-USD-10-20.201202.wins.lo.pot.txt"

# PartyPoker never prints an opponent's card before the showdown, so no door card
# or board of the corpus's four hands (all replay clean) can decide a tie-break:
# those checks are unverifiable on every PartyPoker hand, whatever the setting.
_PARTY_EVIDENCE: tuple[Evidence, ...] = (
    Evidence(setting="open_pair_big_bet", support=Support.DECIDES, file=_PARTY_MTT,
             hand_id="11792805420",
             shows="stud: 'double bets [120]' on 4th street at 60/120: the big bet, which the "
             "site itself names as the open-pair option"),
    Evidence(setting="max_bets", support=Support.NONE,
             shows="not confirmed by a corpus hand: the one round with four bet levels "
             "(11792805420, 6th street: bet, three raises, call) is heads-up, so it bears "
             "on the cap only if heads-up rounds are capped. Four follows docs/stud-rules.md"),
    Evidence(setting="showdown_first", support=Support.CONSISTENT, file=_PARTY_MTT,
             hand_id="11792805420",
             shows="the 7th-street bettor shows first (likewise 9581478205 and 11480841734); "
             "no checked-down showdown in the corpus"),
    Evidence(setting="bring_in_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: PartyPoker prints no opponent's door "
             "card, so no tie can be seen. Suit follows docs/stud-rules.md (seeds 001, 003)"),
    Evidence(setting="board_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: PartyPoker prints no opponent's board. "
             "Position follows docs/stud-rules.md's casino value"),
    Evidence(setting="heads_up_uncapped", support=Support.NONE,
             shows="not confirmed by a corpus hand: the one heads-up round that reaches four "
             "bet levels (11792805420, 6th street) ends with a call, which either value "
             "explains. Uncapped follows docs/stud-rules.md's casino value"),
    Evidence(setting="half_bet_reopens", support=Support.NONE,
             shows="not confirmed by a corpus hand: no all-in in the corpus's PartyPoker hands"),
    Evidence(setting="odd_chip", support=Support.NONE,
             shows="not confirmed by a corpus hand: the one stud8 split (11480841734, "
             "$90.50 + $90.50) is even. Values from docs/stud-rules.md"),
    Evidence(setting="odd_chip", support=Support.CONSISTENT, file=_PARTY_HL,
             hand_id="11480841734",
             shows="stud8: high and low halves of $181 after rake, $90.50 each"),
)

PARTYPOKER = _differing_from_casino(
    name="partypoker",
    site="PartyPoker",
    description="PartyPoker fixed-limit stud and stud8: the open pair checked "
    "on the corpus hands; tie-breaks cannot be seen in its histories",
    prints=Printing(money=MoneyStyle(chips_grouped=True, code=True)),
    evidence=(*_PARTY_EVIDENCE, _SIDE_POTS_UNDECIDED,
              _money(Support.DECIDES, "cash amounts carry the currency's code: 'posts ante "
                     "[$0.05 USD]', 'Player0 ( $390 USD )'",
                     "PartyPoker/7-Stud-USD-1-2-201104.txt", "10399817763"),
              _money(Support.DECIDES, "tournament chips with thousands marked: 'Hero ( 2,930 "
                     ")', 'posts ante [10]'", _PARTY_MTT, "11792805420")),
)

_WMX_STUD = "Winamax/7-Stud-6max-EUR-25-50-201611._8games_.txt"
_WMX_EXPORT = "Winamax/7-Stud-6max-play-0.5-0.10-201606.export.txt"
_WMX_HL = "Winamax/7-StudHL-6max-EUR-25-50-201611._8games_.txt"
_WMX_2022 = "Winamax/_fpdb3_test_hand/20220307_Malmö_real_7stud8_fixed-limit.txt"

# Every stud, stud8 and razz hand of ../shared/corpus/Winamax (7 hands) replays
# clean under this profile except the negative.bet hand, a site data fault that
# the audit flags (tests/read/sites/test_winamax.py lists its violations). All of them are
# heads-up or three-handed, and no door card, board or all-in decides a house rule.
_WMX_EVIDENCE: tuple[Evidence, ...] = (
    Evidence(setting="prints.showdown_order_recorded", support=Support.DECIDES, file=_WMX_STUD,
             hand_id="9250793-470-1478990787",
             shows="Hero (seat 1) raises 7th street last, yet Player0 (seat 4) is listed "
             "showing first"),
    Evidence(setting="prints.showdown_order_recorded", support=Support.DECIDES, file=_WMX_2022,
             hand_id="17032867-64-1646691396",
             shows="jelachatte (seat 1) bets 7th street, Kurcias. (seat 2) calls and is "
             "listed showing first"),
    Evidence(setting="prints.showdown_order_recorded", support=Support.DECIDES, file=_WMX_EXPORT,
             hand_id="8835086-564-1465760198",
             shows="Player2 (seat 6) bets 7th street and is listed first: so neither the "
             "bettor nor the caller always shows first; every corpus showdown lists the "
             "hands from the highest seat down, so the showing order is not recorded"),
    Evidence(setting="showdown_first", support=Support.NONE,
             shows="not confirmed by a corpus hand: the history records no showing order "
             "(prints.showdown_order_recorded), so no hand can decide who shows first. "
             "docs/stud-rules.md's river-bettor rule"),
    Evidence(setting="prints.uncalled", support=Support.DECIDES, file=_WMX_HL,
             hand_id="9250793-554-1478991850",
             shows="Player0 bets 50€ on 7th, Hero folds; no uncalled-bet line, 'Total pot "
             "228€ | Rake 2€' holds the 50€ and Player0 collects 114€ + 114€; likewise "
             "razz 9250793-444-1478990340 and 2022's 17032867-65-1646691450"),
    Evidence(setting="bring_in_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no two equal door cards. Suit follows "
             "docs/stud-rules.md (seeds 001, 003)"),
    Evidence(setting="board_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no equal best boards. Position follows "
             "docs/stud-rules.md's casino value"),
    Evidence(setting="heads_up_uncapped", support=Support.NONE,
             shows="not confirmed by a corpus hand: no round goes past two bet levels. "
             "Uncapped heads-up follows docs/stud-rules.md's casino value"),
    Evidence(setting="max_bets", support=Support.NONE,
             shows="not confirmed by a corpus hand: no round goes past two bet levels. "
             "Four follows docs/stud-rules.md"),
    Evidence(setting="half_bet_reopens", support=Support.NONE,
             shows="not confirmed by a corpus hand: the one all-in for less is the "
             "negative.bet hand's faulty raise"),
    Evidence(setting="odd_chip", support=Support.NONE,
             shows="not confirmed by a corpus hand: the one stud8 pot split in halves "
             "(9250793-554-1478991850) goes to one player. Values from docs/stud-rules.md"),
    Evidence(setting="open_pair_big_bet", support=Support.NONE,
             shows="not confirmed by a corpus hand: no open pair on 4th street in a stud "
             "hand. Stud only follows docs/stud-rules.md"),
)

WINAMAX = _differing_from_casino(
    name="winamax",
    site="Winamax",
    description="Winamax fixed-limit stud, stud8 and razz cash games: the uncalled bet stays "
    "in the printed pot, the showing order is not recorded; no house rule is decided by "
    "the corpus hands",
    prints=Printing(uncalled=UncalledBet.IN_POT, showdown_order_recorded=False,
                    money=MoneyStyle(sign_after=True)),
    evidence=(*_WMX_EVIDENCE, _SIDE_POTS_UNDECIDED,
              _money(Support.DECIDES, "the sign after the number, no thousands mark: 'posts "
                     "ante 5€', 'Hero (1749.22€)'; play money without a sign ('posts ante "
                     "0.01', 8835086-564-1465760198 of the export file)", _WMX_STUD,
                     "9250793-470-1478990787")),
)

_IPK_STUD = "iPoker/7-StudL-USD-0.05-0.10-201009.txt"
_IPK_HL = "iPoker/7-StudHL-EUR-0.05-0.10-201405.txt"

# Every hand of ../shared/corpus/iPoker (5 stud8, 2 stud and 1 five-card stud) replays
# clean under this profile; each setting was flipped in turn and the hands replayed
# again (tests/read/sites/test_ipoker.py does it): only the printing of the showing order
# changes the result. Six of
# the eight hands are heads-up.
_IPK_EVIDENCE: tuple[Evidence, ...] = (
    Evidence(setting="prints.showdown_order_recorded", support=Support.DECIDES, file=_IPK_STUD,
             hand_id="2418629537",
             shows="three players check 7th street and reach the showdown: no element says who "
             "showed or in what order (their hidden cards are printed in their 3rd-street deal "
             "elements); the reader lists them by seat, which the river-bettor rule flags. No "
             "iPoker history records a showing order (likewise 5710054735, 5710078165)"),
    Evidence(setting="showdown_first", support=Support.NONE,
             shows="not confirmed by a corpus hand: the history records no showing order "
             "(prints.showdown_order_recorded), so no hand can decide who shows first. "
             "docs/stud-rules.md's river-bettor rule"),
    Evidence(setting="bring_in_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no two equal lowest door cards. Suit "
             "follows docs/stud-rules.md (seeds 001, 003)"),
    Evidence(setting="board_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no equal best boards (position and suit "
             "both replay clean). Position follows docs/stud-rules.md's casino value"),
    Evidence(setting="heads_up_uncapped", support=Support.NONE,
             shows="not confirmed by a corpus hand: the most bet levels in a round is three "
             "(5710056302, 6th street, heads-up: bet, raise, raise, call). Uncapped heads-up "
             "follows docs/stud-rules.md's casino value"),
    Evidence(setting="max_bets", support=Support.NONE,
             shows="not confirmed by a corpus hand: no round goes past three bet levels. Four "
             "follows docs/stud-rules.md"),
    Evidence(setting="half_bet_reopens", support=Support.NONE,
             shows="not confirmed by a corpus hand: the one all-in for less than a bet "
             "(5710056302, 7th street: Player0 raises all-in by €0.01 over Hero's €0.10) is "
             "only called, which either value allows"),
    Evidence(setting="odd_chip", support=Support.NONE,
             shows="not confirmed by a corpus hand: every stud8 pot is won whole by one "
             "player. Values from docs/stud-rules.md"),
    Evidence(setting="open_pair_big_bet", support=Support.NONE,
             shows="not confirmed by a corpus hand: no open pair on 4th street in either stud "
             "hand. Stud only follows docs/stud-rules.md"),
)

IPOKER = _differing_from_casino(
    name="ipoker",
    site="iPoker",
    description="iPoker fixed-limit stud and stud8 cash games: the history records no "
    "showing order; no house rule is decided by the corpus hands",
    prints=Printing(showdown_order_recorded=False, money=MoneyStyle(chips_grouped=True)),
    evidence=(*_IPK_EVIDENCE, _SIDE_POTS_UNDECIDED,
              _money(Support.CONSISTENT, "'chips=\"$1\"', 'bet=\"$0.03\"': no cents on a "
                     "whole amount; no tournament in the corpus, whose chips the reader's "
                     "tests write '5,350' (tests/read/sites/forms_ipoker.py)", _IPK_STUD,
                     "2418629537")),
)

_MRG_HORSE = "Merge/HORSE-8max-USD-0.25-0.50-201409.new.format.txt"
_MRG_RAZZ = "Merge/Razz-USD-0.50-1.00-201111.allIn.txt"

# Every stud, stud8 and razz hand of ../shared/corpus/Merge (8 hands) replays clean
# under this profile but the no-limit hand, which the replayer's fixed-limit bet sizes
# do not fit (tests/read/sites/test_merge.py lists it); each setting was flipped in turn and the
# hands replayed again (tests/read/sites/test_merge.py does it). Merge prints no pot total, so how
# it prints an uncalled bet (a winner marked uncalled="true" in the XML v2 files, folded
# into the winner's amount before) is not a profile setting.
_MRG_EVIDENCE: tuple[Evidence, ...] = (
    Evidence(setting="odd_chip", support=Support.DECIDES, file=_MRG_HORSE,
             hand_id="78854953-357",
             shows="stud8: $4.19 after rake split $2.10 to the high hand (Player1) and $2.09 "
             "to the low (Hero): the odd cent goes to the high half. No pot is split between "
             "equal hands: the tie rule is docs/stud-rules.md's"),
    Evidence(setting="max_bets", support=Support.CONSISTENT, file=_MRG_RAZZ,
             hand_id="43618199-14",
             shows="razz 3rd street, three players: the completion and three raises, then only "
             "calls; a cap of three bet levels is ruled out (it flags the last raise), nothing "
             "tells four from more. Four follows docs/stud-rules.md"),
    Evidence(setting="showdown_first", support=Support.CONSISTENT, file=_MRG_HORSE,
             hand_id="78854953-357",
             shows="stud8, 7th street checked: Player1, the first to act on 7th, shows before "
             "Hero; in every other showdown one hand is shown and the others mucked"),
    Evidence(setting="side_pots_shown_first", support=Support.OUTSIDE_CORPUS,
             file="jejellyroll-fr/fpdb-3 regression-test-files/tour/Merge/Mixed/"
             "HORSE-Tournament-Freeroll.201107.xml", hand_id="36487050-15",
             shows="razz: Player5 all-in on the ante; on 7th Player1 bets, Player15 calls; "
             "shown Player1, Player15, then Player5 (seat 0, clockwise between them): the "
             "side pot's players show first, the main pot's all-in player last"),
    Evidence(setting="bring_in_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no two equal door cards decide the "
             "bring-in. Suit follows docs/stud-rules.md (seeds 001, 003)"),
    Evidence(setting="board_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no equal best boards. Position follows "
             "docs/stud-rules.md's casino value"),
    Evidence(setting="heads_up_uncapped", support=Support.NONE,
             shows="not confirmed by a corpus hand: no heads-up round goes past two bet "
             "levels. Uncapped heads-up follows docs/stud-rules.md's casino value"),
    Evidence(setting="half_bet_reopens", support=Support.NONE, file=_MRG_RAZZ,
             hand_id="43618199-14",
             shows="not confirmed by a corpus hand: the one all-in for less than a bet (razz, "
             "4th street: Hero raises all-in by $0.41 over a $0.50 bet) is only called, which "
             "either value allows"),
    Evidence(setting="open_pair_big_bet", support=Support.NONE,
             shows="not confirmed by a corpus hand: no open pair on 4th street in the stud "
             "hand. Stud only follows docs/stud-rules.md"),
)

MERGE = _differing_from_casino(
    name="merge",
    site="Merge",
    description="Merge Gaming fixed-limit stud, stud8 and razz cash games and tournaments: "
    "the odd chip of a split goes to the high half; side pots are shown down first",
    side_pots_shown_first=True,
    prints=Printing(money=MoneyStyle(cents=True)),
    evidence=(*_MRG_EVIDENCE,
              _money(Support.DECIDES, "every action's amount has its cents: 'amount=\"0.05\"', "
                     "'amount=\"1.00\"'; the stakes and seats are in dollars "
                     "('$0.50/$1')", "Merge/7-Stud-USD-0.50-1.00-201102.Sample.txt",
                     "31423297-107")),
)

_EVERLEAF = "Everleaf/7-Stud-EUR-0.05-0.10.201108-new-format.txt"

# The corpus's six Everleaf hands (stud, heads-up, one file) replay clean under this
# profile; each setting was flipped in turn and the hands replayed again
# (tests/read/sites/test_everleaf.py): only the settings marked DECIDES change the result.
_EVERLEAF_EVIDENCE: tuple[Evidence, ...] = (
    Evidence(setting="prints.uncalled", support=Support.DECIDES, file=_EVERLEAF,
             hand_id="295679510",
             shows="MOURINHO_ bets €0.05 on 4th, EricBlade folds; no line returns the bet, "
             "MOURINHO_ 'wins € 0.12 EURO' (the antes and 3rd street only) and starts the "
             "next hand with €2.56 = €2.50 + €0.12 - €0.06: the €0.05 came back to him, it "
             "was not rake; likewise 295679820 and 295679998"),
    Evidence(setting="open_pair_big_bet", support=Support.DECIDES, file=_EVERLEAF,
             hand_id="295680332",
             shows="stud: EricBlade shows 4s-4h on 4th street and MOURINHO_ raises by €0.10, "
             "the big bet"),
    Evidence(setting="showdown_first", support=Support.CONSISTENT, file=_EVERLEAF,
             hand_id="295680332",
             shows="MOURINHO_ raises 7th street last and shows first; in 295679620 and "
             "295680165, checked down, the first to act on 7th shows first. The looser "
             "value (checked-down hands together) and a history recording no order explain "
             "them too"),
    Evidence(setting="max_bets", support=Support.NONE,
             shows="not confirmed by a corpus hand: the two rounds with four bet levels "
             "(295680332, 6th and 7th street: bet, three raises, call) are heads-up, so they "
             "bear on the cap only if heads-up rounds are capped. Four follows docs/stud-rules.md"),
    Evidence(setting="heads_up_uncapped", support=Support.NONE,
             shows="not confirmed by a corpus hand: every hand is heads-up and the four-level "
             "rounds end with a call, which either value explains. Uncapped follows "
             "docs/stud-rules.md's casino value"),
    Evidence(setting="bring_in_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no two equal door cards. Suit follows "
             "docs/stud-rules.md (seeds 001, 003)"),
    Evidence(setting="board_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no equal best boards. Position follows "
             "docs/stud-rules.md's casino value"),
    Evidence(setting="half_bet_reopens", support=Support.NONE,
             shows="not confirmed by a corpus hand: no all-in in the Everleaf hands"),
    Evidence(setting="odd_chip", support=Support.NONE,
             shows="not confirmed by a corpus hand: stud only, no pot split. Values from "
             "docs/stud-rules.md"),
)

EVERLEAF = _differing_from_casino(
    name="everleaf",
    site="Everleaf",
    description="Everleaf fixed-limit stud: an uncalled bet is returned without a line; the "
    "open pair is decided by the corpus hands",
    prints=Printing(uncalled=UncalledBet.UNPRINTED, shown_in_deal_order=False,
                    money=PLAIN_MONEY),
    evidence=(*_EVERLEAF_EVIDENCE, _SIDE_POTS_UNDECIDED,
              Evidence(setting="prints.shown_in_deal_order", support=Support.DECIDES,
                       file=_EVERLEAF, hand_id="295679620",
                       shows="EricBlade is dealt 5c 4d Ks, then Ac 9d Qh up and Js down on "
                       "7th, and shows [ Js, 4d, Ks, Ac, 9d, Qh, 5c ]: the 7th-street card "
                       "first, a 3rd-street one last; in 295680165 (dealt Js Qs 6s ... Ts) "
                       "[ Qs, Ts, 6s, 4h, 5c, Jd, Js ]. The up cards stand where they were "
                       "dealt; only 295680332 prints the deal's order"),
              _money(Support.CONSISTENT, "'posts bring-in €0.02.'; the bracketed amounts "
                     "spell it '[€ 0.01 EURO]', which the messages shorten to '€0.01'",
                     _EVERLEAF, "295679510")),
)

_ONGAME = "OnGame/7-Stud-USD-0.10-0.20-201009.Sample.txt"

# The corpus's six OnGame hands (four stud at one table, a stud 'big bring in' hand and a
# stud8 hand) replay clean under this profile, and every net is the one the summary
# prints; each setting was flipped in turn (tests/read/sites/test_ongame.py): only the printing
# of the showing order changes the result.
_ONGAME_EVIDENCE: tuple[Evidence, ...] = (
    Evidence(setting="prints.showdown_order_recorded", support=Support.DECIDES, file=_ONGAME,
             hand_id="R5-82086688-610",
             shows="no showdown section: the cards shown are printed only in the summary, by "
             "seat. 7th street is checked with Hero (seat 2) first to act, yet the bAAr "
             "(seat 1) is listed first; the showing order is not recorded"),
    Evidence(setting="showdown_first", support=Support.NONE,
             shows="not confirmed by a corpus hand: the history records no showing order "
             "(prints.showdown_order_recorded), so no hand can decide who shows first. "
             "docs/stud-rules.md's river-bettor rule"),
    Evidence(setting="bring_in_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no two equal door cards. Suit follows "
             "docs/stud-rules.md (seeds 001, 003)"),
    Evidence(setting="board_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no equal best boards. Position follows "
             "docs/stud-rules.md's casino value"),
    Evidence(setting="heads_up_uncapped", support=Support.NONE,
             shows="not confirmed by a corpus hand: no round goes past two bet levels. "
             "Uncapped heads-up follows docs/stud-rules.md's casino value"),
    Evidence(setting="max_bets", support=Support.NONE,
             shows="not confirmed by a corpus hand: no round goes past two bet levels. Four "
             "follows docs/stud-rules.md"),
    Evidence(setting="half_bet_reopens", support=Support.NONE,
             shows="not confirmed by a corpus hand: no all-in in the OnGame hands"),
    Evidence(setting="odd_chip", support=Support.NONE,
             shows="not confirmed by a corpus hand: the one stud8 pot (R5-78227816-62) goes "
             "whole to a high hand, no low qualifying. Values from docs/stud-rules.md"),
    Evidence(setting="open_pair_big_bet", support=Support.NONE,
             shows="not confirmed by a corpus hand: no open pair on 4th street. Stud only "
             "follows docs/stud-rules.md"),
    # prints.uncalled = UNPRINTED: no corpus hand ends on a bet nobody calls; FPDB's does.
    Evidence(setting="prints.uncalled", support=Support.OUTSIDE_CORPUS,
             file="philroberts/FPDB-for-OSX pyfpdb/regression-test-files/cash/OnGame/Flop/"
             "LHE-9max-USD-0.50-1.00-201008.All-in.with.showdown.txt", hand_id="R5-75443872-61",
             shows="not in the corpus: limit hold'em, 2010: 'Hero bets 0.50', the other player "
             "folds, no line returns the bet, and 'Main pot: 3.40' is the three calls of 1.05 "
             "and the small blind, without it"),
)

ONGAME = _differing_from_casino(
    name="ongame",
    site="OnGame",
    description="OnGame fixed-limit stud and stud8: the cards shown are listed by seat in the "
    "summary, so the showing order is not checked; a bet nobody calls is returned without a "
    "line; no house rule is decided by the corpus hands",
    prints=Printing(uncalled=UncalledBet.UNPRINTED, showdown_order_recorded=False,
                    money=MoneyStyle(grouped=True)),
    evidence=(*_ONGAME_EVIDENCE, _SIDE_POTS_UNDECIDED,
              _money(Support.CONSISTENT, "'ante: $0.10', 'big bring in $1': no cents on a "
                     "whole amount; no amount of the corpus reaches $1,000, which the reader's "
                     "tests write '$1,500' (tests/read/sites/forms_ongame.py)",
                     "OnGame/7-Stud-USD-1.00-2.00-201212.big.bring.txt", "R5-292493407-77")),
)

_ABSOLUTE = "Absolute/7-StudHL-USD-0.02-0.04-200903.River.with.mucked.txt"

# The corpus's one Absolute hand (stud8, seven players, a four-way showdown) replays
# clean under this profile; no setting flipped in turn changes that
# (tests/read/sites/test_absolute.py). Its split pot shows where the odd cent goes.
_ABSOLUTE_EVIDENCE: tuple[Evidence, ...] = (
    Evidence(setting="odd_chip", support=Support.DECIDES, file=_ABSOLUTE,
             hand_id="1300000000",
             shows="stud8: $0.43 less $0.04 rake is split $0.20 to the high hand (PLAYER6) and "
             "$0.19 to the low (PLAYER3): the high half gets the odd cent. Among tied hands "
             "(the other half of the setting) nothing is decided: no tie; by suit follows "
             "docs/stud-rules.md"),
    Evidence(setting="showdown_first", support=Support.CONSISTENT, file=_ABSOLUTE,
             hand_id="1300000000",
             shows="7th street checked: PLAYER7 (seat 8), first to act there, shows first, then "
             "seats 1, 3 and 7 clockwise. The looser values explain it too"),
    Evidence(setting="bring_in_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no two equal door cards. Suit follows "
             "docs/stud-rules.md (seeds 001, 003)"),
    Evidence(setting="board_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no equal best boards. Position follows "
             "docs/stud-rules.md's casino value"),
    Evidence(setting="heads_up_uncapped", support=Support.NONE,
             shows="not confirmed by a corpus hand: no round goes past one bet. Uncapped "
             "heads-up follows docs/stud-rules.md's casino value"),
    Evidence(setting="max_bets", support=Support.NONE,
             shows="not confirmed by a corpus hand: no raise at all. Four follows "
             "docs/stud-rules.md"),
    Evidence(setting="half_bet_reopens", support=Support.NONE,
             shows="not confirmed by a corpus hand: no all-in"),
    Evidence(setting="open_pair_big_bet", support=Support.NONE,
             shows="not confirmed by a corpus hand: stud8 only, no bet on 4th street. Stud "
             "only follows docs/stud-rules.md"),
)

ABSOLUTE = _differing_from_casino(
    name="absolute",
    site="Absolute",
    description="Absolute fixed-limit stud8: the odd cent of a split goes to the high half; "
    "no other house rule is decided by the corpus hand",
    prints=Printing(money=MoneyStyle(grouped=True)),
    evidence=(*_ABSOLUTE_EVIDENCE, _SIDE_POTS_UNDECIDED,
              _money(Support.CONSISTENT, "'Ante $0.01', 'PLAYER1 ($0.17 in chips)'; no amount "
                     "reaches $1,000, which the reader's tests write '$1,234.50' "
                     "(tests/read/sites/forms_absolute.py)", _ABSOLUTE, "1300000000")),
)

_BODOG = "Bovada/7-Stud-USD-2.00-4.00-201205.txt"
_BOVADA_HL = "Bovada/7-StudHL-USD-0.25-0.50-201209.txt"

# The corpus's six Bovada hands (four Bodog stud hands at one table, two stud8) replay
# clean under this profile; each setting was flipped in turn (tests/read/sites/test_bovada.py):
# only the settings marked DECIDES change the result. Bovada prints no stakes: the
# reader takes them from each hand's bets (stud_hh/read/sites/bovada.py).
_BOVADA_EVIDENCE: tuple[Evidence, ...] = (
    Evidence(setting="open_pair_big_bet", support=Support.DECIDES, file=_BODOG,
             hand_id="2604291577",
             shows="stud: Seat+1 shows 3d-3c on 4th street and Seat+3 'D bets $0.10', the big "
             "bet (the 5th- and 6th-street bets are $0.10 too)"),
    Evidence(setting="odd_chip", support=Support.DECIDES, file=_BOVADA_HL,
             hand_id="2633952287",
             shows="stud8: $4.85 less $0.20 rake is split $2.33 to the high hand (Seat+4) and "
             "$2.32 to the low (Seat+1): the high half gets the odd cent. Among tied hands "
             "(the other half of the setting) nothing is decided: no tie; by suit follows "
             "docs/stud-rules.md"),
    Evidence(setting="showdown_first", support=Support.CONSISTENT, file=_BOVADA_HL,
             hand_id="2633952287",
             shows="Seat+1 bets 7th street and shows first; likewise Seat+5 in 2844383701; in "
             "2604291699, checked down, Seat+5, first to act on 7th, shows first. The looser "
             "values explain them too"),
    Evidence(setting="bring_in_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no two equal door cards. Suit follows "
             "docs/stud-rules.md (seeds 001, 003)"),
    Evidence(setting="board_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no equal best boards. Position follows "
             "docs/stud-rules.md's casino value"),
    Evidence(setting="heads_up_uncapped", support=Support.NONE,
             shows="not confirmed by a corpus hand: no round goes past two bet levels. "
             "Uncapped heads-up follows docs/stud-rules.md's casino value"),
    Evidence(setting="max_bets", support=Support.NONE,
             shows="not confirmed by a corpus hand: no round goes past two bet levels. Four "
             "follows docs/stud-rules.md"),
    Evidence(setting="half_bet_reopens", support=Support.NONE,
             shows="not confirmed by a corpus hand: no all-in in the Bovada hands"),
)

BOVADA = _differing_from_casino(
    name="bovada",
    site="Bovada",
    description="Bovada (Bodog) fixed-limit stud and stud8: the open pair and the odd cent "
    "of a split are decided by the corpus hands",
    prints=Printing(shown_in_deal_order=False, money=MoneyStyle(grouped=True)),
    evidence=(*_BOVADA_EVIDENCE, _SIDE_POTS_UNDECIDED,
              Evidence(setting="prints.shown_in_deal_order", support=Support.DECIDES,
                       file=_BODOG, hand_id="2604291699",
                       shows="Seat+5, dealt 9d 8s Jd, 5c, Td, Ac, Js, shows 'Showdown [Js Jd "
                       "Ac Td 9d]': the best five cards, not the hand as dealt (stud hi/lo "
                       "prints the best high five and then the best low five). Bovada prints "
                       "every player's cards as they are dealt, so nothing is lost"),
              _money(Support.CONSISTENT, "'Ante chip $1.25', 'Calls $5' (no cents on a whole "
                     "amount); no amount reaches $1,000, which the reader's tests write "
                     "'$1,500.25' (tests/read/sites/forms_bovada.py)",
                     "Bovada/7-StudHL-USD - RING - $5-$10, $1.25 Ante - 201404.txt",
                     "2844383701")),
)

_WPN_2016 = "Winning/7-Stud-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"
_WPN_2016_HL = "Winning/7-Stud-HL-8max-USD-1.00-2.00-201608.HH00000000 G0.txt"
_WPN_2019 = "Winning/7Stud-8max-USD-0.04-0.08-201907.CASHID-TN-Gorham GAMETYPE.txt"
_ACR_2023 = "Winning/_other_repos/acr_HAND_7CARD_STUD_HILO.txt"

# Every stud and stud8 hand of ../shared/corpus/Winning (7 hands: 5 of the 2016 client,
# one of 2019, one of 2023; the second hand of the 2016 hi/lo file is cut short by the
# site and cannot be read) replays clean under this profile; each setting was flipped in
# turn and the corpus replayed again (tests/read/sites/test_winning.py does it).
_WPN_EVIDENCE: tuple[Evidence, ...] = (
    Evidence(setting="odd_chip", support=Support.DECIDES, file=_WPN_2016_HL,
             hand_id="693975843",
             shows="stud8: $7.05 after rake split between KickAzzJohnny's high (two pair) and "
             "ChazDazzle's low (7-6-4-2-A): the low half gets $3.53, the high $3.52, so the odd "
             "cent goes to the low half (2016 client; ChazDazzle also sits first from seat 1, "
             "so an odd chip by position would explain it too). No tie decides the tie rule, "
             "which follows docs/stud-rules.md"),
    Evidence(setting="showdown_first", support=Support.DECIDES, file=_ACR_2023,
             hand_id="1903647457",
             shows="7th street checked by all four players who could act: the hands are shown "
             "by seat from seat 1 (AzRic), not from KickShorty (seat 7), the first to act on "
             "7th. With a bet on 7th no corpus hand has a showdown section (the 2016 client "
             "shows hands only in its summary), so the bettor-first part follows "
             "docs/stud-rules.md"),
    Evidence(setting="max_bets", support=Support.CONSISTENT, file=_ACR_2023,
             hand_id="1903647457",
             shows="stud8, 3rd and 4th street: a completion (a bet) and three raises, then only "
             "calls: a cap of 3 would be broken; no hand shows whether a fifth level is refused"),
    Evidence(setting="bring_in_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no two equal door cards. Suit follows "
             "docs/stud-rules.md (seeds 001, 003)"),
    Evidence(setting="board_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no equal best boards. Position follows "
             "docs/stud-rules.md's casino value"),
    Evidence(setting="heads_up_uncapped", support=Support.NONE,
             shows="not confirmed by a corpus hand: no round that starts heads-up goes past "
             "two bet levels. Uncapped heads-up follows docs/stud-rules.md's casino value"),
    Evidence(setting="half_bet_reopens", support=Support.NONE,
             shows="not confirmed by a corpus hand: the one all-in (MasterChief24 in "
             "1903647457) calls for less; no short all-in bet or raise. True follows "
             "docs/stud-rules.md"),
    Evidence(setting="open_pair_big_bet", support=Support.NONE,
             shows="not confirmed by a corpus hand: the one open pair on 4th street (3h-3d in "
             "85198832) is checked around. Stud only follows docs/stud-rules.md"),
    Evidence(setting="bring_in_is_bet", support=Support.NONE,
             shows="not confirmed by a corpus hand: every completion adds at least half a bet "
             "to the bring-in (1.00 over 0.40; $0.10 over $0.05; $0.04 over $0.02), where both "
             "values agree. False follows docs/stud-rules.md"),
)

WINNING = _differing_from_casino(
    name="winning",
    site="Winning Poker Network",
    description="Winning Poker Network (ACR) fixed-limit stud and stud8, its 2016 and 2019+ "
    "clients: the odd chip of a split to the low half; a showdown checked down on 7th street "
    "turns the hands over together",
    odd_chip=OddChip(split=PotHalf.LOW, tie=OddChipTie.HIGH_CARD_BY_SUIT),
    showdown_first=ShowdownFirst.RIVER_BETTOR_ELSE_TOGETHER,
    prints=Printing(money=MoneyStyle(cents=True)),
    evidence=(*_WPN_EVIDENCE, _SIDE_POTS_UNDECIDED,
              _money(Support.DECIDES, "the 2019+ client keeps the cents of a whole amount: "
                     "'$8.00', 'Rake $0.00'; the 2016 client prints '(1)', '(0.15)' without a "
                     "sign, which the messages do not copy",
                     "Winning/_other_repos/acr_HAND_7CARD_STUD_HILO.txt", "1903647457")),
)

_KC = "KingsClub/"
_KC_STUD = _KC + "7-Stud-USD-44-88-202010.txt"
_KC_FIXED = _KC + "7-StudHL-USD-44-88-202203.fixed.streets.txt"
_KC_RAZZ = _KC + "Razz-USD-40-80-202101.txt"
_KC_RAZZ_POTS = _KC + "Razz-USD-500-100-202101.multi.pot.failure.txt"
_KC_27_POTS = _KC + "2-7 Razz-USD-500-1000-202102.multi.pot.failure.txt"

# Every hand of ../shared/corpus/KingsClub (7 hands: stud, stud8, razz and 2-7 razz)
# replays clean under this profile but one 2-7 razz hand, whose side pot the site awards
# in no printed line (a site fault the audit flags); each setting was flipped in turn and
# the corpus replayed again (tests/read/sites/test_kingsclub.py).
_KC_EVIDENCE: tuple[Evidence, ...] = (
    Evidence(setting="bring_in_is_bet", support=Support.DECIDES, file=_KC_STUD,
             hand_id="37581152",
             shows="stud 44/88, bring-in 33.16: Player2 completes to 44, Player3 raises to 77.16 "
             "(the bring-in plus a bet) and Player4 to 121.16; every seat's printed result "
             "agrees with these totals"),
    Evidence(setting="bring_in_is_bet", support=Support.DECIDES, file=_KC_RAZZ_POTS,
             hand_id="3537921",
             shows="razz 500/1,000, bring-in 125: Player3 is all-in for 225, and Player4 raises "
             "to 625, a bet over the bring-in, not over the short all-in"),
    Evidence(setting="bring_in_is_bet", support=Support.CONSISTENT, file=_KC_27_POTS,
             hand_id="3703449",
             shows="2-7 razz, bring-in 125: the completion to 500 adds more than "
             "half a bet and is a full raise: the raises go to 1,000, 1,500 and 2,000"),
    Evidence(setting="half_bet_reopens", support=Support.OTHER_GAME, file=_KC_27_POTS,
             hand_id="3703449",
             shows="2-7 razz: the completion from the 125 bring-in to 500 adds 375, three "
             "quarters of a bet, and Hero's raise goes to 1,000: it counted as a full raise. "
             "(Only the half-bet threshold is shown to lie between a quarter and three quarters "
             "of a bet: 37581152's completion adds a quarter and is not full)"),
    Evidence(setting="prints.uncalled", support=Support.DECIDES, file=_KC_RAZZ,
             hand_id="39969356",
             shows="Hero bets 40 on 4th street and Player0 folds: no uncalled-bet line, 'Rake 1' "
             "and 'Hero wins pot (99)' leave the 40 out, and Hero's printed result (+49) says "
             "it came back; likewise Player4's 1,000 in 3537921 and Player0's 44 in 2-7 razz "
             "40091899"),
    Evidence(setting="bring_in_tie_break", support=Support.DECIDES, file=_KC_FIXED,
             hand_id="49595550",
             shows="stud8: doors 4h (Player2, seat 3) and 4d (Player5, seat 7) tie; Player5 "
             "brings in: by suit, not by seat order"),
    Evidence(setting="open_pair_big_bet", support=Support.DECIDES, file=_KC_STUD,
             hand_id="37581152",
             shows="stud: Player3 shows 7c-7d on 4th street and bets 88, the big bet; no big "
             "bet on 4th in the stud8 or razz hands"),
    Evidence(setting="max_bets", support=Support.CONSISTENT, file=_KC_STUD,
             hand_id="37581152",
             shows="stud 3rd street: a completion and two raises, then calls; the 2-7 razz "
             "hand 3703449 reaches a completion and three raises, then calls. "
             "A cap of 2 would be broken; a fifth level no hand shows. Four follows "
             "docs/stud-rules.md"),
    Evidence(setting="showdown_first", support=Support.CONSISTENT, file=_KC_STUD,
             hand_id="37581152",
             shows="the 7th-street bettor shows first (likewise 39969428 and 49595550); no "
             "showdown is checked down on 7th street"),
    Evidence(setting="board_tie_break", support=Support.NONE,
             shows="not confirmed by a corpus hand: no equal best boards. Position follows "
             "docs/stud-rules.md's casino value"),
    Evidence(setting="heads_up_uncapped", support=Support.NONE,
             shows="not confirmed by a corpus hand: no round that starts heads-up goes past "
             "two bet levels. Uncapped heads-up follows docs/stud-rules.md's casino value"),
    Evidence(setting="odd_chip", support=Support.NONE,
             shows="not confirmed by a corpus hand: both stud8 pots go whole to one player. "
             "Values from docs/stud-rules.md"),
)

KINGSCLUB = _differing_from_casino(
    name="kingsclub",
    site="KingsClub",
    description="KingsClub fixed-limit stud, stud8 and razz in club chips: the bring-in is "
    "the opening bet (raises add a bet to the last full bet), and a bet nobody called comes "
    "back without a line",
    prints=Printing(uncalled=UncalledBet.UNPRINTED, money=MoneyStyle(grouped=True)),
    bring_in_is_bet=True,
    evidence=(*_KC_EVIDENCE, _SIDE_POTS_UNDECIDED,
              Evidence(setting="prints.shown_in_deal_order", support=Support.CONSISTENT,
                       file=_KC + "7-StudHL-USD-40-80-202101.txt", hand_id="39969428",
                       shows="Hero, dealt Qh 4s Qs, shows [4s Qh Qs 3d 6h As Kd]: the two "
                       "down cards of 3rd street swapped, every card on its street "
                       "(likewise 49595550)"),
              _money(Support.DECIDES, "club chips in hundredths, no sign, thousands marked, "
                     "cents only where there are some: 'Player0 (2,146.30)', 'posts ante "
                     "33.16'; 'raises to 1,000' in 3703449", _KC_STUD, "37581152")),
)

PROFILES: dict[str, Profile] = {
    p.name: p for p in (CASINO, POKERSTARS, FULL_TILT, PARTYPOKER, WINAMAX, IPOKER, MERGE,
                        EVERLEAF, ONGAME, ABSOLUTE, BOVADA, WINNING, KINGSCLUB)}
"""Every shipped profile by name."""

SITE = "site"
"""The profile name that means "each hand under its own site's profile"."""

SITE_PROFILES: dict[str, str] = {
    "PokerStars": "pokerstars",
    "Full Tilt Poker": "fulltilt",
    "PartyPoker": "partypoker",
    "Winamax": "winamax",
    "iPoker": "ipoker",
    "Merge": "merge",
    "PHH": "casino",
    "Everleaf": "everleaf",
    "OnGame": "ongame",
    "Absolute": "absolute",
    "Bovada": "bovada",
    "Winning Poker Network": "winning",
    "KingsClub": "kingsclub",
}
"""The profile each site's hands are audited under by default (site name as the
dialect writes it in :attr:`~stud_hh.model.events.HandHeader.site`)."""


def profile_for(name: str, site: str) -> Profile:
    """The profile a hand of ``site`` is replayed under when the user names ``name``: with
    ``name == "site"``, the profile of ``site``; else the house rules of ``name`` with the
    printing of ``site``'s profile (what a site prints is no house rule: a Winamax hand
    under ``casino`` still leaves its uncalled bet in the printed pot). A profile made for
    ``site`` itself (:attr:`Profile.site`), or a site without a profile, keeps the
    named profile as it is.

    >>> profile_for("site", "Full Tilt Poker").name, profile_for("casino", "PokerStars").name
    ('fulltilt', 'casino')
    >>> casino_for_winamax = profile_for("casino", "Winamax")
    >>> casino_for_winamax.heads_up_uncapped, casino_for_winamax.prints.uncalled.value
    (True, 'in_pot')
    """
    if name == SITE:
        try:
            return PROFILES[SITE_PROFILES[site]]
        except KeyError:
            raise UnknownProfileError(f"no rule profile for site {site!r}") from None
    named = profile(name)
    own_name = SITE_PROFILES.get(site)
    if own_name is None or named.site == site:
        return named
    prints = profile(own_name).prints
    if prints is named.prints:
        return named
    key = (name, site)
    cached = _COMBINED.get(key)
    if cached is not None and cached[0] is named and cached[1] is prints:
        return cached[2]
    combined = named if prints == named.prints else dataclasses.replace(named, prints=prints)
    _COMBINED[key] = (named, prints, combined)
    return combined


def printing_of(site: str) -> Printing:
    """What ``site``'s histories print: its profile's :attr:`~Profile.prints` (the usual
    printing for a site without a profile).

    >>> printing_of("Winamax").money.format(500, 100, "EUR"), printing_of("Nowhere") is USUAL
    ('5€', True)
    """
    name = SITE_PROFILES.get(site)
    return PROFILES[name].prints if name is not None else USUAL


_COMBINED: dict[tuple[str, str], tuple[Profile, Printing, Profile]] = {}
""":func:`profile_for`'s combinations, by profile and site name, with the named profile
and printing they were made from (a profile registered again under a name is seen)."""


class UnknownProfileError(StudHHError):
    """A rule profile name that is not in :data:`PROFILES`."""

    def _format(self) -> str:  # no file or line to name: the reason alone
        return self.reason


def profile(name: str) -> Profile:
    """The profile called ``name``.

    >>> profile("pokerstars").heads_up_uncapped
    False
    >>> try:
    ...     profile("Stars")
    ... except UnknownProfileError as error:
    ...     print(error)
    unknown rule profile 'Stars' (known: absolute, bovada, casino, everleaf, fulltilt, ipoker, \
kingsclub, merge, ongame, partypoker, pokerstars, winamax, winning)
    """
    try:
        return PROFILES[name]
    except KeyError:
        known = ", ".join(sorted(PROFILES))
        raise UnknownProfileError(f"unknown rule profile {name!r} (known: {known})") from None
