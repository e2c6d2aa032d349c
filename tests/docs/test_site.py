"""The documentation site builds with no warning, and no link of it leads nowhere.

``mkdocs build --strict`` (mkdocs.yml: every unknown link, missing anchor, missing nav page
and page left out of the nav is a warning, so an error) into a temporary folder, the two
notebooks executed on the bundled samples into a temporary database; then every ``href``
and ``src`` of every built page that points inside the site is followed: the file must be
there, and the anchor must be an ``id`` of it. Skips only where mkdocs is not installed
(``make dev`` installs it).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[2]
EXTERNAL = ("http:", "https:", "mailto:", "data:", "javascript:", "tel:")

# one build for the module: its tests run in one worker (pytest-xdist's --dist loadgroup)
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("docs-site")]


class _Links(HTMLParser):
    """A page's ids and the targets of its links, scripts, images and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.ids: set[str] = set()
        self.targets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        for key in ("id", "name"):
            if values.get(key) and (key == "id" or tag == "a"):
                self.ids.add(str(values[key]))
        for key in ("href", "src"):
            value = values.get(key)
            if value is not None and not (tag == "link" and values.get("rel") == "canonical"):
                self.targets.append(value)


def _parse(page: Path) -> _Links:
    parser = _Links()
    parser.feed(page.read_text(encoding="utf-8"))
    return parser


def broken_links(site: Path) -> list[str]:
    """Every local link of the built site that leads to no file, or to no anchor of it."""
    site = site.resolve()
    pages = {page: _parse(page) for page in site.rglob("*.html")}
    broken = []
    for page, links in pages.items():
        for target in links.targets:
            if target.startswith(EXTERNAL) or target.startswith("//"):
                continue
            parts = urlsplit(target)
            path = unquote(parts.path)
            # an absolute path (the 404 page's, served at any address) starts at the root
            base = site if path.startswith("/") else page.parent
            resolved = (base / path.lstrip("/")).resolve() if path else page
            if resolved.is_dir():
                resolved = resolved / "index.html"
            where = f"{page.relative_to(site)}: {target}"
            if not resolved.is_file():
                broken.append(f"{where} (no such file)")
            elif parts.fragment and resolved.suffix == ".html":
                ids = pages[resolved].ids if resolved in pages else _parse(resolved).ids
                if unquote(parts.fragment) not in ids:
                    broken.append(f"{where} (no such anchor)")
    return broken


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """The site built with mkdocs.yml as ``make docs`` builds it, and what the build said."""
    pytest.importorskip("mkdocs", reason="mkdocs is not installed (make dev installs the "
                                         "documentation tools): the site is not built")
    folder = tmp_path_factory.mktemp("site")
    env = {key: value for key, value in os.environ.items() if key != "MPLBACKEND"}
    # the notebooks import the samples into a database of their own, not into build/
    env.update(STUD_HH_DB=str(folder / "sample.db"),
               STUD_HH_HISTORIES=str(ROOT / "sample_histories"),
               NO_MKDOCS_2_WARNING="1", OPENBLAS_NUM_THREADS="1")
    done = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--strict",
                           "--site-dir", str(folder / "site")],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    return folder / "site", said


def test_the_site_builds_with_no_warning(site: tuple[Path, str]) -> None:
    _, said = site
    problems = [line for line in said.splitlines()
                if re.match(r"(WARNING|ERROR)\s+-", line)]
    assert problems == []


def test_no_local_link_of_the_site_is_broken(site: tuple[Path, str]) -> None:
    root, _ = site
    assert len(list(root.rglob("*.html"))) > 40
    assert broken_links(root) == []


def test_the_site_asks_nothing_of_another_host(site: tuple[Path, str]) -> None:
    """No font, script or style is fetched from the network: the site reads offline."""
    root, _ = site
    for page in root.rglob("*.html"):
        fetched = [t for t in _parse(page).targets if t.startswith((*EXTERNAL[:2], "//"))
                   and re.search(r"\.(js|css|woff2?)(\?|$)|fonts\.", t)]
        assert fetched == [], page


def test_the_notebooks_are_shown_executed(site: tuple[Path, str]) -> None:
    """Both notebooks ran on the samples as the site was built: their tables and figures
    are in the pages, with the samples' numbers."""
    root, _ = site
    leaks = (root / "notebooks" / "leak_analysis" / "index.html").read_text(encoding="utf-8")
    audit = (root / "notebooks" / "compliance_audit" / "index.html").read_text(
        encoding="utf-8")
    for page in (leaks, audit):
        assert "<table" in page
        assert "data:image/png" in page
        assert "Traceback" not in page
    assert "2,450 hands of Hero" in leaks
    assert "NOT CLEAN" in audit


def test_the_reference_pages_are_in_the_site(site: tuple[Path, str]) -> None:
    """The generated pages: every command's section, the API from docstrings, the layers."""
    from stud_hh.cli.parser import COMMANDS

    root, _ = site
    cli = _parse(root / "reference" / "cli" / "index.html")
    for command in COMMANDS:
        assert f"stud-hh-{command.name}" in cli.ids
    api = _parse(root / "reference" / "api" / "database" / "index.html")
    assert {"stud_hh.store.database.open_db", "stud_hh.store.database.Database.players"
            } <= api.ids
    assert (root / "img" / "layers.svg").read_text(encoding="utf-8").count("<rect") >= 9


def test_the_link_checker_finds_a_broken_link(tmp_path: Path) -> None:
    """The checker itself: a missing page and a missing anchor are both found."""
    (tmp_path / "a").mkdir()
    (tmp_path / "index.html").write_text(
        '<a href="a/">ok</a><a href="a/#here">ok</a><a href="b/">no</a>'
        '<a href="a/#there">no</a><a href="#top">no</a><a href="https://x.org">ext</a>'
        '<img src="/a/x.png">')
    (tmp_path / "a" / "index.html").write_text('<h2 id="here">Here</h2>')
    assert broken_links(tmp_path) == ["index.html: b/ (no such file)",
                                      "index.html: a/#there (no such anchor)",
                                      "index.html: #top (no such anchor)",
                                      "index.html: /a/x.png (no such file)"]
