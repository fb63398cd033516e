"""Hook specifications: everything a plugin can add to tabletop.

Every hook is named ``tabletop_<verb>_<noun>``. A plugin implements any of them with
``@tabletop.core.hookimpl``. Only ``tabletop_make_board`` is ``firstresult`` (one board per
game wins); for the rest every plugin's games, bots and commands all count, and every
observer sees every event.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    import typer

    from tabletop.agents.base import BotSpec
    from tabletop.core.game import Event, Game
    from tabletop.core.record import GameRecord
    from tabletop.screen.kit import Board

PROJECT = "tabletop"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)


# ---- registration: called once when the plugin manager is built ---------------------


@hookspec
def tabletop_register_games() -> Sequence[Game]:
    """Return the games this plugin provides.

    Raise :class:`~tabletop.core.errors.CardDataError` (or any error) if the games
    cannot be built, for example from broken card data: ``tabletop list`` then
    reports this plugin by name with the reason and every other game keeps working.
    """


@hookspec
def tabletop_register_bots() -> Sequence[BotSpec]:
    """Return the bots this plugin provides, each for one game or (``game=None``) any game."""


@hookspec
def tabletop_add_commands(app: typer.Typer) -> None:
    """Add commands to the ``tabletop`` command line (``app.command()(...)``)."""


@hookspec(firstresult=True)
def tabletop_make_board(game: Game) -> Board | None:
    """Return the board the screens show for ``game`` (a :class:`tabletop.screen.kit.Board`),
    or None if ``game`` is not this plugin's.

    A board draws the table compactly (the full screen fits 80x24), lists a hand card by card
    with each card's text, looks cards up for ``card NAME`` and gives a one-line hint for the
    decision. It reads only a seat's view. Without one, the game's ``render`` is shown.
    """


# ---- play: called by the match runner while games run -------------------------------


@hookspec
def tabletop_observe_event(game: Game, seat_names: Sequence[str], event: Event) -> None:
    """See every event of a game being played (for logging and statistics).

    Observers see all events, secret ones included: an observer that shows events
    to a person must filter them with ``event.visible(seat)``.
    """


@hookspec
def tabletop_observe_game_end(game: Game, record: GameRecord) -> None:
    """See each finished game's record (its outcome included)."""
