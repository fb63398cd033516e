"""Wind Up (clockwork machines)' hooks: the game and its rule-based bot. (Its board, search kit
and figures are facets of the game, which the engine answers for.)"""

from tabletop.plugin_api import hookimpl

#: The games this plugin registers, by name: tabletop imports them only when one is used.
TABLETOP_GAMES = ("windup_machines",)


@hookimpl
def tabletop_register_games():
    from tabletop_games.windup_machines.game import WindupMachines

    return [WindupMachines()]


@hookimpl
def tabletop_register_bots():
    from tabletop_games.windup_machines.bots import ENGINEER

    return [ENGINEER]
