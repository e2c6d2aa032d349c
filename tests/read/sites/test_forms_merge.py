"""Promise: the Merge reader reads the header fields of every catalogued form, keeps chat
and table traffic out of the game wherever it stands, and fails named on what it
cannot read honestly.

The generic checks (every form used, every hand clean and balanced) are
tests/read/sites/test_forms.py's; here: stakes, chips, play money, tournament id and buy-in,
the pre-2010 raise, the skip words, and chat inserted anywhere in a real hand.
"""

from __future__ import annotations

import random

import pytest
from catalogue import catalogue, check_noise_insertion, instance
from conftest import CORPUS_DIR, CORPUS_MISSING
from forms_merge import HANDS, HORSE_TOURNAMENT, V1_STUD, main_hand, side_pot_hand, write

from stud_hh.model.errors import HandParseError
from stud_hh.model.events import Chat, Game, Limit, Raise, TableEvent, UncalledReturned
from stud_hh.model.hand import ParsedHand, ParseFailure, SkippedHand
from stud_hh.read.parse import parse_hand, result_of
from stud_hh.read.split import raw_hands, raw_text_hands


def _result(text: str) -> ParsedHand | SkippedHand:
    (raw,) = [r for r in raw_text_hands(text, "<test>") if r.is_hand]
    result = result_of(raw)
    if isinstance(result, ParseFailure):
        raise result.error
    return result


@pytest.mark.parametrize(("index", "expected"), [
    (0, (Game.STUD, Limit.FIXED, 50, 100, "USD", 100, False, None, None, None, None)),
    (1, (Game.STUD8, Limit.FIXED, 25, 50, "USD", 100, False, None, None, None, None)),
    (2, (Game.STUD8, Limit.FIXED, 25, 50, "USD", 100, False, "HORSE", None, None, None)),
    (3, (Game.RAZZ, Limit.FIXED, 50, 100, "USD", 100, False, None, None, None, None)),
    (4, (Game.STUD8, Limit.NO_LIMIT, 10, 10, "USD", 100, False, None, None, None, None)),
    (6, (Game.STUD, Limit.FIXED, 50, 100, None, 100, True, None, None, None, None)),
    (11, (Game.STUD8, Limit.FIXED, 150, 300, None, 1, False, "HORSE", "36447024", 0, None)),
    (12, (Game.STUD, Limit.FIXED, 100, 200, None, 1, False, None, "81601090", 1000, 100)),
])
def test_header_fields_of_each_form(index: int, expected: tuple[object, ...]) -> None:
    h = parse_hand(HANDS[index]).header
    assert (h.game, h.limit, h.small_bet, h.big_bet, h.currency, h.scale, h.play_money,
            h.mixed_game, h.tournament_id, h.buy_in, h.bounty) == expected
    assert parse_hand(HANDS[index]).warnings == ()


def test_the_tournament_table_is_unescaped_and_its_chips_read() -> None:
    h = parse_hand(HANDS[11]).header
    assert h.table == "$200 Freeroll - HORSE - 12:00"
    assert [s.stack for s in h.seats] == [1000, 1340, 2000]


def test_a_raise_before_september_2010_adds_its_chips() -> None:
    old = parse_hand(HANDS[5])
    assert [(e.player, e.by, e.to) for e in old.events if isinstance(e, Raise)] == [
        ("Hero", 50, 100), ("Bob", 50, 150)]
    assert old.header.started_at is None  # no timestamps in that file


def test_chat_and_traffic_are_kept_out_of_the_game() -> None:
    hand = parse_hand(HANDS[0])
    assert [(e.player, e.kind.value) for e in hand.events if isinstance(e, TableEvent)] == [
        ("Ann", "disconnected"), ("Ann", "connected")]
    assert [(e.player, e.text) for e in hand.events if isinstance(e, Chat)] == [("Hero", "nh")]
    tournament = parse_hand(HANDS[11])
    assert [e.text for e in tournament.events if isinstance(e, Chat)] == ["stupid low.."]


def test_a_bet_nobody_called_is_returned() -> None:
    hand = parse_hand(HANDS[9])
    assert [(e.player, e.amount) for e in hand.events if isinstance(e, UncalledReturned)] == [
        ("Bob", 50)]


def _corpus_texts() -> list[str]:
    if not (CORPUS_DIR / "Merge").is_dir():
        pytest.skip(CORPUS_MISSING)
    texts = []
    for path in sorted((CORPUS_DIR / "Merge").iterdir()):
        if path.suffix in (".hp", ".hands", ".gt"):
            continue
        texts += [r.text for r in raw_hands(path) if r.is_hand
                  and isinstance(result_of(r), ParsedHand)]
    return texts


def _inside_rounds(text: str) -> list[int]:
    """The line indexes (0-based) before which an element may stand inside a round."""
    inside, found = False, []
    for index, line in enumerate(text.rstrip("\n").split("\n")):
        if line.strip().startswith("</round"):
            found.append(index)
            inside = False
        elif line.strip().startswith("<round"):
            inside = True
        elif inside:
            found.append(index)
    return found


def test_chat_anywhere_in_a_round_of_a_real_hand_changes_nothing() -> None:
    form = catalogue("merge").form("noise.chat")
    rng = random.Random(11)
    for text in _corpus_texts() + HANDS[:3]:
        names = [s.name for s in parse_hand(text).header.seats]
        for index in _inside_rounds(text):
            check_noise_insertion(text, "\t\t" + instance(form, rng, names), index)


def test_table_traffic_with_its_own_number_changes_nothing() -> None:
    text = HANDS[0].replace('type="CHECK"', 'type="CHECK"', 1)
    line = '\t\t<event sequence="999" type="DISCONNECTED" timestamp="1296868999000" player="3"/>'
    lines = text.split("\n")
    end = max(i for i, x in enumerate(lines) if "</round>" in x)
    check_noise_insertion(text, line, end)


@pytest.mark.parametrize(("old", "new", "reason"), [
    ('type="FOLD" timestamp', 'type="GAME_CANCELLED" timestamp', "cancelled this hand"),
    ('type="ANTE"', 'type="SMALL_BLIND"', "SMALL_BLIND in a stud hand"),
    ('stakes="Limit $0.50/$1"', 'stakes="Half Pot Limit ($0.50/$1)"', "half-pot-limit"),
    ('gametype="39"', 'gametype="47"', "gametype 47 is Razz"),
    ('id="END_OF_GAME"', 'id="SHOWDOWN"', "no END_OF_GAME round.*DISCONNECTED"),
    ("\t<players", '\t<pot amount="0.50"/>\n\t<players', "unknown element <pot> in the game"),
])
def test_what_cannot_be_read_honestly_fails_named(old: str, new: str, reason: str) -> None:
    assert old in HANDS[0]
    with pytest.raises(HandParseError, match=reason):
        _result(HANDS[0].replace(old, new, 1))


def test_an_unknown_element_in_a_round_fails_only_when_it_carries_game_information() -> None:
    marker = '<round id="FOURTH_STREET" sequence="4">'
    assert marker in HANDS[0]
    assert isinstance(_result(HANDS[0].replace(marker, marker + "<note/>", 1)), ParsedHand)
    with pytest.raises(HandParseError, match="unknown element <pot> in round FOURTH_STREET"):
        _result(HANDS[0].replace(marker, marker + '<pot amount="0.50"/>', 1))


@pytest.mark.parametrize(("kind", "code", "words"), [
    ("Holdem", "1", "Hold'em: Holdem Limit $0.50/$1 (gametype 1)"),
    ("2-7 Lowball", "", "2-7 Triple Draw: 2-7 Lowball Limit $0.50/$1 (gametype 39)"),
    ("Badugi", "", "Badugi: Badugi Limit $0.50/$1 (gametype 39)"),
])
def test_other_games_are_skipped_with_their_game_in_words(kind: str, code: str,
                                                         words: str) -> None:
    # the hand of another game as that game deals it: blinds, not a bring-in
    text = HANDS[0].replace('type="7-Stud"', f'type="{kind}"', 1).replace("BRING_IN",
                                                                           "BIG_BLIND")
    text = text.replace('gametype="39"', f'gametype="{code or 39}"', 1)
    if code == "":  # a stud code under another game's description: positively wrong
        with pytest.raises(HandParseError, match="gametype 39 is 7-Stud"):
            _result(text)
        text = text.replace('gametype="39"', 'gametype="1"', 1)
        words = words.replace("(gametype 39)", "(gametype 1)")
    skipped = _result(text)
    assert isinstance(skipped, SkippedHand)
    assert skipped.game_text == words


def test_a_tournament_hand_whose_bets_show_no_stakes_is_read_with_unknown_stakes() -> None:
    """Everyone folds to the bring-in in a tournament: the site prints no stakes and no bet
    shows them. The hand is read with stakes 0/0 (unknown) and a warning; it replays
    clean, its bring-in size reported unverifiable."""
    from forms_merge import HORSE_TOURNAMENT

    from stud_hh.replay import replay

    walk = main_hand(150, 300, 15, 30, 0)
    walk.actions = [(1, "Ann", "bring", 30), (1, "Bob", "fold", 0), (1, "Hero", "fold", 0)]
    walk.winners = [("Ann", 3 * 15 + 30, 1, "n")]
    walk.shows = []
    hand = _result(write(walk, HORSE_TOURNAMENT, "36487050-30", folded_end=True))
    assert isinstance(hand, ParsedHand)
    assert (hand.header.small_bet, hand.header.big_bet) == (0, 0)
    assert any("stakes are unknown" in w for w in hand.warnings)
    replayed = replay(hand)
    assert replayed.violations == ()
    assert "bring-in.wrong-amount" in {u.rule for u in replayed.unverifiable}


def test_versions_write_the_same_game() -> None:
    a = parse_hand(write(main_hand(50, 100, 5, 10, 5), V1_STUD, "1-1"))
    assert a.header.table == "Hudson (31423297)"


def _balances_less(text: str, ante: int) -> str:
    """``text`` with every player's ``balance`` lowered by ``ante`` chips."""
    import re

    def lower(m: re.Match[str]) -> str:
        return f'balance="{m[1]}{float(m[2]) - ante:.2f}"'

    return re.sub(r'balance="(\$?)([\d.]+)"', lower, text)


def test_tournament_balances_printed_after_the_antes_are_read_back() -> None:
    """The 2011 HORSE freeroll prints each balance after the ante was taken: an all-in then
    puts in the balance plus the ante. The reader adds the antes back (with a warning) only
    when the chips overrun a balance by no more than the ante; a hand that fits its
    balances is read as printed."""
    from stud_hh.replay import replay

    text = write(side_pot_hand(100, 200, 10, 25), HORSE_TOURNAMENT, "36487050-31")
    plain = parse_hand(text)
    assert not [w for w in plain.warnings if "after the antes" in w]
    shifted = parse_hand(_balances_less(text, 10))
    assert [s.stack for s in shifted.header.seats] == [s.stack for s in plain.header.seats]
    assert [w for w in shifted.warnings if "after the antes" in w]
    assert replay(shifted).violations == ()
    too_far = parse_hand(_balances_less(text, 30))  # more than the ante short: not read back
    assert [s.stack for s in too_far.header.seats] == [
        s.stack - 30 for s in plain.header.seats]
    assert "stack.exceeded" in {v.rule for v in replay(too_far).violations}
