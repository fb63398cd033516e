"""The one interface every agent implements, and how bots are offered by plugins."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from tabletop.core.errors import TabletopError

if TYPE_CHECKING:
    from tabletop.core.game import Game


class Decision:
    """What an agent gets when a seat must act: its seat, view, legal actions, descriptions,
    and states consistent with its view for search.

    It holds no reference to the true state: only a copy made by ``game.determinize`` for
    this seat (everything the seat cannot see already resampled), from which :attr:`view`,
    :meth:`describe` and :meth:`sample_state` are computed, lazily. Agents that need less
    say so with ``reads`` (see :func:`make_decision`) and pay for no copy: a
    :meth:`blind` decision carries the legal actions alone, a :meth:`seen` one the view too.
    """

    __slots__ = ("game", "seat", "legal", "_sample", "_view")

    def __init__(self, game: Game, state: Any, seat: int, legal: Sequence[str], *, rng: random.Random | None = None):
        self.game = game
        self.seat = seat
        self.legal = legal
        self._sample = None if state is None else game.determinize(state, seat, rng or random.Random(seat))
        self._view: dict[str, Any] | None = None

    @classmethod
    def blind(cls, game: Game, seat: int, legal: Sequence[str]) -> Decision:
        """A decision with the legal actions only."""
        return cls(game, None, seat, legal)

    @classmethod
    def seen(cls, game: Game, state: Any, seat: int, legal: Sequence[str]) -> Decision:
        """A decision with the seat's view (computed now) and the legal actions only."""
        decision = cls(game, None, seat, legal)
        decision._view = game.view(state, seat)
        return decision

    def _known(self) -> Any:
        if self._sample is None:
            raise TabletopError(
                f"This decision carries only the {'view and ' if self._view is not None else ''}"
                "legal actions: an agent that needs more must not declare reads = "
                f"{'view' if self._view is not None else 'legal'}."
            )
        return self._sample

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view (what ``game.view(state, seat)`` shows it)."""
        if self._view is None:
            self._view = self.game.view(self._known(), self.seat)
        return self._view

    def describe(self, action: str) -> str:
        """The game's few words on what ``action`` would do for this seat."""
        return self.game.describe_action(self._known(), self.seat, action)

    def sample_state(self, rng: random.Random) -> Any:
        """A full state consistent with this seat's view, everything it cannot see drawn
        afresh from ``rng`` (future shuffles included); the caller may change it."""
        return self.game.determinize(self._known(), self.seat, rng)


def make_decision(agent: Any, game: Game, state: Any, seat: int, legal: Sequence[str], rng: random.Random) -> Decision:
    """The decision ``agent`` gets, by what it declares it ``reads``: ``"legal"`` (the legal
    actions only), ``"view"`` (those and the view: no describe, no sampling) or, by default,
    everything, from a copy determinized for its seat."""
    reads = getattr(agent, "reads", "all")
    if reads == "legal":
        return Decision.blind(game, seat, legal)
    if reads == "view":
        return Decision.seen(game, state, seat, legal)
    return Decision(game, state, seat, legal, rng=rng)


class Agent(Protocol):
    """Chooses one of ``decision.legal``. An optional class attribute ``reads`` (``"legal"``
    or ``"view"``) says it needs less than a full decision (see :func:`make_decision`)."""

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
