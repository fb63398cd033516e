"""One game with one agent object per seat, played to its end: the table loop of
:class:`~tabletop.engine.session.Session`, in the shape plugins and tests have always called."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import pluggy

from tabletop.core.decision import Agent
from tabletop.core.events import Event
from tabletop.core.game import Game
from tabletop.engine.session import Session
from tabletop.engine.table import MatchResult, SeatSpec, StepLimitExceeded

__all__ = ["Match", "MatchResult", "StepLimitExceeded", "run_match"]


class Match:
    """One game in progress; :attr:`record` is complete up to the last action at all times,
    so a game stopped half-way still leaves a record that replays."""

    def __init__(
        self,
        game: Game,
        agents: Sequence[Agent],
        *,
        seed: int,
        options: Mapping[str, Any] | None = None,
        names: Sequence[str] | None = None,
        agent_names: Sequence[str] | None = None,
        pm: pluggy.PluginManager | None = None,
        on_plugin_error: Callable[[str], None] | None = None,
    ):
        """``on_plugin_error`` gets one sentence when a plugin's observer raises and is switched off."""
        seats = [
            SeatSpec(names[i] if names else f"Seat {i + 1}", agent_names[i] if agent_names else type(a).__name__,
                     agent=a)
            for i, a in enumerate(agents)
        ]
        self.session = Session(game, seats, seed=seed, options=options, pm=pm,
                               on_plugin_error=on_plugin_error, keep_log=False)
        self.game, self.agents, self.names = game, list(agents), self.session.names
        self.plugins_off = self.session.plugins_off

    @property
    def record(self):
        return self.session.record

    def play(
        self,
        *,
        on_event: Callable[[Event], None] | None = None,
        step_limit: int | None = None,
    ) -> MatchResult:
        """Play to the end; ``on_event`` sees every event, secret ones included."""
        return self.session.play(on_event=on_event, step_limit=step_limit)


def run_match(game: Game, agents: Sequence[Agent], *, seed: int, **kwargs: Any) -> MatchResult:
    """Play one game to its end with these agents; keyword arguments as for :class:`Match`
    and :meth:`Match.play`."""
    play_keys = ("on_event", "step_limit")
    play_args = {k: kwargs.pop(k) for k in play_keys if k in kwargs}
    return Match(game, agents, seed=seed, **kwargs).play(**play_args)
