"""The format catalogues of docs/formats/, read as data, and the checks every site shares.

A catalogue file lists a site's forms (see docs/formats/README.md): an id, a
template with placeholders, examples and sources. This module turns each
template into a regular expression, tells which forms a line is an instance
of, and holds the checks the per-site tests run:

* :func:`uncovered`: the forms that no line of some texts is an instance of
  (a site's generated hands must leave none);
* :func:`unmatched_lines`: the lines of some hands that are an instance of no
  form (the corpus must have none);
* :func:`check_noise_insertion`: inserting a noise line between two lines of
  a hand leaves its events (noise aside), pots and winners unchanged;
* :func:`check_hands`: generated hands parse, replay clean and balance.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from stud_hh.model.events import Chat, HandEvent, TableEvent
from stud_hh.model.hand import ParsedHand
from stud_hh.read.parse import parse_hand

DOCS = Path(__file__).resolve().parents[3] / "docs" / "formats"

SLUGS: dict[str, str] = {
    "PokerStars": "pokerstars", "Full Tilt Poker": "fulltilt", "PartyPoker": "partypoker",
    "Winamax": "winamax", "Winning Poker Network": "winning", "KingsClub": "kingsclub",
    "Everleaf": "everleaf", "OnGame": "ongame", "Absolute": "absolute", "Bovada": "bovada",
    "iPoker": "ipoker", "Merge": "merge",
}
"""The catalogue file of each site (by the site name the readers give)."""

_AMOUNT = (r"(?:[$€£¥₹]|Rs\.|[A-Z]{1,4}\$?|T\$)? ?-?(?:[$€£¥₹] ?)?"
           r"\d(?:[\d.,'\u00a0\u202f\u2009 ]*\d)?(?: ?(?:[$€£¥₹]|[A-Z]{3,4}|[Cc]hips))?")
PLACEHOLDERS: dict[str, str] = {
    "name": r".+?",
    "amount": _AMOUNT,
    "n": r"\d+",
    "id": r"[\w.\-]+",
    "card": r"\S{1,3}",
    "cards": r"[^\[\]]*?",
    "word": r"\S+",
    "text": r".*?",
    **dict.fromkeys(("game", "stakes", "table", "date", "time", "datetime", "tz"), r".+?"),
}


class CatalogueError(ValueError):
    """A catalogue file that does not follow docs/formats/README.md."""


@dataclass(frozen=True, slots=True)
class Form:
    id: str
    template: str
    examples: tuple[str, ...]
    sources: tuple[str, ...]
    section: str
    line: int
    """Its line in the catalogue file."""

    @property
    def regex(self) -> re.Pattern[str]:
        return compile_template(self.template)

    @property
    def is_noise(self) -> bool:
        return self.id.startswith("noise.")

    @property
    def is_header(self) -> bool:
        return self.id.startswith("header.")

    def matches(self, line: str) -> bool:
        return self.regex.fullmatch(line.strip()) is not None


@dataclass(frozen=True, slots=True)
class Catalogue:
    slug: str
    forms: tuple[Form, ...]
    text: str

    def __iter__(self) -> Iterator[Form]:
        return iter(self.forms)

    def form(self, form_id: str) -> Form:
        for f in self.forms:
            if f.id == form_id:
                return f
        raise KeyError(form_id)

    def forms_of(self, line: str) -> list[Form]:
        """Every form ``line`` is an instance of."""
        value = line.strip()
        return [f for f in self.forms if f.regex.fullmatch(value)]

    @property
    def noise(self) -> tuple[Form, ...]:
        return tuple(f for f in self.forms if f.is_noise)


# ---------------------------------------------------------------------------
# Reading a catalogue
# ---------------------------------------------------------------------------

_ITEM = re.compile(r"- `(?P<id>[a-z0-9][a-z0-9_.\-]*)` +`(?P<template>.+)`\s*$")
_EXAMPLE = re.compile(r"\s+- e\.g\. `(?P<example>.*)`\s*$")
_FROM = re.compile(r"\s+- from: (?P<source>.+?)\s*$")


def compile_template(template: str) -> re.Pattern[str]:
    """The regular expression of a template (see docs/formats/README.md).

    >>> bool(compile_template("{name}: posts the ante {amount}{? and is all-in}")
    ...      .fullmatch("Ann: posts the ante $0.02 and is all-in"))
    True
    >>> bool(compile_template("{name} {bets|raises} {amount}").fullmatch("Bob raises 1,500"))
    True
    """
    return _compile(template)


@cache
def _compile(template: str) -> re.Pattern[str]:
    try:
        return re.compile(_to_regex(template))
    except re.error as exc:
        raise CatalogueError(f"template {template!r} does not compile: {exc}") from None


def _to_regex(template: str) -> str:
    out: list[str] = []
    i = 0
    while i < len(template):
        ch = template[i]
        if ch != "{":
            if ch == "}":
                raise CatalogueError(f"unbalanced '}}' in template {template!r}")
            out.append(re.escape(ch))
            i += 1
            continue
        end = _closing(template, i)
        body = template[i + 1:end]
        i = end + 1
        if body.startswith("?"):
            out.append(f"(?:{_to_regex(body[1:])})?")
        elif "|" in body:
            out.append("(?:" + "|".join(_to_regex(alt) for alt in _split_top(body)) + ")")
        elif body in PLACEHOLDERS:
            out.append(f"(?:{PLACEHOLDERS[body]})")
        else:
            raise CatalogueError(f"unknown placeholder {{{body}}} in template {template!r}")
    return "".join(out)


def _closing(template: str, start: int) -> int:
    depth = 0
    for j in range(start, len(template)):
        if template[j] == "{":
            depth += 1
        elif template[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    raise CatalogueError(f"unbalanced '{{' in template {template!r}")


def _split_top(body: str) -> list[str]:
    parts, depth, current = [], 0, []
    for ch in body:
        if ch == "{":
            depth += 1
        elif ch == "}":
            depth -= 1
        if ch == "|" and depth == 0:
            parts.append("".join(current))
            current = []
        else:
            current.append(ch)
    parts.append("".join(current))
    return parts


def parse_catalogue(text: str, slug: str = "<text>") -> Catalogue:
    """The forms of a catalogue file's text."""
    forms: list[Form] = []
    section = ""
    current: dict[str, object] | None = None

    def close() -> None:
        if current is not None:
            forms.append(Form(id=str(current["id"]), template=str(current["template"]),
                              examples=tuple(current["examples"]),  # type: ignore[arg-type]
                              sources=tuple(current["sources"]),  # type: ignore[arg-type]
                              section=section, line=int(current["line"])))  # type: ignore[call-overload]

    in_code = False
    for number, line in enumerate(text.split("\n"), 1):
        if line.startswith("```"):
            in_code = not in_code
            continue
        if in_code:
            continue
        if line.startswith("#"):
            close()
            current = None
            section = line.lstrip("#").strip()
            continue
        item = _ITEM.match(line)
        if item:
            close()
            current = {"id": item["id"], "template": item["template"], "examples": [],
                       "sources": [], "line": number}
            compile_template(item["template"])
            continue
        if current is None:
            continue
        example = _EXAMPLE.match(line)
        source = _FROM.match(line)
        if example:
            current["examples"].append(example["example"])  # type: ignore[attr-defined]
        elif source:
            current["sources"].append(source["source"])  # type: ignore[attr-defined]
        elif line.strip() and not line.startswith((" ", "\t")):
            close()
            current = None
    close()
    ids = [f.id for f in forms]
    repeated = sorted({i for i in ids if ids.count(i) > 1})
    if repeated:
        raise CatalogueError(f"{slug}: form ids used twice: {', '.join(repeated)}")
    return Catalogue(slug, tuple(forms), text)


@cache
def catalogue(slug: str) -> Catalogue:
    """The catalogue ``docs/formats/<slug>.md``."""
    path = DOCS / f"{slug}.md"
    return parse_catalogue(path.read_text(encoding="utf-8"), slug)


def catalogue_of_site(site: str) -> Catalogue:
    return catalogue(SLUGS[site])


def tables(text: str, heading: str) -> list[dict[str, str]]:
    """The rows of the first markdown table under the heading ``heading``, as dicts."""
    lines = text.split("\n")
    try:
        start = next(i for i, line in enumerate(lines)
                     if line.startswith("#") and line.lstrip("#").strip() == heading)
    except StopIteration:
        raise CatalogueError(f"no section {heading!r}") from None
    rows: list[list[str]] = []
    for line in lines[start + 1:]:
        if line.startswith("#"):
            break
        if line.startswith("|"):
            cells = [c.strip() for c in re.split(r"(?<!\\)\|", line.strip())[1:-1]]
            if not all(set(c) <= set("-: ") for c in cells):
                rows.append([c.replace("\\|", "|") for c in cells])
        elif rows:
            break
    if not rows:
        raise CatalogueError(f"no table under {heading!r}")
    head, *body = rows
    return [dict(zip(head, row, strict=False)) for row in body]


# ---------------------------------------------------------------------------
# Checks
# ---------------------------------------------------------------------------


XML_SLUGS = frozenset({"ipoker", "merge"})
"""The sites whose hands are XML documents: their forms are templates of elements, and a
line that holds several elements (iPoker writes a round's cards and actions on one line)
is matched element by element."""

_PIECE = re.compile(r"<(?P<tag>[\w:.-]+)\b[^<>]*(?<!/)>[^<>]*</(?P=tag)\s*>|<[^<>]*>|[^<>]+")
"""One element with its text (``<cards ...>X X H6</cards>``), one tag, or text between tags."""


def text_lines(texts: Iterable[str], xml: bool = False) -> Iterator[str]:
    """The non-blank lines of ``texts``; with ``xml``, the elements of each line (see
    :data:`XML_SLUGS`)."""
    for text in texts:
        for line in text.split("\n"):
            if not line.strip():
                continue
            if not xml:
                yield line
                continue
            for m in _PIECE.finditer(line):
                if m.group().strip():
                    yield m.group().strip()


def uncovered(cat: Catalogue, texts: Iterable[str]) -> list[str]:
    """The ids of the forms no line of ``texts`` is an instance of."""
    left = {f.id: f for f in cat.forms}
    for line in text_lines(texts, cat.slug in XML_SLUGS):
        if not left:
            break
        value = line.strip()
        for form_id in [i for i, f in left.items() if f.regex.fullmatch(value)]:
            del left[form_id]
    return sorted(left)


def unmatched_lines(cat: Catalogue, texts: Iterable[str]) -> list[str]:
    """The lines of ``texts`` that are an instance of no form."""
    return [line for line in text_lines(texts, cat.slug in XML_SLUGS)
            if not cat.forms_of(line)]


def without_noise(events: Iterable[HandEvent]) -> list[HandEvent]:
    """The events other than chat and table traffic, with their lines set to 0."""
    return [dataclasses.replace(e, line=0) for e in events
            if not isinstance(e, Chat | TableEvent)]


def instance(form: Form, rng: random.Random, names: Sequence[str]) -> str:
    """An instance of ``form``: one of its examples, with a seated player's name (one of
    ``names``) put where the template's ``{name}`` stands when that still fits it."""
    example = rng.choice(form.examples)
    if "{name}" not in form.template or not names:
        return example
    name = rng.choice(list(names))
    candidate = _fill(form.template, example, name)
    return candidate if candidate is not None and form.matches(candidate) else example


def _fill(template: str, example: str, name: str) -> str | None:
    """``example`` with the text where the template's first ``{name}`` stands replaced."""
    head, _, _ = template.partition("{name}")
    regex = _to_regex(head) + "(?P<__name>.+?)" + _to_regex(template[len(head) + 6:])
    m = re.fullmatch(regex, example)
    if m is None:
        return None
    return example[:m.start("__name")] + name + example[m.end("__name"):]


def insert_line(text: str, index: int, line: str) -> str:
    """``text`` with ``line`` inserted before its ``index``-th line (0-based, > 0)."""
    lines = text.rstrip("\n").split("\n")
    lines.insert(index, line)
    return "\n".join(lines) + "\n"


def check_noise_insertion(hand_text: str, noise_line: str, index: int,
                          profile: str | None = None) -> None:
    """Inserting ``noise_line`` before line ``index`` of a hand changes nothing but the
    noise: events (noise aside, lines aside), pots and winners are equal."""
    from stud_hh.replay import replay

    before = parse_hand(hand_text)
    after = parse_hand(insert_line(hand_text, index, noise_line))
    assert without_noise(after.events) == without_noise(before.events), (index, noise_line)
    seats = [dataclasses.replace(s, line=0) for s in after.header.seats]
    assert seats == [dataclasses.replace(s, line=0) for s in before.header.seats]
    noise_after = [e for e in after.events if isinstance(e, Chat | TableEvent)]
    noise_before = [e for e in before.events if isinstance(e, Chat | TableEvent)]
    assert len(noise_after) == len(noise_before) + 1, (index, noise_line)
    r_before, r_after = replay(before, profile or "site"), replay(after, profile or "site")
    assert [(p.amount, sorted(p.eligible)) for p in r_after.pots] == \
        [(p.amount, sorted(p.eligible)) for p in r_before.pots]
    assert r_after.nets == r_before.nets
    assert [v.rule for v in r_after.violations] == [v.rule for v in r_before.violations]


def check_hands(texts: Sequence[str], site: str, profile: str | None = None) -> list[ParsedHand]:
    """Every text is one hand of ``site`` that parses, replays with zero violations under
    its site's profile (or ``profile``) and balances; returns the parsed hands."""
    from stud_hh.replay import replay

    parsed = []
    problems: list[str] = []
    for text in texts:
        try:
            hand = parse_hand(text)
        except Exception as exc:
            problems.append(f"does not parse: {exc}\n{text}")
            continue
        parsed.append(hand)
        if hand.header.site != site:
            problems.append(f"hand {hand.hand_id} read as {hand.header.site}, not {site}")
            continue
        replayed = replay(hand, profile or "site")
        for v in replayed.violations:
            problems.append(f"hand {hand.hand_id} line {v.line}: {v.rule}: {v.message}")
        if sum(replayed.nets.values()) != -replayed.rake or replayed.rake < 0:
            problems.append(f"hand {hand.hand_id}: nets {replayed.nets} do not balance the "
                            f"rake {replayed.rake}")
    assert not problems, "\n\n".join(problems)
    return parsed
