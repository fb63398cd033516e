"""Helpers for plugins writing a search evaluation (``tabletop_make_evaluation``)."""

from __future__ import annotations

import math
from collections.abc import Sequence


def win_shares(strengths: Sequence[float], *, scale: float, out: Sequence[bool] = ()) -> list[float]:
    """Each seat's chance of winning from how strong it stands, by a softmax.

    ``scale`` is the strength lead worth odds of e to 1 (larger: a lead counts for less);
    a seat marked ``out`` (eliminated) gets 0.
    """
    top = max(strengths)
    weights = [
        0.0 if (out and out[i]) else math.exp((s - top) / scale) for i, s in enumerate(strengths)
    ]
    total = sum(weights)
    if total == 0.0:
        return [0.0] * len(strengths)
    return [w / total for w in weights]
