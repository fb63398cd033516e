"""An environment is built only for a game that passes ``tabletop check`` (unless told otherwise).

An observation is read from the declared parts by the rules the view follows, so a game whose
declarations leak (a card in a zone everyone sees that should be hidden, a shared slot naming
a hidden card, legal actions that depend on what the seat cannot see) leaks into the numbers
and the mask too. The bundled games are held to the check by the test suite; any other game is
checked here, a few random games at the table's seat count and options, once per process.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from tabletop.core.errors import TabletopError
from tabletop.core.game import Game

#: Random games the check plays before an environment is built for a game not bundled.
GAMES = 4
#: The package of the bundled games (held to the check by the test suite).
BUNDLED = "tabletop_games."

_passed: set[tuple[str, str, int, str]] = set()


class FailsTheCheck(TabletopError):
    """The game fails ``tabletop check``: its observations or masks could leak."""


def hold_to_the_check(game: Game, players: int | None, options: Mapping[str, Any] | None) -> None:
    """Refuse, in one sentence, a game that fails ``tabletop check`` at this table."""
    if type(game).__module__.startswith(BUNDLED):
        return
    from tabletop.engine.check import check_game

    seats = game.min_players if players is None else players
    key = (type(game).__module__, type(game).__qualname__, seats, json.dumps(dict(options or {}), sort_keys=True,
                                                                            default=str))
    if key in _passed:
        return
    report = check_game(game, games=GAMES, seats=[seats], options=options, max_problems=1)
    if report.problems:
        first = report.problems[0].splitlines()[0][:300].rstrip(".")
        raise FailsTheCheck(f"{game.name} fails `tabletop check` ({first}), so its observations or masks may show "
                            "what a seat cannot see; fix the game, or pass unchecked=True to build it anyway.")
    _passed.add(key)
