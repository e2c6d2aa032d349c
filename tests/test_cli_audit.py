"""stud-hh audit and show: output, formats and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_violations import BASE, _edit

from stud_hh.cli import main

SAMPLES = Path(__file__).resolve().parent / "data" / "handwritten"


def _bad(tmp_path: Path) -> Path:
    path = tmp_path / "bad.txt"
    path.write_text(_edit(BASE, {15: "Cid: calls $0.05", 16: "Bob: calls $0.10"}),
                    encoding="utf-8")
    return path


def test_audit_of_clean_samples_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(SAMPLES)]) == 0
    out = capsys.readouterr().out
    assert "23 hands audited under the 'pokerstars' profile: 0 with violations" in out


def test_audit_text_groups_violations_with_the_source_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["audit", str(_bad(tmp_path))]) == 1
    out = capsys.readouterr().out
    assert "hand 300000000001" in out
    assert "line 15  action.out-of-turn: Cid acts out of turn on 3rd street; Bob was to act" in out
    assert "      | Cid: calls $0.05" in out
    assert "rule                root causes  following  unverifiable  meaning" in out
    assert "action.out-of-turn            1          0             0" in out


def test_audit_jsonl_has_one_object_per_violation(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["audit", "--format", "jsonl", "--profile", "casino", str(_bad(tmp_path))]) == 1
    out, err = capsys.readouterr()
    records = [json.loads(line) for line in out.splitlines()]
    (record,) = [r for r in records if r["kind"] == "violation"]
    assert {r["kind"] for r in records} == {"violation"}  # nothing here is undecidable
    assert {k: record[k] for k in ("line", "hand_id", "rule", "street", "player")} == {
        "line": 15, "hand_id": "300000000001", "rule": "action.out-of-turn", "street": "3rd",
        "player": "Cid"}
    assert record["file"].endswith("bad.txt")
    assert "under the 'casino' profile" in err


def test_audit_of_unusable_input_exits_two(tmp_path: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["audit", str(tmp_path / "missing")]) == 2
    junk = tmp_path / "junk.txt"
    junk.write_text("not a hand history\n", encoding="utf-8")
    assert main(["audit", str(junk)]) == 2
    assert "no hand header" in capsys.readouterr().err


def test_audit_exits_one_for_violations_beside_an_unreadable_hand(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A script checking for 1 sees the violations even when a hand is unreadable too;
    2 is kept for input of which nothing could be read."""
    folder = tmp_path / "mixed"
    folder.mkdir()
    _bad(folder)
    (folder / "junk.txt").write_text("PokerStars Hand #1: 7 Card Stud Limit ($0.10/$0.20 USD)"
                                     " - 2026/03/12 20:14:03 ET\nwhat is this\n",
                                     encoding="utf-8")
    assert main(["audit", str(folder)]) == 1
    out = capsys.readouterr().out
    assert "1 with violations" in out
    assert "1 unreadable" in out
    assert main(["audit", "--format", "jsonl", str(folder)]) == 1
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    kinds = {r["kind"] for r in records}
    assert kinds == {"violation", "unreadable"}
    (unreadable,) = [r for r in records if r["kind"] == "unreadable"]
    assert unreadable["file"].endswith("junk.txt")
    assert unreadable["line"] == 2
    assert unreadable["hand_id"] == "1"


def test_show_finds_a_stored_hand_with_or_without_its_hash(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = _bad(tmp_path)
    db = tmp_path / "db"
    assert main(["import", str(bad), "--db", str(db), "-q", "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main(["show", "#300000000001", "--db", str(db)]) == 0
    from_db = capsys.readouterr().out
    assert main(["show", "300000000001", str(bad)]) == 0
    assert capsys.readouterr().out == from_db
    assert "!! action.out-of-turn" in from_db
    assert main(["show", "#42", "--db", str(db)]) == 2
    assert "no hand 42 in" in capsys.readouterr().err
    assert main(["show", "42"]) == 2
    assert "from PATHs or from --db" in capsys.readouterr().err


def test_show_gives_the_heros_down_cards_from_the_first_street(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "259114372218", str(SAMPLES)]) == 0
    out = capsys.readouterr().out
    assert "    Hero (hero): [Qd Qc] As" in out
    assert "    Big Slick: 9h" in out
    assert "tortuga_77 brings in $0.05  (bring-in, no bet yet)" in out
    assert "bet level" not in out


def test_show_gives_a_players_down_cards_once_he_has_shown_them(
        corpus: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Merge prints a shown hand in dealing order: Player1, all-in on 4th street, shows
    2h 8d 6c 2c, and every later street gives his down cards (the 7th-street one was
    dealt face down to a player already shown, so the deal prints it)."""
    path = corpus / "Merge" / "Razz-USD-0.50-1.00-201111.allIn.txt"
    assert main(["show", "43618199-14", str(path)]) == 0
    out = capsys.readouterr().out
    assert "    Player1: 6c\n" in out  # on 3rd street nothing is shown yet
    assert "    Player1: [2h 8d] 6c 2c 3d\n" in out
    assert "    Player1: [2h 8d 9d] 6c 2c 3d Kd\n" in out
    assert "??" not in out.split("--- result ---")[0]


def test_show_prints_the_hand_street_by_street(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "300000000001", str(_bad(tmp_path))]) == 0
    out = capsys.readouterr().out
    for expected in ("--- 4th street --- pot $0.36", "first to act: Bob (best board)",
                     "Ann completes to $0.10  (1 bet)",
                     "!! action.out-of-turn", "main pot $2.66 among Ann, Cid: Cid",
                     "Cid: +$1.51"):
        assert expected in out


def test_show_of_a_missing_hand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["show", "42", str(SAMPLES)]) == 2
    assert "hand 42 not found" in capsys.readouterr().err


def test_audit_jsonl_lists_each_unverifiable_check(corpus: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """Everleaf prints no uncalled-bet line: each such check is listed, with its reason."""
    assert main(["audit", "--format", "jsonl", str(corpus / "Everleaf")]) == 0
    records = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    checks = [r for r in records if r["kind"] == "unverifiable"]
    assert checks
    for record in checks:
        assert {"file", "line", "hand_id", "rule", "reason", "profile"} <= set(record)
        assert record["reason"]
        assert isinstance(record["line"], int)
