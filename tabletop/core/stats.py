"""Win rates with honest error bars, and the statistic a plugin reports about one game."""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054

StatValue = str | int | float | bool


@dataclass(frozen=True, slots=True)
class Stat:
    """One figure about one finished game, for the lab's reports.

    ``seat`` set: a figure about that seat (its first unit, the points it scored); the
    report then shows the seat's win rate against the value. ``seat`` None: a figure
    about the whole game (rounds played, forfeits). Text and booleans are categories;
    numbers are measured (a report groups few distinct values as categories).
    """

    name: str
    value: StatValue
    seat: int | None = None


def wilson(wins: float, games: int, *, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a win rate; shared wins may make ``wins`` fractional."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
