"""The settings and the detected folders as ``stud-hh config`` prints them.

>>> from pathlib import Path
>>> s = Settings(path=Path("/home/me/.config/stud-hh/settings.toml"), exists=True,
...              hero=(("PokerStars", ("Hero",)),),
...              aliases=(("Villain", (("PokerStars", "V1"), ("iPoker", "V2"))),))
>>> print(settings_text(s))
settings file: /home/me/.config/stud-hh/settings.toml
database: not set (each command needs --db DIR)
folders: none (import and watch need folders named on the command line)
hero: PokerStars: Hero
      (and the seats Bovada marks [ME], wherever they sit)
aliases: Villain = PokerStars:V1, iPoker:V2
hud: the default thresholds
"""

from __future__ import annotations

from collections.abc import Sequence

from stud_hh.settings.detect import Found
from stud_hh.settings.file import Settings

__all__ = ["detect_text", "settings_text"]


def settings_text(settings: Settings) -> str:
    """Every setting, one per line (each name under the last, for a list)."""
    state = "" if settings.exists else " (not written yet: `stud-hh config add ...` makes it)"
    lines = [f"settings file: {settings.path}{state}"]
    if settings.database:
        shown = settings.database_location()
        lines.append(f"database: {settings.database}"
                     + (f" ({shown})" if shown != settings.database else ""))
    else:
        lines.append("database: not set (each command needs --db DIR)")
    if settings.folders:
        for i, folder in enumerate(settings.folders):
            there = "" if settings.folder_paths()[i].is_dir() else "  (no such folder here)"
            lines.append(f"{'folders: ' if i == 0 else ' ' * 9}{folder}{there}")
    else:
        lines.append("folders: none (import and watch need folders named on the command line)")
    if settings.hero:
        for i, (site, names) in enumerate(settings.hero):
            lines.append(f"{'hero: ' if i == 0 else ' ' * 6}{site}: {', '.join(names)}")
        lines.append(" " * 6 + "(and the seats Bovada marks [ME], wherever they sit)")
    else:
        lines.append("hero: not set (the default player: the one dealt the most hands; "
                     "Bovada's [ME] seats are one player)")
    if settings.aliases:
        for i, (person, pairs) in enumerate(settings.aliases):
            members = ", ".join(f"{site}:{name}" for site, name in pairs)
            lines.append(f"{'aliases: ' if i == 0 else ' ' * 9}{person} = {members}")
    else:
        lines.append("aliases: none")
    if settings.hud_thresholds or settings.hud_min_sample is not None:
        given = [f"{name} = [{low:g}, {high:g}]" for name, (low, high)
                 in settings.hud_thresholds]
        if settings.hud_min_sample is not None:
            given.append(f"min_sample = {settings.hud_min_sample}")
        lines.append(f"hud: {', '.join(given)} (the rest: the defaults)")
    else:
        lines.append("hud: the default thresholds")
    return "\n".join(lines)


def detect_text(found: Sequence[Found], system: str) -> str:
    """The folders found, a line each with the client, where and the screen names seen."""
    if not found:
        where = "Windows" if system == "windows" else \
            ("macOS or a Wine prefix" if system == "macos" else "a Wine prefix")
        return (f"no client's default history folder exists on this machine ({where}); name "
                "your folders with `stud-hh config add folders DIR`")
    lines = []
    for f in found:
        names = f"  (screen names: {', '.join(f.accounts)})" if f.accounts else ""
        lines.append(f"{f.place.site} ({f.place.client}, {f.where}): {f.folder}{names}")
    return "\n".join(lines)
