"""Promise: the package's layers import only downward and no package's modules import
each other in a cycle, and ``make lint`` (import-linter, contracts in pyproject.toml)
fails when either is broken.

Each case copies the package into a temporary folder, plants one import and runs
``lint-imports`` on the copy.

No module imports itself round a cycle either, a package's ``__init__`` counted as a
module: ``from package import name`` reads ``name`` from the package, so it needs the
package's ``__init__`` run, and an ``__init__`` importing a module that imports back
through the package is a cycle (import-linter's contract looks only at siblings, and
sees ``from package import module`` as an import of the module alone).
:func:`import_cycles` finds them with grimp, which import-linter is built on.
"""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINT = Path(sys.executable).with_name("lint-imports")

pytestmark = pytest.mark.skipif(not LINT.exists(), reason="import-linter is not installed "
                                "(make setup installs it)")


def _lint(tmp_path: Path, plant: tuple[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    shutil.copytree(ROOT / "stud_hh", tmp_path / "stud_hh",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    if plant is not None:
        module, line = plant
        path = tmp_path / "stud_hh" / module
        path.write_text(path.read_text(encoding="utf-8") + f"\n{line}\n", encoding="utf-8")
    return subprocess.run([str(LINT), "--no-cache"], cwd=tmp_path, capture_output=True,
                          text=True, env={"PYTHONPATH": str(tmp_path), "PATH": ""},
                          check=False)


def test_the_package_keeps_every_contract(tmp_path: Path) -> None:
    run = _lint(tmp_path)
    assert run.returncode == 0, run.stdout + run.stderr
    assert "BROKEN" not in run.stdout
    assert run.stdout.count("KEPT") >= 2


def test_a_lower_layer_importing_a_higher_one_breaks_the_build(tmp_path: Path) -> None:
    run = _lint(tmp_path, ("model/events.py", "import stud_hh.replay  # noqa"))
    assert run.returncode == 1, run.stdout
    assert "stud_hh.model is not allowed to import stud_hh.replay" in run.stdout


def test_the_engine_importing_the_readers_breaks_the_build(tmp_path: Path) -> None:
    run = _lint(tmp_path, ("engine/table.py", "import stud_hh.read.parse  # noqa"))
    assert run.returncode == 1, run.stdout
    assert "stud_hh.engine is not allowed to import stud_hh.read" in run.stdout


@pytest.mark.parametrize(("module", "line", "said"), [
    ("replay.py", "import stud_hh.read.parse  # noqa",
     "stud_hh.replay is not allowed to import stud_hh.read"),
    ("read/limits.py", "import stud_hh.replay  # noqa",
     "stud_hh.read is not allowed to import stud_hh.replay"),
])
def test_the_replay_and_the_readers_know_nothing_of_each_other(
        tmp_path: Path, module: str, line: str, said: str) -> None:
    """The hand records live in the model (:mod:`stud_hh.model.hand`): the replay takes
    a hand without the readers that make one, and no reader replays."""
    run = _lint(tmp_path, (module, line))
    assert run.returncode == 1, run.stdout
    assert said in run.stdout


def test_an_import_cycle_inside_a_package_breaks_the_build(tmp_path: Path) -> None:
    run = _lint(tmp_path, ("engine/findings.py", "import stud_hh.engine.settle  # noqa"))
    assert run.returncode == 1, run.stdout
    assert "No import cycles" in run.stdout
    assert "BROKEN" in run.stdout


_FROM = re.compile(r"\s*from\s+([\w.]+)\s+import\b")


def import_cycles(package: str) -> list[list[str]]:
    """The modules of ``package`` that import one another round a cycle, each cycle's
    modules sorted (imports made only for the type checker left out): the modules' own
    imports, and an import of a package's ``__init__`` by each ``from package import ...``.
    """
    grimp = pytest.importorskip("grimp", reason="grimp comes with import-linter")
    graph = grimp.build_graph(package, exclude_type_checking_imports=True, cache_dir=None)
    packages = {m for m in graph.modules if graph.find_children(m)}
    edges: dict[str, set[str]] = {m: set() for m in graph.modules}
    for importer in graph.modules:
        for imported in graph.find_modules_directly_imported_by(importer):
            edges[importer].add(imported)
            for found in graph.get_import_details(importer=importer, imported=imported):
                through = _FROM.match(found["line_contents"])
                if through and through.group(1) in packages and through.group(1) != importer:
                    edges[importer].add(through.group(1))
    return _strongly_connected(edges)


def _strongly_connected(edges: dict[str, set[str]]) -> list[list[str]]:
    """Tarjan's strongly connected components of more than one node, without recursion."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, targets = work[-1]
            target = next(targets, None)
            if target is not None:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(edges[target]))))
                elif target in on_stack:
                    low[node] = min(low[node], index[target])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_module_imports_itself_round_a_cycle() -> None:
    assert import_cycles("stud_hh") == []


def test_an_init_importing_a_module_that_imports_through_the_package_is_a_cycle(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The shape import-linter's contract passes: ``sites/__init__.py`` importing
    ``fulltilt.py``, which imports ``games`` through the package."""
    folder = tmp_path / "planted" / "sites"
    folder.mkdir(parents=True)
    (tmp_path / "planted" / "__init__.py").write_text("")
    (folder / "__init__.py").write_text("from planted.sites import fulltilt\n")
    (folder / "fulltilt.py").write_text("from planted.sites import games\n")
    (folder / "games.py").write_text("STUD = 'stud'\n")
    (tmp_path / "planted" / "plain.py").write_text("from planted.sites.games import STUD\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert import_cycles("planted") == [["planted.sites", "planted.sites.fulltilt"]]
    (folder / "fulltilt.py").write_text("from planted.sites.games import STUD\n")
    assert import_cycles("planted") == []


def test_no_import_goes_round_the_contracts() -> None:
    """Every import is one the contracts and :func:`import_cycles` see: none by name at run
    time (``importlib.import_module``, ``__import__``), and none of the names the package's
    root loads on first use (``stud_hh.open_db``: the store, whatever layer asks), which
    are for users. The root's own loader is the one exception."""
    import stud_hh

    lazy = set(stud_hh._LAZY)
    found = []
    for path in sorted((ROOT / "stud_hh").rglob("*.py")):
        where = path.relative_to(ROOT).as_posix()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "stud_hh":
                found += [f"{where}:{node.lineno} stud_hh.{a.name}" for a in node.names
                          if a.name in lazy]
            if where == "stud_hh/__init__.py":
                continue
            if isinstance(node, ast.Attribute) and node.attr == "import_module":
                found.append(f"{where}:{node.lineno} import_module")
            if isinstance(node, ast.ImportFrom) and node.module == "importlib" and any(
                    a.name == "import_module" for a in node.names):
                found.append(f"{where}:{node.lineno} import_module")
            if isinstance(node, ast.Name) and node.id == "__import__":
                found.append(f"{where}:{node.lineno} __import__")
    assert found == []
