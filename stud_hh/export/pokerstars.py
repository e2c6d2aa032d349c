"""The parser's inverse: a hand (header and events) -> PokerStars text.

:func:`write_hand` renders the same event model the parser produces
(:mod:`stud_hh.model.events`) line by line in the shape PokerStars writes: the header
for cash and tournament hands (and the mixed-game and home-game wrappers),
seat lines, antes, street headers (``*** RIVER *** [6h]`` for a common card),
``Dealt to`` lines with the cards already known, every action verb with
``and is all-in``, uncalled bets, collections from the pot, main pot and side
pots, the showdown and the summary. Lines PokerStars ends with a space keep it
(the reader strips it again). Parsing the text gives back the same header and
events, line numbers aside::

    parse_hand(write_hand(hand.header, hand.events)) ~ hand

:func:`describe` writes the hand descriptions of show and summary lines as
PokerStars does: ``a pair of Kings``, ``HI: a flush, Queen high; LO: 8,7,5,4,3``,
razz ``Lo: 8,6,4,3,A``.

>>> describe("stud", ["Kd", "Ks", "9c", "7h", "4d", "3c", "2s"])
'a pair of Kings'
>>> describe("stud8", ["Ah", "2d", "3c", "4s", "5h", "Kd", "Kc"])
'HI: a straight, Ace to Five; LO: 5,4,3,2,A'
>>> describe("razz", ["Ah", "2d", "3c", "8s", "6h", "Kd", "Kc"])
'Lo: 8,6,3,2,A'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from zoneinfo import ZoneInfo

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
    HandEvent,
    HandHeader,
    Muck,
    NoShow,
    PostAnte,
    PotKind,
    PotSummary,
    Raise,
    SeatSummary,
    Show,
    ShowdownStart,
    Street,
    StreetStart,
    SummaryStart,
    TableEvent,
    UncalledReturned,
)
from stud_hh.model.money import format_amount
from stud_hh.model.visit import EventVisitor
from stud_hh.rules.evaluate import low_cards
from stud_hh.rules.names import describe_high

__all__ = ["HAND_SEPARATOR", "describe", "header_lines", "write_hand", "write_hands"]

HAND_SEPARATOR = "\n\n\n"
"""What PokerStars writes between two hands: three empty lines."""

_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}
_STREET_TITLES = {
    Street.THIRD: "*** 3rd STREET ***",
    Street.FOURTH: "*** 4th STREET ***",
    Street.FIFTH: "*** 5th STREET ***",
    Street.SIXTH: "*** 6th STREET ***",
    Street.SEVENTH: "*** RIVER ***",
}
_ET = ZoneInfo("America/New_York")


# ---------------------------------------------------------------------------
# Hand descriptions


def describe(game: Game | str, cards: Sequence[str]) -> str:
    """What PokerStars prints in brackets after ``shows [...]`` for 5 to 7 cards."""
    game = Game(game)
    if game is Game.RAZZ:
        return "Lo: " + ",".join(low_cards(cards, None))
    high = describe_high(cards)
    if game is not Game.STUD8:
        return high
    low = low_cards(cards, 8)
    return f"HI: {high}; LO: {','.join(low)}" if low else f"HI: {high}"


# ---------------------------------------------------------------------------
# Lines


def _cards(cards: Iterable[MaybeCard]) -> str:
    return " ".join(card if card is not None else "??" for card in cards)


class _Money:
    __slots__ = ("cache", "scale", "symbol")

    def __init__(self, header: HandHeader) -> None:
        self.scale = header.scale
        self.symbol = _SYMBOLS.get(header.currency or "", "")
        self.cache: dict[int, str] = {}

    def __call__(self, units: int) -> str:
        text = self.cache.get(units)
        if text is None:
            text = self.cache[units] = format_amount(units, self.scale, self.symbol)
        return text


def _et_time(header: HandHeader) -> str | None:
    if header.started_at is None:
        return None
    et = header.started_at.astimezone(_ET)
    return f"{et:%Y/%m/%d} {et.hour}:{et:%M:%S} ET"


def _when(header: HandHeader) -> str:
    local = header.started_local
    et = _et_time(header)
    if local is None:
        return et or ""
    if local.endswith(" ET") or et is None:
        return local
    return f"{local} [{et}]"


def _buy_in(header: HandHeader) -> str:
    if header.buy_in is None:
        return ""
    currency = header.buy_in_currency
    if header.buy_in == 0 and not header.fee and not header.bounty:
        return "Freeroll"
    symbol = _SYMBOLS.get(currency or "", "")

    def amount(units: int) -> str:
        if currency:
            return f"{symbol}{units // 100}.{units % 100:02d}"
        return str(units)

    parts = [header.buy_in] + ([header.bounty] if header.bounty is not None else []) + [
        header.fee or 0]
    text = "+".join(amount(p) for p in parts)
    return f"{text} {currency}" if currency else text


def header_lines(header: HandHeader) -> list[str]:
    """The first line, the table line and the seat lines of a hand."""
    money = _Money(header)
    stakes = f"{money(header.small_bet)}/{money(header.big_bet)}"
    when = _when(header)
    head = "PokerStars Home Game Hand" if header.home_club is not None else "PokerStars Hand"
    first = f"{head} #{header.hand_id}: "
    if header.home_club is not None:
        first += f"{{{header.home_club}}} "
    if header.is_tournament:
        first += f"Tournament #{header.tournament_id}, {_buy_in(header)} "
        game = header.game_text
        if header.mixed_game:
            game = f"{header.mixed_game} ({game})"
        level = f"Level {header.level} ({stakes})"
        if header.match_round:
            level = f"Match Round {header.match_round}, {level}"
        first += f"{game} - {level}"
    else:
        first += " "
        if header.currency:
            stakes += f" {header.currency}"
        if header.mixed_game:
            first += f"{header.mixed_game} ({header.game_text}, {stakes})"
        else:
            first += f"{header.game_text} ({stakes})"
    if when:
        first += f" - {when}"
    table = f"Table '{header.table}'"
    if header.max_seats is not None:
        table += f" {header.max_seats}-max"
    lines = [first, table]
    for seat in header.seats:
        line = f"Seat {seat.seat}: {seat.name} ({money(seat.stack)} in chips) "
        if seat.sitting_out:
            line += "is sitting out"
        lines.append(line)
    return lines


def _all_in(flag: bool) -> str:
    return " and is all-in" if flag else ""


def _pot_name(event: Collect) -> str:
    if event.pot is PotKind.MAIN:
        return "main pot"
    if event.pot is PotKind.SIDE:
        return "side pot" if event.pot_index is None else f"side pot-{event.pot_index}"
    return "pot"


def _pot_summary(event: PotSummary, money: _Money) -> str:
    text = f"Total pot {money(event.total)}"
    if event.main is not None:
        text += f" Main pot {money(event.main)}."
        if len(event.sides) == 1:
            text += f" Side pot {money(event.sides[0])}."
        else:
            for index, side in enumerate(event.sides, start=1):
                text += f" Side pot-{index} {money(side)}."
    return f"{text} | Rake {money(event.rake)} "


class _Lines(EventVisitor[list[str]]):
    """Each event as the line PokerStars prints for it."""

    def __init__(self, money: _Money) -> None:
        self.money = money
        self.lines: list[str] = []

    def result(self) -> list[str]:
        return self.lines

    def visit_other(self, event: HandEvent) -> None:
        raise TypeError(f"cannot write {type(event).__name__}")

    def visit_deal(self, event: Deal) -> None:
        if event.known:
            self.lines.append(f"Dealt to {event.player} [{_cards(event.known)}] "
                              f"[{_cards(event.cards)}]")
        else:
            self.lines.append(f"Dealt to {event.player} [{_cards(event.cards)}]")

    def visit_call(self, event: Call) -> None:
        self.lines.append(f"{event.player}: calls {self.money(event.amount)}"
                          f"{_all_in(event.all_in)}")

    def visit_fold(self, event: Fold) -> None:
        self.lines.append(f"{event.player}: folds ")

    def visit_check(self, event: Check) -> None:
        self.lines.append(f"{event.player}: checks ")

    def visit_bet(self, event: Bet) -> None:
        self.lines.append(f"{event.player}: bets {self.money(event.amount)}"
                          f"{_all_in(event.all_in)}")

    def visit_raise(self, event: Raise) -> None:
        money = self.money
        self.lines.append(f"{event.player}: raises {money(event.by)} to {money(event.to)}"
                          f"{_all_in(event.all_in)}")

    def visit_post_ante(self, event: PostAnte) -> None:
        self.lines.append(f"{event.player}: posts the ante {self.money(event.amount)}"
                          f"{_all_in(event.all_in)}")

    def visit_street_start(self, event: StreetStart) -> None:
        title = _STREET_TITLES[event.street]
        self.lines.append(f"{title} [{_cards((event.common,))}]" if event.has_common
                          else title)

    def visit_bring_in(self, event: BringIn) -> None:
        self.lines.append(f"{event.player}: brings in for {self.money(event.amount)}"
                          f"{_all_in(event.all_in)}")

    def visit_complete(self, event: Complete) -> None:  # PokerStars prints it as a raise
        money = self.money
        self.lines.append(f"{event.player}: raises {money(event.to)} to {money(event.to)}")

    def visit_uncalled_returned(self, event: UncalledReturned) -> None:
        self.lines.append(f"Uncalled bet ({self.money(event.amount)}) returned to "
                          f"{event.player}")

    def visit_collect(self, event: Collect) -> None:
        self.lines.append(f"{event.player} collected {self.money(event.amount)} from "
                          f"{_pot_name(event)}")

    def visit_showdown_start(self, event: ShowdownStart) -> None:
        self.lines.append("*** SHOW DOWN ***")

    def visit_show(self, event: Show) -> None:
        text = f"{event.player}: shows [{_cards(event.cards)}]"
        self.lines.append(text + f" ({event.description})" if event.description is not None
                          else text)

    def visit_muck(self, event: Muck) -> None:
        self.lines.append(f"{event.player}: mucks hand [{_cards(event.cards)}]" if event.cards
                          else f"{event.player}: mucks hand ")

    def visit_no_show(self, event: NoShow) -> None:
        self.lines.append(f"{event.player}: doesn't show hand ")

    def visit_chat(self, event: Chat) -> None:
        self.lines.append(f'{event.player} said, "{event.text}"')

    def visit_table_event(self, event: TableEvent) -> None:
        self.lines.append(event.text)

    def visit_announcement(self, event: Announcement) -> None:
        self.lines.append(event.text)

    def visit_summary_start(self, event: SummaryStart) -> None:
        self.lines.append("*** SUMMARY ***")

    def visit_pot_summary(self, event: PotSummary) -> None:
        self.lines.append(_pot_summary(event, self.money))

    def visit_board_summary(self, event: BoardSummary) -> None:
        self.lines.append(f"Board [{_cards(event.cards)}]")

    def visit_seat_summary(self, event: SeatSummary) -> None:
        self.lines.append(event.text)


def event_line(event: HandEvent, money: _Money) -> str:
    """One event as the line PokerStars prints for it."""
    lines = _Lines(money)
    lines.visit(event)
    return lines.lines[0]


def write_hand(header: HandHeader, events: Iterable[HandEvent]) -> str:
    """One hand as PokerStars text, every line ending in ``\\n``.

    Line ``k`` of the result (1-based) is the header for ``k == 1``, the table for
    2, a seat line up to ``2 + len(header.seats)``, and event number
    ``k - 3 - len(header.seats)`` (0-based) after that: one line per event.
    """
    lines = header_lines(header)
    lines.extend(_Lines(_Money(header)).walk(events))
    lines.append("")
    return "\n".join(lines)


def write_hands(hands: Iterable[tuple[HandHeader, Sequence[HandEvent]]]) -> Iterable[str]:
    """Each hand's text followed by :data:`HAND_SEPARATOR`, ready to be written to a file."""
    for header, events in hands:
        yield write_hand(header, events) + HAND_SEPARATOR


def first_event_line(header: HandHeader) -> int:
    """The 1-based line within a hand's text of its first event."""
    return 3 + len(header.seats)


