"""Did-you-mean: the known names closest to a mistyped one, for error sentences."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


def did_you_mean(typed: str, known: Iterable[str]) -> str:
    """`` Did you mean X?`` (with a leading space) naming the closest known names, or ``""``."""
    names = list(known)
    folded = {n.casefold(): n for n in names}
    close = difflib.get_close_matches(typed.casefold(), list(folded), n=2, cutoff=0.6)
    if not close:
        return ""
    return " Did you mean " + " or ".join(f"'{folded[c]}'" for c in close) + "?"
