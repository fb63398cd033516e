"""Drive one game with one agent per seat: ask whoever must act, apply, narrate, record."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pluggy

from tabletop.agents.base import Agent, make_decision
from tabletop.core.errors import TabletopError
from tabletop.core.game import Event, Game, Outcome
from tabletop.core.record import GameRecord


class StepLimitExceeded(TabletopError):
    """A game ran past its step limit: a rules bug or an agent that never ends it."""


@dataclass
class MatchResult:
    record: GameRecord
    state: Any
    outcome: Outcome

    @property
    def steps(self) -> int:
        return len(self.record.actions)


class Match:
    """One game in progress; :attr:`record` is complete up to the last action at all times,
    so a game stopped half-way (a person quits) still leaves a record that replays."""

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
    ):
        seats = len(agents)
        self.game = game
        self.agents = list(agents)
        self.names = list(names or [f"Seat {i + 1}" for i in range(seats)])
        self.pm = pm
        self.state = game.new_state(seats, options=options, seed=seed)
        self.record = GameRecord(
            game=game.name,
            version=game.version,
            options=game.resolve_options(options),
            seed=seed,
            seats=[
                {"name": self.names[i], "agent": agent_names[i] if agent_names else type(a).__name__}
                for i, a in enumerate(agents)
            ],
        )

    def play(
        self,
        *,
        on_event: Callable[[Event], None] | None = None,
        before_decision: Callable[[int, Any], None] | None = None,
        step_limit: int | None = None,
    ) -> MatchResult:
        """Play to the end. ``before_decision(seat, state)`` runs before each agent is asked
        (the CLI's hand-over screen); ``on_event`` sees every event, secret ones included."""
        game, state, agents, actions = self.game, self.state, self.agents, self.record.actions
        observe = None
        if self.pm is not None and self.pm.hook.tabletop_observe_event.get_hookimpls():
            observe = self.pm.hook.tabletop_observe_event
        limit = step_limit or game.step_limit(len(agents))
        resample = random.Random(self.record.seed)  # draws what each decision's copy hides
        while (outcome := game.outcome(state)) is None:
            if len(actions) >= limit:
                raise StepLimitExceeded(
                    f"{game.name} did not end within {limit} actions (seed {self.record.seed})."
                )
            seat = game.to_act(state)[0]
            if before_decision is not None:
                before_decision(seat, state)
            legal = game.legal_actions(state, seat)
            # An agent never gets the state: a copy determinized for its seat, or less.
            action = agents[seat].choose(make_decision(agents[seat], game, state, seat, legal, resample))
            events = game.apply(state, seat, action)
            actions.append((seat, action))
            for event in events:
                if on_event is not None:
                    on_event(event)
                if observe is not None:
                    observe(game=game, seat_names=self.names, event=event)
        self.record.outcome = outcome.to_dict()
        if self.pm is not None:
            self.pm.hook.tabletop_observe_game_end(game=game, record=self.record)
        return MatchResult(record=self.record, state=state, outcome=outcome)


def run_match(game: Game, agents: Sequence[Agent], *, seed: int, **kwargs: Any) -> MatchResult:
    """Play one game to its end with these agents; keyword arguments as for :class:`Match`
    and :meth:`Match.play`."""
    play_keys = ("on_event", "before_decision", "step_limit")
    play_args = {k: kwargs.pop(k) for k in play_keys if k in kwargs}
    return Match(game, agents, seed=seed, **kwargs).play(**play_args)
