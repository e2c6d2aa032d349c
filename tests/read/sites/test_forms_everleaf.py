"""Promise: the Everleaf reader reads what docs/formats/everleaf.md says, field by field.

tests/read/sites/test_forms.py checks that the generated hands
(tests/read/sites/forms_everleaf.py) use every
catalogued form, parse and replay clean; here the header fields each table variant
carries are checked (skins, the ``ˆ`` euro, chips, seat counts, times without a zone),
the events of the lines whose meaning is the site's own (an all-in nothing marks, a
side pot, hi/lo halves, a wrapped description, seats with nobody to play, a muck with
cards, table traffic), that a hand without its ``wins`` line fails as truncated, and
that the other games' headers are skipped, never failed.
"""

from __future__ import annotations

import pytest
from catalogue import catalogue, tables
from forms_everleaf import (
    CHIPS,
    HANDS,
    HI_LO_USD,
    NEW_EUR,
    OLD_USD,
    PARTOUCHE,
    SKIN_2012,
    Table,
    hi_lo_split,
    mucked_loser,
    no_showdown,
    side_pot,
    stud_showdown,
)
from text_sites import check_classifier

from stud_hh import ParsedHand, SkippedHand, parse_hand, parse_text
from stud_hh.model.errors import HandParseError
from stud_hh.model.events import (
    Call,
    Collect,
    Deal,
    Game,
    Muck,
    PotKind,
    TableEvent,
    TableEventKind,
)
from stud_hh.read.sites import everleaf
from stud_hh.replay import replay

_OPEN = "Everleaf Gaming Game #1\n***** Hand history for game #1 *****\n"


@pytest.mark.parametrize(("table", "expected"), [
    (NEW_EUR, {"hand_id": "1001", "currency": "EUR", "scale": 100, "small_bet": 5,
               "big_bet": 10, "table": "Harjavalta", "max_seats": None, "started_at": None,
               "started_local": "2011/08/12 13:09:06"}),
    (OLD_USD, {"currency": "USD", "scale": 100, "table": "Clarkdale 20"}),
    (PARTOUCHE, {"hand_id": "1001", "currency": "EUR", "small_bet": 5, "big_bet": 10,
                 "table": "Andernos 2"}),
    (SKIN_2012, {"currency": "EUR", "small_bet": 25, "big_bet": 50, "max_seats": 6,
                 "table": "Budapest"}),
    (CHIPS, {"currency": None, "scale": 1, "small_bet": 40, "big_bet": 80,
             "tournament_id": None, "play_money": False, "table": "2"}),
], ids=["2011-08", "2011-07", "partouche", "skin-2012", "chips"])
def test_header_fields_of_each_table_variant(table: Table, expected: dict[str, object]) -> None:
    hand = parse_hand(stud_showdown(table, 1001))
    header = hand.header
    assert (header.site, header.game) == ("Everleaf", Game.STUD)
    assert {k: getattr(header, k) for k in expected} == expected


def test_chips_say_they_do_not_tell_a_tournament_from_play_money() -> None:
    (warning,) = parse_hand(stud_showdown(CHIPS, 1)).warnings
    assert "a tournament or a play-money table" in warning
    named = stud_showdown(CHIPS, 1).replace("Table 2\n", "Table 2 - Tournament #12345\n")
    hand = parse_hand(named)
    assert (hand.header.tournament_id, hand.warnings) == ("12345", ())


def test_the_game_names() -> None:
    assert parse_hand(no_showdown(NEW_EUR, 1)).header.game is Game.RAZZ
    assert parse_hand(no_showdown(NEW_EUR, 1, "7 Card Stud Hi-Lo")).header.game is Game.STUD8
    assert parse_hand(hi_lo_split(HI_LO_USD, 1)).header.game is Game.STUD8


def test_an_all_in_nothing_marks_is_read_from_the_stack() -> None:
    hand = parse_hand(side_pot(CHIPS, 1))
    calls = [(e.player, e.amount) for e in hand.events if isinstance(e, Call) and e.all_in]
    assert calls == [("Short", 20)]  # "Short calls [20 Chips]": the rest of 105 chips
    assert replay(hand).violations == ()


def test_side_pot_and_a_wrapped_description() -> None:
    text = side_pot(NEW_EUR, 1)
    assert "\njacks [ Qs, Qd, Jd, Jc, Th ]\n" in text
    hand = parse_hand(text)
    collects = [(c.player, c.pot) for c in hand.events if isinstance(c, Collect)]
    assert collects == [("Villain", PotKind.SIDE), ("Short", PotKind.MAIN)]
    replayed = replay(hand)
    assert [p.winners_high for p in replayed.pots] == [("Short",), ("Villain",)]


def test_a_line_that_continues_nothing_fails() -> None:
    text = stud_showdown(NEW_EUR, 1).replace("Hero checks\n", "kings [ Kd, Kc ]\n", 1)
    with pytest.raises(HandParseError, match="continues no collection"):
        parse_hand(text)


def test_hi_lo_halves() -> None:
    replayed = replay(parse_hand(hi_lo_split(HI_LO_USD, 1)))
    (pot,) = replayed.pots
    assert (pot.winners_high, pot.winners_low) == (("Player0",), ("Hero",))
    assert replayed.collected == {"Player0": 305, "Hero": 305}  # "($ 3.05 USD)", "($3.05)"


def test_seats_with_nobody_to_play_and_a_muck_with_cards() -> None:
    hand = parse_hand(mucked_loser(SKIN_2012, 1))
    seats = {s.name: (s.stack, s.sitting_out) for s in hand.header.seats}
    assert seats["Miazza"] == (0, True)
    assert seats["Player4"] == (0, True)
    (muck,) = [e for e in hand.events if isinstance(e, Muck)]
    assert (muck.player, len(muck.cards)) == ("Player0", 7)
    assert set(replay(hand).nets) == {"Hero", "Player0"}


def test_deal_lines_of_each_version() -> None:
    new = [e for e in parse_hand(stud_showdown(NEW_EUR, 1)).events if isinstance(e, Deal)]
    assert [len(d.cards) for d in new if d.street == 3] == [3, 1, 1]
    old = parse_hand(stud_showdown(OLD_USD, 1))
    assert not any(isinstance(e, Deal) for e in old.events)  # July 2011: no deal line
    assert "bring-in.wrong-player" in {u.rule for u in replay(old).unverifiable}


def test_table_traffic_in_english_and_french() -> None:
    kinds = [e.kind for e in parse_hand(no_showdown(NEW_EUR, 1)).events
             if isinstance(e, TableEvent)]
    assert kinds == [TableEventKind.JOINS, TableEventKind.SITTING_OUT, TableEventKind.LEAVES]
    french = [e for e in parse_hand(mucked_loser(PARTOUCHE, 1)).events
              if isinstance(e, TableEvent)]
    assert [(e.player, e.kind) for e in french] == [("Player0", TableEventKind.DISCONNECTED)]


def test_a_hand_without_its_wins_line_is_truncated() -> None:
    text = stud_showdown(NEW_EUR, 1)
    cut = text[:text.index("Hero wins ")]
    with pytest.raises(HandParseError, match="truncated hand"):
        parse_hand(cut)


def _other_lines() -> list[dict[str, str]]:
    return tables(catalogue("everleaf").text, "Headers of other games")


@pytest.mark.parametrize("row", _other_lines(), ids=lambda r: r["game"])
def test_other_games_are_skipped_never_failed(row: dict[str, str]) -> None:
    text = (_OPEN + row["game line"].strip("`") + "\nTable T\nTotal number of players: 2\n"
            "Seat 1: Ann (  $ 5 USD )\nSeat 2: Bob (  $ 5 USD )\n"
            "Ann: posts small blind [$ 0.05 USD]\nBob: posts big blind [$ 0.10 USD]\n"
            "** Dealing down cards **\nAnn folds\nBob does not show cards\n"
            "Bob wins $ 0.10 USD from main pot\n")
    results = list(parse_text(text))
    assert [type(r) for r in results] == [SkippedHand], results


def test_a_stud_name_the_catalogue_does_not_know_fails_by_name() -> None:
    text = stud_showdown(NEW_EUR, 1).replace("7 Card Stud -", "5 Card Stud -")
    with pytest.raises(HandParseError, match="5 Card Stud"):
        parse_hand(text)
    assert isinstance(parse_hand(stud_showdown(NEW_EUR, 1)), ParsedHand)


def test_the_classifier_agrees_with_the_grammar_on_every_generated_line() -> None:
    lines = [line for text in HANDS for line in text.splitlines()]
    check_classifier("everleaf.lark", everleaf.SHAPES,
                     [everleaf.LINE_ORDER, ("SEAT",), ("ANTE",)], lines)
