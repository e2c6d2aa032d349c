"""PokerStars: header reader and the transformer for ``grammar/pokerstars.lark``.

The grammar gives the structure of a hand, one terminal per line; the
callbacks below run inside the LALR parser (``Lark(transformer=...)``), in the
order of the lines, and take each line apart with ``str`` methods. Nothing
here decides what an action means under the rules: a completion stays the
``bets``/``raises`` the site printed.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from stud_hh.model.caches import keep
from stud_hh.model.cards import MaybeCard, parse_cards
from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
    Announcement,
    Bet,
    BoardSummary,
    BringIn,
    Call,
    Check,
    Collect,
    Deal,
    Fold,
    Game,
    Limit,
    Muck,
    NoShow,
    PostAnte,
    PotKind,
    PotSummary,
    Raise,
    Show,
    Street,
    StreetStart,
    TableEventKind,
    UncalledReturned,
)
from stud_hh.model.money import parse_amount
from stud_hh.read.sites.common import HeaderFields, LineError, SiteBuilder, face_up, read_cards
from stud_hh.read.sites.headers import header_time
from stud_hh.read.sites.noise import NoiseShape
from stud_hh.read.sites.pokerstars_lines import (
    ANNOUNCEMENTS,
    LINE_ORDER,
    PRE_ORDER,
    PREFIXES,
    REST,
    SHAPES,
)
from stud_hh.read.sites.summary_lines import folded_street, seat_summary, seated_name

SITE: str = "PokerStars"

_NOT_STRUCTURE = r"(?!Seat \d+: |Dealt to |Uncalled bet \(|Total pot |Board \[|\*\*\* )"
"""No noise line starts like a seat, deal, uncalled-bet, pot, board or section line (a seat
line may end in ``is sitting out``)."""
_WHO = _NOT_STRUCTURE + r"(?P<name>.+?)"
_CHIPS_FOR = r"\d+ chips for .+"

NOISE: tuple[NoiseShape, ...] = (
    NoiseShape(_WHO + r' \[observer\] said, "(?P<text>.*)"', marks=(' said, "',)),
    NoiseShape(_WHO + r' said, "(?P<text>.*)"', marks=(' said, "',)),
    NoiseShape(_WHO + r" joins the table at seat #\d+", TableEventKind.JOINS,
               marks=(" the table",)),
    NoiseShape(_WHO + r" leaves the table", TableEventKind.LEAVES, marks=(" the table",)),
    NoiseShape(_WHO + r" is connected", TableEventKind.CONNECTED, marks=("connected",)),
    NoiseShape(_WHO + r" is disconnected", TableEventKind.DISCONNECTED, marks=("connected",)),
    NoiseShape(_WHO + r" has timed out(?: while (?:being )?disconnected)?",
               TableEventKind.TIMED_OUT, marks=(" has ",)),
    NoiseShape(_WHO + r":? (?:is sitting out|sits out)", TableEventKind.SITTING_OUT,
               marks=(" sit",)),
    NoiseShape(_WHO + r" has returned", TableEventKind.RETURNED, marks=(" has ",)),
    NoiseShape(_WHO + r" was removed from the table for failing to post",
               TableEventKind.REMOVED, marks=(" the table",)),
    NoiseShape(_WHO + r" finished the tournament(?: in \d+(?:st|nd|rd|th) place"
               r"(?: and received .+)?)?", TableEventKind.FINISHED, marks=("tournament",)),
    NoiseShape(_WHO + r" wins the tournament(?: and receives .+)? - congratulations!",
               TableEventKind.FINISHED, marks=("tournament",)),
    NoiseShape(_WHO + r" wins an entry to tournament #\d+", TableEventKind.OTHER,
               marks=("tournament",)),
    NoiseShape(_WHO + r" re-buys and receives " + _CHIPS_FOR, TableEventKind.OTHER,
               marks=(" receives ",)),
    NoiseShape(_WHO + r" takes the add-on and receives " + _CHIPS_FOR, TableEventKind.OTHER,
               marks=(" receives ",)),
    NoiseShape(_WHO + r" adds \d+ chips \(\d+ stack\(s\) of \d+ chips\)\. .+ has \d+ "
               r"stack\(s\) remaining\.", TableEventKind.OTHER, marks=(" has ",)),
    NoiseShape(_WHO + r" (?:wins|split) the \S+ bounty for eliminating .+",
               TableEventKind.OTHER, marks=(" bounty ",)),
    NoiseShape(_WHO + r" wins \S+ for (?:eliminating|splitting the elimination of) .+ and "
               r"their own bounty increases by \S+ to \S+", TableEventKind.OTHER,
               marks=(" bounty ",)),
    NoiseShape(_WHO + r" will be allowed to play after the button", TableEventKind.OTHER,
               marks=(" allowed ",)),
    NoiseShape(_WHO + r" has \d+ seconds left to act", TableEventKind.OTHER,
               marks=(" has ",)),
    NoiseShape(r"All players have agreed to skip the break\. Game resuming\.",
               TableEventKind.OTHER, marks=(" break",)),
    NoiseShape(r"The tournament is on break\.?", TableEventKind.OTHER, marks=(" break",)),
    NoiseShape(r"\*{11} # \d+ \*{14}", TableEventKind.OTHER, marks=("*****",)),
)
"""The shapes of this site's chat, table-traffic and notice lines (see
:mod:`stud_hh.read.sites.noise`); docs/formats/pokerstars.md catalogues each (``noise.*``).

None of them can be a line of the game: chat ends in a quote and every other shape ends
in words no action, deal, pot or summary line ends in.

>>> from stud_hh.read.sites.noise import Noise
>>> noise = Noise(NOISE)
>>> [noise.shape_of(x) is not None for x in ('Ann said, "gl"', "Bob: sits out",
...     "Bob (10 in chips) is sitting out", "Seat 2: Bob (10 in chips) is sitting out")]
[True, True, True, False]
"""

HAND_START: re.Pattern[str] = re.compile(
    r"(?i:pokerstars(?: home game)?(?: zoom)?(?: (?:game|hand))? #\d+:)[^\n]* - "
    r"\d{4}/\d{1,2}/\d{1,2}(?: - | )\d{1,2}:\d{2}(?::\d{2})?(?: \S{1,8})?"
    r"(?: \[[^\]\n]*\])?(?=\n|$)|"
    r"Игра PokerStars #\d+:[^\n]* - \d{4}/\d{1,2}/\d{1,2} [^\n]*")
"""A line that opens a PokerStars hand: the whole shape of the header's line, from its
start (``PokerStars Hand #N:``, ``Game``, ``Zoom Hand``, ``Home Game [Hand]``, also the
upper-case re-export, and the Russian client's ``Игра PokerStars #``, which is recognised
only to be refused by name) to its date, time and zone (and the ET time in brackets).
Nothing else can match it: a player called ``PokerStars Fan`` joining at ``seat #3``, or
one called ``PokerStars Hand #1:`` betting, starts no hand; a damaged game name or time
zone still does (the hand then fails naming its header).

>>> [bool(HAND_START.match(t)) for t in (
...  "PokerStars Hand #1: Razz Limit ($1/$2 USD) - 2017/01/21 16:58:03 ET",
...  "POKERSTARS GAME #2: X - 2009/06/14 11:45:00 ET", "PokerStars Fan joins the table at seat #3",
...  "PokerStars Home Game #3: {c} Razz Limit (1/2) - 2013/06/05 23:30:00 aEST",
...  "PokerStars Hand #1:: bets $2", "PokerStars Game #5: Razz - 2008/02/03 - 22:04:15 (ET)")]
[True, True, False, True, False, True]
"""

_SEAT_END = re.compile(r" in chips(?:, [^()]* bounty)?\)(?: is sitting out| out of hand \(.*\))?")
"""What follows the stack on a seat line: nothing else (``Seat 1: Bob ($5 in chips): folds``
is the fold of a player called ``Seat 1: Bob ($5 in chips)``, not a seat line)."""

_HEAD = re.compile(
    r"(?i)(?P<site>pokerstars)(?: (?P<home>home game))?(?: zoom)?(?: (?:game|hand))? "
    r"#(?P<id>\d+):\s*"
)
_CLUB = re.compile(r"\{(?P<club>[^}]*)\}\s*")
_PIECE = r"(?:Rs\. ?|T\$|[$€£¥₹])?\d[\d.,]*(?:FPP)?"
_TOURNAMENT = re.compile(
    rf"(?i)(?:zoom )?tournament #(?P<tid>\d+),\s*"
    rf"(?:(?P<buyin>freeroll|{_PIECE}(?:\+{_PIECE})*)"
    r"(?:\s?(?P<cur>usd|eur|gbp|cad|inr|cny|fpp|sc)\b)?\s+(?!card\b))?"
)
"""``Tournament #N, <buy-in> `` (the buy-in may be missing: ``Tournament #N, Hold'em``; a
``7`` before ``Card Stud`` is the game's, not a buy-in)."""
_ADM_ID = re.compile(r"\s*\[(?:ADM|AAMS) ID: [A-Za-z0-9]+\]")
_PAREN = re.compile(r"(?P<name>.*?)\s*\((?P<paren>[^()]*)\)$")
_STAKES = re.compile(
    r"(?:ante [^,]*,\s*)?(?P<sb>(?:Rs\. ?)?[^\s/]*\d[^\s/]*)/(?P<bb>(?:Rs\. ?)?[^\s/]*\d[^\s/]*)"
    r"(?:\s+(?P<cur>[A-Za-z]{3}))?$"
)
_GAME_LIMIT = re.compile(r"(?i)(?P<game>.+?)\s+(?P<limit>fixed limit|pot limit|no limit|limit)$")
_LEVEL = re.compile(
    r"(?i)(?:match round (?P<round>\w+),\s*)?level (?P<level>[ivxlcdm\d]+)"
    r"(?:\s*\((?P<stakes>[^()]*)\))?"
)
_DATE = re.compile(
    r"(?P<d>\d{4}[/-]\d{1,2}[/-]\d{1,2})(?:\s+-\s+|\s+)(?P<t>\d{1,2}:\d{2}:\d{2})\s*"
    r"\(?(?P<tz>[A-Za-z]{2,5})?\)?"
    r"(?:\s*\[(?P<d2>\d{4}[/-]\d{1,2}[/-]\d{1,2})\s+(?P<t2>\d{1,2}:\d{2}:\d{2})\s+"
    r"(?P<tz2>[A-Za-z]{2,5})\])?"
)
_TABLE = re.compile(r"(?i)table '(?P<name>.*)'\s*(?:(?P<max>\d+)-max)?")

SYMBOLS: tuple[tuple[str, str], ...] = (
    ("T$", "T$"), ("Rs.", "INR"), ("₹", "INR"), ("¥", "CNY"), ("$", "USD"), ("€", "EUR"),
    ("£", "GBP"),
)
"""The currency signs PokerStars prints, in the order to look for them (``T$`` before
``$``); an ISO code printed after the amounts (``CAD``) wins over the sign."""


def _symbol_currency(text: str) -> str | None:
    return next((code for sign, code in SYMBOLS if sign in text), None)


def money_text(text: str) -> str:
    """An amount as :func:`~stud_hh.model.money.parse_amount` reads it: the Indian rupee's
    ``Rs. `` and ``₹`` taken off (the money module knows the other signs).

    >>> money_text("Rs. 1,500"), money_text("₹20"), money_text("$0.04")
    ('1,500', '20', '$0.04')
    """
    if "Rs." in text or "₹" in text:
        return text.replace("Rs.", "").replace("₹", "").strip()
    return text


STUD_GAMES: dict[str, Game] = {
    "7 card stud": Game.STUD,
    "7 card stud hi/lo": Game.STUD8,
    "7 card stud hi-lo": Game.STUD8,
    "razz": Game.RAZZ,
    "5 card stud": Game.FIVE_STUD,
    "2-7 razz": Game.RAZZ_27,
}
_LIMITS = {
    "limit": Limit.FIXED,
    "fixed limit": Limit.FIXED,
    "pot limit": Limit.POT,
    "no limit": Limit.NO_LIMIT,
}


def read_header(line: str) -> HeaderFields:
    """Take apart a PokerStars header line.

    Raises :class:`HandParseError` (without location: the caller adds it)
    when the line is not a PokerStars header.

    >>> h = read_header("PokerStars Hand #91733835979: Tournament #664712833, $2.00+$0.20 USD "
    ...                 "Triple Stud (7 Card Stud Limit) - Level XXXI (250/500) - "
    ...                 "2013/01/03 16:27:43 EET [2013/01/03 9:27:43 ET]")
    >>> h.hand_id, h.game, h.fields["mixed_game"], h.fields["small_bet"], h.fields["level"]
    ('91733835979', <Game.STUD: 'stud'>, 'Triple Stud', 250, 'XXXI')
    >>> h.fields["buy_in"], h.fields["fee"], h.fields["started_at"].isoformat()
    (200, 20, '2013-01-03T14:27:43+00:00')
    >>> read_header("PokerStars Hand #1: 8-Game (Hold'em Limit, $400/$800 USD) - "
    ...             "2017/01/21 16:58:03 ET").game is None
    True
    """
    head = _HEAD.match(line)
    if head is None:
        if line.startswith("Игра PokerStars"):
            raise HandParseError(
                "a PokerStars history written by the Russian client: its stud lines are not "
                "known exactly, so it is not read (docs/formats/pokerstars.md, Languages)",
                text=line)
        raise HandParseError("not a PokerStars hand header", text=line)
    hand_id = head.group("id")
    rest = line[head.end():]
    when = _DATE.search(rest)
    static = rest[: when.start()] if when else rest
    # Everything but the hand id and the time repeats from hand to hand of a
    # session: read it once.
    cached = _HEADER_CACHE.get(static)
    if cached is None:
        try:
            cached = _read_static(static, line)
        except HandParseError as exc:
            raise HandParseError(exc.reason, text=line, hand_id=hand_id) from None
        keep(_HEADER_CACHE, static, cached, 4096)
    fields = dict(cached.fields)
    fields["hand_id"] = hand_id
    fields["started_at"] = None
    fields["started_local"] = None
    _read_time(when, fields, line, hand_id)
    return HeaderFields(hand_id, cached.game_text, cached.game, fields)


_HEADER_CACHE: dict[str, HeaderFields] = {}


def _read_static(rest: str, line: str) -> HeaderFields:
    """The header's fields other than the hand id and the time."""
    fields: dict[str, Any] = {
        "site": SITE,
        "home_club": None,
        "tournament_id": None,
        "buy_in": None,
        "fee": None,
        "bounty": None,
        "buy_in_currency": None,
        "level": None,
        "match_round": None,
        "mixed_game": None,
    }
    rest = _ADM_ID.sub("", rest)  # PokerStars.it: "($0.10/$0.20 EUR) [ADM ID: 12AB] - ..."
    rest, buy_in_text = _read_club_and_tournament(rest, fields)
    game_name, stakes_text, level_text = _read_game_part(rest, fields)
    game_limit = _GAME_LIMIT.match(game_name)
    if game_limit:
        base = game_limit.group("game").strip()
        limit = _LIMITS[game_limit.group("limit").lower()]
    else:
        base, limit = game_name, Limit.FIXED
    game = STUD_GAMES.get(base.lower())
    fields["game_text"] = game_name
    fields["limit"] = limit
    if fields["tournament_id"] is not None:  # also for another game's hand: its finishes
        _read_buy_in(buy_in_text, fields)
    if game is None:
        return HeaderFields("", game_name, None, fields)
    fields["game"] = game
    play_money = fields.get("play_money")
    _read_stakes(game_name, stakes_text, level_text, line, fields)
    if play_money:  # a tournament of play chips (its stakes are chips either way)
        fields["play_money"] = True
    return HeaderFields("", game_name, game, fields)


def _read_club_and_tournament(rest: str, fields: dict[str, Any]) -> tuple[str, str | None]:
    """A home game's ``{club}`` and a tournament's ``Tournament #N, <buy-in>`` at the start
    of ``rest``, into ``fields``: what follows them, and the buy-in's text."""
    club = _CLUB.match(rest)
    if club:
        fields["home_club"] = club.group("club")
        rest = rest[club.end():]
    tour = _TOURNAMENT.match(rest)
    if tour is None:
        return rest, None
    fields["tournament_id"] = tour.group("tid")
    code = tour.group("cur")
    fields["buy_in_currency"] = code.upper() if code else None
    return rest[tour.end():], tour.group("buyin")


def _read_game_part(rest: str, fields: dict[str, Any]) -> tuple[str, str | None, str | None]:
    """The game's name, the stakes' text and the level's text of the header's ``rest``
    (``Razz Limit ($1/$2 USD)``, ``8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD)``,
    ``Triple Stud (7 Card Stud Limit) - Level XXXI (250/500)``); a mixed game's name goes
    into ``fields``."""
    parts = rest.split(" - ")
    game_part = parts[0].strip()
    level_text = next((p.strip() for p in parts[1:] if _LEVEL.match(p.strip())), None)
    stakes_text = None
    game_name = game_part
    paren = _PAREN.match(game_part)
    if paren:
        inner = paren.group("paren")
        outer = paren.group("name")
        if "," in inner:  # 8-Game (7 Card Stud Hi/Lo Limit, $400/$800 USD)
            fields["mixed_game"] = outer
            game_name, _, stakes_text = (x.strip() for x in inner.partition(","))
        elif _STAKES.match(inner.strip()) or _GAME_LIMIT.match(outer):
            # 7 Card Stud Limit ($0.04/$0.08 USD); a game with a limit before the
            # brackets means the brackets hold stakes, readable or not
            game_name, stakes_text = outer, inner.strip()
        else:  # Triple Stud (7 Card Stud Limit)
            fields["mixed_game"] = outer
            game_name = inner.strip()
    return game_name, stakes_text, level_text


def _read_stakes(game_name: str, stakes_text: str | None, level_text: str | None, line: str,
                 fields: dict[str, Any]) -> None:
    """The level (whose brackets may hold the stakes), the stakes in the hand's units, the
    currency and the scale, into ``fields``."""
    if level_text is not None:
        level = _LEVEL.match(level_text)
        assert level is not None
        fields["level"] = level.group("level").upper()
        fields["match_round"] = level.group("round")
        if stakes_text is None:
            stakes_text = level.group("stakes")
    if stakes_text is None:
        raise HandParseError(f"no stakes in the header of game {game_name!r}", text=line)
    stakes = _STAKES.match(stakes_text.strip())
    if stakes is None:
        raise HandParseError(f"unreadable stakes {stakes_text!r}", text=line)
    sb_text, bb_text = stakes.group("sb"), stakes.group("bb")
    currency = stakes.group("cur")
    currency = currency.upper() if currency else _symbol_currency(sb_text)
    tournament = fields["tournament_id"] is not None
    if tournament:
        currency = None  # tournament stakes are chips
    scale = 100 if currency else 1
    try:
        fields["small_bet"] = parse_amount(money_text(sb_text), scale)
        fields["big_bet"] = parse_amount(money_text(bb_text), scale)
    except ValueError as exc:
        raise HandParseError(f"unreadable stakes {stakes_text!r}: {exc}", text=line) from None
    fields["currency"] = currency
    fields["scale"] = scale
    fields["play_money"] = currency is None and not tournament


def _read_time(when: re.Match[str] | None, fields: dict[str, Any], line: str,
               hand_id: str) -> None:
    """The printed local time, and the start in UTC (from the ET time when both are given);
    both times must be readable (:func:`~stud_hh.read.sites.headers.header_time`)."""
    if when:
        fields["started_local"] = " ".join(
            x for x in (when.group("d"), when.group("t"), when.group("tz")) if x
        )
        local = header_time(when.group("d"), when.group("t"), when.group("tz"), line=line,
                            hand_id=hand_id)
        if when.group("d2"):
            local = header_time(when.group("d2"), when.group("t2"), when.group("tz2"),
                                line=line, hand_id=hand_id)
        fields["started_at"] = local


def _read_buy_in(text: str | None, fields: dict[str, Any]) -> None:
    """``$2.00+$0.20`` (buy-in and fee), ``$10+$10+$2`` (buy-in, bounty, fee), ``100+9``
    (play chips), ``50FPP`` and ``250 SC`` (points), ``Freeroll``, or nothing at all."""
    if text is None:  # "Tournament #35055742, Hold'em No Limit": no buy-in printed
        return
    if text.lower() == "freeroll":
        fields["buy_in"] = fields["fee"] = 0
        return
    upper = text.upper()
    points = next((p for p in ("FPP", "SC") if upper.endswith(p)), None)
    if points is not None:  # "50FPP": FPDB reads these as points, with no fee
        text = text[: -len(points)]
        fields["buy_in_currency"] = points
    currency = fields["buy_in_currency"] or _symbol_currency(text)
    fields["buy_in_currency"] = currency
    scale = 100 if currency and currency not in ("FPP", "SC") else 1
    try:
        amounts = [parse_amount(money_text(p), scale) for p in text.split("+")]
    except ValueError:
        return
    if currency is None:
        fields["play_money"] = True
    if len(amounts) == 1:
        fields["buy_in"], fields["fee"] = amounts[0], 0
    elif len(amounts) == 2:
        fields["buy_in"], fields["fee"] = amounts
    else:
        fields["buy_in"], fields["bounty"], fields["fee"] = amounts[0], amounts[1], amounts[-1]


def classify(
    line: str, order: tuple[str, ...] = LINE_ORDER
) -> tuple[str, str, re.Match[str]] | None:
    """The shape of ``line`` (no line end) as the grammar decides it: kind, name, fields.

    ``order`` is the alternation of the grammar terminal the line came in
    (:data:`LINE_ORDER` for a street's lines, :data:`PRE_ORDER` before the deal).

    >>> kind, name, m = classify("Mr: Fox: raises $0.05 to $0.10")
    >>> kind, name, m["by"], m["to"]
    ('RAISE', 'Mr: Fox', '$0.05', '$0.10')
    >>> classify("Bob: completes to $0.04") is None
    True
    """
    return _CLASSIFIERS[order](line)


def _make_classifier(
    order: tuple[str, ...],
) -> Callable[[str], tuple[str, str, re.Match[str]] | None]:
    """A classifier for one alternation: cheap tests first, the grammar's order kept."""
    deal = SHAPES["DEAL"].fullmatch if "DEAL" in order else None
    uncalled = SHAPES["UNCALLED"].fullmatch if "UNCALLED" in order else None
    announce = SHAPES["ANNOUNCE"].fullmatch if "ANNOUNCE" in order else None
    rests = {verb: (kind, pattern.fullmatch) for verb, (kind, pattern) in REST.items()
             if kind in order}
    slow = [(kind, SHAPES[kind].fullmatch) for kind in order
            if kind not in ("DEAL", "UNCALLED", "ANNOUNCE")]
    dealt, returned = PREFIXES["DEAL"], PREFIXES["UNCALLED"]
    # what followed a name (``calls $2``, ``folds``), read before: a new player's line reads
    # at the cost of a lookup (the fields are read from the match, never changed)
    read_rests: dict[str, tuple[str, re.Match[str]]] = {}

    def classify_line(line: str) -> tuple[str, str, re.Match[str]] | None:
        m: re.Match[str] | None
        if deal is not None and line.startswith(dealt):
            m = deal(line)
            if m:
                return "DEAL", m["name"], m
        elif uncalled is not None and line.startswith(returned):
            m = uncalled(line)
            if m:
                return "UNCALLED", m["name"], m
        elif announce is not None and line in ANNOUNCEMENTS:
            m = announce(line)
            if m:
                return "ANNOUNCE", "", m
        name, sep, rest = line.rpartition(": ")
        if sep and name:
            # what follows the name settles the shape, whoever acts: each is matched once
            made = read_rests.get(rest)
            if made is None:
                space = rest.find(" ")
                found = rests.get(rest if space < 0 else rest[:space])
                if found is not None:
                    m = found[1](rest)
                    if m:
                        made = keep(read_rests, rest, (found[0], m), _KNOWN_MOST)
            if made is not None:
                return made[0], name, made[1]
        for kind, match in slow:  # lines the shortcut does not settle, in grammar order
            m = match(line)
            if m:
                return kind, m["name"], m
        return None

    return classify_line


_CLASSIFIERS: dict[tuple[str, ...], Callable[[str], tuple[str, str, re.Match[str]] | None]] = {
    order: _make_classifier(order) for order in (LINE_ORDER, PRE_ORDER)
}

_KNOWN_LINES: dict[tuple[str, ...], dict[str, tuple[str, str, re.Match[str]]]] = {
    order: {} for order in _CLASSIFIERS
}
"""Lines classified already, by alternation: a session repeats its action lines (a
player's ``calls $2``, ``folds``, ``brings in for $0.60``: 41% of the action lines of the
corpus's short Stars files had been seen before). A deal line is not kept: its cards make
it new almost every time. The fields are read from the match, never changed."""
_KNOWN_MOST = 16384

_CARD_CACHE: dict[str, tuple[MaybeCard, ...]] = {}
"""Card groups as read, each holding only readable cards."""
_POTS = {"main": PotKind.MAIN, "side": PotKind.SIDE}

_AMOUNT_CACHE: dict[int, dict[str, int]] = {}
"""Amounts as read, by scale (a session repeats them)."""


class PokerStarsBuilder(SiteBuilder):
    """The parser's callbacks, one per terminal, appending events in line order.

    A terminal is a line or a run of lines (all seats, one street's lines); the
    callbacks walk the lines of a token in order, classify each one (see
    :func:`classify`) and build its event. The state, ``begin``, the file lines,
    the street, showdown and summary openers and the structural rules are the
    shared :class:`~stud_hh.read.sites.common.SiteBuilder`'s; this site reads its
    amounts and cards through caches (a session repeats them), records the
    actions as printed (a raise's ``by`` and ``to``), and its streets may show a
    common card. One builder serves one parser; :meth:`begin` resets it for each
    hand. Token values are read with ``.value`` so the same code runs on lark and
    lark-cython tokens.
    """

    CORRUPT_CARDS = frozenset({"of"})
    """The river card a 2013 Triple Stud tournament hand printed as ``[of]`` (the corpus's
    Triple-Stud-USD-2.00-0.20-MTT-201301.txt): kept unknown, with a warning."""

    SHAPES = SHAPES
    LINE_ORDER = LINE_ORDER

    def __init__(self) -> None:
        super().__init__()
        self._makers = {
            "DEAL": self._on_deal, "UNCALLED": self._on_uncalled,
            "ANNOUNCE": self._on_announce, "ANTE": self._on_ante,
            "BRING_IN": self._on_bring_in, "BET": self._on_bet, "RAISE": self._on_raise,
            "CALL": self._on_call, "CHECK": self._on_check, "FOLD": self._on_fold,
            "SHOW": self._on_show, "MUCK": self._on_muck, "NO_SHOW": self._on_no_show,
            "COLLECT": self._on_collect,
        }
        self._amounts: dict[str, int] = {}
        """:data:`_AMOUNT_CACHE`'s amounts of this hand's scale."""

    def begin(self, fields: dict[str, Any], lines: Sequence[int]) -> None:
        super().begin(fields, lines)
        self._amounts = _AMOUNT_CACHE.setdefault(self.scale, {})

    # -- helpers ---------------------------------------------------------------
    def _amount(self, text: str, n: int) -> int:
        value = self._amounts.get(text)
        if value is None:
            try:
                value = parse_amount(money_text(text), self.scale)
            except ValueError as exc:
                raise LineError(str(exc), n) from None
            keep(self._amounts, text, value, 65536)
        return value

    def _cards(self, text: str, n: int) -> tuple[MaybeCard, ...]:
        cards = _CARD_CACHE.get(text)
        if cards is not None:
            return cards
        cards = parse_cards(text, tens_as_10=False)
        if None not in cards:  # only readable groups are cached: the others warn each time
            keep(_CARD_CACHE, text, cards, 65536)
        else:  # PokerStars prints no hidden card: only its corrupt "of" is no failure
            _, corrupt = read_cards(text.split(), frozenset(), self.CORRUPT_CARDS, False, n)
            self.warnings.append(f"line {self._file_line(n)}: unreadable card(s) "
                                 f"{' '.join(corrupt)!r} kept as unknown")
        return cards

    def _run(self, token: Any, order: tuple[str, ...] | None = None) -> None:
        """Classify and record every line of a run of lines, in order."""
        self._run_lines(token.value, token.line, order or LINE_ORDER)

    def _run_lines(self, value: str, n: int, order: tuple[str, ...]) -> None:
        """Classify and record every line of ``value`` (lines ending in ``"\\n"``, the first
        the hand's ``n``-th), in order."""
        makers = self._makers
        classify_line = _CLASSIFIERS[order]
        known = _KNOWN_LINES[order]
        for line in value[:-1].split("\n"):
            found = known.get(line)
            if found is None:
                found = classify_line(line)
                if found is None:  # pragma: no cover - the lexer accepted it: a shape matches
                    raise LineError("unrecognised line", n)
                if found[0] != "DEAL":
                    keep(known, line, found, _KNOWN_MOST)
            kind, name, m = found
            makers[kind](name, m, n)
            n += 1

    # -- terminals: header, seats, antes ----------------------------------------
    def TABLE(self, token: Any) -> None:
        match = _TABLE.match(token.value[:-1])
        if match is None:  # pragma: no cover - the terminal guarantees the shape
            raise LineError("unreadable table line", token.line)
        self.table_name = match.group("name")
        self.max_seats = int(match.group("max")) if match.group("max") else None

    def SEATS(self, token: Any) -> None:
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            self._seat_text(value, n)
            n += 1

    def _seat_text(self, value: str, n: int) -> None:
        number_text, _, rest = value[5:].partition(": ")
        # "NAME ($1.46 in chips)", "NAME (36806 in chips, $332.50 bounty)", then maybe
        # "is sitting out" or "out of hand (moved from another table into small blind)"
        chips_at = rest.rfind(" in chips")
        opened = rest.rfind(" (", 0, chips_at) if chips_at > 0 else -1
        if opened < 0:
            raise LineError("unreadable seat line", n)
        name, chips_text, after = rest[:opened], rest[opened + 2:chips_at], rest[chips_at:]
        # after the stack, nothing else: else it is another line that begins like a seat line
        if after != " in chips)" and _SEAT_END.fullmatch(after) is None:
            raise LineError("unreadable seat line (a player called like a seat line?)", n)
        stack_text = chips_text.strip()
        self._amount(stack_text, n)  # an unreadable stack is told before a name seated twice
        self._seat(int(number_text), name, stack_text, n,
                   sitting_out="sitting out" in after or "out of hand" in after)

    def PRE(self, token: Any) -> None:
        self._run(token, PRE_ORDER)

    def LINES(self, token: Any) -> None:
        self._run(token, LINE_ORDER)

    # -- streets and the showdown: the opening line, then the section's lines ----------
    def _street(self, token: Any, street: Street) -> None:
        value: str = token.value
        n: int = token.line
        opener = value[: value.find("\n") + 1]
        self.street = street
        common: MaybeCard = None
        has_common = False
        if "[" in opener:
            cards = self._cards(opener[opener.index("[") + 1 : opener.rindex("]")], n)
            if len(cards) != 1:
                raise LineError("a common card line must show exactly one card", n)
            has_common, common = True, cards[0]
        self.events.append(StreetStart.make(line=self._file_line(n), street=street, common=common,
                                            has_common=has_common))
        self._after_opener(value, n)

    def SHOWDOWN(self, token: Any) -> None:
        super().SHOWDOWN(token)
        self._after_opener(token.value, token.line)

    def _after_opener(self, value: str, n: int) -> None:
        """The lines of a section after its opening line (``value``'s first, the hand's
        ``n``-th): the grammar gives a street or the showdown as one token."""
        cut = value.find("\n") + 1
        if cut < len(value):
            self._run_lines(value[cut:], n + 1, LINE_ORDER)

    def CANCELLED(self, token: Any) -> None:
        raise LineError("the site cancelled this hand ('Hand cancelled'): no hand was played "
                        "to read", token.line)

    # -- one event per line ------------------------------------------------------------
    def _on_deal(self, name: str, m: re.Match[str], n: int) -> None:
        # "NAME [new]" or "NAME [known] [new]"; a name may itself end in "]".
        known_cards: tuple[MaybeCard, ...] = ()
        if name[-1] == "]" and name not in self.names and " [" in name:
            name, _, known = name[:-1].rpartition(" [")
            known_cards = self._cards(known, n)
        cards = self._cards(m["cards"][1:-1], n)
        up = face_up(self.game, self.street, len(cards))
        self.events.append(Deal.make(line=self.lines[n - 1], player=name, street=self.street,
                                     cards=cards, face_up=up, known=known_cards))

    def _on_uncalled(self, name: str, m: re.Match[str], n: int) -> None:
        self.events.append(UncalledReturned.make(line=self._file_line(n), player=name,
                                                 amount=self._amount(m["amount"], n)))

    def _on_announce(self, name: str, m: re.Match[str], n: int) -> None:
        text = m.group(0)
        self.events.append(Announcement(line=self._file_line(n), kind=ANNOUNCEMENTS[text],
                                        text=text))

    def _on_ante(self, name: str, m: re.Match[str], n: int) -> None:
        self.events.append(PostAnte.make(line=self.lines[n - 1], player=name,
                                         amount=self._amount(m["amount"], n),
                                         all_in=m["all_in"] is not None))

    def _on_bring_in(self, name: str, m: re.Match[str], n: int) -> None:
        self.events.append(BringIn.make(line=self.lines[n - 1], player=name,
                                        amount=self._amount(m["amount"], n),
                                        all_in=m["all_in"] is not None))

    def _on_bet(self, name: str, m: re.Match[str], n: int) -> None:
        self.events.append(Bet.make(line=self.lines[n - 1], player=name,
                                    amount=self._amount(m["amount"], n),
                                    all_in=m["all_in"] is not None))

    def _on_raise(self, name: str, m: re.Match[str], n: int) -> None:
        self.events.append(Raise.make(line=self.lines[n - 1], player=name,
                                      by=self._amount(m["by"], n), to=self._amount(m["to"], n),
                                      all_in=m["all_in"] is not None))

    def _on_call(self, name: str, m: re.Match[str], n: int) -> None:
        self.events.append(Call.make(line=self.lines[n - 1], player=name,
                                     amount=self._amount(m["amount"], n),
                                     all_in=m["all_in"] is not None))

    def _on_check(self, name: str, m: re.Match[str], n: int) -> None:
        self.events.append(Check.make(line=self.lines[n - 1], player=name))

    def _on_fold(self, name: str, m: re.Match[str], n: int) -> None:
        self.events.append(Fold.make(line=self.lines[n - 1], player=name))

    def _on_show(self, name: str, m: re.Match[str], n: int) -> None:
        self.events.append(Show.make(line=self._file_line(n), player=name,
                                     cards=self._cards(m["cards"][1:-1], n),
                                     description=m["description"] or None))

    def _on_muck(self, name: str, m: re.Match[str], n: int) -> None:
        cards = self._cards(m["cards"][1:-1], n) if m["cards"] else ()
        self.events.append(Muck.make(line=self._file_line(n), player=name, cards=cards))

    def _on_no_show(self, name: str, m: re.Match[str], n: int) -> None:
        self.events.append(NoShow.make(line=self._file_line(n), player=name))

    def _on_collect(self, name: str, m: re.Match[str], n: int) -> None:
        pot = _POTS.get(m["pot"] or "", PotKind.POT)
        index = int(m["index"]) if m["index"] else None
        self.events.append(Collect.make(line=self._file_line(n), player=name,
                                        amount=self._amount(m["amount"], n), pot=pot,
                                        pot_index=index))

    # -- summary ------------------------------------------------------------------------
    def TOTAL_POT(self, token: Any) -> None:
        n: int = token.line
        value: str = token.value[:-1].replace("Rs. ", "Rs.")  # one word per amount
        pots, _, rake_text = value[len("Total pot "):].partition("|")
        rake_text = rake_text.strip()
        rake = 0
        if rake_text.startswith("Rake "):
            rake = self._amount(rake_text[5:].split()[0], n)
        words = pots.split()
        total = self._amount(words[0], n)
        main: int | None = None
        sides: list[int] = []
        i = 1
        while i < len(words):
            word = words[i].lower()
            if word == "main" and i + 2 < len(words):
                main = self._amount(words[i + 2].rstrip("."), n)
                i += 3
            elif word.startswith("side") and i + 2 < len(words):
                sides.append(self._amount(words[i + 2].rstrip("."), n))
                i += 3
            else:
                i += 1
        self.events.append(PotSummary.make(line=self._file_line(n), total=total, main=main,
                                           sides=tuple(sides), rake=rake))

    def BOARD(self, token: Any) -> None:
        value: str = token.value[:-1]
        self.events.append(BoardSummary(line=self._file_line(token.line),
                                        cards=self._cards(value[7:-1], token.line)))

    def SEAT_SUMMARIES(self, token: Any) -> None:
        n: int = token.line
        for value in token.value[:-1].split("\n"):
            self._seat_summary(value, n)
            n += 1

    def _seat_summary(self, value: str, n: int) -> None:
        number_text, _, rest = value[5:].partition(": ")
        name = _summary_name(rest, self.names)
        tail = rest[len(name):].strip()
        # strip position notes like "(button)", "(bring-in)"
        while tail.startswith("("):
            tail = tail[tail.index(")") + 1 :].strip() if ")" in tail else ""
        self.events.append(seat_summary(self, value, n, name, int(number_text), tail,
                                        folded_street))


def _summary_name(rest: str, names: set[str]) -> str:
    """The longest seated name that ``rest`` starts with, else the words before the
    summary's first words."""
    best = seated_name(rest, names)
    if best:
        return best
    for marker in (" folded on", " showed [", " mucked [", " collected (", " ("):
        at = rest.find(marker)
        if at > 0:
            return rest[:at]
    return rest

