"""How often ``watch`` looks at the folders and how long it lets a file settle: apart from
:mod:`stud_hh.live.watch` so that the command line shows them without importing the
importer."""

INTERVAL = 1.0
"""Seconds between two polls of the folders."""
SETTLE = 2.0
"""Seconds a file must be left alone before its last text, with no blank line after it,
is taken as whole."""
