"""Castle Wars' hooks: the game and its rule-based bot."""

from tabletop.plugin_api import hookimpl
from tabletop_games.castlewars.stats import tabletop_collect_stats  # noqa: F401 (the lab's figures)


@hookimpl
def tabletop_register_games():
    from tabletop_games.castlewars.game import CastleWars

    return [CastleWars()]


@hookimpl
def tabletop_register_bots():
    from tabletop_games.castlewars.bots import CAPTAIN

    return [CAPTAIN]


@hookimpl
def tabletop_make_evaluation(game):
    if game.name == "castlewars":
        from tabletop_games.castlewars.search import evaluation

        return evaluation(game)
    return None


@hookimpl
def tabletop_make_rollout_policy(game):
    if game.name == "castlewars":
        from tabletop_games.castlewars.search import rollout_policy

        return rollout_policy(game)
    return None


@hookimpl
def tabletop_make_board(game):
    from tabletop_games.castlewars.screen import tabletop_make_board as make

    return make(game)
