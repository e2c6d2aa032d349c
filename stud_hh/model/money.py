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
>>> MoneyStyle(grouped=True).format(123456, 100, "USD")
'$1,234.56'
>>> parse_amount("1.5", 1)
Traceback (most recent call last):
...
ValueError: amount '1.5' has more decimals than the table's unit allows
"""

from __future__ import annotations

from dataclasses import dataclass

_STRIP = str.maketrans("", "", "$€£¥\u00a0\u202f\u2009 '")
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"

CURRENCY_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
SYMBOLS = {code: symbol for symbol, code in CURRENCY_SYMBOLS.items()}
"""The sign of each currency code (``USD`` -> ``$``)."""


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


@dataclass(frozen=True, slots=True, kw_only=True)
class MoneyStyle:
    """How a site prints an amount, where sites differ: the currency's sign before or
    after the number, thousands marked or not, cents on whole amounts or not.

    The sign comes from the hand's currency (``$``, ``€``, ``£``; a code without a sign,
    ``CAD``, is written after the number); chips (tournaments, play money, club chips)
    have none. The default is PokerStars': ``$0.03``, ``$5``, ``$1234.50``, ``1500``.

    >>> plain = MoneyStyle()
    >>> plain.format(3, 100, "USD"), plain.format(500, 100, "USD"), plain.format(1500, 1)
    ('$0.03', '$5', '1500')
    >>> MoneyStyle(chips_grouped=True).format(1500, 1)
    '1,500'
    >>> MoneyStyle(sign_after=True).format(-610, 100, "EUR")
    '-6.10€'
    >>> MoneyStyle(cents=True, code=True).format(500, 100, "USD")
    '$5.00 USD'
    >>> MoneyStyle(grouped=True).format(166275, 100, None), plain.format(250, 100, "CAD")
    ('1,662.75', '2.50 CAD')
    """

    grouped: bool = False
    """Money (an amount in cents) marks its thousands with commas: ``$1,234.50``."""
    chips_grouped: bool = False
    """Chips (tournament and play-money chips counted whole) mark their thousands:
    ``1,500``."""
    cents: bool = False
    """A whole amount of money keeps its cents: ``$5.00`` (else ``$5``)."""
    sign_after: bool = False
    """The currency's sign follows the number: ``5€`` (else ``€5``)."""
    code: bool = False
    """The currency's code follows the amount: ``$0.50 USD``."""

    def format(self, units: int, scale: int, currency: str | None = None) -> str:
        """``units`` (in the hand's smallest unit, ``scale`` of them to a printed whole)
        as the site prints them."""
        sign = "-" if units < 0 else ""
        units = abs(units)
        whole, frac = divmod(units, scale)
        grouped = self.grouped if scale > 1 else self.chips_grouped
        text = f"{whole:,}" if grouped else str(whole)
        if scale > 1 and (frac or self.cents):
            text += f".{frac:0{len(str(scale)) - 1}d}"
        symbol = SYMBOLS.get(currency, "") if currency else ""
        if symbol:
            text = text + symbol if self.sign_after else symbol + text
        if currency and (self.code or not symbol):
            text += f" {currency}"
        return sign + text

    def examples(self) -> str:
        """A few amounts in this style, for the documentation: in dollars, or in euros
        with the sign after the number (Winamax's).

        >>> MoneyStyle(grouped=True, chips_grouped=True).examples()
        '$0.05, $5, $1,234.50; chips 1,500'
        >>> MoneyStyle(sign_after=True).examples()
        '0.05€, 5€, 1234.50€; chips 1500'
        """
        currency = "EUR" if self.sign_after else "USD"
        money = ", ".join(self.format(units, 100, currency) for units in (5, 500, 123450))
        return f"{money}; chips {self.format(1500, 1)}"


PLAIN_MONEY = MoneyStyle()
"""The default style: a sign before the number, no thousands marks, no cents on a whole
amount (``$0.03``, ``$5``, ``1500``), as PokerStars prints."""
