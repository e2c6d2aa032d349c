"""The settings file: who the player is, and where the histories and the database are.

One TOML file in the user's configuration folder (``platformdirs``:
``~/.config/stud-hh/settings.toml`` on Linux, ``~/Library/Application
Support/stud-hh/settings.toml`` on macOS, ``%LOCALAPPDATA%\\stud-hh\\settings.toml`` on
Windows), or the file the environment variable ``STUD_HH_CONFIG`` names::

    database = "~/poker/stud.db"
    folders = ["~/.wine/drive_c/Program Files/PokerStars/HandHistory/Hero"]

    [hero]
    PokerStars = ["Hero", "Hero2"]
    "Full Tilt Poker" = ["HeroFT"]

    [aliases]
    Villain = ["PokerStars:VillainA", "Full Tilt Poker:VillainB"]

Every key is optional and a missing file is an empty one. A file that is not TOML, or
holds a key or value that means nothing, is a :class:`SettingsError` naming the file,
the line and what is wrong; ``docs/settings.md`` describes every key.

>>> s = parse_settings('[hero]\\npokerstars = "Hero"\\n', Path("s.toml"))
>>> s.hero, s.hero_pairs()
((('PokerStars', ('Hero',)),), (('PokerStars', 'Hero'),))
>>> parse_settings('database = 3\\n', Path("s.toml"))
Traceback (most recent call last):
...
stud_hh.model.errors.SettingsError: s.toml:1: database: a folder or URL as text, not 3
    database = 3
"""

from __future__ import annotations

import difflib
import os
import re
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from stud_hh.model.errors import SettingsError
from stud_hh.rules.profiles import SITE_PROFILES
from stud_hh.settings.hud import DEFAULTS, STATS, Hud

__all__ = ["ENV", "KEYS", "SITES", "Settings", "load_settings", "parse_alias_member",
           "parse_settings", "settings_path", "site_named", "thresholds_of", "unknown_site"]

ENV = "STUD_HH_CONFIG"
"""The environment variable that names another settings file (every test sets it)."""
APP = "stud-hh"
FILE_NAME = "settings.toml"

KEYS = {
    "database": "the database folder (or URL) of every command given no --db",
    "folders": "the history folders `import` reads and `watch` follows when given none",
    "hero": "your screen names, per site: [hero] PokerStars = [\"Hero\"]",
    "aliases": "several names that are one person: [aliases] Name = [\"SITE:NAME\", ...]",
    "hud": "the live HUD's colours: [hud] vpip = [LOW, HIGH], ..., min_sample = N",
}
"""The settings' keys, described (``stud-hh config`` and ``docs/settings.md``)."""

SITES: tuple[str, ...] = tuple(SITE_PROFILES)
"""The sites, named as stored (``PokerStars``, ``Full Tilt Poker``, ...)."""


def settings_path() -> Path:
    """The settings file: ``$STUD_HH_CONFIG``, else ``settings.toml`` in the user's
    configuration folder."""
    chosen = os.environ.get(ENV)
    if chosen:
        return Path(chosen).expanduser()
    from platformdirs import user_config_dir

    return Path(user_config_dir(APP, appauthor=False)) / FILE_NAME


@dataclass(frozen=True, slots=True, kw_only=True)
class Settings:
    """What the settings file says (every field empty when it says nothing)."""

    path: Path
    """The file these settings were read from (it may not exist)."""
    exists: bool = False
    database: str | None = None
    """The database folder or URL, as written (``~`` is expanded where it is used)."""
    folders: tuple[str, ...] = ()
    """History folders, as written."""
    hero: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """The hero's names per site, in the file's order: ``(site, names)``."""
    aliases: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    """Each alias: the person's name and the ``(site, name)`` pairs that are that person."""
    hud_thresholds: tuple[tuple[str, tuple[float, float]], ...] = ()
    """The ``[hud]`` thresholds the file sets: ``(statistic, (low, high))``."""
    hud_min_sample: int | None = None

    @property
    def hud(self) -> Hud:
        """The live HUD's thresholds: the defaults, with those the file sets."""
        return DEFAULTS.with_settings(dict(self.hud_thresholds), self.hud_min_sample)

    def hero_pairs(self) -> tuple[tuple[str, str], ...]:
        """The hero's ``(site, name)`` pairs, in the file's order."""
        return tuple((site, name) for site, names in self.hero for name in names)

    def folder_paths(self) -> list[Path]:
        """The history folders, ``~`` expanded."""
        return [Path(folder).expanduser() for folder in self.folders]

    def database_location(self) -> str | None:
        """The database folder (``~`` expanded) or URL, if one is set."""
        if self.database is None:
            return None
        if "://" in self.database:
            return self.database
        return str(Path(self.database).expanduser())


def load_settings(path: Path | None = None) -> Settings:
    """The settings in ``path`` (default: :func:`settings_path`); empty when the file does
    not exist, :class:`SettingsError` when it cannot be read or means nothing."""
    path = settings_path() if path is None else path
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return Settings(path=path)
    except IsADirectoryError:
        raise SettingsError("is a folder, not a settings file", path=str(path)) from None
    except OSError as exc:
        raise SettingsError(f"cannot read the settings file: {exc.strerror or exc}",
                            path=str(path)) from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SettingsError(f"not UTF-8 text (byte {exc.start}): a settings file is TOML, "
                            "written in UTF-8", path=str(path)) from None
    return parse_settings(text, path)


_AT = re.compile(r"\s*\(at line (\d+), column (\d+)\)\s*$")


def parse_settings(text: str, path: Path) -> Settings:
    """The settings ``text`` (the contents of ``path``) holds."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        message = str(exc)
        found = _AT.search(message)
        line = int(found.group(1)) if found else None
        if found is None and message.endswith("(at end of document)"):
            message, line = message.removesuffix("(at end of document)").strip(), \
                len(text.splitlines()) or None
            message += " at the end of the file"
        reason = _AT.sub("", message)
        if "after a key" in reason:
            reason += " (a key with spaces is quoted: \"Full Tilt Poker\" = [\"Hero\"])"
        raise SettingsError(f"not valid TOML: {reason}", path=str(path), line=line,
                            column=int(found.group(2)) if found else None,
                            text=_line_text(text, line)) from None
    return _Reader(text, path).settings(data)


def _line_text(text: str, line: int | None) -> str | None:
    lines = text.splitlines()
    return lines[line - 1] if line is not None and 0 < line <= len(lines) else None


def _close(wanted: str, known: Sequence[str]) -> str:
    close = difflib.get_close_matches(wanted, list(known), n=1, cutoff=0.6)
    return f"; did you mean {close[0]!r}?" if close else ""


def site_named(text: str) -> str | None:
    """The site ``text`` names, in any case (``pokerstars`` is ``PokerStars``).

    >>> site_named("full tilt poker"), site_named("Stars")
    ('Full Tilt Poker', None)
    """
    folded = {site.casefold(): site for site in SITES}
    return folded.get(text.strip().casefold())


def unknown_site(text: str) -> str:
    """Why ``text`` names no site, with the closest site's name."""
    hint = _close(text, SITES) or _close(text.casefold(), [s.casefold() for s in SITES])
    return f"no site {text!r}{hint} (the sites are {', '.join(SITES)})"


def parse_alias_member(text: str) -> tuple[str, str]:
    """``SITE:NAME`` as a ``(site, name)`` pair (the site in any case; the name as written,
    ``:`` allowed in it); :class:`ValueError` saying why not.

    >>> parse_alias_member("pokerstars:Hero")
    ('PokerStars', 'Hero')
    """
    site_text, colon, name = text.partition(":")
    if not colon or not name.strip() or not site_text.strip():
        raise ValueError(f"{text!r} is not SITE:NAME (e.g. \"PokerStars:Hero\")")
    site = site_named(site_text)
    if site is None:
        raise ValueError(unknown_site(site_text))
    return site, name.strip()


def thresholds_of(value: Any) -> tuple[float, float]:
    """``[low, high]`` as two numbers, low at most high; :class:`ValueError` saying why not.

    >>> thresholds_of([18, "35.5"])
    (18.0, 35.5)
    """
    if not isinstance(value, list | tuple) or len(value) != 2:
        raise ValueError(f"two numbers, [LOW, HIGH], not {value!r}")
    try:
        low, high = (float(v) for v in value if not isinstance(v, bool))
    except (TypeError, ValueError):
        raise ValueError(f"two numbers, [LOW, HIGH], not {value!r}") from None
    if not (low == low and high == high) or abs(low) == float("inf") \
            or abs(high) == float("inf"):
        raise ValueError(f"two finite numbers, not {value!r}")
    if low > high:
        raise ValueError(f"the low threshold ({low:g}) is above the high ({high:g})")
    return low, high


_TABLE = re.compile(r"^\s*\[\s*(?:\"([^\"]*)\"|'([^']*)'|([^\]\s]+))\s*\]")
_KEY = re.compile(r"^\s*(?:\"([^\"]*)\"|'([^']*)'|([A-Za-z0-9_-]+))\s*=")


class _Reader:
    """Checks the parsed TOML key by key, each error at the line of its key."""

    def __init__(self, text: str, path: Path) -> None:
        self.lines, self.path = text.splitlines(), path

    def line_of(self, table: str | None, key: str | None = None) -> int | None:
        """The line of ``key`` in ``table`` (``None``: the top level), or of the table."""
        current: str | None = None
        for number, line in enumerate(self.lines, start=1):
            header = _TABLE.match(line)
            if header:
                current = next(g for g in header.groups() if g is not None)
                if key is None and current == table:
                    return number
                continue
            found = _KEY.match(line)
            if found and current == table and key is not None \
                    and next(g for g in found.groups() if g is not None) == key:
                return number
        return None

    def error(self, reason: str, table: str | None, key: str | None = None) -> SettingsError:
        line = self.line_of(table, key)
        if line is None and key is not None:  # a table of that name, else the table's header
            line = self.line_of(key) if table is None else self.line_of(table)
        text = self.lines[line - 1] if line is not None else None
        return SettingsError(reason, path=str(self.path), line=line, text=text)

    def settings(self, data: dict[str, Any]) -> Settings:
        for key in data:
            if key not in KEYS:
                raise self.error(f"no setting {key!r}{_close(key, list(KEYS))} (the settings "
                                 f"are {', '.join(KEYS)}: docs/settings.md)", None, key)
        database = data.get("database")
        if database is not None and (not isinstance(database, str) or not database.strip()):
            raise self.error(f"database: a folder or URL as text, not {database!r}", None,
                             "database")
        thresholds, min_sample = self.hud(data.get("hud", {}))
        return Settings(path=self.path, exists=True, database=database,
                        folders=self.folders(data.get("folders", [])),
                        hero=self.hero(data.get("hero", {})),
                        aliases=self.aliases(data.get("aliases", {})),
                        hud_thresholds=thresholds, hud_min_sample=min_sample)

    def hud(self, value: Any) -> tuple[tuple[tuple[str, tuple[float, float]], ...], int | None]:
        if not isinstance(value, dict):
            raise self.error("hud: a table of statistics, each with its low and high "
                             "thresholds ([hud] then vpip = [20, 35])", None, "hud")
        pairs: list[tuple[str, tuple[float, float]]] = []
        min_sample = None
        for key, given in value.items():
            if key == "min_sample":
                if not isinstance(given, int) or isinstance(given, bool) or given < 0:
                    raise self.error(f"hud: min_sample is a whole number of 0 or more, not "
                                     f"{given!r}", "hud", key)
                min_sample = given
                continue
            if key not in STATS:
                raise self.error(f"hud: no statistic {key!r}{_close(key, list(STATS))} (the "
                                 f"HUD's: {', '.join(STATS)}; and min_sample)", "hud", key)
            try:
                pairs.append((key, thresholds_of(given)))
            except ValueError as exc:
                raise self.error(f"hud: {key}: {exc}", "hud", key) from None
        return tuple(pairs), min_sample

    def folders(self, value: Any) -> tuple[str, ...]:
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) and v.strip()
                                                  for v in value):
            raise self.error(f"folders: a list of folders as text "
                             f"(folders = [\"~/HandHistory\"]), not {value!r}", None, "folders")
        return tuple(dict.fromkeys(value))

    def hero(self, value: Any) -> tuple[tuple[str, tuple[str, ...]], ...]:
        if not isinstance(value, dict):
            raise self.error("hero: a table of sites, each with your names there "
                             "([hero] then PokerStars = [\"Hero\"])", None, "hero")
        found: dict[str, list[str]] = {}
        for key, names in value.items():
            site = site_named(key)
            if site is None:
                raise self.error(f"hero: {unknown_site(key)}", "hero", key)
            if isinstance(names, str):
                names = [names]
            if not isinstance(names, list) or not names or not all(
                    isinstance(n, str) and n.strip() for n in names):
                raise self.error(f"hero: {key} = a name or a list of names as text, not "
                                 f"{names!r}", "hero", key)
            found.setdefault(site, []).extend(n.strip() for n in names)
        return tuple((site, tuple(dict.fromkeys(names))) for site, names in found.items())

    def aliases(self, value: Any) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
        if not isinstance(value, dict):
            raise self.error("aliases: a table of people, each with the names that are "
                             "them ([aliases] then Villain = [\"PokerStars:VillainA\"])", None,
                             "aliases")
        owner: dict[tuple[str, str], str] = {}
        out: list[tuple[str, tuple[tuple[str, str], ...]]] = []
        for person, members in value.items():
            if not person.strip():
                raise self.error("aliases: a person needs a name", "aliases", person)
            if isinstance(members, str):
                members = [members]
            if not isinstance(members, list) or not members or not all(
                    isinstance(m, str) for m in members):
                raise self.error(f"aliases: {person} = a list of \"SITE:NAME\" texts, not "
                                 f"{members!r}", "aliases", person)
            pairs: list[tuple[str, str]] = []
            for member in members:
                try:
                    pair = parse_alias_member(member)
                except ValueError as exc:
                    raise self.error(f"aliases: {person}: {exc}", "aliases", person) from None
                if pair in owner and owner[pair] != person:
                    raise self.error(f"aliases: {pair[0]}:{pair[1]} is in both {owner[pair]!r} "
                                     f"and {person!r}: a name is one person", "aliases",
                                     person)
                owner[pair] = person
                pairs.append(pair)
            out.append((person.strip(), tuple(dict.fromkeys(pairs))))
        return tuple(out)
