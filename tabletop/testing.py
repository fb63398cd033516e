"""Helpers for testing a game plugin: the conformance check, random play, records that replay.

:func:`assert_conforms` runs exactly the checks of ``tabletop check`` (hidden information
included: see :mod:`tabletop.core.check`); the others are for a plugin's own tests of
whole games, so each plugin need not write them again.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabletop.agents.base import BotSpec
from tabletop.agents.random_bot import RandomAgent
from tabletop.core.check import CheckReport, check_game
from tabletop.core.game import Game
from tabletop.core.match import MatchResult, run_match
from tabletop.core.record import GameRecord


def assert_conforms(
    game: Game, *, games: int = 20, seed: int = 0, bots: Sequence[BotSpec] = (), **kwargs: Any
) -> CheckReport:
    """Fail with every problem ``tabletop check`` would report; ``bots`` are the game's
    rule-based bots (they must choose alike when what their seat cannot see is resampled)."""
    report = check_game(game, games=games, seed=seed, bots=bots, **kwargs)
    if not report.ok:
        raise AssertionError(f"{game.name} fails the conformance check:\n" + "\n".join(report.problems))
    return report


def play_randomly(
    game: Game,
    state: Any,
    rng: random.Random,
    *,
    seats: int,
    each_step: Callable[[Any], None] | None = None,
) -> int:
    """Play uniformly random legal actions until the game ends; returns the actions taken.

    Fails if the game runs past its step limit; ``each_step(state)`` runs after every action.
    """
    limit = game.step_limit(seats)
    steps = 0
    while game.outcome(state) is None:
        if steps >= limit:
            raise AssertionError(f"{game.name} did not end within its step limit of {limit} actions")
        seat = game.to_act(state)[0]
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        steps += 1
        if each_step is not None:
            each_step(state)
    return steps


def random_match(game: Game, seats: int, *, seed: int, options: Mapping[str, Any] | None = None) -> MatchResult:
    """One game of random agents (seat i's generator seeded with ``seed + i``)."""
    agents = [RandomAgent(random.Random(seed + i)) for i in range(seats)]
    return run_match(game, agents, seed=seed, options=options)


def assert_replays(game: Game, result: MatchResult) -> Any:
    """The record, through JSON and back, replays to the same outcome and position."""
    record = GameRecord.from_dict(json.loads(result.record.to_json()))
    final = record.verify(game)
    if game.view(final, None) != game.view(result.state, None):
        raise AssertionError("replaying the record ends in a different position")
    return final
