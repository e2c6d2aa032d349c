"""Records built millions of times, and their one fast constructor.

A reader builds an event per line, the engine an action per event and a finding per
check: millions of frozen, slotted, keyword-only dataclasses per import. The
``__init__`` a frozen dataclass generates stores each field through
``object.__setattr__`` (and is interpreted even in the compiled build), which costs
more than the rest of building the record. A record class that derives from
:class:`Record` also has ``make``: the same call as the class itself (the same
keyword-only parameters and defaults, and mypy types it as the class, so every call
site is checked against the fields), built from the dataclass's own field list the
first time it is used, storing each field straight into its slot. The compiled wheel
writes each record class's ``make`` into the copy mypyc compiles instead, from the same
fields (``hatch_build.native_makers``): mypyc turns it into native stores, which compiled
callers call directly.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class Point(Record):
...     x: int
...     y: int = 0
>>> Point.make(x=1) == Point(x=1)
True
>>> Point.make(x=1, y=2)
Point(x=1, y=2)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar

from mypy_extensions import mypyc_attr

_R = TypeVar("_R")


def constructor_source(cls: type, keywords: bool = True) -> tuple[str, dict[str, Any]]:
    """The source of ``cls``'s fast constructor, and the names it uses.

    The parameters of the class's own ``__init__``: one per field, with the field's
    default, keyword-only where the field is (``keywords=False``: every field
    positional, in order, every one given); the body makes an empty
    instance and sets each slot through its descriptor (``cls.__new__`` is
    ``object.__new__`` for a plain class; a class compiled by mypyc has its own, with
    slot setters that check types).

    >>> from stud_hh.model.events import Fold
    >>> print(constructor_source(Fold)[0])
    def make(*, line, player):
        o = _new(_cls)
        _s0(o, line)
        _s1(o, player)
        return o
    <BLANKLINE>
    """
    if not dataclasses.is_dataclass(cls):
        raise TypeError(f"{cls.__name__} is not a dataclass")
    scope: dict[str, Any] = {"_new": cls.__new__, "_cls": cls}
    params: list[str] = []
    named: list[str] = []  # the keyword-only ones, after the others as in the class's __init__
    body = []
    for i, field in enumerate(dataclasses.fields(cls)):
        if not field.init or field.default_factory is not dataclasses.MISSING:
            raise TypeError(f"{cls.__name__}.{field.name}: a record's fields are all "
                            "given or have a plain default")
        # a slot (a native attribute, compiled by mypyc): a descriptor that sets it
        slot: Any = getattr(cls, field.name, None)
        if not hasattr(slot, "__set__"):
            raise TypeError(f"{cls.__name__} is not a slotted dataclass")
        scope[f"_s{i}"] = slot.__set__
        param = field.name
        if keywords and field.default is not dataclasses.MISSING:
            scope[f"_d{i}"] = field.default
            param = f"{field.name}=_d{i}"
        (named if keywords and field.kw_only else params).append(param)
        body.append(f"    _s{i}(o, {field.name})\n")
    if named:
        params += ["*", *named]
    head = f"def make({', '.join(params)}):\n    o = _new(_cls)\n"
    return head + "".join(body) + "    return o\n", scope


def constructor(cls: type[_R], keywords: bool = True) -> Callable[..., _R]:
    """``cls``'s fast constructor (see :func:`constructor_source`)."""
    source, scope = constructor_source(cls, keywords)
    exec(source, scope)
    made: Callable[..., _R] = scope["make"]
    # named and annotated as the class's own __init__ (tracebacks, help(), signatures)
    made.__qualname__ = f"{cls.__qualname__}.make"
    made.__module__ = cls.__module__
    if keywords:
        made.__annotations__ = {**cls.__init__.__annotations__, "return": cls.__name__}
    return made


class _Make:
    """``make`` of one record class: on first use, replaced in the class by its fast
    constructor. Typed as the class itself, so ``Fold.make(line=3, player="Bob")`` is
    checked as ``Fold(line=3, player="Bob")`` is."""

    def __get__(self, instance: object, owner: type[_R]) -> type[_R]:
        made = constructor(owner)
        if vars(owner).get("make") is self:
            setattr(owner, "make", staticmethod(made))  # noqa: B010 (owner is any record)
        return made  # type: ignore[return-value]


@mypyc_attr(allow_interpreted_subclasses=True)
class Record:
    """Base of the records built in the hot paths: each subclass (a frozen, slotted,
    keyword-only dataclass) gets ``make``, its fields' fast constructor."""

    __slots__ = ()

    make: ClassVar[_Make]

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        # every class its own: a base's constructor (installed on first use) is no
        # subclass's; the dataclass decorator's slotted copy of a class gets its own too.
        # A class compiled by mypyc has its own make already (hatch_build.native_makers)
        if "make" not in vars(cls):
            setattr(cls, "make", _Make())  # noqa: B010 (the wheel's copy declares no make)


__all__ = ["Record", "constructor", "constructor_source"]
