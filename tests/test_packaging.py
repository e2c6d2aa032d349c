"""A wheel ships the grammar inside the package, and an installed copy can parse and replay.

A standard wheel is compiled with mypyc (see ``hatch_build.py``) where a C
compiler is found, unless ``STUD_HH_NO_MYPYC=1``; otherwise it is pure Python.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from helpers import SMALL_HAND as HAND

from stud_hh.model.records import Record
from stud_hh.read.parse import parse_hand
from stud_hh.replay import replay

ROOT = Path(__file__).resolve().parent.parent
COMPILED = ["model/events", "rules/profiles", "rules/classes", "engine/betting", "replay",
            "equity", "read/limits", "read/parse", "read/sites/headers", "store/luck",
            "read/sites/common", "read/sites/noise", "read/sites/pokerstars"]
"""The modules hatch_build.py compiles (pyproject.toml lists them)."""

pytestmark = pytest.mark.xdist_group("wheel")
"""One worker runs this module (``make test`` distributes by group): the compiled wheel
its tests share is built once, not once per worker (three minutes of a core each)."""



def build_wheel(out: Path, env: dict[str, str] | None = None) -> Path:
    pytest.importorskip("hatchling", reason="building the wheel needs hatchling (dev dependency)")
    run = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(out), str(ROOT)],
        capture_output=True, text=True, env={**os.environ, **(env or {})},
    )
    assert run.returncode == 0, run.stdout + run.stderr
    wheels = list(out.glob("stud_hh-*.whl"))
    assert len(wheels) == 1
    return wheels[0]


def build_hook() -> Any:
    """``hatch_build.py``, loaded as a module."""
    pytest.importorskip("hatchling", reason="the build hook needs hatchling (dev dependency)")
    spec = importlib.util.spec_from_file_location("hatch_build", ROOT / "hatch_build.py")
    assert spec is not None
    assert spec.loader is not None
    hook = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hook)
    return hook


def expect_compiled() -> bool:
    """Whether hatch_build.py compiles here: the same test the hook makes."""
    hook = build_hook()
    return os.environ.get("STUD_HH_NO_MYPYC", "") in ("", "0") and hook.no_compiler() is None


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_wheel(tmp_path_factory.mktemp("wheel"))


def test_wheel_is_compiled_where_it_can_be(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    compiled = sorted(m for m in COMPILED
                      if any(n.startswith(f"stud_hh/{m}.") and n.endswith((".so", ".pyd"))
                             for n in names))
    if expect_compiled():
        assert compiled == sorted(COMPILED)
        assert not wheel.name.endswith("-none-any.whl")
    else:
        assert compiled == []
        assert wheel.name.endswith("-py3-none-any.whl")
    assert all(f"stud_hh/{m}.py" in names for m in COMPILED)  # the source ships too


def test_the_compiler_is_asked_for_direct_calls_where_it_takes_them(
        monkeypatch: pytest.MonkeyPatch) -> None:
    hook = build_hook()
    if os.name == "nt" or hook.no_compiler() is not None:
        pytest.skip("no C compiler here (or MSVC): the flags are the compiler's own")
    monkeypatch.setenv("CFLAGS", "-O2")
    assert hook.compiler_env()["CFLAGS"] == f"-O2 {hook.FAST_CALLS}"
    monkeypatch.setenv("CC", "false")  # a compiler that takes nothing: the flags stay
    assert hook.compiler_env()["CFLAGS"] == "-O2"


def test_compiled_functions_call_each_other_directly(wheel: Path, tmp_path: Path) -> None:
    """Not through the shared library's symbol table (``-fno-semantic-interposition``):
    without it, 1,700 calls of one compiled function by another went through it."""
    if not expect_compiled() or os.name == "nt":
        pytest.skip("no compiled wheel here (or not an ELF one)")
    objdump = shutil.which("objdump")
    if objdump is None:
        pytest.skip("objdump (binutils) is not installed")
    with zipfile.ZipFile(wheel) as z:
        (library,) = [n for n in z.namelist() if "__mypyc" in n]
        path = z.extract(library, tmp_path)
    code = subprocess.run([objdump, "-d", path], capture_output=True, text=True,
                          check=True).stdout
    calls = sum(1 for line in code.splitlines() if "call" in line and "<CPyDef_" in line)
    through_table = [line for line in code.splitlines()
                     if "call" in line and "<CPyDef_" in line and "@plt>" in line]
    assert calls > 1000
    assert through_table == []


@pytest.mark.parametrize("env", [{"STUD_HH_NO_MYPYC": "1"}, {"CC": "/nonexistent/cc"}],
                         ids=["asked", "no-compiler"])
def test_pure_python_wheel(env: dict[str, str], tmp_path: Path) -> None:
    names = zipfile.ZipFile(build_wheel(tmp_path, env)).namelist()
    assert not [n for n in names if n.endswith((".so", ".pyd"))]


def test_wheel_contains_the_grammar(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "stud_hh/grammar/pokerstars.lark" in names
    assert "stud_hh/grammar/common.lark" in names  # the pieces every grammar %imports
    assert "stud_hh/read/parse.py" in names


def test_wheel_contains_the_replayers_script_and_styles(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "stud_hh/analysis/html/assets/replayer.js" in names
    assert "stud_hh/analysis/html/assets/replayer.css" in names


def test_wheel_contains_the_tables_of_rank_classes(wheel: Path) -> None:
    """The equity counts look hands up in them (``stud_hh/rules/classes.py``)."""
    assert "stud_hh/rules/classes.npz" in zipfile.ZipFile(wheel).namelist()


def test_wheel_contains_the_dask_workers_settings(wheel: Path) -> None:
    """``--scheduler local`` reads them, and users copy them to their workers."""
    assert "stud_hh/store/dask-workers.yaml" in zipfile.ZipFile(wheel).namelist()


def test_wheel_contains_the_report_assets(wheel: Path) -> None:
    """The HTML pages' templates, styles and scripts are package data."""
    names = zipfile.ZipFile(wheel).namelist()
    for asset in ("page.html.j2", "tiles.html.j2", "block.html.j2", "report.css",
                  "tables.js", "report.js"):
        assert f"stud_hh/analysis/html/assets/{asset}" in names


def test_installed_wheel_parses_from_its_own_grammar(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
         str(wheel)],
        check=True, capture_output=True,
    )
    (tmp_path / "hand.txt").write_text(HAND, encoding="utf-8")
    script = (
        "import stud_hh, stud_hh.read.parse as p\n"
        "from importlib import resources\n"
        f"assert stud_hh.__file__.startswith({str(target)!r}), stud_hh.__file__\n"
        "assert resources.files('stud_hh').joinpath('grammar', 'pokerstars.lark').is_file()\n"
        "import stud_hh.replay as r\n"
        "h = p.parse_hand(open('hand.txt').read())\n"
        "print(h.header.game.value, len(h.events), r.__file__.endswith(('.so', '.pyd')),\n"
        "      *[v.message for v in r.replay(h).violations], sep='|')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    # the same violations as the source tree's replay (the uncalled bet is off by 10)
    violations = [v.message for v in replay(parse_hand(HAND)).violations]
    assert run.stdout.strip().split("|") == ["razz", "13", str(expect_compiled()), *violations]


def test_installed_wheel_counts_equity_from_its_own_tables(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--no-deps", "-q", "--target", str(target),
         str(wheel)],
        check=True, capture_output=True,
    )
    script = (
        "import stud_hh.equity as e, stud_hh.rules.classes as c\n"
        f"assert c.__file__.startswith({str(target)!r}), c.__file__\n"
        "r = e.equity([['As', 'Ad', 'Kc', 'Qd', '7h', '2c'],\n"
        "              ['9s', '9h', '9d', '3c', '4d', '5h']])\n"
        "print(*[s.exact for s in r.shares])\n"
    )
    env = {**os.environ, "PYTHONPATH": str(target)}
    run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["29/780", "751/780"]


RECORDS = """
@dataclass(frozen=True, slots=True, kw_only=True)
class Event(Record):
    line: int


@dataclass(frozen=True, slots=True, kw_only=True)
class Bet(Event):
    \"\"\"A bet.\"\"\"

    player: str
    amount: int = 0
    tag: ClassVar[str] = "bet"


@dataclass(frozen=True, slots=True, kw_only=True)
class Marker(Event):
    pass


@dataclass(frozen=True)
class Plain:
    x: int
"""


def test_the_wheel_writes_each_record_a_make_from_its_fields() -> None:
    hook = build_hook()
    made = hook.native_makers(RECORDS)
    assert "def make(*, line: int) -> Event:\n" in made
    assert ("def make(*, line: int, player: str, amount: int = 0) -> Bet:"
            "  # type: ignore[override]\n") in made
    assert "def make(*, line: int) -> Marker:\n" in made  # the same fields as its base's
    assert made.count("def make(") == 3  # not the plain dataclass
    scope: dict[str, Any] = {"dataclass": dataclass, "Record": Record}
    exec(made.replace('    tag: ClassVar[str] = "bet"\n', ""), scope)  # a string has no module
    bet = scope["Bet"].make(line=3, player="Ann")
    assert bet == scope["Bet"](line=3, player="Ann", amount=0)
    assert hook.native_makers(made) == made  # a class with a make of its own is left alone


def test_the_wheel_writes_a_make_for_every_record_of_the_compiled_modules(
        tmp_path: Path) -> None:
    hook = build_hook()
    package = tmp_path / "stud_hh"
    shutil.copytree(ROOT / "stud_hh", package)
    modules = ["stud_hh/model/events.py", "stud_hh/engine/betting.py", "stud_hh/replay.py"]
    hook.write_native_makers(str(package), modules)
    assert "make: ClassVar" not in (package / "model" / "records.py").read_text()
    from stud_hh.engine.betting import Action
    from stud_hh.model import events
    from stud_hh.replay import Dealt, ReplayedHand
    records = [c for c in vars(events).values() if isinstance(c, type)
               and issubclass(c, Record) and c.__module__ == events.__name__]
    for path, classes in (("model/events.py", records), ("engine/betting.py", [Action]),
                          ("replay.py", [Dealt, ReplayedHand])):
        text = (package / path).read_text()
        for cls in classes:
            assert f"-> {cls.__name__}:" in text, cls.__name__
        assert text.count("    def make(*, ") == len(classes)
