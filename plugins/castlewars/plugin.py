"""Castle Wars' hooks: the game and its rule-based bot."""

from tabletop.core import hookimpl


@hookimpl
def tabletop_register_games():
    from tabletop_games.castlewars.game import CastleWars

    return [CastleWars()]


@hookimpl
def tabletop_register_bots():
    from tabletop_games.castlewars.bots import CAPTAIN

    return [CAPTAIN]


@hookimpl
def tabletop_make_board(game):
    from tabletop_games.castlewars.screen import tabletop_make_board as make

    return make(game)
