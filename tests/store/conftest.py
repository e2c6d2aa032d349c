"""A local S3 for the tests of databases at ``s3://`` URLs: moto's server, started on a free
port of this machine (127.0.0.1) once per test process and stopped at its end. No test
reaches a network; each test makes buckets of its own.

s3fs is pointed at it either by ``storage_options`` (:attr:`LocalS3.options`, which travel
with the database to worker processes, whenever those started) or by the environment
(:meth:`LocalS3.environ`, as a user sets it: ``AWS_ENDPOINT_URL`` and dummy keys), for the
command line and for processes started after it is set (a Dask ``LocalCluster``, a
subprocess).
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from local_s3 import LocalS3


@pytest.fixture(scope="session")
def s3() -> Iterator[LocalS3]:
    """The local S3 server (skips when moto or s3fs is not installed)."""
    server_module = pytest.importorskip("moto.server")
    s3fs = pytest.importorskip("s3fs")
    logging.getLogger("werkzeug").setLevel(logging.ERROR)  # no line per request
    server = server_module.ThreadedMotoServer(ip_address="127.0.0.1", port=0, verbose=False)
    server.start()
    try:
        host, port = server.get_host_and_port()
        endpoint = f"http://{host}:{port}"
        fs = s3fs.S3FileSystem(key="testing", secret="testing", skip_instance_cache=True,
                               use_listings_cache=False,
                               client_kwargs={"endpoint_url": endpoint})
        yield LocalS3(endpoint, fs)
    finally:
        server.stop()


@pytest.fixture
def s3_environ(s3: LocalS3, monkeypatch: pytest.MonkeyPatch) -> Iterator[LocalS3]:
    """``s3``, with the environment pointing s3fs at it for this test (s3fs's cached
    filesystems, made before, forgotten before and after)."""
    import s3fs

    for name, value in s3.environ().items():
        monkeypatch.setenv(name, value)
    s3fs.S3FileSystem.clear_instance_cache()
    yield s3
    s3fs.S3FileSystem.clear_instance_cache()
