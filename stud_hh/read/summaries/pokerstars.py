"""PokerStars tournament summaries: a reader per line of ``grammar/pokerstars_summary.lark``.

Every form is catalogued in ``docs/formats/summaries.md`` with where it is known from
(FPDB's ``PokerStarsSummary.py`` and its regression files). The summary lists every
player with their place and prize; ``You finished in 28th place.`` says which of them the
file is written for.

>>> from stud_hh.read.summaries.common import Draft
>>> d = Draft("PokerStars", "ts.txt", 1)
>>> _buy_in(d, "Buy-In: $2.00/$0.50/$0.20 USD", 2)
>>> d.buy_in, d.bounty, d.fee, d.unit
(200, 50, 20, 'USD')
>>> _player(d, "  2: COyourACES [3] (India), ₹2,035.24 (18.183%)", 9)
>>> d.entries["COyourACES"][0].prize, d.entries["COyourACES"][0].unit
(203524, 'INR')
"""

from __future__ import annotations

import re

from stud_hh.read.sites import fulltilt
from stud_hh.read.sites import pokerstars as site
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

START = re.compile(r"(?:PokerStars|Full Tilt) Tournament #\d+, ")
"""The first line of a summary (``Full Tilt`` for those written under PokerStars)."""
_HEADER = re.compile(r"(?P<site>PokerStars|Full Tilt) Tournament #(?P<tid>\d+), (?P<game>.*)$")
_CODE = re.compile(r"\s+(?P<code>USD|EUR|GBP|CAD|INR|CNY|FPP|SC)$")
_PLAYER = re.compile(r"(?P<place>[\d,]+): (?P<name>.+?)(?: \[(?P<entry>\d+)\])? "
                     r"\((?P<country>[^()]*)\),(?: ?(?P<rest>.*))?$")
_PERCENT = re.compile(r"\s*\(\d[\d.]*%\)$")
_QUALIFIED = " (qualified for the target tournament)"
_STEP = re.compile(r"Tournament Ticket \((?P<step>WSOP Step \d)\)")
_AWARD = re.compile(r"A (?P<code>[A-Z]{3}) (?P<amount>[\d.,]+) award has been credited")
_REBUYS = re.compile(r"You made (?P<rebuys>\d+) rebuys? and (?P<addons>\d+) add-?ons? for a "
                     r"total of (?P<code>[A-Z]{3}) (?P<amount>[\d.,]*\d)\.?$")
_BOUNTIES = re.compile(r"You collected (?P<n>\d+) bount(?:y|ies) for a total of "
                       r"(?P<code>[A-Z]{3}) (?P<amount>[\d.,]*\d)\.?$")


def _header(d: Draft, line: str, number: int) -> None:
    found = _HEADER.match(line)
    if found is None:  # pragma: no cover - the grammar's HEADER is this shape
        raise LineFault("not a PokerStars summary's first line")
    d.tournament_id = found["tid"]
    d.game_text = found["game"].strip()
    if found["site"] == "Full Tilt":
        d.site = fulltilt.SITE


def _description(d: Draft, line: str, number: int) -> None:
    d.tournament_name = line.strip() if d.tournament_name is None else \
        f"{d.tournament_name} {line.strip()}"


def _amounts(text: str) -> tuple[list[int], str | None]:
    """``$1.80/$0.20 USD`` -> ([180, 20], 'USD'); bare numbers are play chips' (``None``)."""
    code = _CODE.search(text)
    body = text[: code.start()] if code else text
    parts = [money(p) for p in body.split("/")]
    unit = code["code"] if code else next((u for _, u in parts if u), None)
    return [value for value, _ in parts], unit


def _buy_in(d: Draft, line: str, number: int) -> None:
    values, unit = _amounts(line.removeprefix("Buy-In:").strip())
    if len(values) == 1:
        d.buy_in, d.fee = values[0], 0
    elif len(values) == 2:
        d.buy_in, d.fee = values
    elif len(values) == 3:  # buy-in, bounty, fee: the order FPDB reads
        d.buy_in, d.bounty, d.fee = values
    else:
        raise LineFault(f"a buy-in of {len(values)} parts")
    d.unit = unit or "play"


def _entrants(d: Draft, line: str, number: int) -> None:
    d.entrants = count(line.split()[0])


def _prize_pool(d: Draft, line: str, number: int) -> None:
    text = line.removeprefix("Total Prize Pool:").strip()
    if text.startswith("Sunday Million"):
        return  # the prize is a ticket: no pool in money
    values, unit = _amounts(text)
    d.prize_pool = values[0]
    d.set_unit(unit)


def _target(d: Draft, line: str, number: int) -> None:
    """``Target Tournament #N Buy-In: $11.00 USD``: what a ticket to it is worth."""
    _, found, price = line.partition(" Buy-In: ")
    if found:
        values, _ = _amounts(price.strip())
        d.target_value = sum(values)


def _started(d: Draft, line: str, number: int) -> None:
    d.started_at = moment(line)


def _player(d: Draft, line: str, number: int) -> None:
    found = _PLAYER.match(line.strip())
    if found is None:
        raise LineFault("unreadable line of the list of places (expected "
                        "'N: name (country), prize')")
    entry = Entry(number, finish=count(found["place"]))
    rest = (found["rest"] or "").strip()
    if rest == "still playing":
        entry.finish, entry.still_playing = None, True
    elif rest.startswith("Sunday Million"):
        entry.ticket = rest
    elif step := _STEP.match(rest):
        entry.ticket = step["step"]
    elif rest:
        if _QUALIFIED.strip() in rest:
            entry.ticket = "target tournament"
            rest = rest.replace(_QUALIFIED.strip(), "").strip()
        rest = _PERCENT.sub("", rest).strip()
        if rest:
            value, unit = money(rest)
            if entry.ticket:
                entry.ticket_value = value
            else:
                entry.prize = value
            entry.unit = unit or d.unit or "play"
            d.set_unit(unit)
    d.add_entry(found["name"], entry)


def _you_place(d: Draft, line: str, number: int) -> None:
    d.hero_finish, d.hero_line = place(line), number


def _you_out(d: Draft, line: str, number: int) -> None:
    """``You finished the tournament (eliminated at hand #N).``, and the mailed ``You finished
    the tournament in 2nd place. A EUR 0.90 award has been credited to your ...``."""
    d.hero_line = number
    finish = place(line) if " place" in line else None
    if finish is not None:
        d.hero_finish = finish
    award = _AWARD.search(line)
    if award is not None:
        value, unit = money(f"{award['amount']} {award['code']}")
        d.set_unit(unit)
        d.hero_entry = Entry(number, finish=finish, prize=value, unit=unit)
    elif finish is not None:
        d.hero_entry = Entry(number, finish=finish)


def _you_rebuys(d: Draft, line: str, number: int) -> None:
    found = _REBUYS.match(line)
    if found is None:
        raise LineFault("unreadable rebuy line")
    d.hero_extras.rebuys = count(found["rebuys"], MOST_TIMES)
    d.hero_extras.addons = count(found["addons"], MOST_TIMES)
    d.hero_extras.rebuy_cost = money(f"{found['amount']} {found['code']}")[0]


def _you_bounties(d: Draft, line: str, number: int) -> None:
    found = _BOUNTIES.match(line)
    if found is None:
        raise LineFault("unreadable bounty line")
    d.hero_extras.knockouts = count(found["n"], MOST_TIMES)
    d.hero_extras.bounties_won = money(f"{found['amount']} {found['code']}")[0]


def _dear(d: Draft, line: str, number: int) -> None:
    d.hero = line.removeprefix("Dear ").removesuffix(",").strip()


def _nothing(d: Draft, line: str, number: int) -> None:
    """A line that says nothing a result holds (the added money is in the pool's total,
    the finishing time, a mail's closing words)."""


FORMAT = SummaryFormat(
    name="pokerstars", site=site.SITE, grammar="pokerstars_summary.lark", start=START,
    readers={
        "HEADER": _header, "DESCRIPTION": _description, "BUY_IN": _buy_in,
        "ENTRANTS": _entrants, "ADDED": _nothing, "PRIZE_POOL": _prize_pool,
        "TARGET": _target, "TICKETS": _nothing, "STARTED": _started, "ENDED": _nothing,
        "PLAYERS": _player, "YOU_PLACE": _you_place, "YOU_OUT": _you_out,
        "YOU_REBUYS": _you_rebuys, "YOU_BOUNTIES": _you_bounties, "DEAR": _dear,
        "CONGRATULATIONS": _nothing, "THANKS": _nothing,
    },
    runs=frozenset({"PLAYERS"}),
)
