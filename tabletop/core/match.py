"""Drive one game with one agent per seat: ask whoever must act, apply, narrate, record."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pluggy

from tabletop.agents.base import Agent, Decision
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


def run_match(
    game: Game,
    agents: Sequence[Agent],
    *,
    seed: int,
    options: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
    agent_names: Sequence[str] | None = None,
    on_event: Callable[[Event], None] | None = None,
    before_decision: Callable[[int, Any], None] | None = None,
    pm: pluggy.PluginManager | None = None,
    step_limit: int | None = None,
) -> MatchResult:
    """Play one game to its end and return its record.

    ``before_decision(seat, state)`` runs before each agent is asked (the CLI uses it
    for the hand-over screen); ``on_event`` sees every event, secret ones included.
    """
    seats = len(agents)
    names = list(names or [f"Seat {i + 1}" for i in range(seats)])
    state = game.new_state(seats, options=options, seed=seed)
    resolved = game.resolve_options(options)
    record = GameRecord(
        game=game.name,
        version=game.version,
        options=resolved,
        seed=seed,
        seats=[
            {"name": names[i], "agent": (agent_names[i] if agent_names else type(a).__name__)}
            for i, a in enumerate(agents)
        ],
    )
    observe = None
    if pm is not None and pm.hook.tabletop_observe_event.get_hookimpls():
        observe = pm.hook.tabletop_observe_event
    limit = step_limit or game.step_limit(seats)
    actions = record.actions
    while (outcome := game.outcome(state)) is None:
        if len(actions) >= limit:
            raise StepLimitExceeded(f"{game.name} did not end within {limit} actions (seed {seed}).")
        seat = game.to_act(state)[0]
        if before_decision is not None:
            before_decision(seat, state)
        action = agents[seat].choose(Decision(game, state, seat, game.legal_actions(state, seat)))
        events = game.apply(state, seat, action)
        actions.append((seat, action))
        for event in events:
            if on_event is not None:
                on_event(event)
            if observe is not None:
                observe(game=game, seat_names=names, event=event)
    record.outcome = outcome.to_dict()
    if pm is not None:
        pm.hook.tabletop_observe_game_end(game=game, record=record)
    return MatchResult(record=record, state=state, outcome=outcome)
