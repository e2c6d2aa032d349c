"""`stud-hh show HAND_ID (PATH... | --db DIR) --html [-o FILE]` writes the hand's replayer
page (default ``hand-<id>.html``) and prints its path; without --html the text is as before;
a page that cannot be written is one line on stderr and exit 2, never a traceback."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from stud_hh.analysis.html.replayer import hand_view
from stud_hh.analysis.html.replayer_compact import expand_view
from stud_hh.analysis.report import show_hand
from stud_hh.cli import main
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_file
from stud_hh.replay import replay

INJECTED = Path(__file__).resolve().parents[1] / "sample_histories" / "injected" / \
    "stud_injected_0.10-0.20.txt"
HAND_ID = "100107000006"  # ante.wrong-amount, the first planted break


def _hand() -> ParsedHand:
    return next(h for h in parse_file(INJECTED)
                if isinstance(h, ParsedHand) and h.hand_id == HAND_ID)


def _embedded(page: Path) -> dict[str, dict[str, Any]]:
    text = page.read_text(encoding="utf-8")
    found = re.search(r'<script type="application/json" id="stud-hh-hands">(.*?)</script>',
                      text, re.DOTALL)
    assert found
    views: dict[str, dict[str, Any]] = json.loads(found.group(1))
    return {key: expand_view(view) for key, view in views.items()}  # embedded compact


def test_show_html_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    page = tmp_path / "out" / "hand.html"
    page.parent.mkdir()
    assert main(["show", f"#{HAND_ID}", str(INJECTED), "--html", "-o", str(page)]) == 0
    assert capsys.readouterr().out == f"{page}\n"
    view = hand_view(replay(_hand()))
    assert _embedded(page) == {f"PokerStars#{HAND_ID}": view}
    assert "window.StudReplayer" in page.read_text(encoding="utf-8")


def test_show_html_names_the_page_after_the_hand(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["show", HAND_ID, str(INJECTED), "--html", "--hero", "mrw"]) == 0
    assert capsys.readouterr().out == f"hand-{HAND_ID}.html\n"
    view = _embedded(tmp_path / f"hand-{HAND_ID}.html")[f"PokerStars#{HAND_ID}"]
    assert isinstance(view, dict)
    assert view["hero"] == "mrw"


def test_show_html_of_a_stored_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    source = tmp_path / "two.txt"
    text = INJECTED.read_text(encoding="utf-8")
    source.write_text("\n\n\n".join(text.split("\n\n\n")[4:6]) + "\n", encoding="utf-8")
    db = tmp_path / "db"
    assert main(["import", str(source), "--db", str(db), "-q", "--jobs", "1"]) == 0
    from_db, from_file = tmp_path / "db.html", tmp_path / "file.html"
    assert main(["show", HAND_ID, "--db", str(db), "--html", "-o", str(from_db)]) == 0
    assert main(["show", HAND_ID, str(source), "--html", "-o", str(from_file)]) == 0
    assert _embedded(from_db) == _embedded(from_file)
    capsys.readouterr()


def test_show_without_html_prints_the_text(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", HAND_ID, str(INJECTED)]) == 0
    assert capsys.readouterr().out == show_hand(replay(_hand())) + "\n"


@pytest.mark.parametrize("where", ["missing/folder/hand.html", "."],
                         ids=["no-folder", "a-folder"])
def test_an_unwritable_page_is_one_line_and_exit_2(tmp_path: Path, where: str,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / where
    assert main(["show", HAND_ID, str(INJECTED), "--html", "-o", str(target)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = captured.err.strip()
    assert err.startswith(f"stud-hh: {target}")
    assert "\n" not in err
    assert "Traceback" not in err
    assert re.search(r"no folder|is a folder", err)


def test_output_without_html_is_refused(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", HAND_ID, str(INJECTED), "-o", str(tmp_path / "x.html")]) == 2
    assert "--html" in capsys.readouterr().err
    assert not (tmp_path / "x.html").exists()
