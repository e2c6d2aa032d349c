"""Promise: Full Tilt's header fields, refusals and noise are read as its catalogue says.

The generic checks (tests/read/sites/test_forms.py) see that every catalogued form parses
and replays; these check what they cannot see: the header fields each header
form gives (tournament id, buy-in, fee, currency, stakes, the start time from
its zone, play money, seats, a Matrix match, a tournament's mix), the hands
the reader refuses with a named reason, the game-name table against the
reader's, and the limits of the chat shape.
"""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from catalogue import catalogue, tables
from forms_fulltilt import HANDS

from stud_hh import ParsedHand, SkippedHand
from stud_hh.model.errors import HandParseError
from stud_hh.model.events import Chat, Collect, Game, Limit, PostAnte, TableEvent
from stud_hh.model.hand import ParseFailure
from stud_hh.read.parse import parse_hand, parse_text
from stud_hh.read.sites import FULL_TILT
from stud_hh.read.sites.fulltilt import GAME_NAMES, read_header
from stud_hh.replay import replay

_BY_HEADER = {text.partition("\n")[0].partition(": ")[2]: text for text in HANDS}


def _header(prefix: str) -> ParsedHand:
    """The generated hand whose header (after the hand number) starts with ``prefix``."""
    text = next(t for h, t in _BY_HEADER.items() if h.startswith(prefix))
    return parse_hand(text)


def _utc(year: int, month: int, day: int, hour: int, minute: int, second: int) -> datetime:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC)


@pytest.mark.parametrize(("prefix", "expected"), [
    ("Table Hagan - $3/$6", {
        "game": Game.STUD, "small_bet": 300, "big_bet": 600, "currency": "USD", "scale": 100,
        "table": "Hagan", "started_at": _utc(2010, 6, 11, 16, 22, 17), "play_money": False,
        "tournament_id": None, "max_seats": None}),
    ("Table CR - tay", {
        "table": "CR - tay", "game": Game.STUD8, "started_at": _utc(2008, 12, 9, 14, 40, 20)}),
    ("Table Adornment (6 max, shallow)", {"table": "Adornment", "max_seats": 6}),
    ("Table Deerfly (deep 6)", {"max_seats": 6, "game": Game.RAZZ}),
    ("Table Lint (heads up)", {"max_seats": 2}),
    ("Table Mart", {
        "started_local": "2010/12/07 17:10:10 CCT", "started_at": _utc(2010, 12, 7, 9, 10, 10)}),
    ("Table Barre", {"started_at": _utc(2012, 11, 10, 1, 7, 17), "game": Game.STUD}),
    ("Table Clackers (6 max) - FL Razz", {
        "game": Game.RAZZ, "small_bet": 10, "big_bet": 20, "max_seats": 6,
        "limit": Limit.FIXED}),
    ("Table Vera - FL 7 Card Stud Hi/Lo", {"game": Game.STUD8, "small_bet": 100}),
    ("Table Lyon", {"currency": "EUR", "small_bet": 100, "scale": 100}),
    ("Table Leeds", {"currency": "GBP", "small_bet": 50}),
    ("Table .COM Play 6118", {"play_money": True, "currency": None, "scale": 1, "small_bet": 100}),
    ("Table Play Chip Anchorage", {"play_money": True, "currency": None}),
    ("Table Flash", {
        "started_local": "2010/07/21 15:13 ET", "started_at": _utc(2010, 7, 21, 19, 13, 0)}),
    ("$2 + $0.10 Heads Up Sit & Go (220338000)", {
        "tournament_id": "220338000", "buy_in": 200, "fee": 10, "buy_in_currency": "USD",
        "scale": 1, "currency": None, "small_bet": 80, "max_seats": 2, "play_money": False}),
    ("$200 Heads-Up Sit & Go (243603038)", {"buy_in": 20000, "fee": None, "max_seats": 2}),
    ("$10 + $1 Sit & Go (Turbo) (123456789)", {
        "tournament_id": "123456789", "buy_in": 1000, "fee": 100}),
    ("Big Game of the Week", {
        "tournament_id": "251332389", "buy_in": None, "fee": None, "game": Game.FIVE_STUD,
        "small_bet": 800, "big_bet": 1600}),
    ("$20 + $2 HORSE", {"mixed_game": "HORSE", "buy_in": 2000, "fee": 200}),
    ("Stud Freeroll", {"buy_in": 0, "fee": 0}),
    ("250 Play Money Sit & Go", {"play_money": True, "buy_in": 250, "buy_in_currency": None}),
    ("$7,000 KO Guarantee", {"small_bet": 50_000, "big_bet": 100_000, "buy_in": None}),
    ("$26 Super Turbo Matrix", {
        "match_round": "1", "table": "1", "buy_in": 2600,
        "started_at": _utc(2012, 11, 23, 7, 20, 6)}),
    ("$300 Flipout", {"small_bet": 2000, "big_bet": 4000, "game": Game.RAZZ}),
    ("$5 + $0.50 Stud (255707037), Table 17 - FL 5-Card Stud Hi", {"game": Game.FIVE_STUD}),
    ("$20 + $2 Razz (230000001), Table 5, Entry #2", {"table": "5", "tournament_id": "230000001"}),
])
def test_header_fields_of_each_header_form(prefix: str, expected: dict[str, object]) -> None:
    header = _header(prefix).header
    got = {name: getattr(header, name) for name in expected}
    assert got == expected


@pytest.mark.parametrize(("name", "buy_in", "fee"), [
    ("FTOPS XIV Event #5 - $200 + $16 Razz", 20000, 1600),
    ("$5 + $0.50 Razz Satellite to FTOPS Event #3", 500, 50),
    ("€10 + €1 Stud H/L", 1000, 100),
    ("Turbo $20 Heads Up Sit & Go", 2000, None),
    ("$1,000 Guarantee", None, None),
    ("Stud Hi Championship", None, None),
])
def test_buy_in_and_fee_from_a_tournament_name(name: str, buy_in: int | None,
                                               fee: int | None) -> None:
    h = read_header(f"Full Tilt Poker Game #1: {name} (123456), Table 3 - 50/100 Ante 10 - "
                    "Limit Razz - 20:00:00 ET - 2011/03/01")
    assert (h.fields["buy_in"], h.fields["fee"], h.fields["tournament_id"]) == (
        buy_in, fee, "123456")


def test_the_old_site_name_is_the_same_site() -> None:
    hand = next(parse_hand(t) for t in HANDS if t.startswith("FullTiltPoker Game #"))
    assert hand.header.site == "Full Tilt Poker"
    assert FULL_TILT.hand_start.match("FullTiltPoker Game #579366587: $200 + $10 Sit & Go "
                                      "(1), Table 1 - 10/20 Ante 1 - Limit Razz - 20:00:00 ET "
                                      "- 2011/03/01")


def test_stakes_in_thousands_are_whole_chips() -> None:
    h = read_header("Full Tilt Poker Game #1: $300 Flipout (272237051), Table 1 - FL Razz - "
                    "1.5K/3K Ante 2B - 04:46:00 ET - 2014/08/07")
    assert (h.fields["small_bet"], h.fields["big_bet"]) == (1500, 3000)


def test_the_game_names_table_is_the_readers() -> None:
    rows = tables(catalogue("fulltilt").text, "Game names")
    assert {r["name"].lower(): Game(r["game"]) for r in rows} == GAME_NAMES


@pytest.mark.parametrize("line", [
    "Full Tilt Poker Game #1: Table T - $1/$2 - No Limit Hold'em - 1:00:00 ET - 2010/01/01",
    "Full Tilt Poker Game #28617512574: Table Bri (6 max) - $0.25/$0.50 - $15 Cap No Limit "
    "Hold'em - 18:46:08 ET - 2011/02/28",
    "Full Tilt Poker Game #32616909390: Table Vera (6 max) - NL Hold'em - $0.01/$0.02 - "
    "08:55:55 ET - 2013/05/08",
    "FullTiltPoker Game #579366587: $200 + $10 Heads Up Sit & Go (3795352), Table 1 - 40/80 - "
    "Limit Omaha H/L - 21:27:00 ET - 2006/04/19",
    "Full Tilt Poker Game #32617272179: Table Clackers (New to the Game) - FL Badugi - "
    "$0.10/$0.20 - 10:18:16 ET - 2013/05/08",
])
def test_headers_of_other_games_are_skipped(line: str) -> None:
    [result] = list(parse_text(line + "\nSeat 1: Ann ($1)\nSeat 2: Bob ($1)\n"))
    assert isinstance(result, SkippedHand), result


def test_an_unknown_stud_name_fails_with_its_name() -> None:
    text = HANDS[0].replace("Limit Stud Hi", "Limit Stud Eight", 1)
    [result] = list(parse_text(text))
    assert isinstance(result, ParseFailure)
    assert "Limit Stud Eight" in result.reason


def _failure(text: str) -> ParseFailure:
    [result] = list(parse_text(text))
    assert isinstance(result, ParseFailure), result
    return result


def test_a_partial_hand_fails_named() -> None:
    first, _, rest = HANDS[0].partition("\n")
    assert "(partial)" in _failure(first + " (partial)\n" + rest).reason


def test_a_canceled_hand_fails_named_at_its_line() -> None:
    lines = HANDS[0].split("\n")
    at = next(i for i, line in enumerate(lines) if " brings in for " in line) + 1
    lines.insert(at, "Hand #30000000000 has been canceled")
    failure = _failure("\n".join(lines))
    assert "canceled this hand" in failure.reason
    assert failure.line == at + 1


def test_a_hand_without_seat_lines_fails_named() -> None:
    lines = [line for line in HANDS[0].split("\n") if not line.startswith("Seat ")
             or "*** SUMMARY ***" in HANDS[0].split(line)[0]]
    assert "no seat lines" in _failure("\n".join(lines)).reason


def test_a_hand_that_starts_at_a_later_street_fails_named() -> None:
    text = next(t for t in HANDS if "*** 7TH STREET ***" in t)
    start = text.index("*** 3RD STREET ***")
    cut = text[:start] + text[text.index("*** 4TH STREET ***"):]
    assert "printed only part" in _failure(cut).reason


def test_a_returned_ante_leaves_the_hand() -> None:
    hand = next(parse_hand(t) for t in HANDS if "Ante of " in t)
    antes = {e.player for e in hand.events if isinstance(e, PostAnte)}
    assert "Eve" not in antes
    assert any(isinstance(e, TableEvent) and e.player == "Eve" for e in hand.events)
    assert replay(hand).violations == ()


def test_a_hand_without_a_win_line_is_awarded_as_its_summary_says() -> None:
    text = HANDS[0]
    win = next(line for line in text.split("\n") if " wins the pot (" in line)
    hand = parse_hand(text.replace(win + "\n", ""))
    collects = [e for e in hand.events if isinstance(e, Collect)]
    assert [(c.player, c.amount) for c in collects] == [("Hero", 400)]
    assert hand.warnings
    assert replay(hand).violations == ()


@pytest.mark.parametrize(("line", "noise"), [
    ("Ann Lee: nice hand", True),
    ("Ann Lee: calls are fine", False),
    ("Ann Lee: callsign?", True),
    ("Ann Lee: calls $2", False),
    ("Ann Lee: folds", False),
    ("Ann Lee: shows [Ah]", False),
    ("Ann Lee: wins the pot ($2)", False),
    ("Seat 1: Ann Lee ($5), is sitting out", False),
    ("Seat 1: Ann Lee is sitting out", False),
    ("*** 3RD STREET *** (Total Pot: 12, 2 Players)", False),
    ("Full Tilt Poker Game #1: Table T - $1/$2 Ante $0.10 - Limit Razz - 1:00:00 ET - 2010/01/01",
     False),
    ("Ann Lee is sitting out", True),
    ("Ann Lee adds $40", True),
    ("Ann Lee adds forty", False),
])
def test_the_chat_and_traffic_shapes_take_only_their_lines(line: str, noise: bool) -> None:
    assert (FULL_TILT.noise.shape_of(line) is not None) is noise


def test_a_chat_line_is_kept_as_chat_of_its_player() -> None:
    lines = HANDS[0].split("\n")
    lines.insert(8, "Ann Lee: gl all")
    hand = parse_hand("\n".join(lines))
    [chat] = [e for e in hand.events if isinstance(e, Chat) and e.text == "gl all"]
    assert chat.player == "Ann Lee"


def test_a_damaged_action_that_reads_like_chat_is_not_taken_for_chat() -> None:
    """``Cid_9: folds`` is not chat: the grammar reads it, and the audit names the line."""
    lines = HANDS[0].split("\n")
    at = next(i for i, line in enumerate(lines) if line.endswith(" folds"))
    lines[at] = lines[at].replace(" folds", ": folds")
    hand = parse_hand("\n".join(lines))
    assert not [e for e in hand.events if isinstance(e, Chat) and "folds" in e.text]
    first = replay(hand).violations[0]
    assert (first.rule, first.line) == ("action.unknown-player", at + 1)


def test_a_damaged_bet_that_reads_like_chat_fails_the_hand() -> None:
    lines = HANDS[0].split("\n")
    at = next(i for i, line in enumerate(lines) if " completes it to " in line)
    lines[at] = lines[at].replace(" completes it to $", ": completes it to $x")
    with pytest.raises(HandParseError):
        parse_hand("\n".join(lines))
