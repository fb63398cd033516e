"""The core's own plugin: the bots that play any game."""

from tabletop.agents.ismcts_bot import ISMCTS
from tabletop.core.hookspecs import hookimpl
from tabletop.core.random_agent import RANDOM


@hookimpl
def tabletop_register_bots():
    return [RANDOM, ISMCTS]
