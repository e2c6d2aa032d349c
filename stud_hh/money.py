"""Money held exactly: integers in the table's smallest unit, never floats.

A cash table counts in cents (``scale=100``); tournament and play-money chips
count in chips (``scale=1``).

>>> parse_amount("$1,234.56", 100)
123456
>>> parse_amount("$4", 100)
400
>>> parse_amount("0.5€", 100)
50
>>> parse_amount("250", 1)
250
>>> format_amount(123456, 100, "$")
'$1234.56'
>>> parse_amount("1.5", 1)
Traceback (most recent call last):
...
ValueError: amount '1.5' has more decimals than the table's unit allows
"""

from __future__ import annotations

_STRIP = str.maketrans("", "", "$€£,\u00a0 ")

CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}


def parse_amount(text: str, scale: int) -> int:
    """Parse a printed amount into an integer number of units.

    ``scale`` is the number of units in one printed whole (100 for cents).
    Raises :class:`ValueError` for text that is not an amount or that is finer
    than the unit.
    """
    raw = text.translate(_STRIP)
    negative = raw.startswith("-")
    if negative:
        raw = raw[1:]
    whole, dot, frac = raw.partition(".")
    if not whole:
        whole = "0"
    if not whole.isdigit() or (dot and not frac.isdigit()):
        raise ValueError(f"{text!r} is not an amount")
    digits = len(str(scale)) - 1  # 100 -> 2, 1 -> 0
    if len(frac) > digits:
        if frac.strip("0") and len(frac.rstrip("0")) > digits:
            raise ValueError(f"amount {text!r} has more decimals than the table's unit allows")
        frac = frac[:digits]
    value = int(whole) * scale + (int(frac.ljust(digits, "0")) if digits else 0)
    return -value if negative else value


def format_amount(units: int, scale: int, symbol: str = "") -> str:
    """Print ``units`` the way a history would (``$1234.56``, ``250``)."""
    sign = "-" if units < 0 else ""
    units = abs(units)
    if scale == 1:
        return f"{sign}{symbol}{units}"
    digits = len(str(scale)) - 1
    whole, frac = divmod(units, scale)
    if frac == 0:
        return f"{sign}{symbol}{whole}"
    return f"{sign}{symbol}{whole}.{frac:0{digits}d}"
