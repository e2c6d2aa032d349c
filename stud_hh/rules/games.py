"""The fixed rules of the stud games, as frozen data: streets, bet sizes, rankings.

* :class:`StreetRule` -- one betting round of a game: the cards each player gets
  (and which are face up), the bet size, whether an open pair may allow a big
  bet, and how the first actor is chosen.
* :class:`GameRules` -- a game: its streets, how showdown hands are ranked, who
  brings in, which exposed board acts first, how many players, the common card.
* :data:`GAMES` looks them up. Everything a house may change is a
  :class:`~stud_hh.rules.profiles.Profile` instead (``docs/stud-rules.md``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from stud_hh.model.events import Game, Limit, Street

__all__ = ["GAMES", "GAME_NAMES", "LIMIT_CODES", "LIMIT_WORDS", "MIXED_GAME", "BetSize",
           "BoardOrder", "BringInRule", "FirstActor", "GameRules", "PotHalf", "Ranking",
           "StreetRule", "game_code", "game_label", "limit_of", "mix_name"]


# ---------------------------------------------------------------------------
# Vocabulary


class BetSize(StrEnum):
    """The fixed-limit unit of a street's bets and raises."""

    SMALL = "small"
    BIG = "big"


class FirstActor(StrEnum):
    """How the first player to act on a street is chosen."""

    BRING_IN = "bring_in"
    """The player :func:`bring_in_player` names (3rd street)."""
    BEST_BOARD = "best_board"
    """The best exposed board (:attr:`GameRules.board_order`)."""
    PREVIOUS_STREET = "previous_street"
    """As on the previous street, since the new card is face down -- unless a common
    card was dealt, which is then added to every board and compared."""


class Ranking(StrEnum):
    """How hands are ranked at showdown."""

    HIGH = "high"
    LOW_A5 = "low_a5"
    """A-5 lowball, ace low, straights and flushes ignored, no qualifier (razz)."""
    HIGH_LOW_8 = "high_low_8"
    """Half to the best high, half to the best A-5 low of five ranks 8 or lower."""
    LOW_27 = "low_27"
    """2-7 lowball: ace high, straights and flushes count against (2-7 razz)."""


class BringInRule(StrEnum):
    """Whose door card brings in."""

    LOWEST_CARD_ACE_HIGH = "lowest_card_ace_high"
    """``stud``/``stud8``: the lowest door card, ace high; suits clubs < diamonds <
    hearts < spades, the lowest suit brings in."""
    HIGHEST_CARD_ACE_LOW = "highest_card_ace_low"
    """``razz``: the highest door card, ace low (a king is highest); the highest suit
    (spades) brings in."""
    HIGHEST_CARD_ACE_HIGH = "highest_card_ace_high"
    """``razz27``: the highest door card, ace high; the highest suit brings in."""


class BoardOrder(StrEnum):
    """Which exposed board acts first on the later streets."""

    HIGHEST_HIGH = "highest_high"
    """Pairs and better beat high cards, then rank by rank; straights and flushes on
    board do not count (:func:`stud_hh.rules.evaluate.board_high_key`)."""
    LOWEST_A5 = "lowest_a5"
    """The lowest A-5 board, pairs bad (:func:`stud_hh.rules.evaluate.board_low_key`)."""
    LOWEST_27 = "lowest_27"
    """The lowest board with ace high, pairs bad (2-7 razz)."""


class PotHalf(StrEnum):
    HIGH = "high"
    LOW = "low"


# ---------------------------------------------------------------------------
# Games


@dataclass(frozen=True, slots=True, kw_only=True)
class StreetRule:
    """One street of a game: what is dealt, what a bet is, who acts first.

    >>> third = GAMES[Game.STUD].street(Street.THIRD)
    >>> third.face_up, third.cards, third.bet, third.first_actor
    ((False, False, True), 3, <BetSize.SMALL: 'small'>, <FirstActor.BRING_IN: 'bring_in'>)
    """

    street: Street
    face_up: tuple[bool, ...]
    """One entry per card dealt to each player on this street, in dealing order."""
    bet: BetSize
    open_pair_option: bool = False
    """This is the street where an open pair may allow a big bet -- for the games a
    profile's :attr:`Profile.open_pair_big_bet` names (docs/stud-rules.md: stud's 4th street)."""
    first_actor: FirstActor

    @property
    def cards(self) -> int:
        """How many cards each player receives on this street."""
        return len(self.face_up)

    @property
    def up_cards(self) -> int:
        return sum(self.face_up)


@dataclass(frozen=True, slots=True, kw_only=True)
class GameRules:
    """The fixed rules of one game; everything a house may change is in
    :class:`~stud_hh.rules.profiles.Profile`.

    >>> razz = GAMES[Game.RAZZ]
    >>> [s.street.label for s in razz.streets], razz.cards_per_player
    (['3rd', '4th', '5th', '6th', '7th'], 7)
    >>> razz.ranking, razz.bring_in, razz.board_order
    (<Ranking.LOW_A5: 'low_a5'>, <BringInRule.HIGHEST_CARD_ACE_LOW: 'highest_card_ace_low'>, \
<BoardOrder.LOWEST_A5: 'lowest_a5'>)
    """

    game: Game
    name: str
    streets: tuple[StreetRule, ...]
    ranking: Ranking
    bring_in: BringInRule
    board_order: BoardOrder
    max_players: int
    """Most players the deck is dealt to (8 in seven-card games; 9 on some sites,
    where the common card then comes into play)."""
    common_card: bool
    """When the deck cannot give every remaining player a last card, one common
    card is dealt face up and plays in every hand (docs/stud-rules.md, seeds 001 and 002)."""
    audited: bool = True
    """False for a game the replayer reads but does not check (each shipped game is
    checked; a game added without its rules would be stored as ``game.not-audited``)."""

    @property
    def cards_per_player(self) -> int:
        return sum(rule.cards for rule in self.streets)

    @property
    def cards_at_showdown(self) -> int:
        """Cards each player holds at showdown (7, or 5 in five-card stud)."""
        return self.cards_per_player

    def street(self, street: Street) -> StreetRule:
        """The rule of ``street``; ValueError when the game has no such street.

        >>> GAMES[Game.FIVE_STUD].street(Street.SEVENTH)
        Traceback (most recent call last):
        ...
        ValueError: five_stud has no 7th street (it has 3rd, 4th, 5th, 6th)
        """
        for rule in self.streets:
            if rule.street == street:
                return rule
        names = ", ".join(rule.street.label for rule in self.streets)
        raise ValueError(f"{self.game.value} has no {Street(street).label} street (it has {names})")


def _seven_card_streets(open_pair: bool) -> tuple[StreetRule, ...]:
    return (
        StreetRule(street=Street.THIRD, face_up=(False, False, True), bet=BetSize.SMALL,
                   first_actor=FirstActor.BRING_IN),
        StreetRule(street=Street.FOURTH, face_up=(True,), bet=BetSize.SMALL,
                   open_pair_option=open_pair, first_actor=FirstActor.BEST_BOARD),
        StreetRule(street=Street.FIFTH, face_up=(True,), bet=BetSize.BIG,
                   first_actor=FirstActor.BEST_BOARD),
        StreetRule(street=Street.SIXTH, face_up=(True,), bet=BetSize.BIG,
                   first_actor=FirstActor.BEST_BOARD),
        StreetRule(street=Street.SEVENTH, face_up=(False,), bet=BetSize.BIG,
                   first_actor=FirstActor.PREVIOUS_STREET),
    )


# Five-card stud as the parser labels it: the first deal (one down, one up) is
# Street.THIRD, then one up card on each of FOURTH, FIFTH and SIXTH.
_FIVE_CARD_STREETS: tuple[StreetRule, ...] = (
    StreetRule(street=Street.THIRD, face_up=(False, True), bet=BetSize.SMALL,
               first_actor=FirstActor.BRING_IN),
    StreetRule(street=Street.FOURTH, face_up=(True,), bet=BetSize.SMALL,
               open_pair_option=True, first_actor=FirstActor.BEST_BOARD),
    StreetRule(street=Street.FIFTH, face_up=(True,), bet=BetSize.BIG,
               first_actor=FirstActor.BEST_BOARD),
    StreetRule(street=Street.SIXTH, face_up=(True,), bet=BetSize.BIG,
               first_actor=FirstActor.BEST_BOARD),
)

GAMES: dict[Game, GameRules] = {
    Game.STUD: GameRules(
        game=Game.STUD, name="Seven Card Stud", streets=_seven_card_streets(True),
        ranking=Ranking.HIGH, bring_in=BringInRule.LOWEST_CARD_ACE_HIGH,
        board_order=BoardOrder.HIGHEST_HIGH, max_players=8, common_card=True),
    Game.STUD8: GameRules(
        game=Game.STUD8, name="Seven Card Stud Hi/Lo, 8 or better",
        streets=_seven_card_streets(True), ranking=Ranking.HIGH_LOW_8,
        bring_in=BringInRule.LOWEST_CARD_ACE_HIGH, board_order=BoardOrder.HIGHEST_HIGH,
        max_players=8, common_card=True),
    Game.RAZZ: GameRules(
        game=Game.RAZZ, name="Razz", streets=_seven_card_streets(True),
        ranking=Ranking.LOW_A5, bring_in=BringInRule.HIGHEST_CARD_ACE_LOW,
        board_order=BoardOrder.LOWEST_A5, max_players=8, common_card=True),
    Game.FIVE_STUD: GameRules(
        game=Game.FIVE_STUD, name="Five Card Stud", streets=_FIVE_CARD_STREETS,
        ranking=Ranking.HIGH, bring_in=BringInRule.LOWEST_CARD_ACE_HIGH,
        board_order=BoardOrder.HIGHEST_HIGH, max_players=10, common_card=False),
    Game.RAZZ_27: GameRules(
        game=Game.RAZZ_27, name="2-7 Razz", streets=_seven_card_streets(True),
        ranking=Ranking.LOW_27, bring_in=BringInRule.HIGHEST_CARD_ACE_HIGH,
        board_order=BoardOrder.LOWEST_27, max_players=8, common_card=True),
}
"""The rules of every game the parser reads; ``audited`` says which the replayer checks.

The 4th street of every seven-card game is marked ``open_pair_option``: whether
an open pair there allows a big bet is the profile's
:attr:`Profile.open_pair_big_bet` (docs/stud-rules.md: stud only).
"""


# ---------------------------------------------------------------------------
# Names: how every report calls a game, whatever the site printed


GAME_NAMES: dict[Game, str] = {
    Game.STUD: "stud", Game.STUD8: "stud hi/lo", Game.RAZZ: "razz",
    Game.FIVE_STUD: "five-card stud", Game.RAZZ_27: "2-7 razz",
}
"""The short name every report gives a game (``7 CARD STUD HI/LO LIMIT`` is ``stud hi/lo``)."""

LIMIT_CODES: dict[Limit, str] = {Limit.FIXED: "", Limit.POT: "PL", Limit.NO_LIMIT: "NL"}
"""How a game's or stakes' label says its limit: nothing for fixed limit (stud's usual
limit), ``NL`` and ``PL`` for no limit and pot limit."""

MIXED_GAME = re.compile(r"(?i)\bhorse\b|\bhose\b|\d+[- ]game\b|triple stud|\bmixed\b|"
                        r"\bheros\b|^(?:ha|ho|hoe|oa|oe|se|rash|shoe|har)$")
"""Words that name a mixed game (a rotation of games), as sites and summaries print them:
``8-Game``, ``HORSE``, ``Triple Stud``, ``Mixed Games``, a bare code such as ``HA``."""

LIMIT_WORDS = re.compile(r"(?i)\b(?P<limit>no limit|pot limit|fixed limit|limit)\b")
"""The words of a game's name that say its limit (``Razz Limit``, ``7 Card Stud No Limit``)."""
_LIMITS = {"no limit": Limit.NO_LIMIT, "pot limit": Limit.POT, "fixed limit": Limit.FIXED,
           "limit": Limit.FIXED}


def limit_of(text: str) -> Limit | None:
    """The limit a game's words name, or ``None`` when they name none.

    >>> limit_of("7 Card Stud No Limit"), limit_of("Razz Limit"), limit_of("Razz")
    (<Limit.NO_LIMIT: 'no_limit'>, <Limit.FIXED: 'fixed'>, None)
    """
    found = LIMIT_WORDS.search(text)
    return None if found is None else _LIMITS[found["limit"].lower()]


def mix_name(text: str) -> str | None:
    """The mixed game ``text`` names, spelt one way whatever the site's case, or ``None``.

    >>> [mix_name(t) for t in ("8-Game", "8-game", "Horse", "TRIPLE STUD", "HA", "Razz")]
    ['8-Game', '8-Game', 'HORSE', 'Triple Stud', 'HA', None]
    """
    found = MIXED_GAME.search(text.strip())
    if found is None:
        return None
    word = found.group(0).lower()
    if word.endswith("game"):
        return f"{word[:-5]}-Game"
    if word == "triple stud":
        return "Triple Stud"
    if word == "mixed":  # "Mixed Games", "Stud Mixed": the words as printed
        return LIMIT_WORDS.sub("", text).strip()
    return word.upper()


def game_code(name: str) -> str | None:
    """The game code (``stud8``) of a code or of a short name (``stud hi/lo``), any case;
    ``None`` for neither.

    >>> game_code("Stud Hi/Lo"), game_code("razz27"), game_code("2-7 razz"), game_code("x")
    ('stud8', 'razz27', 'razz27', None)
    """
    wanted = name.strip().casefold()
    for game, short in GAME_NAMES.items():
        if wanted in (game.value, short):
            return game.value
    return None


def game_label(game: Game | str | None, limit: Limit | str | None = None,
               mixed: str | None = None) -> str | None:
    """How a report names a hand's or a tournament's game: the short name, with ``NL`` or
    ``PL`` when the limit is not fixed; a mixed game as ``mixed: HORSE``; ``None`` when
    neither the game nor a mix is known.

    >>> game_label("stud8"), game_label(Game.STUD8, Limit.NO_LIMIT)
    ('stud hi/lo', 'stud hi/lo NL')
    >>> game_label(None, None, "8-game"), game_label(None)
    ('mixed: 8-Game', None)
    """
    if mixed:
        return f"mixed: {mix_name(mixed) or mixed.strip()}"
    if game is None or game not in Game.__members__.values():
        return None
    code = LIMIT_CODES.get(Limit(limit), "") if limit else ""
    return f"{GAME_NAMES[Game(game)]} {code}".strip()
