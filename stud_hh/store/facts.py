"""Stage 4b: a replayed hand -> rows of the database tables.

Pure functions from :class:`~stud_hh.replay.ReplayedHand` to plain rows whose
columns are those of :mod:`stud_hh.store.schema`. The per-player rows carry every
opportunity/done flag of ``docs/statistics.md`` as a boolean or a count,
so any statistic over any grouping is a ``groupby().sum()`` and a division.

>>> from stud_hh import parse_hand
>>> from stud_hh.replay import replay
>>> rows = hand_rows(replay(parse_hand(SAMPLE_HAND)))  # doctest: +SKIP
>>> rows["players"][0]["vpip"]  # doctest: +SKIP
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from stud_hh.model.events import Collect, Game, Limit, PotKind, Seat, Street
from stud_hh.model.hand import ParseFailure
from stud_hh.model.money import format_amount
from stud_hh.replay import Action, ActionKind, Dealt, ReplayedHand
from stud_hh.rules import GAMES, big_bet_allowed, profile
from stud_hh.rules.games import LIMIT_CODES
from stud_hh.store import luck
from stud_hh.store.schema import STREET_LABELS, STREETS, TABLES

Row = dict[str, Any]

_ANTE: Final = ActionKind.ANTE
_BRING_IN: Final = ActionKind.BRING_IN
_COMPLETE: Final = ActionKind.COMPLETE
_BET: Final = ActionKind.BET
_RAISE: Final = ActionKind.RAISE
_CALL: Final = ActionKind.CALL
_CHECK: Final = ActionKind.CHECK
_FOLD: Final = ActionKind.FOLD
_KIND_TEXT: Final = {kind: kind.value for kind in ActionKind}
"""Each action kind's text (``kind.value``, which Python 3.11 computes in Python per call)."""
_AGGRESSIVE: Final = (_COMPLETE, _BET, _RAISE)
_VOLUNTARY: Final = (_COMPLETE, _BET, _RAISE, _CALL)
_SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£"}


def _defaults(table: str) -> Row:
    """A row of ``table`` with every boolean false, every count zero, the rest null."""
    row: Row = {}
    for column in TABLES[table].columns:
        kind = str(column.type)
        if column.nullable:
            row[column.name] = None
        elif kind == "bool":
            row[column.name] = False
        elif kind.startswith("int"):
            row[column.name] = 0
        elif kind.startswith("list"):
            row[column.name] = []
        else:
            row[column.name] = None
    return row


_PLAYER_DEFAULTS = _defaults("players")
_PUT_IN = tuple((Street(s), f"put_in_{STREET_LABELS[s]}") for s in STREETS)


@dataclass(frozen=True, slots=True)
class _StreetKeys:
    """The players-table column names of one street, made once."""

    faced: str
    fold_to_bet: str
    bets: str
    raises: str
    calls: str
    checks: str
    folded: str
    check_raise_opp: str
    check_raise: str


_KEYS = {s: _StreetKeys(*(f"{p}_{STREET_LABELS[s]}" for p in (
    "faced_bet", "fold_to_bet", "bets", "raises", "calls", "checks", "folded",
    "check_raise_opp", "check_raise"))) for s in STREETS}
_BET_KINDS: Final = frozenset((_BET, _COMPLETE))
_SAW: Final = tuple((s, f"saw_{STREET_LABELS[s]}") for s in STREETS[1:])
"""The streets after 3rd with their players-table column ``saw_4th`` ... ``saw_7th``."""


def stakes_label(small_bet: int, big_bet: int, scale: int, currency: str | None,
                 limit: Limit = Limit.FIXED) -> str:
    """``$0.04/$0.08`` for money, ``100/200`` for chips, ``unknown`` when the site printed
    no stakes and no bet of the hand showed them (0/0); a no-limit or pot-limit hand's
    stakes begin with ``NL`` or ``PL`` (and give the smallest bet once when the site
    gives one bet size).

    >>> stakes_label(4, 8, 100, "USD")
    '$0.04/$0.08'
    >>> stakes_label(100, 200, 1, None), stakes_label(0, 0, 1, None)
    ('100/200', 'unknown')
    >>> stakes_label(10, 10, 100, "USD", Limit.NO_LIMIT), stakes_label(4, 8, 100, "USD", Limit.POT)
    ('NL $0.10', 'PL $0.04/$0.08')
    """
    code = LIMIT_CODES[limit]
    prefix = f"{code} " if code else ""
    if small_bet == 0 and big_bet == 0:
        return f"{prefix}unknown"
    symbol = _SYMBOLS.get(currency or "", "")
    small = format_amount(small_bet, scale, symbol)
    if code and small_bet == big_bet:
        return f"{prefix}{small}"
    return f"{prefix}{small}/{format_amount(big_bet, scale, symbol)}"


def measured_big_bet(limit: Limit, big_bet: int) -> int:
    """The big bet a hand's money is counted in (``players.big_bet``): a fixed-limit
    hand's, and 0 (none) for a no-limit or pot-limit hand, whose bets have no fixed size.

    >>> measured_big_bet(Limit.FIXED, 20), measured_big_bet(Limit.NO_LIMIT, 20)
    (20, 0)
    """
    return big_bet if limit is Limit.FIXED else 0


_ORDER = "A23456789TJQKA"


def start_hand(cards: tuple[str, str, str]) -> str:
    """The 3rd-street category of three known cards.

    >>> start_hand(("Ah", "Ad", "As")), start_hand(("Kd", "Ks", "4c"))
    ('trips', 'pair')
    >>> start_hand(("2h", "9h", "Jh")), start_hand(("5c", "6d", "8s"))
    ('three flush', 'three straight')
    >>> start_hand(("Ac", "2d", "3s"))
    'three straight'
    >>> start_hand(("Kc", "7d", "2s"))
    'high cards'
    """
    ranks = {c[0] for c in cards}
    if len(ranks) == 1:
        return "trips"
    if len(ranks) == 2:
        return "pair"
    if len({c[1] for c in cards}) == 1:
        return "three flush"
    for low in range(len(_ORDER) - 4):  # three ranks inside one five-card straight window
        if ranks <= set(_ORDER[low:low + 5]):
            return "three straight"
    return "high cards"


class _Order:
    """The 3rd-street order: who brought in, each player's position after the bring-in
    (players all-in on the ante left out), and who was all-in on the ante (a plain
    slotted class, made once a hand: see :class:`_Round`)."""

    __slots__ = ("ante_all_in", "bring_in", "position")

    def __init__(self, bring_in: str | None, position: dict[str, int],
                 ante_all_in: frozenset[str]) -> None:
        self.bring_in = bring_in
        self.position = position
        self.ante_all_in = ante_all_in


def _order(r: ReplayedHand, dealt: list[Seat]) -> _Order:
    ante_all_in = frozenset(a.player for a in r.actions if a.kind is _ANTE
                            and a.all_in)
    third = next((f for f in r.first_actors if f.street == Street.THIRD), None)
    bring_in = third.player if third else None
    seat_of = {s.name: s.seat for s in r.hand.header.seats}
    in_order = sorted((s for s in dealt if s.name not in ante_all_in), key=lambda s: s.seat)
    position: dict[str, int] = {}
    if bring_in in seat_of and in_order:
        names = [s.name for s in in_order]
        # from the bring-in himself (two players in one seat: by name, never his seat
        # mate), else (all-in on the ante) from the next seat
        start = names.index(bring_in) if bring_in in names else next(
            (i for i, s in enumerate(in_order) if s.seat >= seat_of[bring_in]), 0)
        ordered = in_order[start:] + in_order[:start]
        position = {s.name: i for i, s in enumerate(ordered)}
    return _Order(bring_in, position, ante_all_in)


def _cards_columns(row: Row, name: str, r: ReplayedHand, seen: Dealt) -> None:
    """Door card, hole cards, rolled up, start hand, dead cards."""
    door = seen.door
    card = door.get(name)
    row["door_card"] = card
    row["door_rank"] = card[0] if card else None
    hole = seen.hole.get(name, [])
    if not (len(hole) == 2 and all(hole)):
        return
    row["hole_cards"] = " ".join(c for c in hole if c)
    if not card:
        return
    three = (hole[0] or "", hole[1] or "", card)
    row["rolled_up"] = len({c[0] for c in three}) == 1
    row["start_hand"] = start_hand(three)
    ranks = {c[0] for c in three}
    if all(door.get(other) for other in r.contributions if other != name):
        row["dead_cards"] = sum(1 for other, up in door.items()
                                if other != name and up and up[0] in ranks)
    # else: an opponent's door card is not printed (PartyPoker): the count is not
    # available, never counted as if the card were no match


def _player_row(seat: Seat, r: ReplayedHand, seen: Dealt, order: _Order,
                common_fields: Row) -> Row:
    """A seat's row before its actions are counted."""
    row = _PLAYER_DEFAULTS.copy()
    row.update(common_fields)
    name = seat.name
    row["player"] = name
    row["seat"] = seat.seat
    row["stack"] = seat.stack
    row["dealt"] = name in r.contributions
    if not row["dealt"]:
        return row
    _cards_columns(row, name, r, seen)
    shown = seen.shown.get(name)
    row["cards_shown"] = None if shown is None else " ".join(c or "??" for c in shown)
    pos = order.position.get(name)
    row["position"] = pos
    row["steal_position"] = pos is not None and pos >= 1 and pos >= len(order.position) - 3
    row["all_in_ante"] = name in order.ante_all_in
    row["vpip_opp"] = name not in order.ante_all_in
    row["bring_in_player"] = name == order.bring_in
    contrib = r.contributions.get(name, {})
    row["put_in_ante"] = contrib.get(None, 0)
    for street_key, column in _PUT_IN:
        row[column] = contrib.get(street_key, 0)
    put_in = sum(contrib.values()) - r.uncalled.get(name, 0)
    row["put_in"] = put_in
    row["collected"] = r.collected.get(name, 0)
    row["net"] = r.nets.get(name, row["collected"] - put_in)
    row["rake_share"] = r.rake_shares.get(name, 0)
    return row


class _Betting:
    """The per-street action counts and the opportunity/done flags of docs/statistics.md, one
    street's actions at a time."""

    def __init__(self, r: ReplayedHand, rows: dict[str, Row], seen: Dealt,
                 bring_in: str | None) -> None:
        self.r = r
        self.rows = rows
        self.seen = seen
        self.bring_in = bring_in
        self.folded_on: dict[str, int] = {}
        self.aggressor_3rd: str | None = None
        self.stealer: str | None = None
        self.cbettor: str | None = None

    def run(self) -> None:
        by_street: dict[int, list[Action]] = {}
        rows = self.rows
        for a in self.r.actions:
            if a.all_in and a.player in rows:
                rows[a.player]["all_in"] = True
            if a.street is not None:
                by_street.setdefault(int(a.street), []).append(a)
        for street in STREETS:
            self._street(street, by_street.get(street, []))
        if self.aggressor_3rd is not None:
            rows[self.aggressor_3rd]["aggressor_3rd"] = True
        stealer = self.stealer
        if stealer is not None and all(self.folded_on.get(n) == 3 for n in rows
                                       if n != stealer and rows[n]["dealt"]):
            rows[stealer]["steal_success"] = True

    def _open_pair(self) -> bool:
        r, rows = self.r, self.rows
        game = r.hand.header.game
        if game is not Game.STUD:
            return False
        boards = {n: self.seen.board_4th.get(n, []) for n in rows if rows[n]["dealt"]
                  and n not in self.folded_on}
        return big_bet_allowed(GAMES[game], profile(r.profile), Street.FOURTH, boards)

    def _street(self, street: int, actions: list[Action]) -> None:
        keys = _KEYS[street]
        st = _Round(open_pair=street == 4 and self._open_pair())
        self.cbettor = None
        for a in actions:
            prow = self.rows.get(a.player)
            if prow is None:  # an action by a player not dealt in: a violation, not a stat
                continue
            kind, name = a.kind, a.player
            facing = st.level >= 1 and st.totals.get(name, 0) < st.top
            first = name not in st.acted
            st.acted.add(name)
            if kind is _BRING_IN:
                st.totals[name] = a.total
                st.top = max(st.top, a.total)
                continue
            self._counts(prow, keys, kind, facing, name, street)
            if street == 3:
                self._third(prow, a, st, first)
            else:
                self._later(prow, a, st, keys, facing, first, street)
            st.totals[name] = a.total
            st.top = max(st.top, a.total)
            st.level = a.level
            st.limped = st.limped or kind is _CALL

    def _counts(self, prow: Row, keys: _StreetKeys, kind: ActionKind, facing: bool,
                name: str, street: int) -> None:
        if facing:
            prow[keys.faced] = True
            if kind is _FOLD:
                prow[keys.fold_to_bet] = True
        if kind in _BET_KINDS:
            prow[keys.bets] += 1
        elif kind is _RAISE:
            prow[keys.raises] += 1
        elif kind is _CALL:
            prow[keys.calls] += 1
        elif kind is _CHECK:
            prow[keys.checks] += 1
        elif kind is _FOLD:
            prow[keys.folded] = True
            self.folded_on[name] = street

    def _third(self, prow: Row, a: Action, st: _Round, first: bool) -> None:
        kind, name = a.kind, a.player
        if first and kind is _COMPLETE and name == self.bring_in and st.level == 0:
            prow["bring_in_completed"] = True
        if kind in _VOLUNTARY:
            prow["vpip"] = True
        if kind in _AGGRESSIVE:
            prow["cr3"] = True
            self.aggressor_3rd = name
        if st.level == 0 and not st.limped:
            prow["unopened_opp"] = True
            if kind is _COMPLETE:
                prow["complete_first_in"] = True
            elif kind is _CALL:
                prow["limp"] = True
            if prow["steal_position"]:
                prow["steal_opp"] = True
                if kind is _COMPLETE:
                    prow["steal"] = True
                    self.stealer = name
        elif st.level == 1 and not prow["threebet_opp"]:
            prow["threebet_opp"] = True
            prow["fold_to_completion_opp"] = True
            if kind is _RAISE:
                prow["threebet"] = True
            elif kind is _FOLD:
                prow["fold_to_completion"] = True
            if name == self.bring_in and self.stealer is not None:
                prow["bring_in_faced_steal"] = True
                if kind is _FOLD:
                    prow["bring_in_fold_to_steal"] = True
                elif kind is _RAISE:
                    prow["bring_in_resteal"] = True

    def _later(self, prow: Row, a: Action, st: _Round, keys: _StreetKeys, facing: bool,
               first: bool, street: int) -> None:
        kind, name = a.kind, a.player
        if kind in _BET_KINDS:
            prow["bets_later"] += 1
        elif kind is _RAISE:
            prow["raises_later"] += 1
        elif kind is _CALL:
            prow["calls_later"] += 1
        elif kind is _FOLD:
            prow["folds_later"] += 1
        if kind is _CHECK:
            st.checked.add(name)
        elif facing and name in st.checked and not prow[keys.check_raise_opp]:
            prow[keys.check_raise_opp] = True
            if kind is _RAISE:
                prow[keys.check_raise] = True
        if street == 4:
            self._fourth(prow, a, st, first)

    def _fourth(self, prow: Row, a: Action, st: _Round, first: bool) -> None:
        kind, name = a.kind, a.player
        if first and name == self.aggressor_3rd and st.level == 0:
            prow["cbet_opp"] = True
            if kind is _BET:
                prow["cbet"] = True
                self.cbettor = name
        elif (self.cbettor is not None and st.level == 1 and name != self.cbettor
              and not prow["fold_to_cbet_opp"]):
            prow["fold_to_cbet_opp"] = True
            if kind is _FOLD:
                prow["fold_to_cbet"] = True
        if st.open_pair and st.level == 0 and kind in (_BET, _CHECK):
            prow["double_bet_opp"] = True
            if kind is _BET and a.amount >= self.r.hand.header.big_bet:
                prow["double_bet"] = True


class _Round:
    """One street's betting so far, as the statistics see it (a plain slotted class: one
    is made per street of every hand, and a dataclass's generated ``__init__`` is
    interpreted even in the compiled build)."""

    __slots__ = ("acted", "checked", "level", "limped", "open_pair", "top", "totals")

    def __init__(self, open_pair: bool) -> None:
        self.open_pair = open_pair
        self.level = 0
        self.top = 0
        self.totals: dict[str, int] = {}
        self.checked: set[str] = set()
        self.acted: set[str] = set()
        self.limped = False
        """Someone called the bring-in: the pot is no longer unopened."""


def _showdown_columns(rows: dict[str, Row], r: ReplayedHand, seen: Dealt,
                      folded_on: dict[str, int]) -> tuple[list[str], bool]:
    """Streets seen, showdown, showed, won; the players in at the end and whether they
    reached a showdown."""
    in_at_end = [n for n in rows if rows[n]["dealt"] and n not in folded_on]
    showdown = len(in_at_end) >= 2
    last_street = seen.last_street
    for name, row in rows.items():
        if not row["dealt"]:
            continue
        out = folded_on.get(name, 99)
        for street, column in _SAW:
            row[column] = street <= last_street and out >= street
        row["saw_showdown"] = showdown and name in in_at_end
        row["showed"] = name in r.showdown or name in seen.shown
        row["won"] = row["collected"] > 0
        row["won_at_showdown"] = row["won"] and row["saw_showdown"]
    return in_at_end, showdown


def _winner_columns(rows: dict[str, Row], r: ReplayedHand, in_at_end: list[str],
                    showdown: bool) -> None:
    """High, low, scoops, splits, quarters and no low of the winners."""
    split_game = r.hand.header.game is Game.STUD8
    for name, row in rows.items():
        mine = [p for p in r.pots if name in p.eligible]
        if not row["won"]:
            continue
        row["won_high"] = any(name in p.winners_high for p in mine)
        row["won_low"] = any(name in p.winners_low for p in mine)
        if not (split_game and row["saw_showdown"]):
            continue
        row["scoop_both"] = bool(mine) and all(
            p.winners_high == (name,) and p.winners_low == (name,) for p in mine)
        row["scoop_whole"] = bool(mine) and all(
            p.winners_high == (name,) and p.winners_low in ((), (name,)) for p in mine)
        row["split"] = not row["scoop_whole"]
        row["quartered"] = any(
            (name in p.winners_low and len(p.winners_low) == 2 and name not in p.winners_high)
            or (name in p.winners_high and len(p.winners_high) == 2 and p.winners_low
                and name not in p.winners_low)
            for p in mine)
        row["high_only"] = row["won_high"] and not row["won_low"]
        row["low_only"] = row["won_low"] and not row["won_high"]
    # winners known and no low among them: the low really did not qualify
    if (split_game and showdown and r.pots and not r.pots[0].winners_low
            and r.pots[0].winners_high):
        for name in in_at_end:
            rows[name]["no_low"] = True


def _hands_row(r: ReplayedHand, seen: Dealt, label: str, players: int, showdown: bool
               ) -> Row:
    hand, h = r.hand, r.hand.header
    antes = [a.amount for a in r.actions if a.kind is _ANTE]
    bring_ins = [a.amount for a in r.actions if a.kind is _BRING_IN]
    pot_total = sum(sum(c.values()) for c in r.contributions.values()) - sum(r.uncalled.values())
    return {
        "site": h.site, "hand_id": h.hand_id, "game": str(h.game), "game_text": h.game_text,
        "mixed_game": h.mixed_game,
        "limit": str(h.limit), "stakes": label, "currency": h.currency, "scale": h.scale,
        "play_money": h.play_money, "small_bet": h.small_bet, "big_bet": h.big_bet,
        "ante": max(antes) if antes else None, "bring_in": bring_ins[0] if bring_ins else None,
        "tournament": h.is_tournament, "tournament_id": h.tournament_id, "buy_in": h.buy_in,
        "fee": h.fee, "buy_in_currency": h.buy_in_currency, "level": h.level,
        "table": h.table, "max_seats": h.max_seats, "start_utc": h.started_at,
        "start_local": h.started_local, "seated": len(h.seats), "players": players,
        "pot": pot_total, "rake": r.rake, "common_card": seen.common, "showdown": showdown,
        "last_street": seen.last_street, "violations": len(r.violations),
        "violations_following": sum(1 for v in r.violations if v.follows_line is not None),
        "unverifiable": len(r.unverifiable), "profile": r.profile, "file": hand.path,
        "first_line": hand.first_line, "last_line": hand.last_line,
        "warnings": list(hand.warnings),
        "text_digest": None,
    }


def _pot_rows(r: ReplayedHand, equities: list[list[float] | None]) -> list[Row]:
    h = r.hand.header
    collects = list(r.dealt.collects)
    by_pot: dict[int, list[Collect]] = {}
    for c in collects:
        index = 0 if c.pot is not PotKind.SIDE else (c.pot_index or 1)
        by_pot.setdefault(index, []).append(c)
    if len(r.pots) == 1 and len(by_pot) > 1:  # a site naming pots the replay merged
        by_pot = {0: collects}
    return [{
        "site": h.site, "hand_id": h.hand_id, "pot": p.index, "amount": p.amount,
        "eligible": list(p.eligible),
        "winners_high": list(p.winners_high), "winners_low": list(p.winners_low),
        "collected_by": [c.player for c in by_pot.get(p.index, [])],
        "collected": [c.amount for c in by_pot.get(p.index, [])],
        "equity": shares,
    } for p, shares in zip(r.pots, equities, strict=True)]


def _record_rows(r: ReplayedHand) -> dict[str, list[Row]]:
    """The actions, violations and unverifiable checks of the hand."""
    h = r.hand.header
    site, hand_id = h.site, h.hand_id
    actions = [{
        "site": site, "hand_id": hand_id, "order": a.order, "street": STREET_LABELS[a.street],
        "player": a.player, "kind": _KIND_TEXT[a.kind], "amount": a.amount, "total": a.total,
        "level": a.level, "all_in": a.all_in, "capped": a.capped, "line": a.line,
    } for a in r.actions]
    violations = [{
        "site": site, "hand_id": hand_id, "rule": v.rule,
        "street": None if v.street is None else STREET_LABELS[int(v.street)],
        "player": v.player, "line": v.line, "message": v.message,
        "follows_line": v.follows_line, "follows_rule": v.follows_rule, "profile": r.profile,
        "file": v.path, "start_utc": h.started_at, "table": h.table,
    } for v in r.violations]
    unverifiable = [{"site": site, "hand_id": hand_id, "rule": u.rule, "line": u.line,
                     "message": u.reason} for u in r.unverifiable]
    return {"actions": actions, "violations": violations, "unverifiable": unverifiable}


def hand_rows(r: ReplayedHand) -> dict[str, list[Row]]:
    """The rows one replayed hand adds to each table."""
    h = r.hand.header
    dealt = [s for s in h.seats if s.name in r.contributions]
    label = stakes_label(h.small_bet, h.big_bet, h.scale, h.currency, h.limit)
    seen = r.dealt
    order = _order(r, dealt)
    common_fields = {"site": h.site, "hand_id": h.hand_id, "game": h.game.value,
                     "limit": h.limit.value, "stakes": label, "currency": h.currency,
                     "scale": h.scale, "big_bet": measured_big_bet(h.limit, h.big_bet),
                     "tournament": h.is_tournament, "tournament_id": h.tournament_id,
                     "start_utc": h.started_at, "players_3rd": len(dealt)}
    rows = {s.name: _player_row(s, r, seen, order, common_fields) for s in h.seats}
    betting = _Betting(r, rows, seen, order.bring_in)
    betting.run()
    in_at_end, showdown = _showdown_columns(rows, r, seen, betting.folded_on)
    _winner_columns(rows, r, in_at_end, showdown)
    equities = luck.fill(r, rows)
    records = _record_rows(r)
    return {"hands": [_hands_row(r, seen, label, len(dealt), showdown)],
            "players": list(rows.values()), "actions": records["actions"],
            "pots": _pot_rows(r, equities), "violations": records["violations"],
            "unverifiable": records["unverifiable"]}


def failure_key(raw_text: str, path: str, first_line: int) -> str:
    """The identity of a text that could not be read: its bytes, or where it sat when empty."""
    basis = raw_text if raw_text else f"{path}:{first_line}"
    return hashlib.blake2b(basis.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def text_digest(raw_text: str) -> str:
    """The identity of a hand's text up to whitespace: two copies that differ only in
    spaces, tabs or line ends have one digest; any other difference gives another.

    >>> text_digest("Seat 1: Ann ($5)\\n") == text_digest("Seat 1:  Ann ($5) \\r\\n\\n")
    True
    >>> text_digest("Seat 1: Ann ($5)") == text_digest("Seat 1: Ann ($6)")
    False
    """
    # most hands have no whitespace but spaces and line ends: the same basis by a few
    # replaces and scans, without splitting the text into words
    basis = _spaced_only(raw_text)
    if basis is None:
        basis = " ".join(raw_text.split())
    return hashlib.blake2b(basis.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


_ASCII_SPACES: Final = ("\t", "\r", "\x0b", "\x0c", "\x1c", "\x1d", "\x1e", "\x1f")
"""The whitespace characters of ``str.split`` in ASCII other than the space and the line
end."""


def _spaced_only(text: str) -> str | None:
    """``" ".join(text.split())`` when ``text`` has no whitespace but spaces and line ends,
    else ``None``: the line ends made spaces, each run of spaces made one (a replace
    halves a run: old PokerStars headers have one double space, ``Hand #1:  Razz``), the
    ends stripped. The other whitespace characters are control characters (ASCII: looked
    for one by one, faster than ``isprintable``) or not printable (every Unicode space but
    " " is a separator or a control character). A few scans, each far cheaper than
    splitting the text into words.

    >>> _spaced_only("Seat 1: Ann\\nSeat 2: Bob\\n"), _spaced_only("Hand #1:  Razz \\n\\n ")
    ('Seat 1: Ann Seat 2: Bob', 'Hand #1: Razz')
    >>> _spaced_only("Seat\\t1"), _spaced_only("Seat\\r\\n1"), _spaced_only("Señor\\u3000 1")
    (None, None, None)
    >>> _spaced_only(" Señor  1\\nZoë")
    'Señor 1 Zoë'
    """
    basis = text.replace("\n", " ")
    while "  " in basis:
        basis = basis.replace("  ", " ")
    basis = basis.strip(" ")
    if basis.isascii():
        clean = not any(space in basis for space in _ASCII_SPACES)
    else:
        clean = basis.isprintable()
    return basis if clean else None


def failure_row(f: ParseFailure) -> Row:
    """The ``failures`` row that keeps an unreadable text whole, with its reason."""
    return {
        "key": failure_key(f.raw_text, f.path, f.first_line), "site": f.site,
        "hand_id": f.hand_id, "file": f.path, "line": f.line, "first_line": f.first_line,
        "last_line": f.last_line, "reason": f.reason, "offending_text": f.offending_text,
        "raw_text": f.raw_text,
    }


def columns(table: str, rows: Iterable[Row]) -> dict[str, list[Any]]:
    """Rows of ``table`` as columns, in the registry's order."""
    names = TABLES[table].names
    out: dict[str, list[Any]] = {n: [] for n in names}
    for row in rows:
        for n in names:
            out[n].append(row[n])
    return out
