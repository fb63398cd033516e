"""Wind Up (clockwork machines)' hooks: the game and its rule-based bot."""

from tabletop.core import hookimpl
from tabletop_games.windup_machines.stats import tabletop_collect_stats  # noqa: F401 (the lab's figures)


@hookimpl
def tabletop_register_games():
    from tabletop_games.windup_machines.game import WindupMachines

    return [WindupMachines()]


@hookimpl
def tabletop_register_bots():
    from tabletop_games.windup_machines.bots import ENGINEER

    return [ENGINEER]
