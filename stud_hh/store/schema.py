"""Stage 4a: the column registry every Parquet table of a database is built from.

Each column is declared once (name, Arrow type, nullable, description); every
``pa.schema`` is derived from this registry and stamped with the schema version
and the version of stud-hh that wrote it. Ids and money are integers in the
table's smallest unit (cents or chips; ``hands.scale`` says which); enums are
dictionary-encoded so pandas loads them as categoricals.

>>> arrow_schema("hands").field("hand_id").type
DataType(string)
>>> arrow_schema("hands").metadata[b"stud_hh.schema_version"]
b'6'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

import pandas as pd
import pyarrow as pa

SCHEMA_VERSION = 6
"""Bumped whenever a column is added or changes meaning or type. Readers take every
version of :data:`ADDED` (older parts read with the columns added since as nulls) and
refuse others."""

STR = pa.string()
ENUM = pa.dictionary(pa.int8(), pa.string())
I8 = pa.int8()
I16 = pa.int16()
I32 = pa.int32()
MONEY = pa.int64()
BOOL = pa.bool_()
TIME = pa.timestamp("us", tz="UTC")
STRS = pa.list_(pa.string())
FLOAT = pa.float64()
FLOATS = pa.list_(pa.float64())

STREETS = (3, 4, 5, 6, 7)
"""Betting rounds, as players number them."""
STREET_LABELS = {None: "ante", 3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}


@dataclass(frozen=True, slots=True)
class Column:
    name: str
    type: pa.DataType
    nullable: bool
    description: str


@dataclass(frozen=True, slots=True)
class TableSpec:
    name: str
    description: str
    key: tuple[str, ...]
    """Columns that identify one row (hands are keyed by site and hand id)."""
    columns: tuple[Column, ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)


def _c(name: str, type_: pa.DataType, description: str, *, null: bool = False) -> Column:
    return Column(name, type_, null, description)


_HAND_KEY = (
    _c("site", ENUM, "the site that dealt the hand (``PokerStars``)"),
    _c("hand_id", STR, "the site's hand number, as printed"),
)

_HANDS = (
    *_HAND_KEY,
    _c("game", ENUM, "``stud``, ``stud8`` or ``razz``"),
    _c("game_text", STR, "the site's words for the game"),
    _c("mixed_game", ENUM, "the mixed-game wrapper (``8-Game``, ``HORSE``)", null=True),
    _c("limit", ENUM, "``fixed``, ``pot`` or ``no_limit``"),
    _c("stakes", ENUM, "small and big bet as printed, e.g. ``$0.04/$0.08``; a no-limit or "
       "pot-limit hand's with ``NL`` or ``PL`` first (``NL $0.10``)"),
    _c("currency", ENUM, "ISO code for real money, null for chips", null=True),
    _c("scale", I32, "money units per printed whole: 100 for cents, 1 for chips"),
    _c("play_money", BOOL, "play-money table"),
    _c("small_bet", MONEY, "the 3rd/4th-street bet"),
    _c("big_bet", MONEY, "the 5th-7th-street bet"),
    _c("ante", MONEY, "the ante posted (the largest, if they differ)", null=True),
    _c("bring_in", MONEY, "the bring-in posted", null=True),
    _c("tournament", BOOL, "a tournament hand"),
    _c("tournament_id", STR, "the site's tournament number", null=True),
    _c("buy_in", MONEY, "tournament buy-in (prize-pool part)", null=True),
    _c("fee", MONEY, "tournament fee", null=True),
    _c("buy_in_currency", ENUM, "currency of buy-in and fee", null=True),
    _c("level", STR, "tournament level as printed", null=True),
    _c("table", STR, "table name"),
    _c("max_seats", I8, "seats at the table", null=True),
    _c("start_utc", TIME, "when the hand started, in UTC", null=True),
    _c("start_local", STR, "the local time as printed, with its zone", null=True),
    _c("seated", I8, "players seated"),
    _c("players", I8, "players dealt in"),
    _c("pot", MONEY, "chips put in by all players, after uncalled bets came back"),
    _c("rake", MONEY, "rake taken"),
    _c("common_card", STR, "the common 7th-street card when the deck ran out", null=True),
    _c("showdown", BOOL, "two or more players reached a showdown"),
    _c("last_street", I8, "the last street dealt (3..7)"),
    _c("violations", I32, "violations found by the replay"),
    _c("violations_following", I32, "of ``violations``, those that follow from an earlier "
       "violation of the hand (consequences, counted apart: the rest are root causes); null "
       "only in rows imported before schema 4", null=True),
    _c("unverifiable", I32, "checks the text could not decide"),
    _c("profile", ENUM, "the rule profile the hand was audited under"),
    _c("file", STR, "the file the hand was read from"),
    _c("first_line", I32, "its first line in that file"),
    _c("last_line", I32, "its last line in that file"),
    _c("warnings", STRS, "what the reader noticed but could read anyway"),
    _c("text_digest", STR, "a digest of the hand's text with every run of whitespace made one "
       "space: another copy of the hand with a different digest is a conflict",
       null=True),
)

_STREET_FLAGS: list[Column] = []
for _s in STREETS:
    _label = STREET_LABELS[_s]
    _STREET_FLAGS += [
        _c(f"put_in_{_label}", MONEY, f"chips put in on {_label} street (before uncalled returns)"),
        _c(f"bets_{_label}", I8, f"bets made on {_label} (the completion counts on 3rd)"),
        _c(f"raises_{_label}", I8, f"raises made on {_label}"),
        _c(f"calls_{_label}", I8, f"calls made on {_label}"),
        _c(f"checks_{_label}", I8, f"checks made on {_label}"),
        _c(f"folded_{_label}", BOOL, f"folded on {_label}"),
        _c(f"faced_bet_{_label}", BOOL, f"had to act facing a bet on {_label}"),
        _c(f"fold_to_bet_{_label}", BOOL, f"folded facing a bet on {_label}"),
    ]
    if _s > 3:
        _STREET_FLAGS += [
            _c(f"saw_{_label}", BOOL, f"still in when {_label} street's card was dealt"),
            _c(f"check_raise_opp_{_label}", BOOL, f"checked, then faced a bet on {_label}"),
            _c(f"check_raise_{_label}", BOOL, f"raised after checking on {_label}"),
        ]

_PLAYERS = (
    *_HAND_KEY,
    _c("player", STR, "the player's name"),
    _c("seat", I8, "seat number"),
    _c("game", ENUM, "the hand's game (repeated from ``hands`` for grouping)"),
    _c("limit", ENUM, "the hand's limit (repeated from ``hands``); null only in rows "
       "imported before schema 3, which read as ``fixed``", null=True),
    _c("stakes", ENUM, "the hand's stakes (repeated from ``hands``)"),
    _c("currency", ENUM, "the hand's currency (repeated from ``hands``)", null=True),
    _c("scale", I32, "money units per printed whole (repeated from ``hands``)"),
    _c("big_bet", MONEY, "the big bet the hand's money is counted in: the hand's fixed-limit "
       "big bet; 0 (none) for a no-limit or pot-limit hand (from schema 3) or when no stakes "
       "show"),
    _c("tournament", BOOL, "a tournament hand (repeated from ``hands``)"),
    _c("tournament_id", STR, "the site's tournament number (repeated from ``hands``); null "
       "for a cash hand, and in rows imported before schema 3", null=True),
    _c("start_utc", TIME, "the hand's start (repeated from ``hands``)", null=True),
    _c("stack", MONEY, "chips at the start of the hand"),
    _c("dealt", BOOL, "dealt in (false for a player sitting out)"),
    _c("players_3rd", I8, "players dealt in on 3rd street"),
    _c("door_card", STR, "the first up card", null=True),
    _c("door_rank", ENUM, "its rank (``A``, ``K`` .. ``2``)", null=True),
    _c("hole_cards", STR, "the two down cards of 3rd street, when known", null=True),
    _c("rolled_up", BOOL, "three of a kind on 3rd street (known hole cards only)", null=True),
    _c("start_hand", ENUM, "the 3rd-street hand (``trips``, ``pair``, ``three flush``, "
       "``three straight``, ``high cards``), known hole cards only", null=True),
    _c("dead_cards", I8, "opponents' door cards of a rank among the player's three cards",
       null=True),
    _c("cards_shown", STR, "cards shown at showdown", null=True),
    _c("position", I8, "place in the 3rd-street order after the bring-in (bring-in = 0)",
       null=True),
    _c("steal_position", BOOL, "one of the last three to act before the bring-in"),
    _c("all_in_ante", BOOL, "all-in on the ante: no 3rd-street decision"),
    _c("put_in_ante", MONEY, "the ante put in"),
    *_STREET_FLAGS,
    _c("put_in", MONEY, "chips put in, after uncalled bets came back"),
    _c("collected", MONEY, "chips collected from pots"),
    _c("net", MONEY, "collected minus put in"),
    _c("rake_share", MONEY, "the player's share of the rake (in proportion to winnings)"),
    _c("all_in", BOOL, "went all in at some point"),
    # 3rd street (docs/statistics.md)
    _c("vpip_opp", BOOL, "had a 3rd-street decision (dealt, not all-in on the ante)"),
    _c("vpip", BOOL, "called, completed, bet or raised on 3rd (the bring-in alone is not)"),
    _c("cr3", BOOL, "completed or raised on 3rd"),
    _c("unopened_opp", BOOL, "acted with only the bring-in posted (no call, no completion)"),
    _c("complete_first_in", BOOL, "completed an unopened pot"),
    _c("limp", BOOL, "called the bring-in in an unopened pot (the first to call it)"),
    _c("threebet_opp", BOOL, "faced a completion with no raise yet"),
    _c("threebet", BOOL, "raised a completion"),
    _c("fold_to_completion_opp", BOOL, "faced a completion (first time to act facing it)"),
    _c("fold_to_completion", BOOL, "folded to it"),
    _c("steal_opp", BOOL, "unopened pot, in a steal position"),
    _c("steal", BOOL, "completed from a steal position in an unopened pot"),
    _c("steal_success", BOOL, "a steal everyone else folded to on 3rd"),
    _c("bring_in_player", BOOL, "forced to bring in"),
    _c("bring_in_completed", BOOL, "completed instead of posting the bring-in"),
    _c("bring_in_faced_steal", BOOL, "the bring-in player faced a steal attempt"),
    _c("bring_in_fold_to_steal", BOOL, "and folded"),
    _c("bring_in_resteal", BOOL, "and raised"),
    # 4th street and later
    _c("aggressor_3rd", BOOL, "made the last bet or raise on 3rd"),
    _c("cbet_opp", BOOL, "3rd-street aggressor, saw 4th with no bet before them"),
    _c("cbet", BOOL, "bet 4th as the 3rd-street aggressor"),
    _c("fold_to_cbet_opp", BOOL, "faced a continuation bet on 4th (having checked or not)"),
    _c("fold_to_cbet", BOOL, "folded to it"),
    _c("double_bet_opp", BOOL, "open pair on 4th (stud), could open the betting"),
    _c("double_bet", BOOL, "opened 4th with the big bet"),
    _c("bets_later", I16, "bets made on 4th-7th"),
    _c("raises_later", I16, "raises made on 4th-7th"),
    _c("calls_later", I16, "calls made on 4th-7th"),
    _c("folds_later", I16, "folds on 4th-7th"),
    # showdown and money
    _c("saw_showdown", BOOL, "still in at a showdown"),
    _c("showed", BOOL, "showed cards at the showdown"),
    _c("won", BOOL, "collected any chips"),
    _c("won_at_showdown", BOOL, "collected chips at a showdown"),
    _c("won_high", BOOL, "won (or tied) the high half or a high-only pot"),
    _c("won_low", BOOL, "won (or tied) the low half of a split pot"),
    _c("scoop_both", BOOL, "hi/lo: won the best high and the best qualifying low"),
    _c("scoop_whole", BOOL, "hi/lo: won 100 % of every pot they were in at a showdown"),
    _c("split", BOOL, "hi/lo showdown: won part of a pot but not all of it"),
    _c("quartered", BOOL, "hi/lo: won a quarter of a pot (a tied half)"),
    _c("high_only", BOOL, "hi/lo: won only high halves"),
    _c("low_only", BOOL, "hi/lo: won only low halves"),
    _c("no_low", BOOL, "hi/lo showdown where no low qualified"),
    # the moment the last chips went in (stud_hh.store.luck, docs/statistics.md)
    _c("equity_street", I8, "still in at the end with another player: the street of the "
       "hand's last chips put in (3..7; 0 for the antes), the moment the equity is taken "
       "at; null for a player not in at the end or a hand won without a contest",
       null=True),
    _c("equity_all_in", BOOL, "at that moment every player still in but at most one was "
       "all-in (the cards to come dealt without a bet), rather than a showdown the betting "
       "reached; null only in rows imported before schema 2", null=True),
    _c("equity", FLOAT, "the expected share (0..1) of the pots the player was eligible for "
       "at that moment, pots weighted by size: every way the cards to come can fall, every "
       "card seen dead, side pots among their own players; on the last street the "
       "showdown's share by the rules; null when a live player's cards are not all known",
       null=True),
    _c("equity_high", FLOAT, "stud hi/lo: the part of ``equity`` the high brings", null=True),
    _c("equity_low", FLOAT, "stud hi/lo: the part of ``equity`` the low brings", null=True),
    _c("scoop_chance", FLOAT, "stud hi/lo: the chance of taking the whole main pot",
       null=True),
    _c("equity_exact", BOOL, "``equity`` counted over every deal; false: over 2,000 deals "
       "drawn at random, seeded by the hand's site and id (a share's standard error at most "
       "1.1 points)",
       null=True),
    _c("ev_net", FLOAT, "luck-adjusted net, in the units of ``net`` (a float: an "
       "expectation): what the live players collected, shared in proportion to each one's "
       "equity times the pots, minus put in; ``net`` where no equity is known; null only in "
       "rows imported before schema 2", null=True),
)

_ACTIONS = (
    *_HAND_KEY,
    _c("order", I16, "the action's place in the hand (0 = first ante)"),
    _c("street", ENUM, "``ante``, ``3rd`` .. ``7th``"),
    _c("player", STR, "who acted"),
    _c("kind", ENUM, "what the action is under the rules (a completion, not a ``bets``)"),
    _c("amount", MONEY, "chips this action put in"),
    _c("total", MONEY, "the player's total on the street after it"),
    _c("level", I8, "bets made on the street after it (the completion is the first on 3rd)"),
    _c("all_in", BOOL, "the action put the player all in"),
    _c("capped", BOOL, "the action reached the cap"),
    _c("line", I32, "source line"),
)

_POTS = (
    *_HAND_KEY,
    _c("pot", I8, "0 for the main pot, 1.. for side pots"),
    _c("amount", MONEY, "chips in the pot before rake"),
    _c("eligible", STRS, "players who may win it"),
    _c("winners_high", STRS, "who should win the high (or only) half"),
    _c("winners_low", STRS, "who should win the low half (empty: no qualifying low)"),
    _c("collected_by", STRS, "who the history says collected from it"),
    _c("collected", pa.list_(MONEY), "what each of them collected, in the same order"),
    _c("equity", FLOATS, "each eligible player's expected share of the pot when the hand's "
       "last chips went in (``players.equity_street``), in the order of ``eligible``; null "
       "when not known", null=True),
)

_VIOLATIONS = (
    *_HAND_KEY,
    _c("rule", ENUM, "the rule's stable code (``raise.over-cap``)"),
    _c("street", ENUM, "the street it happened on", null=True),
    _c("player", STR, "the player concerned", null=True),
    _c("line", I32, "the offending source line"),
    _c("message", STR, "what happened, in words"),
    _c("follows_line", I32, "a consequence: the line of the earlier violation of the hand it "
       "follows from (its root cause, which left unreliable what this rule's check reads); "
       "null for a root cause, and in rows imported before schema 4", null=True),
    _c("follows_rule", ENUM, "that root cause's rule", null=True),
    _c("profile", ENUM, "the rule profile"),
    _c("file", STR, "the source file"),
    _c("start_utc", TIME, "the hand's start (repeated from ``hands``)", null=True),
    _c("table", STR, "the hand's table (repeated from ``hands``)"),
)

_UNVERIFIABLE = (
    *_HAND_KEY,
    _c("rule", ENUM, "the rule that could not be decided"),
    _c("line", I32, "the line concerned"),
    _c("message", STR, "why it could not be decided"),
)

_FAILURES = (
    _c("key", STR, "a digest of the raw text: the same bad hand is stored once"),
    _c("site", ENUM, "the site, when the header was recognised", null=True),
    _c("hand_id", STR, "the hand id, when it could be read", null=True),
    _c("file", STR, "the source file"),
    _c("line", I32, "the line the reader stopped at", null=True),
    _c("first_line", I32, "the text's first line in the file"),
    _c("last_line", I32, "its last line"),
    _c("reason", STR, "why it could not be read"),
    _c("offending_text", STR, "the offending line", null=True),
    _c("raw_text", STR, "the whole text, kept so nothing is lost"),
)

_CONFLICTS = (
    *_HAND_KEY,
    _c("key", STR, "site, hand id and the copy's digest: the same conflict is stored once"),
    _c("file", STR, "the file of the conflicting copy (the one not stored)"),
    _c("first_line", I32, "its first line in that file"),
    _c("last_line", I32, "its last line"),
    _c("text_digest", STR, "the digest of the conflicting copy's text"),
    _c("stored_file", STR, "the file of the stored copy", null=True),
    _c("stored_first_line", I32, "its first line", null=True),
    _c("stored_digest", STR, "the digest of the stored copy's text"),
    _c("text", STR, "the conflicting copy's whole text"),
)

_TOURNAMENTS = (
    _c("key", STR, "site, tournament, player, source, and the hand's id (a finishing line) or "
       "a digest of the result (a summary): the same result is stored once"),
    _c("site", ENUM, "the site that ran the tournament (``PokerStars``)"),
    _c("tournament_id", STR, "the site's tournament number"),
    _c("player", STR, "the player's name"),
    _c("source", ENUM, "``summary`` (a tournament summary file) or ``hand`` (the finishing "
       "line of a hand history); a summary wins when both tell of one player's tournament"),
    _c("hero", BOOL, "the player the summary is written for (``You finished in 3rd place``)"),
    _c("game", ENUM, "``stud``, ``stud8``, ``razz`` ..., null for a mixed game or a game the "
       "text does not name", null=True),
    _c("game_text", STR, "the site's words for the game (``8-Game``), or the tournament's "
       "name where the site prints no game"),
    _c("tournament_name", STR, "the tournament's name, where printed", null=True),
    _c("unit", ENUM, "what buy-in, fee and prize are counted in: an ISO currency code, "
       "``play`` for play chips, or the site's points (``FPP``, ``SC``, ``FTP``, ``T$``); "
       "null when no amount shows it", null=True),
    _c("scale", I32, "money units per printed whole: 100 (every amount in hundredths)"),
    _c("buy_in", MONEY, "the prize-pool part of one entry", null=True),
    _c("fee", MONEY, "the fee of one entry", null=True),
    _c("bounty", MONEY, "the knockout part of one entry", null=True),
    _c("entrants", I32, "entries in the tournament", null=True),
    _c("prize_pool", MONEY, "the prize pool", null=True),
    _c("start_utc", TIME, "when the tournament started (a summary) or the hand of the "
       "finishing line was dealt, in UTC", null=True),
    _c("finish", I32, "the place the player finished in; null while still playing or when "
       "not printed", null=True),
    _c("still_playing", BOOL, "still in the tournament when the summary was written"),
    _c("prize", MONEY, "the money won for the place: 0 out of the money, null when not "
       "known", null=True),
    _c("ticket", STR, "a ticket won for the place, as printed", null=True),
    _c("ticket_value", MONEY, "the ticket's worth, when printed (a target tournament's "
       "buy-in)", null=True),
    _c("entries", I16, "entries the player bought: 1, and one more per re-entry"),
    _c("rebuys", I16, "rebuys the player made", null=True),
    _c("addons", I16, "add-ons the player took", null=True),
    _c("rebuy_cost", MONEY, "what the rebuys and add-ons cost in all", null=True),
    _c("knockouts", I16, "bounties the player collected", null=True),
    _c("bounties_won", MONEY, "money won from bounties", null=True),
    _c("hand_id", STR, "the hand of the finishing line (null for a summary)", null=True),
    _c("file", STR, "the file the result was read from"),
    _c("first_line", I32, "the summary's (or the hand's) first line in that file"),
    _c("line", I32, "the line that gives the player's result"),
)

_FILES = (
    _c("file", STR, "absolute path of an imported file"),
    _c("size", pa.int64(), "its size in bytes when imported; of a reading that left the "
       "file's last text for later (a client still writing it: `watch`), the bytes before "
       "that text, so that the next import reads the file again (the hands before it are "
       "stored, and this row names their file)"),
    _c("mtime_ns", pa.int64(), "its modification time when imported"),
    _c("hands", I32, "stud hands stored from it at this reading (those of all its rows "
       "add up to the hands stored from it)"),
    _c("skipped", I32, "hands of other games in it"),
    _c("failures", I32, "texts that could not be read"),
)

_NOTES = (
    _c("site", ENUM, "the site of the player the note is on; null: the name at every site "
       "(a note of the site itself wins)", null=True),
    _c("player", STR, "the player's name as the app shows it: the settings' person (an alias, "
       "the hero), else the name as printed"),
    _c("note", STR, "what the user wrote (plain text)"),
    _c("tags", STRS, "the user's tags on the player (``fish``, ``reg``), in the order given"),
    _c("updated_utc", TIME, "when the note was last written"),
)

TABLES: dict[str, TableSpec] = {t.name: t for t in (
    TableSpec("hands", "one row per hand", ("site", "hand_id"), _HANDS),
    TableSpec("players", "one row per seated player per hand", ("site", "hand_id", "player"),
              _PLAYERS),
    TableSpec("actions", "one row per ante, bring-in and betting action",
              ("site", "hand_id", "order"), _ACTIONS),
    TableSpec("pots", "each main and side pot", ("site", "hand_id", "pot"), _POTS),
    TableSpec("violations", "each broken rule", ("site", "hand_id", "line", "rule"), _VIOLATIONS),
    TableSpec("unverifiable", "each check the text could not decide", ("site", "hand_id", "rule"),
              _UNVERIFIABLE),
    TableSpec("failures", "texts that could not be read, kept whole", ("key",), _FAILURES),
    TableSpec("conflicts", "a second copy of a stored hand (same site and hand id) whose text "
              "differs beyond whitespace: stored once, the other copy kept here",
              ("key",), _CONFLICTS),
    TableSpec("tournaments", "a player's result in a tournament, from a tournament summary "
              "file or a hand history's finishing line", ("key",), _TOURNAMENTS),
    TableSpec("files", "each reading of a file, to pass over it while unchanged",
              ("file", "size", "mtime_ns"), _FILES),
    TableSpec("notes", "the user's notes and tags on players, written by `stud-hh ui` and "
              "`stud-hh notes import`, never by an import", ("site", "player"), _NOTES),
)}
"""Every table of a database, by name."""

HAND_TABLES = ("hands", "players", "actions", "pots", "violations", "unverifiable")
"""Tables whose rows belong to one stored hand."""

ADDED: dict[int, dict[str, tuple[str, ...]]] = {
    1: {},
    2: {"players": ("equity_street", "equity_all_in", "equity", "equity_high", "equity_low",
                    "scoop_chance", "equity_exact", "ev_net"),
        "pots": ("equity",)},
    3: {"players": ("limit", "tournament_id")},
    4: {"hands": ("violations_following",), "violations": ("follows_line", "follows_rule")},
    5: {},
    6: {},
}
"""The columns each schema version added, by table: a part of an older version has none
of the columns added since, and reads with them null. Schema 3 also changed what
``players.big_bet`` holds for a no-limit or pot-limit hand (0: its money is not counted in
big bets); rows imported before keep the hand's smallest bet there, until imported again.
Schema 5 added the ``notes`` table (a stud-hh before it would take a commit of notes for
damage, so it refuses the folder instead). Schema 6 made every table a Delta Lake table (no
column added: a stud-hh before it would see an empty database in the folder; ``stud-hh
migrate`` converts a database of schema 1 to 5)."""


def missing_columns(table: str, version: int) -> tuple[str, ...]:
    """The columns of ``table`` a part of schema ``version`` does not have.

    >>> missing_columns("pots", 1), missing_columns("violations", 3)
    (('equity',), ('follows_line', 'follows_rule'))
    """
    return tuple(name for later, added in ADDED.items() if later > version
                 for name in added.get(table, ()))


def conform(table: str, data: pa.Table) -> pa.Table:
    """Rows read from a part of any version, in this version's schema (columns added
    since as nulls), to be written again."""
    schema = arrow_schema(table)
    have = set(data.column_names)
    for name in (f.name for f in schema):
        if name not in have:
            data = data.append_column(name, pa.nulls(data.num_rows, schema.field(name).type))
    return data.select(schema.names).cast(schema)


@cache
def arrow_schema(table: str) -> pa.Schema:
    """The Arrow schema of ``table``, stamped with the schema and stud-hh versions."""
    from stud_hh._version import __version__

    spec = TABLES[table]
    fields = [pa.field(c.name, c.type, nullable=c.nullable,
                       metadata={"description": c.description}) for c in spec.columns]
    return pa.schema(fields, metadata={
        "stud_hh.table": table,
        "stud_hh.schema_version": str(SCHEMA_VERSION),
        "stud_hh.parser_version": __version__,
    })


_NULLABLE_INTS: dict[pa.DataType, Any] = {
    pa.int8(): pd.Int8Dtype(), pa.int16(): pd.Int16Dtype(), pa.int32(): pd.Int32Dtype(),
    pa.int64(): pd.Int64Dtype(),
}


def to_pandas(table: str, data: pa.Table) -> pd.DataFrame:
    """Arrow -> pandas with the database's dtypes (see :class:`stud_hh.store.database.Database`)."""
    frame: pd.DataFrame = data.to_pandas(
        types_mapper={pa.string(): pd.StringDtype("pyarrow")}.get)
    spec = {c.name: c for c in TABLES[table].columns}
    for name in data.column_names:
        column = spec.get(name)
        if column is not None and column.nullable and column.type in _NULLABLE_INTS:
            frame[name] = data.column(name).to_pandas(types_mapper=_NULLABLE_INTS.get)
        elif isinstance(frame[name].dtype, pd.CategoricalDtype):
            frame[name] = _sorted_categories(frame[name])
    return frame


def _sorted_categories(values: pd.Series) -> pd.Series:
    """``values`` with its categories sorted: Arrow lists a dictionary column's values in
    the order the parts were read, which a folder and a bucket (or two listings) need not
    share; sorted, the same rows give the same frame wherever they were read from."""
    categories = values.cat.categories
    if categories.is_monotonic_increasing:
        return values
    return values.cat.reorder_categories(categories.sort_values())
