"""Every stored row, this checkout against another commit: for changes to the store that
must store the same rows.

    python benchmarks/rows.py --against COMMIT [--damaged N] [--jobs J] [PATH ...]

Imports the same history files into two new databases, one with this checkout and one
with the source of ``COMMIT`` (written out by :func:`builds.source_of`, run in a process
of its own with ``PYTHONPATH`` naming it), then reads every table of both through each
one's own ``open_db`` and compares them table by table, the rows sorted. The files are
``PATH ...`` (default: ``sample_histories/`` and ``../shared/corpus`` when present) and
``N`` damaged copies of corpus hands (``fingerprint.damaged``: a line dropped, repeated,
an amount changed, two lines swapped), each written to a file of its own, so that
violations, failures and conflicts are in.

Every column is compared, and its Arrow type as read (dictionary columns, UTC
timestamps, lists): both imports read the same files, so even a ``files`` row's
``mtime_ns`` (the file's own) is the same. Prints each table's rows and whether they are
equal; where not, the first rows that differ. Exit status 1 when
any table differs.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import builds
import fingerprint
from options import count, some

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus"

_DUMP = """
import sys
from pathlib import Path
import pyarrow.parquet as pq
try:
    from stud_hh.store.ingest.run import import_paths
except ImportError:  # a commit from before the import was cut into stud_hh.store.ingest
    from stud_hh.store.importer import import_paths
from stud_hh.store.database import open_db
from stud_hh.store.schema import TABLES
db_path, out, jobs, *paths = sys.argv[1:]
import_paths(paths, Path(db_path), jobs=int(jobs))
db = open_db(db_path)
for table in TABLES:
    pq.write_table(db.arrow(table), Path(out) / f"{table}.parquet")
"""
"""Import ``paths`` into a new database with the build ``PYTHONPATH`` names, then write
each table as that build's ``open_db`` reads it."""


def write_damaged(folder: Path, count: int) -> Path:
    """``count`` damaged copies of corpus hands, each in a file of its own named with its
    source's suffix (a PHH hand is a file of its own; a file of texts of one site reads as
    that site's)."""
    folder.mkdir()
    texts = list(fingerprint.corpus_texts())
    for n, (label, text) in enumerate(fingerprint.damaged(texts, count, seed=7)):
        source = label.split(" of ", 1)[1].rsplit(":", 1)[0]
        (folder / f"{n:04d}{Path(source).suffix or '.txt'}").write_text(text, encoding="utf-8")
    return folder


def dump(build: Path | None, paths: list[str], work: Path, name: str, jobs: int) -> Path:
    """Every table of ``paths`` imported by ``build`` (``None``: this checkout)."""
    out = work / name
    out.mkdir()
    env = {**os.environ, "PYTHONPATH": str(build or ROOT)}
    subprocess.run([sys.executable, "-c", _DUMP, str(work / f"{name}.db"), str(out),
                    str(jobs), *paths], env=env, check=True)
    return out


def compare(table: str, ours: Path, theirs: Path) -> bool:
    """Print whether ``table`` holds the same rows in both dumps (sorted, compared as
    Python values); returns it."""
    import pyarrow.parquet as pq

    a = pq.read_table(ours / f"{table}.parquet")
    b = pq.read_table(theirs / f"{table}.parquet")
    if a.schema.names != b.schema.names:
        print(f"{table:14s} columns differ: {sorted(set(a.schema.names) ^ set(b.schema.names))}")
        return False
    types = [f"{f.name}: {f.type} here, {b.schema.field(f.name).type} there" for f in a.schema
             if f.type != b.schema.field(f.name).type]
    if types:
        print(f"{table:14s} types differ: {'; '.join(types)}")
        return False
    rows_a = sorted(map(repr, a.to_pylist()))
    rows_b = sorted(map(repr, b.to_pylist()))
    if rows_a == rows_b:
        print(f"{table:14s} {len(rows_a):>9,} rows   equal")
        return True
    only_a = sorted(set(rows_a) - set(rows_b))
    only_b = sorted(set(rows_b) - set(rows_a))
    print(f"{table:14s} {len(rows_a):>9,} rows   DIFFER from {len(rows_b):,}: "
          f"{len(only_a)} only here, {len(only_b)} only there")
    for row in only_a[:2]:
        print(f"    here:  {row[:400]}")
    for row in only_b[:2]:
        print(f"    there: {row[:400]}")
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--against", required=True, metavar="COMMIT",
                        help="the commit (or a folder holding a stud_hh source) to compare with")
    parser.add_argument("--damaged", type=some, default=300, metavar="N",
                        help="damaged copies of corpus hands imported too (default 300)")
    parser.add_argument("--jobs", type=count, default=1)
    args = parser.parse_args()
    other = builds.against(args.against, "pure")
    paths = args.paths or [p for p in (ROOT / "sample_histories", CORPUS) if p.exists()]
    from stud_hh.store.schema import TABLES

    with tempfile.TemporaryDirectory(prefix="stud-hh-rows-") as tmp:
        work = Path(tmp)
        files = [str(p.resolve()) for p in paths]
        if args.damaged and CORPUS.exists():
            files.append(str(write_damaged(work / "damaged", args.damaged)))
        print(f"importing {', '.join(files)}")
        ours = dump(None, files, work, "here", args.jobs)
        theirs = dump(other, files, work, "there", args.jobs)
        same = [compare(table, ours, theirs) for table in TABLES]
    print("every table equal" if all(same) else "tables differ")
    sys.exit(0 if all(same) else 1)


if __name__ == "__main__":
    main()
