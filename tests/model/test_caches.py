"""One way to bound a cache: :func:`stud_hh.model.caches.keep`, not a hand-rolled copy of it."""

from __future__ import annotations

import ast
from pathlib import Path

from stud_hh.model.caches import keep

PACKAGE = Path(__file__).resolve().parents[2] / "stud_hh"



def _hand_rolled(path: Path) -> list[int]:
    """Lines of ``if len(X) >= N: X.clear()``: a cache emptied when full, by hand."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if not (isinstance(node, ast.If) and isinstance(node.test, ast.Compare)
                and isinstance(node.test.left, ast.Call)
                and isinstance(node.test.left.func, ast.Name)
                and node.test.left.func.id == "len" and node.test.left.args):
            continue
        sized = ast.unparse(node.test.left.args[0])
        cleared = [ast.unparse(c.func.value) for s in node.body for c in ast.walk(s)
                   if isinstance(c, ast.Call) and isinstance(c.func, ast.Attribute)
                   and c.func.attr == "clear"]
        if sized in cleared:
            found.append(node.lineno)
    return found


def test_no_cache_is_bounded_by_hand() -> None:
    found = {str(p.relative_to(PACKAGE)): lines for p in sorted(PACKAGE.rglob("*.py"))
             if (lines := _hand_rolled(p))}
    assert set(found) == {"model/caches.py"}, found


def test_keep_empties_a_full_cache_before_it_adds() -> None:
    cache = {i: i for i in range(3)}
    assert keep(cache, 9, 90, most=4) == 90
    assert cache == {0: 0, 1: 1, 2: 2, 9: 90}
    assert keep(cache, 10, 100, most=4) == 100
    assert cache == {10: 100}
