"""Tests for :mod:`stud_hh.rules`: the game and profile data and the helpers.

Two layers: hand-made cases with known answers, and the real PokerStars hands of
``../shared/corpus/Stars`` -- every stud, stud8 and razz hand must have its
bring-in and the first actor of every street named by the helpers under the
``pokerstars`` profile, and the hands cited as evidence in that profile must
show what the profile says. The corpus is read in place and skipped with a
clear message when it is absent.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Sequence
from functools import cache
from pathlib import Path

import pytest

from stud_hh import parse_file
from stud_hh.model.events import (
    Announcement,
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Deal,
    Fold,
    Game,
    PostAnte,
    Raise,
    ShowdownStart,
    Street,
    StreetStart,
    SummaryStart,
)
from stud_hh.model.hand import ParsedHand
from stud_hh.rules import (
    GAMES,
    PROFILES,
    SITE_PROFILES,
    BetSize,
    FirstActor,
    Printing,
    Profile,
    Support,
    TieBreak,
    UncalledBet,
    UnknownProfileError,
    all_in_reopens,
    bet_size,
    big_bet_allowed,
    bring_in_player,
    cap,
    clockwise_from,
    first_actor,
    open_pair_big_bet,
    profile,
    profile_for,
)

CORPUS_DIR = Path(__file__).resolve().parents[3] / "shared" / "corpus"
STARS_DIR = CORPUS_DIR / "Stars"
CORPUS_MISSING = (
    "../shared/corpus/Stars not found: the PokerStars evidence tests need the shared corpus "
    "beside the project"
)

STUD, STUD8, RAZZ = GAMES[Game.STUD], GAMES[Game.STUD8], GAMES[Game.RAZZ]
CASINO, STARS = profile("casino"), profile("pokerstars")
BY_SUIT = dataclasses.replace(CASINO, name="by-suit", board_tie_break=TieBreak.SUIT)
BY_POSITION = dataclasses.replace(CASINO, name="by-position", bring_in_tie_break=TieBreak.POSITION)
ORDER = ("Ann", "Bob", "Cid", "Dan")


# ---------------------------------------------------------------------------
# The data


def test_every_game_has_rules() -> None:
    assert set(GAMES) == set(Game)
    for game, rules in GAMES.items():
        assert rules.game is game
        streets = [rule.street for rule in rules.streets]
        assert streets == sorted(streets)
        assert rules.streets[0].first_actor is FirstActor.BRING_IN
    for game in (Game.STUD, Game.STUD8, Game.RAZZ):
        rules = GAMES[game]
        assert rules.audited
        assert rules.cards_per_player == 7
        assert [r.up_cards for r in rules.streets] == [1, 1, 1, 1, 0]
        assert rules.street(Street.SEVENTH).first_actor is FirstActor.PREVIOUS_STREET
        assert [r.street for r in rules.streets if r.open_pair_option] == [Street.FOURTH]
    assert GAMES[Game.FIVE_STUD].cards_per_player == 5
    assert GAMES[Game.FIVE_STUD].cards_at_showdown == 5
    assert STUD.cards_at_showdown == 7
    assert open_pair_big_bet(STUD, STARS)
    assert not open_pair_big_bet(STUD8, STARS)
    assert not open_pair_big_bet(RAZZ, CASINO)
    assert all(rules.audited for rules in GAMES.values())  # five-card stud and 2-7 razz too


def test_rules_are_frozen_values() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        STUD.max_players = 9  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        STARS.heads_up_uncapped = True  # type: ignore[misc]
    assert not hasattr(STARS, "__dict__")
    assert hash(STARS) == hash(dataclasses.replace(STARS))


def test_a_named_profile_takes_the_printing_of_the_hands_site() -> None:
    casino_for_winamax = profile_for("casino", "Winamax")
    assert casino_for_winamax.prints == profile("winamax").prints
    assert dataclasses.replace(casino_for_winamax, prints=CASINO.prints) == CASINO
    assert profile_for("casino", "Winamax") is casino_for_winamax  # made once
    assert profile_for("pokerstars", "Everleaf").prints.uncalled is UncalledBet.UNPRINTED
    assert profile_for("pokerstars", "Everleaf").heads_up_uncapped is False
    # a profile made for the hand's own site, one whose printing is the site's, and a site
    # without a profile keep the named profile as it is
    assert profile_for("winamax", "Winamax") is profile("winamax")
    assert profile_for("merge", "Winning Poker Network") is profile("merge")
    assert profile_for("fulltilt", "Bovada").prints.money == profile("bovada").prints.money
    assert profile_for("casino", "PHH") is CASINO
    assert profile_for("winamax", "Nowhere") is profile("winamax")
    flipped = dataclasses.replace(profile("winamax"), name="_flipped", prints=Printing())
    assert flipped.site == "Winamax"  # a variant of a site's profile is for that site too
    for site, name in SITE_PROFILES.items():
        assert profile(name).site in (site, None), name


def test_profiles() -> None:
    assert {"casino", "pokerstars"} <= set(PROFILES)
    assert CASINO.heads_up_uncapped
    assert CASINO.board_tie_break is TieBreak.POSITION
    assert CASINO.half_bet_reopens
    assert CASINO.max_bets == 4
    assert STARS.open_pair_big_bet == frozenset({Game.STUD})
    with pytest.raises(UnknownProfileError,
                       match=r"profile 'nope' \(known: absolute, bovada, casino, everleaf, "
                             r"fulltilt, ipoker, kingsclub, merge, ongame, partypoker, "
                             r"pokerstars, winamax, winning\)"):
        profile("nope")
    with pytest.raises(ValueError, match="unknown rule profile ''"):
        profile("")


SETTING_NAMES = ({f.name for f in dataclasses.fields(Profile) if f.name != "prints"}
                 | {f"prints.{f.name}" for f in dataclasses.fields(Printing)})
"""What an evidence entry may name: a house rule, or ``prints.FIELD`` for what the site
prints."""


@pytest.mark.parametrize("name", ["pokerstars", "fulltilt", "partypoker", "winamax", "everleaf",
                                  "ongame", "absolute", "bovada"])
def test_site_evidence_names_real_fields_and_says_when_nothing_decides(name: str) -> None:
    site = profile(name)
    settings = {"bring_in_tie_break", "board_tie_break", "heads_up_uncapped", "max_bets",
                "half_bet_reopens", "odd_chip", "open_pair_big_bet", "side_pots_shown_first"}
    assert settings <= {e.setting for e in site.evidence}
    assert {e.setting for e in site.evidence} <= SETTING_NAMES
    for e in site.evidence:
        if e.support is Support.NONE:
            assert "not confirmed by a corpus hand" in e.shows
        else:
            assert e.file is not None
            assert e.hand_id is not None


def test_pokerstars_evidence_covers_every_setting() -> None:
    settings = {"bring_in_tie_break", "board_tie_break", "heads_up_uncapped", "max_bets",
                "half_bet_reopens", "odd_chip", "open_pair_big_bet", "side_pots_shown_first"}
    assert settings <= {e.setting for e in STARS.evidence}
    assert {e.setting for e in STARS.evidence} <= SETTING_NAMES
    assert STARS.support("bring_in_tie_break") is Support.DECIDES
    assert STARS.support("heads_up_uncapped") is Support.OTHER_GAME
    assert STARS.support("odd_chip") is Support.NONE
    for e in STARS.evidence:
        if e.support is Support.NONE:
            assert "not confirmed by a corpus hand" in e.shows


# ---------------------------------------------------------------------------
# Hand-made cases


@pytest.mark.parametrize(
    ("game", "doors", "expected"),
    [
        (Game.STUD, {"Ann": "9h", "Bob": "3d", "Cid": "Ac"}, "Bob"),
        (Game.STUD, {"Ann": "Ah", "Bob": "Kd", "Cid": "Ac"}, "Bob"),  # ace is high
        (Game.STUD, {"Ann": "2h", "Bob": "2s", "Cid": "2c", "Dan": "2d"}, "Cid"),  # clubs
        (Game.STUD8, {"Ann": "4s", "Bob": "4d"}, "Bob"),
        (Game.RAZZ, {"Ann": "Qs", "Bob": "Kc", "Cid": "2d"}, "Bob"),  # king highest
        (Game.RAZZ, {"Ann": "Ah", "Bob": "2c"}, "Bob"),  # ace is low
        (Game.RAZZ, {"Ann": "Kc", "Bob": "Ks", "Cid": "Kh"}, "Bob"),  # spades
        (Game.RAZZ_27, {"Ann": "Ac", "Bob": "Kd"}, "Ann"),  # 2-7: ace high, highest brings in
    ],
)
def test_bring_in_by_card(game: Game, doors: dict[str, str], expected: str) -> None:
    assert bring_in_player(GAMES[game], STARS, doors, ORDER) == expected
    assert bring_in_player(GAMES[game], CASINO, doors, ORDER) == expected


def test_bring_in_tie_by_position() -> None:
    doors = {"Ann": "2h", "Bob": "2c", "Cid": "5c"}
    assert bring_in_player(STUD, STARS, doors, ORDER) == "Bob"
    assert bring_in_player(STUD, BY_POSITION, doors, ORDER) == "Ann"
    assert bring_in_player(STUD, BY_POSITION, doors, ("Cid", "Bob", "Ann")) == "Bob"
    razz = {"Ann": "Kc", "Bob": "Ks"}
    assert bring_in_player(RAZZ, STARS, razz, ORDER) == "Bob"
    assert bring_in_player(RAZZ, BY_POSITION, razz, ORDER) == "Ann"


def test_bring_in_errors() -> None:
    with pytest.raises(ValueError, match="no door cards"):
        bring_in_player(STUD, STARS, {}, ORDER)
    with pytest.raises(ValueError, match="not in seat_order"):
        bring_in_player(STUD, BY_POSITION, {"Eve": "2c", "Ann": "2d"}, ORDER)
    with pytest.raises(ValueError, match="not a card"):
        bring_in_player(STUD, STARS, {"Ann": "1x"}, ORDER)


@pytest.mark.parametrize(
    ("game", "boards", "expected"),
    [
        (Game.STUD, {"Ann": ["Ah", "Kd"], "Bob": ["2c", "2d"], "Cid": ["Qs", "Js"]}, "Bob"),
        (Game.STUD, {"Ann": ["Ah", "Kd"], "Bob": ["Ac", "Qd"], "Cid": ["Ks", "Qs"]}, "Ann"),
        (Game.STUD, {"Ann": ["9h", "9d", "Ac"], "Bob": ["5c", "5d", "5h"]}, "Bob"),
        (Game.STUD, {"Ann": ["Ah", "Ad", "2c", "3c"], "Bob": ["4c", "4d", "3h", "3s"]}, "Bob"),
        (Game.STUD, {"Ann": ["Ah", "Kh", "Qh", "Jh"], "Bob": ["2c", "2d", "3h", "4s"]}, "Bob"),
        (Game.STUD8, {"Ann": ["Ah", "2h", "3h"], "Bob": ["Kc", "Kd", "2s"]}, "Bob"),
        (Game.RAZZ, {"Ann": ["Kd", "4c"], "Bob": ["7c", "6d"], "Cid": ["8s", "Ah"]}, "Bob"),
        (Game.RAZZ, {"Ann": ["2d", "2c", "3h"], "Bob": ["Qc", "Jd", "Th"]}, "Bob"),
        (Game.RAZZ, {"Ann": ["Ad", "5c", "8h"], "Bob": ["7c", "6d", "4h"]}, "Bob"),
    ],
)
def test_first_actor_best_board(
    game: Game, boards: dict[str, list[str]], expected: str
) -> None:
    for house in (STARS, CASINO, BY_SUIT):
        assert first_actor(GAMES[game], house, boards, ORDER) == expected


def test_first_actor_ties() -> None:
    pairs = {"Ann": ["Kd", "Kc", "4h"], "Bob": ["Kh", "Ks", "4d"]}
    assert first_actor(STUD, BY_SUIT, pairs, ORDER) == "Bob"  # the king of spades
    assert first_actor(STUD, CASINO, pairs, ORDER) == "Ann"
    assert first_actor(STUD, STARS, pairs, ORDER) == "Ann"
    assert first_actor(STUD, STARS, pairs, ("Cid", "Bob", "Ann")) == "Bob"
    highs = {"Cid": ["Ac", "9s"], "Dan": ["9d", "Ah"]}
    assert first_actor(STUD8, BY_SUIT, highs, ORDER) == "Dan"  # the ace of hearts
    assert first_actor(STUD8, STARS, highs, ORDER) == "Cid"
    # razz by suit mirrors its bring-in: the lowest suit of the highest card is best
    razz = {"Ann": ["Qd", "3d"], "Bob": ["3h", "Qc"]}
    assert first_actor(RAZZ, BY_SUIT, razz, ORDER) == "Bob"
    assert first_actor(RAZZ, STARS, razz, ORDER) == "Ann"
    assert first_actor(RAZZ, CASINO, razz, ("Bob", "Ann")) == "Bob"


def test_first_actor_seventh_street_common_card() -> None:
    boards = {"Ann": ["Ad", "9c", "7h", "4s"], "Bob": ["Kd", "Qc", "Jh", "3s"]}
    assert first_actor(STUD, STARS, boards, ORDER) == "Ann"
    assert first_actor(STUD, STARS, boards, ORDER, common="3d") == "Bob"
    razz = {"Ann": ["2c", "3d", "4h", "8s"], "Bob": ["2d", "3c", "5h", "7s"]}
    assert first_actor(RAZZ, STARS, razz, ORDER) == "Bob"
    assert first_actor(RAZZ, STARS, razz, ORDER, common="7d") == "Ann"


def test_first_actor_errors() -> None:
    with pytest.raises(ValueError, match="no boards"):
        first_actor(STUD, STARS, {}, ORDER)
    with pytest.raises(ValueError, match="not in seat_order"):
        first_actor(STUD, STARS, {"Ann": ["Kd"], "Eve": ["Ks"]}, ORDER)


@pytest.mark.parametrize("game", [Game.STUD, Game.STUD8, Game.RAZZ, Game.RAZZ_27])
def test_bet_sizes_seven_card(game: Game) -> None:
    rules = GAMES[game]
    assert [bet_size(rules, street, 2, 4) for street in Street] == [2, 2, 4, 4, 4]
    assert [r.bet for r in rules.streets] == [BetSize.SMALL] * 2 + [BetSize.BIG] * 3


def test_bet_sizes_five_card_stud() -> None:
    five = GAMES[Game.FIVE_STUD]
    sizes = [bet_size(five, s, 1, 2) for s in (Street.THIRD, Street.FOURTH, Street.FIFTH,
                                               Street.SIXTH)]
    assert sizes == [1, 1, 2, 2]
    with pytest.raises(ValueError, match="no 7th street"):
        bet_size(five, Street.SEVENTH, 1, 2)


def test_big_bet_allowed() -> None:
    paired = {"Ann": ["Kd", "Ks"], "Bob": ["2c", "7d"]}
    unpaired = {"Ann": ["Kd", "Qs"], "Bob": ["2c", "7d"]}
    assert big_bet_allowed(STUD, STARS, Street.FOURTH, paired)
    assert not big_bet_allowed(STUD, STARS, Street.FOURTH, unpaired)
    assert not big_bet_allowed(STUD, STARS, Street.FIFTH, paired)
    assert not big_bet_allowed(STUD8, STARS, Street.FOURTH, paired)
    assert not big_bet_allowed(RAZZ, CASINO, Street.FOURTH, paired)
    both = dataclasses.replace(CASINO, open_pair_big_bet=frozenset({Game.STUD, Game.STUD8}))
    assert big_bet_allowed(STUD8, both, Street.FOURTH, paired)


@pytest.mark.parametrize(
    ("house", "players", "expected"),
    [
        ("casino", 2, None),
        ("casino", 3, 4),
        ("casino", 8, 4),
        ("pokerstars", 2, 4),
        ("pokerstars", 3, 4),
    ],
)
def test_cap(house: str, players: int, expected: int | None) -> None:
    assert cap(profile(house), players) == expected


def test_all_in_reopens() -> None:
    strict = dataclasses.replace(CASINO, half_bet_reopens=False)
    assert all_in_reopens(CASINO, 20, 20)
    assert all_in_reopens(strict, 25, 20)
    assert all_in_reopens(CASINO, 10, 20)
    assert not all_in_reopens(CASINO, 9, 20)
    assert not all_in_reopens(strict, 10, 20)


def test_clockwise_from() -> None:
    seats = {"Ann": 8, "Bob": 1, "Cid": 5}
    assert clockwise_from(seats) == ("Bob", "Cid", "Ann")
    assert clockwise_from(seats, first_seat=6) == ("Ann", "Bob", "Cid")
    assert clockwise_from(seats, first_seat=5) == ("Cid", "Ann", "Bob")


# ---------------------------------------------------------------------------
# The real PokerStars hands

_ACTIONS = (BringIn, Complete, Bet, Raise, Call, Check, Fold)


@dataclasses.dataclass(frozen=True)
class Opener:
    """Who the history shows acting first on one street, and what the helpers need."""

    street: Street
    actor: str
    boards: dict[str, list[str]]
    """Exposed cards of the players who can act (in the hand, not all-in)."""
    doors: dict[str, str]
    common: str | None


def openers(hand: ParsedHand) -> Iterator[Opener]:
    """Every street's first actor as the history shows it, with the boards at that moment."""
    up: dict[str, list[str]] = {}
    doors: dict[str, str] = {}
    out: set[str] = {e.player for e in hand.events if isinstance(e, PostAnte) and e.all_in}
    street: Street | None = None
    common: str | None = None
    for event in hand.events:
        if isinstance(event, StreetStart):
            street, common = event.street, event.common
        elif isinstance(event, ShowdownStart | SummaryStart):
            street = None
        elif isinstance(event, Deal):
            shown = [c for c, u in zip(event.cards, event.face_up, strict=True) if u and c]
            up.setdefault(event.player, []).extend(shown)
            if event.street is Street.THIRD and shown:
                doors[event.player] = shown[0]
        elif isinstance(event, _ACTIONS):
            if street is not None:
                boards = {p: list(c) for p, c in up.items() if p not in out}
                yield Opener(street, event.player, boards, dict(doors), common)
                street = None
            if isinstance(event, Fold) or getattr(event, "all_in", False):
                out.add(event.player)


@cache
def stars_hands() -> tuple[tuple[str, ParsedHand], ...]:
    """``(file relative to the corpus, hand)`` for every stud-family hand in corpus/Stars."""
    found = []
    for path in sorted(p for p in STARS_DIR.rglob("*") if p.is_file()):
        for result in parse_file(path):
            if isinstance(result, ParsedHand) and result.header.game in (
                Game.STUD, Game.STUD8, Game.RAZZ
            ):
                found.append((path.relative_to(CORPUS_DIR).as_posix(), result))
    return tuple(found)


@pytest.fixture(scope="module")
def hands() -> tuple[tuple[str, ParsedHand], ...]:
    if not STARS_DIR.is_dir():
        pytest.skip(CORPUS_MISSING)
    found = stars_hands()
    assert found, f"no stud hand found in {STARS_DIR}"
    return found


def find_hand(hands: Sequence[tuple[str, ParsedHand]], file: str, hand_id: str) -> ParsedHand:
    for name, hand in hands:
        if name == file and hand.hand_id == hand_id:
            return hand
    raise AssertionError(f"hand {hand_id} not found in {file}")


def replay_openers(hand: ParsedHand, house: Profile) -> list[tuple[Street, str, str]]:
    """``(street, actor in the history, actor the helpers name)`` for every street."""
    rules = GAMES[hand.header.game]
    order = clockwise_from({s.name: s.seat for s in hand.header.seats})
    rows = []
    for o in openers(hand):
        if o.street is Street.THIRD:
            named = bring_in_player(rules, house, o.doors, order)
        else:
            named = first_actor(rules, house, o.boards, order, common=o.common)
        rows.append((o.street, o.actor, named))
    return rows


def test_every_stars_hand_opens_as_the_helpers_say(
    hands: tuple[tuple[str, ParsedHand], ...],
) -> None:
    assert len(hands) >= 70
    streets = 0
    for name, hand in hands:
        for street, actor, named in replay_openers(hand, STARS):
            assert actor == named, f"{name} hand {hand.hand_id} {street.label}: {actor} acts"
            streets += 1
    assert streets > 200


# (file, hand id, street, profile whose tie-break would name another player)
DECIDING_TIES = [
    ("Stars/7-Stud-USD-0.04-0.08-200911.txt", "35874039554", Street.THIRD, BY_POSITION),
    ("Stars/7-Stud-USD-0.04-0.08-200911.txt", "35874220204", Street.THIRD, BY_POSITION),
    ("Stars/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt", "99632503941",
     Street.THIRD, BY_POSITION),
    ("Stars/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt", "99632627755",
     Street.THIRD, BY_POSITION),
    ("Stars/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt", "99632365500",
     Street.FOURTH, BY_SUIT),
]


@pytest.mark.parametrize(("file", "hand_id", "street", "other"), DECIDING_TIES)
def test_deciding_ties(
    hands: tuple[tuple[str, ParsedHand], ...],
    file: str,
    hand_id: str,
    street: Street,
    other: Profile,
) -> None:
    hand = find_hand(hands, file, hand_id)
    rows = {s: (actor, named) for s, actor, named in replay_openers(hand, STARS)}
    actor, named = rows[street]
    assert actor == named
    other_rows = {s: (a, n) for s, a, n in replay_openers(hand, other)}
    assert other_rows[street][1] != actor, "the hand would not decide the setting"
    for s, (a, n) in rows.items():
        assert a == n, f"{s.label}: {a} acts, the helpers name {n}"


@pytest.mark.parametrize(
    ("file", "hand_id", "street", "players_at_start"),
    [
        ("Stars/7-Stud-USD-0.04-0.08-200911.txt", "35874289931", Street.FIFTH, 3),
        ("Stars/Razz-8max-USD-200-15-201009.bracket.in.alias.txt", "49382949075",
         Street.THIRD, 8),
    ],
)
def test_capped_rounds(
    hands: tuple[tuple[str, ParsedHand], ...],
    file: str,
    hand_id: str,
    street: Street,
    players_at_start: int,
) -> None:
    hand = find_hand(hands, file, hand_id)
    current: Street | None = None
    levels = 0
    capped_at: int | None = None
    for event in hand.events:
        if isinstance(event, StreetStart):
            current = event.street
        elif current is street and isinstance(event, Bet | Raise | Complete):
            levels += 1
        elif current is street and isinstance(event, Announcement) and event.kind == "capped":
            capped_at = levels
    assert capped_at == levels == cap(STARS, players_at_start) == 4


def test_heads_up_cap_on_stars_limit_omaha(hands: tuple[tuple[str, ParsedHand], ...]) -> None:
    """The heads-up evidence is in hold'em-family hands the parser skips: read the text."""
    assert hands
    evidence = [e for e in STARS.evidence
                if e.setting == "heads_up_uncapped" and e.support is Support.OTHER_GAME]
    assert evidence
    for e in evidence:
        assert e.file is not None
        assert e.hand_id is not None
        text = (CORPUS_DIR / e.file).read_text(encoding="utf-8-sig")
        start = text.index(f"#{e.hand_id}:")
        block = text[start:text.find("\n\n", start)]
        assert "Omaha Hi/Lo Limit" in block.splitlines()[0]
        seats = [line for line in block.splitlines() if line.startswith("Seat ")]
        assert "2-max" in block
        assert len([s for s in seats if "in chips" in s]) == 2
        assert "Betting is capped" in block
    assert cap(STARS, 2) == 4


@pytest.mark.parametrize(
    ("file", "hand_id", "allowed"),
    [
        ("Stars/7-Stud-USD-0.04-0.08-200911.txt", "35874334277", True),
        ("Stars/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt", "99632512109", True),
        ("Stars/HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt",
         "60974484959", True),
        ("Stars/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt", "99632554838", False),
        ("Stars/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt", "99632379168", False),
    ],
)
def test_open_pair_on_fourth(
    hands: tuple[tuple[str, ParsedHand], ...], file: str, hand_id: str, allowed: bool
) -> None:
    hand = find_hand(hands, file, hand_id)
    fourth = next(o for o in openers(hand) if o.street is Street.FOURTH)
    everyone = {**fourth.boards}
    rules = GAMES[hand.header.game]
    assert big_bet_allowed(rules, STARS, Street.FOURTH, everyone) is allowed
    assert any(len({c[0] for c in b}) < len(b) for b in everyone.values())
    current: Street | None = None
    announced = False
    big = False
    for event in hand.events:
        if isinstance(event, StreetStart):
            current = event.street
        elif current is Street.FOURTH and isinstance(event, Announcement):
            announced = announced or event.kind == "pair_on_board"
        elif current is Street.FOURTH and isinstance(event, Bet):
            big = big or event.amount == hand.header.big_bet
    assert announced is allowed
    assert big is allowed


def test_in_corpus_evidence_exists(hands: tuple[tuple[str, ParsedHand], ...]) -> None:
    assert hands
    for e in STARS.evidence:
        if e.support in (Support.OUTSIDE_CORPUS, Support.NONE):
            continue
        assert e.file is not None
        assert e.hand_id is not None
        path = CORPUS_DIR / e.file
        assert path.is_file(), path
        assert f"#{e.hand_id}:" in path.read_text(encoding="utf-8-sig"), e
