"""Stored hands read again from their files (``store.stored``): each from its own lines
where the file allows it, else from the whole file, with the same hands and the same
reasons for those left out either way."""

from __future__ import annotations

from pathlib import Path

import pytest

from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_file
from stud_hh.store.database import open_db
from stud_hh.store.ingest.run import import_paths
from stud_hh.store.stored import ReadAgain, StoredText, read_again, read_stored

SAMPLE = Path(__file__).resolve().parents[2] / "sample_histories" / "stud_cash_0.10-0.20.txt"


def _stored(db_root: Path) -> list[StoredText]:
    db = open_db(db_root)
    rows = db.sql("SELECT site, hand_id, file, first_line, last_line, profile, text_digest "
                  "FROM hands ORDER BY first_line")
    return [StoredText(str(r.site), str(r.hand_id), str(r.file), int(r.first_line),
                       int(r.last_line), str(r.profile), r.text_digest)
            for r in rows.itertuples()]


def _summary(found: ReadAgain) -> tuple[list[tuple[str, int, int, str, str]], list[str]]:
    return ([(h.hand_id, h.first_line, h.last_line, h.header.table, p)
             for h, p in found.hands], found.left_out)


@pytest.fixture
def imported(tmp_path: Path) -> tuple[Path, Path, list[StoredText]]:
    """Twelve hands of the sample, with Windows line ends, imported."""
    text = SAMPLE.read_text(encoding="utf-8").split("\n\n\n")[:12]
    source = tmp_path / "hands.txt"
    source.write_bytes(("\n\n\n".join(text) + "\n").replace("\n", "\r\n").encode())
    import_paths([source], tmp_path / "db", jobs=1)
    return source, tmp_path / "db", _stored(tmp_path / "db")


def test_each_hand_is_read_from_its_lines_as_from_the_whole_file(
        imported: tuple[Path, Path, list[StoredText]], monkeypatch: pytest.MonkeyPatch
) -> None:
    source, _, texts = imported
    assert len(texts) == 12
    chosen = texts[3:9:2]
    quick = read_stored(chosen)
    assert [h.hand_id for h, _ in quick.hands] == [t.hand_id for t in chosen]
    parsed = {h.hand_id: h for h in parse_file(source) if isinstance(h, ParsedHand)}
    for hand, profile in quick.hands:
        assert hand == parsed[hand.hand_id]
        assert profile == "pokerstars"
    import stud_hh.store.stored as stored

    whole: list[str] = []
    real = stored.raw_hands
    monkeypatch.setattr(stored, "raw_hands", lambda path: whole.append(path) or real(path))
    assert _summary(read_stored(chosen)) == _summary(quick)
    assert whole == []  # read from their lines: the whole file was never split


def test_a_file_of_cr_line_ends_is_read_whole(imported: tuple[Path, Path, list[StoredText]]
                                              ) -> None:
    source, _, texts = imported
    source.write_bytes(source.read_bytes().replace(b"\r\n", b"\r"))
    found = read_stored(texts[:2])
    assert [h.hand_id for h, _ in found.hands] == [t.hand_id for t in texts[:2]]


def test_hands_changed_moved_or_gone_are_left_out_with_the_same_reasons(
        imported: tuple[Path, Path, list[StoredText]]) -> None:
    source, db_root, texts = imported
    data = source.read_bytes()
    # the 2nd hand's text changed (same lines), a line added before the 5th (it and the
    # 6th move)
    second, fifth = texts[1], texts[4]
    lines = data.split(b"\r\n")
    ante = next(i for i in range(second.first_line - 1, second.last_line)
                if b"posts the ante" in lines[i])
    lines[ante] = lines[ante].replace(b"$0.02", b"$0.03")
    lines.insert(fifth.first_line - 1, b"")
    source.write_bytes(b"\r\n".join(lines))
    found = read_again(open_db(db_root), [(t.site, t.hand_id) for t in texts[:6]]
                       + [("PokerStars", "404")])
    assert sorted(h.hand_id for h, _ in found.hands) == [t.hand_id for t in texts[0:4:2]
                                                          + texts[3:4]]
    assert found.left_out[0] == "hand 404 (PokerStars) is not stored"
    assert sorted(found.left_out[1:]) == sorted(
        f"{source}: hand {t.hand_id} (PokerStars) changed since it was imported"
        for t in (second, fifth, texts[5]))
    source.unlink()
    assert read_stored(texts[:1]).left_out == [
        f"{source}: the file of hand {texts[0].hand_id} (PokerStars) is gone"]
