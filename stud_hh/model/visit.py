"""One way to walk a hand's events: a visitor with a method per event kind.

Modelled on python-chess's ``BaseVisitor``: a subclass overrides the ``visit_*`` methods
of the events it cares about (``visit_deal``, ``visit_show``, ``visit_collect``, ...:
the event class's name in snake case) and :meth:`EventVisitor.walk` calls them in order;
events it does not override cost one dictionary lookup. ``begin`` and ``end`` frame a
walk, and :meth:`~EventVisitor.result` gives what the visitor made.

>>> from stud_hh.model.events import Fold, Deal, Street
>>> class Folds(EventVisitor[list[str]]):
...     def begin(self) -> None:
...         self.names: list[str] = []
...     def visit_fold(self, event: Fold) -> None:
...         self.names.append(event.player)
...     def result(self) -> list[str]:
...         return self.names
>>> Folds().walk([Deal(line=1, player="a", street=Street.THIRD, cards=("As",),
...                    face_up=(True,)), Fold(line=2, player="b")])
['b']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Generic, TypeVar, get_args

from stud_hh.model import events as ev

T = TypeVar("T")

EVENT_TYPES: tuple[type, ...] = get_args(ev.HandEvent)
"""Every event class that can follow a hand's header."""


def method_name(cls: type) -> str:
    """``visit_`` and the class's name in snake case.

    >>> method_name(ev.UncalledReturned), method_name(ev.PostAnte)
    ('visit_uncalled_returned', 'visit_post_ante')
    """
    return "visit_" + re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


class EventVisitor(Generic[T]):
    """The base of every walk over events: override what you need."""

    _dispatch: ClassVar[dict[type, Callable[[Any, Any], None]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._dispatch = {kind: getattr(cls, method_name(kind)) for kind in EVENT_TYPES
                         if hasattr(cls, method_name(kind))}

    def begin(self) -> None:
        """Called before the first event."""

    def end(self) -> None:
        """Called after the last event."""

    def result(self) -> T:
        """What the walk made."""
        raise NotImplementedError

    def visit_other(self, event: ev.HandEvent) -> None:
        """An event with no ``visit_*`` method of this visitor: ignored by default."""

    def visit(self, event: ev.HandEvent) -> None:
        """Visit one event."""
        method = self._dispatch.get(type(event))
        if method is None:
            self.visit_other(event)
        else:
            method(self, event)

    def walk(self, events: Iterable[ev.HandEvent]) -> T:
        """Visit ``events`` in order and return :meth:`result`."""
        self.begin()
        dispatch, other = self._dispatch, self.visit_other
        for event in events:
            method = dispatch.get(type(event))
            if method is None:
                other(event)
            else:
                method(self, event)
        self.end()
        return self.result()
