"""A fingerprint of every field of every replay, for refactors that must change nothing.

    python benchmarks/fingerprint.py [--dump FILE] [--damaged N] [--differential N]

Replays, under the hand's own site profile and under every named profile:

* every stud-family hand of ``../shared/corpus`` (when present);
* ``N`` damaged copies of corpus hands that still parse (seeded edits: a line dropped,
  a line repeated, an amount changed, two lines swapped), so that violations are in;
* ``N`` random legal hands per game played by pokerkit (the differential test's
  generator, ``tests/test_differential.py``), when pokerkit is installed;
* every hand of ``sample_histories/`` (the injected ones included).

Each replay is turned into a canonical text (dataclasses as sorted field dicts, sets
sorted, every field, the parsed hand's header and events included) and hashed; the
script prints the number of replays and the hash of them all. With ``--dump`` it writes
one ``hash  source`` line per replay, to ``diff`` two runs. Run it before and after a
change: equal hashes mean the replays are field for field the same.
"""

from __future__ import annotations

import argparse
import dataclasses
import enum
import hashlib
import random
import re
import sys
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"
SAMPLES = ROOT / "sample_histories"


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
    from stud_hh.read.parse import ParsedHand, raw_hands, result_of, scan_paths

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
    from stud_hh.read.parse import ParsedHand, raw_hands, result_of, scan_paths

    for path in scan_paths([SAMPLES]).files:
        for raw in raw_hands(path):
            if isinstance(result_of(raw), ParsedHand):
                yield f"{path.relative_to(ROOT)}:{raw.first_line}", raw.text


def differential_hands(count: int) -> Iterator[tuple[str, Any]]:
    sys.path.insert(0, str(ROOT / "tests"))
    try:
        import test_differential as diff
    except ImportError:  # pokerkit not installed
        return
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


def replays(args: argparse.Namespace) -> Iterator[tuple[str, str]]:
    from stud_hh.read.parse import ParsedHand, parse_text
    from stud_hh.replay import replay
    from stud_hh.rules import PROFILES, SITE

    profiles = [SITE, *sorted(PROFILES)]
    texts = list(corpus_texts())
    sources = [*texts, *damaged(texts, args.damaged, args.seed), *sample_texts()]
    for source, text in sources:
        for result in parse_text(text):
            if not isinstance(result, ParsedHand):
                yield source, repr(canon(result.error.reason))
                continue
            for name in profiles:
                try:
                    yield f"{source} {name}", repr(canon(replay(result, name)))
                except Exception as exc:  # a refusal is part of the behaviour too
                    yield f"{source} {name}", f"refused: {exc}"
    for source, hand in differential_hands(args.differential):
        yield source, repr(canon(replay(hand, "pokerstars")))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dump", type=Path, help="write one 'hash  source' line per replay")
    parser.add_argument("--damaged", type=int, default=2000)
    parser.add_argument("--differential", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    total = hashlib.sha256()
    count = 0
    dump = args.dump.open("w", encoding="utf-8") if args.dump else None
    for source, text in replays(args):
        digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        total.update(digest.encode())
        count += 1
        if dump is not None:
            dump.write(f"{digest}  {source}\n")
    if dump is not None:
        dump.close()
    print(f"{count} replays, fingerprint {total.hexdigest()}")


if __name__ == "__main__":
    main()
