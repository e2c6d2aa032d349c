"""The user's settings: who the player is (the hero's names per site, aliases that make
several names one person) and where the histories and the database are.

* :mod:`stud_hh.settings.file` -- the settings file: where it is, reading and checking it
  (:func:`load_settings`, a frozen :class:`Settings`);
* :mod:`stud_hh.settings.edit` -- ``stud-hh config set|unset|add|remove``, keeping the
  rest of the file as written;
* :mod:`stud_hh.settings.detect` -- each client's default history folders, and which
  exist on this machine (``stud-hh config detect``).

``docs/settings.md`` describes the file, every key and the commands.
"""

from stud_hh.settings.file import ENV, KEYS, Settings, load_settings, settings_path

__all__ = ["ENV", "KEYS", "Settings", "load_settings", "settings_path"]
