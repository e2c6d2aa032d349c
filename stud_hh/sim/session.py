"""Simulated sessions written as PokerStars histories (``stud-hh simulate``).

:func:`simulate` plays a session at one 8-max table, hand after hand, with bots
of distinct styles (:mod:`stud_hh.sim.bots`) and the table of
:mod:`stud_hh.sim.table`: stacks carry from hand to hand; in cash games players
leave, new ones join (``joins the table at seat #n``), short stacks rebuy; in a
tournament (``tournament=True``) the levels rise every few hands, the busted
players finish the tournament in their place, and a new tournament starts when
Hero busts or wins. Every history is written from the seat of ``Hero``, whose
down cards it shows; chat and connection lines come up now and then.

With ``inject`` a hand breaks exactly one rule (:mod:`stud_hh.sim.inject`) and
the :class:`SimulatedHand` says which, at which line; :func:`write_session`
writes the hands to a file and, when injecting, the ground truth beside it
(``FILE.truth.jsonl``: ``hand_id``, ``rule``, ``line`` per injected hand).

Everything is decided by one ``random.Random(seed)``: the same configuration
gives the same bytes. A hand's id is made of the seed and the hand's number in
the session (:func:`hand_id`), so sessions of different seeds never share an
id and can be imported together without a hand taken for a repeat.

>>> config = SimConfig(game=Game.RAZZ, hands=2, players=4, seed=7)
>>> [h.header.game.value for h in simulate(config)]
['razz', 'razz']
"""

from __future__ import annotations

import contextlib
import dataclasses
import json
import os
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from random import Random

from stud_hh.export.pokerstars import HAND_SEPARATOR, first_event_line, write_hand
from stud_hh.model.errors import StudHHError
from stud_hh.model.events import (
    Collect,
    Game,
    HandEvent,
    HandHeader,
    ShowdownStart,
    StreetStart,
    SummaryStart,
    TableEvent,
    TableEventKind,
    UncalledReturned,
)
from stud_hh.model.money import parse_amount
from stud_hh.read.sites.headers import to_utc
from stud_hh.rules.violations import RuleCode
from stud_hh.sim import inject
from stud_hh.sim.bots import HERO_LEAKS, STYLES, Bot
from stud_hh.sim.table import Fault, HandResult, SeatPlayer, Stakes, TableSetup, play_hand

__all__ = [
    "HERO_LEAKS",
    "INJECTABLE",
    "SimConfig",
    "SimulatedHand",
    "SimulationError",
    "default_stakes",
    "hand_id",
    "simulate",
    "tournament_id",
    "write_session",
]

INJECTABLE = inject.INJECTABLE


_TRIES = 300
"""Hands tried before giving up on breaking a rule at a table."""

MAX_SEED = 899_999
"""The largest seed: ``100000 + seed`` is the first six of an id's twelve digits."""
MAX_HANDS = 999_999
"""The most hands in one session: a hand's number is the last six digits of its id."""


def hand_id(seed: int, number: int) -> str:
    """The id of hand ``number`` (1, 2, ...) of the session of ``seed``.

    Twelve digits, as PokerStars' ids have: ``100000 + seed``, then the number in
    six digits. Both parts have a fixed width, so the id gives back the seed and
    the number: sessions of different seeds never share an id, and a seed gives
    the same ids on every run. A tournament's id (:func:`tournament_id`) is made
    the same way.

    >>> hand_id(101, 1), hand_id(101, 2), hand_id(0, 1)
    ('100101000001', '100101000002', '100000000001')
    >>> hand_id(MAX_SEED, MAX_HANDS)
    '999999999999'
    """
    if not 0 <= seed <= MAX_SEED or not 1 <= number <= MAX_HANDS:
        raise ValueError(f"no hand id for seed {seed}, hand {number}")
    return f"{100_000 + seed}{number:06d}"


def tournament_id(seed: int, number: int) -> str:
    """The id of tournament ``number`` (1, 2, ...) of the session of ``seed``:
    ``3000000 + seed``, then the number in six digits (a session has no more
    tournaments than hands).

    >>> tournament_id(104, 1)
    '3000104000001'
    """
    if not 0 <= seed <= MAX_SEED or not 1 <= number <= MAX_HANDS:
        raise ValueError(f"no tournament id for seed {seed}, tournament {number}")
    return f"{3_000_000 + seed}{number:06d}"


class SimulationError(StudHHError):
    """A simulation that cannot be set up as asked."""

    def _format(self) -> str:
        return self.reason


@dataclass(frozen=True, slots=True)
class SimConfig:
    game: Game
    hands: int
    players: int = 6
    """Players at the table when the session starts (2 to 8); joins and leaves move it."""
    seed: int = 0
    stakes: str | None = None
    """``0.04/0.08`` (cash, dollars) or ``100/200`` (tournament chips); a default if ``None``."""
    ante: str | None = None
    bring_in: str | None = None
    tournament: bool = False
    inject: str | None = None
    """A rule code of :data:`INJECTABLE`, or ``all`` to cycle through every one."""
    inject_rate: float | None = None
    """Share of hands that break a rule (``None`` with ``inject``: every hand)."""
    hand_id_start: int | None = None
    """The first hand's id; the next ones count up from it (default: :func:`hand_id`)."""
    opponents: tuple[str, ...] | None = None
    """The styles Hero's opponents are drawn from (names of :data:`STYLES`; default: every
    style but ``hero``)."""


@dataclass(frozen=True, slots=True)
class SimulatedHand:
    header: HandHeader
    events: list[HandEvent]
    rule: RuleCode | None = None
    """The rule this hand breaks on purpose, if any."""
    rule_line: int | None = None
    """The 1-based line within the hand's text where it breaks it."""
    styles: tuple[tuple[str, str], ...] = ()
    """Each seated player's bot style (``hero`` for Hero): what the statistics should show."""


# ---------------------------------------------------------------------------
# Stakes


_KNOWN_CASH = {4: (1, 2), 10: (2, 5), 25: (5, 10), 50: (10, 15), 100: (10, 25),
               200: (25, 50)}
"""PokerStars' ante and bring-in for a small bet, in cents."""


def _units(text: str, scale: int, what: str) -> int:
    try:
        value = parse_amount(text, scale)
    except ValueError:
        raise SimulationError(f"unreadable {what} {text!r}") from None
    if value <= 0:
        raise SimulationError(f"the {what} must be more than nothing, got {text!r}")
    return value


def default_stakes(stakes: str | None, tournament: bool, ante: str | None = None,
                   bring_in: str | None = None) -> Stakes:
    """Small bet, big bet, ante and bring-in in units (cents, or chips in a tournament).

    >>> default_stakes("0.04/0.08", False)
    Stakes(small_bet=4, big_bet=8, ante=1, bring_in=2, level=None)
    >>> default_stakes("100/200", True)
    Stakes(small_bet=100, big_bet=200, ante=20, bring_in=50, level=None)
    """
    scale = 1 if tournament else 100
    text = stakes or ("20/40" if tournament else "0.10/0.20")
    small_text, sep, big_text = text.partition("/")
    if not sep:
        raise SimulationError(f"stakes must read SMALL/BIG (e.g. 0.04/0.08), got {text!r}")
    small = _units(small_text, scale, "small bet")
    big = _units(big_text, scale, "big bet")
    if big != 2 * small:
        raise SimulationError(f"the big bet must be twice the small bet, got {text!r}")
    known = _KNOWN_CASH.get(small) if not tournament else None
    ante_units = _units(ante, scale, "ante") if ante else (
        known[0] if known else max(1, small // 5))
    bring_units = _units(bring_in, scale, "bring-in") if bring_in else (
        known[1] if known else max(1, small // 2))
    if bring_units >= small:
        raise SimulationError("the bring-in must be less than the small bet")
    return Stakes(small, big, ante_units, bring_units)


# ---------------------------------------------------------------------------
# Names and styles


_FIRST = ("nord", "kasia", "pat", "ziggy", "old", "big", "lucky", "tilt", "river", "ace",
          "snow", "fish", "mad", "slow", "razz", "stud", "lo", "hi", "dr", "mr")
_SECOND = ("licht", "w", "hat", "goose", "fred", "dog", "_rat", "king", "queen", "shark",
           "monk", "bear", "face", "rider", "77", "_mx", "boy", "la", "2k", "_el")
_SPECIAL = ("pat: the hat", "el_gato [BR]", "Zoltán", "Ümit", "Théo [FR]", "Ines Ö",
            "Kasia W", "drawdead fred")
_ROMAN = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
          "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "XXII", "XXIII", "XXIV",
          "XXV", "XXVI", "XXVII", "XXVIII", "XXIX", "XXX")
_TABLES = ("Vesta", "Laomedon", "Dawn", "Ceres", "Iris", "Pallas", "Hebe", "Juno", "Flora")
_OPPONENTS = ("tight_passive", "loose_passive", "tight_aggressive", "loose_aggressive",
              "stealer")
_TOURNAMENT_LEVELS = (10, 15, 20, 30, 40, 50, 60, 80, 100, 150, 200, 250, 300, 400, 500, 600,
                      800, 1000, 1500, 2000, 2500, 3000, 4000, 5000, 6000, 8000, 10000)


class _Names:
    def __init__(self, rng: Random) -> None:
        self.rng = rng
        self.used: set[str] = {"Hero"}

    def new(self) -> str:
        rng = self.rng
        for _ in range(100):
            if rng.random() < 0.15:
                name = rng.choice(_SPECIAL)
            else:
                name = rng.choice(_FIRST) + rng.choice(_SECOND)
                if rng.random() < 0.4:
                    name += str(rng.randrange(1, 999))
            if name not in self.used:
                self.used.add(name)
                return name
        name = f"player{len(self.used)}"
        self.used.add(name)
        return name


# ---------------------------------------------------------------------------
# The session


class _Session:
    def __init__(self, config: SimConfig) -> None:
        if not 2 <= config.players <= 8:
            raise SimulationError(f"--players must be 2 to 8, got {config.players}")
        if config.hands < 0:
            raise SimulationError("--hands must not be negative")
        if config.hands > MAX_HANDS:
            raise SimulationError(f"--hands must be at most {MAX_HANDS:,} in one session (a "
                                  "hand's id numbers it in six digits): split the hands over "
                                  "sessions of different seeds")
        if not 0 <= config.seed <= MAX_SEED:
            raise SimulationError(f"--seed must be 0 to {MAX_SEED:,} (a hand's id is made of "
                                  f"the seed and the hand's number), got {config.seed}")
        rules = self._rules(config)
        unknown = set(config.opponents or ()) - set(STYLES)
        if unknown:
            raise SimulationError(f"unknown bot style(s) {', '.join(sorted(unknown))} "
                                  f"(known: {', '.join(STYLES)})")
        if config.inject_rate is not None and not 0.0 <= config.inject_rate <= 1.0:
            raise SimulationError("--inject-rate must be between 0 and 1")
        self.rules = rules
        self.config = config
        self.rng = Random(config.seed)
        self.names = _Names(self.rng)
        self.stakes = default_stakes(config.stakes, config.tournament, config.ante,
                                     config.bring_in)
        # The ids once were random; their draws are kept (and not used) so that a seed
        # still plays the same hands.
        self.rng.randrange(10**9)
        self.hands_dealt = 0
        self.clock = datetime(2026, 1, 5, 9, 0, 0) + timedelta(
            minutes=self.rng.randrange(60 * 24 * 200))
        self.next_rule = 0
        self.players: list[SeatPlayer] = []
        self.level = 0
        self.hands_at_level = 0
        self.tournament_count = 0
        self.places_left = 0
        self.pending_join: SeatPlayer | None = None
        self.unbreakable: set[str] = set()
        self.setup = self._new_table()

    @staticmethod
    def _rules(config: SimConfig) -> list[RuleCode]:
        if config.inject is None:
            if config.inject_rate is not None:
                raise SimulationError("--inject-rate needs --inject RULE or --inject all")
            return []
        if config.inject == "all":
            return [r for r in inject.INJECTABLE if inject.applicable(r, config.game)]
        if config.inject not in inject.INJECTABLE:
            known = ", ".join(inject.INJECTABLE)
            raise SimulationError(f"cannot inject {config.inject!r}; known rules: {known}, all")
        rule = RuleCode(config.inject)
        if not inject.applicable(rule, config.game):
            raise SimulationError(f"rule {rule} cannot be broken in "
                                  f"{config.game.value} hands")
        return [rule]

    # -- seating ------------------------------------------------------------------------
    def _style(self) -> Bot:
        return Bot(STYLES[self.rng.choice(self.config.opponents or _OPPONENTS)])

    def _buy_in(self) -> int:
        return self.stakes.big_bet * self.rng.randrange(25, 120)

    def _new_table(self) -> TableSetup:
        rng = self.rng
        config = self.config
        seats = rng.sample(range(1, 9), config.players)
        self.players = []
        if config.tournament:
            self.tournament_count += 1
            rng.randrange(10**8)  # the old random id's draw, kept: see __init__
            tid = tournament_id(self.config.seed, self.tournament_count)
            start = 1500
            self.level = 0
            self.hands_at_level = 0
            for k, seat in enumerate(sorted(seats)):
                name = "Hero" if k == 0 else self.names.new()
                bot = Bot(STYLES["hero"]) if name == "Hero" else self._style()
                self.players.append(SeatPlayer(name, seat, start, bot))
            rng.shuffle(self.players)
            for player, seat in zip(self.players, sorted(seats), strict=True):
                player.seat = seat
            self.places_left = len(self.players)
            return TableSetup(game=config.game, table=f"{tid} 1", scale=1, currency=None,
                              tournament_id=tid, buy_in=500, fee=50, buy_in_currency="USD")
        for k, seat in enumerate(seats):
            name = "Hero" if k == 0 else self.names.new()
            bot = Bot(STYLES["hero"]) if name == "Hero" else self._style()
            self.players.append(SeatPlayer(name, seat, self._buy_in(), bot))
        table = f"{rng.choice(_TABLES)} {rng.choice(_ROMAN)}"
        return TableSetup(game=config.game, table=table, scale=100, currency="USD")

    def _stakes(self) -> Stakes:
        if not self.config.tournament:
            return self.stakes
        base = self.stakes.small_bet
        levels = [x for x in _TOURNAMENT_LEVELS if x >= base] or [base]
        small = levels[min(self.level, len(levels) - 1)] if self.level < len(levels) else (
            levels[-1] * 2 ** (self.level - len(levels) + 1))
        same = small == base
        ante = self.stakes.ante if same else max(1, small // 5)
        bring = self.stakes.bring_in if same else max(1, small // 2)
        return Stakes(small, 2 * small, ante, bring, level=_ROMAN[min(self.level, 29)])

    # -- one hand -------------------------------------------------------------------------
    def _advance_clock(self) -> tuple[datetime, str]:
        self.clock += timedelta(seconds=self.rng.randrange(15, 95))
        c = self.clock
        local = f"{c:%Y/%m/%d} {c.hour}:{c:%M:%S} ET"
        utc = to_utc(f"{c:%Y/%m/%d}", f"{c.hour}:{c:%M:%S}", "ET")
        assert utc is not None
        return utc, local

    def _pick_rule(self) -> RuleCode | None:
        if not self.rules:
            return None
        rate = self.config.inject_rate
        if rate is not None and self.rng.random() >= rate:
            return None
        rule = self.rules[self.next_rule % len(self.rules)]
        self.next_rule += 1
        return rule

    def hand(self) -> SimulatedHand:
        rule = self._pick_rule()
        if rule is not None and self.config.inject == "all" and rule in self.unbreakable:
            rule = None
        self.rng.randrange(1, 4000)  # the old random id's draw, kept: see __init__
        self.hands_dealt += 1
        start = self.config.hand_id_start
        number = self.hands_dealt
        ident = (hand_id(self.config.seed, number) if start is None
                 else str(start + number - 1))
        started, local = self._advance_clock()
        stakes = self._stakes()
        seated = [p for p in self.players if p.stack > 0]
        if rule is None:
            result = play_hand(self.setup, stakes, seated, ident, started, self.rng)
            header, events, index = result.header, result.events, None
        else:
            try:
                result, header, events, index = self._injected(rule, stakes, seated, ident,
                                                               started)
            except SimulationError:
                if self.config.inject != "all":
                    raise
                # this table cannot break that rule (e.g. out of turn needs three players)
                self.unbreakable.add(rule)
                rule = None
                result = play_hand(self.setup, stakes, seated, ident, started, self.rng)
                header, events, index = result.header, result.events, None
        header = dataclasses.replace(header, started_local=local)
        events, index = self._traffic(result, events, index)
        self._after(result)
        line = None if index is None else first_event_line(header) + index
        styles = tuple((p.name, p.bot.style.name) for p in seated)
        return SimulatedHand(header, events, rule, line, styles)

    def _injected(self, rule: RuleCode, stakes: Stakes, seated: list[SeatPlayer], hand_id: str,
                  started: datetime) -> tuple[HandResult, HandHeader, list[HandEvent], int]:
        for _ in range(_TRIES):
            if rule in inject.EDITS:
                result = play_hand(self.setup, stakes, seated, hand_id, started, self.rng)
                edited = inject.edit(rule, result.header, result.events, self.rng)
                if edited is None:
                    continue
                header, events, index = edited
            else:
                result = play_hand(self.setup, stakes, seated, hand_id, started, self.rng,
                                   Fault(rule))
                if result.fault_index is None:
                    continue
                header, events, index = result.header, result.events, result.fault_index
            if inject.check(rule, header, events, index):
                return result, header, events, index
        raise SimulationError(f"could not break rule {rule} in {_TRIES} tries at this table "
                              f"({len(seated)} players); try another seed or more players")

    def _traffic(self, result: HandResult, events: list[HandEvent], index: int | None
                 ) -> tuple[list[HandEvent], int | None]:
        """Joins (cash) and finishing places (tournament), where PokerStars prints them."""
        rng = self.rng
        inserts: list[tuple[int, HandEvent]] = []
        if self.config.tournament:
            busted = sorted((p for p in self.players if result.stacks.get(p.name, 1) == 0),
                            key=lambda p: p.stack, reverse=True)
            at = next(i for i, e in enumerate(events) if isinstance(e, SummaryStart))
            for p in busted:
                place = self.places_left
                self.places_left -= 1
                inserts.append((at, TableEvent(
                    line=0, player=p.name, kind=TableEventKind.FINISHED,
                    text=f"{p.name} finished the tournament in {_ordinal(place)} place")))
            alive = [p for p in self.players if result.stacks.get(p.name, p.stack) > 0]
            if len(alive) == 1 and busted:
                winner = alive[0].name
                inserts.append((at, TableEvent(
                    line=0, player=winner, kind=TableEventKind.FINISHED,
                    text=f"{winner} wins the tournament and receives $"
                    f"{5 * len(self.players) * 0.9:.2f} - congratulations!")))
        else:
            free = sorted(set(range(1, 9)) - {p.seat for p in self.players})
            want = self.config.players
            if free and (len(self.players) < want or rng.random() < 0.02) and \
                    rng.random() < 0.35:
                seat = rng.choice(free)
                name = self.names.new()
                self.pending_join = SeatPlayer(name, seat, self._buy_in(), self._style())
                positions = [i for i, e in enumerate(events) if i > 0 and isinstance(
                    events[i - 1], StreetStart | Collect | UncalledReturned)
                    and not isinstance(e, ShowdownStart | SummaryStart)]
                positions = [i for i in positions if not isinstance(events[i - 1], Collect)
                             ] or positions
                if positions:
                    at = rng.choice(positions)
                    inserts.append((at, TableEvent(
                        line=0, player=name, kind=TableEventKind.JOINS,
                        text=f"{name} joins the table at seat #{seat}")))
        for at, event in sorted(inserts, key=lambda x: x[0], reverse=True):
            events = [*events[:at], event, *events[at:]]
            if index is not None and at <= index:
                index += 1
        return events, index

    def _after(self, result: HandResult) -> None:
        rng = self.rng
        for p in self.players:
            p.stack = result.stacks.get(p.name, p.stack)
        if self.config.tournament:
            self.players = [p for p in self.players if p.stack > 0]
            self.hands_at_level += 1
            if self.hands_at_level >= 12:
                self.level += 1
                self.hands_at_level = 0
            if len(self.players) < 2 or all(p.name != "Hero" for p in self.players):
                self.setup = self._new_table()
            return
        stay: list[SeatPlayer] = []
        for p in self.players:
            if p.name in result.leaving:
                continue
            if p.name != "Hero" and rng.random() < 0.004:
                continue
            if p.stack < 10 * self.stakes.big_bet:
                if p.name == "Hero" or rng.random() < 0.7:
                    p.stack = max(p.stack, self._buy_in())
                else:
                    continue
            stay.append(p)
        join = self.pending_join
        if join is not None and join.seat not in {p.seat for p in stay}:
            stay.append(join)
        self.pending_join = None
        while len(stay) < 2:
            free = sorted(set(range(1, 9)) - {p.seat for p in stay})
            stay.append(SeatPlayer(self.names.new(), rng.choice(free), self._buy_in(),
                                   self._style()))
        self.players = sorted(stay, key=lambda p: p.seat)


def _ordinal(n: int) -> str:
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def simulate(config: SimConfig) -> Iterator[SimulatedHand]:
    """Play ``config.hands`` hands, one at a time; a configuration that cannot be played
    raises :class:`SimulationError` at once, before any hand.

    >>> simulate(SimConfig(game=Game.STUD, hands=1, seed=-1))
    Traceback (most recent call last):
    ...
    stud_hh.sim.session.SimulationError: --seed must be 0 to 899,999 (a hand's id is made ...
    """
    session = _Session(config)
    return (session.hand() for _ in range(config.hands))


@dataclass(frozen=True, slots=True)
class SessionSummary:
    hands: int
    injected: int
    bytes: int


def write_session(config: SimConfig, path: str | os.PathLike[str]) -> SessionSummary:
    """Write a simulated session to ``path`` (and the ground truth to ``path.truth.jsonl``
    when injecting)."""
    target = os.fspath(path)
    truth_path = target + ".truth.jsonl"
    hands = injected = size = 0
    line = 1
    played = simulate(config)  # a configuration that cannot be played writes no file
    try:
        with contextlib.ExitStack() as stack:
            out = stack.enter_context(open(target, "w", encoding="utf-8", newline="\n"))
            truth = (stack.enter_context(open(truth_path, "w", encoding="utf-8"))
                     if config.inject else None)
            for hand in played:
                text = write_hand(hand.header, hand.events) + HAND_SEPARATOR
                out.write(text)
                if hand.rule is not None and truth is not None:
                    assert hand.rule_line is not None
                    truth.write(json.dumps({"hand_id": hand.header.hand_id, "rule": hand.rule,
                                            "line": line - 1 + hand.rule_line}) + "\n")
                    injected += 1
                line += text.count("\n")
                size += len(text)
                hands += 1
    except OSError as exc:
        raise SimulationError(f"cannot write {target}: {exc.strerror or exc}") from None
    return SessionSummary(hands, injected, size)
