"""The game contract and the primitives every game plugin builds on.

Nothing in this package knows any one game.
"""

from tabletop.core.errors import (
    ActionError,
    CardDataError,
    IllegalAction,
    InvalidAction,
    OptionError,
    RecordError,
    SeatCountError,
    TabletopError,
)
from tabletop.core.events import Event, LazyEvent
from tabletop.core.game import Game, Outcome
from tabletop.core.hookspecs import hookimpl
from tabletop.core.options import Option

__all__ = [
    "ActionError",
    "CardDataError",
    "Event",
    "LazyEvent",
    "Game",
    "IllegalAction",
    "InvalidAction",
    "Option",
    "OptionError",
    "Outcome",
    "RecordError",
    "SeatCountError",
    "TabletopError",
    "hookimpl",
]
