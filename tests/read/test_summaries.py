"""Promise: every form of tournament summary FPDB reads (docs/formats/summaries.md) is read
into a result per player with the right buy-in, fee, unit, entrants, prize pool, start,
place and prize; a summary file is never taken for a hand history nor the other way round;
a damaged summary fails alone, naming its file and line, and the others of its file read.

The summaries here are written by hand in the shapes of FPDB's regression files (names
and amounts made up).
"""

from __future__ import annotations

import re
from datetime import UTC, datetime
from functools import cache
from pathlib import Path

import pytest
from catalogue import parse_catalogue
from lark import Lark

from stud_hh.model.events import Game
from stud_hh.model.results import TournamentResult
from stud_hh.read.grammars import grammar_text
from stud_hh.read.parse import parse_file, parse_text
from stud_hh.read.summaries import (
    FORMATS,
    SkippedSummary,
    SummaryFailure,
    TournamentSummary,
    read_summaries,
    read_summary_text,
    summary_format,
)
from stud_hh.read.summaries.common import Draft, LineFault

DOCS = Path(__file__).resolve().parents[2] / "docs" / "formats" / "summaries.md"
FORMAT_OF = {fmt.name: fmt for fmt in FORMATS}


def one(text: str) -> TournamentSummary:
    [summary] = list(read_summary_text(text, "ts.txt"))
    assert isinstance(summary, TournamentSummary), summary
    return summary


def by_player(summary: TournamentSummary) -> dict[str, TournamentResult]:
    return {r.player: r for r in summary.results}


# ---------------------------------------------------------------------------
# The catalogue: every form's examples read as that form
# ---------------------------------------------------------------------------

CATALOGUE = parse_catalogue(DOCS.read_text(encoding="utf-8"), "summaries")


@pytest.mark.parametrize("grammar", sorted({f.grammar for f in FORMATS}))
def test_the_summary_grammars_are_strict_and_lalr(grammar: str) -> None:
    pytest.importorskip("interegular", reason="strict mode needs interegular (a dev dependency)")
    Lark(grammar_text(grammar), parser="lalr", lexer="contextual", strict=True)


@cache
def _terminals(grammar: str) -> list[tuple[str, re.Pattern[str]]]:
    """The grammar's terminals as Lark compiles them, highest priority first: the one a
    line is lexed as is the first that matches it whole."""
    parser = Lark(grammar_text(grammar), parser="lalr", lexer="basic")
    ordered = sorted(parser.terminals, key=lambda t: -t.priority)
    return [(t.name, re.compile(t.pattern.to_regexp())) for t in ordered]


def lexed_as(grammar: str, line: str) -> list[str]:
    return [name for name, pattern in _terminals(grammar)
            if pattern.fullmatch(line + "\n")][:1]


@pytest.mark.parametrize("form", CATALOGUE.forms, ids=lambda f: f.id)
def test_every_catalogued_form_is_read_as_itself(form: object) -> None:
    site, terminal = form.id.split(".")[:2]  # type: ignore[attr-defined]
    fmt = FORMAT_OF[site]
    assert form.examples, f"{form.id} has no example"  # type: ignore[attr-defined]
    for example in form.examples:  # type: ignore[attr-defined]
        assert form.matches(example), (form.id, example)  # type: ignore[attr-defined]
        assert lexed_as(fmt.grammar, example) == [terminal.upper()], example
        fmt.readers[terminal.upper()](Draft(fmt.site, "ts.txt", 1), example, 1)


def test_every_terminal_of_every_grammar_is_catalogued() -> None:
    catalogued = {tuple(f.id.split(".")[:2]) for f in CATALOGUE.forms}
    for fmt in FORMATS:
        for terminal in fmt.readers:
            assert (fmt.name, terminal.lower()) in catalogued, (fmt.name, terminal)


# ---------------------------------------------------------------------------
# PokerStars
# ---------------------------------------------------------------------------

STARS_USD = """\
PokerStars Tournament #664712833, Razz
Buy-In: $2.00/$0.20 USD
45 players
Total Prize Pool: $90.00 USD
Tournament started 2013/01/03 16:00:00 EET [2013/01/03 9:00:00 ET]
Tournament finished 2013/01/03 19:10:00 EET [2013/01/03 12:10:00 ET]

  1: Ann Lee (Peru), $27.00 (30%)
  2: Bob (Chile), $18.00 (20%)
  3: Hero (Canada), $5.40 (6%)
  4: Cy [2] (Iran),
  28: Cy (Iran),

You finished in 3rd place.
"""


def test_a_pokerstars_summary_gives_every_players_result() -> None:
    summary = one(STARS_USD)
    assert (summary.site, summary.tournament_id, summary.game) == \
        ("PokerStars", "664712833", Game.RAZZ)
    players = by_player(summary)
    assert list(players) == ["Ann Lee", "Bob", "Hero", "Cy"]
    hero = players["Hero"]
    assert hero.hero
    assert not players["Bob"].hero
    assert (hero.buy_in, hero.fee, hero.bounty, hero.unit) == (200, 20, None, "USD")
    assert (hero.entrants, hero.prize_pool) == (45, 9000)
    assert hero.started_at == datetime(2013, 1, 3, 14, 0, tzinfo=UTC)
    assert (hero.finish, hero.prize, hero.cost, hero.won, hero.cashed) == (3, 540, 220, 540,
                                                                            True)
    assert hero.line == 10
    assert hero.first_line == 1
    assert hero.path == "ts.txt"
    cy = players["Cy"]  # two entries (a re-entry): one result, the better place
    assert (cy.entries, cy.finish, cy.prize, cy.cost) == (2, 4, 0, 440)


@pytest.mark.parametrize(("buy_in", "expected"), [
    ("Buy-In: $1.80/$0.20 USD", (180, None, 20, "USD")),
    ("Buy-In: €0.42/€0.08 EUR", (42, None, 8, "EUR")),
    ("Buy-In: ₹136.50/₹13.50 INR", (13650, None, 1350, "INR")),
    ("Buy-In: Â£75.00/Â£7.00 GBP", (7500, None, 700, "GBP")),
    ("Buy-In: $10.00/$1.00 CAD", (1000, None, 100, "CAD")),
    ("Buy-In: 100/9", (10000, None, 900, "play")),
    ("Buy-In: 17000/3000", (1700000, None, 300000, "play")),
    ("Buy-In: 100 FPP", (10000, None, 0, "FPP")),
    ("Buy-In: 250 SC", (25000, None, 0, "SC")),
    ("Buy-In: $2.00/$0.50/$0.20 USD", (200, 50, 20, "USD")),  # buy-in, bounty, fee
    ("Buy-In: $250.00/$250.00/$30.00 USD", (25000, 25000, 3000, "USD")),
])
def test_every_pokerstars_buy_in(buy_in: str, expected: tuple[object, ...]) -> None:
    text = STARS_USD.replace("Buy-In: $2.00/$0.20 USD", buy_in).replace(
        "Total Prize Pool: $90.00 USD\n", "").replace("$", "")  # prizes bare: the buy-in's unit
    bob = by_player(one(text))["Bob"]
    assert (bob.buy_in, bob.bounty, bob.fee, bob.unit) == expected


def test_a_play_money_home_game_shootout_summary() -> None:
    summary = one("""\
PokerStars Tournament #743144019, 8-Game
Buy-In: 100/9
2 players
Total Prize Pool: 200
Tournament started 2013/06/05 23:30:00 ET

  1: Hero (United States), 200 (100%)
  2: Player0 (United States),

You finished in 1st place (eliminated at hand #99632835084).
""")
    assert summary.game is None
    assert summary.game_text == "8-Game"
    hero = by_player(summary)["Hero"]
    assert (hero.unit, hero.buy_in, hero.fee, hero.prize, hero.finish, hero.hero) == \
        ("play", 10000, 900, 20000, 1, True)


def test_still_playing_satellites_tickets_and_added_money() -> None:
    summary = one("""\
PokerStars Tournament #406766863, Razz
Super Satellite
Buy-In: $0.50/$0.05 USD
44 players
$11.00 USD added to the prize pool by PokerStars
Total Prize Pool: $33.00 USD
Target Tournament #406766547 Buy-In: $11.00 USD
3 tickets to the target tournament
Tournament started 2011/07/26 21:30:00 WET [2011/07/26 16:30:00 ET]

  1: Ann (United Kingdom), $11.00 (qualified for the target tournament)
  2: Bob (Canada), (qualified for the target tournament)
  3: Cy (Spain), still playing
  38: Hero (United Kingdom),

You finished in 38th place (eliminated at hand #65113060125).
""")
    players = by_player(summary)
    assert summary.results[0].tournament_name == "Super Satellite"
    assert (players["Ann"].ticket, players["Ann"].ticket_value, players["Ann"].prize) == \
        ("target tournament", 1100, 0)
    assert players["Bob"].ticket_value == 1100  # the target's buy-in
    assert players["Ann"].cashed
    assert players["Ann"].won == 1100
    cy = players["Cy"]
    assert (cy.still_playing, cy.finish, cy.prize, cy.won) == (True, None, None, None)
    assert (players["Hero"].finish, players["Hero"].prize, players["Hero"].hero) == \
        (38, 0, True)


def test_sunday_million_and_wsop_step_tickets() -> None:
    summary = one("""\
PokerStars Tournament #1514014357, 7 Card Stud
Buy-In: $4.70/$0.30 USD
4 players
Total Prize Pool: Sunday Million ticket
Tournament started 2016/03/19 19:18:27 CET [2016/03/19 14:18:27 ET]

  1: Ann (Ukraine), Sunday Million ticket
  2: Bob (Latvia), Sunday Million biļete
  3: Cy (Iran), Tournament Ticket (WSOP Step 3)
  4: Hero (Canada),

You finished in 4th place (eliminated at hand #150603119814).
""")
    players = by_player(summary)
    assert players["Ann"].prize_pool is None
    assert players["Ann"].game is Game.STUD
    assert [players[n].ticket for n in ("Ann", "Bob", "Cy")] == [
        "Sunday Million ticket", "Sunday Million biļete", "WSOP Step 3"]
    assert all(players[n].cashed and players[n].ticket_value is None for n in ("Ann", "Cy"))


def test_rebuys_add_ons_and_bounties_are_the_players_own() -> None:
    summary = one("""\
PokerStars Tournament #2, 7 Card Stud Hi/Lo
Buy-In: $10.00/$5.00/$1.00 USD
9 players
Total Prize Pool: $90.00 USD
Tournament started 2011/09/28 8:42:10 ET
  1: Ann (Russia), $54.00 (60%)
  2: Hero (Australia), $36.00 (40%)
  3: Bob (Canada),
You made 2 rebuys and 1 addons for a total of USD 33.00.
You collected 3 bounties for a total of USD 15.00.
You finished in 2nd place.
""")
    hero = by_player(summary)["Hero"]
    assert summary.game is Game.STUD8
    assert (hero.rebuys, hero.addons, hero.rebuy_cost) == (2, 1, 3300)
    assert (hero.knockouts, hero.bounties_won) == (3, 1500)
    assert hero.cost == 1600 + 3300
    assert hero.won == 3600 + 1500
    assert by_player(summary)["Bob"].rebuys is None


def test_the_mailed_form_names_its_player_and_prize() -> None:
    hero = by_player(one("""\
PokerStars Tournament #361786920, Razz
Buy-In: €0.42/€0.08 EUR
10 players
Total Prize Pool: €4.20 EUR
Tournament started 2011/02/06 22:17:47 CET [2011/02/06 16:17:47 ET]


Dear Hero,

You finished the tournament in 2nd place. A EUR 0.90 award has been credited to your \
Real Money account.



Congratulations!

Thank you for participating.
"""))["Hero"]
    assert (hero.finish, hero.prize, hero.unit, hero.hero, hero.line) == (2, 90, "EUR", True, 10)


def test_no_place_printed_and_a_stars_era_full_tilt_summary() -> None:
    summary = one("""\
Full Tilt Tournament #1571041343, Razz
Buy-In: 870/130
6 players
Total Prize Pool: 5220
Tournament started 2016/05/20 8:25:45 ET

  1: Player0 (United Kingdom), still playing
  2: Hero (United States),

You finished the tournament (eliminated at hand #153580581770).
""")
    assert summary.site == "Full Tilt Poker"
    assert [r.hero for r in summary.results] == [False, False]  # no place: nobody named


MAIL = """\
Delivered-To: someone@example.com
Subject: PokerStars Tournament History Request - Last 2 tournaments
Content-Type: text/plain;
 charset="windows-1252"
Content-Transfer-Encoding: quoted-printable


Tournament History for your last 2 tournaments requested by Hero =
(someone@example.com)


PokerStars Tournament #2892717422, Razz
Buy-In: 17000/3000
3 players
Total Prize Pool: 51000=20
Tournament started 2020/05/04 17:37:00 ET
  1: Ann (United States), 30,600 (60%)
  2: r=C3=B6mps=C3=A4 (Finland), 20,400 (40%)
  3: N.D. Cab=F3 (Brazil),=20

You finished in 3rd place.

PokerStars Tournament #1789790449, 7 Card Stud
Buy-In: 45000/5000
2 players
Total Prize Pool: 90000=20
Tournament started 2017/01/18 9:55:00 ET
  1: Hero (United States), 90,000 (100%)
  2: Bob (Brazil),=20

You finished in 1st place.



If you have any questions, please contact "PokerStars Support" <support=
@example.com>

You are receiving this email as a customer of a brand of the Stars Group, wh=
o operate brands.
"""


def test_a_mail_of_summaries_is_decoded_and_its_lines_keep_their_numbers(
        tmp_path: Path) -> None:
    path = tmp_path / "request.eml"
    path.write_bytes(MAIL.encode("ascii"))
    found = list(read_summaries(path))
    assert [type(s).__name__ for s in found] == ["TournamentSummary", "TournamentSummary"]
    first, second = found
    assert isinstance(first, TournamentSummary)
    assert isinstance(second, TournamentSummary)
    names = [r.player for r in first.results]
    assert names == ["Ann", "römpsä", "N.D. Cabó"]  # UTF-8 and cp1252 bytes in one mail
    assert first.results[1].line == 18
    assert first.results[1].prize == 2040000
    assert first.results[2].hero
    assert first.results[2].unit == "play"
    assert [(r.player, r.finish, r.hero) for r in second.results] == [
        ("Hero", 1, True), ("Bob", 2, False)]


# ---------------------------------------------------------------------------
# Full Tilt Poker
# ---------------------------------------------------------------------------

def test_a_full_tilt_sit_and_go() -> None:
    summary = one("""\
Full Tilt Poker Tournament Summary $60 Heads-Up Sit & Go (243514942) Razz Limit (Super \
Turbo, Heads Up)
Buy-In: $58.83 + $1.17
Buy-In Chips: 500
2 Entries
Total Prize Pool: $117.66
Tournament started: 2012/11/06 23:08:23 CET [2012/11/06 17:08:23 ET]
Tournament finished: 2012/11/06 23:09:52 CET [2012/11/06 17:09:52 ET]

1: Makksmakkmao, $117.66
2: monaPL
Makksmakkmao finished in 1st place
""")
    assert (summary.site, summary.tournament_id, summary.game) == \
        ("Full Tilt Poker", "243514942", Game.RAZZ)
    winner, loser = summary.results
    assert (winner.player, winner.hero, winner.prize, winner.cost) == \
        ("Makksmakkmao", True, 11766, 6000)
    assert winner.tournament_name == "$60 Heads-Up Sit & Go"
    assert (loser.finish, loser.prize) == (2, 0)
    assert winner.started_at == datetime(2012, 11, 6, 22, 8, 23, tzinfo=UTC)


def test_a_full_tilt_knockout_with_rebuys_add_ons_cashouts_and_players_still_in() -> None:
    summary = one("""\
Full Tilt Poker Tournament Summary $9,000 KO Guarantee (Rebuy) (247044470) Stud Hi Limit \
(Knockout, Double Stack)
Buy-In: $70 + $5
Knockout Bounty: $15
Hero received 3 Knockout Bounty Awards
Add-On: $10
Rebuy: $10
Hero performed 1 Add-On
Hero performed 2 Rebuys
Buy-In Chips: 3000
Add-On Chips: 2000
Rebuy Chips: 3000
Cashout value of 200 chips: $5
374 Entries
Total Add-Ons: 224
Total Rebuys: 807
Total Prize Pool: $20,570
Total Cashout Pool: $10,950
Current Cashout Pool: $10,898.88
Top 5 finishers receive a ticket
Target Tournament $216 FTOPS Event #1
Tournament started: 2013/01/06 10:01:00 CT [2013/01/06 11:01:00 ET]
Tournament is still in progress

Still Playing - kittiesgomah
Still Playing - Waldur
79: Hero
80: Mazurite
200: grtwhitehoop, $51.12 (Cashout)
201: [Player not loaded]
202: Ann, Step 2 Ticket
Hero finished in 79th place
""")
    players = by_player(summary)
    hero = players["Hero"]
    assert summary.game is Game.STUD
    assert (hero.buy_in, hero.fee, hero.bounty) == (5500, 500, 1500)  # the bounty inside $70
    assert (hero.rebuys, hero.addons, hero.rebuy_cost) == (2, 1, 3000)
    assert (hero.knockouts, hero.bounties_won, hero.won, hero.cost) == (3, 4500, 4500, 10500)
    assert players["kittiesgomah"].still_playing
    assert players["Waldur"].finish is None
    assert players["grtwhitehoop"].prize == 5112
    assert players["Ann"].ticket == "Step 2 ticket"
    assert "[Player not loaded]" not in players


@pytest.mark.parametrize(("buy_in", "pool", "unit", "amounts"), [
    ("250 Play Chips + 0 Play Chips", "22,500 Play Chips", "play", (25000, 0, 2250000)),
    ("100 FTP + 10 FTP", "9,000 FTP", "FTP", (10000, 1000, 900000)),
    ("€10 + €1", "€90", "EUR", (1000, 100, 9000)),
    ("$1.5K + $0.1K", "$13.5K", "USD", (150000, 10000, 1350000)),
])
def test_full_tilt_units(buy_in: str, pool: str, unit: str,
                         amounts: tuple[int, int, int]) -> None:
    summary = one(f"""\
Full Tilt Poker Tournament Summary Razz (1) Razz Limit
Buy-In: {buy_in}
9 Entries
Total Prize Pool: {pool}
Tournament started: Monday, August 30, 2010 14:00

1: Ann, {pool}
""")
    ann = summary.results[0]
    assert (ann.unit, (ann.buy_in, ann.fee, ann.prize_pool)) == (unit, amounts)
    assert ann.started_at is None  # that form prints no zone


# ---------------------------------------------------------------------------
# Winamax
# ---------------------------------------------------------------------------

def test_a_winamax_summary_with_rebuys_and_add_ons() -> None:
    [hero] = one("""\
Winamax Poker - Tournament summary : Qualificatif 300€(7949467)
Player : Hero
Buy-In : 9€ + 1€
Rebuy cost : 9€ + 1€
Addon cost : 9€ + 1€
Your rebuys : 4
Your addons : 2
Registered players : 18
Total rebuys : 9
Total addons : 3
Prizepool : 300€
Tournament started 2011/05/28 19:10:00 UTC
You played 36min 15s
You finished in 9th place
""").results
    assert (hero.player, hero.hero, hero.finish, hero.prize, hero.unit) == \
        ("Hero", True, 9, 0, "EUR")
    assert (hero.rebuys, hero.addons, hero.rebuy_cost, hero.cost) == (4, 2, 6000, 7000)
    assert (hero.entrants, hero.prize_pool) == (18, 30000)


def test_winamax_game_comes_from_the_levels_and_holdem_is_skipped() -> None:
    razz = """\
Winamax Poker - Tournament summary : Expresso(193493816) - Late registration
Player : Hero
Buy-In : 4.50€ + 4.50€ + 1€
Registered players : 3
Mode : sngType : sitngo
Speed : turbo
Flight ID : 0
Levels : Levels : [10-20:0:180:razz-limit,15-30:0:180:razz-limit]
Prizepool : 30€
Tournament started 2017/04/12 00:44:12 UTC
You played 3min 40s
You finished in 1st place
You won 20€ + Ticket 5€ + Bounty 2.50€
"""
    [hero] = one(razz).results
    assert (hero.game, hero.buy_in, hero.bounty, hero.fee) == (Game.RAZZ, 450, 450, 100)
    assert (hero.prize, hero.ticket_value, hero.bounties_won, hero.won) == \
        (2000, 500, 250, 2750)
    holdem = razz.replace("razz-limit", "holdem-no-limit")
    [skipped] = read_summary_text(holdem)
    assert isinstance(skipped, SkippedSummary)
    assert skipped.tournament_id == "193493816"


@pytest.mark.parametrize(("buy_in", "rank", "expected"), [
    ("Freeroll", "You finished in 3497th place", (0, 0, 3497, 0)),
    ("Gratuit", "You finished in 5th place", (0, 0, 5, 0)),
    ("Ticket uniquement", "You finished in 23th place", (None, None, 23, 0)),
    ("0.90€ + 0.10€", "You finished in ... place", (90, 10, None, None)),
])
def test_winamax_freerolls_tickets_and_places_not_printed(
        buy_in: str, rank: str, expected: tuple[object, ...]) -> None:
    [hero] = one(f"""\
Winamax Poker - Tournament summary : Freeroll 150€(5142226)
Player : Hero
Buy-In : {buy_in}
Registered players : 5000
Prizepool : 150€
Tournament started 2011/03/05 18:30:05 UTC
You played 13min 52s
{rank}
""").results
    assert (hero.buy_in, hero.fee, hero.finish, hero.prize) == expected


# ---------------------------------------------------------------------------
# Telling summaries from hands; damage
# ---------------------------------------------------------------------------

def test_summaries_and_hand_histories_are_told_apart() -> None:
    assert summary_format(STARS_USD) is FORMAT_OF["pokerstars"]
    assert summary_format(MAIL) is FORMAT_OF["pokerstars"]
    assert summary_format("Winamax Poker - Tournament summary : X(1)\n") is FORMAT_OF["winamax"]
    assert summary_format("Full Tilt Poker Tournament Summary X (1) Razz\n") is \
        FORMAT_OF["fulltilt"]
    for hand in ("PokerStars Hand #91733835979: Tournament #664712833, $2.00+$0.20 USD "
                 "Razz Limit - Level I (10/20) - 2013/01/03 16:27:43 ET",
                 "Full Tilt Poker Game #1: $2 + $0.10 Heads Up Sit & Go (2), Table 1 - "
                 "80/160 Ante 15 - Limit Razz - 05:46:00 ET - 2011/02/19",
                 "Delivered-To: x\n\nPokerStars Hand #1: Razz Limit ($1/$2 USD) - "
                 "2017/01/21 16:58:03 ET"):
        assert summary_format(hand) is None, hand
    assert list(parse_text(STARS_USD)) == []  # no hands, and no unreadable hand


def test_a_summary_file_gives_no_hand_and_no_failure_to_parse(tmp_path: Path) -> None:
    path = tmp_path / "TS20130103 T664712833.txt"
    path.write_text(STARS_USD, encoding="utf-8")
    assert list(parse_file(path)) == []


def test_a_damaged_summary_fails_naming_its_line_and_the_next_one_reads(tmp_path: Path) -> None:
    damaged = STARS_USD.replace("  2: Bob (Chile), $18.00 (20%)", "  2: Bob (Chile), $18.x0")
    path = tmp_path / "two.txt"
    path.write_text(damaged + "\n" + STARS_USD.replace("#664712833", "#664712834"),
                    encoding="utf-8")
    failure, good = read_summaries(path)
    assert isinstance(failure, SummaryFailure)
    assert isinstance(good, TournamentSummary)
    assert (failure.path, failure.line, failure.tournament_id) == (str(path), 9, "664712833")
    assert "unreadable amount" in failure.reason
    assert "$18.x0" in (failure.offending_text or "")
    assert str(failure.error).startswith(f"{path}:9 [tournament 664712833]: ")
    assert failure.raw_text.startswith("PokerStars Tournament #664712833")
    assert good.tournament_id == "664712834"
    assert good.first_line == 16


@pytest.mark.parametrize(("damage", "line", "reason"), [
    (("45 players\n", "45 plyers\n"), 3, "unrecognised line"),
    (("Tournament started", "Tournament strated"), 5, "unrecognised line"),
    (("2013/01/03 9:00:00 ET]", "2013/13/03 9:00:00 ET]"), 5, "impossible date"),
    (("  4: Cy [2] (Iran),", "  4: Cy [2] Iran,"), 11, "list of places"),
    (("Buy-In: $2.00/$0.20 USD", "Buy-In: $2.00/$0.20/$1/$3 USD"), 2, "4 parts"),
    (("  28: Cy (Iran),", "  99999999: Cy (Iran),"), 12, "out of range"),
    (("$27.00 (30%)", "$99999999999999.00 (30%)"), 8, "out of range"),
    (("You finished in 3rd place.", "You finished in 3rd place.\nYou made 99999 rebuys and 1 "
      "addons for a total of USD 3.00."), 15, "out of range"),
])
def test_damage_names_the_line(damage: tuple[str, str], line: int, reason: str) -> None:
    [failure] = read_summary_text(STARS_USD.replace(*damage), "ts.txt")
    assert isinstance(failure, SummaryFailure), failure
    assert (failure.line, failure.site) == (line, "PokerStars")
    assert reason in failure.reason


def test_a_truncated_summary_fails_as_such() -> None:
    [failure] = read_summary_text("\n".join(STARS_USD.splitlines()[:3]) + "\n", "ts.txt")
    assert isinstance(failure, SummaryFailure)
    assert "truncated" in failure.reason
    assert failure.line == 3


def test_text_before_the_first_summary_is_kept_as_a_failure() -> None:
    found = list(read_summary_text("exported by my tracker\n" + STARS_USD, "ts.txt",
                                   FORMAT_OF["pokerstars"]))
    assert [type(f).__name__ for f in found] == ["SummaryFailure", "TournamentSummary"]
    failure = found[0]
    assert isinstance(failure, SummaryFailure)
    assert (failure.line, failure.raw_text) == (1, "exported by my tracker\n")


def test_a_line_reader_refuses_what_it_cannot_read() -> None:
    with pytest.raises(LineFault):
        FORMAT_OF["pokerstars"].readers["PLAYERS"](Draft("PokerStars", "x", 1), "1: Ann", 1)


@pytest.mark.parametrize("encoding", ["cp1252", "utf-8-sig", "utf-16"])
def test_summary_files_in_every_encoding_the_clients_write(tmp_path: Path,
                                                           encoding: str) -> None:
    from stud_hh.read.reader import read_head

    text = STARS_USD.replace("$", "€").replace("USD", "EUR").replace("\n", "\r\n")
    path = tmp_path / "summary.txt"
    path.write_bytes(text.encode(encoding))
    assert summary_format(read_head(path)) is FORMAT_OF["pokerstars"]
    [summary] = read_summaries(path)
    assert isinstance(summary, TournamentSummary)
    hero = by_player(summary)["Hero"]
    assert (hero.unit, hero.prize, hero.line) == ("EUR", 540, 10)
