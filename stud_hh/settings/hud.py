"""The live HUD's colours: for each statistic, the values below which a player reads as
low (tight, passive) and above which as high (loose, aggressive).

The settings file's ``[hud]`` table overrides a statistic's pair and the sample a colour
needs (``stud-hh config set hud vpip 18 35``, or the form on the app's *Live* page)::

    [hud]
    vpip = [18, 35]
    af = [1.5, 3]
    min_sample = 10

>>> colour(DEFAULTS, "vpip", 41.0, 55), colour(DEFAULTS, "vpip", 41.0, 3)
('high', 'few')
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

__all__ = ["DEFAULTS", "MIN_SAMPLE", "STATS", "Hud", "colour"]

STATS: dict[str, tuple[float, float]] = {
    "vpip": (20.0, 35.0),
    "cr3": (8.0, 18.0),
    "steal": (25.0, 45.0),
    "bring_in_fold_to_steal": (40.0, 70.0),
    "threebet": (5.0, 12.0),
    "fold_to_bet_4th": (35.0, 60.0),
    "af": (1.5, 3.0),
    "wtsd": (20.0, 35.0),
    "wsd": (45.0, 60.0),
}
"""The statistics of the live HUD (names of ``stud_hh.analysis.stats``), in the order it
shows them, with their default low and high thresholds (percent, AF as a ratio): a
seven-card stud table's usual ranges."""
MIN_SAMPLE = 10
"""Opportunities a ratio needs before it is coloured: fewer, and it is shown grey."""


@dataclass(frozen=True, slots=True)
class Hud:
    """The thresholds in force: every statistic of :data:`STATS`, and the sample needed."""

    thresholds: tuple[tuple[str, tuple[float, float]], ...]
    min_sample: int = MIN_SAMPLE

    def of(self, name: str) -> tuple[float, float]:
        return dict(self.thresholds)[name]

    def with_settings(self, given: Mapping[str, tuple[float, float]],
                      min_sample: int | None) -> Hud:
        """These thresholds, those ``given`` taking the place of their statistic's."""
        return Hud(tuple((name, given.get(name, pair)) for name, pair in self.thresholds),
                   self.min_sample if min_sample is None else min_sample)


DEFAULTS = Hud(tuple(STATS.items()))


def colour(hud: Hud, name: str, value: float | None, sample: int) -> str:
    """What a value reads as: ``none`` (no chance yet), ``few`` (a sample under
    ``min_sample``), ``low``, ``mid`` or ``high``."""
    if value is None:
        return "none"
    if sample < hud.min_sample:
        return "few"
    low, high = hud.of(name)
    return "low" if value < low else "high" if value > high else "mid"
