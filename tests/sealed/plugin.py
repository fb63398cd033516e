"""Registers Sealed Draw (and its unsealed twin, which breaks the contract) as a plugin would."""

from tabletop.plugin_api import hookimpl
from tests.sealed.game import SealedDraw


@hookimpl
def tabletop_register_games():
    return [SealedDraw(), SealedDraw(sealed=False)]
