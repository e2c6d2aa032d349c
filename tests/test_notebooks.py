"""The two notebooks run end to end on a database, and find what they must find.

They are executed with nbclient in a fresh kernel, with their parameters set
through environment variables; their results come back as JSON. Outputs are
never committed: the repository copies must be stripped. Run on a database of
the real corpus (read in place), every table they show is checked as shown: no
missing money, counts as whole numbers, and the results per currency.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import nbformat
import pytest
from conftest import CORPUS_DIR, CORPUS_MISSING
from helpers import SAMPLES
from nbclient import NotebookClient
from test_audit import BAD

from stud_hh.analysis import stats
from stud_hh.store.database import open_db
from stud_hh.store.ingest.run import import_paths

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def execute(name: str, env: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
            ) -> tuple[Any, dict[str, Any]]:
    """The notebook executed with ``env``, and the JSON it wrote."""
    result = tmp_path / f"{name}.json"
    for key, value in {**env, "STUD_HH_NOTEBOOK_RESULT": str(result),
                       "MPLBACKEND": "Agg"}.items():
        monkeypatch.setenv(key, value)
    notebook = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    found: dict[str, Any] = json.loads(result.read_text())
    return notebook, found


def run(name: str, env: dict[str, str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    return execute(name, env, tmp_path, monkeypatch)[1]


@pytest.mark.parametrize("name", ["leak_analysis", "compliance_audit"])
def test_committed_notebooks_carry_no_outputs(name: str) -> None:
    notebook = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    nbformat.validate(notebook)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            assert cell.outputs == []
            assert cell.execution_count is None
    tags = [c.metadata.get("tags", []) for c in notebook.cells]
    assert ["parameters"] in tags


GENERATED = Path(__file__).resolve().parents[1] / "sample_histories"


def test_leak_analysis_finds_the_planted_leaks(tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    from stud_hh.sim.session import HERO_LEAKS

    db = tmp_path / "db"
    notebook, found = execute("leak_analysis", {"STUD_HH_DB": str(db),
                                                "STUD_HH_HISTORIES": str(GENERATED)},
                              tmp_path, monkeypatch)
    assert (db / "stud_hh.json").exists()  # built from the histories when missing
    check_shown(notebook)
    assert per_unit_table(notebook) == ["USD", "tournament chips"]
    assert isinstance(found["hero_hands"], int)
    assert found["hero_hands"] > 1000
    leaks = found["leaks"]
    assert isinstance(leaks, list)
    top = {row["stat"]: row for row in leaks}
    for leak in HERO_LEAKS.values():
        assert leak.stat in top, f"planted leak {leak.stat} not among the top 10"
        row = top[leak.stat]
        assert (row["difference"] < 0) == (leak.direction == "low"), leak.stat
        assert row["player_n"] >= 30


def test_compliance_audit_lists_exactly_the_injected_hands(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    histories = tmp_path / "h"
    histories.mkdir()
    for path in [*(GENERATED / "injected").glob("*.txt"),
                 GENERATED / "stud8_heads-up_0.04-0.08.txt"]:
        (histories / path.name).write_bytes(path.read_bytes())
    truth = {(row["hand_id"], row["rule"], row["line"])
             for path in (GENERATED / "injected").glob("*.truth.jsonl")
             for row in map(json.loads, path.read_text(encoding="utf-8").splitlines())}
    import_paths([histories], tmp_path / "db", jobs=1)
    notebook, found = execute("compliance_audit", {"STUD_HH_DB": str(tmp_path / "db")},
                              tmp_path, monkeypatch)
    check_shown(notebook)
    flagged = found["flagged"]
    assert isinstance(flagged, list)
    assert {(h, r, line) for h, r, line in flagged} == truth
    assert "NOT CLEAN" in str(found["clean_bill"])


def test_leak_analysis_on_a_small_database(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "db"
    found = run("leak_analysis", {"STUD_HH_DB": str(db), "STUD_HH_HISTORIES": str(SAMPLES),
                                  "STUD_HH_MIN_N": "5"}, tmp_path, monkeypatch)
    assert found["hero_hands"] == 23
    leaks = found["leaks"]
    assert isinstance(leaks, list)
    assert leaks
    assert {"stat", "player", "field", "player_n", "field_n", "z"} <= set(leaks[0])
def test_compliance_audit_lists_exactly_the_broken_hand(tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    histories = tmp_path / "h"
    histories.mkdir()
    for path in SAMPLES.iterdir():
        (histories / path.name).write_bytes(path.read_bytes())
    (histories / "bad.txt").write_text(BAD, encoding="utf-8")
    import_paths([histories], tmp_path / "db", jobs=1)
    found = run("compliance_audit", {"STUD_HH_DB": str(tmp_path / "db")}, tmp_path, monkeypatch)
    flagged = found["flagged"]
    assert isinstance(flagged, list)
    assert {h for h, _, _ in flagged} == {"300000000009"}
    assert found["unbalanced"] == ["300000000009"]
    assert "NOT CLEAN" in str(found["clean_bill"])


@pytest.mark.parametrize("name", ["leak_analysis", "compliance_audit"])
def test_a_named_database_is_never_filled_with_the_samples(
        name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A mistyped database path must not quietly become a database of simulated hands."""
    from nbclient.exceptions import CellExecutionError

    typo = tmp_path / "my-real.db"
    monkeypatch.delenv("STUD_HH_HISTORIES", raising=False)
    with pytest.raises(CellExecutionError, match="no stud-hh database at"):
        run(name, {"STUD_HH_DB": str(typo)}, tmp_path, monkeypatch)
    assert not typo.exists()


class _Tables(HTMLParser):
    """The tables of a DataFrame's HTML as shown: header rows, then body rows as (index
    cells, value cells)."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[dict[str, list[Any]]] = []
        self._row: list[tuple[str, str]] | None = None
        self._cell: list[str] | None = None
        self._section = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.tables.append({"head": [], "body": []})
        elif tag in ("thead", "tbody"):
            self._section = tag
        elif tag == "tr":
            self._row = []
        elif tag in ("th", "td"):
            self._cell = []

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("th", "td") and self._cell is not None and self._row is not None:
            self._row.append((tag, "".join(self._cell).strip()))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            table = self.tables[-1]
            if self._section == "thead":
                table["head"].append([text for _, text in self._row])
            else:
                table["body"].append(([t for k, t in self._row if k == "th"],
                                      [t for k, t in self._row if k == "td"]))
            self._row = None


def shown_tables(notebook: Any) -> list[dict[str, Any]]:
    """Every table the notebook showed: its column names, index names and rows."""
    found = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            html = output.get("data", {}).get("text/html", "")
            if "<table" not in html:
                continue
            parser = _Tables()
            parser.feed(html)
            for table in parser.tables:
                if not table["body"]:
                    continue
                width = len(table["body"][0][1])
                head = table["head"]
                found.append({"cell": cell.source.splitlines()[0],
                              "columns": head[0][len(head[0]) - width:],
                              "index": head[1][:len(head[1]) - width] if len(head) > 1 else [],
                              "rows": table["body"]})
    return found


MONEY = {"net", "net_bb", "net_bb_showdown", "net_bb_no_showdown", "rake_paid", "bb_per_100",
         "sb_per_100", "net_per_hour", "bb_per_hour", "pots", "pot", "rake", "put_in",
         "rake_share"}
"""Columns of money (or money in big bets): never missing."""
WHOLE = re.compile(r"^-?(\d+|\d{1,3}(,\d{3})+)$")


def _is_count(column: str) -> bool:
    """Columns of counts: hands, opportunities (``_n``), actions, lines, rule counts."""
    return (column in {"hands", "saw", "bets", "raises", "calls", "checks", "folds",
                       "faced_bet", "violations", "tables", "line", "scale"}
            or column.endswith("_n") or column.startswith("hands_") or "." in column)


PER_UNIT = {"net", "rake_paid", "ev_net", "luck"}
"""The money columns in the unit itself (not in big bets)."""


def _empty_by_design(column: str, index: list[str]) -> bool:
    """A money cell the statistics leave empty: the net of chips of several tournaments
    (never added), the big bets of no-limit or pot-limit hands (they have none)."""
    if column in PER_UNIT:
        return "tournament chips" in index
    return any(str(key).endswith((" NL", " PL")) for key in index)


def check_shown(notebook: Any) -> tuple[int, int]:
    """Every money cell shown is a number, every count cell a whole number, by its column or
    (a table turned on its side) by its row; returns how many of each were checked."""
    money = counts = 0
    for table in shown_tables(notebook):
        for index, values in table["rows"]:
            row = index[-1] if index else ""
            for column, text in zip(table["columns"], values, strict=True):
                where = f"{table['cell']!r}: {column} of {index} is {text!r}"
                if column in MONEY or row in MONEY:
                    if text == "NaN" and _empty_by_design(column, index):
                        continue
                    money += 1
                    assert re.fullmatch(r"-?[\d,]+(\.\d+)?", text), where
                elif _is_count(column) or _is_count(row):
                    counts += 1
                    assert WHOLE.match(text), where
    return money, counts


def per_unit_table(notebook: Any) -> list[str]:
    """The units of the table shown with money per unit (``unit`` its last index level)."""
    for table in shown_tables(notebook):
        if table["index"][-1:] == ["unit"] and MONEY & set(table["columns"]):
            return [index[-1] for index, _ in table["rows"]]
    raise AssertionError("no table of money per unit is shown")


@pytest.fixture(scope="module")
def corpus_db(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of the whole real corpus, read in place (about 200 hands of 13 sites)."""
    if not CORPUS_DIR.is_dir():
        pytest.skip(CORPUS_MISSING)
    root = tmp_path_factory.mktemp("notebooks-corpus") / "db"
    import_paths([CORPUS_DIR], root, jobs=2)
    return root


def _units(currency: Any) -> list[str]:
    return sorted({"chips" if c is None or c != c else str(c) for c in currency})


def test_leak_analysis_on_the_real_corpus(corpus_db: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Hero has dollar, euro and tournament-chip hands in the corpus: a row per unit."""
    notebook, found = execute("leak_analysis", {"STUD_HH_DB": str(corpus_db),
                                                "STUD_HH_HERO": "hero"}, tmp_path, monkeypatch)
    assert found["hero"] == "Hero"  # typed in any case, matched to the stored name
    players = open_db(corpus_db).players(columns=["player", "dealt", "currency",
                                                  "tournament"])
    hero = players[(players["player"] == "Hero") & players["dealt"]]
    assert found["hero_hands"] == len(hero)
    units = sorted(stats.money_unit(hero["currency"], hero["tournament"]).unique())
    assert len(units) > 1, "the corpus should give Hero more than one money unit"
    assert found["units"] == units
    assert per_unit_table(notebook) == units
    money, counts = check_shown(notebook)
    assert money > 20
    assert counts > 100


def test_compliance_audit_on_the_real_corpus(corpus_db: Path, tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Every hand's unit, and every check the text cannot decide by hand, line and reason."""
    notebook, found = execute("compliance_audit", {"STUD_HH_DB": str(corpus_db)}, tmp_path,
                              monkeypatch)
    db = open_db(corpus_db)
    units = _units(db.hands(columns=["currency"])["currency"].astype(object))
    assert found["units"] == units
    assert per_unit_table(notebook) == units
    stored = db.unverifiable(columns=["hand_id", "line", "message"])
    assert len(stored) > 50
    assert found["unverifiable"] == sorted([h, int(n), m] for h, n, m in
                                           stored.itertuples(index=False))
    listed = [t for t in shown_tables(notebook)
              if {"hand_id", "line", "rule", "reason"} <= set(t["columns"])]
    assert len(listed) == 1
    assert len(listed[0]["rows"]) == len(stored)  # each one listed, none cut off
    money, counts = check_shown(notebook)
    assert money > 5
    assert counts > 100
