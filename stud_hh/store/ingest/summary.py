"""The outcome of one import, and the one line the command prints of it."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from stud_hh.rules.violations import split_words


@dataclass(slots=True)
class ImportSummary:
    """The outcome of one import."""

    files: int = 0
    files_unchanged: int = 0
    hands_new: int = 0
    duplicates: int = 0
    failures_new: int = 0
    failures_known: int = 0
    skipped: int = 0
    violations: int = 0
    violations_following: int = 0
    """Of ``violations``, those following from an earlier one of their hand."""
    hands_with_violations: int = 0
    seconds: float = 0.0
    jobs: int = 1
    workers: str = ""
    """What the ``jobs`` are when not this machine's processes (``"Dask workers"``)."""
    worker_peak_mib: float = 0.0
    """The largest peak memory of a process that read files."""
    cpu_seconds: float = 0.0
    """Processor time (user and system) of this process and of the worker processes, for
    the import: a measure of its cost that does not depend on what else the machine runs."""
    summaries: int = 0
    """Tournament summaries read."""
    summaries_skipped: int = 0
    """Summaries of tournaments of another game, passed over."""
    results_new: int = 0
    """``tournaments`` rows stored: players' results from summaries and finishing lines."""
    results_known: int = 0
    """Results read that the database already held."""
    failures: list[tuple[str, int, str]] = field(default_factory=list)
    """(file, line, reason) for each new failure, for the report."""
    failure_keys: list[str] = field(default_factory=list)
    """The key of each new failure, in the order of :attr:`failures`."""
    hands_failed: int = 0
    """New failures that are hands (or summaries) of a known site: the others are files
    that cannot be read, or text with no hand header."""
    replaced_keys: set[str] = field(default_factory=set)
    """The keys of the stored failures this import replaced (:attr:`failures_replaced`)."""
    failures_replaced: int = 0
    """Failures stored earlier that this import read whole (the same file and first line,
    or the same hand id in the same file: a hand cut off while its file was being
    written), taken out of the database as the hand went in."""
    held_back: int = 0
    """Files whose last text waits for a later import (still being written)."""
    conflicts: list[dict[str, Any]] = field(default_factory=list)
    """The ``conflicts`` rows stored by this import (a second copy of a hand, different)."""
    scan_note: str = ""
    """What the folder scan passed over (files without hands, unreadable entries)."""
    notes: list[str] = field(default_factory=list)
    """What went otherwise than asked (worker processes that could not start)."""

    @property
    def hands_per_second(self) -> float:
        return self.hands_new / self.seconds if self.seconds else 0.0

    def _split(self) -> str:
        """`` (1 root cause, 5 following from it)``: the violations told apart, or nothing
        when there are none."""
        if not self.violations:
            return ""
        return f" ({split_words(self.violations, self.violations_following)})"

    def _tournaments(self) -> str:
        """``; 2 tournament summaries, 14 tournament results new (3 already stored)``, or
        nothing when the import met no tournament result."""
        if not (self.summaries or self.summaries_skipped or self.results_new
                or self.results_known):
            return ""
        parts = []
        if self.summaries or self.summaries_skipped:
            skipped = (f" ({self.summaries_skipped} skipped as not stud)"
                       if self.summaries_skipped else "")
            parts.append(f"{self.summaries} tournament "
                         f"summar{'y' if self.summaries == 1 else 'ies'}{skipped}")
        known = f" ({self.results_known} already stored)" if self.results_known else ""
        parts.append(f"{self.results_new} tournament results new{known}")
        return "; " + ", ".join(parts)

    def line(self) -> str:
        """The one-line summary the CLI prints."""
        unchanged = f" ({self.files_unchanged} unchanged, passed over)" if self.files_unchanged \
            else ""
        known = f" ({self.failures_known} already stored)" if self.failures_known else ""
        if self.failures_replaced:
            known += f" ({self.failures_replaced} stored earlier now read whole: replaced)"
        held = (f"; the last hand of {self.held_back} "
                f"{'file' if self.held_back == 1 else 'files'} still being written waits"
                if self.held_back else "")
        conflicts = (f" ({len(self.conflicts)} with different text: conflicts)"
                     if self.conflicts else "")
        return (f"{self.files} files{unchanged}{self.scan_note}: {self.hands_new} hands new, "
                f"{self.duplicates} already stored or repeated{conflicts}, "
                f"{self.failures_new} failures"
                f"{known}, {self.skipped} skipped as not stud, {self.violations} violations "
                f"in {self.hands_with_violations} hands{self._split()}{self._tournaments()}; "
                f"{self.seconds:.1f} s, "
                f"{self.hands_per_second:,.0f} hands/s on {self.jobs} "
                f"{self.workers or ('process' if self.jobs == 1 else 'processes')}{held}")
