"""The small pure rules the engine applies: bet sizes, the open-pair option, the cap,
reopening, who brings in, who acts first, the clockwise order.

A ``seat_order`` is every player of the hand in clockwise order, starting with
the first seat left of the dealer: ``position`` tie-breaks pick the earliest.
Stud histories print no dealer button, so for PokerStars it starts at seat 1
(:func:`clockwise_from`).

>>> from stud_hh.model.events import Game
>>> from stud_hh.rules.games import GAMES
>>> from stud_hh.rules.profiles import profile
>>> stud = GAMES[Game.STUD]
>>> stars = profile("pokerstars")
>>> bet_size(stud, Street.FIFTH, small_bet=4, big_bet=8)
8
>>> order = ("Ann", "Bob", "Cid")
>>> bring_in_player(stud, stars, {"Ann": "5h", "Bob": "5d", "Cid": "Ks"}, order)
'Bob'
>>> first_actor(stud, stars, {"Ann": ["Kd", "7c"], "Bob": ["2c", "2d"], "Cid": ["As", "Qh"]},
...             order)
'Bob'
>>> cap(stars, players_in_round=2), cap(profile("casino"), players_in_round=2)
(4, None)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from stud_hh.model.cards import ALL_CARDS
from stud_hh.model.events import Street
from stud_hh.rules.evaluate import (
    board_high_key,
    board_low_key,
    bring_in_key_razz,
    bring_in_key_stud,
    suit_order,
)
from stud_hh.rules.games import BetSize, BoardOrder, BringInRule, GameRules
from stud_hh.rules.profiles import Profile, TieBreak

__all__ = ["all_in_reopens", "bet_size", "big_bet_allowed", "bring_in_player", "cap",
           "clockwise_from", "first_actor", "open_pair_big_bet"]


# ---------------------------------------------------------------------------
# Helpers the replayer calls


def open_pair_big_bet(game_rules: GameRules, profile: Profile) -> bool:
    """Whether an open pair can allow a big bet in this game under ``profile``.

    >>> from stud_hh.model.events import Game
    >>> from stud_hh.rules.games import GAMES
    >>> from stud_hh.rules.profiles import PROFILES
    >>> stars = PROFILES["pokerstars"]
    >>> open_pair_big_bet(GAMES[Game.STUD], stars), open_pair_big_bet(GAMES[Game.STUD8], stars)
    (True, False)
    """
    return game_rules.game in profile.open_pair_big_bet and any(
        rule.open_pair_option for rule in game_rules.streets)


def bet_size(game_rules: GameRules, street: Street, small_bet: int, big_bet: int) -> int:
    """The size of a bet or raise on ``street`` (the open-pair option aside).

    >>> from stud_hh.model.events import Game
    >>> from stud_hh.rules.games import GAMES
    >>> stud = GAMES[Game.STUD]
    >>> [bet_size(stud, street, 10, 20) for street in Street]
    [10, 10, 20, 20, 20]
    """
    rule = game_rules.street(street)
    return big_bet if rule.bet is BetSize.BIG else small_bet


def big_bet_allowed(
    game_rules: GameRules,
    profile: Profile,
    street: Street,
    boards: Mapping[str, Sequence[str]],
) -> bool:
    """True when an open pair among ``boards`` lets a bet or raise be a big bet here.

    ``boards`` are the exposed cards of the players still in the hand.

    >>> from stud_hh.model.events import Game
    >>> from stud_hh.rules.games import GAMES
    >>> from stud_hh.rules.profiles import profile
    >>> stud, stars = GAMES[Game.STUD], profile("pokerstars")
    >>> big_bet_allowed(stud, stars, Street.FOURTH, {"Ann": ["Kd", "Ks"], "Bob": ["2c", "7d"]})
    True
    >>> big_bet_allowed(GAMES[Game.STUD8], stars, Street.FOURTH, {"Ann": ["Kd", "Ks"]})
    False
    """
    if not game_rules.street(street).open_pair_option or not open_pair_big_bet(game_rules, profile):
        return False
    return any(len({card[0] for card in b}) < len(b) for b in boards.values())


def _position(seat_order: Sequence[str], player: str) -> int:
    try:
        return list(seat_order).index(player)
    except ValueError:
        raise ValueError(f"{player!r} is not in seat_order {tuple(seat_order)!r}") from None


def _bring_in_key(rule: BringInRule) -> Callable[[str], tuple[int, int]]:
    """A key whose smallest value brings in: ``(rank part, suit part)``."""
    if rule is BringInRule.LOWEST_CARD_ACE_HIGH:
        return bring_in_key_stud
    if rule is BringInRule.HIGHEST_CARD_ACE_LOW:
        return bring_in_key_razz

    def highest_ace_high(door: str) -> tuple[int, int]:
        rank, suit = bring_in_key_stud(door)
        return (-rank, -suit)

    return highest_ace_high


_BRING_IN_KEYS: dict[BringInRule, dict[str, tuple[int, int]]] = {
    rule: {card: _bring_in_key(rule)(card) for card in ALL_CARDS} for rule in BringInRule}
"""Every card's bring-in key under each rule, computed once."""


def bring_in_player(
    game_rules: GameRules,
    profile: Profile,
    doors: Mapping[str, str],
    seat_order: Sequence[str],
) -> str:
    """Who brings in on 3rd street, from every dealt player's door card.

    ``stud``/``stud8``: the lowest door, ace high; ``razz``: the highest, ace low
    (a king is highest). Equal ranks: by suit (stud: clubs, the lowest suit,
    brings in; razz: spades, the highest) or by position (first in
    ``seat_order``), per :attr:`Profile.bring_in_tie_break`. A bring-in player
    all-in on the ante still is the one named here; the replayer lets the next
    player clockwise act first (docs/stud-rules.md, seed 002 rule 8).

    >>> from stud_hh.model.events import Game
    >>> from stud_hh.rules.games import GAMES
    >>> from stud_hh.rules.profiles import profile
    >>> stud, razz = GAMES[Game.STUD], GAMES[Game.RAZZ]
    >>> stars, order = profile("pokerstars"), ("Ann", "Bob", "Cid")
    >>> bring_in_player(stud, stars, {"Ann": "2h", "Bob": "Ac", "Cid": "2c"}, order)
    'Cid'
    >>> bring_in_player(razz, stars, {"Ann": "Kc", "Bob": "Ah", "Cid": "Ks"}, order)
    'Cid'
    >>> by_seat = Profile(name="seed000", description="", bring_in_tie_break=TieBreak.POSITION,
    ...                   board_tie_break=TieBreak.POSITION, heads_up_uncapped=True,
    ...                   half_bet_reopens=True)
    >>> bring_in_player(stud, by_seat, {"Ann": "2h", "Bob": "Ac", "Cid": "2c"}, order)
    'Ann'
    """
    if not doors:
        raise ValueError("no door cards: nobody to bring in")
    table = _BRING_IN_KEYS[game_rules.bring_in]
    keys: dict[str, tuple[int, int]] = {}
    for player, door in doors.items():
        try:
            keys[player] = table[door]
        except (KeyError, TypeError):  # not a card: the key function says why
            keys[player] = _bring_in_key(game_rules.bring_in)(door)
    worst = min(rank for rank, _ in keys.values())
    tied = [player for player, (rank, _) in keys.items() if rank == worst]
    if len(tied) == 1:
        return tied[0]
    if profile.bring_in_tie_break is TieBreak.SUIT:
        return min(tied, key=keys.__getitem__)
    return min(tied, key=lambda player: _position(seat_order, player))


_HIGH_RANK = {rank: value for value, rank in enumerate("23456789TJQKA", start=2)}
_LOW_RANK = {rank: value for value, rank in enumerate("A23456789TJQK", start=1)}


_BOARD_KEYS: dict[BoardOrder, dict[str, tuple[int, ...]]] = {order: {} for order in BoardOrder}
"""Board keys by order, then by the board's ranks in sorted order: a key depends on
the ranks only, and there are a few thousand multisets of one to five ranks."""


def _board_key(order: BoardOrder, board: Sequence[str],
               _valid_cards: Callable[[Sequence[str]], bool] = ALL_CARDS.issuperset,
               ) -> tuple[int, ...]:
    """A key whose smallest value is the board that acts first."""
    n = len(board)
    if 0 < n <= 5 and _valid_cards(board) and len(set(board)) == n:  # what _board_ranks checks
        ranks = "".join(sorted(board))[::2]  # valid cards: two characters, the rank first
        known = _BOARD_KEYS[order]
        key = known.get(ranks)
        if key is None:
            key = known[ranks] = _computed_board_key(order, board)
        return key
    return _computed_board_key(order, board)  # raises ValueError, saying what is wrong


def _computed_board_key(order: BoardOrder, board: Sequence[str]) -> tuple[int, ...]:
    if order is BoardOrder.HIGHEST_HIGH:
        return tuple(-part for part in board_high_key(board))
    if order is BoardOrder.LOWEST_A5:
        return board_low_key(board)
    return board_high_key(board)  # LOWEST_27: ace high, smallest is lowest


def _suit_key(order: BoardOrder, board: Sequence[str]) -> tuple[int, ...]:
    """Between equal boards, a key whose smallest value acts first by suit.

    The cards are taken in the order that ranks the board (the most repeated
    rank first, then the highest rank); high boards: the highest suit of the
    first card that differs acts first; low boards, mirroring the razz
    bring-in: the lowest suit acts first.
    """
    ranks = _LOW_RANK if order is BoardOrder.LOWEST_A5 else _HIGH_RANK
    counts: dict[str, int] = {}
    for card in board:
        counts[card[0]] = counts.get(card[0], 0) + 1
    if order is BoardOrder.HIGHEST_HIGH:
        cards = sorted(board, key=lambda c: (counts[c[0]], ranks[c[0]], suit_order(c)),
                       reverse=True)
        return tuple(-suit_order(card) for card in cards)
    cards = sorted(board, key=lambda c: (-counts[c[0]], -ranks[c[0]], suit_order(c)))
    return tuple(suit_order(card) for card in cards)


def first_actor(
    game_rules: GameRules,
    profile: Profile,
    boards: Mapping[str, Sequence[str]],
    seat_order: Sequence[str],
    *,
    common: str | None = None,
) -> str:
    """Who acts first on 4th to 7th street: the best exposed board.

    ``boards`` are the face-up cards of the players who can still act (in the
    hand and not all-in). On 7th street pass the 6th-street boards (the new card
    is face down) and the ``common`` card when one was dealt: it joins every
    board. ``stud``/``stud8``: the highest board (pairs and better, then rank by
    rank; straights and flushes do not count); ``razz``: the lowest A-5 board.
    Equal boards: by position (first in ``seat_order``) or by suit, per
    :attr:`Profile.board_tie_break`; by suit the highest suit of the highest card
    acts first in stud, the lowest suit in razz.

    >>> from stud_hh.model.events import Game
    >>> from stud_hh.rules.games import GAMES
    >>> from stud_hh.rules.profiles import profile
    >>> stud, razz = GAMES[Game.STUD], GAMES[Game.RAZZ]
    >>> stars, order = profile("pokerstars"), ("Ann", "Bob", "Cid")
    >>> first_actor(stud, stars, {"Ann": ["Ah", "Kd"], "Bob": ["3c", "3d"]}, order)
    'Bob'
    >>> first_actor(razz, stars, {"Ann": ["Kd", "4c"], "Bob": ["7c", "6d"]}, order)
    'Bob'
    >>> tie = {"Ann": ["Kd", "7c"], "Bob": ["7d", "Ks"]}
    >>> first_actor(stud, stars, tie, order)
    'Ann'
    >>> by_suit = Profile(name="seed003", description="", bring_in_tie_break=TieBreak.SUIT,
    ...                   board_tie_break=TieBreak.SUIT, heads_up_uncapped=False,
    ...                   half_bet_reopens=True)
    >>> first_actor(stud, by_suit, tie, order)
    'Bob'
    """
    if not boards:
        raise ValueError("no boards: nobody to act")
    if common is not None:
        boards = {player: [*board, common] for player, board in boards.items()}
    order = game_rules.board_order
    keys = {player: _board_key(order, board) for player, board in boards.items()}
    best = min(keys.values())
    tied = [player for player, key in keys.items() if key == best]
    if len(tied) == 1:
        return tied[0]
    if profile.board_tie_break is TieBreak.SUIT:
        return min(tied, key=lambda player: _suit_key(order, boards[player]))
    return min(tied, key=lambda player: _position(seat_order, player))


def cap(profile: Profile, players_in_round: int) -> int | None:
    """Bet levels allowed in a round that starts with ``players_in_round`` players.

    ``None`` means no cap (a heads-up round where the house lifts it).

    >>> from stud_hh.rules.profiles import profile
    >>> cap(profile("casino"), 3), cap(profile("casino"), 2), cap(profile("pokerstars"), 2)
    (4, None, 4)
    """
    if profile.heads_up_uncapped and players_in_round == 2:
        return None
    return profile.max_bets


def all_in_reopens(profile: Profile, raised_by: int, full_raise: int) -> bool:
    """Whether an all-in that adds ``raised_by`` over the current bet reopens the betting.

    ``full_raise`` is the size of a full bet or raise on the street. A full raise
    always reopens; with :attr:`Profile.half_bet_reopens` half of one does too.

    >>> from stud_hh.rules.profiles import profile
    >>> casino = profile("casino")
    >>> all_in_reopens(casino, 5, 10), all_in_reopens(casino, 4, 10)
    (True, False)
    >>> strict = Profile(name="strict", description="", bring_in_tie_break=TieBreak.SUIT,
    ...                  board_tie_break=TieBreak.SUIT, heads_up_uncapped=False,
    ...                  half_bet_reopens=False)
    >>> all_in_reopens(strict, 5, 10), all_in_reopens(strict, 10, 10)
    (False, True)
    """
    if raised_by >= full_raise:
        return True
    return profile.half_bet_reopens and 2 * raised_by >= full_raise


def clockwise_from(seats: Mapping[str, int], first_seat: int = 1) -> tuple[str, ...]:
    """Players in clockwise order (increasing seat number, wrapping) from ``first_seat``.

    The ``seat_order`` for the helpers: pass the seat left of the dealer. Stud
    histories print no dealer button; PokerStars breaks position ties from seat 1
    (see the ``pokerstars`` profile's evidence), which is the default.

    >>> clockwise_from({"Ann": 7, "Bob": 2, "Cid": 4})
    ('Bob', 'Cid', 'Ann')
    >>> clockwise_from({"Ann": 7, "Bob": 2, "Cid": 4}, first_seat=5)
    ('Ann', 'Bob', 'Cid')
    """
    return tuple(sorted(seats, key=lambda name: (seats[name] < first_seat, seats[name])))
