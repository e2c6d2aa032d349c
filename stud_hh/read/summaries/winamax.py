"""Winamax tournament summaries: a reader per line of ``grammar/winamax_summary.lark``.

Every form is catalogued in ``docs/formats/summaries.md`` (FPDB's ``WinamaxSummary.py``
and its regression files). A Winamax summary tells one player's result: the one named by
``Player : Hero`` (older files name nobody: the result is then nobody's and is not
stored). The game is named only by the blind structure's levels
(``[10-20:0:180:holdem-no-limit,...]``); older summaries name none.

>>> from stud_hh.read.summaries.common import Draft
>>> d = Draft("Winamax", "ts.txt", 1)
>>> _won(d, "You won 10€ + Ticket 5€ + Bounty 2.50€", 9)
>>> d.hero_entry.prize, d.hero_entry.ticket_value, d.hero_extras.bounties_won
(1000, 500, 250)
"""

from __future__ import annotations

import re

from stud_hh.read.sites import winamax as site
from stud_hh.read.summaries.common import (
    MOST_TIMES,
    Draft,
    Entry,
    LineFault,
    SummaryFormat,
    count,
    moment,
    money,
    place,
)

START = re.compile(r"Winamax Poker - Tournament summary : ")
_HEADER = re.compile(r"Winamax Poker - Tournament summary : (?P<name>.*)\((?P<tid>\d+)\)"
                     r"(?: - Late [rR]egistration)?$")
_FREE = {"freeroll", "gratuit", "free"}
_TICKET_ONLY = {"ticket", "ticket uniquement", "ticket only"}
_LEVEL_GAME = re.compile(r"\[[^,\]]*?:[^,\]:]*:[^,\]:]*:(?P<game>[a-z0-9-]+)")


def _header(d: Draft, line: str, number: int) -> None:
    found = _HEADER.match(line)
    if found is None:
        raise LineFault("unreadable first line of a Winamax summary (expected "
                        "'... Tournament summary : <name>(<number>)')")
    d.tournament_id = found["tid"]
    d.tournament_name = found["name"].strip()
    if not d.game_text:
        d.game_text = d.tournament_name


def _player(d: Draft, line: str, number: int) -> None:
    d.hero = line.partition(":")[2].strip()


def _parts(text: str) -> tuple[list[int], str | None]:
    parts = [money(p) for p in text.split(" + ")]
    return [value for value, _ in parts], next((u for _, u in parts if u), None)


def _buy_in(d: Draft, line: str, number: int) -> None:
    """``0.46€ + 0.04€``, ``4.50€ + 4.50€ + 1€`` (buy-in, bounty, fee), ``Freeroll``,
    ``Gratuit``, ``Free``; ``Ticket uniquement`` (entry by ticket: its cost not known)."""
    text = line.partition(":")[2].strip()
    if text.lower() in _FREE:
        d.buy_in, d.fee = 0, 0
        return
    if text.lower() in _TICKET_ONLY:
        return
    values, unit = _parts(text)
    if len(values) == 2:
        d.buy_in, d.fee = values
    elif len(values) == 3:
        d.buy_in, d.bounty, d.fee = values
    else:
        raise LineFault(f"a buy-in of {len(values)} parts")
    d.unit = unit or "play"


def _price(d: Draft, line: str, number: int) -> None:
    values, _ = _parts(line.partition(":")[2].strip())
    if line.startswith("Rebuy"):
        d.rebuy_price = sum(values)
    else:
        d.addon_price = sum(values)


def _yours(d: Draft, line: str, number: int) -> None:
    times = count(line.partition(":")[2], MOST_TIMES)
    if line.startswith("Your rebuys"):
        d.hero_extras.rebuys = times
    else:
        d.hero_extras.addons = times


def _registered(d: Draft, line: str, number: int) -> None:
    d.entrants = count(line.partition(":")[2])


def _prize_pool(d: Draft, line: str, number: int) -> None:
    text = line.partition(":")[2].strip()
    if text:
        d.prize_pool, unit = money(text)
        d.set_unit(unit)


def _levels(d: Draft, line: str, number: int) -> None:
    """The game from the first level: ``holdem-no-limit``, ``omaha5-pot-limit``."""
    found = _LEVEL_GAME.search(line)
    if found:
        d.game_text = found["game"].replace("-", " ")


def _started(d: Draft, line: str, number: int) -> None:
    d.started_at = moment(line)


def _rank(d: Draft, line: str, number: int) -> None:
    d.hero_finish, d.hero_line = place(line), number
    entry = d.hero_entry or Entry(number)
    entry.line, entry.finish = number, d.hero_finish
    d.hero_entry = entry


def _won(d: Draft, line: str, number: int) -> None:
    """``You won 0.92€``, ``You won 10€ + Ticket 10€ + Bounty 2€``, ``You won Ticket 5€``."""
    entry = d.hero_entry or Entry(number, finish=d.hero_finish)
    for part in line.removeprefix("You won").strip().split(" + "):
        part = part.strip()
        if not part:
            continue
        if part.startswith("Ticket"):
            entry.ticket = "ticket"
            entry.ticket_value, unit = money(part.removeprefix("Ticket").strip())
        elif part.startswith("Bounty"):
            d.hero_extras.bounties_won, unit = money(part.removeprefix("Bounty").strip())
        else:
            value, unit = money(part)
            entry.prize = (entry.prize or 0) + value
        entry.unit = unit or entry.unit
        d.set_unit(unit)
    d.hero_entry = entry


def _nothing(d: Draft, line: str, number: int) -> None:
    """A line no result needs (totals, mode, type, speed, flight, time played)."""


def _finish(d: Draft) -> None:
    extras = d.hero_extras
    cost = 0
    for times, price in ((extras.rebuys, d.rebuy_price), (extras.addons, d.addon_price)):
        if times and price is not None:
            cost += times * price
    if cost:
        extras.rebuy_cost = cost


FORMAT = SummaryFormat(
    name="winamax", site=site.SITE, grammar="winamax_summary.lark", start=START,
    readers={
        "HEADER": _header, "PLAYER": _player, "BUY_IN": _buy_in, "REBUY_COST": _price,
        "ADDON_COST": _price, "YOUR_REBUYS": _yours, "YOUR_ADDONS": _yours,
        "REGISTERED": _registered, "TOTAL_REBUYS": _nothing, "TOTAL_ADDONS": _nothing,
        "PRIZE_POOL": _prize_pool, "MODE": _nothing, "TYPE": _nothing, "SPEED": _nothing,
        "FLIGHT": _nothing, "LEVELS": _levels, "STARTED": _started, "PLAYED": _nothing,
        "RANK": _rank, "WON": _won,
    },
    finish=_finish,
)
