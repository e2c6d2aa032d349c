"""stud-hh report and stud-hh report --audit: the file written (by default report.html or
audit.html), the options and filters, and every mistake a one-line error with exit 2 (an
unknown player, nothing selected, an output that cannot be written, not a database), never
a traceback."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from stud_hh.cli import main


def _run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(args)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_the_player_report_is_written(samples_database: Path, tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hero.html"
    code, said, err = _run(["report", "--db", str(samples_database), "--player", "hero",
                            "--game", "razz", "--cash", "-o", str(out)], capsys)
    assert code == 0, err
    assert said.startswith(f"wrote {out}: the player report of Hero, 500 hands")
    assert f"{out.stat().st_size:,} bytes" in said
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!doctype html>")
    assert "selected: game razz, cash games" in html
    assert not list(tmp_path.glob(".*stud-hh-tmp"))  # written whole, nothing left beside


def test_default_file_names(samples_database: Path, tmp_path: Path,
                            monkeypatch: pytest.MonkeyPatch,
                            capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert _run(["report", "--db", str(samples_database), "--stakes", "1/2"], capsys)[0] == 0
    code, said, _ = _run(["report", "--db", str(samples_database), "--audit", "--profile",
                          "casino"], capsys)
    assert code == 0
    assert said.startswith("wrote audit.html: the audit report, 2,450 hands")
    assert (tmp_path / "report.html").is_file()
    assert "made under the casino profile" in (tmp_path / "audit.html").read_text("utf-8")


@pytest.mark.parametrize(("args", "message"), [
    (["--player", "Heroo"], "no hands of 'Heroo'; did you mean 'Hero'"),
    (["--game", "razz", "--stakes", "0.10/0.20"], "no hands in"),
    (["--since", "2030-01-01"], "no hands in"),
    (["--game", "five_stud"], "no five_stud hands"),
    (["--since", "14/03/2026"], "not a date"),
    (["--audit", "--player", "Hero"], "report --audit covers the whole database"),
    (["--audit", "--cash"], "report --audit covers the whole database"),
])
def test_a_mistake_is_one_line_and_exit_2(samples_database: Path, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str], args: list[str],
                                          message: str) -> None:
    out = tmp_path / "r.html"
    code, said, err = _run(["report", "--db", str(samples_database), "-o", str(out), *args],
                           capsys)
    assert code == 2
    assert message in err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    assert said == ""
    assert not out.exists()


def test_an_output_that_cannot_be_written(samples_database: Path, tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    for target, message in ((tmp_path / "missing" / "r.html", "no folder"),
                            (tmp_path, "is a folder, not a file")):
        code, _, err = _run(["report", "--db", str(samples_database), "-o", str(target)],
                            capsys)
        assert code == 2
        assert message in err
    if os.geteuid() != 0:  # root may write anywhere
        locked = tmp_path / "locked"
        locked.mkdir(mode=0o500)
        code, _, err = _run(["report", "--db", str(samples_database), "-o",
                             str(locked / "r.html")], capsys)
        assert code == 2
        assert "permission denied" in err


def test_not_a_database(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = _run(["report", "--db", str(tmp_path), "-o", str(tmp_path / "r.html")],
                        capsys)
    assert code == 2
    assert "not a stud-hh database" in err


def test_undated_hands_left_out_are_said(corpus_database: Path, tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    code, said, err = _run(["report", "--db", str(corpus_database), "--since", "2000-01-01",
                            "-o", str(tmp_path / "r.html")], capsys)
    assert code == 0
    assert "undated hands left out by the date filter" in err
    assert "the player report of Hero" in said


def test_report_is_listed_in_the_help(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["report", "--help"])
    text = capsys.readouterr().out
    for option in ("--db", "--audit", "--player", "--profile", "--min-sample", "--since", "-o"):
        assert option in text
