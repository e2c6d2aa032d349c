"""A local S3 for the tests of databases at ``s3://`` URLs: moto's server, started on a free
port of this machine (127.0.0.1) once per test process and stopped at its end. No test
reaches a network; each test makes buckets of its own.

s3fs is pointed at it either by ``storage_options`` (:attr:`LocalS3.options`, which travel
with the database to worker processes, whenever those started) or by the environment
(:meth:`LocalS3.environ`, as a user sets it: ``AWS_ENDPOINT_URL`` and dummy keys), for the
command line and for processes started after it is set (a Dask ``LocalCluster``, a
subprocess). The fixtures are in ``tests/conftest.py``.
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass, field
from typing import Any


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

    def bucket(self) -> str:
        """A new, empty bucket's name."""
        name = f"test-{uuid.uuid4().hex[:12]}"
        self.fs.mkdir(name)
        return name
