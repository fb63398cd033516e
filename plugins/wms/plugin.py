"""WMS hooks: the game and its rule-based bot."""

from tabletop.core import hookimpl


@hookimpl
def tabletop_register_games():
    from tabletop_games.wms.game import Wms

    return [Wms()]


@hookimpl
def tabletop_register_bots():
    from tabletop_games.wms.bots import VETERAN

    return [VETERAN]


@hookimpl
def tabletop_make_board(game):
    from tabletop_games.wms.screen import tabletop_make_board as make

    return make(game)
