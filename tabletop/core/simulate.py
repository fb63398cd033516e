"""Play many bot games and sum them up: wins per seat and per bot, game lengths.

Game ``i`` of a run with seed ``S`` is played with seed ``S + i`` and each bot gets a
generator seeded from that game seed and its seat, so a run is reproducible whatever
the number of worker processes.
"""

from __future__ import annotations

import multiprocessing
import random
import statistics
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

import pluggy

from tabletop.agents.base import BotSpec
from tabletop.core.game import Game
from tabletop.core.match import run_match
from tabletop.core.stats import wilson


@dataclass(frozen=True, slots=True)
class GameResult:
    winners: tuple[int, ...]
    length: int
    error: str | None = None


def bot_rng(game_seed: int, seat: int) -> random.Random:
    return random.Random(f"bot:{game_seed}:{seat}")


def play_one(
    game: Game,
    bots: Sequence[BotSpec],
    options: Mapping[str, Any],
    game_seed: int,
    pm: pluggy.PluginManager | None = None,
) -> GameResult:
    agents = [spec.factory(game, seat, bot_rng(game_seed, seat)) for seat, spec in enumerate(bots)]
    try:
        result = run_match(
            game, agents, seed=game_seed, options=options, pm=pm,
            agent_names=[spec.name for spec in bots],
        )
    except Exception as error:  # one broken game is reported, not fatal to the run
        return GameResult((), 0, f"seed {game_seed}: {type(error).__name__}: {error}")
    return GameResult(result.outcome.winners, result.steps)


_JOB: tuple[Game, Sequence[BotSpec], Mapping[str, Any], pluggy.PluginManager | None] | None = None


def _play_chunk(seeds: Sequence[int]) -> list[GameResult]:
    game, bots, options, pm = _JOB  # set in the parent before the workers fork
    return [play_one(game, bots, options, s, pm) for s in seeds]


def run_games(
    game: Game,
    bots: Sequence[BotSpec],
    *,
    games: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    workers: int = 1,
    on_progress: Callable[[int], None] | None = None,
    pm: pluggy.PluginManager | None = None,
) -> list[GameResult]:
    """Results in game order; ``on_progress(k)`` after each k more games finish.

    Observer hooks of ``pm`` run in the process that plays each game: with several
    workers, an observer that counts must send its figures home itself.
    """
    game.check_seats(len(bots))
    resolved = game.resolve_options(options)
    seeds = [seed + i for i in range(games)]
    if workers <= 1 or games < 2 * workers:
        results = []
        for s in seeds:
            results.append(play_one(game, bots, resolved, s, pm))
            if on_progress:
                on_progress(1)
        return results
    global _JOB
    _JOB = (game, bots, resolved, pm)
    size = max(1, min(200, games // (workers * 8)))
    chunks = [seeds[i:i + size] for i in range(0, games, size)]
    results = []
    try:
        with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("fork")) as pool:
            for chunk in pool.map(_play_chunk, chunks):
                results.extend(chunk)
                if on_progress:
                    on_progress(len(chunk))
    finally:
        _JOB = None
    return results


def summarise(
    game: Game, bots: Sequence[BotSpec], results: Sequence[GameResult], *, seed: int, options: Mapping[str, Any]
) -> dict[str, Any]:
    """The figures ``tabletop simulate`` prints; seats are numbered from 1."""
    finished = [r for r in results if r.error is None]
    n = len(finished)
    seat_wins = [0.0] * len(bots)
    for r in finished:
        for w in r.winners:
            seat_wins[w] += 1.0 / len(r.winners)
    by_seat = []
    for seat, spec in enumerate(bots):
        low, high = wilson(seat_wins[seat], n)
        by_seat.append({
            "seat": seat + 1, "bot": spec.name, "wins": round(seat_wins[seat], 4),
            "rate": round(seat_wins[seat] / n, 4) if n else 0.0, "ci95": [round(low, 4), round(high, 4)],
        })
    by_bot: dict[str, dict[str, Any]] = {}
    for seat, spec in enumerate(bots):
        entry = by_bot.setdefault(spec.name, {"seats": [], "wins": 0.0, "games": 0})
        entry["seats"].append(seat + 1)
        entry["wins"] += seat_wins[seat]
        entry["games"] += n
    for entry in by_bot.values():
        low, high = wilson(entry["wins"], entry["games"])
        entry["wins"] = round(entry["wins"], 4)
        entry["rate"] = round(entry["wins"] / entry["games"], 4) if entry["games"] else 0.0
        entry["ci95"] = [round(low, 4), round(high, 4)]
    lengths = [r.length for r in finished]
    errors = [r.error for r in results if r.error is not None]
    return {
        "game": game.name,
        "version": game.version,
        "games": n,
        "seed": seed,
        "options": dict(options),
        "seats": [spec.name for spec in bots],
        "no_winner": sum(1 for r in finished if not r.winners),
        "mean_length": round(statistics.fmean(lengths), 2) if lengths else 0.0,
        "sd_length": round(statistics.pstdev(lengths), 2) if lengths else 0.0,
        "min_length": min(lengths, default=0),
        "max_length": max(lengths, default=0),
        "by_seat": by_seat,
        "by_bot": by_bot,
        "errors": len(errors),
        "first_errors": errors[:3],
    }
