"""Kills of `stud-hh` commands at chosen points, for the tests of what a killed import
leaves (``tests/store/test_import_kill.py``).

The events an import goes through in the importing process (:data:`EVENTS`) are watched by
wrapping what does them (:func:`watch`): an uninterrupted import counts them, a killed one
sends itself a signal at the n-th of a kind. Each killed command runs in a process forked
from one that has imported stud-hh once (:class:`Forks`, this file run as a script): a fork
starts in milliseconds where a new interpreter takes over a second, and it is otherwise a
command of its own: its own session (so its process group is its own), its own worker
processes, resource tracker and standard error (read to its end, a warning printed at
exit included), its exit status as a shell would see it.
"""

from __future__ import annotations

import atexit
import dataclasses
import json
import os
import select
import signal
import subprocess
import sys
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stud_hh import cli
from stud_hh.store import compaction
from stud_hh.store.batches import BATCHES
from stud_hh.store.delta import DeltaTables
from stud_hh.store.ingest import commit as ingest_commit
from stud_hh.store.ingest import plan

EVENTS = {
    "part": "a data file's bytes written, not yet renamed into its table's folder",
    "commit": "before a table's Delta commit of a batch (the tables before it committed)",
    "committed": "a table's Delta commit just made (the tables after it not yet)",
    "row": "every table of a batch committed, its batches row not yet",
    "batch": "a batch's result taken in (committed, or pending with a file cut in chunks)",
    "rewrite": "before the parts of a batch are rewritten without hands stored earlier",
    "merge": "before the end compaction merges data files of a table",
}
"""The kinds of event in the importing process, where a kill can be made."""


def watch(patch: Callable[[Any, str, Any], None], event: Callable[[str], None]) -> None:
    """Call ``event(kind)`` at each event of :data:`EVENTS` in this process, the functions
    wrapped set with ``patch(owner, name, wrapper)`` (``setattr``, or a monkeypatch's)."""

    def before(owner: Any, name: str, kind: str) -> None:
        real: Callable[..., Any] = getattr(owner, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            event(kind)
            return real(*args, **kwargs)

        patch(owner, name, wrapper)

    def after(owner: Any, name: str, kind: str) -> None:
        real: Callable[..., Any] = getattr(owner, name)

        def wrapper(*args: Any, **kwargs: Any) -> Any:
            result = real(*args, **kwargs)
            event(kind)
            return result

        patch(owner, name, wrapper)

    real_replace = os.replace

    def replace(src: Any, dst: Any, *args: Any, **kwargs: Any) -> None:
        if str(dst).endswith(".parquet"):
            event("part")
        real_replace(src, dst, *args, **kwargs)

    real_commit = DeltaTables.commit

    def commit(self: DeltaTables, table: str, *args: Any, **kwargs: Any) -> int:
        event("row" if table == BATCHES else "commit")
        version = real_commit(self, table, *args, **kwargs)
        if table != BATCHES:
            event("committed")
        return version

    patch(os, "replace", replace)
    patch(DeltaTables, "commit", commit)
    after(ingest_commit.Committer, "commit", "batch")
    before(ingest_commit, "drop_repeated", "rewrite")
    before(compaction.Compactor, "merge", "merge")


@dataclass(frozen=True)
class Settings:
    """How the importing process cuts the work: tasks per worker process, the smallest
    chunk a file is cut into, and the small parts a table has before the end compaction
    merges them (all small: a test's few hundred hands are many tasks, merged at the end)."""

    tasks: int = plan.TASKS_PER_JOB
    chunk_min: int = plan.CHUNK_BYTES_MIN
    compact_parts: int = compaction.COMPACT_PARTS

    def apply(self, patch: Callable[[Any, str, Any], None]) -> None:
        patch(plan, "TASKS_PER_JOB", self.tasks)
        patch(plan, "CHUNK_BYTES_MIN", self.chunk_min)
        patch(compaction, "COMPACT_PARTS", self.compact_parts)


def environment() -> dict[str, str]:
    """This environment, with the stud-hh imported here first on the path of a process
    started with it (the checkout under test, not the one the virtual environment names)."""
    here = str(Path(cli.__file__).resolve().parent.parent.parent)
    paths = [here, *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    return {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}


@dataclass(frozen=True)
class Ended:
    """How a command ended: its exit status (``-N``: killed by signal N) and what it printed
    on standard error."""

    returncode: int
    stderr: str


class Forks:
    """The process the killed commands are forked from (this file, run as a script), and
    the requests to it: one at a time."""

    def __init__(self) -> None:
        self.server = subprocess.Popen([sys.executable, __file__], stdin=subprocess.PIPE,
                                       stdout=subprocess.PIPE, env=environment())
        self._read = b""

    def start(self, argv: Sequence[str], settings: Settings, kill: tuple[str, int, str] | None
              = None) -> int:
        """Start ``stud-hh ARGV`` (``kill``: signal ``SIG`` sent at the ``N``-th event of
        ``KIND``, as ``(KIND, N, SIG)``); returns its process id (and process group's)."""
        assert self.server.stdin is not None
        request = {"argv": list(argv), "settings": dataclasses.asdict(settings), "kill": kill}
        self.server.stdin.write(json.dumps(request).encode() + b"\n")
        self.server.stdin.flush()
        return int(self._answer()["pid"])

    def running(self) -> bool:
        """Whether the command started last has not ended yet."""
        return b"\n" not in self._read and not select.select([self._fd], [], [], 0)[0]

    def wait(self) -> Ended:
        """How the command started last ended, once every process it started has ended."""
        answer = self._answer()
        return Ended(int(answer["returncode"]), str(answer["stderr"]))

    def run(self, argv: Sequence[str], settings: Settings, kill: tuple[str, int, str] | None
            = None) -> Ended:
        self.start(argv, settings, kill)
        return self.wait()

    @property
    def _fd(self) -> int:
        assert self.server.stdout is not None
        return self.server.stdout.fileno()

    def _answer(self) -> dict[str, Any]:
        """The server's next line (read from its pipe unbuffered: :meth:`running` looks at
        what is left in it)."""
        while b"\n" not in self._read:
            more = os.read(self._fd, 1 << 16)
            if not more:
                raise RuntimeError(f"the fork server ended (exit {self.server.wait()})")
            self._read += more
        line, _, self._read = self._read.partition(b"\n")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def close(self) -> None:
        assert self.server.stdin is not None
        assert self.server.stdout is not None
        self.server.stdin.close()
        self.server.wait()
        self.server.stdout.close()


def _command(request: dict[str, Any], stderr: int) -> int:
    """In the forked process: the command of ``request``, killed as it asks."""
    os.setsid()
    null = os.open(os.devnull, os.O_RDWR)
    os.dup2(null, 0)
    os.dup2(null, 1)
    os.dup2(stderr, 2)
    os.close(null)
    os.close(stderr)
    Settings(**request["settings"]).apply(setattr)
    if request["kill"] is not None:
        kind, nth, sig = request["kill"]
        seen = 0

        def event(this: str) -> None:
            nonlocal seen
            if this == kind:
                seen += 1
                if seen == nth:
                    os.kill(os.getpid(), getattr(signal, f"SIG{sig}"))

        watch(setattr, event)
    return cli.main(request["argv"])


def _serve() -> None:
    """Fork a command per request line on standard input; answer its process id, then
    how it ended."""
    for line in sys.stdin:
        request = json.loads(line)
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            code = 3
            try:
                os.close(read)
                code = _command(request, write)
            except SystemExit as exc:  # argparse's: a command line it does not take
                code = exc.code if isinstance(exc.code, int) else 1
            except BaseException:  # as an uncaught exception ends an interpreter
                traceback.print_exc()
                code = 1
            finally:  # as the interpreter ends: multiprocessing's finalizers run at exit
                atexit._run_exitfuncs()
                sys.stdout.flush()
                sys.stderr.flush()
                os._exit(code)
        os.close(write)
        print(json.dumps({"pid": pid}), flush=True)
        with os.fdopen(read, encoding="utf-8", errors="replace") as pipe:
            text = pipe.read()  # to its end: every process holding it has ended
        _, status = os.waitpid(pid, 0)
        print(json.dumps({"returncode": os.waitstatus_to_exitcode(status), "stderr": text}),
              flush=True)


if __name__ == "__main__":
    _serve()
