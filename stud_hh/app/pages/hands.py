"""*Hands*: the hands of the filters, a page at a time, newest first, each a link to its
replayer; and the replayer of one hand (``/hand/{site}/{hand_id}``).

The list (:mod:`stud_hh.app.hands_sql`) shows each hand's date on this computer's clock,
site, table, game, stakes, pot, winners, whether it went to a showdown or someone went
all in, and how many rules it broke; with a player filtered, the player's cards and
result, and the showdown and the all-in are the player's own. The page's own filters
(result, all-in, showdown, violations, tag, spot) sit in the filter bar beside the
command line's and stay in the URL with them.

The replayer page reads the hand again from its file and lines (the database keeps facts,
not events), replays it under the profile it was stored under and shows it with the
reports' replayer (``replayer.js``, ``replayer.css``), the hero (the filtered player, else
the database's hero) marked.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import quote, urlencode

import pandas as pd
from markupsafe import Markup
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from stud_hh.analysis.html.replayer import stored_view, views_script
from stud_hh.analysis.stats import on_clock
from stud_hh.app.filters import PageFilters
from stud_hh.app.hands_sql import PAGE_SIZE, SPOTS, HandFilters, Page, hands_page
from stud_hh.app.notes import hand_notes
from stud_hh.app.players_sql import hero
from stud_hh.app.source import Source
from stud_hh.app.tags import all_tags, carrying, player_tags
from stud_hh.app.web import guarded, page, state
from stud_hh.rules import printing_of
from stud_hh.rules.games import game_label
from stud_hh.store.stored import StoredText, read_stored


def hand_link(site: str, hand_id: str, filters: PageFilters) -> str:
    """The replayer's address of a hand, keeping the filters.

    >>> hand_link("Full Tilt Poker", "12/3", PageFilters(player="Hero"))
    '/hand/Full%20Tilt%20Poker/12%2F3?player=Hero'
    """
    query = filters.query()
    return f"/hand/{quote(site, safe='')}/{quote(hand_id, safe='')}" + (
        f"?{query}" if query else "")


def _money(site: str, units: Any, scale: Any, currency: Any, *, sign: bool = False) -> str:
    if units is None or pd.isna(units):
        return ""
    text = printing_of(site).money.format(abs(int(units)) if sign else int(units), int(scale),
                                          None if currency is None else str(currency))
    return (("+" if units > 0 else "-" if units < 0 else "") + text) if sign else text


def whens(rows: list[dict[str, Any]]) -> list[str]:
    """Each row's start on this computer's clock (the time as printed where the site
    printed no time zone)."""
    starts = pd.to_datetime(pd.Series([r.get("start_utc") for r in rows], dtype=object),
                            utc=True)
    local = on_clock(starts)
    return [str(r.get("start_local") or "undated") if pd.isna(t) else f"{t:%Y-%m-%d %H:%M}"
            for r, t in zip(rows, local, strict=True)]


def _cards(row: dict[str, Any]) -> str:
    """The player's cards as the database knows them: those shown, else the down cards
    of 3rd street with the door card."""
    if row.get("cards_shown"):
        return str(row["cards_shown"])
    hole, door = row.get("hole_cards"), row.get("door_card")
    return " ".join(part for part in (f"({hole})" if hole else "", door or "") if part)


def row_view(row: dict[str, Any], when: str, filters: PageFilters) -> dict[str, Any]:
    """A row of the list as the template shows it."""
    site = str(row["site"])
    scale, currency = row.get("scale") or 1, row.get("currency")
    return {
        "href": hand_link(site, str(row["hand_id"]), filters),
        "hand_id": str(row["hand_id"]), "when": when, "site": site,
        "table": row.get("table") or "", "tournament": row.get("tournament_id"),
        "game": game_label(row.get("game"), row.get("limit")) or "",
        "stakes": row.get("stakes") or "",
        "pot": _money(site, row.get("pot"), scale, currency),
        "winners": row["winners"], "showdown": bool(row.get("showdown")),
        "all_in": bool(row.get("all_in")), "violations": int(row.get("violations") or 0),
        "cards": _cards(row), "net": row.get("net"),
        "net_text": _money(site, row.get("net"), scale, currency, sign=True),
    }


def _query(filters: PageFilters, own: HandFilters, **changes: Any) -> str:
    return urlencode(filters.pairs() + own.pairs(**changes))


@guarded
def hands(request: Request) -> HTMLResponse:
    app = state(request)
    pairs = request.query_params.multi_items()
    filters, own = PageFilters.of(pairs), HandFilters.of(pairs)
    tags = player_tags(app.source.db)
    tagged = tuple(carrying(tags, own.tag)) if own.tag else None
    found: Page = app.source.cached(("hands-page", filters, own, tagged),
                                    lambda _cur: hands_page(app.source, filters, own, tagged))
    rows = [row_view(r, when, filters)
            for r, when in zip(found.rows, whens(found.rows), strict=True)]
    first = (found.page - 1) * PAGE_SIZE + 1
    pager = {name: f"?{_query(filters, own, page=number)}" for name, number in (
        ("first", 1), ("prev", found.page - 1), ("next", found.page + 1),
        ("last", found.pages)) if 1 <= number <= found.pages and number != found.page}
    return page(request, "hands.html.j2", "Hands", filters=filters, own=own, rows=rows,
                found=found, first=first, last=first + len(rows) - 1, pager=pager,
                tags=all_tags(tags), tags_of=tags, tag_note=_tag_note(tags, own),
                spots=list(SPOTS.values()))


def _tag_note(tags: dict[str, tuple[str, ...]], own: HandFilters) -> str:
    if not own.tag:
        return ""
    if not tags:
        return f"No player carries a tag yet: the tag {own.tag!r} selects no hand."
    if not carrying(tags, own.tag):
        return f"No player carries the tag {own.tag!r}."
    return ""


def _stored_text(source: Source, site: str, hand_id: str) -> StoredText | None:
    with source.cursor() as cur:
        found = cur.execute(
            "SELECT CAST(site AS VARCHAR), hand_id, file, first_line, last_line, "
            "CAST(profile AS VARCHAR), text_digest FROM hands WHERE hand_id = ? AND "
            "CAST(site AS VARCHAR) = ?", [hand_id, site]).fetchone()
    if found is None:
        return None
    return StoredText(str(found[0]), str(found[1]), str(found[2]), int(found[3]),
                      int(found[4]), str(found[5]), None if found[6] is None else str(found[6]))


def _hand_view(source: Source, stored: StoredText, marked: str | None
               ) -> tuple[dict[str, Any] | None, str]:
    """The replayer's view of a stored hand, or why it cannot be replayed."""
    again = read_stored([stored])
    if not again.hands:
        return None, "; ".join(again.left_out)
    hand, profile = again.hands[0]
    return stored_view(source.db, hand, profile, marked), ""


@guarded
def hand(request: Request) -> HTMLResponse:
    app = state(request)
    site, hand_id = str(request.path_params["site"]), str(request.path_params["hand_id"])
    filters = PageFilters.of(request.query_params.multi_items())
    back = f"/hands?{filters.query()}" if filters.active else "/hands"
    stored = _stored_text(app.source, site, hand_id)
    if stored is None:
        return page(request, "message.html.j2", "No such hand", status=404,
                    message=f"The database holds no hand {hand_id} of {site}.")
    marked = filters.player or hero(app.source)
    view, why = app.source.cached(("hand-view", site, hand_id, marked),
                                  lambda _cur: _hand_view(app.source, stored, marked))
    title = f"{site} hand #{hand_id}"
    if view is None:
        return page(request, "message.html.j2", title, status=410,
                    message=f"This hand cannot be replayed: {why}.")
    return page(request, "hand.html.j2", title, filters=filters, back=back, key=view["key"],
                views=Markup(views_script({view["key"]: view})),
                notes=hand_notes(app.source, site, hand_id))


ROUTES = [Route("/hands", hands), Route("/hand/{site}/{hand_id:path}", hand)]
