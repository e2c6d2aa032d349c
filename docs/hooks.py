"""The documentation site's build hooks (mkdocs.yml's ``hooks:``): the pages written from
the code at each build, so none can go stale and none is committed.

- ``reference/cli.md``: every command and option, from the parser itself
  (:func:`stud_hh.cli.reference.markdown`).
- ``notebooks/*.ipynb``: the two notebooks of ``notebooks/`` (outside ``docs/``), which
  mkdocs-jupyter executes and renders; their first code cell imports the bundled samples
  into ``build/sample.db`` when no database is given (``STUD_HH_DB``).
- ``img/layers.svg``: the package's layers as import-linter enforces them
  (``[tool.importlinter]`` of ``pyproject.toml``), top to bottom.
"""

from __future__ import annotations

import os
import tomllib
from html import escape
from pathlib import Path
from typing import Any

from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ("leak_analysis.ipynb", "compliance_audit.ipynb")


def layers() -> list[list[str]]:
    """The layers of the contract of ``pyproject.toml``, top first, each its packages."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(c for c in project["tool"]["importlinter"]["contracts"]
                    if c["type"] == "layers")
    return [[name.strip() for name in layer.split("|")] for layer in contract["layers"]]


def layers_svg() -> str:
    """The layers as a picture: a box per layer, its packages side by side, an arrow down
    from each to the next (a layer imports only the layers below it)."""
    width, height, gap, left = 520, 40, 22, 60
    rows = layers()
    total = len(rows) * (height + gap) - gap + 20
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width + 120} {total}" '
             f'width="{width + 120}" height="{total}" role="img" '
             f'font-family="sans-serif" font-size="15">',
             "<title>stud_hh's layers: each imports only the layers below it</title>",
             '<defs><marker id="arrow" viewBox="0 0 10 10" refX="5" refY="5" '
             'markerWidth="6" markerHeight="6" orient="auto-start-reverse">'
             '<path d="M 0 0 L 10 5 L 0 10 z" fill="#666"/></marker></defs>']
    for i, packages in enumerate(rows):
        y = 10 + i * (height + gap)
        box = width // len(packages)
        for j, name in enumerate(packages):
            x = left + j * box
            label = f"{name}.py" if (ROOT / "stud_hh" / f"{name}.py").is_file() else f"{name}/"
            parts.append(f'<rect x="{x + 2}" y="{y}" width="{box - 4}" height="{height}" '
                         f'rx="6" fill="#e8eaf6" stroke="#3f51b5"/>')
            parts.append(f'<text x="{x + box / 2}" y="{y + height / 2 + 5}" '
                         f'text-anchor="middle" fill="#1a237e">{escape(label)}</text>')
        if i + 1 < len(rows):
            parts.append(f'<line x1="{left + width / 2}" y1="{y + height + 2}" '
                         f'x2="{left + width / 2}" y2="{y + height + gap - 4}" '
                         f'stroke="#666" stroke-width="1.5" marker-end="url(#arrow)"/>')
    parts.append(f'<text x="{left + width + 14}" y="24" fill="#555" font-size="13">top</text>')
    parts.append(f'<text x="{left + width + 14}" y="{total - 14}" fill="#555" '
                 f'font-size="13">bottom</text>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def on_pre_build(config: Any) -> None:
    # the notebooks' kernels inherit this environment: a non-interactive MPLBACKEND (Agg,
    # as the test suite sets it) would keep their figures out of the pages
    os.environ.pop("MPLBACKEND", None)


@event_priority(100)  # before mkdocs-jupyter's own on_files, which claims the notebooks
def on_files(files: Files, config: Any) -> Files:
    from stud_hh.cli.reference import markdown

    files.append(File.generated(config, "reference/cli.md", content=markdown()))
    files.append(File.generated(config, "img/layers.svg", content=layers_svg()))
    for name in NOTEBOOKS:
        # a file of the project's root, not of docs/: its path there is its path here
        files.append(File(f"notebooks/{name}", src_dir=str(ROOT), dest_dir=config.site_dir,
                          use_directory_urls=config.use_directory_urls))
    return files
