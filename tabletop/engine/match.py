"""Drive one game with one agent per seat: ask whoever must act, apply, narrate, record."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pluggy

from tabletop.core.decision import Agent, Decision, decision_maker, needs_sample
from tabletop.core.errors import TabletopError
from tabletop.core.events import Event
from tabletop.core.game import Game, Outcome
from tabletop.core.names import seat_name
from tabletop.core.record import GameRecord
from tabletop.engine.registry import GuardedHook


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
        on_plugin_error: Callable[[str], None] | None = None,
    ):
        """``on_plugin_error`` gets one sentence when a plugin's observer raises and is switched off."""
        seats = len(agents)
        self.game = game
        self.agents = list(agents)
        self.names = [seat_name(n) for n in names] if names else [f"Seat {i + 1}" for i in range(seats)]
        self.pm = pm
        self.on_plugin_error = on_plugin_error
        self.plugins_off: set[str] = set()
        game.check_seats(seats)
        resolved = game.resolve_options(options)
        self.state = game.setup(seats, resolved, seed)  # as game.new_state, resolving options once
        self.record = GameRecord(
            game=game.name,
            version=game.version,
            options=resolved,
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
        (the CLI's hand-over screen); ``on_event`` sees every event, secret ones included.

        The loop is a simulation's inner loop: the contract's methods are looked up once,
        and events are walked only when someone listens."""
        game, state, agents, actions = self.game, self.state, self.agents, self.record.actions
        observe = None
        if self.pm is not None:
            observe = GuardedHook(
                self.pm, "tabletop_observe_event", report=self.on_plugin_error, switched_off=self.plugins_off
            ) or None
        limit = step_limit or game.step_limit(len(agents))
        # Draws what each decision's copy hides; agents that get no copy draw nothing from it.
        resample = random.Random(self.record.seed) if any(map(needs_sample, agents)) else None
        if observe is None:
            tell = on_event
        else:
            def tell(event: Event) -> None:
                if on_event is not None:
                    on_event(event)
                observe(game=game, seat_names=self.names, event=event)

        if not actions and tell is not None:  # a new game: narrate its setup
            for event in game.opening_events(state):
                tell(event)
        outcome_of, to_act, legal_actions, apply = game.outcome, game.to_act, game.legal_actions, game.apply
        # A seat whose agent reads only the legal actions keeps one blind decision for the game
        # and gets it with each decision's legal actions in it: nothing else is made per action.
        deciders = [
            (agent.choose, decision_maker(agent), Decision.blind(game, seat, ()) if getattr(agent, "reads", "all") == "legal" else None)
            for seat, agent in enumerate(agents)
        ]
        record = actions.append
        steps = len(actions)
        while (outcome := outcome_of(state)) is None:
            if steps >= limit:
                raise StepLimitExceeded(
                    f"{game.name} did not end within {limit} actions (seed {self.record.seed})."
                )
            seat = to_act(state)[0]
            if before_decision is not None:
                before_decision(seat, state)
            choose, decision, blind = deciders[seat]
            # An agent never gets the state: a copy determinized for its seat, or less.
            if blind is not None:
                blind.legal = legal_actions(state, seat)
                action = choose(blind)
            else:
                action = choose(decision(game, state, seat, legal_actions(state, seat), resample))
            events = apply(state, seat, action)
            record((seat, action))
            steps += 1
            if events and tell is not None:
                for event in events:
                    tell(event)
        self.record.outcome = outcome.to_dict()
        if self.pm is not None:
            GuardedHook(
                self.pm, "tabletop_observe_game_end", report=self.on_plugin_error, switched_off=self.plugins_off
            )(game=game, record=self.record)
        return MatchResult(record=self.record, state=state, outcome=outcome)


def run_match(game: Game, agents: Sequence[Agent], *, seed: int, **kwargs: Any) -> MatchResult:
    """Play one game to its end with these agents; keyword arguments as for :class:`Match`
    and :meth:`Match.play`."""
    play_keys = ("on_event", "before_decision", "step_limit")
    play_args = {k: kwargs.pop(k) for k in play_keys if k in kwargs}
    return Match(game, agents, seed=seed, **kwargs).play(**play_args)
