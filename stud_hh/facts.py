"""Stage 4b: a replayed hand -> rows of the database tables.

Pure functions from :class:`~stud_hh.replay.ReplayedHand` to plain rows whose
columns are those of :mod:`stud_hh.schema`. The per-player rows carry every
opportunity/done flag of ``../shared/docs/STATS.md`` as a boolean or a count,
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
from typing import Any

from stud_hh.events import Collect, Deal, Game, PotKind, Show, Street, StreetStart
from stud_hh.money import format_amount
from stud_hh.parse import ParseFailure
from stud_hh.replay import ActionKind, ReplayedHand
from stud_hh.rules import GAMES, big_bet_allowed, profile
from stud_hh.schema import STREET_LABELS, STREETS, TABLES

Row = dict[str, Any]

_AGGRESSIVE = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)
_VOLUNTARY = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE, ActionKind.CALL)
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
_BET_KINDS = frozenset((ActionKind.BET, ActionKind.COMPLETE))


def stakes_label(small_bet: int, big_bet: int, scale: int, currency: str | None) -> str:
    """``$0.04/$0.08`` for money, ``100/200`` for chips, ``unknown`` when the site printed
    no stakes and no bet of the hand showed them (0/0).

    >>> stakes_label(4, 8, 100, "USD")
    '$0.04/$0.08'
    >>> stakes_label(100, 200, 1, None), stakes_label(0, 0, 1, None)
    ('100/200', 'unknown')
    """
    if small_bet == 0 and big_bet == 0:
        return "unknown"
    symbol = _SYMBOLS.get(currency or "", "")
    return f"{format_amount(small_bet, scale, symbol)}/{format_amount(big_bet, scale, symbol)}"


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


def hand_rows(r: ReplayedHand) -> dict[str, list[Row]]:
    """The rows one replayed hand adds to each table."""
    hand = r.hand
    h = hand.header
    events = hand.events
    game = h.game
    dealt = [s for s in h.seats if s.name in r.contributions]
    label = stakes_label(h.small_bet, h.big_bet, h.scale, h.currency)

    # -- what was dealt ------------------------------------------------------
    door: dict[str, str | None] = {}
    holes: dict[str, list[str | None]] = {}
    up_4th: dict[str, list[str]] = {}
    shown: dict[str, str] = {}
    streets_dealt: set[int] = {3}
    common: str | None = None
    collects: list[Collect] = []
    for event in events:
        kind_of = type(event)
        if kind_of is Deal:
            assert isinstance(event, Deal)
            street_no = event.street
            streets_dealt.add(street_no)
            if street_no <= 4:
                player = event.player
                board = up_4th.setdefault(player, [])
                for card, up in zip(event.cards, event.face_up, strict=False):
                    if up:
                        if street_no == 3 and player not in door:
                            door[player] = card
                        if card is not None:
                            board.append(card)
                    elif street_no == 3:
                        holes.setdefault(player, []).append(card)
        elif kind_of is StreetStart:
            assert isinstance(event, StreetStart)
            streets_dealt.add(event.street)
            if event.has_common:
                common = event.common
        elif kind_of is Show:
            assert isinstance(event, Show)
            shown[event.player] = " ".join(c or "??" for c in event.cards)
        elif kind_of is Collect:
            assert isinstance(event, Collect)
            collects.append(event)
    last_street = int(max(streets_dealt))

    # -- the 3rd-street order ------------------------------------------------
    ante_all_in = {a.player for a in r.actions if a.kind is ActionKind.ANTE and a.all_in}
    third = next((f for f in r.first_actors if f.street == Street.THIRD), None)
    bring_in_player = third.player if third else None
    seat_of = {s.name: s.seat for s in h.seats}
    in_order = sorted((s for s in dealt if s.name not in ante_all_in), key=lambda s: s.seat)
    position: dict[str, int] = {}
    if bring_in_player in seat_of and in_order:
        start = next((i for i, s in enumerate(in_order) if s.seat >= seat_of[bring_in_player]),
                     0)
        ordered = in_order[start:] + in_order[:start]
        position = {s.name: i for i, s in enumerate(ordered)}
    n_order = len(position)

    rows: dict[str, Row] = {}
    common_fields = {"site": h.site, "hand_id": h.hand_id, "game": game.value,
                     "stakes": label, "currency": h.currency, "scale": h.scale,
                     "big_bet": h.big_bet, "tournament": h.is_tournament,
                     "start_utc": h.started_at, "players_3rd": len(dealt)}
    for s in h.seats:
        row = _PLAYER_DEFAULTS.copy()
        row.update(common_fields)
        name = s.name
        row["player"] = name
        row["seat"] = s.seat
        row["stack"] = s.stack
        row["dealt"] = name in r.contributions
        if row["dealt"]:
            card = door.get(name)
            row["door_card"] = card
            row["door_rank"] = card[0] if card else None
            hole = holes.get(name, [])
            if len(hole) == 2 and all(hole):
                row["hole_cards"] = " ".join(c for c in hole if c)
                if card:
                    three = (hole[0] or "", hole[1] or "", card)
                    row["rolled_up"] = len({c[0] for c in three}) == 1
                    row["start_hand"] = start_hand(three)
                    ranks = {c[0] for c in three}
                    if all(door.get(other) for other in r.contributions if other != name):
                        row["dead_cards"] = sum(1 for other, up in door.items()
                                                if other != name and up and up[0] in ranks)
                    # else: an opponent's door card is not printed (PartyPoker): the count
                    # is not available, never counted as if the card were no match
            row["cards_shown"] = shown.get(name)
            pos = position.get(name)
            row["position"] = pos
            row["steal_position"] = pos is not None and pos >= 1 and pos >= n_order - 3
            row["all_in_ante"] = name in ante_all_in
            row["vpip_opp"] = name not in ante_all_in
            row["bring_in_player"] = name == bring_in_player
            contrib = r.contributions.get(name, {})
            row["put_in_ante"] = contrib.get(None, 0)
            for street_key, column in _PUT_IN:
                row[column] = contrib.get(street_key, 0)
            put_in = sum(contrib.values()) - r.uncalled.get(name, 0)
            row["put_in"] = put_in
            row["collected"] = r.collected.get(name, 0)
            row["net"] = r.nets.get(name, row["collected"] - put_in)
            row["rake_share"] = r.rake_shares.get(name, 0)
        rows[name] = row

    # -- the actions, street by street ---------------------------------------
    folded_on: dict[str, int] = {}
    by_street: dict[int, list[Any]] = {}
    for a in r.actions:
        if a.all_in and a.player in rows:
            rows[a.player]["all_in"] = True
        if a.street is not None:
            by_street.setdefault(int(a.street), []).append(a)

    aggressor_3rd: str | None = None
    stealer: str | None = None
    for street in STREETS:
        keys = _KEYS[street]
        level = 0
        totals: dict[str, int] = {}
        top = 0
        checked: set[str] = set()
        acted: set[str] = set()
        cbettor: str | None = None
        limped = False  # someone called the bring-in: the pot is no longer unopened
        open_pair = False
        if street == 4 and game is Game.STUD:
            boards = {n: up_4th.get(n, []) for n in rows if rows[n]["dealt"]
                      and n not in folded_on}
            open_pair = big_bet_allowed(GAMES[game], profile(r.profile), Street.FOURTH, boards)
        for a in by_street.get(street, ()):
            prow = rows.get(a.player)
            if prow is None:  # an action by a player not dealt in: a violation, not a stat
                continue
            kind = a.kind
            name = a.player
            facing = level >= 1 and totals.get(name, 0) < top
            first = name not in acted
            acted.add(name)
            if kind is ActionKind.BRING_IN:
                totals[name] = a.total
                top = max(top, a.total)
                continue
            if facing:
                prow[keys.faced] = True
                if kind is ActionKind.FOLD:
                    prow[keys.fold_to_bet] = True
            if kind in _BET_KINDS:
                prow[keys.bets] += 1
            elif kind is ActionKind.RAISE:
                prow[keys.raises] += 1
            elif kind is ActionKind.CALL:
                prow[keys.calls] += 1
            elif kind is ActionKind.CHECK:
                prow[keys.checks] += 1
            elif kind is ActionKind.FOLD:
                prow[keys.folded] = True
                folded_on[name] = street

            if street == 3:
                if first and kind is ActionKind.COMPLETE and name == bring_in_player and level == 0:
                    prow["bring_in_completed"] = True
                if kind in _VOLUNTARY:
                    prow["vpip"] = True
                if kind in _AGGRESSIVE:
                    prow["cr3"] = True
                    aggressor_3rd = name
                if level == 0 and not limped:
                    prow["unopened_opp"] = True
                    if kind is ActionKind.COMPLETE:
                        prow["complete_first_in"] = True
                    elif kind is ActionKind.CALL:
                        prow["limp"] = True
                    if prow["steal_position"]:
                        prow["steal_opp"] = True
                        if kind is ActionKind.COMPLETE:
                            prow["steal"] = True
                            stealer = name
                elif level == 1 and not prow["threebet_opp"]:
                    prow["threebet_opp"] = True
                    prow["fold_to_completion_opp"] = True
                    if kind is ActionKind.RAISE:
                        prow["threebet"] = True
                    elif kind is ActionKind.FOLD:
                        prow["fold_to_completion"] = True
                    if name == bring_in_player and stealer is not None:
                        prow["bring_in_faced_steal"] = True
                        if kind is ActionKind.FOLD:
                            prow["bring_in_fold_to_steal"] = True
                        elif kind is ActionKind.RAISE:
                            prow["bring_in_resteal"] = True
            else:
                if kind in _BET_KINDS:
                    prow["bets_later"] += 1
                elif kind is ActionKind.RAISE:
                    prow["raises_later"] += 1
                elif kind is ActionKind.CALL:
                    prow["calls_later"] += 1
                elif kind is ActionKind.FOLD:
                    prow["folds_later"] += 1
                if kind is ActionKind.CHECK:
                    checked.add(name)
                elif facing and name in checked and not prow[keys.check_raise_opp]:
                    prow[keys.check_raise_opp] = True
                    if kind is ActionKind.RAISE:
                        prow[keys.check_raise] = True
                if street == 4:
                    if first and name == aggressor_3rd and level == 0:
                        prow["cbet_opp"] = True
                        if kind is ActionKind.BET:
                            prow["cbet"] = True
                            cbettor = name
                    elif (cbettor is not None and level == 1 and name != cbettor
                          and not prow["fold_to_cbet_opp"]):
                        prow["fold_to_cbet_opp"] = True
                        if kind is ActionKind.FOLD:
                            prow["fold_to_cbet"] = True
                    if open_pair and level == 0 and kind in (ActionKind.BET, ActionKind.CHECK):
                        prow["double_bet_opp"] = True
                        if kind is ActionKind.BET and a.amount >= h.big_bet:
                            prow["double_bet"] = True
            totals[name] = a.total
            top = max(top, a.total)
            level = a.level
            limped = limped or kind is ActionKind.CALL

    if aggressor_3rd is not None:
        rows[aggressor_3rd]["aggressor_3rd"] = True
    if stealer is not None and all(folded_on.get(n) == 3 for n in rows
                                   if n != stealer and rows[n]["dealt"]):
        rows[stealer]["steal_success"] = True

    # -- streets seen, showdown, winners -------------------------------------
    in_at_end = [n for n in rows if rows[n]["dealt"] and n not in folded_on]
    showdown = len(in_at_end) >= 2
    split_game = game is Game.STUD8
    for name, row in rows.items():
        if not row["dealt"]:
            continue
        out = folded_on.get(name, 99)
        for street in STREETS[1:]:
            row[f"saw_{STREET_LABELS[street]}"] = street <= last_street and out >= street
        row["saw_showdown"] = showdown and name in in_at_end
        row["showed"] = name in r.showdown or name in shown
        row["won"] = row["collected"] > 0
        row["won_at_showdown"] = row["won"] and row["saw_showdown"]
    pots_in = {name: [p for p in r.pots if name in p.eligible] for name in rows}
    for name, row in rows.items():
        mine = pots_in[name]
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

    # -- the other tables ----------------------------------------------------
    key = {"site": h.site, "hand_id": h.hand_id}
    antes = [a.amount for a in r.actions if a.kind is ActionKind.ANTE]
    bring_ins = [a.amount for a in r.actions if a.kind is ActionKind.BRING_IN]
    pot_total = sum(sum(c.values()) for c in r.contributions.values()) - sum(r.uncalled.values())
    hands_row: Row = {
        **key, "game": str(game), "game_text": h.game_text, "mixed_game": h.mixed_game,
        "limit": str(h.limit), "stakes": label, "currency": h.currency, "scale": h.scale,
        "play_money": h.play_money, "small_bet": h.small_bet, "big_bet": h.big_bet,
        "ante": max(antes) if antes else None, "bring_in": bring_ins[0] if bring_ins else None,
        "tournament": h.is_tournament, "tournament_id": h.tournament_id, "buy_in": h.buy_in,
        "fee": h.fee, "buy_in_currency": h.buy_in_currency, "level": h.level,
        "table": h.table, "max_seats": h.max_seats, "start_utc": h.started_at,
        "start_local": h.started_local, "seated": len(h.seats), "players": len(dealt),
        "pot": pot_total, "rake": r.rake, "common_card": common, "showdown": showdown,
        "last_street": last_street, "violations": len(r.violations),
        "unverifiable": len(r.unverifiable), "profile": r.profile, "file": hand.path,
        "first_line": hand.first_line, "last_line": hand.last_line,
        "warnings": list(hand.warnings),
        "text_digest": None,
    }
    site, hand_id = h.site, h.hand_id
    actions = [{
        "site": site, "hand_id": hand_id, "order": a.order, "street": STREET_LABELS[a.street],
        "player": a.player, "kind": a.kind.value, "amount": a.amount, "total": a.total,
        "level": a.level, "all_in": a.all_in, "capped": a.capped, "line": a.line,
    } for a in r.actions]
    by_pot: dict[int, list[Collect]] = {}
    for c in collects:
        index = 0 if c.pot is not PotKind.SIDE else (c.pot_index or 1)
        by_pot.setdefault(index, []).append(c)
    if len(r.pots) == 1 and len(by_pot) > 1:  # a site naming pots the replay merged
        by_pot = {0: collects}
    pots = [{
        **key, "pot": p.index, "amount": p.amount, "eligible": list(p.eligible),
        "winners_high": list(p.winners_high), "winners_low": list(p.winners_low),
        "collected_by": [c.player for c in by_pot.get(p.index, [])],
        "collected": [c.amount for c in by_pot.get(p.index, [])],
    } for p in r.pots]
    violations = [{
        **key, "rule": v.rule, "street": None if v.street is None else STREET_LABELS[int(v.street)],
        "player": v.player, "line": v.line, "message": v.message, "profile": r.profile,
        "file": v.path, "start_utc": h.started_at, "table": h.table,
    } for v in r.violations]
    unverifiable = [{**key, "rule": u.rule, "line": u.line, "message": u.reason}
                    for u in r.unverifiable]
    return {"hands": [hands_row], "players": list(rows.values()), "actions": actions,
            "pots": pots, "violations": violations, "unverifiable": unverifiable}


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
    basis = " ".join(raw_text.split())
    return hashlib.blake2b(basis.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


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
