"""Where a database lives: a folder of this machine, or an fsspec URL (``s3://bucket/db``).

The database (:mod:`stud_hh.store.database`) asks its storage for a handful of
operations on paths relative to the database (``hands/part-1.parquet``,
``stud_hh.json``): read a file, write one whole, write a data file streaming, list a
folder, read a file's size and its first and last four bytes, delete, move aside, and
hold the write lock. The tables' logs (``hands/_delta_log/``) are delta-rs's: it writes
and reads them itself, with the same location and options
(:mod:`stud_hh.store.delta`). Arrow, Dask and DuckDB read the data files through
:attr:`Storage.arrow_filesystem` and :meth:`Storage.duckdb_path`.

:class:`LocalStorage` is a folder: a file written to a temporary name, fsynced, then
renamed into place, its folder fsynced, and the write lock an ``flock`` on ``.lock``.

:class:`FsspecStorage` is any fsspec filesystem (``s3://`` when s3fs is installed:
``pip install 'stud-hh[s3]'``), credentials and endpoint coming from the filesystem's
own configuration (for S3: ``AWS_ACCESS_KEY_ID``, ``AWS_SECRET_ACCESS_KEY``,
``AWS_ENDPOINT_URL``, ``~/.aws``, ``FSSPEC_S3_*``) or from ``storage_options``. An object
store has no rename and no ``flock``, and needs neither:

- an object appears whole when its upload ends (one PUT, or a multipart upload completed
  as the file closes) and never half, so a data file is written in place;
- the write lock is a lock object created *exclusively* (:meth:`Storage.create_exclusive`:
  on S3 a conditional PUT, ``If-None-Match: *``) under a name its number alone decides
  (:class:`ObjectLock`), so two imports can never both hold it; a Delta commit is also
  created exclusively (by delta-rs), so a writer that went round the lock is refused at
  its commit and never overwrites another's.

>>> storage_of("my.db")
LocalStorage('my.db')
>>> storage_of("memory://db")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
stud_hh.model.errors.UsageError: memory://db: a database in one process's memory ...
"""

from __future__ import annotations

import errno
import fcntl
import hashlib
import json
import os
import re
import socket
import threading
import time
import uuid
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, contextmanager, suppress
from pathlib import Path
from typing import Any, BinaryIO

from stud_hh.model.errors import DatabaseError, UsageError

MARKER = "stud_hh.json"
"""The file that makes a folder a stud-hh database (its schema version, the stud-hh that
made it)."""

CHECKSUM = "blake2b-256"
"""The checksum of a data file as the commit's metadata names it (``blake2b-256:<hex>``)."""
S3_EXTRA = "pip install 'stud-hh[s3]' (or pip install s3fs)"
"""How to install what an ``s3://`` database needs."""
LOCKS = "locks"
"""The folder of an object store database's lock objects (``locks/<n>.json``)."""
LEASE_SECONDS = 120.0
"""An object store's lock not renewed for this long is stale: its import is taken to be
dead, and the next import takes the lock over (its holder renews it every quarter of
this while it runs)."""
_LOCK_NAME = re.compile(r"^(\d{8})\.json$")
_URL = re.compile(r"(?P<scheme>[A-Za-z][A-Za-z0-9+.-]+):/+(?P<rest>.*)", re.DOTALL)
"""A URL (``s3://bucket/db``), or one a ``Path`` has collapsed (``s3:/bucket/db``); a
one-letter scheme is a Windows drive (``C:/``), not a URL."""
_LOCAL_SCHEMES = ("file", "local")
_ONE_PROCESS = ("memory",)
_FAULTS = ("cannot reach the database: check the URL, that the bucket exists, the "
           "credentials (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or ~/.aws) and the "
           "endpoint (AWS_ENDPOINT_URL for a store other than AWS)")


def named(exc: OSError, path: str | Path) -> OSError:
    """``exc`` naming ``path`` (a write that fails, the disk full, names no file)."""
    return type(exc)(exc.errno, exc.strerror or str(exc), str(path))


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` whole or not at all: a temporary file, fsynced, renamed."""
    tmp = path.with_name(path.name + ".tmp")
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        with suppress(OSError):
            tmp.unlink(missing_ok=True)
        if isinstance(exc, OSError) and exc.errno and exc.filename is None:
            raise named(exc, path) from exc
        raise


def fsync_dir(path: Path) -> None:
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:  # pragma: no cover - platforms without directory handles
        return
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def blocks_checksum(handle: BinaryIO) -> tuple[int, str]:
    """Size and checksum of what ``handle`` reads, in blocks (memory: one block)."""
    digest = hashlib.blake2b(digest_size=32)
    size = 0
    while block := handle.read(1 << 20):
        digest.update(block)
        size += len(block)
    return size, f"{CHECKSUM}:{digest.hexdigest()}"


class Storage(ABC):
    """What a database needs of where it lives; paths are relative to the database
    (``""`` is the database itself). A missing file raises :class:`FileNotFoundError`."""

    root: Path | str
    """The database's folder (a ``Path``) or URL (text)."""
    location: str
    """How messages name the database."""
    arrow_filesystem: Any = None
    """The ``pyarrow.fs`` filesystem to read parts with (``None``: this machine's)."""

    @abstractmethod
    def arrow_path(self, relative: str) -> str:
        """The path of ``relative`` for :attr:`arrow_filesystem`."""

    @abstractmethod
    def duckdb_path(self, relative: str) -> str:
        """The path DuckDB reads ``relative`` at (see :meth:`register`)."""

    @abstractmethod
    def register(self, con: Any) -> None:
        """Make the database readable by a DuckDB connection."""

    @abstractmethod
    def for_workers(self) -> Any:
        """What an import's worker processes (or Dask workers) open the database from."""

    @abstractmethod
    def read_bytes(self, relative: str) -> bytes: ...

    @abstractmethod
    def exists(self, relative: str) -> bool: ...

    @abstractmethod
    def is_file(self, relative: str) -> bool: ...

    @abstractmethod
    def is_dir(self, relative: str) -> bool: ...

    @abstractmethod
    def listing(self, folder: str) -> list[tuple[str, bool]]:
        """``(name, is a folder)`` of each entry of ``folder``, sorted (none when there is
        no such folder)."""

    @abstractmethod
    def mkdir(self, relative: str) -> None: ...

    @abstractmethod
    def write_atomic(self, relative: str, data: bytes) -> None:
        """Write a whole file: there whole, or not at all."""

    @abstractmethod
    def create_exclusive(self, relative: str, data: bytes) -> None:
        """Write a whole file that must not exist yet (a lock object)."""

    @abstractmethod
    def new_file(self, relative: str) -> AbstractContextManager[BinaryIO]:
        """A file to write streaming (a part): there whole once the block ends, never
        when the block fails."""

    @abstractmethod
    def delete(self, relative: str) -> None:
        """Delete a file (nothing when it is not there)."""

    @abstractmethod
    def move(self, relative: str, target: str) -> None: ...

    @abstractmethod
    def sync(self, folder: str) -> None:
        """Make the names written in ``folder`` durable."""

    @abstractmethod
    def marks(self, relative: str) -> tuple[int, bytes, bytes]:
        """A file's size and its first and last four bytes (empty when under 12 bytes)."""

    def marks_many(self, paths: Sequence[str]) -> dict[str, tuple[int, bytes, bytes] | OSError]:
        """:meth:`marks` of each of ``paths``, or the error reading it raised (missing, a
        folder)."""
        found: dict[str, tuple[int, bytes, bytes] | OSError] = {}
        for path in paths:
            try:
                found[path] = self.marks(path)
            except (FileNotFoundError, NotADirectoryError, IsADirectoryError) as exc:
                found[path] = exc
        return found

    @abstractmethod
    def checksum(self, relative: str) -> tuple[int, str]:
        """A file's size and checksum, read in blocks."""

    @abstractmethod
    def lock(self) -> AbstractContextManager[Callable[[], None]]:
        """The write lock, held while the block runs; :class:`DatabaseError` ("another
        import is writing to this database") when another holds it. Yields a check that
        raises when the lock has been lost since (see :class:`ObjectLock`)."""


class LocalStorage(Storage):
    """A folder of this machine (or a mounted network file system)."""

    def __init__(self, root: Path) -> None:
        self.root: Path = root
        self.location = str(root)

    def __repr__(self) -> str:
        return f"LocalStorage({self.location!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, LocalStorage) and other.root == self.root

    def __hash__(self) -> int:
        return hash(self.root)

    def path(self, relative: str) -> Path:
        return self.root / relative if relative else self.root

    def arrow_path(self, relative: str) -> str:
        return str(self.path(relative))

    def duckdb_path(self, relative: str) -> str:
        return os.path.abspath(self.path(relative))

    def for_workers(self) -> str:
        return str(self.root.absolute())

    def register(self, con: Any) -> None:
        """Nothing to do: DuckDB reads this machine's files."""

    def read_bytes(self, relative: str) -> bytes:
        return self.path(relative).read_bytes()

    def exists(self, relative: str) -> bool:
        return self.path(relative).exists()

    def is_file(self, relative: str) -> bool:
        return self.path(relative).is_file()

    def is_dir(self, relative: str) -> bool:
        return self.path(relative).is_dir()

    def listing(self, folder: str) -> list[tuple[str, bool]]:
        path = self.path(folder)
        if not path.is_dir():
            return []
        return sorted((p.name, p.is_dir()) for p in path.iterdir())

    def mkdir(self, relative: str) -> None:
        """A table's folder needs the database's to be there (as ever); the database's
        own folder, or a nested one, is made with its parents."""
        self.path(relative).mkdir(parents=not relative or "/" in relative, exist_ok=True)

    def write_atomic(self, relative: str, data: bytes) -> None:
        write_atomic(self.path(relative), data)

    def create_exclusive(self, relative: str, data: bytes) -> None:
        """Locally, the write lock is an ``flock``, and a file that must not exist yet is
        written under it (the only writer): atomically, as any file."""
        write_atomic(self.path(relative), data)

    @contextmanager
    def new_file(self, relative: str) -> Iterator[BinaryIO]:
        """A file written to a temporary name, fsynced and renamed into place when the block
        ends (removed when it fails)."""
        path = self.path(relative)
        tmp = path.with_name(path.name + ".tmp")
        try:
            with open(tmp, "wb") as handle:
                yield handle
                handle.flush()
                os.fsync(handle.fileno())
            os.replace(tmp, path)
        except BaseException as exc:
            with suppress(OSError):
                tmp.unlink(missing_ok=True)
            if isinstance(exc, OSError) and exc.errno and exc.filename is None:
                raise named(exc, path) from exc  # a failed write names no file of itself
            raise

    def delete(self, relative: str) -> None:
        self.path(relative).unlink(missing_ok=True)

    def move(self, relative: str, target: str) -> None:
        """Move ``relative`` to ``target`` (its folders made)."""
        self.path(target).parent.mkdir(parents=True, exist_ok=True)
        os.replace(self.path(relative), self.path(target))

    def sync(self, folder: str) -> None:
        """Make the names written in ``folder`` durable (fsync of the folder)."""
        fsync_dir(self.path(folder))

    def marks(self, relative: str) -> tuple[int, bytes, bytes]:
        """A file's size and its first and last four bytes (empty when under 12 bytes)."""
        with open(self.path(relative), "rb") as handle:
            size = os.fstat(handle.fileno()).st_size
            if size < 12:
                return size, b"", b""
            head = handle.read(4)
            handle.seek(size - 4)
            return size, head, handle.read(4)

    def checksum(self, relative: str) -> tuple[int, str]:
        with open(self.path(relative), "rb") as handle:
            return blocks_checksum(handle)

    @contextmanager
    def lock(self) -> Iterator[Callable[[], None]]:
        """The write lock, an ``flock`` on ``.lock``: held while the block runs; yields a
        check that it is still held (always, for an ``flock``)."""
        with open(self.root / ".lock", "w") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise DatabaseError("another import is writing to this database",
                                    path=str(self.root)) from None
            yield lambda: None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return f"{type(exc).__name__}: {text.splitlines()[0]}" if text else type(exc).__name__


class FsspecStorage(Storage):
    """A database at an fsspec URL (see the module): ``s3://bucket/db`` and the like."""


    def __init__(self, url: str, storage_options: Mapping[str, Any] | None = None) -> None:
        self.url = self.root = self.location = url.rstrip("/")
        self.options = dict(storage_options or {})
        self.scheme = url.split(":", 1)[0].lower()
        self.fs = _filesystem(self.url, self.scheme, self.options)
        self.base: str = self.fs._strip_protocol(self.url).rstrip("/")
        import pyarrow.fs

        self.arrow_filesystem = pyarrow.fs.PyFileSystem(pyarrow.fs.FSSpecHandler(self.fs))
        self._made: set[str] = set()

    def __reduce__(self) -> tuple[Any, ...]:  # a worker opens the filesystem itself
        return FsspecStorage, (self.url, self.options)

    def __repr__(self) -> str:
        return f"FsspecStorage({self.url!r})"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, FsspecStorage) and (other.url, other.options)
                == (self.url, self.options))

    def __hash__(self) -> int:
        return hash(self.url)

    def full(self, relative: str) -> str:
        return f"{self.base}/{relative}" if relative else self.base

    def arrow_path(self, relative: str) -> str:
        return self.full(relative)

    def duckdb_path(self, relative: str) -> str:
        protocol = self.fs.protocol
        return f"{protocol if isinstance(protocol, str) else protocol[0]}://{self.full(relative)}"

    def register(self, con: Any) -> None:
        con.register_filesystem(self.fs)

    def for_workers(self) -> FsspecStorage:
        return self

    @contextmanager
    def faults(self, relative: str = "") -> Iterator[None]:
        """A fault of the store as a :class:`DatabaseError` naming the URL (credentials
        refused, no bucket, no endpoint); a missing file stays a :class:`FileNotFoundError`."""
        try:
            yield
        except (FileNotFoundError, FileExistsError, IsADirectoryError, NotADirectoryError,
                DatabaseError):
            raise
        except PermissionError as exc:
            raise DatabaseError(f"permission denied ({_first_line(exc)}): check the "
                                "credentials and that they may read and write here",
                                path=self.url) from exc
        except OSError as exc:
            if exc.errno and exc.filename is None:
                raise named(exc, f"{self.url}/{relative}".rstrip("/")) from exc
            raise
        except Exception as exc:  # the store's client: botocore, aiohttp ...
            raise DatabaseError(f"{_FAULTS} ({_first_line(exc)})", path=self.url) from exc

    def check_reachable(self) -> None:
        """:class:`DatabaseError` unless the store answers and its bucket (the URL's first
        part) exists."""
        bucket = self.base.split("/", 1)[0]
        with self.faults():
            if bucket and not self.fs.exists(bucket):
                raise DatabaseError(f"no bucket {bucket!r} (or these credentials may not see "
                                    f"it): create it, or check the URL and the endpoint",
                                    path=self.url)

    def read_bytes(self, relative: str) -> bytes:
        with self.faults(relative):
            data: bytes = self.fs.cat_file(self.full(relative))
            return data

    def exists(self, relative: str) -> bool:
        with self.faults(relative):
            return bool(self.fs.exists(self.full(relative)))

    def is_file(self, relative: str) -> bool:
        with self.faults(relative):
            return bool(self.fs.isfile(self.full(relative)))

    def is_dir(self, relative: str) -> bool:
        with self.faults(relative):
            return bool(self.fs.isdir(self.full(relative)))

    def listing(self, folder: str) -> list[tuple[str, bool]]:
        with self.faults(folder):
            try:
                entries = self.fs.ls(self.full(folder), detail=True)
            except FileNotFoundError:
                return []
        found = {(e["name"].rstrip("/").rsplit("/", 1)[-1], e.get("type") == "directory")
                 for e in entries if e["name"].rstrip("/") != self.full(folder)}
        return sorted(found)

    def mkdir(self, relative: str) -> None:
        """Make a folder (on an object store, where a folder is a prefix, nothing is made;
        asked once per folder and process, as a part of each table is written)."""
        if relative in self._made:
            return
        with self.faults(relative):
            self.fs.makedirs(self.full(relative), exist_ok=True)
        self._made.add(relative)

    def write_atomic(self, relative: str, data: bytes) -> None:
        """One whole-object write (a PUT): the object is there whole, or not at all."""
        with self.faults(relative):
            self.fs.pipe_file(self.full(relative), data)

    def create_exclusive(self, relative: str, data: bytes) -> None:
        """Create ``relative``, or :class:`FileExistsError` when it exists: on S3 a
        conditional PUT (``If-None-Match: *``), atomic; on a filesystem without conditional
        writes, fsspec's check for the file then its write."""
        with self.faults(relative):
            self.fs.pipe_file(self.full(relative), data, mode="create")

    @contextmanager
    def new_file(self, relative: str) -> Iterator[BinaryIO]:
        """A file that appears whole when the block ends (its upload completed); when the
        block fails, the upload is abandoned and nothing appears."""
        path = self.full(relative)
        with self.faults(relative):
            handle = self.fs.open(path, "wb")
        try:
            yield handle
            with self.faults(relative):
                handle.close()
        except BaseException:
            with suppress(Exception):
                handle.discard()  # an unfinished multipart upload is aborted
                handle.closed = True  # discarded: never uploaded when collected
            with suppress(Exception):
                self.fs.rm_file(path)
            raise

    def delete(self, relative: str) -> None:
        with self.faults(relative), suppress(FileNotFoundError):
            self.fs.rm_file(self.full(relative))

    def move(self, relative: str, target: str) -> None:
        """Copy, then delete (an object store renames no object)."""
        with self.faults(relative):
            self.fs.copy(self.full(relative), self.full(target))
            self.fs.rm_file(self.full(relative))

    def sync(self, folder: str) -> None:
        """Nothing to do: an object is durable once its write returns."""

    def marks(self, relative: str) -> tuple[int, bytes, bytes]:
        path = self.full(relative)
        with self.faults(relative):
            info = self.fs.info(path)
            if info.get("type") == "directory":
                raise IsADirectoryError(errno.EISDIR, "is a folder", path)
            size = int(info["size"])
            if size < 12:
                return size, b"", b""
            head, tail = self.fs.cat_ranges([path, path], [0, size - 4], [4, size])
            return size, bytes(head), bytes(tail)

    def marks_many(self, paths: Sequence[str]) -> dict[str, tuple[int, bytes, bytes] | OSError]:
        """The sizes from one listing per folder, the first and last four bytes of every
        file fetched at once (concurrently, on S3): opening a database of hundreds of
        parts costs a few round trips, not two per part."""
        sizes: dict[str, tuple[int, bool]] = {}
        with self.faults():
            for folder in sorted({p.rpartition("/")[0] for p in paths}):
                try:
                    entries = self.fs.ls(self.full(folder), detail=True)
                except FileNotFoundError:
                    continue
                for e in entries:
                    name = e["name"].rstrip("/").rsplit("/", 1)[-1]
                    sizes[f"{folder}/{name}"] = (int(e.get("size") or 0),
                                                 e.get("type") == "directory")
        found: dict[str, tuple[int, bytes, bytes] | OSError] = {}
        whole = []
        for path in paths:
            size, is_folder = sizes.get(path, (0, False))
            if path not in sizes:
                found[path] = FileNotFoundError(errno.ENOENT, "no such part", path)
            elif is_folder:
                found[path] = IsADirectoryError(errno.EISDIR, "is a folder", path)
            elif size < 12:
                found[path] = (size, b"", b"")
            else:
                whole.append((path, size))
        if whole:
            full = [self.full(p) for p, _ in whole]
            with self.faults():
                read = self.fs.cat_ranges(full + full, [0] * len(whole) + [n - 4 for _, n in whole],
                                          [4] * len(whole) + [n for _, n in whole])
            for i, (path, size) in enumerate(whole):
                head, tail = read[i], read[i + len(whole)]
                for error in (head, tail):
                    if isinstance(error, FileNotFoundError):  # gone since the listing
                        found[path] = error
                    elif isinstance(error, BaseException):
                        with self.faults(path):
                            raise error
                if path not in found:
                    found[path] = (size, bytes(head), bytes(tail))
        return found

    def checksum(self, relative: str) -> tuple[int, str]:
        with self.faults(relative), self.fs.open(self.full(relative), "rb") as handle:
            return blocks_checksum(handle)

    @contextmanager
    def lock(self) -> Iterator[Callable[[], None]]:
        """The write lock: a lock object (:class:`ObjectLock`); yields the check that it is
        still this import's (:meth:`ObjectLock.check`)."""
        lock = ObjectLock(self)
        lock.acquire()
        try:
            yield lock.check
        finally:
            lock.release()


def this_machine() -> str:
    """What names the processes this one can see: the host's name, its boot and this
    process's PID namespace (two containers of one host name see each other's processes
    only when all three agree)."""
    parts = [socket.gethostname()]
    with suppress(OSError):
        parts.append(Path("/proc/sys/kernel/random/boot_id").read_text().strip())
    with suppress(OSError):
        parts.append(str(os.stat("/proc/self/ns/pid").st_ino))
    return "/".join(parts)


def _alive(pid: object) -> bool:
    """Whether process ``pid`` of this machine is running."""
    if not isinstance(pid, int) or pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


class ObjectLock:
    """The write lock of a database on an object store, which has no ``flock``.

    The lock is the object ``locks/<n>.json`` of the highest number ``n``, created
    exclusively (so only one writer can create number ``n``), holding its owner (host,
    process id, a random token) and when it was last renewed. Its holder renews it every
    quarter of :data:`LEASE_SECONDS` from a thread, and deletes it when done.

    Acquiring: no lock object, or the highest one *stale*, and the import creates the next
    number; a live one, or another import creating the same number first, and it is
    refused with ``another import is writing to this database``. A lock is stale when its
    holder is a process of this machine (same host name, boot and PID namespace:
    :func:`this_machine`) that is no longer running (a killed import is taken over at once
    by the next one on its machine), or when it has gone
    :data:`LEASE_SECONDS` without renewal (an import killed on another machine: taken over
    two minutes later; the machines' clocks must agree to well within that). The older
    objects are deleted once the new one is created.

    A holder that was taken over (it stopped renewing for longer than the lease: a machine
    asleep) finds a higher number at its next renewal or commit (:meth:`check`) and stops
    with an error before it commits, deleting nothing.
    """

    def __init__(self, storage: FsspecStorage) -> None:
        self.storage = storage
        self.number = 0
        self.token = uuid.uuid4().hex
        self.lost = False
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @staticmethod
    def name(number: int) -> str:
        return f"{LOCKS}/{number:08d}.json"

    def _numbers(self) -> list[int]:
        return sorted(int(m.group(1)) for name, folder in self.storage.listing(LOCKS)
                      if not folder and (m := _LOCK_NAME.match(name)))

    def _holder(self, number: int) -> dict[str, Any] | None:
        try:
            found = json.loads(self.storage.read_bytes(self.name(number)))
        except (FileNotFoundError, ValueError, UnicodeDecodeError):
            return None
        return found if isinstance(found, dict) else None

    def _body(self) -> bytes:
        return json.dumps({"host": socket.gethostname(), "machine": this_machine(),
                           "pid": os.getpid(), "token": self.token, "renewed": time.time(),
                           "lease_seconds": LEASE_SECONDS}).encode()

    @staticmethod
    def stale(holder: Mapping[str, Any] | None) -> bool:
        """Whether a lock object's holder is gone (see the class)."""
        if holder is None:  # written whole or not at all: unreadable is not a live lock
            return True
        if holder.get("machine") == this_machine() and not _alive(holder.get("pid")):
            return True
        renewed = holder.get("renewed")
        return not isinstance(renewed, int | float) or time.time() - renewed > LEASE_SECONDS

    def _busy(self, holder: Mapping[str, Any] | None) -> DatabaseError:
        what = ""
        if holder is not None:
            ago = time.time() - float(holder.get("renewed", 0))
            what = (f" (its lock: host {holder.get('host')}, process {holder.get('pid')}, "
                    f"renewed {ago:.0f} s ago; a killed import's lock is taken over after "
                    f"{LEASE_SECONDS:.0f} s, at once on its own machine)")
        return DatabaseError(f"another import is writing to this database{what}",
                             path=self.storage.location)

    def acquire(self) -> None:
        numbers = self._numbers()
        number = 1
        if numbers:
            holder = self._holder(numbers[-1])
            if not self.stale(holder):
                raise self._busy(holder)
            number = numbers[-1] + 1
        try:
            self.storage.create_exclusive(self.name(number), self._body())
        except FileExistsError:
            raise self._busy(None) from None
        self.number = number
        for old in numbers:  # the stale locks taken over
            self.storage.delete(self.name(old))
        self._thread = threading.Thread(target=self._renew_while_held, daemon=True,
                                        name="stud-hh lock renewal")
        self._thread.start()

    def check(self) -> None:
        """:class:`DatabaseError` when another import has taken the lock over."""
        if not self.lost and self._numbers()[-1:] != [self.number]:
            self.lost = True
        if self.lost:
            raise DatabaseError(
                "another import took this database's write lock over (this one went "
                f"{LEASE_SECONDS:.0f} s without renewing it): nothing more is committed; "
                "run the import again once the other has finished",
                path=self.storage.location)

    def _renew_while_held(self) -> None:
        while not self._stop.wait(LEASE_SECONDS / 4):
            with suppress(Exception):  # a missed renewal is tried again; check() decides
                self.check()
                self.storage.write_atomic(self.name(self.number), self._body())

    def release(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
        if self.number:  # taken over, it is no longer the highest: deleting it is harmless
            with suppress(Exception):
                self.storage.delete(self.name(self.number))


def _filesystem(url: str, scheme: str, options: Mapping[str, Any]) -> Any:
    """The fsspec filesystem of ``url`` (listings never cached: other processes write
    too), or the :class:`UsageError` saying what to install."""
    hint = S3_EXTRA if scheme in ("s3", "s3a") else None
    try:
        import fsspec
    except ImportError:
        raise UsageError(f"{url}: a database at a URL needs fsspec and the filesystem "
                         f"library of {scheme}://, which are not installed: "
                         f"{hint or 'pip install fsspec'}") from None
    try:
        fsspec.get_filesystem_class(scheme)
    except ValueError:
        raise UsageError(f"{url}: no filesystem library knows {scheme}://: a database is a "
                         "folder, or an fsspec URL such as s3://bucket/db") from None
    except ImportError as exc:
        raise UsageError(f"{url}: {scheme}:// needs its filesystem library, which is not "
                         f"installed: {hint or _first_line(exc)}") from None
    try:
        return fsspec.filesystem(scheme, use_listings_cache=False, **options)
    except Exception as exc:
        raise DatabaseError(f"{_FAULTS} ({_first_line(exc)})", path=url) from exc


def url_of(root: str | os.PathLike[str]) -> tuple[str, str] | None:
    """``(scheme, rest)`` when ``root`` is a URL (also one a ``Path`` collapsed to
    ``s3:/bucket/db``), else ``None``.

    >>> url_of("s3://bucket/db"), url_of(Path("s3://bucket/db")), url_of("C:/db")
    (('s3', 'bucket/db'), ('s3', 'bucket/db'), None)
    """
    found = _URL.fullmatch(os.fspath(root))
    return (found["scheme"].lower(), found["rest"]) if found else None


def storage_of(root: str | os.PathLike[str] | Storage,
               storage_options: Mapping[str, Any] | None = None) -> Storage:
    """Where the database ``root`` lives: a :class:`LocalStorage` for a folder (or a
    ``file://`` URL), an :class:`FsspecStorage` for another URL; :class:`UsageError` for a
    URL no installed library reads, or one of a single process's memory (``memory://``:
    an import's workers could not write there)."""
    if isinstance(root, Storage):
        return root
    url = url_of(root)
    if url is None:
        return LocalStorage(Path(root))
    scheme, rest = url
    if scheme in _LOCAL_SCHEMES:
        return LocalStorage(Path("/" + rest))
    if scheme in _ONE_PROCESS:
        raise UsageError(f"{scheme}://{rest}: a database in one process's memory cannot be "
                         "written by an import's worker processes nor outlive it: give a "
                         "folder, or a URL such as s3://bucket/db")
    return FsspecStorage(f"{scheme}://{rest}", storage_options)
