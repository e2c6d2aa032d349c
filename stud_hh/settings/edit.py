"""Changing the settings file (``stud-hh config set|unset|add|remove``), keeping the rest.

The file is edited as a TOML document (``tomlkit``), so its comments, order and layout
stay as the user wrote them; the changed file is read back as settings before it
replaces the old one (whole or not at all), so an edit never leaves a file that does not
read. The grammar, one key at a time::

    set database DIR            unset database
    set folders DIR...          add folders DIR...      remove folders DIR...
    set hero SITE NAME...       add hero SITE NAME...   remove hero SITE [NAME...]
    set alias PERSON SITE:NAME...   add alias PERSON SITE:NAME...
    remove alias PERSON [SITE:NAME...]                  unset hero | unset aliases
    set hud STAT LOW HIGH       set hud min_sample N    unset hud [STAT|min_sample]

>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "settings.toml"
>>> change(path, "add", "hero", ["pokerstars", "Hero"])
'hero: PokerStars = Hero'
>>> change(path, "add", "alias", ["Villain", "PokerStars:VillainA", "Full Tilt Poker:VB"])
'aliases: Villain = PokerStars:VillainA, Full Tilt Poker:VB'
>>> print(path.read_text(encoding="utf-8").strip())
[hero]
PokerStars = ["Hero"]
<BLANKLINE>
[aliases]
Villain = ["PokerStars:VillainA", "Full Tilt Poker:VB"]
"""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import tomlkit
from tomlkit.items import Array, Table

from stud_hh.model.errors import UsageError
from stud_hh.settings.file import (
    load_settings,
    parse_alias_member,
    parse_settings,
    site_named,
    thresholds_of,
    unknown_site,
)
from stud_hh.settings.hud import STATS

__all__ = ["ACTIONS", "GRAMMAR", "change", "key_named", "set_hud"]

ACTIONS = ("set", "unset", "add", "remove")
GRAMMAR = {
    "database": "set database DIR | unset database",
    "folders": "set|add|remove folders DIR... | unset folders",
    "hero": "set|add hero SITE NAME... | remove hero SITE [NAME...] | unset hero",
    "aliases": "set|add alias PERSON SITE:NAME... | remove alias PERSON [SITE:NAME...] | "
               "unset aliases",
    "hud": "set hud STAT LOW HIGH | set hud min_sample N | unset hud [STAT|min_sample]",
}
"""What each key takes, in ``stud-hh config``'s words."""
_SPELLINGS = {"database": "database", "db": "database", "folders": "folders",
              "folder": "folders", "hero": "hero", "heroes": "hero", "alias": "aliases",
              "aliases": "aliases", "hud": "hud"}


def key_named(text: str) -> str:
    """The settings key ``text`` names (``alias`` is ``aliases``, ``folder`` ``folders``)."""
    key = _SPELLINGS.get(text.casefold())
    if key is None:
        raise UsageError(f"no setting {text!r} (the settings are database, folders, hero, "
                         "aliases, hud: docs/settings.md)")
    return key


def change(path: Path, action: str, key_text: str, values: Sequence[str]) -> str:
    """Change the settings file ``path`` (created if missing) and say what changed, in a
    line. A damaged file is refused (:class:`~stud_hh.model.errors.SettingsError`), as is
    an edit the grammar does not allow (:class:`~stud_hh.model.errors.UsageError`)."""
    if action not in ACTIONS:
        raise UsageError(f"no action {action!r}: config {' | '.join(ACTIONS)} KEY ...")
    key = key_named(key_text)
    old = load_settings(path)  # refuses a damaged file, naming its line
    text = path.read_text(encoding="utf-8") if old.exists else ""
    doc = tomlkit.parse(text)
    said = _EDITS[key](doc, action, list(values))
    new_text = tomlkit.dumps(doc)
    parse_settings(new_text, path)  # what is written reads back
    _write(path, new_text)
    return said


def set_hud(path: Path, thresholds: Mapping[str, tuple[float, float]],
            min_sample: int | None = None) -> str:
    """Set the live HUD's ``thresholds`` (and ``min_sample``) in the settings file ``path``
    in one write, keeping the rest (the app's form); says what was set, in a line."""
    old = load_settings(path)
    doc = tomlkit.parse(path.read_text(encoding="utf-8") if old.exists else "")
    said = [_hud(doc, "set", [name, *map(_number, pair)]) for name, pair in thresholds.items()]
    if min_sample is not None:
        said.append(_hud(doc, "set", ["min_sample", str(min_sample)]))
    new_text = tomlkit.dumps(doc)
    parse_settings(new_text, path)
    _write(path, new_text)
    return "; ".join(said) or "hud: unchanged"


def _number(value: float) -> str:
    return f"{value:g}"


def _write(path: Path, text: str) -> None:
    """``text`` into ``path``, whole or not at all."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.stud-hh-tmp")
    try:
        temporary.write_text(text, encoding="utf-8")
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def _usage(key: str, why: str) -> UsageError:
    return UsageError(f"{why} (config {GRAMMAR[key]})")


def _database(doc: Any, action: str, values: list[str]) -> str:
    if action == "unset" and not values:
        doc.pop("database", None)
        return "database: unset (give --db to each command)"
    if action != "set" or len(values) != 1:
        raise _usage("database", "database takes one folder or URL")
    value = values[0] if "://" in values[0] else _folder_text(values[0])
    doc["database"] = value
    return f"database = {value}"


def _folder_text(text: str) -> str:
    """A folder as the file keeps it: ``~`` kept as written, a relative one made absolute
    (it would otherwise mean another folder from another working folder)."""
    if text.startswith("~"):
        return text
    return str(Path(text).resolve())


def _same_folder(a: str, b: str) -> bool:
    return Path(a).expanduser().resolve() == Path(b).expanduser().resolve()


def _folders(doc: Any, action: str, values: list[str]) -> str:
    if action == "unset" and not values:
        doc.pop("folders", None)
        return "folders: unset"
    if action == "unset" or not values:
        raise _usage("folders", f"{action} folders needs one folder or more")
    current = [str(v) for v in doc.get("folders", [])]
    if isinstance(doc.get("folders"), str):
        current = [str(doc["folders"])]
    wanted = [_folder_text(v) for v in values]
    if action == "set":
        current = wanted
    elif action == "add":
        current += [w for w in wanted if not any(_same_folder(w, c) for c in current)]
    else:
        for value, folder in zip(values, wanted, strict=True):
            if not any(_same_folder(folder, c) for c in current):
                listed = ", ".join(current) or "none"
                raise UsageError(f"{value} is not among the folders (they are: {listed})")
        current = [c for c in current if not any(_same_folder(w, c) for w in wanted)]
    if not current:
        doc.pop("folders", None)
        return "folders: none"
    array = tomlkit.array()
    array.extend(current)
    if len(current) > 1:
        array.multiline(True)
    doc["folders"] = array
    return f"folders = {', '.join(current)}"


def _table(doc: Any, name: str) -> Table:
    if name not in doc:
        doc[name] = tomlkit.table()
    table = doc[name]
    if not isinstance(table, Table):
        raise UsageError(f"{name} in the settings file is not a table: edit it by hand")
    return table


def _names(table: Table, key: str) -> list[str]:
    value = table.get(key, [])
    return [str(value)] if isinstance(value, str) else [str(v) for v in value]


def _put(table: Table, key: str, names: list[str]) -> None:
    if not names:
        table.pop(key, None)
        return
    array: Array = tomlkit.array()
    array.extend(names)
    table[key] = array


def _hero(doc: Any, action: str, values: list[str]) -> str:
    if action == "unset" and not values:
        doc.pop("hero", None)
        return "hero: unset"
    if not values or (action in ("set", "add") and len(values) < 2):
        raise _usage("hero", f"{action} hero needs a site and names")
    site = site_named(values[0])
    if site is None:
        raise UsageError(unknown_site(values[0]))
    table = _table(doc, "hero")
    key = next((str(k) for k in table if site_named(str(k)) == site), site)
    names = _names(table, key)
    given = [v.strip() for v in values[1:] if v.strip()]
    if action == "set":
        names = given
    elif action == "add":
        names += [n for n in given if n not in names]
    else:  # remove (or unset) SITE [NAME...]
        missing = [n for n in given if n not in names]
        if missing:
            raise UsageError(f"{', '.join(missing)} is not a hero name at {site} (the names "
                             f"there: {', '.join(names) or 'none'})")
        names = [n for n in names if n not in given] if given else []
    _put(table, key, names)
    if not table:
        doc.pop("hero", None)
    return f"hero: {site} = {', '.join(names) or '(none)'}"


def _aliases(doc: Any, action: str, values: list[str]) -> str:
    if action == "unset" and not values:
        doc.pop("aliases", None)
        return "aliases: unset"
    if not values or (action in ("set", "add") and len(values) < 2):
        raise _usage("aliases", f"{action} alias needs a person and SITE:NAME names")
    person = values[0].strip()
    try:
        given = [f"{s}:{n}" for s, n in (parse_alias_member(v) for v in values[1:])]
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    table = _table(doc, "aliases")
    key = next((str(k) for k in table if str(k) == person), person)
    members = [_member_text(m) for m in _names(table, key)]
    if action == "set":
        members = given
    elif action == "add":
        members += [m for m in given if m not in members]
    else:
        if key not in table:
            raise UsageError(f"no alias {person!r} (the aliases: "
                             f"{', '.join(str(k) for k in table) or 'none'})")
        missing = [m for m in given if m not in members]
        if missing:
            raise UsageError(f"{', '.join(missing)} is not in the alias {person!r}")
        members = [m for m in members if m not in given] if given else []
    _put(table, key, members)
    if not table:
        doc.pop("aliases", None)
    return f"aliases: {person} = {', '.join(members) or '(removed)'}"


def _member_text(text: str) -> str:
    """A member as written again: its site named as stored (``pokerstars:X`` is
    ``PokerStars:X``)."""
    try:
        site, name = parse_alias_member(text)
    except ValueError:
        return text
    return f"{site}:{name}"


def _hud(doc: Any, action: str, values: list[str]) -> str:
    if action == "unset" and not values:
        doc.pop("hud", None)
        return "hud: unset (the default thresholds)"
    name = values[0] if values else ""
    if name != "min_sample" and name not in STATS:
        raise _usage("hud", f"no HUD statistic {name!r} (the HUD's: {', '.join(STATS)}; and "
                     "min_sample)" if name else f"{action} hud needs a statistic")
    table = _table(doc, "hud")
    if action == "unset" and len(values) == 1:
        table.pop(name, None)
        if not table:
            doc.pop("hud", None)
        return f"hud: {name} unset (its default)"
    if action != "set":
        raise _usage("hud", f"hud takes set or unset, not {action}")
    if name == "min_sample":
        if len(values) != 2 or not values[1].isdigit():
            raise _usage("hud", "min_sample takes one whole number")
        table[name] = int(values[1])
        return f"hud: min_sample = {int(values[1])}"
    try:
        low, high = thresholds_of(values[1:])
    except ValueError as exc:
        raise _usage("hud", f"{name}: {exc}") from None
    array: Array = tomlkit.array()
    array.extend([_plain(low), _plain(high)])
    table[name] = array
    return f"hud: {name} = [{low:g}, {high:g}]"


def _plain(value: float) -> float | int:
    """A whole threshold written as an integer (``20``, not ``20.0``)."""
    return int(value) if value.is_integer() else value


_EDITS: dict[str, Callable[[Any, str, list[str]], str]] = {
    "database": _database, "folders": _folders, "hero": _hero, "aliases": _aliases,
    "hud": _hud}
