"""The core's own plugin: the bots that play any game."""

from tabletop.agents.ismcts import ISMCTS
from tabletop.agents.random_bot import RANDOM
from tabletop.core.hookspecs import hookimpl


@hookimpl
def tabletop_register_bots():
    return [RANDOM, ISMCTS]
