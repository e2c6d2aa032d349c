"""The tutorials and how-to guides run as written: every shell session they show is run and its
output compared with the output shown, so a page cannot rot while its commands change.

**The convention** (``docs/tutorials/*.md``, ``docs/howto/*.md``):

- A fenced block opened with ```` ```console ```` is a session that runs. A line starting
  with ``$ `` is a command (run by ``bash -c``, so ``~``, quotes and ``cp`` work); the lines
  after it, up to the next command, are what it prints (its output and its errors, merged).
  A line starting with ``> `` right after a command continues it (a shell's second
  prompt: a here-document, a script written with ``cat > FILE <<'EOF'``). A command must
  exit 0, or 1 where stud-hh reports findings (violations, failures): 2 and
  3 fail the test.
- ``...`` stands for text left out: a line of its own for lines left out, or within a line
  for part of it (doctest's ELLIPSIS).
- Blocks opened with ```` ```sh ```` (a browser opening, a server left running, a bucket)
  are shown and never run.

**Where they run.** Each page runs in a fresh home folder (``$HOME``, shown as ``~``) in
which ``~/stud-hh`` stands for a clone of the repository and is the folder the commands run
in: it holds ``sample_histories/``, ``notebooks/`` and ``tests/data/`` (links to this
checkout's: a page writes none of them). Where a page's commands read ``../shared/corpus``
the shared corpus is linked at ``~/shared/corpus``, and without it the page is skipped,
saying so. The settings are the default file under
``~/.config``, ``TZ`` is UTC, ``COLUMNS`` 100; the ``stud-hh`` run is the one beside this
test's interpreter.

**What may differ** (:data:`ALLOWED`, applied alike to the output shown and the output got):
durations (``0.8 s``, ``12 ms``, ``1 min 3 s``), rates (``727 hands/s``), dates and times
(``2026-12-06 16:48:15 UTC``, ``2026-12-06T16:48``, ``16:48:15``) and byte sizes (``48,512 bytes``);
the home folder is written ``~`` in the output got, this checkout ``~/stud-hh`` and the
corpus ``~/shared/corpus``.
"""

from __future__ import annotations

import doctest
import os
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
STUD_HH = Path(sys.executable).with_name("stud-hh")
PAGES = sorted([*(ROOT / "docs" / "tutorials").glob("*.md"),
                *(ROOT / "docs" / "howto").glob("*.md")])
CORPUS = ROOT.parent / "shared" / "corpus"
BLOCK = re.compile(r"^```console\n(.*?)^```$", re.MULTILINE | re.DOTALL)

ALLOWED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"\d{4}-\d\d-\d\d[ T]\d\d:\d\d(:\d\d(\.\d+)?)?( ?UTC|Z|[+-]\d\d:?\d\d)?"),
     "<when>"),
    (re.compile(r"\b\d\d:\d\d:\d\d\b"), "<when>"),
    (re.compile(r"\b\d[\d,]*(\.\d+)? hands/s\b"), "<rate>"),
    (re.compile(r"\b(\d+ min )?\d+(\.\d+)? ?(s|ms|min)\b"), "<time>"),
    (re.compile(r"\b\d[\d,]* bytes\b"), "<size>"),
)
"""What may differ between the output shown and the output got: each pattern's matches are
replaced by its name in both before they are compared."""


def normalised(text: str) -> str:
    for pattern, name in ALLOWED:
        text = pattern.sub(name, text)
    return text


@dataclass(frozen=True)
class Step:
    """One command of a page and the output the page shows for it."""

    page: str
    line: int
    command: str
    shown: str


def steps(text: str, page: str = "page") -> list[Step]:
    """The commands of every console block of ``text``, in order, each with its output."""
    found: list[Step] = []
    for block in BLOCK.finditer(text):
        first = text.count("\n", 0, block.start(1)) + 1
        for offset, line in enumerate(block.group(1).splitlines(keepends=True)):
            if line.startswith("$ "):
                found.append(Step(page, first + offset, line[2:].strip(), ""))
            elif line.startswith(">") and found and not found[-1].shown:
                last = found[-1]
                found[-1] = Step(page, last.line, f"{last.command}\n{line[2:].rstrip()}", "")
            else:
                assert found, f"{page}:{first + offset}: a console block starts with a command"
                assert found[-1].line >= first, (
                    f"{page}:{first + offset}: a console block must start with a `$ ` command")
                last = found[-1]
                found[-1] = Step(page, last.line, last.command, last.shown + line)
    return found


def matches(shown: str, got: str) -> bool:
    """Whether ``got`` is what ``shown`` shows, up to :data:`ALLOWED` and ``...``."""
    checker = doctest.OutputChecker()
    return checker.check_output(normalised(shown), normalised(got), doctest.ELLIPSIS)


def clone(home: Path, *, corpus: bool) -> Path:
    """A fresh home with ``~/stud-hh`` standing for a clone (and the corpus beside it)."""
    folder = home / "stud-hh"
    (folder / "tests").mkdir(parents=True)
    (folder / "sample_histories").symlink_to(ROOT / "sample_histories")
    (folder / "tests" / "data").symlink_to(ROOT / "tests" / "data")
    (folder / "notebooks").symlink_to(ROOT / "notebooks")
    if corpus:
        (home / "shared").mkdir()
        (home / "shared" / "corpus").symlink_to(CORPUS)
    return folder


def shown_paths(output: str, home: Path) -> str:
    """``output`` with the home folder written ``~``, and this checkout and the corpus (where
    the links lead: a folder named is kept by its real path) ``~/stud-hh`` and
    ``~/shared/corpus``."""
    return (output.replace(str(home), "~").replace(str(ROOT), "~/stud-hh")
            .replace(str(CORPUS.resolve()), "~/shared/corpus"))


def run(home: Path, folder: Path, command: str) -> subprocess.CompletedProcess[str]:
    keep = {k: v for k, v in os.environ.items()
            if not k.startswith(("STUD_HH_", "XDG_", "AWS_", "WINE"))}
    env = {**keep, "HOME": str(home), "TZ": "UTC", "COLUMNS": "100",
           "PATH": f"{STUD_HH.parent}{os.pathsep}{os.environ.get('PATH', '')}"}
    return subprocess.run(["bash", "-c", command], cwd=folder, env=env, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, check=False)


def check_page(page: Path, home: Path) -> None:
    text = page.read_text(encoding="utf-8")
    name = page.relative_to(ROOT).as_posix() if page.is_relative_to(ROOT) else page.name
    needs_corpus = "../shared/corpus" in text
    if needs_corpus and not CORPUS.is_dir():
        pytest.skip(f"{name} reads the shared corpus, which is not at {CORPUS}")
    folder = clone(home, corpus=needs_corpus)
    found = steps(text, name)
    assert found, f"{name} shows no console block to run"
    for step in found:
        done = run(home, folder, step.command)
        got = shown_paths(done.stdout, home)
        where = f"{step.page}:{step.line}: $ {step.command}"
        assert done.returncode in (0, 1), f"{where}\nexit {done.returncode}\n{got}"
        assert "Traceback" not in got, f"{where}\n{got}"
        assert matches(step.shown, got), (
            f"{where}\n--- the page shows:\n{step.shown}--- it prints:\n{got}")


@pytest.mark.parametrize("page", PAGES, ids=[p.relative_to(ROOT / "docs").as_posix()
                                            for p in PAGES])
def test_the_page_prints_what_it_shows(page: Path, tmp_path: Path) -> None:
    check_page(page, tmp_path)


def test_there_are_tutorials_and_guides() -> None:
    names = {p.relative_to(ROOT / "docs").as_posix() for p in PAGES}
    assert {"tutorials/first-session.md", "tutorials/first-audit.md"} <= names
    assert sum(n.startswith("howto/") for n in names) >= 9


# -- the checker itself: it fails where it should --------------------------------------------


def test_a_changed_output_line_fails(tmp_path: Path) -> None:
    """The first tutorial with one line of its shown output changed no longer passes."""
    page = ROOT / "docs" / "tutorials" / "first-session.md"
    text = page.read_text(encoding="utf-8")
    first = next(s for s in steps(text) if s.shown.strip() and "..." not in s.shown.split()[0])
    line = first.shown.splitlines()[0]
    changed = tmp_path / "changed.md"
    changed.write_text(text.replace(line, line + " and one more thing", 1), encoding="utf-8")
    home = tmp_path / "home"
    home.mkdir()
    with pytest.raises(AssertionError, match="the page shows"):
        check_page(changed, home)


def test_what_may_differ_and_what_may_not() -> None:
    assert matches("import: 2450 hands in 0.8 s, 727 hands/s\n",
                   "import: 2450 hands in 12.5 s, 196 hands/s\n")
    assert matches("batch 1  2026-12-06 16:48:15 UTC  import\n",
                   "batch 1  2027-01-02 03:04:05 UTC  import\n")
    assert matches("a\n...\nz\n", "a\nb\nc\nz\n")
    assert matches("wrote x.html: ... 1,024 bytes\n", "wrote x.html: 2,450 hands, 98,765 bytes\n")
    assert not matches("Hero   800   5%   0%  100%\n", "Hero   800   5%   0%   98%\n")
    assert not matches("import: 2450 hands in 0.8 s\n", "import: 2451 hands in 0.8 s\n")
    assert not matches("a\nz\n", "a\nb\nz\n")


def test_blocks_are_cut_into_commands_and_outputs() -> None:
    text = ("intro\n```console\n$ stud-hh a\none\ntwo\n$ stud-hh b\n```\n"
            "```sh\nstud-hh ui\n```\n```console\n$ stud-hh c\nthree\n```\n"
            "```console\n$ cat > a.py <<'EOF'\n> print(1)\n>\n> EOF\n$ python3 a.py\n1\n```\n")
    assert steps(text) == [Step("page", 3, "stud-hh a", "one\ntwo\n"),
                           Step("page", 6, "stud-hh b", ""),
                           Step("page", 12, "stud-hh c", "three\n"),
                           Step("page", 16, "cat > a.py <<'EOF'\nprint(1)\n\nEOF", ""),
                           Step("page", 20, "python3 a.py", "1\n")]
