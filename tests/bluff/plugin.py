"""Registers Bluff and its honest bot exactly as an installed plugin would."""

from tabletop.plugin_api import hookimpl
from tests.bluff.bot import HONEST
from tests.bluff.game import Bluff


@hookimpl
def tabletop_register_games():
    return [Bluff()]


@hookimpl
def tabletop_register_bots():
    return [HONEST]
