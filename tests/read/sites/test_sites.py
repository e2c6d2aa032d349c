"""What every site reader promises, checked across all of them at once.

* Each text dialect ships its grammar and each site (text or document) has a
  rule profile; the profile's settings each carry evidence or say none exists, and what
  the site prints unlike most (``prints``) carries evidence too.
* Sites are told apart from the text, never guessed: on every hand of the
  corpus exactly one dialect claims the first line.
* A file may mix sites and games: hands of several sites in one file are read,
  each by its own reader, in file order.
* Text of no known site is reported as such, with its file and line.

The corpus is read in place from ``../shared/corpus``.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from pathlib import Path

import pytest
from conftest import CORPUS_DIR, CORPUS_MISSING
from lark import Lark

from stud_hh import rules
from stud_hh.model.hand import ParsedHand, ParseFailure, SkippedHand
from stud_hh.read import reader
from stud_hh.read.grammars import grammar_folder, grammar_text
from stud_hh.read.parse import parse_file, parse_text
from stud_hh.read.sites import DIALECTS, DOCUMENTS, Dialect, starts_hand
from stud_hh.read.sites.everleaf import HAND_START as EVERLEAF_START

SETTINGS = ("bring_in_tie_break", "board_tie_break", "heads_up_uncapped", "max_bets",
            "half_bet_reopens", "odd_chip", "showdown_first", "side_pots_shown_first",
            "open_pair_big_bet")
"""The house rules docs/stud-rules.md says differ between rooms: each site profile accounts
for them."""


def _corpus() -> Path:
    if not CORPUS_DIR.is_dir():
        pytest.skip(CORPUS_MISSING)
    return CORPUS_DIR


def _text_files() -> list[Path]:
    if not CORPUS_DIR.is_dir():
        return []
    return sorted(p for p in CORPUS_DIR.rglob("*") if p.suffix.lower() in (".txt", ".xml")
                  and p.is_file())


@pytest.mark.parametrize("dialect", DIALECTS, ids=lambda d: d.name)
def test_every_text_dialect_has_its_own_grammar(dialect: Dialect) -> None:
    others = [d.name for d in DIALECTS if d.grammar == dialect.grammar and d is not dialect]
    assert not others, f"{dialect.grammar} is shared with {others}"
    Lark(grammar_text(dialect.grammar), parser="lalr",
         import_paths=[grammar_folder()], lexer="contextual")


def _site_names() -> list[str]:
    return [d.name for d in DIALECTS] + [d.site for d in DOCUMENTS]


@pytest.mark.parametrize("site", _site_names())
def test_every_site_has_a_profile_that_accounts_for_each_house_rule(site: str) -> None:
    profile = rules.profile_for(rules.SITE, site)
    # a site audited under docs/stud-rules.md's own values (PHH: live games)
    if profile is rules.CASINO:
        return
    for setting in SETTINGS:
        named = [e for e in profile.evidence if e.setting == setting]
        assert named, f"{profile.name}: no evidence entry (not even 'none') for {setting}"
        for evidence in named:
            assert evidence.shows.strip()
            if evidence.support is not rules.Support.NONE and evidence.file:
                assert (CORPUS_DIR / evidence.file).exists() or not CORPUS_DIR.is_dir() \
                    or evidence.support is rules.Support.OUTSIDE_CORPUS, evidence.file
    for field in dataclasses.fields(rules.Printing):
        if getattr(profile.prints, field.name) != getattr(rules.USUAL, field.name):
            setting = f"prints.{field.name}"
            assert profile.support(setting) is not rules.Support.NONE \
                or any(e.setting == setting for e in profile.evidence), \
                f"{profile.name}: no evidence for {setting}"


def test_exactly_one_dialect_claims_each_hand_of_the_corpus() -> None:
    _corpus()
    claims: Counter[str] = Counter()
    for path in _text_files():
        for raw in reader.read_hands(path, starts_hand):
            if not raw.is_hand or raw.kind != "text":
                continue
            first = raw.text.partition("\n")[0]
            owners = [d.name for d in DIALECTS if d.hand_start.match(first)]
            assert len(owners) == 1, f"{path}:{raw.first_line}: claimed by {owners}: {first!r}"
            claims[owners[0]] += 1
    unused = [d.name for d in DIALECTS if not claims[d.name]]
    assert not unused, f"dialects with no corpus hand: {unused}"


def _first_hand_per_site() -> dict[str, str]:
    """One stud hand's raw text per text site, from the corpus."""
    found: dict[str, str] = {}
    for path in _text_files():
        document_head = reader.read_head(path)
        if document_head.startswith("<"):
            continue
        for raw in reader.read_hands(path, starts_hand):
            if not raw.is_hand:
                continue
            results = list(parse_text(raw.text))
            if len(results) == 1 and isinstance(results[0], ParsedHand) \
                    and results[0].site not in found:
                found[results[0].site] = raw.text
    return found


def test_one_file_mixing_every_text_site_is_read_hand_by_hand(tmp_path: Path) -> None:
    _corpus()
    hands = _first_hand_per_site()
    assert set(hands) == {d.name for d in DIALECTS}
    mixed = tmp_path / "mixed.txt"
    mixed.write_text("\n\n".join(hands.values()), encoding="utf-8")
    results = list(parse_file(mixed))
    assert [type(r).__name__ for r in results] == ["ParsedHand"] * len(hands)
    assert [r.site for r in results if isinstance(r, ParsedHand)] == list(hands)


def test_text_of_no_known_site_is_reported_as_such() -> None:
    text = "Moon Poker Hand #1: 7 Card Stud ($1/$2) - 2020/01/01\nSeat 1: a (100)\n"
    [result] = list(parse_text(text, path="moon.txt"))
    assert isinstance(result, ParseFailure)
    assert "no hand header of a supported site" in result.reason
    assert (result.path, result.first_line, result.raw_text) == ("moon.txt", 1, text)


def test_a_known_site_after_unknown_text_is_still_read() -> None:
    _corpus()
    site, hand = next(iter(_first_hand_per_site().items()))
    results = list(parse_text("garbage line\nmore garbage\n\n" + hand, path="x.txt"))
    assert isinstance(results[0], ParseFailure)
    assert results[0].first_line == 1
    assert isinstance(results[1], ParsedHand)
    assert results[1].site == site
    assert results[1].first_line == 4
    assert not any(isinstance(r, SkippedHand) for r in results)


def test_a_player_named_like_a_site_starts_no_hand() -> None:
    """Hands are cut at the whole shape of a site's first header line: a player called
    'PokerStars Fan' joining at seat #3 (or an Everleaf 'Partouche Poker fan' chatting) is a
    line of the hand, not the start of another."""
    text = (Path(__file__).resolve().parents[2] / "data" / "handwritten" / "stud_cash_0.10-0.20.txt"
            ).read_text(encoding="utf-8").split("\n\n\n")[0].strip() + "\n"
    assert "Wombat Jack joins the table at seat #8" in text
    joined = text.replace("Wombat Jack joins the table at seat #8",
                          "PokerStars Fan joins the table at seat #8")
    (hand,) = parse_text(joined)
    assert isinstance(hand, ParsedHand)
    assert [e.player for e in hand.events if type(e).__name__ == "TableEvent"] == [
        "PokerStars Fan"]
    assert not EVERLEAF_START.match("Partouche Poker fan: bets [€ 0.10 EURO]")
    assert EVERLEAF_START.match("Partouche Poker Gibraltar")
