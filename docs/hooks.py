"""The documentation site's build hooks (mkdocs.yml's ``hooks:``), and the writer of its
picture of the layers.

``docs/img/layers.svg`` draws the package's layers as import-linter enforces them
(``[tool.importlinter]`` of ``pyproject.toml``), top to bottom. ``python docs/hooks.py``
writes it; a build of the site warns (so fails, being strict) while the committed picture
differs from what the contract draws.

The other generated pages are the package's: ``docs/reference/cli.md``
(``python -m stud_hh.cli.reference``, held by ``tests/test_cli_reference.py``) and
``statistics.md``, ``database.md``, ``rules.md`` (``python -m stud_hh.analysis.reference
docs``). The notebooks are ``docs/notebooks``, a link to ``notebooks/``.
"""

from __future__ import annotations

import logging
import os
import tomllib
from html import escape
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]


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


PICTURE = ROOT / "docs" / "img" / "layers.svg"
LOG = logging.getLogger("mkdocs.hooks.stud_hh")


def on_pre_build(config: Any) -> None:
    # the notebooks' kernels inherit this environment: a non-interactive MPLBACKEND (Agg,
    # as the test suite sets it) would keep their figures out of the pages
    os.environ.pop("MPLBACKEND", None)
    if not PICTURE.is_file() or PICTURE.read_text(encoding="utf-8") != layers_svg():
        LOG.warning("docs/img/layers.svg differs from the layers of pyproject.toml: "
                    "run `python docs/hooks.py`")


if __name__ == "__main__":
    PICTURE.parent.mkdir(parents=True, exist_ok=True)
    PICTURE.write_text(layers_svg(), encoding="utf-8")
    print(f"wrote {PICTURE.relative_to(ROOT)}")
