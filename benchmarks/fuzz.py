"""The long fuzz run, by hand: many mutants of the corpus held to every promise.

    python benchmarks/fuzz.py [--mutants 3000] [--seed 15] [--jobs N] [--long-lines]
                              [--kinds KIND,...|flagged] [--corpus DIR] [--keep DIR]

The same machinery as the CI's bounded run (``tests/read/test_fuzz.py``, 300 mutants), from
``tests/read/fuzzing.py``: ``--mutants`` mutants of the corpus (``../shared/corpus``, read in
place), every mutation kind in turn (or those ``--kinds`` names; ``flagged``: the kinds of
impossible dates, times, zones and cards), drawn with ``--seed``. Each batch (at most one mutant
of a corpus file) goes through ``stud-hh parse``, ``audit``, ``import`` and a re-import in
a worker process of its own (``--jobs``); each odd-name mutant is also read beside its
original (:func:`fuzzing.check_names`). Every mutant is held to:

* no traceback, no exception escaping, exit code 0, 1 or 2, no internal error caught;
* hands stored + failures + skipped = the hands in the input, counted by header apart
  from the project's splitter; no failure holding two hands, none starting at a line that
  is no header; a hand skipped as not stud only when its game is positively another;
* a re-import adds nothing;
* an odd-name mutant reads as the same hands, or fails with a reason, never split;
* an impossible date, time, zone or card, or a repeated card that changed
  (``fuzzing.FLAGGED_KINDS``), is never stored clean: the failure holding the damaged line
  names it, or the hand stored from it carries a warning or a violation at it;
* an impossible-seating mutant (two players in one seat, more players than the table's
  seats) is never stored clean: imported alone, its hand is stored with the rule's
  violation or unverifiable note, or fails (:func:`fuzzing.check_seating`).

Prints the mutants and broken ones per kind (and, for the flagged kinds, how the database
holds the damaged line and at how many sites), the hand counts, every violation (with the
mutant that broke it, reproducible from the seed), mutants per second and peak memory
(this process, and the largest worker). Exits 1 when a promise broke. ``--long-lines``
adds ``long-line`` mutants (a line over 8 MiB: slow, and 9 MiB each in memory).
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests" / "read"))

import fuzzing  # noqa: E402  (tests/read/fuzzing.py, the suite's machinery)
from options import count  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
BATCH = 20
"""Mutants per worker task at most: small enough to spread over the workers."""


def _peak_mib() -> float:
    """This process's peak resident memory (VmHWM), in MiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _task(batch: Sequence[fuzzing.Mutant], first: int, work: str,
          keep: bool) -> tuple[fuzzing.Outcome, float]:
    """One batch through the CLI promises, its odd-name mutants through
    :func:`fuzzing.check_names` and its seating mutants through
    :func:`fuzzing.check_seating`; the outcome and the worker's peak memory."""
    folder = Path(work) / f"batch{first:05d}"
    try:
        outcome = fuzzing.check_batch(batch, folder, first)
        for mutant in batch:
            if mutant.renamed is None:
                continue
            found = fuzzing.check_names(mutant)
            if found:
                outcome.violations += found[:3]
                outcome.bad_kinds[mutant.kind] += 1
        for i, mutant in enumerate(batch, first):  # impossible seating: never stored clean
            if mutant.kind in fuzzing.SEATING_RULES:
                found = fuzzing.check_seating(mutant, folder / f"seating{i}")
                if found:
                    outcome.violations += found[:3]
                    outcome.bad_kinds[mutant.kind] += 1
    finally:
        if not keep:
            shutil.rmtree(folder, ignore_errors=True)
    return outcome, _peak_mib()


def _tasks(mutants: Sequence[fuzzing.Mutant]) -> list[tuple[list[fuzzing.Mutant], int]]:
    """The mutants as tasks of at most :data:`BATCH`, each at most one mutant per corpus file,
    with the index of its first mutant (for its files' names)."""
    tasks: list[tuple[list[fuzzing.Mutant], int]] = []
    first = 0
    for batch in fuzzing.batches(mutants):
        for at in range(0, len(batch), BATCH):
            tasks.append((batch[at:at + BATCH], first))
            first += len(batch[at:at + BATCH])
    return tasks


def _kinds(text: str) -> tuple[str, ...]:
    """Mutation kinds, comma-separated; ``flagged`` stands for :data:`fuzzing.FLAGGED_KINDS`."""
    kinds: list[str] = []
    for name in (n.strip() for n in text.split(",") if n.strip()):
        kinds += fuzzing.FLAGGED_KINDS if name == "flagged" else [name]
    unknown = [k for k in kinds if k not in fuzzing.KINDS]
    if unknown or not kinds:
        raise argparse.ArgumentTypeError(
            f"unknown mutation kind(s) {', '.join(unknown) or repr(text)}; one of: flagged, "
            + ", ".join(fuzzing.KINDS))
    return tuple(dict.fromkeys(kinds))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--mutants", type=count, default=3000)
    parser.add_argument("--seed", type=int, default=15)
    parser.add_argument("--jobs", type=count, default=os.cpu_count() or 1)
    parser.add_argument("--long-lines", action="store_true",
                        help="add long-line mutants (a line over 8 MiB each)")
    parser.add_argument("--kinds", type=_kinds, default=(),
                        help="only these mutation kinds, comma-separated ('flagged': the "
                             "impossible dates, times, zones and cards)")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--keep", type=Path, help="keep every batch's files and database here")
    args = parser.parse_args(argv)
    if not args.corpus.is_dir():
        parser.error(f"no corpus at {args.corpus}")

    started = time.perf_counter()
    mutants = fuzzing.make_mutants(args.corpus, args.mutants, args.seed, kinds=args.kinds,
                                   long_lines=args.long_lines or "long-line" in args.kinds)
    made = time.perf_counter() - started
    print(f"{len(mutants)} mutants of {len(fuzzing.describe(mutants))} kinds, seed "
          f"{args.seed}, drawn in {made:.1f} s; {args.jobs} worker(s)", flush=True)

    work = args.keep or Path(tempfile.mkdtemp(prefix="stud-hh-fuzz-"))
    work.mkdir(parents=True, exist_ok=True)
    outcome = fuzzing.Outcome()
    worker_peak = 0.0
    tasks = _tasks(mutants)
    checked = time.perf_counter()
    try:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            futures = [pool.submit(_task, batch, first, str(work), args.keep is not None)
                       for batch, first in tasks]
            for done, future in enumerate(as_completed(futures), 1):
                part, peak = future.result()
                outcome.add(part)
                for line in part.violations:  # as they come: a long run may be stopped
                    print(f"  violation: {line[:600]}", flush=True)
                worker_peak = max(worker_peak, peak)
                if done % max(1, len(tasks) // 10) == 0:
                    print(f"  {done}/{len(tasks)} batches, {len(outcome.violations)} "
                          "violation(s)", flush=True)
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    seconds = time.perf_counter() - checked

    print()
    print(fuzzing.kinds_table(outcome))
    print()
    if outcome.flagged:
        print(fuzzing.flagged_table(outcome))
        print()
    counts = outcome.counts
    print(f"hands in the input (by header): {counts['hands in the input']:,}; stored "
          f"{counts['stored']:,}, failures {counts['failures']:,}, skipped "
          f"{counts['skipped']:,}")
    print(f"violations: {len(outcome.violations)} (mutants broken: "
          f"{sum(outcome.bad_kinds.values())})")
    for line in outcome.violations:
        print(f"  {line[:1000]}")
    print(f"{len(mutants)} mutants in {seconds:.1f} s: {len(mutants) / seconds:.1f} mutants/s "
          f"({args.jobs} worker(s)); peak memory {_peak_mib():.0f} MiB here, "
          f"{worker_peak:.0f} MiB in the largest worker")
    return 1 if outcome.violations else 0


if __name__ == "__main__":
    sys.exit(main())
