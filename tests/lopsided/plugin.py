"""Registers Lopsided as an installed plugin would, with its statistics."""

from tabletop.plugin_api import hookimpl
from tests.lopsided.game import Lopsided, tabletop_collect_stats  # noqa: F401  (a hook of this plugin)


@hookimpl
def tabletop_register_games():
    return [Lopsided()]
