"""A fingerprint of every field of every replay, for refactors that must change nothing.

    python benchmarks/fingerprint.py [--dump FILE] [--canon FILE] [--mask-messages]
                                     [--damaged N] [--differential N] [--rows]

Replays, under the hand's own site profile and under every named profile:

* every stud-family hand of ``../shared/corpus`` (when present);
* ``N`` damaged copies of corpus hands that still parse (seeded edits: a line dropped,
  a line repeated, an amount changed, two lines swapped), so that violations are in;
* ``N`` random legal hands per game played by pokerkit (the differential test's
  generator, ``tests/test_differential.py``), when pokerkit is installed;
* every hand of ``sample_histories/`` (the injected ones included).

Each replay is turned into a canonical text (dataclasses as sorted field dicts, sets
sorted, every field, the parsed hand's header and events included) and hashed; the
script prints the number of replays and two hashes of them all: the *baseline*, over the
fields a replay had before issue 16 (the fields of :data:`ADDED_FIELDS` left out, so it
stays comparable with the runs of that time:
``20aa14d0266b5d92422fca5cfa3310c3463dee768e84abcf6cffacf421f1751f`` for
``--damaged 300 --differential 30``), and the hash over every field. With ``--rows`` it
also hashes the database rows of every replay (:func:`stud_hh.store.facts.hand_rows`), the same
with any version of the code. With ``--dump`` it writes one ``hash  source`` line per
replay (of every field), to ``diff`` two runs; with ``--canon`` one JSON line per replay
holding its canonical text itself (every field, and the rows with ``--rows``), to see
*what* differs. ``--mask-messages`` replaces the words of every violation and
unverifiable check (``message``, ``reason``) by ``<masked>`` before anything is hashed or
written: a change that rewords messages and nothing else leaves the masked hashes
equal. Run it before and after a change: equal hashes mean the replays are field for
field the same.

The last recorded run, ``--damaged 300 --differential 30 --rows`` (39,616 replays), after
issue 12 put the messages in the table's units: baseline
``5da5e1f6dfd3e7321ce6760df1632fc9ea28a31deeb411d256e68a7fcf8acee2``, every field
``62fd1ccd5df923ced5e59c8ff7e5a171729ef908aef3f55f815b16d213c20bec``, rows
``79a3cd33d0c1bd7074c6c98ff2fd0bc67831d47b37429b052dc81369fd3fb5a2``; with
``--mask-messages`` the same before and after that change:
``5dd4a8f6c21572585ef59722bcf6c04c77e58d9857e07563d758de23c90e2225``,
``e5eeabd5306e1738d815d8378e06495a51ca93392bcd58564cd45f44a5b7a537``,
``7fed3fe663edff11e6ef4c81ff8b1ebc39a975d3d7b0538e096df0aced3c68bc``.

Then issue 14 (the equity columns) gave the replay's ``dealt`` two fields (every card
dealt, every hand revealed at the end) and the rows their equity columns, changing
nothing the replay decides: the same run gave the baseline unchanged,
``5da5e1f6dfd3e7321ce6760df1632fc9ea28a31deeb411d256e68a7fcf8acee2``, every field
``6b51433714e32269e827444e642f4398d8f085098773a7511a835c98ef46852b``, rows
``472e007e70b3812b718451527099bf25f8082a755e9964d4baaadc7aeb98f053`` (messages not
masked; not run masked).
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import hashlib
import importlib.util
import json
import random
import re
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

from options import some

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
SAMPLES = ROOT / "sample_histories"

ADDED_FIELDS = frozenset({"dealt"})
"""Fields of a ReplayedHand added since the baseline fingerprint (issue 16: the cards the
replay gathers for the database rows), left out of the baseline hash."""


def canon(value: Any) -> Any:
    """A JSON-like value equal for equal replays, whatever the process's hash seed."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: canon(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, enum.Enum):  # a rule code's value whether it is a str or a StrEnum
        return value.value if isinstance(value, str) else f"{type(value).__name__}.{value.name}"
    if isinstance(value, dict):
        return sorted((repr(canon(k)), canon(v)) for k, v in value.items())
    if isinstance(value, (set, frozenset)):
        return sorted(repr(canon(v)) for v in value)
    if isinstance(value, (list, tuple)):
        return [canon(v) for v in value]
    if isinstance(value, datetime):
        return value.isoformat()
    return value


def corpus_texts() -> Iterator[tuple[str, str]]:
    from stud_hh.model.hand import ParsedHand
    from stud_hh.read.parse import result_of
    from stud_hh.read.scan import scan_paths
    from stud_hh.read.split import raw_hands

    if not CORPUS.is_dir():
        return
    for path in scan_paths([CORPUS]).files:
        for raw in raw_hands(path):
            if isinstance(result_of(raw), ParsedHand):
                yield f"{path.relative_to(CORPUS)}:{raw.first_line}", raw.text


_AMOUNT = re.compile(r"\d+(?:\.\d+)?")


def damaged(texts: list[tuple[str, str]], count: int, seed: int) -> Iterator[tuple[str, str]]:
    rng = random.Random(seed)
    if not texts:
        return
    for n in range(count):
        source, text = rng.choice(texts)
        lines = text.rstrip("\n").split("\n")
        kind = rng.randrange(4)
        i = rng.randrange(1, len(lines))
        if kind == 0:
            del lines[i]
        elif kind == 1:
            lines.insert(i, lines[i])
        elif kind == 2:
            found = list(_AMOUNT.finditer(lines[i]))
            if found:
                m = rng.choice(found)
                lines[i] = lines[i][:m.start()] + str(rng.randrange(1, 500)) + lines[i][m.end():]
        else:
            j = rng.randrange(1, len(lines))
            lines[i], lines[j] = lines[j], lines[i]
        yield f"damaged {n} of {source}", "\n".join(lines) + "\n"


def sample_texts() -> Iterator[tuple[str, str]]:
    from stud_hh.model.hand import ParsedHand
    from stud_hh.read.parse import result_of
    from stud_hh.read.scan import scan_paths
    from stud_hh.read.split import raw_hands

    for path in scan_paths([SAMPLES]).files:
        for raw in raw_hands(path):
            if isinstance(result_of(raw), ParsedHand):
                yield f"{path.relative_to(ROOT)}:{raw.first_line}", raw.text


def differential_hands(count: int) -> Iterator[tuple[str, Any]]:
    if importlib.util.find_spec("pokerkit") is None:  # a test-only dependency
        print("pokerkit is not installed: no differential hands (the fingerprint differs "
              "from one taken with them)", file=sys.stderr)
        return
    sys.path.insert(0, str(ROOT / "tests"))
    import test_differential as diff  # a module that moved is an error, never a skip

    from stud_hh.model.events import Game

    for game in (Game.STUD, Game.STUD8, Game.RAZZ):
        rng = random.Random(f"fingerprint-{game.value}")
        saved = random.getstate()
        random.seed(f"fingerprint-{game.value}-deck")  # pokerkit shuffles with random
        try:
            with diff._remembered_hands():
                for n in range(count):
                    played = diff.play(game, n, rng)
                    yield f"differential {game.value} {n}", diff.convert(played).hand
        finally:
            random.setstate(saved)


Canons = tuple[str, str, str]
"""The canonical texts of one replay: baseline fields, every field, its rows."""


MASK = "<masked>"


def masked(replayed: Any) -> Any:
    """``replayed`` with the words of its findings replaced by :data:`MASK` (their rule,
    hand, line, street and player kept)."""
    return dataclasses.replace(
        replayed,
        violations=tuple(dataclasses.replace(v, message=MASK) for v in replayed.violations),
        unverifiable=tuple(dataclasses.replace(u, reason=MASK)
                           for u in replayed.unverifiable))


def canons(replayed: Any, rows: bool, mask: bool = False) -> Canons:
    from stud_hh.store.facts import hand_rows

    if mask:
        replayed = masked(replayed)
    full = canon(replayed)
    base = {k: v for k, v in full.items() if k not in ADDED_FIELDS}
    if not rows:
        return repr(base), repr(full), ""
    try:
        table_rows = repr(canon(hand_rows(replayed)))
    except Exception as exc:  # a refusal is part of the behaviour too
        table_rows = f"refused: {exc!r}"
    return repr(base), repr(full), table_rows


def replays(args: argparse.Namespace) -> Iterator[tuple[str, Canons]]:
    from stud_hh.model.hand import ParsedHand
    from stud_hh.read.parse import parse_text
    from stud_hh.replay import replay
    from stud_hh.rules import PROFILES, SITE

    profiles = [SITE, *sorted(PROFILES)]
    texts = list(corpus_texts())
    sources = [*texts, *damaged(texts, args.damaged, args.seed), *sample_texts()]
    for source, text in sources:
        for result in parse_text(text):
            if not isinstance(result, ParsedHand):
                text = repr(canon(result.error.reason))
                yield source, (text, text, "")
                continue
            for name in profiles:
                try:
                    replayed = replay(result, name)
                except Exception as exc:  # a refusal is part of the behaviour too
                    text = f"refused: {exc}"
                    yield f"{source} {name}", (text, text, "")
                    continue
                yield f"{source} {name}", canons(replayed, args.rows, args.mask_messages)
    for source, hand in differential_hands(args.differential):
        yield source, canons(replay(hand, "pokerstars"), args.rows, args.mask_messages)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dump", type=Path, help="write one 'hash  source' line per replay")
    parser.add_argument("--canon", type=Path,
                        help="write one JSON line per replay: its source, canonical text "
                        "of every field and (with --rows) of its rows")
    parser.add_argument("--mask-messages", action="store_true",
                        help="replace every violation's message and unverifiable reason "
                        "by <masked> before hashing and writing")
    parser.add_argument("--damaged", type=some, default=2000)
    parser.add_argument("--differential", type=some, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--rows", action="store_true",
                        help="also hash every replay's database rows")
    args = parser.parse_args()
    totals = [hashlib.sha256() for _ in range(3)]
    count = 0
    dump = args.dump.open("w", encoding="utf-8") if args.dump else None
    canon_file = (args.canon.open("w", encoding="utf-8", errors="surrogatepass")
                  if args.canon else None)
    for source, texts in replays(args):
        digests = [hashlib.sha256(t.encode("utf-8", "surrogatepass")).hexdigest()
                   for t in texts]
        for total, digest in zip(totals, digests, strict=True):
            total.update(digest.encode())
        count += 1
        if dump is not None:
            dump.write(f"{digests[1]}  {source}\n")
        if canon_file is not None:
            canon_file.write(json.dumps({"source": source, "fields": texts[1],
                                         "rows": texts[2]}, ensure_ascii=True) + "\n")
    for handle in (dump, canon_file):
        if handle is not None:
            handle.close()
    base, full, rows = (t.hexdigest() for t in totals)
    masking = " (messages masked)" if args.mask_messages else ""
    print(f"{count} replays, fingerprint{masking} {base}")
    print(f"{count} replays, fingerprint of every field{masking} {full}")
    if args.rows:
        print(f"{count} replays, fingerprint of their rows{masking} {rows}")


if __name__ == "__main__":
    main()
