"""Promise: a no-limit or pot-limit stud hand, from every site whose format can say so, is
labelled so wherever its game or stakes are shown, and is never measured in a fixed-limit
big bet: its ``players.big_bet`` is 0 (none), its stakes begin with ``NL`` or ``PL``, its
game groups as ``stud NL``, and the statistics that divide by big bets leave it out and
count it (``bb_left_out``).

The hands are each site's first generated hand (``tests/read/sites/forms_<site>.py``)
with its fixed-limit words made no-limit or pot-limit, as the site's catalogue
(docs/formats/) says it prints them; and the corpus's Merge no-limit stud hi/lo hand.
"""

from __future__ import annotations

import importlib
import math
from pathlib import Path

import pytest

from stud_hh.analysis import report, stats
from stud_hh.cli import main
from stud_hh.model.events import Limit
from stud_hh.read.parse import parse_hand
from stud_hh.replay import replay
from stud_hh.store.database import open_db
from stud_hh.store.facts import hand_rows

# site: (the words of a fixed-limit header, the words for no limit, for pot limit)
SITES = {
    "pokerstars": ("7 Card Stud Limit", "7 Card Stud No Limit", "7 Card Stud Pot Limit"),
    "fulltilt": ("- Limit Stud Hi -", "- No Limit Stud Hi -", "- Pot Limit Stud Hi -"),
    "winamax": ("fixed limit", "no limit", "pot limit"),
    "winning": ("(Fixed Limit)", "(No Limit)", "(Pot Limit)"),
    "kingsclub": (": Limit Seven", ": No Limit Seven", ": Pot Limit Seven"),
    "everleaf": ("€0.10 7 Card Stud", "€0.10 NL 7 Card Stud", "€0.10 PL 7 Card Stud"),
    "ipoker": ("7 Card Stud L ", "7 Card Stud NL ", "7 Card Stud PL "),
    "merge": ('stakes="Limit $0.50/$1"', 'stakes="No Limit ($0.10/$0.25/$0.50)"',
              'stakes="Pot Limit ($0.10/$0.25/$0.50)"'),
}
MERGE_NL = "Merge/NL7-StudHL-0.01-0.02-0.10-201204.xml"


@pytest.mark.parametrize("limit", [Limit.NO_LIMIT, Limit.POT], ids=str)
@pytest.mark.parametrize("site", sorted(SITES))
def test_every_site_s_no_limit_hand_has_no_big_bet(site: str, limit: Limit) -> None:
    fixed, no_limit, pot_limit = SITES[site]
    text = importlib.import_module(f"forms_{site}").HANDS[0]
    assert fixed in text
    hand = parse_hand(text.replace(fixed, no_limit if limit is Limit.NO_LIMIT else pot_limit, 1))
    assert hand.header.limit is limit
    replayed = replay(hand)
    rows = hand_rows(replayed)
    code = "NL" if limit is Limit.NO_LIMIT else "PL"
    [stored] = rows["hands"]
    assert stored["limit"] == limit.value
    assert stored["big_bet"] == hand.header.big_bet > 0  # the hand's own bet kept
    assert str(stored["stakes"]).startswith(f"{code} ")
    for player in rows["players"]:
        assert (player["limit"], player["big_bet"], player["stakes"]) == \
            (limit.value, 0, stored["stakes"])
    assert report.stakes(replayed).startswith(f"{code} ")  # stud-hh show, the replayer
    # the same hand fixed-limit: measured in its big bet, labelled as before
    fixed_hand = parse_hand(text)
    fixed_rows = hand_rows(replay(fixed_hand))
    assert fixed_rows["players"][0]["big_bet"] == fixed_hand.header.big_bet > 0
    assert not str(fixed_rows["hands"][0]["stakes"]).startswith(("NL", "PL"))


def test_the_corpus_no_limit_hand_is_left_out_of_big_bets(corpus: Path, tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]
                                                          ) -> None:
    """Merge's no-limit stud hi/lo hand (ante $0.01, bring-in $0.02, smallest bet $0.10)
    beside its fixed-limit hands: before, Hero's $1.17 won in it counted as 11.7 big bets."""
    db_path = tmp_path / "db"
    assert main(["import", str(corpus / "Merge"), "--db", str(db_path), "--jobs", "1",
                 "-q"]) in (0, 1)
    capsys.readouterr()
    players = open_db(db_path).players()
    nl = players[players["limit"] == "no_limit"]
    assert set(nl["stakes"]) == {"NL $0.10"}
    assert (nl["big_bet"] == 0).all()
    summary = stats.player_summary(players, by=["player", "game"], player="Hero")
    row = summary.loc[("Hero", "stud8 NL")]
    assert (row["hands"], row["bb_left_out"]) == (1, 1)
    assert row["net"] == pytest.approx(1.17)
    assert math.isnan(row["net_bb"])
    assert math.isnan(row["bb_per_100"])
    whole = stats.player_summary(players, player="Hero").loc["Hero"]
    fixed = players[(players["player"] == "Hero") & players["dealt"]
                    & (players["limit"] == "fixed")]
    assert whole["bb_left_out"] == 1
    assert whole["net_bb"] == pytest.approx((fixed["net"] / fixed["big_bet"]).sum())
    assert whole["bb_per_100"] == pytest.approx(whole["net_bb"] / len(fixed) * 100)
    assert main(["stats", "--db", str(db_path), "--player", "Hero", "--by", "stakes"]) == 0
    out = capsys.readouterr().out
    assert "NL $0.10" in out
    assert "hands not in big bets (NL, PL, no stakes)" in out
    assert main(["sql", "--db", str(db_path), "SELECT sum(big_bets(net, big_bet)) AS bb FROM "
                 "players WHERE stakes = 'NL $0.10'"]) == 0
    assert float(capsys.readouterr().out.splitlines()[2]) == 0
