"""The visual hand replayer: a replayed hand as data a page steps through, and the page.

:func:`hand_view` turns a :class:`~stud_hh.replay.ReplayedHand` into one JSON-able value:
the header, the seats, and a step per event worth showing (:mod:`.replayer_steps`), each with the
table after it: pot, every stack, the chips in front of each player, every player's
visible cards, who folded, the hero's live and dead cards, and the violations of its line;
then the known players' equity on each street (:mod:`.replayer_equity`), the showdown's
hands with their names, the pots with their winners, what each player collected, and
every violation and unverifiable check. The header carries the hand's big bet, for the
page's switch between money and big bets.

The page side is ``assets/replayer.js`` (plain ES2017, no library, nothing fetched) and
``assets/replayer.css``: :func:`assets` writes both once per page, :func:`views_script`
embeds the views, and any element with ``data-hand="<site>#<hand_id>"`` opens its hand in
an overlay. :func:`hand_page` is the page of one hand (``stud-hh show --html``).

>>> from stud_hh.read.parse import parse_hand
>>> view = hand_view(replay(parse_hand(_EXAMPLE)))
>>> view["key"], [s["kind"] for s in view["steps"]][:4]
('PokerStars#1', ['start', 'antes', 'deal', 'bring_in'])
>>> view["steps"][-1]["stack_texts"]
{'Ann': '$1.01', 'Bob': '$0.99'}
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from html import escape
from importlib import resources
from typing import TYPE_CHECKING, Any

from stud_hh.analysis.html.replayer_compact import compact_view
from stud_hh.analysis.html.replayer_equity import hero_cards, street_equities
from stud_hh.analysis.html.replayer_state import TableState
from stud_hh.analysis.html.replayer_steps import hand_steps, violation_dict
from stud_hh.analysis.report import hero_of, pot_name, source_lines, stakes
from stud_hh.model.events import Collect, Limit, PotKind, Show
from stud_hh.replay import Pot, ReplayedHand, replay
from stud_hh.rules import GAMES

if TYPE_CHECKING:
    from stud_hh.model.hand import ParsedHand
    from stud_hh.store.database import Database

__all__ = ["assets", "hand_key", "hand_page", "hand_view", "stored_view", "views_for_db",
           "views_script"]

_EXAMPLE = """PokerStars Hand #1:  7 Card Stud Limit ($0.02/$0.04 USD) - 2026/01/02 10:00:00 ET
Table 'Doc' 8-max
Seat 1: Ann ($1 in chips)
Seat 2: Bob ($1 in chips)
Ann: posts the ante $0.01
Bob: posts the ante $0.01
*** 3rd STREET ***
Dealt to Ann [5c]
Dealt to Bob [Kd]
Ann: brings in for $0.01
Bob: folds
Uncalled bet ($0.01) returned to Ann
Ann collected $0.02 from pot
Ann: doesn't show hand
*** SUMMARY ***
Total pot $0.02 | Rake $0
Seat 1: Ann collected ($0.02)
Seat 2: Bob folded on the 3rd Street (didn't bet)
"""


def hand_key(site: str, hand_id: str) -> str:
    """The key a page knows a hand by, in its views and its ``data-hand`` links.

    >>> hand_key("PokerStars", "100107000006")
    'PokerStars#100107000006'
    """
    return f"{site}#{hand_id}"


def hand_view(replayed: ReplayedHand, *, hero: str | None = None) -> dict[str, Any]:
    """The JSON-able view of ``replayed`` the page replays (see the module's docstring);
    ``hero`` (default: the player whose down cards the history shows) is marked."""
    hand = replayed.hand
    table = TableState(replayed)
    lines = source_lines(hand.path)
    hero = hero or hero_of(hand.events)
    steps = hand_steps(replayed)
    ranking = GAMES[hand.header.game].ranking
    for step in steps:
        step["hero_cards"] = hero_cards(step, hero, ranking)
    return {
        "key": hand_key(hand.site, hand.hand_id),
        "header": _header(replayed),
        "hero": hero,
        "seats": [{"seat": s.seat, "player": s.name, "stack": s.stack,
                   "stack_text": table.money(s.stack), "sitting_out": s.sitting_out,
                   "dealt": s.name in replayed.nets} for s in hand.header.seats],
        "steps": steps,
        "equity": street_equities(replayed),
        "showdown": _showdown(replayed),
        "pots": [_pot(replayed, pot, table) for pot in replayed.pots],
        "collected": [_collected(c, table, len(replayed.pots)) for c in replayed.dealt.collects],
        "rake": replayed.rake, "rake_text": table.money(replayed.rake),
        "nets": dict(replayed.nets),
        "net_texts": {p: ("+" if n > 0 else "") + table.money(n)
                      for p, n in replayed.nets.items()},
        "common": replayed.dealt.common,
        "violations": [violation_dict(v, lines) for v in replayed.violations],
        "unverifiable": [{"rule": str(u.rule), "line": u.line, "reason": u.reason}
                         for u in replayed.unverifiable],
    }


def _header(replayed: ReplayedHand) -> dict[str, Any]:
    hand = replayed.hand
    header = hand.header
    started = header.started_at
    return {
        "site": header.site, "hand_id": header.hand_id, "game": header.game_text,
        "game_code": header.game.value, "mixed_game": header.mixed_game,
        "stakes": stakes(replayed), "table": header.table,
        "big_bet": header.big_bet if header.limit is Limit.FIXED else 0,
        "start": started.isoformat() if started else None,
        "start_text": f"{started:%Y-%m-%d %H:%M} UTC" if started else None,
        "tournament": header.tournament_id, "level": header.level,
        "profile": replayed.profile, "file": hand.path,
        "first_line": hand.first_line, "last_line": hand.last_line,
    }


def _showdown(replayed: ReplayedHand) -> list[dict[str, Any]]:
    """Each hand shown (a player's last show), its cards and its high and low names."""
    table = TableState(replayed)
    table.common = replayed.dealt.common
    shows = {e.player: e for e in replayed.hand.events if isinstance(e, Show)}
    out = []
    for player, event in shows.items():
        table.cards[player] = [[card, False] for card in event.cards
                               if card != table.common]
        table.name_hand(player, event.description)
        names = table.names.get(player, {})
        out.append({"player": player, "cards": list(event.cards), "line": event.line,
                    "high": names.get("high"), "low": names.get("low"),
                    "said": event.description})
    return out


def _pot(replayed: ReplayedHand, pot: Pot, table: TableState) -> dict[str, Any]:
    return {"index": pot.index, "name": pot_name(pot) if len(replayed.pots) > 1 else "pot",
            "amount": pot.amount, "amount_text": table.money(pot.amount),
            "eligible": list(pot.eligible), "winners_high": list(pot.winners_high),
            "winners_low": list(pot.winners_low)}


def _collected(collect: Collect, table: TableState, pots: int) -> dict[str, Any]:
    """A collection, with the pot it names (``None`` when the site names none of several)."""
    if collect.pot is PotKind.SIDE:
        index: int | None = collect.pot_index or 1
    elif collect.pot is PotKind.MAIN or pots <= 1:
        index = 0
    else:
        index = None
    return {"player": collect.player, "amount": collect.amount,
            "amount_text": table.money(collect.amount), "pot": index, "line": collect.line}


def views_for_db(db: Database, keys: Iterable[tuple[str, str]], *, profile: str | None = None,
                 hero: str | None = None) -> dict[str, dict[str, Any]]:
    """The views of the stored hands ``keys`` (``(site, hand_id)``), by :func:`hand_key`: each
    read again from its file and lines and replayed under the profile it was stored under
    (or ``profile``), ``hero`` (a name, or a person of ``db.people``) marked. A hand not
    stored, whose file is gone or whose text changed since the import is left out: the
    caller compares the keys it asked for."""
    from stud_hh.store.stored import read_again

    found = read_again(db, keys)
    views: dict[str, dict[str, Any]] = {}
    for hand, stored_profile in found.hands:
        view = stored_view(db, hand, profile or stored_profile, hero)
        views[view["key"]] = view
    return views


def stored_view(db: Database, hand: ParsedHand, profile: str, hero: str | None = None
                ) -> dict[str, Any]:
    """The view of a stored ``hand`` read again, replayed under ``profile``, ``hero`` (a
    name, or a person of ``db.people``) marked in the seat they held."""
    seat = hero
    if hero is not None:  # a person's seat in this hand (db.people: Seat+3 [ME] is [ME])
        names = [s.name for s in hand.header.seats]
        seat = db.people.seat_of(hero, hand.site, names) or hero
    return hand_view(replay(hand, profile), hero=seat)


def _asset(name: str) -> str:
    return resources.files("stud_hh.analysis.html").joinpath("assets", name).read_text(
        encoding="utf-8")


def assets() -> str:
    """The replayer's ``<style>`` and ``<script>``, to write once in a page's ``<head>``."""
    return (f"<style>\n{_asset('replayer.css')}</style>\n"
            f"<script>\n{_asset('replayer.js')}</script>\n")


def views_script(views: Mapping[str, dict[str, Any]]) -> str:
    """The views as the page's JSON block (``#stud-hh-hands``): each written compact (its
    steps as changes, :func:`~.replayer_compact.compact_view`, which the page expands
    when it opens the hand), with ``<``, ``>`` and ``&`` escaped, so that no text of a
    hand can close the tag.

    >>> block = views_script({"a": {"key": "a", "seats": [{"player": "</script>"}],
    ...                             "violations": [], "steps": []}})
    >>> block.count("<"), block.count("</script>"), block.endswith("</script>")
    (2, 1, True)
    """
    compact = {key: compact_view(view) for key, view in views.items()}
    text = json.dumps(compact, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    text = text.replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")
    return f'<script type="application/json" id="stud-hh-hands">{text}</script>'


def hand_page(view: dict[str, Any]) -> str:
    """A whole page replaying one hand, self-contained (``stud-hh show --html``)."""
    header = view["header"]
    title = escape(f"{header['site']} hand #{header['hand_id']} - {header['game']} "
                   f"{header['stakes']} - stud-hh")
    return (
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        f"<title>{title}</title>\n{assets()}</head>\n<body class=\"stud-hh-page\">\n"
        f"<main><div data-replayer-mount=\"{escape(view['key'])}\"></div></main>\n"
        f"{views_script({view['key']: view})}\n</body>\n</html>\n")
