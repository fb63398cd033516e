"""How fast a game plays, measured on the paths users run, in this one process (one core).

* ``contract``: random games through the bare game contract (setup, to_act, legal, apply);
* ``simulate``: random games through what ``tabletop simulate`` runs: agents from the
  registry's bot specs, a :class:`~tabletop.engine.match.Match` with its record, and the
  run's figures when the caller passes the function that sums them (``tabletop bench``
  passes ``tabletop.lab.figures.summarise``: the lab sits above the engine, so the engine
  is handed it rather than importing it);
* ``copy_apply``: state copy + apply, what search does most;
* bots: each bot's seconds per decision (median, 90th percentile) in games it plays, and its
  wins with a 95% interval (seats rotated on request: two settings compared at equal time).

Machines are noisy, so each measure is run several times, interleaved (contract,
simulate, copy+apply, then again), and reported as the median with its spread (the
smallest and largest run). :func:`compare` interleaves two set-ups run by run, so a
ratio between them is fair even on a busy machine.
"""

from __future__ import annotations

import platform
import random
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tabletop.core.decision import BotSpec, Decision
from tabletop.core.game import Game
from tabletop.core.random_agent import RANDOM
from tabletop.core.stats import wilson
from tabletop.engine.match import run_match
from tabletop.engine.simulate import run_games
from tabletop.engine.table import bot_rng

Progress = Callable[[str], None]
#: Sums a run's results up as ``tabletop simulate`` does: ``(game, bots, results, seed=, options=)``.
Summary = Callable[..., Any]


def _random_games(game: Game, seats: int, options: Mapping[str, Any], seconds: float, seed: int) -> tuple[int, int, float]:
    """Play random games through the contract for about ``seconds``; (games, decisions, elapsed)."""
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


def _simulated_games(
    game: Game, seats: int, options: Mapping[str, Any], seconds: float, seed: int, summarise: Summary | None
) -> tuple[int, int, float]:
    """Random games through ``run_games`` and ``summarise``, in batches, for about ``seconds``."""
    bots = [RANDOM] * seats
    games = decisions = 0
    batch = 1
    start = time.perf_counter()
    deadline = start + seconds
    now = start
    while now < deadline or games == 0:
        results = run_games(game, bots, games=batch, seed=seed + games, options=options)
        if summarise is not None:
            summarise(game, bots, results, seed=seed + games, options=options)
        games += batch
        decisions += sum(r.length for r in results)
        now = time.perf_counter()
        batch = min(batch * 2, 64)
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


def _spread(values: Sequence[float]) -> dict[str, Any]:
    return {
        "median": round(statistics.median(values), 1),
        "min": round(min(values), 1),
        "max": round(max(values), 1),
        "runs": [round(v, 1) for v in values],
    }


class _Setup:
    """One game with one option set, and its per-run measures."""

    def __init__(self, game: Game, seats: int, options: Mapping[str, Any] | None, seed: int,
                 summarise: Summary | None = None):
        game.check_seats(seats)
        self.game, self.seats, self.seed = game, seats, seed
        self.summarise = summarise
        self.options = game.resolve_options(options)
        self.samples = _positions(game, seats, self.options, seed, 500)
        self.runs: dict[str, list[float]] = {"contract": [], "contract_decisions": [], "simulate": [], "copy_apply": []}

    def run(self, index: int, seconds: float) -> None:
        seed = self.seed + 100_000 * index
        games, decisions, elapsed = _random_games(self.game, self.seats, self.options, seconds, seed)
        self.runs["contract"].append(games / elapsed)
        self.runs["contract_decisions"].append(decisions / elapsed)
        games, _, elapsed = _simulated_games(self.game, self.seats, self.options, seconds, seed, self.summarise)
        self.runs["simulate"].append(games / elapsed)
        self.runs["copy_apply"].append(_copy_apply(self.game, self.samples, seconds / 2))

    def figures(self) -> dict[str, Any]:
        runs = self.runs
        return {
            "game": self.game.name,
            "version": self.game.version,
            "seats": self.seats,
            "options": self.options,
            "runs": len(runs["contract"]),
            "games_per_s": round(statistics.median(runs["contract"]), 1),
            "decisions_per_s": round(statistics.median(runs["contract_decisions"]), 1),
            "copy_apply_per_s": round(statistics.median(runs["copy_apply"]), 1),
            "simulate_games_per_s": round(statistics.median(runs["simulate"]), 1),
            "games_per_s_runs": [round(v, 1) for v in runs["contract"]],
            "contract": _spread(runs["contract"]),
            "simulate": _spread(runs["simulate"]),
            "copy_apply": _spread(runs["copy_apply"]),
            "python": f"{platform.python_implementation()} {platform.python_version()}",
            "machine": platform.machine(),
        }


def bench(
    game: Game,
    *,
    seats: int,
    options: Mapping[str, Any] | None = None,
    runs: int = 5,
    seconds: float = 1.0,
    seed: int = 0,
    progress: Progress | None = None,
    summarise: Summary | None = None,
) -> dict[str, Any]:
    """Median and spread over ``runs`` interleaved runs of about ``seconds`` per measure."""
    setup = _Setup(game, seats, options, seed, summarise)
    for run in range(runs):
        if progress:
            progress(f"run {run + 1} of {runs}")
        setup.run(run, seconds)
    return setup.figures()


def compare(
    first: tuple[Game, Mapping[str, Any] | None],
    second: tuple[Game, Mapping[str, Any] | None],
    *,
    seats: int,
    runs: int = 5,
    seconds: float = 1.0,
    seed: int = 0,
    progress: Progress | None = None,
    summarise: Summary | None = None,
) -> dict[str, Any]:
    """Two games or two option sets side by side, alternating run by run; ratios second/first."""
    setups = [_Setup(game, seats, options, seed, summarise) for game, options in (first, second)]
    for run in range(runs):
        for which, setup in enumerate(setups):
            if progress:
                progress(f"run {run + 1} of {runs}, {'first' if which == 0 else 'second'}")
            setup.run(run, seconds)
    a, b = (s.figures() for s in setups)
    ratios = {
        key: round(b[key] / a[key], 3) if a[key] else None
        for key in ("games_per_s", "simulate_games_per_s", "copy_apply_per_s")
    }
    return {"first": a, "second": b, "ratio": ratios}


def bot_timings(
    game: Game,
    bots: Sequence[BotSpec],
    *,
    options: Mapping[str, Any] | None = None,
    games: int = 2,
    seed: int = 0,
    progress: Progress | None = None,
    rotate: bool = False,
) -> dict[str, Any]:
    """Seconds per decision of each bot (decisions with one legal action left out) and its wins
    with their Wilson 95% interval, over ``games`` games played as ``simulate`` would play them.

    The bots sit as listed; with ``rotate`` game ``i`` seats them turned ``i`` places round, so
    each bot plays every seat equally often (two search settings at equal time, say, compared
    without a first-seat advantage deciding it). Bots are told apart by their place in the list,
    so the same bot may be listed twice."""
    game.check_seats(len(bots))
    resolved = game.resolve_options(options)
    count = len(bots)
    times: list[list[float]] = [[] for _ in bots]
    wins = [0.0] * count

    class Timed:
        __slots__ = ("agent", "index", "reads")

        def __init__(self, agent: Any, index: int):
            self.agent, self.index = agent, index
            self.reads = getattr(agent, "reads", "all")  # the bot gets the decision it asks for

        def choose(self, decision: Decision) -> str:
            start = time.perf_counter()
            action = self.agent.choose(decision)
            if len(decision.legal) > 1:
                times[self.index].append(time.perf_counter() - start)
            return action

    for index in range(games):
        if progress:
            progress(f"game {index + 1} of {games}")
        game_seed = seed + index
        turn = index % count if rotate else 0
        order = [(turn + s) % count for s in range(count)]  # order[seat]: the bot sitting there
        agents = [Timed(bots[b].factory(game, s, bot_rng(game_seed, s)), b) for s, b in enumerate(order)]
        result = run_match(game, agents, seed=game_seed, options=resolved)
        for s, b in enumerate(order):
            wins[b] += result.outcome.share(s)
    out = []
    for index, (spec, values) in enumerate(zip(bots, times, strict=True)):
        ordered = sorted(values)
        low, high = wilson(wins[index], games)
        out.append({
            "bot": spec.name,
            "decisions": len(ordered),
            "median_s": round(statistics.median(ordered), 5) if ordered else None,
            "p90_s": round(ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], 5) if ordered else None,
            "wins": round(wins[index], 3),
            "win_rate": round(wins[index] / games, 4),
            "ci95": [round(low, 4), round(high, 4)],
        })
    return {"game": game.name, "games": games, "rotate": rotate, "seats": [s.name for s in bots], "bots": out}
