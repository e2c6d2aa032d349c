"""Shared helpers for reading hand headers: the time a header prints.

Every reader takes its header's time through :func:`header_time`, one rule for every
site: a printed time must be readable. An impossible date or time (``2012/02/30``,
``25:61:61``) or a zone no reader knows (a damaged ``aCET``, ``XYZT``) fails the hand
with a :class:`~stud_hh.model.errors.HandParseError` naming the line; a header that
prints no zone at all (Everleaf, Bovada before 2021, KingsClub, ...) gives no UTC time
(``None``) but its date and time must still exist.

>>> to_utc("2013/01/03", "9:27:43", "ET").isoformat()
'2013-01-03T14:27:43+00:00'
>>> to_utc("2009/07/16", "2:36:31", "CET").isoformat()
'2009-07-16T00:36:31+00:00'
>>> to_utc("2009/07/16", "2:36:31", "XYZ")
Traceback (most recent call last):
...
stud_hh.read.sites.headers.TimeFault: unknown time zone 'XYZ'
>>> started("2012/02/30", "13:09:06", None)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
stud_hh.read.sites.headers.TimeFault: impossible date or time '2012/02/30 13:09:06' (day ...)
>>> started("2011/08/12", "13:09:06", None) is None
True
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

from stud_hh.model.caches import keep
from stud_hh.model.errors import HandParseError

# Zone abbreviations hand histories print, mapped to a zone that knows its
# daylight-saving rules (so "ET" is EST in winter and EDT in summer): every one a
# site's catalogue lists, and every one FPDB's converters read
# (HandHistoryConverter.changeTimezone), the German names PartyPoker's client prints
# (MEZ, MESZ) among them.
_ZONES: dict[str, str] = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "CST": "America/Chicago", "CDT": "America/Chicago",
    "MT": "America/Denver", "MST": "America/Denver", "MDT": "America/Denver",
    "PT": "America/Los_Angeles", "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles",
    "AKT": "America/Anchorage", "HT": "Pacific/Honolulu", "HST": "Pacific/Honolulu",
    "HDT": "Pacific/Honolulu", "AT": "America/Halifax", "NT": "America/St_Johns",
    "BRT": "America/Sao_Paulo", "BRST": "America/Sao_Paulo",
    "ART": "America/Argentina/Buenos_Aires", "VET": "America/Caracas",
    "COT": "America/Bogota",
    "UTC": "UTC", "GMT": "UTC", "GT": "UTC", "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon",
    "BST": "Europe/London", "CET": "Europe/Paris", "CEST": "Europe/Paris",
    "MEZ": "Europe/Paris", "MESZ": "Europe/Paris", "HAEC": "Europe/Paris",
    "EET": "Europe/Helsinki", "EEST": "Europe/Helsinki",
    "MSK": "Europe/Moscow", "MSKS": "Europe/Moscow", "MSD": "Europe/Moscow",
    "GST": "Asia/Dubai", "YEKT": "Asia/Yekaterinburg", "YEKST": "Asia/Yekaterinburg",
    "IST": "Asia/Kolkata", "ICT": "Asia/Bangkok", "KRAT": "Asia/Krasnoyarsk",
    "KRAST": "Asia/Krasnoyarsk", "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo",
    "KST": "Asia/Seoul", "AWST": "Australia/Perth", "AWT": "Australia/Perth",
    "ACST": "Australia/Adelaide", "ACT": "Australia/Darwin",
    "AEST": "Australia/Sydney", "AEDT": "Australia/Sydney", "AET": "Australia/Sydney",
    "NZT": "Pacific/Auckland", "NZST": "Pacific/Auckland", "NZDT": "Pacific/Auckland",
}

_ZONE_CACHE: dict[str, ZoneInfo] = {}


class TimeFault(ValueError):
    """A printed time no reader can take: an impossible date or time, or a zone no reader
    knows. :func:`header_time` turns it into the hand's failure."""


def zone(abbreviation: str) -> ZoneInfo | None:
    """The time zone for a printed abbreviation, or ``None`` when unknown. Sites print
    zones in capitals: another case (``aET``, ``Cet``) is damage, not a zone.

    >>> zone("AET").key, zone("aET")
    ('Australia/Sydney', None)
    """
    name = _ZONES.get(abbreviation)
    if name is None:
        return None
    found = _ZONE_CACHE.get(name)
    if found is None:
        found = _ZONE_CACHE[name] = ZoneInfo(name)
    return found


def local_time(date: str, time: str) -> datetime:
    """``2013/01/03`` (or ``2013-01-03``) and ``9:27:43`` as a naive datetime.

    Raises :class:`TimeFault` for a date or time that cannot exist.
    """
    try:
        year, month, day = (int(x) for x in date.replace("-", "/").split("/"))
        hour, minute, second = (int(x) for x in time.split(":"))
        return datetime(year, month, day, hour, minute, second)
    except ValueError as exc:
        raise TimeFault(f"impossible date or time '{date} {time}' ({exc})") from None


def to_utc(date: str, time: str, abbreviation: str) -> datetime:
    """``2013/01/03``, ``9:27:43``, ``ET`` -> an aware UTC datetime.

    Raises :class:`TimeFault` for an impossible date or time, or a zone no reader knows.
    """
    naive = local_time(date, time)
    key = (abbreviation, naive.year, naive.month, naive.day, naive.hour)
    offset = _OFFSETS.get(key)
    if offset is None:
        tz = zone(abbreviation)
        if tz is None:
            raise TimeFault(f"unknown time zone {abbreviation!r}")
        at_hour = naive.replace(minute=0, second=0, tzinfo=tz)
        offset = keep(_OFFSETS, key, at_hour.utcoffset() or timedelta(0), _OFFSETS_MOST)
    return (naive - offset).replace(tzinfo=UTC)


def started(date: str, time: str, abbreviation: str | None) -> datetime | None:
    """The start a header prints, in UTC; ``None`` when it prints no zone (its date and
    time are still checked). Raises :class:`TimeFault`."""
    if abbreviation:
        return to_utc(date, time, abbreviation)
    local_time(date, time)
    return None


def header_time(date: str, time: str, abbreviation: str | None, *, line: str,
                hand_id: str | None) -> datetime | None:
    """:func:`started`, with a time that cannot be read failing the hand, naming the line.

    >>> try:
    ...     header_time("2011/08/12", "13:09:61", None, line="...", hand_id="7")
    ... except HandParseError as exc:
    ...     print(exc.reason)
    unreadable start time: impossible date or time '2011/08/12 13:09:61' (second must be in 0..59)
    """
    try:
        return started(date, time, abbreviation)
    except TimeFault as exc:
        raise HandParseError(f"unreadable start time: {exc}", text=line,
                             hand_id=hand_id) from None


_OFFSETS: dict[tuple[str, int, int, int, int], timedelta] = {}
"""The UTC offset of a zone at an hour of a day, as worked out lately (:func:`keep`): an
offset is fixed within an hour of local time."""
_OFFSETS_MOST = 65536
