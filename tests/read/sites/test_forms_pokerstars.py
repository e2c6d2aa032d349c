"""Promise: the PokerStars reader takes every header form's fields exactly, takes every
noise line out wherever it stands, and refuses what it cannot read by name.

The generic checks of tests/read/sites/test_forms.py see events, pots and nets; these look at
what they cannot: tournament ids, buy-ins, fees, bounties, levels, currencies,
stakes, start times, play money, mixed-game wrappers and home clubs, for one hand of
every header form of docs/formats/pokerstars.md (the generated hands of
tests/read/sites/forms_pokerstars.py).
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from catalogue import catalogue
from forms_pokerstars import HANDS, VARIANTS

from stud_hh.model.events import Chat, Game, TableEvent, TableEventKind
from stud_hh.model.hand import ParsedHand, ParseFailure
from stud_hh.read.parse import parse_hand, parse_text
from stud_hh.read.sites import POKERSTARS
from stud_hh.read.sites.pokerstars import NOISE, read_header


def _hand(fragment: str) -> ParsedHand:
    """The generated hand whose header holds ``fragment``."""
    found = [h for h in HANDS if fragment in h.partition("\n")[0]]
    assert len(found) == 1, fragment
    return parse_hand(found[0])


def _utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)


# fragment of the header -> header fields expected
CASES: list[tuple[str, dict[str, object]]] = [
    ("($0.10/$0.20 USD) - 2009/11/26", {
        "game": Game.STUD, "currency": "USD", "scale": 100, "small_bet": 10, "big_bet": 20,
        "tournament_id": None, "play_money": False, "started_at": _utc(2009, 11, 26, 15, 8, 43)}),
    ("(€0.10/€0.20 EUR) - 2020", {"game": Game.STUD8, "currency": "EUR", "small_bet": 10,
                                      "started_at": _utc(2020, 5, 1, 19, 14, 9),
                                      "started_local": "2020/05/01 21:14:09 CET"}),
    ("(£0.10/£0.20 GBP)", {"currency": "GBP", "small_bet": 10, "big_bet": 20}),
    ("(₹5/₹10 INR)", {"game": Game.RAZZ, "currency": "INR", "small_bet": 500, "big_bet": 1000,
                          "started_at": _utc(2019, 4, 4, 22, 30, 18)}),
    ("(Rs. 5/Rs. 10 INR)", {"currency": "INR", "small_bet": 500, "big_bet": 1000}),
    ("($1/$2 CAD)", {"currency": "CAD", "small_bet": 100, "big_bet": 200}),
    ("2008/02/03 - 22:04:15 (ET)", {"currency": "USD", "started_at": _utc(2008, 2, 4, 3, 4, 15)}),
    ("Razz Limit ($0.10/$0.20 USD) - 2006/08/21", {"currency": "USD", "small_bet": 10}),
    ("Razz Limit ($0.10/$0.20) - 2008/09/26", {"started_at": _utc(2008, 9, 26, 18, 36, 50)}),
    ("2009/07/16 2:36:31 CET", {"started_at": _utc(2009, 7, 16, 0, 36, 31),
                                    "started_local": "2009/07/16 2:36:31 CET"}),
    ("8-Game (7 Card Stud Hi/Lo Limit, $0.10/$0.20 USD)", {
        "game": Game.STUD8, "mixed_game": "8-Game", "currency": "USD", "small_bet": 10}),
    ("HORSE (Razz Limit, $0.10/$0.20)", {"game": Game.RAZZ, "mixed_game": "HORSE",
                                             "currency": "USD",
                                             "started_at": _utc(2006, 8, 21, 17, 59, 19)}),
    ("(100/200) - 2012/01/01", {"currency": None, "scale": 1, "play_money": True,
                                                "small_bet": 100}),
    ("Zoom Hand", {"currency": "USD", "small_bet": 10}),
    ("[ADM ID: 4F2A9C]", {"currency": "EUR", "small_bet": 10}),
    ("{chipchipchip}", {"home_club": "chipchipchip", "play_money": True, "small_bet": 100}),
    ("Home Game #", {"home_club": "Kitchen", "game": Game.RAZZ}),
    ("$200+$15 USD", {"tournament_id": "664712833", "buy_in": 20000, "fee": 1500,
                          "buy_in_currency": "USD", "level": "IV", "small_bet": 50, "big_bet": 100,
                          "currency": None, "scale": 1, "play_money": False}),
    ("£5.00+£0.50 GBP", {"buy_in": 500, "fee": 50, "buy_in_currency": "GBP"}),
    ("300+20 ", {"buy_in": 300, "fee": 20, "buy_in_currency": None, "play_money": True}),
    ("$5.00+$0.50 7 Card", {"buy_in": 500, "fee": 50, "buy_in_currency": "USD",
                                "started_at": _utc(2007, 10, 15, 9, 34, 3)}),
    ("$1.00+$0.25+$0.15 USD", {"buy_in": 100, "bounty": 25, "fee": 15}),
    ("$332.50+$332.50+$35.00 USD", {"buy_in": 33250, "bounty": 33250, "fee": 3500}),
    ("Freeroll  7 Card", {"buy_in": 0, "fee": 0, "play_money": False}),
    ("50FPP", {"buy_in": 50, "fee": 0, "buy_in_currency": "FPP", "play_money": False}),
    ("250 SC", {"buy_in": 250, "fee": 0, "buy_in_currency": "SC", "game": Game.STUD8}),
    ("#664712833, Razz Limit - Match Round I", {"buy_in": None, "fee": None, "match_round": "I",
                                                    "level": "I", "game": Game.RAZZ}),
    ("Triple Stud (7 Card Stud Limit)", {"mixed_game": "Triple Stud", "level": "XXXI"}),
    ("HORSE (7 Card Stud Hi/Lo Limit) - Level V", {
        "mixed_game": "HORSE", "level": "V", "buy_in": 98, "fee": 12,
        "started_at": _utc(2023, 2, 5, 18, 25, 51), "started_local": "2023/02/05 10:25:51 PT"}),
    ("(ante 10, 50/100)", {"level": "III", "small_bet": 50, "big_bet": 100}),
    ("{Dazzle's Room} Tournament", {"home_club": "Dazzle's Room", "tournament_id": "743144019",
                                        "buy_in": 100, "fee": 9, "mixed_game": "8-Game",
                                        "match_round": "I", "level": "IV"}),
    ("TOURNAMENT #169962475", {"tournament_id": "169962475", "buy_in": 1000, "fee": 100,
                                   "game": Game.STUD8, "level": "I"}),
]


@pytest.mark.parametrize(("fragment", "expected"), CASES, ids=[c[0] for c in CASES])
def test_header_fields(fragment: str, expected: dict[str, object]) -> None:
    header = _hand(fragment).header
    got = {name: getattr(header, name) for name in expected}
    assert got == expected


def test_every_generated_header_is_checked_above() -> None:
    checked = {next(h for h in HANDS if c[0] in h.partition("\n")[0]) for c in CASES}
    assert len(checked) == len(HANDS) == len(VARIANTS)


def test_seat_lines_with_a_bounty_or_out_of_hand() -> None:
    bounty = _hand("$332.50+$332.50+$35.00 USD")
    assert [s.stack for s in bounty.header.seats] == [10, 25, 2000, 2000]
    freeroll = _hand("Freeroll  7 Card")
    moved = {s.name: s.sitting_out for s in freeroll.header.seats}
    assert moved["Gil"] is True
    assert moved["Hob"] is True
    assert {s.name: s.stack for s in freeroll.header.seats}["Hob"] == 1475


def test_every_noise_example_is_taken_out_by_the_marked_scan() -> None:
    """Noise.strip looks only at lines holding a shape's mark: each example must hold one."""
    noise = POKERSTARS.noise
    for form in catalogue("pokerstars").noise:
        for example in form.examples:
            text = f"Bob: checks\n{example}\nBob: folds\n"
            kept, lines, taken = noise.strip(text, (1, 2, 3))
            assert kept == "Bob: checks\nBob: folds\n", (form.id, example)
            assert lines == (1, 3)
            assert len(taken) == 1


def test_noise_shapes_never_take_a_game_line() -> None:
    noise = POKERSTARS.noise
    for text in HANDS:
        stripped = [e for e in parse_hand(text).events if isinstance(e, Chat | TableEvent)]
        lines = text.rstrip("\n").split("\n")
        for event in stripped:
            line = lines[event.line - 1]
            assert not line.startswith(("Seat ", "Dealt to ", "Total pot", "*** ")), line
    assert noise.shape_of("Seat 3: Player2 (1285 in chips) is sitting out") is None
    assert noise.shape_of("Bob: calls $0.04") is None
    assert len(NOISE) == len(noise.shapes)


def test_noise_events_keep_the_player_and_kind() -> None:
    hand = _hand("£5.00+£0.50 GBP")
    kinds = [(e.player, e.kind) for e in hand.events if isinstance(e, TableEvent)]
    assert ("Wes", TableEventKind.FINISHED) in kinds
    assert ("Yan", TableEventKind.OTHER) in kinds
    chat = [e for e in _hand("($0.10/$0.20 USD) - 2009/11/26").events if isinstance(e, Chat)]
    assert [(c.player, c.text) for c in chat] == [("railbird77", "gl all"), ("Bob Lee", "nh"),
                                                 ("Cy [7]", "B: bets 5")]


def test_a_cancelled_hand_fails_by_name() -> None:
    text = ("PokerStars Hand #300000000102:  7 Card Stud Limit ($0.10/$0.20 USD) - "
            "2026/03/14 16:07:00 ET\nTable 'Test' 8-max\nSeat 1: Ann ($10 in chips)\n"
            "Seat 2: Bob ($10 in chips)\nAnn: posts the ante $0.02\nBob: is sitting out\n"
            "Hand cancelled\n*** SUMMARY ***\nSeat 1: Ann collected ($0)\n")
    (result,) = parse_text(text)
    assert isinstance(result, ParseFailure)
    assert "cancelled" in result.reason
    assert result.line == 7


def test_a_russian_history_is_refused_by_name() -> None:
    text = ("Игра PokerStars #27853109221: Холдем Лимит ($0.02/$0.04) - 2009/05/06 9:32:27 MSK\n"
            "Стол 'Aase II' 9-max Баттон на месте №3\n")
    results = list(parse_text(text))
    assert len(results) == 1
    assert isinstance(results[0], ParseFailure)
    assert "Russian" in results[0].reason


@pytest.mark.parametrize("line", [
    "PokerStars Hand #1: Tournament #35055742, 7 Card Stud Limit - Level I (15/30) - "
    "2006/11/03 9:33:53 ET",
    "PokerStars Hand #2: Tournament #35055742, 10-Game (Razz Limit) - Level I (15/30) - "
    "2006/11/03 9:33:53 ET",
])
def test_a_game_name_starting_with_a_digit_is_no_buy_in(line: str) -> None:
    fields = read_header(line).fields
    assert fields["buy_in"] is None
    assert fields["game"] in (Game.STUD, Game.RAZZ)


def test_the_other_games_of_a_mixed_file_are_skipped_by_name() -> None:
    for game in ("Hold'em Limit", "Omaha Hi/Lo Limit", "Triple Draw 2-7 Lowball Limit",
                 "Badugi Limit", "5 Card Draw Limit", "Courchevel Pot Limit"):
        header = read_header(f"PokerStars Hand #1: Tournament #2, $1+$0.10 USD 8-Game ({game})"
                             " - Level I (10/20) - 2013/06/05 23:30:00 ET")
        assert header.game is None
        assert header.game_text == game
