"""Any stud hand -> PHH, the open Poker Hand History format (pokerkit reads it).

The reader's inverse (:mod:`stud_hh.read.sites.phh`): a hand of any site, parsed or
stored, is written as a PHH hand that ``pokerkit.HandHistory.load`` accepts and
replays to the same final stacks as our replay (``tests/read/sites/test_phh.py``; where
pokerkit's rules differ from docs/stud-rules.md the test names each difference).

What is written
---------------
* ``variant`` ``F7S`` / ``F7S/8`` / ``FR`` (five-card stud and 2-7 razz have no PHH
  code: :class:`ExportError`), ``ante_trimming_status = true`` (a short ante
  only wins what it matches, as in docs/stud-rules.md), ``antes`` (each player's posted ante;
  one all-in for less is written as the table's ante, which pokerkit trims to the
  stack just as the player posted it), ``bring_in``, ``small_bet``, ``big_bet``,
  ``starting_stacks``, one action per line.
* The players are those dealt in, in seat order (PHH's order from the dealer's
  left): ``players`` (names), ``seats``, ``seat_count``, ``table``, ``hand`` (the
  hand id), ``venue`` (the site, for a hand not read from PHH), the start time in
  UTC (``year``, ``month``, ``day``, ``time``, ``time_zone``), ``currency``.
* Amounts are integers in the table's smallest unit, exactly as stored: a cash
  hand's cents stay cents, and the user-defined field ``_scale = 100`` says so
  (pokerkit splits pots and odd chips in whole units, like the sites).
* Cards: every live player gets a ``d dh`` on every street in pokerkit's stud
  layout (3rd street: two down cards then the door card), with ``??`` for each
  card the history does not show: an opponent's down cards are never invented.
  A common card is ``d db``.
* Actions: bring-in ``pb``; completion, bet and raise ``cbr`` to the player's total
  on the street; check and call ``cc``; fold ``f``; show ``sm CARDS`` (the common
  card left out, pokerkit counts it as the board's) and muck ``sm``. A show by the
  only player left (nothing to contest; pokerkit has no such action) is kept as
  a commentary. Uncalled bets and collections are not actions in PHH: pokerkit
  returns and awards them itself.
* The result as the history gives it: ``winnings`` (what each player collected,
  after rake) and ``finishing_stacks``. pokerkit takes no rake, so on a raked hand
  its stacks exceed these by each winner's share of the rake. A PHH hand that gave
  no result (its pots awarded by the reader from the shown cards) is written
  without one: our derivation is not data.
* ``bring_in`` when the hand has none: a hand where nobody posts the bring-in
  (the bring-in player completes, or is all-in on the ante) does not say its
  amount; PHH requires the field and pokerkit wants it below the small bet, so
  half the small bet is written, with a comment saying so. No action uses it.

Files: :func:`write_files` writes one ``.phh`` per hand into a folder, named
after the hand (``PokerStars-35874004239.phh``), or all hands into one ``.phhs``
file with a ``[name]`` table per hand (pokerkit's ``HandHistory.load_all``).
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from datetime import UTC
from pathlib import Path

from stud_hh.model.cards import MaybeCard
from stud_hh.model.errors import StudHHError
from stud_hh.model.events import (
    Bet,
    BringIn,
    Call,
    Check,
    Complete,
    Deal,
    Fold,
    Limit,
    Muck,
    PostAnte,
    Raise,
    Show,
    Street,
    StreetStart,
    UncalledReturned,
)
from stud_hh.model.hand import ParsedHand
from stud_hh.model.visit import EventVisitor
from stud_hh.read.sites.phh import (
    FACE_UP,
    RULE_AWARD,
    SCALE_FIELD,
    SITE,
    STREET_OF_CARD,
    VARIANT_OF,
)
from stud_hh.replay import replay
from stud_hh.store.stored import StoredHands, stored_hands

__all__ = ["ExportError", "StoredHands", "dumps", "dumps_all", "file_name", "stored_hands",
           "write_files"]

UNKNOWN = "??"
"""PHH's unknown card."""

_NAME_UNSAFE: re.Pattern[str] = re.compile(r"[^A-Za-z0-9_-]+")
_LITERAL_UNSAFE: re.Pattern[str] = re.compile(r"['\x00-\x08\x0a-\x1f\x7f]")
_ESCAPES = {'"': '\\"', "\\": "\\\\", "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f",
            "\r": "\\r"}


class ExportError(StudHHError):
    """A hand PHH cannot express (a game without a PHH variant code)."""


# ---------------------------------------------------------------------------
# TOML values


def toml_string(text: str) -> str:
    """A TOML string: literal (``'...'``) when it can be, else basic with escapes.

    >>> toml_string("p1 cbr 4"), toml_string("Mr 'Fox'")
    ("'p1 cbr 4'", '"Mr \\'Fox\\'"')
    """
    if not _LITERAL_UNSAFE.search(text):
        return f"'{text}'"
    out = []
    for ch in text:
        if ch in _ESCAPES:
            out.append(_ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(ch)
    return '"' + "".join(out) + '"'


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return toml_string(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"no TOML for {value!r}")  # pragma: no cover - only the types above


# ---------------------------------------------------------------------------
# One hand


def _cards(cards: Sequence[MaybeCard]) -> str:
    return "".join(card or UNKNOWN for card in cards)


def _street_cards(deals: Sequence[Deal], street: Street) -> str:
    """What a player is dealt on ``street`` in pokerkit's order, ``??`` where unknown."""
    down = [c for d in deals for c, up in zip(d.cards, d.face_up, strict=False) if not up]
    up = [c for d in deals for c, up in zip(d.cards, d.face_up, strict=False) if up]
    layout = [FACE_UP[i] for i, s in enumerate(STREET_OF_CARD) if s is street]
    wanted_down, wanted_up = layout.count(False), layout.count(True)
    if len(down) > wanted_down or len(up) > wanted_up:
        # a site that does not say which card is up: keep them in the order given
        cards = [*down, *up][:len(layout)]
        return _cards(cards + [None] * (len(layout) - len(cards)))
    down += [None] * (wanted_down - len(down))
    up += [None] * (wanted_up - len(up))
    return _cards([down.pop(0) if not is_up else up.pop(0) for is_up in layout])


def _parse(cards: str) -> list[MaybeCard]:
    return [None if cards[i:i + 2] == UNKNOWN else cards[i:i + 2]
            for i in range(0, len(cards), 2)]


def _most_common(amounts: Iterable[int]) -> int | None:
    counted = Counter(amounts)
    return max(counted, key=lambda a: (counted[a], -a)) if counted else None


class _Writer:
    """The fields of one hand, in the order they are written."""

    def __init__(self, hand: ParsedHand) -> None:
        header = hand.header
        variant = VARIANT_OF.get(header.game)
        if variant is None or header.limit is not Limit.FIXED:
            raise ExportError(f"PHH has no variant for {header.limit.value} "
                              f"{header.game.value}", path=hand.path, line=hand.first_line,
                              hand_id=hand.hand_id)
        self.hand = hand
        self.variant = variant
        replayed = replay(hand, "casino")  # money only: the same under every profile
        dealt = set(replayed.contributions)
        self.seats = [s for s in header.seats if s.name in dealt]
        self.index = {s.name: i + 1 for i, s in enumerate(self.seats)}
        self.nets = replayed.nets
        self.collected = replayed.collected
        self.folded: set[str] = set()
        self.showed: set[str] = set()
        self.put: dict[str, int] = {}
        """What each player put in on the current street."""
        self.stack = {s.name: s.stack for s in self.seats}
        self.held: dict[str, list[MaybeCard]] = {}
        """Each player's cards dealt so far, in pokerkit's order (``None`` unknown)."""
        self.common: MaybeCard = None
        self.comments: list[str] = [
            f"# {header.site} hand {header.hand_id}, {hand.path}:{hand.first_line}"]

    def p(self, name: str) -> str:
        return f"p{self.index[name]}"

    def antes(self) -> list[int]:
        posted = [e for e in self.hand.events if isinstance(e, PostAnte)]
        table = _most_common(e.amount for e in posted if not e.all_in)
        if table is None:
            table = max((e.amount for e in posted), default=0)
        ante = {e.player: (table if e.all_in else e.amount) for e in posted}
        return [ante.get(s.name, 0) for s in self.seats]

    def bring_in(self) -> int:
        posted = [e for e in self.hand.events if isinstance(e, BringIn)]
        full = [e.amount for e in posted if not e.all_in]
        if full:
            return full[0]
        if posted:  # all-in for less: pokerkit posts the same chips with this bring-in
            return posted[0].amount
        small_bet = self.hand.header.small_bet
        self.comments.append("# bring_in: none is posted in this hand, so its amount is not "
                             "in the history; half the small bet stands in (no action uses it)")
        return max(small_bet // 2, 1)

    def actions(self) -> list[str]:
        """The hand's actions in PHH notation, one string each (``d dh p1 AsKs7d``)."""
        return _Actions(self).walk(self.hand.events)

    def live(self) -> list[str]:
        return [s.name for s in self.seats if s.name not in self.folded]

    def all_in_shows(self, final: dict[str, tuple[MaybeCard, ...]]) -> list[str]:
        """Before the next cards, when no more betting can happen (all but one live player
        all-in), pokerkit turns the hands up (all-in players must show): the cards held so
        far, as the history shows them at the end."""
        live = self.live()
        if len(live) < 2 or len([p for p in live if self.stack[p] > 0]) > 1:
            return []
        out = []
        for player in live:
            if player not in self.showed:
                self.showed.add(player)
                held = len(self.held.get(player, []))
                cards = self.shown(player, final.get(player, ()))[:held]
                out.append(f"{self.p(player)} sm {_cards(cards)}")
        return out

    def shown(self, player: str, shown: Sequence[MaybeCard]) -> list[MaybeCard]:
        """The player's cards as dealt, each unknown one replaced by a shown card not yet
        placed (a site may show only the hole cards; it shows them in the order dealt)."""
        held = list(self.held.get(player, []))
        extra = [c for c in shown if c is not None and c not in held and c != self.common]
        for i, card in enumerate(held):
            if card is None and extra:
                held[i] = extra.pop(0)
        return held + extra

    def pay(self, player: str, amount: int) -> None:
        self.put[player] = self.put.get(player, 0) + amount
        self.stack[player] -= amount

    def fields(self) -> list[tuple[str, object]]:
        header = self.hand.header
        names = [s.name for s in self.seats]
        fields: list[tuple[str, object]] = [
            ("variant", self.variant),
            ("ante_trimming_status", True),
            ("antes", self.antes()),
            ("bring_in", self.bring_in()),
            ("small_bet", header.small_bet),
            ("big_bet", header.big_bet),
            ("starting_stacks", [s.stack for s in self.seats]),
            ("actions", self.actions()),
            ("hand", header.hand_id),
        ]
        if header.site != SITE:
            fields.append(("venue", header.site))
        if header.table:
            fields.append(("table", header.table))
        if header.level is not None and header.level.isdigit():
            fields.append(("level", int(header.level)))
        if header.max_seats is not None:
            fields.append(("seat_count", header.max_seats))
        fields += [("seats", [s.seat for s in self.seats]), ("players", names)]
        if header.started_at is not None:
            at = header.started_at.astimezone(UTC)
            fields += [("year", at.year), ("month", at.month), ("day", at.day),
                       ("time", at.strftime("%H:%M:%S")), ("time_zone", "UTC")]
        if header.currency:
            fields.append(("currency", header.currency))
        if header.scale != 1:
            fields.append((SCALE_FIELD, header.scale))
        if RULE_AWARD not in self.hand.warnings:  # a result the history gives, not ours
            fields += [
                ("winnings", [self.collected.get(n, 0) for n in names]),
                ("finishing_stacks", [s.stack + self.nets.get(s.name, 0) for s in self.seats]),
            ]
        return fields

    def lines(self) -> list[str]:
        fields = self.fields()  # first: it may add a comment
        out = list(self.comments)
        for key, value in fields:
            if key == "actions":
                assert isinstance(value, list)
                out.append("actions = [")
                out.extend(f"  {toml_string(action)}," for action in value)
                out.append("]")
            elif key == "time":
                out.append(f"time = {value}")  # a TOML local time, not a string
            else:
                out.append(f"{key} = {_toml_value(value)}")
        return out


def dumps(hand: ParsedHand) -> str:
    """One hand as the text of a ``.phh`` file. Raises :class:`ExportError`."""
    return "\n".join(_Writer(hand).lines()) + "\n"


def file_name(hand: ParsedHand) -> str:
    """A file or table name for the hand: its id, after its site unless that is PHH."""
    header = hand.header
    name = header.hand_id if header.site == SITE else f"{header.site}-{header.hand_id}"
    return _NAME_UNSAFE.sub("_", name).strip("_") or "hand"


def _unique(names: Iterable[str]) -> Iterator[str]:
    seen: set[str] = set()
    for name in names:
        candidate, n = name, 1
        while candidate in seen:
            n += 1
            candidate = f"{name}-{n}"
        seen.add(candidate)
        yield candidate


def dumps_all(hands: Iterable[ParsedHand]) -> str:
    """Hands as the text of a ``.phhs`` file: a ``[name]`` table per hand."""
    listed = list(hands)
    blocks = []
    for name, hand in zip(_unique(file_name(h) for h in listed), listed, strict=True):
        lines = _Writer(hand).lines()
        comments = [line for line in lines if line.startswith("#")]
        body = [line for line in lines if not line.startswith("#")]
        blocks.append("\n".join([*comments, f"[{name}]", *body]) + "\n")
    return "\n".join(blocks)


def write_files(hands: Iterable[ParsedHand], output: str | os.PathLike[str]) -> list[Path]:
    """Write ``hands`` as PHH: one ``.phhs`` file when ``output`` ends in ``.phhs``, one
    ``.phh`` file when it ends in ``.phh`` (exactly one hand), else a ``.phh`` per hand
    in the folder ``output`` (created). Returns the files written."""
    target = Path(output)
    listed = list(hands)
    suffix = target.suffix.lower()
    if suffix == ".phhs":
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(dumps_all(listed), encoding="utf-8")
        return [target]
    if suffix == ".phh":
        if len(listed) != 1:
            raise ExportError(f"{len(listed)} hands do not fit one .phh file: name a folder "
                              f"or a .phhs file", path=str(target))
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(dumps(listed[0]), encoding="utf-8")
        return [target]
    target.mkdir(parents=True, exist_ok=True)
    written = []
    for name, hand in zip(_unique(file_name(h) for h in listed), listed, strict=True):
        path = target / f"{name}.phh"
        path.write_text(dumps(hand), encoding="utf-8")
        written.append(path)
    return written



class _Actions(EventVisitor[list[str]]):
    """The walk of :meth:`_Writer.actions`: each event of a seated player in PHH notation,
    the dealer's lines at each street."""

    def __init__(self, writer: _Writer) -> None:
        self.w = writer
        self.out: list[str] = []
        self.deals: dict[tuple[Street, str], list[Deal]] = {}
        self.final: dict[str, tuple[MaybeCard, ...]] = {}
        for e in writer.hand.events:
            if isinstance(e, Deal) and e.player in writer.index:
                self.deals.setdefault((e.street, e.player), []).append(e)
            elif isinstance(e, Show):
                self.final[e.player] = e.cards

    def result(self) -> list[str]:
        return self.out

    def visit_street_start(self, e: StreetStart) -> None:
        w = self.w
        w.put = {}
        if e.street is not Street.THIRD:
            self.out.extend(w.all_in_shows(self.final))
        if e.has_common:
            w.common = e.common
            self.out.append(f"d db {_cards((e.common,))}")
            return
        for seat in w.seats:
            if seat.name not in w.folded:
                cards = _street_cards(self.deals.get((e.street, seat.name), []), e.street)
                w.held.setdefault(seat.name, []).extend(_parse(cards))
                self.out.append(f"d dh {w.p(seat.name)} {cards}")

    def visit_uncalled_returned(self, e: UncalledReturned) -> None:
        if e.player in self.w.stack:
            self.w.stack[e.player] += e.amount

    def visit_post_ante(self, e: PostAnte) -> None:
        if e.player in self.w.index:
            self.w.stack[e.player] -= e.amount

    def _paid(self, player: str, amount: int, text: str) -> None:
        if player in self.w.index:
            self.w.pay(player, amount)
            self.out.append(f"{self.w.p(player)} {text}")

    def visit_bring_in(self, e: BringIn) -> None:
        self._paid(e.player, e.amount, "pb")

    def visit_complete(self, e: Complete | Raise) -> None:
        self._paid(e.player, e.to - self.w.put.get(e.player, 0), f"cbr {e.to}")

    visit_raise = visit_complete

    def visit_bet(self, e: Bet) -> None:
        self._paid(e.player, e.amount, f"cbr {self.w.put.get(e.player, 0) + e.amount}")

    def visit_call(self, e: Call) -> None:
        self._paid(e.player, e.amount, "cc")

    def visit_check(self, e: Check) -> None:
        self._paid(e.player, 0, "cc")

    def visit_fold(self, e: Fold) -> None:
        if e.player in self.w.index:
            self.w.folded.add(e.player)
            self.out.append(f"{self.w.p(e.player)} f")

    def visit_show(self, e: Show | Muck) -> None:
        w, player = self.w, e.player
        if player not in w.index:
            return
        me = w.p(player)
        contested = len(w.live()) > 1
        cards = w.shown(player, e.cards)
        if isinstance(e, Muck):
            if contested:
                self.out.append(f"{me} sm")
        elif not contested:
            self.out.append(f"# {me} shows {_cards(cards)} with nothing to contest")
        else:
            w.showed.add(player)
            self.out.append(f"{me} sm {_cards(cards)}")

    visit_muck = visit_show


