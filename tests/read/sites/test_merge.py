"""Merge (Carbon) XML hands: every corpus stud hand read and clean under its profile (the
no-limit hand's flags listed), FPDB agrees, and the reader keeps its safety promises.

The corpus is read in place from ``../shared/corpus``; the hand-made files below
are written into a temporary folder (their players are invented).
"""

from __future__ import annotations

import dataclasses
from datetime import UTC, datetime
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
)

from stud_hh import ParsedHand, rules
from stud_hh.model.events import (
    Bet,
    Collect,
    Complete,
    Game,
    Limit,
    Muck,
    PotKind,
    Raise,
    Show,
    UncalledReturned,
)
from stud_hh.read.sites import document_format
from stud_hh.read.sites.merge import MERGE
from stud_hh.replay import replay
from stud_hh.rules import ShowdownFirst, Support

SAMPLE = "7-Stud-USD-0.50-1.00-201102.Sample.txt"
HORSE = "HORSE-8max-USD-0.25-0.50-201409.new.format.txt"
NO_LIMIT = "53828643-2"
"""The no-limit stud hi/lo hand: audited like any other hand except its bet sizes and
caps, which docs/stud-rules.md gives for fixed-limit betting only (reported unverifiable)."""


def _mrg() -> Path:
    return corpus_folder("Merge")


def _hands() -> list[ParsedHand]:
    return folder_hands("Merge")


def _hand(hand_id: str) -> ParsedHand:
    return next(h for h in _hands() if h.hand_id == hand_id)


# ---------------------------------------------------------------------------
# The corpus


@pytest.mark.parametrize("row", index_rows("Merge"), ids=lambda r: r["file"])
def test_every_stud_hand_of_each_merge_file_is_read(row: dict[str, str]) -> None:
    hands, failures, skipped = results(CORPUS_DIR / row["file"])
    assert not failures, "\n".join(str(f.error) for f in failures)
    assert not skipped  # the HORSE file holds three stud hi/lo hands and nothing else
    assert len(hands) == int(row["hands"])
    assert all(h.header.site == "Merge" and h.warnings == () for h in hands)


def test_the_format_is_sniffed_from_the_head() -> None:
    path = _mrg() / SAMPLE
    head = path.read_text(encoding="utf-8")[:4096]
    assert document_format(str(path), head) is MERGE


def test_every_hand_replays_clean_under_its_profile() -> None:
    hands = _hands()
    assert len(hands) == 8
    for hand in hands:
        assert hand.header.limit is (Limit.NO_LIMIT if hand.hand_id == NO_LIMIT else Limit.FIXED)
        assert replay(hand).profile == "merge"
        assert replay(hand).violations == (), hand.hand_id


def test_the_no_limit_hand_is_audited_but_for_its_bet_sizes() -> None:
    hand = _hand(NO_LIMIT)
    assert (hand.header.limit, hand.header.game) == (Limit.NO_LIMIT, Game.STUD8)
    # "No Limit ($0.01/$0.02/$0.10)": ante, bring-in, and the smallest bet
    assert (hand.header.small_bet, hand.header.big_bet) == (10, 10)
    replayed = replay(hand)
    assert replayed.violations == ()
    assert {u.rule for u in replayed.unverifiable} >= {
        "complete.wrong-size", "bet.wrong-size", "bet.big-without-open-pair", "raise.over-cap"}
    assert (replayed.collected, replayed.rake) == ({"Hero": 312}, 13)
    # turns are still checked: the same hand with 4th street's bet and call swapped
    events = list(hand.events)
    bet = next(i for i, e in enumerate(events) if isinstance(e, Bet))
    events[bet], events[bet + 1] = events[bet + 1], events[bet]
    swapped = dataclasses.replace(hand, events=tuple(events))
    assert "action.out-of-turn" in {v.rule for v in replay(swapped).violations}


def test_the_profile_evidence() -> None:
    check_evidence("merge")
    mrg = rules.profile("merge")
    hands = [h for h in _hands() if h.hand_id != NO_LIMIT]
    assert mrg.support("odd_chip") is Support.DECIDES
    split = replay(_hand("78854953-357"))
    (pot,) = split.pots
    assert (pot.winners_high, pot.winners_low) == (("Player1",), ("Hero",))
    assert split.collected == {"Player1": 210, "Hero": 209}  # the odd cent to the high half
    assert mrg.support("max_bets") is Support.CONSISTENT
    assert flipped("merge", hands, max_bets=3) == [("43618199-14", "raise.over-cap")]
    assert flipped("merge", hands, max_bets=5) == []
    assert mrg.support("showdown_first") is Support.CONSISTENT
    for value in ShowdownFirst:
        assert flipped("merge", hands, showdown_first=value) == [], value
    for setting, value in (("bring_in_tie_break", rules.TieBreak.POSITION),
                           ("board_tie_break", rules.TieBreak.SUIT),
                           ("heads_up_uncapped", False), ("half_bet_reopens", False),
                           ("open_pair_big_bet", frozenset())):
        assert mrg.support(setting) is Support.NONE, setting
        assert flipped("merge", hands, **{setting: value}) == [], setting


def test_golden_events_pot_rake_and_split() -> None:
    hand = _hand("78854953-357")
    expected = (GOLDEN / "merge_stud8_split.events").read_text(encoding="utf-8")
    assert [hand.hand_id, *compact(hand)] == expected.splitlines()
    assert (hand.header.mixed_game, hand.header.game_text) == (
        "HORSE", "HORSE Limit $0.25/$0.50 (multigametype 43)")
    assert any(isinstance(e, Complete) and (e.player, e.to) == ("Hero", 25) for e in hand.events)
    assert any(isinstance(e, Raise) and (e.player, e.by, e.to) == ("Player1", 25, 50)
               for e in hand.events)
    replayed = replay(hand)
    (pot,) = replayed.pots
    assert (pot.amount, replayed.rake) == (435, 16)
    assert replayed.nets == {"Hero": 209 - 177, "Player1": 210 - 177, "Player2": -77,
                             "Player0": -2, "Player3": -2}


def test_a_bet_nobody_called() -> None:
    # XML v2 marks it: a winner element with uncalled="true"
    v2 = _hand("78854953-356")
    end = [e for e in v2.events if isinstance(e, (UncalledReturned, Collect))]
    assert end == [UncalledReturned(line=125, player="Player0", amount=25),
                   Collect(line=124, player="Player0", amount=24)]
    # older files fold it into the winner's amount: 0.64 = 0.14 in the pot + 0.50 uncalled
    old = _hand("40263637-116")
    assert [e for e in old.events if isinstance(e, (UncalledReturned, Collect))] == [
        Collect(line=46, player="Hero", amount=64)]
    assert replay(old).nets["Hero"] == 64 - 57


def test_an_all_in_shows_before_the_last_streets() -> None:
    hand = _hand("43618199-14")
    shows = [e for e in hand.events if isinstance(e, Show)]
    assert [(e.player, e.cards) for e in shows] == [
        ("Hero", ("As", "7h", "Kc", "4c")), ("Player1", ("2h", "8d", "6c", "2c"))]
    raise_ = next(e for e in hand.events if isinstance(e, Raise) and e.all_in)
    assert (raise_.player, raise_.by, raise_.to) == ("Hero", 41, 91)  # ALL_IN of 0.91 over 0.50
    replayed = replay(hand)
    assert replayed.pots[0].winners_high == ("Player1",)
    assert replayed.collected == {"Player1": 758}


def test_mucked_cards_the_site_reveals_are_kept() -> None:
    muck = next(e for e in _hand("31423297-107").events if isinstance(e, Muck))
    assert (muck.player, muck.cards) == ("Player6", ("Js", "Jh", "Ts", "7h", "8d", "6s", "3s"))


def test_a_seat_not_dealt_in_is_sitting_out() -> None:
    hand = _hand("70969727-130")
    seat = next(s for s in hand.header.seats if s.seat == 0)
    assert (seat.name, seat.sitting_out) == ("Player0", True)
    assert "Player0" not in replay(hand).contributions


def test_the_start_time_takes_its_offset_from_the_event_timestamps() -> None:
    hand = _hand("31423297-107")
    assert hand.header.started_local == "2011/02/04 20:22:44"
    # the first ante is at 1296868936796 ms = 01:22:16 UTC: the printed time is UTC-5
    assert hand.header.started_at == datetime(2011, 2, 5, 1, 22, 44, tzinfo=UTC)
    summer = _hand("70969727-130")  # July: still UTC-5 (the site's clock keeps no DST)
    assert summer.header.started_at == datetime(2013, 7, 16, 2, 35, tzinfo=UTC)


def test_fpdb_hands_and_gametype_agree() -> None:
    path = _mrg() / SAMPLE
    (hand,) = results(path)[0]
    compared, wrong = compare(path, hand, {
        "startTime": "FPDB keeps the printed local time to the minute and labels it UTC; "
        "ours keeps it as printed (compared separately below) and in UTC five hours later, "
        "as the hand's own event timestamps show",
        "maxSeats": "the history does not print the table size (FPDB writes 9)",
    })
    assert wrong == []
    assert {"siteHandNo", "tableName", "seats", "playersAtStreet1", "playersVpi", "smallBet",
            "bigBet", "ante", "street1Raises", "category", "currency"} <= set(compared)
    assert hand.header.started_local is not None
    assert hand.header.started_local.startswith("2011/02/04 20:22")  # FPDB: 2011-02-04 20:22


# ---------------------------------------------------------------------------
# Hand-made files

HEAD = '<?xml version="1.0"?>\n<description type="{kind}" stakes="Limit $0.10/$0.20"/>\n'
GAME = """<game id="1-{code}" starttime="20200101100000" numholecards="7" gametype="39" \
{multi}realmoney="true" data="20200101|Test table|1|1-{code}|false">
<players dealer="1">
<player seat="0" nickname="Ann" balance="$5.00" dealtin="true" />
<player seat="1" nickname="Bob" balance="$5.00" dealtin="true" />
</players>
<round id="BLINDS" sequence="1">
{blinds}
</round>
<round id="BRING_IN" sequence="2">
<event sequence="3" type="BRING_IN" timestamp="1577890805000" player="0" amount="0.02"/>
<cards type="HOLE" cards="2s,3h,4d" player="0" hand="Four High"/>
<cards type="DRAW_DRAWN_CARDS" cards="null,null,Kc" player="1"/>
</round>
<round id="THIRD_STREET" sequence="3">
{third}
</round>
<round id="FOURTH_STREET" sequence="4">
{fourth}
<cards type="HOLE" cards="2s,3h,4d,Ah" player="0" hand="Ace High"/>
<cards type="DRAW_DRAWN_CARDS" cards="null,null,Kc,Qs" player="1"/>
</round>
<round id="END_OF_FOLDED_GAME" sequence="5">
<winner amount="0.22" uncalled="false" potnumber="1" player="0" pottype="n"/>
<winner amount="0.10" uncalled="true" potnumber="2" player="0" pottype="n"/>
</round>
</game>
"""
BLINDS = [(1, "ANTE", 0, "0.01"), (2, "ANTE", 1, "0.01")]
THIRD = [(4, "COMPLETE", 1, "0.10"), (5, "CALL", 0, "0.08")]
FOURTH = [(6, "BET", 0, "0.10"), (7, "FOLD", 1, "")]


def _events(events: list[tuple[int, str, int, str]], order: int) -> str:
    return "\n".join(
        f'<event sequence="{n}" type="{t}" timestamp="15778908{n:02d}000" player="{p}"'
        + (f' amount="{a}"' if a else "") + "/>" for n, t, p, a in events[::order])


def _game(code: int, shuffled: bool = False, multi: str = "") -> str:
    order = -1 if shuffled else 1
    return GAME.format(code=code, multi=f'multigametype="{multi}" ' if multi else "",
                       blinds=_events(BLINDS, order), third=_events(THIRD, order),
                       fourth=_events(FOURTH, order))


def _file(*games: str, kind: str = "7-Stud", dtd: str = "") -> str:
    first, _, rest = HEAD.format(kind=kind).partition("\n")
    return f"{first}\n{dtd}{rest}" + "".join(games)


def _write(tmp_path: Path, text: str, name: str = "merge.txt") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_hand_made_hand_reads_and_replays_clean(tmp_path: Path) -> None:
    text = _file(_game(1))
    (hand,) = results(_write(tmp_path, text))[0]
    assert (hand.header.table, hand.header.small_bet, hand.header.big_bet) == (
        "Test table", 10, 20)
    assert hand.header.started_at == datetime(2020, 1, 1, 15, tzinfo=UTC)
    assert hand.events[-2:] == (
        UncalledReturned(line=line_of(text, 'uncalled="true"'), player="Ann", amount=10),
        Collect(line=line_of(text, 'amount="0.22"'), player="Ann", amount=22))
    replayed = replay(hand)
    assert replayed.violations == ()
    assert replayed.nets == {"Ann": 11, "Bob": -11}


def test_shuffled_sequence_numbers_come_out_in_number_order(tmp_path: Path) -> None:
    (ordered,) = results(_write(tmp_path, _file(_game(1)), "a.txt"))[0]
    (shuffled,) = results(_write(tmp_path, _file(_game(1, shuffled=True)), "b.txt"))[0]
    said = [(type(e).__name__, getattr(e, "player", None)) for e in shuffled.events]
    assert said == [(type(e).__name__, getattr(e, "player", None)) for e in ordered.events]
    assert said[:8] == [("PostAnte", "Ann"), ("PostAnte", "Bob"), ("StreetStart", None),
                        ("Deal", "Ann"), ("Deal", "Bob"), ("BringIn", "Ann"),
                        ("Complete", "Bob"), ("Call", "Ann")]
    assert replay(shuffled).violations == ()


def test_other_games_of_a_mixed_file_are_skipped_and_counted(tmp_path: Path) -> None:
    holdem = _game(2, multi="1").replace("BRING_IN", "BIG_BLIND")  # dealt as hold'em is
    text = _file(_game(1, multi="43"), holdem, _game(3, multi="39"), kind="HORSE")
    hands, failures, skipped = results(_write(tmp_path, text))
    assert failures == []
    assert [(h.hand_id, h.header.game, h.header.mixed_game) for h in hands] == [
        ("1-1", Game.STUD8, "HORSE"), ("1-3", Game.STUD, "HORSE")]
    assert [(s.hand_id, s.game_text) for s in skipped] == [
        ("1-2", "HORSE Limit $0.10/$0.20: Holdem (multigametype 1)")]


def test_a_side_pot_is_collected_from_its_pot(tmp_path: Path) -> None:
    text = _file(_game(1)).replace(
        '<winner amount="0.10" uncalled="true" potnumber="2"',
        '<winner amount="0.10" uncalled="false" potnumber="2"')
    (hand,) = results(_write(tmp_path, text))[0]
    assert [(e.pot, e.pot_index, e.amount) for e in hand.events if isinstance(e, Collect)] == [
        (PotKind.MAIN, None, 22), (PotKind.SIDE, 1, 10)]


def test_a_player_seated_twice_is_a_failure(tmp_path: Path) -> None:
    text = _file(_game(1).replace('nickname="Bob"', 'nickname="Ann"'))
    (failure,) = results(_write(tmp_path, text))[1]
    assert failure.reason == "seat 1 ('Ann') is listed twice"
    assert (failure.hand_id, failure.line) == ("1-1", line_of(text, '<player seat="1"'))


def test_an_unknown_event_type_is_a_failure_naming_it(tmp_path: Path) -> None:
    text = _file(_game(1), _game(2).replace('type="CALL"', 'type="SURRENDER"'))
    hands, failures, _ = results(_write(tmp_path, text))
    assert [h.hand_id for h in hands] == ["1-1"]
    (failure,) = failures
    assert failure.reason == "unknown event type 'SURRENDER' (sequence 5)"
    assert (failure.hand_id, failure.line) == ("1-2", line_of(text, "SURRENDER"))


def test_a_truncated_game_fails_with_file_and_line_and_the_rest_reads(tmp_path: Path) -> None:
    cut = _game(2)
    cut = cut[:cut.index('<round id="FOURTH_STREET"')]
    text = _file(_game(1), cut, _game(3))
    path = _write(tmp_path, text)
    hands, failures, _ = results(path)
    assert [h.hand_id for h in hands] == ["1-1", "1-3"]
    (failure,) = failures
    first = line_of(text, 'id="1-2"')
    assert failure.reason.startswith("not well-formed XML")
    assert (failure.path, failure.hand_id, failure.first_line) == (str(path), "1-2", first)
    assert failure.line is not None
    assert first < failure.line <= failure.last_line < line_of(text, 'id="1-3"')


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_entity_declarations_are_refused_not_expanded(tmp_path: Path, kind: str) -> None:
    game = _game(1).replace("Test table", "&lol9;")
    assert_refused(_write(tmp_path, _file(game, dtd=HOSTILE[kind]("description"))), "1-1",
                   line=2)
