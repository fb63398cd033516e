"""A served game's ``settings.json``, checked field by field before a resume trusts any of it.

The settings say who sits where (a person or a bot), which code hash opens which seat, the away
bot and the run number. A file edited by hand or damaged on disk must not rebuild a different
game (an extra seat), open a seat that is not a person's (a code for seat -1, or ``true``) or
crash the resume: :func:`check_settings` refuses it in one sentence naming the game and the
field, before the server writes anything.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.record import GameRecord

FORMAT = 1
HUMAN = "human"
#: The longest wait an away bot may be given (as ``--away`` allows).
MAX_AWAY = 86400
_HASH = re.compile("[0-9a-f]{64}")


def _whole(value: Any) -> bool:
    return type(value) is int


def check_settings(game_id: str, data: Any, record: GameRecord) -> dict[str, Any]:
    """``data`` (a settings.json's JSON) if every field is sane and fits ``record``; else one
    TabletopError sentence naming the game and the first bad field. Unknown keys are kept."""

    def bad(what: str) -> TabletopError:
        return TabletopError(f"Game {game_id}'s settings.json is damaged ({what}); restore it from a backup "
                             "or start a new game: nothing was changed.")

    if not isinstance(data, Mapping) or data.get("format") != FORMAT:
        raise bad("it is not a settings object of this version of tabletop")
    if data.get("game") != record.game:
        raise bad(f"'game' is not {record.game}, the game its record plays")
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != len(record.seats):
        raise bad(f"'seats' must list the record's {len(record.seats)} seats")
    for number, (seat, kept) in enumerate(zip(seats, record.seats, strict=True), start=1):
        if not isinstance(seat, Mapping) or seat.get("name") != kept["name"]:
            raise bad(f"seat {number}'s name is not the record's")
        if not isinstance(seat.get("kind"), str) or not seat["kind"]:
            raise bad(f"seat {number}'s 'kind' must be human or a bot's name")
    persons = {i for i, seat in enumerate(seats) if seat["kind"] == HUMAN}
    away = data.get("away")
    if away is not None:
        if not isinstance(away, Mapping) or not isinstance(away.get("bot"), str) \
                or not isinstance(away.get("seconds"), int | float) or isinstance(away.get("seconds"), bool) \
                or not 0 <= away["seconds"] <= MAX_AWAY:
            raise bad(f"'away' must be null or a bot and from 0 to {MAX_AWAY} seconds")
    run = data.get("run", 0)
    if not _whole(run) or run < 0:
        raise bad("'run' must be a whole number from 0")
    codes = data.get("codes", [])
    if not isinstance(codes, list):
        raise bad("'codes' must be a list")
    opened: set[int | None] = set()
    for number, entry in enumerate(codes, start=1):
        if not isinstance(entry, Mapping):
            raise bad(f"code {number} is not an object")
        seat = entry.get("seat")
        if not (seat is None or (_whole(seat) and seat in persons)):
            raise bad(f"code {number} opens seat {str(seat)[:20]}, which is not a person's seat (0 to "
                      f"{len(seats) - 1}) nor the spectators' (null)")
        if seat in opened:
            raise bad(f"code {number} opens a seat another code already opens")
        opened.add(seat)
        if not isinstance(entry.get("hash"), str) or not _HASH.fullmatch(entry["hash"]):
            raise bad(f"code {number}'s hash is not 64 hexadecimal digits")
    return dict(data)
