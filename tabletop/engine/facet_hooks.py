"""The engine's own plugin for game facets: it answers the board, search and statistics hooks
from what a game carries (``Game.board``, ``Game.search``, ``Game.statistics``), so a game's
plugin registers games and bots and nothing else. It is registered before every other plugin,
so a plugin that answers one of these hooks itself for a game is asked first and wins.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tabletop.core.events import Event
from tabletop.core.facets import SearchKit
from tabletop.core.game import Game, Outcome
from tabletop.core.hookspecs import hookimpl


@hookimpl
def tabletop_make_board(game: Game) -> Any:
    board = getattr(game, "board", None)
    return board(game) if board is not None else None


@hookimpl
def tabletop_make_evaluation(game: Game) -> Any:
    kit = getattr(game, "search", None)
    return kit.evaluation if kit is not None else None


@hookimpl
def tabletop_make_rollout_policy(game: Game) -> Any:
    kit = getattr(game, "search", None)
    return kit.rollout if kit is not None else None


@hookimpl
def tabletop_collect_stats(game: Game, seats: int, events: Sequence[Event], outcome: Outcome,
                           final_view: Mapping[str, Any]) -> Any:
    statistics = getattr(game, "statistics", None)
    return statistics(seats, events, outcome, final_view) if statistics is not None else None


def search_kit(hooks: Any, game: Game) -> SearchKit:
    """The kit search uses for ``game``: the game's own, unless a plugin answers the search hooks
    itself (the older way, whose options ride as attributes on the functions it returns:
    ``iterations``, ``guide``, ``at_round_start`` on the evaluation, ``redraw`` on the policy).
    ``hooks`` is a plugin manager's ``hook`` (None: the game's own kit)."""
    own = getattr(game, "search", None) or SearchKit()
    if hooks is None:
        return own
    evaluation = hooks.tabletop_make_evaluation(game=game)
    rollout = hooks.tabletop_make_rollout_policy(game=game)
    if evaluation is own.evaluation and rollout is own.rollout:
        return own
    return SearchKit(
        evaluation=evaluation, rollout=rollout,
        guide=getattr(evaluation, "guide", None), redraw=getattr(rollout, "redraw", None),
        iterations=getattr(evaluation, "iterations", None),
        at_round_start=bool(getattr(evaluation, "at_round_start", False)),
        settings=own.settings if evaluation is own.evaluation else None,
    )
