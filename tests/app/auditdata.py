"""A database for the audit and tournament pages: the corpus (many sites, undated hands,
checks the text cannot decide, an unreadable text, a hand that does not balance, a
consequence counted apart, tournaments in dollars, play money and an unknown currency)
and two simulated sessions breaking a rule in a third of their hands, whose hero and table
are named with script payloads."""

from __future__ import annotations

import re
from pathlib import Path

from stud_hh.model.events import Game
from stud_hh.sim.session import SimConfig, write_session
from stud_hh.store.ingest.run import import_paths

PAYLOAD_NAME = "<img src=x onerror=window.pwned=1>"
"""A player's name that would run a script if a page wrote it as HTML."""
PAYLOAD_TABLE = "<script>window.pwned=2</script>"
"""A table's name that would run a script if a page wrote it as HTML."""


def histories(folder: Path) -> Path:
    """A cash stud session at the table :data:`PAYLOAD_TABLE` and a razz tournament whose
    hero is :data:`PAYLOAD_NAME`, each breaking a rule in a third of its hands."""
    folder.mkdir(parents=True, exist_ok=True)
    stud, razz = folder / "stud.txt", folder / "razz.txt"
    write_session(SimConfig(game=Game.STUD, hands=240, players=7, seed=71, inject="all",
                            inject_rate=0.3), stud)
    write_session(SimConfig(game=Game.RAZZ, hands=160, players=6, seed=72, tournament=True,
                            inject="all", inject_rate=0.3), razz)
    text = stud.read_text(encoding="utf-8")
    stud.write_text(re.sub(r"^Table '[^']*'", f"Table '{PAYLOAD_TABLE}'", text,
                           flags=re.MULTILINE), encoding="utf-8")
    razz.write_text(razz.read_text(encoding="utf-8").replace("Hero", PAYLOAD_NAME),
                    encoding="utf-8")
    for truth in folder.glob("*.truth.jsonl"):
        truth.unlink()  # not histories
    return folder


def database(corpus: Path, root: Path) -> Path:
    """The database of the corpus and :func:`histories`, at ``root/db``."""
    import_paths([corpus, histories(root / "sim")], root / "db", jobs=1)
    return root / "db"
