"""Win rates with honest error bars."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(wins: float, games: int, *, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a win rate; shared wins may make ``wins`` fractional."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    denom = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denom
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
