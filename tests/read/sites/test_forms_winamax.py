"""Promise: the Winamax reader reads what docs/formats/winamax.md says, field by field.

tests/read/sites/test_forms.py checks that the generated hands
(tests/read/sites/forms_winamax.py) use every
catalogued form, parse and replay clean; here the header fields each form carries are
checked (tournament number, buy-in, fee, bounty, level, currency, scale, play money,
start time from the zone), the events of the lines whose meaning is the site's own (a
rounded ``Total pot 3.55k``, side pots, hi/lo halves, a hand shown twice, a returned
bet, a refused blind), and that the other games' headers are skipped, never failed.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from catalogue import catalogue, tables
from forms_winamax import (
    CASH_2016,
    CASH_2022,
    EXPORT,
    FREEROLL,
    HANDS,
    KNOCKOUT,
    SIT_AND_GO,
    Table,
    razz_no_showdown,
    side_pot,
    stud8_split,
    stud_showdown,
)
from text_sites import check_classifier

from stud_hh import ParsedHand, SkippedHand, parse_hand, parse_text
from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
    Collect,
    Complete,
    Game,
    PotKind,
    PotSummary,
    Raise,
    SeatOutcome,
    SeatSummary,
    Show,
    TableEvent,
    TableEventKind,
    UncalledReturned,
)
from stud_hh.read.sites import winamax
from stud_hh.replay import replay


def _header(table: Table, body: object = stud_showdown) -> ParsedHand:
    return parse_hand(body(table, 1))  # type: ignore[operator]


@pytest.mark.parametrize(("table", "expected"), [
    (CASH_2016, {"tournament_id": None, "currency": "EUR", "scale": 100, "play_money": False,
                 "small_bet": 2500, "big_bet": 5000, "table": "Pampelune", "max_seats": 6,
                 "started_at": datetime(2016, 11, 12, 22, 46, 27, tzinfo=UTC)}),
    (CASH_2022, {"tournament_id": None, "currency": "EUR", "scale": 100, "small_bet": 5,
                 "big_bet": 10, "table": "Malmö", "started_local": "2022/03/07 22:16:36 CET",
                 "started_at": datetime(2022, 3, 7, 21, 16, 36, tzinfo=UTC)}),
    (EXPORT, {"tournament_id": None, "currency": None, "scale": 100, "play_money": True,
              "small_bet": 5, "big_bet": 10, "table": "Ceské Budejovice"}),
    (SIT_AND_GO, {"tournament_id": "1124364443", "buy_in": 90, "fee": 10, "bounty": None,
                  "buy_in_currency": "EUR", "level": "3", "currency": None, "scale": 1,
                  "play_money": False, "small_bet": 200, "big_bet": 400,
                  "table": "Sit&Go Stud(1124364443)#0"}),
    (KNOCKOUT, {"tournament_id": "26465144", "buy_in": 450, "bounty": 450, "fee": 100,
                "level": "2", "scale": 1, "small_bet": 40, "big_bet": 80}),
    (FREEROLL, {"tournament_id": "5142226", "buy_in": 0, "fee": 0, "buy_in_currency": None,
                "level": "0", "scale": 1, "play_money": False}),
], ids=["cash-2016", "cash-2022", "export", "sit-and-go", "knockout", "freeroll"])
def test_header_fields_of_each_table_form(table: Table, expected: dict[str, object]) -> None:
    header = _header(table).header
    assert header.site == "Winamax"
    assert {k: getattr(header, k) for k in expected} == expected
    assert header.is_tournament == (expected.get("tournament_id") is not None)


def test_ticket_only_leaves_the_buy_in_unknown() -> None:
    fields = winamax.read_header(
        'Winamax Poker - Tournament "Super Freeroll Stade 1" buyIn: Ticket only level: 0 - '
        "HandId: #113666927963930625-1-1341268367 - 7-Card Stud Hi/Lo fixed limit (5/20/40) "
        "- 2012/07/02 22:32:47 UTC").fields
    assert (fields["buy_in"], fields["fee"], fields["tournament_id"], fields["game"]) == (
        None, None, "Super Freeroll Stade 1", Game.STUD8)


def test_a_buy_in_with_decimal_commas() -> None:
    fields = winamax.read_header(
        'Winamax Poker - Tournament "Razz Series" buyIn: 4,50€ + 0,50€ level: 1 - HandId: '
        "#22085692498641681-1-1299346216 - Razz fixed limit (5/20/40) - 2011/03/05 18:30:16 "
        "UTC").fields
    assert (fields["buy_in"], fields["fee"], fields["game"]) == (450, 50, Game.RAZZ)


def test_a_tournament_total_rounded_to_thousands() -> None:
    hand = parse_hand(stud_showdown(SIT_AND_GO, 1))
    (pot,) = [e for e in hand.events if isinstance(e, PotSummary)]
    assert (pot.total, pot.rake) == (3550, 0)  # "Total pot 3.55k | No rake"
    assert "Total pot 3.55k | No rake" in stud_showdown(SIT_AND_GO, 1)


def test_side_pots_are_named_and_numbered() -> None:
    hand = parse_hand(side_pot(FREEROLL, 1))
    collects = [(c.player, c.pot, c.pot_index) for c in hand.events if isinstance(c, Collect)]
    assert collects == [("Villain", PotKind.SIDE, 1), ("Short", PotKind.MAIN, None)]
    replayed = replay(hand)
    assert [(p.amount, p.winners_high) for p in replayed.pots] == [
        (3 * (5 + 40 + 40 + 20), ("Short",)), (2 * (60 + 80), ("Villain",))]


def test_hi_lo_halves_and_a_hand_shown_twice() -> None:
    text = stud8_split(CASH_2016, 1)
    hand = parse_hand(text)
    shows = [e.player for e in hand.events if isinstance(e, Show)]
    assert shows == ["Player0", "Hero"]  # the identical repeat for the low half is not new
    assert text.count("Hero shows [") == 2
    replayed = replay(hand)
    (pot,) = replayed.pots
    assert (pot.winners_high, pot.winners_low) == (("Player0",), ("Hero",))
    assert replayed.collected == {"Player0": 15400, "Hero": 15400}
    won = [(s.player, s.won, s.description) for s in hand.events if isinstance(s, SeatSummary)]
    assert won == [("Hero", 15400, "LO : High card : 6"),
                   ("Player0", 15400, "HI : Two pairs : Kings and Queens")]


def test_completions_of_both_eras() -> None:
    old = parse_hand(stud_showdown(CASH_2016, 1))
    assert any(isinstance(e, Complete) and (e.player, e.to) == ("Ann Lee", 2500)
               for e in old.events)  # "raises 25€ to 25€"
    new = parse_hand(stud_showdown(CASH_2022, 1))
    assert any(isinstance(e, Raise) and (e.player, e.by, e.to) == ("Ann Lee", 3, 5)
               for e in new.events)  # "raises 0.03€ to 0.05€", from the bring-in


def test_a_returned_bet_line_and_the_bet_left_in_the_pot() -> None:
    returned = parse_hand(razz_no_showdown(CASH_2022, 1, uncalled_line=True))
    assert [(e.player, e.amount) for e in returned.events
            if isinstance(e, UncalledReturned)] == [("Player0", 10)]
    assert replay(returned).uncalled == {"Player0": 10}
    kept = replay(parse_hand(razz_no_showdown(CASH_2022, 1)))
    assert (kept.uncalled, kept.violations) == ({}, ())  # it stays in the printed pot


def test_summary_outcomes() -> None:
    hand = parse_hand(stud_showdown(CASH_2016, 1))
    outcomes = {s.player: (s.outcome, s.street) for s in hand.events
                if isinstance(s, SeatSummary)}
    assert outcomes["Player0"] == (SeatOutcome.FOLDED, 4)
    assert outcomes["Hero"][0] is SeatOutcome.SHOWED_WON
    assert outcomes["Ann Lee"][0] is SeatOutcome.SHOWED_LOST
    mucked = [h for h in HANDS if "mucked" in h]
    assert mucked
    assert any(isinstance(s, SeatSummary) and s.outcome is SeatOutcome.MUCKED
               for s in parse_hand(mucked[0]).events)


def test_a_refused_blind_is_table_traffic() -> None:
    hand = parse_hand(stud8_split(CASH_2016, 1))
    (event,) = [e for e in hand.events if isinstance(e, TableEvent)]
    assert (event.player, event.kind) == ("SatOutToo", TableEventKind.SITTING_OUT)


def _other_headers() -> list[dict[str, str]]:
    return tables(catalogue("winamax").text, "Headers of other games")


@pytest.mark.parametrize("row", _other_headers(), ids=lambda r: r["game"])
def test_other_games_are_skipped_never_failed(row: dict[str, str]) -> None:
    header = row["header"].strip("`")
    results = list(parse_text(header + "\nTable: 'T' 6-max (real money)\n"))
    assert [type(r) for r in results] == [SkippedHand], results


def test_the_other_games_table_names_every_game_code_of_the_reader() -> None:
    games = " ".join(r["header"] for r in _other_headers())
    for code in winamax.OTHER_GAMES:
        if code in {"omaha5", "5 card omaha", "5 card omaha hi/lo"}:
            continue  # Omaha variants: the same skip as Omaha
        assert code in games.lower(), code


@pytest.mark.parametrize("header", [
    'Winamax Poker - Go Fast "Pool" - HandId: #1-2-3 - 7-Card Stud fixed limit '
    "(5€/25€/50€) - 2018/01/01 10:00:00 UTC",
    "Winamax Poker - CashGame - HandId: #1-2-3 - 7-Card Stud Hi-Lo fixed limit (5€/25€/50€) - "
    "2018/01/01 10:00:00 UTC",
], ids=["stud-at-a-fast-fold-pool", "an-unknown-stud-name"])
def test_a_stud_game_the_catalogue_does_not_know_fails_by_name(header: str) -> None:
    with pytest.raises(HandParseError) as info:
        parse_hand(header + "\nTable: 'T' 6-max (real money)\n")
    assert "stud" in str(info.value).lower() or "Hi-Lo" in str(info.value)


def test_the_classifier_agrees_with_the_grammar_on_every_generated_line() -> None:
    lines = [line for text in HANDS for line in text.splitlines()]
    check_classifier("winamax.lark", winamax.SHAPES, [winamax.LINE_ORDER], lines,
                     actions=("BRING_IN", "BET", "RAISE", "CALL", "CHECK", "FOLD", "SHOW"))
