"""How fast a game plays: random games per second and state copy+apply per second.

Measured in this one process (one core), as medians of several runs because
machines are noisy. The loop is what a simulation or a search does through the
game contract, with the plugin's game object as the registry hands it out.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tabletop.core.game import Game


@dataclass(frozen=True, slots=True)
class RunFigures:
    games_per_s: float
    decisions_per_s: float
    copy_apply_per_s: float


def _random_games(game: Game, seats: int, options: Mapping[str, Any], seconds: float, seed: int) -> tuple[int, int, float]:
    """Play random games for about ``seconds``; returns (games, decisions, elapsed)."""
    choice = random.Random(seed).choice
    outcome, to_act, legal_actions, apply, setup = (
        game.outcome, game.to_act, game.legal_actions, game.apply, game.setup,
    )
    games = decisions = 0
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline or games == 0:
        state = setup(seats, options, seed + games)
        while outcome(state) is None:
            seat = to_act(state)[0]
            apply(state, seat, choice(legal_actions(state, seat)))
            decisions += 1
        games += 1
        now = time.perf_counter()
    return games, decisions, now - start


def _positions(game: Game, seats: int, options: Mapping[str, Any], seed: int, count: int) -> list[tuple[Any, int, str]]:
    """(state, seat, action) samples spread over random games, for copy+apply timing."""
    rng = random.Random(seed)
    samples: list[tuple[Any, int, str]] = []
    game_seed = seed
    while len(samples) < count:
        state = game.setup(seats, options, game_seed)
        game_seed += 1
        while game.outcome(state) is None and len(samples) < count:
            seat = game.to_act(state)[0]
            action = rng.choice(game.legal_actions(state, seat))
            samples.append((game.copy(state), seat, action))
            game.apply(state, seat, action)
    return samples


def _copy_apply(game: Game, samples: list[tuple[Any, int, str]], seconds: float) -> float:
    copy, apply = game.copy, game.apply
    done = 0
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline or done == 0:
        for state, seat, action in samples:
            apply(copy(state), seat, action)
        done += len(samples)
        now = time.perf_counter()
    return done / (now - start)


def bench(
    game: Game,
    *,
    seats: int,
    options: Mapping[str, Any] | None = None,
    runs: int = 5,
    seconds: float = 1.0,
    seed: int = 0,
) -> dict[str, Any]:
    """Median figures over ``runs`` runs of about ``seconds`` each per measure."""
    game.check_seats(seats)
    resolved = game.resolve_options(options)
    samples = _positions(game, seats, resolved, seed, 500)
    figures: list[RunFigures] = []
    for run in range(runs):
        games, decisions, elapsed = _random_games(game, seats, resolved, seconds, seed + 100_000 * run)
        figures.append(RunFigures(games / elapsed, decisions / elapsed, _copy_apply(game, samples, seconds / 2)))
    return {
        "game": game.name,
        "version": game.version,
        "seats": seats,
        "options": resolved,
        "runs": runs,
        "games_per_s": round(statistics.median(f.games_per_s for f in figures), 1),
        "decisions_per_s": round(statistics.median(f.decisions_per_s for f in figures), 1),
        "copy_apply_per_s": round(statistics.median(f.copy_apply_per_s for f in figures), 1),
        "games_per_s_runs": [round(f.games_per_s, 1) for f in figures],
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "machine": platform.machine(),
    }
