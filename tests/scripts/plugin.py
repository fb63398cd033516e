"""Registers the fixed Windup War scripts as an installed plugin would (for tools/ and tests)."""

from tabletop.plugin_api import hookimpl
from tests.scripts.bots import FOUND, FOUND2, HELD, TUNE


@hookimpl
def tabletop_register_bots():
    return [TUNE, FOUND, FOUND2, HELD]
