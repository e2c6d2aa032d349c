"""A local S3 for the tests of databases at ``s3://`` URLs: moto's server, started on a free
port of this machine (127.0.0.1) once per test process and stopped at its end. No test
reaches a network; each test makes buckets of its own.

The server is a process of its own (:func:`moto_server`), not a thread of the test's: a
call of delta-rs that keeps the interpreter's lock while it waits for S3 (``history``
does) would otherwise wait for a server that cannot run until it times out.

s3fs is pointed at it either by ``storage_options`` (:attr:`LocalS3.options`, which travel
with the database to worker processes, whenever those started) or by the environment
(:meth:`LocalS3.environ`, as a user sets it: ``AWS_ENDPOINT_URL`` and dummy keys), for the
command line and for processes started after it is set (a Dask ``LocalCluster``, a
subprocess). The fixtures are in ``tests/conftest.py``.
"""

from __future__ import annotations

import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any


@contextmanager
def moto_server() -> Iterator[str]:
    """moto's S3 server in a process of its own on a free port of 127.0.0.1: its endpoint,
    once it answers; stopped at the end."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    process = subprocess.Popen([sys.executable, "-m", "moto.server", "-H", "127.0.0.1",
                                "-p", str(port)], stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    endpoint = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                urllib.request.urlopen(f"{endpoint}/moto-api/", timeout=5).close()
                break
            except (urllib.error.URLError, OSError):
                if process.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("moto's server did not start") from None
                time.sleep(0.1)
        yield endpoint
    finally:
        process.terminate()
        process.wait(30)


@dataclass
class LocalS3:
    """The local S3 server and an s3fs filesystem of it."""

    endpoint: str
    fs: Any = field(repr=False)

    @property
    def options(self) -> dict[str, Any]:
        """The storage options of a database on this server."""
        return {"key": "testing", "secret": "testing",
                "client_kwargs": {"endpoint_url": self.endpoint}}

    def environ(self) -> dict[str, str]:
        """The environment that points s3fs (botocore) at this server."""
        return {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
                "AWS_ENDPOINT_URL": self.endpoint, "AWS_DEFAULT_REGION": "us-east-1"}

    @contextmanager
    def checking_keys(self) -> Iterator[None]:
        """The server checks the keys while the block runs (its IAM has no user of the key
        ``testing``: every request is refused), as it does not by default."""

        def reset(count: str) -> None:
            request = urllib.request.Request(f"{self.endpoint}/moto-api/reset-auth",
                                             data=count.encode(), method="POST",
                                             headers={"Content-Type": "text/plain"})
            urllib.request.urlopen(request, timeout=30).close()

        reset("0")
        try:
            yield
        finally:
            reset("inf")

    def bucket(self) -> str:
        """A new, empty bucket's name."""
        name = f"test-{uuid.uuid4().hex[:12]}"
        self.fs.mkdir(name)
        return name
