"""The SQL queries of docs/sql.md run and equal what the project's pandas functions compute
(``stats.ratios``, ``stats.money``, ``audit.violations_by_rule``, the tables themselves),
on a database of ``sample_histories/`` and on one of the shared corpus (skipped, saying
so, when ``../shared/corpus`` is absent). A documented query without a check here, or
a check without its query, fails: every documented query is tested.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from stud_hh.analysis import audit, stats
from stud_hh.store.database import Database, open_db
from stud_hh.store.ingest.run import import_paths

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "sql.md"
SAMPLE_HISTORIES = ROOT / "sample_histories"
PLAYER = "'Hero'"
"""The player the documented queries name; the corpus's queries name its busiest player."""

Expected = Callable[[Database, pd.DataFrame, str], tuple[pd.DataFrame, list[str]]]


def documented_queries() -> dict[str, str]:
    """Each ```sql block of docs/sql.md by its first line's comment (``-- what``)."""
    text = DOC.read_text(encoding="utf-8")
    blocks = re.findall(r"```sql\n(.*?)```", text, flags=re.DOTALL)
    found = {}
    for block in blocks:
        first = block.splitlines()[0]
        assert first.startswith("-- "), f"a documented query opens with '-- what it is': {first}"
        found[first[3:].split(" (")[0]] = block
    assert len(found) == len(blocks), "two documented queries have the same first line"
    return found


def _ratio(name: str) -> stats.Ratio:
    return next(r for r in (*stats.SUMMARY, *stats.HILO) if r.name == name)


def _of(players: pd.DataFrame, player: str) -> pd.DataFrame:
    return players[players["player"] == player]


def hands_per_game(db: Database, players: pd.DataFrame, player: str
                   ) -> tuple[pd.DataFrame, list[str]]:
    counts = db.hands(columns=["game"])["game"].astype("string").value_counts()
    return pd.DataFrame({"game": counts.index, "hands": counts.to_numpy()}), ["game"]


def vpip_by_stakes(db: Database, players: pd.DataFrame, player: str
                   ) -> tuple[pd.DataFrame, list[str]]:
    found = stats.ratios(_of(players, player), [_ratio("vpip")], by=["player", "stakes"])
    return found.reset_index()[["stakes", "vpip", "vpip_n"]], ["stakes"]


def violations_per_rule(db: Database, players: pd.DataFrame, player: str
                        ) -> tuple[pd.DataFrame, list[str]]:
    found = audit.violations_by_rule(db).reset_index()  # the documented columns of it
    return found[["rule", "violations", "hands"]], ["rule"]


def net_per_currency(db: Database, players: pd.DataFrame, player: str
                     ) -> tuple[pd.DataFrame, list[str]]:
    found = stats.money(_of(players, player), by=["player", "unit"]).reset_index()
    return found[["unit", "hands", "net", "rake_paid", "net_bb"]], ["unit"]


def results_by_month(db: Database, players: pd.DataFrame, player: str
                     ) -> tuple[pd.DataFrame, list[str]]:
    found = stats.money(_of(players, player), by=["player", "month", "unit"]).reset_index()
    return found[["month", "unit", "hands", "net", "net_bb", "bb_per_100"]], ["month", "unit"]


def steals_of_regulars(db: Database, players: pd.DataFrame, player: str
                       ) -> tuple[pd.DataFrame, list[str]]:
    chosen = [_ratio("steal"), _ratio("bring_in_fold_to_steal"), _ratio("af")]
    found = stats.ratios(players, chosen, by=["player"])
    found.insert(0, "hands", players[players["dealt"]].groupby("player").size())
    found = found[found["hands"] >= 100].reset_index()
    found = found.rename(columns={"bring_in_fold_to_steal": "bring_in_folds",
                                  "bring_in_fold_to_steal_n": "bring_in_folds_n"})
    return (found[["player", "hands", "steal", "steal_n", "bring_in_folds",
                   "bring_in_folds_n", "af"]], ["player"])


def violations_with_tables(db: Database, players: pd.DataFrame, player: str
                           ) -> tuple[pd.DataFrame, list[str]]:
    found = db.violations(columns=["site", "hand_id", "rule", "line", "message"]).merge(
        db.hands(columns=["site", "hand_id", "table", "stakes"]), on=["site", "hand_id"])
    return (found[["rule", "hand_id", "table", "stakes", "line", "message"]],
            ["hand_id", "line", "rule"])


CHECKS: dict[str, Expected] = {
    "hands per game": hands_per_game,
    "a player's VPIP by stakes": vpip_by_stakes,
    "violations per rule": violations_per_rule,
    "a player's net won per currency, in printed units": net_per_currency,
    "a player's results by month": results_by_month,
    "steals, the bring-in's folds to them and aggression on 4th-7th, for regulars":
        steals_of_regulars,
    "each violation with its hand's table and stakes, in the order played":
        violations_with_tables,
}
"""Each documented query by its comment, and how pandas computes the same table."""

TOLERANCE = {"bb_per_100": 1e-2}
"""How far a column may be from pandas' (``stats`` rounds money and big bets to 4
decimals before it divides by hands); every other column: 1e-4, the same rounding."""


@pytest.fixture(scope="module")
def samples_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("docs-sql") / "samples.db"
    assert import_paths([SAMPLE_HISTORIES], root, jobs=2).hands_new > 2000
    return root


@pytest.fixture(scope="module")
def corpus_db(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("docs-sql") / "corpus.db"
    assert import_paths([corpus], root, jobs=2).hands_new > 150
    return root


def _normal(frame: pd.DataFrame, keys: list[str]) -> pd.DataFrame:
    """Texts as str (None for none), numbers as floats, rows sorted by ``keys``."""
    out = pd.DataFrame(index=range(len(frame)))
    for name in frame.columns:
        column = frame[name].reset_index(drop=True)
        if pd.api.types.is_numeric_dtype(column) or pd.api.types.is_bool_dtype(column):
            out[name] = column.astype("float64")
        else:
            out[name] = [None if pd.isna(v) else str(v) for v in column]
    return out.sort_values(keys, kind="stable").reset_index(drop=True)


def test_every_documented_query_is_checked() -> None:
    assert sorted(documented_queries()) == sorted(CHECKS)


def _compare(db: Database, name: str, player: str) -> None:
    query = documented_queries()[name].replace(PLAYER, "'" + player.replace("'", "''") + "'")
    got = db.sql(query)
    players = db.players()
    expected, keys = CHECKS[name](db, players, player)
    assert list(got.columns) == list(expected.columns), name
    got, expected = _normal(got, keys), _normal(expected, keys)
    assert len(got) == len(expected), name
    for column in expected.columns:
        if expected[column].dtype == np.float64:
            np.testing.assert_allclose(got[column], expected[column], rtol=0,
                                       atol=TOLERANCE.get(column, 1e-4), equal_nan=True,
                                       err_msg=f"{name}: {column}")
        else:
            assert got[column].tolist() == expected[column].tolist(), f"{name}: {column}"


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_documented_query_equals_pandas_on_the_samples(samples_db: Path, name: str) -> None:
    _compare(open_db(samples_db), name, "Hero")


@pytest.mark.parametrize("name", sorted(CHECKS))
def test_documented_query_equals_pandas_on_the_corpus(corpus_db: Path, name: str) -> None:
    db = open_db(corpus_db)
    busiest = db.sql("SELECT player FROM players WHERE dealt GROUP BY player "
                     "ORDER BY count(*) DESC, player LIMIT 1")["player"].iloc[0]
    _compare(db, name, str(busiest))


def test_the_samples_give_what_the_page_shows(samples_db: Path) -> None:
    """docs/sql.md prints the result of one query on the samples: it is today's."""
    text = DOC.read_text(encoding="utf-8")
    shown = re.search(r"```\n(unit +hands.*?\(2 rows\)\n)```", text, flags=re.DOTALL)
    assert shown is not None
    from stud_hh.store import sql

    query = documented_queries()["a player's net won per currency, in printed units"]
    assert sql.render(sql.query(open_db(samples_db), query), "text") == shown.group(1)
