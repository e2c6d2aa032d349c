"""iPoker XML sessions: every corpus hand read and clean under its profile, FPDB agrees,
and the reader keeps its safety promises on hand-made documents.

The corpus is read in place from ``../shared/corpus``; the hand-made sessions
below are written into a temporary folder (their players are invented).
"""

from __future__ import annotations

import tracemalloc
from pathlib import Path

import pytest
from conftest import CORPUS_DIR
from fpdb_files import compare
from test_parse_stars import GOLDEN, compact
from test_rules import (
    test_site_evidence_names_real_fields_and_says_when_nothing_decides as check_evidence,
)
from xml_cases import (
    HOSTILE,
    assert_refused,
    corpus_folder,
    flipped,
    folder_hands,
    index_rows,
    line_of,
    results,
    without_lines,
)

from stud_hh import ParsedHand, parse_file, rules
from stud_hh.model.events import (
    Bet,
    BringIn,
    Call,
    Collect,
    Deal,
    Fold,
    Game,
    Muck,
    Raise,
    Show,
    ShowdownStart,
)
from stud_hh.read.sites import document_format
from stud_hh.read.sites.ipoker import IPOKER
from stud_hh.replay import replay
from stud_hh.rules import Support

FIVE_CARD = "5-StudL-USD-0.05-0.10-201111.Sample.with.showdown.xml"
EUR = "7-StudHL-EUR-0.05-0.10-201405.txt"
STUD = "7-StudL-USD-0.05-0.10-201009.txt"


def _ipk() -> Path:
    return corpus_folder("iPoker")


def _hands() -> list[ParsedHand]:
    return folder_hands("iPoker")


# ---------------------------------------------------------------------------
# The corpus


@pytest.mark.parametrize("row", index_rows("iPoker"), ids=lambda r: r["file"])
def test_every_hand_of_each_ipoker_file_is_read(row: dict[str, str]) -> None:
    hands, failures, skipped = results(CORPUS_DIR / row["file"])
    assert not failures, "\n".join(str(f.error) for f in failures)
    assert not skipped
    assert len(hands) == int(row["hands"])
    assert all(h.header.site == "iPoker" and h.warnings == () for h in hands)


def test_the_format_is_sniffed_from_the_head() -> None:
    path = _ipk() / STUD
    head = path.read_text(encoding="utf-8")[:4096]
    assert document_format(str(path), head) is IPOKER
    assert document_format("x.txt", "PokerStars Hand #1: 7 Card Stud") is None


def test_every_ipoker_hand_replays_clean_under_its_profile() -> None:
    hands = _hands()
    assert len(hands) == 8
    for hand in hands:
        replayed = replay(hand, "ipoker")
        assert replayed.violations == (), (hand.hand_id, replayed.violations)
        assert replay(hand).profile == "ipoker"  # the site's own profile by default
    five = [h for h in hands if h.header.game is Game.FIVE_STUD]
    assert [h.hand_id for h in five] == ["3013529647"]  # audited under its own rules
    assert "game.not-audited" not in {u.rule for u in replay(five[0]).unverifiable}


def test_the_profile_evidence() -> None:
    check_evidence("ipoker")
    ipk = rules.profile("ipoker")
    hands = _hands()
    assert ipk.support("prints.showdown_order_recorded") is Support.DECIDES
    assert ipk.support("showdown_first") is Support.NONE
    assert flipped("ipoker", hands, prints=rules.USUAL) == [
        ("2418629537", "showdown.wrong-order"), ("5710054735", "showdown.wrong-order"),
        ("5710078165", "showdown.wrong-order")]
    for setting, value in (("bring_in_tie_break", rules.TieBreak.POSITION),
                           ("board_tie_break", rules.TieBreak.SUIT),
                           ("heads_up_uncapped", False), ("max_bets", 3),
                           ("half_bet_reopens", False), ("open_pair_big_bet", frozenset())):
        assert ipk.support(setting) is Support.NONE, setting
        assert flipped("ipoker", hands, **{setting: value}) == [], setting
    assert ipk.support("odd_chip") is Support.NONE


def test_actions_come_in_number_order_not_document_order() -> None:
    hand = next(h for h in _hands() if h.hand_id == "2418629537")
    # round 2 prints WurmX's fold (action 14) first; the bring-in is action 8
    third = [e for e in hand.events if isinstance(e, (BringIn, Call, Fold))][:4]
    assert [(type(e).__name__, e.player) for e in third] == [
        ("BringIn", "Hero"), ("Fold", "FENGLIUDUSHENG"), ("Fold", "komanchi7"),
        ("Call", "Qekz406")]


def test_a_cp1252_euro_under_a_utf8_declaration_reads_right() -> None:
    path = _ipk() / EUR
    data = path.read_bytes()
    assert data.startswith(b'<?xml version="1.0" encoding="utf-8"?>')
    assert b"\x80" in data
    hands = [h for h in parse_file(path) if isinstance(h, ParsedHand)]
    assert {h.header.currency for h in hands} == {"EUR"}
    assert hands[0].header.game_text == "7 Card Stud Hi-Lo L €0.05/€0.10"
    assert (hands[0].header.small_bet, hands[0].header.big_bet) == (5, 10)


def test_golden_events_pot_rake_and_winner() -> None:
    hand = next(h for h in _hands() if h.hand_id == "5710056302")
    expected = (GOLDEN / "ipoker_stud8_all_in.events").read_text(encoding="utf-8")
    assert [hand.hand_id, *compact(hand)] == expected.splitlines()
    raises = [e for e in hand.events if isinstance(e, Raise)]
    assert [(e.player, e.by, e.to, e.all_in) for e in raises] == [
        ("Player0", 10, 20, False), ("Hero", 10, 30, False), ("Player0", 1, 11, True)]
    replayed = replay(hand)
    (pot,) = replayed.pots
    assert (pot.amount, pot.winners_high, pot.winners_low) == (118, ("Hero",), ())
    assert (replayed.rake, replayed.collected) == (4, {"Hero": 114})
    assert replayed.nets == {"Hero": 114 - 59, "Player0": -59}


def test_fpdb_hands_and_gametype_agree() -> None:
    path = _ipk() / FIVE_CARD
    (hand,) = [h for h in parse_file(path) if isinstance(h, ParsedHand)]
    compared, wrong = compare(path, hand, {
        "playersAtStreet4": "five-card stud has four betting rounds (FPDB's street0 to "
        "street3); FPDB counts both players at a fifth round the game does not have",
        "smallBet": "FPDB's iPoker reader takes '$0.05/$0.10' for blinds and doubles them "
        "(10/20); the hand bets $0.05 on its first two streets and $0.10 on the third, "
        "as ours says (5/10)",
        "bigBet": "see smallBet",
        "maxSeats": "the history does not print the table size (FPDB writes 6)",
    })
    assert wrong == []
    assert {"siteHandNo", "startTime", "tableName", "seats", "playersAtShowdown", "ante",
            "playersVpi", "street0Raises", "category", "currency"} <= set(compared)
    bets = sorted({e.amount for e in hand.events if isinstance(e, Bet)})
    assert bets == [hand.header.small_bet, hand.header.big_bet]


# ---------------------------------------------------------------------------
# Hand-made sessions

HEAD = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
<general>
<mode>real</mode>
<gametype>{gametype}</gametype>
<tablename>Test &amp; table</tablename>
<startdate>2020-01-01 10:00:00</startdate>
<currency>USD</currency>
<nickname>Ann</nickname>
</general>
"""
GAME = """<game gamecode="{code}">
<general>
<startdate>2020-01-01 10:00:00</startdate>
<players>
<player seat="1" name="Ann" chips="$5" dealer="1" win="$0.32" bet="$0.21"/>\
<player seat="2" name="Bob" chips="$5" dealer="0" win="$0" bet="$0.11"/>
</players>
</general>
<round no="0">
<action no="1" player="Ann" type="15" sum="$0.01"/><action no="2" player="Bob" type="15" \
sum="$0.01"/>
</round>
<round no="1">
</round>
<round no="2">
<cards type="Third Street" player="Ann">S2 H3 D4</cards><cards type="Third Street" \
player="Bob">X X CK</cards>{third}
</round>
<round no="3">
<cards type="Fourth Street" player="Ann">HA</cards><cards type="Fourth Street" \
player="Bob">SQ</cards>{fourth}
</round>
</game>
"""
THIRD = [(3, "Ann", 16, "$0.02"), (4, "Bob", 5, "$0.10"), (5, "Ann", 3, "$0.08")]
FOURTH = [(6, "Ann", 5, "$0.10"), (7, "Bob", 0, "$0")]


def _actions(actions: list[tuple[int, str, int, str]]) -> str:
    return "".join(f'<action no="{n}" player="{p}" type="{t}" sum="{s}" cards=""/>'
                   for n, p, t, s in actions)


def _game(code: int, shuffled: bool = False) -> str:
    third, fourth = (THIRD[::-1], FOURTH[::-1]) if shuffled else (THIRD, FOURTH)
    return GAME.format(code=code, third=_actions(third), fourth=_actions(fourth))


def _session(*games: str, gametype: str = "7 Card Stud L $0.10/$0.20", dtd: str = "") -> str:
    head = HEAD.format(gametype=gametype)
    if dtd:
        first, _, rest = head.partition("\n")
        head = f"{first}\n{dtd}{rest}"
    return head + "".join(games) + "</session>\n"


def _write(tmp_path: Path, text: str, name: str = "session.xml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8", newline="\r\n")
    return path


def test_a_hand_made_hand_reads_and_replays_clean(tmp_path: Path) -> None:
    text = _session(_game(101))
    (hand,) = results(_write(tmp_path, text))[0]
    assert hand.header.table == "Test & table"
    assert [type(e).__name__ for e in hand.events if not isinstance(e, Deal)] == [
        "PostAnte", "PostAnte", "StreetStart", "BringIn", "Bet", "Call", "StreetStart",
        "Bet", "Fold", "Collect"]
    assert hand.events[-1] == Collect(line=line_of(text, 'name="Ann"'), player="Ann", amount=32)
    assert replay(hand).violations == ()


def test_shuffled_action_numbers_come_out_in_number_order(tmp_path: Path) -> None:
    (ordered,) = results(_write(tmp_path, _session(_game(101)), "a.xml"))[0]
    (shuffled,) = results(_write(tmp_path, _session(_game(101, shuffled=True)), "b.xml"))[0]
    assert shuffled.events == ordered.events  # the same lines too: one line per round
    assert replay(shuffled).violations == ()


def test_a_repeated_action_number_is_a_failure(tmp_path: Path) -> None:
    text = _session(_game(101)).replace('no="5"', 'no="4"')
    (failure,) = results(_write(tmp_path, text))[1]
    assert failure.reason.startswith("no 4 is used twice")
    assert failure.hand_id == "101"


def test_a_player_seated_twice_is_a_failure(tmp_path: Path) -> None:
    text = _session(_game(101).replace('name="Bob"', 'name="Ann"', 1))
    (failure,) = results(_write(tmp_path, text))[1]
    assert failure.reason == "player 'Ann' is seated twice"
    assert (failure.hand_id, failure.line) == ("101", line_of(text, '<player seat="1"'))


def test_an_unknown_action_type_is_a_failure_naming_it(tmp_path: Path) -> None:
    text = _session(_game(101), _game(102).replace('type="3"', 'type="42"'))
    hands, failures, _ = results(_write(tmp_path, text))
    assert [h.hand_id for h in hands] == ["101"]
    (failure,) = failures
    assert failure.reason == "unknown iPoker action type '42' (action no 5)"
    assert (failure.hand_id, failure.line) == ("102", line_of(text, 'type="42"'))


@pytest.mark.parametrize("where", ["middle", "end"])
def test_a_truncated_game_fails_with_file_and_line_and_the_rest_reads(
        tmp_path: Path, where: str) -> None:
    cut = _game(102)
    cut = cut[:cut.index('<round no="3">')]  # the hand stops after 3rd street
    games = [_game(101), cut, _game(103)] if where == "middle" else [_game(101), cut]
    text = _session(*games)
    if where == "end":
        text = text.removesuffix("</session>\n")
    path = _write(tmp_path, text)
    hands, failures, _ = results(path)
    assert [h.hand_id for h in hands] == (["101", "103"] if where == "middle" else ["101"])
    (failure,) = failures
    first = line_of(text, 'gamecode="102"')
    assert failure.reason.startswith("not well-formed XML")
    assert "cut short" in failure.reason
    assert (failure.path, failure.hand_id, failure.first_line) == (str(path), "102", first)
    assert failure.line is not None
    assert first < failure.line <= failure.last_line
    assert str(path) in str(failure.error)
    assert "[hand 102]" in str(failure.error)


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_entity_declarations_are_refused_not_expanded(tmp_path: Path, kind: str) -> None:
    game = _game(101).replace("<startdate>", "<startdate>&lol9;", 1)
    path = _write(tmp_path, _session(game, dtd=HOSTILE[kind]("session")))
    tracemalloc.start()
    try:
        assert_refused(path, "101", line=2)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 64 * 2**20  # nothing expanded: a billion laughs would take gigabytes


def test_an_undeclared_entity_is_a_failure_not_a_lookup(tmp_path: Path) -> None:
    text = _session(_game(101).replace("<startdate>", "<startdate>&lol9;", 1))
    (failure,) = results(_write(tmp_path, text))[1]
    assert failure.reason.startswith("not well-formed XML: undefined entity")
    assert (failure.line, failure.hand_id) == (line_of(text, "&lol9;"), "101")


@pytest.mark.parametrize("declared", ["utf-8", "windows-1252"])
def test_the_encoding_comes_from_the_bytes_not_the_declaration(
        tmp_path: Path, declared: str) -> None:
    text = _session(_game(101), gametype="7 Card Stud L €0.10/€0.20").replace(
        'encoding="utf-8"', f'encoding="{declared}"').replace("$", "€")
    path = tmp_path / "session.xml"
    # the declaration says one thing, the bytes are the other
    path.write_bytes(text.encode("cp1252" if declared == "utf-8" else "utf-8"))
    (hand,) = results(path)[0]
    assert hand.header.game_text == "7 Card Stud L €0.10/€0.20"
    assert (hand.header.currency, hand.header.small_bet) == ("EUR", 10)
    assert replay(hand).violations == ()


def test_hands_of_other_games_are_skipped_and_counted(tmp_path: Path) -> None:
    hands, failures, skipped = results(_write(tmp_path, _session(
        _game(101), _game(102), gametype="Holdem NL $0.02/$0.04")))
    assert hands == []
    assert failures == []
    assert [(s.hand_id, s.game_text) for s in skipped] == [
        ("101", "Holdem NL $0.02/$0.04"), ("102", "Holdem NL $0.02/$0.04")]


def test_stray_text_between_games_is_kept_as_a_failure(tmp_path: Path) -> None:
    hands, failures, _ = results(_write(tmp_path, _session(_game(101), "garbage\n",
                                                            _game(102))))
    assert [h.hand_id for h in hands] == ["101", "102"]
    (failure,) = failures
    assert failure.raw_text == "garbage\n"
    assert failure.reason == "text outside any hand of this iPoker file"


def test_a_player_still_in_with_hidden_cards_mucks(tmp_path: Path) -> None:
    # Bob calls on 4th street and the (shortened) hand ends: both are still in
    fourth = [(6, "Ann", 5, "$0.10"), (7, "Bob", 3, "$0.10")]
    game = GAME.format(code=101, third=_actions(THIRD), fourth=_actions(fourth)).replace(
        'win="$0.32" bet="$0.21"', 'win="$0.42" bet="$0.21"').replace(
        'win="$0" bet="$0.11"', 'win="$0" bet="$0.21"')
    (hand,) = results(_write(tmp_path, _session(game)))[0]
    end = hand.events[-4:]
    assert [type(e).__name__ for e in end] == ["ShowdownStart", "Show", "Muck", "Collect"]
    assert isinstance(end[0], ShowdownStart)
    assert isinstance(end[1], Show)
    assert (end[1].player, end[1].cards) == ("Ann", ("2s", "3h", "4d", "Ah"))
    assert without_lines(end[2:3]) == [Muck(line=0, player="Bob")]
