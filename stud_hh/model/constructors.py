# mypy: disable-error-code="misc"
"""The native constructors of the events, for the compiled build (see
:mod:`stud_hh.model.records`): each stores every field of a new event into its native
slot, in declaration order. Registered on import (this package imports it first), so
every ``positional_constructor(Deal)`` of the readers returns the compiled one.

Each function is one line per field of its class, and nothing else; mypy's "property is
read-only" (``misc``) is silenced for this file only, since storing into a frozen
record's slots is the whole point (the compiled code may, the interpreter may not: in
the pure build these functions are never called). ``tests/model/test_records.py`` checks
that each takes exactly its class's fields, and builds the same event as the keyword
constructor.
"""

from __future__ import annotations

from datetime import datetime

from stud_hh.model.cards import MaybeCard
from stud_hh.model.events import (
    Announcement,
    Bet,
    BoardSummary,
    BringIn,
    Call,
    Chat,
    Check,
    Collect,
    Complete,
    Deal,
    Fold,
    Game,
    HandHeader,
    Limit,
    Muck,
    NoShow,
    PostAnte,
    PotKind,
    PotSummary,
    Raise,
    Seat,
    SeatOutcome,
    SeatSummary,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    SummaryStart,
    TableEvent,
    TableEventKind,
    UncalledReturned,
)
from stud_hh.model.records import native_constructors


def _new_seat(seat: int, name: str, stack: int, sitting_out: bool, line: int) -> Seat:
    o = Seat.__new__(Seat)
    o.seat = seat
    o.name = name
    o.stack = stack
    o.sitting_out = sitting_out
    o.line = line
    return o


def _new_hand_header(
    site: str, hand_id: str, game: Game, game_text: str, limit: Limit, small_bet: int,
    big_bet: int, currency: str | None, scale: int, play_money: bool,
    mixed_game: str | None, home_club: str | None, tournament_id: str | None,
    buy_in: int | None, fee: int | None, bounty: int | None, buy_in_currency: str | None,
    level: str | None, match_round: str | None, table: str, max_seats: int | None,
    started_at: datetime | None, started_local: str | None, seats: tuple[Seat, ...],
    line: int
) -> HandHeader:
    o = HandHeader.__new__(HandHeader)
    o.site = site
    o.hand_id = hand_id
    o.game = game
    o.game_text = game_text
    o.limit = limit
    o.small_bet = small_bet
    o.big_bet = big_bet
    o.currency = currency
    o.scale = scale
    o.play_money = play_money
    o.mixed_game = mixed_game
    o.home_club = home_club
    o.tournament_id = tournament_id
    o.buy_in = buy_in
    o.fee = fee
    o.bounty = bounty
    o.buy_in_currency = buy_in_currency
    o.level = level
    o.match_round = match_round
    o.table = table
    o.max_seats = max_seats
    o.started_at = started_at
    o.started_local = started_local
    o.seats = seats
    o.line = line
    return o


def _new_post_ante(line: int, player: str, amount: int, all_in: bool) -> PostAnte:
    o = PostAnte.__new__(PostAnte)
    o.line = line
    o.player = player
    o.amount = amount
    o.all_in = all_in
    return o


def _new_street_start(
    line: int, street: Street, common: MaybeCard, has_common: bool
) -> StreetStart:
    o = StreetStart.__new__(StreetStart)
    o.line = line
    o.street = street
    o.common = common
    o.has_common = has_common
    return o


def _new_deal(
    line: int, player: str, street: Street, cards: tuple[MaybeCard, ...],
    face_up: tuple[bool, ...], known: tuple[MaybeCard, ...]
) -> Deal:
    o = Deal.__new__(Deal)
    o.line = line
    o.player = player
    o.street = street
    o.cards = cards
    o.face_up = face_up
    o.known = known
    return o


def _new_bring_in(line: int, player: str, amount: int, all_in: bool) -> BringIn:
    o = BringIn.__new__(BringIn)
    o.line = line
    o.player = player
    o.amount = amount
    o.all_in = all_in
    return o


def _new_complete(line: int, player: str, to: int, all_in: bool) -> Complete:
    o = Complete.__new__(Complete)
    o.line = line
    o.player = player
    o.to = to
    o.all_in = all_in
    return o


def _new_bet(line: int, player: str, amount: int, all_in: bool) -> Bet:
    o = Bet.__new__(Bet)
    o.line = line
    o.player = player
    o.amount = amount
    o.all_in = all_in
    return o


def _new_raise(line: int, player: str, by: int, to: int, all_in: bool) -> Raise:
    o = Raise.__new__(Raise)
    o.line = line
    o.player = player
    o.by = by
    o.to = to
    o.all_in = all_in
    return o


def _new_call(line: int, player: str, amount: int, all_in: bool) -> Call:
    o = Call.__new__(Call)
    o.line = line
    o.player = player
    o.amount = amount
    o.all_in = all_in
    return o


def _new_check(line: int, player: str) -> Check:
    o = Check.__new__(Check)
    o.line = line
    o.player = player
    return o


def _new_fold(line: int, player: str) -> Fold:
    o = Fold.__new__(Fold)
    o.line = line
    o.player = player
    return o


def _new_uncalled_returned(line: int, player: str, amount: int) -> UncalledReturned:
    o = UncalledReturned.__new__(UncalledReturned)
    o.line = line
    o.player = player
    o.amount = amount
    return o


def _new_collect(
    line: int, player: str, amount: int, pot: PotKind, pot_index: int | None
) -> Collect:
    o = Collect.__new__(Collect)
    o.line = line
    o.player = player
    o.amount = amount
    o.pot = pot
    o.pot_index = pot_index
    return o


def _new_showdown_start(line: int) -> ShowdownStart:
    o = ShowdownStart.__new__(ShowdownStart)
    o.line = line
    return o


def _new_show(
    line: int, player: str, cards: tuple[MaybeCard, ...], description: str | None
) -> Show:
    o = Show.__new__(Show)
    o.line = line
    o.player = player
    o.cards = cards
    o.description = description
    return o


def _new_muck(line: int, player: str, cards: tuple[MaybeCard, ...]) -> Muck:
    o = Muck.__new__(Muck)
    o.line = line
    o.player = player
    o.cards = cards
    return o


def _new_no_show(line: int, player: str) -> NoShow:
    o = NoShow.__new__(NoShow)
    o.line = line
    o.player = player
    return o


def _new_chat(line: int, player: str, text: str) -> Chat:
    o = Chat.__new__(Chat)
    o.line = line
    o.player = player
    o.text = text
    return o


def _new_table_event(line: int, player: str, kind: TableEventKind, text: str) -> TableEvent:
    o = TableEvent.__new__(TableEvent)
    o.line = line
    o.player = player
    o.kind = kind
    o.text = text
    return o


def _new_announcement(line: int, kind: str, text: str) -> Announcement:
    o = Announcement.__new__(Announcement)
    o.line = line
    o.kind = kind
    o.text = text
    return o


def _new_summary_start(line: int) -> SummaryStart:
    o = SummaryStart.__new__(SummaryStart)
    o.line = line
    return o


def _new_pot_summary(
    line: int, total: int, main: int | None, sides: tuple[int, ...], rake: int
) -> PotSummary:
    o = PotSummary.__new__(PotSummary)
    o.line = line
    o.total = total
    o.main = main
    o.sides = sides
    o.rake = rake
    return o


def _new_board_summary(line: int, cards: tuple[MaybeCard, ...]) -> BoardSummary:
    o = BoardSummary.__new__(BoardSummary)
    o.line = line
    o.cards = cards
    return o


def _new_seat_summary(
    line: int, player: str, seat: int, outcome: SeatOutcome, street: Street | None,
    cards: tuple[MaybeCard, ...], won: int | None, description: str | None, text: str
) -> SeatSummary:
    o = SeatSummary.__new__(SeatSummary)
    o.line = line
    o.player = player
    o.seat = seat
    o.outcome = outcome
    o.street = street
    o.cards = cards
    o.won = won
    o.description = description
    o.text = text
    return o


native_constructors({
    Seat: _new_seat,
    HandHeader: _new_hand_header,
    PostAnte: _new_post_ante,
    StreetStart: _new_street_start,
    Deal: _new_deal,
    BringIn: _new_bring_in,
    Complete: _new_complete,
    Bet: _new_bet,
    Raise: _new_raise,
    Call: _new_call,
    Check: _new_check,
    Fold: _new_fold,
    UncalledReturned: _new_uncalled_returned,
    Collect: _new_collect,
    ShowdownStart: _new_showdown_start,
    Show: _new_show,
    Muck: _new_muck,
    NoShow: _new_no_show,
    Chat: _new_chat,
    TableEvent: _new_table_event,
    Announcement: _new_announcement,
    SummaryStart: _new_summary_start,
    PotSummary: _new_pot_summary,
    BoardSummary: _new_board_summary,
    SeatSummary: _new_seat_summary,
})
