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

from stud_hh.importer import import_paths

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


def test_leak_analysis_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "db"
    found = run("leak_analysis", {"STUD_HH_DB": str(db), "STUD_HH_HISTORIES": str(SAMPLES),
                                  "STUD_HH_MIN_N": "5"}, tmp_path, monkeypatch)
    assert (db / "stud_hh.json").exists()  # built from the histories when missing
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
