"""PokerStars header variants, including ones the corpus does not hold."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from stud_hh.model.errors import HandParseError
from stud_hh.model.events import Game, Limit
from stud_hh.read.sites.pokerstars import read_header


def test_play_money_cash() -> None:
    h = read_header("PokerStars Hand #1: Razz Limit (10/20) - 2020/05/01 20:00:00 ET")
    f = h.fields
    assert (h.game, f["small_bet"], f["big_bet"], f["currency"], f["scale"]) == (
        Game.RAZZ, 10, 20, None, 1)
    assert f["play_money"] is True
    assert f["started_at"] == datetime(2020, 5, 2, 0, 0, tzinfo=UTC)  # EDT is UTC-4


def test_horse_cash_in_euros() -> None:
    h = read_header("PokerStars Hand #2:  HORSE (7 Card Stud Hi/Lo Limit, €2/€4 EUR) - "
                    "2021/01/10 12:00:00 CET [2021/01/10 6:00:00 ET]")
    f = h.fields
    assert (h.game, f["mixed_game"], f["small_bet"], f["currency"]) == (
        Game.STUD8, "HORSE", 200, "EUR")
    assert f["started_at"] == datetime(2021, 1, 10, 11, 0, tzinfo=UTC)


def test_freeroll_and_bounty_tournaments() -> None:
    free = read_header("PokerStars Hand #3: Tournament #9, Freeroll  7 Card Stud Limit - "
                       "Level I (10/20) - 2015/03/01 10:00:00 ET")
    assert (free.fields["buy_in"], free.fields["fee"], free.fields["small_bet"]) == (0, 0, 10)
    bounty = read_header("PokerStars Hand #4: Tournament #10, $10+$10+$2 USD Razz Limit - "
                         "Level II (20/40) - 2015/03/01 10:00:00 ET")
    f = bounty.fields
    assert (f["buy_in"], f["bounty"], f["fee"], f["buy_in_currency"]) == (1000, 1000, 200, "USD")
    assert (f["currency"], f["scale"], f["play_money"]) == (None, 1, False)


def test_2008_date_format_and_no_currency_code() -> None:
    h = read_header("PokerStars Game #15043388146:  7 Card Stud Hi/Lo Limit ($0.10/$0.20) - "
                    "2008/02/03 - 22:04:15 (ET)")
    f = h.fields
    assert (f["currency"], f["small_bet"], f["limit"]) == ("USD", 10, Limit.FIXED)
    assert f["started_at"] == datetime(2008, 2, 4, 3, 4, 15, tzinfo=UTC)


def test_non_stud_games_are_named_not_read() -> None:
    for game in ("Hold'em No Limit", "Omaha Pot Limit", "5 Card Draw No Limit", "Badugi Limit"):
        h = read_header(f"PokerStars Hand #5:  8-Game ({game}, $1/$2 USD) - 2019/01/01 1:00:00 ET")
        assert h.game is None
        assert h.game_text == game


@pytest.mark.parametrize("line", [
    "PokerStars Hand #6:  7 Card Stud Limit ($0.04/$zz USD) - 2009/11/26 10:08:43 ET",
    "PokerStars Hand #7:  7 Card Stud Limit - 2009/11/26 10:08:43 ET",
    "PokerStars Hand #8:  7 Card Stud Limit ($0.04/$0.08 USD) - 2009/13/26 10:08:43 ET",
])
def test_unreadable_stud_headers_raise_with_the_hand_id(line: str) -> None:
    with pytest.raises(HandParseError) as caught:
        read_header(line)
    assert caught.value.hand_id == line.split("#")[1].split(":")[0]


def test_an_unknown_or_damaged_zone_fails_the_header_naming_it() -> None:
    """One rule for every site (headers.header_time): a printed zone no reader knows is a
    failure, never a hand stored without its time."""
    for zone in ("XYZ", "aEST", "Et"):
        with pytest.raises(HandParseError) as caught:
            read_header(f"PokerStars Hand #9:  Razz Limit ($1/$2 USD) - 2019/01/01 1:00:00 {zone}")
        assert caught.value.reason == f"unreadable start time: unknown time zone {zone!r}"
        assert caught.value.hand_id == "9"


def test_a_damaged_local_zone_fails_even_beside_the_et_time() -> None:
    with pytest.raises(HandParseError, match="unknown time zone 'aCET'"):
        read_header("PokerStars Hand #10:  Razz Limit ($1/$2 USD) - 2019/01/01 7:00:00 aCET "
                    "[2019/01/01 1:00:00 ET]")
