"""Promise: nothing impossible is stored clean, at any site; one rule for all of them.

* A file whose lines end in U+2028, U+2029, NEL, a vertical tab or a form feed reads as
  those lines (``stud_hh/read/reader.py``, ``LINE_BREAKS``).
* A damaged game name in a Bovada tournament header is a failure, as at a cash table:
  "Big blind/Bring in" is Bovada's stud bring-in too, no sign of another game.
* A printed time that cannot be read (an impossible date or time, a zone no reader
  knows, a damaged zone) fails its hand, naming the line, at every site
  (``stud_hh/read/sites/headers.py``, :func:`header_time`); a header that prints no zone
  at all stays undated without a failure.
* A card that cannot exist (``1x``, ``Zz``, ``10h`` where the site prints tens as ``T``,
  iPoker's ``Z9``) fails its hand, naming the line; PokerStars' corrupt ``[of]``, a text
  the site is known to print, stays an unknown card with a warning.
* A card a deal line repeats from an earlier street, changed, is the engine's
  ``card.changed`` at that line, at every site whose deal lines repeat cards; so is a
  shown hand that changes a card seen dealt, at its show line, at every text site.

Each site is tested with hands written in its formats (``forms_<site>.py``), damaged by
the fuzz suite's flagged kinds (``tests/read/fuzzing.py``) and by the cases the issue
names.
"""

from __future__ import annotations

import importlib
import random
import re
from pathlib import Path

import fuzzing
import pytest
from conftest import CORPUS_DIR, CORPUS_MISSING

from stud_hh import cli
from stud_hh.model.cards import ALL_CARDS
from stud_hh.model.events import Deal, Show, StreetStart
from stud_hh.model.hand import ParsedHand, ParseFailure, SkippedHand
from stud_hh.read.parse import parse_text
from stud_hh.replay import replay

SITES = ("absolute", "bovada", "everleaf", "fulltilt", "ipoker", "kingsclub", "merge",
         "ongame", "partypoker", "pokerstars", "winamax", "winning")
_ZONES = ("absolute", "bovada", "fulltilt", "ongame", "partypoker", "pokerstars", "winamax",
          "winning")
"""The sites whose generated hands print a time zone (Bovada's 2016 Ignition hand)."""
_REPEATS = ("absolute", "fulltilt", "merge", "pokerstars", "winamax", "winning")
"""The sites whose deal lines repeat the cards of earlier streets."""
_APPLIES = {"date-impossible": SITES, "time-impossible": SITES, "zone-damaged": _ZONES,
            "zone-unknown": _ZONES, "card-impossible": SITES, "card-changed": _REPEATS}


def _hands(site: str) -> list[str]:
    hands: list[str] = importlib.import_module(f"forms_{site}").HANDS
    return hands


def _source(site: str, text: str) -> fuzzing.Source:
    suffix = ".xml" if site in ("ipoker", "merge") else ".txt"
    return fuzzing.Source(Path(f"{site}{suffix}"), text.encode("utf-8"), "utf-8", text)


@pytest.mark.parametrize("kind", fuzzing.FLAGGED_KINDS)
@pytest.mark.parametrize("site", SITES)
def test_every_site_flags_each_impossible_thing_at_its_line(site: str, kind: str) -> None:
    """Every generated hand of the site, damaged by the kind (two draws each): a failure,
    warning or violation names the damaged line; the kind applies wherever the site prints
    such a thing."""
    damaged = 0
    for hand in _hands(site):
        for seed in range(2):
            mutant = fuzzing.mutate(kind, random.Random(seed), _source(site, hand))
            if mutant is None:
                continue
            damaged += 1
            assert mutant.flagged_line is not None
            found = fuzzing.stored_clean(mutant.data.decode("utf-8"), site,
                                         mutant.flagged_line)
            assert found is None, f"{mutant.note}: {found}"
    assert (damaged > 0) == (site in _APPLIES[kind])


# -- the cases the issue names -------------------------------------------------------

def _forms_hand(site: str, first_line: str) -> str:
    return next(h for h in _hands(site) if h.startswith(first_line) or first_line in h[:400])


def _corpus_text(name: str) -> str:
    if not CORPUS_DIR.is_dir():
        pytest.skip(CORPUS_MISSING)
    return fuzzing.load(CORPUS_DIR / name).text


def _line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(fuzzing.lines_of(text), 1) if needle in line)


_TIMES = [
    # (site, a generated hand's opening, printed text, its damage)
    ("bovada", "Ignition Hand #3300000001", "10:00:00 UTC", "10:00:00 XYZT"),
    ("bovada", "Bovada Hand #2844000001", "2014-04-06 19:50:19", "2012-02-30 25:61:61"),
    ("bovada", "Bovada Hand #2633110001", "2012-06-17 23:02:57", "2012-06-17 23:02:61"),
    ("everleaf", "Everleaf Gaming Game #", "2011/08/12 - 13:09:06", "2012/02/30 - 25:61:61"),
    ("winning", "Hand #85198832", "16:15:58 UTC", "16:15:58 XYZT"),
    ("winning", "Game started at: 2016/8/2 11:18:18", "2016/8/2 11:18:18", "2012/2/30 11:18:18"),
    ("winning", "Game started at: 2016/8/2 11:18:18", "Game ended at: 2016/8/2",
     "Game ended at: 2016/2/30"),
    ("pokerstars", "PokerStars Game #241600000000", "10:08:43 ET", "10:08:43 aCET"),
    ("pokerstars", "PokerStars Hand #241600000001", "21:14:09 CET [", "21:14:09 XYZT ["),
    ("fulltilt", "Full Tilt Poker Game #30000000000", "12:22:17 ET", "12:22:17 aET"),
    ("partypoker", "#Game No : 20000000002", "23:01:18 EST", "23:01:18 XYZT"),
    ("winamax", "Winamax Poker - CashGame - HandId: #9250793-1-", "22:46:27 UTC",
     "22:46:27 XYZT"),
    ("absolute", "Stage #1300000101", "19:10:00 (ET)", "19:10:00 (XYZT)"),
    ("ongame", "Start hand: Sun Feb 13 14:14:04 CET 2011", "14:14:04 CET", "14:14:04 XYZT"),
    ("ongame", "Start hand: Mon Sep 13 22:31:30 GMT+0100", "GMT+0100", "GMT+9900"),
    ("kingsclub", "2020-10-26 19:00:47", "2020-10-26 19:00:47", "2020-02-30 19:00:47"),
    ("ipoker", "<session", "<startdate>2010-09-05 13:00:46", "<startdate>2010-02-30 13:00:46"),
    ("merge", '<game id="31423297-107"', 'starttime="20110204', 'starttime="20110230'),
]


@pytest.mark.parametrize(("site", "hand", "old", "new"), _TIMES)
def test_a_printed_time_that_cannot_be_read_fails_the_hand_naming_its_line(
        site: str, hand: str, old: str, new: str) -> None:
    """Item 2: a damaged zone (``aCET``, ``XYZT``) or an impossible date or time
    (``2012/02/30 25:61:61``) was stored undated without a word at Bovada, Everleaf,
    Winning and others; it fails the hand, naming the line, as at PokerStars."""
    text = _forms_hand(site, hand)
    assert old in text
    damaged = text.replace(old, new, 1)
    line = _line_of(damaged, new)
    results = list(parse_text(damaged, site))
    failure = next(r for r in results if isinstance(r, ParseFailure) and r.line == line)
    assert re.match(r"unreadable (?:start|end) time: ", failure.reason), failure.reason


@pytest.mark.parametrize(("site", "hand"), [
    ("everleaf", "Everleaf Gaming Game #"), ("bovada", "Bovada Hand #2844000001"),
    ("kingsclub", "2020-10-26 19:00:47"), ("winning", "Game started at: 2016/8/2 11:18:18"),
    ("ipoker", "<session")])
def test_a_header_that_prints_no_zone_stays_undated_without_a_word(site: str,
                                                                   hand: str) -> None:
    read = next(iter(parse_text(_forms_hand(site, hand), site)))
    assert isinstance(read, ParsedHand)
    assert read.header.started_at is None
    assert read.header.started_local
    assert not [w for w in read.warnings if "time" in w or "date" in w]


_CARDS = [
    # (site, a generated hand's opening, a card line's text, the same with a card that
    #  cannot exist)
    ("merge", '<game id="31423297-107"', 'cards="As,Ah,Kd,7s,Qh,Jc,5d"',
     'cards="As,Ah,Kd,7s,Qh,Jc,1x"'),
    ("merge", '<game id="31423297-107"', 'cards="As,Ah,Kd,7s,Qh,Jc,5d"',
     'cards="As,Ah,Kd,7s,Qh,Jc,10d"'),
    ("pokerstars", "PokerStars Game #241600000000", "Dealt to Ann [As Kd 4h]",
     "Dealt to Ann [As Kd 1x]"),
    ("pokerstars", "PokerStars Game #241600000000", "Dealt to Ann [As Kd 4h]",
     "Dealt to Ann [As 10d 4h]"),
    ("bovada", "Bovada Hand #2844000001", "Card dealt to a spot [", "Card dealt to a spot [Zz "),
    ("winamax", "Winamax Poker - CashGame - HandId: #9250793-1-", "Dealt to Hero [4h Qd Ac]",
     "Dealt to Hero [4h Qd Ay]"),
    ("ipoker", "<session", ">C8 D8 H9</cards>", ">C8 D8 Z9</cards>"),
    ("ipoker", "<session", ">C8 D8 H9</cards>", ">C8 D8 HT</cards>"),
]


@pytest.mark.parametrize(("site", "hand", "old", "new"), _CARDS)
def test_a_card_that_cannot_exist_fails_the_hand_naming_its_line(site: str, hand: str,
                                                                old: str, new: str) -> None:
    """Item 4: Merge's ``1x`` was an unknown card with no note, and elsewhere such a card
    was only a warning (``10d`` at PokerStars was even read as a ten): it fails the hand."""
    text = _forms_hand(site, hand)
    assert old in text, old
    damaged = text.replace(old, new, 1)
    line = _line_of(damaged, new)
    results = list(parse_text(damaged, site))
    failure = next((r for r in results if isinstance(r, ParseFailure)), None)
    assert failure is not None, [type(r).__name__ for r in results]
    assert failure.line == line
    assert failure.reason.startswith("a card that cannot exist: "), failure.reason


def test_the_corrupt_of_pokerstars_printed_stays_unknown_with_a_warning() -> None:
    """The documented exception: a text the site is known to print in a card's place."""
    text = _corpus_text("Stars/Triple-Stud-USD-2.00-0.20-MTT-201301.txt")
    hand = next(r for r in parse_text(text) if isinstance(r, ParsedHand))
    assert hand.warnings == ("line 46: unreadable card(s) 'of' kept as unknown",)


_CHANGED = [
    # (site, a generated hand's opening, a deal line, the same repeating a card changed)
    ("pokerstars", "PokerStars Game #241600000000", "Dealt to Ann [As Kd 4h] [4s]",
     "Dealt to Ann [4s Kd 4h] [4s]"),
    ("fulltilt", "Full Tilt Poker Game #30000000001", "Dealt to Hero [Ad 2d 3h] [5c]",
     "Dealt to Hero [Ad 2d 5c] [5c]"),
    ("winamax", "Winamax Poker - CashGame - HandId: #9250793-1-",
     "Dealt to Hero [4h Qd Ac] [3h]", "Dealt to Hero [4h Qd Ac Ac] [3h]"),
    ("winning", "Hand #85198832", "Dealt to Hero [As 2s Qs] [3c]",
     "Dealt to Hero [3c 2s Qs] [3c]"),
    ("merge", '<game id="31423297-107"', None, None),
]


@pytest.mark.parametrize(("site", "hand", "old", "new"), _CHANGED)
def test_a_repeated_card_that_changed_is_card_changed_at_its_line(
        site: str, hand: str, old: str | None, new: str | None) -> None:
    """Item 4: ``[Jh 7c Ah] [Jh]`` after ``[7s 7c Ah]`` was not flagged: the engine checks
    the cards a deal line repeats against those dealt before it, each once."""
    text = _forms_hand(site, hand)
    if old is None:  # Merge: a later DRAW_DRAWN_CARDS list repeating a card changed
        found = re.search(r'type="DRAW_DRAWN_CARDS" cards="null,null,(\w\w),\w\w"', text)
        assert found is not None
        old = found.group(0)
        new = old.replace(found.group(1), "2d" if found.group(1) != "2d" else "3d", 1)
    assert new is not None
    assert old in text, old
    damaged = text.replace(old, new, 1)
    line = _line_of(damaged, new)
    hand_read = next(r for r in parse_text(damaged, site) if not isinstance(r, SkippedHand))
    assert isinstance(hand_read, ParsedHand), getattr(hand_read, "reason", "")
    assert ("card.changed", line) in {(v.rule, v.line) for v in replay(hand_read).violations}


def test_the_issues_pokerstars_line_repeating_the_new_card_is_card_changed() -> None:
    """``Dealt to Hero [Jh 7c Ah] [Jh]`` after ``[7s 7c Ah]``: the new card is no repeat."""
    text = _corpus_text("Stars/7-Stud-USD-0.04-0.08-200911.txt")
    first = text[:text.index("\n\n\n")]
    assert "Dealt to Hero [3d Th As] [Qc]" in first
    damaged = first.replace("Dealt to Hero [3d Th As] [Qc]", "Dealt to Hero [Qc Th As] [Qc]")
    line = _line_of(damaged, "Dealt to Hero [Qc Th As] [Qc]")
    (hand,) = parse_text(damaged)
    assert isinstance(hand, ParsedHand)
    assert [(v.rule, v.line) for v in replay(hand).violations] == [("card.changed", line)]


_TEXT_SITES = tuple(s for s in SITES if s not in ("ipoker", "merge"))
"""The text sites: their show lines print the cards themselves."""


def _shown_changed(text: str, site: str) -> tuple[str, int] | None:
    """``text`` with one shown card changed: a card the player was dealt on an earlier line,
    shown as a card no line of the hand holds; and the show line. ``None`` when no show line
    repeats a card dealt before it, or the hand has a common card."""
    (hand,) = [r for r in parse_text(text, site) if isinstance(r, ParsedHand)]
    if any(isinstance(e, StreetStart) and e.has_common for e in hand.events):
        return None  # 6 own cards, judged against 7 (engine.cards._shown_changed)
    used = {c for e in hand.events for c in (*(getattr(e, "cards", ()) or ()),
                                             *(getattr(e, "known", ()) or ())) if c}
    unused = next(c for c in sorted(ALL_CARDS) if c not in used and c[0] != "T")
    for show in (e for e in hand.events if isinstance(e, Show)):
        seen = [c for d in hand.events if isinstance(d, Deal) and d.player == show.player
                and d.line < show.line for c in (*d.cards, *d.known) if c]
        for card in (c for c in show.cards if c in seen):
            lines = text.split("\n")
            printed = f"10{card[1]}" if card[0] == "T" and site == "absolute" else card
            found = re.search(rf"(?<![\w]){printed}(?![\w])", lines[show.line - 1])
            if found is not None:
                line = lines[show.line - 1]
                lines[show.line - 1] = line[:found.start()] + unused + line[found.end():]
                return "\n".join(lines), show.line
    return None


@pytest.mark.parametrize("site", _TEXT_SITES)
def test_a_shown_hand_that_changes_a_card_dealt_is_card_changed_at_the_show_line(
        site: str) -> None:
    """Item 4, at the showdown: ``shows [Ac 4d 7d Td 3d 2c 2h]`` where ``Tc`` was dealt face
    up was stored clean (the engine only asked whether a shown card was dealt to another).
    Every generated hand whose show line repeats a card dealt before it, that card changed:
    card.changed at the show line."""
    changed = 0
    for text in _hands(site):
        damaged = _shown_changed(text, site)
        if damaged is None:
            continue
        changed += 1
        (hand,) = [r for r in parse_text(damaged[0], site) if isinstance(r, ParsedHand)]
        assert ("card.changed", damaged[1]) in {(v.rule, v.line)
                                               for v in replay(hand).violations}
    assert changed > 0


def test_the_issues_pokerstars_showdown_changing_an_up_card_is_card_changed() -> None:
    text = _corpus_text("Stars/7-Stud-USD-0.04-0.08-200911.txt")
    first = next(h for h in text.split("\n\n\n")
                 if "Nikolay Zem: shows [Ac 4d 7d Td 3d Tc 2h]" in h)
    damaged = first.replace("shows [Ac 4d 7d Td 3d Tc 2h]", "shows [Ac 4d 7d Td 3d 2c 2h]")
    line = _line_of(damaged, "shows [Ac 4d 7d Td 3d 2c 2h]")
    (hand,) = parse_text(damaged)
    assert isinstance(hand, ParsedHand)
    assert [(v.rule, v.line, v.message) for v in replay(hand).violations] == [(
        "card.changed", line, "Nikolay Zem shows Ac 4d 2c 2h instead of Tc: with the cards "
        "seen before, more cards than a player holds")]


@pytest.mark.parametrize("end", ["\u2028", "\u2029", "\x85", "\x0b", "\x0c"],
                         ids=["U+2028", "U+2029", "NEL", "VT", "FF"])
def test_a_file_whose_lines_end_in_another_line_boundary_reads_as_its_lines(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], end: str) -> None:
    """Item 5: such a file was "no hands", exit 0, though it opens with a valid header."""
    text = _corpus_text("Stars/7-Stud-USD-0.04-0.08-200911.txt")
    folder = tmp_path / "histories"
    folder.mkdir()
    (folder / "odd.txt").write_text(text.replace("\n", end), encoding="utf-8")
    (tmp_path / "plain.txt").write_text(text, encoding="utf-8")
    assert cli.main(["parse", str(tmp_path / "plain.txt"), "-q"]) == 0
    plain = capsys.readouterr().out
    assert "11 hands parsed" in plain
    for target in (folder / "odd.txt", folder):  # named, and found in a folder
        assert cli.main(["parse", str(target), "-q"]) == 0
        assert capsys.readouterr().out.replace("files", "file") == plain
    lines = list(parse_text(text.replace("\n", end)))
    assert [(r.first_line, r.last_line) for r in lines] == [
        (r.first_line, r.last_line) for r in parse_text(text)]


def test_a_damaged_game_code_in_a_bovada_tournament_header_is_a_failure() -> None:
    """Item 8: ``7CRAD`` in a tournament header was "skipped as not stud" (its
    ``Big blind/Bring in`` read as hold'em's blind) where the cash header's failed."""
    for hand in ("Bovada Hand #2633110001", "Bovada Hand #2633110002", "Bovada Hand #2844000001"):
        text = _forms_hand("bovada", hand).replace("7CARD", "7CRAD", 1)
        (result,) = parse_text(text)
        assert isinstance(result, ParseFailure), hand
        assert (result.line, result.offending_text) == (1, text.split("\n")[0])
        assert "the game '7CRAD Fixed Limit' is " in result.reason, result.reason


@pytest.mark.parametrize("site", SITES)
def test_a_damaged_game_name_never_skips_a_generated_hand(site: str) -> None:
    """Cash and tournament headers alike (issue 15 item 6's rule, ``games.py``): a stud
    hand whose game name is damaged fails; it is never skipped as another game."""
    skipped = []
    for hand in _hands(site):
        for seed in range(4):
            mutant = fuzzing.mutate("game-damaged", random.Random(seed), _source(site, hand))
            if mutant is None:
                continue
            for result in parse_text(mutant.data.decode("utf-8"), site):
                if isinstance(result, SkippedHand):
                    skipped.append(f"{mutant.note}: skipped as {result.game_text!r}")
    assert not skipped, "\n".join(skipped[:10])
