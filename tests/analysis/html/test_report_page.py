"""The page shell and the hands a page can replay: every section in the nav bar, styles and
scripts inline (Plotly's library once, never from a CDN), no address to fetch, and at most
300 replays embedded through the replayer's contract (its assets once, its views, every
hand id the page holds a button), or none and plain hand ids without the replayer."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from markupsafe import Markup
from pages import REPLAYER, read_page, replayer

from stud_hh.analysis.html import page
from stud_hh.analysis.html.hands import MAX_EMBEDDED, HandLinks, embed
from stud_hh.store.database import open_db

SECTIONS = [page.Section("one", "One <b>", Markup("<p>first</p>"), "what <i>it</i> shows"),
            page.Section("two", "Two", Markup("<p>second</p>"))]


def test_the_page_holds_its_sections_nav_styles_and_scripts() -> None:
    html = page.render_page("Hero & co", "a subtitle", SECTIONS, notes=["a note"])
    found = read_page(html)
    assert found.sections == ["one", "two"]
    assert found.nav == ["#one", "#two"]
    assert "One &lt;b&gt;" in html
    assert "what &lt;i&gt;it&lt;/i&gt; shows" in html
    assert "<title>Hero &amp; co</title>" in html
    assert page.asset("report.css")[:40] in html
    assert page.asset("tables.js")[:40] in html
    assert page.asset("report.js")[:40] in html
    assert html.count(page.plotly_js()) == 1
    assert "a note" in found.words()


def test_the_page_asks_the_network_for_nothing() -> None:
    html = page.render_page("t", "", SECTIONS)
    found = read_page(html)
    assert all(value.startswith("#") for _, _, value in found.addresses), found.addresses
    assert "cdn.plot.ly" not in html.split("<script>", 1)[0]  # nothing before the library


def test_json_in_a_script_is_escaped() -> None:
    script = str(page.json_script("x", {"name": "</script><b>&"}))
    assert script.count("</script>") == 1
    assert "<b>" not in script
    escaped = '{"name":"\\u003c/script\\u003e\\u003cb\\u003e\\u0026"}'
    assert read_page(script).scripts["x"] == escaped


def test_at_most_300_hands_are_chosen_most_wanted_first() -> None:
    keys = [("PokerStars", str(i)) for i in range(500)] + [("PokerStars", "3")]
    links = HandLinks.choose(keys)
    assert len(links.keys) == MAX_EMBEDDED == 300
    assert links.keys[:2] == (("PokerStars", "0"), ("PokerStars", "1"))
    assert links.wanted == 500  # the repeated hand counted once
    assert "300 hands of the 500" in links.note()


def test_without_the_replayer_nothing_is_embedded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, REPLAYER, None)  # type: ignore[arg-type]
    done = embed(object(), HandLinks.choose([("PokerStars", "7")]))
    assert done.head == ""
    assert done.tail == ""
    assert not done.links.embedded
    assert str(done.links.cell("PokerStars", "7")) == '<span class="hand-id">7</span>'
    assert "not installed" in done.links.note()


def test_with_the_replayer_its_views_and_assets_are_embedded(samples_database: Path
                                                            ) -> None:
    db = open_db(samples_database)
    hands = db.hands(columns=["site", "hand_id"]).head(2)
    keys = [(str(s), str(h)) for s, h in zip(hands["site"], hands["hand_id"], strict=True)]
    with replayer() as module:
        done = embed(db, HandLinks.choose(keys), profile="casino", hero="Hero")
        if hasattr(module, "calls"):  # the stand-in: it was asked as the contract says
            assert module.calls[-1] == {"keys": keys, "profile": "casino", "hero": "Hero"}
    assert done.links.embedded == {f"{s}#{h}" for s, h in keys}
    assert "StudReplayer" in done.head
    site, hand_id = keys[1]
    assert f"{site}#{hand_id}" in done.tail
    assert f'data-hand="{site}#{hand_id}"' in done.links.cell(site, hand_id)


def test_the_replayers_own_import_error_is_not_hidden(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    """The replayer is there but a module it imports is not: that error is the one raised."""
    needed = "stud_hh.analysis.html.replayer_state"
    monkeypatch.delitem(sys.modules, REPLAYER, raising=False)
    monkeypatch.setitem(sys.modules, needed, None)  # type: ignore[arg-type]
    with pytest.raises(ModuleNotFoundError) as raised:
        embed(object(), HandLinks.choose([("PokerStars", "7")]))
    assert raised.value.name == needed
