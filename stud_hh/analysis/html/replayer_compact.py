"""The replayer's views as a page embeds them: each step only what changed.

A :func:`~stud_hh.analysis.html.replayer.hand_view` repeats the whole table at every step
(every stack and its text, every player's cards, the folds, the hand names), so an
eight-player hand to 7th street is about 100 KB of JSON and a report of hundreds of hands
tens of MB. :func:`compact_view` writes the same view with, per step, only what differs
from the step before; ``assets/replayer.js`` (``expand``) rebuilds the full steps once when
a hand is opened, so the rendering reads the same view. :func:`expand_view` is that
expansion in Python: the tests hold it to ``expand_view(compact_view(view)) == view``.

The compact view is the full view less its ``steps``, plus:

- ``"v": 1``, the format;
- ``"P"``: the players, by index (the seats', then any other a step names);
- ``"$"``: the text of every amount (``{"units": "text"}``), for ``pot_text``,
  ``stack_texts`` and ``front_texts``;
- ``"T"``: the text of every source line a step shows (``{"line": "text"}``), once;
- ``"s"``: the steps, each with short keys and the defaults left out: ``k`` kind, ``a``
  label (``""``), ``n`` notes (``[]``), ``s`` street (``None``), ``l`` line (``None``),
  ``L`` lines (``[line]``, or ``[]`` without a line), ``w`` player index (``None``), ``t``
  text (its line's in ``T``), ``v`` indices into the view's ``violations`` (``[]``), ``r`` 1 when a
  result step (``False``); the table as changes from the step before (before the first:
  nothing): ``p`` pot, ``c`` common card, ``f`` folded (player indices, all of them),
  ``h`` the hero's live and dead cards (:mod:`~.replayer_equity`), and ``S`` stacks,
  ``B`` the chips in front of each player, ``C`` cards, ``N`` hand names as
  ``[index, value, ...]`` of the entries that changed (``S=``, ``B=``, ``C=``, ``N=`` the
  whole table instead, should an entry ever go). A player's cards are one string, a slot
  a word: the card or ``??``, ``+`` before it face up (``"?? ?? +Kd"``).

>>> view = {"key": "k", "violations": [], "steps": [
...     {"kind": "start", "label": "", "notes": [], "street": None, "line": 1, "lines": [1],
...      "player": None, "text": "Seat 1", "violations": [], "result": False, "pot": 0,
...      "pot_text": "$0", "stacks": {"Ann": 100}, "stack_texts": {"Ann": "$1"},
...      "front": {"Ann": 0}, "front_texts": {"Ann": "$0"},
...      "cards": {"Ann": [{"card": None, "up": False}, {"card": "Kd", "up": True}]},
...      "folded": [], "common": None, "names": {}, "hero_cards": None}]}
>>> small = compact_view(view)
>>> small["s"]  # doctest: +NORMALIZE_WHITESPACE
[{'k': 'start', 'l': 1, 'p': 0, 'c': None, 'f': [], 'h': None, 'S': [0, 100],
  'C': [0, '?? +Kd'], 'B': [0, 0]}]
>>> expand_view(small) == view
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

__all__ = ["compact_view", "expand_view"]

FORMAT = 1

_TABLES = (("S", "stacks"), ("C", "cards"), ("N", "names"), ("B", "front"))
"""The per-player tables sent as changes: compact key, view key."""


def compact_view(view: dict[str, Any]) -> dict[str, Any]:
    """``view`` with its steps as changes (see the module's docstring)."""
    steps = view["steps"]
    players = _Players(seat["player"] for seat in view.get("seats", ()))
    amounts: dict[str, str] = {}
    texts: dict[str, str] = {}
    out: list[dict[str, Any]] = []
    before: dict[str, Any] = {}
    for step in steps:
        small = _words(step, players, view["violations"], texts)
        amounts[str(step["pot"])] = step["pot_text"]
        for units_of, texts_of in (("stacks", "stack_texts"), ("front", "front_texts")):
            for name, units in step[units_of].items():
                amounts[str(units)] = step[texts_of][name]
        for key, value in (("p", step["pot"]), ("c", step["common"]),
                           ("f", [players.index(p) for p in step["folded"]]),
                           ("h", step["hero_cards"])):
            if key not in before or before[key] != value:
                small[key] = before[key] = value
        for key, field in _TABLES:
            table = {name: _cards(v) if key == "C" else v for name, v in step[field].items()}
            small.update(_changes(key, before.get(key, {}), table, players.index))
            before[key] = table
        out.append(small)
    rest = {k: v for k, v in view.items() if k != "steps"}
    return {"v": FORMAT, **rest, "P": players.names, "$": amounts, "T": texts, "s": out}


def _words(step: dict[str, Any], players: _Players, violations: list[Any],
           texts: dict[str, str]) -> dict[str, Any]:
    """A step's own fields (not the table), each left out at its default; its text is
    its line's in ``texts`` (the first text seen for the line)."""
    line = step["line"]
    if line is not None and step["text"]:
        texts.setdefault(str(line), step["text"])
    small: dict[str, Any] = {"k": step["kind"]}
    optional: tuple[tuple[str, Any, Any], ...] = (
                ("a", step["label"], ""), ("n", step["notes"], []), ("s", step["street"], None),
                ("l", line, None), ("L", step["lines"], [] if line is None else [line]),
                ("w", None if step["player"] is None else players.index(step["player"]), None),
                ("t", step["text"], _text(texts, line)),
                ("v", [violations.index(v) for v in step["violations"]], []),
                ("r", 1 if step["result"] else 0, 0))
    small.update((key, value) for key, value, default in optional if value != default)
    return small


def _text(texts: dict[str, str], line: int | None) -> str:
    return "" if line is None else texts.get(str(line), "")


def _changes(key: str, before: dict[str, Any], after: dict[str, Any],
             index: Callable[[str], int]) -> dict[str, list[Any]]:
    """``after`` as the entries changed since ``before`` (``{}``: none), or whole when
    setting those on ``before`` would not give it (an entry gone)."""
    changed = [(name, v) for name, v in after.items() if name not in before or before[name] != v]
    if list({**before, **dict(changed)}.items()) != list(after.items()):
        return {f"{key}=": [x for name, v in after.items() for x in (index(name), v)]}
    return {key: [x for name, v in changed for x in (index(name), v)]} if changed else {}


def _cards(slots: list[dict[str, Any]]) -> str:
    return " ".join(("+" if slot["up"] else "") + (slot["card"] or "??") for slot in slots)


class _Players:
    """Player names by index, in order of first use."""

    def __init__(self, names: Any) -> None:
        self.names: list[str] = []
        self._index: dict[str, int] = {}
        for name in names:
            self.index(name)

    def index(self, name: str) -> int:
        found = self._index.get(name)
        if found is None:
            found = self._index[name] = len(self.names)
            self.names.append(name)
        return found


def expand_view(small: dict[str, Any]) -> dict[str, Any]:
    """The full view of a :func:`compact_view` (what ``replayer.js`` rebuilds)."""
    if small.get("v") != FORMAT:
        raise ValueError(f"not a compact view of format {FORMAT}: {small.get('v')!r}")
    players, amounts = small["P"], small["$"]
    steps: list[dict[str, Any]] = []
    table: dict[str, Any] = {"p": 0, "c": None, "f": [], "h": None,
                             "S": {}, "C": {}, "N": {}, "B": {}}
    for s in small["s"]:
        table.update((key, s[key]) for key in ("p", "c", "f", "h") if key in s)
        for key, _ in _TABLES:
            if f"{key}=" in s:
                table[key] = {}
            pairs = s.get(key, s.get(f"{key}=", []))
            table[key] = {**table[key], **{players[i]: v for i, v in
                                           zip(pairs[::2], pairs[1::2], strict=True)}}
        line = s.get("l")
        steps.append({
            "kind": s["k"], "label": s.get("a", ""), "notes": s.get("n", []),
            "street": s.get("s"), "line": line,
            "lines": s.get("L", [] if line is None else [line]),
            "player": None if s.get("w") is None else players[s["w"]],
            "pot": table["p"], "pot_text": amounts[str(table["p"])],
            "stacks": dict(table["S"]),
            "stack_texts": {name: amounts[str(units)] for name, units in table["S"].items()},
            "front": dict(table["B"]),
            "front_texts": {name: amounts[str(units)] for name, units in table["B"].items()},
            "cards": {name: _slots(text) for name, text in table["C"].items()},
            "folded": [players[i] for i in table["f"]],
            "common": table["c"],
            "names": {name: dict(names) for name, names in table["N"].items()},
            "hero_cards": table["h"],
            "text": s["t"] if "t" in s else _text(small["T"], line),
            "violations": [small["violations"][i] for i in s.get("v", [])],
            "result": bool(s.get("r")),
        })
    rest = {k: v for k, v in small.items() if k not in ("v", "P", "$", "T", "s")}
    return {**rest, "steps": steps}


def _slots(text: str) -> list[dict[str, Any]]:
    return [{"card": None if word.lstrip("+") == "??" else word.lstrip("+"),
             "up": word.startswith("+")} for word in text.split()]
