"""Registers Windup War and its rule-based bot with tabletop (the game carries its board,
search kit and statistics itself)."""

from tabletop.plugin_api import hookimpl
from tabletop_games.windupwar.bots import TACTICIAN
from tabletop_games.windupwar.game import WindupWar


@hookimpl
def tabletop_register_games():
    return [WindupWar()]


@hookimpl
def tabletop_register_bots():
    return [TACTICIAN]
