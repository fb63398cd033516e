"""Wind Up (clockwork machines)' hooks: the game and its rule-based bot."""

from tabletop.core import hookimpl


@hookimpl
def tabletop_register_games():
    from tabletop_games.windup_machines.game import WindupMachines

    return [WindupMachines()]


@hookimpl
def tabletop_register_bots():
    from tabletop_games.windup_machines.bots import ENGINEER

    return [ENGINEER]


@hookimpl
def tabletop_make_board(game):
    from tabletop_games.windup_machines.screen import tabletop_make_board as make

    return make(game)
