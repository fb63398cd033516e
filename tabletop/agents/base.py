"""The one interface every agent implements, and how bots are offered by plugins."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from tabletop.core.game import Game


class Decision:
    """What an agent gets when a seat must act: the seat's view and its legal actions.

    The true state stays hidden: an agent may look only at :attr:`view`, or ask
    :meth:`sample_state` for a state consistent with what the seat knows (for search).
    """

    __slots__ = ("game", "seat", "legal", "_state", "_view")

    def __init__(self, game: Game, state: Any, seat: int, legal: Sequence[str]):
        self.game = game
        self.seat = seat
        self.legal = legal
        self._state = state
        self._view: dict[str, Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self.game.view(self._state, self.seat)
        return self._view

    def describe(self, action: str) -> str:
        """The game's few words on what ``action`` would do for this seat."""
        return self.game.describe_action(self._state, self.seat, action)

    def sample_state(self, rng: random.Random) -> Any:
        """A full state, with everything this seat cannot see resampled."""
        return self.game.determinize(self._state, self.seat, rng)


class Agent(Protocol):
    """Chooses one of ``decision.legal``."""

    def choose(self, decision: Decision) -> str: ...


AgentFactory = Callable[["Game", int, random.Random], Agent]


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot a plugin offers: its name, the game it plays (None: any game) and a factory.

    The factory gets the game, the seat and a seeded random generator of its own,
    so a bot's choices are as reproducible as the game.
    """

    name: str
    factory: AgentFactory
    game: str | None = None
    help: str = ""
