"""What a watch shows: a live table in a terminal (``rich``), or lines in a log.

``rich`` draws the live table in place (redrawn after each poll that stored something),
with the watch's status above it; where standard output is not a terminal (a log, a
pipe) each poll that stored something prints one line, and each new failure its file,
line and reason.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any, TextIO

from stud_hh.live.hud import HEADINGS, Opponent, lines, opponents, render_text
from stud_hh.live.watch import Poll, Watch
from stud_hh.store.database import Database
from stud_hh.store.people import People


def poll_line(poll: Poll) -> str:
    """One line for a poll that stored something: when, what, from which files."""
    s = poll.summary
    names = sorted({r.path.rsplit("/", 1)[-1] for r in poll.files if r.hand_keys})
    what = f"+{s.hands_new:,} {'hand' if s.hands_new == 1 else 'hands'}"
    if s.failures_new:
        what += f", {s.failures_new} failures"
    if s.failures_replaced:
        what += f", {s.failures_replaced} earlier failures now read whole (replaced)"
    if s.conflicts:
        what += f", {len(s.conflicts)} conflicts"
    where = f" from {', '.join(names[:3])}{' ...' if len(names) > 3 else ''}" if names else ""
    return f"{time.strftime('%H:%M:%S')}  {what}{where}"


class Screen:
    """Shows a watch's polls on ``out``: live (a terminal) or as lines."""

    def __init__(self, watch: Watch, out: TextIO, err: TextIO, *, hero: str | None,
                 live: bool, people: People | None = None) -> None:
        self.watch, self.out, self.err = watch, out, err
        self.hero = hero
        self.people = people
        """Who is who (the settings' hero and aliases): each opponent counted once."""
        self.rows: Sequence[Opponent] = ()
        self.last = "waiting for hands"
        self._live: Any = None
        if live:
            from rich.console import Console
            from rich.live import Live

            self._live = Live(self._render(), console=Console(file=out),
                              refresh_per_second=2, transient=False)

    def __enter__(self) -> Screen:
        if self._live is not None:
            self._live.__enter__()
        else:
            folders = ", ".join(str(f) for f in self.watch.folders)
            print(f"watching {folders} -> {self.watch.db_root} (Ctrl-C stops)", file=self.out,
                  flush=True)
        return self

    def __exit__(self, *exc: object) -> None:
        if self._live is not None:
            self._live.__exit__(*exc)

    def show(self, poll: Poll) -> None:
        """After a poll: report what it stored, and redraw the table when it did."""
        for path, line, reason in poll.summary.failures:
            self._say(f"failure: {path}:{line}: {reason}", error=True)
        if not poll.news:
            return
        self.last = poll_line(poll)
        if self._live is not None:
            self.rows = self._opponents()
            self._live.update(self._render())
        else:
            print(self.last, file=self.out, flush=True)

    def _opponents(self) -> Sequence[Opponent]:
        db = Database(self.watch.db_root, people=self.people)
        if self.hero is None:
            from stud_hh.live.hud import find_hero

            self.hero = find_hero(db)
        return opponents(db, self.hero) if self.hero else ()

    def _say(self, text: str, *, error: bool = False) -> None:
        if self._live is not None:
            self._live.console.print(text, markup=False, highlight=False)
        else:
            print(text, file=self.err if error else self.out, flush=True)

    def _render(self) -> Any:
        from rich.console import Group
        from rich.table import Table
        from rich.text import Text

        folders = ", ".join(str(f) for f in self.watch.folders)
        status = Text(f"watching {folders} -> {self.watch.db_root}  (Ctrl-C stops)\n"
                      f"{self.watch.totals.line()}; last: {self.last}\n"
                      f"hero: {self.hero or 'not known yet (--hero NAME)'}")
        table = Table(*HEADINGS, title="opponents at the hero's current tables "
                      "(each ratio with its sample size)", title_justify="left")
        for cells in lines(self.rows):
            table.add_row(*cells)
        return Group(status, table)

    def final(self) -> str:
        """The live table as text, for the end of the watch."""
        return render_text(self._opponents())
