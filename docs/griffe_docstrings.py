"""A griffe extension (mkdocs.yml, mkdocstrings' ``extensions``): the project's docstrings,
written for ``help()`` and doctest, read as Markdown.

- A doctest (``>>>`` lines and the output after them, to a blank line) becomes a
  ``pycon`` code block; as plain Markdown its ``>`` marks would make nested quotes.
- A Sphinx role (``:func:`open_db```, ``:class:`~stud_hh.replay.ReplayedHand```) becomes
  the name in code, the last part only after ``~`` as Sphinx shows it.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

ROLE = re.compile(r":(?:func|class|meth|attr|data|mod|exc|obj|const):`(~?)([^`]+)`")


def _role(match: re.Match[str]) -> str:
    name = match.group(2)
    return f"`{name.rsplit('.', 1)[-1]}`" if match.group(1) else f"`{name}`"


def fence_doctests(text: str) -> str:
    """Every run of doctest lines fenced as a ``pycon`` block, at its indentation.

    >>> print(fence_doctests("Try:\\n\\n>>> 1 + 1\\n2\\n\\nDone."))
    Try:
    <BLANKLINE>
    ```pycon
    >>> 1 + 1
    2
    ```
    <BLANKLINE>
    Done.
    """
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if not line.lstrip().startswith(">>>"):
            out.append(line)
            i += 1
            continue
        indent = line[:len(line) - len(line.lstrip())]
        out.append(f"{indent}```pycon")
        while i < len(lines) and lines[i].strip():
            out.append(lines[i])
            i += 1
        out.append(f"{indent}```")
    return "\n".join(out)


class Docstrings(griffe.Extension):
    def on_object(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        if obj.docstring is not None and not getattr(obj.docstring, "_stud_hh_done", False):
            obj.docstring.value = ROLE.sub(_role, fence_doctests(obj.docstring.value))
            obj.docstring._stud_hh_done = True  # type: ignore[attr-defined]
