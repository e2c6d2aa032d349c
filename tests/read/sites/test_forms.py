"""Promise: every site's reader reads every form its catalogue (docs/formats/) lists.

For every site:

* the catalogue is well formed: each form has an example that is an instance
  of its template, and says where it is known from;
* every line of every stud-family corpus hand of the site is an instance of a
  catalogued form (the catalogue covers at least the corpus);
* the site's generated hands (``tests/read/sites/forms_<site>.py``, ``HANDS``), written
  from the catalogue, use every catalogued form, and each parses, replays
  with zero violations under the site's profile and balances;
* every chat and table-traffic form (``noise.*``) is read as noise, and,
  inserted between any two lines of a real corpus hand of the site, leaves
  its events (noise aside), seats, pots, nets and violations unchanged.
"""

from __future__ import annotations

import importlib
import random
from functools import cache

import pytest
from catalogue import (
    SLUGS,
    Catalogue,
    catalogue,
    check_hands,
    check_noise_insertion,
    compile_template,
    instance,
    uncovered,
    unmatched_lines,
    without_noise,
)
from conftest import CORPUS_DIR, CORPUS_MISSING
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stud_hh.model.events import HandEvent
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_file, result_of
from stud_hh.read.sites import DIALECTS
from stud_hh.read.split import raw_hands

SITES = sorted(SLUGS)
TEXT_SITES = sorted({d.name for d in DIALECTS})


def _slug(site: str) -> str:
    return SLUGS[site]


@cache
def _corpus_hands(site: str) -> tuple[tuple[str, ParsedHand], ...]:
    """(raw text, parsed hand) of every stud-family corpus hand of ``site``."""
    if not CORPUS_DIR.is_dir():
        return ()
    found = []
    for path in sorted(CORPUS_DIR.rglob("*")):
        if not path.is_file() or path.suffix in (".hp", ".hands", ".gt", ".csv"):
            continue
        for raw in raw_hands(path):
            result = result_of(raw)
            if isinstance(result, ParsedHand) and result.header.site == site:
                found.append((raw.text, result))
    return tuple(found)


def _forms_module(site: str) -> object:
    return importlib.import_module(f"forms_{_slug(site)}")


@pytest.mark.parametrize("site", SITES)
def test_catalogue_is_well_formed(site: str) -> None:
    cat: Catalogue = catalogue(_slug(site))
    assert cat.forms, f"docs/formats/{_slug(site)}.md lists no forms"
    problems = []
    for form in cat:
        if not form.examples:
            problems.append(f"{form.id}: no example")
        if not form.sources:
            problems.append(f"{form.id}: no 'from:' source")
        for example in form.examples:
            if not form.matches(example):
                problems.append(f"{form.id}: example {example!r} is not an instance of "
                                f"{form.template!r} ({compile_template(form.template).pattern})")
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("site", SITES)
def test_every_corpus_line_is_a_catalogued_form(site: str) -> None:
    if not CORPUS_DIR.is_dir():
        pytest.skip(CORPUS_MISSING)
    hands = _corpus_hands(site)
    assert hands, f"no corpus hand of {site}"
    missing = unmatched_lines(catalogue(_slug(site)), (text for text, _ in hands))
    assert not missing, "lines of no catalogued form:\n" + "\n".join(
        sorted(set(missing))[:60])


@pytest.mark.parametrize("site", SITES)
def test_generated_hands_use_every_form_and_replay_clean(site: str) -> None:
    module = _forms_module(site)
    texts: list[str] = module.HANDS  # type: ignore[attr-defined]
    assert texts
    assert uncovered(catalogue(_slug(site)), texts) == []
    check_hands(texts, site)


@pytest.mark.parametrize("site", TEXT_SITES)
def test_noise_forms_are_read_as_noise(site: str) -> None:
    from stud_hh.read.sites import DIALECTS

    noise = next(d for d in DIALECTS if d.name == site).noise
    cat = catalogue(_slug(site))
    assert cat.noise, f"{site} catalogues no chat or table-traffic form"
    wrong = [(f.id, e) for f in cat.noise for e in f.examples if noise.shape_of(e) is None]
    assert not wrong, f"catalogued noise the reader does not take as noise: {wrong}"


@pytest.mark.parametrize("site", TEXT_SITES)
def test_noise_between_any_two_lines_changes_nothing(site: str) -> None:
    """Every noise form, at every place of one real hand of the site."""
    hands = _corpus_hands(site)
    if not hands:
        pytest.skip(CORPUS_MISSING)
    text, hand = hands[0]
    names = [s.name for s in hand.header.seats]
    rng = random.Random(7)
    count = text.rstrip("\n").count("\n") + 1
    for form in catalogue(_slug(site)).noise:
        line = instance(form, rng, names)
        for index in range(1, count):
            check_noise_insertion(text, line, index)


@pytest.mark.parametrize("site", TEXT_SITES)
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_noise_anywhere_in_any_corpus_hand(site: str, data: st.DataObject) -> None:
    hands = _corpus_hands(site)
    if not hands:
        pytest.skip(CORPUS_MISSING)
    text, hand = data.draw(st.sampled_from(hands))
    forms = catalogue(_slug(site)).noise
    form = data.draw(st.sampled_from(forms))
    seed = data.draw(st.integers(0, 2**32))
    line = instance(form, random.Random(seed), [s.name for s in hand.header.seats])
    count = text.rstrip("\n").count("\n") + 1
    index = data.draw(st.integers(1, max(1, count - 1)))
    check_noise_insertion(text, line, index)


def test_corpus_files_are_read_as_before() -> None:
    """The readers' reach on the corpus did not shrink (193 stud-family hands)."""
    if not CORPUS_DIR.is_dir():
        pytest.skip(CORPUS_MISSING)
    parsed = sum(isinstance(r, ParsedHand) for path in sorted(CORPUS_DIR.rglob("*"))
                 if path.is_file() and path.suffix not in (".hp", ".hands", ".gt", ".csv")
                 for r in parse_file(path))
    assert parsed >= 193


@pytest.mark.parametrize("site", TEXT_SITES)
def test_the_generated_hands_in_one_file_are_read_hand_by_hand(site: str) -> None:
    """A session file holding all the site's generated hands, one after another (blank
    lines between, as clients write them), gives each hand exactly as read alone (the
    site's notices aside: a PartyPoker hand ending in the next hand's ``Game #N starts.``
    hands that line on to the hand it announces)."""
    from stud_hh.model.events import Announcement
    from stud_hh.read.parse import parse_text

    def game(events: tuple[HandEvent, ...]) -> list[HandEvent]:
        return [e for e in without_noise(events) if not isinstance(e, Announcement)]

    texts: list[str] = _forms_module(site).HANDS  # type: ignore[attr-defined]
    alone = [next(iter(parse_text(t))) for t in texts]
    together = list(parse_text("\n\n\n".join(t.rstrip("\n") for t in texts) + "\n"))
    assert [type(r).__name__ for r in together] == [type(r).__name__ for r in alone]
    assert [r.hand_id for r in together] == [r.hand_id for r in alone]
    assert [game(r.events) for r in together if isinstance(r, ParsedHand)] == [
        game(r.events) for r in alone if isinstance(r, ParsedHand)]
