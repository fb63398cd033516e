"""Registers Windup War and its rule-based bot with tabletop."""

from tabletop.core import hookimpl
from tabletop_games.windupwar.bots import TACTICIAN
from tabletop_games.windupwar.game import WindupWar


@hookimpl
def tabletop_register_games():
    return [WindupWar()]


@hookimpl
def tabletop_register_bots():
    return [TACTICIAN]


@hookimpl
def tabletop_make_board(game):
    from tabletop_games.windupwar.screen import tabletop_make_board as make

    return make(game)
