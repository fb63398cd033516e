"""Everything a game plugin imports, from one place.

``from tabletop.plugin_api import ...`` gives the game contract (:class:`Game`, :class:`Event`,
:class:`Outcome`, :class:`Option`), the errors a game raises, the components a state is built
from (:func:`zone` with :data:`EVERYONE`, :data:`OWNER`, :data:`NOBODY`; :class:`CardState`,
:class:`Secret`, :class:`SeatRing`, the :mod:`~tabletop.core.derive` module), card data loading
(:func:`load_toml`, :func:`validate_table`, :func:`validate_section`, :class:`Field`), bots
(:class:`BotSpec`, :class:`Decision`), the facets a game carries (:class:`Board` and
:class:`HandCard` for the screens, :class:`SearchKit` for search, :class:`LearningKit` for reinforcement learning, :class:`Stat` for the lab,
:func:`win_shares` for an evaluation), the rules a game states once per verb (:class:`Rule`,
:func:`rulebook`, :func:`card_rule` for one verb whose argument is a card) and :data:`hookimpl` to implement the hooks of ``docs/hooks.md``. Test helpers live in :mod:`tabletop.testing` (also a pytest plugin).

Names imported from anywhere else are the engine's own business and may move.
"""

from tabletop.agents.estimates import win_shares
from tabletop.core import derive
from tabletop.core.board import Board, HandCard
from tabletop.core.carddata import Field, load_toml, validate_section, validate_table
from tabletop.core.decision import BotSpec, Decision
from tabletop.core.errors import (
    ActionError,
    CardDataError,
    IllegalAction,
    InvalidAction,
    OptionError,
    SeatCountError,
    TabletopError,
)
from tabletop.core.events import DeferredEvent, Event, LazyEvent
from tabletop.core.facets import LearningKit, SearchKit
from tabletop.core.game import Game, Outcome
from tabletop.core.hookspecs import hookimpl
from tabletop.core.options import Option
from tabletop.core.rules import MAX_ACTION, Rule, bad_arguments, card_rule, rulebook, shorten_error
from tabletop.core.seat_ring import SeatRing
from tabletop.core.stats import Stat
from tabletop.core.toml_file import TomlRefused
from tabletop.core.toml_file import parse as parse_toml
from tabletop.core.zones import EVERYONE, NOBODY, OWNER, CardState, Secret, zone

__all__ = [
    "EVERYONE",
    "MAX_ACTION",
    "NOBODY",
    "OWNER",
    "ActionError",
    "Board",
    "BotSpec",
    "CardDataError",
    "CardState",
    "Decision",
    "DeferredEvent",
    "Event",
    "Field",
    "Game",
    "HandCard",
    "IllegalAction",
    "InvalidAction",
    "LazyEvent",
    "LearningKit",
    "Option",
    "OptionError",
    "Outcome",
    "Rule",
    "SearchKit",
    "SeatCountError",
    "SeatRing",
    "Secret",
    "Stat",
    "TabletopError",
    "TomlRefused",
    "bad_arguments",
    "card_rule",
    "derive",
    "hookimpl",
    "load_toml",
    "parse_toml",
    "rulebook",
    "shorten_error",
    "validate_section",
    "validate_table",
    "win_shares",
    "zone",
]
