"""Shared fixtures: where the shared hand-history corpus lives, and its Stars stud hands;
databases of the samples and the corpus and the HTML reports made from them, once a session;
a local S3 server (moto, on 127.0.0.1) for the databases at ``s3://`` URLs.

The corpus is read in place from ``../shared/corpus`` (beside the project
folder); it is never copied into the repository. Tests that need it skip with
a clear message when it is absent.
"""

from __future__ import annotations

import os
import signal
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from stud_hh.model.errors import StudHHError
from stud_hh.model.hand import ParsedHand
from stud_hh.read import reader, sites
from stud_hh.read.parse import parse_raw

if TYPE_CHECKING:
    from local_s3 import LocalS3



CORPUS_DIR = Path(__file__).resolve().parents[2] / "shared" / "corpus"
CORPUS_MISSING = (
    "../shared/corpus not found: corpus tests need the shared folder beside the project"
)


@pytest.fixture(scope="session")
def corpus() -> Path:
    """The shared corpus folder (``../shared/corpus``); skips the test when it is absent."""
    if not CORPUS_DIR.is_dir():
        pytest.skip(CORPUS_MISSING)
    return CORPUS_DIR


@pytest.fixture(scope="session")
def stars_hand_texts(corpus: Path) -> list[tuple[str, str]]:
    """``(file name, raw hand text)`` of every stud hand in ``corpus/Stars``.

    The file name is the path relative to ``corpus/Stars`` (``_early2008/x.txt``
    for the sub-folder). The text is the reader's normalised text of the hand
    (one line per line, ``\\n`` line ends, no blank lines). Hold'em hands of
    mixed-game files and non-history files are left out.
    """
    stars = corpus / "Stars"
    if not stars.is_dir():
        pytest.skip(f"{stars} not found: the corpus has no Stars folder")
    found: list[tuple[str, str]] = []
    for path in sorted(p for p in stars.rglob("*") if p.is_file()):
        name = path.relative_to(stars).as_posix()
        for raw in reader.read_hands(path, sites.starts_hand):
            try:
                result = parse_raw(raw)
            except StudHHError:
                continue
            if isinstance(result, ParsedHand):
                found.append((name, raw.text))
    assert found, f"no stud hand found in {stars}"
    return found


SAMPLE_HISTORIES = Path(__file__).resolve().parents[1] / "sample_histories"


@pytest.fixture(scope="session")
def samples_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of ``sample_histories/``, imported once per session: read it, never
    write to it (other tests share it)."""
    from stud_hh.store.ingest.run import import_paths

    root = tmp_path_factory.mktemp("session-samples") / "db"
    assert import_paths([SAMPLE_HISTORIES], root, jobs=2).hands_new > 2000
    return root


@pytest.fixture(scope="session")
def corpus_database(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of the whole corpus, read in place and imported once per session (skips
    when the corpus is absent): read it, never write to it (other tests share it)."""
    from stud_hh.store.ingest.run import import_paths

    root = tmp_path_factory.mktemp("session-corpus") / "db"
    assert import_paths([corpus], root, jobs=2).hands_new > 150
    return root


@pytest.fixture(scope="session")
def audit_database(corpus: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The database of the app's audit and tournaments pages (``tests/app/auditdata.py``:
    the corpus and two simulated sessions breaking rules), imported once per session:
    read it, never write to it (other tests share it)."""
    from auditdata import database

    return database(corpus, tmp_path_factory.mktemp("session-audit"))


@pytest.fixture(scope="module")
def audit_db(audit_database: Path) -> Any:
    """The audit database opened (:func:`audit_database`)."""
    from stud_hh.store.database import open_db

    return open_db(audit_database)


@pytest.fixture(scope="module")
def audit_app(audit_database: Path) -> Iterator[Any]:
    """The app of the audit database, served for one test module."""
    from appserver import running

    with running(audit_database) as served:
        yield served


@pytest.fixture(scope="session")
def report_pages(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
                 ) -> Iterator[Any]:
    """``report_pages(source, kind)``: the HTML report (``kind`` "player" or "audit") made
    once per session from the ``samples`` or ``corpus`` database, as ``(path, Report)``;
    made with the hand replayer, or while it has not landed with the stand-in of
    ``tests/analysis/html/pages.py`` that keeps its contract."""
    from pages import replayer

    from stud_hh.analysis.html.audit_report import audit_report
    from stud_hh.analysis.html.player_report import player_report
    from stud_hh.store.database import open_db

    folder = tmp_path_factory.mktemp("report-pages")
    made: dict[tuple[str, str], tuple[Path, Any]] = {}

    def make(source: str, kind: str) -> tuple[Path, Any]:
        if (source, kind) not in made:
            db = open_db(request.getfixturevalue(f"{source}_database"))
            report = audit_report(db) if kind == "audit" else player_report(db)
            path = folder / f"{kind}-{source}.html"
            path.write_text(report.html, encoding="utf-8")
            made[source, kind] = (path, report)
        return made[source, kind]

    with replayer():
        yield make


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """Headless Chromium driven by Playwright (see ``tests/chromium.py``); skips, saying why,
    where there is none. Open pages with ``chromium.open_page(browser, path)``."""
    from chromium import browser_session

    with browser_session() as launched:
        yield launched


@pytest.fixture(scope="session")
def s3() -> Iterator[LocalS3]:
    """The local S3 server (skips when moto or s3fs is not installed)."""
    from local_s3 import LocalS3, moto_server

    pytest.importorskip("moto.server")
    s3fs = pytest.importorskip("s3fs")
    with moto_server() as endpoint:
        fs = s3fs.S3FileSystem(key="testing", secret="testing", skip_instance_cache=True,
                               use_listings_cache=False,
                               client_kwargs={"endpoint_url": endpoint})
        yield LocalS3(endpoint, fs)


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


def pytest_configure(config: pytest.Config) -> None:
    """No test reads or writes the user's real settings file (``stud-hh config``): the
    session's settings file is one that does not exist, in a folder that does not either;
    a test that needs settings points ``STUD_HH_CONFIG`` at a file of its own. Under
    ``make compiled`` the suite must run the compiled wheel, not the source tree."""
    from stud_hh.settings import ENV

    # Tests stop `watch` and `ui` as a user does, with Ctrl-C (SIGINT). A suite started in
    # the background of a shell without job control (`nohup make test &`, some CI runners)
    # inherits SIGINT ignored, and so would every command it starts, which then never
    # stops: catch it here, so that each child starts with the default (exec resets a
    # caught signal to it).
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)
    os.environ[ENV] = str(Path(tempfile.gettempdir()) / f"stud-hh-no-settings-{os.getpid()}"
                          / "settings.toml")
    if os.environ.get("STUD_HH_EXPECT_COMPILED"):
        import stud_hh.replay

        where = stud_hh.replay.__file__
        if not where.endswith((".so", ".pyd")):
            raise pytest.UsageError(f"expected the compiled modules, imported {where}")
