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

_STRIP = str.maketrans("", "", "$€£¥\u00a0\u202f\u2009 '")
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}


def parse_amount(text: str, scale: int) -> int:
    """Parse a printed amount into an integer number of units.

    ``scale`` is the number of units in one printed whole (100 for cents).
    The currency may stand before or after the number, as a sign or a code
    (``$5``, ``5 €``, ``5 EUR``, ``€ 0.05 EURO``); thousands may be grouped
    by commas, points, spaces (also no-break and thin) or apostrophes; the
    decimal mark is a point or a comma. A comma followed by exactly three
    digits after a whole part other than ``0`` groups thousands (``1,500``),
    and so does a point in chips (``1.500``, where no decimals can be);
    otherwise the last mark is the decimal mark (``0,50``, ``1.234,56``,
    ``1,234.5``).

    >>> [parse_amount(t, 100) for t in ("1.234,56 €", "0,50€", "€ 0.05 EURO", "1 500,00")]
    [123456, 50, 5, 150000]
    >>> [parse_amount(t, 1) for t in ("1,500", "1.500", "12'000", "2 000 000", "T$1,000")]
    [1500, 1500, 12000, 2000000, 1000]

    Raises :class:`ValueError` for text that is not an amount or that is finer
    than the unit.
    """
    raw = text.translate(_STRIP)
    if raw[-1:] in _LETTERS and raw:
        raw = raw.rstrip(_LETTERS)
    if raw[:1] in _LETTERS and raw:
        raw = raw.lstrip(_LETTERS)
    negative = raw.startswith("-")
    if negative:
        raw = raw[1:]
    if "," in raw or raw.count(".") > 1 or (scale == 1 and "." in raw):
        raw = _one_decimal_point(raw, text)
    whole, dot, frac = raw.partition(".")
    if not whole:
        if not frac:
            raise ValueError(f"{text!r} is not an amount")
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


def _one_decimal_point(raw: str, text: str) -> str:
    """``raw`` with its thousands marks removed and its decimal mark (if any) a point."""
    last = max(raw.rfind("."), raw.rfind(","))
    mark, whole, tail = raw[last], raw[:last], raw[last + 1:]
    other = "," if mark == "." else "."
    grouped = whole.count(mark) > 0 or (
        len(tail) == 3 and whole.replace(other, "").lstrip("0") != "" and other not in whole)
    if grouped:  # every mark groups thousands
        groups = raw.replace(other, mark).split(mark)
        if any(len(g) != 3 for g in groups[1:]) or not groups[0]:
            raise ValueError(f"{text!r} is not an amount")
        return "".join(groups)
    if other in whole:  # "1.234,56": the other mark groups thousands
        groups = whole.split(other)
        if any(len(g) != 3 for g in groups[1:]) or not groups[0]:
            raise ValueError(f"{text!r} is not an amount")
        whole = "".join(groups)
    return f"{whole}.{tail}"


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
