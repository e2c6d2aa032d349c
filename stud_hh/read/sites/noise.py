"""Lines that carry no game information: chat, table traffic, timers, site notices.

Every text site prints such lines between the lines of a hand, in its own
words: ``Bob said, "gl"`` (PokerStars), ``Bob: gl`` (Full Tilt), ``Bob has
15 seconds left to act``, ``Bob is disconnected``, ``The tournament is on
break``. None of them changes the game, so none of them may fail a hand.

A site lists their shapes as :class:`NoiseShape` values (``NOISE`` in its
module, the ``noise`` of its :class:`~stud_hh.read.sites.Dialect`). Before a
hand's text reaches the site's grammar, :func:`strip_noise` takes every line
that has one of those shapes out of it and turns it into a
:class:`~stud_hh.model.events.Chat` or :class:`~stud_hh.model.events.TableEvent` with its
file line; the grammar reads the rest. So a noise line may stand anywhere:
between two header lines, among the seats, inside a street, in the summary.

A shape must never match a line that carries cards, money or an action of
the hand. Where a site prints chat as a bare ``name: text``, the shape
excludes the texts that begin like an action (``exclude``), so a damaged
action line is still read by the grammar, and fails the hand with its reason.

>>> shapes = (NoiseShape(r'(?P<name>.+?) said, "(?P<text>.*)"'),
...           NoiseShape(r"(?P<name>.+?) is disconnected", TableEventKind.DISCONNECTED))
>>> noise = Noise(shapes)
>>> text = 'Bob: bets 2\\nAnn said, "nh"\\nAnn: calls 2\\nBob is disconnected\\n'
>>> kept, lines, taken = noise.strip(text, (10, 11, 12, 13))
>>> kept, lines
('Bob: bets 2\\nAnn: calls 2\\n', (10, 12))
>>> [(type(e).__name__, e.line, e.player) for e in noise.events(taken)]
[('Chat', 11, 'Ann'), ('TableEvent', 13, 'Bob')]
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from stud_hh.model.events import Chat, HandEvent, TableEvent, TableEventKind

_GROUP = re.compile(r"\(\?P<[a-z_]+>")

ColonNames = Sequence[str] | Callable[[str], Sequence[str]]
"""Seated names holding a colon, or a function of a hand's text that finds them."""


@dataclass(frozen=True, slots=True)
class NoiseShape:
    """One shape of line that carries no game information.

    ``pattern`` matches a whole line (trailing spaces already removed); its
    group ``name`` is the player it is about (absent: a table or site notice,
    kept with an empty player) and, for chat, the group ``text`` is what was
    said. ``kind`` is ``None`` for chat, else the kind of table traffic.
    ``exclude`` is a pattern that, matched at the start of the ``text``
    group, means the line is not noise after all (an action's verb).
    """

    pattern: str
    kind: TableEventKind | None = None
    exclude: str | None = None
    marks: tuple[str, ...] = ()
    """Texts one of which every line of this shape contains (``(' said, "',)``). When
    every shape of a site gives some, :meth:`Noise.strip` looks only at the lines that
    hold one: the hot path, since most hands have no noise line at all."""


@dataclass(frozen=True, slots=True)
class NoiseLine:
    """A line :meth:`Noise.strip` took out of a hand: which shape, its file line, its text."""

    shape: int
    line: int
    text: str


class Noise:
    """A site's noise shapes, with one scan of a hand's text for all of them."""

    __slots__ = ("_candidates", "_excludes", "_marks", "_patterns", "_scan", "shapes")

    def __init__(self, shapes: Iterable[NoiseShape]) -> None:
        self.shapes: tuple[NoiseShape, ...] = tuple(shapes)
        self._marks: tuple[str, ...] | None = (
            tuple(dict.fromkeys(m for s in self.shapes for m in s.marks))
            if self.shapes and all(s.marks for s in self.shapes) else None)
        alternatives = "|".join(f"(?:{_GROUP.sub('(?:', s.pattern)})" for s in self.shapes)
        self._scan: re.Pattern[str] | None = (
            re.compile(rf"^(?:{alternatives})$", re.MULTILINE) if self.shapes else None)
        self._patterns = tuple(re.compile(s.pattern) for s in self.shapes)
        self._excludes = tuple(re.compile(s.exclude) if s.exclude else None for s in self.shapes)
        self._candidates: dict[frozenset[str], tuple[int, ...]] = {}
        """The shapes a line may have, by the set of marks it holds."""

    def __bool__(self) -> bool:
        return bool(self.shapes)

    def shape_of(self, value: str) -> int | None:
        """The index of the first shape that ``value`` (one line) has, or ``None``."""
        for index, (pattern, exclude) in enumerate(
                zip(self._patterns, self._excludes, strict=True)):
            m = pattern.fullmatch(value)
            if m is None:
                continue
            said = m.groupdict().get("text")
            if exclude is not None and said is not None and exclude.match(said):
                continue
            return index
        return None

    def strip(self, text: str, lines: Sequence[int], colon_names: ColonNames = ()
              ) -> tuple[str, tuple[int, ...], list[NoiseLine]]:
        """``text`` (lines ending in ``"\\n"``, ``lines`` their file lines) without its noise
        lines: the kept text, the kept lines' file numbers and the noise lines taken out.

        ``colon_names`` are seated players whose names hold a colon (``Al: x``): a line
        naming one is noise only in a shape about that player (``Al: x has timed out``),
        never chat by someone else (``Al: x antes 5`` is his ante, not ``Al`` saying ``x
        antes 5``). It may be a function of ``text`` giving them instead, called only when
        some line of the text has a noise shape (most hands have none).

        >>> noise = Noise((NoiseShape(r"(?P<name>[^:]+?): (?P<text>.*)"),))
        >>> noise.strip("Al: x antes 5\\nBo: hi\\n", (1, 2), ("Al: x",))[:2]
        ('Al: x antes 5\\n', (1,))
        """
        scan = self._scan
        if scan is None:
            return text, tuple(lines), []
        if self._marks is not None:
            return self._strip_marked(text, lines, self._marks, colon_names)
        if scan.search(text) is None:
            return text, tuple(lines), []
        names: Sequence[str] | None = None
        kept: list[str] = []
        kept_lines: list[int] = []
        noise: list[NoiseLine] = []
        for number, value in zip(lines, text.split("\n"), strict=False):
            shape = self.shape_of(value) if scan.fullmatch(value) else None
            if shape is not None:
                if names is None:
                    names = _longest_first(colon_names, text)
                shape = self._about_colon_name(value, shape, names, range(len(self.shapes)))
            if shape is None:
                kept.append(value)
                kept_lines.append(number)
            else:
                noise.append(NoiseLine(shape, number, value))
        return "".join(v + "\n" for v in kept), tuple(kept_lines), noise

    def _about_colon_name(self, value: str, shape: int | None, names: Sequence[str],
                          candidates: Iterable[int]) -> int | None:
        """``shape``, the shape ``value`` has, unless the line begins with a seated name that
        holds a colon (``names``, longest first): then the first of ``candidates`` (shape
        indexes, in order) that ``value`` has with that name as its player, or ``None``."""
        if shape is None or not names:
            return shape
        about = [n for n in names if _begins_with(value, n)]
        if about:
            return self._shape_about(value, about, candidates)
        return shape

    def _shape_about(self, value: str, names: Sequence[str],
                     candidates: Iterable[int]) -> int | None:
        """The first shape of ``candidates`` that ``value`` has with its ``name`` one of
        ``names``, or ``None``."""
        for index in candidates:
            shape = self.shapes[index]
            if "(?P<name>" not in shape.pattern:
                continue
            for name in names:
                m = _with_name(shape.pattern, name).fullmatch(value)
                exclude = self._excludes[index]
                said = m.groupdict().get("text") if m else None
                if m and not (exclude is not None and said is not None and exclude.match(said)):
                    return index
        return None

    def _marked_shape(self, value: str, found: frozenset[str]
                      ) -> tuple[int | None, tuple[int, ...]]:
        """The first shape ``value`` has among those whose marks it holds (``found``), and
        those shapes: a shape whose marks the line lacks cannot match it."""
        candidates = self._candidates.get(found)
        if candidates is None:
            candidates = tuple(i for i, s in enumerate(self.shapes)
                               if not found.isdisjoint(s.marks))
            self._candidates[found] = candidates
        for index in candidates:
            m = self._patterns[index].fullmatch(value)
            if m is None:
                continue
            exclude = self._excludes[index]
            said = m.groupdict().get("text") if exclude is not None else None
            if exclude is not None and said is not None and exclude.match(said):
                continue
            return index, candidates
        return None, candidates

    def _strip_marked(self, text: str, lines: Sequence[int], marks: tuple[str, ...],
                      colon_names: ColonNames) -> tuple[str, tuple[int, ...], list[NoiseLine]]:
        """:meth:`strip` looking only at the lines that hold one of the shapes' marks, each
        against the shapes whose marks it holds."""
        starts: dict[int, set[str]] = {}
        for mark in marks:
            at = text.find(mark)
            while at >= 0:
                starts.setdefault(text.rfind("\n", 0, at) + 1, set()).add(mark)
                at = text.find(mark, at + 1)
        if not starts:
            return text, tuple(lines), []
        names: Sequence[str] | None = None
        taken: list[tuple[int, int, int, str]] = []
        for start in sorted(starts):
            end = text.find("\n", start)
            value = text[start:] if end < 0 else text[start:end]
            shape, candidates = self._marked_shape(value, frozenset(starts[start]))
            if shape is not None:
                if names is None:
                    names = _longest_first(colon_names, text)
                shape = self._about_colon_name(value, shape, names, candidates)
            if shape is not None:
                taken.append((start, len(text) if end < 0 else end + 1, shape, value))
        if not taken:
            return text, tuple(lines), []
        pieces: list[str] = []
        dropped: set[int] = set()
        noise: list[NoiseLine] = []
        done = 0
        for start, after, shape, value in taken:
            index = text.count("\n", 0, start)
            if index < len(lines):
                dropped.add(index)
                noise.append(NoiseLine(shape, lines[index], value))
            pieces.append(text[done:start])
            done = after
        pieces.append(text[done:])
        kept_lines = tuple(n for i, n in enumerate(lines) if i not in dropped)
        return "".join(pieces), kept_lines, noise

    def events(self, noise: Iterable[NoiseLine], names: Iterable[str] = ()) -> list[HandEvent]:
        """The events of the lines :meth:`strip` took out.

        A shape's ``name`` group is lazy, so it stops at the first separator; a
        seated player whose name holds one (``Bob said, "x``) is found from
        ``names``: the longest seated name the line starts with, if the line
        still has the shape with that name.
        """
        seated = sorted(set(names), key=len, reverse=True)
        out: list[HandEvent] = []
        for item in noise:
            shape = self.shapes[item.shape]
            m = self._patterns[item.shape].fullmatch(item.text)
            if m is None:  # pragma: no cover - strip matched it
                continue
            groups = m.groupdict()
            player = groups.get("name") or ""
            said = groups.get("text")
            if player and player not in seated:
                for name in seated:
                    if len(name) <= len(player) or not item.text.startswith(name):
                        continue
                    forced = _with_name(shape.pattern, name).fullmatch(item.text)
                    if forced is not None:
                        player, said = name, forced.groupdict().get("text")
                        break
            if shape.kind is None:
                out.append(Chat(line=item.line, player=player, text=said or ""))
            else:
                out.append(TableEvent(line=item.line, player=player, kind=shape.kind,
                                      text=item.text))
        return out


def _begins_with(value: str, name: str) -> bool:
    """Whether the line ``value`` begins with the word(s) ``name`` (``Al: x`` begins
    ``Al: x antes 5``, not ``Al: xyz``).

    >>> _begins_with("Al: x antes 5", "Al: x"), _begins_with("Al: xyz", "Al: x")
    (True, False)
    """
    if not value.startswith(name):
        return False
    after = value[len(name):len(name) + 1]
    return not after or not (after.isalnum() or after == "_")


def _longest_first(colon_names: ColonNames, text: str) -> Sequence[str]:
    """The colon names (given, or found in ``text`` by the function given), longest first."""
    found = colon_names(text) if callable(colon_names) else colon_names
    return sorted(found, key=len, reverse=True) if found else ()


@lru_cache(maxsize=1024)
def _with_name(pattern: str, name: str) -> re.Pattern[str]:
    """``pattern`` with its ``name`` group fixed to the text ``name``."""
    start = pattern.index("(?P<name>")
    depth, i = 0, start
    while i < len(pattern):
        ch = pattern[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth == 0:
                break
        i += 1
    return re.compile(pattern[:start] + f"(?P<name>{re.escape(name)})" + pattern[i + 1:])


def merge(events: Sequence[HandEvent], noise: Sequence[HandEvent]) -> tuple[HandEvent, ...]:
    """The hand's events and its noise events in file-line order (stable)."""
    if not noise:
        return tuple(events)
    out: list[HandEvent] = []
    i = 0
    for event in events:
        while i < len(noise) and noise[i].line < event.line:
            out.append(noise[i])
            i += 1
        out.append(event)
    out.extend(noise[i:])
    return tuple(out)
