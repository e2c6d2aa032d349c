"""The grammar files: shipped inside the package (``stud_hh/grammar/`` in the wheel), or the
source tree's ``grammar/`` folder.

Apart from :mod:`stud_hh.read.parsers` so that every reader with a grammar (the hand
readers, the tournament summary readers) finds its file the same way.

>>> "%import .common" in grammar_text("pokerstars.lark")
True
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

SHARED_GRAMMAR = "common.lark"
"""The grammar file whose terminals the sites' grammars ``%import``."""


def grammar_text(name: str) -> str:
    """The text of ``grammar/<name>``: shipped inside the package, or the source tree's."""
    packaged = resources.files("stud_hh").joinpath("grammar", name)
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    source = Path(__file__).resolve().parents[2] / "grammar" / name
    return source.read_text(encoding="utf-8")


def grammar_folder() -> str:
    """The folder of the grammar files, for Lark's ``import_paths``: a grammar takes the
    line pieces the sites share from ``common.lark`` beside it (``%import .common (...)``),
    so a grammar's text is built with ``Lark(text, import_paths=[grammar_folder()])``.

    >>> Path(grammar_folder(), "common.lark").is_file()
    True
    """
    packaged = resources.files("stud_hh").joinpath("grammar")
    if packaged.joinpath(SHARED_GRAMMAR).is_file():
        return str(packaged)
    return str(Path(__file__).resolve().parents[2] / "grammar")
