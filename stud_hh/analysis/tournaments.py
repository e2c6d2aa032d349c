"""Stage 5': tournament results per player: tournaments played, buy-ins, prizes, net, return
on investment, in-the-money finishes and places, per money unit.

Three texts may tell of one player's tournament: a summary file (the site's account,
``source`` ``summary``), the finishing line of a hand history (``hand``), or only the hands
the player was dealt in the tournament (``seen``: played, no result printed). Each player's
tournament is one row of ``results()``: the summary's values where there is one (a
later, more complete summary before one written while the player was still in), each
value it does not give taken from the finishing lines, then from the hands' headers
(buy-in, fee, start). Statistics are pure functions of that table (``summary()``);
money is never added across units (``USD``, ``EUR``, ``play``, ``FPP``...), and a
tournament whose buy-in does not show its currency is of the unit ``unknown``, apart from
every other. Tournament chips are never counted: a tournament's result is its buy-in and
what it paid out.

What was paid is each entry's buy-in, bounty and fee and the rebuys and add-ons, over every
tournament whose buy-in is known (``paid_n`` of them); what was won is the prize, a ticket
of known worth and the bounties collected, over every tournament whose result is known
(``won_n``). A tournament whose texts show no finish (the player still in, or the hands
stop before the end) was paid for, but what it won is unknown, not nothing: net and ROI
are over the tournaments whose result and buy-in are both known (``roi_n`` of them), the
net ``won - paid`` of those and the ROI that net over what those cost, in percent. A
player is in the money (``itm``) for a prize or a ticket for the place; ``itm_pct`` is
over the tournaments whose place is known (``finished``).

Each tournament's game is named one way whatever its site printed (``game_label``):
``stud hi/lo`` for ``7 CARD STUD HI/LO LIMIT``, ``razz`` for ``Razz Limit`` and ``Limit
Razz``, ``five-card stud``, ``2-7 razz``, ``razz NL`` for a no-limit one, ``mixed: 8-Game``,
``mixed: HORSE``, ``mixed: Triple Stud`` for a mix. ``--game`` takes a game's code
(``stud8``) or that name (``'stud hi/lo'``); a mixed tournament is none of its games'.

>>> frame = pd.DataFrame({"player": ["Hero"] * 3, "unit": ["USD"] * 3,
...     "finish": [3, 28, None], "still_playing": [False, False, False],
...     "cost": [220, 220, 220], "won": [540, 0, None], "cashed": [True, False, False],
...     "ticket": [None] * 3, "ticket_value": [None] * 3})
>>> row = summary(frame).iloc[0]
>>> [float(row[c]) for c in ("paid", "won", "net")], round(float(row["roi"]), 1)
([6.6, 5.4, 1.0], 22.7)
>>> [int(row[c]) for c in ("paid_n", "won_n", "roi_n", "place_unknown")]
[3, 2, 2, 1]
>>> int(row["itm"]), int(row["best"]), row["places"]
(1, 3, '3rd, 28th')
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from stud_hh.model.results import SCALE, ResultSource
from stud_hh.rules.games import game_label, limit_of, mix_name
from stud_hh.store.select import Selection, SelectionError, match_player

KEY = ["site", "tournament_id", "player"]
"""One player's tournament."""
_SAID = ["hero", "game", "game_text", "limit", "tournament_name", "unit", "buy_in", "fee", "bounty",
         "entrants", "prize_pool", "start_utc", "finish", "still_playing", "prize", "ticket",
         "ticket_value", "entries", "rebuys", "addons", "rebuy_cost", "knockouts",
         "bounties_won", "hand_id", "file", "line"]
"""The columns of a result row besides its key and source."""
_POINTS = ("FPP", "SC")
SYMBOLS = {"USD": "$", "EUR": "€", "GBP": "£", "INR": "₹", "CNY": "¥"}
UNKNOWN_UNIT = "unknown"
"""The unit of a tournament whose buy-in does not show its currency (nor play money)."""

COLUMNS = {
    "tournaments": "tournaments played (a summary, a finishing line or hands dealt in it)",
    "finished": "tournaments whose place is known",
    "place_unknown": "tournaments without a known place: the player still in, or no finish "
                     "in the texts (the hands stop before the end)",
    "still_playing": "of those, the tournaments the player was still in when last written of",
    "paid": "what was paid (buy-ins, bounties, fees, rebuys, add-ons), in the unit, for "
            "every tournament whose buy-in is known; empty when none is",
    "paid_n": "tournaments in paid (buy-in known)",
    "won": "what was won (prizes, tickets of known worth, bounties), in the unit, for every "
           "tournament whose result is known; empty when none is",
    "won_n": "tournaments in won (result known)",
    "net": "won minus paid over the tournaments whose result and buy-in are both known "
           "(not won minus paid above when a result is unknown); empty when none is",
    "roi": "return on investment: net over what those tournaments cost, in percent",
    "roi_n": "tournaments in net and ROI (result and buy-in both known)",
    "itm": "finishes in the money (a prize or a ticket for the place)",
    "itm_pct": "in the money over finished, in percent",
    "best": "the best place",
    "average": "the average place",
    "places": "every place, best first (``3rd x2`` for two 3rd places)",
    "tickets_unvalued": "tickets won whose worth the texts do not give (not in won)",
}
"""The columns of :func:`summary`, described (``docs/statistics.md``)."""


# ---------------------------------------------------------------------------
# One row per player and tournament
# ---------------------------------------------------------------------------


def _best_summaries(rows: pd.DataFrame) -> pd.DataFrame:
    """A row per key of summary rows: finished before still playing, then a known place,
    a known prize, the last read."""
    order = rows.assign(_running=rows["still_playing"].astype(bool),
                        _no_place=rows["finish"].isna(), _no_prize=rows["prize"].isna())
    order = order.sort_values([*KEY, "_running", "_no_place", "_no_prize", "file", "line"],
                              kind="stable")
    return order.drop_duplicates(KEY, keep="first").drop(
        columns=["_running", "_no_place", "_no_prize"])


def _hand_rows(rows: pd.DataFrame) -> pd.DataFrame:
    """A row per key of finishing lines: every exit of the player (re-entries) together,
    the best place, the prizes added up."""
    ordered = rows.sort_values([*KEY, "finish"], kind="stable", na_position="last")
    first = ordered.drop_duplicates(KEY, keep="first").set_index(KEY)
    grouped = ordered.groupby(KEY, sort=False, observed=True)
    first["entries"] = grouped.size()
    first["prize"] = grouped["prize"].sum(min_count=1)
    first["start_utc"] = grouped["start_utc"].min()
    return first.reset_index()


SEEN_FIRST = ["tournament_id", "start_utc", "game", "mixed_game", "game_text", "limit",
              "buy_in", "fee", "buy_in_currency", "play_money", "file"]
"""The hands' columns whose first value (in the order played) :func:`seen_firsts` keeps."""


def seen_rows(players: pd.DataFrame, hands: pd.DataFrame) -> pd.DataFrame:
    """A row per player and tournament of the hands they were dealt in (``players``:
    site, hand_id, player; ``hands``: site, hand_id, tournament_id, start_utc, game,
    mixed_game, game_text, limit, buy_in, fee, buy_in_currency, play_money), buy-ins in
    hundredths of their unit."""
    hands = hands[hands["tournament_id"].notna()]
    if hands.empty or players.empty:
        return pd.DataFrame(columns=[*KEY, "source", *_SAID])
    return seen_from_firsts(seen_firsts(players, hands))


def seen_firsts(players: pd.DataFrame, hands: pd.DataFrame) -> pd.DataFrame:
    """A row per player and tournament (indexed by :data:`KEY`) of the hands they were
    dealt in: each column of :data:`SEEN_FIRST` its first value known in the order played,
    ``first_start`` the earliest start, ``games`` and ``limits`` how many games and limits
    (:mod:`stud_hh.analysis.tournaments_duck` computes it in SQL)."""
    joined = players[["site", "hand_id", "player"]].astype({"site": "string"}).merge(
        hands.astype({"site": "string"}), on=["site", "hand_id"])
    joined = joined.sort_values("start_utc", kind="stable", na_position="last")
    grouped = joined.groupby(KEY, sort=False, observed=True)
    first = grouped[[c for c in SEEN_FIRST if c in joined and c != "tournament_id"]].first()
    first["first_start"] = grouped["start_utc"].min()
    first["games"] = grouped["game"].nunique()
    first["limits"] = grouped["limit"].nunique() if "limit" in joined else first["games"] * 0
    return first


def seen_from_firsts(first: pd.DataFrame) -> pd.DataFrame:
    """:func:`seen_rows` of :func:`seen_firsts`' rows."""
    if first.empty:
        return pd.DataFrame(columns=[*KEY, "source", *_SAID])
    code = first["buy_in_currency"].astype("string")
    currency = code.str.len().eq(3).fillna(False) & ~code.isin(_POINTS).fillna(False)
    factor = np.where(currency.to_numpy(dtype=bool), 1, SCALE)
    out = pd.DataFrame(index=first.index)
    out["source"] = ResultSource.SEEN.value
    play = pd.Series("play", index=first.index, dtype="string").where(
        first["play_money"].astype("boolean").fillna(False).astype(bool))
    out["unit"] = code.fillna(play)
    out["buy_in"] = (first["buy_in"].astype("Int64") * factor).astype("Int64")
    out["fee"] = (first["fee"].astype("Int64") * factor).astype("Int64")
    out["start_utc"] = first["first_start"]
    games = first["games"]
    mixed = first["mixed_game"].astype("string")
    out["game"] = first["game"].astype("string").where(mixed.isna() & (games == 1))
    out["limit"] = (first["limit"].astype("string") if "limit" in first
                    else pd.Series(pd.NA, index=first.index, dtype="string")
                    ).where(mixed.isna() & (first["limits"] == 1))
    out["game_text"] = mixed.fillna(first["game_text"].astype("string"))
    out["entries"] = 1
    out["still_playing"] = False
    out["hero"] = False
    out["file"] = first.get("file")
    return out.reset_index()


def results(tournaments: pd.DataFrame, seen: pd.DataFrame | None = None) -> pd.DataFrame:
    """A row per player and tournament (``site``, ``tournament_id``, ``player``): the
    stored results (``db.tournaments()``) and the tournaments of hands played (from
    :func:`seen_rows`) merged, a summary first, finishing lines next, the hands' headers
    last; with ``cost``, ``won`` and ``cashed`` (see the module)."""
    frames = []
    for source, pick in ((ResultSource.SUMMARY, _best_summaries),
                         (ResultSource.HAND, _hand_rows)):
        if tournaments.empty:
            break
        rows = tournaments[tournaments["source"].astype("string") == source.value]
        if not rows.empty:
            frames.append(pick(_plain(rows)))
    if seen is not None and not seen.empty:
        frames.append(_plain(seen))
    if not frames:
        return _with_money(pd.DataFrame(columns=[*KEY, "source", *_SAID]))
    # each value from the first frame that has it (as combine_first, a quarter the time)
    merged = pd.concat(frames, ignore_index=True).groupby(
        KEY, sort=True, dropna=False, observed=True).first().reset_index()
    merged["still_playing"] = merged["still_playing"].fillna(False).astype(bool) & \
        merged["finish"].isna()
    return _with_money(merged)


def _plain(frame: pd.DataFrame) -> pd.DataFrame:
    """Categories as strings, so frames of different tables combine."""
    out = frame.copy()
    for column in out.columns:
        if isinstance(out[column].dtype, pd.CategoricalDtype):
            out[column] = out[column].astype("string")
    for column in (c for c in [*KEY, "source", *_SAID] if c not in out):
        out[column] = None
    return out[[*KEY, "source", *_SAID]]


def _int(frame: pd.DataFrame, column: str) -> pd.Series:
    return pd.to_numeric(frame[column], errors="coerce").astype("Int64")


def _with_money(frame: pd.DataFrame) -> pd.DataFrame:
    """``cost``, ``won`` and ``cashed`` of each row (see the module)."""
    out = frame.copy()
    for column in ("buy_in", "fee", "bounty", "entrants", "prize_pool", "finish", "prize",
                   "ticket_value", "entries", "rebuys", "addons", "rebuy_cost", "knockouts",
                   "bounties_won", "line"):
        out[column] = _int(out, column)
    out["entries"] = out["entries"].fillna(1)
    entry = out["buy_in"] + out["fee"].fillna(0) + out["bounty"].fillna(0)
    out["cost"] = entry * out["entries"] + out["rebuy_cost"].fillna(0)
    known = out["prize"].notna() | out["ticket_value"].notna() | out["bounties_won"].notna()
    won = out["prize"].fillna(0) + out["ticket_value"].fillna(0) + \
        out["bounties_won"].fillna(0)
    out["won"] = won.where(known)
    out["cashed"] = (out["prize"].fillna(0) > 0) | out["ticket"].notna()
    out["unit"] = out["unit"].astype("string").fillna(UNKNOWN_UNIT)
    out["game_label"] = _game_labels(out)
    out["still_playing"] = out["still_playing"].fillna(False).astype(bool)
    out["start_utc"] = pd.to_datetime(out["start_utc"], utc=True)
    return out


# ---------------------------------------------------------------------------
# Reading a database
# ---------------------------------------------------------------------------

_HAND_COLUMNS = ["site", "hand_id", "tournament_id", "start_utc", "game", "mixed_game",
                 "game_text", "limit", "buy_in", "fee", "buy_in_currency", "play_money",
                 "file"]


def read_results(db: Any, player: str | None = None) -> pd.DataFrame:
    """:func:`results` of a database (``stud_hh.open_db(...)``): its ``tournaments`` rows and
    the tournaments of its hands; one player's only with ``player`` (a stored name)."""
    terms = [("player", "==", player)] if player else None
    stored = db.tournaments(filters=terms)
    hands = db.hands(columns=_HAND_COLUMNS, filters=[("tournament", "==", True)])
    players = pd.DataFrame(columns=["site", "hand_id", "player"])
    if not hands.empty:
        wanted = [("tournament", "==", True), *(terms or [])]
        players = db.players(columns=["site", "hand_id", "player"], filters=wanted)
    return results(stored, seen_rows(players, hands))


def player_names(db: Any) -> list[str]:
    """Every name with a tournament: in results stored or in tournament hands."""
    stored = db.tournaments(columns=["player"])["player"].astype("string")
    dealt = db.players(columns=["player"], filters=[("tournament", "==", True)])["player"]
    return list(dict.fromkeys([*stored.dropna(), *dealt.astype("string").dropna()]))


def select(frame: pd.DataFrame, selection: Selection) -> pd.DataFrame:
    """The rows of :func:`results` a selection keeps: its dates (the tournament's start),
    games (by code: a tournament's game however its site names it; a mixed tournament is
    no one game's), sites; ``cash`` keeps none. Stakes and
    the minimum number of hands do not apply to tournaments (:class:`SelectionError`)."""
    if selection.stakes:
        raise SelectionError("--stakes does not apply to tournament results (a tournament's "
                             "stakes rise with its levels)")
    keep = pd.Series(True, index=frame.index)
    if selection.tournament is False:
        keep &= False
    start = frame["start_utc"]
    if selection.since is not None:
        keep &= (start >= pd.Timestamp(selection.since)).fillna(False).astype(bool)
    if selection.until is not None:
        keep &= (start < pd.Timestamp(selection.until)).fillna(False).astype(bool)
    if selection.games:
        keep &= frame["game"].astype("string").isin(list(selection.games)).fillna(False)
    if selection.sites:
        wanted = {s.casefold() for s in selection.sites}
        keep &= frame["site"].astype("string").str.casefold().isin(wanted).fillna(False)
    return frame[keep.astype(bool)]


def one_player(frame: pd.DataFrame, wanted: str) -> tuple[pd.DataFrame, str]:
    """The rows of the player ``wanted`` names (any case), and the stored name."""
    name = match_player(frame["player"].astype("string").dropna().unique(), wanted)
    return frame[frame["player"] == name], name


# ---------------------------------------------------------------------------
# Statistics
# ---------------------------------------------------------------------------


def ordinal(place: int) -> str:
    """``1st``, ``2nd``, ``3rd``, ``11th``, ``28th``.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 102)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '102nd']
    """
    if 10 <= place % 100 <= 20:
        return f"{place}th"
    return f"{place}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(place % 10, 'th')}"


def _places(finishes: pd.Series) -> str:
    counts = finishes.dropna().astype(int).value_counts().sort_index()
    return ", ".join(ordinal(int(str(p))) + (f" x{n}" if n > 1 else "")
                     for p, n in counts.items())


def _group_stats(rows: pd.DataFrame) -> dict[str, Any]:
    finished = rows["finish"].notna()
    has_cost = rows["cost"].notna()
    has_won = rows["won"].notna()
    both = has_cost & has_won
    paid = float(rows.loc[has_cost, "cost"].sum()) / SCALE if has_cost.any() else np.nan
    won = float(rows.loc[has_won, "won"].sum()) / SCALE if has_won.any() else np.nan
    cost_both = float(rows.loc[both, "cost"].sum()) / SCALE
    net = float(rows.loc[both, "won"].sum()) / SCALE - cost_both if both.any() else np.nan
    unvalued = int((rows["ticket"].notna() & rows["ticket_value"].isna()).sum())
    itm = int((rows["cashed"] & finished).sum())
    places = rows.loc[finished, "finish"].astype(float)
    still = rows["still_playing"].fillna(False).astype(bool) if "still_playing" in rows \
        else pd.Series(False, index=rows.index)
    return {
        "tournaments": len(rows), "finished": int(finished.sum()),
        "place_unknown": int((~finished).sum()), "still_playing": int((still & ~finished).sum()),
        "paid": paid, "paid_n": int(has_cost.sum()), "won": won, "won_n": int(has_won.sum()),
        "net": net, "roi": net / cost_both * 100 if cost_both else np.nan,
        "roi_n": int(both.sum()), "itm": itm,
        "itm_pct": itm / finished.sum() * 100 if finished.any() else np.nan,
        "best": int(places.min()) if len(places) else pd.NA,
        "average": float(places.mean()) if len(places) else np.nan,
        "places": _places(rows["finish"]), "tickets_unvalued": unvalued,
    }


def _game_labels(frame: pd.DataFrame) -> pd.Series:
    """Each tournament's game as every report names it (:func:`game_label`): ``stud hi/lo``
    for ``7 CARD STUD HI/LO LIMIT``, ``mixed: 8-Game`` for a mix, with ``NL`` or ``PL`` for
    a no-limit or pot-limit game; the site's words when they name neither."""
    labels = []
    for game, text, limit in zip(frame["game"], frame["game_text"], frame["limit"],
                                 strict=True):
        words = "" if _absent(text) else str(text)
        known = None if _absent(limit) else str(limit)
        code = None if _absent(game) else str(game)
        mixed = words if code is None and mix_name(words) else None
        label = game_label(code, known or limit_of(words), mixed)
        labels.append(label if label is not None else (words or "unknown"))
    return pd.Series(labels, index=frame.index, dtype="string")


def _absent(value: object) -> bool:
    return value is None or value is pd.NA or (isinstance(value, float) and value != value)


def summary(frame: pd.DataFrame, by: Sequence[str] = ("player", "unit")) -> pd.DataFrame:
    """Tournament statistics per group of :func:`results` rows (by default per player and
    money unit: money is never added across units). Money in the unit's wholes."""
    keys = list(by)
    if "unit" not in keys:
        keys.append("unit")
    if frame.empty:
        return pd.DataFrame(columns=list(COLUMNS)).rename_axis(keys)
    rows = []
    for key, group in frame.groupby(keys, sort=True, observed=True, dropna=False):
        values = key if isinstance(key, tuple) else (key,)
        rows.append({**dict(zip(keys, values, strict=True)), **_group_stats(group)})
    out = pd.DataFrame(rows).set_index(keys)
    return out.sort_values("tournaments", ascending=False, kind="stable")
