"""Promise: the iPoker reader reads the header fields of every catalogued session form,
fails named on what it cannot read honestly, and passes over what carries no game.

The generic checks (every form used, every hand clean and balanced) are
tests/read/sites/test_forms.py's; here are the fields the generic test cannot see: stakes,
currency, chips, play money, tournament id and buy-in, seat count, the sums of
each action code, and the failures and skips the catalogue names.
"""

from __future__ import annotations

import pytest
from forms_ipoker import (
    BETCLIC_MTT,
    FLAT_2011,
    HANDS,
    ITALIAN_SNG,
    STUD_2010,
    main_hand,
    write,
)

from stud_hh.model.errors import HandParseError
from stud_hh.model.events import Fold, Game, Limit, Raise, TableEvent, TableEventKind
from stud_hh.model.hand import ParsedHand, ParseFailure, SkippedHand
from stud_hh.read.parse import parse_hand, result_of
from stud_hh.read.split import raw_text_hands
from stud_hh.replay import replay


def _header(index: int) -> tuple[object, ...]:
    h = parse_hand(HANDS[index]).header
    return (h.game, h.limit, h.small_bet, h.big_bet, h.currency, h.scale, h.play_money,
            h.tournament_id, h.buy_in, h.fee, h.buy_in_currency)


@pytest.mark.parametrize(("index", "expected"), [
    (0, (Game.STUD, Limit.FIXED, 5, 10, "USD", 100, False, None, None, None, None)),
    (1, (Game.STUD8, Limit.FIXED, 5, 10, "EUR", 100, False, None, None, None, None)),
    (2, (Game.FIVE_STUD, Limit.FIXED, 5, 10, "USD", 100, False, None, None, None, None)),
    (4, (Game.STUD8, Limit.FIXED, 10, 20, "GBP", 100, False, None, None, None, None)),
    (6, (Game.STUD, Limit.FIXED, 5, 10, "EUR", 100, False, None, None, None, None)),
    (8, (Game.STUD, Limit.FIXED, 5, 10, "USD", 100, False, None, None, None, None)),
    (9, (Game.STUD, Limit.FIXED, 1000, 2000, None, 100, True, None, None, None, None)),
    (11, (Game.STUD, Limit.FIXED, 60, 120, None, 1, False, "699476041", 500, 50, "USD")),
    (12, (Game.STUD8, Limit.FIXED, 60, 120, None, 1, False, "547028881", 40, 10, "EUR")),
    (13, (Game.STUD8, Limit.FIXED, 20, 40, None, 1, False, "16727068", 10000, 500, "USD")),
    (14, (Game.STUD, Limit.FIXED, 100, 200, None, 1, False, "799557276", None, None,
          "Token")),
    (15, (Game.STUD, Limit.FIXED, 100, 200, None, 1, False, "812345678", 10000, None, "FPP")),
])
def test_header_fields_of_each_session_form(index: int, expected: tuple[object, ...]) -> None:
    assert _header(index) == expected


def test_tournament_chips_are_read_with_their_thousands_marks() -> None:
    comma = parse_hand(HANDS[11]).header
    point = parse_hand(HANDS[12]).header
    assert [s.stack for s in comma.seats] == [1440, 1405, 1500]
    assert [s.stack for s in point.seats] == [1500, 1500, 1500]


def test_the_table_size_and_the_dates_as_printed() -> None:
    flat = parse_hand(HANDS[3]).header
    assert flat.max_seats == 8
    assert [parse_hand(HANDS[i]).header.started_local for i in (5, 6, 7)] == [
        "18.05.2021 18:26:13", "30/01/2012 02:30", "05-Sep-2010 13:00:46"]
    assert all(parse_hand(t).header.started_at is None for t in HANDS)
    assert all(parse_hand(t).warnings == () for t in HANDS)


def test_a_type_6_raise_adds_its_chips_and_a_type_9_sit_out_folds() -> None:
    hand = parse_hand(HANDS[3])  # the 2011 flat format
    (raised,) = [e for e in hand.events if isinstance(e, Raise)]
    assert (raised.player, raised.by, raised.to) == ("Hero", 10, 20)
    assert any(isinstance(e, Fold) and e.player == "Ann" for e in hand.events)


def test_a_seated_player_sitting_out_is_table_traffic() -> None:
    hand = parse_hand(HANDS[10])
    (out,) = [e for e in hand.events if isinstance(e, TableEvent)]
    assert (out.player, out.kind) == ("Finn", TableEventKind.SITTING_OUT)
    assert replay(hand).violations == ()


def _result(text: str) -> ParsedHand | SkippedHand:
    (raw,) = [r for r in raw_text_hands(text, "<test>") if r.is_hand]
    result = result_of(raw)
    if isinstance(result, ParseFailure):
        raise result.error
    return result


def test_a_tournament_hand_whose_bets_show_no_stakes_is_read_with_unknown_stakes() -> None:
    """Everyone folds to the bring-in in a tournament: the site prints no stakes and no bet
    shows them. The hand is read with stakes 0/0 (unknown) and a warning; it replays
    clean, its bring-in size reported unverifiable."""
    from stud_hh.replay import replay

    walk = main_hand(60, 120, 8, 15, 0, stacks=(1440, 1405, 1500))
    walk.actions = [(1, "Ann", "bring", 15), (1, "Bob", "fold", 0), (1, "Hero", "fold", 0)]
    walk.winners = {"Ann": 3 * 8 + 15}
    hand = _result(write(walk, ITALIAN_SNG, 77, "Hero"))
    assert isinstance(hand, ParsedHand)
    assert (hand.header.small_bet, hand.header.big_bet) == (0, 0)
    assert any("stakes are unknown" in w for w in hand.warnings)
    replayed = replay(hand)
    assert replayed.violations == ()
    assert "bring-in.wrong-amount" in {u.rule for u in replayed.unverifiable}


def test_the_ambiguous_limit_word_lz_fails_named() -> None:
    text = HANDS[0].replace("7 Card Stud L $0.05", "7 Card Stud LZ $0.05")
    with pytest.raises(HandParseError, match=r"'LZ'.*limit is unknown"):
        _result(text)


def test_a_blind_in_a_stud_hand_fails_named() -> None:
    text = HANDS[0].replace('type="15" sum="$0.01"', 'type="1" sum="$0.01"', 1)
    with pytest.raises(HandParseError, match=r"small blind .action type 1. in a stud hand"):
        _result(text)


def test_an_unknown_element_with_money_fails_and_one_without_is_passed_over() -> None:
    marker = '<round no="3">'
    quiet = HANDS[0].replace(marker, marker + '<note/>', 1)
    assert isinstance(_result(quiet), ParsedHand)
    loud = HANDS[0].replace(marker, marker + '<pot sum="$0.50"/>', 1)
    with pytest.raises(HandParseError, match=r"unknown element <pot> in round 3 carrying sum"):
        _result(loud)


def test_other_games_are_skipped_with_their_game_in_words() -> None:
    holdem = HANDS[0].replace("7 Card Stud L $0.05/$0.10", "Holdem SL $0.01/$0.02")
    assert isinstance(skipped := _result(holdem), SkippedHand)
    assert skipped.game_text == "Holdem SL $0.01/$0.02"
    lh = HANDS[0].replace("7 Card Stud L $0.05/$0.10", "LH 20/40 x2 Limit $10.00/$20.00")
    assert isinstance(skipped := _result(lh), SkippedHand)
    assert skipped.game_text.startswith("Limit Hold'em (")
    nameless = HANDS[0].replace("7 Card Stud L $0.05/$0.10", "PL €0.05/€0.10").replace(
        'type="Third Street"', 'type="Pocket"')
    assert isinstance(skipped := _result(nameless), SkippedHand)
    assert "Omaha" in skipped.game_text


def test_a_nameless_game_type_over_stud_cards_is_not_skipped() -> None:
    text = HANDS[0].replace("7 Card Stud L $0.05/$0.10", "L $0.05/$0.10")
    with pytest.raises(HandParseError, match=r"neither a stud game|looks like stud"):
        _result(text)


def test_sessions_of_one_game_each_are_read_one_by_one() -> None:
    first = write(main_hand(5, 10, 1, 2, 3), STUD_2010, 2001, "Hero")
    second = write(main_hand(5, 10, 1, 2, 3), STUD_2010, 2002, "Hero")
    text = first + second.replace('<?xml version="1.0" encoding="utf-8"?>\n', "")
    results = [result_of(r) for r in raw_text_hands(text, "<test>") if r.is_hand]
    assert [r.hand_id for r in results if isinstance(r, ParsedHand)] == ["2001", "2002"]


def test_styles_differ_only_in_form() -> None:
    """The same scripted hand written by two client versions gives the same actions."""
    a = parse_hand(write(main_hand(10, 20, 2, 5, 3), FLAT_2011, 3001, "Hero"))
    b = parse_hand(write(main_hand(10, 20, 2, 5, 3), STUD_2010, 3001, "Hero")
                   .replace("$0.05/$0.10", "$0.10/$0.20"))
    assert [type(e).__name__ for e in a.events] == [type(e).__name__ for e in b.events]
    assert BETCLIC_MTT.money(5350) == "5,350"
