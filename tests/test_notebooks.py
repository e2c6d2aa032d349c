"""The two notebooks run end to end on a database, and find what they must find.

They are executed with nbclient in a fresh kernel, with their parameters set
through environment variables; their results come back as JSON. Outputs are
never committed: the repository copies must be stripped.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest
from helpers import SAMPLES
from nbclient import NotebookClient
from test_audit import BAD

from stud_hh.store.importer import import_paths

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def run(name: str, env: dict[str, str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> dict[str, object]:
    result = tmp_path / f"{name}.json"
    for key, value in {**env, "STUD_HH_NOTEBOOK_RESULT": str(result),
                       "MPLBACKEND": "Agg"}.items():
        monkeypatch.setenv(key, value)
    notebook = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    found: dict[str, object] = json.loads(result.read_text())
    return found


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
    found = run("leak_analysis", {"STUD_HH_DB": str(db), "STUD_HH_HISTORIES": str(GENERATED)},
                tmp_path, monkeypatch)
    assert (db / "stud_hh.json").exists()  # built from the histories when missing
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
    found = run("compliance_audit", {"STUD_HH_DB": str(tmp_path / "db")}, tmp_path, monkeypatch)
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
