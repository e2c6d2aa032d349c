"""What the Players, player and Leaks pages show, read back with the standard library's HTML
parser: each table's rows of cells (``data-stat``, ``data-value``, ``data-n``, the text),
the links, the title; and a history whose players' names are script payloads."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path

PAYLOADS = ('<script>alert(1)</script>', '"><img src=x onerror=alert(2)>',
            "a/b?c=1#d&e'{{7*7}}", "Bob & co <b>bold</b>")
"""Player names that would run, or break the page, were they not escaped."""


@dataclass
class Cell:
    stat: str
    value: str
    n: str | None
    text: str = ""


@dataclass
class Shown(HTMLParser):
    """A page's tables (by id: rows of cells), links and title."""

    tables: dict[str, list[list[Cell]]] = field(default_factory=dict)
    links: list[tuple[str, str]] = field(default_factory=list)
    """``(href, text)`` of every link."""
    title: str = ""
    text: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        HTMLParser.__init__(self, convert_charrefs=True)
        self._table: str | None = None
        self._cell: Cell | None = None
        self._link: list[str] | None = None
        self._in_title = False
        self._columns: dict[str, list[str]] = {}

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "table":
            self._table = found.get("id") or f"table-{len(self.tables)}"
            self.tables[self._table] = []
            self._columns[self._table] = []
        elif tag == "th" and self._table is not None:
            self._columns[self._table].append(found.get("data-column") or "")
        elif tag == "tr" and self._table is not None:
            self.tables[self._table].append([])
        elif tag == "td" and self._table is not None:
            at = len(self.tables[self._table][-1])
            columns = self._columns[self._table]
            stat = found.get("data-stat") or (columns[at] if at < len(columns) else "")
            self._cell = Cell(stat, found.get("data-value") or "", found.get("data-n"))
        elif tag == "a":
            self._link = [found.get("href") or "", ""]
        elif tag == "h1":
            self._in_title = True

    def handle_endtag(self, tag: str) -> None:
        if tag == "table":
            self._table = None
        elif tag == "td" and self._cell is not None and self._table is not None:
            self._cell.text = self._cell.text.strip()
            self.tables[self._table][-1].append(self._cell)
            self._cell = None
        elif tag == "a" and self._link is not None:
            self.links.append((self._link[0], self._link[1].strip()))
            self._link = None
        elif tag == "h1":
            self._in_title = False

    def handle_data(self, data: str) -> None:
        self.text.append(data)
        if self._cell is not None:
            self._cell.text += data
        if self._link is not None:
            self._link[1] += data
        if self._in_title:
            self.title += data

    def rows(self, table: str) -> list[dict[str, Cell]]:
        """The rows of the table ``table`` with cells, each by its ``data-stat``."""
        return [{c.stat: c for c in row} for row in self.tables.get(table, []) if row]


def shown(html: str) -> Shown:
    page = Shown()
    page.feed(html)
    page.close()
    return page


def payload_history(folder: Path, hands: int = 200) -> Path:
    """A simulated stud session whose players (but Hero) are named :data:`PAYLOADS`."""
    from stud_hh.cli import main

    simulated = folder / "simulated.txt"
    assert main(["simulate", "--game", "stud", "--hands", str(hands), "--players", "5",
                 "--seed", "7", "-o", str(simulated)]) == 0
    text = simulated.read_text(encoding="utf-8")
    seated = dict.fromkeys(re.findall(r"^Seat \d+: (.+?) \(\$", text, re.M))
    renamed = dict(zip([n for n in seated if n != "Hero"], PAYLOADS, strict=False))
    names = "|".join(re.escape(n) for n in sorted(renamed, key=len, reverse=True))
    text = re.sub(rf"(?<!\w)(?:{names})(?!\w)", lambda m: renamed[m.group(0)], text)
    out = folder / "payloads.txt"
    out.write_text(text, encoding="utf-8")
    simulated.unlink()
    return out
