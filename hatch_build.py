"""Hatchling build hook: compile the hot modules with mypyc into a normal wheel.

Only a standard (non-editable) wheel is compiled; an editable install
(``make setup``) stays pure Python, so a developer's edits to a ``.py`` file
always take effect. The compilation runs on a copy of the package in a
temporary folder, so no ``.so`` file ever lands in the source tree where it
would shadow the ``.py`` beside it. The compiled modules are listed in
``pyproject.toml`` (``[tool.hatch.build.targets.wheel.hooks.custom] modules``).

A pure-Python wheel is built instead when ``STUD_HH_NO_MYPYC=1`` is set, on
interpreters other than CPython, or when no C compiler or Python headers are
found. Any other compilation failure is an error: it is a bug to fix (or
``STUD_HH_NO_MYPYC=1`` to work around), never a silently slower wheel.
"""

from __future__ import annotations

import ast
import glob
import os
import platform
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="stud_hh_mypyc", packages=[], ext_modules=mypycify({args!r}))
"""

MYPY_INI = """\
[mypy]
python_version = {version}
strict = True
# lark, lark-cython and phevaluator are not installed in an isolated build
# environment: their objects are Any to the compiled code.
ignore_missing_imports = True

# Dask is optional (stud-hh[dask]); when installed, its partial stubs would make every
# call an error under strict: Any to the compiled code, as in pyproject.toml.
[mypy-dask,dask.*,distributed,distributed.*]
follow_imports = skip
"""


FAST_CALLS = "-fno-semantic-interposition"
"""A C flag of GCC and Clang: the compiled functions call each other directly instead of
through the shared library's symbol table, and small ones are inlined (1,700 calls of
compiled functions went through the table; measured on the import of Stars hands: 0.8%
fewer instructions, 1-3% less time in alternating runs). Python itself is built with it
when optimised."""


def no_compiler() -> str | None:
    """Why a C extension cannot be built here, or None when it can."""
    if platform.python_implementation() != "CPython":
        return f"mypyc needs CPython, not {platform.python_implementation()}"
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    if not cc or shutil.which(cc[0]) is None:
        return f"no C compiler ({' '.join(cc) or 'CC'}) found"
    include = sysconfig.get_paths().get("include", "")
    if not os.path.isfile(os.path.join(include, "Python.h")):
        return f"no Python headers (Python.h) in {include!r}"
    return None


def compiler_env() -> dict[str, str]:
    """The environment for the compilation: :data:`FAST_CALLS` added to ``CFLAGS`` when
    the C compiler takes it (a compiler that does not, or MSVC, gets the flags it had)."""
    env = dict(os.environ)
    if os.name == "nt":
        return env
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    with tempfile.TemporaryDirectory() as tmp:
        source = os.path.join(tmp, "probe.c")
        with open(source, "w", encoding="utf-8") as f:
            f.write("int probe(void) { return 0; }\n")
        try:
            probe = subprocess.run([*cc, "-Werror", FAST_CALLS, "-c", source, "-o",
                                    os.path.join(tmp, "probe.o")], capture_output=True,
                                   check=False)
        except OSError:  # the compiler cannot be run: the build says so itself
            return env
    if probe.returncode == 0:
        env["CFLAGS"] = f"{env.get('CFLAGS', '')} {FAST_CALLS}".strip()
    return env


RECORD_BASE = "Record"
RECORD_DECLARATION = "    make: ClassVar[_Make]\n"
"""How ``stud_hh/model/records.py`` declares ``make`` for the type checker; left out of the
copy mypyc compiles, where each record class has a ``make`` of its own (see below)."""


def _record_fields(classes: dict[str, ast.ClassDef], name: str) -> dict[str, str] | None:
    """The parameters of the record class ``name``'s ``__init__`` in order (a field's name,
    and its annotation and default as written), or ``None`` when it is no keyword-only
    record dataclass of this module: its bases in this module first, as dataclasses
    order them."""
    cls = classes[name]
    decorated = any(isinstance(d, ast.Call) and ast.unparse(d.func).endswith("dataclass")
                    and any(k.arg == "kw_only" and ast.unparse(k.value) == "True"
                            for k in d.keywords) for d in cls.decorator_list)
    fields: dict[str, str] = {}
    record = False
    for base in (ast.unparse(b) for b in cls.bases):
        if base == RECORD_BASE:
            record = True
        elif base in classes:
            inherited = _record_fields(classes, base)
            if inherited is None:
                return None
            record = True
            fields.update(inherited)
    if not (record and decorated):
        return None
    for stmt in cls.body:
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
            annotation = ast.unparse(stmt.annotation)
            if annotation.startswith(("ClassVar", "typing.ClassVar")):
                continue
            default = f" = {ast.unparse(stmt.value)}" if stmt.value is not None else ""
            fields[stmt.target.id] = f"{stmt.target.id}: {annotation}{default}"
    return fields


def native_makers(source: str) -> str:
    """``source`` with a static ``make`` written into each record class (a keyword-only
    dataclass deriving from ``Record``, in this module).

    In the source tree, ``Record.make`` is a record's fields' constructor made when first
    used: the same call as the class, typed as the class, but interpreted. In the wheel,
    mypyc compiles the ``make`` written here instead: the same parameters (written from the
    class's own fields, so nothing is written twice by hand), whose ``object.__setattr__``
    calls mypyc turns into stores into the object's native slots, and which compiled
    callers call directly, about ten times fewer instructions a record.
    """
    tree = ast.parse(source)
    classes = {n.name: n for n in tree.body if isinstance(n, ast.ClassDef)}
    lines = source.splitlines(keepends=True)
    for name in reversed(list(classes)):  # from the end: earlier line numbers stay right
        fields = _record_fields(classes, name)
        if fields is None or any(isinstance(s, ast.FunctionDef) and s.name == "make"
                                 for s in classes[name].body):
            continue
        stores = "".join(f'        object.__setattr__(made, "{f}", {f})\n' for f in fields)
        # a subclass's make that takes other fields than an ancestor's (as its class does)
        ancestors, todo = [], [ast.unparse(b) for b in classes[name].bases]
        while todo:
            base = todo.pop()
            if base in classes:
                ancestors.append(_record_fields(classes, base))
                todo += [ast.unparse(b) for b in classes[base].bases]
        overrides = any(a != fields for a in ancestors)
        ignore = "  # type: ignore[override]" if overrides else ""
        method = (f"\n    @staticmethod\n    def make(*, {', '.join(fields.values())}) -> {name}:"
                  f"{ignore}\n        made = {name}.__new__({name})\n{stores}        return made\n")
        end = classes[name].end_lineno or len(lines)
        lines.insert(end, method)
    return "".join(lines)


def write_native_makers(package: str, modules: list[str]) -> None:
    """Write :func:`native_makers`' ``make`` into the copy of each compiled module (paths
    in ``modules`` relative to the copy's folder, ``package``'s parent), and take the
    type checker's declaration of ``make`` out of the copy of ``model/records.py``."""
    root = os.path.dirname(package)
    records = os.path.join(package, "model", "records.py")
    with open(records, encoding="utf-8") as f:
        text = f.read()
    if text.count(RECORD_DECLARATION) != 1:
        raise RuntimeError(f"{records}: no line {RECORD_DECLARATION.strip()!r} to leave out")
    with open(records, "w", encoding="utf-8") as f:
        f.write(text.replace(RECORD_DECLARATION, ""))
    for module in modules:
        path = os.path.join(root, module)
        with open(path, encoding="utf-8") as f:
            text = f.read()
        made = native_makers(text)
        if made != text:
            with open(path, "w", encoding="utf-8") as f:
                f.write(made)


class MypycHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel" or version == "editable":
            return
        if os.environ.get("STUD_HH_NO_MYPYC", "") not in ("", "0"):
            self.app.display_info("stud-hh: STUD_HH_NO_MYPYC is set: building pure Python")
            return
        reason = no_compiler()
        if reason is not None:
            self.app.display_warning(f"stud-hh: {reason}: building pure Python (slower)")
            return
        modules: list[str] = list(self.config.get("modules", []))
        # The folder lives until finalize(): hatchling copies force-included
        # files when it writes the wheel, after this hook returns.
        self._tmp = tmp = tempfile.mkdtemp(prefix="stud-hh-mypyc-")
        shutil.copytree(os.path.join(self.root, "stud_hh"), os.path.join(tmp, "stud_hh"),
                        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"))
        write_native_makers(os.path.join(tmp, "stud_hh"), modules)
        with open(os.path.join(tmp, "mypy.ini"), "w", encoding="utf-8") as f:
            f.write(MYPY_INI.format(version=f"{sys.version_info[0]}.{sys.version_info[1]}"))
        with open(os.path.join(tmp, "setup.py"), "w", encoding="utf-8") as f:
            f.write(SETUP.format(args=["--config-file", "mypy.ini", *modules]))
        self.app.display_info(f"stud-hh: compiling {len(modules)} modules with mypyc")
        run = subprocess.run(
            [sys.executable, "setup.py", "build_ext", "--inplace"],
            cwd=tmp, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
            env=compiler_env(),
        )
        if run.returncode:
            shutil.rmtree(tmp, ignore_errors=True)
            raise RuntimeError(
                "mypyc failed (set STUD_HH_NO_MYPYC=1 for a pure-Python build):\n"
                + run.stdout[-6000:]
            )
        suffix = sysconfig.get_config_var("EXT_SUFFIX") or ".so"
        built = [p for p in glob.glob(os.path.join(tmp, "**", f"*{suffix}"), recursive=True)
                 if not os.path.relpath(p, tmp).startswith("build" + os.sep)]
        for path in built:
            build_data["force_include"][path] = os.path.relpath(path, tmp)
        build_data["pure_python"] = False
        build_data["infer_tag"] = True

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        tmp = getattr(self, "_tmp", None)
        if tmp:
            shutil.rmtree(tmp, ignore_errors=True)
