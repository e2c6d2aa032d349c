"""Full Tilt Poker tournament summaries: a reader per line of
``grammar/fulltilt_summary.lark``.

Every form is catalogued in ``docs/formats/summaries.md`` (FPDB's
``FullTiltPokerSummary.py`` and its regression files). The list of places names every
player who finished (players still in are ``Still Playing - name``), and ``Hero finished
in 79th place`` the one the file is written for. A knockout tournament's printed buy-in
holds its bounty: ``Buy-In: $70 + $5`` with ``Knockout Bounty: $15`` puts $55 of each entry
in the prize pool (374 entries, ``Total Prize Pool: $20,570``).

>>> from stud_hh.read.summaries.common import Draft
>>> d = Draft("Full Tilt Poker", "ts.txt", 1)
>>> _header(d, "Full Tilt Poker Tournament Summary $10,000 Rush Guar (Rebuy) (247042894) "
...         "Hold'em No Limit (Rush, Rebuy/Add-On, Turbo)", 1)
>>> d.tournament_id, d.tournament_name, d.game_text
('247042894', '$10,000 Rush Guar (Rebuy)', "Hold'em No Limit")
"""

from __future__ import annotations

import re

from stud_hh.read.sites import fulltilt as site
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

START = re.compile(r"Full Tilt Poker(?:\.fr)? Tournament(?: Summary)? ")
_HEADER = re.compile(r"Full Tilt Poker(?:\.fr)? Tournament(?: Summary)? (?P<name>.+?) "
                     r"\((?P<tid>\d+)\)(?: Match (?P<match>\d+))? (?P<game>.+?)"
                     r"(?: \((?P<attributes>[^()]*)\))?$")
_PLACE = re.compile(r"(?P<place>\d+): (?P<name>[^,]+?)(?:, (?P<rest>.+))?$")
_STEP = re.compile(r"Step (?P<n>\d) Ticket")
_LONG_DATE = re.compile(r"\w+, \w+ \d{1,2}, \d{4} \d{1,2}:\d{2}")
"""``Tournament started: Monday, August 30, 2010 14:00``: no zone, so no moment in UTC."""
_NOT_LOADED = "[Player not loaded]"


def _header(d: Draft, line: str, number: int) -> None:
    found = _HEADER.match(line)
    if found is None:
        raise LineFault("unreadable first line of a Full Tilt summary (expected '... "
                        "Tournament Summary <name> (<number>) <game>')")
    d.tournament_id = found["tid"]
    d.tournament_name = found["name"].strip() + (f" Match {found['match']}"
                                                  if found["match"] else "")
    d.game_text = found["game"].strip()


def _two(text: str) -> tuple[int, int, str | None]:
    """``$58.83 + $1.17`` (or one amount) -> amounts and unit (``None``: bare chips)."""
    parts = [money(p) for p in text.split(" + ")]
    if len(parts) > 2:
        raise LineFault(f"an amount of {len(parts)} parts")
    unit = next((u for _, u in parts if u), None)
    return parts[0][0], parts[1][0] if len(parts) == 2 else 0, unit


def _buy_in(d: Draft, line: str, number: int) -> None:
    d.buy_in, d.fee, unit = _two(line.removeprefix("Buy-In:").strip())
    d.unit = unit or "play"


def _ko_bounty(d: Draft, line: str, number: int) -> None:
    value, unit = money(line.removeprefix("Knockout Bounty:").strip())
    d.bounty = value
    d.set_unit(unit)


def _ko_awards(d: Draft, line: str, number: int) -> None:
    name, _, rest = line.partition(" received ")
    knockouts = rest.split()[0]
    if knockouts.startswith("%"):  # FPDB passes over such counts: not known
        return
    d.extras_of(name.strip()).knockouts = count(knockouts, MOST_TIMES)


def _rebuy_price(d: Draft, line: str, number: int) -> None:
    price, fee, _ = _two(line.partition(":")[2].strip())
    if line.startswith("Add-On"):
        d.addon_price = price + fee
    else:
        d.rebuy_price = price + fee


def _performed(d: Draft, line: str, number: int) -> None:
    name, _, rest = line.partition(" performed ")
    times, what = rest.split(maxsplit=1)
    extras = d.extras_of(name.strip())
    if what.startswith("Add-On"):
        extras.addons = count(times, MOST_TIMES)
    else:
        extras.rebuys = count(times, MOST_TIMES)


def _entries(d: Draft, line: str, number: int) -> None:
    d.entrants = count(line.split()[0])


def _prize_pool(d: Draft, line: str, number: int) -> None:
    value, unit = money(line.removeprefix("Total Prize Pool:").strip())
    d.prize_pool = value
    d.set_unit(unit)


def _started(d: Draft, line: str, number: int) -> None:
    if _LONG_DATE.search(line):
        return
    d.started_at = moment(line)


def _player(d: Draft, line: str, number: int) -> None:
    if line.startswith("Still Playing - "):
        d.add_entry(line.removeprefix("Still Playing - ").strip(),
                    Entry(number, still_playing=True))
        return
    found = _PLACE.match(line)
    if found is None:
        raise LineFault("unreadable line of the list of places (expected 'N: name, prize')")
    if found["name"].strip() == _NOT_LOADED or found["name"].startswith("[Player not"):
        return  # the site lost the name: no one to give the place to
    entry = Entry(number, finish=count(found["place"]))
    for part in (found["rest"] or "").split(", "):
        part = part.strip()
        if not part:
            continue
        step = _STEP.fullmatch(part)
        if step:
            entry.ticket = f"Step {step['n']} ticket"
            continue
        value, unit = money(part.removesuffix("(Cashout)").strip())
        entry.prize = (entry.prize or 0) + value
        entry.unit = unit or d.unit or "play"
        d.set_unit(unit)
    d.add_entry(found["name"].strip(), entry)


def _hero_place(d: Draft, line: str, number: int) -> None:
    name, _, _ = line.partition(" finished in ")
    d.hero, d.hero_finish, d.hero_line = name.strip(), place(line), number


def _nothing(d: Draft, line: str, number: int) -> None:
    """A line no result needs (chips, cash-out pools, totals, the finishing time)."""


def _finish(d: Draft) -> None:
    """The bounty out of the printed buy-in; rebuys, add-ons and knockouts priced."""
    if d.bounty is not None and d.buy_in is not None and d.buy_in >= d.bounty:
        d.buy_in -= d.bounty
    for extras in d.extras.values():
        cost = 0
        for times, price in ((extras.rebuys, d.rebuy_price), (extras.addons, d.addon_price)):
            if times and price is not None:
                cost += times * price
        if cost:
            extras.rebuy_cost = cost
        if extras.knockouts is not None and d.bounty is not None:
            extras.bounties_won = extras.knockouts * d.bounty


FORMAT = SummaryFormat(
    name="fulltilt", site=site.SITE, grammar="fulltilt_summary.lark", start=START,
    readers={
        "HEADER": _header, "BUY_IN": _buy_in, "KO_BOUNTY": _ko_bounty,
        "KO_AWARDS": _ko_awards, "ADD_ON": _rebuy_price, "REBUY": _rebuy_price,
        "PERFORMED": _performed, "CHIPS": _nothing, "CASHOUT_VALUE": _nothing,
        "ENTRIES": _entries, "TOTAL_ADD_ONS": _nothing, "TOTAL_REBUYS": _nothing,
        "PRIZE_POOL": _prize_pool, "CASHOUT_POOL": _nothing, "TOP_FINISHERS": _nothing,
        "TARGET": _nothing, "STARTED": _started, "ENDED": _nothing,
        "IN_PROGRESS": _nothing, "PLAYERS": _player, "HERO_PLACE": _hero_place,
    },
    runs=frozenset({"PLAYERS"}),
    finish=_finish,
)
