"""A frame as a sortable table: each header says how its column sorts, each cell holds its
sort key (numbers as plain numbers, whatever the text shows), texts from hand histories are
escaped, money is written in its unit, and a hand id is a replay button only when the page
holds the hand."""

from __future__ import annotations

import pandas as pd
from pages import numbers, read_page

from stud_hh.analysis.html.hands import HandLinks
from stud_hh.analysis.html.tables import Col, table_html

FRAME = pd.DataFrame({
    "site": ["PokerStars", "PokerStars", "Winamax"],
    "hand_id": ["11", "2", "7"],
    "player": ["<script>alert(1)</script>", "Bob & co", 'say "hi"'],
    "unit": ["USD", "chips", "EUR"],
    "net": [1234.5, -1500.0, 0.9],
    "net_bb": [2.5, float("nan"), -0.25],
    "vpip": [33.333, 50.0, None],
    "hands": [10, 2000, 3],
})
COLS = [Col("hand_id", "hand", "hand"), Col("player", "player"), Col("unit", "unit", "unit"),
        Col("net", "net", "money"), Col("net_bb", "big bets", "bb"),
        Col("vpip", "VPIP %", "pct"), Col("hands", "hands", "int")]


def test_headers_say_how_each_column_sorts() -> None:
    table = read_page(table_html(FRAME, COLS)).tables[0]
    assert table.headers == [("hand", "text"), ("player", "text"), ("unit", "text"),
                             ("net", "num"), ("big bets", "num"), ("VPIP %", "num"),
                             ("hands", "num")]


def test_cells_hold_their_values_as_sort_keys() -> None:
    table = read_page(table_html(FRAME, COLS)).tables[0]
    assert numbers(table.column("net")) == [1234.5, -1500.0, 0.9]
    assert table.column("hands") == ["10", "2000", "3"]  # whole numbers, no ".0", no commas
    assert table.column("big bets")[1] == ""  # missing: sorted last by tables.js
    assert table.column("VPIP %")[2] == ""
    assert table.column("hand") == ["11", "2", "7"]


def test_texts_from_histories_are_escaped() -> None:
    html = str(table_html(FRAME, COLS))
    assert "<script>alert(1)</script>" not in html
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in html
    assert "Bob &amp; co" in html
    assert read_page(html).tables[0].column("player")[2] == 'say "hi"'


def test_money_is_written_in_its_unit_and_signed_colours() -> None:
    html = str(table_html(FRAME, COLS))
    assert "$1,234.50" in html
    assert "-1,500 chips" in html
    assert "€0.90" in html
    assert 'class="num pos"' in html
    assert 'class="num neg"' in html
    rake = str(table_html(FRAME, [Col("net", "rake", "money", tone=0)]))
    assert "pos" not in rake
    assert "neg" not in rake
    cost = str(table_html(FRAME.head(1), [Col("net", "cost", "money", tone=-1)]))
    assert 'class="num neg"' in cost  # a positive cost is bad news


def test_a_hand_id_is_a_replay_button_only_when_the_page_holds_it() -> None:
    links = HandLinks.choose([("PokerStars", "2"), ("Winamax", "7")])
    page = read_page(table_html(FRAME, COLS, links=links))
    assert page.hands == ["PokerStars#2", "Winamax#7"]
    assert "11" in page.words()  # plain text: no replay held
    assert read_page(table_html(FRAME, COLS)).hands == []


def test_an_empty_frame_says_so_and_a_long_one_is_cut_with_a_count() -> None:
    assert "nothing here" in str(table_html(FRAME.head(0), COLS, empty="nothing here"))
    html = str(table_html(FRAME, COLS, limit=2))
    assert len(read_page(html).tables[0].rows) == 2
    assert "1 more row not shown" in html
