"""Hook specifications: everything a plugin can add to tabletop.

Every hook is named ``tabletop_<verb>_<noun>``. A plugin implements any of them with
``@tabletop.core.hookimpl``. A game's board, search kit and statistics are facets of the game
(``Game.board``, ``Game.search``, ``Game.statistics``): the engine's own plugin answers
``tabletop_make_board``, ``tabletop_make_evaluation``, ``tabletop_make_rollout_policy`` and
``tabletop_collect_stats`` from them, so a game's plugin implements those hooks only to override. Registration and observation hooks are not ``firstresult``:
every plugin's games, bots and commands all count, and every observer sees every event.
The search hooks and ``tabletop_make_board`` are: a game has one evaluation, one rollout
policy and one board, its own plugin's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import pluggy

if TYPE_CHECKING:
    import typer

    from tabletop.core.board import Board
    from tabletop.core.decision import BotSpec
    from tabletop.core.events import Event
    from tabletop.core.game import Game, Outcome
    from tabletop.core.record import GameRecord
    from tabletop.core.stats import Stat

PROJECT = "tabletop"

hookspec = pluggy.HookspecMarker(PROJECT)
hookimpl = pluggy.HookimplMarker(PROJECT)

from tabletop.core.facets import Evaluation, RolloutPolicy  # noqa: E402  (named in the specs below)

# ---- registration: called once when the plugin manager is built ---------------------


@hookspec
def tabletop_register_games() -> Sequence[Game]:
    """Return the games this plugin provides.

    Raise :class:`~tabletop.core.errors.CardDataError` (or any error) if the games
    cannot be built, for example from broken card data: ``tabletop list`` then
    reports this plugin by name with the reason and every other game keeps working.

    A plugin module that names its games in a module constant, ``TABLETOP_GAMES =
    ("mygame",)``, and imports its game's modules inside this hook (as the bundled
    games do), is asked for its games and bots only when one of them is first used:
    a command playing another game never imports it. Its bots must then be for its
    own games. A plugin that names nothing is asked at start-up.
    """


@hookspec
def tabletop_register_bots() -> Sequence[BotSpec]:
    """Return the bots this plugin provides, each for one game or (``game=None``) any game."""


@hookspec
def tabletop_add_commands(app: typer.Typer) -> None:
    """Add commands to the ``tabletop`` command line (``app.command()(...)``)."""


@hookspec(firstresult=True)
def tabletop_make_board(game: Game) -> Board | None:
    """Return the board the screens show for ``game`` (a :class:`tabletop.core.board.Board`),
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


# ---- search: asked once by each search bot for the game it plays --------------------


@hookspec(firstresult=True)
def tabletop_make_evaluation(game: Game) -> Evaluation | None:
    """Return an evaluation for ``game`` if this plugin provides ``game``, else None.

    Search stops its random playouts after a few actions and asks the evaluation how
    the game stands instead. It gets a state sampled for the searching seat (what that
    seat cannot see is resampled, so the state is consistent with its knowledge) and
    must read nothing else: no true state, no other sample. It returns one number per
    seat, each seat's chance of winning (a shared win counted as a share), summing to
    at most 1. Cheap matters more than exact: search calls it thousands of times a second.
    Search asks it after ``depth`` actions of a playout; if the function has an attribute
    ``at_round_start`` set to True, also as soon as a new round opens (an event of the
    game's ``round_event`` kind), for an evaluation that judges a round's result best.
    An ``iterations`` attribute (a whole number) is the game's default search budget,
    used when a seat names no budget (``ismcts`` rather than ``ismcts:iterations=...``):
    a game whose decisions cost more asks for fewer iterations. A ``guide`` attribute,
    ``guide(decision) -> str | None``, names the move the game's rule-based bot would make
    from that seat's ``Decision`` (None: no advice here); search plays its own choice instead
    only when it visited it ``trust`` times as often (a setting, 3 by default).
    """


@hookspec(firstresult=True)
def tabletop_make_rollout_policy(game: Game) -> RolloutPolicy | None:
    """Return a rollout policy for ``game`` if this plugin provides ``game``, else None.

    Search plays its playouts with it instead of uniformly random actions, and uses it
    to choose which untried action to add first when a decision has many. It must
    return one of the ``legal`` actions it is given, use only ``rng`` for randomness
    (so search stays reproducible) and be cheap; a little randomness keeps playouts varied.
    If the policy has a ``redraw(state, seat, rng)`` attribute, search calls it on every
    sampled state to choose again, as the policy would, the secret choices other seats
    have already made (face-down orders), which sampling otherwise draws uniformly at random.
    """


# ---- the lab: called once per simulated game, after it ends ---------------------------


@hookspec
def tabletop_collect_stats(
    game: Game, seats: int, events: Sequence[Event], outcome: Outcome, final_view: Mapping[str, Any]
) -> Sequence[Stat] | None:
    """Return figures about one finished game for the lab's database and reports.

    ``events`` are all of the game's events in order, secret ones included (the game is
    over, so nothing is hidden any more); ``outcome`` is how it ended; ``final_view`` is
    the spectator's view of the final position (``game.view(state, None)``). Return ``None``
    for a game this plugin does not know (check ``game.name``). Each
    :class:`~tabletop.core.stats.Stat` names one figure: with ``seat`` set it is about
    that seat, and reports show win rate against its value (for example win rate by
    first unit). Rely on events, the outcome and the view, not on a state's internals:
    they are what stays stable when a game's code is reorganised.
    """
