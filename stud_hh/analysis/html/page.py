"""The page shell every HTML page of stud-hh shares: one self-contained file.

A page is a title, a subtitle and a list of :class:`Section`; :func:`render_page` lays them
out with the nav bar, and writes the styles (``assets/report.css``), the chart library
(Plotly's own JavaScript, inline: never a CDN), the table sorter (``assets/tables.js``) and
the page's script (``assets/report.js``) into the file, so it opens offline and asks the
network for nothing. Templates are Jinja2 with autoescape on: every text that comes from
a hand history (player names, table names, source lines) is escaped; only the fragments
built here (tables, charts) are passed as :class:`~markupsafe.Markup`.

>>> html = render_page("A title", "", [Section("one", "One", Markup("<p>x</p>"))],
...                    plotly=False)
>>> '<a href="#one">One</a>' in html and "<title>A title</title>" in html
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from jinja2 import Environment, FunctionLoader, StrictUndefined, select_autoescape
from markupsafe import Markup

from stud_hh import __version__

__all__ = ["Markup", "Report", "Section", "asset", "json_script", "render", "render_page"]


@dataclass(frozen=True, slots=True)
class Section:
    """One part of a page: its anchor, heading, a sentence saying what it shows, its body."""

    id: str
    title: str
    body: Markup
    intro: str = ""
    nav: str = ""
    """The nav bar's shorter label (the title when empty)."""


@dataclass(frozen=True, slots=True)
class Report:
    """A page made: its HTML, whom and how many hands it covers, how many replays it holds,
    what it says about what it left out (``notes``, on the page) and what the command line
    should say too (``warnings``: hands a date filter left out for having no date)."""

    html: str
    player: str
    hands: int
    embedded: int
    notes: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()


@cache
def asset(name: str) -> str:
    """The text of a file of ``assets/`` (package data)."""
    return (resources.files("stud_hh.analysis.html") / "assets" / name).read_text(
        encoding="utf-8")


def _template_source(name: str) -> str:
    return asset(name)


@cache
def environment() -> Environment:
    """The Jinja2 environment of the pages: templates from ``assets/``, autoescaped."""
    return Environment(loader=FunctionLoader(_template_source),
                       autoescape=select_autoescape(default=True, default_for_string=True),
                       undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True,
                       keep_trailing_newline=True)


def render(template: str, **context: Any) -> Markup:
    """``assets/<template>`` rendered with ``context``, as markup to place in a page."""
    return Markup(environment().get_template(template).render(**context))


def json_script(element_id: str, data: object) -> Markup:
    """``data`` as JSON in a ``<script type="application/json">``: ``<``, ``>`` and ``&``
    escaped, so no text from a hand history can close the script."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return Markup(f'<script type="application/json" id="{element_id}">{text}</script>')


@cache
def plotly_js() -> str:
    """Plotly's JavaScript, to write once into a page (never fetched from a CDN)."""
    from plotly.offline import get_plotlyjs

    return str(get_plotlyjs())


NOTHING = Markup("")


def render_page(title: str, subtitle: str, sections: list[Section], *,
                plotly: bool = True, head: Markup = NOTHING, tail: Markup = NOTHING,
                notes: list[str] | None = None) -> str:
    """The whole page: ``sections`` with the nav bar and every style and script inline.

    ``head`` and ``tail`` are markup written once into the ``<head>`` and at the end of the
    ``<body>`` (the hand replayer's assets and the views of the hands it can open);
    ``notes`` are sentences shown under the title (what the page covers and leaves out).
    """
    return environment().get_template("page.html.j2").render(
        title=title, subtitle=subtitle, sections=sections, notes=notes or [],
        version=__version__, css=Markup(asset("report.css")),
        plotly_js=Markup(plotly_js()) if plotly else Markup(""),
        tables_js=Markup(asset("tables.js")), report_js=Markup(asset("report.js")),
        head=head, tail=tail)
