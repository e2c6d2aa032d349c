"""The replayer in a real browser (headless Chromium): the pages `stud-hh show --html` writes
for a known corpus stud hand, a stud hi/lo showdown and a hand with a planted rule break,
stepped through every step with the buttons, show at each step the pot, every stack, every
seat's cards, folds, chips in front and equity, and the hero's live and dead cards, that
the Python view computed, read back from the DOM; the big-bets switch; back and the keys
step too; the planted break shows at the step of its line, with its rule code; a page of
links opens each hand in an overlay that Esc closes. No console error, no request."""

from __future__ import annotations

import math
import re
from pathlib import Path
from typing import Any

import pytest
from chromium import open_page
from replayer_hands import INJECTED, known_hand, planted

from stud_hh.analysis.html.replayer import assets, hand_key, hand_view, views_script
from stud_hh.cli import main
from stud_hh.read.parse import parse_hand
from stud_hh.replay import replay

READ = """() => {
  const root = document.querySelector('.stud-replayer');
  const seats = {};
  for (const seat of root.querySelectorAll('.seat')) {
    seats[seat.dataset.player] = {
      stack: seat.querySelector('.stack').textContent,
      cards: [...seat.querySelectorAll('.cards .card')].map(
        c => [c.dataset.card, c.classList.contains('up') ? 'up' : 'down']),
      folded: seat.classList.contains('folded'),
      front: seat.querySelector('.front').textContent,
      equity: 'equity' in seat.querySelector('.equity').dataset ?
        Number(seat.querySelector('.equity').dataset.equity) : null,
      names: [...seat.querySelectorAll('.hand-name')].map(n => n.textContent)};
  }
  const common = root.querySelector('.common .card');
  const live = root.querySelector('.sr-live');
  return {index: Number(root.dataset.index), steps: Number(root.dataset.steps),
          live: live.hidden ? null : {
            counts: [...live.querySelectorAll('.sr-live-item')].map(
              i => [i.dataset.live, Number(i.dataset.count)]),
            dead: [...live.querySelectorAll('.sr-dead .card')].map(c => c.dataset.card)},
          pot: root.querySelector('.pot').textContent,
          action: root.querySelector('.action').textContent,
          source: root.querySelector('.source').textContent,
          violations: [...root.querySelectorAll('.violation')].map(v => v.dataset.rule),
          common: common ? common.dataset.card : null, seats};
}"""
"""The replayer's state as the page shows it, read from the DOM in one call."""

FLAGGED = next(t for t in planted() if t["rule"] == "raise.over-cap")


def equity_at(view: dict[str, Any]) -> list[dict[str, Any] | None]:
    """The street equity each step shows: that of the street last dealt by then."""
    by_street = {e["street"]: e for e in view["equity"]}
    out, current = [], None
    for step in view["steps"]:
        if step["kind"] == "deal" and step["street"]:
            current = by_street.get(step["street"])
        out.append(current)
    return out


def _live(step: dict[str, Any]) -> dict[str, Any] | None:
    live = step["hero_cards"]
    if live is None:
        return None
    counts = [[e[0], e[3]] for e in live["ranks"] + live["suits"]]
    return {"counts": counts + ([["low", live["low"][0]]] if live["low"] else []),
            "dead": live["dead"]}


def _expected(step: dict[str, Any], index: int, steps: int,
              equity: dict[str, Any] | None = None) -> dict[str, Any]:
    def share(name: str) -> float | None:
        if equity is None or name in step["folded"] or name not in equity["players"]:
            return None
        return float(equity["players"][name]["equity"])

    return {
        "index": index, "steps": steps, "pot": step["pot_text"], "action": step["label"],
        "violations": [v["rule"] for v in step["violations"]], "common": step["common"],
        "live": _live(step),
        "seats": {name: {"stack": text,
                         "cards": [[c["card"] or "??", "up" if c["up"] else "down"]
                                   for c in step["cards"].get(name, [])],
                         "folded": name in step["folded"],
                         "front": step["front_texts"][name] if step["front"][name] else "",
                         "equity": share(name)}
                  for name, text in step["stack_texts"].items()},
    }


def _seen(state: dict[str, Any]) -> dict[str, Any]:
    """The DOM's state, less what :func:`_expected` does not hold (source, names)."""
    seats = {name: {k: v for k, v in seat.items() if k != "names"}
             for name, seat in state["seats"].items()}
    return {k: v for k, v in state.items() if k != "source"} | {"seats": seats}


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory, corpus: Path
          ) -> dict[str, tuple[Path, dict[str, Any]]]:
    """``show --html`` pages: name -> (page, the Python view of its hand)."""
    folder = tmp_path_factory.mktemp("replayer")
    hands = {"side_pot": known_hand(corpus, "side_pot"), "stud8": known_hand(corpus, "stud8")}
    from replayer_hands import find_hand

    hands["flagged"] = find_hand(INJECTED, str(FLAGGED["hand_id"]))
    found = {}
    for name, hand in hands.items():
        page = folder / f"{name}.html"
        assert main(["show", hand.hand_id, hand.path, "--html", "-o", str(page)]) == 0
        found[name] = (page, hand_view(replay(hand)))
    return found


@pytest.mark.parametrize("name", ["side_pot", "stud8", "flagged"])
def test_every_step_shows_the_views_table(browser: Any, pages: dict[str, Any], name: str
                                          ) -> None:
    path, view = pages[name]
    steps = view["steps"]
    equity = equity_at(view)
    assert any(equity)
    assert any(s["hero_cards"] for s in steps)
    assert any(any(s["front"].values()) for s in steps)
    with open_page(browser, path) as opened:
        page = opened.page
        for i, step in enumerate(steps):
            if i:
                page.click('[data-step="next"]')
            state = page.evaluate(READ)
            assert _seen(state) == _expected(step, i, len(steps), equity[i]), \
                f"step {i}: {step['label']}"
            if step["line"] is not None:
                assert f"{Path(view['header']['file']).name}:{step['line']}" in state["source"]
                assert step["text"] in state["source"]
            for player, names in step["names"].items():
                for half in ("high", "low"):
                    if names[half]:
                        assert any(names[half] in n for n in state["seats"][player]["names"])
        assert page.is_disabled('[data-step="next"]')
        page.click('[data-step="prev"]')
        assert _seen(page.evaluate(READ)) == _expected(steps[-2], len(steps) - 2, len(steps),
                                                       equity[-2])
        page.click('[data-step="first"]')
        assert page.evaluate(READ)["index"] == 0
        page.click('[data-step="last"]')
        assert page.evaluate(READ)["index"] == len(steps) - 1
        opened.assert_clean()


@pytest.mark.parametrize("name", ["side_pot", "stud8", "flagged"])
def test_the_page_expands_the_embedded_view_to_the_pythons(browser: Any, pages: dict[str, Any],
                                                           name: str) -> None:
    """The page embeds each view compact (``replayer_compact``); ``StudReplayer.views()``
    is the whole view again, as Python made it."""
    path, view = pages[name]
    with open_page(browser, path) as opened:
        assert opened.page.evaluate("() => window.StudReplayer.views()") == {view["key"]: view}
        opened.assert_clean()


def test_the_keys_step(browser: Any, pages: dict[str, Any]) -> None:
    path, view = pages["side_pot"]
    last = len(view["steps"]) - 1
    with open_page(browser, path) as opened:
        page = opened.page
        index = "Number(document.querySelector('.stud-replayer').dataset.index)"
        for key, expected in [("ArrowRight", 1), ("ArrowRight", 2), ("ArrowLeft", 1),
                              ("End", last), ("ArrowRight", last), ("Home", 0),
                              ("ArrowLeft", 0)]:
            page.keyboard.press(key)
            assert page.evaluate(index) == expected, key
        assert page.text_content(".pot") == view["steps"][0]["pot_text"]
        opened.assert_clean()


def test_the_flagged_hand_shows_its_violation_at_its_line(browser: Any,
                                                          pages: dict[str, Any]) -> None:
    path, view = pages["flagged"]
    steps = view["steps"]
    at = [i for i, s in enumerate(steps) if FLAGGED["line"] in s["lines"]]
    assert len(at) == 1
    with open_page(browser, path) as opened:
        page = opened.page
        for _ in range(at[0]):
            page.keyboard.press("ArrowRight")
        violation = page.locator(f'.violation[data-rule="{FLAGGED["rule"]}"]')
        assert violation.count() == 1
        assert str(FLAGGED["line"]) in violation.text_content()
        player = steps[at[0]]["player"]
        assert page.locator(f'.seat.flagged[data-player="{player}"]').count() == 1
        color = violation.evaluate("v => getComputedStyle(v).borderLeftColor")
        assert color == "rgb(198, 40, 40)"  # red
        for key in ("ArrowLeft", "ArrowRight", "ArrowRight"):
            page.keyboard.press(key)
            shown = page.locator(f'.violation[data-rule="{FLAGGED["rule"]}"]').count()
            index = int(page.get_attribute(".stud-replayer", "data-index"))
            assert shown == (1 if index == at[0] else 0)
        opened.assert_clean()


ODD_NAME = """PokerStars Hand #1001: 7 Card Stud Limit ($0.10/$0.20 USD) - 2026/03/14 16:05:11 ET
Table 'Test Table' 8-max
Seat 1: </script><b>x ($5 in chips)
Seat 2: Fox ($4.50 in chips)
</script><b>x: posts the ante $0.02
Fox: posts the ante $0.02
*** 3rd STREET ***
Dealt to </script><b>x [Kd]
Dealt to Fox [2c]
Fox: brings in for $0.05
</script><b>x: raises $0.05 to $0.10
Fox: folds
Uncalled bet ($0.05) returned to </script><b>x
</script><b>x collected $0.14 from pot
*** SUMMARY ***
Total pot $0.14 | Rake $0
Seat 1: </script><b>x collected ($0.14)
Seat 2: Fox folded on the 3rd Street
"""


def test_links_open_each_hand_in_an_overlay(browser: Any, pages: dict[str, Any],
                                            tmp_path: Path) -> None:
    stud8 = pages["stud8"][1]
    odd = hand_view(replay(parse_hand(ODD_NAME)))
    views = {stud8["key"]: stud8, odd["key"]: odd}
    links = "".join(f'<p><a href="#" data-hand="{key}">hand {key}</a></p>'
                    for key in (*views, hand_key("PokerStars", "404")))
    path = tmp_path / "links.html"
    path.write_text(f"<!doctype html><html><head><meta charset='utf-8'>{assets()}</head>"
                    f"<body>{links}{views_script(views)}</body></html>", encoding="utf-8")
    with open_page(browser, path) as opened:
        page = opened.page
        overlay = ".stud-replayer-overlay"
        for key, view in views.items():
            page.click(f'[data-hand="{key}"]')
            assert page.locator(f'{overlay} .stud-replayer[data-key="{key}"]').count() == 1
            assert page.get_attribute(f"{overlay} .stud-replayer", "data-steps") == str(
                len(view["steps"]))
            page.keyboard.press("ArrowRight")
            assert page.get_attribute(f"{overlay} .stud-replayer", "data-index") == "1"
            page.keyboard.press("Escape")
            assert page.locator(overlay).count() == 0
        page.click(f'[data-hand="{odd["key"]}"]')
        assert page.text_content(f"{overlay} .seat .seat-name") == "</script><b>x"
        assert page.locator(f"{overlay} .seat b").count() == 0
        page.keyboard.press("Escape")
        page.click('[data-hand="PokerStars#404"]')
        assert "not embedded" in page.text_content(overlay)
        page.keyboard.press("Escape")
        assert page.locator(overlay).count() == 0
        opened.assert_clean()


def in_big_bets(units: int, big_bet: int, sign: bool = False) -> str:
    """An amount as the big-bets switch shows it (``1.5 BB``; ``+2 BB`` with ``sign``)."""
    text = re.sub(r"\.?0+$", "", f"{math.floor(units / big_bet * 100 + 0.5) / 100:.2f}")
    return ("+" if sign and units > 0 else "") + text + " BB"


def test_the_big_bets_switch_shows_the_tables_amounts_in_big_bets(
        browser: Any, pages: dict[str, Any]) -> None:
    """The stacks, the pot, the chips in front and the players' results in big bets of the
    hand; switched off, the site's money again; the choice kept for the next hand."""
    path, view = pages["side_pot"]
    big_bet = view["header"]["big_bet"]
    assert big_bet > 0
    steps = view["steps"]
    at = next(i for i, s in enumerate(steps) if sum(1 for v in s["front"].values() if v) >= 2)
    with open_page(browser, path) as opened:
        page = opened.page
        page.check(".sr-bb input")
        page.focus(".stud-replayer")
        for _ in range(at):
            page.keyboard.press("ArrowRight")
        state, step = page.evaluate(READ), steps[at]
        assert state["pot"] == in_big_bets(step["pot"], big_bet)
        for name, seat in state["seats"].items():
            assert seat["stack"] == in_big_bets(step["stacks"][name], big_bet)
            assert seat["front"] == (in_big_bets(step["front"][name], big_bet)
                                     if step["front"][name] else "")
        page.keyboard.press("End")
        nets = page.locator(".pot-nets .net").all_text_contents()
        assert nets == [f"{p} {in_big_bets(n, big_bet, sign=True)}"
                        for p, n in view["nets"].items()]
        page.reload()
        assert page.is_checked(".sr-bb input")  # kept in the browser for the next hand
        assert page.text_content(".pot") == in_big_bets(steps[0]["pot"], big_bet)
        page.uncheck(".sr-bb input")
        assert page.text_content(".pot") == steps[0]["pot_text"]
        opened.assert_clean()
