"""FPDB's expected-result files beside some corpus hands (``.hands``, ``.gt``), and the
fields of ours each can be compared with.

FPDB (an open-source tracker) keeps, for a sample history ``X``, ``X.hands`` (one
hand's row of its ``Hands`` table, a Python dict literal), ``X.gt`` (the hand's
game type, a tuple literal) and ``X.hp`` (per-player rows, compared in
``test_import_corpus.py``). :func:`compare` puts their values beside ours, field
by field; every field of the file must be compared or named as not comparable,
with the reason, so that nothing is left out silently.
"""

from __future__ import annotations

import ast
import re
from datetime import datetime
from pathlib import Path
from typing import Any

from stud_hh import ParsedHand
from stud_hh.model.events import Game, Limit, Street
from stud_hh.replay import ActionKind, replay
from stud_hh.store.facts import hand_rows

GT_FIELDS = ("siteId", "currency", "type", "base", "category", "limitType", "hiLo", "mix",
             "smallBlind", "bigBlind", "smallBet", "bigBet", "maxSeats", "ante")
"""The leading fields of a ``.gt`` tuple, as FPDB's ``Gametypes`` table names them (money
in cents); the two flags after them are not compared (the file does not say what they are)."""

_CATEGORIES = {Game.STUD: "studhi", Game.STUD8: "studhilo", Game.RAZZ: "razz",
               Game.FIVE_STUD: "5studhi"}
_LIMITS = {Limit.FIXED: "fl", Limit.POT: "pl", Limit.NO_LIMIT: "nl"}
_DATETIME = re.compile(r"datetime\.datetime\(([^)]*?)(?:,\s*tzinfo=[\w.]+)?\)")

HANDS_BOOKKEEPING = dict.fromkeys(
    ("fileId", "gameId", "gametypeId", "id", "importTime", "sessionId", "texture", "gsc", "sc"),
    "FPDB's own database bookkeeping, nothing the history says")
"""``.hands`` fields that are FPDB's database keys and caches."""

NOT_COMPARABLE: dict[str, str] = {
    **HANDS_BOOKKEEPING,
    **dict.fromkeys(("street1Pot", "street2Pot", "street3Pot", "street4Pot", "showdownPot"),
                    "FPDB writes 0 for every street's pot in these files: nothing to compare"),
    **{f"boardcard{n}": "a flop game's board card; stud has at most a common card, "
       "compared through 'boards'" for n in range(1, 6)},
    "runItTwice": "a hold'em option; stud has none",
    "runIt": "a hold'em option (run it twice); stud has none",
    "siteId": "FPDB's number for the site",
    "base": "FPDB's game family; every hand stud-hh reads is stud",
    "smallBlind": "stud has no blinds: FPDB derives this from the stakes text",
    "bigBlind": "stud has no blinds: FPDB derives this from the stakes text",
}
"""Fields of every ``.hands``/``.gt`` file that are not compared, with the reason."""


def read_literal(path: Path) -> Any:
    """The Python literal in an FPDB file; ``datetime.datetime(y, m, d, h, mi)`` becomes a tuple."""
    text = _DATETIME.sub(r"(\1)", path.read_text(encoding="utf-8"))
    return ast.literal_eval(text)


def ours(hand: ParsedHand) -> dict[str, Any]:
    """Our values under FPDB's names, for every field we can compare."""
    replayed = replay(hand)
    rows = hand_rows(replayed)
    players = [p for p in rows["players"] if p["dealt"]]
    header = hand.header
    streets = list(Street)
    raises = dict.fromkeys(streets, 0)
    aggressive = (ActionKind.COMPLETE, ActionKind.BET, ActionKind.RAISE)
    for action in replayed.actions:
        if action.street is not None and action.kind in aggressive:
            raises[action.street] += 1
    antes = [a.amount for a in replayed.actions if a.kind is ActionKind.ANTE]
    # FPDB stores UTC: ours where the history names its zone, else the time as printed
    started = (header.started_at if header.started_at is not None
               else datetime.strptime(header.started_local[:19].replace("/", "-"),
                                      "%Y-%m-%d %H:%M:%S") if header.started_local else None)
    values: dict[str, Any] = {
        # .hands
        "siteHandNo": header.hand_id.replace("-", ""),
        "tableName": header.table,
        "startTime": (started.year, started.month, started.day, started.hour, started.minute,
                      started.second) if started else None,
        "seats": len(players),
        "maxSeats": header.max_seats,
        "playersVpi": sum(bool(p["vpip"]) for p in players),
        "playersAtShowdown": sum(bool(p["saw_showdown"]) for p in players),
        "tourneyId": header.tournament_id,
        "boards": [c for c in (rows["hands"][0]["common_card"],) if c is not None],
        # .gt
        "currency": header.currency or ("T$" if header.is_tournament else None),
        "type": "tour" if header.is_tournament else "ring",
        "category": _CATEGORIES[header.game],
        "limitType": _LIMITS[header.limit],
        "hiLo": {Game.STUD8: "s", Game.RAZZ: "l", Game.RAZZ_27: "l"}.get(header.game, "h"),
        "mix": (header.mixed_game or "none").lower(),
        "smallBet": header.small_bet,
        "bigBet": header.big_bet,
        "ante": max(set(antes), key=antes.count) if antes else 0,
    }
    labels = ("4th", "5th", "6th", "7th")
    for n, label in enumerate(labels, start=1):
        values[f"playersAtStreet{n}"] = sum(bool(p[f"saw_{label}"]) for p in players)
    for n, street in enumerate(streets):
        values[f"street{n}Raises"] = raises[street]
    return values


def compare(history: Path, hand: ParsedHand,
            not_comparable: dict[str, str]) -> tuple[list[str], list[str]]:
    """``(fields compared, disagreements)`` between FPDB's ``.hands``/``.gt`` and ours.

    ``not_comparable`` adds this hand's own exceptions to :data:`NOT_COMPARABLE`.
    Raises ``AssertionError`` when a field of the files is neither compared nor
    explained, or when an explanation names a field the files do not have.
    """
    own = set(not_comparable)
    not_comparable = {**NOT_COMPARABLE, **not_comparable}
    """(Some histories have only one of the two files: the other's fields are absent.)"""
    hands_file = history.with_name(history.name + ".hands")
    gt_file = history.with_name(history.name + ".gt")
    assert hands_file.exists() or gt_file.exists(), f"no FPDB file beside {history}"
    theirs = dict(read_literal(hands_file)) if hands_file.exists() else {}
    if gt_file.exists():
        theirs.update(zip(GT_FIELDS, read_literal(gt_file), strict=False))
    mine = ours(hand)
    compared = sorted(set(theirs) - set(not_comparable))
    unexplained = [name for name in compared if name not in mine]
    assert not unexplained, f"FPDB fields neither compared nor explained: {unexplained}"
    stale = own - set(theirs)
    assert not stale, f"explained but not in the files: {sorted(stale)}"
    if isinstance(theirs.get("startTime"), tuple) and mine["startTime"] is not None:
        mine["startTime"] = mine["startTime"][:len(theirs["startTime"])]  # FPDB's precision
    wrong = [f"{name}: FPDB {theirs[name]!r}, ours {mine[name]!r}" for name in compared
             if theirs[name] != mine[name]]
    return compared, wrong
