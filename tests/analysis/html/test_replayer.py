"""The replayer's view of a hand shows, at every step, what the replay computed: the pot,
every stack (the replay's contributions street by street; at the end the starting stack
plus the net), the cards as dealt, the showdown's hands named as the site names them, and
each violation at the step of the line that broke the rule. Checked on every corpus hand,
on a sample of the simulated ones and on every planted rule break."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from replayer_hands import (
    INJECTED,
    SAMPLES,
    assert_view_is_the_replay,
    find_hand,
    known_hand,
    planted,
)

from stud_hh.analysis.html.replayer import (
    assets,
    hand_key,
    hand_page,
    hand_view,
    views_for_db,
    views_script,
)
from stud_hh.analysis.html.replayer_compact import compact_view, expand_view
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_file, parse_hand
from stud_hh.replay import replay


def _corpus_hands(corpus: Path) -> list[ParsedHand]:
    return [h for path in sorted(p for p in corpus.rglob("*") if p.is_file())
            for h in parse_file(path) if isinstance(h, ParsedHand)]


def test_every_corpus_hand_steps_through_the_replays_numbers(corpus: Path) -> None:
    hands = _corpus_hands(corpus)
    assert len(hands) > 150
    for hand in hands:
        replayed = replay(hand)
        assert_view_is_the_replay(replayed, hand_view(replayed))


@pytest.mark.parametrize("path", sorted(SAMPLES.glob("*.txt")), ids=lambda p: p.stem)
def test_sample_hands_step_through_the_replays_numbers(path: Path) -> None:
    hands = [h for h in parse_file(path) if isinstance(h, ParsedHand)]
    for hand in hands[::15]:
        replayed = replay(hand)
        assert_view_is_the_replay(replayed, hand_view(replayed))


def _size(value: object) -> int:
    return len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


def test_the_embedded_form_is_the_view_at_a_quarter_of_the_size(corpus: Path) -> None:
    """The compact form a page embeds expands to the whole view (every step's table) for
    every corpus hand and a sample of the simulated ones; overall, and for an eight-player
    hand to 7th street, it is at least 4 times smaller."""
    samples = [[h for h in parse_file(p) if isinstance(h, ParsedHand)][::15]
               for p in sorted(SAMPLES.glob("*.txt"))]
    hands = _corpus_hands(corpus) + [hand for some in samples for hand in some]
    full = small = 0
    for hand in hands:
        view = hand_view(replay(hand))
        compact = compact_view(view)
        assert expand_view(json.loads(json.dumps(compact))) == view, view["key"]
        full, small = full + _size(view), small + _size(compact)
    assert full >= 4 * small, (full, small)
    eight = hand_view(replay(known_hand(corpus, "common")))
    assert len(eight["seats"]) == 8
    assert eight["steps"][-1]["cards"]
    assert _size(eight) >= 4 * _size(compact_view(eight))


@pytest.mark.parametrize("planted_break", planted(), ids=lambda t: t["rule"])
def test_a_planted_break_shows_at_the_step_of_its_line(planted_break: dict[str, object]
                                                       ) -> None:
    hand = find_hand(INJECTED, str(planted_break["hand_id"]))
    replayed = replay(hand)
    view = hand_view(replayed)
    assert_view_is_the_replay(replayed, view)
    flagged = [s for s in view["steps"]
               if any(v["rule"] == planted_break["rule"] for v in s["violations"])]
    assert len(flagged) == 1
    step = flagged[0]
    assert planted_break["line"] in step["lines"]
    if step["kind"] not in ("antes", "deal"):  # a step of its own line
        assert step["lines"] == [planted_break["line"]] == [step["line"]]
    violation = next(v for v in step["violations"] if v["rule"] == planted_break["rule"])
    lines = INJECTED.read_text(encoding="utf-8").splitlines()
    assert violation["text"] == lines[violation["line"] - 1].rstrip()


def test_a_known_stud_hand_step_by_step(corpus: Path) -> None:
    view = hand_view(replay(known_hand(corpus, "side_pot")))
    steps = view["steps"]
    assert view["key"] == "PokerStars#60974484959"
    assert view["hero"] == "steffen780"
    assert [s["kind"] for s in steps[:4]] == ["start", "antes", "deal", "bring_in"]
    third = steps[2]
    hero = third["cards"]["steffen780"]
    assert [c["up"] for c in hero] == [False, False, True]
    assert all(c["card"] for c in hero)
    others = [cards for p, cards in third["cards"].items() if p != "steffen780"]
    assert others
    assert all([c["card"] for c in cards[:2]] == [None, None] for cards in others)
    assert all(cards[2]["up"] and cards[2]["card"] for cards in others)
    assert [p["name"] for p in view["pots"]] == ["main pot", "side pot 1"]
    assert [p["winners_high"] for p in view["pots"]] == [["ranchim"], ["ranchim"]]
    assert view["showdown"][0]["high"] == "a straight, Ten to Ace"
    assert steps[-1]["kind"] == "result"
    assert steps[-1]["result"]
    assert steps[-1]["pot"] == view["rake"]


def test_the_common_card_is_on_the_table_and_in_the_hands(corpus: Path) -> None:
    view = hand_view(replay(known_hand(corpus, "common")))
    seventh = next(s for s in view["steps"] if s["kind"] == "deal" and s["street"] == "7th")
    assert seventh["common"] == "6h"
    assert "common card 6h" in seventh["label"]
    assert {len(cards) for p, cards in seventh["cards"].items()
            if p not in seventh["folded"]} == {6}
    assert view["showdown"] == [{"player": "Player3", "cards": ["7s", "Qs", "6c", "7h", "3s",
                                                               "Qh"], "line": 99,
                                 "high": "two pair, Queens and Sevens", "low": None,
                                 "said": "two pair, Queens and Sevens"}]


def test_a_stud8_showdown_names_both_halves(corpus: Path) -> None:
    view = hand_view(replay(known_hand(corpus, "stud8")))
    names = {s["player"]: (s["high"], s["low"]) for s in view["showdown"]}
    assert names == {"gashpor": ("a flush, Queen high", "no low"),
                     "Hero": ("a straight, Three to Seven", "7-6-5-4-3")}
    pot = view["pots"][0]
    assert (pot["winners_high"], pot["winners_low"]) == (["gashpor"], ["Hero"])
    shown = next(s for s in view["steps"] if s["kind"] == "show" and s["player"] == "Hero")
    assert shown["names"]["Hero"]["low"] == "7-6-5-4-3"
    assert shown["result"]


def test_a_razz_showdown_names_the_low_only(corpus: Path) -> None:
    view = hand_view(replay(known_hand(corpus, "razz")))
    assert view["header"]["game_code"] == "razz"
    assert view["showdown"]
    for shown in view["showdown"]:
        assert shown["high"] is None
        assert re.fullmatch(r"[2-9TJQKA](-[2-9TJQKA]){4}", shown["low"])
        assert shown["said"] == "Lo: " + shown["low"].replace("-", ",")


def test_hand_names_are_the_sites_own_words(corpus: Path) -> None:
    """Every PokerStars showdown of the corpus: our names of both halves, written the way
    PokerStars writes them, are PokerStars' description."""
    compared = 0
    for hand in _corpus_hands(corpus / "Stars"):
        game = hand.header.game.value
        for shown in hand_view(replay(hand))["showdown"]:
            if not shown["said"] or not (shown["high"] or shown["low"]):
                continue
            low = (shown["low"] or "").replace("-", ",")
            ours = {"razz": f"Lo: {low}",
                    "stud8": f"HI: {shown['high']}" + (f"; LO: {low}" if low != "no low"
                                                       else "")}.get(game, shown["high"])
            assert ours == shown["said"], (hand.hand_id, shown)
            compared += 1
    assert compared > 40


HAND = """PokerStars Hand #1001: 7 Card Stud Limit ($0.10/$0.20 USD) - 2026/03/14 16:05:11 ET
Table 'Test Table' 8-max
Seat 1: </script><b>x ($5 in chips)
Seat 2: Mr: Fox ($4.50 in chips)
</script><b>x: posts the ante $0.02
Mr: Fox: posts the ante $0.02
*** 3rd STREET ***
Dealt to </script><b>x [Kd]
Dealt to Mr: Fox [2c]
Mr: Fox: brings in for $0.05
</script><b>x: raises $0.05 to $0.10
Mr: Fox: folds
Uncalled bet ($0.05) returned to </script><b>x
</script><b>x collected $0.14 from pot
*** SUMMARY ***
Total pot $0.14 | Rake $0
Seat 1: </script><b>x collected ($0.14)
Seat 2: Mr: Fox folded on the 3rd Street
"""


def test_no_hand_text_can_close_the_views_script() -> None:
    view = hand_view(replay(parse_hand(HAND)))
    assert view["seats"][0]["player"] == "</script><b>x"
    block = views_script({view["key"]: view})
    opening = '<script type="application/json" id="stud-hh-hands">'
    assert block.startswith(opening)
    assert block.endswith("</script>")
    inside = block[len(opening):-len("</script>")]
    assert "<" not in inside
    assert ">" not in inside
    assert "&" not in inside
    embedded = json.loads(inside)
    assert embedded[view["key"]]["P"][0] == "</script><b>x"
    assert {key: expand_view(v) for key, v in embedded.items()} == {view["key"]: view}


def test_a_hand_page_is_self_contained(corpus: Path) -> None:
    view = hand_view(replay(known_hand(corpus, "stud8")))
    page = hand_page(view)
    assert page.startswith("<!doctype html>")
    assert page.count(assets()) == 1
    assert "Content-Security-Policy" in page
    assert "default-src 'none'" in page
    assert f'data-replayer-mount="{view["key"]}"' in page
    assert not re.search(r"(src|href)=\"?(https?:)?//", page)
    assert "window.StudReplayer" in assets()
    assert assets().count("</script") == 1  # its own end tag only
    assert assets().count("</style") == 1
    assert page.count('id="stud-hh-hands"') == 1
    assert ".stud-replayer" in assets()


def test_views_of_stored_hands_are_read_again(tmp_path: Path) -> None:
    from stud_hh.store.database import open_db
    from stud_hh.store.ingest.run import import_paths

    text = INJECTED.read_text(encoding="utf-8")
    hands = text.split("\n\n\n")[:4]
    source = tmp_path / "few.txt"
    source.write_text("\n\n\n".join(hands) + "\n", encoding="utf-8")
    import_paths([source], tmp_path / "db", jobs=1)
    db = open_db(tmp_path / "db")
    ids = [h.hand_id for h in parse_file(source) if isinstance(h, ParsedHand)]
    keys = [("PokerStars", i) for i in ids] + [("PokerStars", "404")]
    views = views_for_db(db, keys)
    assert list(views) == [hand_key("PokerStars", i) for i in ids]
    first = find_hand(source, ids[0])
    assert views[hand_key("PokerStars", ids[0])] == hand_view(replay(first, "pokerstars"))
    assert views_for_db(db, keys[:1], profile="casino")[hand_key(*keys[0])]["header"][
        "profile"] == "casino"
    # a hand whose text changed is left out, the others stay
    source.write_text(source.read_text(encoding="utf-8").replace("posts the ante $0.02",
                                                                 "posts the ante $0.03", 1),
                      encoding="utf-8")
    assert list(views_for_db(db, keys)) == [hand_key("PokerStars", i) for i in ids[1:]]
    source.unlink()
    assert views_for_db(db, keys) == {}
