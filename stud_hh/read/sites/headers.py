"""Shared helpers for reading hand headers: game names, stakes, times.

>>> to_utc("2013/01/03", "9:27:43", "ET").isoformat()
'2013-01-03T14:27:43+00:00'
>>> to_utc("2009/07/16", "2:36:31", "CET").isoformat()
'2009-07-16T00:36:31+00:00'
>>> to_utc("2009/07/16", "2:36:31", "XYZ") is None
True
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from zoneinfo import ZoneInfo

# Zone abbreviations hand histories print, mapped to a zone that knows its
# daylight-saving rules (so "ET" is EST in winter and EDT in summer).
_ZONES: dict[str, str] = {
    "ET": "America/New_York", "EST": "America/New_York", "EDT": "America/New_York",
    "CT": "America/Chicago", "CST": "America/Chicago", "CDT": "America/Chicago",
    "MT": "America/Denver", "MST": "America/Denver", "MDT": "America/Denver",
    "PT": "America/Los_Angeles", "PST": "America/Los_Angeles", "PDT": "America/Los_Angeles",
    "AKT": "America/Anchorage", "HST": "Pacific/Honolulu",
    "AT": "America/Halifax", "NT": "America/St_Johns",
    "BRT": "America/Sao_Paulo", "ART": "America/Argentina/Buenos_Aires",
    "UTC": "UTC", "GMT": "UTC", "WET": "Europe/Lisbon", "WEST": "Europe/Lisbon",
    "BST": "Europe/London", "CET": "Europe/Paris", "CEST": "Europe/Paris",
    "EET": "Europe/Helsinki", "EEST": "Europe/Helsinki", "MSK": "Europe/Moscow",
    "IST": "Asia/Kolkata", "CCT": "Asia/Shanghai", "JST": "Asia/Tokyo",
    "KST": "Asia/Seoul", "AWST": "Australia/Perth", "ACST": "Australia/Adelaide",
    "AEST": "Australia/Sydney", "AEDT": "Australia/Sydney", "NZT": "Pacific/Auckland",
    "NZST": "Pacific/Auckland", "NZDT": "Pacific/Auckland",
}

_ZONE_CACHE: dict[str, ZoneInfo] = {}


def zone(abbreviation: str) -> ZoneInfo | None:
    """The time zone for a printed abbreviation, or ``None`` when unknown."""
    name = _ZONES.get(abbreviation.upper())
    if name is None:
        return None
    found = _ZONE_CACHE.get(name)
    if found is None:
        found = _ZONE_CACHE[name] = ZoneInfo(name)
    return found


def to_utc(date: str, time: str, abbreviation: str) -> datetime | None:
    """``2013/01/03``, ``9:27:43``, ``ET`` -> an aware UTC datetime (``None`` if unknown).

    Raises :class:`ValueError` for an impossible date or time.
    """
    year, month, day = (int(x) for x in date.replace("-", "/").split("/"))
    hour, minute, second = (int(x) for x in time.split(":"))
    naive = datetime(year, month, day, hour, minute, second)  # ValueError if impossible
    key = (abbreviation, year, month, day, hour)
    offset = _OFFSETS.get(key)
    if offset is None:
        tz = zone(abbreviation)
        if tz is None:
            return None
        offset = naive.replace(minute=0, second=0, tzinfo=tz).utcoffset() or timedelta(0)
        if len(_OFFSETS) >= 65536:
            _OFFSETS.clear()
        _OFFSETS[key] = offset
    return (naive - offset).replace(tzinfo=UTC)


# The UTC offset of a zone is fixed within an hour of local time: cache it.
_OFFSETS: dict[tuple[str, int, int, int, int], timedelta] = {}
