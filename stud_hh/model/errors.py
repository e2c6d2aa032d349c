"""The one error hierarchy of stud-hh.

Every error names where it happened as ``path:line:col [hand N]: what`` and
quotes the offending input, so a user can open the file at the right place.

>>> err = HandParseError("unknown action", path="a.txt", line=12, column=1,
...                      hand_id="42", text="Bob: completes to $4")
>>> str(err)
'a.txt:12:1 [hand 42]: unknown action\\n    Bob: completes to $4'
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations


class StudHHError(ValueError):
    """Root of every error stud-hh raises on purpose."""

    def __init__(
        self,
        reason: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        hand_id: str | None = None,
        text: str | None = None,
    ) -> None:
        self.reason = reason
        self.path = path
        self.line = line
        self.column = column
        self.hand_id = hand_id
        self.text = text
        super().__init__(self._format())

    def location(self) -> str:
        """``path:line:col [hand N]``, leaving out what is unknown."""
        where = self.path or "<text>"
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        if self.hand_id is not None:
            where += f" [hand {self.hand_id}]"
        return where

    def _format(self) -> str:
        message = f"{self.location()}: {self.reason}"
        if self.text:
            message += "\n    " + self.text.rstrip("\n")
        return message


class InputError(StudHHError):
    """A file or folder cannot be read at all (missing, unreadable)."""


class DatabaseError(InputError):
    """A folder or URL that is not a stud-hh database, one of another schema version, or
    one that cannot be reached or written (another import holds it, a bucket that is not
    there, credentials refused)."""


class SettingsError(InputError):
    """The settings file (``stud-hh config``) is not TOML, or holds a key or value that
    means nothing: named with its file and line."""


class UsageError(StudHHError):
    """An option or argument that names nothing there is (a grouping, a player, a date):
    the message is the reason alone, since no file or line is at fault.

    >>> str(UsageError("cannot group by 'colour'"))
    "cannot group by 'colour'"
    """

    def _format(self) -> str:
        return self.reason


class HandParseError(StudHHError):
    """One hand's text does not follow its site's grammar."""


class UnsupportedFormatError(HandParseError):
    """The text is not a hand history of any site we read."""


class SummaryParseError(StudHHError):
    """A tournament summary's text does not follow its site's summary format. It names the
    tournament (``[tournament N]``) where a hand error names the hand.

    >>> str(SummaryParseError("unreadable prize", path="ts.txt", line=9, tournament_id="77",
    ...                       text="1: Ann (Peru), $x"))
    'ts.txt:9 [tournament 77]: unreadable prize\\n    1: Ann (Peru), $x'
    """

    def __init__(self, reason: str, *, path: str | None = None, line: int | None = None,
                 column: int | None = None, tournament_id: str | None = None,
                 text: str | None = None) -> None:
        self.tournament_id = tournament_id
        super().__init__(reason, path=path, line=line, column=column, text=text)

    def location(self) -> str:
        where = super().location()
        if self.tournament_id is not None:
            where += f" [tournament {self.tournament_id}]"
        return where
