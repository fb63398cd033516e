"""Seat names: what a person or a record may call a seat.

A name is shown at the table, in every event and inside plugins' renderings, and written
into records, so it must encode, must not be a terminal command and must not be Rich markup
(plugins build their tables from names). Characters that break any of that are replaced,
never refused; only a name too long for a table row is refused.
"""

from __future__ import annotations

import re

from tabletop.core.errors import TabletopError

#: Longest seat name, in characters: fits a table column on an 80-column screen.
MAX_NAME = 40

_BAD = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_BRACKETS = str.maketrans("[]", "()")


class SeatNameError(TabletopError, ValueError):
    """A seat name longer than :data:`MAX_NAME`."""


def seat_name(text: str) -> str:
    """``text`` with controls and unencodable characters replaced by U+FFFD and square
    brackets by parentheses; raises :class:`SeatNameError` if it is too long."""
    name = _BAD.sub("\ufffd", text).translate(_BRACKETS).strip()
    if len(name) > MAX_NAME:
        raise SeatNameError(
            f"The seat name '{name[:MAX_NAME]}...' is longer than {MAX_NAME} characters; choose a shorter one."
        )
    return name
