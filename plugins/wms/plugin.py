"""WMS hooks: the game and its rule-based bot."""

from tabletop.plugin_api import hookimpl
from tabletop_games.wms.stats import tabletop_collect_stats  # noqa: F401 (the lab's figures)


@hookimpl
def tabletop_register_games():
    from tabletop_games.wms.game import Wms

    return [Wms()]


@hookimpl
def tabletop_register_bots():
    from tabletop_games.wms.bots import VETERAN

    return [VETERAN]


@hookimpl
def tabletop_make_evaluation(game):
    if game.name == "wms":
        from tabletop_games.wms.search import evaluation

        return evaluation(game)
    return None


@hookimpl
def tabletop_make_rollout_policy(game):
    if game.name == "wms":
        from tabletop_games.wms.search import rollout_policy

        return rollout_policy(game)
    return None


@hookimpl
def tabletop_make_board(game):
    from tabletop_games.wms.screen import tabletop_make_board as make

    return make(game)
