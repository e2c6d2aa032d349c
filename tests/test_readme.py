"""The README's Python examples written as a session (```pycon blocks) run and print what
the README says, on the database `make demo` makes from sample_histories/."""

from __future__ import annotations

import doctest
import re
import time
from pathlib import Path

import pytest

from stud_hh.store.importer import import_paths

ROOT = Path(__file__).resolve().parents[1]
BLOCK = re.compile(r"^```pycon\n(.*?)^```$", re.MULTILINE | re.DOTALL)


def sessions() -> list[tuple[int, str]]:
    """Each session's text and the README line before its first line."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return [(text.count("\n", 0, m.start(1)), m.group(1)) for m in BLOCK.finditer(text)]


def test_the_readme_has_a_session_to_run() -> None:
    assert sessions()


@pytest.mark.parametrize("number", range(len(sessions())))
def test_readme_session_runs_as_written(number: int, tmp_path: Path,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    import_paths([ROOT / "sample_histories"], tmp_path / "build" / "sample.db", jobs=2)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("TZ", "UTC")  # the dates a user types are on their clock
    time.tzset()
    try:
        parser = doctest.DocTestParser()
        line, text = sessions()[number]
        test = parser.get_doctest(text, {}, f"README.md session {number + 1}",
                                  str(ROOT / "README.md"), line)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS
                                       | doctest.NORMALIZE_WHITESPACE)
        runner.run(test)
        assert runner.failures == 0, f"{runner.failures} of {runner.tries} examples failed"
    finally:
        monkeypatch.undo()
        time.tzset()
