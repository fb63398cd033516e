"""WMS's plugin: the game and its rule-based bot (its board, search kit and figures are facets
of the game itself)."""

from tabletop.plugin_api import hookimpl

#: The games this plugin registers, by name: tabletop imports them only when one is used.
TABLETOP_GAMES = ("wms",)


@hookimpl
def tabletop_register_games():
    from tabletop_games.wms.game import Wms

    return [Wms()]


@hookimpl
def tabletop_register_bots():
    from tabletop_games.wms.bots import VETERAN

    return [VETERAN]
