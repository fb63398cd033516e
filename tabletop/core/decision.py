"""The one interface every agent implements, and how bots are offered by plugins."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Protocol

from tabletop.core.errors import TabletopError

if TYPE_CHECKING:
    from tabletop.core.game import Game


_new = object.__new__


class Decision:
    """What an agent gets when a seat must act: its seat, view, legal actions, descriptions,
    and states consistent with its view for search.

    It holds no reference to the true state: only a copy made by ``game.determinize`` for
    this seat (everything the seat cannot see already resampled), from which :attr:`view`,
    :meth:`describe` and :meth:`sample_state` are computed, lazily. Agents that need less
    say so with ``reads`` (see :func:`make_decision`) and pay for no copy: a
    :meth:`blind` decision carries the legal actions alone, a :meth:`seen` one the view too.
    A match gives each blind seat one blind decision for the whole game, its ``legal``
    replaced before each ``choose``: such an agent reads it during ``choose`` and keeps a
    copy of ``legal`` if it wants one later.
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
        """A decision with the legal actions only (made without ``__init__``: simulations make
        one per action)."""
        decision = _new(cls)
        decision.game = game
        decision.seat = seat
        decision.legal = legal
        decision._sample = decision._view = None
        return decision

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

    def refusal(self, action: str) -> str | None:
        """The game's own sentence refusing ``action``, an action it understands but does not
        allow now ("There is no face-up Knight to take."), else None. Found on this seat's copy:
        a game's refusals never depend on what the seat cannot see (``tabletop check`` tests it)."""
        if self._sample is None:
            return None
        try:
            return self.game.refusal(self._sample, self.seat, action)
        except Exception:  # notation the game cannot read, or a fault of its own: the prompt's words stand
            return None

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


def decision_maker(agent: Any) -> Callable[[Game, Any, int, Sequence[str], random.Random | None], Decision]:
    """:func:`make_decision` with the agent's ``reads`` looked up once, for a loop over many
    decisions; a blind or seen maker never uses its generator (None will do)."""
    reads = getattr(agent, "reads", "all")
    if reads == "legal":
        return _blind
    if reads == "view":
        seen = Decision.seen
        return lambda game, state, seat, legal, rng: seen(game, state, seat, legal)
    return lambda game, state, seat, legal, rng: Decision(game, state, seat, legal, rng=rng)


def _blind(game: Game, state: Any, seat: int, legal: Sequence[str], rng: Any) -> Decision:
    """:meth:`Decision.blind` in :func:`decision_maker`'s shape, without a call in between."""
    decision = _new(Decision)
    decision.game = game
    decision.seat = seat
    decision.legal = legal
    decision._sample = decision._view = None
    return decision


class Agent(Protocol):
    """Chooses one of ``decision.legal``. An optional class attribute ``reads`` (``"legal"``
    or ``"view"``) says it needs less than a full decision (see :func:`make_decision`)."""

    def choose(self, decision: Decision) -> str: ...


AgentFactory = Callable[["Game", int, random.Random], Agent]
SettingValue = int | float
#: Makes a bot's factory from its settings and the plugin manager's hook caller
#: (``pm.hook``), through which a search bot asks the game's plugin for an evaluation.
Configure = Callable[[Mapping[str, SettingValue], Any], AgentFactory]


@dataclass(frozen=True, slots=True)
class BotSetting:
    """A number a person may set after a bot's name: ``ismcts:time=0.5,iterations=2000``."""

    name: str
    default: SettingValue | None
    help: str = ""
    kind: type = int
    minimum: float = 0
    #: The most a budget may be (None: no bound): a file (a record being resumed) is clamped to
    #: it with a sentence, a person who types more is told it.
    maximum: float | None = None

    def parse(self, bot: str, raw: str, *, clamp: Callable[[str], None] | None = None) -> SettingValue:
        """The value ``raw`` gives; above :attr:`maximum` it is refused, or with ``clamp`` (text
        from a file) set to the maximum and ``clamp`` told in one sentence."""
        from tabletop.core.errors import UnknownNameError

        try:
            value = self.kind(raw)
        except (ValueError, OverflowError):
            word = "a whole number" if self.kind is int else "a number"
            raise UnknownNameError(f"Setting '{self.name}' of {bot} takes {word}, not '{raw[:40]}'.") from None
        if value < self.minimum or value != value:
            raise UnknownNameError(f"Setting '{self.name}' of {bot} must be at least {self.minimum:g}, not {raw[:40]}.")
        if self.maximum is not None and value > self.maximum:
            most = f"{int(self.maximum):,}" if self.maximum == int(self.maximum) else f"{self.maximum:g}"
            if clamp is None:
                raise UnknownNameError(f"Setting '{self.name}' of {bot} must be at most {most}, not {raw[:40]}.")
            clamp(f"Setting '{self.name}' of {bot} was {raw[:40]}, more than the most allowed; it is {most}.")
            value = self.kind(self.maximum)
        return value


@dataclass(frozen=True, slots=True)
class BotSpec:
    """A bot a plugin offers: its name, the game it plays (None: any game) and a factory.

    The factory gets the game, the seat and a seeded random generator of its own,
    so a bot's choices are as reproducible as the game. A bot with ``settings`` also
    has ``configure``; the registry calls it with the settings a person typed after
    the name (defaults for the rest) and the name it was asked for becomes its name.
    """

    name: str
    factory: AgentFactory
    game: str | None = None
    help: str = ""
    settings: tuple[BotSetting, ...] = ()
    configure: Configure | None = None

    def configured(self, text: str, hooks: Any, *, clamp: Callable[[str], None] | None = None) -> BotSpec:
        """This bot with the settings in ``text`` (``key=value,...``, may be empty) applied.

        Raises UnknownNameError with one sentence for an unknown setting or a bad value; with
        ``clamp`` (settings read from a file), a value above its maximum is set to it instead.
        The name keeps the settings as written: a record resumed and saved again is the same.
        """
        from tabletop.core.errors import UnknownNameError

        if self.configure is None:
            if text:
                raise UnknownNameError(f"The bot '{self.name}' takes no settings; write just '{self.name}'.")
            return self
        values = self.values(text, clamp=clamp)
        name = f"{self.name}:{text}" if text else self.name
        return replace(self, name=name, factory=self.configure(values, hooks))

    def values(self, text: str, *, clamp: Callable[[str], None] | None = None) -> dict[str, SettingValue]:
        """The settings ``text`` (``key=value,...``) names, each parsed and checked (see :meth:`configured`)."""
        from tabletop.core.errors import UnknownNameError

        known = {s.name: s for s in self.settings}
        values: dict[str, SettingValue] = {}
        for pair in filter(None, (p.strip() for p in text.split(","))):
            key, sep, raw = pair.partition("=")
            key = key.strip()
            if not sep or not key:
                raise UnknownNameError(f"Write bot settings as {self.name}:key=value,key=value, not '{pair}'.")
            if key not in known:
                names = ", ".join(known)
                raise UnknownNameError(f"The bot '{self.name}' has no setting '{key}'; its settings are: {names}.")
            values[key] = known[key].parse(self.name, raw.strip(), clamp=clamp)
        return values
