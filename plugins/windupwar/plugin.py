"""Registers Windup War and its rule-based bot with tabletop."""

from tabletop.core import hookimpl
from tabletop_games.windupwar.bots import TACTICIAN
from tabletop_games.windupwar.game import WindupWar
from tabletop_games.windupwar.stats import tabletop_collect_stats  # noqa: F401 (the lab's figures)


@hookimpl
def tabletop_register_games():
    return [WindupWar()]


@hookimpl
def tabletop_register_bots():
    return [TACTICIAN]
