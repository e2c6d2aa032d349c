"""The replayer's table in a real browser (headless Chromium): at tables of 2 to 8 players
(hands of ``sample_histories/`` that reach a showdown, the longest hand names each
table has) and at wide, middling and narrow windows, no seat's box overlaps another's
or leaves the table, and every hand name shows whole (wrapped, never cut with an
ellipsis), at the first step and at the showdown; the chips in front of the seats sit
clear of every seat."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from chromium import open_page

from stud_hh.analysis.html.replayer import hand_page, hand_view
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_file
from stud_hh.replay import replay

SAMPLES = Path(__file__).resolve().parents[3] / "sample_histories"

TABLES = {
    # players: (sample file, hand id), each reaching a showdown with long hand names
    2: ("stud8_heads-up_0.04-0.08.txt", "100106000078"),
    3: ("stud8_cash_0.25-0.50.txt", "100102000412"),
    4: ("stud_tournament.txt", "100104000108"),
    5: ("stud8_cash_0.25-0.50.txt", "100102000337"),
    6: ("stud8_cash_0.25-0.50.txt", "100102000343"),
    7: ("stud8_cash_0.25-0.50.txt", "100102000422"),
    8: ("stud8_cash_0.25-0.50.txt", "100102000126"),
}
WINDOWS = [(1920, 1080), (1280, 800), (1024, 700), (800, 900), (420, 860)]

MEASURE = """() => {
  const box = e => { const r = e.getBoundingClientRect();
                     return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const root = document.querySelector('.stud-replayer');
  return {
    table: box(root.querySelector('.sr-table')),
    seats: [...root.querySelectorAll('.seat')].map(s => ({name: s.dataset.player, box: box(s)})),
    names: [...root.querySelectorAll('.hand-name')].map(n => ({
      text: n.textContent, scroll: n.scrollWidth, client: n.clientWidth, box: box(n),
      seat: box(n.closest('.seat'))})),
  };
}"""


def _page(players: int, folder: Path) -> Path:
    file, hand_id = TABLES[players]
    hand = next(h for h in parse_file(SAMPLES / file)
                if isinstance(h, ParsedHand) and h.hand_id == hand_id)
    assert len(hand.header.seats) == players
    path = folder / f"table-{players}.html"
    path.write_text(hand_page(hand_view(replay(hand))), encoding="utf-8")
    return path


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
            and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5)


def _check(seen: dict[str, Any], where: str) -> None:
    seats = seen["seats"]
    for i, first in enumerate(seats):
        for second in seats[i + 1:]:
            assert not _overlap(first["box"], second["box"]), (
                f"{where}: {first['name']} and {second['name']} overlap: {first}, {second}")
        assert first["box"]["left"] >= seen["table"]["left"] - 0.5, (where, first)
        assert first["box"]["right"] <= seen["table"]["right"] + 0.5, (where, first)
    for name in seen["names"]:
        assert "\u2026" not in name["text"], (where, name)
        assert name["scroll"] <= name["client"], f"{where}: {name['text']!r} is cut: {name}"
        assert name["box"]["right"] <= name["seat"]["right"] + 0.5, (where, name)
        assert name["box"]["bottom"] <= name["seat"]["bottom"] + 0.5, (where, name)


@pytest.mark.parametrize("players", sorted(TABLES))
def test_seats_stand_apart_and_hand_names_show_whole(browser: Any, tmp_path: Path,
                                                     players: int) -> None:
    path = _page(players, tmp_path)
    for width, height in WINDOWS:
        with open_page(browser, path, width=width, height=height) as opened:
            page = opened.page
            page.focus(".stud-replayer")
            _check(page.evaluate(MEASURE), f"{players} players, {width}x{height}, first step")
            page.keyboard.press("End")
            seen = page.evaluate(MEASURE)
            assert seen["names"], "the showdown names no hand"
            _check(seen, f"{players} players, {width}x{height}, showdown")
            opened.assert_clean()


FRONTS = """() => {
  const box = e => { const r = e.getBoundingClientRect();
                     return {left: r.left, right: r.right, top: r.top, bottom: r.bottom}; };
  const root = document.querySelector('.stud-replayer');
  return {
    narrow: root.querySelector('.sr-table').classList.contains('sr-narrow'),
    table: box(root.querySelector('.sr-table')),
    seats: [...root.querySelectorAll('.seat')].map(s => ({name: s.dataset.player, box: box(s),
      front: s.querySelector('.front').textContent ? box(s.querySelector('.front')) : null})),
  };
}"""


@pytest.mark.parametrize("players", [4, 6, 8])
def test_the_chips_in_front_of_a_seat_sit_clear_of_every_seat(browser: Any, tmp_path: Path,
                                                                players: int) -> None:
    """At the step of 3rd street where the most players have chips in front of them, each
    pile sits on the table clear of every seat (around the table), or in its own seat (in
    rows, a narrow window)."""
    path = _page(players, tmp_path)
    file, hand_id = TABLES[players]
    hand = next(h for h in parse_file(SAMPLES / file)
                if isinstance(h, ParsedHand) and h.hand_id == hand_id)
    steps = hand_view(replay(hand))["steps"]
    most = max(range(len(steps)), key=lambda i: sum(1 for v in steps[i]["front"].values() if v))
    assert sum(1 for v in steps[most]["front"].values() if v) >= 2
    for width, height in WINDOWS:
        with open_page(browser, path, width=width, height=height) as opened:
            page = opened.page
            page.focus(".stud-replayer")
            for _ in range(most):
                page.keyboard.press("ArrowRight")
            seen = page.evaluate(FRONTS)
            piles = [s for s in seen["seats"] if s["front"]]
            where = f"{players} players, {width}x{height}"
            assert len(piles) == sum(1 for v in steps[most]["front"].values() if v), where
            for pile in piles:
                front = pile["front"]
                if seen["narrow"]:  # in its own seat
                    seat = pile["box"]
                    assert seat["left"] <= front["left"] <= front["right"] <= seat["right"]
                    assert seat["top"] <= front["top"] <= front["bottom"] <= seat["bottom"]
                    continue
                for seat in seen["seats"]:
                    assert not _overlap(front, seat["box"]), (where, pile["name"], seat["name"])
                assert seen["table"]["left"] <= front["left"] <= front["right"] <= seen[
                    "table"]["right"], (where, pile)
                assert seen["table"]["top"] <= front["top"] <= front["bottom"] <= seen[
                    "table"]["bottom"], (where, pile)
            opened.assert_clean()
