"""Registers Goofspiel exactly as an installed plugin would."""

from tabletop.plugin_api import hookimpl
from tests.goofspiel.game import Goofspiel


@hookimpl
def tabletop_register_games():
    return [Goofspiel()]
