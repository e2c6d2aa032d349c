"""Promise: the finishing lines of tournament hand histories are a result per player (place,
prize, and the header's buy-in, fee and unit), in every form the sites print, also in a
mixed game's hand of another game (where a player often goes out); a cash hand gives none.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from stud_hh.model.hand import ParsedHand, SkippedHand
from stud_hh.model.results import ResultSource, TournamentResult
from stud_hh.read.finishes import finish_of, hand_results, skipped_results
from stud_hh.read.parse import parse_hand, result_of
from stud_hh.read.split import raw_hands

TRIPLE_STUD = "Stars/Triple-Stud-USD-2.00-0.20-MTT-201301.txt"
SHOOTOUT = "Stars/8-Game-2max-STT-play-100-201306.homeGame.shootout.txt"
ROOT = Path(__file__).resolve().parents[2]


def results_of(path: Path) -> list[TournamentResult]:
    found: list[TournamentResult] = []
    for raw in raw_hands(path):
        parsed = result_of(raw)
        if isinstance(parsed, ParsedHand):
            found += hand_results(parsed)
        elif isinstance(parsed, SkippedHand):
            found += skipped_results(raw)
    return found


def test_a_pokerstars_mtt_hand_gives_the_place_of_who_went_out(corpus: Path) -> None:
    [result] = results_of(corpus / TRIPLE_STUD)
    assert (result.player, result.finish, result.prize, result.source) == \
        ("Player5", 28, 0, ResultSource.HAND)
    assert (result.site, result.tournament_id, result.hand_id) == \
        ("PokerStars", "664712833", "91733835979")
    assert (result.unit, result.buy_in, result.fee, result.cost) == ("USD", 200, 20, 220)
    assert (result.game, result.game_text) == (None, "Triple Stud")  # a mixed game
    assert (result.path, result.line) == (str(corpus / TRIPLE_STUD), 51)


def test_a_mixed_games_other_hand_still_gives_its_finishes(corpus: Path) -> None:
    """The shootout's last hand is Omaha (skipped as not stud): lines 4172-4173 still
    count, with the buy-in of its header (100+9 play chips)."""
    second, first = results_of(corpus / SHOOTOUT)
    assert (second.player, second.finish, second.prize, second.line) == \
        ("Player0", 2, 0, 4172)
    assert (first.player, first.finish, first.prize, first.line) == ("Hero", 1, 20000, 4173)
    assert (first.unit, first.buy_in, first.fee, first.won, first.cost) == \
        ("play", 10000, 900, 20000, 10900)
    assert first.game_text == "8-Game"


def test_the_simulated_tournaments_exits() -> None:
    found = results_of(ROOT / "sample_histories" / "stud_tournament.txt")
    assert found
    assert {r.unit for r in found} == {"USD"}
    assert all(r.finish is not None for r in found)
    winners = [r for r in found if r.finish == 1]
    assert winners
    assert all(r.prize for r in winners)
    assert all(r.prize == 0 for r in found if r.finish != 1)


@pytest.mark.parametrize(("words", "expected"), [
    (" finished the tournament in 28th place", (28, None)),
    (" finished the tournament in 3rd place and received $5.40.", (3, "$5.40")),
    (" finished the tournament in 2nd place and received 50 FPP.", (2, "50 FPP")),
    (" finished the tournament", (None, None)),
    (" wins the tournament and receives $230.36 - congratulations!", (1, "$230.36")),
    (" wins the tournament - congratulations!", (1, None)),
    (" finished in 274.", (274, None)),  # PartyPoker
    (" finished in 4 169.", (4169, None)),
    (" finished in 2 place and received $27.00 USD", (2, "$27.00 USD")),
    (" for winning tournament 128487129", (1, None)),
    (" : Ranking 18", (18, None)),  # Bovada
    (" : Prize Cash [$45]", (None, "$45")),
])
def test_every_finishing_line(words: str, expected: tuple[object, ...]) -> None:
    assert finish_of(words) == expected


def first_sample_hand() -> str:
    """The first hand of a simulated tournament (written by the project)."""
    text = (ROOT / "sample_histories" / "stud_tournament.txt").read_text(encoding="utf-8")
    return text.split("\n\n\n")[0].strip("\ufeff\n") + "\n"


def test_the_headers_knockout_buy_in_and_printed_prizes() -> None:
    hand = first_sample_hand().replace("$5.00+$0.50 USD", "$10+$10+$2 USD").replace(
        "*** SUMMARY ***", "Carl finished the tournament in 3rd place and received $10.80.\n"
        "Hero wins the tournament and receives $43.20 - congratulations!\n*** SUMMARY ***")
    carl, hero = hand_results(parse_hand(hand))
    assert (carl.player, carl.finish, carl.prize, carl.unit) == ("Carl", 3, 1080, "USD")
    assert (hero.finish, hero.prize) == (1, 4320)
    assert hero.line == hand.splitlines().index(
        "Hero wins the tournament and receives $43.20 - congratulations!") + 1
    assert (hero.buy_in, hero.bounty, hero.fee, hero.cost) == (1000, 1000, 200, 2200)


def test_a_cash_hand_gives_no_result() -> None:
    text = (ROOT / "sample_histories" / "stud_cash_0.10-0.20.txt").read_text(encoding="utf-8")
    hand = text.split("\n\n\n")[0].strip("\ufeff\n") + "\n"
    assert hand_results(parse_hand(hand)) == ()
