"""Registers Windup War and its rule-based bot with tabletop (the game carries its board,
search kit and statistics itself)."""

from tabletop.plugin_api import hookimpl

#: The games this plugin registers, by name: tabletop imports them only when one is used.
TABLETOP_GAMES = ("windupwar",)


@hookimpl
def tabletop_register_games():
    from tabletop_games.windupwar.game import WindupWar

    return [WindupWar()]


@hookimpl
def tabletop_register_bots():
    from tabletop_games.windupwar.bots import TACTICIAN

    return [TACTICIAN]
