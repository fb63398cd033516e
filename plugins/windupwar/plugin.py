"""Registers Windup War and its rule-based bot with tabletop."""

from tabletop.plugin_api import hookimpl
from tabletop_games.windupwar.bots import TACTICIAN
from tabletop_games.windupwar.game import WindupWar
from tabletop_games.windupwar.stats import tabletop_collect_stats  # noqa: F401 (the lab's figures)


@hookimpl
def tabletop_register_games():
    return [WindupWar()]


@hookimpl
def tabletop_register_bots():
    return [TACTICIAN]


@hookimpl
def tabletop_make_evaluation(game):
    if game.name == "windupwar":
        from tabletop_games.windupwar.search import evaluation

        return evaluation(game)
    return None


@hookimpl
def tabletop_make_rollout_policy(game):
    if game.name == "windupwar":
        from tabletop_games.windupwar.search import rollout_policy

        return rollout_policy(game)
    return None


@hookimpl
def tabletop_make_board(game):
    from tabletop_games.windupwar.screen import tabletop_make_board as make

    return make(game)
