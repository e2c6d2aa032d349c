"""Tables as text for a terminal: columns padded to their widest cell, the first ones (names,
keys) to the left and numbers to the right, and a table too wide for the terminal cut to
its leading columns with a word saying which were left out.

>>> print(table(["player", "hands", "VPIP"], [["Hero", "55", "51%"], ["Ann", "7", "-"]]))
player  hands  VPIP
Hero       55   51%
Ann         7     -
"""

from __future__ import annotations

import re
from collections.abc import Sequence

GAP = "  "
"""Between two columns."""
ELLIPSIS = "…"


def shorten(text: str, width: int) -> str:
    """``text`` cut to ``width`` characters, its end marked when cut.

    >>> shorten("Nikolay Zemlyakov", 10), shorten("Hero", 10)
    ('Nikolay Z…', 'Hero')
    """
    return text if len(text) <= width else text[:width - 1] + ELLIPSIS


def clauses(line: str, width: int, indent: str = "  ") -> str:
    """``line`` cut into lines of at most ``width`` characters between its clauses (after a
    comma or a semicolon), so that a figure stays beside what it counts; a clause longer
    than a line stands alone.

    >>> print(clauses("Tournaments: 7 played, paid $38.50 (n=7), won $9.00 (n=5)", 30))
    Tournaments: 7 played,
      paid $38.50 (n=7),
      won $9.00 (n=5)
    """
    lines: list[str] = []
    for clause in re.split(r"(?<=[,;]) ", line):
        if lines and len(lines[-1]) + 1 + len(clause) <= width:
            lines[-1] += " " + clause
        else:
            lines.append(clause if not lines else indent + clause)
    return "\n".join(lines)


def widths(heads: Sequence[str], rows: Sequence[Sequence[str]]) -> list[int]:
    """Each column's width: its widest cell or heading."""
    return [max([len(heads[i]), *(len(row[i]) for row in rows)]) for i in range(len(heads))]


def fitting(sizes: Sequence[int], keep: int, width: int) -> int:
    """How many leading columns of ``sizes`` fit in ``width`` characters (never fewer than
    ``keep``, the key columns).

    >>> fitting([6, 5, 4, 4], keep=1, width=20), fitting([6, 5, 4, 4], keep=1, width=80)
    (3, 4)
    """
    used = 0
    for count, size in enumerate(sizes, start=1):
        used += size + (len(GAP) if count > 1 else 0)
        if used > width and count > keep:
            return count - 1
    return len(sizes)


def table(heads: Sequence[str], rows: Sequence[Sequence[str]], *, left: int = 1) -> str:
    """``rows`` under ``heads``: the first ``left`` columns aligned left, the others right."""
    sizes = widths(heads, rows)
    lines = [_line(heads, sizes, left)]
    lines.extend(_line(row, sizes, left) for row in rows)
    return "\n".join(lines)


def _line(cells: Sequence[str], sizes: Sequence[int], left: int) -> str:
    return GAP.join(c.ljust(w) if i < left else c.rjust(w)
                    for i, (c, w) in enumerate(zip(cells, sizes, strict=True))).rstrip()
