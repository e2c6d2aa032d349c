"""Argument types the benchmark scripts share: a mistyped count is a usage error.

``argparse`` turns an ``ArgumentTypeError`` into one line naming the option and exit 2,
as the command line does; ``type=int`` alone let ``--hands 0`` or ``--jobs -1`` through,
to a division by zero, a median of nothing or a pool of no workers.

>>> count("3"), some("0")
(3, 0)
"""

from __future__ import annotations

import argparse


def _whole(text: str, least: int) -> int:
    try:
        value = int(text.replace("_", "").replace(",", ""))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < least:
        raise argparse.ArgumentTypeError(f"{text} is less than {least}")
    return value


def count(text: str) -> int:
    """A whole number of 1 or more (hands, files, processes, rounds)."""
    return _whole(text, 1)


def some(text: str) -> int:
    """A whole number of 0 or more (0: none of them)."""
    return _whole(text, 0)


def positive(text: str) -> float:
    """A number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} is not above 0")
    return value
