"""Planning an import: which files to read, cut and grouped into tasks.

The files under the paths given are listed (:func:`candidates`), those imported before
and unchanged since passed over (:func:`changed_files`), a file larger than a task's
share cut into chunks at hand boundaries when several processes read
(:func:`cut_large_files`), and the pieces grouped in order into tasks
(:func:`plan_batches`): up to :data:`BATCH_FILES` files or :data:`BATCH_BYTES` bytes each,
so that a folder of ten thousand one-hand files costs per hand what a few large files
cost. :func:`default_processes` says how many processes read them when the user does not.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import TypeVar

from stud_hh.model.errors import InputError
from stud_hh.read.chunks import Chunk, chunks
from stud_hh.read.reader import looks_binary, not_readable, read_start, walk

BATCH_HANDS = 4000
"""Hands a worker holds before writing a part: bounds memory whatever the file size."""
BATCH_FILES = 1000
"""Files a worker reads per task at most; their rows share one set of parts and one commit."""
BATCH_BYTES = 4 * 2**20
"""Bytes of files per task at most (a larger file is a task of its own)."""
TASKS_PER_JOB = 4
"""Tasks per process at least, when there are files enough: the work stays balanced
between processes, the progress bar moves, and a kill loses little."""
PROCESS_BYTES = 6 * 2**20
"""Bytes of files to read per worker process, when the number of processes is not given:
starting a pool costs about a second, which a few thousand hands do not pay back (two
processes overtook one at about 2,000 hands, 3.5 MB, on 2 cores; see
:func:`default_processes`)."""
CHUNK_BYTES_MIN = 2**20
"""A file is cut into chunks (one task each, :mod:`stud_hh.read.chunks`) of the batch size
when it is larger, but never into chunks smaller than this."""

Piece = tuple[str, bool] | tuple[str, bool, Chunk]
"""What a task reads of one file: its path, whether its content must be looked at first,
and the chunk of it when the file was cut into several."""

T = TypeVar("T")


def plan_batches(files: Sequence[tuple[T, int]], jobs: int, *,
                 max_files: int = BATCH_FILES, max_bytes: int = BATCH_BYTES) -> list[list[T]]:
    """``(path, size)`` of the files to read, grouped in order into the tasks of ``jobs``
    processes: at most ``max_files`` files and ``max_bytes`` bytes each (a larger file is a
    task alone), and at least :data:`TASKS_PER_JOB` tasks per process when the files allow.

    >>> plan_batches([("a", 10), ("b", 10), ("big", 500)], jobs=1)
    [['a', 'b'], ['big']]
    >>> [len(b) for b in plan_batches([(f"{i}", 1500) for i in range(10_000)], jobs=2)]
    [1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000, 1000]
    """
    total = sum(size for _, size in files)
    budget = max(1, min(max_bytes, total // (jobs * TASKS_PER_JOB)))
    batches: list[list[T]] = []
    size_of_last = 0
    for path, size in files:
        if not batches or len(batches[-1]) >= max_files or size_of_last + size > budget:
            batches.append([])
            size_of_last = 0
        batches[-1].append(path)
        size_of_last += size
    return batches


def default_processes(total_bytes: int, cores: int | None = None) -> int:
    """How many processes read ``total_bytes`` of files when the user does not say: one
    per :data:`PROCESS_BYTES`, at most one per core; a few thousand hands are read in this
    process alone.

    >>> default_processes(900_000, cores=8), default_processes(40 * 2**20, cores=8)
    (1, 7)
    >>> default_processes(10**10, cores=2)
    2
    """
    cores = cores or os.cpu_count() or 1
    return max(1, min(cores, 1 + total_bytes // PROCESS_BYTES))


def cut_large_files(todo: Sequence[tuple[tuple[str, bool], int]], jobs: int,
                     chunk_bytes: int | None = None) -> list[tuple[Piece, int]]:
    """``todo`` with each file larger than the batch size (or ``chunk_bytes``) cut into
    chunks, a piece each (:func:`stud_hh.read.chunks.chunks`): one large file is many
    tasks. A binary file met in a folder, a document and a file that cannot be read stay
    whole (the worker deals with them as it does)."""
    total = sum(size for _, size in todo)
    target = chunk_bytes or max(CHUNK_BYTES_MIN,
                                min(BATCH_BYTES, total // (jobs * TASKS_PER_JOB)))
    pieces: list[tuple[Piece, int]] = []
    for (path, look_first), size in todo:
        cut: list[Chunk] = []
        if size > target:
            try:
                if not look_first or not looks_binary(read_start(path, 1 << 16)):
                    cut = chunks(path, target)
            except InputError:
                cut = []
        if len(cut) > 1:
            pieces += [((path, False, c), c.length) for c in cut]
        else:
            pieces.append(((path, look_first), size))
    return pieces


def candidates(paths: Iterable[str | os.PathLike[str]]) -> tuple[dict[str, bool],
                                                                  list[tuple[Path, str]]]:
    """The files under ``paths`` (absolute path -> whether it was met in a folder, its
    content to be looked at before it is read), and the folder entries that could not be
    read. Raises :class:`InputError` for a path that does not exist.

    This is :func:`stud_hh.read.scan.scan_paths` with the look at each file's content left to
    the workers (in parallel, and never for a file imported before and unchanged since).
    """
    found: dict[str, bool] = {}
    problems: list[tuple[Path, str]] = []
    for item in paths:
        path = Path(item)
        if path.is_dir():
            for entry in walk(path):
                if entry.problem is not None:
                    problems.append((entry.path, entry.problem))
                else:
                    name = str(entry.path.resolve())
                    found[name] = found.get(name, True)
        elif path.is_file():
            found[str(path.resolve())] = False  # named directly: always read
        else:
            raise InputError(not_readable(path), path=str(path))
    return found, problems


def changed_files(candidates: dict[str, bool], known_files: set[tuple[str, int, int]],
                  problems: list[tuple[Path, str]]
                  ) -> tuple[list[tuple[tuple[str, bool], int]], int]:
    """The files to read, with their sizes, and how many were passed over: those stored
    with the same size and modification time. Those gone since the folder was listed
    are added to ``problems``."""
    todo: list[tuple[tuple[str, bool], int]] = []
    unchanged = 0
    for path, look_first in candidates.items():
        try:
            stat = os.stat(path)
        except OSError as exc:  # gone since the folder was listed
            problems.append((Path(path), f"cannot read: {exc.strerror or exc}"))
            continue
        if (path, stat.st_size, stat.st_mtime_ns) in known_files:
            unchanged += 1
        else:
            todo.append(((path, look_first), stat.st_size))
    return todo, unchanged
