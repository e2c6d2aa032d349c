"""The garbage collector held off the objects alive before a bulk read: :class:`frozen_gc`.

Reading a file makes millions of small objects (events, strings, tuples) that live until
their rows are written; each of the collector's passes would walk every object alive,
the process's modules and tables among them, again and again. Frozen, those are left out
of its passes.

>>> with frozen_gc():
...     with frozen_gc():  # a block inside another keeps the outer freeze
...         pass
"""

from __future__ import annotations

import gc
import threading
from typing import ClassVar


class frozen_gc:
    """Freeze the objects alive now so bulk parsing does not rescan them.

    No full collection first: in a process holding pandas and pyarrow one costs about a
    tenth of a second, and an import enters this block once per file (garbage frozen with
    the rest is collected after the block). A block inside another keeps the outer freeze;
    the collector is the process's, so blocks in several threads share one freeze (the
    first in freezes, the last out unfreezes).
    """

    _depth: ClassVar[int] = 0
    _lock: ClassVar[threading.Lock] = threading.Lock()

    def __enter__(self) -> None:
        with frozen_gc._lock:
            if frozen_gc._depth == 0:
                gc.freeze()
            frozen_gc._depth += 1

    def __exit__(self, *exc: object) -> None:
        with frozen_gc._lock:
            frozen_gc._depth -= 1
            if frozen_gc._depth == 0:
                gc.unfreeze()
