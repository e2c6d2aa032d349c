"""FPDB's expected hand and game-type rows (``.hands``, ``.gt``) for the text sites' corpus
hands, beside ours (the XML sites' are compared in tests/read/sites/test_ipoker.py and
test_merge.py; the per-player ``.hp`` rows in tests/store/test_import_corpus.py).

Every field of each file is compared, or named as not comparable with the reason
(:mod:`fpdb_files`); the exceptions below are this corpus's own.
"""

from __future__ import annotations

import pytest
from conftest import CORPUS_DIR, CORPUS_MISSING
from fpdb_files import compare

from stud_hh import ParsedHand, parse_file

FTP_COMPLETION = ("FPDB's Full Tilt reader does not count 'completes it to' among 3rd "
                  "street's raises (its iPoker reader does); ours counts every completion")
EXCEPTIONS: dict[str, dict[str, str]] = {
    "FTP/Razz-USD-0.10-0.20-201012.CCT.and.ET.timeformat.txt": {
        "street0Raises": FTP_COMPLETION},
    "FTP/Razz-USD-0.10-0.20-201012.Player6.listed.but.doesnt.act.txt": {},
    "FTP/Razz-USD-HUSNG-2-201102.Villain.allin.on.bringing.txt": {
        "tableName": "FPDB prefixes the tournament number ('220338000 1'); ours is the table "
        "as printed ('1'), the tournament kept in its own field",
        "tourneyId": "FPDB's database key for the tournament (1), not the site's number",
        "maxSeats": "the history does not print the table size (FPDB writes 2 for a "
        "heads-up sit-and-go)"},
    "Stars/HH20110417 Salm IX - $0.04-$0.08 Ante $0.01 - USD Limit Stud.txt": {},
}
"""Each text-site history with FPDB files beside it, and its own not-comparable fields."""


def test_every_fpdb_file_of_a_text_site_is_listed() -> None:
    if not CORPUS_DIR.is_dir():
        pytest.skip(CORPUS_MISSING)
    found = {p.with_suffix("").relative_to(CORPUS_DIR).as_posix()
             for pattern in ("*.hands", "*.gt") for p in CORPUS_DIR.rglob(pattern)}
    xml_sites = {f for f in found if f.split("/")[0] in ("iPoker", "Merge")}
    assert found - xml_sites == set(EXCEPTIONS)


@pytest.mark.parametrize("name", sorted(EXCEPTIONS))
def test_fpdb_hand_and_game_type_rows_agree(name: str) -> None:
    path = CORPUS_DIR / name
    if not path.exists():
        pytest.skip(CORPUS_MISSING)
    (hand,) = [h for h in parse_file(path) if isinstance(h, ParsedHand)]
    compared, wrong = compare(path, hand, EXCEPTIONS[name])
    assert wrong == []
    assert len(compared) >= 10
