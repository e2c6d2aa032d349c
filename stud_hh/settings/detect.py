"""Where each supported poker client saves its hand histories by default, and which of
those folders exist on this machine (``stud-hh config detect``).

The places are data (:data:`PLACES`), each with its source: FPDB's site detection
(``DetectInstalledSites.py``: the 2011 version, in FPDB-for-OSX, for PokerStars, Full
Tilt, PartyPoker and the Merge skins; the 2024 version, in fpdb-3, for PokerStars' regional
clients, Winamax, the iPoker skins, the Winning Poker Network skins and PartyPoker), and
FPDB's example configuration (``HUD_config.xml.example``) for Bovada; Ignition's own folder
is the client's default, which FPDB does not give. A Windows place is a folder under a
known root (``%LOCALAPPDATA%``, ``%ProgramFiles%``, ``C:\\``, the user's documents): on
Windows the root comes from the environment; on Linux and macOS the same place is looked
for inside each Wine prefix (``$WINEPREFIX``, else ``~/.wine``), whose ``drive_c`` mirrors
a Windows disk. macOS clients have places of their own under the home folder.

A client's folder often holds a folder per screen name (``HandHistory/Hero``): those
names are given as the folder's accounts, for the hero's names.

>>> [p.client for p in PLACES if p.site == "Winamax"][:1]
['Winamax']
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = ["PLACES", "Found", "Place", "detect", "places_markdown", "this_system"]

FPDB_2011 = "FPDB DetectInstalledSites.py (2011, philroberts/FPDB-for-OSX)"
FPDB_2024 = "FPDB DetectInstalledSites.py (2024, jejellyroll-fr/fpdb-3)"
FPDB_HUD = "FPDB HUD_config.xml.example (HH_path)"
CLIENT = "the client's default folder (not in FPDB)"


@dataclass(frozen=True, slots=True)
class Place:
    """A folder a client writes histories into, relative to a root: ``windows`` roots are
    ``LOCALAPPDATA``, ``APPDATA``, ``PROGRAMFILES``, ``PROGRAMFILES_X86``, ``USERPROFILE``,
    ``DOCUMENTS`` and ``DRIVE_C`` (on Windows, or inside a Wine prefix); ``macos`` places
    are under the home folder. A ``*`` in the path stands for an account's folder."""

    site: str
    """The site as stud-hh names it (``PokerStars``, ``Winning Poker Network``, ...)."""
    client: str
    """The client or skin that writes there."""
    system: str
    """``windows`` or ``macos``."""
    root: str
    path: str
    source: str
    accounts: bool = True
    """Whether the folder holds a folder per screen name."""


@dataclass(frozen=True, slots=True)
class Found:
    """A place that exists on this machine."""

    place: Place
    folder: Path
    where: str
    """``Windows``, ``macOS`` or ``Wine (PREFIX)``."""
    accounts: tuple[str, ...]
    """Screen names: the account folders inside (or in the path's ``*``)."""


def _places() -> Iterator[Place]:
    stars = ("PokerStars", "PokerStars.FR", "PokerStars.IT", "PokerStars.ES", "PokerStars.PT",
             "PokerStars.EU")
    for client in stars:
        source = FPDB_2011 if client == "PokerStars" else FPDB_2024
        for root in ("LOCALAPPDATA", "APPDATA", "PROGRAMFILES", "PROGRAMFILES_X86"):
            yield Place("PokerStars", client, "windows", root, f"{client}/HandHistory", source)
        mac = client.replace(".", "")
        for folder in ("Library/Application Support", "Documents"):
            yield Place("PokerStars", client, "macos", "HOME", f"{folder}/{mac}/HandHistory",
                        source)
    for root in ("PROGRAMFILES", "PROGRAMFILES_X86"):
        yield Place("Full Tilt Poker", "Full Tilt Poker", "windows", root,
                    "Full Tilt Poker/HandHistory", FPDB_2011)
    yield from _party()
    for skin in ("CarbonPoker", "PlayersOnly", "BlackChipPoker", "RPMPoker", "HeroPoker",
                 "PDCPoker"):
        yield Place("Merge", skin, "windows", "PROGRAMFILES", f"{skin}/history", FPDB_2011)
    for root in ("APPDATA", "LOCALAPPDATA"):
        yield Place("Winamax", "Winamax", "windows", root, "Winamax/accounts/*/history",
                    FPDB_2024)
    for folder in ("documents/accounts", "accounts"):
        yield Place("Winamax", "Winamax", "macos", "HOME",
                    f"Library/Application Support/Winamax/{folder}/*/history", FPDB_2024)
    yield from _ipoker()
    yield from _winning()
    yield Place("Bovada", "Bovada", "windows", "DRIVE_C", "Bovada", FPDB_HUD, accounts=False)
    for client in ("Ignition Casino Poker", "Bovada Poker"):
        yield Place("Bovada", client, "windows", "USERPROFILE", f"{client}/Hand History",
                    CLIENT)
        yield Place("Bovada", client, "macos", "HOME", f"{client}/Hand History", CLIENT)


def _party() -> Iterator[Place]:
    legacy = "PartyGaming/PartyPoker/HandHistory"
    yield Place("PartyPoker", "PartyPoker", "windows", "DRIVE_C", f"Programs/{legacy}",
                FPDB_2011)
    yield Place("PartyPoker", "PartyPoker", "windows", "PROGRAMFILES", legacy, FPDB_2011)
    yield Place("PartyPoker", "PartyPoker", "windows", "PROGRAMFILES_X86", legacy, FPDB_2024)
    for root in ("LOCALAPPDATA", "APPDATA", "PROGRAMFILES", "DOCUMENTS"):
        yield Place("PartyPoker", "PartyPoker", "windows", root, "PartyPoker/HandHistory",
                    FPDB_2024)
    for folder in ("Library/Application Support/PartyPoker", "Documents/PartyPoker",
                   "Library/Application Support/PartyGaming/PartyPoker"):
        yield Place("PartyPoker", "PartyPoker", "macos", "HOME", f"{folder}/HandHistory",
                    FPDB_2024)


IPOKER_SKINS = ("iPoker", "PMU Poker", "FDJ Poker", "Betclic Poker", "Titan Poker",
                "William Hill Poker", "Paddy Power Poker", "Betfair Poker", "Coral Poker",
                "Ladbrokes Poker", "Sky Poker", "Bet365 Poker", "Red Star Poker",
                "Everest Poker", "Unibet Poker", "Betsson Poker", "NetBet Poker",
                "Winner Poker", "Mansion Poker", "Genting Poker")
"""The iPoker skins looked for: the main ones of FPDB's list (it names some eighty)."""


def _ipoker() -> Iterator[Place]:
    tables = "data/*/History/Data"
    for skin in IPOKER_SKINS:
        for root in ("LOCALAPPDATA", "APPDATA", "PROGRAMFILES"):
            yield Place("iPoker", skin, "windows", root, f"{skin}/{tables}", FPDB_2024)
        yield Place("iPoker", skin, "macos", "HOME",
                    f"Library/Application Support/{skin}/{tables}", FPDB_2024)
    for folder in ("pmupoker", "fdjpoker", "betclicpoker", "williamhill", "paddypower",
                   "betfairpoker", "redstar", "titan", "bet365", "unibet", "netbet"):
        yield Place("iPoker", folder, "windows", "LOCALAPPDATA", f"PokerClient/{folder}/{tables}",
                    FPDB_2024)


def _winning() -> Iterator[Place]:
    for skin in ("ACR Poker", "Americas Cardroom", "WinningPoker", "BlackChipPoker",
                 "TruePoker", "Ya Poker"):
        for root in ("DRIVE_C", "PROGRAMFILES", "PROGRAMFILES_X86"):
            yield Place("Winning Poker Network", skin, "windows", root, f"{skin}/handHistory",
                        FPDB_2024)
        yield Place("Winning Poker Network", skin, "macos", "HOME",
                    f"Library/Application Support/{skin}/handHistory", FPDB_2024)


PLACES: tuple[Place, ...] = tuple(_places())
"""Every default place of every client, Windows first within a client."""

NOT_ACCOUNTS = {"archive", "backup", "old", "temp", "xmlhandhistory", "tournsummary",
                "replayer", "avatars", "sounds"}
"""Folders inside a history folder that are no screen name (FPDB's list)."""


def this_system() -> str:
    """``windows``, ``macos`` or ``linux``."""
    if sys.platform == "win32":
        return "windows"
    return "macos" if sys.platform == "darwin" else "linux"


def _windows_roots(env: Mapping[str, str]) -> dict[str, list[Path]]:
    profile = env.get("USERPROFILE")
    drive = env.get("SystemDrive", "C:") + "/"  # Windows reads / as its separator
    roots = {"LOCALAPPDATA": env.get("LOCALAPPDATA"), "APPDATA": env.get("APPDATA"),
             "PROGRAMFILES": env.get("ProgramFiles", drive + "Program Files"),
             "PROGRAMFILES_X86": env.get("ProgramFiles(x86)", drive + "Program Files (x86)"),
             "USERPROFILE": profile, "DRIVE_C": drive,
             "DOCUMENTS": str(Path(profile) / "Documents") if profile else None}
    return {name: [Path(value)] for name, value in roots.items() if value}


def wine_prefixes(env: Mapping[str, str], home: Path) -> list[Path]:
    """The Wine prefixes to look in: ``$WINEPREFIX`` and ``~/.wine``, those that exist."""
    found = [Path(env["WINEPREFIX"]).expanduser()] if env.get("WINEPREFIX") else []
    found.append(home / ".wine")
    return [p for p in dict.fromkeys(found) if (p / "drive_c").is_dir()]


def _wine_roots(prefix: Path) -> dict[str, list[Path]]:
    """A prefix's Windows roots: ``drive_c`` and each user's folders (a new Wine's
    ``AppData``, an old one's ``Application Data``)."""
    drive = prefix / "drive_c"
    users = sorted(p for p in (drive / "users").glob("*")
                   if p.is_dir() and p.name.casefold() != "public")
    return {
        "DRIVE_C": [drive], "PROGRAMFILES": [drive / "Program Files"],
        "PROGRAMFILES_X86": [drive / "Program Files (x86)"], "USERPROFILE": users,
        "LOCALAPPDATA": [u / part for u in users
                         for part in ("AppData/Local", "Local Settings/Application Data")],
        "APPDATA": [u / part for u in users for part in ("AppData/Roaming", "Application Data")],
        "DOCUMENTS": [u / part for u in users for part in ("Documents", "My Documents")],
    }


def _accounts(place: Place, folder: Path, matched: str | None) -> tuple[str, ...]:
    if matched is not None:
        return (matched,)
    if not place.accounts:
        return ()
    try:
        names = sorted(p.name for p in folder.iterdir() if p.is_dir())
    except OSError:
        return ()
    return tuple(n for n in names if not n.startswith(".") and n.casefold() not in NOT_ACCOUNTS)


def _existing(place: Place, root: Path) -> Iterator[tuple[Path, str | None]]:
    """The folders ``place`` names under ``root`` that exist, with the account of a ``*``."""
    head, star, tail = place.path.partition("*")
    if not star:
        folder = root / place.path
        if folder.is_dir():
            yield folder, None
        return
    base = root / head
    if not base.is_dir():
        return
    for account in sorted(base.iterdir()):
        folder = account / tail.lstrip("/")
        if account.is_dir() and folder.is_dir():
            yield folder, account.name


def detect(system: str | None = None, env: Mapping[str, str] | None = None,
           home: Path | None = None) -> list[Found]:
    """The default history folders of every client that exist here (``system``:
    ``windows``, ``macos`` or ``linux``, default this machine's; ``env`` the environment
    and ``home`` the home folder, default this process's), each folder once."""
    system = system or this_system()
    env = os.environ if env is None else env
    home = home if home is not None else Path(env.get("HOME") or Path.home())
    where: list[tuple[str, str, dict[str, list[Path]]]] = []
    if system == "windows":
        where.append(("Windows", "windows", _windows_roots(env)))
    else:
        if system == "macos":
            where.append(("macOS", "macos", {"HOME": [home]}))
        for prefix in wine_prefixes(env, home):
            where.append((f"Wine ({prefix})", "windows", _wine_roots(prefix)))
    found: list[Found] = []
    seen: set[Path] = set()
    for label, kind, roots in where:
        for place in PLACES:
            if place.system != kind:
                continue
            for root in roots.get(place.root, []):
                for folder, matched in _existing(place, root):
                    key = folder.resolve()
                    if key not in seen:
                        seen.add(key)
                        found.append(Found(place, folder, label,
                                           _accounts(place, folder, matched)))
    return found


_ROOTS = {"LOCALAPPDATA": "%LOCALAPPDATA%", "APPDATA": "%APPDATA%",
          "PROGRAMFILES": "%ProgramFiles%", "PROGRAMFILES_X86": "%ProgramFiles(x86)%",
          "USERPROFILE": "%USERPROFILE%", "DOCUMENTS": "%USERPROFILE%\\Documents",
          "DRIVE_C": "C:", "HOME": "~"}


def places_markdown() -> str:
    """:data:`PLACES` as the table of ``docs/settings.md``: a row per site, system and
    folder, the clients that write there (``{client}`` in the folder) and the source."""
    rows: dict[tuple[str, str, str], tuple[list[str], list[str]]] = {}
    for place in PLACES:
        path = place.path.replace(place.client, "{client}").replace(
            place.client.replace(".", ""), "{client}")
        if place.system == "windows":
            folder = _ROOTS[place.root] + "\\" + path.replace("/", "\\")
        else:
            folder = f"~/{path}"
        clients, sources = rows.setdefault((place.site, place.system, folder), ([], []))
        clients.append(place.client)
        if place.source not in sources:
            sources.append(place.source)
    lines = ["| site | system | folder | clients | source |", "|---|---|---|---|---|"]
    for (site, system, folder), (clients, sources) in rows.items():
        shown = "Windows, Wine" if system == "windows" else "macOS"
        lines.append(f"| {site} | {shown} | `{folder}` | {', '.join(clients)} | "
                     f"{'; '.join(sources)} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":  # python -m stud_hh.settings.detect: the table of docs/settings.md
    print(places_markdown(), end="")
