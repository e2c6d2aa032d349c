"""Promise: the documentation a newcomer reads is true and whole.

- the README is a landing page (at most 250 lines);
- every Python session written as a ```pycon block in the README or in docs/ runs and
  prints what it says, on the database `make demo` makes from sample_histories/;
- every relative link of the README and of docs/ leads to a file that is there, and every
  #anchor to a heading of that file.

The README's command-line tours are run by tests/test_newcomer.py.
"""

from __future__ import annotations

import doctest
import re
import time
from pathlib import Path

import pytest

from stud_hh.store.ingest.run import import_paths

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")),
         ROOT / "notebooks" / "README.md"]
BLOCK = re.compile(r"^```pycon\n(.*?)^```$", re.MULTILINE | re.DOTALL)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
CODE = re.compile(r"^```.*?^```$", re.MULTILINE | re.DOTALL)


def sessions() -> list[tuple[Path, int, str]]:
    """Each session: its page, the line before its first line, its text."""
    found = []
    for page in PAGES:
        text = page.read_text(encoding="utf-8")
        found += [(page, text.count("\n", 0, m.start(1)), m.group(1))
                  for m in BLOCK.finditer(text)]
    return found


def test_the_readme_is_a_landing_page() -> None:
    lines = (ROOT / "README.md").read_text(encoding="utf-8").splitlines()
    assert len(lines) <= 250, f"README.md has {len(lines)} lines: move detail to docs/"


def test_there_are_sessions_to_run() -> None:
    assert {page.name for page, _, _ in sessions()} >= {"README.md", "python.md"}


@pytest.fixture(scope="module")
def demo_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder holding build/sample.db, as `make demo` leaves it."""
    folder = tmp_path_factory.mktemp("demo")
    import_paths([ROOT / "sample_histories"], folder / "build" / "sample.db", jobs=1)
    return folder


@pytest.mark.parametrize("number", range(len(sessions())),
                         ids=[f"{p.name}:{line + 1}" for p, line, _ in sessions()])
def test_a_session_runs_as_written(number: int, demo_database: Path,
                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(demo_database)
    monkeypatch.setenv("TZ", "UTC")  # the dates a user types are on their clock
    time.tzset()
    try:
        page, line, text = sessions()[number]
        test = doctest.DocTestParser().get_doctest(text, {}, f"{page.name} session", str(page),
                                                   line)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS
                                       | doctest.NORMALIZE_WHITESPACE)
        runner.run(test)
        assert runner.failures == 0, f"{runner.failures} of {runner.tries} examples failed"
    finally:
        monkeypatch.undo()
        time.tzset()


def _slug(heading: str) -> str:
    """A heading's anchor as GitHub (and MkDocs' toc) makes it."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", ""))
    return text.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = CODE.sub("", page.read_text(encoding="utf-8"))
    return {_slug(m.group(1)) for m in re.finditer(r"^#+ (.+)$", text, flags=re.MULTILINE)}


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_leads_somewhere(page: Path) -> None:
    text = CODE.sub("", page.read_text(encoding="utf-8"))
    broken = []
    for target in LINK.findall(text):
        if target.startswith(("http://", "https://", "mailto:")):
            continue
        path, _, anchor = target.partition("#")
        where = (page.parent / path).resolve() if path else page
        if not where.exists():
            broken.append(f"{target}: no such file")
        elif anchor and where.suffix == ".md" and anchor not in _anchors(where):
            broken.append(f"{target}: no heading #{anchor}")
    assert broken == [], f"{page.relative_to(ROOT)}: " + "; ".join(broken)
