"""Fast constructors of frozen records: events, actions, findings, pots, replays.

A frozen dataclass's generated ``__init__`` goes through ``object.__setattr__`` once
per field, by keyword: a parser or replayer making millions of records pays for
that. :func:`positional_constructor` gives a faster way to build the same immutable
object, taking every field in declaration order:

* in the pure-Python build, a small function that sets the slots directly (about three
  times faster than the keyword ``__init__``);
* in the compiled build (mypyc), the class's *native constructor* when one is
  registered with :func:`native_constructors`: a compiled function that stores each
  field into the object's native slot, which only compiled code may do (the
  interpreter refuses a store into a frozen record), about ten times faster again.
  A native constructor is written beside its class, one line per field, and
  registered at once; in the pure build it is a plain function and is not registered.

Either way the record is the same: equal to the one the keyword ``__init__`` builds,
frozen, hashed and printed alike (``tests/model/test_records.py`` checks every
registered class in both builds).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class Point:
...     x: int
...     y: int
>>> make = positional_constructor(Point)
>>> make(1, 2) == Point(x=1, y=2)
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import fields
from types import FunctionType
from typing import Any, TypeVar

_E = TypeVar("_E")

_NATIVE: dict[type, Callable[..., Any]] = {}
"""The compiled native constructor of each class that has one."""

DECLARED: dict[type, Callable[..., Any]] = {}
"""Every native constructor declared, compiled or not (for the tests of both builds)."""


def native_constructors(makers: Mapping[type, Callable[..., Any]]) -> None:
    """Declare the native constructors of some classes (each takes every field of its
    class, in order, and stores it into the new object). Only compiled ones are used by
    :func:`positional_constructor`: an interpreted one would fail on its first store.
    Call this in the module that defines the constructors, before anything calls
    :func:`positional_constructor` for those classes."""
    for cls, make in makers.items():
        DECLARED[cls] = make
        if not isinstance(make, FunctionType):  # a builtin: compiled by mypyc
            _NATIVE[cls] = make


def positional_constructor(cls: type[_E]) -> Callable[..., _E]:
    """A fast constructor for a frozen, slotted record class, taking every field in order.

    The registered native constructor in the compiled build; else a function that
    builds the same immutable object by setting the slots directly. Every field must be
    given.
    """
    native = _NATIVE.get(cls)
    if native is not None:
        return native
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    setters = {f"_s{i}": getattr(cls, name).__set__ for i, name in enumerate(names)}
    args = ", ".join(names)
    body = "".join(f"    _s{i}(o, {name})\n" for i, name in enumerate(names))
    source = f"def make({args}):\n    o = _new(_cls)\n{body}    return o\n"
    # cls.__new__ is object.__new__ for a plain class; a class compiled by mypyc has
    # its own (and refuses object.__new__), with slot setters that check types
    scope: dict[str, Any] = {"_new": cls.__new__, "_cls": cls, **setters}
    exec(source, scope)
    maker: Callable[..., _E] = scope["make"]
    return maker
