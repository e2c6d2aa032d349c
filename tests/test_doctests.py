"""The runnable examples in the docstrings of every module run and hold."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import stud_hh

MODULES = sorted(m.name for m in pkgutil.walk_packages(stud_hh.__path__, "stud_hh."))


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples failed in {name}"
