"""Run a benchmark under both builds in one go: the pure-Python source and the compiled wheel.

    python benchmarks/replay.py --build both      # the default of replay.py, parse.py, import.py
    python benchmarks/replay.py --build pure      # only the source tree
    python benchmarks/replay.py --build compiled  # only the mypyc-compiled wheel

The compiled build is the wheel ``make compiled`` makes, installed into
``build/compiled/``; when it is missing or older than a module of ``stud_hh/`` it is
built first (a minute or two; the wheel's mypyc list is in ``pyproject.toml``). Each
build runs the benchmark in its own process (``PYTHONPATH`` naming the build), so its
numbers and peak memory are its own, and every line it prints is labelled with the
build. A build that does not load what it should (a compiled run finding ``.py``
modules, a pure run finding ``.so`` ones) stops with a message.

:func:`build_of` installs the compiled wheel of another commit into a folder of its own
(``build/against/<commit>/``), for a benchmark to run the same input through both
(``import.py --against``): the one comparison this machine's drifting speed leaves
standing by the clock. :func:`source_of` writes out a commit's source instead, to compare
the pure builds (``import.py --build pure --against COMMIT``).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
COMPILED = ROOT / "build" / "compiled"
BUILDS = ("pure", "compiled")


def add_option(parser: argparse.ArgumentParser) -> None:
    """``--build pure|compiled|both`` on a benchmark's command line."""
    parser.add_argument("--build", choices=(*BUILDS, "both"), default="both",
                        help="which build to measure (default: both, side by side)")


def against(value: str, build: str = "compiled") -> Path:
    """A benchmark's ``--against``: a folder a build is installed in, or a commit whose
    compiled wheel :func:`build_of` installs (with ``build`` ``"pure"``, whose source
    :func:`source_of` writes out)."""
    folder = Path(value)
    if (folder / "stud_hh" / "__init__.py").is_file():
        return folder.resolve()
    return source_of(value) if build == "pure" else build_of(value)


def _commit(commit: str) -> str:
    found = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--verify", "--quiet",
                            f"{commit}^{{commit}}"], capture_output=True, text=True)
    if found.returncode:
        sys.exit(f"--against {commit}: neither a folder nor a commit of this repository")
    return found.stdout.strip()


def source_of(commit: str) -> Path:
    """A folder holding the pure-Python source of ``commit`` (its ``stud_hh/`` and
    ``grammar/``, as a source tree holds them), written out the first time into
    ``build/against/<commit>-source/``: run with that folder first on ``PYTHONPATH``."""
    sha = _commit(commit)
    folder = ROOT / "build" / "against" / f"{sha[:12]}-source"
    if (folder / "stud_hh" / "__init__.py").exists():
        return folder
    print(f"writing out the source of {sha[:12]} into {folder} ...", flush=True)
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", sha, "stud_hh", "grammar"],
                             check=True, capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def build_of(commit: str) -> Path:
    """The folder holding the compiled wheel of ``commit`` (any name git knows: a hash, a
    tag, ``HEAD~3``), built and installed there first when missing (a minute or two:
    the commit is checked out into a temporary worktree, its wheel built as ``make
    compiled`` builds it, installed with ``pip install --target``)."""
    sha = _commit(commit)
    folder = ROOT / "build" / "against" / sha[:12]
    if (folder / "stud_hh" / "__init__.py").exists():
        return folder
    print(f"building the compiled wheel of {sha[:12]} into {folder} ...", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        tree, wheels = Path(tmp) / "tree", Path(tmp) / "wheel"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "--quiet",
                        str(tree), sha], check=True)
        try:
            subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                            "--no-build-isolation", "-w", str(wheels), str(tree)], check=True)
            shutil.rmtree(folder, ignore_errors=True)
            subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                            "--target", str(folder), str(next(wheels.glob("stud_hh-*.whl")))],
                           check=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force",
                            str(tree)], check=False)
    return folder


def _stale() -> bool:
    """Whether anything the wheel is made of changed since it was built: the code, the
    grammars (the wheel carries its own copy) or what is compiled (pyproject.toml)."""
    built = COMPILED / "stud_hh" / "__init__.py"
    if not built.exists():
        return True
    made = built.stat().st_mtime
    sources = [*(ROOT / "stud_hh").rglob("*.py"), *(ROOT / "grammar").glob("*.lark"),
               ROOT / "pyproject.toml", ROOT / "hatch_build.py"]
    return any(p.stat().st_mtime > made for p in sources)


def ensure_compiled() -> None:
    """Build and install the compiled wheel into ``build/compiled`` when it is stale."""
    if not _stale():
        return
    print("building the compiled wheel into build/compiled ...", flush=True)
    wheels = ROOT / "build" / "wheel"
    for old in wheels.glob("stud_hh-*.whl"):
        old.unlink()
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                    "--no-build-isolation", "-w", str(wheels), str(ROOT)], check=True)
    wheel = next(wheels.glob("stud_hh-*.whl"))
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--upgrade", "--target", str(COMPILED), str(wheel)], check=True)


def check_build(build: str) -> None:
    """Stop when the running process does not load the build it was started for."""
    import stud_hh.replay

    compiled = not stud_hh.replay.__file__.endswith(".py")
    if compiled != (build == "compiled"):
        sys.exit(f"the {build} run loaded {stud_hh.replay.__file__}: not the {build} build")


def run_builds(script: str, argv: list[str], build: str) -> bool:
    """With ``build`` ``both`` (or a build other than this process's), run ``script`` once
    per build in a child process and print its output labelled; ``True`` when it did
    (the caller then returns), ``False`` when this process is the run to measure."""
    if os.environ.get("STUD_HH_BENCH_BUILD"):
        check_build(os.environ["STUD_HH_BENCH_BUILD"])
        return False
    wanted = BUILDS if build == "both" else (build,)
    if "compiled" in wanted:
        ensure_compiled()
    rest = _without_build(argv)
    for name in wanted:
        path = str(COMPILED if name == "compiled" else ROOT)
        # as the command line sets it (stud_hh/cli/__init__.py): numpy's OpenBLAS would otherwise
        # start a spinning thread per core in every process, costing an import on one
        # core 5-10% of its time on this 2-core machine (measured 2026-12-05)
        env = {"OPENBLAS_NUM_THREADS": "1", **os.environ, "STUD_HH_BENCH_BUILD": name,
               "PYTHONPATH": os.pathsep.join(filter(None, (path,
                                                            os.environ.get("PYTHONPATH"))))}
        run = subprocess.run([sys.executable, script, *rest], env=env, text=True,
                             capture_output=True, check=False, cwd=ROOT / "benchmarks")
        for line in run.stdout.splitlines():
            print(f"[{name:8}] {line}", flush=True)
        if run.returncode:
            print(run.stderr, file=sys.stderr)
            sys.exit(f"the {name} run failed (exit {run.returncode})")
    return True


def _without_build(argv: list[str]) -> list[str]:
    out: list[str] = []
    skip = False
    for arg in argv:
        if skip:
            skip = False
        elif arg == "--build":
            skip = True
        elif not arg.startswith("--build="):
            out.append(arg)
    return out
