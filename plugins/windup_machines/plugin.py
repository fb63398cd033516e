"""Wind Up (clockwork machines)' hooks: the game and its rule-based bot."""

from tabletop.plugin_api import hookimpl
from tabletop_games.windup_machines.stats import tabletop_collect_stats  # noqa: F401 (the lab's figures)


@hookimpl
def tabletop_register_games():
    from tabletop_games.windup_machines.game import WindupMachines

    return [WindupMachines()]


@hookimpl
def tabletop_register_bots():
    from tabletop_games.windup_machines.bots import ENGINEER

    return [ENGINEER]


@hookimpl
def tabletop_make_evaluation(game):
    if game.name == "windup_machines":
        from tabletop_games.windup_machines.search import evaluation

        return evaluation(game)
    return None


@hookimpl
def tabletop_make_rollout_policy(game):
    if game.name == "windup_machines":
        from tabletop_games.windup_machines.search import rollout_policy

        return rollout_policy(game)
    return None


@hookimpl
def tabletop_make_board(game):
    from tabletop_games.windup_machines.screen import tabletop_make_board as make

    return make(game)
