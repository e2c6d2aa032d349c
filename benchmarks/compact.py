"""Compaction and opening of a database of many small parts: time and peak memory.

    python benchmarks/compact.py [--sizes 1000x1,10000x1,100x100] [--keep DIR]

For each size ``COMMITSxHANDS`` builds a database of COMMITS commits of HANDS
hands each, as an import of COMMITS one-file folders leaves it (a part per
table per commit: 10,000 one-hand files make about 60,000 parts), from the
rows of the hands in ``tests/data/handwritten/`` with fresh hand ids. Then, each
in a fresh process (so that its peak memory is its own), times:

* ``open_db``: the check made on opening (every part's size and PAR1 marks);
* ``Database.compact``: the merge of every table's parts into a few, streaming;
* ``check_database``: every checksum, footer, schema and key (after compaction).

and prints the seconds and the peak resident memory (VmHWM) of each. Memory
should stay flat as the number and size of the parts grow (issue 15: 10,000
one-file commits grew to 2.1 GB and ran for over 4 minutes unfinished).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pyarrow as pa

    from stud_hh.store.database import Database

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "tests" / "data" / "handwritten"

MEASURE = r"""
import json, sys, time
from pathlib import Path
what, root = sys.argv[1], sys.argv[2]

def peak():
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return 0.0

from stud_hh.store.database import Database, open_db
started = time.perf_counter()
if what == "open":
    db = open_db(root)
    detail = sum(len(p) for p in db.parts().values())
elif what == "compact":
    db = Database(root)
    with db.writing():
        detail = db.compact()
elif what == "check":
    from stud_hh.store.integrity import check_database
    report = check_database(root)
    detail = len(report.problems)
print(json.dumps({"seconds": time.perf_counter() - started, "peak_mib": peak(),
                  "detail": detail}))
"""


def build(root: Path, commits: int, hands: int) -> int:
    """A database of ``commits`` commits of ``hands`` hands each; returns its parts."""
    import pyarrow.compute as pc

    from stud_hh.store.database import Database, open_db
    from stud_hh.store.ingest.run import import_paths

    with tempfile.TemporaryDirectory() as scratch:
        import_paths([SAMPLES], Path(scratch) / "t", jobs=1)
        template = open_db(Path(scratch) / "t")
        tables = {t: template.arrow(t) for t in
                  ("hands", "players", "actions", "pots", "violations", "unverifiable")}
    ids = tables["hands"].column("hand_id").to_pylist()
    rows: list[dict[str, pa.Table]] = []
    for hand_id in ids:
        one = {}
        for name, data in tables.items():
            mask = pc.equal(data.column("hand_id"), hand_id)
            if (picked := data.filter(mask)).num_rows:
                one[name] = picked
        rows.append(one)
    real_fsync = os.fsync
    os.fsync = lambda fd: None  # the build is not measured: no need to wait for the disk
    try:
        return _commit_all(Database.create(root), rows, commits, hands)
    finally:
        os.fsync = real_fsync


def _commit_all(db: Database, rows: list[dict[str, pa.Table]], commits: int,
                hands: int) -> int:
    import pyarrow as pa

    from stud_hh.store.database import to_arrow

    parts = 0
    number = 0
    for c in range(commits):
        path = f"/benchmark/file{c:05d}.txt"
        batch: dict[str, list[pa.Table]] = {}
        for _ in range(hands):
            number += 1
            for name, data in rows[number % len(rows)].items():
                for column, value in (("hand_id", f"B{number}"), ("file", path)):
                    if column in data.column_names:
                        data = data.set_column(data.schema.get_field_index(column), column,
                                               pa.array([value] * data.num_rows, pa.string()))
                batch.setdefault(name, []).append(data)
        written = [db.write_part(name, pa.concat_tables(pieces))
                   for name, pieces in batch.items()]
        written.append(db.write_part("files", to_arrow("files", {
            "file": [path], "size": [1000], "mtime_ns": [c], "hands": [hands],
            "skipped": [0], "failures": [0]})))
        db.commit(written, {"file": path})
        parts += len(written)
    return parts


def measure(what: str, root: Path) -> dict[str, float]:
    done = subprocess.run([sys.executable, "-c", MEASURE, what, str(root)], check=True,
                          capture_output=True, text=True, cwd=ROOT)
    result: dict[str, float] = json.loads(done.stdout)
    return result


def sizes(text: str) -> list[tuple[int, int]]:
    """``--sizes``: ``COMMITSxHANDS`` pairs, comma-separated, each number 1 or more.

    >>> sizes("1000x1,100x100")
    [(1000, 1), (100, 100)]
    """
    found = []
    for size in text.split(","):
        commits, x, hands = size.strip().partition("x")
        if not (x and commits.isdigit() and hands.isdigit() and int(commits) and int(hands)):
            raise argparse.ArgumentTypeError(
                f"{size!r} is not COMMITSxHANDS (two whole numbers of 1 or more, as 100x10)")
        found.append((int(commits), int(hands)))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sizes", type=sizes, default="1000x1,10000x1,100x100",
                        help="COMMITSxHANDS,... (default: %(default)s)")
    parser.add_argument("--keep", type=Path, help="build the databases here and keep them")
    args = parser.parse_args()
    print(f"{'commits':>8} {'hands':>6} {'parts':>7} {'build s':>8} | "
          f"{'open s':>7} {'MiB':>6} | {'compact s':>9} {'MiB':>6} | {'check s':>7} {'MiB':>6}")
    with tempfile.TemporaryDirectory() as scratch:
        base = args.keep or Path(scratch)
        for commits, hands in args.sizes:
            root = base / f"db-{commits}x{hands}"
            started = time.perf_counter()
            parts = build(root, commits, hands)
            built = time.perf_counter() - started
            opened = measure("open", root)
            compacted = measure("compact", root)
            checked = measure("check", root)
            assert checked["detail"] == 0, "the compacted database is not sound"
            print(f"{commits:>8,} {commits * hands:>6,} {parts:>7,} {built:>8.1f} | "
                  f"{opened['seconds']:>7.2f} {opened['peak_mib']:>6.0f} | "
                  f"{compacted['seconds']:>9.1f} {compacted['peak_mib']:>6.0f} | "
                  f"{checked['seconds']:>7.2f} {checked['peak_mib']:>6.0f}", flush=True)


if __name__ == "__main__":
    main()
