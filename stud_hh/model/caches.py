"""The one way a hot path keeps what it has worked out: a plain ``dict``, bounded by :func:`keep`.

A reader meets the same texts again and again within a session (a player's ``calls $2``, a
card group, an amount, a header's stakes, a time zone's offset at an hour): it looks each
up in a ``dict`` of its own (``cache.get(key)``, as fast as Python looks anything up, and
compiled by mypyc into a direct dictionary call) and works it out only when it is missing,
keeping it with :func:`keep`. A cache that reaches its bound is emptied at once rather than
trimmed entry by entry: the texts a session repeats come back at the cost of one miss each,
and no hit pays for bookkeeping (an LRU's order, a lock).

>>> cache: dict[str, int] = {}
>>> keep(cache, "a", 1, most=2), keep(cache, "b", 2, most=2)
(1, 2)
>>> keep(cache, "c", 3, most=2), sorted(cache)
(3, ['c'])
"""

from __future__ import annotations

from typing import TypeVar

_K = TypeVar("_K")
_V = TypeVar("_V")


def keep(cache: dict[_K, _V], key: _K, value: _V, most: int) -> _V:
    """``value``, kept in ``cache`` under ``key``; a cache holding ``most`` entries already
    is emptied first."""
    if len(cache) >= most:
        cache.clear()
    cache[key] = value
    return value


__all__ = ["keep"]
